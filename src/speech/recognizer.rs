//! The recogniser trait every speech engine implements.

use thiserror::Error;

/// The text of a hypothesis that is none of the phrases: the recogniser's
/// path for anything else (talk, coughs, noise) won.
pub const OTHER: &str = "<other>";

/// One thing the recogniser may have heard, with its confidence in 0.0–1.0.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct Hypothesis {
    /// The words heard, lowercase, separated by single spaces.
    pub text: String,
    /// How sure the engine is, 0.0 (guess) to 1.0 (certain): the posterior
    /// among the n-best list where the engine has scores.
    pub confidence: f32,
}

/// Why a speech engine could not do its work.
#[derive(Debug, Error)]
pub enum SpeechError {
    #[error("The speech model could not be loaded from {path}: {why}")]
    Model { path: String, why: String },
    #[error("The grammar could not be set: {0}")]
    Grammar(String),
    #[error("The speech engine failed while decoding: {0}")]
    Decode(String),
    #[error("The audio could not be read: {0}")]
    Audio(String),
    #[error("This hector was built without the {0} speech engine.")]
    NotBuilt(&'static str),
    /// The decision was given up because the player spoke on
    /// ([`Recognizer::set_interrupt`]); the utterance is heard again.
    #[error("The decision was given up: the player spoke on.")]
    Interrupted,
}

/// Asked while an engine decides: `true` when the decision is no longer
/// wanted (the player spoke on after the pause it was worked out at).
pub type Interrupt = std::sync::Arc<dyn Fn() -> bool + Send + Sync>;

/// A speech recogniser listening for a fixed set of phrases.
///
/// Audio is 16 kHz, mono, signed 16-bit samples. Engines may return text
/// outside the phrase list (Vosk builds a bigram model from it), so callers
/// always match hypotheses against the legal moves.
pub trait Recognizer {
    /// Restricts listening to these phrases (words lowercase, space separated).
    /// Called at every move with the new position's legal-move phrases.
    fn set_phrases(&mut self, phrases: &[String]) -> Result<(), SpeechError>;
    /// The language the phrases are in (a locale code: de, en, pl, sr,
    /// el), for engines whose model hears many; the others ignore it.
    fn set_language(&mut self, code: &str) {
        let _ = code;
    }
    /// Starts an utterance (streaming use: `begin`, `feed`…, `finish`).
    fn begin(&mut self) -> Result<(), SpeechError>;
    /// Gives the next chunk of audio of the current utterance.
    fn feed(&mut self, samples: &[i16]) -> Result<(), SpeechError>;
    /// Streaming: starts an utterance with `samples` already heard (one
    /// begun again from its start).
    fn begin_with(&mut self, samples: &[i16]) -> Result<(), SpeechError> {
        self.begin()?;
        self.feed(samples)
    }
    /// Ends the utterance; best hypothesis first. An empty vector means
    /// nothing was heard.
    fn finish(&mut self) -> Result<Vec<Hypothesis>, SpeechError>;
    /// What each phrase means (the grammar the phrases came from), for an
    /// engine that decides between two recognisers ([`super::engine`]'s
    /// "both"); the others ignore it.
    fn set_meanings(&mut self, grammar: &super::listener::Grammar) {
        let _ = grammar;
    }
    /// Streaming: the phrase the best path spells so far, if it is one of
    /// the phrases ([`OTHER`] when the path for anything else leads). Used
    /// to end an utterance sooner once a whole phrase has been said.
    fn partial(&mut self) -> Option<String> {
        None
    }
    /// While [`Recognizer::finish`] works, `stop` is asked now and then;
    /// when it says so the engine gives the decision up
    /// ([`SpeechError::Interrupted`]) and must be begun again. An engine
    /// that cannot stop midway (PocketSphinx, Vosk: their decisions are
    /// quick) ignores it. `None`: never given up.
    fn set_interrupt(&mut self, stop: Option<Interrupt>) {
        let _ = stop;
    }
    /// Decodes one whole utterance at once.
    fn recognize(&mut self, samples: &[i16]) -> Result<Vec<Hypothesis>, SpeechError> {
        self.begin()?;
        self.feed(samples)?;
        self.finish()
    }
    /// Words of the last phrase list the engine cannot hear (their phrases
    /// were left out of the grammar).
    fn missing_words(&self) -> Vec<String> {
        Vec::new()
    }
    /// What the engine would have written itself for the last utterance
    /// (a free transcript, for engines that make one: Whisper), for the
    /// lab's measurements.
    fn transcript(&self) -> Option<String> {
        None
    }
    /// Whether the engine's own transcript of the next utterance will be
    /// used ([`Recognizer::far`]); an engine that makes one may spare the
    /// work when it is not (`--engine both` asks for it only when
    /// PocketSphinx heard no chess, the only time it counts).
    fn set_transcribe(&mut self, on: bool) {
        let _ = on;
    }
    /// Writes the engine's own transcript of the last utterance now, when
    /// [`Recognizer::set_transcribe`] had spared it (`--engine both` hears
    /// with both engines at once and learns only afterwards whether
    /// PocketSphinx heard chess).
    fn transcribe_last(&mut self) -> Result<(), SpeechError> {
        Ok(())
    }
    /// How far the engine's own transcript of the last utterance lay from
    /// the nearest phrase of its list (0–1, [`super::transcript::distance`];
    /// Whisper): talk is written as talk.
    fn far(&self) -> Option<f32> {
        None
    }
    /// The engine's name, for messages and JSON output.
    fn name(&self) -> &'static str;
    /// The thresholds its posteriors are decided with (PocketSphinx's and
    /// Vosk's: the defaults).
    fn thresholds(&self) -> super::listener::Thresholds {
        super::listener::Thresholds::default()
    }
    /// Adapts the acoustic model to one player with the transform his
    /// enrolment gave (`hector enrol`, [`super::enrol`]).
    fn adapt(&mut self, transform: &std::path::Path) -> Result<(), SpeechError> {
        Err(not_adaptable(self.name(), transform))
    }
    /// Computes one player's transform for the model this recogniser
    /// decodes with, from his recordings of the enrolment script
    /// (`(audio, words)` pairs, 16 kHz mono), and writes it to `out`.
    fn enrol(
        &self,
        utterances: &[(Vec<i16>, String)],
        out: &std::path::Path,
    ) -> Result<(), SpeechError> {
        let _ = utterances;
        Err(not_adaptable(self.name(), out))
    }
}

/// Ends the utterance as [`Recognizer::finish`] does, unless `stop` says
/// meanwhile that the decision is no longer wanted
/// ([`SpeechError::Interrupted`]: the utterance must be begun again).
pub fn finish_unless(
    rec: &mut dyn Recognizer,
    stop: Interrupt,
) -> Result<Vec<Hypothesis>, SpeechError> {
    rec.set_interrupt(Some(stop));
    let h = rec.finish();
    rec.set_interrupt(None);
    h
}

/// The sentence for an engine that has no per-player adaptation.
fn not_adaptable(engine: &str, path: &std::path::Path) -> SpeechError {
    SpeechError::Model {
        path: path.display().to_string(),
        why: format!("the {engine} recogniser cannot be adapted to a player"),
    }
}

/// The mean of two n-best lists (a phrase missing from one list has
/// posterior 0 there), best first.
pub fn average(a: &[Hypothesis], b: &[Hypothesis]) -> Vec<Hypothesis> {
    let mut out: Vec<Hypothesis> = Vec::new();
    for (list, other_empty) in [(a, b.is_empty()), (b, a.is_empty())] {
        // An engine that heard nothing at all does not halve the other.
        let w = if other_empty { 1.0 } else { 0.5 };
        for h in list {
            match out.iter_mut().find(|o| o.text == h.text) {
                Some(o) => o.confidence += w * h.confidence,
                None => out.push(Hypothesis {
                    text: h.text.clone(),
                    confidence: w * h.confidence,
                }),
            }
        }
    }
    out.sort_by(|x, y| y.confidence.total_cmp(&x.confidence));
    out
}
