//! Files a user names on the command line (PGN games, reconcile JSON): read
//! with a bound, and every failure a sentence that names the file and says
//! what is wrong in words.

use std::io::Read;

use crate::rules::RulesError;
use crate::rules::pgn::{PgnGame, read_pgn};

/// The largest file hector reads (a PGN of a whole tournament is far smaller).
pub const MAX_FILE: u64 = 64 * 1024 * 1024;

/// The text of the file at `path`; `kind` says what it should be ("a PGN
/// file") for the sentence when it is not text.
pub fn read_text(path: &str, kind: &str) -> Result<String, String> {
    let file = std::fs::File::open(path).map_err(|e| io_sentence(path, &e))?;
    if file.metadata().is_ok_and(|m| m.is_dir()) {
        return Err(format!("{path} is a folder, not a file."));
    }
    let mut bytes = Vec::new();
    file.take(MAX_FILE + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| io_sentence(path, &e))?;
    if bytes.len() as u64 > MAX_FILE {
        return Err(format!(
            "{path} is larger than {} MB; {kind} is never that large.",
            MAX_FILE / (1024 * 1024)
        ));
    }
    String::from_utf8(bytes)
        .map_err(|_| format!("{path} is not a text file (it is not UTF-8); {kind} is text."))
}

/// Reads standard input as text, at most [`MAX_FILE`] bytes like a file
/// (`-` for a file name): an endless input is refused, not held in memory.
pub fn read_stdin_text(kind: &str) -> Result<String, String> {
    let mut bytes = Vec::new();
    std::io::stdin()
        .lock()
        .take(MAX_FILE + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| format!("Cannot read standard input: {e}."))?;
    if bytes.len() as u64 > MAX_FILE {
        return Err(format!(
            "The standard input is longer than {} MB; {kind} is never that large.",
            MAX_FILE / (1024 * 1024)
        ));
    }
    String::from_utf8(bytes)
        .map_err(|_| format!("The standard input is not text (it is not UTF-8); {kind} is text."))
}

/// Why a file could not be opened or read, in words.
pub fn io_sentence(path: &str, e: &std::io::Error) -> String {
    use std::io::ErrorKind as K;
    match e.kind() {
        K::NotFound => format!("There is no file {path}."),
        K::PermissionDenied => format!("hector may not read {path} (permission denied)."),
        K::IsADirectory => format!("{path} is a folder, not a file."),
        K::InvalidData => format!("{path} is not a text file (it is not UTF-8)."),
        _ => format!("{path} cannot be read: {e}."),
    }
}

/// The games of the PGN file at `path`: "No game found in FILE." when the
/// text holds none, otherwise what is wrong, naming the file.
pub fn read_games(path: &str) -> Result<Vec<PgnGame>, String> {
    let text = read_text(path, "a PGN file")?;
    read_pgn(&text).map_err(|e| match e {
        RulesError::Pgn(why) if why == crate::rules::pgn::NO_GAME => {
            format!("No game found in {path}.")
        }
        RulesError::Pgn(why) => format!("{path}: {why}"),
        other => format!("{path}: {other}"),
    })
}
