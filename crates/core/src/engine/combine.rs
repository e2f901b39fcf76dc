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

use crate::combinatorics::{binomial_row, Count};

/// The arithmetic the combination needs beyond [`Count`]: products of two counts, binomial
/// rows, and a cost for the budget.
pub trait Weight: Count {
    /// How many machine-integer operations one product of two weights is worth, for the
    /// work budget (big integers thousands of bits long cost far more than floats).
    const PRODUCT_COST: u64;
    /// `self * other`.
    fn product(&self, other: &Self) -> Self;
    /// A count from the machine-integer enumeration of a small front.
    fn from_u128(value: u128) -> Self;
    /// `C(n, k)` for `k` in `lo..=hi`, zero outside `0..=n`.
    fn binomials(n: u64, lo: i64, hi: i64) -> Vec<Self>;
}

impl Weight for BigUint {
    const PRODUCT_COST: u64 = 64;
    fn product(&self, other: &Self) -> Self {
        self * other
    }
    fn from_u128(value: u128) -> Self {
        BigUint::from(value)
    }
    fn binomials(n: u64, lo: i64, hi: i64) -> Vec<Self> {
        binomial_row(n, lo, hi)
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
#[derive(Debug, Clone)]
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
    let lens: Vec<u64> = fronts.iter().map(|f| f.counts.len() as u64).collect();
    let mut prefix = vec![1u64];
    for &d in &lens {
        prefix.push((prefix[prefix.len() - 1] + d - 1).min(cap));
    }
    let mut suffix = vec![1u64; lens.len() + 1];
    for i in (0..lens.len()).rev() {
        suffix[i] = (suffix[i + 1] + lens[i] - 1).min(cap);
    }
    let mut work = 0u64;
    for (i, &d) in lens.iter().enumerate() {
        let others = (prefix[i] + suffix[i + 1] - 1).min(cap);
        work = work
            .saturating_add(prefix[i] * d)
            .saturating_add(suffix[i + 1] * d)
            .saturating_add(prefix[i] * suffix[i + 1])
            .saturating_add(others * d);
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
    let left = mines_left as i64;
    let polys: Vec<MinePoly<W>> = fronts
        .iter()
        .map(|f| MinePoly {
            offset: f.min_mines,
            coeffs: f.counts.clone(),
        })
        .collect();
    // prefix[i] is the product of the fronts before i, suffix[i] of the fronts from i on.
    let mut prefix = vec![MinePoly::one()];
    for p in &polys {
        let next = prefix[prefix.len() - 1].times(p, mines_left);
        prefix.push(next);
    }
    let mut suffix = vec![MinePoly::one(); polys.len() + 1];
    for i in (0..polys.len()).rev() {
        suffix[i] = polys[i].times(&suffix[i + 1], mines_left);
    }
    let all = &prefix[polys.len()];
    let (lo, hi) = all.range();
    let floating_ways = all.floating_ways(floating, left);
    let total = dot(&all.coeffs, &floating_ways);

    let mut box_mine_weights = vec![W::zero_count(); n_boxes];
    for (f, front) in fronts.iter().enumerate() {
        let others = prefix[f].times(&suffix[f + 1], mines_left);
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
            if way.is_zero_count() {
                continue;
            }
            for (local, &b) in front_boxes[f].iter().enumerate() {
                let tally = &tallies[local];
                if !tally.is_zero_count() {
                    box_mine_weights[b as usize].add_assign(&tally.product(&way));
                }
            }
        }
    }

    let floating_mine_layouts = if floating == 0 {
        W::zero_count()
    } else {
        // A given floating cell is a mine in C(floating - 1, left - t - 1) of the placements.
        dot(&all.coeffs, &all.floating_ways(floating - 1, left - 1))
    };
    Combined {
        total,
        box_mine_weights,
        floating_mine_layouts,
        front_mines: (lo as usize, hi as usize),
    }
}

/// The total alone, for fronts given as (fewest mines, layouts per mine count from there):
/// the product of their polynomials against the floating placements. What [`combine`] also
/// computes, without the per-box weights, for counts asked many times a turn.
pub fn total_layouts<W: Weight>(fronts: &[(usize, &[W])], floating: u64, mines_left: usize) -> W {
    let mut all = MinePoly::one();
    for &(offset, counts) in fronts {
        let poly = MinePoly {
            offset,
            coeffs: counts.to_vec(),
        };
        all = all.times(&poly, mines_left);
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
        W::binomials(floating, left - hi, left - lo)
            .into_iter()
            .rev()
            .collect()
    }

    /// The product, without the terms above `max_degree` mines: no layout can use them.
    fn times(&self, other: &MinePoly<W>, max_degree: usize) -> MinePoly<W> {
        let offset = self.offset + other.offset;
        let full = self.coeffs.len() + other.coeffs.len() - 1;
        let len = full.min((max_degree + 1).saturating_sub(offset)).max(1);
        let mut coeffs = vec![W::zero_count(); len];
        for (i, a) in self.coeffs.iter().enumerate().take(len) {
            if a.is_zero_count() {
                continue;
            }
            for (j, b) in other.coeffs.iter().enumerate().take(len - i) {
                coeffs[i + j].add_assign(&a.product(b));
            }
        }
        MinePoly { offset, coeffs }
    }
}
