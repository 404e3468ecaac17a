//! Two boards and two scoresheets (FIDE Laws 2023, D.2.9): when the
//! positions differ they are corrected with the arbiter; the player whose
//! scoresheet is right but whose board is wrong adjusts his board; when the
//! scoresheets differ, both are retraced to where they agree and the
//! arbiter sets the clocks back.

use shakmaty::{Color, Position};

use super::{
    ArbiterReason, Event, Kind, LineProblem, Named, Refusal, Rule, Seat, Session, To, echo,
    english, one,
};
use crate::boards::{Decision, FixWords, Side as BoardSide, SquareStyle, parse_report};
use crate::locale::session::Verb;

impl Session {
    pub(super) fn fix_words(&self) -> &'static FixWords {
        FixWords::get(self.loc.code())
            .or_else(|_| FixWords::get("en"))
            .expect("embedded board wording")
    }

    pub(super) fn snapshots(&self) -> Vec<crate::clock::Snapshot> {
        // The clock's snapshots count presses from its start; shift them to
        // the game's half-move numbers (D.2.9 with --moves).
        self.clock
            .as_ref()
            .map(|c| {
                c.snapshots()
                    .iter()
                    .map(|s| {
                        let mut s = s.clone();
                        s.ply += self.clock_base_ply;
                        s
                    })
                    .collect()
            })
            .unwrap_or_default()
    }

    /// Compares both boards with both scoresheets (D.2.9) and gives each
    /// board's player the guidance he has not heard yet.
    pub(super) fn check_boards(&mut self, t: u64, always: bool) -> Vec<Event> {
        let snaps = self.snapshots();
        let r = self.boards.check(english(), &snaps);
        let w = self.fix_words();
        let mut out = Vec::new();
        if r.decision == Decision::InOrder {
            if self.boards_differ || always {
                out.push(Event {
                    t,
                    to: vec![To::All],
                    kind: Kind::BoardsAgree {
                        again: self.boards_differ,
                    },
                });
            }
            self.boards_differ = false;
            return out;
        }
        let first = !self.boards_differ;
        self.boards_differ = true;
        let fresh = self.boards.fresh_guidance(&r, w, SquareStyle::Spoken);
        let blind_color = self.board_color(BoardSide::Blind);
        for (side, lines) in fresh {
            let c = self.board_color(side);
            let mut to = self.private_to(c);
            to.push(To::Seat(Seat::Arbiter));
            let _ = blind_color;
            out.push(Event {
                t,
                to,
                kind: Kind::Guidance {
                    board: side.name().to_string(),
                    lines,
                    decision: r.decision.name().to_string(),
                },
            });
        }
        if first || always {
            out.push(Event {
                t,
                to: vec![To::Seat(Seat::Arbiter)],
                kind: Kind::Arbiter {
                    reason: ArbiterReason::BoardsDiffer,
                    by: None,
                    detail: Some(r.decision.name().to_string()),
                },
            });
        }
        out
    }

    pub(super) fn board_color(&self, side: BoardSide) -> Color {
        let blind_color = match self.cfg.blind {
            super::Blind::Black => Color::Black,
            _ => Color::White,
        };
        match side {
            BoardSide::Blind => blind_color,
            BoardSide::Sighted => !blind_color,
        }
    }

    /// "my board shows …": a player (or the e-board, or the arbiter)
    /// reports what a board really shows.
    pub(super) fn shows(
        &mut self,
        t: u64,
        from: Seat,
        named: Option<BoardSide>,
        text: &str,
    ) -> Vec<Event> {
        let side = match (named, from.color()) {
            (Some(s), _) => s,
            (None, Some(c)) => self.board_of(c),
            (None, None) => BoardSide::Blind,
        };
        if let Some(c) = from.color()
            && self.board_of(c) != side
        {
            return self.refuse(
                t,
                from,
                Refusal::NotYourRight {
                    command: Named::Command(Verb::Shows),
                },
            );
        }
        match parse_report(text, self.boards.board(side)) {
            Ok(b) => {
                self.boards.report_board(side, b);
                self.check_boards(t, false)
            }
            Err(e) => self.refuse(t, from, line_problem(&e).into()),
        }
    }

    /// D.2.9: the arbiter corrects half-move `n` of a board's scoresheet.
    pub(super) fn correct_sheet(
        &mut self,
        t: u64,
        from: Seat,
        side: BoardSide,
        n: usize,
        text: &str,
    ) -> Vec<Event> {
        if let Some(e) = self.need_arbiter(t, from, Verb::Correct) {
            return e;
        }
        match self.boards.sheet_mut(side).correct(n - 1, text, t) {
            Ok(()) => {
                let mut out = one(
                    t,
                    vec![To::Seat(Seat::Arbiter)],
                    Kind::SheetCorrected {
                        board: side.name().to_string(),
                        ply: n,
                        san: echo(text),
                    },
                );
                out.extend(self.check_boards(t, true));
                out
            }
            Err(e) => self.refuse(t, from, line_problem(&e).into()),
        }
    }

    /// D.2.9: the scoresheets differ: the arbiter retraces to the last
    /// half-move where they agree and sets the clocks back to it.
    pub(super) fn retrace(&mut self, t: u64, from: Seat) -> Vec<Event> {
        if let Some(e) = self.need_arbiter(t, from, Verb::Retrace) {
            return e;
        }
        let r = self.boards.check(english(), &self.snapshots());
        if r.decision != Decision::Retrace {
            return self.refuse(
                t,
                from,
                Refusal::Rules {
                    reason: Rule::NothingToRetrace.into(),
                },
            );
        }
        let ply = r.agreed_plies.max(self.clock_base_ply.min(r.agreed_plies));
        self.boards.retrace(&r, t);
        self.game.truncate(r.agreed_plies);
        self.synced = r.agreed_plies;
        self.strike_marks(r.agreed_plies);
        self.pending = [None, None];
        self.owed_press = None;
        if let Some(clock) = self.clock.as_mut() {
            let snap = ply.saturating_sub(self.clock_base_ply);
            let running = clock.running().is_some() || clock.is_paused();
            let _ = clock.rollback_to_ply(snap, t);
            if !running {
                let _ = clock.pause(t);
            }
        }
        self.boards_differ = false;
        let mut out = one(
            t,
            vec![To::All],
            Kind::Retraced {
                ply: r.agreed_plies,
            },
        );
        out.push(Event {
            t,
            to: vec![To::All],
            kind: Kind::Status(self.status(t)),
        });
        out
    }

    /// D.2.9: a board set right again. The positions are corrected with
    /// the arbiter: a player's word is a report to him; only the arbiter's
    /// `fixed` (one board, or both when he names none) clears the
    /// difference.
    pub(super) fn fixed(&mut self, t: u64, from: Seat, named: Option<BoardSide>) -> Vec<Event> {
        if from != Seat::Arbiter {
            let side = named
                .or_else(|| from.color().map(|c| self.board_of(c)))
                .unwrap_or(BoardSide::Blind);
            if from.color().is_some_and(|c| self.board_of(c) != side) {
                return self.not_your_right(t, from, Verb::Fixed);
            }
            if !self.boards_differ {
                return self.check_boards(t, true);
            }
            return one(
                t,
                vec![To::Seat(Seat::Arbiter), To::Seat(from)],
                Kind::Arbiter {
                    reason: ArbiterReason::BoardPutRight,
                    by: Some(from),
                    detail: Some(side.name().to_string()),
                },
            );
        }
        let target = self.boards.check(english(), &[]).position.board().clone();
        let sides = match named {
            Some(s) => vec![s],
            None => vec![BoardSide::Blind, BoardSide::Sighted],
        };
        for side in sides {
            self.boards.report_board(side, target.clone());
        }
        self.check_boards(t, true)
    }
}

/// What a board report or a scoresheet correction got wrong, as a word
/// the renderer says.
fn line_problem(e: &crate::boards::BoardsError) -> LineProblem {
    use crate::boards::BoardsError as E;
    match e {
        E::NoEntry { .. } => LineProblem::NoEntry,
        E::EmptyEntry => LineProblem::EmptyEntry,
        _ => LineProblem::BadBoard,
    }
}
