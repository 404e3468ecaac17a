//! Core subcommands: say, hear, san, replay, status (and play, in
//! `play.rs`). Each prints plain lines a screen reader reads well and
//! returns the exit code.

use shakmaty::{Chess, Color, Move, Position};

use super::args::Args;
use crate::locale::Locale;
use crate::notation::phrase::{Form, Heard, SayOptions, hear as hear_phrase, say_with};
use crate::notation::san::{self, SanStyle};
use crate::rules::Game;

fn fail(msg: impl std::fmt::Display) -> i32 {
    eprintln!("{msg}");
    1
}

/// A usage error (a bad option value, a missing argument): one sentence
/// on standard error, exit code 2, as for an unknown option.
pub(crate) fn usage(msg: impl std::fmt::Display) -> i32 {
    eprintln!("{msg}");
    2
}

/// What went wrong, with its exit code: 2 for usage, 1 otherwise.
type Failed = (i32, String);

fn bad_usage(e: impl std::fmt::Display) -> Failed {
    (2, e.to_string())
}

fn failed(e: impl std::fmt::Display) -> Failed {
    (1, e.to_string())
}

fn report((code, msg): Failed) -> i32 {
    eprintln!("{msg}");
    code
}

/// The locale named by `--locale` (default `de`, the FIDE vocabulary).
pub fn locale_from_args(args: &Args) -> Result<&'static Locale, String> {
    Locale::get(args.get("locale").unwrap_or("de")).map_err(|e| e.to_string())
}

/// The game given by `--fen` (default: the start position) and `--moves`
/// (moves in any notation hector reads, applied in order; move numbers such
/// as `1.` or `12...` are skipped).
pub fn game_from_args(args: &Args) -> Result<Game, String> {
    let loc = locale_from_args(args)?;
    // Said in the console's language (`--locale`).
    let said =
        |key: &str, args: &[(&str, &str)]| crate::front::console::language().game_text(key, args);
    let mut game = match args.get("fen") {
        Some(fen) => Game::from_fen(fen).map_err(|_| said("option_fen", &[("value", fen)]))?,
        None => Game::default(),
    };
    if let Some(moves) = args.get("moves") {
        // Moves are counted as `listen` counts them: move numbers are not.
        let tokens = moves.split_whitespace().filter(|t| !is_move_number(t));
        for (i, token) in tokens.enumerate() {
            let n = (i + 1).to_string();
            let m = san::read(game.position(), token, loc).map_err(|e| {
                said(
                    "option_moves_why",
                    &[("n", &n), ("move", token), ("why", &e.to_string())],
                )
            })?;
            game.play(m)
                .map_err(|_| said("option_moves", &[("n", &n), ("move", token)]))?;
        }
    }
    Ok(game)
}

/// The position given by `--fen` and `--moves`.
pub fn position_from_args(args: &Args) -> Result<Chess, String> {
    game_from_args(args).map(|g| g.position().clone())
}

fn is_move_number(token: &str) -> bool {
    let digits = token.trim_end_matches('.');
    digits.len() < token.len() && !digits.is_empty() && digits.chars().all(|c| c.is_ascii_digit())
}

/// The phrase options given by `--form`, `--pawn-word`,
/// `--no-capture-word` and `--no-check-word`.
pub(crate) fn say_options(args: &Args) -> Result<SayOptions, String> {
    let form: Form = args.get("form").unwrap_or("short").parse()?;
    Ok(SayOptions {
        form,
        pawn_word: args.has("pawn-word"),
        capture_word: !args.has("no-capture-word"),
        check_word: !args.has("no-check-word"),
    })
}

/// The move of the command line, written in `loc`'s notation; why not,
/// in `words`' language.
fn one_move(args: &Args, pos: &Chess, loc: &Locale, words: &Locale) -> Result<Move, Failed> {
    let text = args.rest_joined();
    if text.trim().is_empty() {
        return Err(bad_usage("Give a move, e.g. Nf3 or g1f3."));
    }
    san::read_worded(pos, &text, loc, words).map_err(failed)
}

/// `hector say [--locale L] [--form short|long] [--fen F] [--moves M] MOVE`
pub fn say(args: &Args) -> i32 {
    let run = || -> Result<String, Failed> {
        let loc = locale_from_args(args).map_err(bad_usage)?;
        let opts = say_options(args).map_err(bad_usage)?;
        let game = game_from_args(args).map_err(bad_usage)?;
        let m = one_move(
            args,
            game.position(),
            Locale::get("en").map_err(failed)?,
            loc,
        )?;
        Ok(say_with(game.position(), m, loc, &opts))
    };
    match run() {
        Ok(phrase) => {
            println!("{phrase}");
            0
        }
        Err(e) => report(e),
    }
}

/// `hector hear [--locale L] [--fen F] [--moves M] PHRASE`
pub fn hear(args: &Args) -> i32 {
    let (loc, game) =
        match locale_from_args(args).and_then(|l| game_from_args(args).map(|g| (l, g))) {
            Ok(x) => x,
            Err(e) => return usage(e),
        };
    let en = Locale::get("en").expect("embedded locale en");
    let text = args.rest_joined();
    let pos = game.position();
    match hear_phrase(pos, &text, loc) {
        Heard::Move(m) => {
            println!("{}", san::write(pos, m, en));
            0
        }
        Heard::Ambiguous(ms) => {
            for m in ms {
                println!("{}", san::write(pos, m, en));
            }
            2
        }
        Heard::NoMatch(reason) => fail(reason.sentence(loc)),
    }
}

/// `hector san [--locale L] [--fen F] [--moves M] [--long] [--figurine] [--latin-files] MOVE`
pub fn san(args: &Args) -> i32 {
    let run = || -> Result<String, Failed> {
        let loc = locale_from_args(args).map_err(bad_usage)?;
        let game = game_from_args(args).map_err(bad_usage)?;
        let m = one_move(args, game.position(), loc, loc)?;
        let style = SanStyle {
            long: args.has("long"),
            figurine: args.has("figurine"),
            latin_files: args.has("latin-files"),
        };
        Ok(san::write_styled(game.position(), m, loc, style))
    };
    match run() {
        Ok(s) => {
            println!("{s}");
            0
        }
        Err(e) => report(e),
    }
}

/// `hector replay [--locale L] [--form short|long] FILE.pgn`: one line per
/// half-move, `PLY<TAB>SAN<TAB>PHRASE`; every phrase is heard back in its
/// position and must give the same move.
pub fn replay(args: &Args) -> i32 {
    let (loc, opts) = match locale_from_args(args).and_then(|l| say_options(args).map(|o| (l, o))) {
        Ok(x) => x,
        Err(e) => return usage(e),
    };
    let Some(path) = args.positional().first() else {
        return usage("Give a PGN file: hector replay GAME.pgn");
    };
    let games = match super::files::read_games(path, loc) {
        Ok(g) => g,
        Err(e) => return fail(e),
    };
    if games.iter().all(|g| g.game.moves().is_empty()) {
        return fail(format!("{path} holds no moves to replay."));
    }
    for pgn in games {
        let game = &pgn.game;
        for (i, (m, san_text)) in game.moves().iter().zip(game.sans()).enumerate() {
            let pos = game.position_at(i).expect("position before each move");
            let phrase = say_with(pos, *m, loc, &opts);
            match hear_phrase(pos, &phrase, loc) {
                Heard::Move(back) if back == *m => println!("{}\t{san_text}\t{phrase}", i + 1),
                other => {
                    return fail(format!(
                        "Ply {}: the phrase '{phrase}' for {san_text} is heard back as {other:?}.",
                        i + 1
                    ));
                }
            }
        }
    }
    0
}

/// `hector status [--fen F] [--moves M] [--json]`
pub fn status(args: &Args) -> i32 {
    let game = match game_from_args(args) {
        Ok(g) => g,
        Err(e) => return usage(e),
    };
    let pos = game.position();
    let result = game.result();
    let automatic = result.filter(|r| r.termination.is_automatic());
    let winner = result.and_then(|r| r.winner()).map(|c| match c {
        Color::White => "white",
        Color::Black => "black",
    });
    let claimable: Vec<&str> = game.claimable().iter().map(|c| c.name()).collect();
    let value = serde_json::json!({
        "outcome": automatic.map(|r| r.termination.name()),
        "winner": winner,
        "claimable": claimable,
        "check": pos.is_check(),
        "legal_moves": pos.legal_moves().len(),
        "fen": game.fen(),
        "turn": if pos.turn() == Color::White { "white" } else { "black" },
        "repetitions": game.repetitions(),
        "halfmove_clock": pos.halfmoves(),
    });
    if args.has("json") {
        println!("{value}");
    } else {
        let loc = match locale_from_args(args) {
            Ok(l) => l,
            Err(e) => return usage(e),
        };
        println!("{}", game.fen());
        match result {
            Some(r) => match crate::session::Renderer::new(loc.code(), Default::default()) {
                Ok(render) => println!("{}", render.text(&crate::session::result_kind(&game, r))),
                Err(e) => return fail(e),
            },
            None => println!(
                "{}",
                loc.game_text("to_move", &[("color", loc.color_name(pos.turn()))])
            ),
        }
        println!("legal moves: {}", pos.legal_moves().len());
        if !claimable.is_empty() {
            println!("claimable: {}", claimable.join(", "));
        }
    }
    0
}
