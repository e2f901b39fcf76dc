//! Exact counting helpers: binomial coefficients, the [`Count`] trait that lets the front
//! enumeration run on `u128` when it provably cannot overflow and on `BigUint` otherwise, and
//! exact fractions.

use num_bigint::BigUint;
use num_integer::Integer;
use num_traits::{One, Zero};
use std::fmt;

/// `C(n, k)` for the small `n` of a box (at most 8 cells share the same witnesses, since they
/// all neighbour one number), as a machine integer.
pub fn small_binomial(n: u32, k: u32) -> u64 {
    if k > n {
        return 0;
    }
    let k = k.min(n - k) as u64;
    let n = n as u64;
    let mut result = 1u64;
    for i in 0..k {
        result = result * (n - i) / (i + 1);
    }
    result
}

/// `C(n, k)` exactly.
pub fn binomial(n: u64, k: u64) -> BigUint {
    if k > n {
        return BigUint::zero();
    }
    let k = k.min(n - k);
    let mut result = BigUint::one();
    let mut i = 0;
    while i < k {
        // Several steps at once, as many as fit in a machine word: C(n, i + j) is
        // C(n, i) (n - i)...(n - i - j + 1) / ((i + 1)...(i + j)), an integer, so the division
        // is exact. About six steps per big-integer product on boards of hundreds of cells.
        let (mut num, mut den, mut j) = (n - i, i + 1, 1);
        while i + j < k {
            match (num.checked_mul(n - i - j), den.checked_mul(i + j + 1)) {
                (Some(a), Some(b)) => (num, den, j) = (a, b, j + 1),
                _ => break,
            }
        }
        result *= num;
        result /= den;
        i += j;
    }
    result
}

/// The binomials `C(n, k)` for `k` in `lo..=hi` (zero outside `0..=n`), computed by one
/// multiplicative walk rather than one from scratch each.
pub fn binomial_row(n: u64, lo: i64, hi: i64) -> Vec<BigUint> {
    let mut out = Vec::with_capacity((hi - lo + 1).max(0) as usize);
    let start = lo.max(0);
    for _ in lo..start.min(hi + 1) {
        out.push(BigUint::zero());
    }
    if start > hi {
        return out;
    }
    let mut current = binomial(n, start as u64);
    for k in start..=hi {
        if k as u64 > n {
            out.push(BigUint::zero());
            continue;
        }
        out.push(current.clone());
        // C(n, k+1) = C(n, k) * (n - k) / (k + 1), exact at every step.
        current *= n - k as u64;
        current /= k as u64 + 1;
    }
    out
}

/// The arithmetic the front enumeration needs from a count. `u128` is used when the front is
/// small enough that no count can overflow it (fewer than 120 cells, so at most `2^120`
/// layouts times a box size of 8); `BigUint` otherwise.
pub trait Count: Clone + fmt::Debug + PartialEq {
    /// Zero.
    fn zero_count() -> Self;
    /// One.
    fn one_count() -> Self;
    /// Whether this is zero.
    fn is_zero_count(&self) -> bool;
    /// `self * factor`.
    fn mul_small(&self, factor: u64) -> Self;
    /// `self += other`.
    fn add_assign(&mut self, other: &Self);
    /// Converts to a big integer for the final combination.
    fn to_big(&self) -> BigUint;
}

impl Count for u128 {
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
        self * factor as u128
    }
    fn add_assign(&mut self, other: &Self) {
        *self += other;
    }
    fn to_big(&self) -> BigUint {
        BigUint::from(*self)
    }
}

impl Count for BigUint {
    fn zero_count() -> Self {
        Zero::zero()
    }
    fn one_count() -> Self {
        One::one()
    }
    fn is_zero_count(&self) -> bool {
        num_traits::Zero::is_zero(self)
    }
    fn mul_small(&self, factor: u64) -> Self {
        self * factor
    }
    fn add_assign(&mut self, other: &Self) {
        *self += other;
    }
    fn to_big(&self) -> BigUint {
        self.clone()
    }
}

/// An exact non-negative fraction, always reduced, with a non-zero denominator.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Fraction {
    num: BigUint,
    den: BigUint,
}

impl Fraction {
    /// `num / den` reduced. `den` must not be zero; the engine never divides by a zero count
    /// because it reports an inconsistent position as an error first.
    pub fn new(num: BigUint, den: BigUint) -> Fraction {
        debug_assert!(!den.is_zero());
        let gcd = num.gcd(&den);
        if gcd.is_zero() || gcd.is_one() {
            return Fraction { num, den };
        }
        Fraction {
            num: num / &gcd,
            den: den / gcd,
        }
    }

    /// A whole number.
    pub fn from_integer(n: u64) -> Fraction {
        Fraction {
            num: BigUint::from(n),
            den: BigUint::one(),
        }
    }

    /// The numerator.
    pub fn numer(&self) -> &BigUint {
        &self.num
    }

    /// The denominator.
    pub fn denom(&self) -> &BigUint {
        &self.den
    }

    /// The nearest `f64`, accurate even when numerator and denominator are far beyond `f64`.
    pub fn to_f64(&self) -> f64 {
        ratio_to_f64(&self.num, &self.den)
    }
}

impl fmt::Display for Fraction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.num, self.den)
    }
}

/// `num / den` as `f64`, scaling both down first so that huge counts (C(400, 90) and beyond)
/// keep full precision instead of overflowing to infinity.
pub fn ratio_to_f64(num: &BigUint, den: &BigUint) -> f64 {
    if den.is_zero() {
        return f64::NAN;
    }
    // Each side keeps its top 64 bits; the shifts go back in as a power of two, so a tiny
    // but non-zero ratio stays non-zero (as far as an f64 reaches) instead of rounding to 0.
    let (n, num_shift) = top_bits(num);
    let (d, den_shift) = top_bits(den);
    ratio_of_top_bits(n, num_shift, d, den_shift)
}

/// [`ratio_to_f64`] from the top 64 bits of each side and the shifts that brought them down:
/// every exact road reads its two integers' top bits and comes here, so the same two integers
/// give the same `f64` whatever holds them. (Not the correctly rounded ratio: each side is
/// cut to 64 bits and rounded to an `f64` before the division.)
pub(crate) fn ratio_of_top_bits(n: u64, num_shift: u64, d: u64, den_shift: u64) -> f64 {
    let (n, d) = (n as f64, d as f64);
    let exponent = (num_shift as i64 - den_shift as i64).clamp(-2000, 2000) as i32;
    // Two steps, so that 2^exponent itself never overflows or underflows before the product.
    n / d * 2f64.powi(exponent / 2) * 2f64.powi(exponent - exponent / 2)
}

/// The top 64 bits of `value` (all of it when shorter) and how far they were shifted down:
/// `value >> shift` without building a new number, for [`ratio_to_f64`], which the player
/// calls in its inner loops.
fn top_bits(value: &BigUint) -> (u64, u64) {
    let shift = value.bits().saturating_sub(64);
    let (word, bit) = ((shift / 64) as usize, (shift % 64) as u32);
    let mut digits = value.iter_u64_digits().skip(word);
    let low = digits.next().unwrap_or(0);
    let high = digits.next().unwrap_or(0);
    let top = if bit == 0 {
        low
    } else {
        (low >> bit) | (high << (64 - bit))
    };
    (top, shift)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn top_bits_are_the_shifted_value() {
        let mut value = BigUint::from(0x9e37_79b9_7f4a_7c15u64);
        for step in 0..300u32 {
            let (top, shift) = top_bits(&value);
            assert_eq!(BigUint::from(top), &value >> shift, "step {step}");
            assert!(
                top >> 63 == 1 || shift == 0,
                "the top bit is kept, step {step}"
            );
            value = value * 3u32 + step;
        }
        assert_eq!(top_bits(&BigUint::zero()), (0, 0));
    }

    #[test]
    fn binomials_agree() {
        for n in 0..=8 {
            for k in 0..=9 {
                assert_eq!(
                    BigUint::from(small_binomial(n, k)),
                    binomial(n as u64, k as u64)
                );
            }
        }
        let row = binomial_row(10, -2, 12);
        let expected: Vec<BigUint> = (-2i64..=12)
            .map(|k| {
                if k < 0 {
                    BigUint::zero()
                } else {
                    binomial(10, k as u64)
                }
            })
            .collect();
        assert_eq!(row, expected);
        assert_eq!(binomial(400, 90), binomial(399, 89) + binomial(399, 90));
        // Pascal's triangle, row by row, far beyond machine integers.
        let mut pascal = vec![BigUint::one()];
        for n in 1..=300u64 {
            let mut next = vec![BigUint::one(); n as usize + 1];
            for k in 1..n as usize {
                next[k] = &pascal[k - 1] + &pascal[k];
            }
            pascal = next;
            for (k, expected) in pascal.iter().enumerate() {
                assert_eq!(&binomial(n, k as u64), expected, "C({n}, {k})");
            }
            assert!(binomial(n, n + 1).is_zero());
        }
        assert_eq!(
            binomial(1 << 40, 2),
            BigUint::from((1u128 << 40) * ((1 << 40) - 1) / 2)
        );
        assert!(binomial(400, 90).bits() > 128);
    }

    #[test]
    fn fraction_reduces_and_converts() {
        let f = Fraction::new(BigUint::from(6u32), BigUint::from(8u32));
        assert_eq!(f.to_string(), "3/4");
        assert_eq!(f.to_f64(), 0.75);
        let huge = Fraction::new(binomial(400, 90), binomial(400, 90) * 3u32);
        assert_eq!(huge.to_string(), "1/3");
        assert!(
            (ratio_to_f64(&binomial(400, 89), &binomial(400, 90)) - 90.0 / 311.0).abs() < 1e-15
        );
    }

    #[test]
    fn tiny_and_huge_ratios_keep_their_magnitude() {
        // A tiny probability must not round to zero: 1 / 2^200 is a normal f64.
        let one = BigUint::from(1u8);
        assert_eq!(ratio_to_f64(&one, &(&one << 200usize)), 2f64.powi(-200));
        let huge = BigUint::from(3u8) << 300usize;
        assert_eq!(ratio_to_f64(&huge, &one), 3.0 * 2f64.powi(300));
    }
}
