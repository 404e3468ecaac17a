//! The words and sentences of a game (`locales/<code>/session.toml`):
//! command phrases every seat may say or type, and the sentences the
//! session's events are rendered in. English phrases are understood in
//! every locale, so a player is never stuck because of the language.

use std::collections::HashMap;
use std::sync::OnceLock;

use serde::Deserialize;

use super::{CODES, LocaleError, Part, fold, source};

/// The commands a blind player can say (FIDE Laws 2023, D.2.1–D.2.10); their
/// names are the contract of `hector listen --json` and the voice grammar.
pub const SPOKEN: [&str; 21] = [
    "time",
    "my-time",
    "opponent-time",
    "time-used",
    "moves",
    "last",
    "repeat",
    "where",
    "rank",
    "file",
    "board",
    "draw",
    "accept",
    "decline",
    "claim",
    "resign",
    "adjourn",
    "arbiter",
    "help",
    "yes",
    "no",
];

#[derive(Debug, Deserialize)]
struct Words {
    my: Vec<String>,
    their: Vec<String>,
    threefold: Vec<String>,
    fifty: Vec<String>,
    flag: Vec<String>,
    blind: Vec<String>,
    sighted: Vec<String>,
    early: Vec<String>,
}

#[derive(Debug, Deserialize)]
struct File {
    code: String,
    commands: HashMap<String, Vec<String>>,
    words: Words,
    sentences: HashMap<String, String>,
}

/// A word class of the session vocabulary (after a command word).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Word {
    My,
    Their,
    Threefold,
    Fifty,
    Flag,
    Blind,
    Sighted,
    Early,
}

/// One locale's session wording.
#[derive(Debug)]
pub struct SessionWords {
    code: &'static str,
    file: File,
    /// (folded phrase words, command name), longest first.
    phrases: Vec<(Vec<String>, String)>,
}

/// The folded words of a line, one per whitespace-separated token
/// (punctuation around a word dropped).
fn folded_words(text: &str) -> Vec<String> {
    text.split_whitespace()
        .map(|w| fold(w.trim_matches(|c: char| ",.;:!?¿¡;«»„“”\"".contains(c))))
        .collect()
}

static LOADED: OnceLock<Vec<Result<SessionWords, LocaleError>>> = OnceLock::new();

impl SessionWords {
    /// The session wording of a locale.
    pub fn get(code: &str) -> Result<&'static SessionWords, LocaleError> {
        let all = LOADED.get_or_init(|| CODES.iter().map(|c| SessionWords::load(c)).collect());
        let code = super::code(code)?;
        let i = CODES.iter().position(|c| *c == code).unwrap_or(0);
        all[i].as_ref().map_err(Clone::clone)
    }

    fn load(code: &'static str) -> Result<SessionWords, LocaleError> {
        let data = |reason: String| LocaleError::Data {
            code: code.to_string(),
            reason,
        };
        let own: File = toml::from_str(source(code, Part::Session)?)
            .map_err(|e| data(format!("session.toml: {e}")))?;
        if own.code != code {
            return Err(data(format!("session.toml says code = '{}'", own.code)));
        }
        let mut phrases: Vec<(Vec<String>, String)> = Vec::new();
        for (name, list) in &own.commands {
            for p in list {
                let w = folded_words(p);
                if let Some((other, _)) = own
                    .commands
                    .iter()
                    .find(|(n, l)| *n != name && l.iter().any(|q| folded_words(q) == w))
                {
                    return Err(data(format!(
                        "session.toml: '{p}' stands for both {name} and {other}"
                    )));
                }
            }
        }
        let mut add = |file: &File| {
            for (name, list) in &file.commands {
                for p in list {
                    let w = folded_words(p);
                    if !w.is_empty() && !phrases.iter().any(|(x, _)| *x == w) {
                        phrases.push((w, name.clone()));
                    }
                }
            }
        };
        add(&own);
        if code != "en" {
            let en: File = toml::from_str(source("en", Part::Session)?)
                .map_err(|e| data(format!("English session.toml: {e}")))?;
            add(&en);
        }
        phrases.sort_by(|a, b| b.0.len().cmp(&a.0.len()).then(a.0.cmp(&b.0)));
        Ok(SessionWords {
            code,
            file: own,
            phrases,
        })
    }

    pub fn code(&self) -> &'static str {
        self.code
    }

    /// A sentence with `{name}` parts filled in; a missing key gives the
    /// key in brackets (the golden tests catch it).
    pub fn text(&self, key: &str, args: &[(&str, &str)]) -> String {
        let Some(t) = self.file.sentences.get(key) else {
            return format!("[{key}]");
        };
        let mut out = t.clone();
        for (name, value) in args {
            out = out.replace(&format!("{{{name}}}"), value);
        }
        out
    }

    /// Whether a sentence key exists.
    pub fn has(&self, key: &str) -> bool {
        self.file.sentences.contains_key(key)
    }

    /// Every sentence key (for completeness tests).
    pub fn keys(&self) -> Vec<&str> {
        let mut k: Vec<&str> = self.file.sentences.keys().map(String::as_str).collect();
        k.sort_unstable();
        k
    }

    /// The command a line starts with and how many of the line's words
    /// (whitespace-separated) the command phrase takes. The longest phrase
    /// wins; English phrases work in every locale.
    pub fn command<'a>(&'a self, line: &str) -> Option<(&'a str, usize)> {
        let words = folded_words(line);
        self.phrases.iter().find_map(|(p, name)| {
            (words.len() >= p.len() && words[..p.len()] == p[..])
                .then_some((name.as_str(), p.len()))
        })
    }

    /// Which word class a folded word is, if any.
    pub fn word(&self, folded: &str) -> Option<Word> {
        let w = &self.file.words;
        let classes: [(&Vec<String>, Word); 8] = [
            (&w.my, Word::My),
            (&w.their, Word::Their),
            (&w.threefold, Word::Threefold),
            (&w.fifty, Word::Fifty),
            (&w.flag, Word::Flag),
            (&w.blind, Word::Blind),
            (&w.sighted, Word::Sighted),
            (&w.early, Word::Early),
        ];
        let english = [
            "my",
            "their",
            "threefold",
            "fifty",
            "flag",
            "blind",
            "sighted",
            "early",
        ];
        for ((list, class), en) in classes.iter().zip(english) {
            if folded == en || list.iter().any(|x| fold(x) == folded) {
                return Some(*class);
            }
        }
        None
    }

    /// The phrases of a command in this locale, as written (unfolded).
    pub fn phrases_of(&self, name: &str) -> &[String] {
        self.file
            .commands
            .get(name)
            .map(Vec::as_slice)
            .unwrap_or(&[])
    }

    /// The words of a class in this locale, as written.
    pub fn words_of(&self, class: Word) -> &[String] {
        let w = &self.file.words;
        match class {
            Word::My => &w.my,
            Word::Their => &w.their,
            Word::Threefold => &w.threefold,
            Word::Fifty => &w.fifty,
            Word::Flag => &w.flag,
            Word::Blind => &w.blind,
            Word::Sighted => &w.sighted,
            Word::Early => &w.early,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_locale_loads_with_the_same_sentence_keys_and_every_spoken_command() {
        let en = SessionWords::get("en").unwrap();
        for code in CODES {
            let w = SessionWords::get(code).unwrap();
            assert_eq!(w.keys(), en.keys(), "{code}");
            for name in SPOKEN {
                assert!(!w.phrases_of(name).is_empty(), "{code} lacks {name}");
            }
        }
    }

    #[test]
    fn longest_phrase_wins_and_english_works_everywhere() {
        let de = SessionWords::get("de").unwrap();
        assert_eq!(de.command("Meine Zeit").unwrap().0, "my-time");
        assert_eq!(de.command("zeit").unwrap().0, "time");
        assert_eq!(de.command("my time").unwrap().0, "my-time");
        assert_eq!(de.command("Wo sind meine Springer").unwrap(), ("where", 3));
        assert_eq!(de.command("Reihe vier").unwrap(), ("rank", 1));
        assert!(de.command("Springer Felix drei").is_none());
        let el = SessionWords::get("el").unwrap();
        assert_eq!(el.command("Ο χρόνος μου").unwrap().0, "my-time");
    }
}

/// The spoken command phrases of a locale, for a recogniser's grammar:
/// `(command name, phrase)`, every phrase of every [`SPOKEN`] command, with
/// the piece after `where`, the rank or file after `rank`/`file` and the
/// kind of claim after `claim` spelled out.
pub fn command_phrases(code: &str) -> Result<Vec<(&'static str, String)>, LocaleError> {
    let w = SessionWords::get(code)?;
    let loc = super::Locale::get(code)?;
    let pieces: Vec<&str> = [
        shakmaty::Role::King,
        shakmaty::Role::Queen,
        shakmaty::Role::Rook,
        shakmaty::Role::Bishop,
        shakmaty::Role::Knight,
        shakmaty::Role::Pawn,
    ]
    .into_iter()
    .map(|r| loc.piece_word(r))
    .collect();
    let mut out = Vec::new();
    for name in SPOKEN {
        for p in w.phrases_of(name) {
            let tails: Vec<String> = match name {
                "where" => pieces.iter().map(|x| x.to_string()).collect(),
                "rank" => shakmaty::Rank::ALL
                    .iter()
                    .map(|r| loc.rank_word(*r).to_string())
                    .collect(),
                "file" => shakmaty::File::ALL
                    .iter()
                    .map(|f| loc.file_word(*f).to_string())
                    .collect(),
                "claim" => [Word::Threefold, Word::Fifty, Word::Flag]
                    .iter()
                    .filter_map(|c| w.words_of(*c).first().cloned())
                    .collect(),
                _ => vec![String::new()],
            };
            for tail in tails {
                let phrase = if tail.is_empty() {
                    p.clone()
                } else {
                    format!("{p} {tail}")
                };
                out.push((name, phrase));
            }
        }
    }
    Ok(out)
}

#[cfg(test)]
mod phrase_tests {
    use super::*;

    #[test]
    fn every_spoken_phrase_is_read_back_as_its_command() {
        for code in CODES {
            let w = SessionWords::get(code).unwrap();
            let list = command_phrases(code).unwrap();
            for name in SPOKEN {
                assert!(list.iter().any(|(n, _)| *n == name), "{code}: {name}");
            }
            for (name, phrase) in list {
                let got = w.command(&phrase).map(|(n, _)| n);
                assert_eq!(got, Some(name), "{code}: '{phrase}'");
            }
        }
    }
}
