//! `hector serve`'s HTTP requests as any device on the network may send
//! them: method, path and query, headers (with or without a seat's
//! `Authorization: Bearer …` token, a spectator's, or a wrong one) and a
//! body of up to 8 KiB, through the real router to the real board and its
//! journal. Every request gets one of the documented answers, an error
//! answer carries a sentence, a request that is not answered 200 changes
//! neither the journal nor the game, and the server still answers
//! `GET /api/state` afterwards.
#![no_main]

use std::path::PathBuf;
use std::sync::Arc;

use axum::Router;
use axum::body::Body;
use axum::http::{HeaderName, HeaderValue, Method, Request, StatusCode, Uri, header};
use hector::service::server::{App, router};
use hector::service::{Board, Who, blind_colours};
use libfuzzer_sys::fuzz_target;
use serde_json::{Value, json};
use tokio::sync::{broadcast, watch};
use tower::ServiceExt;

/// Largest body sent (the service refuses commands over 4 KiB).
const MAX_BODY: usize = 8192;
/// A new board (and journal) after this many journaled commands, so the
/// journal stays small and the game does not end for good.
const MAX_ROWS: i64 = 200;

const METHODS: [Method; 7] = [
    Method::GET,
    Method::POST,
    Method::PUT,
    Method::DELETE,
    Method::HEAD,
    Method::OPTIONS,
    Method::PATCH,
];

const PATHS: [&str; 14] = [
    "/api/command",
    "/api/state",
    "/api/clock",
    "/api/events",
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
];

const LOCALES: [&str; 5] = ["en", "de", "pl", "sr", "el"];

/// One board as `hector serve` runs it, with its journal on a scratch file.
struct Served {
    app: Arc<App>,
    router: Router,
    path: PathBuf,
    _shutdown: watch::Sender<bool>,
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
        let (board, tokens, _) = Board::open(&path, &config, &tags).expect("a new board");
        let (events, _) = broadcast::channel(64);
        let (tx, rx) = watch::channel(false);
        let app = Arc::new(App::new(
            board,
            tokens,
            events,
            rx,
            locale.to_string(),
            blind_colours(&config),
        ));
        Served {
            router: router(app.clone()),
            app,
            path,
            _shutdown: tx,
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
}

struct World {
    rt: tokio::runtime::Runtime,
    served: Served,
    boards: u64,
}

thread_local! {
    static WORLD: std::cell::RefCell<Option<World>> = const { std::cell::RefCell::new(None) };
}

/// The request the input describes; `None` when it is not a request hyper
/// would hand to the router (a URI or header that does not parse).
fn request(data: &[u8], app: &App) -> Option<Request<Body>> {
    let [m, p, t, rest @ ..] = data else {
        return None;
    };
    let method = METHODS[*m as usize % METHODS.len()].clone();
    let mut parts = rest.splitn(3, |&b| b == 0);
    let raw_path = parts.next().unwrap_or_default();
    let raw_headers = parts.next().unwrap_or_default();
    let body = parts.next().unwrap_or_default();
    let body = &body[..body.len().min(MAX_BODY)];

    // The token: none, one of the five seats', or a wrong one; in the
    // header, in the query, or both.
    let token = match t % 8 {
        0 => None,
        i @ 1..=5 => Some(app.tokens.token(Who::ALL[i as usize - 1]).to_string()),
        6 => {
            let w = app.tokens.token(Who::White);
            Some(format!("{}0", &w[..w.len() - 1]))
        }
        _ => Some("0".repeat(32)),
    };
    let place = (t / 8) % 4;

    let mut uri = PATHS[*p as usize % PATHS.len()].to_string();
    uri.push_str(&String::from_utf8_lossy(raw_path));
    if !uri.starts_with('/') {
        uri.insert(0, '/');
    }
    if let Some(tok) = &token
        && place & 1 == 1
    {
        uri.push(if uri.contains('?') { '&' } else { '?' });
        uri.push_str("token=");
        uri.push_str(tok);
    }
    let uri: Uri = uri.parse().ok()?;
    let mut req = Request::builder().method(method).uri(uri);
    if let Some(tok) = &token
        && place & 2 == 2
    {
        req = req.header(header::AUTHORIZATION, format!("Bearer {tok}"));
    }
    for line in raw_headers.split(|&b| b == b'\n') {
        let Some(colon) = line.iter().position(|&b| b == b':') else {
            continue;
        };
        let name = HeaderName::from_bytes(line[..colon].trim_ascii()).ok()?;
        let value = HeaderValue::from_bytes(line[colon + 1..].trim_ascii()).ok()?;
        // hyper frames the body by these; here the body is what it is.
        if name == header::CONTENT_LENGTH || name == header::TRANSFER_ENCODING {
            continue;
        }
        req = req.header(name, value);
    }
    req.body(Body::from(body.to_vec())).ok()
}

const DOCUMENTED: [u16; 9] = [200, 400, 401, 403, 404, 405, 413, 415, 422];

fuzz_target!(|data: &[u8]| {
    WORLD.with_borrow_mut(|w| {
        let w = w.get_or_insert_with(|| {
            remove_stale();
            World {
                rt: tokio::runtime::Builder::new_current_thread()
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
        let Some(req) = request(data, &s.app) else {
            return;
        };
        let head = req.method() == Method::HEAD;
        let what = format!("{} {}", req.method(), req.uri());
        let rows = s.rows();
        let game = s.game();
        let (status, body) = w.rt.block_on(async {
            let res = s.router.clone().oneshot(req).await.expect("infallible");
            let status = res.status();
            let body = axum::body::to_bytes(res.into_body(), 1 << 20)
                .await
                .expect("the answer's body");
            (status, body)
        });
        assert!(
            DOCUMENTED.contains(&status.as_u16()),
            "{what}: answered {status}: {}",
            String::from_utf8_lossy(&body)
        );
        if status.is_client_error() && !head {
            let sentence = match serde_json::from_slice::<Value>(&body) {
                Ok(v) => v["error"].as_str().map(str::to_string),
                Err(_) => Some(String::from_utf8_lossy(&body).into_owned()),
            };
            assert!(
                sentence.is_some_and(|s| !s.trim().is_empty()),
                "{what}: {status} without a sentence: {:?}",
                String::from_utf8_lossy(&body)
            );
        }
        if status != StatusCode::OK {
            assert_eq!(s.rows(), rows, "{what}: answered {status} but journaled");
            let (after, flag) = s.game();
            if !flag {
                assert_eq!(
                    after, game.0,
                    "{what}: answered {status} but changed the game"
                );
            }
        }
        // The server still answers.
        let state = Request::get("/api/state")
            .header(
                header::AUTHORIZATION,
                format!("Bearer {}", s.app.tokens.token(Who::Watch)),
            )
            .body(Body::empty())
            .expect("a request");
        let (status, body) = w.rt.block_on(async {
            let res = s.router.clone().oneshot(state).await.expect("infallible");
            let status = res.status();
            let body = axum::body::to_bytes(res.into_body(), 1 << 20)
                .await
                .expect("the answer's body");
            (status, body)
        });
        assert_eq!(status, StatusCode::OK, "after {what}");
        let v: Value = serde_json::from_slice(&body).expect("the state is JSON");
        assert!(v["fen"].is_string(), "after {what}: {v}");
    });
});
