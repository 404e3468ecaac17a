//! hector: over-the-board chess for blind and visually impaired players,
//! following the FIDE Laws of Chess (2023), Appendix D.
//!
//! The core (rules, notation, phrasebook) does no I/O and reads no clock;
//! adapters around it speak, listen, drive Braille displays and boards.

pub mod boards;
pub mod braille;
pub mod cli;
pub mod clock;
pub mod eboard;
pub mod front;
pub mod hall;
pub mod lab;
pub mod locale;
pub mod notation;
pub mod rules;
pub mod service;
pub mod session;
pub mod speech;
