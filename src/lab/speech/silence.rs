//! How long a silence should end an utterance: the end-of-utterance
//! detector ([`super::vad`]) run over generated spoken moves, as an
//! always-on microphone hears them (noise before, between and after), for
//! several silence windows. A window too short cuts a slow speaker off
//! between two words; a long one makes him wait for the read-back. Used by
//! `hector-lab listen --bench --silence`.

use super::audio::{RATE, add_noise, rms_dbfs};
use super::generate::{Sample, TRAIL_MS, add_sample_noise, render_clean};
use super::recognizer::SpeechError;
use super::vad::{Vad, VadConfig, VadEvent};

/// Noise after the spoken move, so that the longest window can end it.
const AFTER_MS: usize = 1_500;

/// How the detector ended one spoken move.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Ending {
    /// One utterance, ended this long after the end of speech.
    Whole { after_ms: f64 },
    /// Ended between words: the move came out as two or more utterances.
    Cut,
    /// The utterance did not end (the noise counted as speech).
    NoEnd,
    /// No speech was detected at all.
    Missed,
}

/// Runs the detector over `audio` (speech ending at sample `speech_end`)
/// in 20 ms chunks, as a sound card delivers them.
pub fn ending(audio: &[i16], speech_end: usize, cfg: VadConfig) -> Ending {
    let mut vad = Vad::new(cfg);
    let chunk = RATE as usize / 50;
    let mut ends = Vec::new();
    let mut started = false;
    for (i, c) in audio.chunks(chunk).enumerate() {
        for e in vad.push(c) {
            match e {
                VadEvent::Started => started = true,
                VadEvent::Utterance(_) => ends.push((i + 1) * chunk),
                VadEvent::Paused { .. } | VadEvent::Resumed => {}
            }
        }
    }
    match ends.as_slice() {
        [] if started => Ending::NoEnd,
        [] => Ending::Missed,
        [end] => Ending::Whole {
            after_ms: (*end as f64 - speech_end as f64) * 1e3 / RATE as f64,
        },
        _ => Ending::Cut,
    }
}

/// One spoken move as the microphone hears it, and where its speech ends
/// (the last 20 ms louder than -50 dBFS of the same move rendered without
/// noise: espeak-ng's own trailing silence is not speech).
pub fn heard(s: &Sample) -> Result<(Vec<i16>, usize), SpeechError> {
    let mut audio = render_clean(s)?;
    let frame = RATE as usize / 50;
    let speech_end = audio
        .chunks(frame)
        .rposition(|f| rms_dbfs(f) > -50.0)
        .map(|i| ((i + 1) * frame).min(audio.len()))
        .unwrap_or(audio.len() - TRAIL_MS * RATE as usize / 1000);
    add_sample_noise(&mut audio, s)?;
    let mut after = vec![0i16; AFTER_MS * RATE as usize / 1000];
    add_noise(&mut after, s.noise_dbfs as f32, s.id as u64 * 104_729 + 7);
    audio.extend(after);
    Ok((audio, speech_end))
}

/// The tally of one window.
#[derive(Debug, Clone, Default)]
pub struct WindowTally {
    pub whole: usize,
    pub cut: usize,
    pub no_end: usize,
    pub missed: usize,
    /// End of speech → end of utterance, ms, of the whole ones.
    pub after_ms: Vec<f64>,
}

impl WindowTally {
    pub fn add(&mut self, e: Ending) {
        match e {
            Ending::Whole { after_ms } => {
                self.whole += 1;
                self.after_ms.push(after_ms);
            }
            Ending::Cut => self.cut += 1,
            Ending::NoEnd => self.no_end += 1,
            Ending::Missed => self.missed += 1,
        }
    }

    pub fn line(&self) -> String {
        let n = (self.whole + self.cut + self.no_end + self.missed).max(1) as f64;
        let pct = |k: usize| 100.0 * k as f64 / n;
        let mut a = self.after_ms.clone();
        a.sort_by(f64::total_cmp);
        let q = |p: f64| {
            if a.is_empty() {
                f64::NAN
            } else {
                a[((a.len() - 1) as f64 * p).round() as usize]
            }
        };
        format!(
            "whole {:5.1} % | cut off {:5.1} % | no end {:5.1} % | missed {:5.1} % | n {} | end of speech -> end of utterance ms p50 {:.0} p95 {:.0}",
            pct(self.whole),
            pct(self.cut),
            pct(self.no_end),
            pct(self.missed),
            n as usize,
            q(0.5),
            q(0.95)
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tone(ms: usize) -> Vec<i16> {
        (0..ms * 16)
            .map(|i| ((i as f32 * 0.2).sin() * 0.3 * 32767.0) as i16)
            .collect()
    }

    fn quiet(ms: usize, seed: u64) -> Vec<i16> {
        let mut v = vec![0i16; ms * 16];
        add_noise(&mut v, -55.0, seed);
        v
    }

    #[test]
    fn a_pause_longer_than_the_window_cuts_the_move() {
        // "Springer … Felix drei": two words, a 300 ms pause between them.
        let mut audio = quiet(500, 1);
        audio.extend(tone(400));
        audio.extend(quiet(300, 2));
        audio.extend(tone(600));
        let end = audio.len();
        audio.extend(quiet(1500, 3));
        let with = |hangover_ms| VadConfig {
            hangover_ms,
            ..VadConfig::default()
        };
        assert_eq!(ending(&audio, end, with(200)), Ending::Cut);
        let Ending::Whole { after_ms } = ending(&audio, end, with(400)) else {
            panic!("{:?}", ending(&audio, end, with(400)))
        };
        assert!((400.0..=440.0).contains(&after_ms), "{after_ms}");
        assert_eq!(ending(&quiet(2000, 4), 0, with(400)), Ending::Missed);
        let mut tally = WindowTally::default();
        tally.add(ending(&audio, end, with(200)));
        tally.add(ending(&audio, end, with(400)));
        assert!(
            tally.line().starts_with("whole  50.0 % | cut off  50.0 %"),
            "{}",
            tally.line()
        );
    }
}
