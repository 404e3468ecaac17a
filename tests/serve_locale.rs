//! `hector serve --seat-locale black=pl` (issue 32): a Polish player meets a
//! German one. Black's page is in Polish, White's in German; Black is
//! understood in Polish and its events carry the Polish sentence.

mod serve_util;

use serde_json::Value;
use serve_util::{Serve, TempDir};

#[test]
fn a_seat_with_its_own_language_gets_its_page_and_sentences_in_it() {
    let dir = TempDir::new("serve-seat-locale");
    let s = Serve::start(
        &dir.0.join("board.sqlite"),
        &[
            "--control",
            "300+2",
            "--blind",
            "none",
            "--locale",
            "de",
            "--seat-locale",
            "black=pl",
        ],
    );
    let mut c = s.client();
    let (white, black) = (s.token("white"), s.token("black"));

    let page = |c: &mut hector::service::client::Client, seat: &str, token: &str| {
        let a = c
            .request("GET", &format!("/{seat}?token={token}"), None, b"")
            .unwrap();
        assert_eq!(a.status, 200, "{}", a.body);
        a.body
    };
    let black_page = page(&mut c, "black", &black);
    assert!(black_page.contains("<html lang=\"pl\">"), "{black_page}");
    let white_page = page(&mut c, "white", &white);
    assert!(white_page.contains("<html lang=\"de\">"), "{white_page}");

    let a = c.command(&black, "mój czas").unwrap();
    assert_eq!(a.status, 200, "{}", a.body);
    let events = a.json();
    let answer = events
        .as_array()
        .and_then(|l| l.iter().find(|e| e["kind"] == "answer"))
        .unwrap_or_else(|| panic!("no answer: {}", a.body));
    let polish = answer["texts"]["black"].as_str().unwrap_or_default();
    assert!(polish.starts_with("Twój czas: pięć minut"), "{}", a.body);
    // White's own answer stays German and carries no Polish text.
    let a = c.command(&white, "meine Zeit").unwrap();
    let events: Value = a.json();
    let answer = &events[0];
    assert!(
        answer["text"]
            .as_str()
            .unwrap_or_default()
            .starts_with("Ihre Zeit: fünf Minuten"),
        "{}",
        a.body
    );
    assert!(answer.get("texts").is_none(), "{}", a.body);

    // The API's refusals: to the Polish seat in Polish, to the German seat
    // in German (issue 32), whatever the refusal.
    let refusal = |c: &mut hector::service::client::Client,
                   method: &str,
                   path: &str,
                   token: &str,
                   body: &[u8]| {
        let a = c.request(method, path, Some(token), body).unwrap();
        assert!(a.status >= 400, "{method} {path}: {} {}", a.status, a.body);
        a.json()["error"].as_str().unwrap_or_default().to_string()
    };
    let words = |code: &str, key: &str| {
        hector::locale::pages::PageWords::get(code)
            .unwrap()
            .text(key, &[])
    };
    for (method, path, body, key) in [
        ("POST", "/api/command", &b"not json"[..], "api_not_json"),
        ("POST", "/api/command", &b"{}"[..], "api_no_text"),
        ("GET", "/api/nothing", &b""[..], "api_nothing_here"),
        ("DELETE", "/api/command", &b""[..], "api_wrong_method"),
    ] {
        let pl = refusal(&mut c, method, path, &black, body);
        assert_eq!(pl, words("pl", key), "{method} {path} to Black");
        let de = refusal(&mut c, method, path, &white, body);
        assert_eq!(de, words("de", key), "{method} {path} to White");
        assert_ne!(pl, de);
    }
    // The same with the token in the address (a page's `?token=`).
    let a = c
        .request("GET", &format!("/nowhere?token={black}"), None, b"")
        .unwrap();
    assert_eq!(a.status, 404);
    assert_eq!(a.json()["error"], words("pl", "api_nothing_here"));
    // A refusal in the session (a player's arbiter command) is Polish too.
    let a = c.command(&black, "dodaj czas białe 10 minut").unwrap();
    let events = a.json();
    let refused = events
        .as_array()
        .and_then(|l| l.iter().find(|e| e["kind"] == "refused"))
        .unwrap_or_else(|| panic!("no refusal: {}", a.body));
    let polish = refused["texts"]["black"].as_str().unwrap_or_default();
    assert!(
        !polish.is_empty() && polish != refused["text"],
        "{}",
        a.body
    );
    // The clock in words for a page: Black's in Polish, White's in German.
    let clock = |c: &mut hector::service::client::Client, token: &str| {
        let a = c.request("GET", "/api/clock", Some(token), b"").unwrap();
        assert_eq!(a.status, 200, "{}", a.body);
        a.json()
    };
    let (pl, de) = (clock(&mut c, &black), clock(&mut c, &white));
    assert_eq!(pl["locale"], "pl");
    assert_eq!(de["locale"], "de");
    assert!(
        pl["white_words"]
            .as_str()
            .unwrap_or_default()
            .contains("minut"),
        "{pl}"
    );
    assert!(
        de["white_words"]
            .as_str()
            .unwrap_or_default()
            .contains("Minuten"),
        "{de}"
    );
    s.stop();
}

/// `hector serve` says where its journal is when it starts, in the game's
/// language like every other line it prints (issue 44).
#[test]
fn serve_says_where_its_journal_is_in_the_games_language() {
    for (code, words) in [
        ("de", "Journal dieses Bretts"),
        ("pl", "Dziennik tej szachownicy"),
        ("en", "This board's journal"),
    ] {
        let dir = TempDir::new(&format!("serve-journal-line-{code}"));
        let journal = dir.0.join("board.sqlite");
        let s = Serve::start(&journal, &["--locale", code]);
        let said = s.stderr_text();
        assert!(
            said.contains(&format!("{words}: {}.", journal.display())),
            "{code}: {said}"
        );
    }
}
