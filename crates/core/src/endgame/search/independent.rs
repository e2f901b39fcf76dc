//! Independent games: a set whose varying cells fall into groups that tell nothing of each
//! other, and whose layouts are every combination of the groups' own, is won exactly when each
//! group's game is won, so its value is the product of theirs ([`Search::independent_games`],
//! [`Search::product`]).

use crate::endgame::known::{set_hash, FastSet, Known};
use crate::endgame::layouts::MINE;

use super::{NodeLimit, NodeResult, Search};

impl Search<'_> {
    /// Splits `set` into independent games, when it is one: the cells that vary fall into
    /// groups such that what any cell shows depends on the mines of one group only, and the
    /// layouts are every combination of the groups' own layouts. Then the game is won exactly
    /// when each group's game is won, and `W(set)` is the product of the groups' values
    /// (information from one group says nothing about another). Each group's game is the
    /// subset of `set` that agrees with `set[0]` outside the group, so it is searched with the
    /// same table. `None` when there is a single group or the layouts are not a product.
    pub(super) fn independent_games(
        &self,
        set: &[u32],
        active: &[u32],
        variable: &[u32],
    ) -> Option<Vec<Vec<u32>>> {
        if variable.len() < 2 {
            return None;
        }
        let n_cells = self.table.cells().len();
        let mut is_variable = vec![false; n_cells];
        for &c in variable {
            is_variable[c as usize] = true;
        }
        let mut parent: Vec<u32> = (0..n_cells as u32).collect();
        fn root(parent: &mut [u32], mut c: u32) -> u32 {
            while parent[c as usize] != c {
                parent[c as usize] = parent[parent[c as usize] as usize];
                c = parent[c as usize];
            }
            c
        }
        for &x in active {
            let rx = root(&mut parent, x);
            for &y in self.table.depends(x as usize) {
                if is_variable[y as usize] {
                    let ry = root(&mut parent, y);
                    parent[ry as usize] = rx;
                }
            }
        }
        // Group of each variable cell, numbered by first appearance (through an array by
        // root cell: a map of its own would cost the page's module its code).
        let mut group_of_root = vec![usize::MAX; n_cells];
        let mut group_of_cell: Vec<usize> = Vec::with_capacity(variable.len());
        let mut n_groups = 0;
        for &c in variable {
            let group = &mut group_of_root[root(&mut parent, c) as usize];
            if *group == usize::MAX {
                *group = n_groups;
                n_groups += 1;
            }
            group_of_cell.push(*group);
        }
        if n_groups < 2 {
            return None;
        }
        // Per group, the distinct mine patterns on its variable cells, packed in a u128 (a
        // group of more cells is not split: the check is only a shortcut); and per layout,
        // the groups where it differs from `set[0]`.
        let mut bit_of_cell: Vec<u32> = Vec::with_capacity(variable.len());
        let mut group_cells = vec![0u32; n_groups];
        for &g in &group_of_cell {
            bit_of_cell.push(group_cells[g]);
            group_cells[g] += 1;
        }
        if group_cells.iter().any(|&n| n > 128) {
            return None;
        }
        let mut patterns: Vec<FastSet<u128>> = vec![FastSet::default(); n_groups];
        let mut keys = vec![0u128; n_groups];
        let first_row = self.table.row(set[0]);
        let mut first_keys = vec![0u128; n_groups];
        for (k, &c) in variable.iter().enumerate() {
            if first_row[c as usize] == MINE {
                first_keys[group_of_cell[k]] |= 1 << bit_of_cell[k];
            }
        }
        let mut games: Vec<Vec<u32>> = vec![Vec::new(); n_groups];
        for &layout in set {
            let row = self.table.row(layout);
            keys.iter_mut().for_each(|key| *key = 0);
            for (k, &c) in variable.iter().enumerate() {
                if row[c as usize] == MINE {
                    keys[group_of_cell[k]] |= 1 << bit_of_cell[k];
                }
            }
            // The one group where this layout differs from `set[0]`, if only one.
            let mut differs: Option<usize> = None;
            let mut several = false;
            for (g, &key) in keys.iter().enumerate() {
                patterns[g].insert(key);
                if key != first_keys[g] {
                    several |= differs.is_some();
                    differs = Some(g);
                }
            }
            match (several, differs) {
                (true, _) => {}
                (false, None) => games.iter_mut().for_each(|game| game.push(layout)),
                (false, Some(g)) => games[g].push(layout),
            }
        }
        let product = patterns
            .iter()
            .try_fold(1u64, |acc, p| acc.checked_mul(p.len() as u64));
        if product != Some(set.len() as u64) {
            return None;
        }
        crate::engine::sorting::stable_sort_by_key(&mut games, |g| std::cmp::Reverse(g.len()));
        Some(games)
    }

    /// The product of the values of independent games: exact when it exceeds `cutoff`, else
    /// an upper bound at most `cutoff`. The first game's best cell is a best cell of the whole.
    pub(super) fn product(
        &mut self,
        games: &[Vec<u32>],
        cutoff: i64,
        active: &[u32],
    ) -> Result<NodeResult, NodeLimit> {
        let mut done = 1u64;
        let mut best_cell = None;
        for (i, game) in games.iter().enumerate() {
            // What the other games can give at most: their values so far, their sizes after.
            let others = done
                * games[i + 1..]
                    .iter()
                    .map(|g| g.len() as u64)
                    .product::<u64>();
            let need = if cutoff < 0 {
                -1
            } else {
                cutoff / others as i64
            };
            let wins = if i == 0 {
                let result = self.expand(game, need, active)?;
                self.remember(
                    set_hash(game),
                    game,
                    Known::upper(result.wins, result.exact),
                );
                best_cell = result.best_cell;
                result.wins
            } else {
                self.value(game, need, active)?
            };
            if wins as i64 <= need {
                return Ok(NodeResult {
                    wins: wins * others,
                    exact: false,
                    best_cell: None,
                });
            }
            if wins == 0 {
                // Not reached (a game with a layout is always won in some), but a product
                // with a zero is zero whatever the other games give.
                return Ok(NodeResult {
                    wins: 0,
                    exact: true,
                    best_cell,
                });
            }
            done *= wins;
        }
        Ok(NodeResult {
            wins: done,
            exact: true,
            best_cell,
        })
    }
}
