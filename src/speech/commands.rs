//! The spoken command phrases of every locale (issue 10 point 4 names:
//! `time`, `my-time`, … `yes`, `no`) as the voice grammar hears them: the
//! session's phrases (locales/<code>/session.toml), folded.

/// The commands of the read-back protocol and the clock (D.2.1–D.2.6,
/// issue 10 point 4): yes and no, time, moves, last move, repeat, draw,
/// resign. Every locale has them.
pub const CORE: [&str; 10] = [
    "time",
    "my-time",
    "opponent-time",
    "moves",
    "last",
    "repeat",
    "resign",
    "draw",
    "yes",
    "no",
];

/// `(command name, folded phrase)` pairs for `locale`; none for a locale
/// without session words.
pub fn phrases(locale: &str) -> Vec<(&'static str, String)> {
    let mut out: Vec<(&'static str, String)> = Vec::new();
    for (name, p) in crate::locale::session::command_phrases(locale).unwrap_or_default() {
        let f = super::moves::folded(&p);
        if !f.is_empty() && !out.iter().any(|(n, q)| *n == name && *q == f) {
            out.push((name, f));
        }
    }
    out
}

/// Every word of the command phrases of `locale`, folded.
pub fn words(locale: &str) -> Vec<String> {
    let mut v: Vec<String> = phrases(locale)
        .iter()
        .flat_map(|(_, p)| p.split(' ').map(str::to_string).collect::<Vec<_>>())
        .collect();
    v.sort();
    v.dedup();
    v
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_locale_has_the_issue_10_commands() {
        for loc in crate::speech::wording::LOCALES {
            let p = phrases(loc);
            for name in CORE {
                assert!(p.iter().any(|(n, _)| *n == name), "{loc}: {name}");
            }
        }
        assert!(phrases("de").contains(&("my-time", "meine zeit".to_string())));
    }
}
