//! Two boards and adjournment in `hector play`: "my board shows …",
//! board checks that do not nag, scoresheet corrections, retracing
//! (FIDE Laws 2023, D.2.9) and adjourning and resuming (Guidelines I).

mod support;

fn play(args: &[&str], input: &str) -> Vec<String> {
    let mut all = vec!["play"];
    all.extend_from_slice(args);
    let (_, out, _) = support::hector_with_input(&all, input);
    out.lines().map(str::to_string).collect()
}

fn count(lines: &[String], text: &str) -> usize {
    lines.iter().filter(|l| l.contains(text)).count()
}

#[test]
fn board_reports_checks_corrections_and_retrace() {
    let out = play(
        &["--locale", "en"],
        "e4\ne5\nNf3\nshows blind f3=- h3=N\ncheck\ncheck\nfixed blind\n\
         shows sighted nonsense=Q\ncorrect sighted 3 Nc3\nretrace\nfen\n",
    );
    let fix = "Board of the blind player: Move the white knight from Hector three to Felix three.";
    // Said once, not on every check.
    assert_eq!(count(&out, fix), 1, "{out:#?}");
    assert_eq!(count(&out, "To correct: the board of the blind player."), 3);
    assert_eq!(count(&out, "Both boards and both scoresheets agree."), 1);
    assert_eq!(count(&out, "cannot be read"), 1);
    assert_eq!(count(&out, "The scoresheets differ."), 1);
    // After retracing, the game stands after 1...e5 again.
    let fen = "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2";
    assert!(count(&out, fen) >= 2, "{out:#?}");
    assert_eq!(out.last().unwrap(), fen);
}

#[test]
fn adjourn_seal_refuse_moves_open_only_with_responder_and_resume() {
    let path = std::env::temp_dir().join(format!("hector-env-{}.json", std::process::id()));
    let p = path.display().to_string();
    let out = play(
        &["--locale", "de"],
        &format!(
            "e4\ne5\nadjourn Sf3\nenvelope {p}\nSc3\nresume\npresent white\nresume\npresent black\nresume\nmoves\n"
        ),
    );
    assert_eq!(count(&out, "Weiß hat den 2. Zug abgegeben."), 1, "{out:#?}");
    assert_eq!(count(&out, "The game is adjourned"), 1);
    assert_eq!(
        count(
            &out,
            "Der Umschlag darf nur in Anwesenheit von Schwarz geöffnet werden."
        ),
        2
    );
    assert_eq!(
        count(&out, "Der abgegebene Zug ist Springer Felix drei."),
        1
    );
    assert_eq!(out.last().unwrap(), "1. e4 e5 2. Sf3");
    let env = std::fs::read_to_string(&path).unwrap();
    let _ = std::fs::remove_file(&path);
    let v: serde_json::Value = serde_json::from_str(&env).unwrap();
    assert_eq!(v["sealed_by"], "white");
    assert_eq!(v["move_number"], 2);
    // The sealed move is in the envelope but was never printed before opening.
    let opened_at = out
        .iter()
        .position(|l| l.contains("abgegebene Zug ist"))
        .unwrap();
    assert!(
        !out[..opened_at]
            .iter()
            .any(|l| l.contains("Sf3") || l.contains("Felix"))
    );
}

#[test]
fn an_illegal_sealed_move_loses_and_a_draw_before_resumption_ends_the_game() {
    let out = play(
        &["--locale", "en"],
        "e4\ne5\nadjourn Ke3\npresent black\nresume\n",
    );
    assert_eq!(
        count(&out, "The sealed move 'Ke3' cannot be played: White loses."),
        1,
        "{out:#?}"
    );
    let out = play(&["--locale", "en"], "e4\nadjourn Nc6\ndraw\nresume\ne5\n");
    assert_eq!(
        count(&out, "The players agreed a draw before resumption."),
        1,
        "{out:#?}"
    );
    assert_eq!(count(&out, "The game is not adjourned."), 1);
}

#[test]
fn adjourning_early_with_a_clock_charges_the_sealer() {
    let out = play(
        &["--locale", "en", "--control", "blitz"],
        "e4\ne5\nadjourn Nf3 early 1\nmy time\n",
    );
    assert_eq!(
        count(
            &out,
            "Adjourned before the end of the session: one minute taken from White's clock."
        ),
        1,
        "{out:#?}"
    );
}

#[test]
fn after_a_move_only_new_guidance_is_said() {
    let out = play(
        &["--locale", "en"],
        "e4\ne5\nshows blind g1=- h3=N\nd3\nd6\nfixed\nNf3\n",
    );
    let fix = "Board of the blind player: Move the white knight from Hector three to Gustav one.";
    // Said when reported; not again after d3 and d6, which change nothing.
    assert_eq!(count(&out, fix), 1, "{out:#?}");
    assert_eq!(count(&out, "Board of the blind player"), 1, "{out:#?}");
    assert_eq!(count(&out, "Both boards and both scoresheets agree."), 1);
    assert_eq!(count(&out, "White: Knight Felix three (Nf3)."), 1);
}
