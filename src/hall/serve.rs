//! The hall publisher inside `hector serve --hall nats://HOST:PORT
//! --tournament T --board N`: each committed journal row becomes a
//! [`BoardMessage`], and after an outage the rows come back from the
//! board's SQLite journal, replayed to give each row's state and PGN.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use serde_json::Value;

use super::message::BoardMessage;
use super::publish::{Journal, Publisher, Target};
use crate::service::Board;
use crate::service::game::Game;
use crate::service::journal::{self, Row};

/// Publishes every row `board` commits from now on to the hall, and the
/// rows the broker lacks from the journal at `path`. Must be called inside
/// the service's tokio runtime.
pub fn attach(board: &mut Board, target: Target, path: &Path, arbiter_url: String) {
    let n = target.board;
    let journal = Arc::new(ServeJournal {
        path: path.to_path_buf(),
        config: board.config().clone(),
        tags: board.tags().to_vec(),
        board: n,
        arbiter_url: Some(arbiter_url.clone()),
    });
    let publisher = Publisher::start(target, journal);
    board.on_commit(Box::new(move |row, state, pgn| {
        publisher.committed(message(
            n,
            row,
            state.clone(),
            pgn.to_string(),
            Some(arbiter_url.clone()),
        ));
    }));
}

/// The events of a row the hall may see: public ones and the arbiter's.
pub fn hall_events(events: &Value) -> Vec<Value> {
    events
        .as_array()
        .map(|list| {
            list.iter()
                .filter(|e| {
                    e.get("to").and_then(Value::as_array).is_some_and(|to| {
                        to.iter()
                            .any(|s| s.as_str() == Some("all") || s.as_str() == Some("arbiter"))
                    })
                })
                .cloned()
                .collect()
        })
        .unwrap_or_default()
}

/// The hall message of a committed row.
pub fn message(
    board: u32,
    row: &Row,
    state: Value,
    pgn: String,
    arbiter_url: Option<String>,
) -> BoardMessage {
    BoardMessage {
        board,
        seq: row.seq.max(0) as u64,
        events: hall_events(&row.events),
        state,
        pgn,
        arbiter_url,
    }
}

/// A board's journal as the publisher reads it after an outage.
pub struct ServeJournal {
    pub path: PathBuf,
    pub config: Value,
    pub tags: Vec<(String, String)>,
    pub board: u32,
    pub arbiter_url: Option<String>,
}

impl Journal for ServeJournal {
    fn rows_after(&self, seq: u64) -> Result<Vec<BoardMessage>, String> {
        let j = journal::Journal::open_read_only(&self.path).map_err(|e| e.to_string())?;
        let rows = j.rows_after(0).map_err(|e| e.to_string())?;
        let mut game = Game::new(&self.config)?;
        let mut out = Vec::new();
        for row in &rows {
            game.apply(&row.command);
            if row.seq > 0 && row.seq as u64 > seq {
                out.push(message(
                    self.board,
                    row,
                    game.status(row.t),
                    game.pgn(&self.tags),
                    self.arbiter_url.clone(),
                ));
            }
        }
        Ok(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn the_hall_sees_public_and_arbiter_events_only() {
        let events = json!([
            {"kind": "moved", "to": ["all"]},
            {"kind": "readback", "to": ["white"]},
            {"kind": "arbiter", "to": ["arbiter"], "reason": "called"},
            {"kind": "guidance", "to": ["black", "arbiter"]},
            {"kind": "answer", "to": ["assistant"]},
        ]);
        let kinds: Vec<String> = hall_events(&events)
            .iter()
            .map(|e| e["kind"].as_str().unwrap().to_string())
            .collect();
        assert_eq!(kinds, ["moved", "arbiter", "guidance"]);
        assert!(hall_events(&json!("garbage")).is_empty());
    }
}
