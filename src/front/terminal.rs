//! The terminal of `hector play`, as the blind player uses it with a
//! screen reader: a line editor with history (the Up arrow brings the last
//! line back) that keeps every line plain — no prompt, no colours, no
//! bracketed paste, no bell — and, when standard input is not a terminal
//! (a pipe, a file, a program), plain line reading exactly as before.
//!
//! The game is never lost with the terminal: Ctrl-C and Ctrl-D at the
//! line editor, and SIGINT, SIGTERM and SIGHUP from anywhere, end the game
//! as `quit` does — saved as PGN, and a sentence saying where.

use std::io::IsTerminal;
use std::sync::atomic::{AtomicI32, Ordering};
use std::sync::mpsc::Sender;

use super::Input;
use crate::cli::session::lines;
use crate::session::json::MAX_LINE;

/// The stop signal that came (SIGINT, SIGTERM, SIGHUP), 0 while none did.
static STOP: AtomicI32 = AtomicI32::new(0);

#[cfg(unix)]
extern "C" fn on_stop(sig: libc::c_int) {
    // Only an atomic store: async-signal safe.
    STOP.store(sig, Ordering::SeqCst);
}

/// From now on SIGINT, SIGTERM and SIGHUP no longer end hector at once:
/// they are noted, and the game loop ends the game as `quit` does
/// ([`stop_requested`]).
pub(crate) fn catch_stop_signals() {
    #[cfg(unix)]
    for sig in [libc::SIGINT, libc::SIGTERM, libc::SIGHUP] {
        // SAFETY: a zeroed sigaction with an empty mask and a handler that
        // only stores an atomic; installing it has no other effect.
        unsafe {
            let mut sa: libc::sigaction = std::mem::zeroed();
            sa.sa_sigaction = on_stop as *const () as libc::sighandler_t;
            libc::sigemptyset(&mut sa.sa_mask);
            sa.sa_flags = libc::SA_RESTART;
            libc::sigaction(sig, &sa, std::ptr::null_mut());
        }
    }
}

/// Whether a stop signal came (see [`catch_stop_signals`]).
pub(super) fn stop_requested() -> bool {
    STOP.load(Ordering::SeqCst) != 0
}

/// The terminal's settings as they were before the line editor took it,
/// put back when the game ends (the editor's thread may still be waiting
/// for a key in raw mode then).
pub(crate) struct Restore {
    #[cfg(unix)]
    saved: Option<libc::termios>,
}

impl Drop for Restore {
    fn drop(&mut self) {
        #[cfg(unix)]
        if let Some(t) = &self.saved {
            // SAFETY: `t` was filled by tcgetattr on the same descriptor.
            unsafe {
                libc::tcsetattr(0, libc::TCSANOW, t);
            }
        }
    }
}

/// Reads the terminal on its own thread and hands every line to `tx`:
/// through the line editor when standard input is a terminal, plainly
/// otherwise. Ctrl-C and Ctrl-D at the editor are [`Input::Stop`]; the end
/// of a piped input is [`Input::Closed`] (the other front ends may go on).
pub(crate) fn spawn(tx: Sender<Input>) -> Restore {
    if !std::io::stdin().is_terminal() {
        std::thread::spawn(move || {
            for line in lines(std::io::stdin().lock(), MAX_LINE) {
                if tx.send(Input::Line(line)).is_err() {
                    return;
                }
            }
            let _ = tx.send(Input::Closed);
        });
        return Restore {
            #[cfg(unix)]
            saved: None,
        };
    }
    #[cfg(unix)]
    // SAFETY: tcgetattr fills the zeroed struct for descriptor 0, a
    // terminal (checked above).
    let saved = unsafe {
        let mut t: libc::termios = std::mem::zeroed();
        (libc::tcgetattr(0, &mut t) == 0).then_some(t)
    };
    std::thread::spawn(move || edit_lines(&tx));
    Restore {
        #[cfg(unix)]
        saved,
    }
}

/// The line editor: plain for a screen reader (an empty prompt, no colour,
/// no bell, no bracketed paste); the lines typed are its history.
fn edit_lines(tx: &Sender<Input>) {
    use rustyline::config::Configurer;
    use rustyline::config::{BellStyle, ColorMode, Config};
    use rustyline::error::ReadlineError;
    let mut config = Config::builder()
        .auto_add_history(true)
        .bell_style(BellStyle::None)
        .color_mode(ColorMode::Disabled)
        .bracketed_paste(false)
        .check_cursor_position(false)
        .build();
    // No synchronized-update brackets around each redraw.
    Configurer::enable_synchronized_output(&mut config, false);
    let mut editor = match rustyline::DefaultEditor::with_config(config) {
        Ok(e) => e,
        Err(_) => {
            // No line editor here: the terminal is read plainly.
            for line in lines(std::io::stdin().lock(), MAX_LINE) {
                if tx.send(Input::Line(line)).is_err() {
                    return;
                }
            }
            let _ = tx.send(Input::Closed);
            return;
        }
    };
    loop {
        let input = match editor.readline("") {
            Ok(line) if line.len() > MAX_LINE => Input::Line(Err("too_long".into())),
            Ok(line) => Input::Line(Ok(line)),
            // Ctrl-C, and Ctrl-D on an empty line: the player ends the
            // game here, as with `quit`.
            Err(ReadlineError::Interrupted | ReadlineError::Eof) => {
                let _ = tx.send(Input::Stop);
                return;
            }
            Err(ReadlineError::Signal(_)) => continue,
            Err(_) => {
                let _ = tx.send(Input::Line(Err("unreadable".into())));
                break;
            }
        };
        if tx.send(input).is_err() {
            return;
        }
    }
    let _ = tx.send(Input::Closed);
}
