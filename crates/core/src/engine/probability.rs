//! The exact mine-probability engine: [`solve_board`].
//!
//! The pipeline, in the order of its phases ([`Phase`]):
//! 1. **Reduce** ([`crate::engine::rules`]): numbers become rules; trivial deductions settle cells.
//! 2. **Group** ([`crate::engine::boxes`]): cells with the same witnesses form boxes; boxes form
//!    independent fronts; the rest float.
//! 3. **Enumerate** ([`crate::engine::enumerate`]): each front's layouts, counted exactly per number
//!    of mines, with per-box mine tallies. Machine integers when they cannot overflow.
//! 4. **Combine**: fronts and floating cells share the global mine count; the floating cells
//!    weigh `C(floating, mines left)`. Big integers from here on, divided only at the end.

use num_bigint::BigUint;

use crate::board::{Board, CellIdx};
use crate::combinatorics::{ratio_to_f64, Count, Fraction};
use crate::engine::boxes::{Boxes, Front};
use crate::engine::combine::{combination_work, combine, Combined, FrontWeights, Weight};
use crate::engine::enumerate::{
    enumerate_front, FrontCounts, FrontFailure, FrontLimits, FrontProblem, FrontRule,
};
use crate::engine::rules::{Rules, Status};
use crate::engine::scratch::Scratch;
use crate::engine::small_front;
use crate::error::{SolveError, SolveErrorKind};

/// The budget of an analysis.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SolveConfig {
    /// The most probability lines one front may have alive at once. Hard expert positions
    /// need a few hundred; the default leaves room for boards far beyond expert while keeping
    /// memory bounded (each line is a few hundred bytes).
    pub max_lines: usize,
    /// The most work one front's enumeration, and separately the combination of the
    /// fronts, may take, in elementary count operations (one is a few nanoseconds on machine
    /// integers, up to a microsecond on big ones). Bounds the time on pathological boards
    /// (hundreds of fronts, or one front winding over a 200x200 board); real games stay far
    /// below it.
    pub max_work: u64,
}

impl Default for SolveConfig {
    fn default() -> SolveConfig {
        SolveConfig {
            max_lines: 200_000,
            max_work: 64_000_000,
        }
    }
}

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
    let (fronts, lines_created) = enumerate_fronts::<BigUint>(board, &rules, &boxes, config)?;
    analysis_from_fronts(board, rules, boxes, fronts, lines_created, config)
}

/// [`solve_board`] of `board`, the position `parent` analysed with its hidden cell `idx`
/// revealed as a number: the same analysis, with the rules built from the parent's
/// ([`Rules::after_reveal`]) instead of from the whole board. The player's look-ahead asks
/// this for every number of every candidate.
pub(crate) fn solve_board_after_reveal(
    parent: &Analysis,
    board: &Board,
    idx: CellIdx,
    config: &SolveConfig,
) -> Result<Analysis, SolveError> {
    analyse_rules(board, parent.rules.after_reveal(board, idx)?, config)
}

/// The analysis of `board` from its rules.
fn analyse_rules(
    board: &Board,
    rules: Rules,
    config: &SolveConfig,
) -> Result<Analysis, SolveError> {
    let boxes = Boxes::new(&rules);
    let (fronts, lines_created) = enumerate_fronts::<BigUint>(board, &rules, &boxes, config)?;
    analysis_from_fronts(board, rules, boxes, fronts, lines_created, config)
}

/// The **Combine** phase and the [`Analysis`], from every front's counts (enumerated by
/// [`enumerate_fronts`], or taken from traces by the number chances, which need those too).
pub(crate) fn analysis_from_fronts(
    board: &Board,
    rules: Rules,
    boxes: Boxes,
    fronts: Vec<FrontWeights<BigUint>>,
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
    let box_cell_mine_layouts: Vec<BigUint> = combined
        .box_mine_weights
        .into_iter()
        .zip(&boxes.boxes)
        .map(|(weight, b)| weight / b.cells.len() as u32)
        .collect();
    let box_probabilities = box_cell_mine_layouts
        .iter()
        .map(|layouts| ratio_to_f64(layouts, &combined.total))
        .collect();
    let floating_probability = ratio_to_f64(&combined.floating_mine_layouts, &combined.total);
    Ok(Analysis {
        width: board.width(),
        height: board.height(),
        solutions: combined.total,
        classes,
        box_cell_mine_layouts,
        floating_mine_layouts: combined.floating_mine_layouts,
        box_probabilities,
        floating_probability,
        stats,
        front_counts: fronts
            .into_iter()
            .map(|f| (f.min_mines, f.counts))
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

/// Enumerates every front ([`enumerate_front_weights`]). Returns the fronts and the
/// probability lines created.
pub(crate) fn enumerate_fronts<W: Weight>(
    board: &Board,
    rules: &Rules,
    boxes: &Boxes,
    config: &SolveConfig,
) -> Result<(Vec<FrontWeights<W>>, u64), SolveError> {
    let mut out = Vec::with_capacity(boxes.fronts.len());
    let mut lines_created = 0;
    let limits = FrontLimits {
        max_lines: config.max_lines,
        max_work: config.max_work,
        max_mines: rules.mines_left,
    };
    for front in &boxes.fronts {
        let problem = front_problem(rules, boxes, front);
        let result = enumerate_front_weights::<W>(&problem, &limits);
        match result {
            Ok((lines, front)) => {
                lines_created += lines;
                out.push(front);
            }
            Err(failure) => {
                return Err(front_failure(
                    board,
                    rules,
                    front,
                    failure,
                    config,
                    "probability lines at once (or its work budget) in one front",
                ))
            }
        }
    }
    Ok((out, lines_created))
}

/// One front's layouts by mine count: on machine integers when they cannot overflow (exact
/// and fastest), on `W` itself otherwise. Returns the probability lines created too.
pub(crate) fn enumerate_front_weights<W: Weight>(
    problem: &FrontProblem,
    limits: &FrontLimits,
) -> Result<(u64, FrontWeights<W>), FrontFailure> {
    let cells: usize = problem.box_sizes.iter().map(|&s| s as usize).sum();
    // A front of few box-level assignments is searched directly (its bound is in
    // `small_front`); one with no layout goes on to the planned enumeration, which names
    // the rule at fault.
    if let Some(front) = small_front::search_front(problem, limits) {
        return Ok((front.lines_created, widen(front, |c| W::from_u128(*c))));
    }
    // Below 120 cells no count exceeds 2^120 layouts times 8 mines per box: u128 is exact.
    if cells < 120 {
        enumerate_front::<u128>(problem, limits)
            .map(|f| (f.lines_created, widen(f, |c| W::from_u128(*c))))
    } else {
        // A product of weights costs PRODUCT_COST machine operations; an addition of
        // tallies about a quarter of that.
        let weighted = FrontLimits {
            max_work: limits.max_work / W::PRODUCT_COST.div_ceil(4),
            ..*limits
        };
        enumerate_front::<W>(problem, &weighted).map(|f| (f.lines_created, widen(f, W::clone)))
    }
}

/// The error for a front that could not be enumerated: the number at fault when no layout
/// satisfies it, or the budget (`what` ran out) when it was too large.
pub(crate) fn front_failure(
    board: &Board,
    rules: &Rules,
    front: &Front,
    failure: FrontFailure,
    config: &SolveConfig,
    what: &'static str,
) -> SolveError {
    match failure {
        FrontFailure::Unsatisfiable(rule) => {
            let (x, y) = board.xy(rules.witnesses[front.witnesses[rule] as usize].cell);
            SolveError::new(SolveErrorKind::Unsatisfiable { x, y })
        }
        FrontFailure::TooManyLines => SolveError::new(SolveErrorKind::TooComplex {
            what,
            limit: config.max_lines as u64,
        }),
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

/// A front as abstract rules over front-local box indices (position in [`Front::boxes`]).
pub(crate) fn front_problem(rules: &Rules, boxes: &Boxes, front: &Front) -> FrontProblem {
    // A front's boxes are ascending (`Boxes::new` lists them so): a box's local index is found
    // by bisection, without a map.
    let local_of_box = |b: u32| {
        front
            .boxes
            .binary_search(&b)
            .expect("a witness's boxes are on its front") as u32
    };
    FrontProblem {
        box_sizes: front
            .boxes
            .iter()
            .map(|&b| boxes.boxes[b as usize].cells.len() as u8)
            .collect(),
        rules: front
            .witnesses
            .iter()
            .map(|&w| {
                let witness = &rules.witnesses[w as usize];
                let mut front_boxes: Vec<u32> = Vec::with_capacity(witness.cells.len());
                front_boxes.extend(
                    witness
                        .cells
                        .iter()
                        .filter_map(|c| boxes.box_of_cell[c.get()])
                        .map(local_of_box),
                );
                front_boxes.sort_unstable();
                front_boxes.dedup();
                FrontRule {
                    need: witness.need,
                    boxes: front_boxes,
                }
            })
            .collect(),
    }
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

/// A front's counts, converted for the combination.
fn widen<C: Count, W: Weight>(front: FrontCounts<C>, convert: impl Fn(&C) -> W) -> FrontWeights<W> {
    FrontWeights {
        min_mines: front.min_mines,
        counts: front.by_mines.iter().map(|e| convert(&e.count)).collect(),
        tallies: front
            .by_mines
            .iter()
            .map(|e| e.tally.iter().map(&convert).collect())
            .collect(),
    }
}
