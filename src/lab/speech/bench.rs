//! Measuring the listener on generated speech ([`super::generate`]): what
//! was decided for every sample, and the shares that matter to a player —
//! right, asked again, wrong move read back — split by voice, speed, noise
//! level and room. Used by `hector-lab listen --bench` and the voice tests.

use super::generate::{Said, Sample, render};
use super::listener::{Decision, Grammar, Hypotheses, Listener};
use super::recognizer::SpeechError;
use shakmaty::CastlingMode;
use shakmaty::uci::UciMove;
use std::collections::BTreeMap;
use std::time::Instant;

/// How one sample came out.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Outcome {
    /// The move (or command) said was decided: read back / carried out.
    Right,
    /// A numbered choice that holds the move said.
    Choice,
    /// The player is asked again (repeat, not understood, or a choice
    /// without the move said).
    Asked,
    /// A different move was read back.
    WrongMove,
    /// A command was taken from a move, or another command from a command.
    WrongCommand,
}

impl Outcome {
    pub fn name(self) -> &'static str {
        match self {
            Outcome::Right => "right",
            Outcome::Choice => "choice",
            Outcome::Asked => "asked again",
            Outcome::WrongMove => "wrong move",
            Outcome::WrongCommand => "wrong command",
        }
    }
}

/// One sample, decided.
#[derive(Debug, Clone)]
pub struct Trial {
    pub sample: Sample,
    pub heard: Hypotheses,
    pub outcome: Outcome,
    /// Start of decoding to decision (whole utterance), or end of audio to
    /// decision (streamed).
    pub latency_ms: f64,
    /// Audio length, ms.
    pub audio_ms: f64,
}

/// The grammar a sample is heard with while the player is to move: the
/// legal moves of its position and the command phrases (answer words join
/// only while a choice or a promotion question is open).
pub fn grammar_for(sample: &Sample, commands: &[(&'static str, String)]) -> Grammar {
    Grammar::moves(&sample.position(), &sample.locale).with_commands(commands)
}

/// Judges a decision against what was said.
pub fn judge(sample: &Sample, d: &Decision) -> Outcome {
    let uci = |m: &shakmaty::Move| UciMove::from_move(*m, CastlingMode::Standard).to_string();
    match (&sample.said, d) {
        (Said::Move { uci: u, .. }, Decision::Move(m)) if uci(m) == *u => Outcome::Right,
        (Said::Move { .. }, Decision::Move(_)) => Outcome::WrongMove,
        (Said::Move { uci: u, .. }, Decision::Choice(ms)) if ms.iter().any(|m| uci(m) == *u) => {
            Outcome::Choice
        }
        (Said::Move { .. }, Decision::Command(_)) => Outcome::WrongCommand,
        (Said::Command { name }, Decision::Command(c)) if c == name => Outcome::Right,
        (Said::Command { .. }, Decision::Command(_)) => Outcome::WrongCommand,
        (Said::Command { .. } | Said::Other, Decision::Move(_)) => Outcome::WrongMove,
        (Said::Other, Decision::Choice(_)) => Outcome::WrongMove,
        (Said::Other, Decision::Command(_)) => Outcome::WrongCommand,
        (Said::Other, Decision::None | Decision::Repeat) => Outcome::Right,
        _ => Outcome::Asked,
    }
}

/// Runs every sample through `listener`: synthesised in a second thread
/// while the previous one is decoded. `streamed` feeds 20 ms chunks as a
/// microphone does and times end of audio → decision (an utterance not
/// understood among a player's first ones is decoded again whole, as
/// `hector play` does); otherwise each
/// utterance is decoded whole. `progress` is called after every sample.
pub fn run(
    listener: &mut Listener,
    samples: &[Sample],
    commands: &[(&'static str, String)],
    streamed: bool,
    enrol: bool,
    mut progress: impl FnMut(&Trial),
) -> Result<Vec<Trial>, SpeechError> {
    let (tx, rx) = std::sync::mpsc::sync_channel::<Result<Vec<i16>, SpeechError>>(4);
    let owned: Vec<Sample> = samples.to_vec();
    let producer = std::thread::spawn(move || {
        for s in &owned {
            if tx.send(render(s)).is_err() {
                break;
            }
        }
    });
    let mut out = Vec::with_capacity(samples.len());
    // Utterances heard from the current speaker (a new voice, speed, pitch,
    // noise or room is a new player).
    let mut from_player = 0usize;
    let mut previous: Option<&Sample> = None;
    for s in samples {
        let same = previous.is_some_and(|p| p.same_speaker(s));
        from_player = if same { from_player + 1 } else { 0 };
        previous = Some(s);
        if enrol && from_player == 0 {
            enrol_speaker(listener, s)?;
        }
        let pcm = rx
            .recv()
            .map_err(|_| SpeechError::Audio("the speech generator stopped".into()))??;
        listener.set_grammar(grammar_for(s, commands))?;
        let (heard, latency_ms) = if streamed {
            listener.begin()?;
            for chunk in pcm.chunks(super::audio::RATE as usize / 50) {
                listener.feed(chunk)?;
            }
            let t = Instant::now();
            let settling = from_player < super::listener::SETTLING_UTTERANCES;
            let h = listener.finish_settling(&pcm, settling)?;
            (h, t.elapsed().as_secs_f64() * 1e3)
        } else {
            let t = Instant::now();
            let h = listener.recognize(&pcm)?;
            (h, t.elapsed().as_secs_f64() * 1e3)
        };
        let trial = Trial {
            outcome: judge(s, &heard.decision),
            sample: s.clone(),
            heard,
            latency_ms,
            audio_ms: pcm.len() as f64 * 1e3 / super::audio::RATE as f64,
        };
        if std::env::var_os("HECTOR_PS_DUMP").is_some() {
            // Marks the end of a sample among the decoder's raw scores.
            eprintln!("PSSAMPLE {} {} {}", s.id, s.form, trial.outcome.name());
        }
        progress(&trial);
        out.push(trial);
    }
    let _ = producer.join();
    Ok(out)
}

/// Adapts the listener's recogniser to the speaker of `s` as `hector enrol`
/// adapts it to a player: he reads the enrolment script once (in his voice,
/// speed, pitch, room and noise; other words than the moves he will say)
/// and the transform computed from it is loaded. Returns his recordings
/// (for the end-of-utterance detector to learn his pace from).
pub fn enrol_speaker(listener: &mut Listener, s: &Sample) -> Result<Vec<Vec<i16>>, SpeechError> {
    let mut utterances = Vec::new();
    for (i, line) in super::enrol::script(&s.locale).into_iter().enumerate() {
        let mut e = s.clone();
        // Its own noise (the noise seed follows the id).
        e.id = 1_000_000 + s.id * 100 + i;
        e.text = line.text;
        e.said = super::generate::Said::Other;
        e.form = "enrol";
        utterances.push((render(&e)?, line.words));
    }
    let out = std::env::temp_dir().join(format!("hector-bench-{}.mllr", std::process::id()));
    // For the model the listener decodes with (the shipped adaptation, or
    // the model given with --model).
    listener.recognizer().enrol(&utterances, &out)?;
    let r = listener.recognizer().adapt(&out);
    let _ = std::fs::remove_file(&out);
    r?;
    Ok(utterances.into_iter().map(|u| u.0).collect())
}

/// One sample as a JSON line: what was said, what was decided, the n-best.
pub fn trial_json(t: &Trial) -> String {
    let s = &t.sample;
    let nbest: Vec<serde_json::Value> = t
        .heard
        .nbest
        .iter()
        .map(|h| {
            let meanings: Vec<String> = h
                .meanings
                .iter()
                .map(|m| match m {
                    super::listener::Meaning::Move(mv) => {
                        format!("move:{}", mv.to_uci(CastlingMode::Standard))
                    }
                    super::listener::Meaning::Command(c) => format!("command:{c}"),
                    super::listener::Meaning::Number(n) => format!("number:{n}"),
                    super::listener::Meaning::Piece(r) => format!("piece:{}", r.char()),
                })
                .collect();
            serde_json::json!({"text": h.text, "posterior": h.posterior, "outcome": entry_outcome(s, h), "meanings": meanings})
        })
        .collect();
    serde_json::json!({
        "id": s.id, "locale": s.locale, "said": s.said, "text": s.text, "voice": s.voice,
        "speed": s.speed, "pitch": s.pitch, "noise": s.noise_dbfs, "room": s.room, "form": s.form,
        "decision": t.heard.decision.kind(), "confidence": t.heard.confidence,
        "outcome": t.outcome.name(), "latency_ms": t.latency_ms, "nbest": nbest,
        "top": t.heard.nbest.first().map(|h| entry_outcome(s, h)),
    })
    .to_string()
}

/// What taking one n-best entry as it stands would have been.
fn entry_outcome(s: &Sample, h: &super::listener::Scored) -> &'static str {
    judge(
        s,
        &match h.meanings.as_slice() {
            [super::listener::Meaning::Move(m)] => Decision::Move(*m),
            [super::listener::Meaning::Command(c)] => Decision::Command(c),
            _ => Decision::None,
        },
    )
    .name()
}

/// Counts of outcomes.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Tally {
    pub n: usize,
    pub by: BTreeMap<Outcome, usize>,
}

impl Tally {
    pub fn add(&mut self, o: Outcome) {
        self.n += 1;
        *self.by.entry(o).or_default() += 1;
    }
    pub fn count(&self, o: Outcome) -> usize {
        self.by.get(&o).copied().unwrap_or(0)
    }
    pub fn share(&self, o: Outcome) -> f64 {
        self.count(o) as f64 / self.n.max(1) as f64
    }
    /// "right 96.0 % · choice 1.0 % · asked 2.7 % · wrong 0.3 % (n 300)"
    pub fn line(&self) -> String {
        let pc = |o| 100.0 * self.share(o);
        format!(
            "right {:5.1} % | choice {:4.1} % | asked again {:4.1} % | wrong move {:4.1} % | wrong command {:4.1} % | n {}",
            pc(Outcome::Right),
            pc(Outcome::Choice),
            pc(Outcome::Asked),
            pc(Outcome::WrongMove),
            pc(Outcome::WrongCommand),
            self.n
        )
    }
}

/// Tallies `trials` by a key.
pub fn split(trials: &[Trial], key: impl Fn(&Trial) -> String) -> BTreeMap<String, Tally> {
    let mut m: BTreeMap<String, Tally> = BTreeMap::new();
    for t in trials {
        m.entry(key(t)).or_default().add(t.outcome);
    }
    m
}

/// A way to group trials in the report.
type Key = Box<dyn Fn(&Trial) -> String>;

/// The whole report: overall, then by voice, speed, noise, room and form.
pub fn report(trials: &[Trial]) -> String {
    let mut s = String::new();
    let all = split(trials, |_| "all".into());
    for (k, t) in &all {
        s.push_str(&format!("{k:>14}  {}\n", t.line()));
    }
    let sections: [(&str, Key); 6] = [
        ("said", Box::new(|t: &Trial| t.sample.form.to_string())),
        (
            "voice",
            Box::new(|t: &Trial| {
                t.sample
                    .voice
                    .split_once('+')
                    .map(|x| x.1.to_string())
                    .unwrap_or_else(|| "default".into())
            }),
        ),
        (
            "speed",
            Box::new(|t: &Trial| format!("{} wpm", t.sample.speed)),
        ),
        (
            "noise",
            Box::new(|t: &Trial| format!("{} dBFS", t.sample.noise_dbfs)),
        ),
        (
            "room",
            Box::new(|t: &Trial| format!("{:?}", t.sample.room).to_lowercase()),
        ),
        (
            "pitch",
            Box::new(|t: &Trial| format!("pitch {}", t.sample.pitch / 10 * 10)),
        ),
    ];
    for (name, key) in sections {
        s.push_str(&format!("by {name}:\n"));
        for (k, t) in split(trials, key) {
            s.push_str(&format!("{k:>14}  {}\n", t.line()));
        }
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lab::speech::generate::{Room, Sample};

    fn sample(said: Said) -> Sample {
        Sample {
            id: 0,
            locale: "de".into(),
            fen: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1".into(),
            said,
            text: String::new(),
            form: "short",
            voice: "de".into(),
            speed: 160,
            pitch: 50,
            noise_dbfs: -50,
            room: Room::Dry,
            noise: crate::lab::speech::generate::Noise::White,
            snr_db: None,
        }
    }

    #[test]
    fn outcomes_are_judged_by_what_was_said() {
        let pos = shakmaty::Chess::default();
        let e4 = "e2e4".parse::<UciMove>().unwrap().to_move(&pos).unwrap();
        let d4 = "d2d4".parse::<UciMove>().unwrap().to_move(&pos).unwrap();
        let mv = sample(Said::Move {
            uci: "e2e4".into(),
            san: "e4".into(),
        });
        assert_eq!(judge(&mv, &Decision::Move(e4)), Outcome::Right);
        assert_eq!(judge(&mv, &Decision::Move(d4)), Outcome::WrongMove);
        assert_eq!(judge(&mv, &Decision::Choice(vec![d4, e4])), Outcome::Choice);
        assert_eq!(judge(&mv, &Decision::Choice(vec![d4])), Outcome::Asked);
        assert_eq!(judge(&mv, &Decision::Repeat), Outcome::Asked);
        assert_eq!(
            judge(&mv, &Decision::Command("time")),
            Outcome::WrongCommand
        );
        let other = sample(Said::Other);
        assert_eq!(judge(&other, &Decision::None), Outcome::Right);
        assert_eq!(judge(&other, &Decision::Move(e4)), Outcome::WrongMove);
        let cmd = sample(Said::Command {
            name: "time".into(),
        });
        assert_eq!(judge(&cmd, &Decision::Command("time")), Outcome::Right);
        assert_eq!(
            judge(&cmd, &Decision::Command("resign")),
            Outcome::WrongCommand
        );
        assert_eq!(judge(&cmd, &Decision::None), Outcome::Asked);
    }
}
