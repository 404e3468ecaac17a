//! A DGT e-board emulated on a serial port or pty ([`emulator`]), for the
//! tests.

pub mod emulator;

// The e-board's protocol, as the emulator names it.
use crate::eboard::protocol;
