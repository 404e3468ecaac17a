//! One game with every front end at once (FIDE Laws 2023, Appendix D):
//! the blind player speaks into a microphone (an ALSA file device playing
//! fixture speech) and types on a Braille display (the Baum emulator on a
//! socat pty), the sighted player moves on a DGT e-board (the DGT emulator
//! on another pty), and the clock runs. The terminal's transcript is
//! compared with a golden file.
#![cfg(feature = "mic")]

mod common;
mod support;

use std::io::{BufRead, Write};
use std::process::Stdio;

use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use common::dgt_step as step;
use common::*;
use hector::braille::Cell;
use hector::braille::driver::KeyEvent;
use shakmaty::{Color, Piece, Role, Square};
use support::{quiet as noise, speech as fixture};

const MOVES: &str = "e4 c5 Nf3 d6 d4 cxd4 Nxd4 Nf6 Nc3 a6 Be3 e5";

fn piece(color: Color, role: Role) -> Piece {
    Piece { color, role }
}

/// The transcript with the spoken clock answer's time masked.
fn masked(out: &str) -> String {
    out.lines()
        .map(|l| match l.split_once(": ") {
            Some(("Ihre Zeit", _)) => "Ihre Zeit: <time>".to_string(),
            Some(("Partie gespeichert", _)) => "Partie gespeichert: <file>.".to_string(),
            _ => l.to_string(),
        })
        .collect::<Vec<_>>()
        .join("\n")
        + "\n"
}

#[test]
fn d_2_a_whole_game_with_voice_braille_eboard_and_clock_at_once() {
    if !need(&["socat"]) {
        return;
    }
    if hector::speech::engine::open("pocketsphinx", None).is_err() {
        support::skip("PocketSphinx is not usable here; run ./setup.sh");
        return;
    }
    let dir = TempDir::new("play-combined");
    // The blind player's microphone: his move and "ja".
    let mut audio = noise(800, 1);
    audio.extend(fixture("de-015.wav")); // "springer felix drei"
    audio.extend(noise(1200, 3));
    audio.extend(fixture("extra-ja-de.wav"));
    audio.extend(noise(2500, 4));
    let conf = support::file_microphone(&dir.0, &audio);

    // The Braille display on one pty, the DGT e-board on another.
    let board = AtTheBoard::new(&dir, MOVES);
    let (display, dgt) = (&board.display, &board.dgt);

    let mut child = support::hector_command()
        .args([
            "play",
            "--voice",
            "--speech",
            "text",
            "--braille",
            &board.braille,
            "--eboard",
            &board.eboard(),
            "--control",
            "300+2",
            "--moves",
            MOVES,
        ])
        // quit saves the game here (issue 32).
        .arg("--pgn")
        .arg(dir.0.join("game.pgn"))
        .env("ALSA_CONFIG_PATH", &conf)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let seen = Arc::new(Mutex::new(String::new()));
    {
        let seen = seen.clone();
        let stdout = child.stdout.take().unwrap();
        std::thread::spawn(move || {
            for line in std::io::BufReader::new(stdout)
                .lines()
                .map_while(Result::ok)
            {
                seen.lock().unwrap().push_str(&(line + "\n"));
            }
        });
    }
    let has = |s: &str| seen.lock().unwrap().contains(s);
    let wait = |what: &str| {
        let t0 = Instant::now();
        while !has(what) && t0.elapsed() < Duration::from_secs(90) {
            std::thread::sleep(Duration::from_millis(50));
        }
        assert!(
            has(what),
            "waited for {what:?}; got:\n{}",
            seen.lock().unwrap()
        );
    };

    // Voice: the read-back, the confirmed move.
    wait("Weiß: Springer Felix drei (Sf3).");
    // His own time, asked on the Braille keyboard (space + i) while his
    // opponent thinks (D.2.6.1): the answer is for him.
    display.press(&KeyEvent::Chord {
        dots: Cell::from_dots("24").unwrap(),
        space: true,
    });
    wait("Ihre Zeit:");
    // The sighted player repeats it on his e-board, then plays Be7.
    step(
        dgt,
        Square::D4,
        Some((Square::F3, piece(Color::White, Role::Knight))),
    );
    step(
        dgt,
        Square::F8,
        Some((Square::E7, piece(Color::Black, Role::Bishop))),
    );
    wait("Schwarz: Läufer Eva sieben (Le7).");
    // Braille keys: L c 4, dot 8; the read-back on the display, dot 8 again.
    for d in ["123", "14", "256", "8"] {
        display.press(&KeyEvent::Chord {
            dots: Cell::from_dots(d).unwrap(),
            space: false,
        });
        std::thread::sleep(Duration::from_millis(60));
    }
    wait("Läufer Cesar vier?");
    display.press(&KeyEvent::Chord {
        dots: Cell::from_dots("8").unwrap(),
        space: false,
    });
    wait("Weiß: Läufer Cesar vier (Lc4).");
    // The e-board: Bc4 repeated, then Black castles king first.
    step(
        dgt,
        Square::F1,
        Some((Square::C4, piece(Color::White, Role::Bishop))),
    );
    step(
        dgt,
        Square::E8,
        Some((Square::G8, piece(Color::Black, Role::King))),
    );
    step(
        dgt,
        Square::H8,
        Some((Square::F8, piece(Color::Black, Role::Rook))),
    );
    wait("Schwarz: Kurze Rochade (O-O).");
    // The sighted player's board goes wrong (a pawn pushed out of turn):
    // D.2.9 guidance; put back, the boards agree again.
    step(
        dgt,
        Square::H7,
        Some((Square::H5, piece(Color::Black, Role::Pawn))),
    );
    wait("weicht ab");
    step(
        dgt,
        Square::H5,
        Some((Square::H7, piece(Color::Black, Role::Pawn))),
    );
    wait("Die Bretter stimmen wieder überein.");
    // The display shows the status line with the last move.
    assert!(display.writes() > 0);
    writeln!(stdin, "quit").unwrap();
    stdin.flush().unwrap();
    let t0 = Instant::now();
    while child.try_wait().unwrap().is_none() && t0.elapsed() < Duration::from_secs(20) {
        std::thread::sleep(Duration::from_millis(50));
    }
    let status = child.try_wait().unwrap();
    if status.is_none() {
        let _ = child.kill();
    }
    assert_eq!(status.and_then(|s| s.code()), Some(0));
    let out = seen.lock().unwrap().clone();
    let saved = std::fs::read_to_string(dir.0.join("game.pgn")).expect("quit saved the game");
    assert!(saved.contains("[TimeControl \"300+2\"]"), "{saved}");
    let diff = support::golden("play/combined.txt", &masked(&out));
    assert!(diff.is_empty(), "{}", diff.join("\n"));
}
