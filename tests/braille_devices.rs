//! Braille displays end to end, with real programs: a Baum display emulator
//! on a socat pty pair, BRLTTY (Baum driver + BrlAPI server on loopback),
//! hector's Baum driver and hector's BrlAPI client. Each test prints
//! `SKIP: <why>` and returns when socat or brltty is missing. Every wait has
//! a timeout and every child process is killed when its guard is dropped.

mod common;

use std::time::{Duration, Instant};

use common::*;
use hector::braille::Cell;
use hector::braille::brlapi::{Auth, BrlApiDisplay};
use hector::braille::driver::{BaumDisplay, BrailleDisplay, KeyEvent};
use hector::braille::emulator::Emulator;

#[test]
fn brltty_accepts_the_emulator_as_an_orbit_reader() {
    if !need(&["socat", "brltty"]) {
        return;
    }
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
    d.write(&later).unwrap();
    assert!(!d.connected());
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
