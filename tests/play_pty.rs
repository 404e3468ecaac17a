//! The terminal of `hector play` keeps the game (issue 41): in a real
//! pseudo-terminal, as the blind player types at his screen reader,
//! Ctrl-C, Ctrl-D, SIGTERM and SIGHUP each save the game as PGN and say
//! where, in the game's language; the Up arrow brings the last line back;
//! no escape byte of an arrow key is ever said back in an answer. Piped
//! input (every other test) is read plainly, as before.

#![cfg(unix)]

mod support;

use std::io::{Read, Write};
use std::os::fd::{FromRawFd, OwnedFd};
use std::os::unix::process::CommandExt;
use std::process::{Child, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// `hector ARGS` on the slave side of a new pseudo-terminal (its
/// controlling terminal, 80×24), and what it prints there.
struct Pty {
    master: std::fs::File,
    child: Child,
    seen: Arc<Mutex<Vec<u8>>>,
}

impl Pty {
    fn start(args: &[&str]) -> Pty {
        let (mut master, mut slave) = (-1, -1);
        let size = libc::winsize {
            ws_row: 24,
            ws_col: 80,
            ws_xpixel: 0,
            ws_ypixel: 0,
        };
        // SAFETY: two out-descriptors and a valid window size.
        let made = unsafe {
            libc::openpty(
                &mut master,
                &mut slave,
                std::ptr::null_mut(),
                std::ptr::null(),
                &size,
            )
        };
        assert_eq!(made, 0, "openpty: {}", std::io::Error::last_os_error());
        // Not inherited by the other tests' children (each gets its own
        // copies of the slave side as 0, 1 and 2).
        for fd in [master, slave] {
            // SAFETY: fcntl on descriptors openpty just gave us.
            unsafe {
                libc::fcntl(fd, libc::F_SETFD, libc::FD_CLOEXEC);
            }
        }
        // SAFETY: openpty gave us these two descriptors to own.
        let (master, slave) =
            unsafe { (OwnedFd::from_raw_fd(master), OwnedFd::from_raw_fd(slave)) };
        let mut cmd = support::hector_command();
        cmd.args(args)
            .env("TERM", "xterm")
            .stdin(Stdio::from(slave.try_clone().unwrap()))
            .stdout(Stdio::from(slave.try_clone().unwrap()))
            .stderr(Stdio::from(slave));
        // SAFETY: only async-signal-safe calls between fork and exec.
        unsafe {
            cmd.pre_exec(|| {
                libc::setsid();
                libc::ioctl(0, libc::TIOCSCTTY, 0);
                Ok(())
            });
        }
        let child = cmd.spawn().expect("hector runs");
        // The test's own copies of the slave side are closed with `cmd`.
        drop(cmd);
        let master = std::fs::File::from(master);
        let seen = Arc::new(Mutex::new(Vec::new()));
        let mut reader = master.try_clone().unwrap();
        let into = seen.clone();
        std::thread::spawn(move || {
            let mut buf = [0u8; 4096];
            // EIO once hector and every holder of the slave side are gone.
            while let Ok(n) = reader.read(&mut buf) {
                if n == 0 {
                    break;
                }
                into.lock().unwrap().extend_from_slice(&buf[..n]);
            }
        });
        Pty {
            master,
            child,
            seen,
        }
    }

    fn text(&self) -> String {
        String::from_utf8_lossy(&self.seen.lock().unwrap()).into_owned()
    }

    /// Waits (at most 20 s) until `want` has been printed `times` times.
    fn wait_for(&self, want: &str, times: usize) {
        let t0 = Instant::now();
        while self.text().matches(want).count() < times {
            assert!(
                t0.elapsed() < Duration::from_secs(20),
                "{want:?} ({times}×) never came; the terminal shows:\n{}",
                self.text()
            );
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    /// Types `keys` as a person does: one key after another.
    fn type_keys(&mut self, keys: &str) {
        self.master.write_all(keys.as_bytes()).unwrap();
        self.master.flush().unwrap();
        std::thread::sleep(Duration::from_millis(50));
    }

    fn signal(&self, sig: libc::c_int) {
        // SAFETY: a signal to our own child.
        unsafe {
            libc::kill(self.child.id() as libc::pid_t, sig);
        }
    }

    /// Waits (at most 20 s) for hector to end; its exit code.
    fn finish(&mut self) -> i32 {
        let t0 = Instant::now();
        loop {
            if let Some(s) = self.child.try_wait().unwrap() {
                // What it printed last is read by now, or soon.
                std::thread::sleep(Duration::from_millis(200));
                return s.code().unwrap_or(-1);
            }
            if t0.elapsed() > Duration::from_secs(20) {
                let _ = self.child.kill();
                panic!("hector did not end; the terminal shows:\n{}", self.text());
            }
            std::thread::sleep(Duration::from_millis(20));
        }
    }
}

fn pgn_file(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("hector-play-pty-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let f = dir.join(name);
    let _ = std::fs::remove_file(&f);
    f
}

/// Plays 1. e4 c5 at the terminal, then `stop` ends it.
fn game_ended_by(name: &str, stop: impl FnOnce(&mut Pty)) {
    let file = pgn_file(name);
    let path = file.to_str().unwrap();
    let mut pty = Pty::start(&[
        "play",
        "--locale",
        "de",
        "--control",
        "600+5",
        "--pgn",
        path,
    ]);
    pty.wait_for("Hilfe gibt es", 1);
    pty.type_keys("e4\r");
    pty.wait_for("Eva vier?", 1);
    pty.type_keys("ja\r");
    pty.wait_for("Weiß: Eva vier (e4).", 1);
    pty.type_keys("schwarz: c5\r");
    pty.wait_for("Schwarz: Cesar fünf (c5).", 1);
    // The line editor is back at its next line before the key comes.
    std::thread::sleep(Duration::from_millis(300));
    stop(&mut pty);
    let code = pty.finish();
    let shown = pty.text();
    assert_eq!(code, 0, "{name}: {shown}");
    assert!(
        shown.contains(&format!("Partie gespeichert: {path}.")),
        "{name}: {shown}"
    );
    let pgn = std::fs::read_to_string(&file).unwrap_or_else(|e| panic!("{name}: {e}\n{shown}"));
    let games = hector::rules::pgn::read_pgn(&pgn).expect("a PGN");
    assert_eq!(games[0].game.moves().len(), 2, "{name}: {pgn}");
}

#[test]
fn ctrl_c_saves_the_game_and_says_where() {
    game_ended_by("ctrl-c.pgn", |p| p.type_keys("\x03"));
}

#[test]
fn ctrl_d_saves_the_game_and_says_where() {
    game_ended_by("ctrl-d.pgn", |p| p.type_keys("\x04"));
}

#[test]
fn sigterm_saves_the_game_and_says_where() {
    game_ended_by("sigterm.pgn", |p| p.signal(libc::SIGTERM));
}

#[test]
fn sighup_saves_the_game_and_says_where() {
    game_ended_by("sighup.pgn", |p| p.signal(libc::SIGHUP));
}

#[test]
fn sigint_saves_the_game_and_says_where() {
    game_ended_by("sigint.pgn", |p| p.signal(libc::SIGINT));
}

#[test]
fn the_up_arrow_brings_the_last_line_back_and_no_escape_is_said_back() {
    let file = pgn_file("up.pgn");
    let mut pty = Pty::start(&[
        "play",
        "--locale",
        "de",
        "--control",
        "300+2",
        "--pgn",
        file.to_str().unwrap(),
    ]);
    pty.wait_for("Hilfe gibt es", 1);
    pty.type_keys("meine Zeit\r");
    pty.wait_for("Ihre Zeit:", 1);
    // Up, Enter: the same question again.
    pty.type_keys("\x1b[A");
    pty.type_keys("\r");
    pty.wait_for("Ihre Zeit:", 2);
    // Down past the newest line, then Enter on an empty line: nothing is
    // said back (not the escape bytes, not "not understood").
    pty.type_keys("\x1b[B\x1b[B\r");
    pty.type_keys("Zug\x1b[D\x1b[C\r");
    pty.wait_for("Nicht verstanden", 1);
    pty.type_keys("quit\r");
    assert_eq!(pty.finish(), 0, "{}", pty.text());
    let shown = pty.text();
    for line in shown.lines().filter(|l| l.contains("verstanden")) {
        // The line editor may clear its own input line before an answer
        // is printed (carriage return, erase to the end of the line): the
        // terminal's, not the player's keys said back.
        let answer = line.replace("\x1b[K", "").replace('\r', "");
        assert!(
            !answer.contains('\x1b') && !answer.contains("[A") && !answer.contains("[D"),
            "an escape said back: {line:?}\n{shown}"
        );
    }
    assert!(shown.contains("Partie gespeichert"), "{shown}");
}

#[test]
fn piped_escape_bytes_are_never_said_back() {
    let file = pgn_file("piped.pgn");
    let (code, out, err) = support::hector_with_input(
        &["play", "--locale", "de", "--pgn", file.to_str().unwrap()],
        "\x1b[A\nZug\x1b[D\nquit\n",
    );
    assert_eq!(code, 0, "{out}{err}");
    assert!(!out.contains('\x1b'), "{out:?}");
    assert!(
        out.lines()
            .any(|l| l == "Nichts verstanden. Bitte wiederholen."),
        "{out}"
    );
    assert!(out.contains("Nicht verstanden: Zug."), "{out}");
}

#[test]
fn piped_input_that_ends_without_quit_is_saved_too() {
    let file = pgn_file("eof.pgn");
    let path = file.to_str().unwrap();
    let (code, out, err) = support::hector_with_input(
        &["play", "--locale", "de", "--blind", "none", "--pgn", path],
        "e4\ne5\n",
    );
    assert_eq!(code, 0, "{out}{err}");
    assert!(
        out.lines()
            .any(|l| l == format!("Partie gespeichert: {path}.")),
        "{out}"
    );
    assert!(std::fs::read_to_string(&file).unwrap().contains("1. e4 e5"));
}
