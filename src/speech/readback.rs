//! The read-back protocol (FIDE Laws 2023, D.2.1–D.2.8): a pure state machine
//! driven by events, with no I/O and no clock of its own.
//!
//! heard → read back to the blind player → confirmed (a yes-word or a key) →
//! announced to the opponent → the clock may switch (D.2.3, D.2.4). A move
//! heard before confirmation replaces the pending one (D.2.8, slip of the
//! tongue); the clock never switches on an unconfirmed move. Several fitting
//! moves are offered as a numbered choice; a promotion without a piece is
//! asked back (D.2.1: the player must announce the piece), never guessed.

use super::settle::Settled;
use shakmaty::{Move, Role};

pub use crate::notation::phrase::MAX_CHOICES;
use crate::notation::phrase::same_promotion;

/// Something the player said or did.
#[derive(Debug, Clone, PartialEq)]
pub enum Event {
    /// The recogniser's hypotheses, settled against the legal moves.
    Heard(Settled),
    /// A yes-word in the locale, or the confirm key.
    Yes,
    /// A no-word, or the cancel key.
    No,
    /// A number word (1-based) answering a choice.
    Number(usize),
    /// A piece name answering the promotion question.
    Piece(Role),
}

/// Where the protocol stands.
#[derive(Debug, Clone, PartialEq)]
pub enum State {
    /// Waiting for the player's move.
    Listening,
    /// The move was read back; waiting for a yes (or a correction).
    ReadingBack(Move),
    /// Several moves fit; waiting for a number.
    Choosing(Vec<Move>),
    /// A pawn reaches the last rank without a named piece; waiting for one.
    AskingPromotion(Vec<Move>),
    /// Confirmed and announced to the opponent: the move stands.
    Announced(Move),
}

/// What hector says in response (rendered by [`super::wording::Wording`]).
#[derive(Debug, Clone, PartialEq)]
pub enum Prompt {
    ReadBack(Move),
    Choice(Vec<Move>),
    Promotion(Vec<Move>),
    /// The confirmed move, announced to the opponent (D.2.1).
    Announce(Move),
    /// Nothing legal was heard: the text heard, empty when nothing was.
    NoMove(String),
    Cancelled,
    /// A correction after the announcement: too late (D.2.8).
    Stands(Move),
    OutOfRange(usize),
    NothingToConfirm,
}

/// The outcome of one event.
#[derive(Debug, Clone, PartialEq)]
pub struct Step {
    pub prompts: Vec<Prompt>,
    /// True only when a confirmed move has just been announced (D.2.4).
    pub clock_may_switch: bool,
}

impl Step {
    fn say(p: Prompt) -> Step {
        Step {
            prompts: vec![p],
            clock_may_switch: false,
        }
    }
}

/// The read-back protocol for one player's turn.
#[derive(Debug, Clone, PartialEq)]
pub struct ReadBack {
    state: State,
}

impl Default for ReadBack {
    fn default() -> Self {
        ReadBack::new()
    }
}

impl ReadBack {
    pub fn new() -> ReadBack {
        ReadBack {
            state: State::Listening,
        }
    }

    pub fn state(&self) -> &State {
        &self.state
    }

    /// The move awaiting confirmation, if any.
    pub fn pending(&self) -> Option<Move> {
        match &self.state {
            State::ReadingBack(m) => Some(*m),
            _ => None,
        }
    }

    /// Starts the player's next turn (after the opponent has replied).
    pub fn next_turn(&mut self) {
        self.state = State::Listening;
    }

    /// Handles one event. State changes only as documented; anything
    /// unexpected leaves it as it was and says why.
    pub fn handle(&mut self, ev: Event) -> Step {
        match (&self.state, ev) {
            // D.2.8: once announced and the clock started, the move stands.
            (State::Announced(m), Event::Heard(_)) => Step::say(Prompt::Stands(*m)),
            (State::Announced(_), _) => Step::say(Prompt::NothingToConfirm),
            // A move heard while listening, reading back or choosing replaces
            // whatever was pending: slip correction before the clock (D.2.8).
            (_, Event::Heard(settled)) => self.heard(settled),
            (State::ReadingBack(m), Event::Yes) => {
                let m = *m;
                self.state = State::Announced(m);
                Step {
                    prompts: vec![Prompt::Announce(m)],
                    clock_may_switch: true,
                }
            }
            (State::ReadingBack(_) | State::Choosing(_) | State::AskingPromotion(_), Event::No) => {
                self.state = State::Listening;
                Step::say(Prompt::Cancelled)
            }
            (State::Choosing(ms), Event::Number(n)) => {
                if n == 0 || n > ms.len() {
                    return Step::say(Prompt::OutOfRange(ms.len()));
                }
                let m = ms[n - 1];
                self.state = State::ReadingBack(m);
                Step::say(Prompt::ReadBack(m))
            }
            (State::AskingPromotion(ms), Event::Piece(role)) => {
                match ms.iter().find(|m| m.promotion() == Some(role)) {
                    Some(m) => {
                        let m = *m;
                        self.state = State::ReadingBack(m);
                        Step::say(Prompt::ReadBack(m))
                    }
                    None => Step::say(Prompt::Promotion(ms.clone())),
                }
            }
            // A yes with nothing to confirm, a number outside a choice, …
            (State::Choosing(ms), _) => Step::say(Prompt::Choice(ms.clone())),
            (State::AskingPromotion(ms), _) => Step::say(Prompt::Promotion(ms.clone())),
            (State::ReadingBack(m), _) => Step::say(Prompt::ReadBack(*m)),
            (State::Listening, _) => Step::say(Prompt::NothingToConfirm),
        }
    }

    fn heard(&mut self, settled: Settled) -> Step {
        match settled {
            Settled::Move { mv, .. } => {
                self.state = State::ReadingBack(mv);
                Step::say(Prompt::ReadBack(mv))
            }
            Settled::Ambiguous(ms) if same_promotion(&ms) => {
                self.state = State::AskingPromotion(ms.clone());
                Step::say(Prompt::Promotion(ms))
            }
            Settled::Ambiguous(mut ms) => {
                ms.truncate(MAX_CHOICES);
                self.state = State::Choosing(ms.clone());
                Step::say(Prompt::Choice(ms))
            }
            // Not understood: a pending move stays pending, nothing else changes.
            Settled::NoMatch(why) => Step::say(Prompt::NoMove(why)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::speech::moves::position;
    use shakmaty::{Chess, Position, Square};

    fn mv(pos: &Chess, san: &str) -> Move {
        san.parse::<shakmaty::san::San>()
            .unwrap()
            .to_move(pos)
            .unwrap()
    }

    fn heard(m: Move) -> Event {
        Event::Heard(Settled::Move {
            mv: m,
            text: String::new(),
            confidence: 0.9,
        })
    }

    #[test]
    fn confirm_then_announce_then_clock() {
        let pos = Chess::default();
        let mut rb = ReadBack::new();
        let s = rb.handle(heard(mv(&pos, "Nf3")));
        assert_eq!(s.prompts, vec![Prompt::ReadBack(mv(&pos, "Nf3"))]);
        assert!(!s.clock_may_switch);
        assert_eq!(rb.pending(), Some(mv(&pos, "Nf3")));
        let s = rb.handle(Event::Yes);
        assert_eq!(s.prompts, vec![Prompt::Announce(mv(&pos, "Nf3"))]);
        assert!(s.clock_may_switch);
        assert_eq!(rb.state(), &State::Announced(mv(&pos, "Nf3")));
        // A second yes does not switch the clock again.
        assert!(!rb.handle(Event::Yes).clock_may_switch);
        rb.next_turn();
        assert_eq!(rb.state(), &State::Listening);
    }

    #[test]
    fn slip_correction_before_the_clock_replaces_the_move() {
        let pos = Chess::default();
        let mut rb = ReadBack::new();
        rb.handle(heard(mv(&pos, "Nf3")));
        let s = rb.handle(heard(mv(&pos, "Nc3")));
        assert_eq!(s.prompts, vec![Prompt::ReadBack(mv(&pos, "Nc3"))]);
        assert!(!s.clock_may_switch);
        let s = rb.handle(Event::Yes);
        assert_eq!(s.prompts, vec![Prompt::Announce(mv(&pos, "Nc3"))]);
        // After the announcement a correction is refused (D.2.8).
        let s = rb.handle(heard(mv(&pos, "Nf3")));
        assert_eq!(s.prompts, vec![Prompt::Stands(mv(&pos, "Nc3"))]);
        assert!(!s.clock_may_switch);
        assert_eq!(rb.state(), &State::Announced(mv(&pos, "Nc3")));
    }

    #[test]
    fn no_clock_switch_on_an_unconfirmed_move() {
        let pos = Chess::default();
        let mut rb = ReadBack::new();
        for ev in [
            Event::Yes,
            heard(mv(&pos, "e4")),
            Event::Number(1),
            Event::Piece(Role::Queen),
            Event::Heard(Settled::NoMatch("x".into())),
            Event::No,
            Event::Yes,
        ] {
            assert!(!rb.handle(ev).clock_may_switch, "{:?}", rb.state());
        }
        assert_eq!(rb.state(), &State::Listening);
        // Not understood while a move is pending: the pending move stays.
        rb.handle(heard(mv(&pos, "e4")));
        let s = rb.handle(Event::Heard(Settled::NoMatch("nothing was heard".into())));
        assert_eq!(s.prompts, vec![Prompt::NoMove("nothing was heard".into())]);
        assert_eq!(rb.pending(), Some(mv(&pos, "e4")));
    }

    #[test]
    fn ambiguity_is_answered_by_number() {
        let pos = position(Some("6k1/8/8/8/8/8/8/1N1N2K1 w - - 0 1"), None).unwrap();
        let a = mv(&pos, "Nbc3");
        let b = mv(&pos, "Ndc3");
        let mut rb = ReadBack::new();
        let s = rb.handle(Event::Heard(Settled::Ambiguous(vec![a, b])));
        assert_eq!(s.prompts, vec![Prompt::Choice(vec![a, b])]);
        // A number outside the choice is refused and the choice stays.
        let s = rb.handle(Event::Number(3));
        assert_eq!(s.prompts, vec![Prompt::OutOfRange(2)]);
        assert!(!rb.handle(Event::Yes).clock_may_switch);
        let s = rb.handle(Event::Number(2));
        assert_eq!(s.prompts, vec![Prompt::ReadBack(b)]);
        let s = rb.handle(Event::Yes);
        assert!(s.clock_may_switch);
        assert_eq!(s.prompts, vec![Prompt::Announce(b)]);
    }

    #[test]
    fn promotion_without_a_piece_is_asked_back() {
        let pos = position(Some("8/P4k2/8/8/8/8/5K2/8 w - - 0 1"), None).unwrap();
        let promos: Vec<Move> = pos
            .legal_moves()
            .into_iter()
            .filter(|m| m.to() == Square::A8)
            .collect();
        assert_eq!(promos.len(), 4);
        let mut rb = ReadBack::new();
        let s = rb.handle(Event::Heard(Settled::Ambiguous(promos.clone())));
        assert_eq!(s.prompts, vec![Prompt::Promotion(promos.clone())]);
        // Yes is not an answer: the question is asked again, nothing is guessed.
        let s = rb.handle(Event::Yes);
        assert_eq!(s.prompts, vec![Prompt::Promotion(promos.clone())]);
        assert!(!s.clock_may_switch);
        let s = rb.handle(Event::Piece(Role::Knight));
        let knight = mv(&pos, "a8=N");
        assert_eq!(s.prompts, vec![Prompt::ReadBack(knight)]);
        assert!(rb.handle(Event::Yes).clock_may_switch);
    }

    #[test]
    fn no_cancels_a_pending_move() {
        let pos = Chess::default();
        let mut rb = ReadBack::new();
        rb.handle(heard(mv(&pos, "d4")));
        assert_eq!(rb.handle(Event::No).prompts, vec![Prompt::Cancelled]);
        assert_eq!(rb.state(), &State::Listening);
        assert_eq!(rb.pending(), None);
    }
}
