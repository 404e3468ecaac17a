//! BrlAPI packets from BRLTTY: any bytes, in any chunking, split into
//! packets; a packet taken is removed whole and, encoded again, is the
//! same bytes; key packets give a key event.
#![no_main]

use hector::braille::brlapi::{MAX_PACKET, encode, key_of, take_packet};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let mut buf = Vec::new();
    let mut i = 0;
    while i < data.len() {
        let n = 1 + data[i] as usize % 29;
        let end = (i + n).min(data.len());
        buf.extend_from_slice(&data[i..end]);
        i = end;
        loop {
            let before = buf.clone();
            match take_packet(&mut buf) {
                Ok(Some((kind, payload))) => {
                    assert!(payload.len() <= MAX_PACKET);
                    let again = encode(kind, &payload);
                    assert_eq!(&before[..again.len()], &again[..]);
                    assert_eq!(&before[again.len()..], &buf[..]);
                    let _ = key_of(&payload);
                }
                Ok(None) => {
                    assert_eq!(before, buf, "an incomplete packet was changed");
                    break;
                }
                Err(e) => {
                    assert!(!e.to_string().is_empty());
                    return;
                }
            }
        }
    }
});
