//! What a spoken utterance says in play: the grammar the blind player is
//! heard with (the legal moves on his turn, the command phrases, the answer
//! words) and the rules that turn the recogniser's decision into what his
//! seat says — a move or a choice of moves, the words of a command or an
//! answer, or nothing understood — with a resignation, a draw offer and an
//! answer to one asked back before they count. The voice front end in `hector play` only carries the results.

use shakmaty::Move;

use super::listener::{Decision, Grammar, Hypotheses, Meaning};
use super::readback::Event;
use super::wording::Wording;
use crate::session::DrawAct;

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

/// A spoken act that cannot be undone once the game has it: asked back
/// before it is said to the game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Act {
    /// A resignation (5.1.2).
    Resign,
    /// A draw offer (9.1.2: it cannot be taken back), or an answer to the
    /// opponent's: one that agrees a draw, or declines it.
    Draw(DrawAct),
}

/// What the player's seat says after one utterance.
#[derive(Debug, Clone, PartialEq)]
pub enum Said {
    /// A move (one) or a choice of moves (several, best first), with the
    /// decision's confidence: the session reads it back or offers the
    /// choice.
    Moves(Vec<Move>, f32),
    /// The words of a command or an answer, as heard: the session reads
    /// them. An act asked back and confirmed is sent so.
    Words(String),
    /// He said an act that cannot be undone: he is asked whether he really
    /// means it (`Wording::say.resign_confirm`, `draw_offer_confirm` …) and
    /// nothing goes to the session yet.
    Ask(Act),
    /// He confirmed his resignation: the words and his yes go to the
    /// session, which asks every resignation back (5.1.2) — his yes
    /// answers it.
    Resign { words: String, yes: String },
    /// Nothing goes to the session (an act he did not confirm).
    Nothing,
    /// Not understood: the session asks him to say it again.
    NotUnderstood,
}

/// One utterance's outcome: what the seat says, and the act he was asked
/// about and did not confirm, if any — he is first told that it was not
/// made (`Wording::say.resign_kept`, `draw_offer_kept`, `draw_kept`).
#[derive(Debug, Clone, PartialEq)]
pub struct Reply {
    pub kept: Option<Act>,
    pub said: Said,
}

/// The utterances of one player in play, in order: a resignation, a draw
/// offer and an answer to one are asked back and count only after his
/// yes.
#[derive(Debug, Default)]
pub struct Utterances {
    /// The act asked back and its words, until he answers.
    asked: Option<(Act, String)>,
}

/// The commands that may offer a draw or answer an offer.
const DRAW_WORDS: [&str; 3] = ["accept", "decline", "draw"];

impl Utterances {
    /// What the seat says after the decision `h`. `draw_act` tells what
    /// words would do about a draw now (as
    /// [`crate::session::Session::draw_act_of`]): words that would offer
    /// one, agree one or decline the opponent's offer are asked back.
    pub fn said(&mut self, h: &Hypotheses, draw_act: impl Fn(&str) -> Option<DrawAct>) -> Reply {
        // An act asked back: yes makes it; anything else keeps the game
        // as it was (a move or a request is then taken as it is).
        let pending = self.asked.take();
        if let Some((act, words)) = pending.clone() {
            match (act, &h.decision) {
                (Act::Resign, Decision::Command("yes")) => {
                    let yes = h
                        .nbest
                        .iter()
                        .find(|s| s.meanings.contains(&Meaning::Command("yes")))
                        .map_or_else(|| "yes".to_string(), |s| s.text.clone());
                    return Reply {
                        kept: None,
                        said: Said::Resign { words, yes },
                    };
                }
                (Act::Draw(_), Decision::Command("yes")) => {
                    return Reply {
                        kept: None,
                        said: Said::Words(words),
                    };
                }
                // No, or an answer not understood: not made.
                (_, Decision::Command("no") | Decision::Repeat | Decision::None) => {
                    return Reply {
                        kept: Some(act),
                        said: Said::Nothing,
                    };
                }
                _ => {}
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
                let act = match h.decision {
                    Decision::Command("resign") => Some(Act::Resign),
                    Decision::Command(c) if DRAW_WORDS.contains(&c) => {
                        draw_act(&text).map(Act::Draw)
                    }
                    _ => None,
                };
                match act {
                    Some(act) => {
                        self.asked = Some((act, text));
                        Said::Ask(act)
                    }
                    None => Said::Words(text),
                }
            }
            Decision::Repeat | Decision::None => Said::NotUnderstood,
        };
        // He hears that the act was not made, unless he is asked the same
        // kind of act anew.
        let kept = pending.map(|(act, _)| act).filter(|act| {
            !matches!(
                (act, &said),
                (Act::Resign, Said::Ask(Act::Resign)) | (Act::Draw(_), Said::Ask(Act::Draw(_)))
            )
        });
        Reply { kept, said }
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
    fn no_offer(_: &str) -> Option<DrawAct> {
        None
    }

    fn command(name: &'static str, text: &str) -> Hypotheses {
        heard(Decision::Command(name), text, Meaning::Command(name))
    }

    #[test]
    fn a_resignation_counts_only_after_yes() {
        let mut u = Utterances::default();
        let resign = command("resign", "ich gebe auf");
        assert_eq!(u.said(&resign, no_offer).said, Said::Ask(Act::Resign));
        let yes = u.said(&command("yes", "ja"), no_offer);
        assert_eq!(
            yes.said,
            Said::Resign {
                words: "ich gebe auf".into(),
                yes: "ja".into()
            }
        );
        assert_eq!(yes.kept, None);
        // Asked back, then no: the game goes on and nothing is sent.
        assert_eq!(u.said(&resign, no_offer).said, Said::Ask(Act::Resign));
        let no = u.said(&command("no", "nein"), no_offer);
        assert_eq!((no.kept, no.said), (Some(Act::Resign), Said::Nothing));
        // Asked back, then another request: told the game goes on, and the
        // request is taken as it is.
        assert_eq!(u.said(&resign, no_offer).said, Said::Ask(Act::Resign));
        let time = u.said(&command("time", "meine Zeit"), no_offer);
        assert_eq!(
            (time.kept, time.said),
            (Some(Act::Resign), Said::Words("meine Zeit".into()))
        );
        // A yes with no question pending is the command yes.
        assert_eq!(
            u.said(&command("yes", "ja"), no_offer).said,
            Said::Words("ja".into())
        );
    }

    #[test]
    fn a_draw_offer_or_an_answer_to_one_counts_only_after_yes() {
        // The opponent's offer stands: accepting agrees a draw, declining
        // declines it, and "draw" agrees it too (5.2.3).
        let offer = |w: &str| match w {
            "remis annehmen" | "remis" => Some(DrawAct::Agree),
            "remis ablehnen" => Some(DrawAct::Decline),
            _ => None,
        };
        let (agree, decline) = (Act::Draw(DrawAct::Agree), Act::Draw(DrawAct::Decline));
        let mut u = Utterances::default();
        let accept = command("accept", "remis annehmen");
        let refuse = command("decline", "remis ablehnen");
        assert_eq!(u.said(&accept, offer).said, Said::Ask(agree));
        let yes = u.said(&command("yes", "ja"), offer);
        assert_eq!(
            (yes.kept, yes.said),
            (None, Said::Words("remis annehmen".into()))
        );
        // No: nothing is sent, and he is told the offer stands.
        assert_eq!(u.said(&refuse, offer).said, Said::Ask(decline));
        let no = u.said(&command("no", "nein"), offer);
        assert_eq!((no.kept, no.said), (Some(decline), Said::Nothing));
        // Asked to decline, he says accept: the new answer is asked, not
        // the old one said to be kept in between.
        assert_eq!(u.said(&refuse, offer).said, Said::Ask(decline));
        let changed = u.said(&accept, offer);
        assert_eq!((changed.kept, changed.said), (None, Said::Ask(agree)));
        // Asked, then a request: the offer stands, the request is taken.
        let time = u.said(&command("time", "meine Zeit"), offer);
        assert_eq!(
            (time.kept, time.said),
            (Some(agree), Said::Words("meine Zeit".into()))
        );
        // "Draw" against the offer that stands is asked as an agreement.
        let draw = command("draw", "remis");
        assert_eq!(u.said(&draw, offer).said, Said::Ask(agree));
        assert_eq!(u.said(&command("no", "nein"), offer).said, Said::Nothing);
        // With no offer standing "draw" offers one, which cannot be taken
        // back (9.1.2): asked too, and sent on yes.
        let none_stands = |w: &str| (w == "remis").then_some(DrawAct::Offer);
        let offering = Act::Draw(DrawAct::Offer);
        assert_eq!(u.said(&draw, none_stands).said, Said::Ask(offering));
        let yes = u.said(&command("yes", "ja"), none_stands);
        assert_eq!(yes.said, Said::Words("remis".into()));
        // Asked to offer, he says accept, which the game would refuse
        // (no offer stands): he hears no draw was offered, and the session
        // says why it cannot accept.
        assert_eq!(u.said(&draw, none_stands).said, Said::Ask(offering));
        let refused = u.said(&accept, none_stands);
        assert_eq!(
            (refused.kept, refused.said),
            (Some(offering), Said::Words("remis annehmen".into()))
        );
        // Words the game would refuse (no offer to accept) are not asked
        // back: the session says why.
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
