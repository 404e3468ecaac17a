//! Speech out: `hector say --wav`, `hector replay --wav` (the audio
//! scoresheet), and speech-dispatcher driven headless.

mod support;
use std::path::{Path, PathBuf};
use std::process::Command;
use support::hector;

fn scratch(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("hector-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&d).unwrap();
    d
}

fn seconds(p: &Path) -> f64 {
    let r = hound::WavReader::open(p).unwrap();
    r.len() as f64 / r.spec().sample_rate as f64
}

#[test]
fn say_to_a_wav_file_is_heard_back_as_the_same_move() {
    if !support::need(&["espeak-ng"]) {
        return;
    }
    let d = scratch("say");
    let wav = d.join("nf3.wav");
    let (code, out, err) = hector(&[
        "say",
        "--moves",
        "e4 e5",
        "--wav",
        wav.to_str().unwrap(),
        "Nf3",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("Springer Felix drei"), "{out}");
    let secs = seconds(&wav);
    assert!((0.8..5.0).contains(&secs), "{secs} s");
    // The spoken file goes through the recogniser back to the move.
    if hector::speech::engine::open("pocketsphinx", None).is_ok() {
        let (code, out, err) =
            hector(&["listen", "--wav", wav.to_str().unwrap(), "--moves", "e4 e5"]);
        assert_eq!((code, out.trim()), (0, "Nf3"), "{err}");
    }
    // An illegal move: a clear sentence, no file.
    let bad = d.join("bad.wav");
    let (code, _, err) = hector(&["say", "--wav", bad.to_str().unwrap(), "Nf6"]);
    assert_eq!(code, 1);
    assert!(!err.is_empty() && !bad.exists(), "{err}");
    std::fs::remove_dir_all(&d).ok();
}

#[test]
fn replay_writes_the_audio_scoresheet() {
    if !support::need(&["espeak-ng"]) {
        return;
    }
    let d = scratch("replay");
    let pgn = d.join("g.pgn");
    std::fs::write(
        &pgn,
        "[Event \"t\"]\n[Result \"*\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 *\n",
    )
    .unwrap();
    let wav = d.join("game.wav");
    let (code, out, err) = hector(&[
        "replay",
        "--wav",
        wav.to_str().unwrap(),
        pgn.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("10 moves spoken"), "{out}");
    // Ten moves with their colour and a pause each: well over a second a move.
    let secs = seconds(&wav);
    assert!((12.0..60.0).contains(&secs), "{secs} s");
    let (code, _, err) = hector(&["replay", "--wav", wav.to_str().unwrap(), "/nonexistent.pgn"]);
    assert_eq!(code, 1);
    assert!(err.contains("/nonexistent.pgn"), "{err}");
    std::fs::remove_dir_all(&d).ok();
}

/// speech-dispatcher run headless (FACTS: a private configuration sending
/// ALSA audio to a file), driven through the `tts` crate by `hector announce`.
#[cfg(feature = "tts")]
#[test]
fn speech_dispatcher_speaks_an_announcement_headless() {
    if !support::need(&["speech-dispatcher", "espeak-ng"]) {
        return;
    }
    let d = scratch("speechd");
    let env = support::headless_speech(&d, "pcm.!default pcm.spdcap\n");
    let raw = d.join("spoken.raw");
    let out = support::hector_command()
        .args([
            "announce",
            "--locale",
            "de",
            "Weiß: Springer Gustav eins Felix drei.",
        ])
        .envs(env)
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{err}");
    // S16_LE mono at 22 050 Hz: 44 100 bytes a second.
    let bytes = std::fs::metadata(&raw).map(|m| m.len()).unwrap_or(0);
    let secs = bytes as f64 / 44_100.0;
    println!("speech-dispatcher wrote {secs:.2} s of audio");
    assert!((1.0..8.0).contains(&secs), "{secs} s of audio");
    // The private daemon leaves by itself (Timeout 3 s idle); then its
    // directory goes too.
    support::headless_speech_done(&d);
}

/// `hector-lab listen --bench --first-sound` through the headless speech-dispatcher:
/// every answer is sent to it, sounds (its audio reaches the sound card's
/// file), and the time until it starts is added to the time to decide.
#[cfg(feature = "tts")]
#[test]
fn the_first_sound_of_the_answer_is_measured_through_speech_dispatcher() {
    if !support::need(&["speech-dispatcher", "espeak-ng", "sox"]) {
        return;
    }
    if hector::speech::engine::open("pocketsphinx", None).is_err() {
        support::skip("PocketSphinx is not usable here; run ./setup.sh");
        return;
    }
    let d = scratch("first-sound");
    let env = support::headless_speech(&d, "pcm.!default pcm.spdcap\n");
    let out = Command::new(env!("CARGO_BIN_EXE_hector-lab"))
        .args([
            "listen",
            "--bench",
            "--first-sound",
            "--seed",
            "5",
            "--locales",
            "de",
            "--count",
            "3",
        ])
        .envs(env)
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{text}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let p50 = |label: &str| -> f64 {
        let line = text
            .lines()
            .find(|l| l.starts_with(label))
            .unwrap_or_else(|| panic!("{label}: {text}"));
        line.split("p50 ")
            .nth(1)
            .unwrap()
            .split(' ')
            .next()
            .unwrap()
            .parse()
            .unwrap()
    };
    let decided = p50("end of speech -> decided ms:");
    let start = p50("speech-dispatcher start -> sound ms:");
    let first = p50("end of speech -> first sound ms:");
    assert!(first >= decided && start >= 0.0, "{text}");
    let bytes = std::fs::metadata(d.join("spoken.raw"))
        .map(|m| m.len())
        .unwrap_or(0);
    assert!(bytes > 0, "nothing reached the sound card");
    support::headless_speech_done(&d);
}
