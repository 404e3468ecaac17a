//! Core subcommands: play, say, hear, san, replay, status, bench.

fn pending(name: &str) -> i32 {
    eprintln!("hector {name}: being built in this change.");
    2
}
pub fn play(_a: &[String]) -> i32 {
    pending("play")
}
pub fn say(_a: &[String]) -> i32 {
    pending("say")
}
pub fn hear(_a: &[String]) -> i32 {
    pending("hear")
}
pub fn san(_a: &[String]) -> i32 {
    pending("san")
}
pub fn replay(_a: &[String]) -> i32 {
    pending("replay")
}
pub fn status(_a: &[String]) -> i32 {
    pending("status")
}
pub fn bench(_a: &[String]) -> i32 {
    pending("bench")
}
