//! The splits of a set of layouts by what cells show: by one move's cell
//! ([`Search::parts_of_move`]), by the joint observations of the safe cells revealed together
//! ([`Search::joint_parts`]), and cell by cell for the easier game's classes
//! ([`Search::split_by_cells`]). Each goes through an array indexed by what a cell shows,
//! reset entry by entry and kept between calls, so no split hashes.

use crate::endgame::layouts::MINE;
use crate::endgame::parts::Parts;

use super::Search;

/// The most (label, value) pairs [`Search::joint_parts`] indexes in an array (4 MB); past
/// it, a map.
pub(super) const DENSE_PAIRS: usize = 1 << 20;

/// [`Search::joint_parts`]'s numbering of the pairs (label, what `column` shows) of the
/// layouts of `set` by first appearance, into `labels`, where the pairs are too many for an
/// array: the layouts are grouped by label (a counting sort, each group in the set's order),
/// each group's values get pair numbers through `pair_of_value` (per column entry,
/// `u32::MAX` between uses; `values_seen` its entries set), and a last pass in the set's
/// order renumbers the pairs as they first appear. Returns the number of pairs.
fn relabel_sparse(
    set: &[u32],
    column: &[u16],
    labels: &mut [u32],
    n_labels: usize,
    pair_of_value: &mut [u32],
    values_seen: &mut Vec<u16>,
) -> u32 {
    // Where each label's group starts, then (after the scatter) where it ends.
    let mut group_end = vec![0u32; n_labels + 1];
    for &label in labels.iter() {
        group_end[label as usize + 1] += 1;
    }
    for label in 0..n_labels {
        group_end[label + 1] += group_end[label];
    }
    let mut order = vec![0u32; labels.len()];
    for (position, &label) in labels.iter().enumerate() {
        let slot = &mut group_end[label as usize];
        order[*slot as usize] = position as u32;
        *slot += 1;
    }
    let mut pair_of = vec![0u32; labels.len()];
    let mut n_pairs = 0u32;
    let mut group_start = 0;
    for &end in &group_end[..n_labels] {
        for &position in &order[group_start..end as usize] {
            let value = column[set[position as usize] as usize];
            let slot = &mut pair_of_value[value as usize];
            if *slot == u32::MAX {
                *slot = n_pairs;
                n_pairs += 1;
                values_seen.push(value);
            }
            pair_of[position as usize] = *slot;
        }
        for &value in values_seen.iter() {
            pair_of_value[value as usize] = u32::MAX;
        }
        values_seen.clear();
        group_start = end as usize;
    }
    let mut number_of_pair = vec![u32::MAX; n_pairs as usize];
    let mut next = 0;
    for (label, &pair) in labels.iter_mut().zip(&pair_of) {
        let number = &mut number_of_pair[pair as usize];
        if *number == u32::MAX {
            *number = next;
            next += 1;
        }
        *label = *number;
    }
    next
}

impl Search<'_> {
    /// The parts of `set` told apart by the observations of all of `cells`, largest first
    /// (equal sizes in the order of their first layout), each ascending as the table keys
    /// want. The layouts are labelled a cell at a time: a layout's new label numbers the
    /// pair (its label, what the cell shows) by first appearance, through an array indexed
    /// by the pair (reset entry by entry), so the final labels number the joint observations
    /// by first appearance. Exact, with no hashing; when the pairs would outgrow
    /// [`DENSE_PAIRS`], [`relabel_sparse`] numbers them the same way.
    pub(super) fn joint_parts(&mut self, set: &[u32], cells: &[usize]) -> Parts {
        self.visits += set.len() as u64;
        let table = self.table;
        let labels = &mut self.scratch_labels;
        labels.clear();
        labels.resize(set.len(), 0);
        let (label_of_pair, pairs_seen) = (
            &mut self.scratch_label_of_pair,
            &mut self.scratch_pairs_seen,
        );
        let mut n_labels = 1usize;
        for &c in cells {
            let column = table.column(c);
            let n_values = table.n_values(c) as usize;
            let mut next = 0u32;
            if n_labels * n_values <= self.dense_pairs {
                if label_of_pair.len() < n_labels * n_values {
                    label_of_pair.resize(n_labels * n_values, u32::MAX);
                }
                // Through a slice borrowed apart, so that the stores are not assumed to move
                // the vector (as in `Parts::gather_into`).
                let label_of_pair = &mut label_of_pair[..];
                for (label, &layout) in labels.iter_mut().zip(set) {
                    let pair = *label as usize * n_values + column[layout as usize] as usize;
                    let slot = &mut label_of_pair[pair];
                    if *slot == u32::MAX {
                        *slot = next;
                        next += 1;
                        pairs_seen.push(pair as u32);
                    }
                    *label = *slot;
                }
                for &pair in pairs_seen.iter() {
                    label_of_pair[pair as usize] = u32::MAX;
                }
                pairs_seen.clear();
            } else {
                next = relabel_sparse(
                    set,
                    column,
                    labels,
                    n_labels,
                    &mut self.scratch_part_of_value,
                    &mut self.scratch_values_seen,
                );
            }
            n_labels = next as usize;
        }
        // `Parts::gather_into` numbers parts from 1.
        let sizes = &mut self.scratch_sizes;
        sizes.clear();
        sizes.resize(n_labels, 0);
        for label in labels.iter_mut() {
            sizes[*label as usize] += 1;
            *label += 1;
        }
        let mut parts = self.spare_parts.pop().unwrap_or_default();
        parts.gather_into(set, labels, sizes);
        parts
    }

    /// The parts of `set` told apart by the observations of all of `cells`, in no particular
    /// order, each ascending: the set is split by one cell at a time. Exact, with no hashing,
    /// but a pass a cell: the easier game's bound (`groups`) splits its classes with it.
    pub(super) fn split_by_cells(&mut self, set: Vec<u32>, cells: &[usize]) -> Vec<Vec<u32>> {
        let table = self.table;
        // Per column entry its piece (`u32::MAX` between uses), as in `parts_of_move`.
        let part_of_value = &mut self.scratch_part_of_value;
        let values_seen = &mut self.scratch_values_seen;
        let mut pieces = vec![set];
        for &c in cells {
            let column = table.column(c);
            let mut next = Vec::with_capacity(pieces.len());
            for piece in pieces {
                let first = column[piece[0] as usize];
                if piece.iter().all(|&l| column[l as usize] == first) {
                    next.push(piece);
                    continue;
                }
                // Counted first, so that each new piece is allocated once at its size.
                let mut sizes: Vec<u32> = Vec::new();
                for &layout in &piece {
                    let value = column[layout as usize];
                    let slot = &mut part_of_value[value as usize];
                    if *slot == u32::MAX {
                        *slot = sizes.len() as u32;
                        sizes.push(0);
                        values_seen.push(value);
                    }
                    sizes[*slot as usize] += 1;
                }
                let base = next.len();
                next.extend(sizes.iter().map(|&n| Vec::with_capacity(n as usize)));
                for &layout in &piece {
                    let slot = part_of_value[column[layout as usize] as usize];
                    next[base + slot as usize].push(layout);
                }
                for &value in values_seen.iter() {
                    part_of_value[value as usize] = u32::MAX;
                }
                values_seen.clear();
            }
            pieces = next;
        }
        pieces
    }

    /// The parts of the layouts of `set` where `cell` is safe, told apart by what it shows,
    /// largest first. The split is left in the scratch for [`Search::take_split`].
    pub(super) fn parts_of_move(&mut self, set: &[u32], cell: usize) -> Parts {
        self.visits += set.len() as u64;
        // A column's entries are `0..n_values`: the part of each goes through an array kept
        // between calls (reset entry by entry), and the parts are sized by a first count.
        // A slice borrowed apart, as in `joint_parts`.
        let part_of_value = &mut self.scratch_part_of_value[..];
        let values_seen = &mut self.scratch_values_seen;
        let sizes = &mut self.scratch_sizes;
        sizes.clear();
        let split = &mut self.scratch_split;
        split.clear();
        let column = self.table.column(cell);
        // One `extend` of the set's length, not a `push` a layout: no check of room and no
        // length stored at each layout (the push was a sixth of the split's instructions).
        split.extend(set.iter().map(|&layout| {
            let observation = column[layout as usize];
            if observation == MINE {
                return 0;
            }
            let slot = &mut part_of_value[observation as usize];
            if *slot == u32::MAX {
                *slot = sizes.len() as u32;
                sizes.push(0);
                values_seen.push(observation);
            }
            sizes[*slot as usize] += 1;
            *slot + 1
        }));
        for &value in values_seen.iter() {
            part_of_value[value as usize] = u32::MAX;
        }
        values_seen.clear();
        let mut parts = self.spare_parts.pop().unwrap_or_default();
        parts.gather_into(set, split, sizes);
        parts
    }

    /// Keeps parts the caller is done with, for the next split to gather into. Parts that
    /// are dropped instead are only allocated again.
    pub(super) fn recycle(&mut self, parts: Parts) {
        self.spare_parts.push(parts);
    }

    /// The split of the last [`Search::parts_of_move`], as a label per layout of its set (0
    /// for a mine, then parts numbered in order of first appearance): equal for two cells
    /// exactly when they split the set the same way. Taken, so that only the callers that
    /// keep it pay for a vector.
    pub(super) fn take_split(&mut self) -> Vec<u32> {
        std::mem::take(&mut self.scratch_split)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::endgame::budget::EndgameConfig;
    use crate::endgame::test_tables::table_of;
    use crate::rng::GameRng;

    /// The split of a set of layouts by the joint observations of some cells is the exact,
    /// cell by cell one, its parts largest first and equal sizes in the order of their first
    /// layout, on random sets and cells of an open region's table: through the array, and
    /// through the sparse numbering that replaces it for large sets.
    #[test]
    fn joint_parts_are_the_exact_split() {
        let (_, table) = table_of(include_str!(
            "../../../benches/endgame_positions/expert-1000-1.mine"
        ));
        let mut search = Search::new(&table, &EndgameConfig::default());
        let n_cells = table.cells().len();
        assert!(table.n_layouts() > 100 && n_cells > 4);
        let mut rng = GameRng::new(7);
        let mut several_parts = 0;
        for round in 0..200 {
            search.dense_pairs = if round % 2 == 0 { DENSE_PAIRS } else { 0 };
            let set: Vec<u32> = (0..table.n_layouts() as u32)
                .filter(|_| rng.below(3) == 0)
                .collect();
            let cells: Vec<usize> = (0..n_cells).filter(|_| rng.below(4) == 0).collect();
            let parts = search.joint_parts(&set, &cells);
            let mut joint: Vec<Vec<u32>> = parts.iter().map(<[u32]>::to_vec).collect();
            let mut exact = search.split_by_cells(set.clone(), &cells);
            assert!(joint.iter().all(|p| p.is_sorted()));
            assert!(joint.windows(2).all(
                |w| w[0].len() > w[1].len() || (w[0].len() == w[1].len() && w[0][0] < w[1][0])
            ));
            joint.sort();
            exact.sort();
            assert_eq!(joint, exact);
            several_parts += usize::from(exact.len() > 1);
        }
        assert!(several_parts > 100, "only {several_parts} sets split");
    }
}
