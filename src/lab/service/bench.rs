//! `hector-lab serve --bench`: journal commit latency, command round trip over
//! loopback, event delivery to many watch sockets, and (with `--kills N`)
//! the kill -9 campaign. Prints the measured figures.

use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use futures_util::StreamExt;
use serde_json::{Value, json};

use super::campaign::{self, SCRIPT, percentile};
use super::client::Client;
use super::journal::{Journal, Stored};
use super::{Options, Server, Who};

fn temp_dir(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("hector-bench-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let _ = std::fs::create_dir_all(&dir);
    dir
}

fn ms(us: u64) -> String {
    format!("{:.2} ms", us as f64 / 1000.0)
}

/// Runs the benchmark; returns the exit code.
pub fn run(kills: usize, watchers: usize, seed: u64) -> i32 {
    match bench(kills, watchers, seed) {
        Ok(clean) => {
            if clean {
                0
            } else {
                1
            }
        }
        Err(e) => {
            eprintln!("The benchmark failed: {e}");
            1
        }
    }
}

fn bench(kills: usize, watchers: usize, seed: u64) -> Result<bool, String> {
    let dir = temp_dir("serve");
    // 1. Journal commits.
    {
        let mut j = Journal::open(&dir.join("commit.sqlite")).map_err(|e| e.to_string())?;
        j.start(&Stored {
            config: json!({"locale": "en"}),
            tags: vec![],
            tokens: vec![],
        })
        .map_err(|e| e.to_string())?;
        let mut lat = Vec::new();
        for i in 0..500u64 {
            let cmd = json!({"t": i * 1000, "from": "white", "text": "Springer Felix drei"});
            let ev = json!([{"t": i * 1000, "kind": "moved", "san": "Nf3", "ply": i + 1,
                             "by": "white", "via": "white", "to": ["all"], "text": "Springer f3"}]);
            let t0 = Instant::now();
            j.append(i * 1000, 0, &cmd, &ev)
                .map_err(|e| e.to_string())?;
            lat.push(t0.elapsed().as_micros() as u64);
        }
        println!(
            "journal commit (WAL, synchronous=FULL, checkpointed into the file): p50 {}, p99 {} over {} commits",
            ms(percentile(&mut lat, 50.0)),
            ms(percentile(&mut lat, 99.0)),
            lat.len()
        );
    }
    // 2. A server in this process.
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .map_err(|e| e.to_string())?;
    let (stop_tx, stop_rx) = tokio::sync::oneshot::channel::<()>();
    let (_shutdown_tx, shutdown_rx) = tokio::sync::watch::channel(false);
    let opts = Options {
        bind: [127, 0, 0, 1].into(),
        port: Some(0),
        host: None,
        journal: dir.join("board.sqlite"),
        config: json!({"locale": "en", "control": "5400+30", "blind": "none"}),
        tags: vec![],
        board: 1,
        hall: None,
    };
    let server = rt.block_on(Server::start(opts, shutdown_rx))?;
    let addr = server.addr;
    let token = |w: Who| server.app.tokens.token(w).to_string();
    let (white, black, watch) = (token(Who::White), token(Who::Black), token(Who::Watch));
    let arbiter = token(Who::Arbiter);
    // The board as fast as it goes: one seat's rate limit (50 a second)
    // would measure the limit, not the board.
    server.app.rate.set(f64::MAX, f64::MAX);
    let serving = rt.spawn(server.serve(async move {
        let _ = stop_rx.await;
    }));
    // 3. Round trips.
    let mut client = Client::new(addr);
    let mut lat = Vec::new();
    let all = Instant::now();
    for _ in 0..300 {
        let t0 = Instant::now();
        let a = client.command(&white, "time").map_err(|e| e.to_string())?;
        lat.push(t0.elapsed().as_micros() as u64);
        if a.status != 200 {
            return Err(format!("a command was answered {}: {}", a.status, a.body));
        }
    }
    println!(
        "command round trip (POST /api/command over loopback, committed): p50 {}, p99 {} over {} commands, {:.0} commands/s one after another",
        ms(percentile(&mut lat, 50.0)),
        ms(percentile(&mut lat, 99.0)),
        lat.len(),
        lat.len() as f64 / all.elapsed().as_secs_f64().max(1e-9)
    );
    // 4. Event delivery to watch sockets. The arbiter starts the clocks
    // first: no move before (6.6).
    let a = client
        .command(&arbiter, "start clock")
        .map_err(|e| e.to_string())?;
    if a.status != 200 || a.body.contains("\"refused\"") {
        return Err(format!("start clock was answered {}: {}", a.status, a.body));
    }
    let got: Arc<Mutex<Vec<(u64, Instant)>>> = Arc::new(Mutex::new(Vec::new()));
    let url = format!("ws://{addr}/api/events?token={watch}");
    let connected = rt.block_on(async {
        let mut n = 0;
        for _ in 0..watchers {
            match tokio_tungstenite::connect_async(url.as_str()).await {
                Ok((mut ws, _)) => {
                    n += 1;
                    let got = got.clone();
                    tokio::spawn(async move {
                        while let Some(Ok(msg)) = ws.next().await {
                            let now = Instant::now();
                            if let Ok(text) = msg.to_text()
                                && let Ok(v) = serde_json::from_str::<Value>(text)
                                && v.get("kind").and_then(Value::as_str) == Some("moved")
                            {
                                let ply = v.get("ply").and_then(Value::as_u64).unwrap_or(0);
                                got.lock()
                                    .unwrap_or_else(|e| e.into_inner())
                                    .push((ply, now));
                            }
                        }
                    });
                }
                Err(e) => eprintln!("a watch socket could not connect: {e}"),
            }
        }
        n
    });
    std::thread::sleep(Duration::from_millis(200));
    let mut sent = Vec::new();
    for (i, san) in SCRIPT.iter().enumerate() {
        let tok = if i % 2 == 0 { &white } else { &black };
        let t0 = Instant::now();
        let a = client.command(tok, san).map_err(|e| e.to_string())?;
        if a.status != 200 || a.body.contains("\"refused\"") {
            return Err(format!(
                "the move {san} was answered {}: {}",
                a.status, a.body
            ));
        }
        sent.push(t0);
        std::thread::sleep(Duration::from_millis(30));
    }
    std::thread::sleep(Duration::from_millis(500));
    let samples = got.lock().unwrap_or_else(|e| e.into_inner()).clone();
    let mut delays: Vec<u64> = samples
        .iter()
        .filter_map(|(ply, at)| {
            let s = sent.get((*ply as usize).checked_sub(1)?)?;
            Some(at.duration_since(*s).as_micros() as u64)
        })
        .collect();
    let expected = connected * SCRIPT.len();
    println!(
        "event delivery to {connected} watch sockets (POST to each socket's receipt): p50 {}, p99 {}, max {} over {} deliveries ({} missing)",
        ms(percentile(&mut delays, 50.0)),
        ms(percentile(&mut delays, 99.0)),
        ms(delays.last().copied().unwrap_or(0)),
        delays.len(),
        expected.saturating_sub(delays.len())
    );
    let _ = stop_tx.send(());
    let _ = rt.block_on(async { tokio::time::timeout(Duration::from_secs(5), serving).await });
    rt.shutdown_timeout(Duration::from_secs(1));
    let mut clean = delays.len() == expected;
    // 5. kill -9.
    if kills > 0 {
        let exe = crate::lab::hector_exe()?;
        let seed = if seed == 0 {
            super::journal::wall_ms()
        } else {
            seed
        };
        let t0 = Instant::now();
        let mut r = campaign::run(&exe, &dir.join("kills"), kills, seed)?;
        println!(
            "kill -9 campaign (seed {seed}): {} SIGKILLs over {} games in {:.1} s, {} acknowledged commands, {} lost, {} position and {} clock mismatches, {} token changes; restart to READY p50 {} ms, p99 {} ms",
            r.kills,
            r.games,
            t0.elapsed().as_secs_f64(),
            r.acknowledged,
            r.lost,
            r.position_mismatches,
            r.clock_mismatches,
            r.token_changes,
            percentile(&mut r.restarts_ms, 50.0),
            percentile(&mut r.restarts_ms, 99.0),
        );
        for p in &r.problems {
            println!("  {p}");
        }
        clean &= r.clean();
    }
    let _ = std::fs::remove_dir_all(&dir);
    Ok(clean)
}
