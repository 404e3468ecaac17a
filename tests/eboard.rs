//! The DGT e-board through a real serial line: an emulated board on one
//! end of a `socat` pseudo-terminal pair, hector's driver on the other.
//! A full game is played piece by piece — castling both ways (king first
//! and rook first), en passant, promotion, pieces lifted and put back, a
//! piece on a wrong square — and read back as the right SAN; the board is
//! unplugged and plugged in again. Tests print `SKIP: <why>` (a failure under CI) when socat is
//! missing, and every wait has a deadline.

mod support;

use std::path::PathBuf;
use std::process::Stdio;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, channel};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use hector::eboard::{WatchEvent, Watcher};
use hector::lab::eboard::emulator::{Emulator, PtyPair};
use shakmaty::san::SanPlus;
use shakmaty::{Chess, Move, Piece, Position, Role, Square};

fn temp_dir(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("hector-eboard-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// The watcher on its own thread, stopped and joined on drop.
struct Watching {
    events: Receiver<WatchEvent>,
    stop: Arc<AtomicBool>,
    thread: Option<JoinHandle<()>>,
}

impl Watching {
    fn start(path: PathBuf, start: Chess) -> Watching {
        let (tx, rx) = channel();
        let stop = Arc::new(AtomicBool::new(false));
        let thread = {
            let stop = stop.clone();
            std::thread::spawn(move || {
                let mut w = Watcher::new(&path.to_string_lossy(), start).with_times(120, 900);
                while !stop.load(Ordering::SeqCst) {
                    for ev in w.step() {
                        if tx.send(ev).is_err() {
                            return;
                        }
                    }
                }
            })
        };
        Watching {
            events: rx,
            stop,
            thread: Some(thread),
        }
    }

    /// The next event within `secs`.
    fn next(&self, secs: u64) -> Option<WatchEvent> {
        self.events.recv_timeout(Duration::from_secs(secs)).ok()
    }

    fn wait_for(&self, want: fn(&WatchEvent) -> bool, secs: u64) -> Option<WatchEvent> {
        let until = Instant::now() + Duration::from_secs(secs);
        while Instant::now() < until {
            match self.next(1) {
                Some(ev) if want(&ev) => return Some(ev),
                _ => {}
            }
        }
        None
    }
}

impl Drop for Watching {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::SeqCst);
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

fn pause() {
    std::thread::sleep(Duration::from_millis(30));
}

/// Makes `m` on the emulated board piece by piece, the way a player does.
/// `variant` changes the order: castling king first or rook first, the
/// captured piece removed before or after.
fn make_by_hand(emu: &Emulator, pos: &Chess, m: Move, variant: usize) {
    let us = pos.turn();
    match m {
        Move::Castle { king, rook } => {
            let side = m.castling_side().unwrap();
            let kto = Square::from_coords(side.king_to_file(), king.rank());
            let rto = Square::from_coords(side.rook_to_file(), king.rank());
            let k = Piece {
                color: us,
                role: Role::King,
            };
            let r = Piece {
                color: us,
                role: Role::Rook,
            };
            if variant.is_multiple_of(2) {
                emu.lift(king).unwrap();
                pause();
                emu.put(kto, k).unwrap();
                pause();
                emu.lift(rook).unwrap();
                pause();
                emu.put(rto, r).unwrap();
            } else {
                // Rook first, both in hand before either is put down: the
                // rook alone on its new square would be a legal rook move
                // (O-O-O's rook a8-d8 is Rd8), which the watcher rightly
                // takes once the board has been still for 250 ms — and a
                // loaded machine may pause this thread that long.
                emu.lift(rook).unwrap();
                pause();
                emu.lift(king).unwrap();
                pause();
                emu.put(rto, r).unwrap();
                pause();
                emu.put(kto, k).unwrap();
            }
        }
        Move::EnPassant { from, to } => {
            emu.lift(from).unwrap();
            pause();
            emu.put(
                to,
                Piece {
                    color: us,
                    role: Role::Pawn,
                },
            )
            .unwrap();
            pause();
            emu.lift(Square::from_coords(to.file(), from.rank()))
                .unwrap();
        }
        Move::Normal {
            role,
            from,
            capture,
            to,
            promotion,
        } => {
            let placed = Piece {
                color: us,
                role: promotion.unwrap_or(role),
            };
            if capture.is_some() && variant.is_multiple_of(2) {
                emu.lift(to).unwrap();
                pause();
            }
            emu.lift(from).unwrap();
            pause();
            if capture.is_some() && variant % 2 == 1 {
                emu.lift(to).unwrap();
                pause();
            }
            emu.put(to, placed).unwrap();
        }
        Move::Put { .. } => unreachable!("no drops in chess"),
    }
}

/// 1.e4 d5 2.e5 f5 3.exf6 e.p. Nc6 4.fxg7 Qd6 5.gxh8=Q Bd7 6.Nf3 O-O-O
/// 7.Be2 e5 8.O-O
const GAME: [&str; 15] = [
    "e4", "d5", "e5", "f5", "exf6", "Nc6", "fxg7", "Qd6", "gxh8=Q", "Bd7", "Nf3", "O-O-O", "Be2",
    "e5", "O-O",
];

fn expect_move(w: &Watching, san: &str) -> Chess {
    let ev = w
        .wait_for(
            |e| matches!(e, WatchEvent::Move { .. } | WatchEvent::Difference(_)),
            5,
        )
        .unwrap_or_else(|| panic!("no move seen for {san}"));
    match ev {
        WatchEvent::Move { before, mv } => {
            let got = SanPlus::from_move((*before).clone(), mv).to_string();
            assert_eq!(got, san);
            let mut after = *before;
            after.play_unchecked(mv);
            after
        }
        other => panic!("{san}: {other:?}"),
    }
}

#[test]
fn a_full_game_piece_by_piece_through_a_serial_line() {
    if !support::need(&["socat"]) {
        return;
    }
    let dir = temp_dir("game");
    let pair = PtyPair::spawn(&dir).unwrap();
    let emu = Emulator::attach(&pair.board, Chess::default().board().clone()).unwrap();
    let w = Watching::start(pair.host.clone(), Chess::default());
    assert!(
        w.wait_for(|e| *e == WatchEvent::Connected, 5).is_some(),
        "the watcher never connected"
    );
    assert!(emu.wait_update_mode(Duration::from_secs(3)));
    assert_eq!(&emu.commands()[..3], &[0x40, 0x42, 0x44]);
    let mut pos = Chess::default();
    for (i, san) in GAME.iter().enumerate() {
        let m = san.parse::<SanPlus>().unwrap().san.to_move(&pos).unwrap();
        if i == 10 {
            // The player touches his queen, puts it back, then moves.
            emu.lift(Square::D1).unwrap();
            pause();
            emu.put(Square::D1, Piece::from_char('Q').unwrap()).unwrap();
            pause();
        }
        if i == 5 {
            // Line noise on the wire before Black's move.
            emu.send_raw(&[0x8E, 0x00, 0x05, 0x7F, 0x7F, 0x13, 0x99])
                .unwrap();
        }
        make_by_hand(&emu, &pos, m, i / 2);
        let after = expect_move(&w, san);
        assert_eq!(after.board(), &emu.board());
        pos = after;
    }
    // A piece put on a square no legal move reaches is a difference, not
    // a move; putting it back restores the game position.
    emu.lift(Square::B1).unwrap();
    pause();
    emu.put(Square::B3, Piece::from_char('N').unwrap()).unwrap();
    let ev = w.wait_for(
        |e| matches!(e, WatchEvent::Difference(_) | WatchEvent::Move { .. }),
        5,
    );
    assert!(matches!(ev, Some(WatchEvent::Difference(_))), "{ev:?}");
    emu.lift(Square::B3).unwrap();
    pause();
    emu.put(Square::B1, Piece::from_char('N').unwrap()).unwrap();
    let ev = w.wait_for(
        |e| matches!(e, WatchEvent::Restored | WatchEvent::Move { .. }),
        5,
    );
    assert_eq!(ev, Some(WatchEvent::Restored));
    drop(w);
    drop(emu);
}

#[test]
fn the_watcher_survives_unplugging_and_sees_a_move_made_meanwhile() {
    if !support::need(&["socat"]) {
        return;
    }
    let dir = temp_dir("unplug");
    let mut pair = PtyPair::spawn(&dir).unwrap();
    let emu = Emulator::attach(&pair.board, Chess::default().board().clone()).unwrap();
    let w = Watching::start(pair.host.clone(), Chess::default());
    assert!(w.wait_for(|e| *e == WatchEvent::Connected, 5).is_some());
    assert!(emu.wait_update_mode(Duration::from_secs(3)));
    let pos = Chess::default();
    let e4 = "e4".parse::<SanPlus>().unwrap().san.to_move(&pos).unwrap();
    make_by_hand(&emu, &pos, e4, 0);
    let pos = expect_move(&w, "e4");
    // Unplug: the line goes away.
    drop(emu);
    pair.stop();
    assert!(
        w.wait_for(|e| matches!(e, WatchEvent::Disconnected(_)), 5)
            .is_some(),
        "unplugging was not noticed"
    );
    // Black answers while the board is unplugged; then it is plugged in.
    let e5 = "e5".parse::<SanPlus>().unwrap().san.to_move(&pos).unwrap();
    let mut after = pos.clone();
    after.play_unchecked(e5);
    let pair = PtyPair::spawn(&dir).unwrap();
    let emu = Emulator::attach(&pair.board, after.board().clone()).unwrap();
    assert!(w.wait_for(|e| *e == WatchEvent::Connected, 8).is_some());
    let pos = expect_move(&w, "e5");
    assert!(emu.wait_update_mode(Duration::from_secs(3)));
    let nf3 = "Nf3".parse::<SanPlus>().unwrap().san.to_move(&pos).unwrap();
    make_by_hand(&emu, &pos, nf3, 0);
    expect_move(&w, "Nf3");
}

#[test]
fn command_line_dump_and_watch() {
    if !support::need(&["socat"]) {
        return;
    }
    let dir = temp_dir("cli");
    let pair = PtyPair::spawn(&dir).unwrap();
    let emu = Emulator::attach(&pair.board, Chess::default().board().clone()).unwrap();
    let dev = format!("dgt:{}", pair.host.display());
    let o = support::hector_command()
        .args(["eboard", "--device", &dev, "--dump"])
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert_eq!(
        String::from_utf8_lossy(&o.stdout).trim(),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR"
    );
    let mut child = support::hector_command()
        .args([
            "eboard",
            "--device",
            &dev,
            "--watch",
            "--count",
            "2",
            "--seconds",
            "15",
        ])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    assert!(emu.wait_update_mode(Duration::from_secs(5)));
    // Each move is made once the one before has been printed: made sooner
    // (a loaded machine may hold the watcher past its 250 ms of stillness)
    // the two would settle as one board, two moves apart.
    let lines = {
        use std::io::BufRead;
        let out = child.stdout.take().unwrap();
        let (tx, rx) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            for l in std::io::BufReader::new(out).lines().map_while(Result::ok) {
                let _ = tx.send(l);
            }
        });
        rx
    };
    let mut pos = Chess::default();
    let mut printed = Vec::new();
    for (i, san) in ["d4", "Nf6"].iter().enumerate() {
        let m = san.parse::<SanPlus>().unwrap().san.to_move(&pos).unwrap();
        make_by_hand(&emu, &pos, m, i);
        pos.play_unchecked(m);
        printed.extend(lines.recv_timeout(Duration::from_secs(10)));
    }
    let until = Instant::now() + Duration::from_secs(15);
    while child.try_wait().unwrap().is_none() && Instant::now() < until {
        std::thread::sleep(Duration::from_millis(50));
    }
    if child.try_wait().unwrap().is_none() {
        let _ = child.kill();
    }
    let o = child.wait_with_output().unwrap();
    printed.extend(lines.try_iter());
    assert_eq!(
        printed,
        ["d4", "Nf6"],
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    // Bad devices are a clear error.
    for bad in ["usb:/dev/x", "dgt:"] {
        let o = support::hector_command()
            .args(["eboard", "--device", bad, "--dump"])
            .output()
            .unwrap();
        // A bad option value is a usage error (issue 32): exit 2.
        assert_eq!(o.status.code(), Some(2));
        assert!(String::from_utf8_lossy(&o.stderr).contains("Unknown device"));
    }
    let o = support::hector_command()
        .args(["eboard", "--device", "dgt:/nonexistent/tty", "--dump"])
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&o.stderr).contains("Cannot open"));
}

/// In a game (`hector play --eboard`), a board that goes away is said on
/// the terminal in the players' language, once, and so is its return; the
/// move made on it meanwhile is played when it is back. Before, play said
/// nothing: the sighted player moved on a board nobody read.
/// `hector play` (German, blind Black) watching the DGT board at `host`,
/// and a function that waits (at most 20 s) until what it printed holds
/// `what`, returning all it printed so far.
fn play_watching(
    host: &std::path::Path,
) -> (std::process::Child, impl FnMut(&str) -> String + use<>) {
    use std::io::BufRead;
    let mut child = support::hector_command()
        .args([
            "play",
            "--speech",
            "text",
            "--blind",
            "black",
            "--eboard",
            &format!("dgt:{}", host.display()),
        ])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let (lines_tx, lines) = channel::<String>();
    let stdout = child.stdout.take().unwrap();
    std::thread::spawn(move || {
        for l in std::io::BufReader::new(stdout)
            .lines()
            .map_while(Result::ok)
        {
            if lines_tx.send(l).is_err() {
                return;
            }
        }
    });
    let mut seen = String::new();
    let wait = move |what: &str| {
        let until = Instant::now() + Duration::from_secs(20);
        while !seen.contains(what) && Instant::now() < until {
            if let Ok(l) = lines.recv_timeout(Duration::from_millis(100)) {
                seen.push_str(&l);
                seen.push('\n');
            }
        }
        assert!(
            seen.contains(what),
            "waited for {what:?}; hector said:\n{seen}"
        );
        seen.clone()
    };
    (child, wait)
}

#[test]
fn play_tells_when_the_board_goes_and_comes_back() {
    use std::io::Write;
    if !support::need(&["socat"]) {
        return;
    }
    let dir = temp_dir("play-unplug");
    let mut pair = PtyPair::spawn(&dir).unwrap();
    let emu = Emulator::attach(&pair.board, Chess::default().board().clone()).unwrap();
    let (mut child, mut wait) = play_watching(&pair.host);
    wait("Weiß am Zug.");
    assert!(emu.wait_update_mode(Duration::from_secs(5)));
    // Unplugged: said once.
    drop(emu);
    pair.stop();
    wait("Das DGT-Brett ist nicht erreichbar; hector versucht es weiter.");
    // White plays e4 on it meanwhile; then it is plugged in again.
    let mut after = Chess::default();
    let e4 = "e4"
        .parse::<SanPlus>()
        .unwrap()
        .san
        .to_move(&after)
        .unwrap();
    after.play_unchecked(e4);
    let pair = PtyPair::spawn(&dir).unwrap();
    let emu = Emulator::attach(&pair.board, after.board().clone()).unwrap();
    wait("Das DGT-Brett ist wieder verbunden.");
    let out = wait("Weiß: Eva vier (e4).");
    assert_eq!(out.matches("nicht erreichbar").count(), 1, "{out}");
    let mut stdin = child.stdin.take().unwrap();
    writeln!(stdin, "quit").unwrap();
    drop(stdin);
    let (code, _, err) = support::finish_within(child, 20, "hector play --eboard");
    assert_eq!(code, 0, "{err}");
    drop(emu);
}

/// Issue 41 point 4: the e-board not there when the game starts: the game
/// starts and goes on at the terminal, told once; the board is taken when
/// it is plugged in and its moves are played.
#[test]
fn play_starts_without_its_board_and_takes_it_when_plugged_in() {
    use std::io::Write;
    if !support::need(&["socat"]) {
        return;
    }
    let dir = temp_dir("play-absent");
    // The board's line is not there when the game starts.
    let host = dir.join("host");
    let _ = std::fs::remove_file(&host);
    let (mut child, mut wait) = play_watching(&host);
    wait("Weiß am Zug.");
    // Told once; the game goes on at the terminal meanwhile.
    wait("Das DGT-Brett ist nicht erreichbar; hector versucht es weiter.");
    let mut stdin = child.stdin.take().unwrap();
    // (White's seat named: the terminal is the blind Black player's.)
    writeln!(stdin, "weiß: e4").unwrap();
    wait("Eva vier");
    // Plugged in, with White's e4 on it.
    let mut after = Chess::default();
    let e4 = "e4"
        .parse::<SanPlus>()
        .unwrap()
        .san
        .to_move(&after)
        .unwrap();
    after.play_unchecked(e4);
    let pair = PtyPair::spawn(&dir).unwrap();
    assert_eq!(pair.host, host);
    let emu = Emulator::attach(&pair.board, after.board().clone()).unwrap();
    let out = wait("Das DGT-Brett ist wieder verbunden.");
    assert!(emu.wait_update_mode(Duration::from_secs(5)));
    assert_eq!(out.matches("nicht erreichbar").count(), 1, "{out}");
    // The board now watched: the blind player's reply is carried over to
    // it, and White's next move made on it is his move.
    writeln!(stdin, "e5").unwrap();
    wait("Eva fünf?");
    writeln!(stdin, "ja").unwrap();
    wait("Schwarz: Eva fünf (e5).");
    emu.lift(Square::E7).unwrap();
    emu.put(Square::E5, Piece::from_char('p').unwrap()).unwrap();
    std::thread::sleep(Duration::from_secs(1));
    emu.lift(Square::G1).unwrap();
    emu.put(Square::F3, Piece::from_char('N').unwrap()).unwrap();
    wait("Weiß: Springer Felix drei (Sf3).");
    writeln!(stdin, "quit").unwrap();
    drop(stdin);
    let (code, _, err) = support::finish_within(child, 20, "hector play --eboard");
    assert_eq!(code, 0, "{err}");
    drop(emu);
}
