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
    /// A draw offer heard by voice is asked back before it is said to the
    /// game (9.1.2: it cannot be taken back).
    pub draw_offer_confirm: String,
    /// He did not confirm it: no draw was offered.
    pub draw_offer_kept: String,
    /// An acceptance of the opponent's draw offer heard by voice is asked
    /// back before it is said to the game, as a resignation is.
    pub draw_accept_confirm: String,
    /// So is a refusal of the offer (misheard, the offer would be lost).
    pub draw_decline_confirm: String,
    /// He did not confirm his answer: the offer still stands.
    pub draw_kept: String,
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
    /// Folded phrase words spelled out for the synthesiser (and for
    /// Whisper): `spoken` in voice.toml, then every other folded word as
    /// the language's own locale files write it ([`spellings`]).
    #[serde(default)]
    pub spoken: HashMap<String, String>,
    pub say: Sentences,
}

/// The written form of every folded word of a language's vocabulary, read
/// from its locale files (notation, voice, command and request phrases;
/// not the sentences hector says): the phrasebook folds "pięć" to "piec",
/// "Skakač" to "skakac" and "Ίππος" to "ιπποσ" so that every spelling is
/// heard, but a synthesiser reading "piec" says another word, and a model
/// trained on real text finds the folded forms far less likely than what
/// was said. Where two spellings fold alike ("ja" and "ją"), the more
/// frequent one in the files is written; a word the files write as it
/// folds is left out.
fn spellings(code: &str) -> HashMap<String, String> {
    use crate::locale::{Part, fold};
    let mut texts = Vec::new();
    for part in [Part::Notation, Part::Voice, Part::Session, Part::Phrases] {
        if let Ok(Ok(toml::Value::Table(t))) =
            crate::locale::source(code, part).map(toml::from_str::<toml::Value>)
        {
            t.iter()
                .filter(|(k, _)| !["messages", "game", "say"].contains(&k.as_str()))
                .for_each(|(_, v)| strings(v, &mut texts));
        }
    }
    // Folded word → written forms, each with how often it is written.
    let mut seen: HashMap<String, Vec<(String, usize)>> = HashMap::new();
    for word in texts
        .iter()
        .flat_map(|t| t.split(|c: char| !c.is_alphabetic()))
        .filter(|w| !w.is_empty())
    {
        let lower = word.to_lowercase();
        let forms = seen.entry(fold(&lower)).or_default();
        match forms.iter_mut().find(|(f, _)| *f == lower) {
            Some((_, n)) => *n += 1,
            None => forms.push((lower, 1)),
        }
    }
    seen.into_iter()
        .filter_map(|(folded, forms)| {
            // The most frequent; the first seen on a tie.
            let best = forms.iter().map(|(_, n)| *n).max()?;
            let (form, _) = forms.into_iter().find(|(_, n)| *n == best)?;
            (form != folded).then_some((folded, form))
        })
        .collect()
}

/// Every string in a TOML value (keys and comments are not words).
fn strings(v: &toml::Value, out: &mut Vec<String>) {
    match v {
        toml::Value::String(s) => out.push(s.clone()),
        toml::Value::Array(a) => a.iter().for_each(|v| strings(v, out)),
        toml::Value::Table(t) => t.values().for_each(|v| strings(v, out)),
        _ => {}
    }
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
                    let mut w = Wording::parse(c, source(c).expect("listed"))
                        .expect("built-in wording is pinned by tests");
                    for (folded, written) in spellings(c) {
                        w.spoken.entry(folded).or_insert(written);
                    }
                    w
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

    #[test]
    fn a_heard_phrase_is_said_back_as_its_language_writes_it() {
        let pos = Chess::default();
        let say = |code: &str, heard: &str| {
            Wording::get(code)
                .unwrap()
                .render(&Prompt::NoMove(heard.into()), &pos)
        };
        // "piec" is a stove; the rank is "pięć".
        let pl = say("pl", "skoczek gustaw piec");
        assert!(pl.contains("koczek gustaw pięć:"), "{pl}");
        let el = say("el", "ιπποσ γκουσταβ πεντε");
        assert!(el.to_lowercase().contains("ίππος γκούσταβ πέντε:"), "{el}");
        // voice.toml's own spelling stands.
        let de = say("de", "laeufer felix fuenf");
        assert!(de.contains("Läufer felix fünf:"), "{de}");
    }
}
