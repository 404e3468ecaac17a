//! What each seat can say and do: moves with the read-back (D.2.1–D.2.8),
//! the clock (D.2.3–D.2.6, D.2.10), questions, draws and claims, the two
//! boards (D.2.9), penalties (7.5), adjournment (Guidelines I).

use serde_json::json;
use shakmaty::{Color, File, Move, Position, Rank, Role, Square};

use super::{
    ArbiterReason, Event, Input, Kind, Pending, Query, Refusal, Seat, Session, Side, To, ci,
};
use crate::boards::{Decision, FixWords, Side as BoardSide, SquareStyle, parse_report};
use crate::clock::Press;
use crate::locale::session::Word;
use crate::locale::{Locale, Meaning, fold};
use crate::notation::pattern::Reason;
use crate::notation::phrase::{Heard, hear};
use crate::notation::san;
use crate::rules::{Claim, ClaimRuling, GameResult, IllegalMoveRuling, Termination};

/// Longest piece of a player's text said back to him.
const ECHO: usize = 80;

pub(super) fn echo(text: &str) -> String {
    let mut s: String = text.chars().take(ECHO).collect();
    if text.chars().count() > ECHO {
        s.push('…');
    }
    s
}

fn english() -> &'static Locale {
    Locale::get("en").unwrap_or_else(|_| Locale::fide())
}

/// English SAN of a move legal in `pos`.
pub(crate) fn san_en(pos: &shakmaty::Chess, m: Move) -> String {
    shakmaty::san::SanPlus::from_move(pos.clone(), m).to_string()
}

pub(super) fn one(t: u64, to: Vec<To>, kind: Kind) -> Vec<Event> {
    vec![Event { t, to, kind }]
}

/// h:mm:ss for `[%clk]`.
pub(crate) fn clk(ms: u64) -> String {
    let s = ms / 1000;
    format!("{}:{:02}:{:02}", s / 3600, (s / 60) % 60, s % 60)
}

impl Session {
    /// Handles what a seat said or typed.
    pub(super) fn text(&mut self, t: u64, from: Seat, text: &str) -> Vec<Event> {
        let line = text.trim();
        if line.is_empty() {
            return self.refuse(
                t,
                from,
                Refusal::NotUnderstood {
                    heard: String::new(),
                },
            );
        }
        if let Some(c) = from.color()
            && let Some(n) = self.number_of(line)
            && matches!(self.pending[ci(c)], Some(Pending::Choice(_)))
        {
            return self.choose(t, from, c, n);
        }
        if let Some(c) = from.color()
            && let Some(Pending::Promotion(ms)) = self.pending[ci(c)].clone()
            && let Some(role) = self.piece_of(line)
        {
            return match ms.iter().find(|m| m.promotion() == Some(role)) {
                Some(m) => self.heard_move(t, from, c, *m),
                None => self.ask_promotion(t, c, ms),
            };
        }
        if let Some((name, used)) = self.words.command(line) {
            let rest: Vec<&str> = line.split_whitespace().skip(used).collect();
            return self.command(t, from, name, &rest);
        }
        self.move_text(t, from, line)
    }

    /// A recogniser's hypotheses (UCI, best first).
    pub(super) fn heard(&mut self, t: u64, from: Seat, heard: &[String]) -> Vec<Event> {
        let mut moves: Vec<Move> = Vec::new();
        for u in heard {
            if let Ok(uci) = u.parse::<shakmaty::uci::UciMove>()
                && let Ok(m) = uci.to_move(self.position())
                && !moves.contains(&m)
            {
                moves.push(m);
            }
        }
        match moves.len() {
            0 => self.refuse(
                t,
                from,
                Refusal::NotUnderstood {
                    heard: echo(&heard.join(" ")),
                },
            ),
            1 => self.move_found(t, from, Heard::Move(moves[0])),
            _ => self.move_found(t, from, Heard::Ambiguous(moves)),
        }
    }

    fn number_of(&self, line: &str) -> Option<usize> {
        if let Ok(n) = line.parse::<usize>() {
            return Some(n);
        }
        let words: Vec<String> = line.split_whitespace().map(fold).collect();
        if words.len() != 1 {
            return None;
        }
        match self.loc.lexicon().get(&words) {
            Some(Meaning::Rank(r)) => Some(u32::from(r) as usize + 1),
            _ => None,
        }
    }

    fn piece_of(&self, line: &str) -> Option<Role> {
        let words: Vec<String> = line.split_whitespace().map(fold).collect();
        if words.len() != 1 {
            return line
                .trim()
                .chars()
                .next()
                .filter(|_| line.trim().chars().count() == 1)
                .and_then(|c| {
                    self.loc
                        .role_of_letter(c)
                        .or_else(|| Role::from_char(c.to_ascii_lowercase()))
                });
        }
        match self.loc.lexicon().get(&words) {
            Some(Meaning::Piece(r)) => Some(r),
            _ => None,
        }
    }

    /// The colour a seat moves for now: a player his own (only on his
    /// turn), the assistant the side to move (D.2.10.1).
    pub(super) fn mover(&self, t: u64, from: Seat) -> Result<Color, Vec<Event>> {
        if self.game.is_over() {
            return Err(self.refuse(t, from, Refusal::GameOver));
        }
        if self.adjourned.is_some() {
            return Err(self.refuse(t, from, Refusal::Adjourned));
        }
        let turn = self.game.turn();
        match from {
            Seat::Arbiter => Err(self.refuse(
                t,
                from,
                Refusal::NotYourRight {
                    command: "move".into(),
                },
            )),
            Seat::Assistant => Ok(turn),
            s => {
                let c = s.color().unwrap_or(turn);
                if c != turn {
                    Err(self.refuse(t, from, Refusal::NotYourTurn))
                } else {
                    Ok(c)
                }
            }
        }
    }

    fn move_text(&mut self, t: u64, from: Seat, line: &str) -> Vec<Event> {
        if let Err(e) = self.mover(t, from) {
            // Not a move at all is "not understood", whoever says it.
            let words: Vec<&str> = line.split_whitespace().collect();
            if let Heard::NoMatch(r) = hear(self.position(), line, self.loc)
                && is_not_understood(&r)
                && !words.is_empty()
            {
                return self.refuse(t, from, Refusal::NotUnderstood { heard: echo(line) });
            }
            return e;
        }
        let mut heard = hear(self.position(), line, self.loc);
        if let Heard::NoMatch(Reason::PromotionMissing) = heard {
            // D.2.1: the piece must be named: ask which.
            let promos: Vec<Move> = [Role::Queen, Role::Rook, Role::Bishop, Role::Knight]
                .into_iter()
                .filter_map(|r| {
                    match hear(
                        self.position(),
                        &format!("{line} {}", self.loc.piece_word(r)),
                        self.loc,
                    ) {
                        Heard::Move(m) if m.promotion() == Some(r) => Some(m),
                        _ => None,
                    }
                })
                .collect();
            if promos.len() > 1 {
                heard = Heard::Ambiguous(promos);
            }
        }
        if let Heard::NoMatch(r) = &heard {
            let why = if is_not_understood(r) {
                Refusal::NotUnderstood { heard: echo(line) }
            } else {
                Refusal::Illegal {
                    reason: r.sentence(self.loc),
                }
            };
            return self.refuse(t, from, why);
        }
        self.move_found(t, from, heard)
    }

    fn move_found(&mut self, t: u64, from: Seat, heard: Heard) -> Vec<Event> {
        let c = match self.mover(t, from) {
            Ok(c) => c,
            Err(e) => return e,
        };
        match heard {
            Heard::Move(m) => self.heard_move(t, from, c, m),
            Heard::Ambiguous(ms) if same_promotion(&ms) => {
                self.pending[ci(c)] = Some(Pending::Promotion(ms.clone()));
                self.ask_promotion(t, c, ms)
            }
            Heard::Ambiguous(mut ms) => {
                ms.truncate(crate::speech::readback::MAX_CHOICES);
                self.pending[ci(c)] = Some(Pending::Choice(ms.clone()));
                let pos = self.position();
                let kind = Kind::Choice {
                    candidates: ms.iter().map(|m| san_en(pos, *m)).collect(),
                    uci: ms.iter().map(|m| self.uci(*m)).collect(),
                    fen_before: self.game.fen(),
                };
                one(t, self.private_to(c), kind)
            }
            Heard::NoMatch(r) => self.refuse(
                t,
                from,
                Refusal::Illegal {
                    reason: r.sentence(self.loc),
                },
            ),
        }
    }

    fn ask_promotion(&self, t: u64, c: Color, ms: Vec<Move>) -> Vec<Event> {
        let pos = self.position();
        one(
            t,
            self.private_to(c),
            Kind::Promotion {
                candidates: ms.iter().map(|m| san_en(pos, *m)).collect(),
            },
        )
    }

    /// One move heard: a blind player's own move is read back and waits
    /// for yes (D.2.1, D.2.8); any other is made at once.
    fn heard_move(&mut self, t: u64, from: Seat, c: Color, m: Move) -> Vec<Event> {
        if from == Seat::of(c) && self.is_blind(c) {
            self.pending[ci(c)] = Some(Pending::ReadBack(m));
            let kind = Kind::Readback {
                san: san_en(self.position(), m),
                uci: self.uci(m),
                fen_before: self.game.fen(),
            };
            return one(t, self.private_to(c), kind);
        }
        self.make(t, c, m, from)
    }

    fn choose(&mut self, t: u64, from: Seat, c: Color, n: usize) -> Vec<Event> {
        let Some(Pending::Choice(ms)) = self.pending[ci(c)].clone() else {
            return self.refuse(t, from, Refusal::NothingPending);
        };
        match n.checked_sub(1).and_then(|i| ms.get(i)) {
            Some(m) => self.heard_move(t, from, c, *m),
            None => self.refuse(t, from, Refusal::OutOfRange { max: ms.len() }),
        }
    }

    pub(super) fn uci(&self, m: Move) -> String {
        m.to_uci(self.game.castling_mode()).to_string()
    }

    /// Makes a move: announced to all (D.2.1), written on both scoresheets,
    /// and the clock switched (D.2.4; D.2.5 unless the sighted player
    /// presses separately).
    pub(super) fn make(&mut self, t: u64, c: Color, m: Move, via: Seat) -> Vec<Event> {
        let mut out = Vec::new();
        if let Some(owed) = self.owed_press
            && owed != c
        {
            out.extend(self.press(t, owed));
        }
        let before = self.position().clone();
        let fen_before = self.game.fen();
        let san = san_en(&before, m);
        let uci = self.uci(m);
        if let Err(e) = self.game.play(m) {
            return self.refuse(
                t,
                via,
                Refusal::Rules {
                    reason: e.to_string(),
                },
            );
        }
        self.pending = [None, None];
        self.boards.record_move(&before, m, t);
        self.synced = self.game.moves().len();
        let ply = self.game.moves().len();
        out.push(Event {
            t,
            to: vec![To::All],
            kind: Kind::Moved {
                san,
                uci,
                ply,
                by: c.into(),
                via,
                fen_before,
            },
        });
        let sighted_presses_himself =
            self.cfg.separate_press && !self.is_blind(c) && via == Seat::of(c);
        if self.clock.is_some() {
            if sighted_presses_himself {
                self.owed_press = Some(c);
            } else {
                self.press_after_move(t, c);
            }
        }
        if let Some(r) = self.game.result() {
            out.extend(self.ended(t, r));
        }
        if self.boards_differ {
            // D.2.9: the boards stay compared; only new guidance is said.
            out.extend(self.check_boards(t, false));
        }
        out
    }

    /// The clock of `c` is pressed after his move: the mover's time goes
    /// into the PGN as `[%clk]`.
    fn press_after_move(&mut self, t: u64, c: Color) {
        let ply = self.game.moves().len();
        let Some(clock) = self.clock.as_mut() else {
            return;
        };
        if clock.turn() != c {
            return;
        }
        let paused = clock.is_paused();
        if paused {
            let _ = clock.resume(t);
        }
        let rem = match clock.press(t) {
            Ok(Press::Completed { remaining_ms, .. }) => Some(remaining_ms),
            _ => None,
        };
        if paused {
            let _ = clock.pause(t);
        }
        if let Some(ms) = rem.or_else(|| self.clock.as_ref().map(|k| k.remaining(c, t))) {
            self.game.set_comment(ply, &format!("[%clk {}]", clk(ms)));
        }
        self.alerted[ci(c)] = self.alerted[ci(c)]
            && self
                .cfg
                .alerts
                .of(c)
                .is_some_and(|a| self.clock.as_ref().is_some_and(|k| k.remaining(c, t) <= a));
    }

    /// A press owed by the sighted player (D.2.5, `--separate-press`).
    fn press(&mut self, t: u64, c: Color) -> Vec<Event> {
        self.owed_press = None;
        self.press_after_move(t, c);
        one(
            t,
            vec![To::All],
            Kind::Clock {
                action: "pressed".into(),
                player: Some(c.into()),
                ms: self.clock.as_ref().map(|k| k.remaining(c, t)),
            },
        )
    }

    /// The colour a seat asks about as "my": a player himself, the
    /// assistant the player he serves (D.2.10.4).
    fn own_color(&self, from: Seat) -> Option<Color> {
        match from {
            Seat::White => Some(Color::White),
            Seat::Black => Some(Color::Black),
            Seat::Assistant => Some(match self.cfg.assistant_for {
                Some(s) => s.into(),
                None => match self.cfg.blind {
                    super::Blind::Black => Color::Black,
                    _ => Color::White,
                },
            }),
            Seat::Arbiter => None,
        }
    }

    pub(super) fn need_arbiter(&self, t: u64, from: Seat, name: &str) -> Option<Vec<Event>> {
        (from != Seat::Arbiter).then(|| {
            self.refuse(
                t,
                from,
                Refusal::NotYourRight {
                    command: name.to_string(),
                },
            )
        })
    }

    fn need_player(&self, t: u64, from: Seat, name: &str) -> Result<Color, Vec<Event>> {
        from.color().ok_or_else(|| {
            self.refuse(
                t,
                from,
                Refusal::NotYourRight {
                    command: name.to_string(),
                },
            )
        })
    }

    fn answer(&self, t: u64, from: Seat, query: Query) -> Kind {
        let _ = (t, from);
        Kind::Answer {
            query,
            player: None,
            ms: None,
            count: None,
            detail: None,
        }
    }

    fn command(&mut self, t: u64, from: Seat, name: &str, rest: &[&str]) -> Vec<Event> {
        let me = vec![To::Seat(from)];
        let folded: Vec<String> = rest.iter().map(|w| fold(w)).collect();
        match name {
            "yes" => self.yes(t, from),
            "no" => self.no(t, from),
            "time" | "my-time" | "opponent-time" | "time-used" => self.time_answer(t, from, name),
            "moves" => {
                let mut out = Vec::new();
                for c in [Color::White, Color::Black] {
                    let count = match &self.clock {
                        Some(k) => k.moves(c),
                        None => self.moves_completed(c),
                    };
                    out.push(Event {
                        t,
                        to: me.clone(),
                        kind: Kind::Answer {
                            query: Query::Moves,
                            player: Some(c.into()),
                            ms: None,
                            count: Some(count),
                            detail: None,
                        },
                    });
                }
                out
            }
            "last" => {
                let n = self.game.moves().len();
                let detail = if n == 0 {
                    None
                } else {
                    let pos = self.game.position_at(n - 1).cloned().unwrap_or_default();
                    let m = self.game.moves()[n - 1];
                    Some(json!({
                        "san": san_en(&pos, m),
                        "uci": self.uci(m),
                        "by": Side::from(pos.turn()).name(),
                        "fen_before": shakmaty::fen::Fen::from_position(&pos, shakmaty::EnPassantMode::Legal).to_string(),
                        "ply": n,
                    }))
                };
                one(t, me, detail_answer(Query::Last, detail))
            }
            "repeat" => match self.last_said.get(&from) {
                Some(k) => one(
                    t,
                    me,
                    Kind::Repeat {
                        of: Box::new(k.clone()),
                    },
                ),
                None => one(t, me, self.answer(t, from, Query::Help)),
            },
            "where" => self.where_are(t, from, &folded),
            "rank" | "file" => self.scan(t, from, name, &folded),
            "board" => one(
                t,
                me,
                detail_answer(Query::Board, Some(json!({ "fen": self.game.fen() }))),
            ),
            "list" => one(
                t,
                me,
                detail_answer(
                    Query::List,
                    Some(json!({ "moves": self.game.sans(), "start": self.start_fen() })),
                ),
            ),
            "sheet" => {
                let side = self.side_in(&folded).unwrap_or_else(|| {
                    self.own_color(from)
                        .map_or(BoardSide::Blind, |c| self.board_of(c))
                });
                one(
                    t,
                    me,
                    detail_answer(
                        Query::Sheet,
                        Some(json!({
                            "board": side.name(),
                            "entries": self.boards.sheet(side).entries(),
                        })),
                    ),
                )
            }
            "help" => one(t, me, self.answer(t, from, Query::Help)),
            "fen" => one(
                t,
                me,
                detail_answer(Query::Fen, Some(json!({ "fen": self.game.fen() }))),
            ),
            "pgn" => one(
                t,
                me,
                detail_answer(Query::List, Some(json!({ "pgn": self.pgn(&[]) }))),
            ),
            "status" => one(t, me, Kind::Status(self.status(t))),
            "draw" => self.draw_offer(t, from),
            "accept" | "decline" => self.draw_answer(t, from, name == "accept"),
            "claim" => self.claim(t, from, rest, &folded),
            "resign" => {
                let c = match self.need_player(t, from, name) {
                    Ok(c) => c,
                    Err(e) => return e,
                };
                if self.adjourned.is_some() {
                    return self.end_adjourned(t, Some(c));
                }
                match self.game.resign(c) {
                    Ok(()) => match self.game.result() {
                        Some(r) => self.ended(t, r),
                        None => Vec::new(),
                    },
                    Err(e) => self.rules_refusal(t, from, e),
                }
            }
            "adjourn" => self.adjourn(t, from, rest),
            "resume" => self.resume(t, from),
            "present" => self.present(t, from, &folded),
            "envelope" => self.envelope(t, from),
            "arbiter" => vec![Event {
                t,
                to: vec![To::Seat(Seat::Arbiter), To::Seat(from)],
                kind: Kind::Arbiter {
                    reason: ArbiterReason::Called,
                    by: Some(from),
                    detail: None,
                },
            }],
            "touched" => {
                if !matches!(from, Seat::Assistant)
                    && !self.own_color(from).is_some_and(|c| self.is_blind(c))
                {
                    return self.refuse(
                        t,
                        from,
                        Refusal::NotYourRight {
                            command: name.into(),
                        },
                    );
                }
                vec![Event {
                    t,
                    to: vec![To::Seat(Seat::Arbiter), To::Seat(from)],
                    kind: Kind::Arbiter {
                        reason: ArbiterReason::Touched,
                        by: Some(from),
                        detail: (!rest.is_empty()).then(|| echo(&rest.join(" "))),
                    },
                }]
            }
            "start-clock" | "stop-clock" => self.start_stop(t, from, name == "start-clock"),
            "press" => {
                let c = match from {
                    Seat::Arbiter => {
                        return self.refuse(
                            t,
                            from,
                            Refusal::NotYourRight {
                                command: name.into(),
                            },
                        );
                    }
                    Seat::Assistant => self.owed_press,
                    s => s.color().filter(|c| self.owed_press == Some(*c)),
                };
                match c {
                    Some(c) => self.press(t, c),
                    None => self.refuse(t, from, Refusal::NothingPending),
                }
            }
            "set-time" | "add-time" | "set-moves" => self.correct_clock(t, from, name, &folded),
            "illegal" => self.illegal(t, from, &folded),
            "result" => self.arbiter_result(t, from, &folded),
            "check" => self.check_boards(t, true),
            "shows" => self.shows(t, from, rest),
            "fixed" => {
                let side = self
                    .side_in(&folded)
                    .or_else(|| from.color().map(|c| self.board_of(c)))
                    .unwrap_or(BoardSide::Blind);
                if from != Seat::Arbiter && from.color().is_some_and(|c| self.board_of(c) != side) {
                    return self.refuse(
                        t,
                        from,
                        Refusal::NotYourRight {
                            command: name.into(),
                        },
                    );
                }
                let target = self.boards.check(english(), &[]).position.board().clone();
                self.boards.report_board(side, target);
                self.check_boards(t, true)
            }
            "correct" => self.correct_sheet(t, from, rest, &folded),
            "retrace" => self.retrace(t, from),
            other => self.refuse(
                t,
                from,
                Refusal::NotUnderstood {
                    heard: other.to_string(),
                },
            ),
        }
    }

    fn start_fen(&self) -> String {
        shakmaty::fen::Fen::from_position(self.game.start(), shakmaty::EnPassantMode::Legal)
            .to_string()
    }

    fn moves_completed(&self, c: Color) -> u32 {
        let first = self.game.start().turn();
        let plies = self.game.moves().len();
        let n = if c == first {
            plies.div_ceil(2)
        } else {
            plies / 2
        };
        n as u32
    }

    fn yes(&mut self, t: u64, from: Seat) -> Vec<Event> {
        let Some(c) = from.color() else {
            return self.refuse(
                t,
                from,
                Refusal::NotYourRight {
                    command: "yes".into(),
                },
            );
        };
        match self.pending[ci(c)].clone() {
            Some(Pending::ReadBack(m)) => self.make(t, c, m, from),
            Some(Pending::Choice(ms)) => one(
                t,
                self.private_to(c),
                Kind::Choice {
                    candidates: ms.iter().map(|m| san_en(self.position(), *m)).collect(),
                    uci: ms.iter().map(|m| self.uci(*m)).collect(),
                    fen_before: self.game.fen(),
                },
            ),
            Some(Pending::Promotion(ms)) => self.ask_promotion(t, c, ms),
            None => self.refuse(t, from, Refusal::NothingPending),
        }
    }

    fn no(&mut self, t: u64, from: Seat) -> Vec<Event> {
        let Some(c) = from.color() else {
            return self.refuse(
                t,
                from,
                Refusal::NotYourRight {
                    command: "no".into(),
                },
            );
        };
        if self.pending[ci(c)].take().is_some() {
            one(t, self.private_to(c), Kind::Cancelled)
        } else {
            self.refuse(t, from, Refusal::NothingPending)
        }
    }

    /// D.2.6.1, D.2.10.4: times on request; "my time" is the asker's.
    fn time_answer(&mut self, t: u64, from: Seat, name: &str) -> Vec<Event> {
        let Some(clock) = self.clock.as_ref() else {
            return self.refuse(t, from, Refusal::NoClock);
        };
        let own = self.own_color(from);
        let (query, players): (Query, Vec<Color>) = match (name, own) {
            ("my-time", Some(c)) => (Query::MyTime, vec![c]),
            ("opponent-time", Some(c)) => (Query::OpponentTime, vec![!c]),
            ("time-used", _) => (Query::TimeUsed, vec![Color::White, Color::Black]),
            _ => (Query::Time, vec![Color::White, Color::Black]),
        };
        players
            .into_iter()
            .map(|c| Event {
                t,
                to: vec![To::Seat(from)],
                kind: Kind::Answer {
                    query,
                    player: Some(c.into()),
                    ms: Some(if query == Query::TimeUsed {
                        clock.used(c, t)
                    } else {
                        clock.remaining(c, t)
                    }),
                    count: (query == Query::TimeUsed).then(|| clock.moves(c)),
                    detail: None,
                },
            })
            .collect()
    }

    fn side_in(&self, folded: &[String]) -> Option<BoardSide> {
        folded.iter().find_map(|w| match self.words.word(w) {
            Some(Word::Blind) => Some(BoardSide::Blind),
            Some(Word::Sighted) => Some(BoardSide::Sighted),
            _ => None,
        })
    }

    pub(super) fn color_in(&self, folded: &[String], asker: Option<Color>) -> Option<Color> {
        for w in folded {
            for c in [Color::White, Color::Black] {
                if fold(self.loc.color_name(c)) == *w
                    || fold(english().color_name(c)) == *w
                    || *w == Side::from(c).name()
                {
                    return Some(c);
                }
            }
            match self.words.word(w) {
                Some(Word::My) => return asker,
                Some(Word::Their) => return asker.map(|c| !c),
                _ => {}
            }
        }
        None
    }

    /// "where are my knights": the squares of every piece of a kind.
    fn where_are(&self, t: u64, from: Seat, folded: &[String]) -> Vec<Event> {
        let asker = self.own_color(from);
        let role = folded
            .iter()
            .find_map(|w| match self.loc.lexicon().get(std::slice::from_ref(w)) {
                Some(Meaning::Piece(r)) => Some(r),
                _ => None,
            })
            .or_else(|| {
                folded.iter().find_map(|w| {
                    // Plurals: "knights", "Springer", "Läufer" …
                    let stem = w.trim_end_matches('s');
                    match self.loc.lexicon().get(&[stem.to_string()]) {
                        Some(Meaning::Piece(r)) => Some(r),
                        _ => None,
                    }
                })
            });
        let Some(role) = role else {
            return self.refuse(
                t,
                from,
                Refusal::Incomplete {
                    command: "where".into(),
                },
            );
        };
        let mentioned = self.color_in(folded, asker);
        let colors = match mentioned {
            Some(c) => vec![c],
            None => match asker {
                Some(c) if folded.iter().any(|w| self.words.word(w) == Some(Word::My)) => vec![c],
                _ => vec![Color::White, Color::Black],
            },
        };
        let board = self.position().board();
        let pieces: Vec<serde_json::Value> = colors
            .iter()
            .map(|c| {
                let squares: Vec<String> = (board.by_color(*c) & board.by_role(role))
                    .into_iter()
                    .map(|sq| sq.to_string())
                    .collect();
                json!({ "player": Side::from(*c).name(), "piece": super::role_name(role), "squares": squares })
            })
            .collect();
        one(
            t,
            vec![To::Seat(from)],
            detail_answer(Query::Where, Some(json!({ "pieces": pieces }))),
        )
    }

    /// What stands on a rank or a file ("rank 4", "file Eva").
    fn scan(&self, t: u64, from: Seat, name: &str, folded: &[String]) -> Vec<Event> {
        let line = folded.iter().find_map(|w| {
            match self.loc.lexicon().get(std::slice::from_ref(w)) {
                Some(Meaning::File(f)) if name == "file" => return Some(Ok(f)),
                Some(Meaning::Rank(r)) if name == "rank" => return Some(Err(r)),
                _ => {}
            }
            let mut chars = w.chars();
            let (c, more) = (chars.next()?, chars.next());
            if more.is_some() {
                return None;
            }
            if name == "rank" {
                c.to_digit(10)
                    .filter(|d| (1..=8).contains(d))
                    .map(|d| Err(Rank::new(d - 1)))
            } else {
                self.loc
                    .file_of_letter(c)
                    .or_else(|| File::from_char(c))
                    .map(Ok)
            }
        });
        let Some(line) = line else {
            return self.refuse(
                t,
                from,
                Refusal::Incomplete {
                    command: name.into(),
                },
            );
        };
        let squares: Vec<Square> = match line {
            Ok(f) => (0..8)
                .map(|r| Square::from_coords(f, Rank::new(r)))
                .collect(),
            Err(r) => (0..8)
                .map(|f| Square::from_coords(File::new(f), r))
                .collect(),
        };
        let board = self.position().board();
        let items: Vec<serde_json::Value> = squares
            .iter()
            .filter_map(|sq| {
                board.piece_at(*sq).map(|p| {
                    json!({ "square": sq.to_string(), "player": Side::from(p.color).name(), "piece": super::role_name(p.role) })
                })
            })
            .collect();
        let (query, which) = match line {
            Ok(f) => (Query::File, f.char().to_string()),
            Err(r) => (Query::Rank, r.char().to_string()),
        };
        one(
            t,
            vec![To::Seat(from)],
            detail_answer(query, Some(json!({ "line": which, "pieces": items }))),
        )
    }

    fn rules_refusal(&self, t: u64, from: Seat, e: crate::rules::RulesError) -> Vec<Event> {
        use crate::rules::RulesError as E;
        let why = match e {
            E::GameOver(_) => Refusal::GameOver,
            E::NotYourTurn(_) => Refusal::NotYourTurn,
            other => Refusal::Rules {
                reason: other.to_string(),
            },
        };
        self.refuse(t, from, why)
    }

    /// Art. 9.1: a draw offer by a player.
    fn draw_offer(&mut self, t: u64, from: Seat) -> Vec<Event> {
        let c = match self.need_player(t, from, "draw") {
            Ok(c) => c,
            Err(e) => return e,
        };
        if self.adjourned.is_some() {
            return self.end_adjourned(t, None);
        }
        if self.game.draw_offer() == Some(!c) {
            return self.draw_answer(t, from, true);
        }
        match self.game.offer_draw(c) {
            Ok(()) => one(
                t,
                vec![To::All],
                Kind::Draw {
                    action: "offered".into(),
                    by: c.into(),
                },
            ),
            Err(e) => self.rules_refusal(t, from, e),
        }
    }

    fn draw_answer(&mut self, t: u64, from: Seat, accept: bool) -> Vec<Event> {
        let c = match self.need_player(t, from, if accept { "accept" } else { "decline" }) {
            Ok(c) => c,
            Err(e) => return e,
        };
        if self.adjourned.is_some() && accept {
            return self.end_adjourned(t, None);
        }
        if self.game.draw_offer() != Some(!c) {
            return self.refuse(
                t,
                from,
                Refusal::Rules {
                    reason: "no_draw_offer".into(),
                },
            );
        }
        if accept {
            match self.game.accept_draw(c) {
                Ok(()) => match self.game.result() {
                    Some(r) => self.ended(t, r),
                    None => Vec::new(),
                },
                Err(e) => self.rules_refusal(t, from, e),
            }
        } else {
            match self.game.decline_draw(c) {
                Ok(()) => one(
                    t,
                    vec![To::All],
                    Kind::Draw {
                        action: "declined".into(),
                        by: c.into(),
                    },
                ),
                Err(e) => self.rules_refusal(t, from, e),
            }
        }
    }

    /// Art. 9.2, 9.3 claims (with the intended move); a claim on time by
    /// the assistant goes to the arbiter (D.2.10.5).
    fn claim(&mut self, t: u64, from: Seat, rest: &[&str], folded: &[String]) -> Vec<Event> {
        let kind = folded.first().and_then(|w| self.words.word(w));
        if kind == Some(Word::Flag) {
            return vec![Event {
                t,
                to: vec![To::Seat(Seat::Arbiter), To::Seat(from)],
                kind: Kind::Arbiter {
                    reason: ArbiterReason::FlagClaim,
                    by: Some(from),
                    detail: None,
                },
            }];
        }
        let claim = match kind {
            Some(Word::Threefold) => Claim::ThreefoldRepetition,
            Some(Word::Fifty) => Claim::FiftyMoves,
            _ => {
                return self.refuse(
                    t,
                    from,
                    Refusal::Incomplete {
                        command: "claim".into(),
                    },
                );
            }
        };
        let c = match self.need_player(t, from, "claim") {
            Ok(c) => c,
            Err(e) => return e,
        };
        if c != self.game.turn() {
            return self.refuse(t, from, Refusal::NotYourTurn);
        }
        let intended = if rest.len() > 1 {
            match san::read(self.position(), &rest[1..].join(" "), self.loc) {
                Ok(m) => Some(m),
                Err(e) => {
                    return self.refuse(
                        t,
                        from,
                        Refusal::Illegal {
                            reason: e.to_string(),
                        },
                    );
                }
            }
        } else {
            None
        };
        let before = self.position().clone();
        let plies = self.game.moves().len();
        match self.game.claim_draw(c, claim, intended) {
            Ok(ClaimRuling::Drawn) => match self.game.result() {
                Some(r) => self.ended(t, r),
                None => Vec::new(),
            },
            Ok(ClaimRuling::Incorrect { .. }) => {
                let mut out = one(
                    t,
                    vec![To::All],
                    Kind::Refused {
                        why: Refusal::Rules {
                            reason: "claim_incorrect".into(),
                        },
                    },
                );
                // Art. 9.4: an incorrect claim with a written move: the move
                // is made.
                if self.game.moves().len() > plies
                    && let Some(m) = self.game.moves().last().copied()
                {
                    self.boards.record_move(&before, m, t);
                    self.synced = self.game.moves().len();
                    out.push(Event {
                        t,
                        to: vec![To::All],
                        kind: Kind::Moved {
                            san: san_en(&before, m),
                            uci: m.to_uci(self.game.castling_mode()).to_string(),
                            ply: self.game.moves().len(),
                            by: c.into(),
                            via: from,
                            fen_before: shakmaty::fen::Fen::from_position(
                                &before,
                                shakmaty::EnPassantMode::Legal,
                            )
                            .to_string(),
                        },
                    });
                    self.press_after_move(t, c);
                }
                out
            }
            Err(e) => self.rules_refusal(t, from, e),
        }
    }

    fn start_stop(&mut self, t: u64, from: Seat, start: bool) -> Vec<Event> {
        if let Some(e) =
            self.need_arbiter(t, from, if start { "start clock" } else { "stop clock" })
        {
            return e;
        }
        let over = self.game.is_over();
        let Some(clock) = self.clock.as_mut() else {
            return self.refuse(t, from, Refusal::NoClock);
        };
        let r = if start {
            if over {
                Err("the game is over".to_string())
            } else if !clock.is_started() {
                clock
                    .start_with(self.game.turn(), t)
                    .map_err(|e| e.to_string())
            } else if clock.is_paused() {
                clock.resume(t).map_err(|e| e.to_string())
            } else {
                Err("already running".to_string())
            }
        } else if clock.running().is_some() {
            clock.pause(t).map_err(|e| e.to_string())
        } else {
            Err("already stopped".to_string())
        };
        match r {
            Ok(()) => one(
                t,
                vec![To::All],
                Kind::Clock {
                    action: if start { "started" } else { "stopped" }.into(),
                    player: None,
                    ms: None,
                },
            ),
            Err(reason) => self.refuse(t, from, Refusal::Clock { reason }),
        }
    }

    /// 6.10.2, 7.1: the arbiter corrects a time or a move counter.
    fn correct_clock(&mut self, t: u64, from: Seat, name: &str, folded: &[String]) -> Vec<Event> {
        if let Some(e) = self.need_arbiter(t, from, name) {
            return e;
        }
        let color = self.color_in(folded, None);
        let value = folded.iter().find_map(|w| {
            if name == "set-moves" {
                w.parse::<u64>().ok()
            } else {
                parse_duration(w)
            }
        });
        let (Some(c), Some(v)) = (color, value) else {
            return self.refuse(
                t,
                from,
                Refusal::Incomplete {
                    command: "set".into(),
                },
            );
        };
        let Some(clock) = self.clock.as_mut() else {
            return self.refuse(t, from, Refusal::NoClock);
        };
        let r = match name {
            "set-time" => clock.set_time(c, v, t),
            "add-time" => clock.add_time(c, v, t),
            _ => clock.set_moves(c, v.min(u64::from(u32::MAX)) as u32, t),
        };
        match r {
            Ok(()) => one(
                t,
                vec![To::All],
                Kind::Clock {
                    action: match name {
                        "set-time" => "set",
                        "add-time" => "added",
                        _ => "moves",
                    }
                    .into(),
                    player: Some(c.into()),
                    ms: Some(v),
                },
            ),
            Err(e) => self.refuse(
                t,
                from,
                Refusal::Clock {
                    reason: e.to_string(),
                },
            ),
        }
    }

    /// Art. 7.5: a completed illegal move, ruled by the arbiter; a player
    /// can only claim it (the arbiter is told).
    fn illegal(&mut self, t: u64, from: Seat, folded: &[String]) -> Vec<Event> {
        if from != Seat::Arbiter {
            return vec![Event {
                t,
                to: vec![To::Seat(Seat::Arbiter), To::Seat(from)],
                kind: Kind::Arbiter {
                    reason: ArbiterReason::IllegalClaimed,
                    by: Some(from),
                    detail: None,
                },
            }];
        }
        let offender = self.color_in(folded, None).unwrap_or(!self.game.turn());
        match self.game.illegal_move_completed(offender, None) {
            Ok(IllegalMoveRuling::TimeAdded { to, ms }) => {
                // The clock gets the time through the rules' time hook.
                one(
                    t,
                    vec![To::All],
                    Kind::Penalty {
                        player: offender.into(),
                        added_ms: ms,
                        to: to.into(),
                    },
                )
            }
            Ok(IllegalMoveRuling::GameEnded(r)) => self.ended(t, r),
            Err(e) => self.rules_refusal(t, from, e),
        }
    }

    fn arbiter_result(&mut self, t: u64, from: Seat, folded: &[String]) -> Vec<Event> {
        if let Some(e) = self.need_arbiter(t, from, "result") {
            return e;
        }
        let outcome = folded.iter().find_map(|w| match w.as_str() {
            "1-0" => Some(shakmaty::KnownOutcome::Decisive {
                winner: Color::White,
            }),
            "0-1" => Some(shakmaty::KnownOutcome::Decisive {
                winner: Color::Black,
            }),
            "1/2-1/2" | "1/2" | "½-½" | "draw" | "remis" => Some(shakmaty::KnownOutcome::Draw),
            _ => None,
        });
        let Some(outcome) = outcome else {
            return self.refuse(
                t,
                from,
                Refusal::Incomplete {
                    command: "result".into(),
                },
            );
        };
        if self.game.is_over() {
            return self.refuse(t, from, Refusal::GameOver);
        }
        let r = GameResult {
            outcome,
            termination: Termination::DrawAgreed,
        };
        self.game.set_result(r);
        let mut out = self.ended(t, r);
        if let Some(Event {
            kind: Kind::Result { reason, .. },
            ..
        }) = out.last_mut()
        {
            *reason = "arbiter".into();
        }
        out
    }

    // ---- D.2.9: two boards ----

    fn fix_words(&self) -> &'static FixWords {
        FixWords::get(self.loc.code())
            .or_else(|_| FixWords::get("en"))
            .expect("embedded board wording")
    }

    fn snapshots(&self) -> Vec<crate::clock::Snapshot> {
        // The clock's snapshots count presses from its start; shift them to
        // the game's half-move numbers (D.2.9 with --moves).
        self.clock
            .as_ref()
            .map(|c| {
                c.snapshots()
                    .iter()
                    .map(|s| {
                        let mut s = s.clone();
                        s.ply += self.clock_base_ply;
                        s
                    })
                    .collect()
            })
            .unwrap_or_default()
    }

    /// Compares both boards with both scoresheets (D.2.9) and gives each
    /// board's player the guidance he has not heard yet.
    pub(super) fn check_boards(&mut self, t: u64, always: bool) -> Vec<Event> {
        let snaps = self.snapshots();
        let r = self.boards.check(english(), &snaps);
        let w = self.fix_words();
        let mut out = Vec::new();
        if r.decision == Decision::InOrder {
            if self.boards_differ || always {
                out.push(Event {
                    t,
                    to: vec![To::All],
                    kind: Kind::BoardsAgree,
                });
            }
            self.boards_differ = false;
            return out;
        }
        let first = !self.boards_differ;
        self.boards_differ = true;
        let fresh = self.boards.fresh_guidance(&r, w, SquareStyle::Spoken);
        let blind_color = self.board_color(BoardSide::Blind);
        for (side, lines) in fresh {
            let c = self.board_color(side);
            let mut to = self.private_to(c);
            to.push(To::Seat(Seat::Arbiter));
            let _ = blind_color;
            out.push(Event {
                t,
                to,
                kind: Kind::Guidance {
                    board: side.name().to_string(),
                    lines,
                    decision: r.decision.name().to_string(),
                },
            });
        }
        if first || always {
            out.push(Event {
                t,
                to: vec![To::Seat(Seat::Arbiter)],
                kind: Kind::Arbiter {
                    reason: ArbiterReason::BoardsDiffer,
                    by: None,
                    detail: Some(r.decision.name().to_string()),
                },
            });
        }
        out
    }

    fn board_color(&self, side: BoardSide) -> Color {
        let blind_color = match self.cfg.blind {
            super::Blind::Black => Color::Black,
            _ => Color::White,
        };
        match side {
            BoardSide::Blind => blind_color,
            BoardSide::Sighted => !blind_color,
        }
    }

    /// "my board shows …": a player (or the e-board, or the arbiter)
    /// reports what a board really shows.
    fn shows(&mut self, t: u64, from: Seat, rest: &[&str]) -> Vec<Event> {
        let first = rest.first().map(|w| fold(w));
        let named = first.as_deref().and_then(|w| match self.words.word(w) {
            Some(Word::Blind) => Some(BoardSide::Blind),
            Some(Word::Sighted) => Some(BoardSide::Sighted),
            _ => None,
        });
        let text = if named.is_some() {
            rest[1..].join(" ")
        } else {
            rest.join(" ")
        };
        let side = match (named, from.color()) {
            (Some(s), _) => s,
            (None, Some(c)) => self.board_of(c),
            (None, None) => BoardSide::Blind,
        };
        if let Some(c) = from.color()
            && self.board_of(c) != side
        {
            return self.refuse(
                t,
                from,
                Refusal::NotYourRight {
                    command: "shows".into(),
                },
            );
        }
        if text.trim().is_empty() {
            return self.refuse(
                t,
                from,
                Refusal::Incomplete {
                    command: "shows".into(),
                },
            );
        }
        match parse_report(&text, self.boards.board(side)) {
            Ok(b) => {
                self.boards.report_board(side, b);
                self.check_boards(t, false)
            }
            Err(e) => self.refuse(
                t,
                from,
                Refusal::BadLine {
                    problem: e.to_string(),
                },
            ),
        }
    }

    fn correct_sheet(
        &mut self,
        t: u64,
        from: Seat,
        rest: &[&str],
        folded: &[String],
    ) -> Vec<Event> {
        if let Some(e) = self.need_arbiter(t, from, "correct") {
            return e;
        }
        let side = self.side_in(folded);
        let n = folded.iter().find_map(|w| w.parse::<usize>().ok());
        let (Some(side), Some(n)) = (side, n) else {
            return self.refuse(
                t,
                from,
                Refusal::Incomplete {
                    command: "correct".into(),
                },
            );
        };
        let pos_n = folded
            .iter()
            .position(|w| w.parse::<usize>().is_ok())
            .unwrap_or(0);
        let text = rest[pos_n + 1..].join(" ");
        if text.is_empty() || n == 0 {
            return self.refuse(
                t,
                from,
                Refusal::Incomplete {
                    command: "correct".into(),
                },
            );
        }
        match self.boards.sheet_mut(side).correct(n - 1, &text, t) {
            Ok(()) => {
                let mut out = one(
                    t,
                    vec![To::Seat(Seat::Arbiter)],
                    Kind::SheetCorrected {
                        board: side.name().to_string(),
                        ply: n,
                        san: echo(&text),
                    },
                );
                out.extend(self.check_boards(t, true));
                out
            }
            Err(e) => self.refuse(
                t,
                from,
                Refusal::BadLine {
                    problem: e.to_string(),
                },
            ),
        }
    }

    /// D.2.9: the scoresheets differ: the arbiter retraces to the last
    /// half-move where they agree and sets the clocks back to it.
    fn retrace(&mut self, t: u64, from: Seat) -> Vec<Event> {
        if let Some(e) = self.need_arbiter(t, from, "retrace") {
            return e;
        }
        let r = self.boards.check(english(), &self.snapshots());
        if r.decision != Decision::Retrace {
            return self.refuse(
                t,
                from,
                Refusal::Rules {
                    reason: format!("D.2.9: {}", r.decision.name()),
                },
            );
        }
        let ply = r.agreed_plies.max(self.clock_base_ply.min(r.agreed_plies));
        self.boards.retrace(&r, t);
        self.game.truncate(r.agreed_plies);
        self.synced = r.agreed_plies;
        self.pending = [None, None];
        self.owed_press = None;
        if let Some(clock) = self.clock.as_mut() {
            let snap = ply.saturating_sub(self.clock_base_ply);
            let running = clock.running().is_some() || clock.is_paused();
            let _ = clock.rollback_to_ply(snap, t);
            if !running {
                let _ = clock.pause(t);
            }
        }
        self.boards_differ = false;
        let mut out = one(
            t,
            vec![To::All],
            Kind::Retraced {
                ply: r.agreed_plies,
            },
        );
        out.push(Event {
            t,
            to: vec![To::All],
            kind: Kind::Status(self.status(t)),
        });
        out
    }
}

fn detail_answer(query: Query, detail: Option<serde_json::Value>) -> Kind {
    Kind::Answer {
        query,
        player: None,
        ms: None,
        count: None,
        detail,
    }
}

fn is_not_understood(r: &Reason) -> bool {
    matches!(
        r,
        Reason::UnknownWord(_) | Reason::Garbled(_) | Reason::NothingHeard | Reason::TooManySquares
    )
}

fn same_promotion(moves: &[Move]) -> bool {
    let Some(first) = moves.first() else {
        return false;
    };
    moves.len() > 1
        && moves
            .iter()
            .all(|m| m.promotion().is_some() && m.from() == first.from() && m.to() == first.to())
}

/// "5:00", "1:30:00", "90s", "2m", "120" (seconds) → milliseconds.
pub fn parse_duration(w: &str) -> Option<u64> {
    let w = w.trim();
    if w.contains(':') {
        let mut total: u64 = 0;
        for part in w.split(':') {
            total = total
                .checked_mul(60)?
                .checked_add(part.parse::<u64>().ok()?)?;
        }
        return total.checked_mul(1000);
    }
    let (num, unit) = match w.char_indices().find(|(_, c)| !c.is_ascii_digit()) {
        Some((i, _)) => w.split_at(i),
        None => (w, "s"),
    };
    let n: u64 = num.parse().ok()?;
    let k = match unit {
        "s" | "sec" => 1000,
        "m" | "min" => 60_000,
        "h" => 3_600_000,
        "ms" => 1,
        _ => return None,
    };
    n.checked_mul(k)
}

/// The game as PGN, with `[%clk]` comments and the TimeControl tag.
pub(super) fn pgn(s: &Session, tags: &[(String, String)]) -> String {
    let mut tags = tags.to_vec();
    if let Some(tc) = &s.cfg.control
        && !tags.iter().any(|(k, _)| k == "TimeControl")
    {
        let text = s
            .clock
            .as_ref()
            .map(|c| c.control().to_string())
            .unwrap_or_else(|| tc.clone());
        tags.push(("TimeControl".into(), text));
    }
    crate::rules::pgn::write_pgn(&s.game, &tags)
}

impl Input {
    /// The input's kind, for logs.
    pub fn name(&self) -> &'static str {
        match self {
            Input::Text { .. } => "text",
            Input::Heard { .. } => "heard",
            Input::Status { .. } => "status",
            Input::Interrupted { .. } => "interrupted",
            Input::Device(_) => "device",
            Input::Tick {} => "tick",
        }
    }
}
