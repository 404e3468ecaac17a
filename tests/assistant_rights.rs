//! The assistant's rights (FIDE Laws 2023, D.2.10, D.2.11), as an arbiter
//! tries their edges.

use hector::session::{Command, Config, Event, Kind, Refusal, Seat, Session, Side};

fn game(assistant_for: Option<Side>) -> Session {
    Session::new(&Config {
        locale: "en".into(),
        control: Some("300+2".into()),
        assistant_for,
        ..Config::default()
    })
    .expect("session")
}

fn say(s: &mut Session, t: u64, from: Seat, text: &str) -> Vec<Event> {
    s.apply(&Command::text(t, from, text))
}

fn refusal(ev: &[Event]) -> Option<Refusal> {
    ev.iter().find_map(|e| match &e.kind {
        Kind::Refused { why } => Some(why.clone()),
        _ => None,
    })
}

/// D.2.1, D.2.8: the blind player's announced move waits for his own yes
/// or no; the assistant cannot make another move over it.
#[test]
fn d_2_8_the_assistant_cannot_override_a_pending_read_back() {
    let mut s = game(None);
    let ev = say(&mut s, 100, Seat::White, "Springer Felix drei");
    assert!(matches!(ev[0].kind, Kind::Readback { .. }), "{ev:?}");
    let ev = say(&mut s, 200, Seat::Assistant, "Springer Hector drei");
    assert_eq!(refusal(&ev), Some(Refusal::AwaitingPlayer), "{ev:?}");
    assert_eq!(s.status(200).ply, 0, "no move made over the read-back");
    // The player's own yes still makes his move.
    let ev = say(&mut s, 300, Seat::White, "yes");
    assert!(
        ev.iter()
            .any(|e| matches!(&e.kind, Kind::Moved { san, .. } if san == "Nf3")),
        "{ev:?}"
    );
    // With nothing pending the assistant relays moves as before (D.2.10.1).
    let ev = say(&mut s, 400, Seat::Assistant, "e5");
    assert!(
        ev.iter().any(|e| matches!(e.kind, Kind::Moved { .. })),
        "{ev:?}"
    );
}

/// D.2.11: the sighted player's assistant may only make and announce the
/// moves (D.2.10.1–2): no claim on time, no touched-piece report, no
/// illegal-move claim, no questions of time, no press.
#[test]
fn d_2_11_the_sighted_players_assistant_only_relays_moves() {
    let mut s = Session::new(&Config {
        locale: "en".into(),
        control: Some("300+2".into()),
        blind: hector::session::Blind::White,
        assistant_for: Some(Side::Black),
        ..Config::default()
    })
    .expect("session");
    say(&mut s, 100, Seat::White, "e4");
    say(&mut s, 200, Seat::White, "yes");
    for line in [
        "claim flag",
        "touched knight g8",
        "illegal white",
        "time",
        "my time",
        "moves",
        "press",
        "draw",
    ] {
        let ev = say(&mut s, 300, Seat::Assistant, line);
        assert!(
            matches!(refusal(&ev), Some(Refusal::NotYourRight { .. })),
            "{line}: {ev:?}"
        );
    }
    let ev = say(&mut s, 400, Seat::Assistant, "e5");
    assert!(
        ev.iter().any(|e| matches!(e.kind, Kind::Moved { .. })),
        "{ev:?}"
    );
    // The blind player's own assistant (D.2.10) keeps every right.
    let mut s = game(None);
    let ev = say(&mut s, 100, Seat::Assistant, "time");
    assert!(refusal(&ev).is_none(), "{ev:?}");
    // His claim on time is his right (D.2.10.5); it is checked against the
    // clock, not refused for his seat.
    let ev = say(&mut s, 200, Seat::Assistant, "claim flag");
    assert!(
        !matches!(refusal(&ev), Some(Refusal::NotYourRight { .. })),
        "{ev:?}"
    );
}
