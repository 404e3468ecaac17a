//! Golden files of the read-back protocol's spoken wording, per language
//! (tests/golden/voice/<lang>.txt). Set HECTOR_UPDATE_GOLDEN=1 to rewrite them after
//! an intended change of wording, then review the diff.

mod support;

use hector::speech::moves::position;
use hector::speech::readback::{Event, ReadBack};
use hector::speech::settle::Settled;
use hector::speech::wording::{LOCALES, Wording};
use shakmaty::{Chess, Move, Position};

fn mv(pos: &Chess, san: &str) -> Move {
    san.parse::<shakmaty::san::San>()
        .unwrap()
        .to_move(pos)
        .unwrap()
}

fn heard(m: Move) -> Event {
    Event::Heard(Settled::Move {
        mv: m,
        text: String::new(),
        confidence: 0.9,
    })
}

/// Plays a scripted conversation and writes every sentence hector says.
fn script(w: &Wording) -> String {
    let mut out = String::new();
    let mut run = |pos: &Chess, rb: &mut ReadBack, ev: Event, label: &str| {
        let step = rb.handle(ev);
        for p in &step.prompts {
            out.push_str(&format!("{label}: {}\n", w.render(p, pos)));
        }
        if step.clock_may_switch {
            out.push_str(&format!("{label}: [clock switches]\n"));
        }
    };
    let start = Chess::default();
    let mut rb = ReadBack::new();
    run(&start, &mut rb, heard(mv(&start, "Nf3")), "heard Nf3");
    run(&start, &mut rb, heard(mv(&start, "Nc3")), "slip, heard Nc3");
    run(&start, &mut rb, Event::Yes, "yes");
    run(&start, &mut rb, heard(mv(&start, "e4")), "late correction");
    let mut rb = ReadBack::new();
    run(&start, &mut rb, Event::Yes, "yes with nothing pending");
    run(
        &start,
        &mut rb,
        Event::Heard(Settled::NoMatch(String::new())),
        "silence",
    );
    run(
        &start,
        &mut rb,
        Event::Heard(Settled::NoMatch("dame hector acht".into())),
        "illegal",
    );
    let two = position(Some("6k1/8/8/8/8/8/8/1N1N2K1 w - - 0 1"), None).unwrap();
    let mut rb = ReadBack::new();
    let ms = vec![mv(&two, "Nbc3"), mv(&two, "Ndc3")];
    run(
        &two,
        &mut rb,
        Event::Heard(Settled::Ambiguous(ms)),
        "two knights",
    );
    run(&two, &mut rb, Event::Number(5), "number five");
    run(&two, &mut rb, Event::Number(2), "number two");
    run(&two, &mut rb, Event::No, "no");
    let promo = position(Some("8/P4k2/8/8/8/8/5K2/8 w - - 0 1"), None).unwrap();
    let promos: Vec<Move> = promo
        .legal_moves()
        .into_iter()
        .filter(|m| m.promotion().is_some())
        .collect();
    let mut rb = ReadBack::new();
    run(
        &promo,
        &mut rb,
        Event::Heard(Settled::Ambiguous(promos)),
        "pawn to a8",
    );
    run(
        &promo,
        &mut rb,
        Event::Piece(shakmaty::Role::Queen),
        "queen",
    );
    let castle = position(
        Some("r3k2r/ppp2ppp/2n1bn2/3qp3/3P4/2N1BN2/PPPQ1PPP/R3K2R w KQkq - 0 1"),
        None,
    )
    .unwrap();
    let mut rb = ReadBack::new();
    run(
        &castle,
        &mut rb,
        heard(mv(&castle, "O-O-O")),
        "long castling",
    );
    run(&castle, &mut rb, Event::Yes, "yes");
    out
}

#[test]
fn voice_wording_matches_the_golden_files() {
    let diff: Vec<String> = LOCALES
        .iter()
        .flat_map(|code| {
            support::golden(
                &format!("voice/{code}.txt"),
                &script(Wording::get(code).unwrap()),
            )
        })
        .collect();
    assert!(diff.is_empty(), "golden mismatch:\n{}", diff.join("\n"));
}
