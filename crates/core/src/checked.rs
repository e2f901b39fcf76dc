//! [`Checked`]: a `u128` count that remembers an overflow, so that the exact combination can
//! run on machine integers and fall back to big integers only when a value does not fit.
//!
//! Every operation is checked; once one overflows, the value is [`Checked::OVERFLOW`] and stays
//! so through every later sum and product. A result that is not an overflow is therefore the
//! exact integer the big-integer road computes, and the caller that sees an overflow anywhere
//! takes that road instead (`probability::analyse_rules`). No bound has to be proved in
//! advance: the check is the bound.

use num_bigint::BigUint;

use crate::combinatorics::Count;
use crate::combine::Weight;

/// An exact `u128` count, or the mark that some operation leading to it overflowed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Checked(Option<u128>);

impl Checked {
    /// The mark of an overflow.
    #[cfg(test)]
    const OVERFLOW: Checked = Checked(None);

    /// An exact value.
    #[cfg(test)]
    fn new(value: u128) -> Checked {
        Checked(Some(value))
    }

    /// The exact value, or `None` if an operation overflowed on the way.
    pub fn get(self) -> Option<u128> {
        self.0
    }
}

impl Count for Checked {
    fn zero_count() -> Self {
        Checked(Some(0))
    }
    fn one_count() -> Self {
        Checked(Some(1))
    }
    fn is_zero_count(&self) -> bool {
        self.0 == Some(0)
    }
    fn mul_small(&self, factor: u64) -> Self {
        Checked(self.0.and_then(|v| v.checked_mul(factor as u128)))
    }
    fn add_assign(&mut self, other: &Self) {
        self.0 = match (self.0, other.0) {
            (Some(a), Some(b)) => a.checked_add(b),
            _ => None,
        };
    }
    fn to_big(&self) -> BigUint {
        // Callers convert only values they have checked; an overflow has no integer.
        BigUint::from(self.0.expect("an overflowed count has no exact value"))
    }
}

impl Weight for Checked {
    /// Charged as a big-integer product, so that the work budget refuses the same positions
    /// on both roads: the machine-integer road is a faster way to the same answer, not a
    /// larger budget.
    const PRODUCT_COST: u64 = <BigUint as Weight>::PRODUCT_COST;
    fn product(&self, other: &Self) -> Self {
        Checked(match (self.0, other.0) {
            (Some(a), Some(b)) => a.checked_mul(b),
            _ => None,
        })
    }
    fn from_u128(value: u128) -> Self {
        Checked(Some(value))
    }
    fn binomials(n: u64, lo: i64, hi: i64) -> Vec<Self> {
        let mut out = Vec::with_capacity((hi - lo + 1).max(0) as usize);
        let start = lo.max(0);
        for _ in lo..start.min(hi + 1) {
            out.push(Checked(Some(0)));
        }
        if start > hi {
            return out;
        }
        let mut current = binomial(n, start as u64);
        for k in start..=hi {
            if k as u64 > n {
                out.push(Checked(Some(0)));
                continue;
            }
            out.push(current);
            // C(n, k+1) = C(n, k) * (n - k) / (k + 1).
            current = Checked(
                current
                    .0
                    .and_then(|c| times_exact_ratio(c, (n - k as u64) as u128, k as u128 + 1)),
            );
        }
        out
    }
}

/// `C(n, k)` by the multiplicative walk, each step exact, or an overflow.
pub(crate) fn binomial(n: u64, k: u64) -> Checked {
    if k > n {
        return Checked(Some(0));
    }
    let k = k.min(n - k) as u128;
    let n = n as u128;
    let mut result = Some(1u128);
    for i in 0..k {
        // C(n, i) (n - i) / (i + 1) = C(n, i + 1).
        result = result.and_then(|r| times_exact_ratio(r, n - i, i + 1));
    }
    Checked(result)
}

/// `value * factor / divisor` when the division is known to be exact, without overflowing on
/// the way when the quotient fits: `value = q divisor + r`, so the quotient is
/// `q factor + r factor / divisor`, and the last division is exact too.
fn times_exact_ratio(value: u128, factor: u128, divisor: u128) -> Option<u128> {
    let (q, r) = (value / divisor, value % divisor);
    q.checked_mul(factor)?
        .checked_add(r.checked_mul(factor)? / divisor)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::combinatorics::binomial_row;

    #[test]
    fn binomial_rows_equal_the_big_integer_rows_or_overflow() {
        let mut overflowed = 0;
        for n in [0u64, 1, 7, 64, 99, 130, 200, 480] {
            for (lo, hi) in [(-3i64, 4i64), (0, 10), (20, 45), (60, 99), (90, 140)] {
                let exact = binomial_row(n, lo, hi);
                let checked = Checked::binomials(n, lo, hi);
                assert_eq!(exact.len(), checked.len());
                for (k, (e, c)) in exact.iter().zip(&checked).enumerate() {
                    match c.get() {
                        Some(v) => assert_eq!(BigUint::from(v), *e, "C({n}, {})", lo + k as i64),
                        None => {
                            // Only a value beyond u128 overflows (the walk has no
                            // overflow of its own).
                            overflowed += 1;
                            assert!(e.bits() > 128, "C({n}, {}) = {e} overflowed", lo + k as i64);
                        }
                    }
                }
            }
        }
        assert!(overflowed > 0, "the test reaches the overflow");
    }

    #[test]
    fn overflow_is_sticky() {
        let big = Checked::new(u128::MAX / 2 + 1);
        let mut sum = big;
        sum.add_assign(&big);
        assert_eq!(sum, Checked::OVERFLOW);
        sum.add_assign(&Checked::zero_count());
        assert_eq!(sum, Checked::OVERFLOW);
        assert_eq!(sum.product(&Checked::zero_count()), Checked::OVERFLOW);
        assert!(!sum.is_zero_count());
        assert_eq!(big.mul_small(2), Checked::OVERFLOW);
        assert_eq!(big.mul_small(1), big);
        assert_eq!(
            Checked::new(1 << 64).product(&Checked::new(1 << 63)),
            Checked::new(1 << 127)
        );
        assert_eq!(
            Checked::new(1 << 64).product(&Checked::new(1 << 64)),
            Checked::OVERFLOW
        );
    }
}
