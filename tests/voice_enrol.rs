//! Adaptation to one player (issue 12 point 2): he reads the enrolment
//! script once, `hector enrol` computes an MLLR transform with Debian's
//! sphinxtrain, and the recogniser loads it (`--adaptation`). Generated
//! speakers of seed 5 (never tuned on; the script and the method were chosen
//! on seed 3). Real tools throughout: espeak-ng, sox, sphinx_fe, bw,
//! mllr_solve, PocketSphinx.

mod support;
use hector::lab::speech::bench::{self, Outcome, Tally};
use hector::lab::speech::generate::{self as g, SetSpec};
use hector::speech::listener::Listener;
use std::path::{Path, PathBuf};
use support::hector;

fn ready() -> bool {
    if !support::need(&["espeak-ng", "sox", "sphinx_fe", "pocketsphinx_mdef_convert"]) {
        return false;
    }
    if let Some(t) = hector::speech::enrol::tools_missing().first() {
        support::skip(&format!(
            "{t} is not installed (./setup.sh installs sphinxtrain)"
        ));
        return false;
    }
    true
}

/// A listener with Debian's model alone, without hector's adaptation: the
/// shipped adaptation was made from generated voices like these speakers',
/// so, as for a human voice, only a model that has not heard them shows
/// what a player's own enrolment adds (`enrol` computes the transform for
/// the model the recogniser decodes with).
fn listener() -> Listener {
    let hmm = std::path::Path::new(hector::speech::pocketsphinx::DEFAULT_HMM);
    Listener::new(hector::speech::engine::open("pocketsphinx", Some(hmm)).expect("PocketSphinx"))
}

/// `hector enrol --locale de --wav-dir DIR --out OUT`.
fn enrol_de(dir: &Path, out: &Path) -> support::Ran {
    hector(&[
        "enrol",
        "--locale",
        "de",
        "--wav-dir",
        dir.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
    ])
}

fn temp(tag: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("hector-enrol-{tag}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// Four generated speakers per locale say 10 moves each, first without and
/// then with their enrolment, decoded with a model that has not heard
/// generated voices (see `listener`). With the shipped adaptation, which
/// has, enrolment adds less (seed 2, German, 300 moves: 80.7 -> 82.3 %
/// right, wrong moves 1.0 -> 0 %), too little for 80 moves to show; the
/// floors leave a margin. Measured on seed 5: right 33.8 % -> 46.2 %,
/// wrong 1.2 % -> 1.2 % (1 of 80; the check against non-chess speech is
/// fitted for the shipped model, so many moves are asked again here).
#[test]
fn an_enrolled_speaker_is_understood_better() {
    if !ready() {
        return;
    }
    let (mut before, mut after) = (Tally::default(), Tally::default());
    for loc in ["de", "en"] {
        let mut spec = SetSpec::new(5, loc);
        spec.player = 10;
        let samples = g::move_set(&spec, 40);
        let commands = hector::speech::commands::phrases(loc);
        for (enrol, tally) in [(false, &mut before), (true, &mut after)] {
            let mut l = listener();
            for t in bench::run(&mut l, &samples, &commands, true, enrol, |_| {}).unwrap() {
                tally.add(t.outcome);
            }
        }
    }
    println!("without enrolment: {}", before.line());
    println!("with enrolment:    {}", after.line());
    assert_eq!(after.n, 80);
    assert!(
        after.share(Outcome::Right) >= before.share(Outcome::Right) + 0.05,
        "before {} / after {}",
        before.line(),
        after.line()
    );
    assert!(after.share(Outcome::Right) >= 0.35, "{}", after.line());
    assert!(after.share(Outcome::WrongMove) <= 0.06, "{}", after.line());
}

/// The command a player uses: the script printed, his recordings of it
/// turned into an adaptation, which `listen` (as `play --voice`) loads and
/// hears a move with; bad input gets a sentence, not a panic.
#[test]
fn hector_enrol_writes_an_adaptation_listen_loads() {
    if !ready() {
        return;
    }
    let (code, out, err) = hector(&["enrol", "--locale", "de", "--script"]);
    assert_eq!(code, 0, "{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert!(lines.len() >= 10, "{out}");
    assert!(lines[0].starts_with("1\t"), "{out}");
    assert!(out.contains("Rochade"), "{out}");

    // A speaker (chosen here: a middle voice, speed and room) reads the
    // script into 01.wav, 02.wav, ….
    let dir = temp("wavs");
    let mut moves = g::move_set(&SetSpec::new(5, "de"), 3);
    for m in &mut moves {
        (m.voice, m.speed, m.pitch, m.noise_dbfs) = ("de+m3".into(), 130, 50, -45);
        m.room = g::Room::Dry;
    }
    for (i, line) in lines.iter().enumerate() {
        let text = line.split_once('\t').unwrap().1;
        let mut s = moves[0].clone();
        s.id = 5000 + i;
        s.text = text.to_string();
        let audio = g::render(&s).unwrap();
        hector::speech::audio::write_wav(&dir.join(format!("{:02}.wav", i + 1)), &audio, 16000)
            .unwrap();
    }
    let transform = dir.join("player.mllr");
    let t = transform.to_str().unwrap();
    let (code, out, err) = enrol_de(&dir, &transform);
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains("Fertig"), "{out}");
    assert!(transform.is_file());
    // His pace, for the end-of-utterance detector, closes the file.
    let pace = hector::speech::enrol::pace(&transform).expect("a pace");
    assert!((20..=500).contains(&pace), "{pace}");

    // His moves, heard with the adaptation.
    let mut right = 0;
    for m in &moves {
        let wav = dir.join(format!("move-{}.wav", m.id));
        hector::speech::audio::write_wav(&wav, &g::render(m).unwrap(), 16000).unwrap();
        let (code, out, err) = hector(&[
            "listen",
            "--wav",
            wav.to_str().unwrap(),
            "--fen",
            &m.fen,
            "--locale",
            "de",
            "--adaptation",
            t,
            "--json",
        ]);
        assert!(code == 0 || code == 2, "{out}{err}");
        let j: serde_json::Value = serde_json::from_str(out.trim()).expect(&out);
        if let g::Said::Move { san, .. } = &m.said
            && j["san"].as_str() == Some(san.as_str())
        {
            right += 1;
        }
    }
    assert!(right >= 2, "{right} of 3 heard right with the adaptation");

    // Bad input: a file that is not a transform, a missing recording, no
    // --out: a sentence each, nothing written, no panic.
    let junk = dir.join("junk.mllr");
    let first = dir.join("01.wav");
    let refused = |content: &[u8]| {
        std::fs::write(&junk, content).unwrap();
        let (code, _, err) = hector(&[
            "listen",
            "--wav",
            first.to_str().unwrap(),
            "--adaptation",
            junk.to_str().unwrap(),
        ]);
        assert_eq!(code, 1, "{err}");
        assert!(err.contains("junk.mllr"), "{err}");
        err
    };
    let err = refused(b"1\n3\n13\n0.5 nonsense\n");
    assert!(err.contains("is not an MLLR transform"), "{err}");
    refused(&[0xff, 0xfe, 0x00, 0x01]);
    // A transform whose pace is not a number.
    let text = std::fs::read_to_string(&transform).unwrap();
    let err = refused(
        text.replace(&format!("pause_ms {pace}"), "pause_ms soon")
            .as_bytes(),
    );
    assert!(err.contains("is not an MLLR transform"), "{err}");
    let empty = temp("empty");
    let other = empty.join("x.mllr");
    // `hector enrol` from the folder `empty`: refused, nothing written.
    let refused_folder = || {
        let (code, _, err) = enrol_de(&empty, &other);
        assert_eq!(code, 1);
        assert!(!other.exists());
        err
    };
    let err = refused_folder();
    assert!(err.contains("01.wav fehlt"), "{err}");
    // Recordings with nothing said in them: refused, nothing written.
    for i in 1..=lines.len() {
        let quiet = vec![0i16; 16000];
        hector::speech::audio::write_wav(&empty.join(format!("{i:02}.wav")), &quiet, 16000)
            .unwrap();
    }
    let err = refused_folder();
    assert!(err.contains("keine Sprache"), "{err}");
    // A missing --out is a usage error (issue 32): exit 2.
    let (code, _, err) = hector(&["enrol", "--locale", "en", "--mic"]);
    assert_eq!(code, 2);
    assert!(err.contains("--out FILE"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
    let _ = std::fs::remove_dir_all(&empty);
}
