//! Fix guidance: what a player must do, square by square, to bring his
//! board to the position the scoresheets give (FIDE Laws 2023, D.2.9).
//!
//! The guidance is minimal and ordered: pieces that do not belong are
//! removed first, then pieces standing on the wrong square are moved
//! (each to a square that is free by then), then missing pieces are put
//! on. When a board simply lacks the last move or two, the guidance is to
//! make those moves, spoken as Appendix D phrases ("make the move
//! Springer Felix drei"). Wording lives in `locales/<lang>/boards.toml`.

use std::collections::HashMap;
use std::sync::OnceLock;

use serde::Deserialize;
use shakmaty::{Board, Chess, Color, Move, Piece, Role, Square};

use super::{BoardsError, Side};
use crate::clock::{ClockWords, Style};
use crate::locale::Locale;
use crate::notation::phrase::{Form, say};

/// One step of fix guidance for one board.
#[derive(Debug, Clone)]
pub enum Fix {
    /// Take this piece off the board.
    Remove { piece: Piece, from: Square },
    /// Move this piece from one square to another.
    Move {
        piece: Piece,
        from: Square,
        to: Square,
    },
    /// Put this piece (from beside the board) on a square.
    Put { piece: Piece, on: Square },
    /// Make this move, legal in `before`, which the board lacks.
    MakeMove { before: Box<Chess>, mv: Move },
}

impl PartialEq for Fix {
    fn eq(&self, other: &Fix) -> bool {
        use Fix::*;
        match (self, other) {
            (Remove { piece: a, from: b }, Remove { piece: c, from: d }) => a == c && b == d,
            (Put { piece: a, on: b }, Put { piece: c, on: d }) => a == c && b == d,
            (
                Move {
                    piece: a,
                    from: b,
                    to: c,
                },
                Move {
                    piece: d,
                    from: e,
                    to: f,
                },
            ) => a == d && b == e && c == f,
            (MakeMove { mv: a, .. }, MakeMove { mv: b, .. }) => a == b,
            _ => false,
        }
    }
}

/// How squares are named in guidance.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum SquareStyle {
    /// Written, as on a scoresheet: `f3` (Greek `ζ3`).
    #[default]
    Written,
    /// Spoken, as in D.2.1: `Felix drei`.
    Spoken,
}

fn distance(a: Square, b: Square) -> u32 {
    let df = (i32::from(a.file()) - i32::from(b.file())).unsigned_abs();
    let dr = (i32::from(a.rank()) - i32::from(b.rank())).unsigned_abs();
    df * df + dr * dr
}

/// The fewest steps that turn `board` into `target`: removals, then
/// moves in an order where each goes to a free square, then puts. A
/// misplaced piece is paired with the nearest missing piece of the same
/// kind and colour; a piece of the wrong kind on a square is removed and
/// the right one put there (promotion to the wrong piece).
pub fn square_fixes(board: &Board, target: &Board) -> Vec<Fix> {
    let mut extra: Vec<(Piece, Square)> = Vec::new();
    let mut missing: Vec<(Piece, Square)> = Vec::new();
    for sq in Square::ALL {
        let (b, t) = (board.piece_at(sq), target.piece_at(sq));
        if b == t {
            continue;
        }
        if let Some(p) = b {
            extra.push((p, sq));
        }
        if let Some(p) = t {
            missing.push((p, sq));
        }
    }
    // Pair each kind's extras with its missing squares, nearest first.
    let mut moves: Vec<(Piece, Square, Square)> = Vec::new();
    loop {
        let mut best: Option<(u32, usize, usize)> = None;
        for (i, (pe, se)) in extra.iter().enumerate() {
            for (j, (pm, sm)) in missing.iter().enumerate() {
                if pe != pm {
                    continue;
                }
                let d = distance(*se, *sm);
                if best.is_none_or(|(bd, _, _)| d < bd) {
                    best = Some((d, i, j));
                }
            }
        }
        let Some((_, i, j)) = best else { break };
        let (p, from) = extra.remove(i);
        let (_, to) = missing.remove(j);
        moves.push((p, from, to));
    }
    moves.sort_by_key(|(_, from, _)| *from);
    let mut out = Vec::new();
    let mut work = board.clone();
    for (p, sq) in &extra {
        out.push(Fix::Remove {
            piece: *p,
            from: *sq,
        });
        work.discard_piece_at(*sq);
    }
    let mut puts: Vec<(Piece, Square)> = Vec::new();
    while !moves.is_empty() {
        let ready = moves
            .iter()
            .position(|(_, _, to)| work.piece_at(*to).is_none());
        match ready {
            Some(k) => {
                let (p, from, to) = moves.remove(k);
                work.discard_piece_at(from);
                work.set_piece_at(to, p);
                out.push(Fix::Move { piece: p, from, to });
            }
            None => {
                // A cycle of misplaced pieces: lift one off, put it on last.
                let (p, from, to) = moves.remove(0);
                work.discard_piece_at(from);
                out.push(Fix::Remove { piece: p, from });
                puts.push((p, to));
            }
        }
    }
    missing.extend(puts);
    for (p, sq) in missing {
        out.push(Fix::Put { piece: p, on: sq });
    }
    out
}

/// Fix guidance to bring `board` to `positions[n]`, where `positions` and
/// `moves` are a line of play (`positions[k]` after `k` moves). If the
/// board stands one or two moves behind the line, the guidance is to make
/// those moves; otherwise it goes square by square.
pub fn line_fixes(board: &Board, positions: &[Chess], moves: &[Move], n: usize) -> Vec<Fix> {
    use shakmaty::Position;
    let Some(target) = positions.get(n) else {
        return Vec::new();
    };
    if board == target.board() {
        return Vec::new();
    }
    for behind in 1..=2usize {
        if behind > n {
            break;
        }
        let k = n - behind;
        if positions[k].board() == board {
            return (k..n)
                .map(|i| Fix::MakeMove {
                    before: Box::new(positions[i].clone()),
                    mv: moves[i],
                })
                .collect();
        }
    }
    square_fixes(board, target.board())
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Pieces {
    white: Vec<String>,
    black: Vec<String>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct File {
    code: String,
    pieces: Pieces,
    fixes: HashMap<String, String>,
    report: HashMap<String, String>,
    adjourn: HashMap<String, String>,
}

/// Keys every `boards.toml` must have, per table.
const FIX_KEYS: [&str; 6] = ["remove", "put", "move", "make_move", "nothing", "board"];
const REPORT_KEYS: [&str; 9] = [
    "in_order",
    "correct_board",
    "retrace",
    "clock",
    "unreadable",
    "blind",
    "sighted",
    "and",
    "boards_differ",
];
const ADJOURN_KEYS: [&str; 10] = [
    "sealed",
    "opened",
    "not_present",
    "tampered",
    "sealed_move_loses",
    "resumed",
    "ended_draw",
    "ended_resigned",
    "early",
    "envelope",
];

/// The wording of fix guidance and reconciliation reports in one locale.
#[derive(Debug)]
pub struct FixWords {
    code: &'static str,
    file: File,
}

static LOADED: OnceLock<Vec<Result<FixWords, String>>> = OnceLock::new();

fn fill(template: &str, vars: &[(&str, &str)]) -> String {
    let mut out = template.to_string();
    for (k, v) in vars {
        out = out.replace(&format!("{{{k}}}"), v);
    }
    out
}

fn role_index(r: Role) -> usize {
    match r {
        Role::King => 0,
        Role::Queen => 1,
        Role::Rook => 2,
        Role::Bishop => 3,
        Role::Knight => 4,
        Role::Pawn => 5,
    }
}

impl FixWords {
    /// The wording of locale `code` (`de`, `en`, `pl`, `sr`, `el`).
    pub fn get(code: &str) -> Result<&'static FixWords, BoardsError> {
        let all = LOADED.get_or_init(|| {
            crate::locale::CODES
                .iter()
                .map(|c| {
                    crate::locale::source(c, crate::locale::Part::Boards)
                        .map_err(|e| e.to_string())
                        .and_then(|src| FixWords::parse(c, src))
                })
                .collect()
        });
        let Some(i) = crate::locale::CODES.iter().position(|c| *c == code) else {
            return Err(BoardsError::Locale(
                code.to_string(),
                "unknown; choose one of de, en, pl, sr, el".into(),
            ));
        };
        all[i]
            .as_ref()
            .map_err(|e| BoardsError::Locale(code.to_string(), e.clone()))
    }

    fn parse(code: &'static str, src: &str) -> Result<FixWords, String> {
        let file: File = toml::from_str(src).map_err(|e| e.to_string())?;
        if file.code != code {
            return Err(format!("the file says code = '{}'", file.code));
        }
        if file.pieces.white.len() != 6 || file.pieces.black.len() != 6 {
            return Err("pieces need six names per colour (K Q R B N P)".into());
        }
        for (table, keys, map) in [
            ("fixes", &FIX_KEYS[..], &file.fixes),
            ("report", &REPORT_KEYS[..], &file.report),
            ("adjourn", &ADJOURN_KEYS[..], &file.adjourn),
        ] {
            for k in keys {
                let fluent = crate::locale::messages::Messages::get(code)
                    .is_ok_and(|m| m.has(&format!("boards-{table}-{k}")));
                if !map.contains_key(*k) && !fluent {
                    return Err(format!(
                        "[{table}] lacks '{k}' (and messages.ftl boards-{table}-{k})"
                    ));
                }
            }
        }
        Ok(FixWords { code, file })
    }

    /// The locale code.
    pub fn code(&self) -> &'static str {
        self.code
    }

    fn locale(&self) -> &'static Locale {
        Locale::get(self.code).unwrap_or_else(|_| Locale::fide())
    }

    /// A piece as the object of a sentence ("the white knight").
    pub fn piece(&self, p: Piece) -> &str {
        let names = match p.color {
            Color::White => &self.file.pieces.white,
            Color::Black => &self.file.pieces.black,
        };
        &names[role_index(p.role)]
    }

    /// A square in the chosen style.
    pub fn square(&self, sq: Square, style: SquareStyle) -> String {
        let loc = self.locale();
        match style {
            SquareStyle::Written => loc.square_name(sq),
            SquareStyle::Spoken => loc.square_words(sq),
        }
    }

    /// The Fluent message `boards-<table>-<key>` of messages.ftl (the
    /// sentences with variables: plurals, agreement), or a sentence
    /// without variables from the table of boards.toml.
    fn text(
        &self,
        name: &str,
        table: &HashMap<String, String>,
        key: &str,
        vars: &[(&str, &str)],
    ) -> String {
        crate::locale::messages::sentence(self.code, &format!("boards-{name}-{key}"), vars)
            .or_else(|| table.get(key).map(|t| fill(t, vars)))
            .unwrap_or_else(|| format!("[{key}]"))
    }

    /// A sentence from `[fixes]`.
    pub fn fix_text(&self, key: &str, vars: &[(&str, &str)]) -> String {
        self.text("fixes", &self.file.fixes, key, vars)
    }

    /// A sentence from `[report]`.
    pub fn report(&self, key: &str, vars: &[(&str, &str)]) -> String {
        self.text("report", &self.file.report, key, vars)
    }

    /// A sentence from `[adjourn]`.
    pub fn adjourn(&self, key: &str, vars: &[(&str, &str)]) -> String {
        self.text("adjourn", &self.file.adjourn, key, vars)
    }

    /// The player whose board it is ("the blind player").
    pub fn side(&self, side: Side) -> String {
        self.report(side.name(), &[])
    }

    /// One fix as a sentence.
    pub fn say(&self, fix: &Fix, style: SquareStyle) -> String {
        let sq = |s: Square| self.square(s, style);
        match fix {
            Fix::Remove { piece, from } => self.fix_text(
                "remove",
                &[("piece", self.piece(*piece)), ("square", &sq(*from))],
            ),
            Fix::Put { piece, on } => self.fix_text(
                "put",
                &[("piece", self.piece(*piece)), ("square", &sq(*on))],
            ),
            Fix::Move { piece, from, to } => self.fix_text(
                "move",
                &[
                    ("piece", self.piece(*piece)),
                    ("from", &sq(*from)),
                    ("to", &sq(*to)),
                ],
            ),
            Fix::MakeMove { before, mv } => {
                let phrase = say(before, *mv, self.locale(), Form::Short);
                self.fix_text("make_move", &[("move", &phrase)])
            }
        }
    }

    /// Every fix as a sentence, in order.
    pub fn say_all(&self, fixes: &[Fix], style: SquareStyle) -> Vec<String> {
        fixes.iter().map(|f| self.say(f, style)).collect()
    }

    /// A duration as the talking clock says it.
    pub fn duration(&self, ms: u64) -> String {
        match ClockWords::get(self.code) {
            Ok(w) => w.duration(ms, Style::Exact),
            Err(_) => format!("{} s", ms / 1000),
        }
    }
}

/// Remembers the guidance last given to each player so that the same
/// guidance is not repeated endlessly: it is given again only when it
/// changes, or when the player asks for it.
#[derive(Debug, Default, Clone)]
pub struct Memo {
    last: HashMap<Side, Vec<String>>,
}

impl Memo {
    /// A memo that has said nothing yet.
    pub fn new() -> Memo {
        Memo::default()
    }

    /// `lines` if they differ from what `side` was last told (and then
    /// remembers them); `None` if the player has heard exactly this.
    pub fn fresh(&mut self, side: Side, lines: Vec<String>) -> Option<Vec<String>> {
        if self.last.get(&side) == Some(&lines) {
            return None;
        }
        self.last.insert(side, lines.clone());
        if lines.is_empty() { None } else { Some(lines) }
    }

    /// What `side` was last told, to repeat on request.
    pub fn last(&self, side: Side) -> &[String] {
        self.last.get(&side).map(Vec::as_slice).unwrap_or(&[])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(fen: &str) -> Board {
        fen.parse().unwrap()
    }

    #[test]
    fn moves_wait_until_their_square_is_free() {
        // The knight on f3 must go to d4 before the bishop can come to f3.
        let b = board("4k3/8/8/8/8/5N2/8/4KB2");
        let t = board("4k3/8/8/8/3N4/5B2/8/4K3");
        let f = square_fixes(&b, &t);
        assert_eq!(f.len(), 2);
        assert!(matches!(
            f[0],
            Fix::Move {
                from: Square::F3,
                to: Square::D4,
                ..
            }
        ));
        assert!(matches!(
            f[1],
            Fix::Move {
                from: Square::F1,
                to: Square::F3,
                ..
            }
        ));
    }

    #[test]
    fn a_swap_lifts_one_piece_and_puts_it_back_last() {
        let b = board("4k3/8/8/8/8/8/8/1NB1K3");
        let t = board("4k3/8/8/8/8/8/8/1BN1K3");
        let f = square_fixes(&b, &t);
        let en = FixWords::get("en").unwrap();
        let said = en.say_all(&f, SquareStyle::Written);
        assert_eq!(said.len(), 3, "{said:?}");
        assert!(
            said[0].contains("Remove") || said[0].contains("remove"),
            "{said:?}"
        );
        let mut work = b.clone();
        for fix in &f {
            match fix {
                Fix::Remove { from, .. } => {
                    work.discard_piece_at(*from);
                }
                Fix::Move { piece, from, to } => {
                    assert!(work.piece_at(*to).is_none());
                    work.discard_piece_at(*from);
                    work.set_piece_at(*to, *piece);
                }
                Fix::Put { piece, on } => {
                    assert!(work.piece_at(*on).is_none());
                    work.set_piece_at(*on, *piece);
                }
                Fix::MakeMove { .. } => unreachable!(),
            }
        }
        assert_eq!(work, t);
    }

    #[test]
    fn memo_does_not_repeat() {
        let mut m = Memo::new();
        let lines = vec!["Put the white knight on f3.".to_string()];
        assert!(m.fresh(Side::Blind, lines.clone()).is_some());
        assert!(m.fresh(Side::Blind, lines.clone()).is_none());
        assert!(m.fresh(Side::Sighted, lines.clone()).is_some());
        assert_eq!(m.last(Side::Blind), lines.as_slice());
        assert!(m.fresh(Side::Blind, vec![]).is_none());
        assert!(m.fresh(Side::Blind, lines).is_some());
    }

    #[test]
    fn every_locale_loads() {
        for code in crate::locale::CODES {
            FixWords::get(code).unwrap();
        }
        assert!(FixWords::get("xx").is_err());
    }
}
