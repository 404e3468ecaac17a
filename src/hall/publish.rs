//! The board side of the hall: after each committed journal row, the board
//! hands the row to a [`Publisher`], which publishes it to JetStream in the
//! background. Publishing never blocks the game and never stops it: while
//! the broker is down the board plays on, and once it is back the publisher
//! re-publishes from the [`Journal`] every row after the last one the broker
//! acknowledged. Each message carries the id `<T>.<N>.<seq>.<tag>`
//! (`Nats-Msg-Id`, the tag made with the hall's key), so the broker stores a
//! row once however often it is sent (at least once on the wire, exactly
//! once in the stream) and no one without the key can take a row's id
//! first. Every message carries its MAC ([`MAC_HEADER`]); every
//! [`BEAT_EVERY`] the board also sends a heartbeat (plain NATS, not
//! stored), so the hall knows when a board is gone.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use async_nats::jetstream::{self, context::Context, message::PublishMessage, stream};
use futures_util::StreamExt;
use tokio::sync::mpsc;
use tokio::task::JoinHandle;

use super::key::{HallKey, MAC_HEADER};
use super::message::{
    BEAT_EVERY, Beat, BoardMessage, DUPLICATE_WINDOW, STREAM, STREAM_SUBJECTS, Tournament,
};

/// Where the rows come from after an outage: the board's journal.
/// `hector serve` implements it over its SQLite journal; tests and the
/// benchmark over a list in memory.
pub trait Journal: Send + Sync + 'static {
    /// Every committed row with a sequence above `seq`, oldest first, as
    /// the hall sees it. An error is a sentence; the publisher tries again.
    fn rows_after(&self, seq: u64) -> Result<Vec<BoardMessage>, String>;
}

/// Where and as what a board publishes.
#[derive(Debug, Clone)]
pub struct Target {
    /// `nats://HOST:PORT`.
    pub url: String,
    pub tournament: Tournament,
    pub board: u32,
    /// The hall's key. Without it the board still publishes, but the hall
    /// believes none of its messages.
    pub key: Option<HallKey>,
    /// The game's own identity (its journal's), carried by every row and
    /// heartbeat: the stream's last row of this board counts only when it
    /// is this game's (round 1's last row is not round 2's).
    pub game: Option<String>,
}

/// The handle a board keeps: [`Publisher::committed`] after each row.
pub struct Publisher {
    tx: Option<mpsc::UnboundedSender<BoardMessage>>,
    acked: Arc<AtomicU64>,
    /// The last row handed over and when, for the heartbeat.
    last: Arc<Mutex<Option<(u64, Instant)>>>,
    task: Option<JoinHandle<()>>,
}

/// How long one publish may wait for the broker's acknowledgement before
/// the publisher counts the broker as gone and falls back to the journal.
const ACK_TIMEOUT: Duration = Duration::from_secs(2);
/// The pauses between two attempts while the broker is connected but does
/// not take the rows (JetStream not ready yet after a restart).
const MIN_PAUSE: Duration = Duration::from_millis(50);
const MAX_BACKOFF: Duration = Duration::from_secs(2);

impl Publisher {
    /// Starts publishing in a task on the current tokio runtime. Returns at
    /// once, whether or not the broker is reachable.
    pub fn start(target: Target, journal: Arc<dyn Journal>) -> Publisher {
        let (tx, rx) = mpsc::unbounded_channel();
        let acked = Arc::new(AtomicU64::new(0));
        let last = Arc::new(Mutex::new(None));
        let task = tokio::spawn(run(target, journal, rx, acked.clone(), last.clone()));
        Publisher {
            tx: Some(tx),
            acked,
            last,
            task: Some(task),
        }
    }

    /// Hands over a row the journal has committed. Never blocks; if the
    /// broker is away the row waits in the journal.
    pub fn committed(&self, row: BoardMessage) {
        if let Ok(mut last) = self.last.lock() {
            *last = Some((row.seq, Instant::now()));
        }
        if let Some(tx) = &self.tx {
            // The task only ends when this handle is dropped.
            let _ = tx.send(row);
        }
    }

    /// The highest row the broker has acknowledged (0: none yet).
    pub fn acknowledged(&self) -> u64 {
        self.acked.load(Ordering::SeqCst)
    }

    /// Stops taking rows and waits up to `within` for the broker to
    /// acknowledge the ones handed over (a clean shutdown); returns the
    /// last acknowledged row.
    pub async fn close(mut self, within: Duration) -> u64 {
        self.tx = None;
        if let Some(task) = self.task.take() {
            let abort = task.abort_handle();
            if tokio::time::timeout(within, task).await.is_err() {
                abort.abort();
            }
        }
        self.acknowledged()
    }
}

impl Drop for Publisher {
    fn drop(&mut self) {
        if let Some(task) = self.task.take() {
            task.abort();
        }
    }
}

/// Connects to the broker in the background: the call returns at once and
/// the client keeps reconnecting (quickly: a tournament hall's broker is
/// on the local network) for as long as it lives.
pub async fn connect(url: &str, name: &str) -> Result<async_nats::Client, String> {
    connect_with(url, name, None).await
}

/// The broker password from `HECTOR_BROKER_PASSWORD`, or from the file
/// `HECTOR_BROKER_PASSWORD_FILE` names (its first line), so that it is
/// not on the command line (every user of the machine reads those).
pub fn password_from_env() -> Result<Option<String>, String> {
    if let Ok(p) = std::env::var("HECTOR_BROKER_PASSWORD")
        && !p.is_empty()
    {
        return Ok(Some(p));
    }
    match std::env::var_os("HECTOR_BROKER_PASSWORD_FILE") {
        Some(f) if !f.is_empty() => {
            let text = std::fs::read_to_string(&f).map_err(|e| {
                format!(
                    "The broker password file {} cannot be read: {e}.",
                    std::path::Path::new(&f).display()
                )
            })?;
            Ok(text
                .lines()
                .next()
                .map(str::to_string)
                .filter(|p| !p.is_empty()))
        }
        _ => Ok(None),
    }
}

/// [`connect`], telling `connected` of every (re)connection (`true`) and
/// every loss of the connection (`false`). A broker
/// that refuses the user name or password is said once on stderr, as
/// such (not as a broker without a stream).
pub async fn connect_with(
    url: &str,
    name: &str,
    connected: Option<mpsc::UnboundedSender<bool>>,
) -> Result<async_nats::Client, String> {
    let (address, mut credentials) = super::message::broker_credentials(url);
    // nats://USER@HOST:PORT with the password from the environment.
    if let Some((_, pass @ None)) = &mut credentials {
        *pass = password_from_env()?;
    }
    let shown = address.clone();
    let told = Arc::new(std::sync::atomic::AtomicBool::new(false));
    let refused_at = shown.clone();
    let options = async_nats::ConnectOptions::new().event_callback(move |event| {
        let connected = connected.clone();
        let told = told.clone();
        let at = refused_at.clone();
        async move {
            match event {
                async_nats::Event::Connected => {
                    told.store(false, Ordering::SeqCst);
                    if let Some(tx) = connected {
                        let _ = tx.send(true);
                    }
                }
                async_nats::Event::Disconnected => {
                    if let Some(tx) = connected {
                        let _ = tx.send(false);
                    }
                }
                // Refused while connecting (a client error of the connection)
                // or by the server on a connection.
                async_nats::Event::ServerError(async_nats::ServerError::AuthorizationViolation)
                    if !told.swap(true, Ordering::SeqCst) =>
                {
                    {
                        eprintln!(
                            "The broker at {at} refuses this user name or password (authorization violation): check the password (HECTOR_BROKER_PASSWORD, HECTOR_BROKER_PASSWORD_FILE or nats://USER:PASSWORD@HOST:PORT). Trying again."
                        );
                    }
                }
                async_nats::Event::ClientError(async_nats::ClientError::Other(e))
                    if (e.contains("authorization") || e.contains("authentication"))
                        && !told.swap(true, Ordering::SeqCst) =>
                {
                    {
                        eprintln!(
                            "The broker at {at} refuses this user name or password (authorization violation): check the password (HECTOR_BROKER_PASSWORD, HECTOR_BROKER_PASSWORD_FILE or nats://USER:PASSWORD@HOST:PORT). Trying again."
                        );
                    }
                }
                _ => {}
            }
        }
    });
    let options = match credentials {
        Some((user, Some(password))) => options.user_and_password(user, password),
        Some((token, None)) => options.token(token),
        None => options,
    };
    options
        .name(name)
        .retry_on_initial_connect()
        .max_reconnects(None)
        .connection_timeout(Duration::from_secs(2))
        // A broker gone without closing its connections (its machine or
        // network) is noticed within seconds, not a minute.
        .ping_interval(Duration::from_secs(2))
        .reconnect_delay_callback(|attempts| {
            Duration::from_millis((100 * attempts as u64).min(1000))
        })
        .connect(address)
        .await
        .map_err(|e| format!("Cannot use the broker at {shown}: {e}"))
}

/// The JetStream context hector uses (acknowledgements within
/// [`ACK_TIMEOUT`]).
pub fn context(client: async_nats::Client) -> Context {
    jetstream::ContextBuilder::new()
        .timeout(ACK_TIMEOUT)
        .build(client)
}

/// Creates the hall's stream if it does not exist yet (file storage, so a
/// restarted broker keeps the round; a duplicate window of a day).
pub async fn ensure_stream(js: &Context) -> Result<stream::Stream, String> {
    js.get_or_create_stream(stream::Config {
        name: STREAM.to_string(),
        subjects: vec![STREAM_SUBJECTS.to_string()],
        storage: stream::StorageType::File,
        duplicate_window: DUPLICATE_WINDOW,
        ..Default::default()
    })
    .await
    .map_err(|e| format!("The broker has no hall stream and cannot make one: {e}"))
}

/// The last row of a board the stream holds (0: none). A last message this
/// board did not make (forged on the broker: no valid MAC, another board)
/// counts as none: the board then publishes its whole journal again, which
/// the stream takes once (the ids are the same), rather than believe it.
async fn last_in_stream(
    stream: &stream::Stream,
    target: &Target,
    subject: &str,
) -> Result<u64, String> {
    match stream.get_last_raw_message_by_subject(subject).await {
        Ok(m) => {
            if let Some(key) = &target.key {
                let mac = m.headers.get(MAC_HEADER).map(|v| v.as_str().to_string());
                if !mac.is_some_and(|mac| key.verify(subject, &m.payload, &mac)) {
                    eprintln!(
                        "Board {}: the last message on the broker for this board was not made by it; publishing the whole game again.",
                        target.board
                    );
                    return Ok(0);
                }
            }
            match serde_json::from_slice::<BoardMessage>(&m.payload) {
                // Another game's row (an earlier round on this board
                // number): none of this game's rows is there yet.
                Ok(b) if b.board == target.board && b.game == target.game => Ok(b.seq),
                _ => Ok(0),
            }
        }
        Err(e) if e.kind() == stream::LastRawMessageErrorKind::NoMessageFound => Ok(0),
        Err(e) => Err(e.to_string()),
    }
}

/// Publishes one row and waits for the broker's acknowledgement.
async fn publish(js: &Context, target: &Target, row: &BoardMessage) -> Result<(), String> {
    let payload = serde_json::to_vec(row).map_err(|e| e.to_string())?;
    let subject = target.tournament.subject(target.board);
    let mut msg = PublishMessage::build();
    if let Some(key) = &target.key {
        msg = msg
            .header(MAC_HEADER, key.sign(&subject, &payload).as_str())
            .message_id(key.msg_id(
                target.tournament.as_str(),
                target.board,
                row.game.as_deref(),
                row.seq,
            ));
    } else {
        msg = msg.message_id(
            target
                .tournament
                .msg_id(target.board, row.game.as_deref(), row.seq),
        );
    }
    let msg = msg.payload(payload.into());
    let ack = js
        .send_publish(target.tournament.subject(target.board), msg)
        .await
        .map_err(|e| e.to_string())?;
    ack.await.map(|_| ()).map_err(|e| e.to_string())
}

enum Outage {
    /// The broker did not answer in time, or refused: retry after a pause.
    Broker,
    /// Every `Publisher` handle is gone and every row is acknowledged.
    Done,
}

/// Sends the board's heartbeat: a hello as soon as the broker is
/// reached (the hall shows the board before its first move), then every
/// [`BEAT_EVERY`] and at each new challenge of the hall, which it answers
/// (see [`Beat::challenge`]). Each carries this run's nonce and its number.
async fn beat(
    client: async_nats::Client,
    target: Target,
    last: Arc<Mutex<Option<(u64, Instant)>>>,
) {
    let subject = target.tournament.beat_subject(target.board);
    let start = {
        let mut bytes = [0u8; 8];
        getrandom::fill(&mut bytes)
            .ok()
            .map(|()| bytes.iter().map(|b| format!("{b:02x}")).collect::<String>())
    };
    let mut challenges = None;
    let mut challenge: Option<String> = None;
    let mut n: u64 = 0;
    let mut every = tokio::time::interval_at(tokio::time::Instant::now() + BEAT_EVERY, BEAT_EVERY);
    every.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        if client.connection_state() != async_nats::connection::State::Connected {
            // Not reached yet (or away): try again soon, so the hello goes
            // out as soon as the broker is there.
            tokio::time::sleep(Duration::from_millis(100)).await;
            continue;
        }
        if challenges.is_none() {
            challenges = client
                .subscribe(target.tournament.challenge_subject())
                .await
                .ok();
        }
        n += 1;
        let (seq, since_ms) = match last.lock().ok().and_then(|l| *l) {
            Some((seq, at)) => (seq, Some(at.elapsed().as_millis() as u64)),
            None => (0, None),
        };
        let b = Beat {
            board: target.board,
            seq,
            since_ms,
            wall_ms: std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map(|d| d.as_millis() as u64)
                .unwrap_or(0),
            game: target.game.clone(),
            start: start.clone(),
            n,
            challenge: challenge.clone(),
        };
        if let Ok(payload) = serde_json::to_vec(&b) {
            let mut headers = async_nats::HeaderMap::new();
            if let Some(key) = &target.key {
                headers.insert(MAC_HEADER, key.sign(&subject, &payload).as_str());
            }
            // Lost beats are fine: the next one follows.
            let _ = client
                .publish_with_headers(subject.clone(), headers, payload.into())
                .await;
        }
        // The next beat: at the next tick, or at once on a new challenge.
        loop {
            let heard = match challenges.as_mut() {
                Some(sub) => {
                    tokio::select! {
                        _ = every.tick() => None,
                        m = sub.next() => Some(m),
                    }
                }
                None => {
                    every.tick().await;
                    None
                }
            };
            match heard {
                None => break,
                Some(None) => {
                    challenges = None;
                    break;
                }
                Some(Some(m)) => {
                    let c = String::from_utf8_lossy(&m.payload).to_string();
                    if c.len() == 32 && c.chars().all(|c| c.is_ascii_hexdigit()) {
                        challenge = Some(c);
                        break;
                    }
                }
            }
        }
    }
}

/// Aborts a task when dropped (the heartbeat ends with its publisher).
struct AbortOnDrop(JoinHandle<()>);

impl Drop for AbortOnDrop {
    fn drop(&mut self) {
        self.0.abort();
    }
}

async fn run(
    target: Target,
    journal: Arc<dyn Journal>,
    mut rx: mpsc::UnboundedReceiver<BoardMessage>,
    acked: Arc<AtomicU64>,
    last: Arc<Mutex<Option<(u64, Instant)>>>,
) {
    let name = format!(
        "hector board {} of {}",
        target.board,
        target.tournament.as_str()
    );
    let (connected_tx, mut connected) = mpsc::unbounded_channel();
    let client = match connect_with(&target.url, &name, Some(connected_tx)).await {
        Ok(c) => c,
        Err(e) => {
            // Only a malformed address gets here (checked by the caller).
            eprintln!("{e}");
            return;
        }
    };
    let js = context(client.clone());
    let _beat = AbortOnDrop(tokio::spawn(beat(client.clone(), target.clone(), last)));
    let mut pause = MIN_PAUSE;
    let mut closed = false;
    loop {
        match session(
            &js,
            &target,
            &journal,
            &mut rx,
            &mut connected,
            &acked,
            &mut closed,
            &mut pause,
        )
        .await
        {
            Outage::Done => return,
            Outage::Broker => {
                // Wait for the client to be connected again (it reconnects
                // by itself) and at least `pause`. The rows handed over
                // meanwhile are in the journal: drop them here so an outage
                // of hours costs no memory.
                let since = tokio::time::Instant::now();
                loop {
                    while let Ok(_row) = rx.try_recv() {}
                    if rx.is_closed() && rx.is_empty() {
                        closed = true;
                    }
                    let connected =
                        client.connection_state() == async_nats::connection::State::Connected;
                    if connected && since.elapsed() >= pause {
                        break;
                    }
                    tokio::time::sleep(Duration::from_millis(25)).await;
                }
                pause = (pause * 2).min(MAX_BACKOFF);
            }
        }
    }
}

/// One stretch with the broker up: catch up from the journal after the
/// stream's last row of this board, then publish rows as they come.
#[allow(clippy::too_many_arguments)]
async fn session(
    js: &Context,
    target: &Target,
    journal: &Arc<dyn Journal>,
    rx: &mut mpsc::UnboundedReceiver<BoardMessage>,
    connected: &mut mpsc::UnboundedReceiver<bool>,
    acked: &AtomicU64,
    closed: &mut bool,
    pause: &mut Duration,
) -> Outage {
    let subject = target.tournament.subject(target.board);
    // The connections before this stretch are no news; a later one
    // (counted by the client itself, whether or not its event comes
    // through) means a broker that may have lost its store.
    while connected.try_recv().is_ok() {}
    let client = js.client();
    let connects = client.statistics().connects.load(Ordering::Relaxed);
    let mut check = tokio::time::interval(Duration::from_millis(500));
    let Ok(stream) = ensure_stream(js).await else {
        return Outage::Broker;
    };
    // Ask the stream rather than trusting memory: a broker that lost its
    // store gets the whole game again.
    let Ok(last) = last_in_stream(&stream, target, &subject).await else {
        return Outage::Broker;
    };
    acked.store(last, Ordering::SeqCst);
    if catch_up(js, target, journal, acked).await.is_err() {
        return Outage::Broker;
    }
    *pause = MIN_PAUSE;
    loop {
        let row = if *closed {
            match rx.try_recv() {
                Ok(row) => row,
                Err(_) => return Outage::Done,
            }
        } else {
            let next = tokio::select! {
                row = rx.recv() => row,
                up = connected.recv() => {
                    if up == Some(false) {
                        continue;
                    }
                    // The broker is back, maybe without its store: ask
                    // the stream again what it holds of this game.
                    return Outage::Broker;
                }
                _ = check.tick() => {
                    if client.statistics().connects.load(Ordering::Relaxed) == connects {
                        continue;
                    }
                    return Outage::Broker;
                }
            };
            match next {
                Some(row) => row,
                None => {
                    // Shutting down: what is in the journal and not yet
                    // acknowledged goes out first.
                    *closed = true;
                    if catch_up(js, target, journal, acked).await.is_err() {
                        return Outage::Broker;
                    }
                    return Outage::Done;
                }
            }
        };
        let have = acked.load(Ordering::SeqCst);
        if row.seq <= have {
            continue;
        }
        let result = if row.seq == have + 1 {
            publish(js, target, &row)
                .await
                .map(|()| row.seq)
                .map_err(|_| ())
        } else {
            // A gap (rows dropped during an outage): the journal has them.
            catch_up(js, target, journal, acked)
                .await
                .map(|()| acked.load(Ordering::SeqCst))
        };
        match result {
            Ok(seq) => {
                acked.fetch_max(seq, Ordering::SeqCst);
            }
            Err(()) => return Outage::Broker,
        }
    }
}

/// Publishes every journal row after the acknowledged one, in order.
async fn catch_up(
    js: &Context,
    target: &Target,
    journal: &Arc<dyn Journal>,
    acked: &AtomicU64,
) -> Result<(), ()> {
    let after = acked.load(Ordering::SeqCst);
    let j = journal.clone();
    let rows = match tokio::task::spawn_blocking(move || j.rows_after(after)).await {
        Ok(Ok(rows)) => rows,
        Ok(Err(e)) => {
            eprintln!(
                "Board {}: cannot read the journal for the hall: {e}",
                target.board
            );
            return Err(());
        }
        Err(_) => return Err(()),
    };
    for row in rows {
        if row.seq <= acked.load(Ordering::SeqCst) {
            continue;
        }
        publish(js, target, &row).await.map_err(|_| ())?;
        acked.fetch_max(row.seq, Ordering::SeqCst);
    }
    Ok(())
}

/// A journal in memory: the rows a board committed, for tests, the
/// benchmark and boards without a journal file.
#[derive(Default)]
pub struct MemoryJournal {
    rows: std::sync::Mutex<Vec<BoardMessage>>,
}

impl MemoryJournal {
    pub fn new() -> MemoryJournal {
        MemoryJournal::default()
    }

    /// Commits a row (its `seq` must be the next one).
    pub fn commit(&self, row: BoardMessage) {
        if let Ok(mut rows) = self.rows.lock() {
            rows.push(row);
        }
    }

    pub fn len(&self) -> usize {
        self.rows.lock().map(|r| r.len()).unwrap_or(0)
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

impl Journal for MemoryJournal {
    fn rows_after(&self, seq: u64) -> Result<Vec<BoardMessage>, String> {
        let rows = self
            .rows
            .lock()
            .map_err(|_| "the journal in memory is poisoned".to_string())?;
        Ok(rows.iter().filter(|r| r.seq > seq).cloned().collect())
    }
}
