//! Settling recogniser hypotheses against the legal moves (FIDE Laws 2023,
//! D.2.1): one move → read it back; several → a numbered choice; none → why.

use super::recognizer::Hypothesis;
use shakmaty::Move;

/// At or above this posterior one move, command or answer is clear: read
/// back or carried out. Below it close rivals become a numbered choice,
/// else the player is asked again ([`super::listener::decide`]). Chosen
/// with the acoustic scale ([`super::pocketsphinx::Tuning::scale`]) on the
/// tuning seeds 3 and 4 (1 100 moves): the most moves right with at most
/// about one wrong move read back in 200 (0.9 read back 0.8 %).
pub const CLEAR: f32 = 0.95;

/// What the hypotheses amount to in the current position.
#[derive(Debug, Clone, PartialEq)]
pub enum Settled {
    /// One legal move, with the text it was heard as and the confidence.
    Move {
        mv: Move,
        text: String,
        confidence: f32,
    },
    /// Several legal moves fit (best first); the player chooses by number.
    Ambiguous(Vec<Move>),
    /// Nothing heard fits a legal move: the best text heard (empty when
    /// nothing was heard at all).
    NoMatch(String),
}

fn norm(s: &str) -> String {
    s.split_whitespace()
        .map(str::to_lowercase)
        .collect::<Vec<_>>()
        .join(" ")
}

/// Matches `hyps` (best first) against `phrases` (every phrase of every
/// legal move). The best hypothesis that names a legal move decides; if the
/// phrase it names fits several moves, or a rival hypothesis names another
/// move with nearly the same confidence, the result is a choice.
pub fn settle(hyps: &[Hypothesis], phrases: &[(Move, String)]) -> Settled {
    settle_with(hyps, phrases, |_| Vec::new())
}

/// Like [`settle`], and a hypothesis outside the phrase list (Vosk's bigram
/// model can join grammar words freely) is read by the phrasebook
/// ([`crate::notation::phrase::hear`]) in `pos`.
pub fn settle_in(
    hyps: &[Hypothesis],
    phrases: &[(Move, String)],
    pos: &shakmaty::Chess,
    locale: &str,
) -> Settled {
    use crate::notation::phrase::{Heard, hear};
    let loc = super::moves::locale(locale);
    settle_with(hyps, phrases, |text| match hear(pos, text, loc) {
        Heard::Move(m) => vec![m],
        Heard::Ambiguous(ms) => ms,
        Heard::NoMatch(_) => Vec::new(),
    })
}

fn settle_with(
    hyps: &[Hypothesis],
    phrases: &[(Move, String)],
    fallback: impl Fn(&str) -> Vec<Move>,
) -> Settled {
    if hyps.is_empty() {
        return Settled::NoMatch(String::new());
    }
    let moves_for = |text: &str| -> Vec<Move> {
        let t = norm(text);
        let mut v: Vec<Move> = Vec::new();
        for (m, p) in phrases {
            if norm(p) == t && !v.contains(m) {
                v.push(*m);
            }
        }
        if v.is_empty() {
            v = fallback(&t);
        }
        v
    };
    let mut matched: Vec<(Vec<Move>, &Hypothesis)> = Vec::new();
    for h in hyps {
        let ms = moves_for(&h.text);
        if !ms.is_empty() {
            matched.push((ms, h));
        }
    }
    let Some((first, h)) = matched.first() else {
        return Settled::NoMatch(hyps[0].text.clone());
    };
    if first.len() > 1 {
        return Settled::Ambiguous(first.clone());
    }
    // A rival naming a different move almost as confidently makes it a choice.
    let mut choice = first.clone();
    for (ms, r) in matched.iter().skip(1) {
        if r.confidence >= h.confidence * 0.8 {
            for m in ms {
                if !choice.contains(m) {
                    choice.push(*m);
                }
            }
        }
    }
    if choice.len() > 1 {
        return Settled::Ambiguous(choice);
    }
    Settled::Move {
        mv: first[0],
        text: h.text.clone(),
        confidence: h.confidence,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::speech::moves::legal_phrases;
    use shakmaty::Chess;

    fn hyp(t: &str, c: f32) -> Hypothesis {
        Hypothesis {
            text: t.into(),
            confidence: c,
        }
    }

    #[test]
    fn one_clear_move() {
        let pos = Chess::default();
        let ph = legal_phrases(&pos, "de");
        match settle(&[hyp("springer felix drei", 0.95)], &ph) {
            Settled::Move { mv, .. } => assert_eq!(mv.to().to_string(), "f3"),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn close_rivals_become_a_choice_and_nonsense_is_refused() {
        let pos = Chess::default();
        let ph = legal_phrases(&pos, "de");
        let s = settle(
            &[
                hyp("springer felix drei", 0.5),
                hyp("springer cesar drei", 0.45),
            ],
            &ph,
        );
        assert!(
            matches!(s, Settled::Ambiguous(ref v) if v.len() == 2),
            "{s:?}"
        );
        let s = settle(&[hyp("dame hector acht", 0.9)], &ph);
        assert_eq!(s, Settled::NoMatch("dame hector acht".into()));
        assert_eq!(settle(&[], &ph), Settled::NoMatch(String::new()));
    }

    #[test]
    fn text_outside_the_phrase_list_is_read_by_the_phrasebook() {
        let pos = Chess::default();
        let ph = legal_phrases(&pos, "de");
        // Not a grammar phrase, but the phrasebook reads it.
        let h = [hyp("nach felix drei springer", 0.9)];
        assert_eq!(
            settle(&h, &ph),
            Settled::NoMatch("nach felix drei springer".into())
        );
        match settle_in(&[hyp("springer nach felix drei", 0.9)], &ph, &pos, "de") {
            Settled::Move { mv, .. } => assert_eq!(mv.to().to_string(), "f3"),
            other => panic!("{other:?}"),
        }
    }
}
