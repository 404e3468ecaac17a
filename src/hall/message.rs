//! What a board publishes to the hall: one message per committed journal
//! row, and the names it is published under.

use serde::{Deserialize, Serialize};
use serde_json::Value;

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

    /// The de-duplication id of a row: `<T>.<N>.<seq>` (header `Nats-Msg-Id`).
    pub fn msg_id(&self, board: u32, seq: u64) -> String {
        format!("{}.{board}.{seq}", self.0)
    }
}

/// Checks a broker address `nats://HOST:PORT` and returns it as the client
/// wants it; the error is a sentence for the user.
pub fn broker_url(url: &str) -> Result<String, String> {
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
    Ok(url.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn subjects_and_ids_follow_the_contract() {
        let t = Tournament::parse("open-2026").unwrap();
        assert_eq!(t.subject(7), "hector.open-2026.7.events");
        assert_eq!(t.all_boards(), "hector.open-2026.*.events");
        assert_eq!(t.msg_id(7, 12), "open-2026.7.12");
    }

    #[test]
    fn tournament_names_that_break_subjects_are_refused() {
        for bad in ["", "a.b", "a*", "a>", "a b", "ü"] {
            assert!(Tournament::parse(bad).is_err(), "{bad}");
        }
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
        };
        let s = serde_json::to_string(&m).unwrap();
        assert!(!s.contains("arbiter_url"));
        assert_eq!(serde_json::from_str::<BoardMessage>(&s).unwrap(), m);
    }
}
