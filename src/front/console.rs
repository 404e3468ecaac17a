//! The terminal as an input that never blocks the caller: standard input
//! read line by line on its own thread and handed over on a channel. Every
//! interactive loop (play with a clock, voice or a Braille display, the
//! terminal Braille display, push-to-talk) waits on this channel together
//! with its other events.
//!
//! A line that is not UTF-8 text, or is longer than [`MAX_LINE`] bytes, is
//! refused with a sentence in the player's language and the loop goes on:
//! a game never ends because of one bad byte, and a long line is never
//! kept or echoed.

use std::io::BufRead;
use std::sync::OnceLock;
use std::sync::mpsc::{self, Receiver};

use crate::locale::Locale;

/// The longest line hector reads from a person (bytes, without the line
/// ending): far more than any move, phrase or command.
pub const MAX_LINE: usize = 1000;

/// Why a line of input was refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BadLine {
    /// The bytes are not UTF-8 text.
    NotText,
    /// The line is longer than the limit (its bytes were not kept).
    TooLong(usize),
    /// The input could not be read at all (it then ends).
    Unreadable,
}

impl BadLine {
    /// The sentence that tells the user, in `loc`'s language.
    pub fn sentence(self, loc: &Locale) -> String {
        match self {
            BadLine::NotText => loc.game_text("line_not_text", &[]),
            BadLine::TooLong(max) => loc.game_text("line_too_long", &[("max", &max.to_string())]),
            BadLine::Unreadable => loc.game_text("input_unreadable", &[]),
        }
    }
}

/// Reads one line of at most `max` bytes (without its line ending, `\n` or
/// `\r\n`). `None` at the end of input. A longer line is skipped up to its
/// end without being stored; a read error ends the input after one
/// `Unreadable`.
pub fn read_line(input: &mut impl BufRead, max: usize) -> Option<Result<String, BadLine>> {
    let mut buf = Vec::new();
    let mut too_long = false;
    loop {
        let chunk = match input.fill_buf() {
            Ok(c) => c,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(_) => return Some(Err(BadLine::Unreadable)),
        };
        if chunk.is_empty() {
            if buf.is_empty() && !too_long {
                return None;
            }
            break;
        }
        let (take, done) = match chunk.iter().position(|b| *b == b'\n') {
            Some(i) => (i + 1, true),
            None => (chunk.len(), false),
        };
        // The line ending may be two more bytes than the limit.
        if !too_long && buf.len() + take <= max + 2 {
            buf.extend_from_slice(&chunk[..take]);
        } else {
            too_long = true;
            buf.clear();
        }
        input.consume(take);
        if done {
            break;
        }
    }
    if buf.last() == Some(&b'\n') {
        buf.pop();
        if buf.last() == Some(&b'\r') {
            buf.pop();
        }
    }
    if too_long || buf.len() > max {
        return Some(Err(BadLine::TooLong(max)));
    }
    Some(String::from_utf8(buf).map_err(|_| BadLine::NotText))
}

static LANGUAGE: OnceLock<&'static Locale> = OnceLock::new();

/// Sets the language of the sentences [`stdin_lines`] says about a refused
/// line (the command line's `--locale`; German, the FIDE vocabulary,
/// otherwise). Only the first call counts.
pub fn set_language(code: &str) {
    if let Ok(loc) = Locale::get(code) {
        let _ = LANGUAGE.set(loc);
    }
}

/// The language set by [`set_language`], German by default.
pub fn language() -> &'static Locale {
    LANGUAGE.get_or_init(|| Locale::get("de").expect("embedded locale de"))
}

/// Every line of `input` that is text, in order; each refused line is
/// told to the user on standard error (one sentence) and skipped.
pub fn text_lines(mut input: impl BufRead) -> impl Iterator<Item = String> {
    std::iter::from_fn(move || {
        loop {
            match read_line(&mut input, MAX_LINE)? {
                Ok(line) => return Some(line),
                Err(BadLine::Unreadable) => {
                    eprintln!("{}", BadLine::Unreadable.sentence(language()));
                    return None;
                }
                Err(bad) => eprintln!("{}", bad.sentence(language())),
            }
        }
    })
}

/// Lines of standard input (without their line ending), as they are typed;
/// a line that is not text or too long is refused with a sentence on
/// standard error and the lines after it still come. The channel
/// disconnects at the end of input.
pub fn stdin_lines() -> Receiver<String> {
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        for line in text_lines(std::io::stdin().lock()) {
            if tx.send(line).is_err() {
                break;
            }
        }
    });
    rx
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(input: &[u8], max: usize) -> Vec<Result<String, BadLine>> {
        let mut r = input;
        std::iter::from_fn(|| read_line(&mut r, max)).collect()
    }

    #[test]
    fn a_bad_line_is_refused_and_the_next_ones_still_come() {
        assert_eq!(
            lines(b"e4\n\xff\ne5\r\nNf3", 10),
            vec![
                Ok("e4".to_string()),
                Err(BadLine::NotText),
                Ok("e5".to_string()),
                Ok("Nf3".to_string()),
            ]
        );
    }

    #[test]
    fn a_long_line_is_refused_without_being_kept() {
        let mut input = vec![b'x'; 100_000];
        input.extend_from_slice(b"\nok\n");
        assert_eq!(
            lines(&input, 10),
            vec![Err(BadLine::TooLong(10)), Ok("ok".to_string())]
        );
        assert_eq!(lines(b"0123456789\n", 10), vec![Ok("0123456789".into())]);
        assert_eq!(lines(b"0123456789A", 10), vec![Err(BadLine::TooLong(10))]);
    }

    #[test]
    fn every_locale_says_why_a_line_is_refused() {
        for code in crate::locale::CODES {
            let loc = Locale::get(code).unwrap();
            for bad in [
                BadLine::NotText,
                BadLine::TooLong(1000),
                BadLine::Unreadable,
            ] {
                let s = bad.sentence(loc);
                assert!(s.ends_with('.') && !s.contains('{'), "{code}: {s}");
            }
            assert!(BadLine::TooLong(1000).sentence(loc).contains("1000"));
        }
    }
}
