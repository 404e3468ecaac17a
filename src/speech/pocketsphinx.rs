//! PocketSphinx, the embedded default recogniser (Debian `libpocketsphinx-dev`
//! 0.8+5prealpha with the `pocketsphinx-en-us` acoustic model).
//!
//! The FFI below is declared by hand to match the installed headers
//! (`/usr/include/pocketsphinx/pocketsphinx.h`, `ps_search.h`,
//! `sphinxbase/cmd_ln.h`): `ps_start_utt` takes only the decoder in this
//! version. Each position gets a JSGF grammar of its legal-move phrases;
//! the pronunciation dictionary is the project's own
//! (`models/pocketsphinx/hector.dict`, CMU phones for every word of every
//! locale).

use super::recognizer::{Hypothesis, OTHER, Recognizer, SpeechError};
use std::ffi::{CStr, CString, c_char, c_int, c_void};
use std::path::{Path, PathBuf};

#[allow(non_camel_case_types)]
mod ffi {
    use std::ffi::{c_char, c_double, c_int, c_void};
    pub type ps_decoder_t = c_void;
    pub type cmd_ln_t = c_void;
    pub type arg_t = c_void;
    pub type logmath_t = c_void;
    pub type ps_nbest_t = c_void;
    pub type ps_mllr_t = c_void;
    pub type ps_seg_t = c_void;

    unsafe extern "C" {
        // pocketsphinx.h
        pub fn ps_args() -> *const arg_t;
        pub fn ps_init(config: *mut cmd_ln_t) -> *mut ps_decoder_t;
        pub fn ps_free(ps: *mut ps_decoder_t) -> c_int;
        pub fn ps_get_logmath(ps: *mut ps_decoder_t) -> *mut logmath_t;
        pub fn ps_lookup_word(ps: *mut ps_decoder_t, word: *const c_char) -> *mut c_char;
        pub fn ps_add_word(
            ps: *mut ps_decoder_t,
            word: *const c_char,
            phones: *const c_char,
            update: c_int,
        ) -> c_int;
        pub fn ps_start_utt(ps: *mut ps_decoder_t) -> c_int;
        pub fn ps_process_raw(
            ps: *mut ps_decoder_t,
            data: *const i16,
            n_samples: usize,
            no_search: c_int,
            full_utt: c_int,
        ) -> c_int;
        pub fn ps_end_utt(ps: *mut ps_decoder_t) -> c_int;
        pub fn ps_get_hyp(ps: *mut ps_decoder_t, out_best_score: *mut i32) -> *const c_char;
        pub fn ps_nbest(ps: *mut ps_decoder_t) -> *mut ps_nbest_t;
        pub fn ps_nbest_next(nbest: *mut ps_nbest_t) -> *mut ps_nbest_t;
        pub fn ps_nbest_hyp(nbest: *mut ps_nbest_t, out_score: *mut i32) -> *const c_char;
        pub fn ps_nbest_free(nbest: *mut ps_nbest_t);
        pub fn ps_seg_iter(ps: *mut ps_decoder_t) -> *mut ps_seg_t;
        pub fn ps_seg_next(seg: *mut ps_seg_t) -> *mut ps_seg_t;
        pub fn ps_seg_word(seg: *mut ps_seg_t) -> *const c_char;
        pub fn ps_seg_frames(seg: *mut ps_seg_t, sf: *mut c_int, ef: *mut c_int);
        pub fn ps_seg_prob(
            seg: *mut ps_seg_t,
            ascr: *mut i32,
            lscr: *mut i32,
            lback: *mut i32,
        ) -> i32;
        // MLLR: the decoder owns the transform it is given.
        pub fn ps_mllr_read(file: *const c_char) -> *mut ps_mllr_t;
        pub fn ps_update_mllr(ps: *mut ps_decoder_t, mllr: *mut ps_mllr_t) -> *mut ps_mllr_t;
        // ps_search.h
        pub fn ps_set_search(ps: *mut ps_decoder_t, name: *const c_char) -> c_int;
        pub fn ps_unset_search(ps: *mut ps_decoder_t, name: *const c_char) -> c_int;
        pub fn ps_set_jsgf_string(
            ps: *mut ps_decoder_t,
            name: *const c_char,
            jsgf_string: *const c_char,
        ) -> c_int;
        // sphinxbase/cmd_ln.h
        pub fn cmd_ln_parse_r(
            inout_cmdln: *mut cmd_ln_t,
            defn: *const arg_t,
            argc: i32,
            argv: *mut *mut c_char,
            strict: i32,
        ) -> *mut cmd_ln_t;
        pub fn cmd_ln_free_r(cmdln: *mut cmd_ln_t) -> c_int;
        // sphinxbase/logmath.h, err.h
        pub fn logmath_log_to_ln(lmath: *mut logmath_t, logb_p: c_int) -> c_double;
        pub fn err_set_logfp(stream: *mut c_void);
    }
}

/// Where Debian's `pocketsphinx-en-us` puts the acoustic model.
pub const DEFAULT_HMM: &str = "/usr/share/pocketsphinx/model/en-us/en-us";

/// The project's pronunciation dictionary, relative to the crate root.
pub const DICT_RELATIVE: &str = "models/pocketsphinx/hector.dict";

/// PocketSphinx keeps acoustic scores shifted down by 10 bits: a score
/// read through logmath is 2^-10 of its natural-log likelihood.
const SCORE_SHIFT: f64 = 1024.0;

/// How many paths to read from the lattice at most.
const NBEST_PATHS: usize = 400;

/// The most samples given to the decoder in one call while streaming
/// (20 ms at 16 kHz).
const FEED_SAMPLES: usize = 320;

/// The dictionary shipped with hector: `$HECTOR_MODELS/pocketsphinx/hector.dict`,
/// else `models/` beside the executable's crate (source tree builds).
pub fn default_dict() -> PathBuf {
    if let Some(dir) = std::env::var_os("HECTOR_MODELS") {
        return Path::new(&dir).join("pocketsphinx/hector.dict");
    }
    Path::new(env!("CARGO_MANIFEST_DIR")).join(DICT_RELATIVE)
}

/// The adapted model shipped with hector (models/pocketsphinx/adapted,
/// made by models/pocketsphinx/adapt.py), when all its files are there.
pub fn default_adapted() -> Option<PathBuf> {
    let dir = default_dict().parent()?.join("adapted");
    ["means", "variances", "sendump"]
        .iter()
        .all(|f| dir.join(f).exists())
        .then_some(dir)
}

/// Opens one decoder with `args` (the program name is added).
fn open_decoder(
    args: &[String],
    hmm: &Path,
    dict: &Path,
) -> Result<(*mut ffi::ps_decoder_t, *mut ffi::cmd_ln_t), SpeechError> {
    let args = std::iter::once("hector".to_string())
        .chain(args.iter().cloned())
        .map(CString::new)
        .collect::<Result<Vec<CString>, _>>()
        .map_err(|_| SpeechError::Model {
            path: hmm.display().to_string(),
            why: "the path contains a NUL byte".into(),
        })?;
    let mut argv: Vec<*mut c_char> = args.iter().map(|a| a.as_ptr() as *mut c_char).collect();
    // The library's log is silenced once for the whole process and never
    // touched again. Its log file is one global FILE: a `-logfn` per
    // decoder made every ps_init open a new one and close the one before,
    // while decoders opened or logged on other threads (two players'
    // voices, the tests) wrote to it — a FILE closed under another thread,
    // which once hung a decoder's start in a stdio lock. Decoders are also
    // opened one at a time: the library's configuration and model loading
    // share global state.
    static SILENCED: std::sync::Once = std::sync::Once::new();
    static OPENING: std::sync::Mutex<()> = std::sync::Mutex::new(());
    // SAFETY: err_set_logfp(NULL) only turns the log off, before any decoder exists.
    SILENCED.call_once(|| unsafe { ffi::err_set_logfp(std::ptr::null_mut::<c_void>()) });
    let _one = OPENING
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    // SAFETY: argv holds valid NUL-terminated strings that outlive the call;
    // cmd_ln_parse_r copies what it keeps.
    unsafe {
        let config = ffi::cmd_ln_parse_r(
            std::ptr::null_mut(),
            ffi::ps_args(),
            argv.len() as i32,
            argv.as_mut_ptr(),
            1,
        );
        if config.is_null() {
            return Err(SpeechError::Model {
                path: hmm.display().to_string(),
                why: "PocketSphinx rejected its configuration".into(),
            });
        }
        let ps = ffi::ps_init(config);
        if ps.is_null() {
            ffi::cmd_ln_free_r(config);
            return Err(SpeechError::Model {
                path: format!("{} with {}", hmm.display(), dict.display()),
                why: "PocketSphinx could not load the model or the dictionary".into(),
            });
        }
        Ok((ps, config))
    }
}

/// A PocketSphinx decoder listening with a legal-move grammar.
pub struct PocketSphinx {
    ps: *mut ffi::ps_decoder_t,
    config: *mut ffi::cmd_ln_t,
    /// The phone-loop decoder (allphone search) run on the same audio.
    free: Option<(*mut ffi::ps_decoder_t, *mut ffi::cmd_ln_t)>,
    /// Alternates between two search names so switching grammars never
    /// frees the search being replaced while it is active.
    generation: u64,
    has_grammar: bool,
    in_utt: bool,
    /// Whole-utterance mode (see `recognize`): audio is kept and decoded at
    /// the end with the utterance's own cepstral mean.
    batch: bool,
    buffer: Vec<i16>,
    /// The phrases of the current grammar: n-best entries outside it
    /// (partial paths) are dropped.
    phrases: std::collections::HashSet<String>,
    /// Samples of the current utterance.
    samples: usize,
    /// The sizes of the model's feature streams (an MLLR transform must
    /// have the same).
    streams: Vec<usize>,
    /// The model, its adaptation and the dictionary decoded with: a
    /// player's transform is computed for them (see `enrol`).
    hmm: PathBuf,
    adapted: Option<PathBuf>,
    dict: PathBuf,
}

// SAFETY: the decoder is only ever used through `&mut self`, from one
// thread at a time; PocketSphinx keeps no thread-local state.
unsafe impl Send for PocketSphinx {}

impl PocketSphinx {
    /// Loads the acoustic model `hmm` (a directory) and the pronunciation
    /// dictionary `dict`. A missing or broken model is an error, not an abort.
    /// The model as it is, without hector's adaptation: hector's own
    /// default is [`PocketSphinx::with_defaults`].
    pub fn new(hmm: &Path, dict: &Path) -> Result<PocketSphinx, SpeechError> {
        PocketSphinx::with_adaptation(hmm, dict, None)
    }

    /// Like [`PocketSphinx::new`], with the means, variances and mixture
    /// weights (`sendump`) of an adapted model in `adapted` loaded over
    /// the model's own.
    pub fn with_adaptation(
        hmm: &Path,
        dict: &Path,
        adapted: Option<&Path>,
    ) -> Result<PocketSphinx, SpeechError> {
        for (p, what) in [(hmm, "acoustic model directory"), (dict, "dictionary")] {
            if !p.exists() {
                return Err(SpeechError::Model {
                    path: p.display().to_string(),
                    why: format!("the {what} does not exist"),
                });
            }
        }
        if !hmm.join("mdef").exists() {
            return Err(SpeechError::Model {
                path: hmm.display().to_string(),
                why: "this is not a PocketSphinx acoustic model (no mdef file)".into(),
            });
        }
        let mut common: Vec<String> = vec![
            "-hmm".into(),
            hmm.to_string_lossy().into(),
            "-samprate".into(),
            "16000".into(),
        ];
        if let Some(a) = adapted {
            for (flag, file) in [
                ("-mean", "means"),
                ("-var", "variances"),
                ("-sendump", "sendump"),
            ] {
                common.push(flag.into());
                common.push(a.join(file).to_string_lossy().into());
            }
        }
        let mut grammar_args = common.clone();
        grammar_args.extend(
            ["-dict", &dict.to_string_lossy(), "-bestpath", "no"]
                .iter()
                .map(|s| s.to_string()),
        );
        let grammar_args = with_overrides(grammar_args, &extra_args());
        let (ps, config) = open_decoder(&grammar_args, hmm, dict)?;
        // SAFETY: valid decoder and C strings.
        unsafe {
            // The words of the "anything else" loop (kept for grammars that
            // use it; see grammar::jsgf_with_other).
            for ph in super::dict::CMU_PHONES {
                let w = CString::new(other_word(ph)).expect("no NUL");
                let p = CString::new(*ph).expect("no NUL");
                ffi::ps_add_word(ps, w.as_ptr(), p.as_ptr(), 0);
            }
        }
        // The phone loop: what the best sequence of any phones scores, the
        // yardstick of the grammar's best path (a likelihood ratio).
        let phone_lm = hmm
            .parent()
            .map(|d| d.join("en-us-phone.lm.bin"))
            .filter(|p| p.exists());
        let free = match phone_lm {
            Some(lm) => {
                let mut a = common.clone();
                a.extend(
                    [
                        "-dict",
                        &dict.to_string_lossy(),
                        "-allphone",
                        &lm.to_string_lossy(),
                        "-allphone_ci",
                        "yes",
                        "-bestpath",
                        "no",
                    ]
                    .iter()
                    .map(|s| s.to_string()),
                );
                Some(open_decoder(&a, hmm, dict)?)
            }
            None => None,
        };
        Ok(PocketSphinx {
            ps,
            config,
            free,
            generation: 0,
            has_grammar: false,
            in_utt: false,
            batch: false,
            buffer: Vec::new(),
            phrases: Default::default(),
            samples: 0,
            streams: feature_streams(hmm),
            hmm: hmm.to_path_buf(),
            adapted: adapted.map(Path::to_path_buf),
            dict: dict.to_path_buf(),
        })
    }

    /// The Debian model with hector's dictionary and, when present, the
    /// adapted model shipped in models/pocketsphinx/adapted.
    pub fn with_defaults() -> Result<PocketSphinx, SpeechError> {
        let adapted = default_adapted();
        PocketSphinx::with_adaptation(Path::new(DEFAULT_HMM), &default_dict(), adapted.as_deref())
    }

    /// The phones of a decoded path (words as the decoder names them, with
    /// their pronunciation variants such as `felix(2)`).
    fn phones_of(&self, path: &str) -> String {
        let mut phones = Vec::new();
        for w in path.split_whitespace() {
            let Ok(c) = CString::new(w) else { continue };
            // SAFETY: valid decoder and C string; the returned string is
            // owned by the dictionary and copied at once.
            let p = unsafe { ffi::ps_lookup_word(self.ps, c.as_ptr()) };
            if !p.is_null() {
                phones.push(unsafe { CStr::from_ptr(p) }.to_string_lossy().into_owned());
            }
        }
        phones.join(" ")
    }

    /// Whether the loaded dictionary knows `word`.
    pub fn knows(&mut self, word: &str) -> bool {
        let Ok(w) = CString::new(word) else {
            return false;
        };
        // SAFETY: valid decoder and C string; the returned string is owned by
        // the dictionary (not to be freed) and only checked for NULL.
        unsafe { !ffi::ps_lookup_word(self.ps, w.as_ptr()).is_null() }
    }

    /// A decoded path as a phrase of the grammar, [`OTHER`] when it went
    /// through the "anything else" loop, or empty (a partial path).
    fn classify(&self, raw: &str) -> String {
        if raw.split_whitespace().any(|w| w.starts_with(OTHER_PREFIX)) {
            return OTHER.to_string();
        }
        let t = clean(raw);
        if self.phrases.contains(&t) {
            t
        } else {
            String::new()
        }
    }

    /// The grammar decoder and, if there is one, the phone loop.
    fn decoders(&self) -> Vec<*mut ffi::ps_decoder_t> {
        std::iter::once(self.ps)
            .chain(self.free.map(|f| f.0))
            .collect()
    }

    /// Sets a ready-made JSGF grammar.
    pub fn set_jsgf(&mut self, jsgf: &str) -> Result<(), SpeechError> {
        let name = CString::new(format!("moves{}", self.generation % 2)).expect("no NUL");
        let old = CString::new(format!("moves{}", (self.generation + 1) % 2)).expect("no NUL");
        let text = CString::new(jsgf).map_err(|_| SpeechError::Grammar("NUL in grammar".into()))?;
        // SAFETY: valid decoder and C strings for the duration of each call.
        unsafe {
            if ffi::ps_set_jsgf_string(self.ps, name.as_ptr(), text.as_ptr()) < 0 {
                return Err(SpeechError::Grammar(
                    "PocketSphinx rejected the grammar (a word may be missing from the dictionary)"
                        .into(),
                ));
            }
            if ffi::ps_set_search(self.ps, name.as_ptr()) < 0 {
                return Err(SpeechError::Grammar(
                    "the grammar could not be activated".into(),
                ));
            }
            if self.has_grammar {
                ffi::ps_unset_search(self.ps, old.as_ptr());
            }
        }
        self.generation += 1;
        self.has_grammar = true;
        Ok(())
    }
}

impl Drop for PocketSphinx {
    fn drop(&mut self) {
        // SAFETY: the pointers came from ps_init / cmd_ln_parse_r and are freed once.
        unsafe {
            ffi::ps_free(self.ps);
            ffi::cmd_ln_free_r(self.config);
            if let Some((ps, config)) = self.free {
                ffi::ps_free(ps);
                ffi::cmd_ln_free_r(config);
            }
        }
    }
}

/// `args` (flag, value, flag, value, …) with each flag of `extra` set to
/// its value there: PocketSphinx refuses a flag given twice, so an
/// experiment's `-bestpath yes` replaces hector's `-bestpath no`.
fn with_overrides(mut args: Vec<String>, extra: &[String]) -> Vec<String> {
    for pair in extra.chunks(2) {
        if let Some(i) = args.iter().position(|a| *a == pair[0]) {
            args.drain(i..(i + 2).min(args.len()));
        }
        args.extend_from_slice(pair);
    }
    args
}

/// Decoder flags from `HECTOR_PS_ARGS` (space separated, for experiments;
/// see [`with_overrides`]).
fn extra_args() -> Vec<String> {
    std::env::var("HECTOR_PS_ARGS")
        .map(|v| v.split_whitespace().map(str::to_string).collect())
        .unwrap_or_default()
}

/// The dictionary word of one phone of the "anything else" loop.
fn other_word(phone: &str) -> String {
    format!("{OTHER_PREFIX}{}", phone.to_lowercase())
}

const OTHER_PREFIX: &str = "othr_";

/// Removes PocketSphinx's filler words and alternate-pronunciation marks.
fn clean(hyp: &str) -> String {
    hyp.split_whitespace()
        .filter(|w| !(w.starts_with('<') || w.starts_with('[') || w.starts_with('+')))
        .map(|w| match w.find('(') {
            Some(i) => &w[..i],
            None => w,
        })
        .collect::<Vec<_>>()
        .join(" ")
}

impl Recognizer for PocketSphinx {
    fn set_phrases(&mut self, phrases: &[String]) -> Result<(), SpeechError> {
        let missing: Vec<String> = super::grammar::words(phrases)
            .into_iter()
            .filter(|w| !self.knows(w))
            .collect();
        if !missing.is_empty() {
            return Err(SpeechError::Grammar(format!(
                "the pronunciation dictionary lacks these words: {}",
                missing.join(", ")
            )));
        }
        let others: Vec<String> = super::dict::CMU_PHONES
            .iter()
            .map(|p| other_word(p))
            .collect();
        self.set_jsgf(&super::grammar::jsgf_with_other(
            phrases,
            &others,
            tuning().other_weight,
        )?)?;
        self.phrases = phrases
            .iter()
            .map(|p| p.split_whitespace().collect::<Vec<_>>().join(" "))
            .collect();
        Ok(())
    }

    fn begin(&mut self) -> Result<(), SpeechError> {
        if !self.has_grammar {
            return Err(SpeechError::Grammar("no grammar has been set".into()));
        }
        for ps in self.decoders() {
            // SAFETY: valid decoders; an open utterance is ended first.
            unsafe {
                if self.in_utt {
                    ffi::ps_end_utt(ps);
                }
                if ffi::ps_start_utt(ps) < 0 {
                    return Err(SpeechError::Decode("could not start an utterance".into()));
                }
            }
        }
        self.in_utt = true;
        self.batch = false;
        self.buffer.clear();
        self.samples = 0;
        Ok(())
    }

    fn feed(&mut self, samples: &[i16]) -> Result<(), SpeechError> {
        if !self.in_utt {
            return Err(SpeechError::Decode("no utterance has been started".into()));
        }
        if self.batch {
            self.buffer.extend_from_slice(samples);
            return Ok(());
        }
        self.samples += samples.len();
        // In pieces of 20 ms, as a microphone gives them: a long stretch
        // given at once (an utterance decoded again from its start) can
        // overrun PocketSphinx's feature buffer, which aborts the program
        // (`acmod_process_cep` asserts).
        for piece in samples.chunks(FEED_SAMPLES) {
            for ps in self.decoders() {
                // SAFETY: valid decoder with an open utterance; `piece`
                // outlives the call.
                let rv = unsafe { ffi::ps_process_raw(ps, piece.as_ptr(), piece.len(), 0, 0) };
                if rv < 0 {
                    return Err(SpeechError::Decode(
                        "the audio could not be processed".into(),
                    ));
                }
            }
        }
        Ok(())
    }

    fn partial(&mut self) -> Option<String> {
        if !self.in_utt || self.batch || self.samples == 0 {
            return None;
        }
        let mut score = 0i32;
        // SAFETY: valid decoder with an open utterance; the string is
        // copied before the next decoder call.
        let raw = unsafe {
            let h = ffi::ps_get_hyp(self.ps, &mut score);
            if h.is_null() {
                return None;
            }
            CStr::from_ptr(h).to_string_lossy().into_owned()
        };
        Some(self.classify(&raw)).filter(|t| !t.is_empty())
    }

    fn finish(&mut self) -> Result<Vec<Hypothesis>, SpeechError> {
        if !self.in_utt {
            return Err(SpeechError::Decode("no utterance has been started".into()));
        }
        self.in_utt = false;
        let mut out: Vec<(String, i32)> = Vec::new();
        let mut best_score: i32 = i32::MIN;
        let _ = best_score;
        let mut free_score: Option<i32> = None;
        // The phone loop's phones and the grammar's best path (its words
        // with their pronunciation variants).
        let mut loop_phones = String::new();
        let best_path: String;
        let lmath = unsafe { ffi::ps_get_logmath(self.ps) };
        let ln = |x: i32| unsafe { ffi::logmath_log_to_ln(lmath, x as c_int) };
        let t = tuning();
        // How well the best phrase fits beside the best sequence of any
        // phones, per second, and how far the phones heard are from the
        // phrase's; from them the share of chess (the rest is "anything
        // else").
        let ratio: Option<f64>;
        let phone_err: Option<f64>;
        let fit: Option<Fit>;
        let segs: Option<(Vec<Segment>, Vec<Segment>)>;
        let chess: Option<f64>;
        // SAFETY: valid decoder; strings returned by ps_get_hyp / ps_nbest_hyp
        // are copied before the next decoder call.
        unsafe {
            let buf = std::mem::take(&mut self.buffer);
            self.samples += buf.len();
            for ps in self.decoders() {
                let rv = if buf.is_empty() {
                    0
                } else {
                    ffi::ps_process_raw(ps, buf.as_ptr(), buf.len(), 0, 1)
                };
                if ffi::ps_end_utt(ps) < 0 || rv < 0 {
                    return Err(SpeechError::Decode(
                        "the utterance could not be ended".into(),
                    ));
                }
            }
            if let Some((free, _)) = self.free {
                let mut s = 0i32;
                let h = ffi::ps_get_hyp(free, &mut s);
                if !h.is_null() {
                    free_score = Some(s);
                    loop_phones = CStr::from_ptr(h).to_string_lossy().into_owned();
                }
            }
            let mut score = 0i32;
            let hyp = ffi::ps_get_hyp(self.ps, &mut score);
            if hyp.is_null() {
                return Ok(Vec::new());
            }
            best_path = CStr::from_ptr(hyp).to_string_lossy().into_owned();
            let best = self.classify(&best_path);
            if best.is_empty() {
                return Ok(Vec::new());
            }
            best_score = score;
            let seconds = self.samples as f64 / 16000.0;
            ratio = free_score
                .filter(|_| seconds > 0.05)
                .map(|f| (ln(best_score) - ln(f)) / seconds);
            let phones = self.phones_of(&best_path);
            phone_err = (!loop_phones.is_empty() && !phones.is_empty())
                .then(|| phone_error(&phones, &loop_phones));
            // The path word by word beside the phone loop's.
            segs = self
                .free
                .map(|(free, _)| (segments(self.ps), segments(free)));
            fit = segs.as_ref().and_then(|(p, f)| fit_of(p, f));
            chess = ratio.map(|r| {
                // The phones heard do not agree with the phrase's: the
                // phrase was forced onto other speech, however well it
                // scores.
                if phone_err.is_some_and(|e| e > t.phone_error) {
                    0.0
                } else {
                    // The whole path must beat the phone loop, and its
                    // words must fit like chess: both shares together.
                    let whole = 1.0 / (1.0 + (-(r - t.ratio) / t.ratio_width).exp());
                    whole * t.weights.chess(r, phone_err.unwrap_or(0.0), fit)
                }
            });
            // Below one half, "anything else" outweighs all phrases together
            // whatever the rivals score (see `listener::decide`): reading
            // them from the lattice, the slowest part of deciding, is left
            // out.
            let mut nb = if chess.is_some_and(|c| c < 0.5) {
                std::ptr::null_mut()
            } else {
                ffi::ps_nbest(self.ps)
            };
            let mut seen = 0;
            let most = t.nbest;
            while !nb.is_null() && seen < most {
                let mut s = 0i32;
                let h = ffi::ps_nbest_hyp(nb, &mut s);
                if !h.is_null() {
                    let t = self.classify(&CStr::from_ptr(h).to_string_lossy());
                    if !t.is_empty() {
                        out.push((t, s));
                    }
                }
                seen += 1;
                nb = ffi::ps_nbest_next(nb);
            }
            if !nb.is_null() {
                ffi::ps_nbest_free(nb);
            }
            if out.is_empty() {
                out.push((best, score));
            } else if let Some(i) = out.iter().position(|(t, _)| *t == best)
                && i > 0
            {
                // The decoder's own best path leads (the lattice may rank
                // a pronunciation variant of a rival higher by a hair).
                let b = out.remove(i);
                out.insert(0, b);
            }
        }
        if t.dump {
            // Raw n-best scores for tuning the scale and thresholds.
            let raw: Vec<(String, f64)> = out.iter().map(|(t, s)| (t.clone(), ln(*s))).collect();
            eprintln!(
                "PSRAW {} {} {}",
                ratio.unwrap_or(f64::NAN),
                phone_err.unwrap_or(f64::NAN),
                serde_json::to_string(&raw).unwrap_or_default()
            );
            eprintln!(
                "PSPATH {best_path} | {} | {loop_phones}",
                self.phones_of(&best_path)
            );
            eprintln!("PSFIT {fit:?}");
            if let Some((p, f)) = &segs {
                let words: Vec<(String, f64, f64)> = p
                    .iter()
                    .filter(|w| !w.is_filler())
                    .map(|w| (w.word.clone(), w.frames(), word_llr(w, f)))
                    .collect();
                eprintln!(
                    "PSWORDS {}",
                    serde_json::to_string(&words).unwrap_or_default()
                );
            }
        }
        let mut hyps = confidences(&out, ln);
        // Speech that is not a phrase fits the phones far better: that
        // becomes the share of "anything else".
        if let Some(chess) = chess {
            for h in &mut hyps {
                h.confidence *= chess as f32;
            }
            hyps.push(Hypothesis {
                text: OTHER.to_string(),
                confidence: (1.0 - chess) as f32,
            });
        }
        Ok(hyps)
    }

    /// A single utterance from a file is decoded in one pass: the cepstral
    /// mean of the utterance itself recognises a first, isolated command far
    /// better than the live estimate, which needs a few utterances to settle
    /// (streaming through `feed` is for a microphone session).
    fn recognize(&mut self, samples: &[i16]) -> Result<Vec<Hypothesis>, SpeechError> {
        self.begin()?;
        self.batch = true;
        self.buffer.extend_from_slice(samples);
        let r = self.finish();
        self.batch = false;
        r
    }

    fn name(&self) -> &'static str {
        "pocketsphinx"
    }

    fn enrol(&self, utterances: &[(Vec<i16>, String)], out: &Path) -> Result<(), SpeechError> {
        super::enrol::mllr(
            utterances,
            &self.hmm,
            self.adapted.as_deref(),
            &self.dict,
            out,
        )
    }

    fn adapt(&mut self, mllr: &Path) -> Result<(), SpeechError> {
        let bad = |why: &str| SpeechError::Model {
            path: mllr.display().to_string(),
            why: why.into(),
        };
        if !mllr.is_file() {
            return Err(bad("there is no such file"));
        }
        // Laid out for this model's feature streams, and moving its means
        // rather than shrinking them (the checks `hector enrol` makes).
        match super::enrol::Transform::read(mllr) {
            Some(t) if t.streams == self.streams && t.plausible() => {}
            _ => return Err(bad("is not an MLLR transform written by `hector enrol`")),
        }
        let c = CString::new(mllr.to_string_lossy().as_bytes())
            .map_err(|_| bad("the path has a NUL byte"))?;
        for ps in self.decoders() {
            // SAFETY: valid decoder and path; the decoder takes ownership of
            // the transform read for it (one per decoder).
            unsafe {
                let m = ffi::ps_mllr_read(c.as_ptr());
                if m.is_null() || ffi::ps_update_mllr(ps, m).is_null() {
                    return Err(bad("PocketSphinx could not apply it"));
                }
            }
        }
        Ok(())
    }
}

/// The sizes of the feature streams of the model in `hmm`: its
/// `feat.params` names them (`-svspec 0-12/13-25/26-38`: three of 13),
/// else the 39 features are one stream.
fn feature_streams(hmm: &Path) -> Vec<usize> {
    let params = std::fs::read_to_string(hmm.join("feat.params")).unwrap_or_default();
    let mut words = params.split_whitespace();
    while let Some(w) = words.next() {
        if w == "-svspec" {
            let spec = words.next().unwrap_or("");
            let sizes: Option<Vec<usize>> = spec
                .split('/')
                .map(|r| {
                    let (a, b) = r.split_once('-')?;
                    let (a, b): (usize, usize) = (a.parse().ok()?, b.parse().ok()?);
                    b.checked_sub(a).map(|d| d + 1)
                })
                .collect();
            if let Some(v) = sizes.filter(|v| !v.is_empty()) {
                return v;
            }
        }
    }
    vec![39]
}

/// One segment of a decoder's best path: a word (or, in the phone loop, a
/// phone), its first and last frame, and its acoustic score.
#[derive(Debug, Clone, PartialEq)]
struct Segment {
    word: String,
    first: i32,
    last: i32,
    /// Acoustic score in natural-log units (PocketSphinx scales it down by
    /// 2^10: per frame, a thousand times this is about nats).
    score: f64,
}

impl Segment {
    /// Silence, noise and filler words (`<sil>`, `[NOISE]`, `+SPN+`, `SIL`).
    fn is_filler(&self) -> bool {
        self.word == "SIL" || self.word.starts_with(['<', '[', '+'])
    }

    fn frames(&self) -> f64 {
        (self.last - self.first + 1).max(1) as f64
    }

    /// Frames shared with `o`.
    fn overlap(&self, o: &Segment) -> f64 {
        (self.last.min(o.last) - self.first.max(o.first) + 1).max(0) as f64
    }
}

/// The segments of a decoder's best path.
///
/// # Safety
/// `ps` is a valid decoder whose utterance has ended.
unsafe fn segments(ps: *mut ffi::ps_decoder_t) -> Vec<Segment> {
    let lmath = unsafe { ffi::ps_get_logmath(ps) };
    let mut out = Vec::new();
    let mut seg = unsafe { ffi::ps_seg_iter(ps) };
    while !seg.is_null() {
        let (mut sf, mut ef) = (0, 0);
        let (mut a, mut l, mut b) = (0, 0, 0);
        // SAFETY: `seg` is a live iterator of this decoder; the word is
        // copied before the iterator moves on (which frees it at the end).
        unsafe {
            ffi::ps_seg_frames(seg, &mut sf, &mut ef);
            ffi::ps_seg_prob(seg, &mut a, &mut l, &mut b);
            let w = ffi::ps_seg_word(seg);
            let word = if w.is_null() {
                String::new()
            } else {
                CStr::from_ptr(w).to_string_lossy().into_owned()
            };
            out.push(Segment {
                word,
                first: sf,
                last: ef,
                score: ffi::logmath_log_to_ln(lmath, a),
            });
            seg = ffi::ps_seg_next(seg);
        }
    }
    out
}

/// How a phrase's path fits the audio beside the phone loop's, word by
/// word: speech forced onto a phrase fits some word badly, or leaves
/// stretches the phrase calls silence in which the phone loop hears
/// speech.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
struct Fit {
    /// The worst word: its score less the phone loop's over the same
    /// frames, per frame (× 1000: about nats).
    worst_word: f64,
    /// The share of the path's frames that it spends in silence or fillers
    /// while the phone loop hears phones there.
    unexplained: f64,
    /// The phrase's words (fillers left out): a long phrase that fits word
    /// by word is stronger evidence of chess than a word or two, which
    /// other speech fits by chance more easily.
    words: f64,
    /// The words' mean score less the phone loop's, per frame: talk forced
    /// onto a phrase fits most of its words worse, not only the worst.
    mean_word: f64,
}

/// A word's score less the phone loop's over the same frames (a phone
/// partly inside counts in proportion), per frame × 1000.
fn word_llr(w: &Segment, phones: &[Segment]) -> f64 {
    let yardstick: f64 = phones
        .iter()
        .map(|p| p.score * w.overlap(p) / p.frames())
        .sum();
    (w.score - yardstick) / w.frames() * 1000.0
}

fn fit_of(path: &[Segment], phones: &[Segment]) -> Option<Fit> {
    let mut worst: Option<f64> = None;
    let mut unexplained = 0.0;
    let mut total = 0.0;
    let mut words = 0.0;
    let mut sum = 0.0;
    for w in path {
        total += w.frames();
        if w.is_filler() {
            unexplained += phones
                .iter()
                .filter(|p| !p.is_filler())
                .map(|p| w.overlap(p))
                .sum::<f64>();
            continue;
        }
        let llr = word_llr(w, phones);
        worst = Some(worst.map_or(llr, |x: f64| x.min(llr)));
        words += 1.0;
        sum += llr;
    }
    Some(Fit {
        worst_word: worst?,
        unexplained: unexplained / total.max(1.0),
        words,
        mean_word: sum / words.max(1.0),
    })
}

/// How far the phone loop's phones (`SIL` and fillers left out) are from
/// the phrase's: the edit distance over the phrase's phone count. Speech
/// that is a phrase comes out near its phones, even when the phone loop
/// hears a third of them wrong; a sentence the grammar had to fit comes
/// out with more phones, and other ones.
fn phone_error(phrase: &str, heard: &str) -> f64 {
    let want: Vec<&str> = phrase.split_whitespace().collect();
    let got: Vec<&str> = heard
        .split_whitespace()
        .filter(|p| *p != "SIL" && !p.starts_with('+'))
        .collect();
    strsim::generic_levenshtein(&want, &got) as f64 / want.len().max(FEWEST_PHONES) as f64
}

/// A phrase of fewer phones is measured as if it had this many: on "ja"
/// (two phones) a phone loop hearing three phones for two (`IY ER F` for
/// `Y AA`) is no sign of other speech, while a sentence forced onto a short
/// phrase still lies many phones away from it.
const FEWEST_PHONES: usize = 4;

/// Turns n-best path scores (log domain, as the decoder keeps them) into
/// posteriors: the paths of one text are summed, and a softmax over the
/// texts with the acoustic scale [`Tuning::scale`] (per nat: summed over
/// frames, log-likelihoods are far too peaked to be probabilities as they
/// are). The first entry (the decoder's best path) stays first.
///
/// PocketSphinx keeps acoustic scores shifted down by 10 bits
/// ([`SCORE_SHIFT`]); read through logmath a path score is 2^-10 of its
/// log-likelihood. Until this was taken into account every rival scored
/// within a hundredth of a nat of the best and the posteriors were merely
/// the share of lattice paths spelling each text. A rival the lattice
/// scores above the decoder's best path ties with it.
fn confidences(scored: &[(String, i32)], ln: impl Fn(i32) -> f64) -> Vec<Hypothesis> {
    if scored.is_empty() {
        return Vec::new();
    }
    let scale = tuning().scale * SCORE_SHIFT;
    let mut texts: Vec<(String, Vec<f64>)> = Vec::new();
    for (t, s) in scored {
        let l = ln(*s) * scale;
        match texts.iter_mut().find(|(x, _)| x == t) {
            Some(e) => e.1.push(l),
            None => texts.push((t.clone(), vec![l])),
        }
    }
    let lse = |v: &[f64]| {
        let m = v.iter().copied().fold(f64::MIN, f64::max);
        m + v.iter().map(|x| (x - m).exp()).sum::<f64>().ln()
    };
    let mut logs: Vec<f64> = texts.iter().map(|(_, v)| lse(v)).collect();
    // The decoder's best path is the search's own winner: a rival the
    // lattice scores higher (its links reuse scores of other paths) is at
    // most as likely, a tie, never a clear winner over it.
    let top = logs.iter().copied().fold(f64::MIN, f64::max);
    logs[0] = logs[0].max(top);
    let total = lse(&logs);
    let mut v: Vec<Hypothesis> = texts
        .iter()
        .zip(&logs)
        .map(|((t, _), l)| Hypothesis {
            text: t.clone(),
            confidence: (l - total).exp() as f32,
        })
        .collect();
    if v.len() > 2 {
        v[1..].sort_by(|a, b| b.confidence.total_cmp(&a.confidence));
    }
    v
}

/// The knobs of the decoder's scores, tuned on a generated set (seed 1)
/// that is never used for reporting.
#[derive(Debug, Clone, Copy)]
pub struct Tuning {
    /// Acoustic scale turning path log-likelihoods (nats) into posteriors
    /// (`HECTOR_PS_SCALE`; 0.02, 0.04, 0.08 and 0.15 were tried on the
    /// tuning seeds 3 and 4, each with its best threshold for a clear
    /// decision: 0.08 gave the most moves right for as few wrong).
    pub scale: f64,
    /// Weight of the "anything else" path beside the phrases (0: none).
    pub other_weight: f64,
    /// Log-likelihood ratio per second (best phrase against the phone loop)
    /// at which speech is as likely a phrase as anything else.
    pub ratio: f64,
    /// How fast that likelihood changes around `ratio`.
    pub ratio_width: f64,
    /// The second check, word by word: how likely the phrase's fit is
    /// chess at all (see [`Weights`]).
    pub weights: Weights,
    /// Above this phone error (see [`phone_error`]) the speech was not a
    /// phrase at all.
    pub phone_error: f64,
    /// How many paths to read from the lattice at most.
    pub nbest: usize,
    /// `HECTOR_PS_DUMP`: print every utterance's scores (PSRAW, PSPATH,
    /// PSFIT, PSWORDS lines) to stderr for models/pocketsphinx/fit-chess.py.
    pub dump: bool,
}

/// The share of chess in an utterance, a logistic model over the scores
/// of its best phrase beside the phone loop: the log-likelihood ratio per
/// second of the whole path, the phone error, the worst word (its score
/// less the phone loop's, per frame) and the share of frames the phrase
/// calls silence while the phone loop hears speech, and its number of
/// words. Fitted on generated moves, commands and
/// non-chess sentences of the tuning seeds by
/// models/pocketsphinx/fit-chess.py.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Weights {
    pub bias: f64,
    pub ratio: f64,
    pub phone_error: f64,
    pub worst_word: f64,
    pub unexplained: f64,
    pub words: f64,
    pub mean_word: f64,
}

impl Weights {
    /// Fitted by models/pocketsphinx/fit-chess.py on dumps of the tuning
    /// seeds 3 (moves, commands) and 3, 4, 6–14 (the tuning list of
    /// non-chess sentences), decoded with the shipped adapted model: every
    /// sentence the ratio check alone took as a move (53 of 432 utterances)
    /// scores below the middle. The phrase's length weighs against chess:
    /// talk the grammar has to fit comes out as a long phrase far more often
    /// than as a word or two, so a long phrase must fit better; and it fits
    /// most of its words worse, not only the worst one.
    pub const DEFAULT: Weights = Weights {
        bias: 36.59,
        ratio: 59.59,
        phone_error: -17.88,
        worst_word: 1.514,
        unexplained: -36.48,
        words: -2.669,
        mean_word: 0.9576,
    };

    /// `bias,ratio,phone_error,worst_word,unexplained[,words[,mean_word]]`
    /// (HECTOR_PS_WEIGHTS; a weight left out counts for nothing).
    pub fn parse(s: &str) -> Option<Weights> {
        let v: Vec<f64> = s
            .split(',')
            .map(|x| x.trim().parse().ok())
            .collect::<Option<_>>()?;
        let (bias, ratio, phone_error, worst_word, unexplained) = match v[..] {
            [b, r, p, w, u, ..] => (b, r, p, w, u),
            _ => return None,
        };
        if v.len() > 7 {
            return None;
        }
        Some(Weights {
            bias,
            ratio,
            phone_error,
            worst_word,
            unexplained,
            words: v.get(5).copied().unwrap_or(0.0),
            mean_word: v.get(6).copied().unwrap_or(0.0),
        })
    }

    fn chess(&self, ratio: f64, phone_error: f64, fit: Option<Fit>) -> f64 {
        let f = fit.unwrap_or_default();
        let z = self.bias
            + self.ratio * ratio
            + self.phone_error * phone_error
            + self.worst_word * f.worst_word
            + self.unexplained * f.unexplained
            + self.words * f.words
            + self.mean_word * f.mean_word;
        1.0 / (1.0 + (-z).exp())
    }
}

/// The tuning in use: the defaults, or `HECTOR_PS_SCALE`,
/// `HECTOR_PS_OTHER`, `HECTOR_PS_WEIGHTS`, `HECTOR_PS_PHONE_ERROR` while
/// tuning — read from the environment once, not at every utterance.
pub fn tuning() -> Tuning {
    static TUNING: std::sync::OnceLock<Tuning> = std::sync::OnceLock::new();
    *TUNING.get_or_init(tuning_from_env)
}

fn tuning_from_env() -> Tuning {
    let env = |k: &str, d: f64| {
        std::env::var(k)
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or(d)
    };
    Tuning {
        scale: env("HECTOR_PS_SCALE", 0.08),
        other_weight: env("HECTOR_PS_OTHER", 0.0),
        ratio: env("HECTOR_PS_RATIO", -0.03),
        ratio_width: env("HECTOR_PS_RATIO_WIDTH", 0.01),
        weights: std::env::var("HECTOR_PS_WEIGHTS")
            .ok()
            .and_then(|v| Weights::parse(&v))
            .unwrap_or(Weights::DEFAULT),
        phone_error: env("HECTOR_PS_PHONE_ERROR", 1.1),
        nbest: env("HECTOR_PS_NBEST", NBEST_PATHS as f64) as usize,
        dump: std::env::var_os("HECTOR_PS_DUMP").is_some(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_experiments_flag_replaces_hectors_own() {
        let v = |x: &[&str]| x.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        let base = v(&["-dict", "d", "-bestpath", "no"]);
        assert_eq!(
            with_overrides(base.clone(), &v(&["-bestpath", "yes", "-wbeam", "1e-26"])),
            v(&["-dict", "d", "-bestpath", "yes", "-wbeam", "1e-26"])
        );
        assert_eq!(with_overrides(base.clone(), &[]), base);
    }

    fn seg(word: &str, first: i32, last: i32, score: f64) -> Segment {
        Segment {
            word: word.into(),
            first,
            last,
            score,
        }
    }

    #[test]
    fn the_fit_finds_the_worst_word_and_speech_called_silence() {
        // "david vier": david fits as well as the phones under it, vier
        // 0.002 worse over its 10 frames; the phone loop hears a phone in
        // 5 of the 10 frames the path calls silence.
        let path = [
            seg("<sil>", 0, 9, -0.01),
            seg("david", 10, 29, -0.05),
            seg("vier", 30, 39, -0.03),
        ];
        let phones = [
            seg("SIL", 0, 4, -0.005),
            seg("AH", 5, 9, -0.005),
            seg("D", 10, 19, -0.02),
            seg("EY", 20, 29, -0.03),
            seg("F", 30, 39, -0.028),
        ];
        let f = fit_of(&path, &phones).expect("a phrase");
        assert!((f.worst_word - -0.2).abs() < 1e-9, "{f:?}");
        assert!((f.unexplained - 5.0 / 40.0).abs() < 1e-9, "{f:?}");
        assert_eq!(f.words, 2.0, "{f:?}");
        // david fits as well as the phones under it (0), vier -0.2.
        assert!((f.mean_word - -0.1).abs() < 1e-9, "{f:?}");
        // A phone half inside a word counts half.
        let f = fit_of(&[seg("vier", 0, 9, -0.01)], &[seg("F", 5, 14, -0.02)]).unwrap();
        assert!((f.worst_word - -0.0).abs() < 1e-9, "{f:?}");
        // Silence alone is no phrase.
        assert_eq!(fit_of(&[seg("<sil>", 0, 9, 0.0)], &phones), None);
    }

    #[test]
    fn weights_read_from_five_to_seven_numbers_and_raise_chess_with_a_better_fit() {
        let w = Weights::parse("1, 2,3,4,5").expect("five numbers");
        assert_eq!((w.unexplained, w.words), (5.0, 0.0));
        let w = Weights::parse("1,2,3,4,5,-6").expect("six numbers");
        assert_eq!((w.words, w.mean_word), (-6.0, 0.0));
        let w = Weights::parse("1,2,3,4,5,-6,7").expect("seven numbers");
        assert_eq!(w.mean_word, 7.0);
        assert_eq!(Weights::parse("1,2,3,4"), None);
        assert_eq!(Weights::parse("1,2,3,4,5,6,7,8"), None);
        assert_eq!(Weights::parse("1,2,x,4,5"), None);
        let d = Weights::DEFAULT;
        let good = Fit {
            worst_word: -1.0,
            unexplained: 0.0,
            words: 3.0,
            mean_word: 0.5,
        };
        let bad = Fit {
            worst_word: -8.0,
            unexplained: 0.3,
            words: 3.0,
            mean_word: -3.0,
        };
        assert!(d.chess(0.05, 0.5, Some(good)) > d.chess(0.05, 0.5, Some(bad)));
        assert!(d.chess(0.05, 0.5, Some(good)) > d.chess(-0.05, 0.5, Some(good)));
        assert!(d.chess(0.05, 0.5, Some(good)) > d.chess(0.05, 1.0, Some(good)));
    }

    #[test]
    fn posteriors_come_from_log_likelihoods_and_the_best_path_is_never_outscored() {
        // Scores as logmath keeps them (base 1.0001, shifted down by 2^10):
        // 200 units apart are 200 * 1e-4 * 1024 = 20.5 nats.
        let ln = |x: i32| f64::from(x) * 1e-4;
        let p = |v: &[Hypothesis], t: &str| v.iter().find(|h| h.text == t).unwrap().confidence;
        let v = confidences(&[("a".into(), 0), ("b".into(), -200)], ln);
        let want = 1.0 / (1.0 + (-20.48 * tuning().scale).exp());
        assert!((f64::from(p(&v, "a")) - want).abs() < 1e-4, "{v:?}");
        // (Read as the old code did, unshifted, 20 nats apart were 0.0205:
        // a coin toss, whatever the scale.)
        assert!(p(&v, "a") > 0.75, "{v:?}");
        // A rival the lattice puts above the decoder's best path ties.
        let v = confidences(&[("a".into(), -200), ("b".into(), 0)], ln);
        assert_eq!(v[0].text, "a");
        assert!((p(&v, "a") - 0.5).abs() < 1e-6, "{v:?}");
        // Paths of one text add up.
        let v = confidences(&[("a".into(), 0), ("a".into(), 0), ("b".into(), 0)], ln);
        assert!((p(&v, "a") - 2.0 / 3.0).abs() < 1e-6, "{v:?}");
        assert!(confidences(&[], ln).is_empty());
    }

    #[test]
    fn phone_error_counts_edits_over_the_phrase_phones() {
        // "Springer Felix drei" as the dictionary has it, and as a phone
        // loop hears it: one phone wrong, silences and fillers left out.
        let phrase = "S P R IH NG ER F EY L IH K S D R AY";
        let heard = "SIL S P R IH N ER +NSN+ F EY L IH K S D R AY SIL";
        let e = phone_error(phrase, heard);
        assert!((e - 1.0 / 15.0).abs() < 1e-9, "{e}");
        assert_eq!(phone_error(phrase, phrase), 0.0);
        // A long sentence forced onto a short phrase is far from it.
        let sentence = "M AY B R AH DH ER P R IH F ER Z P L EY IH NG K AA R D Z";
        let short = "EH M IY L F IH R";
        assert!(phone_error(short, sentence) > tuning().phone_error);
        // Nothing heard at all: every phone of the phrase is missing.
        assert_eq!(phone_error(short, "SIL"), 1.0);
        // A word of two phones heard as three others is still a word; a
        // sentence forced onto it is not.
        assert!(phone_error("Y AA", "SIL IY ER F SIL") <= tuning().phone_error);
        assert!(phone_error("Y AA", sentence) > tuning().phone_error);
        assert_eq!(phone_error("", "A"), 0.25);
    }
}
