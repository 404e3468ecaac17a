//! Chess960 start positions (FIDE Laws 2023, Guidelines II: Chess960
//! rules). Positions are numbered 0–959 in the usual (Scharnagl) order;
//! 518 is the standard start position.

use shakmaty::CastlingMode;

use super::{Game, RulesError, position_from_fen};

/// The white back rank of Chess960 start position `n` (0–959), as piece
/// letters from the a-file to the h-file.
pub fn back_rank(n: u32) -> Result<[char; 8], RulesError> {
    if n >= 960 {
        return Err(RulesError::Refused(format!(
            "Chess960 start positions are numbered 0 to 959, not {n}."
        )));
    }
    let mut rank = [' '; 8];
    let mut n = n;
    // Bishops on opposite colours: light squares b, d, f, h; dark a, c, e, g.
    rank[(n % 4 * 2 + 1) as usize] = 'B';
    n /= 4;
    rank[(n % 4 * 2) as usize] = 'B';
    n /= 4;
    let place = |k: u32, piece: char, rank: &mut [char; 8]| {
        let idx = (0..8)
            .filter(|&i| rank[i] == ' ')
            .nth(k as usize)
            .unwrap_or(0);
        rank[idx] = piece;
    };
    place(n % 6, 'Q', &mut rank);
    n /= 6;
    // The two knights among the five squares left, in this fixed order.
    const KNIGHTS: [(u32, u32); 10] = [
        (0, 1),
        (0, 2),
        (0, 3),
        (0, 4),
        (1, 2),
        (1, 3),
        (1, 4),
        (2, 3),
        (2, 4),
        (3, 4),
    ];
    let (a, b) = KNIGHTS[n as usize];
    // Place the second first so the first's index among empties is unchanged.
    place(b, 'N', &mut rank);
    place(a, 'N', &mut rank);
    // Rook, king, rook on the three squares left: the king between the rooks.
    for piece in ['R', 'K', 'R'] {
        place(0, piece, &mut rank);
    }
    Ok(rank)
}

/// The FEN of Chess960 start position `n` (X-FEN castling rights).
pub fn fen(n: u32) -> Result<String, RulesError> {
    let white: String = back_rank(n)?.iter().collect();
    let black = white.to_lowercase();
    Ok(format!(
        "{black}/pppppppp/8/8/8/8/PPPPPPPP/{white} w KQkq - 0 1"
    ))
}

/// A new game from Chess960 start position `n`, with Chess960 castling.
pub fn game(n: u32) -> Result<Game, RulesError> {
    let (pos, _) = position_from_fen(&fen(n)?)?;
    Ok(Game::with_mode(pos, CastlingMode::Chess960))
}
