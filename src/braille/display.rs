//! The display model: what the blind player reads on a refreshable display
//! of 20, 32, 40 or 80 cells. A status line (move number, last move, whose
//! turn, clock) and longer pages (the move list, the board rank by rank,
//! query results) read by panning. Rendering is pure; drivers send only
//! cells that changed.

use shakmaty::{Chess, Color, Position, Role, Square};

use super::BrailleError;
use super::brf::text_cells;
use super::cell::Cell;
use super::code::ChessCode;

/// What the display shows.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Page {
    /// Move number, last move, whose turn, clocks.
    Status,
    /// All moves, in pairs.
    Moves,
    /// The board, one rank per line, rank 8 first.
    Board,
    /// A query result or a numbered list of candidate moves.
    Query(Vec<Vec<Cell>>),
}

/// The game facts the view shows.
#[derive(Debug, Clone)]
pub struct Facts<'a> {
    /// The position the game started from.
    pub start: &'a Chess,
    /// The moves played.
    pub moves: &'a [shakmaty::Move],
    /// Remaining time of White and Black in milliseconds, if a clock runs.
    pub clock_ms: Option<(u64, u64)>,
    /// Locale of the piece letters.
    pub locale: &'a str,
}

/// A view of one page on a display of `width` cells, panned to a line and
/// an offset within it.
#[derive(Debug, Clone)]
pub struct View {
    width: usize,
    page: Page,
    line: usize,
    offset: usize,
}

/// Time as h:mm:ss (or m:ss under an hour), digits as lower cells. Whole
/// seconds are rounded up, so a fresh 5-minute clock reads 5:00 and 0:00
/// means the time is out.
fn clock_text(ms: u64) -> String {
    let s = ms.div_ceil(1000);
    let (h, m, sec) = (s / 3600, (s / 60) % 60, s % 60);
    if h > 0 {
        format!("{h}:{m:02}:{sec:02}")
    } else {
        format!("{m}:{sec:02}")
    }
}

impl View {
    /// A status view for a display of `width` cells (at least 8).
    pub fn new(width: usize) -> View {
        View {
            width: width.max(8),
            page: Page::Status,
            line: 0,
            offset: 0,
        }
    }

    /// The display width.
    pub fn width(&self) -> usize {
        self.width
    }

    /// The page shown.
    pub fn page(&self) -> &Page {
        &self.page
    }

    /// Shows another page from its start.
    pub fn show(&mut self, page: Page) {
        self.page = page;
        self.line = 0;
        self.offset = 0;
    }

    /// All lines of the current page.
    pub fn lines(&self, f: &Facts<'_>) -> Result<Vec<Vec<Cell>>, BrailleError> {
        let code = ChessCode::get();
        Ok(match &self.page {
            Page::Status => vec![status_line(f)?],
            Page::Moves => {
                let mut line = Vec::new();
                let mut pos = f.start.clone();
                for &m in f.moves {
                    let n = pos.fullmoves().get();
                    let white = pos.turn() == Color::White;
                    let cells = code.encode_move(&pos, m, f.locale)?;
                    pos.play_unchecked(m);
                    if white || line.is_empty() {
                        if !line.is_empty() {
                            line.extend([Cell::BLANK, Cell::BLANK]);
                        }
                        line.extend(code.number(n));
                        line.push(Cell::BLANK);
                        if !white {
                            line.extend(&code.black_first);
                        }
                    } else {
                        line.push(Cell::BLANK);
                    }
                    line.extend(cells);
                }
                vec![line]
            }
            Page::Board => board_lines(&f.start_position_after(), f.locale)?,
            Page::Query(lines) => lines.clone(),
        })
    }

    /// The cells the display shows now (exactly `width` cells).
    pub fn render(&self, f: &Facts<'_>) -> Result<Vec<Cell>, BrailleError> {
        let lines = self.lines(f)?;
        let line = lines.get(self.line).cloned().unwrap_or_default();
        let mut out: Vec<Cell> = line
            .iter()
            .skip(self.offset)
            .take(self.width)
            .copied()
            .collect();
        out.resize(self.width, Cell::BLANK);
        Ok(out)
    }

    /// Pans right: the next window of the line, or the next line. Returns
    /// false at the end of the page.
    pub fn pan_right(&mut self, f: &Facts<'_>) -> Result<bool, BrailleError> {
        let lines = self.lines(f)?;
        let len = lines.get(self.line).map_or(0, Vec::len);
        if self.offset + self.width < len {
            self.offset += self.width;
            return Ok(true);
        }
        if self.line + 1 < lines.len() {
            self.line += 1;
            self.offset = 0;
            return Ok(true);
        }
        Ok(false)
    }

    /// Pans left: the previous window, or the end of the previous line.
    /// Returns false at the start of the page.
    pub fn pan_left(&mut self, f: &Facts<'_>) -> Result<bool, BrailleError> {
        if self.offset > 0 {
            self.offset = self.offset.saturating_sub(self.width);
            return Ok(true);
        }
        if self.line > 0 {
            let lines = self.lines(f)?;
            self.line -= 1;
            let len = lines.get(self.line).map_or(0, Vec::len);
            self.offset = if len == 0 {
                0
            } else {
                ((len - 1) / self.width) * self.width
            };
            return Ok(true);
        }
        Ok(false)
    }

    /// Which line and cell offset the view is at.
    pub fn position(&self) -> (usize, usize) {
        (self.line, self.offset)
    }
}

impl Facts<'_> {
    fn start_position_after(&self) -> Chess {
        let mut p = self.start.clone();
        for &m in self.moves {
            p.play_unchecked(m);
        }
        p
    }
}

/// The status line: move number, last move, whose turn, clocks.
pub fn status_line(f: &Facts<'_>) -> Result<Vec<Cell>, BrailleError> {
    let code = ChessCode::get();
    let mut pos = f.start.clone();
    let mut last: Option<(u32, Color, Vec<Cell>)> = None;
    for &m in f.moves {
        let n = pos.fullmoves().get();
        let who = pos.turn();
        let cells = code.encode_move(&pos, m, f.locale)?;
        pos.play_unchecked(m);
        last = Some((n, who, cells));
    }
    let mut out = Vec::new();
    if let Some((n, who, cells)) = last {
        out.extend(code.number(n));
        out.push(Cell::BLANK);
        if who == Color::Black {
            out.extend(&code.black_first);
        }
        out.extend(cells);
        out.push(Cell::BLANK);
    }
    // Whose turn: w or b (computer Braille), as in FEN.
    out.extend(text_cells(if pos.turn() == Color::White {
        "w"
    } else {
        "b"
    }));
    if let Some((w, b)) = f.clock_ms {
        out.push(Cell::BLANK);
        out.extend(text_cells(&clock_text(w)));
        out.push(Cell::BLANK);
        out.extend(text_cells(&clock_text(b)));
    }
    Ok(out)
}

/// The board as 8 lines, rank 8 first: the rank digit, a blank, then one
/// cell per square from a to h. Pieces are their locale letters (pawn: p),
/// White's with dot 7 added, Black's without; empty squares are dots 3-6
/// on dark squares and blank on light squares.
pub fn board_lines(pos: &Chess, locale: &str) -> Result<Vec<Vec<Cell>>, BrailleError> {
    let code = ChessCode::get();
    let pieces = code.pieces(locale)?;
    let pawn = Cell::from_dots("1234")?;
    let dark = Cell::from_dots("36")?;
    let board = pos.board();
    let mut out = Vec::new();
    for rank in (0..8u32).rev() {
        let mut line = vec![code.digits[rank as usize + 1], Cell::BLANK];
        for file in 0..8u32 {
            let sq = Square::new(rank * 8 + file);
            let cell = match board.piece_at(sq) {
                Some(p) => {
                    let base = match p.role {
                        Role::King => pieces[0].first(),
                        Role::Queen => pieces[1].first(),
                        Role::Rook => pieces[2].first(),
                        Role::Bishop => pieces[3].first(),
                        Role::Knight => pieces[4].first(),
                        Role::Pawn => Some(&pawn),
                    }
                    .copied()
                    .unwrap_or(pawn);
                    if p.color == Color::White {
                        Cell(base.0 | 0x40)
                    } else {
                        base
                    }
                }
                None if sq.is_dark() => dark,
                None => Cell::BLANK,
            };
            line.push(cell);
        }
        out.push(line);
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::braille::cell::to_unicode;
    use crate::braille::code::parse_move;

    fn game(sans: &[&str]) -> Vec<shakmaty::Move> {
        let mut p = Chess::default();
        sans.iter()
            .map(|s| {
                let m = parse_move(&p, s).unwrap();
                p.play_unchecked(m);
                m
            })
            .collect()
    }

    #[test]
    fn status_fits_every_display_size() {
        let start = Chess::default();
        let moves = game(&["e4", "e5", "Nf3"]);
        let f = Facts {
            start: &start,
            moves: &moves,
            clock_ms: Some((5_400_000, 3_599_000)),
            locale: "de",
        };
        for w in [20, 32, 40, 80] {
            let v = View::new(w);
            let r = v.render(&f).unwrap();
            assert_eq!(r.len(), w);
        }
        let line = status_line(&f).unwrap();
        assert_eq!(to_unicode(&line), "⠆⠀⠎⠋⠒⠀⠃⠀⠂⠱⠒⠴⠱⠴⠴⠀⠢⠔⠱⠢⠔");
    }

    #[test]
    fn panning_walks_the_move_list_and_the_board() {
        let start = Chess::default();
        let moves = game(&[
            "e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4", "Nf6", "O-O", "Be7",
        ]);
        let f = Facts {
            start: &start,
            moves: &moves,
            clock_ms: None,
            locale: "en",
        };
        let mut v = View::new(20);
        v.show(Page::Moves);
        let first = v.render(&f).unwrap();
        assert_eq!(to_unicode(&first[..9]), "⠂⠀⠑⠲⠀⠑⠢⠀⠀");
        assert!(v.pan_right(&f).unwrap());
        let second = v.render(&f).unwrap();
        assert_ne!(first, second);
        assert!(v.pan_left(&f).unwrap());
        assert_eq!(v.render(&f).unwrap(), first);
        assert!(!v.pan_left(&f).unwrap());

        v.show(Page::Board);
        let rank8 = v.render(&f).unwrap();
        assert_eq!(to_unicode(&rank8[..10]), "⠦⠀⠗⠤⠃⠟⠅⠤⠀⠗");
        for _ in 0..7 {
            assert!(v.pan_right(&f).unwrap());
        }
        let rank1 = v.render(&f).unwrap();
        assert_eq!(rank1[0], Cell::from_dots("2").unwrap());
        assert!(!v.pan_right(&f).unwrap());
    }
}
