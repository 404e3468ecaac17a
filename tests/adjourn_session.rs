//! Adjourned games through the session, as an arbiter tries their edges
//! (FIDE Laws 2023, Guidelines I; Art. 6.9, 9.1).

use hector::boards::sha256;
use hector::notation::phrase::SayOptions;
use hector::session::{Command, Config, Detail, Event, Kind, Renderer, Seat, Session, Side};

fn game(fen: Option<&str>, control: Option<&str>, key: Option<&str>) -> Session {
    Session::new(&Config {
        locale: "en".into(),
        blind: hector::session::Blind::None,
        fen: fen.map(str::to_string),
        control: control.map(str::to_string),
        seal_key: key.map(str::to_string),
        white: Some("Anna Weiss".into()),
        black: Some("Bruno Schwarz".into()),
        ..Config::default()
    })
    .expect("session")
}

fn say(s: &mut Session, t: u64, from: Seat, text: &str) -> Vec<Event> {
    s.apply(&Command::text(t, from, text))
}

fn result(ev: &[Event]) -> Option<(String, String)> {
    ev.iter().find_map(|e| match &e.kind {
        Kind::Result { result, reason, .. } => Some((result.clone(), reason.clone())),
        _ => None,
    })
}

fn seal(ev: &[Event]) -> String {
    ev.iter()
        .find_map(|e| match &e.kind {
            Kind::Adjourned { seal, .. } => Some(seal.clone()),
            _ => None,
        })
        .expect("adjourned")
}

fn adjourned_after_e4_e5() -> Session {
    let mut s = game(None, Some("5400+30"), Some("00ff"));
    say(&mut s, 1000, Seat::White, "e4");
    say(&mut s, 5000, Seat::Black, "e5");
    say(&mut s, 6000, Seat::White, "adjourn Nf3");
    assert!(s.status(6000).adjourned);
    s
}

/// I.6, 9.1: a draw offered while the game is adjourned stands until the
/// opponent accepts or declines it; one word does not end the game.
#[test]
fn i_6_an_offer_during_adjournment_stands_until_it_is_answered() {
    let mut s = adjourned_after_e4_e5();
    let ev = say(&mut s, 7000, Seat::Black, "draw");
    assert!(result(&ev).is_none(), "{ev:?}");
    assert!(matches!(
        ev[0].kind,
        Kind::Draw {
            by: Side::Black,
            ..
        }
    ));
    // Accepting one's own offer, or an offer that is not there: refused.
    let ev = say(&mut s, 7100, Seat::Black, "accept");
    assert!(result(&ev).is_none(), "{ev:?}");
    // Declined: it no longer stands.
    say(&mut s, 7200, Seat::White, "decline");
    let ev = say(&mut s, 7300, Seat::White, "accept");
    assert!(result(&ev).is_none(), "{ev:?}");
    // Offered and accepted: the game ends as a draw before resumption.
    say(&mut s, 7400, Seat::White, "draw");
    let ev = say(&mut s, 7500, Seat::Black, "accept");
    assert_eq!(
        result(&ev),
        Some(("1/2-1/2".to_string(), "draw-agreed".to_string()))
    );
}

/// I.1.1, I.7: the seal everyone sees cannot be matched against the
/// legal moves without the game's secret.
#[test]
fn i_7_the_public_seal_does_not_reveal_the_sealed_move() {
    let mut s = game(None, Some("5400+30"), Some("a1b2c3"));
    say(&mut s, 1000, Seat::White, "e4");
    say(&mut s, 2000, Seat::Black, "e5");
    let public = seal(&say(&mut s, 3000, Seat::White, "adjourn Nf3"));
    // Without the key the same envelope gets another seal: the seal
    // depends on a secret no other seat has.
    let mut t = game(None, Some("5400+30"), None);
    say(&mut t, 1000, Seat::White, "e4");
    say(&mut t, 2000, Seat::Black, "e5");
    let unkeyed = seal(&say(&mut t, 3000, Seat::White, "adjourn Nf3"));
    assert_ne!(public, unkeyed);
    // The same key replays to the same seal (the journal's replay).
    let mut u = game(None, Some("5400+30"), Some("a1b2c3"));
    say(&mut u, 1000, Seat::White, "e4");
    say(&mut u, 2000, Seat::Black, "e5");
    assert_eq!(public, seal(&say(&mut u, 3000, Seat::White, "adjourn Nf3")));
    // The seal is not a hash of the public facts and the move alone.
    for guess in ["Nf3", "g1f3", "Sf3", "Springer Felix drei"] {
        assert_ne!(public, sha256::hex(guess.as_bytes()));
    }
    // The sealed move went to the sealer only.
    let ev = say(&mut s, 4000, Seat::Arbiter, "envelope");
    let text = Renderer::new("en", SayOptions::default())
        .unwrap()
        .text(&ev[0].kind);
    assert!(!text.contains("Nf3") && !text.contains("Felix"), "{text}");
}

/// I.8 with 6.9: an illegal sealed move loses, but it is a draw when the
/// opponent cannot checkmate by any series of legal moves.
#[test]
fn i_8_an_illegal_sealed_move_is_a_draw_when_the_opponent_cannot_mate() {
    let mut s = game(Some("4k3/8/8/8/8/8/3Q4/4K3 w - - 0 1"), None, Some("01"));
    say(&mut s, 0, Seat::White, "adjourn Qd9");
    say(&mut s, 10, Seat::Arbiter, "present black");
    let ev = say(&mut s, 20, Seat::Arbiter, "resume");
    assert_eq!(
        result(&ev).map(|r| r.0),
        Some("1/2-1/2".to_string()),
        "{ev:?}"
    );
    // With mating material left the sealer loses.
    let mut s = game(Some("4k3/8/8/8/8/8/3Q4/4K2R b - - 0 1"), None, Some("01"));
    say(&mut s, 0, Seat::Black, "adjourn Kd9");
    say(&mut s, 10, Seat::Arbiter, "present white");
    let ev = say(&mut s, 20, Seat::Arbiter, "resume");
    assert_eq!(result(&ev).map(|r| r.0), Some("1-0".to_string()), "{ev:?}");
}

/// I.9.2: the replying player is absent: his clock runs, not the sealer's,
/// and the envelope stays shut; when it is opened his time keeps running.
#[test]
fn i_9_2_starting_the_clock_runs_the_absent_replying_players_clock() {
    let mut s = adjourned_after_e4_e5();
    let before = s.status(6000).clock.expect("clock");
    let ev = say(&mut s, 100_000, Seat::Arbiter, "start clock");
    assert!(
        ev.iter().any(|e| matches!(e.kind, Kind::Clock { .. })),
        "{ev:?}"
    );
    let c = s.status(160_000).clock.expect("clock");
    assert_eq!(c.running, Some(Side::Black), "the replier's clock runs");
    assert_eq!(c.black_ms, before.black_ms - 60_000);
    assert!(s.status(160_000).adjourned, "the envelope stays shut");
    // He arrives: the envelope is opened, the sealed move made, his
    // clock runs on from where it was.
    say(&mut s, 160_000, Seat::Arbiter, "present black");
    let ev = say(&mut s, 161_000, Seat::Arbiter, "resume");
    assert!(
        ev.iter().any(|e| matches!(e.kind, Kind::Moved { .. })),
        "{ev:?}"
    );
    let c = s.status(161_000).clock.expect("clock");
    assert_eq!(c.running, Some(Side::Black));
    assert_eq!(c.black_ms, before.black_ms - 61_000, "no time given back");
    assert_eq!(s.status(161_000).ply, 3);
}

/// I.2: the envelope's outside, read back to the arbiter: the players'
/// names, who sealed which move, the time used, never the move.
#[test]
fn i_2_the_envelope_is_read_to_the_arbiter() {
    let mut s = adjourned_after_e4_e5();
    let ev = say(&mut s, 7000, Seat::Arbiter, "envelope");
    let Kind::Answer {
        detail: Some(Detail::Envelope(e)),
        ..
    } = &ev[0].kind
    else {
        panic!("{ev:?}")
    };
    assert_eq!(e.sealed_by, Side::White);
    assert_eq!(e.move_number, 2);
    let text = Renderer::new("en", SayOptions::default())
        .unwrap()
        .text(&ev[0].kind);
    assert!(
        text.starts_with("Envelope: Anna Weiss against Bruno Schwarz. White sealed move 2"),
        "{text}"
    );
    assert!(text.contains("Resumption: not set."), "{text}");
    // I.2.4: the sealer by name (issue 42, point 17).
    assert!(text.ends_with("Sealed by Anna Weiss."), "{text}");
    assert!(!text.contains("No move yet"), "{text}");
    // A player may not read it.
    let ev = say(&mut s, 7100, Seat::Black, "envelope");
    assert!(matches!(ev[0].kind, Kind::Refused { .. }), "{ev:?}");
}

/// I.2.1: the PGN and the envelope carry the players' names.
#[test]
fn i_2_1_the_players_names_are_in_the_pgn() {
    let s = adjourned_after_e4_e5();
    let pgn = s.pgn(&[]);
    assert!(pgn.contains("[White \"Anna Weiss\"]"), "{pgn}");
    assert!(pgn.contains("[Black \"Bruno Schwarz\"]"), "{pgn}");
}

/// Art. 12.1, 5.2.2: the arbiter puts a result right after the game ended
/// (a flag fell in a position where the opponent could not mate); the same
/// result again does nothing twice.
#[test]
fn art_12_1_the_arbiter_corrects_a_result_after_the_game_ended() {
    let mut s = game(None, Some("60+0"), Some("01"));
    let ev = s.apply(&Command::tick(61_000));
    assert_eq!(
        result(&ev),
        Some(("0-1".to_string(), "flag-fall".to_string()))
    );
    // Read back first (12.2, 5.1.2 …): made on the arbiter's yes.
    let ev = say(&mut s, 62_000, Seat::Arbiter, "result 1/2-1/2");
    assert!(result(&ev).is_none(), "{ev:?}");
    let ev = say(&mut s, 62_000, Seat::Arbiter, "yes");
    assert_eq!(
        result(&ev),
        Some(("1/2-1/2".to_string(), "arbiter".to_string())),
        "{ev:?}"
    );
    assert_eq!(s.status(62_000).result.as_deref(), Some("1/2-1/2"));
    let ev = say(&mut s, 63_000, Seat::Arbiter, "result 1/2-1/2");
    assert!(result(&ev).is_none(), "{ev:?}");
    let ev = say(&mut s, 63_100, Seat::Arbiter, "yes");
    assert!(result(&ev).is_none(), "{ev:?}");
    // A forfeit is written +/- or -/+.
    say(&mut s, 64_000, Seat::Arbiter, "result -/+");
    let ev = say(&mut s, 64_100, Seat::Arbiter, "yes");
    assert_eq!(result(&ev).map(|r| r.0), Some("0-1".to_string()), "{ev:?}");
    // Only the arbiter.
    let ev = say(&mut s, 65_000, Seat::White, "result 1-0");
    assert!(result(&ev).is_none(), "{ev:?}");
}
