//! A stable sort that compiles to one copy for the whole crate.
//!
//! Why: the standard library's stable sort is generic over the element and the comparison, so
//! every call site with its own closure gets its own compiled copy of the whole driftsort
//! (about 4 KB of WebAssembly each, gzipped). Nine such copies were about a tenth of the page's
//! solver module, which has a size budget (docs/BENCHMARKS.md, "The page"). Here a short slice
//! is sorted by insertion, and a longer one by sorting its positions with the standard sort
//! through a `dyn` comparison: one compiled copy serves every caller.
//!
//! The result is exactly that of `slice::sort_by`: a stable sort's output is determined by the
//! comparison alone, whatever the algorithm (the tests check it against the standard sort).

use std::cmp::Ordering;

/// Up to this many items, insertion sort: few comparisons, no allocation, little code.
const SHORT: usize = 24;

/// Sorts `items` stably by `compare`, with exactly the result of `items.sort_by(compare)`.
///
/// For slices longer than a few dozen items the comparison goes through a `dyn` call, so use
/// the standard sort where sorting is a measurable part of the work.
pub(crate) fn stable_sort_by<T>(items: &mut [T], mut compare: impl FnMut(&T, &T) -> Ordering) {
    if items.len() <= SHORT {
        for i in 1..items.len() {
            let mut j = i;
            while j > 0 && compare(&items[j - 1], &items[j]) == Ordering::Greater {
                items.swap(j - 1, j);
                j -= 1;
            }
        }
        return;
    }
    let mut order: Vec<u32> = (0..items.len() as u32).collect();
    sort_positions(&mut order, &mut |a, b| {
        compare(&items[a as usize], &items[b as usize])
    });
    apply_order(items, &order);
}

/// Sorts `items` stably by the key `key` gives, as `items.sort_by_key(key)` would.
pub(crate) fn stable_sort_by_key<T, K: Ord>(items: &mut [T], mut key: impl FnMut(&T) -> K) {
    stable_sort_by(items, |a, b| key(a).cmp(&key(b)));
}

/// The one compiled copy of the standard stable sort: positions, compared through `dyn`.
#[inline(never)]
fn sort_positions(order: &mut [u32], compare: &mut dyn FnMut(u32, u32) -> Ordering) {
    order.sort_by(|&a, &b| compare(a, b));
}

/// Rearranges `items` so that item `i` becomes the one that was at `order[i]`, in place, by
/// following each cycle of the permutation once.
fn apply_order<T>(items: &mut [T], order: &[u32]) {
    let mut placed = vec![false; items.len()];
    for start in 0..items.len() {
        if placed[start] {
            continue;
        }
        // Invariant: the item first at `start` sits at `at`, and `at` must take the item at
        // `order[at]`, which has not moved yet unless it is the one first at `start`.
        let mut at = start;
        loop {
            placed[at] = true;
            let from = order[at] as usize;
            if from == start {
                break;
            }
            items.swap(at, from);
            at = from;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::GameRng;

    /// Against the standard stable sort, with many equal keys so that stability shows, on
    /// lengths on both sides of the insertion-sort threshold.
    #[test]
    #[allow(clippy::unnecessary_sort_by)] // the comparison form is what `stable_sort_by` takes
    fn matches_the_standard_stable_sort() {
        let mut rng = GameRng::new(7);
        for len in (0..40).chain([100, 257, 1000]) {
            for _ in 0..20 {
                let items: Vec<(u32, u32)> =
                    (0..len).map(|i| (rng.below(5) as u32, i as u32)).collect();
                let mut ours = items.clone();
                let mut standard = items.clone();
                stable_sort_by(&mut ours, |a, b| b.0.cmp(&a.0));
                standard.sort_by(|a, b| b.0.cmp(&a.0));
                assert_eq!(ours, standard, "len {len}");
                let mut ours = items.clone();
                let mut standard = items;
                stable_sort_by_key(&mut ours, |p| p.0);
                standard.sort_by_key(|p| p.0);
                assert_eq!(ours, standard, "len {len}");
            }
        }
    }

    /// Items that cannot be copied move whole (the permutation is applied by swaps).
    #[test]
    fn moves_owned_items() {
        let mut rng = GameRng::new(11);
        let items: Vec<Vec<u32>> = (0..300).map(|i| vec![i; rng.below(9) as usize]).collect();
        let mut ours = items.clone();
        let mut standard = items;
        stable_sort_by_key(&mut ours, |v| std::cmp::Reverse(v.len()));
        standard.sort_by_key(|v| std::cmp::Reverse(v.len()));
        assert_eq!(ours, standard);
    }
}
