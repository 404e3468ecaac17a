//! The spoken phrasebook of FIDE Laws 2023, D.2.1: moves said with the file
//! names Anna … Hector, rank numbers eins … acht, the piece names, "Kurze
//! Rochade" / "Lange Rochade", and the promotion piece always named.

use shakmaty::{Chess, Move, Position, Role, san::San};

/// Whether all `moves` are promotions of one pawn to one square, differing
/// only in the piece (D.2.1: the player is asked which piece).
pub fn same_promotion(moves: &[shakmaty::Move]) -> bool {
    let Some(first) = moves.first() else {
        return false;
    };
    moves.len() > 1
        && moves
            .iter()
            .all(|m| m.promotion().is_some() && m.from() == first.from() && m.to() == first.to())
}

/// At most this many moves are offered as a numbered choice.
pub const MAX_CHOICES: usize = 8;

use super::pattern::{Item, Pattern, Reason, Settled, assemble, settle};
use super::written::written_items;
use crate::locale::{Locale, Meaning, fold};

/// Short form: piece and target ("Springer Felix drei"), with the origin
/// file or rank only where needed to tell two pieces apart, as in SAN.
/// Long form: piece, origin and target ("Springer Gustav eins Felix drei").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Form {
    #[default]
    Short,
    Long,
}

impl std::str::FromStr for Form {
    type Err = String;
    fn from_str(s: &str) -> Result<Form, String> {
        match s {
            "short" => Ok(Form::Short),
            "long" => Ok(Form::Long),
            other => Err(format!("Unknown form '{other}': say short or long.")),
        }
    }
}

/// How a move is put into words.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SayOptions {
    pub form: Form,
    /// Say "Bauer" before pawn moves.
    pub pawn_word: bool,
    /// Say "schlägt" for captures (and "en passant").
    pub capture_word: bool,
    /// Say "Schach" / "matt" after the move.
    pub check_word: bool,
}

impl Default for SayOptions {
    fn default() -> SayOptions {
        SayOptions {
            form: Form::Short,
            pawn_word: false,
            capture_word: true,
            check_word: true,
        }
    }
}

impl SayOptions {
    pub fn with_form(form: Form) -> SayOptions {
        SayOptions {
            form,
            ..SayOptions::default()
        }
    }
}

/// What a phrase names among the legal moves.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Heard {
    /// Exactly one legal move.
    Move(Move),
    /// Several legal moves fit: the player must choose.
    Ambiguous(Vec<Move>),
    /// None fits, and why.
    NoMatch(Reason),
}

/// `m` (legal in `pos`) as a phrase, with the default options.
pub fn say(pos: &Chess, m: Move, loc: &Locale, form: Form) -> String {
    say_with(pos, m, loc, &SayOptions::with_form(form))
}

/// `m` (legal in `pos`) as a phrase.
pub fn say_with(pos: &Chess, m: Move, loc: &Locale, opts: &SayOptions) -> String {
    let mut out: Vec<&str> = Vec::with_capacity(10);
    if let Some(side) = m.castling_side() {
        out.push(loc.castling_words(side));
    } else {
        let role = m.role();
        if role != Role::Pawn || opts.pawn_word {
            out.push(loc.piece_word(role));
        }
        match (opts.form, m.from()) {
            (Form::Long, Some(from)) => {
                out.push(loc.file_word(from.file()));
                out.push(loc.rank_word(from.rank()));
            }
            _ => {
                if let San::Normal { file, rank, .. } = San::from_move(pos, m) {
                    out.extend(file.map(|f| loc.file_word(f)));
                    out.extend(rank.map(|r| loc.rank_word(r)));
                }
            }
        }
        if m.is_capture() && opts.capture_word {
            out.push(loc.capture_word());
        }
        out.push(loc.file_word(m.to().file()));
        out.push(loc.rank_word(m.to().rank()));
        if m.is_en_passant() && opts.capture_word {
            out.push(loc.en_passant_words());
        }
        if let Some(p) = m.promotion() {
            out.push(loc.piece_word(p));
        }
    }
    if opts.check_word {
        let mut after = pos.clone();
        after.play_unchecked(m);
        if after.is_checkmate() {
            out.push(loc.checkmate_word());
        } else if after.is_check() {
            out.push(loc.check_word());
        }
    }
    out.join(" ")
}

fn split_words(text: &str) -> Vec<&str> {
    text.split(|c: char| {
        c.is_whitespace() || matches!(c, ',' | ';' | '!' | '?' | '„' | '“' | '”' | '«' | '»' | '"')
    })
    .map(|w| w.trim_end_matches('.'))
    .filter(|w| !w.is_empty())
    .collect()
}

/// The items a phrase or written move is made of, or the first word that
/// means nothing to hector.
pub fn items_of(text: &str, loc: &Locale) -> Result<Vec<Item>, Reason> {
    let raw = split_words(text);
    let folded: Vec<String> = raw.iter().map(|w| fold(w)).collect();
    let lex = loc.lexicon();
    let mut items = Vec::new();
    let mut i = 0;
    'words: while i < raw.len() {
        let longest = lex.longest().min(raw.len() - i);
        for n in (1..=longest).rev() {
            if let Some(meaning) = lex.get(&folded[i..i + n]) {
                match meaning {
                    Meaning::File(f) => items.push(Item::File(f)),
                    Meaning::Rank(r) => items.push(Item::Rank(r)),
                    Meaning::Piece(r) => items.push(Item::Piece(r)),
                    Meaning::Castle(s) => items.push(Item::Castle(s)),
                    Meaning::Capture => items.push(Item::Capture),
                    Meaning::Check | Meaning::Checkmate => items.push(Item::Check),
                    Meaning::EnPassant => items.push(Item::EnPassant),
                    Meaning::Promotion => items.push(Item::Promotion),
                    Meaning::Filler => {}
                    Meaning::Yes | Meaning::No => return Err(Reason::Garbled(raw[i].to_string())),
                }
                i += n;
                continue 'words;
            }
        }
        match written_items(raw[i], loc) {
            Some(mut w) => items.append(&mut w),
            None => return Err(Reason::UnknownWord(raw[i].to_string())),
        }
        i += 1;
    }
    Ok(items)
}

/// The pattern a phrase or written move describes.
pub fn pattern_of(text: &str, loc: &Locale) -> Result<Pattern, Reason> {
    let items = items_of(text, loc)?;
    assemble(&items, text.trim())
}

/// Settles a heard or typed phrase (any case, extra spaces, filler words,
/// accented or plain spellings, short or long form, letters a–h, SAN in any
/// supported language, long algebraic or UCI) against the legal moves.
pub fn hear(pos: &Chess, text: &str, loc: &Locale) -> Heard {
    let pattern = match pattern_of(text, loc) {
        Ok(p) => p,
        Err(reason) => return Heard::NoMatch(reason),
    };
    match settle(pos, &pattern) {
        Settled::One(m) => Heard::Move(m),
        Settled::Many(ms) => Heard::Ambiguous(ms),
        Settled::None(reason) => Heard::NoMatch(reason),
    }
}

/// Every phrase hector accepts for every legal move of `pos` in this locale:
/// both forms, with and without capture and check words, in the locale's
/// words and in the FIDE words. For speech-recogniser grammars.
pub fn all_phrases(pos: &Chess, loc: &Locale) -> Vec<(Move, String)> {
    let fide = Locale::fide();
    let mut locales = vec![loc];
    if loc.code() != fide.code() {
        locales.push(fide);
    }
    let mut out = Vec::new();
    for m in pos.legal_moves() {
        let mut seen: Vec<String> = Vec::new();
        for l in &locales {
            for form in [Form::Short, Form::Long] {
                for capture_word in [true, false] {
                    for check_word in [false, true] {
                        let opts = SayOptions {
                            form,
                            pawn_word: false,
                            capture_word,
                            check_word,
                        };
                        let p = say_with(pos, m, l, &opts);
                        if !seen.contains(&p) {
                            seen.push(p.clone());
                            out.push((m, p));
                        }
                    }
                }
            }
        }
    }
    out
}

/// Every word the phrasebook accepts in this locale, folded (lower case,
/// accents folded as [`fold`] does).
pub fn vocabulary(loc: &Locale) -> Vec<String> {
    loc.lexicon().words()
}
