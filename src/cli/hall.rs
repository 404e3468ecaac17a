//! `hector hall --hall nats://HOST:PORT --tournament T [--port P] [--bind ADDR] [--round R]`:
//! the tournament hall (overview for the chief arbiter, watch page,
//! `/round.pgn`, `/api/boards`), rebuilt from the broker's stream at start.

use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;

use super::args::Args;
use crate::hall::follow::{self, Shared};
use crate::hall::http::{self, App};
use crate::hall::message::{Tournament, broker_url};

const USAGE: &str = "Usage: hector hall --hall nats://HOST:PORT --tournament T [--port P] [--bind ADDR] [--round R]";

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
    pub addr: SocketAddr,
    pub round: Option<String>,
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
    let port: u16 = match args.get("port") {
        None => 0,
        Some(p) => p
            .parse()
            .map_err(|_| format!("The port '{p}' is not a number from 0 to 65535."))?,
    };
    let bind: IpAddr = match args.get("bind") {
        None => IpAddr::from([127, 0, 0, 1]),
        Some(b) => b
            .parse()
            .map_err(|_| format!("The address '{b}' is not an IP address, e.g. 127.0.0.1."))?,
    };
    Ok(Options {
        url,
        tournament,
        addr: SocketAddr::new(bind, port),
        round: args.get("round").map(str::to_string),
    })
}

/// Starts the hall and serves until Ctrl-C or SIGTERM.
pub fn serve(opts: Options) -> Result<(), String> {
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .map_err(|e| format!("Cannot start the hall's runtime: {e}"))?;
    rt.block_on(async move {
        let token = http::new_token()?;
        let shared = Shared::new();
        let listener = tokio::net::TcpListener::bind(opts.addr)
            .await
            .map_err(|e| format!("Cannot listen on {}: {e}", opts.addr))?;
        let local = listener
            .local_addr()
            .map_err(|e| format!("Cannot read the hall's address: {e}"))?;
        let (tx, caught_up) = tokio::sync::oneshot::channel();
        tokio::spawn(follow::follow(
            opts.url.clone(),
            opts.tournament.clone(),
            shared.clone(),
            tx,
        ));
        let app = Arc::new(App {
            shared,
            token: token.clone(),
            round: opts.round.clone(),
            tournament: opts.tournament.as_str().to_string(),
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
        let server = tokio::spawn(async move {
            axum::serve(listener, router)
                .with_graceful_shutdown(crate::service::stop_signal())
                .await
        });
        // READY only once the hall shows every board the stream held.
        tokio::select! {
            _ = caught_up => {}
            _ = crate::service::stop_signal() => return Ok(()),
        }
        println!("URL arbiter {base}/arbiter?token={token}");
        println!("URL watch {base}/watch");
        println!("READY");
        use std::io::Write;
        let _ = std::io::stdout().flush();
        match server.await {
            Ok(Ok(())) => Ok(()),
            Ok(Err(e)) => Err(format!("The hall's HTTP server stopped: {e}")),
            Err(e) => Err(format!("The hall's HTTP server stopped: {e}")),
        }
    })
}
