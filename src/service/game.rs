//! The one place where `hector serve` meets the game: commands go in as the
//! JSON lines of `hector session` (`{"t", "from", "text"}`, `{"t"}`,
//! `{"t", "interrupted": MS}`), events come out as the JSON objects
//! `hector session` prints (with `to` and `text`).
//!
//! INTERIM: until `hector::session` is on main this is a small stand-in
//! that knows moves, the clock and the arbiter's `start clock`; it is
//! replaced by a thin adapter over `Session` + `Renderer`.

use serde_json::{Value, json};
use shakmaty::fen::Fen;
use shakmaty::san::San;
use shakmaty::uci::UciMove;
use shakmaty::{CastlingMode, Chess, Color, EnPassantMode, Position};

/// One board's game.
pub struct Game {
    pos: Chess,
    sans: Vec<String>,
    clk: Vec<u64>,
    clock: Option<Clock>,
    result: Option<&'static str>,
    last_t: u64,
}

struct Clock {
    white_ms: u64,
    black_ms: u64,
    increment_ms: u64,
    running: Option<Color>,
    since: u64,
}

impl Clock {
    fn left(&self, c: Color, t: u64) -> u64 {
        let base = if c == Color::White {
            self.white_ms
        } else {
            self.black_ms
        };
        if self.running == Some(c) {
            base.saturating_sub(t.saturating_sub(self.since))
        } else {
            base
        }
    }
    fn settle(&mut self, t: u64) {
        if let Some(c) = self.running {
            let left = self.left(c, t);
            *self.slot(c) = left;
            self.since = t;
        }
    }
    fn slot(&mut self, c: Color) -> &mut u64 {
        if c == Color::White {
            &mut self.white_ms
        } else {
            &mut self.black_ms
        }
    }
}

fn name(c: Color) -> &'static str {
    if c == Color::White { "white" } else { "black" }
}

fn event(t: u64, to: &[&str], kind: &str, text: String, mut fields: Value) -> Value {
    let obj = fields.as_object_mut().expect("event fields are an object");
    obj.insert("t".into(), json!(t));
    obj.insert("kind".into(), json!(kind));
    obj.insert("to".into(), json!(to));
    obj.insert("text".into(), json!(text));
    fields
}

impl Game {
    /// A game from the session options stored in the journal.
    pub fn new(config: &Value) -> Result<Game, String> {
        let pos = match config.get("fen").and_then(Value::as_str) {
            Some(f) => f
                .parse::<Fen>()
                .map_err(|e| format!("The FEN is not valid: {e}."))?
                .into_position(CastlingMode::Standard)
                .map_err(|e| format!("The FEN is not a legal position: {e}."))?,
            None => Chess::default(),
        };
        let clock = match config.get("control").and_then(Value::as_str) {
            Some(c) => {
                let (base, inc) = c.split_once('+').unwrap_or((c, "0"));
                let base: u64 = base.parse().map_err(|_| format!("Unknown control {c}."))?;
                let inc: u64 = inc.parse().map_err(|_| format!("Unknown control {c}."))?;
                Some(Clock {
                    white_ms: base * 1000,
                    black_ms: base * 1000,
                    increment_ms: inc * 1000,
                    running: None,
                    since: 0,
                })
            }
            None => None,
        };
        Ok(Game {
            pos,
            sans: Vec::new(),
            clk: Vec::new(),
            clock,
            result: None,
            last_t: 0,
        })
    }

    /// The time of the last command applied.
    pub fn last_t(&self) -> u64 {
        self.last_t
    }

    /// Applies one command line; returns the events it produced.
    pub fn apply(&mut self, line: &Value) -> Vec<Value> {
        let t = line.get("t").and_then(Value::as_u64).unwrap_or(self.last_t);
        if t < self.last_t {
            return vec![event(
                t,
                &["all"],
                "refused",
                "Time went backwards.".into(),
                json!({"reason": "time"}),
            )];
        }
        self.last_t = t;
        let mut out = Vec::new();
        if let Some(ms) = line.get("interrupted").and_then(Value::as_u64) {
            if let Some(c) = &mut self.clock {
                c.settle(t);
                c.running = None;
            }
            out.push(event(
                t,
                &["arbiter", "white"],
                "interrupted",
                format!("The game was interrupted for {} seconds.", ms / 1000),
                json!({"for_ms": ms}),
            ));
            return out;
        }
        self.flag(t, &mut out);
        let (Some(from), Some(text)) = (
            line.get("from").and_then(Value::as_str),
            line.get("text").and_then(Value::as_str),
        ) else {
            return out;
        };
        let text = text.trim();
        let refuse = |why: &str| {
            event(
                t,
                &[from],
                "refused",
                why.to_string(),
                json!({"reason": why}),
            )
        };
        if from == "arbiter" && (text == "start clock" || text == "stop clock") {
            match &mut self.clock {
                Some(c) => {
                    c.settle(t);
                    c.running = (text == "start clock").then(|| self.pos.turn());
                    c.since = t;
                }
                None => out.push(refuse("There is no clock.")),
            }
            return out;
        }
        if text == "time" {
            if let Some(c) = &self.clock {
                for col in [Color::White, Color::Black] {
                    let ms = c.left(col, t);
                    out.push(event(
                        t,
                        &[from],
                        "answer",
                        format!("{} {} seconds", name(col), ms / 1000),
                        json!({"query": "time", "player": name(col), "ms": ms}),
                    ));
                }
                return out;
            }
            out.push(refuse("There is no clock."));
            return out;
        }
        if self.result.is_some() {
            out.push(refuse("The game is over."));
            return out;
        }
        let turn = self.pos.turn();
        if from != name(turn) && from != "assistant" {
            out.push(refuse("It is not your move."));
            return out;
        }
        let mv = text
            .parse::<San>()
            .ok()
            .and_then(|s| s.to_move(&self.pos).ok())
            .or_else(|| {
                text.parse::<UciMove>()
                    .ok()
                    .and_then(|u| u.to_move(&self.pos).ok())
            });
        let Some(mv) = mv else {
            out.push(refuse("That is not a legal move."));
            return out;
        };
        let san = San::from_move(&self.pos, mv).to_string();
        self.pos.play_unchecked(mv);
        self.sans.push(san.clone());
        if let Some(c) = &mut self.clock {
            c.settle(t);
            if c.running.is_some() {
                *c.slot(turn) += c.increment_ms;
                c.running = Some(!turn);
            }
            self.clk.push(c.left(turn, t));
        }
        out.push(event(
            t,
            &["all"],
            "moved",
            format!("{} {san}", name(turn)),
            json!({"san": san, "ply": self.sans.len(), "by": name(turn), "via": from}),
        ));
        if let shakmaty::Outcome::Known(o) = self.pos.outcome() {
            let r = match o.winner() {
                Some(Color::White) => "1-0",
                Some(Color::Black) => "0-1",
                None => "1/2-1/2",
            };
            self.result = Some(r);
            if let Some(c) = &mut self.clock {
                c.running = None;
            }
            out.push(event(
                t,
                &["all"],
                "result",
                r.to_string(),
                json!({"result": r, "reason": "board"}),
            ));
        }
        out
    }

    fn flag(&mut self, t: u64, out: &mut Vec<Value>) {
        if self.result.is_some() {
            return;
        }
        if let Some(c) = &mut self.clock
            && let Some(col) = c.running
            && c.left(col, t) == 0
        {
            c.settle(t);
            c.running = None;
            let r = if col == Color::White { "0-1" } else { "1-0" };
            self.result = Some(r);
            out.push(event(
                t,
                &["all"],
                "result",
                format!("{} lost on time", name(col)),
                json!({"result": r, "reason": "flag"}),
            ));
        }
    }

    /// The `status` object at time `t`.
    pub fn status(&self, t: u64) -> Value {
        let fen = Fen::from_position(&self.pos, EnPassantMode::Legal).to_string();
        let clock = self.clock.as_ref().map(|c| {
            json!({"white_ms": c.left(Color::White, t), "black_ms": c.left(Color::Black, t),
                   "running": c.running.map(name)})
        });
        json!({"kind": "status", "fen": fen, "turn": name(self.pos.turn()),
               "ply": self.sans.len(), "result": self.result, "clock": clock})
    }

    /// The game so far as PGN.
    pub fn pgn(&self, tags: &[(String, String)]) -> String {
        let mut s = String::new();
        for (k, v) in tags {
            s.push_str(&format!(
                "[{k} \"{}\"]\n",
                v.replace('\\', "\\\\").replace('"', "\\\"")
            ));
        }
        s.push('\n');
        for (i, san) in self.sans.iter().enumerate() {
            if i % 2 == 0 {
                s.push_str(&format!("{}. ", i / 2 + 1));
            }
            s.push_str(san);
            if let Some(ms) = self.clk.get(i) {
                let secs = ms / 1000;
                s.push_str(&format!(
                    " {{[%clk {}:{:02}:{:02}]}}",
                    secs / 3600,
                    secs / 60 % 60,
                    secs % 60
                ));
            }
            s.push(' ');
        }
        s.push_str(self.result.unwrap_or("*"));
        s.push('\n');
        s
    }
}
