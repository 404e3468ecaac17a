//! The DGT board over a serial line (9600 baud, 8 data bits, no parity,
//! one stop bit, no handshake), and a watcher that follows a game on it
//! and survives the board being unplugged and plugged in again.

use std::io::{ErrorKind, Read, Write};
use std::time::{Duration, Instant};

use serialport::{DataBits, FlowControl, Parity, SerialPort, StopBits};
use shakmaty::{Board, Chess, Move};

use super::EboardError;
use super::infer::{Event, Follower};
use super::protocol::{CMD_BOARD_DUMP, CMD_RESET, CMD_UPDATE_BOARD, Decoder, Message};

/// One connection to a DGT board.
pub struct DgtBoard {
    path: String,
    port: Box<dyn SerialPort>,
    decoder: Decoder,
    pending: Vec<Message>,
}

impl std::fmt::Debug for DgtBoard {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("DgtBoard")
            .field("path", &self.path)
            .finish()
    }
}

impl DgtBoard {
    /// Opens the board's serial port at 9600 8N1.
    pub fn open(path: &str) -> Result<DgtBoard, EboardError> {
        let port = serialport::new(path, 9600)
            .data_bits(DataBits::Eight)
            .parity(Parity::None)
            .stop_bits(StopBits::One)
            .flow_control(FlowControl::None)
            .timeout(Duration::from_millis(20))
            .open()
            .map_err(|e| EboardError::Open {
                path: path.to_string(),
                reason: e.to_string(),
            })?;
        Ok(DgtBoard {
            path: path.to_string(),
            port,
            decoder: Decoder::new(),
            pending: Vec::new(),
        })
    }

    fn io(&self, e: impl std::fmt::Display) -> EboardError {
        EboardError::Io {
            path: self.path.clone(),
            reason: e.to_string(),
        }
    }

    /// Sends a one-byte command.
    pub fn send(&mut self, cmd: u8) -> Result<(), EboardError> {
        self.port.write_all(&[cmd]).map_err(|e| self.io(e))?;
        self.port.flush().map_err(|e| self.io(e))
    }

    /// Reads what has arrived (waiting at most the port timeout) and
    /// returns the complete messages.
    pub fn read(&mut self) -> Result<Vec<Message>, EboardError> {
        let mut out = std::mem::take(&mut self.pending);
        let mut buf = [0u8; 256];
        match self.port.read(&mut buf) {
            Ok(0) => return Err(self.io("end of file")),
            Ok(n) => out.extend(self.decoder.feed(&buf[..n])),
            Err(e) if e.kind() == ErrorKind::TimedOut || e.kind() == ErrorKind::WouldBlock => {}
            Err(e) if e.kind() == ErrorKind::Interrupted => {}
            Err(e) => return Err(self.io(e)),
        }
        Ok(out)
    }

    /// Asks for a board dump and waits up to `wait` for it. Other messages
    /// that arrive meanwhile are kept for the next [`DgtBoard::read`].
    pub fn dump(&mut self, wait: Duration) -> Result<Board, EboardError> {
        self.send(CMD_BOARD_DUMP)?;
        let until = Instant::now() + wait;
        let mut kept = Vec::new();
        while Instant::now() < until {
            for m in self.read()? {
                match m {
                    Message::BoardDump(b) => {
                        self.pending = kept;
                        return Ok(b);
                    }
                    other => kept.push(other),
                }
            }
        }
        self.pending = kept;
        Err(EboardError::Timeout {
            path: self.path.clone(),
            what: "board dump".into(),
            ms: wait.as_millis() as u64,
        })
    }

    /// Resets the board, takes a dump and switches on field updates.
    pub fn start(&mut self, wait: Duration) -> Result<Board, EboardError> {
        self.send(CMD_RESET)?;
        let b = self.dump(wait)?;
        self.send(CMD_UPDATE_BOARD)?;
        Ok(b)
    }
}

/// What the watcher tells its user.
#[derive(Debug, Clone, PartialEq)]
pub enum WatchEvent {
    /// Connected (again) to the board.
    Connected,
    /// The board is gone; hector keeps trying to reconnect.
    Disconnected(String),
    /// A move was made on the board.
    Move {
        /// The position before it.
        before: Box<Chess>,
        /// The move.
        mv: Move,
    },
    /// The board shows a position no legal move reaches.
    Difference(Board),
    /// The board is back to the game position.
    Restored,
}

/// Follows a game on a DGT board at a path, reconnecting when the board is
/// unplugged and plugged in again. Real time is read here (an adapter);
/// the move inference itself takes it as milliseconds.
pub struct Watcher {
    path: String,
    start: Chess,
    board: Option<DgtBoard>,
    follower: Option<Follower>,
    origin: Instant,
    retry_at: Instant,
    settle_ms: u64,
    difference_ms: u64,
    announced_gone: bool,
}

impl Watcher {
    /// A watcher for the board at `path`, the game starting at `start`.
    pub fn new(path: &str, start: Chess) -> Watcher {
        let now = Instant::now();
        Watcher {
            path: path.to_string(),
            start,
            board: None,
            follower: None,
            origin: now,
            retry_at: now,
            settle_ms: super::infer::SETTLE_MS,
            difference_ms: super::infer::DIFFERENCE_MS,
            announced_gone: false,
        }
    }

    /// Sets the settle and difference times (ms).
    pub fn with_times(mut self, settle_ms: u64, difference_ms: u64) -> Watcher {
        self.settle_ms = settle_ms;
        self.difference_ms = difference_ms;
        self
    }

    fn ms(&self) -> u64 {
        self.origin.elapsed().as_millis() as u64
    }

    /// The game position the board should show.
    pub fn position(&self) -> &Chess {
        self.follower
            .as_ref()
            .map(Follower::position)
            .unwrap_or(&self.start)
    }

    /// True while connected.
    pub fn is_connected(&self) -> bool {
        self.board.is_some()
    }

    /// One round: connect if needed (retrying twice a second), read the
    /// board, and report what happened.
    pub fn step(&mut self) -> Vec<WatchEvent> {
        let mut out = Vec::new();
        if self.board.is_none() {
            if Instant::now() < self.retry_at {
                std::thread::sleep(Duration::from_millis(20));
                return out;
            }
            self.retry_at = Instant::now() + Duration::from_millis(500);
            match DgtBoard::open(&self.path).and_then(|mut b| {
                let dump = b.start(Duration::from_millis(2000))?;
                Ok((b, dump))
            }) {
                Ok((b, dump)) => {
                    let t = self.ms();
                    match self.follower.as_mut() {
                        Some(f) => f.dump(dump, t),
                        // The first connection is read as a later one is:
                        // a board one move on from the game's start shows
                        // that move (made while it was not there).
                        None => {
                            use shakmaty::Position;
                            let mut f =
                                Follower::new(self.start.clone(), self.start.board().clone(), t)
                                    .with_times(self.settle_ms, self.difference_ms);
                            f.dump(dump, t);
                            self.follower = Some(f);
                        }
                    }
                    self.board = Some(b);
                    self.announced_gone = false;
                    out.push(WatchEvent::Connected);
                }
                Err(e) => {
                    if !self.announced_gone {
                        self.announced_gone = true;
                        out.push(WatchEvent::Disconnected(e.to_string()));
                    }
                    return out;
                }
            }
        }
        let read = match self.board.as_mut() {
            Some(b) => b.read(),
            None => return out,
        };
        let t = self.ms();
        match read {
            Ok(msgs) => {
                if let Some(f) = self.follower.as_mut() {
                    for m in msgs {
                        match m {
                            Message::FieldUpdate { square, piece } => f.update(square, piece, t),
                            Message::BoardDump(b) => f.dump(b, t),
                            Message::Other { .. } => {}
                        }
                    }
                }
            }
            Err(e) => {
                self.board = None;
                self.announced_gone = true;
                self.retry_at = Instant::now() + Duration::from_millis(200);
                out.push(WatchEvent::Disconnected(e.to_string()));
                return out;
            }
        }
        if let Some(f) = self.follower.as_mut()
            && let Some(ev) = f.poll(t)
        {
            out.push(match ev {
                Event::Move { before, mv } => WatchEvent::Move { before, mv },
                Event::Difference(b) => WatchEvent::Difference(b),
                Event::Restored => WatchEvent::Restored,
            });
        }
        out
    }

    /// The game is at `pos`: followed from there when the board shows
    /// exactly that position ([`Follower::resync`]); before the board was
    /// ever there, the game's start becomes `pos`.
    pub fn resync(&mut self, pos: &Chess) {
        match self.follower.as_mut() {
            Some(f) => {
                f.resync(pos);
            }
            None => self.start = pos.clone(),
        }
    }

    /// A move made elsewhere (entered by hand) that the board must follow.
    pub fn played_elsewhere(&mut self, m: Move) {
        match self.follower.as_mut() {
            Some(f) => f.played_elsewhere(m),
            None => {
                use shakmaty::Position;
                self.start.play_unchecked(m);
            }
        }
    }
}
