//! The hall measured: `hector-lab hall --bench` ([`bench`]) with simulated
//! boards ([`sim`]).

pub mod bench;
pub mod sim;

// The hall's parts, as the files here name them.
use crate::hall::{key, message, publish};
