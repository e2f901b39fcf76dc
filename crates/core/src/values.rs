//! Number chances: for every hidden cell that is not certainly a mine, the exact probability
//! of each number 0..=8 it would show if revealed, given that it is safe.
//!
//! The number a cell `c` shows is the sum of four independent-looking parts that are in fact
//! coupled only through the global mine count:
//! - **constants**: flagged neighbours and neighbours deduced to be mines;
//! - **front parts**: for each front, the mines in the neighbours that lie in its boxes. A
//!   neighbourhood may cover only part of a box: given the box holds `k` of its `s` cells'
//!   mines, the `a` covered cells hold `j` of them in `C(a, j) C(s - a, k - j)` of the
//!   `C(s, k)` ways (one cell fewer when `c` itself is in the box, since it must be safe);
//! - **floating part**: `j` of the `f` floating neighbours are mines in `C(f, j) C(F', r - j)`
//!   placements, where `F'` counts the other floating cells (without `c`) and `r` is what the
//!   fronts leave of the mines.
//!
//! Each front is enumerated once more with [`trace_front`], which keeps the layered graph of
//! its probability lines, asked to keep the boxes of each neighbourhood open together so
//! that one step shows all of them. A backward pass gives, for every line, the number of
//! ways to finish the front per number of further mines; forward count times transition
//! weight times backward count is then the exact number of front layouts through each
//! transition, so one pass over the transitions of that step gives a neighbourhood's joint
//! distribution of (front mines, neighbourhood mines). The fronts a neighbourhood touches are
//! convolved together, the other fronts and the floating cells are summed in with their
//! exact weights, and the result is divided only at the end.

use num_bigint::BigUint;
use num_traits::{ToPrimitive, Zero};

use crate::board::{Board, CellIdx};
use crate::combinatorics::{binomial, ratio_to_f64, small_binomial, Count, Fraction};
use crate::enumerate::{trace_front, FastMap, FrontFailure, FrontProblem, FrontTrace};
use crate::error::SolveError;
use crate::probability::{front_failure, front_problem, Analysis, SolveConfig};
use crate::rules::Status;

/// The numbers a safe cell can show, 0 to 8.
pub const NUMBERS: usize = 9;

/// The exact number chances of one cell.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NumberChances {
    /// `by_number[n]`: consistent layouts in which the cell is safe and shows `n`.
    by_number: [BigUint; NUMBERS],
    /// Their sum: layouts in which the cell is safe. Never zero.
    safe_layouts: BigUint,
}

impl NumberChances {
    /// The number of consistent layouts in which the cell is safe and shows `number` (zero
    /// for `number` above 8).
    pub fn layouts_showing(&self, number: usize) -> BigUint {
        self.by_number.get(number).cloned().unwrap_or_default()
    }

    /// The number of consistent layouts in which the cell is safe.
    pub fn safe_layouts(&self) -> &BigUint {
        &self.safe_layouts
    }

    /// The exact probability that the cell shows `number`, given that it is safe.
    pub fn chance_exact(&self, number: usize) -> Fraction {
        Fraction::new(self.layouts_showing(number), self.safe_layouts.clone())
    }

    /// The probability of each number 0..=8, given that the cell is safe, as `f64`.
    pub fn chances(&self) -> [f64; NUMBERS] {
        std::array::from_fn(|n| ratio_to_f64(&self.by_number[n], &self.safe_layouts))
    }

    /// The exact probability that the cell shows a zero (and so opens an area), given that it
    /// is safe.
    pub fn zero_chance_exact(&self) -> Fraction {
        self.chance_exact(0)
    }

    /// The numbers the cell shows in at least one consistent layout in which it is safe.
    pub fn possible_numbers(&self) -> Vec<u8> {
        (0..NUMBERS as u8)
            .filter(|&n| !self.by_number[n as usize].is_zero())
            .collect()
    }
}

/// The number chances of every cell of a position. Cells whose neighbourhoods look alike to
/// the engine (most floating cells, for one) share one [`NumberChances`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BoardChances {
    chances: Vec<NumberChances>,
    /// Per board cell, its entry in `chances`.
    of_cell: Vec<Option<u32>>,
}

impl BoardChances {
    /// The chances of one cell: `Some` for each unrevealed, unflagged cell that is safe in at
    /// least one consistent layout, `None` for the rest (revealed cells, flags, certain
    /// mines).
    pub fn get(&self, idx: CellIdx) -> Option<&NumberChances> {
        self.of_cell
            .get(idx.get())
            .copied()
            .flatten()
            .map(|i| &self.chances[i as usize])
    }

    /// Every cell with chances, in board order.
    pub fn iter(&self) -> impl Iterator<Item = (CellIdx, &NumberChances)> + '_ {
        self.of_cell
            .iter()
            .enumerate()
            .filter_map(|(i, slot)| slot.map(|s| (CellIdx(i as u32), &self.chances[s as usize])))
    }
}

/// The number chances of every cell of the board `analysis` was made from.
pub fn number_chances(
    board: &Board,
    analysis: &Analysis,
    config: &SolveConfig,
) -> Result<BoardChances, SolveError> {
    number_chances_with(board, analysis, config, false)
}

/// [`number_chances`], optionally with big integers everywhere: the general combination
/// instead of the 64-bit fast path, and `BigUint` front enumerations instead of `u128`
/// (for the test that compares both, since small boards always take the fast paths).
fn number_chances_with(
    board: &Board,
    analysis: &Analysis,
    config: &SolveConfig,
    general_only: bool,
) -> Result<BoardChances, SolveError> {
    let rules = &analysis.rules;
    let boxes = &analysis.boxes;
    let mut front_and_local: Vec<(usize, u32)> = vec![(0, 0); boxes.boxes.len()];
    for (f, front) in boxes.fronts.iter().enumerate() {
        for (local, &b) in front.boxes.iter().enumerate() {
            front_and_local[b as usize] = (f, local as u32);
        }
    }

    // Describe every cell's neighbourhood; identical front parts share one computation.
    let mut descriptors: Vec<Vec<Vec<Part>>> = vec![Vec::new(); boxes.fronts.len()];
    let mut descriptor_ids: Vec<FastMap<Vec<Part>, usize>> =
        vec![FastMap::default(); boxes.fronts.len()];
    let mut cells: Vec<(CellIdx, Neighbourhood)> = Vec::new();
    for idx in board.indices() {
        if !matches!(rules.status[idx.get()], Status::Unknown | Status::Safe) {
            continue;
        }
        let mut constant = 0u8;
        let mut floating = 0u8;
        // (front, part) pairs; a neighbourhood touches at most nine boxes, so a small vector
        // searched linearly beats any map.
        let mut parts: Vec<(usize, Part)> = Vec::new();
        let mut add = |b: u32, covered: u8, has_cell: bool| {
            let (f, local) = front_and_local[b as usize];
            match parts
                .iter_mut()
                .find(|(front, p)| *front == f && p.local_box == local)
            {
                Some((_, part)) => {
                    part.covered += covered;
                    part.has_cell |= has_cell;
                }
                None => parts.push((
                    f,
                    Part {
                        local_box: local,
                        covered,
                        has_cell,
                    },
                )),
            }
        };
        for n in board.neighbours(idx) {
            match rules.status[n.get()] {
                Status::Flag | Status::Mine => constant += 1,
                Status::Unknown => match boxes.box_of_cell[n.get()] {
                    Some(b) => add(b, 1, false),
                    None => floating += 1,
                },
                Status::Revealed | Status::Safe => {}
            }
        }
        let cell_floating =
            rules.status[idx.get()] == Status::Unknown && boxes.box_of_cell[idx.get()].is_none();
        if let Some(b) = boxes.box_of_cell[idx.get()] {
            add(b, 0, true);
        }
        parts.sort_unstable_by_key(|(f, p)| (*f, p.local_box));
        let mut fronts = Vec::new();
        for group in parts.chunk_by(|a, b| a.0 == b.0) {
            let f = group[0].0;
            let key: Vec<Part> = group.iter().map(|(_, p)| p.clone()).collect();
            let id = *descriptor_ids[f].entry(key).or_insert_with_key(|key| {
                descriptors[f].push(key.clone());
                descriptors[f].len() - 1
            });
            fronts.push((f, id));
        }
        cells.push((
            idx,
            Neighbourhood {
                constant,
                floating,
                cell_floating,
                fronts,
            },
        ));
    }

    // One traced enumeration per front that some neighbourhood touches.
    let mut distributions: Vec<Vec<Distribution>> = Vec::with_capacity(boxes.fronts.len());
    for (f, front) in boxes.fronts.iter().enumerate() {
        if descriptors[f].is_empty() {
            distributions.push(Vec::new());
            continue;
        }
        let problem = front_problem(rules, boxes, front);
        let n_cells: usize = problem.box_sizes.iter().map(|&s| s as usize).sum();
        // The same bound as the engine's: below 120 cells every count fits in a u128.
        let result = if n_cells < 120 && !general_only {
            front_distributions::<u128>(&problem, &descriptors[f], config.max_lines)
        } else {
            front_distributions::<BigUint>(&problem, &descriptors[f], config.max_lines)
        };
        match result {
            Ok(d) => distributions.push(d),
            Err(failure) => {
                return Err(front_failure(
                    board,
                    rules,
                    front,
                    failure,
                    config,
                    "probability lines in one front (number chances)",
                ))
            }
        }
    }

    let mut combiner = Combiner {
        front_counts: &analysis.front_counts,
        floating: boxes.floating.len(),
        mines_left: rules.mines_left,
        others: FastMap::default(),
        weights: FastMap::default(),
        rows: FastMap::default(),
        general_only,
    };
    // Cells with the same front parts and floating neighbours differ only by their constant
    // (most floating cells share one entry), so their counts are computed and stored once.
    let mut relative_counts: FastMap<HoodKey, Vec<BigUint>> = FastMap::default();
    let mut index_of: FastMap<(HoodKey, u8), Option<u32>> = FastMap::default();
    let mut out = BoardChances {
        chances: Vec::new(),
        of_cell: vec![None; board.len()],
    };
    for (idx, hood) in cells {
        let key = (hood.fronts.clone(), hood.floating, hood.cell_floating);
        let full_key = (key.clone(), hood.constant);
        let slot = *index_of.entry(full_key).or_insert_with(|| {
            let relative = relative_counts
                .entry(key)
                .or_insert_with(|| combiner.cell_counts(&hood, &distributions));
            let mut by_number: [BigUint; NUMBERS] = Default::default();
            for (n, count) in relative.iter().enumerate() {
                // A nonzero count always fits in 0..=8; `get_mut` keeps that from panicking.
                if let Some(slot) = by_number.get_mut(hood.constant as usize + n) {
                    *slot = count.clone();
                }
            }
            let safe_layouts: BigUint = by_number.iter().sum();
            if safe_layouts.is_zero() {
                return None;
            }
            out.chances.push(NumberChances {
                by_number,
                safe_layouts,
            });
            Some(out.chances.len() as u32 - 1)
        });
        out.of_cell[idx.get()] = slot;
    }
    Ok(out)
}

/// What two cells must share to have the same counts up to their constant: the front parts
/// (front, descriptor id), the floating neighbours and whether the cell floats.
type HoodKey = (Vec<(usize, usize)>, u8, bool);

/// A neighbourhood's share of one box of a front.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
struct Part {
    /// Front-local box index.
    local_box: u32,
    /// How many of the box's cells are neighbours of the cell.
    covered: u8,
    /// Whether the cell itself is in the box (it must then be safe).
    has_cell: bool,
}

/// What a cell's number is made of.
struct Neighbourhood {
    /// Flagged or deduced mines around it.
    constant: u8,
    /// Floating neighbours.
    floating: u8,
    /// Whether the cell itself floats.
    cell_floating: bool,
    /// `(front, descriptor id)` for each front it touches (its own included), ascending.
    fronts: Vec<(usize, usize)>,
}

/// `table[m][j]`: layouts of one front with `min_mines + m` mines in which the neighbourhood
/// holds `j` of them (and the cell, if in the front, is safe).
#[derive(Debug, Clone)]
struct Distribution {
    min_mines: usize,
    table: Table,
}

/// The counts of a [`Distribution`]: in 64 bits when every one fits (the usual case, which
/// the fast combination reads directly), else as big integers.
#[derive(Debug, Clone)]
enum Table {
    Small(Vec<Vec<u64>>),
    Big(Vec<Vec<BigUint>>),
}

impl Distribution {
    fn unit() -> Distribution {
        Distribution {
            min_mines: 0,
            table: Table::Small(vec![vec![1]]),
        }
    }

    /// How many mine totals the table has.
    fn rows(&self) -> usize {
        match &self.table {
            Table::Small(t) => t.len(),
            Table::Big(t) => t.len(),
        }
    }

    /// One more than the most neighbourhood mines in the table.
    fn width(&self) -> usize {
        match &self.table {
            Table::Small(t) => t.iter().map(Vec::len).max().unwrap_or(1),
            Table::Big(t) => t.iter().map(Vec::len).max().unwrap_or(1),
        }
    }

    /// The table as big integers.
    fn big_table(&self) -> std::borrow::Cow<'_, [Vec<BigUint>]> {
        match &self.table {
            Table::Small(t) => t
                .iter()
                .map(|row| row.iter().map(|&c| BigUint::from(c)).collect())
                .collect::<Vec<_>>()
                .into(),
            Table::Big(t) => t.as_slice().into(),
        }
    }

    fn convolve(&self, other: &Distribution) -> Distribution {
        let rows = self.rows() + other.rows() - 1;
        let cols = self.width() + other.width() - 1;
        let (left, right) = (self.big_table(), other.big_table());
        let mut table = vec![vec![BigUint::zero(); cols]; rows];
        for (m1, row1) in left.iter().enumerate() {
            for (j1, a) in row1.iter().enumerate() {
                if a.is_zero() {
                    continue;
                }
                for (m2, row2) in right.iter().enumerate() {
                    for (j2, b) in row2.iter().enumerate() {
                        if !b.is_zero() {
                            table[m1 + m2][j1 + j2] += a * b;
                        }
                    }
                }
            }
        }
        Distribution {
            min_mines: self.min_mines + other.min_mines,
            table: Table::Big(table),
        }
    }
}

/// Counts with the products and exact divisions the backward pass needs.
trait ExactCount: Count {
    fn to_u64_count(&self) -> Option<u64>;
    fn times(&self, other: &Self) -> Self;
    fn times_u128(&self, factor: u128) -> Self;
    fn divide_exact(&self, divisor: u128) -> Self;
}

impl ExactCount for u128 {
    fn to_u64_count(&self) -> Option<u64> {
        u64::try_from(*self).ok()
    }
    fn times(&self, other: &Self) -> Self {
        self * other
    }
    fn times_u128(&self, factor: u128) -> Self {
        self * factor
    }
    fn divide_exact(&self, divisor: u128) -> Self {
        debug_assert_eq!(self % divisor, 0);
        self / divisor
    }
}

impl ExactCount for BigUint {
    fn to_u64_count(&self) -> Option<u64> {
        self.to_u64()
    }
    fn times(&self, other: &Self) -> Self {
        self * other
    }
    fn times_u128(&self, factor: u128) -> Self {
        self * factor
    }
    fn divide_exact(&self, divisor: u128) -> Self {
        debug_assert!((self % divisor).is_zero());
        self / divisor
    }
}

/// The joint distribution of (front mines, neighbourhood mines) for each descriptor.
fn front_distributions<C: ExactCount>(
    problem: &FrontProblem,
    descriptors: &[Vec<Part>],
    max_lines: usize,
) -> Result<Vec<Distribution>, FrontFailure> {
    let keep_together: Vec<Vec<u32>> = descriptors
        .iter()
        .filter(|parts| parts.len() > 1)
        .map(|parts| parts.iter().map(|p| p.local_box).collect())
        .collect();
    let trace: FrontTrace<C> = trace_front(problem, &keep_together, max_lines)?;
    let backward = backward_counts(&trace);

    // The step at which each box first and last appears in an expanded key.
    let n_boxes = problem.box_sizes.len();
    let mut first_seen = vec![usize::MAX; n_boxes];
    let mut last_seen = vec![0usize; n_boxes];
    for (i, step) in trace.steps.iter().enumerate() {
        for &b in &step.boxes {
            first_seen[b as usize] = first_seen[b as usize].min(i);
            last_seen[b as usize] = i;
        }
    }

    // Descriptors over the same boxes (covering different numbers of their cells) share the
    // per-box-value counts, which only split_parts tells apart.
    let mut acc_by_boxes: FastMap<Vec<u32>, FastMap<u64, Vec<C>>> = FastMap::default();
    let mut out = Vec::with_capacity(descriptors.len());
    for parts in descriptors {
        let boxes: Vec<u32> = parts.iter().map(|p| p.local_box).collect();
        let acc = acc_by_boxes
            .entry(boxes)
            .or_insert_with(|| box_value_counts(&trace, &backward, &first_seen, parts));
        // The step the counts are read at must still show every box of the parts.
        let step_index = parts.iter().map(|p| first_seen[p.local_box as usize]).max();
        debug_assert!(parts
            .iter()
            .all(|p| Some(last_seen[p.local_box as usize]) >= step_index));
        out.push(split_parts(problem, parts, acc));
    }
    Ok(out)
}

/// `acc[values of the parts' boxes][front mines]`: the front layouts through those values,
/// read at the first step whose expanded key shows all the parts' boxes. Box values (at most
/// 8) are packed four bits each: at most nine parts fit in a u64.
fn box_value_counts<C: ExactCount>(
    trace: &FrontTrace<C>,
    backward: &[Vec<Vec<C>>],
    first_seen: &[usize],
    parts: &[Part],
) -> FastMap<u64, Vec<C>> {
    let step_index = parts
        .iter()
        .map(|p| first_seen[p.local_box as usize])
        .max()
        .unwrap_or(0);
    let step = &trace.steps[step_index];
    let positions: Vec<usize> = parts
        .iter()
        .map(|p| {
            step.boxes
                .iter()
                .position(|&b| b == p.local_box)
                .expect("kept together")
        })
        .collect();
    let before = &trace.layers[step_index];
    let after = &trace.layers[step_index + 1];
    let after_backward = &backward[step_index + 1];
    // Transitions into the same line with the same values share that line's backward counts,
    // so their forward weights are summed first and multiplied by those counts once.
    let mut through: FastMap<(u64, u32), C> = FastMap::default();
    for (index, t) in step.transitions.iter().enumerate() {
        let box_values = step.values(index);
        let values = positions
            .iter()
            .fold(0u64, |key, &p| key << 4 | box_values[p] as u64);
        let coefficient = before[t.from as usize].count.mul_small(t.weight);
        through
            .entry((values, t.to))
            .or_insert_with(C::zero_count)
            .add_assign(&coefficient);
    }
    let mut acc: FastMap<u64, Vec<C>> = FastMap::default();
    for ((values, to), coefficient) in through {
        // A line's mines are those of every transition into it.
        let base = after[to as usize].mines as usize;
        let poly = &after_backward[to as usize];
        let slot = acc.entry(values).or_default();
        if slot.len() < base + poly.len() {
            slot.resize(base + poly.len(), C::zero_count());
        }
        for (r, ways) in poly.iter().enumerate() {
            if !ways.is_zero_count() {
                slot[base + r].add_assign(&coefficient.times(ways));
            }
        }
    }
    acc
}

/// `backward[i][line]`: for a line of layer `i`, the ways to finish the front, per number of
/// further mines.
fn backward_counts<C: ExactCount>(trace: &FrontTrace<C>) -> Vec<Vec<Vec<C>>> {
    let n_layers = trace.layers.len();
    let mut backward: Vec<Vec<Vec<C>>> = Vec::with_capacity(n_layers);
    backward.resize_with(n_layers, Vec::new);
    backward[n_layers - 1] = vec![vec![C::one_count()]; trace.layers[n_layers - 1].len()];
    for i in (0..trace.steps.len()).rev() {
        let mut here: Vec<Vec<C>> = vec![Vec::new(); trace.layers[i].len()];
        for t in &trace.steps[i].transitions {
            let next = &backward[i + 1][t.to as usize];
            let slot = &mut here[t.from as usize];
            let shift = t.added_mines as usize;
            if slot.len() < shift + next.len() {
                slot.resize(shift + next.len(), C::zero_count());
            }
            for (r, ways) in next.iter().enumerate() {
                if !ways.is_zero_count() {
                    slot[shift + r].add_assign(&ways.mul_small(t.weight));
                }
            }
        }
        backward[i] = here;
    }
    backward
}

/// Turns per-box-value counts into counts per neighbourhood mines, splitting each box between
/// its covered cells, the cell itself (safe) and the rest.
fn split_parts<C: ExactCount>(
    problem: &FrontProblem,
    parts: &[Part],
    acc: &FastMap<u64, Vec<C>>,
) -> Distribution {
    let max_total = acc.values().map(Vec::len).max().unwrap_or(0);
    let covered: usize = parts.iter().map(|p| p.covered as usize).sum();
    let mut table: Vec<Vec<C>> = vec![vec![C::zero_count(); covered + 1]; max_total];
    for (packed, by_mines) in acc {
        // split[j]: ways to place the parts' box values with j mines in covered cells and
        // none on the cell; whole: ways with no condition, which the counts include. A
        // neighbourhood covers at most eight cells, so j stays below nine.
        let mut split = [0u128; NUMBERS];
        split[0] = 1;
        let mut width = 1usize;
        let mut whole: u128 = 1;
        for (i, part) in parts.iter().enumerate() {
            let k = (packed >> (4 * (parts.len() - 1 - i)) & 0xF) as u32;
            let size = problem.box_sizes[part.local_box as usize] as u32;
            let a = part.covered as u32;
            let rest = size - a - part.has_cell as u32;
            whole *= small_binomial(size, k) as u128;
            let mut next = [0u128; NUMBERS];
            for (x_index, &x) in split[..width].iter().enumerate() {
                if x == 0 {
                    continue;
                }
                for j in 0..=a.min(k) {
                    let ways = small_binomial(a, j) * small_binomial(rest, k - j);
                    if ways != 0 {
                        next[x_index + j as usize] += x * ways as u128;
                    }
                }
            }
            split = next;
            width += a as usize;
        }
        let split = &split[..width];
        for (m, count) in by_mines.iter().enumerate() {
            if count.is_zero_count() {
                continue;
            }
            let unit = count.divide_exact(whole);
            for (j, &ways) in split.iter().enumerate() {
                if ways != 0 {
                    table[m][j].add_assign(&unit.times_u128(ways));
                }
            }
        }
    }
    let min_mines = table
        .iter()
        .position(|row| row.iter().any(|c| !c.is_zero_count()))
        .unwrap_or(0);
    let rows = &table[min_mines..];
    let small: Option<Vec<Vec<u64>>> = rows
        .iter()
        .map(|row| row.iter().map(ExactCount::to_u64_count).collect())
        .collect();
    let table = match small {
        Some(small) => Table::Small(small),
        None => Table::Big(
            rows.iter()
                .map(|row| row.iter().map(Count::to_big).collect())
                .collect(),
        ),
    };
    Distribution { min_mines, table }
}

/// The weights of the untouched fronts and the other floating cells, per mines `s` of the
/// touched part, as little-endian 64-bit digits, `stride` digits per weight (zero padded) in
/// one buffer: Pascal's rule adds them digit by digit and [`dot_product`] reads them, without
/// a big integer (and its allocation) per weight.
struct Weights {
    stride: usize,
    digits: Vec<u64>,
}

impl Weights {
    fn from_values(values: &[BigUint]) -> Weights {
        let stride = values
            .iter()
            .map(|v| v.bits().div_ceil(64) as usize)
            .max()
            .unwrap_or(0)
            .max(1);
        let mut digits = vec![0u64; stride * values.len()];
        for (chunk, value) in digits.chunks_mut(stride).zip(values) {
            for (slot, digit) in chunk.iter_mut().zip(value.iter_u64_digits()) {
                *slot = digit;
            }
        }
        Weights { stride, digits }
    }

    /// How many weights, one per `s` from zero.
    fn len(&self) -> usize {
        self.digits.len() / self.stride
    }

    /// The digits of `weights[s]`.
    fn digits_of(&self, s: usize) -> &[u64] {
        &self.digits[s * self.stride..(s + 1) * self.stride]
    }

    /// `weights[s]` as a big integer (the general path).
    fn value(&self, s: usize) -> BigUint {
        big_from_u64_digits(self.digits_of(s))
    }

    /// The weights one more other floating cell gives: `W_n(s) = W_(n-1)(s) + W_(n-1)(s + 1)`,
    /// one entry fewer.
    fn pascal_step(&self) -> Weights {
        let len = self.len().saturating_sub(1);
        let wide = self.stride + 1;
        let mut digits = vec![0u64; len * wide];
        let mut top_used = false;
        for (s, out) in digits.chunks_mut(wide).enumerate() {
            let (a, b) = (self.digits_of(s), self.digits_of(s + 1));
            let mut carry = 0u64;
            for i in 0..self.stride {
                let (x, c1) = a[i].overflowing_add(b[i]);
                let (y, c2) = x.overflowing_add(carry);
                out[i] = y;
                carry = c1 as u64 + c2 as u64;
            }
            out[self.stride] = carry;
            top_used |= carry != 0;
        }
        if top_used {
            return Weights {
                stride: wide,
                digits,
            };
        }
        // No sum needed the extra digit: drop it so the dot products stay as short.
        for s in 1..len {
            digits.copy_within(s * wide..s * wide + self.stride, s * self.stride);
        }
        digits.truncate(len * self.stride);
        Weights {
            stride: self.stride,
            digits,
        }
    }
}

/// The big integer with the given little-endian 64-bit digits.
fn big_from_u64_digits(digits: &[u64]) -> BigUint {
    let words: Vec<u32> = digits
        .iter()
        .flat_map(|&d| [d as u32, (d >> 32) as u32])
        .collect();
    BigUint::new(words)
}

/// `h[s][n]` as in the general path when every entry fits in 64 bits, else `None`; row `s`
/// is `h[s * width..(s + 1) * width]` (one allocation).
fn small_counts(
    joint: &Distribution,
    f_near: usize,
    max_s: usize,
    width: usize,
) -> Option<Vec<u64>> {
    let mut h = vec![0u64; width * (max_s + 1)];
    let mut add = |m: usize, j: usize, count: u64| -> Option<()> {
        for jf in 0..=f_near {
            let ways = small_binomial(f_near as u32, jf as u32);
            let slot = &mut h[(joint.min_mines + m + jf) * width + j + jf];
            *slot = slot.checked_add(count.checked_mul(ways)?)?;
        }
        Some(())
    };
    match &joint.table {
        Table::Small(table) => {
            for (m, row) in table.iter().enumerate() {
                for (j, &count) in row.iter().enumerate() {
                    if count != 0 {
                        add(m, j, count)?;
                    }
                }
            }
        }
        Table::Big(table) => {
            for (m, row) in table.iter().enumerate() {
                for (j, count) in row.iter().enumerate() {
                    if !count.is_zero() {
                        add(m, j, count.to_u64()?)?;
                    }
                }
            }
        }
    }
    Some(h)
}

/// `sum of coefficients[s] * weights[s]` exactly, the weights given as little-endian 64-bit
/// digits: each product is split into its two 64-bit halves and added into 128-bit column
/// sums, which cannot overflow for fewer than 2^63 terms; the carries are resolved once.
fn dot_product(coefficients: impl Iterator<Item = u64>, weights: &Weights) -> BigUint {
    let columns = weights.stride + 2;
    // Column sums on the stack for weights up to 14 digits (896 bits), the usual case.
    let mut on_stack = [0u128; 16];
    let mut on_heap = Vec::new();
    let sums: &mut [u128] = if columns <= on_stack.len() {
        &mut on_stack[..columns]
    } else {
        on_heap.resize(columns, 0u128);
        &mut on_heap
    };
    let mut any = false;
    for (c, digits) in coefficients.zip(weights.digits.chunks(weights.stride)) {
        if c == 0 {
            continue;
        }
        any = true;
        for (i, &d) in digits.iter().enumerate() {
            let product = c as u128 * d as u128;
            sums[i] += product as u64 as u128;
            sums[i + 1] += product >> 64;
        }
    }
    if !any {
        // Many numbers are impossible for a cell: no big integer to build.
        return BigUint::zero();
    }
    let mut words_on_stack = [0u32; 32];
    let mut words_on_heap = Vec::new();
    let words: &mut [u32] = if 2 * columns <= words_on_stack.len() {
        &mut words_on_stack[..2 * columns]
    } else {
        words_on_heap.resize(2 * columns, 0u32);
        &mut words_on_heap
    };
    let mut carry = 0u128;
    for (pair, &mut sum) in words.chunks_mut(2).zip(sums.iter_mut()) {
        let total = sum + carry;
        pair[0] = total as u32;
        pair[1] = (total >> 32) as u32;
        carry = total >> 64;
    }
    debug_assert_eq!(carry, 0);
    let used = words
        .iter()
        .rposition(|&w| w != 0)
        .map_or(0, |last| last + 1);
    BigUint::from_slice(&words[..used])
}

/// Sums the fronts a neighbourhood does not touch and the floating cells in, with caches
/// keyed by what many cells share.
struct Combiner<'a> {
    front_counts: &'a [(usize, Vec<BigUint>)],
    floating: usize,
    mines_left: usize,
    /// Product of the counts of the fronts not in the key, as (fewest mines, coefficients).
    others: FastMap<Vec<usize>, (usize, Vec<BigUint>)>,
    /// `weights[(touched, other floating cells)][s]`: layouts of the untouched fronts and the
    /// floating cells outside the neighbourhood when the touched part holds `s` mines.
    weights: FastMap<(Vec<usize>, usize), Weights>,
    /// `rows[n]`: `C(n, k)` for every `k` from the fewest mines the floating cells can be
    /// left (at least zero) to all the mines left, computed once per `n` since a binomial from
    /// scratch costs one big division per step.
    rows: FastMap<usize, (i64, Vec<BigUint>)>,
    /// Skips the 64-bit fast path; for tests.
    general_only: bool,
}

impl Combiner<'_> {
    fn cell_counts(
        &mut self,
        hood: &Neighbourhood,
        distributions: &[Vec<Distribution>],
    ) -> Vec<BigUint> {
        let touched: Vec<usize> = hood.fronts.iter().map(|&(f, _)| f).collect();
        let joint_owned: Distribution;
        let joint: &Distribution = match hood.fronts.as_slice() {
            [] => {
                joint_owned = Distribution::unit();
                &joint_owned
            }
            [(f, id)] => &distributions[*f][*id],
            [(f, id), rest @ ..] => {
                let mut joint = distributions[*f][*id].clone();
                for &(f, id) in rest {
                    joint = joint.convolve(&distributions[f][id]);
                }
                joint_owned = joint;
                &joint_owned
            }
        };
        let f_near = hood.floating as usize;
        let other_floating = self.floating - f_near - hood.cell_floating as usize;
        let max_s = joint.min_mines + joint.rows() - 1 + f_near;
        let width = joint.width() + f_near;
        let general_only = self.general_only;
        let weights = self.weights_for(&touched, other_floating);
        // The usual case: every count of the touched fronts fits in 64 bits, so the sums
        // are dot products of small numbers with the big weights' digits, without a big
        // integer per term.
        let small = if general_only {
            None
        } else {
            small_counts(joint, f_near, max_s, width)
        };
        if let Some(small) = small {
            return (0..width)
                .map(|n| {
                    let coefficients = small.chunks(width).map(|row| row[n]);
                    dot_product(coefficients, weights)
                })
                .collect();
        }
        // h[s][n]: touched-front layouts and floating-neighbour placements with s mines in
        // all, n of them around the cell.
        let mut h: Vec<Vec<BigUint>> = vec![vec![BigUint::zero(); width]; max_s + 1];
        for (m, row) in joint.big_table().iter().enumerate() {
            for (j, count) in row.iter().enumerate() {
                if count.is_zero() {
                    continue;
                }
                for jf in 0..=f_near {
                    let ways = small_binomial(f_near as u32, jf as u32);
                    h[joint.min_mines + m + jf][j + jf] += count * ways;
                }
            }
        }
        let mut relative: Vec<BigUint> = vec![BigUint::zero(); width];
        for (s, row) in h.iter().enumerate() {
            if s >= weights.len() {
                continue;
            }
            let weight = weights.value(s);
            if weight.is_zero() {
                continue;
            }
            for (n, count) in row.iter().enumerate() {
                if !count.is_zero() {
                    relative[n] += count * &weight;
                }
            }
        }
        relative
    }

    /// `weights[s]` for every `s` the touched fronts and eight floating neighbours can hold.
    ///
    /// Only the lowest count of other floating cells any cell can have (`F - 9`: eight
    /// floating neighbours and the cell itself) is summed directly, over nine more totals;
    /// the others follow by Pascal's rule, `C(n, k) = C(n - 1, k) + C(n - 1, k - 1)`, which
    /// gives `W_n(s) = W_(n-1)(s) + W_(n-1)(s + 1)`: additions instead of products.
    fn weights_for(&mut self, touched: &[usize], other_floating: usize) -> &Weights {
        let key = (touched.to_vec(), other_floating);
        if !self.weights.contains_key(&key) {
            let base = self.floating.saturating_sub(9).min(other_floating);
            let mut n = other_floating;
            while n > base && !self.weights.contains_key(&(touched.to_vec(), n - 1)) {
                n -= 1;
            }
            if n == base && !self.weights.contains_key(&(touched.to_vec(), base)) {
                let values = self.direct_weights(touched, base, other_floating - base);
                self.weights
                    .insert((touched.to_vec(), base), Weights::from_values(&values));
            }
            for level in n.max(base + 1)..=other_floating {
                let next = self.weights[&(touched.to_vec(), level - 1)].pascal_step();
                self.weights.insert((touched.to_vec(), level), next);
            }
        }
        &self.weights[&key]
    }

    /// `W_n(s)` for `s` from zero to what the touched fronts and eight floating neighbours
    /// can hold plus `extra`, summed directly.
    fn direct_weights(&mut self, touched: &[usize], n: usize, extra: usize) -> Vec<BigUint> {
        // Only totals the touched fronts can hold matter, plus up to eight floating mines.
        let min_s: usize = touched.iter().map(|&f| self.front_counts[f].0).sum();
        let max_s: usize = touched
            .iter()
            .map(|&f| self.front_counts[f].0 + self.front_counts[f].1.len() - 1)
            .sum::<usize>()
            + 8
            + extra;
        let (offset, others) = self.others_for(touched).clone();
        let left = self.mines_left as i64;
        // C(n, left - s - t) for every s and t in range, as one row.
        let hi = left - min_s as i64 - offset as i64;
        let (lo, row) = self.row(n);
        (0..=max_s)
            .map(|s| {
                let mut sum = BigUint::zero();
                if s < min_s {
                    // The touched fronts never hold fewer than min_s mines; Pascal's rule
                    // only carries this zero to other unused totals below min_s.
                    return sum;
                }
                for (i, c) in others.iter().enumerate() {
                    let k = left - s as i64 - (offset + i) as i64;
                    debug_assert!(k >= lo || k < 0, "the row covers every needed k");
                    if k >= lo && k <= hi && !c.is_zero() {
                        let ways = &row[(k - lo) as usize];
                        if !ways.is_zero() {
                            sum += c * ways;
                        }
                    }
                }
                sum
            })
            .collect()
    }

    /// `C(n, k)` for `k` from `left - (every front's most mines) - 8` (at least zero) to
    /// `left`, with that lower end. The first value comes from the next larger cached `n` by
    /// `C(n - 1, lo) = C(n, lo) (n - lo) / n`, so only the largest `n` costs a binomial from
    /// scratch; the row then walks up `k` by `C(n, k + 1) = C(n, k) (n - k) / (k + 1)`.
    fn row(&mut self, n: usize) -> (i64, &[BigUint]) {
        let left = self.mines_left as i64;
        let most: usize = self
            .front_counts
            .iter()
            .map(|(min, c)| min + c.len() - 1)
            .sum();
        // Eight floating neighbours, and nine more totals for Pascal's rule.
        let lo = (left - most as i64 - 17).max(0) as usize;
        if !self.rows.contains_key(&n) {
            let larger = self.rows.keys().copied().filter(|&m| m > n).min();
            let mut start = match larger {
                Some(m) => self.rows[&m].1.first().cloned().unwrap_or_default(),
                None => binomial(n as u64, lo as u64),
            };
            for m in (n + 1..=larger.unwrap_or(n)).rev() {
                // From C(m, lo) to C(m - 1, lo); zero once lo exceeds m - 1.
                start = if lo < m {
                    start * (m - lo) / m
                } else {
                    BigUint::zero()
                };
            }
            let mut row = Vec::with_capacity(left as usize + 1 - lo.min(left as usize));
            let mut current = start;
            for k in lo..=(left as usize) {
                row.push(current.clone());
                current = if k < n {
                    current * (n - k) / (k + 1)
                } else {
                    BigUint::zero()
                };
            }
            self.rows.insert(n, (lo as i64, row));
        }
        let (lo, row) = &self.rows[&n];
        (*lo, row)
    }

    fn others_for(&mut self, touched: &[usize]) -> &(usize, Vec<BigUint>) {
        let counts = self.front_counts;
        self.others.entry(touched.to_vec()).or_insert_with(|| {
            let mut offset = 0usize;
            let mut poly = vec![BigUint::from(1u8)];
            for (f, (min, coeffs)) in counts.iter().enumerate() {
                if touched.contains(&f) {
                    continue;
                }
                let mut next = vec![BigUint::zero(); poly.len() + coeffs.len() - 1];
                for (i, a) in poly.iter().enumerate() {
                    for (j, b) in coeffs.iter().enumerate() {
                        if !a.is_zero() && !b.is_zero() {
                            next[i + j] += a * b;
                        }
                    }
                }
                poly = next;
                offset += min;
            }
            (offset, poly)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::parse_mine;
    use crate::probability::solve_board;

    #[test]
    fn dot_product_matches_big_integer_arithmetic() {
        let weights: Vec<BigUint> = (0..20u32)
            .map(|i| crate::combinatorics::binomial(400 + i as u64, 90 + i as u64))
            .collect();
        let table = Weights::from_values(&weights);
        let coefficients: Vec<u64> = (0..20u64).map(|i| u64::MAX - i * 12345).collect();
        let expected: BigUint = coefficients.iter().zip(&weights).map(|(c, w)| w * *c).sum();
        assert_eq!(dot_product(coefficients.into_iter(), &table), expected);
        // Pascal's rule on the digits matches big-integer additions, carries included.
        let stepped = table.pascal_step();
        for s in 0..weights.len() - 1 {
            assert_eq!(stepped.value(s), &weights[s] + &weights[s + 1]);
        }
        let all_ones = Weights::from_values(&[BigUint::from(u64::MAX), BigUint::from(u64::MAX)]);
        assert_eq!(
            all_ones.pascal_step().value(0),
            BigUint::from(u64::MAX) * 2u8
        );
    }

    #[test]
    fn fast_and_general_combinations_agree() {
        // Several fronts, cells touching two of them, floating cells, flags.
        // Small positions with several fronts, cells touching two, floating cells and
        // flags, and real expert positions, whose counts can outgrow 64 bits.
        let corpus = include_str!("../benches/corpus/expert-hard.txt");
        let mut positions: Vec<&str> = vec![
            "8x6x12\n1HHHH2HH\nHHHHHHHH\nH2HF1HHH\nHHHHHHH1\nHH3HHHHH\n1HHHHH2H\n",
            "6x4x5\n0001HH\n112HHH\nHHHH3H\nHHHHHH\n",
        ];
        positions.extend(
            corpus
                .split("\n\n")
                .filter(|c| !c.trim().is_empty())
                .step_by(7),
        );
        for text in &positions {
            let board = parse_mine(text).unwrap();
            let analysis = solve_board(&board, &SolveConfig::default()).unwrap();
            let config = SolveConfig::default();
            let fast = number_chances_with(&board, &analysis, &config, false).unwrap();
            let general = number_chances_with(&board, &analysis, &config, true).unwrap();
            for idx in board.indices() {
                assert_eq!(
                    fast.get(idx),
                    general.get(idx),
                    "{:?} of\n{text}",
                    board.xy(idx)
                );
            }
        }
    }
}
