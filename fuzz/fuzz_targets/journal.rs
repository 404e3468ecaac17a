//! `hector serve`'s journal replay, from rows as SQLite stores them (issue
//! 31): any sequence numbers, times, wall-clock times, command and event
//! texts. A damaged row is refused with a sentence naming it; rows that
//! pass the checks have a sequence without gaps from 1 and times that never
//! go backwards nor beyond a year; replaying them never panics, and
//! replaying twice gives the same game (the journal restores a game by
//! replay).
#![no_main]

use hector::service::board::replay_rows;
use hector::service::journal::{MAX_T, RawRow, decode_rows};
use libfuzzer_sys::fuzz_target;

/// A number from a field: decimal text as written, else taken as is.
fn number(field: &str) -> i64 {
    field.trim().parse().unwrap_or_else(|_| {
        field
            .bytes()
            .fold(0i64, |n, b| n.wrapping_mul(31).wrapping_add(i64::from(b)))
    })
}

fuzz_target!(|data: &[u8]| {
    let Some((&c, rest)) = data.split_first() else {
        return;
    };
    let config = [
        serde_json::json!({"locale": "en"}),
        serde_json::json!({"locale": "de", "control": "300+2", "blind": "white"}),
        serde_json::json!({"locale": "pl", "control": "40/5400+30:1800+30", "blind": "both"}),
    ][c as usize % 3]
        .clone();
    // One row a line: seq, t, wall_ms, command, events, tab-separated.
    let text = String::from_utf8_lossy(rest);
    let raw: Vec<RawRow> = text
        .lines()
        .take(200)
        .map(|line| {
            let mut f = line.splitn(5, '\t');
            let mut next = || f.next().unwrap_or("");
            let (seq, t, wall) = (number(next()), number(next()), number(next()));
            (seq, t, wall, next().to_string(), next().to_string())
        })
        .collect();
    let n = raw.len();
    let rows = match decode_rows(0, raw) {
        Ok(rows) => rows,
        Err(why) => {
            assert!(why.contains("row"), "a refusal names the row: {why}");
            return;
        }
    };
    assert_eq!(rows.len(), n);
    let mut last = 0;
    for (i, r) in rows.iter().enumerate() {
        assert_eq!(r.seq, i as i64 + 1);
        assert!(r.t >= last && r.t <= MAX_T);
        last = r.t;
    }
    let Ok(a) = replay_rows(&config, &rows) else {
        return;
    };
    let b = replay_rows(&config, &rows).expect("the same config twice");
    assert_eq!(a.status(last), b.status(last), "replay is deterministic");
    assert_eq!(a.pgn(&[]), b.pgn(&[]));
});
