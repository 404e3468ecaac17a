//! `hector serve --hall`: a served board publishes its committed rows to
//! the tournament hall (a real nats-server and `hector hall`); after a
//! kill -9 and a restart on the same journal the hall still has every move.

mod serve_util;

#[path = "hall_support/mod.rs"]
mod hall_support;

use hall_support::{TempDir, broker, get, hall, wait_boards};
use serve_util::Serve;

#[test]
fn a_served_board_reaches_the_hall_and_survives_a_kill() {
    let dir = TempDir::new("serve-hall");
    let Some(broker) = broker(&dir) else { return };
    let hall = hall(&broker, "serve-open");
    let url = broker.url();
    let args = [
        "--hall",
        url.as_str(),
        "--tournament",
        "serve-open",
        "--board",
        "5",
        "--control",
        "300+2",
        "--blind",
        "none",
        "--locale",
        "en",
        "--white",
        "Anna",
        "--black",
        "Bella",
    ];
    let journal = dir.0.join("board5.sqlite");
    let mut s = Serve::start(&journal, &args);
    let mut c = s.client();
    for (seat, mv) in [("white", "d4"), ("black", "Nf6"), ("white", "c4")] {
        let a = c.command(&s.token(seat), mv).unwrap();
        assert!(a.body.contains("\"moved\""), "{mv}: {}", a.body);
    }
    wait_boards(&hall, "board 5 with three moves", |v| {
        v.as_array()
            .is_some_and(|a| a.iter().any(|b| b["board"] == 5 && b["ply"] == 3))
    });
    // kill -9, restart on the same journal, play on.
    let _ = s.child.kill();
    let _ = s.child.wait();
    drop(s);
    let s = Serve::start(&journal, &args);
    let mut c = s.client();
    c.command(&s.token("arbiter"), "start clock").unwrap();
    let a = c.command(&s.token("black"), "e6").unwrap();
    assert!(a.body.contains("\"moved\""), "{}", a.body);
    wait_boards(&hall, "board 5 after the restart", |v| {
        v.as_array()
            .is_some_and(|a| a.iter().any(|b| b["board"] == 5 && b["ply"] == 4))
    });
    let (code, pgn) = get(&hall, "/round.pgn");
    assert_eq!(code, 200);
    assert!(
        pgn.contains("1. d4") && pgn.contains("Nf6") && pgn.contains("2. c4") && pgn.contains("e6"),
        "{pgn}"
    );
    assert!(pgn.contains("[White \"Anna\"]"), "{pgn}");
}
