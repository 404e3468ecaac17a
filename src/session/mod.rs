//! The session: the one owner of a game played under FIDE Laws 2023,
//! Appendix D. Pure — no I/O, no tokio, no clock reads: every command
//! carries its time in milliseconds and the seat it comes from, and
//! [`Session::apply`] turns it into events addressed to seats. Replaying the
//! same commands rebuilds the same state and the same events; that is how
//! `hector serve`'s journal restores a game.
//!
//! Events are facts, never sentences: [`render::Renderer`] words them per
//! locale at the edge.

mod adjourn;
mod arbiter;
mod boards;
mod confirm;
mod draws;
pub mod json;
mod moves;
mod queries;
pub mod render;
pub mod request;
mod types;

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use serde::{Deserialize, Serialize};
use shakmaty::{Chess, Color, Move, Position};

use crate::boards::{Side as BoardSide, TwoBoards};
use crate::clock::{Clock, PeriodChange, TimeControl};
use crate::locale::Locale;
use crate::locale::session::{SessionWords, Verb};
use crate::notation::phrase::{Form, SayOptions};
use crate::notation::san;
use crate::rules::{Game, GameResult, Laws, Termination, TimeHook};

pub use crate::clock::parse_duration;
pub use draws::DrawAct;
pub use render::{Renderer, numbered, written_moves, written_sans};
pub use types::*;

use arbiter::Correction;
pub(crate) use moves::san_en;
use request::{Expecting, Reader, Request, Unreadable, echo};

/// Which players are blind (Appendix D applies to their moves).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Blind {
    #[default]
    White,
    Black,
    Both,
    None,
}

impl Blind {
    pub fn is_blind(self, c: Color) -> bool {
        matches!(
            (self, c),
            (Blind::Both, _) | (Blind::White, Color::White) | (Blind::Black, Color::Black)
        )
    }

    pub fn parse(s: &str) -> Result<Blind, String> {
        match s.trim().to_ascii_lowercase().as_str() {
            "white" => Ok(Blind::White),
            "black" => Ok(Blind::Black),
            "both" => Ok(Blind::Both),
            "none" => Ok(Blind::None),
            other => Err(format!(
                "'{other}' is not a choice for --blind: say white, black, both or none."
            )),
        }
    }
}

/// Low-time alerts a player asked for (D.2.6.1: the clock speaks on
/// request), in milliseconds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Alerts {
    pub white: Option<u64>,
    pub black: Option<u64>,
}

impl Alerts {
    fn of(&self, c: Color) -> Option<u64> {
        match c {
            Color::White => self.white,
            Color::Black => self.black,
        }
    }
}

/// Everything a session is made from. Serialised into the service's
/// journal, so a restart rebuilds the same game.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Config {
    pub locale: String,
    pub fen: Option<String>,
    pub moves: Option<String>,
    pub control: Option<String>,
    pub blind: Blind,
    /// D.2.11: the sighted player's assistant.
    pub assistant_for: Option<Side>,
    /// D.2.11: an assistant is compulsory (a blind player meets a
    /// hearing-impaired one); the arbiter is told when none is set.
    pub assistant_required: bool,
    pub form: String,
    pub pawn_word: bool,
    pub capture_word: bool,
    pub check_word: bool,
    /// D.2.5: the sighted player presses his clock himself (`press`); by
    /// default his move counts as the press.
    pub separate_press: bool,
    pub alerts: Alerts,
    /// The DGT way of adding periods (at 0:00).
    pub dgt: bool,
    /// Guidelines I.1.1, I.7: the secret a sealed move's seal is made
    /// with, so that the seal everyone sees tells nothing of the move.
    /// `hector play`, `session` and `serve` make one at random; it is kept
    /// in the journal and never published.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub seal_key: Option<String>,
    /// The players' names (I.2.1, the PGN's White and Black tags).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub white: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub black: Option<String>,
    /// PGN tags Event, Site, Round and Date.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub event: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub site: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub round: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub date: Option<String>,
    /// The edition of the FIDE Laws the game is played under (`--laws`):
    /// penalties, claims, automatic draws (src/rules/laws.rs).
    pub laws: Laws,
    /// 6.7 (`--default-time MINUTES`): how late a player may arrive after
    /// the clocks start; by default the edition's (2023 6.7.1 and 2009
    /// 6.6(a): zero; 2005 6.7: one hour).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub default_time: Option<u64>,
    /// A seat's own language (`--seat-locale black=pl`): its events carry
    /// the sentence in that language too (`texts`), its page is in it.
    #[serde(skip_serializing_if = "std::collections::BTreeMap::is_empty")]
    pub seat_locales: std::collections::BTreeMap<String, String>,
    /// 9.1.1 (2023; 9.1(a) 2009), a tournament regulation
    /// (`--no-draw-before N`): no draw is offered or agreed before move N.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub no_draw_before: Option<u32>,
    /// 6.6 (2023): the game starts when the arbiter starts the clocks
    /// (`start clock`); before that nobody moves. `hector serve` plays
    /// every new game with a clock so (`--arbiter-starts` elsewhere); by
    /// default White's clock starts at once.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub arbiter_starts: bool,
    /// The event's supervision of rapid and blitz games (`--supervision
    /// adequate|inadequate`; 2009 A.3/A.4, B.2/B.3): under 2009 without
    /// adequate supervision a flag counts only when claimed (A.4(d)) and
    /// an illegal move in blitz gives a claim to win (B.3(c)).
    #[serde(skip_serializing_if = "is_adequate")]
    pub supervision: crate::rules::Supervision,
    /// The date and time at which the session began (its t = 0),
    /// `YYYY-MM-DD HH:MM` (`--session-start`): places the date and time
    /// set for a resumption (I.2.7) on the session's time, so that
    /// lateness at the resumption is counted from it (I.10, I.11; 2009
    /// Guidelines 10; 2005 A10).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub session_start: Option<String>,
}

fn is_adequate(s: &crate::rules::Supervision) -> bool {
    *s == crate::rules::Supervision::Adequate
}

impl Default for Config {
    fn default() -> Config {
        Config {
            locale: "de".into(),
            fen: None,
            moves: None,
            control: None,
            blind: Blind::White,
            assistant_for: None,
            assistant_required: false,
            form: "short".into(),
            pawn_word: false,
            capture_word: true,
            check_word: true,
            separate_press: false,
            alerts: Alerts::default(),
            dgt: false,
            seal_key: None,
            white: None,
            black: None,
            event: None,
            site: None,
            round: None,
            date: None,
            laws: Laws::default(),
            default_time: None,
            seat_locales: Default::default(),
            no_draw_before: None,
            arbiter_starts: false,
            supervision: Default::default(),
            session_start: None,
        }
    }
}

/// A session that cannot be made from its configuration.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SessionError {
    #[error("{0}")]
    Locale(String),
    #[error("{0}")]
    Position(String),
    #[error("--moves, move {n} ('{token}'): {reason}")]
    Moves {
        n: usize,
        token: String,
        reason: String,
    },
    #[error("{0}")]
    Control(String),
    #[error("{0}")]
    Option(String),
}

/// Time changes decided by the rules, waiting to be put on the clock, and
/// the players' remaining times the rules may ask for (2005 9.5(b)).
#[derive(Debug, Clone, Default)]
struct PenaltyBook {
    /// (player, ms): positive is added, negative taken.
    changes: Vec<(Color, i64)>,
    remaining: [Option<u64>; 2],
}

type Penalties = Arc<Mutex<PenaltyBook>>;

/// Time penalties decided by the rules (7.5.5 / 7.4(b), 9.5.3 / 9.5(b)),
/// put on the clock after the command that caused them.
struct PenaltyHook(Penalties);

impl TimeHook for PenaltyHook {
    fn add_time(&mut self, player: Color, ms: u64, _article: &'static str) {
        if let Ok(mut p) = self.0.lock() {
            p.changes
                .push((player, i64::try_from(ms).unwrap_or(i64::MAX)));
        }
    }

    fn remaining(&self, player: Color) -> Option<u64> {
        self.0.lock().ok().and_then(|p| p.remaining[ci(player)])
    }

    fn take_time(&mut self, player: Color, ms: u64, _article: &'static str) {
        if let Ok(mut p) = self.0.lock() {
            p.changes
                .push((player, -i64::try_from(ms).unwrap_or(i64::MAX)));
        }
    }
}

/// A blind player's move on its way (D.2.1, D.2.8): read back and waiting
/// for yes, a numbered choice, or a promotion without its piece.
#[derive(Debug, Clone, PartialEq)]
enum Pending {
    ReadBack(Move),
    Choice(Vec<Move>),
    Promotion(Vec<Move>),
}

/// One game with its seats.
pub struct Session {
    cfg: Config,
    loc: &'static Locale,
    words: &'static SessionWords,
    opts: SayOptions,
    game: Game,
    clock: Option<Clock>,
    /// Half-moves played before the clock started (`--moves`): the clock's
    /// snapshots count from there.
    clock_base_ply: usize,
    penalties: Penalties,
    pending: [Option<Pending>; 2],
    /// With `--separate-press`: the player whose move is made and whose
    /// clock still runs until he presses (D.2.5).
    owed_press: Option<Color>,
    boards: TwoBoards,
    /// Moves already written on both scoresheets.
    synced: usize,
    /// The boards differ and wait for the arbiter (D.2.9).
    boards_differ: bool,
    adjourned: Option<adjourn::Adjournment>,
    alerted: [bool; 2],
    last_t: u64,
    /// The last event said to each seat, for `repeat`.
    last_said: HashMap<Seat, Kind>,
    /// 8.1.5, 9.1.2.2: the half-moves (1-based) after which a draw was
    /// offered, marked (=) on both scoresheets and in the PGN.
    draw_marks: Vec<usize>,
    /// A draw offered before the offerer's move: marked on that move.
    mark_next: Option<Color>,
    /// 12.2: the arbiter's adjusted score or forfeit, which stands for
    /// the game's result (`0-0`, `1/2-0`, `+/-` …).
    score: Option<request::Adjusted>,
    /// Irreversible acts asked back, per seat, waiting for yes.
    confirm: HashMap<Seat, confirm::Act>,
    /// I.2.7: date, time and place of resumption, as the arbiter set them.
    resumption: Option<crate::boards::adjourn::Resumption>,
    /// 6.6, 6.7: when the clocks first ran (the start of the session).
    session_start: Option<u64>,
    /// I.10, I.11 (2009 Guidelines 10, 2005 A10): when the resumption of
    /// the adjourned game began, by the arbiter's first act at it
    /// (`present`, `absent`, `arrived`, `start clock`, `resume`); the time
    /// set for it (`resumption` with `--session-start`) comes first.
    resumption_began: Option<u64>,
    /// 6.7: the players the arbiter noted absent.
    absent: [bool; 2],
    /// D.2.1: the blind player's move (colour, half-move) the sighted
    /// player has not yet said he repeated on his board.
    unrepeated: Option<(Color, usize)>,
    /// D.2.3.3: a flag that fell while its player's announced mate waited
    /// for his yes.
    flag_held: Option<Color>,
}

/// An independent copy (the local front ends of `hector serve` look at one
/// while the service's session goes on): the copy's penalties and its
/// game's time hook are its own.
impl Clone for Session {
    fn clone(&self) -> Session {
        let penalties: Penalties = Arc::new(Mutex::new(
            self.penalties.lock().map(|p| p.clone()).unwrap_or_default(),
        ));
        let mut game = self.game.clone();
        game.set_time_hook(Box::new(PenaltyHook(penalties.clone())));
        Session {
            cfg: self.cfg.clone(),
            loc: self.loc,
            words: self.words,
            opts: self.opts,
            game,
            clock: self.clock.clone(),
            clock_base_ply: self.clock_base_ply,
            penalties,
            pending: self.pending.clone(),
            owed_press: self.owed_press,
            boards: self.boards.clone(),
            synced: self.synced,
            boards_differ: self.boards_differ,
            adjourned: self.adjourned.clone(),
            alerted: self.alerted,
            last_t: self.last_t,
            last_said: self.last_said.clone(),
            draw_marks: self.draw_marks.clone(),
            mark_next: self.mark_next,
            score: self.score,
            confirm: self.confirm.clone(),
            resumption: self.resumption.clone(),
            session_start: self.session_start,
            resumption_began: self.resumption_began,
            absent: self.absent,
            unrepeated: self.unrepeated,
            flag_held: self.flag_held,
        }
    }
}

fn ci(c: Color) -> usize {
    match c {
        Color::White => 0,
        Color::Black => 1,
    }
}

impl Session {
    /// A session from its configuration. The clock (with a time control)
    /// runs from t = 0 for the player to move.
    pub fn new(cfg: &Config) -> Result<Session, SessionError> {
        let loc = Locale::get(&cfg.locale).map_err(|e| SessionError::Locale(e.to_string()))?;
        let words =
            SessionWords::get(&cfg.locale).map_err(|e| SessionError::Locale(e.to_string()))?;
        let form: Form = cfg.form.parse().map_err(SessionError::Option)?;
        let opts = SayOptions {
            form,
            pawn_word: cfg.pawn_word,
            capture_word: cfg.capture_word,
            check_word: cfg.check_word,
        };
        let mut game = match cfg.fen.as_deref() {
            Some(fen) => Game::from_fen(fen).map_err(|e| SessionError::Position(e.to_string()))?,
            None => Game::default(),
        };
        // The edition and the class of the time control decide penalties
        // and automatic draws (A.3; 9.6 only in 2023).
        let class = match cfg.control.as_deref() {
            Some(tc) => cfg.laws.class_of(
                &TimeControl::parse(tc).map_err(|e| SessionError::Control(e.to_string()))?,
            ),
            None => crate::clock::Class::Standard,
        };
        game.set_laws(cfg.laws, class);
        game.set_supervision(cfg.supervision);
        let start = game.start().clone();
        if let Some(moves) = cfg.moves.as_deref() {
            for (i, token) in moves.split_whitespace().enumerate() {
                if is_move_number(token) {
                    continue;
                }
                let err = |reason: String| SessionError::Moves {
                    n: i + 1,
                    token: token.to_string(),
                    reason,
                };
                let m = san::read(game.position(), token, loc).map_err(|e| err(e.to_string()))?;
                game.play(m).map_err(|e| err(e.to_string()))?;
            }
        }
        let penalties: Penalties = Arc::new(Mutex::new(PenaltyBook::default()));
        game.set_time_hook(Box::new(PenaltyHook(penalties.clone())));
        let plies = game.moves().len();
        let clock = match cfg.control.as_deref() {
            None => None,
            Some(tc) => {
                let tc =
                    TimeControl::parse(tc).map_err(|e| SessionError::Control(e.to_string()))?;
                let mode = if cfg.dgt {
                    PeriodChange::DgtAtZero
                } else {
                    PeriodChange::OnQuota
                };
                let first = start.turn();
                let by_first = plies.div_ceil(2) as u32;
                let by_second = (plies / 2) as u32;
                let (w, b) = match first {
                    Color::White => (by_first, by_second),
                    Color::Black => (by_second, by_first),
                };
                let mut clock = Clock::new(tc, mode).with_moves(w, b);
                // 2005 B7–B9, 2009 A.4(d): a flag counts only when claimed.
                clock.set_flags_by_claim(cfg.laws.flag_by_claim(game.class(), cfg.supervision));
                if !game.is_over() && !cfg.arbiter_starts {
                    clock
                        .start_with(game.turn(), 0)
                        .map_err(|e| SessionError::Control(e.to_string()))?;
                }
                Some(clock)
            }
        };
        let mut boards = TwoBoards::new(start);
        for i in 0..plies {
            if let Some(before) = game.position_at(i) {
                boards.record_move(before, game.moves()[i], 0);
            }
        }
        // The clocks run from t = 0 (a game without a clock starts then).
        let session_start = clock.as_ref().is_none_or(|c| c.is_started()).then_some(0);
        Ok(Session {
            cfg: cfg.clone(),
            loc,
            words,
            opts,
            game,
            clock,
            clock_base_ply: plies,
            penalties,
            pending: [None, None],
            owed_press: None,
            boards,
            synced: plies,
            boards_differ: false,
            adjourned: None,
            alerted: [false; 2],
            last_t: 0,
            last_said: HashMap::new(),
            draw_marks: Vec::new(),
            mark_next: None,
            score: None,
            confirm: HashMap::new(),
            resumption: None,
            session_start,
            resumption_began: None,
            absent: [false; 2],
            unrepeated: None,
            flag_held: None,
        })
    }

    pub fn config(&self) -> &Config {
        &self.cfg
    }

    pub fn locale(&self) -> &'static Locale {
        self.loc
    }

    /// The game's sentences in its language (what its front ends word
    /// their own notes with).
    pub fn words(&self) -> &'static SessionWords {
        self.words
    }

    pub fn game(&self) -> &Game {
        &self.game
    }

    pub fn clock(&self) -> Option<&Clock> {
        self.clock.as_ref()
    }

    /// The time of the last command applied.
    pub fn last_t(&self) -> u64 {
        self.last_t
    }

    /// The events that greet the seats when a game starts: whose move it
    /// is, and for the arbiter a missing compulsory assistant (D.2.11).
    pub fn opening(&self) -> Vec<Event> {
        let mut out = vec![Event {
            t: self.last_t,
            to: vec![To::All],
            kind: Kind::Status(self.status(self.last_t)),
        }];
        if self.cfg.assistant_required && self.cfg.assistant_for.is_none() {
            out.push(Event {
                t: self.last_t,
                to: vec![To::Seat(Seat::Arbiter)],
                kind: Kind::Arbiter {
                    reason: ArbiterReason::AssistantMissing,
                    by: None,
                    detail: None,
                },
            });
        }
        out
    }

    /// The state now (`status` event, `GET /api/state`).
    pub fn status(&self, t: u64) -> Status {
        let t = t.max(self.last_t);
        Status {
            fen: self.game.fen(),
            turn: self.game.turn().into(),
            ply: self.game.moves().len(),
            result: match self.score {
                Some(s) => Some(s.result_text().to_string()),
                None => self.game.result().map(|r| result_text(&r)),
            },
            clock: self.clock.as_ref().map(|c| ClockStatus {
                white_ms: c.remaining(Color::White, t),
                black_ms: c.remaining(Color::Black, t),
                running: c.running().map(Side::from),
            }),
            moves: self.game.sans().to_vec(),
            pending: self.pending.iter().any(Option::is_some),
            adjourned: self.adjourned.is_some(),
            boards_differ: self.boards_differ,
            laws: self.cfg.laws,
        }
    }

    /// The game as PGN with the mover's clock after every move
    /// (`{[%clk h:mm:ss]}`) when there is a clock.
    pub fn pgn(&self, tags: &[(String, String)]) -> String {
        moves::pgn(self, tags)
    }

    /// Applies one command and returns its events, in order. Bad input
    /// gives one `refused` event and leaves the state as it was.
    pub fn apply(&mut self, cmd: &Command) -> Vec<Event> {
        let t = cmd.t;
        if t < self.last_t {
            return vec![Event {
                t,
                to: cmd.from().map_or(vec![To::All], |s| vec![To::Seat(s)]),
                kind: Kind::Refused {
                    why: LineProblem::TimeBeforeLast.into(),
                },
            }];
        }
        let mut out = self.advance(t);
        out.extend(self.absence(t));
        self.last_t = t;
        let more = match &cmd.input {
            Input::Text { from, text } => self.text(t, *from, text),
            Input::Heard {
                from,
                heard,
                confidence: _,
            } => self.heard(t, *from, heard),
            Input::Status { .. } => vec![Event {
                t,
                to: vec![To::All],
                kind: Kind::Status(self.status(t)),
            }],
            Input::Interrupted { interrupted_ms } => self.interrupted(t, *interrupted_ms),
            Input::Device(note) => device_note(t, note.clone()),
            Input::Tick {} => Vec::new(),
        };
        out.extend(more);
        out.extend(self.held_flag(t));
        out.extend(self.settle_penalties(t));
        for e in &out {
            // "Repeat" says the game's last sentence again, not a
            // device's state.
            if matches!(
                e.kind,
                Kind::Repeat { .. } | Kind::Status(_) | Kind::Device(_)
            ) {
                continue;
            }
            for to in &e.to {
                match to {
                    To::Seat(s) => {
                        self.last_said.insert(*s, e.kind.clone());
                    }
                    To::All => {
                        for s in Seat::EVERY {
                            self.last_said.insert(s, e.kind.clone());
                        }
                    }
                }
            }
        }
        out
    }

    /// Lets time run to `t`: flags fall (6.9), low-time alerts fire for the
    /// players who asked for them (D.2.6.1).
    fn advance(&mut self, t: u64) -> Vec<Event> {
        let mut out = Vec::new();
        let Some(clock) = self.clock.as_mut() else {
            return out;
        };
        if clock.tick(t).is_err() {
            return out;
        }
        let events = clock.take_events();
        for c in [Color::White, Color::Black] {
            if let Some(limit) = self.cfg.alerts.of(c)
                && !self.alerted[ci(c)]
                && clock.running() == Some(c)
            {
                let rem = clock.remaining(c, t);
                if rem <= limit && rem > 0 {
                    self.alerted[ci(c)] = true;
                    out.push(Event {
                        t,
                        to: vec![To::Seat(Seat::of(c))],
                        kind: Kind::Alert {
                            player: c.into(),
                            ms: rem,
                        },
                    });
                }
            }
        }
        for ev in events {
            if let crate::clock::state::Event::Flag(f) = ev {
                if self.game.is_over() {
                    continue;
                }
                // FIDE Laws 2023, D.2.3.3 with 5.1.1 (2005 F.2.3(c)): a
                // blind player's move is made when announced; a mate he
                // announced before his flag fell and confirms after it is
                // a mate. The flag waits for his answer.
                if self.announced_mate(f.side) {
                    self.flag_held = Some(f.side);
                    continue;
                }
                // 2005 B7–B9, 2009 A.4(d): the arbiter does not signal a
                // flag; it counts when the opponent claims it (`flag`).
                // Both flags down is a draw (B9, A.4(d)(3)).
                if self.flags_by_claim() {
                    let both = self.clock.as_ref().is_some_and(|k| {
                        k.flag(Color::White).is_some() && k.flag(Color::Black).is_some()
                    });
                    if both {
                        out.extend(self.both_flags(t));
                    }
                    continue;
                }
                out.extend(self.flag_fell(t, f.side));
            }
        }
        out
    }

    /// 2005 B7–B9, 2009 A.4(d) (`--supervision inadequate`): in rapid and
    /// blitz a flag counts only when claimed.
    pub(super) fn flags_by_claim(&self) -> bool {
        self.cfg
            .laws
            .flag_by_claim(self.game.class(), self.cfg.supervision)
    }

    /// 2005 B9, 2009 A.4(d)(3): both flags have fallen: a draw.
    fn both_flags(&mut self, t: u64) -> Vec<Event> {
        let r = crate::rules::GameResult {
            outcome: shakmaty::KnownOutcome::Draw,
            termination: crate::rules::Termination::DrawAgreed,
        };
        self.game.set_result(r);
        let mut out = self.ended(t, r);
        if let Some(Event {
            kind: Kind::Result { reason, .. },
            ..
        }) = out.last_mut()
        {
            *reason = "both-flags".into();
        }
        out
    }

    /// True when `c` has a move read back and waiting for his yes that
    /// checkmates (D.2.3.3).
    fn announced_mate(&self, c: Color) -> bool {
        match &self.pending[ci(c)] {
            Some(Pending::ReadBack(m)) => {
                let mut after = self.position().clone();
                after.is_legal(*m) && {
                    after.play_unchecked(*m);
                    after.is_checkmate()
                }
            }
            _ => false,
        }
    }

    /// A flag held for an announced mate (D.2.3.3) falls when the mate is
    /// not confirmed (a no, another move): 6.9 then applies.
    fn held_flag(&mut self, t: u64) -> Vec<Event> {
        let Some(c) = self.flag_held else {
            return Vec::new();
        };
        if self.game.is_over() {
            self.flag_held = None;
            return Vec::new();
        }
        if self.announced_mate(c) {
            return Vec::new();
        }
        self.flag_held = None;
        self.flag_fell(t, c)
    }

    /// 6.9: `c`'s flag fell: told to all and the arbiter; the game ends
    /// (a draw when the opponent cannot checkmate).
    pub(super) fn flag_fell(&mut self, t: u64, c: Color) -> Vec<Event> {
        let mut out = vec![
            Event {
                t,
                to: vec![To::All],
                kind: Kind::Flag { player: c.into() },
            },
            Event {
                t,
                to: vec![To::Seat(Seat::Arbiter)],
                kind: Kind::Arbiter {
                    reason: ArbiterReason::Flag,
                    by: None,
                    detail: Some(Side::from(c).name().to_string()),
                },
            },
        ];
        if let Ok(r) = self.game.flag_fall(c) {
            out.extend(self.ended(t, r));
        }
        out
    }

    /// 6.7: time passing past the default time with a player absent.
    fn absence(&mut self, t: u64) -> Vec<Event> {
        if self.absent.iter().any(|a| *a) {
            self.default_check(t)
        } else {
            Vec::new()
        }
    }

    /// The events of a finished game; the clock stops.
    fn ended(&mut self, t: u64, r: GameResult) -> Vec<Event> {
        if let Some(c) = self.clock.as_mut()
            && c.running().is_some()
        {
            let _ = c.pause(t);
        }
        self.pending = [None, None];
        vec![Event {
            t,
            to: vec![To::All],
            kind: result_kind(&self.game, r),
        }]
    }

    fn settle_penalties(&mut self, t: u64) -> Vec<Event> {
        let pending: Vec<(Color, i64)> = self
            .penalties
            .lock()
            .map(|mut p| std::mem::take(&mut p.changes))
            .unwrap_or_default();
        let mut out = Vec::new();
        for (c, ms) in pending {
            let Some(clock) = self.clock.as_mut() else {
                continue;
            };
            if ms >= 0 {
                let ms = ms.unsigned_abs();
                let _ = clock.add_time(c, ms, t);
                out.push(Event {
                    t,
                    to: vec![To::All],
                    kind: Kind::Clock {
                        action: ClockAction::Added,
                        player: Some(c.into()),
                        ms: Some(ms),
                        by_rule: true,
                    },
                });
            } else {
                // 2005 9.5(b): the claimant's time is cut; said as the time
                // the arbiter sets.
                let left = clock.remaining(c, t).saturating_sub(ms.unsigned_abs());
                let _ = clock.set_time(c, left, t);
                out.push(Event {
                    t,
                    to: vec![To::All],
                    kind: Kind::Clock {
                        action: ClockAction::Set,
                        player: Some(c.into()),
                        ms: Some(left),
                        by_rule: true,
                    },
                });
            }
        }
        out
    }

    /// Tells the rules the players' remaining times before a ruling that
    /// may depend on them (2005 9.5(b)).
    pub(super) fn note_remaining(&mut self, t: u64) {
        let times = self.clock.as_ref().map(|k| {
            [
                Some(k.remaining(Color::White, t)),
                Some(k.remaining(Color::Black, t)),
            ]
        });
        if let Ok(mut p) = self.penalties.lock() {
            p.remaining = times.unwrap_or([None, None]);
        }
    }

    fn interrupted(&mut self, t: u64, ms: u64) -> Vec<Event> {
        if let Some(c) = self.clock.as_mut()
            && c.running().is_some()
        {
            let _ = c.pause(t);
        }
        // Every seat hears the same reason the clocks wait (the sighted
        // player and the assistants too, not only "Black to move").
        vec![
            Event {
                t,
                to: vec![To::All],
                kind: Kind::Interrupted { ms },
            },
            Event {
                t,
                to: vec![To::All],
                kind: Kind::Status(self.status(t)),
            },
        ]
    }

    /// Handles what a seat said, typed or keyed: read into a request at
    /// the edge, then applied.
    fn text(&mut self, t: u64, from: Seat, text: &str) -> Vec<Event> {
        // A terminal's arrow keys and other control bytes are no words:
        // they are never read, nor said back in an answer.
        let text = &crate::locale::printable(text);
        if let Some(e) = self.seat_here(t, from) {
            return e;
        }
        let pending = from.color().and_then(|c| self.pending[ci(c)].as_ref());
        let expecting = Expecting {
            choice: matches!(pending, Some(Pending::Choice(_))),
            promotion: matches!(pending, Some(Pending::Promotion(_))),
            readback: matches!(pending, Some(Pending::ReadBack(_))) || self.asks(from),
        };
        // A seat with a language of its own is understood in it (and, as
        // everywhere, in English).
        let own = self
            .config()
            .seat_locales
            .get(from.name())
            .and_then(|code| Some((Locale::get(code).ok()?, SessionWords::get(code).ok()?)));
        let reader = match own {
            Some((loc, words)) => Reader { loc, words },
            None => Reader {
                loc: self.loc,
                words: self.words,
            },
        };
        match reader.read(text, expecting) {
            Ok(r) => match self.sighted_assistant_may(t, from, &r) {
                Some(e) => e,
                // An irreversible act is asked back first (5.1.2, 12.2 …).
                None => match self.confirmation(t, from, &r) {
                    Some(e) => e,
                    None => self.request(t, from, r),
                },
            },
            Err(Unreadable { verb, why }) => {
                // A seat without the right to a command is told so, even
                // when its words were wrong too.
                if let Some(e) = verb.and_then(|v| self.rights(t, from, v)) {
                    return e;
                }
                self.refuse(t, from, why)
            }
        }
    }

    /// D.2.10: with two blind players each has his own assistant
    /// (`assistant-white`, `assistant-black`); the one `assistant` seat is
    /// then refused with a sentence naming the two, and the two are not
    /// seats of any other game.
    fn seat_here(&self, t: u64, from: Seat) -> Option<Vec<Event>> {
        let both = self.cfg.blind == Blind::Both;
        let reason = match from {
            Seat::Assistant if both => Rule::AssistantPerPlayer,
            s if s.assists().is_some() && !both => Rule::NoPlayerAssistant,
            _ => return None,
        };
        Some(self.refuse(
            t,
            from,
            Refusal::Rules {
                reason: reason.into(),
            },
        ))
    }

    /// D.2.11: the sighted player's assistant may only make the moves on
    /// the other board and announce them (D.2.10.1–2): no claims, reports,
    /// presses or questions of time.
    fn sighted_assistant_may(&self, t: u64, from: Seat, r: &Request) -> Option<Vec<Event>> {
        let sighted = self
            .cfg
            .assistant_for
            .is_some_and(|s| !self.is_blind(s.into()));
        if from != Seat::Assistant || !sighted {
            return None;
        }
        match r.verb() {
            None | Some(Verb::Help | Verb::Repeat | Verb::Last | Verb::Status | Verb::Arbiter) => {
                None
            }
            Some(v) => Some(self.not_your_right(t, from, v)),
        }
    }

    /// The refusal of a command this seat may never give, if it is one.
    fn rights(&self, t: u64, from: Seat, verb: Verb) -> Option<Vec<Event>> {
        match verb {
            Verb::StartClock
            | Verb::StopClock
            | Verb::SetTime
            | Verb::AddTime
            | Verb::SetMoves
            | Verb::Result
            | Verb::Present
            | Verb::Resume
            | Verb::Envelope
            | Verb::Correct
            | Verb::Retrace
            | Verb::Resumption
            | Verb::Absent
            | Verb::Arrived => self.need_arbiter(t, from, verb),
            Verb::Draw | Verb::Accept | Verb::Decline | Verb::Resign => {
                self.need_player(t, from, verb).err()
            }
            _ => None,
        }
    }

    /// Applies one request of a seat.
    pub(super) fn request(&mut self, t: u64, from: Seat, r: Request) -> Vec<Event> {
        match r {
            Request::Move(line) => self.move_text(t, from, &line),
            Request::Choose(n) => match from.color() {
                Some(c) => self.choose(t, from, c, n),
                None => self.refuse(t, from, Refusal::NothingPending),
            },
            Request::Promote(role) => self.promote(t, from, role),
            Request::Yes => self.yes(t, from),
            Request::No => self.no(t, from),
            Request::Time(q) => self.time_answer(t, from, q),
            Request::Moves => self.moves_answer(t, from),
            Request::Last => self.last_answer(t, from),
            Request::Repeat => self.repeat(t, from),
            Request::Where { piece, whose } => self.where_are(t, from, piece, whose),
            Request::Rank(r) => self.scan(t, from, Err(r)),
            Request::File(f) => self.scan(t, from, Ok(f)),
            Request::Board => self.describe(t, from, Query::Board),
            Request::Fen => self.describe(t, from, Query::Fen),
            Request::List => self.describe(t, from, Query::List),
            Request::Pgn => self.pgn_answer(t, from),
            Request::Sheet(side) => self.sheet_answer(t, from, side),
            Request::Help => one(t, vec![To::Seat(from)], self.help_answer(from)),
            Request::Status => one(t, vec![To::Seat(from)], Kind::Status(self.status(t))),
            Request::Draw => self.draw_offer(t, from),
            Request::Accept => self.draw_answer(t, from, true),
            Request::Decline => self.draw_answer(t, from, false),
            Request::ClaimFlag => self.claim_flag(t, from),
            Request::ClaimQuickplay => self.claim_quickplay(t, from),
            Request::Claim { claim, intended } => self.claim(t, from, claim, intended.as_deref()),
            Request::Resign => self.resign(t, from),
            Request::Adjourn {
                sealed,
                early_minutes,
            } => self.adjourn(t, from, &sealed, early_minutes),
            Request::Resume => self.resume(t, from),
            Request::ResumeAs(text) => self.resume_as(t, from, &text),
            Request::ResumeLost => self.resume_lost(t, from),
            Request::Present(c) => self.present(t, from, c),
            Request::Envelope(file) => self.envelope(t, from, file),
            Request::Resumption { date, time, place } => {
                self.set_resumption(t, from, date, time, place)
            }
            Request::Absent(c) => self.absent(t, from, c),
            Request::Arrived(c) => self.arrived(t, from, c),
            Request::Repeated => self.repeated(t, from),
            Request::CallArbiter => self.call_arbiter(t, from),
            Request::Touched(what) => self.touched(t, from, what),
            Request::StartClock => self.start_stop(t, from, true),
            Request::StopClock => self.start_stop(t, from, false),
            Request::Press => self.press_request(t, from),
            Request::SetTime { player, ms } => {
                self.correct_clock(t, from, Correction::SetTime(player, ms))
            }
            Request::AddTime { player, ms } => {
                self.correct_clock(t, from, Correction::AddTime(player, ms))
            }
            Request::SetMoves { player, moves } => {
                self.correct_clock(t, from, Correction::SetMoves(player, moves))
            }
            Request::Illegal { player, ply } => self.illegal(t, from, player, ply),
            Request::Result(outcome) => self.arbiter_result(t, from, outcome),
            Request::CheckBoards => self.check_boards(t, true),
            Request::Shows { board, report } => self.shows(t, from, board, &report),
            Request::Fixed(side) => self.fixed(t, from, side),
            Request::CorrectSheet { board, ply, san } => {
                self.correct_sheet(t, from, board, ply, &san)
            }
            Request::Retrace => self.retrace(t, from),
        }
    }

    fn refuse(&self, t: u64, seat: Seat, why: Refusal) -> Vec<Event> {
        vec![Event {
            t,
            to: vec![To::Seat(seat)],
            kind: Kind::Refused { why },
        }]
    }

    /// Who gets what a blind player hears privately: himself, and his
    /// assistant (D.2.10) when the assistant serves him.
    fn private_to(&self, c: Color) -> Vec<To> {
        let mut to = vec![To::Seat(Seat::of(c))];
        if self.cfg.blind == Blind::Both {
            // D.2.10: each blind player's own assistant.
            to.push(To::Seat(Seat::assistant_of(c)));
            return to;
        }
        let assistant_serves = match self.cfg.assistant_for {
            Some(s) => Color::from(s) == c,
            None => self.cfg.blind.is_blind(c),
        };
        if assistant_serves {
            to.push(To::Seat(Seat::Assistant));
        }
        to
    }

    fn is_blind(&self, c: Color) -> bool {
        self.cfg.blind.is_blind(c)
    }

    /// The board of a colour in the D.2.9 sense.
    fn board_of(&self, c: Color) -> BoardSide {
        let blind_color = match self.cfg.blind {
            Blind::Black => Color::Black,
            _ => Color::White,
        };
        if c == blind_color {
            BoardSide::Blind
        } else {
            BoardSide::Sighted
        }
    }

    fn position(&self) -> &Chess {
        self.game.position()
    }
}

fn is_move_number(token: &str) -> bool {
    let digits = token.trim_end_matches('.');
    digits.len() < token.len() && !digits.is_empty() && digits.chars().all(|c| c.is_ascii_digit())
}

/// The `result` event of a game that ended with `r`.
pub fn result_kind(game: &Game, r: GameResult) -> Kind {
    let player = match r.termination {
        Termination::Resignation(c) | Termination::FlagFall(c) | Termination::IllegalMoves(c) => {
            Some(c.into())
        }
        Termination::Checkmate => Some((!game.turn()).into()),
        _ => None,
    };
    Kind::Result {
        result: result_text(&r),
        reason: r.termination.name().to_string(),
        player,
        score: None,
    }
}

/// `1-0`, `0-1` or `1/2-1/2`.
pub fn result_text(r: &GameResult) -> String {
    match r.winner() {
        Some(Color::White) => "1-0".into(),
        Some(Color::Black) => "0-1".into(),
        None => "1/2-1/2".into(),
    }
}

impl Side {
    pub fn name(self) -> &'static str {
        match self {
            Side::White => "white",
            Side::Black => "black",
        }
    }
}

/// A device gone or back: told to the seat using it, the assistant
/// (D.2.10) and the arbiter, who may need to step in (a board nobody reads,
/// a display or microphone the blind player no longer has).
fn device_note(t: u64, note: DeviceNote) -> Vec<Event> {
    let mut to = vec![To::Seat(note.seat)];
    for s in [Seat::Assistant, Seat::Arbiter] {
        if s != note.seat {
            to.push(To::Seat(s));
        }
    }
    vec![Event {
        t,
        to,
        kind: Kind::Device(note),
    }]
}

/// One event.
fn one(t: u64, to: Vec<To>, kind: Kind) -> Vec<Event> {
    vec![Event { t, to, kind }]
}

/// English, in which the boards' comparison is worded before rendering.
fn english() -> &'static Locale {
    Locale::get("en").unwrap_or_else(|_| Locale::fide())
}
