//! `hector play --voice`: the blind player plays by microphone and earphone
//! with the read-back protocol (FIDE Laws 2023, D.2.1–D.2.8); the other side
//! types at the terminal as in `hector play`.
//!
//! On the blind player's turn an utterance from the microphone is heard with
//! a grammar of the legal-move phrases and the answer words, read back, and
//! only a confirmed move (a yes-word, or typing `yes`) is played, announced
//! and hands the turn over. Everything hector says is printed too.

use super::args::Args;
use super::core::{game_from_args, locale_from_args, say_options};
use super::play::PlaySession;
use crate::speech::readback::{Event, ReadBack};
use crate::speech::speaker::{Speaker, TextSpeaker, Voice};
use crate::speech::vad::{Vad, VadConfig, VadEvent};
use crate::speech::wording::Wording;
use crate::speech::{moves, settle};
use shakmaty::{CastlingMode, Color, Position};
use std::io::Write;
use std::sync::mpsc;
use std::time::Duration;

const VALUED: &[&str] = &[
    "locale",
    "fen",
    "moves",
    "form",
    "engine",
    "model",
    "speech",
    "side",
    "threshold",
];
const SWITCHES: &[&str] = &[
    "voice",
    "barge-in",
    "pawn-word",
    "no-capture-word",
    "no-check-word",
];

/// Whether `--voice` is among the arguments.
pub fn wants_voice(args: &[String]) -> bool {
    args.iter().any(|a| a == "--voice")
}

/// Where hector's sentences go: the earphone (speech-dispatcher) and the screen.
struct Out {
    speaker: Box<dyn Speaker>,
    audible: bool,
    /// `--barge-in`: the microphone stays open while hector speaks and the
    /// player starting to speak stops the speech (for an earphone, where
    /// hector cannot hear itself).
    barge_in: bool,
    /// Utterances completed while hector was speaking (barge-in).
    heard: Vec<Vec<i16>>,
}

impl Out {
    /// Prints and says `lines`. While hector speaks aloud the microphone is
    /// muted (unless `--barge-in`: then the player starting to speak stops
    /// the speech); a line typed meanwhile (a key) interrupts the speech and
    /// is returned to be handled next.
    fn say(
        &mut self,
        lines: &[String],
        mic: &crate::speech::mic::Microphone,
        keys: &mpsc::Receiver<String>,
        vad: &mut Vad,
    ) -> Option<String> {
        let mut stdout = std::io::stdout().lock();
        for l in lines {
            let _ = writeln!(stdout, "{l}");
        }
        let _ = stdout.flush();
        if lines.is_empty() {
            return None;
        }
        let mute = self.audible && !self.barge_in;
        if mute {
            mic.set_muted(true);
        }
        if let Err(e) = self.speaker.speak(&lines.join(" ")) {
            eprintln!("{e}");
        }
        let mut typed = None;
        if self.audible {
            // At most 30 s: a sentence never holds up the game for longer.
            for _ in 0..600 {
                if self.speaker.wait_done(Duration::from_millis(50)) {
                    break;
                }
                if let Ok(line) = keys.try_recv() {
                    self.speaker.stop().ok();
                    typed = Some(line);
                    break;
                }
                if self.barge_in {
                    let mut started = false;
                    while let Some(chunk) = mic.recv(Duration::ZERO) {
                        for ev in vad.push(&chunk) {
                            match ev {
                                VadEvent::Started => started = true,
                                VadEvent::Utterance(u) => self.heard.push(u),
                            }
                        }
                    }
                    if started {
                        self.speaker.stop().ok();
                        break;
                    }
                }
            }
            if mute {
                mic.set_muted(false);
            }
        }
        typed
    }
}

fn speaker(kind: &str, locale: &str) -> Result<Out, String> {
    match kind {
        "text" => Ok(Out {
            speaker: Box::new(TextSpeaker {
                out: std::io::sink(),
            }),
            audible: false,
            barge_in: false,
            heard: Vec::new(),
        }),
        #[cfg(feature = "tts")]
        "dispatcher" => {
            let d = crate::speech::dispatcher::Dispatcher::new(&Voice::for_locale(locale))
                .map_err(|e| e.to_string())?;
            Ok(Out {
                speaker: Box::new(d),
                audible: true,
                barge_in: false,
                heard: Vec::new(),
            })
        }
        other => {
            let _ = Voice::for_locale(locale);
            Err(format!(
                "Unknown --speech '{other}': say text or dispatcher (with the tts feature)."
            ))
        }
    }
}

/// `hector play --voice [--side white|black] [--speech dispatcher|text] [--barge-in]
/// [--engine E] [--model M] [--threshold DBFS] [--locale L] [--fen F] [--moves M]`
pub fn run(raw: &[String]) -> i32 {
    match play(raw) {
        Ok(()) => 0,
        Err(e) => {
            eprintln!("{e}");
            1
        }
    }
}

fn play(raw: &[String]) -> Result<(), String> {
    let args = Args::parse(raw, VALUED, SWITCHES)?;
    let loc = locale_from_args(&args)?;
    let code = loc.code().to_string();
    let wording = Wording::get(&code).map_err(|e| e.to_string())?;
    let blind = match args.get("side").unwrap_or("white") {
        "white" => Color::White,
        "black" => Color::Black,
        other => return Err(format!("--side must be white or black, not '{other}'.")),
    };
    let default_speech = if cfg!(feature = "tts") {
        "dispatcher"
    } else {
        "text"
    };
    let mut out = speaker(args.get("speech").unwrap_or(default_speech), &code)?;
    out.barge_in = args.has("barge-in");
    let mut session = PlaySession::new(game_from_args(&args)?, loc, say_options(&args)?);
    let mut rec = super::listen::engine_from_args(&args)?;
    let cfg = VadConfig::with_threshold(args.get("threshold"))?;
    let mic = crate::speech::mic::Microphone::open().map_err(|e| e.to_string())?;
    let mut vad = Vad::new(cfg);
    let keys = crate::console::stdin_lines();
    let mut rb = ReadBack::new();
    let mut grammar_for: Option<usize> = None;
    let mut phrases = Vec::new();
    let mut typed = out.say(&[session.prompt()], &mic, &keys, &mut vad);
    while !session.quit && !session.game.is_over() {
        let pos = session.game.position().clone();
        let blind_turn = pos.turn() == blind;
        // Typed lines: the sighted side's moves and commands; on the blind
        // player's turn also the confirm key (`yes`) and `no`.
        let next = match typed.take() {
            Some(line) => Ok(line),
            None => keys.try_recv(),
        };
        match next {
            Ok(line) => {
                let ev = if blind_turn {
                    wording.answer(&line)
                } else {
                    None
                };
                match ev {
                    Some(ev) => {
                        let step = rb.handle(ev);
                        let lines = render(&mut rb, &step, &pos, wording, &mut session);
                        typed = out.say(&lines, &mic, &keys, &mut vad);
                    }
                    None => {
                        let lines = session.handle(&line);
                        typed = out.say(&lines, &mic, &keys, &mut vad);
                    }
                }
                continue;
            }
            Err(mpsc::TryRecvError::Disconnected) if !blind_turn => break,
            Err(_) => {}
        }
        let chunk = if out.heard.is_empty() {
            let Some(chunk) = mic.recv(Duration::from_millis(50)) else {
                continue;
            };
            chunk
        } else {
            Vec::new()
        };
        if !blind_turn {
            vad.reset();
            out.heard.clear();
            continue;
        }
        // The grammar follows the position: switched at every move.
        let ply = session.game.moves().len();
        if grammar_for != Some(ply) {
            phrases = moves::legal_phrases(&pos, &code);
            let mut texts: Vec<String> = phrases.iter().map(|(_, p)| p.clone()).collect();
            texts.extend(wording.answer_words());
            rec.set_phrases(&texts).map_err(|e| e.to_string())?;
            grammar_for = Some(ply);
        }
        let mut utterances: Vec<Vec<i16>> = std::mem::take(&mut out.heard);
        for ev in vad.push(&chunk) {
            if let VadEvent::Utterance(u) = ev {
                utterances.push(u);
            }
        }
        for u in utterances {
            let hyps = rec.recognize(&u).map_err(|e| e.to_string())?;
            let event = match hyps.first().and_then(|h| wording.answer(&h.text)) {
                Some(answer) => answer,
                None => Event::Heard(settle::settle_in(&hyps, &phrases, &pos, &code)),
            };
            let step = rb.handle(event);
            let lines = render(&mut rb, &step, &pos, wording, &mut session);
            typed = out.say(&lines, &mic, &keys, &mut vad);
            if session.game.moves().len() != ply {
                // The move is made: anything else said belonged to this turn.
                out.heard.clear();
                vad.reset();
                break;
            }
        }
    }
    Ok(())
}

/// The sentences for one protocol step; a confirmed move is played in the
/// session (which announces it and hands the turn, and the clock, over).
fn render(
    rb: &mut ReadBack,
    step: &crate::speech::readback::Step,
    pos: &shakmaty::Chess,
    wording: &Wording,
    session: &mut PlaySession,
) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    for p in &step.prompts {
        if let crate::speech::readback::Prompt::Announce(m) = p {
            if step.clock_may_switch {
                let uci = m.to_uci(CastlingMode::Standard).to_string();
                lines.extend(session.handle(&uci));
                rb.next_turn();
            }
        } else {
            lines.push(wording.render(p, pos));
        }
    }
    lines
}
