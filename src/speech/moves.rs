//! The spoken phrases of the current legal moves, which the recognisers'
//! grammars are built from (FIDE Laws 2023, D.2.1).

use shakmaty::san::San;
use shakmaty::{CastlingSide, Chess, Move, Position, Role};

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
