//! Draws, claims and resignation (FIDE Laws 2023, Articles 9.1–9.5 and
//! 5.1.2; D.2.10.5 for a claim on time by the assistant).

use shakmaty::{Color, Position};

use super::{
    ArbiterReason, DrawAction, Event, Kind, Named, Refusal, Rule, Seat, Session, To, one, san_en,
};
use crate::locale::session::Verb;
use crate::notation::phrase::{Form, Heard, hear, say};
use crate::rules::{Claim, ClaimRuling};

/// What a seat's words would do about a draw ([`Session::draw_act_of`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DrawAct {
    /// Offer one (9.1.2: an offer cannot be taken back).
    Offer,
    /// Agree one: accept the opponent's offer, or offer one while his
    /// stands (5.2.3).
    Agree,
    /// Decline the opponent's offer.
    Decline,
}

impl Session {
    /// What `text` said by `from` would do about a draw now, tried on a
    /// copy of the game (the game itself is not touched): offer one, agree
    /// one or decline the opponent's offer; `None` for anything else, a
    /// refusal included. The voice front end asks such words back before
    /// it says them to the game: one misheard word must not end the game,
    /// lose the offer or make one that cannot be taken back.
    pub fn draw_act_of(&self, from: Seat, text: &str) -> Option<DrawAct> {
        let mut probe = self.clone();
        let events = probe.apply(&super::Command {
            t: self.last_t,
            input: super::Input::Text {
                from,
                text: text.to_string(),
            },
        });
        events.iter().find_map(|e| match &e.kind {
            Kind::Result { reason, .. }
                if reason == crate::rules::Termination::DrawAgreed.name() =>
            {
                Some(DrawAct::Agree)
            }
            Kind::Draw {
                action: DrawAction::Declined,
                ..
            } => Some(DrawAct::Decline),
            Kind::Draw {
                action: DrawAction::Offered,
                ..
            } => Some(DrawAct::Offer),
            _ => None,
        })
    }

    /// Art. 9.1: a draw offer by a player. During an adjournment too
    /// (Guidelines I.4): the offer stands until the opponent accepts or
    /// declines it; accepted, the game ends before the resumption (I.6).
    pub(super) fn draw_offer(&mut self, t: u64, from: Seat) -> Vec<Event> {
        let c = match self.need_player(t, from, Verb::Draw) {
            Ok(c) => c,
            Err(e) => return e,
        };
        if let Some(e) = self.draw_too_early(t, from, c) {
            return e;
        }
        // An offer when the opponent's stands is an agreement (5.2.3).
        let theirs = match &self.adjourned {
            Some(a) => a.offer == Some(!c),
            None => self.game.draw_offer() == Some(!c),
        };
        if theirs && let Some(e) = self.agreement_too_early(t, from) {
            return e;
        }
        if self.adjourned.is_some() {
            return self.adjourned_draw(t, c, None);
        }
        if self.game.draw_offer() == Some(!c) {
            return self.draw_answer(t, from, true);
        }
        match self.game.offer_draw(c) {
            Ok(()) => {
                self.mark_offer(c);
                one(
                    t,
                    vec![To::All],
                    Kind::Draw {
                        action: DrawAction::Offered,
                        by: c.into(),
                    },
                )
            }
            Err(e) => self.rules_refusal(t, from, e, Rule::CannotBeDone),
        }
    }

    /// 9.1.1 (2023; 9.1(a) 2009): the event's regulations may forbid
    /// offering or agreeing a draw before a move number
    /// (`--no-draw-before N`). The move a draw by `c` goes with is his
    /// last move if he has just moved, else the one he is about to make;
    /// before move N it is refused and the offer is not marked.
    pub(super) fn draw_too_early(&self, t: u64, from: Seat, c: Color) -> Option<Vec<Event>> {
        let before = self.cfg.no_draw_before?;
        let pos = self.position();
        let full = pos.fullmoves().get();
        let at = if c == Color::Black && pos.turn() == Color::White {
            full.saturating_sub(1)
        } else {
            full
        };
        (at < before).then(|| self.refuse(t, from, Refusal::DrawTooEarly { before }))
    }

    /// FIDE Laws 2023, 5.2.3: a draw is agreed only after both players
    /// have made at least one move (not in 2009 and 2005 5.2(c)). The
    /// offer itself stands (it may be accepted once both have moved); the
    /// agreement before then is refused.
    fn agreement_too_early(&self, t: u64, from: Seat) -> Option<Vec<Event>> {
        (self.cfg.laws.agreement_needs_a_move_each() && !self.game.both_have_moved()).then(|| {
            self.refuse(
                t,
                from,
                Refusal::Rules {
                    reason: Rule::DrawBeforeMoves.into(),
                },
            )
        })
    }

    /// 8.1.5, 9.1.2.2: both players mark a draw offer (=) on their
    /// scoresheets after the offerer's move (and hector in the PGN); an
    /// offer made before that move is marked on it when it is made.
    pub(super) fn mark_offer(&mut self, c: Color) {
        if self.game.turn() == c {
            self.mark_next = Some(c);
            return;
        }
        let ply = self.game.moves().len();
        if ply > 0 && !self.draw_marks.contains(&ply) {
            self.draw_marks.push(ply);
            self.game.set_comment(ply, "(=)");
        }
    }

    /// The offer made before the move just made by `c` is marked on it.
    pub(super) fn mark_after_move(&mut self, c: Color) {
        if self.mark_next == Some(c) {
            self.mark_next = None;
            self.mark_offer(c);
        } else if self.mark_next.is_some() {
            self.mark_next = None;
        }
    }

    /// 8.1.5: marks after a half-move struck from the scoresheets go with it.
    pub(super) fn strike_marks(&mut self, ply: usize) {
        self.draw_marks.retain(|p| *p <= ply);
        self.mark_next = None;
    }

    pub(super) fn draw_answer(&mut self, t: u64, from: Seat, accept: bool) -> Vec<Event> {
        let c = match self.need_player(t, from, if accept { Verb::Accept } else { Verb::Decline }) {
            Ok(c) => c,
            Err(e) => return e,
        };
        // 9.1.1: nor is a draw agreed before that move (an offer by a
        // claim, 9.1.2.3, stands but cannot be accepted yet).
        if accept && let Some(e) = self.draw_too_early(t, from, !c) {
            return e;
        }
        let offered = match &self.adjourned {
            Some(a) => a.offer == Some(!c),
            None => self.game.draw_offer() == Some(!c),
        };
        if accept
            && offered
            && let Some(e) = self.agreement_too_early(t, from)
        {
            return e;
        }
        if self.adjourned.is_some() {
            return self.adjourned_draw(t, c, Some(accept));
        }
        if self.game.draw_offer() != Some(!c) {
            return self.refuse(
                t,
                from,
                Refusal::Rules {
                    reason: Rule::NoDrawOffer.into(),
                },
            );
        }
        if self.adjourned.is_some() && accept {
            // I.6: agreed before the resumption, the game is over.
            let _ = self.game.decline_draw(c);
            return self.end_adjourned(t, None);
        }
        if accept {
            match self.game.accept_draw(c) {
                Ok(()) => match self.game.result() {
                    Some(r) => self.ended(t, r),
                    None => Vec::new(),
                },
                Err(e) => self.rules_refusal(t, from, e, Rule::NoDrawOffer),
            }
        } else {
            match self.game.decline_draw(c) {
                Ok(()) => one(
                    t,
                    vec![To::All],
                    Kind::Draw {
                        action: DrawAction::Declined,
                        by: c.into(),
                    },
                ),
                Err(e) => self.rules_refusal(t, from, e, Rule::NoDrawOffer),
            }
        }
    }

    /// D.2.10.5: a win on time claimed; the arbiter rules.
    pub(super) fn claim_flag(&mut self, t: u64, from: Seat) -> Vec<Event> {
        if from == Seat::Arbiter {
            return self.refuse(
                t,
                from,
                Refusal::NotYourRight {
                    command: Named::Command(Verb::Claim),
                },
            );
        }
        if self.game.is_over() {
            return self.refuse(t, from, Refusal::GameOver);
        }
        // Guidelines I: the clocks are stopped while the game is
        // adjourned; no flag falls or is claimed (unless the replying
        // player's clock was started, I.9.2).
        if self
            .adjourned
            .as_ref()
            .is_some_and(|a| !a.replier_clock_started && a.reply.is_none())
        {
            return self.refuse(t, from, Refusal::Adjourned);
        }
        // 6.9 (D.2.10.5 for the assistant): with hector's clock the claim
        // is checked at once — the opponent's flag must have fallen.
        // Without a clock the arbiter rules on the real one.
        if let (Some(clock), Some(c)) = (self.clock.as_ref(), self.own_color(from))
            && clock.remaining(!c, t) > 0
        {
            return self.refuse(
                t,
                from,
                Refusal::Rules {
                    reason: Rule::FlagNotFallen.into(),
                },
            );
        }
        // 2005 B8, 2009 A.4(d)(2): with hector's clock a claim with the
        // claimant's flag up and his opponent's down wins (a draw when he
        // cannot checkmate, 6.9); the flag counts from the claim.
        if self.flags_by_claim()
            && let (Some(clock), Some(c)) = (self.clock.as_ref(), self.own_color(from))
            && clock.flag(!c).is_some()
            && clock.flag(c).is_none()
        {
            return self.flag_fell(t, !c);
        }
        vec![Event {
            t,
            to: vec![To::Seat(Seat::Arbiter), To::Seat(from)],
            kind: Kind::Arbiter {
                reason: ArbiterReason::FlagClaim,
                by: Some(from),
                detail: None,
            },
        }]
    }

    /// 2009/2005 10.2: the player to move, with less than two minutes on
    /// his clock and his flag up, claims a draw; the clocks stop (6.12(b))
    /// and the arbiter decides: the draw (`result 1/2-1/2`), postponed
    /// (10.2(b): `add-time` two minutes to the opponent, `start clock`) or
    /// rejected (`start clock`). Not under 2023 (no 10.2).
    pub(super) fn claim_quickplay(&mut self, t: u64, from: Seat) -> Vec<Event> {
        let c = match self.need_player(t, from, Verb::Claim) {
            Ok(c) => c,
            Err(e) => return e,
        };
        if self.game.is_over() {
            return self.refuse(t, from, Refusal::GameOver);
        }
        if self.adjourned.is_some() {
            return self.refuse(t, from, Refusal::Adjourned);
        }
        let rule = |r: Rule| Refusal::Rules { reason: r.into() };
        if self.cfg.laws == crate::rules::Laws::Fide2023 {
            return self.refuse(t, from, rule(Rule::QuickplayNotInEdition));
        }
        // 2005 C2, 2009 B.3(b): not in blitz (without adequate supervision).
        if !self
            .cfg
            .laws
            .quickplay_claim(self.game.class(), self.game.supervision())
        {
            return self.refuse(t, from, rule(Rule::QuickplayNotInBlitz));
        }
        if self.game.turn() != c {
            return self.refuse(t, from, rule(Rule::ClaimNotToMove));
        }
        if let Some(clock) = self.clock.as_mut() {
            let left = clock.remaining(c, t);
            if left == 0 || left >= 120_000 || clock.flag(c).is_some() {
                return self.refuse(t, from, rule(Rule::QuickplayTimeLeft));
            }
            if clock.running().is_some() {
                let _ = clock.pause(t);
            }
        }
        vec![Event {
            t,
            to: vec![To::All],
            kind: Kind::Arbiter {
                reason: ArbiterReason::QuickplayClaim,
                by: Some(from),
                detail: None,
            },
        }]
    }

    /// Art. 9.2, 9.3 claims, with the intended move as written.
    pub(super) fn claim(
        &mut self,
        t: u64,
        from: Seat,
        claim: Claim,
        intended: Option<&str>,
    ) -> Vec<Event> {
        let c = match self.need_player(t, from, Verb::Claim) {
            Ok(c) => c,
            Err(e) => return e,
        };
        // Guidelines I (9.2, 9.3): a claim is made at the board by the
        // player to move; while the game is adjourned there is none.
        if self.adjourned.is_some() {
            return self.refuse(t, from, Refusal::Adjourned);
        }
        if c != self.game.turn() {
            return self.refuse(t, from, Refusal::NotYourTurn);
        }
        let intended = if let Some(text) = intended {
            let pos = self.position();
            // Said in the game's words: the session's sentences are spoken.
            let reason = match hear(pos, text, self.loc) {
                Heard::Move(m) => Ok(m),
                Heard::NoMatch(r) => Err(r.spoken(self.loc)),
                Heard::Ambiguous(ms) => {
                    let list: Vec<String> = ms
                        .iter()
                        .map(|m| say(pos, *m, self.loc, Form::Long))
                        .collect();
                    Err(self.loc.message(
                        "ambiguous",
                        &[("n", &ms.len().to_string()), ("list", &list.join(", "))],
                    ))
                }
            };
            match reason {
                Ok(m) => Some(m),
                Err(reason) => {
                    return self.refuse(t, from, Refusal::Illegal { reason });
                }
            }
        } else {
            None
        };
        let before = self.position().clone();
        let plies = self.game.moves().len();
        self.note_remaining(t);
        match self.game.claim_draw(c, claim, intended) {
            Ok(ClaimRuling::Drawn) => match self.game.result() {
                Some(r) => self.ended(t, r),
                None => Vec::new(),
            },
            Ok(ClaimRuling::Incorrect { .. }) => {
                let mut out = one(
                    t,
                    vec![To::All],
                    Kind::Refused {
                        why: Refusal::Rules {
                            reason: Rule::ClaimIncorrect.into(),
                        },
                    },
                );
                // Art. 9.4: an incorrect claim with a written move: the move
                // is made.
                if self.game.moves().len() > plies
                    && let Some(m) = self.game.moves().last().copied()
                {
                    self.boards.record_move(&before, m, t);
                    self.synced = self.game.moves().len();
                    out.push(Event {
                        t,
                        to: vec![To::All],
                        kind: Kind::Moved {
                            san: san_en(&before, m),
                            uci: m.to_uci(self.game.castling_mode()).to_string(),
                            ply: self.game.moves().len(),
                            by: c.into(),
                            via: from,
                            fen_before: shakmaty::fen::Fen::from_position(
                                &before,
                                shakmaty::EnPassantMode::Legal,
                            )
                            .to_string(),
                        },
                    });
                    self.press_after_move(t, c);
                }
                // Art. 9.1.2.3: a claim under 9.2 or 9.3 is also a draw
                // offer; it stands until the opponent accepts or declines.
                if !self.game.is_over() && self.game.offer_draw(c).is_ok() {
                    self.mark_offer(c);
                    out.push(Event {
                        t,
                        to: vec![To::All],
                        kind: Kind::Draw {
                            action: DrawAction::Offered,
                            by: c.into(),
                        },
                    });
                }
                out
            }
            Err(e) => self.rules_refusal(t, from, e, Rule::ClaimNotToMove),
        }
    }

    /// Art. 5.1.2: a player resigns (I.6: also before the envelope is
    /// opened).
    pub(super) fn resign(&mut self, t: u64, from: Seat) -> Vec<Event> {
        let c = match self.need_player(t, from, Verb::Resign) {
            Ok(c) => c,
            Err(e) => return e,
        };
        if self.adjourned.is_some() {
            return self.end_adjourned(t, Some(c));
        }
        match self.game.resign(c) {
            Ok(()) => match self.game.result() {
                Some(r) => self.ended(t, r),
                None => Vec::new(),
            },
            Err(e) => self.rules_refusal(t, from, e, Rule::CannotBeDone),
        }
    }
}
