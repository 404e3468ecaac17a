//! PocketSphinx against the committed spoken-move fixtures (tests/audio), and
//! the `hector listen` command-line contract.

mod support;
use hector::lab::speech::fixtures::{self, Trial};
use hector::speech::Recognizer;
use hector::speech::readback::{Event, Prompt, ReadBack};
use hector::speech::settle::{CLEAR, Settled};
use std::path::Path;
use support::hector;

fn engine() -> Option<Box<dyn Recognizer>> {
    match hector::speech::engine::open("pocketsphinx", None) {
        Ok(r) => Some(r),
        Err(e) => {
            support::skip(&format!(
                "PocketSphinx is not usable here ({e}); run ./setup.sh"
            ));
            None
        }
    }
}

/// Measures the rates per locale and checks the read-back guards every
/// decided move. Returns (German rate, English rate).
fn measure(rec: &mut dyn Recognizer, whole: bool, label: &str) -> (f64, f64) {
    let list = fixtures::load(&fixtures::default_dir()).unwrap();
    assert!(list.len() >= 80, "only {} fixtures", list.len());
    let (mut de, mut en) = ((0, 0), (0, 0));
    let mut confident_wrong = 0;
    for f in &list {
        let t: Trial = if whole {
            // One utterance decoded as a file: `hector listen --wav`.
            let samples = hector::speech::audio::read_wav(&f.file).unwrap();
            let phrases = hector::speech::moves::legal_phrases(&f.position, &f.locale);
            let texts: Vec<String> = phrases.iter().map(|(_, p)| p.clone()).collect();
            rec.set_phrases(&texts).unwrap();
            let hyps = rec.recognize(&samples).unwrap();
            let settled = hector::speech::settle::settle(&hyps, &phrases);
            let san = match &settled {
                Settled::Move { mv, .. } => {
                    Some(shakmaty::san::SanPlus::from_move(f.position.clone(), *mv).to_string())
                }
                _ => None,
            };
            Trial {
                correct: san.as_deref() == Some(f.san.as_str()),
                san,
                settled,
                grammar_ms: 0.0,
                decode_ms: 0.0,
                latency_ms: 0.0,
            }
        } else {
            // Streamed in 20 ms chunks through one long-lived decoder: a session.
            fixtures::run(rec, f).unwrap()
        };
        let counter = if f.locale == "de" { &mut de } else { &mut en };
        counter.0 += t.correct as usize;
        counter.1 += 1;
        // Every decided move is only read back: no clock switch before a yes.
        let mut rb = ReadBack::new();
        let step = rb.handle(Event::Heard(t.settled.clone()));
        assert!(!step.clock_may_switch);
        if let Settled::Move { mv, confidence, .. } = &t.settled {
            assert_eq!(step.prompts, vec![Prompt::ReadBack(*mv)]);
            if !t.correct {
                println!(
                    "{label}: {} '{}' heard as {} (confidence {confidence:.2}) — read back, not played",
                    f.file.file_name().unwrap().to_string_lossy(),
                    f.phrase,
                    t.san.as_deref().unwrap_or("?")
                );
                confident_wrong += (*confidence >= CLEAR) as usize;
            }
        }
    }
    let rate = |(ok, n): (usize, usize)| ok as f64 / n as f64;
    println!(
        "{label}: German {}/{} = {:.1} %, English {}/{} = {:.1} %; wrong moves at confidence >= {CLEAR}: {confident_wrong} (all read back)",
        de.0,
        de.1,
        100.0 * rate(de),
        en.0,
        en.1,
        100.0 * rate(en)
    );
    (rate(de), rate(en))
}

#[test]
fn pocketsphinx_hears_the_fixtures_with_a_legal_move_grammar() {
    let Some(mut rec) = engine() else { return };
    let (de, en) = measure(rec.as_mut(), false, "streamed");
    assert!(de >= 0.90, "German {:.1} % < 90 %", de * 100.0);
    assert!(en >= 0.85, "English {:.1} % < 85 %", en * 100.0);
    let Some(mut rec) = engine() else { return };
    let (de, en) = measure(rec.as_mut(), true, "whole files");
    assert!(de >= 0.90, "German {:.1} % < 90 %", de * 100.0);
    assert!(en >= 0.85, "English {:.1} % < 85 %", en * 100.0);
}

/// PocketSphinx decoders opened, used and dropped on many threads at once
/// (two blind players' voices in one `hector serve`; the tests beside one
/// another) each hear the move, and none hangs: the library's log, one
/// global FILE, was once reopened by every new decoder while others wrote
/// to it, and a decoder's start hung in a stdio lock.
#[test]
fn decoders_opened_on_many_threads_at_once_each_hear_the_move() {
    if engine().is_none() {
        return;
    }
    let samples = hector::speech::audio::read_wav(Path::new(&audio("de-015.wav"))).unwrap();
    let position = shakmaty::Chess::default();
    let phrases = hector::speech::moves::legal_phrases(&position, "de");
    let texts: Vec<String> = phrases.iter().map(|(_, p)| p.clone()).collect();
    let (tx, rx) = std::sync::mpsc::channel();
    let threads = 6;
    let rounds = 10;
    for _ in 0..threads {
        let (tx, samples, texts) = (tx.clone(), samples.clone(), texts.clone());
        std::thread::spawn(move || {
            for _ in 0..rounds {
                let heard = hector::speech::engine::open("pocketsphinx", None).and_then(|mut r| {
                    r.set_phrases(&texts)?;
                    r.recognize(&samples)
                });
                let best = heard.map(|h| h.first().map(|x| x.text.clone()).unwrap_or_default());
                if tx.send(best.map_err(|e| e.to_string())).is_err() {
                    return;
                }
            }
        });
    }
    drop(tx);
    let until = std::time::Instant::now() + std::time::Duration::from_secs(120);
    for i in 0..threads * rounds {
        let left = until.saturating_duration_since(std::time::Instant::now());
        match rx.recv_timeout(left) {
            Ok(Ok(best)) => assert_eq!(best, "springer felix drei", "decoder {i}"),
            Ok(Err(e)) => panic!("decoder {i}: {e}"),
            Err(_) => panic!(
                "only {i} of {} decoders answered within 120 s",
                threads * rounds
            ),
        }
    }
}

fn audio(name: &str) -> String {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/audio")
        .join(name)
        .to_string_lossy()
        .into_owned()
}

#[test]
fn listen_prints_the_move_candidates_or_a_reason() {
    if engine().is_none() {
        return;
    }
    // de-015: "springer felix drei" after 1.e4 c5 2.Nf3 … 6.Be3 e5.
    let (code, out, _) = hector(&[
        "listen",
        "--wav",
        &audio("de-015.wav"),
        "--moves",
        "e4 c5 Nf3 d6 d4 cxd4 Nxd4 Nf6 Nc3 a6 Be3 e5",
    ]);
    assert_eq!((code, out.trim()), (0, "Nf3"));
    let (code, out, _) = hector(&[
        "listen",
        "--wav",
        &audio("de-015.wav"),
        "--moves",
        "e4 c5 Nf3 d6 d4 cxd4 Nxd4 Nf6 Nc3 a6 Be3 e5",
        "--json",
    ]);
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["san"], "Nf3");
    assert_eq!(v["hypotheses"][0]["text"], "springer felix drei");
    assert!(v["hypotheses"][0]["confidence"].as_f64().unwrap() > 0.0);
    assert!(v["decode_ms"].as_f64().unwrap() > 0.0);
    // A promotion without its piece: the four candidates, exit 2.
    let (code, out, _) = hector(&[
        "listen",
        "--wav",
        &audio("extra-promotion-de.wav"),
        "--fen",
        "8/P4k2/8/8/8/8/5K2/8 w - - 0 1",
    ]);
    assert_eq!((code, out.trim()), (2, "a8=Q a8=R a8=B a8=N"));
    // Faint noise only: nothing heard, exit 1 with a reason.
    let dir = std::env::temp_dir().join(format!("hector-listen-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let quiet = dir.join("quiet.wav");
    let mut s = vec![0i16; 24_000];
    hector::speech::audio::add_noise(&mut s, -50.0, 3);
    hector::speech::audio::write_wav(&quiet, &s, 16_000).unwrap();
    // In the language of --locale (German by default).
    for (locale, said) in [
        ("de", "Kein erlaubter Zug gehört: "),
        ("en", "No legal move heard: nothing was"),
        ("pl", "Nie usłyszano dozwolonego posunięcia: "),
        ("el", "Δεν ακούστηκε επιτρεπτή κίνηση: "),
    ] {
        let (code, _, err) = hector(&[
            "listen",
            "--wav",
            quiet.to_str().unwrap(),
            "--locale",
            locale,
        ]);
        assert_eq!(code, 1);
        assert!(err.contains(said), "{locale}: {err}");
    }
    // Bad input: clear sentences, exit 1, no panic.
    let (code, _, err) = hector(&["listen", "--wav", "/nonexistent.wav"]);
    assert_eq!(code, 1);
    assert!(err.contains("/nonexistent.wav"), "{err}");
    // Bad option values are usage errors (issue 32): exit 2.
    // In the --locale's language (German by default).
    let (code, _, err) = hector(&["listen", "--wav", &audio("de-000.wav"), "--moves", "e5"]);
    assert_eq!(code, 2);
    assert!(err.contains("Zug 1 („e5“) ist dort nicht möglich"), "{err}");
    let (code, _, err) = hector(&[
        "listen",
        "--wav",
        &audio("de-000.wav"),
        "--moves",
        "e5",
        "--locale",
        "en",
    ]);
    assert_eq!(code, 2);
    assert!(
        err.contains("move 1 ('e5') cannot be played there"),
        "{err}"
    );
    let (code, _, err) = hector(&["listen", "--wav", &audio("de-000.wav"), "--engine", "nope"]);
    assert_eq!(code, 2);
    assert!(
        err.contains("--engine is one of both, pocketsphinx"),
        "{err}"
    );
    std::fs::remove_dir_all(&dir).ok();
}

/// A directory of recordings is heard with the model loaded once: a line
/// per recording after its name (JSON: its "file"), a file that is no
/// recording said by name without stopping the others, the worst exit code.
#[test]
fn listen_hears_every_recording_of_a_directory() {
    if engine().is_none() {
        return;
    }
    let dir = std::env::temp_dir().join(format!("hector-listen-dir-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    // Three fixtures said in the initial position, a broken file, a note.
    for f in ["de-000.wav", "de-012.wav", "de-024.wav"] {
        std::fs::copy(audio(f), dir.join(f)).unwrap();
    }
    std::fs::write(dir.join("broken.wav"), b"RIFF\xff\x00garbage").unwrap();
    std::fs::write(dir.join("notes.txt"), "not a recording").unwrap();
    let d = dir.to_str().unwrap();
    let (code, out, _) = hector(&["listen", "--wav", d, "--locale", "de", "--json"]);
    assert_eq!(code, 1, "{out}");
    let lines: Vec<serde_json::Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let files: Vec<&str> = lines.iter().map(|v| v["file"].as_str().unwrap()).collect();
    assert_eq!(
        files,
        ["broken.wav", "de-000.wav", "de-012.wav", "de-024.wav"]
    );
    assert_eq!(lines[0]["result"], "error");
    assert!(lines[0]["reason"].as_str().unwrap().contains("broken.wav"));
    let sans: Vec<&str> = lines[1..]
        .iter()
        .map(|v| v["san"].as_str().unwrap_or("-"))
        .collect();
    assert_eq!(sans, ["h3", "a4", "c3"], "{out}");
    // Without the broken file: every move heard, exit 0, plain lines.
    std::fs::remove_file(dir.join("broken.wav")).unwrap();
    let (code, out, _) = hector(&["listen", "--wav", d, "--locale", "de"]);
    assert_eq!(
        (code, out.lines().collect::<Vec<_>>()),
        (
            0,
            vec!["de-000.wav: h3", "de-012.wav: a4", "de-024.wav: c3"]
        )
    );
    // A directory with no recording is said so.
    let empty = dir.join("empty");
    std::fs::create_dir_all(&empty).unwrap();
    let (code, _, err) = hector(&["listen", "--wav", empty.to_str().unwrap()]);
    assert_eq!(code, 1);
    assert!(err.contains("holds no .wav file"), "{err}");
    std::fs::remove_dir_all(&dir).ok();
}

/// A neural voice of a real speaker (Piper's en_US-joe-medium,
/// tests/audio/joe/make.sh) that no threshold or weight of hector was
/// tuned on: the default engine, with no option, hears each of its ten
/// moves in the initial position as the move said, and neither of its
/// two sentences that are not chess as anything.
#[test]
fn a_neural_voice_never_tuned_on_is_heard_by_the_default_engine() {
    use shakmaty::{Chess, Position, uci::UciMove};
    if !support::default_engine() {
        return;
    }
    let (code, out, err) = hector(&["listen", "--wav", &audio("joe"), "--locale", "en", "--json"]);
    let lines: Vec<serde_json::Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 12, "{out}{err}");
    let (mut moves, mut talk) = (0, 0);
    for v in &lines {
        assert_eq!(v["engine"], "both", "{v}");
        let file = v["file"].as_str().unwrap();
        let name = file.trim_end_matches(".wav");
        if name.starts_with("talk-") {
            talk += 1;
            assert_eq!(v["result"], "none", "{file} was taken: {v}");
            continue;
        }
        moves += 1;
        let mv = name
            .parse::<UciMove>()
            .unwrap()
            .to_move(&Chess::default())
            .unwrap();
        let san = shakmaty::san::San::from_move(&Chess::default(), mv).to_string();
        assert_eq!(v["result"], "move", "{file}: {v}");
        assert_eq!(v["san"], san.as_str(), "{file}: {v}");
        assert!(Chess::default().is_legal(mv));
    }
    assert_eq!((moves, talk, code), (10, 2, 1), "{out}");
}

#[test]
fn every_fixture_phrase_names_its_move_in_the_phrasebook() {
    let list = fixtures::load(&fixtures::default_dir()).unwrap();
    let de = list.iter().filter(|f| f.locale == "de").count();
    assert!(
        de >= 60 && list.len() - de >= 30,
        "{de} German of {}",
        list.len()
    );
    for f in &list {
        let phrases = hector::speech::moves::legal_phrases(&f.position, &f.locale);
        let sans: Vec<String> = phrases
            .iter()
            .filter(|(_, p)| *p == f.phrase)
            .map(|(m, _)| shakmaty::san::SanPlus::from_move(f.position.clone(), *m).to_string())
            .collect();
        assert_eq!(
            sans,
            vec![f.san.clone()],
            "{}: '{}'",
            f.file.display(),
            f.phrase
        );
        assert!(f.file.exists(), "{} is missing", f.file.display());
    }
}

/// The default engine decodes with hector's adapted model
/// (models/pocketsphinx/adapted) loaded over Debian's: the same scores as
/// that model opened explicitly, other scores than Debian's model alone.
/// (It once opened Debian's model alone, while `hector enrol` computed a
/// player's transform for the adapted one.)
#[test]
fn the_default_engine_decodes_with_the_shipped_adaptation() {
    use hector::speech::listener::Grammar;
    use hector::speech::pocketsphinx::{DEFAULT_HMM, PocketSphinx, default_adapted, default_dict};
    let Some(mut default) = engine() else {
        return;
    };
    let adapted = default_adapted().expect("models/pocketsphinx/adapted is shipped");
    let mut explicit =
        PocketSphinx::with_adaptation(Path::new(DEFAULT_HMM), &default_dict(), Some(&adapted))
            .unwrap();
    let mut plain = PocketSphinx::new(Path::new(DEFAULT_HMM), &default_dict()).unwrap();
    let list = fixtures::load(&fixtures::default_dir()).unwrap();
    let mut differs = 0;
    for f in list.iter().take(6) {
        let samples = hector::speech::audio::read_wav(&f.file).unwrap();
        let texts = Grammar::moves(&f.position, &f.locale).texts();
        let mut heard = Vec::new();
        for rec in [
            default.as_mut(),
            &mut explicit as &mut dyn Recognizer,
            &mut plain,
        ] {
            rec.set_phrases(&texts).unwrap();
            heard.push(rec.recognize(&samples).unwrap());
        }
        assert_eq!(heard[0], heard[1], "{}", f.file.display());
        differs += usize::from(heard[0] != heard[2]);
    }
    assert!(
        differs >= 3,
        "the adapted model scored like Debian's on {} of 6",
        6 - differs
    );
}
