//! BRF: North American ASCII Braille, the file format of Braille embossers
//! and notetakers. Each six-dot cell is one ASCII character 0x20–0x5F.

use super::BrailleError;
use super::cell::Cell;

/// ASCII Braille character of each six-dot cell, indexed by the cell byte.
const TABLE: &[u8; 64] = b" A1B'K2L@CIF/MSP\"E3H9O6R^DJG>NTQ,*5<-U8V.%[$+X!&;:4\\0Z7(_?W]#Y)=";

/// The BRF character of a cell. Cells with dot 7 or 8 have none.
pub fn to_brf(cell: Cell) -> Result<char, BrailleError> {
    if cell.has_lower_dots() {
        return Err(BrailleError::EightDot(cell.dots()));
    }
    Ok(char::from(TABLE[usize::from(cell.0)]))
}

/// The cell of a BRF character. Lower-case letters (and the other characters
/// 0x60–0x7E, which some files use) read as their upper-case partners.
pub fn from_brf(c: char) -> Result<Cell, BrailleError> {
    let mut b = u32::from(c);
    if (0x60..=0x7E).contains(&b) {
        b -= 0x20;
    }
    if !(0x20..=0x5F).contains(&b) {
        return Err(BrailleError::NotBrf(c));
    }
    let pos = TABLE
        .iter()
        .position(|&t| u32::from(t) == b)
        .ok_or(BrailleError::NotBrf(c))?;
    Ok(Cell(pos as u8))
}

/// Cells as a BRF line.
pub fn encode(cells: &[Cell]) -> Result<String, BrailleError> {
    cells.iter().map(|&c| to_brf(c)).collect()
}

/// A BRF line as cells.
pub fn decode(line: &str) -> Result<Vec<Cell>, BrailleError> {
    line.chars().map(from_brf).collect()
}

/// ASCII text written cell for cell through the BRF table ("computer
/// Braille"): letters, digits as lower-cell digits, punctuation by its BRF
/// cell. Characters outside ASCII are folded to a plain letter where one is
/// obvious, otherwise written as the BRF question mark cell.
pub fn text_cells(text: &str) -> Vec<Cell> {
    text.chars()
        .map(|c| {
            let c = fold(c).to_ascii_uppercase();
            from_brf(c).unwrap_or_else(|_| from_brf('?').unwrap_or(Cell::BLANK))
        })
        .collect()
}

/// Folds a few accented Latin letters to plain ones so names in headers stay
/// readable in six-dot computer Braille.
fn fold(c: char) -> char {
    match c {
        'ä' | 'á' | 'à' | 'â' | 'ą' | 'Ä' | 'Á' | 'À' | 'Â' | 'Ą' => 'a',
        'ć' | 'č' | 'ç' | 'Ć' | 'Č' | 'Ç' => 'c',
        'đ' | 'Đ' => 'd',
        'é' | 'è' | 'ê' | 'ę' | 'É' | 'È' | 'Ê' | 'Ę' => 'e',
        'í' | 'ì' | 'î' | 'Í' => 'i',
        'ł' | 'Ł' => 'l',
        'ń' | 'ñ' | 'Ń' | 'Ñ' => 'n',
        'ö' | 'ó' | 'ò' | 'ô' | 'Ö' | 'Ó' => 'o',
        'ś' | 'š' | 'Ś' | 'Š' => 's',
        'ü' | 'ú' | 'ù' | 'û' | 'Ü' | 'Ú' => 'u',
        'ź' | 'ż' | 'ž' | 'Ź' | 'Ż' | 'Ž' => 'z',
        'ß' => 's',
        '\t' => ' ',
        other => other,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_is_a_bijection_on_six_dot_cells() {
        for b in 0u8..64 {
            let c = to_brf(Cell(b)).unwrap();
            assert_eq!(from_brf(c).unwrap(), Cell(b), "cell {b}");
        }
        let mut seen: Vec<u8> = TABLE.to_vec();
        seen.sort();
        seen.dedup();
        assert_eq!(seen.len(), 64);
    }

    #[test]
    fn known_characters() {
        assert_eq!(to_brf(Cell::from_dots("1").unwrap()).unwrap(), 'A');
        assert_eq!(to_brf(Cell::from_dots("2").unwrap()).unwrap(), '1');
        assert_eq!(to_brf(Cell::from_dots("3456").unwrap()).unwrap(), '#');
        assert_eq!(to_brf(Cell::from_dots("256").unwrap()).unwrap(), '4');
        assert_eq!(from_brf('e').unwrap(), from_brf('E').unwrap());
        assert!(to_brf(Cell(0x40)).is_err());
        assert!(from_brf('\u{7f}').is_err());
        assert!(from_brf('é').is_err());
    }

    #[test]
    fn text_is_written_cell_for_cell() {
        let cells = text_cells("Kö 1-0");
        assert_eq!(encode(&cells).unwrap(), "KO 1-0");
    }
}
