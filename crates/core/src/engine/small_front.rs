//! A direct search of a small front: every box-level assignment tried in turn, depth first,
//! over fixed arrays on the stack, with no plan and no line merging.
//!
//! [`crate::engine::enumerate::enumerate_front`] plans its steps and merges probability lines
//! by key, which is what keeps a long front tractable; on a front of a few boxes (a corner
//! "1", a short edge) the planning and the line index cost more than the layouts themselves.
//! The bound: **a front is searched directly when its budget could not refuse it in the
//! planned enumeration, and the search ends within [`MAX_NODES`] nodes**; otherwise (or when
//! it has no layout, so that the planned enumeration names the rule at fault) the planned
//! enumeration runs, and a search given up has cost at most those nodes. "Could not refuse":
//! the planned enumeration holds at most one line per assignment of the boxes assigned so far
//! and extends each at most once per rule, carrying at most one tally per box, so a front of
//! `A = ∏ (size + 1)` box-level assignments needs at most `A` lines and `A · rules · (1 +
//! boxes)` work ([`fits`]).
//!
//! The result is exactly the planned enumeration's ([`FrontCounts`] on `u128`: the same
//! fewest mines, the same counts and tallies per mine count, lines over the mines left
//! dropped), as the property test below demands on random fronts on both sides of the bound.
//! Only [`FrontCounts::lines_created`] differs: here it counts the complete assignments.

use crate::combinatorics::small_binomial;
#[cfg(not(target_arch = "wasm32"))]
use crate::engine::combine::{FrontWeights, Weight};
#[cfg(any(test, target_arch = "wasm32"))]
use crate::engine::enumerate::{FrontCounts, MineCountEntry};
use crate::engine::enumerate::{FrontLimits, FrontProblem};

/// The most nodes (partial assignments) a direct search visits before it gives up: a front
/// of a dozen boxes with its rules' checks visits a few hundred; a wide, loosely constrained
/// front would visit far more, and the planned enumeration's merging serves it better.
pub const MAX_NODES: u64 = 8192;

/// The most rules a directly searched front may have: each box records its rules as the bits
/// of one `u64`.
const MAX_RULES: usize = 64;

/// The most boxes a directly searched front may have (the size of its fixed arrays).
const MAX_BOXES: usize = 32;

/// The most cells a directly searched front may have: a layout's weight, the product of its
/// boxes' binomials, is below `2^cells`, so it fits a `u64`, and its counts and tallies (at
/// most eight times the layouts) a `u128`.
const MAX_CELLS: usize = 63;

/// Whether `problem` is small enough for the fixed arrays and its budget `limits` could not
/// refuse it in the planned enumeration (see the module's overview).
pub fn fits(problem: &FrontProblem, limits: &FrontLimits) -> bool {
    let (n_boxes, n_rules) = (problem.box_sizes.len(), problem.rules.len());
    if n_rules > MAX_RULES || n_boxes > MAX_BOXES {
        return false;
    }
    let cells: usize = problem.box_sizes.iter().map(|&s| s as usize).sum();
    if cells > MAX_CELLS {
        return false;
    }
    let lines = limits.max_lines as u64;
    let per_line = n_rules as u64 * (1 + n_boxes as u64);
    let mut assignments = 1u64;
    for &size in &problem.box_sizes {
        assignments *= size as u64 + 1;
        if assignments > lines || assignments.saturating_mul(per_line) > limits.max_work {
            return false;
        }
    }
    true
}

/// The layouts of a front within [`fits`]'s bound, holding at most `limits.max_mines` mines,
/// by mine count; `None` when no layout satisfies the rules (the planned enumeration then
/// names the rule at fault), when the front is out of bounds, or when the search reaches
/// [`MAX_NODES`]. In the planned enumeration's form: the page's (wasm32), and the tests'
/// that compare the two.
#[cfg(any(test, target_arch = "wasm32"))]
pub fn search_front(problem: &FrontProblem, limits: &FrontLimits) -> Option<FrontCounts<u128>> {
    let found = search_within(problem, limits)?;
    Some(FrontCounts {
        min_mines: found.min_mines,
        by_mines: (found.min_mines..=found.max_mines)
            .map(|m| MineCountEntry {
                count: found.counts[m],
                tally: found.tallies_of(m).to_vec(),
            })
            .collect(),
        lines_created: found.leaves,
    })
}

/// [`search_front`]'s counts written at once in the combination's weights `W`, with the
/// layouts it counted: the same numbers, without a [`FrontCounts`] in between to be copied
/// again (on a beginner position the copies and their vectors were a tenth of the
/// enumeration's instructions). `W` must hold every count and tally of the front (the caller's
/// [`machine_bound`](crate::engine::combine::machine_bound) or big integers). Native only
/// (the page's modules take [`search_front`], one copy for every `W`).
#[cfg(not(target_arch = "wasm32"))]
pub fn search_front_weights<W: Weight>(
    problem: &FrontProblem,
    limits: &FrontLimits,
) -> Option<(u64, FrontWeights<W>)> {
    let found = search_within(problem, limits)?;
    let range = found.min_mines..=found.max_mines;
    let weights = FrontWeights {
        min_mines: found.min_mines,
        counts: range
            .clone()
            .map(|m| W::from_u128(found.counts[m]))
            .collect(),
        tallies: range
            .map(|m| {
                found
                    .tallies_of(m)
                    .iter()
                    .map(|&t| W::from_u128(t))
                    .collect()
            })
            .collect(),
    };
    Some((found.leaves, weights))
}

/// A finished search with a layout: its fewest and most mines, and its counts and tallies
/// (the search's own arrays, moved out of it: the rest of its state is not copied back).
struct Found {
    min_mines: usize,
    max_mines: usize,
    n_boxes: usize,
    counts: Vec<u128>,
    tallies: Vec<u128>,
    leaves: u64,
}

impl Found {
    /// Each box's tally over the layouts of `mines` mines.
    fn tallies_of(&self, mines: usize) -> &[u128] {
        &self.tallies[mines * self.n_boxes..(mines + 1) * self.n_boxes]
    }
}

/// The search of a front within [`fits`]'s bound that finished with a layout.
fn search_within(problem: &FrontProblem, limits: &FrontLimits) -> Option<Found> {
    if !fits(problem, limits) {
        return None;
    }
    match search(problem, limits.max_mines) {
        SearchEnd::Found(found) => Some(found),
        SearchEnd::NoLayout | SearchEnd::GaveUp => None,
    }
}

/// How a direct search ended.
enum SearchEnd {
    Found(Found),
    NoLayout,
    /// It reached [`MAX_NODES`].
    GaveUp,
}

/// The direct search of a front of at most [`MAX_BOXES`] boxes, [`MAX_RULES`] rules and
/// [`MAX_CELLS`] cells.
fn search(problem: &FrontProblem, max_mines: usize) -> SearchEnd {
    let n_boxes = problem.box_sizes.len();
    let cells: usize = problem.box_sizes.iter().map(|&s| s as usize).sum();
    let mut search = Search {
        sizes: [0; MAX_BOXES],
        rules_of: [0; MAX_BOXES],
        order: [0; MAX_BOXES],
        n_boxes,
        need: [0; MAX_RULES],
        placed: [0; MAX_RULES],
        room: [0; MAX_RULES],
        values: [0; MAX_BOXES],
        max_mines: max_mines.min(u16::MAX as usize) as u16,
        // Counts and tallies per total of mines, up to the front's cells.
        counts: vec![0; cells + 1],
        tallies: vec![0; (cells + 1) * n_boxes],
        leaves: 0,
        nodes: 0,
    };
    for (r, rule) in problem.rules.iter().enumerate() {
        search.need[r] = rule.need as u16;
        for &b in &rule.boxes {
            search.rules_of[b as usize] |= 1 << r;
            search.room[r] += problem.box_sizes[b as usize] as u16;
        }
    }
    // Boxes in the order the rules first name them, so that a rule's boxes come together and
    // its check cuts the search early; a box under no rule (none in a real front) goes last.
    let mut taken = [false; MAX_BOXES];
    let mut k = 0;
    for rule in &problem.rules {
        for &b in &rule.boxes {
            if !taken[b as usize] {
                taken[b as usize] = true;
                search.order[k] = b as u8;
                k += 1;
            }
        }
    }
    for (b, was_taken) in taken.iter().enumerate().take(n_boxes) {
        if !was_taken {
            search.order[k] = b as u8;
            k += 1;
        }
    }
    for (b, &size) in problem.box_sizes.iter().enumerate() {
        search.sizes[b] = size;
    }
    // A rule no box can satisfy fails before any assignment.
    if (0..problem.rules.len()).any(|r| search.need[r] > search.room[r]) {
        return SearchEnd::NoLayout;
    }
    if !search.go(0, 0, 1) {
        return SearchEnd::GaveUp;
    }
    let (Some(min_mines), Some(max_mines)) = (
        search.counts.iter().position(|&c| c != 0),
        search.counts.iter().rposition(|&c| c != 0),
    ) else {
        return SearchEnd::NoLayout;
    };
    SearchEnd::Found(Found {
        min_mines,
        max_mines,
        n_boxes,
        counts: search.counts,
        tallies: search.tallies,
        leaves: search.leaves,
    })
}

/// The state of one direct search.
struct Search {
    sizes: [u8; MAX_BOXES],
    /// Per box, its rules as bits.
    rules_of: [u64; MAX_BOXES],
    /// The boxes in the order they are assigned.
    order: [u8; MAX_BOXES],
    n_boxes: usize,
    need: [u16; MAX_RULES],
    /// Per rule, the mines in its boxes assigned so far, and the cells of its boxes not yet
    /// assigned.
    placed: [u16; MAX_RULES],
    room: [u16; MAX_RULES],
    values: [u8; MAX_BOXES],
    max_mines: u16,
    /// Per total of mines, the layouts, and `n_boxes` tallies (mines in each box summed over
    /// those layouts) in one buffer.
    counts: Vec<u128>,
    tallies: Vec<u128>,
    leaves: u64,
    nodes: u64,
}

impl Search {
    /// Assigns the boxes from `depth` on, `mines` placed so far in layouts of `weight` ways;
    /// false when the search reached [`MAX_NODES`] and gave up.
    fn go(&mut self, depth: usize, mines: u16, weight: u64) -> bool {
        self.nodes += 1;
        if self.nodes > MAX_NODES {
            return false;
        }
        if depth == self.n_boxes {
            self.leaves += 1;
            let m = mines as usize;
            let tallies = &mut self.tallies[m * self.n_boxes..(m + 1) * self.n_boxes];
            self.counts[m] += weight as u128;
            for (tally, &value) in tallies.iter_mut().zip(&self.values) {
                *tally += weight as u128 * value as u128;
            }
            return true;
        }
        let b = self.order[depth] as usize;
        let size = self.sizes[b];
        let rules = self.rules_of[b];
        for r in bits(rules) {
            self.room[r] -= size as u16;
        }
        let mut finished = true;
        for value in 0..=size {
            if mines + value as u16 > self.max_mines {
                break;
            }
            // Every rule of the box: no more mines than it needs, and room left for the rest.
            let ok = bits(rules).all(|r| {
                let placed = self.placed[r] + value as u16;
                placed <= self.need[r] && placed + self.room[r] >= self.need[r]
            });
            if !ok {
                continue;
            }
            for r in bits(rules) {
                self.placed[r] += value as u16;
            }
            self.values[b] = value;
            let ways = small_binomial(size as u32, value as u32);
            finished = self.go(depth + 1, mines + value as u16, weight * ways);
            for r in bits(rules) {
                self.placed[r] -= value as u16;
            }
            if !finished {
                break;
            }
        }
        for r in bits(rules) {
            self.room[r] += size as u16;
        }
        finished
    }
}

/// The indices of the set bits of `mask`, lowest first.
fn bits(mut mask: u64) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        if mask == 0 {
            return None;
        }
        let r = mask.trailing_zeros() as usize;
        mask &= mask - 1;
        Some(r)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::enumerate::{enumerate_front, FrontFailure, FrontRule};
    use crate::rng::GameRng;

    /// A random front as a board can make one: `n_boxes` boxes of random sizes, rules over
    /// random sets of them of at most eight cells (a number's neighbours), every box under
    /// some rule, needs drawn from a random layout so that most fronts have layouts, a few
    /// made impossible.
    fn random_front(rng: &mut GameRng, n_boxes: usize, max_size: u64) -> FrontProblem {
        let box_sizes: Vec<u8> = (0..n_boxes)
            .map(|_| 1 + rng.below(max_size) as u8)
            .collect();
        let layout: Vec<u8> = box_sizes
            .iter()
            .map(|&s| rng.below(s as u64 + 1) as u8)
            .collect();
        let rule_over = |boxes: Vec<u32>| FrontRule {
            need: boxes.iter().map(|&b| layout[b as usize]).sum(),
            boxes,
        };
        let mut rules: Vec<FrontRule> = Vec::new();
        for _ in 0..1 + rng.below(2 * n_boxes as u64) {
            // A run of boxes from a random start, a few skipped, up to eight cells.
            let mut boxes = Vec::new();
            let mut cells = 0;
            let mut b = rng.below(n_boxes as u64) as usize;
            while b < n_boxes && cells + box_sizes[b] as usize <= 8 {
                if boxes.is_empty() || rng.below(4) != 0 {
                    boxes.push(b as u32);
                    cells += box_sizes[b] as usize;
                }
                b += 1;
            }
            if !boxes.is_empty() {
                rules.push(rule_over(boxes));
            }
        }
        for b in 0..n_boxes as u32 {
            if !rules.iter().any(|r| r.boxes.contains(&b)) {
                rules.push(rule_over(vec![b]));
            }
        }
        if rng.below(10) == 0 {
            let r = rng.below(rules.len() as u64) as usize;
            rules[r].need += 1 + rng.below(2) as u8;
        }
        FrontProblem { box_sizes, rules }
    }

    /// The direct search against the planned enumeration on random fronts of 1 to 20 boxes
    /// (from a few assignments to far beyond [`MAX_NODES`]), with and without a cap on the
    /// mines: equal counts and tallies wherever the direct search answers, no layout on
    /// either side when it finds none for a front it finished. A deliberate slip (a tally of
    /// `value + 1`, the room not given back, `<` for `<=` in the check) fails it at once.
    #[test]
    fn direct_search_equals_the_planned_enumeration() {
        let mut rng = GameRng::new(3907);
        let (mut compared, mut unsatisfiable, mut given_up, mut large) = (0, 0, 0, 0);
        let mut refused = 0;
        for _ in 0..10_000 {
            let n_boxes = 1 + rng.below(20) as usize;
            let max_size = 1 + rng.below(8);
            let problem = random_front(&mut rng, n_boxes, max_size);
            let cells: usize = problem.box_sizes.iter().map(|&s| s as usize).sum();
            let max_mines = if rng.below(3) == 0 {
                rng.below(cells as u64 + 1) as usize
            } else {
                usize::MAX
            };
            // The engine's default budget, so that the planned enumeration stays bounded: a
            // front it refuses must be one the direct search leaves to it.
            let limits = FrontLimits {
                max_lines: 200_000,
                max_work: 64_000_000,
                max_mines,
            };
            let planned = enumerate_front::<u128>(&problem, &limits);
            match (search_front(&problem, &limits), planned) {
                (None, Err(FrontFailure::TooManyLines)) => {
                    assert!(!fits(&problem, &limits), "{problem:?}");
                    refused += 1;
                }
                (Some(direct), Ok(planned)) => {
                    assert_eq!(direct.min_mines, planned.min_mines, "{problem:?}");
                    assert_eq!(direct.by_mines, planned.by_mines, "{problem:?}");
                    // The road's form: the same numbers, written at once.
                    let (leaves, weights) =
                        search_front_weights::<u128>(&problem, &limits).expect("{problem:?}");
                    assert_eq!(leaves, direct.lines_created);
                    assert_eq!(weights.min_mines, planned.min_mines, "{problem:?}");
                    for (m, entry) in planned.by_mines.iter().enumerate() {
                        assert_eq!(weights.counts[m], entry.count, "{problem:?}");
                        assert_eq!(weights.tallies[m], entry.tally, "{problem:?}");
                    }
                    assert_eq!(weights.counts.len(), planned.by_mines.len());
                    assert_eq!(weights.tallies.len(), planned.by_mines.len());
                    compared += 1;
                    if n_boxes > 12 {
                        large += 1;
                    }
                }
                (None, Err(FrontFailure::Unsatisfiable(_))) => unsatisfiable += 1,
                (None, Ok(_)) => {
                    assert!(
                        !fits(&problem, &limits) || gives_up(&problem, max_mines),
                        "{problem:?}"
                    );
                    given_up += 1;
                }
                (direct, planned) => panic!("{problem:?}: {direct:?} against {planned:?}"),
            }
        }
        eprintln!("{compared} compared ({large} of 13+ boxes), {unsatisfiable} without layouts, {given_up} left to the planned enumeration, {refused} refused by both");
        assert!(compared > 3500, "{compared}");
        assert!(large > 250, "{large}");
        assert!(unsatisfiable > 1000, "{unsatisfiable}");
        assert!(given_up > 1000, "{given_up}");
    }

    /// Whether the search of `problem` reaches [`MAX_NODES`].
    fn gives_up(problem: &FrontProblem, max_mines: usize) -> bool {
        matches!(search(problem, max_mines), SearchEnd::GaveUp)
    }

    /// The budget decides as the planned enumeration would: a front of `A` assignments is
    /// searched directly when `max_lines >= A` and `max_work >= A · rules · (1 + boxes)`,
    /// one below either and it is not.
    #[test]
    fn the_bound_follows_the_budget() {
        // Twelve single cells in a ring, each rule over two neighbours: A = 4,096.
        let ring = FrontProblem {
            rules: (0..12u32)
                .map(|b| FrontRule {
                    need: 1,
                    boxes: vec![b, (b + 1) % 12],
                })
                .collect(),
            box_sizes: vec![1; 12],
        };
        let enough = FrontLimits {
            max_lines: 4096,
            max_work: 4096 * 12 * 13,
            max_mines: usize::MAX,
        };
        assert!(fits(&ring, &enough));
        let direct = search_front(&ring, &enough).expect("two layouts");
        assert_eq!(direct.by_mines.len(), 1);
        assert_eq!(direct.by_mines[0].count, 2);
        let fewer_lines = FrontLimits {
            max_lines: 4095,
            ..enough
        };
        let less_work = FrontLimits {
            max_work: 4096 * 12 * 13 - 1,
            ..enough
        };
        assert!(!fits(&ring, &fewer_lines) && search_front(&ring, &fewer_lines).is_none());
        assert!(!fits(&ring, &less_work) && search_front(&ring, &less_work).is_none());
    }
}
