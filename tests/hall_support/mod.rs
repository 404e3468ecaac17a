//! What the hall tests share: a real nats-server on a free loopback port
//! (or a visible SKIP; under CI a missing nats-server fails), `hector hall`
//! processes, simulated boards publishing through the real publisher, and
//! plain HTTP/1.0 requests.
#![allow(dead_code)]

use std::io::Write;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::{Duration, Instant};

use hector::hall::key::HallKey;
use hector::hall::message::{BoardMessage, Tournament};
use hector::hall::publish::{MemoryJournal, Publisher, Target};
use hector::lab::hall::bench::{Broker, HallProcess, http_get, nats_server_program};
use hector::lab::hall::sim::SimBoard;

/// A temporary directory removed on drop.
pub struct TempDir(pub PathBuf);

impl TempDir {
    pub fn new(tag: &str) -> TempDir {
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_nanos())
            .unwrap_or(0);
        let p = std::env::temp_dir().join(format!("hector-{tag}-{}-{nanos}", std::process::id()));
        std::fs::create_dir_all(&p).expect("temp dir");
        TempDir(p)
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// A broker for one test, or `None` after a visible SKIP line (straight to
/// the terminal: the test runner hides `println!`). Under CI a missing
/// nats-server is a failure.
pub fn broker(dir: &TempDir) -> Option<Broker> {
    if nats_server_program().is_none() {
        if std::env::var("CI").as_deref() == Ok("true") {
            panic!("nats-server is missing under CI: setup.sh must install it");
        }
        let _ = writeln!(
            std::io::stderr(),
            "SKIP: nats-server is not installed (./setup.sh installs it)"
        );
        return None;
    }
    Some(Broker::start(&dir.0).expect("nats-server starts"))
}

/// `hector hall` for a tournament, its state folder next to the broker's
/// store (so a restarted hall keeps its key and port).
pub fn hall(broker: &Broker, tournament: &str) -> HallProcess {
    HallProcess::start(
        std::path::Path::new(env!("CARGO_BIN_EXE_hector")),
        &broker.url(),
        tournament,
        &broker.dir().join(format!("hall-{tournament}")),
    )
    .expect("hector hall starts")
}

/// A hall with further options (`--locale el`).
pub fn hall_with(broker: &Broker, tournament: &str, extra: &[&str]) -> HallProcess {
    HallProcess::start_with(
        std::path::Path::new(env!("CARGO_BIN_EXE_hector")),
        &broker.url(),
        tournament,
        &broker.dir().join(format!("hall-{tournament}")),
        extra,
    )
    .expect("hector hall starts")
}

/// The key of a hall's state folder, as `hall` would start it (made now if
/// the folder is new): boards publish with it before the hall runs.
pub fn hall_key(hall: &HallProcess) -> HallKey {
    HallKey::parse(&hall.key).expect("hector hall prints KEY <hex>")
}

/// `GET path` from a hall: status and body.
pub fn get(hall: &HallProcess, path: &str) -> (u16, String) {
    http_get(&hall.addr, path).expect("the hall answers")
}

pub fn boards_json(hall: &HallProcess) -> serde_json::Value {
    let (code, body) = get(hall, "/api/boards");
    assert_eq!(code, 200, "{body}");
    serde_json::from_str(&body).expect("/api/boards is JSON")
}

/// Waits until `ok` holds for the hall's `/api/boards` (at most 30 s); a
/// failure also shows what the hall says of the broker (`/api/hall`).
pub fn wait_boards(hall: &HallProcess, what: &str, ok: impl Fn(&serde_json::Value) -> bool) {
    let deadline = Instant::now() + Duration::from_secs(30);
    loop {
        let v = boards_json(hall);
        if ok(&v) {
            return;
        }
        assert!(
            Instant::now() < deadline,
            "{what}: the hall shows {v:#}, and of itself {}",
            get(hall, "/api/hall").1
        );
        std::thread::sleep(Duration::from_millis(50));
    }
}

/// A simulated board publishing through the real publisher with a journal
/// in memory.
pub struct Board {
    pub sim: SimBoard,
    pub journal: Arc<MemoryJournal>,
    pub publisher: Publisher,
}

impl Board {
    /// A board publishing with the hall's key (`None`: a board without it).
    pub fn new(
        broker: &Broker,
        tournament: &str,
        n: u32,
        seed: u64,
        key: Option<HallKey>,
    ) -> Board {
        let journal = Arc::new(MemoryJournal::new());
        let publisher = Publisher::start(
            Target {
                url: broker.url(),
                tournament: Tournament::parse(tournament).unwrap(),
                board: n,
                key,
                game: None,
            },
            journal.clone(),
        );
        Board {
            sim: SimBoard::new(n, seed, 300_000, 2_000),
            journal,
            publisher,
        }
    }

    /// Commits a row to the journal, then hands it to the publisher (as
    /// serve does).
    pub fn commit(&self, row: BoardMessage) {
        self.journal.commit(row.clone());
        self.publisher.committed(row);
    }

    /// Plays `n` moves.
    pub fn play(&mut self, n: usize) {
        for _ in 0..n {
            let row = self.sim.play(3_000).expect("a legal move");
            self.commit(row);
        }
    }

    /// Waits (driving the runtime) until the broker acknowledged every row.
    pub async fn flushed(&self) {
        let deadline = Instant::now() + Duration::from_secs(30);
        while self.publisher.acknowledged() < self.sim.seq() {
            assert!(
                Instant::now() < deadline,
                "board {}: {} of {} rows acknowledged",
                self.sim.board,
                self.publisher.acknowledged(),
                self.sim.seq()
            );
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }
}

/// A runtime whose worker runs the publishers in the background while the
/// test thread talks to the hall.
pub fn runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_multi_thread()
        .worker_threads(1)
        .enable_all()
        .build()
        .unwrap()
}

/// The moves of every game in a round PGN, by its Board tag.
pub fn round_moves(pgn: &str) -> std::collections::BTreeMap<String, Vec<String>> {
    hector::rules::pgn::read_pgn(pgn)
        .expect("round.pgn reads as PGN")
        .iter()
        .map(|g| {
            (
                g.tag("Board").expect("a Board tag").to_string(),
                g.game.sans().to_vec(),
            )
        })
        .collect()
}

/// Every (board, seq) the hall's stream holds, in stream order.
pub async fn stream_rows(url: &str) -> Vec<(u32, u64)> {
    let client = async_nats::connect(url).await.expect("connect");
    let js = async_nats::jetstream::new(client);
    let stream = js
        .get_stream(hector::hall::message::STREAM)
        .await
        .expect("the hall stream");
    let last = stream.get_info().await.expect("info").state.last_sequence;
    let mut rows = Vec::new();
    for seq in 1..=last {
        if let Ok(m) = stream.get_raw_message(seq).await {
            let b: BoardMessage = serde_json::from_slice(&m.payload).expect("a board row");
            rows.push((b.board, b.seq));
        }
    }
    rows
}
