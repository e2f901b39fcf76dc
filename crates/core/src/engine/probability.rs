//! The exact mine-probability engine: [`solve_board`].
//!
//! The pipeline, in the order of its phases ([`Phase`]):
//! 1. **Reduce** ([`crate::engine::rules`]): numbers become rules; trivial deductions settle cells.
//! 2. **Group** ([`crate::engine::boxes`]): cells with the same witnesses form boxes; boxes form
//!    independent fronts; the rest float.
//! 3. **Enumerate** ([`crate::engine::fronts`], [`crate::engine::enumerate`]): each front's layouts, counted exactly per number
//!    of mines, with per-box mine tallies. Machine integers when they cannot overflow.
//! 4. **Combine**: fronts and floating cells share the global mine count; the floating cells
//!    weigh `C(floating, mines left)`. Exact integers, divided only at the end: `u64` or
//!    `u128` where [`crate::engine::combine::machine_bound`] says no count can exceed them
//!    (natively; the page's wasm32 always takes big integers), past them 3 or 6 words of
//!    [`crate::engine::wide`] within its bound (natively), `BigUint` otherwise.
//!
//! [`solve_probabilities`] is the same pipeline for callers that need only the probabilities.

use num_bigint::BigUint;

use crate::board::{Board, CellIdx};
use crate::combinatorics::Fraction;
use crate::engine::boxes::Boxes;
#[cfg(not(target_arch = "wasm32"))]
use crate::engine::boxes::Front;
use crate::engine::combine::{combination_work, combine, Combined, FrontWeights, Weight};
use crate::engine::fronts::{enumerate_front_weights, enumerate_fronts_with, EnumerateFront};
#[cfg(not(target_arch = "wasm32"))]
use crate::engine::fronts::{machine_front, MACHINE_FRONT_CELLS};
use crate::engine::rules::{Rules, Status};
use crate::engine::scratch::{KeptProblem, Scratch};
#[cfg(not(target_arch = "wasm32"))]
use crate::engine::wide::{wide_bound_bits, Wide};
use crate::error::{SolveError, SolveErrorKind};

// The budget lives in its own module, which `fronts` reads without reading this one.
pub use crate::engine::solve_config::SolveConfig;

/// The phases of an analysis, named as in the module overview.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Phase {
    /// Numbers to rules, trivial deductions.
    Reduce,
    /// Boxes and fronts.
    Group,
    /// Per-front enumeration.
    Enumerate,
    /// Fronts and floating cells combined under the mine count.
    Combine,
}

/// How the engine sees one cell after the analysis.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CellClass {
    /// A revealed number.
    Revealed,
    /// A flag, counted as a mine.
    Flag,
    /// Safe in every consistent layout, proven by a trivial deduction or known beforehand.
    Safe,
    /// A mine in every consistent layout, proven by a trivial deduction.
    Mine,
    /// In a box on a front (index into the boxes).
    Boxed(u32),
    /// Touches no number: shares the mines the fronts leave.
    Floating,
}

/// The result of [`solve_board`]: the exact count of consistent layouts and, for every
/// unrevealed cell, the exact number of those layouts in which it holds a mine.
#[derive(Debug, Clone)]
pub struct Analysis {
    width: usize,
    height: usize,
    solutions: BigUint,
    classes: Vec<CellClass>,
    /// Per box: the number of layouts in which one given cell of it is a mine (the box's
    /// mine weight, layouts times its mines, divided by its size: exact, as its cells are
    /// interchangeable). Divided once here, so that reading a count allocates nothing.
    box_cell_mine_layouts: Vec<BigUint>,
    /// Layouts in which one given floating cell is a mine.
    floating_mine_layouts: BigUint,
    /// Per box, the probability of each of its cells as the nearest `f64`, and the same for a
    /// floating cell: converted once per box, as every cell of a box has the same exact
    /// ratio (and so the same `f64`), rather than once per cell read.
    box_probabilities: Vec<f64>,
    floating_probability: f64,
    stats: SolveStats,
    /// Per front: its fewest mines and its layout counts by mines from there on.
    pub(crate) front_counts: Vec<(usize, Vec<BigUint>)>,
    pub(crate) rules: Rules,
    pub(crate) boxes: Boxes,
}

/// Counters that describe the work an analysis did.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct SolveStats {
    /// Independent fronts.
    pub fronts: usize,
    /// Boxes over all fronts.
    pub boxes: usize,
    /// Cells on fronts.
    pub front_cells: usize,
    /// Floating cells.
    pub floating_cells: usize,
    /// Cells settled by trivial deductions.
    pub deduced_cells: usize,
    /// Probability lines created during enumeration, over all fronts.
    pub lines_created: u64,
}

/// Analyses a position exactly.
pub fn solve_board(board: &Board, config: &SolveConfig) -> Result<Analysis, SolveError> {
    solve_board_with(board, config, &mut Scratch::default())
}

/// [`solve_board`], with its working buffers in `scratch`: the same analysis, for a caller
/// that analyses many positions and keeps one scratch for all of them.
pub fn solve_board_with(
    board: &Board,
    config: &SolveConfig,
    scratch: &mut Scratch,
) -> Result<Analysis, SolveError> {
    let rules = Rules::from_board_with(board, &mut scratch.rules)?;
    let boxes = Boxes::new_with(&rules, &mut scratch.boxes);
    analyse_boxes(board, rules, boxes, config, &mut scratch.front)
}

/// [`solve_board_with`] of `board`, the position `parent` analysed with its hidden cell `idx`
/// revealed as a number: the same analysis, with the rules built from the parent's
/// ([`Rules::after_reveal`]) instead of from the whole board. The player's look-ahead asks
/// this for every number of every candidate.
pub(crate) fn solve_board_after_reveal(
    parent: &Analysis,
    board: &Board,
    idx: CellIdx,
    config: &SolveConfig,
    scratch: &mut Scratch,
) -> Result<Analysis, SolveError> {
    let rules = parent.rules.after_reveal(board, idx, &mut scratch.rules)?;
    let boxes = Boxes::new_with(&rules, &mut scratch.boxes);
    analyse_boxes(board, rules, boxes, config, &mut scratch.front)
}

/// Every cell's mine probability, written into `out` (one entry per cell, row-major; NaN for
/// a revealed cell): the same `f64`s as [`Analysis::probability`] of [`solve_board`], for
/// callers that need nothing else, without the rest of the analysis (its classes, counters
/// and exact counts). `out` is the caller's, so that a loop over positions reuses it.
pub fn solve_probabilities(
    board: &Board,
    config: &SolveConfig,
    out: &mut Vec<f64>,
) -> Result<(), SolveError> {
    solve_probabilities_with(board, config, &mut Scratch::default(), out)
}

/// [`solve_probabilities`], with its working buffers in `scratch` (as [`solve_board_with`]).
pub fn solve_probabilities_with(
    board: &Board,
    config: &SolveConfig,
    scratch: &mut Scratch,
    out: &mut Vec<f64>,
) -> Result<(), SolveError> {
    let rules = Rules::from_board_with(board, &mut scratch.rules)?;
    let boxes = Boxes::new_with(&rules, &mut scratch.boxes);
    let kept = &mut scratch.front;
    let result = match road(&rules, &boxes) {
        #[cfg(not(target_arch = "wasm32"))]
        Road::U64 => probabilities_on(
            board,
            &rules,
            &boxes,
            config,
            machine_front::<u64>,
            kept,
            out,
        ),
        #[cfg(not(target_arch = "wasm32"))]
        Road::U128 => probabilities_on(
            board,
            &rules,
            &boxes,
            config,
            machine_front::<u128>,
            kept,
            out,
        ),
        #[cfg(not(target_arch = "wasm32"))]
        Road::Wide192 => probabilities_on(
            board,
            &rules,
            &boxes,
            config,
            machine_front::<Wide<3>>,
            kept,
            out,
        ),
        #[cfg(not(target_arch = "wasm32"))]
        Road::Wide384 => probabilities_on(
            board,
            &rules,
            &boxes,
            config,
            machine_front::<Wide<6>>,
            kept,
            out,
        ),
        Road::Big => probabilities_on(
            board,
            &rules,
            &boxes,
            config,
            enumerate_front_weights::<BigUint>,
            kept,
            out,
        ),
    };
    // Nothing of the rules and boxes is needed now: their vectors serve the next analysis.
    scratch.boxes.recycle(boxes);
    scratch.rules.recycle(rules);
    result
}

/// [`solve_probabilities`] on the weights `W` that [`road`] chose.
fn probabilities_on<W: Weight>(
    board: &Board,
    rules: &Rules,
    boxes: &Boxes,
    config: &SolveConfig,
    enumerate: EnumerateFront<W>,
    kept: &mut KeptProblem,
    out: &mut Vec<f64>,
) -> Result<(), SolveError> {
    let (fronts, _) = enumerate_fronts_with(board, rules, boxes, config, enumerate, kept)?;
    let combined = combine_fronts(board, rules, boxes, &fronts, config)?;
    let floating = combined.floating_mine_layouts.ratio_f64(&combined.total);
    // Each status's value, looked up per cell by the status's discriminant rather than
    // matched (a jump per cell, over every cell of the board).
    let mut value_of = [0.0; 5];
    for status in [
        Status::Revealed,
        Status::Flag,
        Status::Safe,
        Status::Mine,
        Status::Unknown,
    ] {
        value_of[status as usize] = match status {
            Status::Revealed => f64::NAN,
            Status::Safe => 0.0,
            Status::Flag | Status::Mine => 1.0,
            Status::Unknown => floating,
        };
    }
    out.clear();
    out.extend(rules.status.iter().map(|&s| value_of[s as usize]));
    for (weight, mine_box) in combined.box_mine_weights.into_iter().zip(&boxes.boxes) {
        let p = box_cell_weight(weight, mine_box.cells.len()).ratio_f64(&combined.total);
        for cell in &mine_box.cells {
            out[cell.get()] = p;
        }
    }
    Ok(())
}

/// The integers an analysis counts on, chosen by [`machine_bound`](crate::engine::combine::machine_bound):
/// machine integers when no count of the combination can exceed them and every front is
/// enumerated on `u128` (fewer than 120 cells), big integers otherwise. The page's wasm32
/// counts on big integers only: a copy of the combination and the analysis for each machine
/// road costs its modules about 3 KB gzipped each, more than their size budgets had left
/// (journal/engine.md, issue 39, third session).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Road {
    #[cfg(not(target_arch = "wasm32"))]
    U64,
    #[cfg(not(target_arch = "wasm32"))]
    U128,
    /// [`Wide`] of 3 words (192 bits): early intermediate positions.
    #[cfg(not(target_arch = "wasm32"))]
    Wide192,
    /// [`Wide`] of 6 words (384 bits): every expert position.
    #[cfg(not(target_arch = "wasm32"))]
    Wide384,
    Big,
}

#[cfg(target_arch = "wasm32")]
fn road(_: &Rules, _: &Boxes) -> Road {
    // No machine road on wasm32 (above).
    Road::Big
}

#[cfg(not(target_arch = "wasm32"))]
fn road(rules: &Rules, boxes: &Boxes) -> Road {
    let cells_of = |front: &Front| -> usize {
        front
            .boxes
            .iter()
            .map(|&b| boxes.boxes[b as usize].cells.len())
            .sum()
    };
    let front_cells: usize = boxes.fronts.iter().map(cells_of).sum();
    if boxes
        .fronts
        .iter()
        .any(|f| cells_of(f) >= MACHINE_FRONT_CELLS)
    {
        return Road::Big;
    }
    let unknown = (front_cells + boxes.floating.len()) as u64;
    let mines_left = rules.mines_left as u64;
    // machine_bound's walk only where u128 may fit: up to 120 unknown cells it does (C(U, k)
    // < 2^U), and beyond, where the bound in bits (two logarithms, a few bits above the exact
    // bound) is at most 140. Each choice is one of speed only: every road counts the same
    // integers, and reads the same f64 from them.
    let bits = (unknown > 120).then(|| wide_bound_bits(unknown, mines_left));
    if bits.is_none_or(|bits| bits <= 140.0) {
        match crate::engine::combine::machine_bound(unknown, mines_left) {
            Some(bound) if bound <= u64::MAX as u128 => return Road::U64,
            Some(_) => return Road::U128,
            None => {}
        }
    }
    let bits = bits.unwrap_or_else(|| wide_bound_bits(unknown, mines_left));
    if bits <= 192.0 {
        Road::Wide192
    } else if bits <= 384.0 {
        Road::Wide384
    } else {
        Road::Big
    }
}

/// One given cell's mine weight in a box: the box's weight (layouts times its mines) over its
/// size, exact since its cells are interchangeable.
fn box_cell_weight<W: Weight>(box_weight: W, size: usize) -> W {
    box_weight.div_exact_small(size as u64)
}

/// [`analyse_on`] the weights that [`road`] chose for these rules and boxes.
fn analyse_boxes(
    board: &Board,
    rules: Rules,
    boxes: Boxes,
    config: &SolveConfig,
    kept: &mut KeptProblem,
) -> Result<Analysis, SolveError> {
    match road(&rules, &boxes) {
        #[cfg(not(target_arch = "wasm32"))]
        Road::U64 => analyse_on(board, rules, boxes, config, machine_front::<u64>, kept),
        #[cfg(not(target_arch = "wasm32"))]
        Road::U128 => analyse_on(board, rules, boxes, config, machine_front::<u128>, kept),
        #[cfg(not(target_arch = "wasm32"))]
        Road::Wide192 => analyse_on(board, rules, boxes, config, machine_front::<Wide<3>>, kept),
        #[cfg(not(target_arch = "wasm32"))]
        Road::Wide384 => analyse_on(board, rules, boxes, config, machine_front::<Wide<6>>, kept),
        Road::Big => analyse_on(
            board,
            rules,
            boxes,
            config,
            enumerate_front_weights::<BigUint>,
            kept,
        ),
    }
}

fn analyse_on<W: Weight>(
    board: &Board,
    rules: Rules,
    boxes: Boxes,
    config: &SolveConfig,
    enumerate: EnumerateFront<W>,
    kept: &mut KeptProblem,
) -> Result<Analysis, SolveError> {
    let (fronts, lines_created) =
        enumerate_fronts_with(board, &rules, &boxes, config, enumerate, kept)?;
    analysis_from_fronts(board, rules, boxes, fronts, lines_created, config)
}

/// The **Combine** phase and the [`Analysis`], from every front's counts (enumerated by
/// [`enumerate_fronts`], or taken from traces by the number chances, which need those too).
/// On machine integers only within [`machine_bound`].
pub(crate) fn analysis_from_fronts<W: Weight>(
    board: &Board,
    rules: Rules,
    boxes: Boxes,
    fronts: Vec<FrontWeights<W>>,
    lines_created: u64,
    config: &SolveConfig,
) -> Result<Analysis, SolveError> {
    let combined = combine_fronts(board, &rules, &boxes, &fronts, config)?;

    let classes = classify(&rules, &boxes);
    let deduced_cells = board
        .cells()
        .iter()
        .zip(&rules.status)
        .filter(|(c, s)| c.is_unrevealed() && matches!(s, Status::Safe | Status::Mine))
        .count();
    let stats = SolveStats {
        fronts: boxes.fronts.len(),
        boxes: boxes.boxes.len(),
        front_cells: boxes.boxes.iter().map(|b| b.cells.len()).sum(),
        floating_cells: boxes.floating.len(),
        deduced_cells,
        lines_created,
    };
    let mut box_probabilities = Vec::with_capacity(boxes.boxes.len());
    let box_cell_mine_layouts: Vec<BigUint> = combined
        .box_mine_weights
        .into_iter()
        .zip(&boxes.boxes)
        .map(|(weight, b)| {
            let layouts = box_cell_weight(weight, b.cells.len());
            box_probabilities.push(layouts.ratio_f64(&combined.total));
            layouts.into_big()
        })
        .collect();
    let floating_probability = combined.floating_mine_layouts.ratio_f64(&combined.total);
    Ok(Analysis {
        width: board.width(),
        height: board.height(),
        solutions: combined.total.into_big(),
        classes,
        box_cell_mine_layouts,
        floating_mine_layouts: combined.floating_mine_layouts.into_big(),
        box_probabilities,
        floating_probability,
        stats,
        front_counts: fronts
            .into_iter()
            .map(|f| (f.min_mines, f.counts.into_iter().map(W::into_big).collect()))
            .collect(),
        rules,
        boxes,
    })
}

impl Analysis {
    /// Board width.
    pub fn width(&self) -> usize {
        self.width
    }

    /// Board height.
    pub fn height(&self) -> usize {
        self.height
    }

    /// The exact number of consistent layouts of the unflagged mines.
    pub fn solutions(&self) -> &BigUint {
        &self.solutions
    }

    /// How the engine classified a cell.
    pub fn class(&self, idx: CellIdx) -> CellClass {
        self.classes[idx.get()]
    }

    /// The number of consistent layouts in which `idx` holds a mine (all of them for a flag,
    /// none for a revealed cell).
    pub fn mine_layouts(&self, idx: CellIdx) -> BigUint {
        self.mine_layouts_ref(idx).clone()
    }

    /// [`Analysis::mine_layouts`] without a copy, for the player's inner loops.
    pub fn mine_layouts_ref(&self, idx: CellIdx) -> &BigUint {
        static ZERO: BigUint = BigUint::ZERO;
        match self.classes[idx.get()] {
            CellClass::Revealed | CellClass::Safe => &ZERO,
            CellClass::Flag | CellClass::Mine => &self.solutions,
            CellClass::Boxed(b) => &self.box_cell_mine_layouts[b as usize],
            CellClass::Floating => &self.floating_mine_layouts,
        }
    }

    /// The exact probability that an unrevealed cell holds a mine; `None` for a revealed cell.
    pub fn probability_exact(&self, idx: CellIdx) -> Option<Fraction> {
        if self.classes[idx.get()] == CellClass::Revealed {
            return None;
        }
        Some(Fraction::new(
            self.mine_layouts(idx),
            self.solutions.clone(),
        ))
    }

    /// The probability that an unrevealed cell holds a mine, as the nearest `f64`; `None` for
    /// a revealed cell.
    pub fn probability(&self, idx: CellIdx) -> Option<f64> {
        match self.classes[idx.get()] {
            CellClass::Revealed => None,
            CellClass::Safe => Some(0.0),
            CellClass::Flag | CellClass::Mine => Some(1.0),
            CellClass::Boxed(b) => Some(self.box_probabilities[b as usize]),
            CellClass::Floating => Some(self.floating_probability),
        }
    }

    /// Counters describing the work done.
    pub fn stats(&self) -> &SolveStats {
        &self.stats
    }
}

/// Combines the fronts within the budget; a zero total is an inconsistent mine count.
pub(crate) fn combine_fronts<W: Weight>(
    board: &Board,
    rules: &Rules,
    boxes: &Boxes,
    fronts: &[FrontWeights<W>],
    config: &SolveConfig,
) -> Result<Combined<W>, SolveError> {
    let max_products = config.max_work / W::PRODUCT_COST;
    if combination_work(fronts, rules.mines_left) > max_products {
        return Err(SolveError::new(SolveErrorKind::TooComplex {
            what: "products to combine the fronts",
            limit: max_products,
        }));
    }
    let front_boxes: Vec<&[u32]> = boxes.fronts.iter().map(|f| f.boxes.as_slice()).collect();
    let floating = boxes.floating.len();
    let combined = combine(
        fronts,
        &front_boxes,
        boxes.boxes.len(),
        floating as u64,
        rules.mines_left,
    );
    if combined.total.is_zero_count() {
        let flags = board.flag_count();
        let settled = board.mines() - flags - rules.mines_left;
        let least: usize = fronts.iter().map(|f| f.min_mines).sum();
        let most: usize = fronts
            .iter()
            .map(|f| f.min_mines + f.counts.len() - 1)
            .sum();
        return Err(SolveError::new(SolveErrorKind::MineCount {
            mines: board.mines(),
            min: flags + settled + least,
            max: flags + settled + most + floating,
        }));
    }
    Ok(combined)
}

/// Each cell's class from the rules and the boxes.
pub(crate) fn classify(rules: &Rules, boxes: &Boxes) -> Vec<CellClass> {
    let mut classes: Vec<CellClass> = rules
        .status
        .iter()
        .map(|s| match s {
            Status::Revealed => CellClass::Revealed,
            Status::Flag => CellClass::Flag,
            Status::Safe => CellClass::Safe,
            Status::Mine => CellClass::Mine,
            Status::Unknown => CellClass::Floating,
        })
        .collect();
    for (b, mine_box) in boxes.boxes.iter().enumerate() {
        for cell in &mine_box.cells {
            classes[cell.get()] = CellClass::Boxed(b as u32);
        }
    }
    classes
}

#[cfg(test)]
mod tests;
