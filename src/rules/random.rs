//! A small seeded random source and random legal games, for property tests
//! and benchmarks that must give the same positions on every run.

use shakmaty::{Chess, Position};

/// SplitMix64: tiny, fast, and the same on every platform.
#[derive(Debug, Clone)]
pub struct SplitMix64(u64);

impl SplitMix64 {
    pub fn new(seed: u64) -> SplitMix64 {
        SplitMix64(seed)
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (`n` > 0).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n.max(1) as u64) as usize
    }
}

/// The positions of a random legal game of at most `plies` half-moves,
/// starting from the standard position (ends early at mate or stalemate).
pub fn random_game(rng: &mut SplitMix64, plies: usize) -> Vec<Chess> {
    let mut pos = Chess::default();
    let mut out = vec![pos.clone()];
    for _ in 0..plies {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        let m = moves[rng.below(moves.len())];
        pos.play_unchecked(m);
        out.push(pos.clone());
    }
    out
}
