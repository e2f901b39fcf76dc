//! The parts a move (or the safe cells revealed together) splits a set of layouts into, laid
//! end to end in one vector.
//!
//! The search splits sets of thousands of layouts millions of times, mostly to bound the
//! parts and drop them: one vector for all the parts, not one per part, spares an allocation
//! and a free for each of them (most parts are a layout or two); and the search keeps the
//! `Parts` it is done with and gathers the next split into their vectors
//! ([`Parts::gather_into`]), so that a split allocates nothing once the pool is warm.

use std::cmp::Reverse;

/// Parts of a set of layouts, largest first (equal sizes in the order they were numbered),
/// each ascending as the set was.
#[derive(Debug, Default, PartialEq, Eq)]
pub(super) struct Parts {
    layouts: Vec<u32>,
    /// Where each part ends in `layouts`.
    ends: Vec<u32>,
}

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
        // A move splits a set into a few parts (what a cell shows): their scratch fits on
        // the stack.
        const FEW: usize = 16;
        let (mut order_few, mut next_few) = ([0u32; FEW], [0u32; FEW]);
        let (mut order_many, mut next_many) = (Vec::new(), Vec::new());
        let (order, next) = if sizes.len() <= FEW {
            (&mut order_few[..sizes.len()], &mut next_few[..sizes.len()])
        } else {
            order_many.resize(sizes.len(), 0);
            next_many.resize(sizes.len(), 0);
            (&mut order_many[..], &mut next_many[..])
        };
        for (p, o) in order.iter_mut().enumerate() {
            *o = p as u32;
        }
        crate::engine::sorting::stable_sort_by_key(order, |&p| Reverse(sizes[p as usize]));
        // Where the next layout of each part goes.
        let (layouts, ends) = (&mut self.layouts, &mut self.ends);
        ends.clear();
        let mut at = 0u32;
        for &p in order.iter() {
            next[p as usize] = at;
            at += sizes[p as usize];
            ends.push(at);
        }
        layouts.clear();
        layouts.resize(at as usize, 0);
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
        self.layouts.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gathered_parts_come_largest_first_each_in_the_sets_order() {
        let set = [3, 5, 8, 9, 12, 20];
        // 5 and 12 are in no part; part 0 has 3, part 1 has 8, 9 and 20.
        let parts = Parts::gather(&set, &[1, 0, 2, 2, 0, 2], &[1, 3]);
        let got: Vec<&[u32]> = parts.iter().collect();
        assert_eq!(got, vec![&[8, 9, 20][..], &[3][..]]);
        assert_eq!((parts.len(), parts.layouts()), (2, 4));
    }

    #[test]
    fn equal_sizes_keep_their_numbering() {
        let parts = Parts::gather(&[1, 2, 3, 4], &[2, 1, 2, 1], &[2, 2]);
        let got: Vec<&[u32]> = parts.iter().collect();
        assert_eq!(got, vec![&[2, 4][..], &[1, 3][..]]);
        assert_eq!(Parts::gather(&[1, 2], &[0, 0], &[]).iter().count(), 0);
    }
}
