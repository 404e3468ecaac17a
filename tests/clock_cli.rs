//! `hector clock sim` and `hector clock` as a user runs them.

mod support;

use std::io::Write;
use std::process::Stdio;

fn run(args: &[&str], input: &str) -> (i32, String, String) {
    support::hector_with_input(args, input)
}

#[test]
fn sim_prints_one_json_object_per_line() {
    let input = "0 start\n10000 press\n15000 press\n20000 pause\n80000 resume\n90000 show\n";
    let (code, out, err) = run(&["clock", "sim", "--control", "300+2"], input);
    assert_eq!(code, 0, "{err}");
    let lines: Vec<serde_json::Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 6);
    assert_eq!(
        lines[1],
        serde_json::json!({"t":10000,"white_ms":292000,"black_ms":300000,"running":"black",
            "moves_white":1,"moves_black":0,"flag":null})
    );
    assert_eq!(lines[3]["running"], serde_json::Value::Null);
    assert_eq!(lines[5]["white_ms"], 277_000);
    assert_eq!(lines[5]["running"], "white");
}

#[test]
fn sim_reports_the_first_flag_and_freezes() {
    let input = "0 start\n1000 press\n70000 show\n90000 press\n";
    let (code, out, _) = run(&["clock", "sim", "--control", "60"], input);
    assert_eq!(code, 0);
    let last: serde_json::Value = serde_json::from_str(out.lines().last().unwrap()).unwrap();
    assert_eq!(last["flag"], "black");
    assert_eq!(last["black_ms"], 0);
    assert_eq!(last["white_ms"], 59_000);
    assert_eq!(last["running"], serde_json::Value::Null);
    assert_eq!(last["moves_black"], 0);
}

#[test]
fn sim_bad_lines_are_a_clear_error_and_exit_1() {
    for (input, needle) in [
        ("0 start\nhello\n", "line 2"),
        ("0 start\n10 fly\n", "unknown event 'fly'"),
        ("0 start\n-3 press\n", "not a whole number"),
        ("100 start\n50 press\n", "backwards"),
        ("0 press\n", "not been started"),
    ] {
        let (code, _, err) = run(&["clock", "sim", "--control", "300"], input);
        assert_eq!(code, 1, "{input:?}");
        assert!(err.contains(needle), "{input:?}: {err}");
        assert!(!err.contains("panicked"), "{err}");
    }
    let (code, _, err) = run(&["clock", "sim", "--control", "40/"], "");
    assert_eq!(code, 2);
    // In the game's language (German unless --locale says otherwise).
    assert!(err.contains("keine Bedenkzeit"), "{err}");
}

#[test]
fn standalone_clock_answers_keys() {
    let (code, out, err) = run(
        &["clock", "--control", "300", "--locale", "en"],
        "t\n\nt\no\nm\nw\nb\nm\np\np\nzz\nq\n",
    );
    assert_eq!(code, 0, "{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert!(lines[0].contains("300"), "{out}");
    assert_eq!(lines[1], "The clock has not started yet");
    assert!(lines[2].starts_with("Your time: "), "{out}");
    assert!(lines[3].starts_with("Opponent: "), "{out}");
    assert_eq!(lines[4], "White zero moves, Black zero moves");
    assert_eq!(lines[5], "White one move, Black one move");
    assert_eq!(lines[6], "Clock paused");
    assert_eq!(lines[7], "Clock running again");
    assert!(err.contains("Unknown key 'zz'"), "{err}");
}

#[test]
fn play_with_a_clock_reports_a_flag_at_once() {
    use std::io::{BufRead, BufReader};
    use std::time::{Duration, Instant};
    let mut child = support::hector_command()
        .args(["play", "--control", "1", "--locale", "en"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let stdout = child.stdout.take().unwrap();
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines() {
            let Ok(l) = line else { break };
            let _ = tx.send((Instant::now(), l));
        }
    });
    let started = Instant::now();
    // Nothing is typed: the flag must still be reported, about 1 s in.
    let mut flag = None;
    while started.elapsed() < Duration::from_secs(10) {
        if let Ok((at, l)) = rx.recv_timeout(Duration::from_millis(200))
            && l.contains("overstepped")
        {
            flag = Some((at, l));
            break;
        }
    }
    stdin.write_all(b"time\nquit\n").unwrap();
    drop(stdin);
    let status = child.wait().unwrap();
    let (at, line) = flag.expect("no flag reported");
    assert_eq!(line, "White has overstepped the time. Black wins.");
    assert!(at.duration_since(started) >= Duration::from_millis(900));
    assert!(status.success());
}
