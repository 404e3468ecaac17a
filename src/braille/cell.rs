//! Braille cells: one byte per cell, bit n-1 = dot n (ISO 11548-1).
//!
//! The same byte is used by the Baum protocol, by BrlAPI dots and by the
//! Unicode Braille Patterns block (U+2800 + byte).

use std::fmt;

use super::BrailleError;

/// One Braille cell. Bit n-1 is dot n (dots 1–8).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default, PartialOrd, Ord)]
pub struct Cell(pub u8);

impl Cell {
    /// The blank cell.
    pub const BLANK: Cell = Cell(0);

    /// Reads a cell written as dot numbers, e.g. `"1345"` or `"1-3-4-5"`;
    /// `"0"` or `""` is the blank cell.
    pub fn from_dots(dots: &str) -> Result<Cell, BrailleError> {
        let mut byte = 0u8;
        for c in dots.chars() {
            match c {
                '1'..='8' => byte |= 1 << (c as u8 - b'1'),
                '0' | '-' => {}
                _ => return Err(BrailleError::BadDots(dots.to_string())),
            }
        }
        Ok(Cell(byte))
    }

    /// The dot numbers of this cell, ascending (`"1345"`); `"0"` when blank.
    pub fn dots(self) -> String {
        if self.0 == 0 {
            return "0".to_string();
        }
        (0..8)
            .filter(|i| self.0 & (1 << i) != 0)
            .map(|i| char::from(b'1' + i))
            .collect()
    }

    /// The Unicode Braille pattern of this cell (U+2800 + byte).
    pub fn to_char(self) -> char {
        char::from_u32(0x2800 + u32::from(self.0)).unwrap_or('\u{2800}')
    }

    /// The cell of a Unicode Braille pattern; `None` for any other character.
    pub fn from_char(c: char) -> Option<Cell> {
        let v = u32::from(c);
        if (0x2800..=0x28FF).contains(&v) {
            Some(Cell((v - 0x2800) as u8))
        } else {
            None
        }
    }

    /// Whether the cell uses dot 7 or dot 8 (not representable in six-dot BRF).
    pub fn has_lower_dots(self) -> bool {
        self.0 & 0xC0 != 0
    }
}

impl fmt::Debug for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Cell({})", self.dots())
    }
}

impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.to_char())
    }
}

/// Cells as a string of Unicode Braille patterns.
pub fn to_unicode(cells: &[Cell]) -> String {
    cells.iter().map(|c| c.to_char()).collect()
}

/// Reads a string of Unicode Braille patterns; a plain space is read as the
/// blank cell. Any other character is an error naming it.
pub fn from_unicode(text: &str) -> Result<Vec<Cell>, BrailleError> {
    text.chars()
        .map(|c| match c {
            ' ' => Ok(Cell::BLANK),
            _ => Cell::from_char(c).ok_or(BrailleError::NotBraille(c)),
        })
        .collect()
}

/// Reads space-separated dot groups, e.g. `"1345 0 12"`.
pub fn from_dot_groups(text: &str) -> Result<Vec<Cell>, BrailleError> {
    text.split_whitespace().map(Cell::from_dots).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dot_numbers_map_to_bits() {
        assert_eq!(Cell::from_dots("1").unwrap(), Cell(0x01));
        assert_eq!(Cell::from_dots("8").unwrap(), Cell(0x80));
        assert_eq!(Cell::from_dots("1-5").unwrap(), Cell(0x11));
        assert_eq!(Cell(0x11).dots(), "15");
        assert_eq!(Cell(0).dots(), "0");
        assert!(Cell::from_dots("19").is_err());
    }

    #[test]
    fn unicode_is_u2800_plus_byte() {
        assert_eq!(Cell(0x11).to_char(), '⠑');
        assert_eq!(Cell(0x32).to_char(), '⠲');
        assert_eq!(to_unicode(&[Cell(0x11), Cell(0x32)]), "⠑⠲");
        assert_eq!(Cell::from_char('⣿'), Some(Cell(0xFF)));
        assert_eq!(Cell::from_char('a'), None);
        assert_eq!(
            from_unicode("⠑ ⠲").unwrap(),
            vec![Cell(0x11), Cell(0), Cell(0x32)]
        );
        assert!(from_unicode("⠑x").is_err());
    }
}
