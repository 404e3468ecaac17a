//! Time controls: periods, per-move bonuses, the PGN `TimeControl` form,
//! presets and the rapid/blitz classification.
//!
//! FIDE Laws 2023, Art. 6.3 (periods, saved time carried forward, delay
//! mode), Appendix A.1 (rapid) and Appendix B.1 (blitz).

use std::fmt;

use super::ClockError;

/// What a player gets for each completed move. Times are milliseconds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Bonus {
    /// No bonus: the main time simply runs down.
    None,
    /// Fischer increment, added after every completed move from move 1 on
    /// (FIDE Laws 2023, 6.3.1 and the FIDE standard control).
    Increment(u64),
    /// Simple ("US") delay, FIDE's "delay mode": the main time only starts
    /// running down after the delay of each move has run out (6.3.2).
    Delay(u64),
    /// Bronstein delay: after the move the player gets back what they used,
    /// but no more than the delay, so the time never grows above where the
    /// move started.
    Bronstein(u64),
}

impl Bonus {
    /// The bonus amount in milliseconds (0 for [`Bonus::None`]).
    pub fn ms(self) -> u64 {
        match self {
            Bonus::None => 0,
            Bonus::Increment(n) | Bonus::Delay(n) | Bonus::Bronstein(n) => n,
        }
    }
}

/// One period of a time control (FIDE Laws 2023, 6.3): an optional number
/// of moves to complete in it, its base time and the per-move bonus.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Period {
    /// Moves to complete in this period; `None` for "all remaining moves".
    pub moves: Option<u32>,
    /// Base time of the period in milliseconds.
    pub base_ms: u64,
    /// Bonus per completed move while this period runs.
    pub bonus: Bonus,
}

/// The class of a game by its time control (Appendices A.1 and B.1).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Class {
    /// Standard play: 60 minutes or more for each player.
    Standard,
    /// Rapid (A.1): more than 10 and less than 60 minutes.
    Rapid,
    /// Blitz (B.1): 10 minutes or less.
    Blitz,
}

impl Class {
    /// The English name used in JSON and on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Class::Standard => "standard",
            Class::Rapid => "rapid",
            Class::Blitz => "blitz",
        }
    }
}

/// A time control: one or more periods, played in order. When the last
/// period has a move quota it repeats (e.g. "then 20 moves per hour").
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TimeControl {
    periods: Vec<Period>,
}

/// Names of the presets accepted by [`TimeControl::parse`].
pub const PRESETS: [&str; 3] = ["fide-standard", "rapid", "blitz"];

impl TimeControl {
    /// A time control of the given periods. At least one period is needed.
    pub fn new(periods: Vec<Period>) -> Result<TimeControl, ClockError> {
        if periods.is_empty() {
            return Err(ClockError::BadControl(
                "a time control needs at least one period".into(),
            ));
        }
        for p in &periods {
            if p.moves == Some(0) {
                return Err(ClockError::BadControl(
                    "a period cannot have a quota of 0 moves".into(),
                ));
            }
            if p.base_ms == 0 && p.moves.is_some() {
                return Err(ClockError::BadControl(
                    "a period with a move quota needs a base time".into(),
                ));
            }
            if p.base_ms == 0 && p.bonus == Bonus::None {
                return Err(ClockError::BadControl(
                    "a period with no time and no bonus cannot be played".into(),
                ));
            }
        }
        Ok(TimeControl { periods })
    }

    /// The FIDE standard control: 90 minutes for 40 moves, then 30 minutes
    /// for the rest of the game, with 30 seconds added per move from move 1.
    pub fn fide_standard() -> TimeControl {
        TimeControl {
            periods: vec![
                Period {
                    moves: Some(40),
                    base_ms: 5_400_000,
                    bonus: Bonus::Increment(30_000),
                },
                Period {
                    moves: None,
                    base_ms: 1_800_000,
                    bonus: Bonus::Increment(30_000),
                },
            ],
        }
    }

    /// The usual FIDE rapid control: 15 minutes plus 10 seconds per move.
    pub fn rapid() -> TimeControl {
        TimeControl {
            periods: vec![Period {
                moves: None,
                base_ms: 900_000,
                bonus: Bonus::Increment(10_000),
            }],
        }
    }

    /// The usual FIDE blitz control: 3 minutes plus 2 seconds per move.
    pub fn blitz() -> TimeControl {
        TimeControl {
            periods: vec![Period {
                moves: None,
                base_ms: 180_000,
                bonus: Bonus::Increment(2_000),
            }],
        }
    }

    /// Reads a preset name (`fide-standard`, `rapid`, `blitz`) or the PGN
    /// `TimeControl` form: periods separated by `:`, each `[moves/]seconds`
    /// followed by an optional bonus `+N` (increment), `dN` (simple delay)
    /// or `bN` (Bronstein), e.g. `40/5400+30:1800+30`, `300+2`, `5400d5`,
    /// `300b3`. Seconds may have up to three decimals.
    pub fn parse(text: &str) -> Result<TimeControl, ClockError> {
        let t = text.trim();
        match t.to_ascii_lowercase().as_str() {
            "fide-standard" | "fide" | "standard" => return Ok(TimeControl::fide_standard()),
            "rapid" => return Ok(TimeControl::rapid()),
            "blitz" => return Ok(TimeControl::blitz()),
            "" => return Err(ClockError::BadControl("the time control is empty".into())),
            "?" => {
                return Err(ClockError::BadControl(
                    "the time control '?' is unknown; give one like 40/5400+30:1800+30".into(),
                ));
            }
            "-" => {
                return Err(ClockError::BadControl(
                    "'-' means no time control; a clock needs one".into(),
                ));
            }
            _ => {}
        }
        if t.starts_with('*') {
            return Err(ClockError::BadControl(
                "sandglass controls ('*seconds') are not supported".into(),
            ));
        }
        let periods = t
            .split(':')
            .map(parse_period)
            .collect::<Result<Vec<_>, _>>()?;
        TimeControl::new(periods)
    }

    /// The periods in order.
    pub fn periods(&self) -> &[Period] {
        &self.periods
    }

    /// Period `i`; past the end, the last period (which repeats when it has
    /// a quota, and otherwise is never left).
    pub fn period(&self, i: usize) -> &Period {
        &self.periods[i.min(self.periods.len() - 1)]
    }

    /// The moves of the periods before period `end` (the last period
    /// repeating), a period without a quota counting `missing`; saturating.
    /// Computed in one pass over the periods however far `end` is.
    pub fn moves_before(&self, end: usize, missing: u32) -> u32 {
        let last = self.periods.len() - 1;
        let quota = |p: &Period| p.moves.unwrap_or(missing);
        let mut sum = self.periods[..end.min(last)]
            .iter()
            .fold(0u32, |a, p| a.saturating_add(quota(p)));
        if end > last {
            let repeats = u64::try_from(end - last).unwrap_or(u64::MAX);
            let more = repeats.saturating_mul(u64::from(quota(&self.periods[last])));
            sum = sum.saturating_add(u32::try_from(more).unwrap_or(u32::MAX));
        }
        sum
    }

    /// Whether period `i` is the final one: no later period can add time.
    pub fn is_final(&self, i: usize) -> bool {
        i + 1 >= self.periods.len() && self.period(i).moves.is_none()
    }

    /// The class of the game (Appendices A.1, B.1): the time for 60 moves,
    /// i.e. the base time of every period plus 60 × the first bonus, is
    /// 10 minutes or less for blitz, more than 10 and less than 60 minutes
    /// for rapid, and otherwise standard.
    pub fn class(&self) -> Class {
        let base: u64 = self.periods.iter().map(|p| p.base_ms).sum();
        let total = base + 60 * self.periods[0].bonus.ms();
        if total <= 600_000 {
            Class::Blitz
        } else if total < 3_600_000 {
            Class::Rapid
        } else {
            Class::Standard
        }
    }
}

impl fmt::Display for TimeControl {
    /// The PGN `TimeControl` form, with `d`/`b` for the delays.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, p) in self.periods.iter().enumerate() {
            if i > 0 {
                f.write_str(":")?;
            }
            if let Some(m) = p.moves {
                write!(f, "{m}/")?;
            }
            write!(f, "{}", Secs(p.base_ms))?;
            match p.bonus {
                Bonus::None => {}
                Bonus::Increment(n) => write!(f, "+{}", Secs(n))?,
                Bonus::Delay(n) => write!(f, "d{}", Secs(n))?,
                Bonus::Bronstein(n) => write!(f, "b{}", Secs(n))?,
            }
        }
        Ok(())
    }
}

struct Secs(u64);

impl fmt::Display for Secs {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (s, ms) = (self.0 / 1000, self.0 % 1000);
        if ms == 0 {
            write!(f, "{s}")
        } else {
            let frac = format!("{ms:03}");
            write!(f, "{s}.{}", frac.trim_end_matches('0'))
        }
    }
}

fn parse_period(text: &str) -> Result<Period, ClockError> {
    let bad = |why: &str| ClockError::BadControl(format!("period '{text}': {why}"));
    let (moves, rest) = match text.split_once('/') {
        Some((m, r)) => {
            let n: u32 = m
                .trim()
                .parse()
                .map_err(|_| bad("the move quota before '/' must be a whole number"))?;
            (Some(n), r)
        }
        None => (None, text),
    };
    let cut = rest.find(['+', 'd', 'D', 'b', 'B']);
    let (base, bonus) = match cut {
        Some(i) => {
            let kind = rest[i..].chars().next().unwrap_or('+');
            let amount = parse_secs(&rest[i + 1..])
                .ok_or_else(|| bad("the bonus must be a number of seconds"))?;
            let bonus = match kind.to_ascii_lowercase() {
                '+' => Bonus::Increment(amount),
                'd' => Bonus::Delay(amount),
                _ => Bonus::Bronstein(amount),
            };
            (&rest[..i], bonus)
        }
        None => (rest, Bonus::None),
    };
    let base_ms =
        parse_secs(base).ok_or_else(|| bad("the base time must be a number of seconds"))?;
    // Bounds far beyond any game, so that no sum of periods and bonuses
    // can overflow the clock's arithmetic.
    if base_ms > MAX_BASE_MS {
        return Err(bad("the base time can be at most 100 hours"));
    }
    if let Bonus::Increment(b) | Bonus::Delay(b) | Bonus::Bronstein(b) = bonus
        && b > MAX_BONUS_MS
    {
        return Err(bad("the bonus can be at most one hour"));
    }
    Ok(Period {
        moves,
        base_ms,
        bonus,
    })
}

/// The longest base time of a period (100 hours).
const MAX_BASE_MS: u64 = 100 * 3_600_000;
/// The longest bonus per move (one hour).
const MAX_BONUS_MS: u64 = 3_600_000;

/// Seconds with up to three decimals, as milliseconds.
fn parse_secs(text: &str) -> Option<u64> {
    let t = text.trim();
    let (whole, frac) = t.split_once('.').unwrap_or((t, ""));
    if whole.is_empty() || !whole.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    if frac.len() > 3 || !frac.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let w: u64 = whole.parse().ok()?;
    let f: u64 = format!("{frac:0<3}").parse().ok()?;
    w.checked_mul(1000)?.checked_add(f)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moves_before_counts_the_repeating_period_without_walking_it() {
        let tc = TimeControl::parse("40/7200:20/3600").unwrap();
        assert_eq!(tc.moves_before(0, 0), 0);
        assert_eq!(tc.moves_before(1, 0), 40);
        assert_eq!(tc.moves_before(2, 0), 60);
        assert_eq!(tc.moves_before(4, 0), 100);
        for end in 0..12 {
            let walked: u32 = (0..end).map(|p| tc.period(p).moves.unwrap_or(0)).sum();
            assert_eq!(tc.moves_before(end, 0), walked, "{end}");
        }
        assert_eq!(tc.moves_before(usize::MAX, 0), u32::MAX);
        let sd = TimeControl::parse("5400:1800").unwrap();
        assert_eq!(sd.moves_before(1, u32::MAX), u32::MAX);
        assert_eq!(sd.moves_before(1, 0), 0);
    }

    /// Found by the clock_sim fuzz target: a period of 10^16 seconds was
    /// accepted and the clock's time overflowed when it was added.
    #[test]
    fn absurd_periods_are_refused_with_a_sentence() {
        for bad in [
            "1/5440+30:1/10006044370709553+5511",
            "360001",
            "300+3601",
            "300d3601",
        ] {
            let e = TimeControl::parse(bad).unwrap_err().to_string();
            assert!(e.contains("at most"), "{bad}: {e}");
        }
        assert!(TimeControl::parse("360000+3600").is_ok());
    }

    #[test]
    fn parses_pgn_forms() {
        let tc = TimeControl::parse("40/5400+30:1800+30").unwrap();
        assert_eq!(tc, TimeControl::fide_standard());
        let tc = TimeControl::parse("300+2").unwrap();
        assert_eq!(
            tc.periods(),
            &[Period {
                moves: None,
                base_ms: 300_000,
                bonus: Bonus::Increment(2_000)
            }]
        );
        let tc = TimeControl::parse("5400").unwrap();
        assert_eq!(tc.periods()[0].bonus, Bonus::None);
        assert_eq!(
            TimeControl::parse("5400d5").unwrap().periods()[0].bonus,
            Bonus::Delay(5_000)
        );
        assert_eq!(
            TimeControl::parse("300b3").unwrap().periods()[0].bonus,
            Bonus::Bronstein(3_000)
        );
        assert_eq!(
            TimeControl::parse("60+0.5").unwrap().periods()[0].bonus,
            Bonus::Increment(500)
        );
    }

    #[test]
    fn display_round_trips() {
        for s in [
            "40/5400+30:1800+30",
            "300+2",
            "5400",
            "5400d5",
            "300b3",
            "60+0.5",
            "40/7200:20/3600",
        ] {
            assert_eq!(TimeControl::parse(s).unwrap().to_string(), s);
        }
    }

    #[test]
    fn rejects_bad_controls_with_a_reason() {
        for s in [
            "",
            "?",
            "-",
            "*180",
            "abc",
            "40/",
            "/300",
            "300+",
            "300x2",
            "0/300",
            "0",
            "300+1.2345",
        ] {
            let e = TimeControl::parse(s).unwrap_err().to_string();
            assert!(!e.is_empty(), "{s}");
        }
        assert!(
            TimeControl::parse("300+x")
                .unwrap_err()
                .to_string()
                .contains("bonus")
        );
    }

    #[test]
    fn presets() {
        assert_eq!(
            TimeControl::parse("fide-standard").unwrap(),
            TimeControl::fide_standard()
        );
        assert_eq!(TimeControl::parse("rapid").unwrap().class(), Class::Rapid);
        assert_eq!(TimeControl::parse("blitz").unwrap().class(), Class::Blitz);
        assert_eq!(TimeControl::fide_standard().class(), Class::Standard);
    }

    #[test]
    fn a1_b1_classification_counts_sixty_moves_of_increment() {
        // B.1: 10 minutes or less, counting 60 × increment.
        assert_eq!(TimeControl::parse("600").unwrap().class(), Class::Blitz);
        assert_eq!(TimeControl::parse("480+2").unwrap().class(), Class::Blitz);
        assert_eq!(TimeControl::parse("480+3").unwrap().class(), Class::Rapid);
        // A.1: more than 10 and less than 60 minutes.
        assert_eq!(TimeControl::parse("601").unwrap().class(), Class::Rapid);
        assert_eq!(TimeControl::parse("3000+9").unwrap().class(), Class::Rapid);
        assert_eq!(
            TimeControl::parse("3000+10").unwrap().class(),
            Class::Standard
        );
        assert_eq!(TimeControl::parse("3600").unwrap().class(), Class::Standard);
    }

    #[test]
    fn final_period_and_repeating_quota() {
        let tc = TimeControl::fide_standard();
        assert!(!tc.is_final(0));
        assert!(tc.is_final(1));
        let rep = TimeControl::parse("40/7200:20/3600").unwrap();
        assert!(!rep.is_final(1));
        assert!(!rep.is_final(5));
        assert_eq!(rep.period(5).base_ms, 3_600_000);
    }
}
