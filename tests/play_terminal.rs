//! The shared terminal of `hector play` is fair (issue 32): a line goes to
//! the seat it names, in the game's words or English; a line without a seat
//! is the blind player's (the terminal is his), never the side to move's;
//! an answer printed for another seat starts with that seat's name; the
//! help lists the seats' prefixes. The real binary, typed lines.

mod support;

/// A PGN file of this test process (quit saves the game there).
fn pgn_file(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("hector-play-terminal-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

fn play(args: &[&str], input: &str) -> Vec<String> {
    let save = pgn_file("game.pgn");
    let mut all = vec![
        "play",
        "--control",
        "300+2",
        "--pgn",
        save.to_str().unwrap(),
    ];
    all.extend_from_slice(args);
    let (code, out, err) = support::hector_with_input(&all, input);
    assert_eq!(code, 0, "{out}{err}");
    out.lines().map(str::to_string).collect()
}

fn after<'a>(lines: &'a [String], text: &str) -> &'a [String] {
    let i = lines
        .iter()
        .position(|l| l.contains(text))
        .unwrap_or_else(|| panic!("no line with {text:?} in {lines:#?}"));
    &lines[i + 1..]
}

#[test]
fn on_blacks_turn_the_blind_player_still_speaks_for_himself() {
    // White is blind (the default): after his e4 it is Black's turn, but
    // "meine Zeit" and "Remis" at the terminal are still White's.
    let out = play(
        &["--locale", "de"],
        "Eva vier\nja\nmeine Zeit\nRemis\nquit\n",
    );
    let rest = after(&out, "Weiß: Eva vier (e4).");
    // His own time (five minutes and his increment), unaddressed.
    assert!(
        rest.iter()
            .any(|l| l.starts_with("Ihre Zeit: fünf Minuten")),
        "{out:#?}"
    );
    assert!(
        !rest.iter().any(|l| l.starts_with("Schwarz: Ihre Zeit")),
        "{out:#?}"
    );
    // The draw offer is White's, not Black's.
    assert!(
        rest.iter().any(|l| l.contains("Weiß bietet Remis an")),
        "{out:#?}"
    );
    assert!(
        !rest.iter().any(|l| l.contains("Schwarz bietet")),
        "{out:#?}"
    );
}

#[test]
fn a_line_goes_to_the_seat_it_names_in_the_locales_words_or_english() {
    let out = play(
        &["--locale", "de"],
        "Eva vier\nja\nschwarz: meine Zeit\nschiedsrichter: Zeit\nblack: e5\nSchwarz: Zug\nquit\n",
    );
    let rest = after(&out, "Weiß: Eva vier (e4).");
    // Black's own time, printed with his name: not the blind player's.
    // His clock has run since White's move: a busy machine may take a
    // second or more to read the next line (5 min + 2 s: 4:59 or so).
    assert!(
        rest.iter().any(|l| {
            l.starts_with("Schwarz: Ihre Zeit: fünf Minuten")
                || l.starts_with("Schwarz: Ihre Zeit: vier Minuten")
        }),
        "{out:#?}"
    );
    // The arbiter's question: both times in one line addressed to him
    // (issue 41: never a second line starting with another seat's name).
    let to_arbiter: Vec<&String> = rest
        .iter()
        .filter(|l| l.starts_with("Schiedsrichter: "))
        .collect();
    assert_eq!(to_arbiter.len(), 1, "{out:#?}");
    assert!(to_arbiter[0].contains("Weiß:") && to_arbiter[0].contains(". Schwarz:"));
    // Black's move with the English prefix.
    assert!(
        rest.iter().any(|l| l == "Schwarz: Eva fünf (e5)."),
        "{out:#?}"
    );
    // "Schwarz: Zug" (not a command) is refused for Black, addressed to him.
    assert!(
        rest.iter()
            .any(|l| l.starts_with("Schwarz: ") && l.contains("Zug")),
        "{out:#?}"
    );
}

#[test]
fn without_a_seat_a_move_on_the_opponents_turn_is_the_blind_players_and_refused() {
    let out = play(&["--locale", "en"], "e4\nyes\ne5\nquit\n");
    let rest = after(&out, "White: Eva four (e4).");
    assert!(
        rest.iter().any(|l| l == "It is not your move."),
        "e5 is White's line, refused: {out:#?}"
    );
    assert!(!rest.iter().any(|l| l.contains("(e5)")), "{out:#?}");
}

#[test]
fn the_localized_help_lists_the_seat_prefixes() {
    for (code, help, want) in [
        ("de", "hilfe", "schwarz:, assistent:, schiedsrichter:"),
        ("pl", "pomoc", "czarne:, asystent:, sędzia:"),
        ("el", "βοήθεια", "μαύρα:, βοηθός:, διαιτητής:"),
        ("en", "help", "black:, assistant:, arbiter:"),
    ] {
        let out = play(&["--locale", code], &format!("{help}\nquit\n"));
        assert!(
            out.iter().any(|l| l.contains(want)),
            "{code}: the help lists the prefixes: {out:#?}"
        );
    }
    // And the prefixes it lists work: Polish "czarne:" is Black.
    let out = play(&["--locale", "pl"], "e4\ntak\nczarne: e5\nquit\n");
    assert!(
        out.iter()
            .any(|l| l.starts_with("Czarne:") && l.contains("(e5)")),
        "{out:#?}"
    );
}

/// Issue 32.9: `quit` saves the game as PGN where the user chose and says
/// so in the game's language; the locale's own quit word does too.
#[test]
fn quit_saves_the_game_as_pgn_and_says_where() {
    let file = pgn_file("quit.pgn");
    let _ = std::fs::remove_file(&file);
    let path = file.to_str().unwrap();
    let (code, out, err) = support::hector_with_input(
        &[
            "play",
            "--locale",
            "de",
            "--blind",
            "none",
            "--white",
            "Eva Muster",
            "--pgn",
            path,
        ],
        "e4\ne5\nquit\n",
    );
    assert_eq!(code, 0, "{out}{err}");
    assert!(
        out.lines()
            .any(|l| l == format!("Partie gespeichert: {path}.")),
        "{out}"
    );
    let pgn = std::fs::read_to_string(&file).expect("the PGN is written");
    assert!(pgn.contains("[White \"Eva Muster\"]"), "{pgn}");
    assert!(pgn.contains("1. e4 e5"), "{pgn}");
    assert_eq!(
        hector::rules::pgn::read_pgn(&pgn).unwrap()[0]
            .game
            .moves()
            .len(),
        2
    );

    // Polish: "koniec" quits and saves, said in Polish.
    let file = pgn_file("koniec.pgn");
    let path = file.to_str().unwrap();
    let (code, out, _) = support::hector_with_input(
        &["play", "--locale", "pl", "--blind", "none", "--pgn", path],
        "e4\nkoniec\n",
    );
    assert_eq!(code, 0);
    assert!(out.contains(&format!("Partię zapisano: {path}.")), "{out}");
    assert!(std::fs::read_to_string(&file).unwrap().contains("1. e4"));

    // A file that cannot be written: the reason, in the game's language.
    let blocked = pgn_file("quit.pgn").join("inside.pgn");
    let (code, out, _) = support::hector_with_input(
        &[
            "play",
            "--locale",
            "de",
            "--blind",
            "none",
            "--pgn",
            blocked.to_str().unwrap(),
        ],
        "quit\n",
    );
    assert_eq!(code, 0);
    assert!(
        out.contains("Die Partie konnte nicht gespeichert werden"),
        "{out}"
    );
}

/// Without --pgn the game goes to <data dir>/hector/games/.
#[test]
fn quit_saves_to_the_data_folder_by_default() {
    let data = pgn_file("data");
    let _ = std::fs::remove_dir_all(&data);
    let o = std::process::Command::new(env!("CARGO_BIN_EXE_hector"))
        .args(["play", "--locale", "en", "--blind", "none"])
        .env("XDG_DATA_HOME", &data)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .and_then(|mut c| {
            use std::io::Write;
            c.stdin.take().unwrap().write_all(b"d4\nquit\n")?;
            c.wait_with_output()
        })
        .expect("hector play runs");
    let out = String::from_utf8_lossy(&o.stdout);
    let games = data.join("hector").join("games");
    let saved: Vec<_> = std::fs::read_dir(&games)
        .expect("the games folder is made")
        .map(|e| e.unwrap().path())
        .collect();
    assert_eq!(saved.len(), 1, "{saved:?}");
    assert!(saved[0].extension().is_some_and(|e| e == "pgn"));
    assert!(
        out.contains(&format!("Game saved: {}.", saved[0].display())),
        "{out}"
    );
    assert!(
        std::fs::read_to_string(&saved[0])
            .unwrap()
            .contains("1. d4")
    );
}

/// Two games started in the same second on one machine (one data folder)
/// are both kept: the second is not written over the first.
#[test]
fn two_games_of_the_same_second_keep_both_files() {
    let data = pgn_file("data-two");
    let _ = std::fs::remove_dir_all(&data);
    let start = |moves: &'static [u8]| {
        let mut c = std::process::Command::new(env!("CARGO_BIN_EXE_hector"))
            .args(["play", "--locale", "en", "--blind", "none"])
            .env("XDG_DATA_HOME", &data)
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .spawn()
            .expect("hector play runs");
        (c.stdin.take().unwrap(), c, moves)
    };
    // Both started before either quits, so both chose their file's name
    // within the same second or so; quitting then writes both.
    let mut games = vec![start(b"e4\nquit\n"), start(b"d4\nquit\n")];
    let outs: Vec<String> = games
        .drain(..)
        .map(|(mut stdin, c, moves)| {
            use std::io::Write;
            stdin.write_all(moves).unwrap();
            drop(stdin);
            String::from_utf8_lossy(&c.wait_with_output().unwrap().stdout).into_owned()
        })
        .collect();
    let saved: Vec<String> = outs
        .iter()
        .map(|o| {
            o.lines()
                .find_map(|l| l.strip_prefix("Game saved: "))
                .unwrap_or_else(|| panic!("{o}"))
                .trim_end_matches('.')
                .to_string()
        })
        .collect();
    assert_ne!(saved[0], saved[1], "both games said the same file");
    assert!(
        std::fs::read_to_string(&saved[0])
            .unwrap()
            .contains("1. e4")
    );
    assert!(
        std::fs::read_to_string(&saved[1])
            .unwrap()
            .contains("1. d4")
    );
}

/// The tests never write into the user's home: every hector they start has
/// the test process's own data folder (`support::data_home`), so a game
/// quit without --pgn is saved there.
#[test]
fn a_test_game_quit_without_pgn_is_saved_in_the_tests_data_folder() {
    let (code, out, err) =
        support::hector_with_input(&["play", "--locale", "en", "--blind", "none"], "c4\nquit\n");
    assert_eq!(code, 0, "{out}{err}");
    let games = support::data_home().join("hector").join("games");
    let line = out
        .lines()
        .find(|l| l.starts_with("Game saved: "))
        .unwrap_or_else(|| panic!("{out}"));
    let path = line
        .trim_start_matches("Game saved: ")
        .trim_end_matches('.');
    assert!(
        std::path::Path::new(path).starts_with(&games),
        "{path} is not under {}",
        games.display()
    );
    assert!(std::fs::read_to_string(path).unwrap().contains("1. c4"));
}

/// The terminal is the blind player's whichever colour he has: with
/// `--blind black` a line without a seat is Black's, even on White's turn
/// or when White asks; White's private answer is addressed to White, the
/// arbiter's (asked with the English prefix in a German game) to him.
#[test]
fn with_a_blind_black_player_the_terminal_is_blacks() {
    let out = play(
        &["--locale", "de", "--blind", "black"],
        "white: e4\nmeine Zeit\nweiß: meine Zeit\narbiter: time\ne5\nja\nquit\n",
    );
    let rest = after(&out, "Weiß: Eva vier (e4).");
    // Black's own time (his clock runs: five minutes or just under),
    // unaddressed: the terminal is his.
    assert!(
        rest.iter()
            .any(|l| l == "Ihre Zeit: fünf Minuten." || l.starts_with("Ihre Zeit: vier Minuten")),
        "{out:#?}"
    );
    // White's time (with his increment), addressed to White.
    assert!(
        rest.iter().any(|l| with_increment(l, "Weiß: Ihre Zeit: ")),
        "{out:#?}"
    );
    assert_eq!(
        rest.iter()
            .filter(|l| l.starts_with("Schiedsrichter: ") && l.contains(". Schwarz: "))
            .count(),
        1,
        "{out:#?}"
    );
    // Black's move, read back to him and made after his yes.
    let rest = after(rest, "Eva fünf?");
    assert!(
        rest.iter().any(|l| l == "Schwarz: Eva fünf (e5)."),
        "{out:#?}"
    );
}

/// With no blind player the terminal is shared by both: a line without a
/// seat is the player to move's.
#[test]
fn without_a_blind_player_a_line_is_the_player_to_moves() {
    let out = play(
        &["--locale", "de", "--blind", "none"],
        "e4\ne5\nmeine Zeit\nquit\n",
    );
    assert!(out.iter().any(|l| l == "Weiß: Eva vier (e4)."), "{out:#?}");
    assert!(
        out.iter().any(|l| l == "Schwarz: Eva fünf (e5)."),
        "{out:#?}"
    );
    // White to move again: his time, with his increment (more than the
    // five minutes he started with, less the moment his move took).
    let rest = after(&out, "Schwarz: Eva fünf (e5).");
    assert!(
        rest.iter().any(|l| with_increment(l, "Ihre Zeit: ")),
        "{out:#?}"
    );
}

/// `line` is `prefix` and a time of five minutes with the two seconds'
/// increment credited, less what the move took on a loaded machine: more
/// than the five minutes the game started with.
fn with_increment(line: &str, prefix: &str) -> bool {
    line.strip_prefix(prefix)
        .and_then(|t| t.strip_prefix("fünf Minuten "))
        .is_some_and(|s| s.ends_with(" Sekunde.") || s.ends_with(" Sekunden."))
}

/// Issue 41: a typed move in any letter case (a phone capitalises the
/// first letter): `E4`, `sf3` (German Springer), `Exd5`; German `D4` is the
/// d-pawn here (the queen cannot be meant: no square) and never answered
/// with a sentence about hearing.
#[test]
fn typed_moves_in_any_letter_case_are_moves() {
    let out = play(
        &["--locale", "de", "--blind", "none"],
        "E4\nschwarz: D5\nExd5\nschwarz: sf6\nSF3\nschwarz: SXD5\nD4\nquit\n",
    );
    for want in [
        "Weiß: Eva vier (e4).",
        "Schwarz: David fünf (d5).",
        "Weiß: Eva schlägt David fünf (exd5).",
        "Schwarz: Springer Felix sechs (Sf6).",
        "Weiß: Springer Felix drei (Sf3).",
        "Schwarz: Springer schlägt David fünf (Sxd5).",
        "Weiß: David vier (d4).",
    ] {
        assert!(out.iter().any(|l| l == want), "{want}: {out:#?}");
    }
    assert!(
        !out.iter()
            .any(|l| l.contains("gehört") || l.contains("Nicht verstanden")),
        "{out:#?}"
    );
}

/// Issue 41: `Zeit`, `verbrauchte Zeit` and `Züge` answer in one line
/// (both players joined), never a second line that starts with another
/// seat's name.
#[test]
fn a_question_about_both_players_is_answered_in_one_line() {
    let out = play(
        &["--locale", "de"],
        "Eva vier\nja\nZeit\nverbrauchte Zeit\nZüge\nquit\n",
    );
    let rest = after(&out, "Weiß: Eva vier (e4).");
    assert!(!rest.iter().any(|l| l.starts_with("Schwarz: ")), "{out:#?}");
    let joined: Vec<&String> = rest
        .iter()
        .filter(|l| l.starts_with("Weiß: ") && l.contains(". Schwarz: "))
        .collect();
    assert_eq!(joined.len(), 3, "{out:#?}");
}

/// Issue 41: `Hilfe` at the terminal also says how to stop.
#[test]
fn the_help_says_how_to_stop() {
    for (code, help, want) in [
        ("de", "Hilfe", "Strg-C"),
        ("en", "help", "Ctrl-D"),
        ("pl", "pomoc", "koniec"),
        ("sr", "pomoć", "kraj"),
        ("el", "βοήθεια", "τέλος"),
    ] {
        let out = play(&["--locale", code], &format!("{help}\nquit\n"));
        assert!(out.iter().any(|l| l.contains(want)), "{code}: {out:#?}");
    }
}

/// Issue 41: natural sentences at the terminal; a bare "abbrechen" while a
/// move is read back cancels it (no sentence about a sealed move).
#[test]
fn natural_sentences_and_a_bare_cancel_at_the_terminal() {
    let out = play(
        &["--locale", "de"],
        "Eva vier\nabbrechen\nEva vier\nja\nwie viel Zeit habe ich\nIch biete Remis an\nquit\n",
    );
    assert!(out.iter().any(|l| l.starts_with("Ihre Zeit: ")), "{out:#?}");
    assert!(
        out.iter().any(|l| l.contains("Weiß bietet Remis an")),
        "{out:#?}"
    );
    assert!(
        !out.iter().any(|l| l.contains("abgegebenen Zug")),
        "{out:#?}"
    );
    assert!(
        out.iter().any(|l| l.starts_with("Zurückgenommen.")),
        "{out:#?}"
    );
    assert_eq!(
        out.iter().filter(|l| *l == "Weiß: Eva vier (e4).").count(),
        1,
        "{out:#?}"
    );
}

/// Issue 41: a duration is read as people write it, wherever one is read:
/// `--alert 9m50s`, `1:30`, `90s`, `2m`; and the arbiter's `zeit setzen`.
#[test]
fn times_are_read_as_people_write_them() {
    for alert in ["9m50s", "1:30", "90s", "2m", "1m 30s", "white=9m50s"] {
        let (code, out, err) = support::hector_with_input(
            &[
                "play",
                "--locale",
                "de",
                "--control",
                "600+5",
                "--alert",
                alert,
                "--pgn",
                pgn_file("alert.pgn").to_str().unwrap(),
            ],
            "quit\n",
        );
        assert_eq!(code, 0, "--alert {alert}: {out}{err}");
    }
    let (code, _, err) =
        support::hector_with_input(&["play", "--control", "600+5", "--alert", "9x"], "quit\n");
    assert_ne!(code, 0);
    assert!(err.contains("9x"), "{err}");
    // The arbiter sets White's clock to nine minutes fifty.
    let out = play(
        &["--locale", "de", "--blind", "none"],
        "schiedsrichter: zeit setzen weiß 9m50s\nschiedsrichter: ja\nschiedsrichter: Zeit\nquit\n",
    );
    // (The clock runs meanwhile: on a busy machine a second may be gone.)
    assert!(
        out.iter().any(
            |l| l.starts_with("Weiß: neun Minuten fünfzig Sekunden. Schwarz: ")
                || l.starts_with("Weiß: neun Minuten neunundvierzig Sekunden. Schwarz: ")
        ),
        "{out:#?}"
    );
}
