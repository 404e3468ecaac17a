//! Choosing and opening a recogniser by name.

use super::recognizer::{Recognizer, SpeechError};
use std::path::Path;

/// The engines hector knows, the default of a build with Whisper first.
pub const ENGINES: [&str; 4] = ["both", "pocketsphinx", "whisper", "vosk"];

/// The engine hector hears with when none is named: Whisper and
/// PocketSphinx together ("both": Whisper, trained on real speech, hears
/// people; PocketSphinx gives its opinion and its verdict on talk), or
/// PocketSphinx alone in a build without Whisper.
pub const DEFAULT: &str = if cfg!(feature = "whisper") {
    "both"
} else {
    "pocketsphinx"
};

/// Why hector hears with another engine than its default.
#[derive(Debug, Clone, PartialEq)]
pub enum Fallback {
    /// The Whisper model is not where hector looks for it (`./setup.sh`
    /// fetches it): PocketSphinx alone hears.
    NoWhisperModel { dir: String },
}

impl Fallback {
    /// The sentence for the player, in his language (`locale`): what
    /// happened and what to run.
    pub fn sentence(&self, locale: &str) -> String {
        match self {
            Fallback::NoWhisperModel { dir } => {
                crate::locale::messages::sentence(
                    locale,
                    "voice_no_whisper_model",
                    &[
                        ("engine", "Whisper"),
                        ("file", dir),
                        ("fallback", "PocketSphinx"),
                        ("command", "./setup.sh"),
                    ],
                )
                    .unwrap_or_else(|| {
                        format!(
                            "The Whisper model is missing ({dir}): hector hears with PocketSphinx alone. Run ./setup.sh to fetch it."
                        )
                    })
            }
        }
    }
}

/// The variable the lab writes other moves before each utterance with
/// for Whisper, in language `lang` (`HECTOR_WHISPER_PROMPT_EN` …: phrases
/// separated by commas).
pub fn whisper_prompt_var(lang: &str) -> String {
    format!("HECTOR_WHISPER_PROMPT_{}", lang.to_uppercase())
}

/// Opens the engine `name`, or without a name the default ([`DEFAULT`]).
/// When neither an engine nor a model was named and the default's Whisper
/// model is missing, PocketSphinx alone hears and the [`Fallback`] says
/// why, for the player; a named engine or model that cannot open is an
/// error.
pub fn open_chosen(
    name: Option<&str>,
    model: Option<&Path>,
) -> Result<(Box<dyn Recognizer>, Option<Fallback>), SpeechError> {
    if name.is_some() || model.is_some() {
        return Ok((open(name.unwrap_or(DEFAULT), model)?, None));
    }
    #[cfg(feature = "whisper")]
    {
        let dir = super::whisper::model_dir(model);
        if !dir.join("model.safetensors").exists() {
            let why = Fallback::NoWhisperModel {
                dir: dir.display().to_string(),
            };
            return Ok((open_pocketsphinx(None)?, Some(why)));
        }
    }
    Ok((open(DEFAULT, model)?, None))
}

/// Opens the engine `name` with an optional model path (PocketSphinx: an
/// acoustic model directory; Vosk: a model directory, else `$VOSK_MODEL`;
/// Whisper: the folder models/whisper/convert.py wrote, else
/// `$HECTOR_WHISPER_MODEL`, else the one `./setup.sh --whisper` made).
pub fn open(name: &str, model: Option<&Path>) -> Result<Box<dyn Recognizer>, SpeechError> {
    match name {
        "pocketsphinx" => open_pocketsphinx(model),
        "vosk" => open_vosk(model),
        "whisper" => open_whisper(model),
        // PocketSphinx (its default model) and Whisper (`model`) together.
        "both" => open_both(model),
        other => Err(SpeechError::Model {
            path: other.to_string(),
            why: format!("unknown engine; choose one of {}", ENGINES.join(", ")),
        }),
    }
}

/// As [`open`], but Whisper returns its lists before it rejects talk by
/// its free transcript (the lab tunes that rejection on the lists).
pub fn open_unjudged(name: &str, model: Option<&Path>) -> Result<Box<dyn Recognizer>, SpeechError> {
    #[cfg(feature = "whisper")]
    if name == "whisper" {
        let mut w = super::whisper::Whisper::open(model)?;
        w.weights.reject = f32::INFINITY;
        return Ok(Box::new(w));
    }
    open(name, model)
}

#[cfg(feature = "pocketsphinx")]
fn open_pocketsphinx(model: Option<&Path>) -> Result<Box<dyn Recognizer>, SpeechError> {
    use super::pocketsphinx::{PocketSphinx, default_dict};
    // The default is the Debian model with hector's adaptation loaded over
    // it: the model `hector enrol` computes a player's transform for.
    Ok(Box::new(match model {
        None => PocketSphinx::with_defaults()?,
        Some(hmm) => PocketSphinx::new(hmm, &default_dict())?,
    }))
}

#[cfg(not(feature = "pocketsphinx"))]
fn open_pocketsphinx(_model: Option<&Path>) -> Result<Box<dyn Recognizer>, SpeechError> {
    Err(SpeechError::NotBuilt("pocketsphinx"))
}

#[cfg(feature = "vosk")]
fn open_vosk(model: Option<&Path>) -> Result<Box<dyn Recognizer>, SpeechError> {
    Ok(Box::new(super::vosk::Vosk::open(model)?))
}

#[cfg(not(feature = "vosk"))]
fn open_vosk(_model: Option<&Path>) -> Result<Box<dyn Recognizer>, SpeechError> {
    Err(SpeechError::NotBuilt("vosk"))
}

#[cfg(feature = "whisper")]
fn open_whisper(model: Option<&Path>) -> Result<Box<dyn Recognizer>, SpeechError> {
    Ok(Box::new(super::whisper::Whisper::open(model)?))
}

#[cfg(not(feature = "whisper"))]
fn open_whisper(_model: Option<&Path>) -> Result<Box<dyn Recognizer>, SpeechError> {
    Err(SpeechError::NotBuilt("whisper"))
}

#[cfg(all(feature = "whisper", feature = "pocketsphinx"))]
fn open_both(model: Option<&Path>) -> Result<Box<dyn Recognizer>, SpeechError> {
    use super::whisper::both;
    let mut w = super::whisper::Whisper::open(model)?;
    // Inside the pair, Whisper weighs "something else" as the pair's
    // folds chose (HECTOR_WHISPER_WEIGHTS still rules); its transcript
    // counts only through the pair's gate (both::combine).
    if std::env::var_os("HECTOR_WHISPER_WEIGHTS").is_none() {
        w.weights.reject = f32::INFINITY;
        w.weights.other_margin = both::MARGIN;
    }
    // Moves written before each utterance (HECTOR_WHISPER_PROMPT still
    // rules: Whisper::open read it).
    if std::env::var_os("HECTOR_WHISPER_PROMPT").is_none() {
        w.set_prompted(both::PROMPTED);
    }
    let ps = super::pocketsphinx::PocketSphinx::with_defaults()?;
    Ok(Box::new(both::Both::new(Box::new(ps), Box::new(w))))
}

#[cfg(not(feature = "whisper"))]
fn open_both(_model: Option<&Path>) -> Result<Box<dyn Recognizer>, SpeechError> {
    Err(SpeechError::NotBuilt("whisper"))
}

#[cfg(all(feature = "whisper", not(feature = "pocketsphinx")))]
fn open_both(_model: Option<&Path>) -> Result<Box<dyn Recognizer>, SpeechError> {
    Err(SpeechError::NotBuilt("pocketsphinx"))
}
