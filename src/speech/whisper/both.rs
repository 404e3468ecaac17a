//! `--engine both`: PocketSphinx and Whisper hear every utterance. When
//! Whisper's list decides clearly (a move, a command or an answer, under
//! the thresholds of this engine) it stands; otherwise PocketSphinx's list
//! is decided. The two engines fail on different speech: Whisper hears
//! voices unlike espeak-ng's, PocketSphinx (adapted to espeak-ng) the
//! synthetic German Whisper confuses; leave-one-voice-out chose this order
//! over averaging the two lists and over PocketSphinx first
//! (docs/voice.md). Without the grammar's meanings (a caller that only
//! sets phrases) the two lists are averaged phrase by phrase.

use super::super::listener::{Grammar, Thresholds, decide};
use super::super::recognizer::{Hypothesis, Recognizer, SpeechError};

pub struct Both {
    first: Box<dyn Recognizer>,
    second: Box<dyn Recognizer>,
    meanings: Option<Grammar>,
}

impl Both {
    pub fn new(first: Box<dyn Recognizer>, second: Box<dyn Recognizer>) -> Both {
        Both {
            first,
            second,
            meanings: None,
        }
    }
}

pub use super::super::recognizer::average;

impl Recognizer for Both {
    fn set_phrases(&mut self, phrases: &[String]) -> Result<(), SpeechError> {
        self.meanings = None;
        self.first.set_phrases(phrases)?;
        self.second.set_phrases(phrases)
    }

    fn set_meanings(&mut self, grammar: &Grammar) {
        self.meanings = Some(grammar.clone());
    }

    fn set_language(&mut self, code: &str) {
        self.first.set_language(code);
        self.second.set_language(code);
    }

    fn begin(&mut self) -> Result<(), SpeechError> {
        self.first.begin()?;
        self.second.begin()
    }

    fn feed(&mut self, samples: &[i16]) -> Result<(), SpeechError> {
        self.first.feed(samples)?;
        self.second.feed(samples)
    }

    fn finish(&mut self) -> Result<Vec<Hypothesis>, SpeechError> {
        let a = self.first.finish()?;
        let b = self.second.finish()?;
        Ok(match &self.meanings {
            Some(g) => {
                if decide(&b, g, &self.thresholds()).decision.is_clear() {
                    b
                } else {
                    a
                }
            }
            None => average(&a, &b),
        })
    }

    fn partial(&mut self) -> Option<String> {
        self.first.partial()
    }

    fn missing_words(&self) -> Vec<String> {
        self.first.missing_words()
    }

    fn name(&self) -> &'static str {
        "both"
    }

    fn thresholds(&self) -> Thresholds {
        super::THRESHOLDS
    }

    fn transcript(&self) -> Option<String> {
        self.second.transcript()
    }

    fn adapt(&mut self, transform: &std::path::Path) -> Result<(), SpeechError> {
        self.first.adapt(transform)
    }

    fn enrol(
        &self,
        utterances: &[(Vec<i16>, String)],
        out: &std::path::Path,
    ) -> Result<(), SpeechError> {
        self.first.enrol(utterances, out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn h(t: &str, c: f32) -> Hypothesis {
        Hypothesis {
            text: t.into(),
            confidence: c,
        }
    }

    #[test]
    fn agreement_stays_sure_and_disagreement_splits() {
        let agree = average(
            &[h("felix drei", 0.98), h("<other>", 0.02)],
            &[h("felix drei", 0.96)],
        );
        assert_eq!(agree[0].text, "felix drei");
        assert!(agree[0].confidence > 0.95);
        let split = average(&[h("felix drei", 0.98)], &[h("eva vier", 0.97)]);
        assert!(split.iter().all(|x| x.confidence < 0.5));
        let alone = average(&[], &[h("eva vier", 0.97)]);
        assert!((alone[0].confidence - 0.97).abs() < 1e-6);
    }
}
