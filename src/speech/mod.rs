//! Speech: recognisers, audio sources, speakers and the read-back protocol
//! (FIDE Laws 2023, D.2.1–D.2.8).
//!
//! The recognisers listen with a grammar made of the phrases of the current
//! position's legal moves only; their hypotheses are always settled against
//! the legal moves ([`settle`]), never trusted as they come.

pub mod audio;
pub mod commands;
#[cfg(feature = "denoise")]
pub mod denoise;
pub mod dict;
#[cfg(feature = "tts")]
pub mod dispatcher;
pub mod engine;
pub mod enrol;
pub mod grammar;
pub mod listener;
#[cfg(feature = "mic")]
pub mod mic;
pub mod moves;
#[cfg(feature = "pocketsphinx")]
pub mod pocketsphinx;
pub mod readback;
pub mod recognizer;
pub mod settle;
pub mod speaker;
pub mod transcript;
pub mod utterance;
pub mod vad;
#[cfg(feature = "vosk")]
pub mod vosk;
#[cfg(feature = "whisper")]
pub mod whisper;
pub mod wording;

pub use recognizer::{Hypothesis, Recognizer, SpeechError};
