//! Written moves (SAN, long algebraic, UCI) in every locale: what is read
//! is legal and writes back (short, long, figurine) to text that reads as
//! the same move.
#![no_main]

mod common;

use hector::notation::san::{SanStyle, read, write_styled};
use libfuzzer_sys::fuzz_target;
use shakmaty::Position;

fuzz_target!(|data: &[u8]| {
    let Some((loc, pos, text)) = common::split(data) else {
        return;
    };
    let Ok(m) = read(&pos, &text, loc) else {
        return;
    };
    assert!(
        pos.legal_moves().contains(&m),
        "{text:?} read as an illegal move"
    );
    for (long, figurine) in [(false, false), (true, false), (false, true)] {
        let style = SanStyle {
            long,
            figurine,
            latin_files: false,
        };
        let written = write_styled(&pos, m, loc, style);
        assert_eq!(
            read(&pos, &written, loc),
            Ok(m),
            "{:?}: {written:?} (from {text:?}) does not read back",
            loc.code()
        );
    }
});
