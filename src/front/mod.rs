//! The front ends at the board, for `hector play` and `hector serve` alike:
//! the terminal, the blind player's voice (`--voice`), his Braille display
//! (`--braille`), the sighted player's DGT e-board (`--eboard`) and a served
//! board's clients — all feeding one session. Each front end turns what its
//! person does into a command from that person's seat; the session's events
//! go back to the seats they are addressed to ([`play_loop`]).

mod braille;
pub mod console;
mod eboard;
pub(crate) mod served;
pub(crate) mod terminal;
#[cfg(feature = "mic")]
mod voice;

use std::io::Write;
use std::sync::mpsc::{Receiver, RecvTimeoutError, Sender};
use std::time::{Duration, Instant};

use crate::session::{Command, Event, Kind, Refusal, Renderer, Seat, Session, To};

/// The local front ends (shared by `hector play` and `hector serve`).
#[derive(Debug, Clone, clap::Args)]
pub(crate) struct FrontArgs {
    /// The blind player's microphone; SEAT is whose voice it is (default: the blind player).
    #[arg(long, num_args = 0..=1, default_missing_value = "", value_name = "SEAT")]
    voice: Option<String>,
    /// A Braille display: terminal[:CELLS], baum:PATH or brlapi[:HOST:PORT]; then optionally its SEAT.
    #[arg(long, num_args = 1..=2, value_names = ["DEVICE", "SEAT"])]
    braille: Option<Vec<String>>,
    /// The sighted player's DGT e-board: dgt:PATH. Its settled moves are his moves.
    #[arg(long, value_name = "dgt:PATH")]
    eboard: Option<String>,
    /// Speech out for the voice seat: dispatcher (speech-dispatcher) or text (printed only).
    #[arg(long)]
    speech: Option<String>,
    /// Speech engine: both (Whisper and PocketSphinx together, the
    /// default), pocketsphinx (small machines), whisper or vosk.
    #[arg(long)]
    engine: Option<String>,
    /// Speech model directory (Whisper's for both and whisper; Vosk's).
    #[arg(long)]
    model: Option<String>,
    /// The voice player's adaptation, written by `hector enrol` (PocketSphinx).
    #[arg(long, value_name = "FILE")]
    adaptation: Option<String>,
    /// Voice activity threshold in dBFS (-90 … 0).
    #[arg(long, allow_hyphen_values = true)]
    threshold: Option<String>,
    /// The player starting to speak interrupts hector (for an earphone).
    #[arg(long)]
    barge_in: bool,
}

impl FrontArgs {
    /// Whether any local front end was asked for.
    pub(crate) fn any(&self) -> bool {
        self.voice.is_some() || self.braille.is_some() || self.eboard.is_some()
    }

    /// Opens every front end asked for; their devices send to `tx`.
    pub(crate) fn open(
        &self,
        session: &Session,
        tx: &Sender<Input>,
    ) -> Result<Vec<Box<dyn Front>>, String> {
        let blind_seat = blind_seat(session);
        // A device that cannot start is said in the game's language (the
        // reason from the device or the system follows as it came).
        let words = session.words();
        let unavailable = |key: &'static str| move |why: String| words.text(key, &[("why", &why)]);
        let mut fronts: Vec<Box<dyn Front>> = Vec::new();
        if let Some(spec) = &self.braille {
            let seat = match spec.get(1).map(|s| Seat::parse(&s.to_ascii_lowercase())) {
                Some(Some(s)) => s,
                Some(None) => return Err(format!("--braille: '{}' is not a seat.", spec[1])),
                None => blind_seat,
            };
            fronts.push(Box::new(
                braille::BrailleFront::open(&spec[0], seat, tx.clone())
                    .map_err(unavailable("braille_unavailable"))?,
            ));
        }
        if let Some(dev) = &self.eboard {
            let seat = Seat::of(!match blind_seat {
                Seat::Black => shakmaty::Color::Black,
                _ => shakmaty::Color::White,
            });
            fronts.push(Box::new(eboard::EboardFront::open(
                dev,
                seat,
                session,
                tx.clone(),
            )?));
        }
        if let Some(v) = &self.voice {
            #[cfg(feature = "mic")]
            {
                let seat = if v.is_empty() {
                    blind_seat
                } else {
                    Seat::parse(&v.to_ascii_lowercase())
                        .ok_or_else(|| format!("--voice: '{v}' is not a seat."))?
                };
                let opts = voice::VoiceOptions {
                    speech: self.speech.clone(),
                    engine: self.engine.clone(),
                    model: self.model.clone(),
                    adaptation: self.adaptation.clone(),
                    threshold: self.threshold.clone(),
                    barge_in: self.barge_in,
                };
                fronts.push(Box::new(
                    voice::VoiceFront::open(seat, session, opts, tx.clone())
                        .map_err(unavailable("voice_unavailable"))?,
                ));
            }
            #[cfg(not(feature = "mic"))]
            {
                let _ = v;
                return Err(
                    "This hector was built without the microphone (cargo feature mic).".into(),
                );
            }
        }
        Ok(fronts)
    }
}

/// Something a front end hands to the loop.
pub(crate) enum Input {
    /// A terminal line (or why it could not be read).
    Line(Result<String, String>),
    /// The terminal's input ended (a pipe closed).
    Closed,
    /// The player ended the game at the terminal (Ctrl-C, Ctrl-D): it is
    /// saved as with `quit`.
    Stop,
    /// The start of an utterance (its audio so far): the recogniser
    /// listens while the player speaks.
    #[allow(dead_code)]
    SpeechStart(Vec<i16>),
    /// More audio of the utterance under way.
    #[allow(dead_code)]
    SpeechMore(Vec<i16>),
    /// Speech paused long enough that the utterance may end soon: what was
    /// said so far may be decided now (see `VadEvent::Paused`); the
    /// pause's number, counted by the microphone thread from 1.
    #[allow(dead_code)]
    SpeechPaused(usize),
    /// Speech resumed after `SpeechPaused`.
    #[allow(dead_code)]
    SpeechResumed,
    /// A whole utterance from the microphone, to be recognised.
    #[allow(dead_code)]
    Utterance(Vec<i16>),
    /// A key from the Braille display.
    Key(crate::braille::driver::KeyEvent),
    /// Something the e-board saw.
    Board(crate::eboard::WatchEvent),
    /// A message for the terminal (a device's error).
    Note(String),
    /// A front end's own sentence to its seat (the voice front's
    /// resignation question), for the seat's other front ends to show too.
    #[cfg_attr(not(feature = "mic"), allow(dead_code))]
    Prompt { seat: Seat, text: String },
    /// A device went away or came back: the session tells its seat, the
    /// assistant and the arbiter.
    Device(crate::session::DeviceNote),
    /// Events of a served board (`hector serve`), as its clients get them.
    Served(std::sync::Arc<Vec<serde_json::Value>>),
}

/// A front end bound to a seat: gets the events addressed to it.
pub(crate) trait Front {
    fn seat(&self) -> Seat;
    /// Whether a device input is this front end's.
    fn wants(&self, input: &Input) -> bool;
    /// Whether what this seat hears is also printed on the terminal (the
    /// voice seat: everything hector says is printed too), except a sealed
    /// move.
    fn echoed(&self) -> bool {
        false
    }
    /// The game is over for this front end: finish what it shows.
    fn close(&mut self) {}
    /// Shows or says the events for this seat (already worded).
    fn show(&mut self, session: &Session, lines: &[(Event, String)]);
    /// Shows another front end's own sentence to this seat (see
    /// [`Input::Prompt`]); the one that sent it has said it already.
    fn prompt(&mut self, _session: &Session, _text: &str) {}
    /// Handles an input meant for this front end; returns commands.
    fn input(&mut self, session: &Session, input: Input) -> Vec<(Seat, CommandText)>;
}

/// What a front end asks the session to do.
pub(crate) enum CommandText {
    Text(String),
    /// Only the microphone front end hears (feature `mic`).
    #[cfg_attr(not(feature = "mic"), allow(dead_code))]
    Heard(Vec<String>, f32),
}

/// A seat's name in the game's language (`Schwarz`), the prefix of a
/// terminal line for that seat and of an answer printed for it.
fn seat_word(session: &Session, seat: Seat) -> String {
    session
        .words()
        .text(&format!("prefix_{}", seat.name()), &[])
}

/// The seat a terminal line names before a colon, in the game's words or
/// English (`schwarz:`, `black:`, `schiedsrichter:`).
fn named_seat(session: &Session, head: &str) -> Option<Seat> {
    let head = crate::locale::fold(head.trim());
    Seat::ALL
        .into_iter()
        .find(|s| head == s.name() || head == crate::locale::fold(&seat_word(session, *s)))
}

/// Whose the terminal is: the blind player's; with no blind player or two,
/// nobody's (a line without a seat is the player to move's).
fn terminal_owner(session: &Session) -> Option<Seat> {
    match session.config().blind {
        crate::session::Blind::White => Some(Seat::White),
        crate::session::Blind::Black => Some(Seat::Black),
        _ => None,
    }
}

/// The seat a terminal line speaks for: the seat it names before a colon,
/// else the blind player (the terminal is his), never the side to move
/// just because it is his turn.
fn terminal_seat(session: &Session, line: &str) -> (Seat, String) {
    if let Some((head, rest)) = line.split_once(':')
        && let Some(seat) = named_seat(session, head)
    {
        return (seat, rest.trim().to_string());
    }
    let seat = terminal_owner(session).unwrap_or_else(|| Seat::of(session.game().turn()));
    (seat, line.to_string())
}

/// The seats' names for the help: `Weiß:, Schwarz:, …`.
fn help_seats(session: &Session) -> String {
    let seats: Vec<String> = Seat::ALL
        .into_iter()
        .map(|s| format!("{}:", seat_word(session, s).to_lowercase()))
        .collect();
    session
        .words()
        .text("help_seats", &[("seats", &seats.join(", "))])
}

/// Where `quit` saves the game.
pub(crate) struct SaveTo {
    pub(crate) path: std::path::PathBuf,
    /// A name hector chose (`--pgn` not given): another game's file of
    /// the same name (two games started in the same second on one
    /// machine) is kept, and this one saved as `<name>-2.pgn`, `-3` ….
    pub(crate) fresh: bool,
}

/// `quit`: the game so far as PGN into its file (its folder made if need
/// be), and a sentence in the game's language saying where, or why not.
fn save_game(session: &Session, render: &Renderer, to: &SaveTo) -> String {
    let pgn = session.pgn(&[]);
    let write = || -> std::io::Result<std::path::PathBuf> {
        if let Some(dir) = to.path.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir)?;
        }
        if !to.fresh {
            std::fs::write(&to.path, &pgn)?;
            return Ok(to.path.clone());
        }
        let stem = to.path.file_stem().unwrap_or_default().to_string_lossy();
        for n in 1..=999 {
            let path = match n {
                1 => to.path.clone(),
                _ => to.path.with_file_name(format!("{stem}-{n}.pgn")),
            };
            match std::fs::OpenOptions::new()
                .write(true)
                .create_new(true)
                .open(&path)
            {
                Ok(mut f) => {
                    std::io::Write::write_all(&mut f, pgn.as_bytes())?;
                    return Ok(path);
                }
                Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => continue,
                Err(e) => return Err(e),
            }
        }
        Err(std::io::Error::new(
            std::io::ErrorKind::AlreadyExists,
            "999 games of that second are there already",
        ))
    };
    match write() {
        Ok(path) => render
            .words()
            .text("game_saved", &[("file", &path.display().to_string())]),
        Err(e) => render.words().text(
            "game_not_saved",
            &[
                ("file", &to.path.display().to_string()),
                ("why", &e.to_string()),
            ],
        ),
    }
}

/// The blind player's seat (white when both or none are blind).
fn blind_seat(session: &Session) -> Seat {
    match session.config().blind {
        crate::session::Blind::Black => Seat::Black,
        _ => Seat::White,
    }
}

fn print(out: &mut impl Write, lines: &[String]) {
    for l in lines {
        let _ = writeln!(out, "{l}");
    }
    let _ = out.flush();
}

pub(crate) fn play_loop(
    session: &mut Session,
    render: &Renderer,
    fronts: &mut [Box<dyn Front>],
    rx: Receiver<Input>,
    save: &SaveTo,
) -> i32 {
    let mut out = std::io::stdout();
    let end = run_loop(session, render, fronts, rx, &mut out);
    // However the game ends — quit, Ctrl-C, Ctrl-D, a signal, the end of
    // the input — it is saved and the terminal says where.
    print(&mut out, &[save_game(session, render, save)]);
    for f in fronts.iter_mut() {
        f.close();
    }
    end
}

fn run_loop(
    session: &mut Session,
    render: &Renderer,
    fronts: &mut [Box<dyn Front>],
    rx: Receiver<Input>,
    out: &mut std::io::Stdout,
) -> i32 {
    let origin = Instant::now();
    let now = || origin.elapsed().as_millis() as u64;
    // Locked line by line, not for the whole game: a terminal Braille
    // display prints its cells from its own thread.
    print(
        out,
        &[render
            .words()
            .text("welcome", &[("language", session.locale().name())])],
    );
    let opening = session.opening();
    deliver(session, render, fronts, out, &opening);
    let bound: Vec<Seat> = fronts.iter().map(|f| f.seat()).collect();
    let mut terminal_open = true;
    let mut last_tick = Instant::now();
    loop {
        // A stop signal is looked for at least four times a second.
        let wait = if session.clock().is_some() {
            Duration::from_millis(100)
        } else {
            Duration::from_millis(250)
        };
        let input = match rx.recv_timeout(wait) {
            Ok(i) => Some(i),
            Err(RecvTimeoutError::Timeout) => None,
            Err(RecvTimeoutError::Disconnected) => return 0,
        };
        if terminal::stop_requested() {
            return 0;
        }
        let t = now();
        let mut commands: Vec<Command> = Vec::new();
        match input {
            // Without a clock, time matters only hourly.
            None if session.clock().is_none()
                && last_tick.elapsed() < Duration::from_secs(3600) => {}
            None => {
                last_tick = Instant::now();
                commands.push(Command::tick(t));
            }
            Some(Input::Closed) => {
                terminal_open = false;
            }
            Some(Input::Stop) => return 0,
            Some(Input::Line(Err(problem))) => {
                let e = Event {
                    t: session.last_t(),
                    to: vec![To::All],
                    kind: Kind::Refused {
                        why: Refusal::BadLine { problem },
                    },
                };
                deliver(session, render, fronts, out, &[e]);
            }
            Some(Input::Line(Ok(line))) => {
                let trimmed = line.trim();
                let lower = trimmed.to_lowercase();
                if ["quit", "exit", "ende", "beenden"].contains(&lower.as_str())
                    || session.locale().command_of(&lower) == Some("quit")
                {
                    return 0;
                }
                if trimmed.is_empty() {
                    continue;
                }
                // Keys of a terminal Braille display are typed as "> 234".
                if let Some(typed) = trimmed.strip_prefix('>')
                    && let Some(k) = crate::braille::driver::parse_typed_key(typed)
                {
                    let i = Input::Key(k);
                    if let Some(f) = fronts.iter_mut().find(|f| f.wants(&i)) {
                        for (seat, c) in f.input(session, i) {
                            if let CommandText::Text(text) = c {
                                commands.push(Command::text(t, seat, &text));
                            }
                        }
                    }
                    for c in commands.drain(..) {
                        let events = session.apply(&c);
                        deliver(session, render, fronts, out, &events);
                    }
                    continue;
                }
                let (seat, text) = terminal_seat(session, trimmed);
                commands.push(Command::text(t, seat, &text));
            }
            Some(Input::Note(n)) => print(out, &[n]),
            Some(Input::Prompt { seat, text }) => prompt(fronts, session, seat, &text),
            Some(Input::Device(note)) => commands.push(Command {
                t,
                input: crate::session::Input::Device(note),
            }),
            Some(i) => {
                // Device input: the front end that owns it turns it into
                // commands from its seat.
                if let Some(f) = fronts.iter_mut().find(|f| f.wants(&i)) {
                    for (seat, c) in f.input(session, i) {
                        commands.push(match c {
                            CommandText::Text(text) => Command::text(t, seat, &text),
                            CommandText::Heard(heard, confidence) => Command {
                                t,
                                input: crate::session::Input::Heard {
                                    from: seat,
                                    heard,
                                    confidence,
                                },
                            },
                        });
                    }
                }
            }
        }
        for c in commands {
            let mut events = session.apply(&c);
            crate::cli::session::write_envelopes(session, &mut events);
            deliver(session, render, fronts, out, &events);
        }
        if !terminal_open && stuck_without_terminal(session, &bound) {
            return 0;
        }
    }
}

/// With the terminal closed: true when nobody left can act — the game is
/// over, or the player to move has no front end of his own and no read-back
/// is pending.
fn stuck_without_terminal(session: &Session, bound: &[Seat]) -> bool {
    if session.game().is_over() {
        return true;
    }
    let st = session.status(session.last_t());
    let to_move = Seat::of(session.game().turn());
    !bound.contains(&to_move) && !bound.contains(&Seat::Assistant) && !st.pending
}

/// Words the events, prints what the terminal shows and hands every front
/// end the events addressed to its seat.
fn deliver(
    session: &Session,
    render: &Renderer,
    fronts: &mut [Box<dyn Front>],
    out: &mut impl Write,
    events: &[Event],
) {
    if events.is_empty() {
        return;
    }
    let bound: Vec<Seat> = fronts
        .iter()
        .filter(|f| !f.echoed())
        .map(|f| f.seat())
        .collect();
    let echoed: Vec<Seat> = fronts
        .iter()
        .filter(|f| f.echoed())
        .map(|f| f.seat())
        .collect();
    let worded: Vec<(Event, String)> = events
        .iter()
        .map(|e| {
            // A private answer is worded in its seat's own language
            // (`--seat-locale`), a public one in the game's.
            let r = match e.to.as_slice() {
                [To::Seat(s)] => render.for_seat(*s),
                _ => render,
            };
            (e.clone(), r.text(&e.kind))
        })
        .collect();
    let worded = one_line_per_answer(worded);
    let owner = terminal_owner(session);
    let mut lines = Vec::new();
    for (e, text) in &worded {
        // The terminal shows what is public and what is for a seat without
        // a front end of its own (so a sealed move said into the
        // microphone is not printed for the opponent to read).
        // The sealed move is never printed: the terminal is where the
        // opponent reads (Guidelines I.1.1).
        if matches!(e.kind, Kind::Sealed { .. }) {
            continue;
        }
        let for_terminal = e.is_public()
            || e.to.iter().any(|t| match t {
                To::Seat(s) if echoed.contains(s) => true,
                To::Seat(s) => !bound.contains(s),
                To::All => true,
            });
        if for_terminal && !text.is_empty() {
            lines.push(addressed(session, owner, e, text));
            if matches!(
                e.kind,
                Kind::Answer {
                    query: crate::session::Query::Help,
                    ..
                }
            ) {
                lines.push(help_seats(session));
                lines.push(render.words().text("help_stop", &[]));
            }
        }
    }
    if worded
        .iter()
        .any(|(e, _)| matches!(e.kind, Kind::Moved { .. } | Kind::Retraced { .. }))
        && !session.game().is_over()
    {
        lines.push(render.text(&Kind::Status(session.status(session.last_t()))));
    }
    print(out, &lines);
    hand_out(fronts, session, render, &worded);
}

/// Answers about both players (`Zeit`, `verbrauchte Zeit`, `Züge`: one
/// event per player) joined into one line for their seat, as his page
/// joins them: a second line starting with "Schwarz:" would look like a
/// line for Black. The first event stands for the joined line.
pub(crate) fn one_line_per_answer(worded: Vec<(Event, String)>) -> Vec<(Event, String)> {
    use crate::session::Query;
    let mut out: Vec<(Event, String)> = Vec::with_capacity(worded.len());
    for (e, text) in worded {
        let joins = |prev: &Event| match (&prev.kind, &e.kind) {
            (
                Kind::Answer {
                    query: q1,
                    player: Some(p1),
                    ..
                },
                Kind::Answer {
                    query: q2,
                    player: Some(p2),
                    ..
                },
            ) => {
                q1 == q2
                    && p1 != p2
                    && matches!(q1, Query::Time | Query::TimeUsed | Query::Moves)
                    && prev.to == e.to
            }
            _ => false,
        };
        match out.last_mut() {
            Some((prev, line)) if joins(prev) && !text.is_empty() => {
                line.push(' ');
                line.push_str(&text);
            }
            _ => out.push((e, text)),
        }
    }
    out
}

/// A line as the shared terminal prints it: an answer only for seats other
/// than the terminal's owner starts with their names (`Schwarz: Ihre Zeit:
/// …`), so nobody takes another seat's answer for his own.
fn addressed(session: &Session, owner: Option<Seat>, e: &Event, text: &str) -> String {
    if e.is_public() || e.to.contains(&To::All) {
        return text.to_string();
    }
    let seats: Vec<Seat> =
        e.to.iter()
            .filter_map(|t| match t {
                To::Seat(s) => Some(*s),
                To::All => None,
            })
            .collect();
    let Some(owner) = owner else {
        return text.to_string();
    };
    if seats.is_empty() || seats.contains(&owner) {
        return text.to_string();
    }
    let names: Vec<String> = seats.iter().map(|s| seat_word(session, *s)).collect();
    format!("{}: {text}", names.join(", "))
}

/// Hands a front end's own sentence to every front end of `seat`.
pub(crate) fn prompt(fronts: &mut [Box<dyn Front>], session: &Session, seat: Seat, text: &str) {
    for f in fronts.iter_mut().filter(|f| f.seat() == seat) {
        f.prompt(session, text);
    }
}

/// Hands each front end the worded events addressed to its seat; a seat
/// with a language of its own (`--seat-locale`) hears and reads every
/// sentence in it, the public ones too.
pub(crate) fn hand_out(
    fronts: &mut [Box<dyn Front>],
    session: &Session,
    render: &Renderer,
    worded: &[(Event, String)],
) {
    for f in fronts.iter_mut() {
        let seat = f.seat();
        let own = render.for_seat(seat);
        let own = (!std::ptr::eq(own, render)).then_some(own);
        let mine: Vec<(Event, String)> = worded
            .iter()
            .filter(|(e, _)| e.is_for(seat))
            .map(|(e, text)| match own {
                Some(r) => (e.clone(), r.text(&e.kind)),
                None => (e.clone(), text.clone()),
            })
            .collect();
        if !mine.is_empty() {
            f.show(session, &mine);
        }
    }
}
