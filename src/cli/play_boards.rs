//! Two boards and adjournment in `hector play`: scoresheet corrections,
//! "my board shows …", board checks with square-by-square guidance
//! (FIDE Laws 2023, D.2.9), retracing, and adjourning and resuming a game
//! (Guidelines I).
//!
//! Commands (English words, in every locale):
//!   shows [blind|sighted] FEN | e5=N f3=- …   what a board really shows
//!   check                                     compare both boards and scoresheets
//!   fixed [blind|sighted]                     a player has put his board right
//!   correct blind|sighted N MOVE              correct half-move N of a scoresheet
//!   sheet blind|sighted                       read a scoresheet
//!   retrace                                   the arbiter retraces (scoresheets differ)
//!   adjourn MOVE [early MINUTES]              seal MOVE and adjourn (I.1.1, I.1.2)
//!   envelope [FILE]                           the envelope as JSON, or saved to FILE
//!   present white|black                       the arbiter marks a player present (I.7)
//!   resume                                    open the envelope and resume (I.5, I.9.1)
//!   draw / resign [COLOR] while adjourned     end the game before resumption (I.6)

use shakmaty::{Color, KnownOutcome, Position};

use super::play::{PlaySession, result_sentence};
use crate::boards::adjourn::{
    Adjourned, EndedBefore, EnvelopeData, Opened, Resumption, Sealing, Times,
};
use crate::boards::{Decision, FixWords, Side, SquareStyle, TwoBoards, parse_report};
use crate::rules::{GameResult, Termination};

/// The two boards and an adjournment of one `hector play` game.
pub struct PlayBoards {
    two: TwoBoards,
    synced: usize,
    words: &'static FixWords,
    adjourned: Option<Adjourned>,
    noted_seal: Option<String>,
}

/// The commands this module answers.
const WORDS: [&str; 10] = [
    "shows", "check", "fixed", "correct", "sheet", "retrace", "adjourn", "envelope", "present",
    "resume",
];

fn side_word(w: &str) -> Option<Side> {
    match w.to_ascii_lowercase().as_str() {
        "blind" | "my" | "mine" => Some(Side::Blind),
        "sighted" | "opponent" | "their" => Some(Side::Sighted),
        _ => None,
    }
}

impl PlaySession {
    fn play_boards(&mut self) -> &mut PlayBoards {
        if self.boards.is_none() {
            let words = FixWords::get(self.loc.code())
                .or_else(|_| FixWords::get("de"))
                .expect("embedded board wording");
            self.boards = Some(PlayBoards {
                two: TwoBoards::new(self.game.start().clone()),
                synced: 0,
                words,
                adjourned: None,
                noted_seal: None,
            });
        }
        // Both players record every move made since the last look.
        let moves = self.game.moves().to_vec();
        let pb = self.boards.as_mut().expect("just created");
        for (i, m) in moves.iter().enumerate().skip(pb.synced) {
            if let Some(before) = self.game.position_at(i) {
                pb.two.record_move(before, *m, 0);
            }
        }
        pb.synced = moves.len();
        pb
    }

    /// Scoresheets are written in English SAN (the game's record).
    fn english(&self) -> &'static crate::locale::Locale {
        crate::locale::Locale::get("en").unwrap_or(self.loc)
    }

    /// True while the game is adjourned: no move may be made.
    pub fn is_adjourned(&self) -> bool {
        self.boards.as_ref().is_some_and(|b| b.adjourned.is_some())
    }

    /// Handles a two-board or adjournment command; `None` if the line is
    /// something else.
    pub(crate) fn boards_line(&mut self, words: &[&str]) -> Option<Vec<String>> {
        let first = words.first()?.to_ascii_lowercase();
        let rest = &words[1..];
        if self.is_adjourned() {
            match self.command(&first).as_deref() {
                Some("offer") | Some("accept") => return Some(self.end_adjourned(None)),
                Some("resign") => {
                    let who = rest
                        .first()
                        .and_then(|w| color_of(w))
                        .unwrap_or(self.game.turn());
                    return Some(self.end_adjourned(Some(who)));
                }
                _ => {}
            }
        }
        if !WORDS.contains(&first.as_str()) {
            return None;
        }
        Some(match first.as_str() {
            "shows" => self.shows(rest),
            "check" => self.check(),
            "fixed" => {
                let side = rest
                    .first()
                    .and_then(|w| side_word(w))
                    .unwrap_or(Side::Blind);
                let en = self.english();
                let pb = self.play_boards();
                let target = pb.two.check(en, &[]).position;
                pb.two.report_board(side, target.board().clone());
                self.check()
            }
            "correct" => self.correct(rest),
            "sheet" => {
                let side = rest
                    .first()
                    .and_then(|w| side_word(w))
                    .unwrap_or(Side::Blind);
                let pb = self.play_boards();
                vec![pb.two.sheet(side).entries().join(" ")]
            }
            "retrace" => self.retrace(),
            "adjourn" => self.adjourn(rest),
            "envelope" => self.envelope(rest),
            "present" => match rest.first().and_then(|w| color_of(w)) {
                Some(c) => match self.boards.as_mut().and_then(|b| b.adjourned.as_mut()) {
                    Some(a) => {
                        a.mark_present(c);
                        vec![format!("{} present.", self.loc.color_name(c))]
                    }
                    None => vec!["The game is not adjourned.".into()],
                },
                None => vec!["Say who is present: present white, or present black.".into()],
            },
            "resume" => self.resume(),
            _ => return None,
        })
    }

    fn shows(&mut self, rest: &[&str]) -> Vec<String> {
        let (side, text) = match rest.first().and_then(|w| side_word(w)) {
            Some(s) => (s, rest[1..].join(" ")),
            None => (Side::Blind, rest.join(" ")),
        };
        let pb = self.play_boards();
        match parse_report(&text, pb.two.board(side)) {
            Ok(b) => {
                pb.two.report_board(side, b);
                self.check()
            }
            Err(e) => vec![e.to_string()],
        }
    }

    /// After every move, once a board was reported: the boards are
    /// compared again and any new guidance is given (D.2.9).
    pub(crate) fn boards_after_move(&mut self) -> Vec<String> {
        if self.boards.is_none() {
            return Vec::new();
        }
        let en = self.english();
        let pb = self.play_boards();
        let r = pb.two.check(en, &[]);
        let w = pb.words;
        pb.two
            .fresh_guidance(&r, w, SquareStyle::Spoken)
            .into_iter()
            .map(|(side, lines)| {
                w.fix_text(
                    "board",
                    &[("player", &w.side(side)), ("fixes", &lines.join(" "))],
                )
            })
            .collect()
    }

    /// D.2.9: the decision, and guidance the players have not heard yet.
    fn check(&mut self) -> Vec<String> {
        let en = self.english();
        let snapshots = self
            .clock
            .as_ref()
            .map(|c| c.clock().snapshots().to_vec())
            .unwrap_or_default();
        let pb = self.play_boards();
        let r = pb.two.check(en, &snapshots);
        let w = pb.words;
        let mut out = r.summary(w);
        for (side, lines) in pb.two.fresh_guidance(&r, w, SquareStyle::Spoken) {
            out.push(w.fix_text(
                "board",
                &[("player", &w.side(side)), ("fixes", &lines.join(" "))],
            ));
        }
        out
    }

    fn correct(&mut self, rest: &[&str]) -> Vec<String> {
        let usage = "Usage: correct blind|sighted N MOVE (N = half-move, from 1).".to_string();
        let (Some(side), Some(n), true) = (
            rest.first().and_then(|w| side_word(w)),
            rest.get(1).and_then(|n| n.parse::<usize>().ok()),
            rest.len() > 2,
        ) else {
            return vec![usage];
        };
        let text = rest[2..].join(" ");
        let pb = self.play_boards();
        match pb.two.sheet_mut(side).correct(n.wrapping_sub(1), &text, 0) {
            Ok(()) => {
                let mut out = vec![format!("{} {n}: {text}", side.name())];
                out.extend(self.check());
                out
            }
            Err(e) => vec![e.to_string()],
        }
    }

    /// The arbiter retraces the moves to where the scoresheets agree and
    /// sets the clocks to that ply's snapshot (D.2.9).
    fn retrace(&mut self) -> Vec<String> {
        let en = self.english();
        let pb = self.play_boards();
        let r = pb.two.check(en, &[]);
        if r.decision != Decision::Retrace {
            return r.summary(pb.words);
        }
        pb.two.retrace(&r, 0);
        pb.synced = r.agreed_plies;
        self.game.truncate(r.agreed_plies);
        let mut out = vec![self.loc.game_text(
            "to_move",
            &[("color", self.loc.color_name(self.game.turn()))],
        )];
        if let Some(pc) = self.clock.as_mut() {
            let (clock, t) = pc.clock_and_now();
            match clock.rollback_to_ply(r.agreed_plies, t) {
                Ok(()) => pc.follow_rollback(r.agreed_plies),
                Err(e) => out.push(e.to_string()),
            }
        }
        out.insert(0, self.game.fen());
        out
    }

    /// Time used and left by each player, from the clock's snapshots.
    fn time_used(&self) -> [Times; 2] {
        let mut times = [Times {
            used_ms: 0,
            remaining_ms: 0,
            moves: 0,
        }; 2];
        let Some(pc) = self.clock.as_ref() else {
            return times;
        };
        let clock = pc.clock();
        let t = pc.now_ms();
        let snaps = clock.snapshots();
        let mut used = [0u64; 2];
        for pair in snaps.windows(2) {
            used[usize::from(pair[0].to_move == Color::Black)] +=
                pair[1].at_ms.saturating_sub(pair[0].at_ms);
        }
        if let (Some(last), Some(c)) = (snaps.last(), clock.running()) {
            used[usize::from(c == Color::Black)] += t.saturating_sub(last.at_ms);
        }
        for (i, c) in [Color::White, Color::Black].into_iter().enumerate() {
            times[i] = Times {
                used_ms: used[i],
                remaining_ms: clock.remaining(c, t),
                moves: clock.moves(c),
            };
        }
        times
    }

    /// I.1.1, I.1.2: the player to move seals MOVE; the clock stops.
    fn adjourn(&mut self, rest: &[&str]) -> Vec<String> {
        if self.game.is_over() || self.is_adjourned() {
            return vec![self.loc.message("game_over", &[])];
        }
        let (move_words, early) = match rest.iter().position(|w| *w == "early") {
            Some(i) => (
                &rest[..i],
                rest.get(i + 1).and_then(|m| m.parse::<u64>().ok()),
            ),
            None => (rest, None),
        };
        if move_words.is_empty() {
            return vec![
                "Usage: adjourn MOVE [early MINUTES] — the sealed move is not shown again.".into(),
            ];
        }
        let times = self.time_used();
        let sans: Vec<String> = self.game.sans().to_vec();
        let start_fen =
            shakmaty::fen::Fen::from_position(self.game.start(), shakmaty::EnPassantMode::Legal)
                .to_string();
        let data = EnvelopeData {
            white: self.loc.color_name(Color::White).to_string(),
            black: self.loc.color_name(Color::Black).to_string(),
            start_fen,
            scoresheet_white: sans.clone(),
            scoresheet_black: sans,
            white_time: times[0],
            black_time: times[1],
            draw_offer: self.game.draw_offer(),
            resumption: Resumption {
                date: String::new(),
                time: String::new(),
                place: String::new(),
            },
        };
        let mut sealing = Sealing::begin();
        sealing.write(&move_words.join(" "));
        let early = early.map(|min| (0, min * 60_000));
        let pos = self.game.position().clone();
        let env = match sealing.stop_clock(&pos, self.loc.code(), data, early) {
            Ok(e) => e,
            Err(e) => return vec![e.to_string()],
        };
        if let Some(pc) = self.clock.as_mut() {
            let (clock, t) = pc.clock_and_now();
            if clock.running().is_some() {
                let _ = clock.pause(t);
            }
            if early.is_some() {
                let sealer = pos.turn();
                let left = match sealer {
                    Color::White => env.white_time.remaining_ms,
                    Color::Black => env.black_time.remaining_ms,
                };
                let _ = clock.set_time(sealer, left, t);
            }
        }
        let seal = env.seal.clone();
        let pb = self.play_boards();
        let w = pb.words;
        let mut out = vec![w.adjourn(
            "sealed",
            &[
                ("player", self.loc.color_name(env.sealed_by)),
                ("number", &env.move_number.to_string()),
            ],
        )];
        if let Some(min) = early.map(|(_, e)| e) {
            out.push(w.adjourn(
                "early",
                &[
                    ("time", &w.duration(min)),
                    ("player", self.loc.color_name(env.sealed_by)),
                ],
            ));
        }
        out.push(format!("Seal: {seal}"));
        let pb = self.boards.as_mut().expect("created above");
        pb.noted_seal = Some(seal);
        pb.adjourned = Some(Adjourned::new(env));
        out
    }

    fn envelope(&mut self, rest: &[&str]) -> Vec<String> {
        let Some(a) = self.boards.as_ref().and_then(|b| b.adjourned.as_ref()) else {
            return vec!["The game is not adjourned.".into()];
        };
        let json = a.envelope.to_json();
        match rest.first() {
            Some(path) => match std::fs::write(path, &json) {
                Ok(()) => vec![format!("Envelope saved to {path}.")],
                Err(e) => vec![format!("Cannot write '{path}': {e}.")],
            },
            None => json.lines().map(str::to_string).collect(),
        }
    }

    /// I.7, I.8, I.5, I.9.1: open the envelope with the responder present,
    /// restore the clock times, and make the sealed move (or the sealer
    /// loses).
    fn resume(&mut self) -> Vec<String> {
        let Some(pb) = self.boards.as_mut() else {
            return vec!["The game is not adjourned.".into()];
        };
        let w = pb.words;
        let noted = pb.noted_seal.clone();
        let Some(a) = pb.adjourned.as_mut() else {
            return vec!["The game is not adjourned.".into()];
        };
        let env = a.envelope.clone();
        let opened = match a.open(noted.as_deref()) {
            Ok(o) => o,
            Err(e) => {
                let key = if e.to_string().contains("I.7") {
                    "not_present"
                } else if e.to_string().contains("seal") {
                    "tampered"
                } else {
                    return vec![e.to_string()];
                };
                return vec![w.adjourn(key, &[("player", self.loc.color_name(env.responder()))])];
            }
        };
        pb.adjourned = None;
        let mut out = Vec::new();
        if let Some(pc) = self.clock.as_mut() {
            let (clock, t) = pc.clock_and_now();
            let _ = clock.set_time(Color::White, env.white_time.remaining_ms, t);
            let _ = clock.set_time(Color::Black, env.black_time.remaining_ms, t);
            if clock.is_paused() {
                let _ = clock.resume(t);
            }
            out.push(w.adjourn(
                "resumed",
                &[
                    ("white", &w.duration(env.white_time.remaining_ms)),
                    ("black", &w.duration(env.black_time.remaining_ms)),
                ],
            ));
        }
        match opened {
            Opened::Move { mv, .. } => {
                let said = crate::notation::phrase::say(
                    self.game.position(),
                    mv,
                    self.loc,
                    crate::notation::phrase::Form::Short,
                );
                out.push(w.adjourn("opened", &[("move", &said)]));
                out.extend(self.make(mv));
            }
            Opened::SealerLoses { text, sealer, .. } => {
                out.push(w.adjourn(
                    "sealed_move_loses",
                    &[("move", &text), ("player", self.loc.color_name(sealer))],
                ));
                // Guidelines I.8: the sealer loses (recorded as a loss by
                // an illegal move, the nearest result the rules know).
                self.game.set_result(GameResult {
                    outcome: KnownOutcome::Decisive { winner: !sealer },
                    termination: Termination::IllegalMoves(sealer),
                });
            }
        }
        out
    }

    /// I.6: a draw agreed, or a resignation, before resumption.
    fn end_adjourned(&mut self, resigned: Option<Color>) -> Vec<String> {
        let Some(pb) = self.boards.as_mut() else {
            return vec![];
        };
        let w = pb.words;
        let Some(a) = pb.adjourned.as_mut() else {
            return vec![];
        };
        let r = match resigned {
            Some(c) => a.resign(c),
            None => a.agree_draw(),
        };
        match r {
            Ok(EndedBefore::DrawAgreed) => {
                pb.adjourned = None;
                self.game.set_result(GameResult {
                    outcome: KnownOutcome::Draw,
                    termination: Termination::DrawAgreed,
                });
                vec![w.adjourn("ended_draw", &[])]
            }
            Ok(EndedBefore::Resigned(c)) => {
                pb.adjourned = None;
                let r = GameResult {
                    outcome: KnownOutcome::Decisive { winner: !c },
                    termination: Termination::Resignation(c),
                };
                self.game.set_result(r);
                vec![
                    w.adjourn(
                        "ended_resigned",
                        &[
                            ("player", self.loc.color_name(c)),
                            ("winner", self.loc.color_name(!c)),
                        ],
                    ),
                    result_sentence(self.loc, &self.game, r),
                ]
            }
            Err(e) => vec![e.to_string()],
        }
    }
}

fn color_of(w: &str) -> Option<Color> {
    match w.to_ascii_lowercase().as_str() {
        "white" | "w" => Some(Color::White),
        "black" | "b" => Some(Color::Black),
        other => {
            for code in crate::locale::CODES {
                if let Ok(l) = crate::locale::Locale::get(code) {
                    for c in [Color::White, Color::Black] {
                        if crate::locale::fold(l.color_name(c)) == crate::locale::fold(other) {
                            return Some(c);
                        }
                    }
                }
            }
            None
        }
    }
}
