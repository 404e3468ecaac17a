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

/// What went wrong, with its exit code: 2 for a usage error (a bad or
/// missing option or argument), 1 otherwise.
type Failed = (i32, String);

fn u(e: impl std::fmt::Display) -> Failed {
    (2, e.to_string())
}

fn f(e: impl std::fmt::Display) -> Failed {
    (1, e.to_string())
}

fn fail((code, msg): Failed) -> i32 {
    eprintln!("{msg}");
    code
}

/// `hector braille [--locale L] [--fen F] [--moves M] MOVE`: prints the move
/// in the chess Braille code as Unicode Braille.
pub fn braille(args: &Args) -> i32 {
    let run = || -> Result<String, Failed> {
        let loc = locale_from_args(args).map_err(u)?;
        let game = game_from_args(args).map_err(u)?;
        let text = args.rest_joined();
        if text.trim().is_empty() {
            return Err(u("Give a move, e.g. Nf3 or g1f3."));
        }
        let pos = game.position();
        let m = san::read(pos, &text, loc).map_err(f)?;
        let cells = ChessCode::get()
            .encode_move(pos, m, loc.code())
            .map_err(f)?;
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
    let run = || -> Result<String, Failed> {
        let loc = locale_from_args(args).map_err(u)?;
        let format = args.get("format").unwrap_or("unicode");
        let path = match args.positional() {
            [p] => p.clone(),
            [] => return Err(u("Give the PGN file of the game.")),
            _ => return Err(u("Give one PGN file.")),
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
            width: number("width", 40).map_err(u)?,
            lines_per_page: number("lines", 25).map_err(u)?,
            ..Layout::default()
        };
        layout.line_end = match args.get("line-end").unwrap_or("crlf") {
            "crlf" => "\r\n".into(),
            "lf" => "\n".into(),
            other => return Err(u(format!("--line-end is crlf or lf, not '{other}'."))),
        };
        layout.page_break = match args.get("page-break").unwrap_or("ff") {
            "ff" => "\u{0C}".into(),
            "none" => String::new(),
            other => return Err(u(format!("--page-break is ff or none, not '{other}'."))),
        };
        if !matches!(format, "brf" | "unicode") {
            return Err(u(format!("--format is brf or unicode, not '{format}'.")));
        }
        let games = super::files::read_games(&path, loc).map_err(f)?;
        let game = scoresheet::ScoreGame::from(&games[0]);
        let lines = scoresheet::lines(&game, loc.code(), layout.width).map_err(f)?;
        match format {
            "brf" => scoresheet::to_brf(&lines, &layout).map_err(f),
            _ => Ok(scoresheet::to_unicode_text(&lines)),
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
    let run = || -> Result<(), Failed> {
        let device = args.get("device").unwrap_or("terminal");
        let ms = |name: &str, default: u64| -> Result<u64, Failed> {
            args.get(name).map_or(Ok(default), |v| {
                v.parse::<u64>()
                    .map_err(|_| u(format!("--{name} needs a number of milliseconds.")))
            })
        };
        let mut d = driver::open(device, crate::front::console::stdin_lines).map_err(f)?;
        if let Some(text) = args.get("show") {
            d.write(&text_to_cells(text)).map_err(f)?;
            let hold = ms("hold", 0)?;
            if hold > 0 {
                std::thread::sleep(std::time::Duration::from_millis(hold));
            }
            return Ok(());
        }
        if let Some(n) = args.get("keys") {
            let n: usize = n
                .parse()
                .map_err(|_| u("--keys needs a number of key events."))?;
            let timeout = ms("timeout", 600_000)?;
            let deadline = std::time::Instant::now() + std::time::Duration::from_millis(timeout);
            let mut got = 0;
            while got < n {
                let left = deadline.saturating_duration_since(std::time::Instant::now());
                if left.is_zero() {
                    return Err(f(format!(
                        "Only {got} of {n} key events came within {timeout} ms."
                    )));
                }
                if let Some(k) = d.next_key(left.as_millis() as u64).map_err(f)? {
                    println!("{k}");
                    got += 1;
                }
            }
            return Ok(());
        }
        Err(u("Say what to do: --show TEXT or --keys N."))
    };
    match run() {
        Ok(()) => 0,
        Err(e) => fail(e),
    }
}
