//! The tournament hall: many boards on one message broker (NATS with
//! JetStream), one overview for the chief arbiter, one live PGN for the
//! round.
//!
//! Each board's `hector serve --hall nats://HOST:PORT --tournament T --board N`
//! publishes, after every committed journal row, a [`BoardMessage`] on
//! `hector.<T>.<N>.events` with the de-duplication id `<T>.<N>.<seq>.<tag>`
//! and a MAC made with the hall's key ([`key`], [`publish`]), and a
//! heartbeat on `hector-beat.<T>.<N>`. The hall believes only messages made
//! with its key, on their own board's subject, in sequence. `hector hall` keeps no state of its own: it rebuilds the
//! hall from the stream at start ([`follow`]), folds the messages into a
//! [`state::Hall`] and serves the overview, `/round.pgn` and `/api/boards`
//! ([`http`]).

pub mod bench;
pub mod follow;
pub mod http;
pub mod key;
pub mod message;
pub mod publish;
pub mod sim;
pub mod state;

pub use key::HallKey;
pub use message::{BoardMessage, Tournament};
