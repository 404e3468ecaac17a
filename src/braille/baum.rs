//! The Baum escape protocol (Orbit Reader, APH Refreshabraille, NLS eReader
//! and other Baum-compatible displays), pure: packet encoding and a
//! resynchronising packet parser. No I/O here.
//!
//! Every packet is ESC (0x1B), a code and data; any 0x1B in code or data is
//! sent twice. There is no length field: each code has a known length.

use super::cell::Cell;

/// The escape byte that starts every packet.
pub const ESC: u8 = 0x1B;

/// Request and response codes used by hector.
pub mod code {
    /// Host → display: write cells. Display → host: cell count.
    pub const DISPLAY_DATA: u8 = 0x01;
    pub const VERSION: u8 = 0x05;
    pub const GET_KEYS: u8 = 0x08;
    pub const POWERDOWN: u8 = 0x17;
    pub const ROUTING_KEYS: u8 = 0x22;
    pub const DISPLAY_KEYS: u8 = 0x24;
    pub const ENTRY_KEYS: u8 = 0x33;
    pub const JOYSTICK: u8 = 0x34;
    pub const ERROR_CODE: u8 = 0x40;
    pub const MODULE_REGISTRATION: u8 = 0x50;
    pub const DEVICE_IDENTITY: u8 = 0x84;
    pub const SERIAL_NUMBER: u8 = 0x8A;
}

/// One packet for the display: ESC, code, data, with every ESC doubled.
pub fn packet(code: u8, data: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(2 + data.len() * 2);
    out.push(ESC);
    for &b in std::iter::once(&code).chain(data) {
        out.push(b);
        if b == ESC {
            out.push(ESC);
        }
    }
    out
}

/// Write cells (the whole line, from the first cell).
pub fn write_cells(cells: &[Cell]) -> Vec<u8> {
    let data: Vec<u8> = cells.iter().map(|c| c.0).collect();
    packet(code::DISPLAY_DATA, &data)
}

/// Ask for the device identity (answer: 16 ASCII bytes, 18 on some models).
pub fn query_identity() -> Vec<u8> {
    packet(code::DEVICE_IDENTITY, &[])
}

/// Ask for the serial number (answer: 8 ASCII bytes).
pub fn query_serial() -> Vec<u8> {
    packet(code::SERIAL_NUMBER, &[])
}

/// Ask for the cell count (answer: `01 n`).
pub fn query_cell_count() -> Vec<u8> {
    packet(code::DISPLAY_DATA, &[0])
}

/// Bytes of a routing-key bitmap for a display of `cells` cells:
/// ceil(cells / 8), with 3 and 4 padded to 5 (as displays send it).
pub fn routing_bytes(cells: usize) -> usize {
    let n = cells.div_ceil(8);
    if n > 2 && n < 5 { 5 } else { n.max(1) }
}

/// A Braille keyboard state: the dot keys and the other entry keys.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct EntryKeys {
    /// Dot keys 1–8 (bit n-1 = dot n).
    pub dots: u8,
    /// B9 (space on the Orbit Reader), B10, B11, B12, F1–F4 (bits 0–7).
    pub other: u8,
}

impl EntryKeys {
    /// Whether the space bar (B9) is down.
    pub fn space(self) -> bool {
        self.other & 0x01 != 0
    }
    /// Whether no key is down.
    pub fn is_empty(self) -> bool {
        self.dots == 0 && self.other == 0
    }
}

/// One packet from the display, decoded.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Packet {
    /// Device identity, e.g. "Orbit Reader 20 " (trailing blanks kept).
    Identity(String),
    /// Serial number.
    Serial(String),
    /// Number of cells.
    CellCount(u8),
    /// Firmware version.
    Version(u8),
    /// Routing keys now pressed, by cell index.
    Routing(Vec<usize>),
    /// Braille keyboard keys now pressed.
    Entry(EntryKeys),
    /// Joystick or navigation pad: up, left, down, right, press (bits 0–4).
    Joystick(u8),
    /// Display keys 1–8 now pressed (bits 0–7).
    DisplayKeys(u8),
    /// The display is powering down; reason bits.
    PowerDown(u8),
    /// The display reports an error.
    Error(u8),
    /// A packet hector knows the length of but does not use.
    Other(u8, Vec<u8>),
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum State {
    Waiting,
    Code,
    Data,
    DataEscaped,
}

/// A resynchronising parser of packets from a display. Bytes outside a
/// packet are skipped; an ESC followed by anything but ESC starts a new
/// packet, so a damaged packet never swallows the next one.
#[derive(Debug, Clone)]
pub struct Parser {
    cells: usize,
    state: State,
    code: u8,
    want: usize,
    data: Vec<u8>,
    skipped: usize,
}

impl Parser {
    /// A parser for a display of `cells` cells (0 if not yet known).
    pub fn new(cells: usize) -> Parser {
        Parser {
            cells,
            state: State::Waiting,
            code: 0,
            want: 0,
            data: Vec::new(),
            skipped: 0,
        }
    }

    /// Tells the parser the cell count (it sets the routing packet length).
    pub fn set_cells(&mut self, cells: usize) {
        self.cells = cells;
    }

    /// Bytes skipped so far because they did not fit a packet.
    pub fn skipped(&self) -> usize {
        self.skipped
    }

    /// Data bytes after the code, or None for an unknown code.
    fn data_len(&self, code: u8) -> Option<usize> {
        Some(match code {
            0x01 | 0x05 | 0x16 | 0x17 | 0x24 | 0x25 | 0x27 | 0x28 | 0x29 | 0x2B | 0x34 | 0x40 => 1,
            0x11 | 0x2C | 0x2D | 0x33 | 0x26 => 2,
            0x21 | 0x8A => 8,
            0x8C => 14,
            0x84 => 16,
            0x22 => routing_bytes(if self.cells == 0 { 40 } else { self.cells }),
            0x20 => self.cells.max(1).div_ceil(8),
            _ => return None,
        })
    }

    /// Feeds bytes; returns the packets completed by them.
    pub fn feed(&mut self, bytes: &[u8]) -> Vec<Packet> {
        let mut out = Vec::new();
        for &b in bytes {
            if let Some(p) = self.push(b) {
                out.push(p);
            }
        }
        out
    }

    /// Feeds one byte.
    pub fn push(&mut self, b: u8) -> Option<Packet> {
        match self.state {
            State::Waiting => {
                if b == ESC {
                    self.state = State::Code;
                } else {
                    self.skipped += 1;
                }
                None
            }
            State::Code => {
                if b == ESC {
                    // ESC ESC outside a packet: not a code; keep waiting for a code.
                    self.skipped += 1;
                    return None;
                }
                match self.data_len(b) {
                    Some(n) => {
                        self.code = b;
                        self.want = n;
                        self.data.clear();
                        self.state = State::Data;
                        None
                    }
                    None => {
                        self.skipped += 2;
                        self.state = State::Waiting;
                        None
                    }
                }
            }
            State::Data => {
                if b == ESC {
                    self.state = State::DataEscaped;
                    return None;
                }
                self.take(b)
            }
            State::DataEscaped => {
                if b == ESC {
                    self.state = State::Data;
                    self.take(ESC)
                } else {
                    // A new packet began inside this one: drop the broken one.
                    self.skipped += 2 + self.data.len();
                    self.state = State::Code;
                    self.push(b)
                }
            }
        }
    }

    fn take(&mut self, b: u8) -> Option<Packet> {
        self.data.push(b);
        // Two models send an 18-byte identity.
        if self.code == code::DEVICE_IDENTITY && self.data.len() == 16 {
            let id = &self.data[..];
            if id == b"Refreshabraille " || id == b"NLS eReader Zoom" {
                self.want = 18;
            }
        }
        if self.data.len() < self.want {
            return None;
        }
        self.state = State::Waiting;
        let data = std::mem::take(&mut self.data);
        Some(self.decode(self.code, data))
    }

    fn decode(&mut self, code: u8, data: Vec<u8>) -> Packet {
        let text = |d: &[u8]| {
            d.iter()
                .map(|&b| {
                    if b.is_ascii_graphic() || b == b' ' {
                        char::from(b)
                    } else {
                        '?'
                    }
                })
                .collect::<String>()
        };
        match code {
            code::DEVICE_IDENTITY => Packet::Identity(text(&data)),
            code::SERIAL_NUMBER => Packet::Serial(text(&data)),
            code::DISPLAY_DATA => Packet::CellCount(data[0]),
            code::VERSION => Packet::Version(data[0]),
            code::ROUTING_KEYS => {
                let limit = if self.cells == 0 {
                    usize::MAX
                } else {
                    self.cells
                };
                let keys = data
                    .iter()
                    .enumerate()
                    .flat_map(|(i, &byte)| {
                        (0..8)
                            .filter(move |bit| byte & (1 << bit) != 0)
                            .map(move |bit| i * 8 + bit)
                    })
                    .filter(|&k| k < limit)
                    .collect();
                Packet::Routing(keys)
            }
            code::ENTRY_KEYS => Packet::Entry(EntryKeys {
                other: data[0],
                dots: data[1],
            }),
            code::JOYSTICK => Packet::Joystick(data[0]),
            code::DISPLAY_KEYS => Packet::DisplayKeys(data[0]),
            code::POWERDOWN => Packet::PowerDown(data[0]),
            code::ERROR_CODE => Packet::Error(data[0]),
            other => Packet::Other(other, data),
        }
    }
}

/// Encodes a packet as a display sends it (used by the emulator and tests).
pub fn encode_from_display(p: &Packet, cells: usize) -> Vec<u8> {
    match p {
        Packet::Identity(s) => {
            let mut d: Vec<u8> = s.bytes().collect();
            let n = if d.len() > 16 { 18 } else { 16 };
            d.resize(n, b' ');
            packet(code::DEVICE_IDENTITY, &d)
        }
        Packet::Serial(s) => {
            let mut d: Vec<u8> = s.bytes().take(8).collect();
            d.resize(8, b' ');
            packet(code::SERIAL_NUMBER, &d)
        }
        Packet::CellCount(n) => packet(code::DISPLAY_DATA, &[*n]),
        Packet::Version(v) => packet(code::VERSION, &[*v]),
        Packet::Routing(keys) => {
            let mut d = vec![0u8; routing_bytes(cells)];
            for &k in keys {
                if let Some(b) = d.get_mut(k / 8) {
                    *b |= 1 << (k % 8);
                }
            }
            packet(code::ROUTING_KEYS, &d)
        }
        Packet::Entry(e) => packet(code::ENTRY_KEYS, &[e.other, e.dots]),
        Packet::Joystick(j) => packet(code::JOYSTICK, &[*j]),
        Packet::DisplayKeys(k) => packet(code::DISPLAY_KEYS, &[*k]),
        Packet::PowerDown(r) => packet(code::POWERDOWN, &[*r]),
        Packet::Error(e) => packet(code::ERROR_CODE, &[*e]),
        Packet::Other(c, d) => packet(*c, d),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn write_doubles_escape() {
        let cells = [Cell(0x11), Cell(0x1B), Cell(0x00), Cell(0xC0)];
        assert_eq!(
            write_cells(&cells),
            vec![0x1B, 0x01, 0x11, 0x1B, 0x1B, 0x00, 0xC0]
        );
    }

    #[test]
    fn queries_are_golden() {
        assert_eq!(query_identity(), vec![0x1B, 0x84]);
        assert_eq!(query_serial(), vec![0x1B, 0x8A]);
        assert_eq!(query_cell_count(), vec![0x1B, 0x01, 0x00]);
    }

    #[test]
    fn identity_16_and_18_bytes() {
        let mut p = Parser::new(0);
        let mut bytes = vec![0x1B, 0x84];
        bytes.extend(b"Orbit Reader 20 ");
        assert_eq!(
            p.feed(&bytes),
            vec![Packet::Identity("Orbit Reader 20 ".into())]
        );
        let mut bytes = vec![0x1B, 0x84];
        bytes.extend(b"Refreshabraille 18");
        assert_eq!(
            p.feed(&bytes),
            vec![Packet::Identity("Refreshabraille 18".into())]
        );
    }

    #[test]
    fn cell_count_serial_version() {
        let mut p = Parser::new(0);
        let got = p.feed(&[
            0x1B, 0x01, 0x28, 0x1B, 0x8A, b'1', b'2', b'3', b'4', b'5', b'6', b'7', b'8', 0x1B,
            0x05, 0x03,
        ]);
        assert_eq!(
            got,
            vec![
                Packet::CellCount(40),
                Packet::Serial("12345678".into()),
                Packet::Version(3)
            ]
        );
    }

    #[test]
    fn routing_bitmaps_for_20_40_80_cells() {
        // 20 cells: 3 bytes padded to 5.
        assert_eq!(routing_bytes(20), 5);
        let mut p = Parser::new(20);
        assert_eq!(
            p.feed(&[0x1B, 0x22, 0x00, 0x00, 0x08, 0x00, 0x00]),
            vec![Packet::Routing(vec![19])]
        );
        assert_eq!(
            encode_from_display(&Packet::Routing(vec![19]), 20),
            vec![0x1B, 0x22, 0x00, 0x00, 0x08, 0x00, 0x00]
        );
        // 40 cells: 5 bytes.
        let mut p = Parser::new(40);
        assert_eq!(
            p.feed(&[0x1B, 0x22, 0x01, 0x00, 0x00, 0x00, 0x80]),
            vec![Packet::Routing(vec![0, 39])]
        );
        // 80 cells: 10 bytes.
        assert_eq!(routing_bytes(80), 10);
        let mut p = Parser::new(80);
        let mut bytes = vec![0x1B, 0x22];
        bytes.extend([0u8; 9]);
        bytes.push(0x80);
        assert_eq!(p.feed(&bytes), vec![Packet::Routing(vec![79])]);
        // Release: all zero.
        let mut p = Parser::new(40);
        assert_eq!(
            p.feed(&[0x1B, 0x22, 0, 0, 0, 0, 0]),
            vec![Packet::Routing(vec![])]
        );
    }

    #[test]
    fn chords_joystick_display_keys_power_down() {
        let mut p = Parser::new(20);
        // Dots 2-3-4 (s) with space (B9).
        assert_eq!(
            p.feed(&[0x1B, 0x33, 0x01, 0x0E]),
            vec![Packet::Entry(EntryKeys {
                dots: 0x0E,
                other: 0x01
            })]
        );
        assert!(EntryKeys { dots: 0, other: 1 }.space());
        // Dots 1-2-4-5 = 0x1B must arrive doubled.
        assert_eq!(
            p.feed(&[0x1B, 0x33, 0x00, 0x1B, 0x1B]),
            vec![Packet::Entry(EntryKeys {
                dots: 0x1B,
                other: 0
            })]
        );
        assert_eq!(
            encode_from_display(
                &Packet::Entry(EntryKeys {
                    dots: 0x1B,
                    other: 0
                }),
                20
            ),
            vec![0x1B, 0x33, 0x00, 0x1B, 0x1B]
        );
        assert_eq!(p.feed(&[0x1B, 0x34, 0x10]), vec![Packet::Joystick(0x10)]);
        assert_eq!(p.feed(&[0x1B, 0x24, 0x02]), vec![Packet::DisplayKeys(0x02)]);
        assert_eq!(p.feed(&[0x1B, 0x17, 0x04]), vec![Packet::PowerDown(0x04)]);
    }

    #[test]
    fn resynchronises_after_garbage_and_broken_packets() {
        let mut p = Parser::new(20);
        // Noise, an unknown code, a packet cut short by a new packet.
        let got = p.feed(&[
            0x00, 0xFF, 0x1B, 0x99, 0x42, 0x1B, 0x84, b'O', b'r', 0x1B, 0x01, 0x14,
        ]);
        assert_eq!(got, vec![Packet::CellCount(20)]);
        assert!(p.skipped() > 0);
        // Split across reads.
        let mut p = Parser::new(20);
        assert!(p.feed(&[0x1B]).is_empty());
        assert!(p.feed(&[0x24]).is_empty());
        assert_eq!(p.feed(&[0x01]), vec![Packet::DisplayKeys(1)]);
    }

    /// A small deterministic PRNG (xorshift64*), so the fuzz test needs no
    /// extra dependency and every run sees the same bytes.
    struct Rng(u64);
    impl Rng {
        fn next(&mut self) -> u64 {
            self.0 ^= self.0 >> 12;
            self.0 ^= self.0 << 25;
            self.0 ^= self.0 >> 27;
            self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
        }
    }

    #[test]
    fn random_bytes_never_panic_and_valid_packets_survive() {
        let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
        for cells in [0usize, 20, 32, 40, 80] {
            let mut p = Parser::new(cells);
            for _ in 0..2000 {
                let len = (rng.next() % 64) as usize;
                let bytes: Vec<u8> = (0..len)
                    .map(|_| {
                        let r = rng.next();
                        // Favour ESC and known codes so the parser's paths are hit.
                        match r % 5 {
                            0 => ESC,
                            1 => [0x01, 0x22, 0x33, 0x34, 0x24, 0x17, 0x84, 0x8A]
                                [(r >> 8) as usize % 8],
                            _ => (r >> 16) as u8,
                        }
                    })
                    .collect();
                let _ = p.feed(&bytes);
            }
            // After any garbage, a clean packet following a fresh ESC start is read.
            let _ = p.feed(&[0x1B, 0x1B, 0x1B]);
            let got = p.feed(&[0x00, 0x1B, 0x34, 0x01]);
            assert_eq!(got.last(), Some(&Packet::Joystick(1)), "cells {cells}");
        }
    }
}
