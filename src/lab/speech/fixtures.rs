//! The spoken-move fixtures (tests/audio/manifest.tsv) and a measured run of
//! a recogniser over them: used by the accuracy test and `hector-lab listen --bench`.

use super::audio;
use super::moves::{legal_phrases, position};
use super::recognizer::{Recognizer, SpeechError};
use super::settle::Settled;
use shakmaty::Chess;
use shakmaty::san::SanPlus;
use std::path::{Path, PathBuf};
use std::time::Instant;

/// One recorded move and what it should be heard as.
#[derive(Debug, Clone)]
pub struct Fixture {
    pub file: PathBuf,
    pub locale: String,
    pub position: Chess,
    /// Expected move, English SAN with check suffix.
    pub san: String,
    pub phrase: String,
}

/// The fixtures directory of the source tree.
pub fn default_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/audio")
}

/// Reads `dir/manifest.tsv`.
pub fn load(dir: &Path) -> Result<Vec<Fixture>, String> {
    let path = dir.join("manifest.tsv");
    let text = std::fs::read_to_string(&path)
        .map_err(|e| format!("The manifest {} cannot be read: {e}.", path.display()))?;
    let mut out = Vec::new();
    for (n, line) in text.lines().enumerate() {
        if line.starts_with('#') || line.trim().is_empty() {
            continue;
        }
        let cols: Vec<&str> = line.split('\t').collect();
        if cols.len() < 6 {
            return Err(format!(
                "{} line {}: too few columns.",
                path.display(),
                n + 1
            ));
        }
        let position = position(Some(cols[2]), Some(cols[3]))
            .map_err(|e| format!("{} line {}: {e}", path.display(), n + 1))?;
        out.push(Fixture {
            file: dir.join(cols[0]),
            locale: cols[1].to_string(),
            position,
            san: cols[4].to_string(),
            phrase: cols[5].to_string(),
        });
    }
    Ok(out)
}

/// What happened to one fixture.
#[derive(Debug, Clone)]
pub struct Trial {
    pub settled: Settled,
    /// The decided move in English SAN, when there was exactly one.
    pub san: Option<String>,
    pub correct: bool,
    /// Grammar switch for the fixture's position.
    pub grammar_ms: f64,
    /// Whole decode: start of utterance to hypotheses.
    pub decode_ms: f64,
    /// End of audio (last chunk given) to the decided move.
    pub latency_ms: f64,
}

/// Listens to one fixture as a microphone would deliver it (20 ms chunks).
pub fn run(rec: &mut dyn Recognizer, f: &Fixture) -> Result<Trial, SpeechError> {
    let samples = audio::read_wav(&f.file)?;
    let phrases = legal_phrases(&f.position, &f.locale);
    let texts: Vec<String> = phrases.iter().map(|(_, p)| p.clone()).collect();
    rec.set_language(&f.locale);
    let t0 = Instant::now();
    rec.set_phrases(&texts)?;
    let grammar_ms = t0.elapsed().as_secs_f64() * 1e3;
    let t1 = Instant::now();
    rec.begin()?;
    for chunk in samples.chunks(audio::RATE as usize / 50) {
        rec.feed(chunk)?;
    }
    let t2 = Instant::now();
    let hyps = rec.finish()?;
    let settled = super::settle::settle_in(&hyps, &phrases, &f.position, &f.locale);
    let t3 = Instant::now();
    let san = match &settled {
        Settled::Move { mv, .. } => Some(SanPlus::from_move(f.position.clone(), *mv).to_string()),
        _ => None,
    };
    Ok(Trial {
        correct: san.as_deref() == Some(f.san.as_str()),
        san,
        settled,
        grammar_ms,
        decode_ms: (t3 - t1).as_secs_f64() * 1e3,
        latency_ms: (t3 - t2).as_secs_f64() * 1e3,
    })
}

/// Decodes one fixture as a whole utterance (as `hector listen --wav` and
/// `hector play --voice` do after end-of-utterance detection): milliseconds
/// from the end of the audio to the decided move, and whether it was right.
pub fn run_whole(rec: &mut dyn Recognizer, f: &Fixture) -> Result<(f64, bool), SpeechError> {
    let samples = audio::read_wav(&f.file)?;
    let phrases = legal_phrases(&f.position, &f.locale);
    let texts: Vec<String> = phrases.iter().map(|(_, p)| p.clone()).collect();
    rec.set_language(&f.locale);
    rec.set_phrases(&texts)?;
    let t0 = Instant::now();
    let hyps = rec.recognize(&samples)?;
    let settled = super::settle::settle_in(&hyps, &phrases, &f.position, &f.locale);
    let ms = t0.elapsed().as_secs_f64() * 1e3;
    let right = match settled {
        Settled::Move { mv, .. } => SanPlus::from_move(f.position.clone(), mv).to_string() == f.san,
        _ => false,
    };
    Ok((ms, right))
}

/// The `p`-th percentile (0–100) of `values`, nearest rank.
pub fn percentile(values: &[f64], p: f64) -> f64 {
    if values.is_empty() {
        return 0.0;
    }
    let mut v = values.to_vec();
    v.sort_by(f64::total_cmp);
    let rank = ((p / 100.0) * v.len() as f64).ceil() as usize;
    v[rank.clamp(1, v.len()) - 1]
}
