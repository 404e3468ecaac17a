//! A Baum-protocol display emulator, for tests and demonstrations without
//! hardware. It answers the queries BRLTTY and hector send (identity, serial
//! number, cell count), keeps the cells written to it, and sends key packets.
//! [`Emulator`] is pure; [`run_on_port`] drives it on a serial port or pty.

use std::io::{Read, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, TryRecvError};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use super::baum::{self, ESC, Packet};
use super::cell::Cell;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum State {
    Waiting,
    Code,
    Data,
    Escaped,
}

/// The emulated display.
#[derive(Debug, Clone)]
pub struct Emulator {
    identity: String,
    serial: String,
    cells: usize,
    /// The cells now shown.
    pub display: Vec<Cell>,
    /// How many cell writes arrived.
    pub writes: usize,
    /// How many identity queries arrived.
    pub identity_queries: usize,
    state: State,
    code: u8,
    data: Vec<u8>,
    want: Option<usize>,
}

impl Emulator {
    /// A display with this identity (16 characters are sent) and cell count.
    pub fn new(identity: &str, cells: usize) -> Emulator {
        Emulator {
            identity: identity.to_string(),
            serial: "HCTR0001".to_string(),
            cells,
            display: vec![Cell::BLANK; cells],
            writes: 0,
            identity_queries: 0,
            state: State::Waiting,
            code: 0,
            data: Vec::new(),
            want: None,
        }
    }

    /// An Orbit Reader 20, the model BRLTTY recognises from "Orbit".
    pub fn orbit_reader_20() -> Emulator {
        Emulator::new("Orbit Reader 20", 20)
    }

    /// Number of cells.
    pub fn cells(&self) -> usize {
        self.cells
    }

    /// Data length of a host request, or None when it ends only where the
    /// next packet starts (cell writes, unknown requests).
    fn want(&self, code: u8) -> Option<usize> {
        match code {
            0x84 | 0x8A | 0x08 | 0x05 | 0x11 | 0x8C => Some(0),
            0x15..=0x17 => Some(1),
            0x12 => Some(2),
            _ => None,
        }
    }

    /// Feeds bytes from the host; returns the bytes to send back.
    pub fn feed(&mut self, bytes: &[u8]) -> Vec<u8> {
        let mut out = Vec::new();
        for &b in bytes {
            self.push(b, &mut out);
        }
        out
    }

    /// The line went quiet: a pending packet of unknown length is complete.
    pub fn idle(&mut self) -> Vec<u8> {
        let mut out = Vec::new();
        if matches!(self.state, State::Data | State::Escaped) {
            self.finish(&mut out);
        }
        out
    }

    fn push(&mut self, b: u8, out: &mut Vec<u8>) {
        match self.state {
            State::Waiting => {
                if b == ESC {
                    self.state = State::Code;
                }
            }
            State::Code => {
                if b == ESC {
                    return;
                }
                self.code = b;
                self.data.clear();
                self.want = self.want(b);
                self.state = State::Data;
                if self.want == Some(0) {
                    self.finish(out);
                }
            }
            State::Data => {
                if b == ESC {
                    self.state = State::Escaped;
                } else {
                    self.take(b, out);
                }
            }
            State::Escaped => {
                if b == ESC {
                    self.state = State::Data;
                    self.take(ESC, out);
                } else {
                    self.finish(out);
                    self.state = State::Code;
                    self.push(b, out);
                }
            }
        }
    }

    fn take(&mut self, b: u8, out: &mut Vec<u8>) {
        self.data.push(b);
        let full = match (self.code, self.want) {
            (_, Some(n)) => self.data.len() >= n,
            (baum::code::DISPLAY_DATA, None) => self.data.len() >= self.cells,
            (0x50..=0x52, None) => self.data.len() > usize::from(self.data[0]),
            _ => false,
        };
        if full {
            self.finish(out);
        }
    }

    fn finish(&mut self, out: &mut Vec<u8>) {
        self.state = State::Waiting;
        let data = std::mem::take(&mut self.data);
        match self.code {
            baum::code::DEVICE_IDENTITY => {
                self.identity_queries += 1;
                out.extend(baum::encode_from_display(
                    &Packet::Identity(self.identity.clone()),
                    self.cells,
                ));
            }
            baum::code::SERIAL_NUMBER => {
                out.extend(baum::encode_from_display(
                    &Packet::Serial(self.serial.clone()),
                    self.cells,
                ));
            }
            baum::code::VERSION => {
                out.extend(baum::encode_from_display(&Packet::Version(1), self.cells))
            }
            baum::code::DISPLAY_DATA => {
                if data == [0] {
                    out.extend(baum::encode_from_display(
                        &Packet::CellCount(self.cells.min(255) as u8),
                        self.cells,
                    ));
                } else if !data.is_empty() {
                    for (slot, &b) in self.display.iter_mut().zip(&data) {
                        *slot = Cell(b);
                    }
                    self.writes += 1;
                }
            }
            _ => {}
        }
    }
}

/// What a running emulator shares with the test or program that started it.
#[derive(Debug, Default)]
pub struct Shared {
    /// The cells now shown.
    pub display: Vec<Cell>,
    /// Cell writes received so far.
    pub writes: usize,
    /// Identity queries received so far.
    pub identity_queries: usize,
}

/// Runs `emu` on the serial port or pty at `path` until `stop` is set or the
/// port fails. Key bytes arriving on `keys` are sent to the host as they come.
pub fn run_on_port(
    path: &str,
    mut emu: Emulator,
    shared: Arc<Mutex<Shared>>,
    keys: Receiver<Vec<u8>>,
    stop: Arc<AtomicBool>,
) -> Result<(), super::BrailleError> {
    let mut port = serialport::new(path, 19200)
        .timeout(Duration::from_millis(10))
        .open()
        .map_err(|e| super::BrailleError::Io(format!("{path}: {e}")))?;
    let mut buf = [0u8; 512];
    let mut last_byte = Instant::now();
    let publish = |emu: &Emulator| {
        if let Ok(mut s) = shared.lock() {
            s.display = emu.display.clone();
            s.writes = emu.writes;
            s.identity_queries = emu.identity_queries;
        }
    };
    publish(&emu);
    while !stop.load(Ordering::SeqCst) {
        match port.read(&mut buf) {
            Ok(n) if n > 0 => {
                last_byte = Instant::now();
                let reply = emu.feed(&buf[..n]);
                if !reply.is_empty() {
                    port.write_all(&reply)?;
                }
                publish(&emu);
            }
            Ok(_) => {}
            Err(e) if e.kind() == std::io::ErrorKind::TimedOut => {
                if last_byte.elapsed() > Duration::from_millis(15) {
                    let reply = emu.idle();
                    if !reply.is_empty() {
                        port.write_all(&reply)?;
                    }
                    publish(&emu);
                }
            }
            Err(e) => return Err(e.into()),
        }
        loop {
            match keys.try_recv() {
                Ok(bytes) => {
                    port.write_all(&bytes)?;
                    let _ = port.flush();
                }
                Err(TryRecvError::Empty) => break,
                Err(TryRecvError::Disconnected) => return Ok(()),
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn answers_brltty_probe_sequence() {
        let mut e = Emulator::orbit_reader_20();
        // Serial, identity, cell count, get keys, module registration query.
        let probe = [
            0x1B, 0x8A, 0x1B, 0x84, 0x1B, 0x01, 0x00, 0x1B, 0x08, 0x1B, 0x50, 0x05, 0, 0, 0, 0, 0,
        ];
        let mut reply = e.feed(&probe);
        reply.extend(e.idle());
        let mut p = baum::Parser::new(20);
        let got = p.feed(&reply);
        assert_eq!(
            got,
            vec![
                Packet::Serial("HCTR0001".into()),
                Packet::Identity("Orbit Reader 20 ".into()),
                Packet::CellCount(20)
            ]
        );
    }

    #[test]
    fn keeps_written_cells_with_escape_doubling() {
        let mut e = Emulator::new("Orbit Reader 20", 4);
        let cells = [Cell(0x1B), Cell(0x11), Cell(0x32), Cell(0)];
        assert!(e.feed(&baum::write_cells(&cells)).is_empty());
        assert_eq!(e.display, cells.to_vec());
        assert_eq!(e.writes, 1);
        // A cell-count query answered after the line goes quiet.
        assert!(e.feed(&baum::query_cell_count()).is_empty());
        assert_eq!(e.idle(), vec![0x1B, 0x01, 0x04]);
    }

    #[test]
    fn random_host_bytes_never_panic() {
        let mut x: u64 = 0x2545_F491_4F6C_DD1D;
        let mut e = Emulator::orbit_reader_20();
        for _ in 0..3000 {
            let len = (x % 48) as usize;
            let bytes: Vec<u8> = (0..len)
                .map(|_| {
                    x ^= x << 13;
                    x ^= x >> 7;
                    x ^= x << 17;
                    if x.is_multiple_of(4) {
                        ESC
                    } else {
                        (x >> 24) as u8
                    }
                })
                .collect();
            let _ = e.feed(&bytes);
            if x.is_multiple_of(3) {
                let _ = e.idle();
            }
            assert_eq!(e.display.len(), 20);
        }
        // Still answers a clean query afterwards.
        let _ = e.idle();
        let mut reply = e.feed(&[0x1B, 0x84]);
        reply.extend(e.idle());
        assert!(reply.windows(2).any(|w| w == [0x1B, 0x84]));
    }
}
