//! The DGT electronic board's serial protocol, as far as hector uses it:
//! single-byte commands from the computer, and messages from the board
//! with a 3-byte header (`0x80 | id`, then the total length in two 7-bit
//! halves) followed by data bytes whose top bit is clear.
//!
//! The decoder never panics on garbled input: a byte with the top bit set
//! always starts a new message (resynchronisation), an impossible length
//! or an invalid piece code drops the message, and unknown messages are
//! skipped by their length.

use shakmaty::{Board, Color, File, Piece, Rank, Role, Square};

/// Command: reset the board to idle mode.
pub const CMD_RESET: u8 = 0x40;
/// Command: send a board dump.
pub const CMD_BOARD_DUMP: u8 = 0x42;
/// Command: send a field update whenever a piece is lifted or put down
/// (board only).
pub const CMD_UPDATE_BOARD: u8 = 0x44;

/// Message id of a board dump (with the top bit).
pub const MSG_BOARD_DUMP: u8 = 0x86;
/// Message id of a field update (with the top bit).
pub const MSG_FIELD_UPDATE: u8 = 0x8E;
/// Length of a board dump: header and 64 squares.
pub const BOARD_DUMP_LEN: usize = 67;
/// Length of a field update: header, square and piece.
pub const FIELD_UPDATE_LEN: usize = 5;
/// Longest message hector accepts from a board; anything longer is noise.
pub const MAX_LEN: usize = 1024;

/// One message from the board.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Message {
    /// The whole board.
    BoardDump(Board),
    /// One square changed: what stands there now (`None`: empty).
    FieldUpdate {
        /// The square.
        square: Square,
        /// What stands on it now.
        piece: Option<Piece>,
    },
    /// A message hector does not use (clock, version, serial number …).
    Other {
        /// The message id byte (with the top bit).
        id: u8,
        /// Its data bytes.
        data: Vec<u8>,
    },
}

/// The DGT square index (0 = a8 … 63 = h1) of a square.
pub fn index_of(sq: Square) -> u8 {
    let file = u32::from(sq.file()) as u8;
    let rank = u32::from(sq.rank()) as u8;
    (7 - rank) * 8 + file
}

/// The square of a DGT square index (0 = a8 … 63 = h1).
pub fn square_of(index: u8) -> Option<Square> {
    if index > 63 {
        return None;
    }
    Some(Square::from_coords(
        File::new(u32::from(index % 8)),
        Rank::new(u32::from(7 - index / 8)),
    ))
}

/// The DGT piece code: 0 empty, 1–6 white P R N B K Q, 7–12 black.
pub fn code_of(piece: Option<Piece>) -> u8 {
    let Some(p) = piece else { return 0 };
    let base = match p.role {
        Role::Pawn => 1,
        Role::Rook => 2,
        Role::Knight => 3,
        Role::Bishop => 4,
        Role::King => 5,
        Role::Queen => 6,
    };
    match p.color {
        Color::White => base,
        Color::Black => base + 6,
    }
}

/// The piece of a DGT piece code; `Err` for a code that is not one.
pub fn piece_of(code: u8) -> Result<Option<Piece>, u8> {
    let role = match code {
        0 => return Ok(None),
        1 | 7 => Role::Pawn,
        2 | 8 => Role::Rook,
        3 | 9 => Role::Knight,
        4 | 10 => Role::Bishop,
        5 | 11 => Role::King,
        6 | 12 => Role::Queen,
        other => return Err(other),
    };
    let color = if code <= 6 {
        Color::White
    } else {
        Color::Black
    };
    Ok(Some(Piece { color, role }))
}

fn header(id: u8, len: usize) -> [u8; 3] {
    [id, ((len >> 7) & 0x7F) as u8, (len & 0x7F) as u8]
}

/// A board dump message for `board` (what a board sends on 0x42).
pub fn encode_board_dump(board: &Board) -> Vec<u8> {
    let mut out = header(MSG_BOARD_DUMP, BOARD_DUMP_LEN).to_vec();
    for i in 0..64u8 {
        let sq = square_of(i).expect("0..64 are squares");
        out.push(code_of(board.piece_at(sq)));
    }
    out
}

/// A field update message (what a board in update mode sends when a piece
/// is lifted or put down).
pub fn encode_field_update(square: Square, piece: Option<Piece>) -> Vec<u8> {
    let mut out = header(MSG_FIELD_UPDATE, FIELD_UPDATE_LEN).to_vec();
    out.push(index_of(square));
    out.push(code_of(piece));
    out
}

/// What the decoder threw away, for diagnostics and tests.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct Dropped {
    /// Bytes outside any message (no header seen).
    pub stray: u64,
    /// Messages cut short by a new header.
    pub cut: u64,
    /// Messages with an impossible length or content.
    pub invalid: u64,
}

/// A streaming decoder of board messages.
#[derive(Debug, Default, Clone)]
pub struct Decoder {
    buf: Vec<u8>,
    dropped: Dropped,
}

impl Decoder {
    /// A decoder waiting for a header.
    pub fn new() -> Decoder {
        Decoder::default()
    }

    /// What was thrown away so far.
    pub fn dropped(&self) -> Dropped {
        self.dropped
    }

    /// Feeds bytes as they arrive; returns the complete messages in them.
    pub fn feed(&mut self, bytes: &[u8]) -> Vec<Message> {
        let mut out = Vec::new();
        for &b in bytes {
            if b & 0x80 != 0 {
                // A top bit always starts a message: resynchronise.
                if !self.buf.is_empty() {
                    self.dropped.cut += 1;
                }
                self.buf.clear();
                self.buf.push(b);
                continue;
            }
            if self.buf.is_empty() {
                self.dropped.stray += 1;
                continue;
            }
            self.buf.push(b);
            if self.buf.len() < 3 {
                continue;
            }
            let len = (usize::from(self.buf[1]) << 7) | usize::from(self.buf[2]);
            if !(3..=MAX_LEN).contains(&len) {
                self.dropped.invalid += 1;
                self.buf.clear();
                continue;
            }
            if self.buf.len() == len {
                let msg = std::mem::take(&mut self.buf);
                match decode(&msg) {
                    Some(m) => out.push(m),
                    None => self.dropped.invalid += 1,
                }
            }
        }
        out
    }
}

/// One complete message (header included) as a [`Message`].
fn decode(msg: &[u8]) -> Option<Message> {
    let id = *msg.first()?;
    let data = msg.get(3..)?;
    match id {
        MSG_BOARD_DUMP => {
            if msg.len() != BOARD_DUMP_LEN {
                return None;
            }
            let mut board = Board::empty();
            for (i, code) in data.iter().enumerate() {
                let sq = square_of(i as u8)?;
                if let Some(p) = piece_of(*code).ok()? {
                    board.set_piece_at(sq, p);
                }
            }
            Some(Message::BoardDump(board))
        }
        MSG_FIELD_UPDATE => {
            if msg.len() != FIELD_UPDATE_LEN {
                return None;
            }
            Some(Message::FieldUpdate {
                square: square_of(data[0])?,
                piece: piece_of(data[1]).ok()?,
            })
        }
        _ => Some(Message::Other {
            id,
            data: data.to_vec(),
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::{Chess, Position};

    /// The start-position dump, byte for byte, from the protocol facts.
    fn start_dump() -> Vec<u8> {
        let mut v = vec![
            0x86, 0x00, 0x43, 0x08, 0x09, 0x0A, 0x0C, 0x0B, 0x0A, 0x09, 0x08,
        ];
        v.extend([0x07; 8]);
        v.extend([0x00; 32]);
        v.extend([0x01; 8]);
        v.extend([0x02, 0x03, 0x04, 0x06, 0x05, 0x04, 0x03, 0x02]);
        v
    }

    #[test]
    fn golden_start_position_dump() {
        let bytes = start_dump();
        assert_eq!(bytes.len(), 67);
        let start = Chess::default().board().clone();
        assert_eq!(encode_board_dump(&start), bytes);
        let mut d = Decoder::new();
        assert_eq!(d.feed(&bytes), vec![Message::BoardDump(start)]);
    }

    #[test]
    fn golden_field_updates() {
        // e2 lifted (index 52), then a white pawn put on e4 (index 36).
        let lift = [0x8E, 0x00, 0x05, 52, 0x00];
        let put = [0x8E, 0x00, 0x05, 36, 0x01];
        assert_eq!(encode_field_update(Square::E2, None), lift);
        let wp = Piece::from_char('P');
        assert_eq!(encode_field_update(Square::E4, wp), put);
        let mut d = Decoder::new();
        // Split across reads anywhere.
        let mut got = d.feed(&lift[..2]);
        got.extend(d.feed(&lift[2..]));
        got.extend(d.feed(&put));
        assert_eq!(
            got,
            vec![
                Message::FieldUpdate {
                    square: Square::E2,
                    piece: None
                },
                Message::FieldUpdate {
                    square: Square::E4,
                    piece: wp
                },
            ]
        );
    }

    #[test]
    fn resynchronises_on_the_top_bit() {
        let mut d = Decoder::new();
        let mut bytes = vec![0x11, 0x22]; // stray
        bytes.extend([0x86, 0x00, 0x43, 0x08, 0x09]); // a dump cut short
        bytes.extend(encode_field_update(Square::A8, None));
        bytes.extend([0x8E, 0x00, 0x05, 64, 0x01]); // square 64: invalid
        bytes.extend([0x8E, 0x00, 0x05, 0, 13]); // piece 13: invalid
        bytes.extend([0x8E, 0x7F, 0x7F]); // impossible length
        bytes.extend(encode_field_update(Square::H1, Piece::from_char('r')));
        let got = d.feed(&bytes);
        assert_eq!(got.len(), 2, "{got:?}");
        let dr = d.dropped();
        assert_eq!((dr.stray, dr.cut, dr.invalid), (2, 1, 3));
    }

    #[test]
    fn unknown_messages_are_skipped_by_length() {
        let mut d = Decoder::new();
        let mut bytes = vec![0x8D, 0x00, 0x06, 1, 2, 3]; // something else
        bytes.extend(encode_field_update(Square::C3, Piece::from_char('N')));
        let got = d.feed(&bytes);
        assert_eq!(got.len(), 2);
        assert!(matches!(got[0], Message::Other { id: 0x8D, .. }));
    }

    #[test]
    fn garbled_bytes_never_panic() {
        // A seeded xorshift: the same garbage every run.
        let mut x: u64 = 0x9E37_79B9_7F4A_7C15;
        let mut d = Decoder::new();
        let mut messages = 0usize;
        for round in 0..2000 {
            let mut chunk = Vec::new();
            for _ in 0..(round % 97 + 1) {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                chunk.push(x as u8);
            }
            // Now and then a valid message in the noise.
            if round % 10 == 0 {
                chunk.extend(encode_field_update(Square::D4, Piece::from_char('q')));
            }
            messages += d.feed(&chunk).len();
        }
        // Every valid message not cut by noise comes through.
        assert!(messages >= 200, "{messages}");
        let after = d.feed(&encode_board_dump(Chess::default().board()));
        assert_eq!(
            after,
            vec![Message::BoardDump(Chess::default().board().clone())]
        );
    }
}
