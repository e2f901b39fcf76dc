//! The **Enumerate** phase of [`solve_board`](crate::engine::probability::solve_board), front by
//! front: each front of the boxes as an abstract problem over its boxes ([`front_problem`]),
//! counted on the integers the analysis's road chose ([`enumerate_fronts_with`]): a front of
//! fewer than [`MACHINE_FRONT_CELLS`] cells on `u128` (directly searched when it is small,
//! `small_front`), a larger one on the weight itself. A front without a layout or past the
//! budget becomes the analysis's error ([`front_failure`]).

use crate::board::Board;
use crate::combinatorics::Count;
use crate::engine::boxes::{Boxes, Front};
use crate::engine::combine::{FrontWeights, Weight};
use crate::engine::enumerate::{
    enumerate_front, FrontCounts, FrontFailure, FrontLimits, FrontProblem,
};
use crate::engine::rules::Rules;
use crate::engine::scratch::KeptProblem;
use crate::engine::small_front;
use crate::engine::solve_config::SolveConfig;
use crate::error::{SolveError, SolveErrorKind};

/// Below this many cells a front's counts fit in `u128`: at most `2^120` layouts times 8
/// mines per box.
pub(crate) const MACHINE_FRONT_CELLS: usize = 120;

/// Enumerates every front ([`enumerate_front_weights`]). Returns the fronts and the
/// probability lines created.
pub(crate) fn enumerate_fronts<W: Weight>(
    board: &Board,
    rules: &Rules,
    boxes: &Boxes,
    config: &SolveConfig,
) -> Result<(Vec<FrontWeights<W>>, u64), SolveError> {
    enumerate_fronts_with(
        board,
        rules,
        boxes,
        config,
        enumerate_front_weights::<W>,
        &mut KeptProblem::default(),
    )
}

/// How one front is enumerated: [`enumerate_front_weights`] in general, [`machine_front`] on
/// the machine roads (a function, so that those roads build no enumeration of their own).
pub(crate) type EnumerateFront<W> =
    fn(&FrontProblem, &FrontLimits) -> Result<(u64, FrontWeights<W>), FrontFailure>;

/// [`enumerate_front_weights`] for a front of fewer than [`MACHINE_FRONT_CELLS`] cells (as
/// [`road`] checked), its `u128` counts narrowed to `W` (within [`machine_bound`]).
#[cfg_attr(target_arch = "wasm32", allow(dead_code))]
pub(crate) fn machine_front<W: Weight>(
    problem: &FrontProblem,
    limits: &FrontLimits,
) -> Result<(u64, FrontWeights<W>), FrontFailure> {
    enumerate_small_front(problem, limits)
}

/// [`enumerate_fronts`] with each front enumerated by `enumerate`, each front's problem built
/// in `kept`'s vectors.
pub(crate) fn enumerate_fronts_with<W: Weight>(
    board: &Board,
    rules: &Rules,
    boxes: &Boxes,
    config: &SolveConfig,
    enumerate: EnumerateFront<W>,
    kept: &mut KeptProblem,
) -> Result<(Vec<FrontWeights<W>>, u64), SolveError> {
    let mut out = Vec::with_capacity(boxes.fronts.len());
    let mut lines_created = 0;
    let limits = FrontLimits {
        max_lines: config.max_lines,
        max_work: config.max_work,
        max_mines: rules.mines_left,
    };
    for front in &boxes.fronts {
        front_problem_into(rules, boxes, front, kept);
        let result = enumerate(&kept.problem, &limits);
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
    if cells < MACHINE_FRONT_CELLS {
        enumerate_small_front(problem, limits)
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

/// A front of fewer than [`MACHINE_FRONT_CELLS`] cells, counted on `u128` and given in `W`.
/// One of few box-level assignments is searched directly (its bound is in `small_front`),
/// natively its counts written in `W` at once; one with no layout goes on to the planned
/// enumeration, which names the rule at fault.
fn enumerate_small_front<W: Weight>(
    problem: &FrontProblem,
    limits: &FrontLimits,
) -> Result<(u64, FrontWeights<W>), FrontFailure> {
    #[cfg(not(target_arch = "wasm32"))]
    if let Some(front) = small_front::search_front_weights(problem, limits) {
        return Ok(front);
    }
    small_front_counts(problem, limits).map(|f| (f.lines_created, widen(f, |c| W::from_u128(*c))))
}

/// [`enumerate_small_front`]'s counts on `u128`, before they are widened: on wasm32 the direct
/// search's too, so that the page's modules hold one copy of the search's output, not one per
/// `W` (their size budgets had no room for the copies).
fn small_front_counts(
    problem: &FrontProblem,
    limits: &FrontLimits,
) -> Result<FrontCounts<u128>, FrontFailure> {
    #[cfg(target_arch = "wasm32")]
    if let Some(front) = small_front::search_front(problem, limits) {
        return Ok(front);
    }
    enumerate_front::<u128>(problem, limits)
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

/// A front as abstract rules over front-local box indices (position in [`Front::boxes`]).
pub(crate) fn front_problem(rules: &Rules, boxes: &Boxes, front: &Front) -> FrontProblem {
    let mut kept = KeptProblem::default();
    front_problem_into(rules, boxes, front, &mut kept);
    kept.problem
}

/// [`front_problem`], built in `kept`'s vectors (emptied first).
fn front_problem_into(rules: &Rules, boxes: &Boxes, front: &Front, kept: &mut KeptProblem) {
    // A front's boxes are ascending (`Boxes::new` lists them so): a box's local index is found
    // by bisection, without a map.
    let local_of_box = |b: u32| {
        front
            .boxes
            .binary_search(&b)
            .expect("a witness's boxes are on its front") as u32
    };
    kept.clear();
    kept.problem.box_sizes.extend(
        front
            .boxes
            .iter()
            .map(|&b| boxes.boxes[b as usize].cells.len() as u8),
    );
    for &w in &front.witnesses {
        let witness = &rules.witnesses[w as usize];
        let front_boxes = kept.push_rule(witness.need);
        front_boxes.extend(
            witness
                .cells
                .iter()
                .filter_map(|c| boxes.box_of_cell[c.get()])
                .map(local_of_box),
        );
        front_boxes.sort_unstable();
        front_boxes.dedup();
    }
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
