//! Locales: the words, letters and sentences of each language hector speaks.
//!
//! The data lives in `locales/<code>/notation.toml` and is embedded in the
//! binary. `de` is the FIDE vocabulary of Appendix D.2.1 (FIDE Laws 2023) and
//! the default; every locale also accepts the FIDE words and the English ones,
//! so a player is never stuck because of the language setting.

mod fold;
mod lexicon;
pub mod messages;
pub mod pages;
pub mod session;

use std::collections::HashMap;
use std::sync::OnceLock;

use serde::Deserialize;
use shakmaty::{CastlingSide, Color, File, Rank, Role, Square};

pub use fold::{fold, printable};
pub use lexicon::{Lexicon, Meaning};

/// The locale codes hector ships, the default first.
pub const CODES: [&str; 5] = ["de", "en", "pl", "sr", "el"];

/// The parts of a locale, one file each under `locales/<code>/`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Part {
    /// Letters, words and rule sentences (Appendix C, D.2.1).
    Notation,
    /// Numbers and sentences of the talking clock.
    Clock,
    /// Board fixes, D.2.9 reports, adjournment.
    Boards,
    /// The read-back protocol's wording.
    Voice,
    /// Command phrases and the sentences of a game (session, play, serve).
    Session,
    /// The labels of `hector serve`'s pages and its API's refusals.
    Pages,
    /// The sentences of a game as Fluent messages (`messages.ftl`).
    Messages,
    /// Whole sentences people say or type for a request (`phrases.toml`),
    /// read like the command phrases but not put into a recogniser's
    /// grammar.
    Phrases,
}

macro_rules! locale_files {
    ($($code:literal),*) => {
        [$(($code, [
            include_str!(concat!("../../locales/", $code, "/notation.toml")),
            include_str!(concat!("../../locales/", $code, "/clock.toml")),
            include_str!(concat!("../../locales/", $code, "/boards.toml")),
            include_str!(concat!("../../locales/", $code, "/voice.toml")),
            include_str!(concat!("../../locales/", $code, "/session.toml")),
            include_str!(concat!("../../locales/", $code, "/pages.toml")),
            include_str!(concat!("../../locales/", $code, "/messages.ftl")),
            include_str!(concat!("../../locales/", $code, "/phrases.toml")),
        ])),*]
    };
}

/// Every locale file, embedded in the binary: the one place that lists them.
const FILES: [(&str, [&str; 8]); 5] = locale_files!("de", "en", "pl", "sr", "el");

/// The text of one part of a locale (`code` as in [`CODES`], any case).
pub fn source(code: &str, part: Part) -> Result<&'static str, LocaleError> {
    let code = code.trim().to_ascii_lowercase();
    let i = match part {
        Part::Notation => 0,
        Part::Clock => 1,
        Part::Boards => 2,
        Part::Voice => 3,
        Part::Session => 4,
        Part::Pages => 5,
        Part::Messages => 6,
        Part::Phrases => 7,
    };
    FILES
        .iter()
        .find(|(c, _)| *c == code)
        .map(|(_, files)| files[i])
        .ok_or(LocaleError::Unknown(code))
}

/// Checks a locale code, giving it back in lower case.
pub fn code(text: &str) -> Result<&'static str, LocaleError> {
    let code = text.trim().to_ascii_lowercase();
    CODES
        .iter()
        .find(|c| **c == code)
        .copied()
        .ok_or(LocaleError::Unknown(code))
}

/// Errors of locale lookup.
#[derive(Debug, thiserror::Error, Clone, PartialEq, Eq)]
pub enum LocaleError {
    #[error("Unknown language '{0}'. hector speaks: de, en, pl, sr, el.")]
    Unknown(String),
    #[error("The language data of '{code}' is broken: {reason}")]
    Data { code: String, reason: String },
}

#[derive(Debug, Deserialize)]
struct Letters {
    king: String,
    queen: String,
    rook: String,
    bishop: String,
    knight: String,
    files: Vec<String>,
}

#[derive(Debug, Deserialize)]
struct Words {
    files: Vec<String>,
    ranks: Vec<String>,
    king: String,
    queen: String,
    rook: String,
    bishop: String,
    knight: String,
    pawn: String,
    short_castling: String,
    long_castling: String,
    capture: String,
    check: String,
    checkmate: String,
    en_passant: String,
    promotion: String,
}

#[derive(Debug, Deserialize)]
struct Fillers {
    words: Vec<String>,
}

#[derive(Debug, Deserialize)]
struct Colors {
    white: String,
    black: String,
}

#[derive(Debug, Deserialize)]
struct LocaleFile {
    code: String,
    name: String,
    letters: Letters,
    words: Words,
    #[serde(default)]
    accept: HashMap<String, Vec<String>>,
    fillers: Fillers,
    colors: Colors,
    messages: HashMap<String, String>,
    game: HashMap<String, String>,
    #[serde(default)]
    commands: HashMap<String, Vec<String>>,
}

/// One language: written letters (Appendix C), spoken words (D.2.1) and
/// sentences.
#[derive(Debug)]
pub struct Locale {
    file: LocaleFile,
    piece_letters: [char; 5],
    file_letters: [char; 8],
    lexicon: Lexicon,
}

fn single_char(s: &str, what: &str) -> Result<char, String> {
    let mut it = s.chars();
    match (it.next(), it.next()) {
        (Some(c), None) => Ok(c),
        _ => Err(format!("{what} must be one letter, not '{s}'")),
    }
}

impl Locale {
    /// The locale with this code (`de`, `en`, `pl`, `sr`, `el`).
    pub fn get(code: &str) -> Result<&'static Locale, LocaleError> {
        let all = all_locales()?;
        let code = code.trim().to_ascii_lowercase();
        all.iter()
            .find(|l| l.code() == code)
            .ok_or(LocaleError::Unknown(code))
    }

    /// The FIDE vocabulary locale (`de`), the default.
    pub fn fide() -> &'static Locale {
        // The embedded data is checked by the test suite; `all_locales`
        // only fails if it was broken at build time.
        Locale::get("de").expect("embedded locale data for 'de'")
    }

    fn parse(code: &str, text: &str) -> Result<LocaleFile, LocaleError> {
        let data = |reason: String| LocaleError::Data {
            code: code.to_string(),
            reason,
        };
        let file: LocaleFile = toml::from_str(text).map_err(|e| data(e.to_string()))?;
        if file.code != code {
            return Err(data(format!("it says code = '{}'", file.code)));
        }
        if file.words.files.len() != 8
            || file.words.ranks.len() != 8
            || file.letters.files.len() != 8
        {
            return Err(data(
                "files, ranks and file letters need 8 entries each".into(),
            ));
        }
        Ok(file)
    }

    fn build(file: LocaleFile, lexicon: Lexicon) -> Result<Locale, LocaleError> {
        let data = |reason: String| LocaleError::Data {
            code: file.code.clone(),
            reason,
        };
        let l = &file.letters;
        let piece_letters = [
            single_char(&l.king, "king letter").map_err(data)?,
            single_char(&l.queen, "queen letter").map_err(data)?,
            single_char(&l.rook, "rook letter").map_err(data)?,
            single_char(&l.bishop, "bishop letter").map_err(data)?,
            single_char(&l.knight, "knight letter").map_err(data)?,
        ];
        let mut file_letters = ['a'; 8];
        for (i, f) in l.files.iter().enumerate() {
            file_letters[i] = single_char(f, "file letter").map_err(data)?;
        }
        Ok(Locale {
            file,
            piece_letters,
            file_letters,
            lexicon,
        })
    }

    /// The locale's code, e.g. `de`.
    pub fn code(&self) -> &str {
        &self.file.code
    }

    /// The language's own name, e.g. `Deutsch`.
    pub fn name(&self) -> &str {
        &self.file.name
    }

    /// The written piece letter (Appendix C) of a role; pawns have none.
    pub fn piece_letter(&self, role: Role) -> Option<char> {
        match role {
            Role::King => Some(self.piece_letters[0]),
            Role::Queen => Some(self.piece_letters[1]),
            Role::Rook => Some(self.piece_letters[2]),
            Role::Bishop => Some(self.piece_letters[3]),
            Role::Knight => Some(self.piece_letters[4]),
            Role::Pawn => None,
        }
    }

    /// The role a written piece letter of this locale stands for.
    pub fn role_of_letter(&self, c: char) -> Option<Role> {
        let roles = [
            Role::King,
            Role::Queen,
            Role::Rook,
            Role::Bishop,
            Role::Knight,
        ];
        self.piece_letters
            .iter()
            .position(|&l| l == c)
            .map(|i| roles[i])
    }

    /// The written letter of a file (`a`…`h`, or `α`…`θ` in Greek).
    pub fn file_letter(&self, file: File) -> char {
        self.file_letters[usize::from(file)]
    }

    /// The file a written file letter of this locale stands for.
    pub fn file_of_letter(&self, c: char) -> Option<File> {
        self.file_letters
            .iter()
            .position(|&l| l == c)
            .map(|i| File::new(i as u32))
    }

    /// A square written in this locale (`e4`, Greek `ε4`).
    pub fn square_name(&self, sq: Square) -> String {
        format!("{}{}", self.file_letter(sq.file()), sq.rank().char())
    }

    /// The spoken word of a piece (D.2.1).
    pub fn piece_word(&self, role: Role) -> &str {
        let w = &self.file.words;
        match role {
            Role::King => &w.king,
            Role::Queen => &w.queen,
            Role::Rook => &w.rook,
            Role::Bishop => &w.bishop,
            Role::Knight => &w.knight,
            Role::Pawn => &w.pawn,
        }
    }

    /// The spoken name of a file (D.2.1: Anna … Hector).
    pub fn file_word(&self, file: File) -> &str {
        &self.file.words.files[usize::from(file)]
    }

    /// The spoken number of a rank (D.2.1: eins … acht).
    pub fn rank_word(&self, rank: Rank) -> &str {
        &self.file.words.ranks[usize::from(rank)]
    }

    /// A square spoken: file name and rank number.
    pub fn square_words(&self, sq: Square) -> String {
        format!(
            "{} {}",
            self.file_word(sq.file()),
            self.rank_word(sq.rank())
        )
    }

    /// "Kurze Rochade" / "Lange Rochade" (D.2.1).
    pub fn castling_words(&self, side: CastlingSide) -> &str {
        match side {
            CastlingSide::KingSide => &self.file.words.short_castling,
            CastlingSide::QueenSide => &self.file.words.long_castling,
        }
    }

    /// The word spoken for a capture.
    pub fn capture_word(&self) -> &str {
        &self.file.words.capture
    }

    /// The word spoken for check.
    pub fn check_word(&self) -> &str {
        &self.file.words.check
    }

    /// The word spoken for checkmate.
    pub fn checkmate_word(&self) -> &str {
        &self.file.words.checkmate
    }

    /// The words for an en passant capture.
    pub fn en_passant_words(&self) -> &str {
        &self.file.words.en_passant
    }

    /// The word placed before a promotion piece when the player wants it.
    pub fn promotion_word(&self) -> &str {
        &self.file.words.promotion
    }

    /// The name of a colour (White / Black).
    pub fn color_name(&self, color: Color) -> &str {
        match color {
            Color::White => &self.file.colors.white,
            Color::Black => &self.file.colors.black,
        }
    }

    /// The vocabulary this locale hears (its own words, the FIDE words and
    /// the English words), folded.
    pub fn lexicon(&self) -> &Lexicon {
        &self.lexicon
    }

    /// A refusal of a move heard or typed: the Fluent message
    /// `notation-<key>` (messages.ftl), or a sentence without variables
    /// from `[messages]`.
    pub fn message(&self, key: &str, args: &[(&str, &str)]) -> String {
        self.sentence("notation", key, args)
            .unwrap_or_else(|| fill(self.file.messages.get(key).map(String::as_str), key, args))
    }

    /// A sentence of the game outside the session: the Fluent message
    /// `game-<key>`, or a sentence without variables from `[game]`.
    pub fn game_text(&self, key: &str, args: &[(&str, &str)]) -> String {
        self.sentence("game", key, args)
            .unwrap_or_else(|| fill(self.file.game.get(key).map(String::as_str), key, args))
    }

    /// `<prefix>-<key>` of messages.ftl with its variables (what a person
    /// typed cut to [`MAX_ECHO`] characters), if the locale has it.
    fn sentence(&self, prefix: &str, key: &str, args: &[(&str, &str)]) -> Option<String> {
        let shown: Vec<(&str, String)> = args
            .iter()
            .map(|(n, v)| (*n, shown(v).into_owned()))
            .collect();
        let args: Vec<(&str, &str)> = shown.iter().map(|(n, v)| (*n, v.as_str())).collect();
        messages::sentence(self.code(), &format!("{prefix}-{key}"), &args)
    }

    /// The command (`board`, `moves`, `where`, …) a word starts in this
    /// locale, compared folded.
    pub fn command_of(&self, word: &str) -> Option<&str> {
        let w = fold(word);
        self.file
            .commands
            .iter()
            .find(|(_, words)| words.iter().any(|c| fold(c) == w))
            .map(|(k, _)| k.as_str())
    }

    /// Every `[messages]` and `[game]` key, for checks that all locales
    /// have the same sentences.
    pub fn sentence_keys(&self) -> Vec<String> {
        let mut keys: Vec<String> = self
            .file
            .messages
            .keys()
            .map(|k| format!("messages.{k}"))
            .chain(self.file.game.keys().map(|k| format!("game.{k}")))
            .chain(self.file.commands.keys().map(|k| format!("commands.{k}")))
            .collect();
        keys.sort();
        keys
    }
}

/// The most of a person's input a sentence repeats back (characters).
pub const MAX_ECHO: usize = 100;

/// `text` as a sentence repeats it: cut after [`MAX_ECHO`] characters
/// (then ending in `…`), so that a long input is never echoed whole.
pub fn shown(text: &str) -> std::borrow::Cow<'_, str> {
    match text.char_indices().nth(MAX_ECHO) {
        None => text.into(),
        Some((i, _)) => format!("{}…", &text[..i]).into(),
    }
}

fn fill(template: Option<&str>, key: &str, args: &[(&str, &str)]) -> String {
    let Some(t) = template else {
        // A missing sentence is a data bug caught by the tests; say the key
        // rather than nothing.
        return format!("[{key}]");
    };
    let mut out = t.to_string();
    for (name, value) in args {
        out = out.replace(&format!("{{{name}}}"), &shown(value));
    }
    out
}

fn all_locales() -> Result<&'static [Locale], LocaleError> {
    static ALL: OnceLock<Result<Vec<Locale>, LocaleError>> = OnceLock::new();
    ALL.get_or_init(|| {
        let files = CODES
            .iter()
            .map(|code| Locale::parse(code, source(code, Part::Notation)?))
            .collect::<Result<Vec<_>, _>>()?;
        // Each locale hears its own words first, then the FIDE words (de),
        // then English.
        let mut lexicons = Vec::new();
        for f in &files {
            let mut lexicon = Lexicon::default();
            let data = |reason: String| LocaleError::Data {
                code: f.code.clone(),
                reason,
            };
            lexicon.add_locale(f, true).map_err(data)?;
            for other in ["de", "en"].iter().filter(|c| **c != f.code) {
                if let Some(o) = files.iter().find(|o| o.code == *other) {
                    lexicon.add_locale(o, false).map_err(data)?;
                }
            }
            lexicons.push(lexicon);
        }
        files
            .into_iter()
            .zip(lexicons)
            .map(|(f, lex)| Locale::build(f, lex))
            .collect()
    })
    .as_ref()
    .map(|v| v.as_slice())
    .map_err(Clone::clone)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_long_input_is_cut_before_it_is_echoed() {
        assert_eq!(shown("Sf3"), "Sf3");
        let long = "ä".repeat(50_000);
        let cut = shown(&long);
        assert_eq!(cut.chars().count(), MAX_ECHO + 1);
        assert!(cut.ends_with('…'));
        let loc = Locale::get("en").unwrap();
        let s = loc.message("unknown_word", &[("word", &long)]);
        assert!(s.len() < 400, "{s}");
    }

    #[test]
    fn every_locale_loads_with_the_same_sentences() {
        let de = Locale::get("de").unwrap();
        for code in CODES {
            let l = Locale::get(code).unwrap();
            assert_eq!(l.code(), code);
            assert_eq!(l.sentence_keys(), de.sentence_keys(), "locale {code}");
        }
    }

    #[test]
    fn unknown_locale_is_a_clear_error() {
        let e = Locale::get("xx").unwrap_err();
        assert!(e.to_string().contains("Unknown language 'xx'"));
    }

    #[test]
    fn letters_per_language() {
        let pl = Locale::get("pl").unwrap();
        assert_eq!(pl.piece_letter(Role::Queen), Some('H'));
        assert_eq!(pl.role_of_letter('G'), Some(Role::Bishop));
        let el = Locale::get("el").unwrap();
        assert_eq!(el.square_name(Square::C1), "γ1");
        assert_eq!(el.role_of_letter('Ι'), Some(Role::Knight));
    }

    #[test]
    fn message_slots_are_filled() {
        let en = Locale::get("en").unwrap();
        assert_eq!(
            en.message("no_move", &[("piece", "knight"), ("square", "f3")]),
            "No knight can reach f3."
        );
    }
}
