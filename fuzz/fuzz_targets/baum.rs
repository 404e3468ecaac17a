//! Baum packets from a Braille display: any bytes, in any chunking. Every
//! packet read, encoded again as a display sends it, reads back the same.
#![no_main]

use hector::braille::baum::{Packet, Parser, encode_from_display};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&c, rest)) = data.split_first() else {
        return;
    };
    let cells = [0usize, 20, 32, 40, 80][c as usize % 5];
    let mut p = Parser::new(cells);
    // Fed in chunks whose sizes come from the data itself.
    let mut packets = Vec::new();
    let mut i = 0;
    while i < rest.len() {
        let n = 1 + rest[i] as usize % 17;
        let end = (i + n).min(rest.len());
        packets.extend(p.feed(&rest[i..end]));
        i = end;
    }
    for pk in packets {
        // With the cell count not yet known the parser takes a routing
        // packet's length from the stream; encoding one needs the count.
        if cells == 0 && matches!(pk, Packet::Routing(_)) {
            continue;
        }
        let bytes = encode_from_display(&pk, cells);
        let mut q = Parser::new(cells);
        let back = q.feed(&bytes);
        assert_eq!(back, vec![pk.clone()], "{pk:?} encoded as {bytes:?}");
    }
});
