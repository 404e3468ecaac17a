//! One spoken move as `hector play --voice` hears it: an always-on
//! microphone's audio in 20 ms chunks through end-of-utterance detection
//! ([`super::vad`]), decoded while it is spoken, ended sooner once the
//! words so far are a whole phrase, and decided — worked out while the
//! detector's silence window is still open, once speech has paused, and
//! kept when the window closes with no more speech. Used by
//! `hector-lab listen --bench --first-sound`, which adds the start of the
//! spoken answer: what the player feels is end of speech → first sound.

use super::audio::RATE;
use super::listener::{Hypotheses, Listener};
use super::recognizer::{Interrupt, SpeechError};
use super::silence::Ending;
use super::vad::{Vad, VadEvent};
use std::sync::Arc;
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
    /// End of the utterance → decision, ms: 0 when the decision worked
    /// out once speech paused ([`VadEvent::Paused`]) was ready by then.
    pub decide_ms: f64,
    /// End of speech → decision, ms: detector time from the samples plus
    /// the decoding's wall time; paced, the wall clock from the moment the
    /// last sample of speech was played.
    pub decided_after_ms: f64,
    /// Wall time of each whole-phrase check, ms.
    pub checks_ms: Vec<f64>,
    /// Decided when speech paused, before the window closed.
    pub early: bool,
    /// Times speech resumed after such a decision (the utterance was then
    /// decoded again from its start).
    pub resumed: usize,
    /// Times such a decision was given up unfinished because speech
    /// resumed meanwhile ([`Listener::finish_unless`]).
    pub given_up: usize,
}

/// The end (samples) of the chunk of `audio` at which the detector `vad`,
/// given the rest of it from `from` in chunks of `chunk` samples, hears
/// speech resume; `None` when the utterance ends first.
fn resumes_at(vad: &Vad, audio: &[i16], from: usize, chunk: usize) -> Option<usize> {
    let mut v = vad.clone();
    let mut end = from;
    for c in audio.get(from..).unwrap_or_default().chunks(chunk) {
        end += c.len();
        for e in v.push(c) {
            match e {
                VadEvent::Resumed => return Some(end),
                VadEvent::Utterance(_) => return None,
                _ => {}
            }
        }
    }
    None
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
    let secs = |samples: usize| samples as f64 / RATE as f64;
    let mut sent: Option<usize> = None;
    let mut whole = false;
    let mut checks_ms = Vec::new();
    let t0 = Instant::now();
    let at = |samples: usize| t0 + Duration::from_secs_f64(secs(samples));
    let mut started = false;
    // The decision worked out when speech paused, and when it was ready
    // (s from the start of the stream: the detector's time when it paused
    // plus the time it took). While it stands, the audio after the pause
    // is held back from the recogniser.
    let mut early: Option<(Hypotheses, f64)> = None;
    let mut resumed = 0;
    let mut given_up = 0;
    for (i, c) in audio.chunks(chunk).enumerate() {
        let end = i * chunk + c.len();
        if paced {
            let due = at(end);
            let now = Instant::now();
            if due > now {
                std::thread::sleep(due - now);
            }
        }
        // (Once decided early, what was heard up to the pause stands.)
        if sent.is_some() && early.is_none() {
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
                VadEvent::Paused { at: upto } => {
                    let n = sent.unwrap_or(0);
                    let b = vad.buffered();
                    if upto > n && upto <= b.len() {
                        listener.feed(&b[n..upto])?;
                        sent = Some(upto);
                    }
                    let t = Instant::now();
                    // Given up when speech resumes (on the wall clock when
                    // paced, else on the detector's time plus the work's
                    // wall time), as play gives it up.
                    let due = resumes_at(vad, audio, end, chunk).map(|r| {
                        if paced {
                            at(r)
                        } else {
                            t + Duration::from_secs_f64(secs(r) - secs(end))
                        }
                    });
                    let stop: Interrupt =
                        Arc::new(move || due.is_some_and(|d| Instant::now() >= d));
                    match listener.finish_unless(stop) {
                        Ok(h) => {
                            // A clear decision need not wait for a slow
                            // speaker's longest pause.
                            vad.set_sure(h.decision.is_clear());
                            early = Some((h, secs(end) + t.elapsed().as_secs_f64()));
                        }
                        Err(SpeechError::Interrupted) => {
                            given_up += 1;
                            listener.begin_with(&vad.buffered()[..sent.unwrap_or(0)])?;
                        }
                        Err(e) => return Err(e),
                    }
                }
                VadEvent::Resumed => {
                    // The utterance goes on: decoded again from its start.
                    if early.take().is_some() {
                        resumed += 1;
                        listener.begin_with(&vad.buffered()[..sent.unwrap_or(0)])?;
                    }
                }
                VadEvent::Utterance(u) => {
                    let t = Instant::now();
                    let decided_early = early.is_some();
                    let (h, ready) = match early.take() {
                        Some((h, ready)) => (listener.settled(h, &u, true, settling)?, ready),
                        None => {
                            let fed = sent.unwrap_or(0).min(u.len());
                            listener.feed(&u[fed..])?;
                            (listener.finish_settling(&u, settling)?, secs(end))
                        }
                    };
                    let took = t.elapsed().as_secs_f64();
                    // Decided: on the wall clock when paced, else on the
                    // detector's time (the samples) plus the work's wall time.
                    let decided = if paced {
                        Instant::now().duration_since(t0).as_secs_f64()
                    } else {
                        ready.max(secs(end)) + took
                    };
                    let decide_ms = (decided - secs(end)).max(0.0) * 1e3;
                    let decided_after_ms = (decided - secs(speech_end)).max(0.0) * 1e3;
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
                        early: decided_early,
                        resumed,
                        given_up,
                    });
                }
            }
        }
        // While the early decision stands, the silence after the pause is
        // not decoded: the utterance will most likely end without it.
        if let (Some(n), None) = (sent, &early) {
            let b = vad.buffered();
            if b.len() > n {
                listener.feed(&b[n..])?;
                sent = Some(b.len());
            }
        }
    }
    if sent.is_some() && early.is_none() {
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
        early: false,
        resumed,
        given_up,
    })
}
