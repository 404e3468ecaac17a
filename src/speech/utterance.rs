//! What a spoken utterance says in play: the grammar the blind player is
//! heard with (the legal moves on his turn, the command phrases, the answer
//! words) and the rules that turn the recogniser's decision into what his
//! seat says — a move or a choice of moves, the words of a command or an
//! answer, or nothing understood — with a resignation asked back before it
//! counts. The voice front end in `hector play` only carries the results.

use shakmaty::Move;

use super::listener::{Decision, Grammar, Hypotheses, Meaning};
use super::readback::Event;
use super::wording::Wording;

/// The meaning of every phrase the recogniser listens for in play: the
/// legal moves (on his turn), the command phrases and the answer words
/// (yes and no as the commands of those names, numbers, promotion pieces).
pub fn play_grammar(
    phrases: &[(Move, String)],
    commands: &[(&'static str, String)],
    wording: &Wording,
    code: &str,
) -> Grammar {
    let mut g = Grammar {
        phrases: phrases
            .iter()
            .map(|(m, p)| (Meaning::Move(*m), p.clone()))
            .collect(),
    }
    .with_commands(commands)
    .with_answers(code);
    for w in wording.answer_words() {
        if !g.meanings(&w).is_empty() {
            continue;
        }
        let m = match wording.answer(&w) {
            Some(Event::Yes) => Meaning::Command("yes"),
            Some(Event::No) => Meaning::Command("no"),
            Some(Event::Number(n)) => Meaning::Number(n),
            Some(Event::Piece(r)) => Meaning::Piece(r),
            _ => continue,
        };
        g.phrases.push((m, w));
    }
    g
}

/// What the player's seat says after one utterance.
#[derive(Debug, Clone, PartialEq)]
pub enum Said {
    /// A move (one) or a choice of moves (several, best first), with the
    /// decision's confidence: the session reads it back or offers the
    /// choice.
    Moves(Vec<Move>, f32),
    /// The words of a command or an answer, as heard: the session reads them.
    Words(String),
    /// He said he resigns: he is asked whether he really does
    /// (`Wording::say.resign_confirm`) and nothing goes to the session yet.
    AskResign,
    /// He confirmed his resignation: the words and his yes go to the
    /// session, which asks every resignation back (5.1.2) — his yes
    /// answers it.
    Resign { words: String, yes: String },
    /// Nothing goes to the session (a resignation he did not confirm).
    Nothing,
    /// Not understood: the session asks him to say it again.
    NotUnderstood,
}

/// One utterance's outcome: what the seat says, and whether he must first
/// be told that the game goes on (`Wording::say.resign_kept`: he was asked
/// whether he resigns and did not say yes).
#[derive(Debug, Clone, PartialEq)]
pub struct Reply {
    pub resign_kept: bool,
    pub said: Said,
}

/// The utterances of one player in play, in order: a resignation is asked
/// back and counts only after his yes.
#[derive(Debug, Default)]
pub struct Utterances {
    /// The words of a resignation asked back, until he answers.
    resigning: Option<String>,
}

impl Utterances {
    /// What the seat says after the decision `h`.
    pub fn said(&mut self, h: &Hypotheses) -> Reply {
        let mut resign_kept = false;
        // A resignation asked back: yes resigns; anything else keeps the
        // game going (a move or a request is then taken as it is).
        if let Some(words) = self.resigning.take() {
            match h.decision {
                Decision::Command("yes") => {
                    let yes = h
                        .nbest
                        .iter()
                        .find(|s| s.meanings.contains(&Meaning::Command("yes")))
                        .map_or_else(|| "yes".to_string(), |s| s.text.clone());
                    return Reply {
                        resign_kept: false,
                        said: Said::Resign { words, yes },
                    };
                }
                // No, or an answer not understood: he has not resigned.
                Decision::Command("no") | Decision::Repeat | Decision::None => {
                    return Reply {
                        resign_kept: true,
                        said: Said::Nothing,
                    };
                }
                // Asked again below.
                Decision::Command("resign") => {}
                _ => resign_kept = true,
            }
        }
        let said = match &h.decision {
            Decision::Move(mv) => Said::Moves(vec![*mv], h.confidence),
            Decision::Choice(ms) => Said::Moves(ms.clone(), h.confidence),
            Decision::Command(_) | Decision::Number(_) | Decision::Piece(_) => {
                // The session reads the words of a command or an answer.
                let meant = |m: &Meaning| match (&h.decision, m) {
                    (Decision::Command(a), Meaning::Command(b)) => a == b,
                    (Decision::Number(a), Meaning::Number(b)) => a == b,
                    (Decision::Piece(a), Meaning::Piece(b)) => a == b,
                    _ => false,
                };
                let text = h
                    .nbest
                    .iter()
                    .find(|s| s.meanings.iter().any(meant))
                    .map(|s| s.text.clone())
                    .unwrap_or_default();
                if h.decision == Decision::Command("resign") {
                    self.resigning = Some(text);
                    Said::AskResign
                } else {
                    Said::Words(text)
                }
            }
            Decision::Repeat | Decision::None => Said::NotUnderstood,
        };
        Reply { resign_kept, said }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::speech::listener::Scored;

    fn heard(decision: Decision, text: &str, meaning: Meaning) -> Hypotheses {
        Hypotheses {
            nbest: vec![Scored {
                text: text.to_string(),
                meanings: vec![meaning],
                posterior: 0.9,
            }],
            decision,
            confidence: 0.9,
        }
    }

    fn command(name: &'static str, text: &str) -> Hypotheses {
        heard(Decision::Command(name), text, Meaning::Command(name))
    }

    #[test]
    fn a_resignation_counts_only_after_yes() {
        let mut u = Utterances::default();
        let resign = command("resign", "ich gebe auf");
        assert_eq!(u.said(&resign).said, Said::AskResign);
        let yes = u.said(&command("yes", "ja"));
        assert_eq!(
            yes.said,
            Said::Resign {
                words: "ich gebe auf".into(),
                yes: "ja".into()
            }
        );
        assert!(!yes.resign_kept);
        // Asked back, then no: the game goes on and nothing is sent.
        assert_eq!(u.said(&resign).said, Said::AskResign);
        let no = u.said(&command("no", "nein"));
        assert_eq!((no.resign_kept, no.said), (true, Said::Nothing));
        // Asked back, then another request: told the game goes on, and the
        // request is taken as it is.
        assert_eq!(u.said(&resign).said, Said::AskResign);
        let time = u.said(&command("time", "meine Zeit"));
        assert_eq!(
            (time.resign_kept, time.said),
            (true, Said::Words("meine Zeit".into()))
        );
        // A yes with no question pending is the command yes.
        assert_eq!(u.said(&command("yes", "ja")).said, Said::Words("ja".into()));
    }

    #[test]
    fn moves_choices_and_nothing_understood() {
        let mut u = Utterances::default();
        let e4 = Move::Normal {
            role: shakmaty::Role::Pawn,
            from: shakmaty::Square::E2,
            capture: None,
            to: shakmaty::Square::E4,
            promotion: None,
        };
        let h = heard(Decision::Move(e4), "Eva vier", Meaning::Move(e4));
        assert_eq!(u.said(&h).said, Said::Moves(vec![e4], 0.9));
        let none = heard(Decision::None, "", Meaning::Command("x"));
        assert_eq!(u.said(&none).said, Said::NotUnderstood);
        let repeat = heard(Decision::Repeat, "Eva", Meaning::Move(e4));
        assert_eq!(u.said(&repeat).said, Said::NotUnderstood);
    }
}
