//! The Braille display front end of `hector play`: the blind player reads
//! the status line (move number, last move, whose turn, clocks) and every
//! sentence addressed to him; he enters moves on the Braille keyboard
//! (confirmed with dot 8, then confirmed again after the read-back, D.2.1)
//! and asks with display keys and space chords:
//!
//! | chord (with space) | command |
//! |---|---|
//! | t | time | i | my time | o | opponent time | u | time used |
//! | m | moves | l | last move | r | repeat | b | board |
//! | d | draw | a | accept | x | decline | h | help | p | call the arbiter |
//! | y | yes | n | no | g then dot 8 | resign |

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc::{self, Sender};

use super::{CommandText, Front, Input};
use crate::braille::brf::text_cells;
use crate::braille::cell::Cell;
use crate::braille::display::{Facts, Page, View};
use crate::braille::driver::{self, KeyEvent};
use crate::braille::input::{MoveEntry, Outcome, Request};
use crate::session::{Device, DeviceNote, Event, Kind, Seat, Session};

/// What the display thread is asked to do.
enum ToDisplay {
    Cells(Vec<Cell>),
    /// Answer once everything before has been written.
    Flush(Sender<()>),
}

pub(super) struct BrailleFront {
    seat: Seat,
    cells_tx: Sender<ToDisplay>,
    width: usize,
    /// The width of a display that was absent at the start, once it is
    /// there (0 until then, and after it is taken).
    opened: Arc<AtomicUsize>,
    view: View,
    entry: MoveEntry,
    /// A sentence on the display instead of the status line.
    message: Option<Vec<Cell>>,
    /// A move read back and waiting for dot 8 (D.2.1).
    readback: bool,
    /// Resign asked, waiting for dot 8.
    resigning: bool,
}

fn chord_letter(dots: Cell) -> Option<char> {
    // Literary Braille letters a–z (dots 1–6).
    const LETTERS: [(u8, char); 26] = [
        (0x01, 'a'),
        (0x03, 'b'),
        (0x09, 'c'),
        (0x19, 'd'),
        (0x11, 'e'),
        (0x0B, 'f'),
        (0x1B, 'g'),
        (0x13, 'h'),
        (0x0A, 'i'),
        (0x1A, 'j'),
        (0x05, 'k'),
        (0x07, 'l'),
        (0x0D, 'm'),
        (0x1D, 'n'),
        (0x15, 'o'),
        (0x0F, 'p'),
        (0x1F, 'q'),
        (0x17, 'r'),
        (0x0E, 's'),
        (0x1E, 't'),
        (0x25, 'u'),
        (0x27, 'v'),
        (0x3A, 'w'),
        (0x2D, 'x'),
        (0x3D, 'y'),
        (0x35, 'z'),
    ];
    LETTERS.iter().find(|(d, _)| *d == dots.0).map(|(_, c)| *c)
}

/// The command of a space chord (English words work in every locale).
fn chord_command(letter: char) -> Option<&'static str> {
    Some(match letter {
        't' => "time",
        'i' => "my time",
        'o' => "opponent time",
        'u' => "time used",
        'm' => "moves",
        'l' => "last",
        'r' => "repeat",
        'b' => "board",
        'd' => "draw",
        'a' => "accept",
        'x' => "decline",
        'h' => "help",
        'p' => "arbiter",
        'y' => "yes",
        'n' => "no",
        _ => return None,
    })
}

/// The game as the display shows it, in the seat's language (its own with
/// `--seat-locale`, or the game's).
fn facts(s: &Session, seat: Seat) -> Facts<'_> {
    let st = s.status(s.last_t());
    Facts {
        start: s.game().start(),
        moves: s.game().moves(),
        clock_ms: st.clock.map(|c| (c.white_ms, c.black_ms)),
        locale: seat_code(s, seat),
    }
}

/// The language of a seat: its own (`--seat-locale`) or the game's.
fn seat_code(s: &Session, seat: Seat) -> &str {
    let cfg = s.config();
    cfg.seat_locales
        .get(seat.name())
        .map_or(cfg.locale.as_str(), String::as_str)
}

/// The cells shown for a display that is not there yet (the most common
/// width of a Braille display); its own width once it is.
const ABSENT_WIDTH: usize = 40;

impl BrailleFront {
    /// Opens the display on its own thread: cells go to it on a channel,
    /// its keys come back as [`Input::Key`].
    pub(super) fn open(
        device: &str,
        seat: Seat,
        tx: Sender<Input>,
    ) -> Result<BrailleFront, String> {
        let (cells_tx, cells_rx) = mpsc::channel::<ToDisplay>();
        let (ready_tx, ready_rx) = mpsc::channel::<Result<usize, String>>();
        let device = device.to_string();
        let width = Arc::new(AtomicUsize::new(0));
        let opened_width = width.clone();
        std::thread::spawn(move || {
            // Keys of the terminal display are typed as "> 234" on the
            // game's own input; its channel here stays silent.
            let open = || {
                driver::open(&device, || {
                    let (keep, none) = mpsc::channel::<String>();
                    std::mem::forget(keep);
                    none
                })
            };
            let mut latest = None;
            let mut d = match open() {
                Ok(d) => {
                    let _ = ready_tx.send(Ok(d.cells()));
                    d
                }
                // The terminal display is always there: its options are wrong.
                Err(e) if device.starts_with("terminal") => {
                    let _ = ready_tx.send(Err(e.to_string()));
                    return;
                }
                // A display not there at the start: the game goes on by the
                // other front ends; its reader, the assistant and the arbiter
                // are told once, and it is looked for again every second.
                Err(e) => {
                    let _ = ready_tx.send(Ok(ABSENT_WIDTH));
                    let note = |reachable: bool, why: Option<String>| {
                        Input::Device(DeviceNote {
                            device: Device::Braille,
                            seat,
                            reachable,
                            why,
                        })
                    };
                    if tx.send(note(false, Some(e.to_string()))).is_err() {
                        return;
                    }
                    loop {
                        std::thread::sleep(std::time::Duration::from_secs(1));
                        // The newest cells wait for the display.
                        loop {
                            match cells_rx.try_recv() {
                                Ok(ToDisplay::Cells(c)) => latest = Some(c),
                                Ok(ToDisplay::Flush(done)) => {
                                    let _ = done.send(());
                                }
                                Err(mpsc::TryRecvError::Empty) => break,
                                Err(mpsc::TryRecvError::Disconnected) => return,
                            }
                        }
                        if let Ok(d) = open() {
                            opened_width.store(d.cells(), Ordering::Relaxed);
                            if tx.send(note(true, None)).is_err() {
                                return;
                            }
                            break d;
                        }
                    }
                }
            };
            let mut reachable = true;
            loop {
                let mut flushed = Vec::new();
                loop {
                    match cells_rx.try_recv() {
                        Ok(ToDisplay::Cells(c)) => latest = Some(c),
                        Ok(ToDisplay::Flush(done)) => flushed.push(done),
                        Err(mpsc::TryRecvError::Empty) => break,
                        Err(mpsc::TryRecvError::Disconnected) => return,
                    }
                }
                if let Some(c) = latest.take()
                    && let Err(e) = d.write(&c)
                {
                    let _ = tx.send(Input::Note(e.to_string()));
                }
                for done in flushed {
                    let _ = done.send(());
                }
                // A display that went away, or came back, is told once to
                // its reader, the assistant and the arbiter (its reader may
                // not notice at once).
                if d.reachable() != reachable {
                    reachable = !reachable;
                    let _ = tx.send(Input::Device(DeviceNote {
                        device: Device::Braille,
                        seat,
                        reachable,
                        why: None,
                    }));
                }
                match d.next_key(20) {
                    Ok(Some(k)) => {
                        if tx.send(Input::Key(k)).is_err() {
                            return;
                        }
                    }
                    Ok(None) => {}
                    Err(e) => {
                        let _ = tx.send(Input::Note(e.to_string()));
                        std::thread::sleep(std::time::Duration::from_millis(200));
                    }
                }
            }
        });
        let cells = match ready_rx.recv() {
            Ok(r) => r?,
            Err(_) => return Err("The Braille display could not be opened.".into()),
        };
        Ok(BrailleFront {
            seat,
            cells_tx,
            opened: width,
            width: cells,
            view: View::new(cells),
            entry: MoveEntry::new(),
            message: None,
            readback: false,
            resigning: false,
        })
    }

    fn refresh(&mut self, session: &Session) {
        // A display that was absent at the start has its own width.
        let opened = self.opened.swap(0, Ordering::Relaxed);
        if opened != 0 && opened != self.width {
            self.width = opened;
            self.view = View::new(opened);
        }
        let mut cells = match &self.message {
            Some(m) => m.clone(),
            None if !self.entry.typed().is_empty() => self.entry.typed().to_vec(),
            None => self
                .view
                .render(&facts(session, self.seat))
                .unwrap_or_default(),
        };
        cells.truncate(self.width.max(self.view.width()));
        let _ = self.cells_tx.send(ToDisplay::Cells(cells));
    }
}

impl Front for BrailleFront {
    fn seat(&self) -> Seat {
        self.seat
    }

    fn wants(&self, input: &Input) -> bool {
        matches!(input, Input::Key(_))
    }

    /// Waits (at most a second) until the display shows the last cells.
    fn close(&mut self) {
        let (done, wait) = mpsc::channel();
        if self.cells_tx.send(ToDisplay::Flush(done)).is_ok() {
            let _ = wait.recv_timeout(std::time::Duration::from_secs(1));
        }
    }

    fn show(&mut self, session: &Session, lines: &[(Event, String)]) {
        for (e, text) in lines {
            match &e.kind {
                Kind::Moved { .. } | Kind::Status(_) | Kind::Retraced { .. } => {
                    self.message = None;
                    self.readback = false;
                    self.view.show(Page::Status);
                }
                Kind::Readback { .. } => {
                    self.readback = true;
                    self.message = Some(text_cells(text));
                }
                Kind::Cancelled { .. } => {
                    self.readback = false;
                    self.message = Some(text_cells(text));
                }
                _ if !text.is_empty() => self.message = Some(text_cells(text)),
                _ => {}
            }
        }
        self.refresh(session);
    }

    /// The voice front's question (resign?) on his display too.
    fn prompt(&mut self, session: &Session, text: &str) {
        self.message = Some(text_cells(text));
        self.refresh(session);
    }

    fn input(&mut self, session: &Session, input: Input) -> Vec<(Seat, CommandText)> {
        let Input::Key(key) = input else {
            return Vec::new();
        };
        let seat = self.seat;
        let say = |t: &str| vec![(seat, CommandText::Text(t.to_string()))];
        let dot8 = matches!(&key, KeyEvent::Chord { dots, space: false } if dots.0 == 0x80);
        // dot 8 with nothing typed confirms a read-back or a resignation.
        if dot8 && self.entry.typed().is_empty() {
            if self.resigning {
                self.resigning = false;
                // The session asks every resignation back (5.1.2): dot 8
                // answered it already.
                let mut both = say("resign");
                both.extend(say("yes"));
                return both;
            }
            if self.readback {
                self.readback = false;
                return say("yes");
            }
        }
        if let KeyEvent::Chord { dots, space: true } = &key
            && let Some(letter) = chord_letter(*dots)
        {
            if letter == 'g' {
                self.resigning = true;
                self.message = Some(text_cells("resign? dot 8"));
                self.refresh(session);
                return Vec::new();
            }
            if let Some(cmd) = chord_command(letter) {
                self.resigning = false;
                return say(cmd);
            }
        }
        self.resigning = false;
        self.message = None;
        let pan = self.view.position().1;
        let pos = session.game().position().clone();
        let out = match self
            .entry
            .key(&key, &pos, seat_code(session, self.seat), pan)
        {
            Ok(Outcome::Move(m)) => {
                let uci = m.to_uci(session.game().castling_mode()).to_string();
                say(&uci)
            }
            Ok(Outcome::Choose(_)) => {
                let (line, _) = self.entry.choice_line();
                self.view.show(Page::Query(vec![line]));
                Vec::new()
            }
            Ok(Outcome::NoMatch(typed)) => {
                let mut m = vec![Cell(0x3F), Cell::BLANK];
                m.extend(typed);
                self.message = Some(m);
                Vec::new()
            }
            Ok(Outcome::Request(r)) => match r {
                Request::LastMove => say("last"),
                Request::Time => say("time"),
                Request::Status => {
                    self.view.show(Page::Status);
                    Vec::new()
                }
                Request::Moves => {
                    self.view.show(Page::Moves);
                    Vec::new()
                }
                Request::Board => {
                    self.view.show(Page::Board);
                    Vec::new()
                }
                Request::PanLeft => {
                    let _ = self.view.pan_left(&facts(session, self.seat));
                    Vec::new()
                }
                Request::PanRight => {
                    let _ = self.view.pan_right(&facts(session, self.seat));
                    Vec::new()
                }
            },
            Ok(Outcome::Typed(_) | Outcome::Nothing) => Vec::new(),
            Err(e) => {
                self.message = Some(text_cells(&e.to_string()));
                Vec::new()
            }
        };
        self.refresh(session);
        out
    }
}
