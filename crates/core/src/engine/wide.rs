//! Fixed-width unsigned integers of `N` 64-bit words, [`Wide`], for the combination of
//! positions whose counts outgrow `u128` but provably fit in `64 N` bits ([`wide_bound_bits`]).
//!
//! Why: an early intermediate position (255 unknown cells, 40 mines) counts about `2^160`
//! layouts, past `u128`, and on `BigUint` every product, sum and division of the combination
//! allocated. The same integers held in a few words on the stack cost a few dozen instructions
//! an operation. They are the same integers, so every probability is the same `f64`: the final
//! ratio reads the same top 64 bits of numerator and denominator as
//! [`crate::combinatorics::ratio_to_f64`] reads from a `BigUint`, through the same function.
//! Native only: the page's wasm32 counts on big integers (its size budget).

use num_bigint::BigUint;

use crate::combinatorics::{ratio_of_top_bits, Count};
use crate::engine::combine::Weight;

/// An unsigned integer of `N` 64-bit words, least significant first. Every operation assumes
/// its result fits (the caller chose `N` by [`wide_bound_bits`]); a carry out of the top word
/// is a bug, caught by a debug assertion and by the tests against `BigUint`.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Wide<const N: usize>([u64; N]);

/// An upper bound, in bits, of every count the combination forms for `unknown` cells and
/// `mines_left` mines: `C(U, k) (L + 8)` with `k = min(L, U/2)` bounds them all (the argument
/// is [`crate::engine::combine::machine_bound`]'s), and `C(U, k) <= 2^(U H(k/U))`, `H` the
/// binary entropy; one bit more covers the rounding of the logarithms. A cheap test (two
/// logarithms, no big integer) that chooses the width.
pub fn wide_bound_bits(unknown: u64, mines_left: u64) -> f64 {
    let k = mines_left.min(unknown / 2) as f64;
    let n = unknown as f64;
    let entropy_bits = if k == 0.0 {
        0.0
    } else {
        let p = k / n;
        -n * (p * p.log2() + (1.0 - p) * (1.0 - p).log2())
    };
    entropy_bits + (mines_left as f64 + 8.0).log2() + 1.0
}

impl<const N: usize> Wide<N> {
    /// `self * factor`, in place.
    fn mul_small_in_place(&mut self, factor: u64) {
        let mut carry = 0u128;
        for word in &mut self.0 {
            let v = *word as u128 * factor as u128 + carry;
            *word = v as u64;
            carry = v >> 64;
        }
        debug_assert_eq!(carry, 0, "Wide<{N}> overflowed");
    }

    /// `self / divisor` (rounded down), in place.
    fn div_small_in_place(&mut self, divisor: u64) {
        let mut rem = 0u128;
        for word in self.0.iter_mut().rev() {
            let v = (rem << 64) | *word as u128;
            *word = (v / divisor as u128) as u64;
            rem = v % divisor as u128;
        }
    }

    /// The number of bits up to the highest set bit (0 for zero).
    fn bits(&self) -> u64 {
        self.0.iter().rposition(|&w| w != 0).map_or(0, |top| {
            64 * top as u64 + 64 - u64::from(self.0[top].leading_zeros())
        })
    }

    /// The top 64 bits (all of it when shorter) and how far they were shifted down, as
    /// [`crate::combinatorics::ratio_to_f64`] takes them from a `BigUint`.
    fn top_bits(&self) -> (u64, u64) {
        let Some(top) = self.0.iter().rposition(|&w| w != 0) else {
            return (0, 0);
        };
        let bits = 64 * top as u64 + 64 - self.0[top].leading_zeros() as u64;
        let shift = bits.saturating_sub(64);
        let (word, bit) = ((shift / 64) as usize, (shift % 64) as u32);
        let low = self.0[word];
        let high = self.0.get(word + 1).copied().unwrap_or(0);
        let value = if bit == 0 {
            low
        } else {
            (low >> bit) | (high << (64 - bit))
        };
        (value, shift)
    }
}

impl<const N: usize> Count for Wide<N> {
    fn zero_count() -> Self {
        Wide([0; N])
    }
    fn one_count() -> Self {
        let mut words = [0; N];
        words[0] = 1;
        Wide(words)
    }
    fn is_zero_count(&self) -> bool {
        self.0.iter().all(|&w| w == 0)
    }
    fn mul_small(&self, factor: u64) -> Self {
        let mut out = *self;
        out.mul_small_in_place(factor);
        out
    }
    fn add_assign(&mut self, other: &Self) {
        let mut carry = false;
        for (a, &b) in self.0.iter_mut().zip(&other.0) {
            let (sum, c1) = a.overflowing_add(b);
            let (sum, c2) = sum.overflowing_add(carry as u64);
            *a = sum;
            carry = c1 | c2;
        }
        debug_assert!(!carry, "Wide<{N}> overflowed");
    }
    fn to_big(&self) -> BigUint {
        let digits: Vec<u32> = self
            .0
            .iter()
            .flat_map(|&w| [w as u32, (w >> 32) as u32])
            .collect();
        BigUint::new(digits)
    }
}

/// Within [`wide_bound_bits`] no operation overflows. The budget counts a product as a big
/// integer's, so that every road refuses the same positions.
impl<const N: usize> Weight for Wide<N> {
    const PRODUCT_COST: u64 = <BigUint as Weight>::PRODUCT_COST;
    const EXACT: bool = true;
    fn product(&self, other: &Self) -> Self {
        // Schoolbook, the words past N dropped: the product fits (above).
        let mut out = [0u64; N];
        for (i, &a) in self.0.iter().enumerate() {
            if a == 0 {
                continue;
            }
            let mut carry = 0u128;
            for j in 0..N - i {
                let v = a as u128 * other.0[j] as u128 + out[i + j] as u128 + carry;
                out[i + j] = v as u64;
                carry = v >> 64;
            }
            debug_assert!(
                carry == 0 && other.0[N - i..].iter().all(|&w| w == 0),
                "Wide<{N}> overflowed"
            );
        }
        Wide(out)
    }
    fn from_u128(value: u128) -> Self {
        let mut words = [0; N];
        words[0] = value as u64;
        words[1] = (value >> 64) as u64;
        Wide(words)
    }
    fn binomials(n: u64, lo: i64, hi: i64) -> Vec<Self> {
        // C(n, k) by the multiplicative walk, each step exact; never past `hi`. Up to `lo`,
        // several steps at once: C(n, i) (n - i) ... (n - j + 1) / ((i + 1) ... j) is C(n, j),
        // exact, so one pass over the words with a division serves as many steps as the two
        // products fit a `u64` (about seven on an expert board, where the walk to `lo` was
        // most of the combination's time). A chunk is taken only where the product before
        // the division provably fits the words (its bits counted); else one step, as before,
        // which the road's bound covers.
        let n = n as i64;
        let start = lo.clamp(0, n.max(0));
        let mut current = Self::one_count();
        let mut i = 0;
        while i < start {
            let (mut numerator, mut denominator, mut j) = ((n - i) as u64, (i + 1) as u64, i + 1);
            while j < start {
                let (Some(num), Some(den)) = (
                    numerator.checked_mul((n - j) as u64),
                    denominator.checked_mul((j + 1) as u64),
                ) else {
                    break;
                };
                (numerator, denominator, j) = (num, den, j + 1);
            }
            if j > i + 1
                && current.bits() + u64::from(u64::BITS - numerator.leading_zeros()) > 64 * N as u64
            {
                (numerator, denominator, j) = ((n - i) as u64, (i + 1) as u64, i + 1);
            }
            current.mul_small_in_place(numerator);
            current.div_small_in_place(denominator);
            i = j;
        }
        (lo..=hi)
            .map(|k| {
                if k < 0 || k > n {
                    return Self::zero_count();
                }
                let value = current;
                if k < hi && k < n {
                    current.mul_small_in_place((n - k) as u64);
                    current.div_small_in_place((k + 1) as u64);
                }
                value
            })
            .collect()
    }
    fn div_exact_small(mut self, divisor: u64) -> Self {
        self.div_small_in_place(divisor);
        self
    }
    fn into_big(self) -> BigUint {
        self.to_big()
    }
    fn ratio_f64(&self, den: &Self) -> f64 {
        if den.is_zero_count() {
            return f64::NAN;
        }
        let (n, num_shift) = self.top_bits();
        let (d, den_shift) = den.top_bits();
        ratio_of_top_bits(n, num_shift, d, den_shift)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::combinatorics::{binomial, ratio_to_f64};
    use crate::rng::GameRng;

    fn to_wide<const N: usize>(value: &BigUint) -> Wide<N> {
        let mut words = [0; N];
        for (w, d) in words.iter_mut().zip(value.iter_u64_digits()) {
            *w = d;
        }
        Wide(words)
    }

    /// A random integer of at most `bits` bits, its length random too.
    fn random_big(rng: &mut GameRng, bits: u64) -> BigUint {
        let len = rng.below(bits + 1);
        let mut value = BigUint::from(0u8);
        for _ in 0..len.div_ceil(64) {
            value = (value << 64u32) + BigUint::from(rng.next_u64());
        }
        value >> (64 * len.div_ceil(64) - len)
    }

    /// Every operation against `BigUint`'s on random operands whose results fit.
    fn operations_match<const N: usize>(seed: u64) {
        let mut rng = GameRng::new(seed);
        let bits = 64 * N as u64;
        for case in 0..3_000 {
            let a = random_big(&mut rng, bits / 2);
            let b = random_big(&mut rng, bits / 2);
            let c = random_big(&mut rng, bits - 8);
            let small = rng.next_u64() >> rng.below(64);
            let (wa, wb, wc) = (to_wide::<N>(&a), to_wide::<N>(&b), to_wide::<N>(&c));
            assert_eq!(wa.to_big(), a, "case {case}");
            assert_eq!(wa.product(&wb).into_big(), &a * &b, "case {case}");
            let mut sum = wa;
            sum.add_assign(&wb);
            assert_eq!(sum.into_big(), &a + &b, "case {case}");
            assert_eq!(wa.mul_small(small & 0xff).into_big(), &a * (small & 0xff));
            if small != 0 {
                assert_eq!(
                    wc.div_exact_small(small).into_big(),
                    &c / small,
                    "case {case}"
                );
            }
            // The same bits as the big integers' ratio, whichever is larger.
            assert_eq!(
                wa.ratio_f64(&wc).to_bits(),
                ratio_to_f64(&a, &c).to_bits(),
                "case {case}"
            );
            assert_eq!(
                wc.ratio_f64(&wa).to_bits(),
                ratio_to_f64(&c, &a).to_bits(),
                "case {case}"
            );
        }
    }

    #[test]
    fn wide_operations_equal_big_integers() {
        operations_match::<2>(1);
        operations_match::<3>(2);
        operations_match::<6>(3);
    }

    #[test]
    fn wide_binomial_rows_equal_big_integers() {
        let (mut rows, mut small_rows) = (0, 0);
        for n in [0u64, 1, 7, 100, 255, 300, 480] {
            for (lo, hi) in [(-3i64, 4i64), (0, 40), (20, 60), (35, 99), (290, 310)] {
                // The walk passes every C(n, i) up to `hi`, times the next step's factor: the
                // road's bound covers these, and rows past 384 bits are not asked for.
                let largest = binomial(n, (hi.max(0) as u64).min(n / 2)) * (hi.max(0) as u64 + 1);
                if largest.bits() > 384 {
                    continue;
                }
                rows += 1;
                let row = <Wide<6> as Weight>::binomials(n, lo, hi);
                for (k, value) in (lo..=hi).zip(row) {
                    let expected = if k < 0 {
                        BigUint::from(0u8)
                    } else {
                        binomial(n, k as u64)
                    };
                    assert_eq!(value.into_big(), expected, "C({n}, {k})");
                }
                // On 192 bits too, where the walk's chunks of steps near the top of the
                // words do not fit and fall back to single steps.
                if largest.bits() <= 192 {
                    small_rows += 1;
                    let row = <Wide<3> as Weight>::binomials(n, lo, hi);
                    for (k, value) in (lo..=hi).zip(row) {
                        let expected = binomial(n, k.max(0) as u64) * u8::from(k >= 0);
                        assert_eq!(value.into_big(), expected, "C({n}, {k}) on 192 bits");
                    }
                }
            }
        }
        assert!(rows >= 25, "{rows} rows");
        assert!(small_rows >= 15, "{small_rows} rows on 192 bits");
    }

    #[test]
    fn the_bound_in_bits_is_above_the_largest_count() {
        // C(U, k) (L + 8) itself, for every U and L up to expert's size.
        for unknown in 0..=500u64 {
            for mines_left in (0..=unknown).step_by(7) {
                let k = mines_left.min(unknown / 2);
                let exact = binomial(unknown, k) * (mines_left + 8);
                let bound = wide_bound_bits(unknown, mines_left);
                assert!(
                    exact.bits() as f64 <= bound,
                    "U {unknown}, L {mines_left}: {} bits over {bound}",
                    exact.bits()
                );
                assert!(
                    bound <= exact.bits() as f64 + 8.0,
                    "U {unknown}, L {mines_left}"
                );
            }
        }
    }
}
