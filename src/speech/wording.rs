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

/// Sentences of one language; `{move}`, `{count}`, `{list}`, … are filled in.
#[derive(Debug, Clone, Deserialize)]
pub struct Sentences {
    pub read_back: String,
    pub announce: String,
    pub choice: String,
    pub choice_item: String,
    pub choice_sep: String,
    pub promotion: String,
    pub or: String,
    pub nothing_heard: String,
    pub not_legal: String,
    pub cancelled: String,
    pub stands: String,
    pub out_of_range: String,
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

    /// The sentence for `prompt` in position `pos` (before the move).
    pub fn render(&self, prompt: &Prompt, pos: &Chess) -> String {
        let s = &self.say;
        let text = match prompt {
            Prompt::ReadBack(m) => s.read_back.replace("{move}", &self.move_text(pos, *m)),
            Prompt::Announce(m) => s.announce.replace("{move}", &self.move_text(pos, *m)),
            Prompt::Stands(m) => s.stands.replace("{move}", &self.move_text(pos, *m)),
            Prompt::Choice(ms) => {
                let list = ms
                    .iter()
                    .enumerate()
                    .map(|(i, m)| {
                        s.choice_item
                            .replace("{number}", &self.numbers[i])
                            .replace("{move}", &self.move_text(pos, *m))
                    })
                    .collect::<Vec<_>>()
                    .join(&s.choice_sep);
                let count = self
                    .numbers
                    .get(ms.len().saturating_sub(1))
                    .cloned()
                    .unwrap_or_else(|| ms.len().to_string());
                s.choice
                    .replace("{count}", &self.spoken(&count))
                    .replace("{list}", &list)
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
                s.promotion
                    .replace("{move}", &mv)
                    .replace("{pieces}", &pieces)
            }
            Prompt::NoMove(heard) if heard.is_empty() => s.nothing_heard.clone(),
            Prompt::NoMove(heard) => s.not_legal.replace("{heard}", &self.spoken(heard)),
            Prompt::Cancelled => s.cancelled.clone(),
            Prompt::OutOfRange(max) => s.out_of_range.replace(
                "{max}",
                &self.spoken(self.numbers.get(max.saturating_sub(1)).map_or("", |v| v)),
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
