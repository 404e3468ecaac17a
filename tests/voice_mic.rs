//! The microphone path: a fixture captured through cpal from an ALSA file
//! device (FACTS: `ALSA_CONFIG_PATH` with a `file` PCM whose `infile` is raw
//! 16 kHz S16_LE audio, here a named pipe fed in real time), cut by
//! end-of-utterance detection and recognised.
#![cfg(feature = "mic")]

mod support;

use hector::speech::audio::{add_noise, read_wav};
use std::path::Path;
use std::process::Stdio;

#[test]
fn a_fixture_spoken_into_the_microphone_is_recognised() {
    if hector::speech::engine::open("pocketsphinx", None).is_err() {
        support::skip("PocketSphinx is not usable here; run ./setup.sh");
        return;
    }
    let d = std::env::temp_dir().join(format!("hector-mic-{}", std::process::id()));
    std::fs::create_dir_all(&d).unwrap();
    // 1 s of room noise, the move, 3 s of room noise; raw little-endian.
    let speech =
        read_wav(&Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/audio/de-015.wav")).unwrap();
    let mut pre = vec![0i16; 16_000];
    add_noise(&mut pre, -55.0, 11);
    let mut post = vec![0i16; 48_000];
    add_noise(&mut post, -55.0, 12);
    let audio: Vec<i16> = pre.iter().chain(&speech).chain(&post).copied().collect();
    let conf = support::file_microphone(&d, &audio);
    let child = support::hector_command()
        .args([
            "listen",
            "--mic",
            "--seconds",
            "10",
            "--moves",
            "e4 c5 Nf3 d6 d4 cxd4 Nxd4 Nf6 Nc3 a6 Be3 e5",
            "--json",
        ])
        .env("ALSA_CONFIG_PATH", &conf)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let (code, stdout, stderr) = support::finish_within(child, 60, "hector listen --mic");
    assert_eq!(code, 0, "{stdout}{stderr}");
    let v: serde_json::Value = serde_json::from_str(&stdout).unwrap();
    assert_eq!(v["san"], "Nf3", "{stdout}");
    std::fs::remove_dir_all(&d).ok();
}
