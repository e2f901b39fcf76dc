//! The exact endgame solver: [`solve_endgame`].
//!
//! When a position has few enough consistent layouts, the solver finds the exact chance of
//! winning under optimal play, and a move that achieves it. Every consistent layout of the
//! unflagged mines is equally likely (flags count as mines). A move reveals one cell: a mine
//! loses; a safe cell shows its number, and a 0 opens its neighbours as in play. The game is
//! won when every safe cell is revealed.
//!
//! The pipeline:
//! 1. **Count**: [`solve_board`] gives the exact number of layouts; above the limit the
//!    answer is "too large" at once, before anything is listed.
//! 2. **List** ([`layouts`]): every layout, as what each cell would show in it.
//! 3. **Search**: an expectimax over sets of living layouts, in integers. The value of a set
//!    `L` is `W(L)`, the number of layouts of `L` in which optimal play wins; the win chance is
//!    `W(L) / |L|`, divided only at the end.
//!
//! What makes the search small:
//! - **Positions are sets of layouts.** The game is won exactly when one layout is left (all
//!   layouts have the same number of mines, so two different ones each have a safe cell the
//!   other hides a mine under, unrevealed). The value of a position depends on its living
//!   layouts only, not on which cells were revealed on the way, so the transposition table is
//!   keyed on the set alone. Why: every revealed cell is safe, with the same number, in every
//!   living layout, and the revealed cells are closed under opening (each revealed 0 had its
//!   neighbours revealed with it). So two histories that leave the same set `L` differ only by
//!   cells that either history could reveal for free, seeing nothing new: the same `L`, and
//!   the same choices from then on. For the same reason the search need not track the
//!   revealed cells: replaying a revealed cell splits nothing, and the opening of a new 0,
//!   computed as if nothing were revealed, splits `L` exactly as the real opening does.
//! - **Safe cells first.** A cell safe in every living layout can only add information, so
//!   when such cells still split `L`, the value is the sum over the parts of their joint
//!   observation, with no branching. Cells that are mines in every layout are never played;
//!   safe cells that split nothing are never played either.
//! - **Branch and bound.** A move wins at most in the layouts where it is safe, so moves are
//!   tried safest first and the loop stops once no remaining move can beat the best found.
//!   Inside a move, the parts are searched with the least value they must reach for the move
//!   to matter; a part that cannot reach it cuts the move short (its result is then an upper
//!   bound, and is stored as one).
//! - **Equivalent moves.** Two cells that split the living layouts the same way (same mine
//!   layouts, same parts) have the same value: only the first is searched.

mod layouts;

use std::collections::{HashMap, HashSet};
use std::hash::{BuildHasherDefault, Hasher};

use num_bigint::BigUint;
use num_traits::ToPrimitive;

use crate::board::Board;
use crate::combinatorics::Fraction;
use crate::error::SolveError;
use crate::probability::{solve_board, SolveConfig};
use layouts::{LayoutTable, TableFailure, TableLimits, MINE};

/// The budget of [`solve_endgame`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EndgameConfig {
    /// The most layouts the solver takes on. The default, 20,000, is the size that is solved
    /// exactly in about a second on late expert positions; positions with more layouts are
    /// answered "too large" before anything is listed.
    pub max_layouts: u64,
    /// The most search nodes (positions expanded, not counting those found in the
    /// transposition table). Each stores its set of layouts, so this also bounds memory.
    pub max_nodes: u64,
    /// The most entries (layouts times cells in play) of the observation table, 4 bytes
    /// each. The default, 16 million, is 64 MB.
    pub max_table_entries: u64,
    /// The budget of the layout count ([`solve_board`]).
    pub solve: SolveConfig,
}

impl Default for EndgameConfig {
    fn default() -> EndgameConfig {
        EndgameConfig {
            max_layouts: 20_000,
            max_nodes: 2_000_000,
            max_table_entries: 16_000_000,
            solve: SolveConfig::default(),
        }
    }
}

/// The result of [`solve_endgame`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Endgame {
    layouts: BigUint,
    nodes: u64,
    outcome: EndgameOutcome,
}

/// Whether the position was solved.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum EndgameOutcome {
    /// Solved exactly.
    Solved {
        /// The chance of winning under optimal play, reduced.
        win: Fraction,
        /// A move that achieves it, as `(x, y)`; `None` when every safe cell is already
        /// revealed (the game is won).
        best_move: Option<(usize, usize)>,
    },
    /// Over the budget. This is an answer, not an error: the caller falls back to the
    /// probabilities.
    TooLarge {
        /// What ran out.
        what: &'static str,
        /// The limit that was reached.
        limit: u64,
    },
}

impl Endgame {
    /// The exact number of consistent layouts.
    pub fn layouts(&self) -> &BigUint {
        &self.layouts
    }

    /// Search nodes expanded (zero when the position was too large to start).
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// Solved, or too large.
    pub fn outcome(&self) -> &EndgameOutcome {
        &self.outcome
    }

    /// Whether the position was solved.
    pub fn is_solved(&self) -> bool {
        matches!(self.outcome, EndgameOutcome::Solved { .. })
    }

    /// The exact win chance, when solved.
    pub fn win(&self) -> Option<&Fraction> {
        match &self.outcome {
            EndgameOutcome::Solved { win, .. } => Some(win),
            EndgameOutcome::TooLarge { .. } => None,
        }
    }

    /// The win chance as the nearest `f64`, when solved.
    pub fn win_f64(&self) -> Option<f64> {
        self.win().map(Fraction::to_f64)
    }

    /// A best move `(x, y)`, when solved and the game is not already won.
    pub fn best_move(&self) -> Option<(usize, usize)> {
        match &self.outcome {
            EndgameOutcome::Solved { best_move, .. } => *best_move,
            EndgameOutcome::TooLarge { .. } => None,
        }
    }
}

/// Solves a position exactly, or says it is too large for `config`. Fails only on a
/// position with no consistent layout (or one beyond the layout count's own budget).
pub fn solve_endgame(board: &Board, config: &EndgameConfig) -> Result<Endgame, SolveError> {
    let analysis = solve_board(board, &config.solve)?;
    let layouts = analysis.solutions().clone();
    let too_large = |what, limit, nodes| Endgame {
        layouts: layouts.clone(),
        nodes,
        outcome: EndgameOutcome::TooLarge { what, limit },
    };
    let n_layouts = match layouts.to_u64() {
        Some(n) if n <= config.max_layouts => n,
        _ => return Ok(too_large("layouts", config.max_layouts, 0)),
    };

    // The count's own rules and boxes: trivial deductions done, fronts found.
    let (rules, boxes) = (&analysis.rules, &analysis.boxes);
    let limits = TableLimits {
        max_layouts: n_layouts as usize,
        max_entries: usize::try_from(config.max_table_entries).unwrap_or(usize::MAX),
        // Each step either ends in a layout or is cut by a witness; a generous multiple of
        // the layouts and cells keeps an adversarial position from running away.
        max_steps: 1_000 * (n_layouts + 1) * (board.len() as u64 + 1),
    };
    let table = match LayoutTable::build(board, rules, boxes, limits) {
        Ok(table) => table,
        Err(TableFailure::Entries) => {
            return Ok(too_large(
                "observation table entries",
                config.max_table_entries,
                0,
            ))
        }
        Err(TableFailure::Steps) => return Ok(too_large("enumeration steps", limits.max_steps, 0)),
        // The count above is exact, so the listing cannot find more.
        Err(TableFailure::Layouts) => unreachable!("more layouts than solve_board counts"),
    };
    debug_assert_eq!(
        table.n_layouts() as u64,
        n_layouts,
        "the listing matches the count"
    );

    let mut search = Search::new(&table, config.max_nodes);
    let all: Vec<u32> = (0..table.n_layouts() as u32).collect();
    match search.root(&all) {
        Ok((wins, best_cell)) => {
            let win = Fraction::new(BigUint::from(wins), layouts.clone());
            let best_move = best_cell.map(|c| board.xy(table.cells()[c]));
            Ok(Endgame {
                layouts,
                nodes: search.nodes,
                outcome: EndgameOutcome::Solved { win, best_move },
            })
        }
        Err(NodeLimit) => Ok(too_large("search nodes", config.max_nodes, search.nodes)),
    }
}

/// The search ran out of nodes.
struct NodeLimit;

/// What the transposition table knows about a set of layouts.
#[derive(Debug, Clone, Copy)]
struct Known {
    wins: u64,
    /// Whether `wins` is the value, or only an upper bound on it.
    exact: bool,
}

/// A small multiplicative hasher for the sets of layout indices that key the table: the
/// standard SipHash costs several times more per word, and nothing here is adversarial.
#[derive(Default)]
struct SetHasher(u64);

impl Hasher for SetHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut word = [0u8; 8];
            word[..chunk.len()].copy_from_slice(chunk);
            self.write_u64(u64::from_le_bytes(word));
        }
    }

    fn write_u32(&mut self, n: u32) {
        self.write_u64(n as u64);
    }

    fn write_u64(&mut self, n: u64) {
        self.0 = (self.0.rotate_left(5) ^ n).wrapping_mul(0x51_7C_C1_B7_27_22_0A_95);
    }

    fn write_usize(&mut self, n: usize) {
        self.write_u64(n as u64);
    }
}

type FastMap<K, V> = HashMap<K, V, BuildHasherDefault<SetHasher>>;

struct Search<'a> {
    table: &'a LayoutTable,
    known: FastMap<Box<[u32]>, Known>,
    nodes: u64,
    max_nodes: u64,
}

/// How a node is to be searched: its value when it beats `cutoff`, else an upper bound no
/// greater than `cutoff`.
struct NodeResult {
    wins: u64,
    exact: bool,
    best_cell: Option<usize>,
}

impl<'a> Search<'a> {
    fn new(table: &'a LayoutTable, max_nodes: u64) -> Search<'a> {
        Search {
            table,
            known: FastMap::default(),
            nodes: 0,
            max_nodes,
        }
    }

    /// The exact value of the whole set, and a best cell (index into the cells in play).
    fn root(&mut self, set: &[u32]) -> Result<(u64, Option<usize>), NodeLimit> {
        if set.len() == 1 {
            // One layout: the game is won by revealing its safe cells; any is a best move.
            let row = self.table.row(set[0]);
            return Ok((1, row.iter().position(|&o| o != MINE)));
        }
        let result = self.expand(set, -1)?;
        debug_assert!(result.exact);
        Ok((result.wins, result.best_cell))
    }

    /// The value of `set` if it exceeds `cutoff`; otherwise an upper bound at most `cutoff`.
    fn value(&mut self, set: &[u32], cutoff: i64) -> Result<u64, NodeLimit> {
        if set.len() <= 1 {
            return Ok(set.len() as u64);
        }
        if let Some(known) = self.known.get(set) {
            if known.exact || known.wins as i64 <= cutoff {
                return Ok(known.wins);
            }
        }
        let result = self.expand(set, cutoff)?;
        self.known.insert(
            set.into(),
            Known {
                wins: result.wins,
                exact: result.exact,
            },
        );
        Ok(result.wins)
    }

    /// Searches a set of two or more layouts.
    fn expand(&mut self, set: &[u32], cutoff: i64) -> Result<NodeResult, NodeLimit> {
        self.nodes += 1;
        if self.nodes > self.max_nodes {
            return Err(NodeLimit);
        }
        let n_cells = self.table.cells().len();
        let mut mines = vec![0u32; n_cells];
        for &layout in set {
            for (count, &o) in mines.iter_mut().zip(self.table.row(layout)) {
                *count += (o == MINE) as u32;
            }
        }

        // Safe cells that still tell layouts apart are revealed together, without branching.
        let first = self.table.row(set[0]);
        let informative_safe: Vec<usize> = (0..n_cells)
            .filter(|&c| mines[c] == 0 && set.iter().any(|&l| self.table.row(l)[c] != first[c]))
            .collect();
        if !informative_safe.is_empty() {
            let parts = self.joint_parts(set, &informative_safe);
            let (wins, exact) = self.sum_parts(&parts, set.len() as u64, cutoff)?;
            return Ok(NodeResult {
                wins,
                exact,
                best_cell: Some(informative_safe[0]),
            });
        }

        // Moves: cells that may be safe and may be a mine, safest first.
        let size = set.len() as u32;
        let mut moves: Vec<usize> = (0..n_cells)
            .filter(|&c| mines[c] > 0 && mines[c] < size)
            .collect();
        moves.sort_by_key(|&c| (mines[c], c));
        let mut best: Option<(u64, usize)> = None;
        // The largest upper bound among the moves that did not beat the threshold.
        let mut bound_of_rest = 0u64;
        let mut seen_splits: HashSet<Vec<u32>> = HashSet::new();
        for &cell in &moves {
            let safe = (size - mines[cell]) as u64;
            let threshold = cutoff.max(best.map_or(-1, |(wins, _)| wins as i64));
            if safe as i64 <= threshold {
                bound_of_rest = bound_of_rest.max(safe);
                break;
            }
            let (parts, split) = self.parts_of_move(set, cell);
            if !seen_splits.insert(split) {
                continue;
            }
            let (wins, exact) = self.sum_parts(&parts, safe, threshold)?;
            if exact && wins as i64 > threshold {
                best = Some((wins, cell));
            } else {
                bound_of_rest = bound_of_rest.max(wins);
            }
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

    /// The sum of the parts' values, where the parts hold `total` layouts together: exact
    /// when it exceeds `cutoff`, else an upper bound at most `cutoff` (as soon as the parts
    /// left cannot lift it above `cutoff`, the rest is bounded by their sizes).
    fn sum_parts(
        &mut self,
        parts: &[Vec<u32>],
        total: u64,
        cutoff: i64,
    ) -> Result<(u64, bool), NodeLimit> {
        let mut sum = 0u64;
        let mut rest = total;
        for part in parts {
            rest -= part.len() as u64;
            // This part must exceed `need` for the sum to exceed the cutoff.
            let need = cutoff - sum as i64 - rest as i64;
            sum += self.value(part, need)?;
            if (sum + rest) as i64 <= cutoff {
                return Ok((sum + rest, false));
            }
        }
        Ok((sum, true))
    }

    /// The parts of `set` told apart by the observations of all of `cells`, largest first.
    fn joint_parts(&self, set: &[u32], cells: &[usize]) -> Vec<Vec<u32>> {
        let mut part_of_key: FastMap<Vec<u32>, usize> = FastMap::default();
        let mut parts: Vec<Vec<u32>> = Vec::new();
        let mut key = Vec::with_capacity(cells.len());
        for &layout in set {
            let row = self.table.row(layout);
            key.clear();
            key.extend(cells.iter().map(|&c| row[c]));
            let next = parts.len();
            let part = *part_of_key.entry(key.clone()).or_insert(next);
            if part == next {
                parts.push(Vec::new());
            }
            parts[part].push(layout);
        }
        parts.sort_by_key(|p| std::cmp::Reverse(p.len()));
        parts
    }

    /// The parts of the layouts of `set` where `cell` is safe, told apart by what it shows,
    /// largest first; and the split as a label per layout of `set` (0 for a mine, then parts
    /// numbered in order of first appearance), which is equal for two cells exactly when they
    /// split `set` the same way.
    fn parts_of_move(&self, set: &[u32], cell: usize) -> (Vec<Vec<u32>>, Vec<u32>) {
        let mut part_of_observation: FastMap<u32, usize> = FastMap::default();
        let mut parts: Vec<Vec<u32>> = Vec::new();
        let mut split = Vec::with_capacity(set.len());
        for &layout in set {
            let observation = self.table.row(layout)[cell];
            if observation == MINE {
                split.push(0);
                continue;
            }
            let next = parts.len();
            let part = *part_of_observation.entry(observation).or_insert(next);
            if part == next {
                parts.push(Vec::new());
            }
            parts[part].push(layout);
            split.push(part as u32 + 1);
        }
        parts.sort_by_key(|p| std::cmp::Reverse(p.len()));
        (parts, split)
    }
}
