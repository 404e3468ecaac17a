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
    /// He answered the opponent's draw offer: agreed (`true`: accepted, or
    /// a draw offered against the offer that stands, 5.2.3) or declined.
    /// He is asked whether he really does (`Wording::say.draw_accept_confirm`,
    /// `draw_decline_confirm`) and nothing goes to the session yet; his
    /// yes sends the answer's words.
    AskDraw { accept: bool },
    /// Nothing goes to the session (a resignation or a draw answer he did
    /// not confirm).
    Nothing,
    /// Not understood: the session asks him to say it again.
    NotUnderstood,
}

/// One utterance's outcome: what the seat says, and whether he must first
/// be told that the game goes on (`Wording::say.resign_kept`: he was asked
/// whether he resigns and did not say yes) or that the offer still stands
/// (`Wording::say.draw_kept`: he was asked about his answer to a draw
/// offer and did not say yes).
#[derive(Debug, Clone, PartialEq)]
pub struct Reply {
    pub resign_kept: bool,
    pub draw_kept: bool,
    pub said: Said,
}

/// An act asked back, until he answers.
#[derive(Debug, Clone, PartialEq)]
enum Asked {
    Resign(String),
    Draw(String),
}

/// The utterances of one player in play, in order: a resignation, and an
/// answer to a draw offer, are asked back and count only after his yes.
#[derive(Debug, Default)]
pub struct Utterances {
    asked: Option<Asked>,
}

/// The commands that may answer a draw offer (`draw` agrees one when the
/// opponent's offer stands, 5.2.3).
const DRAW_ANSWERS: [&str; 3] = ["accept", "decline", "draw"];

impl Utterances {
    /// What the seat says after the decision `h`. `draw_answer` tells what
    /// words would do to a draw offer now (as
    /// [`crate::session::Session::draw_answer_of`]): an answer that would
    /// agree a draw or decline the opponent's offer is asked back.
    pub fn said(&mut self, h: &Hypotheses, draw_answer: impl Fn(&str) -> Option<bool>) -> Reply {
        let mut reply = Reply {
            resign_kept: false,
            draw_kept: false,
            said: Said::Nothing,
        };
        // An act asked back: yes makes it; anything else keeps the game
        // going (a move or a request is then taken as it is).
        if let Some(asked) = self.asked.take() {
            let again = match (&asked, &h.decision) {
                (Asked::Resign(_), Decision::Command("resign")) => true,
                (Asked::Draw(_), Decision::Command(c)) => DRAW_ANSWERS.contains(c),
                _ => false,
            };
            if !again {
                match &asked {
                    Asked::Resign(_) => reply.resign_kept = true,
                    Asked::Draw(_) => reply.draw_kept = true,
                }
            }
            match (asked, &h.decision) {
                (Asked::Resign(words), Decision::Command("yes")) => {
                    let yes = h
                        .nbest
                        .iter()
                        .find(|s| s.meanings.contains(&Meaning::Command("yes")))
                        .map_or_else(|| "yes".to_string(), |s| s.text.clone());
                    reply.resign_kept = false;
                    reply.said = Said::Resign { words, yes };
                    return reply;
                }
                (Asked::Draw(words), Decision::Command("yes")) => {
                    reply.draw_kept = false;
                    reply.said = Said::Words(words);
                    return reply;
                }
                // No, or an answer not understood: he has not resigned, nor
                // answered the offer.
                (_, Decision::Command("no") | Decision::Repeat | Decision::None) => {
                    return reply;
                }
                // Asked again (or taken as it is) below.
                _ => {}
            }
        }
        reply.said = match &h.decision {
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
                let answer = match h.decision {
                    Decision::Command(c) if DRAW_ANSWERS.contains(&c) => draw_answer(&text),
                    _ => None,
                };
                if h.decision == Decision::Command("resign") {
                    self.asked = Some(Asked::Resign(text));
                    Said::AskResign
                } else if let Some(accept) = answer {
                    self.asked = Some(Asked::Draw(text));
                    Said::AskDraw { accept }
                } else {
                    Said::Words(text)
                }
            }
            Decision::Repeat | Decision::None => Said::NotUnderstood,
        };
        reply
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

    /// No draw offer to answer.
    fn no_offer(_: &str) -> Option<bool> {
        None
    }

    fn command(name: &'static str, text: &str) -> Hypotheses {
        heard(Decision::Command(name), text, Meaning::Command(name))
    }

    #[test]
    fn a_resignation_counts_only_after_yes() {
        let mut u = Utterances::default();
        let resign = command("resign", "ich gebe auf");
        assert_eq!(u.said(&resign, no_offer).said, Said::AskResign);
        let yes = u.said(&command("yes", "ja"), no_offer);
        assert_eq!(
            yes.said,
            Said::Resign {
                words: "ich gebe auf".into(),
                yes: "ja".into()
            }
        );
        assert!(!yes.resign_kept);
        // Asked back, then no: the game goes on and nothing is sent.
        assert_eq!(u.said(&resign, no_offer).said, Said::AskResign);
        let no = u.said(&command("no", "nein"), no_offer);
        assert_eq!((no.resign_kept, no.said), (true, Said::Nothing));
        // Asked back, then another request: told the game goes on, and the
        // request is taken as it is.
        assert_eq!(u.said(&resign, no_offer).said, Said::AskResign);
        let time = u.said(&command("time", "meine Zeit"), no_offer);
        assert_eq!(
            (time.resign_kept, time.said),
            (true, Said::Words("meine Zeit".into()))
        );
        // A yes with no question pending is the command yes.
        assert_eq!(
            u.said(&command("yes", "ja"), no_offer).said,
            Said::Words("ja".into())
        );
    }

    #[test]
    fn an_answer_to_a_draw_offer_counts_only_after_yes() {
        // The offer stands: accepting agrees a draw, declining declines it,
        // and "draw" agrees it too (5.2.3).
        let offer = |w: &str| match w {
            "remis annehmen" | "remis" => Some(true),
            "remis ablehnen" => Some(false),
            _ => None,
        };
        let mut u = Utterances::default();
        let accept = command("accept", "remis annehmen");
        let decline = command("decline", "remis ablehnen");
        assert_eq!(u.said(&accept, offer).said, Said::AskDraw { accept: true });
        let yes = u.said(&command("yes", "ja"), offer);
        assert_eq!(yes.said, Said::Words("remis annehmen".into()));
        assert!(!yes.draw_kept && !yes.resign_kept);
        // No: nothing is sent, and he is told the offer stands.
        assert_eq!(
            u.said(&decline, offer).said,
            Said::AskDraw { accept: false }
        );
        let no = u.said(&command("no", "nein"), offer);
        assert_eq!((no.draw_kept, no.said), (true, Said::Nothing));
        // Asked to decline, he says accept: the new answer is asked, the
        // offer not said to stand in between.
        assert_eq!(
            u.said(&decline, offer).said,
            Said::AskDraw { accept: false }
        );
        let changed = u.said(&accept, offer);
        assert_eq!(
            (changed.draw_kept, changed.said),
            (false, Said::AskDraw { accept: true })
        );
        // Asked, then a request: the offer stands, the request is taken.
        let time = u.said(&command("time", "meine Zeit"), offer);
        assert_eq!(
            (time.draw_kept, time.said),
            (true, Said::Words("meine Zeit".into()))
        );
        // "Draw" against the offer that stands is asked as an acceptance;
        // with no offer to answer, it is a draw offer and goes on as it is.
        let draw = command("draw", "remis");
        assert_eq!(u.said(&draw, offer).said, Said::AskDraw { accept: true });
        assert_eq!(u.said(&command("no", "nein"), offer).said, Said::Nothing);
        assert_eq!(u.said(&draw, no_offer).said, Said::Words("remis".into()));
        // An answer the game would refuse (no offer) is not asked back:
        // the session says why.
        assert_eq!(
            u.said(&accept, no_offer).said,
            Said::Words("remis annehmen".into())
        );
        // A yes with nothing asked is the command yes.
        assert_eq!(
            u.said(&command("yes", "ja"), offer).said,
            Said::Words("ja".into())
        );
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
        assert_eq!(u.said(&h, no_offer).said, Said::Moves(vec![e4], 0.9));
        let none = heard(Decision::None, "", Meaning::Command("x"));
        assert_eq!(u.said(&none, no_offer).said, Said::NotUnderstood);
        let repeat = heard(Decision::Repeat, "Eva", Meaning::Move(e4));
        assert_eq!(u.said(&repeat, no_offer).said, Said::NotUnderstood);
    }
}
