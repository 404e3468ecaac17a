//! Hall messages as the broker delivers them (issue 31.9): up to 16
//! messages, each a subject, a line break and a payload, from anyone on
//! the broker; the first byte says which of them the board signed with the
//! hall's key (the others carry a MAC made of their own bytes, as a forger
//! would send). Whatever arrives: nothing panics; a message not made with
//! the key changes nothing the overview shows; what the hall believes only
//! moves each board forward, one row at a time; heartbeats likewise.
#![no_main]

use std::time::Instant;

use hector::hall::follow::Shared;
use hector::hall::key::HallKey;
use hector::hall::message::Tournament;
use libfuzzer_sys::fuzz_target;

fn seqs(shared: &Shared, now: Instant) -> Vec<(u64, u64)> {
    let v = shared.hall.lock().unwrap().boards_json(false, now);
    v.as_array()
        .unwrap()
        .iter()
        .map(|b| (b["board"].as_u64().unwrap(), b["seq"].as_u64().unwrap()))
        .collect()
}

fuzz_target!(|data: &[u8]| {
    let Some((&signed, rest)) = data.split_first() else {
        return;
    };
    let key = HallKey::parse(&"5a".repeat(32)).unwrap();
    let shared = Shared::new(key.clone(), Tournament::parse("fuzz").unwrap());
    let now = Instant::now();
    for (i, chunk) in rest.split(|&b| b == 0xff).take(16).enumerate() {
        let (subject, payload) = match chunk.iter().position(|&b| b == b'\n') {
            Some(p) => (&chunk[..p], &chunk[p + 1..]),
            None => (chunk, &[][..]),
        };
        let subject = String::from_utf8_lossy(subject).into_owned();
        let by_board = signed & (1 << (i % 8)) != 0;
        let mac = if by_board {
            key.sign(&subject, payload)
        } else {
            payload
                .iter()
                .take(32)
                .map(|b| format!("{b:02x}"))
                .collect()
        };
        let public = shared.hall.lock().unwrap().boards_json(false, now);
        let before = seqs(&shared, now);
        let beat = subject.starts_with("hector-beat.");
        if beat {
            let _ = shared.receive_beat(&subject, Some(&mac), payload, now);
        } else {
            let _ = shared.receive(&subject, Some(&mac), payload);
        }
        let after = seqs(&shared, now);
        if !by_board || beat {
            // A heartbeat can bring a board back or show a board that said
            // hello (with no row), never change its game.
            let same = if beat {
                after
                    .iter()
                    .all(|b| before.contains(b) || (b.1 == 0 && !before.iter().any(|o| o.0 == b.0)))
                    && before.iter().all(|b| after.contains(b))
            } else {
                public == shared.hall.lock().unwrap().boards_json(false, now)
            };
            assert!(same, "a message not made with the key changed the hall");
        } else {
            for (n, seq) in &after {
                match before.iter().find(|(m, _)| m == n) {
                    Some((_, old)) => {
                        assert!(seq == old || *seq == old + 1, "board {n}: {old} → {seq}")
                    }
                    // A board the hall learns of by a signed message it
                    // could not take yet (out of sequence) is shown with
                    // no row (0) and its alert; one that could begins at 1.
                    None => assert!(*seq <= 1, "board {n} began at {seq}"),
                }
            }
        }
    }
});
