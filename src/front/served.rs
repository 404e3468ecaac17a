//! The local front ends of `hector serve`: the blind player's microphone
//! and earphone (`--voice`), his Braille display (`--braille`) and the
//! sighted player's DGT e-board (`--eboard`) at a served board.
//!
//! They act like one more client of the service: what a device does
//! becomes a command from its seat, submitted through the board like a
//! page's `POST /api/command` (journaled before any event leaves), and the
//! events come back through the same broadcast the pages' sockets read,
//! each front end getting those addressed to its seat. Between events a
//! front end looks at a copy of the session, so the board is never held
//! while hector speaks.

use std::sync::Arc;
use std::sync::mpsc::{self, Receiver, Sender};
use std::thread::JoinHandle;
use std::time::Duration;

use serde_json::{Value, json};
use tokio::sync::broadcast::error::RecvError;

use super::{CommandText, Front, FrontArgs, Input, hand_out, prompt};
use crate::service::server::App;
use crate::session::{Event, Renderer, Session};

/// The running local front ends; [`Local::stop`] closes them.
pub(crate) struct Local {
    tx: Sender<Input>,
    thread: JoinHandle<()>,
}

impl Local {
    /// Closes every front end (they finish what they show) and waits a
    /// little for it.
    pub(crate) fn stop(self) {
        let _ = self.tx.send(Input::Closed);
        for _ in 0..50 {
            if self.thread.is_finished() {
                break;
            }
            std::thread::sleep(Duration::from_millis(20));
        }
    }
}

/// Opens the front ends asked for in `args` on the served board; `None`
/// when none was asked for.
pub(crate) fn start(args: &FrontArgs, app: Arc<App>) -> Result<Option<Local>, String> {
    if !args.any() {
        return Ok(None);
    }
    let (tx, rx) = mpsc::channel::<Input>();
    let session = app.board().session().clone();
    // The devices' threads and handles are not all Send: the front ends
    // are opened on the thread that drives them, which says whether they
    // came up.
    let (ready_tx, ready_rx) = mpsc::channel::<Result<(), String>>();
    let thread = {
        let args = args.clone();
        let tx = tx.clone();
        let app = app.clone();
        std::thread::spawn(move || match args.open(&session, &tx) {
            Ok(fronts) => {
                let _ = ready_tx.send(Ok(()));
                drop(tx);
                run(app, session, fronts, rx);
            }
            Err(e) => {
                let _ = ready_tx.send(Err(e));
            }
        })
    };
    match ready_rx.recv() {
        Ok(Ok(())) => {}
        Ok(Err(e)) => return Err(e),
        Err(_) => return Err("The local front ends could not be started.".into()),
    }
    // The board's events, as the pages' sockets get them.
    let mut events = app.events.subscribe();
    let forward = tx.clone();
    std::thread::spawn(move || {
        loop {
            match events.blocking_recv() {
                Ok(list) => {
                    if forward.send(Input::Served(list)).is_err() {
                        return;
                    }
                }
                Err(RecvError::Lagged(n)) => {
                    let _ = forward.send(Input::Note(format!(
                        "The local front ends missed {n} events of the board."
                    )));
                }
                Err(RecvError::Closed) => return,
            }
        }
    });
    Ok(Some(Local { tx, thread }))
}

fn run(app: Arc<App>, session: Session, mut fronts: Vec<Box<dyn Front>>, rx: Receiver<Input>) {
    let render = Renderer::for_session(&session);
    // What each seat hears first: the position and the clocks.
    let opening: Vec<(Event, String)> = session
        .opening()
        .into_iter()
        .map(|e| {
            let text = render.text(&e.kind);
            (e, text)
        })
        .collect();
    hand_out(&mut fronts, &session, &render, &opening);
    while let Ok(input) = rx.recv() {
        match input {
            Input::Closed => break,
            Input::Note(n) => eprintln!("{n}"),
            Input::Prompt { seat, text } => {
                let session = app.board().session().clone();
                prompt(&mut fronts, &session, seat, &text);
            }
            Input::Device(note) => {
                // Journaled and sent to the seat, the assistant and the
                // arbiter (their pages, and the hall's chief arbiter).
                let line = serde_json::to_value(&note).unwrap_or_default();
                if let Err(e) = app.submit(line) {
                    eprintln!("{e}");
                }
            }
            Input::Served(list) => {
                let session = app.board().session().clone();
                let worded: Vec<(Event, String)> = list
                    .iter()
                    .filter_map(|v| {
                        let e: Event = serde_json::from_value(v.clone()).ok()?;
                        let text = v
                            .get("text")
                            .and_then(Value::as_str)
                            .map(str::to_string)
                            .unwrap_or_else(|| render.text(&e.kind));
                        Some((e, text))
                    })
                    .collect();
                let worded = super::one_line_per_answer(worded);
                hand_out(&mut fronts, &session, &render, &worded);
            }
            Input::Line(_) => {}
            device => {
                let session = app.board().session().clone();
                let Some(f) = fronts.iter_mut().find(|f| f.wants(&device)) else {
                    continue;
                };
                for (seat, c) in f.input(&session, device) {
                    let command = match c {
                        CommandText::Text(text) => {
                            json!({"from": seat.name(), "text": text})
                        }
                        CommandText::Heard(heard, confidence) => {
                            json!({"from": seat.name(), "heard": heard, "confidence": confidence})
                        }
                    };
                    // The events come back through the broadcast.
                    if let Err(e) = app.submit(command) {
                        eprintln!("{e}");
                    }
                }
            }
        }
    }
    for f in fronts.iter_mut() {
        f.close();
    }
}
