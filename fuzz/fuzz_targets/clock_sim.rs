//! `hector clock sim`: a time control line, then `<ms> <event>` lines. A
//! refused line leaves the clock exactly as it was.
#![no_main]

use hector::cli::clock::sim_line;
use hector::clock::{Clock, PeriodChange, TimeControl};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let mut lines = text.lines();
    let Some(control) = lines.next() else {
        return;
    };
    let mode = if control.ends_with(" dgt") {
        PeriodChange::DgtAtZero
    } else {
        PeriodChange::OnQuota
    };
    let Ok(tc) = TimeControl::parse(control.trim_end_matches(" dgt")) else {
        return;
    };
    let mut clock = Clock::new(tc, mode);
    let mut last = 0u64;
    for line in lines.take(64) {
        let before = clock.view(last);
        match sim_line(&mut clock, line) {
            Ok(()) => {
                last = line
                    .split_whitespace()
                    .next()
                    .and_then(|t| t.parse().ok())
                    .unwrap_or(last);
                let v = clock.view(last);
                let _ = serde_json::to_string(&v).expect("a view is JSON");
            }
            Err(e) => {
                assert!(!e.is_empty());
                assert_eq!(
                    clock.view(last),
                    before,
                    "{line:?} refused but changed the clock"
                );
            }
        }
    }
});
