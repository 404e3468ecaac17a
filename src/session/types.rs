//! The typed boundary of a session: who speaks (`Seat`), what comes in
//! (`Command`) and what comes out (`Event`). Commands and events are serde
//! types; their JSON is the `hector session` line format (and the service's
//! API), so the field names here are a contract.

use serde::{Deserialize, Serialize};
use shakmaty::Color;

use crate::locale::session::{MOVE_LABEL, Verb};

/// A place at the board. Players are `white` and `black`; the assistant
/// (FIDE Laws 2023, D.2.10) and the arbiter have seats of their own.
/// Spectators only read public events.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Seat {
    White,
    Black,
    Assistant,
    Arbiter,
    /// D.2.10 with two blind players (`--blind both`): each player's own
    /// assistant, who acts only for him.
    #[serde(rename = "assistant-white")]
    AssistantWhite,
    #[serde(rename = "assistant-black")]
    AssistantBlack,
}

impl Seat {
    /// The seats of every game (the two per-player assistants are only in
    /// a game of two blind players: [`Seat::EVERY`]).
    pub const ALL: [Seat; 4] = [Seat::White, Seat::Black, Seat::Assistant, Seat::Arbiter];

    /// Every seat there is.
    pub const EVERY: [Seat; 6] = [
        Seat::White,
        Seat::Black,
        Seat::Assistant,
        Seat::Arbiter,
        Seat::AssistantWhite,
        Seat::AssistantBlack,
    ];

    /// The seat's name as in the JSON.
    pub fn name(self) -> &'static str {
        match self {
            Seat::White => "white",
            Seat::Black => "black",
            Seat::Assistant => "assistant",
            Seat::Arbiter => "arbiter",
            Seat::AssistantWhite => "assistant-white",
            Seat::AssistantBlack => "assistant-black",
        }
    }

    /// Any assistant's seat (D.2.10, D.2.11).
    pub fn is_assistant(self) -> bool {
        matches!(
            self,
            Seat::Assistant | Seat::AssistantWhite | Seat::AssistantBlack
        )
    }

    /// The player a per-player assistant serves (`assistant-white`: White).
    pub fn assists(self) -> Option<Color> {
        match self {
            Seat::AssistantWhite => Some(Color::White),
            Seat::AssistantBlack => Some(Color::Black),
            _ => None,
        }
    }

    /// The per-player assistant of a colour.
    pub fn assistant_of(c: Color) -> Seat {
        match c {
            Color::White => Seat::AssistantWhite,
            Color::Black => Seat::AssistantBlack,
        }
    }

    /// The player's seat of a colour.
    pub fn of(c: Color) -> Seat {
        match c {
            Color::White => Seat::White,
            Color::Black => Seat::Black,
        }
    }

    /// The colour of a player's seat.
    pub fn color(self) -> Option<Color> {
        match self {
            Seat::White => Some(Color::White),
            Seat::Black => Some(Color::Black),
            _ => None,
        }
    }

    pub fn parse(s: &str) -> Option<Seat> {
        Seat::EVERY.into_iter().find(|x| x.name() == s)
    }
}

/// Who an event is for: everyone (public, also spectators and the hall) or
/// one seat.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum To {
    All,
    Seat(Seat),
}

impl Serialize for To {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            To::All => s.serialize_str("all"),
            To::Seat(seat) => s.serialize_str(seat.name()),
        }
    }
}

impl<'de> Deserialize<'de> for To {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<To, D::Error> {
        let s = String::deserialize(d)?;
        if s == "all" {
            return Ok(To::All);
        }
        Seat::parse(&s)
            .map(To::Seat)
            .ok_or_else(|| serde::de::Error::custom(format!("unknown seat '{s}'")))
    }
}

/// A player colour as it appears in the JSON (`white` / `black`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Side {
    White,
    Black,
}

impl From<Color> for Side {
    fn from(c: Color) -> Side {
        match c {
            Color::White => Side::White,
            Color::Black => Side::Black,
        }
    }
}

impl From<Side> for Color {
    fn from(s: Side) -> Color {
        match s {
            Side::White => Color::White,
            Side::Black => Color::Black,
        }
    }
}

/// A device at the board whose connection the session is told of.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Device {
    /// The sighted player's DGT e-board.
    Eboard,
    /// A Braille display.
    Braille,
    /// The blind player's microphone.
    Microphone,
}

impl Device {
    pub const ALL: [Device; 3] = [Device::Eboard, Device::Braille, Device::Microphone];

    /// The device's name as in the JSON.
    pub fn name(self) -> &'static str {
        match self {
            Device::Eboard => "eboard",
            Device::Braille => "braille",
            Device::Microphone => "microphone",
        }
    }

    pub fn parse(s: &str) -> Option<Device> {
        Device::ALL.into_iter().find(|d| d.name() == s)
    }
}

/// A device at the board gone (`reachable` false, with the device's or the
/// system's reason when there is one) or back: as a command and as the
/// event it gives.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct DeviceNote {
    pub device: Device,
    /// The seat using it (the e-board: the sighted player's).
    pub seat: Seat,
    pub reachable: bool,
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub why: Option<String>,
}

/// One input to the session, stamped with its time in milliseconds since
/// the session started (non-decreasing).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Command {
    pub t: u64,
    #[serde(flatten)]
    pub input: Input,
}

/// What a command carries.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum Input {
    /// What a seat said, typed or keyed: a phrase, SAN in any locale, UCI,
    /// a command word, yes/no, a number.
    Text { from: Seat, text: String },
    /// A recogniser's hypotheses for what a seat said (UCI moves, best
    /// first) with the recogniser's confidence: one → read back, several →
    /// a numbered choice.
    Heard {
        from: Seat,
        heard: Vec<String>,
        confidence: f32,
    },
    /// A request for a `status` event.
    Status { status: bool },
    /// The service was interrupted (a crash or a power cut) for `for_ms`:
    /// the clocks stop and the arbiter and blind players are told.
    Interrupted { interrupted_ms: u64 },
    /// A device at the board went away or came back (a front end saw it):
    /// the seat using it, the assistant and the arbiter are told.
    Device(DeviceNote),
    /// Only time passes (flags fall, alerts fire).
    Tick {},
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

impl Command {
    pub fn text(t: u64, from: Seat, text: &str) -> Command {
        Command {
            t,
            input: Input::Text {
                from,
                text: text.to_string(),
            },
        }
    }

    pub fn tick(t: u64) -> Command {
        Command {
            t,
            input: Input::Tick {},
        }
    }

    pub fn status(t: u64) -> Command {
        Command {
            t,
            input: Input::Status { status: true },
        }
    }

    /// The seat a command comes from, if any.
    pub fn from(&self) -> Option<Seat> {
        match &self.input {
            Input::Text { from, .. } | Input::Heard { from, .. } => Some(*from),
            _ => None,
        }
    }
}

/// The clock part of a status (`null` without a time control).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ClockStatus {
    pub white_ms: u64,
    pub black_ms: u64,
    /// Whose clock runs, or `null` when both are stopped.
    pub running: Option<Side>,
}

/// The state of the game at a moment (`status` event, `GET /api/state`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Status {
    pub fen: String,
    pub turn: Side,
    /// Half-moves played from the game's start position.
    pub ply: usize,
    /// `1-0`, `0-1`, `1/2-1/2`, or `null` while the game goes on.
    pub result: Option<String>,
    pub clock: Option<ClockStatus>,
    /// The moves so far, English SAN.
    pub moves: Vec<String>,
    /// A blind player's move awaiting confirmation (only its existence is
    /// public, never the move).
    pub pending: bool,
    /// The game is adjourned (Guidelines I).
    pub adjourned: bool,
    /// The two boards differ (D.2.9) and wait for the arbiter.
    pub boards_differ: bool,
    /// The edition of the FIDE Laws the game follows (`2023`, `2009`,
    /// `2005`).
    #[serde(default)]
    pub laws: crate::rules::Laws,
}

/// Which time or count a player asked for (D.2.6.1, D.2.10.4).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Query {
    Time,
    MyTime,
    OpponentTime,
    TimeUsed,
    Moves,
    Last,
    Board,
    Where,
    Rank,
    File,
    Help,
    Sheet,
    List,
    Fen,
    /// I.2.7: the date, time and place of resumption, as set.
    Resumption,
}

/// Why something was refused (the sentence says it in the locale).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "why")]
pub enum Refusal {
    /// Not understood: neither a move nor a command.
    NotUnderstood { heard: String },
    /// The text names no legal move, with the notation layer's reason.
    Illegal { reason: String },
    /// Not this seat's move.
    NotYourTurn,
    /// This seat may not do that (e.g. only the arbiter rules on D.2.9).
    NotYourRight { command: Named },
    /// Nothing to confirm or choose.
    NothingPending,
    /// The blind player's announced move waits for his own yes or no
    /// (D.2.1, D.2.8).
    AwaitingPlayer,
    /// A number outside the offered choice.
    OutOfRange { max: usize },
    /// The game is over.
    GameOver,
    /// The game is adjourned: no move until it is resumed.
    Adjourned,
    /// No clock in this game.
    NoClock,
    /// A command that needs more (which piece, which rank …).
    Incomplete { command: String },
    /// The rules refused it (a claim without grounds, no draw offer …).
    Rules { reason: RulesReason },
    /// A malformed input line. A problem the session finds is a word
    /// ([`LineProblem`]); a front end's JSON-line problem is its sentence.
    BadLine { problem: String },
    /// The clock refused: not started, already running … (a typed word).
    Clock { reason: ClockReason },
    /// 9.1.1: the event's regulations allow no draw offer or agreement
    /// before move `before` (`--no-draw-before`).
    DrawTooEarly { before: u32 },
}

/// Why the clock refused ([`Refusal::Clock`]); in the JSON, `reason` is
/// its snake_case name (`not_started`, `already_running` …).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ClockReason {
    /// 6.6: the arbiter has not started the clocks; no move yet.
    NotStarted,
    /// 6.11, 6.12: the arbiter stopped the clocks; no move until they run.
    StoppedByArbiter,
    /// `start clock` while it runs.
    AlreadyRunning,
    /// `stop clock` while it is stopped.
    AlreadyStopped,
    /// `start clock` after the game ended.
    GameOver,
    /// The clock is paused; resume it first.
    Paused,
    /// A resume while the clock is not paused.
    NotPaused,
    /// A command's time before one the clock has seen.
    TimeWentBack,
    /// A correction above the most a clock holds
    /// ([`crate::clock::MAX_CLOCK_MS`]: 24 hours).
    TooMuchTime,
    /// The clock cannot do that (its control or its record cannot serve
    /// the request; not reachable by a player's command).
    Unavailable,
}

impl ClockReason {
    pub const ALL: [ClockReason; 10] = [
        ClockReason::NotStarted,
        ClockReason::StoppedByArbiter,
        ClockReason::AlreadyRunning,
        ClockReason::AlreadyStopped,
        ClockReason::GameOver,
        ClockReason::Paused,
        ClockReason::NotPaused,
        ClockReason::TimeWentBack,
        ClockReason::TooMuchTime,
        ClockReason::Unavailable,
    ];

    /// The reason's name as in the JSON; its sentence's key is
    /// `clock_` and this name.
    pub fn name(self) -> &'static str {
        match self {
            ClockReason::NotStarted => "not_started",
            ClockReason::StoppedByArbiter => "stopped_by_arbiter",
            ClockReason::AlreadyRunning => "already_running",
            ClockReason::AlreadyStopped => "already_stopped",
            ClockReason::GameOver => "game_over",
            ClockReason::Paused => "paused",
            ClockReason::NotPaused => "not_paused",
            ClockReason::TimeWentBack => "time_went_back",
            ClockReason::TooMuchTime => "too_much_time",
            ClockReason::Unavailable => "unavailable",
        }
    }
}

impl From<crate::clock::ClockError> for ClockReason {
    fn from(e: crate::clock::ClockError) -> ClockReason {
        use crate::clock::ClockError as E;
        match e {
            E::NotStarted => ClockReason::NotStarted,
            E::AlreadyStarted => ClockReason::AlreadyRunning,
            E::Paused => ClockReason::Paused,
            E::NotPaused => ClockReason::NotPaused,
            E::TimeWentBack { .. } => ClockReason::TimeWentBack,
            E::TooMuchTime(_) => ClockReason::TooMuchTime,
            E::BadControl(_) | E::NoSnapshot { .. } | E::Locale(..) => ClockReason::Unavailable,
        }
    }
}

impl PartialEq<&str> for ClockReason {
    fn eq(&self, other: &&str) -> bool {
        self.name() == *other
    }
}

/// What the session found wrong in a line ([`Refusal::BadLine`]'s
/// `problem`), a word the renderer says in the seat's language.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LineProblem {
    /// The command's time is before the last command's.
    TimeBeforeLast,
    /// A board report (`shows …`) that cannot be read.
    BadBoard,
    /// A scoresheet correction of a half-move the sheet does not have.
    NoEntry,
    /// A scoresheet correction with no move.
    EmptyEntry,
}

impl LineProblem {
    pub const ALL: [LineProblem; 4] = [
        LineProblem::TimeBeforeLast,
        LineProblem::BadBoard,
        LineProblem::NoEntry,
        LineProblem::EmptyEntry,
    ];

    /// The word as in the JSON (`problem`).
    pub fn name(self) -> &'static str {
        match self {
            LineProblem::TimeBeforeLast => "time_before_last",
            LineProblem::BadBoard => "bad_board",
            LineProblem::NoEntry => "no_entry",
            LineProblem::EmptyEntry => "empty_entry",
        }
    }
}

impl From<LineProblem> for Refusal {
    fn from(p: LineProblem) -> Refusal {
        Refusal::BadLine {
            problem: p.name().to_string(),
        }
    }
}

/// Why the rules refused ([`Refusal::Rules`]): a rule hector words in the
/// seat's language. In the JSON, `reason` is the rule's name
/// (`no_draw_offer` …). `Said` is a sentence a front end has already
/// worded in the seat's language (an envelope it could not write); the
/// session itself refuses only with rules.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum RulesReason {
    Rule(Rule),
    Said(String),
}

/// A rule a request broke, worded by the renderer.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Rule {
    /// 9.1: no draw offer to accept or decline.
    NoDrawOffer,
    /// Guidelines I: the game is not adjourned.
    NotAdjourned,
    /// I.7: the replying player is not present for the envelope.
    NotPresent,
    /// I.3: the envelope does not match its seal.
    Tampered,
    /// 6.9, D.2.10.5: the flag claimed has not fallen.
    FlagNotFallen,
    /// D.2.1: no move of the opponent's to repeat on the board.
    NothingToRepeat,
    /// D.2.10: with two blind players each has his own assistant.
    AssistantPerPlayer,
    /// D.2.10: a per-player assistant in a game that has one assistant.
    NoPlayerAssistant,
    /// 9.5.3: a draw claim found incorrect.
    ClaimIncorrect,
    /// 9.2.1, 9.3: only the player to move may claim a draw.
    ClaimNotToMove,
    /// The move named (with a claim, 9.2.1.1, 9.3.1) is not legal here.
    MoveNotLegal,
    /// 7.5.1: the half-move named was not made (or not by that player).
    NoSuchHalfMove,
    /// D.2.9: the scoresheets agree; there is nothing to retrace to.
    NothingToRetrace,
    /// I.1.1: no sealed move is written yet.
    NothingSealed,
    /// I.6: the game ended before resumption; the envelope stays shut.
    EndedBeforeResumption,
    /// I.6: the game was resumed; it ends by the ordinary rules.
    AlreadyResumed,
    /// The envelope or game record cannot be read or used (not reachable
    /// by a player's command).
    CannotBeDone,
    /// FIDE Laws 2023, 5.2.3: a draw is agreed only after both players
    /// have made at least one move.
    DrawBeforeMoves,
    /// 6.7: a player who has made a move is present; he is not noted
    /// absent.
    AlreadyMoved,
    /// I.1.2 (2009 Guidelines 1(b), 2005 A1(b)): the rest of the session
    /// is more than the sealer's time left; he cannot adjourn early.
    EarlyTooLong,
    /// D.2.5, D.2.10.3: no clock press is owed (the sighted player has
    /// not moved since the last press).
    NoPressOwed,
    /// I.9.3 (2009 Guidelines 9(c), 2005 A9): the player who sealed is
    /// present; his opponent does not seal a reply (the envelope is
    /// opened, I.9.1).
    SealerPresent,
    /// I.9.3: a reply is already sealed in the second envelope.
    ReplyAlreadySealed,
    /// 10.2 is a claim of the 2009 and 2005 Laws only.
    QuickplayNotInEdition,
    /// 10.2: only with less than two minutes left, before the flag falls.
    QuickplayTimeLeft,
    /// 2005 C2, 2009 B.3(b): no 10.2 claim in blitz (without adequate
    /// supervision).
    QuickplayNotInBlitz,
}

impl Rule {
    pub const ALL: [Rule; 26] = [
        Rule::NoDrawOffer,
        Rule::NotAdjourned,
        Rule::NotPresent,
        Rule::Tampered,
        Rule::FlagNotFallen,
        Rule::NothingToRepeat,
        Rule::AssistantPerPlayer,
        Rule::NoPlayerAssistant,
        Rule::ClaimIncorrect,
        Rule::ClaimNotToMove,
        Rule::MoveNotLegal,
        Rule::NoSuchHalfMove,
        Rule::NothingToRetrace,
        Rule::NothingSealed,
        Rule::EndedBeforeResumption,
        Rule::AlreadyResumed,
        Rule::CannotBeDone,
        Rule::DrawBeforeMoves,
        Rule::AlreadyMoved,
        Rule::EarlyTooLong,
        Rule::NoPressOwed,
        Rule::SealerPresent,
        Rule::ReplyAlreadySealed,
        Rule::QuickplayNotInEdition,
        Rule::QuickplayTimeLeft,
        Rule::QuickplayNotInBlitz,
    ];

    /// The rule's name as in the JSON, also its sentence's key.
    pub fn name(self) -> &'static str {
        match self {
            Rule::NoDrawOffer => "no_draw_offer",
            Rule::NotAdjourned => "not_adjourned",
            Rule::NotPresent => "not_present",
            Rule::Tampered => "tampered",
            Rule::FlagNotFallen => "flag_not_fallen",
            Rule::NothingToRepeat => "nothing_to_repeat",
            Rule::AssistantPerPlayer => "assistant_per_player",
            Rule::NoPlayerAssistant => "no_player_assistant",
            Rule::ClaimIncorrect => "claim_incorrect",
            Rule::ClaimNotToMove => "claim_not_to_move",
            Rule::MoveNotLegal => "move_not_legal",
            Rule::NoSuchHalfMove => "no_such_half_move",
            Rule::NothingToRetrace => "nothing_to_retrace",
            Rule::NothingSealed => "nothing_sealed",
            Rule::EndedBeforeResumption => "ended_before_resumption",
            Rule::AlreadyResumed => "already_resumed",
            Rule::CannotBeDone => "cannot_be_done",
            Rule::DrawBeforeMoves => "draw_before_moves",
            Rule::AlreadyMoved => "already_moved",
            Rule::EarlyTooLong => "early_too_long",
            Rule::NoPressOwed => "no_press_owed",
            Rule::SealerPresent => "sealer_present",
            Rule::ReplyAlreadySealed => "reply_already_sealed",
            Rule::QuickplayNotInEdition => "quickplay_not_in_edition",
            Rule::QuickplayTimeLeft => "quickplay_time_left",
            Rule::QuickplayNotInBlitz => "quickplay_not_in_blitz",
        }
    }
}

impl RulesReason {
    /// The reason as the JSON writes it.
    pub fn as_str(&self) -> &str {
        match self {
            RulesReason::Rule(r) => r.name(),
            RulesReason::Said(s) => s,
        }
    }
}

impl From<Rule> for RulesReason {
    fn from(r: Rule) -> RulesReason {
        RulesReason::Rule(r)
    }
}

/// A reason as the JSON writes it: a rule's name is that rule.
impl From<&str> for RulesReason {
    fn from(s: &str) -> RulesReason {
        Rule::ALL
            .into_iter()
            .find(|r| r.name() == s)
            .map_or_else(|| RulesReason::Said(s.to_string()), RulesReason::Rule)
    }
}

impl PartialEq<&str> for RulesReason {
    fn eq(&self, other: &&str) -> bool {
        self.as_str() == *other
    }
}

/// The command a refusal names ([`Refusal::NotYourRight`]): a move or one
/// of the command words. In the JSON, its label (`move`, `claim`, `start
/// clock` …).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Named {
    Move,
    Command(Verb),
}

impl Named {
    /// The label as in the JSON.
    pub fn label(self) -> &'static str {
        match self {
            Named::Move => MOVE_LABEL,
            Named::Command(v) => v.label(),
        }
    }
}

impl Serialize for Named {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.label())
    }
}

impl<'de> Deserialize<'de> for Named {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Named, D::Error> {
        let s = String::deserialize(d)?;
        if s == MOVE_LABEL {
            return Ok(Named::Move);
        }
        Verb::from_label(&s)
            .map(Named::Command)
            .ok_or_else(|| serde::de::Error::custom(format!("unknown command '{s}'")))
    }
}

/// A report for the arbiter.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ArbiterReason {
    /// A player or the assistant called the arbiter.
    Called,
    /// The assistant reports that the sighted player touched a piece (D.2.10.5).
    Touched,
    /// The assistant claims a win on time for the blind player (D.2.10.5).
    FlagClaim,
    /// The two boards differ (D.2.9).
    BoardsDiffer,
    /// An assistant is compulsory and missing (D.2.11).
    AssistantMissing,
    /// A player claims an illegal move was completed (7.5).
    IllegalClaimed,
    /// The game was interrupted (the service restarted).
    Interrupted,
    /// A flag fell.
    Flag,
    /// A player is present for the opening of the envelope (I.7).
    Present,
    /// A player says his board is put right (D.2.9); the arbiter checks
    /// it and says `fixed`.
    BoardPutRight,
    /// 6.7: the arbiter noted a player absent (`by`: his seat).
    Absent,
    /// 6.7: the arbiter noted a player arrived.
    Arrived,
    /// I.8: the sealed move has a superfluous capture sign; its meaning
    /// (`detail`, English SAN) is clear: the arbiter decides (`resume
    /// MOVE` plays it, or he gives the result).
    SealedMoveUnclear,
    /// I.9.3 (2009 Guidelines 9(c), 2005 A9): the sealer is absent; his
    /// opponent (`by`) sealed his reply in a new envelope and started the
    /// sealer's clock. The arbiter keeps it and opens it with the sealer
    /// present.
    ReplySealed,
    /// I.9.3: the reply sealed in the second envelope (`detail`, as
    /// written) is no legal move after the sealed move: the arbiter
    /// decides; the replying player (`by`) is to move.
    ReplyUnclear,
    /// I.12.1 (2009 Guidelines 11(a), 2005 A11): the envelope is lost;
    /// the game resumed from the adjourned position with the times
    /// recorded; the sealer (`by`) announces and makes his move.
    EnvelopeLost,
    /// 2009/2005 10.2: a player (`by`) claims a draw in the quickplay
    /// finish and the clocks are stopped; the arbiter declares the draw
    /// (`result 1/2-1/2`), postpones (`add-time`, `start clock`) or
    /// rejects it (`start clock`).
    QuickplayClaim,
}

/// Everything a session can say. Facts, never sentences: the renderer
/// words them per locale.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Kind {
    /// A blind player's move heard, awaiting yes (D.2.1, D.2.8).
    Readback {
        san: String,
        uci: String,
        fen_before: String,
    },
    /// A move made (and announced, D.2.1).
    Moved {
        san: String,
        uci: String,
        ply: usize,
        by: Side,
        via: Seat,
        fen_before: String,
    },
    /// Several moves fit; answer with a number.
    Choice {
        candidates: Vec<String>,
        uci: Vec<String>,
        fen_before: String,
    },
    /// A promotion without its piece: which piece? (D.2.1)
    Promotion {
        candidates: Vec<String>,
    },
    /// A pending move withdrawn by "no"; or (`act`) an irreversible act
    /// asked back and not confirmed.
    Cancelled {
        #[serde(skip_serializing_if = "Option::is_none", default)]
        act: Option<ActName>,
    },
    /// An irreversible act read back to its seat, made only on yes
    /// (5.1.2, 6.7, 6.10.2, 7.5.5, 12.2): `act` is `resign`, `result`,
    /// `illegal`, `set-time`, `add-time`, `set-moves` or `absent`.
    Confirm {
        act: ActName,
        #[serde(skip_serializing_if = "Option::is_none", default)]
        player: Option<Side>,
        #[serde(skip_serializing_if = "Option::is_none", default)]
        ms: Option<u64>,
        #[serde(skip_serializing_if = "Option::is_none", default)]
        result: Option<String>,
        #[serde(skip_serializing_if = "Option::is_none", default)]
        ply: Option<usize>,
        /// 9.2, 9.3 with D.2.8: the draw claimed (`threefold-repetition`,
        /// `fifty-moves`), read back with its intended move.
        #[serde(skip_serializing_if = "Option::is_none", default)]
        claim: Option<String>,
        /// The move read back (a claim's intended move, a sealed move):
        /// English SAN, or the sealed text as written when it is no legal
        /// move (I.8 decides at the opening).
        #[serde(skip_serializing_if = "Option::is_none", default)]
        san: Option<String>,
        #[serde(skip_serializing_if = "Option::is_none", default)]
        uci: Option<String>,
        #[serde(skip_serializing_if = "Option::is_none", default)]
        fen_before: Option<String>,
    },
    /// D.2.1: the sighted player has made the blind player's move on his
    /// board (`by` repeated the move of half-move `ply`).
    Repeated {
        by: Side,
        ply: usize,
    },
    /// Not done; state unchanged.
    Refused {
        #[serde(flatten)]
        why: Refusal,
    },
    /// An answer to a question. Times: `player` and `ms`; counts: `player`
    /// and `count`; descriptions: `detail`.
    Answer {
        query: Query,
        #[serde(skip_serializing_if = "Option::is_none", default)]
        player: Option<Side>,
        #[serde(skip_serializing_if = "Option::is_none", default)]
        ms: Option<u64>,
        #[serde(skip_serializing_if = "Option::is_none", default)]
        count: Option<u32>,
        #[serde(skip_serializing_if = "Option::is_none", default)]
        detail: Option<Detail>,
    },
    Status(Status),
    /// The game ended; `player` is the one concerned (who resigned, whose
    /// flag fell, who moved illegally).
    Result {
        result: String,
        reason: String,
        #[serde(skip_serializing_if = "Option::is_none", default)]
        player: Option<Side>,
        /// 12.2: the arbiter's adjusted score or forfeit as he gave it
        /// (`0-0`, `1/2-0`, `0-1/2`, `+/-`, `-/+`, `-/-`).
        #[serde(skip_serializing_if = "Option::is_none", default)]
        score: Option<String>,
    },
    /// Low time (only for that player, on his request, D.2.6.1).
    Alert {
        player: Side,
        ms: u64,
    },
    /// A player's flag fell (6.9); the result follows.
    Flag {
        player: Side,
    },
    /// The clock started, stopped or was corrected by the arbiter; with
    /// `by_rule`, a time the Laws give that hector applied itself (a
    /// penalty or an incorrect claim), not the arbiter's act.
    Clock {
        action: ClockAction,
        #[serde(skip_serializing_if = "Option::is_none", default)]
        player: Option<Side>,
        #[serde(skip_serializing_if = "Option::is_none", default)]
        ms: Option<u64>,
        #[serde(skip_serializing_if = "std::ops::Not::not", default)]
        by_rule: bool,
    },
    /// Draw offered, declined (9.1).
    Draw {
        action: DrawAction,
        by: Side,
    },
    /// Square-by-square guidance when the boards differ (D.2.9).
    Guidance {
        board: String,
        lines: Vec<String>,
        decision: String,
    },
    /// The boards agree (D.2.9): again after they differed, or — only
    /// then `again` is in the JSON, as `false` — as they did all along,
    /// when a player or the arbiter had them checked.
    BoardsAgree {
        #[serde(default = "yes", skip_serializing_if = "is_yes")]
        again: bool,
    },
    /// A report for the arbiter.
    Arbiter {
        reason: ArbiterReason,
        #[serde(skip_serializing_if = "Option::is_none", default)]
        by: Option<Seat>,
        #[serde(skip_serializing_if = "Option::is_none", default)]
        detail: Option<String>,
    },
    /// The game was retraced to a half-move (D.2.9).
    Retraced {
        ply: usize,
    },
    /// The scoresheet of a side was corrected.
    SheetCorrected {
        board: String,
        ply: usize,
        san: String,
    },
    /// A 7.5 penalty: `player` completed the illegal move, `gets` is given
    /// `added_ms`. (The event's `to` is its seats, as for every event.)
    Penalty {
        player: Side,
        added_ms: u64,
        gets: Side,
        /// 7.5.1: the half-moves left after the position before the
        /// illegal move was reinstated; none when the arbiter named no
        /// half-move and the position stayed as it is.
        #[serde(skip_serializing_if = "Option::is_none", default)]
        reinstated: Option<usize>,
    },
    /// Adjournment: sealed (the move only for the sealer), envelope opened,
    /// game resumed (Guidelines I).
    Adjourned {
        by: Side,
        move_number: u32,
        seal: String,
        /// I.1.2: time taken from the sealer for adjourning early.
        #[serde(skip_serializing_if = "Option::is_none", default)]
        early_ms: Option<u64>,
    },
    Sealed {
        san: String,
    },
    Resumed,
    /// The game was interrupted for `ms` and the clocks stopped.
    Interrupted {
        ms: u64,
    },
    /// A device at the board went away or came back.
    Device(DeviceNote),
    /// The last sentence said to this seat, said again.
    Repeat {
        of: Box<Kind>,
    },
}

/// An irreversible act asked back to its seat (`Kind::Confirm`) or not
/// confirmed (`Kind::Cancelled`): 5.1.2, 6.7, 6.10.2, 7.5.5, 12.2.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ActName {
    /// A player's resignation (5.1.2).
    Resign,
    /// The arbiter's result (12.2).
    Result,
    /// The arbiter's 7.5 penalty.
    Illegal,
    /// The arbiter's clock corrections (6.10.2, 7.1).
    SetTime,
    AddTime,
    SetMoves,
    /// The arbiter notes a player absent (6.7).
    Absent,
    /// A blind player's draw claim with an intended move (9.2, 9.3, D.2.8).
    Claim,
    /// A blind player's sealed move (I.1.1, D.2.8).
    Seal,
}

/// What happened to the clock (`Kind::Clock`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ClockAction {
    /// The arbiter started the clocks (or resumed them).
    Started,
    /// The arbiter stopped the clocks.
    Stopped,
    /// The arbiter set a player's time (6.10.2).
    Set,
    /// The arbiter added time to a player's (6.10.2, 7.5.5, 9.5.3).
    Added,
    /// The arbiter set a player's move counter (6.10.2).
    Moves,
    /// The sighted player pressed the clock (D.2.5).
    Pressed,
}

/// What happened to a draw offer (`Kind::Draw`, 9.1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum DrawAction {
    Offered,
    Declined,
}

/// What an answer describes. Each serialises as a JSON object of its
/// fields (in this order: the `hector session` contract); the kind is told
/// by the answer's `query`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum Detail {
    /// The outside of an adjournment envelope (Guidelines I.2).
    Envelope(EnvelopeOutside),
    Last(LastMove),
    Sheet(SheetDetail),
    Line(LineDetail),
    Where(WhereDetail),
    List(ListDetail),
    Pgn(PgnDetail),
    Fen(FenDetail),
    /// I.2.7: date, time and place of resumption.
    Resumption(crate::boards::adjourn::Resumption),
    /// `help` of a seat other than a blind player's: whose commands.
    Help(HelpDetail),
}

/// Whose commands `help` lists: `opponent` (the sighted player),
/// `assistant` or `arbiter`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HelpDetail {
    pub help_for: String,
}

/// The last move made.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct LastMove {
    pub by: Side,
    pub fen_before: String,
    pub ply: usize,
    pub san: String,
    pub uci: String,
}

/// A position (`board`, `fen`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct FenDetail {
    pub fen: String,
}

/// The moves from the start position (English SAN).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ListDetail {
    pub moves: Vec<String>,
    pub start: String,
}

/// The game as PGN.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PgnDetail {
    pub pgn: String,
}

/// One board's scoresheet (D.2.7, D.2.9).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SheetDetail {
    pub board: String,
    pub entries: Vec<String>,
    /// 8.1.5: the half-moves (1-based) after which a draw was offered,
    /// marked (=) when the sheet is read.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub offers: Vec<usize>,
    /// The game's start position, when it is not the standard one (the
    /// sheet is read back numbered from there).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub start: Option<String>,
}

/// The pieces of one kind and colour.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PiecesOf {
    pub piece: String,
    pub player: Side,
    pub squares: Vec<String>,
}

/// Where the pieces of a kind stand.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct WhereDetail {
    pub pieces: Vec<PiecesOf>,
}

/// A piece on a square.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PieceOn {
    pub piece: String,
    pub player: Side,
    pub square: String,
}

/// What stands on a rank or file (`line`: its digit or letter).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct LineDetail {
    pub line: String,
    pub pieces: Vec<PieceOn>,
}

/// What the outside of the envelope says (I.2), never the sealed move.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct EnvelopeOutside {
    pub black_used_ms: u64,
    pub move_number: u32,
    pub position: String,
    pub seal: String,
    pub sealed_by: Side,
    pub white_used_ms: u64,
    /// I.2.1: the players' names (`--white`, `--black`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub white: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub black: Option<String>,
    /// I.2.6: a draw offer standing, by whom.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub draw_offer: Option<Side>,
    /// I.2.7: date, time and place of resumption, once the arbiter set them.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub resumption: Option<crate::boards::adjourn::Resumption>,
    /// The file the envelope is written to (`envelope FILE`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub file: Option<String>,
}

/// One output of the session, addressed to seats.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Event {
    pub t: u64,
    pub to: Vec<To>,
    #[serde(flatten)]
    pub kind: Kind,
}

impl Event {
    /// True when everyone may see it (spectators, the broadcast, the hall).
    pub fn is_public(&self) -> bool {
        self.to.contains(&To::All)
    }

    /// True when `seat` receives it.
    pub fn is_for(&self, seat: Seat) -> bool {
        self.to
            .iter()
            .any(|t| *t == To::All || *t == To::Seat(seat))
    }

    /// The kind's name as in the JSON (`moved`, `readback`, …).
    pub fn kind_name(&self) -> String {
        serde_json::to_value(&self.kind)
            .ok()
            .and_then(|v| v.get("kind").and_then(|k| k.as_str()).map(str::to_string))
            .unwrap_or_default()
    }
}

/// A piece kind's English name in the JSON (`knight`, `pawn`, …).
pub fn role_name(r: shakmaty::Role) -> &'static str {
    match r {
        shakmaty::Role::King => "king",
        shakmaty::Role::Queen => "queen",
        shakmaty::Role::Rook => "rook",
        shakmaty::Role::Bishop => "bishop",
        shakmaty::Role::Knight => "knight",
        shakmaty::Role::Pawn => "pawn",
    }
}

fn yes() -> bool {
    true
}

fn is_yes(b: &bool) -> bool {
    *b
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The typed details are written with the same words as the
    /// `hector session` contract always had, and read back.
    #[test]
    fn typed_details_keep_their_json_words() {
        // Each kind is written as `want` and read back as itself.
        let pinned = |k: Kind, want: String| {
            let json = serde_json::to_string(&k).unwrap();
            assert_eq!(json, want);
            assert_eq!(serde_json::from_str::<Kind>(&json).unwrap(), k);
        };
        let clock = [
            (ClockAction::Started, "started"),
            (ClockAction::Stopped, "stopped"),
            (ClockAction::Set, "set"),
            (ClockAction::Added, "added"),
            (ClockAction::Moves, "moves"),
            (ClockAction::Pressed, "pressed"),
        ];
        for (action, word) in clock {
            let (player, ms) = (Some(Side::Black), Some(60_000));
            let want =
                format!(r#"{{"kind":"clock","action":"{word}","player":"black","ms":60000}}"#);
            pinned(
                Kind::Clock {
                    action,
                    player,
                    ms,
                    by_rule: false,
                },
                want,
            );
        }
        for (action, word) in [
            (DrawAction::Offered, "offered"),
            (DrawAction::Declined, "declined"),
        ] {
            let want = format!(r#"{{"kind":"draw","action":"{word}","by":"white"}}"#);
            pinned(
                Kind::Draw {
                    action,
                    by: Side::White,
                },
                want,
            );
        }
        let acts = [
            (ActName::Resign, "resign"),
            (ActName::Result, "result"),
            (ActName::Illegal, "illegal"),
            (ActName::SetTime, "set-time"),
            (ActName::AddTime, "add-time"),
            (ActName::SetMoves, "set-moves"),
            (ActName::Absent, "absent"),
            (ActName::Claim, "claim"),
            (ActName::Seal, "seal"),
        ];
        for (act, word) in acts {
            let (player, ms, result, ply) = (None, None, None, None);
            let asked = Kind::Confirm {
                act,
                player,
                ms,
                result,
                ply,
                claim: None,
                san: None,
                uci: None,
                fen_before: None,
            };
            pinned(asked, format!(r#"{{"kind":"confirm","act":"{word}"}}"#));
            let cancelled = Kind::Cancelled { act: Some(act) };
            pinned(
                cancelled,
                format!(r#"{{"kind":"cancelled","act":"{word}"}}"#),
            );
        }
        pinned(
            Kind::Cancelled { act: None },
            r#"{"kind":"cancelled"}"#.into(),
        );
        let refused = |why: Refusal| Kind::Refused { why };
        let named = [
            (Named::Move, "move"),
            (Named::Command(Verb::StartClock), "start clock"),
            (Named::Command(Verb::SetTime), "set-time"),
            (Named::Command(Verb::Claim), "claim"),
        ];
        for (command, word) in named {
            let want = format!(r#"{{"kind":"refused","why":"not_your_right","command":"{word}"}}"#);
            pinned(refused(Refusal::NotYourRight { command }), want);
        }
        let reasons = [
            (RulesReason::Rule(Rule::NoDrawOffer), "no_draw_offer"),
            (RulesReason::Rule(Rule::ClaimIncorrect), "claim_incorrect"),
            (
                RulesReason::Said("The game is over.".into()),
                "The game is over.",
            ),
        ];
        for (reason, word) in reasons {
            let want = format!(r#"{{"kind":"refused","why":"rules","reason":"{word}"}}"#);
            pinned(refused(Refusal::Rules { reason }), want);
        }
        for reason in ClockReason::ALL {
            let want = format!(
                r#"{{"kind":"refused","why":"clock","reason":"{}"}}"#,
                reason.name()
            );
            pinned(refused(Refusal::Clock { reason }), want);
        }
        for p in LineProblem::ALL {
            let want = format!(
                r#"{{"kind":"refused","why":"bad_line","problem":"{}"}}"#,
                p.name()
            );
            pinned(refused(p.into()), want);
        }
        for r in Rule::ALL {
            assert_eq!(RulesReason::from(r.name()), RulesReason::Rule(r));
            assert_eq!(serde_json::to_value(r).unwrap(), r.name());
        }
        // A word that names no command is not read as one.
        assert!(
            serde_json::from_str::<Kind>(
                r#"{"kind":"refused","why":"not_your_right","command":"fly"}"#
            )
            .is_err()
        );
    }
}
