//! `hector-lab`: hector's lab (benchmarks, generated speech sets, the kill
//! -9 campaign, the simulated hall, device emulators), apart from the
//! `hector` players, arbiters and organisers use.

fn main() {
    // Arguments as the system gives them: one that is not valid UTF-8 is
    // refused with a sentence, never a panic.
    std::process::exit(hector::lab::cli::run(std::env::args_os().skip(1)));
}
