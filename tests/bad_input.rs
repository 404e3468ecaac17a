//! Bad input on the command line, standard input and files: a clear
//! sentence, a non-zero exit where the input is refused, never a panic
//! (exit 101) and never a silent stop.

mod support;

use std::ffi::OsString;
use std::os::unix::ffi::OsStringExt;

/// Every command a user can type (`baum-emulator` is a hidden helper).
const COMMANDS: [&str; 17] = [
    "session",
    "play",
    "say",
    "hear",
    "san",
    "replay",
    "status",
    "bench",
    "clock",
    "braille",
    "scoresheet",
    "display",
    "reconcile",
    "eboard",
    "listen",
    "announce",
    "hall",
];

fn os(args: &[&str]) -> Vec<OsString> {
    args.iter().map(OsString::from).collect()
}

/// Issue 13 defect 1: `hector say $'\xff'` panicked in `std::env::args`.
#[test]
fn an_argument_that_is_not_utf8_is_refused_with_a_sentence() {
    for cmd in COMMANDS.iter().chain(&["", "--locale"]) {
        let mut args = os(&[cmd]);
        args.retain(|a| !a.is_empty());
        args.push(OsString::from_vec(b"e\xff4".to_vec()));
        let (code, _, err) = support::hector_raw(&args, Some(b""));
        assert_eq!(code, 2, "hector {cmd} <bad UTF-8>: {err}");
        // Refused as text that is not UTF-8, or (for a command that takes
        // no words) as an argument or subcommand it does not take.
        assert!(
            err.contains("invalid UTF-8")
                || err.contains("unexpected argument")
                || err.contains("unrecognized subcommand"),
            "hector {cmd}: {err}"
        );
    }
    // As an option's value too.
    let args = vec![
        OsString::from("hear"),
        OsString::from("--locale"),
        OsString::from_vec(b"\xc3".to_vec()),
        OsString::from("e4"),
    ];
    let (code, _, err) = support::hector_raw(&args, None);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("invalid UTF-8"), "{err}");
}

/// Issue 10 point 8: `hector --help` and `hector COMMAND --help` for every
/// command, each listing its options.
#[test]
fn every_command_has_help() {
    let (code, out, _) = support::hector(&["--help"]);
    assert_eq!(code, 0);
    for cmd in COMMANDS {
        assert!(
            out.lines().any(|l| l.trim_start().starts_with(cmd)),
            "hector --help does not list {cmd}:\n{out}"
        );
        let (code, out, err) = support::hector(&[cmd, "--help"]);
        assert_eq!(code, 0, "hector {cmd} --help: {err}");
        assert!(
            out.contains(&format!("Usage: hector {cmd}")),
            "{cmd}: {out}"
        );
    }
    let (_, out, _) = support::hector(&["say", "--help"]);
    for option in ["--locale", "--fen", "--moves", "--form", "--wav", "--rate"] {
        assert!(out.contains(option), "say --help lacks {option}:\n{out}");
    }
    let (code, out, _) = support::hector(&["help", "clock"]);
    assert_eq!(code, 0);
    assert!(out.contains("--control") && out.contains("Keys"), "{out}");
}

/// Usage errors are sentences naming what is wrong, with exit code 2.
#[test]
fn usage_errors_are_sentences_with_exit_code_2() {
    for (args, says) in [
        (&["say", "--nope", "e4"][..], "'--nope'"),
        (&["hear", "--locale"][..], "--locale"),
        (&["status", "--json=yes"][..], "--json"),
        (&["frobnicate"][..], "'frobnicate'"),
        (&["clock", "sim", "--warnings"][..], "'--warnings'"),
    ] {
        let (code, out, err) = support::hector(args);
        assert_eq!(code, 2, "hector {args:?}: {err}");
        assert!(out.is_empty(), "hector {args:?} printed {out}");
        assert!(err.contains(says), "hector {args:?}: {err}");
        assert!(err.contains("try '--help'"), "hector {args:?}: {err}");
    }
}

/// The options of every command keep their names: the same value given
/// twice is the last one, `--name=value` and `--name value` are the same.
#[test]
fn options_keep_their_names_and_forms() {
    let a = support::hector(&["san", "--locale=de", "--locale", "en", "Nf3"]);
    let b = support::hector(&["san", "--locale", "en", "Nf3"]);
    assert_eq!(a, b);
    assert_eq!(a.1, "Nf3\n");
    let (code, out, err) = support::hector(&["hear", "--", "Springer", "Felix", "drei"]);
    assert_eq!((code, out.as_str()), (0, "Nf3\n"), "{err}");
}
