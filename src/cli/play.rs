//! `hector play`: one game at the board with every front end at once
//! ([`crate::front`]): the terminal, the blind player's voice (`--voice`),
//! his Braille display (`--braille`), the sighted player's DGT e-board
//! (`--eboard`) and the clock (`--control`). This module reads the options.

use std::sync::mpsc;

use clap::Parser;

use super::session::GameArgs;
use crate::front::FrontArgs;
use crate::session::Renderer;

#[derive(Debug, Parser)]
#[command(
    name = "hector play",
    about = "Play a game at the board: terminal, voice, Braille display, DGT e-board and clock together.",
    long_about = "Play a game at the board. Every front end feeds one game: the terminal (always), \
the blind player's microphone (--voice), his Braille display (--braille), the sighted player's DGT \
e-board (--eboard) and the talking clock (--control).\n\n\
The terminal is the blind player's: a line without a seat is his (with no blind player, or two, \
the player to move's); start it with a seat and a colon to speak for another seat, in the game's \
words or English: 'black: my time', 'schwarz: meine Zeit', 'arbiter: retrace', 'assistant: e4'. \
An answer printed for another seat starts with that seat's name. Type help for the commands, quit to stop: quit saves the game as PGN (--pgn FILE) and says where."
)]
struct PlayCli {
    #[command(flatten)]
    game: GameArgs,
    #[command(flatten)]
    fronts: FrontArgs,
    /// Where `quit` saves the game as PGN (default: <data dir>/hector/games/<date>-<time>.pgn).
    #[arg(long, value_name = "FILE")]
    pgn: Option<std::path::PathBuf>,
}

/// `hector play [OPTIONS]`
pub fn run(raw: &[String]) -> i32 {
    let (cli, mut session) =
        match super::session::game_options("hector play", raw, |c: &PlayCli| &c.game) {
            Ok(x) => x,
            Err(code) => return code,
        };
    let render = Renderer::for_session(&session);
    // From here on, SIGINT, SIGTERM and SIGHUP save the game as `quit`.
    crate::front::terminal::catch_stop_signals();
    let (tx, rx) = mpsc::channel::<crate::front::Input>();
    let _restore = crate::front::terminal::spawn(tx.clone());
    let mut fronts = match cli.fronts.open(&session, &tx) {
        Ok(f) => f,
        Err(e) => return fail(e),
    };
    drop(tx);
    let save = match cli.pgn.clone() {
        Some(path) => crate::front::SaveTo { path, fresh: false },
        None => match default_pgn() {
            Ok(path) => crate::front::SaveTo { path, fresh: true },
            Err(e) => return super::core::usage(e),
        },
    };
    crate::front::play_loop(&mut session, &render, &mut fronts, rx, &save)
}

/// `<data dir>/hector/games/<YYYY-MM-DD>-<HHMMSS>.pgn`, the data dir being
/// `$XDG_DATA_HOME` or `~/.local/share`.
fn default_pgn() -> Result<std::path::PathBuf, String> {
    let base = std::env::var_os("XDG_DATA_HOME")
        .filter(|v| !v.is_empty())
        .map(std::path::PathBuf::from)
        .or_else(|| {
            std::env::var_os("HOME").map(|h| std::path::PathBuf::from(h).join(".local/share"))
        })
        .ok_or("Neither XDG_DATA_HOME nor HOME is set: give the game's file with --pgn FILE.")?;
    let ms = crate::service::journal::wall_ms();
    let (y, m, d) = super::serve::civil((ms / 86_400_000) as i64);
    let secs = ms / 1000 % 86_400;
    Ok(base.join("hector").join("games").join(format!(
        "{y:04}-{m:02}-{d:02}-{:02}{:02}{:02}.pgn",
        secs / 3600,
        secs / 60 % 60,
        secs % 60
    )))
}

fn fail(msg: impl std::fmt::Display) -> i32 {
    eprintln!("{msg}");
    1
}
