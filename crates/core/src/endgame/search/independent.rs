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
        let (group_of_cell, n_groups) = self.groups_of(active, variable)?;
        self.games_of(set, variable, &group_of_cell, n_groups, true)
    }

    /// The groups of [`Search::independent_games`]: each variable cell's group, numbered by
    /// first appearance, and their number; `None` when there are fewer than two.
    fn groups_of(&self, active: &[u32], variable: &[u32]) -> Option<(Vec<usize>, usize)> {
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
        (n_groups >= 2).then_some((group_of_cell, n_groups))
    }

    /// The groups' games of [`Search::independent_games`], given each variable cell's group
    /// (of `n_groups`), when the set is their product. `by_sizes`: a set whose games' sizes
    /// do not multiply to its size is taken for no product without counting the groups'
    /// patterns (the tests compare it with the count alone).
    fn games_of(
        &self,
        set: &[u32],
        variable: &[u32],
        group_of_cell: &[usize],
        n_groups: usize,
        by_sizes: bool,
    ) -> Option<Vec<Vec<u32>>> {
        // Per group, its variable cells' bits in a u128 key (a group of more cells is not
        // split: the check is only a shortcut).
        let mut bit_of_cell: Vec<u32> = Vec::with_capacity(variable.len());
        let mut group_cells = vec![0u32; n_groups];
        for &g in group_of_cell {
            bit_of_cell.push(group_cells[g]);
            group_cells[g] += 1;
        }
        if group_cells.iter().any(|&n| n > 128) {
            return None;
        }
        // Each group's game: the layouts that agree with `set[0]` outside the group. A
        // layout stops being looked at once it differs from `set[0]` in a second group.
        let first_row = self.table.row(set[0]);
        let first_is_mine: Vec<bool> = variable
            .iter()
            .map(|&c| first_row[c as usize] == MINE)
            .collect();
        let mut games: Vec<Vec<u32>> = vec![Vec::new(); n_groups];
        for &layout in set {
            let row = self.table.row(layout);
            // The one group where this layout differs from `set[0]`, if only one.
            let mut differs: Option<usize> = None;
            let mut several = false;
            for (k, &c) in variable.iter().enumerate() {
                if (row[c as usize] == MINE) != first_is_mine[k] {
                    let g = group_of_cell[k];
                    if differs.is_some_and(|d| d != g) {
                        several = true;
                        break;
                    }
                    differs = Some(g);
                }
            }
            match (several, differs) {
                (true, _) => {}
                (false, None) => games.iter_mut().for_each(|game| game.push(layout)),
                (false, Some(g)) => games[g].push(layout),
            }
        }
        // Distinct layouts differ in their variable cells (the listing holds each placement
        // once, and the other cells are the same in every layout of the set), so in a
        // product each group's game holds one layout per pattern of the group, and the
        // games' sizes multiply to the set's size. Where they do not, it is no product, and
        // the count of every group's patterns below (a hash set a group) is skipped: most
        // sets of two groups or more end here.
        let sizes = games
            .iter()
            .try_fold(1u64, |acc, game| acc.checked_mul(game.len() as u64));
        if by_sizes && sizes != Some(set.len() as u64) {
            return None;
        }
        // The set is every combination of the groups' patterns exactly when their numbers
        // multiply to its size.
        let mut patterns: Vec<FastSet<u128>> = vec![FastSet::default(); n_groups];
        let mut keys = vec![0u128; n_groups];
        for &layout in set {
            let row = self.table.row(layout);
            keys.iter_mut().for_each(|key| *key = 0);
            for (k, &c) in variable.iter().enumerate() {
                if row[c as usize] == MINE {
                    keys[group_of_cell[k]] |= 1 << bit_of_cell[k];
                }
            }
            for (group_patterns, &key) in patterns.iter_mut().zip(&keys) {
                group_patterns.insert(key);
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::endgame::budget::EndgameConfig;
    use crate::endgame::scan::scan;
    use crate::endgame::test_tables::table_of;
    use crate::rng::GameRng;

    /// The games' sizes rule out exactly the sets that the count of the groups' patterns
    /// rules out: with and without that shortcut, the same games (or none), on the sets of
    /// positions with independent 50/50s and of late expert positions (all layouts, the parts
    /// after each move, random subsets). Enough of them must be products, and enough not,
    /// for the check to mean something.
    #[test]
    fn the_sizes_shortcut_rejects_only_non_products() {
        let fixtures = [
            "8x2x3\nH1001HHH\nH1001HHH\n",
            "6x2x2\nH1001H\nH1001H\n",
            "11x2x3\nH1001H1001H\nH1001H1001H\n",
            include_str!("../../../benches/endgame_positions/expert-100-1.mine"),
            include_str!("../../../benches/endgame_positions/expert-100-2.mine"),
            include_str!("../../../benches/endgame_positions/expert-1000-1.mine"),
            include_str!("../../../benches/endgame_positions/expert-1000-2.mine"),
        ];
        let mut rng = GameRng::new(5);
        let (mut products, mut others) = (0, 0);
        for text in fixtures {
            let (_, table) = table_of(text);
            let search = Search::new(&table, &EndgameConfig::default());
            let all: Vec<u32> = (0..table.n_layouts() as u32).collect();
            let every_cell: Vec<u32> = (0..table.cells().len() as u32).collect();
            let sets = Search::new(&table, &EndgameConfig::default()).sets_to_check(&all, &mut rng);
            let mut wide = Default::default();
            let (mut mines, mut varies) = (Vec::new(), Vec::new());
            for set in sets.iter().filter(|s| s.len() >= 2) {
                scan(&table, set, &every_cell, &mut wide, &mut mines, &mut varies);
                let size = set.len() as u32;
                let variable: Vec<u32> = every_cell
                    .iter()
                    .zip(&mines)
                    .filter(|&(_, &m)| m > 0 && m < size)
                    .map(|(&c, _)| c)
                    .collect();
                let shortcut = search.independent_games(set, &every_cell, &variable);
                // The same groups, then the patterns counted whatever the sizes.
                let Some((group_of_cell, n_groups)) = search.groups_of(&every_cell, &variable)
                else {
                    assert!(shortcut.is_none());
                    continue;
                };
                let counted = search.games_of(set, &variable, &group_of_cell, n_groups, false);
                assert_eq!(shortcut, counted);
                if counted.is_some() {
                    products += 1;
                } else {
                    others += 1;
                }
            }
        }
        assert!(
            products >= 20 && others >= 200,
            "{products} products, {others} others"
        );
    }
}
