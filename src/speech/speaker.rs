//! Speech out: speakers (espeak-ng to a WAV file, plain text, and
//! speech-dispatcher through the `tts` crate with the `tts` feature) and the
//! announcement queue that never lets speech lag the game.

use super::recognizer::SpeechError;
use std::io::Write;
use std::path::Path;
use std::process::Command;

/// Something that says sentences to the blind player.
pub trait Speaker {
    /// Says `text` (interrupting whatever is still being said when the
    /// speaker can).
    fn speak(&mut self, text: &str) -> Result<(), SpeechError>;
    /// Stops speaking at once (a key, or the player starting to speak).
    fn stop(&mut self) -> Result<(), SpeechError> {
        Ok(())
    }
    /// Waits up to `timeout` for the current sentence to end; true when it
    /// has (a speaker that finishes inside `speak` is always done).
    fn wait_done(&mut self, _timeout: std::time::Duration) -> bool {
        true
    }
}

/// Voice, rate and volume for one language.
#[derive(Debug, Clone, PartialEq)]
pub struct Voice {
    /// espeak-ng voice name; also the speech-dispatcher language.
    pub language: String,
    /// Words per minute.
    pub rate: u32,
    /// 0–200, 100 = normal.
    pub volume: u32,
}

impl Voice {
    /// The default voice for a locale (de, en, pl, sr, el).
    pub fn for_locale(code: &str) -> Voice {
        Voice {
            language: match code {
                "en" => "en",
                "pl" => "pl",
                "sr" => "sr",
                "el" => "el",
                _ => "de",
            }
            .to_string(),
            rate: 160,
            volume: 100,
        }
    }
}

/// Whether a program is on the PATH.
pub fn have(program: &str) -> bool {
    Command::new(program)
        .arg("--version")
        .output()
        .map(|o| o.status.success())
        .unwrap_or(false)
}

/// Speaks `text` with espeak-ng into the WAV file `out` (22 050 Hz mono).
pub fn espeak_to_wav(text: &str, voice: &Voice, out: &Path) -> Result<(), SpeechError> {
    let o = Command::new("espeak-ng")
        .arg("-v")
        .arg(&voice.language)
        .arg("-s")
        .arg(voice.rate.to_string())
        .arg("-a")
        .arg(voice.volume.min(200).to_string())
        .arg("-w")
        .arg(out)
        .arg("--")
        .arg(text)
        .output()
        .map_err(|e| {
            SpeechError::Audio(format!("espeak-ng cannot be run ({e}); install espeak-ng"))
        })?;
    if !o.status.success() {
        return Err(SpeechError::Audio(format!(
            "espeak-ng failed: {}",
            String::from_utf8_lossy(&o.stderr).trim()
        )));
    }
    Ok(())
}

/// A speaker that writes each sentence as a line of text.
pub struct TextSpeaker<W: Write> {
    pub out: W,
}

impl<W: Write> Speaker for TextSpeaker<W> {
    fn speak(&mut self, text: &str) -> Result<(), SpeechError> {
        writeln!(self.out, "{text}").map_err(|e| SpeechError::Audio(e.to_string()))
    }
}

/// A speaker that appends every sentence, spoken by espeak-ng, to one WAV
/// file (the audio scoresheet of D.2.7), with a pause between sentences.
pub struct WavSpeaker {
    voice: Voice,
    samples: Vec<i16>,
    rate: u32,
    pause_ms: u32,
}

impl WavSpeaker {
    pub fn new(voice: Voice) -> WavSpeaker {
        WavSpeaker {
            voice,
            samples: Vec::new(),
            rate: 22_050,
            pause_ms: 400,
        }
    }

    /// Seconds of audio so far.
    pub fn seconds(&self) -> f64 {
        self.samples.len() as f64 / self.rate as f64
    }

    /// Writes everything said so far to `path`.
    pub fn save(&self, path: &Path) -> Result<(), SpeechError> {
        super::audio::write_wav(path, &self.samples, self.rate)
    }
}

impl Speaker for WavSpeaker {
    fn speak(&mut self, text: &str) -> Result<(), SpeechError> {
        let tmp = std::env::temp_dir().join(format!(
            "hector-say-{}-{}.wav",
            std::process::id(),
            self.samples.len()
        ));
        espeak_to_wav(text, &self.voice, &tmp)?;
        let r = hound::WavReader::open(&tmp)
            .map_err(|e| SpeechError::Audio(format!("espeak-ng output: {e}")));
        let result = r.and_then(|mut r| {
            self.rate = r.spec().sample_rate;
            r.samples::<i16>()
                .collect::<Result<Vec<i16>, _>>()
                .map_err(|e| SpeechError::Audio(format!("espeak-ng output: {e}")))
        });
        std::fs::remove_file(&tmp).ok();
        self.samples.extend(result?);
        let pause = (self.rate as u64 * self.pause_ms as u64 / 1000) as usize;
        self.samples.extend(std::iter::repeat_n(0i16, pause));
        Ok(())
    }
}

/// Announcements waiting to be spoken. Only the newest unspoken one is
/// kept: a newer announcement replaces an older one not yet begun, so
/// speech never lags the game (a stale move is worse than none).
#[derive(Debug, Default, Clone, PartialEq)]
pub struct Announcements {
    waiting: Option<String>,
    speaking: Option<String>,
    dropped: usize,
}

impl Announcements {
    pub fn new() -> Announcements {
        Announcements::default()
    }

    /// Queues `text`, replacing a waiting one.
    pub fn push(&mut self, text: impl Into<String>) {
        if self.waiting.replace(text.into()).is_some() {
            self.dropped += 1;
        }
    }

    /// The speaker is free: the sentence to say now, if any.
    pub fn take_next(&mut self) -> Option<String> {
        self.speaking = self.waiting.take();
        self.speaking.clone()
    }

    /// The speaker finished (or was interrupted).
    pub fn done(&mut self) {
        self.speaking = None;
    }

    /// Whether something is being said (the microphone is muted meanwhile).
    pub fn is_speaking(&self) -> bool {
        self.speaking.is_some()
    }

    /// How many announcements were replaced before being spoken.
    pub fn dropped(&self) -> usize {
        self.dropped
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_newer_announcement_replaces_an_unspoken_one() {
        let mut q = Announcements::new();
        q.push("Weiß: e4.");
        q.push("Schwarz: e5.");
        assert_eq!(q.take_next().as_deref(), Some("Schwarz: e5."));
        assert!(q.is_speaking());
        // While speaking, two more arrive: only the newest will be said.
        q.push("Weiß: Springer Felix drei.");
        q.push("Schwarz: Springer Cesar sechs.");
        q.done();
        assert!(!q.is_speaking());
        assert_eq!(
            q.take_next().as_deref(),
            Some("Schwarz: Springer Cesar sechs.")
        );
        q.done();
        assert_eq!(q.take_next(), None);
        assert_eq!(q.dropped(), 2);
    }

    #[test]
    fn text_speaker_writes_lines() {
        let mut s = TextSpeaker { out: Vec::new() };
        s.speak("Springer Felix drei?").unwrap();
        assert_eq!(s.out, b"Springer Felix drei?\n");
    }

    #[test]
    fn espeak_writes_a_wav_of_plausible_length() {
        if !have("espeak-ng") {
            assert!(
                std::env::var_os("CI").is_none(),
                "espeak-ng must be installed under CI (./setup.sh installs it)"
            );
            // Past the test runner's capture, so the skip is seen.
            use std::io::Write as _;
            let _ = writeln!(
                std::io::stderr(),
                "SKIP: espeak-ng is not installed (./setup.sh installs it)"
            );
            return;
        }
        let mut s = WavSpeaker::new(Voice::for_locale("de"));
        s.speak("Springer Gustav eins Felix drei").unwrap();
        let one = s.seconds();
        assert!((1.0..5.0).contains(&one), "{one} s");
        s.speak("Kurze Rochade").unwrap();
        assert!(s.seconds() > one + 0.5);
        let dir = std::env::temp_dir().join(format!("hector-spk-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        s.save(&dir.join("x.wav")).unwrap();
        let r = hound::WavReader::open(dir.join("x.wav")).unwrap();
        assert_eq!(r.spec().channels, 1);
        assert!(r.len() as f64 / r.spec().sample_rate as f64 > 1.5);
        std::fs::remove_dir_all(&dir).ok();
    }
}
