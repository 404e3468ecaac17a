//! The chess clock in `hector play --control TC`: both clocks run, a move
//! made on the board presses the clock (D.2.4), `time`, `my time`,
//! `opponent time` and `moves` are answered from it (D.2.6.1, D.2.10.4),
//! time penalties from the rules reach it (7.5.5, 9.5.3), and a flag is
//! reported at once with what 6.9 says about it.

use std::io::Write;
use std::sync::mpsc::RecvTimeoutError;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use shakmaty::{Color, Position};

use super::play::{PlaySession, result_sentence};
use crate::clock::live::{Announcer, Kind, Query, TalkConfig, answer};
use crate::clock::{Clock, ClockWords, PeriodChange, TimeControl};
use crate::rules::TimeHook;

/// Where the clock's milliseconds come from (the terminal uses the wall
/// clock; tests use a hand-driven one).
pub type TimeSource = Box<dyn Fn() -> u64 + Send>;

type Penalties = Arc<Mutex<Vec<(Color, u64)>>>;

/// Time penalties decided by the rules, waiting to be put on the clock.
struct PenaltyHook(Penalties);

impl TimeHook for PenaltyHook {
    fn add_time(&mut self, player: Color, ms: u64, _article: &'static str) {
        if let Ok(mut p) = self.0.lock() {
            p.push((player, ms));
        }
    }
}

/// The clock of one game in `hector play`.
pub struct PlayClock {
    clock: Clock,
    announcer: Announcer,
    words: &'static ClockWords,
    now: TimeSource,
    penalties: Penalties,
    plies_seen: usize,
}

impl PlayClock {
    /// A clock for `control` speaking `locale`, reading time from `now`.
    pub fn new(
        control: TimeControl,
        mode: PeriodChange,
        locale: &str,
        cfg: TalkConfig,
        now: TimeSource,
    ) -> Result<PlayClock, String> {
        let words = ClockWords::get(locale).map_err(|e| e.to_string())?;
        let clock = Clock::new(control, mode);
        let announcer = Announcer::new(words, cfg, &clock, 0);
        Ok(PlayClock {
            clock,
            announcer,
            words,
            now,
            penalties: Arc::new(Mutex::new(Vec::new())),
            plies_seen: 0,
        })
    }

    /// A clock on the wall-clock time of this process.
    pub fn wall(control: TimeControl, locale: &str) -> Result<PlayClock, String> {
        let origin = Instant::now();
        PlayClock::new(
            control,
            PeriodChange::OnQuota,
            locale,
            TalkConfig::default(),
            Box::new(move || origin.elapsed().as_millis() as u64),
        )
    }

    /// The clock itself (for the arbiter's corrections and for tests).
    pub fn clock(&self) -> &Clock {
        &self.clock
    }

    /// Remaining time of White and Black now, in milliseconds (for the
    /// Braille status line).
    pub fn remaining_now(&self) -> (u64, u64) {
        let t = (self.now)();
        (
            self.clock.remaining(Color::White, t),
            self.clock.remaining(Color::Black, t),
        )
    }

    /// The clock and the time now, for the arbiter's adjustments
    /// (retracing, adjournment).
    pub(crate) fn clock_and_now(&mut self) -> (&mut Clock, u64) {
        let t = (self.now)();
        (&mut self.clock, t)
    }

    /// The time now on this clock's time source.
    pub(crate) fn now_ms(&self) -> u64 {
        (self.now)()
    }

    /// After the clock was rolled back to `ply` with the game (D.2.9).
    pub(crate) fn follow_rollback(&mut self, ply: usize) {
        self.plies_seen = ply;
        let t = (self.now)();
        self.announcer.times_changed(&self.clock, t);
    }

    /// Puts the rules' time penalties (7.5.5, 9.5.3) on the clock.
    fn apply_penalties(&mut self, t: u64) {
        let pending: Vec<(Color, u64)> = self
            .penalties
            .lock()
            .map(|mut p| std::mem::take(&mut *p))
            .unwrap_or_default();
        for (c, ms) in pending {
            let _ = self.clock.add_time(c, ms, t);
        }
        self.announcer.times_changed(&self.clock, t);
    }

    /// Time until the clock has something to say, if anything.
    pub fn wait(&self) -> Option<Duration> {
        let t = (self.now)();
        self.announcer
            .next_wake(&self.clock, t)
            .map(Duration::from_millis)
    }
}

impl PlaySession {
    /// Attaches a clock and starts the clock of the player to move.
    pub fn attach_clock(&mut self, mut clock: PlayClock) {
        self.game
            .set_time_hook(Box::new(PenaltyHook(clock.penalties.clone())));
        let t = (clock.now)();
        let plies = self.game.moves().len();
        clock.plies_seen = plies;
        if plies > 0 {
            // Moves given with --moves count on the clock too.
            let first = self.game.start().turn();
            let by_first = plies.div_ceil(2) as u32;
            let by_second = (plies / 2) as u32;
            let (w, b) = match first {
                Color::White => (by_first, by_second),
                Color::Black => (by_second, by_first),
            };
            clock.clock = clock.clock.clone().with_moves(w, b);
        }
        if !self.game.is_over() {
            let _ = clock.clock.start_with(self.game.turn(), t);
            clock.announcer.times_changed(&clock.clock, t);
        }
        self.clock = Some(clock);
    }

    /// Lets the clock run to now: warnings, and a flag reported at once
    /// with its result (FIDE Laws 2023, 6.9: the opponent wins, or the game
    /// is drawn when the opponent cannot checkmate by any series of legal
    /// moves).
    pub fn poll_clock(&mut self) -> Vec<String> {
        let Some(pc) = self.clock.as_mut() else {
            return Vec::new();
        };
        let t = (pc.now)();
        if pc.clock.tick(t).is_err() {
            return Vec::new();
        }
        pc.apply_penalties(t);
        let said = pc.announcer.after_tick(&mut pc.clock, t);
        let mut out = Vec::new();
        for a in said {
            match a.kind {
                Kind::Flag(c) => {
                    if self.game.is_over() {
                        continue;
                    }
                    if let Ok(r) = self.game.flag_fall(c) {
                        out.push(result_sentence(self.loc, &self.game, r));
                    }
                }
                _ => out.push(a.text),
            }
        }
        self.stop_clock_if_over();
        out
    }

    fn stop_clock_if_over(&mut self) {
        if !self.game.is_over() {
            return;
        }
        if let Some(pc) = self.clock.as_mut() {
            let t = (pc.now)();
            if pc.clock.running().is_some() {
                let _ = pc.clock.pause(t);
            }
        }
    }

    /// Answers a clock question (`time`, `my time`, `opponent time`), the
    /// asker being the player to move.
    fn clock_answer(&mut self, line: &str) -> Option<String> {
        let asker = self.game.turn();
        let pc = self.clock.as_mut()?;
        let q = pc.words.query_of(line, asker)?;
        let t = (pc.now)();
        Some(answer(
            &pc.clock,
            pc.words,
            q,
            t,
            pc.announcer.config().style,
        ))
    }

    /// After a line: a move made presses the clock (D.2.4, 6.2.1); time
    /// penalties of the rules go onto it; a finished game stops it.
    fn clock_after(&mut self) {
        let plies = self.game.moves().len();
        let Some(pc) = self.clock.as_mut() else {
            return;
        };
        let t = (pc.now)();
        if plies > pc.plies_seen && pc.clock.running().is_some() {
            for _ in pc.plies_seen..plies {
                let _ = pc.clock.press(t);
            }
        }
        pc.plies_seen = plies;
        pc.apply_penalties(t);
        self.stop_clock_if_over();
    }

    /// Handles one line with the clock around it: time runs to now first
    /// (a flag may end the game before the line), clock questions are
    /// answered, `moves` also tells the moves completed on the clock.
    pub fn handle(&mut self, line: &str) -> Vec<String> {
        let mut out = self.poll_clock();
        if let Some(a) = self.clock_answer(line) {
            out.push(a);
            return out;
        }
        out.extend(self.handle_line(line));
        if self.clock.is_some() {
            self.clock_after();
            let first = line.split_whitespace().next().unwrap_or("");
            if self.command(first).as_deref() == Some("moves")
                && let Some(pc) = &self.clock
            {
                let t = (pc.now)();
                out.push(answer(
                    &pc.clock,
                    pc.words,
                    Query::Moves,
                    t,
                    pc.announcer.config().style,
                ));
            }
        }
        out
    }
}

/// The play loop with a running clock: input lines and the clock's own
/// announcements (a flag at once, warnings) interleave as they happen.
pub fn serve(session: &mut PlaySession, out: &mut impl Write) {
    let rx = crate::console::stdin_lines();
    loop {
        let wait = session
            .clock
            .as_ref()
            .and_then(PlayClock::wait)
            .unwrap_or(Duration::from_secs(3600));
        let lines = match rx.recv_timeout(wait) {
            Ok(line) => session.handle(&line),
            Err(RecvTimeoutError::Timeout) => session.poll_clock(),
            Err(RecvTimeoutError::Disconnected) => break,
        };
        for l in lines {
            let _ = writeln!(out, "{l}");
        }
        let _ = out.flush();
        if session.quit {
            break;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::locale::Locale;
    use crate::notation::phrase::SayOptions;
    use crate::rules::Game;
    use std::sync::atomic::{AtomicU64, Ordering};

    fn session(fen: Option<&str>, tc: &str) -> (PlaySession, Arc<AtomicU64>) {
        let now = Arc::new(AtomicU64::new(0));
        let src = now.clone();
        let clock = PlayClock::new(
            TimeControl::parse(tc).unwrap(),
            PeriodChange::OnQuota,
            "en",
            TalkConfig::default(),
            Box::new(move || src.load(Ordering::SeqCst)),
        )
        .unwrap();
        let game = match fen {
            Some(f) => Game::from_fen(f).unwrap(),
            None => Game::default(),
        };
        let mut s = PlaySession::new(game, Locale::get("en").unwrap(), SayOptions::default());
        s.attach_clock(clock);
        (s, now)
    }

    #[test]
    fn a_move_made_presses_the_clock_d_2_4() {
        let (mut s, now) = session(None, "300+2");
        now.store(5_000, Ordering::SeqCst);
        s.handle("e4");
        let c = s.clock.as_ref().unwrap().clock();
        assert_eq!(c.moves(Color::White), 1);
        assert_eq!(c.remaining(Color::White, 5_000), 297_000);
        assert_eq!(c.running(), Some(Color::Black));
        // Input that is not a move does not press.
        now.store(6_000, Ordering::SeqCst);
        s.handle("Zz9");
        assert_eq!(s.clock.as_ref().unwrap().clock().moves(Color::Black), 0);
    }

    #[test]
    fn time_questions_are_answered_for_the_player_to_move() {
        let (mut s, now) = session(None, "300+2");
        now.store(10_000, Ordering::SeqCst);
        assert_eq!(
            s.handle("my time"),
            vec!["Your time: four minutes fifty seconds"]
        );
        assert_eq!(s.handle("opponent time"), vec!["Opponent: five minutes"]);
        assert_eq!(
            s.handle("time"),
            vec![
                "White four minutes fifty seconds, Black five minutes, White zero moves, \
                 Black zero moves, White to move"
            ]
        );
        assert_eq!(
            s.handle("time used"),
            vec![
                "Time used: White ten seconds, Black zero seconds; White zero moves, \
                 Black zero moves"
            ]
        );
        s.handle("e4");
        let out = s.handle("moves");
        assert_eq!(out.last().unwrap(), "White one move, Black zero moves");
    }

    #[test]
    fn art_6_9_flag_reported_at_once_as_a_win() {
        let (mut s, now) = session(None, "60");
        now.store(59_999, Ordering::SeqCst);
        assert_eq!(s.poll_clock(), vec!["Warning, White: less than a minute"]);
        assert_eq!(
            s.clock.as_ref().unwrap().wait(),
            Some(Duration::from_millis(1))
        );
        now.store(60_000, Ordering::SeqCst);
        assert_eq!(
            s.poll_clock(),
            vec!["White has overstepped the time. Black wins."]
        );
        assert!(s.game.is_over());
        assert_eq!(s.clock.as_ref().unwrap().clock().running(), None);
        now.store(70_000, Ordering::SeqCst);
        assert!(s.poll_clock().is_empty());
    }

    #[test]
    fn art_6_9_flag_is_a_draw_when_the_opponent_cannot_mate() {
        let (mut s, now) = session(Some("4k3/8/8/8/8/8/8/R3K3 w - - 0 1"), "60");
        now.store(61_000, Ordering::SeqCst);
        let out = s.handle("Ra8");
        assert_eq!(
            out[0],
            "White has overstepped the time, but Black cannot checkmate: draw."
        );
        assert!(s.game.is_over());
        assert_eq!(s.game.moves().len(), 0);
    }

    #[test]
    fn art_7_5_5_illegal_move_gives_the_opponent_two_minutes_on_the_clock() {
        let (mut s, now) = session(None, "300");
        now.store(1_000, Ordering::SeqCst);
        s.handle("e4");
        now.store(3_000, Ordering::SeqCst);
        // The rules' hook (as `illegal black` in `hector play` calls it).
        s.game.illegal_move_completed(Color::Black, None).unwrap();
        s.handle("time");
        let c = s.clock.as_ref().unwrap().clock();
        assert_eq!(c.remaining(Color::White, 3_000), 299_000 + 120_000);
        assert_eq!(c.corrections().len(), 1);
    }

    #[test]
    fn moves_given_before_the_game_count_on_the_clock() {
        let now = Arc::new(AtomicU64::new(0));
        let src = now.clone();
        let clock = PlayClock::new(
            TimeControl::parse("300").unwrap(),
            PeriodChange::OnQuota,
            "en",
            TalkConfig::default(),
            Box::new(move || src.load(Ordering::SeqCst)),
        )
        .unwrap();
        let mut game = Game::default();
        for m in ["e4", "e5", "Nf3"] {
            game.play_san(m).unwrap();
        }
        let mut s = PlaySession::new(game, Locale::get("en").unwrap(), SayOptions::default());
        s.attach_clock(clock);
        let c = s.clock.as_ref().unwrap().clock();
        assert_eq!((c.moves(Color::White), c.moves(Color::Black)), (2, 1));
        assert_eq!(c.running(), Some(Color::Black));
    }

    #[test]
    fn checkmate_stops_the_clock() {
        let (mut s, now) = session(None, "300");
        for (i, m) in ["f3", "e5", "g4", "Qh4"].iter().enumerate() {
            now.store(1_000 * (i as u64 + 1), Ordering::SeqCst);
            s.handle(m);
        }
        assert!(s.game.is_over());
        let c = s.clock.as_ref().unwrap().clock();
        assert_eq!(c.running(), None);
        assert_eq!(c.moves(Color::Black), 2);
    }
}
