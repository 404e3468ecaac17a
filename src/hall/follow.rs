//! The hall side: an ordered JetStream consumer reads every board message
//! of one tournament from the beginning of the stream and folds it into the
//! shared [`Hall`]. Nothing is stored anywhere else, so a restarted hall
//! rebuilds exactly the same state; when the broker restarts, the consumer
//! is made again from the next stream sequence. Only messages made with the
//! hall's key, on their own board's subject and in sequence are believed;
//! the others are counted and reported to the chief arbiter. The boards'
//! heartbeats ([`beats`]) tell which boards are there.

use std::collections::{BTreeMap, VecDeque};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use serde_json::{Value, json};

use async_nats::jetstream::consumer::{DeliverPolicy, pull};
use futures_util::StreamExt;
use tokio::sync::{broadcast, oneshot};

use super::key::{HallKey, MAC_HEADER};
use super::message::{self, Beat, BoardMessage, Distrust, Tournament};
use super::publish;
use super::state::{Applied, Hall};

/// The hall and the news of its changes, shared by the follower and the
/// HTTP handlers.
pub struct Shared {
    pub hall: Mutex<Hall>,
    /// The board number of every change, for the pages' live updates.
    pub changes: broadcast::Sender<u32>,
    /// The hall's key: only messages made with it are believed.
    pub key: HallKey,
    pub tournament: Tournament,
    /// Messages ignored on subjects that name no board of the hall.
    pub stray: AtomicU64,
    /// The broker as the hall sees it.
    pub broker: Mutex<Broker>,
    /// The hall's latest challenges and when each was sent.
    pub challenges: Mutex<VecDeque<(String, Instant)>>,
    /// Boards the hall shows no row of that sent messages not made with
    /// its key (a board started without the key, or with another): how
    /// many, by board number.
    pub unkeyed: Mutex<BTreeMap<u32, u64>>,
    /// The hall's key was made at this start (a new state folder): no
    /// board can have it yet.
    pub key_new: AtomicBool,
}

/// The broker as the hall sees it: connected or not since when, and
/// whether it came back without its store.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Broker {
    /// Connected (and the stream read) now.
    pub up: bool,
    /// When it was lost (wall clock, ms), while it is away.
    pub lost_ms: Option<u64>,
    /// When it came back after being lost (wall clock, ms).
    pub back_ms: Option<u64>,
    /// It came back without the round (its store lost, the stream made
    /// anew): the boards publish their journals again.
    pub store_lost: bool,
    /// How many times it was lost.
    pub outages: u64,
}

/// The number the pages' live updates use for news of the hall itself (no
/// board has number 0).
pub const HALL_NEWS: u32 = 0;

impl Shared {
    pub fn new(key: HallKey, tournament: Tournament) -> Arc<Shared> {
        Arc::new(Shared {
            hall: Mutex::new(Hall::new()),
            changes: broadcast::channel(1024).0,
            key,
            tournament,
            stray: AtomicU64::new(0),
            broker: Mutex::new(Broker::default()),
            challenges: Mutex::new(VecDeque::new()),
            unkeyed: Mutex::new(BTreeMap::new()),
            key_new: AtomicBool::new(false),
        })
    }

    /// The broker is gone: boards' states are unknown from now on.
    pub fn broker_lost(&self) {
        let now = crate::service::journal::wall_ms();
        if let Ok(mut b) = self.broker.lock() {
            if !b.up && b.lost_ms.is_some() {
                return;
            }
            b.up = false;
            b.lost_ms = Some(now);
            b.back_ms = None;
            b.store_lost = false;
            b.outages += 1;
        }
        if let Ok(mut h) = self.hall.lock() {
            h.hold(Instant::now());
        }
        self.tell_all();
    }

    /// The broker answers again (`store_lost`: without the round).
    pub fn broker_back(&self, store_lost: bool) {
        let now = crate::service::journal::wall_ms();
        if let Ok(mut b) = self.broker.lock() {
            let was_lost = b.lost_ms.is_some() || b.outages > 0;
            if b.up && !store_lost {
                return;
            }
            b.up = true;
            b.lost_ms = None;
            b.back_ms = was_lost.then_some(now);
            b.store_lost = store_lost;
        }
        if let Ok(mut h) = self.hall.lock() {
            h.hold(Instant::now());
            if store_lost {
                h.forgive_repeats();
            }
        }
        self.tell_all();
    }

    /// Every board and the hall's own news to the pages.
    fn tell_all(&self) {
        let _ = self.changes.send(HALL_NEWS);
        let boards: Vec<u32> = self
            .hall
            .lock()
            .map(|h| h.boards().map(|b| b.board).collect())
            .unwrap_or_default();
        for n in boards {
            let _ = self.changes.send(n);
        }
    }

    /// `GET /api/hall`: the broker, boards sending without the key, and
    /// whether the key is new.
    pub fn hall_json(&self) -> Value {
        let b = self.broker.lock().map(|b| b.clone()).unwrap_or_default();
        let unkeyed: Vec<Value> = self
            .unkeyed
            .lock()
            .map(|u| {
                u.iter()
                    .map(|(n, c)| json!({"board": n, "messages": c}))
                    .collect()
            })
            .unwrap_or_default();
        json!({
            "broker": if b.up { "up" } else { "lost" },
            "lost_ms": b.lost_ms,
            "back_ms": b.back_ms,
            "store_lost": b.store_lost,
            "outages": b.outages,
            "unkeyed": unkeyed,
            "key_new": self.key_new.load(Ordering::SeqCst),
            "stray": self.stray.load(Ordering::SeqCst),
        })
    }

    /// A new challenge for the boards' heartbeats (kept with the last few).
    pub fn new_challenge(&self, now: Instant) -> Option<String> {
        let mut bytes = [0u8; 16];
        getrandom::fill(&mut bytes).ok()?;
        let c: String = bytes.iter().map(|b| format!("{b:02x}")).collect();
        if let Ok(mut l) = self.challenges.lock() {
            l.push_back((c.clone(), now));
            while l.len() > message::CHALLENGES_KEPT {
                l.pop_front();
            }
        }
        Some(c)
    }

    /// Whether a heartbeat's challenge is one of the hall's recent ones.
    fn fresh(&self, challenge: Option<&str>) -> bool {
        let Some(c) = challenge else { return false };
        self.challenges
            .lock()
            .map(|l| l.iter().any(|(x, _)| x == c))
            .unwrap_or(false)
    }

    /// Applies a believed message and tells the pages when something
    /// changed. A row the board already sent, or one out of its sequence,
    /// is counted as replayed.
    pub fn apply(&self, m: BoardMessage) -> Applied {
        let board = m.board;
        let applied = match self.hall.lock() {
            Ok(mut hall) => {
                let seq = m.seq;
                let applied = hall.apply_at(m, Some(Instant::now()));
                match applied {
                    // The broker lost its store: the boards publish again
                    // what the hall already shows.
                    Applied::Repeat if hall.rebuilding(board, seq) => {}
                    Applied::Repeat | Applied::OutOfSequence => {
                        hall.distrust(Some(board), Distrust::Replayed);
                    }
                    Applied::Duplicate => {
                        hall.distrust(Some(board), Distrust::Duplicate);
                    }
                    Applied::Changed { .. } => {}
                }
                applied
            }
            Err(_) => return Applied::Repeat,
        };
        match &applied {
            Applied::Changed { board, .. } => {
                let _ = self.changes.send(*board);
            }
            _ => {
                let _ = self.changes.send(board);
            }
        }
        applied
    }

    /// A row as the broker delivered it: checked (key, subject, board),
    /// then applied; what is not believed is counted and reported.
    pub fn receive(
        &self,
        subject: &str,
        mac: Option<&str>,
        payload: &[u8],
    ) -> Result<Applied, Distrust> {
        match message::check::<BoardMessage>(&self.key, &self.tournament, subject, mac, payload) {
            Ok(m) => Ok(self.apply(m)),
            Err((board, why)) => {
                self.ignored(board, why, subject);
                Err(why)
            }
        }
    }

    /// A heartbeat as the broker delivered it, heard at `now`.
    pub fn receive_beat(
        &self,
        subject: &str,
        mac: Option<&str>,
        payload: &[u8],
        now: Instant,
    ) -> Result<(), Distrust> {
        let beat = match message::check::<Beat>(&self.key, &self.tournament, subject, mac, payload)
        {
            Ok(b) => b,
            Err((board, why)) => {
                self.ignored(board, why, subject);
                return Err(why);
            }
        };
        let fresh = self.fresh(beat.challenge.as_deref());
        let result = match self.hall.lock() {
            Ok(mut hall) => hall.beat(&beat, now, fresh),
            Err(_) => return Ok(()),
        };
        match result {
            Ok(true) => {
                let _ = self.changes.send(beat.board);
                Ok(())
            }
            Ok(false) => Ok(()),
            Err(why) => {
                self.ignored(Some(beat.board), why, subject);
                Err(why)
            }
        }
    }

    fn ignored(&self, board: Option<u32>, why: Distrust, subject: &str) {
        let counted = self
            .hall
            .lock()
            .map(|mut h| h.distrust(board, why))
            .unwrap_or(false);
        match (counted, board) {
            (true, Some(n)) => {
                let _ = self.changes.send(n);
            }
            _ => {
                if let (Some(n), Distrust::Forged) = (board, why) {
                    // A board the hall shows nothing of, not made with
                    // the key: the overview says so.
                    let first = self
                        .unkeyed
                        .lock()
                        .map(|mut u| {
                            let c = u.entry(n).or_insert(0);
                            *c += 1;
                            *c == 1
                        })
                        .unwrap_or(false);
                    if first {
                        let _ = self.changes.send(HALL_NEWS);
                    }
                }
                let n = self.stray.fetch_add(1, Ordering::SeqCst) + 1;
                if n.is_power_of_two() {
                    eprintln!(
                        "The hall ignored {n} message(s) on subjects of no board it shows (the last on {subject}: {why:?})."
                    );
                }
            }
        }
    }

    /// Marks silent boards unreachable; tells the pages. While the broker
    /// is away no board is: their state is unknown.
    pub fn refresh(&self, now: Instant) {
        let up = self.broker.lock().map(|b| b.up).unwrap_or(true);
        let changed = match self.hall.lock() {
            Ok(mut h) if !up => {
                h.hold(now);
                return;
            }
            Ok(mut h) => h.refresh(now),
            Err(_) => return,
        };
        for n in changed {
            let _ = self.changes.send(n);
        }
    }
}

/// Follows the boards' heartbeats (plain NATS), sends the hall's
/// challenges every [`message::CHALLENGE_EVERY`] and checks every second
/// for boards gone silent, until the process ends.
pub async fn beats(url: String, shared: Arc<Shared>) {
    let client = match publish::connect(&url, "hector hall heartbeats").await {
        Ok(c) => c,
        Err(e) => {
            eprintln!("{e}");
            return;
        }
    };
    let refresh = {
        let shared = shared.clone();
        async move {
            let mut every = tokio::time::interval(Duration::from_secs(1));
            loop {
                every.tick().await;
                shared.refresh(Instant::now());
            }
        }
    };
    let challenge = {
        let shared = shared.clone();
        let client = client.clone();
        async move {
            let subject = shared.tournament.challenge_subject();
            let mut every = tokio::time::interval(message::CHALLENGE_EVERY);
            loop {
                every.tick().await;
                if client.connection_state() != async_nats::connection::State::Connected {
                    continue;
                }
                if let Some(c) = shared.new_challenge(Instant::now()) {
                    let _ = client.publish(subject.clone(), c.into()).await;
                }
            }
        }
    };
    let listen = async move {
        loop {
            // The client resubscribes by itself after a reconnection.
            let mut sub = match client.subscribe(shared.tournament.all_beats()).await {
                Ok(s) => s,
                Err(_) => {
                    tokio::time::sleep(Duration::from_millis(500)).await;
                    continue;
                }
            };
            while let Some(m) = sub.next().await {
                let mac = m
                    .headers
                    .as_ref()
                    .and_then(|h| h.get(MAC_HEADER))
                    .map(|v| v.as_str().to_string());
                let _ = shared.receive_beat(&m.subject, mac.as_deref(), &m.payload, Instant::now());
            }
            tokio::time::sleep(Duration::from_millis(500)).await;
        }
    };
    tokio::join!(refresh, challenge, listen);
}

/// How long one request of the follower to the broker may take before it
/// is made again: a broker that answers nothing must not stall the hall.
const SETUP_WITHIN: Duration = Duration::from_secs(5);

/// `f` within [`SETUP_WITHIN`], its error (or the wait's) as a sentence.
async fn bounded<T, E: std::fmt::Display>(
    f: impl std::future::Future<Output = Result<T, E>>,
) -> Result<T, String> {
    match tokio::time::timeout(SETUP_WITHIN, f).await {
        Ok(r) => r.map_err(|e| e.to_string()),
        Err(_) => Err(format!("no answer within {} s", SETUP_WITHIN.as_secs())),
    }
}

/// Follows the tournament's boards until the process ends. `caught_up` is
/// told once every message that was in the stream at start is applied.
/// A broker that is lost is said on the overview ([`Shared::broker_lost`]);
/// one that comes back with another stream (made anew: its store lost) or
/// with fewer messages than the hall read is read again from its first
/// message, which the boards fill again from their journals.
pub async fn follow(
    url: String,
    tournament: Tournament,
    shared: Arc<Shared>,
    caught_up: oneshot::Sender<()>,
) {
    // Every (re)connection (true) and loss (false) is told here: after a
    // broker restart the consumer is made again at once.
    let (connected_tx, mut connected) = tokio::sync::mpsc::unbounded_channel();
    let client = match publish::connect_with(&url, "hector hall", Some(connected_tx)).await {
        Ok(c) => c,
        Err(e) => {
            eprintln!("{e}");
            return;
        }
    };
    let js = publish::context(client.clone());
    let mut caught_up = Some(caught_up);
    // The next stream sequence to read (1: from the beginning).
    let mut next: u64 = 1;
    // When the stream read so far was made.
    let mut known = None;
    let mut told_waiting = false;
    loop {
        while let Ok(up) = connected.try_recv() {
            if !up {
                shared.broker_lost();
            }
        }
        // The connection this consumer is made on: a later one (counted by
        // the client itself, whether or not its event comes through) means
        // a broker that may have come back without its store.
        let connects = client.statistics().connects.load(Ordering::Relaxed);
        let stream = match bounded(publish::ensure_stream(&js)).await {
            Ok(s) => s,
            Err(e) => {
                if !told_waiting {
                    // Not connected (unreachable, or refusing the password,
                    // which the connection says itself) is not a broker
                    // without a stream.
                    if client.connection_state() == async_nats::connection::State::Connected {
                        eprintln!(
                            "Waiting for the broker at {}: {e}",
                            super::message::shown_url(&url)
                        );
                    } else {
                        eprintln!(
                            "Waiting for the broker at {}: not connected yet.",
                            super::message::shown_url(&url)
                        );
                    }
                    told_waiting = true;
                }
                tokio::time::sleep(Duration::from_millis(300)).await;
                continue;
            }
        };
        let info = stream.cached_info();
        let store_lost = known.is_some_and(|c| {
            c != info.created || info.state.last_sequence.saturating_add(1) < next
        });
        if store_lost {
            eprintln!(
                "The broker at {} lost its store (the stream was made anew); the hall reads again what the boards publish from their journals.",
                super::message::shown_url(&url)
            );
            next = 1;
        }
        known = Some(info.created);
        let config = pull::OrderedConfig {
            filter_subject: tournament.all_boards(),
            deliver_policy: if next <= 1 {
                DeliverPolicy::All
            } else {
                DeliverPolicy::ByStartSequence {
                    start_sequence: next,
                }
            },
            ..Default::default()
        };
        let consumer = match bounded(stream.create_consumer(config)).await {
            Ok(c) => c,
            Err(e) => {
                eprintln!("The hall cannot read the stream yet: {e}");
                tokio::time::sleep(Duration::from_millis(300)).await;
                continue;
            }
        };
        if consumer.cached_info().num_pending == 0
            && let Some(tx) = caught_up.take()
        {
            let _ = tx.send(());
        }
        let mut messages = match bounded(consumer.messages()).await {
            Ok(m) => m,
            Err(e) => {
                eprintln!("The hall cannot read the stream yet: {e}");
                tokio::time::sleep(Duration::from_millis(300)).await;
                continue;
            }
        };
        if told_waiting {
            eprintln!("The broker at {} is back.", super::message::shown_url(&url));
            told_waiting = false;
        }
        // Reconnections before this consumer was made are no news.
        while let Ok(up) = connected.try_recv() {
            if !up {
                shared.broker_lost();
            }
        }
        shared.broker_back(store_lost);
        let mut check = tokio::time::interval(Duration::from_millis(500));
        loop {
            // `None`: connected again, by the event or by the count.
            let item = tokio::select! {
                item = messages.next() => Some(item),
                up = connected.recv() => {
                    if up == Some(false) {
                        shared.broker_lost();
                        continue;
                    }
                    None
                }
                _ = check.tick() => {
                    if client.connection_state() != async_nats::connection::State::Connected {
                        shared.broker_lost();
                        continue;
                    }
                    if client.statistics().connects.load(Ordering::Relaxed) == connects {
                        continue;
                    }
                    None
                }
            };
            let Some(item) = item else {
                eprintln!("The hall reconnected to the broker; reading again from there.");
                break;
            };
            let Some(item) = item else { break };
            let message = match item {
                Ok(m) => m,
                Err(e) => {
                    eprintln!("The hall lost the stream ({e}); reading again from there.");
                    break;
                }
            };
            let pending = match message.info() {
                Ok(info) => {
                    next = info.stream_sequence + 1;
                    info.pending
                }
                Err(_) => 1,
            };
            let mac = message
                .headers
                .as_ref()
                .and_then(|h| h.get(MAC_HEADER))
                .map(|v| v.as_str().to_string());
            let _ = shared.receive(&message.subject, mac.as_deref(), &message.payload);
            if pending == 0
                && let Some(tx) = caught_up.take()
            {
                let _ = tx.send(());
            }
        }
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn seqs(shared: &Shared, now: Instant) -> Vec<(u64, u64)> {
        let v = shared.hall.lock().unwrap().boards_json(false, now);
        v.as_array()
            .unwrap()
            .iter()
            .map(|b| (b["board"].as_u64().unwrap(), b["seq"].as_u64().unwrap()))
            .collect()
    }

    /// The fuzz target's seeds (fuzz/seeds/hall_message) through the same
    /// checks: signed rows move board 1 on one row at a time; forged,
    /// misaddressed and out-of-sequence rows change nothing public.
    #[test]
    fn the_hall_message_seeds_keep_the_fuzz_targets_promises() {
        let key = HallKey::parse(&"5a".repeat(32)).unwrap();
        for (name, data) in [
            (
                "signed-and-forged",
                &include_bytes!("../../fuzz/seeds/hall_message/signed-and-forged")[..],
            ),
            (
                "all-signed",
                &include_bytes!("../../fuzz/seeds/hall_message/all-signed")[..],
            ),
            (
                "none-signed",
                &include_bytes!("../../fuzz/seeds/hall_message/none-signed")[..],
            ),
        ] {
            let shared = Shared::new(key.clone(), Tournament::parse("fuzz").unwrap());
            let now = Instant::now();
            let (&signed, rest) = data.split_first().unwrap();
            for (i, chunk) in rest.split(|&b| b == 0xff).enumerate() {
                let p = chunk.iter().position(|&b| b == b'\n').unwrap();
                let (subject, payload) =
                    (std::str::from_utf8(&chunk[..p]).unwrap(), &chunk[p + 1..]);
                let by_board = signed & (1 << (i % 8)) != 0;
                let mac = if by_board {
                    key.sign(subject, payload)
                } else {
                    payload
                        .iter()
                        .take(32)
                        .map(|b| format!("{b:02x}"))
                        .collect()
                };
                let public = shared.hall.lock().unwrap().boards_json(false, now);
                let before = seqs(&shared, now);
                if subject.starts_with("hector-beat.") {
                    let _ = shared.receive_beat(subject, Some(&mac), payload, now);
                    // A hello shows a board with no row; no board moves.
                    let after = seqs(&shared, now);
                    assert!(
                        after.iter().all(|b| before.contains(b) || b.1 == 0)
                            && before.iter().all(|b| after.contains(b)),
                        "{name} {i}"
                    );
                } else {
                    let _ = shared.receive(subject, Some(&mac), payload);
                    if !by_board {
                        assert_eq!(
                            public,
                            shared.hall.lock().unwrap().boards_json(false, now),
                            "{name} {i}"
                        );
                    }
                }
            }
            let after = seqs(&shared, now);
            match name {
                "none-signed" => assert!(after.is_empty(), "{after:?}"),
                // Rows 1 and 2 of board 1; board 1's row on board 2's
                // subject and its row 999 are not believed.
                _ => assert_eq!(after, vec![(1, 2)], "{name}"),
            }
            if name == "all-signed" {
                let v = shared.hall.lock().unwrap().boards_json(true, now);
                // Row 999; the old heartbeat answers no challenge of this
                // hall: no evidence, and no replay of one it took.
                assert_eq!(v[0]["ignored"]["replayed"], 1, "row 999: {v:#}");
            }
        }
    }
}
