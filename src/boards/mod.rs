//! Two boards, two scoresheets, and what to do when they drift apart.
//!
//! In a game with a blind player each player plays on his own board
//! (FIDE Laws 2023, D.1, D.2.1) and keeps his own scoresheet (Art. 8.1,
//! D.2.7). This module holds both scoresheets with their correction
//! histories ([`Scoresheet`]), the two boards ([`TwoBoards`]), the pure
//! D.2.9 reconciliation ([`reconcile`]) with square-by-square fix
//! guidance in the player's language ([`Fix`], [`FixWords`]), and
//! adjourned games (Guidelines I, [`adjourn`]).

pub mod adjourn;
pub mod fixes;
pub mod reconcile;
pub mod scoresheet;
pub mod sha256;
pub mod two;

pub use fixes::{Fix, FixWords, Memo, SquareStyle, square_fixes};
pub use reconcile::{ClockTimes, Decision, Reconciliation, Unreadable, reconcile};
pub use scoresheet::{Edit, Replayed, Scoresheet};
pub use two::{TwoBoards, parse_board, parse_report};

use shakmaty::Color;

/// Which player's board or scoresheet: the blind (or visually impaired)
/// player's, or the sighted opponent's.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Side {
    /// The visually disabled player's tactile board and scoresheet.
    Blind,
    /// The sighted opponent's board (perhaps an e-board) and scoresheet.
    Sighted,
}

impl Side {
    /// `blind` or `sighted`.
    pub fn name(self) -> &'static str {
        match self {
            Side::Blind => "blind",
            Side::Sighted => "sighted",
        }
    }

    /// Both sides, blind first.
    pub const BOTH: [Side; 2] = [Side::Blind, Side::Sighted];
}

/// Errors of the boards layer; each reads as a sentence.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum BoardsError {
    /// A board given as FEN placement or square list that cannot be read.
    #[error("The board '{text}' cannot be read: {reason}.")]
    BadBoard { text: String, reason: String },
    /// A start position that cannot be read.
    #[error("The start position '{fen}' cannot be used: {reason}.")]
    BadStart { fen: String, reason: String },
    /// A scoresheet entry that does not exist.
    #[error("The scoresheet has {len} half-moves; there is no half-move {ply}.")]
    NoEntry { ply: usize, len: usize },
    /// A scoresheet entry that is empty.
    #[error("A scoresheet entry cannot be empty.")]
    EmptyEntry,
    /// Wording data for a locale that is missing or broken.
    #[error("Board wording for locale '{0}': {1}")]
    Locale(String, String),
    /// An adjournment step refused, with the reason.
    #[error(transparent)]
    Adjourn(#[from] adjourn::AdjournError),
    /// A saved envelope that cannot be read.
    #[error("The envelope cannot be read: {0}.")]
    BadEnvelope(String),
}

/// The colour's name in English, lower case (for JSON).
pub fn color_key(c: Color) -> &'static str {
    match c {
        Color::White => "white",
        Color::Black => "black",
    }
}
