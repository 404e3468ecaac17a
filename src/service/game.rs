//! The one place where `hector serve` meets the session: commands go in as
//! the JSON lines of `hector session` (`{"t", "from", "text"}`, `{"t"}`,
//! `{"t", "interrupted_ms"}`), events come out as the JSON objects
//! `hector session` prints (with `to` and `text`).

use serde_json::Value;

use crate::session::{Command, Config, Event, Kind, Refusal, Renderer, Seat, Session, To};

/// One board's game: the session and its renderer.
pub struct Game {
    session: Session,
    render: Renderer,
}

impl Game {
    /// A game from the session options stored in the journal (a
    /// [`Config`] as JSON; missing fields take their defaults).
    pub fn new(config: &Value) -> Result<Game, String> {
        let cfg: Config = serde_json::from_value(config.clone())
            .map_err(|e| format!("The game's options cannot be read: {e}."))?;
        let session = Session::new(&cfg).map_err(|e| e.to_string())?;
        let render = Renderer::for_session(&session);
        Ok(Game { session, render })
    }

    /// The session itself (read only: every change goes through [`Game::apply`]).
    pub fn session(&self) -> &Session {
        &self.session
    }

    /// The time of the last command applied.
    pub fn last_t(&self) -> u64 {
        self.session.last_t()
    }

    /// Applies one command line; returns its events as `hector session`
    /// prints them. A line the session cannot read gives one `refused`.
    pub fn apply(&mut self, line: &Value) -> Vec<Value> {
        let events = match Command::from_json_line(&line.to_string()) {
            Ok(cmd) => self.session.apply(&cmd),
            Err(problem) => {
                let to = line
                    .get("from")
                    .and_then(Value::as_str)
                    .and_then(Seat::parse)
                    .map_or(To::All, To::Seat);
                vec![Event {
                    t: self.session.last_t(),
                    to: vec![to],
                    kind: Kind::Refused {
                        why: Refusal::BadLine { problem },
                    },
                }]
            }
        };
        events.iter().map(|e| self.render.line(e)).collect()
    }

    /// The `status` event at time `t`, as `hector session` prints it.
    ///
    /// Besides the fields of the `status` event it has `written`: the
    /// moves in the game's written notation (Appendix C in the game's
    /// language: "Sf3" in German, "Ιζ3" in Greek), one per half-move, for
    /// the pages' move lists and the hall's last move (`moves` stays
    /// English SAN, as in PGN).
    pub fn status(&self, t: u64) -> Value {
        let status = self.session.status(t);
        let start = self.session.start_fen();
        let written =
            crate::session::written_sans(Some(&start), &status.moves, self.session.locale());
        let mut v = self.render.line(&Event {
            t: t.max(self.session.last_t()),
            to: vec![To::All],
            kind: Kind::Status(status),
        });
        if let Value::Object(o) = &mut v {
            o.insert("written".into(), serde_json::json!(written));
        }
        v
    }

    /// The game so far as PGN, with `{[%clk h:mm:ss]}` after every move.
    pub fn pgn(&self, tags: &[(String, String)]) -> String {
        self.session.pgn(tags)
    }
}
