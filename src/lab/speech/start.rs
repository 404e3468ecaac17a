//! What `hector play --voice` costs to start and to keep, as the player
//! meets it: `hector-lab listen --bench --start` runs the built `hector`
//! (beside `hector-lab`) with the default engine and a microphone that
//! hears room noise (an ALSA file device fed in real time through a named
//! pipe), and measures, per run, the time from its start to its first
//! prompt and to listening (the recogniser's grammar set: it hears from
//! then on; audio before it waits), and its resident memory (the largest
//! VmRSS seen and VmHWM, from /proc) over the run.

use std::io::{BufRead, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// One start of `hector play --voice`.
#[derive(Debug, Clone, Copy, Default)]
pub struct Start {
    /// Start → the first prompt printed ("Weiß am Zug."), ms.
    pub prompt_ms: f64,
    /// Start → listening (the first grammar set), ms.
    pub listening_ms: f64,
    /// The largest resident set seen, and the peak the kernel counted, MB.
    pub rss_mb: f64,
    pub hwm_mb: f64,
}

/// `hector`, beside the running `hector-lab`.
fn hector_program() -> Result<PathBuf, String> {
    let me = std::env::current_exe().map_err(|e| e.to_string())?;
    let h = me.with_file_name("hector");
    if h.exists() {
        Ok(h)
    } else {
        Err(format!(
            "{} is missing: build both programs (cargo build --release).",
            h.display()
        ))
    }
}

/// VmRSS and VmHWM of `pid`, MB.
fn memory(pid: u32) -> Option<(f64, f64)> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let kb = |key: &str| -> Option<f64> {
        status
            .lines()
            .find(|l| l.starts_with(key))?
            .split_whitespace()
            .nth(1)?
            .parse::<f64>()
            .ok()
    };
    Some((kb("VmRSS:")? / 1024.0, kb("VmHWM:")? / 1024.0))
}

/// Room noise (about −50 dBFS) into the named pipe `pipe` at the rate a
/// sound card delivers it, until `stop` passes.
fn feed(pipe: PathBuf, stop: Instant) {
    let mut noise = vec![0i16; 320];
    crate::speech::audio::add_noise(&mut noise, -50.0, 7);
    let chunk: Vec<u8> = noise.iter().flat_map(|s| s.to_le_bytes()).collect();
    let Ok(mut f) = std::fs::OpenOptions::new().write(true).open(&pipe) else {
        return;
    };
    let t0 = Instant::now();
    let mut sent = 0u32;
    while Instant::now() < stop {
        if f.write_all(&chunk).is_err() {
            return;
        }
        sent += 1;
        let due = t0 + Duration::from_millis(20 * sent as u64);
        if let Some(wait) = due.checked_duration_since(Instant::now()) {
            std::thread::sleep(wait);
        }
    }
}

/// One run in `dir` with `--locale locale`, watched for `secs` seconds.
/// The phrases' scores on silence are kept in `dir/priors` (the first
/// run scores them, the next read them).
pub fn run_once(dir: &Path, locale: &str, secs: u64) -> Result<Start, String> {
    let program = hector_program()?;
    let pipe = dir.join("mic.raw");
    let _ = std::fs::remove_file(&pipe);
    let c = std::ffi::CString::new(pipe.to_string_lossy().as_bytes()).map_err(|e| e.to_string())?;
    // SAFETY: `c` is a valid NUL-terminated path.
    if unsafe { libc::mkfifo(c.as_ptr(), 0o600) } != 0 {
        return Err(format!(
            "mkfifo {}: {}",
            pipe.display(),
            std::io::Error::last_os_error()
        ));
    }
    let conf = dir.join("asound.conf");
    std::fs::write(
        &conf,
        format!(
            "pcm.filecap {{ type file slave.pcm {{ type null }} file \"/dev/null\" infile \"{}\" format \"raw\" }}\n\
             pcm.!default {{ type plug slave {{ pcm \"filecap\" format S16_LE rate 16000 channels 1 }} }}\n",
            pipe.display()
        ),
    )
    .map_err(|e| e.to_string())?;
    let stop = Instant::now() + Duration::from_secs(secs + 5);
    let feeder = std::thread::spawn(move || feed(pipe, stop));
    let t0 = Instant::now();
    let mut child = Command::new(&program)
        .args([
            "play", "--voice", "--speech", "text", "--locale", locale, "--pgn",
        ])
        .arg(dir.join("game.pgn"))
        .env("ALSA_CONFIG_PATH", &conf)
        .env("HECTOR_VOICE_TRACE", "1")
        .env("HECTOR_WHISPER_PRIORS", dir.join("priors"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| format!("{}: {e}", program.display()))?;
    let pid = child.id();
    let (tx, rx) = std::sync::mpsc::channel::<(bool, Instant)>();
    let out = child.stdout.take().ok_or("no standard output")?;
    let err = child.stderr.take().ok_or("no standard error")?;
    let tx2 = tx.clone();
    // The first prompt: the line after the greeting.
    std::thread::spawn(move || {
        for (i, _) in std::io::BufReader::new(out)
            .lines()
            .map_while(Result::ok)
            .enumerate()
        {
            if i == 1 {
                let _ = tx.send((true, Instant::now()));
            }
        }
    });
    std::thread::spawn(move || {
        for l in std::io::BufReader::new(err).lines().map_while(Result::ok) {
            if l.starts_with("voice: listening") {
                let _ = tx2.send((false, Instant::now()));
            }
        }
    });
    let mut s = Start::default();
    let end = t0 + Duration::from_secs(secs);
    while Instant::now() < end {
        if let Some((rss, hwm)) = memory(pid) {
            s.rss_mb = s.rss_mb.max(rss);
            s.hwm_mb = s.hwm_mb.max(hwm);
        }
        while let Ok((prompt, at)) = rx.try_recv() {
            let ms = (at - t0).as_secs_f64() * 1e3;
            if prompt && s.prompt_ms == 0.0 {
                s.prompt_ms = ms;
            } else if !prompt && s.listening_ms == 0.0 {
                s.listening_ms = ms;
            }
        }
        if let Ok(Some(status)) = child.try_wait() {
            return Err(format!("hector play --voice ended early ({status})"));
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    if let Some(stdin) = child.stdin.as_mut() {
        let _ = writeln!(stdin, "quit");
    }
    std::thread::sleep(Duration::from_millis(500));
    let _ = child.kill();
    let _ = child.wait();
    // (The feeder ends on its own once the pipe has no reader.)
    drop(feeder);
    if s.prompt_ms == 0.0 || s.listening_ms == 0.0 {
        return Err(format!(
            "hector play --voice did not prompt or listen within {secs} s"
        ));
    }
    Ok(s)
}
