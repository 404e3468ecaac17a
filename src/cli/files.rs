//! Files a user names on the command line (PGN games, reconcile JSON): read
//! with a bound, and every failure a sentence that names the file and says
//! what is wrong in words.

use std::io::Read;

use crate::locale::Locale;
use crate::rules::RulesError;
use crate::rules::pgn::{PgnGame, read_pgn};

/// The largest file hector reads (a PGN of a whole tournament is far smaller).
pub const MAX_FILE: u64 = 64 * 1024 * 1024;

/// The text of the file at `path`; why not, in `loc`'s language.
pub fn read_text(path: &str, loc: &Locale) -> Result<String, String> {
    let say = |key: &str| loc.game_text(key, &[("file", path)]);
    let file = std::fs::File::open(path).map_err(|e| io_sentence(path, &e, loc))?;
    if file.metadata().is_ok_and(|m| m.is_dir()) {
        return Err(say("file_folder"));
    }
    let mut bytes = Vec::new();
    file.take(MAX_FILE + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| io_sentence(path, &e, loc))?;
    if bytes.len() as u64 > MAX_FILE {
        return Err(say("file_too_large"));
    }
    String::from_utf8(bytes).map_err(|_| say("file_not_text"))
}

/// Reads standard input as text, at most [`MAX_FILE`] bytes like a file
/// (`-` for a file name): an endless input is refused, not held in memory.
pub fn read_stdin_text(loc: &Locale) -> Result<String, String> {
    let mut bytes = Vec::new();
    std::io::stdin()
        .lock()
        .take(MAX_FILE + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| loc.game_text("stdin_unreadable", &[("why", &e.to_string())]))?;
    if bytes.len() as u64 > MAX_FILE {
        return Err(loc.game_text("stdin_too_large", &[]));
    }
    String::from_utf8(bytes).map_err(|_| loc.game_text("stdin_not_text", &[]))
}

/// Why a file could not be opened or read, in words of `loc`.
pub fn io_sentence(path: &str, e: &std::io::Error, loc: &Locale) -> String {
    use std::io::ErrorKind as K;
    let key = match e.kind() {
        K::NotFound => "file_missing",
        K::PermissionDenied => "file_denied",
        K::IsADirectory => "file_folder",
        K::InvalidData => "file_not_text",
        _ => "file_unreadable",
    };
    loc.game_text(key, &[("file", path), ("why", &e.to_string())])
}

/// The games of the PGN file at `path`: "No game found in FILE." when the
/// text holds none, otherwise what is wrong, naming the file.
pub fn read_games(path: &str, loc: &Locale) -> Result<Vec<PgnGame>, String> {
    let text = read_text(path, loc)?;
    read_pgn(&text).map_err(|e| match e {
        RulesError::Pgn(why) if why == crate::rules::pgn::NO_GAME => {
            loc.game_text("file_no_game", &[("file", path)])
        }
        RulesError::PgnIllegal {
            number,
            dots,
            san,
            ply,
        } => loc.game_text(
            "pgn_illegal",
            &[
                ("file", path),
                ("move", &format!("{number}{dots} {san}")),
                ("ply", &ply.to_string()),
            ],
        ),
        RulesError::PgnAfterEnd {
            number, dots, san, ..
        } => loc.game_text(
            "pgn_after_end",
            &[("file", path), ("move", &format!("{number}{dots} {san}"))],
        ),
        RulesError::PgnText(why) => {
            loc.game_text("pgn_unreadable", &[("file", path), ("why", &why)])
        }
        RulesError::Pgn(why) => format!("{path}: {why}"),
        other => format!("{path}: {other}"),
    })
}
