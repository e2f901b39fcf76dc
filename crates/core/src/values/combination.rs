//! The combination side: each neighbourhood's distributions in the fronts it touches,
//! convolved together and summed with the exact weights of the untouched fronts and of the
//! floating cells, divided only at the end into each cell's chances ([`assemble`]). The
//! 64-bit fast path and the caches keyed by what many cells share live here ([`Combiner`]).

use num_bigint::BigUint;
use num_traits::Zero;

use crate::board::Board;
use crate::engine::enumerate::FastMap;
use crate::engine::probability::Analysis;

use super::chances::{BoardChances, NumberChances, NUMBERS};
use super::digits::{divide_digits_exactly, dot_products, multiply_digits, DigitTable};
use super::distribution::{Distribution, Table};
use super::neighbourhoods::{choose, Described, HoodKey, MAX_PARTS};

/// Combines each neighbourhood's distributions with the rest of the board and stores the
/// chances of every cell.
pub(super) fn assemble(
    board: &Board,
    analysis: &Analysis,
    described: Described,
    distributions: &[Vec<Distribution>],
    general_only: bool,
) -> BoardChances {
    let Described { hoods, cells, .. } = described;
    let mut combiner = Combiner::new(analysis, general_only);
    // Cells with the same neighbourhood differ only by their constant (most floating cells
    // share one entry), so their counts are computed once, and stored once per constant in
    // use: a bit per constant (at most eight neighbours, so below NUMBERS).
    let mut constants_of: Vec<u16> = vec![0; hoods.len()];
    for &(_, hood_id, constant) in &cells {
        constants_of[hood_id as usize] |= 1 << constant;
    }
    // `entry_of[hood * NUMBERS + constant]`: the chances of the cells with that pair, none
    // when they are never safe.
    let mut entry_of: Vec<Option<u32>> = vec![None; hoods.len() * NUMBERS];
    let mut out = BoardChances {
        chances: Vec::with_capacity(hoods.len() + NUMBERS),
        of_cell: vec![None; board.len()],
    };
    // The neighbourhood's counts, `stride` digits per number it can show, reused by each.
    let mut relative: Vec<u64> = Vec::new();
    for (hood_id, hood) in hoods.iter().enumerate() {
        let mut constants = constants_of[hood_id];
        let (stride, safe_layouts) = combiner.cell_counts(hood, distributions, &mut relative);
        if safe_layouts.is_zero() {
            continue;
        }
        let mut safe_layouts = Some(safe_layouts);
        while constants != 0 {
            let constant = constants.trailing_zeros() as usize;
            constants &= constants - 1;
            // The counts shifted up by the constant: zeros, the neighbourhood's counts (a
            // nonzero count always fits in 0..=8; the bound keeps that from panicking),
            // zeros. One allocation, of the right size.
            let shown = (relative.len() / stride).min(NUMBERS - constant);
            let mut digits = Vec::with_capacity(NUMBERS * stride);
            digits.resize(constant * stride, 0);
            digits.extend_from_slice(&relative[..shown * stride]);
            digits.resize(NUMBERS * stride, 0);
            // The last constant takes the safe layouts, the others clone them.
            let safe_layouts = if constants == 0 {
                safe_layouts.take().unwrap_or_default()
            } else {
                safe_layouts.clone().unwrap_or_default()
            };
            out.chances.push(NumberChances {
                digits,
                stride,
                safe_layouts,
            });
            entry_of[hood_id * NUMBERS + constant] = Some(out.chances.len() as u32 - 1);
        }
    }
    for (idx, hood_id, constant) in cells {
        out.of_cell[idx.get()] = entry_of[hood_id as usize * NUMBERS + constant as usize];
    }
    out
}

/// `h[s][n]` as in the general path when every entry fits in 64 bits, else `None`; rows
/// start at `s = joint.min_mines` (none below holds a layout), row `s` being
/// `h[(s - joint.min_mines) * width..][..width]` (in the caller's buffer).
pub(super) fn small_counts(
    joint: &Distribution,
    f_near: usize,
    max_s: usize,
    width: usize,
    h: &mut Vec<u64>,
) -> Option<()> {
    let Table::Small(table) = &joint.table else {
        return None;
    };
    h.clear();
    h.resize(width * (max_s + 1 - joint.min_mines), 0);
    // The binomials of the floating neighbours, once.
    let mut ways = [0u64; NUMBERS];
    for (jf, slot) in ways.iter_mut().enumerate().take(f_near + 1) {
        *slot = choose(f_near as u32, jf as u32);
    }
    let ways = &ways[..(f_near + 1).min(NUMBERS)];
    // A slot of h sums at most one term per number of floating mines, each at most the
    // largest count times its binomial: below the largest count times 2^f_near. When that
    // fits, which is the usual case, no operation needs checking.
    let largest = table.iter().copied().max().unwrap_or(0);
    let unchecked = f_near < 64 && largest < u64::MAX >> f_near && ways.len() == f_near + 1;
    for (m, row) in table.chunks(joint.cols).enumerate() {
        for (j, &count) in row.iter().enumerate() {
            if count == 0 {
                continue;
            }
            // Each floating mine adds one to both s and n.
            let slots = h[m * width + j..].iter_mut().step_by(width + 1);
            if unchecked {
                for (slot, &ways) in slots.zip(ways) {
                    *slot += count * ways;
                }
            } else {
                for (jf, slot) in slots.take(f_near + 1).enumerate() {
                    let ways = choose(f_near as u32, jf as u32);
                    *slot = slot.checked_add(count.checked_mul(ways)?)?;
                }
            }
        }
    }
    Some(())
}

/// The fronts a neighbourhood touches, ascending, as a fixed-size key.
pub(super) type TouchedKey = [u32; MAX_PARTS];

/// How many counts of other floating cells a cell can see: from `F - 9` (eight floating
/// neighbours and the cell itself) to all `F` floating cells.
pub(super) const LEVELS: usize = NUMBERS + 1;

/// The weights of the untouched fronts and the other floating cells at one level, for the
/// touched part's totals `s` from `first_s` (the fewest mines the touched fronts can hold:
/// no layout has fewer, so the table does not carry their zeros).
pub(super) struct Weights {
    first_s: usize,
    table: DigitTable,
}

/// Sums the fronts a neighbourhood does not touch and the floating cells in, with caches
/// keyed by what many cells share.
pub(super) struct Combiner<'a> {
    front_counts: &'a [(usize, Vec<BigUint>)],
    floating: usize,
    mines_left: usize,
    /// The fewest other floating cells any cell has: `F - 9`, at least zero.
    base_level: usize,
    /// The touched id of each front touched alone, the usual case (`u32::MAX` until it is
    /// first met): found by index rather than by hashing.
    single_front_ids: Vec<u32>,
    /// A small id per set of touched fronts.
    touched_ids: FastMap<TouchedKey, usize>,
    /// The touched fronts of each id.
    touched_lists: Vec<Vec<usize>>,
    /// `weights[touched id][level - base_level]`: for each total `s` of the touched part,
    /// the layouts of the untouched fronts and of the floating cells outside the
    /// neighbourhood (`level` of them).
    weights: Vec<[Option<Weights>; LEVELS]>,
    /// `C(n, k)` for every `k` from the fewest mines the floating cells can be left (at
    /// least zero) to all the mines left, as `(n, that fewest, the row)`: computed once,
    /// since a binomial from scratch costs one big division per step.
    row: Option<(usize, i64, DigitTable)>,
    /// Skips the 64-bit fast path; for tests.
    general_only: bool,
    /// Scratch space for `h` and the column sums, reused by every neighbourhood.
    scratch_h: Vec<u64>,
    scratch_sums: Vec<u128>,
}

impl<'a> Combiner<'a> {
    fn new(analysis: &'a Analysis, general_only: bool) -> Combiner<'a> {
        let floating = analysis.boxes.floating.len();
        Combiner {
            front_counts: &analysis.front_counts,
            floating,
            mines_left: analysis.rules.mines_left,
            base_level: floating.saturating_sub(NUMBERS),
            single_front_ids: vec![u32::MAX; analysis.front_counts.len()],
            touched_ids: FastMap::default(),
            touched_lists: Vec::new(),
            weights: Vec::new(),
            row: None,
            general_only,
            scratch_h: Vec::new(),
            scratch_sums: Vec::new(),
        }
    }

    /// The id of the set of fronts the neighbourhood touches.
    fn touched_id(&mut self, hood: &HoodKey) -> usize {
        let mut fronts = hood.fronts();
        if let (Some((f, _)), 1) = (fronts.next(), hood.n_fronts) {
            if self.single_front_ids[f] == u32::MAX {
                self.single_front_ids[f] = self.new_touched(vec![f]) as u32;
            }
            return self.single_front_ids[f] as usize;
        }
        let mut touched_key = [u32::MAX; MAX_PARTS];
        for (slot, (f, _)) in touched_key.iter_mut().zip(hood.fronts()) {
            *slot = f as u32;
        }
        match self.touched_ids.get(&touched_key) {
            Some(&id) => id,
            None => {
                let id = self.new_touched(hood.fronts().map(|(f, _)| f).collect());
                self.touched_ids.insert(touched_key, id);
                id
            }
        }
    }

    fn new_touched(&mut self, fronts: Vec<usize>) -> usize {
        self.touched_lists.push(fronts);
        self.weights.push(std::array::from_fn(|_| None));
        self.touched_lists.len() - 1
    }

    /// The neighbourhood's counts per number (relative to its constant) into `relative`,
    /// `stride` digits each, and their sum, the cell's safe layouts: `(stride, sum)`.
    fn cell_counts(
        &mut self,
        hood: &HoodKey,
        distributions: &[Vec<Distribution>],
        relative: &mut Vec<u64>,
    ) -> (usize, BigUint) {
        let touched = self.touched_id(hood);
        let joint_owned: Distribution;
        let mut fronts = hood.fronts();
        let joint: &Distribution = match fronts.next() {
            None => {
                joint_owned = Distribution::unit();
                &joint_owned
            }
            Some((f, id)) => {
                let first = &distributions[f][id];
                match fronts.next() {
                    None => first,
                    Some((f2, id2)) => {
                        let mut joint = first.convolve(&distributions[f2][id2]);
                        for (f, id) in fronts {
                            joint = joint.convolve(&distributions[f][id]);
                        }
                        joint_owned = joint;
                        &joint_owned
                    }
                }
            }
        };
        let f_near = hood.floating as usize;
        let other_floating = self.floating - f_near - hood.cell_floating as usize;
        let max_s = joint.min_mines + joint.rows() - 1 + f_near;
        let width = joint.cols + f_near;
        // At most eight floating neighbours and the cell: the level is within LEVELS.
        let level = other_floating - self.base_level;
        self.ensure_weights(touched, level);
        let weights = self.weights[touched][level]
            .as_ref()
            .expect("ensure_weights made it");
        // The usual case: every count of the touched fronts fits in 64 bits, so the sums
        // are dot products of small numbers with the big weights' digits, without a big
        // integer per term. With no floating neighbour the joint table is itself `h`.
        if !self.general_only {
            let h = &mut self.scratch_h;
            let counts: Option<&[u64]> = match (f_near, &joint.table) {
                (0, Table::Small(table)) => Some(table),
                _ => small_counts(joint, f_near, max_s, width, h).map(|_| h.as_slice()),
            };
            if let Some(counts) = counts {
                return dot_products(
                    counts,
                    joint.min_mines,
                    width,
                    &weights.table,
                    weights.first_s,
                    &mut self.scratch_sums,
                    relative,
                );
            }
        }
        // h[s][n]: touched-front layouts and floating-neighbour placements with s mines in
        // all, n of them around the cell.
        let mut h: Vec<BigUint> = vec![BigUint::zero(); width * (max_s + 1)];
        for (index, count) in joint.big_table().iter().enumerate() {
            if count.is_zero() {
                continue;
            }
            let (m, j) = (index / joint.cols, index % joint.cols);
            for jf in 0..=f_near {
                let ways = choose(f_near as u32, jf as u32);
                h[(joint.min_mines + m + jf) * width + j + jf] += count * ways;
            }
        }
        let mut counts: Vec<BigUint> = vec![BigUint::zero(); width];
        for (s, row) in h.chunks(width).enumerate() {
            if s < weights.first_s || s - weights.first_s >= weights.table.len() {
                continue;
            }
            let weight = weights.table.value(s - weights.first_s);
            if weight.is_zero() {
                continue;
            }
            for (n, count) in row.iter().enumerate() {
                if !count.is_zero() {
                    counts[n] += count * &weight;
                }
            }
        }
        let table = DigitTable::from_values(&counts);
        relative.clear();
        relative.extend_from_slice(&table.digits);
        (table.stride, table.sum())
    }

    /// Makes `weights[touched][level]` for every `s` the touched fronts and eight floating
    /// neighbours can hold.
    ///
    /// Only the lowest level (`F - 9` other floating cells: eight floating neighbours and
    /// the cell itself) is summed directly, over nine more totals; the others follow by
    /// Pascal's rule, `C(n, k) = C(n - 1, k) + C(n - 1, k - 1)`, which gives
    /// `W_n(s) = W_(n-1)(s) + W_(n-1)(s + 1)`: additions instead of products.
    fn ensure_weights(&mut self, touched: usize, level: usize) {
        if self.weights[touched][level].is_some() {
            return;
        }
        let mut from = level;
        while from > 0 && self.weights[touched][from - 1].is_none() {
            from -= 1;
        }
        if from == 0 {
            // Enough totals for every level up to all the floating cells, whichever level
            // is asked first: each Pascal step drops the last total, and a cell at level
            // `L` needs totals up to the touched fronts' most mines plus its floating
            // neighbours, at most `F - L` of them. The base table holds eight more totals
            // than the touched fronts' most mines plus `extra`, so at level `L` it has
            // `8 + extra - (L - base)` more, which must be at least `F - L`. (Sizing this
            // by the first level asked left later, higher levels a total short: a safe
            // cell with floating neighbours lost its layouts with all of them mines.)
            let base = self.base_level;
            let extra = self.floating.saturating_sub(8 + base);
            self.weights[touched][0] = Some(self.direct_weights(touched, base, extra));
            from = 1;
        }
        for d in from..=level {
            let below = self.weights[touched][d - 1]
                .as_ref()
                .expect("made in order");
            let next = Weights {
                first_s: below.first_s,
                table: below.table.pascal_step(),
            };
            self.weights[touched][d] = Some(next);
        }
    }

    /// `W_n(s)` for `s` from the touched fronts' fewest mines to what they and eight
    /// floating neighbours can hold plus `extra`, summed directly.
    fn direct_weights(&mut self, touched: usize, n: usize, extra: usize) -> Weights {
        let touched_fronts = &self.touched_lists[touched];
        // Only totals the touched fronts can hold matter, plus up to eight floating mines.
        let min_s: usize = touched_fronts.iter().map(|&f| self.front_counts[f].0).sum();
        let max_s: usize = touched_fronts
            .iter()
            .map(|&f| self.front_counts[f].0 + self.front_counts[f].1.len() - 1)
            .sum::<usize>()
            + 8
            + extra;
        let (offset, others) = self.others_for(touched);
        let others = DigitTable::from_values(&others);
        let left = self.mines_left as i64;
        // C(n, left - s - t) for every s and t in range, as one row.
        let hi = left - min_s as i64 - offset as i64;
        let (lo, row) = self.row(n);
        // Each W(s) is a sum of products of two big integers, done digit by digit into
        // 128-bit column sums (each product split into its 64-bit halves), with the carries
        // resolved once per s: no big integer, and no allocation, per product.
        let columns = others.stride + row.stride + 1;
        let mut digits = vec![0u64; (max_s + 1 - min_s) * columns];
        let mut sums = vec![0u128; columns];
        for (s, out) in (min_s..=max_s).zip(digits.chunks_exact_mut(columns)) {
            sums.iter_mut().for_each(|c| *c = 0);
            for i in 0..others.len() {
                let k = left - s as i64 - (offset + i) as i64;
                debug_assert!(k >= lo || k < 0, "the row covers every needed k");
                if k < lo || k > hi || (k - lo) as usize >= row.len() {
                    continue;
                }
                let a = others.digits_of(i);
                let b = row.digits_of((k - lo) as usize);
                for (x, &da) in a.iter().enumerate() {
                    if da == 0 {
                        continue;
                    }
                    for (y, &db) in b.iter().enumerate() {
                        let product = da as u128 * db as u128;
                        sums[x + y] += product as u64 as u128;
                        sums[x + y + 1] += product >> 64;
                    }
                }
            }
            let mut carry = 0u128;
            for (digit, &sum) in out.iter_mut().zip(&sums) {
                let total = sum + carry;
                *digit = total as u64;
                carry = total >> 64;
            }
            debug_assert_eq!(carry, 0);
        }
        Weights {
            first_s: min_s,
            table: DigitTable::trimmed(columns, digits),
        }
    }

    /// `C(n, k)` for `k` from `left - (every front's most mines) - 17` (at least zero) to
    /// `left - (every front's fewest mines)`, with that lower end: the first by
    /// `C(n, i + 1) = C(n, i) (n - i) / (i + 1)` from `C(n, 0) = 1`, then each next one the
    /// same way, on 64-bit digits (exact at every step, and no big integer per step).
    fn row(&mut self, n: usize) -> (i64, &DigitTable) {
        if self.row.as_ref().is_none_or(|(cached, _, _)| *cached != n) {
            let left = self.mines_left;
            let most: usize = self
                .front_counts
                .iter()
                .map(|(min, c)| min + c.len() - 1)
                .sum();
            // Eight floating neighbours, and nine more totals for Pascal's rule.
            let lo = left.saturating_sub(most + 17);
            // C(n, k) < 2^n, and the products on the way are below n 2^n: n / 64 + 2 digits
            // hold any of them.
            let columns = n / 64 + 2;
            let mut current = vec![0u64; columns];
            current[0] = 1;
            // The digits in use: C(n, k) grows from one digit, so a step need only touch
            // those and one more for the product (below 2^64 times what they hold).
            let mut used = 1usize;
            // Up to `lo` the row is not kept, so several steps go at once: C(n, k + j) is
            // C(n, k) times (n - k) ... (n - k - j + 1), divided exactly by
            // (k + 1) ... (k + j), with both products kept within a word.
            let mut k = 0usize;
            while k < lo.min(n) {
                let (mut numerator, mut denominator, mut j) = (1u64, 1u64, 0usize);
                while k + j < lo.min(n) {
                    let (Some(next_numerator), Some(next_denominator)) = (
                        numerator.checked_mul((n - k - j) as u64),
                        denominator.checked_mul((k + j + 1) as u64),
                    ) else {
                        break;
                    };
                    (numerator, denominator, j) = (next_numerator, next_denominator, j + 1);
                }
                let end = (used + 1).min(columns);
                multiply_digits(&mut current[..end], numerator);
                divide_digits_exactly(&mut current[..end], denominator);
                used = current[..end]
                    .iter()
                    .rposition(|&d| d != 0)
                    .map_or(1, |last| last + 1);
                k += j;
            }
            if lo > n {
                // C(n, k) is zero from k = n + 1 on.
                current.iter_mut().for_each(|d| *d = 0);
                used = 1;
            }
            let mut step = |current: &mut [u64], k: usize| {
                // C(n, k) to C(n, k + 1); zero from k = n on.
                if k >= n {
                    current.iter_mut().for_each(|d| *d = 0);
                    used = 1;
                } else {
                    let end = (used + 1).min(columns);
                    multiply_digits(&mut current[..end], (n - k) as u64);
                    divide_digits_exactly(&mut current[..end], (k + 1) as u64);
                    used = current[..end]
                        .iter()
                        .rposition(|&d| d != 0)
                        .map_or(1, |last| last + 1);
                }
            };
            // No total asks for more than the mines left less the fewest every front holds
            // (k = left - s - t, where the touched part's s and the other fronts' t are at
            // least their fewest): the row stops there.
            let least: usize = self.front_counts.iter().map(|(min, _)| min).sum();
            let top = left.saturating_sub(least).max(lo.min(left));
            let mut digits = Vec::with_capacity((top + 1 - lo.min(top)) * columns);
            for k in lo..=top {
                digits.extend_from_slice(&current);
                if k < top {
                    step(&mut current, k);
                }
            }
            self.row = Some((n, lo as i64, DigitTable::trimmed(columns, digits)));
        }
        let (_, lo, digits) = self.row.as_ref().expect("made above");
        (*lo, digits)
    }

    /// The product of the counts of the fronts not touched, as (fewest mines,
    /// coefficients).
    fn others_for(&self, touched_id: usize) -> (usize, Vec<BigUint>) {
        let touched = &self.touched_lists[touched_id];
        let mut offset = 0usize;
        let mut poly = vec![BigUint::from(1u8)];
        for (f, (min, coeffs)) in self.front_counts.iter().enumerate() {
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
    }
}
