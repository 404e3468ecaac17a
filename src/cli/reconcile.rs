//! `hector reconcile FILE.json`: FIDE Laws 2023, D.2.9 for two scoresheets
//! and two boards given as JSON; prints one JSON object with the decision,
//! the boards to correct, the agreed half-moves, the position to set up
//! and each board's fix guidance.
//!
//! Input: `{"start_fen": optional FEN, "scoresheet_blind": ["e4", …],
//! "scoresheet_sighted": [...], "board_blind": FEN, "board_sighted": FEN}`
//! (SAN in English letters; boards as FEN, at least the placement field);
//! optional `"locale"` for the wording and `"clock_times"`: a list of
//! `[white_ms, black_ms]`, one per ply from the start, for a retrace.

use serde::Deserialize;

use super::args::Args;
use crate::boards::{FixWords, SquareStyle, parse_board, reconcile};
use crate::locale::Locale;
use crate::rules::position_from_fen;

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Input {
    #[serde(default)]
    start_fen: Option<String>,
    scoresheet_blind: Vec<String>,
    scoresheet_sighted: Vec<String>,
    board_blind: String,
    board_sighted: String,
    #[serde(default)]
    locale: Option<String>,
    #[serde(default)]
    clock_times: Vec<(u64, u64)>,
}

/// Runs D.2.9 on the JSON text and returns the output object.
pub fn reconcile_json(text: &str, locale: Option<&str>) -> Result<serde_json::Value, String> {
    let input: Input = serde_json::from_str(text)
        .map_err(|e| format!("The reconcile input is not valid: {e}."))?;
    let code = locale
        .or(input.locale.as_deref())
        .unwrap_or("de")
        .to_string();
    Locale::get(&code).map_err(|e| e.to_string())?;
    let words = FixWords::get(&code).map_err(|e| e.to_string())?;
    let start = match input.start_fen.as_deref() {
        Some(fen) => {
            position_from_fen(fen)
                .map_err(|e| format!("start_fen: {e}"))?
                .0
        }
        None => shakmaty::Chess::default(),
    };
    let bb = parse_board(&input.board_blind).map_err(|e| format!("board_blind: {e}"))?;
    let bs = parse_board(&input.board_sighted).map_err(|e| format!("board_sighted: {e}"))?;
    for (name, sheet) in [
        ("scoresheet_blind", &input.scoresheet_blind),
        ("scoresheet_sighted", &input.scoresheet_sighted),
    ] {
        if let Some(i) = sheet.iter().position(|e| e.trim().is_empty()) {
            return Err(format!("{name}: entry {} is empty.", i + 1));
        }
    }
    let en = Locale::get("en").map_err(|e| e.to_string())?;
    let r = reconcile(
        &start,
        &input.scoresheet_blind,
        &input.scoresheet_sighted,
        &bb,
        &bs,
        en,
    )
    .with_clock_times(&input.clock_times);
    Ok(r.to_json(words, SquareStyle::Written))
}

/// `hector reconcile FILE.json [--locale L]` (`-` reads standard input).
pub fn run(args: &Args) -> i32 {
    // Usage errors first (exit 2): not one file, an unknown --locale.
    if args.positional().len() != 1 {
        return super::core::usage(
            "Usage: hector reconcile FILE.json [--locale de|en|pl|sr|el] (FILE - reads standard input).",
        );
    }
    if let Some(l) = args.get("locale")
        && let Err(e) = crate::locale::code(l)
    {
        return super::core::usage(e);
    }
    let go = || -> Result<String, String> {
        let [path] = args.positional() else {
            return Err("Usage: hector reconcile FILE.json [--locale de|en|pl|sr|el] (FILE - reads standard input).".into());
        };
        // The file's sentences in --locale's language (the file's own
        // "locale" is not known before it is read).
        let loc = crate::locale::Locale::get(args.get("locale").unwrap_or("de"))
            .map_err(|e| e.to_string())?;
        let text = if path == "-" {
            super::files::read_stdin_text(loc)?
        } else {
            super::files::read_text(path, loc)?
        };
        let v = reconcile_json(&text, args.get("locale"))?;
        serde_json::to_string(&v).map_err(|e| e.to_string())
    };
    match go() {
        Ok(s) => {
            println!("{s}");
            0
        }
        Err(e) => {
            eprintln!("{e}");
            1
        }
    }
}
