//! One spoken move as `hector play --voice` hears it: an always-on
//! microphone's audio in 20 ms chunks through end-of-utterance detection
//! ([`super::vad`]), decoded while it is spoken, ended sooner once the
//! words so far are a whole phrase, and decided. Used by
//! `hector listen --bench --first-sound`, which adds the start of the
//! spoken answer: what the player feels is end of speech → first sound.

use super::audio::RATE;
use super::listener::{Hypotheses, Listener};
use super::recognizer::SpeechError;
use super::silence::Ending;
use super::vad::{Vad, VadEvent};
use std::time::{Duration, Instant};

/// How one spoken move was heard.
#[derive(Debug, Clone)]
pub struct Heard {
    /// How the detector ended it (a cut-off move is decided from its
    /// first part, as play would).
    pub ending: Ending,
    /// The words were a whole phrase when the utterance ended (the shorter
    /// window applied once the player's pace was known).
    pub whole_phrase: bool,
    /// What was decided; `None` when no utterance ended.
    pub hyps: Option<Hypotheses>,
    /// End of the utterance → decision, ms (wall clock).
    pub decide_ms: f64,
    /// End of speech → decision, ms: detector time from the samples plus
    /// the decoding's wall time; paced, the wall clock from the moment the
    /// last sample of speech was played.
    pub decided_after_ms: f64,
    /// Wall time of each whole-phrase check, ms.
    pub checks_ms: Vec<f64>,
}

/// Streams `audio` (speech ending at sample `speech_end`) through the
/// detector `vad` (one per player: it learns his pauses between words) and
/// `listener`, whose grammar is already set. `settling`: one
/// of a player's first utterances, decoded again whole when not understood
/// streamed. `paced`: chunks are given no sooner than a sound card would
/// deliver them (real time).
pub fn hear(
    listener: &mut Listener,
    audio: &[i16],
    speech_end: usize,
    vad: &mut Vad,
    settling: bool,
    paced: bool,
) -> Result<Heard, SpeechError> {
    let chunk = RATE as usize / 50;
    let mut sent: Option<usize> = None;
    let mut whole = false;
    let mut checks_ms = Vec::new();
    let t0 = Instant::now();
    let at = |samples: usize| t0 + Duration::from_secs_f64(samples as f64 / RATE as f64);
    let mut started = false;
    for (i, c) in audio.chunks(chunk).enumerate() {
        let end = i * chunk + c.len();
        if paced {
            let due = at(end);
            let now = Instant::now();
            if due > now {
                std::thread::sleep(due - now);
            }
        }
        if sent.is_some() {
            let t = Instant::now();
            whole = listener.heard_whole_phrase();
            checks_ms.push(t.elapsed().as_secs_f64() * 1e3);
            vad.set_whole_phrase(whole);
        }
        for e in vad.push(c) {
            match e {
                VadEvent::Started => {
                    started = true;
                    listener.begin()?;
                    sent = Some(0);
                }
                VadEvent::Utterance(u) => {
                    let t = Instant::now();
                    let fed = sent.unwrap_or(0).min(u.len());
                    listener.feed(&u[fed..])?;
                    let h = listener.finish_settling(&u, settling)?;
                    let decide_ms = t.elapsed().as_secs_f64() * 1e3;
                    let decided_after_ms = if paced {
                        let spoken = at(speech_end);
                        Instant::now()
                            .checked_duration_since(spoken)
                            .map_or(0.0, |d| d.as_secs_f64() * 1e3)
                    } else {
                        (end as f64 - speech_end as f64) * 1e3 / RATE as f64 + decide_ms
                    };
                    let ending = if end < speech_end {
                        Ending::Cut
                    } else {
                        Ending::Whole {
                            after_ms: (end - speech_end) as f64 * 1e3 / RATE as f64,
                        }
                    };
                    return Ok(Heard {
                        ending,
                        whole_phrase: whole,
                        hyps: Some(h),
                        decide_ms,
                        decided_after_ms,
                        checks_ms,
                    });
                }
            }
        }
        if let Some(n) = sent {
            let b = vad.buffered();
            if b.len() > n {
                listener.feed(&b[n..])?;
                sent = Some(b.len());
            }
        }
    }
    if sent.is_some() {
        listener.finish().ok();
    }
    Ok(Heard {
        ending: if started {
            Ending::NoEnd
        } else {
            Ending::Missed
        },
        whole_phrase: false,
        hyps: None,
        decide_ms: 0.0,
        decided_after_ms: 0.0,
        checks_ms,
    })
}
