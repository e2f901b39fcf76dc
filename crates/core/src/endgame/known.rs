//! The transposition table of the search: what is known about each set of layouts met
//! ([`Known`]: its value, or an upper bound, and a strategy's wins), under the set's 64-bit
//! hash ([`KnownSets`]), with the small multiplicative hasher the search's maps use
//! ([`SetHasher`]). It knows nothing of the search that fills it.

use std::collections::hash_map::Entry;
use std::collections::{HashMap, HashSet};
use std::hash::{BuildHasherDefault, Hasher};

/// What the transposition table knows about a set of layouts.
#[derive(Debug, Clone, Copy)]
pub(super) struct Known {
    pub(super) wins: u64,
    /// Whether `wins` is the value, or only an upper bound on it.
    pub(super) exact: bool,
    /// Wins that a known strategy reaches (a lower bound on the value; 0 when none is known),
    /// and that strategy's first move ([`NO_CELL`] when none is known).
    pub(super) lower: u64,
    pub(super) lower_cell: u32,
    /// How many moves deep the look was that gave `wins` when it is a bound (0: the quick
    /// bound, `Search::quick_bound`): a look no deeper is not worth redoing.
    pub(super) plies: u8,
}

/// No cell: [`Known::lower_cell`] when no strategy is known.
pub(super) const NO_CELL: u32 = u32::MAX;

impl Known {
    /// Takes in what another look found about the same set: a value is never replaced by a
    /// bound, and of two bounds the lower is kept; of two strategies, the better.
    pub(super) fn merge(&mut self, other: Known) {
        if other.exact || (!self.exact && other.wins < self.wins) {
            self.wins = other.wins;
            self.exact = other.exact;
        }
        // The bound kept is at least as low as either look found.
        self.plies = self.plies.max(other.plies);
        if other.lower > self.lower {
            self.lower = other.lower;
            self.lower_cell = other.lower_cell;
        }
    }

    /// An upper bound, or the value, with no strategy known.
    pub(super) fn upper(wins: u64, exact: bool) -> Known {
        Known {
            wins,
            exact,
            lower: 0,
            lower_cell: NO_CELL,
            plies: 0,
        }
    }
}

/// A small multiplicative hasher for the sets of layout indices that key the table: the
/// standard SipHash costs several times more per word, and nothing here is adversarial.
#[derive(Default)]
pub(super) struct SetHasher(pub(super) u64);

impl Hasher for SetHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        // Whole words by a plain load: a copy of a chunk of unknown length would be a call
        // to `memmove` a word, which cost more than the hashing itself on large sets.
        let mut words = bytes.chunks_exact(8);
        for word in &mut words {
            self.write_u64(u64::from_le_bytes(word.try_into().expect("8 bytes")));
        }
        let tail = words.remainder();
        if !tail.is_empty() {
            let mut word = [0u8; 8];
            word[..tail.len()].copy_from_slice(tail);
            self.write_u64(u64::from_le_bytes(word));
        }
    }

    fn write_u32(&mut self, n: u32) {
        self.write_u64(n as u64);
    }

    fn write_u64(&mut self, n: u64) {
        self.0 = (self.0.rotate_left(5) ^ n).wrapping_mul(0x51_7C_C1_B7_27_22_0A_95);
    }

    fn write_usize(&mut self, n: usize) {
        self.write_u64(n as u64);
    }
}

pub(super) type FastMap<K, V> = HashMap<K, V, BuildHasherDefault<SetHasher>>;
pub(super) type FastSet<K> = HashSet<K, BuildHasherDefault<SetHasher>>;

/// The transposition table: what is known about each set of layouts met, under the set's
/// 64-bit hash. A set of thousands of layouts is hashed once per lookup, and never again
/// when the table grows (a map keyed by the sets themselves hashes every one of them again
/// at each resize). The set is kept with its entry and compared on every hit, so a second
/// set with the same hash is only not stored, never mistaken for the first.
///
/// The sets are kept end to end in a few large blocks ([`SetStore`]), not one allocation
/// each: the search stores a set at nearly every quick bound, and an allocation and a free
/// per set cost more than the copy.
#[derive(Default)]
pub(super) struct KnownSets {
    entries: FastMap<u64, (SetRef, Known)>,
    sets: SetStore,
}

impl KnownSets {
    /// What is known about `set`, whose [`set_hash`] is `hash` (taken once by the caller,
    /// which often stores what it finds under the same hash).
    pub(super) fn get(&self, hash: u64, set: &[u32]) -> Option<&Known> {
        let (stored, known) = self.entries.get(&hash)?;
        (self.sets.get(*stored) == set).then_some(known)
    }

    /// Merges `known` into the entry of `set` (whose [`set_hash`] is `hash`), or stores it
    /// when the set has none and `room_for` allows (given the set, whether the budget has
    /// room for it).
    pub(super) fn remember(
        &mut self,
        hash: u64,
        set: &[u32],
        known: Known,
        room_for: impl FnOnce(&[u32]) -> bool,
    ) {
        match self.entries.entry(hash) {
            Entry::Occupied(occupied) => {
                let (stored, entry) = occupied.into_mut();
                if self.sets.get(*stored) == set {
                    entry.merge(known);
                }
            }
            Entry::Vacant(vacant) => {
                if room_for(set) {
                    vacant.insert((self.sets.push(set), known));
                }
            }
        }
    }
}

/// Where a set is kept in a [`SetStore`]: its block, where it starts there, and its length.
#[derive(Debug, Clone, Copy)]
struct SetRef {
    block: u32,
    start: u32,
    len: u32,
}

/// The layouts of a block of [`SetStore`] unless a set is longer: 256 KB, so a search that
/// stores little allocates little, and one that stores much allocates once a few thousand
/// sets.
const BLOCK_WORDS: usize = 1 << 16;

/// Sets of layout indices kept end to end in blocks that never move once allocated (a set
/// is never split across two; a set longer than a block gets a block of its own).
#[derive(Default)]
struct SetStore {
    blocks: Vec<Vec<u32>>,
}

impl SetStore {
    fn push(&mut self, set: &[u32]) -> SetRef {
        let fits = self
            .blocks
            .last()
            .is_some_and(|block| block.capacity() - block.len() >= set.len());
        if !fits {
            self.blocks
                .push(Vec::with_capacity(BLOCK_WORDS.max(set.len())));
        }
        let block = self.blocks.len() - 1;
        let words = &mut self.blocks[block];
        let start = words.len();
        words.extend_from_slice(set);
        SetRef {
            block: block as u32,
            start: start as u32,
            len: set.len() as u32,
        }
    }

    fn get(&self, at: SetRef) -> &[u32] {
        let start = at.start as usize;
        &self.blocks[at.block as usize][start..start + at.len as usize]
    }
}

/// A well-mixed 64-bit hash of a set of layout indices, two indices a step.
pub(super) fn set_hash(set: &[u32]) -> u64 {
    const K: u64 = 0x9E37_79B9_7F4A_7C15;
    let mut h = (set.len() as u64).wrapping_mul(K);
    let mut pairs = set.chunks_exact(2);
    for pair in &mut pairs {
        let word = u64::from(pair[0]) | u64::from(pair[1]) << 32;
        h = (h.rotate_left(23) ^ word).wrapping_mul(K);
    }
    if let [last] = pairs.remainder() {
        h = (h.rotate_left(23) ^ u64::from(*last)).wrapping_mul(K);
    }
    // The map takes its buckets from the low bits: fold the high ones down.
    h ^= h >> 32;
    h = h.wrapping_mul(0xD6E8_FEB8_6659_FD93);
    h ^ h >> 32
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Sets stored across several blocks, and one longer than a block, are each answered
    /// with their own entry (the store gives back each set as it was stored).
    #[test]
    fn sets_are_kept_whole_across_blocks() {
        let mut known = KnownSets::default();
        let room = |_: &[u32]| true;
        let mut sets: Vec<Vec<u32>> = (0..200u32)
            .map(|i| (i..i + 1 + (i * 997) % 1500).collect())
            .collect();
        sets.insert(77, (0..BLOCK_WORDS as u32 + 5).collect());
        for (wins, set) in sets.iter().enumerate() {
            known.remember(set_hash(set), set, Known::upper(wins as u64, true), room);
        }
        assert!(
            known.sets.blocks.len() >= 3,
            "{} blocks",
            known.sets.blocks.len()
        );
        for (wins, set) in sets.iter().enumerate() {
            let entry = known.get(set_hash(set), set).expect("stored");
            assert_eq!(entry.wins, wins as u64);
        }
    }

    /// A set whose hash another set already holds is neither stored over it nor answered
    /// from its entry; a bound merges into a value without replacing it.
    #[test]
    fn a_set_sharing_another_sets_hash_is_never_taken_for_it() {
        let mut known = KnownSets::default();
        let (first, second) = ([1, 4, 9], [2, 4, 9]);
        let room = |_: &[u32]| true;
        known.remember(7, &first, Known::upper(2, true), room);
        // The same hash for another set: not stored, and not answered from the first's entry.
        known.remember(7, &second, Known::upper(1, true), room);
        assert!(known.get(7, &second).is_none());
        assert_eq!(known.get(7, &first).map(|k| k.wins), Some(2));
        // A bound for the first set merges into its entry; its value stays.
        known.remember(7, &first, Known::upper(1, false), room);
        let entry = known.get(7, &first).expect("the first set is known");
        assert_eq!((entry.wins, entry.exact), (2, true));
        // With no room, nothing new is stored.
        let hash = set_hash(&second);
        known.remember(hash, &second, Known::upper(1, true), |_| false);
        assert!(known.get(hash, &second).is_none());
        known.remember(hash, &second, Known::upper(1, true), room);
        assert_eq!(known.get(hash, &second).map(|k| k.wins), Some(1));
    }
}
