//! Reading written moves (Appendix C) tolerantly: SAN in any supported
//! language, long algebraic (`Sg1-f3`, `e2-e4`), UCI (`g1f3`, `e7e8q`),
//! figurines, `0-0`/`O-O`, captures written `x`, `:` or not at all, `e.p.`,
//! `+`/`#`/`++`, promotion as `e8Q`, `e8=Q`, `e8(Q)` or `e8/Q`.

use shakmaty::{CastlingSide, File, Rank, Role};

use super::pattern::Item;
use crate::locale::{CODES, Locale};

/// The role of a written piece letter or figurine in any supported
/// language. The Latin letter sets do not clash (K; D T L S; H W G S;
/// Q R B N), and Greek letters are their own script.
fn role_of_char(c: char, first: &Locale) -> Option<Role> {
    match c {
        '♔' | '♚' => return Some(Role::King),
        '♕' | '♛' => return Some(Role::Queen),
        '♖' | '♜' => return Some(Role::Rook),
        '♗' | '♝' => return Some(Role::Bishop),
        '♘' | '♞' => return Some(Role::Knight),
        '♙' | '♟' => return Some(Role::Pawn),
        _ => {}
    }
    if let Some(r) = first.role_of_letter(c) {
        return Some(r);
    }
    CODES
        .iter()
        .filter_map(|code| Locale::get(code).ok())
        .find_map(|l| l.role_of_letter(c))
}

fn file_of_char(c: char) -> Option<File> {
    match c {
        'a'..='h' => Some(File::new(c as u32 - 'a' as u32)),
        'α'..='θ' => {
            // Greek file letters α β γ δ ε ζ η θ are consecutive code points.
            Some(File::new(c as u32 - 'α' as u32))
        }
        _ => None,
    }
}

fn castle_of(text: &str) -> Option<CastlingSide> {
    let t: String = text.chars().filter(|c| !c.is_whitespace()).collect();
    let t = t.trim_end_matches(['+', '#', '!', '?']);
    match t {
        "O-O" | "0-0" | "o-o" | "OO" | "00" => Some(CastlingSide::KingSide),
        "O-O-O" | "0-0-0" | "o-o-o" | "OOO" | "000" => Some(CastlingSide::QueenSide),
        _ => None,
    }
}

/// The items of one written token, or `None` if it is not written notation.
pub fn written_items(token: &str, loc: &Locale) -> Option<Vec<Item>> {
    if let Some(side) = castle_of(token) {
        return Some(vec![Item::Castle(side)]);
    }
    let mut t = token.trim();
    if matches!(t, "e.p." | "e.p" | "ep." | "ep") {
        return Some(vec![Item::EnPassant]);
    }
    let mut items = Vec::new();
    let mut en_passant = false;
    for suffix in ["e.p.", "ep.", "e.p", "ep"] {
        if let Some(rest) = t.strip_suffix(suffix)
            && rest
                .chars()
                .last()
                .is_some_and(|c| c.is_ascii_digit() || c.is_whitespace())
        {
            t = rest;
            en_passant = true;
            break;
        }
    }
    let chars: Vec<char> = t.chars().collect();
    let mut any_coord = false;
    for (i, &c) in chars.iter().enumerate() {
        if let Some(f) = file_of_char(c) {
            items.push(Item::File(f));
            any_coord = true;
        } else if let Some(d) = c.to_digit(10) {
            if !(1..=8).contains(&d) {
                return None;
            }
            items.push(Item::Rank(Rank::new(d - 1)));
            any_coord = true;
        } else if let Some(r) = role_of_char(c, loc) {
            items.push(Item::Piece(r));
        } else {
            match c {
                'x' | 'X' | ':' | '×' => items.push(Item::Capture),
                '-' | '–' | '(' | ')' | '/' | '!' | '?' => {}
                '=' => items.push(Item::Promotion),
                '+' | '#' | '‡' => items.push(Item::Check),
                // UCI promotion letter: the last character after a rank.
                'q' | 'r' | 'n'
                    if i + 1 == chars.len() && i > 0 && chars[i - 1].is_ascii_digit() =>
                {
                    items.push(Item::Piece(match c {
                        'q' => Role::Queen,
                        'r' => Role::Rook,
                        _ => Role::Knight,
                    }))
                }
                'k' if i + 1 == chars.len() && i > 0 && chars[i - 1].is_ascii_digit() => {
                    items.push(Item::Piece(Role::King))
                }
                _ => return None,
            }
        }
    }
    // UCI bishop promotion `e7e8b`: a trailing `b` after a rank is not a file.
    if let [.., Item::Rank(_), Item::File(f)] = items[..]
        && f == File::B
        && chars.last() == Some(&'b')
        && items.iter().filter(|i| matches!(i, Item::Rank(_))).count() == 2
    {
        items.pop();
        items.push(Item::Piece(Role::Bishop));
    }
    if en_passant {
        items.push(Item::EnPassant);
    }
    if !any_coord {
        // A lone letter such as `S` or `Q` says nothing about a move.
        return None;
    }
    Some(items)
}
