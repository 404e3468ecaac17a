//! Golden files pin the exact written and spoken form of a fixed set of
//! moves in every locale: castling, promotion with and without capture, en
//! passant, disambiguation by file, by rank and by both, check and mate.
//! Regenerate after a deliberate wording change with
//! `HECTOR_UPDATE_GOLDEN=1 cargo test --test golden`, and review the diff.

mod support;

use hector::locale::{CODES, Locale};
use hector::notation::phrase::{Form, Heard, SayOptions, hear, say_with};
use hector::notation::san;
use hector::rules::Game;

const CASES: [(&str, &str, &str); 14] = [
    (
        "pawn",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "e4",
    ),
    (
        "knight",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "Nf3",
    ),
    (
        "short castling",
        "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1",
        "O-O",
    ),
    (
        "long castling",
        "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R b KQkq - 0 1",
        "O-O-O",
    ),
    ("promotion", "8/4P3/8/8/8/8/k7/4K3 w - - 0 1", "e8=Q"),
    (
        "promotion with capture",
        "3r4/4P3/8/8/8/8/k7/4K3 w - - 0 1",
        "exd8=N",
    ),
    ("en passant", "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "exd6"),
    ("pawn capture", "4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1", "exd5"),
    (
        "disambiguation by file",
        "4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1",
        "Nbd2",
    ),
    (
        "disambiguation by rank",
        "4k3/8/8/R7/8/8/8/R3K3 w - - 0 1",
        "R1a3",
    ),
    (
        "disambiguation by both",
        "4k3/8/8/8/8/Q7/8/Q1Q1K3 w - - 0 1",
        "Qa1b2",
    ),
    (
        "capture with check",
        "rnbqkbnr/pppp1ppp/8/4p3/2B1P3/8/PPPP1PPP/RNBQK1NR w KQkq - 0 1",
        "Bxf7+",
    ),
    ("check", "4k3/8/8/8/8/8/8/R3K3 w - - 0 1", "Ra8+"),
    ("mate", "7k/8/6K1/8/8/8/8/R7 w - - 0 1", "Ra8#"),
];

fn render(code: &str) -> String {
    let loc = Locale::get(code).unwrap();
    let mut out = format!("# {code}: case\tSAN\tshort form\tlong form\n");
    for (label, fen, english) in CASES {
        let game = Game::from_fen(fen).unwrap();
        let pos = game.position();
        let m = san::read(pos, english, Locale::get("en").unwrap()).unwrap();
        let short = say_with(pos, m, loc, &SayOptions::with_form(Form::Short));
        let long = say_with(pos, m, loc, &SayOptions::with_form(Form::Long));
        for phrase in [&short, &long] {
            assert_eq!(
                hear(pos, phrase, loc),
                Heard::Move(m),
                "{code}: '{phrase}' must be heard back"
            );
        }
        out.push_str(&format!(
            "{label}\t{}\t{short}\t{long}\n",
            san::write(pos, m, loc)
        ));
    }
    out
}

#[test]
fn golden_phrases_in_every_locale_and_both_forms() {
    let diff: Vec<String> = CODES
        .iter()
        .flat_map(|code| support::golden(&format!("phrases/{code}.tsv"), &render(code)))
        .collect();
    assert!(diff.is_empty(), "golden mismatch:\n{}", diff.join("\n"));
}

#[test]
fn golden_fide_examples_from_d_2_1() {
    let de = Locale::fide();
    let g = Game::default();
    let m = san::read(g.position(), "Nf3", de).unwrap();
    assert_eq!(
        say_with(g.position(), m, de, &SayOptions::with_form(Form::Short)),
        "Springer Felix drei"
    );
    assert_eq!(
        say_with(g.position(), m, de, &SayOptions::with_form(Form::Long)),
        "Springer Gustav eins Felix drei"
    );
}
