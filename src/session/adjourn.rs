//! Adjourned games in the session (FIDE Laws 2023, Guidelines I): the
//! player to move seals his move (said only to him), the clock stops, the
//! envelope is kept sealed (SHA-256 over its contents) until the arbiter
//! opens it with the replying player present; then the sealed move is made,
//! or the sealer loses when it is ambiguous, unreadable or illegal (I.8).

use shakmaty::{Chess, Color, EnPassantMode, KnownOutcome, Move, fen::Fen};

use super::{
    ArbiterReason, ClockAction, ClockReason, Detail, DrawAction, EnvelopeOutside, Event, Kind,
    Query, Refusal, Rule, Seat, Session, Side, To, echo, one,
};
use crate::boards::BoardsError;
use crate::boards::adjourn::{
    AdjournError, Adjourned, EndedBefore, Envelope, EnvelopeData, Opened, Resumption, Sealing,
    Times,
};
use crate::locale::Locale;
use crate::locale::session::Verb;
use crate::notation::phrase::{Heard, hear};
use crate::rules::{GameResult, Termination};

/// The arbiter's envelope file (`envelope FILE`, I.2, I.3): the sealed
/// envelope and its outside.
#[derive(serde::Serialize)]
struct EnvelopeFile<'a> {
    envelope: &'a Envelope,
    outside: &'a EnvelopeOutside,
}

/// An adjourned game: the envelope, and the seal the arbiter noted.
#[derive(Clone)]
pub(super) struct Adjournment {
    pub(super) state: Adjourned,
    pub(super) noted_seal: String,
    /// A draw offer standing (I.2.6, I.6): it stands until the opponent
    /// accepts or declines it.
    pub(super) offer: Option<Color>,
    /// I.9.2: the replying player was absent and his clock was started;
    /// the envelope stays shut until he is there.
    pub(super) replier_clock_started: bool,
    /// The arbiter corrected a clock during the adjournment (6.10.2): his
    /// correction stands at the resumption (nothing given in the
    /// adjournment disappears).
    pub(super) clock_corrected: bool,
    /// I.9.3 (2009 Guidelines 9(c), 2005 A9): the sealer was absent and
    /// his opponent sealed his reply in a second envelope (as written);
    /// the sealer's clock runs. Opened with the first.
    pub(super) reply: Option<String>,
}

impl Session {
    /// Time used and left by each player, from the clock's snapshots (I.2.3).
    fn times(&self, t: u64) -> [Times; 2] {
        let mut times = [Times {
            used_ms: 0,
            remaining_ms: 0,
            moves: 0,
        }; 2];
        let Some(clock) = self.clock.as_ref() else {
            return times;
        };
        for (i, c) in [Color::White, Color::Black].into_iter().enumerate() {
            times[i] = Times {
                used_ms: clock.used(c, t),
                remaining_ms: clock.remaining(c, t),
                moves: clock.moves(c),
            };
        }
        times
    }

    /// I.1.1, I.1.2: the player to move seals his move (`adjourn MOVE
    /// [early MINUTES]`); the clock stops. The move is said back only to him.
    pub(super) fn adjourn(
        &mut self,
        t: u64,
        from: Seat,
        text: &str,
        early: Option<u64>,
    ) -> Vec<Event> {
        // I.9.3: while adjourned, the replying player seals his reply.
        if let Some(a) = self.adjourned.as_ref()
            && !self.game.is_over()
            && early.is_none()
            && self
                .own_color(from)
                .is_some_and(|c| c != a.state.envelope.sealed_by)
        {
            return self.seal_reply(t, from, text);
        }
        let c = match self.mover(t, from) {
            Ok(c) => c,
            Err(e) => return e,
        };
        // D.2.10.6: the blind player's assistant carries out the
        // adjournment formalities for him (not the sighted player's, D.2.11).
        let for_blind_player = from.is_assistant()
            && self.cfg.assistant_for.is_none()
            && self.is_blind(c)
            && self.own_color(from) == Some(c);
        if from != Seat::of(c) && !for_blind_player {
            return self.not_your_right(t, from, Verb::Adjourn);
        }
        let times = self.times(t);
        let sans: Vec<String> = self.game.sans().to_vec();
        let name = |c: Color, given: &Option<String>| {
            given
                .clone()
                .unwrap_or_else(|| self.loc.color_name(c).to_string())
        };
        let data = EnvelopeData {
            white: name(Color::White, &self.cfg.white),
            black: name(Color::Black, &self.cfg.black),
            start_fen: Fen::from_position(self.game.start(), EnPassantMode::Legal).to_string(),
            scoresheet_white: sans.clone(),
            scoresheet_black: sans,
            white_time: times[0],
            black_time: times[1],
            draw_offer: self.game.draw_offer(),
            // I.2.7: as the arbiter set them before the sealing (he may
            // set them later: they are then on the envelope's outside).
            resumption: self.resumption.clone().unwrap_or(Resumption {
                date: String::new(),
                time: String::new(),
                place: String::new(),
            }),
        };
        let mut sealing = Sealing::begin();
        sealing.write(text);
        if let Some(key) = &self.cfg.seal_key {
            // One secret per sealing, from the game's key and the ply.
            let ply = self.game.moves().len();
            sealing.keep_secret(&crate::boards::sha256::hex(
                format!("{key}:{ply}").as_bytes(),
            ));
        }
        let early = early.map(|min| (0, min.saturating_mul(60_000)));
        // I.1.2 (2009 Guidelines 1(b), 2005 A1(b)): adjourning early is
        // sealing at the nominal end of the session; when the rest of the
        // session is more than the sealer's time left, his flag would have
        // fallen before it: the early adjournment is refused (he plays on,
        // or the arbiter rules).
        if let (Some((_, ms)), Some(clock)) = (early, self.clock.as_ref())
            && ms >= clock.remaining(c, t)
        {
            return self.refuse(
                t,
                from,
                Refusal::Rules {
                    reason: Rule::EarlyTooLong.into(),
                },
            );
        }
        let pos = self.game.position().clone();
        let env = match sealing.stop_clock(&pos, self.loc.code(), data, early) {
            Ok(e) => e,
            Err(e) => {
                return self.refuse(
                    t,
                    from,
                    Refusal::Rules {
                        reason: adjourn_rule(&e).into(),
                    },
                );
            }
        };
        if let Some(clock) = self.clock.as_mut() {
            if clock.running().is_some() {
                let _ = clock.pause(t);
            }
            if early.is_some() {
                let left = match c {
                    Color::White => env.white_time.remaining_ms,
                    Color::Black => env.black_time.remaining_ms,
                };
                let _ = clock.set_time(c, left, t);
            }
        }
        self.pending = [None, None];
        // A new adjournment: its resumption is still to come.
        self.resumption_began = None;
        let number = env.move_number;
        let seal = env.seal.clone();
        let offer = env.draw_offer;
        self.adjourned = Some(Adjournment {
            state: Adjourned::new(env),
            noted_seal: seal.clone(),
            offer,
            replier_clock_started: false,
            clock_corrected: false,
            reply: None,
        });
        vec![
            Event {
                t,
                to: if from == Seat::of(c) {
                    vec![To::Seat(from)]
                } else {
                    vec![To::Seat(Seat::of(c)), To::Seat(from)]
                },
                kind: Kind::Sealed { san: echo(text) },
            },
            Event {
                t,
                to: vec![To::All],
                kind: Kind::Adjourned {
                    by: c.into(),
                    move_number: number,
                    seal,
                    early_ms: early.map(|(_, ms)| ms),
                },
            },
        ]
    }

    /// The envelope's outside for the arbiter (I.2, I.3): never the sealed
    /// move. With a file name the front end writes the envelope there
    /// ([`Session::envelope_documents`]).
    pub(super) fn envelope(&self, t: u64, from: Seat, file: Option<String>) -> Vec<Event> {
        if let Some(e) = self.need_arbiter(t, from, Verb::Envelope) {
            return e;
        }
        let Some(mut outside) = self.envelope_outside() else {
            return self.not_adjourned(t, from);
        };
        outside.file = file;
        one(
            t,
            vec![To::Seat(from)],
            Kind::Answer {
                query: Query::Sheet,
                player: None,
                ms: None,
                count: None,
                detail: Some(Detail::Envelope(outside)),
            },
        )
    }

    /// What the outside of the envelope says (I.2), if the game is
    /// adjourned.
    fn envelope_outside(&self) -> Option<EnvelopeOutside> {
        let env = &self.adjourned.as_ref()?.state.envelope;
        let named =
            |given: &Option<String>, written: &str| given.as_ref().map(|_| written.to_string());
        let resumption = self
            .resumption
            .clone()
            .or_else(|| (!env.resumption.date.is_empty()).then(|| env.resumption.clone()));
        Some(EnvelopeOutside {
            black_used_ms: env.black_time.used_ms,
            move_number: env.move_number,
            position: env.position_fen.clone(),
            seal: env.seal.clone(),
            sealed_by: Side::from(env.sealed_by),
            white_used_ms: env.white_time.used_ms,
            white: named(&self.cfg.white, &env.white),
            black: named(&self.cfg.black, &env.black),
            draw_offer: self
                .adjourned
                .as_ref()
                .and_then(|a| a.offer)
                .map(Side::from),
            resumption,
            file: None,
        })
    }

    /// I.2, I.3: the envelope as the arbiter keeps it — the sealed
    /// envelope as JSON (with the sealed move, under its seal; hector
    /// opens it only with the replying player present), with its outside
    /// — and as a plain-text page to print (the outside only). Only a
    /// front end writing the arbiter's file asks for it; no event carries
    /// it.
    pub fn envelope_documents(&self) -> Option<(String, String)> {
        let a = self.adjourned.as_ref()?;
        let outside = self.envelope_outside()?;
        let file = EnvelopeFile {
            envelope: &a.state.envelope,
            outside: &outside,
        };
        let json = serde_json::to_string_pretty(&file).unwrap_or_default() + "\n";
        let r = super::Renderer::for_session(self);
        let read = r.text(&Kind::Answer {
            query: Query::Sheet,
            player: None,
            ms: None,
            count: None,
            detail: Some(Detail::Envelope(outside.clone())),
        });
        let env = &a.state.envelope;
        let sheet = |moves: &[String]| moves.join(" ");
        // I.1.1: both scoresheets are in the envelope, each the whole game:
        // labelled as whose scoresheet it is, not as one side's moves.
        let label = |c: Color, name: &Option<String>| {
            let who = name
                .clone()
                .unwrap_or_else(|| self.loc.color_name(c).to_string());
            r.say(
                "envelope_sheet",
                &[("sealer", super::render::Word::T(&who))],
            )
        };
        let page = format!(
            "{read}\n\nFEN: {}\n{}: {}\n{}: {}\nSHA-256: {}\n",
            outside.position,
            label(Color::White, &self.cfg.white),
            sheet(&env.scoresheet_white),
            label(Color::Black, &self.cfg.black),
            sheet(&env.scoresheet_black),
            outside.seal,
        );
        Some((json, page))
    }

    /// I.2.7: the arbiter sets the date, time and place of resumption.
    pub(super) fn set_resumption(
        &mut self,
        t: u64,
        from: Seat,
        date: String,
        time: String,
        place: String,
    ) -> Vec<Event> {
        if let Some(e) = self.need_arbiter(t, from, Verb::Resumption) {
            return e;
        }
        // A game that has ended is not resumed (I.6): nothing to set.
        if self.game.is_over() {
            return self.refuse(t, from, Refusal::GameOver);
        }
        let r = Resumption { date, time, place };
        self.resumption = Some(r.clone());
        one(
            t,
            vec![To::Seat(from)],
            Kind::Answer {
                query: Query::Resumption,
                player: None,
                ms: None,
                count: None,
                detail: Some(Detail::Resumption(r)),
            },
        )
    }

    fn not_adjourned(&self, t: u64, from: Seat) -> Vec<Event> {
        self.refuse(
            t,
            from,
            Refusal::Rules {
                reason: Rule::NotAdjourned.into(),
            },
        )
    }

    /// I.7: the arbiter notes a player present.
    pub(super) fn present(&mut self, t: u64, from: Seat, c: Color) -> Vec<Event> {
        if let Some(e) = self.need_arbiter(t, from, Verb::Present) {
            return e;
        }
        // After the end of the game there is no envelope to open.
        if self.game.is_over() {
            return self.refuse(t, from, Refusal::GameOver);
        }
        self.resumption_act(t);
        let Some(a) = self.adjourned.as_mut() else {
            return self.not_adjourned(t, from);
        };
        a.state.mark_present(c);
        one(
            t,
            vec![To::Seat(Seat::Arbiter)],
            Kind::Arbiter {
                reason: ArbiterReason::Present,
                by: Some(Seat::of(c)),
                detail: None,
            },
        )
    }

    /// I.7, I.8, I.5, I.9.1: the arbiter opens the envelope with the
    /// replying player present; the clocks get the times of the envelope
    /// and the sealed move is made — or the sealer loses.
    pub(super) fn resume(&mut self, t: u64, from: Seat) -> Vec<Event> {
        self.resume_with(t, from, None)
    }

    /// I.8: the arbiter opens the envelope and plays the sealed move as he
    /// reads it (a superfluous capture sign whose meaning is clear).
    pub(super) fn resume_as(&mut self, t: u64, from: Seat, text: &str) -> Vec<Event> {
        if let Some(e) = self.need_arbiter(t, from, Verb::Resume) {
            return e;
        }
        match hear(self.position(), text, self.loc) {
            Heard::Move(m) => self.resume_with(t, from, Some(m)),
            Heard::NoMatch(r) => self.refuse(
                t,
                from,
                Refusal::Illegal {
                    reason: r.spoken(self.loc),
                },
            ),
            Heard::Ambiguous(_) => self.refuse(
                t,
                from,
                Refusal::Rules {
                    reason: Rule::MoveNotLegal.into(),
                },
            ),
        }
    }

    /// I.12.1 (2009 Guidelines 11(a), 2005 A11): the envelope is lost or
    /// unreadable (`resume lost`): the game resumes from the position at
    /// the adjournment with the times recorded then; the sealer announces
    /// the move he sealed and makes it (his clock runs). A standing draw
    /// offer stands. Not after the replying player's clock was started
    /// (I.9.2) or a reply sealed (I.9.3): the arbiter then sets the clocks
    /// and the position himself.
    pub(super) fn resume_lost(&mut self, t: u64, from: Seat) -> Vec<Event> {
        if let Some(e) = self.need_arbiter(t, from, Verb::Resume) {
            return e;
        }
        if self.game.is_over() {
            return self.refuse(t, from, Refusal::GameOver);
        }
        let Some(a) = self.adjourned.as_ref() else {
            return self.not_adjourned(t, from);
        };
        if a.replier_clock_started || a.reply.is_some() {
            return self.refuse(
                t,
                from,
                Refusal::Rules {
                    reason: Rule::CannotBeDone.into(),
                },
            );
        }
        self.resumption_act(t);
        let Some(a) = self.adjourned.take() else {
            return self.not_adjourned(t, from);
        };
        let env = a.state.envelope.clone();
        if a.offer.is_none()
            && let Some(o) = self.game.draw_offer()
        {
            let _ = self.game.decline_draw(!o);
        }
        if let Some(c) = a.offer
            && self.game.draw_offer().is_none()
            && self.game.offer_draw(c).is_ok()
        {
            self.mark_offer(c);
        }
        if let Some(clock) = self.clock.as_mut() {
            if !a.clock_corrected {
                let _ = clock.set_time(Color::White, env.white_time.remaining_ms, t);
                let _ = clock.set_time(Color::Black, env.black_time.remaining_ms, t);
            }
            if clock.is_paused() {
                let _ = clock.resume(t);
            }
        }
        vec![
            Event {
                t,
                to: vec![To::All],
                kind: Kind::Resumed,
            },
            Event {
                t,
                to: vec![To::All],
                kind: Kind::Arbiter {
                    reason: ArbiterReason::EnvelopeLost,
                    by: Some(Seat::of(env.sealed_by)),
                    detail: None,
                },
            },
        ]
    }

    fn resume_with(&mut self, t: u64, from: Seat, read_as: Option<Move>) -> Vec<Event> {
        if let Some(e) = self.need_arbiter(t, from, Verb::Resume) {
            return e;
        }
        // I.6: a game that ended before the resumption is not resumed.
        if self.game.is_over() {
            return self.refuse(t, from, Refusal::GameOver);
        }
        self.resumption_act(t);
        let Some(a) = self.adjourned.as_mut() else {
            return self.not_adjourned(t, from);
        };
        let env = a.state.envelope.clone();
        let opened = match a.state.open(Some(&a.noted_seal)) {
            Ok(o) => o,
            Err(e) => {
                let reason = adjourn_rule(&e).into();
                return self.refuse(t, from, Refusal::Rules { reason });
            }
        };
        // I.8: "Sxf3" to an empty square, whose meaning is clear, is no
        // automatic loss: the arbiter decides; the envelope stays shut
        // until he plays it as he reads it (`resume MOVE`) or rules.
        let clear = match (&opened, read_as) {
            (Opened::SealerLoses { text, .. }, None) => {
                without_capture_sign(self.position(), text, self.loc)
            }
            _ => None,
        };
        if let Some(mv) = clear {
            return one(
                t,
                vec![To::Seat(Seat::Arbiter)],
                Kind::Arbiter {
                    reason: ArbiterReason::SealedMoveUnclear,
                    by: Some(Seat::of(env.sealed_by)),
                    detail: Some(super::san_en(self.position(), mv)),
                },
            );
        }
        let opened = match read_as {
            Some(mv) => Opened::Move {
                text: String::new(),
                mv,
            },
            None => opened,
        };
        let Some(a) = self.adjourned.as_mut() else {
            return self.not_adjourned(t, from);
        };
        let replier_running = a.replier_clock_started || a.clock_corrected || a.reply.is_some();
        let reply = a.reply.clone();
        let offer = a.offer;
        self.adjourned = None;
        // I.4 (2009 Guidelines 4, 2005 A4): the offers stand as the
        // adjournment left them: one declined meanwhile is gone.
        if offer.is_none()
            && let Some(o) = self.game.draw_offer()
        {
            let _ = self.game.decline_draw(!o);
        }
        if let Some(clock) = self.clock.as_mut() {
            if !replier_running {
                // I.5: the times of the envelope.
                let _ = clock.set_time(Color::White, env.white_time.remaining_ms, t);
                let _ = clock.set_time(Color::Black, env.black_time.remaining_ms, t);
            }
            if clock.is_paused() {
                let _ = clock.resume(t);
            }
        }
        let mut out = one(t, vec![To::All], Kind::Resumed);
        match opened {
            Opened::Move { mv, .. } if reply.is_some() => {
                out.extend(self.open_reply(t, env.sealed_by, mv, reply.as_deref()));
            }
            Opened::Move { mv, .. } => {
                out.extend(self.make(t, env.sealed_by, mv, Seat::Arbiter));
                // I.4 with 9.1.2.2 (2009 Guidelines 4, 2005 A4): a draw
                // offer made during the adjournment stands until it is
                // accepted or rejected — the sealed move does not decline
                // it — and is marked (=).
                if let Some(c) = offer
                    && !self.game.is_over()
                    && self.game.draw_offer().is_none()
                    && self.game.offer_draw(c).is_ok()
                {
                    self.mark_offer(c);
                }
            }
            Opened::SealerLoses { sealer, .. } => {
                // I.8: the sealer loses (recorded as a loss by an illegal
                // move, the nearest result the rules know) — unless his
                // opponent cannot checkmate by any series of legal moves:
                // then it is a draw (6.9, 7.5.5).
                let r = GameResult {
                    outcome: self.game.loss_for(sealer, true),
                    termination: Termination::IllegalMoves(sealer),
                };
                self.game.set_result(r);
                let mut ended = self.ended(t, r);
                if let Some(Event {
                    kind: Kind::Result { reason, .. },
                    ..
                }) = ended.last_mut()
                {
                    *reason = "sealed-move".into();
                }
                out.extend(ended);
            }
        }
        out
    }

    /// I.6: a draw agreed or a resignation before the envelope is opened.
    pub(super) fn end_adjourned(&mut self, t: u64, resigned: Option<Color>) -> Vec<Event> {
        let Some(mut a) = self.adjourned.take() else {
            return Vec::new();
        };
        let r = match resigned {
            Some(c) => a.state.resign(c),
            None => a.state.agree_draw(),
        };
        let result = match r {
            Ok(EndedBefore::DrawAgreed) => GameResult {
                outcome: KnownOutcome::Draw,
                termination: Termination::DrawAgreed,
            },
            // FIDE Laws 2023, 5.1.2 with I.6: a draw when the opponent
            // cannot checkmate by any series of legal moves (not in 2009
            // and 2005: lost).
            Ok(EndedBefore::Resigned(c)) => self.game.resignation(c),
            Err(e) => {
                self.adjourned = Some(a);
                return self.refuse(
                    t,
                    Seat::Arbiter,
                    Refusal::Rules {
                        reason: adjourn_rule(&e).into(),
                    },
                );
            }
        };
        self.game.set_result(result);
        self.ended(t, result)
    }
}

impl Session {
    /// I.6, 9.1: a draw offered, accepted or declined while the game is
    /// adjourned. An offer stands until the opponent answers it; only an
    /// agreement ends the game.
    pub(super) fn adjourned_draw(&mut self, t: u64, c: Color, answer: Option<bool>) -> Vec<Event> {
        let Some(a) = self.adjourned.as_mut() else {
            return Vec::new();
        };
        let from = Seat::of(c);
        let theirs = a.offer == Some(!c);
        match answer {
            // An offer when the opponent's stands is an agreement.
            None if theirs => self.end_adjourned(t, None),
            None => {
                a.offer = Some(c);
                one(
                    t,
                    vec![To::All],
                    Kind::Draw {
                        action: DrawAction::Offered,
                        by: c.into(),
                    },
                )
            }
            Some(_) if !theirs => self.refuse(
                t,
                from,
                Refusal::Rules {
                    reason: Rule::NoDrawOffer.into(),
                },
            ),
            Some(true) => self.end_adjourned(t, None),
            Some(false) => {
                a.offer = None;
                one(
                    t,
                    vec![To::All],
                    Kind::Draw {
                        action: DrawAction::Declined,
                        by: c.into(),
                    },
                )
            }
        }
    }

    /// I.9.3 (2009 Guidelines 9(c), 2005 A9): the sealer is absent at the
    /// resumption; his opponent, instead of waiting, writes his reply,
    /// seals it in a new envelope and starts the sealer's clock. The
    /// arbiter keeps it; both envelopes are opened when the sealer is
    /// there (`present`, `resume`). Said back only to the replier.
    fn seal_reply(&mut self, t: u64, from: Seat, text: &str) -> Vec<Event> {
        let Some(a) = self.adjourned.as_ref() else {
            return self.not_adjourned(t, from);
        };
        let sealer = a.state.envelope.sealed_by;
        let replier = !sealer;
        let for_blind_player =
            from.is_assistant() && self.cfg.assistant_for.is_none() && self.is_blind(replier);
        if from != Seat::of(replier) && !for_blind_player {
            return self.not_your_right(t, from, Verb::Adjourn);
        }
        let rule = if a.reply.is_some() {
            Some(Rule::ReplyAlreadySealed)
        } else if a.state.is_present(sealer) {
            Some(Rule::SealerPresent)
        } else {
            None
        };
        if let Some(rule) = rule {
            return self.refuse(
                t,
                from,
                Refusal::Rules {
                    reason: rule.into(),
                },
            );
        }
        let env = a.state.envelope.clone();
        let (started, corrected) = (a.replier_clock_started, a.clock_corrected);
        self.resumption_act(t);
        if let Some(clock) = self.clock.as_mut() {
            if !started && !corrected {
                // I.5: the times of the envelope.
                let _ = clock.set_time(Color::White, env.white_time.remaining_ms, t);
                let _ = clock.set_time(Color::Black, env.black_time.remaining_ms, t);
            }
            let running = if clock.is_paused() {
                clock.resume(t).is_ok()
            } else {
                clock.is_started() || clock.start_with(sealer, t).is_ok()
            };
            // The sealed move and the reply count as made: the clock goes
            // over to the sealer (unless the replier's clock already ran,
            // I.9.2: then only his reply).
            if running && clock.turn() == sealer {
                let _ = clock.press(t);
            }
            if running && clock.turn() == replier {
                let _ = clock.press(t);
            }
        }
        if let Some(a) = self.adjourned.as_mut() {
            a.reply = Some(text.to_string());
            a.state.mark_present(replier);
        }
        vec![
            Event {
                t,
                to: if from == Seat::of(replier) {
                    vec![To::Seat(from)]
                } else {
                    vec![To::Seat(Seat::of(replier)), To::Seat(from)]
                },
                kind: Kind::Sealed { san: echo(text) },
            },
            Event {
                t,
                to: vec![To::All],
                kind: Kind::Arbiter {
                    reason: ArbiterReason::ReplySealed,
                    by: Some(Seat::of(replier)),
                    detail: None,
                },
            },
        ]
    }

    /// I.9.3: both envelopes opened with the sealer present: the sealed
    /// move and the reply are made on the board; the sealer's clock,
    /// started when the reply was sealed, runs on. A reply that cannot be
    /// read as a legal move after the sealed move is left to the arbiter
    /// (he is told it as written; the replying player is to move and his
    /// clock runs).
    fn open_reply(&mut self, t: u64, sealer: Color, mv: Move, reply: Option<&str>) -> Vec<Event> {
        // The clock already counted both moves: they are made without it.
        let clock = self.clock.take();
        let mut out = self.make(t, sealer, mv, Seat::Arbiter);
        let heard = if self.game.is_over() {
            None
        } else {
            Some(hear(self.position(), reply.unwrap_or_default(), self.loc))
        };
        let mut clock = clock;
        match heard {
            None => {}
            Some(Heard::Move(m)) => out.extend(self.make(t, !sealer, m, Seat::Arbiter)),
            Some(_) => {
                // The replier is to move: his clock runs.
                if let Some(k) = clock.as_mut()
                    && k.turn() == sealer
                {
                    let _ = k.press(t);
                }
                out.push(Event {
                    t,
                    to: vec![To::Seat(Seat::Arbiter)],
                    kind: Kind::Arbiter {
                        reason: ArbiterReason::ReplyUnclear,
                        by: Some(Seat::of(!sealer)),
                        detail: Some(echo(reply.unwrap_or_default())),
                    },
                });
            }
        }
        self.clock = clock;
        if self.game.is_over()
            && let Some(k) = self.clock.as_mut()
            && k.running().is_some()
        {
            let _ = k.pause(t);
        }
        out
    }

    /// I.9.2: the replying player is absent when play resumes: his clock
    /// is started with the envelope's times, the envelope stays shut.
    pub(super) fn start_replier_clock(&mut self, t: u64, from: Seat) -> Vec<Event> {
        self.resumption_act(t);
        let Some(a) = self.adjourned.as_mut() else {
            return Vec::new();
        };
        let refuse =
            |s: &Session, reason: ClockReason| s.refuse(t, from, Refusal::Clock { reason });
        if a.replier_clock_started {
            // I.9.2 with 6.11 (2009 Guidelines 9(b), 2005 A9): the arbiter
            // stopped the replying player's running clock; `start clock`
            // starts it again.
            let Some(clock) = self.clock.as_mut() else {
                return self.refuse(t, from, Refusal::NoClock);
            };
            if clock.running().is_some() || !clock.is_paused() {
                return refuse(self, ClockReason::AlreadyRunning);
            }
            return match clock.resume(t) {
                Ok(()) => one(
                    t,
                    vec![To::All],
                    Kind::Clock {
                        action: ClockAction::Started,
                        player: None,
                        ms: None,
                        by_rule: false,
                    },
                ),
                Err(e) => refuse(self, e.into()),
            };
        }
        let env = a.state.envelope.clone();
        a.replier_clock_started = true;
        let Some(clock) = self.clock.as_mut() else {
            return self.refuse(t, from, Refusal::NoClock);
        };
        let _ = clock.set_time(Color::White, env.white_time.remaining_ms, t);
        let _ = clock.set_time(Color::Black, env.black_time.remaining_ms, t);
        let ok = if clock.is_paused() {
            clock.resume(t).is_ok()
        } else {
            clock.start_with(env.sealed_by, t).is_ok()
        };
        // The sealer's move counts as made: the clock goes over to the
        // replying player.
        if !ok || clock.turn() != env.sealed_by || clock.press(t).is_err() {
            return refuse(self, ClockReason::Unavailable);
        }
        one(
            t,
            vec![To::All],
            Kind::Clock {
                action: ClockAction::Started,
                player: None,
                ms: None,
                by_rule: false,
            },
        )
    }
}

/// The rule an adjournment step broke (Guidelines I), as the renderer
/// words it.
fn adjourn_rule(e: &BoardsError) -> Rule {
    match e {
        BoardsError::Adjourn(a) => match a {
            AdjournError::NothingSealed => Rule::NothingSealed,
            AdjournError::Tampered => Rule::Tampered,
            AdjournError::NotPresent { .. } => Rule::NotPresent,
            AdjournError::EndedBefore(_) | AdjournError::AlreadyEnded(_) => {
                Rule::EndedBeforeResumption
            }
            AdjournError::Resumed => Rule::AlreadyResumed,
        },
        _ => Rule::CannotBeDone,
    }
}

/// I.8: the one legal move a sealed text names once a superfluous capture
/// sign is taken out (`Sxf3`, `S:f3`, `Nx f3`, "schlägt"/"takes" to an
/// empty square), if its meaning is so clear.
fn without_capture_sign(pos: &Chess, text: &str, loc: &Locale) -> Option<Move> {
    let words: Vec<&str> = text
        .split_whitespace()
        .filter(|w| !matches!(w.to_lowercase().as_str(), "x" | ":" | "schlägt" | "takes"))
        .collect();
    let chars: Vec<char> = words.join(" ").chars().collect();
    let mut cleaned = String::new();
    for (i, c) in chars.iter().enumerate() {
        let next_is_square = chars.get(i + 1).is_some_and(|f| ('a'..='h').contains(f))
            && chars.get(i + 2).is_some_and(|r| ('1'..='8').contains(r));
        if matches!(c, 'x' | ':' | '×') && next_is_square {
            continue;
        }
        cleaned.push(*c);
    }
    if cleaned == text {
        return None;
    }
    match hear(pos, &cleaned, loc) {
        Heard::Move(m) => Some(m),
        _ => None,
    }
}
