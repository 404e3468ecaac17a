//! The service measured: `hector-lab serve --bench` ([`bench`]) and the
//! kill -9 campaign ([`campaign`]).

pub mod bench;
pub mod campaign;

// The service's parts, as the files here name them.
use crate::service::{Options, Server, Who, board, client, journal};
