//! The terminal as an input that never blocks the caller: standard input
//! read line by line on its own thread and handed over on a channel. Every
//! interactive loop (play with a clock, voice or a Braille display, the
//! terminal Braille display, push-to-talk) waits on this channel together
//! with its other events.

use std::io::BufRead;
use std::sync::mpsc::{self, Receiver};

/// Lines of standard input (without their line ending), as they are typed.
/// The channel disconnects at the end of input.
pub fn stdin_lines() -> Receiver<String> {
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        for line in std::io::stdin().lock().lines() {
            let Ok(line) = line else { break };
            if tx.send(line).is_err() {
                break;
            }
        }
    });
    rx
}
