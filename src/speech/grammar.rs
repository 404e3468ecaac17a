//! JSGF grammars built from the phrases of the current legal moves.

use super::recognizer::SpeechError;
use std::collections::{BTreeSet, HashMap, HashSet};

/// The phrases that are whole once said: no longer phrase goes on from
/// them to mean something else. When the words heard so far are one of
/// these, the player has finished ("Springer Felix drei"; "Dame Hector
/// acht" when "Dame Hector acht Schach" is the same move), while "Bauer
/// Echo zwei" may still go on to "Echo vier" — so a shorter silence may end
/// the utterance.
#[derive(Debug, Clone, Default)]
pub struct WholePhrases {
    whole: HashSet<String>,
}

impl WholePhrases {
    /// Each phrase its own meaning: whole when no longer phrase goes on
    /// from it.
    pub fn new(phrases: &[String]) -> WholePhrases {
        let own: Vec<(&str, &str)> = phrases.iter().map(|p| (p.as_str(), p.as_str())).collect();
        WholePhrases::with_meanings(&own)
    }

    /// `(meaning, phrase)` pairs (a phrase may have several meanings):
    /// a phrase is whole when every longer phrase going on from it means
    /// exactly what it means (a check word after a move).
    pub fn with_meanings<M: PartialEq + Clone>(phrases: &[(M, impl AsRef<str>)]) -> WholePhrases {
        let mut meanings: HashMap<String, Vec<M>> = HashMap::new();
        for (m, p) in phrases {
            let p = p.as_ref().split_whitespace().collect::<Vec<_>>().join(" ");
            if p.is_empty() {
                continue;
            }
            let v = meanings.entry(p).or_default();
            if !v.contains(m) {
                v.push(m.clone());
            }
        }
        let same = |a: &[M], b: &[M]| a.len() == b.len() && a.iter().all(|x| b.contains(x));
        // Prefixes from which a phrase goes on to mean something else.
        let mut open: HashSet<String> = HashSet::new();
        for (p, m) in &meanings {
            let w: Vec<&str> = p.split(' ').collect();
            for k in 1..w.len() {
                let prefix = w[..k].join(" ");
                if meanings.get(&prefix).is_none_or(|pm| !same(pm, m)) {
                    open.insert(prefix);
                }
            }
        }
        WholePhrases {
            whole: meanings.into_keys().filter(|p| !open.contains(p)).collect(),
        }
    }

    /// Whether `words` (as the recogniser spells them) is a whole phrase.
    pub fn contains(&self, words: &str) -> bool {
        self.whole.contains(words)
    }

    /// Streaming: whether what `rec` has heard so far is a whole phrase.
    pub fn heard(&self, rec: &mut dyn super::Recognizer) -> bool {
        rec.partial().is_some_and(|p| self.contains(&p))
    }
}

/// Every distinct word of `phrases`, sorted.
pub fn words(phrases: &[String]) -> Vec<String> {
    let set: BTreeSet<&str> = phrases.iter().flat_map(|p| p.split_whitespace()).collect();
    set.into_iter().map(str::to_string).collect()
}

/// Characters that have a meaning in JSGF and so cannot appear in a word.
const JSGF_SPECIAL: &[char] = &[
    ';', '=', '|', '*', '+', '<', '>', '(', ')', '[', ']', '{', '}', '/', '"', '\\', '#',
];

/// A JSGF grammar accepting exactly `phrases` (each a sequence of words).
/// Duplicates are dropped; an empty list or a word with JSGF syntax in it is
/// an error.
pub fn jsgf(phrases: &[String]) -> Result<String, SpeechError> {
    let mut alts: BTreeSet<String> = BTreeSet::new();
    for p in phrases {
        let norm = p.split_whitespace().collect::<Vec<_>>().join(" ");
        if norm.is_empty() {
            continue;
        }
        if let Some(c) = norm.chars().find(|c| JSGF_SPECIAL.contains(c)) {
            return Err(SpeechError::Grammar(format!(
                "the phrase '{norm}' contains '{c}', which a grammar cannot hold"
            )));
        }
        alts.insert(norm);
    }
    if alts.is_empty() {
        return Err(SpeechError::Grammar(
            "there are no phrases to listen for (no legal moves)".into(),
        ));
    }
    let body = alts.into_iter().collect::<Vec<_>>().join("\n    | ");
    Ok(format!(
        "#JSGF V1.0;\ngrammar hector;\npublic <move> = {body}\n    ;\n"
    ))
}

/// A JSGF grammar accepting `phrases` or, with weight `other_weight`
/// beside them, any sequence of the `others` words (one per phone: the
/// path for speech that is none of the phrases).
pub fn jsgf_with_other(
    phrases: &[String],
    others: &[String],
    other_weight: f64,
) -> Result<String, SpeechError> {
    let base = jsgf(phrases)?;
    let body = base
        .split_once("public <move> = ")
        .map(|(_, b)| b)
        .unwrap_or_default();
    if others.is_empty() || other_weight <= 0.0 {
        return Ok(base);
    }
    let loop_words = others.join(" | ");
    Ok(format!(
        "#JSGF V1.0;\ngrammar hector;\npublic <utt> = /1/ <move> | /{other_weight}/ <other>;\n<move> = {body}<other> = <phone> <phone> <phone>*;\n<phone> = {loop_words};\n"
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn grammar_lists_each_phrase_once() {
        let p = vec![
            "springer felix drei".to_string(),
            "springer  felix drei".to_string(),
            "eva vier".to_string(),
        ];
        let g = jsgf(&p).unwrap();
        assert!(g.starts_with("#JSGF V1.0;"));
        assert_eq!(g.matches("springer felix drei").count(), 1);
        assert!(g.contains("| springer felix drei") || g.contains("= eva vier"));
        assert_eq!(words(&p), vec!["drei", "eva", "felix", "springer", "vier"]);
    }

    #[test]
    fn bad_phrases_are_refused() {
        assert!(jsgf(&[]).is_err());
        assert!(jsgf(&["a | b".to_string()]).is_err());
    }
}

#[cfg(test)]
mod whole_tests {
    use super::WholePhrases;

    #[test]
    fn a_phrase_another_goes_on_from_is_not_whole() {
        let p: Vec<String> = [
            "springer felix drei",
            "bauer echo vier",
            "bauer echo zwei echo vier",
            "zeit",
            "zeit  gegner",
        ]
        .iter()
        .map(|s| s.to_string())
        .collect();
        let w = WholePhrases::new(&p);
        assert!(w.contains("springer felix drei"));
        assert!(w.contains("bauer echo vier"));
        assert!(w.contains("bauer echo zwei echo vier"));
        assert!(w.contains("zeit gegner"));
        // "zeit" goes on to "zeit gegner"; "bauer echo zwei" is no phrase.
        assert!(!w.contains("zeit"));
        assert!(!w.contains("bauer echo zwei"));
        assert!(!w.contains("springer felix"));
        assert!(!w.contains("<other>"));
        // The same move with a check word after it: "dame hector acht" is
        // whole when both mean the move, not when the longer one is another.
        let m = [
            ("Qh8", "dame hector acht"),
            ("Qh8", "dame hector acht schach"),
            ("Rd1", "turm david eins"),
            ("Ra1d1", "turm david eins anna eins"),
            ("Rd1", "turm david eins schach"),
        ];
        let w = WholePhrases::with_meanings(&m);
        assert!(w.contains("dame hector acht"));
        assert!(w.contains("dame hector acht schach"));
        assert!(!w.contains("turm david eins"));
        assert!(w.contains("turm david eins anna eins"));
    }
}
