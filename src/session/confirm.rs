//! Irreversible acts are read back and made only on yes (FIDE Laws 2023,
//! 5.1.2 resignation, 12.2 a result, 7.5.5 a penalty, 6.10.2 a clock
//! correction, 6.7 a player absent): the same pending/confirm way as a
//! blind player's move (D.2.1, D.2.8). Whatever front end the words come
//! from — a typed line, a page's button, the voice, Braille keys — the
//! session asks the seat back; its yes makes the act, its no or anything
//! else it does cancels it. The same request again while it waits asks
//! again and does nothing more, and a second yes finds nothing to confirm:
//! a double click on a button never acts twice (a double-clicked penalty
//! never forfeits a game).

use shakmaty::Color;

use super::arbiter::Correction;
use super::request::{Request, Score, echo};
use super::{ActName, Event, Kind, Seat, Session, To, san_en};
use crate::notation::phrase::{Heard, hear};
use crate::rules::Claim;

/// An act that waits for its seat's yes.
#[derive(Debug, Clone, PartialEq)]
pub(super) enum Act {
    Resign,
    Result(Score),
    Illegal {
        player: Option<Color>,
        ply: Option<usize>,
    },
    Clock(Correction),
    Absent(Color),
    /// D.2.8 with 9.2.1, 9.3: a blind player's draw claim with the move
    /// he intends, read back before the arbiter's ruling.
    Claim {
        claim: Claim,
        intended: String,
    },
    /// D.2.8 with I.1.1: a blind player's sealed move, read back before
    /// it is sealed; until his yes he may change it.
    Seal {
        text: String,
        early: Option<u64>,
    },
}

impl Act {
    /// The act a request asks for, when it is one that needs a yes from
    /// this seat: a player's resignation; the arbiter's result, penalty,
    /// clock correction or absence (a player's `illegal` is only a claim
    /// to the arbiter and is not asked back).
    pub(super) fn of(r: &Request, from: Seat, blind: bool) -> Option<Act> {
        let arbiter = from == Seat::Arbiter;
        Some(match r {
            Request::Resign if from.color().is_some() => Act::Resign,
            Request::Result(s) if arbiter => Act::Result(*s),
            Request::Illegal { player, ply } if arbiter => Act::Illegal {
                player: *player,
                ply: *ply,
            },
            Request::SetTime { player, ms } if arbiter => {
                Act::Clock(Correction::SetTime(*player, *ms))
            }
            Request::AddTime { player, ms } if arbiter => {
                Act::Clock(Correction::AddTime(*player, *ms))
            }
            Request::SetMoves { player, moves } if arbiter => {
                Act::Clock(Correction::SetMoves(*player, *moves))
            }
            Request::Absent(c) if arbiter => Act::Absent(*c),
            Request::Claim {
                claim,
                intended: Some(text),
            } if blind => Act::Claim {
                claim: *claim,
                intended: text.clone(),
            },
            Request::Adjourn {
                sealed,
                early_minutes,
            } if blind => Act::Seal {
                text: sealed.clone(),
                early: *early_minutes,
            },
            _ => return None,
        })
    }

    /// The act's name in the events (`resign`, `result`, `illegal`,
    /// `set-time`, `add-time`, `set-moves`, `absent`).
    fn name(&self) -> ActName {
        match self {
            Act::Resign => ActName::Resign,
            Act::Result(_) => ActName::Result,
            Act::Illegal { .. } => ActName::Illegal,
            Act::Clock(Correction::SetTime(..)) => ActName::SetTime,
            Act::Clock(Correction::AddTime(..)) => ActName::AddTime,
            Act::Clock(Correction::SetMoves(..)) => ActName::SetMoves,
            Act::Absent(_) => ActName::Absent,
            Act::Claim { .. } => ActName::Claim,
            Act::Seal { .. } => ActName::Seal,
        }
    }

    /// The question's event: what is asked, with its details.
    fn question(&self) -> Kind {
        let (player, ms, result, ply) = match self {
            Act::Resign => (None, None, None, None),
            Act::Result(s) => (
                None,
                None,
                Some(match s {
                    Score::Game(o) => o.to_string(),
                    Score::Adjusted(a) => a.to_string(),
                }),
                None,
            ),
            Act::Illegal { player, ply } => (player.map(Into::into), None, None, *ply),
            Act::Clock(Correction::SetTime(c, ms) | Correction::AddTime(c, ms)) => {
                (Some((*c).into()), Some(*ms), None, None)
            }
            Act::Clock(Correction::SetMoves(c, n)) => {
                (Some((*c).into()), Some(u64::from(*n)), None, None)
            }
            Act::Absent(c) => (Some((*c).into()), None, None, None),
            Act::Claim { .. } | Act::Seal { .. } => (None, None, None, None),
        };
        Kind::Confirm {
            act: self.name(),
            player,
            ms,
            result,
            ply,
            claim: None,
            san: None,
            uci: None,
            fen_before: None,
        }
    }
}

impl Session {
    /// The confirmation step in front of every request of a seat: its
    /// answer to a pending act, a new act asked back, or `None` when the
    /// request goes on as it is.
    pub(super) fn confirmation(&mut self, t: u64, from: Seat, r: &Request) -> Option<Vec<Event>> {
        // D.2.8: a blind player hears his claim's intended move and his
        // sealed move read back before they count.
        let blind = from.color().is_some_and(|c| self.is_blind(c));
        let asked = Act::of(r, from, blind);
        if let Some(act) = self.confirm.get(&from).cloned() {
            match r {
                Request::Yes => {
                    self.confirm.remove(&from);
                    return Some(self.act(t, from, act));
                }
                Request::No => {
                    self.confirm.remove(&from);
                    return Some(self.act_cancelled(t, from, &act));
                }
                // The same request again: asked again, nothing more.
                _ if asked.as_ref() == Some(&act) => {
                    return Some(self.ask(t, from, &act));
                }
                // Anything else that does something cancels it, and is
                // done as it is; a line refused (not understood, not this
                // seat's right …) changes nothing and the question stays.
                _ => {
                    self.confirm.remove(&from);
                    let out = match self.confirmation(t, from, r) {
                        Some(e) => e,
                        None => self.request(t, from, r.clone()),
                    };
                    if only_refused(&out, from) && !self.confirm.contains_key(&from) {
                        self.confirm.insert(from, act);
                        return Some(out);
                    }
                    let mut all = self.act_cancelled(t, from, &act);
                    all.extend(out);
                    return Some(all);
                }
            }
        }
        let act = asked?;
        // An act that would be refused is refused at once, not asked: it
        // is tried on a copy of the game.
        let mut probe = self.clone();
        let tried = probe.act(t, from, act.clone());
        if only_refused(&tried, from) {
            return Some(tried);
        }
        self.confirm.insert(from, act.clone());
        Some(self.ask(t, from, &act))
    }

    fn ask(&self, t: u64, from: Seat, act: &Act) -> Vec<Event> {
        let mut kind = act.question();
        if let (
            Act::Claim { intended: text, .. } | Act::Seal { text, .. },
            Kind::Confirm {
                claim,
                san,
                uci,
                fen_before,
                ..
            },
        ) = (act, &mut kind)
        {
            if let Act::Claim { claim: c, .. } = act {
                *claim = Some(c.name().to_string());
            }
            // The move as hector understood it, or (a sealed move that is
            // no legal move) the text as written.
            match hear(self.position(), text, self.loc) {
                Heard::Move(m) => {
                    *san = Some(san_en(self.position(), m));
                    *uci = Some(self.uci(m));
                    *fen_before = Some(self.game.fen());
                }
                _ => *san = Some(echo(text)),
            }
        }
        vec![Event {
            t,
            to: vec![To::Seat(from)],
            kind,
        }]
    }

    fn act_cancelled(&self, t: u64, from: Seat, act: &Act) -> Vec<Event> {
        vec![Event {
            t,
            to: vec![To::Seat(from)],
            kind: Kind::Cancelled {
                act: Some(act.name()),
            },
        }]
    }

    /// Makes an act confirmed by its seat.
    fn act(&mut self, t: u64, from: Seat, act: Act) -> Vec<Event> {
        match act {
            Act::Resign => self.resign(t, from),
            Act::Result(s) => self.arbiter_result(t, from, s),
            Act::Illegal { player, ply } => self.illegal(t, from, player, ply),
            Act::Clock(fix) => self.correct_clock(t, from, fix),
            Act::Absent(c) => self.absent(t, from, c),
            Act::Claim { claim, intended } => self.claim(t, from, claim, Some(&intended)),
            Act::Seal { text, early } => self.adjourn(t, from, &text, early),
        }
    }

    /// True when the seat has an act waiting for its yes.
    pub(super) fn asks(&self, from: Seat) -> bool {
        self.confirm.contains_key(&from)
    }
}

/// True when every event is a refusal to the seat (nothing happened).
fn only_refused(events: &[Event], from: Seat) -> bool {
    !events.is_empty()
        && events
            .iter()
            .all(|e| matches!(e.kind, Kind::Refused { .. }) && e.to == vec![To::Seat(from)])
}
