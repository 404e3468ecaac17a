//! Adaptation to one player (issue 12 point 2): the player reads a short
//! script once — every word hector listens for — and PocketSphinx's model
//! is moved towards his voice, his microphone and his room by one MLLR
//! transform (a linear map of the model's means). Debian's `sphinxtrain`
//! (`bw`, `mllr_solve`) and `sphinxbase-utils` (`sphinx_fe`) compute it
//! from the recordings and the script; the recogniser then loads it
//! ([`crate::speech::pocketsphinx::PocketSphinx::adapt`]).
//!
//! The script is made, not written by hand: from moves in fixed positions
//! (and the command phrases), the phrase naming the most words not yet in
//! the script is taken until every word of the locale's moves and commands
//! has been said once.

use super::audio::write_wav;
use super::moves;
use super::recognizer::SpeechError;
use crate::notation::phrase::{self, Form, SayOptions};
use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess, Position};
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::Command;

/// Where Debian's `sphinxtrain` keeps its programs.
const SPHINXTRAIN: &str = "/usr/lib/sphinxtrain";

/// How many times the transform is estimated (each pass aligns the
/// speech with the model as the last one moved it).
const PASSES: usize = 1;

/// The programs adaptation runs.
pub fn tools_missing() -> Vec<String> {
    let mut missing = Vec::new();
    for t in ["sphinx_fe", "pocketsphinx_mdef_convert"] {
        let found = std::env::var_os("PATH")
            .map(|p| std::env::split_paths(&p).any(|d| d.join(t).is_file()))
            .unwrap_or(false);
        if !found {
            missing.push(t.to_string());
        }
    }
    for t in ["bw", "mllr_solve"] {
        let p = Path::new(SPHINXTRAIN).join(t);
        if !p.is_file() {
            missing.push(p.display().to_string());
        }
    }
    missing
}

/// Positions the script's moves come from: every piece can move, both
/// castlings are legal, a pawn can promote.
const POSITIONS: [&str; 4] = [
    "r3k2r/pP4pp/2n2n2/3qp3/2B1P1b1/2NQ1N2/P4PPP/R3K2R w KQkq - 0 12",
    "r3k2r/ppp2ppp/2nqbn2/3pp3/3PP3/2NQBN2/PPP2PPP/R3K2R b KQkq - 4 8",
    "4k3/1P6/8/3Rb3/2N5/5Q2/6B1/4K3 w - - 0 40",
    "6k1/5ppp/8/8/8/8/p4PPP/1R4K1 b - - 0 30",
];

/// One line of the script: what the player reads (and a synthesiser
/// says), and the words the recogniser spells it with.
#[derive(Debug, Clone, PartialEq)]
pub struct Line {
    pub text: String,
    pub words: String,
}

/// The enrolment script of `locale`: every word of its move phrases and
/// command phrases at least once, in as few lines as a greedy choice
/// gives (about a dozen).
pub fn script(locale: &str) -> Vec<Line> {
    let loc = moves::locale(locale);
    let mut candidates: Vec<Line> = Vec::new();
    for fen in POSITIONS {
        let Ok(pos) = fen.parse::<Fen>().map_err(|_| ()).and_then(|f| {
            f.into_position::<Chess>(CastlingMode::Standard)
                .map_err(|_| ())
        }) else {
            continue;
        };
        for m in pos.legal_moves() {
            for (form, pawn_word) in [
                (Form::Long, false),
                (Form::Short, false),
                (Form::Long, true),
            ] {
                let opts = SayOptions::spoken(form, pawn_word);
                let text = phrase::say_with(&pos, m, loc, &opts);
                let words = moves::folded(&text);
                if !words.is_empty() {
                    candidates.push(Line { text, words });
                }
            }
        }
    }
    let mut wanted: BTreeSet<String> = candidates
        .iter()
        .flat_map(|l| l.words.split(' ').map(str::to_string).collect::<Vec<_>>())
        .collect();
    // The commands of the read-back protocol and the clock (D.2.1-D.2.6):
    // their words are wanted too; the other commands' words may come along.
    for (name, text) in crate::locale::session::command_phrases(locale).unwrap_or_default() {
        let words = moves::folded(&text);
        if words.is_empty() {
            continue;
        }
        if super::commands::CORE.contains(&name) {
            wanted.extend(words.split(' ').map(str::to_string));
        }
        candidates.push(Line { text, words });
    }
    let mut out: Vec<Line> = Vec::new();
    while !wanted.is_empty() {
        // The line with the most new words; among equals the shortest,
        // then the first (the script is the same on every run).
        let best = candidates
            .iter()
            .map(|l| {
                let new: BTreeSet<&str> =
                    l.words.split(' ').filter(|w| wanted.contains(*w)).collect();
                (new.len(), l)
            })
            .filter(|(n, _)| *n > 0)
            .max_by(|a, b| a.0.cmp(&b.0).then(b.1.words.len().cmp(&a.1.words.len())));
        let Some((_, line)) = best else { break };
        for w in line.words.split(' ') {
            wanted.remove(w);
        }
        out.push(line.clone());
    }
    out
}

/// A private working folder, removed when dropped.
struct Work(PathBuf);

impl Work {
    fn new() -> Result<Work, SpeechError> {
        use std::sync::atomic::{AtomicUsize, Ordering};
        static N: AtomicUsize = AtomicUsize::new(0);
        let dir = std::env::temp_dir().join(format!(
            "hector-enrol-{}-{}",
            std::process::id(),
            N.fetch_add(1, Ordering::Relaxed)
        ));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(dir.join("acc"))
            .and_then(|_| std::fs::create_dir_all(dir.join("model")))
            .map_err(|e| io_error(&dir, e))?;
        Ok(Work(dir))
    }
}

impl Drop for Work {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn io_error(p: &Path, e: std::io::Error) -> SpeechError {
    SpeechError::Model {
        path: p.display().to_string(),
        why: e.to_string(),
    }
}

fn run(program: &Path, args: &[&str]) -> Result<(), SpeechError> {
    let out = Command::new(program)
        .args(args)
        .output()
        .map_err(|e| SpeechError::Model {
            path: program.display().to_string(),
            why: format!("cannot be run ({e}); install Debian's sphinxtrain and sphinxbase-utils"),
        })?;
    if !out.status.success() {
        let err = String::from_utf8_lossy(&out.stderr);
        let tail: String = err
            .lines()
            .filter(|l| l.contains("ERROR") || l.contains("FATAL"))
            .take(3)
            .collect::<Vec<_>>()
            .join(" / ");
        return Err(SpeechError::Model {
            path: program.display().to_string(),
            why: format!("failed ({}): {tail}", out.status),
        });
    }
    Ok(())
}

/// Computes the player's MLLR transform from his recordings of the script
/// (`(audio, words)` pairs, 16 kHz mono) for the acoustic model `hmm` with
/// the means and variances of `adapted` (hector's shipped adaptation, when
/// there is one) and the pronunciations of `dict`, and writes it to `out`.
pub fn mllr(
    utterances: &[(Vec<i16>, String)],
    hmm: &Path,
    adapted: Option<&Path>,
    dict: &Path,
    out: &Path,
) -> Result<(), SpeechError> {
    if utterances.is_empty() {
        return Err(SpeechError::Decode(
            "there is no recording to adapt to".into(),
        ));
    }
    if let Some(t) = tools_missing().first() {
        return Err(SpeechError::Model {
            path: t.clone(),
            why: "is missing; install Debian's sphinxtrain and sphinxbase-utils".into(),
        });
    }
    let work = Work::new()?;
    let w = &work.0;
    let mut ids = String::new();
    let mut transcription = String::new();
    for (i, (audio, words)) in utterances.iter().enumerate() {
        let id = format!("u{i:03}");
        write_wav(&w.join(format!("{id}.wav")), audio, super::audio::RATE)?;
        ids.push_str(&id);
        ids.push('\n');
        transcription.push_str(&format!("<s> {words} </s> ({id})\n"));
    }
    let write = |name: &str, text: &str| {
        std::fs::write(w.join(name), text).map_err(|e| io_error(&w.join(name), e))
    };
    write("fileids", &ids)?;
    write("transcription", &transcription)?;
    let s = |p: &Path| p.to_string_lossy().into_owned();
    let feat = s(&hmm.join("feat.params"));
    let wdir = s(w);
    run(
        Path::new("sphinx_fe"),
        &[
            "-argfile",
            &feat,
            "-samprate",
            "16000",
            "-c",
            &s(&w.join("fileids")),
            "-di",
            &wdir,
            "-do",
            &wdir,
            "-ei",
            "wav",
            "-eo",
            "mfc",
            "-mswav",
            "yes",
        ],
    )?;
    // The model as it is decoded with: Debian's files, hector's means and
    // variances, the mixture weights as bw reads them.
    let model = w.join("model");
    let entries = std::fs::read_dir(hmm).map_err(|e| io_error(hmm, e))?;
    for e in entries.flatten() {
        let name = e.file_name();
        let n = name.to_string_lossy();
        if matches!(
            n.as_ref(),
            "means" | "variances" | "sendump" | "mixture_weights"
        ) {
            continue;
        }
        std::os::unix::fs::symlink(e.path(), model.join(&name))
            .map_err(|err| io_error(&model, err))?;
    }
    let base = adapted.unwrap_or(hmm);
    for f in ["means", "variances"] {
        std::os::unix::fs::symlink(base.join(f), model.join(f)).map_err(|e| io_error(&model, e))?;
    }
    let sendump = if base.join("sendump").exists() {
        base.join("sendump")
    } else {
        hmm.join("sendump")
    };
    mixture_weights(&sendump, &model.join("mixture_weights"))?;
    run(
        Path::new("pocketsphinx_mdef_convert"),
        &["-text", &s(&hmm.join("mdef")), &s(&w.join("mdef.txt"))],
    )?;
    let solved = w.join("mllr_matrix");
    let passes = std::env::var("HECTOR_ENROL_PASSES")
        .ok()
        .and_then(|v| v.parse::<usize>().ok())
        .unwrap_or(PASSES)
        .clamp(1, 5);
    for pass in 0..passes {
        let (model_s, mdef, noise) = (s(&model), s(&w.join("mdef.txt")), s(&hmm.join("noisedict")));
        let (dict_s, ids, lsn, acc) = (
            s(dict),
            s(&w.join("fileids")),
            s(&w.join("transcription")),
            s(&w.join("acc")),
        );
        let solved_s = s(&solved);
        let mut args: Vec<&str> = vec![
            "-hmmdir",
            &model_s,
            "-moddeffn",
            &mdef,
            "-ts2cbfn",
            ".ptm.",
            "-feat",
            "1s_c_d_dd",
            "-svspec",
            "0-12/13-25/26-38",
            "-cmn",
            "batch",
            "-agc",
            "none",
            "-dictfn",
            &dict_s,
            "-fdictfn",
            &noise,
            "-ctlfn",
            &ids,
            "-lsnfn",
            &lsn,
            "-accumdir",
            &acc,
            "-cepdir",
            &wdir,
        ];
        // Later passes align the speech with the model as the last
        // transform moved it.
        if pass > 0 {
            args.extend(["-mllrmat", &solved_s]);
        }
        run(&Path::new(SPHINXTRAIN).join("bw"), &args)?;
        run(
            &Path::new(SPHINXTRAIN).join("mllr_solve"),
            &[
                "-meanfn",
                &s(&model.join("means")),
                "-varfn",
                &s(&model.join("variances")),
                "-outmllrfn",
                &solved_s,
                "-accumdir",
                &acc,
            ],
        )?;
    }
    plausible(&solved)?;
    std::fs::copy(&solved, out).map_err(|e| io_error(out, e))?;
    Ok(())
}

/// [`mllr`] for hector's default model (Debian's en-us acoustic model, the
/// shipped adaptation and hector's dictionary).
pub fn mllr_default(utterances: &[(Vec<i16>, String)], out: &Path) -> Result<(), SpeechError> {
    #[cfg(feature = "pocketsphinx")]
    {
        use super::pocketsphinx as ps;
        mllr(
            utterances,
            Path::new(ps::DEFAULT_HMM),
            ps::default_adapted().as_deref(),
            &ps::default_dict(),
            out,
        )
    }
    #[cfg(not(feature = "pocketsphinx"))]
    {
        let _ = (utterances, out);
        Err(SpeechError::Model {
            path: "pocketsphinx".into(),
            why: "this hector was built without PocketSphinx".into(),
        })
    }
}

/// hector's adaptation file as read back: PocketSphinx's MLLR transform
/// (one class, the number of streams, then per stream its size d, a d x d
/// matrix, d offsets and d variance scales, all numbers), then
/// optionally the player's pace (`pause_ms N`), which PocketSphinx stops
/// reading before.
#[derive(Debug, Clone, PartialEq)]
pub struct Transform {
    /// The size of each feature stream.
    pub streams: Vec<usize>,
    /// The mean of each stream's matrix diagonal.
    pub diagonals: Vec<f64>,
    pub pace: Option<u32>,
}

impl Transform {
    /// The file's transform, or `None` when it is not laid out as one
    /// (PocketSphinx's own reader checks nothing).
    pub fn read(file: &Path) -> Option<Transform> {
        let text = std::fs::read_to_string(file).ok()?;
        let mut parts = text.splitn(2, "pause_ms");
        let n: Vec<f64> = parts
            .next()?
            .split_whitespace()
            .map(|t| t.parse().ok())
            .collect::<Option<_>>()?;
        let pace = match parts.next() {
            None => None,
            Some(rest) => {
                let mut words = rest.split_whitespace();
                let p: u32 = words.next()?.parse().ok()?;
                if words.next().is_some() || p > 10_000 {
                    return None;
                }
                Some(p)
            }
        };
        if n.len() < 2 || n[0] != 1.0 || !(1.0..=8.0).contains(&n[1]) {
            return None;
        }
        let (mut streams, mut diagonals, mut at) = (Vec::new(), Vec::new(), 2usize);
        for _ in 0..n[1] as usize {
            let d = *n.get(at)?;
            if !(1.0..=200.0).contains(&d) || d.fract() != 0.0 {
                return None;
            }
            let d = d as usize;
            let matrix = n.get(at + 1..at + 1 + d * d)?;
            diagonals.push((0..d).map(|i| matrix[i * d + i]).sum::<f64>() / d as f64);
            streams.push(d);
            at += 1 + d * d + 2 * d;
        }
        (at == n.len()).then_some(Transform {
            streams,
            diagonals,
            pace,
        })
    }

    /// Whether it moves the model rather than shrinking its means towards
    /// zero: a transform estimated from recordings that do not say the
    /// script (or say nothing) has diagonals far from one and would make
    /// hector hear worse.
    pub fn plausible(&self) -> bool {
        self.diagonals.iter().all(|d| (0.15..=5.0).contains(d))
    }
}

/// [`Transform::plausible`] for a freshly estimated transform.
fn plausible(transform: &Path) -> Result<(), SpeechError> {
    if Transform::read(transform).is_some_and(|t| t.plausible()) {
        Ok(())
    } else {
        Err(SpeechError::Decode(
            "the recordings do not fit the script (a line unsaid, or other words): record them again"
                .into(),
        ))
    }
}

/// Appends the player's pace — his longest pause between words in his
/// recordings of the script — to his adaptation file, for the
/// end-of-utterance detector (`play --voice --adaptation`).
pub fn write_pace(file: &Path, recordings: &[Vec<i16>]) -> Result<Option<u32>, SpeechError> {
    let Some(p) = super::vad::longest_pause_ms(recordings, super::vad::VadConfig::default()) else {
        return Ok(None);
    };
    use std::io::Write;
    std::fs::OpenOptions::new()
        .append(true)
        .open(file)
        .and_then(|mut f| writeln!(f, "pause_ms {p}"))
        .map_err(|e| io_error(file, e))?;
    Ok(Some(p))
}

/// The player's pace written by [`write_pace`], if the file has one.
pub fn pace(file: &Path) -> Option<u32> {
    Transform::read(file)?.pace
}

/// Writes the mixture weights of a quantised `sendump` (as the Debian model
/// ships them: one byte per weight, p = 1.0001^-(byte << 10)) in the s3
/// format `bw` reads, each mixture normalised.
fn mixture_weights(sendump: &Path, out: &Path) -> Result<(), SpeechError> {
    let d = std::fs::read(sendump).map_err(|e| io_error(sendump, e))?;
    let bad = || SpeechError::Model {
        path: sendump.display().to_string(),
        why: "is not a sendump file".into(),
    };
    let int = |off: usize| -> Result<i32, SpeechError> {
        d.get(off..off + 4)
            .map(|b| i32::from_le_bytes([b[0], b[1], b[2], b[3]]))
            .ok_or_else(bad)
    };
    let mut off = 0usize;
    loop {
        let n = int(off)?;
        off += 4;
        if n == 0 {
            break;
        }
        off += usize::try_from(n).map_err(|_| bad())?;
    }
    let n_density = usize::try_from(int(off)?).map_err(|_| bad())?;
    let n_sen = usize::try_from(int(off + 4)?).map_err(|_| bad())?;
    off += 8;
    if n_density == 0 || n_sen == 0 || d.len() <= off {
        return Err(bad());
    }
    let n_feat = (d.len() - off) / (n_density * n_sen);
    let k = 1024.0 * 1.0001f64.ln();
    let probs: Vec<f64> = (0..256).map(|v| (-(v as f64) * k).exp()).collect();
    let mut body: Vec<u8> = Vec::with_capacity(n_sen * n_feat * n_density * 4 + 64);
    body.extend_from_slice(b"s3\nversion 1.0\nendhdr\n");
    body.extend_from_slice(&0x1122_3344u32.to_le_bytes());
    for v in [n_sen, n_feat, n_density, n_sen * n_feat * n_density] {
        body.extend_from_slice(&(v as i32).to_le_bytes());
    }
    let mut row = vec![0f64; n_density];
    for s in 0..n_sen {
        for f in 0..n_feat {
            for (i, r) in row.iter_mut().enumerate() {
                let b = *d
                    .get(off + (f * n_density + i) * n_sen + s)
                    .ok_or_else(bad)?;
                *r = probs[b as usize];
            }
            let total: f64 = row.iter().sum();
            for r in &row {
                body.extend_from_slice(&((r / total) as f32).to_le_bytes());
            }
        }
    }
    std::fs::write(out, body).map_err(|e| io_error(out, e))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A transform file: one class, three streams of 13, each matrix
    /// `scale` times the identity.
    fn transform(scale: f64) -> String {
        let mut t = String::from("1\n3\n");
        for _ in 0..3 {
            t.push_str("13\n");
            for r in 0..13 {
                for c in 0..13 {
                    let v = if r == c { scale } else { 0.0 };
                    t.push_str(&format!("{v} "));
                }
                t.push('\n');
            }
            t.push_str(&"0 ".repeat(13));
            t.push('\n');
            t.push_str(&"1 ".repeat(13));
            t.push('\n');
        }
        t
    }

    #[test]
    fn a_transform_that_shrinks_the_model_is_refused() {
        let dir = std::env::temp_dir().join(format!("hector-plausible-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let f = dir.join("t.mllr");
        for (scale, ok) in [(1.0, true), (0.8, true), (0.03, false), (40.0, false)] {
            std::fs::write(&f, transform(scale)).unwrap();
            assert_eq!(plausible(&f).is_ok(), ok, "{scale}");
        }
        std::fs::write(&f, "1\n3\n13\n0.5").unwrap();
        assert!(plausible(&f).is_err());
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn the_script_says_every_word_of_the_locale_once() {
        for loc in crate::speech::wording::LOCALES {
            let s = script(loc);
            let said: BTreeSet<&str> = s.iter().flat_map(|l| l.words.split(' ')).collect();
            // Every file, rank and piece word of the locale, both castlings
            // and the words of yes, no, time, moves, draw, resign ….
            let mut want: Vec<String> = crate::speech::commands::phrases(loc)
                .into_iter()
                .filter(|(n, _)| crate::speech::commands::CORE.contains(n))
                .flat_map(|(_, p)| p.split(' ').map(str::to_string).collect::<Vec<_>>())
                .collect();
            // (the locale's own words; the FIDE words another locale also
            // hears are not asked of its players)
            let pos = Chess::default();
            for m in pos.legal_moves() {
                for form in [Form::Short, Form::Long] {
                    let opts = SayOptions::spoken(form, true);
                    let p = moves::folded(&phrase::say_with(&pos, m, moves::locale(loc), &opts));
                    want.extend(p.split(' ').map(str::to_string));
                }
            }
            for w in &want {
                assert!(said.contains(w.as_str()), "{loc}: {w} is not in the script");
            }
            let castling: Chess = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"
                .parse::<Fen>()
                .unwrap()
                .into_position(CastlingMode::Standard)
                .unwrap();
            for m in castling.legal_moves() {
                if m.is_castle() {
                    let opts = SayOptions::spoken(Form::Short, false);
                    let p =
                        moves::folded(&phrase::say_with(&castling, m, moves::locale(loc), &opts));
                    for w in p.split(' ') {
                        assert!(
                            said.contains(w),
                            "{loc}: castling's {w} is not in the script"
                        );
                    }
                }
            }
            assert!(s.len() <= 40, "{loc}: {} lines", s.len());
            assert_eq!(s, script(loc), "{loc}: the script changes");
        }
    }
}
