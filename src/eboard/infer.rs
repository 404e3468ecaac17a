//! From piece-by-piece board changes to moves: the board is watched until
//! it settles (no change for a while), and the settled position is matched
//! against the positions every legal move reaches. Castling done king
//! first or rook first, en passant and promotion all end in the position
//! of exactly one legal move. A settled position that no legal move
//! reaches, and that is not just a piece held in the hand, is a board
//! difference (FIDE Laws 2023, D.2.9), never a move.
//!
//! Time is the caller's milliseconds; nothing here reads a clock.

use shakmaty::{Board, Chess, Move, Position};

/// How long the board must stay unchanged to count as settled.
pub const SETTLE_MS: u64 = 250;
/// How long a position no legal move reaches must stay before it is
/// reported as a difference (a player may still be moving pieces).
pub const DIFFERENCE_MS: u64 = 1500;

/// What a settled board means.
#[derive(Debug, Clone, PartialEq)]
pub enum Seen {
    /// The board shows the current position (perhaps after pieces were
    /// lifted and put back).
    Unchanged,
    /// The board shows the position after this legal move.
    Move(Move),
    /// Pieces are lifted (only pieces missing from the current position):
    /// a move in progress.
    InHand,
    /// The board shows a position no legal move reaches.
    Difference(Board),
}

/// Matches a settled board against the current position.
pub fn classify(pos: &Chess, board: &Board) -> Seen {
    if board == pos.board() {
        return Seen::Unchanged;
    }
    for m in pos.legal_moves() {
        let mut next = pos.clone();
        next.play_unchecked(m);
        if next.board() == board {
            return Seen::Move(m);
        }
    }
    // Only pieces missing, none added or changed: a piece in the hand.
    let cur = pos.board();
    let subset = board.occupied().is_subset(cur.occupied())
        && board
            .occupied()
            .into_iter()
            .all(|sq| board.piece_at(sq) == cur.piece_at(sq));
    if subset {
        Seen::InHand
    } else {
        Seen::Difference(board.clone())
    }
}

/// Tracks the board as updates arrive and says when it has settled.
#[derive(Debug, Clone)]
pub struct Settler {
    board: Board,
    changed_at: u64,
    reported: bool,
}

impl Settler {
    /// Starts from a known board (a dump) at `t`.
    pub fn new(board: Board, t: u64) -> Settler {
        Settler {
            board,
            changed_at: t,
            reported: false,
        }
    }

    /// The board as it stands now.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// A whole new board (a dump) at `t`.
    pub fn replace(&mut self, board: Board, t: u64) {
        if board != self.board {
            self.board = board;
            self.changed_at = t;
            self.reported = false;
        }
    }

    /// One square changed at `t`.
    pub fn update(&mut self, sq: shakmaty::Square, piece: Option<shakmaty::Piece>, t: u64) {
        self.board.discard_piece_at(sq);
        if let Some(p) = piece {
            self.board.set_piece_at(sq, p);
        }
        self.changed_at = t;
        self.reported = false;
    }

    /// The board, once, when it has been unchanged for `quiet_ms` by `t`.
    pub fn settled(&mut self, t: u64, quiet_ms: u64) -> Option<Board> {
        if self.reported || t.saturating_sub(self.changed_at) < quiet_ms {
            return None;
        }
        self.reported = true;
        Some(self.board.clone())
    }

    /// True when the board has been quiet for `quiet_ms` by `t`.
    pub fn quiet_for(&self, t: u64, quiet_ms: u64) -> bool {
        t.saturating_sub(self.changed_at) >= quiet_ms
    }

    /// When the board last changed.
    pub fn changed_at(&self) -> u64 {
        self.changed_at
    }
}

/// What the watcher reports.
#[derive(Debug, Clone, PartialEq)]
pub enum Event {
    /// A legal move was made on the board (in `before`).
    Move {
        /// The position before it.
        before: Box<Chess>,
        /// The move.
        mv: Move,
    },
    /// The board shows a position no legal move reaches.
    Difference(Board),
    /// The board is back to the current position after a difference.
    Restored,
}

/// Follows a game on an electronic board: feed it board changes with
/// their times; it reports moves and differences.
#[derive(Debug, Clone)]
pub struct Follower {
    pos: Chess,
    settler: Settler,
    settle_ms: u64,
    difference_ms: u64,
    in_difference: Option<Board>,
}

impl Follower {
    /// Follows from `pos`, with the board as dumped at `t`.
    pub fn new(pos: Chess, board: Board, t: u64) -> Follower {
        Follower {
            pos,
            settler: Settler::new(board, t),
            settle_ms: SETTLE_MS,
            difference_ms: DIFFERENCE_MS,
            in_difference: None,
        }
    }

    /// Sets the settle and difference times (ms).
    pub fn with_times(mut self, settle_ms: u64, difference_ms: u64) -> Follower {
        self.settle_ms = settle_ms;
        self.difference_ms = difference_ms.max(settle_ms);
        self
    }

    /// The game position the board should show.
    pub fn position(&self) -> &Chess {
        &self.pos
    }

    /// The board as it stands.
    pub fn board(&self) -> &Board {
        self.settler.board()
    }

    /// A square changed at `t`.
    pub fn update(&mut self, sq: shakmaty::Square, piece: Option<shakmaty::Piece>, t: u64) {
        self.settler.update(sq, piece, t);
    }

    /// A full dump arrived at `t` (after connecting or reconnecting).
    pub fn dump(&mut self, board: Board, t: u64) {
        self.settler.replace(board, t);
    }

    /// The move was made elsewhere (announced by the other player and
    /// entered by hand): the board is now expected to show it.
    pub fn played_elsewhere(&mut self, m: Move) {
        self.pos.play_unchecked(m);
    }

    /// The game is at `pos` (its moves entered elsewhere while the board
    /// was away or not followed): when the board shows exactly that
    /// position, it is followed from there. Returns whether it was taken.
    pub fn resync(&mut self, pos: &Chess) -> bool {
        if self.settler.board() != pos.board() || self.pos == *pos {
            return false;
        }
        self.pos = pos.clone();
        self.in_difference = None;
        true
    }

    /// Time has reached `t`: reports a move when the board settled on the
    /// position of a legal move, a difference when it stayed on a position
    /// no legal move reaches, and the end of a difference.
    pub fn poll(&mut self, t: u64) -> Option<Event> {
        if !self.settler.quiet_for(t, self.settle_ms) {
            return None;
        }
        let board = self.settler.board().clone();
        match classify(&self.pos, &board) {
            Seen::Move(m) => {
                let before = Box::new(self.pos.clone());
                self.pos.play_unchecked(m);
                self.in_difference = None;
                Some(Event::Move { before, mv: m })
            }
            Seen::Unchanged => self.in_difference.take().map(|_| Event::Restored),
            Seen::InHand => None,
            Seen::Difference(b) => {
                if !self.settler.quiet_for(t, self.difference_ms) {
                    return None;
                }
                if self.in_difference.as_ref() == Some(&b) {
                    return None;
                }
                self.in_difference = Some(b.clone());
                Some(Event::Difference(b))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::position_from_fen;
    use shakmaty::{Piece, Square, san::SanPlus};

    fn pos(fen: &str) -> Chess {
        position_from_fen(fen).unwrap().0
    }

    fn san(before: &Chess, m: Move) -> String {
        SanPlus::from_move(before.clone(), m).to_string()
    }

    /// Plays piece steps (square, piece now there) 100 ms apart and polls.
    fn steps(f: &mut Follower, t: &mut u64, s: &[(Square, Option<char>)]) -> Vec<Event> {
        let mut out = Vec::new();
        for (sq, p) in s {
            *t += 100;
            f.update(*sq, p.and_then(Piece::from_char), *t);
            out.extend(f.poll(*t));
        }
        for _ in 0..30 {
            *t += 100;
            out.extend(f.poll(*t));
        }
        out
    }

    #[test]
    fn castling_rook_first_and_king_first() {
        let p = pos("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
        let mut t = 0;
        let mut f = Follower::new(p.clone(), p.board().clone(), 0);
        // Rook first: h1→f1, then the king e1→g1.
        let ev = steps(
            &mut f,
            &mut t,
            &[
                (Square::H1, None),
                (Square::F1, Some('R')),
                (Square::E1, None),
                (Square::G1, Some('K')),
            ],
        );
        assert_eq!(ev.len(), 1, "{ev:?}");
        let Event::Move { before, mv } = &ev[0] else {
            panic!()
        };
        assert_eq!(san(before, *mv), "O-O");
        // King first: e8→c8, then the rook a8→d8.
        let ev = steps(
            &mut f,
            &mut t,
            &[
                (Square::E8, None),
                (Square::C8, Some('k')),
                (Square::A8, None),
                (Square::D8, Some('r')),
            ],
        );
        let Event::Move { before, mv } = &ev[0] else {
            panic!("{ev:?}")
        };
        assert_eq!(san(before, *mv), "O-O-O");
    }

    #[test]
    fn a_long_pause_mid_castling_is_not_a_move_and_not_yet_a_difference() {
        let p = pos("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
        let mut f = Follower::new(p.clone(), p.board().clone(), 0);
        f.update(Square::E1, None, 0);
        f.update(Square::G1, Piece::from_char('K'), 10);
        // King on g1, rook still on h1: settled, but not a move; 1 s later
        // still not reported as a difference.
        assert_eq!(f.poll(1000), None);
        f.update(Square::H1, None, 1100);
        f.update(Square::F1, Piece::from_char('R'), 1200);
        assert!(matches!(f.poll(1500), Some(Event::Move { .. })));
    }

    #[test]
    fn en_passant_and_promotion() {
        let p = pos("4k3/1P6/8/3pP3/8/8/8/4K3 w - d6 0 1");
        let mut t = 0;
        let mut f = Follower::new(p.clone(), p.board().clone(), 0);
        let ev = steps(
            &mut f,
            &mut t,
            &[
                (Square::E5, None),
                (Square::D6, Some('P')),
                (Square::D5, None),
            ],
        );
        let Event::Move { before, mv } = &ev[0] else {
            panic!("{ev:?}")
        };
        assert_eq!(san(before, *mv), "exd6");
        f.played_elsewhere(
            shakmaty::san::San::from_ascii(b"Kf8")
                .unwrap()
                .to_move(f.position())
                .unwrap(),
        );
        // The board must show the black king's move too.
        let ev = steps(
            &mut f,
            &mut t,
            &[(Square::E8, None), (Square::F8, Some('k'))],
        );
        assert!(ev.is_empty(), "{ev:?}");
        let ev = steps(
            &mut f,
            &mut t,
            &[(Square::B7, None), (Square::B8, Some('N'))],
        );
        let Event::Move { before, mv } = &ev[0] else {
            panic!("{ev:?}")
        };
        assert_eq!(san(before, *mv), "b8=N");
    }

    #[test]
    fn lifted_and_put_back_is_nothing_and_a_wrong_square_is_a_difference() {
        let p = Chess::default();
        let mut t = 0;
        let mut f = Follower::new(p.clone(), p.board().clone(), 0);
        let ev = steps(&mut f, &mut t, &[(Square::G1, None)]);
        assert!(ev.is_empty(), "in hand: {ev:?}");
        let ev = steps(&mut f, &mut t, &[(Square::G1, Some('N'))]);
        assert!(ev.is_empty(), "{ev:?}");
        // A knight put on g3: no legal move gets there.
        let ev = steps(
            &mut f,
            &mut t,
            &[(Square::G1, None), (Square::G3, Some('N'))],
        );
        assert!(matches!(ev.as_slice(), [Event::Difference(_)]), "{ev:?}");
        let ev = steps(
            &mut f,
            &mut t,
            &[(Square::G3, None), (Square::G1, Some('N'))],
        );
        assert_eq!(ev, vec![Event::Restored]);
    }

    /// Moves entered elsewhere while the board was away: a board set up to
    /// show them is a difference until the game's position is known, and
    /// is followed from there once it is.
    #[test]
    fn a_board_showing_the_game_moved_on_elsewhere_is_followed_from_there() {
        let start = Chess::default();
        let mut t = 0;
        let mut f = Follower::new(start.clone(), start.board().clone(), t);
        let game = pos("rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2");
        // Not the game's position: refused, nothing changes.
        assert!(!f.resync(&pos(
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1"
        )));
        t += 100;
        f.dump(game.board().clone(), t);
        t += DIFFERENCE_MS + 100;
        assert!(matches!(f.poll(t), Some(Event::Difference(_))));
        assert!(f.resync(&game));
        assert_eq!(f.position(), &game);
        let ev = steps(
            &mut f,
            &mut t,
            &[(Square::G1, None), (Square::F3, Some('N'))],
        );
        match ev.as_slice() {
            [Event::Move { before, mv }] => {
                assert_eq!(**before, game);
                assert_eq!(san(before, *mv), "Nf3");
            }
            other => panic!("{other:?}"),
        }
    }
}
