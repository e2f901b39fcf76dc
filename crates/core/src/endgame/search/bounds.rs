//! The search's upper bounds: the quick bound (what the table knows, else the safest move's
//! safe layouts after the free safe reveals, a few levels deep), the exact value of sets of
//! one or two layouts, and the bound a move deeper that refutes a move before its parts are
//! searched. Cheap and sound (never below the value), they decide what the search skips.

use crate::endgame::known::{set_hash, Known};
use crate::endgame::layouts::MINE;
use crate::endgame::scan::{
    informative_safe, informative_safe_into, safest_guess, scan, still_in_play,
};

use super::Search;

/// How many rounds of safe reveals [`Search::quick_bound`] follows before it settles for
/// the size of a set.
pub(super) const QUICK_BOUND_DEPTH: u32 = 8;

impl Search<'_> {
    /// A cheap upper bound on `W(set)`: what the transposition table knows; else, when no
    /// safe cell tells the layouts apart, the safe layouts of the safest move (a move wins at
    /// most where it is safe); else, since those safe cells are revealed without branching,
    /// the sum of the bounds of the parts they split `set` into (a few levels deep, then the
    /// size). A bound found is stored in the table.
    pub(super) fn quick_bound(&mut self, set: &[u32], active: &[u32]) -> u64 {
        self.quick_bound_at(set, active, 0)
    }

    pub(super) fn quick_bound_at(&mut self, set: &[u32], active: &[u32], depth: u32) -> u64 {
        if set.len() <= 2 {
            return self.small_value(set, active);
        }
        let hash = set_hash(set);
        if let Some(known) = self.known.get(hash, set) {
            // A strategy's entry may carry only the trivial bound, the size.
            if known.exact || known.wins < set.len() as u64 {
                return known.wins;
            }
        }
        let size = set.len() as u32;
        self.visits += set.len() as u64;
        let table = self.table;
        let mines = &mut self.scratch_mines;
        let varies = &mut self.scratch_varies;
        scan(table, set, active, &mut self.scratch_wide, mines, varies);
        // The cells in a vector kept by the search: most quick bounds find some, and a new
        // vector each time cost an allocation and its growth.
        let mut informative = std::mem::take(&mut self.scratch_informative);
        informative_safe_into(active, mines, varies, &mut informative);
        if !informative.is_empty() {
            if depth >= QUICK_BOUND_DEPTH {
                self.scratch_informative = informative;
                return size as u64;
            }
            let parts = self.joint_parts(set, &informative);
            self.scratch_informative = informative;
            let bound = parts
                .iter()
                .map(|p| self.quick_bound_at(p, active, depth + 1))
                .sum();
            self.recycle(parts);
            if set.len() > 2 {
                self.remember(hash, set, Known::upper(bound, false));
            }
            return bound;
        }
        self.scratch_informative = informative;
        let mines = &self.scratch_mines;
        let mut safest = safest_guess(mines, size);
        // The easier game's bound, where the group may still hold a guess: two of its cells
        // vary (layouts that agree outside it differ in two cells at least, as every layout
        // has the same number of mines).
        if set.len() >= self.group_min_layouts {
            if let Some(group) = &self.group {
                let varying = (0..active.len())
                    .filter(|&k| mines[k] > 0 && mines[k] < size && group.contains(active[k]))
                    .count();
                if varying >= 2 {
                    safest = safest.min(self.group_bound(set));
                }
            }
        }
        // Two layouts are settled by this already (one guess, then the other is known), and
        // are cheaper to redo than to store.
        if set.len() > 2 {
            self.remember(hash, set, Known::upper(safest, false));
        }
        safest
    }

    /// The exact value of a set of at most two layouts. Two are both won when a cell safe in
    /// both tells them apart (it is revealed for free), else one is (a guess settles them).
    pub(super) fn small_value(&self, set: &[u32], active: &[u32]) -> u64 {
        let &[a, b] = set else {
            return set.len() as u64;
        };
        let (row_a, row_b) = (self.table.row(a), self.table.row(b));
        let told_apart = active.iter().any(|&c| {
            let (x, y) = (row_a[c as usize], row_b[c as usize]);
            x != y && x != MINE && y != MINE
        });
        1 + told_apart as u64
    }

    /// An upper bound on `W(set)` that looks `plies` moves deep: the safe cells that tell
    /// layouts apart are revealed (for free, as in play), then each move is bounded by the
    /// sum over its parts of their bounds `plies - 1` deep, down to the quick bound; the
    /// bound is the best move's. Stored in the table with its depth.
    pub(super) fn move_bound(&mut self, set: &[u32], active: &[u32], plies: u8) -> u64 {
        if set.len() <= 2 || plies == 0 {
            return self.quick_bound(set, active);
        }
        let mut known_bound = set.len() as u64;
        let hash = set_hash(set);
        if let Some(known) = self.known.get(hash, set) {
            if known.exact || known.plies >= plies {
                return known.wins;
            }
            known_bound = known.wins;
        }
        let size = set.len() as u32;
        let (mines, varies) = self.scan_owned(set, active);
        let child_active = still_in_play(active, &mines, &varies, size);
        let informative_safe = informative_safe(active, &mines, &varies);
        let bound = if !informative_safe.is_empty() {
            let parts = self.joint_parts(set, &informative_safe);
            let bound = parts
                .iter()
                .map(|p| self.move_bound(p, &child_active, plies))
                .sum();
            self.recycle(parts);
            bound
        } else {
            // Sized at once, as in `still_in_play`.
            let mut moves: Vec<(u32, usize)> = Vec::with_capacity(active.len());
            moves.extend(
                (0..active.len())
                    .filter(|&k| mines[k] > 0 && mines[k] < size)
                    .map(|k| (mines[k], active[k] as usize)),
            );
            moves.sort_unstable();
            let mut best = 0u64;
            for &(cell_mines, cell) in &moves {
                let safe = (size - cell_mines) as u64;
                if safe <= best {
                    // The moves left are no safer, and a move wins at most where it is safe.
                    break;
                }
                let parts = self.parts_of_move(set, cell);
                let mut bound = 0u64;
                let mut sizes_left = safe;
                for part in parts.iter() {
                    sizes_left -= part.len() as u64;
                    bound += self.move_bound(part, &child_active, plies - 1);
                    if bound + sizes_left <= best {
                        break;
                    }
                }
                self.recycle(parts);
                best = best.max(bound + sizes_left);
            }
            best
        };
        self.recycle_scan(mines, varies);
        let bound = bound.min(known_bound);
        self.remember(
            hash,
            set,
            Known {
                plies,
                ..Known::upper(bound, false)
            },
        );
        bound
    }
}
