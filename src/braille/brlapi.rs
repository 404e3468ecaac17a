//! A small pure-Rust client of BrlAPI, BRLTTY's client protocol, so hector
//! can use every display BRLTTY drives (USB, Bluetooth, serial).
//!
//! Every packet is a big-endian u32 payload size, a big-endian u32 type and
//! the payload. hector uses: version `v`, authorisation `a` (none or key
//! file), display size `s`, enter tty mode `t`, write `w`, key `k`, and the
//! acknowledgement `A` / error `e` / exception `E` answers.

use std::collections::VecDeque;
use std::io::{Read, Write};
use std::net::{TcpStream, ToSocketAddrs};
use std::time::{Duration, Instant};

use super::BrailleError;
use super::cell::Cell;
use super::driver::{BrailleDisplay, KeyEvent};

/// The protocol version hector speaks.
pub const PROTOCOL_VERSION: u32 = 8;

/// Packet types.
pub mod packet_type {
    pub const VERSION: u32 = b'v' as u32;
    pub const AUTH: u32 = b'a' as u32;
    pub const DISPLAY_SIZE: u32 = b's' as u32;
    pub const ENTER_TTY_MODE: u32 = b't' as u32;
    pub const LEAVE_TTY_MODE: u32 = b'L' as u32;
    pub const WRITE: u32 = b'w' as u32;
    pub const KEY: u32 = b'k' as u32;
    pub const ACK: u32 = b'A' as u32;
    pub const ERROR: u32 = b'e' as u32;
    pub const EXCEPTION: u32 = b'E' as u32;
}

const AUTH_NONE: u32 = b'N' as u32;
const AUTH_KEY: u32 = b'K' as u32;

const WF_REGION: u32 = 0x02;
const WF_TEXT: u32 = 0x04;
const WF_ATTR_AND: u32 = 0x08;
const WF_ATTR_OR: u32 = 0x10;
const WF_CURSOR: u32 = 0x20;
const WF_CHARSET: u32 = 0x40;

/// How the client proves it may use the display.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Auth {
    /// No authorisation (a server started with `auth=none`).
    None,
    /// The shared key in this file (BRLTTY's `brlapi.key`).
    KeyFile(String),
}

impl Auth {
    /// From the environment: `BRLAPI_AUTH` = `none` or `keyfile:PATH`;
    /// otherwise the key file /etc/brlapi.key if it can be read, else none.
    pub fn from_env() -> Auth {
        match std::env::var("BRLAPI_AUTH") {
            Ok(v) if v == "none" => Auth::None,
            Ok(v) => Auth::KeyFile(v.strip_prefix("keyfile:").unwrap_or(&v).to_string()),
            Err(_) => {
                if std::fs::metadata("/etc/brlapi.key").is_ok() {
                    Auth::KeyFile("/etc/brlapi.key".to_string())
                } else {
                    Auth::None
                }
            }
        }
    }
}

/// One packet: header (size, type) and payload.
pub fn encode(kind: u32, payload: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(8 + payload.len());
    out.extend((payload.len() as u32).to_be_bytes());
    out.extend(kind.to_be_bytes());
    out.extend(payload);
    out
}

/// The client's version packet.
pub fn version_packet() -> Vec<u8> {
    encode(packet_type::VERSION, &PROTOCOL_VERSION.to_be_bytes())
}

/// The key-file authorisation packet.
pub fn auth_key_packet(key: &[u8]) -> Vec<u8> {
    let mut p = AUTH_KEY.to_be_bytes().to_vec();
    p.extend(key);
    encode(packet_type::AUTH, &p)
}

/// Enter tty mode on the tty path `ttys` (none: the root of the tree),
/// asking for commands (no driver name).
pub fn enter_tty_mode_packet(ttys: &[u32]) -> Vec<u8> {
    let mut p = (ttys.len() as u32).to_be_bytes().to_vec();
    for t in ttys {
        p.extend(t.to_be_bytes());
    }
    p.push(0);
    encode(packet_type::ENTER_TTY_MODE, &p)
}

/// Write exactly these dots to the whole display, cursor off (as BrlAPI's
/// own `brlapi_writeDots` does: Unicode Braille text, AND mask 0, OR mask =
/// dots).
pub fn write_dots_packet(cells: &[Cell]) -> Vec<u8> {
    let n = cells.len() as u32;
    let flags = WF_REGION | WF_TEXT | WF_ATTR_AND | WF_ATTR_OR | WF_CURSOR | WF_CHARSET;
    let mut p = flags.to_be_bytes().to_vec();
    p.extend(1u32.to_be_bytes());
    p.extend((-(n as i32)).to_be_bytes());
    let text: String = cells.iter().map(|c| c.to_char()).collect();
    p.extend((text.len() as u32).to_be_bytes());
    p.extend(text.as_bytes());
    p.extend(std::iter::repeat_n(0u8, cells.len()));
    p.extend(cells.iter().map(|c| c.0));
    p.extend(0u32.to_be_bytes());
    p.push(5);
    p.extend(b"UTF-8");
    encode(packet_type::WRITE, &p)
}

/// BRLTTY command blocks used in key codes.
const BLK_ROUTE: u64 = 0x01;
const BLK_PASSDOTS: u64 = 0x22;
const KEY_TYPE_CMD: u64 = 0x2000_0000;

/// Names of the basic BRLTTY commands hector listens for, by number.
fn command_name(n: u64) -> Option<&'static str> {
    Some(match n {
        1 => "up",     // LNUP
        2 => "down",   // LNDN
        23 => "left",  // FWINLT
        24 => "right", // FWINRT
        29 => "home",  // HOME
        _ => return None,
    })
}

/// A BrlAPI key code as a hector key event.
pub fn key_event(code: u64) -> KeyEvent {
    if code & 0xE000_0000 == KEY_TYPE_CMD {
        let block = (code >> 16) & 0x1FFF;
        let arg = code & 0xFFFF;
        match block {
            BLK_ROUTE => return KeyEvent::Route(arg as usize),
            BLK_PASSDOTS => {
                return KeyEvent::Chord {
                    dots: Cell((arg & 0xFF) as u8),
                    space: arg & 0x100 != 0,
                };
            }
            0 => {
                if let Some(name) = command_name(arg) {
                    return KeyEvent::Key(name.to_string());
                }
                return KeyEvent::Key(format!("command{arg}"));
            }
            _ => {}
        }
    }
    if code & 0xE000_0000 == 0 {
        // A key symbol: BRLTTY turned typed dots into a character with its
        // text table, or a navigation key into an X keysym.
        let value = (code & 0x1FFF_FFFF) as u32;
        let ch = if value < 0x100 {
            char::from_u32(value)
        } else if value & 0xFF00_0000 == 0x0100_0000 {
            char::from_u32(value & 0x00FF_FFFF)
        } else {
            None
        };
        match value {
            0xFF0D => return KeyEvent::Key("enter".into()),
            0xFF08 => return KeyEvent::Key("backspace".into()),
            0xFF51 => return KeyEvent::Key("left".into()),
            0xFF52 => return KeyEvent::Key("up".into()),
            0xFF53 => return KeyEvent::Key("right".into()),
            0xFF54 => return KeyEvent::Key("down".into()),
            _ => {}
        }
        if let Some(c) = ch {
            if c == ' ' {
                return KeyEvent::Key("space".into());
            }
            if let Some(cell) = Cell::from_char(c) {
                return KeyEvent::Chord {
                    dots: cell,
                    space: false,
                };
            }
            if let Ok(cell) = super::brf::from_brf(c) {
                return KeyEvent::Chord {
                    dots: cell,
                    space: false,
                };
            }
        }
    }
    KeyEvent::Key(format!("code{code:#x}"))
}

/// One open BrlAPI connection.
struct Conn {
    stream: TcpStream,
    buf: Vec<u8>,
}

/// A display reached through BRLTTY's BrlAPI over TCP. If BRLTTY goes away
/// (restarted, display reconnected), hector keeps trying to reconnect about
/// once a second and redraws when it is back.
pub struct BrlApiDisplay {
    host: String,
    port: u16,
    auth: Auth,
    conn: Option<Conn>,
    width: usize,
    height: usize,
    wanted: Vec<Cell>,
    shown: Option<Vec<Cell>>,
    keys: VecDeque<KeyEvent>,
    last_attempt: Instant,
}

impl Conn {
    fn send(&mut self, bytes: &[u8]) -> Result<(), BrailleError> {
        self.stream.write_all(bytes)?;
        Ok(())
    }

    /// Reads one packet, waiting at most `timeout_ms`. None on timeout.
    fn read_packet(&mut self, timeout_ms: u64) -> Result<Option<(u32, Vec<u8>)>, BrailleError> {
        let deadline = Instant::now() + Duration::from_millis(timeout_ms);
        loop {
            if let Some(packet) = take_packet(&mut self.buf)? {
                return Ok(Some(packet));
            }
            let left = deadline.saturating_duration_since(Instant::now());
            if left.is_zero() {
                return Ok(None);
            }
            self.stream
                .set_read_timeout(Some(left.max(Duration::from_millis(1))))?;
            let mut chunk = [0u8; 1024];
            match self.stream.read(&mut chunk) {
                Ok(0) => return Err(BrailleError::Io("BRLTTY closed the connection".into())),
                Ok(n) => self.buf.extend(&chunk[..n]),
                Err(e)
                    if matches!(
                        e.kind(),
                        std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut
                    ) =>
                {
                    return Ok(None);
                }
                Err(e) => return Err(e.into()),
            }
        }
    }

    /// Waits for a packet of type `kind`; keys that come meanwhile go to
    /// `keys`.
    fn expect(
        &mut self,
        kind: u32,
        timeout_ms: u64,
        keys: &mut VecDeque<KeyEvent>,
    ) -> Result<(u32, Vec<u8>), BrailleError> {
        let deadline = Instant::now() + Duration::from_millis(timeout_ms);
        loop {
            let left = deadline
                .saturating_duration_since(Instant::now())
                .as_millis() as u64;
            match self.read_packet(left)? {
                None => {
                    return Err(BrailleError::Protocol(format!(
                        "BRLTTY did not answer in time (waiting for its '{}' packet)",
                        char::from_u32(kind).unwrap_or('?')
                    )));
                }
                Some((k, p)) if k == kind => return Ok((k, p)),
                Some((packet_type::KEY, p)) => keep_key(keys, &p),
                Some((packet_type::ERROR | packet_type::EXCEPTION, p)) => {
                    return Err(BrailleError::Protocol(format!(
                        "BrlAPI error {}",
                        be32(&p, 0).unwrap_or(0)
                    )));
                }
                Some(_) => {}
            }
        }
    }
}

fn keep_key(keys: &mut VecDeque<KeyEvent>, p: &[u8]) {
    if let Some(k) = key_of(p) {
        keys.push_back(k);
    }
}

/// The key event of a key packet's payload (a 64-bit code, big-endian);
/// `None` when the payload is too short.
pub fn key_of(p: &[u8]) -> Option<KeyEvent> {
    let (hi, lo) = (be32(p, 0)?, be32(p, 4)?);
    Some(key_event((u64::from(hi) << 32) | u64::from(lo)))
}

/// The largest BrlAPI payload hector accepts (BRLTTY's packets are far smaller).
pub const MAX_PACKET: usize = 1 << 16;

/// Takes the first whole packet (type, payload) off the front of `buf`:
/// `None` while it is incomplete, an error for a size beyond [`MAX_PACKET`]
/// (the stream is then out of step).
pub fn take_packet(buf: &mut Vec<u8>) -> Result<Option<(u32, Vec<u8>)>, BrailleError> {
    let (Some(size), Some(kind)) = (be32(buf, 0), be32(buf, 4)) else {
        return Ok(None);
    };
    let size = size as usize;
    if size > MAX_PACKET {
        return Err(BrailleError::Protocol(format!("packet of {size} bytes")));
    }
    if buf.len() < 8 + size {
        return Ok(None);
    }
    let payload = buf[8..8 + size].to_vec();
    buf.drain(..8 + size);
    Ok(Some((kind, payload)))
}

/// Opens a connection: version, authorisation, display size, tty mode.
fn open_conn(
    host: &str,
    port: u16,
    auth: &Auth,
    keys: &mut VecDeque<KeyEvent>,
) -> Result<(Conn, usize, usize), BrailleError> {
    let addr = (host, port)
        .to_socket_addrs()
        .map_err(|e| BrailleError::Io(format!("{host}:{port}: {e}")))?
        .next()
        .ok_or_else(|| BrailleError::Io(format!("{host}:{port}: no address")))?;
    let stream = TcpStream::connect_timeout(&addr, Duration::from_secs(3))
        .map_err(|e| BrailleError::Io(format!("{host}:{port}: {e}")))?;
    let _ = stream.set_nodelay(true);
    let mut c = Conn {
        stream,
        buf: Vec::new(),
    };
    let (_, payload) = c.expect(packet_type::VERSION, 10_000, keys)?;
    let server = be32(&payload, 0).unwrap_or(0);
    if server < PROTOCOL_VERSION {
        return Err(BrailleError::Protocol(format!(
            "BrlAPI server protocol {server}, hector needs {PROTOCOL_VERSION}"
        )));
    }
    c.send(&version_packet())?;
    let (_, methods) = c.expect(packet_type::AUTH, 5000, keys)?;
    let methods: Vec<u32> = (0..methods.len() / 4)
        .filter_map(|i| be32(&methods, i * 4))
        .collect();
    if methods.contains(&AUTH_NONE) {
        // Nothing to send: the server lets us in.
    } else if methods.contains(&AUTH_KEY) {
        let Auth::KeyFile(path) = auth else {
            return Err(BrailleError::Protocol(
                "the BrlAPI server wants a key file (set BRLAPI_AUTH=keyfile:PATH)".into(),
            ));
        };
        let key = std::fs::read(path).map_err(|e| BrailleError::Io(format!("{path}: {e}")))?;
        c.send(&auth_key_packet(&key))?;
        c.expect(packet_type::ACK, 5000, keys)?;
    } else {
        return Err(BrailleError::Protocol(
            "the BrlAPI server offers no authorisation hector knows".into(),
        ));
    }
    c.send(&encode(packet_type::DISPLAY_SIZE, &[]))?;
    let (_, size) = c.expect(packet_type::DISPLAY_SIZE, 5000, keys)?;
    let width = be32(&size, 0).unwrap_or(0) as usize;
    let height = be32(&size, 4).unwrap_or(1).max(1) as usize;
    if width == 0 {
        return Err(BrailleError::Protocol("BRLTTY reports no display".into()));
    }
    let ttys: Vec<u32> = std::env::var("WINDOWPATH")
        .ok()
        .map(|p| p.split('.').filter_map(|t| t.parse().ok()).collect())
        .unwrap_or_default();
    c.send(&enter_tty_mode_packet(&ttys))?;
    c.expect(packet_type::ACK, 5000, keys)?;
    Ok((c, width, height))
}

impl BrlApiDisplay {
    /// Connects, authorises, reads the display size and enters tty mode.
    pub fn connect(host: &str, port: u16, auth: &Auth) -> Result<BrlApiDisplay, BrailleError> {
        let mut keys = VecDeque::new();
        let (conn, width, height) = open_conn(host, port, auth, &mut keys)?;
        Ok(BrlApiDisplay {
            host: host.to_string(),
            port,
            auth: auth.clone(),
            conn: Some(conn),
            width,
            height,
            wanted: Vec::new(),
            shown: None,
            keys,
            last_attempt: Instant::now(),
        })
    }

    /// Whether the connection to BRLTTY is up.
    pub fn connected(&self) -> bool {
        self.conn.is_some()
    }

    fn try_reconnect(&mut self) {
        if self.conn.is_some() || self.last_attempt.elapsed() < Duration::from_secs(1) {
            return;
        }
        self.last_attempt = Instant::now();
        if let Ok((conn, width, height)) =
            open_conn(&self.host, self.port, &self.auth, &mut self.keys)
        {
            self.conn = Some(conn);
            self.width = width;
            self.height = height;
            self.shown = None;
            let _ = self.flush();
        }
    }

    fn flush(&mut self) -> Result<(), BrailleError> {
        let mut line = self.wanted.clone();
        line.resize(self.width * self.height, Cell::BLANK);
        if self.shown.as_ref() == Some(&line) {
            return Ok(());
        }
        let Some(conn) = self.conn.as_mut() else {
            return Ok(());
        };
        if conn.send(&write_dots_packet(&line)).is_err() {
            self.conn = None;
            return Ok(());
        }
        self.shown = Some(line);
        Ok(())
    }
}

fn be32(b: &[u8], at: usize) -> Option<u32> {
    b.get(at..at + 4)
        .map(|s| u32::from_be_bytes([s[0], s[1], s[2], s[3]]))
}

impl BrailleDisplay for BrlApiDisplay {
    fn cells(&self) -> usize {
        self.width * self.height
    }
    fn model(&self) -> String {
        format!("BrlAPI display ({} cells)", self.width * self.height)
    }
    fn reachable(&self) -> bool {
        self.connected()
    }
    fn write(&mut self, cells: &[Cell]) -> Result<(), BrailleError> {
        self.wanted = cells.to_vec();
        self.try_reconnect();
        self.flush()
    }
    fn next_key(&mut self, timeout_ms: u64) -> Result<Option<KeyEvent>, BrailleError> {
        let deadline = Instant::now() + Duration::from_millis(timeout_ms);
        loop {
            if let Some(k) = self.keys.pop_front() {
                return Ok(Some(k));
            }
            self.try_reconnect();
            let left = deadline
                .saturating_duration_since(Instant::now())
                .as_millis() as u64;
            let Some(conn) = self.conn.as_mut() else {
                std::thread::sleep(Duration::from_millis(left.min(50)));
                if Instant::now() >= deadline {
                    return Ok(None);
                }
                continue;
            };
            match conn.read_packet(left) {
                Ok(None) => return Ok(None),
                Ok(Some((packet_type::KEY, p))) => keep_key(&mut self.keys, &p),
                Ok(Some((packet_type::ERROR | packet_type::EXCEPTION, p))) => {
                    return Err(BrailleError::Protocol(format!(
                        "BrlAPI error {}",
                        be32(&p, 0).unwrap_or(0)
                    )));
                }
                Ok(Some(_)) => {}
                Err(BrailleError::Protocol(e)) => return Err(BrailleError::Protocol(e)),
                Err(_) => {
                    // BRLTTY went away: reconnect later.
                    self.conn = None;
                    self.shown = None;
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn version_packet_is_golden() {
        assert_eq!(
            version_packet(),
            vec![0, 0, 0, 4, 0, 0, 0, b'v', 0, 0, 0, 8]
        );
    }

    #[test]
    fn auth_key_packet_is_golden() {
        assert_eq!(
            auth_key_packet(b"ab"),
            vec![0, 0, 0, 6, 0, 0, 0, b'a', 0, 0, 0, b'K', b'a', b'b']
        );
    }

    #[test]
    fn display_size_and_enter_tty_mode_are_golden() {
        assert_eq!(
            encode(packet_type::DISPLAY_SIZE, &[]),
            vec![0, 0, 0, 0, 0, 0, 0, b's']
        );
        assert_eq!(
            enter_tty_mode_packet(&[]),
            vec![0, 0, 0, 5, 0, 0, 0, b't', 0, 0, 0, 0, 0]
        );
        assert_eq!(
            enter_tty_mode_packet(&[7]),
            vec![0, 0, 0, 9, 0, 0, 0, b't', 0, 0, 0, 1, 0, 0, 0, 7, 0]
        );
    }

    #[test]
    fn write_packet_is_golden() {
        let p = write_dots_packet(&[Cell(0x11), Cell(0xC0)]);
        let mut want = vec![0, 0, 0, 36, 0, 0, 0, b'w'];
        want.extend([0, 0, 0, 0x7E]); // region, text, and, or, cursor, charset
        want.extend([0, 0, 0, 1, 0xFF, 0xFF, 0xFF, 0xFE]); // region 1, size -2
        want.extend([0, 0, 0, 6, 0xE2, 0xA0, 0x91, 0xE2, 0xA3, 0x80]); // "⠑⣀"
        want.extend([0, 0]); // AND mask
        want.extend([0x11, 0xC0]); // OR mask
        want.extend([0, 0, 0, 0]); // cursor off
        want.extend([5, b'U', b'T', b'F', b'-', b'8']);
        assert_eq!(p, want);
    }

    #[test]
    fn key_codes_become_events() {
        assert_eq!(key_event(0x2001_0005), KeyEvent::Route(5));
        assert_eq!(
            key_event(0x2022_000E),
            KeyEvent::Chord {
                dots: Cell(0x0E),
                space: false
            }
        );
        assert_eq!(
            key_event(0x2022_0100),
            KeyEvent::Chord {
                dots: Cell(0),
                space: true
            }
        );
        assert_eq!(key_event(0x2000_0017), KeyEvent::Key("left".into()));
        assert_eq!(key_event(0x2000_0063), KeyEvent::Key("command99".into()));
        // Typed characters (text table) and keysyms.
        assert_eq!(
            key_event(0x73),
            KeyEvent::Chord {
                dots: Cell(0x0E),
                space: false
            }
        );
        assert_eq!(
            key_event(0x0100_2811),
            KeyEvent::Chord {
                dots: Cell(0x11),
                space: false
            }
        );
        assert_eq!(key_event(0xFF0D), KeyEvent::Key("enter".into()));
        assert_eq!(key_event(0x20), KeyEvent::Key("space".into()));
    }
}
