//! D.2.9 reconciliation as a pure function.
//!
//! FIDE Laws 2023, D.2.9: "If different positions should arise on the two
//! boards, they must be corrected with the assistance of the arbiter and
//! by consulting both players' scoresheets. If the two scoresheets
//! correspond with each other, the player who has written the move
//! correctly, but made the wrong one on his board, must adjust his
//! position to correspond with the move on the scoresheets. If the
//! scoresheets differ, the moves shall be retraced to the point where the
//! two scoresheets correspond, and the arbiter shall readjust the clocks
//! accordingly."

use shakmaty::{Board, Chess, EnPassantMode, Move, Position, fen::Fen};

use super::fixes::{Fix, FixWords, SquareStyle, line_fixes};
use super::scoresheet::replay_entries;
use super::{Side, color_key};
use crate::clock::Snapshot;
use crate::locale::Locale;

/// What D.2.9 decides.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Decision {
    /// Both boards and both scoresheets agree: nothing to do.
    InOrder,
    /// The scoresheets agree; a board differs and its player adjusts it.
    CorrectBoard,
    /// The scoresheets differ: the moves are retraced to the last point
    /// where they agree, and the arbiter readjusts the clocks.
    Retrace,
}

impl Decision {
    /// `in-order`, `correct-board` or `retrace`.
    pub fn name(self) -> &'static str {
        match self {
            Decision::InOrder => "in-order",
            Decision::CorrectBoard => "correct-board",
            Decision::Retrace => "retrace",
        }
    }
}

/// A scoresheet entry that is not one legal move.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Unreadable {
    /// Whose scoresheet.
    pub side: Side,
    /// The half-move (0-based).
    pub ply: usize,
    /// What is written there.
    pub text: String,
    /// Why it cannot be played.
    pub reason: String,
}

/// The clock times of the snapshot after the agreed moves, for the arbiter
/// to confirm (D.2.9: "the arbiter shall readjust the clocks").
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
pub struct ClockTimes {
    /// The half-moves completed at that snapshot.
    pub ply: usize,
    /// White's remaining main time then.
    pub white_ms: u64,
    /// Black's remaining main time then.
    pub black_ms: u64,
    /// White's move counter then.
    pub moves_white: u32,
    /// Black's move counter then.
    pub moves_black: u32,
}

/// What D.2.9 says to do, and how.
#[derive(Debug, Clone)]
pub struct Reconciliation {
    /// The decision.
    pub decision: Decision,
    /// The boards to correct.
    pub boards: Vec<Side>,
    /// How many half-moves both scoresheets agree on from the start.
    pub agreed_plies: usize,
    /// The position both boards must show now (the scoresheets' position,
    /// or after retracing, the position after the agreed moves).
    pub position: Chess,
    /// The agreed moves.
    pub line: Vec<Move>,
    /// What the blind player must do on his board, in order.
    pub fixes_blind: Vec<Fix>,
    /// What the sighted player must do on his board, in order.
    pub fixes_sighted: Vec<Fix>,
    /// Scoresheet entries that are not legal moves.
    pub unreadable: Vec<Unreadable>,
    /// After retracing: the clock times of that ply, when a clock was given.
    pub clock: Option<ClockTimes>,
}

/// Decides D.2.9 for two scoresheets (entries as written, in English SAN
/// or any form `loc` reads) and the two boards' piece placements, from
/// `start`.
pub fn reconcile<A: AsRef<str>, B: AsRef<str>>(
    start: &Chess,
    sheet_blind: &[A],
    sheet_sighted: &[B],
    board_blind: &Board,
    board_sighted: &Board,
    loc: &Locale,
) -> Reconciliation {
    let rb = replay_entries(sheet_blind, start, loc);
    let rs = replay_entries(sheet_sighted, start, loc);
    let mut unreadable = Vec::new();
    for (side, r, texts) in [
        (Side::Blind, &rb, as_strings(sheet_blind)),
        (Side::Sighted, &rs, as_strings(sheet_sighted)),
    ] {
        if let Some((ply, reason)) = &r.stopped {
            unreadable.push(Unreadable {
                side,
                ply: *ply,
                text: texts[*ply].clone(),
                reason: reason.clone(),
            });
        }
    }
    let agreed = rb
        .moves
        .iter()
        .zip(&rs.moves)
        .take_while(|(a, b)| a == b)
        .count();
    let sheets_agree = unreadable.is_empty()
        && rb.moves.len() == agreed
        && rs.moves.len() == agreed
        && sheet_blind.len() == sheet_sighted.len();
    let boards_in = [(Side::Blind, board_blind), (Side::Sighted, board_sighted)];
    let target = rb.positions[agreed].clone();
    let mut boards = Vec::new();
    let mut fixes = [Vec::new(), Vec::new()];
    for (i, (side, board)) in boards_in.iter().enumerate() {
        if *board != target.board() {
            boards.push(*side);
            fixes[i] = line_fixes(board, &rb.positions, &rb.moves, agreed);
        }
    }
    let decision = if !sheets_agree {
        Decision::Retrace
    } else if boards.is_empty() {
        Decision::InOrder
    } else {
        Decision::CorrectBoard
    };
    let [fixes_blind, fixes_sighted] = fixes;
    Reconciliation {
        decision,
        boards,
        agreed_plies: agreed,
        position: target,
        line: rb.moves[..agreed].to_vec(),
        fixes_blind,
        fixes_sighted,
        unreadable,
        clock: None,
    }
}

fn as_strings<S: AsRef<str>>(s: &[S]) -> Vec<String> {
    s.iter().map(|e| e.as_ref().to_string()).collect()
}

impl Reconciliation {
    /// Adds the clock times of the snapshot after the agreed moves, for a
    /// retrace (the snapshot list of [`crate::clock::Clock::snapshots`]).
    pub fn with_clock(mut self, snapshots: &[Snapshot]) -> Reconciliation {
        if self.decision == Decision::Retrace {
            self.clock = snapshots
                .iter()
                .find(|s| s.ply == self.agreed_plies)
                .map(|s| ClockTimes {
                    ply: s.ply,
                    white_ms: s.white_ms,
                    black_ms: s.black_ms,
                    moves_white: s.moves_white,
                    moves_black: s.moves_black,
                });
        }
        self
    }

    /// Adds the clock times after the agreed moves from a plain list of
    /// (White, Black) remaining milliseconds, one per ply from the start
    /// (the `clock_times` of `hector reconcile`), for a retrace.
    pub fn with_clock_times(mut self, times: &[(u64, u64)]) -> Reconciliation {
        if self.decision == Decision::Retrace
            && let Some((w, b)) = times.get(self.agreed_plies)
        {
            self.clock = Some(ClockTimes {
                ply: self.agreed_plies,
                white_ms: *w,
                black_ms: *b,
                moves_white: 0,
                moves_black: 0,
            });
        }
        self
    }

    /// The fixes for one board.
    pub fn fixes(&self, side: Side) -> &[Fix] {
        match side {
            Side::Blind => &self.fixes_blind,
            Side::Sighted => &self.fixes_sighted,
        }
    }

    /// The position to set up, as FEN.
    pub fn fen(&self) -> String {
        Fen::from_position(&self.position, EnPassantMode::Legal).to_string()
    }

    /// The decision and the fixes as sentences: the arbiter's summary,
    /// then each board's guidance.
    pub fn report(&self, w: &FixWords, style: SquareStyle) -> Vec<String> {
        let mut out = self.summary(w);
        for side in Side::BOTH {
            let f = self.fixes(side);
            if !f.is_empty() {
                out.push(w.fix_text(
                    "board",
                    &[
                        ("player", &w.side(side)),
                        ("fixes", &w.say_all(f, style).join(" ")),
                    ],
                ));
            }
        }
        out
    }

    /// The arbiter's summary: unreadable entries, the decision, and after
    /// a retrace the clock times to confirm.
    pub fn summary(&self, w: &FixWords) -> Vec<String> {
        let mut out = Vec::new();
        for u in &self.unreadable {
            out.push(w.report(
                "unreadable",
                &[
                    ("side", &w.side(u.side)),
                    ("ply", &(u.ply + 1).to_string()),
                    ("text", &u.text),
                ],
            ));
        }
        match self.decision {
            Decision::InOrder => out.push(w.report("in_order", &[])),
            Decision::CorrectBoard => {
                let names: Vec<String> = self.boards.iter().map(|s| w.side(*s)).collect();
                let and = w.report("and", &[]);
                out.push(w.report("correct_board", &[("boards", &names.join(&and))]));
            }
            Decision::Retrace => {
                out.push(w.report("retrace", &[("plies", &self.agreed_plies.to_string())]));
                if let Some(c) = self.clock {
                    out.push(w.report(
                        "clock",
                        &[
                            ("white", &w.duration(c.white_ms)),
                            ("black", &w.duration(c.black_ms)),
                        ],
                    ));
                }
            }
        }
        out
    }

    /// The command-line JSON object: decision, boards, agreed_plies,
    /// position, fixes per board, and the clock and unreadable entries when
    /// there are any.
    pub fn to_json(&self, w: &FixWords, style: SquareStyle) -> serde_json::Value {
        let mut v = serde_json::json!({
            "decision": self.decision.name(),
            "boards": self.boards.iter().map(|s| s.name()).collect::<Vec<_>>(),
            "agreed_plies": self.agreed_plies,
            "position": self.fen(),
            "to_move": color_key(self.position.turn()),
            "fixes": {
                "blind": w.say_all(&self.fixes_blind, style),
                "sighted": w.say_all(&self.fixes_sighted, style),
            },
            "report": self.report(w, style),
        });
        if let Some(c) = self.clock {
            v["clock"] = serde_json::to_value(c).unwrap_or_default();
        }
        if !self.unreadable.is_empty() {
            v["unreadable"] = self
                .unreadable
                .iter()
                .map(|u| {
                    serde_json::json!({
                        "scoresheet": u.side.name(),
                        "ply": u.ply,
                        "text": u.text,
                        "reason": u.reason,
                    })
                })
                .collect();
        }
        v
    }
}
