//! The editions of the FIDE Laws of Chess hector can apply (`--laws`), and
//! every rule in which they differ as a pure function of the edition.
//!
//! - 2023: the Laws in force from 1 January 2023 (Appendix D for blind and
//!   visually impaired players; Guidelines I for adjourned games);
//! - 2009: the Laws in force from 1 July 2009 (Appendix E for blind
//!   players; the adjournment rules in the Guidelines);
//! - 2005: the Laws in force from 1 July 2005 (Appendix F for blind
//!   players; Appendix A for adjourned games).
//!
//! The texts compared are the seeds the project is built from (2023 Polish,
//! 2009 Polish and Greek, 2005 Serbian). docs/laws.md lists the differences
//! with their articles; the unit tests below pin each one per edition.

use std::fmt;
use std::str::FromStr;

use crate::clock::{Class, TimeControl};

/// One minute in milliseconds.
pub const ONE_MINUTE_MS: u64 = 60_000;

/// An edition of the FIDE Laws of Chess.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Laws {
    /// FIDE Laws of Chess, in force from 1 January 2023.
    #[default]
    Fide2023,
    /// FIDE Laws of Chess, in force from 1 July 2009.
    Fide2009,
    /// FIDE Laws of Chess, in force from 1 July 2005.
    Fide2005,
}

/// How many arbiters watch the games of a rapid or blitz event (2009
/// A.3/A.4 and B.2/B.3: "adequate" is at least one arbiter for three rapid
/// games, one per blitz game). It decides, under 2009, whether a flag counts
/// only on a claim (A.4(d)) and whether a completed illegal move in blitz
/// gives the opponent a claim to win (B.3(c)). The 2023 Laws (A.5, B.3)
/// and the 2005 Laws (B, C) do not depend on it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Supervision {
    /// The Competition Rules apply (the arbiter watches every game).
    #[default]
    Adequate,
    /// Fewer arbiters: the rapid and blitz rules of 2009 A.4 and B.3.
    Inadequate,
}

impl Supervision {
    pub fn name(self) -> &'static str {
        match self {
            Supervision::Adequate => "adequate",
            Supervision::Inadequate => "inadequate",
        }
    }

    /// Reads `adequate` or `inadequate`.
    pub fn parse(text: &str) -> Result<Supervision, String> {
        match text.trim().to_ascii_lowercase().as_str() {
            "adequate" => Ok(Supervision::Adequate),
            "inadequate" => Ok(Supervision::Inadequate),
            other => Err(format!(
                "'{}' is not a choice for --supervision: say adequate or inadequate.",
                other.chars().take(40).collect::<String>()
            )),
        }
    }
}

impl serde::Serialize for Supervision {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.name())
    }
}

impl<'de> serde::Deserialize<'de> for Supervision {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Supervision, D::Error> {
        let text = String::deserialize(d)?;
        Supervision::parse(&text).map_err(serde::de::Error::custom)
    }
}

/// What the arbiter does after a completed illegal move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum IllegalPenalty {
    /// Extra time for the opponent, in milliseconds.
    TimeToOpponent(u64),
    /// The offender loses the game (or, where [`Laws::illegal_loss_can_be_drawn`]
    /// holds, draws it when the opponent cannot checkmate).
    Loss,
}

/// The time changes after an incorrect draw claim (9.5.3 in 2023, 9.5(b)
/// in 2009 and 2005).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ClaimPenalty {
    /// Added to the opponent's remaining time.
    pub opponent_added_ms: u64,
    /// Taken from the claimant's remaining time (2005 only).
    pub claimant_deducted_ms: u64,
}

impl Laws {
    /// Every edition, newest first.
    pub const ALL: [Laws; 3] = [Laws::Fide2023, Laws::Fide2009, Laws::Fide2005];

    /// The year that names the edition (`--laws`, the `status` event's
    /// `laws` field).
    pub fn name(self) -> &'static str {
        match self {
            Laws::Fide2023 => "2023",
            Laws::Fide2009 => "2009",
            Laws::Fide2005 => "2005",
        }
    }

    /// Reads `2023`, `2009` or `2005` (a `fide-` prefix is allowed).
    pub fn parse(text: &str) -> Result<Laws, String> {
        let t = text.trim().to_ascii_lowercase();
        match t.strip_prefix("fide-").unwrap_or(&t) {
            "2023" => Ok(Laws::Fide2023),
            "2009" => Ok(Laws::Fide2009),
            "2005" => Ok(Laws::Fide2005),
            _ => Err(format!(
                "'{}' is not an edition of the Laws hector knows: say 2023, 2009 or 2005.",
                text.trim().chars().take(40).collect::<String>()
            )),
        }
    }

    /// The class of a time control under this edition, from the time for
    /// all moves plus 60 times the increment. 2023 A.1, B.1: blitz 10
    /// minutes or less, rapid more than 10 and less than 60. 2009 A.1,
    /// B.1: blitz less than 15 minutes, rapid at least 15 and less than
    /// 60. 2005 B1, C1: blitz less than 15 minutes, rapid 15 to 60.
    pub fn class_of(self, tc: &TimeControl) -> Class {
        let base: u64 = tc.periods().iter().map(|p| p.base_ms).sum();
        let inc = tc.periods().first().map_or(0, |p| p.bonus.ms());
        let total = base + 60 * inc;
        match self {
            Laws::Fide2023 => tc.class(),
            Laws::Fide2009 | Laws::Fide2005 if total < 15 * ONE_MINUTE_MS => Class::Blitz,
            Laws::Fide2009 if total < 60 * ONE_MINUTE_MS => Class::Rapid,
            Laws::Fide2005 if total <= 60 * ONE_MINUTE_MS => Class::Rapid,
            _ => Class::Standard,
        }
    }

    /// Whether a completed illegal move gives the opponent a claim to win
    /// (a draw when he cannot checkmate) instead of a time penalty: 2005
    /// C3 in blitz; 2009 B.3(c) in blitz without adequate supervision.
    /// (2023 has none: 7.5.5 with A.3/B.3 one minute; the second loses.)
    pub fn illegal_move_claims_win(self, class: Class, supervision: Supervision) -> bool {
        matches!(
            (self, class, supervision),
            (Laws::Fide2005, Class::Blitz, _)
                | (Laws::Fide2009, Class::Blitz, Supervision::Inadequate)
        )
    }

    /// Whether the player to move with less than two minutes may claim a
    /// draw in the quickplay finish (Art. 10.2): not under 2023 (it has no
    /// 10.2); not in 2005 blitz (C2); not in 2009 blitz without adequate
    /// supervision (B.3(b)).
    pub fn quickplay_claim(self, class: Class, supervision: Supervision) -> bool {
        !matches!(
            (self, class, supervision),
            (Laws::Fide2023, _, _)
                | (Laws::Fide2005, Class::Blitz, _)
                | (Laws::Fide2009, Class::Blitz, Supervision::Inadequate)
        )
    }

    /// Whether a flag counts only when a player claims it, the arbiter
    /// refraining from signalling it, and both flags down is a draw: 2005
    /// B7–B9 (rapid, and blitz through C2); 2009 A.4(d) (rapid, and blitz
    /// through B.3(a)) without adequate supervision. 2023 A.5.5: the
    /// arbiter also calls a flag he notices.
    pub fn flag_by_claim(self, class: Class, supervision: Supervision) -> bool {
        matches!(
            (self, class, supervision),
            (Laws::Fide2005, Class::Rapid | Class::Blitz, _)
                | (
                    Laws::Fide2009,
                    Class::Rapid | Class::Blitz,
                    Supervision::Inadequate
                )
        )
    }

    /// The appendix with the rules for blind and visually impaired players:
    /// D (2023), E (2009), F (2005).
    pub fn blind_appendix(self) -> &'static str {
        match self {
            Laws::Fide2023 => "D",
            Laws::Fide2009 => "E",
            Laws::Fide2005 => "F",
        }
    }

    /// The article on penalties for a completed illegal move.
    pub fn illegal_move_article(self) -> &'static str {
        match self {
            Laws::Fide2023 => "7.5.5",
            Laws::Fide2009 | Laws::Fide2005 => "7.4(b)",
        }
    }

    /// The article on an incorrect draw claim.
    pub fn incorrect_claim_article(self) -> &'static str {
        match self {
            Laws::Fide2023 => "9.5.3",
            Laws::Fide2009 | Laws::Fide2005 => "9.5(b)",
        }
    }

    /// The time penalty of Articles 7 and 9 for a game of this class.
    ///
    /// 2023 A.3: in rapid (and in blitz, which follows Appendix A through
    /// B.3) the penalties of Articles 7 and 9 are one minute instead of two.
    /// The 2009 and 2005 Laws know no such reduction: their rapid and
    /// blitz appendices either apply the Competition Rules (adequate
    /// supervision, A.3 / B.2) or replace the penalty by a claim of a win
    /// (A.4, B.3), which the arbiter rules and hector does not model.
    pub fn illegal_move_time_ms(self, class: Class) -> u64 {
        match (self, class) {
            (Laws::Fide2023, Class::Rapid | Class::Blitz) => ONE_MINUTE_MS,
            _ => 2 * ONE_MINUTE_MS,
        }
    }

    /// The penalty for the `n`-th (1-based) completed illegal move of one
    /// player in one game.
    ///
    /// 2023 7.5.5: two minutes to the opponent for the first, the second
    /// loses. 2009 and 2005 7.4(b): two minutes for each of the first two,
    /// the third loses.
    pub fn illegal_move(self, n: u32, class: Class) -> IllegalPenalty {
        if n >= self.losing_illegal_move() {
            IllegalPenalty::Loss
        } else {
            IllegalPenalty::TimeToOpponent(self.illegal_move_time_ms(class))
        }
    }

    /// Whether the game lost by illegal moves is drawn instead when the
    /// opponent cannot checkmate by any series of legal moves. 2023 7.5.5
    /// and 2009 7.4(b) say so; the 2005 7.4(b) does not (the game is lost).
    pub fn illegal_loss_can_be_drawn(self) -> bool {
        !matches!(self, Laws::Fide2005)
    }

    /// The time changes for an incorrect draw claim, given the claimant's
    /// remaining time when he claimed.
    ///
    /// - 2023 9.5.3: two minutes to the opponent (one minute in rapid and
    ///   blitz, A.3);
    /// - 2009 9.5(b): three minutes to the opponent;
    /// - 2005 9.5(b): three minutes to the opponent, and the claimant's time
    ///   is cut: with more than two minutes, by half of it but at most three
    ///   minutes; with more than one and less than two minutes, to one
    ///   minute; with less than one minute, not at all.
    pub fn incorrect_claim(self, class: Class, claimant_remaining_ms: u64) -> ClaimPenalty {
        match self {
            Laws::Fide2023 => ClaimPenalty {
                opponent_added_ms: self.illegal_move_time_ms(class),
                claimant_deducted_ms: 0,
            },
            Laws::Fide2009 => ClaimPenalty {
                opponent_added_ms: 3 * ONE_MINUTE_MS,
                claimant_deducted_ms: 0,
            },
            Laws::Fide2005 => {
                let r = claimant_remaining_ms;
                // With one minute or less the time stays as it is; between
                // one and two minutes it is set to one minute (the text
                // leaves exactly two minutes between its cases: hector
                // reads it as this case, so two minutes become one, which
                // is also half of it).
                let deducted = if r > 2 * ONE_MINUTE_MS {
                    (r / 2).min(3 * ONE_MINUTE_MS)
                } else {
                    r.saturating_sub(ONE_MINUTE_MS)
                };
                ClaimPenalty {
                    opponent_added_ms: 3 * ONE_MINUTE_MS,
                    claimant_deducted_ms: deducted,
                }
            }
        }
    }

    /// 2023 9.6: the game is drawn by itself after the fifth occurrence of
    /// a position (9.6.1) or 75 moves of each player without a pawn move or
    /// capture (9.6.2). The 2009 and 2005 Laws have no such rule: their 9.6
    /// is the dead position, which every edition ends the game with.
    pub fn automatic_draws(self) -> bool {
        matches!(self, Laws::Fide2023)
    }

    /// The default time (how late a player may arrive after the start of
    /// the session) when the competition rules say nothing, in ms.
    /// 2023 6.7.1 and 2009 6.6(a): zero; 2005 6.7: one hour.
    pub fn default_time_ms(self) -> u64 {
        match self {
            Laws::Fide2023 | Laws::Fide2009 => 0,
            Laws::Fide2005 => 60 * ONE_MINUTE_MS,
        }
    }

    /// How late a player may arrive at the resumption of an adjourned
    /// game, counted from the time set for the resumption, when the
    /// competition rules say nothing, in ms. 2023 I.10 with I.11: the
    /// event's default time (zero unless the regulations say otherwise);
    /// 2009 Guidelines 10 and 2005 A10: one hour.
    pub fn resumption_default_time_ms(self) -> u64 {
        match self {
            Laws::Fide2023 => 0,
            Laws::Fide2009 | Laws::Fide2005 => 60 * ONE_MINUTE_MS,
        }
    }

    /// Whether the blind players' appendix admits a clock that announces
    /// the time and the number of moves (2023 D.2.6.1). The 2009 (E.2.4)
    /// and 2005 (F.2.4) appendices describe only an analogue clock with
    /// tactile dial and flag; hector's talking clock is then the arbiter's
    /// adaptation under E.1 / F1 ("adapt these rules to local
    /// circumstances").
    pub fn talking_clock_in_appendix(self) -> bool {
        matches!(self, Laws::Fide2023)
    }

    /// FIDE Laws 2023, 5.1.2: a resignation is a draw when the opponent
    /// cannot checkmate by any series of legal moves. The 2009 and 2005
    /// 5.1(b) have no such exception: the player who resigns loses.
    pub fn resignation_can_be_drawn(self) -> bool {
        matches!(self, Laws::Fide2023)
    }

    /// FIDE Laws 2023, 5.2.3: a draw by agreement needs both players to
    /// have made at least one move. The 2009 and 2005 5.2(c) have no such
    /// condition.
    pub fn agreement_needs_a_move_each(self) -> bool {
        matches!(self, Laws::Fide2023)
    }

    /// How the completed illegal move that loses is counted: the second
    /// (2023 7.5.5) or the third (2009 and 2005 7.4(b)).
    pub fn losing_illegal_move(self) -> u32 {
        match self {
            Laws::Fide2023 => 2,
            Laws::Fide2009 | Laws::Fide2005 => 3,
        }
    }

    /// Whether the appendix requires the piece to be named on promotion
    /// (2023 D.2.1, 2005 F.2.1; the 2009 E.2.1 does not say it). hector
    /// asks for the piece in every edition: Art. 3.7.5 requires the choice.
    pub fn promotion_announced_in_appendix(self) -> bool {
        !matches!(self, Laws::Fide2009)
    }

    /// Whether an assistant is compulsory when a blind player meets a
    /// hearing-impaired one (2023 D.2.11 only).
    pub fn assistant_compulsory_for_deaf_opponent(self) -> bool {
        matches!(self, Laws::Fide2023)
    }

    /// How the visually impaired player may keep score: 2023 D.2.7 Braille,
    /// longhand or a recording device; 2009 E.2.5 Braille or tape; 2005
    /// F.2.5 Braille, longhand or tape.
    pub fn scoresheet_means(self) -> &'static [&'static str] {
        match self {
            Laws::Fide2023 => &["braille", "longhand", "recording-device"],
            Laws::Fide2009 => &["braille", "tape"],
            Laws::Fide2005 => &["braille", "longhand", "tape"],
        }
    }
}

impl fmt::Display for Laws {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Written as its year (`"2023"`) in JSON: the session's configuration in
/// the journal and the `status` event's `laws` field.
impl serde::Serialize for Laws {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.name())
    }
}

impl<'de> serde::Deserialize<'de> for Laws {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Laws, D::Error> {
        let text = String::deserialize(d)?;
        Laws::parse(&text).map_err(serde::de::Error::custom)
    }
}

impl FromStr for Laws {
    type Err = String;
    fn from_str(s: &str) -> Result<Laws, String> {
        Laws::parse(s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const MIN: u64 = ONE_MINUTE_MS;

    #[test]
    fn names_parse_back() {
        for l in Laws::ALL {
            assert_eq!(Laws::parse(l.name()), Ok(l));
            assert_eq!(l.to_string().parse::<Laws>(), Ok(l));
        }
        assert_eq!(Laws::parse(" FIDE-2009 "), Ok(Laws::Fide2009));
        assert_eq!(Laws::default(), Laws::Fide2023);
        let e = Laws::parse("2017").unwrap_err();
        assert!(
            e.contains("'2017'") && e.contains("2023, 2009 or 2005"),
            "{e}"
        );
    }

    #[test]
    fn json_is_the_year() {
        assert_eq!(serde_json::to_string(&Laws::Fide2009).unwrap(), "\"2009\"");
        let l: Laws = serde_json::from_str("\"2005\"").unwrap();
        assert_eq!(l, Laws::Fide2005);
        assert!(serde_json::from_str::<Laws>("\"1999\"").is_err());
    }

    #[test]
    fn appendix_letters() {
        assert_eq!(Laws::Fide2023.blind_appendix(), "D");
        assert_eq!(Laws::Fide2009.blind_appendix(), "E");
        assert_eq!(Laws::Fide2005.blind_appendix(), "F");
    }

    #[test]
    fn fide_2023_7_5_5_second_illegal_move_loses() {
        let l = Laws::Fide2023;
        assert_eq!(
            l.illegal_move(1, Class::Standard),
            IllegalPenalty::TimeToOpponent(2 * MIN)
        );
        assert_eq!(l.illegal_move(2, Class::Standard), IllegalPenalty::Loss);
        assert!(l.illegal_loss_can_be_drawn());
        assert_eq!(l.illegal_move_article(), "7.5.5");
    }

    #[test]
    fn fide_2023_a_3_rapid_and_blitz_penalties_are_one_minute() {
        let l = Laws::Fide2023;
        for c in [Class::Rapid, Class::Blitz] {
            assert_eq!(l.illegal_move(1, c), IllegalPenalty::TimeToOpponent(MIN));
            assert_eq!(l.incorrect_claim(c, 10 * MIN).opponent_added_ms, MIN);
            assert_eq!(l.illegal_move(2, c), IllegalPenalty::Loss);
        }
    }

    #[test]
    fn fide_2009_and_2005_7_4_b_third_illegal_move_loses() {
        for l in [Laws::Fide2009, Laws::Fide2005] {
            for c in [Class::Standard, Class::Rapid, Class::Blitz] {
                assert_eq!(
                    l.illegal_move(1, c),
                    IllegalPenalty::TimeToOpponent(2 * MIN)
                );
                assert_eq!(
                    l.illegal_move(2, c),
                    IllegalPenalty::TimeToOpponent(2 * MIN)
                );
                assert_eq!(l.illegal_move(3, c), IllegalPenalty::Loss);
            }
            assert_eq!(l.illegal_move_article(), "7.4(b)");
        }
        assert!(Laws::Fide2009.illegal_loss_can_be_drawn());
        assert!(!Laws::Fide2005.illegal_loss_can_be_drawn());
    }

    #[test]
    fn fide_2023_9_5_3_incorrect_claim_two_minutes() {
        let p = Laws::Fide2023.incorrect_claim(Class::Standard, 30 * MIN);
        assert_eq!(
            p,
            ClaimPenalty {
                opponent_added_ms: 2 * MIN,
                claimant_deducted_ms: 0
            }
        );
    }

    #[test]
    fn fide_2009_9_5_b_incorrect_claim_three_minutes() {
        for class in [Class::Standard, Class::Rapid] {
            let p = Laws::Fide2009.incorrect_claim(class, 30 * MIN);
            assert_eq!(p.opponent_added_ms, 3 * MIN);
            assert_eq!(p.claimant_deducted_ms, 0);
        }
    }

    #[test]
    fn fide_2005_9_5_b_incorrect_claim_halves_the_claimants_time() {
        let l = Laws::Fide2005;
        let cut = |ms| l.incorrect_claim(Class::Standard, ms).claimant_deducted_ms;
        assert_eq!(
            l.incorrect_claim(Class::Standard, 0).opponent_added_ms,
            3 * MIN
        );
        // More than two minutes: half, at most three minutes.
        assert_eq!(cut(30 * MIN), 3 * MIN);
        assert_eq!(cut(6 * MIN), 3 * MIN);
        assert_eq!(cut(4 * MIN), 2 * MIN);
        assert_eq!(cut(2 * MIN + 2_000), MIN + 1_000);
        // Between one and two minutes: set to one minute.
        assert_eq!(cut(90_000), 30_000);
        assert_eq!(cut(2 * MIN), MIN);
        // One minute or less: unchanged.
        assert_eq!(cut(MIN), 0);
        assert_eq!(cut(59_000), 0);
    }

    #[test]
    fn fide_2023_only_has_9_6_automatic_draws() {
        assert!(Laws::Fide2023.automatic_draws());
        assert!(!Laws::Fide2009.automatic_draws());
        assert!(!Laws::Fide2005.automatic_draws());
    }

    #[test]
    fn default_time_per_edition() {
        assert_eq!(Laws::Fide2023.default_time_ms(), 0);
        assert_eq!(Laws::Fide2009.default_time_ms(), 0);
        assert_eq!(Laws::Fide2005.default_time_ms(), 60 * MIN);
    }

    #[test]
    fn resumption_lateness_and_flag_claims_per_edition() {
        assert_eq!(Laws::Fide2023.resumption_default_time_ms(), 0);
        assert_eq!(Laws::Fide2009.resumption_default_time_ms(), 60 * MIN);
        assert_eq!(Laws::Fide2005.resumption_default_time_ms(), 60 * MIN);
    }

    #[test]
    fn fide_2023_5_1_2_and_5_2_3_only_in_2023() {
        assert!(Laws::Fide2023.resignation_can_be_drawn());
        assert!(Laws::Fide2023.agreement_needs_a_move_each());
        for l in [Laws::Fide2009, Laws::Fide2005] {
            assert!(!l.resignation_can_be_drawn());
            assert!(!l.agreement_needs_a_move_each());
            assert_eq!(l.losing_illegal_move(), 3);
        }
        assert_eq!(Laws::Fide2023.losing_illegal_move(), 2);
    }

    #[test]
    fn classes_and_claims_per_edition() {
        let tc = |s: &str| TimeControl::parse(s).unwrap();
        // 12 minutes: rapid in 2023, blitz in 2009 and 2005.
        assert_eq!(Laws::Fide2023.class_of(&tc("720+0")), Class::Rapid);
        assert_eq!(Laws::Fide2009.class_of(&tc("720+0")), Class::Blitz);
        assert_eq!(Laws::Fide2005.class_of(&tc("720+0")), Class::Blitz);
        assert_eq!(Laws::Fide2009.class_of(&tc("900+0")), Class::Rapid);
        assert_eq!(Laws::Fide2009.class_of(&tc("3600+0")), Class::Standard);
        assert_eq!(Laws::Fide2005.class_of(&tc("3600+0")), Class::Rapid);
        let (a, i) = (Supervision::Adequate, Supervision::Inadequate);
        assert!(Laws::Fide2005.illegal_move_claims_win(Class::Blitz, a));
        assert!(!Laws::Fide2005.illegal_move_claims_win(Class::Rapid, i));
        assert!(!Laws::Fide2009.illegal_move_claims_win(Class::Blitz, a));
        assert!(Laws::Fide2009.illegal_move_claims_win(Class::Blitz, i));
        assert!(!Laws::Fide2023.illegal_move_claims_win(Class::Blitz, i));
        assert!(Laws::Fide2005.flag_by_claim(Class::Rapid, a));
        assert!(Laws::Fide2009.flag_by_claim(Class::Rapid, i));
        assert!(!Laws::Fide2009.flag_by_claim(Class::Rapid, a));
        assert!(!Laws::Fide2023.flag_by_claim(Class::Blitz, i));
        assert!(!Laws::Fide2005.flag_by_claim(Class::Standard, i));
    }

    #[test]
    fn appendix_differences() {
        assert!(Laws::Fide2023.talking_clock_in_appendix());
        assert!(!Laws::Fide2009.talking_clock_in_appendix());
        assert!(!Laws::Fide2005.talking_clock_in_appendix());
        assert!(!Laws::Fide2009.promotion_announced_in_appendix());
        assert!(Laws::Fide2005.promotion_announced_in_appendix());
        assert!(Laws::Fide2023.assistant_compulsory_for_deaf_opponent());
        assert!(!Laws::Fide2009.assistant_compulsory_for_deaf_opponent());
        assert!(Laws::Fide2009.scoresheet_means().contains(&"tape"));
        assert!(!Laws::Fide2009.scoresheet_means().contains(&"longhand"));
        assert!(
            Laws::Fide2023
                .scoresheet_means()
                .contains(&"recording-device")
        );
    }
}
