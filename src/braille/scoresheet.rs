//! The Braille scoresheet (FIDE Laws 2023, D.2.7): a header (players, event,
//! date, result) and one move pair per line with its move number, as BRF
//! pages for an embosser and as Unicode Braille text.

use shakmaty::{Chess, Color, Move, Position};

use super::BrailleError;
use super::brf;
use super::cell::{Cell, to_unicode};
use super::code::ChessCode;

/// A game as the scoresheet needs it.
#[derive(Debug, Clone)]
pub struct ScoreGame {
    /// PGN tags in file order.
    pub tags: Vec<(String, String)>,
    /// The position the game starts from.
    pub start: Chess,
    /// The moves of the main line, each legal in turn.
    pub moves: Vec<Move>,
    /// "1-0", "0-1", "1/2-1/2" or "*".
    pub result: String,
    /// The half-moves (1 = the first) after which a draw was offered:
    /// 8.1.5, 9.1.2.2 (2023) and 9.1(b) (2009, 2005): the offer is marked
    /// (=) on the scoresheet. Read from the PGN's `{(=)}` comments.
    pub offers: Vec<usize>,
}

impl ScoreGame {
    fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(k, _)| k.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }
}

/// The scoresheet's mark of a draw offer after the move it came with
/// (8.1.5; Appendix C's symbol), written cell for cell as in BRF.
pub const DRAW_OFFER: &str = "(=)";

/// Page layout of a BRF scoresheet.
#[derive(Debug, Clone)]
pub struct Layout {
    /// Cells per line (40 on most embossers).
    pub width: usize,
    /// Lines per page (25 on most embossers).
    pub lines_per_page: usize,
    /// Line end (CR LF).
    pub line_end: String,
    /// Between pages (form feed).
    pub page_break: String,
}

impl Default for Layout {
    fn default() -> Self {
        Layout {
            width: 40,
            lines_per_page: 25,
            line_end: "\r\n".to_string(),
            page_break: "\u{0C}".to_string(),
        }
    }
}

/// The scoresheet as lines of cells, each at most `width` cells long.
pub fn lines(game: &ScoreGame, locale: &str, width: usize) -> Result<Vec<Vec<Cell>>, BrailleError> {
    let code = ChessCode::get();
    let labels = code.header(locale)?;
    let width = width.max(8);
    let mut out: Vec<Vec<Cell>> = Vec::new();
    let mut header = |label: &str, value: Option<&str>| {
        if let Some(v) = value.filter(|v| !v.is_empty() && *v != "?" && *v != "????.??.??") {
            push_wrapped(&mut out, brf::text_cells(&format!("{label}: {v}")), width);
        }
    };
    header(&labels.white, game.tag("White"));
    header(&labels.black, game.tag("Black"));
    header(&labels.event, game.tag("Event"));
    header(&labels.date, game.tag("Date"));
    header(&labels.result, Some(game.result.as_str()));
    out.push(Vec::new());

    let mut pos = game.start.clone();
    let mut white_part: Option<Vec<Cell>> = None;
    for (i, &m) in game.moves.iter().enumerate() {
        let number = pos.fullmoves().get();
        let mover = pos.turn();
        let mut cells = code.encode_move(&pos, m, locale)?;
        if game.offers.contains(&(i + 1)) {
            cells.extend(&code.space);
            cells.extend(brf::text_cells(DRAW_OFFER));
        }
        pos.play_unchecked(m);
        match mover {
            Color::White => {
                let mut l = code.number(number);
                l.extend(&code.space);
                l.extend(cells);
                white_part = Some(l);
            }
            Color::Black => {
                let (mut l, first) = match white_part.take() {
                    Some(l) => (l, false),
                    None => {
                        let mut l = code.number(number);
                        l.extend(&code.space);
                        l.extend(&code.black_first);
                        (l, true)
                    }
                };
                if first {
                    l.extend(cells);
                    push_wrapped(&mut out, l, width);
                } else if l.len() + code.space.len() + cells.len() <= width {
                    l.extend(&code.space);
                    l.extend(cells);
                    push_wrapped(&mut out, l, width);
                } else {
                    push_wrapped(&mut out, l, width);
                    let mut cont = code.space.clone();
                    cont.extend(&code.space);
                    cont.extend(cells);
                    push_wrapped(&mut out, cont, width);
                }
            }
        }
    }
    if let Some(l) = white_part.take() {
        push_wrapped(&mut out, l, width);
    }
    Ok(out)
}

/// Adds a line, cutting it at spaces (or hard, if a word is too long) so no
/// line is longer than `width`. Trailing blanks are dropped.
fn push_wrapped(out: &mut Vec<Vec<Cell>>, mut cells: Vec<Cell>, width: usize) {
    loop {
        while cells.last() == Some(&Cell::BLANK) {
            cells.pop();
        }
        if cells.len() <= width {
            out.push(cells);
            return;
        }
        let cut = cells[..=width]
            .iter()
            .rposition(|&c| c == Cell::BLANK)
            .filter(|&i| i > 0)
            .unwrap_or(width);
        let rest = cells.split_off(cut);
        let mut head = cells;
        while head.last() == Some(&Cell::BLANK) {
            head.pop();
        }
        out.push(head);
        cells = rest.into_iter().skip_while(|&c| c == Cell::BLANK).collect();
        if cells.is_empty() {
            return;
        }
    }
}

/// The scoresheet as BRF pages.
pub fn to_brf(lines: &[Vec<Cell>], layout: &Layout) -> Result<String, BrailleError> {
    let per_page = layout.lines_per_page.max(1);
    let mut out = String::new();
    for (i, line) in lines.iter().enumerate() {
        if i > 0 && i % per_page == 0 {
            out.push_str(&layout.page_break);
        }
        out.push_str(&brf::encode(line)?);
        out.push_str(&layout.line_end);
    }
    Ok(out)
}

/// The scoresheet as Unicode Braille text, one line per line, blank cells as
/// U+2800.
pub fn to_unicode_text(lines: &[Vec<Cell>]) -> String {
    let mut out = String::new();
    for line in lines {
        out.push_str(&to_unicode(line));
        out.push('\n');
    }
    out
}

/// Reads the first game of a PGN text (main line only) with hector's PGN
/// reader.
pub fn read_pgn(text: &str) -> Result<ScoreGame, BrailleError> {
    let games = crate::rules::pgn::read_pgn(text).map_err(|e| BrailleError::Pgn(e.to_string()))?;
    let first = games
        .into_iter()
        .next()
        .ok_or_else(|| BrailleError::Pgn("the file holds no game".to_string()))?;
    Ok(ScoreGame::from(&first))
}

impl From<&crate::rules::pgn::PgnGame> for ScoreGame {
    fn from(g: &crate::rules::pgn::PgnGame) -> Self {
        ScoreGame {
            tags: g.tags.clone(),
            start: g.game.start().clone(),
            moves: g.game.moves().to_vec(),
            result: g.result.clone(),
            offers: (1..=g.game.moves().len())
                .filter(|&ply| g.game.comment(ply).is_some_and(|c| c.contains(DRAW_OFFER)))
                .collect(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const GAME: &str = "[Event \"Club\"]\n[Date \"2024.03.01\"]\n[White \"Anna\"]\n[Black \"Bert\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n";

    #[test]
    fn lines_hold_header_and_move_pairs() {
        let g = read_pgn(GAME).unwrap();
        let l = lines(&g, "en", 40).unwrap();
        let text = to_unicode_text(&l);
        let rows: Vec<&str> = text.lines().collect();
        assert_eq!(rows[0], "⠺⠓⠊⠞⠑⠱⠀⠁⠝⠝⠁");
        assert_eq!(rows[5], "");
        assert_eq!(rows[6], "⠂⠀⠑⠲⠀⠑⠢");
        assert_eq!(rows[7], "⠆⠀⠟⠓⠢⠀⠎⠉⠖");
        assert_eq!(rows[9], "⠲⠀⠟⠭⠋⠶⠜⠏⠜⠏");
        assert_eq!(rows.len(), 10);
    }

    #[test]
    fn brf_pages_break_with_form_feed() {
        let g = read_pgn(GAME).unwrap();
        let l = lines(&g, "en", 40).unwrap();
        let layout = Layout {
            lines_per_page: 4,
            ..Layout::default()
        };
        let brf = to_brf(&l, &layout).unwrap();
        assert_eq!(brf.matches('\u{0C}').count(), 2);
        assert!(brf.starts_with("WHITE: ANNA\r\n"));
        assert!(brf.contains("1 E4 E5\r\n"));
        assert!(brf.ends_with("4 QXF7>P>P\r\n"));
    }

    #[test]
    fn black_first_and_narrow_lines() {
        let pgn = "[FEN \"4k3/8/8/8/8/8/8/4K2R b K - 0 7\"]\n\n7... Kd7 8. O-O Kc6 *\n";
        let g = read_pgn(pgn).unwrap();
        let l = lines(&g, "de", 40).unwrap();
        let t = to_unicode_text(&l);
        assert!(t.contains("⠶⠀⠤⠅⠙⠶\n"), "{t}");
        assert!(t.contains("⠦⠀⠴⠤⠴⠀⠅⠉⠖\n"), "{t}");
        let narrow = lines(&g, "de", 8).unwrap();
        assert!(narrow.iter().all(|l| l.len() <= 8));
    }

    #[test]
    fn a_draw_offer_is_marked_after_its_move() {
        // 8.1.5: White offered with 2. Qh5, Black with 3... Nf6.
        let pgn = "[White \"Anna\"]\n\n1. e4 e5 2. Qh5 {(=)} Nc6 3. Bc4 Nf6 {(=)} 4. Qxf7# 1-0\n";
        let g = read_pgn(pgn).unwrap();
        assert_eq!(g.offers, vec![3, 6]);
        let l = lines(&g, "en", 40).unwrap();
        let brf = to_brf(&l, &Layout::default()).unwrap();
        assert!(brf.contains("\r\n2 QH5 (=) SC6\r\n"), "{brf}");
        assert!(brf.contains("\r\n3 BC4 SF6 (=)\r\n"), "{brf}");
        assert_eq!(brf.matches("(=)").count(), 2, "{brf}");
        let text = to_unicode_text(&l);
        assert_eq!(text.matches("⠷⠿⠾").count(), 2, "{text}");
        // Without offers nothing is marked.
        let plain = lines(&read_pgn(GAME).unwrap(), "en", 40).unwrap();
        assert!(!to_brf(&plain, &Layout::default()).unwrap().contains('='));
    }

    #[test]
    fn bad_pgn_is_an_error() {
        assert!(read_pgn("1. e4 e4 *").is_err());
        assert!(read_pgn("").is_err());
        assert!(read_pgn("[FEN \"nonsense\"]\n\n*").is_err());
    }
}
