//! Generated bad input for every command: thousands of mutated arguments,
//! standard input lines and files (bit flips, cuts, control characters,
//! huge numbers, bytes that are not UTF-8). hector never panics (exit 101),
//! never hangs, never exits non-zero without a sentence, and refuses each
//! bad line while the game goes on.
//!
//! The mutations come from a fixed seed (`HECTOR_BAD_INPUT_SEED` picks
//! another; the seed is printed on failure), so a failure repeats.

mod support;

use std::ffi::OsString;
use std::os::unix::ffi::OsStringExt;

/// hector's seeded source picks the mutations.
use hector::rules::random::SplitMix64 as Rng;

fn seed() -> u64 {
    std::env::var("HECTOR_BAD_INPUT_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(0x4845_4354_4F52)
}

const HUGE: [&str; 6] = [
    "18446744073709551616",
    "99999999999999999999999999",
    "-1",
    "1e308",
    "NaN",
    "4294967296",
];

/// One mutation of `input`.
fn mutate(rng: &mut Rng, input: &[u8]) -> Vec<u8> {
    let mut b = input.to_vec();
    match rng.below(8) {
        // Flip a bit.
        0 if !b.is_empty() => {
            let i = rng.below(b.len());
            b[i] ^= 1 << rng.below(8);
        }
        // Cut it short.
        1 => b.truncate(rng.below(b.len() + 1)),
        // A control character somewhere.
        2 => {
            let c = [0u8, 7, 8, 9, 13, 27, 127][rng.below(7)];
            b.insert(rng.below(b.len() + 1), c);
        }
        // A byte that is never UTF-8, or half a character.
        3 => {
            let bad: &[u8] =
                [&[0xFF][..], &[0xC3], &[0xE2, 0x82], &[0xED, 0xA0, 0x80]][rng.below(4)];
            let at = rng.below(b.len() + 1);
            b.splice(at..at, bad.iter().copied());
        }
        // A huge or impossible number.
        4 => b = HUGE[rng.below(HUGE.len())].as_bytes().to_vec(),
        // Repeated until long.
        5 => b = b.repeat(1 + rng.below(300)),
        // Random bytes.
        6 => b = (0..rng.below(40)).map(|_| rng.next_u64() as u8).collect(),
        // Several mutations at once.
        _ => {
            for _ in 0..3 {
                b = mutate(rng, &b);
            }
        }
    }
    b
}

/// Runs hector and checks the contract for any input.
fn check(args: &[OsString], input: Option<&[u8]>, seed: u64) -> (i32, String, String) {
    check_run(support::hector_raw_within(args, input, 30), args, seed)
}

/// [`check`] for a command of `hector-lab`.
fn check_lab(args: &[OsString], input: Option<&[u8]>, seed: u64) -> (i32, String, String) {
    check_run(support::hector_lab_raw_within(args, input, 30), args, seed)
}

fn check_run(ran: support::Ran, args: &[OsString], seed: u64) -> (i32, String, String) {
    let (code, out, err) = ran;
    let shown: Vec<String> = args
        .iter()
        .map(|a| {
            let s = a.to_string_lossy();
            s.chars().take(60).collect()
        })
        .collect();
    assert_ne!(code, 101, "seed {seed}: hector {shown:?} panicked: {err}");
    // Never silent: a sentence on standard error, or (hear's exit 2) the
    // candidates on standard output.
    assert!(
        !err.trim().is_empty() || !out.trim().is_empty(),
        "seed {seed}: hector {shown:?} exited {code} without a sentence"
    );
    (code, out, err)
}

fn os(v: &[&[u8]]) -> Vec<OsString> {
    v.iter().map(|a| OsString::from_vec(a.to_vec())).collect()
}

/// Each command with valid arguments; one argument at a time is mutated.
const COMMANDS: [&[&str]; 13] = [
    &[
        "say", "--locale", "en", "--form", "long", "--moves", "e4 e5", "Nf3",
    ],
    &[
        "hear",
        "--locale",
        "de",
        "--fen",
        "4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1",
        "Springer David zwei",
    ],
    &[
        "san",
        "--locale",
        "pl",
        "--long",
        "--moves",
        "1. e4 e5 2. Nf3",
        "Nc6",
    ],
    &[
        "status",
        "--json",
        "--fen",
        "8/8/8/8/8/8/8/K6k b - - 99 120",
    ],
    &["braille", "--locale", "en", "--moves", "e4 d5", "exd5"],
    &["clock", "sim", "--control", "40/5400+30:1800+30"],
    &[
        "scoresheet",
        "--format",
        "brf",
        "--width",
        "32",
        "--lines",
        "20",
        "tests/data/opera.pgn",
    ],
    &[
        "replay",
        "--locale",
        "en",
        "--form",
        "short",
        "tests/data/promotions.pgn",
    ],
    &["reconcile", "--locale", "en", "-"],
    &[
        "play",
        "--locale",
        "en",
        "--moves",
        "e4",
        "--control",
        "300+2",
    ],
    &[
        "session",
        "--locale",
        "en",
        "--blind",
        "both",
        "--control",
        "300+2",
    ],
    &["display", "--device", "terminal", "--show", "e4"],
    &["eboard", "--device", "dgt:/nonexistent", "--dump"],
];

/// The lab's commands (`hector-lab`) that finish quickly, tried the same way.
const LAB_COMMANDS: [&[&str]; 1] = [&["bench", "--games", "1", "--plies", "3", "--seed", "7"]];

#[test]
fn mutated_arguments_of_every_command_get_a_sentence_never_a_panic() {
    let seed = seed();
    let mut rng = Rng::new(seed);
    let per_command = std::env::var("HECTOR_BAD_INPUT_ARGS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(60);
    let mut runs = 0;
    let lab = LAB_COMMANDS.iter().map(|c| (true, *c));
    for (in_lab, base) in COMMANDS.iter().map(|c| (false, *c)).chain(lab) {
        for _ in 0..per_command {
            let mut args: Vec<Vec<u8>> = base.iter().map(|a| a.as_bytes().to_vec()).collect();
            // The command name stays (mostly): its options are what is tried.
            let i = if rng.below(10) == 0 {
                0
            } else {
                1 + rng.below(args.len() - 1)
            };
            args[i] = mutate(&mut rng, &args[i]);
            // The system takes no argument longer than 128 KiB, nor a NUL.
            args[i].truncate(100_000);
            args[i].retain(|b| *b != 0);
            let args: Vec<&[u8]> = args.iter().map(Vec::as_slice).collect();
            if in_lab {
                check_lab(&os(&args), Some(b"q\n"), seed);
            } else {
                check(&os(&args), Some(b"q\n"), seed);
            }
            runs += 1;
        }
    }
    eprintln!("{runs} runs with mutated arguments (seed {seed})");
}

/// Thousands of mutated lines to the interactive loops, many per process.
#[test]
fn mutated_stdin_lines_are_refused_and_the_loop_goes_on() {
    let seed = seed();
    let mut rng = Rng::new(seed ^ 1);
    let lines: [&[u8]; 8] = [
        b"e4",
        b"Springer Felix drei",
        b"Knight f three",
        b"board",
        b"moves",
        b"where e4",
        b"help",
        b"draw",
    ];
    for (args, good, count) in [
        (&["play", "--locale", "en"][..], &lines[..], 3000),
        (
            &["play", "--locale", "de", "--control", "300+2"],
            &lines[..],
            1500,
        ),
        (
            &["session", "--locale", "en"],
            &[
                &br#"{"t": 0, "from": "white", "text": "e4"}"#[..],
                br#"{"t": 10, "from": "black", "text": "Springer Felix sechs"}"#,
                br#"{"t": 20, "status": true}"#,
                br#"{"t": 30, "from": "white", "heard": ["g1f3"], "confidence": 0.9}"#,
                br#"{"t": 40, "interrupted_ms": 1000}"#,
                br#"{"t": 50, "device": "eboard", "seat": "black", "reachable": false, "why": "gone"}"#,
            ][..],
            3000,
        ),
    ] {
        let mut input = Vec::new();
        let mut not_text = 0;
        for _ in 0..count {
            let pick = rng.below(good.len());
            let line = mutate(&mut rng, good[pick]);
            let line: Vec<u8> = line.into_iter().filter(|b| *b != b'\n').collect();
            if line.len() <= hector::session::json::MAX_LINE && std::str::from_utf8(&line).is_err()
            {
                not_text += 1;
            }
            input.extend_from_slice(&line);
            input.push(b'\n');
        }
        let (code, out, err) = check(
            &os(&args.iter().map(|a| a.as_bytes()).collect::<Vec<_>>()),
            Some(&input),
            seed,
        );
        assert_eq!(code, 0, "seed {seed}: hector {args:?}: {err}");
        assert!(
            out.lines().count() > 2,
            "seed {seed}: hector {args:?} said nothing"
        );
        if args[0] == "play" {
            // Each line that is not text is refused in words, and the game
            // reads on to the end of the input.
            let refused = format!("{out}{err}").matches("UTF-8").count();
            assert_eq!(refused, not_text, "seed {seed}: hector {args:?}");
        }
    }
}

/// Mutated files for the commands that read one.
#[test]
fn mutated_files_are_refused_in_words() {
    let seed = seed();
    let mut rng = Rng::new(seed ^ 2);
    let dir = std::env::temp_dir().join(format!("hector-gen-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let opera = std::fs::read(format!(
        "{}/tests/data/opera.pgn",
        env!("CARGO_MANIFEST_DIR")
    ))
    .unwrap();
    let reconcile = br#"{"scoresheet_blind": ["e4","e5","Nf3"], "scoresheet_sighted": ["e4","e5","Nf3"], "board_blind": "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2", "board_sighted": "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2"}"#;
    let per = std::env::var("HECTOR_BAD_INPUT_FILES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(60);
    for (cmd, base) in [
        (&["replay", "--locale", "en"][..], &opera[..]),
        (&["scoresheet", "--format", "brf"], &opera[..]),
        (&["reconcile"], &reconcile[..]),
    ] {
        for i in 0..per {
            let path = dir.join(format!("{}-{i}", cmd[0]));
            std::fs::write(&path, mutate(&mut rng, base)).unwrap();
            let mut args: Vec<OsString> = cmd.iter().map(OsString::from).collect();
            args.push(path.clone().into_os_string());
            check(&args, None, seed);
        }
    }
    // The clock simulation, many lines in one process: a bad line stops it
    // with a sentence naming the line.
    for _ in 0..per {
        let mut input = Vec::new();
        for _ in 0..50 {
            let line = mutate(&mut rng, b"12000 press");
            input.extend(line.into_iter().filter(|b| *b != b'\n'));
            input.push(b'\n');
        }
        let (code, _, err) = check(
            &os(&[b"clock", b"sim", b"--control", b"300+2"]),
            Some(&input),
            seed,
        );
        assert!(code == 0 || err.contains("line "), "seed {seed}: {err}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}
