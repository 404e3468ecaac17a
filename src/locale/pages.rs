//! The words of `hector serve`'s pages and of its API's refusals
//! (`locales/<code>/pages.toml`): every label, heading, button and notice a
//! seat's page shows, and every sentence the server answers a bad request
//! with, in the game's language.

use std::collections::BTreeMap;
use std::sync::OnceLock;

use serde::Deserialize;

use super::{CODES, LocaleError, Part, source};

#[derive(Debug, Deserialize)]
struct File {
    code: String,
    pages: BTreeMap<String, String>,
}

/// One locale's page words.
#[derive(Debug)]
pub struct PageWords {
    code: &'static str,
    words: BTreeMap<String, String>,
}

static LOADED: OnceLock<Vec<Result<PageWords, LocaleError>>> = OnceLock::new();

impl PageWords {
    /// The page words of a locale (`de`, `en`, `pl`, `sr`, `el`).
    pub fn get(code: &str) -> Result<&'static PageWords, LocaleError> {
        let all = LOADED.get_or_init(|| CODES.iter().map(|c| PageWords::load(c)).collect());
        let code = super::code(code)?;
        let i = CODES.iter().position(|c| *c == code).unwrap_or(0);
        all[i].as_ref().map_err(Clone::clone)
    }

    fn load(code: &'static str) -> Result<PageWords, LocaleError> {
        let file: File =
            toml::from_str(source(code, Part::Pages)?).map_err(|e| LocaleError::Data {
                code: code.to_string(),
                reason: format!("pages.toml: {e}"),
            })?;
        if file.code != code {
            return Err(LocaleError::Data {
                code: code.to_string(),
                reason: format!("pages.toml says code = '{}'", file.code),
            });
        }
        Ok(PageWords {
            code,
            words: file.pages,
        })
    }

    /// The locale's code (the pages' `lang`).
    pub fn code(&self) -> &'static str {
        self.code
    }

    /// A label or sentence with `{name}` parts filled in; a missing key
    /// gives the key in brackets (the completeness test catches it).
    pub fn text(&self, key: &str, args: &[(&str, &str)]) -> String {
        let Some(t) = self.words.get(key) else {
            return format!("[{key}]");
        };
        let mut out = t.clone();
        for (name, value) in args {
            out = out.replace(&format!("{{{name}}}"), value);
        }
        out
    }

    /// Every key with its text (for the pages' scripts).
    pub fn all(&self) -> &BTreeMap<String, String> {
        &self.words
    }
}

/// The `{name}` parts of a text, sorted.
pub fn slots(text: &str) -> Vec<&str> {
    let mut out: Vec<&str> = Vec::new();
    let mut rest = text;
    while let Some(i) = rest.find('{') {
        let after = &rest[i + 1..];
        let Some(j) = after.find('}') else { break };
        let name = &after[..j];
        if !name.is_empty() && name.chars().all(|c| c.is_ascii_lowercase() || c == '_') {
            out.push(name);
        }
        rest = &after[j + 1..];
    }
    out.sort_unstable();
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_locale_has_every_page_word_with_the_same_slots() {
        let en = PageWords::get("en").unwrap();
        for code in CODES {
            let w = PageWords::get(code).unwrap();
            assert_eq!(w.code(), code);
            let keys: Vec<&String> = w.all().keys().collect();
            let want: Vec<&String> = en.all().keys().collect();
            assert_eq!(keys, want, "{code}: pages.toml has other keys than English");
            for (k, text) in w.all() {
                assert!(!text.trim().is_empty(), "{code}: {k} is empty");
                assert_eq!(
                    slots(text),
                    slots(&en.all()[k]),
                    "{code}: {k} has other {{…}} parts than English"
                );
            }
        }
    }

    #[test]
    fn no_english_label_is_left_in_another_locale() {
        // Words that name a thing in English and would show an untranslated
        // label; the technical names (FEN, PGN, KiB, WebSocket, JSON, hector)
        // are the same in every language.
        let english = [
            "White", "Black", "Send", "Clocks", "Board", "Press", "Repeat", "Relay", "Report",
            "Claim", "Stop", "Check", "Retrace", "Adjourn", "Correct", "Declare", "Result",
            "Moves", "Time", "your", "the", "arbiter", "move", "command", "clock",
        ];
        for code in CODES.iter().filter(|c| **c != "en") {
            let w = PageWords::get(code).unwrap();
            for (k, text) in w.all() {
                if k == "title_index" {
                    continue;
                }
                // The words outside the {…} parts.
                let mut bare = text.clone();
                for s in slots(text) {
                    bare = bare.replace(&format!("{{{s}}}"), " ");
                }
                let said: Vec<&str> = bare.split(|c: char| !c.is_alphanumeric()).collect();
                for e in english {
                    assert!(
                        !said.contains(&e),
                        "{code}: {k} = '{text}' still has the English '{e}'"
                    );
                }
            }
        }
    }

    #[test]
    fn slots_are_filled() {
        let de = PageWords::get("de").unwrap();
        assert_eq!(de.text("to_move", &[("side", "Schwarz")]), "Schwarz am Zug");
        assert_eq!(de.text("no_such_key", &[]), "[no_such_key]");
        assert_eq!(slots("a {x} b {y_z} {\"text\"}"), ["x", "y_z"]);
    }
}
