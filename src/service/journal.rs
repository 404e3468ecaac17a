//! The write-ahead journal of `hector serve`: one SQLite file per board
//! (WAL, `synchronous=FULL`). Every accepted command is committed, with its
//! time and the events it produced, before any of those events leaves the
//! process; a restart on the same file replays the commands into a fresh
//! game. The file also keeps the game's options, its PGN tags and the seat
//! tokens, so every seat's URL stays valid across a restart. hector never
//! deletes a journal.

use std::path::{Path, PathBuf};

use rusqlite::{Connection, OpenFlags, OptionalExtension, params};
use serde::Serialize;
use serde_json::Value;

/// "HECT": marks the SQLite file as a hector journal.
const APPLICATION_ID: i64 = 0x4845_4354;

/// Why the journal could not be used, as a sentence.
#[derive(Debug, thiserror::Error)]
pub enum JournalError {
    #[error("The journal {0} cannot be used: {1}.")]
    Sql(String, rusqlite::Error),
    #[error("The file {0} is not a hector journal.")]
    Foreign(String),
    #[error("The journal {0} is damaged: {1}.")]
    Damaged(String, String),
}

/// One committed command.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Row {
    /// The journal sequence number (1, 2, … without gaps).
    pub seq: i64,
    /// Session time in ms (the command's `t`).
    pub t: u64,
    /// Wall-clock time of the commit, ms since the Unix epoch.
    pub wall_ms: u64,
    /// The command, a `hector session` input line.
    pub command: Value,
    /// The events it produced, as `hector session` prints them.
    pub events: Value,
}

/// What a journal holds besides its commands.
#[derive(Debug, Clone, PartialEq)]
pub struct Stored {
    /// The session's options (locale, fen, moves, control, blind …).
    pub config: Value,
    /// PGN tags, in order.
    pub tags: Vec<(String, String)>,
    /// Seat name → token.
    pub tokens: Vec<(String, String)>,
}

/// An open journal.
pub struct Journal {
    conn: Connection,
    path: String,
}

impl Journal {
    /// Opens (creating when missing) the journal at `path` for writing.
    pub fn open(path: &Path) -> Result<Journal, JournalError> {
        let name = path.display().to_string();
        let sql = |e| JournalError::Sql(name.clone(), e);
        let conn = Connection::open(path).map_err(sql)?;
        conn.busy_timeout(std::time::Duration::from_secs(5))
            .map_err(sql)?;
        let id: i64 = conn
            .query_row("PRAGMA application_id", [], |r| r.get(0))
            .map_err(|e| match e {
                rusqlite::Error::SqliteFailure(f, _)
                    if f.code == rusqlite::ErrorCode::NotADatabase =>
                {
                    JournalError::Foreign(name.clone())
                }
                e => sql(e),
            })?;
        let tables: i64 = conn
            .query_row("SELECT count(*) FROM sqlite_master", [], |r| r.get(0))
            .map_err(sql)?;
        if id != APPLICATION_ID && tables > 0 {
            return Err(JournalError::Foreign(name));
        }
        let mode: String = conn
            .query_row("PRAGMA journal_mode=WAL", [], |r| r.get(0))
            .map_err(sql)?;
        if !mode.eq_ignore_ascii_case("wal") {
            return Err(JournalError::Damaged(
                name,
                format!("write-ahead logging is not available (journal mode {mode})"),
            ));
        }
        conn.execute_batch(&format!(
            "PRAGMA synchronous=FULL;
             PRAGMA application_id={APPLICATION_ID};
             CREATE TABLE IF NOT EXISTS config (key TEXT PRIMARY KEY, value TEXT NOT NULL);
             CREATE TABLE IF NOT EXISTS tokens (seat TEXT PRIMARY KEY, token TEXT NOT NULL);
             CREATE TABLE IF NOT EXISTS commands (
                 seq INTEGER PRIMARY KEY,
                 t INTEGER NOT NULL,
                 wall_ms INTEGER NOT NULL,
                 command TEXT NOT NULL,
                 events TEXT NOT NULL);"
        ))
        .map_err(sql)?;
        Ok(Journal { conn, path: name })
    }

    /// Opens an existing journal for reading only (the hall publisher, tests).
    pub fn open_read_only(path: &Path) -> Result<Journal, JournalError> {
        let name = path.display().to_string();
        let conn = Connection::open_with_flags(
            path,
            OpenFlags::SQLITE_OPEN_READ_ONLY | OpenFlags::SQLITE_OPEN_NO_MUTEX,
        )
        .map_err(|e| JournalError::Sql(name.clone(), e))?;
        conn.busy_timeout(std::time::Duration::from_secs(5))
            .map_err(|e| JournalError::Sql(name.clone(), e))?;
        Ok(Journal { conn, path: name })
    }

    fn sql(&self) -> impl Fn(rusqlite::Error) -> JournalError + '_ {
        |e| JournalError::Sql(self.path.clone(), e)
    }

    /// The file's name as given.
    pub fn path(&self) -> PathBuf {
        PathBuf::from(&self.path)
    }

    /// Options, tags and tokens, or `None` for a journal not yet started.
    pub fn stored(&self) -> Result<Option<Stored>, JournalError> {
        let get = |key: &str| -> Result<Option<Value>, JournalError> {
            let text: Option<String> = self
                .conn
                .query_row("SELECT value FROM config WHERE key = ?1", [key], |r| {
                    r.get(0)
                })
                .optional()
                .map_err(self.sql())?;
            text.map(|t| serde_json::from_str(&t))
                .transpose()
                .map_err(|e| JournalError::Damaged(self.path.clone(), format!("{key}: {e}")))
        };
        let Some(config) = get("session")? else {
            return Ok(None);
        };
        let tags: Vec<(String, String)> = match get("tags")? {
            Some(v) => serde_json::from_value(v)
                .map_err(|e| JournalError::Damaged(self.path.clone(), format!("tags: {e}")))?,
            None => Vec::new(),
        };
        let mut stmt = self
            .conn
            .prepare("SELECT seat, token FROM tokens ORDER BY rowid")
            .map_err(self.sql())?;
        let tokens = stmt
            .query_map([], |r| Ok((r.get(0)?, r.get(1)?)))
            .map_err(self.sql())?
            .collect::<Result<Vec<(String, String)>, _>>()
            .map_err(self.sql())?;
        Ok(Some(Stored {
            config,
            tags,
            tokens,
        }))
    }

    /// Writes the options, tags and tokens of a new game (one transaction).
    pub fn start(&mut self, stored: &Stored) -> Result<(), JournalError> {
        let path = self.path.clone();
        let sql = |e| JournalError::Sql(path.clone(), e);
        let tx = self.conn.transaction().map_err(sql)?;
        tx.execute(
            "INSERT OR REPLACE INTO config (key, value) VALUES ('session', ?1), ('tags', ?2)",
            params![
                stored.config.to_string(),
                serde_json::to_string(&stored.tags).unwrap_or_else(|_| "[]".into())
            ],
        )
        .map_err(sql)?;
        for (seat, token) in &stored.tokens {
            tx.execute(
                "INSERT OR REPLACE INTO tokens (seat, token) VALUES (?1, ?2)",
                params![seat, token],
            )
            .map_err(sql)?;
        }
        tx.commit().map_err(sql)
    }

    /// A stored setting (outside the game: e.g. the port last served on).
    pub fn setting(&self, key: &str) -> Option<String> {
        self.conn
            .query_row(
                "SELECT value FROM config WHERE key = ?1",
                [format!("serve.{key}")],
                |r| r.get(0),
            )
            .ok()
    }

    /// Stores a setting.
    pub fn set_setting(&mut self, key: &str, value: &str) -> Result<(), JournalError> {
        self.conn
            .execute(
                "INSERT OR REPLACE INTO config (key, value) VALUES (?1, ?2)",
                params![format!("serve.{key}"), value],
            )
            .map(|_| ())
            .map_err(self.sql())
    }

    /// Commits one command and its events; returns its sequence number.
    /// When this returns, the row is on disk (`synchronous=FULL`).
    pub fn append(
        &mut self,
        t: u64,
        wall_ms: u64,
        command: &Value,
        events: &Value,
    ) -> Result<i64, JournalError> {
        let path = self.path.clone();
        let sql = |e| JournalError::Sql(path.clone(), e);
        let tx = self.conn.transaction().map_err(sql)?;
        tx.execute(
            "INSERT INTO commands (t, wall_ms, command, events) VALUES (?1, ?2, ?3, ?4)",
            params![
                t as i64,
                wall_ms as i64,
                command.to_string(),
                events.to_string()
            ],
        )
        .map_err(sql)?;
        let seq = tx.last_insert_rowid();
        tx.commit().map_err(sql)?;
        Ok(seq)
    }

    /// Every row with a sequence number greater than `seq`, in order
    /// (`rows_after(0)` is the whole game). The hall publisher re-publishes
    /// from here after an outage.
    pub fn rows_after(&self, seq: i64) -> Result<Vec<Row>, JournalError> {
        let mut stmt = self
            .conn
            .prepare_cached(
                "SELECT seq, t, wall_ms, command, events FROM commands WHERE seq > ?1 ORDER BY seq",
            )
            .map_err(self.sql())?;
        let raw = stmt
            .query_map([seq], |r| {
                Ok((
                    r.get::<_, i64>(0)?,
                    r.get::<_, i64>(1)?,
                    r.get::<_, i64>(2)?,
                    r.get::<_, String>(3)?,
                    r.get::<_, String>(4)?,
                ))
            })
            .map_err(self.sql())?
            .collect::<Result<Vec<_>, _>>()
            .map_err(self.sql())?;
        raw.into_iter()
            .map(|(seq, t, wall, c, e)| {
                let damaged = |what: &str, err: serde_json::Error| {
                    JournalError::Damaged(self.path.clone(), format!("row {seq} {what}: {err}"))
                };
                Ok(Row {
                    seq,
                    t: t.max(0) as u64,
                    wall_ms: wall.max(0) as u64,
                    command: serde_json::from_str(&c).map_err(|e| damaged("command", e))?,
                    events: serde_json::from_str(&e).map_err(|e| damaged("events", e))?,
                })
            })
            .collect()
    }

    /// The last row's sequence number, time and wall-clock time.
    pub fn last(&self) -> Result<Option<(i64, u64, u64)>, JournalError> {
        self.conn
            .query_row(
                "SELECT seq, t, wall_ms FROM commands ORDER BY seq DESC LIMIT 1",
                [],
                |r| {
                    Ok((
                        r.get::<_, i64>(0)?,
                        r.get::<_, i64>(1)?.max(0) as u64,
                        r.get::<_, i64>(2)?.max(0) as u64,
                    ))
                },
            )
            .optional()
            .map_err(self.sql())
    }
}

/// Wall-clock time in ms since the Unix epoch.
pub fn wall_ms() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_millis() as u64)
        .unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn temp(name: &str) -> PathBuf {
        let dir =
            std::env::temp_dir().join(format!("hector-journal-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir.join("board.sqlite")
    }

    #[test]
    fn rows_come_back_in_order_after_reopening() {
        let path = temp("order");
        let stored = Stored {
            config: json!({"locale": "en", "control": "300+2"}),
            tags: vec![("White".into(), "Anna".into())],
            tokens: vec![("white".into(), "abc".into())],
        };
        {
            let mut j = Journal::open(&path).unwrap();
            assert_eq!(j.stored().unwrap(), None);
            j.start(&stored).unwrap();
            for i in 1..=3u64 {
                let seq = j
                    .append(
                        i * 10,
                        5,
                        &json!({"t": i * 10}),
                        &json!([{"kind": "moved"}]),
                    )
                    .unwrap();
                assert_eq!(seq, i as i64);
            }
        }
        let j = Journal::open(&path).unwrap();
        assert_eq!(j.stored().unwrap(), Some(stored));
        let rows = j.rows_after(1).unwrap();
        assert_eq!(rows.iter().map(|r| r.seq).collect::<Vec<_>>(), vec![2, 3]);
        assert_eq!(rows[1].command, json!({"t": 30}));
        assert_eq!(j.last().unwrap(), Some((3, 30, 5)));
        let mode: String = j
            .conn
            .query_row("PRAGMA journal_mode", [], |r| r.get(0))
            .unwrap();
        assert_eq!(mode, "wal");
        let sync: i64 = j
            .conn
            .query_row("PRAGMA synchronous", [], |r| r.get(0))
            .unwrap();
        assert_eq!(sync, 2, "synchronous=FULL");
    }

    #[test]
    fn a_file_that_is_not_a_journal_is_refused_with_a_sentence() {
        let path = temp("foreign");
        let content: &[u8] =
            b"this is a scoresheet, not a database, and long enough to be read as a header";
        std::fs::write(&path, content).unwrap();
        let err = Journal::open(&path).err().expect("refused");
        assert!(err.to_string().contains("not a hector journal"), "{err}");
        assert_eq!(
            std::fs::read(&path).unwrap(),
            content,
            "the file is left as it was"
        );
    }
}
