//! The clock's rules, one test per rule, named after the FIDE Laws 2023
//! article they check; and a simulated six-hour game checked against an
//! independent sum.

use hector::clock::state::Correction;
use hector::clock::{Clock, ClockError, PeriodChange, Press, TimeControl};
use shakmaty::Color::{Black, White};

fn clock(tc: &str) -> Clock {
    Clock::new(TimeControl::parse(tc).unwrap(), PeriodChange::OnQuota)
}

fn dgt(tc: &str) -> Clock {
    Clock::new(TimeControl::parse(tc).unwrap(), PeriodChange::DgtAtZero)
}

#[test]
fn art_6_2_1_press_completes_the_move_and_starts_the_opponent() {
    let mut c = clock("300");
    c.start(0).unwrap();
    assert_eq!(c.running(), Some(White));
    c.press(4_000).unwrap();
    assert_eq!(c.running(), Some(Black));
    assert_eq!(c.moves(White), 1);
    assert_eq!(c.moves(Black), 0);
    assert_eq!(c.remaining(White, 9_000), 296_000);
    assert_eq!(c.remaining(Black, 9_000), 295_000);
}

#[test]
fn art_6_3_1_increment_from_move_1() {
    let mut c = clock("fide-standard");
    c.start(0).unwrap();
    let p = c.press(10_000).unwrap();
    assert_eq!(
        p,
        Press::Completed {
            side: White,
            remaining_ms: 5_400_000 - 10_000 + 30_000,
            new_period: false
        }
    );
    c.press(15_000).unwrap();
    assert_eq!(c.remaining(Black, 15_000), 5_400_000 - 5_000 + 30_000);
}

#[test]
fn bronstein_never_exceeds_the_period_base() {
    let mut c = clock("300b3");
    c.start(0).unwrap();
    let mut t = 0;
    // Fast moves: the time used is given back in full, never more.
    for _ in 0..10 {
        t += 1_000;
        c.press(t).unwrap();
    }
    assert_eq!(c.remaining(White, t), 300_000);
    assert_eq!(c.remaining(Black, t), 300_000);
    // A slow move gives back only the delay.
    t += 5_000;
    c.press(t).unwrap();
    assert_eq!(c.remaining(White, t), 298_000);
    // Later fast moves do not climb back above where they started.
    let mut prev = 298_000;
    for i in 0..20u64 {
        t += 500 + i * 300;
        c.press(t).unwrap();
        t += 700;
        c.press(t).unwrap();
        let now = c.remaining(White, t);
        assert!(now <= prev && now <= 300_000, "{now} > {prev}");
        prev = now;
    }
}

#[test]
fn art_6_3_2_simple_delay_does_not_touch_main_time_when_the_move_is_faster() {
    let mut c = clock("300d5");
    c.start(0).unwrap();
    assert_eq!(c.remaining(White, 3_000), 300_000);
    assert_eq!(c.delay_left(3_000), 2_000);
    c.press(4_999).unwrap();
    assert_eq!(c.remaining(White, 4_999), 300_000);
    // Black takes 7 s: 2 s come off the main time, and nothing is added.
    c.press(11_999).unwrap();
    assert_eq!(c.remaining(Black, 11_999), 298_000);
    // The flag falls when the main time is gone after the delay.
    let mut d = clock("10d5");
    d.start(0).unwrap();
    d.tick(14_999).unwrap();
    assert_eq!(d.first_flag(), None);
    d.tick(15_000).unwrap();
    assert_eq!(d.first_flag().unwrap().at_ms, 15_000);
}

#[test]
fn art_6_3_quota_reached_with_time_left_adds_the_next_period() {
    let mut c = clock("fide-standard");
    c.start(0).unwrap();
    let mut t = 0;
    for n in 1..=40u64 {
        t += 1_000;
        let p = c.press(t).unwrap();
        let Press::Completed {
            side,
            remaining_ms,
            new_period,
        } = p
        else {
            panic!("frozen")
        };
        assert_eq!(side, White);
        assert_eq!(new_period, n == 40);
        let expect = 5_400_000 - n * 1_000 + n * 30_000 + if n == 40 { 1_800_000 } else { 0 };
        assert_eq!(remaining_ms, expect);
        if n < 40 {
            t += 1_000;
            c.press(t).unwrap();
        }
    }
    assert_eq!(c.period(White), 1);
    assert_eq!(c.period(Black), 0);
    assert_eq!(c.moves(Black), 39);
}

#[test]
fn art_6_9_flag_in_a_non_final_period_keeps_the_clock_running() {
    let mut c = clock("2/60:60");
    c.start(0).unwrap();
    c.tick(61_000).unwrap();
    let f = c.first_flag().unwrap();
    assert_eq!((f.side, f.at_ms, f.period), (White, 60_000, 0));
    assert!(!c.is_frozen());
    assert_eq!(c.running(), Some(White));
    assert_eq!(c.period(White), 1);
    assert_eq!(c.remaining(White, 61_000), 59_000);
    assert!(matches!(c.press(62_000).unwrap(), Press::Completed { .. }));
}

#[test]
fn art_6_9_flag_in_the_final_period_freezes_the_clock() {
    let mut c = clock("60+5");
    c.start(0).unwrap();
    c.press(10_000).unwrap();
    c.tick(80_000).unwrap();
    let f = c.first_flag().unwrap();
    assert_eq!((f.side, f.at_ms), (Black, 10_000 + 60_000));
    assert!(c.is_frozen());
    assert_eq!(c.running(), None);
    assert_eq!(c.remaining(Black, 90_000), 0);
    assert_eq!(c.press(95_000).unwrap(), Press::Frozen);
    assert_eq!(c.remaining(White, 99_000), 55_000);
    assert_eq!(c.moves(Black), 0);
}

#[test]
fn dgt_period_change_at_zero_adds_the_next_period_to_both() {
    // The quota of 2 moves is made: no flag, both get the next period.
    let mut c = dgt("2/60:60");
    c.start(0).unwrap();
    for t in [1_000, 2_000, 3_000, 4_000] {
        c.press(t).unwrap();
    }
    c.tick(64_000).unwrap();
    assert_eq!(c.first_flag(), None);
    assert_eq!(c.period(White), 1);
    assert_eq!(c.period(Black), 1);
    assert_eq!(c.remaining(White, 64_000), 58_000);
    assert_eq!(c.remaining(Black, 64_000), 58_000 + 60_000);
    // The quota not made: the flag is recorded as well.
    let mut d = dgt("2/60:60");
    d.start(0).unwrap();
    d.tick(60_000).unwrap();
    assert_eq!(d.first_flag().unwrap().side, White);
    assert_eq!(d.remaining(Black, 60_000), 120_000);
}

#[test]
fn art_6_9_no_bonus_after_a_flag() {
    let mut c = clock("2/60+5:60+5");
    c.start(0).unwrap();
    c.tick(60_000).unwrap();
    assert_eq!(c.flag(White).unwrap().at_ms, 60_000);
    c.press(62_000).unwrap();
    assert_eq!(c.remaining(White, 62_000), 58_000);
    c.press(63_000).unwrap();
    assert_eq!(c.remaining(Black, 63_000), 60_000 - 1_000 + 5_000);
    c.press(66_000).unwrap();
    assert_eq!(c.remaining(White, 66_000), 55_000);
}

#[test]
fn art_6_9_both_flags_record_the_first() {
    let mut c = clock("1/10:100");
    c.start(0).unwrap();
    c.tick(11_000).unwrap();
    c.press(12_000).unwrap();
    c.tick(30_000).unwrap();
    let w = c.flag(White).unwrap();
    let b = c.flag(Black).unwrap();
    assert_eq!(w.at_ms, 10_000);
    assert_eq!(b.at_ms, 22_000);
    assert_eq!(c.first_flag().unwrap().side, White);
    assert_eq!(c.view(30_000).flag, Some(White));
}

#[test]
fn art_6_11_pause_and_resume() {
    let mut c = clock("300d5");
    c.start(0).unwrap();
    c.tick(3_000).unwrap();
    c.pause(3_000).unwrap();
    assert_eq!(c.running(), None);
    assert_eq!(c.press(4_000), Err(ClockError::Paused));
    c.resume(100_000).unwrap();
    // The delay left at the pause goes on after it: 2 s of delay, then 1 s.
    assert_eq!(c.remaining(White, 102_000), 300_000);
    assert_eq!(c.remaining(White, 103_000), 299_000);
    c.press(103_000).unwrap();
    assert_eq!(c.remaining(White, 103_000), 299_000);
    assert_eq!(c.resume(104_000), Err(ClockError::NotPaused));
}

#[test]
fn a_game_set_up_after_some_moves_keeps_the_quota_of_the_game() {
    let mut c = Clock::new(TimeControl::fide_standard(), PeriodChange::OnQuota).with_moves(39, 39);
    c.start(0).unwrap();
    assert_eq!((c.moves(White), c.moves(Black)), (39, 39));
    let p = c.press(1_000).unwrap();
    assert!(matches!(
        p,
        Press::Completed {
            new_period: true,
            ..
        }
    ));
    assert_eq!(
        c.remaining(White, 1_000),
        5_400_000 - 1_000 + 30_000 + 1_800_000
    );
}

#[test]
fn d_2_10_4_time_used_counts_thinking_time_only() {
    let mut c = clock("300+5");
    c.start(0).unwrap();
    c.press(7_000).unwrap();
    c.pause(10_000).unwrap();
    c.resume(70_000).unwrap();
    assert_eq!(c.used(White, 70_000), 7_000);
    assert_eq!(c.used(Black, 72_000), 5_000);
    c.press(72_000).unwrap();
    assert_eq!(c.used(Black, 90_000), 5_000);
    assert_eq!(c.used(White, 90_000), 25_000);
}

#[test]
fn art_6_10_2_and_7_5_5_arbiter_corrections_are_logged() {
    let mut c = clock("fide-standard");
    c.start(0).unwrap();
    c.press(10_000).unwrap();
    // Black's clock runs; the correction shows at once.
    c.set_time(Black, 3_000_000, 20_000).unwrap();
    assert_eq!(c.remaining(Black, 20_000), 3_000_000);
    assert_eq!(c.remaining(Black, 21_000), 2_999_000);
    // 7.5.5: Black made an illegal move; White gets two minutes.
    c.illegal_move_penalty(Black, 21_000).unwrap();
    assert_eq!(c.remaining(White, 21_000), 5_420_000 + 120_000);
    c.add_time(Black, 60_000, 22_000).unwrap();
    assert_eq!(c.remaining(Black, 22_000), 3_058_000);
    c.set_moves(White, 5, 22_000).unwrap();
    assert_eq!(c.moves(White), 5);
    let log: Vec<_> = c.corrections().iter().map(|l| &l.correction).collect();
    assert_eq!(
        log,
        vec![
            &Correction::SetTime {
                side: Black,
                before_ms: 5_400_000 - 10_000,
                after_ms: 3_000_000
            },
            &Correction::AddTime {
                side: White,
                added_ms: 120_000,
                after_ms: 5_540_000
            },
            &Correction::AddTime {
                side: Black,
                added_ms: 60_000,
                after_ms: 3_058_000
            },
            &Correction::SetMoves {
                side: White,
                before: 1,
                after: 5
            },
        ]
    );
    assert_eq!(c.corrections()[1].at_ms, 21_000);
}

#[test]
fn art_6_10_2_move_counter_correction_moves_the_quota() {
    let mut c = clock("3/60:60");
    c.start(0).unwrap();
    c.press(1_000).unwrap();
    c.press(2_000).unwrap();
    // The arbiter finds White has really completed 2 moves.
    c.set_moves(White, 2, 2_000).unwrap();
    let p = c.press(3_000).unwrap();
    assert!(matches!(
        p,
        Press::Completed {
            new_period: true,
            ..
        }
    ));
}

#[test]
fn d_2_9_rollback_to_the_snapshot_of_move_n() {
    let mut c = clock("300+2");
    c.start(0).unwrap();
    let mut t = 0;
    let mut after = Vec::new();
    for i in 0..20u64 {
        t += 1_000 + i * 137;
        c.press(t).unwrap();
        after.push(c.view(t));
    }
    assert_eq!(c.snapshots().len(), 21);
    // Back to after Black's 3rd move (ply 6): Black's and White's times and
    // counters as they were, White to move.
    c.rollback_to_move(3, Black, t + 5_000).unwrap();
    let v = c.view(t + 5_000);
    let then = after[5];
    assert_eq!(v.white_ms, then.white_ms);
    assert_eq!(v.black_ms, then.black_ms);
    assert_eq!((v.moves_white, v.moves_black), (3, 3));
    assert_eq!(c.running(), Some(White));
    assert_eq!(c.snapshots().len(), 7);
    assert_eq!(
        c.corrections().last().unwrap().correction,
        Correction::Rollback { ply: 6 }
    );
    assert_eq!(
        c.rollback_to_ply(50, t + 6_000),
        Err(ClockError::NoSnapshot { ply: 50, last: 6 })
    );
    // Back to White's 2nd move (ply 3): Black to move.
    c.rollback_to_move(2, White, t + 7_000).unwrap();
    assert_eq!(c.running(), Some(Black));
    assert_eq!(c.view(t + 7_000).white_ms, after[2].white_ms);
}

#[test]
fn bad_timestamps_leave_the_clock_unchanged() {
    let mut c = clock("300");
    c.start(1_000).unwrap();
    c.press(2_000).unwrap();
    let before = c.view(2_000);
    assert!(matches!(
        c.press(1_500),
        Err(ClockError::TimeWentBack { .. })
    ));
    assert_eq!(c.start(3_000), Err(ClockError::AlreadyStarted));
    assert_eq!(c.view(2_000), before);
    let mut d = clock("300");
    assert_eq!(d.press(0), Err(ClockError::NotStarted));
}

/// A small deterministic random generator for the simulation.
struct XorShift(u64);

impl XorShift {
    fn next(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        self.0 = x;
        x
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

#[derive(Clone, Copy)]
enum Kind {
    Fischer,
    Delay,
    Bronstein,
}

fn six_hours(tc: &str, kind: Kind, bonus: u64, seed: u64) {
    const SIX_HOURS: u64 = 6 * 3_600_000;
    let mut c = clock(tc);
    let mut rng = XorShift(seed);
    // Independent book-keeping: base times of the periods reached, bonuses
    // earned and time used, per player.
    let mut credit = [5_400_000u64, 5_400_000];
    let mut used = [0u64, 0];
    let mut thought = [0u64, 0];
    let mut moves = [0u64, 0];
    let mut t = rng.below(1_000);
    c.start(t).unwrap();
    let mut side = 0usize;
    let mut presses = 0;
    loop {
        let think = rng.below(14_000);
        // Sometimes the arbiter pauses the clock in the middle of a move.
        let pause = if rng.below(200) == 0 {
            Some((rng.below(think + 1), 1 + rng.below(300_000)))
        } else {
            None
        };
        let wall = think + pause.map_or(0, |p| p.1);
        if t + wall > SIX_HOURS {
            break;
        }
        if let Some((at, len)) = pause {
            c.pause(t + at).unwrap();
            c.resume(t + at + len).unwrap();
        }
        t += wall;
        c.press(t).unwrap();
        presses += 1;
        moves[side] += 1;
        let (charged, back) = match kind {
            Kind::Fischer => (think, bonus),
            Kind::Delay => (think.saturating_sub(bonus), 0),
            Kind::Bronstein => (think, think.min(bonus)),
        };
        used[side] += charged;
        thought[side] += think;
        credit[side] += back;
        if moves[side] == 40 {
            credit[side] += 1_800_000;
        }
        let expect = credit[side] - used[side];
        let who = if side == 0 { White } else { Black };
        assert_eq!(c.remaining(who, t), expect, "after press {presses}");
        side = 1 - side;
    }
    // The final moment: the player to move is still thinking.
    let thinking = SIX_HOURS - t;
    let v = c.show(SIX_HOURS).unwrap();
    let charged_now = match kind {
        Kind::Delay => thinking.saturating_sub(bonus),
        _ => thinking,
    };
    let mut expect = [credit[0] - used[0], credit[1] - used[1]];
    expect[side] -= charged_now;
    eprintln!("{tc}: {presses} presses in six hours, final {expect:?} ms, 0 ms drift");
    assert!(presses > 2_000, "only {presses} presses");
    assert_eq!(v.flag, None);
    assert_eq!([v.white_ms, v.black_ms], expect, "0 ms drift expected");
    assert_eq!(
        (v.moves_white as u64, v.moves_black as u64),
        (moves[0], moves[1])
    );
    thought[side] += thinking;
    assert_eq!(
        [c.used(White, SIX_HOURS), c.used(Black, SIX_HOURS)],
        thought,
        "time used (D.2.10.4)"
    );
}

#[test]
fn simulated_six_hour_game_has_zero_drift_fischer() {
    six_hours(
        "40/5400+30:1800+30",
        Kind::Fischer,
        30_000,
        0x9E37_79B9_7F4A_7C15,
    );
}

#[test]
fn simulated_six_hour_game_has_zero_drift_simple_delay() {
    six_hours(
        "40/5400d5:1800d5",
        Kind::Delay,
        5_000,
        0xDEAD_BEEF_1234_5678,
    );
}

#[test]
fn simulated_six_hour_game_has_zero_drift_bronstein() {
    six_hours(
        "40/5400b5:1800b5",
        Kind::Bronstein,
        5_000,
        0x0123_4567_89AB_CDEF,
    );
}
