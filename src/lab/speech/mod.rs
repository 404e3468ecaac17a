//! The recogniser measured: generated sets of spoken moves ([`generate`]),
//! the benchmarks on them ([`bench`], [`silence`], [`live`]) and the
//! committed fixture recordings ([`fixtures`]); `hector-lab listen --bench`
//! and `--generate` run them.

pub mod bench;
pub mod fixtures;
pub mod generate;
pub mod live;
pub mod lovo;
pub mod silence;
pub mod start;

// The speech parts, as the files here name them.
use crate::speech::{audio, enrol, listener, moves, recognizer, settle, speaker, vad};
