//! `hector serve`: one board's session as a crash-proof service. A
//! write-ahead journal (SQLite) keeps every accepted command before its
//! events leave; an HTTP API and a page per seat (opponent, blind player,
//! assistant, arbiter, spectators) let everyone at the board take part from
//! his own device; `/game.pgn` is the live feed.

pub mod board;
pub mod client;
pub mod game;
pub mod journal;
pub mod listen;
pub mod pages;
pub mod publish;
pub mod server;
pub mod tokens;

use std::io::Write;
use std::net::{IpAddr, SocketAddr};
use std::path::PathBuf;
use std::sync::{Arc, Mutex};

use serde_json::Value;
use tokio::sync::{broadcast, watch};

pub use board::{Board, Committed, OnCommit, Opened};
pub use tokens::{Tokens, Who};

/// The options of `hector serve`.
#[derive(Debug, Clone)]
pub struct Options {
    /// Address to listen on (default 127.0.0.1).
    pub bind: IpAddr,
    /// Port (0: any free port). `None`: the port of the journal's last
    /// run (so the seats' addresses stay the same), else any free port.
    pub port: Option<u16>,
    /// Host name written in the seat addresses (default: the bind address).
    pub host: Option<String>,
    /// The journal file.
    pub journal: PathBuf,
    /// The session's options for a new game (`locale`, `fen`, `moves`,
    /// `control`, `blind`, `assistant_for`, `form`).
    pub config: Value,
    /// PGN tags for a new game (the seven tag roster and `TimeControl`).
    pub tags: Vec<(String, String)>,
    /// The board number in the hall.
    pub board: u32,
    /// Publish every committed row to the tournament hall.
    pub hall: Option<publish::Hall>,
}

/// Which colours are blind, from the session options (`blind`: `white`
/// by default, `black`, `both`, `none`).
pub fn blind_colours(config: &Value) -> (bool, bool) {
    match config
        .get("blind")
        .and_then(Value::as_str)
        .unwrap_or("white")
    {
        "black" => (false, true),
        "both" => (true, true),
        "none" => (false, false),
        _ => (true, false),
    }
}

/// What stops the local front ends when the service stops.
pub type StopLocal = Box<dyn FnOnce() + Send>;

/// Runs the service until Ctrl-C or SIGTERM; returns the exit code.
/// `local` starts the front ends at this machine (voice, Braille display,
/// e-board) once the board is open and before `READY`; it returns what
/// stops them.
pub fn run(
    opts: Options,
    local: impl FnOnce(Arc<server::App>) -> Result<Option<StopLocal>, String>,
) -> i32 {
    let rt = match tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
    {
        Ok(rt) => rt,
        Err(e) => {
            eprintln!("hector serve cannot start its runtime: {e}.");
            return 1;
        }
    };
    // Where the game is kept, said at start in the game's language.
    let journal_line = {
        let code = opts
            .config
            .get("locale")
            .and_then(|l| l.as_str())
            .unwrap_or("en");
        crate::locale::session::SessionWords::get(code)
            .or_else(|_| crate::locale::session::SessionWords::get("en"))
            .map(|w| {
                w.text(
                    "serve_journal",
                    &[("file", &opts.journal.display().to_string())],
                )
            })
            .ok()
    };
    rt.block_on(async move {
        let (shutdown_tx, shutdown_rx) = watch::channel(false);
        let server = match Server::start(opts, shutdown_rx).await {
            Ok(s) => s,
            Err(e) => {
                eprintln!("{e}");
                return 1;
            }
        };
        let stop_local = match tokio::task::block_in_place(|| local(server.app.clone())) {
            Ok(s) => s,
            Err(e) => {
                eprintln!("{e}");
                return 1;
            }
        };
        // Installed before READY: a SIGTERM right after it stops cleanly.
        let signal = stop_signal();
        if let Some(line) = journal_line {
            eprintln!("{line}");
        }
        server.print_urls();
        let stop = async move {
            signal.await;
            let _ = shutdown_tx.send(true);
        };
        let code = match server.serve(stop).await {
            Ok(()) => 0,
            Err(e) => {
                eprintln!("{e}");
                1
            }
        };
        if let Some(s) = stop_local {
            tokio::task::block_in_place(s);
        }
        code
    })
}

/// Resolves on Ctrl-C or SIGTERM (serve and hall stop cleanly on either).
/// The handlers are installed when this is called, not when the future is
/// first polled: a service calls it before it prints `READY`, so a SIGTERM
/// sent the moment after (a supervisor, a script) stops it cleanly instead
/// of killing it mid-journal with the default action.
pub(crate) fn stop_signal() -> impl std::future::Future<Output = ()> + Send + 'static {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{SignalKind, signal};
        let term = signal(SignalKind::terminate());
        let int = signal(SignalKind::interrupt());
        async move {
            match (term, int) {
                (Ok(mut term), Ok(mut int)) => {
                    tokio::select! {
                        _ = int.recv() => {}
                        _ = term.recv() => {}
                    }
                }
                _ => {
                    let _ = tokio::signal::ctrl_c().await;
                }
            }
        }
    }
    #[cfg(not(unix))]
    {
        async {
            let _ = tokio::signal::ctrl_c().await;
        }
    }
}

/// A started service: listening, not yet answering.
pub struct Server {
    pub app: Arc<server::App>,
    pub addr: SocketAddr,
    pub host: String,
    pub opened: Opened,
    listener: tokio::net::TcpListener,
}

impl Server {
    /// Opens the journal (locked: one server per journal), binds the
    /// port, then resumes or starts the game. Nothing is written to the
    /// journal before the port is bound: a start that fails leaves it as
    /// it was.
    pub async fn start(opts: Options, shutdown: watch::Receiver<bool>) -> Result<Server, String> {
        let journal = journal::Journal::open(&opts.journal)
            .map_err(|e| board::refusal(&opts.journal, &e, &opts.config))?;
        let port = opts.port.unwrap_or_else(|| {
            journal
                .setting("port")
                .and_then(|p| p.parse().ok())
                .unwrap_or(0)
        });
        let listener = tokio::net::TcpListener::bind((opts.bind, port))
            .await
            .map_err(|e| format!("hector serve cannot listen on {}:{port}: {e}.", opts.bind))?;
        let addr = listener
            .local_addr()
            .map_err(|e| format!("hector serve cannot read its address: {e}."))?;
        let (mut board, tokens) = Board::load(journal, &opts.config, &opts.tags)?;
        let config = board.config().clone();
        let locale = config
            .get("locale")
            .and_then(Value::as_str)
            .unwrap_or("en")
            .to_string();
        board
            .journal_mut()
            .set_setting("port", &addr.port().to_string())
            .map_err(|e| e.to_string())?;
        let host = opts.host.clone().unwrap_or_else(|| match opts.bind {
            IpAddr::V6(a) => format!("[{a}]"),
            IpAddr::V4(a) => a.to_string(),
        });
        let hall_link = opts.hall.as_ref().and_then(|h| {
            h.key
                .clone()
                .map(|k| (k, h.tournament.as_str().to_string(), opts.board))
        });
        if let Some(hall) = opts.hall.clone() {
            let feed = publish::Feed {
                path: opts.journal.clone(),
                config: board.config().clone(),
                tags: board.tags().to_vec(),
                board: opts.board,
                // No token: the broker is shared with everyone in the hall.
                arbiter_url: Some(format!(
                    "http://{host}:{}/{}",
                    addr.port(),
                    Who::Arbiter.name()
                )),
                game: Some(board.game_id().to_string()),
            };
            board.on_commit(publish::start(hall, opts.board, feed));
        }
        let (opened, begun) = board.begin()?;
        if let Opened::Resumed {
            commands,
            interrupted_ms,
        } = &opened
        {
            let down = interrupted_ms
                .map(|ms| format!(" after {} s down", ms / 1000))
                .unwrap_or_default();
            eprintln!(
                "Resuming the game in {} ({commands} commands{down}); the clocks wait for the arbiter's \"start clock\".",
                opts.journal.display()
            );
        }
        // The interruption is told to every page that connects until the
        // game goes on (the pages reconnect after a restart).
        let greeting = match &opened {
            Opened::Resumed { .. } => begun,
            Opened::New => Vec::new(),
        };
        let (events, _) = broadcast::channel(1024);
        let app = Arc::new(server::App {
            hall_link,
            greeting: Mutex::new(greeting),
            ..server::App::new(
                board,
                tokens,
                events,
                shutdown,
                locale,
                blind_colours(&config),
            )
        });
        Ok(Server {
            app,
            addr,
            host,
            opened,
            listener,
        })
    }

    /// The address of a seat's page.
    pub fn url(&self, who: Who) -> String {
        format!(
            "http://{}:{}/{}?token={}",
            self.host,
            self.addr.port(),
            who.name(),
            self.app.tokens.token(who)
        )
    }

    /// The seats whose addresses are printed: every seat, the per-player
    /// assistants (`assistant-white`, `assistant-black`) only when both
    /// players are blind (`--blind both`, D.2.10).
    pub fn seats(&self) -> Vec<Who> {
        let both = self.app.blind == (true, true);
        Who::ALL
            .into_iter()
            .filter(|w| both || !Who::ADDED.contains(w))
            .collect()
    }

    /// Prints `URL <seat> <url>` for every seat in use, then `READY`.
    pub fn print_urls(&self) {
        let mut out = std::io::stdout().lock();
        for who in self.seats() {
            let _ = writeln!(out, "URL {} {}", who.name(), self.url(who));
        }
        let _ = writeln!(out, "READY");
        let _ = out.flush();
    }

    /// Answers requests until `stop` completes; lets time pass in the
    /// session meanwhile (flags fall, alerts fire).
    pub async fn serve(
        self,
        stop: impl Future<Output = ()> + Send + 'static,
    ) -> Result<(), String> {
        let app = self.app.clone();
        let mut shutdown = app.shutdown.clone();
        let ticker = tokio::spawn({
            let app = app.clone();
            async move {
                let mut every = tokio::time::interval(std::time::Duration::from_millis(250));
                every.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
                let mut ticks: u64 = 0;
                loop {
                    tokio::select! {
                        _ = every.tick() => {}
                        _ = shutdown.changed() => return,
                    }
                    ticks += 1;
                    let app = app.clone();
                    // A heartbeat every other tick (twice a second) while
                    // a clock runs: a crash refunds at most half a second.
                    let beat = ticks.is_multiple_of(2);
                    let done = tokio::task::spawn_blocking(move || {
                        let done = app.submit(serde_json::json!({}));
                        if beat {
                            app.board().heartbeat()?;
                        }
                        done
                    })
                    .await;
                    if let Ok(Err(e)) = done {
                        eprintln!("{e}");
                    }
                }
            }
        });
        listen::serve(
            self.listener,
            listen::bounded(server::router(app)),
            stop,
            self.app.shutdown.clone(),
        )
        .await;
        ticker.abort();
        // The time the clock ran until this stop is charged on restart.
        let app = self.app.clone();
        if let Ok(Err(e)) = tokio::task::spawn_blocking(move || app.board().heartbeat()).await {
            eprintln!("{e}");
        }
        Ok(())
    }
}
