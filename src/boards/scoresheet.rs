//! A scoresheet: the moves as one player wrote them, with every correction
//! kept (FIDE Laws 2023, Art. 8.1: each player records his own and his
//! opponent's moves; D.2.7: the visually disabled player keeps score in
//! Braille, longhand or on a recording device).
//!
//! Entries are kept as written, not as moves: a scoresheet may hold a
//! slip of the pen that is not a legal move, and D.2.9 compares what was
//! written. [`Scoresheet::replay`] reads the entries as moves as far as
//! they are legal.

use shakmaty::{Chess, Move, Position};

use super::BoardsError;
use crate::locale::Locale;
use crate::notation::san;

/// One change to a scoresheet, as kept in its history.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Edit {
    /// The half-move written or changed (0 = White's first move of the
    /// game, or the first move recorded from a set-up position).
    pub ply: usize,
    /// What stood there before (`None` for a new entry).
    pub before: Option<String>,
    /// What stands there after (`None` when the entry was struck out).
    pub after: Option<String>,
    /// When (caller's milliseconds).
    pub at_ms: u64,
}

/// A player's scoresheet (Art. 8.1) with its own correction history.
#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Scoresheet {
    entries: Vec<String>,
    history: Vec<Edit>,
}

/// A scoresheet read as moves from a start position.
#[derive(Debug, Clone)]
pub struct Replayed {
    /// The moves read, in order, as far as the entries are legal.
    pub moves: Vec<Move>,
    /// The positions: `positions[k]` stands after `k` half-moves.
    pub positions: Vec<Chess>,
    /// The first entry that is not one legal move, with the reason.
    pub stopped: Option<(usize, String)>,
}

impl Scoresheet {
    /// An empty scoresheet.
    pub fn new() -> Scoresheet {
        Scoresheet::default()
    }

    /// A scoresheet with these entries already written (at time 0).
    pub fn from_entries<S: AsRef<str>>(entries: &[S]) -> Result<Scoresheet, BoardsError> {
        let mut s = Scoresheet::new();
        for e in entries {
            s.record(e.as_ref(), 0)?;
        }
        Ok(s)
    }

    /// The entries as written.
    pub fn entries(&self) -> &[String] {
        &self.entries
    }

    /// Every change, oldest first.
    pub fn history(&self) -> &[Edit] {
        &self.history
    }

    /// How many half-moves are written.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// True when nothing is written.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// Writes the next half-move.
    pub fn record(&mut self, text: &str, at_ms: u64) -> Result<(), BoardsError> {
        let text = clean(text)?;
        self.history.push(Edit {
            ply: self.entries.len(),
            before: None,
            after: Some(text.clone()),
            at_ms,
        });
        self.entries.push(text);
        Ok(())
    }

    /// Overwrites half-move `ply` (0-based); later entries stay.
    pub fn correct(&mut self, ply: usize, text: &str, at_ms: u64) -> Result<(), BoardsError> {
        let text = clean(text)?;
        let len = self.entries.len();
        let Some(slot) = self.entries.get_mut(ply) else {
            return Err(BoardsError::NoEntry { ply: ply + 1, len });
        };
        let before = std::mem::replace(slot, text.clone());
        self.history.push(Edit {
            ply,
            before: Some(before),
            after: Some(text),
            at_ms,
        });
        Ok(())
    }

    /// Strikes out half-move `ply` and every later one (retracing, D.2.9).
    pub fn strike_from(&mut self, ply: usize, at_ms: u64) {
        while self.entries.len() > ply {
            let k = self.entries.len() - 1;
            let before = self.entries.pop();
            self.history.push(Edit {
                ply: k,
                before,
                after: None,
                at_ms,
            });
        }
    }

    /// Reads the entries as moves from `start`, in English or the
    /// locale's SAN (or any form hector reads), until one is not exactly
    /// one legal move.
    pub fn replay(&self, start: &Chess, loc: &Locale) -> Replayed {
        replay_entries(&self.entries, start, loc)
    }
}

/// Reads written half-moves as moves from `start` (see [`Scoresheet::replay`]).
pub fn replay_entries<S: AsRef<str>>(entries: &[S], start: &Chess, loc: &Locale) -> Replayed {
    let mut pos = start.clone();
    let mut out = Replayed {
        moves: Vec::new(),
        positions: vec![pos.clone()],
        stopped: None,
    };
    for (i, e) in entries.iter().enumerate() {
        match read_entry(&pos, e.as_ref(), loc) {
            Ok(m) => {
                pos.play_unchecked(m);
                out.moves.push(m);
                out.positions.push(pos.clone());
            }
            Err(reason) => {
                out.stopped = Some((i, reason));
                break;
            }
        }
    }
    out
}

fn read_entry(pos: &Chess, text: &str, loc: &Locale) -> Result<Move, String> {
    if pos.is_game_over() {
        return Err(format!("'{text}' comes after the end of the game"));
    }
    // English SAN first, exactly as written; then the tolerant reader.
    if let Ok(sp) = text.trim().parse::<shakmaty::san::SanPlus>()
        && let Ok(m) = sp.san.to_move(pos)
    {
        return Ok(m);
    }
    san::read(pos, text, loc).map_err(|e| e.to_string())
}

fn clean(text: &str) -> Result<String, BoardsError> {
    let t = text.trim();
    if t.is_empty() {
        return Err(BoardsError::EmptyEntry);
    }
    Ok(t.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn corrections_are_kept_per_sheet() {
        let mut a = Scoresheet::from_entries(&["e4", "e5", "Nf3"]).unwrap();
        let b = a.clone();
        a.correct(2, "Nc3", 10).unwrap();
        assert_eq!(a.entries(), ["e4", "e5", "Nc3"]);
        assert_eq!(b.entries(), ["e4", "e5", "Nf3"]);
        let last = a.history().last().unwrap();
        assert_eq!(last.before.as_deref(), Some("Nf3"));
        assert_eq!(last.after.as_deref(), Some("Nc3"));
        assert_eq!(a.history().len(), 4);
        assert_eq!(b.history().len(), 3);
        assert!(a.correct(7, "a3", 11).is_err());
        assert!(a.record("  ", 12).is_err());
        a.strike_from(1, 20);
        assert_eq!(a.entries(), ["e4"]);
        assert_eq!(a.history().len(), 6);
    }

    #[test]
    fn replay_stops_at_the_first_unreadable_entry() {
        let en = Locale::get("en").unwrap();
        let s = Scoresheet::from_entries(&["e4", "e5", "Nf5", "Nc6"]).unwrap();
        let r = s.replay(&Chess::default(), en);
        assert_eq!(r.moves.len(), 2);
        assert_eq!(r.positions.len(), 3);
        assert_eq!(r.stopped.as_ref().map(|s| s.0), Some(2));
    }
}
