//! The hint: one certain cell with its proof, the smallest set of revealed numbers (plus the
//! mines-left count where needed) that makes it certain, and a sentence that says why.
//!
//! A **proof** keeps some numbers and forgets the rest: the cell must be certain in every
//! layout of that sub-position (`sub_position`). A proof of up to three numbers is a
//! smallest one; a larger proof is inclusion-minimal: dropping any one of its numbers, or the
//! count, leaves the cell uncertain (`proof`).
//!
//! **Levels** ([`Level`]): one number, two numbers (the subset and difference patterns such
//! as 1-2-1 and 1-2-2-1), three or more, and "needs the mines-left count".
//!
//! **Which hint.** Certainty comes from the exact engine. A safe cell comes first, a mine
//! only when no cell is certainly safe; then the lowest level, the smallest proof, the cell
//! nearest the last move (Chebyshev distance) and reading order. Proofs are searched in that
//! order too, size by size over all cells, so the best hint costs only the sizes below it.
//! When no cell is certain the hint is the safest guess with its exact mine chance.

mod proof;
mod sub_position;
mod text;

use crate::board::{Board, Cell, CellIdx};
use crate::combinatorics::Fraction;
use crate::deductions::{certain_cells, Certainty};
use crate::engine::probability::{solve_board, Analysis, SolveConfig};
pub use crate::error::{HintError, HintErrorKind};

use proof::Proof;
use sub_position::SubPositions;

/// How hard a proof is, as the hint and the JSON show it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Level {
    /// One number (or a cell the position itself marks safe).
    OneNumber = 1,
    /// Two numbers: the subset and difference patterns.
    TwoNumbers = 2,
    /// Three or more numbers.
    ThreeOrMore = 3,
    /// Needs the mines-left count.
    NeedsCount = 4,
}

impl Level {
    /// 1 to 4.
    pub fn number(self) -> u8 {
        self as u8
    }
}

/// A certain cell with its proof.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CertainHint {
    /// The cell.
    pub cell: CellIdx,
    /// Safe or a mine.
    pub certainty: Certainty,
    /// How hard the proof is.
    pub level: Level,
    /// The revealed numbers of the proof, in board order (empty for a cell the position
    /// marks safe, or one the count alone settles).
    pub proof: Vec<CellIdx>,
    /// Whether the proof needs the mines-left count.
    pub uses_count: bool,
    /// The proof in words.
    pub text: String,
}

/// The safest guess, when no cell is certain.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GuessHint {
    /// The cell with the lowest chance of a mine.
    pub cell: CellIdx,
    /// Its exact chance of a mine.
    pub mine_chance: Fraction,
    /// The advice in words.
    pub text: String,
}

/// What the hint says about a position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Hint {
    /// A certain cell and its proof.
    Certain(CertainHint),
    /// No cell is certain: the safest guess.
    Guess(GuessHint),
}

/// The best hint of a position; `near` is the last move, for ties (reading order without
/// one).
pub fn best_hint(board: &Board, near: Option<CellIdx>) -> Result<Hint, HintError> {
    nth_hint(board, near, 0)
}

/// The `n`-th hint in rank order, counting round (a second press of the page's button shows
/// the next one, and after the last the first again); the safest guess when no cell is
/// certain.
pub fn nth_hint(board: &Board, near: Option<CellIdx>, n: usize) -> Result<Hint, HintError> {
    let analysis = analyse(board)?;
    let certain = certain_by_kind(board, &analysis);
    if certain.iter().all(Vec::is_empty) {
        return Ok(Hint::Guess(safest_guess(board, &analysis, near)));
    }
    let total: usize = certain.iter().map(Vec::len).sum();
    let wanted = n % total;
    let ranked = rank(board, certain, near, wanted + 1);
    Ok(Hint::Certain(ranked[wanted].clone()))
}

/// Every certain cell with its own proof, in rank order (ties in reading order).
pub fn all_hints(board: &Board) -> Result<Vec<CertainHint>, HintError> {
    let analysis = analyse(board)?;
    let certain = certain_by_kind(board, &analysis);
    Ok(rank(board, certain, None, usize::MAX))
}

/// The exact analysis, refusing an impossible position and a game that is over.
fn analyse(board: &Board) -> Result<Analysis, HintError> {
    let analysis = solve_board(board, &SolveConfig::default()).map_err(HintError::from)?;
    let flags = board.flag_count();
    let unflagged = board.cells().iter().filter(|c| c.is_unrevealed()).count();
    if unflagged + flags == board.mines() {
        return Err(HintError::new(HintErrorKind::GameOver));
    }
    Ok(analysis)
}

/// The certain cells, safe ones first, then mines, each in board order.
fn certain_by_kind(board: &Board, analysis: &Analysis) -> [Vec<CellIdx>; 2] {
    let deductions = certain_cells(board, analysis);
    let mut out = [Vec::new(), Vec::new()];
    for (idx, certainty) in deductions.cells() {
        out[usize::from(certainty == Certainty::Mine)].push(idx);
    }
    out
}

/// The first `wanted` certain cells in rank order with their proofs, searching proofs size
/// by size over all cells of a kind so that no larger proof is sought before it can matter.
fn rank(
    board: &Board,
    certain: [Vec<CellIdx>; 2],
    near: Option<CellIdx>,
    wanted: usize,
) -> Vec<CertainHint> {
    let sub = SubPositions::new(board);
    let distance = |idx: CellIdx| near.map_or(0, |n| chebyshev(board, n, idx));
    let mut out: Vec<CertainHint> = Vec::new();
    for (kind, cells) in certain.into_iter().enumerate() {
        let certainty = if kind == 0 {
            Certainty::Safe
        } else {
            Certainty::Mine
        };
        let (known, mut open): (Vec<CellIdx>, Vec<CellIdx>) = cells
            .into_iter()
            .partition(|&c| board.cell(c) == Cell::HiddenSafe);
        // The cells the position marks safe need no proof; then proofs size by size.
        let mut tier: Vec<(CellIdx, Proof)> =
            known.into_iter().map(|c| (c, Proof::none())).collect();
        let searches: [&dyn Fn(CellIdx) -> Option<Proof>; 5] = [
            &|c| proof::proof_of_size(&sub, c, certainty, 1),
            &|c| proof::proof_of_size(&sub, c, certainty, 2),
            &|c| proof::proof_of_size(&sub, c, certainty, 3),
            &|c| proof::larger_proof(&sub, c, certainty),
            &|c| Some(proof::proof_with_count(&sub, c, certainty)),
        ];
        let mut searches = searches.iter();
        loop {
            tier.sort_by(|(a, pa), (b, pb)| {
                pa.numbers
                    .len()
                    .cmp(&pb.numbers.len())
                    .then(distance(*a).cmp(&distance(*b)))
                    .then(a.cmp(b))
            });
            for (cell, proof) in tier.drain(..) {
                out.push(certain_hint(&sub, cell, certainty, proof));
                if out.len() >= wanted {
                    return out;
                }
            }
            let Some(search) = searches.next() else {
                break;
            };
            open.retain(|&c| match search(c) {
                Some(proof) => {
                    tier.push((c, proof));
                    false
                }
                None => true,
            });
        }
    }
    out
}

fn certain_hint(
    sub: &SubPositions<'_>,
    cell: CellIdx,
    certainty: Certainty,
    proof: Proof,
) -> CertainHint {
    let level = if proof.uses_count {
        Level::NeedsCount
    } else {
        match proof.numbers.len() {
            0 | 1 => Level::OneNumber,
            2 => Level::TwoNumbers,
            _ => Level::ThreeOrMore,
        }
    };
    let text = text::certain_sentence(sub, cell, certainty, &proof);
    CertainHint {
        cell,
        certainty,
        level,
        proof: proof.numbers,
        uses_count: proof.uses_count,
        text,
    }
}

/// The unknown cell with the fewest mine layouts, ties to the nearest, then reading order.
fn safest_guess(board: &Board, analysis: &Analysis, near: Option<CellIdx>) -> GuessHint {
    let distance = |idx: CellIdx| near.map_or(0, |n| chebyshev(board, n, idx));
    let best = board
        .indices()
        .filter(|&i| matches!(board.cell(i), Cell::Hidden | Cell::HiddenMine))
        .min_by(|&a, &b| {
            analysis
                .mine_layouts_ref(a)
                .cmp(analysis.mine_layouts_ref(b))
                .then(distance(a).cmp(&distance(b)))
                .then(a.cmp(&b))
        });
    // `analyse` refused a game that is over, so some unknown cell remains.
    let cell = best.unwrap_or(CellIdx(0));
    let mine_chance = Fraction::new(analysis.mine_layouts(cell), analysis.solutions().clone());
    let chance = analysis.probability(cell).unwrap_or(1.0);
    let text = text::guess_sentence(board, cell, chance);
    GuessHint {
        cell,
        mine_chance,
        text,
    }
}

fn chebyshev(board: &Board, a: CellIdx, b: CellIdx) -> usize {
    let (ax, ay) = board.xy(a);
    let (bx, by) = board.xy(b);
    ax.abs_diff(bx).max(ay.abs_diff(by))
}

#[cfg(test)]
mod tests;
