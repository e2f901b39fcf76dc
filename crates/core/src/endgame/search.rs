//! The search: an expectimax over sets of living layouts, in integers ([`Search`]; the
//! module `endgame`'s header says what makes it small). This file holds the search proper:
//! the nodes, safe reveals without branching, the parts of a move, independent games, and the
//! budget's counts. Its bounds (`bounds.rs`), its simple strategy (`strategy.rs`), the easier
//! game's bound (`groups.rs`) and every move's value (`move_values.rs`) are more methods of
//! [`Search`], each in a file below this one.

mod bounds;
mod groups;
mod move_values;
mod strategy;

use crate::board::CellIdx;

use super::budget::EndgameConfig;
use super::known::{set_hash, FastMap, FastSet, Known, KnownSets, NO_CELL};
use super::layouts::{LayoutTable, MINE};
use super::parts::Parts;
use super::scan::{informative_safe, scan, still_in_play, WideScan};

/// [`Group::class_of`] of a layout that no other layout agrees with outside the group.
const ALONE: u32 = u32::MAX;

/// The chosen group, and the classes of all layouts (chosen and used by [`groups`]).
pub(super) struct Group {
    /// Per kept cell, whether it is in the group.
    member: Vec<bool>,
    /// Per layout, its class, or [`ALONE`].
    class_of: Vec<u32>,
    /// Per class, its number of layouts.
    class_size: Vec<u32>,
    /// Per class, the bound of the whole class once computed.
    whole_bound: Vec<Option<u64>>,
    /// The kept cells whose observation can differ inside a class: the group's, and those
    /// whose observation depends on a mine of the group. The others show the same across a
    /// class, so the bound of a class scans these only.
    telling: Vec<u32>,
}

impl Group {
    /// Whether kept cell `cell` is in the group.
    pub(super) fn contains(&self, cell: u32) -> bool {
        self.member[cell as usize]
    }
}

/// The least number of layouts for which the search looks for independent games: below it
/// the check costs more than it saves.
pub(super) const MIN_SPLIT_SIZE: usize = 4;

/// The most (label, value) pairs [`Search::joint_parts`] indexes in an array (4 MB); past
/// it, a map.
const DENSE_PAIRS: usize = 1 << 20;

/// The search ran out of nodes or layout visits.
pub(super) struct NodeLimit;

pub(super) struct Search<'a> {
    table: &'a LayoutTable,
    /// Scratch for [`Search::quick_bound`], kept to spare an allocation per call.
    scratch_mines: Vec<u32>,
    scratch_varies: Vec<bool>,
    /// Scratch for [`scan`].
    scratch_wide: WideScan,
    /// Scratch for [`Search::parts_of_move`]: per column entry its part (`u32::MAX` between
    /// calls), and the entries set.
    scratch_part_of_value: Vec<u32>,
    scratch_values_seen: Vec<u16>,
    /// Scratch for [`Search::parts_of_move`]'s split ([`Search::take_split`]).
    scratch_split: Vec<u32>,
    /// Scratch for [`Search::joint_parts`]: per layout its label; per (label, value) pair
    /// its new label (`u32::MAX` between calls), and the pairs set.
    scratch_labels: Vec<u32>,
    scratch_label_of_pair: Vec<u32>,
    scratch_pairs_seen: Vec<u32>,
    /// [`DENSE_PAIRS`], lowered by a test to check the map.
    dense_pairs: usize,
    known: KnownSets,
    /// Layout indices stored in `known`, and their limit.
    known_words: u64,
    max_known_words: u64,
    pub(super) nodes: u64,
    max_nodes: u64,
    /// Layouts visited by passes over sets, and their limit ([`EndgameConfig::max_visits`]).
    pub(super) visits: u64,
    max_visits: u64,
    /// The set whose strategy is the move to play when the search is cut: the whole set, or
    /// the first of its independent games (a strategy there, with any play of the others,
    /// wins at least its own wins: each game is won in one layout at least). And the most
    /// wins of a strategy known from it so far, with its first move ([`NO_CELL`] when none
    /// is).
    root_set: Vec<u32>,
    pub(super) root_best: (u64, u32),
    /// From [`EndgameConfig::strategy_min_layouts`] and [`EndgameConfig::widen_min_layouts`].
    strategy_min_layouts: usize,
    widen_min_layouts: usize,
    /// From [`EndgameConfig::probe_min_layouts`] and [`EndgameConfig::probe_plies`].
    probe_min_layouts: usize,
    probe_plies: u8,
    /// The group of the easier game ([`groups`]), when one bounds anything, and from how
    /// many layouts on its bound is taken.
    group: Option<Group>,
    group_min_layouts: usize,
    /// Scratch for [`Search::group_bound`]: (class, layout) pairs.
    scratch_classes: Vec<(u32, u32)>,
}

/// The result of searching a node against a cutoff: its value when that beats the cutoff
/// (`exact`), else an upper bound no greater than the cutoff; and a best cell when exact.
struct NodeResult {
    wins: u64,
    exact: bool,
    best_cell: Option<usize>,
}

impl<'a> Search<'a> {
    pub(super) fn new(table: &'a LayoutTable, config: &EndgameConfig) -> Search<'a> {
        let to_size = |n: u64| usize::try_from(n.max(2)).unwrap_or(usize::MAX);
        Search {
            table,
            scratch_mines: Vec::new(),
            scratch_varies: Vec::new(),
            scratch_wide: WideScan::default(),
            scratch_part_of_value: vec![
                u32::MAX;
                (0..table.cells().len())
                    .map(|c| table.n_values(c) as usize)
                    .max()
                    .unwrap_or(0)
            ],
            scratch_values_seen: Vec::new(),
            scratch_split: Vec::new(),
            scratch_labels: Vec::new(),
            scratch_label_of_pair: Vec::new(),
            scratch_pairs_seen: Vec::new(),
            dense_pairs: DENSE_PAIRS,
            known: KnownSets::default(),
            known_words: 0,
            max_known_words: config.max_known_words,
            nodes: 0,
            max_nodes: config.max_nodes,
            visits: 0,
            max_visits: config.max_visits,
            root_set: Vec::new(),
            root_best: (0, NO_CELL),
            strategy_min_layouts: to_size(config.strategy_min_layouts),
            widen_min_layouts: to_size(config.widen_min_layouts),
            probe_min_layouts: to_size(config.probe_min_layouts),
            probe_plies: config.probe_plies,
            group: None,
            group_min_layouts: to_size(config.group_min_layouts),
            scratch_classes: Vec::new(),
        }
    }

    /// [`scan`] into new vectors (for callers that recurse while they use them).
    fn scan_owned(&mut self, set: &[u32], active: &[u32]) -> (Vec<u32>, Vec<bool>) {
        self.visits += set.len() as u64;
        let (mut mines, mut varies) = (Vec::new(), Vec::new());
        scan(
            self.table,
            set,
            active,
            &mut self.scratch_wide,
            &mut mines,
            &mut varies,
        );
        (mines, varies)
    }

    /// Stores what is known about a set, while the table is within its budget; past it the
    /// search goes on, exact, only without remembering more. `hash` is the set's
    /// [`set_hash`].
    fn remember(&mut self, hash: u64, set: &[u32], known: Known) {
        let (known_words, max_known_words) = (&mut self.known_words, self.max_known_words);
        self.known.remember(hash, set, known, |set| {
            // A set costs its indices plus about ten words of entry and allocation overhead.
            let words = set.len() as u64 + 10;
            let room = *known_words + words <= max_known_words;
            if room {
                *known_words += words;
            }
            room
        });
    }

    /// The exact value of the whole set, and a best cell.
    pub(super) fn root(&mut self, set: &[u32]) -> Result<(u64, Option<CellIdx>), NodeLimit> {
        if set.len() == 1 {
            // One layout: the game is won by revealing its safe cells; any is a best move.
            return Ok((1, self.table.first_safe()));
        }
        let every_cell: Vec<u32> = (0..self.table.cells().len() as u32).collect();
        self.root_set = set.to_vec();
        let result = self.expand(set, -1, &every_cell)?;
        debug_assert!(result.exact);
        Ok((result.wins, result.best_cell.map(|c| self.table.cells()[c])))
    }

    /// The value of `set` if it exceeds `cutoff`; otherwise an upper bound at most `cutoff`.
    fn value(&mut self, set: &[u32], cutoff: i64, active: &[u32]) -> Result<u64, NodeLimit> {
        if set.len() <= 2 {
            return Ok(self.small_value(set, active));
        }
        let hash = set_hash(set);
        if let Some(known) = self.known.get(hash, set) {
            if known.exact || known.wins as i64 <= cutoff {
                return Ok(known.wins);
            }
        }
        let result = self.expand(set, cutoff, active)?;
        self.remember(hash, set, Known::upper(result.wins, result.exact));
        Ok(result.wins)
    }

    /// Searches a set of two or more layouts.
    fn expand(
        &mut self,
        set: &[u32],
        cutoff: i64,
        active: &[u32],
    ) -> Result<NodeResult, NodeLimit> {
        self.nodes += 1;
        if self.nodes > self.max_nodes || self.visits > self.max_visits {
            return Err(NodeLimit);
        }
        // One pass over the layouts: per active cell, its mines and whether what it shows
        // varies.
        let (mines, varies) = self.scan_owned(set, active);
        // Cells that are mines in every layout here, or safe showing the same everywhere,
        // stay so in every subset: the children need not look at them.
        let size = set.len() as u32;
        let child_active = still_in_play(active, &mines, &varies, size);

        // Independent parts are solved apart and multiplied.
        if set.len() >= MIN_SPLIT_SIZE {
            let variable: Vec<u32> = active
                .iter()
                .enumerate()
                .filter(|&(k, _)| mines[k] > 0 && mines[k] < size)
                .map(|(_, &c)| c)
                .collect();
            if let Some(games) = self.independent_games(set, &child_active, &variable) {
                if set == self.root_set {
                    // The first game's strategy is the whole's (games come largest first).
                    self.root_set = games[0].clone();
                }
                return self.product(&games, cutoff, &child_active);
            }
        }

        // Safe cells that still tell layouts apart are revealed together, without branching.
        let informative_safe = informative_safe(active, &mines, &varies);
        if !informative_safe.is_empty() {
            let parts = self.joint_parts(set, &informative_safe);
            let (wins, exact) = self.sum_parts(&parts, cutoff, &child_active)?;
            return Ok(NodeResult {
                wins,
                exact,
                best_cell: Some(informative_safe[0]),
            });
        }

        // Moves: cells that may be safe and may be a mine, safest first.
        let mut moves: Vec<(u32, usize)> = active
            .iter()
            .enumerate()
            .filter(|&(k, _)| mines[k] > 0 && mines[k] < size)
            .map(|(k, &c)| (mines[k], c as usize))
            .collect();
        moves.sort_unstable();
        // The largest upper bound among the moves that did not beat the threshold.
        let mut bound_of_rest = 0u64;
        // Moves are searched by a bound one move deep: the sum of their parts' quick bounds,
        // highest first, so that a strong move is found early and the others are cut short.
        // The bounds are computed lazily, safest move first: a move's bound is at most its
        // safe layouts, so once those are no more than the best bound at hand, the rest can
        // wait (and are often never needed).
        let mut pending: Vec<(u64, usize, Parts)> = Vec::new();
        let mut next_move = 0;
        let mut seen_splits: FastSet<Vec<u32>> = FastSet::default();
        // A strategy found cheaply sets the bar: its wins are reached, so only a move that
        // beats them needs an exact value (its first move is searched like any other, and
        // is the best move when none does better).
        let (mut lower, mut lower_cell) = if set.len() >= self.strategy_min_layouts {
            self.strategy(set, &child_active)
        } else {
            (0, NO_CELL)
        };
        if set.len() >= self.widen_min_layouts {
            for &(_, cell) in &moves {
                let parts = self.parts_of_move(set, cell);
                let move_lower: u64 = parts
                    .iter()
                    .map(|p| self.strategy_wins(p, &child_active))
                    .sum();
                if move_lower > lower {
                    lower = move_lower;
                    lower_cell = cell as u32;
                }
            }
        }
        let at_root = set.len() == self.root_set.len() && set == self.root_set;
        if at_root && lower > self.root_best.0 && lower_cell != NO_CELL {
            self.root_best = (lower, lower_cell);
        }
        let mut best: Option<(u64, usize)> = (lower as i64 > cutoff && lower_cell != NO_CELL)
            .then_some((lower, lower_cell as usize));
        loop {
            let threshold = cutoff.max(best.map_or(-1, |(wins, _)| wins as i64));
            let mut top_pending = pending.iter().map(|p| p.0).max().unwrap_or(0);
            while next_move < moves.len() {
                let (cell_mines, cell) = moves[next_move];
                let safe = (size - cell_mines) as u64;
                if safe as i64 <= threshold || safe <= top_pending {
                    break;
                }
                next_move += 1;
                let parts = self.parts_of_move(set, cell);
                if !seen_splits.insert(self.take_split()) {
                    continue;
                }
                // The parts' bounds, largest part first; a part is worth at most its size, so
                // once the bounds so far and the sizes left cannot beat the threshold, the move
                // is cut without bounding the rest.
                let mut bound = 0u64;
                let mut sizes_left = parts.layouts() as u64;
                for part in parts.iter() {
                    sizes_left -= part.len() as u64;
                    bound += self.quick_bound(part, &child_active);
                    if (bound + sizes_left) as i64 <= threshold {
                        break;
                    }
                }
                let bound = bound + sizes_left;
                if bound as i64 <= threshold {
                    bound_of_rest = bound_of_rest.max(bound);
                    continue;
                }
                top_pending = top_pending.max(bound);
                pending.push((bound, cell, parts));
            }
            // The first of the highest bounds: among equals, the safer move.
            let Some(pick) =
                (0..pending.len()).max_by_key(|&i| (pending[i].0, std::cmp::Reverse(i)))
            else {
                break;
            };
            if pending[pick].0 as i64 <= threshold {
                break;
            }
            let (_, cell, parts) = pending.remove(pick);
            let (wins, exact) = self.sum_parts(&parts, threshold, &child_active)?;
            if exact && wins as i64 > threshold {
                best = Some((wins, cell));
                if at_root {
                    self.root_best = (wins, cell as u32);
                }
            } else {
                bound_of_rest = bound_of_rest.max(wins);
            }
        }
        // What was left unsearched is bounded by the best pending bound and by the safe
        // layouts of the safest move not looked at.
        bound_of_rest = bound_of_rest.max(pending.iter().map(|p| p.0).max().unwrap_or(0));
        if let Some(&(cell_mines, _)) = moves.get(next_move) {
            bound_of_rest = bound_of_rest.max((size - cell_mines) as u64);
        }
        Ok(match best {
            Some((wins, cell)) => NodeResult {
                wins,
                exact: true,
                best_cell: Some(cell),
            },
            None => NodeResult {
                wins: bound_of_rest,
                exact: false,
                best_cell: None,
            },
        })
    }

    /// The sum of the parts' values: exact when it exceeds `cutoff`, else an upper bound at
    /// most `cutoff`. Each part is first given a cheap upper bound ([`Search::quick_bound`]);
    /// the parts are then searched in turn, each with the least value it must beat for the
    /// sum to matter, and as soon as the parts left cannot lift the sum above `cutoff`, the
    /// rest is counted at its bounds.
    fn sum_parts(
        &mut self,
        parts: &Parts,
        cutoff: i64,
        active: &[u32],
    ) -> Result<(u64, bool), NodeLimit> {
        // A part is worth at most its size: once the bounds so far and the sizes left cannot
        // beat the cutoff, the rest need no bound.
        let mut sizes_left = parts.layouts() as u64;
        let mut bounds: Vec<u64> = Vec::with_capacity(parts.len());
        let mut rest = 0u64;
        for part in parts.iter() {
            sizes_left -= part.len() as u64;
            let bound = self.quick_bound(part, active);
            bounds.push(bound);
            rest += bound;
            if (rest + sizes_left) as i64 <= cutoff {
                return Ok((rest + sizes_left, false));
            }
        }
        // The quick bounds do not settle it: when there is a value to refute, the larger
        // parts get a bound that looks a few moves deep ([`Search::move_bound`]). In open
        // regions the quick bound assumes one more guess wins, where several are still
        // needed; the deeper bound often refutes the move outright, and otherwise gives the
        // parts searched first a higher value to reach, so they are cut sooner.
        if cutoff >= 0 && self.probe_plies > 0 {
            for (part, bound) in parts.iter().zip(bounds.iter_mut()) {
                if part.len() < self.probe_min_layouts {
                    continue;
                }
                let deeper = self.move_bound(part, active, self.probe_plies);
                if deeper < *bound {
                    rest -= *bound - deeper;
                    *bound = deeper;
                    if rest as i64 <= cutoff {
                        return Ok((rest, false));
                    }
                }
            }
        }
        let mut sum = 0u64;
        for (part, &bound) in parts.iter().zip(&bounds) {
            rest -= bound;
            // This part must exceed `need` for the sum to exceed the cutoff.
            let need = cutoff - sum as i64 - rest as i64;
            sum += self.value(part, need, active)?;
            if (sum + rest) as i64 <= cutoff {
                return Ok((sum + rest, false));
            }
        }
        Ok((sum, true))
    }

    /// Splits `set` into independent games, when it is one: the cells that vary fall into
    /// groups such that what any cell shows depends on the mines of one group only, and the
    /// layouts are every combination of the groups' own layouts. Then the game is won exactly
    /// when each group's game is won, and `W(set)` is the product of the groups' values
    /// (information from one group says nothing about another). Each group's game is the
    /// subset of `set` that agrees with `set[0]` outside the group, so it is searched with the
    /// same table. `None` when there is a single group or the layouts are not a product.
    fn independent_games(
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
        // Group of each variable cell, numbered by first appearance.
        let mut group_of_root: FastMap<u32, usize> = FastMap::default();
        let mut group_of_cell: Vec<usize> = Vec::with_capacity(variable.len());
        for &c in variable {
            let r = root(&mut parent, c);
            let next = group_of_root.len();
            group_of_cell.push(*group_of_root.entry(r).or_insert(next));
        }
        let n_groups = group_of_root.len();
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
    fn product(
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

    /// The parts of `set` told apart by the observations of all of `cells`, largest first
    /// (equal sizes in the order of their first layout), each ascending as the table keys
    /// want. The layouts are labelled a cell at a time: a layout's new label numbers the
    /// pair (its label, what the cell shows) by first appearance, through an array indexed
    /// by the pair (reset entry by entry), so the final labels number the joint observations
    /// by first appearance. Exact, with no hashing; a map replaces the array only when the
    /// pairs would outgrow [`DENSE_PAIRS`].
    fn joint_parts(&mut self, set: &[u32], cells: &[usize]) -> Parts {
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
                let mut label_of: FastMap<(u32, u16), u32> = FastMap::default();
                for (label, &layout) in labels.iter_mut().zip(set) {
                    let fresh = label_of.len() as u32;
                    *label = *label_of
                        .entry((*label, column[layout as usize]))
                        .or_insert(fresh);
                }
                next = label_of.len() as u32;
            }
            n_labels = next as usize;
        }
        // `Parts::gather` numbers parts from 1.
        let mut sizes = vec![0u32; n_labels];
        for label in labels.iter_mut() {
            sizes[*label as usize] += 1;
            *label += 1;
        }
        Parts::gather(set, labels, &sizes)
    }

    /// The parts of `set` told apart by the observations of all of `cells`, in no particular
    /// order, each ascending: the set is split by one cell at a time. Exact, with no hashing,
    /// but a pass a cell: the easier game's bound (`groups`) splits its classes with it.
    fn split_by_cells(&mut self, set: Vec<u32>, cells: &[usize]) -> Vec<Vec<u32>> {
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
    fn parts_of_move(&mut self, set: &[u32], cell: usize) -> Parts {
        self.visits += set.len() as u64;
        // A column's entries are `0..n_values`: the part of each goes through an array kept
        // between calls (reset entry by entry), and the parts are sized by a first count.
        let part_of_value = &mut self.scratch_part_of_value;
        let values_seen = &mut self.scratch_values_seen;
        let mut sizes: Vec<u32> = Vec::new();
        let split = &mut self.scratch_split;
        split.clear();
        split.reserve(set.len());
        let column = self.table.column(cell);
        for &layout in set {
            let observation = column[layout as usize];
            if observation == MINE {
                split.push(0);
                continue;
            }
            let slot = &mut part_of_value[observation as usize];
            if *slot == u32::MAX {
                *slot = sizes.len() as u32;
                sizes.push(0);
                values_seen.push(observation);
            }
            sizes[*slot as usize] += 1;
            split.push(*slot + 1);
        }
        for &value in values_seen.iter() {
            part_of_value[value as usize] = u32::MAX;
        }
        values_seen.clear();
        Parts::gather(set, split, &sizes)
    }

    /// The split of the last [`Search::parts_of_move`], as a label per layout of its set (0
    /// for a mine, then parts numbered in order of first appearance): equal for two cells
    /// exactly when they split the set the same way. Taken, so that only the callers that
    /// keep it pay for a vector.
    fn take_split(&mut self) -> Vec<u32> {
        std::mem::take(&mut self.scratch_split)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::endgame::test_tables::table_of;
    use crate::rng::GameRng;

    /// The split of a set of layouts by the joint observations of some cells is the exact,
    /// cell by cell one, its parts largest first and equal sizes in the order of their first
    /// layout, on random sets and cells of an open region's table: through the array, and
    /// through the map that replaces it for large sets.
    #[test]
    fn joint_parts_are_the_exact_split() {
        let (_, table) = table_of(include_str!(
            "../../benches/endgame_positions/expert-1000-1.mine"
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
