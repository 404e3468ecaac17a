//! The hall on a real nats-server: boards publish through the real
//! publisher, `hector hall` rebuilds from the stream and serves
//! `/round.pgn` and `/api/boards`; the broker and the hall restart mid-round
//! and every move arrives exactly once.

#[path = "hall_support/mod.rs"]
mod hall_support;

use hall_support::*;
use hector::hall::message::{BoardMessage, Tournament};

#[test]
fn moves_on_three_boards_appear_in_round_pgn_and_api_boards_and_a_restarted_hall_rebuilds_them() {
    let dir = TempDir::new("hall-three");
    let Some(broker) = broker(&dir) else { return };
    let hall = hall(&broker, "open");
    let rt = runtime();
    let mut boards: Vec<Board> = rt.block_on(async {
        (1..=3)
            .map(|n| Board::new(&broker, "open", n, 7 + n as u64, Some(hall_key(&hall))))
            .collect()
    });
    rt.block_on(async {
        for (i, b) in boards.iter_mut().enumerate() {
            b.play(4 + i);
            b.flushed().await;
        }
    });
    wait_boards(&hall, "three boards", |v| {
        v.as_array().map(|a| a.len()) == Some(3)
            && (0..3).all(|i| v[i]["ply"] == serde_json::json!(4 + i))
    });
    let v = boards_json(&hall);
    for (i, b) in boards.iter().enumerate() {
        let o = &v[i];
        assert_eq!(o["board"], i as u64 + 1);
        assert_eq!(o["fen"], b.sim.status()["fen"]);
        assert_eq!(o["result"], serde_json::Value::Null);
        assert!(o["clock"]["white_ms"].is_u64(), "{o}");
        assert_eq!(o["last_move"]["san"], b.sim.sans().last().unwrap().as_str());
        assert!(
            o.get("alerts").is_none(),
            "the public list has no alerts: {o}"
        );
    }
    let (code, pgn) = get(&hall, "/round.pgn");
    assert_eq!(code, 200);
    let games = round_moves(&pgn);
    for b in &boards {
        assert_eq!(games[&b.sim.board.to_string()], b.sim.sans(), "{pgn}");
    }
    assert_eq!(pgn.matches("[Round \"1\"]").count(), 3, "{pgn}");
    assert_eq!(pgn.matches("[%clk ").count(), 4 + 5 + 6, "{pgn}");

    // The arbiter's view needs the token; a wrong token gets 401.
    let token = hall.arbiter_url.split("token=").nth(1).unwrap().to_string();
    let (code, _) = get(&hall, "/api/boards?token=wrong");
    assert_eq!(code, 401);
    let (code, _) = get(&hall, "/arbiter");
    assert_eq!(code, 401);
    let (code, page) = get(&hall, &format!("/arbiter?token={token}"));
    assert_eq!(code, 200);
    assert!(page.contains("aria-live"), "{page}");
    let (code, _) = get(&hall, "/watch");
    assert_eq!(code, 200);
    let (code, body) = get(&hall, "/no/such/page");
    assert_eq!(code, 404, "{body}");

    // A flag falls on board 2: the arbiter's list shows it.
    let row = boards[1].sim.flag_fall();
    boards[1].commit(row);
    rt.block_on(boards[1].flushed());
    let arbiter = format!("/api/boards?token={token}");
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(30);
    loop {
        let (_, body) = get(&hall, &arbiter);
        let v: serde_json::Value = serde_json::from_str(&body).unwrap();
        if v[1]["alerts"][0]["need"] == "flag_fall" {
            assert_ne!(v[1]["result"], serde_json::Value::Null);
            break;
        }
        assert!(std::time::Instant::now() < deadline, "no flag fall: {v:#}");
        std::thread::sleep(std::time::Duration::from_millis(50));
    }

    // A second hall, started now, and the first one restarted, rebuild the
    // same hall from the stream alone.
    let (_, before) = get(&hall, "/api/boards");
    let (_, pgn_before) = get(&hall, "/round.pgn");
    hall.stop();
    let hall = hall_support::hall(&broker, "open");
    assert_eq!(get(&hall, "/api/boards").1, before);
    assert_eq!(get(&hall, "/round.pgn").1, pgn_before);
    // It follows the round on.
    rt.block_on(async {
        boards[0].play(2);
        boards[0].flushed().await;
    });
    wait_boards(&hall, "board 1 after the restart", |v| v[0]["ply"] == 6);
    // Another tournament on the same broker is not this hall's business.
    let other = rt.block_on(async {
        let mut b = Board::new(&broker, "other", 1, 99, None);
        b.play(3);
        b.flushed().await;
        b
    });
    drop(other);
    std::thread::sleep(std::time::Duration::from_millis(300));
    assert_eq!(boards_json(&hall).as_array().unwrap().len(), 3);
}

#[test]
fn the_broker_stopped_and_restarted_mid_game_every_move_arrives_exactly_once() {
    let dir = TempDir::new("hall-outage");
    let Some(mut broker) = broker(&dir) else {
        return;
    };
    let hall = hall(&broker, "outage");
    let rt = runtime();
    let mut boards: Vec<Board> = rt.block_on(async {
        (1..=3)
            .map(|n| Board::new(&broker, "outage", n, n as u64, Some(hall_key(&hall))))
            .collect()
    });
    rt.block_on(async {
        for b in boards.iter_mut() {
            b.play(5);
            b.flushed().await;
        }
    });
    broker.stop();
    // The boards play on while the broker is down; nothing blocks.
    let started = std::time::Instant::now();
    rt.block_on(async {
        for b in boards.iter_mut() {
            b.play(6);
        }
        // Let the publishers find the broker gone.
        tokio::time::sleep(std::time::Duration::from_millis(500)).await;
        for b in boards.iter_mut() {
            b.play(1);
        }
    });
    assert!(started.elapsed() < std::time::Duration::from_secs(2));
    assert!(
        boards
            .iter()
            .all(|b| b.publisher.acknowledged() < b.sim.seq())
    );
    broker.restart().expect("the broker starts again");
    rt.block_on(async {
        for b in boards.iter_mut() {
            b.play(2);
        }
        for b in &boards {
            b.flushed().await;
        }
    });
    // In the stream: every row of every board, once.
    let rows = rt.block_on(stream_rows(&broker.url()));
    for b in &boards {
        let seqs: Vec<u64> = rows
            .iter()
            .filter(|(n, _)| *n == b.sim.board)
            .map(|(_, s)| *s)
            .collect();
        assert_eq!(
            seqs,
            (1..=b.sim.seq()).collect::<Vec<_>>(),
            "board {}",
            b.sim.board
        );
    }
    // In the hall, which followed the outage: every move once, in order.
    wait_boards(&hall, "every move after the outage", |v| {
        (0..3).all(|i| v[i]["ply"] == 14)
    });
    let games = round_moves(&get(&hall, "/round.pgn").1);
    for b in &boards {
        assert_eq!(games[&b.sim.board.to_string()], b.sim.sans());
        assert_eq!(b.sim.sans().len(), 14);
    }
}

/// Publishes a row on `subject` as someone on the broker without the key
/// would (any message id, any MAC); returns whether the broker stored it.
async fn forge(
    js: &async_nats::jetstream::Context,
    subject: String,
    id: Option<String>,
    mac: Option<&str>,
    payload: Vec<u8>,
) -> bool {
    let mut msg = async_nats::jetstream::message::PublishMessage::build().payload(payload.into());
    if let Some(id) = id {
        msg = msg.message_id(id);
    }
    if let Some(mac) = mac {
        msg = msg.header(hector::hall::key::MAC_HEADER, mac);
    }
    let ack = js.send_publish(subject, msg).await.expect("published");
    !ack.await.expect("acknowledged").duplicate
}

/// Issue 31.2: a forged row (on the board's subject, with the id the next
/// real row had under the old naming, claiming 0-1), a forged row far
/// ahead on another board's subject (`"board":1,"seq":999`), a real row
/// replayed under a new id and a real row copied to another board's
/// subject are all ignored, counted and reported to the chief arbiter; the
/// boards' real rows still arrive, across a broker restart (the publisher
/// does not believe a forged last message) and a hall restart.
#[test]
fn forged_replayed_and_misaddressed_rows_are_ignored_without_blocking_the_board() {
    let dir = TempDir::new("hall-forged");
    let Some(mut broker) = broker(&dir) else {
        return;
    };
    let hall = hall(&broker, "forge");
    let key = hall_key(&hall);
    let rt = runtime();
    let mut boards: Vec<Board> = rt.block_on(async {
        (1..=2)
            .map(|n| Board::new(&broker, "forge", n, 20 + n as u64, Some(key.clone())))
            .collect()
    });
    rt.block_on(async {
        for b in boards.iter_mut() {
            b.play(4);
            b.flushed().await;
        }
    });
    wait_boards(&hall, "two boards at move 4", |v| {
        v.as_array().map(|a| a.len()) == Some(2) && v[0]["ply"] == 4 && v[1]["ply"] == 4
    });
    let t = Tournament::parse("forge").unwrap();
    let url = broker.url();
    let (replayed_stored, forged_next_stored) = rt.block_on(async {
        let client = async_nats::connect(url.clone()).await.unwrap();
        let js = async_nats::jetstream::new(client);
        let stream = js.get_stream(hector::hall::message::STREAM).await.unwrap();
        // A real row of board 1, as stored (payload and MAC).
        let real = stream
            .get_last_raw_message_by_subject(&t.subject(1))
            .await
            .unwrap();
        let real_mac = real
            .headers
            .get(hector::hall::key::MAC_HEADER)
            .map(|v| v.as_str().to_string())
            .expect("a board's row carries its MAC");
        // Forged: board 1's next row, result 0-1, with the id the next row
        // would have had (`forge.1.5`), without and with a made-up MAC.
        let mut fake = boards[0].sim.status();
        fake["result"] = serde_json::json!("0-1");
        let forged = BoardMessage {
            board: 1,
            seq: 5,
            events: vec![serde_json::json!({"kind": "result", "result": "0-1", "to": ["all"]})],
            state: fake,
            pgn: "[Result \"0-1\"]\n\n1. e4 0-1\n".into(),
            arbiter_url: Some("http://evil.example/arbiter".into()),
            game: None,
        };
        let payload = serde_json::to_vec(&forged).unwrap();
        let stored = forge(
            &js,
            t.subject(1),
            Some(t.msg_id(1, None, 5)),
            None,
            payload.clone(),
        )
        .await;
        assert!(
            forge(
                &js,
                t.subject(1),
                Some("x".into()),
                Some(&"ab".repeat(32)),
                payload
            )
            .await
        );
        // Forged far ahead: "board":1,"seq":999 on board 2's subject.
        let ahead = BoardMessage {
            seq: 999,
            ..forged.clone()
        };
        assert!(
            forge(
                &js,
                t.subject(2),
                None,
                None,
                serde_json::to_vec(&ahead).unwrap()
            )
            .await
        );
        // Board 1's real row replayed under a fresh id, and copied to
        // board 2's subject with its MAC.
        let replayed = forge(
            &js,
            t.subject(1),
            Some("again".into()),
            Some(&real_mac),
            real.payload.to_vec(),
        )
        .await;
        assert!(
            forge(
                &js,
                t.subject(2),
                Some("moved".into()),
                Some(&real_mac),
                real.payload.to_vec()
            )
            .await
        );
        // The last message on board 1's subject is now a forged one too.
        let ahead1 = BoardMessage { seq: 999, ..forged };
        assert!(
            forge(
                &js,
                t.subject(1),
                None,
                None,
                serde_json::to_vec(&ahead1).unwrap()
            )
            .await
        );
        (replayed, stored)
    });
    assert!(replayed_stored && forged_next_stored);
    // The boards play on: board 1's real row 5 is not a duplicate of the
    // forged one, and board 2 is not frozen at 999.
    rt.block_on(async {
        for b in boards.iter_mut() {
            b.play(1);
            b.flushed().await;
        }
    });
    wait_boards(&hall, "both boards at move 5", |v| {
        v[0]["ply"] == 5 && v[1]["ply"] == 5
    });
    // The broker restarts: the publishers ask it for their last row, find
    // a forged one on board 1's subject and do not believe it.
    broker.restart().expect("the broker starts again");
    rt.block_on(async {
        for b in boards.iter_mut() {
            b.play(2);
            b.flushed().await;
        }
    });
    wait_boards(&hall, "both boards at move 7", |v| {
        v[0]["ply"] == 7 && v[1]["ply"] == 7
    });
    let check = |hall: &hector::lab::hall::bench::HallProcess| {
        let token = hall.arbiter_url.split("token=").nth(1).unwrap().to_string();
        let (_, body) = get(hall, &format!("/api/boards?token={token}"));
        let v: serde_json::Value = serde_json::from_str(&body).unwrap();
        assert_eq!(v.as_array().unwrap().len(), 2, "no board made up: {v:#}");
        for (i, b) in boards.iter().enumerate() {
            assert_eq!(v[i]["fen"], b.sim.status()["fen"], "{v:#}");
            assert_eq!(v[i]["result"], serde_json::Value::Null);
            assert_ne!(v[i]["arbiter_url"], "http://evil.example/arbiter");
        }
        assert!(v[0]["ignored"]["forged"].as_u64().unwrap() >= 2, "{v:#}");
        assert!(v[0]["ignored"]["replayed"].as_u64().unwrap() >= 1, "{v:#}");
        assert!(v[1]["ignored"]["forged"].as_u64().unwrap() >= 2, "{v:#}");
        let needs: Vec<&str> = v[0]["alerts"]
            .as_array()
            .unwrap()
            .iter()
            .filter_map(|a| a["need"].as_str())
            .collect();
        assert!(
            needs.contains(&"forged_messages") && needs.contains(&"replayed_messages"),
            "{needs:?}"
        );
        let games = round_moves(&get(hall, "/round.pgn").1);
        for b in &boards {
            assert_eq!(games[&b.sim.board.to_string()], b.sim.sans());
        }
        assert!(!get(hall, "/round.pgn").1.contains("0-1"));
    };
    check(&hall);
    // Every real row is in the stream once.
    let rows = rt.block_on(stream_rows(&url));
    for b in &boards {
        let real: Vec<u64> = rows
            .iter()
            .filter(|(n, s)| *n == b.sim.board && *s != 999)
            .map(|(_, s)| *s)
            .collect();
        assert!(
            (1..=b.sim.seq()).all(|s| real.contains(&s)),
            "board {}: {real:?}",
            b.sim.board
        );
    }
    // A restarted hall reads the same stream and believes the same.
    let before = get(&hall, "/round.pgn").1;
    hall.stop();
    let hall = hall_support::hall(&broker, "forge");
    assert_eq!(hall_key(&hall), key, "the key survives the restart");
    assert_eq!(get(&hall, "/round.pgn").1, before);
    check(&hall);
}

/// The hall's own status (`GET /api/hall`).
fn hall_status(hall: &hector::lab::hall::bench::HallProcess) -> serde_json::Value {
    let (code, body) = get(hall, "/api/hall");
    assert_eq!(code, 200, "{body}");
    serde_json::from_str(&body).expect("/api/hall is JSON")
}

/// Waits until `ok` holds for the hall's status (at most `within`).
fn wait_hall(
    hall: &hector::lab::hall::bench::HallProcess,
    what: &str,
    within: std::time::Duration,
    ok: impl Fn(&serde_json::Value) -> bool,
) {
    let deadline = std::time::Instant::now() + within;
    loop {
        let v = hall_status(hall);
        if ok(&v) {
            return;
        }
        assert!(std::time::Instant::now() < deadline, "{what}: {v:#}");
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
}

/// Issues 43.2 and 44.4: nats-server stopped: the overview says the broker
/// is lost and calls no board dead (each board's state is unknown since
/// then), past the 10 s after which a silent board would be; restarted
/// WITHOUT its store (the stream made anew, its sequence from 1 again):
/// the hall sees it, says the broker is back without its store, and
/// catches up from the boards' republished journals within 5 s, with no
/// alert of replayed rows; then restarted WITH its store: back again, the
/// round goes on.
#[test]
fn a_broker_that_loses_its_store_is_said_and_the_hall_catches_up_within_5_s() {
    let dir = TempDir::new("hall-store-lost");
    let Some(mut broker) = broker(&dir) else {
        return;
    };
    let hall = hall(&broker, "lost");
    let token = hall.arbiter_url.split("token=").nth(1).unwrap().to_string();
    let rt = runtime();
    let mut boards: Vec<Board> = rt.block_on(async {
        (1..=3)
            .map(|n| Board::new(&broker, "lost", n, 40 + n as u64, Some(hall_key(&hall))))
            .collect()
    });
    rt.block_on(async {
        for b in boards.iter_mut() {
            b.play(5);
            b.flushed().await;
        }
    });
    wait_boards(&hall, "three boards at move 5", |v| {
        v.as_array().map(|a| a.len()) == Some(3) && (0..3).all(|i| v[i]["ply"] == 5)
    });
    assert_eq!(hall_status(&hall)["broker"], "up");

    broker.stop();
    wait_hall(
        &hall,
        "the broker lost",
        std::time::Duration::from_secs(5),
        |v| v["broker"] == "lost" && v["lost_ms"].is_u64(),
    );
    // Past SILENT_AFTER (10 s): no board is called unreachable; each says
    // since when its state is unknown.
    std::thread::sleep(std::time::Duration::from_secs(12));
    let v = boards_json(&hall);
    for b in v.as_array().unwrap() {
        assert_ne!(b["live"], false, "a board called dead: {b}");
        assert!(b["unknown_since_ms"].is_u64(), "{b}");
    }
    let (_, body) = get(&hall, &format!("/api/boards?token={token}"));
    assert!(!body.contains("\"unreachable\""), "{body}");

    // The boards play on meanwhile; the store is gone.
    rt.block_on(async {
        for b in boards.iter_mut() {
            b.play(2);
        }
    });
    std::fs::remove_dir_all(broker.dir().join("jetstream")).expect("the store is removed");
    broker.restart().expect("the broker starts again");
    let back = std::time::Instant::now();
    wait_boards(&hall, "every board caught up", |v| {
        (0..3).all(|i| v[i]["ply"] == 7) && v[0].get("unknown_since_ms").is_none()
    });
    let took = back.elapsed();
    assert!(
        took < std::time::Duration::from_secs(5),
        "caught up after {took:?}"
    );
    let s = hall_status(&hall);
    assert_eq!(s["broker"], "up", "{s}");
    assert_eq!(s["store_lost"], true, "{s}");
    assert!(s["back_ms"].is_u64(), "{s}");
    // The rows the boards sent again are no replay.
    let (_, body) = get(&hall, &format!("/api/boards?token={token}"));
    let arbiter: serde_json::Value = serde_json::from_str(&body).unwrap();
    for b in arbiter.as_array().unwrap() {
        assert_eq!(b["ignored"], serde_json::json!({}), "{b}");
        assert_eq!(b["live"], true, "{b}");
    }
    // The round goes on, and the stream holds every row once again.
    rt.block_on(async {
        for b in boards.iter_mut() {
            b.play(1);
            b.flushed().await;
        }
    });
    wait_boards(&hall, "the next move", |v| (0..3).all(|i| v[i]["ply"] == 8));
    let games = round_moves(&get(&hall, "/round.pgn").1);
    for b in &boards {
        assert_eq!(games[&b.sim.board.to_string()], b.sim.sans());
    }

    // Restarted WITH its store: lost, back, the store kept.
    broker.stop();
    wait_hall(
        &hall,
        "lost again",
        std::time::Duration::from_secs(5),
        |v| v["broker"] == "lost",
    );
    broker.restart().expect("the broker starts again");
    wait_hall(
        &hall,
        "back with its store",
        std::time::Duration::from_secs(5),
        |v| v["broker"] == "up" && v["store_lost"] == false && v["outages"] == 2,
    );
    rt.block_on(async {
        for b in boards.iter_mut() {
            b.play(1);
            b.flushed().await;
        }
    });
    wait_boards(&hall, "after the second restart", |v| {
        (0..3).all(|i| v[i]["ply"] == 9)
    });
}

/// Issue 43.4: heartbeats recorded from a real board and played to a
/// freshly started hall after the board was killed do not make it live:
/// they answer no challenge of that hall.
#[test]
fn heartbeats_replayed_to_a_fresh_hall_do_not_keep_a_killed_board_live() {
    use futures_util::StreamExt;
    let dir = TempDir::new("hall-replay-beats");
    let Some(broker) = broker(&dir) else { return };
    let first = hall(&broker, "replay");
    let key = hall_key(&first);
    let rt = runtime();
    let url = broker.url();
    let t = Tournament::parse("replay").unwrap();
    let mut board = rt.block_on(async { Board::new(&broker, "replay", 1, 5, Some(key.clone())) });
    rt.block_on(async {
        board.play(3);
        board.flushed().await;
    });
    // Record its heartbeats for 7 s, as someone on the broker would.
    let recorded: Vec<(String, Option<String>, Vec<u8>)> = rt.block_on(async {
        let client = async_nats::connect(url.clone()).await.unwrap();
        let mut sub = client.subscribe(t.beat_subject(1)).await.unwrap();
        let mut got = Vec::new();
        let until = tokio::time::Instant::now() + std::time::Duration::from_secs(7);
        while let Ok(Some(m)) = tokio::time::timeout_at(until, sub.next()).await {
            let mac = m
                .headers
                .as_ref()
                .and_then(|h| h.get(hector::hall::key::MAC_HEADER))
                .map(|v| v.as_str().to_string());
            got.push((m.subject.to_string(), mac, m.payload.to_vec()));
        }
        got
    });
    assert!(recorded.len() >= 3, "{} heartbeats", recorded.len());
    wait_boards(&first, "the board live", |v| v[0]["live"] == true);
    // The board is killed; a fresh hall starts.
    drop(board);
    first.stop();
    let fresh = hall(&broker, "replay");
    let started = std::time::Instant::now();
    // The recording, played again and again for 15 s.
    rt.block_on(async {
        let client = async_nats::connect(url.clone()).await.unwrap();
        while started.elapsed() < std::time::Duration::from_secs(15) {
            for (subject, mac, payload) in &recorded {
                let mut h = async_nats::HeaderMap::new();
                if let Some(mac) = mac {
                    h.insert(hector::hall::key::MAC_HEADER, mac.as_str());
                }
                client
                    .publish_with_headers(subject.clone(), h, payload.clone().into())
                    .await
                    .unwrap();
                tokio::time::sleep(std::time::Duration::from_millis(300)).await;
            }
        }
        client.flush().await.unwrap();
    });
    let v = boards_json(&fresh);
    assert_eq!(v[0]["board"], 1);
    assert_eq!(v[0]["live"], false, "a replayed board is live: {v:#}");
}

/// Issue 43.4: a board whose wall clock steps back an hour (an NTP
/// correction) stays live: its heartbeats (made here, with the hall's key,
/// answering the hall's challenges, their `wall_ms` an hour back after
/// the third) are judged by the hall's own clock.
#[test]
fn a_board_whose_clock_steps_back_an_hour_stays_live() {
    use futures_util::StreamExt;
    let dir = TempDir::new("hall-clock-back");
    let Some(broker) = broker(&dir) else { return };
    let hall = hall(&broker, "clock");
    let key = hall_key(&hall);
    let url = broker.url();
    let t = Tournament::parse("clock").unwrap();
    let rt = runtime();
    rt.block_on(async {
        let client = async_nats::connect(url.clone()).await.unwrap();
        let mut challenges = client.subscribe(t.challenge_subject()).await.unwrap();
        let subject = t.beat_subject(9);
        let now_ms = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap()
            .as_millis() as u64;
        let mut challenge: Option<String> = None;
        for n in 1..=10u64 {
            let wall_ms = if n <= 3 {
                now_ms + n * 2_000
            } else {
                now_ms - 3_600_000 + n * 2_000
            };
            let beat = hector::hall::message::Beat {
                board: 9,
                seq: 0,
                since_ms: None,
                wall_ms,
                game: Some("c10c".into()),
                start: Some("run1".into()),
                n,
                challenge: challenge.clone(),
            };
            let payload = serde_json::to_vec(&beat).unwrap();
            let mut h = async_nats::HeaderMap::new();
            h.insert(
                hector::hall::key::MAC_HEADER,
                key.sign(&subject, &payload).as_str(),
            );
            client
                .publish_with_headers(subject.clone(), h, payload.into())
                .await
                .unwrap();
            // The next beat 2 s later, with the newest challenge heard.
            let until = tokio::time::Instant::now() + std::time::Duration::from_secs(2);
            while let Ok(Some(m)) = tokio::time::timeout_at(until, challenges.next()).await {
                challenge = Some(String::from_utf8_lossy(&m.payload).to_string());
            }
        }
    });
    let (_, body) = get(
        &hall,
        &format!(
            "/api/boards?token={}",
            hall.arbiter_url.split("token=").nth(1).unwrap()
        ),
    );
    let v: serde_json::Value = serde_json::from_str(&body).unwrap();
    assert_eq!(v[0]["board"], 9, "{v:#}");
    assert_eq!(v[0]["live"], true, "{v:#}");
    assert_eq!(v[0]["alerts"], serde_json::json!([]), "{v:#}");
}

/// Issue 43.8: `hall --state DIR` with a folder that exists leaves its mode
/// as its owner set it (its state file is 0600 all the same); a folder it
/// makes is 0700. A hall whose key is new says so (`key_new`, which the
/// overview words when it shows no board).
#[test]
fn the_hall_leaves_an_existing_state_folder_as_it_is() {
    use std::os::unix::fs::PermissionsExt;
    let dir = TempDir::new("hall-state-mode");
    let Some(broker) = broker(&dir) else { return };
    let shared = broker.dir().join("hall-mode");
    std::fs::create_dir_all(&shared).unwrap();
    std::fs::set_permissions(&shared, std::fs::Permissions::from_mode(0o750)).unwrap();
    let h = hall(&broker, "mode");
    let mode = |p: &std::path::Path| std::fs::metadata(p).unwrap().permissions().mode() & 0o777;
    assert_eq!(mode(&shared), 0o750, "the existing folder was changed");
    assert_eq!(mode(&shared.join("hall.json")), 0o600);
    // Its key was made now: no board can have it, the overview says why
    // it is empty; started again, the key is the same one.
    assert_eq!(hall_status(&h)["key_new"], true);
    h.stop();
    let h = hall(&broker, "mode");
    assert_eq!(hall_status(&h)["key_new"], false);
    h.stop();
    let made = broker.dir().join("hall-made");
    let h = hector::lab::hall::bench::HallProcess::start(
        std::path::Path::new(env!("CARGO_BIN_EXE_hector")),
        &broker.url(),
        "made",
        &made,
    )
    .expect("hector hall starts");
    assert_eq!(mode(&made), 0o700);
    h.stop();
}
