//! Links the native speech libraries hector's enabled engines need.

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    // PocketSphinx (Debian libpocketsphinx-dev, 0.8+5prealpha): the default
    // speech recogniser. Its FFI is declared by hand in src/speech/pocketsphinx.rs.
    if std::env::var_os("CARGO_FEATURE_POCKETSPHINX").is_some() {
        println!("cargo:rustc-link-lib=dylib=pocketsphinx");
        println!("cargo:rustc-link-lib=dylib=sphinxbase");
    }
}
