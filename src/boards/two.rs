//! The two boards of a game with a blind player (FIDE Laws 2023, D.1,
//! D.2.1): the tactile board's expected position and the sighted board's
//! position (observed by an e-board, or reported), both scoresheets, and
//! the check of all four against each other after every move (D.2.9).

use shakmaty::{Board, Chess, Move, Piece, Position, Square, san::SanPlus};

use super::fixes::{FixWords, Memo, SquareStyle};
use super::reconcile::{Reconciliation, reconcile};
use super::scoresheet::Scoresheet;
use super::{BoardsError, Side};
use crate::clock::Snapshot;
use crate::locale::Locale;

/// Both scoresheets and both boards of one game.
#[derive(Debug, Clone)]
pub struct TwoBoards {
    start: Chess,
    sheets: [Scoresheet; 2],
    boards: [Board; 2],
    memo: Memo,
}

fn ix(side: Side) -> usize {
    match side {
        Side::Blind => 0,
        Side::Sighted => 1,
    }
}

/// Applies the change a legal move makes to `before`'s board onto `board`:
/// every square the move changes gets what it holds after the move, so
/// the move is made on a board that may already differ elsewhere.
pub fn apply_move(board: &mut Board, before: &Chess, m: Move) {
    let mut after = before.clone();
    after.play_unchecked(m);
    for sq in Square::ALL {
        let (b, a) = (before.board().piece_at(sq), after.board().piece_at(sq));
        if b != a {
            board.discard_piece_at(sq);
            if let Some(p) = a {
                board.set_piece_at(sq, p);
            }
        }
    }
}

impl TwoBoards {
    /// Two boards set up at `start`, with empty scoresheets.
    pub fn new(start: Chess) -> TwoBoards {
        let b = start.board().clone();
        TwoBoards {
            start,
            sheets: [Scoresheet::new(), Scoresheet::new()],
            boards: [b.clone(), b],
            memo: Memo::new(),
        }
    }

    /// The start position.
    pub fn start(&self) -> &Chess {
        &self.start
    }

    /// A player's scoresheet.
    pub fn sheet(&self, side: Side) -> &Scoresheet {
        &self.sheets[ix(side)]
    }

    /// A player's scoresheet, to write or correct.
    pub fn sheet_mut(&mut self, side: Side) -> &mut Scoresheet {
        &mut self.sheets[ix(side)]
    }

    /// A board's piece placement as hector believes it stands.
    pub fn board(&self, side: Side) -> &Board {
        &self.boards[ix(side)]
    }

    /// A move made and announced (D.2.1, D.2.3): both players write it
    /// (in English SAN) and make it on their boards.
    pub fn record_move(&mut self, before: &Chess, m: Move, at_ms: u64) {
        let san = SanPlus::from_move(before.clone(), m).to_string();
        for i in 0..2 {
            // The text is never empty, so recording cannot fail.
            let _ = self.sheets[i].record(&san, at_ms);
            apply_move(&mut self.boards[i], before, m);
        }
    }

    /// What a board really shows, as observed (e-board) or reported by its
    /// player ("my board shows …").
    pub fn report_board(&mut self, side: Side, board: Board) {
        self.boards[ix(side)] = board;
    }

    /// D.2.9: checks both boards against both scoresheets.
    pub fn check(&self, loc: &Locale, snapshots: &[Snapshot]) -> Reconciliation {
        reconcile(
            &self.start,
            self.sheets[0].entries(),
            self.sheets[1].entries(),
            &self.boards[0],
            &self.boards[1],
            loc,
        )
        .with_clock(snapshots)
    }

    /// The guidance for each board that its player has not heard yet
    /// (never repeated endlessly; [`Memo`]).
    pub fn fresh_guidance(
        &mut self,
        r: &Reconciliation,
        w: &FixWords,
        style: SquareStyle,
    ) -> Vec<(Side, Vec<String>)> {
        let mut out = Vec::new();
        for side in Side::BOTH {
            let lines = w.say_all(r.fixes(side), style);
            if let Some(l) = self.memo.fresh(side, lines) {
                out.push((side, l));
            }
        }
        out
    }

    /// After a retrace (D.2.9): both scoresheets are struck from the first
    /// disputed half-move and both boards are set to `r.position`.
    pub fn retrace(&mut self, r: &Reconciliation, at_ms: u64) {
        for s in &mut self.sheets {
            s.strike_from(r.agreed_plies, at_ms);
        }
        self.set_up(r.position.board());
    }

    /// Both boards set to this placement (after the players fixed them).
    pub fn set_up(&mut self, board: &Board) {
        self.boards = [board.clone(), board.clone()];
    }
}

/// Reads a board given as FEN (only the placement field is used).
pub fn parse_board(text: &str) -> Result<Board, BoardsError> {
    let field = text.split_whitespace().next().unwrap_or("");
    field.parse::<Board>().map_err(|e| BoardsError::BadBoard {
        text: text.trim().to_string(),
        reason: e.to_string(),
    })
}

/// Reads "my board shows …": a FEN placement, or a list of squares with
/// what stands on them, applied to `base`: `e5=N` (a white knight; FEN
/// letters, upper case white, lower case black), `f3=-` (empty). Items
/// are separated by spaces or commas.
pub fn parse_report(text: &str, base: &Board) -> Result<Board, BoardsError> {
    let t = text.trim();
    if t.contains('/') {
        return parse_board(t);
    }
    let bad = |reason: String| BoardsError::BadBoard {
        text: t.to_string(),
        reason,
    };
    let mut board = base.clone();
    let items: Vec<&str> = t
        .split(|c: char| c.is_whitespace() || c == ',' || c == ';')
        .filter(|s| !s.is_empty())
        .collect();
    if items.is_empty() {
        return Err(bad(
            "give a FEN placement or squares like e5=N f3=- (upper case white, lower case black, - empty)".into(),
        ));
    }
    for item in items {
        let Some((sq, what)) = item.split_once(['=', ':']) else {
            return Err(bad(format!(
                "'{item}' is not square=piece, e.g. e5=N or f3=-"
            )));
        };
        let sq: Square = sq
            .to_ascii_lowercase()
            .parse()
            .map_err(|_| bad(format!("'{sq}' is not a square")))?;
        match what {
            "-" | "." | "" => {
                board.discard_piece_at(sq);
            }
            w => {
                let mut chars = w.chars();
                let piece = match (chars.next(), chars.next()) {
                    (Some(c), None) => Piece::from_char(c),
                    _ => None,
                }
                .ok_or_else(|| bad(format!("'{w}' is not a piece letter (KQRBNP, kqrbnp) or -")))?;
                board.discard_piece_at(sq);
                board.set_piece_at(sq, piece);
            }
        }
    }
    Ok(board)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reports_are_read_or_refused() {
        let base = Chess::default().board().clone();
        let b = parse_report("g1=- f3=N", &base).unwrap();
        assert_eq!(b.piece_at(Square::F3), Some(Piece::from_char('N').unwrap()));
        assert_eq!(b.piece_at(Square::G1), None);
        let f = parse_report("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b", &base).unwrap();
        assert_eq!(f.piece_at(Square::E2), None);
        for bad in ["", "z9=N", "e4=X", "e4", "rnbq/8"] {
            let e = parse_report(bad, &base).unwrap_err();
            assert!(e.to_string().contains("cannot be read"), "{bad}: {e}");
        }
    }

    #[test]
    fn a_move_is_made_on_a_board_that_differs_elsewhere() {
        let start = Chess::default();
        let mut b = parse_report("a2=-", start.board()).unwrap();
        let m = crate::notation::san::read(&start, "Nf3", Locale::get("en").unwrap()).unwrap();
        apply_move(&mut b, &start, m);
        assert_eq!(b.piece_at(Square::A2), None);
        assert!(b.piece_at(Square::F3).is_some());
        assert!(b.piece_at(Square::G1).is_none());
    }
}
