//! Audio in from WAV files (hound): any rate and channel count, brought to
//! 16 kHz mono 16-bit, the format every recogniser here expects.

use super::recognizer::SpeechError;
use std::path::Path;

/// The sample rate every recogniser in hector listens at.
pub const RATE: u32 = 16_000;

/// Sample rates a WAV file may have: telephone speech to studio audio.
/// A rate far below would be resampled to many times the file's size (a
/// 1 Hz file of 64 KiB to a billion samples).
pub const WAV_RATES: std::ops::RangeInclusive<u32> = 4_000..=384_000;

/// The longest recording hector hears as one utterance, in seconds:
/// Whisper's window. A spoken move or command lasts a few seconds (the
/// live path ends an utterance at 8 s); a longer recording would be heard
/// as one phrase all the same, and read whole into memory.
pub const LONGEST_S: u32 = 30;

/// Why a WAV file gave no samples.
#[derive(Debug, Clone, PartialEq)]
pub enum WavError {
    /// There is no such file.
    Missing,
    /// The file could not be opened or read (the system's reason).
    Open(String),
    /// Not a WAV recording hector reads (no RIFF/WAVE header, or an
    /// encoding other than PCM or float: the parser's reason).
    NotWav(String),
    /// A sample rate outside [`WAV_RATES`].
    Rate(u32),
    /// The file ends inside its data (cut short while copied or written).
    Cut,
    /// The recording lasts longer than [`LONGEST_S`].
    Long,
}

impl std::fmt::Display for WavError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            WavError::Missing => write!(f, "there is no such file"),
            WavError::Open(why) | WavError::NotWav(why) => write!(f, "{why}"),
            WavError::Rate(rate) => write!(
                f,
                "the sample rate is {rate} Hz; hector reads {} to {} Hz",
                WAV_RATES.start(),
                WAV_RATES.end()
            ),
            WavError::Cut => write!(f, "the file ends inside its recording"),
            WavError::Long => write!(
                f,
                "the recording lasts longer than {LONGEST_S} s; hector hears one move or command at a time"
            ),
        }
    }
}

impl WavError {
    fn from_hound(e: hound::Error) -> WavError {
        match e {
            // The reader ran out of bytes ("Failed to read enough bytes."):
            // the file was cut short.
            hound::Error::IoError(io)
                if io.kind() == std::io::ErrorKind::UnexpectedEof
                    || io.to_string().contains("enough bytes") =>
            {
                WavError::Cut
            }
            hound::Error::UnfinishedSample => WavError::Cut,
            hound::Error::IoError(io) => WavError::Open(io.to_string()),
            other => WavError::NotWav(other.to_string()),
        }
    }

    /// The sentence for `file` (its name as the user gave it) in the
    /// language `locale` (messages.ftl, `listen-wav_…`).
    pub fn sentence(&self, locale: &str, file: &str) -> String {
        let (low, high) = (WAV_RATES.start().to_string(), WAV_RATES.end().to_string());
        let (id, rate) = match self {
            WavError::Missing => ("listen-wav_missing", String::new()),
            WavError::Open(_) => ("listen-wav_open", String::new()),
            WavError::NotWav(_) => ("listen-wav_not", String::new()),
            WavError::Rate(r) => ("listen-wav_rate", r.to_string()),
            WavError::Cut => ("listen-wav_cut", String::new()),
            WavError::Long => ("listen-wav_long", String::new()),
        };
        let longest = LONGEST_S.to_string();
        let args = [
            ("file", file),
            ("rate", rate.as_str()),
            ("low", low.as_str()),
            ("high", high.as_str()),
            ("longest", longest.as_str()),
        ];
        crate::locale::messages::sentence(locale, id, &args)
            .unwrap_or_else(|| format!("{file}: {self}"))
    }
}

/// Reads a WAV file as 16 kHz mono samples.
pub fn read_wav(path: &Path) -> Result<Vec<i16>, SpeechError> {
    open_wav(path).map_err(|why| SpeechError::Audio(format!("{}: {why}", path.display())))
}

/// Reads a WAV file as 16 kHz mono samples; otherwise says why not.
pub fn open_wav(path: &Path) -> Result<Vec<i16>, WavError> {
    let file = std::fs::File::open(path).map_err(|e| match e.kind() {
        std::io::ErrorKind::NotFound => WavError::Missing,
        _ => WavError::Open(e.to_string()),
    })?;
    // Shorter than "RIFF", its length and "WAVE": no recording at all.
    if file.metadata().is_ok_and(|m| m.len() < 12) {
        return Err(WavError::NotWav(
            "the file is too short to be a WAV file".into(),
        ));
    }
    decode_wav(std::io::BufReader::new(file))
}

/// Decodes WAV bytes as 16 kHz mono samples; otherwise says why not.
pub fn decode_wav<R: std::io::Read>(reader: R) -> Result<Vec<i16>, WavError> {
    let mut r = hound::WavReader::new(reader).map_err(WavError::from_hound)?;
    let spec = r.spec();
    if !WAV_RATES.contains(&spec.sample_rate) {
        return Err(WavError::Rate(spec.sample_rate));
    }
    let channels = spec.channels.max(1) as usize;
    // Read no further than the longest recording hector hears (one
    // sample more tells that it goes on).
    let most = LONGEST_S as usize * spec.sample_rate as usize * channels;
    let raw: Vec<f32> = match spec.sample_format {
        hound::SampleFormat::Int => {
            let scale = (1i64 << (spec.bits_per_sample.clamp(1, 32) - 1)) as f32;
            r.samples::<i32>()
                .take(most + 1)
                .map(|s| s.map(|v| v as f32 / scale))
                .collect::<Result<_, _>>()
        }
        hound::SampleFormat::Float => r.samples::<f32>().take(most + 1).collect::<Result<_, _>>(),
    }
    .map_err(WavError::from_hound)?;
    if raw.len() > most {
        return Err(WavError::Long);
    }
    let mono: Vec<f32> = raw
        .chunks(channels)
        .map(|c| c.iter().sum::<f32>() / c.len() as f32)
        .collect();
    let resampled = resample(&mono, spec.sample_rate, RATE);
    Ok(resampled
        .into_iter()
        .map(|v| (v * 32768.0).round().clamp(-32768.0, 32767.0) as i16)
        .collect())
}

/// Writes 16 kHz mono samples to a WAV file.
pub fn write_wav(path: &Path, samples: &[i16], rate: u32) -> Result<(), SpeechError> {
    let spec = hound::WavSpec {
        channels: 1,
        sample_rate: rate,
        bits_per_sample: 16,
        sample_format: hound::SampleFormat::Int,
    };
    let err = |e: hound::Error| SpeechError::Audio(format!("{}: {e}", path.display()));
    let mut w = hound::WavWriter::create(path, spec).map_err(err)?;
    for s in samples {
        w.write_sample(*s).map_err(err)?;
    }
    w.finalize().map_err(err)
}

/// Linear-interpolation resampling; enough for speech recognition input.
pub fn resample(input: &[f32], from: u32, to: u32) -> Vec<f32> {
    if from == to || input.is_empty() || from == 0 {
        return input.to_vec();
    }
    let n = (input.len() as u64 * to as u64 / from as u64) as usize;
    let step = from as f64 / to as f64;
    (0..n)
        .map(|i| {
            let x = i as f64 * step;
            let j = x.floor() as usize;
            let f = (x - j as f64) as f32;
            let a = input[j.min(input.len() - 1)];
            let b = input[(j + 1).min(input.len() - 1)];
            a + (b - a) * f
        })
        .collect()
}

/// Adds faint white noise at `dbfs` (e.g. -50.0) from a seeded generator:
/// exact digital silence ruins recognition of synthetic speech.
pub fn add_noise(samples: &mut [i16], dbfs: f32, seed: u64) {
    let amp = 32767.0 * 10f32.powf(dbfs / 20.0);
    let mut x = seed
        .wrapping_mul(6364136223846793005)
        .wrapping_add(1442695040888963407)
        | 1;
    for s in samples.iter_mut() {
        // xorshift64*
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        let r = (x.wrapping_mul(2685821657736338717) >> 40) as f32 / (1u64 << 24) as f32;
        let n = (r * 2.0 - 1.0) * amp * 1.732; // uniform with the RMS of `amp`
        *s = (*s as f32 + n).clamp(-32768.0, 32767.0) as i16;
    }
}

/// Root-mean-square level in dBFS (−inf for silence).
pub fn rms_dbfs(samples: &[i16]) -> f32 {
    if samples.is_empty() {
        return f32::NEG_INFINITY;
    }
    let sum: f64 = samples.iter().map(|s| (*s as f64).powi(2)).sum();
    let rms = (sum / samples.len() as f64).sqrt();
    20.0 * (rms / 32767.0).log10() as f32
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn resampling_keeps_duration() {
        let v = vec![0.5f32; 22050];
        let r = resample(&v, 22050, 16000);
        assert_eq!(r.len(), 16000);
        assert!((r[100] - 0.5).abs() < 1e-6);
    }

    #[test]
    fn noise_is_faint_and_seeded() {
        let mut a = vec![0i16; 16000];
        let mut b = vec![0i16; 16000];
        add_noise(&mut a, -50.0, 7);
        add_noise(&mut b, -50.0, 7);
        assert_eq!(a, b);
        let level = rms_dbfs(&a);
        assert!((-53.0..-47.0).contains(&level), "{level}");
    }

    #[test]
    fn wav_round_trip_and_bad_file() {
        let dir = std::env::temp_dir().join(format!("hector-wav-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let p = dir.join("x.wav");
        let s: Vec<i16> = (0..1600).map(|i| (i % 100) as i16 * 10).collect();
        write_wav(&p, &s, RATE).unwrap();
        assert_eq!(read_wav(&p).unwrap(), s);
        std::fs::write(dir.join("bad.wav"), b"not a wav").unwrap();
        let e = read_wav(&dir.join("bad.wav")).unwrap_err().to_string();
        assert!(e.contains("bad.wav"), "{e}");
        std::fs::remove_dir_all(&dir).ok();
    }

    /// A WAV file's bytes (hound's): `frames` silent frames of `channels`
    /// channels at `rate`, its data chunk claiming `claimed` bytes if given.
    fn wav_bytes(rate: u32, channels: u16, frames: usize, claimed: Option<u32>) -> Vec<u8> {
        let spec = hound::WavSpec {
            channels,
            sample_rate: rate,
            bits_per_sample: 16,
            sample_format: hound::SampleFormat::Int,
        };
        let mut v = Vec::new();
        let mut w = hound::WavWriter::new(std::io::Cursor::new(&mut v), spec).unwrap();
        for _ in 0..frames * channels as usize {
            w.write_sample(0i16).unwrap();
        }
        w.finalize().unwrap();
        if let Some(n) = claimed {
            let at = v.windows(4).position(|x| x == b"data").unwrap() + 4;
            v[at..at + 4].copy_from_slice(&n.to_le_bytes());
        }
        v
    }

    /// A recording of exactly [`LONGEST_S`] is heard; one frame more, at
    /// any rate and channel count, is refused as too long; a header that
    /// claims hours over a short file is a recording cut short.
    #[test]
    fn a_recording_longer_than_one_utterance_can_be_is_refused() {
        for (rate, channels) in [(16_000, 1), (8_000, 2), (44_100, 1)] {
            let most = LONGEST_S as usize * rate as usize;
            let ok = decode_wav(&wav_bytes(rate, channels, most, None)[..]).unwrap();
            assert_eq!(ok.len(), LONGEST_S as usize * RATE as usize, "{rate}");
            assert_eq!(
                decode_wav(&wav_bytes(rate, channels, most + 1, None)[..]),
                Err(WavError::Long),
                "{rate} Hz, {channels} channels"
            );
        }
        assert_eq!(
            decode_wav(&wav_bytes(16_000, 1, 1_600, Some(0xffff_ff00))[..]),
            Err(WavError::Cut)
        );
    }
}
