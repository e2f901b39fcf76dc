//! A neighbourhood's joint distribution in one front ([`Distribution`]): layouts by the
//! front's mines and the neighbourhood's. The enumeration makes one per neighbourhood and
//! front; the combination convolves them. Kept apart as the one type both sides share.

use num_bigint::BigUint;
use num_traits::Zero;

/// `table[m * cols + j]`: layouts of one front with `min_mines + m` mines in which the
/// neighbourhood holds `j` of them (and the cell, if in the front, is safe).
#[derive(Debug, Clone, PartialEq)]
pub(super) struct Distribution {
    pub(super) min_mines: usize,
    pub(super) cols: usize,
    pub(super) table: Table,
}

/// The counts of a [`Distribution`], row after row: in 64 bits when every one fits (the
/// usual case, which the fast combination reads directly), else as big integers.
#[derive(Debug, Clone, PartialEq)]
pub(super) enum Table {
    Small(Vec<u64>),
    Big(Vec<BigUint>),
}

impl Distribution {
    pub(super) fn unit() -> Distribution {
        Distribution {
            min_mines: 0,
            cols: 1,
            table: Table::Small(vec![1]),
        }
    }

    /// How many mine totals the table has.
    pub(super) fn rows(&self) -> usize {
        let len = match &self.table {
            Table::Small(t) => t.len(),
            Table::Big(t) => t.len(),
        };
        len / self.cols
    }

    /// The table as big integers.
    pub(super) fn big_table(&self) -> std::borrow::Cow<'_, [BigUint]> {
        match &self.table {
            Table::Small(t) => t
                .iter()
                .map(|&c| BigUint::from(c))
                .collect::<Vec<_>>()
                .into(),
            Table::Big(t) => t.as_slice().into(),
        }
    }

    /// The distribution of the sum of two independent parts.
    pub(super) fn convolve(&self, other: &Distribution) -> Distribution {
        let rows = self.rows() + other.rows() - 1;
        let cols = self.cols + other.cols - 1;
        let min_mines = self.min_mines + other.min_mines;
        if let (Table::Small(left), Table::Small(right)) = (&self.table, &other.table) {
            if let Some(table) = convolve_small(left, self.cols, right, other.cols, rows, cols) {
                return Distribution {
                    min_mines,
                    cols,
                    table: Table::Small(table),
                };
            }
        }
        let (left, right) = (self.big_table(), other.big_table());
        let mut table = vec![BigUint::zero(); rows * cols];
        for (i1, a) in left.iter().enumerate() {
            if a.is_zero() {
                continue;
            }
            let (m1, j1) = (i1 / self.cols, i1 % self.cols);
            for (i2, b) in right.iter().enumerate() {
                if !b.is_zero() {
                    let (m2, j2) = (i2 / other.cols, i2 % other.cols);
                    table[(m1 + m2) * cols + j1 + j2] += a * b;
                }
            }
        }
        Distribution {
            min_mines,
            cols,
            table: Table::Big(table),
        }
    }
}

/// The convolution of two 64-bit tables when every entry of the result fits in 64 bits.
pub(super) fn convolve_small(
    left: &[u64],
    left_cols: usize,
    right: &[u64],
    right_cols: usize,
    rows: usize,
    cols: usize,
) -> Option<Vec<u64>> {
    let mut wide = vec![0u128; rows * cols];
    for (i1, &a) in left.iter().enumerate() {
        if a == 0 {
            continue;
        }
        let (m1, j1) = (i1 / left_cols, i1 % left_cols);
        for (i2, &b) in right.iter().enumerate() {
            if b != 0 {
                let (m2, j2) = (i2 / right_cols, i2 % right_cols);
                let slot = &mut wide[(m1 + m2) * cols + j1 + j2];
                *slot = slot.checked_add(a as u128 * b as u128)?;
            }
        }
    }
    wide.into_iter().map(|c| u64::try_from(c).ok()).collect()
}
