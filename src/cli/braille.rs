//! Braille subcommands: `braille` (a move in the chess Braille code),
//! `scoresheet` (a game as a Braille scoresheet, BRF or Unicode) and
//! `display` (write to a refreshable display, or read its keys).

use super::args::Args;
use super::core::{game_from_args, locale_from_args};
use crate::braille::brf;
use crate::braille::cell::{Cell, to_unicode};
use crate::braille::code::ChessCode;
use crate::braille::driver;
use crate::braille::scoresheet::{self, Layout};
use crate::notation::san;

fn fail(msg: impl std::fmt::Display) -> i32 {
    eprintln!("{msg}");
    1
}

/// `hector braille [--locale L] [--fen F] [--moves M] MOVE`: prints the move
/// in the chess Braille code as Unicode Braille.
pub fn braille(args: &Args) -> i32 {
    let run = || -> Result<String, String> {
        let loc = locale_from_args(args)?;
        let game = game_from_args(args)?;
        let text = args.rest_joined();
        if text.trim().is_empty() {
            return Err("Give a move, e.g. Nf3 or g1f3.".to_string());
        }
        let pos = game.position();
        let m = san::read(pos, &text, loc).map_err(|e| e.to_string())?;
        let cells = ChessCode::get()
            .encode_move(pos, m, loc.code())
            .map_err(|e| e.to_string())?;
        Ok(to_unicode(&cells))
    };
    match run() {
        Ok(s) => {
            println!("{s}");
            0
        }
        Err(e) => fail(e),
    }
}

/// `hector scoresheet --format brf|unicode [--locale L] [--width N]
/// [--lines N] [--line-end crlf|lf] [--page-break ff|none] GAME.pgn`
pub fn scoresheet(args: &Args) -> i32 {
    let run = || -> Result<String, String> {
        let loc = locale_from_args(args)?;
        let format = args.get("format").unwrap_or("unicode");
        let path = match args.positional() {
            [p] => p.clone(),
            [] => return Err("Give the PGN file of the game.".to_string()),
            _ => return Err("Give one PGN file.".to_string()),
        };
        let number = |name: &str, default: usize| -> Result<usize, String> {
            match args.get(name) {
                None => Ok(default),
                Some(v) => v
                    .parse::<usize>()
                    .ok()
                    .filter(|&n| n >= if name == "lines" { 1 } else { 8 })
                    .ok_or_else(|| match name {
                        "lines" => "--lines needs a number of lines per page, at least 1.".into(),
                        _ => format!("--{name} needs a number of cells per line, at least 8."),
                    }),
            }
        };
        let mut layout = Layout {
            width: number("width", 40)?,
            lines_per_page: number("lines", 25)?,
            ..Layout::default()
        };
        layout.line_end = match args.get("line-end").unwrap_or("crlf") {
            "crlf" => "\r\n".into(),
            "lf" => "\n".into(),
            other => return Err(format!("--line-end is crlf or lf, not '{other}'.")),
        };
        layout.page_break = match args.get("page-break").unwrap_or("ff") {
            "ff" => "\u{0C}".into(),
            "none" => String::new(),
            other => return Err(format!("--page-break is ff or none, not '{other}'.")),
        };
        let games = super::files::read_games(&path)?;
        let game = scoresheet::ScoreGame::from(&games[0]);
        let lines =
            scoresheet::lines(&game, loc.code(), layout.width).map_err(|e| e.to_string())?;
        match format {
            "brf" => scoresheet::to_brf(&lines, &layout).map_err(|e| e.to_string()),
            "unicode" => Ok(scoresheet::to_unicode_text(&lines)),
            other => Err(format!("--format is brf or unicode, not '{other}'.")),
        }
    };
    match run() {
        Ok(s) => {
            print!("{s}");
            0
        }
        Err(e) => fail(e),
    }
}

/// Text for the display: Unicode Braille as it is, anything else cell for
/// cell through the BRF table (computer Braille).
pub fn text_to_cells(text: &str) -> Vec<Cell> {
    text.chars()
        .flat_map(|c| match Cell::from_char(c) {
            Some(cell) => vec![cell],
            None => brf::text_cells(&c.to_string()),
        })
        .collect()
}

/// `hector display --device DEV (--show TEXT [--hold MS] | --keys N
/// [--timeout MS])`
pub fn display(args: &Args) -> i32 {
    let run = || -> Result<(), String> {
        let device = args.get("device").unwrap_or("terminal");
        let ms = |name: &str, default: u64| -> Result<u64, String> {
            args.get(name).map_or(Ok(default), |v| {
                v.parse::<u64>()
                    .map_err(|_| format!("--{name} needs a number of milliseconds."))
            })
        };
        let mut d = driver::open(device, super::console::stdin_lines).map_err(|e| e.to_string())?;
        if let Some(text) = args.get("show") {
            d.write(&text_to_cells(text)).map_err(|e| e.to_string())?;
            let hold = ms("hold", 0)?;
            if hold > 0 {
                std::thread::sleep(std::time::Duration::from_millis(hold));
            }
            return Ok(());
        }
        if let Some(n) = args.get("keys") {
            let n: usize = n
                .parse()
                .map_err(|_| "--keys needs a number of key events.".to_string())?;
            let timeout = ms("timeout", 600_000)?;
            let deadline = std::time::Instant::now() + std::time::Duration::from_millis(timeout);
            let mut got = 0;
            while got < n {
                let left = deadline.saturating_duration_since(std::time::Instant::now());
                if left.is_zero() {
                    return Err(format!(
                        "Only {got} of {n} key events came within {timeout} ms."
                    ));
                }
                if let Some(k) = d
                    .next_key(left.as_millis() as u64)
                    .map_err(|e| e.to_string())?
                {
                    println!("{k}");
                    got += 1;
                }
            }
            return Ok(());
        }
        Err("Say what to do: --show TEXT or --keys N.".to_string())
    };
    match run() {
        Ok(()) => 0,
        Err(e) => fail(e),
    }
}
