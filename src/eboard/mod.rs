//! Electronic boards: the sighted player's board watched through its
//! serial protocol (DGT), so that hector sees each move as it is made and
//! notices when the board differs (FIDE Laws 2023, D.2.9).
//!
//! DGT states that its protocol may not be used commercially without its
//! permission.

pub mod driver;
pub mod infer;
pub mod protocol;

pub use driver::{DgtBoard, WatchEvent, Watcher};
pub use infer::{Event, Follower, Seen, classify};
pub use protocol::{Decoder, Message};

/// What can go wrong with an electronic board.
#[derive(Debug, thiserror::Error)]
pub enum EboardError {
    /// The device cannot be opened.
    #[error("Cannot open the board at '{path}': {reason}.")]
    Open { path: String, reason: String },
    /// Reading or writing failed (the board was unplugged?).
    #[error("The board at '{path}' stopped answering: {reason}.")]
    Io { path: String, reason: String },
    /// The board did not send what was asked for in time.
    #[error("The board at '{path}' sent no {what} within {ms} ms.")]
    Timeout { path: String, what: String, ms: u64 },
    /// A `--device` value hector does not understand.
    #[error("Unknown device '{0}': use dgt:PATH, e.g. dgt:/dev/ttyUSB0.")]
    BadDevice(String),
}
