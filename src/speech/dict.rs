//! hector's pronunciation dictionary (models/pocketsphinx/hector.dict): every
//! vocabulary word of every locale in CMU phones, the phone set of the
//! PocketSphinx en-us acoustic model. German words are spelled as the
//! phrasebook folds them (ä → ae, ö → oe, ü → ue, ß → ss).

use std::collections::BTreeMap;

/// The dictionary text, built into hector so a check needs no file access.
pub const HECTOR_DICT: &str = include_str!("../../models/pocketsphinx/hector.dict");

/// The 39 phones of the CMU dictionary (without stress marks).
pub const CMU_PHONES: &[&str] = &[
    "AA", "AE", "AH", "AO", "AW", "AY", "B", "CH", "D", "DH", "EH", "ER", "EY", "F", "G", "HH",
    "IH", "IY", "JH", "K", "L", "M", "N", "NG", "OW", "OY", "P", "R", "S", "SH", "T", "TH", "UH",
    "UW", "V", "W", "Y", "Z", "ZH",
];

/// Word → its pronunciations (alternates written `word(2)` in the file).
pub fn parse(text: &str) -> BTreeMap<String, Vec<Vec<String>>> {
    let mut out: BTreeMap<String, Vec<Vec<String>>> = BTreeMap::new();
    for line in text.lines() {
        let line = line.trim();
        if line.is_empty() || line.starts_with(";;") {
            continue;
        }
        let mut it = line.split_whitespace();
        let Some(w) = it.next() else { continue };
        let word = match w.find('(') {
            Some(i) => &w[..i],
            None => w,
        };
        out.entry(word.to_string())
            .or_default()
            .push(it.map(str::to_string).collect());
    }
    out
}

/// Words of `vocabulary` that the dictionary lacks.
pub fn missing<'a>(vocabulary: impl IntoIterator<Item = &'a str>) -> Vec<String> {
    let d = parse(HECTOR_DICT);
    vocabulary
        .into_iter()
        .filter(|w| !d.contains_key(*w))
        .map(str::to_string)
        .collect()
}

/// Every word a recogniser may be asked to hear in `locale`: the
/// phrasebook's vocabulary, the read-back answer words and the command
/// phrases, folded.
pub fn vocabulary(locale: &str) -> Vec<String> {
    let mut v = crate::notation::phrase::vocabulary(super::moves::locale(locale));
    if let Ok(w) = super::wording::Wording::get(locale) {
        v.extend(w.answer_words());
    }
    v.extend(super::commands::words(locale));
    let mut v: Vec<String> = v
        .iter()
        .flat_map(|w| {
            super::moves::folded(w)
                .split(' ')
                .map(str::to_string)
                .collect::<Vec<_>>()
        })
        .filter(|w| !w.is_empty())
        .collect();
    v.sort();
    v.dedup();
    v
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_entry_uses_cmu_phones_only() {
        let d = parse(HECTOR_DICT);
        assert!(d.len() > 50);
        for (w, prons) in &d {
            for p in prons {
                assert!(!p.is_empty(), "{w} has an empty pronunciation");
                for ph in p {
                    assert!(CMU_PHONES.contains(&ph.as_str()), "{w}: unknown phone {ph}");
                }
            }
        }
        // Derived from espeak-ng's phonemes (make-dict.py): German "ch" as
        // HH, with K as the alternative reading.
        let has = |w: &str, p: &str| d[w].iter().any(|x| x.join(" ") == p);
        assert!(has("springer", "SH P R IH NG ER"), "{:?}", d["springer"]);
        assert!(has("zwei", "T S V AY"), "{:?}", d["zwei"]);
        assert!(
            has("acht", "AA HH T") && has("acht", "AH K T"),
            "{:?}",
            d["acht"]
        );
    }

    #[test]
    fn the_phrase_words_of_german_and_english_are_all_there() {
        use crate::speech::moves::legal_phrases;
        use shakmaty::Chess;
        for loc in ["de", "en"] {
            let ph: Vec<String> = legal_phrases(&Chess::default(), loc)
                .into_iter()
                .map(|(_, p)| p)
                .collect();
            let words = crate::speech::grammar::words(&ph);
            assert_eq!(
                missing(words.iter().map(String::as_str)),
                Vec::<String>::new()
            );
        }
    }
}
