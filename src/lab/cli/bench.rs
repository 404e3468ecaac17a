//! `hector-lab bench`: phrases matched per second and SAN round trips per
//! second over seeded random games, in every locale.

use std::time::Instant;

use shakmaty::{Chess, Move, Position};

use crate::cli::args::Args;
use crate::locale::Locale;
use crate::notation::phrase::{Form, Heard, SayOptions, hear as hear_phrase, say_with};
use crate::notation::san;
use crate::rules::random::{SplitMix64, random_game};

fn fail(msg: impl std::fmt::Display) -> i32 {
    eprintln!("{msg}");
    1
}

/// The most positions `hector-lab bench` keeps (every position of every game,
/// with its legal moves and, per locale, their phrases: about 50 MB).
pub const BENCH_MAX_POSITIONS: u64 = 50_000;

/// Refuses a `bench` whose games would not fit the bound on work and memory.
fn bench_bounds(games: u64, plies: u64) -> Result<(), String> {
    if games == 0 || plies == 0 {
        return Err("--games and --plies need a whole number of at least 1.".into());
    }
    match games.checked_mul(plies) {
        Some(n) if n <= BENCH_MAX_POSITIONS => Ok(()),
        _ => Err(format!(
            "hector bench keeps every position in memory: --games times --plies may be at most {BENCH_MAX_POSITIONS}, not {games} × {plies}."
        )),
    }
}

/// `hector-lab bench [--games N] [--seed S]`: phrases matched per second and SAN
/// round trips per second over a fixed set of seeded random games.
pub fn run(args: &Args) -> i32 {
    let num = |name: &str, default: u64| -> Result<u64, String> {
        args.get(name).map_or(Ok(default), |v| {
            v.parse()
                .map_err(|_| format!("--{name} needs a whole number."))
        })
    };
    let (games, seed, plies) = match (num("games", 100), num("seed", 2023), num("plies", 120)) {
        (Ok(g), Ok(s), Ok(p)) => (g, s, p),
        (Err(e), _, _) | (_, Err(e), _) | (_, _, Err(e)) => return fail(e),
    };
    if let Err(e) = bench_bounds(games, plies) {
        return fail(e);
    }
    let mut rng = SplitMix64::new(seed);
    let mut positions = Vec::new();
    for _ in 0..games {
        positions.extend(random_game(&mut rng, plies as usize));
    }
    let work: Vec<(Chess, Vec<Move>)> = positions
        .into_iter()
        .map(|p| {
            let ms = p.legal_moves().into_iter().collect();
            (p, ms)
        })
        .collect();
    let total_moves: usize = work.iter().map(|(_, ms)| ms.len()).sum();
    println!(
        "hector bench: {} positions (at most {BENCH_MAX_POSITIONS}), {total_moves} legal moves, seed {seed}",
        work.len()
    );
    for code in crate::locale::CODES {
        let loc = Locale::get(code).expect("embedded locale");
        for form in [Form::Short, Form::Long] {
            let opts = SayOptions::with_form(form);
            let phrases: Vec<(usize, Move, String)> = work
                .iter()
                .enumerate()
                .flat_map(|(i, (p, ms))| {
                    ms.iter().map(move |m| (i, *m, say_with(p, *m, loc, &opts)))
                })
                .collect();
            let t = Instant::now();
            let mut ok = 0usize;
            for (i, m, phrase) in &phrases {
                if hear_phrase(&work[*i].0, phrase, loc) == Heard::Move(*m) {
                    ok += 1;
                }
            }
            let secs = t.elapsed().as_secs_f64();
            println!(
                "phrases matched per second [{code} {form:?}]: {:.0} ({ok}/{} matched back)",
                phrases.len() as f64 / secs,
                phrases.len()
            );
        }
        let t = Instant::now();
        let mut n = 0usize;
        let mut ok = 0usize;
        for (p, ms) in &work {
            for m in ms {
                let text = san::write(p, *m, loc);
                if san::read(p, &text, loc) == Ok(*m) {
                    ok += 1;
                }
                n += 1;
            }
        }
        let secs = t.elapsed().as_secs_f64();
        println!(
            "SAN round trips per second [{code}]: {:.0} ({ok}/{n} exact)",
            n as f64 / secs
        );
    }
    0
}
