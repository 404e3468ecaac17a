//! Whisper's log-mel features: 25 ms Hann frames every 10 ms (n_fft 400,
//! hop 160 at 16 kHz, centred with reflection), power spectrum, 80 Slaney
//! mel bands up to 8 kHz, log10 floored 8 decades under the loudest,
//! scaled as (x + 4) / 4. Both transforms are matrix products (the DFT of
//! 400 points as a 400 × 402 matrix), run by candle's matrix kernels.

use candle_core::{Device, Tensor};

pub const SAMPLE_RATE: usize = 16_000;
pub const N_FFT: usize = 400;
pub const HOP: usize = 160;
pub const N_MELS: usize = 80;
const BINS: usize = N_FFT / 2 + 1;

/// The fixed matrices: windowed DFT (cos and sin halves) and mel filters.
pub struct Mel {
    dft: Tensor,
    filters: Tensor,
}

impl Mel {
    pub fn new(dev: &Device) -> candle_core::Result<Mel> {
        // Periodic Hann window folded into the DFT matrix.
        let mut dft = vec![0f32; N_FFT * 2 * BINS];
        for n in 0..N_FFT {
            let w = 0.5 - 0.5 * (2.0 * std::f64::consts::PI * n as f64 / N_FFT as f64).cos();
            for k in 0..BINS {
                let a = 2.0 * std::f64::consts::PI * (k * n) as f64 / N_FFT as f64;
                dft[n * 2 * BINS + k] = (w * a.cos()) as f32;
                dft[n * 2 * BINS + BINS + k] = (-w * a.sin()) as f32;
            }
        }
        let dft = Tensor::from_vec(dft, (N_FFT, 2 * BINS), dev)?;
        let filters = Tensor::from_vec(mel_filters(), (BINS, N_MELS), dev)?;
        Ok(Mel { dft, filters })
    }

    /// The features of `samples` (16 kHz, scaled to −1…1): a
    /// `[1, 80, frames]` tensor with `frames = samples / 160` (made even).
    pub fn features(&self, samples: &[f32]) -> candle_core::Result<Tensor> {
        let pad = N_FFT / 2;
        let n = samples.len();
        // Reflection padding as torch.stft(center=True) does.
        let at = |i: isize| -> f32 {
            let len = n as isize;
            if len == 0 {
                return 0.0;
            }
            let mut j = i;
            if j < 0 {
                j = -j;
            }
            if j >= len {
                j = 2 * (len - 1) - j;
            }
            samples[j.clamp(0, len - 1) as usize]
        };
        let mut frames = (n / HOP).max(2);
        frames += frames % 2;
        let mut buf = vec![0f32; frames * N_FFT];
        for f in 0..frames {
            for t in 0..N_FFT {
                buf[f * N_FFT + t] = at((f * HOP + t) as isize - pad as isize);
            }
        }
        let dev = self.dft.device();
        let x = Tensor::from_vec(buf, (frames, N_FFT), dev)?;
        let spec = x.matmul(&self.dft)?; // [frames, 2 * BINS]
        let re = spec.narrow(1, 0, BINS)?;
        let im = spec.narrow(1, BINS, BINS)?;
        let power = (re.sqr()? + im.sqr()?)?;
        let mel = power.matmul(&self.filters)?; // [frames, 80]
        let log = mel
            .clamp(1e-10f32, f32::MAX)?
            .log()?
            .affine(1.0 / 10f64.ln(), 0.0)?;
        let top = log.max_all()?.to_scalar::<f32>()?;
        let log = log.clamp(top - 8.0, f32::MAX)?;
        let log = log.affine(0.25, 1.0)?;
        log.t()?.unsqueeze(0)?.contiguous()
    }
}

/// librosa's Slaney-style mel filters (`librosa.filters.mel(sr=16000,
/// n_fft=400, n_mels=80)`, what Whisper's mel_filters.npz holds), laid out
/// `[bin][mel]`.
fn mel_filters() -> Vec<f32> {
    let hz_to_mel = |f: f64| {
        let f_sp = 200.0 / 3.0;
        if f >= 1000.0 {
            15.0 + (f / 1000.0).ln() / (6.4f64.ln() / 27.0)
        } else {
            f / f_sp
        }
    };
    let mel_to_hz = |m: f64| {
        let f_sp = 200.0 / 3.0;
        if m >= 15.0 {
            1000.0 * ((6.4f64.ln() / 27.0) * (m - 15.0)).exp()
        } else {
            m * f_sp
        }
    };
    let top = hz_to_mel(SAMPLE_RATE as f64 / 2.0);
    let mel_f: Vec<f64> = (0..N_MELS + 2)
        .map(|i| mel_to_hz(top * i as f64 / (N_MELS + 1) as f64))
        .collect();
    let fft_f: Vec<f64> = (0..BINS)
        .map(|k| k as f64 * SAMPLE_RATE as f64 / N_FFT as f64)
        .collect();
    let mut w = vec![0f32; BINS * N_MELS];
    for m in 0..N_MELS {
        let enorm = 2.0 / (mel_f[m + 2] - mel_f[m]);
        for (k, f) in fft_f.iter().enumerate() {
            let lower = (f - mel_f[m]) / (mel_f[m + 1] - mel_f[m]);
            let upper = (mel_f[m + 2] - f) / (mel_f[m + 2] - mel_f[m + 1]);
            w[k * N_MELS + m] = (lower.min(upper).max(0.0) * enorm) as f32;
        }
    }
    w
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_tone_lights_its_own_band() {
        let dev = Device::Cpu;
        let mel = Mel::new(&dev).unwrap();
        let tone: Vec<f32> = (0..16_000)
            .map(|i| 0.5 * (2.0 * std::f32::consts::PI * 1000.0 * i as f32 / 16_000.0).sin())
            .collect();
        let f = mel.features(&tone).unwrap();
        assert_eq!(f.dims(), &[1, 80, 100]);
        let col: Vec<f32> = f
            .squeeze(0)
            .unwrap()
            .narrow(1, 50, 1)
            .unwrap()
            .flatten_all()
            .unwrap()
            .to_vec1()
            .unwrap();
        let best = (0..80).max_by(|a, b| col[*a].total_cmp(&col[*b])).unwrap();
        // 1 kHz lies at mel 15, band ≈ 15 / (mel(8 kHz) / 81) ≈ 28.
        assert!((26..=30).contains(&best), "band {best}");
        assert!(col[best] > col[5] + 1.0);
    }

    #[test]
    fn filters_are_slaney_normalised() {
        let w = mel_filters();
        // The first filter peaks near 2/(mel_f[2]-mel_f[0]) scaled.
        let first: f32 = (0..BINS).map(|k| w[k * N_MELS]).fold(0.0, f32::max);
        assert!(first > 0.01 && first < 0.05, "{first}");
    }
}
