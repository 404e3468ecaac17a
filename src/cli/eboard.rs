//! `hector eboard --device dgt:PATH --dump | --watch`: reads a DGT
//! electronic board. `--dump` prints the board's FEN placement; `--watch`
//! follows a game on it and prints each move made, as SAN, one per line
//! (a position no legal move reaches is reported on standard error as a
//! board difference, FIDE Laws 2023, D.2.9). The watcher keeps going when
//! the board is unplugged and picks up again when it is back.

use std::io::Write;
use std::time::{Duration, Instant};

use shakmaty::san::SanPlus;

use super::args::Args;
use super::core::position_from_args;
use crate::eboard::{DgtBoard, EboardError, WatchEvent, Watcher};

fn device_path(dev: &str) -> Result<&str, String> {
    dev.strip_prefix("dgt:")
        .filter(|p| !p.is_empty())
        .ok_or_else(|| EboardError::BadDevice(dev.to_string()).to_string())
}

/// Runs the subcommand.
pub fn run(args: &Args) -> i32 {
    // Usage errors first (exit 2): the device missing or not dgt:PATH,
    // neither or both of --dump and --watch.
    match args.get("device").map(device_path) {
        None => {
            return super::core::usage(
                "Usage: hector eboard --device dgt:PATH (--dump | --watch [--count N] [--seconds S] [--fen FEN])",
            );
        }
        Some(Err(e)) => return super::core::usage(e),
        Some(Ok(_)) => {}
    }
    if args.has("dump") == args.has("watch") {
        return super::core::usage("Say --dump or --watch.");
    }
    let go = || -> Result<(), String> {
        let dev = args
            .get("device")
            .ok_or("Usage: hector eboard --device dgt:PATH (--dump | --watch [--count N] [--seconds S] [--fen FEN])")?;
        let path = device_path(dev)?;
        if args.has("dump") == args.has("watch") {
            return Err("Say --dump or --watch.".into());
        }
        if args.has("dump") {
            let mut b = DgtBoard::open(path).map_err(|e| e.to_string())?;
            let board = b
                .dump(Duration::from_millis(3000))
                .map_err(|e| e.to_string())?;
            println!("{board}");
            return Ok(());
        }
        let start = position_from_args(args)?;
        let count: Option<usize> = match args.get("count") {
            Some(c) => Some(
                c.parse()
                    .map_err(|_| format!("--count '{c}' is not a number."))?,
            ),
            None => None,
        };
        let until = match args.get("seconds") {
            Some(s) => Some(
                Instant::now()
                    + Duration::from_secs_f64(
                        s.parse::<f64>()
                            .ok()
                            .filter(|s| *s >= 0.0 && s.is_finite())
                            .ok_or(format!("--seconds '{s}' is not a number of seconds."))?,
                    ),
            ),
            None => None,
        };
        let mut w = Watcher::new(path, start);
        let mut seen = 0usize;
        let stdout = std::io::stdout();
        loop {
            if until.is_some_and(|u| Instant::now() >= u) || count.is_some_and(|c| seen >= c) {
                return Ok(());
            }
            for ev in w.step() {
                match ev {
                    WatchEvent::Move { before, mv } => {
                        let san = SanPlus::from_move(*before, mv).to_string();
                        let mut out = stdout.lock();
                        let _ = writeln!(out, "{san}");
                        let _ = out.flush();
                        seen += 1;
                    }
                    WatchEvent::Difference(b) => {
                        eprintln!("The board differs from the game: it shows {b}.")
                    }
                    WatchEvent::Restored => eprintln!("The board shows the game position again."),
                    WatchEvent::Connected => eprintln!("Board connected."),
                    WatchEvent::Disconnected(why) => {
                        eprintln!("{why} Waiting for the board to come back.")
                    }
                }
            }
        }
    };
    match go() {
        Ok(()) => 0,
        Err(e) => {
            eprintln!("{e}");
            1
        }
    }
}
