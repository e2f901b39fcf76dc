//! The player's reading of one analysis: each cell's safety (computed once per box), whether
//! it is certainly safe, certainly a mine or plainly dead, and the safety of a position for the
//! look-ahead. Every phase after the opening reads the position through it, so it sits below
//! them.

use num_traits::Zero;

use crate::board::{Board, Cell, CellIdx};
use crate::engine::probability::{Analysis, CellClass};
use crate::engine::rules::Status;

/// Per-cell safeties from an analysis, computed once per box (every cell of a box, and every
/// floating cell, has the same probability).
pub(super) struct ProbabilityView<'a> {
    analysis: &'a Analysis,
    board: &'a Board,
    box_safety: Vec<Option<f64>>,
    floating_safety: Option<f64>,
}

impl<'a> ProbabilityView<'a> {
    pub(super) fn new(board: &'a Board, analysis: &'a Analysis) -> ProbabilityView<'a> {
        ProbabilityView {
            analysis,
            board,
            box_safety: vec![None; analysis.stats().boxes],
            floating_safety: None,
        }
    }

    /// The chance the cell is safe; `None` for revealed and flagged cells.
    pub(super) fn safety(&mut self, idx: CellIdx) -> Option<f64> {
        if !self.board.cell(idx).is_unrevealed() {
            return None;
        }
        match self.analysis.class(idx) {
            CellClass::Revealed | CellClass::Flag => None,
            CellClass::Safe => Some(1.0),
            CellClass::Mine => Some(0.0),
            CellClass::Boxed(b) => {
                let slot = &mut self.box_safety[b as usize];
                if slot.is_none() {
                    *slot = self.analysis.probability(idx).map(|p| 1.0 - p);
                }
                *slot
            }
            CellClass::Floating => {
                if self.floating_safety.is_none() {
                    self.floating_safety = self.analysis.probability(idx).map(|p| 1.0 - p);
                }
                self.floating_safety
            }
        }
    }

    /// Safe in every layout, exactly (not a rounded probability).
    pub(super) fn is_certain_safe(&self, idx: CellIdx) -> bool {
        self.board.cell(idx).is_unrevealed()
            && match self.analysis.class(idx) {
                CellClass::Safe => true,
                CellClass::Boxed(_) | CellClass::Floating => {
                    self.analysis.mine_layouts_ref(idx).is_zero()
                }
                _ => false,
            }
    }

    /// A mine in every layout, exactly.
    pub(super) fn is_certain_mine(&self, idx: CellIdx) -> bool {
        self.board.cell(idx).is_unrevealed()
            && match self.analysis.class(idx) {
                CellClass::Mine => true,
                CellClass::Boxed(_) | CellClass::Floating => {
                    self.analysis.mine_layouts_ref(idx) == self.analysis.solutions()
                }
                _ => false,
            }
    }

    /// Whether the cell can show one number only, seen cheaply: every hidden neighbour is
    /// certainly safe or certainly a mine. (A sufficient condition: a cell can also be dead
    /// for deeper reasons, which this does not see.)
    pub(super) fn is_plainly_dead(&self, idx: CellIdx) -> bool {
        self.board
            .neighbours(idx)
            .all(|n| !self.board.cell(n).is_unrevealed() || self.is_settled(n))
    }

    /// Whether the cell is certain either way (safe or mine), exactly.
    pub(super) fn is_settled(&self, idx: CellIdx) -> bool {
        match self.analysis.class(idx) {
            CellClass::Boxed(_) | CellClass::Floating => {
                let mines = self.analysis.mine_layouts_ref(idx);
                mines.is_zero() || mines == self.analysis.solutions()
            }
            _ => true,
        }
    }

    /// The two best safeties over the living hidden cells (the same value twice when two cells
    /// share it), and whether some living cell is certainly safe. Cells that plainly can show
    /// one number only ([`ProbabilityView::is_plainly_dead`]) are left out of all three: a
    /// certain move there is no progress (JSMinesweeper's "living safety"; the plain next
    /// safety over every cell lost to it, with the rest of its scoring, in issue 16).
    pub(super) fn next_safeties(&mut self) -> NextSafeties {
        let mut out = NextSafeties::default();
        // Group by group rather than over every cell of the board: the cells of a box share
        // one safety, and so do the floating cells, so two living cells of each are enough;
        // the two best safeties of the whole do not depend on the order they come in.
        let analysis = self.analysis;
        let boxes = &analysis.boxes;
        let groups = boxes.boxes.iter().map(|b| &b.cells[..]);
        for cells in groups.chain(std::iter::once(&boxes.floating[..])) {
            let mut living = 0;
            for &idx in cells {
                if living == 2 {
                    break;
                }
                if self.is_plainly_dead(idx) {
                    continue;
                }
                living += 1;
                if let Some(s) = self.safety(idx) {
                    if s >= 1.0 && self.is_certain_safe(idx) {
                        out.certain = true;
                        out.push(1.0);
                    } else if s < 1.0 {
                        out.push(s);
                    }
                }
            }
        }
        // The cells the rules settled safe: each living one is a certain move.
        for (i, &status) in analysis.rules.status.iter().enumerate() {
            let idx = CellIdx(i as u32);
            if status == Status::Safe
                && analysis.class(idx) == CellClass::Safe
                && self.board.cell(idx).is_unrevealed()
                && !self.is_plainly_dead(idx)
            {
                out.certain = true;
                out.push(1.0);
            }
        }
        out
    }
}

/// The safety of the position after a move: see [`ProbabilityView::next_safeties`].
#[derive(Default)]
pub(super) struct NextSafeties {
    pub(super) best: f64,
    pub(super) second: f64,
    pub(super) certain: bool,
}

impl NextSafeties {
    /// Keeps `s` if it is among the two best safeties so far.
    fn push(&mut self, s: f64) {
        if s > self.best {
            self.second = self.best;
            self.best = s;
        } else if s > self.second {
            self.second = s;
        }
    }
}

/// True when a revealed number lies two cells straight up, down, left or right.
pub(super) fn two_steps_from_a_number(board: &Board, idx: CellIdx) -> bool {
    let (x, y) = board.xy(idx);
    let (x, y) = (x as isize, y as isize);
    [(2, 0), (-2, 0), (0, 2), (0, -2)].iter().any(|&(dx, dy)| {
        let (nx, ny) = (x + dx, y + dy);
        nx >= 0
            && ny >= 0
            && board
                .idx(nx as usize, ny as usize)
                .is_some_and(|n| matches!(board.cell(n), Cell::Revealed(_)))
    })
}

pub(super) fn hidden_neighbours(board: &Board, idx: CellIdx) -> usize {
    board
        .neighbours(idx)
        .filter(|&n| board.cell(n).is_unrevealed())
        .count()
}

pub(super) fn flag_neighbours(board: &Board, idx: CellIdx) -> usize {
    board
        .neighbours(idx)
        .filter(|&n| board.cell(n) == Cell::Flag)
        .count()
}

/// The guessable cells (hidden, not a certain mine) with their safety.
pub(super) fn guessable(board: &Board, view: &mut ProbabilityView) -> Vec<(CellIdx, f64)> {
    board
        .indices()
        .filter_map(|idx| {
            let safety = view.safety(idx)?;
            (safety > 0.0 && !view.is_certain_mine(idx)).then_some((idx, safety))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::probability::{solve_board, SolveConfig};

    /// [`ProbabilityView::next_safeties`] by its definition: every cell in board order, two
    /// living cells of each box and of the floating cells, every living safe cell.
    fn next_safeties_cell_by_cell(view: &mut ProbabilityView) -> (f64, f64, bool) {
        let mut out = NextSafeties::default();
        let mut seen_box = vec![0u8; view.box_safety.len()];
        let mut seen_floating = 0u8;
        for idx in view.board.indices() {
            let seen = match view.analysis.class(idx) {
                CellClass::Boxed(b) => &mut seen_box[b as usize],
                CellClass::Floating => &mut seen_floating,
                CellClass::Safe if view.board.cell(idx).is_unrevealed() => {
                    if !view.is_plainly_dead(idx) {
                        out.certain = true;
                        out.push(1.0);
                    }
                    continue;
                }
                _ => continue,
            };
            if *seen >= 2 || view.is_plainly_dead(idx) {
                continue;
            }
            *seen += 1;
            if let Some(s) = view.safety(idx) {
                if s >= 1.0 && view.is_certain_safe(idx) {
                    out.certain = true;
                    out.push(1.0);
                } else if s < 1.0 {
                    out.push(s);
                }
            }
        }
        (out.best, out.second, out.certain)
    }

    /// The group-by-group reading gives the same safeties, bit for bit, and the same
    /// certainty as the cell-by-cell definition, on random positions. Fails if a group's
    /// cells, the floating cells or the settled safe cells are missed or read twice.
    #[test]
    fn next_safeties_are_the_cell_by_cell_reading() {
        let solve = SolveConfig::default();
        let mut rng = crate::rng::GameRng::new(39);
        let (mut checked, mut with_second, mut with_certain) = (0, 0, 0);
        for _ in 0..3_000 {
            let board = crate::player::test_positions::random_position(&mut rng);
            let Ok(analysis) = solve_board(&board, &solve) else {
                continue;
            };
            let expected = next_safeties_cell_by_cell(&mut ProbabilityView::new(&board, &analysis));
            let got = ProbabilityView::new(&board, &analysis).next_safeties();
            assert_eq!(
                (got.best.to_bits(), got.second.to_bits(), got.certain),
                (expected.0.to_bits(), expected.1.to_bits(), expected.2),
                "{board:?}"
            );
            checked += 1;
            with_second += usize::from(expected.1 > 0.0 && expected.1 < 1.0);
            with_certain += usize::from(expected.2);
        }
        assert!(checked > 2_000, "only {checked} positions");
        assert!(
            with_second > 300,
            "only {with_second} with a second safety below 1"
        );
        assert!(
            with_certain > 300,
            "only {with_certain} with a certain move"
        );
    }
}
