//! [`AtMostEight`]: a list of at most eight items, kept inline.
//!
//! Why: a witness's unknown cells, a box's cells and a box's witnesses are all neighbours of
//! one cell, so there are never more than eight of them. A `Vec` for each cost a heap
//! allocation (and its free) per witness and two per box, a fifth of a beginner position's
//! instructions in the rules and boxes; an inline array costs none. It reads as a slice
//! (`Deref`), so the code that walks these lists is unchanged.

use std::fmt;
use std::ops::{Deref, DerefMut};

/// Up to eight `T`s in a fixed array, with their count.
#[derive(Clone, Copy)]
pub struct AtMostEight<T> {
    items: [T; 8],
    len: u8,
}

impl<T: Copy + Default> AtMostEight<T> {
    /// An empty list.
    pub fn new() -> AtMostEight<T> {
        AtMostEight {
            items: [T::default(); 8],
            len: 0,
        }
    }

    /// Appends `item`.
    ///
    /// # Panics
    /// When the list already holds eight: a caller's invariant (neighbours of one cell) broken.
    pub fn push(&mut self, item: T) {
        assert!(self.len < 8, "more than eight neighbours of one cell");
        self.items[self.len as usize] = item;
        self.len += 1;
    }

    /// The list of the items of `items` (at most eight).
    pub fn from_slice(items: &[T]) -> AtMostEight<T> {
        assert!(items.len() <= 8, "more than eight neighbours of one cell");
        let mut list = AtMostEight::new();
        list.items[..items.len()].copy_from_slice(items);
        list.len = items.len() as u8;
        list
    }
}

impl<T: Copy + Default> Default for AtMostEight<T> {
    fn default() -> AtMostEight<T> {
        AtMostEight::new()
    }
}

impl<T> Deref for AtMostEight<T> {
    type Target = [T];
    fn deref(&self) -> &[T] {
        &self.items[..self.len as usize]
    }
}

impl<T> DerefMut for AtMostEight<T> {
    fn deref_mut(&mut self) -> &mut [T] {
        &mut self.items[..self.len as usize]
    }
}

impl<'a, T> IntoIterator for &'a AtMostEight<T> {
    type Item = &'a T;
    type IntoIter = std::slice::Iter<'a, T>;
    fn into_iter(self) -> Self::IntoIter {
        self.deref().iter()
    }
}

/// Equal when the listed items are: what lies past the count does not matter.
impl<T: PartialEq> PartialEq for AtMostEight<T> {
    fn eq(&self, other: &AtMostEight<T>) -> bool {
        self.deref() == other.deref()
    }
}

impl<T: Eq> Eq for AtMostEight<T> {}

impl<T: fmt::Debug> fmt::Debug for AtMostEight<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.deref().fmt(f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_as_the_slice_pushed() {
        let mut list = AtMostEight::<u32>::new();
        assert!(list.is_empty());
        for i in 0..8 {
            list.push(10 + i);
        }
        assert_eq!(&*list, &[10, 11, 12, 13, 14, 15, 16, 17]);
        assert_eq!(
            list,
            AtMostEight::from_slice(&[10, 11, 12, 13, 14, 15, 16, 17])
        );
        // What lies past the count does not take part in equality.
        let mut shorter = list;
        shorter.len = 3;
        assert_eq!(shorter, AtMostEight::from_slice(&[10, 11, 12]));
        assert_ne!(shorter, AtMostEight::from_slice(&[10, 11]));
        assert_eq!(format!("{shorter:?}"), "[10, 11, 12]");
    }

    #[test]
    #[should_panic(expected = "more than eight")]
    fn a_ninth_item_is_refused() {
        let mut list = AtMostEight::<u32>::from_slice(&[0; 8]);
        list.push(8);
    }
}
