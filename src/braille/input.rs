//! Move entry on a Braille keyboard. The player types a move in the chess
//! Braille code, one chord per cell (e.g. s, f, lower 3 for Nf3 in English),
//! and confirms with dot 8 (or Enter / the joystick press). Capture, check
//! and mate signs may be left out; a from-square and to-square (g1f3) are
//! understood too. When several legal moves fit, they are listed numbered
//! and a routing key over one picks it. Display keys ask for the last move,
//! the time, the move list, the board, and pan.

use shakmaty::{Chess, Move, Position};

use super::BrailleError;
use super::cell::Cell;
use super::code::ChessCode;
use super::driver::KeyEvent;

/// Something the player asked for with a display key.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Request {
    /// Repeat the last move.
    LastMove,
    /// The time on both clocks.
    Time,
    /// The move list.
    Moves,
    /// The board, rank by rank.
    Board,
    /// Back to the status line.
    Status,
    /// Pan left.
    PanLeft,
    /// Pan right.
    PanRight,
}

/// The result of one key.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Outcome {
    /// Nothing to do.
    Nothing,
    /// The cells typed so far (for echo on the display).
    Typed(Vec<Cell>),
    /// A legal move, confirmed.
    Move(Move),
    /// Several legal moves fit: choose one with a routing key.
    Choose(Vec<(Move, Vec<Cell>)>),
    /// What was typed fits no legal move.
    NoMatch(Vec<Cell>),
    /// A display key request.
    Request(Request),
}

/// The Braille keyboard move entry state.
#[derive(Debug, Default, Clone)]
pub struct MoveEntry {
    typed: Vec<Cell>,
    choices: Vec<(Move, Vec<Cell>)>,
}

const CONFIRM: u8 = 0x80; // dot 8
const ERASE: u8 = 0x40; // dot 7

impl MoveEntry {
    /// Empty entry.
    pub fn new() -> MoveEntry {
        MoveEntry::default()
    }

    /// The cells typed so far.
    pub fn typed(&self) -> &[Cell] {
        &self.typed
    }

    /// The choice list as display cells ("1 move  2 move …") and, for each
    /// cell, which choice it belongs to (for routing keys).
    pub fn choice_line(&self) -> (Vec<Cell>, Vec<Option<usize>>) {
        let code = ChessCode::get();
        let mut cells = Vec::new();
        let mut owner = Vec::new();
        for (i, (_, c)) in self.choices.iter().enumerate() {
            if i > 0 {
                cells.extend([Cell::BLANK, Cell::BLANK]);
                owner.extend([None, None]);
            }
            let mut item = code.number(i as u32 + 1);
            item.push(Cell::BLANK);
            item.extend(c);
            owner.extend(std::iter::repeat_n(Some(i), item.len()));
            cells.extend(item);
        }
        (cells, owner)
    }

    /// Handles one key in position `pos`; `locale` selects the piece letters;
    /// `pan` is the cell offset of the display window (routing keys count
    /// from its left end).
    pub fn key(
        &mut self,
        key: &KeyEvent,
        pos: &Chess,
        locale: &str,
        pan: usize,
    ) -> Result<Outcome, BrailleError> {
        match key {
            KeyEvent::Route(n) => {
                if self.choices.is_empty() {
                    return Ok(Outcome::Nothing);
                }
                let (_, owner) = self.choice_line();
                match owner.get(pan + n).copied().flatten() {
                    Some(i) => {
                        let m = self.choices[i].0;
                        self.clear();
                        Ok(Outcome::Move(m))
                    }
                    None => Ok(Outcome::Nothing),
                }
            }
            KeyEvent::Chord { dots, space: false } if dots.0 == CONFIRM => {
                self.confirm(pos, locale)
            }
            KeyEvent::Chord { dots, space: false } if dots.0 == ERASE => {
                self.typed.pop();
                Ok(Outcome::Typed(self.typed.clone()))
            }
            KeyEvent::Chord { dots, space: true } if dots.0 == ERASE => {
                self.clear();
                Ok(Outcome::Typed(Vec::new()))
            }
            KeyEvent::Chord { dots, .. } => {
                self.choices.clear();
                self.typed.push(Cell(dots.0 & 0x3F));
                Ok(Outcome::Typed(self.typed.clone()))
            }
            KeyEvent::Key(name) => Ok(match name.as_str() {
                "enter" | "press" => return self.confirm(pos, locale),
                "backspace" => {
                    self.typed.pop();
                    Outcome::Typed(self.typed.clone())
                }
                "space" => Outcome::Nothing,
                "display1" => Outcome::Request(Request::LastMove),
                "display2" | "left" => Outcome::Request(Request::PanLeft),
                "display3" => Outcome::Request(Request::Time),
                "display4" => Outcome::Request(Request::Moves),
                "display5" | "right" => Outcome::Request(Request::PanRight),
                "display6" => Outcome::Request(Request::Board),
                "up" | "home" => Outcome::Request(Request::Status),
                _ => Outcome::Nothing,
            }),
        }
    }

    fn clear(&mut self) {
        self.typed.clear();
        self.choices.clear();
    }

    fn confirm(&mut self, pos: &Chess, locale: &str) -> Result<Outcome, BrailleError> {
        if self.typed.is_empty() {
            return Ok(Outcome::Nothing);
        }
        let found = matches(pos, &self.typed, locale)?;
        let typed = std::mem::take(&mut self.typed);
        Ok(match found.len() {
            0 => Outcome::NoMatch(typed),
            1 => Outcome::Move(found[0].0),
            _ => {
                self.choices = found.clone();
                Outcome::Choose(found)
            }
        })
    }
}

/// Legal moves whose Braille fits what was typed: the full code, the code
/// without capture, check and mate signs, or from- and to-square.
pub fn matches(
    pos: &Chess,
    typed: &[Cell],
    locale: &str,
) -> Result<Vec<(Move, Vec<Cell>)>, BrailleError> {
    let code = ChessCode::get();
    let want = strip(code, typed);
    let mut out = Vec::new();
    for m in pos.legal_moves() {
        let full = code.encode_move(pos, m, locale)?;
        let mut coord = Vec::new();
        if let Some(from) = m.from() {
            coord.extend(code.square(from));
            let to = match m.castling_side() {
                Some(side) => side.king_to(pos.turn()),
                None => m.to(),
            };
            coord.extend(code.square(to));
        }
        // Piece and destination only, without disambiguation.
        let mut short = code.piece(locale, m.role())?;
        short.extend(code.square(m.to()));
        if let Some(p) = m.promotion() {
            short.extend(&code.promotion);
            short.extend(code.piece(locale, p)?);
        }
        let fits = full == typed
            || strip(code, &full) == want
            || (!m.is_castle() && short == want)
            || (!coord.is_empty() && coord == want);
        if fits {
            out.push((m, full));
        }
    }
    Ok(out)
}

fn strip(code: &ChessCode, cells: &[Cell]) -> Vec<Cell> {
    let mut v = cells.to_vec();
    for sign in [&code.mate, &code.check] {
        if !sign.is_empty() && v.ends_with(sign) {
            v.truncate(v.len() - sign.len());
        }
    }
    if !code.capture.is_empty() {
        let n = code.capture.len();
        let mut i = 0;
        while i + n <= v.len() {
            if v[i..i + n] == code.capture[..] {
                v.drain(i..i + n);
            } else {
                i += 1;
            }
        }
    }
    v
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::braille::cell::from_unicode;
    use crate::braille::code::parse_move;
    use shakmaty::CastlingMode;
    use shakmaty::fen::Fen;

    fn chord(d: &str) -> KeyEvent {
        KeyEvent::Chord {
            dots: Cell::from_dots(d).unwrap(),
            space: false,
        }
    }

    fn type_in(e: &mut MoveEntry, pos: &Chess, loc: &str, cells: &str) -> Outcome {
        let mut last = Outcome::Nothing;
        for c in from_unicode(cells).unwrap() {
            last = e
                .key(
                    &KeyEvent::Chord {
                        dots: c,
                        space: false,
                    },
                    pos,
                    loc,
                    0,
                )
                .unwrap();
        }
        let _ = last;
        e.key(&chord("8"), pos, loc, 0).unwrap()
    }

    #[test]
    fn knight_to_f3_by_chords() {
        let p = Chess::default();
        let mut e = MoveEntry::new();
        assert_eq!(
            e.key(&chord("234"), &p, "en", 0).unwrap(),
            Outcome::Typed(vec![Cell(0x0E)])
        );
        e.key(&chord("124"), &p, "en", 0).unwrap();
        e.key(&chord("25"), &p, "en", 0).unwrap();
        let want = parse_move(&p, "Nf3").unwrap();
        assert_eq!(
            e.key(&chord("8"), &p, "en", 0).unwrap(),
            Outcome::Move(want)
        );
        // German letters, and coordinates g1f3.
        assert_eq!(type_in(&mut e, &p, "de", "⠎⠋⠒"), Outcome::Move(want));
        assert_eq!(type_in(&mut e, &p, "de", "⠛⠂⠋⠒"), Outcome::Move(want));
        // Castling by its sign or by the king's squares.
        let f: Fen = "4k3/8/8/8/8/8/8/4K2R w K - 0 1".parse().unwrap();
        let c: Chess = f.into_position(CastlingMode::Standard).unwrap();
        let castle = parse_move(&c, "O-O").unwrap();
        assert_eq!(type_in(&mut e, &c, "en", "⠴⠤⠴"), Outcome::Move(castle));
        assert_eq!(type_in(&mut e, &c, "en", "⠑⠂⠛⠂"), Outcome::Move(castle));
    }

    #[test]
    fn capture_and_check_signs_are_optional() {
        let f: Fen = "4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1".parse().unwrap();
        let p: Chess = f.into_position(CastlingMode::Standard).unwrap();
        let mut e = MoveEntry::new();
        let want = parse_move(&p, "exd5").unwrap();
        assert_eq!(type_in(&mut e, &p, "en", "⠑⠙⠢"), Outcome::Move(want));
        assert_eq!(type_in(&mut e, &p, "en", "⠑⠭⠙⠢"), Outcome::Move(want));
    }

    #[test]
    fn ambiguous_entry_offers_choices_picked_by_routing() {
        // Knights on b1 and f1 both reach d2; the player typed only s d 2.
        let f: Fen = "4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1".parse().unwrap();
        let q: Chess = f.into_position(CastlingMode::Standard).unwrap();
        let mut e = MoveEntry::new();
        match type_in(&mut e, &q, "en", "⠎⠙⠆") {
            Outcome::Choose(list) => assert_eq!(list.len(), 2),
            other => panic!("expected a choice, got {other:?}"),
        }
        let (line, owner) = e.choice_line();
        assert!(!line.is_empty());
        let second = owner.iter().position(|o| *o == Some(1)).unwrap();
        match e.key(&KeyEvent::Route(second), &q, "en", 0).unwrap() {
            Outcome::Move(m) => assert_eq!(m.to(), shakmaty::Square::D2),
            other => panic!("expected a move, got {other:?}"),
        }
    }

    #[test]
    fn erase_no_match_and_display_keys() {
        let p = Chess::default();
        let mut e = MoveEntry::new();
        e.key(&chord("15"), &p, "en", 0).unwrap();
        assert_eq!(
            e.key(&chord("7"), &p, "en", 0).unwrap(),
            Outcome::Typed(vec![])
        );
        assert!(matches!(
            type_in(&mut e, &p, "en", "⠑⠢"),
            Outcome::NoMatch(_)
        ));
        assert_eq!(
            e.key(&KeyEvent::Key("display1".into()), &p, "en", 0)
                .unwrap(),
            Outcome::Request(Request::LastMove)
        );
        assert_eq!(
            e.key(&KeyEvent::Key("display3".into()), &p, "en", 0)
                .unwrap(),
            Outcome::Request(Request::Time)
        );
        assert_eq!(
            e.key(&KeyEvent::Route(3), &p, "en", 0).unwrap(),
            Outcome::Nothing
        );
    }
}
