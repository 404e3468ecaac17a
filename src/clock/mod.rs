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

/// "5:00", "1:30", "1:30:00", "90s", "2m", "9m50s", "1h30m", "1m 30s",
/// "2 min", "120" (seconds) → milliseconds; units in any letter case.
pub fn parse_duration(w: &str) -> Option<u64> {
    let w = w.trim().to_ascii_lowercase();
    if w.contains(':') {
        let parts: Vec<&str> = w.split(':').collect();
        if parts.len() > 3 || parts.iter().any(|p| p.is_empty()) {
            return None;
        }
        let mut total: u64 = 0;
        for (i, part) in parts.iter().enumerate() {
            let n = part.parse::<u64>().ok()?;
            if i > 0 && n >= 60 {
                return None;
            }
            total = total.checked_mul(60)?.checked_add(n)?;
        }
        return total.checked_mul(1000);
    }
    if !w.is_empty() && w.chars().all(|c| c.is_ascii_digit()) {
        return w.parse::<u64>().ok()?.checked_mul(1000);
    }
    // One or more amounts with their units: 9m50s, 1h 30m, 2 min.
    let mut rest = w.as_str();
    let mut total: u64 = 0;
    let mut any = false;
    loop {
        rest = rest.trim_start();
        if rest.is_empty() {
            break;
        }
        let digits = rest
            .find(|c: char| !c.is_ascii_digit())
            .unwrap_or(rest.len());
        if digits == 0 {
            return None;
        }
        let n: u64 = rest[..digits].parse().ok()?;
        rest = rest[digits..].trim_start();
        let letters = rest
            .find(|c: char| !c.is_ascii_alphabetic())
            .unwrap_or(rest.len());
        let k = unit_ms(&rest[..letters])?;
        rest = &rest[letters..];
        total = total.checked_add(n.checked_mul(k)?)?;
        any = true;
    }
    any.then_some(total)
}

/// The milliseconds of one of an English time unit (`ms`, `s`, `sec`,
/// `m`, `min`, `h` …), lower case.
pub fn unit_ms(unit: &str) -> Option<u64> {
    Some(match unit {
        "ms" => 1,
        "s" | "sec" | "secs" | "second" | "seconds" => 1000,
        "m" | "min" | "mins" | "minute" | "minutes" => 60_000,
        "h" | "hr" | "hrs" | "hour" | "hours" => 3_600_000,
        _ => return None,
    })
}

/// The most time a clock may show after an arbiter's correction: a day.
/// (The longest classical controls give each player a few hours.)
pub const MAX_CLOCK_MS: u64 = 24 * 3_600_000;

#[cfg(test)]
mod duration_tests {
    use super::parse_duration;

    #[test]
    fn every_written_time_is_read() {
        for (text, ms) in [
            ("9m50s", 590_000),
            ("9M50S", 590_000),
            ("1:30", 90_000),
            ("90s", 90_000),
            ("2m", 120_000),
            ("2min", 120_000),
            ("2 min", 120_000),
            ("1m 30s", 90_000),
            ("1h30m", 5_400_000),
            ("1:30:00", 5_400_000),
            ("120", 120_000),
            ("500ms", 500),
        ] {
            assert_eq!(parse_duration(text), Some(ms), "{text}");
        }
        for bad in [
            "", "m", "9x", "1:75", "1::0", "s9", "9m50", "-5s", "1:2:3:4",
        ] {
            assert_eq!(parse_duration(bad), None, "{bad}");
        }
    }
}
