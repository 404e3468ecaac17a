//! `hector serve --hall`: a served board publishes its committed rows to
//! the tournament hall (a real nats-server and `hector hall`); after a
//! kill -9 and a restart on the same journal the hall still has every move.

mod serve_util;

#[path = "hall_support/mod.rs"]
mod hall_support;

use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use futures_util::StreamExt;
use hall_support::{TempDir, boards_json, broker, get, hall, runtime, wait_boards};
use serve_util::Serve;

#[test]
fn a_served_board_reaches_the_hall_and_survives_a_kill() {
    let dir = TempDir::new("serve-hall");
    let Some(broker) = broker(&dir) else { return };
    let hall = hall(&broker, "serve-open");
    let url = broker.url();
    let args = [
        board_args(&url, &hall.key, "serve-open", "5").as_slice(),
        &["--white", "Anna", "--black", "Bella"],
    ]
    .concat();
    let journal = dir.0.join("board5.sqlite");
    let mut s = Serve::start(&journal, &args);
    s.start_clocks();
    let mut c = s.client();
    for (seat, mv) in [("white", "d4"), ("black", "Nf6"), ("white", "c4")] {
        let a = c.command(&s.token(seat), mv).unwrap();
        assert!(a.body.contains("\"moved\""), "{mv}: {}", a.body);
    }
    wait_boards(&hall, "board 5 with three moves", |v| {
        v.as_array()
            .is_some_and(|a| a.iter().any(|b| b["board"] == 5 && b["ply"] == 3))
    });
    let board5 = |v: &serde_json::Value| {
        v.as_array()
            .and_then(|a| a.iter().find(|b| b["board"] == 5).cloned())
            .unwrap_or_default()
    };
    assert_eq!(board5(&boards_json(&hall))["live"], true);
    // kill -9: within 15 s the hall shows the board unreachable and tells
    // the chief arbiter (issue 31.8).
    let _ = s.child.kill();
    let _ = s.child.wait();
    let killed = Instant::now();
    drop(s);
    let token = hall.arbiter_url.split("token=").nth(1).unwrap().to_string();
    let arbiter_view = || -> serde_json::Value {
        serde_json::from_str(&get(&hall, &format!("/api/boards?token={token}")).1).unwrap()
    };
    loop {
        let b = board5(&arbiter_view());
        if b["live"] == false {
            let alerts = b["alerts"].as_array().unwrap();
            assert!(
                alerts
                    .iter()
                    .any(|a| a["need"] == "unreachable" && a["open"] == true),
                "{b:#}"
            );
            assert_eq!(b["clock_age_ms"], serde_json::Value::Null);
            break;
        }
        assert!(
            killed.elapsed() < Duration::from_secs(15),
            "board 5 still shown live 15 s after kill -9: {b:#}"
        );
        std::thread::sleep(Duration::from_millis(200));
    }
    eprintln!(
        "board 5 shown unreachable {:.1} s after kill -9",
        killed.elapsed().as_secs_f64()
    );
    // Restarted on the same journal: live again, and listed as interrupted.
    let s = Serve::start(&journal, &args);
    let until = Instant::now() + Duration::from_secs(15);
    loop {
        let b = board5(&arbiter_view());
        let needs: Vec<&str> = b["alerts"]
            .as_array()
            .map(|a| {
                a.iter()
                    .filter(|a| a["open"] == true)
                    .filter_map(|a| a["need"].as_str())
                    .collect()
            })
            .unwrap_or_default();
        if b["live"] == true && needs.contains(&"interrupted") && !needs.contains(&"unreachable") {
            break;
        }
        assert!(Instant::now() < until, "board 5 after its restart: {b:#}");
        std::thread::sleep(Duration::from_millis(200));
    }
    let mut c = s.client();
    c.command(&s.token("arbiter"), "start clock").unwrap();
    let a = c.command(&s.token("black"), "e6").unwrap();
    assert!(a.body.contains("\"moved\""), "{}", a.body);
    // Black's clock runs: the hall gives the age of the status it shows, so
    // the page can run the clock on between events.
    std::thread::sleep(Duration::from_millis(2500));
    let b = board5(&boards_json(&hall));
    assert_eq!(b["clock"]["running"], "white", "{b:#}");
    assert!(
        b["clock_age_ms"].as_u64().is_some_and(|a| a >= 1000),
        "{b:#}"
    );
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

/// Issue 31.1: everyone on the hall's broker (the players' phones share its
/// network) reads every message; none may carry a token. A subscriber to
/// every subject sees a served board's whole game, its heartbeats and what
/// the stream stores, and the hall's public exports: no seat token anywhere.
#[test]
fn a_broker_subscriber_sees_no_token_of_a_served_board() {
    let dir = TempDir::new("serve-hall-secret");
    let Some(broker) = broker(&dir) else { return };
    let hall = hall(&broker, "secret");
    let url = broker.url();
    let rt = runtime();
    // Everything that crosses the broker, from before the board starts.
    let seen: Arc<Mutex<Vec<String>>> = Arc::default();
    let listener = {
        let seen = seen.clone();
        let url = url.clone();
        rt.spawn(async move {
            let client = async_nats::connect(url).await.expect("connect");
            let mut all = client.subscribe(">").await.expect("subscribe");
            while let Some(m) = all.next().await {
                let mut text = format!("{} ", m.subject);
                if let Some(h) = &m.headers {
                    for (name, values) in h.iter() {
                        for v in values {
                            text.push_str(&format!("{name}: {} ", v.as_str()));
                        }
                    }
                }
                text.push_str(&String::from_utf8_lossy(&m.payload));
                seen.lock().unwrap().push(text);
            }
        })
    };
    std::thread::sleep(Duration::from_millis(300));
    let args = board_args(&url, &hall.key, "secret", "2");
    let s = Serve::start(&dir.0.join("board2.sqlite"), &args);
    s.start_clocks();
    let mut c = s.client();
    for (seat, text) in [("white", "e4"), ("black", "e5"), ("white", "Nf3")] {
        let a = c.command(&s.token(seat), text).unwrap();
        assert!(a.body.contains("\"moved\""), "{seat} {text}: {}", a.body);
    }
    // The arbiter acts too (his events go to the hall).
    let a = c.command(&s.token("arbiter"), "stop clock").unwrap();
    assert_eq!(a.status, 200, "{}", a.body);
    wait_boards(&hall, "board 2 with three moves", |v| {
        v.as_array()
            .is_some_and(|a| a.iter().any(|b| b["board"] == 2 && b["ply"] == 3))
    });
    // A few heartbeats too.
    std::thread::sleep(Duration::from_millis(2500));
    let tokens: Vec<String> = ["white", "black", "assistant", "arbiter", "watch"]
        .iter()
        .map(|w| s.token(w))
        .collect();
    let seen = seen.lock().unwrap().clone();
    listener.abort();
    assert!(
        seen.iter().any(|m| m.starts_with("hector.secret.2.events")),
        "the subscriber saw the board's rows: {seen:?}"
    );
    assert!(
        seen.iter().any(|m| m.starts_with("hector-beat.secret.2")),
        "the subscriber saw the board's heartbeats: {seen:?}"
    );
    let stored = rt.block_on(async {
        let client = async_nats::connect(url.clone()).await.unwrap();
        let js = async_nats::jetstream::new(client);
        let stream = js.get_stream(hector::hall::message::STREAM).await.unwrap();
        let last = stream.get_info().await.unwrap().state.last_sequence;
        let mut out = Vec::new();
        for n in 1..=last {
            if let Ok(m) = stream.get_raw_message(n).await {
                out.push(String::from_utf8_lossy(&m.payload).into_owned());
            }
        }
        out
    });
    assert!(!stored.is_empty());
    let token_arbiter = hall.arbiter_url.split("token=").nth(1).unwrap();
    let public = [
        get(&hall, "/api/boards").1,
        get(&hall, "/round.pgn").1,
        get(&hall, "/watch").1,
        get(&hall, &format!("/api/boards?token={token_arbiter}")).1,
    ];
    for text in seen.iter().chain(stored.iter()).chain(public.iter()) {
        assert!(!text.contains("token="), "a token crossed: {text}");
        for t in &tokens {
            assert!(!text.contains(t.as_str()), "a seat token crossed: {text}");
        }
        assert!(!text.contains(&hall.key), "the hall's key crossed: {text}");
    }
}

/// Issue 31.2: a board started without the hall's key plays and keeps its
/// journal, says (in the game's language) that the hall will not trust it,
/// and the hall does not show its game.
#[test]
fn a_board_without_the_key_plays_on_and_the_hall_does_not_believe_it() {
    let dir = TempDir::new("serve-hall-nokey");
    let Some(broker) = broker(&dir) else { return };
    let hall = hall(&broker, "nokey");
    let url = broker.url();
    let mut args = vec![
        "--hall",
        url.as_str(),
        "--tournament",
        "nokey",
        "--board",
        "3",
        "--blind",
        "none",
        "--locale",
        "de",
    ];
    let s = Serve::start_env(
        &dir.0.join("board3.sqlite"),
        &args,
        &[("HECTOR_HALL_KEY", "")],
    );
    let mut c = s.client();
    let a = c.command(&s.token("white"), "e4").unwrap();
    assert!(a.body.contains("\"moved\""), "{}", a.body);
    let err = s.stderr_text();
    assert!(err.contains("Saalschlüssel"), "{err}");
    // The keyed board 4 shows; board 3 never does.
    args[5] = "4";
    let k = Serve::start(
        &dir.0.join("board4.sqlite"),
        &[args.as_slice(), &["--hall-key", hall.key.as_str()]].concat(),
    );
    let mut c4 = k.client();
    c4.command(&k.token("white"), "d4").unwrap();
    wait_boards(&hall, "board 4", |v| {
        v.as_array()
            .is_some_and(|a| a.iter().any(|b| b["board"] == 4 && b["ply"] == 1))
    });
    let until = Instant::now() + Duration::from_secs(2);
    while Instant::now() < until {
        let v = boards_json(&hall);
        assert!(
            v.as_array().unwrap().iter().all(|b| b["board"] != 3),
            "{v:#}"
        );
        std::thread::sleep(Duration::from_millis(100));
    }
    // The overview says board 3 sends without the key (issue 44.4): the
    // hall's own status, which the page words in its language.
    let deadline = Instant::now() + Duration::from_secs(10);
    loop {
        let (code, body) = get(&hall, "/api/hall");
        assert_eq!(code, 200, "{body}");
        let v: serde_json::Value = serde_json::from_str(&body).unwrap();
        let unkeyed = v["unkeyed"].as_array().unwrap();
        if unkeyed.iter().any(|u| u["board"] == 3) {
            assert!(
                unkeyed.iter().all(|u| u["board"] != 4),
                "the keyed board is not listed: {v}"
            );
            break;
        }
        assert!(Instant::now() < deadline, "board 3 is not said: {v}");
        std::thread::sleep(Duration::from_millis(100));
    }
    // A key that is not one is refused with a sentence.
    let bad = std::process::Command::new(env!("CARGO_BIN_EXE_hector"))
        .args([
            "serve",
            "--hall",
            url.as_str(),
            "--tournament",
            "nokey",
            "--hall-key",
            "xyz",
        ])
        .arg("--journal")
        .arg(dir.0.join("bad.sqlite"))
        .output()
        .unwrap();
    assert_eq!(bad.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&bad.stderr).contains("64 hex digits"),
        "{}",
        String::from_utf8_lossy(&bad.stderr)
    );
    assert!(!dir.0.join("bad.sqlite").exists());
}

/// The broker configuration docs/organiser.md gives (its `text` block under
/// "Broker authentication"), with the passwords, the tournament and the
/// store filled in: the test runs the configuration organisers copy.
/// A keyed board's options: its hall, key, tournament and number, with a
/// 300+2 clock, no blind player, in English.
fn board_args<'a>(url: &'a str, key: &'a str, tournament: &'a str, board: &'a str) -> Vec<&'a str> {
    vec![
        "--hall",
        url,
        "--hall-key",
        key,
        "--tournament",
        tournament,
        "--board",
        board,
        "--control",
        "300+2",
        "--blind",
        "none",
        "--locale",
        "en",
    ]
}

fn documented_broker_config(tournament: &str, store: &std::path::Path) -> String {
    let doc = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/organiser.md"))
        .expect("docs/organiser.md");
    let from = doc
        .find("**Broker authentication")
        .expect("organiser.md has its broker authentication section");
    let block = doc[from..]
        .split("```text\n")
        .nth(1)
        .and_then(|b| b.split("```").next())
        .expect("a text block with the nats-server configuration");
    let mut conf = String::new();
    let mut passwords = ["hall-pass-1", "board-pass-2"].into_iter();
    for (i, part) in block.split('…').enumerate() {
        if i > 0 {
            conf.push_str(
                passwords
                    .next()
                    .expect("two passwords in the configuration"),
            );
        }
        conf.push_str(part);
    }
    assert!(
        passwords.next().is_none(),
        "the configuration names two users"
    );
    let conf = conf
        .replace(".T.>", &format!(".{tournament}.>"))
        .replace("/var/lib/hector-nats", &store.display().to_string());
    assert!(conf.contains(&format!("hector.{tournament}.>")), "{conf}");
    conf
}

/// Issue 31.2, broker authentication on top: the configuration of the docs
/// admits the hall and a served board with their passwords (the board plays
/// into the hall), and refuses a stranger, a wrong password, and a board
/// user that tries to read the hall's subjects or delete its stream.
#[test]
fn the_documented_broker_users_admit_hall_and_board_and_refuse_strangers() {
    let dir = TempDir::new("serve-hall-auth");
    let Some(_) = broker(&dir) else { return };
    let tournament = "auth-open";
    let conf = documented_broker_config(tournament, &dir.0.join("store"));
    let broker = hector::lab::hall::bench::Broker::start_with(&dir.0, Some(&conf))
        .expect("nats-server starts with the documented configuration");
    let port = broker.port;
    let with = |user: &str, pass: &str| format!("nats://{user}:{pass}@127.0.0.1:{port}");
    let hall = hector::lab::hall::bench::HallProcess::start(
        std::path::Path::new(env!("CARGO_BIN_EXE_hector")),
        &with("hall", "hall-pass-1"),
        tournament,
        &dir.0.join("hall-state"),
    )
    .expect("hector hall starts with the hall user");
    let board_url = with("board", "board-pass-2");
    let args = board_args(&board_url, &hall.key, tournament, "3");
    let s = Serve::start(&dir.0.join("board3.sqlite"), &args);
    s.start_clocks();
    let mut c = s.client();
    for (seat, text) in [("white", "e4"), ("black", "c5")] {
        let a = c.command(&s.token(seat), text).unwrap();
        assert!(a.body.contains("\"moved\""), "{seat} {text}: {}", a.body);
    }
    wait_boards(&hall, "board 3 through the authenticated broker", |v| {
        v.as_array()
            .is_some_and(|a| a.iter().any(|b| b["board"] == 3 && b["ply"] == 2))
    });
    let rt = runtime();
    rt.block_on(async {
        let addr = format!("nats://127.0.0.1:{port}");
        let user = |name: &str, pass: &str| {
            async_nats::ConnectOptions::new()
                .user_and_password(name.into(), pass.into())
                .connect(addr.clone())
        };
        let board = user("board", "board-pass-2")
            .await
            .expect("the board user connects");
        // No credentials, or a wrong password: refused at the door.
        assert!(
            async_nats::connect(addr.clone()).await.is_err(),
            "a stranger without credentials was let in"
        );
        assert!(
            user("board", "guess").await.is_err(),
            "a wrong password was let in"
        );
        // The board user publishes only: it reads nothing of the hall's
        // subjects and cannot delete the stream.
        let mut all = board.subscribe("hector.>").await.expect("subscribe call");
        let _ = board.flush().await;
        let js = async_nats::jetstream::new(board.clone());
        assert!(
            js.delete_stream(hector::hall::message::STREAM)
                .await
                .is_err(),
            "the board user deleted the hall's stream"
        );
        let got = tokio::time::timeout(Duration::from_secs(3), all.next()).await;
        assert!(
            !matches!(got, Ok(Some(_))),
            "the board user read the hall's subjects: {got:?}"
        );
    });
    // The board still plays into the hall after all that.
    let a = c.command(&s.token("white"), "Nf3").unwrap();
    assert!(a.body.contains("\"moved\""), "{}", a.body);
    wait_boards(&hall, "board 3's third move", |v| {
        v.as_array()
            .is_some_and(|a| a.iter().any(|b| b["board"] == 3 && b["ply"] == 3))
    });
    // The board is live under the documented permissions: its heartbeats
    // answer the hall's challenges (it may hear them).
    std::thread::sleep(Duration::from_secs(11));
    assert_eq!(board_of(&boards_json(&hall), 3)["live"], true);
    // A hall given a wrong password says so (issue 43.8), not that the
    // broker has no hall stream.
    let mut wrong = std::process::Command::new(env!("CARGO_BIN_EXE_hector"))
        .args([
            "hall",
            "--hall",
            &with("hall", "guess"),
            "--tournament",
            tournament,
        ])
        .arg("--state")
        .arg(dir.0.join("hall-wrong"))
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    std::thread::sleep(Duration::from_secs(4));
    let _ = wrong.kill();
    let out = wrong.wait_with_output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("refuses this user name or password"), "{err}");
    assert!(!err.contains("no hall stream"), "{err}");
    // Printed addresses hide the passwords.
    assert!(
        !hall.arbiter_url.contains("hall-pass-1"),
        "{}",
        hall.arbiter_url
    );
}

/// The board `n` of `/api/boards` (or null).
fn board_of(v: &serde_json::Value, n: u64) -> serde_json::Value {
    v.as_array()
        .and_then(|a| a.iter().find(|b| b["board"] == n).cloned())
        .unwrap_or_default()
}

/// Plays `moves` alternately from White.
fn play(s: &Serve, moves: &[&str]) {
    let mut c = s.client();
    for (i, mv) in moves.iter().enumerate() {
        let seat = if i % 2 == 0 { "white" } else { "black" };
        let a = c.command(&s.token(seat), mv).unwrap();
        assert!(a.body.contains("\"moved\""), "{mv}: {}", a.body);
    }
}

/// Issue 43.1: the broker keeps message ids for a day, and the organiser
/// names every round's boards alike (same tournament, board numbers and
/// players, no `--round`). Round 2's rows carry their own game's identity:
/// none is dropped as a duplicate of round 1's, and the hall shows round
/// 2's game on every board from its first row — at once where round 1's
/// game was over, within seconds where it was left unfinished (its board
/// silent) — and `/round.pgn` holds round 2's moves only.
#[test]
fn a_second_round_with_the_same_names_shows_its_own_game_from_its_first_row() {
    let dir = TempDir::new("serve-rounds");
    let Some(broker) = broker(&dir) else { return };
    let hall = hall(&broker, "rounds");
    let url = broker.url();
    let args = |board: &'static str| {
        [
            board_args(&url, &hall.key, "rounds", board).as_slice(),
            &["--white", "Anna", "--black", "Bella"],
        ]
        .concat()
    };
    let (a1, a2) = (args("1"), args("2"));
    // Round 1: board 1 ends (White resigns), board 2 is left unfinished.
    let r1b1 = Serve::start(&dir.0.join("r1-b1.sqlite"), &a1);
    let r1b2 = Serve::start(&dir.0.join("r1-b2.sqlite"), &a2);
    r1b1.start_clocks();
    r1b2.start_clocks();
    play(&r1b1, &["e4", "e5", "Nf3"]);
    play(&r1b2, &["d4", "d5", "c4", "e6"]);
    for word in ["resign", "yes"] {
        let a = r1b1.client().command(&r1b1.token("black"), word).unwrap();
        assert_eq!(a.status, 200, "{}", a.body);
    }
    wait_boards(&hall, "round 1 on both boards", |v| {
        board_of(v, 1)["result"] == "1-0" && board_of(v, 2)["ply"] == 4
    });
    assert_eq!(r1b1.stop(), Some(0));
    assert_eq!(r1b2.stop(), Some(0));
    // Round 2, the same commands with new journals.
    let r2b1 = Serve::start(&dir.0.join("r2-b1.sqlite"), &a1);
    let r2b2 = Serve::start(&dir.0.join("r2-b2.sqlite"), &a2);
    r2b1.start_clocks();
    r2b2.start_clocks();
    let started = Instant::now();
    wait_boards(&hall, "round 2's first row on both boards", |v| {
        [1, 2]
            .iter()
            .all(|&n| board_of(v, n)["ply"] == 0 && board_of(v, n)["result"].is_null())
    });
    eprintln!(
        "round 2 shown on both boards {:.1} s after its first rows",
        started.elapsed().as_secs_f64()
    );
    // A short round-2 game: one move on board 1, two on board 2.
    play(&r2b1, &["c4"]);
    play(&r2b2, &["e4", "c5"]);
    wait_boards(&hall, "round 2's moves", |v| {
        board_of(v, 1)["ply"] == 1 && board_of(v, 2)["ply"] == 2
    });
    let v = boards_json(&hall);
    assert_eq!(board_of(&v, 1)["last_move"]["san"], "c4", "{v:#}");
    assert_eq!(board_of(&v, 2)["last_move"]["san"], "c5", "{v:#}");
    let (code, pgn) = get(&hall, "/round.pgn");
    assert_eq!(code, 200);
    let games = hall_support::round_moves(&pgn);
    assert_eq!(games["1"], ["c4"], "{pgn}");
    assert_eq!(games["2"], ["e4", "c5"], "{pgn}");
    // A hall started now rebuilds the same from the stream (both rounds).
    drop(hall);
    let again = hall_support::hall(&broker, "rounds");
    let v = boards_json(&again);
    assert_eq!(board_of(&v, 1)["ply"], 1, "{v:#}");
    assert_eq!(board_of(&v, 2)["last_move"]["san"], "c5", "{v:#}");
}

/// Issue 43.3: two boards started with the same `--board` in one round:
/// the hall keeps showing the first, sets the second's rows aside and tells
/// the chief arbiter; the first plays on.
#[test]
fn a_board_number_used_twice_is_refused_and_alerted() {
    let dir = TempDir::new("serve-duplicate");
    let Some(broker) = broker(&dir) else { return };
    let hall = hall(&broker, "dup");
    let url = broker.url();
    let args = board_args(&url, &hall.key, "dup", "3");
    let first = Serve::start(&dir.0.join("first.sqlite"), &args);
    first.start_clocks();
    play(&first, &["e4"]);
    // Shown, and heard beating (a clock age needs a heartbeat).
    wait_boards(&hall, "the first board 3, heard", |v| {
        board_of(v, 3)["ply"] == 1 && board_of(v, 3)["clock_age_ms"].is_u64()
    });
    let second = Serve::start(&dir.0.join("second.sqlite"), &args);
    second.start_clocks();
    play(&second, &["d4", "d5"]);
    let token = hall.arbiter_url.split("token=").nth(1).unwrap().to_string();
    let arbiter_view = || -> serde_json::Value {
        serde_json::from_str(&get(&hall, &format!("/api/boards?token={token}")).1).unwrap()
    };
    let until = Instant::now() + Duration::from_secs(20);
    loop {
        let b = board_of(&arbiter_view(), 3);
        let alerted = b["alerts"].as_array().is_some_and(|a| {
            a.iter()
                .any(|a| a["need"] == "duplicate_board" && a["open"] == true)
        });
        if alerted {
            assert!(
                b["ignored"]["duplicate"].as_u64().unwrap_or(0) >= 1,
                "{b:#}"
            );
            break;
        }
        assert!(
            Instant::now() < until,
            "no alert for the second board 3: {b:#}"
        );
        std::thread::sleep(Duration::from_millis(200));
    }
    // Seconds later the first still holds the number, and plays on.
    std::thread::sleep(Duration::from_secs(7));
    let b = board_of(&boards_json(&hall), 3);
    assert_eq!(b["last_move"]["san"], "e4", "{b:#}");
    play_from(&first, "black", "e5");
    wait_boards(&hall, "the first board 3 plays on", |v| {
        board_of(v, 3)["ply"] == 2 && board_of(v, 3)["last_move"]["san"] == "e5"
    });
}

fn play_from(s: &Serve, seat: &str, mv: &str) {
    let a = s.client().command(&s.token(seat), mv).unwrap();
    assert!(a.body.contains("\"moved\""), "{mv}: {}", a.body);
}

/// Issue 44.4: a board is on the overview as soon as it is READY (its
/// signed hello on the broker), before any move or clock: three keyed
/// boards each appear within 2 s of their READY.
#[test]
fn three_keyed_boards_appear_within_2_s_of_ready_before_any_move() {
    let dir = TempDir::new("serve-hall-hello");
    let Some(broker) = broker(&dir) else { return };
    let hall = hall(&broker, "hello");
    let url = broker.url();
    let mut boards = Vec::new();
    for n in ["1", "2", "3"] {
        let s = Serve::start(
            &dir.0.join(format!("board{n}.sqlite")),
            &board_args(&url, &hall.key, "hello", n),
        );
        let ready = Instant::now();
        let want: u64 = n.parse().unwrap();
        loop {
            let v = boards_json(&hall);
            if let Some(b) = v.as_array().unwrap().iter().find(|b| b["board"] == want) {
                assert_eq!(b["seq"], 0, "no row yet: {b}");
                assert_eq!(b["live"], true, "{b}");
                break;
            }
            assert!(
                ready.elapsed() < Duration::from_secs(2),
                "board {n} not shown 2 s after READY: {v:#}"
            );
            std::thread::sleep(Duration::from_millis(20));
        }
        boards.push(s);
    }
    // They stay live on their heartbeats (past the 10 s of silence).
    std::thread::sleep(Duration::from_secs(12));
    let v = boards_json(&hall);
    assert_eq!(v.as_array().unwrap().len(), 3, "{v:#}");
    assert!(
        v.as_array().unwrap().iter().all(|b| b["live"] == true),
        "{v:#}"
    );
}

/// The ```sh command lines of docs/organiser.md's tournament hall section,
/// in their order.
fn organiser_hall_commands() -> Vec<String> {
    let doc = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/organiser.md"))
        .expect("docs/organiser.md");
    let from = doc
        .find("## The tournament hall")
        .expect("organiser.md has its hall section");
    let to = doc[from..]
        .find("## Security")
        .map_or(doc.len(), |i| from + i);
    doc[from..to]
        .split("```sh\n")
        .skip(1)
        .filter_map(|b| b.split("```").next())
        .flat_map(|b| b.lines().map(str::trim).map(str::to_string))
        .filter(|l| !l.is_empty())
        .collect()
}

/// Issue 44, done when: docs/organiser.md followed top to bottom — the
/// broker, the hall (its key saved to the file the boards read), then the
/// boards with the documented command (numbers 1 to 3) — brings up a hall
/// with three boards, each on the overview before any move, each move
/// arriving.
#[test]
fn docs_organiser_followed_in_order_brings_up_a_hall_with_three_boards() {
    use std::io::BufRead;
    let dir = TempDir::new("serve-hall-organiser");
    let Some(probe) = broker(&dir) else { return };
    drop(probe);
    let commands = organiser_hall_commands();
    let order: Vec<&str> = commands
        .iter()
        .map(|c| c.split_whitespace().take(2).last().unwrap_or(""))
        .collect();
    assert_eq!(
        order,
        ["-js", "hall", "serve"],
        "the broker, the hall, the boards: {commands:?}"
    );
    let port = hector::lab::hall::bench::free_port().unwrap();
    let local = |c: &str| {
        c.replace("BROKER:4222", &format!("127.0.0.1:{port}"))
            .replace("0.0.0.0", "127.0.0.1")
            .replace(
                "/var/lib/hector-nats",
                &dir.0.join("store").display().to_string(),
            )
            .replace("--port 8080", "--port 0")
    };
    // 1. The broker.
    let nats = local(&commands[0]).replace("-p 4222", &format!("-p {port}"));
    let mut words = nats.split_whitespace();
    assert_eq!(words.next(), Some("nats-server"));
    let broker = std::process::Command::new(
        hector::lab::hall::bench::nats_server_program().expect("nats-server"),
    )
    .args(words)
    .stdout(std::process::Stdio::null())
    .stderr(std::process::Stdio::null())
    .spawn()
    .expect("nats-server starts");
    let _broker = Kill(broker);
    let deadline = Instant::now() + Duration::from_secs(10);
    while std::net::TcpStream::connect(("127.0.0.1", port)).is_err() {
        assert!(Instant::now() < deadline, "the broker does not listen");
        std::thread::sleep(Duration::from_millis(20));
    }
    // 2. The hall, its state under the data folder; its KEY into hall.key.
    let data = dir.0.join("data");
    let hall_line = local(&commands[1]);
    let mut hall = std::process::Command::new(env!("CARGO_BIN_EXE_hector"))
        .args(hall_line.split_whitespace().skip(1))
        .env("XDG_DATA_HOME", &data)
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::inherit())
        .spawn()
        .expect("hector hall starts");
    let mut out = std::io::BufReader::new(hall.stdout.take().unwrap()).lines();
    let (mut key, mut watch) = (String::new(), String::new());
    for line in out.by_ref() {
        let line = line.unwrap();
        if let Some(k) = line.strip_prefix("KEY ") {
            key = k.to_string();
        }
        if let Some(w) = line.strip_prefix("URL watch ") {
            watch = w.to_string();
        }
        if line == "READY" {
            break;
        }
    }
    let hall = Kill(hall);
    assert_eq!(key.len(), 64, "the hall printed its key");
    let key_file = dir.0.join("hall.key");
    std::fs::write(&key_file, format!("{key}\n")).unwrap();
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&key_file, std::fs::Permissions::from_mode(0o600)).unwrap();
    }
    let addr = watch
        .trim_start_matches("http://")
        .split('/')
        .next()
        .unwrap()
        .to_string();
    let boards_now = || -> serde_json::Value {
        let (code, body) = hector::lab::hall::bench::http_get(&addr, "/api/boards").unwrap();
        assert_eq!(code, 200, "{body}");
        serde_json::from_str(&body).unwrap()
    };
    // 3. The boards, numbers 1 to 3, with the documented command.
    let mut served = Vec::new();
    for n in 1..=3u64 {
        let line = local(&commands[2])
            .replace("--board 1", &format!("--board {n}"))
            .replace("hall.key", &key_file.display().to_string());
        let args: Vec<&str> = line.split_whitespace().skip(2).collect();
        let data = data.display().to_string();
        let s = Serve::start_default(
            &dir.0,
            &[args.as_slice(), &["--port", "0", "--locale", "en"]].concat(),
            &[("XDG_DATA_HOME", data.as_str())],
        );
        let ready = Instant::now();
        while !boards_now()
            .as_array()
            .unwrap()
            .iter()
            .any(|b| b["board"] == n)
        {
            assert!(
                ready.elapsed() < Duration::from_secs(2),
                "board {n} not on the overview 2 s after READY"
            );
            std::thread::sleep(Duration::from_millis(20));
        }
        served.push(s);
    }
    for s in &served {
        s.start_clocks();
        // The documented board has a blind White (the default): his move
        // is read back and he confirms it.
        let mut c = s.client();
        let a = c.command(&s.token("white"), "e4").unwrap();
        assert!(a.body.contains("\"readback\""), "{}", a.body);
        let a = c.command(&s.token("white"), "yes").unwrap();
        assert!(a.body.contains("\"moved\""), "{}", a.body);
    }
    let deadline = Instant::now() + Duration::from_secs(20);
    loop {
        let v = boards_now();
        let a = v.as_array().unwrap();
        if a.len() == 3 && a.iter().all(|b| b["ply"] == 1 && b["live"] == true) {
            break;
        }
        assert!(Instant::now() < deadline, "three boards at move 1: {v:#}");
        std::thread::sleep(Duration::from_millis(50));
    }
    drop(served);
    drop(hall);
}

/// A child process killed when dropped.
struct Kill(std::process::Child);

impl Drop for Kill {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}
