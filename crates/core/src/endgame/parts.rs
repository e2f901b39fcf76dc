//! The parts a move (or the safe cells revealed together) splits a set of layouts into, laid
//! end to end in one vector.
//!
//! The search splits sets of thousands of layouts millions of times, mostly to bound the
//! parts and drop them: one vector for all the parts, not one per part, spares an allocation
//! and a free for each of them (most parts are a layout or two); and the search keeps the
//! `Parts` it is done with and gathers the next split into their vectors
//! ([`Parts::gather_into`]), so that a split allocates nothing once the pool is warm.

/// Parts of a set of layouts, largest first (equal sizes in the order they were numbered),
/// each ascending as the set was.
#[derive(Debug, Default)]
pub(super) struct Parts {
    /// The parts end to end, then (past the last part's end) whatever an earlier split left.
    layouts: Vec<u32>,
    /// Where each part ends in `layouts`.
    ends: Vec<u32>,
    /// Scratch of [`Parts::gather_into`], kept with the parts so that reused parts allocate
    /// nothing: per part, where its next layout goes; per size, where its parts start.
    next: Vec<u32>,
    start_of_size: Vec<u32>,
}

/// Up to this many parts, [`Parts::gather_into`] orders them by selection; past it, by
/// counting their sizes.
const FEW_PARTS: usize = 16;

impl Parts {
    /// [`Parts::gather_into`] new parts (for the tests).
    #[cfg(test)]
    pub(super) fn gather(set: &[u32], labels: &[u32], sizes: &[u32]) -> Parts {
        let mut parts = Parts::default();
        parts.gather_into(set, labels, sizes);
        parts
    }

    /// The parts of `set` given each layout's label: 0 for a layout in no part (a mine under
    /// the move), `k` for part `k - 1` of the `sizes.len()` parts, whose sizes are given.
    /// Into these parts' vectors, whatever they held: kept parts are reused without
    /// allocating.
    pub(super) fn gather_into(&mut self, set: &[u32], labels: &[u32], sizes: &[u32]) {
        // Where the first layout of each part goes: the parts in order of size, largest
        // first, equal sizes in their numbering (a stable sort by size).
        let next = &mut self.next;
        next.clear();
        next.resize(sizes.len(), 0);
        let ends = &mut self.ends;
        ends.clear();
        let mut at = 0u32;
        if sizes.len() <= FEW_PARTS {
            // A move splits a set into a few parts (what a cell shows): each taken in turn,
            // the largest left, the first numbered among equals.
            let mut taken = [false; FEW_PARTS];
            for _ in 0..sizes.len() {
                let mut pick = None;
                for (p, &size) in sizes.iter().enumerate() {
                    if !taken[p] && pick.is_none_or(|q: usize| size > sizes[q]) {
                        pick = Some(p);
                    }
                }
                let Some(p) = pick else { break };
                taken[p] = true;
                next[p] = at;
                at += sizes[p];
                ends.push(at);
            }
        } else {
            // The safe reveals split a set into many parts, mostly of a layout or two: a
            // counting sort by size, whose runs of equal sizes keep the parts' numbering.
            let largest = sizes.iter().copied().max().unwrap_or(0) as usize;
            let start_of_size = &mut self.start_of_size;
            start_of_size.clear();
            start_of_size.resize(largest + 1, 0);
            for &size in sizes {
                start_of_size[size as usize] += 1;
            }
            for size in (0..=largest).rev() {
                let count = start_of_size[size];
                start_of_size[size] = at;
                for _ in 0..count {
                    at += size as u32;
                    ends.push(at);
                }
            }
            for (slot, &size) in next.iter_mut().zip(sizes) {
                *slot = start_of_size[size as usize];
                start_of_size[size as usize] += size;
            }
        }
        // Every slot up to `at` is written by the scatter below, so the vector is only
        // grown, never cleared and zeroed again: past the parts' end it holds what an earlier
        // split left, which no part reaches (the parts end where `ends` says).
        if self.layouts.len() < at as usize {
            self.layouts.resize(at as usize, 0);
        }
        // The scatter through slices borrowed apart: through the vectors, each store was
        // assumed to change their lengths and addresses, which were loaded again at every
        // layout (19 instructions a layout, now 15).
        let (layouts, next) = (&mut self.layouts[..], &mut next[..]);
        for (&layout, &label) in set.iter().zip(labels) {
            if label > 0 {
                let slot = &mut next[label as usize - 1];
                layouts[*slot as usize] = layout;
                *slot += 1;
            }
        }
    }

    /// The parts, largest first.
    pub(super) fn iter(&self) -> impl Iterator<Item = &[u32]> + '_ {
        let starts = std::iter::once(0).chain(self.ends.iter().copied());
        starts
            .zip(&self.ends)
            .map(|(start, &end)| &self.layouts[start as usize..end as usize])
    }

    /// How many parts there are.
    pub(super) fn len(&self) -> usize {
        self.ends.len()
    }

    /// How many layouts the parts hold together.
    pub(super) fn layouts(&self) -> usize {
        self.ends.last().map_or(0, |&end| end as usize)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::cmp::Reverse;

    #[test]
    fn gathered_parts_come_largest_first_each_in_the_sets_order() {
        let set = [3, 5, 8, 9, 12, 20];
        // 5 and 12 are in no part; part 0 has 3, part 1 has 8, 9 and 20.
        let parts = Parts::gather(&set, &[1, 0, 2, 2, 0, 2], &[1, 3]);
        let got: Vec<&[u32]> = parts.iter().collect();
        assert_eq!(got, vec![&[8, 9, 20][..], &[3][..]]);
        assert_eq!((parts.len(), parts.layouts()), (2, 4));
    }

    /// On random labellings of few and of many parts (both sorts), parts gathered into one
    /// reused `Parts` are those of the definition: each part's layouts in the set's order,
    /// the parts ordered by a stable sort on their sizes, largest first.
    #[test]
    fn reused_parts_gather_as_the_definition() {
        let mut rng = crate::rng::GameRng::new(5);
        let mut reused = Parts::default();
        let mut many = 0;
        for _ in 0..300 {
            let n_parts = 1 + rng.below(40) as usize;
            let set: Vec<u32> = (0..rng.below(200) as u32).map(|i| 3 * i + 1).collect();
            let labels: Vec<u32> = set
                .iter()
                .map(|_| rng.below(n_parts as u64 + 1) as u32)
                .collect();
            let mut sizes = vec![0u32; n_parts];
            for &label in labels.iter().filter(|&&l| l > 0) {
                sizes[label as usize - 1] += 1;
            }
            let mut expected: Vec<Vec<u32>> = (1..=n_parts as u32)
                .map(|part| {
                    let layouts = set.iter().zip(&labels).filter(|&(_, &l)| l == part);
                    layouts.map(|(&layout, _)| layout).collect()
                })
                .collect();
            expected.sort_by_key(|part| Reverse(part.len()));
            reused.gather_into(&set, &labels, &sizes);
            let got: Vec<Vec<u32>> = reused.iter().map(<[u32]>::to_vec).collect();
            assert_eq!(got, expected);
            assert_eq!(
                reused.layouts(),
                expected.iter().map(Vec::len).sum::<usize>()
            );
            many += usize::from(n_parts > FEW_PARTS);
        }
        assert!(many > 100, "only {many} labellings of many parts");
    }

    #[test]
    fn equal_sizes_keep_their_numbering() {
        let parts = Parts::gather(&[1, 2, 3, 4], &[2, 1, 2, 1], &[2, 2]);
        let got: Vec<&[u32]> = parts.iter().collect();
        assert_eq!(got, vec![&[2, 4][..], &[1, 3][..]]);
        assert_eq!(Parts::gather(&[1, 2], &[0, 0], &[]).iter().count(), 0);
    }
}
