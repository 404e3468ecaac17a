//! Braille: cells, the chess Braille code, Braille scoresheets (BRF and
//! Unicode), refreshable display drivers and Braille keyboard input.
//!
//! FIDE Laws 2023, D.2.7: the visually disabled player keeps score in
//! Braille (or longhand, or on a recording device).

pub mod baum;
pub mod brf;
pub mod brlapi;
pub mod cell;
pub mod code;
pub mod display;
pub mod driver;
pub mod input;
pub mod scoresheet;

pub use cell::Cell;

/// What can go wrong in the Braille part of hector.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum BrailleError {
    #[error("'{0}' is not a Braille cell written as dot numbers 1 to 8.")]
    BadDots(String),
    #[error("'{0}' is not a Unicode Braille character.")]
    NotBraille(char),
    #[error("'{0}' has no six-dot Braille cell in BRF (North American ASCII Braille).")]
    NotBrf(char),
    #[error("The cell with dots {0} uses dot 7 or 8, which BRF cannot hold.")]
    EightDot(String),
    #[error("The Braille chess table is damaged: {0}")]
    Table(String),
    #[error("No Braille chess table for locale '{0}'.")]
    UnknownLocale(String),
    #[error("'{0}' is not a legal move here.")]
    IllegalMove(String),
    #[error("The game could not be read: {0}")]
    Pgn(String),
    #[error("Unknown Braille device '{0}'. Use terminal, baum:PATH or brlapi[:HOST:PORT].")]
    UnknownDevice(String),
    #[error("The Braille display could not be reached: {0}")]
    Io(String),
    #[error("The Braille display answered in a way hector does not understand: {0}")]
    Protocol(String),
    #[error("The Braille display did not answer in time.")]
    Timeout,
    /// Nothing came back from the port when hector asked who is there.
    #[error(
        "No Baum display answered on {0}. Is it switched on, connected to that port and set to the Baum protocol?"
    )]
    NoAnswer(String),
}

impl From<std::io::Error> for BrailleError {
    fn from(e: std::io::Error) -> Self {
        if e.kind() == std::io::ErrorKind::TimedOut {
            BrailleError::Timeout
        } else {
            BrailleError::Io(e.to_string())
        }
    }
}
