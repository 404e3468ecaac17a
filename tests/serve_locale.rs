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
    s.stop();
}
