//! The command-line contract other tools and issues rely on, and bad input:
//! a clear sentence, a non-zero exit, never a panic.

mod support;

/// What a run of hector gave: exit code, standard output, standard error.
struct Output {
    code: i32,
    stdout: String,
    stderr: String,
}

impl Output {
    fn from((code, stdout, stderr): support::Ran) -> Output {
        Output {
            code,
            stdout,
            stderr,
        }
    }
}

fn hector(args: &[&str]) -> Output {
    Output::from(support::hector(args))
}

fn hector_lab(args: &[&str]) -> Output {
    Output::from(support::hector_lab(args))
}

fn hector_stdin(args: &[&str], input: &str) -> Output {
    Output::from(support::hector_with_input(args, input))
}

fn out(o: &Output) -> String {
    o.stdout.clone()
}

fn err(o: &Output) -> String {
    o.stderr.clone()
}

fn no_panic(o: &Output) {
    assert!(!err(o).contains("panicked"), "panic: {}", err(o));
}

#[test]
fn say_prints_one_phrase_line() {
    let o = hector(&["say", "Nf3"]);
    assert_eq!(out(&o), "Springer Felix drei\n");
    let o = hector(&["say", "--form", "long", "g1f3"]);
    assert_eq!(out(&o), "Springer Gustav eins Felix drei\n");
    let o = hector(&["say", "--locale", "pl", "--moves", "e4 e5", "Nf3"]);
    assert_eq!(out(&o), "Skoczek Feliks trzy\n");
    let o = hector(&[
        "say",
        "--locale",
        "en",
        "--fen",
        "7k/8/6K1/8/8/8/8/R7 w - - 0 1",
        "Ra8#",
    ]);
    assert_eq!(out(&o), "Rook Anna eight checkmate\n");
}

#[test]
fn hear_exit_codes_follow_the_contract() {
    let o = hector(&["hear", "Springer", "Felix", "drei"]);
    assert_eq!((Some(o.code), out(&o)), (Some(0), "Nf3\n".to_string()));
    let o = hector(&[
        "hear",
        "--fen",
        "4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1",
        "Springer David zwei",
    ]);
    assert_eq!(Some(o.code), Some(2));
    assert_eq!(out(&o), "Nbd2\nNfd2\n");
    let o = hector(&["hear", "Springer Felix vier"]);
    assert_eq!(Some(o.code), Some(1));
    assert_eq!(err(&o).trim(), "Kein Zug möglich: Springer nach f4.");
    let o = hector(&["hear", "--locale", "en", "Knight Felix four"]);
    assert_eq!(err(&o).trim(), "No Knight can reach f4.");
    let o = hector(&["hear", "--locale", "el", "Ίππος Φέλιξ τρία"]);
    assert_eq!(out(&o), "Nf3\n");
}

#[test]
fn san_writes_each_language() {
    for (code, want) in [
        ("de", "Sf3"),
        ("en", "Nf3"),
        ("pl", "Sf3"),
        ("sr", "Sf3"),
        ("el", "Ιζ3"),
    ] {
        let o = hector(&["san", "--locale", code, "Nf3"]);
        assert_eq!(out(&o), format!("{want}\n"), "{code}");
    }
    let o = hector(&["san", "--locale", "pl", "--moves", "e4 e5 Nf3 Nc6", "Bb5"]);
    assert_eq!(out(&o), "Gb5\n");
}

#[test]
fn replay_reads_every_phrase_back() {
    let pgn = format!("{}/tests/data/opera.pgn", env!("CARGO_MANIFEST_DIR"));
    for code in ["de", "en", "pl", "sr", "el"] {
        for form in ["short", "long"] {
            let o = hector(&["replay", "--locale", code, "--form", form, &pgn]);
            assert_eq!(Some(o.code), Some(0), "{code} {form}: {}", err(&o));
            let lines: Vec<String> = out(&o).lines().map(str::to_string).collect();
            assert_eq!(lines.len(), 33);
            assert_eq!(lines[0].split('\t').count(), 3);
            assert!(lines[0].starts_with("1\te4\t"));
            assert!(lines[32].starts_with("33\tRd8#\t"));
        }
    }
    let o = hector(&["replay", &pgn]);
    assert_eq!(out(&o).lines().nth(22).unwrap(), "23\tO-O-O\tLange Rochade");
}

#[test]
fn status_json_has_the_contract_fields() {
    let j = |args: &[&str]| -> serde_json::Value {
        let o = hector(args);
        assert_eq!(Some(o.code), Some(0), "{}", err(&o));
        serde_json::from_str(&out(&o)).unwrap()
    };
    let v = j(&["status", "--json"]);
    assert_eq!(v["outcome"], serde_json::Value::Null);
    assert_eq!(v["winner"], serde_json::Value::Null);
    assert_eq!(v["claimable"], serde_json::json!([]));
    assert_eq!(v["check"], false);
    assert_eq!(v["legal_moves"], 20);
    assert_eq!(
        v["fen"],
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
    );
    let v = j(&["status", "--json", "--moves", "f3 e5 g4 Qh4#"]);
    assert_eq!(
        (
            v["outcome"].as_str(),
            v["winner"].as_str(),
            v["check"].as_bool()
        ),
        (Some("checkmate"), Some("black"), Some(true))
    );
    let v = j(&[
        "status",
        "--json",
        "--fen",
        "7k/8/6K1/5Q2/8/8/8/8 w - - 0 1",
        "--moves",
        "Qf7",
    ]);
    assert_eq!(v["outcome"], "stalemate");
    let v = j(&[
        "status",
        "--json",
        "--moves",
        "Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1 Ng8",
    ]);
    assert_eq!(v["claimable"], serde_json::json!(["threefold-repetition"]));
    let v = j(&[
        "status",
        "--json",
        "--moves",
        "Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1 Ng8",
    ]);
    assert_eq!(v["outcome"], "fivefold-repetition");
    let v = j(&[
        "status",
        "--json",
        "--fen",
        "8/8/4k3/8/8/8/8/R3K3 w - - 149 100",
        "--moves",
        "Ra2",
    ]);
    assert_eq!(v["outcome"], "seventy-five-moves");
    let v = j(&[
        "status",
        "--json",
        "--fen",
        "8/8/4k3/8/8/8/8/R3K3 w - - 100 100",
    ]);
    assert_eq!(v["claimable"], serde_json::json!(["fifty-moves"]));
    let v = j(&[
        "status",
        "--json",
        "--fen",
        "8/8/4k3/8/8/8/3n4/3BK3 w - - 0 1",
        "--moves",
        "Kxd2",
    ]);
    assert_eq!(v["outcome"], "insufficient-material");
}

#[test]
fn bad_input_gives_a_sentence_and_a_nonzero_exit() {
    let cases: Vec<Vec<&str>> = vec![
        vec!["hear", "Banane"],
        vec!["hear", "--fen", "garbage", "e4"],
        vec!["hear", "--moves", "e4 e4", "e5"],
        vec!["say", "Ke2"],
        vec!["say", "--form", "medium", "e4"],
        vec!["say"],
        vec!["san", "--locale", "xx", "e4"],
        vec!["status", "--json", "--fen", "8/8/8/8/8/8/8/8 w - - 0 1"],
        vec!["replay", "/nonexistent.pgn"],
        vec!["play", "--fen", "nonsense"],
        vec!["status", "--bogus"],
        vec!["frobnicate"],
    ];
    for args in cases {
        let o = hector(&args);
        no_panic(&o);
        assert_ne!(Some(o.code), Some(0), "{args:?}");
        assert!(err(&o).trim().ends_with('.'), "{args:?}: '{}'", err(&o));
    }
    let dir = std::env::temp_dir().join(format!("hector-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let broken = dir.join("broken.pgn");
    std::fs::write(&broken, "[Event \"x\"]\n\n1. e4 e5 2. Qxf7 *\n").unwrap();
    let o = hector(&["replay", broken.to_str().unwrap()]);
    no_panic(&o);
    assert_eq!(Some(o.code), Some(1));
    assert!(err(&o).contains("2. Qxf7"), "{}", err(&o));
}

#[test]
fn play_in_the_terminal() {
    let script = "e4\nEva fünf\nSpringer Felix drei\nblack: where are my knights\nKnight Cesar sechs\nBanane\nlist\nboard\nrank 4\nwhite: draw\nblack: accept\ne5\n";
    let o = hector_stdin(&["play", "--locale", "de", "--blind", "none"], script);
    no_panic(&o);
    assert_eq!(Some(o.code), Some(0));
    let text = out(&o);
    let expect = [
        "Weiß am Zug.",
        "Weiß: Eva vier (e4).",
        "Schwarz: Eva fünf (e5).",
        "Weiß: Springer Felix drei (Sf3).",
        "Schwarze Springer: Bella acht, Gustav acht.",
        "Schwarz: Springer Cesar sechs (Sc6).",
        "Nicht verstanden: Banane. Bitte wiederholen.",
        "1. e4 e5 2. Sf3 Sc6",
        "acht: Anna acht schwarzer Turm, Cesar acht schwarzer Läufer",
        "Eva vier: weißer Bauer",
        "Weiß bietet Remis an.",
        "Remis vereinbart.",
        "Die Partie ist beendet.",
    ];
    support::in_order(&text, &expect);
}

#[test]
fn play_offers_a_numbered_choice_when_two_moves_fit() {
    let o = hector_stdin(
        &[
            "play",
            "--locale",
            "en",
            "--blind",
            "none",
            "--fen",
            "4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1",
        ],
        "Knight David two\n3\n2\nlist\n",
    );
    let text = out(&o);
    assert!(
        text.contains(
            "2 possibilities: 1, Knight Bella David two (Nbd2); 2, Knight Felix David two (Nfd2). Say the number."
        ),
        "{text}"
    );
    assert!(
        text.contains("Please say a number from one to 2."),
        "{text}"
    );
    assert!(
        text.contains("White: Knight Felix David two (Nfd2)."),
        "{text}"
    );
}

#[test]
fn bench_prints_the_figures() {
    let o = hector_lab(&["bench", "--games", "3", "--plies", "40"]);
    assert_eq!(Some(o.code), Some(0), "{}", err(&o));
    let text = out(&o);
    assert!(
        text.contains("phrases matched per second [de Short]"),
        "{text}"
    );
    assert!(text.contains("SAN round trips per second [el]"), "{text}");
    for line in text.lines().skip(1) {
        let (done, total) = line.rsplit_once('(').unwrap().1.split_once('/').unwrap();
        let total: String = total.chars().take_while(char::is_ascii_digit).collect();
        assert_eq!(done, total, "every phrase and SAN must match back: {line}");
    }
}

#[test]
fn play_records_completed_illegal_moves_art_7_5_5() {
    let o = hector_stdin(
        &["play", "--locale", "en", "--blind", "none"],
        "e4\narbiter: illegal white\narbiter: yes\narbiter: illegal white\narbiter: yes\ne5\n",
    );
    no_panic(&o);
    let text = out(&o);
    assert!(
        text.contains(
            "Illegal move by White: Black gets two minutes. The position was not changed."
        ),
        "{text}"
    );
    assert!(
        text.contains("Second illegal move by White. Black wins."),
        "{text}"
    );
    assert!(text.contains("The game is over."), "{text}");
}

#[test]
fn a_listing_whose_reader_has_gone_ends_quietly() {
    // `hector listen --vocabulary | head -0`: the reader has closed the
    // pipe before hector writes; hector stops without a panic or a
    // failed print (the shell sees the usual 141).
    use std::process::Stdio;
    for args in [
        &["listen", "--vocabulary", "--locale", "de"][..],
        &["say", "e4"],
        &["braille", "e4"],
        &["san", "e4"],
        &["hear", "springer", "felix", "drei"],
        &["status"],
    ] {
        let (reader, writer) = std::io::pipe().expect("a pipe");
        drop(reader);
        let out = support::hector_command()
            .args(args)
            .stdout(Stdio::from(writer))
            .stderr(Stdio::piped())
            .output()
            .expect("hector runs");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(stderr.is_empty(), "{args:?}: {stderr}");
        assert!(!out.status.success(), "{args:?}");
    }
}

#[test]
fn hector_tells_its_version() {
    let o = hector(&["--version"]);
    assert_eq!(o.code, 0, "{}", err(&o));
    assert_eq!(
        out(&o).trim(),
        format!("hector {}", env!("CARGO_PKG_VERSION"))
    );
}

/// Guidelines I.2, I.3: `envelope FILE` writes the envelope the arbiter
/// keeps (JSON: the sealed envelope with its outside) and a page to print
/// (the outside only); the sealed move reaches no event of another seat.
#[test]
fn session_writes_the_envelope_the_arbiter_asks_for() {
    let dir = std::env::temp_dir().join(format!("hector-envelope-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("board4.json");
    let page = dir.join("board4.txt");
    let input = format!(
        concat!(
            r#"{{"t":1000,"from":"white","text":"e4"}}"#,
            "\n",
            r#"{{"t":1500,"from":"white","text":"yes"}}"#,
            "\n",
            r#"{{"t":3000,"from":"black","text":"e5"}}"#,
            "\n",
            r#"{{"t":6000,"from":"white","text":"adjourn Nf3"}}"#,
            "\n",
            r#"{{"t":6100,"from":"white","text":"yes"}}"#,
            "\n",
            r#"{{"t":6500,"from":"arbiter","text":"resumption 2026-11-26 10:00 Hall B"}}"#,
            "\n",
            r#"{{"t":7000,"from":"arbiter","text":"envelope {}"}}"#,
            "\n",
            r#"{{"t":7500,"from":"arbiter","text":"envelope {}/no/such/dir/e.json"}}"#,
            "\n",
        ),
        file.display(),
        dir.display()
    );
    let o = hector_stdin(
        &[
            "session",
            "--locale",
            "en",
            "--control",
            "fide-standard",
            "--white",
            "Anna Weiss",
            "--black",
            "Boris Schwarz",
            "--seal-key",
            "0a",
        ],
        &input,
    );
    no_panic(&o);
    let text = out(&o);
    let json: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&file).expect("the envelope file")).unwrap();
    assert_eq!(json["envelope"]["sealed_move"], "Nf3", "{json}");
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = std::fs::metadata(&file).unwrap().permissions().mode() & 0o777;
        assert_eq!(
            mode, 0o600,
            "the envelope holds the sealed move: its owner's only"
        );
    }
    assert_eq!(json["outside"]["white"], "Anna Weiss", "{json}");
    assert_eq!(json["outside"]["resumption"]["place"], "Hall B", "{json}");
    let printed = std::fs::read_to_string(&page).expect("the page");
    assert!(
        printed.contains("Anna Weiss against Boris Schwarz"),
        "{printed}"
    );
    assert!(printed.contains("2026-11-26 at 10:00, Hall B"), "{printed}");
    assert!(
        !printed.contains("Nf3"),
        "the page never holds the sealed move: {printed}"
    );
    // Only the sealer hears his move; nothing else says it.
    for line in text.lines().filter(|l| l.contains("Nf3")) {
        assert!(line.contains(r#""to":["white"]"#), "{line}");
    }
    assert!(text.contains("The envelope is written to"), "{text}");
    assert!(text.contains("The envelope could not be written"), "{text}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// Issue 32.9: a usage error — an unknown option, a bad option value, a
/// missing argument — is one sentence on standard error and exit code 2,
/// for every command.
#[test]
fn usage_errors_exit_2_for_every_command() {
    let pgn = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/promotions.pgn");
    let cases: Vec<Vec<&str>> = vec![
        vec!["say", "--locale", "xx", "Nf3"],
        vec!["say", "--form", "medium", "e4"],
        vec!["say"],
        vec!["hear", "--locale", "xx", "e4"],
        vec!["hear", "--fen", "garbage", "e4"],
        vec!["san", "--locale", "xx", "e4"],
        vec!["san", "--moves", "e4 e9", "e5"],
        vec!["replay", "--locale", "xx", pgn],
        vec!["replay"],
        vec!["status", "--fen", "garbage"],
        vec!["braille", "--locale", "xx", "e4"],
        vec!["braille"],
        vec!["scoresheet", "--width", "x", pgn],
        vec!["scoresheet", "--format", "pdf", pgn],
        vec!["scoresheet"],
        vec!["display"],
        vec!["reconcile"],
        vec!["reconcile", "--locale", "xx", "file.json"],
        vec!["eboard"],
        vec!["eboard", "--device", "serial:/dev/null", "--dump"],
        vec!["eboard", "--device", "dgt:/dev/null"],
        vec!["listen"],
        vec!["listen", "--engine", "whisperer", "--wav", "x.wav"],
        vec!["listen", "--locale", "xx", "--wav", "x.wav"],
        vec!["enrol", "--locale", "xx"],
        vec!["enrol"],
        vec!["hall"],
        vec![
            "hall",
            "--hall",
            "nats://127.0.0.1:4222",
            "--tournament",
            "t",
            "--locale",
            "xx",
        ],
        vec!["play", "--control", "bogus"],
        vec!["play", "--form", "wide"],
        vec!["play", "--alert", "x"],
        vec!["play", "--assistant-for", "x"],
        vec!["session", "--blind", "nobody"],
        vec!["session", "--laws", "1999"],
        vec!["session", "--fen", "bad fen"],
        vec!["serve", "--control", "bogus"],
        vec!["clock", "--control", "x"],
    ];
    for args in cases {
        let o = hector(&args);
        no_panic(&o);
        assert_eq!(Some(o.code), Some(2), "{args:?}: {}", err(&o));
        assert!(!err(&o).trim().is_empty(), "{args:?}");
    }
    // Not usage: a move that fits nothing (1), a file that is not there (1).
    assert_eq!(Some(hector(&["hear", "Springer Felix vier"]).code), Some(1));
    assert_eq!(Some(hector(&["replay", "/nonexistent.pgn"]).code), Some(1));
}

/// Issue 32.6: files said by their letter names ("ef", "eff", "Ef").
#[test]
fn hear_takes_the_letter_names_of_files() {
    for phrase in [
        "Springer ef drei",
        "Springer Eff drei",
        "Springer ge eins ef drei",
    ] {
        let o = hector(&["hear", phrase]);
        assert_eq!(
            (Some(o.code), out(&o)),
            (Some(0), "Nf3\n".to_string()),
            "{phrase}"
        );
    }
    let o = hector(&["hear", "--locale", "en", "knight eff three"]);
    assert_eq!(out(&o), "Nf3\n");
    let o = hector(&["hear", "--locale", "pl", "pion de cztery"]);
    assert_eq!(out(&o), "d4\n");
}

/// Issue 32.9: an option's help says one default; listen --engine names
/// its values.
#[test]
fn help_says_one_default_and_names_the_engines() {
    let o = hector_lab(&["serve", "--help"]);
    let help = out(&o);
    let seed = help
        .lines()
        .find(|l| l.contains("--seed"))
        .unwrap_or_else(|| panic!("{help}"));
    assert!(seed.contains("default: from the clock"), "{seed}");
    assert!(!seed.contains("[default:"), "two defaults: {seed}");
    let o = hector(&["listen", "--help"]);
    let engine = out(&o)
        .lines()
        .find(|l| l.contains("--engine"))
        .map(str::to_string)
        .unwrap_or_default();
    assert!(
        engine.contains("pocketsphinx") && engine.contains("vosk"),
        "{engine}"
    );
}

/// Issue 41 point 6: hector's own sentences about its options are in the
/// game's language (`--locale`), never clap's English: an unknown option,
/// a value an option does not take, a value missing, a time control, a
/// position or a language hector cannot play, a command it does not have.
#[test]
fn option_errors_are_said_in_the_games_language() {
    // Words only the English sentences (and clap's) have.
    let english = [
        "error",
        "unexpected",
        "argument",
        "invalid",
        "takes",
        "give",
        "not a",
        "Usage",
    ];
    let cases: &[&[&str]] = &[
        &["play", "--bogus"],
        &["play", "--laws", "1999"],
        &["play", "--blind", "maybe"],
        &["play", "--control", "abc"],
        &["play", "--alert", "5x"],
        &["play", "--form"],
        &["play", "--fen", "nonsense"],
        &["play", "--seat-locale", "black=fr"],
        &["session", "--supervision", "sometimes"],
        &["serve", "--bogus"],
        &["san", "--bogus", "e4"],
        &["clock", "--control", "40/"],
    ];
    for code in ["de", "pl", "sr", "el"] {
        let mut seen = std::collections::HashSet::new();
        for case in cases {
            let mut args = case.to_vec();
            args.extend(["--locale", code]);
            let o = hector(&args);
            no_panic(&o);
            assert_eq!(o.code, 2, "{args:?}: {}", err(&o));
            let e = err(&o);
            let line = e.trim();
            assert_eq!(line.lines().count(), 1, "{args:?}: one sentence: {e}");
            for w in english {
                assert!(!line.contains(w), "{args:?} ({code}): '{w}' in {line}");
            }
            // It names the option or the value it is about.
            assert!(
                case.iter()
                    .skip(1)
                    .any(|a| line.contains(a.split('=').next_back().unwrap_or(a))),
                "{args:?}: {line}"
            );
            seen.insert(line.to_string());
        }
        // A sentence for each case, not one sentence for all.
        assert!(seen.len() >= cases.len() - 1, "{code}: {seen:?}");
    }
    // English when the game is English; German by default.
    let o = hector(&["play", "--bogus"]);
    assert!(
        err(&o).contains("kennt die Option --bogus nicht"),
        "{}",
        err(&o)
    );
    let o = hector(&["play", "--bogus", "--locale", "en"]);
    assert!(err(&o).contains("has no option --bogus"), "{}", err(&o));
    let o = hector(&["bogus", "--locale", "pl"]);
    assert!(err(&o).contains("nie ma polecenia „bogus”"), "{}", err(&o));
}
