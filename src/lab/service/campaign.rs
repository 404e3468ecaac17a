//! The kill -9 campaign: a scripted game is played through the API of a
//! real `hector serve` process that is killed with SIGKILL at random points
//! and restarted on the same journal each time. After every restart:
//! - every command that got a reply is in the journal, in order;
//! - the position is the one the journal's commands give;
//! - each clock shows, to the millisecond, its value where the journal
//!   stopped: the last committed command, or the last heartbeat of a running
//!   clock after it (the clocks come back stopped);
//! - every seat's token is still the same.

use std::io::BufReader;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use serde_json::Value;

use super::board::replay;
use super::client::{Client, Urls};
use super::journal::Journal;

/// A legal game of 38 half-moves (a Ruy Lopez main line), played again
/// from the start in a new journal when it runs out.
pub const SCRIPT: &[&str] = &[
    "e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4", "Nf6", "O-O", "Be7", "Re1", "b5", "Bb3", "d6",
    "c3", "O-O", "h3", "Nb8", "d4", "Nbd7", "c4", "c6", "cxb5", "axb5", "Nc3", "Bb7", "Bg5", "b4",
    "Nb1", "h6", "Bh4", "c5", "dxe5", "Nxe5", "Nxe5", "dxe5", "Bxf6", "Bxf6",
];

/// The session options of the campaign's games: a clock, nobody blind
/// (moves are made as typed).
pub const ARGS: &[&str] = &["--control", "300+2", "--blind", "none", "--locale", "en"];

/// What a campaign found.
#[derive(Debug, Default, Clone)]
pub struct Report {
    pub kills: usize,
    pub games: usize,
    pub acknowledged: usize,
    pub lost: usize,
    pub position_mismatches: usize,
    pub clock_mismatches: usize,
    pub token_changes: usize,
    /// Restart times (spawn to READY), ms.
    pub restarts_ms: Vec<u64>,
    /// The first problems, as sentences.
    pub problems: Vec<String>,
}

impl Report {
    /// Whether nothing went wrong.
    pub fn clean(&self) -> bool {
        self.lost == 0
            && self.position_mismatches == 0
            && self.clock_mismatches == 0
            && self.token_changes == 0
            && self.problems.is_empty()
    }

    fn problem(&mut self, p: String) {
        if self.problems.len() < 20 {
            self.problems.push(p);
        }
    }
}

struct Running {
    child: Child,
    urls: Urls,
}

fn spawn(exe: &Path, journal: &Path) -> Result<Running, String> {
    let mut child = Command::new(exe)
        .arg("serve")
        .args(["--port", "0", "--journal"])
        .arg(journal)
        .args(ARGS)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .map_err(|e| format!("cannot start {}: {e}", exe.display()))?;
    let out = child.stdout.take().ok_or("no stdout")?;
    let urls = Urls::read(&mut BufReader::new(out)).map_err(|e| {
        let _ = child.kill();
        let _ = child.wait();
        format!("hector serve did not get ready: {e}")
    })?;
    Ok(Running { child, urls })
}

/// The user commands (seat, text) in a journal, in order.
/// A journal's user commands (seat, text) and the status where it stopped.
type Journaled = (Vec<(String, String)>, Value);

fn journal_commands(journal: &Path) -> Result<Journaled, String> {
    let j = Journal::open_read_only(journal).map_err(|e| e.to_string())?;
    let stored = j
        .stored()
        .map_err(|e| e.to_string())?
        .ok_or("the journal has no game")?;
    let (game, rows) = replay(&j, &stored.config)?;
    // The clocks stop where the journal last saw them: the last command,
    // or the last heartbeat of a running clock after it.
    let last_t = rows.last().map(|r| r.t).unwrap_or(0);
    let last_t = j.heartbeat().map_or(last_t, |(t, _)| t.max(last_t));
    let cmds = rows
        .iter()
        .filter_map(|r| {
            Some((
                r.command.get("from")?.as_str()?.to_string(),
                r.command.get("text")?.as_str()?.to_string(),
            ))
        })
        .collect();
    Ok((cmds, game.status(last_t)))
}

/// Runs `kills` kill/restart cycles of `exe serve` in `dir`.
pub fn run(exe: &Path, dir: &Path, kills: usize, seed: u64) -> Result<Report, String> {
    std::fs::create_dir_all(dir).map_err(|e| format!("cannot make {}: {e}", dir.display()))?;
    let mut rng = crate::rules::random::SplitMix64::new(seed);
    let mut report = Report::default();
    let mut game_no = 0;
    let mut journal = PathBuf::new();
    let mut acked: Vec<(String, String)> = Vec::new();
    let mut first_urls: Option<Vec<(String, String)>> = None;
    let mut new_game = true;
    loop {
        if new_game {
            game_no += 1;
            report.games = game_no;
            journal = dir.join(format!("game-{game_no}.sqlite"));
            let _ = std::fs::remove_file(&journal);
            acked.clear();
            first_urls = None;
            new_game = false;
        }
        // What the journal says before the restart.
        let expected = if journal.exists() {
            Some(journal_commands(&journal)?)
        } else {
            None
        };
        let started = Instant::now();
        let mut server = spawn(exe, &journal)?;
        report
            .restarts_ms
            .push(started.elapsed().as_millis() as u64);
        let addr = server.urls.addr().ok_or("no address in the URLs")?;
        let tokens: Vec<(String, String)> = server
            .urls
            .seats
            .iter()
            .map(|(s, _)| (s.clone(), server.urls.token(s).unwrap_or("").to_string()))
            .collect();
        match &first_urls {
            None => first_urls = Some(tokens),
            Some(f) if *f != tokens => {
                report.token_changes += 1;
                report.problem(format!("kill {}: the seat addresses changed", report.kills));
            }
            _ => {}
        }
        let token = |seat: &str| server.urls.token(seat).unwrap_or("").to_string();
        let mut client = Client::new(addr);
        let state = client
            .state(&token("arbiter"))
            .map_err(|e| format!("state after restart: {e}"))?
            .json();
        if let Some((cmds, status)) = &expected {
            // Every acknowledged command is there, in order; at most one
            // more (sent, committed, killed before the reply).
            if cmds.len() < acked.len()
                || cmds[..acked.len()] != acked[..]
                || cmds.len() > acked.len() + 1
            {
                let lost = acked.iter().filter(|a| !cmds.contains(a)).count().max(1);
                report.lost += lost;
                let tail = |l: &[(String, String)]| l[l.len().saturating_sub(3)..].to_vec();
                report.problem(format!(
                    "kill {}: {} acknowledged commands, the journal has {} (last acknowledged {:?}, last journaled {:?})",
                    report.kills,
                    acked.len(),
                    cmds.len(),
                    tail(&acked),
                    tail(cmds)
                ));
            }
            acked = cmds.clone();
            for key in ["fen", "ply", "result"] {
                if state.get(key) != status.get(key) {
                    report.position_mismatches += 1;
                    report.problem(format!(
                        "kill {}: {key} is {} after the restart, the journal gives {}",
                        report.kills,
                        state.get(key).unwrap_or(&Value::Null),
                        status.get(key).unwrap_or(&Value::Null)
                    ));
                }
            }
            let clock = |v: &Value, k: &str| v.get("clock").and_then(|c| c.get(k)).cloned();
            for key in ["white_ms", "black_ms"] {
                if clock(&state, key) != clock(status, key) {
                    report.clock_mismatches += 1;
                    report.problem(format!(
                        "kill {}: {key} is {:?} after the restart, {:?} where the journal stopped",
                        report.kills,
                        clock(&state, key),
                        clock(status, key)
                    ));
                }
            }
            if clock(&state, "running") != Some(Value::Null) {
                report.clock_mismatches += 1;
                report.problem(format!(
                    "kill {}: the clock runs after the restart ({:?})",
                    report.kills,
                    clock(&state, "running")
                ));
            }
        }
        if expected.is_none() {
            // A new game: what hector serve itself journaled (it stops the
            // clocks for the arbiter) counts as acknowledged.
            acked = journal_commands(&journal)?.0;
        }
        let ply = state.get("ply").and_then(Value::as_u64).unwrap_or(0) as usize;
        if report.kills >= kills {
            // The last restart was checked: stop as an operator would.
            let _ = server.child.kill();
            let _ = server.child.wait();
            break;
        }
        if ply >= SCRIPT.len() || state.get("result").is_some_and(|r| !r.is_null()) {
            let _ = server.child.kill();
            let _ = server.child.wait();
            new_game = true;
            continue;
        }
        // The arbiter starts the clocks, then the moves go on until the kill.
        let start = client
            .command(&token("arbiter"), "start clock")
            .map_err(|e| format!("start clock: {e}"))?;
        if start.status != 200 {
            return Err(format!(
                "start clock was answered {}: {}",
                start.status, start.body
            ));
        }
        // A new game's clock may already run (then it is refused, and not
        // journaled).
        if !start.body.contains("\"refused\"") {
            acked.push(("arbiter".into(), "start clock".into()));
            report.acknowledged += 1;
        }
        let before = acked.len();
        let shared = Arc::new(Mutex::new(std::mem::take(&mut acked)));
        let worker = {
            let shared = shared.clone();
            let (white, black) = (token("white"), token("black"));
            std::thread::spawn(move || {
                let mut c = Client::new(addr);
                for (i, san) in SCRIPT.iter().enumerate().skip(ply) {
                    let (seat, tok) = if i % 2 == 0 {
                        ("white", &white)
                    } else {
                        ("black", &black)
                    };
                    match c.command(tok, san) {
                        Ok(a) if a.status == 200 => {
                            let refused = a.json().as_array().is_some_and(|l| {
                                l.iter().any(|e| {
                                    e.get("kind").and_then(Value::as_str) == Some("refused")
                                })
                            });
                            if refused {
                                return Some(format!("{san} was refused: {}", a.body));
                            }
                            shared
                                .lock()
                                .unwrap_or_else(|e| e.into_inner())
                                .push((seat.to_string(), san.to_string()));
                        }
                        Ok(a) => return Some(format!("{san} was answered {}", a.status)),
                        Err(_) => return None, // killed
                    }
                }
                None
            })
        };
        std::thread::sleep(Duration::from_micros(rng.below(60_000) as u64));
        let _ = server.child.kill(); // SIGKILL
        let _ = server.child.wait();
        report.kills += 1;
        if let Ok(Some(p)) = worker.join() {
            report.problem(format!("kill {}: {p}", report.kills));
            return Ok(report);
        }
        acked = std::mem::take(&mut *shared.lock().unwrap_or_else(|e| e.into_inner()));
        report.acknowledged += acked.len() - before;
    }
    Ok(report)
}

/// The p-th percentile (0–100) of `v` (sorted in place).
pub fn percentile(v: &mut [u64], p: f64) -> u64 {
    if v.is_empty() {
        return 0;
    }
    v.sort_unstable();
    let i = ((p / 100.0) * (v.len() - 1) as f64).round() as usize;
    v[i.min(v.len() - 1)]
}
