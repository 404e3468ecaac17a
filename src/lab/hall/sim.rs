//! A simulated board for the hall's tests and benchmark: a seeded game of
//! random legal moves played through the real session (`hector::session`,
//! both players sighted, a 300+2 clock) in accelerated time — the game's
//! `t` is simulated, nothing sleeps — turned into the rows a board journals:
//! the events for the hall (public and the arbiter's, with their
//! sentences), the `status` object and the PGN with `[%clk]`.

use serde_json::Value;
use shakmaty::Position;

use super::message::BoardMessage;
use crate::session::{Blind, Command, Config, Event, Renderer, Seat, Session};

/// One simulated board.
pub struct SimBoard {
    pub board: u32,
    session: Session,
    renderer: Renderer,
    rng: crate::rules::random::SplitMix64,
    /// The game's time in ms.
    t: u64,
    seq: u64,
    /// The position before the last move (a board left behind, D.2.9).
    before_last: Option<String>,
}

impl SimBoard {
    /// A board with `base_ms` + `increment_ms` for each player.
    pub fn new(board: u32, seed: u64, base_ms: u64, increment_ms: u64) -> SimBoard {
        let config = Config {
            locale: "en".into(),
            control: Some(format!("{}+{}", base_ms / 1000, increment_ms / 1000)),
            blind: Blind::None,
            ..Config::default()
        };
        let session = Session::new(&config).expect("a sighted game with a clock");
        let renderer = Renderer::for_session(&session);
        SimBoard {
            board,
            session,
            renderer,
            rng: crate::rules::random::SplitMix64::new(seed),
            t: 0,
            seq: 0,
            before_last: None,
        }
    }

    /// The rows committed so far.
    pub fn seq(&self) -> u64 {
        self.seq
    }

    /// The moves played so far (English SAN).
    pub fn sans(&self) -> &[String] {
        self.session.game().sans()
    }

    pub fn is_over(&self) -> bool {
        self.session.game().is_over()
    }

    fn mover(&self) -> Seat {
        Seat::of(self.session.game().turn())
    }

    /// Applies what a seat says now; the events as the session gives them.
    fn say(&mut self, from: Seat, text: &str) -> Vec<Event> {
        self.session.apply(&Command::text(self.t, from, text))
    }

    /// Plays one random legal move after `think_ms`; `None` when the game
    /// is over.
    pub fn play(&mut self, think_ms: u64) -> Option<BoardMessage> {
        let pos = self.session.game().position().clone();
        let moves = pos.legal_moves();
        if moves.is_empty() || self.is_over() {
            return None;
        }
        let m = moves[self.rng.below(moves.len())];
        let uci = m.to_uci(shakmaty::CastlingMode::Standard).to_string();
        self.t += think_ms;
        let fen = self.session.game().fen();
        let events = self.say(self.mover(), &uci);
        if !events.iter().any(|e| e.kind_name() == "moved") {
            return None;
        }
        self.before_last = Some(fen);
        Some(self.row(events))
    }

    /// The side to move lets its flag fall (6.9): the session's `flag`
    /// event, its report to the arbiter and the result.
    pub fn flag_fall(&mut self) -> BoardMessage {
        let left = self
            .session
            .status(self.t)
            .clock
            .map(|c| c.white_ms.max(c.black_ms))
            .unwrap_or(0);
        self.t += left + 1;
        let events = self.session.apply(&Command::tick(self.t));
        self.row(events)
    }

    /// The sighted board of the player who just moved is left one move
    /// behind (D.2.9): the session compares both boards and guides, and
    /// the arbiter is told.
    pub fn boards_differ(&mut self) -> BoardMessage {
        let fen = self
            .before_last
            .clone()
            .unwrap_or_else(|| self.session.game().fen());
        let placement = fen.split(' ').next().unwrap_or("").to_string();
        let seat = self.mover();
        let events = self.say(seat, &format!("shows {placement}"));
        self.row(events)
    }

    /// The arbiter finds the board put right (D.2.9): the boards agree
    /// again.
    pub fn boards_agree(&mut self) -> BoardMessage {
        let events = self.say(Seat::Arbiter, "fixed");
        self.row(events)
    }

    /// A player calls the arbiter.
    pub fn call_arbiter(&mut self, by: Seat) -> BoardMessage {
        let events = self.say(by, "arbiter");
        self.row(events)
    }

    /// The `status` object now.
    /// With `written` (the moves in the game's notation) as `hector serve`
    /// sends it.
    pub fn status(&self) -> Value {
        let status = self.session.status(self.t);
        let written = crate::session::written_sans(
            Some(&self.session.start_fen()),
            &status.moves,
            self.session.locale(),
        );
        let mut v = serde_json::to_value(status).unwrap_or(Value::Null);
        if let Value::Object(o) = &mut v {
            o.insert("written".into(), serde_json::json!(written));
        }
        v
    }

    /// The PGN now, with `[%clk]` after every move.
    pub fn pgn(&self) -> String {
        self.session.pgn(&[
            ("Event".to_string(), "Simulated round".to_string()),
            ("White".to_string(), format!("White {}", self.board)),
            ("Black".to_string(), format!("Black {}", self.board)),
        ])
    }

    /// The row a board journals: the events the hall may see (public and
    /// the arbiter's), with their sentences.
    fn row(&mut self, events: Vec<Event>) -> BoardMessage {
        self.seq += 1;
        BoardMessage {
            board: self.board,
            seq: self.seq,
            events: events
                .iter()
                .filter(|e| e.is_for(Seat::Arbiter))
                .map(|e| self.renderer.line(e))
                .collect(),
            state: self.status(),
            pgn: self.pgn(),
            arbiter_url: None,
            game: None,
        }
    }
}

/// `[%clk h:mm:ss]` for a time in ms (whole seconds, rounded down).
pub fn clk(ms: u64) -> String {
    let s = ms / 1000;
    format!("[%clk {}:{:02}:{:02}]", s / 3600, s / 60 % 60, s % 60)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_simulated_game_reads_back_as_pgn_with_clock_comments() {
        let mut b = SimBoard::new(3, 42, 300_000, 2_000);
        let mut last = None;
        for _ in 0..20 {
            last = b.play(1_500);
        }
        let row = last.unwrap();
        assert_eq!(row.seq, 20);
        assert_eq!(row.state["ply"], 20);
        let games = crate::rules::pgn::read_pgn(&row.pgn).unwrap();
        assert_eq!(games[0].game.sans().len(), 20);
        assert_eq!(row.pgn.matches("[%clk ").count(), 20, "{}", row.pgn);
    }

    #[test]
    fn clk_is_hours_minutes_seconds() {
        assert_eq!(clk(3_723_999), "[%clk 1:02:03]");
        assert_eq!(clk(0), "[%clk 0:00:00]");
    }
}
