//! Layout sampling: one full mine layout drawn exactly uniformly among every layout
//! consistent with a position (the C++ seed calls this "warp").
//!
//! Uniform over layouts means each piece is drawn with its exact share of the layouts, in
//! this order:
//! 1. **Front totals.** Front `i` holds `m` mines with weight `count_i(m)` times the ways the
//!    later fronts and the floating cells can take what is left, `sum_t later(t) C(F, left -
//!    so_far - m - t)`: the chain rule over fronts.
//! 2. **Front configurations.** Each front's enumeration is traced ([`trace_front`]); a front
//!    with `m` mines ends in one line of the last layer, and walking back, each transition
//!    into the current line is picked with weight (forward count of its source) x (its own
//!    weight). The path fixes every box's mine count with its exact share.
//! 3. **Cells.** A box's `k` mines go to `k` of its cells uniformly, and the floating mines to
//!    the floating cells uniformly.
//!
//! Weighted choices among big counts draw a uniform big integer below the total by rejection
//! on random bits, so nothing is rounded. The random numbers come from [`GameRng`]
//! (SplitMix64), seeded by the caller, so a seed gives the same layout on every platform.

use num_bigint::BigUint;
use num_traits::{ToPrimitive, Zero};

use crate::board::{Board, Cell};
use crate::combinatorics::binomial_row;
use crate::engine::enumerate::{trace_front, FrontTrace};
use crate::engine::fronts::{front_failure, front_problem};
use crate::engine::probability::{Analysis, SolveConfig};
use crate::engine::rules::Status;
use crate::error::SolveError;
use crate::rng::GameRng;

/// Draws one consistent layout of `board` (the board `analysis` was made from) uniformly at
/// random from `seed`: `true` for each cell holding a mine, flags included. For many draws of
/// the same position, build a [`LayoutSampler`] once.
pub fn sample_layout(
    board: &Board,
    analysis: &Analysis,
    seed: u64,
    config: &SolveConfig,
) -> Result<Vec<bool>, SolveError> {
    let sampler = LayoutSampler::new(board, analysis, config)?;
    Ok(sampler.draw(&mut GameRng::new(seed)))
}

/// The position with a drawn layout written in: every mine that is not a flag becomes
/// [`Cell::HiddenMine`] (`M` in the `.mine` format), every other unrevealed cell stays as it
/// was.
pub fn board_with_layout(board: &Board, is_mine: &[bool]) -> Board {
    let mut out = board.clone();
    for idx in board.indices() {
        let cell = board.cell(idx);
        if is_mine[idx.get()] && cell != Cell::Flag {
            out.set_cell(idx, Cell::HiddenMine);
        } else if cell == Cell::HiddenMine {
            out.set_cell(idx, Cell::Hidden);
        }
    }
    out
}

/// Everything needed to draw layouts of one position repeatedly.
#[derive(Debug, Clone)]
pub struct LayoutSampler {
    n_cells: usize,
    /// Flags and deduced mines.
    fixed_mines: Vec<usize>,
    fronts: Vec<FrontSampler>,
    /// `later[i]`: the product of the counts of fronts `i..`, as (fewest mines, coefficients).
    later: Vec<(usize, Vec<BigUint>)>,
    /// `C(floating, k)` for `k` in `0..=floating`.
    floating_row: Vec<BigUint>,
    floating: Vec<usize>,
    mines_left: usize,
}

#[derive(Debug, Clone)]
struct FrontSampler {
    trace: FrontTrace<BigUint>,
    /// Per step, per line after it: the transitions into that line.
    into: Vec<Vec<Vec<u32>>>,
    /// Cells of each front-local box.
    box_cells: Vec<Vec<usize>>,
    /// The front's counts by mines, from `min_mines`.
    min_mines: usize,
    counts: Vec<BigUint>,
}

impl LayoutSampler {
    /// Traces every front of the position.
    pub fn new(
        board: &Board,
        analysis: &Analysis,
        config: &SolveConfig,
    ) -> Result<LayoutSampler, SolveError> {
        let rules = &analysis.rules;
        let boxes = &analysis.boxes;
        let mut fronts = Vec::with_capacity(boxes.fronts.len());
        for front in &boxes.fronts {
            let problem = front_problem(rules, boxes, front);
            let trace: FrontTrace<BigUint> = match trace_front(&problem, &[], config.max_lines) {
                Ok(trace) => trace,
                Err(failure) => {
                    return Err(front_failure(
                        board,
                        rules,
                        front,
                        failure,
                        config,
                        "probability lines in one front (sampling)",
                    ))
                }
            };
            let mut into: Vec<Vec<Vec<u32>>> = Vec::with_capacity(trace.steps.len());
            for (i, step) in trace.steps.iter().enumerate() {
                let mut lists = vec![Vec::new(); trace.layers[i + 1].len()];
                for (t, transition) in step.transitions.iter().enumerate() {
                    lists[transition.to as usize].push(t as u32);
                }
                into.push(lists);
            }
            let last = trace.layers.last().expect("a trace has a start layer");
            let min_mines = last.iter().map(|l| l.mines as usize).min().unwrap_or(0);
            let max_mines = last.iter().map(|l| l.mines as usize).max().unwrap_or(0);
            let mut counts = vec![BigUint::zero(); max_mines - min_mines + 1];
            for line in last {
                counts[line.mines as usize - min_mines] += &line.count;
            }
            let box_cells = front
                .boxes
                .iter()
                .map(|&b| {
                    boxes.boxes[b as usize]
                        .cells
                        .iter()
                        .map(|c| c.get())
                        .collect()
                })
                .collect();
            fronts.push(FrontSampler {
                trace,
                into,
                box_cells,
                min_mines,
                counts,
            });
        }
        let mut later = vec![(0usize, vec![BigUint::from(1u8)]); fronts.len() + 1];
        for i in (0..fronts.len()).rev() {
            let (offset, poly) = &later[i + 1];
            let front = &fronts[i];
            let mut next = vec![BigUint::zero(); poly.len() + front.counts.len() - 1];
            for (a, x) in poly.iter().enumerate() {
                for (b, y) in front.counts.iter().enumerate() {
                    next[a + b] += x * y;
                }
            }
            later[i] = (offset + front.min_mines, next);
        }
        let floating: Vec<usize> = boxes.floating.iter().map(|c| c.get()).collect();
        let floating_row = binomial_row(floating.len() as u64, 0, floating.len() as i64);
        let fixed_mines = rules
            .status
            .iter()
            .enumerate()
            .filter(|(_, s)| matches!(s, Status::Flag | Status::Mine))
            .map(|(i, _)| i)
            .collect();
        Ok(LayoutSampler {
            n_cells: board.len(),
            fixed_mines,
            fronts,
            later,
            floating_row,
            floating,
            mines_left: rules.mines_left,
        })
    }

    /// Draws one layout: `true` for each cell holding a mine, flags included.
    pub fn draw(&self, rng: &mut GameRng) -> Vec<bool> {
        let mut is_mine = vec![false; self.n_cells];
        for &cell in &self.fixed_mines {
            is_mine[cell] = true;
        }
        let mut so_far = 0usize;
        for (i, front) in self.fronts.iter().enumerate() {
            let (offset, later) = &self.later[i + 1];
            let weights: Vec<BigUint> = front
                .counts
                .iter()
                .enumerate()
                .map(|(m, count)| {
                    if count.is_zero() {
                        return BigUint::zero();
                    }
                    let own = so_far + front.min_mines + m;
                    let ways: BigUint = later
                        .iter()
                        .enumerate()
                        .map(|(t, c)| self.floating_ways(own + offset + t) * c)
                        .sum();
                    count * ways
                })
                .collect();
            let m = front.min_mines + pick_weighted(rng, &weights);
            so_far += m;
            front.draw(m, rng, &mut is_mine);
        }
        let floating_mines = self.mines_left - so_far;
        for cell in choose_uniformly(rng, &self.floating, floating_mines) {
            is_mine[cell] = true;
        }
        is_mine
    }

    /// `C(floating, mines_left - fronts_total)`, zero when out of range.
    fn floating_ways(&self, fronts_total: usize) -> BigUint {
        self.mines_left
            .checked_sub(fronts_total)
            .and_then(|k| self.floating_row.get(k))
            .cloned()
            .unwrap_or_default()
    }
}

impl FrontSampler {
    /// Draws one configuration of the front with `mines` mines and places its mines.
    fn draw(&self, mines: usize, rng: &mut GameRng, is_mine: &mut [bool]) {
        let last = self.trace.layers.last().expect("a trace has a start layer");
        let mut line = last
            .iter()
            .position(|l| l.mines as usize == mines)
            .expect("the mine count was drawn among the front's own");
        let mut box_values: Vec<Option<u8>> = vec![None; self.box_cells.len()];
        for (i, step) in self.trace.steps.iter().enumerate().rev() {
            let candidates = &self.into[i][line];
            let weights: Vec<BigUint> = candidates
                .iter()
                .map(|&t| {
                    let transition = &step.transitions[t as usize];
                    &self.trace.layers[i][transition.from as usize].count * transition.weight
                })
                .collect();
            let chosen_index = candidates[pick_weighted(rng, &weights)] as usize;
            let chosen = &step.transitions[chosen_index];
            for (&b, &value) in step.boxes.iter().zip(step.values(chosen_index)) {
                debug_assert!(box_values[b as usize].is_none_or(|v| v == value));
                box_values[b as usize] = Some(value);
            }
            line = chosen.from as usize;
        }
        for (cells, value) in self.box_cells.iter().zip(box_values) {
            let value = value.expect("every box is assigned on the way back") as usize;
            for cell in choose_uniformly(rng, cells, value) {
                is_mine[cell] = true;
            }
        }
    }
}

/// An index drawn with probability `weights[i] / sum(weights)`. The weights are never all
/// zero: every choice the sampler makes has at least one consistent continuation.
fn pick_weighted(rng: &mut GameRng, weights: &[BigUint]) -> usize {
    let total: BigUint = weights.iter().sum();
    let mut u = uniform_below(rng, &total);
    for (i, w) in weights.iter().enumerate() {
        if &u < w {
            return i;
        }
        u -= w;
    }
    weights.len() - 1
}

/// A uniform integer in `0..bound` (zero when `bound` is zero): `GameRng::below` when the
/// bound fits in 64 bits, otherwise rejection sampling on `bits(bound)` random bits, which
/// accepts with probability above one half.
pub fn uniform_below(rng: &mut GameRng, bound: &BigUint) -> BigUint {
    if bound.is_zero() {
        return BigUint::zero();
    }
    if let Some(small) = bound.to_u64() {
        return BigUint::from(rng.below(small));
    }
    let bits = bound.bits();
    let words = bits.div_ceil(64) as usize;
    let top_bits = bits - 64 * (words as u64 - 1);
    loop {
        let mut digits: Vec<u64> = (0..words).map(|_| rng.next_u64()).collect();
        if top_bits < 64 {
            digits[words - 1] &= (1u64 << top_bits) - 1;
        }
        let candidate = BigUint::from_slice(
            &digits
                .iter()
                .flat_map(|d| [*d as u32, (*d >> 32) as u32])
                .collect::<Vec<u32>>(),
        );
        if &candidate < bound {
            return candidate;
        }
    }
}

/// `k` of `items` chosen uniformly (a partial Fisher-Yates shuffle).
fn choose_uniformly(rng: &mut GameRng, items: &[usize], k: usize) -> Vec<usize> {
    let mut pool = items.to_vec();
    let k = k.min(pool.len());
    for i in 0..k {
        let j = i + rng.below((pool.len() - i) as u64) as usize;
        pool.swap(i, j);
    }
    pool.truncate(k);
    pool
}
