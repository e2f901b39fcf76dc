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
//!
//! The parts, each a file below this one (which holds the entry points and the answer,
//! [`Endgame`]): `budget` ([`EndgameConfig`]), `layouts` (the listing: the observation
//! table), `scan` (one pass over a set of layouts), `known` (the transposition table),
//! `parts` (a move's parts end to end in one vector), and `search` (the expectimax itself),
//! with its bounds (`search/bounds`), its simple strategy (`search/strategy`), the easier
//! game's bound (`search/groups`), independent games (`search/independent`), the splits of
//! a set by what cells show (`search/splits`) and every move's value (`search/move_values`)
//! as more methods of the search in files below it. The lower parts know nothing of the search; the
//! search's files reach each other through its methods only.

mod budget;
mod known;
mod layouts;
mod parts;
mod scan;
mod search;

use num_bigint::BigUint;
use num_traits::ToPrimitive;

use crate::board::Board;
use crate::combinatorics::Fraction;
use crate::engine::probability::{solve_board, Analysis};
use crate::error::SolveError;

pub use budget::EndgameConfig;
use known::NO_CELL;
use layouts::{LayoutTable, TableFailure, TableLimits};
use search::{NodeLimit, Search};

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
            let move_values = if config.move_values {
                search.move_values(board, analysis, &all, wins, config)
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

/// What [`EndgameOutcome::TooLarge`] names when the search ran out of nodes.
const NODE_LIMIT: &str = "search nodes";

/// What [`EndgameOutcome::TooLarge`] names when the search ran out of layout visits.
const VISIT_LIMIT: &str = "layout visits";

/// The layout table of a position, for the tests of the search's parts.
#[cfg(test)]
mod test_tables {
    use super::*;
    use crate::engine::probability::SolveConfig;
    use crate::formats::parse_mine;

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
}
