//! FEN (`--fen`, adjournment envelopes): a FEN hector accepts prints back
//! to a FEN that it reads as the same position.
#![no_main]

use hector::rules::Game;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(game) = Game::from_fen(text) else {
        return;
    };
    let fen = game.fen();
    let again = Game::from_fen(&fen).unwrap_or_else(|e| panic!("{fen:?} from {text:?}: {e}"));
    assert_eq!(again.fen(), fen);
});
