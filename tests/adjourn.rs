//! Adjourned games, FIDE Laws 2023, Guidelines I: one test per point.

use hector::boards::BoardsError;
use hector::boards::adjourn::{
    AdjournError, Adjourned, EndedBefore, Envelope, EnvelopeData, Opened, Resumption, SealedFault,
    Sealing, Times, early_adjournment_deduction,
};
use hector::clock::TimeControl;
use hector::rules::Game;
use shakmaty::{Chess, Color};

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
/// 1.e4 e5 2.Nf3 Nc6 3.Bb5 a6 4.Ba4 Nf6: White to move (move 5).
const MOVES: [&str; 8] = ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4", "Nf6"];

fn position() -> Chess {
    let mut g = Game::default();
    for m in MOVES {
        g.play_san(m).unwrap();
    }
    g.position().clone()
}

fn data() -> EnvelopeData {
    let sheet: Vec<String> = MOVES.iter().map(|s| s.to_string()).collect();
    EnvelopeData {
        white: "Anna Weiss".into(),
        black: "Boris Schwarz".into(),
        start_fen: START.into(),
        scoresheet_white: sheet.clone(),
        scoresheet_black: sheet,
        white_time: Times {
            used_ms: 3_000_000,
            remaining_ms: 2_400_000,
            moves: 4,
        },
        black_time: Times {
            used_ms: 2_000_000,
            remaining_ms: 3_400_000,
            moves: 4,
        },
        draw_offer: Some(Color::Black),
        resumption: Resumption {
            date: "2026-11-23".into(),
            time: "10:00".into(),
            place: "Playing hall, board 4".into(),
        },
    }
}

fn sealed(text: &str) -> Envelope {
    let mut s = Sealing::begin();
    s.write(text);
    s.stop_clock(&position(), "en", data(), None).unwrap()
}

fn open_with_responder(env: Envelope) -> Result<Opened, BoardsError> {
    let mut a = Adjourned::new(env);
    a.mark_present(Color::Black);
    a.open(None)
}

#[test]
fn i_1_1_the_sealed_move_is_recorded_not_revealed_and_may_change_until_the_clock_stops() {
    let mut s = Sealing::begin();
    s.write("Nc3");
    s.write("O-O"); // changed his mind before stopping the clock
    let env = s.stop_clock(&position(), "en", data(), None).unwrap();
    let shown = format!("{env:?}");
    assert!(!shown.contains("O-O") && !shown.contains("Nc3"), "{shown}");
    match open_with_responder(env).unwrap() {
        Opened::Move { text, .. } => assert_eq!(text, "O-O"),
        other => panic!("{other:?}"),
    }
    // Without a written move the clock cannot be stopped.
    let e = Sealing::begin()
        .stop_clock(&position(), "en", data(), None)
        .unwrap_err();
    assert!(e.to_string().contains("I.1.1"));
}

#[test]
fn i_1_2_adjourning_early_costs_the_rest_of_the_session() {
    assert_eq!(early_adjournment_deduction(14_000_000, 14_400_000), 400_000);
    assert_eq!(early_adjournment_deduction(14_500_000, 14_400_000), 0);
    let mut s = Sealing::begin();
    s.write("O-O");
    let env = s
        .stop_clock(&position(), "en", data(), Some((14_000_000, 14_400_000)))
        .unwrap();
    // White sealed: White's time is charged, Black's is not.
    assert_eq!(env.white_time.used_ms, 3_400_000);
    assert_eq!(env.white_time.remaining_ms, 2_000_000);
    assert_eq!(env.black_time, data().black_time);
}

#[test]
fn i_2_the_envelope_carries_every_item() {
    let env = sealed("O-O");
    let v: serde_json::Value = serde_json::from_str(&env.to_json()).unwrap();
    assert_eq!(v["white"], "Anna Weiss"); // I.2.1
    assert_eq!(v["black"], "Boris Schwarz");
    assert_eq!(
        v["position_fen"],
        "r1bqkb1r/1ppp1ppp/p1n2n2/4p3/B3P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 2 5"
    ); // I.2.2
    assert_eq!(v["white_time"]["used_ms"], 3_000_000); // I.2.3
    assert_eq!(v["black_time"]["used_ms"], 2_000_000);
    assert_eq!(v["sealed_by"], "white"); // I.2.4
    assert_eq!(v["move_number"], 5); // I.2.5
    assert_eq!(v["draw_offer"], "black"); // I.2.6
    assert_eq!(v["resumption"]["date"], "2026-11-23"); // I.2.7
    assert_eq!(v["resumption"]["time"], "10:00");
    assert_eq!(v["resumption"]["place"], "Playing hall, board 4");
    assert_eq!(v["scoresheet_black"].as_array().unwrap().len(), 8); // I.1.1
    assert_eq!(v["seal"].as_str().unwrap().len(), 64);
}

#[test]
fn i_3_a_saved_envelope_loads_intact_and_a_tampered_one_is_detected() {
    let env = sealed("O-O");
    let json = env.to_json();
    let back = Envelope::from_json(&json).unwrap();
    assert_eq!(back, env);
    assert!(back.is_intact());
    // Someone changes the sealed move …
    let changed = json.replace("\"O-O\"", "\"Nc3\"");
    assert_ne!(changed, json);
    let forged = Envelope::from_json(&changed).unwrap();
    assert!(!forged.is_intact());
    let e = open_with_responder(forged).unwrap_err();
    assert!(e.to_string().contains("does not match its seal"), "{e}");
    assert!(
        matches!(e, BoardsError::Adjourn(AdjournError::Tampered)),
        "{e:?}"
    );
    // … or the time used.
    let forged = Envelope::from_json(&json.replace("2000000", "1000000")).unwrap();
    assert!(!forged.is_intact());
    // A re-sealed forgery does not match the seal the arbiter noted.
    let mut s = Sealing::begin();
    s.write("Nc3");
    let other = s.stop_clock(&position(), "en", data(), None).unwrap();
    let mut a = Adjourned::new(other);
    a.mark_present(Color::Black);
    assert!(a.open(Some(&env.seal)).is_err());
    // Broken files are a clear error.
    assert!(
        Envelope::from_json("{\"white\": 1}")
            .unwrap_err()
            .to_string()
            .contains("cannot be read")
    );
}

#[test]
fn i_7_opened_only_when_the_responding_player_is_present() {
    let mut a = Adjourned::new(sealed("O-O"));
    let e = a.open(None).unwrap_err();
    assert!(e.to_string().contains("I.7"), "{e}");
    // The reason is typed: who must be there, not a sentence to search.
    assert!(
        matches!(
            &e,
            BoardsError::Adjourn(AdjournError::NotPresent {
                color: Color::Black,
                ..
            })
        ),
        "{e:?}"
    );
    a.mark_present(Color::White); // the sealer alone is not enough
    assert!(a.open(None).is_err());
    a.mark_present(Color::Black);
    assert!(matches!(a.open(None).unwrap(), Opened::Move { .. }));
}

#[test]
fn i_8_an_ambiguous_unreadable_or_illegal_sealed_move_loses() {
    let cases = [
        ("Ke3", SealedFault::Illegal),      // I.8.3
        ("Qh5", SealedFault::Illegal),      // I.8.3: the queen is blocked
        ("xyzzy", SealedFault::Unreadable), // I.8.2
    ];
    for (text, fault) in &cases {
        match open_with_responder(sealed(text)).unwrap() {
            Opened::SealerLoses {
                sealer, fault: f, ..
            } => {
                assert_eq!(sealer, Color::White, "{text}");
                assert_eq!(f, *fault, "{text}");
            }
            other => panic!("{text}: {other:?}"),
        }
    }
    // I.8.1: a set-up position where both knights reach e2.
    let pos: Chess = hector::rules::position_from_fen("4k3/8/8/8/8/8/8/2N1K1N1 w - - 0 1")
        .unwrap()
        .0;
    let mut d = data();
    d.start_fen = "4k3/8/8/8/8/8/8/2N1K1N1 w - - 0 1".into();
    d.scoresheet_white.clear();
    d.scoresheet_black.clear();
    let mut s = Sealing::begin();
    s.write("Ne2");
    let env = s.stop_clock(&pos, "en", d, None).unwrap();
    match open_with_responder(env).unwrap() {
        Opened::SealerLoses { fault, .. } => assert_eq!(fault, SealedFault::Ambiguous),
        other => panic!("{other:?}"),
    }
}

#[test]
fn i_5_resumption_restores_position_and_clocks() {
    let env = sealed("O-O");
    let mv = match open_with_responder(env.clone()).unwrap() {
        Opened::Move { mv, .. } => mv,
        other => panic!("{other:?}"),
    };
    let tc = TimeControl::parse("40/5400+30:1800+30").unwrap();
    let r = env.resume(tc.clone(), Some(mv), 1_000).unwrap();
    assert_eq!(r.game.moves().len(), 9);
    assert_eq!(r.game.sans().last().unwrap(), "O-O");
    assert_eq!(r.game.turn(), Color::Black);
    assert_eq!(r.clock.remaining(Color::White, 1_000), 2_400_000);
    assert_eq!(r.clock.remaining(Color::Black, 1_000), 3_400_000);
    assert_eq!(r.clock.running(), Some(Color::Black));
    assert_eq!(r.clock.remaining(Color::Black, 61_000), 3_340_000);
    assert_eq!(r.clock.moves(Color::White), 5);
    // Without opening: the position before the sealed move, White's clock.
    let r = env.resume(tc, None, 0).unwrap();
    assert_eq!(r.game.position(), &position());
    assert_eq!(r.clock.running(), Some(Color::White));
}

#[test]
fn i_6_a_draw_or_resignation_before_resumption_ends_the_game() {
    let mut a = Adjourned::new(sealed("O-O"));
    assert_eq!(a.agree_draw().unwrap(), EndedBefore::DrawAgreed);
    a.mark_present(Color::Black);
    let e = a.open(None).unwrap_err();
    assert!(e.to_string().contains("I.6"), "{e}");
    assert!(a.resign(Color::White).is_err());

    let mut a = Adjourned::new(sealed("O-O"));
    assert_eq!(
        a.resign(Color::Black).unwrap(),
        EndedBefore::Resigned(Color::Black)
    );
    assert_eq!(a.ended(), Some(EndedBefore::Resigned(Color::Black)));
    assert!(a.open(None).is_err());
}
