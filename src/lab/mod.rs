//! The lab: what hector's makers use to measure and test it, and no
//! player, assistant, arbiter or organiser needs. Benchmarks, generated
//! speech sets, the kill -9 campaign, the simulated tournament hall and the
//! device emulators live here; only the `hector-lab` binary
//! (`src/bin/hector-lab.rs`) and the tests call them. Nothing outside this
//! folder refers to it, so the `hector` binary does not link it.
//!
//! Each folder holds the lab's part of the product folder of the same name
//! and sees that folder's modules under their own names (`super::journal`
//! in `lab/service` is `crate::service::journal`).

pub mod braille;
pub mod cli;
pub mod eboard;
pub mod hall;
pub mod service;
pub mod speech;
