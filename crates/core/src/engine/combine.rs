//! The **Combine** phase: independent fronts and the floating cells share the global mine
//! count.
//!
//! Each front contributes a polynomial in its number of mines (its layout counts); the
//! floating cells weigh `C(floating, mines left - t)` when the fronts hold `t`. The product of
//! all fronts gives the total; for each front, the product of the *other* fronts (prefix
//! times suffix products) gives the weight of each of its own mine counts, and so every box's
//! mine weight. Generic over [`Weight`], so the exact engine runs it on big integers and the
//! estimate on [`crate::engine::scaled::Scaled`] floats.

use num_bigint::BigUint;

use crate::combinatorics::{binomial_row, ratio_to_f64, Count};

/// The arithmetic the combination needs beyond [`Count`]: products of two counts, binomial
/// rows, exact small divisions, the final ratio, and a cost for the budget.
pub trait Weight: Count {
    /// How many machine-integer operations one product of two weights is worth, for the
    /// work budget (big integers thousands of bits long cost far more than floats).
    const PRODUCT_COST: u64;
    /// Whether the weights are exact integers (so that an exact division may replace a
    /// second binomial row), rather than rounded floats.
    const EXACT: bool;
    /// `self * other`.
    fn product(&self, other: &Self) -> Self;
    /// A count from the machine-integer enumeration of a small front.
    fn from_u128(value: u128) -> Self;
    /// `C(n, k)` for `k` in `lo..=hi`, zero outside `0..=n`.
    fn binomials(n: u64, lo: i64, hi: i64) -> Vec<Self>;
    /// `self / divisor`, where the caller knows the division is exact (for rounded weights,
    /// the nearest).
    fn div_exact_small(self, divisor: u64) -> Self;
    /// The exact count as a big integer, for the [`Analysis`](crate::Analysis).
    fn into_big(self) -> BigUint;
    /// `self / den` as an `f64`: for exact weights, the same bits as
    /// [`crate::combinatorics::ratio_to_f64`] of the same two integers.
    fn ratio_f64(&self, den: &Self) -> f64;
}

impl Weight for BigUint {
    const PRODUCT_COST: u64 = 64;
    const EXACT: bool = true;
    fn product(&self, other: &Self) -> Self {
        self * other
    }
    fn from_u128(value: u128) -> Self {
        BigUint::from(value)
    }
    fn binomials(n: u64, lo: i64, hi: i64) -> Vec<Self> {
        binomial_row(n, lo, hi)
    }
    fn div_exact_small(self, divisor: u64) -> Self {
        self / divisor
    }
    fn into_big(self) -> BigUint {
        self
    }
    fn ratio_f64(&self, den: &Self) -> f64 {
        ratio_to_f64(self, den)
    }
}

/// The one-sentence bound that lets the combination run on machine integers: every count
/// [`combine`] forms is at most `C(U, min(L, U/2)) * (L + 8)`, U the unknown cells and L the
/// mines left. (A product of fronts' counts at `t <= L` mines is at most `C(U, t)`; a count
/// of whole layouts at most `C(U, L)`; a box's mine weight at most 8 times that; the
/// floating cells' mine weight before its exact division at most L times that; and a step of
/// a binomial row at most `C(n, k + 1) (k + 1)` with `k < L`.) Returns that bound, or `None`
/// when it does not fit in a `u128`; an intermediate product that does not fit gives `None`
/// too, which only sends a few more positions to big integers.
pub fn machine_bound(unknown: u64, mines_left: u64) -> Option<u128> {
    // The walk on u64 first, a hardware division a step (a u128 division is a call of some
    // fifty instructions); where one of its steps overflows, on u128. Each step of either is
    // exact (its quotient is a binomial), so both give the same integer where u64 holds it.
    machine_bound_u64(unknown, mines_left)
        .map(u128::from)
        .or_else(|| machine_bound_u128(unknown, mines_left))
}

/// [`machine_bound`]'s walk on `u64`, or `None` where a step overflows.
fn machine_bound_u64(unknown: u64, mines_left: u64) -> Option<u64> {
    let k = mines_left.min(unknown / 2);
    let mut binomial: u64 = 1;
    for i in 0..k {
        binomial = binomial.checked_mul(unknown - i)? / (i + 1);
    }
    binomial.checked_mul(mines_left.checked_add(8)?)
}

/// [`machine_bound`]'s walk on `u128`.
fn machine_bound_u128(unknown: u64, mines_left: u64) -> Option<u128> {
    let k = mines_left.min(unknown / 2) as u128;
    let n = unknown as u128;
    let mut binomial: u128 = 1;
    for i in 0..k {
        binomial = binomial.checked_mul(n - i)? / (i + 1);
    }
    binomial.checked_mul(mines_left as u128 + 8)
}

/// `C(n, k)` for `k` in `lo..=hi` on `u128`, zero outside `0..=n`, by the multiplicative walk
/// (each step exact), never stepping past `hi`: within [`machine_bound`] when `n` is at most
/// the unknown cells and `hi` at most the mines left.
fn machine_binomials(n: u64, lo: i64, hi: i64) -> impl Iterator<Item = u128> {
    let n = n as i64;
    let start = lo.clamp(0, n.max(0));
    let mut current: u128 = 1;
    for i in 0..start {
        current = current * (n - i) as u128 / (i + 1) as u128;
    }
    (lo..=hi).map(move |k| {
        if k < 0 || k > n {
            return 0;
        }
        let value = current;
        if k < hi && k < n {
            current = current * (n - k) as u128 / (k + 1) as u128;
        }
        value
    })
}

/// The top 64 bits of a `u128` and the shift that brought them down, as
/// [`crate::combinatorics::ratio_to_f64`] takes them from a `BigUint`.
fn top_bits_u128(value: u128) -> (u64, i64) {
    let shift = (128 - value.leading_zeros()).saturating_sub(64);
    ((value >> shift) as u64, shift as i64)
}

/// [`crate::combinatorics::ratio_to_f64`] on `u128`s: the same steps, so the same bits.
fn ratio_u128(num: u128, den: u128) -> f64 {
    if den == 0 {
        return f64::NAN;
    }
    let (n, num_shift) = top_bits_u128(num);
    let (d, den_shift) = top_bits_u128(den);
    let exponent = (num_shift - den_shift) as i32;
    n as f64 / d as f64 * 2f64.powi(exponent / 2) * 2f64.powi(exponent - exponent / 2)
}

impl Count for u64 {
    fn zero_count() -> Self {
        0
    }
    fn one_count() -> Self {
        1
    }
    fn is_zero_count(&self) -> bool {
        *self == 0
    }
    fn mul_small(&self, factor: u64) -> Self {
        self * factor
    }
    fn add_assign(&mut self, other: &Self) {
        *self += other;
    }
    fn to_big(&self) -> BigUint {
        BigUint::from(*self)
    }
}

/// Machine integers, for positions within [`machine_bound`] (the caller checks it; within
/// it no operation overflows). The budget counts a product as a big integer's, so that
/// both roads refuse the same positions.
impl Weight for u128 {
    const PRODUCT_COST: u64 = <BigUint as Weight>::PRODUCT_COST;
    const EXACT: bool = true;
    fn product(&self, other: &Self) -> Self {
        self * other
    }
    fn from_u128(value: u128) -> Self {
        value
    }
    fn binomials(n: u64, lo: i64, hi: i64) -> Vec<Self> {
        machine_binomials(n, lo, hi).collect()
    }
    fn div_exact_small(self, divisor: u64) -> Self {
        self / divisor as u128
    }
    fn into_big(self) -> BigUint {
        BigUint::from(self)
    }
    fn ratio_f64(&self, den: &Self) -> f64 {
        ratio_u128(*self, *den)
    }
}

/// [`Weight`] for `u128`, on 64 bits: for positions whose [`machine_bound`] fits in a `u64`
/// (the page runs on wasm32, where `u128` arithmetic is emulated).
impl Weight for u64 {
    const PRODUCT_COST: u64 = <BigUint as Weight>::PRODUCT_COST;
    const EXACT: bool = true;
    fn product(&self, other: &Self) -> Self {
        self * other
    }
    fn from_u128(value: u128) -> Self {
        value as u64
    }
    fn binomials(n: u64, lo: i64, hi: i64) -> Vec<Self> {
        machine_binomials(n, lo, hi).map(|c| c as u64).collect()
    }
    fn div_exact_small(self, divisor: u64) -> Self {
        self / divisor
    }
    fn into_big(self) -> BigUint {
        BigUint::from(self)
    }
    fn ratio_f64(&self, den: &Self) -> f64 {
        ratio_u128(*self as u128, *den as u128)
    }
}

/// One front's layouts by mine count: entry `i` is for `min_mines + i` mines.
#[derive(Debug, Clone)]
pub struct FrontWeights<W> {
    /// The fewest mines of any layout of the front.
    pub min_mines: usize,
    /// Layouts per mine count.
    pub counts: Vec<W>,
    /// `tallies[m][b]`: mines in front-local box `b`, summed over the layouts with
    /// `min_mines + m` mines.
    pub tallies: Vec<Vec<W>>,
}

/// What the combination yields.
#[derive(Debug, Clone, PartialEq)]
pub struct Combined<W> {
    /// All consistent layouts.
    pub total: W,
    /// Per box (global index): layouts times mines in the box, summed.
    pub box_mine_weights: Vec<W>,
    /// Layouts in which one given floating cell is a mine.
    pub floating_mine_layouts: W,
    /// The fronts' fewest and most mines together (the latter capped at the mines left).
    pub front_mines: (usize, usize),
}

/// An upper bound on the products [`combine`] computes: the prefix and suffix products, each
/// front's product of the others, and each front's weights.
pub fn combination_work<W>(fronts: &[FrontWeights<W>], mines_left: usize) -> u64 {
    let cap = mines_left as u64 + 1;
    // A product's length is one plus the sum of its factors' lengths less one, capped at the
    // mines left: the prefix and suffix lengths follow from running sums, with no vector.
    let extra = |f: &FrontWeights<W>| f.counts.len() as u64 - 1;
    let all: u64 = fronts.iter().map(extra).sum();
    let mut before = 0u64;
    let mut work = 0u64;
    for front in fronts {
        let d = front.counts.len() as u64;
        let after = all - before - (d - 1);
        let (prefix, suffix) = ((1 + before).min(cap), (1 + after).min(cap));
        let others = (prefix + suffix - 1).min(cap);
        work = work
            .saturating_add(prefix * d)
            .saturating_add(suffix * d)
            .saturating_add(prefix * suffix)
            .saturating_add(others * d);
        before += d - 1;
    }
    work
}

/// Combines the fronts (with their global box indices in `front_boxes`) and `floating`
/// floating cells under `mines_left` mines. The caller checks the budget with
/// [`combination_work`] first, and reports a zero total as an inconsistent position.
pub fn combine<W: Weight>(
    fronts: &[FrontWeights<W>],
    front_boxes: &[&[u32]],
    n_boxes: usize,
    floating: u64,
    mines_left: usize,
) -> Combined<W> {
    // The shortcut's bound, in one sentence: exact weights and a single front. Native only:
    // the page's module has no room for a second copy of the combination.
    if W::EXACT && fronts.len() == 1 && cfg!(not(target_arch = "wasm32")) {
        combine_one_front(&fronts[0], front_boxes[0], n_boxes, floating, mines_left)
    } else {
        combine_general(fronts, front_boxes, n_boxes, floating, mines_left)
    }
}

/// [`combine`] on any fronts, through the polynomials of the fronts before and after each.
fn combine_general<W: Weight>(
    fronts: &[FrontWeights<W>],
    front_boxes: &[&[u32]],
    n_boxes: usize,
    floating: u64,
    mines_left: usize,
) -> Combined<W> {
    let left = mines_left as i64;
    // others[f] is the product of every front but f. One front of rounded weights has no
    // others: their product is one, and no prefix or suffix is needed.
    let (all, others) = if fronts.len() == 1 {
        let one = MinePoly::one();
        (
            one.times(&fronts[0].counts, fronts[0].min_mines, mines_left),
            vec![one],
        )
    } else {
        // prefix[i] is the product of the fronts before i, suffix[i] of the fronts from i on.
        let mut prefix = vec![MinePoly::one()];
        for f in fronts {
            let next = prefix[prefix.len() - 1].times(&f.counts, f.min_mines, mines_left);
            prefix.push(next);
        }
        let mut suffix = vec![MinePoly::one(); fronts.len() + 1];
        for (i, f) in fronts.iter().enumerate().rev() {
            let after = &suffix[i + 1];
            suffix[i] = product(
                &f.counts,
                f.min_mines,
                &after.coeffs,
                after.offset,
                mines_left,
            );
        }
        let others = (0..fronts.len())
            .map(|f| prefix[f].times(&suffix[f + 1].coeffs, suffix[f + 1].offset, mines_left))
            .collect();
        (prefix.pop().expect("the product of all fronts"), others)
    };
    let (lo, hi) = all.range();
    let floating_ways = all.floating_ways(floating, left);
    let total = dot(&all.coeffs, &floating_ways);

    let mut box_mine_weights = vec![W::zero_count(); n_boxes];
    for ((front, others), boxes) in fronts.iter().zip(&others).zip(front_boxes) {
        for (m, tallies) in front.tallies.iter().enumerate() {
            // The weight of this front holding min_mines + m mines: the other fronts' totals
            // t' times the floating placements for what is left.
            let own = (front.min_mines + m) as i64;
            let mut way = W::zero_count();
            for (j, c) in others.coeffs.iter().enumerate() {
                let t = own + others.offset as i64 + j as i64;
                if !c.is_zero_count() && (lo..=hi).contains(&t) {
                    way.add_assign(&c.product(&floating_ways[(t - lo) as usize]));
                }
            }
            add_box_weights(&mut box_mine_weights, boxes, tallies, &way);
        }
    }
    let floating_mine_layouts =
        floating_mine_layouts(&all.coeffs, lo, &floating_ways, floating, left, || {
            all.floating_ways(floating - 1, left - 1)
        });
    Combined {
        total,
        box_mine_weights,
        floating_mine_layouts,
        front_mines: (lo as usize, hi as usize),
    }
}

/// [`combine`] of one front of exact weights (every position of a small board's opening): the
/// product of the other fronts is one, and a product by one changes no exact integer, so the
/// front's own counts (cut above the mines left, as [`product`] cuts them) are the product of
/// all fronts, and a mine count's weight is its floating placements alone. The same integers
/// as the general road, without its four polynomials.
fn combine_one_front<W: Weight>(
    front: &FrontWeights<W>,
    boxes: &[u32],
    n_boxes: usize,
    floating: u64,
    mines_left: usize,
) -> Combined<W> {
    let left = mines_left as i64;
    let offset = front.min_mines;
    let len = front
        .counts
        .len()
        .min((mines_left + 1).saturating_sub(offset))
        .max(1);
    let all = &front.counts[..len];
    let (lo, hi) = (offset as i64, (offset + len - 1) as i64);
    let floating_ways = floating_ways_of(lo, hi, floating, left);
    let total = dot(all, &floating_ways);
    let mut box_mine_weights = vec![W::zero_count(); n_boxes];
    for (m, tallies) in front.tallies.iter().enumerate().take(len) {
        add_box_weights(&mut box_mine_weights, boxes, tallies, &floating_ways[m]);
    }
    let floating_mine_layouts =
        floating_mine_layouts(all, lo, &floating_ways, floating, left, || {
            floating_ways_of(lo, hi, floating - 1, left - 1)
        });
    Combined {
        total,
        box_mine_weights,
        floating_mine_layouts,
        front_mines: (lo as usize, hi as usize),
    }
}

/// Adds a front's tallies at one mine count, times that count's weight `way`, to its boxes'
/// mine weights (`boxes`: the front's global box indices).
fn add_box_weights<W: Weight>(box_mine_weights: &mut [W], boxes: &[u32], tallies: &[W], way: &W) {
    if way.is_zero_count() {
        return;
    }
    for (local, &b) in boxes.iter().enumerate() {
        let tally = &tallies[local];
        if !tally.is_zero_count() {
            box_mine_weights[b as usize].add_assign(&tally.product(way));
        }
    }
}

/// Layouts in which one given floating cell is a mine, from the product of all fronts (`all`,
/// from `lo` mines on) and its floating placements; `rounded_row` is the row of
/// `C(floating - 1, left - t - 1)`, which only rounded weights compute.
fn floating_mine_layouts<W: Weight>(
    all: &[W],
    lo: i64,
    floating_ways: &[W],
    floating: u64,
    left: i64,
    rounded_row: impl FnOnce() -> Vec<W>,
) -> W {
    if floating == 0 {
        W::zero_count()
    } else if W::EXACT {
        // A given floating cell is a mine in C(floating - 1, k - 1) = C(floating, k) k /
        // floating of the C(floating, k) placements of k = left - t mines: the row already
        // computed, and one exact division of the sum (each term is a multiple of floating).
        let mut sum = W::zero_count();
        for (i, (a, w)) in all.iter().zip(floating_ways).enumerate() {
            let k = (left - lo - i as i64) as u64;
            if k > 0 && !a.is_zero_count() && !w.is_zero_count() {
                sum.add_assign(&a.product(w).mul_small(k));
            }
        }
        sum.div_exact_small(floating)
    } else {
        // Rounded weights: the row of C(floating - 1, left - t - 1) itself.
        dot(all, &rounded_row())
    }
}

/// The total alone, for fronts given as (fewest mines, layouts per mine count from there):
/// the product of their polynomials against the floating placements. What [`combine`] also
/// computes, without the per-box weights, for counts asked many times a turn.
pub fn total_layouts<W: Weight>(fronts: &[(usize, &[W])], floating: u64, mines_left: usize) -> W {
    let mut all = MinePoly::one();
    for &(offset, counts) in fronts {
        all = all.times(counts, offset, mines_left);
        if all.offset > mines_left {
            // More mines than there are: no layout.
            return W::zero_count();
        }
    }
    dot(&all.coeffs, &all.floating_ways(floating, mines_left as i64))
}

fn dot<W: Weight>(a: &[W], b: &[W]) -> W {
    let mut sum = W::zero_count();
    for (x, y) in a.iter().zip(b) {
        if !x.is_zero_count() && !y.is_zero_count() {
            sum.add_assign(&x.product(y));
        }
    }
    sum
}

/// `C(floating, left - t)` for each total `t` of the fronts' mines in `lo..=hi` (entry
/// `t - lo`): the ways to place among `floating` cells what the fronts leave of `left` mines.
fn floating_ways_of<W: Weight>(lo: i64, hi: i64, floating: u64, left: i64) -> Vec<W> {
    let mut ways = W::binomials(floating, left - hi, left - lo);
    ways.reverse();
    ways
}

/// A polynomial in the number of mines: `coeffs[i]` counts layouts with `offset + i` mines.
#[derive(Clone)]
struct MinePoly<W> {
    offset: usize,
    coeffs: Vec<W>,
}

impl<W: Weight> MinePoly<W> {
    fn one() -> MinePoly<W> {
        MinePoly {
            offset: 0,
            coeffs: vec![W::one_count()],
        }
    }

    /// The fewest and most mines with a term.
    fn range(&self) -> (i64, i64) {
        let lo = self.offset as i64;
        (lo, lo + self.coeffs.len() as i64 - 1)
    }

    /// `C(floating, left - t)` for each of this polynomial's totals `t` (entry `t - lo`): the
    /// ways to place among `floating` cells what the fronts leave of `left` mines.
    fn floating_ways(&self, floating: u64, left: i64) -> Vec<W> {
        let (lo, hi) = self.range();
        floating_ways_of(lo, hi, floating, left)
    }

    /// The product with the polynomial of `other` from `other_offset` mines on, without the
    /// terms above `max_degree` mines: no layout can use them.
    fn times(&self, other: &[W], other_offset: usize, max_degree: usize) -> MinePoly<W> {
        product(&self.coeffs, self.offset, other, other_offset, max_degree)
    }
}

/// The product of the polynomials `a` (from `a_offset` mines on) and `b`, without the terms
/// above `max_degree` mines. Borrowed, so that a front's counts are not copied first; `a`'s
/// terms are taken in the outer loop (the order of the additions, which rounded weights see).
fn product<W: Weight>(
    a: &[W],
    a_offset: usize,
    b: &[W],
    b_offset: usize,
    max_degree: usize,
) -> MinePoly<W> {
    let offset = a_offset + b_offset;
    let full = a.len() + b.len() - 1;
    let len = full.min((max_degree + 1).saturating_sub(offset)).max(1);
    let mut coeffs = vec![W::zero_count(); len];
    for (i, x) in a.iter().enumerate().take(len) {
        if x.is_zero_count() {
            continue;
        }
        for (j, y) in b.iter().enumerate().take(len - i) {
            coeffs[i + j].add_assign(&x.product(y));
        }
    }
    MinePoly { offset, coeffs }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::GameRng;
    use num_bigint::BigUint;

    /// A random front of `n_boxes` boxes: its counts per mine count from `min_mines` on, some
    /// of them zero, and tallies consistent with nothing in particular (the combination only
    /// multiplies and adds them).
    fn random_front(rng: &mut GameRng, n_boxes: usize) -> FrontWeights<u128> {
        let len = 1 + rng.below(9) as usize;
        let value = |rng: &mut GameRng| {
            if rng.below(5) == 0 {
                0
            } else {
                1 + rng.below(1 << 20) as u128
            }
        };
        FrontWeights {
            min_mines: rng.below(12) as usize,
            counts: (0..len).map(|_| value(rng)).collect(),
            tallies: (0..len)
                .map(|_| (0..n_boxes).map(|_| value(rng)).collect())
                .collect(),
        }
    }

    fn widen(front: &FrontWeights<u128>) -> FrontWeights<BigUint> {
        FrontWeights {
            min_mines: front.min_mines,
            counts: front.counts.iter().map(|&c| BigUint::from(c)).collect(),
            tallies: front
                .tallies
                .iter()
                .map(|t| t.iter().map(|&c| BigUint::from(c)).collect())
                .collect(),
        }
    }

    /// The bound's walk on `u64` against the one on `u128`, for every count of unknown cells
    /// to 300 and every count of mines: the same bound wherever either gives one (past `u64`,
    /// the `u128` walk's).
    #[test]
    fn the_bound_on_u64_equals_the_bound_on_u128() {
        let mut on_u64 = 0;
        for unknown in 0..=300u64 {
            for mines in 0..=unknown {
                let wide = machine_bound_u128(unknown, mines);
                if let Some(narrow) = machine_bound_u64(unknown, mines) {
                    on_u64 += 1;
                    assert_eq!(Some(narrow as u128), wide, "{unknown} {mines}");
                }
                assert_eq!(machine_bound(unknown, mines), wide, "{unknown} {mines}");
            }
        }
        // Every beginner position, and more, within u64.
        assert!(on_u64 > 5_000, "{on_u64}");
    }

    /// The one-front shortcut against the general road, on random fronts around the cut at
    /// the mines left (fronts with more mines than are left, with none floating, with every
    /// count of them past the cut): the same exact integers, in `u128` and in big integers.
    #[test]
    fn one_front_shortcut_equals_the_general_road() {
        let mut rng = GameRng::new(39_25);
        for _ in 0..3_000 {
            let n_boxes = 1 + rng.below(6) as usize;
            let front = random_front(&mut rng, n_boxes);
            // Boxes at global indices among a few others of other fronts.
            let n_all = n_boxes + rng.below(4) as usize;
            let first = rng.below((n_all - n_boxes + 1) as u64) as u32;
            let boxes: Vec<u32> = (first..first + n_boxes as u32).collect();
            let floating = rng.below(40);
            let mines_left = rng.below(25) as usize;
            // The same front on both weight types, through the shortcut and the general road.
            fn both_roads<W: Weight>(
                front: &FrontWeights<W>,
                boxes: &[u32],
                n_all: usize,
                floating: u64,
                mines_left: usize,
            ) -> (Combined<W>, Combined<W>) {
                let fronts = std::slice::from_ref(front);
                (
                    combine(fronts, &[boxes], n_all, floating, mines_left),
                    combine_general(fronts, &[boxes], n_all, floating, mines_left),
                )
            }
            let (fast, general) = both_roads(&front, &boxes, n_all, floating, mines_left);
            assert_eq!(
                fast, general,
                "{front:?} floating {floating} mines {mines_left}"
            );
            let (fast, general) = both_roads(&widen(&front), &boxes, n_all, floating, mines_left);
            assert_eq!(
                fast, general,
                "{front:?} floating {floating} mines {mines_left}"
            );
        }
    }
}
