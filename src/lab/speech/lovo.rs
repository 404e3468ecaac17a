//! Leave-one-voice-out: the decision thresholds are chosen on every voice
//! but one (tuning seed) and judged on the one left out (report seed), for
//! each voice in turn. A rule that is right on the voices it was tuned on
//! and not on the one left out shows here.
//!
//! Every sample is decoded once (its n-best list kept, in a cache file if
//! asked); tuning then replays [`decide`] over the lists, which is cheap,
//! for every candidate set of [`Thresholds`]. Any engine behind the
//! [`Recognizer`] trait can be measured this way.

use super::bench::{Outcome, judge};
use super::generate::{self as g, Said, Sample};
use super::listener::{
    Decision, Dispute, Grammar, Hypotheses, Meaning, Thresholds, decide, whisper_else_ps,
};
use super::recognizer::{Hypothesis, Recognizer, SpeechError};
use std::collections::HashMap;
use std::time::Instant;

/// What the recogniser heard in one sample.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Heard {
    /// The n-best list (text, posterior) of the streamed decoding.
    pub nbest: Vec<(String, f32)>,
    /// For a player's first utterance: the n-best list of the whole
    /// utterance decoded again (used when the streamed one is not
    /// understood, as `hector play` does).
    pub whole: Option<Vec<(String, f32)>>,
    /// End of audio → n-best list, ms.
    pub ms: f64,
    /// The process's CPU time over the same span (both cores), ms.
    #[serde(default)]
    pub cpu_ms: f64,
    /// What the engine would have written itself (Whisper), for the
    /// streamed list and for the whole utterance decoded again.
    #[serde(default)]
    pub free: Option<String>,
    #[serde(default)]
    pub free_whole: Option<String>,
}

/// CPU time of this process so far (user and system), ms.
pub fn cpu_ms() -> f64 {
    // SAFETY: getrusage only writes the struct it is given.
    let mut u: libc::rusage = unsafe { std::mem::zeroed() };
    if unsafe { libc::getrusage(libc::RUSAGE_SELF, &mut u) } != 0 {
        return 0.0;
    }
    let ms = |t: libc::timeval| t.tv_sec as f64 * 1e3 + t.tv_usec as f64 / 1e3;
    ms(u.ru_utime) + ms(u.ru_stime)
}

/// One sample of a leave-one-voice-out run, decoded.
#[derive(Debug, Clone)]
pub struct Item {
    pub sample: Sample,
    /// Shared: the knobs' variants clone every item.
    pub grammar: std::sync::Arc<Grammar>,
    pub heard: Heard,
    /// Drawn from the tuning seed (else the report seed).
    pub tuning: bool,
    /// Whether the recogniser's best hypothesis names the move said alone.
    pub best_right: bool,
    /// What a second engine heard, and how the two are combined.
    pub second: Option<(Heard, Rule)>,
}

/// Whisper's own knobs, tuned with the thresholds ([`with_knobs`]).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Knobs {
    /// How many nats more its "something else" margin is than the one
    /// its lists were decoded with (the shipped `whisper::Weights`;
    /// negative: less).
    pub raise: f32,
    /// The farthest its free transcript may lie from the nearest phrase
    /// of its list ([`crate::speech::transcript::distance`]); above 1:
    /// never rejected.
    pub reject: f32,
    /// The weight of the first engine's opinion ([`Rule::Opinion`]).
    pub weight: f32,
    /// How sure the first engine must be of a move to dispute the
    /// second's clear command or other move ([`whisper_else_ps`]).
    pub dispute: Dispute,
    /// The farthest its free transcript may lie from the nearest phrase
    /// when the other engine heard no chess
    /// ([`crate::speech::listener::heard_no_chess`]); above 1: no gate.
    pub gate: f32,
    /// Whether the gate stays open when both engines' best chess phrases
    /// name the same move ([`crate::speech::listener::same_best_move`]).
    pub agree: bool,
    /// How much its free transcript reweighs its list, and how far from
    /// a phrase talk counts ([`heeded`]); 0:
    /// not at all.
    pub heed: f32,
    pub talk_at: f32,
}

impl Knobs {
    pub const NONE: Knobs = Knobs {
        raise: 0.0,
        reject: f32::INFINITY,
        weight: 0.0,
        dispute: Dispute::NEVER,
        gate: f32::INFINITY,
        agree: false,
        heed: 0.0,
        talk_at: 0.5,
    };

    pub fn describe(&self) -> String {
        let mut s = Vec::new();
        if self.raise != 0.0 {
            s.push(format!("Whisper's other margin {:+}", self.raise));
        }
        if self.reject <= 1.0 {
            s.push(format!("talk beyond {:.2} of a phrase", self.reject));
        }
        if self.gate <= 1.0 {
            s.push(format!(
                "talk beyond {:.2} when the other engine heard no chess",
                self.gate
            ));
        }
        if self.gate <= 1.0 && self.agree {
            s.push("the gate open when both engines' best phrases are one move".into());
        }
        if self.weight != 0.0 {
            s.push(format!("the other engine's opinion weighs {}", self.weight));
        }
        if self.dispute.command <= 1.0 {
            s.push(format!(
                "a command against the other engine's move at {} asked again",
                self.dispute.command
            ));
        }
        if self.dispute.moves <= 1.0 {
            s.push(format!(
                "a move against the other engine's move at {} a choice",
                self.dispute.moves
            ));
        }
        if self.heed != 0.0 {
            s.push(format!(
                "its transcript heeded {} (talk at {})",
                self.heed, self.talk_at
            ));
        }
        s.join(", ")
    }
}

/// The list with "something else" `extra` nats less likely (Whisper's
/// margin raised by `extra`), renormalised.
fn shifted(v: &[(String, f32)], extra: f32) -> Vec<(String, f32)> {
    if extra == 0.0 {
        return v.to_vec();
    }
    if extra.is_infinite() {
        // "Something else" never: the phrases share it all.
        let mut out: Vec<(String, f32)> = v
            .iter()
            .filter(|(t, _)| t != crate::speech::recognizer::OTHER)
            .cloned()
            .collect();
        let total: f32 = out.iter().map(|x| x.1).sum();
        if total > 0.0 {
            for x in &mut out {
                x.1 /= total;
            }
            return out;
        }
        return v.to_vec();
    }
    let mut out: Vec<(String, f32)> = v
        .iter()
        .map(|(t, p)| {
            let p = if t == crate::speech::recognizer::OTHER {
                p * (-extra).exp()
            } else {
                *p
            };
            (t.clone(), p)
        })
        .collect();
    let total: f32 = out.iter().map(|x| x.1).sum();
    if total > 0.0 {
        for x in &mut out {
            x.1 /= total;
        }
    }
    out.sort_by(|a, b| b.1.total_cmp(&a.1));
    out
}

/// A list (phrase, share; [`crate::speech::recognizer::OTHER`] for "something
/// else") reweighed by what the engine wrote itself: each phrase's share
/// times e^(−`heed` × its [`distance`](crate::speech::transcript::distance) from `free`), "something else"'s
/// times e^(−`heed` × `talk_at`) (the transcript of talk is as likely as
/// one `talk_at` away from a phrase), renormalised, best first. A clear
/// second phrase whose words the engine wrote ("Queen David III." beside
/// "queen david three" 0.94, "queen david four" 0.02) is made surer; a
/// phrase the transcript is far from loses to talk. `heed` 0: unchanged.
fn heeded(
    list: &[(String, f32)],
    free: &str,
    lang: &str,
    heed: f32,
    talk_at: f32,
) -> Vec<(String, f32)> {
    if heed == 0.0 {
        return list.to_vec();
    }
    let mut out: Vec<(String, f32)> = list
        .iter()
        .map(|(t, p)| {
            let d = if t == crate::speech::recognizer::OTHER {
                talk_at
            } else {
                crate::speech::transcript::distance(free, [t.as_str()], lang)
            };
            (t.clone(), p * (-heed * d).exp())
        })
        .collect();
    let total: f32 = out.iter().map(|x| x.1).sum();
    if total > 0.0 && total.is_finite() {
        for x in &mut out {
            x.1 /= total;
        }
    } else {
        return list.to_vec();
    }
    out.sort_by(|a, b| b.1.total_cmp(&a.1));
    out
}

/// A list judged talk: "something else" takes it all.
fn talk(v: &[(String, f32)]) -> Vec<(String, f32)> {
    pairs(&crate::speech::listener::as_talk(&hyps(v)))
}

/// Whisper's heard lists under `k`, as the engine would have returned
/// them with those weights.
/// `first`: the other engine's lists (streamed, whole), for the gate
/// ([`Knobs::gate`]).
fn judged(h: &Heard, k: Knobs, lang: &str, first: Option<&Heard>, grammar: &Grammar) -> Heard {
    let apply = |v: &[(String, f32)], free: Option<&str>, other: Option<&[(String, f32)]>| {
        let v = shifted(v, k.raise);
        let Some(free) = free else {
            return v;
        };
        let v = heeded(&v, free, lang, k.heed, k.talk_at);
        let far = crate::speech::transcript::distance(
            free,
            v.iter()
                .map(|x| x.0.as_str())
                .filter(|t| *t != crate::speech::recognizer::OTHER),
            lang,
        );
        // Inside the pair Whisper writes its transcript only when the
        // other engine heard no chess (`both::Both::finish`): its own
        // rejection counts only then, as the gate does.
        let rejected = match other {
            Some(o) => crate::speech::listener::pair_heard_talk(
                Some(far),
                &hyps(o),
                &hyps(&v),
                grammar,
                (k.gate, k.reject, k.agree),
            ),
            None => far > k.reject,
        };
        if rejected { talk(&v) } else { v }
    };
    Heard {
        nbest: apply(
            &h.nbest,
            h.free.as_deref(),
            first.map(|f| f.nbest.as_slice()),
        ),
        whole: h.whole.as_ref().map(|w| {
            apply(
                w,
                h.free_whole.as_deref(),
                first.map(|f| f.whole.as_deref().unwrap_or(f.nbest.as_slice())),
            )
        }),
        ..h.clone()
    }
}

/// The items with Whisper's list (`which`: 0 none, 1 the heard one, 2 the
/// second) judged with the knobs `k`.
pub fn with_knobs(items: &[Item], which: u8, k: Knobs) -> Vec<Item> {
    items
        .iter()
        .map(|i| {
            let mut i = i.clone();
            let lang = i.sample.locale.clone();
            match which {
                1 => i.heard = judged(&i.heard, k, &lang, None, &i.grammar),
                2 => {
                    let first = i.heard.clone();
                    if let Some((h, rule)) = i.second.as_mut() {
                        *h = judged(h, k, &lang, Some(&first), &i.grammar);
                        if let Rule::Opinion(..) = rule {
                            *rule = Rule::Opinion(k.weight, k.dispute);
                        }
                    }
                }
                _ => {}
            }
            i
        })
        .collect()
}

/// How two engines' n-best lists make one decision.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Rule {
    /// The mean of the two posteriors, phrase by phrase (`--engine both`).
    Average,
    /// The first engine's decision when it is clear, else the second's.
    Cascade,
    /// The second engine's decision when it is clear, else the first's.
    Reverse,
    /// The second engine's list with the first's as a second opinion on
    /// which chess phrase it was ([`second_opinion`], its weight tuned
    /// with the knobs) when that is clear and the first does not dispute
    /// it (a command or another move against its sure move), else the
    /// first's decision (the weight and the disputes, tuned with the
    /// knobs).
    Opinion(f32, Dispute),
}

impl Rule {
    pub fn name(self) -> &'static str {
        match self {
            Rule::Average => "average",
            Rule::Cascade => "first when sure, else second",
            Rule::Reverse => "second when sure, else first",
            Rule::Opinion(..) => "second with the first's opinion when sure, else first",
        }
    }
}

fn hyps(v: &[(String, f32)]) -> Vec<Hypothesis> {
    v.iter()
        .map(|(t, c)| Hypothesis {
            text: t.clone(),
            confidence: *c,
        })
        .collect()
}

fn pairs(v: &[Hypothesis]) -> Vec<(String, f32)> {
    v.iter().map(|h| (h.text.clone(), h.confidence)).collect()
}

impl Item {
    /// The decision under `t`, as the listener takes it.
    pub fn decide(&self, t: &Thresholds) -> Hypotheses {
        let one = |first: &[(String, f32)], second: Option<&[(String, f32)]>| match (
            second,
            self.second.as_ref().map(|s| s.1),
        ) {
            (Some(b), Some(Rule::Average)) => decide(
                &crate::speech::recognizer::average(&hyps(first), &hyps(b)),
                &self.grammar,
                t,
            ),
            (Some(b), Some(Rule::Cascade)) => {
                let h = decide(&hyps(first), &self.grammar, t);
                if h.decision.is_clear() {
                    h
                } else {
                    decide(&hyps(b), &self.grammar, t)
                }
            }
            (Some(b), Some(Rule::Reverse)) => {
                let h = decide(&hyps(b), &self.grammar, t);
                if h.decision.is_clear() {
                    h
                } else {
                    decide(&hyps(first), &self.grammar, t)
                }
            }
            (Some(b), Some(Rule::Opinion(w, dispute))) => decide(
                &whisper_else_ps(&hyps(b), &hyps(first), &self.grammar, w, dispute, t),
                &self.grammar,
                t,
            ),
            _ => decide(&hyps(first), &self.grammar, t),
        };
        let second = self.second.as_ref().map(|s| &s.0);
        let h = one(&self.heard.nbest, second.map(|s| s.nbest.as_slice()));
        match &self.heard.whole {
            Some(w) if matches!(h.decision, Decision::Repeat | Decision::None) => one(
                w,
                second.map(|s| s.whole.as_deref().unwrap_or(s.nbest.as_slice())),
            ),
            _ => h,
        }
    }

    pub fn outcome(&self, t: &Thresholds) -> Outcome {
        judge(&self.sample, &self.decide(t).decision)
    }

    /// "clean" or "20 dB".
    pub fn condition(&self) -> String {
        condition(self.sample.snr_db)
    }

    pub fn is_move(&self) -> bool {
        matches!(self.sample.said, Said::Move { .. })
    }
}

/// Whether the recogniser's best hypothesis names the move said alone.
fn best_right(s: &Sample, grammar: &Grammar, heard: &Heard) -> bool {
    let d = decide(&hyps(&heard.nbest), grammar, &Thresholds::default());
    match d.nbest.first().map(|x| x.meanings.as_slice()) {
        Some([Meaning::Move(m)]) => judge(s, &Decision::Move(*m)) == Outcome::Right,
        _ => false,
    }
}

/// "clean" or "N dB" (signal-to-noise ratio).
pub fn condition(snr: Option<i32>) -> String {
    match snr {
        Some(d) => format!("{d} dB"),
        None => "clean".into(),
    }
}

/// How a run is drawn.
#[derive(Debug, Clone)]
pub struct Plan {
    pub locale: String,
    pub voices: Vec<String>,
    pub tune_seed: u64,
    pub report_seed: u64,
    /// Spoken moves per voice and condition on the report seed.
    pub count: usize,
    /// Spoken moves per voice and condition on the tuning seed.
    pub tune_count: usize,
    /// Non-chess sentences per voice, seed and condition.
    pub non_chess: usize,
    /// Conditions: clean (`None`) and noise at these SNRs.
    pub conditions: Vec<Option<i32>>,
    /// Each voice says its own moves on the report seed ([`own_seed`]);
    /// otherwise every voice says the same `count` moves.
    pub own_moves: bool,
}

/// The seed of `voice`'s own report moves: drawn from the report seed and
/// the voice's name, so that adding or removing a voice leaves the others'
/// moves as they were.
pub fn own_seed(seed: u64, voice: &str) -> u64 {
    use sha2::{Digest, Sha256};
    let d = Sha256::digest(format!("{seed}|{voice}").as_bytes());
    let mut b = [0u8; 8];
    b.copy_from_slice(&d[..8]);
    u64::from_le_bytes(b)
}

/// The samples of a plan, with whether each is for tuning. Non-chess
/// sentences for tuning come from tests/audio/non-chess-tune.tsv, those
/// for the report from tests/audio/non-chess.tsv; each voice says its own
/// share of them.
pub fn samples(plan: &Plan) -> Vec<(Sample, bool)> {
    let mut out = Vec::new();
    let tune_talk = g::non_chess_from(
        include_str!("../../../tests/audio/non-chess-tune.tsv"),
        &plan.locale,
    );
    let report_talk = g::non_chess(&plan.locale);
    for (vi, voice) in plan.voices.iter().enumerate() {
        for (seed, tuning) in [(plan.tune_seed, true), (plan.report_seed, false)] {
            for (ci, snr) in plan.conditions.iter().enumerate() {
                let own = plan.own_moves && !tuning;
                let mut spec =
                    g::SetSpec::new(if own { own_seed(seed, voice) } else { seed }, &plan.locale);
                spec.voice = Some(voice.clone());
                spec.snr_db = *snr;
                let talk = if tuning { &tune_talk } else { &report_talk };
                let k = plan.non_chess.min(talk.len());
                let first = (vi * plan.conditions.len() + ci) * k;
                let mine: Vec<(Said, String)> = (0..k)
                    .map(|i| talk[(first + i) % talk.len().max(1)].clone())
                    .collect();
                let n = if tuning { plan.tune_count } else { plan.count };
                let moves = g::move_set(&spec, n);
                let mut spoken = g::phrase_set(&spec, &mine);
                // Sample ids seed each sample's noise: keep them apart.
                for (i, s) in spoken.iter_mut().enumerate() {
                    s.id = 1000 + i;
                }
                for s in moves.into_iter().chain(spoken) {
                    out.push((s, tuning));
                }
            }
        }
    }
    out
}

/// The cache key of a sample (engine, enrolment, everything that makes
/// the sample).
fn key(engine: &str, enrolled: &str, s: &Sample, streamed: bool) -> String {
    format!(
        "{engine}|{enrolled}|{}|{}|{}|{}|{}|{}|{:?}|{:?}|{:?}|{}|{}",
        s.locale,
        s.voice,
        s.fen,
        s.text,
        s.speed,
        s.pitch,
        s.room,
        s.noise,
        s.snr_db,
        s.id,
        streamed
    )
}

/// Reads a cache file (one JSON object a line: key and what was heard).
pub fn read_cache(path: &std::path::Path) -> HashMap<String, Heard> {
    let mut m = HashMap::new();
    if let Ok(text) = std::fs::read_to_string(path) {
        for line in text.lines() {
            if let Ok((k, h)) = serde_json::from_str::<(String, Heard)>(line) {
                m.insert(k, h);
            }
        }
    }
    m
}

/// Decodes every sample with every engine in `recs`: each sample is made
/// once and heard by each (those in `cache` are not decoded again; new ones
/// are appended to `cache_file`). One voice, seed and condition is one
/// player: his first utterance not understood streamed is decoded again
/// whole. `progress` gets the count done. The items per engine, in `recs`'
/// order. With `denoise` every sample goes through the denoising front
/// ([`crate::speech::denoise`]) before any engine hears it; its lists are
/// kept under their own keys.
#[allow(clippy::too_many_arguments)]
pub fn hear_all(
    recs: &mut [&mut dyn Recognizer],
    enrolled: &str,
    samples: &[(Sample, bool)],
    commands: &[(&'static str, String)],
    streamed: bool,
    denoise: bool,
    cache: &mut HashMap<String, Heard>,
    cache_file: Option<&std::path::Path>,
    mut progress: impl FnMut(usize),
) -> Result<Vec<Vec<Item>>, SpeechError> {
    let keys: Vec<Vec<String>> = samples
        .iter()
        .map(|(s, _)| {
            recs.iter()
                .map(|r| {
                    // Whisper's lists are kept with its free transcripts, its
                    // phrases written as people write them, decoded with the
                    // shipped "something else" margin (52.5).
                    // (Its 16-bit decoder is named too: `HECTOR_WHISPER_F32=1`
                    // is measured apart.)
                    let on = |v: &str| std::env::var(v).is_ok_and(|v| v == "1");
                    // Another beam (`HECTOR_WHISPER_BEAM`) is kept apart too.
                    let beam = match std::env::var("HECTOR_WHISPER_BEAM") {
                        Ok(b) => format!("+beam{}", b.trim()),
                        Err(_) => String::new(),
                    };
                    let name = match r.name() {
                        "whisper" => format!(
                            "whisper+52.5{}{}{beam}",
                            match (
                                on("HECTOR_WHISPER_PROMPT"),
                                std::env::var(crate::speech::engine::whisper_prompt_var(&s.locale)),
                            ) {
                                (true, Ok(t)) => format!("+prompt[{t}]"),
                                (true, Err(_)) => "+prompt".to_string(),
                                _ => String::new(),
                            },
                            if on("HECTOR_WHISPER_F32") { "" } else { "+f16" },
                        ),
                        n => n.to_string(),
                    };
                    let name = if denoise {
                        format!("{name}+denoised")
                    } else {
                        name
                    };
                    key(&name, enrolled, s, streamed)
                })
                .collect()
        })
        .collect();
    let todo: Vec<Sample> = samples
        .iter()
        .zip(&keys)
        .filter(|(_, k)| k.iter().any(|k| !cache.contains_key(k)))
        .map(|((s, _), _)| s.clone())
        .collect();
    let (tx, rx) = std::sync::mpsc::sync_channel::<Result<Vec<i16>, SpeechError>>(4);
    let producer = std::thread::spawn(move || {
        for s in &todo {
            let pcm = g::render(s);
            #[cfg(feature = "denoise")]
            let pcm = match denoise {
                true => pcm.map(|p| crate::speech::denoise::denoise(&p)),
                false => pcm,
            };
            #[cfg(not(feature = "denoise"))]
            let _ = denoise;
            if tx.send(pcm).is_err() {
                break;
            }
        }
    });
    let mut writer = match cache_file {
        Some(p) => Some(
            std::fs::OpenOptions::new()
                .create(true)
                .append(true)
                .open(p)
                .map_err(|e| {
                    SpeechError::Audio(format!("the cache {} cannot be written: {e}", p.display()))
                })?,
        ),
        None => None,
    };
    let mut out: Vec<Vec<Item>> = recs
        .iter()
        .map(|_| Vec::with_capacity(samples.len()))
        .collect();
    let mut previous: Option<(&str, Option<i32>, bool)> = None;
    for (i, ((s, tuning), ks)) in samples.iter().zip(&keys).enumerate() {
        let grammar = super::bench::grammar_for(s, commands);
        let player = (s.voice.as_str(), s.snr_db, *tuning);
        let first = previous != Some(player);
        previous = Some(player);
        let mut pcm: Option<Vec<i16>> = None;
        if ks.iter().any(|k| !cache.contains_key(k)) {
            pcm = Some(
                rx.recv()
                    .map_err(|_| SpeechError::Audio("the speech generator stopped".into()))??,
            );
        }
        for ((rec, k), items) in recs.iter_mut().zip(ks).zip(out.iter_mut()) {
            let heard = match (cache.get(k), &pcm) {
                (Some(h), _) => h.clone(),
                (None, None) => {
                    return Err(SpeechError::Audio("the speech generator stopped".into()));
                }
                (None, Some(pcm)) => {
                    rec.set_language(&s.locale);
                    rec.set_phrases(&grammar.texts())?;
                    let heard = if streamed {
                        rec.begin()?;
                        for chunk in pcm.chunks(super::audio::RATE as usize / 50) {
                            rec.feed(chunk)?;
                        }
                        let (t, c) = (Instant::now(), cpu_ms());
                        let nbest = pairs(&rec.finish()?);
                        let ms = t.elapsed().as_secs_f64() * 1e3;
                        let cpu = cpu_ms() - c;
                        let free = rec.transcript();
                        let (whole, free_whole) = if first {
                            (Some(pairs(&rec.recognize(pcm)?)), rec.transcript())
                        } else {
                            (None, None)
                        };
                        Heard {
                            nbest,
                            whole,
                            ms,
                            cpu_ms: cpu,
                            free,
                            free_whole,
                        }
                    } else {
                        let (t, c) = (Instant::now(), cpu_ms());
                        let nbest = pairs(&rec.recognize(pcm)?);
                        Heard {
                            nbest,
                            whole: None,
                            ms: t.elapsed().as_secs_f64() * 1e3,
                            cpu_ms: cpu_ms() - c,
                            free: rec.transcript(),
                            free_whole: None,
                        }
                    };
                    if let Some(w) = writer.as_mut() {
                        use std::io::Write;
                        let line = serde_json::to_string(&(k, &heard)).unwrap_or_default();
                        let _ = writeln!(w, "{line}");
                    }
                    cache.insert(k.clone(), heard.clone());
                    heard
                }
            };
            let best_right = best_right(s, &grammar, &heard);
            items.push(Item {
                sample: s.clone(),
                grammar: std::sync::Arc::new(grammar.clone()),
                heard,
                tuning: *tuning,
                best_right,
                second: None,
            });
        }
        progress(i + 1);
    }
    drop(rx);
    let _ = producer.join();
    Ok(out)
}

/// Counts of one group of items under one set of thresholds.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct Count {
    pub moves: usize,
    pub right: usize,
    pub choice: usize,
    pub asked: usize,
    /// A different move or a command read back for a move.
    pub wrong: usize,
    pub best_right: usize,
    pub talk: usize,
    /// Non-chess sentences taken as a move, a choice or a command.
    pub talk_taken: usize,
}

impl Count {
    pub fn add(&mut self, item: &Item, t: &Thresholds) {
        let o = item.outcome(t);
        if item.is_move() {
            self.moves += 1;
            match o {
                Outcome::Right => self.right += 1,
                Outcome::Choice => self.choice += 1,
                Outcome::Asked => self.asked += 1,
                Outcome::WrongMove | Outcome::WrongCommand => self.wrong += 1,
            }
            self.best_right += item.best_right as usize;
        } else {
            self.talk += 1;
            self.talk_taken += (o != Outcome::Right) as usize;
        }
    }

    /// Adds another group's counts.
    pub fn merge(&mut self, o: &Count) {
        self.moves += o.moves;
        self.right += o.right;
        self.choice += o.choice;
        self.asked += o.asked;
        self.wrong += o.wrong;
        self.best_right += o.best_right;
        self.talk += o.talk;
        self.talk_taken += o.talk_taken;
    }

    pub fn of<'a>(items: impl IntoIterator<Item = &'a Item>, t: &Thresholds) -> Count {
        let mut c = Count::default();
        for i in items {
            c.add(i, t);
        }
        c
    }

    fn pc(&self, n: usize) -> f64 {
        100.0 * n as f64 / self.moves.max(1) as f64
    }

    /// One line of the report.
    pub fn line(&self) -> String {
        format!(
            "right {:5.1} % | choice {:4.1} % | asked again {:4.1} % | wrong {:4.1} % | non-chess taken {}/{} | best hypothesis right {:5.1} % | n {}",
            self.pc(self.right),
            self.pc(self.choice),
            self.pc(self.asked),
            self.pc(self.wrong),
            self.talk_taken,
            self.talk,
            self.pc(self.best_right),
            self.moves
        )
    }

    /// The tuning objective: most moves right (a choice counts a third)
    /// with no non-chess sentence taken and no wrong move. The issue allows
    /// 0.5 % wrong, but on tuning sets of a few hundred moves that is one
    /// or two, and the thresholds chosen for allowing them cost 3–4 %
    /// wrong moves on the voices left out.
    fn score(&self) -> (bool, f64) {
        let ok = self.talk_taken == 0 && self.wrong == 0;
        let gain = self.right as f64 + self.choice as f64 / 3.0;
        if ok {
            (true, gain)
        } else {
            (
                false,
                -(self.wrong as f64 + 10.0 * self.talk_taken as f64) * 1e6 + gain,
            )
        }
    }
}

/// The candidate thresholds tried: today's fixed ones and the margin
/// rule at several margins and trust levels.
pub fn grid() -> Vec<Thresholds> {
    let mut v = Vec::new();
    for clear in [0.95f32, 0.90, 0.85] {
        for chess in [0.3f32, 0.5] {
            for choice in [0.7f32, 0.5] {
                for margin in [f32::INFINITY, 20.0, 10.0, 6.0, 4.0, 3.0, 2.0, 1.5] {
                    for trust in [0.9f32, 0.8, 0.7, 0.6, 0.5] {
                        if margin.is_infinite() && trust != 0.9 {
                            continue;
                        }
                        v.push(Thresholds {
                            clear,
                            rival: 0.25,
                            choice,
                            chess,
                            margin,
                            trust,
                        });
                    }
                }
            }
        }
    }
    v
}

/// The thresholds of `grid` that do best on `items` (the first of the
/// best: the grid runs from cautious to trusting).
pub fn tune(items: &[&Item], grid: &[Thresholds]) -> Thresholds {
    tune_scored(items, grid).0
}

fn tune_scored(items: &[&Item], grid: &[Thresholds]) -> (Thresholds, (bool, f64)) {
    let mut best = (Thresholds::default(), (false, f64::NEG_INFINITY));
    for t in grid {
        let s = Count::of(items.iter().copied(), t).score();
        if (s.0, s.1) > (best.1.0, best.1.1) {
            best = (*t, s);
        }
    }
    best
}

/// Thresholds in one line.
pub fn describe(t: &Thresholds) -> String {
    format!(
        "clear {:.2} margin {} trust {:.1} chess {:.1} choice {:.1}",
        t.clear,
        if t.margin.is_finite() {
            format!("{:.1}", t.margin)
        } else {
            "off".into()
        },
        t.trust,
        t.chess,
        t.choice
    )
}

/// The result of one fold: the voice left out and its thresholds.
#[derive(Debug, Clone)]
pub struct Fold {
    pub voice: String,
    pub thresholds: Thresholds,
    /// The variant of the items chosen with them (see [`folds_over`]).
    pub variant: usize,
}

/// For each voice: thresholds tuned on the tuning items of the others.
pub fn folds(items: &[Item], voices: &[String], grid: &[Thresholds]) -> Vec<Fold> {
    voices
        .iter()
        .map(|v| {
            let tuning: Vec<&Item> = items
                .iter()
                .filter(|i| i.tuning && i.sample.voice != *v)
                .collect();
            Fold {
                voice: v.clone(),
                thresholds: tune(&tuning, grid),
                variant: 0,
            }
        })
        .collect()
}

/// [`folds`] over variants of the same items (Whisper's "something else"
/// margin raised by several amounts): each fold takes the variant and
/// thresholds that do best on the others' tuning samples (the first
/// variant on a tie).
pub fn folds_over(variants: &[Vec<Item>], voices: &[String], grid: &[Thresholds]) -> Vec<Fold> {
    // Each variant and threshold set judges every voice's tuning items
    // once; a fold adds up the voices it tunes on.
    let per_voice: Vec<Vec<Vec<Count>>> = variants
        .iter()
        .map(|items| {
            grid.iter()
                .map(|t| {
                    voices
                        .iter()
                        .map(|v| {
                            Count::of(items.iter().filter(|i| i.tuning && i.sample.voice == *v), t)
                        })
                        .collect()
                })
                .collect()
        })
        .collect();
    voices
        .iter()
        .enumerate()
        .map(|(left, v)| {
            let mut best: Option<(Fold, (bool, f64))> = None;
            for (k, by_t) in per_voice.iter().enumerate() {
                for (t, counts) in grid.iter().zip(by_t) {
                    let mut c = Count::default();
                    for (vi, x) in counts.iter().enumerate() {
                        if vi != left {
                            c.merge(x);
                        }
                    }
                    let s = c.score();
                    if best.as_ref().is_none_or(|b| (s.0, s.1) > (b.1.0, b.1.1)) {
                        best = Some((
                            Fold {
                                voice: v.clone(),
                                thresholds: *t,
                                variant: k,
                            },
                            s,
                        ));
                    }
                }
            }
            best.map(|b| b.0).unwrap_or(Fold {
                voice: v.clone(),
                thresholds: Thresholds::default(),
                variant: 0,
            })
        })
        .collect()
}

/// The report: per voice left out and condition, then over all voices
/// left out per condition, beside today's fixed thresholds.
pub fn report(items: &[Item], folds: &[Fold], conditions: &[Option<i32>]) -> String {
    report_over(&[items], folds, conditions, &[Knobs::NONE])
}

/// [`report`] over the variants [`folds_over`] chose from (`knobs`: each
/// variant's Whisper knobs, printed).
pub fn report_over(
    variants: &[&[Item]],
    folds: &[Fold],
    conditions: &[Option<i32>],
    knobs: &[Knobs],
) -> String {
    let mut s = String::new();
    let mut totals: Vec<(String, Count, Count)> = conditions
        .iter()
        .map(|c| (condition(*c), Count::default(), Count::default()))
        .collect();
    let fixed = Thresholds {
        margin: f32::INFINITY,
        ..Thresholds::default()
    };
    // The noisy conditions per kind of noise (pink, babble, white).
    let mut by_noise: std::collections::BTreeMap<(String, String), Count> = Default::default();
    for f in folds {
        let items = variants[f.variant.min(variants.len() - 1)];
        let k = knobs
            .get(f.variant)
            .copied()
            .unwrap_or(Knobs::NONE)
            .describe();
        s.push_str(&format!(
            "left out {} (tuned on the others: {}{})\n",
            f.voice,
            describe(&f.thresholds),
            if k.is_empty() { k } else { format!(", {k}") }
        ));
        for (cond, total, before) in &mut totals {
            let mine: Vec<&Item> = items
                .iter()
                .filter(|i| !i.tuning && i.sample.voice == f.voice && i.condition() == *cond)
                .collect();
            let c = Count::of(mine.iter().copied(), &f.thresholds);
            s.push_str(&format!("  {cond:>6}  {}\n", c.line()));
            if std::env::var_os("HECTOR_LAB_MISSES").is_some() {
                s.push_str(&misses(&mine, &f.thresholds));
            }
            for i in &mine {
                total.add(i, &f.thresholds);
                before.add(i, &fixed);
                if i.sample.snr_db.is_some() {
                    let noise = format!("{:?}", i.sample.noise).to_lowercase();
                    by_noise
                        .entry((cond.clone(), noise))
                        .or_default()
                        .add(i, &f.thresholds);
                }
            }
        }
    }
    for (cond, total, before) in &totals {
        s.push_str(&format!(
            "all voices left out, {cond:>6}: {}\n",
            total.line()
        ));
        s.push_str(&format!(
            "  without the margin rule, {cond:>6}: {}\n",
            before.line()
        ));
        for ((_, noise), c) in by_noise.iter().filter(|((c, _), _)| c == cond) {
            s.push_str(&format!("  {noise} noise only, {cond:>6}: {}\n", c.line()));
        }
    }
    s
}

/// `HECTOR_LAB_MISSES`: one line per item of `items` not decided right
/// (a move not read back, a sentence taken): what was said, the outcome,
/// the first three of the list judged and the free transcript.
fn misses(items: &[&Item], t: &Thresholds) -> String {
    let mut s = String::new();
    for i in items {
        let o = i.outcome(t);
        if (o == Outcome::Right) == i.is_move() {
            continue;
        }
        let top = |h: &Heard| -> String {
            let v: Vec<String> = h
                .nbest
                .iter()
                .take(3)
                .map(|(p, x)| format!("{p} {x:.3}"))
                .collect();
            format!(
                "{} | free {:?}",
                v.join(", "),
                h.free.as_deref().unwrap_or("")
            )
        };
        s.push_str(&format!(
            "      {:?} {:?} ({}): {}{}\n",
            o,
            i.sample.text,
            i.sample.voice,
            top(&i.heard),
            i.second
                .as_ref()
                .map(|(h, _)| format!(" || second: {}", top(h)))
                .unwrap_or_default()
        ));
    }
    s
}

/// The items of two engines (the same samples in the same order) as one
/// engine combining them by `rule`. The best hypothesis is that of the
/// mean of the two lists.
pub fn combine(first: &[Item], second: &[Item], rule: Rule) -> Vec<Item> {
    first
        .iter()
        .zip(second)
        .map(|(a, b)| {
            // The cascade runs the second engine only when the first is
            // unsure (under the default thresholds).
            let second_needed = rule != Rule::Cascade
                || !decide(&hyps(&a.heard.nbest), &a.grammar, &Thresholds::default())
                    .decision
                    .is_clear();
            let mean = Heard {
                nbest: pairs(&crate::speech::recognizer::average(
                    &hyps(&a.heard.nbest),
                    &hyps(&b.heard.nbest),
                )),
                whole: None,
                ms: 0.0,
                cpu_ms: 0.0,
                free: None,
                free_whole: None,
            };
            Item {
                best_right: best_right(&a.sample, &a.grammar, &mean),
                second: Some((b.heard.clone(), rule)),
                heard: Heard {
                    ms: a.heard.ms + if second_needed { b.heard.ms } else { 0.0 },
                    cpu_ms: a.heard.cpu_ms + if second_needed { b.heard.cpu_ms } else { 0.0 },
                    ..a.heard.clone()
                },
                ..a.clone()
            }
        })
        .collect()
}

/// Share of items judged right under `t`, for tests.
pub fn right_share(items: &[Item], t: &Thresholds) -> f64 {
    let c = Count::of(items.iter().filter(|i| i.is_move()), t);
    c.right as f64 / c.moves.max(1) as f64
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_transcript_of_the_best_phrase_makes_it_surer_and_talk_takes_a_far_one() {
        let list = |v: &[(&str, f32)]| -> Vec<(String, f32)> {
            v.iter().map(|(t, p)| (t.to_string(), *p)).collect()
        };
        let moves = list(&[
            ("queen david three", 0.94),
            ("queen david four", 0.04),
            ("<other>", 0.02),
        ]);
        let h = heeded(&moves, "Queen David III.", "en", 10.0, 0.5);
        assert_eq!(h[0].0, "queen david three");
        assert!(h[0].1 > 0.98, "{h:?}");
        assert!((h.iter().map(|x| x.1).sum::<f32>() - 1.0).abs() < 1e-4);
        // Talk written as itself: "something else" wins.
        let h = heeded(&moves, "Could you close the window?", "en", 20.0, 0.5);
        assert_eq!(h[0].0, "<other>", "{h:?}");
        // heed 0: as it was.
        assert_eq!(heeded(&moves, "anything", "en", 0.0, 0.5), moves);
    }
    use shakmaty::CastlingMode;

    /// An item of `voice` saying e2e4 in the start position, heard as
    /// `nbest` (phrases by move, OTHER for anything else).
    fn item(voice: &str, tuning: bool, said: Said, nbest: &[(&str, f32)]) -> Item {
        let mut spec = g::SetSpec::new(1, "de");
        spec.voice = Some(voice.into());
        let mut s = g::game_set(&spec, &["e4"]).unwrap().remove(0);
        s.said = said;
        let grammar = Grammar::moves(&s.position(), "de");
        let phrase = |uci: &str| {
            grammar
                .phrases
                .iter()
                .find(|(m, _)| {
                    matches!(m, Meaning::Move(mv) if mv.to_uci(CastlingMode::Standard).to_string() == uci)
                })
                .map(|(_, p)| p.clone())
                .unwrap_or_else(|| uci.to_string())
        };
        let heard = Heard {
            nbest: nbest.iter().map(|(u, p)| (phrase(u), *p)).collect(),
            whole: None,
            ms: 1.0,
            cpu_ms: 1.0,
            free: None,
            free_whole: None,
        };
        let best_right = best_right(&s, &grammar, &heard);
        Item {
            sample: s,
            grammar: grammar.into(),
            heard,
            tuning,
            best_right,
            second: None,
        }
    }

    fn e4() -> Said {
        Said::Move {
            uci: "e2e4".into(),
            san: "e4".into(),
        }
    }

    #[test]
    fn with_own_moves_each_voice_says_its_own_report_moves_and_the_same_tuning_ones() {
        let plan = |own_moves, voices: &[&str]| Plan {
            locale: "en".into(),
            voices: voices.iter().map(|v| v.to_string()).collect(),
            tune_seed: 3,
            report_seed: 2,
            count: 4,
            tune_count: 2,
            non_chess: 0,
            conditions: vec![None],
            own_moves,
        };
        let said = |p: &Plan, voice: &str, tuning: bool| -> Vec<String> {
            samples(p)
                .into_iter()
                .filter(|(s, t)| s.voice == voice && *t == tuning)
                .map(|(s, _)| format!("{} {}", s.fen, s.text))
                .collect()
        };
        let (a, b) = ("en-us+m3", "en-us+f2");
        let shared = plan(false, &[a, b]);
        assert_eq!(said(&shared, a, false), said(&shared, b, false));
        let own = plan(true, &[a, b]);
        assert_ne!(said(&own, a, false), said(&own, b, false));
        assert_eq!(said(&own, a, false).len(), 4);
        assert_eq!(said(&own, a, true), said(&own, b, true));
        assert_eq!(said(&own, a, true), said(&shared, a, true));
        // A voice's own moves stay when another voice is added.
        let more = plan(true, &[a, "en-us+klatt2", b]);
        assert_eq!(said(&more, b, false), said(&own, b, false));
        assert_eq!(own_seed(2, a), own_seed(2, a));
        assert_ne!(own_seed(2, a), own_seed(5, a));
    }

    #[test]
    fn thresholds_are_tuned_without_the_voice_left_out() {
        use crate::speech::recognizer::OTHER;
        let mut items = Vec::new();
        // Voice a: the right move far ahead of its rival but spread over
        // anything else; talk that sounds little like chess.
        for _ in 0..20 {
            items.push(item(
                "a",
                true,
                e4(),
                &[("e2e4", 0.82), ("d2d4", 0.03), (OTHER, 0.15)],
            ));
        }
        items.push(item("a", true, Said::Other, &[("e2e4", 0.4), (OTHER, 0.6)]));
        // Voice b: the same lead, but one of its sentences that are not
        // chess looks exactly like that: trusting the lead would take it.
        for _ in 0..20 {
            items.push(item(
                "b",
                true,
                e4(),
                &[("e2e4", 0.82), ("d2d4", 0.03), (OTHER, 0.15)],
            ));
        }
        items.push(item(
            "b",
            true,
            Said::Other,
            &[("e2e4", 0.82), ("d2d4", 0.03), (OTHER, 0.15)],
        ));
        items.push(item(
            "b",
            false,
            e4(),
            &[("e2e4", 0.82), ("d2d4", 0.03), (OTHER, 0.15)],
        ));
        let voices = vec!["a".to_string(), "b".to_string()];
        let f = folds(&items, &voices, &grid());
        // Leaving a out, b's talk forbids the margin rule at this lead.
        assert!(items[0].best_right);
        assert!(f[0].thresholds.margin.is_infinite() || f[0].thresholds.trust > 0.85);
        // Leaving b out, a alone: the lead is trusted and read back.
        let t = f[1].thresholds;
        assert_eq!(items[0].outcome(&t), Outcome::Right);
        let report = report(&items, &f, &[None]);
        assert!(report.contains("left out b"), "{report}");
        assert!(report.contains("right 100.0 %"), "{report}");
    }

    #[test]
    fn a_raised_margin_makes_something_else_less_likely() {
        use crate::speech::recognizer::OTHER;
        let heard = item("a", false, e4(), &[("e2e4", 0.5), (OTHER, 0.5)]);
        assert_ne!(heard.outcome(&Thresholds::default()), Outcome::Right);
        // Only Whisper's list is re-weighted: none here.
        let k = |raise| Knobs {
            raise,
            ..Knobs::NONE
        };
        let untouched = with_knobs(std::slice::from_ref(&heard), 0, k(10.0));
        assert_ne!(untouched[0].outcome(&Thresholds::default()), Outcome::Right);
        let raised = with_knobs(std::slice::from_ref(&heard), 1, k(10.0));
        assert_eq!(raised[0].outcome(&Thresholds::default()), Outcome::Right);
        let lowered = with_knobs(std::slice::from_ref(&heard), 1, k(-10.0));
        assert!(lowered[0].decide(&Thresholds::default()).decision == Decision::None);
        let never = with_knobs(std::slice::from_ref(&heard), 1, k(f32::INFINITY));
        assert_eq!(never[0].outcome(&Thresholds::default()), Outcome::Right);
    }

    #[test]
    fn a_free_transcript_far_from_every_phrase_is_talk() {
        use crate::speech::recognizer::OTHER;
        let mut heard = item("a", false, e4(), &[("e2e4", 0.99), (OTHER, 0.01)]);
        let phrase = heard.heard.nbest[0].0.clone();
        let k = |reject| Knobs {
            reject,
            ..Knobs::NONE
        };
        heard.heard.free = Some("Meine Tochter kommt nächste Woche in die Schule.".into());
        assert_eq!(heard.outcome(&Thresholds::default()), Outcome::Right);
        let judged = with_knobs(std::slice::from_ref(&heard), 1, k(0.5));
        assert_eq!(
            judged[0].decide(&Thresholds::default()).decision,
            Decision::None
        );
        // Written as the phrase is: taken.
        heard.heard.free = Some(phrase);
        let judged = with_knobs(std::slice::from_ref(&heard), 1, k(0.5));
        assert_eq!(judged[0].outcome(&Thresholds::default()), Outcome::Right);
    }
}
