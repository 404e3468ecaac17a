//! Two boards and adjournment in `hector play` at the terminal: "my board
//! shows …", board checks that do not nag, scoresheet corrections and
//! retracing by the arbiter (FIDE Laws 2023, D.2.9), adjourning and
//! resuming (Guidelines I). Lines start with the seat that speaks.

mod support;

fn play(args: &[&str], input: &str) -> Vec<String> {
    let mut all = vec!["play", "--blind", "none"];
    all.extend_from_slice(args);
    let (code, out, err) = support::hector_with_input(&all, input);
    assert_eq!(code, 0, "{out}{err}");
    let mut lines: Vec<String> = out.lines().map(str::to_string).collect();
    // The end of the input saves the game like quit and says where
    // (issue 41); the lines before are the game's.
    let saved = lines.pop().unwrap_or_default();
    assert!(
        saved.starts_with("Partie gespeichert: ") || saved.starts_with("Game saved: "),
        "{out}"
    );
    lines
}

fn count(lines: &[String], text: &str) -> usize {
    lines.iter().filter(|l| l.contains(text)).count()
}

#[test]
fn d_2_9_board_reports_checks_corrections_and_retrace() {
    let out = play(
        &["--locale", "en"],
        "e4\ne5\nNf3\nwhite: shows f3=- h3=N\narbiter: check\narbiter: check\nwhite: fixed\narbiter: fixed blind\n\
         black: shows nonsense=Q\narbiter: correct sighted 3 Nc3\narbiter: retrace\nfen\n",
    );
    let fix =
        "The blind player's board differs: Move the white knight from Hector three to Felix three.";
    // Said once, not on every check.
    assert_eq!(count(&out, fix), 1, "{out:#?}");
    // D.2.9: the player's word is a report; only the arbiter confirms
    // the board set right.
    assert_eq!(
        count(
            &out,
            "The board is put right, says the white player; the arbiter checks it and says fixed."
        ),
        1,
        "{out:#?}"
    );
    assert_eq!(count(&out, "The boards agree again."), 1, "{out:#?}");
    assert_eq!(count(&out, "cannot be read"), 1, "{out:#?}");
    assert_eq!(
        count(&out, "The game is retraced to half-move 2."),
        1,
        "{out:#?}"
    );
    // After retracing, the game stands after 1...e5 again.
    let fen = "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2";
    assert_eq!(out.last().unwrap(), fen, "{out:#?}");
}

#[test]
fn guidelines_i_seal_refuse_moves_open_only_with_responder_and_resume() {
    let out = play(
        &["--locale", "de"],
        "e4\ne5\nwhite: adjourn Sf3\narbiter: envelope\nSc3\narbiter: resume\n\
         arbiter: present white\narbiter: resume\narbiter: present black\narbiter: resume\nlist\n",
    );
    assert_eq!(count(&out, "Weiß hat den 2. Zug abgegeben."), 1, "{out:#?}");
    assert_eq!(
        count(
            &out,
            "Die Partie ist abgebrochen: kein Zug bis zur Fortsetzung."
        ),
        1
    );
    assert_eq!(count(&out, "Der Umschlag darf nur geöffnet werden"), 2);
    assert_eq!(
        count(
            &out,
            "Weiß: Springer Felix drei (Sf3) (eingegeben vom Schiedsrichter)."
        ),
        1,
        "{out:#?}"
    );
    assert_eq!(out.last().unwrap(), "1. e4 e5 2. Sf3");
    // The sealed move was never printed before the envelope was opened.
    let opened_at = out
        .iter()
        .position(|l| l.contains("Umschlag ist geöffnet"))
        .unwrap();
    assert!(
        !out[..opened_at]
            .iter()
            .any(|l| l.contains("Sf3") || l.contains("Felix")),
        "{out:#?}"
    );
}

#[test]
fn guidelines_i_8_an_illegal_sealed_move_loses_and_i_6_a_draw_before_resumption() {
    let out = play(
        &["--locale", "en"],
        "e4\ne5\nwhite: adjourn Ke3\narbiter: present black\narbiter: resume\n",
    );
    assert_eq!(
        count(&out, "The sealed move cannot be played: White loses"),
        1,
        "{out:#?}"
    );
    let out = play(
        &["--locale", "en"],
        "e4\ne5\nNf3\nblack: adjourn Nc6\nwhite: draw\nblack: accept\narbiter: resume\nNc6\n",
    );
    // I.4: the offer stands until Black answers it; accepted, I.6 (after
    // a move each: 2023 5.2.3).
    assert_eq!(count(&out, "White offers a draw."), 1, "{out:#?}");
    assert_eq!(count(&out, "Draw agreed."), 1, "{out:#?}");
    // After the draw, resuming is an act after the end of the game:
    // refused (issue 42.19), as is the move after it.
    assert_eq!(count(&out, "The game is over."), 2, "{out:#?}");
}

#[test]
fn guidelines_i_1_2_adjourning_early_with_a_clock_charges_the_sealer() {
    let out = play(
        &["--locale", "en", "--control", "blitz"],
        "e4\ne5\nwhite: adjourn Nf3 early 1\n",
    );
    assert_eq!(
        count(
            &out,
            "Adjourned before the end of the session: one minute taken from White's clock"
        ),
        1,
        "{out:#?}"
    );
}

#[test]
fn d_2_9_after_a_move_only_new_guidance_is_said() {
    let out = play(
        &["--locale", "en"],
        "e4\ne5\nwhite: shows g1=- h3=N\nd3\nd6\narbiter: fixed blind\nNf3\n",
    );
    let fix =
        "The blind player's board differs: Move the white knight from Hector three to Gustav one.";
    // Said when reported; not again after d3 and d6, which change nothing.
    assert_eq!(count(&out, fix), 1, "{out:#?}");
    assert_eq!(
        count(&out, "The blind player's board differs"),
        1,
        "{out:#?}"
    );
    assert_eq!(count(&out, "The boards agree again."), 1);
    assert_eq!(count(&out, "White: Knight Felix three (Nf3)."), 1);
}
