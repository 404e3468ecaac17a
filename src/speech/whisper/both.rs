//! `--engine both`: PocketSphinx and Whisper hear every utterance and their
//! posteriors are averaged phrase by phrase (the listener then adds up the
//! phrases of each move). When both are sure of the same move the average
//! is too and the move is read back; when they disagree neither move
//! reaches the clear threshold and the player is asked (a numbered choice
//! or "please repeat"). The two engines fail on different speech
//! (docs/voice.md).

use super::super::recognizer::{Hypothesis, Recognizer, SpeechError};

pub struct Both {
    first: Box<dyn Recognizer>,
    second: Box<dyn Recognizer>,
}

impl Both {
    pub fn new(first: Box<dyn Recognizer>, second: Box<dyn Recognizer>) -> Both {
        Both { first, second }
    }
}

pub use super::super::recognizer::average;

impl Recognizer for Both {
    fn set_phrases(&mut self, phrases: &[String]) -> Result<(), SpeechError> {
        self.first.set_phrases(phrases)?;
        self.second.set_phrases(phrases)
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
        Ok(average(&a, &b))
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
