//! The hall side: an ordered JetStream consumer reads every board message
//! of one tournament from the beginning of the stream and folds it into the
//! shared [`Hall`]. Nothing is stored anywhere else, so a restarted hall
//! rebuilds exactly the same state; when the broker restarts, the consumer
//! is made again from the next stream sequence.

use std::sync::{Arc, Mutex};
use std::time::Duration;

use async_nats::jetstream::consumer::{DeliverPolicy, pull};
use futures_util::StreamExt;
use tokio::sync::{broadcast, oneshot};

use super::message::{BoardMessage, Tournament};
use super::publish;
use super::state::{Applied, Hall};

/// The hall and the news of its changes, shared by the follower and the
/// HTTP handlers.
pub struct Shared {
    pub hall: Mutex<Hall>,
    /// The board number of every change, for the pages' live updates.
    pub changes: broadcast::Sender<u32>,
}

impl Shared {
    pub fn new() -> Arc<Shared> {
        Arc::new(Shared {
            hall: Mutex::new(Hall::new()),
            changes: broadcast::channel(1024).0,
        })
    }

    /// Applies a message and tells the pages when something changed.
    pub fn apply(&self, m: BoardMessage) -> Applied {
        let applied = match self.hall.lock() {
            Ok(mut hall) => hall.apply(m),
            Err(_) => return Applied::Repeat,
        };
        if let Applied::Changed { board, .. } = &applied {
            let _ = self.changes.send(*board);
        }
        applied
    }
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
    let options = async_nats::ConnectOptions::new().event_callback(move |event| {
        let tx = connected_tx.clone();
        async move {
            if matches!(event, async_nats::Event::Connected) {
                let _ = tx.send(());
            }
        }
    });
    let client = match publish::connect_with(&url, "hector hall", options).await {
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
                    eprintln!("Waiting for the broker at {url}: {e}");
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
            eprintln!("The broker at {url} is back.");
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
            match serde_json::from_slice::<BoardMessage>(&message.payload) {
                Ok(m) => {
                    shared.apply(m);
                }
                Err(e) => eprintln!(
                    "Skipped a message on {} that is not a board row: {e}",
                    message.subject
                ),
            }
            if pending == 0
                && let Some(tx) = caught_up.take()
            {
                let _ = tx.send(());
            }
        }
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
}
