//! Clocks stay true across a crash (issue 31, point 7): while a clock runs,
//! `hector serve` journals it, so a kill -9 in the middle of a player's
//! think charges him that think; the interruption is the real time the
//! board was down, and every page that comes back hears of it.

mod serve_util;

use std::time::{Duration, Instant};

use futures_util::StreamExt;
use hector::service::journal::Journal;
use serde_json::Value;
use serve_util::{Serve, TempDir, next};

/// The journal's last interruption lasts from the last heartbeat (at most
/// a second before the kill, which came 2 s before the restart) to the
/// restart, `down` ms after the kill.
fn assert_interrupted_for_the_downtime(journal: &std::path::Path, down: u64) {
    let rows = Journal::open_read_only(journal)
        .unwrap()
        .rows_after(0)
        .unwrap();
    let ms = rows
        .iter()
        .rev()
        .find_map(|r| r.command.get("interrupted_ms").and_then(Value::as_u64))
        .expect("an interrupted row");
    assert!(
        ms >= 2000 && ms <= down + 1500,
        "interrupted for {ms} ms; down {down} ms after the kill"
    );
}

const GAME: &[&str] = &["--control", "300+2", "--blind", "black", "--locale", "en"];

#[test]
fn kill_9_five_seconds_into_a_think_charges_the_player_and_every_page_hears_of_it() {
    let dir = TempDir::new("serve-crash");
    let journal = dir.0.join("board.sqlite");
    let mut s = Serve::start(&journal, GAME);
    let mut c = s.client();
    let (white, black, arbiter) = (s.token("white"), s.token("black"), s.token("arbiter"));
    assert_eq!(c.command(&arbiter, "start clock").unwrap().status, 200);
    assert_eq!(c.command(&white, "e4").unwrap().status, 200);
    let before = c.state(&black).unwrap().json();
    assert_eq!(before["clock"]["running"], "black");
    let black_before = before["clock"]["black_ms"].as_u64().unwrap();
    // Black thinks five seconds; the board dies under him.
    std::thread::sleep(Duration::from_secs(5));
    s.child.kill().unwrap();
    s.child.wait().unwrap();
    let killed = Instant::now();
    std::thread::sleep(Duration::from_secs(2));

    let s = Serve::start_raw(&journal, &[]);
    let down = killed.elapsed().as_millis() as u64;
    let mut c = s.client();
    let after = c.state(&black).unwrap().json();
    assert_eq!(
        after["clock"]["running"],
        Value::Null,
        "stopped for the arbiter"
    );
    let black_after = after["clock"]["black_ms"].as_u64().unwrap();
    let charged = black_before - black_after;
    assert!(
        (4000..=5500).contains(&charged),
        "Black thought 5 s before the crash and was charged {charged} ms"
    );
    assert_eq!(
        after["clock"]["white_ms"], before["clock"]["white_ms"],
        "White's clock did not run"
    );

    // The interruption is the time the board was down: from the last
    // heartbeat (at most a second before the kill) to the restart.
    assert_interrupted_for_the_downtime(&journal, down);

    // Pages reconnect after the restart: the arbiter's and the blind
    // player's hear the interruption; the game goes on afterwards.
    let addr = s.urls.addr().unwrap();
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    rt.block_on(async {
        for token in [&arbiter, &black] {
            let url = format!("ws://{addr}/api/events?token={token}");
            let mut ws = tokio_tungstenite::connect_async(url)
                .await
                .expect("socket")
                .0;
            let e = next(&mut ws).await;
            assert_eq!(e["kind"], "interrupted", "{e}");
            assert!(
                e["text"].as_str().is_some_and(|t| !t.is_empty()),
                "a sentence: {e}"
            );
        }
    });
    assert_eq!(c.command(&arbiter, "start clock").unwrap().status, 200);
    // Once the game goes on, a page that connects is not told again.
    rt.block_on(async {
        let url = format!("ws://{addr}/api/events?token={arbiter}");
        let mut ws = tokio_tungstenite::connect_async(url)
            .await
            .expect("socket")
            .0;
        let quiet = tokio::time::timeout(Duration::from_millis(600), ws.next()).await;
        assert!(quiet.is_err(), "nothing old on a new socket: {quiet:?}");
    });
}

#[test]
fn a_stop_with_sigterm_charges_the_think_up_to_the_stop() {
    let dir = TempDir::new("serve-term");
    let journal = dir.0.join("board.sqlite");
    let s = Serve::start(&journal, GAME);
    let mut c = s.client();
    let (white, arbiter) = (s.token("white"), s.token("arbiter"));
    assert_eq!(c.command(&arbiter, "start clock").unwrap().status, 200);
    let before = c.state(&white).unwrap().json()["clock"]["white_ms"]
        .as_u64()
        .unwrap();
    std::thread::sleep(Duration::from_millis(2300));
    assert_eq!(s.stop(), Some(0));
    let s = Serve::start_raw(&journal, &[]);
    let after = s.client().state(&white).unwrap().json()["clock"]["white_ms"]
        .as_u64()
        .unwrap();
    let charged = before as i64 - after as i64;
    assert!(
        charged >= 2250,
        "White thought 2.3 s until the stop and was charged {charged} ms"
    );
}

/// Issue 43 point 8: "interrupted for" is measured with the machine's time
/// since boot, not the wall clock: a wall clock set back a day between the
/// crash and the restart (here: the last heartbeat's wall time moved a day
/// ahead, as it would read then) still gives the seconds the board was down,
/// not "zero seconds".
#[test]
fn the_interruption_is_measured_whatever_the_wall_clock_did() {
    let dir = TempDir::new("serve-crash-wall");
    let journal = dir.0.join("board.sqlite");
    let mut s = Serve::start(&journal, GAME);
    let mut c = s.client();
    let (white, arbiter) = (s.token("white"), s.token("arbiter"));
    assert_eq!(c.command(&arbiter, "start clock").unwrap().status, 200);
    assert_eq!(c.command(&white, "e4").unwrap().status, 200);
    std::thread::sleep(Duration::from_secs(3));
    s.child.kill().unwrap();
    s.child.wait().unwrap();
    let killed = Instant::now();
    {
        let db = rusqlite::Connection::open(&journal).unwrap();
        let hb: String = db
            .query_row(
                "SELECT value FROM config WHERE key = 'serve.heartbeat'",
                [],
                |r| r.get(0),
            )
            .expect("a heartbeat of the running clock");
        let parts: Vec<&str> = hb.split(' ').collect();
        assert_eq!(
            parts.len(),
            4,
            "time, wall clock, boot, time since boot: {hb}"
        );
        let wall: u64 = parts[1].parse().unwrap();
        let moved = format!(
            "{} {} {} {}",
            parts[0],
            wall + 86_400_000,
            parts[2],
            parts[3]
        );
        db.execute(
            "UPDATE config SET value = ?1 WHERE key = 'serve.heartbeat'",
            [moved],
        )
        .unwrap();
    }
    std::thread::sleep(Duration::from_secs(2));
    let s = Serve::start_raw(&journal, &[]);
    let down = killed.elapsed().as_millis() as u64;
    assert_interrupted_for_the_downtime(&journal, down);
    drop(s);
}
