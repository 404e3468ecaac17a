//! The chess Braille code: squares, moves and move numbers in Braille.
//!
//! The tables are data (braille/chess.toml); braille/README.md names the
//! published code they follow and marks the signs hector decided itself.
//! Squares are the file letter and a lower-cell digit with no number sign
//! (e4 = ⠑⠲); move numbers are lower-cell digits too.

use std::collections::HashMap;
use std::sync::OnceLock;

use serde::Deserialize;
use shakmaty::san::{San, SanPlus, Suffix};
use shakmaty::uci::UciMove;
use shakmaty::{CastlingSide, Chess, Move, Role, Square};

use super::BrailleError;
use super::cell::{Cell, from_dot_groups};

const TABLE_TEXT: &str = include_str!("../../braille/chess.toml");

/// The locales that have a Braille chess table.
pub const LOCALES: [&str; 5] = ["de", "en", "pl", "sr", "el"];

#[derive(Deserialize)]
struct RawTable {
    signs: RawSigns,
    pieces: HashMap<String, Vec<String>>,
    header: HashMap<String, HeaderLabels>,
}

#[derive(Deserialize)]
struct RawSigns {
    files: Vec<String>,
    digits: Vec<String>,
    space: String,
    black_first: String,
    capture: String,
    check: String,
    mate: String,
    castle_king: String,
    castle_queen: String,
    en_passant: String,
    promotion: String,
}

/// Scoresheet header labels of one language.
#[derive(Deserialize, Clone, Debug)]
pub struct HeaderLabels {
    pub white: String,
    pub black: String,
    pub event: String,
    pub date: String,
    pub result: String,
}

/// The chess Braille code, read from braille/chess.toml.
#[derive(Debug)]
pub struct ChessCode {
    pub files: [Cell; 8],
    pub digits: [Cell; 10],
    pub space: Vec<Cell>,
    pub black_first: Vec<Cell>,
    pub capture: Vec<Cell>,
    pub check: Vec<Cell>,
    pub mate: Vec<Cell>,
    pub castle_king: Vec<Cell>,
    pub castle_queen: Vec<Cell>,
    pub en_passant: Vec<Cell>,
    pub promotion: Vec<Cell>,
    pieces: HashMap<String, [Vec<Cell>; 5]>,
    headers: HashMap<String, HeaderLabels>,
}

fn one(text: &str, what: &str) -> Result<Cell, BrailleError> {
    let cells = from_dot_groups(text)?;
    match cells.as_slice() {
        [c] => Ok(*c),
        _ => Err(BrailleError::Table(format!("{what} must be one cell"))),
    }
}

fn fixed<const N: usize>(items: &[String], what: &str) -> Result<[Cell; N], BrailleError> {
    if items.len() != N {
        return Err(BrailleError::Table(format!("{what} needs {N} entries")));
    }
    let mut out = [Cell::BLANK; N];
    for (o, t) in out.iter_mut().zip(items) {
        *o = one(t, what)?;
    }
    Ok(out)
}

impl ChessCode {
    /// Parses a table in the format of braille/chess.toml.
    pub fn parse(text: &str) -> Result<ChessCode, BrailleError> {
        let raw: RawTable = toml::from_str(text).map_err(|e| BrailleError::Table(e.to_string()))?;
        let s = &raw.signs;
        let mut pieces = HashMap::new();
        for (loc, list) in &raw.pieces {
            if list.len() != 5 {
                return Err(BrailleError::Table(format!(
                    "pieces.{loc} needs king, queen, rook, bishop, knight"
                )));
            }
            let mut p: [Vec<Cell>; 5] = Default::default();
            for (slot, t) in p.iter_mut().zip(list) {
                *slot = from_dot_groups(t)?;
            }
            pieces.insert(loc.clone(), p);
        }
        Ok(ChessCode {
            files: fixed(&s.files, "files")?,
            digits: fixed(&s.digits, "digits")?,
            space: from_dot_groups(&s.space)?,
            black_first: from_dot_groups(&s.black_first)?,
            capture: from_dot_groups(&s.capture)?,
            check: from_dot_groups(&s.check)?,
            mate: from_dot_groups(&s.mate)?,
            castle_king: from_dot_groups(&s.castle_king)?,
            castle_queen: from_dot_groups(&s.castle_queen)?,
            en_passant: from_dot_groups(&s.en_passant)?,
            promotion: from_dot_groups(&s.promotion)?,
            pieces,
            headers: raw.header,
        })
    }

    /// The built-in table.
    pub fn get() -> &'static ChessCode {
        static CODE: OnceLock<ChessCode> = OnceLock::new();
        CODE.get_or_init(|| match ChessCode::parse(TABLE_TEXT) {
            Ok(c) => c,
            // The table is compiled in and pinned by a unit test.
            Err(e) => panic!("built-in braille/chess.toml: {e}"),
        })
    }

    /// The piece letters of a locale (king, queen, rook, bishop, knight).
    pub fn pieces(&self, locale: &str) -> Result<&[Vec<Cell>; 5], BrailleError> {
        self.pieces
            .get(locale)
            .ok_or_else(|| BrailleError::UnknownLocale(locale.to_string()))
    }

    /// The scoresheet header labels of a locale.
    pub fn header(&self, locale: &str) -> Result<&HeaderLabels, BrailleError> {
        self.headers
            .get(locale)
            .ok_or_else(|| BrailleError::UnknownLocale(locale.to_string()))
    }

    /// A number in lower-cell digits, no number sign (move numbers).
    pub fn number(&self, n: u32) -> Vec<Cell> {
        n.to_string()
            .bytes()
            .map(|d| self.digits[usize::from(d - b'0')])
            .collect()
    }

    /// A square: file letter and lower-cell rank digit (e4 = ⠑⠲).
    pub fn square(&self, sq: Square) -> [Cell; 2] {
        [
            self.files[usize::from(sq.file())],
            self.digits[usize::from(sq.rank()) + 1],
        ]
    }

    /// The letter of a piece in a locale (empty for a pawn).
    pub fn piece(&self, locale: &str, role: Role) -> Result<Vec<Cell>, BrailleError> {
        let p = self.pieces(locale)?;
        Ok(match role {
            Role::King => p[0].clone(),
            Role::Queen => p[1].clone(),
            Role::Rook => p[2].clone(),
            Role::Bishop => p[3].clone(),
            Role::Knight => p[4].clone(),
            Role::Pawn => Vec::new(),
        })
    }

    /// A move given as SAN structure in Braille. `en_passant` adds the
    /// en passant sign.
    pub fn encode_san(
        &self,
        san: &SanPlus,
        en_passant: bool,
        locale: &str,
    ) -> Result<Vec<Cell>, BrailleError> {
        let mut out = Vec::new();
        match &san.san {
            San::Normal {
                role,
                file,
                rank,
                capture,
                to,
                promotion,
            } => {
                out.extend(self.piece(locale, *role)?);
                if let Some(f) = file {
                    out.push(self.files[usize::from(*f)]);
                }
                if let Some(r) = rank {
                    out.push(self.digits[usize::from(*r) + 1]);
                }
                if *capture {
                    out.extend(&self.capture);
                }
                out.extend(self.square(*to));
                if let Some(p) = promotion {
                    out.extend(&self.promotion);
                    out.extend(self.piece(locale, *p)?);
                }
                if en_passant {
                    out.extend(&self.en_passant);
                }
            }
            San::Castle(CastlingSide::KingSide) => out.extend(&self.castle_king),
            San::Castle(CastlingSide::QueenSide) => out.extend(&self.castle_queen),
            San::Put { role, to } => {
                out.extend(self.piece(locale, *role)?);
                out.extend(self.square(*to));
            }
            San::Null => out.extend(&self.space),
        }
        match san.suffix {
            Some(Suffix::Check) => out.extend(&self.check),
            Some(Suffix::Checkmate) => out.extend(&self.mate),
            None => {}
        }
        Ok(out)
    }

    /// A legal move of `pos` in Braille, with check and mate signs.
    pub fn encode_move(
        &self,
        pos: &Chess,
        m: Move,
        locale: &str,
    ) -> Result<Vec<Cell>, BrailleError> {
        let san = SanPlus::from_move(pos.clone(), m);
        self.encode_san(&san, m.is_en_passant(), locale)
    }
}

/// Reads a move typed as SAN (English letters, e.g. `Nf3`, `O-O`) or as
/// UCI (`g1f3`) and checks it is legal in `pos`.
pub fn parse_move(pos: &Chess, text: &str) -> Result<Move, BrailleError> {
    let t = text.trim();
    let illegal = || BrailleError::IllegalMove(t.to_string());
    if let Ok(san) = SanPlus::from_ascii(t.as_bytes())
        && let Ok(m) = san.san.to_move(pos)
    {
        return Ok(m);
    }
    let uci = UciMove::from_ascii(t.as_bytes()).map_err(|_| illegal())?;
    uci.to_move(pos).map_err(|_| illegal())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::braille::cell::to_unicode;
    use shakmaty::CastlingMode;
    use shakmaty::fen::Fen;

    fn pos(fen: &str) -> Chess {
        let f: Fen = fen.parse().unwrap();
        f.into_position(CastlingMode::Standard).unwrap()
    }

    fn enc(p: &Chess, mv: &str, loc: &str) -> String {
        let code = ChessCode::get();
        let m = parse_move(p, mv).unwrap();
        to_unicode(&code.encode_move(p, m, loc).unwrap())
    }

    #[test]
    fn built_in_table_parses_for_every_locale() {
        let code = ChessCode::get();
        for loc in LOCALES {
            assert!(code.pieces(loc).is_ok(), "{loc}");
            assert!(code.header(loc).is_ok(), "{loc}");
        }
        assert!(code.pieces("xx").is_err());
    }

    #[test]
    fn squares_and_numbers_use_lower_digits_without_number_sign() {
        let code = ChessCode::get();
        assert_eq!(to_unicode(&code.square(Square::E4)), "⠑⠲");
        assert_eq!(to_unicode(&code.square(Square::A1)), "⠁⠂");
        assert_eq!(to_unicode(&code.square(Square::H8)), "⠓⠦");
        assert_eq!(to_unicode(&code.number(2)), "⠆");
        assert_eq!(to_unicode(&code.number(10)), "⠂⠴");
        assert_eq!(to_unicode(&code.number(139)), "⠂⠒⠔");
    }

    #[test]
    fn moves_in_each_locale() {
        let start = Chess::default();
        assert_eq!(enc(&start, "e4", "en"), "⠑⠲");
        assert_eq!(enc(&start, "Nf3", "en"), "⠎⠋⠒");
        assert_eq!(enc(&start, "Nf3", "de"), "⠎⠋⠒");
        let p = pos("4k3/8/8/8/8/8/8/3QK3 w - - 0 1");
        assert_eq!(enc(&p, "Qd4", "en"), "⠟⠙⠲");
        assert_eq!(enc(&p, "Qd4", "de"), "⠙⠙⠲");
        assert_eq!(enc(&p, "Qd4", "pl"), "⠓⠙⠲");
        assert_eq!(enc(&p, "Qd4", "el"), "⠃⠙⠲");
        assert_eq!(enc(&p, "Qd7+", "en"), "⠟⠙⠶⠜⠏");
    }

    #[test]
    fn captures_castling_promotion_en_passant_mate() {
        let p = pos("r3k2r/8/8/3pP3/8/8/8/R3K2R w KQkq d6 0 1");
        assert_eq!(enc(&p, "exd6", "en"), "⠑⠭⠙⠖⠑⠏");
        assert_eq!(enc(&p, "O-O", "en"), "⠴⠤⠴");
        assert_eq!(enc(&p, "O-O-O", "en"), "⠴⠤⠴⠤⠴");
        assert_eq!(enc(&p, "Rxa8+", "de"), "⠞⠭⠁⠦⠜⠏");
        let q = pos("8/4P3/8/8/8/8/k7/4K3 w - - 0 1");
        assert_eq!(enc(&q, "e8=Q", "en"), "⠑⠦⠟");
        assert_eq!(enc(&q, "e8=N", "de"), "⠑⠦⠎");
        let m = pos("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1");
        assert_eq!(enc(&m, "Ra8#", "en"), "⠗⠁⠦⠜⠏⠜⠏");
    }

    #[test]
    fn disambiguation_by_file_and_rank() {
        let p = pos("4k3/8/8/8/8/8/8/R4RK1 w - - 0 1");
        assert_eq!(enc(&p, "Rad1", "en"), "⠗⠁⠙⠂");
        let q = pos("R7/8/7k/8/8/8/8/R3K3 w - - 0 1");
        assert_eq!(enc(&q, "R1a5", "en"), "⠗⠂⠁⠢");
    }

    #[test]
    fn illegal_or_garbled_moves_are_errors() {
        let start = Chess::default();
        assert!(parse_move(&start, "e5").is_err());
        assert!(parse_move(&start, "zz").is_err());
        assert!(parse_move(&start, "").is_err());
        assert!(parse_move(&start, "g1f3").is_ok());
    }
}
