//! `hector serve` over HTTP as its pages and other programs use it: seat
//! tokens, malformed requests, the WebSocket of events, the live PGN, the
//! journal's resume after a stop, and a clean stop on SIGTERM.

mod serve_util;

use std::time::Duration;

use futures_util::SinkExt;
use hector::service::client::Client;
use serde_json::Value;
use serve_util::{Serve, TempDir, next};

const GAME: &[&str] = &["--control", "300+2", "--blind", "none", "--locale", "en"];

fn kinds(v: &Value) -> Vec<String> {
    v.as_array()
        .map(|l| {
            l.iter()
                .filter_map(|e| e.get("kind").and_then(Value::as_str).map(str::to_string))
                .collect()
        })
        .unwrap_or_default()
}

fn position(c: &mut Client, token: &str) -> (Value, Value, Value) {
    let s = c.state(token).expect("state").json();
    (
        s["fen"].clone(),
        s["ply"].clone(),
        s["clock"]["running"].clone(),
    )
}

#[test]
fn seat_tokens_decide_who_may_do_what_and_nothing_changes_on_a_refusal() {
    let dir = TempDir::new("serve-tokens");
    let s = Serve::start(&dir.0.join("board.sqlite"), GAME);
    let mut c = s.client();
    let (white, black, watch, arbiter) = (
        s.token("white"),
        s.token("black"),
        s.token("watch"),
        s.token("arbiter"),
    );
    let before = position(&mut c, &watch);

    // Missing and wrong tokens: 401, for every route that needs one.
    for (method, path) in [
        ("POST", "/api/command"),
        ("GET", "/api/state"),
        ("GET", "/game.pgn"),
        ("GET", "/api/clock"),
    ] {
        let body: &[u8] = if method == "POST" {
            br#"{"text": "e4"}"#
        } else {
            b""
        };
        let a = c.request(method, path, None, body).unwrap();
        assert_eq!(a.status, 401, "{method} {path} without a token: {}", a.body);
        assert!(
            a.json()["error"].as_str().unwrap().contains("token"),
            "{}",
            a.body
        );
        let last = if white.ends_with('0') { '1' } else { '0' };
        let wrong = format!("{}{last}", &white[..white.len() - 1]);
        let a = c.request(method, path, Some(&wrong), body).unwrap();
        assert_eq!(a.status, 401, "{method} {path} with a wrong token");
    }
    // A spectator reads but cannot act.
    let a = c.command(&watch, "e4").unwrap();
    assert_eq!(a.status, 403, "{}", a.body);
    assert_eq!(c.state(&watch).unwrap().status, 200);
    // Another seat's move: refused, only to the one who asked.
    let a = c.command(&black, "e4").unwrap();
    assert_eq!(a.status, 200);
    assert_eq!(kinds(&a.json()), vec!["refused"], "{}", a.body);
    assert_eq!(a.json()[0]["to"], serde_json::json!(["black"]));
    // Only the arbiter starts the clocks.
    let a = c.command(&white, "start clock").unwrap();
    assert!(
        kinds(&a.json()).contains(&"refused".to_string()),
        "{}",
        a.body
    );
    assert_eq!(position(&mut c, &watch), before, "refusals change nothing");

    // The arbiter starts the clock; White moves; the reply holds White's events.
    assert_eq!(c.command(&arbiter, "start clock").unwrap().status, 200);
    let a = c.command(&white, "e4").unwrap();
    assert_eq!(a.status, 200);
    let moved = a.json();
    let m = moved
        .as_array()
        .unwrap()
        .iter()
        .find(|e| e["kind"] == "moved")
        .expect("moved");
    assert_eq!(m["san"], "e4");
    assert_eq!(m["ply"], 1);
    assert_eq!(m["by"], "white");
    assert!(m["t"].is_u64() && m["text"].is_string(), "{m}");
    let (_, ply, running) = position(&mut c, &watch);
    assert_eq!((ply, running), (Value::from(1), Value::from("black")));
    assert_eq!(s.stop(), Some(0), "SIGTERM stops hector serve cleanly");
}

#[test]
fn malformed_and_oversized_requests_get_a_sentence_and_change_nothing() {
    let dir = TempDir::new("serve-bad");
    let s = Serve::start(&dir.0.join("board.sqlite"), GAME);
    let mut c = s.client();
    let white = s.token("white");
    c.command(&s.token("arbiter"), "start clock").unwrap();
    let before = position(&mut c, &white);
    let big = format!(r#"{{"text": "{}"}}"#, "a".repeat(5000));
    let cases: Vec<(&[u8], u16)> = vec![
        (big.as_bytes(), 413),
        (b"not json", 400),
        (b"", 400),
        (b"{}", 400),
        (br#"{"text": 42}"#, 400),
        (br#"["e4"]"#, 400),
        (b"\xff\xfe\x00{\"text\":", 400),
        (b"{\"text\": \"e4\xff\"}", 400),
    ];
    for (body, want) in cases {
        let a = c
            .request("POST", "/api/command", Some(&white), body)
            .unwrap();
        assert_eq!(
            a.status,
            want,
            "{:?}: {}",
            String::from_utf8_lossy(body),
            a.body
        );
        let sentence = a.json()["error"].as_str().unwrap_or("").to_string();
        assert!(
            sentence.ends_with('.') && sentence.len() > 10,
            "a sentence: {}",
            a.body
        );
    }
    // Text that is no move and no command: a refused event, in the reply.
    for text in [
        "",
        "   ",
        "\u{0}\u{1}",
        "Springer Zebra neun",
        &"x".repeat(4000),
    ] {
        let a = c.command(&white, text).unwrap();
        if a.status == 413 {
            continue;
        }
        assert_eq!(a.status, 200, "{text:?}: {}", a.body);
        assert!(
            kinds(&a.json()).iter().all(|k| k == "refused"),
            "{text:?}: {}",
            a.body
        );
    }
    // Unknown routes, a WebSocket route without the upgrade, a page's assets.
    assert_eq!(
        c.request("GET", "/nothing/here", None, b"").unwrap().status,
        404
    );
    assert_eq!(
        c.request("GET", "/api/events", Some(&white), b"")
            .unwrap()
            .status,
        400
    );
    assert_eq!(
        c.request("DELETE", "/api/state", Some(&white), b"")
            .unwrap()
            .status,
        405
    );
    assert_eq!(position(&mut c, &white), before, "nothing changed");
    // Still serving.
    assert_eq!(c.command(&white, "e4").unwrap().status, 200);
    assert_eq!(position(&mut c, &white).1, Value::from(1));
}

/// Found by the `http` fuzz target: a route asked with a method it does not
/// take was answered 405 with an empty body, the one refusal without a
/// sentence.
#[test]
fn a_method_a_route_does_not_take_is_refused_with_a_sentence() {
    let dir = TempDir::new("serve-method");
    let s = Serve::start(&dir.0.join("board.sqlite"), GAME);
    let mut c = s.client();
    let white = s.token("white");
    let before = position(&mut c, &white);
    for (method, path) in [
        ("DELETE", "/api/state"),
        ("POST", "/api/state"),
        ("GET", "/api/command"),
        ("PUT", "/api/command"),
        ("PATCH", "/game.pgn"),
        ("POST", "/white"),
        ("DELETE", "/"),
    ] {
        let a = c
            .request(method, path, Some(&white), br#"{"text": "e4"}"#)
            .unwrap();
        assert_eq!(a.status, 405, "{method} {path}: {}", a.body);
        let sentence = a.json()["error"].as_str().unwrap_or("").to_string();
        assert!(
            sentence.ends_with('.') && sentence.len() > 10,
            "{method} {path}: a sentence: {:?}",
            a.body
        );
    }
    assert_eq!(position(&mut c, &white), before, "nothing changed");
}

#[test]
fn events_reach_each_seat_and_spectators_see_only_public_ones() {
    let dir = TempDir::new("serve-ws");
    let s = Serve::start(&dir.0.join("board.sqlite"), GAME);
    let addr = s.urls.addr().unwrap();
    let (white, black, watch) = (s.token("white"), s.token("black"), s.token("watch"));
    // The arbiter starts the clocks before the sockets open (6.6).
    s.client()
        .command(&s.token("arbiter"), "start clock")
        .unwrap();
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    rt.block_on(async {
        let connect = |t: &str| {
            let url = format!("ws://{addr}/api/events?token={t}");
            async move {
                tokio_tungstenite::connect_async(url)
                    .await
                    .expect("socket")
                    .0
            }
        };
        let mut ws_watch = connect(&watch).await;
        let mut ws_black = connect(&black).await;
        let bad =
            tokio_tungstenite::connect_async(format!("ws://{addr}/api/events?token=nope")).await;
        assert!(bad.is_err(), "a wrong token gets no socket");
        tokio::time::sleep(Duration::from_millis(100)).await;
        let w = white.clone();
        let (r1, r2) = tokio::task::spawn_blocking(move || {
            let mut c = Client::new(addr);
            (c.command(&w, "e5").unwrap(), c.command(&w, "e4").unwrap())
        })
        .await
        .unwrap();
        assert_eq!(kinds(&r1.json()), vec!["refused"]);
        let e = next(&mut ws_watch).await;
        assert_eq!(
            e["kind"], "moved",
            "the spectator's first event is the move, not White's refusal: {e}"
        );
        assert_eq!(e["san"], "e4");
        let e = next(&mut ws_black).await;
        assert_eq!(e["kind"], "moved");
        let reply = r2.json();
        assert_eq!(
            reply
                .as_array()
                .unwrap()
                .iter()
                .find(|e| e["kind"] == "moved"),
            Some(&e),
            "same JSON in the reply and the socket"
        );
        let _ = ws_watch
            .send(tokio_tungstenite::tungstenite::Message::Close(None))
            .await;
    });
}

#[test]
fn the_live_pgn_has_the_tag_roster_and_clock_times() {
    let dir = TempDir::new("serve-pgn");
    let mut args = GAME.to_vec();
    args.extend([
        "--event",
        "Open A",
        "--site",
        "Hamburg GER",
        "--round",
        "3",
        "--white",
        "Anna, B.",
        "--black",
        "Cesar, D.",
    ]);
    let s = Serve::start(&dir.0.join("board.sqlite"), &args);
    let mut c = s.client();
    c.command(&s.token("arbiter"), "start clock").unwrap();
    for (seat, mv) in [("white", "e4"), ("black", "c5"), ("white", "Nf3")] {
        let a = c.command(&s.token(seat), mv).unwrap();
        assert!(
            kinds(&a.json()).contains(&"moved".to_string()),
            "{mv}: {}",
            a.body
        );
    }
    let a = c
        .request(
            "GET",
            &format!("/game.pgn?token={}", s.token("watch")),
            None,
            b"",
        )
        .unwrap();
    assert_eq!(a.status, 200);
    let pgn = a.body;
    for tag in [
        "[Event \"Open A\"]",
        "[Site \"Hamburg GER\"]",
        "[Round \"3\"]",
        "[White \"Anna, B.\"]",
        "[Black \"Cesar, D.\"]",
        "[TimeControl \"300+2\"]",
    ] {
        assert!(pgn.contains(tag), "{tag} in\n{pgn}");
    }
    assert!(pgn.contains("[Date \"20"), "{pgn}");
    let clks = pgn.matches("[%clk 0:0").count();
    assert_eq!(clks, 3, "a clock comment after every move:\n{pgn}");
    assert!(
        pgn.contains("1. e4 {[%clk 0:05:0") && pgn.contains("c5 {[%clk 0:05:0"),
        "{pgn}"
    );
}

#[test]
fn a_restart_on_the_same_journal_resumes_with_the_clocks_stopped_and_the_same_addresses() {
    let dir = TempDir::new("serve-resume");
    let journal = dir.0.join("board.sqlite");
    let s = Serve::start(&journal, GAME);
    let urls = s.urls.seats.clone();
    let mut c = s.client();
    let (white, black, arbiter) = (s.token("white"), s.token("black"), s.token("arbiter"));
    c.command(&arbiter, "start clock").unwrap();
    c.command(&white, "d4").unwrap();
    std::thread::sleep(Duration::from_millis(300));
    c.command(&black, "d5").unwrap();
    let before = c.state(&white).unwrap().json();
    assert_eq!(s.stop(), Some(0));
    std::thread::sleep(Duration::from_millis(400));

    // Other options on a resumed journal do not change its game.
    // Without --port it serves on the port of its last run: every seat's
    // address stays valid.
    let s = Serve::start_raw(&journal, &["--control", "60+0", "--blind", "none"]);
    assert_eq!(s.urls.seats, urls, "every seat keeps its address");
    let mut c = s.client();
    let after = c.state(&white).unwrap().json();
    assert_eq!(after["fen"], before["fen"]);
    assert_eq!(after["ply"], 2);
    assert_eq!(
        after["clock"]["running"],
        Value::Null,
        "clocks paused after the restart"
    );
    // White's clock ran from Black's move to the stop, and that time is
    // his (issue 31: the stop journals the running clock): a little less
    // than when before["clock"] was read, a moment after Black's move.
    let wb = before["clock"]["white_ms"].as_u64().unwrap();
    let wa = after["clock"]["white_ms"].as_u64().unwrap();
    assert!(wa <= wb && wb - wa < 1000, "white {wb} before, {wa} after");
    assert_eq!(after["clock"]["black_ms"], before["clock"]["black_ms"]);
    assert!(s.stderr_text().contains("Resuming"), "{}", s.stderr_text());
    std::thread::sleep(Duration::from_millis(300));
    assert_eq!(
        c.state(&white).unwrap().json()["clock"],
        after["clock"],
        "the paused clock does not run"
    );
    c.command(&arbiter, "start clock").unwrap();
    assert_eq!(c.state(&white).unwrap().json()["clock"]["running"], "white");
    let a = c.command(&white, "c4").unwrap();
    assert!(
        kinds(&a.json()).contains(&"moved".to_string()),
        "{}",
        a.body
    );

    // The journal holds the interruption, with its length.
    let j = hector::service::journal::Journal::open_read_only(&journal).unwrap();
    let rows = j.rows_after(0).unwrap();
    let intr = rows
        .iter()
        .find(|r| r.command.get("interrupted_ms").is_some())
        .expect("an interrupted row");
    assert!(
        intr.command["interrupted_ms"].as_u64().unwrap() >= 300,
        "{:?}",
        intr.command
    );
    let seqs: Vec<i64> = rows.iter().map(|r| r.seq).collect();
    assert_eq!(seqs, (1..=seqs.len() as i64).collect::<Vec<_>>(), "no gaps");
}

/// Random requests (seeded from the clock, the seed printed on failure):
/// raw bytes, broken request lines and headers, random bodies and tokens on
/// every route. None may stop the server, give a 5xx or change the game.
#[test]
fn random_requests_never_stop_the_server_or_change_the_game() {
    use hector::rules::random::SplitMix64 as Rng;
    use std::io::{Read, Write};
    let seed = hector::service::journal::wall_ms();
    let mut rng = Rng::new(seed);
    let dir = TempDir::new("serve-random");
    let s = Serve::start(&dir.0.join("board.sqlite"), GAME);
    let addr = s.urls.addr().unwrap();
    let mut c = s.client();
    let watch = s.token("watch");
    let before = position(&mut c, &watch);
    let tokens = [
        s.token("white"),
        s.token("black"),
        watch.clone(),
        "x".repeat(32),
        String::new(),
    ];
    let paths = [
        "/api/command",
        "/api/state",
        "/api/clock",
        "/api/events",
        "/game.pgn",
        "/white",
        "/assets/app.js",
        "/",
        "/%ff%00",
        "/api/command?token=%zz",
        "/{seat}",
        "/assets/../../etc/passwd",
    ];
    let methods = [
        "GET", "POST", "PUT", "DELETE", "OPTIONS", "HEAD", "PATCH", "\u{0}", "G ET",
    ];
    let bodies: [&[u8]; 6] = [
        b"{\"text\": \"e5\"}",
        b"{\"text\": null}",
        b"{\"text\"",
        b"\xc3\x28",
        b"[]",
        b"{\"text\": \"stop clock\"}",
    ];
    for i in 0..400 {
        let mut req: Vec<u8> = Vec::new();
        match rng.below(4) {
            0 => {
                // Pure noise.
                let n = rng.below(300);
                req.extend((0..n).map(|_| rng.below(256) as u8));
            }
            _ => {
                let m = methods[rng.below(methods.len())];
                let p = paths[rng.below(paths.len())];
                let body = bodies[rng.below(bodies.len())];
                req.extend(format!("{m} {p} HTTP/1.1\r\nHost: x\r\n").bytes());
                if rng.below(2) == 0 {
                    let t = &tokens[rng.below(tokens.len())];
                    req.extend(format!("Authorization: Bearer {t}\r\n").bytes());
                }
                if rng.below(5) == 0 {
                    req.extend(b"Content-Length: 99999999999999999999\r\n");
                } else if rng.below(5) == 0 {
                    req.extend(b"Transfer-Encoding: chunked\r\n\r\nzz\r\n");
                } else {
                    req.extend(format!("Content-Length: {}\r\n", body.len()).bytes());
                }
                if rng.below(6) == 0 {
                    req.extend(b"Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Version: 13\r\n");
                }
                req.extend(b"\r\n");
                req.extend(body);
            }
        }
        if let Ok(mut stream) = std::net::TcpStream::connect(addr) {
            let _ = stream.set_read_timeout(Some(Duration::from_millis(300)));
            let _ = stream.write_all(&req);
            let _ = stream.shutdown(std::net::Shutdown::Write);
            let mut answer = Vec::new();
            let _ = stream.read_to_end(&mut answer);
            let head = String::from_utf8_lossy(&answer[..answer.len().min(12)]).to_string();
            assert!(
                !head.starts_with("HTTP/1.1 5"),
                "seed {seed}, request {i}: {head}: {:?}",
                String::from_utf8_lossy(&req)
            );
        }
    }
    // White's "e5" is illegal and a player's "stop clock" is refused, so
    // nothing that got through may have changed the game.
    assert_eq!(position(&mut c, &watch), before, "seed {seed}");
    assert_eq!(
        c.command(&s.token("white"), "e4").unwrap().status,
        200,
        "seed {seed}: still serving"
    );
    assert!(
        s.stderr_text().is_empty() || !s.stderr_text().contains("panicked"),
        "seed {seed}: {}",
        s.stderr_text()
    );
}

/// The events of a command's answer of one kind.
fn of_kind<'a>(v: &'a Value, kind: &str) -> Vec<&'a Value> {
    v.as_array()
        .map(|l| l.iter().filter(|e| e["kind"] == kind).collect())
        .unwrap_or_default()
}

/// D.2.10 with two blind players (`--blind both`): each has his own
/// assistant, with his own address and page (`/assistant-white`,
/// `/assistant-black`). An assistant's token plays his rights for his own
/// player only, and cannot confirm or replace the blind player's pending
/// move (D.2.1, D.2.8); the shared `assistant` seat is refused.
#[test]
fn each_blind_players_assistant_has_a_seat_with_his_rights_only() {
    let dir = TempDir::new("serve-assistants");
    let s = Serve::start(
        &dir.0.join("board.sqlite"),
        &["--control", "300+2", "--blind", "both", "--locale", "en"],
    );
    let seats: Vec<&str> = s.urls.seats.iter().map(|(w, _)| w.as_str()).collect();
    assert_eq!(
        seats,
        [
            "white",
            "black",
            "assistant",
            "assistant-white",
            "assistant-black",
            "arbiter",
            "watch"
        ]
    );
    let mut c = s.client();
    let (white, aw, ab, shared, arbiter, watch) = (
        s.token("white"),
        s.token("assistant-white"),
        s.token("assistant-black"),
        s.token("assistant"),
        s.token("arbiter"),
        s.token("watch"),
    );
    // Each assistant's page, titled for his player.
    let page = c
        .request("GET", &format!("/assistant-black?token={ab}"), None, b"")
        .unwrap();
    assert_eq!(page.status, 200);
    assert!(
        page.body
            .contains("<title>hector — assistant, Black</title>")
            && page.body.contains("data-seat=\"assistant-black\""),
        "{}",
        page.body
    );
    assert_eq!(c.state(&aw).unwrap().status, 200);
    assert_eq!(c.command(&arbiter, "start clock").unwrap().status, 200);

    // White announces; the read-back goes to him and his assistant only.
    let a = c.command(&white, "Nf3").unwrap().json();
    let rb = of_kind(&a, "readback");
    assert_eq!(rb.len(), 1, "{a}");
    assert_eq!(rb[0]["to"], serde_json::json!(["white", "assistant-white"]));
    let before = position(&mut c, &watch);
    // D.2.8: his assistant can neither replace nor confirm it.
    for text in ["Nh3", "yes"] {
        let a = c.command(&aw, text).unwrap().json();
        assert!(of_kind(&a, "moved").is_empty(), "{text}: {a}");
        let r = of_kind(&a, "refused");
        assert_eq!(r.len(), 1, "{text}: {a}");
        assert_eq!(r[0]["to"], serde_json::json!(["assistant-white"]));
        assert_eq!(position(&mut c, &watch), before, "{text} changed the game");
    }
    // The other assistant cannot either, nor can the shared seat act.
    let a = c.command(&ab, "yes").unwrap().json();
    assert!(of_kind(&a, "moved").is_empty(), "{a}");
    let a = c.command(&shared, "e5").unwrap().json();
    assert_eq!(of_kind(&a, "refused").len(), 1, "{a}");
    assert_eq!(position(&mut c, &watch), before);
    // White's own yes makes it.
    let a = c.command(&white, "yes").unwrap().json();
    assert_eq!(of_kind(&a, "moved")[0]["san"], "Nf3", "{a}");

    // Black's turn: White's assistant may not move for him; Black's may
    // (D.2.10.1) and asks the time for him (D.2.10.4).
    let a = c.command(&aw, "e5").unwrap().json();
    assert_eq!(of_kind(&a, "refused")[0]["why"], "not_your_turn", "{a}");
    let a = c.command(&ab, "e5").unwrap().json();
    let m = of_kind(&a, "moved");
    assert_eq!(m.len(), 1, "{a}");
    assert_eq!(
        (&m[0]["san"], &m[0]["via"]),
        (&Value::from("e5"), &Value::from("assistant-black"))
    );
    let a = c.command(&ab, "my time").unwrap().json();
    assert_eq!(of_kind(&a, "answer")[0]["player"], "black", "{a}");
    // A claim on time for his player is checked (the flag has not fallen).
    let a = c.command(&aw, "claim flag").unwrap().json();
    assert_eq!(
        of_kind(&a, "refused")[0]["reason"],
        "flag_not_fallen",
        "{a}"
    );
    // The arbiter's rights are not his.
    let a = c.command(&ab, "stop clock").unwrap().json();
    assert_eq!(of_kind(&a, "refused").len(), 1, "{a}");
    assert_eq!(position(&mut c, &watch).1, 2);
}

/// A journal written before the per-player assistant seats (five tokens)
/// still opens: its game resumes as it was played (then the clocks were
/// stopped at once and moves taken before the first start), the five
/// addresses stay, and the two new seats get tokens that stay too.
#[test]
fn a_journal_without_the_assistant_seats_opens_and_gets_them() {
    use hector::service::game::Game;
    use hector::service::journal::{Journal, Stored};
    let dir = TempDir::new("serve-old-journal");
    let journal = dir.0.join("board.sqlite");
    let config = serde_json::json!({"locale": "en", "control": "300+2", "blind": "both"});
    let old: Vec<(String, String)> = ["white", "black", "assistant", "arbiter", "watch"]
        .iter()
        .enumerate()
        .map(|(i, s)| (s.to_string(), format!("{:032x}", 0xabc0 + i)))
        .collect();
    {
        let mut j = Journal::open(&journal).unwrap();
        j.start(&Stored {
            config: config.clone(),
            tags: Vec::new(),
            tokens: old.clone(),
        })
        .unwrap();
        let mut g = Game::new(&config).unwrap();
        for (t, from, text) in [
            (0, "arbiter", "stop clock"),
            (1000, "white", "e4"),
            (1500, "white", "yes"),
        ] {
            let cmd = serde_json::json!({"t": t, "from": from, "text": text});
            let events = Value::Array(g.apply(&cmd));
            j.append(t, 1_700_000_000_000 + t, &cmd, &events).unwrap();
        }
    }
    let s = Serve::start(&journal, &["--blind", "both"]);
    for (seat, token) in &old {
        assert_eq!(&s.token(seat), token, "{seat} keeps its token");
    }
    let (aw, ab) = (s.token("assistant-white"), s.token("assistant-black"));
    assert_eq!(aw.len(), 32);
    assert_ne!(aw, ab);
    let mut c = s.client();
    let st = c.state(&aw).unwrap();
    assert_eq!(st.status, 200, "{}", st.body);
    assert_eq!(st.json()["ply"], 1, "the old game's move is kept");
    let err = s.stderr_text();
    assert!(!err.contains("other events"), "{err}");
    // Black's assistant plays for him once the arbiter starts the clocks.
    c.command(&s.token("arbiter"), "start clock").unwrap();
    let a = c.command(&ab, "e5").unwrap().json();
    assert_eq!(of_kind(&a, "moved").len(), 1, "{a}");
    assert_eq!(s.stop(), Some(0));
    std::thread::sleep(Duration::from_millis(300));
    let s = Serve::start(&journal, &["--blind", "both"]);
    assert_eq!(s.token("assistant-white"), aw, "the new tokens are kept");
    assert_eq!(s.token("assistant-black"), ab);
}

/// 6.6: a new served game with a clock takes no move before the arbiter
/// starts the clocks; a game without a clock needs no start.
#[test]
fn no_move_before_the_arbiter_starts_the_clocks() {
    let dir = TempDir::new("serve-no-start");
    let s = Serve::start(&dir.0.join("board.sqlite"), GAME);
    let mut c = s.client();
    let (white, watch) = (s.token("white"), s.token("watch"));
    let before = position(&mut c, &watch);
    assert_eq!(before.2, Value::Null, "no clock runs");
    let a = c.command(&white, "e4").unwrap().json();
    let r = of_kind(&a, "refused");
    assert_eq!(r.len(), 1, "{a}");
    assert_eq!(
        (&r[0]["why"], &r[0]["reason"]),
        (&Value::from("clock"), &Value::from("not_started"))
    );
    assert!(
        r[0]["text"]
            .as_str()
            .unwrap()
            .contains("arbiter starts them"),
        "{a}"
    );
    assert_eq!(position(&mut c, &watch), before);
    c.command(&s.token("arbiter"), "start clock").unwrap();
    let a = c.command(&white, "e4").unwrap().json();
    assert_eq!(of_kind(&a, "moved").len(), 1, "{a}");
    drop(s);

    let dir = TempDir::new("serve-no-clock");
    let s = Serve::start(
        &dir.0.join("board.sqlite"),
        &["--blind", "none", "--locale", "en"],
    );
    let mut c = s.client();
    let a = c.command(&s.token("white"), "e4").unwrap().json();
    assert_eq!(of_kind(&a, "moved").len(), 1, "{a}");
}

/// D.2.11 under `hector serve`: the sighted player's assistant
/// (`--assistant-for black`) has the `assistant` seat and its page; his
/// token makes and announces Black's moves and nothing else (no claim, no
/// report, no time).
#[test]
fn the_sighted_players_assistant_only_makes_his_moves() {
    let dir = TempDir::new("serve-d211");
    let s = Serve::start(
        &dir.0.join("board.sqlite"),
        &[
            "--control",
            "300+2",
            "--blind",
            "white",
            "--assistant-for",
            "black",
            "--locale",
            "en",
        ],
    );
    let seats: Vec<&str> = s.urls.seats.iter().map(|(w, _)| w.as_str()).collect();
    assert!(!seats.contains(&"assistant-white"), "{seats:?}");
    s.start_clocks();
    let mut c = s.client();
    let (white, assistant, watch) = (s.token("white"), s.token("assistant"), s.token("watch"));
    let page = c
        .request("GET", &format!("/assistant?token={assistant}"), None, b"")
        .unwrap();
    assert_eq!(page.status, 200);
    c.command(&white, "e4").unwrap();
    c.command(&white, "yes").unwrap();
    let before = position(&mut c, &watch);
    assert_eq!(before.1, 1);
    for text in ["claim flag", "touched knight g1", "time"] {
        let a = c.command(&assistant, text).unwrap().json();
        let r = of_kind(&a, "refused");
        assert_eq!(r.len(), 1, "{text}: {a}");
        assert_eq!(r[0]["why"], "not_your_right", "{text}: {a}");
        assert!(of_kind(&a, "arbiter").is_empty(), "{text}: {a}");
    }
    assert_eq!(position(&mut c, &watch), before);
    let a = c.command(&assistant, "e5").unwrap().json();
    let m = of_kind(&a, "moved");
    assert_eq!(m.len(), 1, "{a}");
    assert_eq!(
        (&m[0]["by"], &m[0]["via"]),
        (&Value::from("black"), &Value::from("assistant"))
    );
}
