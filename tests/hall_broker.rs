//! The hall on a real nats-server: boards publish through the real
//! publisher, `hector hall` rebuilds from the stream and serves
//! `/round.pgn` and `/api/boards`; the broker and the hall restart mid-round
//! and every move arrives exactly once.

#[path = "hall_support/mod.rs"]
mod hall_support;

use hall_support::*;

#[test]
fn moves_on_three_boards_appear_in_round_pgn_and_api_boards_and_a_restarted_hall_rebuilds_them() {
    let dir = TempDir::new("hall-three");
    let Some(broker) = broker(&dir) else { return };
    let hall = hall(&broker, "open");
    let rt = runtime();
    let mut boards: Vec<Board> = rt.block_on(async {
        (1..=3)
            .map(|n| Board::new(&broker, "open", n, 7 + n as u64))
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
        let mut b = Board::new(&broker, "other", 1, 99);
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
            .map(|n| Board::new(&broker, "outage", n, n as u64))
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
