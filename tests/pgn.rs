//! PGN import and export: round trips, the seven tag roster, comments,
//! other start positions, Chess960, and clear errors for broken files.

use hector::rules::pgn::{SEVEN_TAGS, read_pgn, write_pgn};
use hector::rules::{Termination, chess960};

fn data(name: &str) -> String {
    std::fs::read_to_string(format!("{}/tests/data/{name}", env!("CARGO_MANIFEST_DIR"))).unwrap()
}

#[test]
fn opera_game_round_trips() {
    let games = read_pgn(&data("opera.pgn")).unwrap();
    assert_eq!(games.len(), 1);
    let g = &games[0];
    assert_eq!(g.game.sans().len(), 33);
    assert_eq!(g.game.result().unwrap().termination, Termination::Checkmate);
    assert_eq!(g.tag("White"), Some("Paul Morphy"));
    assert_eq!(g.game.comment(6), Some("This is a weak move already."));
    let written = write_pgn(&g.game, &g.tags);
    let again = read_pgn(&written).unwrap();
    assert_eq!(again[0].game.sans(), g.game.sans());
    assert_eq!(again[0].tags, g.tags);
    assert_eq!(again[0].game.comment(6), g.game.comment(6));
    assert_eq!(
        write_pgn(&again[0].game, &again[0].tags),
        written,
        "export is stable"
    );
    // Seven tag roster first, in order; lines within 80 characters.
    let tag_lines: Vec<&str> = written.lines().take(7).collect();
    for (line, tag) in tag_lines.iter().zip(SEVEN_TAGS) {
        assert!(line.starts_with(&format!("[{tag} \"")), "{line}");
    }
    assert!(written.lines().all(|l| l.chars().count() <= 80));
    let flat = written.replace('\n', " ");
    assert!(
        flat.contains("3. d4 Bg4 {This is a weak move already.} 4. dxe5"),
        "{written}"
    );
    assert!(written.trim_end().ends_with("Rd8# 1-0"));
}

#[test]
fn setup_position_promotions_and_en_passant_round_trip() {
    let games = read_pgn(&data("promotions.pgn")).unwrap();
    let g = &games[0];
    assert_eq!(g.game.sans(), &["exd6", "gxh1=Q+", "Ka2", "Qh3", "exd8=N"]);
    assert_eq!(g.result, "*");
    let written = write_pgn(&g.game, &g.tags);
    assert!(written.contains("[SetUp \"1\"]"));
    assert!(written.contains("[FEN \"k2r4/4P3/8/3pP3/8/8/6p1/K6R w - d6 0 40\"]"));
    assert!(
        written
            .replace('\n', " ")
            .contains("40. exd6 {en passant} 40... gxh1=Q+"),
        "{written}"
    );
    let again = read_pgn(&written).unwrap();
    assert_eq!(again[0].game.sans(), g.game.sans());
}

#[test]
fn chess960_game_round_trips() {
    let mut game = chess960::game(0).unwrap();
    for m in ["Nc3", "Nc6", "Nd3", "Nd6"] {
        game.play_san(m).unwrap();
    }
    let written = write_pgn(&game, &[]);
    assert!(written.contains("[Variant \"Chess960\"]"));
    assert!(written.contains("[Date \"????.??.??\"]"));
    let again = read_pgn(&written).unwrap();
    assert_eq!(again[0].game.sans(), game.sans());
    assert_eq!(
        again[0].game.castling_mode(),
        shakmaty::CastlingMode::Chess960
    );
}

#[test]
fn broken_pgn_gives_a_clear_sentence() {
    let illegal = "[Event \"x\"]\n\n1. e4 e5 2. Ke3 Nc6 *\n";
    let e = read_pgn(illegal).unwrap_err().to_string();
    assert!(
        e.contains("move 2. Ke3") && e.contains("half-move 3"),
        "{e}"
    );
    let bad_fen = "[SetUp \"1\"]\n[FEN \"not a fen\"]\n\n1. e4 *\n";
    assert!(
        read_pgn(bad_fen)
            .unwrap_err()
            .to_string()
            .contains("not a fen")
    );
    assert!(read_pgn("").is_err());
    let after_mate = "1. f3 e5 2. g4 Qh4# 3. a3 *\n";
    let e = read_pgn(after_mate).unwrap_err().to_string();
    assert!(e.contains("after the game ended"), "{e}");
}

#[test]
fn several_games_and_results_off_the_board() {
    let text = format!(
        "{}\n[Result \"1/2-1/2\"]\n\n1. d4 d5 1/2-1/2\n",
        data("opera.pgn")
    );
    let games = read_pgn(&text).unwrap();
    assert_eq!(games.len(), 2);
    assert_eq!(
        games[1].game.result().unwrap().termination,
        Termination::DrawAgreed
    );
}

/// Found by the `pgn` fuzz target: a tag value with a line break (and odd
/// tag names) was written as it was and read back as two games. Every game
/// read is written back as one game with the same moves.
#[test]
fn tags_with_line_breaks_are_written_on_one_line() {
    let data = std::fs::read(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/pgn-tag-newline.bin"
    ))
    .unwrap();
    let text = String::from_utf8_lossy(&data);
    let games = hector::rules::pgn::read_pgn(&text).unwrap_or_default();
    for g in &games {
        let written = hector::rules::pgn::write_pgn(&g.game, &g.tags);
        let back = hector::rules::pgn::read_pgn(&written).unwrap();
        assert_eq!(back.len(), 1, "{written:?}");
        assert_eq!(back[0].game.moves(), g.game.moves(), "{written:?}");
    }
    let mut tags = vec![
        ("Event".to_string(), "a\nb".to_string()),
        ("Odd name".to_string(), "x".to_string()),
    ];
    tags.push(("Round".into(), "1\r\n[White \"x\"]".into()));
    let g = hector::rules::Game::default();
    let written = hector::rules::pgn::write_pgn(&g, &tags);
    assert!(written.contains("[Event \"a b\"]"), "{written}");
    assert!(!written.contains("Odd name"), "{written}");
    assert_eq!(hector::rules::pgn::read_pgn(&written).unwrap().len(), 1);
}

/// Found by the pgn fuzz target: a tag "FEn" beside the real "FEN" was
/// written back before it, and the reader (which takes the tag in any case)
/// read the wrong one.
#[test]
fn a_setup_tag_in_another_case_is_not_written_back() {
    let text = "[FEN \"k2r4/4P3/8/3pQ3/8/8/6p1/K6R w - - 0 1\"]\n[FEn \"w H d6 0\"]\n[variant \"x\"]\n\n*\n";
    let games = read_pgn(text).unwrap();
    let written = write_pgn(&games[0].game, &games[0].tags);
    assert!(
        !written.contains("FEn") && !written.contains("variant"),
        "{written}"
    );
    let back = read_pgn(&written).unwrap_or_else(|e| panic!("{written}: {e}"));
    assert_eq!(back[0].game.fen(), games[0].game.fen());
}
