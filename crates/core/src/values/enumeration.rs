//! The enumeration side: each front's traced enumeration ([`crate::engine::enumerate::trace_front`])
//! read forwards and backwards, giving the front's layout counts for the analysis and, for
//! every neighbourhood that touches it, its joint distribution of (front mines, neighbourhood
//! mines). Counts are kept in machine words where they fit: `u64` under
//! [`SMALL_FRONT_CELLS`] cells, `u128` under 120, big integers beyond.

use num_bigint::BigUint;
use num_traits::{ToPrimitive, Zero};

use crate::combinatorics::Count;
use crate::engine::combine::FrontWeights;
use crate::engine::enumerate::{
    trace_front_within, FrontFailure, FrontLimits, FrontProblem, FrontTrace,
};

use super::chances::NUMBERS;
use super::digits::odd_inverse;
use super::distribution::{Distribution, Table};
use super::neighbourhoods::{choose, keep_together_groups, Part, PartsKey, MAX_PARTS};

/// Counts with the products and exact divisions the backward pass needs.
pub(super) trait ExactCount: Count {
    fn to_u64_count(&self) -> Option<u64>;
    fn times(&self, other: &Self) -> Self;
    fn divide_exact(&self, divisor: u64) -> Self;
    /// Divides every count by `divisor`, which divides each of them exactly.
    fn divide_all_exactly(counts: &mut [Self], divisor: u64) {
        for count in counts.iter_mut().filter(|c| !c.is_zero_count()) {
            *count = count.divide_exact(divisor);
        }
    }
}

impl ExactCount for u128 {
    fn to_u64_count(&self) -> Option<u64> {
        u64::try_from(*self).ok()
    }
    fn times(&self, other: &Self) -> Self {
        self * other
    }
    fn divide_exact(&self, divisor: u64) -> Self {
        debug_assert_eq!(self % divisor as u128, 0);
        // A 64-bit division when the count fits, which it usually does: far cheaper than
        // the 128-bit one.
        match u64::try_from(*self) {
            Ok(small) => (small / divisor) as u128,
            Err(_) => self / divisor as u128,
        }
    }
}

impl ExactCount for BigUint {
    fn to_u64_count(&self) -> Option<u64> {
        self.to_u64()
    }
    fn times(&self, other: &Self) -> Self {
        self * other
    }
    fn divide_exact(&self, divisor: u64) -> Self {
        debug_assert!((self % divisor).is_zero());
        self / divisor
    }
}

/// The counts of a front of fewer than [`SMALL_FRONT_CELLS`] cells: every count the number
/// chances form from it (layouts, times at most 8 mines per box for the tallies) stays below
/// `2^63`, so 64-bit arithmetic is exact and costs a third of the 128-bit one.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) struct Small(u64);

/// Below this many cells a front's counts are [`Small`].
pub(super) const SMALL_FRONT_CELLS: usize = 60;

impl Count for Small {
    fn zero_count() -> Self {
        Small(0)
    }
    fn one_count() -> Self {
        Small(1)
    }
    fn is_zero_count(&self) -> bool {
        self.0 == 0
    }
    fn mul_small(&self, factor: u64) -> Self {
        Small(self.0 * factor)
    }
    fn add_assign(&mut self, other: &Self) {
        self.0 += other.0;
    }
    fn to_big(&self) -> BigUint {
        BigUint::from(self.0)
    }
}

impl ExactCount for Small {
    fn to_u64_count(&self) -> Option<u64> {
        Some(self.0)
    }
    fn times(&self, other: &Self) -> Self {
        Small(self.0 * other.0)
    }
    fn divide_exact(&self, divisor: u64) -> Self {
        debug_assert_eq!(self.0 % divisor, 0);
        Small(self.0 / divisor)
    }

    /// Without a division instruction per count (tens of cycles each): the divisor's twos
    /// are shifted out, and the odd rest is divided out by multiplying with its inverse
    /// modulo `2^64`, which is exact because every count is a multiple of the divisor.
    fn divide_all_exactly(counts: &mut [Self], divisor: u64) {
        debug_assert!(divisor > 0);
        let shift = divisor.trailing_zeros();
        let inverse = odd_inverse(divisor >> shift);
        for count in counts.iter_mut() {
            debug_assert_eq!(count.0 % divisor, 0);
            count.0 = (count.0 >> shift).wrapping_mul(inverse);
        }
    }
}

/// One front's traced enumeration, kept open for its descriptors: its counts for the analysis,
/// its descriptors' distributions, and the lines it created.
pub(super) type TracedFront = (FrontWeights<BigUint>, Vec<Distribution>, u64);

/// Traces one front within `limits` and takes from it what
/// [`solve_board_with_chances`](crate::values::solve_board_with_chances) needs.
pub(super) fn traced_front<C: ExactCount>(
    problem: &FrontProblem,
    descriptors: &[PartsKey],
    limits: &FrontLimits,
) -> Result<TracedFront, FrontFailure> {
    let trace = trace_front_within::<C, _>(problem, &keep_together_groups(descriptors), limits)?;
    let backward = Backward::new(&trace);
    let lines_created = 1 + trace
        .steps
        .iter()
        .map(|s| s.transitions.len() as u64)
        .sum::<u64>();
    Ok((
        front_weights(problem, &trace, &backward),
        distributions_from_trace(problem, &trace, &backward, descriptors),
        lines_created,
    ))
}

/// The joint distribution of (front mines, neighbourhood mines) for each descriptor, from
/// the front's trace (kept together as
/// [`keep_together`](super::neighbourhoods::keep_together) asks).
pub(super) fn distributions_from_trace<C: ExactCount>(
    problem: &FrontProblem,
    trace: &FrontTrace<C>,
    backward: &Backward<C>,
    descriptors: &[PartsKey],
) -> Vec<Distribution> {
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

    // The fewest and most mines of the lines of each layer, once rather than per box set.
    let layer_mines: Vec<(usize, usize)> = trace
        .layers
        .iter()
        .map(|layer| {
            layer.iter().fold((usize::MAX, 0), |(least, most), line| {
                (
                    least.min(line.mines as usize),
                    most.max(line.mines as usize),
                )
            })
        })
        .map(|(least, most)| (least.min(most), most))
        .collect();
    let landmarks = Landmarks {
        first_seen,
        layer_mines,
    };

    // Descriptors over the same boxes (covering different numbers of their cells) share the
    // per-box-value counts, which only split_parts tells apart: the descriptors are taken in
    // order of their boxes, so that each box set's counts are made once, into buffers shared
    // by every box set (no allocation per box set, and no map).
    let boxes_of = |key: &PartsKey| {
        let mut boxes = [u32::MAX; MAX_PARTS];
        for (slot, part) in boxes.iter_mut().zip(key.parts()) {
            *slot = part.local_box;
        }
        boxes
    };
    let mut order: Vec<([u32; MAX_PARTS], u32)> = descriptors
        .iter()
        .enumerate()
        .map(|(d, key)| (boxes_of(key), d as u32))
        .collect();
    order.sort_unstable();
    let mut out: Vec<Option<Distribution>> = Vec::with_capacity(descriptors.len());
    out.resize_with(descriptors.len(), || None);
    // Scratch buffers shared by every call.
    let mut combo_of: Vec<u32> = Vec::new();
    let mut table: Vec<C> = Vec::new();
    let mut counts = BoxValueCounts {
        combos: Vec::with_capacity(16),
        offset: 0,
        width: 0,
        units: Vec::new(),
    };
    let mut counts_of: Option<[u32; MAX_PARTS]> = None;
    for &(boxes, d) in &order {
        let parts = descriptors[d as usize].parts();
        if counts_of != Some(boxes) {
            box_value_counts(
                problem,
                trace,
                backward,
                &landmarks,
                parts,
                &mut combo_of,
                &mut counts,
            );
            counts_of = Some(boxes);
        }
        // The step the counts are read at must still show every box of the parts.
        let step_index = parts
            .iter()
            .map(|p| landmarks.first_seen[p.local_box as usize])
            .max();
        debug_assert!(parts
            .iter()
            .all(|p| Some(last_seen[p.local_box as usize]) >= step_index));
        out[d as usize] = Some(split_parts(problem, parts, &counts, &mut table));
    }
    out.into_iter()
        .map(|d| d.expect("every descriptor is split"))
        .collect()
}

/// A front's layout counts and per-box mine tallies by mines, as
/// [`crate::engine::enumerate::enumerate_front`] gives them, from its trace: each box is summed at the
/// last step that shows it, forward count times transition weight times its value, times the
/// backward counts of the line the transition leads to.
pub(super) fn front_weights<C: ExactCount>(
    problem: &FrontProblem,
    trace: &FrontTrace<C>,
    backward: &Backward<C>,
) -> FrontWeights<BigUint> {
    let last = trace.layers.last().expect("the start layer exists");
    let min_mines = last.iter().map(|l| l.mines as usize).min().unwrap_or(0);
    let max_mines = last.iter().map(|l| l.mines as usize).max().unwrap_or(0);
    let n_rows = max_mines - min_mines + 1;
    let mut counts = vec![C::zero_count(); n_rows];
    for line in last {
        counts[line.mines as usize - min_mines].add_assign(&line.count);
    }
    let n_boxes = problem.box_sizes.len();
    let mut last_seen = vec![0usize; n_boxes];
    for (i, step) in trace.steps.iter().enumerate() {
        for &b in &step.boxes {
            last_seen[b as usize] = i;
        }
    }
    // tallies[m * n_boxes + b]
    let mut tallies = vec![C::zero_count(); n_rows * n_boxes];
    let mut closing: Vec<(usize, u32)> = Vec::new();
    let mut sums: Vec<C> = Vec::new();
    for (i, step) in trace.steps.iter().enumerate() {
        closing.clear();
        closing.extend(
            step.boxes
                .iter()
                .enumerate()
                .filter(|&(_, &b)| last_seen[b as usize] == i)
                .map(|(p, &b)| (p, b)),
        );
        if closing.is_empty() {
            continue;
        }
        let before = &trace.layers[i];
        let after = &trace.layers[i + 1];
        // sums[to * closing + c]: layouts into line `to` times the value of closing box c.
        sums.clear();
        sums.resize(after.len() * closing.len(), C::zero_count());
        for (index, t) in step.transitions.iter().enumerate() {
            let coefficient = before[t.from as usize].count.mul_small(t.weight);
            let values = step.values(index);
            let row = &mut sums[t.to as usize * closing.len()..][..closing.len()];
            for (slot, &(p, _)) in row.iter_mut().zip(&closing) {
                if values[p] != 0 {
                    slot.add_assign(&coefficient.mul_small(values[p] as u64));
                }
            }
        }
        for (to, row) in sums.chunks(closing.len()).enumerate() {
            // A line part way may hold fewer mines than any whole layout: the row index is
            // taken after adding the mines still to come.
            let mines_so_far = after[to].mines as usize;
            let poly = backward.of(i + 1, to);
            for (sum, &(_, b)) in row.iter().zip(&closing) {
                if sum.is_zero_count() {
                    continue;
                }
                for (r, ways) in poly.iter().enumerate() {
                    if !ways.is_zero_count() {
                        let row = mines_so_far + r - min_mines;
                        tallies[row * n_boxes + b as usize].add_assign(&sum.times(ways));
                    }
                }
            }
        }
    }
    FrontWeights {
        min_mines,
        counts: counts.iter().map(Count::to_big).collect(),
        tallies: tallies
            .chunks(n_boxes)
            .map(|row| row.iter().map(Count::to_big).collect())
            .collect(),
    }
}

/// `backward[i]`: for each line of layer `i`, the ways to finish the front per number of
/// further mines, `stride` entries per line in one buffer.
pub(super) struct Backward<C> {
    layers: Vec<(usize, Vec<C>)>,
}

impl<C: ExactCount> Backward<C> {
    pub(super) fn new(trace: &FrontTrace<C>) -> Backward<C> {
        let n_layers = trace.layers.len();
        let mut layers: Vec<(usize, Vec<C>)> = Vec::with_capacity(n_layers);
        layers.resize_with(n_layers, || (1, Vec::new()));
        layers[n_layers - 1] = (1, vec![C::one_count(); trace.layers[n_layers - 1].len()]);
        for i in (0..trace.steps.len()).rev() {
            let transitions = &trace.steps[i].transitions;
            let (next_stride, next) = &layers[i + 1];
            let next_stride = *next_stride;
            let most_added = transitions
                .iter()
                .map(|t| t.added_mines as usize)
                .max()
                .unwrap_or(0);
            let stride = next_stride + most_added;
            let mut here = vec![C::zero_count(); trace.layers[i].len() * stride];
            for t in transitions {
                let from = t.from as usize * stride + t.added_mines as usize;
                let to = t.to as usize * next_stride;
                let target = &mut here[from..from + next_stride];
                for (slot, ways) in target.iter_mut().zip(&next[to..to + next_stride]) {
                    if !ways.is_zero_count() {
                        slot.add_assign(&ways.mul_small(t.weight));
                    }
                }
            }
            layers[i] = (stride, here);
        }
        Backward { layers }
    }

    /// The counts of one line of layer `layer`.
    fn of(&self, layer: usize, line: usize) -> &[C] {
        let (stride, values) = &self.layers[layer];
        &values[line * stride..(line + 1) * stride]
    }
}

/// Where things are in a front's trace, found once for all its box sets.
pub(super) struct Landmarks {
    /// The step at which each box first appears in an expanded key.
    first_seen: Vec<usize>,
    /// The fewest and most mines of the lines of each layer.
    layer_mines: Vec<(usize, usize)>,
}

/// For each combination of the values of some boxes (`combos`, packed four bits a box, the
/// first box highest), the front layouts through those values per front mines, divided by
/// the ways to choose the boxes' mines (`units[combo * width + mines - offset]`): what remains
/// to be multiplied by the ways to split each box between the neighbourhood and the rest.
pub(super) struct BoxValueCounts<C> {
    combos: Vec<u64>,
    /// The front mines of row 0 (the fewest of any line the counts pass through: no layout
    /// holds fewer).
    offset: usize,
    width: usize,
    units: Vec<C>,
}

/// The [`BoxValueCounts`] of the parts' boxes, read at the first step whose expanded key
/// shows them all: each transition's forward count times its weight times the backward
/// counts of the line it leads to. A step has a dozen transitions or so per box set, so
/// they are summed directly rather than grouped first. Box values (at most 8) are packed
/// four bits each: at most nine parts fit in a u64. Written into `counts`, whose buffers are
/// reused; `combo_of` is scratch space.
pub(super) fn box_value_counts<C: ExactCount>(
    problem: &FrontProblem,
    trace: &FrontTrace<C>,
    backward: &Backward<C>,
    landmarks: &Landmarks,
    parts: &[Part],
    combo_of: &mut Vec<u32>,
    counts: &mut BoxValueCounts<C>,
) {
    let Landmarks {
        first_seen,
        layer_mines,
    } = landmarks;
    let BoxValueCounts {
        combos,
        offset: counts_offset,
        width: counts_width,
        units,
    } = counts;
    let step_index = parts
        .iter()
        .map(|p| first_seen[p.local_box as usize])
        .max()
        .unwrap_or(0);
    let step = &trace.steps[step_index];
    let mut positions = [0usize; MAX_PARTS];
    for (slot, part) in positions.iter_mut().zip(parts) {
        *slot = step
            .boxes
            .iter()
            .position(|&b| b == part.local_box)
            .expect("kept together");
    }
    let positions = &positions[..parts.len()];
    let before = &trace.layers[step_index];
    let after = &trace.layers[step_index + 1];
    // The value combinations, in order of first appearance (a handful: a linear search beats
    // hashing), and each transition's.
    combos.clear();
    combo_of.clear();
    for index in 0..step.transitions.len() {
        let box_values = step.values(index);
        let values = positions
            .iter()
            .fold(0u64, |key, &p| key << 4 | box_values[p] as u64);
        let combo = match combos.iter().position(|&v| v == values) {
            Some(combo) => combo,
            None => {
                combos.push(values);
                combos.len() - 1
            }
        };
        combo_of.push(combo as u32);
    }
    let stride = backward.layers[step_index + 1].0;
    let (offset, most_mines) = layer_mines[step_index + 1];
    let width = most_mines - offset + stride;
    units.clear();
    units.resize(combos.len() * width, C::zero_count());
    for (t, &combo) in step.transitions.iter().zip(combo_of.iter()) {
        let coefficient = before[t.from as usize].count.mul_small(t.weight);
        // A line's mines are those of every transition into it.
        let start = combo as usize * width + after[t.to as usize].mines as usize - offset;
        let poly = backward.of(step_index + 1, t.to as usize);
        for (slot, ways) in units[start..start + stride].iter_mut().zip(poly) {
            if !ways.is_zero_count() {
                slot.add_assign(&coefficient.times(ways));
            }
        }
    }
    for (&packed, row) in combos.iter().zip(units.chunks_mut(width)) {
        let whole: u64 = parts
            .iter()
            .enumerate()
            .map(|(i, part)| {
                let k = (packed >> (4 * (parts.len() - 1 - i)) & 0xF) as u32;
                choose(problem.box_sizes[part.local_box as usize] as u32, k)
            })
            .product();
        if whole != 1 {
            C::divide_all_exactly(row, whole);
        }
    }
    *counts_offset = offset;
    *counts_width = width;
}

/// Turns per-box-value counts into counts per neighbourhood mines, splitting each box between
/// its covered cells, the cell itself (safe) and the rest.
pub(super) fn split_parts<C: ExactCount>(
    problem: &FrontProblem,
    parts: &[Part],
    counts: &BoxValueCounts<C>,
    table: &mut Vec<C>,
) -> Distribution {
    let covered: usize = parts.iter().map(|p| p.covered as usize).sum();
    let cols = covered + 1;
    table.clear();
    table.resize(counts.width * cols, C::zero_count());
    // Each part's covered cells and the cells of its box that are neither covered nor the
    // cell, once rather than per combination.
    let mut shapes = [(0u32, 0u32); MAX_PARTS];
    for (shape, part) in shapes.iter_mut().zip(parts) {
        let size = problem.box_sizes[part.local_box as usize] as u32;
        let covered = part.covered as u32;
        *shape = (covered, size - covered - part.has_cell as u32);
    }
    let shapes = &shapes[..parts.len()];
    let top_shift = 4 * (parts.len().max(1) - 1);
    for (&packed, units) in counts.combos.iter().zip(counts.units.chunks(counts.width)) {
        // split[j]: ways to place the parts' box values with j mines in covered cells and
        // none on the cell, a product of one small polynomial per part, multiplied in place
        // from the top down. A neighbourhood covers at most eight cells, so j stays below
        // nine; each entry is at most the product of the boxes' binomials, below
        // 70^9 < 2^64.
        let mut buffers = [[0u64; NUMBERS]; 2];
        buffers[0][0] = 1;
        let mut current = 0;
        let mut len = 1usize;
        for (i, &(a, rest)) in shapes.iter().enumerate() {
            let k = (packed >> (top_shift - 4 * i) & 0xF) as u32;
            // j mines of the k among the covered cells: C(a, j) C(rest, k - j) ways. The
            // product goes into the other buffer, so nothing is copied back.
            let [first, second] = &mut buffers;
            let (split, next) = if current == 0 {
                (&*first, second)
            } else {
                (&*second, first)
            };
            let new_len = len + a as usize;
            next[..new_len].iter_mut().for_each(|slot| *slot = 0);
            for (x_index, &x) in split[..len].iter().enumerate() {
                if x == 0 {
                    continue;
                }
                for j in k.saturating_sub(rest)..=a.min(k) {
                    next[x_index + j as usize] += x * choose(a, j) * choose(rest, k - j);
                }
            }
            current = 1 - current;
            len = new_len;
        }
        // The numbers this combination can give, with their ways: each row of units adds
        // to those only.
        let mut terms = [(0usize, 0u64); NUMBERS];
        let mut n_terms = 0;
        for (j, &ways) in buffers[current][..len].iter().enumerate() {
            if ways != 0 {
                terms[n_terms] = (j, ways);
                n_terms += 1;
            }
        }
        let terms = &terms[..n_terms];
        for (unit, row) in units.iter().zip(table.chunks_exact_mut(cols)) {
            if unit.is_zero_count() {
                continue;
            }
            for &(j, ways) in terms {
                row[j].add_assign(&unit.mul_small(ways));
            }
        }
    }
    let nonzero_row = |row: &[C]| row.iter().any(|c| !c.is_zero_count());
    let first = table.chunks(cols).position(nonzero_row).unwrap_or(0);
    let last = table.chunks(cols).rposition(nonzero_row).unwrap_or(first);
    let rows = &table[first * cols..(last + 1) * cols];
    // Filled into a vector of the right size: collecting into an `Option<Vec>` cannot know
    // its length and grows the vector step by step, a reallocation or more per descriptor.
    let mut small: Vec<u64> = Vec::with_capacity(rows.len());
    for count in rows {
        match count.to_u64_count() {
            Some(count) => small.push(count),
            None => break,
        }
    }
    let table = if small.len() == rows.len() {
        Table::Small(small)
    } else {
        Table::Big(rows.iter().map(Count::to_big).collect())
    };
    Distribution {
        min_mines: counts.offset + first,
        cols,
        table,
    }
}
