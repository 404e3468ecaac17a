//! `hector serve` with the front ends at the board itself (FIDE Laws 2023,
//! Appendix D): the blind player types his move on his Braille display
//! (the Baum emulator on a socat pty) and confirms the read-back there
//! (D.2.1), the sighted player repeats it and answers on his DGT e-board
//! (the DGT emulator on another pty), the arbiter starts the clocks from
//! his page's API — all one served game, journaled: after `kill -9` the
//! restarted service has every move.

mod common;
mod serve_util;
mod support;

use std::time::{Duration, Instant};

use common::{AtTheBoard, EmuRun, dgt_step as step, need};
use hector::braille::Cell;
use hector::braille::driver::KeyEvent;
use serve_util::Serve;
use shakmaty::{Color, Piece, Role, Square};

const MOVES: &str = "e4 c5 Nf3 d6 d4 cxd4 Nxd4 Nf6 Nc3 a6 Be3 e5";

fn key(display: &EmuRun, dots: &str) {
    display.press(&KeyEvent::Chord {
        dots: Cell::from_dots(dots).unwrap(),
        space: false,
    });
    std::thread::sleep(Duration::from_millis(60));
}

/// The served game's PGN (any seat's token reads it).
fn pgn(serve: &Serve) -> String {
    let mut c = serve.client();
    let a = c
        .request("GET", "/game.pgn", Some(&serve.token("watch")), b"")
        .unwrap();
    assert_eq!(a.status, 200, "{}", a.body);
    a.body
}

/// Waits (at most 30 s) until the PGN contains `what`.
fn wait_pgn(serve: &Serve, what: &str) -> String {
    let t0 = Instant::now();
    loop {
        let p = pgn(serve);
        if p.contains(what) || t0.elapsed() > Duration::from_secs(30) {
            assert!(
                p.contains(what),
                "waited for {what:?} in the PGN; got:\n{p}\nstderr:\n{}",
                serve.stderr_text()
            );
            return p;
        }
        std::thread::sleep(Duration::from_millis(100));
    }
}

#[test]
fn d_2_braille_display_and_eboard_play_a_served_game_that_survives_kill_9() {
    if !need(&["socat"]) {
        return;
    }
    let dir = common::TempDir::new("serve-local");
    let journal = std::path::PathBuf::from(dir.path("board.sqlite"));
    let board = AtTheBoard::new(&dir, MOVES);
    let (display, dgt) = (&board.display, &board.dgt);

    let braille = board.braille.clone();
    let eboard = board.eboard();
    let serve = Serve::start(
        &journal,
        &[
            "--braille",
            &braille,
            "--eboard",
            &eboard,
            "--control",
            "300+2",
            "--moves",
            MOVES,
        ],
    );
    // The display shows the position as soon as the board is served.
    assert!(
        common::wait_for("the display's first line", 10_000, || display.writes() > 0),
        "nothing was written to the Braille display; stderr:\n{}",
        serve.stderr_text()
    );
    // The arbiter starts the clocks from his page (the API it uses).
    let mut arbiter = serve.client();
    let a = arbiter
        .command(&serve.token("arbiter"), "start clock")
        .unwrap();
    assert_eq!(a.status, 200, "{}", a.body);

    // D.2.1: the blind player (White) types S f 3 and ends the move (dot 8);
    // the read-back waits for his confirmation: nothing is played yet.
    for d in ["234", "124", "25", "8"] {
        key(display, d);
    }
    let readback = hector::braille::brf::text_cells("Springer Felix drei?");
    assert!(
        common::wait_for("the read-back on the display", 10_000, || display.display()
            [..readback.len()]
            == readback[..]),
        "{:?}; stderr:\n{}",
        display.display(),
        serve.stderr_text()
    );
    let before = pgn(&serve);
    assert!(
        !before.contains("Nf3 Be7") && !before.contains("7. Nf3"),
        "the move was made before it was confirmed:\n{before}"
    );
    let shown = display.writes();
    // Dot 8 again: confirmed, made, journaled.
    key(display, "8");
    wait_pgn(&serve, "7. Nf3");
    // The sighted player repeats it on his e-board and plays Be7 there.
    step(
        dgt,
        Square::D4,
        Some((
            Square::F3,
            Piece {
                color: Color::White,
                role: Role::Knight,
            },
        )),
    );
    step(
        dgt,
        Square::F8,
        Some((
            Square::E7,
            Piece {
                color: Color::Black,
                role: Role::Bishop,
            },
        )),
    );
    let p = wait_pgn(&serve, "7. Nf3");
    let p = if p.contains("Be7") {
        p
    } else {
        wait_pgn(&serve, "Be7")
    };
    assert!(p.contains("[%clk"), "the clocks ran: {p}");
    // The opponent's move reached the blind player's display.
    assert!(
        common::wait_for("the display to show Black's move", 5_000, || display
            .writes()
            > shown),
        "the display was not updated"
    );
    let state = serve.client().state(&serve.token("white")).unwrap().json();
    assert_eq!(
        state["status"]["ply"].as_u64().or(state["ply"].as_u64()),
        Some(14),
        "{state}"
    );

    // Everything the devices did was journaled: kill -9 and resume.
    drop(serve);
    let again = Serve::start(&journal, &[]);
    let p = pgn(&again);
    assert!(
        p.contains("7. Nf3") && p.contains("7... Be7"),
        "after kill -9 the game is:\n{p}"
    );
}

/// D.2.1 by voice at a served board: the blind player says his move into
/// the microphone (an ALSA file device playing fixture speech), hears it
/// read back and says "ja"; the move is in the served game and survives
/// `kill -9`.
#[cfg(feature = "mic")]
#[test]
fn d_2_1_a_spoken_and_confirmed_move_at_a_served_board() {
    use support::{quiet as noise, speech as fixture};
    if hector::speech::engine::open("pocketsphinx", None).is_err() {
        support::skip("PocketSphinx is not usable here; run ./setup.sh");
        return;
    }
    let dir = common::TempDir::new("serve-voice");
    let journal = std::path::PathBuf::from(dir.path("board.sqlite"));
    let mut audio = noise(1500, 1);
    audio.extend(fixture("de-015.wav")); // "springer felix drei"
    audio.extend(noise(1200, 3));
    audio.extend(fixture("extra-ja-de.wav"));
    audio.extend(noise(2500, 4));
    let conf = support::file_microphone(&dir.0, &audio);
    // The microphone: ALSA's default device reads the file (in the child only).
    let serve = serve_util::Serve::start_env(
        &journal,
        &["--voice", "--speech", "text", "--moves", MOVES],
        &[("ALSA_CONFIG_PATH", conf.to_str().unwrap())],
    );
    let p = wait_pgn(&serve, "7. Nf3");
    assert!(!p.contains("7... "), "{p}");
    drop(serve);
    let again = Serve::start(&journal, &[]);
    let p = pgn(&again);
    assert!(p.contains("7. Nf3"), "after kill -9 the game is:\n{p}");
}

/// A DGT e-board unplugged at a served board and plugged in again (the
/// sighted player's moves are then read by nobody): the arbiter's page
/// gets both as `device` events on its socket, a spectator gets neither,
/// and the journal keeps them.
#[test]
fn a_served_eboard_gone_and_back_reaches_the_arbiters_page() {
    use futures_util::StreamExt;
    use hector::lab::eboard::emulator::{Emulator as Dgt, PtyPair};
    use serde_json::Value;
    use shakmaty::{Chess, Position};
    if !need(&["socat"]) {
        return;
    }
    let dir = common::TempDir::new("serve-unplug");
    let journal = std::path::PathBuf::from(dir.path("board.sqlite"));
    let boards = dir.0.join("dgt");
    std::fs::create_dir_all(&boards).unwrap();
    let mut pair = PtyPair::spawn(&boards).unwrap();
    let start = Chess::default().board().clone();
    let dgt = Dgt::attach(&pair.board, start.clone()).unwrap();
    let eboard = format!("dgt:{}", pair.host.display());
    let serve = Serve::start(&journal, &["--eboard", &eboard]);
    assert!(dgt.wait_update_mode(Duration::from_secs(10)));
    let addr = serve.urls.addr().unwrap();
    let (arbiter, watch) = (serve.token("arbiter"), serve.token("watch"));
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    let (gone, back, seen_by_watch) = rt.block_on(async {
        let connect = |t: String| async move {
            tokio_tungstenite::connect_async(format!("ws://{addr}/api/events?token={t}"))
                .await
                .expect("socket")
                .0
        };
        let mut arb = connect(arbiter).await;
        let mut spectator = connect(watch).await;
        tokio::time::sleep(Duration::from_millis(200)).await;
        // The next `device` event on a socket (at most `secs`).
        async fn device(
            ws: &mut tokio_tungstenite::WebSocketStream<
                tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>,
            >,
            secs: u64,
        ) -> Option<Value> {
            let until = tokio::time::Instant::now() + Duration::from_secs(secs);
            loop {
                let m = tokio::time::timeout_at(until, ws.next())
                    .await
                    .ok()??
                    .ok()?;
                // (The board's pings are answered by the socket itself.)
                if m.is_ping() || m.is_pong() {
                    continue;
                }
                let v: Value = serde_json::from_str(m.to_text().ok()?).ok()?;
                if v["kind"] == "device" {
                    return Some(v);
                }
            }
        }
        drop(dgt);
        pair.stop();
        let gone = device(&mut arb, 20).await;
        let pair = PtyPair::spawn(&boards).unwrap();
        let dgt = Dgt::attach(&pair.board, start).unwrap();
        let back = device(&mut arb, 20).await;
        let seen_by_watch = device(&mut spectator, 1).await;
        drop(dgt);
        drop(pair);
        (gone, back, seen_by_watch)
    });
    let gone = gone.unwrap_or_else(|| panic!("no device event; stderr:\n{}", serve.stderr_text()));
    assert_eq!(
        (&gone["device"], &gone["seat"], &gone["reachable"]),
        (
            &Value::from("eboard"),
            &Value::from("black"),
            &Value::from(false)
        ),
        "{gone}"
    );
    assert!(
        gone["text"].as_str().is_some_and(|t| t.contains("DGT")),
        "worded for the page: {gone}"
    );
    let back = back.expect("the board's return was told");
    assert_eq!(back["reachable"], true, "{back}");
    assert!(seen_by_watch.is_none(), "a spectator saw {seen_by_watch:?}");
    // Journaled: the service read back after a restart has both.
    drop(serve);
    let j = hector::service::journal::Journal::open_read_only(&journal).unwrap();
    let rows = j.rows_after(0).unwrap();
    let devices: Vec<bool> = rows
        .iter()
        .filter_map(|r| {
            r.command
                .get("device")
                .map(|_| r.command["reachable"] == true)
        })
        .collect();
    // Gone, then back; the board taken away again at the end of the test
    // may be journaled too before the service stops. Each change once.
    assert!(devices.starts_with(&[false, true]), "{devices:?}");
    assert!(devices.windows(2).all(|w| w[0] != w[1]), "{devices:?}");
}
