//! Exact big counts in fixed 64-bit digits, for the number chances' hot loops: a table of
//! big integers in one flat buffer ([`DigitTable`]), Pascal's rule on it, exact
//! multiplication and division of a digit string by a machine word, and the dot products of
//! small counts with big weights as 128-bit column sums. No big integer is allocated per
//! product; [`BigUint`] appears only at the edges.

use num_bigint::BigUint;

/// Big integers as little-endian 64-bit digits, `stride` digits each (the fewest that hold
/// the largest, zero padded) in one buffer: the weights of the untouched fronts and the other
/// floating cells per mines `s` of the touched part (Pascal's rule adds them digit by digit
/// and [`dot_products`] reads them, without a big integer, and its allocation, per weight),
/// and a neighbourhood's counts per number.
pub(super) struct DigitTable {
    pub(super) stride: usize,
    pub(super) digits: Vec<u64>,
}

impl DigitTable {
    pub(super) fn from_values(values: &[BigUint]) -> DigitTable {
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
        DigitTable { stride, digits }
    }

    /// The table of `digits`, `columns` digits per integer, with the stride cut to the
    /// fewest digits that hold the largest.
    pub(super) fn trimmed(columns: usize, mut digits: Vec<u64>) -> DigitTable {
        let count = digits.len() / columns.max(1);
        let stride = digits
            .chunks(columns.max(1))
            .map(|value| {
                value
                    .iter()
                    .rposition(|&d| d != 0)
                    .map_or(0, |last| last + 1)
            })
            .max()
            .unwrap_or(0)
            .max(1);
        if stride < columns {
            for i in 1..count {
                digits.copy_within(i * columns..i * columns + stride, i * stride);
            }
            digits.truncate(count * stride);
        }
        DigitTable { stride, digits }
    }

    /// How many integers (weights: one per `s` from zero).
    pub(super) fn len(&self) -> usize {
        self.digits.len() / self.stride
    }

    /// The digits of integer `s`.
    pub(super) fn digits_of(&self, s: usize) -> &[u64] {
        &self.digits[s * self.stride..(s + 1) * self.stride]
    }

    /// Integer `s` as a big integer (the general path).
    pub(super) fn value(&self, s: usize) -> BigUint {
        big_from_u64_digits(self.digits_of(s))
    }

    /// The sum of all the integers.
    pub(super) fn sum(&self) -> BigUint {
        // Column sums of 64-bit digits cannot overflow 128 bits; on the stack up to 15
        // digits, the usual case.
        let mut on_stack = [0u128; 16];
        let mut on_heap = Vec::new();
        let columns: &mut [u128] = if self.stride < on_stack.len() {
            &mut on_stack[..self.stride + 1]
        } else {
            on_heap.resize(self.stride + 1, 0u128);
            &mut on_heap
        };
        for value in self.digits.chunks(self.stride) {
            for (column, &digit) in columns.iter_mut().zip(value) {
                *column += digit as u128;
            }
        }
        let mut digits_on_stack = [0u64; 16];
        let mut digits_on_heap = Vec::new();
        let digits: &mut [u64] = if columns.len() <= digits_on_stack.len() {
            &mut digits_on_stack[..columns.len()]
        } else {
            digits_on_heap.resize(columns.len(), 0u64);
            &mut digits_on_heap
        };
        let mut carry = 0u128;
        for (digit, &column) in digits.iter_mut().zip(columns.iter()) {
            let total = column + carry;
            *digit = total as u64;
            carry = total >> 64;
        }
        big_from_u64_digits(digits)
    }

    /// The weights one more other floating cell gives: `W_n(s) = W_(n-1)(s) + W_(n-1)(s + 1)`,
    /// one entry fewer.
    pub(super) fn pascal_step(&self) -> DigitTable {
        let len = self.len().saturating_sub(1);
        let stride = self.stride;
        if len == 0 {
            return DigitTable {
                stride,
                digits: Vec::new(),
            };
        }
        // A sum needs one more digit only when its top digits can carry out: known before
        // adding, so each sum is written once at the right stride (a top digit left zero
        // by this test's caution costs a little work, not correctness).
        let tops = self.digits[stride - 1..].iter().step_by(stride);
        let wide = tops
            .clone()
            .zip(tops.skip(1))
            .any(|(&a, &b)| a.checked_add(b).and_then(|x| x.checked_add(1)).is_none());
        let out_stride = stride + wide as usize;
        let mut digits = Vec::with_capacity(len * out_stride);
        for (a, b) in self
            .digits
            .chunks_exact(stride)
            .zip(self.digits[stride..].chunks_exact(stride))
        {
            let mut carry = false;
            digits.extend(a.iter().zip(b).map(|(&x, &y)| {
                let (sum, c1) = x.overflowing_add(y);
                let (sum, c2) = sum.overflowing_add(carry as u64);
                carry = c1 | c2;
                sum
            }));
            if wide {
                digits.push(carry as u64);
            }
        }
        DigitTable {
            stride: out_stride,
            digits,
        }
    }
}

/// The big integer with the given little-endian 64-bit digits, built with one allocation
/// (its own): the 32-bit words `BigUint` takes are staged on the stack when they fit.
pub(super) fn big_from_u64_digits(digits: &[u64]) -> BigUint {
    let used = digits
        .iter()
        .rposition(|&d| d != 0)
        .map_or(0, |last| last + 1);
    let mut on_stack = [0u32; 24];
    let mut on_heap = Vec::new();
    let words: &mut [u32] = if 2 * used <= on_stack.len() {
        &mut on_stack[..2 * used]
    } else {
        on_heap.resize(2 * used, 0u32);
        &mut on_heap
    };
    for (pair, &digit) in words.chunks_mut(2).zip(digits) {
        pair[0] = digit as u32;
        pair[1] = (digit >> 32) as u32;
    }
    BigUint::from_slice(words)
}

/// `digits *= factor` in place; the digits must have room for the product.
pub(super) fn multiply_digits(digits: &mut [u64], factor: u64) {
    let mut carry = 0u128;
    for digit in digits.iter_mut() {
        let product = *digit as u128 * factor as u128 + carry;
        *digit = product as u64;
        carry = product >> 64;
    }
    debug_assert_eq!(carry, 0, "the digits hold the product");
}

/// `digits /= divisor` in place, for a nonzero divisor that divides exactly, without a
/// division instruction (each costs tens of cycles, and one digit's waits on the last's
/// remainder): the divisor's powers of two are shifted out, then the odd rest is divided
/// out from the lowest digit up by multiplying with its inverse modulo `2^64` (exact
/// division, as GMP's `divexact_1`: each quotient digit is the digit, less the borrow,
/// times the inverse, and the borrow is the high half of that digit times the divisor).
pub(super) fn divide_digits_exactly(digits: &mut [u64], divisor: u64) {
    debug_assert!(divisor > 0);
    let shift = divisor.trailing_zeros();
    let odd = divisor >> shift;
    if shift > 0 {
        // The number is a multiple of the divisor, so its lowest `shift` bits are zero.
        debug_assert_eq!(digits.first().map_or(0, |&d| d & ((1 << shift) - 1)), 0);
        let mut from_above = 0u64;
        for digit in digits.iter_mut().rev() {
            let low_bits = *digit << (64 - shift);
            *digit = (*digit >> shift) | from_above;
            from_above = low_bits;
        }
    }
    if odd == 1 {
        return;
    }
    let inverse = odd_inverse(odd);
    debug_assert_eq!(odd.wrapping_mul(inverse), 1);
    let mut borrow = 0u64;
    for digit in digits.iter_mut() {
        let (rest, under) = digit.overflowing_sub(borrow);
        let quotient = rest.wrapping_mul(inverse);
        *digit = quotient;
        borrow = ((quotient as u128 * odd as u128) >> 64) as u64 + under as u64;
    }
    debug_assert_eq!(borrow, 0, "the division is exact");
}

/// The inverse of an odd number modulo `2^64`: from a table below 256 (the divisors of the
/// binomial rows are at most the mines left plus one), else by Newton's iteration.
pub(super) fn odd_inverse(odd: u64) -> u64 {
    const INVERSES: [u64; 128] = {
        let mut table = [0u64; 128];
        let mut i = 0;
        while i < 128 {
            table[i] = newton_inverse(2 * i as u64 + 1);
            i += 1;
        }
        table
    };
    debug_assert_eq!(odd % 2, 1);
    match INVERSES.get((odd / 2) as usize) {
        Some(&inverse) => inverse,
        None => newton_inverse(odd),
    }
}

/// The inverse of an odd number modulo `2^64` by Newton's iteration: `3 odd XOR 2` is right
/// in its low five bits, and each step doubles the bits that are right.
const fn newton_inverse(odd: u64) -> u64 {
    let mut inverse = odd.wrapping_mul(3) ^ 2;
    let mut step = 0;
    while step < 4 {
        inverse = inverse.wrapping_mul(2u64.wrapping_sub(odd.wrapping_mul(inverse)));
        step += 1;
    }
    inverse
}

/// `sum over s of h[s][n] * weights[s]` exactly for every `n`, and the sum of those over `n`,
/// the weights given as little-endian 64-bit digits: each product is split into its two
/// 64-bit halves and added into 128-bit column sums, which cannot overflow for fewer than
/// 2^63 terms; the carries are resolved once per `n`. One pass over `s` serves every `n`, so
/// each weight's digits are read once. Row `r` of `h` is for `s = first_s + r`, weight `i`
/// for `s = weights_first_s + i` (rows below it hold no count). The counts go into `out`,
/// `stride` digits each (the fewest that hold the largest), and `(stride, sum)` is
/// returned; `sums` is scratch space. Nothing is allocated but the sum.
pub(super) fn dot_products(
    h: &[u64],
    first_s: usize,
    width: usize,
    weights: &DigitTable,
    weights_first_s: usize,
    sums: &mut Vec<u128>,
    out: &mut Vec<u64>,
) -> (usize, BigUint) {
    let digits_in = weights.stride;
    let columns = digits_in + 2;
    // Rows below the weights' first total hold no count (no layout has fewer mines).
    debug_assert!(h
        .chunks(width)
        .take(weights_first_s.saturating_sub(first_s))
        .flatten()
        .all(|&c| c == 0));
    let skipped = weights_first_s.saturating_sub(first_s) * width;
    let start = first_s.max(weights_first_s) - weights_first_s;
    let h = h.get(skipped..).unwrap_or_default();
    let weight_digits = weights.digits.get(start * digits_in..).unwrap_or_default();
    // The column sums of all the numbers together, for the sum: on the stack for weights
    // of up to eight digits (the unrolled ones), and kept small so that clearing them is a
    // few stores.
    let mut total = [0u128; 10];
    let mut total_heap = Vec::new();
    let total: &mut [u128] = if columns <= total.len() {
        &mut total[..columns]
    } else {
        total_heap.resize(columns, 0u128);
        &mut total_heap
    };
    // The weights' length known at compile time for the usual ones, so that the loop over
    // their digits unrolls and its sums stay on the stack.
    let stride = match digits_in {
        1 => dot_products_fixed::<1>(h, width, weight_digits, out, total),
        2 => dot_products_fixed::<2>(h, width, weight_digits, out, total),
        3 => dot_products_fixed::<3>(h, width, weight_digits, out, total),
        4 => dot_products_fixed::<4>(h, width, weight_digits, out, total),
        5 => dot_products_fixed::<5>(h, width, weight_digits, out, total),
        6 => dot_products_fixed::<6>(h, width, weight_digits, out, total),
        7 => dot_products_fixed::<7>(h, width, weight_digits, out, total),
        8 => dot_products_fixed::<8>(h, width, weight_digits, out, total),
        _ => dot_products_any(h, width, weight_digits, digits_in, sums, out, total),
    };
    if stride < columns {
        for n in 1..width {
            out.copy_within(n * columns..n * columns + stride, n * stride);
        }
        out.truncate(width * stride);
    }
    // The sum's columns hold at most nine times a count's: one more digit for the carries.
    let mut sum_digits = [0u64; 11];
    let mut sum_heap = Vec::new();
    let sum_digits: &mut [u64] = if columns < sum_digits.len() {
        &mut sum_digits[..columns + 1]
    } else {
        sum_heap.resize(columns + 1, 0u64);
        &mut sum_heap
    };
    let mut carry = 0u128;
    for (digit, &column) in sum_digits.iter_mut().zip(total.iter()) {
        let value = column + carry;
        *digit = value as u64;
        carry = value >> 64;
    }
    sum_digits[columns] = carry as u64;
    debug_assert_eq!(carry >> 64, 0);
    (stride, big_from_u64_digits(sum_digits))
}

/// [`dot_products`] for weights of `D` digits (`weights` from the first row of `h` on), one
/// number at a time: its column sums in an array on the stack, resolved into `out` (`D + 2`
/// digits per number) and added to `total`. Returns the most digits any count uses.
fn dot_products_fixed<const D: usize>(
    h: &[u64],
    width: usize,
    weights: &[u64],
    out: &mut Vec<u64>,
    total: &mut [u128],
) -> usize {
    let (weight_rows, _) = weights.as_chunks::<D>();
    let rows = (h.len() / width).min(weight_rows.len());
    let columns = D + 2;
    out.clear();
    out.resize(width * columns, 0);
    let mut stride = 1;
    for (n, digits) in out.chunks_exact_mut(columns).enumerate() {
        // D + 1 of them in use: the templates cover at most eight digits.
        let mut sums = [0u128; 9];
        let mut any = false;
        for (r, weight) in weight_rows[..rows].iter().enumerate() {
            let c = h[r * width + n];
            if c == 0 {
                continue;
            }
            any = true;
            // Each product's low half goes to its own column, its high half to the next
            // one: added together with the previous digit's high half.
            let mut high = 0u64;
            for i in 0..D {
                let product = c as u128 * weight[i] as u128;
                sums[i] += (product as u64) as u128 + high as u128;
                high = (product >> 64) as u64;
            }
            sums[D] += high as u128;
        }
        if !any {
            // Many numbers are impossible for a cell: their digits stay zero.
            continue;
        }
        let mut carry = 0u128;
        for i in 0..=D {
            total[i] += sums[i];
            let value = sums[i] + carry;
            digits[i] = value as u64;
            carry = value >> 64;
        }
        digits[D + 1] = carry as u64;
        debug_assert_eq!(carry >> 64, 0);
        let used = digits
            .iter()
            .rposition(|&d| d != 0)
            .map_or(0, |last| last + 1);
        stride = stride.max(used);
    }
    stride
}

/// [`dot_products_fixed`] for weights of any length, with its column sums in `sums`.
fn dot_products_any(
    h: &[u64],
    width: usize,
    weights: &[u64],
    digits_in: usize,
    sums: &mut Vec<u128>,
    out: &mut Vec<u64>,
    total: &mut [u128],
) -> usize {
    let columns = digits_in + 2;
    sums.clear();
    sums.resize(width * columns, 0);
    // Which numbers have a count, a bit each (a table wider than 64, never met since a
    // cell shows at most nine numbers, only shares bits: more work, never less).
    let mut any = 0u64;
    for (row, digits) in h.chunks_exact(width).zip(weights.chunks_exact(digits_in)) {
        for (n, &c) in row.iter().enumerate() {
            if c == 0 {
                continue;
            }
            any |= 1 << (n % 64);
            let column = &mut sums[n * columns..n * columns + digits_in + 1];
            let mut high = 0u64;
            for (slot, &d) in column.iter_mut().zip(digits) {
                let product = c as u128 * d as u128;
                *slot += (product as u64) as u128 + high as u128;
                high = (product >> 64) as u64;
            }
            column[digits_in] += high as u128;
        }
    }
    out.clear();
    out.resize(width * columns, 0);
    let mut stride = 1;
    for n in 0..width {
        if any & 1 << (n % 64) == 0 {
            continue;
        }
        let column_sums = &sums[n * columns..(n + 1) * columns];
        let digits = &mut out[n * columns..(n + 1) * columns];
        let mut carry = 0u128;
        for ((digit, &sum), all) in digits.iter_mut().zip(column_sums).zip(total.iter_mut()) {
            *all += sum;
            let value = sum + carry;
            *digit = value as u64;
            carry = value >> 64;
        }
        debug_assert_eq!(carry, 0);
        let used = digits
            .iter()
            .rposition(|&d| d != 0)
            .map_or(0, |last| last + 1);
        stride = stride.max(used);
    }
    stride
}

#[cfg(test)]
mod tests {
    use super::*;
    use num_traits::Zero;

    #[test]
    fn dot_products_match_big_integer_arithmetic() {
        let weights: Vec<BigUint> = (0..20u32)
            .map(|i| crate::combinatorics::binomial(400 + i as u64, 90 + i as u64))
            .collect();
        let table = DigitTable::from_values(&weights);
        let coefficients: Vec<u64> = (0..20u64).map(|i| u64::MAX - i * 12345).collect();
        let expected: BigUint = coefficients.iter().zip(&weights).map(|(c, w)| w * *c).sum();
        let mut out = Vec::new();
        let (stride, sum) = dot_products(&coefficients, 0, 1, &table, 0, &mut Vec::new(), &mut out);
        assert_eq!(big_from_u64_digits(&out[..stride]), expected);
        assert_eq!(sum, expected);
        // Several numbers, rows starting above the weights' first, and the sum over numbers.
        let h: Vec<u64> = (0..3 * 15u64)
            .map(|i| if i % 4 == 0 { 0 } else { u64::MAX - i })
            .collect();
        let (stride, sum) = dot_products(&h, 9, 3, &table, 2, &mut Vec::new(), &mut out);
        let mut all = BigUint::zero();
        for n in 0..3 {
            let expected: BigUint = (0..15)
                .filter(|r| 9 + r - 2 < weights.len())
                .map(|r| &weights[9 + r - 2] * h[r * 3 + n])
                .sum();
            assert_eq!(
                big_from_u64_digits(&out[n * stride..(n + 1) * stride]),
                expected
            );
            all += expected;
        }
        assert_eq!(sum, all);
        // Weights too long for the unrolled loops (and for the sums kept on the stack).
        let wide: Vec<BigUint> = (0..6u64)
            .map(|i| crate::combinatorics::binomial(1500 + i, 600 + i))
            .collect();
        let wide_table = DigitTable::from_values(&wide);
        assert!(wide_table.stride > 18);
        let h: Vec<u64> = (0..2 * 6u64)
            .map(|i| if i == 3 { 0 } else { u64::MAX / (i + 1) })
            .collect();
        let (stride, sum) = dot_products(&h, 0, 2, &wide_table, 0, &mut Vec::new(), &mut out);
        let mut all = BigUint::zero();
        for n in 0..2 {
            let expected: BigUint = (0..6).map(|r| &wide[r] * h[r * 2 + n]).sum();
            assert_eq!(
                big_from_u64_digits(&out[n * stride..(n + 1) * stride]),
                expected
            );
            all += expected;
        }
        assert_eq!(sum, all);
        // Pascal's rule on the digits matches big-integer additions, carries included.
        let stepped = table.pascal_step();
        for s in 0..weights.len() - 1 {
            assert_eq!(stepped.value(s), &weights[s] + &weights[s + 1]);
        }
        // Binomials on digits, against big integers, across digit boundaries.
        for n in [0usize, 1, 5, 63, 64, 65, 127, 128, 200, 480] {
            let mut digits = vec![0u64; n / 64 + 2];
            digits[0] = 1;
            for k in 0..=n {
                assert_eq!(
                    big_from_u64_digits(&digits),
                    crate::combinatorics::binomial(n as u64, k as u64),
                    "C({n}, {k})"
                );
                if k < n {
                    multiply_digits(&mut digits, (n - k) as u64);
                    divide_digits_exactly(&mut digits, (k + 1) as u64);
                }
            }
        }
        // Exact division by any divisor, even or odd, of products spanning several digits.
        for divisor in [
            1u64,
            2,
            3,
            8,
            96,
            99,
            255,
            1 << 31,
            (1 << 32) - 1,
            u64::MAX,
            6 << 40,
        ] {
            for quotient in [
                BigUint::from(1u8),
                BigUint::from(u64::MAX),
                BigUint::from(7u8).pow(70),
                (BigUint::from(1u8) << 190u32) - 1u8,
            ] {
                let product = &quotient * divisor;
                let mut digits = product.to_u64_digits();
                digits.push(0);
                divide_digits_exactly(&mut digits, divisor);
                assert_eq!(
                    big_from_u64_digits(&digits),
                    quotient,
                    "{product} / {divisor}"
                );
            }
        }
        let all_ones = DigitTable::from_values(&[BigUint::from(u64::MAX), BigUint::from(u64::MAX)]);
        assert_eq!(
            all_ones.pascal_step().value(0),
            BigUint::from(u64::MAX) * 2u8
        );
    }
}
