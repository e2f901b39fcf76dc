//! A small, documented, portable pseudo-random generator for seeded games.
//!
//! The generator is **SplitMix64** (Steele, Lea and Flood, "Fast splittable pseudorandom number
//! generators", OOPSLA 2014; the constants are those of Java's `SplittableRandom` and of
//! Vigna's reference C code): the state advances by the golden-ratio increment
//! `0x9E3779B97F4A7C15` and each output is the state passed through a fixed 64-bit mixer.
//! It uses only wrapping 64-bit integer arithmetic, so the same seed gives the same numbers on
//! every platform (native, `wasm32`) and every thread count. It needs no operating-system
//! randomness: the caller supplies the seed.
//!
//! Bounded numbers ([`GameRng::below`]) use Lemire's multiply-and-reject method ("Fast random
//! integer generation in an interval", 2019), which is exactly uniform: no modulo bias.
//!
//! This is not a cryptographic generator; it only has to make fair, reproducible boards.

/// The SplitMix64 increment (the golden ratio times 2^64, odd).
const GOLDEN_GAMMA: u64 = 0x9E37_79B9_7F4A_7C15;

/// A seeded SplitMix64 generator.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameRng {
    state: u64,
}

impl GameRng {
    /// A generator whose sequence is fully determined by `seed`.
    pub fn new(seed: u64) -> GameRng {
        GameRng { state: seed }
    }

    /// The next 64 uniformly distributed bits.
    pub fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(GOLDEN_GAMMA);
        mix64(self.state)
    }

    /// A uniformly distributed integer in `0..bound`. `bound` must be at least 1; a bound of 0
    /// returns 0 rather than panicking.
    pub fn below(&mut self, bound: u64) -> u64 {
        if bound == 0 {
            return 0;
        }
        // Lemire: the high word of a 128-bit product is uniform in 0..bound once the few low
        // words that would bias it (those below 2^64 mod bound) are rejected.
        let mut product = u128::from(self.next_u64()) * u128::from(bound);
        let mut low = product as u64;
        if low < bound {
            let threshold = bound.wrapping_neg() % bound;
            while low < threshold {
                product = u128::from(self.next_u64()) * u128::from(bound);
                low = product as u64;
            }
        }
        (product >> 64) as u64
    }
}

/// The seed of game number `index` of a series started from `master`: the SplitMix64 mixer
/// applied twice, so that neighbouring indices and neighbouring master seeds give unrelated
/// games. Bulk runs use it so that game `i` is the same whatever thread plays it.
pub fn derive_seed(master: u64, index: u64) -> u64 {
    mix64(mix64(master.wrapping_add(GOLDEN_GAMMA)) ^ index.wrapping_mul(GOLDEN_GAMMA))
}

/// SplitMix64's output function (a variant of MurmurHash3's finaliser).
fn mix64(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splitmix64_reference_values() {
        // The first outputs of SplitMix64 seeded with 1234567, from Vigna's reference C code.
        let mut rng = GameRng::new(1_234_567);
        assert_eq!(rng.next_u64(), 6_457_827_717_110_365_317);
        assert_eq!(rng.next_u64(), 3_203_168_211_198_807_973);
        assert_eq!(rng.next_u64(), 9_817_491_932_198_370_423);
    }

    #[test]
    fn below_stays_in_range_and_covers_it() {
        let mut rng = GameRng::new(7);
        let mut seen = [0u32; 7];
        for _ in 0..7000 {
            let v = rng.below(7) as usize;
            seen[v] += 1;
        }
        assert!(seen.iter().all(|&c| c > 800 && c < 1200), "{seen:?}");
        assert_eq!(rng.below(1), 0);
        assert_eq!(rng.below(0), 0);
    }

    #[test]
    fn derived_seeds_differ() {
        let a = derive_seed(1, 0);
        assert_ne!(a, derive_seed(1, 1));
        assert_ne!(a, derive_seed(2, 0));
        assert_eq!(a, derive_seed(1, 0));
    }
}
