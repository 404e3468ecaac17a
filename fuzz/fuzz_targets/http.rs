//! `hector serve`'s HTTP as any device on the network may send it, through
//! the real server: the bytes go over an in-memory connection to hyper with
//! the settings `hector serve` uses (header timeout, keep-alive, upgrades),
//! then the time-bounded router, the real board and its SQLite journal.
//! The input chooses a method, a path and query, a seat's token (in the
//! `Authorization: Bearer` header, the query, both, a spectator's, a wrong
//! one or none) and gives raw header lines and a body — or, in raw mode,
//! the whole request as bytes (several pipelined requests, broken framing,
//! bad header names, a `Content-Length` that lies, chunked bodies).
//!
//! Checked: every answer hyper writes parses and has a documented status;
//! every refusal of hector's carries a sentence; if nothing was answered
//! 200 the journal and the game are unchanged; the server still answers
//! `GET /api/state` afterwards.
#![no_main]

use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use hector::service::listen;
use hector::service::server::{App, router};
use hector::service::{Board, Who, blind_colours};
use libfuzzer_sys::fuzz_target;
use serde_json::{Value, json};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::sync::{broadcast, watch};

/// Largest body sent (the service refuses commands over 4 KiB).
const MAX_BODY: usize = 8192;
/// A new board (and journal) after this many journaled commands, so the
/// journal stays small and the game does not end for good.
const MAX_ROWS: i64 = 200;
/// Largest answer read back (a page is a few tens of KiB).
const MAX_ANSWER: usize = 4 << 20;

const METHODS: [&str; 8] = [
    "GET", "POST", "PUT", "DELETE", "HEAD", "OPTIONS", "PATCH", "CONNECT",
];

const PATHS: [&str; 16] = [
    "/api/command",
    "/api/state",
    "/api/clock",
    "/api/events",
    "/api/recent",
    "/game.pgn",
    "/assets/app.js",
    "/assets/",
    "/white",
    "/black",
    "/assistant",
    "/arbiter",
    "/watch",
    "/",
    "",
    "*",
];

const LOCALES: [&str; 5] = ["en", "de", "pl", "sr", "el"];

/// Statuses hector's router answers; 429 is a seat's rate limit (the fuzzer
/// sends far more than a person's requests a second), with its sentence.
const ROUTER: [u16; 12] = [101, 200, 400, 401, 403, 404, 405, 408, 413, 415, 422, 429];
/// Statuses hyper itself answers (no body): 100 to `Expect: 100-continue`,
/// the others to a request it cannot read.
const HYPER: [u16; 5] = [100, 400, 414, 431, 505];

/// One board as `hector serve` runs it, with its journal on a scratch file.
struct Served {
    app: Arc<App>,
    router: axum::Router,
    path: PathBuf,
    shutdown: watch::Receiver<bool>,
    _stop: watch::Sender<bool>,
}

fn scratch_dir() -> PathBuf {
    let shm = std::path::Path::new("/dev/shm");
    if shm.is_dir() {
        shm.to_path_buf()
    } else {
        std::env::temp_dir()
    }
}

fn remove_journal(path: &std::path::Path) {
    for suffix in ["", "-wal", "-shm"] {
        let mut p = path.as_os_str().to_owned();
        p.push(suffix);
        let _ = std::fs::remove_file(PathBuf::from(p));
    }
}

/// Journals left by fuzzing processes that are gone.
fn remove_stale() {
    let Ok(dir) = std::fs::read_dir(scratch_dir()) else {
        return;
    };
    for e in dir.flatten() {
        let name = e.file_name().to_string_lossy().into_owned();
        let Some(rest) = name.strip_prefix("hector-fuzz-http-") else {
            continue;
        };
        let pid = rest.split('-').next().unwrap_or("");
        if !pid.is_empty() && !std::path::Path::new("/proc").join(pid).exists() {
            let _ = std::fs::remove_file(e.path());
        }
    }
}

impl Served {
    fn new(n: u64) -> Served {
        let path = scratch_dir().join(format!(
            "hector-fuzz-http-{}-{n}.sqlite",
            std::process::id()
        ));
        remove_journal(&path);
        let locale = LOCALES[n as usize % LOCALES.len()];
        let blind = ["white", "black", "both", "none"][n as usize % 4];
        let config = json!({"locale": locale, "control": "300+2", "blind": blind});
        let tags = vec![("White".to_string(), "Ana".to_string())];
        let (mut board, tokens, _) = Board::open(&path, &config, &tags).expect("a new board");
        // A served game with a clock waits for the arbiter's start (6.6):
        // two boards in three are started, so moves and running clocks are
        // reached at once; the third leaves the start to the input.
        if n % 3 != 0 {
            board
                .submit(json!({"from": "arbiter", "text": "start clock"}))
                .expect("the arbiter starts the clocks");
        }
        let (events, _) = broadcast::channel(64);
        let (tx, rx) = watch::channel(false);
        let app = Arc::new(App::new(
            board,
            tokens,
            events,
            rx.clone(),
            locale.to_string(),
            blind_colours(&config),
        ));
        Served {
            router: listen::bounded(router(app.clone())),
            app,
            path,
            shutdown: rx,
            _stop: tx,
        }
    }

    fn rows(&self) -> i64 {
        self.app
            .board()
            .journal()
            .last()
            .expect("the journal reads")
            .map(|(seq, _, _)| seq)
            .unwrap_or(0)
    }

    /// The game without its time and clock (time passes between requests), and
    /// whether a flag is down (then the result may change by itself).
    fn game(&self) -> (Value, bool) {
        let mut s = self.app.board().status();
        let clock = s.as_object_mut().and_then(|o| {
            o.remove("t");
            o.remove("clock")
        });
        let flag = clock.is_some_and(|c| c["white_ms"] == 0 || c["black_ms"] == 0);
        (s, flag)
    }

    /// Sends `bytes` over a new connection to the real server, closes the
    /// sending half and reads what comes back until the server closes.
    fn exchange(&self, rt: &tokio::runtime::Runtime, bytes: &[u8]) -> Vec<u8> {
        rt.block_on(async {
            let (mut client, server) = tokio::io::duplex(64 * 1024);
            let conn = tokio::spawn(listen::connection(
                server,
                self.router.clone(),
                self.shutdown.clone(),
            ));
            let mut answer = Vec::new();
            let talk = async {
                // The server may answer (and close) before it has read all.
                let (mut rd, mut wr) = tokio::io::split(&mut client);
                let write = async {
                    let _ = wr.write_all(bytes).await;
                    let _ = wr.shutdown().await;
                };
                let read = async {
                    let mut buf = [0u8; 16 * 1024];
                    loop {
                        match rd.read(&mut buf).await {
                            Ok(0) | Err(_) => break,
                            Ok(n) => {
                                answer.extend_from_slice(&buf[..n]);
                                assert!(answer.len() <= MAX_ANSWER, "an endless answer");
                            }
                        }
                    }
                };
                tokio::join!(write, read);
            };
            tokio::time::timeout(Duration::from_secs(20), talk)
                .await
                .expect("the server closes the connection once the client has sent all");
            drop(client);
            let _ = conn.await;
            answer
        })
    }
}

struct World {
    rt: tokio::runtime::Runtime,
    served: Served,
    boards: u64,
}

thread_local! {
    static WORLD: std::cell::RefCell<Option<World>> = const { std::cell::RefCell::new(None) };
}

/// The request the input describes, as bytes on the wire.
fn request(data: &[u8], app: &App) -> Option<Vec<u8>> {
    let [mode, m, p, t, rest @ ..] = data else {
        return None;
    };
    // The token: none, one of the five seats', or a wrong one; in the
    // header, in the query, or both.
    let token = match t % 8 {
        0 => None,
        // (The five seats the seeds were found with, in their order.)
        i @ 1..=5 => Some(
            app.tokens
                .token(
                    [
                        Who::White,
                        Who::Black,
                        Who::Assistant,
                        Who::Arbiter,
                        Who::Watch,
                    ][i as usize - 1],
                )
                .to_string(),
        ),
        6 => {
            let w = app.tokens.token(Who::White);
            Some(format!("{}0", &w[..w.len() - 1]))
        }
        _ => Some("0".repeat(32)),
    };
    let place = (t / 8) % 4;
    if mode % 4 == 0 {
        // Raw: the input is the request; `\x01` stands for the token.
        let tok = token.unwrap_or_default();
        let mut out = Vec::with_capacity(rest.len() + 64);
        for &b in rest {
            if b == 1 {
                out.extend_from_slice(tok.as_bytes());
            } else {
                out.push(b);
            }
        }
        return Some(out);
    }
    let method = METHODS[*m as usize % METHODS.len()];
    let mut parts = rest.splitn(3, |&b| b == 0);
    let raw_path = parts.next().unwrap_or_default();
    let raw_headers = parts.next().unwrap_or_default();
    let body = parts.next().unwrap_or_default();
    let body = &body[..body.len().min(MAX_BODY)];

    let mut out = Vec::new();
    out.extend_from_slice(method.as_bytes());
    out.push(b' ');
    out.extend_from_slice(PATHS[*p as usize % PATHS.len()].as_bytes());
    out.extend(raw_path.iter().filter(|&&b| b != b'\r' && b != b'\n'));
    if let Some(tok) = &token
        && place & 1 == 1
    {
        out.push(if out.contains(&b'?') { b'&' } else { b'?' });
        out.extend_from_slice(b"token=");
        out.extend_from_slice(tok.as_bytes());
    }
    out.extend_from_slice(b" HTTP/1.1\r\nHost: board\r\n");
    if let Some(tok) = &token
        && place & 2 == 2
    {
        out.extend_from_slice(format!("Authorization: Bearer {tok}\r\n").as_bytes());
    }
    // Mode 1: the body framed by a true Content-Length; mode 2: by what
    // the input says (its own framing headers, true or not); mode 3:
    // chunked.
    for line in raw_headers.split(|&b| b == b'\n') {
        let line = line.strip_suffix(b"\r").unwrap_or(line);
        if line.is_empty() {
            continue;
        }
        let framing = line.len() >= 14
            && (line[..14].eq_ignore_ascii_case(b"content-length")
                || line[..14].eq_ignore_ascii_case(b"transfer-encod"));
        if framing && mode % 4 != 2 {
            continue;
        }
        out.extend_from_slice(line);
        out.extend_from_slice(b"\r\n");
    }
    match mode % 4 {
        1 => out.extend_from_slice(format!("Content-Length: {}\r\n\r\n", body.len()).as_bytes()),
        3 => {
            out.extend_from_slice(b"Transfer-Encoding: chunked\r\n\r\n");
            for chunk in body.chunks(1 + (*mode as usize / 4) % 64) {
                out.extend_from_slice(format!("{:x}\r\n", chunk.len()).as_bytes());
                out.extend_from_slice(chunk);
                out.extend_from_slice(b"\r\n");
            }
            out.extend_from_slice(b"0\r\n\r\n");
            return Some(out);
        }
        _ => out.extend_from_slice(b"\r\n"),
    }
    out.extend_from_slice(body);
    Some(out)
}

/// The answers read off the wire: status, whether hyper wrote it (no body
/// type), and body; after a 101 or a streamed body, the rest as its body.
fn answers(mut wire: &[u8]) -> Vec<(u16, bool, Vec<u8>)> {
    let mut out = Vec::new();
    while !wire.is_empty() {
        let mut headers = [httparse::EMPTY_HEADER; 32];
        let mut res = httparse::Response::new(&mut headers);
        let head = match res.parse(wire) {
            Ok(httparse::Status::Complete(n)) => n,
            other => panic!(
                "an answer that does not parse ({other:?}): {:?}",
                String::from_utf8_lossy(&wire[..wire.len().min(300)])
            ),
        };
        let status = res.code.expect("a status");
        let header = |name: &str| {
            res.headers
                .iter()
                .find(|h| h.name.eq_ignore_ascii_case(name))
                .map(|h| String::from_utf8_lossy(h.value).into_owned())
        };
        let typed = header("content-type").is_some();
        let chunked = header("transfer-encoding").is_some();
        let length: usize = header("content-length")
            .and_then(|l| l.trim().parse().ok())
            .unwrap_or(0);
        let rest = &wire[head..];
        if status == 101 || chunked {
            // The socket that follows, or a streamed body: the end.
            out.push((status, !typed, rest.to_vec()));
            break;
        }
        let mut n = length.min(rest.len());
        if rest.starts_with(b"HTTP/1.") {
            // The answer to a HEAD request: its length, no body.
            n = 0;
        }
        out.push((status, !typed, rest[..n].to_vec()));
        wire = &rest[n..];
    }
    out
}

fuzz_target!(|data: &[u8]| {
    WORLD.with_borrow_mut(|w| {
        let w = w.get_or_insert_with(|| {
            remove_stale();
            World {
                rt: tokio::runtime::Builder::new_current_thread()
                    .enable_time()
                    .build()
                    .expect("a runtime"),
                served: Served::new(0),
                boards: 0,
            }
        });
        if w.served.rows() > MAX_ROWS {
            w.boards += 1;
            let old = std::mem::replace(&mut w.served, Served::new(w.boards));
            remove_journal(&old.path);
        }
        let s = &w.served;
        let Some(bytes) = request(data, &s.app) else {
            return;
        };
        let what = String::from_utf8_lossy(&bytes[..bytes.len().min(120)]).into_owned();
        let head = bytes.windows(5).any(|w| w == b"HEAD ");
        let rows = s.rows();
        let game = s.game();
        let wire = s.exchange(&w.rt, &bytes);
        let got = answers(&wire);
        let mut ok = false;
        for (status, bare, body) in &got {
            let known = if *bare {
                HYPER.contains(status) || ROUTER.contains(status)
            } else {
                ROUTER.contains(status)
            };
            assert!(
                known,
                "{what:?}: answered {status}: {}",
                String::from_utf8_lossy(body)
            );
            ok |= *status == 200 || *status == 101;
            // A HEAD request's answer has no body to say it in.
            if (400..500).contains(status) && !*bare && !(head && body.is_empty()) {
                let sentence = match serde_json::from_slice::<Value>(body) {
                    Ok(v) => v["error"].as_str().map(str::to_string),
                    Err(_) => Some(String::from_utf8_lossy(body).into_owned()),
                };
                assert!(
                    sentence.is_some_and(|s| !s.trim().is_empty()),
                    "{what:?}: {status} without a sentence: {:?}",
                    String::from_utf8_lossy(body)
                );
            }
        }
        if !ok {
            assert_eq!(s.rows(), rows, "{what:?}: answered {got:?} but journaled");
            let (after, flag) = s.game();
            if !flag {
                assert_eq!(after, game.0, "{what:?}: refused but changed the game");
            }
        }
        // The board still answers (through the router: a new connection
        // costs as much again and hyper has been tried above).
        let state = axum::http::Request::get("/api/state")
            .header(
                "authorization",
                format!("Bearer {}", s.app.tokens.token(Who::Watch)),
            )
            .body(axum::body::Body::empty())
            .expect("a request");
        let (status, body) = w.rt.block_on(async {
            use tower::ServiceExt;
            let res = s.router.clone().oneshot(state).await.expect("infallible");
            let status = res.status();
            let body = axum::body::to_bytes(res.into_body(), 1 << 20)
                .await
                .expect("the answer's body");
            (status, body)
        });
        assert_eq!(status, 200, "after {what:?}");
        let v: Value = serde_json::from_slice(&body).expect("the state is JSON");
        assert!(v["fen"].is_string(), "after {what:?}: {v}");
    });
});
