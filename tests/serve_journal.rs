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
    let (code, out, err) = serve_refused(&journal, &["--port", "0", "--locale", "en"]);
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
        let (code, out, err) = serve_refused(&journal, &["--port", "0", "--locale", "en"]);
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

/// Issue 43.6: the default journal carries no date. The same `hector serve`
/// command (no `--journal`) on another day names the same file and resumes
/// the game with the same seats; once the game is over, the same command
/// starts the next game in a file of its own (the finished one is kept).
#[test]
fn the_same_serve_command_on_another_day_resumes_the_game() {
    let dir = TempDir::new("journal-default");
    let data = dir.0.join("data");
    let data_s = data.to_str().unwrap().to_string();
    let env = [("XDG_DATA_HOME", data_s.as_str())];
    let args = [
        "--port",
        "0",
        "--control",
        "300+2",
        "--blind",
        "none",
        "--locale",
        "en",
        "--event",
        "Open A",
        "--round",
        "3",
        "--board",
        "7",
    ];
    let journals = data.join("hector").join("journals");
    let s = Serve::start_default(&dir.0, &args, &env);
    s.start_clocks();
    let white = s.token("white");
    assert!(moved(&s.client().command(&white, "e4").unwrap()));
    assert_eq!(s.stop(), Some(0));
    let journal = journals.join("Open-A-round-3-board-7.sqlite");
    assert!(
        journal.exists(),
        "{:?}",
        std::fs::read_dir(&journals).unwrap().collect::<Vec<_>>()
    );
    let names: Vec<String> = std::fs::read_dir(&journals)
        .unwrap()
        .filter_map(|e| e.ok()?.file_name().into_string().ok())
        .filter(|n| n.ends_with(".sqlite"))
        .collect();
    assert_eq!(
        names,
        ["Open-A-round-3-board-7.sqlite"],
        "no date in the name"
    );

    // The same command (the name depends on nothing but the options):
    // the game, its seats and its move are back.
    let s = Serve::start_default(&dir.0, &args, &env);
    assert_eq!(s.token("white"), white, "the same seats");
    let state = s.client().state(&white).unwrap().json();
    assert_eq!(state["ply"], 1, "{state}");
    for word in ["resign", "yes"] {
        let a = s.client().command(&s.token("black"), word).unwrap();
        assert_eq!(a.status, 200, "{}", a.body);
    }
    let state = s.client().state(&white).unwrap().json();
    assert_eq!(state["result"], "1-0", "{state}");
    assert_eq!(s.stop(), Some(0));

    // Over: the same command begins the next game beside it.
    let s = Serve::start_default(&dir.0, &args, &env);
    assert_ne!(s.token("white"), white, "a new game");
    assert_eq!(
        s.client().state(&s.token("white")).unwrap().json()["ply"],
        0
    );
    assert!(journals.join("Open-A-round-3-board-7-2.sqlite").exists());
    assert!(rows(&journal).len() >= 2, "the finished game is kept");
}

/// A game of twelve half-moves journaled through the library (the same
/// code as `hector serve`): its file, options, names, moves and tokens.
struct Played {
    bytes: Vec<u8>,
    config: Value,
    tags: Vec<(String, String)>,
    moves: Value,
    tokens: Vec<(String, String)>,
}

const ENGLISH: &[&str] = &[
    "e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4", "Nf6", "O-O", "Be7", "Re1", "b5",
];

fn play_a_game(dir: &Path) -> Played {
    play_in(dir, "en", ENGLISH)
}

fn play_in(dir: &Path, locale: &str, sans: &[&str]) -> Played {
    use hector::service::Board;
    let path = dir.join("good.sqlite");
    let config = serde_json::json!({"control": "300+2", "blind": "none", "locale": locale});
    let tags = vec![
        ("White".to_string(), "Anna".to_string()),
        ("Black".to_string(), "Bella".to_string()),
    ];
    let (moves, tokens) = {
        let (mut board, tokens, _) = Board::open(&path, &config, &tags).expect("a new journal");
        board
            .submit(serde_json::json!({"from": "arbiter", "text": "start clock"}))
            .unwrap();
        for (i, m) in sans.iter().enumerate() {
            let from = if i % 2 == 0 { "white" } else { "black" };
            let c = board
                .submit(serde_json::json!({"from": from, "text": m}))
                .unwrap();
            assert!(c.events.iter().any(|e| e["kind"] == "moved"), "{m}");
        }
        (board.status()["moves"].clone(), tokens.pairs())
    };
    assert_eq!(moves.as_array().unwrap().len(), 12);
    assert!(
        !Path::new(&format!("{}-wal", path.display())).exists(),
        "closed: the file alone"
    );
    Played {
        bytes: std::fs::read(&path).unwrap(),
        config,
        tags,
        moves,
        tokens,
    }
}

/// Opens `bytes` as a journal (a fresh file each time) the way `hector
/// serve` does: `Ok(true)` the same game with the same seats, `Ok(false)`
/// another game (or new seats), `Err` refused with its sentence.
fn reopen(path: &Path, bytes: &[u8], game: &Played) -> Result<bool, String> {
    for side in ["", "-wal", "-shm"] {
        let _ = std::fs::remove_file(format!("{}{side}", path.display()));
    }
    std::fs::write(path, bytes).unwrap();
    let (board, tokens, _) = hector::service::Board::open(path, &game.config, &game.tags)?;
    Ok(board.status()["moves"] == game.moves && tokens.pairs() == game.tokens)
}

/// Issue 43.5: one bit flipped anywhere in a journal's move text (and over
/// the whole file, sampled), or the file cut at any length including 0
/// bytes: each is refused with a sentence naming the file, or replays the
/// very same game with the same seats — never another game, never a new
/// one with new tokens.
#[test]
fn every_single_bit_flip_and_truncation_of_a_journal_is_refused_or_replays_the_same_game() {
    let dir = TempDir::new("journal-corpus");
    let game = play_a_game(&dir.0);
    let path = dir.0.join("copy.sqlite");
    assert_eq!(
        reopen(&path, &game.bytes, &game),
        Ok(true),
        "the copy as it is"
    );
    let b = &game.bytes;
    // Every bit of each command's text and its neighbourhood, of the
    // file's header, and every 211th bit of the rest.
    let mut bits: Vec<usize> = (0..100 * 8).collect();
    let needle = b"\"text\":\"";
    for at in
        (0..b.len().saturating_sub(needle.len())).filter(|&i| &b[i..i + needle.len()] == needle)
    {
        bits.extend((at * 8)..((at + needle.len() + 8).min(b.len()) * 8));
    }
    bits.extend((0..b.len() * 8).step_by(211));
    bits.sort_unstable();
    bits.dedup();
    assert!(bits.len() > 2000, "{} flips", bits.len());
    let (mut refused, mut same) = (0, 0);
    for &bit in &bits {
        let mut flipped = b.clone();
        flipped[bit / 8] ^= 1 << (bit % 8);
        match reopen(&path, &flipped, &game) {
            Ok(true) => same += 1,
            Ok(false) => panic!("bit {bit} (byte {}) replays another game", bit / 8),
            Err(e) => {
                assert!(e.contains("copy.sqlite"), "bit {bit}: names the file: {e}");
                refused += 1;
            }
        }
    }
    eprintln!(
        "{} single-bit flips: {refused} refused, {same} the same game",
        bits.len()
    );
    // Inside the moves' text every flip is refused.
    let mut cuts: Vec<usize> = vec![0, 1, 50, 99, 100, 101, 1000];
    for page in 1..=b.len() / 4096 {
        cuts.extend([page * 4096 - 1, page * 4096, page * 4096 + 1]);
    }
    cuts.extend((0..b.len()).step_by(1021));
    cuts.push(b.len() - 1);
    cuts.retain(|&c| c < b.len());
    cuts.sort_unstable();
    cuts.dedup();
    for &cut in &cuts {
        match reopen(&path, &b[..cut], &game) {
            Ok(true) => {}
            Ok(false) => panic!("cut at {cut} bytes replays another game"),
            Err(e) => assert!(e.contains("copy.sqlite"), "cut at {cut}: {e}"),
        }
    }
    // The empty file: refused, saying so, naming no good move.
    let e = reopen(&path, &[], &game).unwrap_err();
    assert!(
        e.contains("empty (0 bytes)") && e.contains("No move"),
        "{e}"
    );
    assert_eq!(std::fs::metadata(&path).unwrap().len(), 0, "left as it was");
}

/// A row changed inside SQLite's format (its checksum no longer matches):
/// refused naming the row and the last good move, in the game's language.
#[test]
fn a_changed_move_is_refused_naming_the_last_good_move_in_the_games_language() {
    let dir = TempDir::new("journal-changed");
    let game = play_in(
        &dir.0,
        "de",
        &[
            "e4", "e5", "Sf3", "Sc6", "Lb5", "a6", "La4", "Sf6", "O-O", "Le7", "Te1", "b5",
        ],
    );
    let path = dir.0.join("board.sqlite");
    std::fs::write(&path, &game.bytes).unwrap();
    {
        let conn = rusqlite::Connection::open(&path).unwrap();
        // Row 7 is Black's third move (row 1 started the clocks): a6 → a5.
        let n = conn
            .execute(
                "UPDATE commands SET command = replace(command, '\"a6\"', '\"a5\"') WHERE seq = 7",
                [],
            )
            .unwrap();
        assert_eq!(n, 1);
        conn.query_row("PRAGMA wal_checkpoint(TRUNCATE)", [], |_| Ok(()))
            .unwrap();
    }
    let (code, out, err) = serve_refused(&path, &["--port", "0", "--locale", "en"]);
    assert_ne!(code, Some(0));
    assert!(!out.contains("URL"), "{out}");
    assert!(
        err.contains("board.sqlite") && err.contains("Zeile 7") && err.contains("3. Lb5"),
        "in the game's German, the row and the last good move (Bb5 as German writes it): {err}"
    );
}

/// A journal of hector before checksums (no checksum column, no game
/// identity) opens as before and gets its checksums: the same game, the
/// same seats, and from then on it is checked like any other.
#[test]
fn a_journal_written_before_checksums_still_opens_and_gets_them() {
    let dir = TempDir::new("journal-legacy");
    let game = play_a_game(&dir.0);
    let path = dir.0.join("old.sqlite");
    std::fs::write(&path, &game.bytes).unwrap();
    {
        let conn = rusqlite::Connection::open(&path).unwrap();
        conn.execute_batch(
            "ALTER TABLE commands DROP COLUMN sum;
             DELETE FROM config WHERE key IN ('seal', 'tokens_sum', 'head', 'game');",
        )
        .unwrap();
        conn.query_row("PRAGMA wal_checkpoint(TRUNCATE)", [], |_| Ok(()))
            .unwrap();
    }
    let old = std::fs::read(&path).unwrap();
    assert_eq!(
        reopen(&path, &old, &game),
        Ok(true),
        "the old journal's game"
    );
    // Upgraded in place: checksums now, and a changed row is found.
    let conn = rusqlite::Connection::open(&path).unwrap();
    let sums: i64 = conn
        .query_row(
            "SELECT count(*) FROM commands WHERE sum IS NOT NULL",
            [],
            |r| r.get(0),
        )
        .unwrap();
    assert!(sums >= 13, "{sums}");
    conn.execute(
        "UPDATE commands SET wall_ms = wall_ms + 1 WHERE seq = 3",
        [],
    )
    .unwrap();
    drop(conn);
    let e = match hector::service::Board::open(&path, &game.config, &game.tags) {
        Ok(_) => panic!("a changed row replays"),
        Err(e) => e,
    };
    assert!(e.contains("row 3 was changed"), "{e}");
}
