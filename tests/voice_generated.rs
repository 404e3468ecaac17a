//! The recogniser on generated speech it was never tuned on (issue 12):
//! seeded sets from `hector::lab::speech::generate` (espeak-ng voice variants,
//! speeds, pitch, noise up to −30 dBFS, reverberation, narrow band), seed 5
//! — the model was adapted on seed 1, thresholds tuned on seed 3, the
//! README's figures come from seed 2. Small sets, so CI can afford them;
//! `hector-lab listen --bench` measures the full sets.
//!
//! The floors asserted here are the measured level of this build minus a
//! margin (a regression guard), not issue 12's targets, which this build
//! does not reach yet (see README, Voice).

mod support;
use hector::lab::speech::bench::{self, Outcome, Tally};
use hector::lab::speech::generate::{self as g, SetSpec};
use hector::speech::listener::{Decision, Listener};
use support::{hector, hector_lab};

fn listener() -> Option<Listener> {
    if !support::need(&["espeak-ng", "sox"]) {
        return None;
    }
    match hector::speech::engine::open("pocketsphinx", None) {
        Ok(r) => Some(Listener::new(r)),
        Err(e) => {
            support::skip(&format!(
                "PocketSphinx is not usable here ({e}); run ./setup.sh"
            ));
            None
        }
    }
}

fn tally(trials: &[bench::Trial]) -> Tally {
    let mut t = Tally::default();
    for x in trials {
        t.add(x.outcome);
    }
    t
}

/// D.2.1: spoken moves in German and English, read back only when clear.
/// This build on seed 5: 82.5 / 90.0 % right, wrong 5.0 % / 0 (the build
/// before, whose posteriors were shares of lattice paths: 82.5 % right in
/// both, wrong 2.5 % / 0; Debian's model alone, as listen and play once
/// decoded: about half right).
#[test]
fn d_2_1_generated_moves_german_and_english() {
    let Some(mut l) = listener() else { return };
    for loc in ["de", "en"] {
        let samples = g::move_set(&SetSpec::new(5, loc), 40);
        let commands = hector::speech::commands::phrases(loc);
        let trials = bench::run(&mut l, &samples, &commands, false, false, |_| {}).unwrap();
        let t = tally(&trials);
        println!("{loc}: {}", t.line());
        assert_eq!(t.n, 40);
        assert!(t.share(Outcome::Right) >= 0.7, "{loc}: {}", t.line());
        assert!(t.share(Outcome::WrongMove) <= 0.08, "{loc}: {}", t.line());
        for x in &trials {
            assert!((0.0..=1.0).contains(&x.heard.confidence), "{x:?}");
        }
    }
}

/// Speech that is neither a move nor a command is never taken as a move
/// (issue 12): the report list of sentences, none of them tuned on, in all
/// five languages. The build before the word-by-word check took 3 of 54 as
/// moves here. Commands taken from talk are kept to a few (a question such
/// as "Koliko je sati" is close to "koliko poteza").
#[test]
fn non_chess_speech_is_never_taken_as_a_move() {
    let Some(mut l) = listener() else { return };
    let mut moves = 0;
    let mut commands = 0;
    let mut n = 0;
    for loc in hector::speech::wording::LOCALES {
        let list = g::non_chess(loc);
        assert!(list.len() >= 10, "{loc}");
        let samples = g::phrase_set(&SetSpec::new(5, loc), &list);
        let commands_of = hector::speech::commands::phrases(loc);
        for t in bench::run(&mut l, &samples, &commands_of, false, false, |_| {}).unwrap() {
            n += 1;
            match t.heard.decision {
                Decision::Move(_) | Decision::Choice(_) => moves += 1,
                Decision::Command(_) => commands += 1,
                _ => continue,
            }
            println!("{loc}: '{}' taken as {:?}", t.sample.text, t.heard.decision);
        }
    }
    println!("non-chess: {moves} of {n} taken as moves, {commands} as commands");
    assert!(n >= 50);
    assert_eq!(
        moves, 0,
        "{moves} of {n} non-chess utterances taken as moves"
    );
    assert!(
        moves + commands <= 5,
        "{moves} moves and {commands} commands from {n} non-chess utterances"
    );
}

/// Issue 10 point 4: `hector listen --wav F --json` reports a spoken command
/// phrase as `"result": "command"` with its name, in German and English.
#[test]
fn command_phrases_by_voice_german_and_english() {
    if listener().is_none() {
        return;
    }
    let dir = std::env::temp_dir().join(format!("hector-voice-cmd-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut right = 0;
    let mut n = 0;
    for (loc, text, name) in [
        ("de", "meine Zeit", "my-time"),
        ("de", "ich gebe auf", "resign"),
        ("de", "Schiedsrichter", "arbiter"),
        ("en", "my time", "my-time"),
        ("en", "resign", "resign"),
        ("en", "help", "help"),
    ] {
        let mut spec = SetSpec::new(5, loc);
        spec.varied = false;
        let s = &g::phrase_set(
            &spec,
            &[(
                g::Said::Command {
                    name: name.to_string(),
                },
                text.to_string(),
            )],
        )[0];
        let pcm = g::render(s).unwrap();
        let wav = dir.join(format!("{loc}-{name}.wav"));
        hector::speech::audio::write_wav(&wav, &pcm, 16000).unwrap();
        let r = hector(&[
            "listen",
            "--wav",
            wav.to_str().unwrap(),
            "--fen",
            &s.fen,
            "--locale",
            loc,
            "--json",
        ]);
        let v: serde_json::Value = serde_json::from_str(r.1.trim())
            .unwrap_or_else(|e| panic!("{loc} '{text}': not JSON ({e}): {} {}", r.1, r.2));
        println!("{loc} '{text}': {v}");
        assert!(v["confidence"].is_number(), "{v}");
        n += 1;
        if v["result"] == "command" && v["command"] == name {
            right += 1;
        }
        // Never a move from a command phrase.
        assert_ne!(v["result"], "move", "{loc} '{text}': {v}");
    }
    std::fs::remove_dir_all(&dir).ok();
    assert!(
        right * 3 >= n * 2,
        "{right} of {n} command phrases recognised"
    );
}

#[test]
fn an_always_on_microphone_ends_every_move_once_even_in_loud_rooms() {
    use hector::lab::speech::silence::{Ending, WindowTally, ending, heard};
    use hector::speech::vad::VadConfig;
    if !support::need(&["espeak-ng", "sox"]) {
        return;
    }
    let (mut with_floor, mut without) = (WindowTally::default(), WindowTally::default());
    let mut slow = 0;
    for loc in ["de", "en"] {
        for s in g::move_set(&SetSpec::new(5, loc), 30) {
            let (audio, end) = heard(&s).expect("rendered");
            let e = ending(&audio, end, VadConfig::default());
            if s.speed <= 100 {
                slow += 1;
                assert_ne!(e, Ending::Cut, "a slow speaker cut off: {}", s.text);
            }
            with_floor.add(e);
            without.add(ending(
                &audio,
                end,
                VadConfig {
                    margin_db: -200.0,
                    ..VadConfig::default()
                },
            ));
        }
    }
    // Measured on this seed: 60 of 60 whole; without the floor 26 never
    // end. Noise up to -30 dBFS is louder than the -40 dBFS threshold; the
    // noise floor lets those utterances end.
    let line = with_floor.line();
    assert_eq!((with_floor.cut, with_floor.no_end), (0, 0), "{line}");
    assert!(with_floor.missed <= 2, "{line}");
    assert!(slow > 0);
    assert!(without.no_end >= 20, "{}", without.line());
}

/// A move that is a whole phrase ("Springer Felix drei": no longer phrase
/// goes on from it) ends after the player's own longest pause between
/// words plus a margin, once he has been heard: sooner than the silence
/// window that ends anything else; before that, after at most
/// `SURE_MS` when the decision worked out once he paused is clear.
/// Decoded while spoken, as play does.
#[test]
fn a_whole_phrase_ends_sooner_once_the_player_has_been_heard() {
    use hector::lab::speech::live::hear;
    use hector::lab::speech::silence::Ending;
    use hector::speech::vad::{SURE_MS, Vad, VadConfig};
    let Some(mut l) = listener() else { return };
    let pos =
        hector::speech::moves::position(None, Some("e4 c5 Nf3 d6 d4 cxd4 Nxd4 Nf6 Nc3 a6 Be3 e5"))
            .unwrap();
    let grammar = hector::speech::listener::Grammar::moves(&pos, "de")
        .with_commands(&hector::speech::commands::phrases("de"));
    l.set_grammar(grammar).unwrap();
    let said = support::speech("de-015.wav"); // "springer felix drei"
    // Where the speech of the recording ends (its last 20 ms louder than
    // -50 dBFS; the recording's own quiet tail is not speech).
    let spoken = said
        .chunks(320)
        .rposition(|f| hector::speech::audio::rms_dbfs(f) > -50.0)
        .map_or(said.len(), |i| (i + 1) * 320);
    let mut audio = support::quiet(1000, 1);
    let end = audio.len() + spoken;
    audio.extend(&said);
    audio.extend(support::quiet(1500, 2));
    // Decided only once the window closed (no lead), then as play does.
    for cfg in [
        VadConfig {
            lead_ms: 0,
            ..VadConfig::default()
        },
        VadConfig::default(),
    ] {
        let mut vad = Vad::new(cfg);
        let mut after = Vec::new();
        for settling in [true, false] {
            let h = hear(&mut l, &audio, end, &mut vad, settling, false).unwrap();
            let Ending::Whole { after_ms } = h.ending else {
                panic!("{:?}", h.ending)
            };
            let d = h.hyps.expect("decided").decision;
            match d {
                hector::speech::listener::Decision::Move(m) => assert_eq!(
                    shakmaty::uci::UciMove::from_move(m, shakmaty::CastlingMode::Standard)
                        .to_string(),
                    "d4f3"
                ),
                other => panic!("{other:?}"),
            }
            assert!(h.whole_phrase);
            after.push(after_ms);
        }
        // The first time his pace is unknown: the whole silence window, or
        // at most SURE_MS once the clear decision is known. Then his pauses
        // are known to be short: without the decision's lead, 80 ms sooner
        // at least; with it, no later (SURE_MS is the shortest whole-phrase
        // window already).
        let (first, sooner) = if cfg.lead_ms == 0 {
            (440.0..=540.0, 80.0)
        } else {
            (SURE_MS as f64 - 60.0..=SURE_MS as f64 + 40.0, 0.0)
        };
        assert!(
            first.contains(&after[0]) && after[1] + sooner <= after[0],
            "lead {} ms: ended {} ms after the end of speech, then {} ms",
            cfg.lead_ms,
            after[0],
            after[1]
        );
        println!(
            "lead {} ms: ended {:.0} ms, then {:.0} ms after the end of speech",
            cfg.lead_ms, after[0], after[1]
        );
    }
}

/// `hector-lab listen --bench --first-sound` prints what the player feels, and
/// refuses a window it cannot use with a sentence.
#[test]
fn the_first_sound_bench_reports_each_step() {
    if listener().is_none() {
        return;
    }
    // Four German moves of seed 5, with `extra` options.
    let bench = |extra: &[&str]| {
        let mut args = vec![
            "listen",
            "--bench",
            "--first-sound",
            "--speech",
            "none",
            "--seed",
            "5",
            "--locales",
            "de",
            "--count",
            "4",
        ];
        args.extend_from_slice(extra);
        let (code, out, err) = hector_lab(&args);
        assert_eq!(code, 0, "{out}{err}");
        out
    };
    let out = bench(&[]);
    for line in [
        "== first sound: 4 spoken moves (de), seed 5",
        "ended: whole ",
        "decided: right ",
        "end of utterance -> decided ms: p50 ",
        "end of speech -> decided ms: p50 ",
        "end of speech -> decided, read-backs ms: p50 ",
    ] {
        assert!(out.contains(line), "{line}: {out}");
    }
    // The decision is worked out while the silence window is still open
    // (once speech paused), unless told not to.
    let early = |out: &str| -> usize {
        let line = out
            .lines()
            .find(|l| l.starts_with("decided when speech paused: "))
            .unwrap_or_else(|| panic!("{out}"));
        line["decided when speech paused: ".len()..]
            .split(' ')
            .next()
            .and_then(|n| n.parse().ok())
            .unwrap_or_else(|| panic!("{line}"))
    };
    // Every one of the four moves ended after a pause.
    assert_eq!(early(&out), 4, "{out}");
    let late = bench(&["--lead-ms", "0"]);
    assert_eq!(early(&late), 0, "{late}");
    assert!(late.contains("decided after the window closes"), "{late}");
    let (code, _, err) = hector_lab(&["listen", "--bench", "--first-sound", "--whole-ms", "5"]);
    assert_eq!(code, 1);
    assert!(
        err.contains("--whole-ms must be ms between 20 and 3000"),
        "{err}"
    );
}
