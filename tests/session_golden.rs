//! Every sentence a person at the board hears in a scripted game, in each
//! of the five locales, pinned by golden files (tests/golden/session/).
//! Regenerate with HECTOR_UPDATE_GOLDEN=1 and review the diff.

mod support;

use hector::session::{Command, Config, Renderer, Seat, Session};

/// (seat, text) with the time in seconds; the texts use the English
/// command words, which every locale understands, and SAN or UCI moves.
const SCRIPT: &[(u64, Seat, &str)] = &[
    (0, Seat::Black, "e5"),
    (1, Seat::White, "e2e4"),
    (2, Seat::White, "yes"),
    (3, Seat::Black, "e7e5"),
    (4, Seat::White, "g1f3"),
    (5, Seat::White, "no"),
    (6, Seat::White, "g1f3"),
    (7, Seat::White, "yes"),
    (8, Seat::White, "my time"),
    (9, Seat::Black, "b8c6"),
    (10, Seat::White, "help"),
    (11, Seat::White, "where are my knights"),
    (12, Seat::White, "rank 1"),
    (13, Seat::White, "file e"),
    (14, Seat::White, "last"),
    (15, Seat::White, "repeat"),
    (16, Seat::White, "time used"),
    (17, Seat::White, "moves"),
    (18, Seat::Assistant, "time"),
    (19, Seat::White, "opponent time"),
    (20, Seat::Black, "draw"),
    (21, Seat::White, "decline"),
    (22, Seat::White, "zzz qqq"),
    (23, Seat::White, "Ke2"),
    (24, Seat::Black, "start clock"),
    (25, Seat::Arbiter, "stop clock"),
    (26, Seat::Arbiter, "start clock"),
    (27, Seat::Arbiter, "add time black 1:00"),
    (27, Seat::Arbiter, "yes"),
    (28, Seat::Assistant, "touched knight g8"),
    (29, Seat::White, "arbiter"),
    (30, Seat::White, "f1b5"),
    (31, Seat::White, "yes"),
    (
        32,
        Seat::Black,
        "shows r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R",
    ),
    (
        33,
        Seat::Black,
        "shows r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R",
    ),
    (34, Seat::Black, "fixed"),
    (34, Seat::Arbiter, "fixed"),
    (35, Seat::Black, "a7a6"),
    (36, Seat::Arbiter, "illegal black"),
    (36, Seat::Arbiter, "yes"),
    (37, Seat::White, "adjourn b5a4"),
    // I.1.1 with D.2.8: the blind player's sealed move is read back first.
    (37, Seat::White, "yes"),
    (38, Seat::White, "e5"),
    (38, Seat::Arbiter, "resumption 2026-11-26 10:00 Hall B"),
    (38, Seat::Arbiter, "envelope"),
    (39, Seat::Arbiter, "resume"),
    (40, Seat::Arbiter, "present black"),
    (41, Seat::Arbiter, "resume"),
    (42, Seat::Black, "g8f6"),
    (43, Seat::White, "board"),
    (44, Seat::White, "resign"),
    (44, Seat::White, "no"),
    (45, Seat::White, "resign"),
    (45, Seat::White, "yes"),
];

fn transcript(code: &str) -> String {
    let cfg = Config {
        locale: code.into(),
        control: Some("300+2".into()),
        ..Config::default()
    };
    let mut s = Session::new(&cfg).unwrap();
    let r = Renderer::for_session(&s);
    let mut out = String::new();
    for (sec, seat, text) in SCRIPT {
        out.push_str(&format!("> {} {text}\n", seat.name()));
        for e in s.apply(&Command::text(sec * 1000, *seat, text)) {
            let to: Vec<String> =
                e.to.iter()
                    .map(|t| {
                        serde_json::to_value(t)
                            .unwrap()
                            .as_str()
                            .unwrap()
                            .to_string()
                    })
                    .collect();
            let line = r.line(&e);
            out.push_str(&format!(
                "  {} [{}] {}\n",
                line["kind"].as_str().unwrap(),
                to.join(","),
                line["text"].as_str().unwrap()
            ));
        }
    }
    let st = s.apply(&Command::tick(60_000));
    assert!(st.is_empty());
    out
}

#[test]
fn every_sentence_of_a_game_in_each_locale_is_pinned() {
    let mut diff = Vec::new();
    for code in hector::locale::CODES {
        let t = transcript(code);
        assert!(
            !t.contains("[") || !t.contains("]\n"),
            "a missing sentence key in {code}"
        );
        for line in t.lines().filter(|l| l.starts_with("  ")) {
            let text = line.split_once("] ").map_or("", |(_, t)| t);
            assert!(
                !text.trim().is_empty(),
                "{code}: an event without a sentence: {line}"
            );
            assert!(
                !text.contains('{'),
                "{code}: an unfilled placeholder: {line}"
            );
        }
        diff.extend(support::golden(&format!("session/{code}.txt"), &t));
    }
    assert!(diff.is_empty(), "{}", diff.join("\n"));
}
