//! Finding utterances in a stream of audio: end-of-utterance detection for
//! an always-on microphone, and push-to-talk. Pure: time is counted in
//! samples (16 kHz), never read from a clock.

use super::audio::{RATE, rms_dbfs};

/// Settings of the end-of-utterance detector.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct VadConfig {
    /// A 20 ms frame louder than this (dBFS RMS) counts as speech.
    pub threshold_dbfs: f32,
    /// Speech must last this long to start an utterance (ignores clicks).
    pub min_speech_ms: u32,
    /// This much silence after speech ends the utterance.
    pub hangover_ms: u32,
    /// Audio kept from before the start of speech.
    pub pre_roll_ms: u32,
    /// An utterance is cut off after this long.
    pub max_ms: u32,
    /// A frame counts as speech only this far above the noise floor (the
    /// quietest frame of the last [`FLOOR_MS`]), so that a noisy hall
    /// louder than `threshold_dbfs` still lets an utterance end.
    pub margin_db: f32,
    /// The shortest silence that ends an utterance once the recogniser
    /// says the words so far are a whole phrase ([`Vad::set_whole_phrase`]):
    /// the window is the player's longest pause between words in his last
    /// [`PACE_UTTERANCES`] utterances plus [`PAUSE_MARGIN_MS`], at least
    /// this, at most `hangover_ms` (and `hangover_ms` until he has been
    /// heard once: assuming a slow speaker's pause for the first utterance
    /// cut one off on the tuning seed and gained nothing at the 95th
    /// percentile).
    pub whole_ms: u32,
    /// How long before the silence window closes the recogniser is told
    /// that speech has paused ([`VadEvent::Paused`]), so that the decision
    /// on what was said is ready when it closes; 0: never told. At least
    /// `paused_ms` of silence come first.
    pub lead_ms: u32,
    /// The least silence after which speech counts as paused (see
    /// [`PAUSED_MS`]).
    pub paused_ms: u32,
    /// The longest silence that ends a whole phrase once the decision
    /// worked out when speech paused is clear ([`Vad::set_sure`]): a slow
    /// speaker's long pauses between words are waited for only while the
    /// recogniser is unsure the move is complete.
    pub sure_ms: u32,
}

/// The longest silence that ends a whole phrase decided clearly (see
/// [`VadConfig::sure_ms`]). Chosen on the tuning seed 3 (`hector-lab listen
/// --bench --first-sound --seed 3 --locales de,en --count 200 --player 20
/// --enrol --sure-ms N`, 400 moves) as the longest whose first sound of a
/// read-back comes within 300 ms at the 95th percentile: 250 ms gave p95
/// 278 ms (1.0 % of utterances cut off between words, 83.5 % right), 300 ms
/// 303 ms (0.2 %, 84.0 %), 350 ms about 360 ms.
pub const SURE_MS: u32 = 250;

/// How long before the window closes the decision is worked out (see
/// [`VadConfig::lead_ms`]).
pub const LEAD_MS: u32 = 100;

/// The least silence after which speech counts as paused: the end of the
/// last word (a quiet final consonant) is in by then.
pub const PAUSED_MS: u32 = 100;

/// The shortest silence that ends a whole phrase (see [`VadConfig::whole_ms`]).
pub const WHOLE_MS: u32 = 250;

/// How many of the player's last utterances his pace is learnt from.
pub const PACE_UTTERANCES: usize = 5;

/// Added to the player's longest pause between words.
pub const PAUSE_MARGIN_MS: u32 = 100;

/// The longest pause between words in `recordings` (each one or more
/// utterances with silence around them, as the detector with `cfg` cuts
/// them), ms; `None` when none had two words.
pub fn longest_pause_ms(recordings: &[Vec<i16>], cfg: VadConfig) -> Option<u32> {
    let mut longest: Option<usize> = None;
    for r in recordings {
        let mut vad = Vad::new(cfg);
        vad.push(r);
        // Silence after it ends the last utterance.
        vad.push(&vec![0i16; ms_to_samples(cfg.hangover_ms + 40)]);
        if let Some(&p) = vad.pauses.iter().max() {
            longest = Some(longest.map_or(p, |l| l.max(p)));
        }
    }
    longest
        .filter(|&p| p > 0)
        .map(|p| (p as u64 * 1000 / RATE as u64) as u32)
}

/// Whether the detector with `cfg` hears speech in `recording` at all.
pub fn has_speech(recording: &[i16], cfg: VadConfig) -> bool {
    let mut vad = Vad::new(cfg);
    let mut events = vad.push(recording);
    events.extend(vad.push(&vec![0i16; ms_to_samples(cfg.hangover_ms + 40)]));
    events.iter().any(|e| matches!(e, VadEvent::Started))
}

/// How far back the noise floor looks.
pub const FLOOR_MS: u32 = 2_000;

impl VadConfig {
    /// The default settings with the speech threshold given on the command
    /// line (`--threshold`, dBFS, between -90 and 0), if any.
    pub fn with_threshold(threshold: Option<&str>) -> Result<VadConfig, String> {
        let mut cfg = VadConfig::default();
        if let Some(t) = threshold {
            cfg.threshold_dbfs = t
                .parse()
                .ok()
                .filter(|t: &f32| (-90.0..0.0).contains(t))
                .ok_or_else(|| format!("--threshold must be dBFS between -90 and 0, not '{t}'."))?;
        }
        Ok(cfg)
    }
}

impl Default for VadConfig {
    fn default() -> VadConfig {
        VadConfig {
            threshold_dbfs: -40.0,
            min_speech_ms: 100,
            hangover_ms: 500,
            pre_roll_ms: 300,
            max_ms: 8_000,
            margin_db: 4.0,
            whole_ms: WHOLE_MS,
            lead_ms: LEAD_MS,
            paused_ms: PAUSED_MS,
            sure_ms: SURE_MS,
        }
    }
}

/// What the detector noticed.
#[derive(Debug, Clone, PartialEq)]
pub enum VadEvent {
    /// The player started speaking (stop any announcement now).
    Started,
    /// Speech paused long enough that the utterance may end soon: what was
    /// said may be decided now, from the first `at` samples of the
    /// utterance under way ([`Vad::buffered`]), the decision standing if
    /// the utterance ends before speech resumes.
    Paused { at: usize },
    /// Speech resumed after [`VadEvent::Paused`]: the utterance goes on.
    Resumed,
    /// A whole utterance, with its pre-roll and trailing silence.
    Utterance(Vec<i16>),
}

const FRAME: usize = (RATE / 50) as usize; // 20 ms

fn ms_to_samples(ms: u32) -> usize {
    (ms as u64 * RATE as u64 / 1000) as usize
}

/// Energy-based end-of-utterance detector over 16 kHz mono audio.
#[derive(Debug, Clone)]
pub struct Vad {
    cfg: VadConfig,
    pending: Vec<i16>,
    buf: Vec<i16>,
    in_speech: bool,
    speech_run: usize,
    silence_run: usize,
    /// Levels (dBFS) of the last frames, for the noise floor.
    levels: std::collections::VecDeque<f32>,
    /// The recogniser heard a whole phrase so far.
    whole_phrase: bool,
    /// The longest pause between words of the utterance under way, and of
    /// the player's last utterances (samples).
    pause: usize,
    pauses: std::collections::VecDeque<usize>,
    /// [`VadEvent::Paused`] was sent for the silence under way.
    paused: bool,
    /// The decision worked out in that pause is clear.
    sure: bool,
}

impl Vad {
    pub fn new(cfg: VadConfig) -> Vad {
        Vad {
            cfg,
            pending: Vec::new(),
            buf: Vec::new(),
            in_speech: false,
            speech_run: 0,
            silence_run: 0,
            levels: Default::default(),
            whole_phrase: false,
            pause: 0,
            pauses: Default::default(),
            paused: false,
            sure: false,
        }
    }

    /// The silence that ends an utterance once it is a whole phrase, ms:
    /// learnt from the player's pauses between words (see
    /// [`VadConfig::whole_ms`]).
    pub fn whole_window_ms(&self) -> u32 {
        let hangover = self.cfg.hangover_ms;
        match self.pauses.iter().max() {
            None => hangover,
            Some(&p) => ((p as u64 * 1000 / RATE as u64) as u32 + PAUSE_MARGIN_MS)
                .max(self.cfg.whole_ms)
                .min(hangover),
        }
    }

    /// Takes the player's pace from elsewhere (his enrolment): his longest
    /// pause between words, ms, counts as one of his last utterances, so
    /// that even his first utterance can end on a whole phrase sooner.
    pub fn know_pace(&mut self, pause_ms: u32) {
        self.pauses
            .push_back(ms_to_samples(pause_ms.min(self.cfg.hangover_ms)));
        if self.pauses.len() > PACE_UTTERANCES {
            self.pauses.pop_front();
        }
    }

    /// Whether the words heard so far in the utterance under way are a
    /// whole phrase (the streaming recogniser tells): then
    /// [`VadConfig::whole_ms`] of silence ends it instead of
    /// [`VadConfig::hangover_ms`]. Cleared at the end of every utterance.
    pub fn set_whole_phrase(&mut self, whole: bool) {
        self.whole_phrase = whole && self.in_speech;
    }

    /// Whether the decision worked out since [`VadEvent::Paused`] is clear
    /// (a move or command well above its rivals): then a whole phrase ends
    /// after at most [`VadConfig::sure_ms`] of silence. Cleared when speech
    /// resumes and at the end of every utterance.
    pub fn set_sure(&mut self, sure: bool) {
        self.sure = sure && self.paused;
    }

    /// The silence that ends the utterance under way.
    fn window_ms(&self) -> u32 {
        if !self.whole_phrase {
            return self.cfg.hangover_ms;
        }
        let w = self.whole_window_ms();
        if self.sure {
            w.min(self.cfg.sure_ms)
        } else {
            w
        }
    }

    /// What a frame must exceed to be speech: the configured threshold, or
    /// the noise floor plus the margin when the room is louder.
    fn threshold(&self) -> f32 {
        let floor = self.levels.iter().copied().fold(f32::INFINITY, f32::min);
        if floor.is_finite() {
            self.cfg.threshold_dbfs.max(floor + self.cfg.margin_db)
        } else {
            self.cfg.threshold_dbfs
        }
    }

    /// Feeds audio; returns what happened in it, in order.
    pub fn push(&mut self, chunk: &[i16]) -> Vec<VadEvent> {
        self.pending.extend_from_slice(chunk);
        let mut events = Vec::new();
        let whole = self.pending.len() / FRAME * FRAME;
        let frames: Vec<i16> = self.pending.drain(..whole).collect();
        for frame in frames.chunks(FRAME) {
            if let Some(e) = self.frame(frame) {
                events.push(e);
            }
        }
        events
    }

    fn frame(&mut self, frame: &[i16]) -> Option<VadEvent> {
        let level = rms_dbfs(frame);
        self.levels.push_back(level);
        if self.levels.len() > (FLOOR_MS / 20) as usize {
            self.levels.pop_front();
        }
        let loud = level > self.threshold();
        self.buf.extend_from_slice(frame);
        if !self.in_speech {
            if loud {
                self.speech_run += frame.len();
            } else {
                self.speech_run = 0;
            }
            if self.speech_run >= ms_to_samples(self.cfg.min_speech_ms) {
                self.in_speech = true;
                self.silence_run = 0;
                let keep = ms_to_samples(self.cfg.pre_roll_ms) + self.speech_run;
                if self.buf.len() > keep {
                    self.buf.drain(..self.buf.len() - keep);
                }
                return Some(VadEvent::Started);
            }
            // Keep only the pre-roll and the speech run so far.
            let keep = ms_to_samples(self.cfg.pre_roll_ms) + self.speech_run;
            if self.buf.len() > keep {
                self.buf.drain(..self.buf.len() - keep);
            }
            return None;
        }
        if loud {
            self.pause = self.pause.max(self.silence_run);
            self.silence_run = 0;
        } else {
            self.silence_run += frame.len();
        }
        let window = self.window_ms();
        if self.silence_run >= ms_to_samples(window)
            || self.buf.len() >= ms_to_samples(self.cfg.max_ms)
        {
            return Some(VadEvent::Utterance(self.finish_utterance()));
        }
        if loud && std::mem::take(&mut self.paused) {
            self.sure = false;
            return Some(VadEvent::Resumed);
        }
        // Paused early enough that a clear decision can end a whole phrase
        // at `sure_ms`.
        let soonest = if self.whole_phrase {
            window.min(self.cfg.sure_ms)
        } else {
            window
        };
        if !loud
            && !self.paused
            && self
                .paused_ms(soonest)
                .is_some_and(|p| self.silence_run >= ms_to_samples(p))
        {
            self.paused = true;
            return Some(VadEvent::Paused { at: self.buf.len() });
        }
        None
    }

    /// After how much silence speech counts as paused when `window` ends
    /// the utterance: [`VadConfig::lead_ms`] before it, at least
    /// [`VadConfig::paused_ms`]; `None` when that leaves no time before the window
    /// closes (or `lead_ms` is 0).
    fn paused_ms(&self, window: u32) -> Option<u32> {
        if self.cfg.lead_ms == 0 {
            return None;
        }
        Some(
            window
                .saturating_sub(self.cfg.lead_ms)
                .max(self.cfg.paused_ms),
        )
        .filter(|&p| p < window)
    }

    fn finish_utterance(&mut self) -> Vec<i16> {
        self.in_speech = false;
        self.whole_phrase = false;
        self.paused = false;
        self.sure = false;
        self.pauses.push_back(std::mem::take(&mut self.pause));
        if self.pauses.len() > PACE_UTTERANCES {
            self.pauses.pop_front();
        }
        self.speech_run = 0;
        self.silence_run = 0;
        std::mem::take(&mut self.buf)
    }

    /// The audio of the utterance under way so far (pre-roll included):
    /// what a streaming recogniser has to hear before the rest.
    pub fn buffered(&self) -> &[i16] {
        if self.in_speech { &self.buf } else { &[] }
    }

    /// Whether an utterance is under way.
    pub fn in_speech(&self) -> bool {
        self.in_speech
    }

    /// Ends the stream: an utterance under way is returned as it is.
    pub fn flush(&mut self) -> Option<Vec<i16>> {
        if self.in_speech {
            Some(self.finish_utterance())
        } else {
            None
        }
    }

    /// Forgets everything (e.g. after hector has spoken: its own voice
    /// must not become an utterance).
    pub fn reset(&mut self) {
        *self = Vad::new(self.cfg);
    }
}

/// Push-to-talk: what is heard between pressing and releasing the key.
#[derive(Debug, Default, Clone)]
pub struct PushToTalk {
    pressed: bool,
    buf: Vec<i16>,
}

impl PushToTalk {
    pub fn press(&mut self) {
        self.pressed = true;
        self.buf.clear();
    }

    /// Audio is kept only while the key is down.
    pub fn push(&mut self, chunk: &[i16]) {
        if self.pressed {
            self.buf.extend_from_slice(chunk);
        }
    }

    /// The utterance, if the key was down.
    pub fn release(&mut self) -> Option<Vec<i16>> {
        if !self.pressed {
            return None;
        }
        self.pressed = false;
        Some(std::mem::take(&mut self.buf))
    }

    pub fn is_pressed(&self) -> bool {
        self.pressed
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::speech::audio::add_noise;

    #[test]
    fn threshold_from_the_command_line_is_checked() {
        assert_eq!(
            VadConfig::with_threshold(None).unwrap(),
            VadConfig::default()
        );
        assert_eq!(
            VadConfig::with_threshold(Some("-35"))
                .unwrap()
                .threshold_dbfs,
            -35.0
        );
        for bad in ["loud", "5", "-120"] {
            let e = VadConfig::with_threshold(Some(bad)).unwrap_err();
            assert!(e.contains("between -90 and 0"), "{bad}: {e}");
        }
    }

    fn tone(ms: u32, amp: f32) -> Vec<i16> {
        (0..ms_to_samples(ms))
            .map(|i| ((i as f32 * 0.2).sin() * amp * 32767.0) as i16)
            .collect()
    }

    fn quiet(ms: u32, seed: u64) -> Vec<i16> {
        let mut v = vec![0i16; ms_to_samples(ms)];
        add_noise(&mut v, -55.0, seed);
        v
    }

    #[test]
    fn an_utterance_is_cut_after_the_hangover() {
        let mut vad = Vad::new(VadConfig::default());
        let mut events = Vec::new();
        for part in [quiet(1000, 1), tone(800, 0.3), quiet(1000, 2)] {
            // Odd chunk sizes, as a sound card delivers them.
            for c in part.chunks(333) {
                events.extend(vad.push(c));
            }
        }
        assert_eq!(events.len(), 3, "{:?}", events.len());
        assert_eq!(events[0], VadEvent::Started);
        assert!(matches!(events[1], VadEvent::Paused { .. }));
        let VadEvent::Utterance(u) = &events[2] else {
            panic!("no utterance")
        };
        // Speech, pre-roll and hangover: about 0.8 + 0.3 + 0.5 s.
        let secs = u.len() as f32 / RATE as f32;
        assert!((1.4..1.8).contains(&secs), "{secs} s");
        assert!(!vad.in_speech());
    }

    #[test]
    fn in_a_loud_hall_an_utterance_still_ends() {
        // Noise at -30 dBFS, louder than the -40 dBFS threshold: the floor
        // lifts the threshold, speech 20 dB above the noise still starts an
        // utterance and the noise after it ends it.
        let loud = |ms: u32, seed: u64| {
            let mut v = vec![0i16; ms_to_samples(ms)];
            add_noise(&mut v, -30.0, seed);
            v
        };
        let mut vad = Vad::new(VadConfig::default());
        let mut events = Vec::new();
        for part in [loud(2000, 5), tone(800, 0.3), loud(1500, 6)] {
            for c in part.chunks(320) {
                events.extend(vad.push(c));
            }
        }
        let utterances: Vec<usize> = events
            .iter()
            .filter_map(|e| match e {
                VadEvent::Utterance(u) => Some(u.len()),
                _ => None,
            })
            .collect();
        assert_eq!(utterances.len(), 1, "{events:?}");
        let secs = utterances[0] as f32 / RATE as f32;
        assert!((1.4..1.8).contains(&secs), "{secs} s");
        // Without the floor the noise is speech that never ends.
        let mut deaf = Vad::new(VadConfig {
            margin_db: -90.0,
            ..VadConfig::default()
        });
        let mut ended = 0;
        for part in [loud(2000, 5), tone(800, 0.3), loud(1500, 6)] {
            ended += deaf
                .push(&part)
                .iter()
                .filter(|e| matches!(e, VadEvent::Utterance(_)))
                .count();
        }
        assert_eq!(ended, 0);
    }

    #[test]
    fn clicks_and_noise_are_not_speech() {
        let mut vad = Vad::new(VadConfig::default());
        let mut events = vad.push(&quiet(2000, 3));
        events.extend(vad.push(&tone(40, 0.5)));
        events.extend(vad.push(&quiet(1000, 4)));
        assert!(events.is_empty(), "{events:?}");
        assert_eq!(vad.flush(), None);
    }

    #[test]
    fn long_speech_is_cut_at_the_maximum() {
        let cfg = VadConfig {
            max_ms: 2000,
            ..VadConfig::default()
        };
        let mut vad = Vad::new(cfg);
        // Five seconds of speech: syllables with short dips between them
        // (a sound that never dips becomes the noise floor).
        let mut speech = Vec::new();
        for i in 0..13 {
            speech.extend(tone(300, 0.3));
            speech.extend(quiet(100, 10 + i));
        }
        let events = vad.push(&speech);
        let n = events
            .iter()
            .filter(|e| matches!(e, VadEvent::Utterance(_)))
            .count();
        assert!(n >= 2, "{n}");
    }

    #[test]
    fn push_to_talk_keeps_only_what_is_said_while_pressed() {
        let mut p = PushToTalk::default();
        p.push(&tone(100, 0.3));
        assert_eq!(p.release(), None);
        p.press();
        p.push(&tone(200, 0.3));
        assert!(p.is_pressed());
        let u = p.release().unwrap();
        assert_eq!(u.len(), ms_to_samples(200));
        p.push(&tone(100, 0.3));
        assert_eq!(p.release(), None);
    }

    #[test]
    fn a_whole_phrase_ends_after_the_shorter_silence() {
        let tone: Vec<i16> = (0..16_000)
            .map(|i| ((i as f32 * 0.2).sin() * 0.3 * 32767.0) as i16)
            .collect();
        let quiet = vec![0i16; 16 * 1000];
        // One utterance heard before, with a pause of `pause_ms` between
        // two words: the player's pace.
        let ends_after = |whole: bool, pause_ms: usize| {
            let mut vad = Vad::new(VadConfig::default());
            let before: Vec<i16> = quiet[..8000]
                .iter()
                .chain(&tone[..6400])
                .chain(&quiet[..pause_ms * 16])
                .chain(&tone[..6400])
                .chain(&quiet)
                .copied()
                .collect();
            for c in before.chunks(320) {
                vad.push(c);
            }
            let mut n = 0;
            for c in tone.chunks(320).chain(quiet.chunks(320)) {
                vad.set_whole_phrase(whole);
                n += c.len();
                if vad
                    .push(c)
                    .iter()
                    .any(|e| matches!(e, VadEvent::Utterance(_)))
                {
                    return Some((n - tone.len()) / 16);
                }
            }
            None
        };
        assert_eq!(ends_after(false, 100), Some(500));
        // A quick speaker: the shortest window (in whole 20 ms frames).
        assert_eq!(
            ends_after(true, 100),
            Some(WHOLE_MS.div_ceil(20) as usize * 20)
        );
        // A slow one, pausing 300 ms between words: 300 + the margin.
        assert_eq!(ends_after(true, 300), Some(300 + PAUSE_MARGIN_MS as usize));
        // Never heard before: the whole window.
        let mut vad = Vad::new(VadConfig::default());
        assert_eq!(vad.whole_window_ms(), 500);
        // Said before speech started, it does not count.
        vad.set_whole_phrase(true);
        assert!(!vad.whole_phrase);
    }

    #[test]
    fn a_pause_is_told_before_the_window_closes_and_taken_back_when_speech_resumes() {
        // Two words 450 ms apart, then silence: the window is 500 ms, so
        // speech counts as paused after 400 ms (100 ms before it closes).
        let audio: Vec<i16> = [
            quiet(500, 1),
            tone(400, 0.3),
            quiet(450, 2),
            tone(400, 0.3),
            quiet(1000, 3),
        ]
        .concat();
        let mut vad = Vad::new(VadConfig::default());
        let mut events = Vec::new();
        let mut buffered_at_pause = Vec::new();
        for c in audio.chunks(320) {
            for e in vad.push(c) {
                if let VadEvent::Paused { at } = e {
                    buffered_at_pause.push(vad.buffered()[..at].to_vec());
                }
                events.push(e);
            }
        }
        let kinds: Vec<&str> = events
            .iter()
            .map(|e| match e {
                VadEvent::Started => "started",
                VadEvent::Paused { .. } => "paused",
                VadEvent::Resumed => "resumed",
                VadEvent::Utterance(_) => "utterance",
            })
            .collect();
        assert_eq!(
            kinds,
            ["started", "paused", "resumed", "paused", "utterance"],
            "{kinds:?}"
        );
        let VadEvent::Utterance(u) = &events[4] else {
            unreachable!()
        };
        // The second pause: everything up to 400 ms into the last silence,
        // a beginning of the utterance itself; the window's other 100 ms
        // follow it.
        let at = buffered_at_pause[1].len();
        assert_eq!(&u[..at], &buffered_at_pause[1][..]);
        assert_eq!(u.len() - at, ms_to_samples(LEAD_MS));
        // Never told with no lead; after a whole phrase the window is
        // shorter, and the pause comes after at least PAUSED_MS.
        let mut off = Vad::new(VadConfig {
            lead_ms: 0,
            ..VadConfig::default()
        });
        assert!(
            off.push(&audio)
                .iter()
                .all(|e| !matches!(e, VadEvent::Paused { .. } | VadEvent::Resumed))
        );
        let vad = Vad::new(VadConfig::default());
        assert_eq!(vad.paused_ms(250), Some(250 - LEAD_MS));
        assert_eq!(vad.paused_ms(500), Some(400));
        assert_eq!(vad.paused_ms(150), Some(PAUSED_MS));
        assert_eq!(vad.paused_ms(PAUSED_MS), None);
    }

    #[test]
    fn a_slow_speakers_whole_phrase_ends_sooner_once_the_decision_is_clear() {
        // His pauses between words are 400 ms: a whole phrase waits 500 ms
        // of silence, unless what was decided when he paused is clear.
        let ends_after = |sure: bool| {
            let mut vad = Vad::new(VadConfig::default());
            vad.know_pace(400);
            assert_eq!(vad.whole_window_ms(), 500);
            let audio = [quiet(300, 1), tone(600, 0.3), quiet(1000, 2)].concat();
            let speech_end = ms_to_samples(900);
            let mut n = 0;
            for c in audio.chunks(320) {
                vad.set_whole_phrase(true);
                n += c.len();
                for e in vad.push(c) {
                    match e {
                        VadEvent::Paused { .. } => vad.set_sure(sure),
                        VadEvent::Utterance(_) => return Some((n - speech_end) / 16),
                        _ => {}
                    }
                }
            }
            None
        };
        // (in whole 20 ms frames)
        assert_eq!(ends_after(true), Some(SURE_MS.div_ceil(20) as usize * 20));
        assert_eq!(ends_after(false), Some(500));
        // Not before the pause: it is the pause's decision that is clear.
        let mut vad = Vad::new(VadConfig::default());
        vad.set_sure(true);
        assert!(!vad.sure);
    }

    #[test]
    fn the_pace_of_an_enrolment_shortens_the_first_utterance() {
        // Two recordings of the script: one word, and two words 220 ms apart.
        let one: Vec<i16> = [quiet(300, 1), tone(400, 0.3), quiet(350, 2)].concat();
        let two: Vec<i16> = [
            quiet(300, 3),
            tone(300, 0.3),
            quiet(220, 4),
            tone(300, 0.3),
            quiet(350, 5),
        ]
        .concat();
        let cfg = VadConfig::default();
        let p = longest_pause_ms(&[one.clone(), two], cfg).unwrap();
        assert!((200..=240).contains(&p), "{p}");
        assert_eq!(longest_pause_ms(std::slice::from_ref(&one), cfg), None);
        assert!(has_speech(&one, cfg));
        assert!(!has_speech(&quiet(1500, 6), cfg));
        let mut vad = Vad::new(cfg);
        assert_eq!(vad.whole_window_ms(), 500);
        vad.know_pace(p);
        assert_eq!(vad.whole_window_ms(), p + PAUSE_MARGIN_MS);
        // A pace beyond the window is the window.
        let mut slow = Vad::new(cfg);
        slow.know_pace(5_000);
        assert_eq!(slow.whole_window_ms(), 500);
    }
}
