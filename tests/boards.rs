//! FIDE Laws 2023, D.2.9: two boards, two scoresheets, and what the arbiter
//! does when they differ. One test per realistic case, each checking the
//! decision, the position to set up and the fix guidance.

use hector::boards::{
    Decision, FixWords, Reconciliation, Side, SquareStyle, TwoBoards, parse_board, parse_report,
    reconcile,
};
use hector::clock::{Clock, PeriodChange, TimeControl};
use hector::locale::Locale;
use shakmaty::{Board, CastlingMode, Chess, EnPassantMode, Position, fen::Fen};

fn en() -> &'static Locale {
    Locale::get("en").unwrap()
}

/// The board after these English SAN moves from the start.
fn after(moves: &[&str]) -> Board {
    after_from(&Chess::default(), moves)
}

fn after_from(start: &Chess, moves: &[&str]) -> Board {
    let mut p = start.clone();
    for m in moves {
        let mv = hector::notation::san::read(&p, m, en()).unwrap();
        p.play_unchecked(mv);
    }
    p.board().clone()
}

fn fen_after(moves: &[&str]) -> String {
    let mut p = Chess::default();
    for m in moves {
        let mv = hector::notation::san::read(&p, m, en()).unwrap();
        p.play_unchecked(mv);
    }
    Fen::from_position(&p, EnPassantMode::Legal).to_string()
}

fn guidance(r: &Reconciliation, side: Side) -> Vec<String> {
    FixWords::get("en")
        .unwrap()
        .say_all(r.fixes(side), SquareStyle::Written)
}

const ITALIAN: [&str; 7] = ["e4", "e5", "Nf3", "Nc6", "Bc4", "Bc5", "O-O"];

#[test]
fn everything_agrees_nothing_to_do() {
    let sheet = ["e4", "e5", "Nf3"];
    let b = after(&sheet);
    let r = reconcile(&Chess::default(), &sheet, &sheet, &b, &b, en());
    assert_eq!(r.decision, Decision::InOrder);
    assert!(r.boards.is_empty());
    assert_eq!(r.agreed_plies, 3);
    assert_eq!(r.fen(), fen_after(&sheet));
    assert!(guidance(&r, Side::Blind).is_empty());
    assert!(guidance(&r, Side::Sighted).is_empty());
}

#[test]
fn knight_on_the_wrong_square() {
    // Both wrote Nf3; the blind player put his knight in the h3 hole.
    let sheet = ["e4", "e5", "Nf3"];
    let right = after(&sheet);
    let wrong = after(&["e4", "e5", "Nh3"]);
    let r = reconcile(&Chess::default(), &sheet, &sheet, &wrong, &right, en());
    assert_eq!(r.decision, Decision::CorrectBoard);
    assert_eq!(r.boards, vec![Side::Blind]);
    assert_eq!(r.fen(), fen_after(&sheet));
    assert_eq!(
        guidance(&r, Side::Blind),
        ["Move the white knight from h3 to f3."]
    );
    assert!(guidance(&r, Side::Sighted).is_empty());
}

#[test]
fn a_move_forgotten_on_one_board() {
    // Nf3 was announced and written by both, but never made on the
    // sighted board.
    let sheet = ["e4", "e5", "Nf3"];
    let r = reconcile(
        &Chess::default(),
        &sheet,
        &sheet,
        &after(&sheet),
        &after(&["e4", "e5"]),
        en(),
    );
    assert_eq!(r.decision, Decision::CorrectBoard);
    assert_eq!(r.boards, vec![Side::Sighted]);
    assert_eq!(r.fen(), fen_after(&sheet));
    assert_eq!(
        guidance(&r, Side::Sighted),
        ["Make the move Knight Felix three."]
    );
    let de = FixWords::get("de").unwrap();
    assert_eq!(
        de.say_all(r.fixes(Side::Sighted), SquareStyle::Spoken),
        ["Führe den Zug Springer Felix drei aus."]
    );
}

#[test]
fn a_move_written_wrong_on_one_scoresheet() {
    // Both boards show Nf3, but the blind player's scoresheet says Nc3:
    // the scoresheets differ, so the moves are retraced to the last point
    // where they agree (after 1...e5) and the clocks are readjusted.
    let blind = ["e4", "e5", "Nc3"];
    let sighted = ["e4", "e5", "Nf3"];
    let boards = after(&sighted);
    let mut clock = Clock::new(TimeControl::blitz(), PeriodChange::OnQuota);
    clock.start(0).unwrap();
    for t in [4_000, 9_000, 15_000] {
        clock.press(t).unwrap();
    }
    let snap = clock.snapshots()[2].clone();
    let r = reconcile(&Chess::default(), &blind, &sighted, &boards, &boards, en())
        .with_clock(clock.snapshots());
    assert_eq!(r.decision, Decision::Retrace);
    assert_eq!(r.agreed_plies, 2);
    assert_eq!(r.fen(), fen_after(&["e4", "e5"]));
    assert_eq!(r.boards, vec![Side::Blind, Side::Sighted]);
    let c = r.clock.expect("clock times of ply 2");
    assert_eq!((c.white_ms, c.black_ms), (snap.white_ms, snap.black_ms));
    // Not the times after the disputed move.
    assert_ne!(c.white_ms, clock.snapshots()[3].white_ms);
    for side in Side::BOTH {
        assert_eq!(
            guidance(&r, side),
            ["Move the white knight from f3 to g1."],
            "{side:?}"
        );
    }
    // The arbiter rolls the clock back to those times.
    clock.rollback_to_ply(r.agreed_plies, 20_000).unwrap();
    assert_eq!(clock.remaining(shakmaty::Color::Black, 20_000), c.black_ms);
}

#[test]
fn both_scoresheets_with_an_extra_move_neither_board_shows() {
    // Both wrote 2...Nc6, but it was made on neither board.
    let sheet = ["e4", "e5", "Nf3", "Nc6"];
    let b = after(&["e4", "e5", "Nf3"]);
    let r = reconcile(&Chess::default(), &sheet, &sheet, &b, &b, en());
    assert_eq!(r.decision, Decision::CorrectBoard);
    assert_eq!(r.boards, vec![Side::Blind, Side::Sighted]);
    assert_eq!(r.fen(), fen_after(&sheet));
    for side in Side::BOTH {
        assert_eq!(guidance(&r, side), ["Make the move Knight Cesar six."]);
    }
}

#[test]
fn each_scoresheet_with_a_different_extra_move() {
    // The blind player wrote 2...Nc6, the sighted one 2...Nf6; the boards
    // show Nc6 on one and Nf6 on the other: retrace to after 2.Nf3.
    let blind = ["e4", "e5", "Nf3", "Nc6"];
    let sighted = ["e4", "e5", "Nf3", "Nf6"];
    let r = reconcile(
        &Chess::default(),
        &blind,
        &sighted,
        &after(&blind),
        &after(&sighted),
        en(),
    );
    assert_eq!(r.decision, Decision::Retrace);
    assert_eq!(r.agreed_plies, 3);
    assert_eq!(r.fen(), fen_after(&["e4", "e5", "Nf3"]));
    assert_eq!(
        guidance(&r, Side::Blind),
        ["Move the black knight from c6 to b8."]
    );
    assert_eq!(
        guidance(&r, Side::Sighted),
        ["Move the black knight from f6 to g8."]
    );
}

#[test]
fn a_capture_not_removed() {
    // 3.exd6 en passant: the blind player moved his pawn to d6 but left
    // the captured pawn in its hole on d5.
    let sheet = ["e4", "a6", "e5", "d5", "exd6"];
    let right = after(&sheet);
    let mut wrong = right.clone();
    wrong.set_piece_at(
        shakmaty::Square::D5,
        shakmaty::Piece::from_char('p').unwrap(),
    );
    let r = reconcile(&Chess::default(), &sheet, &sheet, &wrong, &right, en());
    assert_eq!(r.decision, Decision::CorrectBoard);
    assert_eq!(r.boards, vec![Side::Blind]);
    assert_eq!(r.fen(), fen_after(&sheet));
    assert_eq!(
        guidance(&r, Side::Blind),
        ["Remove the black pawn from d5."]
    );
}

#[test]
fn castling_half_done() {
    // The sighted player moved his king to g1 but left the rook on h1.
    let right = after(&ITALIAN);
    let half = parse_report("h1=- f1=R", &right).unwrap();
    let half = parse_report("h1=R f1=-", &half).unwrap();
    let r = reconcile(&Chess::default(), &ITALIAN, &ITALIAN, &right, &half, en());
    assert_eq!(r.decision, Decision::CorrectBoard);
    assert_eq!(r.boards, vec![Side::Sighted]);
    assert_eq!(r.fen(), fen_after(&ITALIAN));
    assert_eq!(
        guidance(&r, Side::Sighted),
        ["Move the white rook from h1 to f1."]
    );
}

#[test]
fn promotion_to_the_wrong_piece() {
    // 1.a8=Q+ was announced and written; the blind player put a knight
    // on a8.
    let start: Chess = "4k3/P7/8/8/8/8/8/4K3 w - - 0 1"
        .parse::<Fen>()
        .unwrap()
        .into_position(CastlingMode::Standard)
        .unwrap();
    let sheet = ["a8=Q+"];
    let right = after_from(&start, &sheet);
    let wrong = after_from(&start, &["a8=N"]);
    let r = reconcile(&start, &sheet, &sheet, &wrong, &right, en());
    assert_eq!(r.decision, Decision::CorrectBoard);
    assert_eq!(r.boards, vec![Side::Blind]);
    assert_eq!(r.fen(), "Q3k3/8/8/8/8/8/8/4K3 b - - 0 1");
    assert_eq!(
        guidance(&r, Side::Blind),
        [
            "Remove the white knight from a8.",
            "Put the white queen on a8."
        ]
    );
}

#[test]
fn an_illegal_entry_stops_agreement_and_is_named() {
    let blind = ["e4", "e5", "Nf5"];
    let sighted = ["e4", "e5", "Nf3"];
    let r = reconcile(
        &Chess::default(),
        &blind,
        &sighted,
        &after(&sighted),
        &after(&sighted),
        en(),
    );
    assert_eq!(r.decision, Decision::Retrace);
    assert_eq!(r.agreed_plies, 2);
    assert_eq!(r.unreadable.len(), 1);
    assert_eq!(r.unreadable[0].side, Side::Blind);
    assert_eq!(r.unreadable[0].text, "Nf5");
    let report = r.report(FixWords::get("en").unwrap(), SquareStyle::Written);
    assert!(
        report[0].contains("'Nf5' is not a legal move"),
        "{report:?}"
    );
}

#[test]
fn two_boards_follow_moves_and_reports_and_do_not_nag() {
    let mut two = TwoBoards::new(Chess::default());
    let mut pos = Chess::default();
    for m in ["e4", "e5", "Nf3"] {
        let mv = hector::notation::san::read(&pos, m, en()).unwrap();
        two.record_move(&pos, mv, 0);
        pos.play_unchecked(mv);
    }
    let r = two.check(en(), &[]);
    assert_eq!(r.decision, Decision::InOrder);
    // The blind player reports his knight on h3.
    let shown = parse_report("f3=- h3=N", two.board(Side::Blind)).unwrap();
    two.report_board(Side::Blind, shown);
    let r = two.check(en(), &[]);
    assert_eq!(r.decision, Decision::CorrectBoard);
    let w = FixWords::get("en").unwrap();
    let first = two.fresh_guidance(&r, w, SquareStyle::Written);
    assert_eq!(
        first,
        vec![(
            Side::Blind,
            vec!["Move the white knight from h3 to f3.".to_string()]
        )]
    );
    // Checking again without a change says nothing new.
    assert!(two.fresh_guidance(&r, w, SquareStyle::Written).is_empty());
    // A scoresheet correction is kept in that sheet's history only.
    two.sheet_mut(Side::Sighted).correct(2, "Nc3", 5).unwrap();
    assert_eq!(two.sheet(Side::Sighted).history().len(), 4);
    assert_eq!(two.sheet(Side::Blind).history().len(), 3);
    let r = two.check(en(), &[]);
    assert_eq!(r.decision, Decision::Retrace);
    two.retrace(&r, 6);
    assert_eq!(two.sheet(Side::Blind).len(), 2);
    assert_eq!(two.board(Side::Sighted), &after(&["e4", "e5"]));
    assert!(parse_board("not a board").is_err());
}
