//! `hector say … --wav OUT` and `hector replay --wav OUT.wav GAME.pgn`: the
//! phrase, or the whole game (the audio scoresheet of FIDE Laws 2023, D.2.7),
//! spoken by espeak-ng into a WAV file.

use super::args::Args;
use super::core::{game_from_args, locale_from_args, say_options};
use crate::locale::Locale;
use crate::notation::phrase::say_with;
use crate::speech::speaker::{Speaker, Voice, WavSpeaker};
use shakmaty::Color;
use std::path::Path;

fn voice(args: &Args, loc: &Locale) -> Result<Voice, String> {
    let mut v = Voice::for_locale(loc.code());
    if let Some(r) = args.get("rate") {
        v.rate = r
            .parse()
            .ok()
            .filter(|r| (80..=450).contains(r))
            .ok_or_else(|| format!("--rate must be words per minute from 80 to 450, not '{r}'."))?;
    }
    Ok(v)
}

fn fail(e: impl std::fmt::Display) -> i32 {
    eprintln!("{e}");
    1
}

/// `hector say [--locale L] [--fen F] [--moves M] [--form short|long] [--rate WPM] --wav OUT MOVE`
pub fn say(args: &Args) -> i32 {
    // Usage errors first (exit 2): a missing --wav or move, a bad option.
    if args.get("wav").is_none() {
        return super::core::usage("--wav needs a file name.");
    }
    if let Err(e) = locale_from_args(args)
        .and(game_from_args(args).map(|_| ()))
        .and(say_options(args).map(|_| ()))
    {
        return super::core::usage(e);
    }
    if args.rest_joined().trim().is_empty() {
        return super::core::usage("Give a move, e.g. Nf3 or g1f3.");
    }
    let run = || -> Result<(String, f64), String> {
        let out = args.get("wav").ok_or("--wav needs a file name.")?;
        let loc = locale_from_args(args)?;
        let game = game_from_args(args)?;
        let text = args.rest_joined();
        if text.trim().is_empty() {
            return Err("Give a move, e.g. Nf3 or g1f3.".into());
        }
        let en = Locale::get("en").map_err(|e| e.to_string())?;
        let m =
            crate::notation::san::read(game.position(), &text, en).map_err(|e| e.to_string())?;
        let phrase = say_with(game.position(), m, loc, &say_options(args)?);
        let mut s = WavSpeaker::new(voice(args, loc)?);
        s.speak(&phrase).map_err(|e| e.to_string())?;
        s.save(Path::new(out)).map_err(|e| e.to_string())?;
        Ok((phrase, s.seconds()))
    };
    match run() {
        Ok((phrase, secs)) => {
            println!("{phrase}\t{secs:.1} s");
            0
        }
        Err(e) => fail(e),
    }
}

/// `hector replay [--locale L] [--form short|long] [--rate WPM] --wav OUT.wav GAME.pgn`
pub fn replay(args: &Args) -> i32 {
    // Usage errors first (exit 2): a missing --wav or file, a bad option.
    if args.get("wav").is_none() {
        return super::core::usage("--wav needs a file name.");
    }
    if let Err(e) = locale_from_args(args).and(say_options(args).map(|_| ())) {
        return super::core::usage(e);
    }
    if args.positional().is_empty() {
        return super::core::usage("Give a PGN file: hector replay --wav OUT.wav GAME.pgn");
    }
    let run = || -> Result<(usize, f64), String> {
        let out = args.get("wav").ok_or("--wav needs a file name.")?;
        let loc = locale_from_args(args)?;
        let opts = say_options(args)?;
        let path = args
            .positional()
            .first()
            .ok_or("Give a PGN file: hector replay --wav OUT.wav GAME.pgn")?;
        let games = super::files::read_games(path, loc)?;
        let mut s = WavSpeaker::new(voice(args, loc)?);
        let mut plies = 0;
        for pgn in &games {
            let game = &pgn.game;
            for (i, m) in game.moves().iter().enumerate() {
                let pos = game.position_at(i).ok_or("The game cannot be replayed.")?;
                let phrase = say_with(pos, *m, loc, &opts);
                let color = loc.color_name(if i % 2 == 0 {
                    Color::White
                } else {
                    Color::Black
                });
                let number = format!("{}", i / 2 + 1);
                let sentence = loc.game_text("moved", &[("color", color), ("move", &phrase)]);
                let line = if i % 2 == 0 {
                    format!("{number}. {sentence}")
                } else {
                    sentence
                };
                s.speak(&line).map_err(|e| e.to_string())?;
                plies += 1;
            }
        }
        s.save(Path::new(out)).map_err(|e| e.to_string())?;
        Ok((plies, s.seconds()))
    };
    match run() {
        Ok((plies, secs)) => {
            println!("{plies} moves spoken, {secs:.1} s of audio");
            0
        }
        Err(e) => fail(e),
    }
}

/// `hector announce [--locale L] [--rate WPM] TEXT`: says TEXT through the
/// system's speech service (speech-dispatcher) and waits until it is said.
#[cfg(feature = "tts")]
pub fn announce(args: &Args) -> i32 {
    use crate::speech::dispatcher::Dispatcher;
    if let Err(e) = locale_from_args(args) {
        return super::core::usage(e);
    }
    if args.rest_joined().trim().is_empty() {
        return super::core::usage("Give the sentence to say.");
    }
    let run = || -> Result<u128, String> {
        let loc = locale_from_args(args)?;
        let text = args.rest_joined();
        if text.trim().is_empty() {
            return Err("Give the sentence to say.".into());
        }
        let t0 = std::time::Instant::now();
        let mut d = Dispatcher::new(&voice(args, loc)?).map_err(|e| e.to_string())?;
        d.speak(&text).map_err(|e| e.to_string())?;
        if !d.wait(std::time::Duration::from_secs(20)) {
            return Err(
                "The speech service did not finish within 20 s (is audio going anywhere?).".into(),
            );
        }
        Ok(t0.elapsed().as_millis())
    };
    match run() {
        Ok(ms) => {
            println!("said in {ms} ms");
            0
        }
        Err(e) => fail(e),
    }
}

/// Without the `tts` feature there is no speech service to talk to.
#[cfg(not(feature = "tts"))]
pub fn announce(_args: &Args) -> i32 {
    fail("This hector was built without the tts feature; use say --wav instead.")
}
