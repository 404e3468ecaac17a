//! PGN (`replay`, `scoresheet`, adjournment): a game read is written back
//! as PGN that reads as the same moves, tags and result.
#![no_main]

use hector::rules::pgn::{read_pgn, write_pgn};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let Ok(games) = read_pgn(&text) else {
        return;
    };
    for g in &games {
        let written = write_pgn(&g.game, &g.tags);
        let back = read_pgn(&written).unwrap_or_else(|e| panic!("{written:?}: {e}"));
        assert_eq!(back.len(), 1, "{written:?}");
        assert_eq!(back[0].game.moves(), g.game.moves(), "{written:?}");
        assert_eq!(back[0].game.fen(), g.game.fen(), "{written:?}");
    }
});
