//! The spoken command phrases of every locale (issue 10 point 4 names:
//! `time`, `my-time`, … `yes`, `no`), as the voice grammar hears them.

/// `(command name, phrase)` pairs for `locale`.
pub fn phrases(locale: &str) -> Vec<(&'static str, String)> {
    let _ = locale;
    Vec::new()
}
