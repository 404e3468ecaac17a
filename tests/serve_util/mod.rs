//! Starting `hector serve` from the service tests: a temporary folder, the
//! process (killed when dropped), its seat addresses and a client.
#![allow(dead_code)]

use std::io::BufReader;
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use hector::service::client::{Client, Urls};

/// A temporary folder, removed when dropped.
pub struct TempDir(pub PathBuf);

impl TempDir {
    pub fn new(name: &str) -> TempDir {
        let dir = std::env::temp_dir().join(format!(
            "hector-{name}-{}-{}",
            std::process::id(),
            Instant::now().elapsed().as_nanos()
        ));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("temp dir");
        TempDir(dir)
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// A running `hector serve`.
pub struct Serve {
    pub child: Child,
    pub urls: Urls,
    pub stderr: PathBuf,
}

impl Serve {
    /// Starts `hector serve --port 0 --journal JOURNAL ARGS` and waits for READY.
    pub fn start(journal: &std::path::Path, args: &[&str]) -> Serve {
        let mut all = vec!["--port", "0"];
        all.extend_from_slice(args);
        Serve::start_raw(journal, &all)
    }

    /// Starts `hector serve --port 0 --journal JOURNAL ARGS` with more
    /// environment variables and waits for READY.
    pub fn start_env(journal: &std::path::Path, args: &[&str], env: &[(&str, &str)]) -> Serve {
        let mut all = vec!["--port", "0"];
        all.extend_from_slice(args);
        Serve::spawn(journal, &all, env)
    }

    /// Starts `hector serve --journal JOURNAL ARGS` and waits for READY.
    pub fn start_raw(journal: &std::path::Path, args: &[&str]) -> Serve {
        Serve::spawn(journal, args, &[])
    }

    /// Starts `hector serve ARGS` without `--journal` (its default journal
    /// under `$XDG_DATA_HOME`, given in `env`), its stderr in `stderr_dir`,
    /// and waits for READY.
    pub fn start_default(
        stderr_dir: &std::path::Path,
        args: &[&str],
        env: &[(&str, &str)],
    ) -> Serve {
        let stderr = stderr_dir.join(format!(
            "serve-{}.stderr",
            Instant::now().elapsed().as_nanos()
        ));
        let mut command = Command::new(env!("CARGO_BIN_EXE_hector"));
        command.arg("serve");
        Serve::spawn_command(command, args, env, stderr)
    }

    fn spawn(journal: &std::path::Path, args: &[&str], env: &[(&str, &str)]) -> Serve {
        let mut stderr =
            journal.with_extension(format!("stderr-{}", Instant::now().elapsed().as_nanos()));
        // A journal in folders hector makes: its stderr goes to the
        // nearest folder that exists.
        let name = stderr.file_name().map(|n| n.to_owned());
        if let (Some(name), Some(mut dir)) = (name, journal.parent()) {
            while !dir.exists() {
                match dir.parent() {
                    Some(up) => dir = up,
                    None => break,
                }
            }
            stderr = dir.join(name);
        }
        let mut command = Command::new(env!("CARGO_BIN_EXE_hector"));
        command.arg("serve").arg("--journal").arg(journal);
        Serve::spawn_command(command, args, env, stderr)
    }

    fn spawn_command(
        mut command: Command,
        args: &[&str],
        env: &[(&str, &str)],
        stderr: PathBuf,
    ) -> Serve {
        let mut child = command
            .args(args)
            .envs(env.iter().copied())
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(std::fs::File::create(&stderr).expect("stderr file"))
            .spawn()
            .expect("hector serve starts");
        let out = child.stdout.take().expect("stdout");
        let urls = Urls::read(&mut BufReader::new(out)).unwrap_or_else(|e| {
            let _ = child.kill();
            panic!(
                "hector serve did not get ready: {e}: {}",
                std::fs::read_to_string(&stderr).unwrap_or_default()
            )
        });
        Serve {
            child,
            urls,
            stderr,
        }
    }

    pub fn token(&self, seat: &str) -> String {
        self.urls.token(seat).expect("seat token").to_string()
    }

    /// The arbiter starts the clocks: a new served game with a clock
    /// takes no move before (6.6).
    pub fn start_clocks(&self) {
        let a = self
            .client()
            .command(&self.token("arbiter"), "start clock")
            .expect("start clock");
        assert_eq!(a.status, 200, "{}", a.body);
    }

    pub fn client(&self) -> Client {
        Client::new(self.urls.addr().expect("address"))
    }

    /// Sends SIGTERM and waits (at most 10 s) for the exit code.
    pub fn stop(mut self) -> Option<i32> {
        let pid = self.child.id().to_string();
        let _ = Command::new("kill").args(["-TERM", &pid]).status();
        let until = Instant::now() + Duration::from_secs(10);
        while Instant::now() < until {
            if let Ok(Some(s)) = self.child.try_wait() {
                return s.code();
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        None
    }

    pub fn stderr_text(&self) -> String {
        std::fs::read_to_string(&self.stderr).unwrap_or_default()
    }
}

impl Drop for Serve {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// An event socket of the served game (`/api/events`).
pub type Socket =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

/// The socket's next event, within five seconds (the board's pings,
/// which the socket answers itself, are passed over).
pub async fn next(ws: &mut Socket) -> serde_json::Value {
    use futures_util::StreamExt;
    let until = tokio::time::Instant::now() + Duration::from_secs(5);
    loop {
        let m = tokio::time::timeout_at(until, ws.next())
            .await
            .expect("an event in time");
        let m = m.expect("open").expect("message");
        if m.is_ping() || m.is_pong() {
            continue;
        }
        return serde_json::from_str(m.to_text().unwrap()).unwrap();
    }
}
