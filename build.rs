//! Links the native speech libraries hector's enabled engines need.

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    // PocketSphinx (Debian libpocketsphinx-dev, 0.8+5prealpha): the default
    // speech recogniser. Its FFI is declared by hand in src/speech/pocketsphinx.rs.
    if std::env::var_os("CARGO_FEATURE_POCKETSPHINX").is_some() {
        println!("cargo:rustc-link-lib=dylib=pocketsphinx");
        println!("cargo:rustc-link-lib=dylib=sphinxbase");
    }
    // Vosk: libvosk.so from the PyPI `vosk` wheel, put in place by setup.sh.
    // An rpath lets hector find it at run time without LD_LIBRARY_PATH.
    println!("cargo:rerun-if-env-changed=VOSK_LIB_DIR");
    if std::env::var_os("CARGO_FEATURE_VOSK").is_some() {
        let dir = match std::env::var_os("VOSK_LIB_DIR") {
            Some(d) => std::path::PathBuf::from(d),
            None => {
                let cache = std::env::var_os("XDG_CACHE_HOME")
                    .map(std::path::PathBuf::from)
                    .or_else(|| {
                        std::env::var_os("HOME").map(|h| std::path::Path::new(&h).join(".cache"))
                    })
                    .unwrap_or_else(|| std::path::PathBuf::from("/tmp"));
                cache.join("hector/vosk/lib")
            }
        };
        if !dir.join("libvosk.so").exists() {
            panic!(
                "libvosk.so is not in {}: run ./setup.sh (it takes libvosk.so from the PyPI \
                 vosk wheel) or set VOSK_LIB_DIR to the directory that holds it",
                dir.display()
            );
        }
        println!("cargo:rustc-link-search=native={}", dir.display());
        println!("cargo:rustc-link-arg=-Wl,-rpath,{}", dir.display());
    }
}
