//! What the talking clock says, in the player's language. Number words and
//! phrase templates come from `locales/<lang>/clock.toml`; the counted
//! nouns (hours, minutes, seconds, moves), their grammatical gender, their
//! CLDR plural forms and cases from `locales/<lang>/messages.ftl`
//! (`unit-hour` … `unit-move`), the one message layer.
//!
//! FIDE Laws 2023, D.2.6.1 (the clock announces time and number of moves),
//! D.2.10.4 (moves completed and time used by both players, on request),
//! 6.9 (what a flag fall means).

use std::collections::HashMap;
use std::sync::OnceLock;

use serde::Deserialize;
use shakmaty::Color;

use super::ClockError;
use super::live::Query;
use crate::locale::fold;
use crate::locale::messages::{Arg, Messages};

/// The counted units, each a `unit-<name>` message.
const UNITS: [&str; 4] = ["hour", "minute", "second", "move"];

/// Lower-cased, accent-folded words joined by single spaces.
fn fold_words(text: &str) -> String {
    text.split_whitespace()
        .map(fold)
        .collect::<Vec<_>>()
        .join(" ")
}

/// The locale codes with clock wording, default first.
pub use crate::locale::CODES;

/// How precisely a time is spoken.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Style {
    /// Hours and minutes from one hour up; minutes and seconds below;
    /// seconds alone below a minute. Zero parts are left out.
    #[default]
    Exact,
    /// Hours and minutes from one hour up; whole minutes below; "less than
    /// a minute" below one minute.
    Rounded,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Numbers {
    ones: Vec<String>,
    tens: Vec<String>,
    compound: String,
    #[serde(default)]
    compound_units: HashMap<String, String>,
    hundreds: Vec<String>,
    #[serde(default)]
    compound_hundreds: HashMap<String, String>,
    hundreds_compound: String,
    #[serde(default)]
    gender: HashMap<String, GenderForms>,
}

#[derive(Debug, Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct GenderForms {
    #[serde(default)]
    whole: HashMap<String, String>,
    #[serde(default)]
    unit: HashMap<String, String>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Phrases {
    /// Between the parts of a time; the sentences are `clock-*` messages.
    time_join: String,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Commands {
    time: Vec<String>,
    my_time: Vec<String>,
    opponent_time: Vec<String>,
    time_used: Vec<String>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct File {
    numbers: Numbers,
    phrases: Phrases,
    commands: Commands,
}

/// The clock wording of one locale.
#[derive(Debug)]
pub struct ClockWords {
    code: &'static str,
    file: File,
    messages: &'static Messages,
    /// Words without variables, worded once from the messages.
    white: String,
    black: String,
    less_than_a_minute: String,
    paused: String,
    resumed: String,
    not_started: String,
}

static LOADED: OnceLock<Vec<Result<ClockWords, String>>> = OnceLock::new();

fn fill(template: &str, vars: &[(&str, &str)]) -> String {
    let mut out = template.to_string();
    for (k, v) in vars {
        out = out.replace(&format!("{{{k}}}"), v);
    }
    out
}

impl ClockWords {
    /// The clock wording of locale `code` (`de`, `en`, `pl`, `sr`, `el`).
    pub fn get(code: &str) -> Result<&'static ClockWords, ClockError> {
        let all = LOADED.get_or_init(|| {
            CODES
                .iter()
                .map(|c| {
                    crate::locale::source(c, crate::locale::Part::Clock)
                        .map_err(|e| e.to_string())
                        .and_then(|src| ClockWords::parse(c, src))
                })
                .collect()
        });
        let Some(i) = CODES.iter().position(|c| *c == code) else {
            return Err(ClockError::Locale(
                code.to_string(),
                format!("unknown; choose one of {}", CODES.join(", ")),
            ));
        };
        all[i]
            .as_ref()
            .map_err(|e| ClockError::Locale(code.to_string(), e.clone()))
    }

    fn parse(code: &'static str, src: &str) -> Result<ClockWords, String> {
        let file: File = toml::from_str(src).map_err(|e| e.to_string())?;
        let n = &file.numbers;
        if n.ones.len() != 20 || n.tens.len() != 10 || n.hundreds.len() != 10 {
            return Err("numbers need 20 ones, 10 tens and 10 hundreds".into());
        }
        let messages = Messages::get(code).map_err(|e| e.to_string())?;
        for unit in UNITS {
            let id = format!("unit-{unit}");
            if !messages.has(&id) {
                return Err(format!("messages.ftl lacks {id}"));
            }
        }
        for id in [
            "clock-less_than_a_minute",
            "clock-paused",
            "clock-resumed",
            "clock-not_started",
        ] {
            if !messages.has(id) {
                return Err(format!("messages.ftl lacks {id}"));
            }
        }
        let side = |s: &str| messages.text("side", &[("side", s)]);
        Ok(ClockWords {
            code,
            file,
            messages,
            white: side("white"),
            black: side("black"),
            less_than_a_minute: messages.text("clock-less_than_a_minute", &[]),
            paused: messages.text("clock-paused", &[]),
            resumed: messages.text("clock-resumed", &[]),
            not_started: messages.text("clock-not_started", &[]),
        })
    }

    /// A clock sentence (`clock-<name>` in messages.ftl) with its
    /// variables filled in.
    fn phrase(&self, name: &str, vars: &[(&str, &str)]) -> String {
        self.messages.text(&format!("clock-{name}"), vars)
    }

    /// The locale code.
    pub fn code(&self) -> &'static str {
        self.code
    }

    /// The number `n` in words, agreeing with a noun of `gender`
    /// (`m`, `f` or `n`). Numbers of 1000 and more are given in digits.
    pub fn number(&self, n: u64, gender: &str) -> String {
        self.number_in(n, gender, "nom")
    }

    /// The number `n` in words, agreeing with a noun of `gender` in a
    /// grammatical `case`: the forms of `[numbers.gender.<gender>-<case>]`
    /// first (Polish "jedną" in the accusative), then those of the gender.
    pub fn number_in(&self, n: u64, gender: &str, case: &str) -> String {
        let nums = &self.file.numbers;
        let in_case = nums.gender.get(&format!("{gender}-{case}"));
        let plain = nums.gender.get(gender);
        let whole = |k: &str| {
            in_case
                .and_then(|f| f.whole.get(k))
                .or_else(|| plain.and_then(|f| f.whole.get(k)))
        };
        let unit_form = |k: &str| {
            in_case
                .and_then(|f| f.unit.get(k))
                .or_else(|| plain.and_then(|f| f.unit.get(k)))
        };
        if n >= 1000 {
            return n.to_string();
        }
        if n < 100 {
            if let Some(w) = whole(&n.to_string()) {
                return w.clone();
            }
            if n < 20 {
                return nums.ones[n as usize].clone();
            }
            let (t, u) = ((n / 10) as usize, n % 10);
            if u == 0 {
                return nums.tens[t].clone();
            }
            let key = u.to_string();
            let unit = unit_form(&key)
                .or_else(|| nums.compound_units.get(&key))
                .cloned()
                .unwrap_or_else(|| nums.ones[u as usize].clone());
            return fill(&nums.compound, &[("tens", &nums.tens[t]), ("unit", &unit)]);
        }
        let (h, rest) = ((n / 100) as usize, n % 100);
        if rest == 0 {
            return nums.hundreds[h].clone();
        }
        let hundreds = nums
            .compound_hundreds
            .get(&h.to_string())
            .unwrap_or(&nums.hundreds[h]);
        fill(
            &nums.hundreds_compound,
            &[
                ("hundreds", hundreds),
                ("rest", &self.number_in(rest, gender, case)),
            ],
        )
    }

    /// `n` of a unit (`hour`, `minute`, `second`, `move`) in a case: the
    /// number in words agreeing with the noun's gender (the message's
    /// `.gender`), the noun in the CLDR plural form `messages.ftl` gives.
    fn counted(&self, n: u64, unit: &str, case: &str) -> String {
        let Ok(messages) = Messages::get(self.code) else {
            return n.to_string();
        };
        let id = format!("unit-{unit}");
        let gender = messages.case_of(&id, "gender");
        let words = self.number_in(n, &gender, case);
        messages.format(
            &id,
            &[
                ("n", Arg::Num(n)),
                ("words", Arg::Text(&words)),
                ("case", Arg::Text(case)),
            ],
        )
    }

    /// "zwölf Minuten", "one hour", "dwie godziny" …
    pub fn hours(&self, n: u64) -> String {
        self.counted(n, "hour", "nom")
    }

    /// See [`ClockWords::hours`].
    pub fn minutes(&self, n: u64) -> String {
        self.counted(n, "minute", "nom")
    }

    /// See [`ClockWords::hours`].
    pub fn seconds(&self, n: u64) -> String {
        self.counted(n, "second", "nom")
    }

    /// A number of moves: "siebzehn Züge".
    pub fn move_count(&self, n: u64) -> String {
        self.counted(n, "move", "nom")
    }

    /// A number of moves in a grammatical case ("einem Zug").
    pub fn move_count_in(&self, n: u64, case: &str) -> String {
        self.counted(n, "move", case)
    }

    /// `n` of a unit (`hour`, `minute`, `second`, `move`) in a case, for
    /// the golden files and the grammar table.
    pub fn unit_in(&self, n: u64, unit: &str, case: &str) -> String {
        self.counted(n, unit, case)
    }

    /// A time as a clock shows it (whole seconds, rounded down), spoken.
    pub fn duration(&self, ms: u64, style: Style) -> String {
        self.duration_in(ms, style, "nom")
    }

    /// A time in a grammatical case ("zużyto jedną minutę").
    pub fn duration_in(&self, ms: u64, style: Style, case: &str) -> String {
        let secs = ms / 1000;
        let (h, m, s) = (secs / 3600, secs / 60 % 60, secs % 60);
        let join = |a: String, b: String| format!("{a}{}{b}", self.file.phrases.time_join);
        if h > 0 {
            return if m == 0 {
                self.counted(h, "hour", case)
            } else {
                join(
                    self.counted(h, "hour", case),
                    self.counted(m, "minute", case),
                )
            };
        }
        match style {
            Style::Rounded if m == 0 => self.less_than_a_minute.clone(),
            Style::Rounded => self.counted(m, "minute", case),
            Style::Exact if m == 0 => self.counted(s, "second", case),
            Style::Exact if s == 0 => self.counted(m, "minute", case),
            Style::Exact => join(
                self.counted(m, "minute", case),
                self.counted(s, "second", case),
            ),
        }
    }

    /// The name of a side: "Weiß", "Black" …
    pub fn side(&self, c: Color) -> &str {
        match c {
            Color::White => &self.white,
            Color::Black => &self.black,
        }
    }

    /// "Weiß eine Stunde zwölf Minuten".
    pub fn side_time(&self, c: Color, ms: u64, style: Style) -> String {
        self.phrase(
            "side_time",
            &[("side", self.side(c)), ("time", &self.duration(ms, style))],
        )
    }

    /// "Ihre Zeit: …" (the asking player's own time).
    pub fn own_time(&self, ms: u64, style: Style) -> String {
        self.phrase("own_time", &[("time", &self.duration(ms, style))])
    }

    /// "Gegner: …" (the opponent's time).
    pub fn opponent_time(&self, ms: u64, style: Style) -> String {
        self.phrase("opponent_time", &[("time", &self.duration(ms, style))])
    }

    /// Moves completed by each player (D.2.10.4).
    pub fn moves(&self, white: u32, black: u32) -> String {
        let side = |c: Color, n: u32| {
            self.phrase(
                "side_moves",
                &[
                    ("side", self.side(c)),
                    ("moves", &self.move_count(n.into())),
                ],
            )
        };
        self.phrase(
            "moves",
            &[
                ("white", &side(Color::White, white)),
                ("black", &side(Color::Black, black)),
            ],
        )
    }

    /// The time used by both players and the moves completed, as the
    /// assistant tells it on request (D.2.10.4).
    pub fn time_used(&self, white_ms: u64, black_ms: u64, white: u32, black: u32) -> String {
        self.phrase(
            "time_used",
            &[
                (
                    "white",
                    &self.side_time(Color::White, white_ms, Style::Exact),
                ),
                (
                    "black",
                    &self.side_time(Color::Black, black_ms, Style::Exact),
                ),
                ("moves", &self.moves(white, black)),
            ],
        )
    }

    /// "Weiß am Zug".
    pub fn turn(&self, c: Color) -> String {
        self.phrase("turn", &[("side", self.side(c))])
    }

    /// Both times, the moves completed and whose turn it is.
    pub fn status(
        &self,
        white_ms: u64,
        black_ms: u64,
        white: u32,
        black: u32,
        turn: Color,
    ) -> String {
        self.phrase(
            "status",
            &[
                (
                    "white",
                    &self.side_time(Color::White, white_ms, Style::Exact),
                ),
                (
                    "black",
                    &self.side_time(Color::Black, black_ms, Style::Exact),
                ),
                ("moves", &self.moves(white, black)),
                ("turn", &self.turn(turn)),
            ],
        )
    }

    /// An interval warning: "Weiß: fünf Minuten".
    pub fn warning(&self, c: Color, ms: u64) -> String {
        self.phrase(
            "warning",
            &[
                ("side", self.side(c)),
                ("time", &self.duration(ms, Style::Exact)),
            ],
        )
    }

    /// The one-time low-time warning when `c`'s time `ms` just fell below
    /// `threshold_ms`: "less than a minute" for the one-minute threshold,
    /// otherwise the threshold itself ("five minutes").
    pub fn low_time(&self, c: Color, ms: u64, threshold_ms: u64) -> String {
        let time = if threshold_ms == 60_000 {
            self.duration(ms.min(59_999), Style::Rounded)
        } else {
            self.duration(threshold_ms, Style::Exact)
        };
        self.phrase("low_time", &[("side", self.side(c)), ("time", &time)])
    }

    /// A flag fell (the clock's own announcement).
    pub fn flag(&self, c: Color) -> String {
        self.phrase("flag", &[("side", self.side(c))])
    }

    /// What FIDE Laws 2023, 6.9 says about `flagged`'s flag: the opponent
    /// wins, or the game is drawn when the opponent cannot checkmate by any
    /// series of legal moves (`opponent_can_mate == false`).
    pub fn flag_result(&self, flagged: Color, opponent_can_mate: bool) -> String {
        let template = if opponent_can_mate {
            "flag_win"
        } else {
            "flag_draw"
        };
        self.phrase(
            template,
            &[
                ("side", self.side(flagged)),
                ("opponent", self.side(!flagged)),
            ],
        )
    }

    /// A new period began for a player: "Weiß: neue Periode, dreißig Minuten".
    pub fn period_added(&self, c: Color, ms: u64) -> String {
        self.phrase(
            "period_added",
            &[
                ("side", self.side(c)),
                ("time", &self.duration(ms, Style::Exact)),
            ],
        )
    }

    /// The clock was paused (6.11).
    pub fn paused(&self) -> &str {
        &self.paused
    }

    /// The clock runs again.
    pub fn resumed(&self) -> &str {
        &self.resumed
    }

    /// The clock question a typed or spoken line asks, if any: both times
    /// (`time`), the asker's own time (`my time`) or the opponent's
    /// (`opponent time`). `asker` is who asks. The English words are always
    /// understood. Compared folded (case and accents ignored).
    pub fn query_of(&self, line: &str, asker: Color) -> Option<Query> {
        let said = fold_words(line);
        let en = ClockWords::get("en").ok();
        for w in std::iter::once(self).chain(en) {
            let c = &w.file.commands;
            let hit = |list: &[String]| list.iter().any(|p| fold_words(p) == said);
            if hit(&c.time) {
                return Some(Query::Status);
            }
            if hit(&c.my_time) {
                return Some(Query::Own(asker));
            }
            if hit(&c.opponent_time) {
                return Some(Query::Opponent(asker));
            }
            if hit(&c.time_used) {
                return Some(Query::Used);
            }
        }
        None
    }

    /// Asked before the clock started.
    pub fn not_started(&self) -> &str {
        &self.not_started
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_locale_loads() {
        for c in CODES {
            let w = ClockWords::get(c).unwrap();
            assert_eq!(w.code(), c);
        }
        assert!(
            ClockWords::get("xx")
                .unwrap_err()
                .to_string()
                .contains("de, en")
        );
    }

    #[test]
    fn numbers_agree_with_their_nouns() {
        let de = ClockWords::get("de").unwrap();
        assert_eq!(de.minutes(1), "eine Minute");
        assert_eq!(de.minutes(21), "einundzwanzig Minuten");
        assert_eq!(de.move_count(1), "ein Zug");
        assert_eq!(de.move_count(117), "hundertsiebzehn Züge");
        let pl = ClockWords::get("pl").unwrap();
        assert_eq!(pl.minutes(2), "dwie minuty");
        assert_eq!(pl.minutes(5), "pięć minut");
        assert_eq!(pl.minutes(21), "dwadzieścia jeden minut");
        assert_eq!(pl.minutes(22), "dwadzieścia dwie minuty");
        assert_eq!(pl.move_count(22), "dwadzieścia dwa ruchy");
        assert_eq!(pl.minutes(12), "dwanaście minut");
        let sr = ClockWords::get("sr").unwrap();
        assert_eq!(sr.seconds(21), "dvadeset jedna sekunda");
        assert_eq!(sr.seconds(22), "dvadeset dve sekunde");
        assert_eq!(sr.hours(5), "pet sati");
        assert_eq!(sr.minutes(11), "jedanaest minuta");
        let el = ClockWords::get("el").unwrap();
        assert_eq!(el.hours(1), "μία ώρα");
        assert_eq!(el.hours(3), "τρεις ώρες");
        assert_eq!(el.minutes(3), "τρία λεπτά");
        assert_eq!(el.minutes(24), "είκοσι τέσσερα λεπτά");
        assert_eq!(el.move_count(13), "δεκατρείς κινήσεις");
        let en = ClockWords::get("en").unwrap();
        assert_eq!(en.seconds(1), "one second");
        assert_eq!(en.minutes(45), "forty-five minutes");
        // Cases asked for by a sentence (messages.ftl attributes).
        assert_eq!(pl.duration_in(60_000, Style::Exact, "acc"), "jedną minutę");
        assert_eq!(pl.duration_in(120_000, Style::Exact, "acc"), "dwie minuty");
        assert_eq!(sr.unit_in(21, "second", "acc"), "dvadeset jednu sekundu");
        assert_eq!(de.duration_in(60_000, Style::Exact, "dat"), "einer Minute");
        assert_eq!(de.move_count_in(2, "dat"), "zwei Zügen");
        assert_eq!(de.move_count_in(1, "acc"), "einen Zug");
    }

    #[test]
    fn durations_drop_zero_parts_and_round_down() {
        let en = ClockWords::get("en").unwrap();
        assert_eq!(
            en.duration(4_320_000, Style::Exact),
            "one hour twelve minutes"
        );
        assert_eq!(en.duration(3_600_999, Style::Exact), "one hour");
        assert_eq!(en.duration(59_999, Style::Exact), "fifty-nine seconds");
        assert_eq!(en.duration(59_999, Style::Rounded), "less than a minute");
        assert_eq!(en.duration(125_000, Style::Rounded), "two minutes");
        assert_eq!(
            en.duration(125_000, Style::Exact),
            "two minutes five seconds"
        );
        assert_eq!(en.duration(0, Style::Exact), "zero seconds");
    }

    #[test]
    fn clock_questions_are_understood_in_every_locale_and_in_english() {
        use shakmaty::Color::{Black, White};
        let cases = [
            ("de", "Zeit", "meine Zeit", "Zeit des Gegners"),
            ("en", "time", "my time", "opponent time"),
            ("pl", "czas", "mój czas", "czas przeciwnika"),
            ("sr", "vreme", "moje vreme", "vreme protivnika"),
            ("el", "χρόνος", "ο χρόνος μου", "χρόνος αντιπάλου"),
        ];
        for (code, time, mine, theirs) in cases {
            let w = ClockWords::get(code).unwrap();
            assert_eq!(w.query_of(time, White), Some(Query::Status), "{code}");
            assert_eq!(w.query_of(mine, Black), Some(Query::Own(Black)), "{code}");
            assert_eq!(
                w.query_of(theirs, White),
                Some(Query::Opponent(White)),
                "{code}"
            );
            assert_eq!(w.query_of("  MY   time ", White), Some(Query::Own(White)));
            assert_eq!(w.query_of("Sf3", White), None);
        }
    }
}
