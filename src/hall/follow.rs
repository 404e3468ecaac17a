//! The hall side: an ordered JetStream consumer reads every board message
//! of one tournament from the beginning of the stream and folds it into the
//! shared [`Hall`]. Nothing is stored anywhere else, so a restarted hall
//! rebuilds exactly the same state; when the broker restarts, the consumer
//! is made again from the next stream sequence. Only messages made with the
//! hall's key, on their own board's subject and in sequence are believed;
//! the others are counted and reported to the chief arbiter. The boards'
//! heartbeats ([`beats`]) tell which boards are there.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

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
}

impl Shared {
    pub fn new(key: HallKey, tournament: Tournament) -> Arc<Shared> {
        Arc::new(Shared {
            hall: Mutex::new(Hall::new()),
            changes: broadcast::channel(1024).0,
            key,
            tournament,
            stray: AtomicU64::new(0),
        })
    }

    /// Applies a believed message and tells the pages when something
    /// changed. A row the board already sent, or one out of its sequence,
    /// is counted as replayed.
    pub fn apply(&self, m: BoardMessage) -> Applied {
        let board = m.board;
        let applied = match self.hall.lock() {
            Ok(mut hall) => {
                let applied = hall.apply_at(m, Some(Instant::now()));
                match applied {
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
        let result = match self.hall.lock() {
            Ok(mut hall) => hall.beat(&beat, now),
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
                let n = self.stray.fetch_add(1, Ordering::SeqCst) + 1;
                if n.is_power_of_two() {
                    eprintln!(
                        "The hall ignored {n} message(s) on subjects of no board it shows (the last on {subject}: {why:?})."
                    );
                }
            }
        }
    }

    /// Marks silent boards unreachable; tells the pages.
    pub fn refresh(&self, now: Instant) {
        let changed = match self.hall.lock() {
            Ok(mut h) => h.refresh(now),
            Err(_) => return,
        };
        for n in changed {
            let _ = self.changes.send(n);
        }
    }
}

/// Follows the boards' heartbeats (plain NATS) and checks every second for
/// boards gone silent, until the process ends.
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
    tokio::join!(refresh, listen);
}

/// Follows the tournament's boards until the process ends. `caught_up` is
/// told once every message that was in the stream at start is applied.
pub async fn follow(
    url: String,
    tournament: Tournament,
    shared: Arc<Shared>,
    caught_up: oneshot::Sender<()>,
) {
    // Every (re)connection is told here: after a broker restart the
    // consumer is made again at once from the next stream sequence.
    let (connected_tx, mut connected) = tokio::sync::mpsc::unbounded_channel();
    let client = match publish::connect_with(&url, "hector hall", Some(connected_tx)).await {
        Ok(c) => c,
        Err(e) => {
            eprintln!("{e}");
            return;
        }
    };
    let js = publish::context(client);
    let mut caught_up = Some(caught_up);
    // The next stream sequence to read (1: from the beginning).
    let mut next: u64 = 1;
    let mut told_waiting = false;
    loop {
        let stream = match publish::ensure_stream(&js).await {
            Ok(s) => s,
            Err(e) => {
                if !told_waiting {
                    eprintln!(
                        "Waiting for the broker at {}: {e}",
                        super::message::shown_url(&url)
                    );
                    told_waiting = true;
                }
                tokio::time::sleep(Duration::from_millis(300)).await;
                continue;
            }
        };
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
        let consumer = match stream.create_consumer(config).await {
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
        let mut messages = match consumer.messages().await {
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
        while connected.try_recv().is_ok() {}
        loop {
            let item = tokio::select! {
                item = messages.next() => item,
                _ = connected.recv() => {
                    eprintln!("The hall reconnected to the broker; reading again from there.");
                    break;
                }
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
                    assert_eq!(before, seqs(&shared, now), "{name} {i}");
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
                assert_eq!(
                    v[0]["ignored"]["replayed"], 2,
                    "row 999 and the old heartbeat: {v:#}"
                );
            }
        }
    }
}
