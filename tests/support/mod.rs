//! Running the hector binary from integration tests, as a user would: with
//! arguments, optionally with standard input, under a time limit, and with
//! a panic on standard error always a test failure.
#![allow(dead_code)]

use std::ffi::OsString;
use std::io::Write;
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::time::Duration;

/// Exit code (-1 if killed by a signal), standard output, standard error.
pub type Ran = (i32, String, String);

/// Runs `hector ARGS` with no standard input.
pub fn hector(args: &[&str]) -> Ran {
    run(args, None)
}

/// Runs `hector ARGS` with `input` on standard input.
pub fn hector_with_input(args: &[&str], input: &str) -> Ran {
    run(args, Some(input))
}

fn run(args: &[&str], input: Option<&str>) -> Ran {
    let args: Vec<OsString> = args.iter().map(OsString::from).collect();
    hector_raw(&args, input.map(str::as_bytes))
}

/// Runs `hector ARGS` with raw arguments and raw standard input (either may
/// be bytes that are not valid UTF-8).
pub fn hector_raw(args: &[OsString], input: Option<&[u8]>) -> Ran {
    hector_raw_within(args, input, 120)
}

/// [`hector_raw`] that fails the test when hector takes longer than `secs`
/// seconds (a hang).
pub fn hector_raw_within(args: &[OsString], input: Option<&[u8]>, secs: u64) -> Ran {
    program_raw_within(env!("CARGO_BIN_EXE_hector"), args, input, secs)
}

/// Runs `hector-lab ARGS` (the lab: benchmarks, generated sets, the
/// campaigns, emulators) with no standard input.
pub fn hector_lab(args: &[&str]) -> Ran {
    let args: Vec<OsString> = args.iter().map(OsString::from).collect();
    hector_lab_raw(&args, None)
}

/// Runs `hector-lab ARGS` with raw arguments and raw standard input.
pub fn hector_lab_raw(args: &[OsString], input: Option<&[u8]>) -> Ran {
    hector_lab_raw_within(args, input, 120)
}

/// [`hector_lab_raw`] that fails the test when it takes longer than `secs`
/// seconds (a hang).
pub fn hector_lab_raw_within(args: &[OsString], input: Option<&[u8]>, secs: u64) -> Ran {
    program_raw_within(env!("CARGO_BIN_EXE_hector-lab"), args, input, secs)
}

/// The data folder of this test process, the `XDG_DATA_HOME` of every
/// hector the tests start: a game `hector play` saves at `quit` without
/// `--pgn` (and anything else hector keeps in the data folder) goes here,
/// never into the user's `~/.local/share`.
pub fn data_home() -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("hector-test-data-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary data folder");
    dir
}

/// `hector` to be started by a test, with the test's data folder.
pub fn hector_command() -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_hector"));
    c.env("XDG_DATA_HOME", data_home());
    c
}

/// Runs `program ARGS` (hector or hector-lab) as [`hector_raw_within`] does.
fn program_raw_within(program: &str, args: &[OsString], input: Option<&[u8]>, secs: u64) -> Ran {
    let mut child = Command::new(program)
        .args(args)
        .env("XDG_DATA_HOME", data_home())
        .stdin(if input.is_some() {
            Stdio::piped()
        } else {
            Stdio::null()
        })
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("hector runs");
    if let (Some(text), Some(mut stdin)) = (input, child.stdin.take()) {
        // Written from its own thread, so that a long input never waits on
        // hector's output; hector may stop reading early (quit, game over):
        // a broken pipe is fine.
        let text = text.to_vec();
        std::thread::spawn(move || {
            let _ = stdin.write_all(&text);
        });
    }
    let ran = finish_within(child, secs, &format!("hector {args:?}"));
    assert!(
        !ran.2.contains("panicked"),
        "hector {args:?} panicked: {}",
        ran.2
    );
    ran
}

/// Waits for a running hector (stdout and stderr piped) and returns what it
/// printed; a run longer than `secs` seconds is killed and fails the test
/// with everything it had printed (a hang is a failure one can read, not a
/// test that never ends).
pub fn finish_within(mut child: std::process::Child, secs: u64, what: &str) -> Ran {
    use std::io::Read;
    let pipe = |r: Option<Box<dyn Read + Send>>| {
        let (tx, rx) = mpsc::channel::<Vec<u8>>();
        if let Some(mut r) = r {
            std::thread::spawn(move || {
                let mut buf = [0u8; 4096];
                while let Ok(n) = r.read(&mut buf) {
                    if n == 0 || tx.send(buf[..n].to_vec()).is_err() {
                        break;
                    }
                }
            });
        }
        rx
    };
    let out = pipe(
        child
            .stdout
            .take()
            .map(|r| Box::new(r) as Box<dyn Read + Send>),
    );
    let err = pipe(
        child
            .stderr
            .take()
            .map(|r| Box::new(r) as Box<dyn Read + Send>),
    );
    let drain = |rx: &mpsc::Receiver<Vec<u8>>, all: bool| {
        let mut v = Vec::new();
        loop {
            let got = if all {
                rx.recv_timeout(Duration::from_secs(5)).ok()
            } else {
                rx.try_recv().ok()
            };
            match got {
                Some(b) => v.extend(b),
                None => break,
            }
        }
        String::from_utf8_lossy(&v).into_owned()
    };
    let t0 = std::time::Instant::now();
    let status = loop {
        if let Some(s) = child.try_wait().expect("hector's status") {
            break Some(s);
        }
        if t0.elapsed() >= Duration::from_secs(secs) {
            break None;
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    let Some(status) = status else {
        let _ = child.kill();
        let _ = child.wait();
        panic!(
            "{what} did not finish within {secs} s; it printed:\n{}\n--- stderr:\n{}",
            drain(&out, true),
            drain(&err, true)
        );
    };
    (
        status.code().unwrap_or(-1),
        drain(&out, true),
        drain(&err, true),
    )
}

/// Compares `got` with the golden file `tests/golden/<rel>` and returns how
/// they differ (empty when equal). With `HECTOR_UPDATE_GOLDEN=1` it writes
/// the file instead: review the diff before committing it.
pub fn golden(rel: &str, got: &str) -> Vec<String> {
    let path = format!("{}/tests/golden/{rel}", env!("CARGO_MANIFEST_DIR"));
    if std::env::var_os("HECTOR_UPDATE_GOLDEN").is_some() {
        std::fs::write(&path, got).unwrap_or_else(|e| panic!("{path}: {e}"));
        return Vec::new();
    }
    let want = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("{path}: {e} (run with HECTOR_UPDATE_GOLDEN=1)"));
    if got == want {
        return Vec::new();
    }
    let mut diff: Vec<String> = got
        .lines()
        .zip(want.lines())
        .filter(|(g, w)| g != w)
        .map(|(g, w)| format!("{rel}: got  {g}\n{rel}: want {w}"))
        .collect();
    if got.lines().count() != want.lines().count() || diff.is_empty() {
        diff.push(format!(
            "{rel}: {} lines, the golden file has {}",
            got.lines().count(),
            want.lines().count()
        ));
    }
    diff
}

/// Whether `program` is on the PATH.
pub fn have(program: &str) -> bool {
    Command::new("sh")
        .arg("-c")
        .arg(format!("command -v {program}"))
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .map(|s| s.success())
        .unwrap_or(false)
}

/// Whether this run is CI (`CI` set to anything but empty, `0` or `false`):
/// there every tool is installed (.ci/run runs setup.sh) and a missing one
/// is a failure.
pub fn under_ci() -> bool {
    std::env::var("CI").is_ok_and(|v| !v.is_empty() && v != "0" && v != "false")
}

/// Whether the default build's engine (Whisper with PocketSphinx) can be
/// opened here; if not, the test is skipped ([`skip`]) with the reason.
pub fn default_engine() -> bool {
    match hector::speech::engine::open("both", None) {
        Ok(_) => true,
        Err(e) => {
            skip(&format!(
                "the default engine (Whisper with PocketSphinx) is not usable here ({e}); run ./setup.sh"
            ));
            false
        }
    }
}

/// A test that cannot run here because `why` (a tool or model is missing).
/// Under CI this fails the test, naming what is missing. Elsewhere it
/// writes `SKIP: <test>: <why>` straight to the terminal's standard error,
/// past the test runner's capture, so `cargo test` shows every skip (and
/// .ci/run counts them); the test then returns early.
pub fn skip(why: &str) {
    let test = std::thread::current()
        .name()
        .unwrap_or("a test")
        .to_string();
    if under_ci() {
        panic!(
            "{test}: {why}. Under CI (CI={}) every tool must be installed: ./setup.sh installs it.",
            std::env::var("CI").unwrap_or_default()
        );
    }
    let _ = writeln!(std::io::stderr(), "SKIP: {test}: {why}");
}

/// True when every program is installed; otherwise [`skip`]s for the first
/// missing one (a failure under CI), so a test that returns early says why.
pub fn need(programs: &[&str]) -> bool {
    for p in programs {
        if !have(p) {
            skip(&format!("{p} is not installed (./setup.sh installs it)"));
            return false;
        }
    }
    true
}

/// An ALSA configuration whose default capture device hears `audio`
/// (16 kHz mono) as a microphone would: point `ALSA_CONFIG_PATH` at the
/// returned file. See [`microphone_pcm`].
pub fn file_microphone(dir: &std::path::Path, audio: &[i16]) -> std::path::PathBuf {
    let conf = dir.join("asound.conf");
    std::fs::write(&conf, microphone_pcm(dir, audio)).unwrap();
    conf
}

/// ALSA PCM definitions (`pcm.filecap` and the default device) whose
/// capture hears `audio`, 16 kHz mono, in real time, then silence for as
/// long as it is read. ALSA's `file` PCM reads its `infile` raw; a plain
/// file would be read as fast as hector asks (all of it at once, so voice
/// and game run against each other as no microphone does, and the tests'
/// outcome would hang on the machine's load). So `infile` is a named pipe
/// in `dir`, fed by a thread at the pace of a microphone.
pub fn microphone_pcm(dir: &std::path::Path, audio: &[i16]) -> String {
    stalling_microphone_pcm(dir, audio, None)
}

/// [`microphone_pcm`] whose microphone stops delivering anything for a
/// while (`stall`: after how many samples of `audio`, for how long), as a
/// USB microphone pulled out and plugged in again does.
pub fn stalling_microphone_pcm(
    dir: &std::path::Path,
    audio: &[i16],
    stall: Option<(usize, Duration)>,
) -> String {
    let infile = dir.join("in.raw");
    let _ = std::fs::remove_file(&infile);
    let c = std::ffi::CString::new(infile.to_str().unwrap()).unwrap();
    // SAFETY: `c` is a valid NUL-terminated path.
    let made = unsafe { libc::mkfifo(c.as_ptr(), 0o600) };
    assert_eq!(
        made,
        0,
        "mkfifo {}: {}",
        infile.display(),
        std::io::Error::last_os_error()
    );
    let raw: Vec<u8> = audio.iter().flat_map(|s| s.to_le_bytes()).collect();
    let pipe = infile.clone();
    let stall = stall.map(|(at, d)| (at * 2, d));
    std::thread::spawn(move || feed_in_real_time(&pipe, &raw, stall));
    format!(
        "pcm.filecap {{ type file slave.pcm {{ type null }} file \"/dev/null\" infile \"{}\" format \"raw\" }}\n\
         pcm.!default {{ type plug slave {{ pcm \"filecap\" format S16_LE rate 16000 channels 1 }} }}\n",
        infile.display()
    )
}

/// Writes `raw` (S16_LE, 16 kHz mono) into the named pipe `pipe` at 32 000
/// bytes a second, then silence, to whoever opens it for reading; a reader
/// that closes and opens again goes on where the last one stopped. With
/// `stall` (a byte offset and a time), nothing is written for that time
/// once the offset is reached. Ends after ten minutes or when the pipe is
/// gone.
fn feed_in_real_time(pipe: &std::path::Path, raw: &[u8], mut stall: Option<(usize, Duration)>) {
    const CHUNK: usize = 640; // 20 ms
    let silence = [0u8; CHUNK];
    let end = std::time::Instant::now() + Duration::from_secs(600);
    let mut pos = 0;
    while std::time::Instant::now() < end {
        // Opening for writing waits for the reader (hector's microphone).
        let Ok(mut f) = std::fs::OpenOptions::new().write(true).open(pipe) else {
            return;
        };
        let mut start = std::time::Instant::now();
        let mut sent = 0usize;
        loop {
            if let Some((at, d)) = stall
                && pos >= at
            {
                std::thread::sleep(d);
                stall = None;
                (start, sent) = (std::time::Instant::now(), 0);
            }
            let chunk = if pos < raw.len() {
                &raw[pos..raw.len().min(pos + CHUNK)]
            } else {
                &silence[..]
            };
            if f.write_all(chunk).is_err() {
                break; // the reader closed
            }
            pos += chunk.len();
            sent += chunk.len();
            let due = start + Duration::from_secs_f64(sent as f64 / 32_000.0);
            let now = std::time::Instant::now();
            if now >= end {
                return;
            }
            if due > now {
                std::thread::sleep(due - now);
            }
        }
    }
}

/// `ms` milliseconds of faint noise (−55 dBFS, 16 kHz): the room between
/// utterances of a test microphone.
pub fn quiet(ms: usize, seed: u64) -> Vec<i16> {
    let mut v = vec![0i16; ms * 16];
    hector::speech::audio::add_noise(&mut v, -55.0, seed);
    v
}

/// A committed speech fixture from tests/audio.
pub fn speech(name: &str) -> Vec<i16> {
    hector::speech::audio::read_wav(
        &std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/audio")
            .join(name),
    )
    .unwrap()
}

/// A private speech-dispatcher run headless (FACTS: a user configuration
/// sending ALSA audio to a file): writes its configuration under `dir` and
/// returns the environment a hector run needs. What it says goes to
/// `dir/spoken.raw` (S16_LE, 22 050 Hz); `more_alsa` adds PCM definitions
/// (a default device, a file microphone). It leaves by itself after 3 s
/// idle.
pub fn headless_speech(
    dir: &std::path::Path,
    more_alsa: &str,
) -> Vec<(&'static str, std::path::PathBuf)> {
    let cfg = dir.join("config/speech-dispatcher");
    let run = dir.join("run");
    std::fs::create_dir_all(&cfg).unwrap();
    std::fs::create_dir_all(&run).unwrap();
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&run, std::fs::Permissions::from_mode(0o700)).unwrap();
    }
    std::fs::write(
        cfg.join("speechd.conf"),
        "AudioOutputMethod \"alsa\"\nAudioALSADevice \"spdcap\"\nDefaultModule espeak-ng\n\
         AddModule \"espeak-ng\" \"sd_espeak-ng\" \"espeak-ng.conf\"\nTimeout 3\n",
    )
    .unwrap();
    let conf = dir.join("asound.conf");
    std::fs::write(
        &conf,
        format!(
            "pcm.spdcap {{ type file slave.pcm {{ type null }} file \"{}\" format \"raw\" }}\n{more_alsa}",
            dir.join("spoken.raw").display()
        ),
    )
    .unwrap();
    vec![
        ("XDG_CONFIG_HOME", dir.join("config")),
        ("XDG_RUNTIME_DIR", run),
        ("ALSA_CONFIG_PATH", conf),
    ]
}

/// Waits (at most 10 s) until the headless speech-dispatcher of `dir` has
/// left, then removes `dir`.
pub fn headless_speech_done(dir: &std::path::Path) {
    let pid = std::fs::read_to_string(dir.join("run/speech-dispatcher/pid/speech-dispatcher.pid"))
        .unwrap_or_default();
    let proc_dir = std::path::Path::new("/proc").join(pid.trim());
    for _ in 0..40 {
        if pid.trim().is_empty() || !proc_dir.exists() {
            std::fs::remove_dir_all(dir).ok();
            return;
        }
        std::thread::sleep(Duration::from_millis(250));
    }
}

/// Panics unless every one of `lines` is in `text`, in this order (each
/// found after the end of the one before), naming the first missing one.
pub fn in_order(text: &str, lines: &[&str]) {
    let mut at = 0;
    for line in lines {
        match text[at..].find(line) {
            Some(i) => at += i + line.len(),
            None => panic!("missing or out of order: '{line}' in\n{text}"),
        }
    }
}
