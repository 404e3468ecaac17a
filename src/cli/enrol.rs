//! `hector enrol`: the player reads the enrolment script once (every word
//! hector listens for in his language) and the recogniser is adapted to
//! his voice, microphone and room. The transform it writes is given to
//! `hector play --voice --adaptation FILE` (and `hector listen`).
//!
//! The script is read to him line by line (speech-dispatcher, or printed
//! with `--speech text`) and each line is recorded after it; or the lines
//! were recorded beforehand, one WAV per line (`--wav-dir`).

use super::args::Args;
use crate::locale::Locale;
use crate::speech::enrol::{self, Line};
use std::path::Path;

/// Entry point of `hector enrol`.
pub fn run(a: &Args) -> i32 {
    // Usage errors first (exit 2): a bad --locale, no --out.
    if let Err(e) = super::core::locale_from_args(a) {
        return super::core::usage(e);
    }
    if a.get("out").is_none() && !a.has("script") {
        return super::core::usage("Give the file the adaptation is written to: --out FILE.");
    }
    match enrol_player(a) {
        Ok(()) => 0,
        Err(e) => {
            eprintln!("{e}");
            1
        }
    }
}

fn enrol_player(a: &Args) -> Result<(), String> {
    let loc = super::core::locale_from_args(a)?;
    let script = enrol::script(loc.code());
    if a.has("script") {
        for (i, l) in script.iter().enumerate() {
            println!("{}\t{}", i + 1, l.text);
        }
        return Ok(());
    }
    let out = a
        .get("out")
        .ok_or("Give the file the adaptation is written to: --out FILE.")?;
    let utterances = if let Some(dir) = a.get("wav-dir") {
        from_dir(Path::new(dir), &script, loc)?
    } else if a.has("mic") {
        from_mic(a, &script, loc)?
    } else {
        return Err(
            "Say where the recordings come from: --mic, or --wav-dir DIR with 01.wav, 02.wav, … \
             (--script prints the lines)."
                .into(),
        );
    };
    let cfg = crate::speech::vad::VadConfig::with_threshold(a.get("threshold"))?;
    for (i, ((audio, _), line)) in utterances.iter().zip(&script).enumerate() {
        if !crate::speech::vad::has_speech(audio, cfg) {
            return Err(loc.game_text(
                "enrol_silent",
                &[("n", &(i + 1).to_string()), ("text", &line.text)],
            ));
        }
    }
    enrol::mllr_default(&utterances, Path::new(out)).map_err(|e| e.to_string())?;
    let recordings: Vec<Vec<i16>> = utterances.into_iter().map(|u| u.0).collect();
    enrol::write_pace(Path::new(out), &recordings).map_err(|e| e.to_string())?;
    // The transform must load before the player relies on it.
    let mut rec = super::listen::engine_from_args(a)?;
    rec.adapt(Path::new(out)).map_err(|e| e.to_string())?;
    println!("{}", loc.game_text("enrol_done", &[]));
    Ok(())
}

/// The file of line `n` (1-based) in a folder of recordings.
fn line_file(dir: &Path, n: usize) -> std::path::PathBuf {
    dir.join(format!("{n:02}.wav"))
}

fn from_dir(dir: &Path, script: &[Line], loc: &Locale) -> Result<Vec<(Vec<i16>, String)>, String> {
    let mut out = Vec::with_capacity(script.len());
    for (i, l) in script.iter().enumerate() {
        let f = line_file(dir, i + 1);
        if !f.is_file() {
            return Err(loc.game_text(
                "enrol_missing",
                &[
                    ("file", &f.display().to_string()),
                    ("n", &(i + 1).to_string()),
                    ("text", &l.text),
                ],
            ));
        }
        let name = f.display().to_string();
        let audio =
            crate::speech::audio::open_wav(&f).map_err(|e| e.sentence(loc.code(), &name))?;
        out.push((audio, l.words.clone()));
    }
    Ok(out)
}

#[cfg(feature = "mic")]
fn from_mic(a: &Args, script: &[Line], loc: &Locale) -> Result<Vec<(Vec<i16>, String)>, String> {
    let mut say = sayer(a, loc.code())?;
    let count = script.len().to_string();
    say(&loc.game_text("enrol_intro", &[("count", &count)]))?;
    let mut out = Vec::with_capacity(script.len());
    for (i, l) in script.iter().enumerate() {
        say(&loc.game_text(
            "enrol_line",
            &[
                ("n", &(i + 1).to_string()),
                ("count", &count),
                ("text", &l.text),
            ],
        ))?;
        let mut tries = 0;
        let audio = loop {
            match super::listen::from_microphone(a) {
                Ok(u) => break u,
                Err(e) if tries < 2 => {
                    eprintln!("{e}");
                    tries += 1;
                    say(&loc.game_text("enrol_not_heard", &[("text", &l.text)]))?;
                }
                Err(e) => return Err(e),
            }
        };
        out.push((audio, l.words.clone()));
    }
    Ok(out)
}

#[cfg(not(feature = "mic"))]
fn from_mic(_a: &Args, _s: &[Line], _l: &Locale) -> Result<Vec<(Vec<i16>, String)>, String> {
    Err("This hector was built without the mic feature; use --wav-dir DIR.".into())
}

/// Says one sentence to the player.
#[cfg(feature = "mic")]
type Say = Box<dyn FnMut(&str) -> Result<(), String>>;

/// Prints each sentence and, unless `--speech text`, says it and waits for
/// it to end (the microphone opens after it, so it does not hear hector).
#[cfg(feature = "mic")]
fn sayer(a: &Args, code: &str) -> Result<Say, String> {
    match a.get("speech").unwrap_or(if cfg!(feature = "tts") {
        "dispatcher"
    } else {
        "text"
    }) {
        "text" => Ok(Box::new(|s: &str| {
            println!("{s}");
            Ok(())
        })),
        #[cfg(feature = "tts")]
        "dispatcher" => {
            use crate::speech::speaker::Speaker;
            let mut d = crate::speech::dispatcher::Dispatcher::new(
                &crate::speech::speaker::Voice::for_locale(code),
            )
            .map_err(|e| e.to_string())?;
            Ok(Box::new(move |s: &str| {
                println!("{s}");
                d.speak(s).map_err(|e| e.to_string())?;
                d.wait_done(std::time::Duration::from_secs(30));
                Ok(())
            }))
        }
        other => {
            let _ = code;
            Err(format!(
                "Unknown --speech '{other}': say text or dispatcher (with the tts feature)."
            ))
        }
    }
}
