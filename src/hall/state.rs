//! The hall as a fold over the boards' messages: pure, no I/O. The same
//! messages in the same order always give the same hall, which is how a
//! restarted `hector hall` rebuilds it from the stream. Time (for the
//! boards' heartbeats) is passed in by the caller.

use std::collections::BTreeMap;
use std::time::{Duration, Instant};

use serde::Serialize;
use serde_json::{Value, json};

use super::message::{Beat, BoardMessage, Distrust};

/// A board not heard from for this long is shown as unreachable.
pub const SILENT_AFTER: Duration = Duration::from_secs(10);

/// What needs the chief arbiter at a board.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Need {
    /// A flag fell, or the assistant claims a win on time (6.9, D.2.10.5).
    FlagFall,
    /// The two boards differ (D.2.9).
    BoardDifference,
    /// A player or the assistant called the arbiter.
    ArbiterCalled,
    /// An assistant is compulsory and missing (D.2.11).
    MissingAssistant,
    /// A player claims an illegal move was completed (7.5).
    IllegalMoveClaimed,
    /// The assistant reports a touched piece (D.2.10.5).
    TouchedPiece,
    /// The board's service was interrupted; the clocks wait for him.
    Interrupted,
    /// A device at the board (e-board, Braille display, microphone) cannot
    /// be reached; closes when it is back.
    DeviceGone,
    /// The board has not been heard from for [`SILENT_AFTER`]; closes when
    /// it is back.
    Unreachable,
    /// Messages on the board's subject not made with the hall's key.
    ForgedMessages,
    /// Messages made with the key that repeat or skip the board's rows.
    ReplayedMessages,
    /// Messages made with the key for another board than their subject's.
    MisaddressedMessages,
    /// Two games claim the board's number in the round (two boards started
    /// with the same `--board`): the hall keeps showing the first.
    DuplicateBoard,
}

impl Need {
    /// What the overview says before the board's own sentence.
    pub fn label(self) -> &'static str {
        match self {
            Need::FlagFall => "Flag fall",
            Need::BoardDifference => "Boards differ (D.2.9)",
            Need::ArbiterCalled => "Arbiter called",
            Need::MissingAssistant => "Compulsory assistant missing (D.2.11)",
            Need::IllegalMoveClaimed => "Illegal move claimed",
            Need::TouchedPiece => "Touched piece reported (D.2.10.5)",
            Need::Interrupted => "Game interrupted",
            Need::DeviceGone => "Device at the board gone",
            Need::Unreachable => "Board unreachable",
            Need::ForgedMessages => "Forged messages ignored",
            Need::ReplayedMessages => "Replayed messages ignored",
            Need::MisaddressedMessages => "Misaddressed messages ignored",
            Need::DuplicateBoard => "Board number used twice",
        }
    }

    fn of_distrust(d: Distrust) -> Need {
        match d {
            Distrust::Forged => Need::ForgedMessages,
            Distrust::Replayed => Need::ReplayedMessages,
            Distrust::Misaddressed => Need::MisaddressedMessages,
            Distrust::Duplicate => Need::DuplicateBoard,
        }
    }

    /// Which need an event raises, if any. Events are the JSON of
    /// `hector session` (kinds `flag`, `arbiter` with a `reason`,
    /// `guidance`, `device` gone).
    pub fn of_event(event: &Value) -> Option<Need> {
        match event.get("kind")?.as_str()? {
            "device" if event.get("reachable") == Some(&Value::Bool(false)) => {
                Some(Need::DeviceGone)
            }
            "flag" => Some(Need::FlagFall),
            // The session's own report of a restart (`hector serve` resumed
            // a journal): the clocks wait for the arbiter.
            "interrupted" => Some(Need::Interrupted),
            "guidance" => Some(Need::BoardDifference),
            "arbiter" => match event.get("reason")?.as_str()? {
                "flag" | "flag_claim" => Some(Need::FlagFall),
                "boards_differ" => Some(Need::BoardDifference),
                "called" => Some(Need::ArbiterCalled),
                "assistant_missing" => Some(Need::MissingAssistant),
                "illegal_claimed" => Some(Need::IllegalMoveClaimed),
                "touched" => Some(Need::TouchedPiece),
                "interrupted" => Some(Need::Interrupted),
                _ => None,
            },
            _ => None,
        }
    }
}

/// One thing that needs the arbiter, as the overview lists it.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Alert {
    /// Unique in the hall: `<board>.<seq>.<index>` (the page remembers which
    /// ones the arbiter has dealt with by this id).
    pub id: String,
    pub need: Need,
    pub label: &'static str,
    /// The board's own sentence for it, when the board sent one.
    pub text: String,
    /// The journal row it came with.
    pub seq: u64,
    /// The board's game time of the event, in ms.
    pub t: u64,
    /// Still open: a board difference closes when the boards agree again,
    /// a device gone when it is back.
    pub open: bool,
    /// For a device gone: which device of which seat (`eboard black`).
    #[serde(skip)]
    pub device: Option<String>,
    /// The hall's own sentence as a word of the pages' locale and its
    /// values (`{"key": "hall_say_forged", "args": {"count": 2}}`): the
    /// overview says it in its language; `text` is its English.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub say: Option<Value>,
}

/// A `device` event's device and seat (`eboard black`).
fn device_of(event: &Value) -> Option<String> {
    Some(format!(
        "{} {}",
        event.get("device")?.as_str()?,
        event.get("seat")?.as_str()?
    ))
}

/// The last move made at a board.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct LastMove {
    pub san: String,
    pub ply: u64,
    pub by: String,
}

/// One board as the hall knows it.
#[derive(Debug, Clone, PartialEq)]
pub struct Board {
    pub board: u32,
    /// The last journal row applied; older or repeated rows are ignored.
    pub seq: u64,
    pub state: Value,
    pub pgn: String,
    pub last_move: Option<LastMove>,
    pub alerts: Vec<Alert>,
    pub arbiter_url: Option<String>,
    /// Journal rows skipped because they were already applied (the broker
    /// de-duplicates; this counts what still came twice).
    pub repeats: u64,
    /// Messages on this board's subject the hall did not believe.
    pub ignored: BTreeMap<Distrust, u64>,
    /// Whether the board is heard from (heartbeats).
    pub live: bool,
    /// When the board was last heard from (none: not yet checked).
    pub heard: Option<Instant>,
    /// The last heartbeat taken: when, its `since_ms`, its `seq`, its
    /// `wall_ms`.
    pub beat: Option<(Instant, Option<u64>, u64, u64)>,
    /// How many times the board went unreachable (for alert ids).
    pub outages: u64,
    /// The game shown (its identity, see [`BoardMessage::game`]).
    pub game: Option<String>,
    /// The games this board number showed before (earlier rounds): their
    /// rows and heartbeats are old news.
    pub past: Vec<String>,
    /// Another game that claims this board number while the shown one
    /// still plays: its rows so far, kept until the shown game ends or
    /// goes silent (a new round), or forever refused (a duplicate board).
    pub rival: Option<(String, Vec<BoardMessage>)>,
    /// How many games this board number showed before (for alert ids).
    pub generation: u64,
    /// The board's run (its start nonce) and the number of the last
    /// heartbeat taken from it.
    pub run: Option<(String, u64)>,
    /// Rows up to this one may come again after the broker lost its store.
    pub rebuilt_upto: u64,
}

/// A game shown on a board number gives way to another game only when it
/// is over, its round is another, or it has been silent this long (its
/// board stopped: the next round began on the same number). While it
/// still beats, the other game is a second board with the same number.
pub const GIVES_WAY_AFTER: Duration = Duration::from_secs(5);

/// The rows of a rival game the hall keeps at most.
const RIVAL_ROWS_KEPT: usize = 4096;

/// The games a board number remembers as past.
const PAST_KEPT: usize = 64;

/// How many alerts of a board the hall keeps (the newest).
const ALERTS_KEPT: usize = 50;

/// What applying a message changed.
#[derive(Debug, Clone, PartialEq)]
pub enum Applied {
    /// The board moved on to this row; these alerts are new.
    Changed { board: u32, new_alerts: Vec<Alert> },
    /// The row was already applied (or older): nothing changed.
    Repeat,
    /// The row is not the next one of its board: ignored.
    OutOfSequence,
    /// The row is another game's on a board number the shown game still
    /// holds (two boards with the same number): kept aside, not shown.
    Duplicate,
}

/// Every board of one tournament.
#[derive(Debug, Default, Clone)]
pub struct Hall {
    boards: BTreeMap<u32, Board>,
}

impl Hall {
    pub fn new() -> Hall {
        Hall::default()
    }

    pub fn board(&self, n: u32) -> Option<&Board> {
        self.boards.get(&n)
    }

    pub fn boards(&self) -> impl Iterator<Item = &Board> {
        self.boards.values()
    }

    /// Folds one message in, with nothing known of the boards' liveness
    /// (see [`Hall::apply_at`]).
    pub fn apply(&mut self, m: BoardMessage) -> Applied {
        self.apply_at(m, None)
    }

    /// Folds one message in, received at `now`. A row at or below the
    /// board's last applied row changes nothing (at least once delivery
    /// becomes exactly once here). A row of another game than the one
    /// shown on its board number is a new game there (the next round) when
    /// the shown one is over, of another round, or silent for
    /// [`GIVES_WAY_AFTER`] (heartbeats heard by `now`; a hall that has not
    /// heard the board yet, rebuilding, takes the newer game); else it is a
    /// second board with the same number, kept aside and alerted.
    pub fn apply_at(&mut self, m: BoardMessage, now: Option<Instant>) -> Applied {
        let n = m.board;
        let board = self.board_entry(n);
        if board.seq == 0 && board.game.is_none() && board.rival.is_none() {
            board.game = m.game.clone();
        }
        if m.game == board.game {
            return self.apply_row(m);
        }
        let Some(game) = m.game.clone() else {
            // A board of an older hector (no game named) on a number a
            // game holds.
            return Applied::OutOfSequence;
        };
        if board.past.contains(&game) {
            return Applied::OutOfSequence;
        }
        match &mut board.rival {
            Some((g, rows)) if *g == game => {
                let last = rows.last().map(|r| r.seq).unwrap_or(0);
                if m.seq <= last {
                    return Applied::Repeat;
                }
                if m.seq != last + 1 || rows.len() >= RIVAL_ROWS_KEPT {
                    return Applied::OutOfSequence;
                }
                rows.push(m);
            }
            _ if m.seq == 1 => board.rival = Some((game, vec![m])),
            _ => return Applied::OutOfSequence,
        }
        match self.give_way(n, now) {
            Some(applied) => applied,
            None => Applied::Duplicate,
        }
    }

    fn board_entry(&mut self, n: u32) -> &mut Board {
        self.boards.entry(n).or_insert_with(|| Board {
            board: n,
            seq: 0,
            state: Value::Null,
            pgn: String::new(),
            last_move: None,
            alerts: Vec::new(),
            arbiter_url: None,
            repeats: 0,
            ignored: BTreeMap::new(),
            live: true,
            heard: None,
            beat: None,
            outages: 0,
            game: None,
            past: Vec::new(),
            rival: None,
            generation: 0,
            run: None,
            rebuilt_upto: 0,
        })
    }

    /// Whether board `n`'s shown game gives way to its rival now; if so the
    /// rival becomes the board's game (a new game everywhere: its rows
    /// from the first, no alerts of the old game) and what that changed is
    /// returned.
    fn give_way(&mut self, n: u32, now: Option<Instant>) -> Option<Applied> {
        let board = self.boards.get_mut(&n)?;
        let (_, rows) = board.rival.as_ref()?;
        let first = rows.first()?;
        let over = board
            .state
            .get("result")
            .and_then(Value::as_str)
            .is_some_and(|r| r != "*");
        let round = |pgn: &str| pgn_tag(pgn, "Round").filter(|r| r != "?");
        let other_round = match (round(&board.pgn), round(&first.pgn)) {
            (Some(a), Some(b)) => a != b,
            _ => false,
        };
        let silent = match (now, board.heard) {
            (Some(now), Some(heard)) => {
                !board.live || now.saturating_duration_since(heard) >= GIVES_WAY_AFTER
            }
            _ => true,
        };
        if !(over || other_round || silent || board.seq == 0) {
            return None;
        }
        let (game, rows) = board.rival.take()?;
        if let Some(old) = board.game.take() {
            board.past.push(old);
            if board.past.len() > PAST_KEPT {
                board.past.remove(0);
            }
        }
        board.game = Some(game);
        board.generation += 1;
        board.seq = 0;
        board.state = Value::Null;
        board.pgn.clear();
        board.last_move = None;
        board.arbiter_url = None;
        board.alerts.clear();
        board.beat = None;
        board.run = None;
        // Its liveness is the new game's, counted from now.
        board.heard = None;
        board.live = true;
        let mut new_alerts = Vec::new();
        for row in rows {
            if let Applied::Changed { new_alerts: a, .. } = self.apply_row(row) {
                new_alerts.extend(a);
            }
        }
        Some(Applied::Changed {
            board: n,
            new_alerts,
        })
    }

    /// Folds in a row of the game shown on its board.
    fn apply_row(&mut self, m: BoardMessage) -> Applied {
        let board = self.board_entry(m.board);
        if m.seq <= board.seq {
            board.repeats += 1;
            return Applied::Repeat;
        }
        // A row must follow the board's last one: a row that skips ahead
        // (even one made with the key) would freeze the board there.
        if m.seq != board.seq + 1 {
            return Applied::OutOfSequence;
        }
        board.seq = m.seq;
        let mut new_alerts = Vec::new();
        for (i, e) in m.events.iter().enumerate() {
            let kind = e.get("kind").and_then(Value::as_str).unwrap_or("");
            if kind == "moved" {
                board.last_move = Some(LastMove {
                    san: str_field(e, "san"),
                    ply: e.get("ply").and_then(Value::as_u64).unwrap_or(0),
                    by: str_field(e, "by"),
                });
            }
            if kind == "boards_agree" {
                close(&mut board.alerts, Need::BoardDifference);
            }
            if kind == "retraced" {
                // The game went back: the last move is the scoresheet's.
                board.last_move = None;
            }
            if kind == "device" && e.get("reachable") == Some(&Value::Bool(true)) {
                let back = device_of(e);
                for a in board.alerts.iter_mut().chain(new_alerts.iter_mut()) {
                    if a.need == Need::DeviceGone && a.device == back {
                        a.open = false;
                    }
                }
            }
            if let Some(need) = Need::of_event(e) {
                // One open alert per need: the session may report a board
                // difference both as guidance and to the arbiter.
                let device = device_of(e);
                if new_alerts
                    .iter()
                    .any(|a: &Alert| a.need == need && a.device == device)
                {
                    continue;
                }
                new_alerts.push(Alert {
                    id: match board.generation {
                        0 => format!("{}.{}.{i}", m.board, m.seq),
                        g => format!("{}.{}.{i}.{g}", m.board, m.seq),
                    },
                    need,
                    label: need.label(),
                    text: str_field(e, "text"),
                    seq: m.seq,
                    t: e.get("t").and_then(Value::as_u64).unwrap_or(0),
                    open: true,
                    device,
                    say: None,
                });
            }
        }
        if !m.state.is_null() {
            board.state = m.state;
            if board.state.get("boards_differ") == Some(&Value::Bool(false)) {
                close(&mut board.alerts, Need::BoardDifference);
                new_alerts.retain(|a| a.need != Need::BoardDifference);
            }
        }
        if board.last_move.is_none() {
            board.last_move = last_move_of_state(&board.state);
        }
        if !m.pgn.is_empty() {
            board.pgn = m.pgn;
        }
        if m.arbiter_url.is_some() {
            board.arbiter_url = m.arbiter_url;
        }
        board.alerts.extend(new_alerts.iter().cloned());
        if board.alerts.len() > ALERTS_KEPT {
            let drop = board.alerts.len() - ALERTS_KEPT;
            board.alerts.drain(..drop);
        }
        Applied::Changed {
            board: m.board,
            new_alerts,
        }
    }

    /// Counts a message the hall did not believe against the board its
    /// subject names and keeps one open alert per kind with the count.
    /// Returns whether a board of the hall was concerned.
    pub fn distrust(&mut self, board: Option<u32>, why: Distrust) -> bool {
        let Some(b) = board.and_then(|n| self.boards.get_mut(&n)) else {
            return false;
        };
        let n = b.ignored.entry(why).or_insert(0);
        *n += 1;
        let count = *n;
        let need = Need::of_distrust(why);
        let text = match why {
            Distrust::Forged => format!(
                "{count} message(s) on this board's subject were not made with the hall's key: someone on the broker is forging; the board's own messages still count."
            ),
            Distrust::Replayed => format!(
                "{count} message(s) repeated or skipped this board's rows; the hall kept its own sequence."
            ),
            Distrust::Misaddressed => {
                format!("{count} message(s) on this board's subject were made for another board.")
            }
            Distrust::Duplicate => format!(
                "Two games claim board {}: {count} message(s) of the second were set aside. Two boards were started with the same --board number; give one its own number (the hall keeps showing the first).",
                b.board
            ),
        };
        let say = Some(json!({
            "key": format!("hall_say_{}", why_name(why)),
            "args": {"count": count, "n": b.board},
        }));
        let id = format!("{}.{}", b.board, why_name(why));
        match b.alerts.iter_mut().find(|a| a.id == id) {
            Some(a) => {
                a.text = text;
                a.say = say;
                a.open = true;
            }
            None => b.alerts.push(Alert {
                id,
                need,
                label: need.label(),
                text,
                seq: b.seq,
                t: 0,
                open: true,
                device: None,
                say,
            }),
        }
        true
    }

    /// Takes a board's heartbeat (already authenticated) heard at `now`
    /// by the hall's own clock. `fresh`: it answers one of the hall's
    /// recent challenges, so the board is there now; only such a heartbeat
    /// makes it live (a recording does not, nor does the board's wall
    /// clock matter). A heartbeat of a board the hall has no row of yet
    /// (a board that just started: its hello) puts it on the overview. A
    /// heartbeat of this run of the board no later than the last one taken
    /// is a replay. Returns whether the board changed on the overview.
    pub fn beat(&mut self, beat: &Beat, now: Instant, fresh: bool) -> Result<bool, Distrust> {
        let new = !self.boards.contains_key(&beat.board);
        let b = self.board_entry(beat.board);
        if new {
            b.game = beat.game.clone();
        }
        if let Some(g) = &beat.game
            && beat.game != b.game
        {
            if b.past.contains(g) {
                // A game this number showed before still beats: a second
                // board with this number (or an old heartbeat replayed).
                return Err(Distrust::Duplicate);
            }
            // Another game's heartbeat (a rival, or a second board that
            // said hello) says nothing of the shown game: its rows decide.
            return Ok(false);
        }
        if let (Some((start, n)), Some(s)) = (&b.run, &beat.start)
            && start == s
            && beat.n <= *n
        {
            return Err(Distrust::Replayed);
        }
        if !fresh {
            return Ok(new);
        }
        if let Some(s) = &beat.start {
            b.run = Some((s.clone(), beat.n));
        }
        b.beat = Some((now, beat.since_ms, beat.seq, beat.wall_ms));
        b.heard = Some(now);
        if b.live {
            return Ok(new);
        }
        b.live = true;
        close(&mut b.alerts, Need::Unreachable);
        Ok(true)
    }

    /// While the broker is away no heartbeat can come: every board's state
    /// is unknown, none is called unreachable, and each has a whole
    /// [`SILENT_AFTER`] from the broker's return to be heard again.
    pub fn hold(&mut self, now: Instant) {
        for b in self.boards.values_mut() {
            b.heard = Some(now);
        }
    }

    /// The broker lost its store: the boards publish their journals again
    /// from the first row; the rows the hall already shows come again and
    /// are no replay.
    pub fn forgive_repeats(&mut self) {
        for b in self.boards.values_mut() {
            b.rebuilt_upto = b.seq;
        }
    }

    /// Whether a repeat of `seq` on board `n` is the broker's rebuild.
    pub fn rebuilding(&self, n: u32, seq: u64) -> bool {
        self.boards.get(&n).is_some_and(|b| seq <= b.rebuilt_upto)
    }

    /// Marks boards not heard from for [`SILENT_AFTER`] as unreachable
    /// (with an open alert); returns the boards that changed. A board's
    /// silence is counted from its first check.
    pub fn refresh(&mut self, now: Instant) -> Vec<u32> {
        let mut changed = Vec::new();
        // A game waiting for its board number: the shown one may have
        // ended or gone silent since.
        let waiting: Vec<u32> = self
            .boards
            .values()
            .filter(|b| b.rival.is_some())
            .map(|b| b.board)
            .collect();
        for n in waiting {
            if self.give_way(n, Some(now)).is_some() {
                changed.push(n);
            }
        }
        for b in self.boards.values_mut() {
            let heard = *b.heard.get_or_insert(now);
            let silent = now.saturating_duration_since(heard);
            if b.live && silent >= SILENT_AFTER {
                b.live = false;
                b.outages += 1;
                b.alerts.push(Alert {
                    id: format!("{}.unreachable.{}", b.board, b.outages),
                    need: Need::Unreachable,
                    label: Need::Unreachable.label(),
                    text: format!(
                        "No word from board {} for {} s: its service, its network or its power is gone.",
                        b.board,
                        silent.as_secs()
                    ),
                    seq: b.seq,
                    t: 0,
                    open: true,
                    device: None,
                    say: Some(json!({
                        "key": "hall_say_unreachable",
                        "args": {"n": b.board, "s": silent.as_secs()},
                    })),
                });
                changed.push(b.board);
            }
        }
        changed
    }

    /// `GET /api/boards`: one object per board, ordered by board number,
    /// holding the board's status fields (`fen`, `turn`, `ply`, `result`,
    /// `clock`, …) plus `board`, `seq`, `last_move`, `live` and
    /// `clock_age_ms`. For the arbiter also `alerts`, `arbiter_url` and
    /// `ignored`.
    pub fn boards_json(&self, arbiter: bool, now: Instant) -> Value {
        Value::Array(self.boards.values().map(|b| b.json(arbiter, now)).collect())
    }

    /// Every game as one multi-game PGN, ordered by board, each with a
    /// `Board` tag and a `Round` tag (`round` replaces an unknown "?").
    pub fn round_pgn(&self, round: Option<&str>) -> String {
        let mut out = String::new();
        for b in self.boards.values() {
            if b.pgn.trim().is_empty() {
                continue;
            }
            out.push_str(&with_tags(&b.pgn, b.board, round));
            out.push('\n');
        }
        out
    }
}

fn why_name(why: Distrust) -> &'static str {
    match why {
        Distrust::Forged => "forged",
        Distrust::Replayed => "replayed",
        Distrust::Misaddressed => "misaddressed",
        Distrust::Duplicate => "duplicate",
    }
}

impl Board {
    /// How old the shown status' clock is, by the board's own clock plus
    /// the time since its heartbeat, when the heartbeat speaks of the row
    /// shown and the board is live (the page runs the clock on from it).
    pub fn clock_age_ms(&self, now: Instant) -> Option<u64> {
        let (at, since, seq, _) = self.beat?;
        if !self.live || seq != self.seq {
            return None;
        }
        Some(since? + now.saturating_duration_since(at).as_millis() as u64)
    }

    /// The board as `/api/boards` shows it.
    pub fn json(&self, arbiter: bool, now: Instant) -> Value {
        let mut o = match &self.state {
            Value::Object(m) => m.clone(),
            _ => serde_json::Map::new(),
        };
        // The status' move lists can be long; the PGN has them.
        o.remove("moves");
        let written = o.remove("written");
        for key in ["fen", "turn", "ply", "result", "clock"] {
            o.entry(key).or_insert(Value::Null);
        }
        o.insert("board".into(), json!(self.board));
        o.insert("seq".into(), json!(self.seq));
        let mut last = json!(self.last_move);
        // The last move as the game writes it (its language's notation),
        // when the status shown is the one after it.
        if let (Some(lm), Value::Object(l)) = (&self.last_move, &mut last) {
            let now_ply = self.state.get("ply").and_then(Value::as_u64);
            let in_words = written
                .as_ref()
                .and_then(Value::as_array)
                .and_then(|w| w.last())
                .and_then(Value::as_str)
                .filter(|_| now_ply == Some(lm.ply));
            l.insert("written".into(), json!(in_words.unwrap_or(&lm.san)));
        }
        o.insert("last_move".into(), last);
        o.insert("white_name".into(), json!(pgn_tag(&self.pgn, "White")));
        o.insert("black_name".into(), json!(pgn_tag(&self.pgn, "Black")));
        o.insert("live".into(), json!(self.live));
        o.insert("clock_age_ms".into(), json!(self.clock_age_ms(now)));
        if arbiter {
            o.insert("alerts".into(), json!(self.alerts));
            o.insert("arbiter_url".into(), json!(self.arbiter_url));
            let ignored: serde_json::Map<String, Value> = self
                .ignored
                .iter()
                .map(|(k, v)| (why_name(*k).to_string(), json!(v)))
                .collect();
            o.insert("ignored".into(), Value::Object(ignored));
        }
        Value::Object(o)
    }
}

/// A tag's value in a PGN's header (`[White "Eva Muster"]`), unless it is
/// missing or unknown ("?").
fn pgn_tag(pgn: &str, name: &str) -> Option<String> {
    let prefix = format!("[{name} \"");
    pgn.lines()
        .map(str::trim)
        .take_while(|l| l.starts_with('[') || l.is_empty())
        .find_map(|l| l.strip_prefix(prefix.as_str())?.strip_suffix("\"]"))
        .map(|v| v.replace("\\\"", "\"").replace("\\\\", "\\"))
        .filter(|v| !v.is_empty() && v != "?")
}

fn str_field(e: &Value, key: &str) -> String {
    e.get(key)
        .and_then(Value::as_str)
        .unwrap_or_default()
        .to_string()
}

fn close(alerts: &mut [Alert], need: Need) {
    for a in alerts.iter_mut().filter(|a| a.need == need) {
        a.open = false;
    }
}

/// The last move from a status' `moves` list (English SAN), when the row
/// that made it was not seen (a retrace, or a hall that joined late).
fn last_move_of_state(state: &Value) -> Option<LastMove> {
    let moves = state.get("moves")?.as_array()?;
    let san = moves.last()?.as_str()?.to_string();
    let ply = state
        .get("ply")
        .and_then(Value::as_u64)
        .unwrap_or(moves.len() as u64);
    // The side to move now did not make the last move.
    let by = match state.get("turn").and_then(Value::as_str) {
        Some("white") => "black",
        Some("black") => "white",
        _ => "",
    };
    Some(LastMove {
        san,
        ply,
        by: by.to_string(),
    })
}

/// The board's PGN with `[Board "N"]` and a `Round` tag: an existing
/// `Board` tag is replaced, a missing or "?" round takes `round`.
fn with_tags(pgn: &str, board: u32, round: Option<&str>) -> String {
    let pgn = pgn.trim_start();
    let mut tags: Vec<String> = Vec::new();
    let mut body = String::new();
    let mut in_tags = true;
    for line in pgn.lines() {
        let l = line.trim();
        if in_tags && l.starts_with('[') && l.ends_with(']') {
            tags.push(l.to_string());
            continue;
        }
        if in_tags && l.is_empty() && tags.is_empty() {
            continue;
        }
        in_tags = false;
        body.push_str(line);
        body.push('\n');
    }
    let name = |t: &str| {
        t.trim_start_matches('[')
            .split_whitespace()
            .next()
            .unwrap_or("")
            .to_string()
    };
    tags.retain(|t| name(t) != "Board");
    let round_tag = tags.iter().position(|t| name(t) == "Round");
    match (round_tag, round) {
        (Some(i), Some(r)) if tags[i] == "[Round \"?\"]" => {
            tags[i] = format!("[Round \"{}\"]", escape(r));
        }
        (None, r) => tags.push(format!("[Round \"{}\"]", escape(r.unwrap_or("?")))),
        _ => {}
    }
    // After the seven-tag roster (Event Site Date Round White Black Result).
    let roster = ["Event", "Site", "Date", "Round", "White", "Black", "Result"];
    let at = tags
        .iter()
        .rposition(|t| roster.contains(&name(t).as_str()))
        .map_or(0, |i| i + 1);
    tags.insert(at, format!("[Board \"{board}\"]"));
    let mut out = tags.join("\n");
    out.push_str("\n\n");
    out.push_str(body.trim());
    out.push('\n');
    out
}

fn escape(s: &str) -> String {
    s.replace('\\', "\\\\").replace('"', "\\\"")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn msg(board: u32, seq: u64, events: Vec<Value>, state: Value) -> BoardMessage {
        BoardMessage {
            board,
            seq,
            events,
            state,
            pgn: format!(
                "[Annotator \"{seq}\"]\n[Event \"Open\"]\n[Site \"?\"]\n[Date \"?\"]\n[Round \"?\"]\n[White \"A\"]\n[Black \"B\"]\n[Result \"*\"]\n\n1. e4 {{[%clk 0:05:00]}} *\n"
            ),
            arbiter_url: None,
            game: None,
        }
    }

    fn game_row(game: &str, seq: u64, san: &str) -> BoardMessage {
        let moved = json!({"t": seq, "kind": "moved", "san": san, "ply": seq, "by": "white", "to": ["all"]});
        BoardMessage {
            game: Some(game.to_string()),
            ..msg(1, seq, vec![moved], status(seq, false))
        }
    }

    fn beat_of(game: &str, wall: u64) -> Beat {
        Beat {
            board: 1,
            seq: 1,
            since_ms: Some(0),
            wall_ms: wall,
            game: Some(game.to_string()),
            start: Some(format!("run-{game}")),
            n: wall,
            challenge: None,
        }
    }

    #[test]
    fn another_game_on_a_board_number_is_the_next_round_once_the_first_is_silent() {
        let mut h = Hall::new();
        let t0 = Instant::now();
        for seq in 1..=3 {
            h.apply_at(game_row("a", seq, "e4"), Some(t0));
        }
        h.beat(&beat_of("a", 1), t0, true).unwrap();
        // Game b's first row while a still beats: a second board 3.
        let s = Duration::from_secs;
        assert_eq!(
            h.apply_at(game_row("b", 1, "d4"), Some(t0 + s(1))),
            Applied::Duplicate
        );
        assert_eq!(
            h.apply_at(game_row("b", 2, "d5"), Some(t0 + s(1))),
            Applied::Duplicate
        );
        assert_eq!(h.board(1).unwrap().seq, 3);
        h.beat(&beat_of("a", 2), t0 + s(3), true).unwrap();
        assert_eq!(h.refresh(t0 + s(7)), Vec::<u32>::new(), "a beat 4 s ago");
        assert_eq!(h.board(1).unwrap().game.as_deref(), Some("a"));
        // a's board stopped: after GIVES_WAY_AFTER b is the board's game,
        // with every row it sent meanwhile.
        assert_eq!(h.refresh(t0 + s(8)), vec![1]);
        let b = h.board(1).unwrap();
        assert_eq!((b.game.as_deref(), b.seq), (Some("b"), 2));
        assert_eq!(b.last_move.as_ref().unwrap().san, "d5");
        // a's rows and heartbeats are old news now.
        assert_eq!(
            h.apply_at(game_row("a", 4, "Nf3"), Some(t0 + s(9))),
            Applied::OutOfSequence
        );
        assert_eq!(
            h.beat(&beat_of("a", 3), t0 + s(9), true),
            Err(Distrust::Duplicate)
        );
        assert!(matches!(
            h.apply_at(game_row("b", 3, "c4"), Some(t0 + s(9))),
            Applied::Changed { .. }
        ));
    }

    #[test]
    fn a_finished_game_or_a_hall_that_has_heard_nothing_gives_way_at_once() {
        // Rebuilding from the stream: nothing heard, the newer game wins.
        let mut h = Hall::new();
        h.apply(game_row("a", 1, "e4"));
        assert!(matches!(
            h.apply(game_row("b", 1, "d4")),
            Applied::Changed { .. }
        ));
        assert_eq!(h.board(1).unwrap().last_move.as_ref().unwrap().san, "d4");
        // A game over gives way even while its board beats.
        let mut h = Hall::new();
        let t0 = Instant::now();
        let mut over = game_row("a", 1, "e4");
        over.state["result"] = json!("1-0");
        h.apply_at(over, Some(t0));
        h.beat(&beat_of("a", 1), t0, true).unwrap();
        assert!(matches!(
            h.apply_at(game_row("b", 1, "d4"), Some(t0)),
            Applied::Changed { .. }
        ));
        // The new game's alerts have ids of their own.
        let flag = json!({"kind": "flag", "player": "white"});
        let Applied::Changed { new_alerts, .. } = h.apply_at(
            BoardMessage {
                game: Some("b".into()),
                ..msg(1, 2, vec![flag], status(2, false))
            },
            Some(t0),
        ) else {
            panic!("changed")
        };
        assert_eq!(new_alerts[0].id, "1.2.0.1");
    }

    fn status(ply: u64, differ: bool) -> Value {
        json!({"fen": "f", "turn": "black", "ply": ply, "result": null,
               "clock": {"white_ms": 1, "black_ms": 2, "running": "black"},
               "moves": ["e4"], "boards_differ": differ})
    }

    #[test]
    fn a_repeated_or_older_row_changes_nothing() {
        let mut h = Hall::new();
        let moved =
            json!({"t": 5, "kind": "moved", "san": "e4", "ply": 1, "by": "white", "to": ["all"]});
        assert!(matches!(
            h.apply(msg(1, 1, vec![moved.clone()], status(1, false))),
            Applied::Changed { .. }
        ));
        let before = h.boards_json(true, Instant::now());
        assert_eq!(
            h.apply(msg(1, 1, vec![moved], status(9, false))),
            Applied::Repeat
        );
        assert_eq!(h.boards_json(true, Instant::now()), before);
        assert_eq!(h.board(1).unwrap().repeats, 1);
        assert_eq!(h.board(1).unwrap().last_move.as_ref().unwrap().san, "e4");
    }

    #[test]
    fn d_2_9_a_board_difference_opens_an_alert_and_boards_agreeing_close_it() {
        let mut h = Hall::new();
        let differ = json!({"t": 9, "kind": "arbiter", "reason": "boards_differ", "text": "The two boards differ: e4", "to": ["arbiter"]});
        let guidance = json!({"t": 9, "kind": "guidance", "board": "sighted", "lines": [], "decision": "", "to": ["all"]});
        let Applied::Changed { new_alerts, .. } =
            h.apply(msg(2, 1, vec![guidance, differ], status(1, true)))
        else {
            panic!("changed");
        };
        assert_eq!(new_alerts.len(), 1);
        assert_eq!(new_alerts[0].need, Need::BoardDifference);
        assert!(h.board(2).unwrap().alerts[0].open);
        h.apply(msg(
            2,
            2,
            vec![json!({"kind": "boards_agree", "to": ["all"]})],
            status(1, false),
        ));
        assert!(!h.board(2).unwrap().alerts[0].open);
    }

    #[test]
    fn a_device_gone_opens_an_alert_that_its_return_closes() {
        let mut h = Hall::new();
        let ev = |device: &str, seat: &str, reachable: bool| {
            json!({"t": 9, "kind": "device", "device": device, "seat": seat, "reachable": reachable,
                   "text": format!("{device} {reachable}"), "to": [seat, "assistant", "arbiter"]})
        };
        let Applied::Changed { new_alerts, .. } = h.apply(msg(
            3,
            1,
            vec![
                ev("eboard", "black", false),
                ev("microphone", "white", false),
            ],
            status(1, false),
        )) else {
            panic!("changed");
        };
        assert_eq!(new_alerts.len(), 2, "one alert per device");
        assert_eq!(new_alerts[0].need, Need::DeviceGone);
        assert_eq!(new_alerts[0].text, "eboard false");
        // The microphone back closes its alert, not the e-board's.
        h.apply(msg(
            3,
            2,
            vec![ev("microphone", "white", true)],
            status(1, false),
        ));
        let open: Vec<&str> = h
            .board(3)
            .unwrap()
            .alerts
            .iter()
            .filter(|a| a.open)
            .map(|a| a.text.as_str())
            .collect();
        assert_eq!(open, ["eboard false"]);
        h.apply(msg(
            3,
            3,
            vec![ev("eboard", "black", true)],
            status(1, false),
        ));
        assert!(h.board(3).unwrap().alerts.iter().all(|a| !a.open));
        assert_eq!(Need::of_event(&ev("braille", "white", true)), None);
    }

    #[test]
    fn a_row_that_skips_ahead_is_ignored_and_the_real_next_row_still_counts() {
        let mut h = Hall::new();
        h.apply(msg(1, 1, vec![], status(1, false)));
        assert_eq!(
            h.apply(msg(1, 999, vec![], status(9, false))),
            Applied::OutOfSequence
        );
        assert_eq!(h.board(1).unwrap().seq, 1);
        assert!(matches!(
            h.apply(msg(1, 2, vec![], status(2, false))),
            Applied::Changed { .. }
        ));
        assert_eq!(h.board(1).unwrap().state["ply"], 2);
    }

    #[test]
    fn ignored_messages_are_counted_in_one_alert_per_kind() {
        let mut h = Hall::new();
        h.apply(msg(1, 1, vec![], status(1, false)));
        assert!(h.distrust(Some(1), Distrust::Forged));
        assert!(h.distrust(Some(1), Distrust::Forged));
        assert!(h.distrust(Some(1), Distrust::Replayed));
        assert!(!h.distrust(Some(2), Distrust::Forged), "no such board");
        assert!(!h.distrust(None, Distrust::Misaddressed));
        let v = h.boards_json(true, Instant::now());
        assert_eq!(v[0]["ignored"]["forged"], 2);
        assert_eq!(v[0]["ignored"]["replayed"], 1);
        let alerts = v[0]["alerts"].as_array().unwrap();
        assert_eq!(alerts.len(), 2, "{alerts:?}");
        assert_eq!(alerts[0]["need"], "forged_messages");
        assert!(alerts[0]["text"].as_str().unwrap().starts_with("2 message"));
        assert!(
            h.boards_json(false, Instant::now())[0]
                .get("ignored")
                .is_none()
        );
    }

    #[test]
    fn a_silent_board_is_unreachable_after_ten_seconds_and_live_when_it_beats_again() {
        let mut h = Hall::new();
        h.apply(msg(1, 1, vec![], status(1, false)));
        let t0 = Instant::now();
        let beat = |seq, since: Option<u64>, wall| Beat {
            board: 1,
            seq,
            since_ms: since,
            wall_ms: wall,
            game: None,
            start: Some("run".into()),
            n: wall,
            challenge: None,
        };
        assert_eq!(h.refresh(t0), Vec::<u32>::new());
        assert_eq!(h.beat(&beat(1, Some(500), 10), t0, true), Ok(false));
        let v = h.boards_json(false, t0 + Duration::from_millis(300));
        assert_eq!(v[0]["live"], true);
        assert_eq!(v[0]["clock_age_ms"], 800);
        assert_eq!(h.refresh(t0 + Duration::from_secs(9)), Vec::<u32>::new());
        assert_eq!(h.refresh(t0 + Duration::from_secs(10)), vec![1]);
        let v = h.boards_json(true, t0 + Duration::from_secs(10));
        assert_eq!(v[0]["live"], false);
        assert_eq!(
            v[0]["clock_age_ms"],
            Value::Null,
            "no running clock for a dead board"
        );
        assert_eq!(v[0]["alerts"][0]["need"], "unreachable");
        assert_eq!(v[0]["alerts"][0]["open"], true);
        // An old heartbeat played again does not bring it back.
        assert_eq!(
            h.beat(&beat(1, Some(500), 10), t0 + Duration::from_secs(11), true),
            Err(Distrust::Replayed)
        );
        assert_eq!(
            h.beat(
                &beat(1, Some(12_000), 20),
                t0 + Duration::from_secs(12),
                true
            ),
            Ok(true)
        );
        let v = h.boards_json(true, t0 + Duration::from_secs(12));
        assert_eq!(v[0]["live"], true);
        assert_eq!(v[0]["alerts"][0]["open"], false);
        // A heartbeat about a row the hall has not shown yet gives no age.
        h.beat(&beat(2, Some(5), 30), t0 + Duration::from_secs(13), true)
            .unwrap();
        assert_eq!(
            h.boards_json(false, t0 + Duration::from_secs(13))[0]["clock_age_ms"],
            Value::Null
        );
    }

    #[test]
    fn a_board_restarted_after_a_crash_needs_the_arbiter() {
        let mut h = Hall::new();
        let ev = json!({"t": 5, "kind": "interrupted", "ms": 20_000, "text": "The game was interrupted for 20 s.", "to": ["arbiter"]});
        let Applied::Changed { new_alerts, .. } = h.apply(msg(1, 1, vec![ev], status(1, false)))
        else {
            panic!("changed");
        };
        assert_eq!(new_alerts[0].need, Need::Interrupted);
        assert_eq!(new_alerts[0].text, "The game was interrupted for 20 s.");
    }

    #[test]
    fn every_arbiter_reason_the_session_reports_is_a_need() {
        for (reason, need) in [
            ("called", Need::ArbiterCalled),
            ("touched", Need::TouchedPiece),
            ("flag_claim", Need::FlagFall),
            ("flag", Need::FlagFall),
            ("boards_differ", Need::BoardDifference),
            ("assistant_missing", Need::MissingAssistant),
            ("illegal_claimed", Need::IllegalMoveClaimed),
            ("interrupted", Need::Interrupted),
        ] {
            assert_eq!(
                Need::of_event(&json!({"kind": "arbiter", "reason": reason})),
                Some(need)
            );
        }
        assert_eq!(
            Need::of_event(&json!({"kind": "flag", "player": "white"})),
            Some(Need::FlagFall)
        );
        assert_eq!(Need::of_event(&json!({"kind": "moved"})), None);
        assert_eq!(Need::of_event(&json!("garbage")), None);
    }

    #[test]
    fn the_public_view_hides_alerts_and_the_arbiter_link() {
        let mut h = Hall::new();
        let mut m = msg(
            4,
            1,
            vec![json!({"kind": "flag", "player": "white"})],
            status(3, false),
        );
        m.arbiter_url = Some("http://127.0.0.1:1/arbiter?token=x".into());
        h.apply(m);
        let public = h.boards_json(false, Instant::now()).to_string();
        assert!(
            !public.contains("token") && !public.contains("alerts"),
            "{public}"
        );
        let arbiter = h.boards_json(true, Instant::now());
        assert_eq!(arbiter[0]["alerts"][0]["need"], "flag_fall");
        assert_eq!(arbiter[0]["board"], 4);
        assert_eq!(arbiter[0]["ply"], 3);
        assert_eq!(arbiter[0]["clock"]["black_ms"], 2);
        assert!(arbiter[0].get("moves").is_none());
    }

    #[test]
    fn the_round_pgn_has_board_and_round_tags_in_board_order() {
        let mut h = Hall::new();
        h.apply(msg(10, 1, vec![], status(1, false)));
        h.apply(msg(2, 1, vec![], status(1, false)));
        let pgn = h.round_pgn(Some("5"));
        let boards: Vec<&str> = pgn.lines().filter(|l| l.starts_with("[Board ")).collect();
        assert_eq!(boards, ["[Board \"2\"]", "[Board \"10\"]"]);
        assert_eq!(pgn.matches("[Round \"5\"]").count(), 2);
        assert_eq!(pgn.matches("[Result \"*\"]\n[Board").count(), 2, "{pgn}");
        // The PGN stays readable by the tools that poll it.
        assert_eq!(crate::rules::pgn::read_pgn(&pgn).unwrap().len(), 2);
    }

    #[test]
    fn a_round_tag_the_board_set_is_kept() {
        let out = with_tags("[Event \"x\"]\n[Round \"3\"]\n\n1. e4 *\n", 1, Some("5"));
        assert!(
            out.contains("[Round \"3\"]") && !out.contains("\"5\""),
            "{out}"
        );
        let out = with_tags("1. e4 *\n", 7, None);
        assert!(
            out.starts_with("[Round \"?\"]\n[Board \"7\"]\n\n1. e4 *"),
            "{out}"
        );
    }

    #[test]
    fn a_board_shows_its_players_and_its_last_move_in_the_games_notation() {
        let mut h = Hall::new();
        let moved =
            json!({"t": 5, "kind": "moved", "san": "Nf3", "ply": 1, "by": "white", "to": ["all"]});
        let mut st = status(1, false);
        st["moves"] = json!(["Nf3"]);
        st["written"] = json!(["Sf3"]);
        h.apply(msg(1, 1, vec![moved], st));
        let b = &h.boards_json(false, Instant::now())[0];
        assert_eq!(b["last_move"]["san"], "Nf3");
        assert_eq!(b["last_move"]["written"], "Sf3");
        assert_eq!(b["white_name"], "A");
        assert_eq!(b["black_name"], "B");
        assert!(b.get("written").is_none(), "the long list stays out: {b}");
        // A status that lags behind the move: the English SAN stands in.
        let moved =
            json!({"t": 9, "kind": "moved", "san": "e5", "ply": 2, "by": "black", "to": ["all"]});
        h.apply(msg(1, 2, vec![moved], Value::Null));
        let b = &h.boards_json(false, Instant::now())[0];
        assert_eq!(b["last_move"]["written"], "e5");
    }

    fn run_beat(board: u32, n: u64, wall: u64) -> Beat {
        Beat {
            board,
            seq: 0,
            since_ms: None,
            wall_ms: wall,
            game: Some("g".into()),
            start: Some("r1".into()),
            n,
            challenge: None,
        }
    }

    #[test]
    fn a_board_clock_stepped_back_an_hour_stays_live() {
        let mut h = Hall::new();
        let t0 = Instant::now();
        let s = Duration::from_secs;
        let wall = 10 * 3_600_000;
        h.beat(&run_beat(1, 1, wall), t0, true).unwrap();
        // NTP steps the board's clock back an hour: its heartbeats go on.
        for i in 2..10u64 {
            let back = wall - 3_600_000 + i * 2_000;
            assert_eq!(
                h.beat(&run_beat(1, i, back), t0 + s(2 * i), true),
                Ok(false)
            );
            assert_eq!(h.refresh(t0 + s(2 * i + 1)), Vec::<u32>::new());
        }
        assert_eq!(h.boards_json(false, t0 + s(20))[0]["live"], true);
        assert!(h.board(1).unwrap().alerts.is_empty());
    }

    #[test]
    fn a_heartbeat_that_answers_no_challenge_of_the_hall_does_not_make_a_board_live() {
        let mut h = Hall::new();
        h.apply(game_row("g", 1, "e4"));
        let t0 = Instant::now();
        let s = Duration::from_secs;
        h.refresh(t0);
        // A recording played to this hall: numbers it has not seen, no
        // challenge of its own.
        for i in 1..20u64 {
            assert_eq!(
                h.beat(&run_beat(1, 100 + i, i), t0 + s(i), false),
                Ok(false)
            );
        }
        assert_eq!(h.refresh(t0 + s(20)), vec![1]);
        assert_eq!(h.boards_json(false, t0 + s(20))[0]["live"], false);
        // The same heartbeat number again (this hall took it): a replay.
        assert_eq!(h.beat(&run_beat(1, 5, 1), t0 + s(21), true), Ok(true));
        assert_eq!(
            h.beat(&run_beat(1, 5, 1), t0 + s(22), true),
            Err(Distrust::Replayed)
        );
        // A restarted board: a new run, its numbers from 1 again.
        let mut again = run_beat(1, 1, 1);
        again.start = Some("r2".into());
        assert_eq!(h.beat(&again, t0 + s(23), true), Ok(false));
    }

    #[test]
    fn a_board_that_said_hello_is_shown_before_its_first_row() {
        let mut h = Hall::new();
        let t0 = Instant::now();
        assert_eq!(h.beat(&run_beat(4, 1, 1), t0, false), Ok(true));
        let v = h.boards_json(false, t0);
        assert_eq!(v[0]["board"], 4);
        assert_eq!(v[0]["seq"], 0);
        assert_eq!(v[0]["live"], true);
        // Its game's rows follow on the same card.
        let mut m = game_row("g", 1, "e4");
        m.board = 4;
        assert!(matches!(h.apply_at(m, Some(t0)), Applied::Changed { .. }));
        assert_eq!(h.board(4).unwrap().seq, 1);
        assert!(h.round_pgn(None).contains("[Board \"4\"]"));
    }

    #[test]
    fn player_names_come_from_the_pgn_tags() {
        let pgn =
            "[Event \"Open\"]\n[White \"Eva \\\"Evi\\\" Muster\"]\n[Black \"?\"]\n\n1. e4 *\n";
        assert_eq!(pgn_tag(pgn, "White").as_deref(), Some("Eva \"Evi\" Muster"));
        assert_eq!(pgn_tag(pgn, "Black"), None);
        assert_eq!(pgn_tag("", "White"), None);
        assert_eq!(pgn_tag("1. e4 [White \"X\"] *", "White"), None);
    }
}
