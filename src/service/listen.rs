//! How `hector serve` takes connections: every one bounded in time and in
//! number, so that stalled or hostile clients cannot stop the board.
//!
//! - hyper's header read timeout closes a connection whose request head
//!   does not arrive in [`HEADER_TIMEOUT`]; hyper starts it again while a
//!   kept-alive connection waits for its next request, so it is the idle
//!   timeout too;
//! - tower-http closes a request body that stalls for [`BODY_TIMEOUT`] and
//!   answers 408 to a request not answered in [`REQUEST_TIMEOUT`];
//! - at most [`MAX_CONNECTIONS`] connections at once, and at most
//!   [`MAX_PER_ADDRESS`] from one client address: a connection beyond
//!   either closes the idle connection (no request in progress) that has
//!   been quiet longest — of the same address first — so a client holding
//!   hundreds of idle connections loses them to a player's request, which
//!   is answered at once; only when none is idle is the new one closed;
//! - on Ctrl-C or SIGTERM each connection is asked to finish (hyper's
//!   graceful shutdown) and the service stops after [`SHUTDOWN_GRACE`]
//!   whatever clients do.

use std::collections::HashMap;
use std::future::Future;
use std::net::IpAddr;
use std::pin::Pin;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::task::{Context, Poll};
use std::time::{Duration, Instant};

use axum::Router;
use hyper::server::conn::http1::Builder;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::service::TowerToHyperService;
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::TcpListener;
use tokio::sync::{Notify, Semaphore, watch};
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
/// Connections open at once from one client address (a hall's players,
/// pages and devices come from many; the spectators behind one router
/// share one).
pub const MAX_PER_ADDRESS: usize = 128;
/// How long a stop waits for open requests.
pub const SHUTDOWN_GRACE: Duration = Duration::from_secs(3);

/// One open connection as the listener sees it.
struct Conn {
    ip: IpAddr,
    /// When a byte last came in (ms since the listener started).
    active: Arc<AtomicU64>,
    /// Requests in progress.
    busy: Arc<AtomicUsize>,
    /// Told to close the connection at once.
    close: Arc<Notify>,
}

/// The open connections, for closing the idle ones first.
#[derive(Default)]
struct Conns {
    next: u64,
    open: HashMap<u64, Conn>,
}

impl Conns {
    fn count(&self, ip: IpAddr) -> usize {
        self.open.values().filter(|c| c.ip == ip).count()
    }

    /// Closes the idle connection quiet longest: of `ip` when it has
    /// [`MAX_PER_ADDRESS`], else (all [`MAX_CONNECTIONS`] taken) of the
    /// address with the most. Returns whether one was closed.
    fn close_idle(&mut self, ip: IpAddr) -> bool {
        let from = if self.count(ip) >= MAX_PER_ADDRESS {
            Some(ip)
        } else if self.open.len() >= MAX_CONNECTIONS {
            let mut per: HashMap<IpAddr, usize> = HashMap::new();
            for c in self.open.values() {
                *per.entry(c.ip).or_insert(0) += 1;
            }
            per.into_iter().max_by_key(|(_, n)| *n).map(|(ip, _)| ip)
        } else {
            return true;
        };
        let victim = self
            .open
            .iter()
            .filter(|(_, c)| Some(c.ip) == from && c.busy.load(Ordering::SeqCst) == 0)
            .min_by_key(|(_, c)| c.active.load(Ordering::SeqCst))
            .map(|(id, _)| *id);
        match victim.and_then(|id| self.open.remove(&id)) {
            Some(c) => {
                c.close.notify_one();
                true
            }
            None => false,
        }
    }
}

/// A byte stream that notes when bytes last came in.
struct Tracked<I> {
    io: I,
    active: Arc<AtomicU64>,
    epoch: Instant,
}

impl<I: AsyncRead + Unpin> AsyncRead for Tracked<I> {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<std::io::Result<()>> {
        let before = buf.filled().len();
        let r = Pin::new(&mut self.io).poll_read(cx, buf);
        if buf.filled().len() > before {
            let now = self.epoch.elapsed().as_millis() as u64;
            self.active.store(now, Ordering::SeqCst);
        }
        r
    }
}

impl<I: AsyncWrite + Unpin> AsyncWrite for Tracked<I> {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<std::io::Result<usize>> {
        Pin::new(&mut self.io).poll_write(cx, buf)
    }
    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<std::io::Result<()>> {
        Pin::new(&mut self.io).poll_flush(cx)
    }
    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<std::io::Result<()>> {
        Pin::new(&mut self.io).poll_shutdown(cx)
    }
    fn poll_write_vectored(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[std::io::IoSlice<'_>],
    ) -> Poll<std::io::Result<usize>> {
        Pin::new(&mut self.io).poll_write_vectored(cx, bufs)
    }
    fn is_write_vectored(&self) -> bool {
        self.io.is_write_vectored()
    }
}

/// Counts a request in progress until dropped.
struct Busy(Arc<AtomicUsize>);

impl Drop for Busy {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::SeqCst);
    }
}

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
    connection_with(
        Arc::new(http1()),
        io,
        router,
        shutdown,
        Arc::new(AtomicUsize::new(0)),
        Arc::new(Notify::new()),
    )
}

async fn connection_with<I>(
    http: Arc<Builder>,
    io: I,
    router: Router,
    mut shutdown: watch::Receiver<bool>,
    busy: Arc<AtomicUsize>,
    close: Arc<Notify>,
) where
    I: AsyncRead + AsyncWrite + Send + Unpin + 'static,
{
    let inner = TowerToHyperService::new(router);
    let service = hyper::service::service_fn(move |req| {
        busy.fetch_add(1, Ordering::SeqCst);
        let guard = Busy(busy.clone());
        let answer = hyper::service::Service::call(&inner, req);
        async move {
            let r = answer.await;
            drop(guard);
            r
        }
    });
    let conn = http
        .serve_connection(TokioIo::new(io), service)
        .with_upgrades();
    let mut conn = std::pin::pin!(conn);
    tokio::select! {
        _ = conn.as_mut() => {}
        // Closed for a request elsewhere (it was idle): dropped at once.
        _ = close.notified() => {}
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
    let registry: Arc<Mutex<Conns>> = Arc::default();
    let epoch = Instant::now();
    let mut conns = JoinSet::new();
    let mut stop = std::pin::pin!(stop);
    loop {
        let accepted = tokio::select! {
            a = listener.accept() => a,
            _ = &mut stop => break,
            // Reap finished connections as we go.
            Some(_) = conns.join_next(), if !conns.is_empty() => continue,
        };
        let (stream, peer) = match accepted {
            Ok(a) => a,
            Err(_) => {
                // Out of descriptors (EMFILE) or a connection reset before
                // it was taken: wait a moment rather than spin.
                tokio::time::sleep(Duration::from_millis(20)).await;
                continue;
            }
        };
        // Room for it: the idle connection quiet longest goes (of this
        // address first); none idle, this one is closed at once.
        let ip = peer.ip();
        let room = registry
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .close_idle(ip);
        if !room {
            drop(stream);
            continue;
        }
        // (A closed connection gives its permit back as its task ends.)
        let permit = match permits.clone().try_acquire_owned() {
            Ok(p) => p,
            Err(_) => match tokio::time::timeout(
                Duration::from_millis(200),
                permits.clone().acquire_owned(),
            )
            .await
            {
                Ok(Ok(p)) => p,
                _ => {
                    drop(stream);
                    continue;
                }
            },
        };
        let _ = stream.set_nodelay(true);
        let now = epoch.elapsed().as_millis() as u64;
        let info = Conn {
            ip,
            active: Arc::new(AtomicU64::new(now)),
            busy: Arc::new(AtomicUsize::new(0)),
            close: Arc::new(Notify::new()),
        };
        let tracked = Tracked {
            io: stream,
            active: info.active.clone(),
            epoch,
        };
        let conn = connection_with(
            http.clone(),
            tracked,
            router.clone(),
            shutdown.clone(),
            info.busy.clone(),
            info.close.clone(),
        );
        let id = {
            let mut r = registry.lock().unwrap_or_else(|e| e.into_inner());
            r.next += 1;
            let id = r.next;
            r.open.insert(id, info);
            id
        };
        let registry = registry.clone();
        conns.spawn(async move {
            conn.await;
            registry
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .open
                .remove(&id);
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
