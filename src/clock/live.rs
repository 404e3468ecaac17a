//! The real-time talking clock: a tokio task that owns a [`Clock`], takes
//! commands (press, pause, questions) over a channel, wakes itself at the
//! warning thresholds and at the flag, and sends what is to be said to a
//! speaker channel. Speaking never holds up the clock: announcements that
//! the speaker cannot take at once are dropped rather than queued, so the
//! player never hears a stale time.
//!
//! This is the adapter around the pure clock: it alone reads tokio's clock
//! and turns it into the milliseconds the core expects.
//! FIDE Laws 2023, D.2.6.1 and D.2.10.4.

use shakmaty::Color;
use tokio::sync::{mpsc, oneshot};
use tokio::time::{Instant, sleep_until};

use super::speech::{ClockWords, Style};
use super::state::{Clock, Event, View};

/// A question to the clock.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Query {
    /// Both times, moves completed and whose turn it is.
    Status,
    /// The asking player's own time.
    Own(Color),
    /// The asking player's opponent's time.
    Opponent(Color),
    /// Moves completed by each player (D.2.10.4).
    Moves,
    /// Whose move it is.
    Turn,
    /// The time used by both players and the moves completed (D.2.10.4).
    Used,
}

/// An arbiter's change to the clock, run inside the clock task with the
/// current time in the clock's milliseconds.
pub type ArbiterAction = Box<dyn FnOnce(&mut Clock, u64) + Send>;

/// A command to the talking clock task.
pub enum Command {
    /// Start White's clock.
    Start,
    /// Complete the running player's move (6.2.1).
    Press,
    /// A player pressed their own button: only counts when their clock runs.
    PressBy(Color),
    /// Pause (6.11).
    Pause,
    /// Resume after a pause.
    Resume,
    /// Pause when running, resume when paused.
    PauseToggle,
    /// A question, answered aloud through the speaker channel.
    Ask(Query),
    /// A question answered on `reply` (and not spoken).
    AskText(Query, oneshot::Sender<String>),
    /// What the clock shows now.
    Show(oneshot::Sender<View>),
    /// Run a closure on the clock (arbiter corrections, rollbacks); it gets
    /// the current time in the clock's milliseconds.
    Arbiter(ArbiterAction),
    /// End the task; it returns the clock.
    Stop,
}

impl std::fmt::Debug for Command {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Command::Start => f.write_str("Start"),
            Command::Press => f.write_str("Press"),
            Command::PressBy(c) => write!(f, "PressBy({c:?})"),
            Command::Pause => f.write_str("Pause"),
            Command::Resume => f.write_str("Resume"),
            Command::PauseToggle => f.write_str("PauseToggle"),
            Command::Ask(q) => write!(f, "Ask({q:?})"),
            Command::AskText(q, _) => write!(f, "AskText({q:?})"),
            Command::Show(_) => f.write_str("Show"),
            Command::Arbiter(_) => f.write_str("Arbiter"),
            Command::Stop => f.write_str("Stop"),
        }
    }
}

/// Warnings: every `every_ms` once the time is at or below `below_ms`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Interval {
    /// The rule applies at and below this time.
    pub below_ms: u64,
    /// Spacing of the warnings.
    pub every_ms: u64,
}

/// What the talking clock says by itself.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TalkConfig {
    /// Interval warnings; none by default.
    pub intervals: Vec<Interval>,
    /// A one-time warning when a player's time first falls below this.
    pub low_time_ms: Option<u64>,
    /// How times are spoken in answers.
    pub style: Style,
}

impl Default for TalkConfig {
    fn default() -> Self {
        TalkConfig {
            intervals: Vec::new(),
            low_time_ms: Some(60_000),
            style: Style::Exact,
        }
    }
}

impl TalkConfig {
    /// The usual interval warnings: every 5 minutes below 30, every minute
    /// below 5, every 10 seconds below 1 minute.
    pub fn usual_intervals() -> Vec<Interval> {
        vec![
            Interval {
                below_ms: 1_800_000,
                every_ms: 300_000,
            },
            Interval {
                below_ms: 300_000,
                every_ms: 60_000,
            },
            Interval {
                below_ms: 60_000,
                every_ms: 10_000,
            },
        ]
    }

    /// The largest warning threshold strictly below `ms`.
    pub fn next_threshold(&self, ms: u64) -> Option<u64> {
        self.intervals
            .iter()
            .filter(|r| r.every_ms > 0)
            .filter_map(|r| {
                let top = r.below_ms.min(ms.saturating_sub(1));
                let k = top / r.every_ms;
                (k > 0).then_some(k * r.every_ms)
            })
            .max()
    }

    /// The lowest threshold `thr` with `after <= thr < before`: the one
    /// just crossed when the time fell from `before` to `after`.
    pub fn crossed(&self, before: u64, after: u64) -> Option<u64> {
        self.intervals
            .iter()
            .filter(|r| r.every_ms > 0)
            .filter_map(|r| {
                let k = after.div_ceil(r.every_ms).max(1);
                let thr = k * r.every_ms;
                (thr < before && thr <= r.below_ms).then_some(thr)
            })
            .min()
    }
}

/// What an announcement is about.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// An answer to a question.
    Answer,
    /// An interval or low-time warning.
    Warning,
    /// A flag fell (FIDE Laws 2023, 6.9): the game may be over.
    Flag(Color),
    /// A new period was added.
    Period,
    /// Paused or resumed.
    Info,
}

/// Something to say, and to whom.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Announcement {
    /// When (the clock's milliseconds).
    pub at_ms: u64,
    /// The player it is for (their earphone), or `None` for both.
    pub to: Option<Color>,
    /// What it is about.
    pub kind: Kind,
    /// The words.
    pub text: String,
}

/// Where announcements go: the seam for speech output. The command line
/// prints them; a text-to-speech adapter says them, each player's into
/// their own earphone (`Announcement::to`).
pub trait Speaker: Send {
    /// Says one announcement. May take as long as the speech lasts: the
    /// clock task never waits for it.
    fn speak(&mut self, a: &Announcement);
}

impl<F: FnMut(&Announcement) + Send> Speaker for F {
    fn speak(&mut self, a: &Announcement) {
        self(a)
    }
}

/// Answers a question from the clock's state at `t` (ticked to `t`).
pub fn answer(clock: &Clock, words: &ClockWords, q: Query, t: u64, style: Style) -> String {
    if !clock.is_started() {
        return words.not_started().to_string();
    }
    let w = clock.remaining(Color::White, t);
    let b = clock.remaining(Color::Black, t);
    let ms = |c: Color| if c == Color::White { w } else { b };
    match q {
        Query::Status => words.status(
            w,
            b,
            clock.moves(Color::White),
            clock.moves(Color::Black),
            clock.turn(),
        ),
        Query::Own(c) => words.own_time(ms(c), style),
        Query::Opponent(c) => words.opponent_time(ms(!c), style),
        Query::Moves => words.moves(clock.moves(Color::White), clock.moves(Color::Black)),
        Query::Turn => words.turn(clock.turn()),
        Query::Used => words.time_used(
            clock.used(Color::White, t),
            clock.used(Color::Black, t),
            clock.moves(Color::White),
            clock.moves(Color::Black),
        ),
    }
}

/// Decides what the clock says by itself, and when: flags, new periods,
/// interval warnings and the one-time low-time warning. Pure: it is given
/// the clock and the time, and returns the announcements; the talking task
/// and `hector play` drive it.
#[derive(Debug, Clone)]
pub struct Announcer {
    words: &'static ClockWords,
    cfg: TalkConfig,
    low_warned: [bool; 2],
    last_warned: [Option<u64>; 2],
    prev_ms: [u64; 2],
}

fn ix(c: Color) -> usize {
    match c {
        Color::White => 0,
        Color::Black => 1,
    }
}

impl Announcer {
    /// An announcer for `clock` as it stands at `t`.
    pub fn new(words: &'static ClockWords, cfg: TalkConfig, clock: &Clock, t: u64) -> Announcer {
        let mut a = Announcer {
            words,
            cfg,
            low_warned: [false; 2],
            last_warned: [None; 2],
            prev_ms: [0; 2],
        };
        a.times_changed(clock, t);
        a
    }

    /// The wording.
    pub fn words(&self) -> &'static ClockWords {
        self.words
    }

    /// The settings.
    pub fn config(&self) -> &TalkConfig {
        &self.cfg
    }

    /// Times jumped (a press with its bonus, a correction): warnings count
    /// from the new times.
    pub fn times_changed(&mut self, clock: &Clock, t: u64) {
        for c in [Color::White, Color::Black] {
            self.prev_ms[ix(c)] = clock.remaining(c, t);
        }
    }

    /// What to announce now that `clock` has been ticked to `t`.
    pub fn after_tick(&mut self, clock: &mut Clock, t: u64) -> Vec<Announcement> {
        let mut out = Vec::new();
        for e in clock.take_events() {
            match e {
                Event::Flag(f) => out.push(Announcement {
                    at_ms: f.at_ms,
                    to: None,
                    kind: Kind::Flag(f.side),
                    text: self.words.flag(f.side),
                }),
                Event::PeriodAdded { side, .. } => {
                    let ms = clock.remaining(side, t);
                    out.push(Announcement {
                        at_ms: t,
                        to: Some(side),
                        kind: Kind::Period,
                        text: self.words.period_added(side, ms),
                    });
                }
                Event::Frozen => {}
            }
        }
        let Some(c) = clock.running() else {
            return out;
        };
        let now = clock.remaining(c, t);
        let before = self.prev_ms[ix(c)];
        self.prev_ms[ix(c)] = now;
        let warn = |text: String| Announcement {
            at_ms: t,
            to: Some(c),
            kind: Kind::Warning,
            text,
        };
        if let Some(low) = self.cfg.low_time_ms
            && !self.low_warned[ix(c)]
            && now < low
            && now > 0
        {
            self.low_warned[ix(c)] = true;
            self.last_warned[ix(c)] = self.cfg.crossed(before, now);
            out.push(warn(self.words.low_time(c, now, low)));
            return out;
        }
        // The low-time warning follows a millisecond later and says it.
        let low_pending = |thr: u64| self.cfg.low_time_ms == Some(thr) && !self.low_warned[ix(c)];
        if let Some(thr) = self.cfg.crossed(before, now)
            && self.last_warned[ix(c)] != Some(thr)
            && !low_pending(thr)
            && now > 0
        {
            self.last_warned[ix(c)] = Some(thr);
            out.push(warn(self.words.warning(c, thr)));
        }
        out
    }

    /// Milliseconds from `t` until the next thing to announce, if any.
    pub fn next_wake(&self, clock: &Clock, t: u64) -> Option<u64> {
        let c = clock.running()?;
        let now = clock.remaining(c, t);
        let mut wake = clock.ms_until_zero(t);
        let mut consider = |ms: Option<u64>| {
            if let Some(ms) = ms {
                wake = Some(wake.map_or(ms, |w| w.min(ms)));
            }
        };
        if let Some(thr) = self.cfg.next_threshold(now) {
            consider(clock.ms_until(c, thr, t));
        }
        if let Some(low) = self.cfg.low_time_ms
            && !self.low_warned[ix(c)]
            && now >= low
            && low > 0
        {
            consider(clock.ms_until(c, low - 1, t));
        }
        wake
    }
}

/// Runs the talking clock until [`Command::Stop`] or until every command
/// sender is gone, and returns the clock. Time 0 is when the task starts.
pub async fn run(
    mut clock: Clock,
    words: &'static ClockWords,
    cfg: TalkConfig,
    mut commands: mpsc::Receiver<Command>,
    out: mpsc::Sender<Announcement>,
) -> Clock {
    let origin = Instant::now();
    let ms_now = || origin.elapsed().as_millis() as u64;
    let style = cfg.style;
    let mut ann = Announcer::new(words, cfg, &clock, 0);
    // A full speaker queue means the player is still hearing older
    // announcements: drop new ones rather than say them late.
    let say = |list: Vec<Announcement>| {
        for a in list {
            let _ = out.try_send(a);
        }
    };
    let info = |t: u64, text: &str| {
        vec![Announcement {
            at_ms: t,
            to: None,
            kind: Kind::Info,
            text: text.to_string(),
        }]
    };
    loop {
        let t = ms_now();
        let cmd = match ann.next_wake(&clock, t) {
            Some(ms) => {
                let deadline = origin + std::time::Duration::from_millis(t + ms);
                tokio::select! {
                    c = commands.recv() => c,
                    _ = sleep_until(deadline) => {
                        let t = ms_now();
                        if clock.tick(t).is_ok() {
                            say(ann.after_tick(&mut clock, t));
                        }
                        continue;
                    }
                }
            }
            None => commands.recv().await,
        };
        let Some(cmd) = cmd else {
            return clock;
        };
        let t = ms_now();
        // Time moves on to `t` first: a flag that fell before the command
        // is announced before anything the command does.
        if clock.tick(t).is_ok() {
            say(ann.after_tick(&mut clock, t));
        }
        match cmd {
            Command::Start => {
                let _ = clock.start(t);
            }
            Command::Press => {
                if clock.running().is_some() {
                    let _ = clock.press(t);
                }
            }
            Command::PressBy(c) => {
                if clock.running() == Some(c) {
                    let _ = clock.press(t);
                }
            }
            Command::Pause => {
                if clock.running().is_some() && clock.pause(t).is_ok() {
                    say(info(t, words.paused()));
                }
            }
            Command::Resume => {
                if clock.resume(t).is_ok() {
                    say(info(t, words.resumed()));
                }
            }
            Command::PauseToggle => {
                if clock.is_paused() {
                    if clock.resume(t).is_ok() {
                        say(info(t, words.resumed()));
                    }
                } else if clock.running().is_some() && clock.pause(t).is_ok() {
                    say(info(t, words.paused()));
                }
            }
            Command::Ask(q) => {
                let to = match q {
                    Query::Own(c) | Query::Opponent(c) => Some(c),
                    _ => None,
                };
                say(vec![Announcement {
                    at_ms: t,
                    to,
                    kind: Kind::Answer,
                    text: answer(&clock, words, q, t, style),
                }]);
            }
            Command::AskText(q, reply) => {
                let _ = reply.send(answer(&clock, words, q, t, style));
            }
            Command::Show(reply) => {
                let _ = reply.send(clock.view(t));
            }
            Command::Arbiter(f) => f(&mut clock, t),
            Command::Stop => return clock,
        }
        ann.times_changed(&clock, t);
        say(ann.after_tick(&mut clock, t));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cfg() -> TalkConfig {
        TalkConfig {
            intervals: TalkConfig::usual_intervals(),
            ..TalkConfig::default()
        }
    }

    #[test]
    fn thresholds_follow_the_rules() {
        let c = cfg();
        assert_eq!(c.next_threshold(3_600_000), Some(1_800_000));
        assert_eq!(c.next_threshold(1_800_000), Some(1_500_000));
        assert_eq!(c.next_threshold(299_999), Some(240_000));
        assert_eq!(c.next_threshold(60_000), Some(50_000));
        assert_eq!(c.next_threshold(10_000), None);
        assert_eq!(c.crossed(300_001, 299_990), Some(300_000));
        assert_eq!(c.crossed(300_000, 299_990), None);
        assert_eq!(c.crossed(61_000, 49_000), Some(50_000));
        assert_eq!(TalkConfig::default().next_threshold(100_000), None);
    }
}
