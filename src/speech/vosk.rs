//! Vosk (the `vosk` feature): a Kaldi recogniser with a runtime grammar of
//! the legal-move phrases. libvosk.so comes from the PyPI `vosk` wheel
//! (setup.sh); models live under models/vosk/ or wherever `--model` or
//! `VOSK_MODEL` points (vosk-model-small-de-0.15, vosk-model-small-en-us-0.15).
//!
//! Vosk turns the phrase list into a bigram model, so results can fall
//! outside it: callers always match them against the legal moves. A word the
//! model does not know would be dropped silently, so every grammar word is
//! checked against the model first and the missing ones are reported.

use super::recognizer::{Hypothesis, Recognizer, SpeechError};
use std::path::{Path, PathBuf};

/// Where models are looked for when neither `--model` nor `VOSK_MODEL` is given.
pub fn models_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("models/vosk")
}

/// The model path: `model`, else `$VOSK_MODEL`, else the first directory
/// under models/vosk/.
pub fn model_path(model: Option<&Path>) -> Result<PathBuf, SpeechError> {
    if let Some(m) = model {
        return Ok(m.to_path_buf());
    }
    if let Some(m) = std::env::var_os("VOSK_MODEL") {
        return Ok(PathBuf::from(m));
    }
    let dir = models_dir();
    let mut found: Vec<PathBuf> = std::fs::read_dir(&dir)
        .map(|rd| {
            rd.filter_map(|e| e.ok())
                .map(|e| e.path())
                .filter(|p| p.is_dir())
                .collect()
        })
        .unwrap_or_default();
    found.sort();
    found.into_iter().next().ok_or_else(|| SpeechError::Model {
        path: dir.display().to_string(),
        why: "there is no Vosk model here; download vosk-model-small-de-0.15 (or \
              -small-en-us-0.15), unpack it into models/vosk/, or point VOSK_MODEL or \
              --model at it"
            .into(),
    })
}

/// A Vosk model with a recogniser for the current phrases.
pub struct Vosk {
    model: vosk::Model,
    rec: Option<vosk::Recognizer>,
    path: PathBuf,
    missing: Vec<String>,
}

impl Vosk {
    /// Loads the model (see [`model_path`]). A missing or broken model is a
    /// clear error, never an abort.
    pub fn open(model: Option<&Path>) -> Result<Vosk, SpeechError> {
        let path = model_path(model)?;
        let bad = |why: &str| SpeechError::Model {
            path: path.display().to_string(),
            why: why.to_string(),
        };
        if !path.is_dir() {
            return Err(bad("there is no such directory"));
        }
        if !path.join("am").is_dir() && !path.join("final.mdl").exists() {
            return Err(bad("this is not a Vosk model (no am/ directory)"));
        }
        vosk::set_log_level(vosk::LogLevel::Error);
        let m = vosk::Model::new(path.to_string_lossy().to_string())
            .ok_or_else(|| bad("Vosk could not load it (the model is broken or incomplete)"))?;
        Ok(Vosk {
            model: m,
            rec: None,
            path,
            missing: Vec::new(),
        })
    }

    /// The model directory in use.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Words of `words` the model's vocabulary lacks.
    pub fn lacking<'a>(&mut self, words: impl IntoIterator<Item = &'a str>) -> Vec<String> {
        words
            .into_iter()
            .filter(|w| self.model.find_word(w).is_none())
            .map(str::to_string)
            .collect()
    }

    /// The words of the last grammar that the model lacks (their phrases
    /// were left out).
    pub fn missing(&self) -> &[String] {
        &self.missing
    }
}

impl Recognizer for Vosk {
    fn set_phrases(&mut self, phrases: &[String]) -> Result<(), SpeechError> {
        // Refuse what Vosk would mangle (it does not escape quotes).
        super::grammar::jsgf(phrases)?;
        let words = super::grammar::words(phrases);
        self.missing = self.lacking(words.iter().map(String::as_str));
        let kept: Vec<&String> = phrases
            .iter()
            .filter(|p| {
                p.split_whitespace()
                    .all(|w| !self.missing.contains(&w.to_string()))
            })
            .collect();
        if kept.is_empty() {
            return Err(SpeechError::Grammar(format!(
                "the Vosk model at {} lacks these words, so no phrase is left: {}",
                self.path.display(),
                self.missing.join(", ")
            )));
        }
        let mut rec = vosk::Recognizer::new_with_grammar(&self.model, 16_000.0, &kept)
            .ok_or_else(|| SpeechError::Grammar("Vosk refused the grammar".into()))?;
        rec.set_max_alternatives(5);
        self.rec = Some(rec);
        Ok(())
    }

    fn begin(&mut self) -> Result<(), SpeechError> {
        let rec = self
            .rec
            .as_mut()
            .ok_or_else(|| SpeechError::Grammar("no grammar has been set".into()))?;
        rec.reset();
        Ok(())
    }

    fn feed(&mut self, samples: &[i16]) -> Result<(), SpeechError> {
        let rec = self
            .rec
            .as_mut()
            .ok_or_else(|| SpeechError::Grammar("no grammar has been set".into()))?;
        rec.accept_waveform(samples)
            .map_err(|e| SpeechError::Decode(format!("{e:?}")))?;
        Ok(())
    }

    fn finish(&mut self) -> Result<Vec<Hypothesis>, SpeechError> {
        let rec = self
            .rec
            .as_mut()
            .ok_or_else(|| SpeechError::Grammar("no grammar has been set".into()))?;
        let alts: Vec<(String, f32)> = match rec.final_result() {
            vosk::CompleteResult::Multiple(m) => m
                .alternatives
                .iter()
                .map(|a| (a.text.to_string(), a.confidence))
                .collect(),
            vosk::CompleteResult::Single(s) => vec![(s.text.to_string(), 1.0)],
        };
        Ok(normalise(alts))
    }

    fn missing_words(&self) -> Vec<String> {
        self.missing.clone()
    }

    fn name(&self) -> &'static str {
        "vosk"
    }
}

/// Vosk's alternative scores are log-likelihood-like; a softmax turns them
/// into confidences. Empty texts and `[unk]` are dropped.
fn normalise(alts: Vec<(String, f32)>) -> Vec<Hypothesis> {
    let alts: Vec<(String, f32)> = alts
        .into_iter()
        .map(|(t, c)| {
            let t = t
                .split_whitespace()
                .filter(|w| *w != "[unk]")
                .collect::<Vec<_>>()
                .join(" ");
            (t, c)
        })
        .filter(|(t, _)| !t.is_empty())
        .collect();
    let best = alts.iter().map(|a| a.1).fold(f32::MIN, f32::max);
    let w: Vec<f32> = alts.iter().map(|a| (a.1 - best).exp()).collect();
    let total: f32 = w.iter().sum();
    let mut out: Vec<Hypothesis> = Vec::new();
    for ((t, _), w) in alts.into_iter().zip(w) {
        match out.iter_mut().find(|h| h.text == t) {
            Some(h) => h.confidence += w / total,
            None => out.push(Hypothesis {
                text: t,
                confidence: w / total,
            }),
        }
    }
    out.sort_by(|a, b| b.confidence.total_cmp(&a.confidence));
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn alternatives_become_confidences() {
        let h = normalise(vec![
            ("springer felix drei".into(), 200.0),
            ("springer felix drei [unk]".into(), 199.0),
            ("[unk]".into(), 150.0),
            ("springer cesar drei".into(), 195.0),
        ]);
        assert_eq!(h[0].text, "springer felix drei");
        assert!(h[0].confidence > 0.9 && h[0].confidence <= 1.0);
        assert_eq!(h.len(), 2);
    }
}
