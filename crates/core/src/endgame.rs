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
//! 2. **List** (`layouts`): every layout, as what each cell would show in it (only the
//!    cells that tell layouts apart, 16 bits an entry, so a layout's row is a cache line or
//!    two).
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
//! - **Independent games.** When the cells that vary fall into groups that see nothing of
//!   each other (what any cell shows depends on one group's mines only) and the layouts are
//!   every combination of the groups' own layouts (isolated 50/50s, separate regions whose
//!   mine counts are settled), the value is the product of the groups' values.
//! - **Branch and bound.** A move wins at most in the layouts where it is safe. Each move is
//!   given a bound one move deep: the sum, over the parts it splits the layouts into, of a
//!   cheap bound per part (the safest move's safe layouts, after following the safe reveals).
//!   Moves are searched by that bound, highest first, and the loop stops once no remaining
//!   move can beat the best found. Inside a move, the parts are searched with the least value
//!   they must reach for the move to matter; a part that cannot reach it cuts the move short
//!   (its result is then an upper bound, and is stored as one).
//! - **Deeper bounds before a search.** When a move's quick bounds do not show that it
//!   cannot beat the value at hand, each of its larger parts is bounded a move deeper first
//!   (the best move's parts, each at its quick bound). In open regions the quick bound
//!   assumes one more guess settles everything, while the value of a part counts every guess
//!   still needed: the deeper bound often refutes the move without a search, and otherwise
//!   the parts searched first must reach more, so they are cut sooner.
//! - **An easier game's bound** (`groups`). Where a few cells can only be settled by a
//!   guess among them (a box against revealed numbers, a 50/50) beside an open region, the
//!   quick bound sees only the safest guess, in the open region. Telling the player every
//!   cell outside that group gives a game won at least as often, whose value is a sum over
//!   classes of a few layouts, bounded at once; the quick bound takes the smaller of the two.
//!   On expert-20000-3 (a bench position) this cut the time from about 6 s to 0.6 s.
//! - **A strategy sets the bar.** In a position of thousands of layouts, a simple strategy is
//!   played first (reveal what is safe, else the move with the best safety-and-progress
//!   score), in integers like the search; its wins are reached, so the search only looks for
//!   a move that beats them, and its first move is the answer when none does. In the largest
//!   positions the strategy is also played after each move, and the best of those sets the
//!   bar ("widening"). Why: in an open region the one-move bounds of the safe-looking cells
//!   are far above their values, while the best move is often a riskier front cell; without
//!   a bar, those cells are searched exactly, at great cost, before it is found.
//! - **Equivalent moves.** Two cells that split the living layouts the same way (same mine
//!   layouts, same parts) have the same value: only the first is searched. (A "dead" cell,
//!   whose number is the same wherever it is safe, is kept as a move: its value is that of
//!   the layouts where it is safe, which can still be the best.)

mod groups;
mod layouts;
mod parts;

use std::collections::hash_map::Entry;
use std::collections::{HashMap, HashSet};
use std::hash::{BuildHasherDefault, Hasher};

use num_bigint::BigUint;
use num_traits::{ToPrimitive, Zero};

use crate::board::{Board, CellIdx};
use crate::combinatorics::Fraction;
use crate::error::SolveError;
use crate::probability::{solve_board, Analysis, SolveConfig};
use layouts::{LayoutTable, TableFailure, TableLimits, MINE};
use parts::Parts;

/// The budget of [`solve_endgame`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EndgameConfig {
    /// The most layouts the solver takes on. The default, 20,000, is the target size: many
    /// late expert positions of that size are solved in well under a second, though open
    /// regions can take far longer (see `max_nodes`). Positions with more layouts are
    /// answered "too large" before anything is listed.
    pub max_layouts: u64,
    /// The most search nodes (positions expanded, not counting those found in the
    /// transposition table, nor the bounds). The default, one million, is far above what
    /// the bench positions need (a few thousand each, under a second), but not above every
    /// late expert position: several separate regions whose guesses interleave, or a long
    /// strip along a wall, can take hundreds of thousands of nodes and a minute, or run out.
    pub max_nodes: u64,
    /// The most layout visits: every pass of the search over a set of layouts (a scan, a
    /// split, a strategy's move) counts the set's size. Nodes over thousands of layouts cost
    /// a thousand times those over a few, so this bounds the time where `max_nodes` does
    /// not. The default, `u64::MAX`, sets no bound; the auto-player bounds its larger
    /// searches by it.
    pub max_visits: u64,
    /// The most entries (layouts times cells in play) of the observation table, 4 bytes
    /// each. The default, 16 million, is 64 MB.
    pub max_table_entries: u64,
    /// The most words (4 bytes) the transposition table holds: each set costs its layout
    /// indices plus about ten words of overhead. The default, 64 million, is about 256 MB;
    /// the hardest bench position peaks at about 250 MB in all. Past it the search goes on,
    /// still exact, without storing more (and may then run out of nodes).
    pub max_known_words: u64,
    /// The budget of the layout count ([`solve_board`]).
    pub solve: SolveConfig,
    /// Tuning, not a budget: from this many living layouts on, the search first plays a
    /// simple strategy (reveal what is safe, else the safest move that most often leads to a
    /// new safe cell) and only searches moves that could beat its wins. The default, 2,000,
    /// pays on the hard 20,000-layout positions; below it the strategy costs more than it
    /// saves. The answer does not depend on it.
    pub strategy_min_layouts: u64,
    /// Tuning, not a budget: from this many living layouts on, the simple strategy is
    /// played after each move too, and the bar is the best of those. The default is 5,000.
    /// The answer does not depend on it.
    pub widen_min_layouts: u64,
    /// Tuning, not a budget: before a move's parts are searched against a value it must
    /// beat, each part of at least this many layouts gets an upper bound that looks
    /// `probe_plies` moves deep, which often shows at once that the move cannot beat it. The
    /// default is 16. The answer does not depend on it.
    pub probe_min_layouts: u64,
    /// Tuning, not a budget: how many moves deep that bound looks (0 turns it off). The
    /// default, 1, is the fastest on the 20,000-layout bench positions now that the quick
    /// bound sees a group's guess ([`EndgameConfig::group_min_layouts`]); deeper looks search
    /// fewer nodes but cost more than they save (`mineseer endgame --probe-plies N`, figures
    /// in docs/BENCHMARKS.md). The answer does not depend on it.
    pub probe_plies: u8,
    /// Tuning, not a budget: from this many living layouts on, a set with no safe cell to
    /// reveal is also bounded by an easier game, where the player is told every cell outside
    /// a small group that can only be settled by guessing in it (a box by a wall, a 50/50):
    /// the quick bound then sees that guess as well as the safest one. The default is 8;
    /// `u64::MAX` turns it off. The answer does not depend on it.
    pub group_min_layouts: u64,
    /// Once the position is solved, also value every hidden cell exactly: the chance of
    /// winning when that cell is revealed now and play is optimal after it
    /// ([`Endgame::move_values`]). Off by default: each move is then searched to its exact
    /// value, with no bar to cut it short, within the same budget of nodes and visits.
    pub move_values: bool,
    /// The most layout visits the move values may add once the position is solved (within
    /// [`EndgameConfig::max_visits`] still). Valuing every move of a hard 20,000-layout
    /// position can cost five times its search; a caller that wants the answer quickly
    /// gives the values a small budget of their own. The default, `u64::MAX`, sets no bound
    /// beyond `max_visits`.
    pub move_values_max_visits: u64,
}

impl Default for EndgameConfig {
    fn default() -> EndgameConfig {
        EndgameConfig {
            max_layouts: 20_000,
            max_nodes: 1_000_000,
            max_visits: u64::MAX,
            max_table_entries: 16_000_000,
            max_known_words: 64_000_000,
            solve: SolveConfig::default(),
            strategy_min_layouts: 2_000,
            widen_min_layouts: 5_000,
            probe_min_layouts: 16,
            probe_plies: 1,
            group_min_layouts: 8,
            move_values: false,
            move_values_max_visits: u64::MAX,
        }
    }
}

/// The result of [`solve_endgame`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Endgame {
    layouts: BigUint,
    nodes: u64,
    visits: u64,
    /// When the search was cut: the first move of the best strategy it knew, `(x, y)`, and
    /// that strategy's win chance (a lower bound on the position's).
    cut_move: Option<((usize, usize), Fraction)>,
    /// When asked for and within the budget: every hidden cell with its win chance.
    move_values: Option<Vec<((usize, usize), Fraction)>>,
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

    /// Whether the search began and ran out of its budget ([`EndgameConfig::max_nodes`] or
    /// [`EndgameConfig::max_visits`]), as opposed to a position too large to start.
    pub fn ran_out_of_nodes(&self) -> bool {
        matches!(self.outcome, EndgameOutcome::TooLarge { what, .. }
            if what == NODE_LIMIT || what == VISIT_LIMIT)
    }

    /// When the search was cut ([`Endgame::ran_out_of_nodes`]): the first move of the best
    /// strategy it had found, and that strategy's win chance, a lower bound on the
    /// position's.
    pub fn cut_move(&self) -> Option<&((usize, usize), Fraction)> {
        self.cut_move.as_ref()
    }

    /// When [`EndgameConfig::move_values`] asked for them and the position was solved with
    /// them inside the budget: every hidden, unflagged cell `(x, y)`, in board order, with
    /// the exact chance of winning when it is revealed now and play is optimal after it
    /// (0 for a certain mine; the position's own win chance for a best move, and for a safe
    /// cell, since a safe reveal never costs a win).
    pub fn move_values(&self) -> Option<&[((usize, usize), Fraction)]> {
        self.move_values.as_deref()
    }

    /// Layout visits of the search ([`EndgameConfig::max_visits`]).
    pub fn visits(&self) -> u64 {
        self.visits
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
    solve_endgame_analysed(board, &analysis, config)
}

/// [`solve_endgame`] with the position's analysis already made ([`solve_board`] of `board`),
/// as the auto-player has it: the position is not analysed again.
pub fn solve_endgame_analysed(
    board: &Board,
    analysis: &Analysis,
    config: &EndgameConfig,
) -> Result<Endgame, SolveError> {
    let layouts = analysis.solutions().clone();
    let too_large = |what, limit, nodes| Endgame {
        layouts: layouts.clone(),
        nodes,
        visits: 0,
        cut_move: None,
        move_values: None,
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
        Err(TableFailure::Values) => {
            return Ok(too_large(
                "distinct observations of a cell",
                u64::from(u16::MAX),
                0,
            ))
        }
        // The count above is exact, so the listing cannot find more; were it ever to, the
        // honest answer is still "too large", never a panic on a user's position.
        Err(TableFailure::Layouts) => {
            debug_assert!(false, "more layouts than solve_board counts");
            return Ok(too_large("layouts", n_layouts, 0));
        }
    };
    debug_assert_eq!(
        table.n_layouts() as u64,
        n_layouts,
        "the listing matches the count"
    );

    let mut search = Search::new(&table, config);
    let all: Vec<u32> = (0..table.n_layouts() as u32).collect();
    if config.group_min_layouts <= table.n_layouts() as u64 {
        search.choose_group(board, &all);
    }
    match search.root(&all) {
        Ok((wins, best_cell)) => {
            // The budget spent on the best move is spent: a cut here leaves the values out,
            // not the answer.
            let move_values = if config.move_values {
                search.max_visits = config
                    .max_visits
                    .min(search.visits.saturating_add(config.move_values_max_visits));
                search.move_wins(&all).ok().map(|table_wins| {
                    board
                        .indices()
                        .filter(|&idx| board.cell(idx).is_unrevealed())
                        .map(|idx| {
                            let won = match table.cells().binary_search(&idx) {
                                Ok(k) => table_wins[k],
                                // A cell that tells no layouts apart: a mine in every one,
                                // or safe showing the same in every one (nothing learnt).
                                Err(_) if analysis.mine_layouts_ref(idx).is_zero() => wins,
                                Err(_) => 0,
                            };
                            (board.xy(idx), Fraction::new(won.into(), layouts.clone()))
                        })
                        .collect()
                })
            } else {
                None
            };
            let win = Fraction::new(BigUint::from(wins), layouts.clone());
            let best_move = best_cell.map(|c| board.xy(c));
            Ok(Endgame {
                layouts,
                nodes: search.nodes,
                visits: search.visits,
                cut_move: None,
                move_values,
                outcome: EndgameOutcome::Solved { win, best_move },
            })
        }
        Err(NodeLimit) => {
            let (what, limit) = if search.nodes > config.max_nodes {
                (NODE_LIMIT, config.max_nodes)
            } else {
                (VISIT_LIMIT, config.max_visits)
            };
            let (wins, cell) = search.root_best;
            let cut_move = (cell != NO_CELL).then(|| {
                let xy = board.xy(table.cells()[cell as usize]);
                (xy, Fraction::new(BigUint::from(wins), layouts.clone()))
            });
            Ok(Endgame {
                visits: search.visits,
                cut_move,
                ..too_large(what, limit, search.nodes)
            })
        }
    }
}

/// The least number of layouts for which the search looks for independent games: below it
/// the check costs more than it saves.
const MIN_SPLIT_SIZE: usize = 4;

/// How many rounds of safe reveals [`Search::quick_bound`] follows before it settles for
/// the size of a set.
const QUICK_BOUND_DEPTH: u32 = 8;

/// The search ran out of nodes or layout visits.
struct NodeLimit;

/// What [`EndgameOutcome::TooLarge`] names when the search ran out of nodes.
const NODE_LIMIT: &str = "search nodes";

/// What [`EndgameOutcome::TooLarge`] names when the search ran out of layout visits.
const VISIT_LIMIT: &str = "layout visits";

/// Scratch for [`scan`]: per column of the table, mines, and the bits in which entries
/// differ from the first layout's.
#[derive(Default)]
struct WideScan {
    mines: Vec<u32>,
    differs: Vec<u16>,
}

/// The cells of `active` still in play in every subset of a set of `size` layouts, given
/// [`scan`]'s counts: not a mine in all of them, and either a mine in some or showing
/// different numbers. The others stay as they are in every subset, so children skip them.
fn still_in_play(active: &[u32], mines: &[u32], varies: &[bool], size: u32) -> Vec<u32> {
    active
        .iter()
        .enumerate()
        .filter(|&(k, _)| mines[k] < size && (mines[k] > 0 || varies[k]))
        .map(|(_, &c)| c)
        .collect()
}

/// The cells of `active` that are safe in every layout of a set and show different things
/// in some of them, given [`scan`]'s counts: they are revealed without branching.
fn informative_safe(active: &[u32], mines: &[u32], varies: &[bool]) -> Vec<usize> {
    (0..active.len())
        .filter(|&k| mines[k] == 0 && varies[k])
        .map(|k| active[k] as usize)
        .collect()
}

/// The most layouts in which one guess is safe, given [`scan`]'s mine counts over a set of
/// `size` layouts: the safe layouts of the safest cell that is a mine in some of them (a
/// guess wins at most where it is safe), or `size` when no cell is.
fn safest_guess(mines: &[u32], size: u32) -> u64 {
    mines
        .iter()
        .filter(|&&m| m > 0 && m < size)
        .map(|&m| (size - m) as u64)
        .max()
        .unwrap_or(size as u64)
}

/// One pass over `set`: per cell of `active` (by position), its mines and whether what it
/// shows varies, into `mines` and `varies`. When the active cells are a good share of the
/// columns, the pass reads whole rows, which the compiler turns into vector instructions,
/// and picks the active cells after; else it reads the active cells only.
fn scan(
    table: &LayoutTable,
    set: &[u32],
    active: &[u32],
    wide: &mut WideScan,
    mines: &mut Vec<u32>,
    varies: &mut Vec<bool>,
) {
    mines.clear();
    varies.clear();
    let first = table.row(set[0]);
    let width = first.len();
    if active.len() * 4 >= width {
        wide.mines.clear();
        wide.mines.resize(width, 0);
        wide.differs.clear();
        wide.differs.resize(width, 0);
        for &layout in set {
            let row = table.row(layout);
            let cells = wide.mines.iter_mut().zip(wide.differs.iter_mut());
            for ((m, d), (&o, &f)) in cells.zip(row.iter().zip(first)) {
                *m += (o == MINE) as u32;
                *d |= o ^ f;
            }
        }
        mines.extend(active.iter().map(|&c| wide.mines[c as usize]));
        varies.extend(active.iter().map(|&c| wide.differs[c as usize] != 0));
    } else {
        mines.resize(active.len(), 0);
        varies.resize(active.len(), false);
        for &layout in set {
            let row = table.row(layout);
            for (k, &c) in active.iter().enumerate() {
                let o = row[c as usize];
                mines[k] += (o == MINE) as u32;
                varies[k] |= o != first[c as usize];
            }
        }
    }
}

/// What the transposition table knows about a set of layouts.
#[derive(Debug, Clone, Copy)]
struct Known {
    wins: u64,
    /// Whether `wins` is the value, or only an upper bound on it.
    exact: bool,
    /// Wins that a known strategy reaches (a lower bound on the value; 0 when none is known),
    /// and that strategy's first move ([`NO_CELL`] when none is known).
    lower: u64,
    lower_cell: u32,
    /// How many moves deep the look was that gave `wins` when it is a bound (0: the quick
    /// bound, [`Search::quick_bound`]): a look no deeper is not worth redoing.
    plies: u8,
}

/// No cell: [`Known::lower_cell`] when no strategy is known.
const NO_CELL: u32 = u32::MAX;

impl Known {
    /// Takes in what another look found about the same set: a value is never replaced by a
    /// bound, and of two bounds the lower is kept; of two strategies, the better.
    fn merge(&mut self, other: Known) {
        if other.exact || (!self.exact && other.wins < self.wins) {
            self.wins = other.wins;
            self.exact = other.exact;
        }
        // The bound kept is at least as low as either look found.
        self.plies = self.plies.max(other.plies);
        if other.lower > self.lower {
            self.lower = other.lower;
            self.lower_cell = other.lower_cell;
        }
    }

    /// An upper bound, or the value, with no strategy known.
    fn upper(wins: u64, exact: bool) -> Known {
        Known {
            wins,
            exact,
            lower: 0,
            lower_cell: NO_CELL,
            plies: 0,
        }
    }
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
        // Whole words by a plain load: a copy of a chunk of unknown length would be a call
        // to `memmove` a word, which cost more than the hashing itself on large sets.
        let mut words = bytes.chunks_exact(8);
        for word in &mut words {
            self.write_u64(u64::from_le_bytes(word.try_into().expect("8 bytes")));
        }
        let tail = words.remainder();
        if !tail.is_empty() {
            let mut word = [0u8; 8];
            word[..tail.len()].copy_from_slice(tail);
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
type FastSet<K> = HashSet<K, BuildHasherDefault<SetHasher>>;

/// The transposition table: what is known about each set of layouts met, under the set's
/// 64-bit hash. A set of thousands of layouts is hashed once per lookup, and never again
/// when the table grows (a map keyed by the sets themselves hashes every one of them again
/// at each resize). The set is kept with its entry and compared on every hit, so a second
/// set with the same hash is only not stored, never mistaken for the first.
#[derive(Default)]
struct KnownSets {
    entries: FastMap<u64, (Box<[u32]>, Known)>,
}

impl KnownSets {
    fn get(&self, set: &[u32]) -> Option<&Known> {
        self.get_hashed(set_hash(set), set)
    }

    /// Merges `known` into the set's entry, or stores it when the set has none and
    /// `room_for` allows (given the set, whether the budget has room for it).
    fn remember(&mut self, set: &[u32], known: Known, room_for: impl FnOnce(&[u32]) -> bool) {
        self.remember_hashed(set_hash(set), set, known, room_for);
    }

    fn get_hashed(&self, hash: u64, set: &[u32]) -> Option<&Known> {
        let (stored, known) = self.entries.get(&hash)?;
        (**stored == *set).then_some(known)
    }

    fn remember_hashed(
        &mut self,
        hash: u64,
        set: &[u32],
        known: Known,
        room_for: impl FnOnce(&[u32]) -> bool,
    ) {
        match self.entries.entry(hash) {
            Entry::Occupied(occupied) => {
                let (stored, entry) = occupied.into_mut();
                if **stored == *set {
                    entry.merge(known);
                }
            }
            Entry::Vacant(vacant) => {
                if room_for(set) {
                    vacant.insert((set.into(), known));
                }
            }
        }
    }
}

/// A well-mixed 64-bit hash of a set of layout indices, two indices a step.
fn set_hash(set: &[u32]) -> u64 {
    const K: u64 = 0x9E37_79B9_7F4A_7C15;
    let mut h = (set.len() as u64).wrapping_mul(K);
    let mut pairs = set.chunks_exact(2);
    for pair in &mut pairs {
        let word = u64::from(pair[0]) | u64::from(pair[1]) << 32;
        h = (h.rotate_left(23) ^ word).wrapping_mul(K);
    }
    if let [last] = pairs.remainder() {
        h = (h.rotate_left(23) ^ u64::from(*last)).wrapping_mul(K);
    }
    // The map takes its buckets from the low bits: fold the high ones down.
    h ^= h >> 32;
    h = h.wrapping_mul(0xD6E8_FEB8_6659_FD93);
    h ^ h >> 32
}

struct Search<'a> {
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
    known: KnownSets,
    /// Layout indices stored in `known`, and their limit.
    known_words: u64,
    max_known_words: u64,
    nodes: u64,
    max_nodes: u64,
    /// Layouts visited by passes over sets, and their limit ([`EndgameConfig::max_visits`]).
    visits: u64,
    max_visits: u64,
    /// The set whose strategy is the move to play when the search is cut: the whole set, or
    /// the first of its independent games (a strategy there, with any play of the others,
    /// wins at least its own wins: each game is won in one layout at least). And the most
    /// wins of a strategy known from it so far, with its first move ([`NO_CELL`] when none
    /// is).
    root_set: Vec<u32>,
    root_best: (u64, u32),
    /// From [`EndgameConfig::strategy_min_layouts`] and [`EndgameConfig::widen_min_layouts`].
    strategy_min_layouts: usize,
    widen_min_layouts: usize,
    /// From [`EndgameConfig::probe_min_layouts`] and [`EndgameConfig::probe_plies`].
    probe_min_layouts: usize,
    probe_plies: u8,
    /// The group of the easier game ([`groups`]), when one bounds anything, and from how
    /// many layouts on its bound is taken.
    group: Option<groups::Group>,
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
    fn new(table: &'a LayoutTable, config: &EndgameConfig) -> Search<'a> {
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
    /// search goes on, exact, only without remembering more.
    fn remember(&mut self, set: &[u32], known: Known) {
        let (known_words, max_known_words) = (&mut self.known_words, self.max_known_words);
        self.known.remember(set, known, |set| {
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
    fn root(&mut self, set: &[u32]) -> Result<(u64, Option<CellIdx>), NodeLimit> {
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

    /// Per table cell, the exact wins of revealing it first in `set` and playing optimally
    /// after: the sum of its parts' values, each searched with no bar (equal splits once).
    fn move_wins(&mut self, set: &[u32]) -> Result<Vec<u64>, NodeLimit> {
        let every_cell: Vec<u32> = (0..self.table.cells().len() as u32).collect();
        let (mines, varies) = self.scan_owned(set, &every_cell);
        let size = set.len() as u32;
        let child_active = still_in_play(&every_cell, &mines, &varies, size);
        let mut by_split: FastMap<Vec<u32>, u64> = FastMap::default();
        let mut wins = Vec::with_capacity(every_cell.len());
        for (k, &cell) in every_cell.iter().enumerate() {
            if mines[k] == size {
                wins.push(0);
                continue;
            }
            let (parts, split) = self.parts_of_move(set, cell as usize);
            let won = match by_split.get(&split) {
                Some(&won) => won,
                None => {
                    let (won, exact) = self.sum_parts(&parts, -1, &child_active)?;
                    debug_assert!(exact, "no cutoff, so every part is searched exactly");
                    by_split.insert(split, won);
                    won
                }
            };
            wins.push(won);
        }
        Ok(wins)
    }

    /// The value of `set` if it exceeds `cutoff`; otherwise an upper bound at most `cutoff`.
    fn value(&mut self, set: &[u32], cutoff: i64, active: &[u32]) -> Result<u64, NodeLimit> {
        if set.len() <= 2 {
            return Ok(self.small_value(set, active));
        }
        if let Some(known) = self.known.get(set) {
            if known.exact || known.wins as i64 <= cutoff {
                return Ok(known.wins);
            }
        }
        let result = self.expand(set, cutoff, active)?;
        self.remember(set, Known::upper(result.wins, result.exact));
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
                let (parts, _) = self.parts_of_move(set, cell);
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
                let (parts, split) = self.parts_of_move(set, cell);
                if !seen_splits.insert(split) {
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

    /// A cheap upper bound on `W(set)`: what the transposition table knows; else, when no
    /// safe cell tells the layouts apart, the safe layouts of the safest move (a move wins at
    /// most where it is safe); else, since those safe cells are revealed without branching,
    /// the sum of the bounds of the parts they split `set` into (a few levels deep, then the
    /// size). A bound found is stored in the table.
    fn quick_bound(&mut self, set: &[u32], active: &[u32]) -> u64 {
        self.quick_bound_at(set, active, 0)
    }

    fn quick_bound_at(&mut self, set: &[u32], active: &[u32], depth: u32) -> u64 {
        if set.len() <= 2 {
            return self.small_value(set, active);
        }
        if let Some(known) = self.known.get(set) {
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
        let informative_safe = informative_safe(active, mines, varies);
        if !informative_safe.is_empty() {
            if depth >= QUICK_BOUND_DEPTH {
                return size as u64;
            }
            let parts = self.joint_parts(set, &informative_safe);
            let bound = parts
                .iter()
                .map(|p| self.quick_bound_at(p, active, depth + 1))
                .sum();
            if set.len() > 2 {
                self.remember(set, Known::upper(bound, false));
            }
            return bound;
        }
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
            self.remember(set, Known::upper(safest, false));
        }
        safest
    }

    /// The exact value of a set of at most two layouts. Two are both won when a cell safe in
    /// both tells them apart (it is revealed for free), else one is (a guess settles them).
    fn small_value(&self, set: &[u32], active: &[u32]) -> u64 {
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
    fn move_bound(&mut self, set: &[u32], active: &[u32], plies: u8) -> u64 {
        if set.len() <= 2 || plies == 0 {
            return self.quick_bound(set, active);
        }
        let mut known_bound = set.len() as u64;
        if let Some(known) = self.known.get(set) {
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
            parts
                .iter()
                .map(|p| self.move_bound(p, &child_active, plies))
                .sum()
        } else {
            let mut moves: Vec<(u32, usize)> = (0..active.len())
                .filter(|&k| mines[k] > 0 && mines[k] < size)
                .map(|k| (mines[k], active[k] as usize))
                .collect();
            moves.sort_unstable();
            let mut best = 0u64;
            for &(cell_mines, cell) in &moves {
                let safe = (size - cell_mines) as u64;
                if safe <= best {
                    // The moves left are no safer, and a move wins at most where it is safe.
                    break;
                }
                let (parts, _) = self.parts_of_move(set, cell);
                let mut bound = 0u64;
                let mut sizes_left = safe;
                for part in parts.iter() {
                    sizes_left -= part.len() as u64;
                    bound += self.move_bound(part, &child_active, plies - 1);
                    if bound + sizes_left <= best {
                        break;
                    }
                }
                best = best.max(bound + sizes_left);
            }
            best
        };
        let bound = bound.min(known_bound);
        self.remember(
            set,
            Known {
                plies,
                ..Known::upper(bound, false)
            },
        );
        bound
    }

    /// Wins that some strategy reaches from `set`: its value when known, else
    /// [`Search::strategy`]'s.
    fn strategy_wins(&mut self, set: &[u32], active: &[u32]) -> u64 {
        if let Some(known) = self.known.get(set) {
            if known.exact {
                return known.wins;
            }
        }
        self.strategy(set, active).0
    }

    /// The wins of a simple strategy from `set`, a lower bound on `W(set)` (any strategy's
    /// wins are), and its first move. Safe cells that tell layouts apart are revealed; else
    /// the move played is the one with the most layouts where it is safe plus layouts where
    /// it is safe and leads to a new safe cell (the player's "safety and progress" score:
    /// pure safety walks into open regions, where one guess leads to the next). Stored in
    /// the table.
    fn strategy(&mut self, set: &[u32], active: &[u32]) -> (u64, u32) {
        if set.len() <= 1 {
            // Not reached with a move to name: the caller only asks about two layouts or
            // more, and only sums the wins of parts.
            return (set.len() as u64, NO_CELL);
        }
        if let Some(known) = self.known.get(set) {
            if known.lower_cell != NO_CELL {
                return (known.lower, known.lower_cell);
            }
        }
        let size = set.len() as u32;
        let table = self.table;
        let (mines, varies) = self.scan_owned(set, active);
        let child_active = still_in_play(active, &mines, &varies, size);
        let informative_safe = informative_safe(active, &mines, &varies);
        let (parts, cell) = if !informative_safe.is_empty() {
            (
                self.joint_parts(set, &informative_safe),
                informative_safe[0],
            )
        } else {
            // Per move, in one pass: per thing it can show, the cells that are a mine in some
            // of those layouts. A thing shown "makes progress" when some other cell that is a
            // mine in some layout of `set` is a mine in none of those (a new safe cell).
            let words = table.mine_words();
            let mut mine_somewhere = vec![0u64; words];
            for &layout in set {
                for (w, &bits) in table.mine_bits(layout).iter().enumerate() {
                    mine_somewhere[w] |= bits;
                }
            }
            let mut mines_of_value: Vec<u64> = Vec::new();
            let mut count_of_value: Vec<u64> = Vec::new();
            let mut chosen: Option<(u64, usize)> = None;
            for k in (0..active.len()).filter(|&k| mines[k] > 0 && mines[k] < size) {
                let cell = active[k] as usize;
                let n_values = table.n_values(cell) as usize;
                mines_of_value.clear();
                mines_of_value.resize(n_values * words, 0);
                count_of_value.clear();
                count_of_value.resize(n_values, 0);
                self.visits += set.len() as u64;
                let column = table.column(cell);
                for &layout in set {
                    let value = column[layout as usize] as usize;
                    count_of_value[value] += 1;
                    for (w, &bits) in table.mine_bits(layout).iter().enumerate() {
                        mines_of_value[value * words + w] |= bits;
                    }
                }
                let safe = (size - mines[k]) as u64;
                let (own_word, own_bit) = (cell / 64, 1u64 << (cell % 64));
                let new_safe = |v: usize, w: usize| {
                    let own = if w == own_word { own_bit } else { 0 };
                    mine_somewhere[w] & !mines_of_value[v * words + w] & !own != 0
                };
                let progress: u64 = (1..n_values)
                    .filter(|&v| count_of_value[v] > 0)
                    .filter(|&v| count_of_value[v] == 1 || (0..words).any(|w| new_safe(v, w)))
                    .map(|v| count_of_value[v])
                    .sum();
                let score = safe + progress;
                if chosen.is_none_or(|(best, _)| score > best) {
                    chosen = Some((score, cell));
                }
            }
            let Some((_, cell)) = chosen else {
                // Nothing tells the layouts apart and nothing is a guess: not reached (two
                // layouts differ in a cell), but one layout is then surely won.
                return (1, NO_CELL);
            };
            let (parts, _) = self.parts_of_move(set, cell);
            (parts, cell)
        };
        let lower: u64 = parts
            .iter()
            .map(|p| self.strategy_wins(p, &child_active))
            .sum();
        if set.len() > 2 {
            self.remember(
                set,
                Known {
                    wins: size as u64,
                    exact: false,
                    lower,
                    lower_cell: cell as u32,
                    plies: 0,
                },
            );
        }
        (lower, cell as u32)
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
        crate::sorting::stable_sort_by_key(&mut games, |g| std::cmp::Reverse(g.len()));
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
                self.remember(game, Known::upper(result.wins, result.exact));
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

    /// The parts of `set` told apart by the observations of all of `cells`, largest first.
    /// Each layout's observations are hashed, a column at a time, and the layouts grouped by
    /// hash; each group is then checked column by column, and one that holds two
    /// observations (a collision, which costs only time) is split cell by cell. Each part
    /// comes out in ascending order, as the table keys want.
    fn joint_parts(&mut self, set: &[u32], cells: &[usize]) -> Parts {
        self.visits += set.len() as u64;
        let table = self.table;
        let mut keys = vec![0u64; set.len()];
        for &c in cells {
            let column = table.column(c);
            for (key, &layout) in keys.iter_mut().zip(set) {
                let mut hasher = SetHasher(*key);
                hasher.write_u32(column[layout as usize] as u32);
                *key = hasher.finish();
            }
        }
        // Groups labelled by first appearance from 1, and counted.
        let mut sizes: Vec<u32> = Vec::new();
        let mut group_of_key: FastMap<u64, u32> = FastMap::default();
        let labels: Vec<u32> = keys
            .iter()
            .map(|&key| {
                let slot = *group_of_key.entry(key).or_insert(sizes.len() as u32);
                if slot as usize == sizes.len() {
                    sizes.push(0);
                }
                sizes[slot as usize] += 1;
                slot + 1
            })
            .collect();
        let parts = Parts::gather(set, &labels, &sizes);
        let uniform = |group: &[u32]| {
            cells.iter().all(|&c| {
                let column = table.column(c);
                let first = column[group[0] as usize];
                group[1..].iter().all(|&l| column[l as usize] == first)
            })
        };
        if parts.iter().all(|group| group.len() == 1 || uniform(group)) {
            return parts;
        }
        // A collision: the groups again, in the order they were numbered, the mixed ones
        // split exactly where they stood.
        let mut groups: Vec<Vec<u32>> = vec![Vec::new(); sizes.len()];
        for (&label, &layout) in labels.iter().zip(set) {
            groups[label as usize - 1].push(layout);
        }
        let mut pieces: Vec<Vec<u32>> = Vec::with_capacity(groups.len());
        for group in groups {
            if group.len() == 1 || uniform(&group) {
                pieces.push(group);
            } else {
                pieces.extend(self.split_by_cells(group, cells));
            }
        }
        Parts::from_pieces(pieces)
    }

    /// The parts of `set` told apart by the observations of all of `cells`, in no particular
    /// order, each ascending: the set is split by one cell at a time. Exact, with no hashing,
    /// but a pass a cell: [`Search::joint_parts`] uses it only on a hash collision.
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
    /// largest first; and the split as a label per layout of `set` (0 for a mine, then parts
    /// numbered in order of first appearance), which is equal for two cells exactly when they
    /// split `set` the same way.
    fn parts_of_move(&mut self, set: &[u32], cell: usize) -> (Parts, Vec<u32>) {
        self.visits += set.len() as u64;
        // A column's entries are `0..n_values`: the part of each goes through an array kept
        // between calls (reset entry by entry), and the parts are sized by a first count.
        let part_of_value = &mut self.scratch_part_of_value;
        let values_seen = &mut self.scratch_values_seen;
        let mut sizes: Vec<u32> = Vec::new();
        let mut split = Vec::with_capacity(set.len());
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
        (Parts::gather(set, &split, &sizes), split)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::parse_mine;
    use crate::rng::GameRng;

    /// A position (`.mine` text) and the table of its layouts, as [`solve_endgame`] builds it.
    pub(super) fn table_of(text: &str) -> (Board, LayoutTable) {
        let board = parse_mine(text).unwrap();
        let analysis = solve_board(&board, &SolveConfig::default()).unwrap();
        let limits = TableLimits {
            max_layouts: 20_000,
            max_entries: 16_000_000,
            max_steps: u64::MAX,
        };
        let table = LayoutTable::build(&board, &analysis.rules, &analysis.boxes, limits).unwrap();
        (board, table)
    }

    /// The hashed split of a set of layouts by the joint observations of some cells is the
    /// exact, cell by cell one (collisions aside, which it must then repair), on random sets
    /// and cells of an open region's table.
    #[test]
    fn a_set_sharing_another_sets_hash_is_never_taken_for_it() {
        let mut known = KnownSets::default();
        let (first, second) = ([1, 4, 9], [2, 4, 9]);
        let room = |_: &[u32]| true;
        known.remember_hashed(7, &first, Known::upper(2, true), room);
        // The same hash for another set: not stored, and not answered from the first's entry.
        known.remember_hashed(7, &second, Known::upper(1, true), room);
        assert!(known.get_hashed(7, &second).is_none());
        assert_eq!(known.get_hashed(7, &first).map(|k| k.wins), Some(2));
        // A bound for the first set merges into its entry; its value stays.
        known.remember_hashed(7, &first, Known::upper(1, false), room);
        let entry = known.get_hashed(7, &first).expect("the first set is known");
        assert_eq!((entry.wins, entry.exact), (2, true));
        // With no room, nothing new is stored.
        known.remember(&second, Known::upper(1, true), |_| false);
        assert!(known.get(&second).is_none());
        known.remember(&second, Known::upper(1, true), room);
        assert_eq!(known.get(&second).map(|k| k.wins), Some(1));
    }

    #[test]
    fn joint_parts_are_the_exact_split() {
        let (_, table) = table_of(include_str!(
            "../benches/endgame_positions/expert-1000-1.mine"
        ));
        let mut search = Search::new(&table, &EndgameConfig::default());
        let n_cells = table.cells().len();
        assert!(table.n_layouts() > 100 && n_cells > 4);
        let mut rng = GameRng::new(7);
        let mut several_parts = 0;
        for _ in 0..200 {
            let set: Vec<u32> = (0..table.n_layouts() as u32)
                .filter(|_| rng.below(3) == 0)
                .collect();
            let cells: Vec<usize> = (0..n_cells).filter(|_| rng.below(4) == 0).collect();
            let parts = search.joint_parts(&set, &cells);
            let mut hashed: Vec<Vec<u32>> = parts.iter().map(<[u32]>::to_vec).collect();
            let mut exact = search.split_by_cells(set.clone(), &cells);
            assert!(hashed.iter().all(|p| p.is_sorted()));
            assert!(hashed.windows(2).all(|w| w[0].len() >= w[1].len()));
            hashed.sort();
            exact.sort();
            assert_eq!(hashed, exact);
            several_parts += usize::from(exact.len() > 1);
        }
        assert!(several_parts > 100, "only {several_parts} sets split");
    }
}
