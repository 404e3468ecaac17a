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

use std::path::PathBuf;

/// The `hector` program beside the running one: the lab's benches start
/// real `hector serve` and `hector hall` processes.
pub fn hector_exe() -> Result<PathBuf, String> {
    let me = std::env::current_exe().map_err(|e| format!("Cannot find hector-lab itself: {e}"))?;
    let exe = me.with_file_name(format!("hector{}", std::env::consts::EXE_SUFFIX));
    if exe.is_file() {
        Ok(exe)
    } else {
        Err(format!(
            "hector-lab starts hector, which should be beside it: {} is missing.",
            exe.display()
        ))
    }
}
