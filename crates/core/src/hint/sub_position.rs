//! Certainty in a sub-position: the position keeping only some of its revealed numbers (and,
//! optionally, the mines-left count), every other number forgotten.
//!
//! In the sub-position the unknown cells are the hidden, unflagged cells the position does not
//! mark safe; each kept number says "my unknown neighbours hold my number less my flags"; the
//! count, when kept, says the unknown cells hold exactly the mines left. Cells settled by the
//! forgotten numbers are unknown again: a proof may use only what it keeps.
//!
//! A cell is certain in the sub-position when no layout of it puts the opposite under the
//! cell. [`SubPositions::is_certain`] searches for such a counterexample over the cells the
//! kept numbers touch (plus the cell): a depth-first search with forward checking on small sets
//! (the proofs of up to three numbers, the common case), the engine's front enumeration
//! ([`crate::engine::enumerate`]) on larger ones, where a search could wander.

use crate::board::{Board, Cell, CellIdx};
use crate::deductions::Certainty;
use crate::engine::enumerate::{enumerate_front, FrontLimits, FrontProblem, FrontRule};

/// Above this many cells a check uses the engine's enumeration instead of the search.
const MAX_SEARCH_CELLS: usize = 40;

/// The probability lines one engine check may keep alive: a check that needs more counts as
/// "not shown certain", so a proof only ever keeps a number it could not drop.
const MAX_CHECK_LINES: usize = 20_000;

/// The numbers of a position and what each needs, to check cells in its sub-positions.
#[derive(Debug, Clone)]
pub(crate) struct SubPositions<'a> {
    board: &'a Board,
    /// Per cell: hidden, not flagged, not known safe.
    unknown: Vec<bool>,
    /// Unknown cells on the board.
    unknown_total: usize,
    /// Mines among the unknown cells: the mine count less the flags.
    mines_left: usize,
    /// Cells above which the search hands over to the enumeration (a parameter for tests).
    max_search_cells: usize,
}

impl<'a> SubPositions<'a> {
    /// The sub-positions of `board`, which must have more mines than flags (the hint checks
    /// the whole position with the engine first).
    pub(crate) fn new(board: &'a Board) -> SubPositions<'a> {
        let unknown: Vec<bool> = board
            .cells()
            .iter()
            .map(|c| matches!(c, Cell::Hidden | Cell::HiddenMine))
            .collect();
        SubPositions {
            board,
            unknown_total: unknown.iter().filter(|&&u| u).count(),
            unknown,
            mines_left: board.mines().saturating_sub(board.flag_count()),
            max_search_cells: MAX_SEARCH_CELLS,
        }
    }

    /// The same, always checking with the engine's enumeration (for tests of that path).
    #[cfg(test)]
    pub(crate) fn enumeration_only(board: &'a Board) -> SubPositions<'a> {
        SubPositions {
            max_search_cells: 0,
            ..SubPositions::new(board)
        }
    }

    /// The board.
    pub(crate) fn board(&self) -> &'a Board {
        self.board
    }

    /// Unknown cells on the board.
    pub(crate) fn unknown_total(&self) -> usize {
        self.unknown_total
    }

    /// Mines left among the unknown cells.
    pub(crate) fn mines_left(&self) -> usize {
        self.mines_left
    }

    /// A revealed number's unknown neighbours.
    pub(crate) fn unknown_around(&self, number: CellIdx) -> impl Iterator<Item = CellIdx> + '_ {
        self.board
            .neighbours(number)
            .filter(move |n| self.unknown[n.get()])
    }

    /// Mines a revealed number needs among its unknown neighbours: the number less its flags
    /// (`None` when the flags already exceed it, which the engine reports first).
    pub(crate) fn need(&self, number: CellIdx) -> Option<usize> {
        let Cell::Revealed(n) = self.board.cell(number) else {
            return None;
        };
        let flags = self
            .board
            .neighbours(number)
            .filter(|&m| self.board.cell(m) == Cell::Flag)
            .count();
        (n as usize).checked_sub(flags)
    }

    /// Whether `cell` is `certainty` in every layout of the sub-position that keeps only
    /// `numbers` (revealed cells with unknown neighbours) and, when `use_count`, the mines-left
    /// count.
    pub(crate) fn is_certain(
        &self,
        numbers: &[CellIdx],
        use_count: bool,
        cell: CellIdx,
        certainty: Certainty,
    ) -> bool {
        if !self.unknown[cell.get()] {
            return false;
        }
        let Some(problem) = self.local_problem(numbers, cell) else {
            // A kept number can never be satisfied: only an inconsistent position does that,
            // and the hint refuses those before it looks for proofs.
            return false;
        };
        let outside = self.unknown_total - problem.cells.len();
        let range = if use_count {
            (self.mines_left.saturating_sub(outside), self.mines_left)
        } else {
            (0, usize::MAX)
        };
        let opposite = certainty == Certainty::Safe;
        if problem.cells.len() <= self.max_search_cells {
            !Search::new(&problem, range).finds(opposite)
        } else {
            !counterexample_by_enumeration(&problem, range, opposite)
        }
    }

    /// The cells the kept numbers touch, the target first, and the numbers' constraints on
    /// them in local indices; `None` when a kept number needs more than it has.
    fn local_problem(&self, numbers: &[CellIdx], cell: CellIdx) -> Option<LocalProblem> {
        let mut cells = vec![cell];
        let mut constraints = Vec::with_capacity(numbers.len());
        for &number in numbers {
            let need = self.need(number)?;
            let mut vars = Vec::new();
            for n in self.unknown_around(number) {
                let local = match cells.iter().position(|&c| c == n) {
                    Some(i) => i,
                    None => {
                        cells.push(n);
                        cells.len() - 1
                    }
                };
                vars.push(local);
            }
            if need > vars.len() {
                return None;
            }
            constraints.push((vars, need));
        }
        Some(LocalProblem { cells, constraints })
    }
}

/// A sub-position's cells (local index 0 is the target) and constraints `(cells, mines)`.
#[derive(Debug, Clone)]
struct LocalProblem {
    cells: Vec<CellIdx>,
    constraints: Vec<(Vec<usize>, usize)>,
}

/// A depth-first search for one layout with the target fixed, every constraint met and the
/// mines on the local cells within a range, assigning cells in breadth-first order from the
/// target so that a contradiction near it shows at once.
struct Search {
    order: Vec<usize>,
    /// Per local cell, the constraints on it.
    constraints_of: Vec<Vec<usize>>,
    /// Per constraint: mines still to place, cells still unassigned.
    left: Vec<(i64, i64)>,
    range: (usize, usize),
}

impl Search {
    fn new(problem: &LocalProblem, range: (usize, usize)) -> Search {
        let n = problem.cells.len();
        let mut constraints_of = vec![Vec::new(); n];
        for (k, (vars, _)) in problem.constraints.iter().enumerate() {
            for &v in vars {
                constraints_of[v].push(k);
            }
        }
        let mut order = vec![0];
        let mut seen = vec![false; n];
        seen[0] = true;
        let mut head = 0;
        while head < order.len() {
            let v = order[head];
            head += 1;
            for &k in &constraints_of[v] {
                for &w in &problem.constraints[k].0 {
                    if !seen[w] {
                        seen[w] = true;
                        order.push(w);
                    }
                }
            }
        }
        // Cells no constraint links to the target (only the count ties them) come last.
        order.extend((0..n).filter(|&v| !seen[v]));
        Search {
            order,
            constraints_of,
            left: problem
                .constraints
                .iter()
                .map(|(vars, need)| (*need as i64, vars.len() as i64))
                .collect(),
            range,
        }
    }

    /// Whether a layout exists with the target holding a mine (`target_mine`) or not.
    fn finds(mut self, target_mine: bool) -> bool {
        if !self.assign(0, target_mine) {
            return false;
        }
        let mines = usize::from(target_mine);
        self.extend(1, mines)
    }

    /// Gives local cell `var` its value; false when a constraint breaks at once.
    fn assign(&mut self, var: usize, mine: bool) -> bool {
        let mut ok = true;
        for &k in &self.constraints_of[var] {
            let (need, open) = &mut self.left[k];
            *open -= 1;
            if mine {
                *need -= 1;
            }
            if *need < 0 || *need > *open {
                ok = false;
            }
        }
        ok
    }

    fn unassign(&mut self, var: usize, mine: bool) {
        for &k in &self.constraints_of[var] {
            let (need, open) = &mut self.left[k];
            *open += 1;
            if mine {
                *need += 1;
            }
        }
    }

    fn extend(&mut self, depth: usize, mines: usize) -> bool {
        let remaining = self.order.len() - depth;
        if mines > self.range.1 || mines + remaining < self.range.0 {
            return false;
        }
        if remaining == 0 {
            return true;
        }
        let var = self.order[depth];
        for mine in [false, true] {
            let ok = self.assign(var, mine);
            let found = ok && self.extend(depth + 1, mines + usize::from(mine));
            self.unassign(var, mine);
            if found {
                return true;
            }
        }
        false
    }
}

/// The same question as [`Search::finds`], answered from the engine's enumeration of the
/// local cells, each its own box: per number of mines, the layouts and the target's tally.
/// Over its budget it answers "found", so the caller never claims a certainty it did not
/// show.
fn counterexample_by_enumeration(
    problem: &LocalProblem,
    range: (usize, usize),
    target_mine: bool,
) -> bool {
    let n = problem.cells.len();
    // Cells under no constraint (the target when no kept number touches it, and only then)
    // take any value: the enumeration sees the constrained cells, and the free target widens
    // the mine counts by one.
    let constrained: Vec<bool> = {
        let mut c = vec![false; n];
        for (vars, _) in &problem.constraints {
            for &v in vars {
                c[v] = true;
            }
        }
        c
    };
    let target_free = !constrained[0];
    let local_of: Vec<Option<u32>> = {
        let mut next = 0u32;
        constrained
            .iter()
            .map(|&c| {
                c.then(|| {
                    next += 1;
                    next - 1
                })
            })
            .collect()
    };
    let boxes = constrained.iter().filter(|&&c| c).count();
    let front = FrontProblem {
        box_sizes: vec![1; boxes],
        rules: problem
            .constraints
            .iter()
            .map(|(vars, need)| {
                let mut b: Vec<u32> = vars.iter().filter_map(|&v| local_of[v]).collect();
                b.sort_unstable();
                FrontRule {
                    need: *need as u8,
                    boxes: b,
                }
            })
            .collect(),
    };
    let limits = FrontLimits {
        max_lines: MAX_CHECK_LINES,
        max_work: 64_000_000,
        max_mines: range.1,
    };
    if boxes >= 120 {
        // Beyond machine integers: not worth big ones for a hint.
        return true;
    }
    let Ok(enumerated) = enumerate_front::<u128>(&front, &limits) else {
        return true;
    };
    let target_box = local_of[0].map(|b| b as usize);
    let in_range = |k: usize| k >= range.0 && k <= range.1;
    enumerated.by_mines.iter().enumerate().any(|(i, entry)| {
        let k = enumerated.min_mines + i;
        let count = entry.count;
        let with_mine = target_box.map_or(0, |b| entry.tally[b]);
        if count == 0 {
            return false;
        }
        if target_free {
            in_range(k + usize::from(target_mine))
        } else if target_mine {
            with_mine > 0 && in_range(k)
        } else {
            with_mine < count && in_range(k)
        }
    })
}
