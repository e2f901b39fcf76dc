//! What the efficient style's stretch (`player/stretch.rs`) knows of a position: the cells
//! proved safe and proved mines, and those that can never be a zero, so that no cascade
//! starts from them. Both the stretch and its choice of the next click
//! (`player/stretch_choice.rs`) read it.

use num_bigint::BigUint;

use crate::board::{Board, Cell, CellIdx};
use crate::values::BoardChances;

/// The cells known to be safe and known to be mines (exactly: every source is a proof).
#[derive(Debug, Clone)]
pub(super) struct Knowledge {
    pub(super) safe: Vec<bool>,
    pub(super) mine: Vec<bool>,
    /// Cells that show no zero in any layout that fits a position seen (a fact of the true
    /// layout, so it holds for good): no cascade starts from them.
    no_zero: Vec<bool>,
}

impl Knowledge {
    /// Nothing known yet, on a board of `len` cells.
    pub(super) fn new(len: usize) -> Knowledge {
        Knowledge {
            safe: vec![false; len],
            mine: vec![false; len],
            no_zero: vec![false; len],
        }
    }

    /// Learns the certain safe cells and mines of one analysis.
    pub(super) fn learn(&mut self, safe: &[CellIdx], mines: &[CellIdx]) {
        for c in safe {
            self.safe[c.get()] = true;
        }
        for c in mines {
            self.mine[c.get()] = true;
        }
    }

    /// A known mine: only known mines are flagged by the style, so a flag it did not place
    /// (a player's, on the page) counts for nothing.
    pub(super) fn is_mine(&self, c: CellIdx) -> bool {
        self.mine[c.get()]
    }

    /// Cannot be a zero: a known mine, beside one, or shown by the number chances to be a
    /// zero in no layout.
    // Never inlined (nor `never_free`): their many callers would each hold a copy in the
    // solver's wasm module.
    #[inline(never)]
    pub(super) fn not_zero(&self, board: &Board, c: CellIdx) -> bool {
        self.is_mine(c) || self.no_zero[c.get()] || board.neighbours(c).any(|v| self.is_mine(v))
    }

    /// Learns from the exact number chances of a position which hidden cells can never be a
    /// zero.
    pub(super) fn learn_chances(&mut self, chances: &BoardChances) {
        for (c, n) in chances.iter() {
            if n.layouts_showing(0) == BigUint::ZERO {
                self.no_zero[c.get()] = true;
            }
        }
    }
}

/// Whether `c` can be opened only by a click or a chord of its own: none of its neighbours can
/// be a zero (each is revealed, a known mine, or beside one).
#[inline(never)]
pub(super) fn never_free(board: &Board, knowledge: &Knowledge, c: CellIdx) -> bool {
    board
        .neighbours(c)
        .all(|v| matches!(board.cell(v), Cell::Revealed(_)) || knowledge.not_zero(board, v))
}
