//! Noise taken out of an utterance before a recogniser hears it: RNNoise
//! (the crate `nnnoiseless`, its weights built in), which works on 48 kHz
//! frames of 480 samples. hector's 16 kHz audio is brought up to 48 kHz
//! (a windowed-sinc low-pass filter, exactly three times the rate), denoised
//! frame by frame and brought back down through the same filter; the result
//! has the input's length and timing (RNNoise's one frame of delay is taken
//! out).

use nnnoiseless::DenoiseState;

/// 48 kHz samples per 16 kHz sample.
const UP: usize = 3;
/// Taps on each side of the low-pass filter's centre (at 48 kHz).
const HALF: usize = 96;
/// The filter's cut-off in Hz: below 16 kHz audio's 8 kHz Nyquist limit,
/// so that the up-sampled images and what RNNoise leaves above it do not
/// fold back into speech.
const CUTOFF: f64 = 7_300.0;

/// The low-pass filter at 48 kHz: 2·HALF+1 taps, a sinc under a Blackman
/// window, summing to 1.
fn taps() -> Vec<f32> {
    let fc = CUTOFF / 48_000.0;
    let n = 2 * HALF + 1;
    let raw: Vec<f64> = (0..n)
        .map(|i| {
            let t = i as f64 - HALF as f64;
            let sinc = if t == 0.0 {
                2.0 * fc
            } else {
                (2.0 * std::f64::consts::PI * fc * t).sin() / (std::f64::consts::PI * t)
            };
            let w = 2.0 * std::f64::consts::PI * i as f64 / (n - 1) as f64;
            sinc * (0.42 - 0.5 * w.cos() + 0.08 * (2.0 * w).cos())
        })
        .collect();
    let sum: f64 = raw.iter().sum();
    raw.iter().map(|h| (h / sum) as f32).collect()
}

/// 16 kHz → 48 kHz: zeros between the samples, then the low-pass filter
/// (times three, for the zeros), centred so nothing is delayed.
fn up(x: &[i16], h: &[f32]) -> Vec<f32> {
    let n = x.len() * UP;
    (0..n)
        .map(|i| {
            // Input samples m with |i − 3m| ≤ HALF.
            let lo = (i.saturating_sub(HALF)).div_ceil(UP);
            let hi = ((i + HALF) / UP).min(x.len() - 1);
            (lo..=hi)
                .map(|m| h[i + HALF - m * UP] * x[m] as f32)
                .sum::<f32>()
                * UP as f32
        })
        .collect()
}

/// 48 kHz → 16 kHz: the low-pass filter, then every third sample.
fn down(y: &[f32], h: &[f32]) -> Vec<i16> {
    (0..y.len() / UP)
        .map(|m| {
            let c = m * UP;
            let lo = c.saturating_sub(HALF);
            let hi = (c + HALF).min(y.len() - 1);
            let v: f32 = (lo..=hi).map(|j| h[j + HALF - c] * y[j]).sum();
            v.round().clamp(-32768.0, 32767.0) as i16
        })
        .collect()
}

/// `pcm` (16 kHz mono) with its noise taken out: the same length, the same
/// timing. Empty in, empty out.
pub fn denoise(pcm: &[i16]) -> Vec<i16> {
    if pcm.is_empty() {
        return Vec::new();
    }
    let h = taps();
    let wide = up(pcm, &h);
    let frame = DenoiseState::FRAME_SIZE;
    // One frame more than the audio: RNNoise gives each frame out one
    // frame late, and its first frame out is only the fade in.
    let frames = wide.len().div_ceil(frame) + 1;
    let mut input = wide;
    input.resize(frames * frame, 0.0);
    let mut state = DenoiseState::new();
    let mut out = vec![0f32; frames * frame];
    for (i, o) in input.chunks_exact(frame).zip(out.chunks_exact_mut(frame)) {
        state.process_frame(o, i);
    }
    let clean = &out[frame..frame + pcm.len() * UP];
    down(clean, &h)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::speech::audio;

    fn rms(x: &[i16]) -> f64 {
        (x.iter().map(|s| (*s as f64).powi(2)).sum::<f64>() / x.len().max(1) as f64).sqrt()
    }

    fn db(a: f64, b: f64) -> f64 {
        20.0 * (a / b).log10()
    }

    fn speech() -> Vec<i16> {
        let p = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/audio/en-000.wav");
        audio::read_wav(std::path::Path::new(p)).expect("the English fixture")
    }

    #[test]
    fn the_filters_alone_keep_a_tone_and_its_timing() {
        // Up and straight down again (no RNNoise): a 1 kHz tone comes back
        // within a small error, sample for sample.
        let h = taps();
        let tone: Vec<i16> = (0..1601)
            .map(|i| {
                (8000.0 * (2.0 * std::f64::consts::PI * 1000.0 * i as f64 / 16000.0).sin()) as i16
            })
            .collect();
        let back = down(&up(&tone, &h), &h);
        assert_eq!(back.len(), tone.len());
        let worst = tone[HALF..tone.len() - HALF]
            .iter()
            .zip(&back[HALF..tone.len() - HALF])
            .map(|(a, b)| (*a as i32 - *b as i32).abs())
            .max()
            .unwrap();
        assert!(
            worst < 80,
            "a tone of amplitude 8000 came back off by {worst}"
        );
    }

    #[test]
    fn noise_alone_is_made_quieter() {
        let len = 16_000 * 2;
        let mut white = vec![0i16; len];
        audio::add_noise(&mut white, -30.0, 7);
        let mut pink = vec![0i16; len];
        crate::lab::speech::generate::mix(
            &mut pink,
            &crate::lab::speech::generate::pink(len, 7),
            -30.0,
        );
        for (name, noise) in [("white", white), ("pink", pink)] {
            let out = denoise(&noise);
            assert_eq!(out.len(), noise.len());
            // After the first half second (RNNoise settling), the noise
            // alone is at least 10 dB quieter.
            let cut = db(rms(&noise[8000..]), rms(&out[8000..]).max(1e-3));
            assert!(cut > 10.0, "{name} noise lowered only {cut:.1} dB");
        }
    }

    #[test]
    fn speech_keeps_its_level_and_timing() {
        let pcm = speech();
        let out = denoise(&pcm);
        assert_eq!(out.len(), pcm.len());
        let change = db(rms(&out), rms(&pcm));
        assert!(change.abs() < 3.0, "speech level changed {change:.1} dB");
        // Not shifted: the output lines up with the input better than with
        // the input a frame (10 ms) earlier or later.
        let corr = |lag: isize| -> f64 {
            (0..pcm.len())
                .filter_map(|i| {
                    let j = i as isize + lag;
                    (j >= 0 && (j as usize) < pcm.len())
                        .then(|| pcm[i] as f64 * out[j as usize] as f64)
                })
                .sum()
        };
        let at = corr(0);
        assert!(
            at > corr(160) && at > corr(-160),
            "the denoised speech is shifted"
        );
    }

    #[test]
    fn noisy_speech_comes_out_with_less_noise_between_words() {
        // Speech with pink noise 20 dB below it: the quietest stretches
        // (between words, noise alone) come out quieter.
        let pcm = speech();
        let mut noisy = pcm.clone();
        let level = audio::rms_dbfs(&pcm) - 20.0;
        crate::lab::speech::generate::mix(
            &mut noisy,
            &crate::lab::speech::generate::pink(pcm.len(), 11),
            level,
        );
        let out = denoise(&noisy);
        let quiet = |x: &[i16]| -> f64 {
            let mut w: Vec<f64> = x.chunks(320).map(rms).collect();
            w.sort_by(|a, b| a.total_cmp(b));
            w[w.len() / 10]
        };
        let cut = db(quiet(&noisy), quiet(&out).max(1e-3));
        assert!(cut > 6.0, "the pauses got only {cut:.1} dB quieter");
        let change = db(rms(&out), rms(&noisy));
        assert!(
            change.abs() < 4.0,
            "noisy speech level changed {change:.1} dB"
        );
    }

    #[test]
    fn any_length_even_empty() {
        assert!(denoise(&[]).is_empty());
        for n in [1, 2, 159, 160, 161, 479, 480, 481, 16_001] {
            let x: Vec<i16> = (0..n).map(|i| ((i * 37) % 2000) as i16 - 1000).collect();
            assert_eq!(denoise(&x).len(), n, "{n} samples");
        }
    }
}
