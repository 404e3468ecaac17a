//! A move as a player names it — written (SAN, long algebraic, UCI) or
//! spoken (D.2.1) — and its settlement against the legal moves.
//!
//! Whatever the form, hector never guesses: one legal move fits, or several
//! (the player chooses), or none (hector says why).

use shakmaty::{CastlingSide, Chess, File, Move, Position, Rank, Role, Square};

use crate::locale::Locale;

/// What a player said or wrote about a move.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Pattern {
    /// The moving piece, if named. With no piece and no full origin square
    /// the move is a pawn move (Appendix C.9).
    pub role: Option<Role>,
    pub from_file: Option<File>,
    pub from_rank: Option<Rank>,
    pub to: Option<Square>,
    pub promotion: Option<Role>,
    /// A capture was announced ("schlägt", `x`, `:`).
    pub capture: bool,
    /// En passant was announced.
    pub en_passant: bool,
    pub castle: Option<CastlingSide>,
}

/// Why no legal move fits a pattern.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Reason {
    GameOver,
    NoTarget,
    NoMove {
        role: Role,
        to: Square,
    },
    NoMoveFrom {
        role: Role,
        from: Square,
        to: Square,
    },
    NothingOn {
        role: Role,
        square: Square,
    },
    PromotionMissing,
    NotPromotion,
    NoCapture {
        to: Square,
    },
    CastlingImpossible(CastlingSide),
    TooManySquares,
    NothingHeard,
    /// A word hector does not know (said back to the player).
    UnknownWord(String),
    /// Known words in an order that names no move.
    Garbled(String),
}

impl Reason {
    /// The reason as a written sentence in the locale: squares in the
    /// locale's written notation ("Kein Zug möglich: Turm nach h8.").
    /// For written front ends (`hector hear`, `hector san`).
    pub fn sentence(&self, loc: &Locale) -> String {
        self.worded(loc, &|sq| loc.square_name(sq))
    }

    /// The reason as a spoken sentence in the locale: squares in the
    /// game's words, D.2.1 ("Kein Zug möglich: Turm nach Hector acht.").
    /// The session's sentences are spoken to the blind player and read
    /// by his screen reader, so the session uses this one.
    pub fn spoken(&self, loc: &Locale) -> String {
        self.worded(loc, &|sq| loc.square_words(sq))
    }

    fn worded(&self, loc: &Locale, name: &dyn Fn(Square) -> String) -> String {
        let piece = |r: Role| loc.piece_word(r).to_string();
        match *self {
            Reason::GameOver => loc.message("game_over", &[]),
            Reason::NoTarget => loc.message("no_target", &[]),
            Reason::NoMove { role, to } => {
                loc.message("no_move", &[("piece", &piece(role)), ("square", &name(to))])
            }
            Reason::NoMoveFrom { role, from, to } => loc.message(
                "no_move_from",
                &[
                    ("piece", &piece(role)),
                    ("from", &name(from)),
                    ("square", &name(to)),
                ],
            ),
            Reason::NothingOn { role, square } => loc.message(
                "nothing_on",
                &[("piece", &piece(role)), ("square", &name(square))],
            ),
            Reason::PromotionMissing => loc.message("promotion_missing", &[]),
            Reason::NotPromotion => loc.message("not_promotion", &[]),
            Reason::NoCapture { to } => loc.message("no_capture", &[("square", &name(to))]),
            Reason::CastlingImpossible(side) => {
                loc.message("castling_impossible", &[("move", loc.castling_words(side))])
            }
            Reason::TooManySquares => loc.message("too_many_squares", &[]),
            Reason::NothingHeard => loc.message("nothing_heard", &[]),
            Reason::UnknownWord(ref w) => loc.message("unknown_word", &[("word", w)]),
            Reason::Garbled(ref w) => loc.message("not_understood", &[("word", w)]),
        }
    }
}

/// The result of settling a pattern against the legal moves.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Settled {
    One(Move),
    Many(Vec<Move>),
    None(Reason),
}

/// The square a move takes its piece to. For castling that is the king's
/// square (g1/c1), as players say it, not the rook's.
pub fn destination(m: &Move) -> Square {
    match *m {
        Move::Castle { king, rook } => {
            let side = if rook.file() > king.file() {
                CastlingSide::KingSide
            } else {
                CastlingSide::QueenSide
            };
            Square::from_coords(side.king_to_file(), king.rank())
        }
        _ => m.to(),
    }
}

/// Settles `p` against the legal moves of `pos`.
pub fn settle(pos: &Chess, p: &Pattern) -> Settled {
    let legal = pos.legal_moves();
    if legal.is_empty() {
        return Settled::None(Reason::GameOver);
    }
    if let Some(side) = p.castle {
        return match legal.iter().find(|m| m.castling_side() == Some(side)) {
            Some(m) => Settled::One(*m),
            None => Settled::None(Reason::CastlingImpossible(side)),
        };
    }
    let Some(to) = p.to else {
        return Settled::None(Reason::NoTarget);
    };
    let full_from = match (p.from_file, p.from_rank) {
        (Some(f), Some(r)) => Some(Square::from_coords(f, r)),
        _ => None,
    };
    // No piece named: a pawn, unless the origin square is named in full
    // (long form without a piece word, or UCI-like `e2 e4`).
    let role = p.role.or(if full_from.is_some() {
        None
    } else {
        Some(Role::Pawn)
    });
    let mut cands: Vec<Move> = legal
        .iter()
        .filter(|m| {
            destination(m) == to
                // Chess960 / UCI habit: castling written as king takes rook.
                || (m.is_castle() && m.to() == to && matches!(p.role, None | Some(Role::King)))
        })
        .filter(|m| role.is_none_or(|r| m.role() == r))
        .filter(|m| {
            p.from_file
                .is_none_or(|f| m.from().is_some_and(|s| s.file() == f))
        })
        .filter(|m| {
            p.from_rank
                .is_none_or(|r| m.from().is_some_and(|s| s.rank() == r))
        })
        .copied()
        .collect();
    if cands.is_empty() {
        let shown = role
            .or_else(|| full_from.and_then(|s| pos.board().role_at(s)))
            .unwrap_or(Role::Pawn);
        if let Some(from) = full_from {
            let ours = pos
                .board()
                .piece_at(from)
                .is_some_and(|pc| pc.color == pos.turn() && pc.role == shown);
            if !ours {
                return Settled::None(Reason::NothingOn {
                    role: shown,
                    square: from,
                });
            }
            return Settled::None(Reason::NoMoveFrom {
                role: shown,
                from,
                to,
            });
        }
        return Settled::None(Reason::NoMove { role: shown, to });
    }
    if p.capture || p.en_passant {
        let before = cands.len();
        cands.retain(|m| m.is_capture() && (!p.en_passant || m.is_en_passant()));
        if cands.is_empty() && before > 0 {
            return Settled::None(Reason::NoCapture { to });
        }
    }
    match p.promotion {
        Some(piece) => {
            let any_promotion = cands.iter().any(|m| m.promotion().is_some());
            cands.retain(|m| m.promotion() == Some(piece));
            if cands.is_empty() {
                return Settled::None(if any_promotion {
                    Reason::NoMove { role: piece, to }
                } else {
                    Reason::NotPromotion
                });
            }
        }
        None => {
            if cands.iter().all(|m| m.promotion().is_some()) {
                // D.2.1: the promotion piece must be announced; never guess.
                return Settled::None(Reason::PromotionMissing);
            }
        }
    }
    if cands.len() == 1 {
        Settled::One(cands[0])
    } else {
        Settled::Many(cands)
    }
}

/// One meaningful element of a heard or written move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Item {
    Piece(Role),
    File(File),
    Rank(Rank),
    Capture,
    EnPassant,
    Castle(CastlingSide),
    Promotion,
    Check,
}

enum Group {
    Square(Square),
    File(File),
    Rank(Rank),
}

/// Builds a pattern from the items of a phrase or a written move:
/// `[piece] [origin] [capture] target [promotion piece]`, castling alone.
/// `text` is what the player said, for the sentence when it names no move.
pub fn assemble(items: &[Item], text: &str) -> Result<Pattern, Reason> {
    if items.is_empty() {
        return Err(Reason::NothingHeard);
    }
    let mut p = Pattern::default();
    let mut coords: Vec<Item> = Vec::new();
    let mut promotion_said = false;
    for item in items {
        match *item {
            Item::Castle(side) => p.castle = Some(side),
            Item::Capture => p.capture = true,
            Item::EnPassant => {
                p.en_passant = true;
                p.capture = true;
            }
            Item::Check => {}
            Item::Promotion => promotion_said = true,
            Item::Piece(role) => {
                if coords.is_empty() && p.role.is_none() && !promotion_said {
                    p.role = Some(role);
                } else if p.promotion.is_none() && (!coords.is_empty() || promotion_said) {
                    p.promotion = Some(role);
                } else {
                    return Err(Reason::Garbled(text.to_string()));
                }
            }
            Item::File(_) | Item::Rank(_) => {
                if p.promotion.is_some() {
                    return Err(Reason::Garbled(text.to_string()));
                }
                coords.push(*item);
            }
        }
    }
    if p.castle.is_some() {
        let king_only = matches!(p.role, None | Some(Role::King));
        if !coords.is_empty() || !king_only || p.promotion.is_some() {
            return Err(Reason::Garbled(text.to_string()));
        }
        return Ok(p);
    }
    let mut groups = Vec::new();
    let mut i = 0;
    while i < coords.len() {
        match (coords[i], coords.get(i + 1)) {
            (Item::File(f), Some(Item::Rank(r))) => {
                groups.push(Group::Square(Square::from_coords(f, *r)));
                i += 2;
            }
            (Item::File(f), _) => {
                groups.push(Group::File(f));
                i += 1;
            }
            (Item::Rank(r), _) => {
                groups.push(Group::Rank(r));
                i += 1;
            }
            _ => i += 1,
        }
    }
    match groups.last() {
        Some(Group::Square(to)) => p.to = Some(*to),
        _ => return Err(Reason::NoTarget),
    }
    match groups.len() {
        1 => {}
        2 => match groups[0] {
            Group::Square(s) => {
                p.from_file = Some(s.file());
                p.from_rank = Some(s.rank());
            }
            Group::File(f) => p.from_file = Some(f),
            Group::Rank(r) => p.from_rank = Some(r),
        },
        _ => return Err(Reason::TooManySquares),
    }
    if promotion_said && p.promotion.is_none() {
        return Err(Reason::PromotionMissing);
    }
    Ok(p)
}
