//! A simulated board for the hall's tests and benchmark: a seeded game of
//! random legal moves with a Fischer clock, turned into the rows a real
//! board journals (`moved` events, the `status` object, the PGN with
//! `[%clk]`), in accelerated time (the game's `t` is simulated; no sleeps).

use serde_json::{Value, json};
use shakmaty::{Color, Position};

use super::message::BoardMessage;
use crate::rules::random::SplitMix64;
use crate::rules::{Game, pgn::write_pgn};

/// One simulated board.
pub struct SimBoard {
    pub board: u32,
    game: Game,
    rng: SplitMix64,
    /// Time left, white then black, in ms.
    clock: [u64; 2],
    increment_ms: u64,
    /// The game's time in ms.
    t: u64,
    seq: u64,
    /// Extra events for the next row (a flag fall, a board difference).
    extra: Vec<Value>,
}

impl SimBoard {
    /// A board with `base_ms` + `increment_ms` for each player.
    pub fn new(board: u32, seed: u64, base_ms: u64, increment_ms: u64) -> SimBoard {
        SimBoard {
            board,
            game: Game::new(shakmaty::Chess::default()),
            rng: SplitMix64::new(seed),
            clock: [base_ms, base_ms],
            increment_ms,
            t: 0,
            seq: 0,
            extra: Vec::new(),
        }
    }

    /// The rows committed so far.
    pub fn seq(&self) -> u64 {
        self.seq
    }

    /// The moves played so far (English SAN).
    pub fn sans(&self) -> &[String] {
        self.game.sans()
    }

    pub fn is_over(&self) -> bool {
        self.game.is_over()
    }

    /// Plays one random legal move after `think_ms`; `None` when the game
    /// is over.
    pub fn play(&mut self, think_ms: u64) -> Option<BoardMessage> {
        let moves = self.game.position().legal_moves();
        if moves.is_empty() || self.game.is_over() {
            return None;
        }
        let m = moves[self.rng.below(moves.len())];
        let by = self.game.turn();
        let i = if by == Color::White { 0 } else { 1 };
        self.t += think_ms;
        self.clock[i] = self.clock[i].saturating_sub(think_ms) + self.increment_ms;
        self.game.play(m).ok()?;
        let ply = self.game.sans().len();
        let san = self.game.sans()[ply - 1].clone();
        self.game.set_comment(ply, &clk(self.clock[i]));
        let moved = json!({
            "t": self.t, "to": ["all"], "kind": "moved", "san": san, "ply": ply,
            "by": side(by), "via": side(by), "text": format!("{san}"),
        });
        Some(self.row(vec![moved]))
    }

    /// The side to move lets its flag fall (6.9): a `flag` event, an
    /// `arbiter` report and the result.
    pub fn flag_fall(&mut self) -> BoardMessage {
        let loser = self.game.turn();
        let i = if loser == Color::White { 0 } else { 1 };
        self.t += self.clock[i];
        self.clock[i] = 0;
        let _ = self.game.flag_fall(loser);
        let result = if loser == Color::White { "0-1" } else { "1-0" };
        let events = vec![
            json!({"t": self.t, "to": ["all"], "kind": "flag", "player": side(loser),
                   "text": format!("{}'s flag has fallen.", title(loser))}),
            json!({"t": self.t, "to": ["arbiter"], "kind": "arbiter", "reason": "flag",
                   "detail": side(loser), "text": format!("A flag has fallen: {}.", side(loser))}),
            json!({"t": self.t, "to": ["all"], "kind": "result", "result": result, "reason": "flag",
                   "text": format!("{result} on time.")}),
        ];
        self.row(events)
    }

    /// The two boards differ (D.2.9): guidance and a report to the arbiter;
    /// the status says `boards_differ` until [`SimBoard::boards_agree`].
    pub fn boards_differ(&mut self, detail: &str) -> BoardMessage {
        self.extra.push(json!({"boards_differ": true}));
        let events = vec![
            json!({"t": self.t, "to": ["all"], "kind": "guidance", "board": "blind",
                   "lines": [detail], "decision": "arbiter",
                   "text": format!("The blind board differs: {detail}")}),
            json!({"t": self.t, "to": ["arbiter"], "kind": "arbiter", "reason": "boards_differ",
                   "detail": detail, "text": format!("The two boards differ: {detail}")}),
        ];
        self.row(events)
    }

    /// The boards agree again.
    pub fn boards_agree(&mut self) -> BoardMessage {
        self.extra.clear();
        let events = vec![json!({"t": self.t, "to": ["all"], "kind": "boards_agree",
                                 "text": "The boards agree again."})];
        self.row(events)
    }

    /// A player calls the arbiter.
    pub fn call_arbiter(&mut self, by: &str) -> BoardMessage {
        let events = vec![
            json!({"t": self.t, "to": ["arbiter"], "kind": "arbiter", "reason": "called",
                                 "by": by, "text": format!("The arbiter is called by {by}.")}),
        ];
        self.row(events)
    }

    /// The `status` object now.
    pub fn status(&self) -> Value {
        let running = if self.game.is_over() {
            Value::Null
        } else {
            json!(side(self.game.turn()))
        };
        let differ = self.extra.iter().any(|e| e["boards_differ"] == true);
        json!({
            "fen": self.game.fen(),
            "turn": side(self.game.turn()),
            "ply": self.game.sans().len(),
            "result": self.game.result().map(|r| r.outcome.to_string()),
            "clock": {"white_ms": self.clock[0], "black_ms": self.clock[1], "running": running},
            "moves": self.game.sans(),
            "pending": false,
            "adjourned": false,
            "boards_differ": differ,
        })
    }

    /// The PGN now, with `[%clk]` after every move.
    pub fn pgn(&self) -> String {
        write_pgn(
            &self.game,
            &[
                ("Event".to_string(), "Simulated round".to_string()),
                ("White".to_string(), format!("White {}", self.board)),
                ("Black".to_string(), format!("Black {}", self.board)),
                ("TimeControl".to_string(), "300+2".to_string()),
            ],
        )
    }

    fn row(&mut self, events: Vec<Value>) -> BoardMessage {
        self.seq += 1;
        BoardMessage {
            board: self.board,
            seq: self.seq,
            events,
            state: self.status(),
            pgn: self.pgn(),
            arbiter_url: None,
        }
    }
}

fn side(c: Color) -> &'static str {
    match c {
        Color::White => "white",
        Color::Black => "black",
    }
}

fn title(c: Color) -> &'static str {
    match c {
        Color::White => "White",
        Color::Black => "Black",
    }
}

/// `[%clk h:mm:ss]` for a time in ms (whole seconds, rounded down).
pub fn clk(ms: u64) -> String {
    let s = ms / 1000;
    format!("[%clk {}:{:02}:{:02}]", s / 3600, s / 60 % 60, s % 60)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_simulated_game_reads_back_as_pgn_with_clock_comments() {
        let mut b = SimBoard::new(3, 42, 300_000, 2_000);
        let mut last = None;
        for _ in 0..20 {
            last = b.play(1_500);
        }
        let row = last.unwrap();
        assert_eq!(row.seq, 20);
        assert_eq!(row.state["ply"], 20);
        let games = crate::rules::pgn::read_pgn(&row.pgn).unwrap();
        assert_eq!(games[0].game.sans().len(), 20);
        assert_eq!(row.pgn.matches("[%clk ").count(), 20, "{}", row.pgn);
    }

    #[test]
    fn clk_is_hours_minutes_seconds() {
        assert_eq!(clk(3_723_999), "[%clk 1:02:03]");
        assert_eq!(clk(0), "[%clk 0:00:00]");
    }
}
