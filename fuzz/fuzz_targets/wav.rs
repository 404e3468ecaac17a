//! WAV files (`hector listen --wav`, fixtures): any bytes as a file give
//! samples or a sentence, never a panic or an endless allocation.
#![no_main]

use hector::speech::audio::read_wav;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    // tmpfs when there is one: the reader takes a path.
    let dir = if std::path::Path::new("/dev/shm").is_dir() {
        std::path::PathBuf::from("/dev/shm")
    } else {
        std::env::temp_dir()
    };
    let path = dir.join(format!("hector-fuzz-{}.wav", std::process::id()));
    std::fs::write(&path, data).expect("a scratch file");
    // libFuzzer's -rss_limit_mb/-malloc_limit_mb catch a header that asks
    // for an absurd amount of memory.
    if let Err(e) = read_wav(&path) {
        assert!(!e.to_string().is_empty());
    }
});
