//! A free transcript held against the phrases: how far what an engine
//! would have written itself is from the nearest phrase it was asked to
//! choose among. Talk that is not chess ("my daughter starts school next
//! week") is written as itself and lies far from every move and command;
//! a move, however the engine spells it ("Knight F3.", "Springer f 3"),
//! lies near its phrase — in letters, or in sounds when the engine wrote
//! what it heard in other words ("Ringa ima fünf" for "Springer Eva
//! fünf"). Used by the Whisper engine to reject talk, and by the lab to
//! tune that rejection.

use super::wording::Wording;
use rphonetic::{Cologne, Encoder, Metaphone};

/// The FIDE file names, which every language's phrases may use.
const FILES: [&str; 8] = [
    "anna", "bella", "cesar", "david", "eva", "felix", "gustav", "hector",
];

/// Ranks 2–8 as Roman numerals.
const ROMAN: [&str; 7] = ["ii", "iii", "iv", "v", "vi", "vii", "viii"];

/// Text as the comparison sees it: lower case, punctuation gone, a letter
/// and a digit apart ("f3" → "f 3"), the digits 1–8 spelled as the
/// language's rank words, the FIDE file names as their letters, one
/// space between words.
pub fn normalise(text: &str, lang: &str) -> String {
    words(text, lang, true).join(" ")
}

/// The words of `text` as [`normalise`] makes them, the FIDE file names
/// as letters or (`letters` false) as the names.
fn words(text: &str, lang: &str, letters: bool) -> Vec<String> {
    let numbers = Wording::get(lang).map(|w| w.numbers.clone()).ok();
    let mut spaced = String::with_capacity(text.len() + 8);
    let mut prev: Option<char> = None;
    for c in text.chars().flat_map(char::to_lowercase) {
        let c = if c.is_alphanumeric() { c } else { ' ' };
        if let Some(p) = prev
            && c != ' '
            && p != ' '
            && (p.is_ascii_digit() != c.is_ascii_digit())
        {
            spaced.push(' ');
        }
        // Every digit a word of its own.
        if c.is_ascii_digit() && prev.is_some_and(|p| p.is_ascii_digit()) {
            spaced.push(' ');
        }
        spaced.push(c);
        prev = Some(c);
    }
    spaced
        .split_whitespace()
        .map(|w| {
            if letters && let Some(i) = FILES.iter().position(|f| *f == w) {
                return ((b'a' + i as u8) as char).to_string();
            }
            // A rank written as a Roman numeral ("Felix VI"); "i" stays
            // a word.
            let roman = ROMAN.iter().position(|r| *r == w).map(|i| i + 2);
            match (
                roman.map(Ok).unwrap_or_else(|| w.parse::<usize>()),
                &numbers,
            ) {
                (Ok(d @ 1..=8), Some(n)) => n.get(d - 1).cloned().unwrap_or_else(|| w.to_string()),
                _ => w.to_string(),
            }
        })
        .collect()
}

/// How `text` sounds, as a phonetic code of its words (file names and
/// rank words spelled out): Metaphone in English, Cologne phonetics in
/// German; `None` in languages these codes do not fit.
pub fn sounds(text: &str, lang: &str) -> Option<String> {
    let code = |enc: &dyn Encoder| {
        words(text, lang, false)
            .iter()
            .map(|w| enc.encode(w))
            .collect::<String>()
    };
    match lang {
        "en" => Some(code(&Metaphone::new(None))),
        "de" => Some(code(&Cologne)),
        _ => None,
    }
}

/// The edit distance of `a` and `b` over the longer one's length (in
/// characters).
fn apart(a: &str, b: &str) -> f32 {
    let longer = a.chars().count().max(b.chars().count()).max(1);
    strsim::levenshtein(a, b) as f32 / longer as f32
}

/// A phrase (as the phrasebook folds it) as a person writes it in
/// `lang`: the folded words spelled out (`spoken` in
/// locales/<lang>/voice.toml: "laeufer" → "Läufer"; any other folded word
/// as the language's own files write it, [`Wording::spoken`]: "piec" →
/// "pięć", "ιπποσ" → "ίππος"), the file names capitalised (the FIDE names and the
/// language's own: "Gustaw", "Γκούσταβ"), and in German its nouns (the
/// pieces, Schach, Rochade, Matt).
pub fn written(phrase: &str, lang: &str) -> String {
    const GERMAN_NOUNS: [&str; 9] = [
        "dame", "turm", "läufer", "springer", "könig", "bauer", "schach", "rochade", "matt",
    ];
    let spoken = Wording::get(lang)
        .map(|w| w.spoken(phrase))
        .unwrap_or_else(|_| phrase.to_string());
    // The language's own file names ("Gustaw", "Γκούσταβ"), once per
    // phrase rather than per word.
    let own_files: Vec<String> = crate::locale::Locale::get(lang)
        .map(|l| {
            shakmaty::File::ALL
                .iter()
                .map(|&f| l.file_word(f).to_lowercase())
                .collect()
        })
        .unwrap_or_default();
    spoken
        .split_whitespace()
        .map(|w| {
            let lower = w.to_lowercase();
            if FILES.contains(&lower.as_str())
                || own_files.contains(&lower)
                || (lang == "de" && GERMAN_NOUNS.contains(&lower.as_str()))
            {
                capitalised(w)
            } else {
                w.to_string()
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// `text` with its first letter capitalised.
pub fn capitalised(text: &str) -> String {
    let mut c = text.chars();
    match c.next() {
        Some(f) => format!("{}{}", f.to_uppercase(), c.as_str()),
        None => String::new(),
    }
}

/// How far `free` is from the nearest of `phrases`: the character edit
/// distance of the two normalised texts over the longer one's length, or
/// that of their [`sounds`] where nearer; 0 (the same) to 1 (nothing in
/// common). An empty transcript, or no phrase, is 1.
pub fn distance<'a>(free: &str, phrases: impl IntoIterator<Item = &'a str>, lang: &str) -> f32 {
    let f = normalise(free, lang);
    if f.is_empty() {
        return 1.0;
    }
    let heard = sounds(free, lang).filter(|s| !s.is_empty());
    phrases
        .into_iter()
        .map(|p| {
            let p = written(p, lang);
            let letters = apart(&f, &normalise(&p, lang));
            match (&heard, sounds(&p, lang)) {
                (Some(h), Some(s)) => letters.min(apart(h, &s)),
                _ => letters,
            }
        })
        .fold(1.0, f32::min)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spellings_of_a_move_meet_its_phrase() {
        assert_eq!(normalise("Knight F3.", "en"), "knight f three");
        assert_eq!(normalise("knight felix three", "en"), "knight f three");
        assert_eq!(normalise("Springer f3", "de"), "springer f drei");
        assert_eq!(normalise("e2-e4", "en"), "e two e four");
        assert_eq!(normalise("1:0 12", "en"), "one 0 one two");
        assert_eq!(
            normalise("Bishop Felix VI, Gustav VII", "en"),
            "bishop f six g seven"
        );
        assert_eq!(normalise("I", "en"), "i");
        assert_eq!(distance("Knight F3.", ["knight felix three"], "en"), 0.0);
        assert!(distance("Night F3", ["knight felix three", "queen d one"], "en") < 0.1);
        assert!(distance("Pferd f3", ["springer felix drei"], "de") < 0.5);
    }

    #[test]
    fn a_move_written_in_other_words_still_sounds_like_its_phrase() {
        // Whisper's transcripts of synthetic voices saying moves.
        let letters = |free: &str, p: &str, l: &str| {
            apart(&normalise(free, l), &normalise(&written(p, l), l))
        };
        for (free, phrase, l) in [
            ("Ringa ima-Fu.", "springer eva fuenf", "de"),
            ("Loi fabelat, Mai.", "laeufer bella zwei", "de"),
            ("Rup David a Tavate.", "rook david eight eva eight", "en"),
        ] {
            let (near, far) = (distance(free, [phrase], l), letters(free, phrase, l));
            assert!(
                near < 0.5 && far > 0.6,
                "{free}: {near} in sound, {far} in letters"
            );
        }
        // Where the letters are nearer, they count.
        assert!(distance("Night in the five.", ["knight eva five"], "en") < 0.4);
        let de = ["springer eva fuenf", "dame eva acht", "turm david eins"];
        assert_eq!(
            sounds("Springer Eva fünf", "de"),
            sounds("springer eva 5", "de")
        );
        assert_eq!(sounds("Knight F3", "el"), None);
        // Talk stays far in sound too.
        assert!(distance("Mein Telefon klingelt gleich.", de, "de") > 0.5);
    }

    #[test]
    fn phrases_are_written_as_people_write_them() {
        assert_eq!(written("laeufer felix sechs", "de"), "Läufer Felix sechs");
        assert_eq!(
            written("koenig schlaegt eva fuenf", "de"),
            "König schlägt Eva fünf"
        );
        assert_eq!(written("kurze rochade", "de"), "kurze Rochade");
        assert_eq!(written("knight felix three", "en"), "knight Felix three");
        assert_eq!(written("queen check", "en"), "queen check");
        assert!(distance("Läufer f6", ["laeufer felix sechs"], "de") < 0.05);
        // Every other folded word as the language's own files write it.
        for (lang, folded, spelt) in [
            ("de", "grosse rochade", "große Rochade"),
            ("pl", "skoczek gustaw piec", "skoczek Gustaw pięć"),
            ("pl", "wieza hektor szesc", "wieża Hektor sześć"),
            ("sr", "skakac felix cetiri", "skakač Felix četiri"),
            ("el", "ιπποσ γκουσταβ πεντε", "ίππος Γκούσταβ πέντε"),
            ("el", "μικρο ροκε", "μικρό ροκέ"),
        ] {
            assert_eq!(written(folded, lang), spelt);
        }
        // A word the files write without accents stays as it is ("ja",
        // the FIDE yes, is not the Polish "ją" of a sentence hector says).
        assert_eq!(written("ja", "pl"), "ja");
        // Every word of every vocabulary is written as a spelling of itself.
        for l in crate::locale::CODES {
            for w in crate::speech::dict::vocabulary(l) {
                for word in written(&w, l).split_whitespace() {
                    assert_eq!(
                        crate::locale::fold(word),
                        crate::locale::fold(&w),
                        "{l}: {w}"
                    );
                }
            }
        }
    }

    #[test]
    fn talk_lies_far_from_every_phrase() {
        let phrases = ["my time", "resign", "knight felix three", "short castling"];
        for talk in [
            "My daughter starts school next week.",
            "I am looking for my keys.",
            "Could you open the window, please?",
        ] {
            assert!(distance(talk, phrases, "en") > 0.5, "{talk}");
        }
        assert_eq!(distance("", phrases, "en"), 1.0);
        assert_eq!(distance("Knight F3", std::iter::empty(), "en"), 1.0);
    }

    #[test]
    fn greek_and_cyrillic_are_compared_as_letters() {
        assert_eq!(normalise("Ίππος φ3!", "el").split(' ').count(), 3);
        assert!(distance("Ίππος φ3", ["ίππος φ τρία"], "el") < 0.5);
        assert!(distance("Skakač f3", ["skakač felix tri"], "sr") < 0.1);
    }
}
