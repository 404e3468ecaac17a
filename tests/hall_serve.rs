//! Three `hector serve --hall … --tournament … --board N` boards and
//! `hector hall` on a real nats-server: moves made on each board appear in
//! the hall's `/round.pgn` and `/api/boards`; the broker stopped and
//! restarted mid-game still gets every row exactly once; a hall restarted
//! mid-round rebuilds the same state.

#[path = "hall_support/mod.rs"]
mod hall_support;

use std::io::BufReader;
use std::process::{Child, Command, Stdio};

use hall_support::*;
use hector::service::client::{Client, Urls};

/// A `hector serve` board, killed when dropped.
struct Served {
    child: Child,
    urls: Urls,
    client: Client,
}

impl Drop for Served {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn serve(broker: &str, tournament: &str, board: u32, dir: &TempDir, key: &str) -> Served {
    let journal = dir.0.join(format!("board-{board}.sqlite"));
    let mut child = Command::new(env!("CARGO_BIN_EXE_hector"))
        .args([
            "serve",
            "--hall",
            broker,
            "--tournament",
            tournament,
            "--hall-key",
            key,
            "--board",
        ])
        .arg(board.to_string())
        .arg("--journal")
        .arg(&journal)
        .args([
            "--port",
            "0",
            "--blind",
            "none",
            "--control",
            "300+2",
            "--locale",
            "en",
        ])
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .expect("hector serve starts");
    let urls = Urls::read(&mut BufReader::new(child.stdout.take().unwrap()))
        .expect("hector serve prints its URLs and READY");
    let mut client = Client::new(urls.addr().expect("an address"));
    // The arbiter starts the clocks (6.6: no move before; after a restart
    // they wait for him too).
    let arbiter = urls.token("arbiter").expect("the arbiter's token");
    let a = client
        .command(arbiter, "start clock")
        .expect("serve answers");
    assert_eq!(a.status, 200, "{}", a.body);
    Served {
        child,
        urls,
        client,
    }
}

impl Served {
    /// A player makes a move on his page (`POST /api/command`).
    fn play(&mut self, seat: &str, text: &str) {
        let token = self.urls.token(seat).expect("a seat token").to_string();
        let answer = self.client.command(&token, text).expect("serve answers");
        assert_eq!(answer.status, 200, "{}", answer.body);
        assert!(
            answer.body.contains("\"moved\""),
            "{seat} {text}: {}",
            answer.body
        );
    }

    /// Moves, each by the player to move.
    fn moves(&mut self, moves: &[&str]) {
        let watch = self.urls.token("watch").expect("a watch token").to_string();
        for m in moves {
            let state = self.client.state(&watch).expect("state").json();
            let seat = state["turn"].as_str().unwrap_or("white").to_string();
            self.play(&seat, m);
        }
    }
}

/// `GET path`: the status and the `Location` header.
/// The security headers of an answer (lower-case names, sorted).
fn security_headers(addr: &str, path: &str) -> Vec<String> {
    use std::io::{Read, Write};
    let mut s = std::net::TcpStream::connect(addr).expect("connect");
    write!(s, "GET {path} HTTP/1.0\r\nHost: {addr}\r\n\r\n").unwrap();
    let mut raw = String::new();
    let _ = s.read_to_string(&mut raw);
    let mut h: Vec<String> = raw
        .split("\r\n\r\n")
        .next()
        .unwrap_or("")
        .lines()
        .map(str::to_ascii_lowercase)
        .filter(|l| {
            [
                "content-security-policy:",
                "referrer-policy:",
                "x-content-type-options:",
            ]
            .iter()
            .any(|p| l.starts_with(p))
        })
        .collect();
    h.sort();
    h
}

fn location(addr: &str, path: &str) -> (u16, Option<String>) {
    use std::io::{Read, Write};
    let mut s = std::net::TcpStream::connect(addr).expect("connect");
    write!(s, "GET {path} HTTP/1.0\r\nHost: {addr}\r\n\r\n").unwrap();
    let mut raw = String::new();
    let _ = s.read_to_string(&mut raw);
    let code = raw
        .split_whitespace()
        .nth(1)
        .and_then(|c| c.parse().ok())
        .unwrap_or(0);
    let loc = raw
        .lines()
        .find_map(|l| {
            l.strip_prefix("location: ")
                .or_else(|| l.strip_prefix("Location: "))
        })
        .map(|l| l.trim().to_string());
    (code, loc)
}

fn wait_plies(hall: &hector::lab::hall::bench::HallProcess, want: [u64; 3]) {
    wait_boards(hall, &format!("plies {want:?}"), |v| {
        v.as_array().map(|a| a.len()) == Some(3)
            && (0..3).all(|i| v[i]["ply"].as_u64() == Some(want[i]))
    });
}

#[test]
fn three_served_boards_reach_the_hall_through_a_broker_restart_and_a_hall_restart() {
    let dir = TempDir::new("hall-serve");
    let Some(mut broker) = broker(&dir) else {
        return;
    };
    let url = broker.url();
    let hall = hall(&broker, "club");
    let mut boards: Vec<Served> = (1..=3)
        .map(|n| serve(&url, "club", n, &dir, &hall.key))
        .collect();
    boards[0].moves(&["e4", "e5", "Nf3"]);
    boards[1].moves(&["d4", "d5"]);
    boards[2].moves(&["c4"]);
    wait_plies(&hall, [3, 2, 1]);
    let v = boards_json(&hall);
    assert_eq!(v[0]["last_move"]["san"], "Nf3");
    assert_eq!(v[1]["turn"], "white");
    assert!(v[2]["clock"]["black_ms"].is_u64(), "{v:#}");
    let games = round_moves(&get(&hall, "/round.pgn").1);
    assert_eq!(games["1"], ["e4", "e5", "Nf3"]);
    assert_eq!(games["2"], ["d4", "d5"]);
    assert_eq!(games["3"], ["c4"]);
    // The arbiter's view knows each board's own arbiter page, without its
    // token (which never crosses the broker).
    let token = hall.arbiter_url.split("token=").nth(1).unwrap().to_string();
    let (_, body) = get(&hall, &format!("/api/boards?token={token}"));
    let arbiter: serde_json::Value = serde_json::from_str(&body).unwrap();
    let board_page = boards[0]
        .urls
        .url("arbiter")
        .unwrap()
        .split('?')
        .next()
        .unwrap();
    assert_eq!(
        arbiter[0]["arbiter_url"].as_str(),
        Some(board_page),
        "{arbiter:#}"
    );
    // The chief arbiter follows board 1's link on his overview: the hall
    // sends him on with a ticket it signed, which the board exchanges for
    // its arbiter page (issue 31.1: the board's token never crossed the
    // broker).
    let (code, to_board) = location(&hall.addr, &format!("/boards/1/arbiter?token={token}"));
    assert_eq!(code, 303);
    let to_board = to_board.expect("a Location");
    assert!(
        to_board.starts_with(&format!("{board_page}?hall=")),
        "{to_board}"
    );
    let board_addr = boards[0].urls.addr().unwrap().to_string();
    let path = to_board.split_once(&board_addr).unwrap().1.to_string();
    let (code, page) = location(&board_addr, &path);
    assert_eq!(code, 303);
    assert_eq!(
        page.as_deref(),
        Some(
            format!(
                "/arbiter?token={}",
                boards[0].urls.token("arbiter").unwrap()
            )
            .as_str()
        )
    );
    // The hall's pages carry the board pages' security headers.
    let watch_page = format!("/watch?token={}", boards[0].urls.token("watch").unwrap());
    let board_headers = security_headers(&board_addr, &watch_page);
    assert_eq!(board_headers.len(), 3, "{board_headers:?}");
    for page in [
        "/watch",
        &format!("/arbiter?token={token}"),
        "/hall.js",
        "/hall.css",
        "/api/hall",
    ] {
        assert_eq!(security_headers(&hall.addr, page), board_headers, "{page}");
    }
    // A ticket works once (issue 43.8): the same address again is refused.
    assert_eq!(location(&board_addr, &path).0, 401, "a ticket used twice");
    // Without the hall's token, with a made-up ticket, or for another
    // board, nobody gets in.
    assert_eq!(location(&hall.addr, "/boards/1/arbiter").0, 401);
    let forged = format!("/arbiter?hall={}.{}", u64::MAX / 2, "ab".repeat(32));
    assert_eq!(location(&board_addr, &forged).0, 401);
    let board2 = boards[1].urls.addr().unwrap().to_string();
    assert_eq!(location(&board2, &path).0, 401);

    // The broker goes away mid-game: the boards play on.
    broker.stop();
    boards[0].moves(&["Nc6", "Bb5"]);
    boards[1].moves(&["c4"]);
    boards[2].moves(&["e5"]);
    broker.restart().expect("the broker starts again");
    boards[0].moves(&["a6"]);
    boards[2].moves(&["Nc3"]);
    wait_plies(&hall, [6, 3, 3]);
    let rows = runtime().block_on(stream_rows(&url));
    for n in 1..=3u32 {
        let seqs: Vec<u64> = rows.iter().filter(|r| r.0 == n).map(|r| r.1).collect();
        let want: Vec<u64> = (1..=seqs.len() as u64).collect();
        assert_eq!(seqs, want, "board {n}: every row once, in order");
    }
    let games = round_moves(&get(&hall, "/round.pgn").1);
    assert_eq!(games["1"], ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6"]);
    assert_eq!(games["2"], ["d4", "d5", "c4"]);
    assert_eq!(games["3"], ["c4", "e5", "Nc3"]);

    // A hall restarted mid-round rebuilds the same state.
    let before = get(&hall, "/api/boards").1;
    let pgn_before = get(&hall, "/round.pgn").1;
    hall.stop();
    let hall = hall_support::hall(&broker, "club");
    assert_eq!(get(&hall, "/api/boards").1, before);
    assert_eq!(get(&hall, "/round.pgn").1, pgn_before);
    boards[1].moves(&["e6"]);
    wait_plies(&hall, [6, 4, 3]);
}
