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
    /// A move said in `form`, with "pawn" before a pawn move when
    /// `pawn_word`; captures and checks said.
    pub fn spoken(form: Form, pawn_word: bool) -> SayOptions {
        SayOptions {
            form,
            pawn_word,
            ..SayOptions::default()
        }
    }

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
///
/// Written moves are read in any letter case (a phone capitalises the
/// first letter: `E4`, `Exd5`; `sf3` for `Sf3`): as written first; if that
/// names no legal move, every reading of the written tokens in lower case
/// or with a capital first letter is tried — one legal move is the move,
/// several are a choice (German `D4`: the queen or the d-pawn), none is
/// refused with the most telling reason.
pub fn hear(pos: &Chess, text: &str, loc: &Locale) -> Heard {
    let written = hear_as_written(pos, text, loc);
    let Heard::NoMatch(reason) = written else {
        return written;
    };
    let mut found: Vec<Move> = Vec::new();
    let mut why: Option<Reason> = is_about_the_board(&reason).then(|| reason.clone());
    for reading in case_readings(text) {
        match hear_as_written(pos, &reading, loc) {
            Heard::Move(m) => {
                if !found.contains(&m) {
                    found.push(m);
                }
            }
            Heard::Ambiguous(ms) => {
                for m in ms {
                    if !found.contains(&m) {
                        found.push(m);
                    }
                }
            }
            Heard::NoMatch(r) => {
                if why.is_none() && is_about_the_board(&r) {
                    why = Some(r);
                }
            }
        }
    }
    match found.len() {
        0 => Heard::NoMatch(why.unwrap_or(reason)),
        1 => Heard::Move(found[0]),
        _ => Heard::Ambiguous(found),
    }
}

/// Whether a reason is about the position (the words were read as a
/// move), not about the words.
fn is_about_the_board(r: &Reason) -> bool {
    !matches!(
        r,
        Reason::UnknownWord(_)
            | Reason::Garbled(_)
            | Reason::NoTarget
            | Reason::NothingHeard
            | Reason::TooManySquares
    )
}

/// The other letter cases of a line's written tokens (those with a
/// letter and a digit, at most three of them): each in lower case and
/// with only its first letter capital, in every combination.
fn case_readings(text: &str) -> Vec<String> {
    let tokens: Vec<&str> = text.split_whitespace().collect();
    let written: Vec<usize> = tokens
        .iter()
        .enumerate()
        .filter(|(_, t)| {
            t.chars().any(|c| c.is_ascii_digit()) && t.chars().any(char::is_alphabetic)
        })
        .map(|(i, _)| i)
        .collect();
    if written.is_empty() || written.len() > 3 {
        return Vec::new();
    }
    let variants = |t: &str| -> Vec<String> {
        let lower = t.to_lowercase();
        let mut chars = lower.chars();
        let capital: String = chars
            .next()
            .map(|c| c.to_uppercase().chain(chars).collect())
            .unwrap_or_default();
        let mut v = vec![t.to_string()];
        for x in [lower, capital] {
            if !v.contains(&x) {
                v.push(x);
            }
        }
        v
    };
    let mut readings: Vec<Vec<String>> = vec![tokens.iter().map(|t| t.to_string()).collect()];
    for &i in &written {
        let mut next = Vec::new();
        for r in &readings {
            for v in variants(tokens[i]) {
                let mut r = r.clone();
                r[i] = v;
                next.push(r);
            }
        }
        readings = next;
    }
    let original = tokens.join(" ");
    let mut out: Vec<String> = readings
        .into_iter()
        .map(|r| r.join(" "))
        .filter(|r| *r != original)
        .collect();
    out.dedup();
    out
}

fn hear_as_written(pos: &Chess, text: &str, loc: &Locale) -> Heard {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::locale::CODES;
    use crate::rules::position_from_fen;

    fn pos(fen: &str) -> Chess {
        position_from_fen(fen).unwrap().0
    }

    /// Positions with captures, castling both ways, en passant, promotions
    /// and two pieces that can reach one square.
    fn positions() -> Vec<Chess> {
        [
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "r3k2r/1P6/8/3pP3/8/8/8/R3K2R w KQkq d6 0 1",
            "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
            "4k3/8/8/3N1N2/8/3N1N2/8/4K3 w - - 0 1",
            "r3k2r/8/8/8/8/8/6p1/R3K2R b KQkq - 0 1",
        ]
        .iter()
        .map(|f| pos(f))
        .collect()
    }

    #[test]
    fn every_legal_move_phrase_is_heard_as_its_own_move_alone() {
        for code in CODES {
            let loc = Locale::get(code).unwrap();
            for p in positions() {
                for (m, phrase) in all_phrases(&p, loc) {
                    assert_eq!(hear(&p, &phrase, loc), Heard::Move(m), "{code}: {phrase}");
                }
            }
        }
    }

    #[test]
    fn files_said_by_their_letter_names_are_heard() {
        let start = Chess::default();
        let nf3 = hear(&start, "Sf3", Locale::get("de").unwrap());
        let cases = [
            ("de", "Springer ef drei"),
            ("de", "Springer eff drei"),
            ("de", "Springer Ef drei"),
            ("de", "Springer nach ef drei"),
            ("de", "Springer ge eins ef drei"),
            ("de", "Springer geh eins eff drei"),
            ("en", "knight ef three"),
            ("en", "knight gee one eff three"),
            ("pl", "skoczek ef trzy"),
            ("pl", "skoczek gie jeden ef trzy"),
            ("sr", "skakač ef tri"),
            ("sr", "skakač ge jedan ef tri"),
            // The FIDE language's letter names work in every locale.
            ("el", "Springer ef drei"),
        ];
        for (code, phrase) in cases {
            assert_eq!(
                hear(&start, phrase, Locale::get(code).unwrap()),
                nf3,
                "{code}: {phrase}"
            );
        }
        // Every file by its letter name, as pawn moves to the fourth rank.
        let names = [
            ("de", ["a", "be", "ce", "de", "eh", "ef", "ge", "ha"]),
            (
                "en",
                ["ay", "bee", "see", "dee", "ee", "eff", "gee", "aitch"],
            ),
            ("pl", ["a", "be", "ce", "de", "e", "ef", "gie", "ha"]),
            ("sr", ["a", "be", "ce", "de", "e", "ef", "ge", "ha"]),
        ];
        for (code, files) in names {
            let loc = Locale::get(code).unwrap();
            for (i, name) in files.iter().enumerate() {
                let phrase = format!("{name} {}", loc.rank_word(shakmaty::Rank::Fourth));
                let Heard::Move(m) = hear(&start, &phrase, loc) else {
                    panic!("{code}: {phrase} was not one move");
                };
                assert_eq!(
                    m.to().file(),
                    shakmaty::File::new(i as u32),
                    "{code}: {phrase}"
                );
            }
        }
    }

    #[test]
    fn letter_names_mean_one_file_in_every_locale() {
        // Each letter name is a file in every locale's vocabulary and
        // never a piece, rank or other word there.
        let names: [(&str, u32); 12] = [
            ("be", 1),
            ("ce", 2),
            ("de", 3),
            ("ef", 5),
            ("eff", 5),
            ("ge", 6),
            ("ha", 7),
            ("bee", 1),
            ("see", 2),
            ("dee", 3),
            ("gee", 6),
            ("aitch", 7),
        ];
        for code in CODES {
            let lex = Locale::get(code).unwrap().lexicon();
            for (name, file) in names {
                assert_eq!(
                    lex.get(&[name.to_string()]),
                    Some(Meaning::File(shakmaty::File::new(file))),
                    "{code}: {name}"
                );
            }
        }
    }
}
