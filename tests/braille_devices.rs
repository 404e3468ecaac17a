//! Braille displays end to end, with real programs: a Baum display emulator
//! on a socat pty pair, BRLTTY (Baum driver + BrlAPI server on loopback),
//! hector's Baum driver and hector's BrlAPI client. Each test prints
//! `SKIP: <why>` (a failure under CI) and returns when socat or brltty is missing. Every wait has
//! a timeout and every child process is killed when its guard is dropped.

mod common;
mod support;

use std::time::{Duration, Instant};

use common::*;
use hector::braille::Cell;
use hector::braille::brlapi::{Auth, BrlApiDisplay};
use hector::braille::driver::{BaumDisplay, BrailleDisplay, KeyEvent};
use hector::lab::braille::emulator::Emulator;

/// The tests that run BRLTTY and those that watch a display go and come
/// back on a pty run one at a time: a BRLTTY started meanwhile was seen to
/// keep a lost display looking connected.
fn one_at_a_time() -> std::sync::MutexGuard<'static, ()> {
    static ALONE: std::sync::Mutex<()> = std::sync::Mutex::new(());
    ALONE.lock().unwrap_or_else(|e| e.into_inner())
}

#[test]
fn brltty_accepts_the_emulator_as_an_orbit_reader() {
    if !need(&["socat", "brltty"]) {
        return;
    }
    let _alone = one_at_a_time();
    let dir = TempDir::new("brltty-baum");
    let (_socat, dev, host) = socat(&dir);
    let emu = EmuRun::start(&dev, Emulator::orbit_reader_20());
    let _brltty = brltty(&dir, &host, api_offset(0));
    // BRLTTY identifies the model, then clears and writes the display.
    let log = dir.path("brltty.log");
    let ok = wait_for("BRLTTY to write", 15000, || emu.writes() > 0);
    let text = std::fs::read_to_string(&log).unwrap_or_default();
    assert!(ok, "BRLTTY never wrote to the emulator. Log:\n{text}");
    assert!(text.contains("Orbit"), "model not recognised. Log:\n{text}");
    assert!(
        text.contains("Cell Count: 20"),
        "cell count not taken. Log:\n{text}"
    );
    // BRLTTY reads the emulator's Braille keyboard as Orbit Reader keys.
    emu.press(&KeyEvent::Chord {
        dots: Cell::from_dots("15").unwrap(),
        space: false,
    });
    let seen = wait_for("BRLTTY to read a key", 5000, || {
        std::fs::read_to_string(&log)
            .unwrap_or_default()
            .contains("brl key press: Dot1")
    });
    let text = std::fs::read_to_string(&log).unwrap_or_default();
    assert!(seen, "BRLTTY did not read the chord. Log:\n{text}");
}

#[test]
fn hector_baum_driver_identifies_writes_and_reads_keys() {
    if !need(&["socat"]) {
        return;
    }
    let dir = TempDir::new("baum");
    let (_socat, dev, host) = socat(&dir);
    let emu = EmuRun::start(&dev, Emulator::new("Orbit Reader 40", 40));
    let mut d = BaumDisplay::open(&host).expect("identify");
    assert_eq!(d.cells(), 40);
    assert_eq!(d.model(), "Orbit Reader 40");
    // e4 in chess Braille, and a cell that needs ESC doubling (dots 1245 = 0x1B).
    let want = cells(&["15", "256", "0", "1245"]);
    d.write(&want).unwrap();
    assert!(wait_for("cells", 3000, || emu.display()[..4] == want[..]));
    let writes = emu.writes();
    d.write(&want).unwrap();
    std::thread::sleep(Duration::from_millis(100));
    assert_eq!(emu.writes(), writes, "unchanged cells are not sent again");
    for ev in [
        KeyEvent::Chord {
            dots: Cell::from_dots("234").unwrap(),
            space: false,
        },
        KeyEvent::Route(39),
        KeyEvent::Key("display2".into()),
        KeyEvent::Key("press".into()),
        KeyEvent::Key("space".into()),
    ] {
        emu.press(&ev);
        let got = d.next_key(3000).unwrap();
        assert_eq!(got, Some(ev.clone()));
    }
    assert_eq!(d.next_key(100).unwrap(), None);
}

#[test]
fn unplug_and_replug_redraws() {
    if !need(&["socat"]) {
        return;
    }
    let _alone = one_at_a_time();
    let dir = TempDir::new("replug");
    let (socat1, dev, host) = socat(&dir);
    let emu = EmuRun::start(&dev, Emulator::orbit_reader_20());
    let mut d = BaumDisplay::open(&host).expect("identify");
    let shown = cells(&["1", "12", "14"]);
    d.write(&shown).unwrap();
    assert!(wait_for("first draw", 3000, || emu.display()[..3] == shown[..]));
    // Unplug: the emulator and both pty ends go away.
    drop(emu);
    drop(socat1);
    for _ in 0..5 {
        assert_eq!(d.next_key(50).unwrap(), None);
    }
    let later = cells(&["2", "23", "25"]);
    // (socat's ends may take a moment to go on a busy machine.)
    assert!(wait_for("the display seen gone", 5000, || {
        d.write(&later).unwrap();
        !d.connected()
    }));
    // Plug back in: a fresh display (blank) on the same path.
    let (_socat2, dev2, _host2) = socat(&dir);
    let emu2 = EmuRun::start(&dev2, Emulator::orbit_reader_20());
    assert!(wait_for("redraw", 5000, || {
        let _ = d.next_key(20);
        emu2.display()[..3] == later[..]
    }));
    assert!(d.connected());
    assert!(d.reconnects() >= 1);
    emu2.press(&KeyEvent::Route(4));
    assert_eq!(d.next_key(3000).unwrap(), Some(KeyEvent::Route(4)));
}

#[test]
fn brlapi_client_writes_through_brltty_and_reads_a_key() {
    if !need(&["socat", "brltty"]) {
        return;
    }
    let _alone = one_at_a_time();
    let dir = TempDir::new("brlapi");
    let (_socat, dev, host) = socat(&dir);
    let emu = EmuRun::start(&dev, Emulator::orbit_reader_20());
    let offset = api_offset(1);
    let _brltty = brltty(&dir, &host, offset);
    let port = 4101 + offset;
    let mut client = None;
    let ok = wait_for("BrlAPI server", 15000, || {
        match BrlApiDisplay::connect("127.0.0.1", port, &Auth::None) {
            Ok(c) => {
                client = Some(c);
                true
            }
            Err(_) => false,
        }
    });
    let log = std::fs::read_to_string(dir.path("brltty.log")).unwrap_or_default();
    assert!(ok, "no BrlAPI connection. Log:\n{log}");
    let mut c = client.expect("client");
    assert_eq!(c.cells(), 20);
    let want = cells(&["234", "124", "23", "0", "1245", "2356"]);
    c.write(&want).unwrap();
    let ok = wait_for("cells through BRLTTY", 5000, || {
        emu.display()[..6] == want[..]
    });
    assert!(ok, "emulator shows {:?}", emu.display());
    // The Orbit Reader has no routing keys; a chord typed on its keyboard
    // comes through BRLTTY as a typed character.
    let chord = KeyEvent::Chord {
        dots: Cell::from_dots("234").unwrap(),
        space: false,
    };
    emu.press(&chord);
    let mut got = None;
    let deadline = Instant::now() + Duration::from_secs(5);
    while got.is_none() && Instant::now() < deadline {
        got = c.next_key(200).unwrap();
    }
    let log = std::fs::read_to_string(dir.path("brltty.log")).unwrap_or_default();
    assert_eq!(got, Some(chord), "BRLTTY log:\n{log}");
}

#[test]
fn brlapi_key_file_authorisation_and_display_command() {
    if !need(&["socat", "brltty"]) {
        return;
    }
    let _alone = one_at_a_time();
    let dir = TempDir::new("brlapi-key");
    let (_socat, dev, host) = socat(&dir);
    let emu = EmuRun::start(&dev, Emulator::orbit_reader_20());
    let key = dir.path("brlapi.key");
    std::fs::write(&key, b"hector-test-key-0123456789abcdef").unwrap();
    let offset = api_offset(2);
    let _brltty = brltty_with_auth(&dir, &host, offset, &format!("keyfile:{key}"));
    let port = 4101 + offset;
    // The right key: in, once BRLTTY has the display online.
    let mut client = None;
    let ok = wait_for(
        "BrlAPI server with the display",
        15000,
        || match BrlApiDisplay::connect("127.0.0.1", port, &Auth::KeyFile(key.clone())) {
            Ok(c) => {
                client = Some(c);
                true
            }
            Err(_) => false,
        },
    );
    assert!(
        ok,
        "{}",
        std::fs::read_to_string(dir.path("brltty.log")).unwrap_or_default()
    );
    let mut c = client.expect("authorised");
    assert_eq!(c.cells(), 20);
    drop(c.write(&cells(&["1"])));
    drop(c);
    let out = support::hector_command()
        .args([
            "display",
            "--device",
            &format!("brlapi:127.0.0.1:{port}"),
            "--show",
            "⠓⠑⠉",
            "--hold",
            "1500",
        ])
        .env("BRLAPI_AUTH", format!("keyfile:{key}"))
        .stdin(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("hector runs");
    let mut guard = Guard(out);
    let want = cells(&["125", "15", "14"]);
    let shown = wait_for("text through BRLTTY", 15000, || {
        emu.display()[..3] == want[..]
    });
    let (code, _, err) = finish(&mut guard, 30_000);
    assert!(shown, "{:?} / {err}", emu.display());
    assert_eq!(code, 0, "{err}");
    // Without the key, or with a wrong one: refused with a clear error.
    let refused = BrlApiDisplay::connect("127.0.0.1", port, &Auth::None)
        .err()
        .expect("refused");
    assert!(refused.to_string().contains("key file"), "{refused}");
    let wrong = dir.path("wrong.key");
    std::fs::write(&wrong, b"not the key").unwrap();
    assert!(BrlApiDisplay::connect("127.0.0.1", port, &Auth::KeyFile(wrong)).is_err());
}

#[test]
fn play_survives_unplug_and_redraws_mid_game() {
    if !need(&["socat"]) {
        return;
    }
    use std::io::Write;
    let dir = TempDir::new("play-replug");
    let (socat1, dev, host) = socat(&dir);
    let emu = EmuRun::start(&dev, Emulator::new("Orbit Reader 40", 40));
    let mut guard = play_with_baum(&host, "none");
    assert!(wait_for("first draw", 5000, || emu.writes() > 0));
    let mut stdin = guard.0.stdin.take().expect("stdin");
    stdin.write_all(b"e4\n").unwrap();
    stdin.flush().unwrap();
    let e4 = cells(&["2", "0", "15", "256"]);
    assert!(wait_for("e4 shown", 5000, || emu.display()[..4] == e4[..]));
    // Unplug mid-game; the game goes on at the terminal.
    drop(emu);
    drop(socat1);
    std::thread::sleep(Duration::from_millis(300));
    stdin.write_all(b"e5\n").unwrap();
    stdin.flush().unwrap();
    std::thread::sleep(Duration::from_millis(300));
    assert!(
        guard.0.try_wait().expect("status").is_none(),
        "hector ended when the display went away"
    );
    // Plug back in: a blank display is redrawn with the current status.
    let (_socat2, dev2, _) = socat(&dir);
    let emu2 = EmuRun::start(&dev2, Emulator::new("Orbit Reader 40", 40));
    let e5 = cells(&["2", "0", "36", "15", "26"]);
    assert!(
        wait_for("redraw after replug", 8000, || emu2.display()[..5]
            == e5[..]),
        "{:?}",
        emu2.display()
    );
    // Keys work again.
    for d in ["234", "124", "25", "8"] {
        emu2.press(&KeyEvent::Chord {
            dots: Cell::from_dots(d).unwrap(),
            space: false,
        });
    }
    let nf3 = cells(&["1", "0", "234", "124", "25"]);
    let nf3 = [vec![Cell::from_dots("23").unwrap()], nf3[1..].to_vec()].concat();
    assert!(
        wait_for("Nf3 shown", 5000, || emu2.display()[..5] == nf3[..]),
        "{:?}",
        emu2.display()
    );
    stdin.write_all(b"quit\n").unwrap();
    drop(stdin);
    let (code, out, err) = finish(&mut guard, 20_000);
    assert_eq!(code, 0, "{err}");
    // The terminal was told, once each, that the display went and came back.
    let gone = "The Braille display cannot be reached; hector keeps trying.";
    assert_eq!(out.matches(gone).count(), 1, "{out}");
    let back = out.find("The Braille display is connected again.");
    assert!(back.is_some_and(|b| b > out.find(gone).unwrap()), "{out}");
}

/// Issue 41 point 4: a display that is not there when the game starts:
/// the game starts and goes on at the terminal, the terminal is told once,
/// and the display is taken when it is plugged in (drawn with the game as
/// it stands, its keys heard).
#[test]
fn play_starts_without_its_display_and_takes_it_when_plugged_in() {
    if !need(&["socat"]) {
        return;
    }
    use std::io::Write;
    let dir = TempDir::new("play-absent");
    let host = dir.path("ttyHOST");
    let mut guard = play_with_baum(&host, "none");
    let mut stdin = guard.0.stdin.take().expect("stdin");
    stdin.write_all(b"e4\n").unwrap();
    stdin.flush().unwrap();
    std::thread::sleep(Duration::from_millis(1500));
    assert!(
        guard.0.try_wait().expect("status").is_none(),
        "hector ended without its display"
    );
    // Plugged in: the computer's end of the line appears.
    let (_socat, dev, host2) = socat(&dir);
    assert_eq!(host, host2);
    let emu = EmuRun::start(&dev, Emulator::new("Orbit Reader 40", 40));
    // It is written to at once (it says it is connected), then follows the
    // game: the reply typed at the terminal is on it.
    assert!(wait_for(
        "the display written once plugged in",
        8000,
        || emu.writes() > 0
    ));
    stdin.write_all(b"e5\n").unwrap();
    stdin.flush().unwrap();
    let e5 = cells(&["2", "0", "36", "15", "26"]);
    assert!(
        wait_for("the game on the display", 8000, || emu.display()[..5]
            == e5[..]),
        "{:?}",
        emu.display()
    );
    // Its keys are heard.
    for d in ["234", "124", "25", "8"] {
        emu.press(&KeyEvent::Chord {
            dots: Cell::from_dots(d).unwrap(),
            space: false,
        });
    }
    let nf3 = cells(&["1", "0", "234", "124", "25"]);
    let nf3 = [vec![Cell::from_dots("23").unwrap()], nf3[1..].to_vec()].concat();
    assert!(
        wait_for("a move keyed on it", 5000, || emu.display()[..5] == nf3[..]),
        "{:?}",
        emu.display()
    );
    stdin.write_all(b"quit\n").unwrap();
    drop(stdin);
    let (code, out, err) = finish(&mut guard, 20_000);
    assert_eq!(code, 0, "{err}");
    let gone = "The Braille display cannot be reached; hector keeps trying.";
    assert_eq!(out.matches(gone).count(), 1, "{out}");
    let back = out.find("The Braille display is connected again.");
    assert!(back.is_some_and(|b| b > out.find(gone).unwrap()), "{out}");
    assert_eq!(out.matches("connected again").count(), 1, "{out}");
}

#[test]
fn baum_emulator_command_serves_hector() {
    if !need(&["socat"]) {
        return;
    }
    use std::io::Write;
    use std::process::{Command, Stdio};
    let dir = TempDir::new("emu-cmd");
    let (_socat, dev, host) = socat(&dir);
    let emu = Command::new(env!("CARGO_BIN_EXE_hector-lab"))
        .args(["baum-emulator", &dev, "--cells", "40"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("emulator runs");
    let mut emu = Guard(emu);
    std::thread::sleep(Duration::from_millis(300));
    let mut show = spawn_hector(
        &[
            "display",
            "--device",
            &format!("baum:{host}"),
            "--show",
            "⠑⠲",
        ],
        false,
    );
    let (code, _, err) = finish(&mut show, 20_000);
    assert_eq!(code, 0, "{err}");
    let mut keys = spawn_hector(
        &[
            "display",
            "--device",
            &format!("baum:{host}"),
            "--keys",
            "1",
            "--timeout",
            "10000",
        ],
        false,
    );
    // Press routing key 3 until hector has read one key (it may still be
    // starting up when the first press comes).
    let mut stdin = emu.0.stdin.take().expect("stdin");
    let deadline = Instant::now() + Duration::from_secs(10);
    while Instant::now() < deadline && keys.0.try_wait().ok().flatten().is_none() {
        stdin.write_all(b"r3\n").unwrap();
        stdin.flush().unwrap();
        std::thread::sleep(Duration::from_millis(300));
    }
    let (code, out, err) = finish(&mut keys, 5_000);
    assert_eq!(code, 0, "{err}");
    assert_eq!(out, "route 3\n");
    let (_, shown, _) = finish(&mut emu, 500);
    assert!(shown.lines().any(|l| l.starts_with("⠑⠲⠀")), "{shown}");
}

#[test]
fn power_down_then_back_redraws() {
    if !need(&["socat"]) {
        return;
    }
    let _alone = one_at_a_time();
    let dir = TempDir::new("powerdown");
    let (_socat, dev, host) = socat(&dir);
    let emu = EmuRun::start(&dev, Emulator::orbit_reader_20());
    let mut d = BaumDisplay::open(&host).expect("identify");
    let shown = cells(&["1", "2", "3"]);
    d.write(&shown).unwrap();
    assert!(wait_for("first draw", 3000, || emu.display()[..3] == shown[..]));
    let queries = emu.shared.lock().map(|s| s.identity_queries).unwrap_or(0);
    // The display says it powers down (power switch), then is on again.
    emu.send_raw(&[0x1B, 0x17, 0x02]);
    assert!(wait_for("re-identify", 5000, || {
        let _ = d.next_key(20);
        emu.shared.lock().map(|s| s.identity_queries).unwrap_or(0) > queries
    }));
    assert!(d.connected());
    assert!(d.reconnects() >= 1);
}

#[test]
fn garbage_from_a_brlapi_server_is_an_error_not_a_panic() {
    use std::io::Write;
    use std::net::TcpListener;
    let mut seed: u64 = 0x0123_4567_89AB_CDEF;
    for round in 0..20 {
        let listener = TcpListener::bind("127.0.0.1:0").expect("bind");
        let port = listener.local_addr().unwrap().port();
        let mut bytes = Vec::new();
        let len = 1 + (seed % 200) as usize;
        for _ in 0..len {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            bytes.push((seed >> 32) as u8);
        }
        if round % 4 == 0 {
            // A plausible start: a version packet, then garbage.
            let mut v = vec![0, 0, 0, 4, 0, 0, 0, b'v', 0, 0, 0, 8];
            v.extend(&bytes);
            bytes = v;
        }
        let server = std::thread::spawn(move || {
            if let Ok((mut s, _)) = listener.accept() {
                let _ = s.write_all(&bytes);
            }
        });
        let started = Instant::now();
        let got = BrlApiDisplay::connect("127.0.0.1", port, &Auth::None);
        assert!(got.is_err(), "round {round}");
        assert!(started.elapsed() < Duration::from_secs(12), "round {round}");
        let _ = server.join();
    }
}

#[test]
fn brlapi_client_comes_back_after_brltty_restarts() {
    if !need(&["socat", "brltty"]) {
        return;
    }
    let _alone = one_at_a_time();
    let dir = TempDir::new("brlapi-restart");
    let (_socat, dev, host) = socat(&dir);
    let emu = EmuRun::start(&dev, Emulator::orbit_reader_20());
    let offset = api_offset(3);
    let port = 4101 + offset;
    let first = brltty(&dir, &host, offset);
    let mut client = None;
    assert!(wait_for("BrlAPI server", 15000, || {
        match BrlApiDisplay::connect("127.0.0.1", port, &Auth::None) {
            Ok(c) => {
                client = Some(c);
                true
            }
            Err(_) => false,
        }
    }));
    let mut c = client.expect("client");
    let a = cells(&["1", "12"]);
    c.write(&a).unwrap();
    assert!(wait_for("first text", 5000, || emu.display()[..2] == a[..]));
    // BRLTTY stops: the client notices, without an error to the caller.
    drop(first);
    let mut saw_gone = false;
    for _ in 0..20 {
        assert!(c.next_key(50).is_ok());
        if !c.connected() {
            saw_gone = true;
            break;
        }
    }
    assert!(saw_gone, "the client did not notice BRLTTY went away");
    // BRLTTY starts again: the client reconnects and redraws.
    let _second = brltty(&dir, &host, offset);
    let b = cells(&["2", "23"]);
    c.write(&b).unwrap();
    let back = wait_for("reconnect and redraw", 25000, || {
        let _ = c.next_key(50);
        c.connected() && emu.display()[..2] == b[..]
    });
    let log = std::fs::read_to_string(dir.path("brltty.log")).unwrap_or_default();
    assert!(back, "{:?}\n{log}", emu.display());
}
