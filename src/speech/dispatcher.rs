//! Speech out through the `tts` crate: speech-dispatcher on Linux (the
//! platform voice or screen reader elsewhere), with the locale's language,
//! rate and volume. A new sentence interrupts the one being said, so speech
//! never lags the game.

use super::recognizer::SpeechError;
use super::speaker::{Speaker, Voice};
use std::sync::mpsc;
use std::time::Duration;

/// A speaker on the system's speech service.
pub struct Dispatcher {
    tts: tts::Tts,
    ended: mpsc::Receiver<()>,
    began: mpsc::Receiver<()>,
}

fn err(e: tts::Error) -> SpeechError {
    SpeechError::Audio(format!("the speech service failed: {e}"))
}

impl Dispatcher {
    /// Connects to the speech service (speech-dispatcher starts on demand)
    /// and chooses a voice for `voice.language` when there is one.
    pub fn new(voice: &Voice) -> Result<Dispatcher, SpeechError> {
        let mut tts = tts::Tts::default().map_err(err)?;
        if let Ok(voices) = tts.voices()
            && let Some(v) = voices
                .iter()
                .find(|v| v.language().as_str().starts_with(&voice.language))
        {
            tts.set_voice(v).ok();
        }
        // speech-dispatcher rates run from -100 to 100 around 0 (about 180
        // words per minute); volume likewise.
        let rate = ((voice.rate as f32 - 180.0) / 2.0).clamp(tts.min_rate(), tts.max_rate());
        tts.set_rate(rate).ok();
        let volume = (voice.volume as f32 - 100.0).clamp(tts.min_volume(), tts.max_volume());
        tts.set_volume(volume).ok();
        let (begin_tx, began) = mpsc::channel();
        tts.on_utterance_begin(Some(Box::new(move |_| {
            begin_tx.send(()).ok();
        })))
        .ok();
        let (tx, ended) = mpsc::channel();
        let tx2 = tx.clone();
        tts.on_utterance_end(Some(Box::new(move |_| {
            tx.send(()).ok();
        })))
        .ok();
        tts.on_utterance_stop(Some(Box::new(move |_| {
            tx2.send(()).ok();
        })))
        .ok();
        Ok(Dispatcher { tts, ended, began })
    }

    /// Says `text` and measures how long the speech service takes to start
    /// it (speech-dispatcher's "begin" event: its output module has started
    /// speaking), then stops it after 300 ms. `None` when it did not start
    /// within `timeout`.
    pub fn time_to_sound(
        &mut self,
        text: &str,
        timeout: Duration,
    ) -> Result<Option<Duration>, SpeechError> {
        let t = std::time::Instant::now();
        self.speak(text)?;
        let Ok(()) = self.began.recv_timeout(timeout) else {
            // Its audio goes nowhere: asking it to stop would wait forever.
            return Ok(None);
        };
        let heard = t.elapsed();
        // Let the beginning be heard, then stop the rest.
        if !self.wait(Duration::from_millis(300)) {
            self.tts.stop().map_err(err)?;
            self.wait(Duration::from_secs(2));
        }
        Ok(Some(heard))
    }

    /// Waits until the current sentence has been said, at most `timeout`.
    /// False when it did not end in time.
    pub fn wait(&mut self, timeout: Duration) -> bool {
        self.ended.recv_timeout(timeout).is_ok()
    }
}

impl Speaker for Dispatcher {
    fn speak(&mut self, text: &str) -> Result<(), SpeechError> {
        while self.ended.try_recv().is_ok() {}
        while self.began.try_recv().is_ok() {}
        self.tts.speak(text, true).map_err(err)?;
        Ok(())
    }

    fn stop(&mut self) -> Result<(), SpeechError> {
        self.tts.stop().map_err(err)?;
        Ok(())
    }

    fn wait_done(&mut self, timeout: Duration) -> bool {
        self.wait(timeout)
    }
}
