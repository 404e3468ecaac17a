//! One or more cases per FIDE article hector implements (Laws of Chess 2023).

use std::sync::{Arc, Mutex};

use hector::locale::Locale;
use hector::notation::phrase::{Heard, hear};
use hector::notation::san;
use hector::rules::{
    Claim, ClaimRuling, Game, IllegalMoveRuling, RulesError, Termination, TimeHook, chess960,
};
use shakmaty::{Color, KnownOutcome, Move, Position, Square};

fn game(moves: &str) -> Game {
    let mut g = Game::default();
    for m in moves.split_whitespace() {
        g.play_san(m).unwrap_or_else(|e| panic!("{m}: {e}"));
    }
    g
}

fn fen_game(fen: &str, moves: &str) -> Game {
    let mut g = Game::from_fen(fen).unwrap();
    for m in moves.split_whitespace() {
        g.play_san(m).unwrap_or_else(|e| panic!("{m}: {e}"));
    }
    g
}

fn mv(g: &Game, text: &str) -> Move {
    san::read(g.position(), text, Locale::get("en").unwrap()).unwrap()
}

type Penalties = Vec<(Color, u64, &'static str)>;

#[derive(Clone, Default)]
struct Recorder(Arc<Mutex<Penalties>>);

impl TimeHook for Recorder {
    fn add_time(&mut self, player: Color, ms: u64, article: &'static str) {
        self.0.lock().unwrap().push((player, ms, article));
    }
}

#[test]
fn art_3_only_legal_moves_are_played_and_state_is_unchanged() {
    let mut g = Game::default();
    assert_eq!(g.position().legal_moves().len(), 20);
    let before = g.fen();
    assert!(matches!(g.play_san("e5"), Err(RulesError::IllegalMove(_))));
    assert!(g.play_san("Ke2").is_err());
    assert_eq!(g.fen(), before);
    assert!(g.moves().is_empty());
}

#[test]
fn art_3_8_2_pinned_piece_may_not_move() {
    // The knight on d2 is pinned by the bishop on b4 against the king on e1.
    let g = fen_game("4k3/8/8/8/1b6/8/3N4/4K3 w - - 0 1", "");
    let heard = hear(g.position(), "Springer Felix drei", Locale::fide());
    assert!(matches!(heard, Heard::NoMatch(_)), "{heard:?}");
}

#[test]
fn art_5_1_1_checkmate_ends_the_game() {
    let mut g = game("f3 e5 g4 Qh4#");
    let r = g.result().unwrap();
    assert_eq!(r.termination, Termination::Checkmate);
    assert_eq!(
        r.outcome,
        KnownOutcome::Decisive {
            winner: Color::Black
        }
    );
    assert!(matches!(g.play_san("a3"), Err(RulesError::GameOver(_))));
}

#[test]
fn art_5_1_2_resignation_ends_the_game() {
    let mut g = game("e4 e5");
    g.resign(Color::White).unwrap();
    let r = g.result().unwrap();
    assert_eq!(r.termination, Termination::Resignation(Color::White));
    assert_eq!(r.winner(), Some(Color::Black));
}

#[test]
fn art_5_2_1_stalemate_is_a_draw() {
    let g = fen_game("7k/8/6K1/5Q2/8/8/8/8 w - - 0 1", "Qf7");
    let r = g.result().unwrap();
    assert_eq!(r.termination, Termination::Stalemate);
    assert_eq!(r.outcome, KnownOutcome::Draw);
}

#[test]
fn art_5_2_2_dead_position_by_insufficient_material() {
    let g = fen_game("8/8/8/4k3/8/8/3n4/3BK3 w - - 0 1", "Kxd2");
    assert_eq!(
        g.result().unwrap().termination,
        Termination::InsufficientMaterial
    );
    // King and rook against king is not dead.
    let g = fen_game("8/8/8/4k3/8/8/3n4/3RK3 w - - 0 1", "Rxd2");
    assert!(g.result().is_none());
}

#[test]
fn art_5_2_3_and_9_1_draw_by_agreement() {
    let mut g = game("e4 e5");
    // Black accepting an offer nobody made is refused.
    assert!(g.accept_draw(Color::Black).is_err());
    g.offer_draw(Color::Black).unwrap();
    g.accept_draw(Color::White).unwrap();
    assert_eq!(g.result().unwrap().termination, Termination::DrawAgreed);
}

#[test]
fn art_9_1_2_a_move_declines_the_offer_and_decline_is_explicit() {
    let mut g = game("e4");
    g.offer_draw(Color::White).unwrap();
    g.play_san("e5").unwrap();
    assert_eq!(g.draw_offer(), None, "Black's move declines White's offer");
    g.offer_draw(Color::Black).unwrap();
    g.play_san("Nf3").unwrap();
    assert_eq!(g.draw_offer(), None);
    g.offer_draw(Color::White).unwrap();
    g.decline_draw(Color::Black).unwrap();
    assert_eq!(g.draw_offer(), None);
    assert!(g.result().is_none());
    // The offerer's own move keeps the offer standing (offer, then move).
    g.offer_draw(Color::Black).unwrap();
    g.play_san("Nc6").unwrap();
    assert_eq!(g.draw_offer(), Some(Color::Black));
}

#[test]
fn art_6_9_flag_fall_loses() {
    let mut g = game("e4 e5");
    let r = g.flag_fall(Color::White).unwrap();
    assert_eq!(
        r.outcome,
        KnownOutcome::Decisive {
            winner: Color::Black
        }
    );
    assert_eq!(r.termination, Termination::FlagFall(Color::White));
}

#[test]
fn art_6_9_flag_fall_is_a_draw_when_the_opponent_cannot_mate() {
    // Black has a bare king against king and queen: if White's flag falls,
    // Black cannot checkmate by any series of legal moves.
    let mut g = fen_game("8/8/4k3/8/8/8/8/Q3K3 w - - 0 1", "");
    let r = g.flag_fall(Color::White).unwrap();
    assert_eq!(r.outcome, KnownOutcome::Draw);
    // With a white rook on the board, king and knight could mate (the rook
    // can block its own king): White's flag then loses.
    let mut g = fen_game("8/8/4k3/8/8/2n5/8/R3K3 w - - 0 1", "");
    let r = g.flag_fall(Color::White).unwrap();
    assert_eq!(
        r.outcome,
        KnownOutcome::Decisive {
            winner: Color::Black
        }
    );
    // And Black's flag loses to king and rook.
    let mut g = fen_game("8/8/4k3/8/8/2n5/8/R3K3 w - - 0 1", "");
    let r = g.flag_fall(Color::Black).unwrap();
    assert_eq!(
        r.outcome,
        KnownOutcome::Decisive {
            winner: Color::White
        }
    );
}

#[test]
fn art_7_5_1_illegal_move_found_later_restores_the_position_before_it() {
    let mut g = game("e4 e5 Nf3 Nc6 Bb5");
    let before = g.position_at(2).unwrap().clone();
    let r = g.illegal_move_completed(Color::White, Some(2)).unwrap();
    assert_eq!(
        r,
        IllegalMoveRuling::TimeAdded {
            to: Color::Black,
            ms: 120_000
        }
    );
    assert_eq!(g.position(), &before);
    assert_eq!(g.moves().len(), 2);
    assert!(
        g.illegal_move_completed(Color::White, Some(40)).is_err(),
        "no ply 40 to go back to"
    );
}

#[test]
fn art_7_5_5_first_illegal_move_gives_two_minutes_through_the_clock_hook() {
    let rec = Recorder::default();
    let mut g = game("e4 e5");
    g.set_time_hook(Box::new(rec.clone()));
    g.illegal_move_completed(Color::Black, None).unwrap();
    assert_eq!(
        *rec.0.lock().unwrap(),
        vec![(Color::White, 120_000, "7.5.5")]
    );
    assert_eq!(g.illegal_move_count(Color::Black), 1);
    assert!(g.result().is_none());
}

#[test]
fn art_7_5_5_second_illegal_move_loses() {
    let mut g = game("e4 e5");
    g.illegal_move_completed(Color::Black, None).unwrap();
    match g.illegal_move_completed(Color::Black, None).unwrap() {
        IllegalMoveRuling::GameEnded(r) => {
            assert_eq!(r.termination, Termination::IllegalMoves(Color::Black));
            assert_eq!(r.winner(), Some(Color::White));
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn art_7_5_5_second_illegal_move_draws_when_the_opponent_cannot_mate() {
    let mut g = fen_game("8/8/4k3/8/8/8/8/R3K3 w - - 0 1", "");
    g.illegal_move_completed(Color::White, None).unwrap();
    match g.illegal_move_completed(Color::White, None).unwrap() {
        IllegalMoveRuling::GameEnded(r) => assert_eq!(r.outcome, KnownOutcome::Draw),
        other => panic!("{other:?}"),
    }
}

const SHUFFLE: &str = "Nf3 Nf6 Ng1 Ng8";

#[test]
fn art_9_2_threefold_repetition_is_claimable_not_automatic() {
    let mut g = game(&format!("{SHUFFLE} {SHUFFLE}"));
    assert_eq!(g.repetitions(), 3);
    assert!(g.result().is_none(), "threefold repetition needs a claim");
    assert_eq!(g.claimable(), vec![Claim::ThreefoldRepetition]);
    assert_eq!(
        g.claim_draw(Color::White, Claim::ThreefoldRepetition, None)
            .unwrap(),
        ClaimRuling::Drawn
    );
    assert_eq!(
        g.result().unwrap().termination,
        Termination::ThreefoldRepetition
    );
}

#[test]
fn art_9_2_1_only_the_player_to_move_may_claim() {
    let mut g = game(&format!("{SHUFFLE} {SHUFFLE}"));
    assert!(matches!(
        g.claim_draw(Color::Black, Claim::ThreefoldRepetition, None),
        Err(RulesError::Refused(_))
    ));
    assert!(g.result().is_none());
}

#[test]
fn art_9_2_1_1_claim_by_writing_the_intended_move() {
    let mut g = game("Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1");
    assert!(g.claimable().is_empty());
    let intended = mv(&g, "Ng8");
    let ruling = g
        .claim_draw(Color::Black, Claim::ThreefoldRepetition, Some(intended))
        .unwrap();
    assert_eq!(ruling, ClaimRuling::Drawn);
    assert_eq!(g.moves().len(), 7, "the intended move is written, not made");
}

#[test]
fn art_9_2_2_castling_rights_make_positions_differ() {
    // Same placement after 2, 6 and 10 plies, but only the first has
    // castling rights: not yet three times the same position.
    let mut g = game("e4 e5 Ke2 Ke7 Ke1 Ke8 Ke2 Ke7 Ke1 Ke8");
    assert_eq!(g.repetitions(), 2);
    assert!(g.claimable().is_empty());
    for m in ["Ke2", "Ke7", "Ke1", "Ke8"] {
        g.play_san(m).unwrap();
    }
    assert_eq!(g.claimable(), vec![Claim::ThreefoldRepetition]);
}

#[test]
fn art_9_2_2_en_passant_right_makes_positions_differ() {
    // After ...d5 White may take en passant; the same placement later
    // without that right is a different position.
    let mut g = fen_game(
        "rnbqkbnr/pppppppp/8/4P3/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1",
        "d5",
    );
    for m in SHUFFLE.split_whitespace().chain(SHUFFLE.split_whitespace()) {
        g.play_san(m).unwrap();
    }
    assert_eq!(
        g.repetitions(),
        2,
        "the first occurrence had the en passant right"
    );
    assert!(g.claimable().is_empty());
    for m in SHUFFLE.split_whitespace() {
        g.play_san(m).unwrap();
    }
    assert_eq!(g.claimable(), vec![Claim::ThreefoldRepetition]);
}

#[test]
fn art_9_3_fifty_move_claim_now_and_by_intended_move() {
    let mut g = fen_game("8/8/4k3/8/8/8/8/R3K3 w - - 99 80", "");
    assert!(g.claimable().is_empty());
    let intended = mv(&g, "Ra2");
    assert_eq!(
        g.claim_draw(Color::White, Claim::FiftyMoves, Some(intended))
            .unwrap(),
        ClaimRuling::Drawn
    );

    let mut g = fen_game("8/8/4k3/8/8/8/8/R3K3 w - - 99 80", "Ra2");
    assert_eq!(g.claimable(), vec![Claim::FiftyMoves]);
    assert_eq!(
        g.claim_draw(Color::Black, Claim::FiftyMoves, None).unwrap(),
        ClaimRuling::Drawn
    );
    assert_eq!(g.result().unwrap().termination, Termination::FiftyMoves);
}

#[test]
fn art_9_5_3_incorrect_claim_gives_two_minutes_and_the_intended_move_is_made() {
    let rec = Recorder::default();
    let mut g = game("e4 e5");
    g.set_time_hook(Box::new(rec.clone()));
    let intended = mv(&g, "Nf3");
    let ruling = g
        .claim_draw(Color::White, Claim::ThreefoldRepetition, Some(intended))
        .unwrap();
    assert_eq!(
        ruling,
        ClaimRuling::Incorrect {
            time_added_to: Color::Black,
            ms: 120_000,
            intended_move_made: true
        }
    );
    assert_eq!(g.sans().last().map(String::as_str), Some("Nf3"));
    assert_eq!(
        *rec.0.lock().unwrap(),
        vec![(Color::Black, 120_000, "9.5.3")]
    );
    assert!(g.result().is_none());
}

#[test]
fn art_9_6_1_fivefold_repetition_ends_the_game_by_itself() {
    let mut g = game(&format!("{SHUFFLE} {SHUFFLE} {SHUFFLE}"));
    assert_eq!(g.repetitions(), 4);
    assert!(g.result().is_none());
    for m in SHUFFLE.split_whitespace() {
        g.play_san(m).unwrap();
    }
    assert_eq!(
        g.result().unwrap().termination,
        Termination::FivefoldRepetition
    );
    assert!(g.play_san("Nf3").is_err());
}

#[test]
fn art_9_6_2_seventy_five_moves_end_the_game_by_itself() {
    let g = fen_game("8/8/4k3/8/8/8/8/R3K3 w - - 149 100", "Ra2");
    assert_eq!(
        g.result().unwrap().termination,
        Termination::SeventyFiveMoves
    );
    // A pawn move or capture resets the count.
    let g = fen_game("8/8/4k3/8/8/8/P7/4K3 w - - 149 100", "a3");
    assert!(g.result().is_none());
}

#[test]
fn art_9_6_2_checkmate_on_the_last_move_takes_precedence() {
    let g = fen_game("7k/8/6K1/8/8/8/8/R7 w - - 149 100", "Ra8#");
    let r = g.result().unwrap();
    assert_eq!(r.termination, Termination::Checkmate);
    assert_eq!(r.winner(), Some(Color::White));
}

#[test]
fn chess960_start_positions() {
    assert_eq!(
        chess960::fen(518).unwrap(),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
    );
    let mut seen = std::collections::HashSet::new();
    for n in 0..960 {
        let rank = chess960::back_rank(n).unwrap();
        assert!(seen.insert(rank), "position {n} repeats another");
        let at = |c: char| {
            rank.iter()
                .enumerate()
                .filter(|(_, p)| **p == c)
                .map(|(i, _)| i)
                .collect::<Vec<_>>()
        };
        let (b, r, k) = (at('B'), at('R'), at('K'));
        assert_eq!(b.len(), 2);
        assert_ne!(b[0] % 2, b[1] % 2, "bishops on opposite colours in {n}");
        assert!(r[0] < k[0] && k[0] < r[1], "king between the rooks in {n}");
        assert_eq!(at('N').len(), 2);
        assert_eq!(at('Q').len(), 1);
        chess960::game(n).unwrap();
    }
    assert!(chess960::back_rank(960).is_err());
}

#[test]
fn chess960_castling_puts_king_and_rook_on_the_standard_squares() {
    // Rooks on b1 and g1, king on e1 (Shredder-FEN castling rights).
    let fen = "1r2k1r1/pppppppp/8/8/8/8/PPPPPPPP/1R2K1R1 w GBgb - 0 1";
    for (phrase, king, rook, san) in [
        ("Kurze Rochade", Square::G1, Square::F1, "O-O"),
        ("Lange Rochade", Square::C1, Square::D1, "O-O-O"),
    ] {
        let mut g = Game::from_fen(fen).unwrap();
        assert_eq!(g.castling_mode(), shakmaty::CastlingMode::Chess960);
        let Heard::Move(castle) = hear(g.position(), phrase, Locale::fide()) else {
            panic!("{phrase}")
        };
        g.play(castle).unwrap();
        let board = g.position().board();
        assert_eq!(board.role_at(king), Some(shakmaty::Role::King), "{phrase}");
        assert_eq!(board.role_at(rook), Some(shakmaty::Role::Rook), "{phrase}");
        assert_eq!(g.sans().last().map(String::as_str), Some(san));
    }
}

#[test]
fn fen_in_and_out() {
    let fen = "r3k2r/1P6/8/3pP3/8/8/8/R3K2R w KQkq d6 0 1";
    assert_eq!(Game::from_fen(fen).unwrap().fen(), fen);
    for bad in [
        "",
        "not a fen",
        "8/8/8/8/8/8/8/8 w - - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1",
    ] {
        let e = Game::from_fen(bad).unwrap_err();
        assert!(!e.to_string().is_empty());
    }
}

// ---- The editions (--laws): the same game under the 2023, 2009 and 2005 Laws ----

use hector::clock::Class;
use hector::rules::Laws;

/// Time changes: + added, - taken, with the article.
type Changes = Arc<Mutex<Vec<(Color, i64, &'static str)>>>;

/// A clock hook that knows the claimant's time (2005 9.5(b)).
#[derive(Clone, Default)]
struct Clocked(Changes, u64);

impl TimeHook for Clocked {
    fn add_time(&mut self, player: Color, ms: u64, article: &'static str) {
        self.0.lock().unwrap().push((player, ms as i64, article));
    }
    fn remaining(&self, _player: Color) -> Option<u64> {
        Some(self.1)
    }
    fn take_time(&mut self, player: Color, ms: u64, article: &'static str) {
        self.0.lock().unwrap().push((player, -(ms as i64), article));
    }
}

#[test]
fn laws_2009_7_4_b_third_illegal_move_loses() {
    let rec = Recorder::default();
    let mut g = game("e4 e5");
    g.set_laws(Laws::Fide2009, Class::Standard);
    g.set_time_hook(Box::new(rec.clone()));
    for _ in 0..2 {
        assert_eq!(
            g.illegal_move_completed(Color::Black, None).unwrap(),
            IllegalMoveRuling::TimeAdded {
                to: Color::White,
                ms: 120_000
            }
        );
    }
    assert_eq!(
        *rec.0.lock().unwrap(),
        vec![(Color::White, 120_000, "7.4(b)"); 2]
    );
    match g.illegal_move_completed(Color::Black, None).unwrap() {
        IllegalMoveRuling::GameEnded(r) => assert_eq!(r.winner(), Some(Color::White)),
        other => panic!("{other:?}"),
    }
}

#[test]
fn laws_2005_7_4_b_third_illegal_move_loses_even_when_the_opponent_cannot_mate() {
    for (laws, draw) in [(Laws::Fide2009, true), (Laws::Fide2005, false)] {
        let mut g = fen_game("8/8/4k3/8/8/8/8/R3K3 w - - 0 1", "");
        g.set_laws(laws, Class::Standard);
        g.illegal_move_completed(Color::White, None).unwrap();
        g.illegal_move_completed(Color::White, None).unwrap();
        match g.illegal_move_completed(Color::White, None).unwrap() {
            IllegalMoveRuling::GameEnded(r) => {
                assert_eq!(r.outcome == KnownOutcome::Draw, draw, "{laws}")
            }
            other => panic!("{laws}: {other:?}"),
        }
    }
}

#[test]
fn laws_2023_a_3_rapid_illegal_move_and_claim_one_minute() {
    let rec = Recorder::default();
    let mut g = game("Nf3 Nf6");
    g.set_laws(Laws::Fide2023, Class::Rapid);
    g.set_time_hook(Box::new(rec.clone()));
    g.illegal_move_completed(Color::White, None).unwrap();
    let r = g
        .claim_draw(Color::White, Claim::ThreefoldRepetition, None)
        .unwrap();
    assert!(
        matches!(r, ClaimRuling::Incorrect { ms: 60_000, .. }),
        "{r:?}"
    );
    assert_eq!(
        *rec.0.lock().unwrap(),
        vec![
            (Color::Black, 60_000, "7.5.5"),
            (Color::Black, 60_000, "9.5.3")
        ]
    );
}

#[test]
fn laws_2009_and_2005_incorrect_claim() {
    for (laws, remaining, want) in [
        (
            Laws::Fide2009,
            600_000,
            vec![(Color::Black, 180_000, "9.5(b)")],
        ),
        (
            Laws::Fide2005,
            600_000,
            vec![
                (Color::Black, 180_000, "9.5(b)"),
                (Color::White, -180_000, "9.5(b)"),
            ],
        ),
        (
            Laws::Fide2005,
            90_000,
            vec![
                (Color::Black, 180_000, "9.5(b)"),
                (Color::White, -30_000, "9.5(b)"),
            ],
        ),
        (
            Laws::Fide2005,
            50_000,
            vec![(Color::Black, 180_000, "9.5(b)")],
        ),
    ] {
        let hook = Clocked(Arc::default(), remaining);
        let mut g = game("Nf3 Nf6");
        g.set_laws(laws, Class::Standard);
        g.set_time_hook(Box::new(hook.clone()));
        g.claim_draw(Color::White, Claim::ThreefoldRepetition, None)
            .unwrap();
        assert_eq!(*hook.0.lock().unwrap(), want, "{laws} with {remaining} ms");
    }
}

#[test]
fn laws_2009_and_2005_have_no_automatic_fivefold_or_75_moves() {
    let five = [SHUFFLE; 4].join(" ");
    for laws in [Laws::Fide2009, Laws::Fide2005] {
        let mut g = Game::default();
        g.set_laws(laws, Class::Standard);
        for m in five.split_whitespace() {
            g.play_san(m).unwrap();
        }
        assert_eq!(g.repetitions(), 5);
        assert!(g.result().is_none(), "{laws}: no 9.6.1");
        assert!(g.claimable().contains(&Claim::ThreefoldRepetition));
        let mut g = fen_game("4k3/8/8/8/8/8/R7/4K3 w - - 149 80", "");
        g.set_laws(laws, Class::Standard);
        g.play_san("Ra3").unwrap();
        assert!(g.result().is_none(), "{laws}: no 9.6.2");
        // The dead position ends the game in every edition (9.6 of 2009/2005).
        let mut g = fen_game("4k3/8/8/8/8/8/3q4/4K3 w - - 0 1", "");
        g.set_laws(laws, Class::Standard);
        g.play_san("Kxd2").unwrap();
        assert_eq!(
            g.result().map(|r| r.termination),
            Some(Termination::InsufficientMaterial)
        );
    }
    let mut g = Game::default();
    for m in five.split_whitespace() {
        g.play_san(m).unwrap();
    }
    assert_eq!(
        g.result().map(|r| r.termination),
        Some(Termination::FivefoldRepetition),
        "2023 by default"
    );
}
