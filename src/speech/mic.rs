//! The microphone through cpal (ALSA on Linux), delivered as 16 kHz mono
//! chunks. Muted while hector speaks, so its own voice is never heard as a
//! move.

use super::audio::{RATE, resample};
use super::recognizer::SpeechError;
use cpal::traits::{DeviceTrait, HostTrait, StreamTrait};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, mpsc};
use std::time::Duration;

/// An open microphone.
pub struct Microphone {
    _stream: cpal::Stream,
    rx: mpsc::Receiver<Vec<i16>>,
    muted: Arc<AtomicBool>,
    /// Audio callbacks so far, muted or not: a microphone that stops
    /// delivering has gone away even when the system says nothing.
    delivered: Arc<AtomicU64>,
    /// The last error the audio system reported for the stream.
    failure: Arc<Mutex<Option<String>>>,
}

fn err(what: &str, e: impl std::fmt::Display) -> SpeechError {
    SpeechError::Audio(format!("the microphone {what}: {e}"))
}

impl Microphone {
    /// Opens the default input device, at 16 kHz mono when it offers that,
    /// else at its own format, converted.
    pub fn open() -> Result<Microphone, SpeechError> {
        Microphone::open_muted(Arc::new(AtomicBool::new(false)))
    }

    /// Opens the default input device with a mute flag of its own (a
    /// microphone opened again keeps the flag hector's speech sets).
    pub fn open_muted(muted: Arc<AtomicBool>) -> Result<Microphone, SpeechError> {
        // ALSA writes its own lines to standard error when there is no
        // device: on this thread they go to a buffer instead (a new one
        // each time), so the player's terminal keeps only hector's sentence.
        #[cfg(target_os = "linux")]
        let _ = alsa::Output::local_error_handler();
        let host = cpal::default_host();
        let device = host
            .default_input_device()
            .ok_or_else(|| SpeechError::Audio("there is no microphone (no input device)".into()))?;
        let (tx, rx) = mpsc::channel::<Vec<i16>>();
        let delivered = Arc::new(AtomicU64::new(0));
        let failure = Arc::new(Mutex::new(None::<String>));
        let failed = |f: &Arc<Mutex<Option<String>>>| {
            let f = f.clone();
            move |e: cpal::Error| {
                eprintln!("microphone: {e}");
                *f.lock().unwrap_or_else(|p| p.into_inner()) = Some(e.to_string());
            }
        };
        let wanted = cpal::StreamConfig {
            channels: 1,
            sample_rate: RATE,
            buffer_size: cpal::BufferSize::Default,
        };
        let (m1, tx1, d1) = (muted.clone(), tx.clone(), delivered.clone());
        let direct = device.build_input_stream(
            wanted,
            move |data: &[i16], _: &cpal::InputCallbackInfo| {
                d1.fetch_add(1, Ordering::Relaxed);
                if !m1.load(Ordering::Relaxed) {
                    tx1.send(data.to_vec()).ok();
                }
            },
            failed(&failure),
            None,
        );
        let stream = match direct {
            Ok(s) => s,
            Err(_) => {
                let supported = device
                    .default_input_config()
                    .map_err(|e| err("offers no usable format", e))?;
                let config: cpal::StreamConfig = supported.config();
                let channels = config.channels.max(1) as usize;
                let rate = config.sample_rate;
                let (m2, d2) = (muted.clone(), delivered.clone());
                device
                    .build_input_stream(
                        config,
                        move |data: &[f32], _: &cpal::InputCallbackInfo| {
                            d2.fetch_add(1, Ordering::Relaxed);
                            if m2.load(Ordering::Relaxed) {
                                return;
                            }
                            let mono: Vec<f32> = data
                                .chunks(channels)
                                .map(|c| c.iter().sum::<f32>() / c.len() as f32)
                                .collect();
                            let out = resample(&mono, rate, RATE)
                                .into_iter()
                                .map(|v| (v * 32768.0).clamp(-32768.0, 32767.0) as i16)
                                .collect();
                            tx.send(out).ok();
                        },
                        failed(&failure),
                        None,
                    )
                    .map_err(|e| err("cannot be opened", e))?
            }
        };
        stream.play().map_err(|e| err("cannot be started", e))?;
        Ok(Microphone {
            _stream: stream,
            rx,
            muted,
            delivered,
            failure,
        })
    }

    /// How many pieces of audio the device has delivered so far (muted or
    /// not); a count that stops growing means the microphone is gone.
    pub fn delivered(&self) -> u64 {
        self.delivered.load(Ordering::Relaxed)
    }

    /// The last error the audio system reported for this microphone.
    pub fn failure(&self) -> Option<String> {
        self.failure
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .clone()
    }

    /// The next chunk of 16 kHz mono audio, waiting at most `timeout`.
    pub fn recv(&self, timeout: Duration) -> Option<Vec<i16>> {
        self.rx.recv_timeout(timeout).ok()
    }

    /// Mutes or unmutes (hector mutes while it speaks). Audio that arrives
    /// while muted is dropped.
    pub fn set_muted(&self, muted: bool) {
        self.muted.store(muted, Ordering::Relaxed);
        if muted {
            while self.rx.try_recv().is_ok() {}
        }
    }

    /// A handle for a speaker thread to mute the microphone.
    pub fn mute_handle(&self) -> Arc<AtomicBool> {
        self.muted.clone()
    }
}
