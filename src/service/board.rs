//! One board's live game: the session, its journal and the service clock.
//! Every command goes through [`Board::submit`], which applies it, commits
//! it to the journal and only then hands its events out.

use std::path::Path;
use std::time::Instant;

use serde_json::{Value, json};

use super::game::Game;
use super::journal::{Journal, Row, Stored, wall_ms};
use super::tokens::{Tokens, Who, fresh_token};

/// What one command did.
#[derive(Debug, Clone)]
pub struct Committed {
    /// The journal row, `None` when nothing was journaled (a refused
    /// command, or time passing without any event).
    pub seq: Option<i64>,
    /// Session time of the command, ms.
    pub t: u64,
    /// The events, as `hector session` prints them.
    pub events: Vec<Value>,
}

/// Called after each commit, before its events leave (the hall publisher
/// queues the row here; it must not block).
pub type OnCommit = Box<dyn FnMut(&Row, &Value, &str) + Send>;

/// How a board came up.
#[derive(Debug, Clone, PartialEq)]
pub enum Opened {
    /// A new journal.
    New,
    /// An existing journal: its commands were replayed.
    Resumed {
        /// Commands replayed.
        commands: usize,
        /// How long the service was down (wall clock), ms.
        interrupted_ms: Option<u64>,
    },
}

/// One board.
pub struct Board {
    game: Game,
    journal: Journal,
    config: Value,
    tags: Vec<(String, String)>,
    /// The game's own identity (see [`Journal::game`]).
    game_id: String,
    base_t: u64,
    started: Instant,
    last_t: u64,
    on_commit: Option<OnCommit>,
    /// Until [`Board::begin`]: commands replayed, the wall-clock time the
    /// game stopped and the machine's time since boot then (when its last
    /// heartbeat had it), for a resumed game.
    resumed: Option<(usize, Option<u64>, Option<crate::service::journal::Uptime>)>,
}

impl Board {
    /// Opens the journal at `path` and begins: [`Board::load`], then
    /// [`Board::begin`].
    pub fn open(
        path: &Path,
        config: &Value,
        tags: &[(String, String)],
    ) -> Result<(Board, Tokens, Opened), String> {
        let journal = Journal::open(path).map_err(|e| refusal(path, &e, config))?;
        let (mut board, tokens) = Board::load(journal, config, tags)?;
        let (opened, _) = board.begin()?;
        Ok((board, tokens, opened))
    }

    /// Takes an open journal: resumes the game it holds, or starts a new
    /// one with `config` and `tags` (written to the journal). Returns the
    /// board and the seat tokens; nothing of the game is journaled yet
    /// ([`Board::begin`] does that, once the service can answer).
    pub fn load(
        journal: Journal,
        config: &Value,
        tags: &[(String, String)],
    ) -> Result<(Board, Tokens), String> {
        Board::load_checked(journal, config, tags).map_err(|failed| {
            let (e, journal) = *failed;
            match e {
                Refused::Journal(e) => {
                    // The sentence names the last good move: the good rows
                    // replayed with the game's options (the stored ones if
                    // they can be read, else this command's).
                    let options = journal
                        .stored()
                        .ok()
                        .flatten()
                        .map(|s| s.config)
                        .unwrap_or_else(|| config.clone());
                    let last = last_good_move(&journal, &options);
                    e.sentence(&lang_of(&options), last.as_deref())
                }
                Refused::Other(e) => e,
            }
        })
    }

    fn load_checked(
        mut journal: Journal,
        config: &Value,
        tags: &[(String, String)],
    ) -> Result<(Board, Tokens), Box<(Refused, Journal)>> {
        macro_rules! journal_err {
            ($e:expr) => {
                match $e {
                    Ok(v) => v,
                    Err(e) => return Err(Box::new((Refused::Journal(e), journal))),
                }
            };
        }
        macro_rules! other_err {
            ($e:expr) => {
                match $e {
                    Ok(v) => v,
                    Err(e) => return Err(Box::new((Refused::Other(e), journal))),
                }
            };
        }
        let stored = match journal_err!(journal.stored()) {
            Some(s) => s,
            None => {
                let tokens = other_err!(Tokens::generate());
                // 6.6: at a tournament the arbiter starts the clocks; until
                // then nobody moves.
                let mut config = config.clone();
                if config.get("control").is_some_and(|c| !c.is_null())
                    && let Some(map) = config.as_object_mut()
                {
                    map.insert("arbiter_starts".into(), Value::Bool(true));
                }
                let s = Stored {
                    config,
                    tags: tags.to_vec(),
                    tokens: tokens.pairs(),
                };
                other_err!(Game::new(&s.config));
                journal_err!(journal.start(&s));
                s
            }
        };
        let mut stored = stored;
        // A journal written before a seat was added (the per-player
        // assistants) gets a token for it, written once the journal has
        // proved sound; the others stay.
        let mut added = Vec::new();
        for who in Who::ADDED {
            if !stored.tokens.iter().any(|(s, _)| s == who.name()) {
                let pair = (who.name().to_string(), other_err!(fresh_token()));
                stored.tokens.push(pair.clone());
                added.push(pair);
            }
        }
        let name = journal.path().display().to_string();
        let tokens = journal_err!(Tokens::from_pairs(&stored.tokens).map_err(|e| {
            super::journal::JournalError::Damaged(name, e.trim_end_matches('.').to_string())
        }));
        // The tokens as stored (before any added now) have their sum.
        let stored_pairs: Vec<(String, String)> = stored
            .tokens
            .iter()
            .filter(|p| !added.contains(p))
            .cloned()
            .collect();
        journal_err!(journal.check_settings(&stored_pairs));
        let rows = journal_err!(journal.rows_after(0));
        let game = other_err!(replay_rows(&stored.config, &rows));
        for (seat, token) in &added {
            journal_err!(journal.add_token(seat, token));
        }
        let game_id = journal_err!(journal.ensure_game());
        // Where the game stood when the service stopped: its last command,
        // or the last heartbeat of a running clock if that came later.
        let mut last = rows.last().map(|r| (r.t, r.wall_ms));
        // The machine's time since boot at that heartbeat: the downtime is
        // measured with it when the machine did not restart (a wall clock
        // set back or on meanwhile would say "zero" or "a day").
        let mut uptime = None;
        if let Some(hb) = journal.heartbeat()
            && last.is_some_and(|l| hb.0 >= l.0)
        {
            last = Some(hb);
            uptime = journal.heartbeat_uptime();
        }
        let at = last.map(|l| l.0).unwrap_or(0);
        let board = Board {
            game,
            journal,
            config: stored.config,
            tags: stored.tags,
            game_id,
            base_t: at,
            started: Instant::now(),
            last_t: at,
            on_commit: None,
            resumed: (!rows.is_empty()).then(|| (rows.len(), last.map(|l| l.1), uptime)),
        };
        Ok((board, tokens))
    }

    /// Journals how the game begins in this run, and returns how it was
    /// opened with the events of that command. A new game gets its clocks
    /// stopped for the arbiter; a resumed game gets an `interrupted`
    /// command at the time it stopped (its last command, or the last
    /// heartbeat of a running clock): the clocks stay stopped until the
    /// arbiter starts them, and the downtime is charged to nobody.
    pub fn begin(&mut self) -> Result<(Opened, Vec<Value>), String> {
        let Some((commands, wall, uptime)) = self.resumed.take() else {
            // (A journal with no command yet is started again as new.)
            // At a tournament the arbiter starts the clocks (hector session
            // starts White's at once): a served game begins with them stopped.
            // A game journaled with `arbiter_starts` has them stopped from
            // the start (not yet started).
            let mut events = Vec::new();
            if self.config.get("control").is_some_and(|c| !c.is_null())
                && self.config.get("arbiter_starts") != Some(&Value::Bool(true))
            {
                events = self
                    .submit_at(json!({"from": "arbiter", "text": "stop clock"}), 0)?
                    .events;
            }
            return Ok((Opened::New, events));
        };
        let mut interrupted_ms = None;
        let mut events = Vec::new();
        if let Some(wall) = wall {
            let for_ms = uptime
                .as_ref()
                .zip(crate::service::journal::Uptime::now())
                .and_then(|(then, now)| then.until(&now))
                .unwrap_or_else(|| wall_ms().saturating_sub(wall));
            events = self
                .submit_at(json!({"interrupted_ms": for_ms}), self.last_t)?
                .events;
            interrupted_ms = Some(for_ms);
        }
        Ok((
            Opened::Resumed {
                commands,
                interrupted_ms,
            },
            events,
        ))
    }

    /// Journals the session time now while a clock runs (kept apart from
    /// the commands: the sequence does not change), so that a crash
    /// refunds the player on move at most the time since the last one.
    pub fn heartbeat(&mut self) -> Result<(), String> {
        let t = self.now();
        let running = self
            .game
            .status(t)
            .get("clock")
            .and_then(|c| c.get("running"))
            .is_some_and(|r| !r.is_null());
        if !running {
            return Ok(());
        }
        self.journal
            .set_heartbeat(t, wall_ms())
            .map_err(|e| e.to_string())
    }

    /// Sets the function called after each commit.
    pub fn on_commit(&mut self, f: OnCommit) {
        self.on_commit = Some(f);
    }

    /// Session time now: the time of the last command before a restart plus
    /// the time since this process opened the board.
    pub fn now(&self) -> u64 {
        let t = self.base_t + self.started.elapsed().as_millis() as u64;
        t.max(self.last_t)
    }

    /// The session options this board was started with.
    pub fn config(&self) -> &Value {
        &self.config
    }

    /// The game's own identity, made with its journal (128 random bits,
    /// hex): every message to the hall carries it.
    pub fn game_id(&self) -> &str {
        &self.game_id
    }

    /// The PGN tags.
    pub fn tags(&self) -> &[(String, String)] {
        &self.tags
    }

    /// The journal (read access for the hall publisher).
    pub fn journal(&self) -> &Journal {
        &self.journal
    }

    /// The journal, for settings.
    pub fn journal_mut(&mut self) -> &mut Journal {
        &mut self.journal
    }

    /// The session (read only: the local front ends of `hector serve` look
    /// at it; every change goes through [`Board::submit`]).
    pub fn session(&self) -> &crate::session::Session {
        self.game.session()
    }

    /// The `status` object now.
    pub fn status(&self) -> Value {
        self.game.status(self.now())
    }

    /// The game so far as PGN.
    pub fn pgn(&self) -> String {
        self.game.pgn(&self.tags)
    }

    /// Applies a command (a `hector session` input line without `t`) now.
    pub fn submit(&mut self, input: Value) -> Result<Committed, String> {
        let t = self.now();
        self.submit_at(input, t)
    }

    fn submit_at(&mut self, mut input: Value, t: u64) -> Result<Committed, String> {
        if let Some(obj) = input.as_object_mut() {
            obj.insert("t".into(), json!(t));
        }
        let events = self.game.apply(&input);
        // A seat's command is journaled unless it was refused (a refusal
        // changes nothing); time passing only when it made something happen.
        let refused = !events.is_empty()
            && events
                .iter()
                .all(|e| e.get("kind").and_then(Value::as_str) == Some("refused"));
        let from_seat = input.get("from").is_some() || input.get("interrupted_ms").is_some();
        let keep = if from_seat {
            !refused
        } else {
            !events.is_empty()
        };
        if !keep {
            return Ok(Committed {
                seq: None,
                t,
                events,
            });
        }
        let list = Value::Array(events.clone());
        let wall = wall_ms();
        match self.journal.append(t, wall, &input, &list) {
            Ok(seq) => {
                self.last_t = t;
                if let Some(f) = &mut self.on_commit {
                    let row = Row {
                        seq,
                        t,
                        wall_ms: wall,
                        command: input,
                        events: list,
                    };
                    let state = self.game.status(t);
                    let pgn = self.game.pgn(&self.tags);
                    f(&row, &state, &pgn);
                }
                Ok(Committed {
                    seq: Some(seq),
                    t,
                    events,
                })
            }
            Err(e) => {
                // The command is not in the journal: take it back by
                // rebuilding the game from what is.
                if let Ok((game, _)) = replay(&self.journal, &self.config) {
                    self.game = game;
                }
                Err(e.to_string())
            }
        }
    }
}

/// Why a board could not be loaded.
enum Refused {
    /// The journal: refused with its sentence and the last good move.
    Journal(super::journal::JournalError),
    /// Anything else, as a sentence.
    Other(String),
}

/// The game's language code from its options (English if none).
pub fn lang_of(config: &Value) -> String {
    config
        .get("locale")
        .and_then(Value::as_str)
        .unwrap_or("en")
        .to_string()
}

/// The last good move of a damaged journal as the game writes it
/// (`12. Sf3`, `12... Sf6`), `None` when no move is good.
pub fn last_good_move(journal: &Journal, config: &Value) -> Option<String> {
    let rows = journal.good_rows();
    let mut game = Game::new(config).ok()?;
    for row in &rows {
        game.apply(&row.command);
    }
    let status = game.status(rows.last().map(|r| r.t).unwrap_or(0));
    let moves = status
        .get("written")
        .or_else(|| status.get("moves"))?
        .as_array()?;
    let san = moves.last()?.as_str()?;
    let i = moves.len() - 1;
    let white = status
        .get("turn")
        .and_then(Value::as_str)
        .map(|t| t == "black")
        .unwrap_or(i % 2 == 0);
    let number = i / 2 + 1;
    Some(if white {
        format!("{number}. {san}")
    } else {
        format!("{number}... {san}")
    })
}

/// The sentence that refuses the journal at `path` (in the game's
/// language, `config`'s locale): for a damaged one with its last good
/// move, read from what of it can still be read.
pub fn refusal(path: &Path, e: &super::journal::JournalError, config: &Value) -> String {
    use super::journal::JournalError;
    // The game's own options when they can be read (its language), else
    // this command's. (Not for a file that is no journal or cannot be
    // opened at all.)
    let readable = matches!(
        e,
        JournalError::Broken(..) | JournalError::Locked(_) | JournalError::Damaged(..)
    );
    let journal = readable
        .then(|| Journal::open_read_only(path).ok())
        .flatten();
    let options = journal
        .as_ref()
        .and_then(|j| j.stored().ok().flatten())
        .map(|s| s.config)
        .unwrap_or_else(|| config.clone());
    let last = match (e, &journal) {
        (JournalError::Broken(..), Some(j)) => last_good_move(j, &options),
        _ => None,
    };
    e.sentence(&lang_of(&options), last.as_deref())
}

/// A fresh game with every journaled command applied, and the rows.
pub fn replay(journal: &Journal, config: &Value) -> Result<(Game, Vec<Row>), String> {
    let rows = journal.rows_after(0).map_err(|e| e.to_string())?;
    Ok((replay_rows(config, &rows)?, rows))
}

/// A fresh game from `config` with `rows` (checked, see
/// [`super::journal::decode_rows`]) applied in order. A row whose events
/// differ from what it gives now is said once on stderr; the game goes on
/// from the commands.
pub fn replay_rows(config: &Value, rows: &[Row]) -> Result<Game, String> {
    let mut game = Game::new(config)?;
    let mut warned = false;
    for row in rows {
        let events = game.apply(&row.command);
        if !warned && Value::Array(events) != row.events {
            warned = true;
            eprintln!(
                "The journal's command {} gives other events than when it was played; \
                 the game goes on from the commands.",
                row.seq
            );
        }
    }
    Ok(game)
}
