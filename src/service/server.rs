//! The HTTP API and the pages: `POST /api/command`, `GET /api/state`,
//! `GET /api/clock`, WebSocket `/api/events`, `GET /game.pgn`, and a page
//! per seat. Every request is answered; none can stop the server.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, MutexGuard};

use axum::Router;
use axum::body::Bytes;
use axum::extract::rejection::BytesRejection;
use axum::extract::ws::{CloseFrame, Message, WebSocket, WebSocketUpgrade};
use axum::extract::{DefaultBodyLimit, Path, Query, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use serde_json::{Value, json};
use tokio::sync::{broadcast, watch};

use super::board::Board;
use super::pages;
use super::tokens::{Tokens, Who};
use crate::clock::{ClockWords, Style};

/// Largest command body accepted, bytes.
pub const MAX_BODY: usize = 4096;
/// Event sockets open at once for one seat's token (a player's phone,
/// laptop and Braille front end, with reconnects to spare).
pub const MAX_SOCKETS_PER_SEAT: usize = 16;
/// Event sockets open at once for the spectators' token (shared by all).
pub const MAX_SOCKETS_WATCH: usize = 256;
/// Requests in progress at once for one token.
pub const MAX_REQUESTS_PER_TOKEN: usize = 32;
/// Requests one seat's token may make at once before the rate limit
/// ([`RATE_PER_SECOND`]) applies (a page reloading fetches a few).
pub const RATE_BURST: f64 = 100.0;
/// Requests a second one seat's token may make in the long run: a player's
/// pages ask about once a second each; a flood of commands (each a journal
/// row, on the broker too) is held to this.
pub const RATE_PER_SECOND: f64 = 50.0;

/// How often an event socket is pinged; a page's browser answers by itself.
pub const PING_EVERY: std::time::Duration = std::time::Duration::from_secs(2);
/// An event socket whose client has answered nothing (no pong, no message)
/// for this long reads nothing: it is closed, and its place is free. When a
/// seat's sockets are all taken, one silent for [`PING_EVERY`] × 2 already
/// gives its place to a new page.
pub const SILENT_SOCKET: std::time::Duration = std::time::Duration::from_secs(8);
/// A socket whose client does not take an event within this time (its
/// buffers full: it does not read) is closed.
pub const SEND_TIMEOUT: std::time::Duration = std::time::Duration::from_secs(5);

/// The event sockets open, with when each client was last heard, so a
/// socket that reads nothing can be closed for a page that does.
/// One open event socket: its seat, when its client was last heard, and
/// what tells it to close.
type SocketEntry = (
    Who,
    Arc<Mutex<std::time::Instant>>,
    Arc<tokio::sync::Notify>,
);

#[derive(Default)]
pub struct Sockets {
    next: std::sync::atomic::AtomicU64,
    open: Mutex<HashMap<u64, SocketEntry>>,
}

impl Sockets {
    /// Closes `who`'s socket silent longest if silent for `silent` at
    /// least; returns whether one was told to close.
    fn close_silent(&self, who: Who, silent: std::time::Duration) -> bool {
        let open = self.open.lock().unwrap_or_else(|e| e.into_inner());
        let now = std::time::Instant::now();
        let stalest = open
            .values()
            .filter(|(w, _, _)| *w == who)
            .map(|(_, heard, close)| {
                let at = *heard.lock().unwrap_or_else(|e| e.into_inner());
                (at, close)
            })
            .filter(|(at, _)| now.saturating_duration_since(*at) >= silent)
            .min_by_key(|(at, _)| *at);
        match stalest {
            Some((_, close)) => {
                close.notify_one();
                true
            }
            None => false,
        }
    }
}

/// A token bucket per seat ([`RATE_BURST`], [`RATE_PER_SECOND`]).
#[derive(Default)]
pub struct Rate {
    buckets: Mutex<HashMap<Who, (f64, std::time::Instant)>>,
    /// Another burst and rate than the defaults (the lab's benchmark
    /// measures the board unlimited).
    limit: Mutex<Option<(f64, f64)>>,
}

impl Rate {
    /// Sets the burst and the rate a second.
    pub fn set(&self, burst: f64, per_second: f64) {
        *self.limit.lock().unwrap_or_else(|e| e.into_inner()) = Some((burst, per_second));
    }

    /// Whether `who` may make one more request now (and counts it).
    pub fn allow(&self, who: Who) -> bool {
        let (burst, per_second) = self
            .limit
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .unwrap_or((RATE_BURST, RATE_PER_SECOND));
        let now = std::time::Instant::now();
        let mut b = self.buckets.lock().unwrap_or_else(|e| e.into_inner());
        let (tokens, at) = b.entry(who).or_insert((burst, now));
        let refill = now.saturating_duration_since(*at).as_secs_f64() * per_second;
        *tokens = (*tokens + refill).min(burst);
        *at = now;
        if *tokens >= 1.0 {
            *tokens -= 1.0;
            true
        } else {
            false
        }
    }
}

/// Counts what a seat has open; the count goes down when the guard goes.
#[derive(Default)]
pub struct Open {
    counts: Mutex<HashMap<Who, usize>>,
}

/// One open thing of a seat (a request in progress, an event socket).
pub struct OpenGuard {
    open: Arc<App>,
    which: fn(&App) -> &Open,
    who: Who,
}

impl Open {
    fn take(app: &Arc<App>, which: fn(&App) -> &Open, who: Who, max: usize) -> Option<OpenGuard> {
        let mut c = which(app).counts.lock().unwrap_or_else(|e| e.into_inner());
        let n = c.entry(who).or_insert(0);
        if *n >= max {
            return None;
        }
        *n += 1;
        Some(OpenGuard {
            open: app.clone(),
            which,
            who,
        })
    }

    /// How many `who` has open.
    pub fn count(&self, who: Who) -> usize {
        self.counts
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .get(&who)
            .copied()
            .unwrap_or(0)
    }
}

impl Drop for OpenGuard {
    fn drop(&mut self) {
        let mut c = (self.which)(&self.open)
            .counts
            .lock()
            .unwrap_or_else(|e| e.into_inner());
        if let Some(n) = c.get_mut(&self.who) {
            *n = n.saturating_sub(1);
        }
    }
}

/// What the handlers share.
pub struct App {
    pub board: Mutex<Board>,
    pub tokens: Tokens,
    pub events: broadcast::Sender<Arc<Vec<Value>>>,
    pub shutdown: watch::Receiver<bool>,
    pub locale: String,
    pub blind: (bool, bool),
    /// The tournament hall's key, tournament and board number: the chief
    /// arbiter comes from the hall's overview with a ticket the hall signed
    /// (`/arbiter?hall=TICKET`) instead of this board's token.
    pub hall_link: Option<(crate::hall::key::HallKey, String, u32)>,
    /// What a page hears when it connects: the interruption of a resumed
    /// game, until the next command is journaled.
    pub greeting: Mutex<Vec<Value>>,
    /// Event sockets open, per seat.
    pub sockets: Open,
    /// Requests in progress, per seat.
    pub requests: Open,
    /// The rate limit per seat (not the spectators' shared token, which
    /// cannot act).
    pub rate: Rate,
    /// The event sockets open, and when each was last heard.
    pub live_sockets: Sockets,
}

impl App {
    /// A board's service state with no hall link, no greeting and nothing
    /// open yet (`hector serve` and the HTTP fuzz target build it so).
    pub fn new(
        board: Board,
        tokens: Tokens,
        events: broadcast::Sender<Arc<Vec<Value>>>,
        shutdown: watch::Receiver<bool>,
        locale: String,
        blind: (bool, bool),
    ) -> App {
        App {
            board: Mutex::new(board),
            tokens,
            events,
            shutdown,
            locale,
            blind,
            hall_link: None,
            greeting: Mutex::new(Vec::new()),
            sockets: Open::default(),
            requests: Open::default(),
            rate: Rate::default(),
            live_sockets: Sockets::default(),
        }
    }

    /// The board, even after a panic elsewhere poisoned the lock (the board
    /// itself is only changed through `submit`, which does not panic).
    pub fn board(&self) -> MutexGuard<'_, Board> {
        self.board.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Applies a command and sends its events to the sockets; the journal
    /// has it before anything is sent.
    pub fn submit(&self, input: Value) -> Result<Vec<Value>, String> {
        let mut board = self.board();
        let from_seat = input.get("from").is_some();
        let done = board.submit(input)?;
        if done.seq.is_some() && from_seat {
            self.greeting
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .clear();
        }
        if done.seq.is_some() || !done.events.is_empty() {
            // No receivers is not an error.
            let _ = self.events.send(Arc::new(done.events.clone()));
        }
        Ok(done.events)
    }
}

type Shared = Arc<App>;

/// The router with every route.
pub fn router(app: Shared) -> Router {
    Router::new()
        .route(
            "/api/command",
            post(command).layer(DefaultBodyLimit::max(MAX_BODY)),
        )
        .route("/api/state", get(state))
        .route("/api/clock", get(clock))
        .route("/api/recent", get(recent))
        .route("/api/events", get(events))
        .route("/game.pgn", get(pgn))
        .route("/assets/{file}", get(asset))
        .route("/{seat}", get(page))
        .route("/", get(index))
        .method_not_allowed_fallback(method_not_allowed)
        .fallback(not_found)
        .layer(axum::middleware::from_fn_with_state(app.clone(), per_token))
        .with_state(app)
}

/// At most [`MAX_REQUESTS_PER_TOKEN`] requests in progress per token: one
/// seat's address cannot take the service from the others.
async fn per_token(
    State(app): State<Shared>,
    query: Result<Query<HashMap<String, String>>, axum::extract::rejection::QueryRejection>,
    req: axum::extract::Request,
    next: axum::middleware::Next,
) -> Response {
    let query = query.map(|q| q.0).unwrap_or_default();
    let who = seat_of(&app, req.headers(), &query).ok();
    if let Some(who) = who
        && who != Who::Watch
        && !app.rate.allow(who)
    {
        return error_with(
            &app,
            Some(who),
            StatusCode::TOO_MANY_REQUESTS,
            "api_rate_limited",
            &[("max", &format!("{RATE_PER_SECOND}"))],
        );
    }
    let _guard = match who {
        Some(who) => match Open::take(&app, |a| &a.requests, who, MAX_REQUESTS_PER_TOKEN) {
            Some(g) => Some(g),
            None => {
                return error_to(
                    &app,
                    who,
                    StatusCode::TOO_MANY_REQUESTS,
                    "api_too_many_requests",
                );
            }
        },
        None => None,
    };
    next.run(req).await
}

/// A refusal: `key` names its sentence in `locales/<code>/pages.toml`, said
/// in the game's language (the seat is not known yet).
fn error(app: &App, status: StatusCode, key: &str) -> Response {
    error_with(app, None, status, key, &[])
}

/// A refusal to a known seat: in its own language (`--seat-locale`), or
/// the game's.
fn error_to(app: &App, who: Who, status: StatusCode, key: &str) -> Response {
    error_with(app, Some(who), status, key, &[])
}

/// The language a seat reads: its own (`--seat-locale SEAT=CODE`) or the
/// game's.
fn code_of(app: &App, who: Option<Who>) -> String {
    who.and_then(|w| {
        app.board()
            .session()
            .config()
            .seat_locales
            .get(w.name())
            .cloned()
    })
    .unwrap_or_else(|| app.locale.clone())
}

/// A refusal whose sentence has `{name}` parts, in the seat's language
/// when the seat is known.
fn error_with(
    app: &App,
    who: Option<Who>,
    status: StatusCode,
    key: &str,
    args: &[(&str, &str)],
) -> Response {
    let sentence = pages::words(&code_of(app, who)).text(key, args);
    (status, axum::Json(json!({ "error": sentence }))).into_response()
}

/// The seat whose token came with a request the router has no route or
/// method for (none when there is no valid token): its language words the
/// answer.
fn asking(
    app: &Shared,
    headers: &HeaderMap,
    query: Result<Query<HashMap<String, String>>, axum::extract::rejection::QueryRejection>,
) -> Option<Who> {
    seat_of(app, headers, &query.map(|q| q.0).unwrap_or_default()).ok()
}

/// An address with nothing behind it, said in the language of the seat
/// whose token came with it (or the game's).
async fn not_found(
    State(app): State<Shared>,
    headers: HeaderMap,
    query: Result<Query<HashMap<String, String>>, axum::extract::rejection::QueryRejection>,
) -> Response {
    let who = asking(&app, &headers, query);
    error_with(&app, who, StatusCode::NOT_FOUND, "api_nothing_here", &[])
}

/// A route asked with a method it does not take (its `Allow` header says
/// which it does).
async fn method_not_allowed(
    State(app): State<Shared>,
    headers: HeaderMap,
    query: Result<Query<HashMap<String, String>>, axum::extract::rejection::QueryRejection>,
) -> Response {
    let who = asking(&app, &headers, query);
    error_with(
        &app,
        who,
        StatusCode::METHOD_NOT_ALLOWED,
        "api_wrong_method",
        &[],
    )
}

/// The seat of the request's token: `Authorization: Bearer T` or
/// `?token=T`; otherwise the sentence key of the 401 answer.
fn seat_of(
    app: &App,
    headers: &HeaderMap,
    query: &HashMap<String, String>,
) -> Result<Who, &'static str> {
    let bearer = headers
        .get(header::AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.strip_prefix("Bearer "))
        .map(str::trim);
    let token = bearer.or(query.get("token").map(String::as_str));
    match token {
        None => Err("api_no_token"),
        Some(t) => app.tokens.who(t).ok_or("api_bad_token"),
    }
}

async fn command(
    State(app): State<Shared>,
    headers: HeaderMap,
    Query(query): Query<HashMap<String, String>>,
    body: Result<Bytes, BytesRejection>,
) -> Response {
    let who = match seat_of(&app, &headers, &query) {
        Ok(w) => w,
        Err(why) => return error(&app, StatusCode::UNAUTHORIZED, why),
    };
    let body = match body {
        Ok(b) => b,
        Err(rej) if rej.status() == StatusCode::PAYLOAD_TOO_LARGE => {
            return error_to(&app, who, StatusCode::PAYLOAD_TOO_LARGE, "api_too_long");
        }
        Err(rej) => return error_to(&app, who, rej.status(), "api_unreadable"),
    };
    if body.len() > MAX_BODY {
        return error_to(&app, who, StatusCode::PAYLOAD_TOO_LARGE, "api_too_long");
    }
    if who == Who::Watch {
        return error_to(&app, who, StatusCode::FORBIDDEN, "api_spectator");
    }
    let text = match serde_json::from_slice::<Value>(&body) {
        Ok(v) => match v.get("text").and_then(Value::as_str) {
            Some(t) => t.to_string(),
            None => {
                return error_to(&app, who, StatusCode::BAD_REQUEST, "api_no_text");
            }
        },
        Err(_) => {
            return error_to(&app, who, StatusCode::BAD_REQUEST, "api_not_json");
        }
    };
    let input = json!({"from": who.name(), "text": text});
    let app2 = app.clone();
    let done = tokio::task::spawn_blocking(move || app2.submit(input)).await;
    match done {
        Ok(Ok(events)) => {
            let mine: Vec<Value> = events
                .into_iter()
                .filter(|e| who.sees(e.get("to").unwrap_or(&Value::Null)))
                .collect();
            axum::Json(Value::Array(mine)).into_response()
        }
        Ok(Err(e)) => {
            eprintln!("{e}");
            error_to(&app, who, StatusCode::SERVICE_UNAVAILABLE, "api_journal")
        }
        Err(_) => error_to(&app, who, StatusCode::INTERNAL_SERVER_ERROR, "api_failed"),
    }
}

async fn state(
    State(app): State<Shared>,
    headers: HeaderMap,
    Query(query): Query<HashMap<String, String>>,
) -> Response {
    if let Err(why) = seat_of(&app, &headers, &query) {
        return error(&app, StatusCode::UNAUTHORIZED, why);
    }
    let status = app.board().status();
    axum::Json(status).into_response()
}

/// The clocks with each time in words in the game's language, for pages
/// (screen readers read "04:10" as a time of day).
async fn clock(
    State(app): State<Shared>,
    headers: HeaderMap,
    Query(query): Query<HashMap<String, String>>,
) -> Response {
    let who = match seat_of(&app, &headers, &query) {
        Ok(w) => w,
        Err(why) => return error(&app, StatusCode::UNAUTHORIZED, why),
    };
    let status = app.board().status();
    let clock = status.get("clock").cloned().unwrap_or(Value::Null);
    // In the seat's own language (`--seat-locale`), or the game's.
    let code = code_of(&app, Some(who));
    let words = ClockWords::get(&code).or_else(|_| ClockWords::get("en"));
    let say = |key: &str| -> Value {
        match (clock.get(key).and_then(Value::as_u64), &words) {
            (Some(ms), Ok(w)) => json!(w.duration(ms, Style::Exact)),
            _ => Value::Null,
        }
    };
    axum::Json(json!({
        "clock": clock,
        "locale": code,
        "white_words": say("white_ms"),
        "black_words": say("black_ms"),
    }))
    .into_response()
}

/// How many of its recent events a page gets back after a reload.
pub const RECENT: usize = 60;

/// The seat's recent events from the journal, oldest first (the ones its
/// socket would have sent): a reloaded page shows its history and a
/// question still waiting for an answer.
async fn recent(
    State(app): State<Shared>,
    headers: HeaderMap,
    Query(query): Query<HashMap<String, String>>,
) -> Response {
    let who = match seat_of(&app, &headers, &query) {
        Ok(w) => w,
        Err(why) => return error(&app, StatusCode::UNAUTHORIZED, why),
    };
    let rows = {
        let board = app.board();
        let journal = board.journal();
        // Each command gives a few events: look back far enough for RECENT.
        let from = journal
            .last()
            .ok()
            .flatten()
            .map_or(0, |(seq, _, _)| (seq - 4 * RECENT as i64).max(0));
        journal.rows_after(from)
    };
    let Ok(rows) = rows else {
        return error_to(&app, who, StatusCode::INTERNAL_SERVER_ERROR, "api_failed");
    };
    let mut mine: Vec<Value> = rows
        .into_iter()
        .filter_map(|r| match r.events {
            Value::Array(list) => Some(list),
            _ => None,
        })
        .flatten()
        .filter(|e| who.sees(e.get("to").unwrap_or(&Value::Null)))
        .collect();
    let skip = mine.len().saturating_sub(RECENT);
    mine.drain(..skip);
    axum::Json(Value::Array(mine)).into_response()
}

async fn pgn(
    State(app): State<Shared>,
    headers: HeaderMap,
    Query(query): Query<HashMap<String, String>>,
) -> Response {
    if let Err(why) = seat_of(&app, &headers, &query) {
        return error(&app, StatusCode::UNAUTHORIZED, why);
    }
    let pgn = app.board().pgn();
    (
        [
            (
                header::CONTENT_TYPE,
                "application/x-chess-pgn; charset=utf-8",
            ),
            (header::CACHE_CONTROL, "no-store"),
        ],
        pgn,
    )
        .into_response()
}

async fn events(
    State(app): State<Shared>,
    headers: HeaderMap,
    Query(query): Query<HashMap<String, String>>,
    ws: Result<WebSocketUpgrade, axum::extract::ws::rejection::WebSocketUpgradeRejection>,
) -> Response {
    let who = match seat_of(&app, &headers, &query) {
        Ok(w) => w,
        Err(why) => return error(&app, StatusCode::UNAUTHORIZED, why),
    };
    let ws = match ws {
        Ok(ws) => ws,
        Err(_) => {
            return error_to(&app, who, StatusCode::BAD_REQUEST, "api_not_websocket");
        }
    };
    let max = if who == Who::Watch {
        MAX_SOCKETS_WATCH
    } else {
        MAX_SOCKETS_PER_SEAT
    };
    let mut guard = Open::take(&app, |a| &a.sockets, who, max);
    // All taken: a socket that has not answered its pings gives its place.
    if guard.is_none() && app.live_sockets.close_silent(who, PING_EVERY * 2) {
        for _ in 0..50 {
            tokio::time::sleep(std::time::Duration::from_millis(10)).await;
            guard = Open::take(&app, |a| &a.sockets, who, max);
            if guard.is_some() {
                break;
            }
        }
    }
    let Some(guard) = guard else {
        return error_with(
            &app,
            Some(who),
            StatusCode::TOO_MANY_REQUESTS,
            "api_too_many_pages",
            &[("max", &max.to_string())],
        );
    };
    let rx = app.events.subscribe();
    let shutdown = app.shutdown.clone();
    let greeting = app
        .greeting
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .clone();
    let heard = Arc::new(Mutex::new(std::time::Instant::now()));
    let close = Arc::new(tokio::sync::Notify::new());
    let id = app
        .live_sockets
        .next
        .fetch_add(1, std::sync::atomic::Ordering::SeqCst);
    app.live_sockets
        .open
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .insert(id, (who, heard.clone(), close.clone()));
    let app2 = app.clone();
    ws.max_message_size(MAX_BODY)
        .on_upgrade(move |socket| async move {
            forward(socket, who, greeting, rx, shutdown, heard, close).await;
            app2.live_sockets
                .open
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .remove(&id);
            drop(guard);
        })
}

/// Sends one message, within [`SEND_TIMEOUT`]; `false`: the socket is gone
/// or does not read.
async fn send(socket: &mut WebSocket, m: Message) -> bool {
    matches!(
        tokio::time::timeout(SEND_TIMEOUT, socket.send(m)).await,
        Ok(Ok(()))
    )
}

/// Sends a socket every event its seat may see, each as one text message.
async fn forward(
    mut socket: WebSocket,
    who: Who,
    greeting: Vec<Value>,
    mut rx: broadcast::Receiver<Arc<Vec<Value>>>,
    mut shutdown: watch::Receiver<bool>,
    heard: Arc<Mutex<std::time::Instant>>,
    close: Arc<tokio::sync::Notify>,
) {
    for e in &greeting {
        if who.sees(e.get("to").unwrap_or(&Value::Null))
            && !send(&mut socket, Message::Text(e.to_string().into())).await
        {
            return;
        }
    }
    // The first ping after a whole period: a new socket's first frames
    // are the game's.
    let mut ping = tokio::time::interval_at(tokio::time::Instant::now() + PING_EVERY, PING_EVERY);
    ping.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        tokio::select! {
            _ = ping.tick() => {
                let at = *heard.lock().unwrap_or_else(|e| e.into_inner());
                // Answered nothing for long: it reads nothing.
                if at.elapsed() >= SILENT_SOCKET
                    || !send(&mut socket, Message::Ping(Bytes::from_static(b"hector"))).await
                {
                    return;
                }
            }
            _ = close.notified() => {
                let _ = tokio::time::timeout(
                    std::time::Duration::from_millis(100),
                    socket.send(Message::Close(Some(CloseFrame {
                        code: 1008,
                        reason: "this page answered nothing; another took its place".into(),
                    }))),
                )
                .await;
                return;
            }
            got = rx.recv() => match got {
                Ok(batch) => {
                    for e in batch.iter() {
                        if who.sees(e.get("to").unwrap_or(&Value::Null))
                            && !send(&mut socket, Message::Text(e.to_string().into())).await
                        {
                            return;
                        }
                    }
                }
                Err(broadcast::error::RecvError::Lagged(_)) => {
                    // Too slow to follow: close, so the page reconnects and
                    // reads the state again instead of missing events.
                    let _ = send(&mut socket, Message::Close(Some(CloseFrame {
                        code: 1013,
                        reason: "events were missed; reconnect".into(),
                    }))).await;
                    return;
                }
                Err(broadcast::error::RecvError::Closed) => return,
            },
            msg = socket.recv() => match msg {
                Some(Ok(Message::Close(_))) | None | Some(Err(_)) => return,
                Some(Ok(_)) => {
                    *heard.lock().unwrap_or_else(|e| e.into_inner()) = std::time::Instant::now();
                }
            },
            _ = shutdown.changed() => {
                let _ = send(&mut socket, Message::Close(Some(CloseFrame {
                    code: 1001,
                    reason: "hector serve is stopping".into(),
                }))).await;
                return;
            }
        }
    }
}

fn with_headers(content_type: &'static str, body: impl IntoResponse) -> Response {
    let mut r = body.into_response();
    let h = r.headers_mut();
    h.insert(header::CONTENT_TYPE, HeaderValue::from_static(content_type));
    secure(h);
    r
}

/// The headers every page of a board and of the hall carries: no referrer
/// (a token is in the page's address: never send it on), nothing but the
/// page's own script, style and live updates, no framing, no sniffing.
pub(crate) fn secure(h: &mut axum::http::HeaderMap) {
    h.insert(
        header::REFERRER_POLICY,
        HeaderValue::from_static("no-referrer"),
    );
    h.insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static(
            "default-src 'self'; connect-src 'self'; img-src 'self' data:; frame-ancestors 'none'",
        ),
    );
    h.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
}

/// A seat's page in the game's language. With a valid token the page is
/// the token's seat's whatever the path says (`/white?token=<Black's>` acts
/// for Black, so it is titled for Black).
async fn page(
    State(app): State<Shared>,
    Path(seat): Path<String>,
    Query(q): Query<HashMap<String, String>>,
) -> Response {
    let Some(by_path) = Who::from_name(&seat) else {
        let who = q.get("token").and_then(|t| app.tokens.who(t));
        return error_with(&app, who, StatusCode::NOT_FOUND, "api_nothing_here", &[]);
    };
    if let (Who::Arbiter, Some(ticket)) = (by_path, q.get("hall")) {
        return hall_ticket(&app, ticket);
    }
    let who = q
        .get("token")
        .and_then(|t| app.tokens.who(t))
        .unwrap_or(by_path);
    let blind = match who {
        Who::White => app.blind.0,
        Who::Black => app.blind.1,
        _ => false,
    };
    let (separate_press, code, laws) = {
        let board = app.board();
        let cfg = board.session().config();
        // A seat with a language of its own (`--seat-locale`) gets its page in it.
        let code = cfg
            .seat_locales
            .get(who.name())
            .cloned()
            .unwrap_or_else(|| app.locale.clone());
        (cfg.separate_press, code, cfg.laws)
    };
    with_headers(
        "text/html; charset=utf-8",
        pages::page(who, blind, separate_press, &code, laws),
    )
}

/// The chief arbiter arrives from the hall's overview with a ticket the
/// hall signed for this board (good for a minute, give or take a board
/// clock minutes off): checked with the hall's key, it is exchanged once
/// for the arbiter's page with this board's token.
fn hall_ticket(app: &App, ticket: &str) -> Response {
    let now = super::journal::wall_ms();
    let good = app
        .hall_link
        .as_ref()
        .is_some_and(|(key, tournament, board)| key.take_ticket(tournament, *board, ticket, now));
    if !good {
        return error(app, StatusCode::UNAUTHORIZED, "api_hall_ticket");
    }
    let mut r = axum::response::Redirect::to(&format!(
        "/{}?token={}",
        Who::Arbiter.name(),
        app.tokens.token(Who::Arbiter)
    ))
    .into_response();
    r.headers_mut()
        .insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    r
}

async fn asset(State(app): State<Shared>, Path(file): Path<String>) -> Response {
    match pages::asset(&file) {
        Some((ct, body)) => with_headers(ct, body),
        None => error(&app, StatusCode::NOT_FOUND, "api_nothing_here"),
    }
}

async fn index(State(app): State<Shared>) -> Response {
    with_headers("text/html; charset=utf-8", pages::index(&app.locale))
}
