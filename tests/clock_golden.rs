//! Golden files for everything the talking clock says, in all five
//! locales (FIDE Laws 2023, D.2.6.1, D.2.10.4): hours, minutes, seconds,
//! singular and plural forms, "less than a minute", moves, and the
//! announcements. Set HECTOR_UPDATE_GOLDEN=1 to rewrite the files after a
//! deliberate wording change, then review the diff.

mod support;

use hector::clock::speech::CODES;
use hector::clock::{ClockWords, Style};
use shakmaty::Color::{Black, White};

const TIMES: [u64; 27] = [
    0, 1_000, 2_000, 3_000, 5_000, 11_000, 21_000, 22_000, 45_000, 59_999, 60_000, 61_000, 62_000,
    120_000, 300_000, 750_000, 1_260_000, 1_320_000, 1_500_000, 3_599_000, 3_600_000, 3_660_000,
    4_320_000, 7_200_000, 8_520_000, 10_800_000, 18_000_000,
];

const MOVES: [(u32, u32); 10] = [
    (0, 0),
    (1, 0),
    (1, 1),
    (2, 2),
    (4, 3),
    (5, 4),
    (12, 11),
    (21, 21),
    (22, 22),
    (117, 116),
];

fn render(w: &ClockWords) -> String {
    let mut out = String::new();
    let mut line = |k: &str, v: String| {
        out.push_str(k);
        out.push_str(" | ");
        out.push_str(&v);
        out.push('\n');
    };
    for ms in TIMES {
        line(&format!("exact {ms}"), w.duration(ms, Style::Exact));
    }
    for ms in [0, 30_000, 59_999, 60_000, 119_999, 1_320_000, 4_330_000] {
        line(&format!("rounded {ms}"), w.duration(ms, Style::Rounded));
    }
    for (a, b) in MOVES {
        line(&format!("moves {a} {b}"), w.moves(a, b));
    }
    line("status", w.status(4_320_000, 3_001_000, 17, 16, Black));
    line("status short", w.status(61_000, 1_000, 1, 1, White));
    line("own", w.own_time(1_322_000, Style::Exact));
    line("own rounded", w.own_time(42_000, Style::Rounded));
    line("opponent", w.opponent_time(3_661_000, Style::Exact));
    line("used", w.time_used(4_320_000, 1_000, 17, 16));
    line("turn white", w.turn(White));
    line("turn black", w.turn(Black));
    line("warning 300000", w.warning(White, 300_000));
    line("warning 10000", w.warning(Black, 10_000));
    line("low time", w.low_time(Black, 59_999, 60_000));
    line("low time 5 min", w.low_time(White, 299_999, 300_000));
    line("low time 10 s", w.low_time(White, 9_999, 10_000));
    line("flag", w.flag(White));
    line("flag win", w.flag_result(White, true));
    line("flag draw", w.flag_result(Black, false));
    line("period", w.period_added(White, 1_830_000));
    line("paused", w.paused().to_string());
    line("resumed", w.resumed().to_string());
    line("not started", w.not_started().to_string());
    out
}

#[test]
fn spoken_clock_announcements_match_the_golden_files() {
    let diff: Vec<String> = CODES
        .iter()
        .flat_map(|code| {
            support::golden(
                &format!("clock/{code}.txt"),
                &render(ClockWords::get(code).unwrap()),
            )
        })
        .collect();
    assert!(diff.is_empty(), "golden mismatch:\n{}", diff.join("\n"));
}

#[test]
fn every_locale_says_less_than_a_minute_and_uses_no_digits() {
    for code in CODES {
        let w = ClockWords::get(code).unwrap();
        let lt = w.duration(59_999, Style::Rounded);
        assert_ne!(lt, w.duration(59_999, Style::Exact), "{code}");
        assert_ne!(w.minutes(1), w.minutes(2), "{code}");
        for ms in TIMES {
            let s = w.duration(ms, Style::Exact);
            assert!(!s.chars().any(|c| c.is_ascii_digit()), "{code}: {s}");
            assert!(!s.contains('{'), "{code}: {s}");
        }
    }
}
