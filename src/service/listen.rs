//! How `hector serve` takes connections: every one bounded in time and in
//! number, so that stalled or hostile clients cannot stop the board.
//!
//! - hyper's header read timeout closes a connection whose request head
//!   does not arrive in [`HEADER_TIMEOUT`]; hyper starts it again while a
//!   kept-alive connection waits for its next request, so it is the idle
//!   timeout too;
//! - tower-http closes a request body that stalls for [`BODY_TIMEOUT`] and
//!   answers 408 to a request not answered in [`REQUEST_TIMEOUT`];
//! - at most [`MAX_CONNECTIONS`] connections at once (a tokio semaphore):
//!   one more is closed at once, so the descriptors left serve the real
//!   players as soon as the stalled ones time out;
//! - on Ctrl-C or SIGTERM each connection is asked to finish (hyper's
//!   graceful shutdown) and the service stops after [`SHUTDOWN_GRACE`]
//!   whatever clients do.

use std::future::Future;
use std::sync::Arc;
use std::time::Duration;

use axum::Router;
use hyper::server::conn::http1::Builder;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::service::TowerToHyperService;
use tokio::io::{AsyncRead, AsyncWrite};
use tokio::net::TcpListener;
use tokio::sync::{Semaphore, watch};
use tokio::task::JoinSet;

/// A request head (and the next one on a kept-alive connection) must
/// arrive within this time.
pub const HEADER_TIMEOUT: Duration = Duration::from_secs(10);
/// A request body may stall this long at most.
pub const BODY_TIMEOUT: Duration = Duration::from_secs(10);
/// A request is answered within this time or gets 408.
pub const REQUEST_TIMEOUT: Duration = Duration::from_secs(30);
/// Connections open at once (below the usual limit of 1,024 descriptors,
/// leaving room for the journal, the hall and the front ends).
pub const MAX_CONNECTIONS: usize = 512;
/// How long a stop waits for open requests.
pub const SHUTDOWN_GRACE: Duration = Duration::from_secs(3);

/// The router with the time bounds on every request.
pub fn bounded(router: Router) -> Router {
    router
        .layer(tower_http::timeout::RequestBodyTimeoutLayer::new(
            BODY_TIMEOUT,
        ))
        .layer(tower_http::timeout::TimeoutLayer::with_status_code(
            axum::http::StatusCode::REQUEST_TIMEOUT,
            REQUEST_TIMEOUT,
        ))
}

/// hyper's HTTP/1 server as `hector serve` runs it: the header read (and
/// idle) timeout, keep-alive, and an answer for a client that closes its
/// sending half after its request (`nc -N`, scripts) instead of silence.
fn http1() -> Builder {
    let mut http = Builder::new();
    http.timer(TokioTimer::new())
        .header_read_timeout(HEADER_TIMEOUT)
        .keep_alive(true)
        .half_close(true);
    http
}

/// Serves one connection (a TCP stream, or any byte stream: the HTTP fuzz
/// target uses an in-memory one) with `router` as `hector serve` does,
/// WebSocket upgrades included, until the client goes or `shutdown` is set
/// (then the request in progress is finished and the connection closed).
pub fn connection<I>(
    io: I,
    router: Router,
    shutdown: watch::Receiver<bool>,
) -> impl Future<Output = ()> + Send + 'static
where
    I: AsyncRead + AsyncWrite + Send + Unpin + 'static,
{
    connection_with(Arc::new(http1()), io, router, shutdown)
}

async fn connection_with<I>(
    http: Arc<Builder>,
    io: I,
    router: Router,
    mut shutdown: watch::Receiver<bool>,
) where
    I: AsyncRead + AsyncWrite + Send + Unpin + 'static,
{
    let service = TowerToHyperService::new(router);
    let conn = http
        .serve_connection(TokioIo::new(io), service)
        .with_upgrades();
    let mut conn = std::pin::pin!(conn);
    tokio::select! {
        _ = conn.as_mut() => {}
        _ = async { shutdown.wait_for(|s| *s).await.is_ok() } => {
            conn.as_mut().graceful_shutdown();
            let _ = conn.await;
        }
    }
}

/// Serves `router` on `listener` until `stop` completes, then asks every
/// connection to finish and returns within [`SHUTDOWN_GRACE`].
/// `shutdown` is set when the stop begins (the WebSocket forwarders close
/// on it).
pub async fn serve(
    listener: TcpListener,
    router: Router,
    stop: impl Future<Output = ()> + Send + 'static,
    shutdown: watch::Receiver<bool>,
) {
    let http = Arc::new(http1());
    let permits = Arc::new(Semaphore::new(MAX_CONNECTIONS));
    let mut conns = JoinSet::new();
    let mut stop = std::pin::pin!(stop);
    loop {
        let accepted = tokio::select! {
            a = listener.accept() => a,
            _ = &mut stop => break,
            // Reap finished connections as we go.
            Some(_) = conns.join_next(), if !conns.is_empty() => continue,
        };
        let stream = match accepted {
            Ok((stream, _)) => stream,
            Err(_) => {
                // Out of descriptors (EMFILE) or a connection reset before
                // it was taken: wait a moment rather than spin.
                tokio::time::sleep(Duration::from_millis(20)).await;
                continue;
            }
        };
        let Ok(permit) = permits.clone().try_acquire_owned() else {
            // Too many open: this one is closed at once.
            drop(stream);
            continue;
        };
        let _ = stream.set_nodelay(true);
        let conn = connection_with(http.clone(), stream, router.clone(), shutdown.clone());
        conns.spawn(async move {
            conn.await;
            drop(permit);
        });
    }
    drop(listener);
    let _ = tokio::time::timeout(SHUTDOWN_GRACE, async {
        while conns.join_next().await.is_some() {}
    })
    .await;
    conns.abort_all();
}
