//! A DGT board emulator for tests and demonstrations, written from the
//! protocol description (commands 0x40 reset, 0x42 board dump, 0x44
//! update mode; messages 0x86 board dump and 0x8E field update), and a
//! `socat` pseudo-terminal pair to run it on.
//!
//! The emulator holds pieces on 64 squares. Lifting or putting down a
//! piece sends a field update when the computer has asked for update
//! mode, as a real board does.

use std::io::{ErrorKind, Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use serialport::SerialPort;
use shakmaty::{Board, Piece, Square};

use super::protocol::{
    CMD_BOARD_DUMP, CMD_RESET, CMD_UPDATE_BOARD, encode_board_dump, encode_field_update,
};

/// Two connected pseudo-terminals made by `socat`, removed (and socat
/// ended) on drop.
pub struct PtyPair {
    child: Child,
    /// The computer's end (what hector opens).
    pub host: PathBuf,
    /// The board's end (what the emulator opens).
    pub board: PathBuf,
}

impl PtyPair {
    /// Starts `socat` with the two ends as links in `dir`. `Err` with a
    /// sentence when socat is missing or the links do not appear within
    /// five seconds.
    pub fn spawn(dir: &Path) -> Result<PtyPair, String> {
        let host = dir.join("host");
        let board = dir.join("board");
        let _ = std::fs::remove_file(&host);
        let _ = std::fs::remove_file(&board);
        let child = Command::new("socat")
            .arg(format!("pty,raw,echo=0,link={}", host.display()))
            .arg(format!("pty,raw,echo=0,link={}", board.display()))
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| format!("socat cannot be started: {e}"))?;
        let mut pair = PtyPair { child, host, board };
        let until = Instant::now() + Duration::from_secs(5);
        while Instant::now() < until {
            if pair.host.exists() && pair.board.exists() {
                return Ok(pair);
            }
            if let Ok(Some(status)) = pair.child.try_wait() {
                return Err(format!("socat ended at once ({status})"));
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        pair.stop();
        Err("socat made no pseudo-terminals within 5 s".into())
    }

    /// Ends socat: both ends vanish, as when a board is unplugged.
    pub fn stop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
        let _ = std::fs::remove_file(&self.host);
        let _ = std::fs::remove_file(&self.board);
    }
}

impl Drop for PtyPair {
    fn drop(&mut self) {
        self.stop();
    }
}

struct State {
    board: Board,
    update_mode: bool,
    commands: Vec<u8>,
}

/// An emulated DGT board on a serial device or pseudo-terminal.
pub struct Emulator {
    state: Arc<Mutex<State>>,
    writer: Arc<Mutex<Box<dyn SerialPort>>>,
    stop: Arc<AtomicBool>,
    thread: Option<JoinHandle<()>>,
}

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|p| p.into_inner())
}

impl Emulator {
    /// Attaches a board with `board` on it to the device at `path` and
    /// starts answering commands.
    pub fn attach(path: &Path, board: Board) -> Result<Emulator, String> {
        let port = serialport::new(path.to_string_lossy(), 9600)
            .timeout(Duration::from_millis(10))
            .open()
            .map_err(|e| format!("cannot open {}: {e}", path.display()))?;
        let reader = port
            .try_clone()
            .map_err(|e| format!("cannot clone the port: {e}"))?;
        let state = Arc::new(Mutex::new(State {
            board,
            update_mode: false,
            commands: Vec::new(),
        }));
        let writer = Arc::new(Mutex::new(port));
        let stop = Arc::new(AtomicBool::new(false));
        let thread = {
            let (state, writer, stop) = (state.clone(), writer.clone(), stop.clone());
            std::thread::spawn(move || serve(reader, state, writer, stop))
        };
        Ok(Emulator {
            state,
            writer,
            stop,
            thread: Some(thread),
        })
    }

    /// The pieces on the board now.
    pub fn board(&self) -> Board {
        lock(&self.state).board.clone()
    }

    /// True once the computer has asked for field updates (0x44).
    pub fn update_mode(&self) -> bool {
        lock(&self.state).update_mode
    }

    /// The commands received so far.
    pub fn commands(&self) -> Vec<u8> {
        lock(&self.state).commands.clone()
    }

    /// Waits up to `wait` for update mode.
    pub fn wait_update_mode(&self, wait: Duration) -> bool {
        let until = Instant::now() + wait;
        while Instant::now() < until {
            if self.update_mode() {
                return true;
            }
            std::thread::sleep(Duration::from_millis(5));
        }
        false
    }

    fn set(&self, sq: Square, piece: Option<Piece>) -> Result<(), String> {
        let send = {
            let mut s = lock(&self.state);
            s.board.discard_piece_at(sq);
            if let Some(p) = piece {
                s.board.set_piece_at(sq, p);
            }
            s.update_mode
        };
        if send {
            self.send_raw(&encode_field_update(sq, piece))?;
        }
        Ok(())
    }

    /// A piece is lifted from `sq`.
    pub fn lift(&self, sq: Square) -> Result<(), String> {
        self.set(sq, None)
    }

    /// `piece` is put down on `sq` (replacing whatever stood there).
    pub fn put(&self, sq: Square, piece: Piece) -> Result<(), String> {
        self.set(sq, Some(piece))
    }

    /// Sends raw bytes, e.g. line noise.
    pub fn send_raw(&self, bytes: &[u8]) -> Result<(), String> {
        let mut w = lock(&self.writer);
        w.write_all(bytes)
            .and_then(|_| w.flush())
            .map_err(|e| format!("emulator write: {e}"))
    }
}

impl Drop for Emulator {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::SeqCst);
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

fn serve(
    mut reader: Box<dyn SerialPort>,
    state: Arc<Mutex<State>>,
    writer: Arc<Mutex<Box<dyn SerialPort>>>,
    stop: Arc<AtomicBool>,
) {
    let mut buf = [0u8; 64];
    while !stop.load(Ordering::SeqCst) {
        let n = match reader.read(&mut buf) {
            Ok(0) => break,
            Ok(n) => n,
            Err(e) if e.kind() == ErrorKind::TimedOut || e.kind() == ErrorKind::WouldBlock => {
                continue;
            }
            Err(e) if e.kind() == ErrorKind::Interrupted => continue,
            Err(_) => break,
        };
        for &cmd in &buf[..n] {
            let reply = {
                let mut s = lock(&state);
                s.commands.push(cmd);
                match cmd {
                    CMD_RESET => {
                        s.update_mode = false;
                        None
                    }
                    CMD_BOARD_DUMP => Some(encode_board_dump(&s.board)),
                    CMD_UPDATE_BOARD => {
                        s.update_mode = true;
                        None
                    }
                    _ => None,
                }
            };
            if let Some(bytes) = reply {
                let mut w = lock(&writer);
                if w.write_all(&bytes).and_then(|_| w.flush()).is_err() {
                    return;
                }
            }
        }
    }
}
