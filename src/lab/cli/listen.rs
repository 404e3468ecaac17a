//! `hector-lab listen`: the recogniser measured. `--bench` on generated
//! speech (with `--silence` the end-of-utterance detector, with
//! `--first-sound` what the player feels), on the committed fixture
//! recordings (`--fixtures`, `--dir`); `--generate DIR` writes a generated
//! set. A player's `hector listen` (one move from a WAV file or the
//! microphone, the phrases and the vocabulary) stays in `hector`.

use crate::cli::args::Args;
use crate::cli::listen::engine_from_args;
use crate::lab::speech::fixtures;
use crate::speech::{audio, moves, settle};
use serde_json::json;
use std::path::Path;

/// Entry point of `hector-lab listen`: `--generate DIR` or `--bench`.
pub fn run(a: &Args) -> i32 {
    if let Some(dir) = a.get("generate") {
        return generate(a, Path::new(dir));
    }
    if !a.has("bench") {
        eprintln!(
            "hector-lab listen measures the recogniser: give --bench or --generate DIR (a move from a recording or the microphone: hector listen)."
        );
        return 2;
    }
    if a.has("fixtures") || a.get("dir").is_some() {
        return bench(a);
    }
    if let Some(w) = a.get("silence") {
        return bench_silence(a, w);
    }
    if a.has("first-sound") {
        return bench_first_sound(a);
    }
    if a.has("start") {
        return bench_start(a);
    }
    if a.has("lovo") {
        return match bench_lovo(a) {
            Ok(()) => 0,
            Err(e) => {
                eprintln!("{e}");
                1
            }
        };
    }
    bench_generated(a)
}

/// One locale of a leave-one-voice-out run: its voices, its samples (with
/// whether each is for tuning) and what was heard.
type LocaleHeard = (
    String,
    Vec<String>,
    Vec<(crate::lab::speech::generate::Sample, bool)>,
    Vec<crate::lab::speech::lovo::Item>,
);

/// `--bench --lovo`: leave-one-voice-out. For every locale, every installed
/// voice (flite, festival, espeak-ng; `--voices` to choose) says `--count`
/// moves on the report seed (`--seed`, default 2; `--count`, default 20),
/// `--tune-count` moves (default 10) on the tuning seed (`--tune-seed`,
/// default 3), and `--talk` non-chess sentences (default 3) per seed and
/// condition (clean and `--snr` dB, default 20). With `--own-moves` each
/// voice says its own report moves (drawn from the report seed and its
/// name), so that the report covers `--count` moves per voice, not
/// `--count` moves in all.
/// For each voice the decision thresholds are tuned on the others' tuning
/// samples and the voice's report samples judged with them.
fn bench_lovo(a: &Args) -> Result<(), String> {
    use crate::lab::speech::{bench as b, generate as g, lovo};
    use crate::speech::listener::Listener;
    let o = set_options(a)?;
    let num = |k: &str, d: i64| -> Result<i64, String> {
        match a.get(k) {
            Some(v) => v
                .parse()
                .map_err(|_| format!("--{k} must be a whole number, not '{v}'.")),
            None => Ok(d),
        }
    };
    let tune_seed = num("tune-seed", 3)?;
    let snr = num("snr", 20)?;
    let talk = num("talk", 3)?;
    if tune_seed < 0 || tune_seed as u64 == o.seed {
        return Err(
            "--tune-seed must not be negative and must differ from the report seed (--seed)."
                .into(),
        );
    }
    if !(0..=60).contains(&snr) || talk < 0 {
        return Err("--snr must be 0 to 60 dB and --talk must not be negative.".into());
    }
    let count = if a.get("count").is_some() {
        o.count
    } else {
        20
    };
    let tune_count = num("tune-count", 10)?;
    if tune_count <= 0 {
        return Err("--tune-count must be positive.".into());
    }
    let streamed = !a.has("whole");
    let own_moves = a.has("own-moves");
    // How the samples were drawn, for the report's headings.
    let drawn = (tune_count, tune_seed, count, talk, o.seed, own_moves);
    // `--denoise`: every sample through the denoising front first.
    let denoise = a.has("denoise");
    if denoise && !cfg!(feature = "denoise") {
        return Err(
            "--denoise needs hector-lab built with the denoising front: cargo build --release --features denoise"
                .into(),
        );
    }
    let cache_file = a.get("cache").map(std::path::PathBuf::from);
    let mut cache = cache_file
        .as_deref()
        .map(lovo::read_cache)
        .unwrap_or_default();
    // `--engine both`: PocketSphinx and Whisper hear the same samples;
    // each alone and their combinations are reported.
    let both = a.get("engine") == Some("both");
    let rec = if both {
        crate::speech::engine::open("pocketsphinx", None).map_err(|e| e.to_string())?
    } else {
        engine_from_args(a).map_err(|e| e.to_string())?
    };
    let mut listener = Listener::new(rec);
    let mut second = if both {
        Some(
            // Its lists before the rejection of talk, which the folds tune.
            crate::speech::engine::open_unjudged(
                "whisper",
                a.get("model").map(std::path::Path::new),
            )
            .map_err(|e| e.to_string())?,
        )
    } else {
        None
    };
    let chosen: Option<Vec<String>> = a
        .get("voices")
        .map(|v| v.split(',').map(str::to_string).collect());
    let conditions = vec![None, Some(snr as i32)];
    // `--margin off`: the folds choose among thresholds without the
    // margin rule, as hector ships them (listener::MARGIN).
    let grid: Vec<_> = match a.get("margin") {
        Some("off") => lovo::grid()
            .into_iter()
            .filter(|t| t.margin.is_infinite())
            .collect(),
        Some(other) => return Err(format!("--margin takes only 'off', not '{other}'.")),
        None => lovo::grid(),
    };
    // Every locale is heard first: a fold tunes on every other voice of
    // every language, as hector ships one set of thresholds.
    let mut heard: Vec<LocaleHeard> = Vec::new();
    let mut heard2: Vec<Vec<lovo::Item>> = Vec::new();
    for loc in &o.locales {
        let voices: Vec<String> = match &chosen {
            Some(c) => {
                let known = g::voices(loc);
                c.iter().filter(|v| known.contains(v)).cloned().collect()
            }
            None => g::voices(loc),
        };
        if voices.is_empty() {
            println!("== {loc}: no voice chosen or installed");
            continue;
        }
        let plan = lovo::Plan {
            locale: loc.clone(),
            voices: voices.clone(),
            tune_seed: tune_seed as u64,
            report_seed: o.seed,
            count,
            tune_count: tune_count as usize,
            non_chess: talk as usize,
            conditions: conditions.clone(),
            own_moves,
        };
        let samples = lovo::samples(&plan);
        let commands = crate::speech::commands::phrases(loc);
        let total = samples.len();
        let mut recs: Vec<&mut dyn crate::speech::Recognizer> = vec![listener.recognizer()];
        if let Some(w) = second.as_mut() {
            recs.push(w.as_mut());
        }
        let mut got = lovo::hear_all(
            &mut recs,
            "",
            &samples,
            &commands,
            streamed,
            denoise,
            &mut cache,
            cache_file.as_deref(),
            |n| {
                if n % 100 == 0 {
                    eprintln!("{loc}: {n}/{total} heard");
                }
            },
        )
        .map_err(|e| e.to_string())?;
        let items = got.remove(0);
        if let Some(w) = got.pop() {
            heard2.push(w);
        }
        heard.push((loc.clone(), voices, samples, items));
    }
    let all_voices: Vec<String> = heard.iter().flat_map(|h| h.1.iter().cloned()).collect();
    if all_voices.len() < 2 {
        return Err("Leave-one-voice-out needs at least two voices (--voices).".into());
    }
    if both {
        // Each engine alone, then the two combinations, side by side.
        let alone: Vec<LocaleHeard> = heard
            .iter()
            .zip(&heard2)
            .map(|(h, w)| (h.0.clone(), h.1.clone(), h.2.clone(), w.clone()))
            .collect();
        let mut variants: Vec<(String, Vec<LocaleHeard>, u8, bool)> = vec![
            ("pocketsphinx".into(), heard.clone(), 0, false),
            ("whisper".into(), alone, 1, false),
        ];
        for rule in [
            lovo::Rule::Average,
            lovo::Rule::Cascade,
            lovo::Rule::Reverse,
            lovo::Rule::Opinion(0.0, crate::speech::listener::Dispute::NEVER),
        ] {
            let combined = heard
                .iter()
                .zip(&heard2)
                .map(|(h, w)| {
                    (
                        h.0.clone(),
                        h.1.clone(),
                        h.2.clone(),
                        lovo::combine(&h.3, w, rule),
                    )
                })
                .collect();
            variants.push((
                format!("pocketsphinx + whisper ({})", rule.name()),
                combined,
                2,
                matches!(rule, lovo::Rule::Opinion(..)),
            ));
        }
        for (name, v, which, opinion) in &variants {
            println!("######## engine: {name}");
            lovo_report(
                v,
                (*which, *opinion),
                &all_voices,
                &grid,
                &conditions,
                drawn,
                streamed,
            );
        }
        return Ok(());
    }
    let whisper = if a.get("engine") == Some("whisper") {
        1
    } else {
        0
    };
    let folds = lovo_report(
        &heard,
        (whisper, false),
        &all_voices,
        &grid,
        &conditions,
        drawn,
        streamed,
    );
    for (loc, voices, samples, items) in &heard {
        let mine: Vec<lovo::Fold> = folds
            .iter()
            .filter(|f| voices.contains(&f.voice))
            .cloned()
            .collect();
        let Some(v) = a.get("enrolled").filter(|v| voices.iter().any(|x| x == *v)) else {
            continue;
        };
        let report: Vec<(g::Sample, bool)> = samples.iter().filter(|(_, t)| !t).cloned().collect();
        let Some((first, _)) = report
            .iter()
            .find(|(s, _)| s.voice == v && s.snr_db.is_none())
        else {
            continue;
        };
        b::enrol_speaker(&mut listener, first).map_err(|e| e.to_string())?;
        let commands = crate::speech::commands::phrases(loc);
        let enrolled = lovo::hear_all(
            &mut [listener.recognizer()],
            &format!("enrolled:{v}"),
            &report,
            &commands,
            streamed,
            denoise,
            &mut cache,
            cache_file.as_deref(),
            |_| {},
        )
        .map_err(|e| e.to_string())?
        .remove(0);
        println!(
            "== {loc}: enrolled as {v} (each voice with its fold's thresholds), without -> with:"
        );
        for f in &mine {
            for cond in &conditions {
                let c = lovo::condition(*cond);
                let pick = |set: &[lovo::Item]| -> lovo::Count {
                    lovo::Count::of(
                        set.iter().filter(|i| {
                            !i.tuning && i.sample.voice == f.voice && i.condition() == c
                        }),
                        &f.thresholds,
                    )
                };
                let (before, after) = (pick(items), pick(&enrolled));
                let pc = |x: &lovo::Count| 100.0 * x.right as f64 / x.moves.max(1) as f64;
                println!(
                    "  {}{:<28} {c:>6}  right {:5.1} -> {:5.1} %  wrong {} -> {}  non-chess taken {} -> {}",
                    if f.voice == v { "*" } else { " " },
                    f.voice,
                    pc(&before),
                    pc(&after),
                    before.wrong,
                    after.wrong,
                    before.talk_taken,
                    after.talk_taken
                );
            }
        }
        // Back to the unadapted model for the next locale.
        listener = Listener::new(engine_from_args(a).map_err(|e| e.to_string())?);
    }
    Ok(())
}

/// The leave-one-voice-out report of one engine (or combination): per
/// locale the folds of its voices, then the thresholds tuned on every
/// voice and the decode time. Returns the folds.
///
/// `(whisper, opinion)`: where Whisper's list is (0 nowhere, 1 the heard
/// one, 2 the second) and whether the rule weighs PocketSphinx's opinion.
fn lovo_report(
    heard: &[LocaleHeard],
    (whisper, opinion): (u8, bool),
    all_voices: &[String],
    grid: &[crate::speech::listener::Thresholds],
    conditions: &[Option<i32>],
    (tune_count, tune_seed, count, talk, seed, own): (i64, i64, usize, i64, u64, bool),
    streamed: bool,
) -> Vec<crate::lab::speech::lovo::Fold> {
    use crate::lab::speech::lovo;
    // Whisper's "something else" margin and its rejection of talk by the
    // free transcript are tuned with the thresholds.
    let extra: Vec<lovo::Knobs> = if whisper == 0 {
        vec![lovo::Knobs::NONE]
    } else {
        // The lists are decoded with the shipped margin (52.5 nats): the
        // folds choose among 22.5, 32.5, 52.5 and none (a sharpened
        // softmax, temperature ½ or ¼, was never chosen). The other
        // engine's weight and its gate on talk matter only to the rule
        // that weighs it, and so do the disputes (a command against
        // PocketSphinx's move at 0.99 asked again; a move against it a
        // choice), offered first: where the tuning samples cannot tell, a
        // fold keeps them rather than carry out a command or read back a
        // move the other engine heard as another move.
        use crate::speech::listener::Dispute;
        let (weights, gates, disputes, agrees): (&[f32], &[f32], &[Dispute], &[bool]) = if opinion {
            (
                &[0.0, 0.5, 1.0],
                &[f32::INFINITY, 0.45, 0.5, 0.55],
                &[
                    Dispute {
                        command: 0.99,
                        moves: 0.99,
                    },
                    Dispute {
                        command: 0.99,
                        moves: f32::INFINITY,
                    },
                    Dispute::NEVER,
                ],
                // `HECTOR_LAB_AGREE=0`: the gate is never opened by agreement.
                if std::env::var("HECTOR_LAB_AGREE").is_ok_and(|v| v == "0") {
                    &[false]
                } else {
                    &[false, true]
                },
            )
        } else {
            (&[0.0], &[f32::INFINITY], &[Dispute::NEVER], &[false])
        };
        // How much the free transcript reweighs the list (and where talk
        // lies): `HECTOR_LAB_HEED` = "heed:talk_at,…" (none by default).
        let heeds: Vec<(f32, f32)> = std::iter::once((0.0, 0.5))
            .chain(
                std::env::var("HECTOR_LAB_HEED")
                    .unwrap_or_default()
                    .split(',')
                    .filter_map(|x| {
                        let (h, t) = x.split_once(':')?;
                        Some((h.trim().parse().ok()?, t.trim().parse().ok()?))
                    }),
            )
            .collect();
        let mut v = Vec::new();
        for raise in [-30.0, -20.0, 0.0, f32::INFINITY] {
            // Where the tuning samples cannot tell, the rejection at 0.5
            // (offered first) is kept: talk both engines land on one
            // move is rare and a tuning set holds little of it.
            for reject in [0.5, f32::INFINITY, 0.6, 0.7] {
                for weight in weights {
                    for gate in gates {
                        for dispute in disputes {
                            for agree in agrees {
                                // Open or shut, no gate is no gate.
                                if *agree && *gate > 1.0 {
                                    continue;
                                }
                                for (heed, talk_at) in &heeds {
                                    v.push(lovo::Knobs {
                                        raise,
                                        reject,
                                        weight: *weight,
                                        dispute: *dispute,
                                        gate: *gate,
                                        agree: *agree,
                                        heed: *heed,
                                        talk_at: *talk_at,
                                    });
                                }
                            }
                        }
                    }
                }
            }
        }
        v
    };
    // `HECTOR_LAB_SHIPPED=1`: the pair judged with what hector ships (its
    // thresholds, gate, opinion and disputes) on every voice, no fold
    // tuned: what a player of these voices gets.
    #[cfg(feature = "whisper")]
    let (extra, grid) = if opinion && std::env::var("HECTOR_LAB_SHIPPED").is_ok_and(|v| v == "1") {
        use crate::speech::whisper::both;
        let knobs = lovo::Knobs {
            reject: both::REJECT,
            weight: both::OPINION,
            dispute: both::DISPUTE,
            gate: both::GATE,
            agree: both::AGREE,
            ..lovo::Knobs::NONE
        };
        (vec![knobs], &[both::THRESHOLDS][..])
    } else {
        (extra, grid)
    };
    let every: Vec<lovo::Item> = heard.iter().flat_map(|h| h.3.iter().cloned()).collect();
    let variants: Vec<Vec<lovo::Item>> = extra
        .iter()
        .map(|x| lovo::with_knobs(&every, whisper, *x))
        .collect();
    let folds = lovo::folds_over(&variants, all_voices, grid);
    let (mut all_ms, mut all_cpu) = (Vec::new(), Vec::new());
    for (loc, voices, _, items) in heard {
        all_ms.extend(items.iter().map(|i| i.heard.ms));
        all_cpu.extend(items.iter().map(|i| i.heard.cpu_ms));
        let mine: Vec<lovo::Fold> = folds
            .iter()
            .filter(|f| voices.contains(&f.voice))
            .cloned()
            .collect();
        println!(
            "== {loc}: leave-one-voice-out over {} voices of {} languages, {} voices here; per voice and condition {tune_count} moves on tuning seed {tune_seed}, {count} on report seed {seed}{}, {talk} non-chess sentences on each",
            all_voices.len(),
            heard.len(),
            voices.len(),
            if own {
                " (each voice its own moves)"
            } else {
                ""
            },
        );
        let local: Vec<Vec<lovo::Item>> = extra
            .iter()
            .map(|x| lovo::with_knobs(items, whisper, *x))
            .collect();
        let local: Vec<&[lovo::Item]> = local.iter().map(|v| v.as_slice()).collect();
        print!("{}", lovo::report_over(&local, &mine, conditions, &extra));
    }
    let tuning: Vec<&lovo::Item> = every.iter().filter(|i| i.tuning).collect();
    println!(
        "tuned on every voice (tuning seed only): {}",
        lovo::describe(&lovo::tune(&tuning, grid))
    );
    println!(
        "{}; CPU ms (both cores) p50 {:.1} p95 {:.1}",
        latency_line(&all_ms, "n-best", streamed),
        fixtures::percentile(&all_cpu, 50.0),
        fixtures::percentile(&all_cpu, 95.0),
    );
    folds
}

/// The latency line of a bench: `N utterances: end of audio -> WHAT ms
/// p50 … p95 … max … (streamed in 20 ms chunks | whole utterances)`.
fn latency_line(ms: &[f64], what: &str, streamed: bool) -> String {
    let p = fixtures::percentile;
    format!(
        "{} utterances: end of audio -> {what} ms p50 {:.1} p95 {:.1} max {:.1} ({})",
        ms.len(),
        p(ms, 50.0),
        p(ms, 95.0),
        p(ms, 100.0),
        if streamed {
            "streamed in 20 ms chunks"
        } else {
            "whole utterances"
        }
    )
}

/// `--bench`: listens to every fixture (`--dir`, default tests/audio) and
/// prints the decode time per utterance and the end-of-audio → decided-move
/// latency (p50, p95), with the accuracy per locale.
fn bench(a: &Args) -> i32 {
    let dir = a
        .get("dir")
        .map(std::path::PathBuf::from)
        .unwrap_or_else(fixtures::default_dir);
    let list = match fixtures::load(&dir) {
        Ok(l) => l,
        Err(e) => {
            eprintln!("{e}");
            return 1;
        }
    };
    let mut rec = match engine_from_args(a) {
        Ok(r) => r,
        Err(e) => {
            eprintln!("{e}");
            return 1;
        }
    };
    let (mut decode, mut latency, mut switch) = (Vec::new(), Vec::new(), Vec::new());
    let mut per_locale: std::collections::BTreeMap<String, (usize, usize)> = Default::default();
    println!("file\tdecode_ms\tlatency_ms\texpected\theard");
    for f in &list {
        let t = match fixtures::run(rec.as_mut(), f) {
            Ok(t) => t,
            Err(e) => {
                eprintln!("{}: {e}", f.file.display());
                return 1;
            }
        };
        let name = f.file.file_name().unwrap_or_default().to_string_lossy();
        let heard = match &t.settled {
            settle::Settled::Move { .. } => t.san.clone().unwrap_or_default(),
            settle::Settled::Ambiguous(ms) => format!("choice of {}", ms.len()),
            settle::Settled::NoMatch(_) => "nothing".into(),
        };
        println!(
            "{name}\t{:.1}\t{:.2}\t{}\t{heard}",
            t.decode_ms, t.latency_ms, f.san
        );
        decode.push(t.decode_ms);
        latency.push(t.latency_ms);
        switch.push(t.grammar_ms);
        let e = per_locale.entry(f.locale.clone()).or_default();
        e.0 += t.correct as usize;
        e.1 += 1;
    }
    let (mut whole, mut whole_ok) = (Vec::new(), 0usize);
    for f in &list {
        match fixtures::run_whole(rec.as_mut(), f) {
            Ok((ms, ok)) => {
                whole.push(ms);
                whole_ok += ok as usize;
            }
            Err(e) => {
                eprintln!("{}: {e}", f.file.display());
                return 1;
            }
        }
    }
    let p = fixtures::percentile;
    println!(
        "streamed in 20 ms chunks (a microphone session), {} utterances:",
        list.len()
    );
    println!(
        "engine {}, {} utterances; decode ms p50 {:.1} p95 {:.1} max {:.1}",
        rec.name(),
        list.len(),
        p(&decode, 50.0),
        p(&decode, 95.0),
        p(&decode, 100.0)
    );
    println!(
        "end of audio -> decided move latency ms p50 {:.1} p95 {:.1} (target p95 <= 120)",
        p(&latency, 50.0),
        p(&latency, 95.0)
    );
    println!(
        "grammar switch ms p50 {:.1} p95 {:.1}",
        p(&switch, 50.0),
        p(&switch, 95.0)
    );
    for (loc, (ok, n)) in &per_locale {
        println!(
            "accuracy {loc}: {ok}/{n} = {:.1} %",
            100.0 * *ok as f64 / (*n).max(1) as f64
        );
    }
    println!(
        "whole utterances (listen --wav, play --voice after end of speech): end of audio -> decided move ms p50 {:.1} p95 {:.1}; right {whole_ok}/{}",
        p(&whole, 50.0),
        p(&whole, 95.0),
        whole.len()
    );
    0
}

/// The set options shared by `--bench` and `--generate`: seed, locales,
/// count and loudest noise.
struct SetOptions {
    seed: u64,
    count: usize,
    loudest: i32,
    player: usize,
    locales: Vec<String>,
}

fn set_options(a: &Args) -> Result<SetOptions, String> {
    let num = |k: &str, d: i64| -> Result<i64, String> {
        match a.get(k) {
            Some(v) => v
                .parse()
                .map_err(|_| format!("--{k} must be a whole number, not '{v}'.")),
            None => Ok(d),
        }
    };
    let (seed, count, loudest) = (num("seed", 2)?, num("count", 100)?, num("loudest", -30)?);
    if seed < 0 || count <= 0 || !(-60..=0).contains(&loudest) {
        return Err(
            "--seed must not be negative, --count must be positive and --loudest between -60 and 0 dBFS."
                .into(),
        );
    }
    let player = num("player", 0)?;
    if player < 0 {
        return Err("--player must not be negative (0: a new speaker every move).".into());
    }
    let locales: Vec<String> = a
        .get("locales")
        .unwrap_or("de,en,pl,sr,el")
        .split(',')
        .map(str::to_string)
        .collect();
    if let Some(l) = locales
        .iter()
        .find(|l| !crate::speech::wording::LOCALES.contains(&l.as_str()))
    {
        return Err(format!(
            "Unknown locale '{l}': choose from de, en, pl, sr, el."
        ));
    }
    let missing = crate::lab::speech::generate::tools_missing();
    if !missing.is_empty() {
        return Err(format!(
            "The speech generator needs {} (./setup.sh installs them).",
            missing.join(" and ")
        ));
    }
    Ok(SetOptions {
        seed: seed as u64,
        count: count as usize,
        loudest: loudest as i32,
        player: player as usize,
        locales,
    })
}

/// `--generate DIR`: writes a generated set as WAV files (16 kHz) with
/// `DIR/samples.jsonl` (one sample per line) — for adapting the acoustic
/// model (models/pocketsphinx/adapt.py) or listening to it.
fn generate(a: &Args, dir: &Path) -> i32 {
    use crate::lab::speech::generate as g;
    let o = match set_options(a) {
        Ok(o) => o,
        Err(e) => {
            eprintln!("{e}");
            return 1;
        }
    };
    if let Err(e) = std::fs::create_dir_all(dir) {
        eprintln!("The folder {} cannot be made: {e}.", dir.display());
        return 1;
    }
    let rounds: usize = match a.get("command-rounds").map(str::parse) {
        None => 0,
        Some(Ok(n)) => n,
        Some(Err(_)) => {
            eprintln!(
                "--command-rounds must be a whole number (how often every command phrase is said)."
            );
            return 1;
        }
    };
    let mut lines = String::new();
    for loc in &o.locales {
        let mut spec = g::SetSpec::new(o.seed, loc);
        spec.loudest = o.loudest;
        spec.player = o.player;
        let mut samples: Vec<(String, g::Sample)> = g::move_set(&spec, o.count)
            .into_iter()
            .map(|s| (format!("{loc}-{:04}", s.id), s))
            .collect();
        // --command-rounds N: every command phrase N more times, each round
        // by other drawn speakers (seeds far from the benches' seed + 1000).
        let phrases = g::command_texts(loc, usize::MAX);
        for k in 0..rounds {
            let mut spec = g::SetSpec::new(o.seed + 1_000_000 * (k as u64 + 1), loc);
            spec.loudest = o.loudest;
            samples.extend(
                g::phrase_set(&spec, &phrases)
                    .into_iter()
                    .map(|s| (format!("{loc}-c{k}-{:04}", s.id), s)),
            );
        }
        for (name, s) in samples {
            let pcm = match g::render(&s) {
                Ok(p) => p,
                Err(e) => {
                    eprintln!("{e}");
                    return 1;
                }
            };
            if let Err(e) = audio::write_wav(&dir.join(format!("{name}.wav")), &pcm, audio::RATE) {
                eprintln!("{e}");
                return 1;
            }
            let mut v = serde_json::to_value(&s).unwrap_or_default();
            v["file"] = json!(format!("{name}.wav"));
            v["words"] = json!(moves::folded(&s.text));
            lines.push_str(&v.to_string());
            lines.push('\n');
        }
    }
    if let Err(e) = std::fs::write(dir.join("samples.jsonl"), lines) {
        eprintln!("{e}");
        return 1;
    }
    0
}

/// `--bench --silence MS,MS`: the end-of-utterance detector over generated
/// spoken moves for each silence window, with the noise floor at several
/// margins and without it: how many moves come out whole, cut off between
/// words, never ended (noise taken for speech) or missed, and how long
/// after the end of speech the utterance ends.
fn bench_silence(a: &Args, windows: &str) -> i32 {
    use crate::lab::speech::generate as g;
    use crate::lab::speech::silence::{WindowTally, ending, heard};
    use crate::speech::vad::VadConfig;
    let windows: Vec<u32> = match windows
        .split(',')
        .map(|w| {
            w.trim()
                .parse::<u32>()
                .ok()
                .filter(|w| (20..=3000).contains(w))
        })
        .collect::<Option<Vec<u32>>>()
    {
        Some(w) if !w.is_empty() => w,
        _ => {
            eprintln!(
                "--silence takes windows in ms between 20 and 3000, comma separated (e.g. 300,400,500), not '{windows}'."
            );
            return 1;
        }
    };
    let o = match set_options(a) {
        Ok(o) => o,
        Err(e) => {
            eprintln!("{e}");
            return 1;
        }
    };
    // (margin label, margin dB): the floor at three margins, and none.
    let margins: [(&str, f32); 4] = [
        ("floor +4 dB", 4.0),
        ("floor +6 dB", 6.0),
        ("floor +8 dB", 8.0),
        ("no floor", -200.0),
    ];
    // Tallies by (margin, window): all moves, slow speakers, loud rooms.
    let n = margins.len() * windows.len();
    let mut all = vec![WindowTally::default(); n];
    let mut slow = vec![WindowTally::default(); n];
    let mut loud = vec![WindowTally::default(); n];
    let mut count = 0;
    for loc in &o.locales {
        let mut spec = g::SetSpec::new(o.seed, loc);
        spec.loudest = o.loudest;
        spec.player = o.player;
        for s in g::move_set(&spec, o.count) {
            let (audio, speech_end) = match heard(&s) {
                Ok(x) => x,
                Err(e) => {
                    eprintln!("{e}");
                    return 1;
                }
            };
            count += 1;
            for (mi, (_, margin_db)) in margins.iter().enumerate() {
                for (wi, w) in windows.iter().enumerate() {
                    let cfg = VadConfig {
                        hangover_ms: *w,
                        margin_db: *margin_db,
                        ..VadConfig::default()
                    };
                    let e = ending(&audio, speech_end, cfg);
                    let i = mi * windows.len() + wi;
                    all[i].add(e);
                    if s.speed <= 100 {
                        slow[i].add(e);
                    }
                    if s.noise_dbfs >= -35 {
                        loud[i].add(e);
                    }
                }
            }
        }
    }
    println!(
        "== silence windows: {count} spoken moves ({}), seed {}",
        o.locales.join(","),
        o.seed
    );
    for (mi, (label, _)) in margins.iter().enumerate() {
        for (wi, w) in windows.iter().enumerate() {
            let i = mi * windows.len() + wi;
            println!("{label:>13} {w:>5} ms   all  {}", all[i].line());
            println!("{:>13} {:>5}   100 wpm  {}", "", "", slow[i].line());
            println!("{:>13} {:>5}  ≥ -35 dB  {}", "", "", loud[i].line());
        }
    }
    0
}

/// `--bench --first-sound`: what the player feels. Generated spoken moves
/// as an always-on microphone hears them go through end-of-utterance
/// detection, streamed decoding (ended sooner once the words are a whole
/// phrase: after the player's longest pause between words plus 100 ms, at
/// least `--whole-ms`, default 250; else after `--silence-ms`, default 500)
/// and the decision (worked out `--lead-ms` before the window closes,
/// default 100, 0: after it; a clear one ends a whole phrase after at most
/// `--sure-ms`, default 350); then the answer play would give is said through
/// speech-dispatcher (`--speech none` leaves that out) and the time until
/// it sounds is added. `--realtime` feeds the audio no faster than a sound
/// card and measures everything on the wall clock.
fn bench_first_sound(a: &Args) -> i32 {
    match first_sound(a) {
        Ok(()) => 0,
        Err(e) => {
            eprintln!("{e}");
            1
        }
    }
}

/// `--bench --start`: what `hector play --voice` costs to start and keep
/// with the default engine, over `--runs` starts (default 5) in
/// `--locales`' first language (default de), each watched `--seconds`
/// (default 12): start → first prompt, start → listening, and the largest
/// resident memory. The first start scores the first position's phrases on
/// silence and keeps the scores; the later ones read them.
fn bench_start(a: &Args) -> i32 {
    let runs = match a.get("runs").map(str::parse::<usize>) {
        None => 5,
        Some(Ok(n)) if (1..=100).contains(&n) => n,
        Some(_) => {
            eprintln!("--runs must be a whole number from 1 to 100.");
            return 2;
        }
    };
    let secs = match a.get("seconds").map(str::parse::<u64>) {
        None => 12,
        Some(Ok(n)) if (3..=600).contains(&n) => n,
        Some(_) => {
            eprintln!("--seconds must be a whole number from 3 to 600.");
            return 2;
        }
    };
    let locale = a
        .get("locales")
        .and_then(|l| l.split(',').next())
        .unwrap_or("de")
        .to_string();
    let dir = std::env::temp_dir().join(format!("hector-lab-start-{}", std::process::id()));
    if let Err(e) = std::fs::create_dir_all(&dir) {
        eprintln!("{}: {e}", dir.display());
        return 1;
    }
    let mut all = Vec::new();
    for i in 0..runs {
        match crate::lab::speech::start::run_once(&dir, &locale, secs) {
            Ok(s) => {
                println!(
                    "run {}: first prompt {:.0} ms, listening {:.0} ms, resident memory {:.0} MB (peak {:.0} MB)",
                    i + 1,
                    s.prompt_ms,
                    s.listening_ms,
                    s.rss_mb,
                    s.hwm_mb
                );
                all.push(s);
            }
            Err(e) => {
                eprintln!("{e}");
                let _ = std::fs::remove_dir_all(&dir);
                return 1;
            }
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
    let p = fixtures::percentile;
    let col = |f: fn(&crate::lab::speech::start::Start) -> f64| -> Vec<f64> {
        all.iter().map(f).collect()
    };
    let (prompt, listening, rss, hwm) = (
        col(|s| s.prompt_ms),
        col(|s| s.listening_ms),
        col(|s| s.rss_mb),
        col(|s| s.hwm_mb),
    );
    println!(
        "play --voice ({locale}, default engine), {runs} starts: start -> first prompt ms p50 {:.0} max {:.0}; start -> listening ms p50 {:.0} max {:.0}; resident memory MB max {:.0}, peak (VmHWM) max {:.0}",
        p(&prompt, 50.0),
        p(&prompt, 100.0),
        p(&listening, 50.0),
        p(&listening, 100.0),
        p(&rss, 100.0),
        p(&hwm, 100.0)
    );
    // The first start scores the phrases on silence; the others read them.
    if let Some((first, later)) = listening.split_first()
        && !later.is_empty()
    {
        println!(
            "start -> listening ms: first start (scores on silence made) {first:.0}; later starts (scores read) p50 {:.0} max {:.0}",
            p(later, 50.0),
            p(later, 100.0)
        );
    }
    0
}

/// speech-dispatcher never started speaking: its audio goes nowhere.
#[cfg(feature = "tts")]
const SILENT: &str = "speech-dispatcher did not start speaking: its audio output goes nowhere here (--speech none measures without it).";

fn first_sound(a: &Args) -> Result<(), String> {
    use crate::lab::speech::bench::{Outcome, Tally, judge};
    use crate::lab::speech::generate as g;
    use crate::lab::speech::silence::{Ending, WindowTally, heard};
    use crate::speech::listener::{Listener, SETTLING_UTTERANCES};
    use crate::speech::vad::VadConfig;
    let o = set_options(a)?;
    let ms = |k: &str, d: u32| -> Result<u32, String> {
        match a.get(k) {
            Some(v) => v
                .parse::<u32>()
                .ok()
                .filter(|w| (20..=3000).contains(w))
                .ok_or_else(|| format!("--{k} must be ms between 20 and 3000, not '{v}'.")),
            None => Ok(d),
        }
    };
    let cfg = VadConfig {
        whole_ms: ms("whole-ms", crate::speech::vad::WHOLE_MS)?,
        hangover_ms: ms("silence-ms", VadConfig::default().hangover_ms)?,
        lead_ms: match a.get("lead-ms") {
            Some("0") => 0,
            Some(_) => ms("lead-ms", 0)?,
            None => crate::speech::vad::LEAD_MS,
        },
        sure_ms: ms("sure-ms", crate::speech::vad::SURE_MS)?,
        paused_ms: ms("paused-ms", crate::speech::vad::PAUSED_MS)?,
        ..VadConfig::default()
    };
    let speech = a.get("speech").unwrap_or("dispatcher");
    if !matches!(speech, "dispatcher" | "none") {
        return Err(format!(
            "Unknown --speech '{speech}': say dispatcher or none."
        ));
    }
    if speech == "dispatcher" && !cfg!(feature = "tts") {
        return Err(
            "This hector was built without speech output (the tts feature): use --speech none."
                .into(),
        );
    }
    let rec = engine_from_args(a)?;
    let paced = a.has("realtime");
    // --settling N: how many of a player's first utterances are decoded
    // again whole when not understood streamed (play: SETTLING_UTTERANCES).
    let settling = match a.get("settling").map(str::parse::<usize>) {
        None => SETTLING_UTTERANCES,
        Some(Ok(n)) => n,
        Some(Err(_)) => return Err("--settling must be a whole number of utterances.".into()),
    };
    let mut listener = Listener::new(rec);
    let mut ends = WindowTally::default();
    let mut tally = Tally::default();
    let (mut whole_phrase, mut count, mut early, mut resumed, mut given_up) =
        (0usize, 0usize, 0usize, 0usize, 0usize);
    let (mut decide, mut decided, mut checks) = (Vec::new(), Vec::new(), Vec::new());
    // Per answer said: end of speech -> decided, and speech-dispatcher's
    // start -> sound (ms).
    #[cfg_attr(not(feature = "tts"), allow(unused_mut))]
    let mut sounded: Vec<(f64, f64, bool)> = Vec::new();
    // End of speech -> decided for the answers that read a move back (or
    // offer a choice of moves).
    let mut read_back: Vec<f64> = Vec::new();
    for loc in &o.locales {
        let mut spec = g::SetSpec::new(o.seed, loc);
        spec.loudest = o.loudest;
        spec.player = o.player;
        let commands = crate::speech::commands::phrases(loc);
        #[cfg(feature = "tts")]
        let wording = crate::speech::wording::Wording::get(loc).map_err(|e| e.to_string())?;
        #[cfg(feature = "tts")]
        let mut voice = if speech == "dispatcher" {
            let mut d = crate::speech::dispatcher::Dispatcher::new(
                &crate::speech::speaker::Voice::for_locale(loc),
            )
            .map_err(|e| e.to_string())?;
            // The first sentence also starts the output module: said once
            // before measuring, as play's greeting is.
            let hello = wording.render(
                &crate::speech::readback::Prompt::NoMove(String::new()),
                &shakmaty::Chess::default(),
            );
            d.time_to_sound(&hello, std::time::Duration::from_secs(10))
                .map_err(|e| e.to_string())?
                .ok_or(SILENT)?;
            Some(d)
        } else {
            None
        };
        let mut from_player = 0usize;
        let mut previous: Option<g::Sample> = None;
        let mut vad = crate::speech::vad::Vad::new(cfg);
        for s in g::move_set(&spec, o.count) {
            let same = previous.as_ref().is_some_and(|p| p.same_speaker(&s));
            from_player = if same { from_player + 1 } else { 0 };
            if !same {
                vad = crate::speech::vad::Vad::new(cfg);
                if a.has("enrol") {
                    // His enrolment also tells the detector his pace, as
                    // `play --adaptation` does.
                    let lines = crate::lab::speech::bench::enrol_speaker(&mut listener, &s)
                        .map_err(|e| e.to_string())?;
                    if let Some(p) = crate::speech::vad::longest_pause_ms(&lines, cfg) {
                        vad.know_pace(p);
                    }
                }
            }
            let (audio, speech_end) = heard(&s).map_err(|e| e.to_string())?;
            listener
                .set_grammar(crate::lab::speech::bench::grammar_for(&s, &commands))
                .map_err(|e| e.to_string())?;
            let h = crate::lab::speech::live::hear(
                &mut listener,
                &audio,
                speech_end,
                &mut vad,
                from_player < settling,
                paced,
            )
            .map_err(|e| e.to_string())?;
            count += 1;
            ends.add(h.ending);
            checks.extend(h.checks_ms.iter().copied());
            if a.has("verbose") {
                println!(
                    "{}",
                    json!({
                        "id": s.id,
                        "locale": s.locale,
                        "text": s.text,
                        "voice": s.voice,
                        "speed": s.speed,
                        "noise_dbfs": s.noise_dbfs,
                        "ending": format!("{:?}", h.ending),
                        "whole_phrase": h.whole_phrase,
                        "heard": h.hyps.as_ref().and_then(|x| x.nbest.first()).map(|x| x.text.clone()),
                        "decision": h.hyps.as_ref().map(|x| x.decision.kind()),
                        "decide_ms": h.decide_ms,
                        "decided_after_ms": h.decided_after_ms,
                    })
                );
            }
            let Some(hyps) = &h.hyps else {
                tally.add(Outcome::Asked);
                previous = Some(s);
                continue;
            };
            if h.whole_phrase && matches!(h.ending, Ending::Whole { .. }) {
                whole_phrase += 1;
            }
            early += usize::from(h.early);
            resumed += h.resumed;
            given_up += h.given_up;
            tally.add(judge(&s, &hyps.decision));
            decide.push(h.decide_ms);
            decided.push(h.decided_after_ms);
            use crate::speech::listener::Decision;
            let reads_back = matches!(hyps.decision, Decision::Move(_) | Decision::Choice(_));
            if reads_back {
                read_back.push(h.decided_after_ms);
            }
            // The answer play gives: the move read back, the choice, or
            // "not understood".
            #[cfg(feature = "tts")]
            if let Some(d) = voice.as_mut() {
                use crate::speech::listener::Decision;
                use crate::speech::readback::Prompt;
                let prompt = match &hyps.decision {
                    Decision::Move(m) => Prompt::ReadBack(*m),
                    Decision::Choice(ms) => Prompt::Choice(ms.clone()),
                    _ => Prompt::NoMove(String::new()),
                };
                let text = wording.render(&prompt, &s.position());
                let t = d
                    .time_to_sound(&text, std::time::Duration::from_secs(3))
                    .map_err(|e| e.to_string())?
                    .ok_or(SILENT)?;
                sounded.push((h.decided_after_ms, t.as_secs_f64() * 1e3, reads_back));
            }
            previous = Some(s);
        }
    }
    let p = fixtures::percentile;
    let q = |v: &[f64]| {
        format!(
            "p50 {:.0} p95 {:.0} max {:.0}",
            p(v, 50.0),
            p(v, 95.0),
            p(v, 100.0)
        )
    };
    println!(
        "== first sound: {count} spoken moves ({}), seed {}, {}; silence window {} ms, after a whole phrase the player's longest pause + 100 ms, at least {} ms; {}",
        o.locales.join(","),
        o.seed,
        if paced {
            "fed in real time"
        } else {
            "fed at once, detector time counted from the samples"
        },
        cfg.hangover_ms,
        cfg.whole_ms,
        if cfg.lead_ms == 0 {
            "decided after the window closes".to_string()
        } else {
            format!(
                "decided once speech paused, {} ms before the window closes (at least {} ms of silence), a clear decision ends a whole phrase after at most {} ms",
                cfg.lead_ms, cfg.paused_ms, cfg.sure_ms
            )
        }
    );
    println!("ended: {}", ends.line());
    println!(
        "ended on a whole phrase: {:.1} %",
        100.0 * whole_phrase as f64 / count.max(1) as f64
    );
    println!(
        "decided when speech paused: {early} of {count} (the rest after the window closed); speech resumed after such a decision {resumed} times, during one {given_up} times (given up; decoded again from the start)"
    );
    println!("decided: {}", tally.line());
    println!(
        "whole-phrase check ms: p50 {:.2} p95 {:.2} ({} checks)",
        p(&checks, 50.0),
        p(&checks, 95.0),
        checks.len()
    );
    println!("end of utterance -> decided ms: {}", q(&decide));
    println!("end of speech -> decided ms: {}", q(&decided));
    println!(
        "end of speech -> decided, read-backs ms: {} ({} moves or choices)",
        q(&read_back),
        read_back.len()
    );
    if speech == "dispatcher" {
        let sound: Vec<f64> = sounded.iter().map(|x| x.1).collect();
        let first: Vec<f64> = sounded.iter().map(|x| x.0 + x.1).collect();
        let first_read_back: Vec<f64> = sounded.iter().filter(|x| x.2).map(|x| x.0 + x.1).collect();
        println!("speech-dispatcher start -> sound ms: {}", q(&sound));
        println!("end of speech -> first sound ms: {}", q(&first));
        println!(
            "end of speech -> first sound of a read-back ms: {}",
            q(&first_read_back)
        );
    }
    Ok(())
}

/// `--bench` on generated speech: `--seed` (default 2, the report seed; 1 is
/// the tuning seed), `--locales` (default de,en,pl,sr,el), `--count` moves
/// per locale (default 100), `--loudest` noise in dBFS (default -30),
/// `--whole` to decode whole utterances instead of streaming, `--verbose`
/// for one JSON line per sample.
fn bench_generated(a: &Args) -> i32 {
    use crate::lab::speech::{bench as b, generate as g};
    use crate::speech::listener::Decision;
    use crate::speech::listener::Listener;
    let SetOptions {
        seed,
        count,
        loudest,
        player,
        locales,
    } = match set_options(a) {
        Ok(o) => o,
        Err(e) => {
            eprintln!("{e}");
            return 1;
        }
    };
    let rec = match engine_from_args(a) {
        Ok(r) => r,
        Err(e) => {
            eprintln!("{e}");
            return 1;
        }
    };
    let mut listener = Listener::new(rec);
    let streamed = !a.has("whole");
    let verbose = a.has("verbose");
    // --enrol: each generated speaker first reads the enrolment script and
    // the recogniser is adapted to him (as `hector enrol` does for a player).
    let enrol = a.has("enrol");
    // --non-chess FILE: another list of sentences outside the grammar
    // (locale<TAB>sentence), e.g. one kept for tuning.
    let non_chess_list = match a.get("non-chess") {
        Some(f) => match std::fs::read(f) {
            Ok(b) => match String::from_utf8(b) {
                Ok(s) => Some(s),
                Err(_) => {
                    eprintln!("{f}: the list is not UTF-8 text.");
                    return 1;
                }
            },
            Err(e) => {
                eprintln!("{f}: the list cannot be read: {e}.");
                return 1;
            }
        },
        None => None,
    };
    let mut all: Vec<b::Trial> = Vec::new();
    for loc in &locales {
        let mut spec = g::SetSpec::new(seed, loc);
        spec.loudest = loudest;
        spec.player = player;
        let samples = g::move_set(&spec, count);
        let commands = crate::speech::commands::phrases(loc);
        listener.set_language(loc);
        let run_set = |l: &mut Listener, samples: &[g::Sample]| {
            b::run(l, samples, &commands, streamed, enrol, |t| {
                if verbose {
                    println!("{}", b::trial_json(t));
                }
            })
        };
        let trials = match run_set(&mut listener, &samples) {
            Ok(t) => t,
            Err(e) => {
                eprintln!("{e}");
                return 1;
            }
        };
        println!("== {loc}: {count} spoken moves, seed {seed}");
        print!("{}", b::report(&trials));
        all.extend(trials);
        if a.has("commands") {
            let mut spec = g::SetSpec::new(seed + 1000, loc);
            spec.loudest = loudest;
            for (what, list) in [
                ("command phrases", g::command_texts(loc, 2)),
                (
                    "non-chess sentences",
                    match &non_chess_list {
                        Some(list) => g::non_chess_from(list, loc),
                        None => g::non_chess(loc),
                    },
                ),
            ] {
                let samples = g::phrase_set(&spec, &list);
                let trials = match run_set(&mut listener, &samples) {
                    Ok(t) => t,
                    Err(e) => {
                        eprintln!("{e}");
                        return 1;
                    }
                };
                let tally = &b::split(&trials, |_| String::new())[""];
                let moves = trials
                    .iter()
                    .filter(|t| matches!(t.heard.decision, Decision::Move(_) | Decision::Choice(_)))
                    .count();
                println!(
                    "== {loc}: {} {what}: {} | moves taken: {moves}",
                    trials.len(),
                    tally.line()
                );
            }
        }
    }
    let lat: Vec<f64> = all.iter().map(|t| t.latency_ms).collect();
    println!("{}", latency_line(&lat, "decided", streamed));
    0
}
