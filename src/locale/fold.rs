//! Folding of heard or typed words so that spellings with and without
//! accents meet: `fünf` and `fuenf`, `Läufer` and `Laeufer`, `Wieża` and
//! `wieza`, `Skakač` and `skakac`, `Ίππος` and `ιππος`.

/// Lower-cases `word` and folds accents: German umlauts to `ae oe ue ss`,
/// other Latin accents to the bare letter, Greek tonos and dialytika away,
/// Greek final sigma to sigma.
pub fn fold(word: &str) -> String {
    let mut out = String::with_capacity(word.len());
    for c in word.chars().flat_map(char::to_lowercase) {
        match c {
            'ä' => out.push_str("ae"),
            'ö' => out.push_str("oe"),
            'ü' => out.push_str("ue"),
            'ß' => out.push_str("ss"),
            'đ' => out.push_str("dj"),
            'á' | 'à' | 'â' | 'ą' | 'ã' => out.push('a'),
            'ć' | 'č' | 'ç' => out.push('c'),
            'é' | 'è' | 'ê' | 'ę' | 'ë' => out.push('e'),
            'í' | 'ì' | 'î' | 'ï' => out.push('i'),
            'ł' => out.push('l'),
            'ń' | 'ñ' => out.push('n'),
            'ó' | 'ò' | 'ô' | 'õ' => out.push('o'),
            'ś' | 'š' => out.push('s'),
            'ú' | 'ù' | 'û' => out.push('u'),
            'ý' => out.push('y'),
            'ź' | 'ż' | 'ž' => out.push('z'),
            'ά' => out.push('α'),
            'έ' => out.push('ε'),
            'ή' => out.push('η'),
            'ί' | 'ϊ' | 'ΐ' => out.push('ι'),
            'ό' => out.push('ο'),
            'ύ' | 'ϋ' | 'ΰ' => out.push('υ'),
            'ώ' => out.push('ω'),
            'ς' => out.push('σ'),
            '’' | '\'' => {}
            c => out.push(c),
        }
    }
    out
}

/// A person's text without terminal control: escape sequences (an arrow
/// key's `ESC [ A`, `ESC O P` …) and other control characters are taken
/// out, a tab becomes a space. What is left is what can be said back or
/// printed without moving a cursor or ringing a bell.
pub fn printable(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\u{1b}' => match chars.peek() {
                // CSI: parameters and intermediates, then one final byte.
                Some('[') => {
                    chars.next();
                    while let Some(&n) = chars.peek() {
                        chars.next();
                        if ('\u{40}'..='\u{7e}').contains(&n) {
                            break;
                        }
                    }
                }
                // SS3 (`ESC O P`) and two-character escapes (`ESC x`).
                Some('O') => {
                    chars.next();
                    chars.next();
                }
                Some(_) => {
                    chars.next();
                }
                None => {}
            },
            // The 8-bit CSI.
            '\u{9b}' => {
                for n in chars.by_ref() {
                    if ('\u{40}'..='\u{7e}').contains(&n) {
                        break;
                    }
                }
            }
            '\t' => out.push(' '),
            c if c.is_control() => {}
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::{fold, printable};

    #[test]
    fn control_keys_are_taken_out() {
        assert_eq!(printable("\u{1b}[A"), "");
        assert_eq!(printable("e4\u{1b}[A\u{1b}[1;5D"), "e4");
        assert_eq!(printable("\u{1b}OPja\u{7}"), "ja");
        assert_eq!(printable("meine\tZeit\r"), "meine Zeit");
        assert_eq!(printable("Läufer ♘f3"), "Läufer ♘f3");
        assert_eq!(printable("\u{9b}2~x"), "x");
    }

    #[test]
    fn spellings_meet() {
        assert_eq!(fold("fünf"), fold("fuenf"));
        assert_eq!(fold("Läufer"), "laeufer");
        assert_eq!(fold("König"), fold("Koenig"));
        assert_eq!(fold("Wieża"), "wieza");
        assert_eq!(fold("Skakač"), "skakac");
        assert_eq!(fold("Ίππος"), "ιπποσ");
        assert_eq!(fold("ΠΙΌΝΙ"), "πιονι");
    }
}
