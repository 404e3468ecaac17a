//! `hector-lab hall --bench`: a real nats-server, N simulated boards (tasks
//! playing seeded games in accelerated time, each publishing through the
//! real [`Publisher`]) and a real `hector hall` process. The broker is
//! restarted a third of the way through and the hall two thirds of the way
//! through; at the end every move must be in the hall's `/round.pgn`.
//! Prints rows published per second, the latency from a board's commit to
//! the hall's live update (p50/p99) and the hall's memory.

use std::collections::HashMap;
use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use super::message::Tournament;
use super::publish::{MemoryJournal, Publisher, Target};
use super::sim::SimBoard;

/// Where Debian installs the broker (not on a normal user's PATH).
const NATS_PATHS: [&str; 2] = ["/usr/sbin/nats-server", "/usr/bin/nats-server"];

/// The broker's program, if installed.
pub fn nats_server_program() -> Option<PathBuf> {
    if let Some(p) = std::env::var_os("NATS_SERVER") {
        return Some(PathBuf::from(p));
    }
    if let Ok(path) = std::env::var("PATH") {
        for dir in path.split(':') {
            let p = Path::new(dir).join("nats-server");
            if p.is_file() {
                return Some(p);
            }
        }
    }
    NATS_PATHS.iter().map(PathBuf::from).find(|p| p.is_file())
}

/// A nats-server with JetStream on a loopback port, its store in a
/// directory that outlives restarts; killed when dropped.
pub struct Broker {
    program: PathBuf,
    pub port: u16,
    dir: PathBuf,
    /// A configuration file (users, permissions) the broker reads.
    config: Option<PathBuf>,
    child: Option<Child>,
}

impl Broker {
    /// Starts a broker on a free loopback port with its store under `dir`.
    pub fn start(dir: &Path) -> Result<Broker, String> {
        Broker::start_with(dir, None)
    }

    /// Starts a broker that also reads `config` (nats-server's
    /// configuration language: accounts, users, permissions, its store);
    /// the port and address given on its command line win over the file's.
    pub fn start_with(dir: &Path, config: Option<&str>) -> Result<Broker, String> {
        let program = nats_server_program()
            .ok_or("nats-server is not installed (./setup.sh installs Debian's nats-server).")?;
        let port = free_port()?;
        let config = match config {
            Some(text) => {
                let path = dir.join("nats.conf");
                std::fs::write(&path, text)
                    .map_err(|e| format!("Cannot write {}: {e}", path.display()))?;
                Some(path)
            }
            None => None,
        };
        let mut b = Broker {
            program,
            port,
            dir: dir.to_path_buf(),
            config,
            child: None,
        };
        b.restart()?;
        Ok(b)
    }

    pub fn url(&self) -> String {
        format!("nats://127.0.0.1:{}", self.port)
    }

    /// The folder of its store (tests keep a hall's state next to it).
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// Stops the broker as an operator would (SIGTERM: it flushes its
    /// store) and waits for it to exit.
    pub fn stop(&mut self) {
        if let Some(mut c) = self.child.take() {
            let _ = Command::new("kill")
                .arg("-TERM")
                .arg(c.id().to_string())
                .status();
            let deadline = Instant::now() + Duration::from_secs(10);
            while Instant::now() < deadline {
                if let Ok(Some(_)) = c.try_wait() {
                    return;
                }
                std::thread::sleep(Duration::from_millis(20));
            }
            let _ = c.kill();
            let _ = c.wait();
        }
    }

    /// Starts it again on the same port and store; returns once it accepts
    /// connections.
    pub fn restart(&mut self) -> Result<(), String> {
        self.stop();
        let store = self.dir.join("jetstream");
        let mut cmd = Command::new(&self.program);
        match &self.config {
            // The store is the configuration's (nats-server refuses both).
            Some(c) => cmd.arg("-c").arg(c),
            None => cmd.arg("-sd").arg(&store),
        };
        let child = cmd
            .args(["-js", "-a", "127.0.0.1", "-p"])
            .arg(self.port.to_string())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| format!("Cannot start {}: {e}", self.program.display()))?;
        self.child = Some(child);
        let deadline = Instant::now() + Duration::from_secs(10);
        while Instant::now() < deadline {
            // Its own greeting, not another program's port.
            if let Some(Ok(Some(status))) = self.child.as_mut().map(|c| c.try_wait()) {
                self.child = None;
                return Err(format!(
                    "nats-server on port {} ended at once ({status})",
                    self.port
                ));
            }
            if greets(self.port) {
                return Ok(());
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        Err(format!(
            "nats-server did not listen on port {} within 10 s",
            self.port
        ))
    }
}

/// Whether a NATS server answers on the loopback port (its first line is
/// `INFO {...}`).
fn greets(port: u16) -> bool {
    let Ok(mut stream) = TcpStream::connect(("127.0.0.1", port)) else {
        return false;
    };
    let _ = stream.set_read_timeout(Some(Duration::from_secs(2)));
    let mut head = [0u8; 5];
    stream.read_exact(&mut head).is_ok() && &head == b"INFO "
}

impl Drop for Broker {
    fn drop(&mut self) {
        if let Some(mut c) = self.child.take() {
            let _ = c.kill();
            let _ = c.wait();
        }
    }
}

/// Ports handed to brokers by this process: a broker stopped for a while
/// finds its port free when it starts again, as no other broker of this
/// process gets it meanwhile.
static GIVEN: Mutex<Vec<u16>> = Mutex::new(Vec::new());

/// A free loopback port for a broker (it binds it right after), below the
/// range the kernel picks ports from itself
/// (`/proc/sys/net/ipv4/ip_local_port_range`): no socket bound to port 0
/// and no outgoing connection can take a stopped broker's port before it
/// starts again.
pub fn free_port() -> Result<u16, String> {
    let below = std::fs::read_to_string("/proc/sys/net/ipv4/ip_local_port_range")
        .ok()
        .and_then(|r| r.split_whitespace().next()?.parse::<u16>().ok())
        .unwrap_or(32768)
        .max(2048);
    let (low, span) = (below / 2, below - below / 2);
    let mut given = GIVEN.lock().unwrap_or_else(|e| e.into_inner());
    for _ in 0..500 {
        let mut bytes = [0u8; 2];
        getrandom::fill(&mut bytes).map_err(|e| format!("No randomness: {e}"))?;
        let port = low + u16::from_le_bytes(bytes) % span;
        if given.contains(&port) {
            continue;
        }
        if std::net::TcpListener::bind(("127.0.0.1", port)).is_ok() {
            given.push(port);
            return Ok(port);
        }
    }
    Err(format!("No free loopback port between {low} and {below}"))
}

/// A running `hector hall` process; killed when dropped.
pub struct HallProcess {
    child: Child,
    /// `127.0.0.1:PORT`.
    pub addr: String,
    pub arbiter_url: String,
    pub watch_url: String,
    /// The hall's key (its `KEY` line).
    pub key: String,
}

impl HallProcess {
    /// Starts `hector hall` (the program `exe`) with its state in `state`
    /// and waits for `READY`.
    pub fn start(
        exe: &Path,
        broker: &str,
        tournament: &str,
        state: &Path,
    ) -> Result<HallProcess, String> {
        HallProcess::start_with(exe, broker, tournament, state, &[])
    }

    /// [`HallProcess::start`] with further options (`--locale el`).
    pub fn start_with(
        exe: &Path,
        broker: &str,
        tournament: &str,
        state: &Path,
        extra: &[&str],
    ) -> Result<HallProcess, String> {
        let mut child = Command::new(exe)
            .args([
                "hall",
                "--hall",
                broker,
                "--tournament",
                tournament,
                "--round",
                "1",
            ])
            .arg("--state")
            .arg(state)
            .args(extra)
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .map_err(|e| format!("Cannot start {}: {e}", exe.display()))?;
        let stdout = child.stdout.take().ok_or("no stdout")?;
        let (tx, rx) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines().map_while(Result::ok) {
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        let mut arbiter_url = String::new();
        let mut watch_url = String::new();
        let mut key = String::new();
        loop {
            match rx.recv_timeout(Duration::from_secs(60)) {
                Ok(line) if line == "READY" => break,
                Ok(line) => {
                    if let Some(u) = line.strip_prefix("URL arbiter ") {
                        arbiter_url = u.to_string();
                    } else if let Some(u) = line.strip_prefix("URL watch ") {
                        watch_url = u.to_string();
                    } else if let Some(k) = line.strip_prefix("KEY ") {
                        key = k.to_string();
                    }
                }
                Err(_) => {
                    let _ = child.kill();
                    return Err("hector hall did not print READY within 60 s".into());
                }
            }
        }
        let addr = watch_url
            .trim_start_matches("http://")
            .split('/')
            .next()
            .unwrap_or("")
            .to_string();
        Ok(HallProcess {
            child,
            addr,
            arbiter_url,
            watch_url,
            key,
        })
    }

    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    /// Stops it with SIGTERM (as Ctrl-C would) and waits.
    pub fn stop(mut self) {
        let _ = Command::new("kill")
            .arg("-TERM")
            .arg(self.child.id().to_string())
            .status();
        let _ = self.child.wait();
    }
}

impl Drop for HallProcess {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// `GET path` over HTTP/1.0 (the body ends when the server closes);
/// returns the status code and the body.
pub fn http_get(addr: &str, path: &str) -> Result<(u16, String), String> {
    let mut s = TcpStream::connect(addr).map_err(|e| format!("{addr}: {e}"))?;
    s.set_read_timeout(Some(Duration::from_secs(30))).ok();
    write!(s, "GET {path} HTTP/1.0\r\nHost: {addr}\r\n\r\n").map_err(|e| e.to_string())?;
    let mut raw = Vec::new();
    s.read_to_end(&mut raw).map_err(|e| e.to_string())?;
    let text = String::from_utf8_lossy(&raw).into_owned();
    let (head, body) = text.split_once("\r\n\r\n").unwrap_or((&text, ""));
    let code = head
        .split_whitespace()
        .nth(1)
        .and_then(|c| c.parse().ok())
        .unwrap_or(0);
    Ok((code, body.to_string()))
}

/// Follows the hall's `/api/updates` and calls `seen(board, seq)` for
/// every board update, until `stop` is set or the hall closes the stream.
pub fn follow_updates(
    addr: &str,
    stop: Arc<AtomicBool>,
    mut seen: impl FnMut(u64, u64),
) -> Result<(), String> {
    let mut s = TcpStream::connect(addr).map_err(|e| format!("{addr}: {e}"))?;
    s.set_read_timeout(Some(Duration::from_millis(200))).ok();
    write!(s, "GET /api/updates HTTP/1.0\r\nHost: {addr}\r\n\r\n").map_err(|e| e.to_string())?;
    let mut reader = BufReader::new(s);
    let mut line = String::new();
    while !stop.load(Ordering::SeqCst) {
        match reader.read_line(&mut line) {
            Ok(0) => return Ok(()),
            Ok(_) => {
                if line.ends_with('\n') {
                    if let Some(data) = line.trim_end().strip_prefix("data: ")
                        && let Ok(v) = serde_json::from_str::<serde_json::Value>(data)
                    {
                        let items = match v {
                            serde_json::Value::Array(a) => a,
                            one => vec![one],
                        };
                        for b in items {
                            if let (Some(n), Some(seq)) = (b["board"].as_u64(), b["seq"].as_u64()) {
                                seen(n, seq);
                            }
                        }
                    }
                    line.clear();
                }
            }
            Err(e)
                if e.kind() == std::io::ErrorKind::WouldBlock
                    || e.kind() == std::io::ErrorKind::TimedOut => {}
            Err(e) => return Err(e.to_string()),
        }
    }
    Ok(())
}

/// The resident and peak memory of a process, in KiB (Linux).
pub fn memory_kib(pid: u32) -> Option<(u64, u64)> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let field = |name: &str| {
        status
            .lines()
            .find(|l| l.starts_with(name))
            .and_then(|l| l.split_whitespace().nth(1))
            .and_then(|v| v.parse().ok())
    };
    Some((field("VmRSS:")?, field("VmHWM:")?))
}

fn percentile(sorted: &[f64], p: f64) -> f64 {
    if sorted.is_empty() {
        return f64::NAN;
    }
    let i = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[i.min(sorted.len() - 1)]
}

/// When each row was committed, and when the hall first showed it.
#[derive(Default)]
struct Times {
    committed: HashMap<(u64, u64), Instant>,
    shown: HashMap<(u64, u64), Instant>,
    /// The highest row shown per board: a board update stands for every
    /// row up to its seq.
    high: HashMap<u64, u64>,
    /// Rows committed while the broker or the hall was down.
    outage: std::collections::HashSet<(u64, u64)>,
}

/// Runs the benchmark and prints its figures.
pub fn run(
    boards: Option<&str>,
    moves: Option<&str>,
    interval: Option<&str>,
) -> Result<(), String> {
    let boards: u32 = boards
        .unwrap_or("100")
        .parse()
        .map_err(|_| "--boards takes a number of boards, e.g. 100.")?;
    let moves: usize = moves
        .unwrap_or("60")
        .parse()
        .map_err(|_| "--moves takes a number of half-moves per game, e.g. 60.")?;
    let interval: u64 = interval
        .unwrap_or("250")
        .parse()
        .map_err(|_| "--interval takes the milliseconds between two moves of a board, e.g. 250.")?;
    if boards == 0 || moves == 0 {
        return Err("--boards and --moves must be at least 1.".into());
    }
    let exe = crate::lab::hector_exe()?;
    let dir = std::env::temp_dir().join(format!("hector-hall-bench-{}", std::process::id()));
    std::fs::create_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let result = run_in(&exe, &dir, boards, moves, interval);
    let _ = std::fs::remove_dir_all(&dir);
    result
}

fn run_in(exe: &Path, dir: &Path, boards: u32, moves: usize, interval: u64) -> Result<(), String> {
    let tournament = "bench";
    let mut broker = Broker::start(dir)?;
    let url = broker.url();
    let state = dir.join("hall-state");
    let mut hall = HallProcess::start(exe, &url, tournament, &state)?;
    let key = super::key::HallKey::parse(&hall.key)?;
    println!(
        "hall bench: {boards} boards × {moves} half-moves, a move per board every {interval} ms \
         (game time 1–10 s per move), broker on {url}, hall {}",
        hall.watch_url
    );
    let times = Arc::new(Mutex::new(Times::default()));
    let down = Arc::new(AtomicBool::new(false));
    let stop_updates = Arc::new(AtomicBool::new(false));
    let follower = spawn_follower(&hall.addr, &times, &stop_updates);

    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .map_err(|e| e.to_string())?;
    let counters = Arc::new(Counters::default());
    let committed = &counters.committed;
    let total = boards as u64 * moves as u64;
    let started = Instant::now();
    // The boards play in a thread of their own; this thread restarts the
    // broker and the hall while they play.
    let board_thread = {
        let times = times.clone();
        let counters = counters.clone();
        let down = down.clone();
        let broker = (url.clone(), key.clone());
        std::thread::spawn(move || {
            rt.block_on(play_boards(
                boards, moves, interval, broker, times, counters, down,
            ))
        })
    };
    let wait_for = |fraction: u64| {
        while committed.load(Ordering::SeqCst) < total * fraction / 3 && !board_thread.is_finished()
        {
            std::thread::sleep(Duration::from_millis(5));
        }
    };
    wait_for(1);
    down.store(true, Ordering::SeqCst);
    let broker_down = Instant::now();
    if std::env::var_os("HECTOR_BENCH_DEBUG").is_some() {
        eprintln!(
            "broker down at {:.2} s",
            broker_down.duration_since(started).as_secs_f64()
        );
    }
    let at = committed.load(Ordering::SeqCst);
    broker.stop();
    std::thread::sleep(Duration::from_millis(500));
    broker.restart()?;
    let broker_back = Instant::now();
    // Rows committed in the outage and the publishers' reconnection
    // (their pause between attempts is at most 2 s) count as outage rows.
    std::thread::sleep(Duration::from_secs(2));
    down.store(false, Ordering::SeqCst);
    println!(
        "broker stopped at move {at} of {total} and back after {:.0} ms",
        broker_back.duration_since(broker_down).as_secs_f64() * 1000.0,
    );
    wait_for(2);
    down.store(true, Ordering::SeqCst);
    stop_updates.store(true, Ordering::SeqCst);
    let _ = follower.join();
    let hall_down = Instant::now();
    if std::env::var_os("HECTOR_BENCH_DEBUG").is_some() {
        eprintln!(
            "hall down at {:.2} s",
            hall_down.duration_since(started).as_secs_f64()
        );
    }
    let at = committed.load(Ordering::SeqCst);
    hall.stop();
    hall = HallProcess::start(exe, &url, tournament, &state)?;
    println!(
        "hall stopped at move {at} of {total}, restarted and rebuilt from the stream in {:.0} ms",
        hall_down.elapsed().as_secs_f64() * 1000.0,
    );
    let stop_updates = Arc::new(AtomicBool::new(false));
    let follower = spawn_follower(&hall.addr, &times, &stop_updates);
    std::thread::sleep(Duration::from_millis(500));
    down.store(false, Ordering::SeqCst);
    let (acked, sims) = board_thread
        .join()
        .map_err(|_| "the boards' thread failed")??;
    let elapsed = started.elapsed();
    // Wait for the hall to show every board's last row.
    let deadline = Instant::now() + Duration::from_secs(60);
    loop {
        let t = times.lock().map_err(|_| "poisoned")?;
        let all = sims
            .iter()
            .all(|(n, seq, _)| t.high.get(&(*n as u64)).copied().unwrap_or(0) >= *seq);
        drop(t);
        if all || Instant::now() > deadline {
            break;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    stop_updates.store(true, Ordering::SeqCst);
    let _ = follower.join();
    let memory = memory_kib(hall.pid());

    // Every move in round.pgn, in order.
    let (code, pgn) = http_get(&hall.addr, "/round.pgn")?;
    if code != 200 {
        return Err(format!("/round.pgn answered {code}"));
    }
    let games = crate::rules::pgn::read_pgn(&pgn).map_err(|e| format!("round.pgn: {e}"))?;
    let mut by_board: HashMap<String, Vec<String>> = HashMap::new();
    for g in &games {
        by_board.insert(
            g.tag("Board").unwrap_or("").to_string(),
            g.game.sans().to_vec(),
        );
    }
    let mut missing = 0usize;
    let mut moves_total = 0usize;
    for (n, _, sans) in &sims {
        moves_total += sans.len();
        let got = by_board.get(&n.to_string()).cloned().unwrap_or_default();
        if got != *sans {
            missing += sans
                .len()
                .saturating_sub(got.iter().zip(sans).take_while(|(a, b)| a == b).count());
        }
    }

    let t = times.lock().map_err(|_| "poisoned")?;
    let mut steady: Vec<f64> = Vec::new();
    let mut all: Vec<f64> = Vec::new();
    for (key, shown) in &t.shown {
        if let Some(c) = t.committed.get(key) {
            let ms = shown.saturating_duration_since(*c).as_secs_f64() * 1000.0;
            all.push(ms);
            if !t.outage.contains(key) {
                steady.push(ms);
            }
        }
    }
    if std::env::var_os("HECTOR_BENCH_DEBUG").is_some() {
        let mut slow: Vec<(f64, f64)> = t
            .shown
            .iter()
            .filter(|(k, _)| !t.outage.contains(k))
            .filter_map(|(k, s)| {
                let c = t.committed.get(k)?;
                Some((
                    c.duration_since(started).as_secs_f64(),
                    s.saturating_duration_since(*c).as_secs_f64() * 1000.0,
                ))
            })
            .filter(|(_, ms)| *ms > 100.0)
            .collect();
        slow.sort_by(|a, b| a.0.total_cmp(&b.0));
        for (at, ms) in slow.iter().step_by(20) {
            eprintln!("slow: committed at {at:.2} s, shown after {ms:.0} ms");
        }
    }
    steady.sort_by(f64::total_cmp);
    all.sort_by(f64::total_cmp);
    let events = counters.events.load(Ordering::SeqCst);
    println!(
        "published: {acked} rows ({events} events) acknowledged in {:.2} s = {:.0} rows/s, {:.0} events/s",
        elapsed.as_secs_f64(),
        acked as f64 / elapsed.as_secs_f64(),
        events as f64 / elapsed.as_secs_f64()
    );
    println!(
        "latency board commit → hall live update: p50 {:.1} ms, p99 {:.1} ms ({} rows outside the two outages and 2 s after each); with outages p99 {:.1} ms, max {:.1} ms ({} rows)",
        percentile(&steady, 0.5),
        percentile(&steady, 0.99),
        steady.len(),
        percentile(&all, 0.99),
        all.last().copied().unwrap_or(f64::NAN),
        all.len()
    );
    if let Some((rss, hwm)) = memory {
        println!(
            "hall memory: RSS {:.1} MiB, peak {:.1} MiB",
            rss as f64 / 1024.0,
            hwm as f64 / 1024.0
        );
    }
    println!(
        "round.pgn: {} games, {moves_total} moves played, {missing} missing",
        games.len()
    );
    hall.stop();
    if missing > 0 || games.len() != sims.len() {
        return Err(format!(
            "round.pgn lacks moves: {missing} missing, {} of {} games",
            games.len(),
            sims.len()
        ));
    }
    Ok(())
}

fn spawn_follower(
    addr: &str,
    times: &Arc<Mutex<Times>>,
    stop: &Arc<AtomicBool>,
) -> std::thread::JoinHandle<()> {
    let addr = addr.to_string();
    let times = times.clone();
    let stop = stop.clone();
    std::thread::spawn(move || {
        let r = follow_updates(&addr, stop, |board, seq| {
            let now = Instant::now();
            if let Ok(mut t) = times.lock() {
                let high = t.high.get(&board).copied().unwrap_or(0);
                for s in high + 1..=seq {
                    t.shown.entry((board, s)).or_insert(now);
                }
                if seq > high {
                    t.high.insert(board, seq);
                }
            }
        });
        if let Err(e) = r {
            eprintln!("hall updates: {e}");
        }
    })
}

/// Rows committed and events in them, over all boards.
#[derive(Default)]
struct Counters {
    committed: AtomicU64,
    events: AtomicU64,
}

/// The last row and the moves of a board at the end.
type Played = (u32, u64, Vec<String>);

async fn play_boards(
    boards: u32,
    moves: usize,
    interval: u64,
    (url, key): (String, super::key::HallKey),
    times: Arc<Mutex<Times>>,
    counters: Arc<Counters>,
    down: Arc<AtomicBool>,
) -> Result<(u64, Vec<Played>), String> {
    let tournament = Tournament::parse("bench")?;
    let mut tasks = Vec::new();
    for n in 1..=boards {
        let target = Target {
            url: url.clone(),
            tournament: tournament.clone(),
            board: n,
            key: Some(key.clone()),
            game: None,
        };
        let times = times.clone();
        let counters = counters.clone();
        let down = down.clone();
        tasks.push(tokio::spawn(async move {
            let journal = Arc::new(MemoryJournal::new());
            let publisher = Publisher::start(target, journal.clone());
            let mut sim = SimBoard::new(n, 1000 + n as u64, 300_000, 2_000);
            // Boards start at different moments, as in a hall.
            tokio::time::sleep(Duration::from_millis(n as u64 * 7 % interval.max(1))).await;
            for i in 0..moves {
                let Some(row) = sim.play(1_000 + (i as u64 * 37 + n as u64 * 11) % 9_000) else {
                    break;
                };
                let key = (n as u64, row.seq);
                counters
                    .events
                    .fetch_add(row.events.len() as u64, Ordering::SeqCst);
                journal.commit(row.clone());
                if let Ok(mut t) = times.lock() {
                    t.committed.insert(key, Instant::now());
                    if down.load(Ordering::SeqCst) {
                        t.outage.insert(key);
                    }
                }
                publisher.committed(row);
                counters.committed.fetch_add(1, Ordering::SeqCst);
                tokio::time::sleep(Duration::from_millis(interval)).await;
            }
            let seq = sim.seq();
            let acked = publisher.close(Duration::from_secs(60)).await;
            (n, seq, acked, sim.sans().to_vec())
        }));
    }
    let mut acked_total = 0;
    let mut played = Vec::new();
    for t in tasks {
        let (n, seq, acked, sans) = t.await.map_err(|e| e.to_string())?;
        if acked < seq {
            return Err(format!(
                "board {n}: the broker acknowledged {acked} of {seq} rows"
            ));
        }
        acked_total += seq;
        played.push((n, seq, sans));
    }
    Ok((acked_total, played))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A broker's port lies below the kernel's own range, and no two
    /// brokers of one process get the same one.
    #[test]
    fn broker_ports_are_below_the_kernels_range_and_never_given_twice() {
        let below: u16 = std::fs::read_to_string("/proc/sys/net/ipv4/ip_local_port_range")
            .ok()
            .and_then(|r| r.split_whitespace().next()?.parse().ok())
            .unwrap_or(32768);
        let ports: Vec<u16> = (0..200).map(|_| free_port().unwrap()).collect();
        assert!(ports.iter().all(|&p| p < below), "{ports:?}");
        let mut sorted = ports.clone();
        sorted.sort_unstable();
        sorted.dedup();
        assert_eq!(sorted.len(), ports.len(), "a port given twice");
    }

    /// Only a NATS server's greeting counts as the broker started: a port
    /// some other program listens on does not.
    #[test]
    fn a_port_without_a_nats_greeting_is_no_broker() {
        let quiet = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        let port = quiet.local_addr().unwrap().port();
        let talk = std::thread::spawn(move || {
            let (mut s, _) = quiet.accept().unwrap();
            let _ = s.write_all(b"HTTP/1.0 400 Bad Request\r\n\r\n");
        });
        assert!(!greets(port));
        talk.join().unwrap();
        let nats = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        let port = nats.local_addr().unwrap().port();
        let talk = std::thread::spawn(move || {
            let (mut s, _) = nats.accept().unwrap();
            let _ = s.write_all(b"INFO {\"server_id\":\"x\"}\r\n");
        });
        assert!(greets(port));
        talk.join().unwrap();
    }
}
