//! What a board publishes to the hall: one message per committed journal
//! row, and the names it is published under.

use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::key::HallKey;

/// The JetStream stream every hall message is stored in.
pub const STREAM: &str = "hector";
/// The subjects of that stream.
pub const STREAM_SUBJECTS: &str = "hector.>";
/// How long the broker remembers a message id, so that a board that
/// re-publishes rows after an outage adds nothing twice (a round lasts
/// hours; an adjourned game resumes another day).
pub const DUPLICATE_WINDOW: std::time::Duration = std::time::Duration::from_secs(24 * 3600);

/// One board's journal row as the hall sees it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct BoardMessage {
    /// The board number in the tournament (from 1).
    pub board: u32,
    /// The journal sequence of the row (from 1, no gaps).
    pub seq: u64,
    /// The events the row produced that are public or addressed to the
    /// arbiter, each as `hector session` prints it.
    pub events: Vec<Value>,
    /// The board's `status` object after the row (as `GET /api/state`).
    pub state: Value,
    /// The game so far as PGN, with `{[%clk h:mm:ss]}` after every move.
    pub pgn: String,
    /// The board's own arbiter page, when the board shares it with the hall.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub arbiter_url: Option<String>,
    /// The game's own identity: 128 random bits (hex) made with its
    /// journal. Rows of another game on the same board number are another
    /// round (or another board claiming the number), never this game's.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub game: Option<String>,
}

/// A tournament name as it appears in subjects: letters, digits, `-` and
/// `_` only (NATS subjects are split on dots; `*` and `>` are wildcards).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Tournament(String);

impl Tournament {
    /// Checks a tournament name; the error is a sentence for the user.
    pub fn parse(name: &str) -> Result<Tournament, String> {
        let ok = !name.is_empty()
            && name.len() <= 64
            && name
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_');
        if ok {
            Ok(Tournament(name.to_string()))
        } else {
            Err(format!(
                "The tournament name '{name}' may only use letters, digits, '-' and '_' (at most 64)."
            ))
        }
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// The subject a board publishes on: `hector.<T>.<N>.events`.
    pub fn subject(&self, board: u32) -> String {
        format!("hector.{}.{board}.events", self.0)
    }

    /// The subjects of every board of the tournament.
    pub fn all_boards(&self) -> String {
        format!("hector.{}.*.events", self.0)
    }

    /// The de-duplication id of a row of a board without the hall's key:
    /// `<T>.<N>.<game>.<seq>` (header `Nats-Msg-Id`; `<T>.<N>.<seq>` for
    /// a board that names no game). A board with the key uses
    /// [`HallKey::msg_id`], which no one without the key can predict. The
    /// game's identity keeps a new round's rows (or a restarted board's
    /// new game) from being taken for duplicates of the last one's.
    pub fn msg_id(&self, board: u32, game: Option<&str>, seq: u64) -> String {
        match game {
            Some(g) => format!("{}.{board}.{g}.{seq}", self.0),
            None => format!("{}.{board}.{seq}", self.0),
        }
    }

    /// The subject of a board's heartbeat: `hector-beat.<T>.<N>` (plain
    /// NATS, outside the stream: a heartbeat is news only while it is new).
    pub fn beat_subject(&self, board: u32) -> String {
        format!("hector-beat.{}.{board}", self.0)
    }

    /// The heartbeats of every board of the tournament.
    pub fn all_beats(&self) -> String {
        format!("hector-beat.{}.*", self.0)
    }

    /// The subject of the hall's challenges, `hector-challenge.<T>.hall`
    /// (plain NATS): the boards put the newest in their heartbeats.
    pub fn challenge_subject(&self) -> String {
        format!("hector-challenge.{}.hall", self.0)
    }

    /// The board a subject of this tournament names (`hector.<T>.<N>.events`
    /// or `hector-beat.<T>.<N>`), if it names one.
    pub fn board_of_subject(&self, subject: &str) -> Option<u32> {
        let rest = subject
            .strip_prefix("hector.")
            .and_then(|r| r.strip_suffix(".events"))
            .or_else(|| subject.strip_prefix("hector-beat."))?;
        let (t, n) = rest.rsplit_once('.')?;
        if t != self.0 || n.starts_with('0') || n.starts_with('+') {
            return None;
        }
        n.parse().ok()
    }
}

/// Why the hall ignored a message.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Distrust {
    /// Not made with the hall's key (or not a board message at all).
    Forged,
    /// Made with the key, but a row the hall already has, or not the next
    /// row of its board.
    Replayed,
    /// Made with the key, but its board is not the one its subject names.
    Misaddressed,
    /// Made with the key, on a board number another game of the round
    /// already holds (two boards started with the same `--board`).
    Duplicate,
}

/// A board's heartbeat (every [`BEAT_EVERY`]): the board is there, its last
/// committed row is `seq`, committed `since_ms` ago by the board's clock.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Beat {
    pub board: u32,
    pub seq: u64,
    /// Milliseconds since `seq` was committed (none yet in this run: null).
    pub since_ms: Option<u64>,
    /// The board's wall clock (ms since 1970): a heartbeat older than the
    /// last one taken is a replay.
    pub wall_ms: u64,
    /// The game the board plays (see [`BoardMessage::game`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub game: Option<String>,
    /// 64 random bits (hex) the board made when it started: with `n`, a
    /// heartbeat the hall has already taken from this run is a replay.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub start: Option<String>,
    /// The heartbeat's number in this run of the board (from 1).
    #[serde(default)]
    pub n: u64,
    /// The newest challenge of the hall the board heard (see
    /// [`Tournament::challenge_subject`]): only a heartbeat answering one
    /// of the hall's own recent challenges shows the board is there now.
    /// Neither a recording played to a freshly started hall nor the
    /// board's wall clock can make it so.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub challenge: Option<String>,
}

/// How often the hall sends a new challenge for the boards' heartbeats.
pub const CHALLENGE_EVERY: std::time::Duration = std::time::Duration::from_secs(2);
/// How many of its latest challenges the hall takes as an answer
/// (`CHALLENGE_EVERY` × this: how stale a heartbeat may be).
pub const CHALLENGES_KEPT: usize = 4;

/// How often a board sends its heartbeat.
pub const BEAT_EVERY: std::time::Duration = std::time::Duration::from_secs(2);

/// Checks a message as the broker delivered it: its MAC (over subject and
/// payload, with the hall's key), then that its board is the subject's.
/// On refusal: the board the subject names (if any) and why.
pub fn check<T: serde::de::DeserializeOwned + HasBoard>(
    key: &HallKey,
    tournament: &Tournament,
    subject: &str,
    mac: Option<&str>,
    payload: &[u8],
) -> Result<T, (Option<u32>, Distrust)> {
    let named = tournament.board_of_subject(subject);
    if named.is_none() {
        return Err((None, Distrust::Misaddressed));
    }
    if !mac.is_some_and(|mac| key.verify(subject, payload, mac)) {
        return Err((named, Distrust::Forged));
    }
    let m: T = serde_json::from_slice(payload).map_err(|_| (named, Distrust::Forged))?;
    if Some(m.board()) != named {
        return Err((named, Distrust::Misaddressed));
    }
    Ok(m)
}

/// A message that names its board.
pub trait HasBoard {
    fn board(&self) -> u32;
}

impl HasBoard for BoardMessage {
    fn board(&self) -> u32 {
        self.board
    }
}

impl HasBoard for Beat {
    fn board(&self) -> u32 {
        self.board
    }
}

/// A broker address split into the address without credentials and the
/// credentials: `nats://USER:PASSWORD@HOST:PORT` (user and password) or
/// `nats://TOKEN@HOST:PORT` (a token). Broker authentication keeps
/// strangers off the broker; the hall's trust does not depend on it.
pub fn broker_credentials(url: &str) -> (String, Option<(String, Option<String>)>) {
    let Some(rest) = url.strip_prefix("nats://") else {
        return (url.to_string(), None);
    };
    match rest.rsplit_once('@') {
        Some((creds, host)) if !creds.is_empty() => {
            let creds = match creds.split_once(':') {
                Some((user, pass)) => (user.to_string(), Some(pass.to_string())),
                None => (creds.to_string(), None),
            };
            (format!("nats://{host}"), Some(creds))
        }
        _ => (url.to_string(), None),
    }
}

/// The broker address as it may be printed: without its credentials.
pub fn shown_url(url: &str) -> String {
    broker_credentials(url).0
}

/// Checks a broker address `nats://[USER:PASSWORD@]HOST:PORT` and returns
/// it as given; the error is a sentence for the user (never showing the
/// password).
pub fn broker_url(url: &str) -> Result<String, String> {
    let full = url;
    let shown = shown_url(url);
    let url = shown.as_str();
    if full
        .strip_prefix("nats://")
        .is_some_and(|r| r.ends_with('@'))
    {
        return Err(format!(
            "The broker address '{url}' has no host after its credentials: write nats://USER:PASSWORD@HOST:PORT."
        ));
    }
    let rest = url.strip_prefix("nats://").ok_or_else(|| {
        format!("The broker address '{url}' must look like nats://HOST:PORT, for example nats://127.0.0.1:4222.")
    })?;
    let (host, port) = rest.rsplit_once(':').ok_or_else(|| {
        format!("The broker address '{url}' has no port: write nats://HOST:PORT.")
    })?;
    if host.is_empty() || port.parse::<u16>().map(|p| p == 0).unwrap_or(true) {
        return Err(format!(
            "The broker address '{url}' needs a host and a port from 1 to 65535."
        ));
    }
    Ok(full.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn subjects_and_ids_follow_the_contract() {
        let t = Tournament::parse("open-2026").unwrap();
        assert_eq!(t.subject(7), "hector.open-2026.7.events");
        assert_eq!(t.all_boards(), "hector.open-2026.*.events");
        assert_eq!(t.msg_id(7, None, 12), "open-2026.7.12");
        assert_eq!(t.msg_id(7, Some("ab12"), 12), "open-2026.7.ab12.12");
    }

    #[test]
    fn subjects_name_their_board() {
        let t = Tournament::parse("open").unwrap();
        assert_eq!(t.board_of_subject("hector.open.7.events"), Some(7));
        assert_eq!(t.board_of_subject("hector-beat.open.12"), Some(12));
        assert_eq!(t.beat_subject(3), "hector-beat.open.3");
        for bad in [
            "hector.club.7.events",
            "hector.open.x.events",
            "hector.open.07.events",
            "hector.open.7",
            "hector.open.7.beat",
            "other",
        ] {
            assert_eq!(t.board_of_subject(bad), None, "{bad}");
        }
    }

    #[test]
    fn only_a_message_made_with_the_key_on_its_own_subject_is_believed() {
        let key = HallKey::generate().unwrap();
        let t = Tournament::parse("open").unwrap();
        let m = BoardMessage {
            board: 1,
            seq: 1,
            events: vec![],
            state: serde_json::json!({}),
            pgn: String::new(),
            arbiter_url: None,
            game: None,
        };
        let payload = serde_json::to_vec(&m).unwrap();
        let s1 = t.subject(1);
        let mac = key.sign(&s1, &payload);
        let ok: Result<BoardMessage, _> = check(&key, &t, &s1, Some(&mac), &payload);
        assert_eq!(ok.unwrap(), m);
        let forged: Result<BoardMessage, _> = check(&key, &t, &s1, None, &payload);
        assert_eq!(forged.unwrap_err(), (Some(1), Distrust::Forged));
        let other = HallKey::generate().unwrap();
        let forged: Result<BoardMessage, _> =
            check(&key, &t, &s1, Some(&other.sign(&s1, &payload)), &payload);
        assert_eq!(forged.unwrap_err(), (Some(1), Distrust::Forged));
        // Board 1's real message copied to board 2's subject.
        let moved: Result<BoardMessage, _> = check(&key, &t, &t.subject(2), Some(&mac), &payload);
        assert_eq!(moved.unwrap_err(), (Some(2), Distrust::Forged));
        // Signed for board 2's subject but saying board 1.
        let s2 = t.subject(2);
        let mis: Result<BoardMessage, _> =
            check(&key, &t, &s2, Some(&key.sign(&s2, &payload)), &payload);
        assert_eq!(mis.unwrap_err(), (Some(2), Distrust::Misaddressed));
        let garbage: Result<BoardMessage, _> =
            check(&key, &t, &s1, Some(&key.sign(&s1, b"[")), b"[");
        assert_eq!(garbage.unwrap_err(), (Some(1), Distrust::Forged));
    }

    #[test]
    fn tournament_names_that_break_subjects_are_refused() {
        for bad in ["", "a.b", "a*", "a>", "a b", "ü"] {
            assert!(Tournament::parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn broker_credentials_are_taken_from_the_address_and_never_shown() {
        assert_eq!(
            broker_credentials("nats://board:s3cret@hall.local:4222"),
            (
                "nats://hall.local:4222".to_string(),
                Some(("board".to_string(), Some("s3cret".to_string())))
            )
        );
        assert_eq!(
            broker_credentials("nats://tok@h:1"),
            ("nats://h:1".to_string(), Some(("tok".to_string(), None)))
        );
        assert_eq!(
            broker_credentials("nats://h:1"),
            ("nats://h:1".to_string(), None)
        );
        assert_eq!(
            broker_url("nats://u:p@h:4222").unwrap(),
            "nats://u:p@h:4222"
        );
        let e = broker_url("nats://u:secret@h").unwrap_err();
        assert!(!e.contains("secret"), "{e}");
        assert!(broker_url("nats://u:p@").is_err());
    }

    #[test]
    fn broker_urls_are_checked() {
        assert!(broker_url("nats://127.0.0.1:4222").is_ok());
        for bad in [
            "127.0.0.1:4222",
            "nats://host",
            "nats://:4222",
            "nats://h:0",
            "nats://h:x",
        ] {
            assert!(broker_url(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn a_message_reads_back_as_written() {
        let m = BoardMessage {
            board: 3,
            seq: 9,
            events: vec![serde_json::json!({"kind": "moved", "san": "e4"})],
            state: serde_json::json!({"fen": "x", "ply": 1}),
            pgn: "1. e4 *".into(),
            arbiter_url: None,
            game: None,
        };
        let s = serde_json::to_string(&m).unwrap();
        assert!(!s.contains("arbiter_url"));
        assert_eq!(serde_json::from_str::<BoardMessage>(&s).unwrap(), m);
    }
}
