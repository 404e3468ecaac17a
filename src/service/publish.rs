//! `hector serve --hall nats://HOST:PORT --tournament T --board N`: each
//! committed journal row goes to the tournament hall through the hall's
//! publisher; after an outage the publisher reads the rows it missed back
//! from this board's journal ([`Feed`]).

use std::path::PathBuf;
use std::sync::Arc;

use serde_json::Value;

use super::game::Game;
use super::journal::{Journal, Row};
use crate::hall::key::HallKey;
use crate::hall::message::{BoardMessage, Tournament};
use crate::hall::publish::{self, Publisher, Target};

/// Where a board publishes.
#[derive(Debug, Clone)]
pub struct Hall {
    /// `nats://HOST:PORT` (checked).
    pub url: String,
    pub tournament: Tournament,
    /// The hall's key; without it the hall believes none of this board's
    /// messages.
    pub key: Option<HallKey>,
}

/// The message of one row: the events that are public or for the arbiter
/// (a sealed move or a read-back for one player never leaves the board),
/// the status and the PGN after it.
pub fn message(board: u32, row: &Row, state: &Value, pgn: &str) -> BoardMessage {
    let for_hall = |e: &&Value| {
        e.get("to").and_then(Value::as_array).is_some_and(|to| {
            to.iter()
                .any(|s| s.as_str() == Some("all") || s.as_str() == Some("arbiter"))
        })
    };
    BoardMessage {
        board,
        seq: row.seq.max(0) as u64,
        events: row
            .events
            .as_array()
            .map(|l| l.iter().filter(for_hall).cloned().collect())
            .unwrap_or_default(),
        state: state.clone(),
        pgn: pgn.to_string(),
        arbiter_url: None,
        game: None,
    }
}

/// A board's journal as the hall publisher reads it after an outage: the
/// game is replayed so every row comes with its status and PGN.
pub struct Feed {
    pub path: PathBuf,
    pub config: Value,
    pub tags: Vec<(String, String)>,
    pub board: u32,
    /// The address of the board's arbiter page, without any token (the
    /// hall links it with a ticket it signs; nothing secret crosses the
    /// broker).
    pub arbiter_url: Option<String>,
    /// The game's identity (the journal's), carried by every message.
    pub game: Option<String>,
}

impl publish::Journal for Feed {
    fn rows_after(&self, seq: u64) -> Result<Vec<BoardMessage>, String> {
        let journal = Journal::open_read_only(&self.path).map_err(|e| e.to_string())?;
        let rows = journal.rows_after(0).map_err(|e| e.to_string())?;
        let mut game = Game::new(&self.config)?;
        let mut out = Vec::new();
        for row in &rows {
            game.apply(&row.command);
            if row.seq.max(0) as u64 > seq {
                let state = game.status(row.t);
                let mut m = message(self.board, row, &state, &game.pgn(&self.tags));
                m.arbiter_url = self.arbiter_url.clone();
                m.game = self.game.clone();
                out.push(m);
            }
        }
        Ok(out)
    }
}

/// Starts the publisher (on the current tokio runtime) and returns the
/// function the board calls after each commit.
pub fn start(hall: Hall, board: u32, feed: Feed) -> super::OnCommit {
    let arbiter_url = feed.arbiter_url.clone();
    let game = feed.game.clone();
    let publisher = Publisher::start(
        Target {
            url: hall.url,
            tournament: hall.tournament,
            board,
            key: hall.key,
            game: game.clone(),
        },
        Arc::new(feed),
    );
    Box::new(move |row: &Row, state: &Value, pgn: &str| {
        let mut m = message(board, row, state, pgn);
        m.arbiter_url = arbiter_url.clone();
        m.game = game.clone();
        publisher.committed(m);
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn only_public_and_arbiter_events_go_to_the_hall() {
        let row = Row {
            seq: 4,
            t: 100,
            wall_ms: 0,
            command: json!({"t": 100, "from": "white", "text": "adjourn e4"}),
            events: json!([
                {"kind": "sealed", "san": "e4", "to": ["white"]},
                {"kind": "adjourned", "to": ["all"]},
                {"kind": "arbiter", "to": ["arbiter"]},
            ]),
        };
        let m = message(7, &row, &json!({"ply": 3}), "1. e4 *");
        assert_eq!(m.board, 7);
        assert_eq!(m.seq, 4);
        let kinds: Vec<&str> = m.events.iter().filter_map(|e| e["kind"].as_str()).collect();
        assert_eq!(
            kinds,
            vec!["adjourned", "arbiter"],
            "the sealed move stays secret"
        );
    }
}
