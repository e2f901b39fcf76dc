//! The player's reading of one analysis: each cell's safety (computed once per box), whether
//! it is certainly safe, certainly a mine or plainly dead, and the safety of a position for the
//! look-ahead. Every phase after the opening reads the position through it, so it sits below
//! them.

use num_traits::Zero;

use crate::board::{Board, Cell, CellIdx};
use crate::engine::probability::{Analysis, CellClass};

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
        let (mut best, mut second) = (0.0f64, 0.0f64);
        let mut certain = false;
        let mut push = |s: f64| {
            if s > best {
                second = best;
                best = s;
            } else if s > second {
                second = s;
            }
        };
        let mut seen_box = vec![0u8; self.box_safety.len()];
        let mut seen_floating = 0u8;
        for idx in self.board.indices() {
            // Two cells of a group are enough: they share one safety.
            let seen = match self.analysis.class(idx) {
                CellClass::Boxed(b) => &mut seen_box[b as usize],
                CellClass::Floating => &mut seen_floating,
                CellClass::Safe if self.board.cell(idx).is_unrevealed() => {
                    if !self.is_plainly_dead(idx) {
                        certain = true;
                        push(1.0);
                    }
                    continue;
                }
                _ => continue,
            };
            if *seen >= 2 || self.is_plainly_dead(idx) {
                continue;
            }
            *seen += 1;
            if let Some(s) = self.safety(idx) {
                if s >= 1.0 && self.is_certain_safe(idx) {
                    certain = true;
                    push(1.0);
                } else if s < 1.0 {
                    push(s);
                }
            }
        }
        NextSafeties {
            best,
            second,
            certain,
        }
    }
}

/// The safety of the position after a move: see [`ProbabilityView::next_safeties`].
pub(super) struct NextSafeties {
    pub(super) best: f64,
    pub(super) second: f64,
    pub(super) certain: bool,
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
