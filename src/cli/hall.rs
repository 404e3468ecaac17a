//! `hector hall --hall nats://HOST:PORT --tournament T [--port P] [--bind ADDR] [--state DIR] [--round R] [--locale L]`:
//! the tournament hall (overview for the chief arbiter, watch page,
//! `/round.pgn`, `/api/boards`), rebuilt from the broker's stream at start.
//! Its key (printed `KEY <hex>`, given to every board), the arbiter's token
//! and its port live in a state folder (0700), so a restarted hall prints
//! the same `URL` and `KEY` lines and open overviews reconnect by
//! themselves. `hector-lab hall --bench` measures a hall with simulated boards.

use std::net::{IpAddr, SocketAddr};
use std::path::{Path, PathBuf};
use std::sync::Arc;

use super::args::Args;
use crate::hall::follow::{self, Shared};
use crate::hall::http::{self, App};
use crate::hall::key::HallKey;
use crate::hall::message::{Tournament, broker_url};

const USAGE: &str = "Usage: hector hall --hall nats://HOST:PORT --tournament T [--port P] [--bind ADDR] [--state DIR] [--round R] [--locale L]";

/// Runs the subcommand.
pub fn run(args: &Args) -> i32 {
    match options(args) {
        Ok(opts) => match serve(opts) {
            Ok(()) => 0,
            Err(e) => {
                eprintln!("{e}");
                1
            }
        },
        Err(e) => {
            eprintln!("{e}\n{USAGE}");
            2
        }
    }
}

/// The checked options of `hector hall`.
pub struct Options {
    pub url: String,
    pub tournament: Tournament,
    /// The address to listen on; port `None`: the last run's, else any.
    pub bind: IpAddr,
    pub port: Option<u16>,
    pub round: Option<String>,
    /// The overview's language (a locale code).
    pub locale: &'static str,
    /// The state folder.
    pub state: PathBuf,
}

fn options(args: &Args) -> Result<Options, String> {
    let url = broker_url(
        args.get("hall")
            .ok_or("The hall needs --hall nats://HOST:PORT.")?,
    )?;
    let tournament = Tournament::parse(
        args.get("tournament")
            .ok_or("The hall needs --tournament T (the name the boards publish under).")?,
    )?;
    let port: Option<u16> = match args.get("port") {
        None => None,
        Some(p) => Some(
            p.parse()
                .map_err(|_| format!("The port '{p}' is not a number from 0 to 65535."))?,
        ),
    };
    let bind: IpAddr = match args.get("bind") {
        None => IpAddr::from([127, 0, 0, 1]),
        Some(b) => b
            .parse()
            .map_err(|_| format!("The address '{b}' is not an IP address, e.g. 127.0.0.1."))?,
    };
    let state = match args.get("state") {
        Some(d) if !d.is_empty() => PathBuf::from(d),
        Some(_) => return Err("--state needs a folder.".into()),
        None => default_state(&tournament)?,
    };
    Ok(Options {
        url,
        tournament,
        bind,
        port,
        round: args.get("round").map(str::to_string),
        locale: crate::locale::code(args.get("locale").unwrap_or("de"))
            .map_err(|e| e.to_string())?,
        state,
    })
}

/// `<data dir>/hector/halls/<T>`, the data dir being `$XDG_DATA_HOME` or
/// `~/.local/share`.
fn default_state(t: &Tournament) -> Result<PathBuf, String> {
    let base = std::env::var_os("XDG_DATA_HOME")
        .filter(|v| !v.is_empty())
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".local/share")))
        .ok_or(
            "Neither XDG_DATA_HOME nor HOME is set: give the hall's state folder with --state DIR.",
        )?;
    Ok(base.join("hector").join("halls").join(t.as_str()))
}

/// What the hall keeps across restarts.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct State {
    /// The hall's key (hex).
    pub key: String,
    /// The chief arbiter's token (hex).
    pub token: String,
    /// The port of the last run (0: none yet).
    #[serde(default)]
    pub port: u16,
}

const STATE_FILE: &str = "hall.json";

impl State {
    /// Reads the state folder, or makes it (0700) with a new key and
    /// token. A state file that exists but cannot be read is refused: a
    /// new key would lock every board out.
    pub fn load_or_create(dir: &Path) -> Result<(State, HallKey), String> {
        Self::load_or_make(dir).map(|(s, k, _)| (s, k))
    }

    /// [`State::load_or_create`], also telling whether the key was made
    /// now (no board can have it yet).
    pub fn load_or_make(dir: &Path) -> Result<(State, HallKey, bool), String> {
        make_private_dir(dir)?;
        let file = dir.join(STATE_FILE);
        match std::fs::read_to_string(&file) {
            Ok(text) => {
                let state: State = serde_json::from_str(&text).map_err(|e| {
                    format!(
                        "The hall's state file {} is damaged ({e}); restore it, or give another --state folder to start a new hall with a new key.",
                        file.display()
                    )
                })?;
                let key = HallKey::parse(&state.key).map_err(|_| {
                    format!(
                        "The hall's state file {} holds no valid key; restore it, or give another --state folder.",
                        file.display()
                    )
                })?;
                if state.token.len() != 32 || !state.token.chars().all(|c| c.is_ascii_hexdigit()) {
                    return Err(format!(
                        "The hall's state file {} holds no valid arbiter token; restore it, or give another --state folder.",
                        file.display()
                    ));
                }
                Ok((state, key, false))
            }
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                let key = HallKey::generate()?;
                let state = State {
                    key: key.to_hex(),
                    token: http::new_token()?,
                    port: 0,
                };
                state.save(dir)?;
                Ok((state, key, true))
            }
            Err(e) => Err(format!(
                "Cannot read the hall's state file {}: {e}.",
                file.display()
            )),
        }
    }

    /// Writes the state file (0600) in one step (a new file renamed over
    /// the old one).
    pub fn save(&self, dir: &Path) -> Result<(), String> {
        use std::io::Write;
        let file = dir.join(STATE_FILE);
        let tmp = dir.join(format!("{STATE_FILE}.new"));
        let text = serde_json::to_string_pretty(self).map_err(|e| e.to_string())?;
        let mut open = std::fs::OpenOptions::new();
        open.write(true).create(true).truncate(true);
        #[cfg(unix)]
        {
            use std::os::unix::fs::OpenOptionsExt;
            open.mode(0o600);
        }
        let written = open.open(&tmp).and_then(|mut f| {
            f.write_all(text.as_bytes())?;
            f.sync_all()
        });
        written
            .and_then(|()| std::fs::rename(&tmp, &file))
            .map_err(|e| {
                format!(
                    "Cannot write the hall's state file {}: {e}.",
                    file.display()
                )
            })
    }
}

/// Makes the folder (and its parents) readable by its owner only (0700).
/// A folder that exists is left as its owner set it (the state file in it
/// is 0600 anyway).
fn make_private_dir(dir: &Path) -> Result<(), String> {
    if dir.is_dir() {
        return Ok(());
    }
    let mut b = std::fs::DirBuilder::new();
    b.recursive(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::DirBuilderExt;
        b.mode(0o700);
    }
    b.create(dir).map_err(|e| {
        format!(
            "The hall's state folder {} cannot be made: {e}.",
            dir.display()
        )
    })?;
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(dir, std::fs::Permissions::from_mode(0o700)).map_err(|e| {
            format!(
                "The hall's state folder {} cannot be made private: {e}.",
                dir.display()
            )
        })?;
    }
    Ok(())
}

/// Starts the hall and serves until Ctrl-C or SIGTERM.
pub fn serve(opts: Options) -> Result<(), String> {
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .map_err(|e| format!("Cannot start the hall's runtime: {e}"))?;
    rt.block_on(async move {
        let (mut state, key, key_new) = State::load_or_make(&opts.state)?;
        let token = state.token.clone();
        let shared = Shared::new(key.clone(), opts.tournament.clone());
        shared
            .key_new
            .store(key_new, std::sync::atomic::Ordering::SeqCst);
        let listener = match opts.port {
            Some(p) => {
                let addr = SocketAddr::new(opts.bind, p);
                tokio::net::TcpListener::bind(addr)
                    .await
                    .map_err(|e| format!("Cannot listen on {addr}: {e}"))?
            }
            None => {
                // The last run's port, so open pages find the hall again.
                let last = SocketAddr::new(opts.bind, state.port);
                match tokio::net::TcpListener::bind(last).await {
                    Ok(l) => l,
                    Err(e) => {
                        eprintln!(
                            "The hall's last port {} is taken ({e}); taking another one: open overviews must be opened again.",
                            state.port
                        );
                        let any = SocketAddr::new(opts.bind, 0);
                        tokio::net::TcpListener::bind(any)
                            .await
                            .map_err(|e| format!("Cannot listen on {any}: {e}"))?
                    }
                }
            }
        };
        let local = listener
            .local_addr()
            .map_err(|e| format!("Cannot read the hall's address: {e}"))?;
        if state.port != local.port() {
            state.port = local.port();
            state.save(&opts.state)?;
        }
        let (tx, caught_up) = tokio::sync::oneshot::channel();
        tokio::spawn(follow::follow(
            opts.url.clone(),
            opts.tournament.clone(),
            shared.clone(),
            tx,
        ));
        tokio::spawn(follow::beats(opts.url.clone(), shared.clone()));
        let (closing_tx, closing) = tokio::sync::watch::channel(false);
        let app = Arc::new(App {
            shared,
            token: token.clone(),
            round: opts.round.clone(),
            tournament: opts.tournament.as_str().to_string(),
            locale: opts.locale,
            closing,
        });
        let router = http::router(app);
        let host = if local.ip().is_unspecified() {
            "127.0.0.1".to_string()
        } else {
            match local.ip() {
                IpAddr::V6(ip) => format!("[{ip}]"),
                IpAddr::V4(ip) => ip.to_string(),
            }
        };
        let base = format!("http://{host}:{}", local.port());
        let server = tokio::spawn(http::serve(
            listener,
            router,
            crate::service::stop_signal(),
            closing_tx,
        ));
        // READY only once the hall shows every board the stream held.
        tokio::select! {
            _ = caught_up => {}
            _ = crate::service::stop_signal() => return Ok(()),
        }
        println!("URL arbiter {base}/arbiter?token={token}");
        println!("URL watch {base}/watch");
        println!("KEY {}", key.to_hex());
        println!("READY");
        use std::io::Write;
        let _ = std::io::stdout().flush();
        server
            .await
            .map_err(|e| format!("The hall's HTTP server stopped: {e}"))
    })
}
