//! The Braille command-line contract: `hector braille`, `hector scoresheet`
//! (golden scoresheets, and BRF read back by liblouis equals the Unicode
//! scoresheet) and `hector display` on an emulated Baum display.

mod common;

use std::process::{Command, Stdio};
use std::time::Duration;

use common::*;
mod support;
use hector::braille::Cell;
use hector::braille::driver::KeyEvent;
use hector::lab::braille::emulator::Emulator;
use support::{hector, hector_with_input};

const GOLDEN: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/golden/braille");
const GAMES: [(&str, &str); 5] = [
    ("immortal", "en"),
    ("opera", "de"),
    ("endgame", "pl"),
    ("immortal", "sr"),
    ("opera", "el"),
];

#[test]
fn braille_prints_a_move_in_the_chess_code() {
    assert_eq!(hector(&["braille", "e4"]).1, "⠑⠲\n");
    assert_eq!(hector(&["braille", "--locale", "en", "Nf3"]).1, "⠎⠋⠒\n");
    assert_eq!(hector(&["braille", "--locale", "de", "Sf3"]).1, "⠎⠋⠒\n");
    assert_eq!(
        hector(&[
            "braille",
            "--locale",
            "de",
            "--moves",
            "e4 e5 Lc4 Sc6 Dh5 Sf6",
            "Dxf7"
        ])
        .1,
        "⠙⠭⠋⠶⠜⠏⠜⠏\n"
    );
    assert_eq!(
        hector(&[
            "braille",
            "--locale",
            "en",
            "--fen",
            "4k3/8/8/8/8/8/8/4K2R w K - 0 1",
            "O-O"
        ])
        .1,
        "⠴⠤⠴\n"
    );
    let (code, out, err) = hector(&["braille", "e5"]);
    assert_ne!(code, 0);
    assert!(out.is_empty());
    assert!(!err.trim().is_empty());
    let (code, _, err) = hector(&["braille", "--locale", "xx", "e4"]);
    assert_ne!(code, 0);
    assert!(!err.trim().is_empty());
}

#[test]
fn scoresheets_match_the_golden_files() {
    for (game, loc) in GAMES {
        let pgn = format!("{GOLDEN}/{game}.pgn");
        for (format, ext) in [("unicode", "txt"), ("brf", "brf")] {
            let (code, out, err) =
                hector(&["scoresheet", "--format", format, "--locale", loc, &pgn]);
            assert_eq!(code, 0, "{game} {format}: {err}");
            let want = std::fs::read_to_string(format!("{GOLDEN}/{game}.{loc}.{ext}"))
                .expect("golden file");
            assert_eq!(out, want, "{game} {format}");
        }
    }
}

#[test]
fn brf_pages_are_40_by_25_with_crlf_and_form_feed() {
    let (_, brf, _) = hector(&[
        "scoresheet",
        "--format",
        "brf",
        "--locale",
        "en",
        &format!("{GOLDEN}/immortal.pgn"),
    ]);
    let pages: Vec<&str> = brf.split('\u{0C}').collect();
    assert_eq!(pages.len(), 2, "29 lines make two pages");
    for page in &pages {
        let lines: Vec<&str> = page.split_terminator("\r\n").collect();
        assert!(lines.len() <= 25);
        assert!(
            lines
                .iter()
                .all(|l| l.chars().count() <= 40 && !l.contains('\n'))
        );
        assert!(
            lines
                .iter()
                .all(|l| l.chars().all(|c| (' '..='_').contains(&c)))
        );
    }
    assert_eq!(pages[0].split_terminator("\r\n").count(), 25);
    // Configurable: 20 cells, 10 lines, LF, no form feed.
    let (code, brf, err) = hector(&[
        "scoresheet",
        "--format",
        "brf",
        "--width",
        "20",
        "--lines",
        "10",
        "--line-end",
        "lf",
        "--page-break",
        "none",
        &format!("{GOLDEN}/immortal.pgn"),
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(!brf.contains('\r') && !brf.contains('\u{0C}'));
    assert!(brf.lines().all(|l| l.chars().count() <= 20));
}

#[test]
fn scoresheet_rejects_bad_input() {
    let dir = TempDir::new("badpgn");
    let bad = dir.path("bad.pgn");
    std::fs::write(&bad, "1. e4 e4 *\n").unwrap();
    for args in [
        vec!["scoresheet", "--format", "brf", bad.as_str()],
        vec![
            "scoresheet",
            "--format",
            "pdf",
            &format!("{GOLDEN}/opera.pgn"),
        ],
        vec!["scoresheet", "--format", "brf", "/nonexistent/game.pgn"],
        vec!["scoresheet", "--format", "brf"],
    ] {
        let (code, out, err) = hector(&args);
        assert_ne!(code, 0, "{args:?}");
        assert!(out.is_empty(), "{args:?}");
        assert!(!err.trim().is_empty(), "{args:?}");
    }
}

/// 8.1.5, 9.1.2.2: a draw offer made in a game is marked (=) on the
/// Braille scoresheet after the offerer's move, in BRF and in Unicode.
#[test]
fn a_draw_offer_from_the_game_is_marked_on_the_braille_scoresheet() {
    let input: String = [
        (1000, "white", "e4"),
        (2000, "black", "e5"),
        (2500, "black", "draw"),
        (3000, "white", "Nf3"),
        (4000, "black", "Nc6"),
        (4500, "white", "pgn"),
    ]
    .iter()
    .map(|(t, from, text)| format!("{{\"t\":{t},\"from\":\"{from}\",\"text\":\"{text}\"}}\n"))
    .collect();
    let (code, out, err) =
        hector_with_input(&["session", "--locale", "en", "--blind", "none"], &input);
    assert_eq!(code, 0, "{err}");
    let pgn = out
        .lines()
        .filter_map(|l| serde_json::from_str::<serde_json::Value>(l).ok())
        .find_map(|e| {
            e.pointer("/detail/pgn")
                .and_then(|p| p.as_str())
                .map(String::from)
        })
        .expect("the session answers with the PGN");
    assert!(pgn.contains("e5 {(=)}"), "{pgn}");
    let dir = TempDir::new("offerpgn");
    let file = dir.path("offer.pgn");
    std::fs::write(&file, &pgn).unwrap();
    let (code, brf, err) = hector(&["scoresheet", "--format", "brf", "--locale", "en", &file]);
    assert_eq!(code, 0, "{err}");
    assert!(brf.contains("\r\n1 E4 E5 (=)\r\n"), "{brf}");
    assert_eq!(brf.matches("(=)").count(), 1, "{brf}");
    let (code, text, err) = hector(&["scoresheet", "--format", "unicode", "--locale", "en", &file]);
    assert_eq!(code, 0, "{err}");
    assert!(text.contains("\n⠂⠀⠑⠲⠀⠑⠢⠀⠷⠿⠾\n"), "{text}");
}

#[test]
fn liblouis_reads_the_brf_back_as_the_unicode_scoresheet() {
    if !need(&["lou_translate"]) {
        return;
    }
    for (game, loc) in GAMES {
        let pgn = format!("{GOLDEN}/{game}.pgn");
        let (_, brf, _) = hector(&["scoresheet", "--format", "brf", "--locale", loc, &pgn]);
        let (_, unicode, _) = hector(&["scoresheet", "--format", "unicode", "--locale", loc, &pgn]);
        // One line per line for lou_translate: pages and CR dropped, and its
        // escape character (backslash) escaped.
        let input = brf
            .replace("\r\n", "\n")
            .replace('\u{0C}', "")
            .replace('\\', "\\\\");
        let mut child = Command::new("lou_translate")
            .args(["--backward", "en-us-brf.dis,unicode-braille.utb"])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("lou_translate runs");
        {
            use std::io::Write;
            let mut stdin = child.stdin.take().expect("stdin");
            stdin.write_all(input.as_bytes()).unwrap();
        }
        let (_, out, _) = finish(&mut Guard(child), 30_000);
        assert_eq!(out, unicode, "{game}");
    }
}

#[test]
fn display_shows_text_on_a_baum_display() {
    if !need(&["socat"]) {
        return;
    }
    let dir = TempDir::new("cli-show");
    let (_socat, dev, host) = socat(&dir);
    let emu = EmuRun::start(&dev, Emulator::new("Orbit Reader 40", 40));
    let (code, _, err) = hector(&[
        "display",
        "--device",
        &format!("baum:{host}"),
        "--show",
        "⠎⠋⠒ e4",
    ]);
    assert_eq!(code, 0, "{err}");
    let want = cells(&["234", "124", "25", "0", "15", "256"]);
    assert!(
        wait_for("cells", 3000, || emu.display()[..6] == want[..]),
        "{:?}",
        emu.display()
    );
    let (code, _, err) = hector(&[
        "display",
        "--device",
        "baum:/nonexistent/tty",
        "--show",
        "x",
    ]);
    assert_ne!(code, 0);
    assert!(!err.trim().is_empty());
}

#[test]
fn display_prints_key_events() {
    if !need(&["socat"]) {
        return;
    }
    let dir = TempDir::new("cli-keys");
    let (_socat, dev, host) = socat(&dir);
    let emu = EmuRun::start(&dev, Emulator::orbit_reader_20());
    let mut guard = spawn_hector(
        &[
            "display",
            "--device",
            &format!("baum:{host}"),
            "--keys",
            "3",
            "--timeout",
            "10000",
        ],
        false,
    );
    assert!(wait_for("identity query", 5000, || {
        emu.shared
            .lock()
            .map(|s| s.identity_queries > 0)
            .unwrap_or(false)
    }));
    std::thread::sleep(Duration::from_millis(300));
    emu.press(&KeyEvent::Route(5));
    emu.press(&KeyEvent::Chord {
        dots: Cell::from_dots("1245").unwrap(),
        space: false,
    });
    emu.press(&KeyEvent::Key("display3".into()));
    let (code, out, err) = finish(&mut guard, 20_000);
    assert_eq!(code, 0, "{err}");
    assert_eq!(out, "route 5\nchord 1245\nkey display3\n");
}

#[test]
fn play_takes_moves_from_the_braille_keyboard_and_shows_them() {
    if !need(&["socat"]) {
        return;
    }
    use std::io::Write;
    let dir = TempDir::new("cli-play");
    let (_socat, dev, host) = socat(&dir);
    let emu = EmuRun::start(&dev, Emulator::new("Orbit Reader 40", 40));
    let mut guard = play_with_baum(&host, "black");
    assert!(wait_for("first draw", 5000, || emu.writes() > 0));
    // White plays e4 from the terminal (the terminal is the blind player's:
    // White names his seat); Black (blind) types s f 6 and dot 8, reads the
    // move back on his display and confirms with dot 8.
    let mut stdin = guard.0.stdin.take().expect("stdin");
    stdin.write_all(b"white: e4\n").unwrap();
    stdin.flush().unwrap();
    let e4 = cells(&["2", "0", "15", "256", "0", "12"]);
    assert!(
        wait_for("status after e4", 5000, || emu.display()[..6] == e4[..]),
        "{:?}",
        emu.display()
    );
    for d in ["234", "124", "235", "8"] {
        emu.press(&KeyEvent::Chord {
            dots: Cell::from_dots(d).unwrap(),
            space: false,
        });
    }
    // The read-back: "Knight Felix six?" as text cells.
    let readback = hector::braille::brf::text_cells("Knight Felix six?");
    assert!(
        wait_for("read-back", 5000, || emu.display()[..readback.len()]
            == readback[..]),
        "{:?}",
        emu.display()
    );
    emu.press(&KeyEvent::Chord {
        dots: Cell::from_dots("8").unwrap(),
        space: false,
    });
    // Status: 1 ⠤⠎⠋⠖ w  (Black's move, then White to move).
    let nf6 = cells(&["2", "0", "36", "234", "124", "235", "0", "2456"]);
    assert!(
        wait_for("status after Nf6", 5000, || emu.display()[..8] == nf6[..]),
        "{:?}",
        emu.display()
    );
    // A chord sequence that fits no move shows the full cell first.
    for d in ["15", "2356", "8"] {
        emu.press(&KeyEvent::Chord {
            dots: Cell::from_dots(d).unwrap(),
            space: false,
        });
    }
    assert!(wait_for("no-match marker", 5000, || emu.display()[0] == Cell(0x3F)));
    // The board page on display key 6.
    emu.press(&KeyEvent::Key("display6".into()));
    let rank8 = cells(&[
        "236", "0", "1235", "234", "12", "12345", "13", "12", "0", "1235",
    ]);
    assert!(
        wait_for("board", 5000, || emu.display()[..10] == rank8[..]),
        "{:?}",
        emu.display()
    );
    stdin.write_all(b"quit\n").unwrap();
    drop(stdin);
    let (code, out, err) = finish(&mut guard, 20_000);
    assert_eq!(code, 0, "{err}");
    // The terminal side saw both moves.
    assert!(out.contains("(e4)") && out.contains("(Nf6)"), "{out}");
}

#[test]
fn terminal_display_shows_unicode_and_reads_typed_keys() {
    let (code, out, err) = hector(&["display", "--device", "terminal:8", "--show", "⠎⠋⠒"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(out, "⠎⠋⠒⠀⠀⠀⠀⠀\n");
    let (code, out, err) = hector_with_input(
        &[
            "display",
            "--device",
            "terminal",
            "--keys",
            "3",
            "--timeout",
            "10000",
        ],
        "234\nnonsense\nr7\ndisplay4\n",
    );
    assert_eq!(code, 0, "{err}");
    assert_eq!(out, "chord 234\nroute 7\nkey display4\n");
    assert!(err.contains("nonsense"));
    // Input ends before three keys came: an error, not a hang.
    let (code, _, err) = hector_with_input(
        &[
            "display",
            "--device",
            "terminal",
            "--keys",
            "3",
            "--timeout",
            "10000",
        ],
        "234\n",
    );
    assert_ne!(code, 0);
    assert!(!err.trim().is_empty());
    let (code, _, _) = hector(&["display", "--device", "nowhere", "--show", "x"]);
    assert_ne!(code, 0);
}

#[test]
fn play_on_the_terminal_display() {
    let (code, out, err) = hector_with_input(
        &[
            "play",
            "--locale",
            "en",
            "--blind",
            "black",
            "--braille",
            "terminal:20",
        ],
        "white: e4\n> 234\n> 124\n> 235\n> 8\n> 8\nquit\n",
    );
    assert_eq!(code, 0, "{err}");
    // The status line after 1. e4 Nf6 on the virtual display.
    assert!(out.contains("⠂⠀⠤⠎⠋⠖⠀⠺"), "{out}");
}

#[test]
fn play_with_a_clock_shows_the_times_on_the_display() {
    let (code, out, err) = hector_with_input(
        &[
            "play",
            "--locale",
            "en",
            "--braille",
            "terminal:40",
            "--control",
            "300+2",
        ],
        "quit\n",
    );
    assert_eq!(code, 0, "{err}");
    // White to move, 5:00 each (lower-cell digits, colon as in BRF).
    assert!(out.contains("⠺⠀⠢⠱⠴⠴⠀⠢⠱⠴⠴"), "{out}");
}

/// A blind player with a language of his own (`--seat-locale white=pl`,
/// issue 32) reads every sentence on his display in it, the read-back too,
/// while the game (and its shared terminal) is German. (The terminal
/// display prints the cells it shows last.)
#[test]
fn play_shows_the_seats_own_language_on_its_display() {
    let play = |input: &str| {
        let (code, out, err) = hector_with_input(
            &[
                "play",
                "--locale",
                "de",
                "--seat-locale",
                "white=pl",
                "--braille",
                "terminal:40",
            ],
            input,
        );
        assert_eq!(code, 0, "{err}");
        out
    };
    let cells = |t: &str| {
        let mut c = hector::braille::brf::text_cells(t);
        c.truncate(40);
        hector::braille::cell::to_unicode(&c)
            .trim_end_matches('⠀')
            .to_string()
    };
    // The read-back on his display in Polish, not in the game's German
    // (which the terminal prints).
    let out = play("e4\nquit\n");
    assert!(out.contains("Eva vier?"), "{out}");
    assert!(out.contains(&cells("Ewa cztery?")), "{out}");
    assert!(!out.contains(&cells("Eva vier?")), "{out}");
    // His answer, understood in Polish ("nie"), is said back in Polish.
    let out = play("e4\nnie\nquit\n");
    let pl = hector::locale::messages::Messages::get("pl").unwrap();
    let de = hector::locale::messages::Messages::get("de").unwrap();
    assert!(out.contains(&cells(&pl.text("cancelled", &[]))), "{out}");
    assert!(!out.contains(&cells(&de.text("cancelled", &[]))), "{out}");
}
