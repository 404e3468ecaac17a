//! Phrase settling (`hector hear`, the voice and typed input of a blind
//! player): any text in any locale and position. A move heard is legal and
//! its own phrase is heard back as the same move; candidates are legal.
#![no_main]

mod common;

use hector::notation::phrase::{Form, Heard, SayOptions, hear, say_with};
use libfuzzer_sys::fuzz_target;
use shakmaty::Position;

fuzz_target!(|data: &[u8]| {
    let Some((loc, pos, text)) = common::split(data) else {
        return;
    };
    let legal = pos.legal_moves();
    match hear(&pos, &text, loc) {
        Heard::Move(m) => {
            assert!(legal.contains(&m), "{text:?} heard as an illegal move");
            for form in [Form::Short, Form::Long] {
                let phrase = say_with(&pos, m, loc, &SayOptions::with_form(form));
                assert_eq!(
                    hear(&pos, &phrase, loc),
                    Heard::Move(m),
                    "{:?}: the phrase {phrase:?} of {m:?} is not heard back",
                    loc.code()
                );
            }
        }
        Heard::Ambiguous(ms) => {
            assert!(ms.len() >= 2, "{text:?}: fewer than two candidates");
            assert!(ms.iter().all(|m| legal.contains(m)));
        }
        Heard::NoMatch(reason) => {
            assert!(!reason.sentence(loc).is_empty());
        }
    }
});
