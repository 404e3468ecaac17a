//! The chess clock as a pure state machine. Every operation takes the
//! current time in integer milliseconds from the caller (any fixed origin);
//! nothing here reads a clock, so hours of play simulate in microseconds.
//!
//! FIDE Laws 2023: 6.2.1 (pressing the clock completes a move), 6.3
//! (periods, delay), 6.9 (flag fall), 6.10.2 and 7.1 (arbiter corrections
//! of time and move counter), 6.11 (pausing), 7.5 (two minutes for an
//! illegal move), D.2.9 (clocks adjusted after retracing moves).

use shakmaty::Color;

use super::ClockError;
use super::control::{Bonus, TimeControl};

/// How the clock moves from one period to the next.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum PeriodChange {
    /// When the player completes the period's move quota (hector counts
    /// the moves), the next period's time is added to that player at once.
    /// Reaching 0:00 before the quota is a flag (6.9); the next period is
    /// then added so that play can go on until the flag is claimed.
    #[default]
    OnQuota,
    /// The DGT way: the clock is not told the quota; at 0:00 of a non-final
    /// period the next period is added to both players, and the flag is
    /// recorded only if that player had not completed the quota.
    DgtAtZero,
}

/// A fallen flag: who, when, and in which period (0-based).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Flag {
    /// The player whose time ran out.
    pub side: Color,
    /// When it fell (caller's milliseconds).
    pub at_ms: u64,
    /// The period in which it fell.
    pub period: usize,
}

/// What one player's clock holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct SideState {
    /// Main time shown when the current move (or the last rebase) began.
    rem: u64,
    /// Current period index (0-based; the last period repeats).
    period: usize,
    /// Completed moves (the clock's move counter, 6.10.2).
    moves: u32,
    /// Completed moves in the current period.
    moves_in_period: u32,
    /// When this player's flag fell, if it did.
    flag: Option<Flag>,
    /// Thinking time of the completed moves (pauses excluded).
    used: u64,
}

/// The state of both clocks right after a completed move (or at the start),
/// kept so that times can be rolled back (D.2.9, 7.1).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Snapshot {
    /// Completed moves of both players together (0 = the start).
    pub ply: usize,
    /// When the move was completed.
    pub at_ms: u64,
    /// Main time of White and Black after the move.
    pub white_ms: u64,
    /// See `white_ms`.
    pub black_ms: u64,
    /// Move counters after the move.
    pub moves_white: u32,
    /// See `moves_white`.
    pub moves_black: u32,
    /// The player whose clock then ran.
    pub to_move: Color,
    sides: [SideState; 2],
    first_flag: Option<Flag>,
    frozen: bool,
}

/// An arbiter's correction, as logged.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Correction {
    /// A player's remaining time set (6.10.2, 7.1).
    SetTime {
        /// Whose time.
        side: Color,
        /// Time shown before.
        before_ms: u64,
        /// Time shown after.
        after_ms: u64,
    },
    /// Time added to a player (e.g. 7.5.5: two minutes for the opponent of
    /// a player who completed an illegal move).
    AddTime {
        /// Who gets the time.
        side: Color,
        /// How much.
        added_ms: u64,
        /// Time shown after.
        after_ms: u64,
    },
    /// A player's move counter set (6.10.2).
    SetMoves {
        /// Whose counter.
        side: Color,
        /// Count before.
        before: u32,
        /// Count after.
        after: u32,
    },
    /// Both clocks rolled back to the snapshot after `ply` completed moves
    /// (D.2.9, 7.1).
    Rollback {
        /// The snapshot returned to.
        ply: usize,
    },
}

/// One logged correction with its time.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LoggedCorrection {
    /// When the arbiter made it (caller's milliseconds).
    pub at_ms: u64,
    /// What was changed.
    pub correction: Correction,
}

/// What a press did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Press {
    /// The move was completed; the opponent's clock now runs.
    Completed {
        /// Who completed the move.
        side: Color,
        /// Main time the mover has left, bonus included.
        remaining_ms: u64,
        /// Whether a new period began for the mover with this move.
        new_period: bool,
    },
    /// The clock is frozen after a flag in the final period; nothing happens.
    Frozen,
}

/// Something the clock noticed while time passed; callers announce these.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Event {
    /// A flag fell.
    Flag(Flag),
    /// The next period was added to a player (with its base time).
    PeriodAdded {
        /// Who got it.
        side: Color,
        /// The new period's index.
        period: usize,
    },
    /// The clock froze after a flag in the final period.
    Frozen,
}

/// A two-player chess clock.
#[derive(Debug, Clone)]
pub struct Clock {
    control: TimeControl,
    mode: PeriodChange,
    sides: [SideState; 2],
    started: bool,
    paused: bool,
    frozen: bool,
    /// A flag in the final period leaves the clock running (2005 B7–B9,
    /// 2009 A.4(d): the flag counts only when claimed, and the other flag
    /// may still fall): the flagged player stays at 0:00.
    flags_by_claim: bool,
    /// Whose move it is (whose clock runs unless paused or frozen).
    turn: Color,
    /// Time of the latest event; time may not go backwards.
    now: u64,
    /// Move time accumulated before the current running stretch (pauses).
    acc: u64,
    /// Start of the current running stretch.
    since: u64,
    /// Move time at the last rebase (a correction or a period added).
    rebase_e: u64,
    /// The first flag that fell.
    first_flag: Option<Flag>,
    snapshots: Vec<Snapshot>,
    log: Vec<LoggedCorrection>,
    events: Vec<Event>,
}

fn idx(c: Color) -> usize {
    match c {
        Color::White => 0,
        Color::Black => 1,
    }
}

impl Clock {
    /// A clock set to the first period of `control`, not yet started.
    pub fn new(control: TimeControl, mode: PeriodChange) -> Clock {
        let base = control.period(0).base_ms;
        let side = SideState {
            rem: base,
            period: 0,
            moves: 0,
            moves_in_period: 0,
            flag: None,
            used: 0,
        };
        Clock {
            control,
            mode,
            sides: [side; 2],
            started: false,
            paused: false,
            frozen: false,
            flags_by_claim: false,
            turn: Color::White,
            now: 0,
            acc: 0,
            since: 0,
            rebase_e: 0,
            first_flag: None,
            snapshots: Vec::new(),
            log: Vec::new(),
            events: Vec::new(),
        }
    }

    /// Sets the move counters of a game that starts after some moves (a
    /// game set up from a move list). Only before the start; the periods
    /// whose quotas those moves completed are added.
    pub fn with_moves(mut self, white: u32, black: u32) -> Clock {
        if self.started {
            return self;
        }
        for (i, n) in [white, black].into_iter().enumerate() {
            for _ in 0..n {
                let s = &mut self.sides[i];
                s.moves += 1;
                s.moves_in_period += 1;
                if self.mode == PeriodChange::OnQuota
                    && let Some(q) = self.control.period(s.period).moves
                    && s.moves_in_period >= q
                {
                    s.period += 1;
                    s.moves_in_period = 0;
                    s.rem = s.rem.saturating_add(self.control.period(s.period).base_ms);
                }
            }
        }
        self
    }

    /// 2005 B7–B9, 2009 A.4(d): a flag in the final period does not
    /// freeze the clock; play may go on until the flag is claimed, and the
    /// other player's flag may fall too.
    pub fn set_flags_by_claim(&mut self, on: bool) {
        self.flags_by_claim = on;
    }

    /// The time control.
    pub fn control(&self) -> &TimeControl {
        &self.control
    }

    /// How periods change.
    pub fn mode(&self) -> PeriodChange {
        self.mode
    }

    fn check_time(&self, t: u64) -> Result<(), ClockError> {
        if t < self.now {
            return Err(ClockError::TimeWentBack {
                at: t,
                last: self.now,
            });
        }
        Ok(())
    }

    /// Starts White's clock at `t` (FIDE Laws 2023, 6.5).
    pub fn start(&mut self, t: u64) -> Result<(), ClockError> {
        self.start_with(Color::White, t)
    }

    /// Starts the clock of `first`, the player to move in the starting
    /// position (White unless the game starts from a set-up position).
    pub fn start_with(&mut self, first: Color, t: u64) -> Result<(), ClockError> {
        self.check_time(t)?;
        if self.started {
            return Err(ClockError::AlreadyStarted);
        }
        self.now = t;
        self.started = true;
        self.turn = first;
        self.begin_move(t);
        self.snapshots.push(self.snapshot(t));
        Ok(())
    }

    fn begin_move(&mut self, t: u64) {
        self.acc = 0;
        self.since = t;
        self.rebase_e = 0;
    }

    /// Whether the clock has been started.
    pub fn is_started(&self) -> bool {
        self.started
    }

    /// Whether the clock is paused (6.11).
    pub fn is_paused(&self) -> bool {
        self.paused
    }

    /// Whether the clock froze after a flag in the final period.
    pub fn is_frozen(&self) -> bool {
        self.frozen
    }

    /// Whose move it is.
    pub fn turn(&self) -> Color {
        self.turn
    }

    /// The player whose clock is actually running (none before the start,
    /// while paused, or when frozen).
    pub fn running(&self) -> Option<Color> {
        (self.started && !self.paused && !self.frozen).then_some(self.turn)
    }

    /// Time used on the current move up to `t` (pauses excluded).
    fn move_elapsed(&self, t: u64) -> u64 {
        if self.running().is_some() {
            self.acc.saturating_add(t.saturating_sub(self.since))
        } else {
            self.acc
        }
    }

    fn bonus_active(&self, c: Color) -> bool {
        self.sides[idx(c)].flag.is_none()
    }

    /// Main time charged for a move time `e` (simple delay: only beyond it).
    fn charge(&self, c: Color, e: u64) -> u64 {
        let s = &self.sides[idx(c)];
        match self.control.period(s.period).bonus {
            Bonus::Delay(d) if self.bonus_active(c) => e.saturating_sub(d),
            _ => e,
        }
    }

    /// Main time of the player to move when the move time is `e`.
    fn display_at_elapsed(&self, e: u64) -> u64 {
        let c = self.turn;
        let used = self
            .charge(c, e)
            .saturating_sub(self.charge(c, self.rebase_e));
        self.sides[idx(c)].rem.saturating_sub(used)
    }

    /// The move time at which the running player's main time reaches 0.
    fn elapsed_at_zero(&self) -> u64 {
        let c = self.turn;
        let s = &self.sides[idx(c)];
        let target = s.rem.saturating_add(self.charge(c, self.rebase_e));
        let e = match self.control.period(s.period).bonus {
            Bonus::Delay(d) if self.bonus_active(c) && target > 0 => target.saturating_add(d),
            _ => target,
        };
        e.max(self.rebase_e)
    }

    /// Lets time run to `t`: flags fall, DGT periods are added, the clock
    /// freezes. Called by every operation before it acts.
    fn advance(&mut self, t: u64) {
        self.advance_with(t, true);
    }

    /// [`Clock::advance`]; `at_once: false` takes every zero one at a time
    /// (the tests' reference for the repeated zeros taken at once).
    fn advance_with(&mut self, t: u64, at_once: bool) {
        // Each round either freezes the clock, or adds a period (bounded by
        // the moves not yet completed), or takes the repeated zeros up to
        // `t` at once, so the loop ends.
        for _ in 0..10_000 {
            if self.running().is_none() {
                return;
            }
            let c = self.turn;
            // A flag claimed only (2005 B7, 2009 A.4(d)): the flagged
            // player stays at 0:00 in the final period; nothing more falls.
            if self.flags_by_claim
                && self.sides[idx(c)].flag.is_some()
                && self.control.is_final(self.sides[idx(c)].period)
            {
                return;
            }
            let ez = self.elapsed_at_zero();
            // A zero beyond the last representable millisecond never comes
            // (the DGT rule can give a player more time than that).
            let tz = match self.since.checked_add(ez.saturating_sub(self.acc)) {
                Some(tz) if tz <= t => tz,
                _ => return,
            };
            match self.repeated_zeros(c, tz, t).filter(|_| at_once) {
                Some((n, base)) => self.skip_zeros(c, tz, ez, n, base),
                None => self.zero_reached(c, tz, ez),
            }
        }
    }

    /// When the running player `c`, whose flag has already fallen, reaches
    /// 0:00 at `tz` and every period still to come (his, and with the DGT
    /// rule both players') is the same repeating one of `base` ms: each
    /// added period runs out `base` ms after the last. Returns how many
    /// zeros fall at or before `t` and the base, when more than one; they
    /// are then taken in one step (a clock left running for hours on a
    /// short repeating period stays cheap to advance).
    fn repeated_zeros(&self, c: Color, tz: u64, t: u64) -> Option<(u64, u64)> {
        let s = &self.sides[idx(c)];
        s.flag?;
        let last = self.control.periods().len().saturating_sub(1);
        let settled = match self.mode {
            PeriodChange::OnQuota => s.period >= last,
            PeriodChange::DgtAtZero => self.sides.iter().all(|x| x.period >= last),
        };
        if !settled || self.control.is_final(s.period) {
            return None;
        }
        let base = self.control.period(s.period).base_ms;
        if base == 0 || t < tz {
            return None;
        }
        let n = (t - tz) / base + 1;
        (n > 1).then_some((n, base))
    }

    /// `n` zeros of [`Clock::repeated_zeros`] at once: the state after the
    /// last is what `n` calls of [`Clock::zero_reached`] leave; one
    /// `PeriodAdded` per player says where his periods now stand.
    fn skip_zeros(&mut self, c: Color, tz: u64, ez: u64, n: u64, base: u64) {
        let span = (n - 1).saturating_mul(base);
        let ez_last = ez.saturating_add(span);
        self.acc = ez_last;
        self.since = tz.saturating_add(span);
        self.rebase_e = ez_last;
        let steps = usize::try_from(n).unwrap_or(usize::MAX);
        let i = idx(c);
        self.sides[i].rem = 0;
        let sides = match self.mode {
            PeriodChange::OnQuota => vec![c],
            PeriodChange::DgtAtZero => vec![Color::White, Color::Black],
        };
        for side in sides {
            let s = &mut self.sides[idx(side)];
            s.period = s.period.saturating_add(steps);
            s.moves_in_period = 0;
            s.rem = if side == c {
                base
            } else {
                s.rem.saturating_add(n.saturating_mul(base))
            };
            let period = s.period;
            self.events.push(Event::PeriodAdded { side, period });
        }
    }

    /// The running player `c` reached 0:00 at `tz` (move time `ez`).
    fn zero_reached(&mut self, c: Color, tz: u64, ez: u64) {
        let i = idx(c);
        let period = self.sides[i].period;
        let is_final = self.control.is_final(period);
        let quota_done = match self.mode {
            PeriodChange::OnQuota => false,
            PeriodChange::DgtAtZero => {
                // The DGT clock does not know the quota; the arbiter checks
                // the counter: quota made if all moves of this period are in.
                let needed = self
                    .control
                    .moves_before(period.saturating_add(1), u32::MAX);
                self.sides[i].moves >= needed
            }
        };
        if !quota_done && self.sides[i].flag.is_none() {
            let flag = Flag {
                side: c,
                at_ms: tz,
                period,
            };
            self.sides[i].flag = Some(flag);
            if self.first_flag.is_none() {
                self.first_flag = Some(flag);
            }
            self.events.push(Event::Flag(flag));
        }
        if is_final && self.flags_by_claim {
            // 2005 B7, 2009 A.4(d): the clock runs on; the flag waits for a
            // claim.
            self.sides[i].rem = 0;
            self.rebase_e = ez;
            self.acc = ez;
            self.since = tz;
            return;
        }
        if is_final {
            // Freeze: the flagged player shows 0:00, nothing runs any more.
            self.sides[i].rem = 0;
            self.rebase_e = ez;
            self.acc = ez;
            self.since = tz;
            self.frozen = true;
            self.events.push(Event::Frozen);
            return;
        }
        // Rebase at the zero point (the bonus rules may just have changed),
        // then add the next period.
        self.acc = ez;
        self.since = tz;
        self.rebase_e = ez;
        self.sides[i].rem = 0;
        match self.mode {
            PeriodChange::OnQuota => self.add_period(c),
            PeriodChange::DgtAtZero => {
                self.add_period(Color::White);
                self.add_period(Color::Black);
            }
        }
    }

    fn add_period(&mut self, c: Color) {
        let s = &mut self.sides[idx(c)];
        s.period += 1;
        s.moves_in_period = 0;
        let base = self.control.period(s.period).base_ms;
        s.rem = s.rem.saturating_add(base);
        let period = s.period;
        self.events.push(Event::PeriodAdded { side: c, period });
    }

    /// Completes the running player's move at `t` and starts the opponent's
    /// clock (FIDE Laws 2023, 6.2.1). The bonus of the period the move was
    /// played in is applied unless this player's flag has fallen; with
    /// [`PeriodChange::OnQuota`], completing the quota adds the next period.
    pub fn press(&mut self, t: u64) -> Result<Press, ClockError> {
        self.run_to(t)?;
        if self.frozen {
            return Ok(Press::Frozen);
        }
        let c = self.turn;
        let e = self.move_elapsed(t);
        let shown = self.display_at_elapsed(e);
        let i = idx(c);
        let bonus = if self.bonus_active(c) {
            match self.control.period(self.sides[i].period).bonus {
                Bonus::None | Bonus::Delay(_) => 0,
                Bonus::Increment(n) => n,
                Bonus::Bronstein(d) => e.min(d),
            }
        } else {
            0
        };
        self.sides[i].rem = shown.saturating_add(bonus);
        self.sides[i].moves += 1;
        self.sides[i].moves_in_period += 1;
        self.sides[i].used += e;
        let mut new_period = false;
        if self.mode == PeriodChange::OnQuota
            && let Some(q) = self.control.period(self.sides[i].period).moves
            && self.sides[i].moves_in_period >= q
        {
            self.add_period(c);
            new_period = true;
        }
        let remaining_ms = self.sides[i].rem;
        self.turn = !c;
        self.begin_move(t);
        self.snapshots.push(self.snapshot(t));
        Ok(Press::Completed {
            side: c,
            remaining_ms,
            new_period,
        })
    }

    /// Pauses the clock at `t` (FIDE Laws 2023, 6.11). On a frozen clock this
    /// changes nothing.
    pub fn pause(&mut self, t: u64) -> Result<(), ClockError> {
        self.run_to(t)?;
        if self.frozen {
            return Ok(());
        }
        self.acc = self.move_elapsed(t);
        self.paused = true;
        Ok(())
    }

    /// Brings a started, running (not paused) clock to `t`; flags may fall
    /// on the way.
    fn run_to(&mut self, t: u64) -> Result<(), ClockError> {
        self.check_time(t)?;
        if !self.started {
            return Err(ClockError::NotStarted);
        }
        if self.paused {
            return Err(ClockError::Paused);
        }
        self.now = t;
        self.advance(t);
        Ok(())
    }

    /// Restarts the paused clock at `t` (6.11).
    pub fn resume(&mut self, t: u64) -> Result<(), ClockError> {
        self.check_time(t)?;
        if !self.paused {
            return Err(ClockError::NotPaused);
        }
        self.now = t;
        self.paused = false;
        self.since = t;
        Ok(())
    }

    /// Lets time run to `t` without doing anything else (flags may fall).
    pub fn tick(&mut self, t: u64) -> Result<(), ClockError> {
        self.check_time(t)?;
        self.now = t;
        self.advance(t);
        Ok(())
    }

    /// The main time `c`'s clock shows at `t`. Tick the clock to `t` first
    /// so that flags and added periods are accounted for; this never
    /// changes state.
    pub fn remaining(&self, c: Color, t: u64) -> u64 {
        if self.started && c == self.turn {
            self.display_at_elapsed(self.move_elapsed(t.max(self.now)))
        } else {
            self.sides[idx(c)].rem
        }
    }

    /// How long from `t` until `c`'s clock shows `ms` or less, if it is
    /// running and above that now (used to wake the talking clock).
    pub fn ms_until(&self, c: Color, ms: u64, t: u64) -> Option<u64> {
        if self.running() != Some(c) {
            return None;
        }
        let now = self.display_at_elapsed(self.move_elapsed(t));
        if now <= ms {
            return None;
        }
        let e = self.move_elapsed(t);
        // Find the smallest move time with display <= ms.
        let (mut lo, mut hi) = (e, self.elapsed_at_zero().max(e));
        while lo < hi {
            let mid = lo + (hi - lo) / 2;
            if self.display_at_elapsed(mid) <= ms {
                hi = mid;
            } else {
                lo = mid + 1;
            }
        }
        Some(lo - e)
    }

    /// How long from `t` until the running player's flag falls.
    pub fn ms_until_zero(&self, t: u64) -> Option<u64> {
        self.running()?;
        let e = self.move_elapsed(t);
        Some(self.elapsed_at_zero().saturating_sub(e))
    }

    /// The simple-delay time still left on the current move at `t`.
    pub fn delay_left(&self, t: u64) -> u64 {
        let c = self.turn;
        if !self.started || !self.bonus_active(c) {
            return 0;
        }
        match self.control.period(self.sides[idx(c)].period).bonus {
            Bonus::Delay(d) => d.saturating_sub(self.move_elapsed(t)),
            _ => 0,
        }
    }

    /// The time `c` has used so far at `t`: the thinking time of the
    /// completed moves plus the current one if it is `c`'s (pauses
    /// excluded; bonuses do not count). FIDE Laws 2023, D.2.10.4.
    pub fn used(&self, c: Color, t: u64) -> u64 {
        let mut used = self.sides[idx(c)].used;
        if self.started && c == self.turn {
            used += self.move_elapsed(t.max(self.now));
        }
        used
    }

    /// Completed moves of `c` (the move counter, separate from the game).
    pub fn moves(&self, c: Color) -> u32 {
        self.sides[idx(c)].moves
    }

    /// The period `c` is in (0-based).
    pub fn period(&self, c: Color) -> usize {
        self.sides[idx(c)].period
    }

    /// The first flag that fell, if any.
    pub fn first_flag(&self) -> Option<Flag> {
        self.first_flag
    }

    /// `c`'s flag, if it fell.
    pub fn flag(&self, c: Color) -> Option<Flag> {
        self.sides[idx(c)].flag
    }

    /// Takes the events noticed since the last call.
    pub fn take_events(&mut self) -> Vec<Event> {
        std::mem::take(&mut self.events)
    }

    /// The snapshots, one at the start and one per completed move.
    pub fn snapshots(&self) -> &[Snapshot] {
        &self.snapshots
    }

    /// The arbiter's corrections so far.
    pub fn corrections(&self) -> &[LoggedCorrection] {
        &self.log
    }

    fn snapshot(&self, t: u64) -> Snapshot {
        Snapshot {
            ply: self.snapshots.len(),
            at_ms: t,
            white_ms: self.sides[0].rem,
            black_ms: self.sides[1].rem,
            moves_white: self.sides[0].moves,
            moves_black: self.sides[1].moves,
            to_move: self.turn,
            sides: self.sides,
            first_flag: self.first_flag,
            frozen: self.frozen,
        }
    }

    fn correcting(&mut self, t: u64) -> Result<(), ClockError> {
        self.check_time(t)?;
        self.now = t;
        if !self.started {
            return Ok(());
        }
        self.advance(t);
        // Rebase the player to move so that a change of `rem` shows at once.
        let c = self.turn;
        let e = self.move_elapsed(t);
        self.sides[idx(c)].rem = self.display_at_elapsed(e);
        self.acc = e;
        self.since = t;
        self.rebase_e = e;
        Ok(())
    }

    /// The arbiter sets `c`'s remaining main time to `ms` at `t`
    /// (FIDE Laws 2023, 6.10.2, 7.1). Logged.
    pub fn set_time(&mut self, c: Color, ms: u64, t: u64) -> Result<(), ClockError> {
        if ms > super::MAX_CLOCK_MS {
            return Err(ClockError::TooMuchTime(ms));
        }
        self.correcting(t)?;
        let before_ms = self.sides[idx(c)].rem;
        self.sides[idx(c)].rem = ms;
        self.log.push(LoggedCorrection {
            at_ms: t,
            correction: Correction::SetTime {
                side: c,
                before_ms,
                after_ms: ms,
            },
        });
        Ok(())
    }

    /// The arbiter adds `ms` to `c`'s time at `t`. Logged.
    pub fn add_time(&mut self, c: Color, ms: u64, t: u64) -> Result<(), ClockError> {
        let after = self.sides[idx(c)].rem.saturating_add(ms);
        if after > super::MAX_CLOCK_MS {
            return Err(ClockError::TooMuchTime(after));
        }
        self.correcting(t)?;
        let s = &mut self.sides[idx(c)];
        s.rem = s.rem.saturating_add(ms);
        let after_ms = s.rem;
        self.log.push(LoggedCorrection {
            at_ms: t,
            correction: Correction::AddTime {
                side: c,
                added_ms: ms,
                after_ms,
            },
        });
        Ok(())
    }

    /// FIDE Laws 2023, 7.5.5: after a player's first completed illegal move
    /// the arbiter gives the opponent two minutes extra. The rules call
    /// this with the player who made the illegal move.
    pub fn illegal_move_penalty(&mut self, offender: Color, t: u64) -> Result<(), ClockError> {
        self.add_time(!offender, ILLEGAL_MOVE_BONUS_MS, t)
    }

    /// The arbiter sets `c`'s move counter (6.10.2). The period does not
    /// change; the moves counted in it follow the new total. Logged.
    pub fn set_moves(&mut self, c: Color, moves: u32, t: u64) -> Result<(), ClockError> {
        self.correcting(t)?;
        let start_of_period = self.control.moves_before(self.sides[idx(c)].period, 0);
        let s = &mut self.sides[idx(c)];
        let before = s.moves;
        s.moves = moves;
        s.moves_in_period = moves.saturating_sub(start_of_period);
        self.log.push(LoggedCorrection {
            at_ms: t,
            correction: Correction::SetMoves {
                side: c,
                before,
                after: moves,
            },
        });
        Ok(())
    }

    /// Rolls both clocks back to the snapshot taken after `ply` completed
    /// moves (0 = the start) at `t`; the player to move then starts a fresh
    /// move. Later snapshots are dropped. Logged (D.2.9, 7.1).
    pub fn rollback_to_ply(&mut self, ply: usize, t: u64) -> Result<(), ClockError> {
        self.check_time(t)?;
        let Some(snap) = self.snapshots.get(ply).cloned() else {
            return Err(ClockError::NoSnapshot {
                ply,
                last: self.snapshots.len().saturating_sub(1),
            });
        };
        self.now = t;
        self.sides = snap.sides;
        self.first_flag = snap.first_flag;
        self.frozen = snap.frozen;
        self.turn = snap.to_move;
        self.snapshots.truncate(ply + 1);
        self.begin_move(t);
        self.log.push(LoggedCorrection {
            at_ms: t,
            correction: Correction::Rollback { ply },
        });
        Ok(())
    }

    /// Rolls back to the snapshot after `side`'s move number `n` (move
    /// numbers as on the scoresheet, from 1).
    pub fn rollback_to_move(&mut self, n: u32, side: Color, t: u64) -> Result<(), ClockError> {
        let ply = match side {
            Color::White => (2 * n as usize).saturating_sub(1),
            Color::Black => 2 * n as usize,
        };
        self.rollback_to_ply(ply, t)
    }
}

/// The two minutes of FIDE Laws 2023, 7.5.5.
pub const ILLEGAL_MOVE_BONUS_MS: u64 = 120_000;

/// What the clock shows at one moment, for display, JSON and tests.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
pub struct View {
    /// The moment (caller's milliseconds).
    pub t: u64,
    /// White's remaining main time.
    pub white_ms: u64,
    /// Black's remaining main time.
    pub black_ms: u64,
    /// Whose clock runs: "white", "black" or null.
    #[serde(serialize_with = "ser_color")]
    pub running: Option<Color>,
    /// White's completed moves.
    pub moves_white: u32,
    /// Black's completed moves.
    pub moves_black: u32,
    /// The first flag fallen: "white", "black" or null.
    #[serde(serialize_with = "ser_color")]
    pub flag: Option<Color>,
}

fn ser_color<S: serde::Serializer>(c: &Option<Color>, s: S) -> Result<S::Ok, S::Error> {
    match c {
        Some(Color::White) => s.serialize_str("white"),
        Some(Color::Black) => s.serialize_str("black"),
        None => s.serialize_none(),
    }
}

impl Clock {
    /// What the clock shows at `t`: ticks to `t` (flags may fall) and reads
    /// both times and counters.
    pub fn show(&mut self, t: u64) -> Result<View, ClockError> {
        self.tick(t)?;
        Ok(self.view(t))
    }

    /// What the clock shows at `t`, assuming it has been ticked to `t`.
    pub fn view(&self, t: u64) -> View {
        View {
            t,
            white_ms: self.remaining(Color::White, t),
            black_ms: self.remaining(Color::Black, t),
            running: self.running(),
            moves_white: self.moves(Color::White),
            moves_black: self.moves(Color::Black),
            flag: self.first_flag.map(|f| f.side),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    impl Clock {
        fn state(&self) -> String {
            let mut c = self.clone();
            c.events.clear();
            format!("{c:?}")
        }
    }

    /// A small deterministic generator (the test needs no crate for it).
    struct Lcg(u64);
    impl Lcg {
        fn next(&mut self, n: u64) -> u64 {
            self.0 = self
                .0
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            (self.0 >> 33) % n
        }
    }

    #[test]
    fn repeated_periods_taken_at_once_leave_the_clock_as_one_at_a_time() {
        let controls = [
            "2/10:5/3",
            "1/1:1/1",
            "3/60+5:2/2",
            "40/7200:20/3600",
            "1/5d2:1/3d1",
            "2/4b1:3/2b1",
            "2/4:3",
        ];
        let mut rng = Lcg(7);
        let mut compared = 0;
        for round in 0..400 {
            let text = controls[round % controls.len()];
            let tc = TimeControl::parse(text).unwrap();
            let mode = if round % 2 == 0 {
                PeriodChange::OnQuota
            } else {
                PeriodChange::DgtAtZero
            };
            let mut fast = Clock::new(tc, mode);
            fast.start(0).unwrap();
            let mut slow = fast.clone();
            let mut t = 0u64;
            for _ in 0..30 {
                t += rng.next(40_000);
                slow.advance_with(t, false);
                fast.advance(t);
                assert_eq!(fast.state(), slow.state(), "{text} at {t}");
                let last = |c: &Clock, side: Color| {
                    c.events.iter().rev().find_map(|e| match e {
                        Event::PeriodAdded { side: s, period } if *s == side => Some(*period),
                        _ => None,
                    })
                };
                for side in [Color::White, Color::Black] {
                    assert_eq!(last(&fast, side), last(&slow, side), "{text} at {t}");
                }
                compared += 1;
                if rng.next(3) > 0 && fast.running().is_some() {
                    let a = fast.press(t);
                    let b = slow.press(t);
                    assert_eq!(format!("{a:?}"), format!("{b:?}"));
                }
            }
        }
        assert_eq!(compared, 400 * 30);
    }

    /// Found by the clock_sim fuzz target: with the DGT rule, the quota
    /// check summed the moves of every period up to the current one, and a
    /// clock left for 10^10 periods spent hours there.
    #[test]
    fn dgt_quota_after_ten_billion_periods_is_counted_at_once() {
        let tc = TimeControl::parse("4003:11/503").unwrap();
        let mut c = Clock::new(tc, PeriodChange::DgtAtZero);
        c.start(0).unwrap();
        c.press(5_000_120_000_000_001).unwrap();
        c.press(500_006_120_000_000_001).unwrap();
        assert!(c.flag(Color::White).is_some() && c.flag(Color::Black).is_some());
        assert!(
            c.period(Color::White) > 1_000_000_000,
            "{}",
            c.period(Color::White)
        );
        c.set_moves(Color::White, 3, 500_006_120_000_000_001)
            .unwrap();
        assert_eq!(c.moves(Color::White), 3);
    }

    #[test]
    fn a_dgt_clock_pressed_near_the_end_of_time_does_not_overflow() {
        // The DGT rule adds every repeated period to both players: pressed
        // after 14e18 ms, Black holds more time than a u64 can count ahead.
        let tc = TimeControl::parse("300/3199b3").unwrap();
        let mut c = Clock::new(tc, PeriodChange::DgtAtZero);
        c.start(0).unwrap();
        let t = 14_243_776_445_206_896_644;
        c.press(t).unwrap();
        assert_eq!(c.turn(), Color::Black);
        assert!(c.flag(Color::White).is_some());
        assert!(c.flag(Color::Black).is_none());
        assert!(c.remaining(Color::Black, t) > 1_000_000_000_000);
        // Time runs on to the last millisecond without a panic; Black's
        // zero lies beyond it, so his flag stays up.
        c.tick(u64::MAX).unwrap();
        assert!(c.flag(Color::Black).is_none());
        assert!(c.remaining(Color::Black, u64::MAX) > 0);
        c.press(u64::MAX).unwrap();
        assert_eq!(c.turn(), Color::White);
    }

    #[test]
    fn hours_on_a_one_second_repeating_period_are_one_step() {
        let tc = TimeControl::parse("1/1").unwrap();
        let mut c = Clock::new(tc, PeriodChange::OnQuota);
        c.start(0).unwrap();
        c.tick(1_500).unwrap();
        assert!(c.flag(Color::White).is_some());
        c.take_events();
        // Ten hours later: 36,000 more periods, taken in one step.
        c.tick(36_001_500).unwrap();
        assert_eq!(c.period(Color::White), 36_001);
        assert_eq!(c.remaining(Color::White, 36_001_500), 500);
        let added = c
            .take_events()
            .into_iter()
            .filter(|e| matches!(e, Event::PeriodAdded { .. }))
            .count();
        assert_eq!(added, 1, "one announcement, not 36,000");
    }
}
