//! What the fuzz targets share: a locale and a position chosen by the first
//! bytes of the input, the rest as text.
#![allow(dead_code)]

use hector::locale::{CODES, Locale};
use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess};

/// Positions with every kind of move: the start, castling both ways, en
/// passant, promotions with and without capture, check, two knights that
/// reach the same square, and mate in one.
pub const FENS: [&str; 8] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/pppq1ppp/2npbn2/4p3/2B1P3/2NP1N2/PPPQ1PPP/R3K2R w KQkq - 4 8",
    "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
    "1r2k3/P1P5/8/8/8/8/5p1p/3K2R1 w - - 0 1",
    "1r2k3/P1P5/8/8/8/8/5p1p/3K2R1 b - - 0 1",
    "4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1",
    "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1",
    "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4",
];

pub fn position(i: u8) -> Chess {
    let fen: Fen = FENS[i as usize % FENS.len()].parse().expect("a fixed FEN");
    fen.into_position(CastlingMode::Standard)
        .expect("a fixed legal position")
}

pub fn locale(i: u8) -> &'static Locale {
    Locale::get(CODES[i as usize % CODES.len()]).expect("embedded locale")
}

/// (locale, position, text): the first byte picks the locale, the second
/// the position, the rest is the text (bytes that are not UTF-8 replaced,
/// as a front end would).
pub fn split(data: &[u8]) -> Option<(&'static Locale, Chess, String)> {
    let (&l, rest) = data.split_first()?;
    let (&p, text) = rest.split_first()?;
    Some((
        locale(l),
        position(p),
        String::from_utf8_lossy(text).into_owned(),
    ))
}
