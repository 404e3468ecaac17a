//! The arbiter's rulings and the reports he receives (FIDE Laws 2023,
//! Articles 6.10–6.12, 7.1, 7.5, 12; D.2.10.5): starting and stopping the
//! clocks, correcting a time or a move counter, penalising a completed
//! illegal move, setting a result, a player or assistant calling him or
//! reporting a touched piece.

use shakmaty::{Color, KnownOutcome, Position};

use crate::boards::adjourn::Opened;

use super::request::{Adjusted, Score};
use super::{
    ArbiterReason, ClockAction, ClockReason, Event, Kind, Named, Refusal, Rule, Seat, Session, To,
    ci, one,
};
use crate::locale::session::Verb;
use crate::rules::{GameResult, IllegalMoveRuling, Termination};

impl Session {
    pub(super) fn need_arbiter(&self, t: u64, from: Seat, verb: Verb) -> Option<Vec<Event>> {
        (from != Seat::Arbiter).then(|| self.not_your_right(t, from, verb))
    }

    pub(super) fn need_player(&self, t: u64, from: Seat, verb: Verb) -> Result<Color, Vec<Event>> {
        from.color()
            .ok_or_else(|| self.not_your_right(t, from, verb))
    }

    pub(super) fn rules_refusal(
        &self,
        t: u64,
        from: Seat,
        e: crate::rules::RulesError,
        refused: Rule,
    ) -> Vec<Event> {
        use crate::rules::RulesError as E;
        let rule = |r: Rule| Refusal::Rules { reason: r.into() };
        let why = match e {
            E::GameOver(_) => Refusal::GameOver,
            E::NotYourTurn(_) => Refusal::NotYourTurn,
            // What the rules refused, as the request that asked it names it.
            E::Refused(_) => rule(refused),
            E::IllegalMove(_) => rule(Rule::MoveNotLegal),
            E::BadFen { .. }
            | E::IllegalPosition { .. }
            | E::Pgn(_)
            | E::PgnIllegal { .. }
            | E::PgnAfterEnd { .. }
            | E::PgnText(_) => rule(Rule::CannotBeDone),
        };
        self.refuse(t, from, why)
    }

    pub(super) fn start_stop(&mut self, t: u64, from: Seat, start: bool) -> Vec<Event> {
        if let Some(e) = self.need_arbiter(
            t,
            from,
            if start {
                Verb::StartClock
            } else {
                Verb::StopClock
            },
        ) {
            return e;
        }
        if start && self.adjourned.is_some() && self.clock.is_some() {
            return self.start_replier_clock(t, from);
        }
        let over = self.game.is_over();
        let Some(clock) = self.clock.as_mut() else {
            return self.refuse(t, from, Refusal::NoClock);
        };
        let r = if start {
            if over {
                Err(ClockReason::GameOver)
            } else if !clock.is_started() {
                clock
                    .start_with(self.game.turn(), t)
                    .map_err(ClockReason::from)
            } else if clock.is_paused() {
                clock.resume(t).map_err(ClockReason::from)
            } else {
                Err(ClockReason::AlreadyRunning)
            }
        } else if clock.running().is_some() {
            clock.pause(t).map_err(ClockReason::from)
        } else {
            Err(ClockReason::AlreadyStopped)
        };
        // 6.6, 6.7: the session starts when the clocks first run.
        if r.is_ok() && start && self.game.moves().len() == self.clock_base_ply {
            self.session_start = Some(t);
        }
        match r {
            Ok(()) => one(
                t,
                vec![To::All],
                Kind::Clock {
                    action: if start {
                        ClockAction::Started
                    } else {
                        ClockAction::Stopped
                    },
                    player: None,
                    ms: None,
                    by_rule: false,
                },
            ),
            Err(reason) => self.refuse(t, from, Refusal::Clock { reason }),
        }
    }

    /// 6.10.2, 7.1: the arbiter corrects a time or a move counter.
    pub(super) fn correct_clock(&mut self, t: u64, from: Seat, fix: Correction) -> Vec<Event> {
        let (name, c) = match fix {
            Correction::SetTime(c, _) => (Verb::SetTime, c),
            Correction::AddTime(c, _) => (Verb::AddTime, c),
            Correction::SetMoves(c, _) => (Verb::SetMoves, c),
        };
        if let Some(e) = self.need_arbiter(t, from, name) {
            return e;
        }
        let Some(clock) = self.clock.as_mut() else {
            return self.refuse(t, from, Refusal::NoClock);
        };
        let (r, action, v) = match fix {
            Correction::SetTime(_, ms) => (clock.set_time(c, ms, t), ClockAction::Set, ms),
            Correction::AddTime(_, ms) => (clock.add_time(c, ms, t), ClockAction::Added, ms),
            Correction::SetMoves(_, n) => {
                (clock.set_moves(c, n, t), ClockAction::Moves, u64::from(n))
            }
        };
        if r.is_ok()
            && let Some(a) = self.adjourned.as_mut()
        {
            a.clock_corrected = true;
        }
        match r {
            Ok(()) => one(
                t,
                vec![To::All],
                Kind::Clock {
                    action,
                    player: Some(c.into()),
                    ms: Some(v),
                    by_rule: false,
                },
            ),
            Err(e) => self.refuse(t, from, Refusal::Clock { reason: e.into() }),
        }
    }

    /// Art. 7.5: a completed illegal move, ruled by the arbiter; a player
    /// can only claim it (the arbiter is told). With the half-move it was
    /// made at (`illegal white 3`), found later, the position immediately
    /// before it is reinstated with both scoresheets, both boards and the
    /// clocks (7.5.1); without it, the illegal move was never entered and
    /// the position stands.
    pub(super) fn illegal(
        &mut self,
        t: u64,
        from: Seat,
        player: Option<Color>,
        ply: Option<usize>,
    ) -> Vec<Event> {
        if from != Seat::Arbiter {
            return vec![Event {
                t,
                to: vec![To::Seat(Seat::Arbiter), To::Seat(from)],
                kind: Kind::Arbiter {
                    reason: ArbiterReason::IllegalClaimed,
                    by: Some(from),
                    detail: None,
                },
            }];
        }
        if self.game.is_over() {
            return self.refuse(t, from, Refusal::GameOver);
        }
        let back_to = match ply {
            None => None,
            Some(n) => {
                let made = self.game.moves().len();
                let before = n.checked_sub(1).filter(|i| *i < made);
                let mover = before.and_then(|i| self.game.position_at(i).map(|p| p.turn()));
                match (before, mover, player) {
                    (Some(i), Some(m), None) => Some((i, m)),
                    (Some(i), Some(m), Some(p)) if p == m => Some((i, m)),
                    _ => {
                        return self.refuse(
                            t,
                            from,
                            Refusal::Rules {
                                reason: Rule::NoSuchHalfMove.into(),
                            },
                        );
                    }
                }
            }
        };
        let offender = back_to
            .map(|(_, m)| m)
            .or(player)
            .unwrap_or(!self.game.turn());
        let ruling = self
            .game
            .illegal_move_completed(offender, back_to.map(|(i, _)| i));
        let mut out = match ruling {
            Ok(IllegalMoveRuling::TimeAdded { to, ms }) => {
                // The clock gets the time through the rules' time hook.
                one(
                    t,
                    vec![To::All],
                    Kind::Penalty {
                        player: offender.into(),
                        added_ms: ms,
                        gets: to.into(),
                        reinstated: back_to.map(|(i, _)| i),
                    },
                )
            }
            Ok(IllegalMoveRuling::GameEnded(r)) => {
                let mut ended = self.ended(t, r);
                // 2005 C3, 2009 B.3(c): the opponent's claim to win (or to
                // draw) decided the game, not a count of illegal moves.
                if self
                    .cfg
                    .laws
                    .illegal_move_claims_win(self.game.class(), self.game.supervision())
                    && let Some(Event {
                        kind: Kind::Result { reason, .. },
                        ..
                    }) = ended.last_mut()
                {
                    *reason = "illegal-move-claimed".into();
                }
                ended
            }
            Err(e) => return self.rules_refusal(t, from, e, Rule::NoSuchHalfMove),
        };
        if let Some((i, _)) = back_to {
            out.extend(self.reinstate(t, i));
        }
        out
    }

    /// 7.5.1: the game, both scoresheets, both boards and the clocks are
    /// set back to the position after `ply` half-moves (the game itself is
    /// already there).
    fn reinstate(&mut self, t: u64, ply: usize) -> Vec<Event> {
        for side in [crate::boards::Side::Blind, crate::boards::Side::Sighted] {
            self.boards.sheet_mut(side).strike_from(ply, t);
        }
        let board = self.game.position().board().clone();
        self.boards.set_up(&board);
        self.synced = ply;
        self.strike_marks(ply);
        self.pending = [None, None];
        self.owed_press = None;
        self.boards_differ = false;
        if !self.game.is_over()
            && let Some(clock) = self.clock.as_mut()
        {
            let snap = ply.saturating_sub(self.clock_base_ply);
            let running = clock.running().is_some() || clock.is_paused();
            let _ = clock.rollback_to_ply(snap, t);
            if !running {
                let _ = clock.pause(t);
            }
        }
        vec![
            Event {
                t,
                to: vec![To::All],
                kind: Kind::Retraced { ply },
            },
            Event {
                t,
                to: vec![To::All],
                kind: Kind::Status(self.status(t)),
            },
        ]
    }

    /// The arbiter sets the result (12.2): a game's result or an adjusted
    /// score or forfeit, also to put a result right after the game ended.
    pub(super) fn arbiter_result(&mut self, t: u64, from: Seat, score: Score) -> Vec<Event> {
        if let Some(e) = self.need_arbiter(t, from, Verb::Result) {
            return e;
        }
        // Art. 12.1, 5.2.2: the arbiter may put a result right after the
        // game ended (a flag fell in a dead position …); the same result
        // again changes nothing.
        let (outcome, adjusted) = match score {
            Score::Game(o) => (o, None),
            Score::Adjusted(s) => (s.outcome(), Some(s)),
        };
        if self.score == adjusted && self.game.result().is_some_and(|r| r.outcome == outcome) {
            return self.refuse(t, from, Refusal::GameOver);
        }
        self.ruled_end(t, outcome, "arbiter", None, adjusted)
    }

    /// 6.7 (`--default-time`): how late a player may arrive, in ms.
    fn default_ms(&self) -> u64 {
        self.cfg
            .default_time
            .map_or(self.cfg.laws.default_time_ms(), |m| {
                m.saturating_mul(60_000)
            })
    }

    /// Where lateness is counted from and how late a player may come, in
    /// ms: from the start of the session and the default time (6.7); at
    /// the resumption of an adjourned game from the resumption, and the
    /// edition's time for it (2023 I.10 with I.11: the event's default
    /// time; 2009 Guidelines 10, 2005 A10: one hour "from the time set for
    /// resumption"), or the event's (`--default-time`). `None`: not yet
    /// begun.
    pub(super) fn lateness(&self) -> Option<(u64, u64)> {
        if self.adjourned.is_none() && self.resumption_began.is_none() {
            return self.session_start.map(|s| (s, self.default_ms()));
        }
        let window = self
            .cfg
            .default_time
            .map_or(self.cfg.laws.resumption_default_time_ms(), |m| {
                m.saturating_mul(60_000)
            });
        let from = self.scheduled_resumption().or(self.resumption_began)?;
        Some((from, window))
    }

    /// The time set for the resumption (I.2.7) on the session's time,
    /// when the session's own start is known (`--session-start`).
    pub(super) fn scheduled_resumption(&self) -> Option<u64> {
        let start = self.cfg.session_start.as_deref()?;
        let (date, time) = start.split_once(' ')?;
        let start = crate::boards::adjourn::date_time_minutes(date, time)?;
        let set = self.resumption.clone().or_else(|| {
            self.adjourned
                .as_ref()
                .map(|a| a.state.envelope.resumption.clone())
        })?;
        let minutes = u64::try_from(set.minutes()?.checked_sub(start)?).ok()?;
        minutes.checked_mul(60_000)
    }

    /// I.10: the arbiter's first act at a resumption marks when it began
    /// (unless the time set for it is known).
    pub(super) fn resumption_act(&mut self, t: u64) {
        if self.adjourned.is_some() && self.resumption_began.is_none() {
            self.resumption_began = Some(t);
        }
    }

    /// 6.7: the arbiter notes a player absent (asked back first: with the
    /// default time past, it ends the game).
    pub(super) fn absent(&mut self, t: u64, from: Seat, c: Color) -> Vec<Event> {
        self.presence(t, from, c, false)
    }

    /// 6.7: the arbiter notes a player arrived; after the default time he
    /// loses (6.7.1: unless the arbiter decides otherwise — he then gives
    /// the result he rules with `result`).
    pub(super) fn arrived(&mut self, t: u64, from: Seat, c: Color) -> Vec<Event> {
        self.presence(t, from, c, true)
    }

    /// 6.7: a player noted absent, or arrived (in time, or after the
    /// default time: then he counts as absent), told to all; the default
    /// check follows.
    fn presence(&mut self, t: u64, from: Seat, c: Color, arrived: bool) -> Vec<Event> {
        let (verb, reason) = if arrived {
            (Verb::Arrived, ArbiterReason::Arrived)
        } else {
            (Verb::Absent, ArbiterReason::Absent)
        };
        if let Some(e) = self.need_arbiter(t, from, verb) {
            return e;
        }
        if self.game.is_over() {
            return self.refuse(t, from, Refusal::GameOver);
        }
        // FIDE Laws 2023, 6.7 (2009 6.6, 2005 6.7): the default time is
        // about arriving at the board; a player who has made a move is
        // there and is not forfeited as absent. (At a resumption his
        // lateness is the adjournment rules' matter.)
        if !arrived && self.adjourned.is_none() && self.has_moved(c) {
            return self.refuse(
                t,
                from,
                Refusal::Rules {
                    reason: Rule::AlreadyMoved.into(),
                },
            );
        }
        self.resumption_act(t);
        self.absent[ci(c)] = !arrived
            || self
                .lateness()
                .is_some_and(|(s, w)| t > s.saturating_add(w));
        let mut out = one(
            t,
            vec![To::All],
            Kind::Arbiter {
                reason,
                by: Some(Seat::of(c)),
                detail: None,
            },
        );
        out.extend(self.default_check(t));
        out
    }

    /// True when `c` has made a move in this game (its record, from the
    /// start position).
    fn has_moved(&self, c: Color) -> bool {
        (0..self.game.moves().len())
            .any(|i| self.game.position_at(i).is_some_and(|p| p.turn() == c))
    }

    /// 6.7.1: a player noted absent when the default time has passed since
    /// the clocks started loses; both absent, both lose (`-/-`). At a
    /// resumption (I.10, 2009 Guidelines 10, 2005 A10) the time is counted
    /// from the resumption ([`Session::lateness`]).
    pub(super) fn default_check(&mut self, t: u64) -> Vec<Event> {
        let Some((start, window)) = self.lateness() else {
            return Vec::new();
        };
        if self.game.is_over() || t < start.saturating_add(window) {
            return Vec::new();
        }
        let late: Vec<Color> = [Color::White, Color::Black]
            .into_iter()
            .filter(|c| self.absent[ci(*c)])
            .collect();
        // I.10 (2009 Guidelines 10, 2005 A10): a sealer late at the
        // resumption whose sealed move checkmates, stalemates or leaves a
        // dead position gets that result, not a forfeit: the envelope is
        // opened (his opponent is there) and the move made.
        if let [c] = late.as_slice()
            && let Some(a) = self.adjourned.as_ref()
            && a.state.envelope.sealed_by == *c
            && let Ok(Opened::Move { mv, .. }) = a.state.envelope.open(true, Some(&a.noted_seal))
            && self.position().is_legal(mv)
        {
            let mut after = self.position().clone();
            after.play_unchecked(mv);
            if after.is_checkmate() || after.is_stalemate() || after.is_insufficient_material() {
                let replier = !*c;
                if let Some(a) = self.adjourned.as_mut() {
                    a.state.mark_present(replier);
                }
                return self.resume(t, Seat::Arbiter);
            }
        }
        let (outcome, player, score) = match late.as_slice() {
            [] => return Vec::new(),
            [c] => (KnownOutcome::Decisive { winner: !*c }, Some(*c), None),
            _ => (KnownOutcome::Draw, None, Some(Adjusted::BothForfeit)),
        };
        self.ruled_end(t, outcome, "absent", player, score)
    }

    /// The game ended by the arbiter's word (12.2, 6.7.1): its result
    /// event says why (`reason`), whom it concerns, and the adjusted score
    /// or forfeit when there is one (the game's record has no such result:
    /// the score stands for it in the status and the PGN tag).
    fn ruled_end(
        &mut self,
        t: u64,
        outcome: KnownOutcome,
        why: &str,
        player: Option<Color>,
        score: Option<Adjusted>,
    ) -> Vec<Event> {
        let r = GameResult {
            outcome,
            termination: Termination::DrawAgreed,
        };
        self.game.set_result(r);
        self.score = score;
        let mut out = self.ended(t, r);
        if let Some(Event {
            kind:
                Kind::Result {
                    result,
                    reason,
                    player: p,
                    score: sc,
                },
            ..
        }) = out.last_mut()
        {
            *reason = why.into();
            *p = player.map(Into::into);
            if let Some(s) = score {
                *result = s.result_text().to_string();
                *sc = Some(s.to_string());
            }
        }
        out
    }

    /// A player or the assistant calls the arbiter.
    pub(super) fn call_arbiter(&self, t: u64, from: Seat) -> Vec<Event> {
        vec![Event {
            t,
            to: vec![To::Seat(Seat::Arbiter), To::Seat(from)],
            kind: Kind::Arbiter {
                reason: ArbiterReason::Called,
                by: Some(from),
                detail: None,
            },
        }]
    }

    /// D.2.10.5: the sighted player touched a piece, reported by the
    /// assistant or the blind player.
    /// A touched piece reported to the arbiter, who rules (4.3): by the
    /// assistant (D.2.10.5: the sighted player touched one), or by a player
    /// about his opponent (D.2.2: a blind player's piece is touched when
    /// taken out of its securing hole).
    pub(super) fn touched(&self, t: u64, from: Seat, what: Option<String>) -> Vec<Event> {
        if from == Seat::Arbiter {
            return self.not_your_right(t, from, Verb::Touched);
        }
        vec![Event {
            t,
            to: vec![To::Seat(Seat::Arbiter), To::Seat(from)],
            kind: Kind::Arbiter {
                reason: ArbiterReason::Touched,
                by: Some(from),
                detail: what,
            },
        }]
    }

    /// A refusal naming the command this seat may not use.
    pub(super) fn not_your_right(&self, t: u64, from: Seat, verb: Verb) -> Vec<Event> {
        self.refuse(
            t,
            from,
            Refusal::NotYourRight {
                command: Named::Command(verb),
            },
        )
    }
}

/// A clock correction by the arbiter (6.10.2, 7.1).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Correction {
    SetTime(Color, u64),
    AddTime(Color, u64),
    SetMoves(Color, u32),
}
