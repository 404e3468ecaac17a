//! The blind player's voice in `hector play`: the microphone (on its own
//! thread, with end-of-utterance detection) and the earphone. An utterance
//! is recognised with a grammar of the legal moves (on his turn), the
//! command phrases and the answer words, and goes to the session from his
//! seat; everything addressed to him is spoken (and printed). The
//! microphone is muted while hector speaks, unless `--barge-in`.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc::{self, Sender};
use std::time::{Duration, Instant};

use super::{CommandText, Front, Input};
use crate::locale::session::command_phrases;
use crate::session::DrawAct;
use crate::session::{Device, DeviceNote, Event, Seat, Session};
use crate::speech::grammar::WholePhrases;
use crate::speech::listener::Grammar;
use crate::speech::mic::Microphone;
use crate::speech::recognizer::{SpeechError, finish_unless};
use crate::speech::speaker::{Speaker, TextSpeaker, Voice};
use crate::speech::utterance::{Act, Said, Utterances, play_grammar};
use crate::speech::vad::{Vad, VadConfig, VadEvent};
use crate::speech::wording::Wording;
use crate::speech::{Recognizer, engine, moves};

pub(super) struct VoiceOptions {
    pub speech: Option<String>,
    pub engine: Option<String>,
    pub model: Option<String>,
    /// The player's transform from `hector enrol`.
    pub adaptation: Option<String>,
    pub threshold: Option<String>,
    pub barge_in: bool,
}

pub(super) struct VoiceFront {
    seat: Seat,
    /// To the loop: the voice front's own sentences for the seat's other
    /// front ends.
    prompts: Sender<Input>,
    code: String,
    rec: Box<dyn Recognizer>,
    speaker: Box<dyn Speaker>,
    audible: bool,
    barge_in: bool,
    muted: Arc<AtomicBool>,
    speaking: bool,
    /// The grammar is for this (ply, to move) — switched at every move.
    grammar_for: Option<(usize, bool)>,
    phrases: Vec<(shakmaty::Move, String)>,
    /// What each phrase of the grammar means: the utterance is decided
    /// from it as `hector listen` decides (the measured rule).
    meanings: Grammar,
    wording: &'static Wording,
    told_no_commands: bool,
    /// The utterance being decoded while he speaks: samples fed so far
    /// and the grammar it is heard with.
    streaming: Option<(usize, Option<(usize, bool)>)>,
    /// Utterances heard so far (the first ones are decoded again whole
    /// when not understood, see `SETTLING_UTTERANCES`).
    heard: usize,
    /// The phrases of the grammar that are whole once said.
    whole_phrases: WholePhrases,
    /// Shared with the microphone thread: the number of the utterance
    /// (counted from 1 by both sides, one `SpeechStart` each) whose words so
    /// far are a whole phrase, so that a shorter silence ends it; 0 for none.
    whole: Arc<AtomicUsize>,
    /// Shared with the microphone thread: the number of the pause (counted
    /// by it, see `Input::SpeechPaused`) whose early decision is clear, so
    /// that a slow speaker's whole phrase need not wait for his longest
    /// pause; 0 for none.
    sure: Arc<AtomicUsize>,
    /// Set by the microphone thread: the number of the last pause after
    /// which speech resumed. The decision worked out at that pause is
    /// given up at once (a slow engine's work is not waited for while he
    /// goes on speaking).
    resumed: Arc<AtomicUsize>,
    /// The number of the utterance under way.
    utterance: usize,
    /// What was decided when speech paused (the recogniser's utterance was
    /// ended there: it most likely ends with the silence after it).
    /// (With the samples of the utterance heard by then.)
    early: Option<(Vec<crate::speech::recognizer::Hypothesis>, usize)>,
    /// The audio of the utterance under way, decoded again from its start
    /// when speech resumes after the early decision.
    audio: Vec<i16>,
    /// His utterances so far: a resignation heard is asked back and said
    /// to the game only when he answers yes (a misheard word must never
    /// end the game; the Braille keyboard asks back too).
    utterances: Utterances,
}

fn speaker(kind: &str, locale: &str) -> Result<(Box<dyn Speaker>, bool), String> {
    match kind {
        "text" => Ok((
            Box::new(TextSpeaker {
                out: std::io::sink(),
            }),
            false,
        )),
        #[cfg(feature = "tts")]
        "dispatcher" => Ok((
            Box::new(
                crate::speech::dispatcher::Dispatcher::new(&Voice::for_locale(locale))
                    .map_err(|e| e.to_string())?,
            ),
            true,
        )),
        other => {
            let _ = Voice::for_locale(locale);
            Err(format!(
                "Unknown --speech '{other}': say text or dispatcher (with the tts feature)."
            ))
        }
    }
}

impl VoiceFront {
    /// A sentence of the voice front's own (not the game's, which every
    /// front shows): spoken, or with `--speech text` printed where the
    /// game's lines are; his other front ends (his Braille display) show it
    /// too.
    fn tell(&mut self, text: &str) {
        let _ = self.prompts.send(Input::Prompt {
            seat: self.seat,
            text: text.to_string(),
        });
        if self.audible {
            self.say(text);
        } else {
            println!("{text}");
        }
    }

    /// Says `text` to the player (the microphone muted meanwhile unless he
    /// may barge in).
    fn say(&mut self, text: &str) {
        if self.audible && !self.barge_in {
            self.muted.store(true, Ordering::Relaxed);
        }
        if let Err(e) = self.speaker.speak(text) {
            eprintln!("{e}");
        }
        self.speaking = self.audible;
        if self.audible {
            // A sentence never holds up the game long: at most 10 s here,
            // the rest is cut off.
            for _ in 0..200 {
                if self.speaker.wait_done(Duration::from_millis(50)) {
                    break;
                }
            }
        }
        self.done_speaking();
        if !self.audible {
            self.muted.store(false, Ordering::Relaxed);
        }
    }

    pub(super) fn open(
        seat: Seat,
        session: &Session,
        opts: VoiceOptions,
        tx: Sender<Input>,
    ) -> Result<VoiceFront, String> {
        // The seat's own language (`--seat-locale`), or the game's: he is
        // heard and spoken to in it.
        let cfg = session.config();
        let code = cfg
            .seat_locales
            .get(seat.name())
            .unwrap_or(&cfg.locale)
            .clone();
        let default_speech = if cfg!(feature = "tts") {
            "dispatcher"
        } else {
            "text"
        };
        let (speaker, audible) = speaker(opts.speech.as_deref().unwrap_or(default_speech), &code)?;
        let (mut rec, fallback) = engine::open_chosen(
            opts.engine.as_deref(),
            opts.model.as_deref().map(std::path::Path::new),
        )
        .map_err(|e| e.to_string())?;
        rec.set_language(&code);
        if let Some(a) = &opts.adaptation {
            rec.adapt(std::path::Path::new(a))
                .map_err(|e| e.to_string())?;
        }
        // His pace from the same enrolment: even his first utterance can
        // end sooner on a whole phrase.
        let pace = opts
            .adaptation
            .as_deref()
            .and_then(|a| crate::speech::enrol::pace(std::path::Path::new(a)));
        let cfg = VadConfig::with_threshold(opts.threshold.as_deref())?;
        let (ready_tx, ready_rx) = mpsc::channel::<Result<Arc<AtomicBool>, String>>();
        let whole = Arc::new(AtomicUsize::new(0));
        let heard_whole = whole.clone();
        let sure = Arc::new(AtomicUsize::new(0));
        let decided_sure = sure.clone();
        let resumed = Arc::new(AtomicUsize::new(0));
        let resumed_at = resumed.clone();
        let trace = std::env::var_os("HECTOR_VOICE_TRACE").is_some();
        let prompts = tx.clone();
        std::thread::spawn(move || {
            let muted = Arc::new(AtomicBool::new(false));
            let (mic, absent) = match Microphone::open_muted(muted.clone()) {
                Ok(m) => {
                    let _ = ready_tx.send(Ok(muted));
                    (m, false)
                }
                // No microphone at the start: the game goes on by the other
                // front ends; the player, the assistant and the arbiter are
                // told once, and it is opened again every second.
                Err(e) => {
                    let _ = ready_tx.send(Ok(muted.clone()));
                    let note = Input::Device(DeviceNote {
                        device: Device::Microphone,
                        seat,
                        reachable: false,
                        why: Some(e.to_string()),
                    });
                    if tx.send(note).is_err() {
                        return;
                    }
                    loop {
                        std::thread::sleep(MIC_RETRY);
                        if let Ok(m) = Microphone::open_muted(muted.clone()) {
                            break (m, true);
                        }
                    }
                }
            };
            let mut mic = mic;
            // Back is told when it delivers.
            let mut watch = MicWatch {
                gone: absent,
                ..MicWatch::new(&mic)
            };
            let mut vad = Vad::new(cfg);
            if let Some(p) = pace {
                vad.know_pace(p);
            }
            // Samples of the utterance under way already sent.
            let mut sent: Option<usize> = None;
            let mut utterance = 0usize;
            // Pauses told so far (the front end answers with the number of
            // the one whose decision was clear).
            let mut pauses = 0usize;
            loop {
                let chunk = mic.recv(Duration::from_millis(50));
                // A microphone that stops delivering is told to the player,
                // the assistant and the arbiter; one the system reported
                // failing is opened again until it is back.
                if let Some((reachable, why)) = watch.look(&mic) {
                    let note = Input::Device(DeviceNote {
                        device: Device::Microphone,
                        seat,
                        reachable,
                        why,
                    });
                    if tx.send(note).is_err() {
                        return;
                    }
                }
                if watch.reopen_due(&mic)
                    && let Ok(m) = Microphone::open_muted(mic.mute_handle())
                {
                    mic = m;
                    // Back is told when it delivers again.
                    watch = MicWatch {
                        gone: true,
                        tried: watch.tried,
                        ..MicWatch::new(&mic)
                    };
                }
                let Some(chunk) = chunk else {
                    continue;
                };
                let whole = utterance > 0 && heard_whole.load(Ordering::Relaxed) == utterance;
                vad.set_whole_phrase(whole);
                vad.set_sure(pauses > 0 && decided_sure.load(Ordering::Relaxed) == pauses);
                let window = vad.whole_window_ms();
                for ev in vad.push(&chunk) {
                    match ev {
                        VadEvent::Started => {
                            utterance += 1;
                            sent = Some(0);
                        }
                        VadEvent::Paused { at } => {
                            // The audio up to the pause first: the decision
                            // is on what was said before it.
                            if let Some(audio) = audio_to(vad.buffered(), sent, at) {
                                sent = Some(at);
                                if tx.send(audio).is_err() {
                                    return;
                                }
                            }
                            pauses += 1;
                            if tx.send(Input::SpeechPaused(pauses)).is_err() {
                                return;
                            }
                        }
                        VadEvent::Resumed => {
                            resumed_at.store(pauses, Ordering::Relaxed);
                            if tx.send(Input::SpeechResumed).is_err() {
                                return;
                            }
                        }
                        VadEvent::Utterance(u) => {
                            sent = None;
                            if trace && whole && window < cfg.hangover_ms {
                                eprintln!(
                                    "voice: a whole phrase was heard, the utterance ended after {} ms of silence",
                                    window
                                );
                            }
                            if tx.send(Input::Utterance(u)).is_err() {
                                return;
                            }
                        }
                    }
                }
                // While he speaks, the recogniser hears along: at the end
                // of the utterance only its last moments are left to decode.
                let so_far = vad.buffered();
                if let Some(audio) = audio_to(so_far, sent, so_far.len()) {
                    sent = Some(so_far.len());
                    if tx.send(audio).is_err() {
                        return;
                    }
                }
            }
        });
        let muted = match ready_rx.recv() {
            Ok(r) => r?,
            Err(_) => return Err("The microphone could not be opened.".into()),
        };
        let mut front = VoiceFront {
            seat,
            prompts,
            wording: Wording::get(&code).map_err(|e| e.to_string())?,
            code,
            rec,
            speaker,
            audible,
            barge_in: opts.barge_in,
            muted,
            speaking: false,
            grammar_for: None,
            phrases: Vec::new(),
            meanings: Grammar::default(),
            told_no_commands: false,
            streaming: None,
            heard: 0,
            whole_phrases: WholePhrases::default(),
            whole,
            sure,
            resumed,
            utterance: 0,
            early: None,
            audio: Vec::new(),
            utterances: Utterances::default(),
        };
        // Without the Whisper model he is told, once, that PocketSphinx
        // alone hears and what to run.
        if let Some(f) = fallback {
            let text = f.sentence(&front.code);
            front.tell(&text);
        }
        Ok(front)
    }

    /// The grammar follows the position: legal moves on his turn, the
    /// command phrases and the answer words always.
    fn grammar_key(&self, session: &Session) -> (usize, bool) {
        let game = session.game();
        let my_turn = self.seat.color() == Some(game.turn()) || self.seat == Seat::Assistant;
        (game.moves().len(), my_turn)
    }

    fn grammar(&mut self, session: &Session) -> Result<(), String> {
        let game = session.game();
        let key = self.grammar_key(session);
        let my_turn = key.1;
        if self.grammar_for == Some(key) {
            return Ok(());
        }
        self.phrases = if my_turn && !game.is_over() {
            moves::legal_phrases(game.position(), &self.code)
        } else {
            Vec::new()
        };
        // Each phrase with what it means: the recogniser's phrases, the
        // whole phrases (a check word after a move means the same move) and
        // the decision all read this one grammar.
        let commands = command_phrases(&self.code).map_err(|e| e.to_string())?;
        let grammar = play_grammar(&self.phrases, &commands, self.wording, &self.code);
        self.whole_phrases = WholePhrases::with_meanings(&grammar.phrases);
        if let Err(e) = self.rec.set_phrases(&grammar.texts()) {
            // A recogniser that cannot hear some command words still hears
            // the moves and the answers; say so once.
            if !self.told_no_commands {
                self.told_no_commands = true;
                eprintln!("{e}");
            }
            let heard = play_grammar(&self.phrases, &[], self.wording, &self.code);
            self.whole_phrases = WholePhrases::with_meanings(&heard.phrases);
            self.rec
                .set_phrases(&heard.texts())
                .map_err(|e| e.to_string())?;
        }
        self.rec.set_meanings(&grammar);
        if std::env::var_os("HECTOR_VOICE_TRACE").is_some() {
            eprintln!("voice: listening for {} phrases", grammar.phrases.len());
        }
        self.meanings = grammar;
        self.grammar_for = Some(key);
        Ok(())
    }

    /// Tells the microphone whether the words heard so far are a whole
    /// phrase (then a shorter silence ends the utterance).
    fn tell_whole(&mut self) {
        if self.early.is_some() {
            // Decided when speech paused: what was heard stands.
            return;
        }
        let whole = self.streaming.is_some() && self.whole_phrases.heard(self.rec.as_mut());
        self.whole
            .store(if whole { self.utterance } else { 0 }, Ordering::Relaxed);
    }

    fn done_speaking(&mut self) {
        if self.speaking && self.speaker.wait_done(Duration::ZERO) {
            self.speaking = false;
            self.muted.store(false, Ordering::Relaxed);
        }
    }
}

impl Front for VoiceFront {
    fn seat(&self) -> Seat {
        self.seat
    }

    fn wants(&self, input: &Input) -> bool {
        matches!(
            input,
            Input::Utterance(_)
                | Input::SpeechStart(_)
                | Input::SpeechMore(_)
                | Input::SpeechPaused(_)
                | Input::SpeechResumed
        )
    }

    fn echoed(&self) -> bool {
        true
    }

    fn show(&mut self, session: &Session, lines: &[(Event, String)]) {
        let text: Vec<&str> = lines
            .iter()
            .map(|(_, t)| t.as_str())
            .filter(|t| !t.is_empty())
            .collect();
        if !text.is_empty() {
            self.say(&text.join(" "));
        }
        // The new position's phrases are set (and their scores on silence
        // taken) now, while he listens, not when he starts to speak.
        if let Err(e) = self.grammar(session) {
            eprintln!("{e}");
        }
    }

    fn input(&mut self, session: &Session, input: Input) -> Vec<(Seat, CommandText)> {
        self.done_speaking();
        let u = match input {
            Input::SpeechStart(audio) => {
                self.streaming = None;
                self.early = None;
                self.audio.clone_from(&audio);
                self.utterance += 1;
                if let Err(e) = self.grammar(session) {
                    eprintln!("{e}");
                    return Vec::new();
                }
                if self.rec.begin_with(&audio).is_ok() {
                    self.streaming = Some((audio.len(), self.grammar_for));
                }
                self.tell_whole();
                return Vec::new();
            }
            Input::SpeechMore(audio) => {
                self.audio.extend_from_slice(&audio);
                if let Some((fed, _)) = &mut self.streaming {
                    *fed += audio.len();
                    if self.early.is_none() && self.rec.feed(&audio).is_err() {
                        self.streaming = None;
                    }
                }
                self.tell_whole();
                return Vec::new();
            }
            Input::SpeechPaused(pause) => {
                // Decided now, while the detector waits for the silence to
                // end the utterance: ready when it does.
                let key = self.grammar_key(session);
                if let Some((_, Some(k))) = self.streaming
                    && k == key
                    && self.early.is_none()
                {
                    let at = self.audio.len();
                    // Given up as soon as he speaks on.
                    let resumed = self.resumed.clone();
                    let stop = Arc::new(move || resumed.load(Ordering::Relaxed) == pause);
                    match finish_unless(self.rec.as_mut(), stop) {
                        Ok(h) => {
                            if self.clear(&h) {
                                self.sure.store(pause, Ordering::Relaxed);
                            }
                            self.early = Some((h, at));
                        }
                        // He spoke on: heard again from the start, as
                        // when speech resumes after a decision.
                        Err(SpeechError::Interrupted) => self.restart(),
                        Err(_) => self.streaming = None,
                    }
                }
                return Vec::new();
            }
            Input::SpeechResumed => {
                // He goes on: the utterance is decoded again from its start.
                if self.early.take().is_some() && self.streaming.is_some() {
                    self.restart();
                }
                return Vec::new();
            }
            Input::Utterance(u) => u,
            _ => return Vec::new(),
        };
        // Decoded while he spoke: only the end is left. The whole utterance
        // is decoded again when the position changed meanwhile, when what
        // was decided as he paused was not understood, or when one
        // of his first utterances was not understood streamed (the
        // utterance's own cepstral mean hears a first, isolated phrase
        // better; the live mean settles over those).
        let t0 = std::time::Instant::now();
        let trace = std::env::var_os("HECTOR_VOICE_TRACE").is_some();
        let settling = self.heard < crate::speech::listener::SETTLING_UTTERANCES;
        self.heard += 1;
        let early = self.early.take();
        self.audio.clear();
        if let Some((fed, key)) = self.streaming.take() {
            let same = key == Some(self.grammar_key(session)) && fed <= u.len();
            let early_at = early.as_ref().map(|e| e.1);
            let streamed = match early {
                // Decided when speech paused, the silence since unheard.
                Some((h, _)) if same => Ok(h),
                _ if same => self.rec.feed(&u[fed..]).and_then(|_| self.rec.finish()),
                _ => self.rec.finish(),
            };
            if let (true, Ok(hyps)) = (same, streamed) {
                // Not understood when he paused (or one of his first
                // utterances): the whole utterance, its end and its
                // silence included, is heard again (Whisper hears a short
                // word such as "ja" surer with the silence after it)
                // before he is asked to say it again.
                let (out, understood) = self.decide(session, &hyps);
                if !crate::speech::listener::hear_again(understood, early_at.is_some(), settling) {
                    if trace {
                        match early_at {
                            Some(at) => eprintln!(
                                "voice: decoded while spoken and decided when speech paused, {} ms before the end of the utterance ({} ms)",
                                ms(u.len().saturating_sub(at)),
                                ms(u.len())
                            ),
                            None => eprintln!(
                                "voice: decoded while spoken, {} of {} ms left at the end, decided in {:.1} ms",
                                ms(u.len() - fed),
                                ms(u.len()),
                                t0.elapsed().as_secs_f64() * 1e3
                            ),
                        }
                    }
                    return out;
                }
            }
        }
        // The recogniser failing on an utterance is logged, and the player
        // is asked to say it again (as for anything not understood): he
        // must never be left waiting in silence for an answer.
        let seat = self.seat;
        let not_understood = || vec![(seat, CommandText::Text(String::new()))];
        if let Err(e) = self.grammar(session) {
            eprintln!("{e}");
            return not_understood();
        }
        let hyps = match self.rec.recognize(&u) {
            Ok(h) => h,
            Err(e) => {
                eprintln!("{e}");
                return not_understood();
            }
        };
        if trace {
            eprintln!(
                "voice: decoded whole, {} ms, decided in {:.1} ms",
                ms(u.len()),
                t0.elapsed().as_secs_f64() * 1e3
            );
        }
        self.decide(session, &hyps).0
    }
}

impl VoiceFront {
    /// The utterance under way decoded again from its start (the player
    /// spoke on after a pause); an engine that fails stops streaming, and
    /// the utterance is then heard whole when it ends.
    fn restart(&mut self) {
        if self.rec.begin_with(&self.audio).is_err() {
            self.streaming = None;
        }
    }

    /// Whether `hyps` are clear: a move, command or answer well above its
    /// rivals (not a choice, not asked again).
    fn clear(&self, hyps: &[crate::speech::recognizer::Hypothesis]) -> bool {
        self.decided(hyps).decision.is_clear()
    }

    /// The decision on `hyps`, by the rule `hector-lab listen --bench` measures
    /// ([`crate::speech::listener::decide`]): speech the "anything else"
    /// path explains better than any phrase is not understood, never a
    /// move or a command; a move or command too unsure is asked again.
    fn decided(
        &self,
        hyps: &[crate::speech::recognizer::Hypothesis],
    ) -> crate::speech::listener::Hypotheses {
        crate::speech::listener::decide(hyps, &self.meanings, &self.rec.thresholds())
    }

    /// What the player's seat says, from the recogniser's hypotheses, and
    /// whether it was understood at all.
    fn decide(
        &mut self,
        session: &Session,
        hyps: &[crate::speech::recognizer::Hypothesis],
    ) -> (Vec<(Seat, CommandText)>, bool) {
        let h = self.decided(hyps);
        if std::env::var_os("HECTOR_VOICE_TRACE").is_some() {
            let heard: Vec<(&str, f32)> = h
                .nbest
                .iter()
                .map(|s| (s.text.as_str(), s.posterior))
                .collect();
            eprintln!(
                "voice: {} ({:.3}) from {heard:?}",
                h.decision.kind(),
                h.confidence
            );
        }
        let seat = self.seat;
        let reply = self
            .utterances
            .said(&h, |words| session.draw_act_of(seat, words));
        let say = &self.wording.say;
        if let Some(act) = reply.kept {
            let told = match act {
                Act::Resign => say.resign_kept.clone(),
                Act::Draw(DrawAct::Offer) => say.draw_offer_kept.clone(),
                Act::Draw(_) => say.draw_kept.clone(),
            };
            self.tell(&told);
        }
        let mode = session.game().castling_mode();
        let out = match reply.said {
            Said::Moves(ms, confidence) => CommandText::Heard(
                ms.iter().map(|m| m.to_uci(mode).to_string()).collect(),
                confidence,
            ),
            Said::Words(text) => CommandText::Text(text),
            // His yes to the front end's question answers the session's.
            Said::Resign { words, yes } => {
                return (
                    vec![
                        (self.seat, CommandText::Text(words)),
                        (self.seat, CommandText::Text(yes)),
                    ],
                    true,
                );
            }
            Said::Ask(act) => {
                let say = &self.wording.say;
                let question = match act {
                    Act::Resign => say.resign_confirm.clone(),
                    Act::Draw(DrawAct::Offer) => say.draw_offer_confirm.clone(),
                    Act::Draw(DrawAct::Agree) => say.draw_accept_confirm.clone(),
                    Act::Draw(DrawAct::Decline) => say.draw_decline_confirm.clone(),
                };
                self.tell(&question);
                return (Vec::new(), true);
            }
            Said::Nothing => return (Vec::new(), true),
            // Not understood: the session asks him to say it again.
            Said::NotUnderstood => {
                return (vec![(self.seat, CommandText::Text(String::new()))], false);
            }
        };
        (vec![(self.seat, out)], true)
    }
}

/// The audio of the utterance under way (`so_far`) from `sent` (samples
/// already sent; `None` when no utterance is under way) up to `upto`, as
/// the front end takes it: its start, or more of it. `None` when there is
/// nothing new.
fn audio_to(so_far: &[i16], sent: Option<usize>, upto: usize) -> Option<Input> {
    let n = sent?;
    if upto <= n || upto > so_far.len() {
        return None;
    }
    let audio = so_far[n..upto].to_vec();
    Some(if n == 0 {
        Input::SpeechStart(audio)
    } else {
        Input::SpeechMore(audio)
    })
}

/// Milliseconds of `samples` at the microphone's rate.
fn ms(samples: usize) -> usize {
    samples * 1000 / crate::speech::audio::RATE as usize
}

/// How long a microphone may deliver no audio at all before the player is
/// told it is gone (a working device delivers every few milliseconds, muted
/// or not).
const MIC_GONE_AFTER: Duration = Duration::from_secs(3);
/// How often a microphone that was not there at the start is looked for.
const MIC_RETRY: Duration = Duration::from_secs(1);

/// Follows whether the microphone still delivers audio: gone after
/// [`MIC_GONE_AFTER`] without any, back as soon as audio comes again.
struct MicWatch {
    /// The device's delivery count when last looked at.
    seen: u64,
    /// When that count last grew.
    since: Instant,
    /// Told gone, not yet told back.
    gone: bool,
    /// The last attempt to open the device again.
    tried: Option<Instant>,
}

impl MicWatch {
    fn new(mic: &Microphone) -> MicWatch {
        MicWatch {
            seen: mic.delivered(),
            since: Instant::now(),
            gone: false,
            tried: None,
        }
    }

    /// `Some((reachable, why))` when the microphone just went away or
    /// came back.
    fn look(&mut self, mic: &Microphone) -> Option<(bool, Option<String>)> {
        let n = mic.delivered();
        if n != self.seen {
            self.seen = n;
            self.since = Instant::now();
            if self.gone {
                self.gone = false;
                return Some((true, None));
            }
            return None;
        }
        if !self.gone && self.since.elapsed() >= MIC_GONE_AFTER {
            self.gone = true;
            return Some((false, mic.failure()));
        }
        None
    }

    /// Whether to open the device again now: it is gone, the audio system
    /// reported the stream failing (such a stream never delivers again),
    /// and the last attempt is a second old.
    fn reopen_due(&mut self, mic: &Microphone) -> bool {
        if !self.gone || mic.failure().is_none() {
            return false;
        }
        if self
            .tried
            .is_some_and(|t| t.elapsed() < Duration::from_secs(1))
        {
            return false;
        }
        self.tried = Some(Instant::now());
        true
    }
}
