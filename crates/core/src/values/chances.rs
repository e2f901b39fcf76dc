//! The per-cell chances, the answer of this module: [`NumberChances`] (the layouts in which
//! one cell shows each number, as 64-bit digits in one buffer) and [`BoardChances`] (every
//! cell's, shared by the cells that look alike). The lowest part: the enumeration and the
//! combination fill them in, and they know nothing of either.

use num_bigint::BigUint;
use num_traits::Zero;

use crate::board::CellIdx;
use crate::combinatorics::{ratio_to_f64, Fraction};

use super::digits::big_from_u64_digits;

/// The numbers a safe cell can show, 0 to 8.
pub const NUMBERS: usize = 9;

/// The exact number chances of one cell.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NumberChances {
    /// The consistent layouts in which the cell is safe and shows `n`, for each `n`, as
    /// little-endian 64-bit digits, `stride` per number in one buffer (the fewest digits that
    /// hold the largest count, so equal counts have equal digits): one allocation for the
    /// nine counts rather than one each.
    pub(super) digits: Vec<u64>,
    pub(super) stride: usize,
    /// Their sum: layouts in which the cell is safe. Never zero.
    pub(super) safe_layouts: BigUint,
}

impl NumberChances {
    /// The digits of the count of `number` (below [`NUMBERS`]).
    fn digits_of(&self, number: usize) -> &[u64] {
        &self.digits[number * self.stride..(number + 1) * self.stride]
    }

    /// The number of consistent layouts in which the cell is safe and shows `number` (zero
    /// for `number` above 8).
    pub fn layouts_showing(&self, number: usize) -> BigUint {
        if number < NUMBERS {
            big_from_u64_digits(self.digits_of(number))
        } else {
            BigUint::zero()
        }
    }

    /// The number of consistent layouts in which the cell is safe.
    pub fn safe_layouts(&self) -> &BigUint {
        &self.safe_layouts
    }

    /// The exact probability that the cell shows `number`, given that it is safe.
    pub fn chance_exact(&self, number: usize) -> Fraction {
        Fraction::new(self.layouts_showing(number), self.safe_layouts.clone())
    }

    /// The probability of each number 0..=8, given that the cell is safe, as `f64`.
    pub fn chances(&self) -> [f64; NUMBERS] {
        std::array::from_fn(|n| {
            if self.digits_of(n).iter().all(|&d| d == 0) {
                0.0
            } else {
                ratio_to_f64(&self.layouts_showing(n), &self.safe_layouts)
            }
        })
    }

    /// The exact probability that the cell shows a zero (and so opens an area), given that it
    /// is safe.
    pub fn zero_chance_exact(&self) -> Fraction {
        self.chance_exact(0)
    }

    /// The numbers the cell shows in at least one consistent layout in which it is safe.
    pub fn possible_numbers(&self) -> Vec<u8> {
        (0..NUMBERS as u8)
            .filter(|&n| self.digits_of(n as usize).iter().any(|&d| d != 0))
            .collect()
    }
}

/// The number chances of every cell of a position. Cells whose neighbourhoods look alike to
/// the engine (most floating cells, for one) share one [`NumberChances`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BoardChances {
    pub(super) chances: Vec<NumberChances>,
    /// Per board cell, its entry in `chances`.
    pub(super) of_cell: Vec<Option<u32>>,
}

impl BoardChances {
    /// The chances of one cell: `Some` for each unrevealed, unflagged cell that is safe in at
    /// least one consistent layout, `None` for the rest (revealed cells, flags, certain
    /// mines).
    pub fn get(&self, idx: CellIdx) -> Option<&NumberChances> {
        self.of_cell
            .get(idx.get())
            .copied()
            .flatten()
            .map(|i| &self.chances[i as usize])
    }

    /// Every cell with chances, in board order.
    pub fn iter(&self) -> impl Iterator<Item = (CellIdx, &NumberChances)> + '_ {
        self.of_cell
            .iter()
            .enumerate()
            .filter_map(|(i, slot)| slot.map(|s| (CellIdx(i as u32), &self.chances[s as usize])))
    }
}
