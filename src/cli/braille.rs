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
        let mut d = driver::open(device).map_err(|e| e.to_string())?;
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

/// `hector baum-emulator PATH [--cells N] [--identity TEXT]`: an emulated
/// Baum display on a serial port or pty (for trying BRLTTY or hector
/// without hardware, e.g. on one end of `socat pty,raw,echo=0,link=A
/// pty,raw,echo=0,link=B`). Prints each line written to it as Unicode
/// Braille; lines typed on standard input are sent as keys (`234`, `r5`,
/// `display2`, `space`, …).
pub fn baum_emulator(args: &Args) -> i32 {
    use crate::braille::emulator::{Emulator, Shared, run_on_port};
    use std::io::Write;
    use std::sync::atomic::AtomicBool;
    use std::sync::{Arc, Mutex, mpsc};

    let [path] = args.positional() else {
        return fail("Give the serial port or pty the emulated display sits on.");
    };
    let cells = match args.get("cells").map(str::parse::<usize>) {
        None => 20,
        Some(Ok(n)) if (1..=160).contains(&n) => n,
        Some(_) => return fail("--cells needs a number from 1 to 160."),
    };
    let identity = args
        .get("identity")
        .map(str::to_string)
        .unwrap_or_else(|| format!("Orbit Reader {cells}"));
    let shared = Arc::new(Mutex::new(Shared::default()));
    let stop = Arc::new(AtomicBool::new(false));
    let (tx, rx) = mpsc::channel::<Vec<u8>>();
    let runner = {
        let (shared, stop, path) = (shared.clone(), stop.clone(), path.clone());
        std::thread::spawn(move || {
            run_on_port(&path, Emulator::new(&identity, cells), shared, rx, stop)
        })
    };
    std::thread::spawn(move || {
        for line in crate::console::text_lines(std::io::stdin().lock()) {
            match driver::parse_typed_key(&line) {
                Some(k) => {
                    if tx.send(driver::baum_key_packets(&k, cells)).is_err() {
                        break;
                    }
                }
                None => eprintln!("'{}' is no key.", line.trim()),
            }
        }
        // Keep the key channel open: the display stays plugged in.
        loop {
            std::thread::park();
        }
    });
    let mut seen = 0;
    loop {
        if runner.is_finished() {
            return match runner.join() {
                Ok(Err(e)) => fail(e),
                _ => 0,
            };
        }
        let (writes, line) = match shared.lock() {
            Ok(s) => (s.writes, s.display.clone()),
            Err(_) => return fail("The emulator stopped."),
        };
        if writes != seen {
            seen = writes;
            let mut out = std::io::stdout().lock();
            let _ = writeln!(out, "{}", to_unicode(&line));
            let _ = out.flush();
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
}
