//! Notation (FIDE Laws 2023, Appendix C) in five languages, and the spoken
//! phrasebook of Appendix D.2.1.

pub mod pattern;
pub mod phrase;
pub mod san;
mod written;

pub use pattern::{Pattern, Reason, Settled};
pub use phrase::{Form, Heard, SayOptions};
