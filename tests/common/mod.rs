//! Helpers shared by the Braille integration tests: programs present or
//! SKIP, temporary directories, child processes killed on drop, socat pty
//! pairs, the Baum display emulator in a thread, and BRLTTY.
#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc::{self, Sender};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

pub use crate::support::need;
use hector::braille::Cell;
use hector::braille::driver::{KeyEvent, baum_key_packets};
use hector::lab::braille::emulator::{self, Emulator, Shared};

pub struct TempDir(pub PathBuf);
impl TempDir {
    pub fn new(tag: &str) -> TempDir {
        static N: AtomicUsize = AtomicUsize::new(0);
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.subsec_nanos())
            .unwrap_or(0);
        let p = std::env::temp_dir().join(format!(
            "hector-{tag}-{}-{}-{nanos}",
            std::process::id(),
            N.fetch_add(1, Ordering::SeqCst)
        ));
        std::fs::create_dir_all(&p).expect("temp dir");
        TempDir(p)
    }
    pub fn path(&self, name: &str) -> String {
        self.0.join(name).to_string_lossy().into_owned()
    }
}
impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// Waits at most `ms` for the child to end (killing it then), and returns
/// its exit code (-1 if killed), standard output and standard error.
pub fn finish(guard: &mut Guard, ms: u64) -> (i32, String, String) {
    use std::io::Read;
    let deadline = Instant::now() + Duration::from_millis(ms);
    let mut code = -1;
    loop {
        match guard.0.try_wait() {
            Ok(Some(status)) => {
                code = status.code().unwrap_or(-1);
                break;
            }
            Ok(None) if Instant::now() < deadline => std::thread::sleep(Duration::from_millis(20)),
            _ => {
                eprintln!("timed out waiting for a child process; killing it");
                let _ = guard.0.kill();
                let _ = guard.0.wait();
                break;
            }
        }
    }
    let mut out = String::new();
    let mut err = String::new();
    if let Some(mut o) = guard.0.stdout.take() {
        let _ = o.read_to_string(&mut out);
    }
    if let Some(mut e) = guard.0.stderr.take() {
        let _ = e.read_to_string(&mut err);
    }
    (code, out, err)
}

/// A child process killed (and reaped) when dropped.
pub struct Guard(pub Child);
impl Drop for Guard {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// Starts `hector ARGS` in the background, killed when the guard drops.
/// With `input`, its standard input is a pipe the test writes to.
pub fn spawn_hector(args: &[&str], input: bool) -> Guard {
    // A data folder of the test's own: nothing is written to the user's
    // ~/.local/share (a game `play` saves at quit without --pgn).
    let data = std::env::temp_dir().join(format!("hector-test-data-{}", std::process::id()));
    let _ = std::fs::create_dir_all(&data);
    let child = Command::new(env!("CARGO_BIN_EXE_hector"))
        .args(args)
        .env("XDG_DATA_HOME", &data)
        .stdin(if input { Stdio::piped() } else { Stdio::null() })
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("hector runs");
    Guard(child)
}

/// `hector play` in English with a Baum display at `host` (the computer's
/// end of a socat pair) and `--blind` as given, its terminal piped.
pub fn play_with_baum(host: &str, blind: &str) -> Guard {
    spawn_hector(
        &[
            "play",
            "--locale",
            "en",
            "--blind",
            blind,
            "--braille",
            &format!("baum:{host}"),
        ],
        true,
    )
}

pub fn wait_for(what: &str, ms: u64, mut ok: impl FnMut() -> bool) -> bool {
    let deadline = Instant::now() + Duration::from_millis(ms);
    while Instant::now() < deadline {
        if ok() {
            return true;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    eprintln!("timed out waiting for {what}");
    false
}

/// A socat pty pair: `dev` is the display's end, `host` the computer's.
pub fn socat(dir: &TempDir) -> (Guard, String, String) {
    let dev = dir.path("ttyDEV");
    let host = dir.path("ttyHOST");
    let _ = std::fs::remove_file(&dev);
    let _ = std::fs::remove_file(&host);
    let child = Command::new("socat")
        .arg(format!("pty,raw,echo=0,link={dev}"))
        .arg(format!("pty,raw,echo=0,link={host}"))
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("socat starts");
    let g = Guard(child);
    assert!(
        wait_for("socat ptys", 5000, || Path::new(&dev).exists()
            && Path::new(&host).exists()),
        "socat made no ptys"
    );
    (g, dev, host)
}

/// The emulator running on a pty in a thread; stopped when dropped.
pub struct EmuRun {
    pub shared: Arc<Mutex<Shared>>,
    keys: Sender<Vec<u8>>,
    stop: Arc<AtomicBool>,
    thread: Option<JoinHandle<()>>,
    cells: usize,
}
impl EmuRun {
    pub fn start(path: &str, emu: Emulator) -> EmuRun {
        let shared = Arc::new(Mutex::new(Shared::default()));
        let stop = Arc::new(AtomicBool::new(false));
        let (tx, rx) = mpsc::channel();
        let cells = emu.cells();
        let (s2, st2, p2) = (shared.clone(), stop.clone(), path.to_string());
        let thread = std::thread::spawn(move || {
            let _ = emulator::run_on_port(&p2, emu, s2, rx, st2);
        });
        let run = EmuRun {
            shared,
            keys: tx,
            stop,
            thread: Some(thread),
            cells,
        };
        // Wait until the emulator has opened its port (it publishes a blank display).
        wait_for("the emulator to open its port", 3000, || {
            run.shared
                .lock()
                .map(|s| s.display.len() == cells)
                .unwrap_or(false)
        });
        run
    }
    /// The cells shown; blank cells until the emulator runs.
    pub fn display(&self) -> Vec<Cell> {
        let mut d = self
            .shared
            .lock()
            .map(|s| s.display.clone())
            .unwrap_or_default();
        if d.len() < self.cells {
            d.resize(self.cells, Cell::BLANK);
        }
        d
    }
    pub fn writes(&self) -> usize {
        self.shared.lock().map(|s| s.writes).unwrap_or(0)
    }
    /// Sends raw bytes from the display to the host.
    pub fn send_raw(&self, bytes: &[u8]) {
        let _ = self.keys.send(bytes.to_vec());
    }
    pub fn press(&self, ev: &KeyEvent) {
        let _ = self.keys.send(baum_key_packets(ev, self.cells));
    }
}
impl Drop for EmuRun {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::SeqCst);
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

pub fn cells(dots: &[&str]) -> Vec<Cell> {
    dots.iter().map(|d| Cell::from_dots(d).unwrap()).collect()
}

pub fn brltty(dir: &TempDir, host: &str, api: u16) -> Guard {
    brltty_with_auth(dir, host, api, "none")
}

/// BRLTTY in the foreground: Baum driver on `host`, BrlAPI on loopback port
/// 4101 + `api` with the given auth (`none` or `keyfile:PATH`).
pub fn brltty_with_auth(dir: &TempDir, host: &str, api: u16, auth: &str) -> Guard {
    let log = std::fs::File::create(dir.path("brltty.log")).expect("log");
    let child = Command::new("brltty")
        .args([
            "-n",
            "-e",
            "-l",
            "info,inpkts,outpkts,brlkeys",
            "-f",
            "/dev/null",
        ])
        .args([
            "-W",
            &dir.path(""),
            "-U",
            &dir.path(""),
            "-P",
            &dir.path("pid"),
        ])
        .args(["-x", "no", "-s", "no", "-b", "bm"])
        .arg("-d")
        .arg(format!("serial:{host}"))
        .arg("-A")
        .arg(format!("host=127.0.0.1:{api},auth={auth}"))
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(log)
        .spawn()
        .expect("brltty starts");
    Guard(child)
}

pub fn api_offset(test: u16) -> u16 {
    // Spread over ports 4101+20 … so parallel runs rarely meet.
    20 + ((std::process::id() as u16 % 40) * 4 + test) % 160
}

/// The devices at one board: the Baum display emulator on a socat pty and
/// the DGT e-board emulator on another, its pieces where the session
/// stands after `moves`. Dropped in field order: e-board first, socat last.
pub struct AtTheBoard {
    pub dgt: hector::lab::eboard::emulator::Emulator,
    pty: hector::lab::eboard::emulator::PtyPair,
    pub display: EmuRun,
    /// The Braille device argument, `baum:PTY`.
    pub braille: String,
    _socat: Guard,
}

impl AtTheBoard {
    pub fn new(dir: &TempDir, moves: &str) -> AtTheBoard {
        use hector::lab::eboard::emulator::{Emulator as Dgt, PtyPair};
        let (socat, dev, host) = socat(dir);
        let display = EmuRun::start(&dev, Emulator::new("Orbit Reader 40", 40));
        let boards = dir.0.join("dgt");
        std::fs::create_dir_all(&boards).unwrap();
        let pty = PtyPair::spawn(&boards).expect("socat pty pair for the e-board");
        let start = {
            let mut g = hector::session::Session::new(&hector::session::Config {
                moves: Some(moves.into()),
                ..Default::default()
            })
            .unwrap();
            let _ = g.apply(&hector::session::Command::tick(0));
            shakmaty::Position::board(g.game().position()).clone()
        };
        let dgt = Dgt::attach(&pty.board, start).expect("DGT emulator");
        AtTheBoard {
            dgt,
            pty,
            display,
            braille: format!("baum:{host}"),
            _socat: socat,
        }
    }

    /// The e-board argument, `dgt:PTY`.
    pub fn eboard(&self) -> String {
        format!("dgt:{}", self.pty.host.display())
    }
}

/// A move on the DGT e-board: lift a piece, maybe put one down, then let
/// the board settle (hector reads a move once the board is quiet).
pub fn dgt_step(
    emu: &hector::lab::eboard::emulator::Emulator,
    lift: shakmaty::Square,
    put: Option<(shakmaty::Square, shakmaty::Piece)>,
) {
    emu.lift(lift).unwrap();
    std::thread::sleep(Duration::from_millis(40));
    if let Some((sq, p)) = put {
        emu.put(sq, p).unwrap();
    }
    std::thread::sleep(Duration::from_millis(700));
}
