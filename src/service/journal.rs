//! The write-ahead journal of `hector serve`: one SQLite file per board
//! (WAL, `synchronous=FULL`). Every accepted command is committed, with its
//! time and the events it produced, before any of those events leaves the
//! process; a restart on the same file replays the commands into a fresh
//! game. The file also keeps the game's options, its PGN tags and the seat
//! tokens, so every seat's URL stays valid across a restart. hector never
//! deletes a journal.
//!
//! A journal cannot lie: every row carries a checksum (SHA-256 over the
//! row chained with the previous row's), the game's options, names and
//! identity are sealed the same way, the seat tokens have their own sum and
//! the last row's sum is kept apart ("head"), so a changed, cut or missing
//! row is found ([`Problem`]) and the journal refused — never replayed as
//! another game, never taken for a new one. A journal of hector before
//! checksums gets them when first opened for writing.

use std::path::{Path, PathBuf};

use rusqlite::{Connection, OpenFlags, OptionalExtension, params};
use serde::Serialize;
use serde_json::Value;
use sha2::{Digest, Sha256};

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
    #[error("The journal {0} is damaged: {1}.")]
    Broken(String, Problem),
}

impl JournalError {
    /// The sentence that refuses the journal, in the language `lang` (the
    /// game's; English when hector has none such): it names the file and,
    /// for a damaged journal, what is wrong and the last good move
    /// (`last_move`, as the game writes it, e.g. `12. Sf3`; `None`: no move
    /// is good).
    pub fn sentence(&self, lang: &str, last_move: Option<&str>) -> String {
        use crate::locale::session::SessionWords;
        let Ok(words) = SessionWords::get(lang).or_else(|_| SessionWords::get("en")) else {
            return self.to_string();
        };
        let text = |key: &str, args: &[(&str, &str)]| words.text(key, args);
        match self {
            JournalError::Locked(file) => text("journal_locked", &[("file", file)]),
            JournalError::Foreign(file) => text("journal_foreign", &[("file", file)]),
            JournalError::Io(file, e) => text(
                "journal_unusable",
                &[("file", file), ("detail", &e.to_string())],
            ),
            JournalError::Sql(file, e) => text(
                "journal_unusable",
                &[("file", file), ("detail", &e.to_string())],
            ),
            JournalError::Damaged(file, why) => {
                if let Some(wal) = why
                    .strip_prefix(
                        "the file holds no game; if it was copied or moved, its side file ",
                    )
                    .and_then(|w| w.split(" was left behind").next())
                {
                    text("journal_side_file", &[("file", file), ("wal", wal)])
                } else {
                    text("journal_unusable", &[("file", file), ("detail", why)])
                }
            }
            JournalError::Broken(file, problem) => {
                let (reason, args) = problem.words();
                let mut all: Vec<(&str, &str)> = vec![
                    ("file", file),
                    ("reason", reason),
                    ("move", last_move.unwrap_or("none")),
                ];
                all.extend(args.iter().map(|(k, v)| (*k, v.as_str())));
                text("journal_damaged", &all)
            }
        }
    }
}

/// What is wrong with a damaged journal: the row where its good part
/// ends, for the sentence that refuses it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Problem {
    /// The file is empty (0 bytes): its game is gone from it.
    Empty,
    /// The file is shorter than SQLite wrote it: cut off.
    Truncated { size: u64, expected: u64 },
    /// SQLite cannot read it (its words).
    Unreadable(String),
    /// The options (the config row) are missing, yet it holds commands.
    NoConfig { commands: i64 },
    /// The options, names, identity or seat tokens were changed after
    /// they were written (their checksum does not match).
    Settings,
    /// Row `row` is missing; the next one is `next`.
    Missing { row: i64, next: i64 },
    /// Row `row` comes twice or out of order.
    Order { row: i64 },
    /// Row `row`'s time is impossible or goes back.
    Time { row: i64 },
    /// Row `row` cannot be read as a command and its events.
    Content { row: i64 },
    /// Row `row` was changed after it was written (its checksum).
    Changed { row: i64 },
    /// The rows end at `row`, but the journal was written up to `upto`.
    Tail { row: i64, upto: i64 },
}

impl Problem {
    /// The row where the journal's good part ends (its last good row is
    /// the one before), when the problem is in a row.
    pub fn row(&self) -> Option<i64> {
        match self {
            Problem::Missing { row, .. }
            | Problem::Order { row }
            | Problem::Time { row }
            | Problem::Content { row }
            | Problem::Changed { row } => Some(*row),
            Problem::Tail { row, .. } => Some(row + 1),
            _ => None,
        }
    }

    /// The problem's name and arguments for the sentence
    /// (`journal_damaged` in `locales/<code>/messages.ftl`).
    pub fn words(&self) -> (&'static str, Vec<(&'static str, String)>) {
        match self {
            Problem::Empty => ("empty", vec![]),
            Problem::Truncated { size, expected } => (
                "truncated",
                vec![
                    ("size", size.to_string()),
                    ("expected", expected.to_string()),
                ],
            ),
            Problem::Unreadable(why) => ("unreadable", vec![("detail", why.clone())]),
            Problem::NoConfig { commands } => {
                ("no_config", vec![("commands", commands.to_string())])
            }
            Problem::Settings => ("settings", vec![]),
            Problem::Missing { row, next } => (
                "missing",
                vec![("row", row.to_string()), ("next", next.to_string())],
            ),
            Problem::Order { row } => ("order", vec![("row", row.to_string())]),
            Problem::Time { row } => ("time", vec![("row", row.to_string())]),
            Problem::Content { row } => ("content", vec![("row", row.to_string())]),
            Problem::Changed { row } => ("changed", vec![("row", row.to_string())]),
            Problem::Tail { row, upto } => (
                "tail",
                vec![("row", row.to_string()), ("upto", upto.to_string())],
            ),
        }
    }
}

impl std::fmt::Display for Problem {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Problem::Empty => write!(f, "it is empty (0 bytes)"),
            Problem::Truncated { size, expected } => write!(
                f,
                "it was cut off ({size} of its {expected} bytes are there)"
            ),
            Problem::Unreadable(why) => write!(f, "SQLite cannot read it ({why})"),
            Problem::NoConfig { commands } => write!(
                f,
                "the game's options (its config row) are missing, yet it holds {commands} commands"
            ),
            Problem::Settings => write!(
                f,
                "the game's options, names or seat tokens were changed after they were written"
            ),
            Problem::Missing { row, next } => {
                write!(f, "row {row} is missing (the next row is {next})")
            }
            Problem::Order { row } => write!(f, "row {row} comes twice or out of order"),
            Problem::Time { row } => write!(f, "the time of row {row} is impossible"),
            Problem::Content { row } => write!(f, "row {row} cannot be read"),
            Problem::Changed { row } => write!(
                f,
                "row {row} was changed after it was written (its checksum does not match)"
            ),
            Problem::Tail { row, upto } => write!(
                f,
                "its rows end at {row}, but it was written up to row {upto}"
            ),
        }
    }
}

/// SHA-256 over length-prefixed parts (no two part lists give the same
/// input), as hex.
fn sum(parts: &[&[u8]]) -> String {
    let mut h = Sha256::new();
    for p in parts {
        h.update((p.len() as u64).to_be_bytes());
        h.update(p);
    }
    h.finalize().iter().map(|b| format!("{b:02x}")).collect()
}

/// The seal of a game: its identity, options and PGN tags as stored. The
/// first row's checksum is chained to it.
fn seal_of(game: &str, session: &str, tags: &str) -> String {
    sum(&[
        b"hector journal 1",
        game.as_bytes(),
        session.as_bytes(),
        tags.as_bytes(),
    ])
}

/// The checksum of the seat tokens, in the order stored.
fn tokens_sum(pairs: &[(String, String)]) -> String {
    let mut parts: Vec<&[u8]> = vec![b"hector tokens 1"];
    for (seat, token) in pairs {
        parts.push(seat.as_bytes());
        parts.push(token.as_bytes());
    }
    sum(&parts)
}

/// A row's checksum: the row as stored, chained with the previous row's
/// checksum (the seal for row 1).
fn row_sum(prev: &str, seq: i64, t: i64, wall: i64, command: &str, events: &str) -> String {
    sum(&[
        prev.as_bytes(),
        &seq.to_be_bytes(),
        &t.to_be_bytes(),
        &wall.to_be_bytes(),
        command.as_bytes(),
        events.as_bytes(),
    ])
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
         events TEXT NOT NULL,
         sum TEXT);";

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
    /// The rows carry checksums (a journal of hector before them has
    /// none until it is opened for writing).
    sums: bool,
    /// The last row's sequence and checksum (the seal's for none), for
    /// the next row's checksum.
    head: Option<(i64, String)>,
}

/// Whether the commands table of `conn` has the checksum column.
fn has_sums(conn: &Connection) -> Result<bool, rusqlite::Error> {
    let n: i64 = conn.query_row(
        "SELECT count(*) FROM pragma_table_info('commands') WHERE name = 'sum'",
        [],
        |r| r.get(0),
    )?;
    Ok(n > 0)
}

/// The size SQLite's header says the file has (pages × page size), when
/// the header says it (bytes 16–17, 28–31, valid when bytes 24–27 equal
/// 92–95).
fn header_size(path: &Path) -> Option<u64> {
    use std::io::Read;
    let mut head = [0u8; 100];
    std::fs::File::open(path).ok()?.read_exact(&mut head).ok()?;
    let be32 = |i: usize| u32::from_be_bytes([head[i], head[i + 1], head[i + 2], head[i + 3]]);
    if be32(24) != be32(92) || be32(28) == 0 {
        return None;
    }
    let page = match u16::from_be_bytes([head[16], head[17]]) {
        1 => 65_536,
        p => u64::from(p),
    };
    Some(page * u64::from(be32(28)))
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
        let existed = path.exists();
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
        let wal = wal_path(path);
        let wal_len = std::fs::metadata(&wal).map(|m| m.len()).unwrap_or(0);
        if existed && size == 0 && wal_len == 0 {
            // Truncated to nothing: the game is gone from this file. A new
            // game here would give the seats new addresses.
            return Err(JournalError::Broken(name, Problem::Empty));
        }
        if let Some(expected) = header_size(path)
            && size < expected
            && wal_len == 0
        {
            return Err(JournalError::Broken(
                name,
                Problem::Truncated { size, expected },
            ));
        }
        let sql = |e| JournalError::Sql(name.clone(), e);
        let conn = Connection::open(path).map_err(sql)?;
        conn.busy_timeout(std::time::Duration::from_secs(5))
            .map_err(sql)?;
        if !existed {
            // Marked at once: a file hector made and left without a game
            // (a start that failed) is a new journal, never an empty one.
            conn.execute_batch(&format!("PRAGMA application_id={APPLICATION_ID};"))
                .map_err(sql)?;
        }
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
            .map_err(|e| JournalError::Broken(name.clone(), Problem::Unreadable(e.to_string())))?;
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
        if tables == 0 && existed {
            // A journal not yet started is its first page alone: more pages
            // and no table is a journal whose table list was damaged.
            let page: i64 = conn
                .query_row("PRAGMA page_size", [], |r| r.get(0))
                .map_err(sql)?;
            if size > page.max(512) as u64 {
                return Err(JournalError::Broken(
                    name,
                    Problem::Unreadable(format!(
                        "{size} bytes but no table: its table list is damaged"
                    )),
                ));
            }
        }
        if tables > 0 {
            Journal::wal_mode(&conn, &name)?;
        }
        if tables > 0 {
            let check: String = conn
                .query_row("PRAGMA quick_check", [], |r| r.get(0))
                .map_err(|e| {
                    JournalError::Broken(name.clone(), Problem::Unreadable(e.to_string()))
                })?;
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
        let sums = tables > 0
            && has_sums(&conn).map_err(|e| {
                JournalError::Broken(name.clone(), Problem::Unreadable(e.to_string()))
            })?;
        let mut journal = Journal {
            conn,
            path: name,
            _lock: Some(file),
            made: tables > 0,
            sums,
            head: None,
        };
        if tables > 0 && !sums {
            journal.add_sums()?;
        }
        Ok(journal)
    }

    /// A config value as stored (its text), if any.
    fn raw_config(&self, key: &str) -> Result<Option<String>, JournalError> {
        self.conn
            .query_row("SELECT value FROM config WHERE key = ?1", [key], |r| {
                r.get::<_, String>(0)
            })
            .optional()
            .map_err(|e| self.unreadable(e))
    }

    fn unreadable(&self, e: rusqlite::Error) -> JournalError {
        JournalError::Broken(self.path.clone(), Problem::Unreadable(e.to_string()))
    }

    fn broken(&self, p: Problem) -> JournalError {
        JournalError::Broken(self.path.clone(), p)
    }

    /// Gives a journal of hector before checksums its checksums (and its
    /// game an identity), in one transaction, when its rows are sound;
    /// otherwise leaves it as it is (it is refused, naming the row).
    fn add_sums(&mut self) -> Result<(), JournalError> {
        let Some(session) = self.raw_config("session")? else {
            return Ok(());
        };
        let tags = self.raw_config("tags")?.unwrap_or_default();
        let raw = self.raw_rows(0)?;
        if decode(0, &raw).is_err() {
            return Ok(());
        }
        let path = self.path.clone();
        let sql = |e| JournalError::Sql(path.clone(), e);
        let fresh = super::tokens::fresh_token()
            .map_err(|e| JournalError::Damaged(self.path.clone(), e))?;
        let tx = self.conn.transaction().map_err(sql)?;
        tx.execute_batch("ALTER TABLE commands ADD COLUMN sum TEXT")
            .map_err(sql)?;
        tx.execute(
            "INSERT OR IGNORE INTO config (key, value) VALUES ('game', ?1)",
            [&fresh],
        )
        .map_err(sql)?;
        let game = game_in(&tx).map_err(sql)?;
        let seal = seal_of(&game, &session, &tags);
        let mut prev = seal.clone();
        let mut last = 0;
        for r in &raw {
            let s = row_sum(&prev, r.0, r.1, r.2, &r.3, &r.4);
            tx.execute(
                "UPDATE commands SET sum = ?1 WHERE seq = ?2",
                params![s, r.0],
            )
            .map_err(sql)?;
            prev = s;
            last = r.0;
        }
        let pairs = {
            let mut stmt = tx
                .prepare("SELECT seat, token FROM tokens ORDER BY rowid")
                .map_err(sql)?;
            stmt.query_map([], |r| Ok((r.get(0)?, r.get(1)?)))
                .map_err(sql)?
                .collect::<Result<Vec<(String, String)>, _>>()
                .map_err(sql)?
        };
        tx.execute(
            "INSERT OR REPLACE INTO config (key, value) VALUES ('seal', ?1), ('tokens_sum', ?2), ('head', ?3)",
            params![seal, tokens_sum(&pairs), format!("{last} {prev}")],
        )
        .map_err(sql)?;
        tx.commit().map_err(sql)?;
        self.sums = true;
        self.checkpoint();
        Ok(())
    }

    /// The rows after `after` as stored, with their checksums; a row that
    /// cannot be read as one is refused naming it.
    fn raw_rows(&self, after: i64) -> Result<Vec<SumRow>, JournalError> {
        // Each column as it is stored (a damaged row may hold another type,
        // or text that is not UTF-8): checked here, never a panic.
        #[derive(Debug)]
        enum V {
            Integer(i64),
            Text(String),
            Null,
            Other,
        }
        fn v(r: &rusqlite::Row<'_>, i: usize) -> rusqlite::Result<V> {
            use rusqlite::types::ValueRef;
            Ok(match r.get_ref(i)? {
                ValueRef::Integer(n) => V::Integer(n),
                ValueRef::Text(t) => match std::str::from_utf8(t) {
                    Ok(s) => V::Text(s.to_string()),
                    Err(_) => V::Other,
                },
                ValueRef::Null => V::Null,
                _ => V::Other,
            })
        }
        let sql = if self.sums {
            "SELECT seq, t, wall_ms, command, events, sum FROM commands WHERE seq > ?1 ORDER BY seq"
        } else {
            "SELECT seq, t, wall_ms, command, events, NULL FROM commands WHERE seq > ?1 ORDER BY seq"
        };
        let mut stmt = self
            .conn
            .prepare_cached(sql)
            .map_err(|e| self.unreadable(e))?;
        let raw = stmt
            .query_map([after], |r| {
                Ok((
                    r.get::<_, i64>(0)?,
                    v(r, 1)?,
                    v(r, 2)?,
                    v(r, 3)?,
                    v(r, 4)?,
                    v(r, 5)?,
                ))
            })
            .map_err(|e| self.unreadable(e))?
            .collect::<Result<Vec<_>, _>>()
            .map_err(|e| self.unreadable(e))?;
        let mut out = Vec::with_capacity(raw.len());
        for (seq, t, wall, c, e, s) in raw {
            let (V::Integer(t), V::Integer(wall), V::Text(c), V::Text(e)) = (t, wall, c, e) else {
                return Err(self.broken(Problem::Content { row: seq }));
            };
            let s = match s {
                V::Text(s) => Some(s),
                V::Null => None,
                _ => return Err(self.broken(Problem::Content { row: seq })),
            };
            out.push((seq, t, wall, c, e, s));
        }
        Ok(out)
    }

    /// Checks the seal of the game's identity, options and names, and the
    /// seat tokens' sum (a journal with checksums).
    pub fn check_settings(&self, tokens: &[(String, String)]) -> Result<(), JournalError> {
        if !self.made || !self.sums {
            return Ok(());
        }
        let (Some(game), Some(session), Some(seal), Some(tsum)) = (
            self.raw_config("game")?,
            self.raw_config("session")?,
            self.raw_config("seal")?,
            self.raw_config("tokens_sum")?,
        ) else {
            return Err(self.broken(Problem::Settings));
        };
        let tags = self.raw_config("tags")?.unwrap_or_default();
        if seal_of(&game, &session, &tags) != seal || tokens_sum(tokens) != tsum {
            return Err(self.broken(Problem::Settings));
        }
        Ok(())
    }

    /// Every row that is good, from the first: read one by one (a damaged
    /// page ends them, the ones before still count), checked like
    /// [`Journal::rows_after`]. For the sentence that refuses a damaged
    /// journal (its last good move).
    pub fn good_rows(&self) -> Vec<Row> {
        let mut out: Vec<Row> = Vec::new();
        let mut prev = if self.sums {
            match self.raw_config("seal") {
                Ok(Some(s)) => Some(s),
                _ => return out,
            }
        } else {
            None
        };
        let mut last_t = 0;
        for seq in 1.. {
            let one = self.conn.query_row(
                "SELECT seq, t, wall_ms, command, events FROM commands WHERE seq = ?1",
                [seq],
                |r| {
                    Ok((
                        r.get::<_, i64>(0)?,
                        r.get::<_, i64>(1)?,
                        r.get::<_, i64>(2)?,
                        r.get::<_, String>(3)?,
                        r.get::<_, String>(4)?,
                    ))
                },
            );
            let Ok(raw) = one else { break };
            if let Some(p) = &prev {
                let stored: Option<String> = self
                    .conn
                    .query_row("SELECT sum FROM commands WHERE seq = ?1", [seq], |r| {
                        r.get(0)
                    })
                    .ok()
                    .flatten();
                let s = row_sum(p, raw.0, raw.1, raw.2, &raw.3, &raw.4);
                if stored.as_deref() != Some(s.as_str()) {
                    break;
                }
                prev = Some(s);
            }
            match decode_rows(seq - 1, vec![raw]) {
                Ok(mut rows) if rows.len() == 1 && rows[0].t >= last_t => {
                    last_t = rows[0].t;
                    out.append(&mut rows);
                }
                _ => break,
            }
        }
        out
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
        // (A schema that cannot be read: taken as with checksums, so that
        // reading the rows says what is wrong.)
        let sums = has_sums(&conn).unwrap_or(true);
        Ok(Journal {
            conn,
            path: name,
            _lock: None,
            made: true,
            sums,
            head: None,
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
                return Err(self.broken(Problem::NoConfig { commands }));
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
        let game =
            super::tokens::fresh_token().map_err(|e| JournalError::Damaged(path.clone(), e))?;
        let tx = self.conn.transaction().map_err(sql)?;
        tx.execute_batch(SCHEMA).map_err(sql)?;
        if !has_sums(&tx).map_err(sql)? {
            tx.execute_batch("ALTER TABLE commands ADD COLUMN sum TEXT")
                .map_err(sql)?;
        }
        tx.execute(
            "INSERT OR IGNORE INTO config (key, value) VALUES ('game', ?1)",
            [game],
        )
        .map_err(sql)?;
        let (session, tags) = (
            stored.config.to_string(),
            serde_json::to_string(&stored.tags).unwrap_or_else(|_| "[]".into()),
        );
        tx.execute(
            "INSERT OR REPLACE INTO config (key, value) VALUES ('session', ?1), ('tags', ?2)",
            params![session, tags],
        )
        .map_err(sql)?;
        for (seat, token) in &stored.tokens {
            tx.execute(
                "INSERT OR REPLACE INTO tokens (seat, token) VALUES (?1, ?2)",
                params![seat, token],
            )
            .map_err(sql)?;
        }
        let game = game_in(&tx).map_err(sql)?;
        let seal = seal_of(&game, &session, &tags);
        let pairs = tokens_in(&tx).map_err(sql)?;
        tx.execute(
            "INSERT OR REPLACE INTO config (key, value) VALUES ('seal', ?1), ('tokens_sum', ?2), ('head', ?3)",
            params![seal, tokens_sum(&pairs), format!("0 {seal}")],
        )
        .map_err(sql)?;
        tx.commit().map_err(sql)?;
        self.made = true;
        self.sums = true;
        self.head = Some((0, seal));
        self.checkpoint();
        Ok(())
    }

    /// The game's own identity: 128 random bits (hex) made with the game
    /// and kept in its journal. The hall tells games apart by it (a new
    /// round on the same board number, with the same names, is another
    /// game); `None` for a journal not yet started.
    pub fn game(&self) -> Option<String> {
        if !self.made {
            return None;
        }
        game_in(&self.conn).ok()
    }

    /// The game's identity, made now for a journal written before games
    /// had one (written once, never changed).
    pub fn ensure_game(&mut self) -> Result<String, JournalError> {
        if let Some(g) = self.game() {
            return Ok(g);
        }
        let game = super::tokens::fresh_token()
            .map_err(|e| JournalError::Damaged(self.path.clone(), e))?;
        self.conn
            .execute(
                "INSERT OR IGNORE INTO config (key, value) VALUES ('game', ?1)",
                [&game],
            )
            .map_err(self.sql())?;
        self.checkpoint();
        self.game().ok_or_else(|| {
            JournalError::Damaged(self.path.clone(), "its game has no identity".into())
        })
    }

    /// Adds the token of a seat the journal has none for (a seat added to
    /// hector after the journal was written); a seat's token once written
    /// is never changed.
    pub fn add_token(&mut self, seat: &str, token: &str) -> Result<(), JournalError> {
        let path = self.path.clone();
        let sql = |e| JournalError::Sql(path.clone(), e);
        let sums = self.sums;
        let tx = self.conn.transaction().map_err(sql)?;
        tx.execute(
            "INSERT OR IGNORE INTO tokens (seat, token) VALUES (?1, ?2)",
            params![seat, token],
        )
        .map_err(sql)?;
        if sums {
            let pairs = tokens_in(&tx).map_err(sql)?;
            tx.execute(
                "INSERT OR REPLACE INTO config (key, value) VALUES ('tokens_sum', ?1)",
                [tokens_sum(&pairs)],
            )
            .map_err(sql)?;
        }
        tx.commit().map_err(sql)?;
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
        let mut parts = v.split(' ');
        Some((parts.next()?.parse().ok()?, parts.next()?.parse().ok()?))
    }

    /// The machine's time since it booted at the last heartbeat, with that
    /// boot's identity ([`Uptime`]), if it was stored (older journals have
    /// only the wall clock).
    pub fn heartbeat_uptime(&self) -> Option<Uptime> {
        let v = self.setting("heartbeat")?;
        let mut parts = v.split(' ').skip(2);
        Some(Uptime {
            boot: parts.next()?.to_string(),
            ms: parts.next()?.parse().ok()?,
        })
    }

    /// Stores the heartbeat of a running clock (session time `t`, wall
    /// clock `wall_ms`, and the machine's time since boot when it can be
    /// read), on disk (in the write-ahead log) when this returns. It is not
    /// checkpointed on its own — that would double the disk's work while a
    /// clock runs; the next command carries it into the journal file.
    pub fn set_heartbeat(&mut self, t: u64, wall_ms: u64) -> Result<(), JournalError> {
        let value = match Uptime::now() {
            Some(u) => format!("{t} {wall_ms} {} {}", u.boot, u.ms),
            None => format!("{t} {wall_ms}"),
        };
        self.conn
            .execute(
                "INSERT OR REPLACE INTO config (key, value) VALUES ('serve.heartbeat', ?1)",
                [value],
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
        if self.sums && self.head.is_none() {
            self.head = Some(self.read_head()?);
        }
        let (command, events) = (command.to_string(), events.to_string());
        let tx = self.conn.transaction().map_err(sql)?;
        tx.execute(
            "INSERT INTO commands (t, wall_ms, command, events) VALUES (?1, ?2, ?3, ?4)",
            params![t as i64, wall_ms as i64, command, events],
        )
        .map_err(sql)?;
        let seq = tx.last_insert_rowid();
        let mut head = None;
        if let Some((_, prev)) = &self.head {
            let s = row_sum(prev, seq, t as i64, wall_ms as i64, &command, &events);
            tx.execute(
                "UPDATE commands SET sum = ?1 WHERE seq = ?2",
                params![s, seq],
            )
            .map_err(sql)?;
            tx.execute(
                "INSERT OR REPLACE INTO config (key, value) VALUES ('head', ?1)",
                [format!("{seq} {s}")],
            )
            .map_err(sql)?;
            head = Some((seq, s));
        }
        tx.commit().map_err(sql)?;
        if head.is_some() {
            self.head = head;
        }
        self.checkpoint();
        Ok(seq)
    }

    /// The last row's sequence and checksum as the journal keeps them
    /// apart ("head"; the seal's for no row yet).
    fn read_head(&self) -> Result<(i64, String), JournalError> {
        let head = self
            .raw_config("head")?
            .ok_or(self.broken(Problem::Settings))?;
        let (seq, s) = head.split_once(' ').ok_or(self.broken(Problem::Settings))?;
        let seq: i64 = seq.parse().map_err(|_| self.broken(Problem::Settings))?;
        Ok((seq, s.to_string()))
    }

    /// Every row with a sequence number greater than `seq`, in order
    /// (`rows_after(0)` is the whole game), checked: the sequence, the
    /// times, the JSON, and each row's checksum chained from the one
    /// before (for the whole game also against the last row's checksum
    /// kept apart, so a lost last row is found). The hall publisher
    /// re-publishes from here after an outage.
    pub fn rows_after(&self, seq: i64) -> Result<Vec<Row>, JournalError> {
        if !self.made {
            return Ok(Vec::new());
        }
        // One snapshot: the rows and the head as of one moment (a server
        // may append meanwhile).
        let _read = self
            .conn
            .unchecked_transaction()
            .map_err(|e| self.unreadable(e))?;
        let raw = self.raw_rows(seq)?;
        let rows = decode(seq, &raw).map_err(|p| self.broken(p))?;
        if !self.sums {
            return Ok(rows);
        }
        let mut prev = if seq <= 0 {
            self.raw_config("seal")?
                .ok_or(self.broken(Problem::Settings))?
        } else {
            let s: Option<String> = self
                .conn
                .query_row("SELECT sum FROM commands WHERE seq = ?1", [seq], |r| {
                    r.get(0)
                })
                .optional()
                .map_err(|e| self.unreadable(e))?
                .flatten();
            s.ok_or(self.broken(Problem::Changed { row: seq }))?
        };
        for r in &raw {
            let s = row_sum(&prev, r.0, r.1, r.2, &r.3, &r.4);
            if r.5.as_deref() != Some(s.as_str()) {
                return Err(self.broken(Problem::Changed { row: r.0 }));
            }
            prev = s;
        }
        if seq <= 0 {
            let last = raw.last().map(|r| r.0).unwrap_or(0);
            let (head, head_sum) = self.read_head()?;
            if head > last {
                return Err(self.broken(Problem::Tail {
                    row: last,
                    upto: head,
                }));
            }
            if head != last || head_sum != prev {
                return Err(self.broken(Problem::Changed { row: last }));
            }
        }
        Ok(rows)
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

/// A row as stored with its checksum (none in a journal before them).
type SumRow = (i64, i64, i64, String, String, Option<String>);

/// The seat tokens as stored, in order.
/// The game's identity kept in the journal's config.
fn game_in(conn: &Connection) -> Result<String, rusqlite::Error> {
    conn.query_row("SELECT value FROM config WHERE key = 'game'", [], |r| {
        r.get(0)
    })
}

fn tokens_in(conn: &Connection) -> Result<Vec<(String, String)>, rusqlite::Error> {
    let mut stmt = conn.prepare("SELECT seat, token FROM tokens ORDER BY rowid")?;
    stmt.query_map([], |r| Ok((r.get(0)?, r.get(1)?)))?
        .collect()
}

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

/// [`decode_rows`] over rows as stored with their checksums: what is
/// wrong is a [`Problem`] naming the row.
fn decode(after: i64, raw: &[SumRow]) -> Result<Vec<Row>, Problem> {
    let mut want = after.max(0).saturating_add(1);
    let mut out: Vec<Row> = Vec::with_capacity(raw.len());
    for (seq, t, wall, c, e, _) in raw {
        let row = *seq;
        if row != want {
            return Err(if row > want {
                Problem::Missing {
                    row: want,
                    next: row,
                }
            } else {
                Problem::Order { row }
            });
        }
        want = row.saturating_add(1);
        let one = vec![(row, *t, *wall, c.clone(), e.clone())];
        let mut rows = decode_rows(row - 1, one).map_err(|_| {
            if *t < 0 || *t as u64 > MAX_T || *wall < 0 {
                Problem::Time { row }
            } else {
                Problem::Content { row }
            }
        })?;
        if let (Some(prev), Some(this)) = (out.last(), rows.first())
            && this.t < prev.t
        {
            return Err(Problem::Time { row });
        }
        out.append(&mut rows);
    }
    Ok(out)
}

/// The machine's time since it booted (CLOCK_BOOTTIME: it counts a
/// suspend too and no one sets it), with the boot's identity
/// (`/proc/sys/kernel/random/boot_id`): two readings of the same boot
/// measure the time between them whatever the wall clock did meanwhile.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Uptime {
    pub boot: String,
    pub ms: u64,
}

impl Uptime {
    /// Now, where the system tells it (Linux); `None` elsewhere.
    pub fn now() -> Option<Uptime> {
        let boot = std::fs::read_to_string("/proc/sys/kernel/random/boot_id").ok()?;
        let boot = boot.trim();
        if boot.is_empty() || boot.contains(char::is_whitespace) {
            return None;
        }
        let ms = boot_ms()?;
        Some(Uptime {
            boot: boot.to_string(),
            ms,
        })
    }

    /// The time from `self` to `later`, when both are of the same boot.
    pub fn until(&self, later: &Uptime) -> Option<u64> {
        (self.boot == later.boot).then(|| later.ms.saturating_sub(self.ms))
    }
}

#[cfg(target_os = "linux")]
fn boot_ms() -> Option<u64> {
    let mut ts = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `ts` is a valid timespec for clock_gettime to fill.
    let r = unsafe { libc::clock_gettime(libc::CLOCK_BOOTTIME, &mut ts) };
    (r == 0).then(|| ts.tv_sec as u64 * 1000 + ts.tv_nsec as u64 / 1_000_000)
}

#[cfg(not(target_os = "linux"))]
fn boot_ms() -> Option<u64> {
    None
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
