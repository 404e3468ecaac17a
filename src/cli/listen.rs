//! `hector listen`: recognise one spoken move from a WAV file.
//!
//! Prints the English SAN of the recognised move (exit 0), the candidates
//! when several moves fit (exit 2), or the reason nothing fits (exit 1).

use super::args::Args;
use crate::speech::{audio, engine, moves, settle};
use serde_json::json;
use shakmaty::san::{San, SanPlus};
use shakmaty::{CastlingMode, Chess, Position, fen::Fen};
use std::path::Path;
use std::time::Instant;

const VALUED: &[&str] = &["wav", "engine", "model", "locale", "fen", "moves"];
const SWITCHES: &[&str] = &["json", "phrases"];

/// The position given by `--fen` and `--moves` (SAN, space separated).
pub fn position(a: &Args) -> Result<Chess, String> {
    let mut pos = match a.get("fen") {
        Some(f) => {
            let fen: Fen = f
                .parse()
                .map_err(|e| format!("The FEN '{f}' cannot be read: {e}."))?;
            fen.into_position(CastlingMode::Standard)
                .map_err(|e| format!("The FEN '{f}' is not a legal position: {e}."))?
        }
        None => Chess::default(),
    };
    if let Some(ms) = a.get("moves") {
        for tok in ms.split_whitespace() {
            let tok = tok.trim_end_matches('.');
            if tok.is_empty() || tok.chars().all(|c| c.is_ascii_digit() || c == '.') {
                continue;
            }
            let san: San = tok
                .parse()
                .map_err(|_| format!("'{tok}' is not a move in algebraic notation."))?;
            let m = san
                .to_move(&pos)
                .map_err(|_| format!("'{tok}' is not a legal move here."))?;
            pos.play_unchecked(m);
        }
    }
    Ok(pos)
}

/// Entry point of `hector listen`.
pub fn run(rest: &[String]) -> i32 {
    let a = match Args::parse(rest, VALUED, SWITCHES) {
        Ok(a) => a,
        Err(e) => {
            eprintln!("{e}");
            return 1;
        }
    };
    if a.has("phrases") {
        return print_phrases(&a);
    }
    let Some(wav) = a.get("wav") else {
        eprintln!("hector listen needs --wav FILE (16 kHz mono is best; others are converted).");
        return 1;
    };
    let pos = match position(&a) {
        Ok(p) => p,
        Err(e) => {
            eprintln!("{e}");
            return 1;
        }
    };
    let locale = a.get("locale").unwrap_or("de");
    let engine_name = a.get("engine").unwrap_or("pocketsphinx");
    let samples = match audio::read_wav(Path::new(wav)) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("{e}");
            return 1;
        }
    };
    let mut rec = match engine::open(engine_name, a.get("model").map(Path::new)) {
        Ok(r) => r,
        Err(e) => {
            eprintln!("{e}");
            return 1;
        }
    };
    let phrases = moves::legal_phrases(&pos, locale);
    let texts: Vec<String> = phrases.iter().map(|(_, p)| p.clone()).collect();
    if let Err(e) = rec.set_phrases(&texts) {
        eprintln!("{e}");
        return 1;
    }
    let t0 = Instant::now();
    let hyps = match rec.recognize(&samples) {
        Ok(h) => h,
        Err(e) => {
            eprintln!("{e}");
            return 1;
        }
    };
    let decode_ms = t0.elapsed().as_secs_f64() * 1000.0;
    let settled = settle::settle(&hyps, &phrases);
    let san = |m: &shakmaty::Move| SanPlus::from_move(pos.clone(), *m).to_string();
    let (code, line, result) = match &settled {
        settle::Settled::Move { mv, .. } => (0, san(mv), "move"),
        settle::Settled::Ambiguous(ms) => (
            2,
            ms.iter().map(san).collect::<Vec<_>>().join(" "),
            "ambiguous",
        ),
        settle::Settled::NoMatch(why) => (1, format!("No legal move heard: {why}."), "none"),
    };
    if a.has("json") {
        let mut v = json!({
            "result": result,
            "engine": rec.name(),
            "locale": locale,
            "hypotheses": hyps,
            "decode_ms": (decode_ms * 10.0).round() / 10.0,
        });
        match &settled {
            settle::Settled::Move { mv, confidence, .. } => {
                v["san"] = json!(san(mv));
                v["confidence"] = json!(confidence);
            }
            settle::Settled::Ambiguous(ms) => {
                v["candidates"] = json!(ms.iter().map(san).collect::<Vec<_>>())
            }
            settle::Settled::NoMatch(why) => v["reason"] = json!(why),
        }
        println!("{v}");
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
