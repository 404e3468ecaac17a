//! `hector reconcile`: any JSON (or not) gives a JSON report or a sentence.
#![no_main]

use hector::cli::reconcile::reconcile_json;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&l, rest)) = data.split_first() else {
        return;
    };
    let text = String::from_utf8_lossy(rest);
    let locale = ["de", "en", "pl", "sr", "el", "xx"][l as usize % 6];
    match reconcile_json(&text, Some(locale)) {
        Ok(v) => assert!(v.is_object(), "{v}"),
        Err(e) => assert!(!e.is_empty()),
    }
});
