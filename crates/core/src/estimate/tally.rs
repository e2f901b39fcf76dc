//! The tally of rollouts: how many layouts ended with each set of winning candidates.

use super::{EstimateError, MAX_CANDIDATES};

/// How many layouts ended with each set of winning candidates. Tallies of disjoint sets of
/// layouts add up ([`Tally::merge`]), in any order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Tally {
    candidates: usize,
    by_winners: Vec<u64>,
}

impl Tally {
    /// An empty tally for `candidates` candidates (at most [`MAX_CANDIDATES`]).
    pub fn new(candidates: usize) -> Tally {
        let candidates = candidates.min(MAX_CANDIDATES);
        Tally {
            candidates,
            by_winners: vec![0; 1 << candidates],
        }
    }

    /// A tally from its counts by set of winners ([`Tally::counts`]), as a worker sends them.
    pub fn from_counts(candidates: usize, counts: Vec<u64>) -> Result<Tally, EstimateError> {
        let expected = 1usize << candidates.min(MAX_CANDIDATES);
        if candidates > MAX_CANDIDATES || counts.len() != expected {
            return Err(EstimateError::TallySize {
                expected,
                found: counts.len(),
            });
        }
        Ok(Tally {
            candidates,
            by_winners: counts,
        })
    }

    /// The number of candidates.
    pub fn candidates(&self) -> usize {
        self.candidates
    }

    /// The counts by set of winners: entry `w` counts the layouts won by exactly the
    /// candidates whose bits are set in `w`.
    pub fn counts(&self) -> &[u64] {
        &self.by_winners
    }

    /// Counts one layout won by the candidates in `winners`.
    pub fn add(&mut self, winners: u8) {
        let mask = self.by_winners.len() - 1;
        self.by_winners[usize::from(winners) & mask] += 1;
    }

    /// Adds another tally of the same candidates.
    pub fn merge(&mut self, other: &Tally) -> Result<(), EstimateError> {
        if other.by_winners.len() != self.by_winners.len() {
            return Err(EstimateError::TallySize {
                expected: self.by_winners.len(),
                found: other.by_winners.len(),
            });
        }
        for (mine, theirs) in self.by_winners.iter_mut().zip(&other.by_winners) {
            *mine += theirs;
        }
        Ok(())
    }

    /// Layouts played.
    pub fn games(&self) -> u64 {
        self.by_winners.iter().sum()
    }

    /// Layouts won by candidate `k`.
    pub fn wins(&self, k: usize) -> u64 {
        self.count_where(|w| w >> k & 1 == 1)
    }

    /// Layouts won by candidate `a` and lost by candidate `b`.
    pub fn only(&self, a: usize, b: usize) -> u64 {
        self.count_where(|w| w >> a & 1 == 1 && w >> b & 1 == 0)
    }

    fn count_where(&self, keep: impl Fn(usize) -> bool) -> u64 {
        self.by_winners
            .iter()
            .enumerate()
            .filter(|&(w, _)| keep(w))
            .map(|(_, n)| n)
            .sum()
    }
}
