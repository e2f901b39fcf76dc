//! Exact enumeration of one front.
//!
//! The witnesses of a front are taken one at a time, in an order that keeps few boxes "open"
//! (assigned, but still under a witness not yet taken). A **probability line** is a class of
//! partial assignments that agree on the open boxes' mine counts and on the mines placed so
//! far; lines that agree are merged, so the work grows with the number of open boxes rather
//! than with the number of layouts (a dynamic programme along the front, as JSMinesweeper's
//! probability lines, but with the merge done by key).
//!
//! Each line carries `count`, the number of cell-level layouts it stands for, and for every box
//! already closed `tally[b] = sum over those layouts of the mines in b`. For an open box the
//! tally is `count * value` and is not stored.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

use crate::combinatorics::{small_binomial, Count};

/// One witness of a front, in front-local box indices.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FrontRule {
    /// Mines the boxes must hold together.
    pub need: u8,
    /// The boxes under the witness.
    pub boxes: Vec<u32>,
}

/// A front as abstract rules over boxes.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct FrontProblem {
    /// The number of cells in each box.
    pub box_sizes: Vec<u8>,
    /// The witnesses.
    pub rules: Vec<FrontRule>,
}

/// The layouts of one front with a given number of mines.
#[derive(Debug, Clone, PartialEq)]
pub struct MineCountEntry<C> {
    /// How many layouts.
    pub count: C,
    /// Per box, the mines in that box summed over those layouts.
    pub tally: Vec<C>,
}

/// The result of enumerating a front: entry `i` is for `min_mines + i` mines.
#[derive(Debug, Clone, PartialEq)]
pub struct FrontCounts<C> {
    /// The fewest mines of any layout.
    pub min_mines: usize,
    /// One entry per mine count from `min_mines` up to the most of any layout.
    pub by_mines: Vec<MineCountEntry<C>>,
    /// How many probability lines were created, a measure of the work done.
    pub lines_created: u64,
}

/// Why a front could not be enumerated.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FrontFailure {
    /// No layout satisfies the rules; the rule (front-local index) at which the last line died.
    Unsatisfiable(usize),
    /// Over budget: more than `max_lines` probability lines alive at once, or (in
    /// [`enumerate_front`]) more than `max_work` work in all.
    TooManyLines,
}

/// The bounds [`enumerate_front`] works within.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FrontLimits {
    /// The most probability lines alive at one time (memory).
    pub max_lines: usize,
    /// The most work, counted as line extensions plus the tallies each one carries (time:
    /// on a giant front each extension updates one tally per closed box).
    pub max_work: u64,
    /// Mines available to the whole front: lines holding more can never be completed into a
    /// consistent layout, so they are dropped early.
    pub max_mines: usize,
}

/// Enumerates every layout of a front, merged by mine count, within `limits` (over them it
/// fails with [`FrontFailure::TooManyLines`]).
pub fn enumerate_front<C: Count>(
    problem: &FrontProblem,
    limits: &FrontLimits,
) -> Result<FrontCounts<C>, FrontFailure> {
    let plan = Plan::new::<Vec<u32>>(problem, &[]);
    let n_boxes = problem.box_sizes.len();

    // The lines of a layer in flat buffers (every line of a layer has as many open boxes and
    // closed tallies): two layers, swapped at each step, so that their room is reused.
    let mut lines = Layer::<C>::default();
    lines.counts.push(C::one_count());
    lines.mines.push(0);
    let mut next = Layer::<C>::default();
    let mut lines_created = 1u64;
    let mut work = 0u64;
    let mut closed_order: Vec<u32> = Vec::with_capacity(n_boxes);

    let mut index = LineIndex::default();
    let mut expanded: Vec<u8> = Vec::new();
    for step in &plan.steps {
        next.clear(step.keep.len(), closed_order.len() + step.closing.len());
        index.clear();
        let tally_width = lines.tally_width;
        for line in 0..lines.len() {
            let key = lines.key(line);
            let placed: u32 = step.assigned_positions.iter().map(|&p| key[p] as u32).sum();
            let need = step.need as i64 - placed as i64;
            if need < 0 || need as usize >= step.fills.len() {
                continue;
            }
            for fill in &step.fills[need as usize] {
                expanded.clear();
                expanded.extend_from_slice(key);
                expanded.extend_from_slice(step.values_of(fill));
                if !step.checks.iter().all(|check| check.holds(&expanded)) {
                    continue;
                }
                let mines = lines.mines[line] + need as u16;
                if mines as usize > limits.max_mines {
                    continue;
                }
                work += 1 + tally_width as u64;
                if work > limits.max_work {
                    return Err(FrontFailure::TooManyLines);
                }
                let count = lines.counts[line].mul_small(fill.weight);
                let slot = index.find_or_add(&step.keep, &expanded, mines, || {
                    next.push(step.keep.iter().map(|&p| expanded[p]), mines)
                });
                let target = next.tally_mut(slot);
                for (t, old) in target.iter_mut().zip(lines.tally(line)) {
                    t.add_assign(&old.mul_small(fill.weight));
                }
                for (j, &p) in step.closing_positions.iter().enumerate() {
                    target[tally_width + j].add_assign(&count.mul_small(expanded[p] as u64));
                }
                next.counts[slot].add_assign(&count);
                lines_created += 1;
            }
        }
        if next.is_empty() {
            return Err(FrontFailure::Unsatisfiable(step.rule));
        }
        if next.len() > limits.max_lines {
            return Err(FrontFailure::TooManyLines);
        }
        closed_order.extend_from_slice(&step.closing);
        std::mem::swap(&mut lines, &mut next);
    }

    // Every box is closed after the last rule, so lines differ only in their mine count.
    let min_mines = lines.mines.iter().map(|&m| m as usize).min().unwrap_or(0);
    let max_mines = lines.mines.iter().map(|&m| m as usize).max().unwrap_or(0);
    let mut by_mines: Vec<MineCountEntry<C>> = (min_mines..=max_mines)
        .map(|_| MineCountEntry {
            count: C::zero_count(),
            tally: vec![C::zero_count(); n_boxes],
        })
        .collect();
    for line in 0..lines.len() {
        let entry = &mut by_mines[lines.mines[line] as usize - min_mines];
        entry.count.add_assign(&lines.counts[line]);
        for (&b, t) in closed_order.iter().zip(lines.tally(line)) {
            entry.tally[b as usize].add_assign(t);
        }
    }
    Ok(FrontCounts {
        min_mines,
        by_mines,
        lines_created,
    })
}

/// The probability lines of one layer of [`enumerate_front`], line `i` at `i * width` of each
/// flat buffer: the values of its open boxes (`key_width`, in the order of the step's key), its
/// mines, its count, and the tallies of the closed boxes (`tally_width`, in closing order).
struct Layer<C> {
    keys: Vec<u8>,
    key_width: usize,
    mines: Vec<u16>,
    counts: Vec<C>,
    tallies: Vec<C>,
    tally_width: usize,
}

impl<C> Default for Layer<C> {
    fn default() -> Layer<C> {
        Layer {
            keys: Vec::new(),
            key_width: 0,
            mines: Vec::new(),
            counts: Vec::new(),
            tallies: Vec::new(),
            tally_width: 0,
        }
    }
}

impl<C: Count> Layer<C> {
    /// Empties the layer for lines of the given widths, keeping its room.
    fn clear(&mut self, key_width: usize, tally_width: usize) {
        self.keys.clear();
        self.mines.clear();
        self.counts.clear();
        self.tallies.clear();
        self.key_width = key_width;
        self.tally_width = tally_width;
    }

    fn len(&self) -> usize {
        self.counts.len()
    }

    fn is_empty(&self) -> bool {
        self.counts.is_empty()
    }

    fn key(&self, line: usize) -> &[u8] {
        &self.keys[line * self.key_width..(line + 1) * self.key_width]
    }

    fn tally(&self, line: usize) -> &[C] {
        &self.tallies[line * self.tally_width..(line + 1) * self.tally_width]
    }

    fn tally_mut(&mut self, line: usize) -> &mut [C] {
        &mut self.tallies[line * self.tally_width..(line + 1) * self.tally_width]
    }

    /// Adds a line with these open-box values and mines, a zero count and zero tallies;
    /// returns its index.
    fn push(&mut self, key: impl Iterator<Item = u8>, mines: u16) -> usize {
        self.keys.extend(key);
        self.mines.push(mines);
        self.counts.push(C::zero_count());
        self.tallies
            .extend(std::iter::repeat_n(C::zero_count(), self.tally_width));
        self.counts.len() - 1
    }
}

/// A map keyed by small integers and short vectors of them, hashed by multiply and rotate
/// (as rustc's FxHash) rather than SipHash: the keys are the engine's own indices and counts,
/// and these maps sit on the hot path (here and in number chances).
pub(crate) type FastMap<K, V> = HashMap<K, V, BuildHasherDefault<FastHasher>>;

/// The hasher of [`FastMap`].
#[derive(Default, Clone, Copy)]
pub(crate) struct FastHasher {
    hash: u64,
}

impl FastHasher {
    fn add(&mut self, word: u64) {
        self.hash = (self.hash.rotate_left(5) ^ word).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
}

impl Hasher for FastHasher {
    fn finish(&self) -> u64 {
        self.hash
    }

    fn write(&mut self, bytes: &[u8]) {
        let mut chunks = bytes.chunks_exact(8);
        for chunk in &mut chunks {
            let mut word = [0u8; 8];
            word.copy_from_slice(chunk);
            self.add(u64::from_le_bytes(word));
        }
        for &byte in chunks.remainder() {
            self.add(byte as u64);
        }
    }

    fn write_u8(&mut self, value: u8) {
        self.add(value as u64);
    }

    fn write_u16(&mut self, value: u16) {
        self.add(value as u64);
    }

    fn write_u32(&mut self, value: u32) {
        self.add(value as u64);
    }

    fn write_u64(&mut self, value: u64) {
        self.add(value);
    }

    fn write_usize(&mut self, value: usize) {
        self.add(value as u64);
    }
}

/// A line of a traced enumeration: its mines so far and the layouts it stands for.
#[derive(Debug, Clone, PartialEq)]
pub struct TraceLine<C> {
    /// Mines placed in the boxes assigned so far.
    pub mines: u16,
    /// Layouts of those boxes (cell level) that lead to this line.
    pub count: C,
}

/// One way from a line before a step to a line after it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Transition {
    /// Index of the line before the step (in the step's layer).
    pub from: u32,
    /// Index of the line after the step (in the next layer).
    pub to: u32,
    /// Mines the step's new boxes hold.
    pub added_mines: u8,
    /// Cell-level layouts of the new boxes: the product of their binomials.
    pub weight: u64,
}

/// One step of a traced enumeration.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TraceStep {
    /// The front-local boxes of the step's expanded key (the boxes open before it, then the
    /// ones it assigns), in key order.
    pub boxes: Vec<u32>,
    /// Every transition of the step.
    pub transitions: Vec<Transition>,
    /// The box values of every transition, `boxes.len()` per transition in transition
    /// order (one allocation per step rather than one per transition).
    values: Vec<u8>,
}

impl TraceStep {
    /// The value of every box of the step's expanded key in transition `t` (an index into
    /// [`TraceStep::transitions`]), aligned with [`TraceStep::boxes`].
    pub fn values(&self, t: usize) -> &[u8] {
        let width = self.boxes.len();
        &self.values[t * width..(t + 1) * width]
    }
}

/// The whole layered graph of a front's enumeration: every layout of the front is one path
/// from the single line of `layers[0]` to a line of the last layer, and the product of the
/// transitions' weights along a path is the number of cell-level layouts it stands for. This
/// is what number chances (forward-backward sums) and exact sampling (walking back) need.
#[derive(Debug, Clone, PartialEq)]
pub struct FrontTrace<C> {
    /// `layers[0]` is the start; `layers[i + 1]` holds the lines after step `i`. Lines of the
    /// last layer differ only in their mines.
    pub layers: Vec<Vec<TraceLine<C>>>,
    /// The steps, one per rule.
    pub steps: Vec<TraceStep>,
}

/// Enumerates a front like [`enumerate_front`] but keeps every layer and transition instead
/// of tallies. Each group of `keep_together` (front-local boxes) is kept open until its last
/// box is assigned, so some step's [`TraceStep::boxes`] holds the whole group.
pub fn trace_front<C: Count>(
    problem: &FrontProblem,
    keep_together: &[Vec<u32>],
    max_lines: usize,
) -> Result<FrontTrace<C>, FrontFailure> {
    let limits = FrontLimits {
        max_lines,
        max_work: u64::MAX,
        max_mines: usize::MAX,
    };
    trace_front_within(problem, keep_together, &limits)
}

/// [`trace_front`] within all of [`enumerate_front`]'s limits, counted the same way: lines
/// holding more than `max_mines` are dropped, and each extension costs one plus the boxes
/// closed before its step (the tallies [`enumerate_front`] would carry). With no group to
/// keep together it succeeds exactly when [`enumerate_front`] does, so a caller can take a
/// front's counts from the trace instead.
/// The groups may be any slices of boxes (vectors, or fixed-size arrays a caller fills
/// without allocating).
pub fn trace_front_within<C: Count, G: AsRef<[u32]>>(
    problem: &FrontProblem,
    keep_together: &[G],
    limits: &FrontLimits,
) -> Result<FrontTrace<C>, FrontFailure> {
    let plan = Plan::new(problem, keep_together);
    let mut closed_before = 0u64;
    let mut work = 0u64;
    // The open-box values of every line of the current layer, `key_width` per line in one
    // buffer (all lines of a layer have the same open boxes).
    let mut keys: Vec<u8> = Vec::new();
    let mut key_width = 0usize;
    let mut layers = vec![vec![TraceLine {
        mines: 0,
        count: C::one_count(),
    }]];
    let mut steps: Vec<TraceStep> = Vec::with_capacity(plan.steps.len());
    let mut expanded: Vec<u8> = Vec::new();
    let mut index = LineIndex::default();
    // The plan's steps are taken, not borrowed: each trace step keeps its expanded boxes.
    for step in plan.steps {
        let current = layers.last().expect("the start layer exists");
        let next_width = step.keep.len();
        // Layers and steps change size slowly: the previous ones' sizes are good first
        // capacities, which saves most of the growing.
        let previous_transitions = steps.last().map_or(0, |s| s.transitions.len());
        let mut next: Vec<TraceLine<C>> = Vec::with_capacity(current.len());
        let mut next_keys: Vec<u8> = Vec::with_capacity(current.len() * next_width);
        index.clear();
        let mut transitions = Vec::with_capacity(previous_transitions);
        let mut values: Vec<u8> =
            Vec::with_capacity(previous_transitions * step.expanded_boxes.len());
        for (from, line) in current.iter().enumerate() {
            let key = &keys[from * key_width..(from + 1) * key_width];
            let placed: u32 = step.assigned_positions.iter().map(|&p| key[p] as u32).sum();
            let need = step.need as i64 - placed as i64;
            if need < 0 || need as usize >= step.fills.len() {
                continue;
            }
            for fill in &step.fills[need as usize] {
                expanded.clear();
                expanded.extend_from_slice(key);
                expanded.extend_from_slice(step.values_of(fill));
                if !step.checks.iter().all(|check| check.holds(&expanded)) {
                    continue;
                }
                let mines = line.mines + need as u16;
                if mines as usize > limits.max_mines {
                    continue;
                }
                work += 1 + closed_before;
                if work > limits.max_work {
                    return Err(FrontFailure::TooManyLines);
                }
                let add_line = || {
                    next.push(TraceLine {
                        mines,
                        count: C::zero_count(),
                    });
                    next_keys.extend(step.keep.iter().map(|&p| expanded[p]));
                    next.len() - 1
                };
                let to = index.find_or_add(&step.keep, &expanded, mines, add_line);
                next[to]
                    .count
                    .add_assign(&line.count.mul_small(fill.weight));
                values.extend_from_slice(&expanded);
                transitions.push(Transition {
                    from: from as u32,
                    to: to as u32,
                    added_mines: need as u8,
                    weight: fill.weight,
                });
            }
        }
        if next.is_empty() {
            return Err(FrontFailure::Unsatisfiable(step.rule));
        }
        if next.len() > limits.max_lines {
            return Err(FrontFailure::TooManyLines);
        }
        closed_before += step.closing.len() as u64;
        steps.push(TraceStep {
            boxes: step.expanded_boxes,
            transitions,
            values,
        });
        layers.push(next);
        keys = next_keys;
        key_width = next_width;
    }
    Ok(FrontTrace { layers, steps })
}

/// `count` box values packed four bits each, when there are at most 32 and each is below 16
/// (a box has at most eight cells; the check only keeps this total).
/// The lines of the next layer, found by (open-box values, mines): lines with the same are
/// merged. The values are packed into one integer when they fit, so that looking a line up
/// allocates nothing; cleared between steps, the maps keep their room.
#[derive(Default)]
struct LineIndex {
    packed: FastMap<(u128, u16), usize>,
    general: FastMap<(Vec<u8>, u16), usize>,
}

impl LineIndex {
    fn clear(&mut self) {
        self.packed.clear();
        self.general.clear();
    }

    /// The line whose open boxes hold the values of `expanded` at positions `keep`, with
    /// `mines`; `add` makes it (returning its index) when there is none yet.
    fn find_or_add(
        &mut self,
        keep: &[usize],
        expanded: &[u8],
        mines: u16,
        add: impl FnOnce() -> usize,
    ) -> usize {
        let values = keep.iter().map(|&p| expanded[p]);
        match pack_values(values.clone(), keep.len()) {
            Some(packed) => *self.packed.entry((packed, mines)).or_insert_with(add),
            None => *self
                .general
                .entry((values.collect(), mines))
                .or_insert_with(add),
        }
    }
}

fn pack_values(values: impl Iterator<Item = u8>, count: usize) -> Option<u128> {
    if count > 32 {
        return None;
    }
    let mut packed = 0u128;
    for value in values {
        if value > 15 {
            return None;
        }
        packed = packed << 4 | value as u128;
    }
    Some(packed)
}

/// A way to fill a witness's new boxes: where its values start in the step's
/// `fill_values` (one per new box), and the layouts it stands for.
struct Fill {
    start: u32,
    weight: u64,
}

/// A later witness that can already be checked in part.
struct Check {
    need: u8,
    /// Positions in the expanded key of its boxes assigned so far.
    positions: Vec<usize>,
    /// Cells in its boxes not yet assigned.
    capacity: u32,
}

impl Check {
    fn holds(&self, expanded: &[u8]) -> bool {
        let placed: u32 = self.positions.iter().map(|&p| expanded[p] as u32).sum();
        placed <= self.need as u32 && placed + self.capacity >= self.need as u32
    }
}

struct Step {
    rule: usize,
    /// The boxes of the expanded key: those open before the step, then the new ones.
    expanded_boxes: Vec<u32>,
    need: u8,
    /// Positions in the current key of this witness's boxes assigned earlier.
    assigned_positions: Vec<usize>,
    /// `fills[r]`: every way to put `r` mines into the new boxes.
    fills: Vec<Vec<Fill>>,
    /// The fills' values, one run of `new_boxes` values each, in one buffer.
    fill_values: Vec<u8>,
    new_boxes: usize,
    checks: Vec<Check>,
    /// Positions in the expanded key (current key, then new boxes) that stay open.
    keep: Vec<usize>,
    /// Boxes that close at this step, and their positions in the expanded key.
    closing: Vec<u32>,
    closing_positions: Vec<usize>,
}

impl Step {
    /// The values a fill gives the new boxes.
    fn values_of(&self, fill: &Fill) -> &[u8] {
        &self.fill_values[fill.start as usize..fill.start as usize + self.new_boxes]
    }
}

struct Plan {
    steps: Vec<Step>,
}

impl Plan {
    /// Plans the steps. Each group of `keep_together` (front-local boxes) is kept open until
    /// its last box is assigned, so that one step's expanded key shows the whole group; the
    /// ordinary enumeration passes no group.
    fn new<G: AsRef<[u32]>>(problem: &FrontProblem, keep_together: &[G]) -> Plan {
        let n_boxes = problem.box_sizes.len();
        let n_rules = problem.rules.len();
        let mut rules_of_box: Vec<Vec<usize>> = vec![Vec::new(); n_boxes];
        for (r, rule) in problem.rules.iter().enumerate() {
            for &b in &rule.boxes {
                rules_of_box[b as usize].push(r);
            }
        }
        let order = rule_order(problem, &rules_of_box);
        let mut position_in_order = vec![0usize; n_rules];
        for (i, &r) in order.iter().enumerate() {
            position_in_order[r] = i;
        }
        let mut last_rule_of_box: Vec<usize> = rules_of_box
            .iter()
            .map(|rs| rs.iter().map(|&r| position_in_order[r]).max().unwrap_or(0))
            .collect();
        if !keep_together.is_empty() {
            let first_rule_of_box: Vec<usize> = rules_of_box
                .iter()
                .map(|rs| rs.iter().map(|&r| position_in_order[r]).min().unwrap_or(0))
                .collect();
            for group in keep_together {
                let group = group.as_ref();
                let complete = group
                    .iter()
                    .map(|&b| first_rule_of_box[b as usize])
                    .max()
                    .unwrap_or(0);
                for &b in group {
                    let last = &mut last_rule_of_box[b as usize];
                    *last = (*last).max(complete);
                }
            }
        }

        let mut assigned = vec![false; n_boxes];
        let mut open: Vec<u32> = Vec::new();
        let mut steps = Vec::with_capacity(n_rules);
        for (i, &r) in order.iter().enumerate() {
            let rule = &problem.rules[r];
            let key_pos = |b: u32, open: &[u32]| open.iter().position(|&o| o == b);
            let assigned_positions: Vec<usize> = rule
                .boxes
                .iter()
                .filter_map(|&b| key_pos(b, &open))
                .collect();
            let new_boxes: Vec<u32> = rule
                .boxes
                .iter()
                .copied()
                .filter(|&b| !assigned[b as usize])
                .collect();
            let mut expanded_boxes = open.clone();
            expanded_boxes.extend_from_slice(&new_boxes);
            for &b in &new_boxes {
                assigned[b as usize] = true;
            }
            let sizes: Vec<u8> = new_boxes
                .iter()
                .map(|&b| problem.box_sizes[b as usize])
                .collect();
            let (fills, fill_values) = all_fills(&sizes);

            // Later rules touching a new box can be partly checked now.
            let mut later: Vec<usize> = new_boxes
                .iter()
                .flat_map(|&b| rules_of_box[b as usize].iter().copied())
                .filter(|&r2| position_in_order[r2] > i)
                .collect();
            later.sort_unstable();
            later.dedup();
            let checks = later
                .into_iter()
                .map(|r2| {
                    let rule2 = &problem.rules[r2];
                    let mut positions = Vec::new();
                    let mut capacity = 0u32;
                    for &b in &rule2.boxes {
                        match expanded_boxes.iter().position(|&o| o == b) {
                            Some(p) => positions.push(p),
                            None => capacity += problem.box_sizes[b as usize] as u32,
                        }
                    }
                    Check {
                        need: rule2.need,
                        positions,
                        capacity,
                    }
                })
                .collect();

            let mut keep = Vec::new();
            let mut closing = Vec::new();
            let mut closing_positions = Vec::new();
            let mut next_open = Vec::new();
            for (p, &b) in expanded_boxes.iter().enumerate() {
                if last_rule_of_box[b as usize] <= i {
                    closing.push(b);
                    closing_positions.push(p);
                } else {
                    keep.push(p);
                    next_open.push(b);
                }
            }
            steps.push(Step {
                rule: r,
                expanded_boxes,
                need: rule.need,
                assigned_positions,
                fills,
                fill_values,
                new_boxes: sizes.len(),
                checks,
                keep,
                closing,
                closing_positions,
            });
            open = next_open;
        }
        Plan { steps }
    }
}

/// Orders the rules so that few boxes are open at once: each next rule is the one that opens
/// the fewest new boxes for the boxes it closes, preferring rules next to the ones taken.
fn rule_order(problem: &FrontProblem, rules_of_box: &[Vec<usize>]) -> Vec<usize> {
    let n_rules = problem.rules.len();
    let mut taken = vec![false; n_rules];
    let mut assigned = vec![false; problem.box_sizes.len()];
    let mut remaining_rules: Vec<usize> = rules_of_box.iter().map(|rs| rs.len()).collect();
    let mut order = Vec::with_capacity(n_rules);
    for _ in 0..n_rules {
        let mut best: Option<(i64, usize)> = None;
        for (r, rule) in problem.rules.iter().enumerate() {
            if taken[r] {
                continue;
            }
            let boxes = &rule.boxes;
            let touches = boxes.iter().any(|&b| assigned[b as usize]);
            if !order.is_empty() && !touches {
                continue;
            }
            let opened = boxes.iter().filter(|&&b| !assigned[b as usize]).count() as i64;
            let closed = boxes
                .iter()
                .filter(|&&b| remaining_rules[b as usize] == 1)
                .count() as i64;
            let score = 2 * opened - closed;
            if best.is_none_or(|(s, _)| score < s) {
                best = Some((score, r));
            }
        }
        // A front is connected, so some rule touches the taken ones; fall back to any rule to
        // stay total even on a malformed problem.
        let r = best
            .map(|(_, r)| r)
            .unwrap_or_else(|| (0..n_rules).find(|&r| !taken[r]).unwrap_or(0));
        taken[r] = true;
        order.push(r);
        for &b in &problem.rules[r].boxes {
            assigned[b as usize] = true;
            remaining_rules[b as usize] -= 1;
        }
    }
    order
}

/// For each total `r`, every way to put `r` mines into boxes of the given sizes; the values
/// of all of them in one buffer, `sizes.len()` a fill.
fn all_fills(sizes: &[u8]) -> (Vec<Vec<Fill>>, Vec<u8>) {
    let capacity: usize = sizes.iter().map(|&s| s as usize).sum();
    let mut fills: Vec<Vec<Fill>> = (0..=capacity).map(|_| Vec::new()).collect();
    let mut all_values = Vec::new();
    let mut values = vec![0u8; sizes.len()];
    fn go(
        sizes: &[u8],
        i: usize,
        values: &mut Vec<u8>,
        total: usize,
        weight: u64,
        out: &mut Vec<Vec<Fill>>,
        all_values: &mut Vec<u8>,
    ) {
        if i == sizes.len() {
            out[total].push(Fill {
                start: all_values.len() as u32,
                weight,
            });
            all_values.extend_from_slice(values);
            return;
        }
        for k in 0..=sizes[i] {
            values[i] = k;
            let w = weight * small_binomial(sizes[i] as u32, k as u32);
            go(sizes, i + 1, values, total + k as usize, w, out, all_values);
        }
    }
    go(sizes, 0, &mut values, 0, 1, &mut fills, &mut all_values);
    (fills, all_values)
}
