//! The search: an expectimax over sets of living layouts, in integers ([`Search`]; the
//! module `endgame`'s header says what makes it small). This file holds the search proper:
//! the nodes, safe reveals without branching, the sum of a move's parts, and the budget's
//! counts. Its bounds (`bounds.rs`), its simple strategy (`strategy.rs`), the easier game's
//! bound (`groups.rs`), independent games (`independent.rs`), the splits of a set by what
//! cells show (`splits.rs`) and every move's value (`move_values.rs`) are more methods of
//! [`Search`], each in a file below this one.

mod bounds;
mod groups;
mod independent;
mod move_values;
mod splits;
mod strategy;

use crate::board::CellIdx;

use super::budget::EndgameConfig;
use super::known::{set_hash, FastMap, Known, KnownSets, NO_CELL};
use super::layouts::LayoutTable;
use super::parts::Parts;
use super::scan::{informative_safe, scan, still_in_play, WideScan};
use splits::DENSE_PAIRS;

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

/// The search ran out of nodes or layout visits.
pub(super) struct NodeLimit;

pub(super) struct Search<'a> {
    table: &'a LayoutTable,
    /// Scratch for [`Search::quick_bound`], kept to spare an allocation per call.
    scratch_mines: Vec<u32>,
    scratch_varies: Vec<bool>,
    /// Scratch for [`Search::quick_bound`]'s safe cells that tell layouts apart.
    scratch_informative: Vec<usize>,
    /// Scratch for [`scan`].
    scratch_wide: WideScan,
    /// Scratch for [`Search::parts_of_move`]: per column entry its part (`u32::MAX` between
    /// calls), and the entries set.
    scratch_part_of_value: Vec<u32>,
    scratch_values_seen: Vec<u16>,
    /// Scratch for [`Search::parts_of_move`]'s split ([`Search::take_split`]).
    scratch_split: Vec<u32>,
    /// Scratch for the parts' sizes of [`Search::parts_of_move`] and
    /// [`Search::joint_parts`].
    scratch_sizes: Vec<u32>,
    /// Parts the search is done with ([`Search::recycle`]), gathered into again.
    spare_parts: Vec<Parts>,
    /// Scans' vectors the search is done with ([`Search::recycle_scan`]), scanned into again.
    spare_scans: Vec<(Vec<u32>, Vec<bool>)>,
    /// Scratch for [`Search::joint_parts`]: per layout its label; per (label, value) pair
    /// its new label (`u32::MAX` between calls), and the pairs set.
    scratch_labels: Vec<u32>,
    scratch_label_of_pair: Vec<u32>,
    scratch_pairs_seen: Vec<u32>,
    /// [`DENSE_PAIRS`], lowered by a test to check the sparse numbering.
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
            scratch_informative: Vec::new(),
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
            scratch_sizes: Vec::new(),
            spare_parts: Vec::new(),
            spare_scans: Vec::new(),
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
        // Kept vectors when there are: a node's two new vectors cost an allocation each
        // and their growth.
        let (mut mines, mut varies) = self.spare_scans.pop().unwrap_or_default();
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

    /// Keeps [`Search::scan_owned`]'s vectors for the next scan.
    fn recycle_scan(&mut self, mines: Vec<u32>, varies: Vec<bool>) {
        self.spare_scans.push((mines, varies));
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
            // Sized at once, as in `still_in_play` (so are the moves below).
            let mut variable = Vec::with_capacity(active.len());
            variable.extend(
                active
                    .iter()
                    .enumerate()
                    .filter(|&(k, _)| mines[k] > 0 && mines[k] < size)
                    .map(|(_, &c)| c),
            );
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
            self.recycle_scan(mines, varies);
            let parts = self.joint_parts(set, &informative_safe);
            let (wins, exact) = self.sum_parts(&parts, cutoff, &child_active)?;
            self.recycle(parts);
            return Ok(NodeResult {
                wins,
                exact,
                best_cell: Some(informative_safe[0]),
            });
        }

        // Moves: cells that may be safe and may be a mine, safest first.
        let mut moves: Vec<(u32, usize)> = Vec::with_capacity(active.len());
        moves.extend(
            active
                .iter()
                .enumerate()
                .filter(|&(k, _)| mines[k] > 0 && mines[k] < size)
                .map(|(k, &c)| (mines[k], c as usize)),
        );
        self.recycle_scan(mines, varies);
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
        // The splits of the moves met (a map like `move_values`' splits, whose code the
        // page's module then holds once; the value is unused).
        let mut seen_splits: FastMap<Vec<u32>, u64> = FastMap::default();
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
                self.recycle(parts);
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
                if seen_splits.insert(self.take_split(), 0).is_some() {
                    self.recycle(parts);
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
                    self.recycle(parts);
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
            self.recycle(parts);
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
        for (_, _, parts) in pending {
            self.recycle(parts);
        }
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
}

#[cfg(test)]
impl Search<'_> {
    /// Sets of layouts for the tests that check a shortcut against its plain definition: the
    /// whole table (`all`), the parts of every move, and 40 random subsets of `all` (each
    /// layout kept with chance 1/2 to 1/7), so that small, large, split and arbitrary sets
    /// all come up.
    pub(super) fn sets_to_check(
        &mut self,
        all: &[u32],
        rng: &mut crate::rng::GameRng,
    ) -> Vec<Vec<u32>> {
        let mut sets = vec![all.to_vec()];
        for cell in 0..self.table.cells().len() {
            sets.extend(self.parts_of_move(all, cell).iter().map(<[u32]>::to_vec));
        }
        for _ in 0..40 {
            let keep = 2 + rng.below(6);
            sets.push(
                all.iter()
                    .copied()
                    .filter(|_| rng.below(keep) == 0)
                    .collect(),
            );
        }
        sets
    }
}
