//! `hector-lab baum-emulator`: a Baum Braille display emulated on a
//! serial port or pty, for the tests and for trying BRLTTY or hector
//! without hardware.

use crate::braille::cell::to_unicode;
use crate::braille::driver;
use crate::cli::args::Args;

fn fail(msg: impl std::fmt::Display) -> i32 {
    eprintln!("{msg}");
    1
}

/// `hector-lab baum-emulator PATH [--cells N] [--identity TEXT]`: an emulated
/// Baum display on a serial port or pty (for trying BRLTTY or hector
/// without hardware, e.g. on one end of `socat pty,raw,echo=0,link=A
/// pty,raw,echo=0,link=B`). Prints each line written to it as Unicode
/// Braille; lines typed on standard input are sent as keys (`234`, `r5`,
/// `display2`, `space`, …).
pub fn run(args: &Args) -> i32 {
    use crate::lab::braille::emulator::{Emulator, Shared, run_on_port};
    use std::io::Write;
    use std::sync::atomic::AtomicBool;
    use std::sync::{Arc, Mutex, mpsc};

    let [path] = args.positional() else {
        return fail("Give the serial port or pty the emulated display sits on.");
    };
    let cells = match args.get("cells").map(str::parse::<usize>) {
        None => 20,
        Some(Ok(n)) if (1..=160).contains(&n) => n,
        Some(_) => return fail("--cells needs a number from 1 to 160."),
    };
    let identity = args
        .get("identity")
        .map(str::to_string)
        .unwrap_or_else(|| format!("Orbit Reader {cells}"));
    let shared = Arc::new(Mutex::new(Shared::default()));
    let stop = Arc::new(AtomicBool::new(false));
    let (tx, rx) = mpsc::channel::<Vec<u8>>();
    let runner = {
        let (shared, stop, path) = (shared.clone(), stop.clone(), path.clone());
        std::thread::spawn(move || {
            run_on_port(&path, Emulator::new(&identity, cells), shared, rx, stop)
        })
    };
    std::thread::spawn(move || {
        for line in crate::front::console::text_lines(std::io::stdin().lock()) {
            match driver::parse_typed_key(&line) {
                Some(k) => {
                    if tx.send(driver::baum_key_packets(&k, cells)).is_err() {
                        break;
                    }
                }
                None => eprintln!("'{}' is no key.", line.trim()),
            }
        }
        // Keep the key channel open: the display stays plugged in.
        loop {
            std::thread::park();
        }
    });
    let mut seen = 0;
    loop {
        if runner.is_finished() {
            return match runner.join() {
                Ok(Err(e)) => fail(e),
                _ => 0,
            };
        }
        let (writes, line) = match shared.lock() {
            Ok(s) => (s.writes, s.display.clone()),
            Err(_) => return fail("The emulator stopped."),
        };
        if writes != seen {
            seen = writes;
            let mut out = std::io::stdout().lock();
            let _ = writeln!(out, "{}", to_unicode(&line));
            let _ = out.flush();
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
}
