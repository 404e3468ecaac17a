//! The Appendix D flow through the session API with simulated time: every
//! test is named after the article it checks (FIDE Laws 2023).

use hector::session::{
    Blind, Command, Config, Event, Input, Kind, Refusal, Renderer, Seat, Session, Side, To,
};

fn cfg(control: Option<&str>) -> Config {
    Config {
        locale: "en".into(),
        control: control.map(str::to_string),
        ..Config::default()
    }
}

fn session(c: &Config) -> Session {
    Session::new(c).expect("session")
}

fn say(s: &mut Session, t: u64, from: Seat, text: &str) -> Vec<Event> {
    s.apply(&Command::text(t, from, text))
}

/// The arbiter's ruling, read back to him and confirmed (5.1.2, 7.5.5,
/// 12.2 …): the events of his yes.
fn rule(s: &mut Session, t: u64, text: &str) -> Vec<Event> {
    let asked = say(s, t, Seat::Arbiter, text);
    assert_eq!(kinds(&asked), ["confirm"], "{text}: {asked:?}");
    say(s, t, Seat::Arbiter, "yes")
}

fn kinds(ev: &[Event]) -> Vec<String> {
    ev.iter().map(Event::kind_name).collect()
}

fn moved(ev: &[Event]) -> Option<(String, usize, Side, Seat)> {
    ev.iter().find_map(|e| match &e.kind {
        Kind::Moved {
            san, ply, by, via, ..
        } => Some((san.clone(), *ply, *by, *via)),
        _ => None,
    })
}

fn refused(ev: &[Event]) -> Option<Refusal> {
    ev.iter().find_map(|e| match &e.kind {
        Kind::Refused { why } => Some(why.clone()),
        _ => None,
    })
}

fn clock(s: &Session, t: u64) -> (u64, u64, Option<Side>) {
    let c = s.status(t).clock.expect("clock");
    (c.white_ms, c.black_ms, c.running)
}

#[test]
fn d_2_1_blind_move_is_read_back_and_made_only_when_confirmed() {
    let mut s = session(&cfg(None));
    let ev = say(&mut s, 0, Seat::White, "Springer Felix drei");
    assert_eq!(kinds(&ev), ["readback"]);
    assert!(ev[0].to.contains(&To::Seat(Seat::White)));
    assert!(
        !ev[0].is_public(),
        "the read-back is private to the blind player"
    );
    assert_eq!(s.status(0).ply, 0, "not made before yes");
    let ev = say(&mut s, 10, Seat::White, "yes");
    assert_eq!(
        moved(&ev),
        Some(("Nf3".into(), 1, Side::White, Seat::White))
    );
    assert!(ev.iter().any(Event::is_public));
}

#[test]
fn d_2_1_promotion_piece_must_be_named() {
    let c = Config {
        fen: Some("8/P4k2/8/8/8/8/5K2/8 w - - 0 1".into()),
        ..cfg(None)
    };
    let mut s = session(&c);
    let ev = say(&mut s, 0, Seat::White, "a8");
    assert_eq!(kinds(&ev), ["promotion"]);
    let ev = say(&mut s, 1, Seat::White, "yes");
    assert_eq!(kinds(&ev), ["promotion"], "yes is no answer to which piece");
    let ev = say(&mut s, 2, Seat::White, "Springer");
    assert_eq!(kinds(&ev), ["readback"]);
    let ev = say(&mut s, 3, Seat::White, "yes");
    assert_eq!(moved(&ev).unwrap().0, "a8=N");
}

#[test]
fn d_2_8_correction_before_confirmation_replaces_the_move() {
    let mut s = session(&cfg(Some("300+0")));
    say(&mut s, 0, Seat::White, "Springer Felix drei");
    let ev = say(&mut s, 500, Seat::White, "Springer Cesar drei");
    assert_eq!(kinds(&ev), ["readback"]);
    match &ev[0].kind {
        Kind::Readback { san, .. } => assert_eq!(san, "Nc3"),
        k => panic!("{k:?}"),
    }
    let ev = say(&mut s, 900, Seat::White, "yes");
    assert_eq!(moved(&ev).unwrap().0, "Nc3");
    // After the announcement a "no" changes nothing: the move stands.
    let ev = say(&mut s, 950, Seat::White, "no");
    assert_eq!(refused(&ev), Some(Refusal::NothingPending));
    assert_eq!(s.status(950).moves, ["Nc3"]);
}

#[test]
fn d_2_3_d_2_4_blind_players_clock_runs_until_his_move_is_confirmed() {
    let mut s = session(&cfg(Some("300+0")));
    say(&mut s, 1_000, Seat::White, "e4");
    let (w, b, run) = clock(&s, 4_000);
    assert_eq!((w, b, run), (296_000, 300_000, Some(Side::White)));
    say(&mut s, 5_000, Seat::White, "yes");
    let (w, b, run) = clock(&s, 5_000);
    assert_eq!((w, b, run), (295_000, 300_000, Some(Side::Black)));
    let (_, b, _) = clock(&s, 7_000);
    assert_eq!(b, 298_000);
}

#[test]
fn d_2_5_sighted_move_presses_his_clock_and_separate_press_waits_for_the_press() {
    let mut s = session(&cfg(Some("300+0")));
    say(&mut s, 0, Seat::White, "e4");
    say(&mut s, 0, Seat::White, "yes");
    let ev = say(&mut s, 2_000, Seat::Black, "e5");
    assert!(moved(&ev).is_some());
    assert_eq!(clock(&s, 2_000).2, Some(Side::White));

    let c = Config {
        separate_press: true,
        ..cfg(Some("300+0"))
    };
    let mut s = session(&c);
    say(&mut s, 0, Seat::White, "e4");
    say(&mut s, 0, Seat::White, "yes");
    say(&mut s, 2_000, Seat::Black, "e5");
    assert_eq!(clock(&s, 3_000).2, Some(Side::Black), "still Black's time");
    let ev = say(&mut s, 3_000, Seat::Black, "press");
    assert_eq!(kinds(&ev), ["clock"]);
    let (_, b, run) = clock(&s, 3_000);
    assert_eq!((b, run), (297_000, Some(Side::White)));
}

#[test]
fn d_2_6_1_my_time_is_the_askers_time_and_opponent_time_the_other() {
    let mut s = session(&cfg(Some("600+0")));
    say(&mut s, 0, Seat::White, "e4");
    say(&mut s, 10_000, Seat::White, "yes");
    // Black thinks; White asks for his own time.
    let ev = say(&mut s, 15_000, Seat::White, "my time");
    assert_eq!(ev.len(), 1);
    match &ev[0].kind {
        Kind::Answer { player, ms, .. } => {
            assert_eq!(*player, Some(Side::White));
            assert_eq!(*ms, Some(590_000));
        }
        k => panic!("{k:?}"),
    }
    assert_eq!(ev[0].to, vec![To::Seat(Seat::White)]);
    let ev = say(&mut s, 15_000, Seat::White, "opponent time");
    match &ev[0].kind {
        Kind::Answer { player, ms, .. } => {
            assert_eq!(*player, Some(Side::Black));
            assert_eq!(*ms, Some(595_000));
        }
        k => panic!("{k:?}"),
    }
    // "time" gives one answer per player; German words work in de.
    let mut de = session(&Config {
        locale: "de".into(),
        ..cfg(Some("600+0"))
    });
    let ev = say(&mut de, 1_000, Seat::Black, "Zeit");
    assert_eq!(kinds(&ev), ["answer", "answer"]);
    let r = Renderer::for_session(&de);
    let text = r.line(&ev[0])["text"].as_str().unwrap().to_string();
    assert!(text.contains("Minuten"), "{text}");
}

#[test]
fn d_2_6_1_time_questions_without_a_clock_are_refused_in_words() {
    let mut s = session(&cfg(None));
    let ev = say(&mut s, 0, Seat::White, "my time");
    assert_eq!(refused(&ev), Some(Refusal::NoClock));
}

#[test]
fn d_2_6_1_low_time_alert_goes_to_that_player_only() {
    let mut c = cfg(Some("60+0"));
    c.alerts.white = Some(20_000);
    let mut s = session(&c);
    let ev = s.apply(&Command::tick(30_000));
    assert!(ev.is_empty());
    let ev = s.apply(&Command::tick(41_000));
    assert_eq!(kinds(&ev), ["alert"]);
    assert_eq!(ev[0].to, vec![To::Seat(Seat::White)]);
    // Said once, not again and again.
    assert!(s.apply(&Command::tick(45_000)).is_empty());
}

#[test]
fn d_2_10_4_assistant_answers_time_used_and_moves_for_both() {
    let mut s = session(&cfg(Some("300+0")));
    say(&mut s, 0, Seat::White, "e4");
    say(&mut s, 3_000, Seat::White, "yes");
    say(&mut s, 7_000, Seat::Black, "e5");
    let ev = say(&mut s, 8_000, Seat::Assistant, "time used");
    assert_eq!(kinds(&ev), ["answer", "answer"]);
    let used: Vec<(Option<Side>, Option<u64>, Option<u32>)> = ev
        .iter()
        .map(|e| match &e.kind {
            Kind::Answer {
                player, ms, count, ..
            } => (*player, *ms, *count),
            k => panic!("{k:?}"),
        })
        .collect();
    assert_eq!(
        used,
        [
            (Some(Side::White), Some(4_000), Some(1)), // 3 s, and 1 s thinking now
            (Some(Side::Black), Some(4_000), Some(1))
        ]
    );
    let ev = say(&mut s, 8_000, Seat::Assistant, "moves");
    assert_eq!(kinds(&ev), ["answer", "answer"]);
    // "my time" from the assistant is the time of the player he serves.
    let ev = say(&mut s, 9_000, Seat::Assistant, "my time");
    match &ev[0].kind {
        Kind::Answer { player, .. } => assert_eq!(*player, Some(Side::White)),
        k => panic!("{k:?}"),
    }
}

#[test]
fn d_2_10_1_assistant_relays_either_players_move_by_and_via() {
    let mut s = session(&cfg(Some("300+0")));
    let ev = say(&mut s, 1_000, Seat::Assistant, "e4");
    assert_eq!(
        moved(&ev),
        Some(("e4".into(), 1, Side::White, Seat::Assistant))
    );
    let ev = say(&mut s, 2_000, Seat::Assistant, "c5");
    assert_eq!(
        moved(&ev),
        Some(("c5".into(), 2, Side::Black, Seat::Assistant))
    );
    assert_eq!(
        clock(&s, 2_000).2,
        Some(Side::White),
        "D.2.10.3: clock started"
    );
}

#[test]
fn d_2_10_5_assistant_reports_a_touched_piece_and_claims_on_time() {
    let mut s = session(&cfg(Some("300+0")));
    let ev = say(&mut s, 0, Seat::Assistant, "touched knight g8");
    assert_eq!(kinds(&ev), ["arbiter"]);
    assert!(ev[0].to.contains(&To::Seat(Seat::Arbiter)));
    // With hector's clock a flag claim is checked at once (6.9): Black's
    // flag has not fallen.
    let ev = say(&mut s, 0, Seat::Assistant, "claim flag");
    assert_eq!(
        refused(&ev),
        Some(Refusal::Rules {
            reason: "flag_not_fallen".into()
        })
    );
    // Without it the claim goes to the arbiter, who rules on the real clock.
    let ev = say(&mut session(&cfg(None)), 0, Seat::Assistant, "claim flag");
    assert_eq!(kinds(&ev), ["arbiter"]);
    // D.2.2, 4.3: the sighted player reports that the blind player lifted
    // a piece out of its hole; the arbiter rules. The arbiter himself
    // reports nothing.
    let ev = say(&mut s, 0, Seat::Black, "touched knight g1");
    assert_eq!(kinds(&ev), ["arbiter"]);
    assert!(ev[0].to.contains(&To::Seat(Seat::Arbiter)));
    let ev = say(&mut s, 0, Seat::Arbiter, "touched knight g1");
    assert!(matches!(refused(&ev), Some(Refusal::NotYourRight { .. })));
}

#[test]
fn d_2_11_missing_compulsory_assistant_is_reported_to_the_arbiter() {
    let mut c = cfg(None);
    c.assistant_required = true;
    let s = session(&c);
    let ev = s.opening();
    assert!(ev.iter().any(|e| matches!(
        &e.kind,
        Kind::Arbiter {
            reason: hector::session::ArbiterReason::AssistantMissing,
            ..
        }
    ) && e.to == vec![To::Seat(Seat::Arbiter)]));
    c.assistant_for = Some(Side::Black);
    assert!(
        !session(&c)
            .opening()
            .iter()
            .any(|e| matches!(e.kind, Kind::Arbiter { .. }))
    );
}

#[test]
fn seats_the_sighted_player_cannot_confirm_the_blind_players_move() {
    let mut s = session(&cfg(None));
    say(&mut s, 0, Seat::White, "e4");
    let ev = say(&mut s, 1, Seat::Black, "yes");
    assert_eq!(refused(&ev), Some(Refusal::NothingPending));
    let ev = say(&mut s, 1, Seat::Assistant, "yes");
    assert!(matches!(refused(&ev), Some(Refusal::NotYourRight { .. })));
    assert_eq!(s.status(1).ply, 0);
}

#[test]
fn seats_nobody_moves_for_the_side_not_to_move_and_only_the_arbiter_rules() {
    let mut s = session(&cfg(Some("300+0")));
    let ev = say(&mut s, 0, Seat::Black, "e5");
    assert_eq!(refused(&ev), Some(Refusal::NotYourTurn));
    let ev = say(&mut s, 0, Seat::Arbiter, "e4");
    assert!(matches!(refused(&ev), Some(Refusal::NotYourRight { .. })));
    for (seat, text) in [
        (Seat::White, "stop clock"),
        (Seat::Assistant, "start clock"),
        (Seat::Black, "retrace"),
        (Seat::White, "set time white 5:00"),
        (Seat::Black, "result 0-1"),
    ] {
        let ev = say(&mut s, 0, seat, text);
        assert!(
            matches!(refused(&ev), Some(Refusal::NotYourRight { .. })),
            "{seat:?} {text}: {ev:?}"
        );
    }
    let ev = say(&mut s, 1_000, Seat::Arbiter, "stop clock");
    assert_eq!(kinds(&ev), ["clock"]);
    assert_eq!(clock(&s, 9_000), (299_000, 300_000, None));
    let ev = say(&mut s, 9_000, Seat::Arbiter, "start clock");
    assert_eq!(kinds(&ev), ["clock"]);
    assert_eq!(clock(&s, 10_000).0, 298_000);
}

#[test]
fn d_2_9_retrace_rolls_the_clock_back_by_the_games_half_move_after_moves() {
    let c = Config {
        moves: Some("e4 e5".into()),
        ..cfg(Some("300+2"))
    };
    let mut s = session(&c);
    say(&mut s, 1_000, Seat::White, "Nf3");
    say(&mut s, 1_100, Seat::White, "yes");
    say(&mut s, 2_000, Seat::Black, "Nf6");
    let ev = say(&mut s, 3_000, Seat::Arbiter, "correct sighted 4 Nc6");
    assert!(
        kinds(&ev).contains(&"sheet_corrected".to_string()),
        "{ev:?}"
    );
    assert!(s.status(3_000).boards_differ);
    let ev = say(&mut s, 4_000, Seat::Arbiter, "retrace");
    assert!(kinds(&ev).contains(&"retraced".to_string()), "{ev:?}");
    let st = s.status(4_000);
    assert_eq!(st.ply, 3);
    assert_eq!(st.turn, Side::Black);
    let c = st.clock.unwrap();
    assert_eq!(c.running, Some(Side::Black), "the clock follows the board");
    // Black's time is as it was after White's third half-move.
    assert_eq!(c.black_ms, 300_000);
    assert_eq!(c.white_ms, 300_000 - 1_100 + 2_000);
}

#[test]
fn d_2_9_board_difference_gives_square_by_square_guidance_and_the_arbiter_clears_it() {
    let mut s = session(&cfg(None));
    say(&mut s, 0, Seat::White, "e4");
    say(&mut s, 0, Seat::White, "yes");
    // The sighted player's board still shows the start position.
    let ev = say(
        &mut s,
        1,
        Seat::Black,
        "shows rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR",
    );
    let g = ev
        .iter()
        .find(|e| matches!(e.kind, Kind::Guidance { .. }))
        .expect("guidance");
    assert!(g.to.contains(&To::Seat(Seat::Black)) && g.to.contains(&To::Seat(Seat::Arbiter)));
    assert!(s.status(1).boards_differ);
    // D.2.9: corrected with the arbiter: the player's word is a report
    // to him, the difference stays until the arbiter says fixed.
    let ev = say(&mut s, 2, Seat::Black, "fixed");
    assert_eq!(kinds(&ev), ["arbiter"], "{ev:?}");
    assert!(ev[0].to.contains(&To::Seat(Seat::Arbiter)));
    assert!(s.status(2).boards_differ);
    let ev = say(&mut s, 3, Seat::Arbiter, "fixed");
    assert!(kinds(&ev).contains(&"boards_agree".to_string()), "{ev:?}");
    assert!(!s.status(3).boards_differ);
}

#[test]
fn art_6_9_flag_fall_ends_the_game_and_stops_the_clock() {
    let mut s = session(&cfg(Some("60+0")));
    let ev = s.apply(&Command::tick(61_000));
    assert_eq!(kinds(&ev), ["flag", "arbiter", "result"]);
    match &ev[2].kind {
        Kind::Result { result, reason, .. } => {
            assert_eq!(result, "0-1");
            assert_eq!(reason, "flag-fall");
        }
        k => panic!("{k:?}"),
    }
    assert_eq!(s.status(70_000).clock.unwrap().running, None);
    let ev = say(&mut s, 70_000, Seat::White, "e4");
    assert_eq!(refused(&ev), Some(Refusal::GameOver));
}

#[test]
fn art_7_5_5_illegal_move_gives_the_opponent_two_minutes() {
    let mut s = session(&cfg(Some("5400+0")));
    say(&mut s, 0, Seat::Assistant, "e4");
    let ev = rule(&mut s, 1_000, "illegal white");
    assert!(kinds(&ev).contains(&"penalty".to_string()), "{ev:?}");
    assert_eq!(clock(&s, 1_000).1, 5_400_000 - 1_000 + 120_000);
    // A player can only claim it: the arbiter is told.
    let ev = say(&mut s, 1_000, Seat::Black, "illegal");
    assert_eq!(kinds(&ev), ["arbiter"]);
}

#[test]
fn guidelines_i_sealed_move_is_never_echoed_to_the_other_seats() {
    let mut s = session(&cfg(Some("300+0")));
    // D.2.8 with I.1.1: the blind player hears his sealed move read back,
    // to him alone, and seals it with his yes.
    let asked = say(&mut s, 1_000, Seat::White, "adjourn Nf3");
    assert!(
        asked.iter().all(|e| e.to == vec![To::Seat(Seat::White)]),
        "{asked:?}"
    );
    assert!(!s.status(1_000).adjourned);
    let ev = say(&mut s, 1_000, Seat::White, "yes");
    let sealed: Vec<&Event> = ev
        .iter()
        .filter(|e| matches!(e.kind, Kind::Sealed { .. }))
        .collect();
    assert_eq!(sealed.len(), 1);
    assert_eq!(sealed[0].to, vec![To::Seat(Seat::White)]);
    let r = Renderer::for_session(&s);
    for e in ev.iter().filter(|e| e.is_public()) {
        let line = r.line(e).to_string();
        assert!(!line.contains("Nf3") && !line.contains("f3"), "{line}");
    }
    assert!(s.status(1_000).adjourned);
    assert_eq!(clock(&s, 50_000).2, None, "I.1.1: the clock stops");
    // Only the player to move seals.
    let mut s2 = session(&cfg(None));
    let ev = say(&mut s2, 0, Seat::Black, "adjourn Nf6");
    assert_eq!(refused(&ev), Some(Refusal::NotYourTurn));
    // I.7: the envelope is opened only with the replying player present.
    let ev = say(&mut s, 60_000, Seat::Arbiter, "resume");
    assert!(matches!(refused(&ev), Some(Refusal::Rules { reason }) if reason == "not_present"));
    let ev = say(&mut s, 60_000, Seat::Arbiter, "envelope");
    let line = Renderer::for_session(&s).line(&ev[0]).to_string();
    assert!(
        !line.contains("Nf3"),
        "the envelope's outside never shows the move: {line}"
    );
    say(&mut s, 60_000, Seat::Arbiter, "present black");
    // I.9.1: the sealed move is made; the clocks have the envelope's times.
    let ev = say(&mut s, 61_000, Seat::Arbiter, "resume");
    assert_eq!(moved(&ev).unwrap().0, "Nf3");
    assert_eq!(clock(&s, 61_000), (299_000, 300_000, Some(Side::Black)));
}

#[test]
fn guidelines_i_8_an_illegal_sealed_move_loses() {
    let mut s = session(&cfg(None));
    say(&mut s, 0, Seat::White, "adjourn Ke2");
    say(&mut s, 0, Seat::White, "yes");
    say(&mut s, 1, Seat::Arbiter, "present black");
    let ev = say(&mut s, 2, Seat::Arbiter, "resume");
    assert!(
        ev.iter()
            .any(|e| matches!(&e.kind, Kind::Result { result, .. } if result == "0-1"))
    );
}

#[test]
fn bad_input_is_refused_and_changes_nothing() {
    let mut s = session(&cfg(Some("300+0")));
    let before = s.status(0);
    for text in [
        "",
        "   ",
        "blah blah",
        "Springer Zeppelin neun",
        "e5",
        "Ke2",
    ] {
        let ev = say(&mut s, 0, Seat::White, text);
        assert_eq!(kinds(&ev), ["refused"], "{text}");
    }
    assert_eq!(s.status(0), before);
    // Time going backwards is refused.
    say(&mut s, 5_000, Seat::White, "status");
    let ev = s.apply(&Command::tick(4_000));
    assert!(matches!(refused(&ev), Some(Refusal::BadLine { .. })));
    assert_eq!(s.last_t(), 5_000);
}

#[test]
fn d_2_1_castling_by_voice_in_chess960_uses_the_games_castling_mode() {
    let c = Config {
        locale: "de".into(),
        fen: Some("bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNN1KR w Hhf - 0 1".into()),
        ..cfg(None)
    };
    let mut s = session(&c);
    let ev = say(&mut s, 0, Seat::White, "Kurze Rochade");
    match &ev[0].kind {
        Kind::Readback { san, uci, .. } => {
            assert_eq!(san, "O-O");
            assert_eq!(uci, "g1h1", "Chess960 castling is king takes rook");
        }
        k => panic!("{k:?}"),
    }
    say(&mut s, 1, Seat::White, "nein");
    // The recogniser's hypothesis in the game's UCI form.
    let ev = s.apply(&Command {
        t: 2,
        input: Input::Heard {
            from: Seat::White,
            heard: vec!["g1h1".into()],
            confidence: 0.9,
        },
    });
    assert_eq!(kinds(&ev), ["readback"]);
    let ev = say(&mut s, 3, Seat::White, "ja");
    assert_eq!(moved(&ev).unwrap().0, "O-O");
    assert_eq!(
        s.status(3).fen.split(' ').next().unwrap(),
        "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRK1"
    );
}

/// Random games played through every seat twice give the same events.
#[test]
fn replaying_the_same_commands_gives_the_same_events() {
    let mut rng = hector::rules::random::SplitMix64::new(20261123);
    let words = [
        "yes",
        "no",
        "my time",
        "time",
        "moves",
        "last",
        "repeat",
        "board",
        "draw",
        "decline",
        "where are my knights",
        "rank 2",
        "file e",
        "arbiter",
        "help",
        "1",
        "2",
        "status",
    ];
    let mut games_with_moves = 0;
    for game in 0..20 {
        let c = Config {
            blind: if game % 2 == 0 {
                Blind::White
            } else {
                Blind::Both
            },
            ..cfg(Some("180+2"))
        };
        let mut cmds = Vec::new();
        let mut s = session(&c);
        let mut t = 0;
        for _ in 0..150 {
            t += rng.below(4_000) as u64;
            let pos = s.game().position().clone();
            let legal: Vec<String> = {
                use shakmaty::Position;
                pos.legal_moves()
                    .iter()
                    .map(|m| m.to_uci(shakmaty::CastlingMode::Standard).to_string())
                    .collect()
            };
            let seat = [Seat::White, Seat::Black, Seat::Assistant, Seat::Arbiter][rng.below(4)];
            let text = if !legal.is_empty() && rng.below(10) < 6 {
                legal[rng.below(legal.len())].clone()
            } else {
                words[rng.below(words.len())].to_string()
            };
            let cmd = Command::text(t, seat, &text);
            let read_back = s
                .apply(&cmd)
                .iter()
                .any(|e| matches!(e.kind, Kind::Readback { .. }));
            cmds.push(cmd);
            // A blind player's move waits for his own yes (nobody moves
            // over it): he mostly confirms it.
            if read_back && rng.below(3) > 0 {
                let yes = Command::text(t, seat, "yes");
                s.apply(&yes);
                cmds.push(yes);
            }
        }
        let run = |cmds: &[Command]| -> Vec<Event> {
            let mut s = session(&c);
            cmds.iter().flat_map(|c| s.apply(c)).collect()
        };
        let a = run(&cmds);
        assert_eq!(a, run(&cmds), "game {game}");
        // A pending read-back waits for its own player's yes (D.2.8), so a
        // random game of two blind players may have made no move yet.
        assert!(
            a.iter()
                .any(|e| matches!(e.kind, Kind::Moved { .. } | Kind::Readback { .. }))
        );
        games_with_moves += usize::from(a.iter().any(|e| matches!(e.kind, Kind::Moved { .. })));
        // Every event renders to a sentence (none empty, no missing key).
        let r = Renderer::for_session(&s);
        for e in &a {
            let text = r.line(e)["text"].as_str().unwrap().to_string();
            assert!(!text.is_empty() && !text.contains("["), "{e:?} → {text}");
        }
    }
    assert!(
        games_with_moves >= 10,
        "only {games_with_moves} of 20 games made a move"
    );
}

#[test]
fn a_3_rapid_and_blitz_penalty_is_one_minute() {
    // FIDE Laws 2023 A.3 (and B through A): one minute instead of two.
    for control in ["300+0", "rapid"] {
        let mut s = session(&cfg(Some(control)));
        say(&mut s, 0, Seat::Assistant, "e4");
        let before = clock(&s, 1_000).1;
        let ev = rule(&mut s, 1_000, "illegal white");
        assert!(kinds(&ev).contains(&"penalty".to_string()), "{ev:?}");
        assert_eq!(clock(&s, 1_000).1, before + 60_000, "{control}");
    }
}

#[test]
fn laws_2009_third_illegal_move_loses_and_status_names_the_edition() {
    let c = Config {
        laws: hector::rules::Laws::Fide2009,
        ..cfg(Some("5400+0"))
    };
    let mut s = session(&c);
    assert_eq!(s.status(0).laws, hector::rules::Laws::Fide2009);
    say(&mut s, 0, Seat::Assistant, "e4");
    for t in [1_000, 2_000] {
        let ev = rule(&mut s, t, "illegal white");
        assert!(kinds(&ev).contains(&"penalty".to_string()), "{ev:?}");
        assert!(s.game().result().is_none());
    }
    assert_eq!(clock(&s, 2_000).1, 5_400_000 - 2_000 + 240_000);
    let ev = rule(&mut s, 3_000, "illegal white");
    assert!(kinds(&ev).contains(&"result".to_string()), "{ev:?}");
}

#[test]
fn a_copy_of_the_session_goes_its_own_way_with_its_own_7_5_5_penalties() {
    // `hector serve`'s local front ends look at a copy of the session: what
    // happens to the copy never reaches the game, and the other way round.
    let mut s = session(&cfg(Some("5400+0")));
    say(&mut s, 0, Seat::Assistant, "e4");
    let mut copy = s.clone();
    let ev = rule(&mut copy, 1_000, "illegal white");
    assert!(kinds(&ev).contains(&"penalty".to_string()), "{ev:?}");
    assert_eq!(clock(&copy, 1_000).1, 5_400_000 - 1_000 + 120_000);
    assert_eq!(
        clock(&s, 1_000).1,
        5_400_000 - 1_000,
        "the original got no time"
    );
    assert_eq!(s.game().moves().len(), 1);
    // The original's own penalty still reaches its own clock.
    let ev = rule(&mut s, 2_000, "illegal white");
    assert!(kinds(&ev).contains(&"penalty".to_string()), "{ev:?}");
    assert_eq!(clock(&s, 2_000).1, 5_400_000 - 2_000 + 120_000);
    assert_eq!(clock(&copy, 2_000).1, 5_400_000 - 2_000 + 120_000);
}

/// A device at the board gone or back (D.2.10: the assistant keeps the
/// game going; the arbiter may stop the clocks): told to the seat using
/// it, the assistant and the arbiter, never public; the clocks and the
/// game are untouched, and "repeat" still says the game's last sentence.
#[test]
fn d_2_10_a_device_gone_or_back_is_told_to_its_seat_the_assistant_and_the_arbiter() {
    use hector::session::{Device, DeviceNote};
    let note = |t: u64, device: Device, seat: Seat, reachable: bool, why: Option<&str>| Command {
        t,
        input: Input::Device(DeviceNote {
            device,
            seat,
            reachable,
            why: why.map(str::to_string),
        }),
    };
    let mut s = session(&cfg(Some("90+30")));
    say(&mut s, 0, Seat::Arbiter, "start clock");
    say(&mut s, 500, Seat::White, "my time");
    let before = s.status(1_000);
    let gone = s.apply(&note(
        1_000,
        Device::Microphone,
        Seat::White,
        false,
        Some("unplugged"),
    ));
    assert_eq!(kinds(&gone), ["device"]);
    assert!(!gone[0].is_public(), "{gone:?}");
    for seat in [Seat::White, Seat::Assistant, Seat::Arbiter] {
        assert!(gone[0].is_for(seat), "{seat:?}: {gone:?}");
    }
    assert!(!gone[0].is_for(Seat::Black));
    let render = Renderer::for_session(&s);
    assert_eq!(
        render.text(&gone[0].kind),
        "The microphone cannot be reached; hector keeps trying. Please type your moves or tell them to the assistant."
    );
    let after = s.status(1_000);
    assert_eq!(
        (before.clock, before.ply),
        (after.clock, after.ply),
        "a device note changes nothing in the game"
    );
    // The system's reason stays in the event (for tools) and out of the
    // sentence, which is all in the game's language.
    let board = s.apply(&note(
        2_000,
        Device::Eboard,
        Seat::Black,
        false,
        Some("No such file or directory"),
    ));
    assert_eq!(
        render.text(&board[0].kind),
        "The DGT board cannot be reached; hector keeps trying."
    );
    assert!(board[0].is_for(Seat::Black) && !board[0].is_for(Seat::White));
    let back = s.apply(&note(3_000, Device::Microphone, Seat::White, true, None));
    assert_eq!(
        render.text(&back[0].kind),
        "The microphone is connected again."
    );
    // "Repeat" says the game's last sentence to him, not a device's.
    let again = say(&mut s, 4_000, Seat::White, "repeat");
    let repeated: Vec<&Kind> = again
        .iter()
        .filter_map(|e| match &e.kind {
            Kind::Repeat { of } => Some(&**of),
            _ => None,
        })
        .collect();
    assert_eq!(repeated.len(), 1, "{again:?}");
    assert!(
        matches!(repeated[0], Kind::Answer { query, .. } if *query == hector::session::Query::MyTime),
        "{again:?}"
    );
}

/// Issue 32.6: the session's sentences name squares in the game's words
/// (they are spoken); the scoresheet is read back numbered in the game's
/// written notation, an entry that is no legal move as it was written.
#[test]
fn d_2_7_moves_in_the_games_language_spoken_and_written() {
    let text = |s: &Session, ev: &[Event]| -> Vec<String> {
        let r = Renderer::for_session(s);
        ev.iter().map(|e| r.text(&e.kind)).collect()
    };
    let de = Config {
        locale: "de".into(),
        blind: Blind::None,
        ..Config::default()
    };
    let mut s = session(&de);
    let ev = say(&mut s, 1, Seat::White, "Turm Hector acht");
    assert!(
        matches!(refused(&ev), Some(Refusal::Illegal { .. })),
        "{ev:?}"
    );
    assert_eq!(text(&s, &ev), ["Kein Zug möglich: Turm nach Hector acht."]);
    for (t, seat, m) in [
        (2, Seat::White, "e4"),
        (3, Seat::Black, "e5"),
        (4, Seat::White, "Nf3"),
    ] {
        assert!(moved(&say(&mut s, t, seat, m)).is_some(), "{m}");
    }
    let ev = say(&mut s, 5, Seat::Black, "Formular");
    assert_eq!(text(&s, &ev), ["1. e4 e5 2. Sf3"]);

    // Greek, from a position with Black to move: "1... ε5".
    let el = Config {
        locale: "el".into(),
        blind: Blind::None,
        fen: Some("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1".into()),
        ..Config::default()
    };
    let mut s = session(&el);
    assert!(moved(&say(&mut s, 1, Seat::Black, "e5")).is_some());
    assert!(moved(&say(&mut s, 2, Seat::White, "Nf3")).is_some());
    let ev = say(&mut s, 3, Seat::White, "φύλλο");
    assert_eq!(text(&s, &ev), ["1... ε5 2. Ιζ3"]);
}

/// D.2.9: "the boards agree again" only after they differed.
#[test]
fn d_2_9_the_boards_agree_again_only_after_they_differed() {
    let mut s = session(&cfg(None));
    let r = Renderer::for_session(&s);
    let ev = say(&mut s, 1, Seat::Arbiter, "fixed");
    let agree: Vec<String> = ev
        .iter()
        .filter(|e| matches!(e.kind, Kind::BoardsAgree { .. }))
        .map(|e| r.text(&e.kind))
        .collect();
    assert_eq!(agree, ["The boards agree."], "{ev:?}");
    assert!(!agree.iter().any(|t| t.contains("again")));
}

/// Issue 32: what the rules, the boards and the clock refuse is a typed
/// word the renderer says in each seat's language, never an English
/// sentence: a half-move never made (7.5.1), a retrace with the scoresheets agreeing (D.2.9), an
/// unreadable board report, a correction of a half-move the sheet does
/// not have, a clock started twice (6.6).
#[test]
fn art_7_5_1_d_2_9_6_6_refusals_name_their_reason_as_a_word() {
    let mut s = session(&cfg(Some("300+2")));
    let cases = [
        (Seat::Arbiter, "illegal white 3", "rules no_such_half_move"),
        (Seat::Arbiter, "retrace", "rules nothing_to_retrace"),
        (Seat::Arbiter, "shows zz9", "bad_line bad_board"),
        (Seat::Arbiter, "correct blind 9 e4", "bad_line no_entry"),
        (Seat::Arbiter, "start clock", "clock already_running"),
    ];
    for (i, (seat, text, want)) in cases.into_iter().enumerate() {
        let before = s.status(i as u64);
        let mut ev = say(&mut s, i as u64, seat, text);
        if kinds(&ev) == ["confirm"] {
            ev = say(&mut s, i as u64, seat, "yes");
        }
        let why = refused(&ev).unwrap_or_else(|| panic!("{text}: {ev:?}"));
        let json = serde_json::to_value(&why).unwrap();
        let word = json
            .get("reason")
            .or_else(|| json.get("problem"))
            .and_then(|w| w.as_str())
            .unwrap_or_default();
        assert_eq!(format!("{} {word}", json["why"].as_str().unwrap()), want);
        assert_eq!(s.status(i as u64), before, "{text} changed the game");
    }
}

/// D.2.5, D.2.10.3: a press nobody owes is refused as such, not as "no move
/// to confirm"; `help` gives the arbiter, the assistant and the sighted
/// player their own commands (the blind player his); 7.5.1: a penalty says
/// whether the position before the illegal move was reinstated.
#[test]
fn d_2_5_a_press_nobody_owes_each_seats_help_and_a_penalty_that_says_what_it_did() {
    let de = Config {
        locale: "de".into(),
        separate_press: true,
        ..cfg(Some("300+0"))
    };
    let mut s = session(&de);
    let r = Renderer::for_session(&s);
    let ev = say(&mut s, 0, Seat::Assistant, "press");
    match refused(&ev) {
        Some(Refusal::Rules { reason }) => assert_eq!(reason.as_str(), "no_press_owed"),
        other => panic!("{other:?}"),
    }
    let said = r.text(&ev[0].kind);
    assert!(said.contains("kein Drücken der Uhr fällig"), "{said}");
    for (seat, words) in [
        (
            Seat::Arbiter,
            ["Befehle des Schiedsrichters", "uhr starten"],
        ),
        (Seat::Assistant, ["Befehle des Assistenten", "uhr drücken"]),
        (Seat::Black, ["Ihre Befehle", "aufgeben"]),
        (Seat::White, ["Springer Felix drei", "meine Zeit"]),
    ] {
        let ev = say(&mut s, 10, seat, "hilfe");
        let said = r.text(&ev[0].kind);
        for w in words {
            assert!(said.contains(w), "{seat:?}: {said}");
        }
    }
    say(&mut s, 100, Seat::White, "e4");
    say(&mut s, 100, Seat::White, "ja");
    say(&mut s, 200, Seat::Black, "e5");
    let kept = rule(&mut s, 300, "illegal black");
    let reinstated = kept.iter().find_map(|e| match &e.kind {
        Kind::Penalty { reinstated, .. } => Some(*reinstated),
        _ => None,
    });
    assert_eq!(reinstated, Some(None), "{kept:?}");
    let said = r.text(&kept[0].kind);
    assert!(said.contains("nicht verändert"), "{said}");
    // White's first: half-move 1 (e4) taken back.
    let back = rule(&mut s, 400, "illegal white 1");
    let reinstated = back.iter().find_map(|e| match &e.kind {
        Kind::Penalty { reinstated, .. } => Some(*reinstated),
        _ => None,
    });
    assert_eq!(reinstated, Some(Some(0)), "{back:?}");
    let said = r.text(&back[0].kind);
    assert!(said.contains("wiederhergestellt"), "{said}");
}

/// What spoken words would do about a draw is tried on a copy of the
/// game, so the voice front end can ask them back first: a misheard
/// "accept" must not end the game, a misheard "decline" must not lose the
/// offer (9.1.2), a misheard "draw" must not make an offer that cannot be
/// taken back (9.1.2.1). The game is left as it was.
#[test]
fn art_9_1_what_words_would_do_about_a_draw_is_known_before_they_are_said() {
    use hector::session::DrawAct;
    let mut s = session(&cfg(Some("5400+30")));
    // No offer: accepting or declining does nothing; "draw" offers one.
    assert_eq!(s.draw_act_of(Seat::White, "accept"), None);
    assert_eq!(s.draw_act_of(Seat::White, "decline"), None);
    assert_eq!(s.draw_act_of(Seat::White, "draw"), Some(DrawAct::Offer));
    assert_eq!(s.draw_act_of(Seat::White, "time"), None);
    say(&mut s, 1000, Seat::White, "Springer Felix drei");
    say(&mut s, 1100, Seat::White, "yes");
    say(&mut s, 2000, Seat::Black, "Nf6");
    say(&mut s, 2100, Seat::Black, "draw");
    // Black's offer stands: White's answers.
    assert_eq!(s.draw_act_of(Seat::White, "accept"), Some(DrawAct::Agree));
    assert_eq!(
        s.draw_act_of(Seat::White, "decline"),
        Some(DrawAct::Decline)
    );
    // An offer against the one that stands is an agreement (5.2.3).
    assert_eq!(s.draw_act_of(Seat::White, "draw"), Some(DrawAct::Agree));
    // Black cannot answer his own offer; the arbiter answers none.
    assert_eq!(s.draw_act_of(Seat::Black, "accept"), None);
    assert_eq!(s.draw_act_of(Seat::Arbiter, "accept"), None);
    // Nothing of it touched the game: the offer still stands, and is
    // accepted for real only when said.
    assert_eq!(s.game().draw_offer(), Some(shakmaty::Color::Black));
    assert!(!s.game().is_over());
    let ev = say(&mut s, 3000, Seat::White, "accept");
    assert!(
        ev.iter()
            .any(|e| matches!(&e.kind, Kind::Result { reason, .. } if reason == "draw-agreed")),
        "{ev:?}"
    );
    // After the game: nothing to offer or answer.
    assert_eq!(s.draw_act_of(Seat::White, "accept"), None);
    assert_eq!(s.draw_act_of(Seat::White, "draw"), None);
}
