//! A Baum display emulated on a serial port or pty ([`emulator`]), for the
//! tests and `hector-lab baum-emulator`.

pub mod emulator;

// The Braille parts, as the emulator names them.
use crate::braille::{BrailleError, baum, cell};
