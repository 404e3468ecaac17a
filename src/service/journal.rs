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
    #[error(
        "The journal {0} is in use by another hector serve; stop that one first, or give this board a journal of its own."
    )]
    Locked(String),
    #[error("The journal {0} cannot be opened: {1}.")]
    Io(String, std::io::Error),
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

/// The tables of a journal (made with the game, in one transaction).
const SCHEMA: &str =
    "CREATE TABLE IF NOT EXISTS config (key TEXT PRIMARY KEY, value TEXT NOT NULL);
     CREATE TABLE IF NOT EXISTS tokens (seat TEXT PRIMARY KEY, token TEXT NOT NULL);
     CREATE TABLE IF NOT EXISTS commands (
         seq INTEGER PRIMARY KEY,
         t INTEGER NOT NULL,
         wall_ms INTEGER NOT NULL,
         command TEXT NOT NULL,
         events TEXT NOT NULL);";

/// An open journal.
pub struct Journal {
    // Declared before `lock`: the connection closes before the lock goes.
    conn: Connection,
    path: String,
    /// The file itself, locked (`flock`) while this journal is open for
    /// writing: one server per journal.
    _lock: Option<std::fs::File>,
    /// The tables exist (a new journal gets them with its game).
    made: bool,
}

/// The side file SQLite keeps next to `path` in WAL mode.
pub fn wal_path(path: &Path) -> PathBuf {
    let mut s = path.as_os_str().to_owned();
    s.push("-wal");
    PathBuf::from(s)
}

/// Makes the journal's folder when missing, readable by its owner only.
fn make_folder(path: &Path) -> Result<(), JournalError> {
    let Some(dir) = path.parent() else {
        return Ok(());
    };
    if dir.as_os_str().is_empty() || dir.exists() {
        return Ok(());
    }
    let mut b = std::fs::DirBuilder::new();
    b.recursive(true);
    #[cfg(unix)]
    std::os::unix::fs::DirBuilderExt::mode(&mut b, 0o700);
    b.create(dir).map_err(|e| {
        JournalError::Io(
            path.display().to_string(),
            std::io::Error::new(
                e.kind(),
                format!("its folder {} cannot be made: {e}", dir.display()),
            ),
        )
    })
}

impl Journal {
    /// Opens (creating when missing, 0600 in a 0700 folder) the journal at
    /// `path` for writing. The file is locked first, before anything is
    /// written: a second server on the same journal is refused. A new
    /// journal gets its tables with its game ([`Journal::start`]); an
    /// existing file that holds no game, or fails SQLite's check, is
    /// refused — never taken for a new game.
    pub fn open(path: &Path) -> Result<Journal, JournalError> {
        let name = path.display().to_string();
        make_folder(path)?;
        let mut oo = std::fs::OpenOptions::new();
        oo.read(true).write(true).create(true).truncate(false);
        #[cfg(unix)]
        std::os::unix::fs::OpenOptionsExt::mode(&mut oo, 0o600);
        let file = oo
            .open(path)
            .map_err(|e| JournalError::Io(name.clone(), e))?;
        match file.try_lock() {
            Ok(()) => {}
            Err(std::fs::TryLockError::WouldBlock) => return Err(JournalError::Locked(name)),
            Err(std::fs::TryLockError::Error(e)) => return Err(JournalError::Io(name, e)),
        }
        let size = file
            .metadata()
            .map_err(|e| JournalError::Io(name.clone(), e))?
            .len();
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
        let wal = wal_path(path);
        let wal_len = std::fs::metadata(&wal).map(|m| m.len()).unwrap_or(0);
        if tables == 0 && id != APPLICATION_ID && (size > 0 || wal_len > 0) {
            // hector marks a journal before anything else goes into it,
            // and its tables come with its game: this file's game is
            // elsewhere (a side file left behind when it was copied or
            // moved), or the file is not a journal at all.
            return Err(JournalError::Damaged(
                name,
                format!(
                    "the file holds no game; if it was copied or moved, its side file {} was left behind. \
                     To start a new game, give a new journal path",
                    wal.display()
                ),
            ));
        }
        if tables > 0 && id != APPLICATION_ID {
            return Err(JournalError::Foreign(name));
        }
        if tables > 0 {
            Journal::wal_mode(&conn, &name)?;
        }
        if tables > 0 {
            let check: String = conn
                .query_row("PRAGMA quick_check", [], |r| r.get(0))
                .map_err(sql)?;
            if check != "ok" {
                return Err(JournalError::Damaged(
                    name,
                    format!(
                        "SQLite's check of the file fails ({check}); if it was copied or moved, \
                         its side file {} may have been left behind",
                        wal.display()
                    ),
                ));
            }
        }
        Ok(Journal {
            conn,
            path: name,
            _lock: Some(file),
            made: tables > 0,
        })
    }

    /// Write-ahead logging with `synchronous=FULL` (on a new journal, once
    /// it is marked as hector's).
    fn wal_mode(conn: &Connection, name: &str) -> Result<(), JournalError> {
        let sql = |e| JournalError::Sql(name.to_string(), e);
        let mode: String = conn
            .query_row("PRAGMA journal_mode=WAL", [], |r| r.get(0))
            .map_err(sql)?;
        if !mode.eq_ignore_ascii_case("wal") {
            return Err(JournalError::Damaged(
                name.to_string(),
                format!("write-ahead logging is not available (journal mode {mode})"),
            ));
        }
        conn.execute_batch("PRAGMA synchronous=FULL;").map_err(sql)
    }

    /// Copies what the write-ahead log holds into the journal file itself
    /// (and syncs it), so that the file alone is the whole game after
    /// every commit. (The commit is already durable in the log; a reader
    /// that holds the log open only delays this to the next commit.)
    fn checkpoint(&self) {
        let done: Result<(i64, i64, i64), _> =
            self.conn.query_row("PRAGMA wal_checkpoint(FULL)", [], |r| {
                Ok((r.get(0)?, r.get(1)?, r.get(2)?))
            });
        let wal = wal_path(Path::new(&self.path));
        match done {
            Ok((0, _, _)) => {}
            Ok(_) => eprintln!(
                "The journal {} is being read elsewhere; its last command is safe in {} until the next one.",
                self.path,
                wal.display()
            ),
            Err(e) => eprintln!(
                "The journal {} keeps its last command in {} for now: {e}.",
                self.path,
                wal.display()
            ),
        }
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
        Ok(Journal {
            conn,
            path: name,
            _lock: None,
            made: true,
        })
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
        if !self.made {
            return Ok(None);
        }
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
            let commands: i64 = self
                .conn
                .query_row("SELECT count(*) FROM commands", [], |r| r.get(0))
                .map_err(self.sql())?;
            if commands > 0 {
                return Err(JournalError::Damaged(
                    self.path.clone(),
                    format!(
                        "the game's options (its config row) are missing, yet it holds {commands} commands"
                    ),
                ));
            }
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
        if !self.made {
            // Marked first (written straight into the file), then WAL: a
            // start cut short here leaves a marked file without a game,
            // which the next start takes as new.
            self.conn
                .execute_batch(&format!("PRAGMA application_id={APPLICATION_ID};"))
                .map_err(sql)?;
            Journal::wal_mode(&self.conn, &path)?;
        }
        let tx = self.conn.transaction().map_err(sql)?;
        tx.execute_batch(SCHEMA).map_err(sql)?;
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
        tx.commit().map_err(sql)?;
        self.made = true;
        self.checkpoint();
        Ok(())
    }

    /// Adds the token of a seat the journal has none for (a seat added to
    /// hector after the journal was written); a seat's token once written
    /// is never changed.
    pub fn add_token(&mut self, seat: &str, token: &str) -> Result<(), JournalError> {
        self.conn
            .execute(
                "INSERT OR IGNORE INTO tokens (seat, token) VALUES (?1, ?2)",
                params![seat, token],
            )
            .map_err(self.sql())?;
        self.checkpoint();
        Ok(())
    }

    /// A stored setting (outside the game: e.g. the port last served on).
    pub fn setting(&self, key: &str) -> Option<String> {
        if !self.made {
            return None;
        }
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
            .map_err(self.sql())?;
        self.checkpoint();
        Ok(())
    }

    /// The last heartbeat of a running clock: session time and wall-clock
    /// time, ms.
    pub fn heartbeat(&self) -> Option<(u64, u64)> {
        let v = self.setting("heartbeat")?;
        let (t, wall) = v.split_once(' ')?;
        Some((t.parse().ok()?, wall.parse().ok()?))
    }

    /// Stores the heartbeat of a running clock (session time `t`, wall
    /// clock `wall_ms`), on disk (in the write-ahead log) when this
    /// returns. It is not checkpointed on its own — that would double the
    /// disk's work while a clock runs; the next command carries it into the
    /// journal file.
    pub fn set_heartbeat(&mut self, t: u64, wall_ms: u64) -> Result<(), JournalError> {
        self.conn
            .execute(
                "INSERT OR REPLACE INTO config (key, value) VALUES ('serve.heartbeat', ?1)",
                [format!("{t} {wall_ms}")],
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
        self.checkpoint();
        Ok(seq)
    }

    /// Every row with a sequence number greater than `seq`, in order
    /// (`rows_after(0)` is the whole game). The hall publisher re-publishes
    /// from here after an outage.
    pub fn rows_after(&self, seq: i64) -> Result<Vec<Row>, JournalError> {
        if !self.made {
            return Ok(Vec::new());
        }
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
        decode_rows(seq, raw).map_err(|why| JournalError::Damaged(self.path.clone(), why))
    }

    /// The last row's sequence number, time and wall-clock time.
    pub fn last(&self) -> Result<Option<(i64, u64, u64)>, JournalError> {
        if !self.made {
            return Ok(None);
        }
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

/// The latest session time a journal may hold: a year of play, ms. A row
/// beyond it was not written by hector.
pub const MAX_T: u64 = 366 * 24 * 3600 * 1000;

/// One row as SQLite stores it: seq, t, wall_ms, command, events.
pub type RawRow = (i64, i64, i64, String, String);

/// Checks and decodes the rows after `after`, as stored: the sequence
/// follows on without a gap, time never goes backwards nor beyond
/// [`MAX_T`], each command carries its row's time, and command and events
/// are JSON. Otherwise the sentence names the row where it stopped.
pub fn decode_rows(after: i64, raw: Vec<RawRow>) -> Result<Vec<Row>, String> {
    let mut out: Vec<Row> = Vec::with_capacity(raw.len());
    let mut want = after.max(0).saturating_add(1);
    let mut last_t = 0u64;
    for (seq, t, wall, c, e) in raw {
        let bad = |what: String| format!("it stops at row {seq}: {what}");
        if seq != want {
            return Err(if seq > want {
                format!("row {want} is missing (the next row is {seq})")
            } else {
                bad(format!("row {seq} comes twice or out of order"))
            });
        }
        want = seq.saturating_add(1);
        if t < 0 || t as u64 > MAX_T {
            return Err(bad(format!("its time {t} ms is impossible")));
        }
        let t = t as u64;
        if t < last_t {
            return Err(bad(format!(
                "its time {t} ms is before the previous row's {last_t} ms"
            )));
        }
        last_t = t;
        if wall < 0 {
            return Err(bad(format!("its wall-clock time {wall} is impossible")));
        }
        let command: Value =
            serde_json::from_str(&c).map_err(|err| bad(format!("its command: {err}")))?;
        let events: Value =
            serde_json::from_str(&e).map_err(|err| bad(format!("its events: {err}")))?;
        if command.get("t").and_then(Value::as_u64) != Some(t) {
            return Err(bad("its command does not carry the row's time".into()));
        }
        out.push(Row {
            seq,
            t,
            wall_ms: wall as u64,
            command,
            events,
        });
    }
    Ok(out)
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
