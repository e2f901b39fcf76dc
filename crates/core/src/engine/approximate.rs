//! [`estimate_board`]: mine probabilities in floating point, for positions the exact engine
//! refuses as over its budget.
//!
//! The pipeline is the exact one (the same rules, boxes, front enumeration and combination),
//! run on [`Scaled`] floats instead of big integers: about 15 significant digits, and an
//! explicit `approximate` label wherever it is shown. It is far cheaper per operation, so
//! it reaches boards with hundreds of fronts; a front whose probability lines explode is
//! still refused, honestly.

use crate::board::{Board, CellIdx};
use crate::engine::boxes::Boxes;
use crate::engine::fronts::enumerate_fronts;
use crate::engine::probability::{classify, combine_fronts, CellClass, SolveConfig};
use crate::engine::rules::Rules;
use crate::engine::scaled::Scaled;
use crate::error::SolveError;

/// Floating-point mine probabilities for every cell.
#[derive(Debug, Clone)]
pub struct Estimate {
    probabilities: Vec<Option<f64>>,
    log2_solutions: f64,
}

impl Estimate {
    /// The estimated probability that an unrevealed cell holds a mine; `None` for a revealed
    /// cell.
    pub fn probability(&self, idx: CellIdx) -> Option<f64> {
        self.probabilities[idx.get()]
    }

    /// `log2` of the number of consistent layouts.
    pub fn log2_solutions(&self) -> f64 {
        self.log2_solutions
    }
}

/// Estimates every cell's mine probability in floating point. The budget in `config` is
/// spent as by [`crate::solve_board`], but each operation is far cheaper, so much larger
/// positions fit.
pub fn estimate_board(board: &Board, config: &SolveConfig) -> Result<Estimate, SolveError> {
    let rules = Rules::from_board(board)?;
    let boxes = Boxes::new(&rules);
    let (fronts, _) = enumerate_fronts::<Scaled>(board, &rules, &boxes, config)?;
    let combined = combine_fronts(board, &rules, &boxes, &fronts, config)?;
    let total = combined.total;
    let probabilities = classify(&rules, &boxes)
        .into_iter()
        .map(|class| match class {
            CellClass::Revealed => None,
            CellClass::Safe => Some(0.0),
            CellClass::Flag | CellClass::Mine => Some(1.0),
            CellClass::Boxed(b) => {
                let size = boxes.boxes[b as usize].cells.len() as f64;
                Some((combined.box_mine_weights[b as usize].ratio(total) / size).clamp(0.0, 1.0))
            }
            CellClass::Floating => {
                Some(combined.floating_mine_layouts.ratio(total).clamp(0.0, 1.0))
            }
        })
        .collect();
    Ok(Estimate {
        probabilities,
        log2_solutions: total.log2(),
    })
}
