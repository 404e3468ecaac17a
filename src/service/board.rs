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
    base_t: u64,
    started: Instant,
    last_t: u64,
    on_commit: Option<OnCommit>,
    /// Until [`Board::begin`]: commands replayed and the wall-clock time
    /// the game stopped, for a resumed game.
    resumed: Option<(usize, Option<u64>)>,
}

impl Board {
    /// Opens the journal at `path` and begins: [`Board::load`], then
    /// [`Board::begin`].
    pub fn open(
        path: &Path,
        config: &Value,
        tags: &[(String, String)],
    ) -> Result<(Board, Tokens, Opened), String> {
        let journal = Journal::open(path).map_err(|e| e.to_string())?;
        let (mut board, tokens) = Board::load(journal, config, tags)?;
        let (opened, _) = board.begin()?;
        Ok((board, tokens, opened))
    }

    /// Takes an open journal: resumes the game it holds, or starts a new
    /// one with `config` and `tags` (written to the journal). Returns the
    /// board and the seat tokens; nothing of the game is journaled yet
    /// ([`Board::begin`] does that, once the service can answer).
    pub fn load(
        mut journal: Journal,
        config: &Value,
        tags: &[(String, String)],
    ) -> Result<(Board, Tokens), String> {
        let stored = match journal.stored().map_err(|e| e.to_string())? {
            Some(s) => s,
            None => {
                let tokens = Tokens::generate()?;
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
                Game::new(&s.config)?;
                journal.start(&s).map_err(|e| e.to_string())?;
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
                let pair = (who.name().to_string(), fresh_token()?);
                stored.tokens.push(pair.clone());
                added.push(pair);
            }
        }
        let tokens = Tokens::from_pairs(&stored.tokens)?;
        let (game, rows) = replay(&journal, &stored.config)?;
        for (seat, token) in &added {
            journal.add_token(seat, token).map_err(|e| e.to_string())?;
        }
        // Where the game stood when the service stopped: its last command,
        // or the last heartbeat of a running clock if that came later.
        let mut last = rows.last().map(|r| (r.t, r.wall_ms));
        if let Some(hb) = journal.heartbeat()
            && last.is_some_and(|l| hb.0 >= l.0)
        {
            last = Some(hb);
        }
        let at = last.map(|l| l.0).unwrap_or(0);
        let board = Board {
            game,
            journal,
            config: stored.config,
            tags: stored.tags,
            base_t: at,
            started: Instant::now(),
            last_t: at,
            on_commit: None,
            resumed: (!rows.is_empty()).then(|| (rows.len(), last.map(|l| l.1))),
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
        let Some((commands, wall)) = self.resumed.take() else {
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
            let for_ms = wall_ms().saturating_sub(wall);
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
