fn main() {
    // Arguments as the system gives them: one that is not valid UTF-8 is
    // refused with a sentence, never a panic.
    std::process::exit(hector::cli::run(std::env::args_os().skip(1)));
}
