//! The spoken wording of the read-back protocol, per language, from
//! locales/<lang>/voice.toml; and the answer words (yes, no, numbers,
//! pieces) turned into protocol events.

use super::moves;
use super::readback::{Event, Prompt};
use serde::Deserialize;
use shakmaty::{Chess, Move, Role};
use std::collections::HashMap;
use std::sync::OnceLock;

/// The languages with a voice wording file.
pub use crate::locale::CODES as LOCALES;

fn source(code: &str) -> Option<&'static str> {
    crate::locale::source(code, crate::locale::Part::Voice).ok()
}

/// The sentences of one language without variables; the ones with
/// variables (`say-read_back`, `say-choice` …) are Fluent messages in
/// messages.ftl, where a number of choices chooses its plural form.
#[derive(Debug, Clone, Deserialize)]
pub struct Sentences {
    pub choice_sep: String,
    pub or: String,
    pub nothing_heard: String,
    pub cancelled: String,
    pub nothing_to_confirm: String,
    /// A resignation heard by voice is asked back before it is said to
    /// the game (a misheard word must never end it).
    pub resign_confirm: String,
    /// He did not confirm it: the game goes on.
    pub resign_kept: String,
}

/// The voice wording of one language.
#[derive(Debug, Clone, Deserialize)]
pub struct Wording {
    #[serde(skip)]
    pub locale: String,
    pub yes: Vec<String>,
    pub no: Vec<String>,
    /// one … eight, as spoken and as answers to a numbered choice.
    pub numbers: Vec<String>,
    /// queen, rook, bishop, knight, as spoken in the promotion question.
    pub pieces: Vec<String>,
    /// Folded phrase words spelled out for the synthesiser.
    #[serde(default)]
    pub spoken: HashMap<String, String>,
    pub say: Sentences,
}

/// Why a wording could not be had.
#[derive(Debug, thiserror::Error)]
pub enum WordingError {
    #[error("There is no voice wording for the language '{0}'.")]
    Unknown(String),
    #[error("locales/{0}/voice.toml is malformed: {1}")]
    Malformed(String, String),
}

const PROMOTION_ROLES: [Role; 4] = [Role::Queen, Role::Rook, Role::Bishop, Role::Knight];

impl Wording {
    /// Parses a wording file (the built-in ones through [`Wording::get`]).
    pub fn parse(code: &str, text: &str) -> Result<Wording, WordingError> {
        let mut w: Wording = toml::from_str(text)
            .map_err(|e| WordingError::Malformed(code.into(), e.to_string()))?;
        if w.numbers.len() < super::readback::MAX_CHOICES || w.pieces.len() != 4 {
            return Err(WordingError::Malformed(
                code.into(),
                "it needs eight numbers and four promotion pieces".into(),
            ));
        }
        w.locale = code.to_string();
        Ok(w)
    }

    /// The built-in wording of `code` (de, en, pl, sr, el).
    pub fn get(code: &str) -> Result<&'static Wording, WordingError> {
        static ALL: OnceLock<Vec<Wording>> = OnceLock::new();
        let all = ALL.get_or_init(|| {
            LOCALES
                .iter()
                .map(|c| {
                    Wording::parse(c, source(c).expect("listed"))
                        .expect("built-in wording is pinned by tests")
                })
                .collect()
        });
        all.iter()
            .find(|w| w.locale == code)
            .ok_or_else(|| WordingError::Unknown(code.to_string()))
    }

    /// A phrase as the synthesiser should say it (folded words spelled out).
    pub fn spoken(&self, phrase: &str) -> String {
        phrase
            .split_whitespace()
            .map(|w| self.spoken.get(w).map(String::as_str).unwrap_or(w))
            .collect::<Vec<_>>()
            .join(" ")
    }

    fn move_text(&self, pos: &Chess, m: Move) -> String {
        capitalise(&self.spoken(&moves::say(pos, m, &self.locale)))
    }

    /// The Fluent message `say-<key>` of this language with its variables.
    fn say(&self, key: &str, args: &[(&str, &str)]) -> String {
        crate::locale::messages::sentence(&self.locale, &format!("say-{key}"), args)
            .unwrap_or_else(|| format!("[say-{key}]"))
    }

    /// The sentence for `prompt` in position `pos` (before the move).
    pub fn render(&self, prompt: &Prompt, pos: &Chess) -> String {
        let s = &self.say;
        let text = match prompt {
            Prompt::ReadBack(m) => self.say("read_back", &[("move", &self.move_text(pos, *m))]),
            Prompt::Announce(m) => self.say("announce", &[("move", &self.move_text(pos, *m))]),
            Prompt::Stands(m) => self.say("stands", &[("move", &self.move_text(pos, *m))]),
            Prompt::Choice(ms) => {
                let list = ms
                    .iter()
                    .enumerate()
                    .map(|(i, m)| {
                        self.say(
                            "choice_item",
                            &[
                                ("number", &self.numbers[i]),
                                ("move", &self.move_text(pos, *m)),
                            ],
                        )
                    })
                    .collect::<Vec<_>>()
                    .join(&s.choice_sep);
                let words = self
                    .numbers
                    .get(ms.len().saturating_sub(1))
                    .cloned()
                    .unwrap_or_else(|| ms.len().to_string());
                // The number chooses the plural form (and the word where
                // it agrees with the noun: "dwie możliwości").
                self.say(
                    "choice",
                    &[
                        ("count", &ms.len().to_string()),
                        ("words", &self.spoken(&words)),
                        ("list", &list),
                    ],
                )
            }
            Prompt::Promotion(ms) => {
                let (last, rest) = self.pieces.split_last().expect("four pieces");
                let pieces = format!("{} {} {last}", rest.join(", "), s.or);
                // The move without its piece: the long phrase minus its last word.
                let m = ms.first().copied();
                let mv = m
                    .map(|m| {
                        let t = self.move_text(pos, m);
                        match t.rsplit_once(' ') {
                            Some((head, _)) => head.to_string(),
                            None => t,
                        }
                    })
                    .unwrap_or_default();
                self.say("promotion", &[("move", &mv), ("pieces", &pieces)])
            }
            Prompt::NoMove(heard) if heard.is_empty() => s.nothing_heard.clone(),
            Prompt::NoMove(heard) => self.say("not_legal", &[("heard", &self.spoken(heard))]),
            Prompt::Cancelled => s.cancelled.clone(),
            Prompt::OutOfRange(max) => self.say(
                "out_of_range",
                &[(
                    "max",
                    &self.spoken(self.numbers.get(max.saturating_sub(1)).map_or("", |v| v)),
                )],
            ),
            Prompt::NothingToConfirm => s.nothing_to_confirm.clone(),
        };
        capitalise(&text)
    }

    /// Turns an answer word (yes, no, a number, a piece) into an event.
    /// Anything else is `None`: it is a move phrase for the phrasebook.
    pub fn answer(&self, text: &str) -> Option<Event> {
        let t = moves::folded(text);
        let is = |w: &String| moves::folded(w) == t;
        if self.yes.iter().any(is) {
            return Some(Event::Yes);
        }
        if self.no.iter().any(is) {
            return Some(Event::No);
        }
        if let Some(i) = self.numbers.iter().position(is) {
            return Some(Event::Number(i + 1));
        }
        for role in PROMOTION_ROLES {
            if moves::role_word(role, &self.locale) == t {
                return Some(Event::Piece(role));
            }
        }
        None
    }

    /// The answer words to add to the recogniser's grammar beside the moves.
    pub fn answer_words(&self) -> Vec<String> {
        let mut v: Vec<String> = self
            .yes
            .iter()
            .chain(&self.no)
            .chain(&self.numbers)
            .map(|w| moves::folded(w))
            .collect();
        for role in PROMOTION_ROLES {
            v.push(moves::role_word(role, &self.locale));
        }
        v.sort();
        v.dedup();
        v
    }
}

fn capitalise(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().chain(c).collect(),
        None => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_locale_parses_and_answers() {
        for code in LOCALES {
            let w = Wording::get(code).unwrap();
            assert_eq!(w.answer(&w.yes[0]), Some(Event::Yes), "{code}");
            assert_eq!(w.answer(&w.no[0]), Some(Event::No), "{code}");
            assert_eq!(w.answer(&w.numbers[1]), Some(Event::Number(2)), "{code}");
            assert_eq!(w.answer("springer felix drei"), None);
        }
        assert_eq!(
            Wording::get("de").unwrap().answer("dame"),
            Some(Event::Piece(Role::Queen))
        );
        assert!(Wording::get("xx").is_err());
        assert!(Wording::parse("de", "yes = 3").is_err());
    }
}
