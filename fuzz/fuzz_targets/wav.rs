//! WAV files (`hector listen --wav`, fixtures): any bytes as a file give
//! samples or a sentence, never a panic or an endless allocation. The
//! bytes are decoded from memory, as `read_wav` decodes an opened file.
#![no_main]

use hector::speech::audio::{RATE, WAV_RATES, decode_wav};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    match decode_wav(data) {
        // At most as many samples as the slowest rate read gives from
        // one byte a sample (rounding adds at most one).
        Ok(samples) => assert!(
            samples.len() <= data.len() * (RATE / WAV_RATES.start()) as usize + 1,
            "{} samples from {} bytes",
            samples.len(),
            data.len()
        ),
        Err(why) => assert!(!why.to_string().is_empty()),
    }
});
