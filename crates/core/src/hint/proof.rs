//! The search for a cell's proof: the fewest revealed numbers (plus the mines-left count only
//! when no set of numbers does without it) that make the cell certain in their sub-position.
//!
//! - **Up to three numbers, smallest.** Without the count, a smallest proof is connected: a
//!   number sharing no unknown cell with the others, directly or through a chain, constrains
//!   nothing the others see and could be dropped. So every connected set of one, two, then
//!   three numbers that touches the cell is tried, in that order.
//! - **More, inclusion-minimal.** The numbers around the cell are taken in widening rings of
//!   the same "shares an unknown cell" graph until they make the cell certain, then each is
//!   dropped in turn, farthest first, when the rest still do.
//! - **With the count.** When even the cell's whole component fails without the count,
//!   every set of up to three numbers (any, connected or not: the count ties them) is tried
//!   with the count, then all of them shrunk as above.

use crate::board::{Cell, CellIdx};
use crate::deductions::Certainty;

use super::sub_position::SubPositions;

/// A proof: the numbers it keeps and whether it keeps the mines-left count.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Proof {
    pub(crate) numbers: Vec<CellIdx>,
    pub(crate) uses_count: bool,
}

impl Proof {
    /// No numbers and no count: for a cell the position itself marks safe.
    pub(crate) fn none() -> Proof {
        Proof {
            numbers: Vec::new(),
            uses_count: false,
        }
    }
}

/// The revealed numbers with an unknown neighbour around `cell` (those a proof can start
/// from).
fn numbers_touching(sub: &SubPositions<'_>, cell: CellIdx) -> Vec<CellIdx> {
    let board = sub.board();
    board
        .neighbours(cell)
        .filter(|&n| matches!(board.cell(n), Cell::Revealed(_)))
        .collect()
}

/// The numbers that share an unknown cell with `number`, in board order. (Sorted vectors
/// rather than ordered sets here and below: the same result, and less code in the page's
/// wasm module.)
fn linked_numbers(sub: &SubPositions<'_>, number: CellIdx) -> Vec<CellIdx> {
    let board = sub.board();
    let mut out = Vec::new();
    for u in sub.unknown_around(number) {
        for m in board.neighbours(u) {
            if m != number && matches!(board.cell(m), Cell::Revealed(_)) {
                out.push(m);
            }
        }
    }
    sorted(out)
}

/// A smallest proof of exactly `size` numbers without the count (1 to 3), if one exists:
/// every connected set of that size touching the cell, in a fixed order.
pub(crate) fn proof_of_size(
    sub: &SubPositions<'_>,
    cell: CellIdx,
    certainty: Certainty,
    size: usize,
) -> Option<Proof> {
    connected_sets(sub, cell, size)
        .into_iter()
        .find(|set| sub.is_certain(set, false, cell, certainty))
        .map(|numbers| Proof {
            numbers,
            uses_count: false,
        })
}

/// Every connected set of `size` numbers containing a number around `cell`, each sorted, in
/// order.
fn connected_sets(sub: &SubPositions<'_>, cell: CellIdx, size: usize) -> Vec<Vec<CellIdx>> {
    let mut sets: Vec<Vec<CellIdx>> = numbers_touching(sub, cell)
        .into_iter()
        .map(|n| vec![n])
        .collect();
    for _ in 1..size {
        let mut next = Vec::new();
        for set in &sets {
            for &member in set {
                for linked in linked_numbers(sub, member) {
                    if !set.contains(&linked) {
                        let mut grown = set.clone();
                        grown.push(linked);
                        grown.sort_unstable();
                        next.push(grown);
                    }
                }
            }
        }
        next.sort_unstable();
        next.dedup();
        sets = next;
    }
    sets
}

/// An inclusion-minimal proof without the count, found by widening rings and then dropping
/// numbers farthest first; `None` when the cell's whole component does not make it certain.
pub(crate) fn larger_proof(
    sub: &SubPositions<'_>,
    cell: CellIdx,
    certainty: Certainty,
) -> Option<Proof> {
    // Rings of the graph: `ring[i]` holds the numbers at distance i from the cell.
    let first = sorted(numbers_touching(sub, cell));
    let mut seen: Vec<CellIdx> = first.clone();
    let mut rings: Vec<Vec<CellIdx>> = vec![first];
    loop {
        let kept: Vec<CellIdx> = rings.iter().flatten().copied().collect();
        if sub.is_certain(&kept, false, cell, certainty) {
            let farthest_first: Vec<CellIdx> = rings.iter().rev().flatten().copied().collect();
            return Some(Proof {
                numbers: shrink(sub, cell, certainty, farthest_first, false),
                uses_count: false,
            });
        }
        let mut ring = Vec::new();
        for &number in rings.last().into_iter().flatten() {
            for linked in linked_numbers(sub, number) {
                if !seen.contains(&linked) {
                    seen.push(linked);
                    ring.push(linked);
                }
            }
        }
        if ring.is_empty() {
            return None;
        }
        rings.push(sorted(ring));
    }
}

/// A proof with the count: a smallest one among every set of up to three numbers, else every
/// number with an unknown neighbour, shrunk farthest first. The whole position makes the
/// cell certain (the caller found it so with the engine), so this always returns a proof.
pub(crate) fn proof_with_count(
    sub: &SubPositions<'_>,
    cell: CellIdx,
    certainty: Certainty,
) -> Proof {
    let board = sub.board();
    let (cx, cy) = board.xy(cell);
    let mut numbers: Vec<CellIdx> = board
        .indices()
        .filter(|&i| {
            matches!(board.cell(i), Cell::Revealed(_)) && sub.unknown_around(i).next().is_some()
        })
        .collect();
    // Nearest first, so that the first proof found of each size is a local one.
    numbers.sort_by_key(|&i| {
        let (x, y) = board.xy(i);
        (x.abs_diff(cx).max(y.abs_diff(cy)), i)
    });
    // A set can only be a proof with the count when its numbers could need more mines than
    // are left (the layouts with the wrong value under the cell then hold too many) or leave
    // too few cells outside for the rest (too few). Neither holds of most sets on a big
    // board: they are skipped without a search, which keeps the exhaustive sizes cheap.
    let need: Vec<usize> = numbers.iter().map(|&n| sub.need(n).unwrap_or(0)).collect();
    let cells: Vec<usize> = numbers
        .iter()
        .map(|&n| sub.unknown_around(n).count())
        .collect();
    let may_prove = |set: &[usize]| {
        let needed: usize = set.iter().map(|&i| need[i]).sum();
        let touched: usize = 1 + set.iter().map(|&i| cells[i]).sum::<usize>();
        needed + 1 > sub.mines_left() || sub.unknown_total() < sub.mines_left() + touched
    };
    let proves = |set: &[usize]| {
        let kept: Vec<CellIdx> = set.iter().map(|&i| numbers[i]).collect();
        (may_prove(set) && sub.is_certain(&kept, true, cell, certainty)).then(|| Proof {
            numbers: sorted(kept),
            uses_count: true,
        })
    };
    if let Some(proof) = proves(&[]) {
        return proof;
    }
    let n = numbers.len();
    for a in 0..n {
        if let Some(proof) = proves(&[a]) {
            return proof;
        }
    }
    for a in 0..n {
        for b in a + 1..n {
            if let Some(proof) = proves(&[a, b]) {
                return proof;
            }
        }
    }
    for a in 0..n {
        for b in a + 1..n {
            for c in b + 1..n {
                if let Some(proof) = proves(&[a, b, c]) {
                    return proof;
                }
            }
        }
    }
    let farthest_first: Vec<CellIdx> = numbers.into_iter().rev().collect();
    Proof {
        numbers: shrink(sub, cell, certainty, farthest_first, true),
        uses_count: true,
    }
}

/// Drops each number in turn (in the order given) while the rest still make the cell
/// certain; the numbers left, sorted.
fn shrink(
    sub: &SubPositions<'_>,
    cell: CellIdx,
    certainty: Certainty,
    order: Vec<CellIdx>,
    use_count: bool,
) -> Vec<CellIdx> {
    let mut kept = order.clone();
    for number in order {
        let without: Vec<CellIdx> = kept.iter().copied().filter(|&n| n != number).collect();
        if sub.is_certain(&without, use_count, cell, certainty) {
            kept = without;
        }
    }
    sorted(kept)
}

fn sorted(mut v: Vec<CellIdx>) -> Vec<CellIdx> {
    v.sort_unstable();
    v.dedup();
    v
}
