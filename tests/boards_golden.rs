//! Golden files for the board-checking wording in all five locales
//! (FIDE Laws 2023, D.2.9; Guidelines I): every kind of fix, written and
//! spoken, and the reconciliation reports. Set HECTOR_UPDATE_GOLDEN=1 to
//! rewrite the files after a deliberate wording change, then review the
//! diff.

mod support;

use hector::boards::{FixWords, SquareStyle, reconcile};
use hector::clock::{Clock, PeriodChange, TimeControl};
use hector::locale::{CODES, Locale};
use shakmaty::{Board, CastlingMode, Chess, Position, fen::Fen};

fn board_after(start: &Chess, moves: &[&str]) -> Board {
    let en = Locale::get("en").unwrap();
    let mut p = start.clone();
    for m in moves {
        let mv = hector::notation::san::read(&p, m, en).unwrap();
        p.play_unchecked(mv);
    }
    p.board().clone()
}

fn render(code: &str) -> String {
    let w = FixWords::get(code).unwrap();
    let en = Locale::get("en").unwrap();
    let start = Chess::default();
    let mut out = String::new();
    let mut case =
        |name: &str, blind: &[&str], sighted: &[&str], bb: Board, bs: Board, s: &Chess| {
            let mut clock = Clock::new(TimeControl::fide_standard(), PeriodChange::OnQuota);
            clock.start(0).unwrap();
            for i in 0..blind.len().max(sighted.len()) {
                clock.press(61_000 * (i as u64 + 1)).unwrap();
            }
            let r = reconcile(s, blind, sighted, &bb, &bs, en).with_clock(clock.snapshots());
            for style in [SquareStyle::Written, SquareStyle::Spoken] {
                for line in r.report(w, style) {
                    out.push_str(&format!("{name} {style:?} | {line}\n"));
                }
            }
        };
    let sheet = ["e4", "e5", "Nf3"];
    let b = board_after(&start, &sheet);
    case("in-order", &sheet, &sheet, b.clone(), b.clone(), &start);
    let nh3 = board_after(&start, &["e4", "e5", "Nh3"]);
    case("wrong-square", &sheet, &sheet, nh3, b.clone(), &start);
    let behind = board_after(&start, &["e4", "e5"]);
    case("forgotten", &sheet, &sheet, b.clone(), behind, &start);
    case(
        "written-wrong",
        &["e4", "e5", "Nc3"],
        &sheet,
        b.clone(),
        b.clone(),
        &start,
    );
    case(
        "illegal-entry",
        &["e4", "e5", "Nf5"],
        &sheet,
        b.clone(),
        b.clone(),
        &start,
    );
    let ep = ["e4", "a6", "e5", "d5", "exd6"];
    let right = board_after(&start, &ep);
    let mut left = right.clone();
    left.set_piece_at(
        shakmaty::Square::D5,
        shakmaty::Piece::from_char('p').unwrap(),
    );
    case("capture-not-removed", &ep, &ep, left, right, &start);
    let promo: Chess = "4k3/P7/8/8/8/8/8/4K3 w - - 0 1"
        .parse::<Fen>()
        .unwrap()
        .into_position(CastlingMode::Standard)
        .unwrap();
    let q = board_after(&promo, &["a8=Q+"]);
    let n = board_after(&promo, &["a8=N"]);
    case("wrong-promotion", &["a8=Q+"], &["a8=Q+"], q, n, &promo);
    out
}

#[test]
fn board_wording_matches_the_golden_files() {
    let diff: Vec<String> = CODES
        .iter()
        .flat_map(|code| support::golden(&format!("boards/{code}.txt"), &render(code)))
        .collect();
    assert!(diff.is_empty(), "golden mismatch:\n{}", diff.join("\n"));
}

#[test]
fn no_placeholder_is_left_unfilled() {
    for code in CODES {
        let text = render(code);
        assert!(
            !text.contains('{') && !text.contains("["),
            "{code}:\n{text}"
        );
    }
}
