//! The chief arbiter's overview in headless Chromium: a flag fall and a
//! D.2.9 board difference on one board appear on the page, first, and in
//! its ARIA live region, in the hall's language; each board a diagram with
//! a text alternative, names, clocks; axe-core reports no violations at
//! 1280 px and at a phone's width (tests/browser/hall.mjs).

#[path = "hall_support/mod.rs"]
mod hall_support;

use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::Duration;

use hall_support::*;

/// node, Chromium and the npm packages, or a visible SKIP (a failure
/// under CI).
fn browser_ready() -> bool {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/browser");
    let missing =
        if !Path::new("/usr/bin/chromium").exists() && std::env::var_os("CHROMIUM").is_none() {
            Some("chromium is not installed")
        } else if Command::new("node").arg("--version").output().is_err() {
            Some("node is not installed")
        } else if !dir.join("node_modules/playwright-core").exists()
            || !dir.join("node_modules/axe-core").exists()
        {
            Some("the npm packages are missing (npm ci in tests/browser; setup.sh does it)")
        } else {
            None
        };
    match missing {
        None => true,
        Some(why) => {
            // Under CI setup.sh installs the packages tests/browser/package.json
            // lists: then a missing one is a failure.
            if std::env::var("CI").as_deref() == Ok("true") && dir.join("package.json").exists() {
                panic!("{why}");
            }
            let _ = writeln!(std::io::stderr(), "SKIP: {why}");
            false
        }
    }
}

/// A flag fall and a board difference on board 2 of three, seen on the
/// overview of a hall in `lang` (None: the default, German), checked by
/// tests/browser/hall.mjs. Screenshots go to `HECTOR_SCREENSHOTS` when set.
fn overview_in(lang: Option<&str>) {
    if !browser_ready() {
        return;
    }
    let name = format!("browser-{}", lang.unwrap_or("de"));
    let dir = TempDir::new(&format!("hall-{name}"));
    let Some(broker) = broker(&dir) else { return };
    let hall = match lang {
        Some(l) => hall_with(&broker, &name, &["--locale", l]),
        None => hall(&broker, &name),
    };
    let rt = runtime();
    let mut boards: Vec<Board> = rt.block_on(async {
        (1..=3)
            .map(|n| Board::new(&broker, &name, n, 40 + n as u64, Some(hall_key(&hall))))
            .collect()
    });
    rt.block_on(async {
        for b in boards.iter_mut() {
            b.play(6);
            b.flushed().await;
        }
    });
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/browser/hall.mjs");
    let shots = std::env::var("HECTOR_SCREENSHOTS").unwrap_or_default();
    let mut node = Command::new("node")
        .arg(&script)
        .args([
            &hall.arbiter_url,
            &hall.watch_url,
            "2",
            lang.unwrap_or("de"),
            &shots,
        ])
        .current_dir(script.parent().unwrap())
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .expect("node starts");
    let mut lines = BufReader::new(node.stdout.take().unwrap()).lines();
    let first = lines.next().and_then(Result::ok).unwrap_or_default();
    assert_eq!(first, "OPENED", "the page did not open: {first}");
    // On board 2 the boards differ (D.2.9), then the flag of the side to
    // move falls.
    rt.block_on(async {
        let b = &mut boards[1];
        let row = b.sim.boards_differ();
        b.commit(row);
        let row = b.sim.flag_fall();
        b.commit(row);
        b.flushed().await;
    });
    let rest: Vec<String> = lines.map_while(Result::ok).collect();
    let status = node.wait().expect("node ends");
    assert!(
        status.success() && rest.last().map(String::as_str) == Some("OK"),
        "browser test: {rest:?}"
    );
    std::thread::sleep(Duration::from_millis(10));
}

#[test]
fn a_flag_fall_and_a_d_2_9_board_difference_are_announced_on_the_arbiter_overview() {
    overview_in(None);
}

/// Issue 32.6: the overview in Greek — its words, the piece letters of the
/// diagrams' lists, the clocks' words.
#[test]
fn the_overview_speaks_the_halls_language() {
    overview_in(Some("el"));
}

/// Issue 31.8: the hall restarted (its state folder keeps its port and the
/// arbiter's token) and the chief arbiter's open overview, never reloaded,
/// connects again by itself and shows the moves made since; running clocks
/// tick on the page between events (tests/browser/hall_reconnect.mjs).
#[test]
fn a_restarted_halls_open_overview_reconnects_by_itself() {
    if !browser_ready() {
        return;
    }
    let dir = TempDir::new("hall-reconnect");
    let Some(broker) = broker(&dir) else { return };
    let hall = hall(&broker, "reconnect");
    let key = hall_key(&hall);
    let rt = runtime();
    let mut board = rt.block_on(async { Board::new(&broker, "reconnect", 1, 77, Some(key)) });
    rt.block_on(async {
        board.play(4);
        board.flushed().await;
    });
    // A heartbeat about the last row, so the hall knows the clock's age.
    std::thread::sleep(Duration::from_millis(2500));
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/browser/hall_reconnect.mjs");
    let mut node = Command::new("node")
        .arg(&script)
        .args([&hall.arbiter_url, "1", "7"])
        .current_dir(script.parent().unwrap())
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .expect("node starts");
    let mut lines = BufReader::new(node.stdout.take().unwrap()).lines();
    let first = lines.next().and_then(Result::ok).unwrap_or_default();
    assert_eq!(first, "OPENED", "the page did not open: {first}");
    let arbiter_url = hall.arbiter_url.clone();
    let watch_url = hall.watch_url.clone();
    hall.stop();
    let lost = lines.next().and_then(Result::ok).unwrap_or_default();
    assert_eq!(lost, "LOST", "the page did not see the hall go: {lost}");
    rt.block_on(async {
        board.play(3);
        board.flushed().await;
    });
    let hall = hall_support::hall(&broker, "reconnect");
    assert_eq!(
        hall.arbiter_url, arbiter_url,
        "the same URL after a restart"
    );
    assert_eq!(hall.watch_url, watch_url);
    let rest: Vec<String> = lines.map_while(Result::ok).collect();
    let status = node.wait().expect("node ends");
    assert!(
        status.success() && rest.last().map(String::as_str) == Some("OK"),
        "browser test: {rest:?}"
    );
    drop(hall);
}

/// Issue 44.4: the hall tells the truth on its German overview: a board
/// without the key is named; the broker stopped is "broker lost" with the
/// boards' state unknown (none called unreachable, past 10 s); started
/// again, the overview says it is back; no English word at any point
/// (tests/browser/hall_broker.mjs).
#[test]
fn the_german_overview_says_a_lost_broker_and_a_board_without_the_key() {
    if !browser_ready() {
        return;
    }
    let dir = TempDir::new("hall-browser-broker");
    let Some(mut broker) = broker(&dir) else {
        return;
    };
    let hall = hall(&broker, "wahrheit");
    let rt = runtime();
    let mut boards: Vec<Board> = rt.block_on(async {
        let mut v: Vec<Board> = (1..=2)
            .map(|n| Board::new(&broker, "wahrheit", n, 60 + n as u64, Some(hall_key(&hall))))
            .collect();
        v.push(Board::new(&broker, "wahrheit", 3, 63, None));
        v
    });
    rt.block_on(async {
        for b in boards.iter_mut() {
            b.play(4);
            b.flushed().await;
        }
    });
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/browser/hall_broker.mjs");
    let mut node = Command::new("node")
        .arg(&script)
        .args([&hall.arbiter_url, "3"])
        .current_dir(script.parent().unwrap())
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .expect("node starts");
    let mut lines = BufReader::new(node.stdout.take().unwrap()).lines();
    let first = lines.next().and_then(Result::ok).unwrap_or_default();
    assert_eq!(first, "OPENED", "the page did not open: {first}");
    broker.stop();
    let lost = lines.next().and_then(Result::ok).unwrap_or_default();
    assert_eq!(lost, "LOST", "the page did not say the broker lost: {lost}");
    broker.restart().expect("the broker starts again");
    let rest: Vec<String> = lines.map_while(Result::ok).collect();
    let status = node.wait().expect("node ends");
    assert!(
        status.success() && rest.last().map(String::as_str) == Some("OK"),
        "browser test: {rest:?}"
    );
    drop(boards);
}
