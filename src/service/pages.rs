//! The seats' pages, built into the binary (plain HTML, CSS and JavaScript
//! under `src/service/pages/`). They use only the HTTP API.

use super::tokens::Who;

const OPPONENT: &str = include_str!("pages/opponent.html");
const BLIND: &str = include_str!("pages/blind.html");
const ASSISTANT: &str = include_str!("pages/assistant.html");
const ARBITER: &str = include_str!("pages/arbiter.html");
const WATCH: &str = include_str!("pages/watch.html");
/// The page at `/` (no token: it only says where the seats' pages are).
pub const INDEX: &str = include_str!("pages/index.html");

/// The page of a seat; `blind` says whether that player is blind (he gets
/// the page for a screen reader instead of the board).
pub fn page(who: Who, blind: bool) -> &'static str {
    match who {
        Who::White | Who::Black if blind => BLIND,
        Who::White | Who::Black => OPPONENT,
        Who::Assistant => ASSISTANT,
        Who::Arbiter => ARBITER,
        Who::Watch => WATCH,
    }
}

/// A shared asset by file name: (content type, text).
pub fn asset(name: &str) -> Option<(&'static str, &'static str)> {
    match name {
        "app.js" => Some((
            "text/javascript; charset=utf-8",
            include_str!("pages/app.js"),
        )),
        "seats.js" => Some((
            "text/javascript; charset=utf-8",
            include_str!("pages/seats.js"),
        )),
        "style.css" => Some(("text/css; charset=utf-8", include_str!("pages/style.css"))),
        _ => None,
    }
}
