//! [`Scaled`]: a floating-point count with a 64-bit binary exponent, for estimates on
//! positions too large to count exactly in the budget.
//!
//! An `f64` overflows at about `2^1024`, and a 200x200 board has far more layouts than that;
//! keeping the exponent apart lets the same enumeration and combination run on floats with
//! about 15 significant digits, at a fraction of the cost of big integers.

use num_bigint::BigUint;
use num_traits::{ToPrimitive, Zero};

use crate::combinatorics::Count;
use crate::engine::combine::Weight;

/// `mantissa * 2^exponent`, with the mantissa in `[0.5, 1)`, or zero.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Scaled {
    mantissa: f64,
    exponent: i64,
}

impl Scaled {
    /// Zero.
    pub const ZERO: Scaled = Scaled {
        mantissa: 0.0,
        exponent: 0,
    };

    /// The nearest `Scaled` to a finite non-negative `f64`.
    pub fn from_f64(value: f64) -> Scaled {
        Scaled::normalised(value, 0)
    }

    fn normalised(mantissa: f64, exponent: i64) -> Scaled {
        if mantissa == 0.0 || !mantissa.is_finite() {
            return Scaled::ZERO;
        }
        let (m, e) = frexp(mantissa);
        Scaled {
            mantissa: m,
            exponent: exponent + e as i64,
        }
    }

    /// `log2` of the value (`-inf` for zero).
    pub fn log2(self) -> f64 {
        if self.mantissa == 0.0 {
            return f64::NEG_INFINITY;
        }
        self.mantissa.log2() + self.exponent as f64
    }

    /// `self / other` as an `f64` (NaN when `other` is zero).
    pub fn ratio(self, other: Scaled) -> f64 {
        if other.mantissa == 0.0 {
            return f64::NAN;
        }
        if self.mantissa == 0.0 {
            return 0.0;
        }
        let shift = (self.exponent - other.exponent).clamp(-2000, 2000) as i32;
        self.mantissa / other.mantissa * 2f64.powi(shift)
    }

    fn times_f64(self, factor: f64) -> Scaled {
        Scaled::normalised(self.mantissa * factor, self.exponent)
    }
}

/// Splits a finite non-zero `f64` into a mantissa in `[0.5, 1)` and a power of two.
fn frexp(value: f64) -> (f64, i32) {
    let bits = value.to_bits();
    let raw_exponent = ((bits >> 52) & 0x7ff) as i32;
    if raw_exponent == 0 {
        // Subnormal: scale into the normal range first.
        let (m, e) = frexp(value * 2f64.powi(64));
        return (m, e - 64);
    }
    let mantissa = f64::from_bits((bits & !(0x7ff << 52)) | (1022 << 52));
    (mantissa, raw_exponent - 1022)
}

impl Count for Scaled {
    fn zero_count() -> Self {
        Scaled::ZERO
    }
    fn one_count() -> Self {
        Scaled::from_f64(1.0)
    }
    fn is_zero_count(&self) -> bool {
        self.mantissa == 0.0
    }
    fn mul_small(&self, factor: u64) -> Self {
        self.times_f64(factor as f64)
    }
    fn add_assign(&mut self, other: &Self) {
        if other.mantissa == 0.0 {
            return;
        }
        if self.mantissa == 0.0 {
            *self = *other;
            return;
        }
        let (big, small) = if self.exponent >= other.exponent {
            (*self, *other)
        } else {
            (*other, *self)
        };
        let gap = big.exponent - small.exponent;
        // Beyond 64 binary places the smaller term is below an f64's precision.
        let sum = if gap > 64 {
            big.mantissa
        } else {
            big.mantissa + small.mantissa * 2f64.powi(-(gap as i32))
        };
        *self = Scaled::normalised(sum, big.exponent);
    }
    fn to_big(&self) -> BigUint {
        // The nearest integer: 53 significant bits, shifted into place.
        if self.mantissa == 0.0 || self.exponent < 0 {
            return BigUint::zero();
        }
        let bits = (self.mantissa * 2f64.powi(53))
            .round()
            .to_u64()
            .unwrap_or(0);
        let shift = self.exponent - 53;
        if shift >= 0 {
            BigUint::from(bits) << shift as usize
        } else {
            BigUint::from(bits) >> (-shift) as usize
        }
    }
}

impl Weight for Scaled {
    const PRODUCT_COST: u64 = 1;
    const EXACT: bool = false;
    fn div_exact_small(self, divisor: u64) -> Self {
        self.times_f64(1.0 / divisor as f64)
    }
    fn ratio_f64(&self, den: &Self) -> f64 {
        Scaled::ratio(*self, *den)
    }
    fn into_big(self) -> BigUint {
        self.to_big()
    }
    fn product(&self, other: &Self) -> Self {
        Scaled::normalised(
            self.mantissa * other.mantissa,
            self.exponent + other.exponent,
        )
    }
    fn from_u128(value: u128) -> Self {
        Scaled::from_f64(value as f64)
    }
    fn binomials(n: u64, lo: i64, hi: i64) -> Vec<Self> {
        let mut out = Vec::with_capacity((hi - lo + 1).max(0) as usize);
        let start = lo.max(0);
        for _ in lo..start.min(hi + 1) {
            out.push(Scaled::ZERO);
        }
        if start > hi {
            return out;
        }
        // C(n, start) by the multiplicative formula, then C(n, k+1) = C(n, k) (n-k) / (k+1).
        let mut current = if start as u64 > n {
            Scaled::ZERO
        } else {
            Scaled::from_f64(1.0)
        };
        for i in 0..(start as u64).min(n) {
            current = current.times_f64((n - i) as f64 / (i + 1) as f64);
        }
        for k in start..=hi {
            if k as u64 > n {
                out.push(Scaled::ZERO);
                continue;
            }
            out.push(current);
            current = current.times_f64((n - k as u64) as f64 / (k as u64 + 1) as f64);
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::combinatorics::{binomial, ratio_to_f64};

    #[test]
    fn arithmetic_tracks_big_integers() {
        let mut a = Scaled::from_f64(3.0);
        a.add_assign(&Scaled::from_f64(5.0));
        assert_eq!(a.ratio(Scaled::from_f64(1.0)), 8.0);
        assert_eq!(a.mul_small(7).to_big(), BigUint::from(56u32));
        let row = Scaled::binomials(400, 85, 95);
        for (i, c) in row.iter().enumerate() {
            let exact = binomial(400, 85 + i as u64);
            let relative =
                c.ratio(Scaled::from_f64(1.0)) / ratio_to_f64(&exact, &BigUint::from(1u8));
            assert!(
                (relative - 1.0).abs() < 1e-12,
                "C(400,{}) off by {relative}",
                85 + i
            );
        }
        let huge = Scaled::binomials(40_000, 8_000, 8_000)[0];
        assert!(
            (huge.log2() - 28_867.0).abs() < 20.0,
            "log2 C(40000, 8000) = {}",
            huge.log2()
        );
        assert_eq!(
            Scaled::binomials(5, -2, 7)
                .iter()
                .filter(|c| c.is_zero_count())
                .count(),
            4
        );
    }
}
