//! `hector listen`: recognise one spoken move from a WAV file (or each
//! recording of a directory, the model loaded once).
//!
//! Prints the English SAN of the recognised move (exit 0), the candidates
//! when several moves fit (exit 2), or the reason nothing fits (exit 1); for
//! a directory, a line per recording after its name and the worst of these.

use super::args::Args;
use crate::speech::{audio, engine, moves};
use serde_json::json;
use shakmaty::Chess;
use shakmaty::san::SanPlus;
use std::path::Path;
use std::time::Instant;

const VALUED: &[&str] = &[
    "wav",
    "engine",
    "model",
    "locale",
    "fen",
    "moves",
    "seconds",
    "threshold",
    "adaptation",
];
const SWITCHES: &[&str] = &["json", "phrases", "vocabulary", "mic", "push-to-talk"];

/// The position given by `--fen` and `--moves` (SAN, space separated).
pub fn position(a: &Args) -> Result<Chess, String> {
    moves::position(a.get("fen"), a.get("moves")).map_err(|e| e.sentence())
}

/// Entry point of `hector listen`.
pub fn run(rest: &[String]) -> i32 {
    let a = match Args::parse(rest, VALUED, SWITCHES) {
        Ok(a) => a,
        Err(e) => return super::core::usage(e),
    };
    if let Some(engine) = a.get("engine")
        && !crate::speech::engine::ENGINES.contains(&engine)
    {
        return super::core::usage(format!(
            "--engine is one of {} (the default: {}), not '{engine}'.",
            crate::speech::engine::ENGINES.join(", "),
            crate::speech::engine::DEFAULT
        ));
    }
    if let Err(e) = crate::locale::code(a.get("locale").unwrap_or("de")) {
        return super::core::usage(e);
    }
    if a.has("phrases") {
        return print_phrases(&a);
    }
    if a.has("vocabulary") {
        for w in crate::speech::dict::vocabulary(a.get("locale").unwrap_or("de")) {
            println!("{w}");
        }
        return 0;
    }
    let wav = a.get("wav");
    if wav.is_none() && !a.has("mic") {
        return super::core::usage(
            "hector listen needs --wav FILE or DIR (16 kHz mono is best; others are converted) or --mic.",
        );
    }
    let pos = match position(&a) {
        Ok(p) => p,
        Err(e) => return super::core::usage(e),
    };
    let locale = a.get("locale").unwrap_or("de");
    let json = a.has("json");
    // The recordings are found, and a single one read, before the model is
    // loaded: one that cannot be read is said at once, in the user's
    // language (with --json, as the object a directory's file gets).
    let dir = wav.map(Path::new).filter(|p| p.is_dir());
    let files = match dir.map(recordings) {
        Some(Ok(f)) => f,
        Some(Err(e)) => {
            eprintln!("{e}");
            return 1;
        }
        None => Vec::new(),
    };
    let single = match wav.filter(|_| dir.is_none()) {
        Some(w) => match audio::open_wav(Path::new(w)) {
            Ok(s) => Some(s),
            Err(e) => return unreadable(w, json, &e, locale, false),
        },
        None => None,
    };
    let rec = match engine_from_args(&a) {
        Ok(r) => r,
        Err(e) => {
            eprintln!("{e}");
            return 1;
        }
    };
    let mut listener = crate::speech::listener::Listener::new(rec);
    let grammar = crate::speech::listener::Grammar::moves(&pos, locale)
        .with_commands(&crate::speech::commands::phrases(locale));
    if let Err(e) = listener.set_grammar(grammar) {
        eprintln!("{e}");
        return 1;
    }
    let lacking = listener.recognizer().missing_words();
    if !lacking.is_empty() {
        eprintln!(
            "The {} model lacks these words; phrases with them are left out: {}.",
            listener.recognizer().name(),
            lacking.join(", ")
        );
    }
    // A directory: every recording in it, heard in the same position with
    // the model loaded once.
    if dir.is_some() {
        let mut worst = 0;
        for f in files {
            let name = f
                .file_name()
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_default();
            let code = match audio::open_wav(&f) {
                Ok(samples) => hear(&mut listener, &pos, locale, &samples, json, Some(&name)),
                Err(e) => unreadable(&name, json, &e, locale, true),
            };
            worst = worst.max(severity(code));
        }
        return [0, 2, 1][worst];
    }
    let samples = match single {
        Some(s) => s,
        None => match from_microphone(&a) {
            Ok(s) => s,
            Err(e) => {
                eprintln!("{e}");
                return 1;
            }
        },
    };
    hear(&mut listener, &pos, locale, &samples, json, None)
}

/// The WAV files of a directory, by name.
fn recordings(dir: &Path) -> Result<Vec<std::path::PathBuf>, String> {
    let entries = std::fs::read_dir(dir)
        .map_err(|e| format!("The directory {} cannot be read: {e}.", dir.display()))?;
    let mut files: Vec<_> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.is_file() && p.extension().is_some_and(|x| x.eq_ignore_ascii_case("wav")))
        .collect();
    files.sort();
    if files.is_empty() {
        return Err(format!(
            "The directory {} holds no .wav file.",
            dir.display()
        ));
    }
    Ok(files)
}

/// A directory's recording that could not be heard: its line (JSON: with
/// `"result": "error"`) after its name. Returns the exit code, 1.
fn unheard(file: &str, json: bool, reason: &str) -> i32 {
    if json {
        println!(
            "{}",
            json!({"file": file, "result": "error", "reason": reason})
        );
    } else {
        println!("{file}: {reason}");
    }
    1
}

/// A recording that cannot be read, said in the user's language: with
/// `--json` as a directory's file that could not be heard, else the
/// sentence (which names the file) on its own line of a directory's
/// report; a single file's sentence goes to standard error too.
fn unreadable(file: &str, json: bool, e: &audio::WavError, locale: &str, in_dir: bool) -> i32 {
    let sentence = e.sentence(locale, file);
    if in_dir && !json {
        println!("{sentence}");
    } else if !in_dir {
        eprintln!("{sentence}");
    }
    if json {
        return unheard(file, true, &sentence);
    }
    1
}

/// How bad an exit code is: a move or command heard (0) < candidates (2)
/// < nothing heard (1).
fn severity(code: i32) -> usize {
    match code {
        0 => 0,
        2 => 1,
        _ => 2,
    }
}

/// Hears one recording and prints what was heard (`file`: its name, for a
/// directory's report: a JSON field, or before the line). Returns the exit code.
fn hear(
    listener: &mut crate::speech::listener::Listener,
    pos: &Chess,
    locale: &str,
    samples: &[i16],
    json: bool,
    file: Option<&str>,
) -> i32 {
    let t0 = Instant::now();
    let heard = match listener.recognize(samples) {
        Ok(h) => h,
        Err(e) => {
            return match file {
                Some(f) => unheard(f, json, &e.to_string()),
                None => {
                    eprintln!("{e}");
                    1
                }
            };
        }
    };
    let decode_ms = t0.elapsed().as_secs_f64() * 1000.0;
    use crate::speech::listener::Decision;
    let san = |m: &shakmaty::Move| SanPlus::from_move(pos.clone(), *m).to_string();
    let best = heard
        .nbest
        .first()
        .map(|h| h.text.clone())
        .unwrap_or_default();
    // Said in the language of --locale (messages.ftl, `listen-…`).
    let say = |id: &str, args: &[(&str, &str)]| {
        crate::locale::messages::sentence(locale, id, args).unwrap_or_else(|| id.to_string())
    };
    let reason = match &heard.decision {
        Decision::Repeat => say("listen-unsure", &[("heard", &best)]),
        _ if heard.nbest.is_empty() => say("listen-nothing_heard", &[]),
        _ => say("listen-nothing_understood", &[]),
    };
    let (code, line, result) = match &heard.decision {
        Decision::Move(m) => (0, san(m), "move"),
        Decision::Choice(ms) => (
            2,
            ms.iter().map(san).collect::<Vec<_>>().join(" "),
            "ambiguous",
        ),
        Decision::Command(c) => (0, format!("command {c}"), "command"),
        Decision::Number(n) => (0, format!("number {n}"), "number"),
        Decision::Piece(r) => (0, format!("piece {}", r.char()), "piece"),
        Decision::Repeat | Decision::None => {
            (1, say("listen-none", &[("reason", &reason)]), "none")
        }
    };
    if json {
        let hyps: Vec<serde_json::Value> = heard
            .nbest
            .iter()
            .map(|h| json!({"text": h.text, "confidence": h.posterior}))
            .collect();
        let mut v = json!({
            "result": result,
            "engine": listener.recognizer().name(),
            "locale": locale,
            "hypotheses": hyps,
            "confidence": heard.confidence,
            "decode_ms": (decode_ms * 10.0).round() / 10.0,
        });
        if let Some(f) = file {
            v["file"] = json!(f);
        }
        match &heard.decision {
            Decision::Move(m) => v["san"] = json!(san(m)),
            Decision::Choice(ms) => v["candidates"] = json!(ms.iter().map(san).collect::<Vec<_>>()),
            Decision::Command(c) => v["command"] = json!(c),
            Decision::Repeat => {
                v["reason"] = json!(reason);
                v["repeat"] = json!(true);
            }
            Decision::None => v["reason"] = json!(reason),
            _ => {}
        }
        println!("{v}");
    } else if let Some(f) = file {
        println!("{f}: {line}");
    } else if code == 1 {
        eprintln!("{line}");
    } else {
        println!("{line}");
    }
    code
}

/// `--phrases`: every phrase hector listens for in the position, one per
/// line after the move's English SAN and a tab.
fn print_phrases(a: &Args) -> i32 {
    let pos = match position(a) {
        Ok(p) => p,
        Err(e) => {
            eprintln!("{e}");
            return 1;
        }
    };
    let locale = a.get("locale").unwrap_or("de");
    use std::io::Write;
    let mut out = std::io::stdout().lock();
    for (m, p) in moves::legal_phrases(&pos, locale) {
        if writeln!(out, "{}\t{p}", SanPlus::from_move(pos.clone(), m)).is_err() {
            break;
        }
    }
    0
}

/// The recogniser named by `--engine` (default: [`engine::DEFAULT`]) with
/// the model given by `--model`, if any. Without `--engine` and without
/// the Whisper model, PocketSphinx alone hears and a sentence on standard
/// error, in `--locale`'s language, says what to run.
pub(crate) fn engine_from_args(a: &Args) -> Result<Box<dyn crate::speech::Recognizer>, String> {
    let locale = a.get("locale").unwrap_or("de");
    let (mut rec, fallback) = engine::open_chosen(a.get("engine"), a.get("model").map(Path::new))
        .map_err(|e| e.to_string())?;
    if let Some(f) = fallback {
        eprintln!("{}", f.sentence(locale));
    }
    rec.set_language(locale);
    if let Some(t) = a.get("adaptation") {
        rec.adapt(Path::new(t)).map_err(|e| e.to_string())?;
    }
    Ok(rec)
}

/// `--mic`: one utterance from the microphone. Always-on (the default): the
/// utterance ends after half a second of silence. `--push-to-talk`: Enter
/// starts and Enter ends it. `--seconds` (default 10) bounds the wait,
/// `--threshold` (dBFS, default -40) sets what counts as speech.
#[cfg(feature = "mic")]
pub(crate) fn from_microphone(a: &Args) -> Result<Vec<i16>, String> {
    use crate::speech::mic::Microphone;
    use crate::speech::vad::{PushToTalk, Vad, VadConfig, VadEvent};
    use std::time::Duration;
    let seconds: u64 = match a.get("seconds") {
        Some(s) => s
            .parse()
            .ok()
            .filter(|s| (1..=3600).contains(s))
            .ok_or_else(|| {
                format!("--seconds must be a whole number from 1 to 3600, not '{s}'.")
            })?,
        None => 10,
    };
    let cfg = VadConfig::with_threshold(a.get("threshold"))?;
    let mic = Microphone::open().map_err(|e| e.to_string())?;
    let deadline = Instant::now() + Duration::from_secs(seconds);
    if a.has("push-to-talk") {
        let rx = crate::front::console::stdin_lines();
        eprintln!("Press Enter, say the move, press Enter.");
        let mut ptt = PushToTalk::default();
        while Instant::now() < deadline {
            if rx.try_recv().is_ok() {
                if ptt.is_pressed() {
                    return ptt.release().ok_or_else(|| "Nothing was said.".to_string());
                }
                ptt.press();
            }
            if let Some(chunk) = mic.recv(Duration::from_millis(50)) {
                ptt.push(&chunk);
            }
        }
        return Err(format!("No move was said within {seconds} s."));
    }
    let mut vad = Vad::new(cfg);
    while Instant::now() < deadline {
        let Some(chunk) = mic.recv(Duration::from_millis(100)) else {
            continue;
        };
        for ev in vad.push(&chunk) {
            if let VadEvent::Utterance(u) = ev {
                return Ok(u);
            }
        }
    }
    vad.flush()
        .ok_or_else(|| format!("Nothing was heard within {seconds} s."))
}

#[cfg(not(feature = "mic"))]
pub(crate) fn from_microphone(_a: &Args) -> Result<Vec<i16>, String> {
    Err("This hector was built without the mic feature; use --wav FILE.".into())
}
