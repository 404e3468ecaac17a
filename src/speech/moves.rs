//! The spoken phrases of the current legal moves, which the recognisers'
//! grammars are built from (FIDE Laws 2023, D.2.1).

use shakmaty::san::San;
use shakmaty::{CastlingMode, CastlingSide, Chess, Move, Position, Role, fen::Fen};

/// Words for one language: files (Appendix D names), ranks, pieces, castling.
struct Words {
    files: [&'static str; 8],
    ranks: [&'static str; 8],
    /// pawn knight bishop rook queen king
    roles: [&'static str; 6],
    short_castle: &'static str,
    long_castle: &'static str,
}

const DE: Words = Words {
    files: [
        "anna", "bella", "cesar", "david", "eva", "felix", "gustav", "hector",
    ],
    ranks: [
        "eins", "zwei", "drei", "vier", "fuenf", "sechs", "sieben", "acht",
    ],
    roles: ["bauer", "springer", "laeufer", "turm", "dame", "koenig"],
    short_castle: "kurze rochade",
    long_castle: "lange rochade",
};

const EN: Words = Words {
    files: [
        "anna", "bella", "cesar", "david", "eva", "felix", "gustav", "hector",
    ],
    ranks: [
        "one", "two", "three", "four", "five", "six", "seven", "eight",
    ],
    roles: ["pawn", "knight", "bishop", "rook", "queen", "king"],
    short_castle: "short castling",
    long_castle: "long castling",
};

fn words(locale: &str) -> &'static Words {
    match locale {
        "en" => &EN,
        _ => &DE,
    }
}

fn role_index(r: Role) -> usize {
    match r {
        Role::Pawn => 0,
        Role::Knight => 1,
        Role::Bishop => 2,
        Role::Rook => 3,
        Role::Queen => 4,
        Role::King => 5,
    }
}

/// Every phrase of every legal move in `pos`: the short form (the spoken
/// SAN: "springer felix drei", "eva david fuenf") and the long form
/// ("springer gustav eins felix drei"), castling by name.
pub fn legal_phrases(pos: &Chess, locale: &str) -> Vec<(Move, String)> {
    let w = words(locale);
    let mut out = Vec::new();
    for m in pos.legal_moves() {
        match San::from_move(pos, m) {
            San::Castle(CastlingSide::KingSide) => out.push((m, w.short_castle.to_string())),
            San::Castle(CastlingSide::QueenSide) => out.push((m, w.long_castle.to_string())),
            San::Normal {
                role,
                file,
                rank,
                to,
                promotion,
                ..
            } => {
                let mut short = Vec::new();
                if role != Role::Pawn {
                    short.push(w.roles[role_index(role)]);
                }
                if let Some(f) = file {
                    short.push(w.files[f as usize]);
                }
                if let Some(r) = rank {
                    short.push(w.ranks[r as usize]);
                }
                short.push(w.files[to.file() as usize]);
                short.push(w.ranks[to.rank() as usize]);
                let mut long = Vec::new();
                if role != Role::Pawn {
                    long.push(w.roles[role_index(role)]);
                }
                let from = m.from().expect("normal moves have an origin");
                long.extend([
                    w.files[from.file() as usize],
                    w.ranks[from.rank() as usize],
                    w.files[to.file() as usize],
                    w.ranks[to.rank() as usize],
                ]);
                if let Some(p) = promotion {
                    // Without the piece the move is incomplete (D.2.1): the
                    // phrase is heard, and the piece is asked back.
                    out.push((m, short.join(" ")));
                    out.push((m, long.join(" ")));
                    short.push(w.roles[role_index(p)]);
                    long.push(w.roles[role_index(p)]);
                }
                out.push((m, short.join(" ")));
                let long = long.join(" ");
                if out.last().map(|(_, s)| s != &long).unwrap_or(true) {
                    out.push((m, long));
                }
            }
            San::Put { .. } | San::Null => {}
        }
    }
    out
}

/// The position after `moves` (SAN, space separated; move numbers allowed)
/// from `fen` (else the initial position). `"-"` stands for either absent.
pub fn position(fen: Option<&str>, moves: Option<&str>) -> Result<Chess, String> {
    let mut pos = match fen.filter(|f| *f != "-") {
        Some(f) => {
            let parsed: Fen = f
                .parse()
                .map_err(|e| format!("The FEN '{f}' cannot be read: {e}."))?;
            parsed
                .into_position(CastlingMode::Standard)
                .map_err(|e| format!("The FEN '{f}' is not a legal position: {e}."))?
        }
        None => Chess::default(),
    };
    for tok in moves.unwrap_or("").split_whitespace() {
        if tok == "-" || tok.chars().all(|c| c.is_ascii_digit() || c == '.') {
            continue;
        }
        let tok = tok.trim_start_matches(|c: char| c.is_ascii_digit() || c == '.');
        let san: San = tok
            .parse()
            .map_err(|_| format!("'{tok}' is not a move in algebraic notation."))?;
        let m = san
            .to_move(&pos)
            .map_err(|_| format!("'{tok}' is not a legal move here."))?;
        pos.play_unchecked(m);
    }
    Ok(pos)
}

/// The long phrase of `m` in `pos` ("springer gustav eins felix drei"), as
/// read back to the player; castling by name.
pub fn say(pos: &Chess, m: Move, locale: &str) -> String {
    let all: Vec<String> = legal_phrases(pos, locale)
        .into_iter()
        .filter(|(x, _)| *x == m)
        .map(|(_, p)| p)
        .collect();
    // The last phrase of a move is its complete long form.
    all.last().cloned().unwrap_or_else(|| m.to_string())
}

/// The word for a piece in `locale`.
pub fn role_word(role: Role, locale: &str) -> &'static str {
    words(locale).roles[role_index(role)]
}
