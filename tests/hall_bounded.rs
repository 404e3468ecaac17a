//! Issue 31.6 and 31.8 for `hector hall`: clients that stall are bounded
//! in time (a half-sent request header is dropped after the header
//! timeout, hundreds of them do not stop a real request), SIGTERM ends the
//! hall within a few seconds even with an overview following its live
//! updates and a half-sent request open, and the hall's state folder
//! (key, token, port) is private.

#[path = "hall_support/mod.rs"]
mod hall_support;

use std::io::{Read, Write};
use std::net::TcpStream;
use std::time::{Duration, Instant};

use hall_support::*;

/// Whether process `pid` has exited (gone, or a zombie waiting for us).
fn exited(pid: u32) -> bool {
    match std::fs::read_to_string(format!("/proc/{pid}/stat")) {
        Err(_) => true,
        Ok(stat) => stat
            .rsplit_once(')')
            .and_then(|(_, rest)| rest.split_whitespace().next())
            .is_some_and(|state| state == "Z" || state == "X"),
    }
}

fn half_sent(addr: &str) -> TcpStream {
    let mut s = TcpStream::connect(addr).expect("connect");
    s.write_all(b"GET /watch HTTP/1.1\r\nHost: hall\r\nX-Slow: ")
        .expect("half a request");
    s
}

fn live_updates(addr: &str) -> TcpStream {
    let mut s = TcpStream::connect(addr).expect("connect");
    s.write_all(b"GET /api/updates HTTP/1.1\r\nHost: hall\r\n\r\n")
        .expect("request");
    s.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
    let mut buf = [0u8; 512];
    let n = s.read(&mut buf).expect("the stream starts");
    assert!(
        String::from_utf8_lossy(&buf[..n]).contains("200 OK"),
        "{}",
        String::from_utf8_lossy(&buf[..n])
    );
    s
}

#[test]
fn stalled_clients_are_dropped_and_sigterm_ends_the_hall_with_an_overview_open() {
    let dir = TempDir::new("hall-bounded");
    let Some(broker) = broker(&dir) else { return };
    let hall = hall(&broker, "bounded");
    let addr = hall.addr.clone();

    // The state folder is private.
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let state = broker.dir().join("hall-bounded");
        let mode = |p: &std::path::Path| std::fs::metadata(p).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode(&state), 0o700);
        assert_eq!(mode(&state.join("hall.json")), 0o600);
    }

    // 300 half-sent requests and an open overview: a real request is
    // answered at once.
    let stalled: Vec<TcpStream> = (0..300).map(|_| half_sent(&addr)).collect();
    let updates = live_updates(&addr);
    let asked = Instant::now();
    let (code, _) = get(&hall, "/api/boards");
    assert_eq!(code, 200);
    assert!(
        asked.elapsed() < Duration::from_secs(2),
        "{:?}",
        asked.elapsed()
    );

    // A half-sent request is dropped after the header timeout.
    let mut one = half_sent(&addr);
    let started = Instant::now();
    one.set_read_timeout(Some(Duration::from_secs(20))).unwrap();
    let mut buf = [0u8; 256];
    let read = one.read(&mut buf);
    let waited = started.elapsed();
    assert!(
        !matches!(&read, Err(e) if matches!(e.kind(), std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut)),
        "the half-sent request was still open after {waited:?}"
    );
    assert!(
        waited >= Duration::from_secs(8) && waited < Duration::from_secs(14),
        "a half-sent request was dropped after {waited:?} (header timeout 10 s)"
    );
    drop(stalled);

    // SIGTERM with the overview's live updates and a half-sent request
    // open: the hall is gone within 5 s.
    let _slow = half_sent(&addr);
    let pid = hall.pid();
    let term = Instant::now();
    let _ = std::process::Command::new("kill")
        .args(["-TERM", &pid.to_string()])
        .status();
    while !exited(pid) {
        assert!(
            term.elapsed() < Duration::from_secs(5),
            "hector hall still runs 5 s after SIGTERM"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
    eprintln!(
        "hector hall ended {:.2} s after SIGTERM with an overview open",
        term.elapsed().as_secs_f64()
    );
    drop(updates);
    drop(hall);
}
