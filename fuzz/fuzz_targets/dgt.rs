//! DGT e-board messages: any bytes, in any chunking. A board dump or field
//! update read, encoded again, reads back the same.
#![no_main]

use hector::eboard::protocol::{Decoder, Message, encode_board_dump, encode_field_update};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let mut d = Decoder::new();
    let mut messages = Vec::new();
    let mut i = 0;
    while i < data.len() {
        let n = 1 + data[i] as usize % 23;
        let end = (i + n).min(data.len());
        messages.extend(d.feed(&data[i..end]));
        i = end;
    }
    for m in messages {
        let bytes = match &m {
            Message::BoardDump(b) => encode_board_dump(b),
            Message::FieldUpdate { square, piece } => encode_field_update(*square, *piece),
            Message::Other { .. } => continue,
        };
        assert_eq!(Decoder::new().feed(&bytes), vec![m.clone()], "{m:?}");
    }
});
