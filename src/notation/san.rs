//! Written notation (FIDE Laws 2023, Appendix C): SAN with the piece and
//! file letters of each language, long algebraic, figurines; and tolerant
//! reading of all of them (see [`super::phrase::hear`]).

use shakmaty::{Chess, Move, Role, san::SanPlus};

use super::pattern::Reason;
use super::phrase::{Heard, hear};
use crate::locale::Locale;

/// How a move is written.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct SanStyle {
    /// Long algebraic (`Sg1-f3`, `e2-e4`, `Sg1xf3`), Appendix C.13.
    pub long: bool,
    /// Figurines (♘f3) instead of letters.
    pub figurine: bool,
    /// Latin file letters even where the language has its own (Greek).
    pub latin_files: bool,
}

/// Why a written move could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum NotationError {
    #[error("{sentence}")]
    NoMove { reason: Reason, sentence: String },
    #[error("{sentence}")]
    Ambiguous {
        candidates: Vec<String>,
        sentence: String,
    },
}

/// `m` (legal in `pos`) in the SAN of the locale, with `+` or `#`.
pub fn write(pos: &Chess, m: Move, loc: &Locale) -> String {
    write_styled(pos, m, loc, SanStyle::default())
}

/// `m` (legal in `pos`) written in the given style.
pub fn write_styled(pos: &Chess, m: Move, loc: &Locale, style: SanStyle) -> String {
    let san_plus = SanPlus::from_move(pos.clone(), m);
    let english = if style.long && m.castling_side().is_none() {
        let mut s = String::new();
        if let Some(letter) = english_letter(m.role()) {
            s.push(letter);
        }
        if let Some(from) = m.from() {
            s.push_str(&from.to_string());
        }
        s.push(if m.is_capture() { 'x' } else { '-' });
        s.push_str(&m.to().to_string());
        if let Some(p) = m.promotion() {
            s.push('=');
            s.extend(english_letter(p));
        }
        if let Some(suffix) = san_plus.suffix {
            s.push(suffix.char());
        }
        s
    } else {
        san_plus.to_string()
    };
    translate(&english, loc, style)
}

fn english_letter(role: Role) -> Option<char> {
    match role {
        Role::Pawn => None,
        r => Some(r.upper_char()),
    }
}

fn figurine(role: Role) -> char {
    match role {
        Role::King => '♔',
        Role::Queen => '♕',
        Role::Rook => '♖',
        Role::Bishop => '♗',
        Role::Knight => '♘',
        Role::Pawn => '♙',
    }
}

/// Turns English SAN into the locale's letters.
fn translate(english: &str, loc: &Locale, style: SanStyle) -> String {
    english
        .chars()
        .map(|c| match c {
            'K' | 'Q' | 'R' | 'B' | 'N' => {
                let role = Role::from_char(c.to_ascii_lowercase()).unwrap_or(Role::Pawn);
                if style.figurine {
                    figurine(role)
                } else {
                    loc.piece_letter(role).unwrap_or(c)
                }
            }
            'a'..='h' if !style.latin_files => {
                loc.file_letter(shakmaty::File::new(c as u32 - 'a' as u32))
            }
            c => c,
        })
        .collect()
}

/// Reads a move in any form hector accepts (SAN in any language, long
/// algebraic, UCI, figurines, or a spoken phrase) as exactly one legal move.
pub fn read(pos: &Chess, text: &str, loc: &Locale) -> Result<Move, NotationError> {
    read_worded(pos, text, loc, loc)
}

/// [`read`] of a move written in `loc`'s notation, why not said in
/// `words`' language (`hector say --locale pl Bxc4` reads English SAN and
/// answers in Polish).
pub fn read_worded(
    pos: &Chess,
    text: &str,
    loc: &Locale,
    words: &Locale,
) -> Result<Move, NotationError> {
    match hear(pos, text, loc) {
        Heard::Move(m) => Ok(m),
        Heard::Ambiguous(ms) => {
            let candidates: Vec<String> = ms.iter().map(|m| write(pos, *m, loc)).collect();
            Err(NotationError::Ambiguous {
                sentence: words.message(
                    "ambiguous",
                    &[
                        ("n", &candidates.len().to_string()),
                        ("list", &candidates.join(", ")),
                    ],
                ),
                candidates,
            })
        }
        Heard::NoMatch(reason) => Err(NotationError::NoMove {
            sentence: reason.sentence(words),
            reason,
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::position_from_fen;

    fn pos(fen: &str) -> Chess {
        position_from_fen(fen).unwrap().0
    }

    #[test]
    fn writes_each_language() {
        let p = Chess::default();
        let m = read(&p, "Nf3", Locale::get("en").unwrap()).unwrap();
        let expect = [
            ("de", "Sf3"),
            ("en", "Nf3"),
            ("pl", "Sf3"),
            ("sr", "Sf3"),
            ("el", "Ιζ3"),
        ];
        for (code, san) in expect {
            assert_eq!(write(&p, m, Locale::get(code).unwrap()), san, "{code}");
        }
        let el = Locale::get("el").unwrap();
        let latin = SanStyle {
            latin_files: true,
            ..SanStyle::default()
        };
        assert_eq!(write_styled(&p, m, el, latin), "Ιf3");
        let long = SanStyle {
            long: true,
            ..SanStyle::default()
        };
        assert_eq!(
            write_styled(&p, m, Locale::get("de").unwrap(), long),
            "Sg1-f3"
        );
        let fig = SanStyle {
            figurine: true,
            ..SanStyle::default()
        };
        assert_eq!(write_styled(&p, m, el, fig), "♘ζ3");
    }

    #[test]
    fn reads_tolerantly() {
        let de = Locale::get("de").unwrap();
        let p = pos("r3k2r/1P6/8/3pP3/8/8/8/R3K2R w KQkq d6 0 1");
        let cases = [
            ("0-0", "O-O"),
            ("O-O-O", "O-O-O"),
            ("exd6", "exd6"),
            ("e5:d6", "exd6"),
            ("ed6", "exd6"),
            ("exd6 e.p.", "exd6"),
            ("exd6e.p.", "exd6"),
            ("b8Q", "b8=Q+"),
            ("b8=D", "b8=Q+"),
            ("b8(Q)", "b8=Q+"),
            ("b8/Q", "b8=Q+"),
            ("b7b8q", "b8=Q+"),
            ("bxa8=Q+", "bxa8=Q+"),
            ("Ta1-a8", "Rxa8+"),
            ("e1g1", "O-O"),
            ("Kg1", "O-O"),
        ];
        let en = Locale::get("en").unwrap();
        for (text, want) in cases {
            let m = read(&p, text, de).unwrap_or_else(|e| panic!("{text}: {e}"));
            assert_eq!(write(&p, m, en), want, "{text}");
        }
        assert!(matches!(
            read(&p, "b8", de),
            Err(NotationError::NoMove {
                reason: Reason::PromotionMissing,
                ..
            })
        ));
    }
}
