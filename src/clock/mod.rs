//! The talking chess clock: FIDE time controls, a pure clock state machine
//! fed with millisecond timestamps, the move counter, arbiter corrections,
//! spoken announcements in every locale and a real-time talking task.
//!
//! FIDE Laws 2023, Art. 6 (the chess clock), D.2.6.1 (a clock that
//! announces time and number of moves to the visually disabled player),
//! D.2.10.4 (moves completed and time used, told on request).

pub mod control;
pub mod live;
pub mod speech;
pub mod state;

pub use control::{Bonus, Class, Period, TimeControl};
pub use live::{Announcement, Announcer, Command, Kind, Query, Speaker, TalkConfig};
pub use speech::{ClockWords, Style};
pub use state::{Clock, Correction, Event, Flag, PeriodChange, Press, Snapshot, View};

/// What can go wrong with a clock or its settings.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ClockError {
    /// A time control that cannot be read or played.
    #[error("Bad time control: {0}.")]
    BadControl(String),
    /// An operation that needs a running game before the clock started.
    #[error("The clock has not been started.")]
    NotStarted,
    /// `start` a second time.
    #[error("The clock is already running.")]
    AlreadyStarted,
    /// A press or pause while paused.
    #[error("The clock is paused; resume it first.")]
    Paused,
    /// A resume while not paused.
    #[error("The clock is not paused.")]
    NotPaused,
    /// A timestamp earlier than one already seen.
    #[error("Time went backwards: {at} ms comes after {last} ms.")]
    TimeWentBack {
        /// The timestamp given.
        at: u64,
        /// The latest timestamp seen.
        last: u64,
    },
    /// A rollback to a move that has no snapshot.
    #[error("There is no clock snapshot after move {ply}; the last is {last}.")]
    NoSnapshot {
        /// The ply asked for.
        ply: usize,
        /// The last ply with a snapshot.
        last: usize,
    },
    /// A locale that is unknown or whose clock wording is broken.
    #[error("Clock wording for locale '{0}': {1}")]
    Locale(String, String),
    /// A correction that would leave more time than any game has.
    #[error("A clock holds at most {} hours; {} hours is not a time for a game.", MAX_CLOCK_MS / 3_600_000, .0 / 3_600_000)]
    TooMuchTime(u64),
}

/// "5:00", "1:30:00", "90s", "2m", "120" (seconds) → milliseconds.
pub fn parse_duration(w: &str) -> Option<u64> {
    let w = w.trim();
    if w.contains(':') {
        let mut total: u64 = 0;
        for part in w.split(':') {
            total = total
                .checked_mul(60)?
                .checked_add(part.parse::<u64>().ok()?)?;
        }
        return total.checked_mul(1000);
    }
    let (num, unit) = match w.char_indices().find(|(_, c)| !c.is_ascii_digit()) {
        Some((i, _)) => w.split_at(i),
        None => (w, "s"),
    };
    let n: u64 = num.parse().ok()?;
    let k = match unit {
        "s" | "sec" => 1000,
        "m" | "min" => 60_000,
        "h" => 3_600_000,
        "ms" => 1,
        _ => return None,
    };
    n.checked_mul(k)
}

/// The most time a clock may show after an arbiter's correction: a day.
/// (The longest classical controls give each player a few hours.)
pub const MAX_CLOCK_MS: u64 = 24 * 3_600_000;
