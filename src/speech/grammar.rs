//! JSGF grammars built from the phrases of the current legal moves.

use super::recognizer::SpeechError;
use std::collections::BTreeSet;

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
