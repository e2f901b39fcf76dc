//! Certain cells and why: the unrevealed cells that are safe, or mines, in every consistent
//! layout, and for the simple ones the chain of trivial deductions that proves them.
//!
//! Certainty comes from the exact engine ([`Analysis::mine_layouts`] is zero or every
//! layout), so it includes cells that only the whole enumeration settles. The reasons are
//! re-derived here by replaying the trivial deductions of [`crate::engine::rules`] ("this number's
//! unknown neighbours must all be safe" / "must all be mines") and recording, for each cell
//! they settle, the number that forced it and the earlier deductions it relied on. The
//! trivial deductions reach the same fixed point in any order, so the replay settles exactly
//! the cells the engine's reduce phase settled. A cell certain by enumeration alone gets
//! [`Reason::Enumeration`]: a later "why" explanation needs more than a chain for it.

use crate::board::{Board, Cell, CellIdx};
use crate::engine::probability::Analysis;

/// Which way a cell is certain.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Certainty {
    /// Safe in every consistent layout.
    Safe,
    /// A mine in every consistent layout.
    Mine,
}

/// Why a cell is certain.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Reason {
    /// The position says so (a known-safe cell of the `.inp` format).
    Known,
    /// A trivial deduction: the number at `witness` needs no more mines (all its other
    /// unknown neighbours are safe) or needs all of them (they are all mines), counting the
    /// cells in `uses`, which earlier deductions settled.
    Witness {
        /// The revealed number that forced the cell.
        witness: CellIdx,
        /// Neighbours of the witness settled by earlier deductions that the step counted.
        uses: Vec<CellIdx>,
    },
    /// Only the exact enumeration proves it (no chain of trivial deductions does).
    Enumeration,
}

/// One step of a chain of trivial deductions.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DeductionStep {
    /// The cell settled.
    pub cell: CellIdx,
    /// Which way.
    pub certainty: Certainty,
    /// The number that forced it.
    pub witness: CellIdx,
}

/// The certain cells of a position with their reasons.
#[derive(Debug, Clone)]
pub struct Deductions {
    /// Per board cell: `Some` for an unrevealed, unflagged certain cell.
    certain: Vec<Option<(Certainty, Reason)>>,
}

impl Deductions {
    /// Whether and which way a cell is certain (`None` for revealed cells, flags and cells
    /// that are safe in some layouts and mines in others).
    pub fn certainty(&self, idx: CellIdx) -> Option<Certainty> {
        self.certain[idx.get()].as_ref().map(|(c, _)| *c)
    }

    /// Why a certain cell is certain.
    pub fn reason(&self, idx: CellIdx) -> Option<&Reason> {
        self.certain[idx.get()].as_ref().map(|(_, r)| r)
    }

    /// Every certain cell, in board order.
    pub fn cells(&self) -> impl Iterator<Item = (CellIdx, Certainty)> + '_ {
        self.certain
            .iter()
            .enumerate()
            .filter_map(|(i, c)| c.as_ref().map(|(c, _)| (CellIdx(i as u32), *c)))
    }

    /// The chain of trivial deductions that proves `idx`, each step after the ones it uses and
    /// the cell itself last; empty when `idx` is not settled by trivial deductions.
    pub fn chain(&self, idx: CellIdx) -> Vec<DeductionStep> {
        let mut out = Vec::new();
        let mut visited = vec![false; self.certain.len()];
        self.visit(idx, &mut visited, &mut out);
        out
    }

    fn visit(&self, idx: CellIdx, visited: &mut [bool], out: &mut Vec<DeductionStep>) {
        if visited[idx.get()] {
            return;
        }
        visited[idx.get()] = true;
        if let Some((certainty, Reason::Witness { witness, uses })) = &self.certain[idx.get()] {
            for &used in uses {
                self.visit(used, visited, out);
            }
            out.push(DeductionStep {
                cell: idx,
                certainty: *certainty,
                witness: *witness,
            });
        }
    }
}

/// The certain cells of the board `analysis` was made from, with their reasons.
pub fn certain_cells(board: &Board, analysis: &Analysis) -> Deductions {
    let trivial = replay_trivial(board);
    let certain = board
        .indices()
        .map(|idx| {
            let cell = board.cell(idx);
            if !cell.is_unrevealed() {
                return None;
            }
            let mines = analysis.mine_layouts(idx);
            let certainty = if num_traits::Zero::is_zero(&mines) {
                Certainty::Safe
            } else if &mines == analysis.solutions() {
                Certainty::Mine
            } else {
                return None;
            };
            let reason = if cell == Cell::HiddenSafe {
                Reason::Known
            } else {
                match &trivial[idx.get()] {
                    Some((c, witness, uses)) if *c == certainty => Reason::Witness {
                        witness: *witness,
                        uses: uses.clone(),
                    },
                    _ => Reason::Enumeration,
                }
            };
            Some((certainty, reason))
        })
        .collect();
    Deductions { certain }
}

/// Per cell, the trivial deduction that settled it: (which way, the number, the settled cells
/// it counted). The same worklist as [`crate::engine::rules::Rules::from_board`], with reasons.
#[allow(clippy::type_complexity)]
fn replay_trivial(board: &Board) -> Vec<Option<(Certainty, CellIdx, Vec<CellIdx>)>> {
    let mut settled: Vec<Option<(Certainty, CellIdx, Vec<CellIdx>)>> = vec![None; board.len()];
    let is_mine = |settled: &[Option<(Certainty, CellIdx, Vec<CellIdx>)>], n: CellIdx| {
        board.cell(n) == Cell::Flag || matches!(settled[n.get()], Some((Certainty::Mine, _, _)))
    };
    let is_unknown = |settled: &[Option<(Certainty, CellIdx, Vec<CellIdx>)>], n: CellIdx| {
        matches!(board.cell(n), Cell::Hidden | Cell::HiddenMine) && settled[n.get()].is_none()
    };
    let mut queue: Vec<CellIdx> = board
        .indices()
        .filter(|&i| matches!(board.cell(i), Cell::Revealed(_)))
        .collect();
    let mut queued = vec![false; board.len()];
    for &i in &queue {
        queued[i.get()] = true;
    }
    while let Some(idx) = queue.pop() {
        queued[idx.get()] = false;
        let Cell::Revealed(number) = board.cell(idx) else {
            continue;
        };
        let mines_around = board
            .neighbours(idx)
            .filter(|&n| is_mine(&settled, n))
            .count();
        let unknown: Vec<CellIdx> = board
            .neighbours(idx)
            .filter(|&n| is_unknown(&settled, n))
            .collect();
        if unknown.is_empty() || mines_around > number as usize {
            continue;
        }
        let need = number as usize - mines_around;
        let certainty = if need == 0 {
            Certainty::Safe
        } else if need == unknown.len() {
            Certainty::Mine
        } else {
            continue;
        };
        // The earlier deductions this step counted: deduced mines for "all safe", deduced
        // cells of either kind for "all mines" (they are what leaves exactly `need` unknowns).
        let uses: Vec<CellIdx> = board
            .neighbours(idx)
            .filter(|&n| match &settled[n.get()] {
                Some((Certainty::Mine, _, _)) => true,
                Some((Certainty::Safe, _, _)) => certainty == Certainty::Mine,
                None => false,
            })
            .collect();
        for &n in &unknown {
            settled[n.get()] = Some((certainty, idx, uses.clone()));
            for m in board.neighbours(n) {
                if matches!(board.cell(m), Cell::Revealed(_)) && !queued[m.get()] {
                    queued[m.get()] = true;
                    queue.push(m);
                }
            }
        }
    }
    settled
}
