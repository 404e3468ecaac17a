//! Braille display drivers behind one trait, chosen by a device string:
//! `terminal` (the default: Unicode Braille in the terminal, keys typed as
//! dot numbers), `baum:PATH` (the Baum escape protocol over a serial port)
//! and `brlapi[:HOST:PORT]` (any display BRLTTY drives, through BrlAPI).

use std::collections::VecDeque;
use std::fmt;
use std::io::{Read, Write};
use std::sync::mpsc::{Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

use super::BrailleError;
use super::baum::{self, EntryKeys, Packet, Parser};
use super::brlapi::{Auth, BrlApiDisplay};
use super::cell::{Cell, to_unicode};

/// A key event from a display.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum KeyEvent {
    /// A routing key above a cell (0-based).
    Route(usize),
    /// A chord on the Braille keyboard: dots, and whether space was held.
    Chord { dots: Cell, space: bool },
    /// A named key: `space`, `display1`…`display8`, `up`, `down`, `left`,
    /// `right`, `press`, or a BRLTTY command name through BrlAPI.
    Key(String),
}

impl fmt::Display for KeyEvent {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            KeyEvent::Route(n) => write!(f, "route {n}"),
            KeyEvent::Chord { dots, space: false } => write!(f, "chord {}", dots.dots()),
            KeyEvent::Chord { dots, space: true } => write!(f, "chord {}+space", dots.dots()),
            KeyEvent::Key(name) => write!(f, "key {name}"),
        }
    }
}

/// A refreshable Braille display.
pub trait BrailleDisplay {
    /// Number of text cells.
    fn cells(&self) -> usize;
    /// A human description of the display (model).
    fn model(&self) -> String;
    /// Shows `cells` (padded with blanks or cut to the display width).
    /// Unchanged content is not sent again.
    fn write(&mut self, cells: &[Cell]) -> Result<(), BrailleError>;
    /// The next key event, waiting at most `timeout_ms`.
    fn next_key(&mut self, timeout_ms: u64) -> Result<Option<KeyEvent>, BrailleError>;
    /// Whether the display is reachable now (a display that went away is
    /// reconnected by its driver; a terminal display always is).
    fn reachable(&self) -> bool {
        true
    }
}

/// The cell count of a `terminal[:CELLS]` device string (40 by default), or
/// None for another kind of device.
pub fn terminal_cells(device: &str) -> Option<Result<usize, BrailleError>> {
    if device == "terminal" {
        return Some(Ok(40));
    }
    let n = device.strip_prefix("terminal:")?;
    Some(
        n.parse::<usize>()
            .ok()
            .filter(|&c| (1..=160).contains(&c))
            .ok_or_else(|| BrailleError::UnknownDevice(device.to_string())),
    )
}

/// Opens the display named by a device string. A terminal display's keys
/// are typed as lines that arrive on the channel `typed` gives (called
/// only for a terminal display: the caller owns the terminal).
pub fn open(
    device: &str,
    typed: impl FnOnce() -> Receiver<String>,
) -> Result<Box<dyn BrailleDisplay>, BrailleError> {
    if let Some(cells) = terminal_cells(device) {
        return Ok(Box::new(TerminalDisplay::with_input(cells?, typed())));
    }
    if let Some(path) = device.strip_prefix("baum:") {
        return Ok(Box::new(BaumDisplay::open(path)?));
    }
    if device == "brlapi" || device.starts_with("brlapi:") {
        let rest = device.strip_prefix("brlapi").unwrap_or("");
        let rest = rest.strip_prefix(':').unwrap_or(rest);
        let (host, port) = if rest.is_empty() {
            ("127.0.0.1".to_string(), 4101)
        } else {
            match rest.rsplit_once(':') {
                Some((h, p)) => (
                    h.to_string(),
                    p.parse::<u16>()
                        .map_err(|_| BrailleError::UnknownDevice(device.to_string()))?,
                ),
                None => (rest.to_string(), 4101),
            }
        };
        let auth = Auth::from_env();
        return Ok(Box::new(BrlApiDisplay::connect(&host, port, &auth)?));
    }
    Err(BrailleError::UnknownDevice(device.to_string()))
}

/// Turns key-down states into key events: a key (or chord) is reported when
/// every key of it has been released, as Braille keyboards are used.
#[derive(Debug, Default)]
pub struct KeyTracker {
    entry: EntryKeys,
    routing: Option<usize>,
    routing_down: bool,
    display: u8,
    display_down: bool,
    joystick: u8,
    joystick_down: bool,
}

impl KeyTracker {
    /// Feeds one packet; returns an event when a chord or key is complete.
    pub fn packet(&mut self, p: &Packet) -> Option<KeyEvent> {
        match p {
            Packet::Entry(e) => {
                if e.is_empty() {
                    let done = std::mem::take(&mut self.entry);
                    if done.dots != 0 {
                        return Some(KeyEvent::Chord {
                            dots: Cell(done.dots),
                            space: done.space(),
                        });
                    }
                    if done.space() {
                        return Some(KeyEvent::Key("space".into()));
                    }
                    let other = done.other & !1;
                    if other != 0 {
                        const NAMES: [&str; 8] =
                            ["space", "b10", "b11", "b12", "f1", "f2", "f3", "f4"];
                        let bit = other.trailing_zeros() as usize;
                        return Some(KeyEvent::Key(NAMES[bit].into()));
                    }
                    None
                } else {
                    self.entry.dots |= e.dots;
                    self.entry.other |= e.other;
                    None
                }
            }
            Packet::Routing(keys) => {
                if keys.is_empty() {
                    self.routing_down = false;
                    self.routing.take().map(KeyEvent::Route)
                } else {
                    if !self.routing_down {
                        self.routing = keys.first().copied();
                    }
                    self.routing_down = true;
                    None
                }
            }
            Packet::DisplayKeys(k) => {
                if *k == 0 {
                    self.display_down = false;
                    let done = std::mem::take(&mut self.display);
                    if done == 0 {
                        return None;
                    }
                    let names: Vec<String> = (0..8)
                        .filter(|b| done & (1 << b) != 0)
                        .map(|b| format!("display{}", b + 1))
                        .collect();
                    Some(KeyEvent::Key(names.join("+")))
                } else {
                    self.display |= k;
                    self.display_down = true;
                    None
                }
            }
            Packet::Joystick(j) => {
                if *j == 0 {
                    self.joystick_down = false;
                    let done = std::mem::take(&mut self.joystick);
                    const NAMES: [&str; 5] = ["up", "left", "down", "right", "press"];
                    let bit = done.trailing_zeros() as usize;
                    NAMES.get(bit).map(|n| KeyEvent::Key((*n).into()))
                } else {
                    self.joystick |= j;
                    self.joystick_down = true;
                    None
                }
            }
            _ => None,
        }
    }
}

/// The Baum packets a display sends for a key event: the press, then the
/// release (used by the emulator and by tests).
pub fn baum_key_packets(ev: &KeyEvent, cells: usize) -> Vec<u8> {
    let mut out = Vec::new();
    let mut both = |down: Packet, up: Packet| {
        out.extend(baum::encode_from_display(&down, cells));
        out.extend(baum::encode_from_display(&up, cells));
    };
    match ev {
        KeyEvent::Route(n) => both(Packet::Routing(vec![*n]), Packet::Routing(vec![])),
        KeyEvent::Chord { dots, space } => both(
            Packet::Entry(EntryKeys {
                dots: dots.0,
                other: u8::from(*space),
            }),
            Packet::Entry(EntryKeys::default()),
        ),
        KeyEvent::Key(name) => {
            let n = name.as_str();
            if n == "space" {
                both(
                    Packet::Entry(EntryKeys { dots: 0, other: 1 }),
                    Packet::Entry(EntryKeys::default()),
                );
            } else if let Some(d) = n.strip_prefix("display").and_then(|d| d.parse::<u8>().ok()) {
                if (1..=8).contains(&d) {
                    both(Packet::DisplayKeys(1 << (d - 1)), Packet::DisplayKeys(0));
                }
            } else if let Some(bit) = ["up", "left", "down", "right", "press"]
                .iter()
                .position(|x| *x == n)
            {
                both(Packet::Joystick(1 << bit), Packet::Joystick(0));
            }
        }
    }
    out
}

// ---------------------------------------------------------------------------
// terminal

/// A virtual display: each change is printed as one line of Unicode Braille;
/// keys are typed as lines: dot numbers (`234`, `145+space`) for chords,
/// `r5` or `route 5` for routing keys, and key names (`space`, `display2`,
/// `up`, …).
pub struct TerminalDisplay {
    cells: usize,
    shown: Option<Vec<Cell>>,
    lines: Receiver<String>,
}

impl TerminalDisplay {
    /// A virtual display whose typed keys arrive as lines on `lines` (the
    /// terminal's lines, read by the command line).
    pub fn with_input(cells: usize, lines: Receiver<String>) -> TerminalDisplay {
        TerminalDisplay {
            cells: cells.clamp(1, 160),
            shown: None,
            lines,
        }
    }
}

/// Reads a key typed on the terminal display. Returns None for a line that
/// names no key.
pub fn parse_typed_key(line: &str) -> Option<KeyEvent> {
    let t = line.trim().to_ascii_lowercase();
    if t.is_empty() {
        return None;
    }
    let route = t
        .strip_prefix("route")
        .or_else(|| t.strip_prefix('r'))
        .map(str::trim)
        .and_then(|n| n.parse::<usize>().ok());
    if let Some(n) = route {
        return Some(KeyEvent::Route(n));
    }
    let (dots, space) = match t.strip_suffix("+space") {
        Some(d) => (d, true),
        None => (t.as_str(), false),
    };
    if !dots.is_empty() && dots.chars().all(|c| ('1'..='8').contains(&c)) {
        let cell = Cell::from_dots(dots).ok()?;
        return Some(KeyEvent::Chord { dots: cell, space });
    }
    let known = ["space", "up", "down", "left", "right", "press"];
    if known.contains(&t.as_str())
        || t.strip_prefix("display")
            .and_then(|d| d.parse::<u8>().ok())
            .is_some_and(|d| (1..=8).contains(&d))
    {
        return Some(KeyEvent::Key(t));
    }
    None
}

impl BrailleDisplay for TerminalDisplay {
    fn cells(&self) -> usize {
        self.cells
    }
    fn model(&self) -> String {
        format!("terminal ({} cells)", self.cells)
    }
    fn write(&mut self, cells: &[Cell]) -> Result<(), BrailleError> {
        let mut line = cells.to_vec();
        line.resize(self.cells, Cell::BLANK);
        if self.shown.as_ref() == Some(&line) {
            return Ok(());
        }
        let mut out = std::io::stdout().lock();
        writeln!(out, "{}", to_unicode(&line))?;
        out.flush()?;
        self.shown = Some(line);
        Ok(())
    }
    fn next_key(&mut self, timeout_ms: u64) -> Result<Option<KeyEvent>, BrailleError> {
        let deadline = Instant::now() + Duration::from_millis(timeout_ms);
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(line) => {
                    if let Some(k) = parse_typed_key(&line) {
                        return Ok(Some(k));
                    }
                    if !line.trim().is_empty() {
                        eprintln!(
                            "'{}' is no key: type dot numbers (145), r5, space, display1-8, up, down, left, right or press.",
                            line.trim()
                        );
                    }
                }
                Err(RecvTimeoutError::Timeout) => return Ok(None),
                Err(RecvTimeoutError::Disconnected) => {
                    return Err(BrailleError::Io("the terminal has no more input".into()));
                }
            }
        }
    }
}

// ---------------------------------------------------------------------------
// Baum over a serial port

/// How long to wait for a display to answer the identity queries.
const IDENTIFY_MS: u64 = 1500;
/// How often to try to reopen an unplugged display: at first every 250 ms,
/// doubling after each failed try up to every 4 s (a display that is
/// switched off but still opens takes the whole identify time to fail).
const RECONNECT_MS: u64 = 250;
const RECONNECT_MAX_MS: u64 = 4000;

/// A Baum-protocol display on a serial port (or Bluetooth serial, or a pty):
/// 19200 baud, 8 data bits, no parity, 1 stop bit. Survives the display being
/// unplugged: the port is reopened and the content redrawn.
pub struct BaumDisplay {
    path: String,
    port: Option<Box<dyn serialport::SerialPort>>,
    parser: Parser,
    cells: usize,
    identity: String,
    wanted: Vec<Cell>,
    shown: Option<Vec<Cell>>,
    tracker: KeyTracker,
    pending: VecDeque<KeyEvent>,
    last_attempt: Option<Instant>,
    retry_ms: u64,
    reconnects: usize,
}

impl BaumDisplay {
    /// Opens and identifies the display at `path`.
    pub fn open(path: &str) -> Result<BaumDisplay, BrailleError> {
        let mut d = BaumDisplay {
            path: path.to_string(),
            port: None,
            parser: Parser::new(0),
            cells: 0,
            identity: String::new(),
            wanted: Vec::new(),
            shown: None,
            tracker: KeyTracker::default(),
            pending: VecDeque::new(),
            last_attempt: None,
            retry_ms: RECONNECT_MS,
            reconnects: 0,
        };
        d.connect()?;
        Ok(d)
    }

    /// The identity string the display gave (trailing blanks removed).
    pub fn identity(&self) -> &str {
        self.identity.trim_end()
    }

    /// Whether the display is connected now.
    pub fn connected(&self) -> bool {
        self.port.is_some()
    }

    /// How many times the display was reconnected after being lost.
    pub fn reconnects(&self) -> usize {
        self.reconnects
    }

    fn connect(&mut self) -> Result<(), BrailleError> {
        self.last_attempt = Some(Instant::now());
        let mut port = serialport::new(&self.path, 19200)
            .data_bits(serialport::DataBits::Eight)
            .parity(serialport::Parity::None)
            .stop_bits(serialport::StopBits::One)
            .flow_control(serialport::FlowControl::None)
            .timeout(Duration::from_millis(20))
            .open()
            .map_err(|e| BrailleError::Io(format!("{}: {e}", self.path)))?;
        let _ = port.clear(serialport::ClearBuffer::Input);
        let mut q = baum::query_identity();
        q.extend(baum::query_cell_count());
        port.write_all(&q)?;
        let deadline = Instant::now() + Duration::from_millis(IDENTIFY_MS);
        let mut parser = Parser::new(0);
        let mut identity = String::new();
        let mut count = 0usize;
        let mut buf = [0u8; 256];
        let mut received = 0usize;
        while Instant::now() < deadline && (count == 0 || identity.is_empty()) {
            match port.read(&mut buf) {
                Ok(0) => {}
                Ok(n) => {
                    received += n;
                    for p in parser.feed(&buf[..n]) {
                        match p {
                            Packet::Identity(s) => identity = s,
                            Packet::CellCount(c) if c > 0 => count = usize::from(c),
                            _ => {}
                        }
                    }
                }
                Err(e) if e.kind() == std::io::ErrorKind::TimedOut => {
                    // Older models answer only the identity.
                    if !identity.is_empty()
                        && count == 0
                        && Instant::now() + Duration::from_millis(IDENTIFY_MS / 2) > deadline
                    {
                        break;
                    }
                }
                Err(e) => return Err(BrailleError::Io(format!("{}: {e}", self.path))),
            }
        }
        if count == 0 {
            count = identity
                .split(|c: char| !c.is_ascii_digit())
                .find_map(|d| d.parse::<usize>().ok().filter(|&n| n > 0 && n <= 160))
                .unwrap_or(0);
        }
        if count == 0 && received == 0 {
            return Err(BrailleError::NoAnswer(self.path.clone()));
        }
        if count == 0 {
            return Err(BrailleError::Protocol(format!(
                "the display on {} did not say how many cells it has ({received} bytes came back)",
                self.path
            )));
        }
        self.cells = count;
        self.identity = if identity.is_empty() {
            format!("Baum display ({count} cells)")
        } else {
            identity
        };
        self.parser = Parser::new(count);
        self.tracker = KeyTracker::default();
        self.port = Some(port);
        self.shown = None;
        if self.wanted.len() != count {
            self.wanted.resize(count, Cell::BLANK);
        }
        Ok(())
    }

    fn lost(&mut self) {
        self.port = None;
        self.shown = None;
    }

    fn try_reconnect(&mut self) {
        let due = self
            .last_attempt
            .is_none_or(|t| t.elapsed() >= Duration::from_millis(self.retry_ms));
        if self.port.is_none() && due {
            let started = Instant::now();
            if self.connect().is_err() {
                // A port that is gone fails at once: keep trying often. A port
                // that opens but stays silent cost the identify time: back off.
                if started.elapsed() > Duration::from_millis(100) {
                    self.retry_ms = (self.retry_ms * 2).min(RECONNECT_MAX_MS);
                }
                return;
            }
            self.retry_ms = RECONNECT_MS;
            self.reconnects += 1;
            let _ = self.flush();
        }
    }

    fn flush(&mut self) -> Result<(), BrailleError> {
        if self.shown.as_ref() == Some(&self.wanted) {
            return Ok(());
        }
        let Some(port) = self.port.as_mut() else {
            return Ok(());
        };
        let bytes = baum::write_cells(&self.wanted);
        match port.write_all(&bytes).and_then(|_| port.flush()) {
            Ok(()) => {
                self.shown = Some(self.wanted.clone());
                Ok(())
            }
            Err(_) => {
                self.lost();
                Ok(())
            }
        }
    }
}

impl BrailleDisplay for BaumDisplay {
    fn cells(&self) -> usize {
        self.cells
    }
    fn model(&self) -> String {
        self.identity().to_string()
    }
    fn reachable(&self) -> bool {
        self.connected()
    }
    fn write(&mut self, cells: &[Cell]) -> Result<(), BrailleError> {
        let mut line = cells.to_vec();
        line.resize(self.cells, Cell::BLANK);
        self.wanted = line;
        if self.port.is_none() {
            self.try_reconnect();
        }
        self.flush()
    }
    fn next_key(&mut self, timeout_ms: u64) -> Result<Option<KeyEvent>, BrailleError> {
        let deadline = Instant::now() + Duration::from_millis(timeout_ms);
        let mut buf = [0u8; 256];
        loop {
            if let Some(k) = self.pending.pop_front() {
                return Ok(Some(k));
            }
            if self.port.is_none() {
                self.try_reconnect();
                if self.port.is_none() {
                    if Instant::now() >= deadline {
                        return Ok(None);
                    }
                    std::thread::sleep(Duration::from_millis(20));
                    continue;
                }
            }
            let read = match self.port.as_mut() {
                Some(port) => port.read(&mut buf),
                None => continue,
            };
            match read {
                Ok(0) => self.lost(),
                Ok(n) => {
                    for p in self.parser.feed(&buf[..n]) {
                        match &p {
                            Packet::PowerDown(_) => self.lost(),
                            Packet::CellCount(c) if usize::from(*c) != self.cells && *c > 0 => {
                                self.cells = usize::from(*c);
                                self.parser.set_cells(self.cells);
                                self.wanted.resize(self.cells, Cell::BLANK);
                                self.shown = None;
                                let _ = self.flush();
                            }
                            _ => {
                                if let Some(k) = self.tracker.packet(&p) {
                                    self.pending.push_back(k);
                                }
                            }
                        }
                    }
                }
                Err(e) if e.kind() == std::io::ErrorKind::TimedOut => {}
                Err(_) => self.lost(),
            }
            if self.pending.is_empty() && Instant::now() >= deadline {
                return Ok(None);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn key_events_print_as_the_contract_says() {
        assert_eq!(KeyEvent::Route(3).to_string(), "route 3");
        let c = KeyEvent::Chord {
            dots: Cell::from_dots("234").unwrap(),
            space: false,
        };
        assert_eq!(c.to_string(), "chord 234");
        assert_eq!(KeyEvent::Key("display2".into()).to_string(), "key display2");
    }

    #[test]
    fn tracker_reports_on_release() {
        let cells = 20;
        for ev in [
            KeyEvent::Route(7),
            KeyEvent::Chord {
                dots: Cell::from_dots("1245").unwrap(),
                space: false,
            },
            KeyEvent::Chord {
                dots: Cell::from_dots("8").unwrap(),
                space: true,
            },
            KeyEvent::Key("space".into()),
            KeyEvent::Key("display3".into()),
            KeyEvent::Key("press".into()),
            KeyEvent::Key("left".into()),
        ] {
            let bytes = baum_key_packets(&ev, cells);
            let mut p = Parser::new(cells);
            let mut t = KeyTracker::default();
            let got: Vec<KeyEvent> = p.feed(&bytes).iter().filter_map(|x| t.packet(x)).collect();
            assert_eq!(got, vec![ev.clone()], "{ev}");
        }
    }

    #[test]
    fn chord_keys_accumulate_until_all_released() {
        let mut t = KeyTracker::default();
        assert_eq!(
            t.packet(&Packet::Entry(EntryKeys {
                dots: 0x02,
                other: 0
            })),
            None
        );
        assert_eq!(
            t.packet(&Packet::Entry(EntryKeys {
                dots: 0x0E,
                other: 0
            })),
            None
        );
        assert_eq!(
            t.packet(&Packet::Entry(EntryKeys {
                dots: 0x04,
                other: 0
            })),
            None
        );
        assert_eq!(
            t.packet(&Packet::Entry(EntryKeys::default())),
            Some(KeyEvent::Chord {
                dots: Cell(0x0E),
                space: false
            })
        );
    }

    #[test]
    fn typed_keys() {
        assert_eq!(
            parse_typed_key("234"),
            Some(KeyEvent::Chord {
                dots: Cell(0x0E),
                space: false
            })
        );
        assert_eq!(parse_typed_key("r5"), Some(KeyEvent::Route(5)));
        assert_eq!(parse_typed_key("route 12"), Some(KeyEvent::Route(12)));
        assert_eq!(
            parse_typed_key("Display2"),
            Some(KeyEvent::Key("display2".into()))
        );
        assert_eq!(
            parse_typed_key("8+space"),
            Some(KeyEvent::Chord {
                dots: Cell(0x80),
                space: true
            })
        );
        assert_eq!(parse_typed_key("9"), None);
        assert_eq!(parse_typed_key("hello"), None);
    }

    /// A channel of typed lines that never brings one.
    fn no_lines() -> Receiver<String> {
        let (tx, rx) = std::sync::mpsc::channel();
        std::mem::forget(tx);
        rx
    }

    #[test]
    fn unknown_device_is_an_error() {
        assert!(matches!(
            open("usb:x", no_lines),
            Err(BrailleError::UnknownDevice(_))
        ));
        assert!(open("baum:/nonexistent/tty", no_lines).is_err());
    }

    #[test]
    fn a_terminal_display_reads_the_lines_it_is_given() {
        let (tx, rx) = std::sync::mpsc::channel();
        let mut d = open("terminal:20", move || rx).unwrap();
        assert_eq!(d.cells(), 20);
        tx.send("r3".to_string()).unwrap();
        assert_eq!(d.next_key(1000).unwrap(), Some(KeyEvent::Route(3)));
        assert!(open("terminal:0", no_lines).is_err());
    }
}
