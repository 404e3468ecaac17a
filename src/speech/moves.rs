//! The spoken phrases of the current legal moves, which the recognisers'
//! grammars are built from (FIDE Laws 2023, D.2.1).

use crate::locale::{Locale, fold};
use crate::notation::phrase::{self, Form};
use shakmaty::san::San;
use shakmaty::{Chess, Move, Position, Role};

/// The locale `code`, falling back to German (the FIDE words) for an
/// unknown code.
pub fn locale(code: &str) -> &'static Locale {
    Locale::get(code).unwrap_or_else(|_| Locale::fide())
}

/// A phrase as the recognisers hear it: folded words (lowercase, umlauts as
/// ae/oe/ue) separated by single spaces.
pub fn folded(phrase: &str) -> String {
    phrase
        .split_whitespace()
        .map(fold)
        .filter(|w| !w.is_empty())
        .collect::<Vec<_>>()
        .join(" ")
}

/// Every phrase of every legal move in `pos` (the phrasebook's
/// [`phrase::all_phrases`]: both forms, the locale's words and the FIDE
/// words), folded for a recogniser grammar. A promotion is also listed
/// without its piece: that phrase is heard, and the piece is asked back
/// (D.2.1), never guessed. Pawn moves are also listed with the pawn word
/// in front.
pub fn legal_phrases(pos: &Chess, locale_code: &str) -> Vec<(Move, String)> {
    let loc = locale(locale_code);
    let mut out: Vec<(Move, String)> = Vec::new();
    let mut push = |m: Move, p: String| {
        if !p.is_empty() && !out.iter().any(|(x, q)| *x == m && *q == p) {
            out.push((m, p));
        }
    };
    for (m, p) in phrase::all_phrases(pos, loc) {
        let f = folded(&p);
        if let Some(role) = m.promotion() {
            for l in [loc, Locale::fide()] {
                let piece = folded(l.piece_word(role));
                let words: Vec<&str> = f.split(' ').collect();
                if let Some(i) = words.iter().rposition(|w| *w == piece) {
                    let without: Vec<&str> = words
                        .iter()
                        .enumerate()
                        .filter(|(j, _)| *j != i)
                        .map(|(_, w)| *w)
                        .collect();
                    push(m, without.join(" "));
                }
            }
        }
        push(m, f);
    }
    // A pawn move may be said with the pawn word first ("Bauer Eva vier").
    let pawns: Vec<(Move, String)> = out
        .iter()
        .filter(|(m, _)| m.role() == Role::Pawn)
        .cloned()
        .collect();
    for (m, p) in pawns {
        for l in [loc, Locale::fide()] {
            let w = folded(l.piece_word(Role::Pawn));
            let with = format!("{w} {p}");
            if !out.iter().any(|(x, q)| *x == m && *q == with) {
                out.push((m, with));
            }
        }
    }
    out
}

/// Why [`position`] could not set a position up.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum PositionError {
    /// The FEN cannot be read or is no legal position.
    #[error(transparent)]
    Fen(crate::rules::RulesError),
    /// Move `n` (from 1) of the list, `token`, is no SAN.
    #[error("'{token}' is not a move in algebraic notation.")]
    Notation { n: usize, token: String },
    /// Move `n` (from 1) of the list, `token`, is not legal there.
    #[error("'{token}' is not a legal move here.")]
    NotLegal { n: usize, token: String },
}

impl PositionError {
    /// The sentence in the console's language (`--locale`): the
    /// `--fen` or the move of `--moves` that cannot be played.
    pub fn sentence(&self) -> String {
        use crate::rules::RulesError as R;
        let loc = crate::front::console::language();
        match self {
            PositionError::Fen(R::BadFen { fen, .. } | R::IllegalPosition { fen, .. }) => {
                loc.game_text("option_fen", &[("value", fen)])
            }
            PositionError::Fen(other) => other.to_string(),
            PositionError::Notation { n, token } | PositionError::NotLegal { n, token } => {
                loc.game_text("option_moves", &[("n", &n.to_string()), ("move", token)])
            }
        }
    }
}

/// The position after `moves` (SAN, space separated; move numbers allowed)
/// from `fen` (else the initial position). `"-"` stands for either absent.
pub fn position(fen: Option<&str>, moves: Option<&str>) -> Result<Chess, PositionError> {
    let mut pos = match fen.filter(|f| *f != "-") {
        Some(f) => {
            crate::rules::position_from_fen(f)
                .map_err(PositionError::Fen)?
                .0
        }
        None => Chess::default(),
    };
    let mut n = 0;
    for tok in moves.unwrap_or("").split_whitespace() {
        if tok == "-" || tok.chars().all(|c| c.is_ascii_digit() || c == '.') {
            continue;
        }
        n += 1;
        let tok = tok.trim_start_matches(|c: char| c.is_ascii_digit() || c == '.');
        let token = tok.to_string();
        let san: San = tok.parse().map_err(|_| PositionError::Notation {
            n,
            token: token.clone(),
        })?;
        let m = san
            .to_move(&pos)
            .map_err(|_| PositionError::NotLegal { n, token })?;
        pos.play_unchecked(m);
    }
    Ok(pos)
}

/// The long phrase of `m` in `pos` ("Springer Gustav eins Felix drei"), as
/// read back to the player.
pub fn say(pos: &Chess, m: Move, locale_code: &str) -> String {
    phrase::say(pos, m, locale(locale_code), Form::Long)
}

/// The word for a piece in `locale`, folded as heard.
pub fn role_word(role: Role, locale_code: &str) -> String {
    folded(locale(locale_code).piece_word(role))
}
