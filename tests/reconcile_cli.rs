//! `hector reconcile FILE.json`: the D.2.9 command-line contract, and bad
//! input giving a clear sentence and exit code 1, never a panic.

use std::process::{Command, Output};

fn run_json(name: &str, json: &str, extra: &[&str]) -> Output {
    let dir = std::env::temp_dir().join(format!("hector-reconcile-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, json).unwrap();
    Command::new(env!("CARGO_BIN_EXE_hector"))
        .arg("reconcile")
        .arg(&path)
        .args(extra)
        .output()
        .unwrap()
}

fn parse(o: &Output) -> serde_json::Value {
    assert!(
        o.status.success(),
        "stderr: {}",
        String::from_utf8_lossy(&o.stderr)
    );
    let text = String::from_utf8_lossy(&o.stdout);
    assert_eq!(text.lines().count(), 1, "one JSON object: {text}");
    serde_json::from_str(&text).unwrap()
}

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR";
const AFTER_E4_E5: &str = "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR";
const AFTER_NF3: &str = "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2";
const AFTER_NH3: &str = "rnbqkbnr/pppp1ppp/8/4p3/4P3/7N/PPPP1PPP/RNBQKB1R";

#[test]
fn in_order() {
    let v = parse(&run_json(
        "in-order.json",
        &format!(
            r#"{{"scoresheet_blind": ["e4","e5","Nf3"], "scoresheet_sighted": ["e4","e5","Nf3"],
               "board_blind": "{AFTER_NF3}", "board_sighted": "{AFTER_NF3}"}}"#
        ),
        &[],
    ));
    assert_eq!(v["decision"], "in-order");
    assert_eq!(v["boards"], serde_json::json!([]));
    assert_eq!(v["agreed_plies"], 3);
    assert_eq!(v["position"], AFTER_NF3);
    assert_eq!(v["fixes"]["blind"], serde_json::json!([]));
}

#[test]
fn correct_board_names_the_board_and_says_what_to_do() {
    let v = parse(&run_json(
        "correct.json",
        &format!(
            r#"{{"scoresheet_blind": ["e4","e5","Nf3"], "scoresheet_sighted": ["e4","e5","Nf3"],
               "board_blind": "{AFTER_NH3}", "board_sighted": "{AFTER_NF3}"}}"#
        ),
        &["--locale", "en"],
    ));
    assert_eq!(v["decision"], "correct-board");
    assert_eq!(v["boards"], serde_json::json!(["blind"]));
    assert_eq!(v["position"], AFTER_NF3);
    assert_eq!(
        v["fixes"]["blind"],
        serde_json::json!(["Move the white knight from h3 to f3."])
    );
    assert_eq!(v["fixes"]["sighted"], serde_json::json!([]));
}

#[test]
fn retrace_with_clock_times_in_german_by_default() {
    let v = parse(&run_json(
        "retrace.json",
        &format!(
            r#"{{"start_fen": "{START} w KQkq - 0 1",
               "scoresheet_blind": ["e4","e5","Nc3"], "scoresheet_sighted": ["e4","e5","Nf3"],
               "board_blind": "{AFTER_NF3}", "board_sighted": "{AFTER_NF3}",
               "clock_times": [[5400000,5400000],[5390000,5400000],[5390000,5381000],[5300000,5381000]]}}"#
        ),
        &[],
    ));
    assert_eq!(v["decision"], "retrace");
    assert_eq!(v["agreed_plies"], 2);
    assert_eq!(v["boards"], serde_json::json!(["blind", "sighted"]));
    assert_eq!(
        v["position"],
        format!("{AFTER_E4_E5} w KQkq - 0 2").as_str()
    );
    assert_eq!(v["clock"]["white_ms"], 5_390_000);
    assert_eq!(v["clock"]["black_ms"], 5_381_000);
    assert_eq!(
        v["fixes"]["sighted"],
        serde_json::json!(["Versetze den weißen Springer von f3 nach g1."])
    );
}

#[test]
fn bad_input_is_a_clear_error_with_exit_1() {
    let cases: [(&str, &str, &str); 6] = [
        ("garbage.json", "{not json", "not valid"),
        (
            "missing.json",
            r#"{"scoresheet_blind": []}"#,
            "missing field",
        ),
        (
            "badboard.json",
            r#"{"scoresheet_blind": [], "scoresheet_sighted": [], "board_blind": "xyz", "board_sighted": "8/8/8/8/8/8/8/8"}"#,
            "board_blind",
        ),
        (
            "badfen.json",
            r#"{"start_fen": "nonsense", "scoresheet_blind": [], "scoresheet_sighted": [], "board_blind": "8/8/8/8/8/8/8/8", "board_sighted": "8/8/8/8/8/8/8/8"}"#,
            "start_fen",
        ),
        (
            "typo.json",
            r#"{"scoresheet_blnd": [], "scoresheet_sighted": [], "board_blind": "8/8/8/8/8/8/8/8", "board_sighted": "8/8/8/8/8/8/8/8"}"#,
            "unknown field",
        ),
        (
            "empty-entry.json",
            r#"{"scoresheet_blind": ["e4", " "], "scoresheet_sighted": [], "board_blind": "8/8/8/8/8/8/8/8", "board_sighted": "8/8/8/8/8/8/8/8"}"#,
            "empty",
        ),
    ];
    for (name, json, says) in cases {
        let o = run_json(name, json, &[]);
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(1), "{name}: {err}");
        assert!(err.contains(says), "{name}: {err}");
        assert!(!err.contains("panicked"), "{name}: {err}");
        assert!(o.stdout.is_empty(), "{name}");
    }
    let o = Command::new(env!("CARGO_BIN_EXE_hector"))
        .args(["reconcile", "--locale", "en", "/nonexistent/file.json"])
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(1));
    assert!(
        String::from_utf8_lossy(&o.stderr).contains("There is no file /nonexistent/file.json.")
    );
    // In the language asked for (hector's own default is German).
    for (loc, says) in [
        ("de", "Die Datei /nonexistent/file.json gibt es nicht."),
        ("el", "Δεν υπάρχει αρχείο /nonexistent/file.json."),
    ] {
        let o = Command::new(env!("CARGO_BIN_EXE_hector"))
            .args(["reconcile", "--locale", loc, "/nonexistent/file.json"])
            .output()
            .unwrap();
        assert_eq!(o.status.code(), Some(1));
        assert_eq!(String::from_utf8_lossy(&o.stderr).trim(), says);
    }
}
