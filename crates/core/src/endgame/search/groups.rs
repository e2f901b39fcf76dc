//! An upper bound from an easier game: the player is told, for free, every cell outside a
//! small group of cells.
//!
//! Where a few cells (a 2x2 box against revealed numbers, a 50/50) can only be told apart by
//! guessing among them, next to an open region, the quick bound of the search sees one guess
//! only: the safest cell, in the open region, as if it were the last. Every way to win still
//! has to guess in the group, and the search then needs many nodes, or bounds several moves
//! deep, to see it. Here is a bound that sees the group's guess at once.
//!
//! Tell the player which layout holds outside the group. The layouts of a set fall into
//! classes that agree outside the group; any strategy, played on the layouts of one class, is
//! a strategy of that class's own game (it just does not use what it was told), so it wins at
//! most `W(C)` of them, and
//!
//! ```text
//! W(set) <= sum over the classes C of W(C).
//! ```
//!
//! A class of one layout is won. The others are a handful of layouts, bounded at once like
//! the quick bound does (reveal the safe cells that tell them apart, then the safest guess),
//! looking only at the cells whose observation can differ inside a class. The search takes
//! the smaller of this bound and the safest guess's: one catches the group's guess, the other
//! the open region's.
//!
//! The group is chosen once, over all layouts: for each cell next to a revealed number that
//! is a mine in some layouts and not in others, the group of it and its neighbours that are
//! too; the one with the lowest bound over all layouts is kept (none when no group bounds
//! anything below the layouts). The classes of any subset of layouts are those of all
//! layouts, restricted to it (agreeing outside the group is a property of two layouts), so
//! they are labelled once.

use std::hash::Hasher;

use crate::board::{Board, Cell};
use crate::endgame::known::SetHasher;
use crate::endgame::layouts::LayoutTable;
use crate::endgame::scan::{informative_safe, safest_guess};

use super::bounds::QUICK_BOUND_DEPTH;
use super::{Group, Search, ALONE};

/// The classes of `set`: layouts that agree on their mines outside the group (`outside[w]`
/// is the mask of the cells outside the group in mine word `w`).
#[derive(Debug)]
struct Classes {
    /// The layouts alone in their class.
    alone: usize,
    /// The classes of two layouts or more, each ascending, in no particular order.
    several: Vec<Vec<u32>>,
}

/// Splits `set` into [`Classes`]: sorted by a hash of the mines outside the group, with an
/// exact split of any run of equal hashes that a collision merged.
fn classes_outside(table: &LayoutTable, set: &[u32], outside: &[u64]) -> Classes {
    let mut keyed: Vec<(u64, u32)> = set
        .iter()
        .map(|&layout| {
            let mut hasher = SetHasher(0);
            for (&bits, &mask) in table.mine_bits(layout).iter().zip(outside) {
                hasher.write_u64(bits & mask);
            }
            (hasher.finish(), layout)
        })
        .collect();
    keyed.sort_unstable();
    let same = |a: u32, b: u32| {
        let (a, b) = (table.mine_bits(a), table.mine_bits(b));
        a.iter()
            .zip(b)
            .zip(outside)
            .all(|((&x, &y), &mask)| x & mask == y & mask)
    };
    let mut classes = Classes {
        alone: 0,
        several: Vec::new(),
    };
    for run in keyed.chunk_by(|a, b| a.0 == b.0) {
        if run.len() == 1 {
            classes.alone += 1;
            continue;
        }
        let first = run[0].1;
        if run.iter().all(|&(_, layout)| same(layout, first)) {
            classes
                .several
                .push(run.iter().map(|&(_, layout)| layout).collect());
            continue;
        }
        // A collision: split by comparing with each piece's first layout.
        let mut pieces: Vec<Vec<u32>> = Vec::new();
        for &(_, layout) in run {
            match pieces.iter_mut().find(|p| same(p[0], layout)) {
                Some(piece) => piece.push(layout),
                None => pieces.push(vec![layout]),
            }
        }
        for piece in pieces {
            if piece.len() == 1 {
                classes.alone += 1;
            } else {
                classes.several.push(piece);
            }
        }
    }
    classes
}

impl Search<'_> {
    /// Chooses the group (see the module's documentation), from all layouts `all`.
    pub(in crate::endgame) fn choose_group(&mut self, board: &Board, all: &[u32]) {
        let table = self.table;
        let n_cells = table.cells().len();
        if all.len() < 2 || n_cells == 0 {
            return;
        }
        let every_cell: Vec<u32> = (0..n_cells as u32).collect();
        let (mines, _) = self.scan_owned(all, &every_cell);
        let size = all.len() as u32;
        let uncertain: Vec<bool> = mines.iter().map(|&m| m > 0 && m < size).collect();
        let mut kept_of_board = vec![u32::MAX; board.len()];
        for (k, cell) in table.cells().iter().enumerate() {
            kept_of_board[cell.get()] = k as u32;
        }
        let words = table.mine_words();
        // The lowest bound so far: (bound, the group as a mask by mine word, its classes over
        // all layouts, its telling cells), kept whole so the chosen group is not redone.
        let mut best: Option<(u64, Vec<u64>, Classes, Vec<u32>)> = None;
        let mut tried: Vec<Vec<u64>> = Vec::new();
        // Centred on front cells only (next to a revealed number): a group of open-region
        // cells is told apart by their own numbers and bounds nothing, at the same cost.
        let on_front = |k: usize| {
            board
                .neighbours(table.cells()[k])
                .any(|n| matches!(board.cell(n), Cell::Revealed(_)))
        };
        for k in (0..n_cells).filter(|&k| uncertain[k] && on_front(k)) {
            let mut inside = vec![0u64; words];
            inside[k / 64] |= 1 << (k % 64);
            for neighbour in board.neighbours(table.cells()[k]) {
                let n = kept_of_board[neighbour.get()];
                if n != u32::MAX && uncertain[n as usize] {
                    inside[n as usize / 64] |= 1 << (n % 64);
                }
            }
            if tried.contains(&inside) {
                continue;
            }
            tried.push(inside.clone());
            let outside: Vec<u64> = inside.iter().map(|w| !w).collect();
            let telling = telling_cells(table, &inside);
            let classes = classes_outside(table, all, &outside);
            let bound = classes.alone as u64
                + classes
                    .several
                    .iter()
                    .map(|class| self.class_bound(class, &telling, 0))
                    .sum::<u64>();
            if bound < all.len() as u64 && best.as_ref().is_none_or(|b| bound < b.0) {
                best = Some((bound, inside, classes, telling));
            }
        }
        let Some((_, inside, classes, telling)) = best else {
            return;
        };
        let mut class_of = vec![ALONE; table.n_layouts()];
        let mut class_size = Vec::new();
        for class in classes.several {
            for &layout in &class {
                class_of[layout as usize] = class_size.len() as u32;
            }
            class_size.push(class.len() as u32);
        }
        self.group = Some(Group {
            member: (0..n_cells)
                .map(|k| inside[k / 64] >> (k % 64) & 1 == 1)
                .collect(),
            whole_bound: vec![None; class_size.len()],
            class_of,
            class_size,
            telling,
        });
    }

    /// The bound of the easier game over `set` (see the module's documentation): the sum of
    /// the bounds of its classes. The size of `set` when there is no group.
    pub(super) fn group_bound(&mut self, set: &[u32]) -> u64 {
        let Some(mut group) = self.group.take() else {
            return set.len() as u64;
        };
        // Layouts alone in their class are won; the others, by class.
        let mut pairs = std::mem::take(&mut self.scratch_classes);
        pairs.clear();
        let mut bound = 0u64;
        for &layout in set {
            match group.class_of[layout as usize] {
                ALONE => bound += 1,
                class => pairs.push((class, layout)),
            }
        }
        pairs.sort_unstable();
        let mut class: Vec<u32> = Vec::new();
        for run in pairs.chunk_by(|a, b| a.0 == b.0) {
            let id = run[0].0 as usize;
            let whole = run.len() == group.class_size[id] as usize;
            bound += match group.whole_bound[id] {
                Some(known) if whole => known,
                _ => {
                    class.clear();
                    class.extend(run.iter().map(|&(_, layout)| layout));
                    let found = self.class_bound(&class, &group.telling, 0);
                    if whole {
                        group.whole_bound[id] = Some(found);
                    }
                    found
                }
            };
        }
        self.scratch_classes = pairs;
        self.group = Some(group);
        bound
    }

    /// An upper bound on `W(class)` for layouts that agree outside the group, in the way of
    /// the quick bound (safe cells that tell them apart are revealed, a few rounds deep, then
    /// the safest guess) but without the transposition table: classes are many and small.
    /// `telling` holds every cell whose observation can differ among them.
    fn class_bound(&mut self, class: &[u32], telling: &[u32], depth: u32) -> u64 {
        if class.len() <= 2 {
            return self.small_value(class, telling);
        }
        let (mines, varies) = self.scan_owned(class, telling);
        let informative = informative_safe(telling, &mines, &varies);
        if informative.is_empty() {
            return safest_guess(&mines, class.len() as u32);
        }
        if depth >= QUICK_BOUND_DEPTH {
            return class.len() as u64;
        }
        // Classes are small: the exact split costs less than hashing them.
        self.split_by_cells(class.to_vec(), &informative)
            .iter()
            .map(|part| self.class_bound(part, telling, depth + 1))
            .sum()
    }
}

/// The kept cells whose observation depends on a mine of the group (`inside`, a mask by mine
/// word), the group's own included.
fn telling_cells(table: &LayoutTable, inside: &[u64]) -> Vec<u32> {
    let in_group = |c: u32| inside[c as usize / 64] >> (c % 64) & 1 == 1;
    (0..table.cells().len() as u32)
        .filter(|&c| in_group(c) || table.depends(c as usize).iter().any(|&d| in_group(d)))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::endgame::test_tables::table_of;
    use crate::endgame::EndgameConfig;
    use crate::rng::GameRng;

    /// The easier game's bound is never below the value: on sets of layouts of late expert
    /// positions (all layouts, the parts after one move, random subsets), against the exact
    /// value of a search that does not use it. It must also bound many sets below the quick
    /// bound's safest guess, or the check proves little.
    #[test]
    fn group_bounds_are_never_below_the_value() {
        let fixtures = [
            include_str!("../../../benches/endgame_positions/expert-100-1.mine"),
            include_str!("../../../benches/endgame_positions/expert-100-2.mine"),
            include_str!("../../../benches/endgame_positions/expert-100-3.mine"),
            include_str!("../../../benches/endgame_positions/expert-1000-1.mine"),
            include_str!("../../../benches/endgame_positions/expert-1000-2.mine"),
            include_str!("../../../benches/endgame_positions/expert-1000-3.mine"),
        ];
        let plain = EndgameConfig {
            group_min_layouts: u64::MAX,
            ..EndgameConfig::default()
        };
        let mut rng = GameRng::new(41);
        let (mut checked, mut below_safest, mut with_group) = (0, 0, 0);
        for text in fixtures {
            let (board, table) = table_of(text);
            let all: Vec<u32> = (0..table.n_layouts() as u32).collect();
            let every_cell: Vec<u32> = (0..table.cells().len() as u32).collect();
            let mut bounded = Search::new(&table, &EndgameConfig::default());
            bounded.choose_group(&board, &all);
            if bounded.group.is_none() {
                continue;
            }
            with_group += 1;
            let mut exact = Search::new(&table, &plain);
            let sets = exact.sets_to_check(&all, &mut rng);
            for set in sets.iter().filter(|s| s.len() >= 2) {
                let bound = bounded.group_bound(set);
                let value = exact.value(set, -1, &every_cell).ok().unwrap();
                assert!(bound >= value, "bound {bound} below the value {value}");
                let (mines, _) = exact.scan_owned(set, &every_cell);
                below_safest += usize::from(bound < safest_guess(&mines, set.len() as u32));
                checked += 1;
            }
        }
        assert!(with_group >= 4, "a group in only {with_group} positions");
        assert!(checked > 300, "only {checked} sets checked");
        assert!(
            below_safest > 50,
            "only {below_safest} sets bounded below the safest guess"
        );
    }

    /// Classes are the layouts that agree outside the group, exactly: the hashed split equals
    /// a split by sorting on the masked mine bits, for random groups.
    #[test]
    fn classes_are_the_exact_split() {
        let (_, table) = table_of(include_str!(
            "../../../benches/endgame_positions/expert-1000-1.mine"
        ));
        let all: Vec<u32> = (0..table.n_layouts() as u32).collect();
        let mut rng = GameRng::new(5);
        let mut several = 0;
        for _ in 0..50 {
            let outside: Vec<u64> = (0..table.mine_words())
                .map(|_| !(rng.below(u64::MAX) & rng.below(u64::MAX) & rng.below(u64::MAX)))
                .collect();
            let masked = |l: u32| -> Vec<u64> {
                table
                    .mine_bits(l)
                    .iter()
                    .zip(&outside)
                    .map(|(b, m)| b & m)
                    .collect()
            };
            let classes = classes_outside(&table, &all, &outside);
            let mut hashed = classes.several;
            let mut sorted = all.clone();
            sorted.sort_by_key(|&l| (masked(l), l));
            let mut exact: Vec<Vec<u32>> = Vec::new();
            for &l in &sorted {
                match exact.last_mut() {
                    Some(class) if masked(class[0]) == masked(l) => class.push(l),
                    _ => exact.push(vec![l]),
                }
            }
            let alone = exact.iter().filter(|c| c.len() == 1).count();
            exact.retain(|c| c.len() > 1);
            assert_eq!(classes.alone, alone);
            assert!(hashed.iter().all(|c| c.is_sorted()));
            hashed.sort();
            exact.sort();
            assert_eq!(hashed, exact);
            several += usize::from(exact.iter().any(|c| c.len() > 1));
        }
        assert!(
            several > 25,
            "only {several} groups with a class of two layouts"
        );
    }
}
