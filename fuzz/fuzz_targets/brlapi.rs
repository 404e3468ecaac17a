//! BrlAPI packets from BRLTTY: any bytes, in any chunking, split into
//! packets; a packet taken is removed whole and, encoded again, is the
//! same bytes; an incomplete packet is left as it was; key packets give a
//! key event.
#![no_main]

use hector::braille::brlapi::{MAX_PACKET, encode, key_of, take_packet};
use libfuzzer_sys::fuzz_target;

/// BrlAPI's header: size and type, 4 bytes each.
const HEADER: usize = 8;

fuzz_target!(|data: &[u8]| {
    // The bytes fed so far are data[..end]; the buffer must always hold
    // data[taken..end]. Checked whole when a packet is taken and at the
    // end; while a packet is incomplete, its length and header (a whole
    // copy per chunk would make long packets quadratic).
    let mut buf = Vec::new();
    let mut taken = 0;
    let mut i = 0;
    while i < data.len() {
        let n = 1 + data[i] as usize % 29;
        let end = (i + n).min(data.len());
        buf.extend_from_slice(&data[i..end]);
        i = end;
        loop {
            let len = buf.len();
            match take_packet(&mut buf) {
                Ok(Some((kind, payload))) => {
                    assert!(payload.len() <= MAX_PACKET);
                    let again = encode(kind, &payload);
                    assert_eq!(&data[taken..taken + again.len()], &again[..]);
                    taken += again.len();
                    assert_eq!(&data[taken..end], &buf[..]);
                    let _ = key_of(&payload);
                }
                Ok(None) => {
                    assert_eq!(buf.len(), len, "an incomplete packet was changed");
                    let h = len.min(HEADER);
                    assert_eq!(&buf[..h], &data[taken..taken + h]);
                    break;
                }
                Err(e) => {
                    assert!(!e.to_string().is_empty());
                    return;
                }
            }
        }
    }
    assert_eq!(&data[taken..], &buf[..], "an incomplete packet was changed");
});
