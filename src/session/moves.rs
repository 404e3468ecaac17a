//! Moves and their read-back (FIDE Laws 2023, D.2.1–D.2.5, D.2.8): a blind
//! player's move is said back and made only on his yes, while his clock
//! runs; a slip of the tongue is corrected before the opponent's clock
//! starts; a numbered choice when several moves fit; a promotion always
//! names its piece; the move is made, announced and the clock switched.

use shakmaty::{Color, Move, Role};

use super::{
    ClockAction, ClockReason, DrawAction, Event, Kind, Named, Pending, Refusal, Rule, Seat,
    Session, To, ci, echo, one,
};
use crate::clock::Press;
use crate::locale::session::Verb;
use crate::notation::pattern::Reason;
use crate::notation::phrase::{Heard, MAX_CHOICES, hear, same_promotion};

impl Session {
    /// A recogniser's hypotheses (UCI, best first).
    pub(super) fn heard(&mut self, t: u64, from: Seat, heard: &[String]) -> Vec<Event> {
        let mut moves: Vec<Move> = Vec::new();
        for u in heard {
            if let Ok(uci) = u.parse::<shakmaty::uci::UciMove>()
                && let Ok(m) = uci.to_move(self.position())
                && !moves.contains(&m)
            {
                moves.push(m);
            }
        }
        match moves.len() {
            0 => self.refuse(
                t,
                from,
                Refusal::NotUnderstood {
                    heard: echo(&heard.join(" ")),
                },
            ),
            1 => self.move_found(t, from, Heard::Move(moves[0])),
            _ => self.move_found(t, from, Heard::Ambiguous(moves)),
        }
    }

    /// The colour a seat moves for now: a player his own (only on his
    /// turn), the assistant the side to move (D.2.10.1).
    pub(super) fn mover(&self, t: u64, from: Seat) -> Result<Color, Vec<Event>> {
        if self.game.is_over() {
            return Err(self.refuse(t, from, Refusal::GameOver));
        }
        if self.adjourned.is_some() {
            return Err(self.refuse(t, from, Refusal::Adjourned));
        }
        // 6.6: the game starts when the arbiter starts the clocks
        // (`--arbiter-starts`, every new served game): no move before.
        if from != Seat::Arbiter && self.clock.as_ref().is_some_and(|k| !k.is_started()) {
            return Err(self.refuse(
                t,
                from,
                Refusal::Clock {
                    reason: ClockReason::NotStarted,
                },
            ));
        }
        // 6.11, 6.12: while the arbiter has stopped the clocks of a game
        // under way no move is made (and no increment credited). A served
        // game journaled before `arbiter_starts` began with its clocks
        // stopped at once and took moves before they first ran; its
        // journal replays so.
        // (A flag held for an announced mate, D.2.3.3, leaves the clock
        // frozen: the mate is still confirmed.)
        if from != Seat::Arbiter
            && self.flag_held.is_none()
            && self.clock.as_ref().is_some_and(|k| {
                k.is_started()
                    && k.running().is_none()
                    && (k.used(Color::White, t) > 0 || k.used(Color::Black, t) > 0)
            })
        {
            return Err(self.refuse(
                t,
                from,
                Refusal::Clock {
                    reason: ClockReason::StoppedByArbiter,
                },
            ));
        }
        let turn = self.game.turn();
        match from {
            Seat::Arbiter => Err(self.refuse(
                t,
                from,
                Refusal::NotYourRight {
                    command: Named::Move,
                },
            )),
            Seat::Assistant => Ok(turn),
            // D.2.10: a blind player's own assistant moves only for him.
            Seat::AssistantWhite | Seat::AssistantBlack => match from.assists() {
                Some(c) if c == turn => Ok(c),
                _ => Err(self.refuse(t, from, Refusal::NotYourTurn)),
            },
            s => {
                let c = s.color().unwrap_or(turn);
                if c != turn {
                    Err(self.refuse(t, from, Refusal::NotYourTurn))
                } else {
                    Ok(c)
                }
            }
        }
    }

    pub(super) fn move_text(&mut self, t: u64, from: Seat, line: &str) -> Vec<Event> {
        if let Err(e) = self.mover(t, from) {
            // Not a move at all is "not understood", whoever says it.
            let words: Vec<&str> = line.split_whitespace().collect();
            if let Heard::NoMatch(r) = hear(self.position(), line, self.loc)
                && is_not_understood(&r)
                && !words.is_empty()
            {
                return self.refuse(t, from, Refusal::NotUnderstood { heard: echo(line) });
            }
            return e;
        }
        let mut heard = hear(self.position(), line, self.loc);
        if let Heard::NoMatch(Reason::PromotionMissing) = heard {
            // D.2.1: the piece must be named: ask which.
            let promos: Vec<Move> = [Role::Queen, Role::Rook, Role::Bishop, Role::Knight]
                .into_iter()
                .filter_map(|r| {
                    match hear(
                        self.position(),
                        &format!("{line} {}", self.loc.piece_word(r)),
                        self.loc,
                    ) {
                        Heard::Move(m) if m.promotion() == Some(r) => Some(m),
                        _ => None,
                    }
                })
                .collect();
            if promos.len() > 1 {
                heard = Heard::Ambiguous(promos);
            }
        }
        if let Heard::NoMatch(r) = &heard {
            let why = if is_not_understood(r) {
                Refusal::NotUnderstood { heard: echo(line) }
            } else {
                Refusal::Illegal {
                    reason: r.spoken(self.loc),
                }
            };
            return self.refuse(t, from, why);
        }
        self.move_found(t, from, heard)
    }

    pub(super) fn move_found(&mut self, t: u64, from: Seat, heard: Heard) -> Vec<Event> {
        let c = match self.mover(t, from) {
            Ok(c) => c,
            Err(e) => return e,
        };
        // D.2.1, D.2.8: a blind player's announced move waits for his own
        // yes or no; nobody else makes another move over it.
        if from != Seat::of(c) && self.is_blind(c) && self.pending[ci(c)].is_some() {
            return self.refuse(t, from, Refusal::AwaitingPlayer);
        }
        match heard {
            Heard::Move(m) => self.heard_move(t, from, c, m),
            Heard::Ambiguous(ms) if same_promotion(&ms) => {
                self.pending[ci(c)] = Some(Pending::Promotion(ms.clone()));
                self.ask_promotion(t, c, ms)
            }
            Heard::Ambiguous(mut ms) => {
                ms.truncate(MAX_CHOICES);
                self.pending[ci(c)] = Some(Pending::Choice(ms.clone()));
                let pos = self.position();
                let kind = Kind::Choice {
                    candidates: ms.iter().map(|m| san_en(pos, *m)).collect(),
                    uci: ms.iter().map(|m| self.uci(*m)).collect(),
                    fen_before: self.game.fen(),
                };
                one(t, self.private_to(c), kind)
            }
            Heard::NoMatch(r) => self.refuse(
                t,
                from,
                Refusal::Illegal {
                    reason: r.spoken(self.loc),
                },
            ),
        }
    }

    pub(super) fn ask_promotion(&self, t: u64, c: Color, ms: Vec<Move>) -> Vec<Event> {
        let pos = self.position();
        one(
            t,
            self.private_to(c),
            Kind::Promotion {
                candidates: ms.iter().map(|m| san_en(pos, *m)).collect(),
            },
        )
    }

    /// One move heard: a blind player's own move is read back and waits
    /// for yes (D.2.1, D.2.8); any other is made at once.
    pub(super) fn heard_move(&mut self, t: u64, from: Seat, c: Color, m: Move) -> Vec<Event> {
        if from == Seat::of(c) && self.is_blind(c) {
            self.pending[ci(c)] = Some(Pending::ReadBack(m));
            let kind = Kind::Readback {
                san: san_en(self.position(), m),
                uci: self.uci(m),
                fen_before: self.game.fen(),
            };
            return one(t, self.private_to(c), kind);
        }
        self.make(t, c, m, from)
    }

    pub(super) fn choose(&mut self, t: u64, from: Seat, c: Color, n: usize) -> Vec<Event> {
        let Some(Pending::Choice(ms)) = self.pending[ci(c)].clone() else {
            return self.refuse(t, from, Refusal::NothingPending);
        };
        match n.checked_sub(1).and_then(|i| ms.get(i)) {
            Some(m) => self.heard_move(t, from, c, *m),
            None => self.refuse(t, from, Refusal::OutOfRange { max: ms.len() }),
        }
    }

    /// The piece of a promotion that waited for it (D.2.1).
    pub(super) fn promote(&mut self, t: u64, from: Seat, role: Role) -> Vec<Event> {
        let Some(c) = from.color() else {
            return self.refuse(t, from, Refusal::NothingPending);
        };
        let Some(Pending::Promotion(ms)) = self.pending[ci(c)].clone() else {
            return self.refuse(t, from, Refusal::NothingPending);
        };
        match ms.iter().find(|m| m.promotion() == Some(role)) {
            Some(m) => self.heard_move(t, from, c, *m),
            None => self.ask_promotion(t, c, ms),
        }
    }

    pub(super) fn uci(&self, m: Move) -> String {
        m.to_uci(self.game.castling_mode()).to_string()
    }

    /// Makes a move: announced to all (D.2.1), written on both scoresheets,
    /// and the clock switched (D.2.4; D.2.5 unless the sighted player
    /// presses separately).
    pub(super) fn make(&mut self, t: u64, c: Color, m: Move, via: Seat) -> Vec<Event> {
        let mut out = Vec::new();
        if let Some(owed) = self.owed_press
            && owed != c
        {
            out.extend(self.press(t, owed));
        }
        let before = self.position().clone();
        let fen_before = self.game.fen();
        let san = san_en(&before, m);
        let uci = self.uci(m);
        let offer = self.game.draw_offer();
        if let Err(e) = self.game.play(m) {
            return self.rules_refusal(t, via, e, Rule::CannotBeDone);
        }
        // 9.1.2.3 with D.2.1: an offer that came while the blind player's
        // move was being read back is declined by that move; both players
        // are told so (his "yes" never swallows it silently).
        let declined = self.is_blind(c)
            && offer == Some(!c)
            && self.game.draw_offer().is_none()
            && !self.game.is_over();
        self.pending = [None, None];
        self.boards.record_move(&before, m, t);
        self.synced = self.game.moves().len();
        let ply = self.game.moves().len();
        out.push(Event {
            t,
            to: vec![To::All],
            kind: Kind::Moved {
                san,
                uci,
                ply,
                by: c.into(),
                via,
                fen_before,
            },
        });
        if declined {
            out.push(Event {
                t,
                to: vec![To::All],
                kind: Kind::Draw {
                    action: DrawAction::Declined,
                    by: c.into(),
                },
            });
        }
        let sighted_presses_himself =
            self.cfg.separate_press && !self.is_blind(c) && via == Seat::of(c);
        if self.clock.is_some() {
            if sighted_presses_himself {
                self.owed_press = Some(c);
            } else {
                self.press_after_move(t, c);
            }
        }
        self.mark_after_move(c);
        // D.2.1: the sighted opponent repeats a blind player's move on his
        // board and says so; his own move says it too.
        self.unrepeated = (self.is_blind(c) && !self.is_blind(!c)).then_some((c, ply));
        if let Some(r) = self.game.result() {
            out.extend(self.ended(t, r));
        }
        if self.boards_differ {
            // D.2.9: the boards stay compared; only new guidance is said.
            out.extend(self.check_boards(t, false));
        }
        out
    }

    /// The clock of `c` is pressed after his move: the mover's time goes
    /// into the PGN as `[%clk]`.
    pub(super) fn press_after_move(&mut self, t: u64, c: Color) {
        let ply = self.game.moves().len();
        let Some(clock) = self.clock.as_mut() else {
            return;
        };
        if clock.turn() != c {
            return;
        }
        let paused = clock.is_paused();
        if paused {
            let _ = clock.resume(t);
        }
        let rem = match clock.press(t) {
            Ok(Press::Completed { remaining_ms, .. }) => Some(remaining_ms),
            _ => None,
        };
        if paused {
            let _ = clock.pause(t);
        }
        if let Some(ms) = rem.or_else(|| self.clock.as_ref().map(|k| k.remaining(c, t))) {
            self.game.set_comment(ply, &format!("[%clk {}]", clk(ms)));
        }
        self.alerted[ci(c)] = self.alerted[ci(c)]
            && self
                .cfg
                .alerts
                .of(c)
                .is_some_and(|a| self.clock.as_ref().is_some_and(|k| k.remaining(c, t) <= a));
    }

    /// A press owed by the sighted player (D.2.5, `--separate-press`).
    fn press(&mut self, t: u64, c: Color) -> Vec<Event> {
        self.owed_press = None;
        self.press_after_move(t, c);
        one(
            t,
            vec![To::All],
            Kind::Clock {
                action: ClockAction::Pressed,
                player: Some(c.into()),
                ms: self.clock.as_ref().map(|k| k.remaining(c, t)),
                by_rule: false,
            },
        )
    }

    /// D.2.5: the press owed after a sighted player's move, by himself or
    /// by the assistant (D.2.10.3).
    pub(super) fn press_request(&mut self, t: u64, from: Seat) -> Vec<Event> {
        let c = match from {
            Seat::Arbiter => return self.not_your_right(t, from, Verb::Press),
            Seat::Assistant => self.owed_press,
            Seat::AssistantWhite | Seat::AssistantBlack => {
                self.owed_press.filter(|c| from.assists() == Some(*c))
            }
            s => s.color().filter(|c| self.owed_press == Some(*c)),
        };
        match c {
            Some(c) => self.press(t, c),
            None => self.refuse(
                t,
                from,
                Refusal::Rules {
                    reason: Rule::NoPressOwed.into(),
                },
            ),
        }
    }

    pub(super) fn yes(&mut self, t: u64, from: Seat) -> Vec<Event> {
        // The arbiter's yes answers his own questions (irreversible acts,
        // src/session/confirm.rs): with none open there is nothing to
        // confirm. The assistant never confirms a player's move (D.2.8).
        let Some(c) = from.color() else {
            return match from {
                Seat::Arbiter => self.refuse(t, from, Refusal::NothingPending),
                _ => self.not_your_right(t, from, Verb::Yes),
            };
        };
        match self.pending[ci(c)].clone() {
            Some(Pending::ReadBack(m)) => match self.mover(t, from) {
                Ok(_) => self.make(t, c, m, from),
                Err(e) => e,
            },
            Some(Pending::Choice(ms)) => one(
                t,
                self.private_to(c),
                Kind::Choice {
                    candidates: ms.iter().map(|m| san_en(self.position(), *m)).collect(),
                    uci: ms.iter().map(|m| self.uci(*m)).collect(),
                    fen_before: self.game.fen(),
                },
            ),
            Some(Pending::Promotion(ms)) => self.ask_promotion(t, c, ms),
            None => self.refuse(t, from, Refusal::NothingPending),
        }
    }

    pub(super) fn no(&mut self, t: u64, from: Seat) -> Vec<Event> {
        // The arbiter's no answers his own questions (irreversible acts,
        // src/session/confirm.rs): with none open there is nothing to
        // confirm. The assistant never takes back a player's move (D.2.8).
        let Some(c) = from.color() else {
            return match from {
                Seat::Arbiter => self.refuse(t, from, Refusal::NothingPending),
                _ => self.not_your_right(t, from, Verb::No),
            };
        };
        if self.pending[ci(c)].take().is_some() {
            one(t, self.private_to(c), Kind::Cancelled { act: None })
        } else {
            self.refuse(t, from, Refusal::NothingPending)
        }
    }
}

impl Session {
    /// D.2.1: the sighted player (or the assistant making the moves on his
    /// board) says he made the blind player's last move on his board; the
    /// blind player is told.
    pub(super) fn repeated(&mut self, t: u64, from: Seat) -> Vec<Event> {
        let Some((c, ply)) = self.unrepeated else {
            return match from {
                Seat::Arbiter => self.not_your_right(t, from, Verb::Repeated),
                _ => self.refuse(
                    t,
                    from,
                    Refusal::Rules {
                        reason: Rule::NothingToRepeat.into(),
                    },
                ),
            };
        };
        if from != Seat::of(!c) && !from.is_assistant() {
            return self.not_your_right(t, from, Verb::Repeated);
        }
        self.unrepeated = None;
        let mut to = self.private_to(c);
        if !to.contains(&To::Seat(from)) {
            to.push(To::Seat(from));
        }
        one(
            t,
            to,
            Kind::Repeated {
                by: (!c).into(),
                ply,
            },
        )
    }
}

fn is_not_understood(r: &Reason) -> bool {
    matches!(
        r,
        Reason::UnknownWord(_) | Reason::Garbled(_) | Reason::NothingHeard | Reason::TooManySquares
    )
}

/// English SAN of a move legal in `pos`.
pub(crate) fn san_en(pos: &shakmaty::Chess, m: Move) -> String {
    shakmaty::san::SanPlus::from_move(pos.clone(), m).to_string()
}

/// h:mm:ss for `[%clk]`.
pub(crate) fn clk(ms: u64) -> String {
    let s = ms / 1000;
    format!("{}:{:02}:{:02}", s / 3600, (s / 60) % 60, s % 60)
}

/// The game as PGN, with `[%clk]` comments and the TimeControl tag.
pub(super) fn pgn(s: &Session, tags: &[(String, String)]) -> String {
    let mut tags = tags.to_vec();
    // The event data given at the start (names, event, site, round, date).
    let c = &s.cfg;
    for (key, value) in [
        ("Event", &c.event),
        ("Site", &c.site),
        ("Date", &c.date),
        ("Round", &c.round),
        ("White", &c.white),
        ("Black", &c.black),
    ] {
        if let Some(v) = value
            && !tags.iter().any(|(k, _)| k == key)
        {
            tags.push((key.to_string(), v.clone()));
        }
    }
    if let Some(tc) = &s.cfg.control
        && !tags.iter().any(|(k, _)| k == "TimeControl")
    {
        let text = s
            .clock
            .as_ref()
            .map(|c| c.control().to_string())
            .unwrap_or_else(|| tc.clone());
        tags.push(("TimeControl".into(), text));
    }
    // 12.2: an adjusted score is no PGN result: the game is written
    // unfinished (`*`) with the score in a tag; a forfeit as the win it
    // counts as, with the tag.
    match s.score {
        Some(score) => {
            if !tags.iter().any(|(k, _)| k == "ArbiterScore") {
                tags.push(("ArbiterScore".into(), score.to_string()));
            }
            crate::rules::pgn::write_pgn_with_result(&s.game, &tags, score.pgn_result())
        }
        None => crate::rules::pgn::write_pgn(&s.game, &tags),
    }
}
