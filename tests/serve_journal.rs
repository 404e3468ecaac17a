//! What `hector serve` does with its journal when things go wrong around
//! it (issue 31): one server per journal, files only their owner reads, the
//! journal file alone holds every acknowledged command, and a damaged or
//! incomplete journal is refused with a sentence — never a silent new game.

mod serve_util;

use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use hector::service::journal::Journal;
use serde_json::Value;
use serve_util::{Serve, TempDir};

const GAME: &[&str] = &["--control", "300+2", "--blind", "none", "--locale", "en"];

/// Runs `hector serve` that is expected to stop at once: exit code and stderr.
fn serve_refused(journal: &Path, args: &[&str]) -> (Option<i32>, String, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_hector"))
        .arg("serve")
        .arg("--journal")
        .arg(journal)
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("hector serve starts");
    let until = Instant::now() + Duration::from_secs(20);
    loop {
        if let Ok(Some(_)) = child.try_wait() {
            break;
        }
        if Instant::now() > until {
            let _ = child.kill();
            let out = child.wait_with_output().expect("output");
            panic!(
                "hector serve went on instead of refusing: {}",
                String::from_utf8_lossy(&out.stdout)
            );
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    let out = child.wait_with_output().expect("output");
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// The journal's rows: (seq, command).
fn rows(journal: &Path) -> Vec<(i64, Value)> {
    Journal::open_read_only(journal)
        .expect("journal")
        .rows_after(0)
        .expect("rows")
        .into_iter()
        .map(|r| (r.seq, r.command))
        .collect()
}

fn moved(a: &hector::service::client::Answer) -> bool {
    a.status == 200
        && a.json()
            .as_array()
            .is_some_and(|l| l.iter().any(|e| e["kind"] == "moved"))
}

#[test]
fn a_second_server_on_the_same_journal_is_refused_and_writes_nothing() {
    let dir = TempDir::new("journal-lock");
    let journal = dir.0.join("board.sqlite");
    let s = Serve::start(&journal, GAME);
    s.start_clocks();
    let mut c = s.client();
    assert!(moved(&c.command(&s.token("white"), "e4").unwrap()));
    let before = rows(&journal);
    let bytes = std::fs::read(&journal).unwrap();

    let (code, out, err) = serve_refused(&journal, &["--port", "0"]);
    assert_ne!(code, Some(0), "refused: {err}");
    assert!(!out.contains("READY"), "{out}");
    assert!(
        err.contains("in use by another hector serve"),
        "a sentence says why: {err}"
    );
    assert_eq!(rows(&journal), before, "not even an interrupted row");
    assert_eq!(
        std::fs::read(&journal).unwrap(),
        bytes,
        "the file is as it was"
    );

    // The first server plays on, and its commands are all there.
    assert!(moved(&c.command(&s.token("black"), "e5").unwrap()));
    assert_eq!(rows(&journal).len(), before.len() + 1);
}

#[test]
fn a_start_that_cannot_listen_leaves_the_journal_as_it_was() {
    let dir = TempDir::new("journal-port");
    let (a, b) = (dir.0.join("a.sqlite"), dir.0.join("b.sqlite"));
    // Board B played a move and was stopped.
    let s = Serve::start(&b, GAME);
    s.start_clocks();
    assert!(moved(&s.client().command(&s.token("white"), "d4").unwrap()));
    assert_eq!(s.stop(), Some(0));
    let before = rows(&b);
    // Board A holds a port; B is started on it by mistake.
    let s = Serve::start(&a, GAME);
    let port = s.urls.addr().unwrap().port().to_string();
    let (code, _, err) = serve_refused(&b, &["--port", &port]);
    assert_ne!(code, Some(0));
    assert!(err.contains("cannot listen"), "{err}");
    assert_eq!(rows(&b), before, "no interrupted row in B");
    // A new journal on a taken port holds no game afterwards either: the
    // next start on it begins the game.
    let c = dir.0.join("c.sqlite");
    let (code, _, _) = serve_refused(&c, &["--port", &port]);
    assert_ne!(code, Some(0));
    let s = Serve::start(&c, GAME);
    s.start_clocks();
    assert!(moved(&s.client().command(&s.token("white"), "e4").unwrap()));
}

#[cfg(unix)]
#[test]
fn the_journal_and_its_folder_are_for_their_owner_only() {
    use std::os::unix::fs::PermissionsExt;
    let dir = TempDir::new("journal-modes");
    let journal = dir.0.join("round1").join("board7").join("board.sqlite");
    let s = Serve::start(&journal, GAME);
    s.start_clocks();
    assert!(moved(&s.client().command(&s.token("white"), "e4").unwrap()));
    let mode = |p: &Path| std::fs::metadata(p).unwrap().permissions().mode() & 0o777;
    assert_eq!(mode(&journal), 0o600, "the journal file");
    for side in ["-wal", "-shm"] {
        let p = Path::new(&format!("{}{side}", journal.display())).to_path_buf();
        if p.exists() {
            assert_eq!(mode(&p), 0o600, "{}", p.display());
        }
    }
    assert_eq!(mode(journal.parent().unwrap()), 0o700, "its folder");
    assert_eq!(mode(&dir.0.join("round1")), 0o700, "the folder above");
}

#[test]
fn the_journal_file_alone_after_kill_9_holds_every_acknowledged_command() {
    let dir = TempDir::new("journal-alone");
    let journal = dir.0.join("board.sqlite");
    let mut s = Serve::start(&journal, GAME);
    s.start_clocks();
    let mut c = s.client();
    let (white, black) = (s.token("white"), s.token("black"));
    let moves = [
        "e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4", "Nf6", "O-O", "Be7",
    ];
    for (i, m) in moves.iter().enumerate() {
        let who = if i % 2 == 0 { &white } else { &black };
        assert!(moved(&c.command(who, m).unwrap()), "{m}");
    }
    s.child.kill().unwrap();
    s.child.wait().unwrap();
    // Copied alone, as an organiser copies "the game" to another machine.
    let copy_dir = TempDir::new("journal-alone-copy");
    let copy = copy_dir.0.join("board.sqlite");
    std::fs::copy(&journal, &copy).unwrap();
    let s2 = Serve::start(&copy, GAME);
    let mut c2 = s2.client();
    let state = c2.state(&s2.token("white")).unwrap().json();
    assert_eq!(state["ply"], 10, "every acknowledged move: {state}");
    assert_eq!(s2.token("white"), white, "the same seats");
}

/// A journal whose game was left in its side file (as a copy of the main
/// file alone made by an older hector): refused, naming the side file.
#[test]
fn a_journal_whose_game_is_in_a_missing_side_file_is_refused() {
    let dir = TempDir::new("journal-nowal");
    let journal = dir.0.join("board.sqlite");
    {
        let conn = rusqlite::Connection::open(&journal).unwrap();
        conn.query_row("PRAGMA journal_mode=WAL", [], |_| Ok(()))
            .unwrap();
    }
    let bytes = std::fs::read(&journal).unwrap();
    assert!(!bytes.is_empty());
    let (code, out, err) = serve_refused(&journal, &["--port", "0"]);
    assert_ne!(code, Some(0));
    assert!(!out.contains("URL"), "no new game, no new tokens: {out}");
    assert!(
        err.contains("board.sqlite-wal"),
        "names the side file: {err}"
    );
    assert!(
        err.contains("new journal"),
        "says how to start afresh: {err}"
    );
    assert_eq!(std::fs::read(&journal).unwrap(), bytes);
}

#[cfg(unix)]
#[test]
fn a_journal_that_cannot_be_read_is_refused_not_replaced() {
    use std::os::unix::fs::PermissionsExt;
    let dir = TempDir::new("journal-unreadable");
    let journal = dir.0.join("board.sqlite");
    let s = Serve::start(&journal, GAME);
    assert_eq!(s.stop(), Some(0));
    std::fs::set_permissions(&journal, std::fs::Permissions::from_mode(0o000)).unwrap();
    // (root reads anything: then a garbled file stands for an unreadable one.)
    if std::fs::read(&journal).is_ok() {
        std::fs::set_permissions(&journal, std::fs::Permissions::from_mode(0o600)).unwrap();
        let mut b = std::fs::read(&journal).unwrap();
        for x in b.iter_mut().skip(100).take(3000) {
            *x ^= 0x5a;
        }
        std::fs::write(&journal, &b).unwrap();
    }
    let (code, out, err) = serve_refused(&journal, &["--port", "0"]);
    assert_ne!(code, Some(0));
    assert!(!out.contains("URL"), "{out}");
    assert!(err.contains("board.sqlite"), "{err}");
}

/// A journal changed behind hector's back inside SQLite's format.
#[test]
fn a_journal_damaged_in_its_rows_is_refused_naming_the_row() {
    let dir = TempDir::new("journal-damaged");
    let journal = dir.0.join("board.sqlite");
    let s = Serve::start(&journal, GAME);
    s.start_clocks();
    let mut c = s.client();
    let (white, black) = (s.token("white"), s.token("black"));
    for (i, m) in ["d4", "d5", "c4", "e6", "Nc3", "Nf6"].iter().enumerate() {
        let who = if i % 2 == 0 { &white } else { &black };
        assert!(moved(&c.command(who, m).unwrap()));
    }
    assert_eq!(s.stop(), Some(0));
    let good = std::fs::read(&journal).unwrap();
    let cases: &[(&str, &str, &str)] = &[
        (
            "DELETE FROM commands WHERE seq = 3",
            "row 3 is missing",
            "gap",
        ),
        (
            "DELETE FROM config WHERE key = 'session'",
            "config row",
            "no config",
        ),
        (
            "UPDATE commands SET t = 9223372036854775807 WHERE seq = 4",
            "row 4",
            "t at i64::MAX",
        ),
        (
            "UPDATE commands SET t = 1 WHERE seq = 5",
            "row 5",
            "backwards",
        ),
        (
            "UPDATE tokens SET token = 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa'",
            "same token",
            "equal tokens",
        ),
        (
            "UPDATE commands SET command = '{\"t\": ' WHERE seq = 2",
            "row 2",
            "broken JSON",
        ),
    ];
    for (sql, says, what) in cases {
        std::fs::write(&journal, &good).unwrap();
        {
            let conn = rusqlite::Connection::open(&journal).unwrap();
            conn.execute_batch(sql).unwrap();
            conn.query_row("PRAGMA wal_checkpoint(TRUNCATE)", [], |_| Ok(()))
                .unwrap();
        }
        let damaged = std::fs::read(&journal).unwrap();
        let (code, out, err) = serve_refused(&journal, &["--port", "0"]);
        assert_ne!(code, Some(0), "{what}: refused");
        assert!(!out.contains("URL"), "{what}: {out}");
        assert!(
            err.contains(says),
            "{what}: the sentence says {says:?}: {err}"
        );
        assert_eq!(
            std::fs::read(&journal).unwrap(),
            damaged,
            "{what}: the file is left as it was"
        );
    }
}
