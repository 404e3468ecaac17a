//! The words a locale hears, mapped to what they mean in a move.

use std::collections::HashMap;

use shakmaty::{CastlingSide, File, Rank, Role};

use super::{LocaleFile, fold};

/// What a heard word (or group of words) means.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Meaning {
    File(File),
    Rank(Rank),
    Piece(Role),
    Castle(CastlingSide),
    Capture,
    Check,
    Checkmate,
    EnPassant,
    Promotion,
    Yes,
    No,
    Filler,
}

/// Folded word sequences and their meanings. Longer sequences win
/// ("Kurze Rochade" before "Kurze"), and a locale's own words win over the
/// words it accepts from other locales.
#[derive(Debug, Default)]
pub struct Lexicon {
    entries: HashMap<Vec<String>, Meaning>,
    longest: usize,
}

fn words_of(text: &str) -> Vec<String> {
    text.split_whitespace().map(fold).collect()
}

impl Lexicon {
    fn insert(&mut self, text: &str, meaning: Meaning, own: bool) -> Result<(), String> {
        let key = words_of(text);
        if key.is_empty() {
            return Err(format!("an empty word stands for {meaning:?}"));
        }
        match self.entries.get(&key) {
            Some(m) if *m == meaning => {}
            Some(m) if own => {
                // Two meanings for one word within one locale's own list
                // would make hearing ambiguous.
                if *m != Meaning::Filler {
                    return Err(format!("'{text}' means both {m:?} and {meaning:?}"));
                }
                self.entries.insert(key, meaning);
            }
            Some(_) => {} // the locale's own meaning stays
            None => {
                self.longest = self.longest.max(key.len());
                self.entries.insert(key, meaning);
            }
        }
        Ok(())
    }

    pub(super) fn add_locale(&mut self, f: &LocaleFile, own: bool) -> Result<(), String> {
        let w = &f.words;
        for (i, name) in w.files.iter().enumerate() {
            self.insert(name, Meaning::File(File::new(i as u32)), own)?;
        }
        for (i, name) in w.ranks.iter().enumerate() {
            self.insert(name, Meaning::Rank(Rank::new(i as u32)), own)?;
        }
        let pieces = [
            (&w.king, Role::King),
            (&w.queen, Role::Queen),
            (&w.rook, Role::Rook),
            (&w.bishop, Role::Bishop),
            (&w.knight, Role::Knight),
            (&w.pawn, Role::Pawn),
        ];
        for (name, role) in pieces {
            self.insert(name, Meaning::Piece(role), own)?;
        }
        self.insert(
            &w.short_castling,
            Meaning::Castle(CastlingSide::KingSide),
            own,
        )?;
        self.insert(
            &w.long_castling,
            Meaning::Castle(CastlingSide::QueenSide),
            own,
        )?;
        self.insert(&w.capture, Meaning::Capture, own)?;
        self.insert(&w.check, Meaning::Check, own)?;
        self.insert(&w.checkmate, Meaning::Checkmate, own)?;
        self.insert(&w.en_passant, Meaning::EnPassant, own)?;
        self.insert(&w.promotion, Meaning::Promotion, own)?;
        let mut keys: Vec<&String> = f.accept.keys().collect();
        keys.sort();
        for key in keys {
            let meaning =
                meaning_of_key(key).ok_or_else(|| format!("unknown [accept] key '{key}'"))?;
            for text in &f.accept[key] {
                self.insert(text, meaning, own)?;
            }
        }
        for text in &f.fillers.words {
            self.insert(text, Meaning::Filler, false)?;
        }
        Ok(())
    }

    /// The meaning of a folded word sequence, if known.
    pub fn get(&self, words: &[String]) -> Option<Meaning> {
        self.entries.get(words).copied()
    }

    /// The most words one entry has.
    pub fn longest(&self) -> usize {
        self.longest
    }

    /// Every single folded word that appears in some entry, sorted.
    pub fn words(&self) -> Vec<String> {
        let mut v: Vec<String> = self.entries.keys().flatten().cloned().collect();
        v.sort();
        v.dedup();
        v
    }

    /// Every entry (folded words joined by a space) with its meaning, sorted.
    pub fn entries(&self) -> Vec<(String, Meaning)> {
        let mut v: Vec<(String, Meaning)> = self
            .entries
            .iter()
            .map(|(k, m)| (k.join(" "), *m))
            .collect();
        v.sort_by(|a, b| a.0.cmp(&b.0));
        v
    }
}

fn meaning_of_key(key: &str) -> Option<Meaning> {
    if let Some(f) = key.strip_prefix("file_") {
        let c = f.chars().next()?;
        return ('a'..='h')
            .contains(&c)
            .then(|| Meaning::File(File::new(c as u32 - 'a' as u32)));
    }
    if let Some(r) = key.strip_prefix("rank_") {
        let n: u32 = r.parse().ok()?;
        return (1..=8)
            .contains(&n)
            .then(|| Meaning::Rank(Rank::new(n - 1)));
    }
    Some(match key {
        "king" => Meaning::Piece(Role::King),
        "queen" => Meaning::Piece(Role::Queen),
        "rook" => Meaning::Piece(Role::Rook),
        "bishop" => Meaning::Piece(Role::Bishop),
        "knight" => Meaning::Piece(Role::Knight),
        "pawn" => Meaning::Piece(Role::Pawn),
        "short_castling" => Meaning::Castle(CastlingSide::KingSide),
        "long_castling" => Meaning::Castle(CastlingSide::QueenSide),
        "capture" => Meaning::Capture,
        "check" => Meaning::Check,
        "checkmate" => Meaning::Checkmate,
        "en_passant" => Meaning::EnPassant,
        "promotion" => Meaning::Promotion,
        "yes" => Meaning::Yes,
        "no" => Meaning::No,
        _ => return None,
    })
}
