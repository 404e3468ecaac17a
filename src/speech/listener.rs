//! What the player said, decided from the recogniser's scores: the API the
//! game loop calls (FIDE Laws 2023, D.2.1).
//!
//! A [`Grammar`] holds everything that may be said now: the phrases of the
//! legal moves, the command phrases (issue 10 point 4 names) and the answer
//! words (numbers, promotion pieces). The recogniser also has a path for
//! anything else (a phone loop): speech that fits it better than any phrase
//! is "not understood", never a move. [`Listener::recognize`] returns the
//! n-best list with posteriors and one [`Decision`]:
//! one clear move → read it back; two close moves → a numbered choice; too
//! unsure → ask again; not chess → not understood.

use super::moves;
use super::recognizer::{Hypothesis, OTHER, Recognizer, SpeechError};
use super::wording::Wording;
use shakmaty::uci::UciMove;
use shakmaty::{CastlingMode, Chess, Move, Role};

/// What a phrase of the grammar means.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Meaning {
    Move(Move),
    /// A command name of issue 10 point 4 (`time`, `resign`, `yes`, …).
    Command(&'static str),
    /// A number word answering a choice (1-based).
    Number(usize),
    /// A piece answering the promotion question.
    Piece(Role),
}

/// Everything that may be said in one position.
#[derive(Debug, Clone, Default)]
pub struct Grammar {
    /// Folded phrase → meanings (a short phrase may fit several moves).
    pub phrases: Vec<(Meaning, String)>,
}

impl Grammar {
    /// The phrases of every legal move of `pos` in `locale`.
    pub fn moves(pos: &Chess, locale: &str) -> Grammar {
        Grammar {
            phrases: moves::legal_phrases(pos, locale)
                .into_iter()
                .map(|(m, p)| (Meaning::Move(m), p))
                .collect(),
        }
    }

    /// Adds command phrases `(name, phrase)`.
    pub fn with_commands(mut self, commands: &[(&'static str, String)]) -> Grammar {
        for (name, p) in commands {
            let f = moves::folded(p);
            if !f.is_empty() {
                self.phrases.push((Meaning::Command(name), f));
            }
        }
        self
    }

    /// Adds the answer words of `locale`: numbers one … eight and the
    /// promotion pieces (yes and no come with the command phrases).
    pub fn with_answers(mut self, locale: &str) -> Grammar {
        if let Ok(w) = Wording::get(locale) {
            for (i, n) in w.numbers.iter().enumerate() {
                self.phrases
                    .push((Meaning::Number(i + 1), moves::folded(n)));
            }
            for role in [Role::Queen, Role::Rook, Role::Bishop, Role::Knight] {
                self.phrases
                    .push((Meaning::Piece(role), moves::role_word(role, locale)));
            }
        }
        self
    }

    /// The distinct phrase texts, for the recogniser.
    pub fn texts(&self) -> Vec<String> {
        let mut v: Vec<String> = self.phrases.iter().map(|(_, p)| p.clone()).collect();
        v.sort();
        v.dedup();
        v
    }

    /// Every meaning of a phrase text.
    pub fn meanings(&self, text: &str) -> Vec<Meaning> {
        let mut v = Vec::new();
        for (m, p) in &self.phrases {
            if p == text && !v.contains(m) {
                v.push(*m);
            }
        }
        v
    }

    /// The meanings of a heard text: none for "anything else"
    /// ([`OTHER`]) or a text outside the grammar.
    pub fn heard(&self, text: &str) -> Vec<Meaning> {
        if text == OTHER {
            Vec::new()
        } else {
            self.meanings(text)
        }
    }

    /// The move phrases only, as [`super::settle`] takes them.
    pub fn move_phrases(&self) -> Vec<(Move, String)> {
        self.phrases
            .iter()
            .filter_map(|(m, p)| match m {
                Meaning::Move(mv) => Some((*mv, p.clone())),
                _ => None,
            })
            .collect()
    }
}

/// What the game loop should do with an utterance.
#[derive(Debug, Clone, PartialEq)]
pub enum Decision {
    /// One clear move: read it back (D.2.1) and wait for yes.
    Move(Move),
    /// Close rivals (best first): offer them as a numbered choice.
    Choice(Vec<Move>),
    /// A command phrase.
    Command(&'static str),
    Number(usize),
    Piece(Role),
    /// Chess was heard, but too unsure: ask the player to repeat.
    Repeat,
    /// Not a move nor a command (talk, a cough, silence): not understood.
    None,
}

impl Decision {
    /// A move, command or answer read back or carried out as it is (not
    /// a choice, not asked again).
    pub fn is_clear(&self) -> bool {
        matches!(
            self,
            Decision::Move(_) | Decision::Command(_) | Decision::Number(_) | Decision::Piece(_)
        )
    }

    /// "move", "choice", "command", "number", "piece", "repeat", "none".
    pub fn kind(&self) -> &'static str {
        match self {
            Decision::Move(_) => "move",
            Decision::Choice(_) => "choice",
            Decision::Command(_) => "command",
            Decision::Number(_) => "number",
            Decision::Piece(_) => "piece",
            Decision::Repeat => "repeat",
            Decision::None => "none",
        }
    }
}

/// One entry of the n-best list.
#[derive(Debug, Clone, PartialEq)]
pub struct Scored {
    /// The words heard (empty for the "anything else" path).
    pub text: String,
    pub meanings: Vec<Meaning>,
    /// Posterior probability among the n-best (0–1).
    pub posterior: f32,
}

/// The recogniser's answer for one utterance.
#[derive(Debug, Clone, PartialEq)]
pub struct Hypotheses {
    /// Best first; the "anything else" path has an empty text.
    pub nbest: Vec<Scored>,
    pub decision: Decision,
    /// The posterior of the decision (for a choice: of the moves offered
    /// together); 0 when nothing was decided.
    pub confidence: f32,
}

impl Hypotheses {
    /// The candidate moves in UCI, best first (what `Input::Heard` carries).
    pub fn candidates_uci(&self) -> Vec<String> {
        let mut v: Vec<String> = Vec::new();
        let mut push = |m: &Move| {
            let u = UciMove::from_move(*m, CastlingMode::Standard).to_string();
            if !v.contains(&u) {
                v.push(u);
            }
        };
        match &self.decision {
            Decision::Move(m) => push(m),
            Decision::Choice(ms) => ms.iter().for_each(&mut push),
            _ => {}
        }
        v
    }
}

/// How many of a player's first utterances are decoded again whole when
/// the streamed decoding did not understand them (the live cepstral mean
/// has not settled on his voice yet). Only the first: a second decoding
/// doubles the time to decide, and with more of them the slowest twentieth
/// of answers came late (`hector-lab listen --bench --first-sound --player 20
/// --settling N`, tuning seed 3: 0 → 49.5 % right, decided p95 104 ms;
/// 1 → 52.5 %, 124 ms; 2 → 51.5 %, 163 ms; 5 → 50.5 %, 221 ms).
pub const SETTLING_UTTERANCES: usize = 1;

/// Whether an utterance decided as it was streamed is heard again whole
/// (its end and the silence after it included) before the player is asked
/// to say it again: when it was not `understood` (asked again, or no
/// chess) and it is one of his first utterances ([`SETTLING_UTTERANCES`])
/// or was decided when speech paused (`early`).
pub fn hear_again(understood: bool, early: bool, settling: bool) -> bool {
    !understood && (settling || early)
}

/// Where the decision thresholds lie (tuned on a generated set whose seed
/// is never used for reporting).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Thresholds {
    /// A single move is read back at or above this posterior.
    pub clear: f32,
    /// Rivals above this share of the best one's posterior join a choice.
    pub rival: f32,
    /// A choice is offered when its moves together reach this posterior.
    pub choice: f32,
    /// Below this posterior for everything in the grammar, it was not chess.
    pub chess: f32,
    /// A move below `clear` is still read back when it is this many times
    /// as likely as the best rival (of any meaning) ...
    pub margin: f32,
    /// ... and everything in the grammar together (the share of chess,
    /// against "anything else") reaches this posterior.
    pub trust: f32,
}

impl Default for Thresholds {
    fn default() -> Thresholds {
        Thresholds {
            clear: super::settle::CLEAR,
            rival: 0.25,
            choice: 0.70,
            chess: 0.30,
            margin: MARGIN,
            trust: TRUST,
        }
    }
}

/// How many times as likely as its best rival a move must be to be read
/// back below the clear posterior. Leave-one-voice-out chose it
/// (`hector-lab listen --bench --lovo`, docs/voice.md): on every fold over
/// 16 English and German voices but two the margin rule cost more wrong
/// moves than the 0.5 % allowed on the voices tuned on, so it is off (a
/// move is read back on its clear posterior alone) until the acoustic model
/// ranks unseen voices' moves first more often.
pub const MARGIN: f32 = f32::INFINITY;

/// The share of chess a move read back by its margin needs.
pub const TRUST: f32 = 0.9;

/// An engine whose "anything else" holds more than this share of its
/// list heard no chess ([`heard_no_chess`]).
pub const NO_CHESS: f32 = 0.9;

/// Whether an engine's list holds no chess: empty, or "anything else"
/// above [`NO_CHESS`] of it. PocketSphinx's verdict on talk is kept by
/// `--engine both` as a gate: when it heard no chess, Whisper's own
/// transcript need lie less far from every phrase to be talk.
pub fn heard_no_chess(list: &[Hypothesis]) -> bool {
    let total: f32 = list.iter().map(|h| h.confidence).sum();
    let other: f32 = list
        .iter()
        .filter(|h| h.text == OTHER)
        .map(|h| h.confidence)
        .sum();
    total <= f32::MIN_POSITIVE || other > NO_CHESS * total
}

/// `--engine both`'s gate on talk: the other engine heard no chess
/// ([`heard_no_chess`]) and Whisper's own transcript lies beyond `gate`
/// from every phrase (`far`, [`super::transcript::distance`]).
pub fn gated(far: Option<f32>, gate: f32, other: &[Hypothesis]) -> bool {
    far.is_some_and(|f| f > gate) && heard_no_chess(other)
}

/// Whether the best chess phrase of each list (its likeliest entry other
/// than "anything else", however unlikely) names the same move: two
/// engines forced onto a grammar of hundreds of phrases by talk seldom
/// land on one move, while a move one of them rejects as "anything else"
/// is still often the best phrase of both.
pub fn same_best_move(a: &[Hypothesis], b: &[Hypothesis], grammar: &Grammar) -> bool {
    let best = |l: &[Hypothesis]| -> Vec<Meaning> {
        l.iter()
            .filter(|h| h.text != OTHER)
            .max_by(|x, y| x.confidence.total_cmp(&y.confidence))
            .map(|h| grammar.heard(&h.text))
            .unwrap_or_default()
    };
    let a = best(a);
    best(b)
        .iter()
        .any(|m| matches!(m, Meaning::Move(_)) && a.contains(m))
}

/// `--engine both`'s verdict on talk, from Whisper's transcript lying
/// `far` from every phrase when PocketSphinx (`ps`) heard no chess: beyond
/// `reject` always, beyond `gate` unless (`agree`) both engines' best
/// chess phrases are one move ([`same_best_move`]; `w`: Whisper's list).
pub fn pair_heard_talk(
    far: Option<f32>,
    ps: &[Hypothesis],
    w: &[Hypothesis],
    grammar: &Grammar,
    (gate, reject, agree): (f32, f32, bool),
) -> bool {
    gated(far, reject, ps) || gated(far, gate, ps) && !(agree && same_best_move(w, ps, grammar))
}

/// A list judged talk: "anything else" takes it all (the phrases keep a
/// trace of their order).
pub fn as_talk(list: &[Hypothesis]) -> Vec<Hypothesis> {
    let mut out = vec![Hypothesis {
        text: OTHER.into(),
        confidence: 1.0 - 1e-6,
    }];
    out.extend(list.iter().filter(|h| h.text != OTHER).map(|h| Hypothesis {
        text: h.text.clone(),
        confidence: h.confidence * 1e-6,
    }));
    out
}

/// The mass a phrase the second engine does not hold at all keeps (its
/// n-best list is short), and the mass of chess below which its opinion
/// fades.
const SECOND_FLOOR: f32 = 0.01;

/// `first`'s list with `second` as a second opinion on which chess phrase
/// it was: each of `first`'s phrases is weighted by the share the second
/// engine gives its meanings among everything chess it heard, raised to
/// `weight`, and the phrases share again what `first` gave to chess
/// together. The share is (held + floor) / (chess + floor): an engine
/// that heard chess at 0.000001 has no say in which move it was, while
/// one sure of chess weighs as if the floor were not there
/// (leave-one-voice-out: English 94.4 → 94.7 % right clean and 87.5 →
/// 88.9 % at 20 dB, German 93.3 → 95.0 % and 87.2 → 87.8 %, against the
/// share alone plus the floor, which let a phrase heard at 0.0001
/// decide). "Anything else" stays `first`'s: the second engine only
/// reorders chess (its own "anything else" rejects unseen voices'
/// moves). When the second engine heard no chess at all, `first` stands
/// as it is.
pub fn second_opinion(
    first: &[Hypothesis],
    second: &[Hypothesis],
    grammar: &Grammar,
    weight: f32,
) -> Vec<Hypothesis> {
    let chess: Vec<(Vec<Meaning>, f32)> = second
        .iter()
        .map(|h| (grammar.heard(&h.text), h.confidence))
        .filter(|(m, _)| !m.is_empty())
        .collect();
    let total: f32 = chess.iter().map(|x| x.1).sum();
    if weight == 0.0 || total <= f32::MIN_POSITIVE {
        return first.to_vec();
    }
    // Each of `first`'s entries weighed (chess) or as it is (anything else).
    let weighed: Vec<(Hypothesis, bool)> = first
        .iter()
        .map(|h| {
            let meanings = grammar.heard(&h.text);
            if meanings.is_empty() {
                return (h.clone(), false);
            }
            let held: f32 = chess
                .iter()
                .filter(|(m, _)| m.iter().any(|x| meanings.contains(x)))
                .map(|x| x.1)
                .sum::<f32>();
            let share = (held + SECOND_FLOOR) / (total + SECOND_FLOOR);
            let confidence = h.confidence * share.powf(weight);
            (
                Hypothesis {
                    text: h.text.clone(),
                    confidence,
                },
                true,
            )
        })
        .collect();
    // Chess shares again what `first` gave it together.
    let before: f32 = first
        .iter()
        .zip(&weighed)
        .filter(|(_, w)| w.1)
        .map(|(h, _)| h.confidence)
        .sum();
    let after: f32 = weighed.iter().filter(|w| w.1).map(|w| w.0.confidence).sum();
    let scale = if after > 0.0 { before / after } else { 1.0 };
    let mut out: Vec<Hypothesis> = weighed
        .into_iter()
        .map(|(mut h, chess)| {
            if chess {
                h.confidence *= scale;
            }
            h
        })
        .collect();
    out.sort_by(|x, y| y.confidence.total_cmp(&x.confidence));
    out
}

/// How sure PocketSphinx must be of a move to dispute Whisper's clear
/// decision ([`whisper_else_ps`]); above 1: never.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Dispute {
    /// Against a command.
    pub command: f32,
    /// Against another move.
    pub moves: f32,
}

impl Dispute {
    pub const NEVER: Dispute = Dispute {
        command: f32::INFINITY,
        moves: f32::INFINITY,
    };
}

/// `--engine both`'s list: `whisper`'s with `ps`'s opinion
/// ([`second_opinion`] at `weight`) when that decides clearly under `t`,
/// else `ps`'s own. When it decides clearly on a command, or on a move,
/// but `ps` is sure of another move (its best phrase at
/// [`Dispute::command`] or [`Dispute::moves`] or above), the two engines
/// are **in dispute** and the two lists are averaged: two moves, each
/// engine sure of its own, make a choice between them; a command against
/// a move is asked again rather than carried out. A short command word
/// ("Zeit", "Hilfe") is where Whisper, trained on real text, puts a move
/// it heard badly; a piece or a file Whisper's language model prefers
/// ("Springer" for "Turm") is where it puts a move of a voice it hears
/// badly.
pub fn whisper_else_ps(
    whisper: &[Hypothesis],
    ps: &[Hypothesis],
    grammar: &Grammar,
    weight: f32,
    dispute: Dispute,
    t: &Thresholds,
) -> Vec<Hypothesis> {
    let joint = second_opinion(whisper, ps, grammar, weight);
    let decision = decide(&joint, grammar, t).decision;
    let disputed = match decision {
        Decision::Command(_) => !sure_moves(ps, grammar, dispute.command).is_empty(),
        Decision::Move(m) => {
            let theirs = sure_moves(ps, grammar, dispute.moves);
            !theirs.is_empty() && !theirs.contains(&m)
        }
        _ => false,
    };
    if !decision.is_clear() {
        ps.to_vec()
    } else if disputed {
        super::recognizer::average(&joint, ps)
    } else {
        joint
    }
}

/// The moves `list`'s best hypothesis names when it is at `sure` or
/// above (none when it is not, or names no move).
fn sure_moves(list: &[Hypothesis], grammar: &Grammar, sure: f32) -> Vec<Move> {
    list.iter()
        .max_by(|a, b| a.confidence.total_cmp(&b.confidence))
        .filter(|h| h.confidence >= sure)
        .map(|h| {
            grammar
                .heard(&h.text)
                .into_iter()
                .filter_map(|m| match m {
                    Meaning::Move(mv) => Some(mv),
                    _ => None,
                })
                .collect()
        })
        .unwrap_or_default()
}

/// Decides from the n-best list (posteriors from the recogniser).
///
/// A move is read back when its posterior is clear, or when it stands
/// clearly ahead of every rival ([`Thresholds::margin`]) while the speech
/// sounds like chess ([`Thresholds::trust`]): a best hypothesis far ahead
/// of the alternatives is trusted though the posterior is spread over
/// "anything else" by a voice unlike the ones the model knows. Close rivals
/// make a numbered choice; otherwise the player is asked again.
pub fn decide(hyps: &[Hypothesis], grammar: &Grammar, t: &Thresholds) -> Hypotheses {
    // Posterior mass per meaning; OTHER and texts outside the grammar count
    // as "anything else".
    let mut nbest: Vec<Scored> = Vec::new();
    let mut other = 0f32;
    for h in hyps {
        let meanings = grammar.heard(&h.text);
        if meanings.is_empty() {
            other += h.confidence;
        }
        nbest.push(Scored {
            text: if h.text == OTHER {
                String::new()
            } else {
                h.text.clone()
            },
            meanings,
            posterior: h.confidence,
        });
    }
    let mut mass: Vec<(Meaning, f32)> = Vec::new();
    for s in &nbest {
        let n = s.meanings.len().max(1) as f32;
        for m in &s.meanings {
            match mass.iter_mut().find(|(x, _)| x == m) {
                Some(e) => e.1 += s.posterior / n,
                None => mass.push((*m, s.posterior / n)),
            }
        }
    }
    mass.sort_by(|a, b| b.1.total_cmp(&a.1));
    let chess: f32 = mass.iter().map(|x| x.1).sum();
    let done = |decision, confidence| Hypotheses {
        nbest: nbest.clone(),
        decision,
        confidence,
    };
    let Some(&(best, p1)) = mass.first() else {
        return done(Decision::None, 0.0);
    };
    if chess < t.chess || other > chess {
        return done(Decision::None, other.max(1.0 - chess));
    }
    // A phrase naming several moves at once (a promotion without its piece,
    // a short phrase two pieces fit) is a choice however sure the engine is.
    let top = &nbest.iter().find(|s| s.meanings.contains(&best));
    let moves_of_top: Vec<Move> = top
        .map(|s| {
            s.meanings
                .iter()
                .filter_map(|m| match m {
                    Meaning::Move(mv) => Some(*mv),
                    _ => None,
                })
                .collect()
        })
        .unwrap_or_default();
    if moves_of_top.len() > 1 {
        let p: f32 = mass
            .iter()
            .filter(|(m, _)| matches!(m, Meaning::Move(mv) if moves_of_top.contains(mv)))
            .map(|x| x.1)
            .sum();
        return done(Decision::Choice(moves_of_top), p);
    }
    match best {
        Meaning::Move(mv) => {
            let rival = mass.get(1).map_or(0.0, |x| x.1);
            if p1 >= t.clear || (chess >= t.trust && p1 >= t.margin * rival) {
                return done(Decision::Move(mv), p1);
            }
            let rivals: Vec<(Move, f32)> = mass
                .iter()
                .filter_map(|(m, p)| match m {
                    Meaning::Move(x) if *p >= p1 * t.rival => Some((*x, *p)),
                    _ => None,
                })
                .take(super::readback::MAX_CHOICES)
                .collect();
            let together: f32 = rivals.iter().map(|x| x.1).sum();
            if rivals.len() > 1 && together >= t.choice {
                done(
                    Decision::Choice(rivals.into_iter().map(|x| x.0).collect()),
                    together,
                )
            } else {
                done(Decision::Repeat, p1)
            }
        }
        Meaning::Command(c) if p1 >= t.clear => done(Decision::Command(c), p1),
        Meaning::Number(n) if p1 >= t.clear => done(Decision::Number(n), p1),
        Meaning::Piece(r) if p1 >= t.clear => done(Decision::Piece(r), p1),
        _ => done(Decision::Repeat, p1),
    }
}

/// A recogniser with the grammar of the moment and the thresholds.
pub struct Listener {
    rec: Box<dyn Recognizer>,
    grammar: Grammar,
    whole: super::grammar::WholePhrases,
    pub thresholds: Thresholds,
}

impl Listener {
    pub fn new(rec: Box<dyn Recognizer>) -> Listener {
        Listener {
            thresholds: rec.thresholds(),
            rec,
            grammar: Grammar::default(),
            whole: Default::default(),
        }
    }

    /// The language the grammar's phrases are in (for engines whose model
    /// hears many languages).
    pub fn set_language(&mut self, code: &str) {
        self.rec.set_language(code);
    }

    /// Listens for `grammar` from now on (called at every move).
    pub fn set_grammar(&mut self, grammar: Grammar) -> Result<(), SpeechError> {
        let texts = grammar.texts();
        self.rec.set_phrases(&texts)?;
        self.rec.set_meanings(&grammar);
        self.whole = super::grammar::WholePhrases::with_meanings(&grammar.phrases);
        self.grammar = grammar;
        Ok(())
    }

    pub fn grammar(&self) -> &Grammar {
        &self.grammar
    }

    pub fn recognizer(&mut self) -> &mut dyn Recognizer {
        self.rec.as_mut()
    }

    /// Decodes one whole utterance (after end-of-utterance detection).
    pub fn recognize(&mut self, pcm: &[i16]) -> Result<Hypotheses, SpeechError> {
        let hyps = self.rec.recognize(pcm)?;
        Ok(decide(&hyps, &self.grammar, &self.thresholds))
    }

    /// Streaming: starts an utterance.
    pub fn begin(&mut self) -> Result<(), SpeechError> {
        self.rec.begin()
    }

    /// Streaming: starts an utterance with `pcm` already heard
    /// ([`Recognizer::begin_with`]).
    pub fn begin_with(&mut self, pcm: &[i16]) -> Result<(), SpeechError> {
        self.rec.begin_with(pcm)
    }

    /// Streaming: the next chunk of audio.
    pub fn feed(&mut self, pcm: &[i16]) -> Result<(), SpeechError> {
        self.rec.feed(pcm)
    }

    /// Streaming: whether the words heard so far are a whole phrase (the
    /// utterance may end after a shorter silence).
    pub fn heard_whole_phrase(&mut self) -> bool {
        self.whole.heard(self.rec.as_mut())
    }

    /// Streaming: ends `utterance` (all of whose audio has been fed) and
    /// decides, as `hector play` does: when `settling` (one of a player's
    /// first utterances, see [`SETTLING_UTTERANCES`]) and not understood,
    /// it is decoded again whole, with the utterance's own cepstral mean.
    pub fn finish_settling(
        &mut self,
        utterance: &[i16],
        settling: bool,
    ) -> Result<Hypotheses, SpeechError> {
        let h = self.finish()?;
        self.settled(h, utterance, false, settling)
    }

    /// Streaming: `h` (from [`Listener::finish`], `early`: when speech
    /// paused) for `utterance`, heard again whole when [`hear_again`]
    /// says so, as `hector play` does.
    pub fn settled(
        &mut self,
        h: Hypotheses,
        utterance: &[i16],
        early: bool,
        settling: bool,
    ) -> Result<Hypotheses, SpeechError> {
        let understood = !matches!(h.decision, Decision::Repeat | Decision::None);
        if hear_again(understood, early, settling) {
            return self.recognize(utterance);
        }
        Ok(h)
    }

    /// Streaming: ends the utterance and decides.
    pub fn finish(&mut self) -> Result<Hypotheses, SpeechError> {
        let hyps = self.rec.finish()?;
        Ok(decide(&hyps, &self.grammar, &self.thresholds))
    }

    /// Streaming: ends the utterance and decides, unless `stop` says
    /// while the engine works that the decision is no longer wanted
    /// ([`SpeechError::Interrupted`]: the utterance must be begun again).
    pub fn finish_unless(
        &mut self,
        stop: super::recognizer::Interrupt,
    ) -> Result<Hypotheses, SpeechError> {
        let hyps = super::recognizer::finish_unless(self.rec.as_mut(), stop)?;
        Ok(decide(&hyps, &self.grammar, &self.thresholds))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::Position;

    /// The start position's German grammar with the command phrases.
    fn grammar() -> Grammar {
        Grammar::moves(&Chess::default(), "de")
            .with_commands(&[("time", "wie viel Zeit".to_string())])
    }

    /// A phrase of the move `uci` in `g`.
    fn phrase(g: &Grammar, uci: &str) -> String {
        g.phrases
            .iter()
            .find(|(m, _)| {
                matches!(m, Meaning::Move(mv) if mv.to_uci(CastlingMode::Standard).to_string() == uci)
            })
            .map(|(_, p)| p.clone())
            .unwrap_or_else(|| panic!("no phrase for {uci}"))
    }

    fn h(text: &str, confidence: f32) -> Hypothesis {
        Hypothesis {
            text: text.into(),
            confidence,
        }
    }

    fn uci(d: &Decision) -> Vec<String> {
        let one = |m: &Move| m.to_uci(CastlingMode::Standard).to_string();
        match d {
            Decision::Move(m) => vec![one(m)],
            Decision::Choice(ms) => ms.iter().map(one).collect(),
            _ => Vec::new(),
        }
    }

    #[test]
    fn the_best_phrases_agree_on_a_move_only() {
        let g = grammar();
        let (e4, d4) = (phrase(&g, "e2e4"), phrase(&g, "d2d4"));
        // "Anything else" and the confidence do not count: the best
        // chess phrase does.
        let a = [h(OTHER, 0.99), h(&e4, 0.009), h(&d4, 0.001)];
        assert!(same_best_move(&a, &[h(&e4, 0.6), h(&d4, 0.4)], &g));
        assert!(!same_best_move(&a, &[h(&d4, 0.6), h(&e4, 0.4)], &g));
        // Another phrase of the same move agrees.
        let other_words: Vec<String> = g
            .phrases
            .iter()
            .filter(|(m, p)| {
                matches!(m, Meaning::Move(mv) if mv.to_uci(CastlingMode::Standard).to_string() == "e2e4")
                    && *p != e4
            })
            .map(|(_, p)| p.clone())
            .collect();
        assert!(!other_words.is_empty());
        assert!(same_best_move(&a, &[h(&other_words[0], 0.9)], &g));
        // A command, nothing, or only "anything else": no agreement.
        let time = [h("wie viel zeit", 0.9)];
        assert!(!same_best_move(&time, &time, &g));
        assert!(!same_best_move(&[], &a, &g));
        assert!(!same_best_move(&[h(OTHER, 1.0)], &[h(OTHER, 1.0)], &g));
    }

    #[test]
    fn the_pair_hears_talk_beyond_the_gate_or_the_rejection() {
        let g = grammar();
        let (e4, d4) = (phrase(&g, "e2e4"), phrase(&g, "d2d4"));
        let w = [h(&e4, 0.99), h(OTHER, 0.01)];
        let quiet_e4 = [h(OTHER, 0.97), h(&e4, 0.03)];
        let quiet_d4 = [h(OTHER, 0.97), h(&d4, 0.03)];
        let knobs = (0.45, 0.5, true);
        let talk =
            |far: f32, ps: &[Hypothesis], knobs| pair_heard_talk(Some(far), ps, &w, &g, knobs);
        // Within the gate: never talk.
        assert!(!talk(0.4, &quiet_d4, knobs));
        // Beyond the gate: talk, unless both best phrases are one move.
        assert!(talk(0.47, &quiet_d4, knobs));
        assert!(!talk(0.47, &quiet_e4, knobs));
        assert!(talk(0.47, &quiet_e4, (0.45, 0.5, false)));
        // Beyond the rejection: talk whatever the two agree on; with no
        // rejection (above 1), the agreement holds however far.
        assert!(talk(0.55, &quiet_e4, knobs));
        assert!(!talk(0.9, &quiet_e4, (0.45, f32::INFINITY, true)));
        // PocketSphinx heard chess, or Whisper wrote nothing: no gate.
        let chess = [h(&d4, 0.9), h(OTHER, 0.1)];
        assert!(!talk(0.9, &chess, knobs));
        assert!(!pair_heard_talk(None, &quiet_d4, &w, &g, knobs));
    }

    #[test]
    fn a_second_opinion_reorders_chess_and_leaves_anything_else_alone() {
        let g = grammar();
        let (e4, d4) = (phrase(&g, "e2e4"), phrase(&g, "d2d4"));
        let t = Thresholds {
            clear: 0.9,
            ..Thresholds::default()
        };
        // Whisper unsure between two moves; PocketSphinx sure of one of
        // them, though it thinks the voice mostly "something else".
        let first = [h(&e4, 0.55), h(&d4, 0.40), h(OTHER, 0.05)];
        assert!(!matches!(
            decide(&first, &g, &t).decision,
            Decision::Move(_)
        ));
        let second = [h(OTHER, 0.7), h(&e4, 0.299), h(&d4, 0.001)];
        let joint = second_opinion(&first, &second, &g, 1.0);
        let d = decide(&joint, &g, &t);
        assert_eq!(uci(&d.decision), ["e2e4"], "{joint:?}");
        // "Anything else" keeps Whisper's share; chess keeps its total.
        let other = joint.iter().find(|x| x.text == OTHER).unwrap().confidence;
        assert!((other - 0.05).abs() < 1e-6, "{joint:?}");
        let total: f32 = joint.iter().map(|x| x.confidence).sum();
        assert!((total - 1.0).abs() < 1e-5, "{total}");
        // Weight 0, or a second engine that heard no chess: unchanged.
        assert_eq!(second_opinion(&first, &second, &g, 0.0), first.to_vec());
        assert_eq!(
            second_opinion(&first, &[h(OTHER, 1.0)], &g, 1.0),
            first.to_vec()
        );
        // A second engine that heard chess only faintly has no say in
        // which move it was, however its faint chess is split.
        let faint = [h(OTHER, 1.0 - 2e-6), h(&d4, 1e-6), h(&e4, 1e-7)];
        let joint = second_opinion(&first, &faint, &g, 1.0);
        for x in &first {
            let y = joint.iter().find(|y| y.text == x.text).unwrap();
            assert!((x.confidence - y.confidence).abs() < 1e-3, "{joint:?}");
        }
        // Disagreement: the second engine's move, not in Whisper's list,
        // takes nothing from it, and Whisper's own best is not made sure.
        let nf3 = phrase(&g, "g1f3");
        let joint = second_opinion(&first, &[h(&nf3, 1.0)], &g, 1.0);
        assert!(!matches!(
            decide(&joint, &g, &t).decision,
            Decision::Move(_)
        ));
        assert!(joint.iter().all(|x| x.text != nf3));
    }

    #[test]
    fn only_what_was_not_understood_early_or_first_is_heard_again() {
        // (understood, decided when speech paused, one of his first)
        for early in [false, true] {
            for settling in [false, true] {
                assert!(!hear_again(true, early, settling));
                assert_eq!(hear_again(false, early, settling), early || settling);
            }
        }
    }

    #[test]
    fn a_command_or_a_move_against_a_sure_move_is_disputed() {
        let g = grammar();
        let t = Thresholds {
            clear: 0.9,
            ..Thresholds::default()
        };
        let (e4, d4) = (phrase(&g, "e2e4"), phrase(&g, "d2d4"));
        let time = g
            .phrases
            .iter()
            .find(|(m, _)| *m == Meaning::Command("time"))
            .map(|(_, p)| p.clone())
            .unwrap();
        let decided = |w: &[Hypothesis], ps: &[Hypothesis], command: f32, moves: f32| {
            let dispute = Dispute { command, moves };
            decide(&whisper_else_ps(w, ps, &g, 0.5, dispute, &t), &g, &t).decision
        };
        let never = f32::INFINITY;
        let whisper_time = [h(&time, 0.98), h(OTHER, 0.02)];
        let ps_e4 = [h(&e4, 0.995), h(OTHER, 0.005)];
        // Whisper sure of a command, PocketSphinx sure of a move: asked
        // again, no command carried out (without the dispute: the command).
        assert_eq!(
            decided(&whisper_time, &ps_e4, never, never),
            Decision::Command("time")
        );
        assert_eq!(
            decided(&whisper_time, &ps_e4, 0.99, never),
            Decision::Repeat
        );
        // PocketSphinx less sure than the dispute, sure of the command
        // too, or hearing no chess: the command stands.
        let ps_unsure = [h(&e4, 0.98), h(OTHER, 0.02)];
        let ps_time = [h(&time, 1.0)];
        let ps_talk = [h(OTHER, 1.0)];
        for ps in [&ps_unsure[..], &ps_time, &ps_talk] {
            assert_eq!(
                decided(&whisper_time, ps, 0.99, 0.99),
                Decision::Command("time"),
                "{ps:?}"
            );
        }
        // Two moves, each engine sure of its own: a choice between the
        // two under the move dispute, Whisper's (with the opinion)
        // without it.
        let whisper_d4 = [h(&d4, 0.96), h(OTHER, 0.04)];
        assert_eq!(uci(&decided(&whisper_d4, &ps_e4, 0.99, never)), ["d2d4"]);
        let disputed = decided(&whisper_d4, &ps_e4, 0.99, 0.99);
        assert!(matches!(disputed, Decision::Choice(_)), "{disputed:?}");
        let mut both = uci(&disputed);
        both.sort();
        assert_eq!(both, ["d2d4", "e2e4"]);
        // The same move, or PocketSphinx unsure of its own: Whisper's move.
        let ps_d4 = [h(&d4, 0.995), h(OTHER, 0.005)];
        let ps_e4_unsure = [h(&e4, 0.98), h(OTHER, 0.02)];
        for ps in [&ps_d4[..], &ps_e4_unsure, &ps_talk] {
            assert_eq!(
                uci(&decided(&whisper_d4, ps, 0.99, 0.99)),
                ["d2d4"],
                "{ps:?}"
            );
        }
    }

    #[test]
    fn one_clear_move_is_read_back_and_an_unsure_one_asked_again() {
        let g = grammar();
        let t = Thresholds::default();
        let e4 = phrase(&g, "e2e4");
        let clear = decide(&[h(&e4, 0.97), h(OTHER, 0.03)], &g, &t);
        assert_eq!(uci(&clear.decision), ["e2e4"]);
        assert!((clear.confidence - 0.97).abs() < 1e-6);
        // Below the clear posterior, sounding too little like chess to be
        // trusted by its margin, and no rival close enough for a choice:
        // asked again, never read back.
        let unsure = decide(
            &[h(&e4, 0.60), h(&phrase(&g, "g1f3"), 0.05), h(OTHER, 0.35)],
            &g,
            &t,
        );
        assert_eq!(unsure.decision, Decision::Repeat);
    }

    #[test]
    fn a_best_move_far_ahead_of_its_rivals_is_read_back() {
        let g = grammar();
        let t = Thresholds {
            margin: 4.0,
            trust: 0.8,
            ..Thresholds::default()
        };
        let e4 = phrase(&g, "e2e4");
        let nf3 = phrase(&g, "g1f3");
        // Well below the clear posterior, but eight times the rival and
        // 0.9 of chess: read back.
        let ahead = decide(&[h(&e4, 0.80), h(&nf3, 0.10), h(OTHER, 0.10)], &g, &t);
        assert_eq!(uci(&ahead.decision), ["e2e4"]);
        // The same lead when the speech sounds less like chess than the
        // trust threshold: asked again.
        let doubtful = decide(&[h(&e4, 0.64), h(&nf3, 0.08), h(OTHER, 0.28)], &g, &t);
        assert_eq!(doubtful.decision, Decision::Repeat);
        // A rival a third of the best is too close for the margin.
        let close = decide(&[h(&e4, 0.66), h(&nf3, 0.22), h(OTHER, 0.12)], &g, &t);
        assert_ne!(close.decision.kind(), "move");
        // The margin rule never reads back a command below the clear
        // posterior.
        let cmd = decide(&[h("wie viel zeit", 0.85), h(OTHER, 0.15)], &g, &t);
        assert_eq!(cmd.decision, Decision::Repeat);
    }

    #[test]
    fn close_rival_moves_are_offered_as_a_choice_best_first() {
        let g = grammar();
        let d = decide(
            &[h(&phrase(&g, "e2e4"), 0.55), h(&phrase(&g, "e2e3"), 0.40)],
            &g,
            &Thresholds::default(),
        );
        assert_eq!(uci(&d.decision), ["e2e4", "e2e3"]);
        assert!((d.confidence - 0.95).abs() < 1e-6);
    }

    #[test]
    fn anything_else_and_words_outside_the_grammar_are_never_a_move() {
        let g = grammar();
        let t = Thresholds::default();
        let e4 = phrase(&g, "e2e4");
        // The "anything else" path outweighs the move.
        let talk = decide(&[h(&e4, 0.45), h(OTHER, 0.55)], &g, &t);
        assert_eq!(talk.decision, Decision::None);
        // A word sequence outside the phrase list (Vosk's bigram model
        // may give one) counts as anything else, however sure the engine.
        let stray = decide(&[h("springer anna fuenf", 0.99), h(&e4, 0.01)], &g, &t);
        assert_eq!(stray.decision, Decision::None);
        assert!(stray.nbest[0].meanings.is_empty());
        // Nothing heard at all.
        assert_eq!(decide(&[], &g, &t).decision, Decision::None);
    }

    #[test]
    fn a_command_must_be_as_clear_as_a_move() {
        let g = grammar();
        let t = Thresholds::default();
        let clear = decide(&[h("wie viel zeit", 0.99)], &g, &t);
        assert_eq!(clear.decision, Decision::Command("time"));
        let unsure = decide(&[h("wie viel zeit", 0.7), h(OTHER, 0.3)], &g, &t);
        assert_eq!(unsure.decision, Decision::Repeat);
    }

    #[test]
    fn a_phrase_naming_two_moves_is_a_choice_however_sure() {
        // A pawn on the seventh rank: "Bauer Anna acht" without a piece
        // names four promotions.
        let pos: Chess = "4k3/P7/8/8/8/8/8/4K3 w - - 0 1"
            .parse::<shakmaty::fen::Fen>()
            .unwrap()
            .into_position(CastlingMode::Standard)
            .unwrap();
        assert!(pos.legal_moves().len() > 4);
        let g = Grammar::moves(&pos, "de");
        let shared = g
            .texts()
            .into_iter()
            .find(|p| g.meanings(p).len() > 1)
            .expect("a phrase of several moves");
        let d = decide(&[h(&shared, 1.0)], &g, &Thresholds::default());
        match d.decision {
            Decision::Choice(ms) => assert_eq!(ms.len(), g.meanings(&shared).len()),
            other => panic!("{other:?}"),
        }
    }
}
