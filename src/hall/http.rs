//! The hall's HTTP side: the chief arbiter's overview (token), the watch
//! overview, `GET /round.pgn`, `GET /api/boards` and the live updates
//! (`GET /api/updates`, server-sent events) the pages follow; [`serve`]
//! runs them with header and idle timeouts and a bounded graceful
//! shutdown.

use std::convert::Infallible;
use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::Router;
use axum::extract::{Path, Query, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::response::{Html, IntoResponse, Redirect, Response};
use axum::routing::get;
use futures_util::{Stream, StreamExt};
use serde::Deserialize;
use serde_json::Value;
use tokio::sync::{broadcast, watch};

use super::follow::Shared;
use super::key::TICKET_LIFETIME_MS;
use crate::locale::pages::PageWords;

/// What the handlers share.
pub struct App {
    pub shared: Arc<Shared>,
    /// The arbiter's token (hex, 128 bits from the OS).
    pub token: String,
    /// The round for games whose PGN says "?".
    pub round: Option<String>,
    pub tournament: String,
    /// The overview's language (a locale code: `de`, `en`, `pl`, `sr`, `el`).
    pub locale: &'static str,
    /// Set when the hall stops: the live updates end, so the pages'
    /// connections close.
    pub closing: watch::Receiver<bool>,
}

/// A fresh token: 128 random bits from the operating system, as hex.
pub fn new_token() -> Result<String, String> {
    let mut bytes = [0u8; 16];
    getrandom::fill(&mut bytes)
        .map_err(|e| format!("The system gave no random bytes for the arbiter's token: {e}"))?;
    Ok(bytes.iter().map(|b| format!("{b:02x}")).collect())
}

/// Compares two tokens in time independent of where they differ.
fn same_token(a: &str, b: &str) -> bool {
    use subtle::ConstantTimeEq;
    a.as_bytes().ct_eq(b.as_bytes()).into()
}

#[derive(Deserialize)]
struct TokenQuery {
    token: Option<String>,
}

/// Who asks: nobody in particular, the arbiter, or someone with a wrong
/// token (refused with 401).
enum Asker {
    Public,
    Arbiter,
    Wrong,
}

impl Asker {
    /// Whether the asker is the chief arbiter; `None` for a wrong ticket.
    fn arbiter(self) -> Option<bool> {
        match self {
            Asker::Public => Some(false),
            Asker::Arbiter => Some(true),
            Asker::Wrong => None,
        }
    }
}

fn asker(app: &App, q: &TokenQuery, headers: &HeaderMap) -> Asker {
    let bearer = headers
        .get(header::AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.strip_prefix("Bearer "));
    match q.token.as_deref().or(bearer) {
        None => Asker::Public,
        Some(t) if same_token(t, &app.token) => Asker::Arbiter,
        Some(_) => Asker::Wrong,
    }
}

/// The hall's words in its language (English if the locale has none).
fn words(app: &App) -> &'static PageWords {
    PageWords::get(app.locale)
        .or_else(|_| PageWords::get("en"))
        .expect("the embedded English page words")
}

fn plain(status: StatusCode, text: String) -> Response {
    (
        status,
        [(header::CONTENT_TYPE, "text/plain; charset=utf-8")],
        format!("{text}\n"),
    )
        .into_response()
}

fn unauthorized(app: &App) -> Response {
    plain(
        StatusCode::UNAUTHORIZED,
        words(app).text("hall_needs_token", &[]),
    )
}

fn no_store(mut r: Response) -> Response {
    r.headers_mut()
        .insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    r
}

/// The routes of the hall.
pub fn router(app: Arc<App>) -> Router {
    Router::new()
        .route("/", get(|| async { Redirect::to("/watch") }))
        .route("/watch", get(watch_page))
        .route("/arbiter", get(arbiter_page))
        .route("/hall.js", get(script))
        .route("/hall.css", get(style))
        .route("/api/hall", get(hall_status))
        .route("/round.pgn", get(round_pgn))
        .route("/api/boards", get(boards))
        .route("/api/updates", get(updates))
        .route("/boards/{board}/arbiter", get(board_arbiter))
        .fallback(|State(app): State<Arc<App>>| async move {
            plain(StatusCode::NOT_FOUND, words(&app).text("hall_no_page", &[]))
        })
        .with_state(app)
        .layer(axum::middleware::map_response(security_headers))
}

/// The headers the board pages have, on every answer of the hall: no
/// referrer (the arbiter's token is in his page's address), nothing but
/// the hall's own script, style and live updates, no framing, no sniffing.
async fn security_headers(mut r: Response) -> Response {
    crate::service::server::secure(r.headers_mut());
    r
}

const PAGE: &str = include_str!("pages/hall.html");
const SCRIPT: &str = include_str!("pages/hall.js");
const STYLE: &str = include_str!("pages/hall.css");

async fn style() -> Response {
    ([(header::CONTENT_TYPE, "text/css; charset=utf-8")], STYLE).into_response()
}

/// `GET /api/hall`: the broker (`up` or `lost`, since when, back when,
/// whether it lost its store), the boards sending without the hall's key,
/// and whether the key is new. Public: nothing in it is secret.
async fn hall_status(State(app): State<Arc<App>>) -> Response {
    no_store(axum::Json(app.shared.hall_json()).into_response())
}

fn page(app: &App, arbiter: bool) -> Response {
    let w = words(app);
    let tournament = [("tournament", app.tournament.as_str())];
    let title = if arbiter {
        w.text("hall_title_arbiter", &tournament)
    } else {
        w.text("hall_title_watch", &tournament)
    };
    let mut html = PAGE
        .replace("{{title}}", &html_escape(&title))
        .replace("{{lang}}", w.code())
        .replace("{{mode}}", if arbiter { "arbiter" } else { "watch" })
        .replace("{{words}}", &script_json(&page_words(w)));
    for (key, text) in w.all().iter().filter(|(k, _)| k.starts_with("hall_")) {
        html = html.replace(&format!("{{{{{key}}}}}"), &html_escape(text));
    }
    no_store(Html(html).into_response())
}

/// What the overview's script needs of the locale: the hall's words, the
/// colours, and the written notation's piece and file letters (the
/// diagrams' text alternative lists the pieces as the game writes them).
fn page_words(w: &PageWords) -> Value {
    use shakmaty::{File, Role};
    let mut o: serde_json::Map<String, Value> = w
        .all()
        .iter()
        .filter(|(k, _)| k.starts_with("hall_") || *k == "white" || *k == "black")
        .map(|(k, v)| (k.clone(), Value::String(v.clone())))
        .collect();
    if let Ok(loc) = crate::locale::Locale::get(w.code()) {
        let letters: serde_json::Map<String, Value> = [
            ('K', Role::King),
            ('Q', Role::Queen),
            ('R', Role::Rook),
            ('B', Role::Bishop),
            ('N', Role::Knight),
        ]
        .iter()
        .map(|(c, r)| {
            let l = loc.piece_letter(*r).unwrap_or(*c);
            (c.to_string(), Value::String(l.to_string()))
        })
        .collect();
        o.insert("letters".into(), Value::Object(letters));
        let files: Vec<Value> = (0..8)
            .map(|f| Value::String(loc.file_letter(File::new(f)).to_string()))
            .collect();
        o.insert("files".into(), Value::Array(files));
    }
    Value::Object(o)
}

/// JSON to put inside a `<script>` element (no `</script>` can end it).
fn script_json(v: &Value) -> String {
    v.to_string()
        .replace('<', "\\u003c")
        .replace('>', "\\u003e")
        .replace('&', "\\u0026")
}

async fn watch_page(State(app): State<Arc<App>>) -> Response {
    page(&app, false)
}

async fn arbiter_page(
    State(app): State<Arc<App>>,
    Query(q): Query<TokenQuery>,
    headers: HeaderMap,
) -> Response {
    match asker(&app, &q, &headers) {
        Asker::Arbiter => page(&app, true),
        _ => unauthorized(&app),
    }
}

async fn script() -> Response {
    (
        [(header::CONTENT_TYPE, "text/javascript; charset=utf-8")],
        SCRIPT,
    )
        .into_response()
}

async fn round_pgn(State(app): State<Arc<App>>) -> Response {
    let pgn = match app.shared.hall.lock() {
        Ok(hall) => hall.round_pgn(app.round.as_deref()),
        Err(_) => String::new(),
    };
    no_store(
        (
            [(
                header::CONTENT_TYPE,
                "application/x-chess-pgn; charset=utf-8",
            )],
            pgn,
        )
            .into_response(),
    )
}

/// The chief arbiter follows a board's link on his overview: the hall
/// signs a ticket good for [`TICKET_LIFETIME_MS`] for that board and sends
/// him to the board's arbiter page with it; the board checks it with the
/// hall's key and lets him in. The board's own token never leaves it.
async fn board_arbiter(
    State(app): State<Arc<App>>,
    Path(board): Path<u32>,
    Query(q): Query<TokenQuery>,
    headers: HeaderMap,
) -> Response {
    if !matches!(asker(&app, &q, &headers), Asker::Arbiter) {
        return unauthorized(&app);
    }
    let url = app
        .shared
        .hall
        .lock()
        .ok()
        .and_then(|h| h.board(board).and_then(|b| b.arbiter_url.clone()));
    let Some(url) = url.filter(|u| !u.contains('?')) else {
        return plain(
            StatusCode::NOT_FOUND,
            words(&app).text("hall_no_board_page", &[("n", &board.to_string())]),
        );
    };
    let now = crate::service::journal::wall_ms();
    let ticket = app
        .shared
        .key
        .arbiter_ticket(&app.tournament, board, now + TICKET_LIFETIME_MS);
    no_store(Redirect::to(&format!("{url}?hall={ticket}")).into_response())
}

fn boards_value(app: &App, arbiter: bool) -> Value {
    let mut v = match app.shared.hall.lock() {
        Ok(hall) => hall.boards_json(arbiter, Instant::now()),
        Err(_) => Value::Array(Vec::new()),
    };
    if let Value::Array(list) = &mut v {
        for b in list {
            unknown_since(app, b);
        }
    }
    v
}

/// While the broker is away a board's state is unknown, not dead: its
/// object says since when (`unknown_since_ms`, the wall clock's ms).
fn unknown_since(app: &App, board: &mut Value) {
    let lost = app.shared.broker.lock().ok().and_then(|b| b.lost_ms);
    if let (Some(ms), Value::Object(o)) = (lost, board) {
        o.insert("unknown_since_ms".into(), serde_json::json!(ms));
    }
}

async fn boards(
    State(app): State<Arc<App>>,
    Query(q): Query<TokenQuery>,
    headers: HeaderMap,
) -> Response {
    let Some(arbiter) = asker(&app, &q, &headers).arbiter() else {
        return unauthorized(&app);
    };
    no_store(axum::Json(boards_value(&app, arbiter)).into_response())
}

/// Server-sent events: `board` (one board's object as in `/api/boards`)
/// after each change, `boards` (the whole list) at the start and after
/// falling behind.
async fn updates(
    State(app): State<Arc<App>>,
    Query(q): Query<TokenQuery>,
    headers: HeaderMap,
) -> Response {
    let Some(arbiter) = asker(&app, &q, &headers).arbiter() else {
        return unauthorized(&app);
    };
    let rx = app.shared.changes.subscribe();
    let first = Event::default()
        .event("boards")
        .data(boards_value(&app, arbiter).to_string());
    let hall = Event::default()
        .event("hall")
        .data(app.shared.hall_json().to_string());
    let mut closing = app.closing.clone();
    let stream = futures_util::stream::iter([Ok(hall)])
        .chain(updates_stream(app, arbiter, rx, first))
        .take_until(async move {
            let _ = closing.wait_for(|c| *c).await;
        });
    no_store(
        Sse::new(stream)
            .keep_alive(KeepAlive::default())
            .into_response(),
    )
}

fn updates_stream(
    app: Arc<App>,
    arbiter: bool,
    rx: broadcast::Receiver<u32>,
    first: Event,
) -> impl Stream<Item = Result<Event, Infallible>> {
    futures_util::stream::unfold(
        (app, rx, Some(first)),
        move |(app, mut rx, first)| async move {
            if let Some(ev) = first {
                return Some((Ok(ev), (app, rx, None)));
            }
            let ev = match rx.recv().await {
                Ok(super::follow::HALL_NEWS) => Event::default()
                    .event("hall")
                    .data(app.shared.hall_json().to_string()),
                Ok(board) => {
                    let mut json = app
                        .shared
                        .hall
                        .lock()
                        .ok()
                        .and_then(|h| h.board(board).map(|b| b.json(arbiter, Instant::now())))
                        .unwrap_or(Value::Null);
                    unknown_since(&app, &mut json);
                    Event::default().event("board").data(json.to_string())
                }
                Err(broadcast::error::RecvError::Lagged(_)) => Event::default()
                    .event("boards")
                    .data(boards_value(&app, arbiter).to_string()),
                Err(broadcast::error::RecvError::Closed) => return None,
            };
            Some((Ok(ev), (app, rx, None)))
        },
    )
}

/// How long a client may take to send a request's header, and how long a
/// kept-alive connection may sit idle between requests.
pub const HEADER_TIMEOUT: Duration = Duration::from_secs(10);
/// How long the hall waits for open requests when it stops.
pub const SHUTDOWN_GRACE: Duration = Duration::from_secs(3);

/// Answers HTTP on `listener` until `stop` completes (hyper's HTTP/1 with
/// a header read timeout, which also closes idle kept-alive connections),
/// then stops taking connections, closes the live updates (`closing`) and
/// gives the open requests [`SHUTDOWN_GRACE`] to finish (hyper-util's
/// graceful shutdown) before returning.
pub async fn serve(
    listener: tokio::net::TcpListener,
    router: Router,
    stop: impl Future<Output = ()>,
    closing: watch::Sender<bool>,
) {
    use hyper_util::rt::{TokioIo, TokioTimer};
    use hyper_util::server::graceful::GracefulShutdown;
    use hyper_util::service::TowerToHyperService;
    let mut http = hyper::server::conn::http1::Builder::new();
    http.timer(TokioTimer::new())
        .header_read_timeout(HEADER_TIMEOUT)
        .keep_alive(true);
    let graceful = GracefulShutdown::new();
    tokio::pin!(stop);
    loop {
        let (stream, _) = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok(a) => a,
                Err(_) => {
                    // Out of descriptors or a connection reset before it
                    // was taken: wait a little, the others go on.
                    tokio::time::sleep(Duration::from_millis(50)).await;
                    continue;
                }
            },
            _ = &mut stop => break,
        };
        let service = TowerToHyperService::new(router.clone());
        let conn = http.serve_connection(TokioIo::new(stream), service);
        let conn = graceful.watch(conn);
        tokio::spawn(async move {
            let _ = conn.await;
        });
    }
    drop(listener);
    let _ = closing.send(true);
    let _ = tokio::time::timeout(SHUTDOWN_GRACE, graceful.shutdown()).await;
}

fn html_escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_are_128_bit_hex_and_differ() {
        let a = new_token().unwrap();
        let b = new_token().unwrap();
        assert_eq!(a.len(), 32);
        assert!(a.chars().all(|c| c.is_ascii_hexdigit()));
        assert_ne!(a, b);
    }

    #[test]
    fn token_comparison_needs_every_byte() {
        assert!(same_token("abcd", "abcd"));
        assert!(!same_token("abcd", "abce"));
        assert!(!same_token("abcd", "abc"));
        assert!(!same_token("", "a"));
    }
}
