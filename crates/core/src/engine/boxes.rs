//! Boxes and independent fronts.
//!
//! A **box** is a set of unknown cells that touch exactly the same witnesses: the rules cannot
//! tell them apart, so only the number of mines in the box matters, and each count `k` stands
//! for `C(size, k)` layouts. A **front** is a connected group of boxes and witnesses; fronts
//! share nothing but the global mine count, so each is enumerated on its own. Unknown cells
//! that touch no witness are **floating**: they share the mines the fronts leave.

use crate::board::CellIdx;
use crate::engine::at_most_eight::AtMostEight;
use crate::engine::rules::{Rules, Status};

/// Cells with the same witnesses.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MineBox {
    /// The cells, in board order (all neighbours of one number: eight at most).
    pub cells: AtMostEight<CellIdx>,
    /// Indices into [`Rules::witnesses`], ascending (all neighbours of each of its cells).
    pub witnesses: AtMostEight<u32>,
}

/// A connected group of boxes and the witnesses over them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Front {
    /// Indices into [`Boxes::boxes`], ascending.
    pub boxes: Vec<u32>,
    /// Indices into [`Rules::witnesses`].
    pub witnesses: Vec<u32>,
}

/// The unknown cells grouped into boxes, fronts and floating cells.
#[derive(Debug, Clone, Default)]
pub struct Boxes {
    /// Every box.
    pub boxes: Vec<MineBox>,
    /// The independent fronts.
    pub fronts: Vec<Front>,
    /// Unknown cells touching no witness.
    pub floating: Vec<CellIdx>,
    /// For each board cell, its box if it is in one.
    pub box_of_cell: Vec<Option<u32>>,
}

/// The working buffers of [`Boxes::new_with`], kept between positions by a caller that
/// analyses many (their contents do not carry over: each call starts them afresh).
#[derive(Debug, Default)]
pub struct BoxesScratch {
    /// Per board cell, its witnesses so far; empty between calls (each call empties the
    /// lists it filled), so that only the front's cells are touched.
    key_of_cell: Vec<AtMostEight<u32>>,
    /// Per witness, the last box made whose first witness it is, and per box the one made
    /// before it with the same first witness: a box is found among the few that share its
    /// first witness, without hashing.
    last_box_of_witness: Vec<u32>,
    earlier_box: Vec<u32>,
    /// The union-find over witnesses, and per root witness its front.
    parent: Vec<u32>,
    front_of_root: Vec<u32>,
    /// The vectors of a [`Boxes`] a caller is done with ([`BoxesScratch::recycle`]), refilled
    /// by the next [`Boxes::new_with`] instead of allocated afresh.
    spare: Boxes,
    /// Per front, the number of its witnesses and of its boxes.
    front_sizes: Vec<(u32, u32)>,
    /// The cells some witness touches, each once.
    touched: Vec<u32>,
}

impl BoxesScratch {
    /// Keeps the vectors of `boxes`, which the caller no longer needs, for the next
    /// [`Boxes::new_with`] (the probabilities-only analysis hands its boxes back; an
    /// [`Analysis`](crate::Analysis) keeps its own).
    pub fn recycle(&mut self, boxes: Boxes) {
        self.spare = boxes;
    }
}

/// No box, no front: the end of a chain in [`BoxesScratch`].
const NONE: u32 = u32::MAX;

impl Boxes {
    /// Groups the unknown cells of `rules`.
    pub fn new(rules: &Rules) -> Boxes {
        Boxes::new_with(rules, &mut BoxesScratch::default())
    }

    /// [`Boxes::new`], with its working buffers in `scratch`.
    pub fn new_with(rules: &Rules, scratch: &mut BoxesScratch) -> Boxes {
        let n_cells = rules.status.len();
        let n_witnesses = rules.witnesses.len();
        if scratch.key_of_cell.len() < n_cells {
            scratch.key_of_cell.resize(n_cells, AtMostEight::new());
        }
        // Each cell's key, its witnesses ascending (the witnesses are taken in order), and the
        // cells touched (each once, when its key was empty), so that the boxes are made from
        // these few cells rather than from every cell of the board.
        let mut n_pairs = 0;
        scratch.touched.clear();
        for (w, witness) in rules.witnesses.iter().enumerate() {
            n_pairs += witness.cells.len();
            for cell in &witness.cells {
                let key = &mut scratch.key_of_cell[cell.get()];
                if key.is_empty() {
                    scratch.touched.push(cell.0);
                }
                key.push(w as u32);
            }
        }
        // In board order, as the boxes are numbered by their first cell.
        scratch.touched.sort_unstable();
        scratch.last_box_of_witness.clear();
        scratch.last_box_of_witness.resize(n_witnesses, NONE);
        scratch.earlier_box.clear();
        // Sized once: a box per front cell at most (the vector would otherwise grow several
        // times over a position); the floating cells' below. The vectors of the boxes last
        // recycled, if any, emptied.
        // On wasm32 nothing is recycled (the page has no probabilities-only caller), and the
        // fresh vectors are made as before: the solver's module had no room for the reuse.
        #[cfg(not(target_arch = "wasm32"))]
        let Boxes {
            mut boxes,
            mut fronts,
            mut floating,
            mut box_of_cell,
        } = {
            let mut spare = std::mem::take(&mut scratch.spare);
            spare.boxes.clear();
            spare.boxes.reserve(n_pairs.min(rules.unknown_count));
            spare.box_of_cell.clear();
            spare.box_of_cell.resize(n_cells, None);
            spare.floating.clear();
            spare
        };
        #[cfg(target_arch = "wasm32")]
        let (mut boxes, mut fronts, mut floating, mut box_of_cell): (
            Vec<MineBox>,
            _,
            _,
            _,
        ) = (
            Vec::with_capacity(n_pairs.min(rules.unknown_count)),
            Vec::new(),
            Vec::new(),
            vec![None; n_cells],
        );
        // The floating cells: unknown, touched by no witness. Every cell is written at the
        // end of the list and kept by advancing its length or not, without a branch per cell
        // (this is the one pass over every cell; room for all of them and one more).
        floating.resize(n_cells + 1, CellIdx(0));
        let mut n_floating = 0;
        for (i, (status, key)) in rules.status.iter().zip(&scratch.key_of_cell).enumerate() {
            floating[n_floating] = CellIdx(i as u32);
            n_floating += usize::from(*status == Status::Unknown && key.is_empty());
        }
        floating.truncate(n_floating);
        // A witness's cells are unknown ones: every touched cell is in a box.
        for &i in &scratch.touched {
            let i = i as usize;
            debug_assert_eq!(rules.status[i], Status::Unknown);
            let cell = CellIdx(i as u32);
            let key = &scratch.key_of_cell[i];
            let first = key[0];
            let mut id = scratch.last_box_of_witness[first as usize];
            while id != NONE && boxes[id as usize].witnesses != *key {
                id = scratch.earlier_box[id as usize];
            }
            if id == NONE {
                id = boxes.len() as u32;
                boxes.push(MineBox {
                    cells: AtMostEight::new(),
                    witnesses: *key,
                });
                scratch
                    .earlier_box
                    .push(scratch.last_box_of_witness[first as usize]);
                scratch.last_box_of_witness[first as usize] = id;
            }
            boxes[id as usize].cells.push(cell);
            box_of_cell[i] = Some(id);
        }
        // Empty again for the next call: only the cells just filled.
        for &i in &scratch.touched {
            scratch.key_of_cell[i as usize] = AtMostEight::new();
        }
        split_fronts(n_witnesses, &boxes, scratch, &mut fronts);
        Boxes {
            boxes,
            fronts,
            floating,
            box_of_cell,
        }
    }
}

/// Connected components of the witness-box graph, found with a union-find over witnesses,
/// written in `fronts` (its vectors refilled).
fn split_fronts(
    n_witnesses: usize,
    boxes: &[MineBox],
    scratch: &mut BoxesScratch,
    fronts: &mut Vec<Front>,
) {
    let parent = &mut scratch.parent;
    parent.clear();
    parent.extend(0..n_witnesses as u32);
    fn root(parent: &mut [u32], mut w: u32) -> u32 {
        while parent[w as usize] != w {
            parent[w as usize] = parent[parent[w as usize] as usize];
            w = parent[w as usize];
        }
        w
    }
    for b in boxes {
        let first = root(parent, b.witnesses[0]);
        for &w in &b.witnesses[1..] {
            let r = root(parent, w);
            parent[r as usize] = first;
        }
    }
    // Every witness's parent made its root, then per root its front (indexed directly: no
    // map), and each front's vectors sized once from the counts.
    for w in 0..n_witnesses as u32 {
        parent[w as usize] = root(parent, w);
    }
    let front_of_root = &mut scratch.front_of_root;
    front_of_root.clear();
    front_of_root.resize(n_witnesses, NONE);
    let sizes = &mut scratch.front_sizes;
    sizes.clear();
    for &root in parent.iter() {
        let r = root as usize;
        if front_of_root[r] == NONE {
            front_of_root[r] = sizes.len() as u32;
            sizes.push((0, 0));
        }
        sizes[front_of_root[r] as usize].0 += 1;
    }
    for b in boxes {
        sizes[front_of_root[parent[b.witnesses[0] as usize] as usize] as usize].1 += 1;
    }
    fronts.truncate(sizes.len());
    fronts.resize_with(sizes.len(), || Front {
        boxes: Vec::new(),
        witnesses: Vec::new(),
    });
    for (front, &(witnesses, boxes)) in fronts.iter_mut().zip(sizes.iter()) {
        front.boxes.clear();
        front.boxes.reserve(boxes as usize);
        front.witnesses.clear();
        front.witnesses.reserve(witnesses as usize);
    }
    for (w, &root) in parent.iter().enumerate() {
        fronts[front_of_root[root as usize] as usize]
            .witnesses
            .push(w as u32);
    }
    for (b, mine_box) in boxes.iter().enumerate() {
        fronts[front_of_root[parent[mine_box.witnesses[0] as usize] as usize] as usize]
            .boxes
            .push(b as u32);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::parse_mine;

    #[test]
    fn groups_cells_by_witnesses_and_splits_fronts() {
        // Two 1s in the top corners, each over its own three cells; seven cells float.
        let board = parse_mine("5x3x2\n1HHH1\nHHHHH\nHHHHH\n").unwrap();
        let rules = Rules::from_board(&board).unwrap();
        let boxes = Boxes::new(&rules);
        assert_eq!(boxes.fronts.len(), 2);
        assert_eq!(boxes.boxes.len(), 2);
        assert!(boxes.boxes.iter().all(|b| b.cells.len() == 3));
        assert_eq!(boxes.floating.len(), 7);
    }

    /// The grouping as its definition says, slowly: the cells keyed by their witnesses in a
    /// map, the boxes in the order of their first cell, and the fronts as the components of
    /// witnesses linked by a shared box, found by a plain search.
    fn boxes_by_definition(rules: &Rules) -> (Vec<MineBox>, Vec<Front>, Vec<CellIdx>) {
        use std::collections::BTreeMap;
        let mut key_of: BTreeMap<CellIdx, Vec<u32>> = BTreeMap::new();
        for (w, witness) in rules.witnesses.iter().enumerate() {
            for &cell in &witness.cells {
                key_of.entry(cell).or_default().push(w as u32);
            }
        }
        let (mut boxes, mut floating) = (Vec::<MineBox>::new(), Vec::new());
        for (i, status) in rules.status.iter().enumerate() {
            let cell = CellIdx(i as u32);
            match (status, key_of.get(&cell)) {
                (Status::Unknown, None) => floating.push(cell),
                (Status::Unknown, Some(key)) => {
                    match boxes.iter_mut().find(|b| *b.witnesses == **key) {
                        Some(b) => b.cells.push(cell),
                        None => boxes.push(MineBox {
                            cells: AtMostEight::from_slice(&[cell]),
                            witnesses: AtMostEight::from_slice(key),
                        }),
                    }
                }
                _ => {}
            }
        }
        let mut front_of_witness = vec![usize::MAX; rules.witnesses.len()];
        let mut fronts = Vec::new();
        for start in 0..rules.witnesses.len() {
            if front_of_witness[start] != usize::MAX {
                continue;
            }
            let f = fronts.len();
            let mut stack = vec![start as u32];
            front_of_witness[start] = f;
            while let Some(w) = stack.pop() {
                for b in boxes.iter().filter(|b| b.witnesses.contains(&w)) {
                    for &v in &b.witnesses {
                        if front_of_witness[v as usize] == usize::MAX {
                            front_of_witness[v as usize] = f;
                            stack.push(v);
                        }
                    }
                }
            }
            fronts.push(Front {
                boxes: (0..boxes.len() as u32)
                    .filter(|&b| front_of_witness[boxes[b as usize].witnesses[0] as usize] == f)
                    .collect(),
                witnesses: (0..rules.witnesses.len() as u32)
                    .filter(|&w| front_of_witness[w as usize] == f)
                    .collect(),
            });
        }
        (boxes, fronts, floating)
    }

    /// `Boxes::new_with` against the definition on the positions of random games of many
    /// sizes, one scratch reused across all of them (so that what a larger board left in it
    /// must not show in a smaller one), and against `Boxes::new` with a fresh one.
    #[test]
    fn matches_the_definition_with_a_reused_scratch() {
        use crate::engine::test_games::random_game;
        use crate::rng::GameRng;
        let mut rng = GameRng::new(3907);
        let mut scratch = BoxesScratch::default();
        let (mut compared, mut several_fronts, mut wide_boxes) = (0, 0, 0);
        for _ in 0..400 {
            let (width, height) = (1 + rng.below(16) as usize, 1 + rng.below(12) as usize);
            let n = width * height;
            let mines = rng.below(n as u64 / 2 + 1) as usize;
            let (game, _) = random_game(&mut rng, width, height, mines, 6);
            let Ok(rules) = Rules::from_board(game.board()) else {
                continue;
            };
            let ours = Boxes::new_with(&rules, &mut scratch);
            let (boxes, fronts, floating) = boxes_by_definition(&rules);
            assert_eq!(ours.boxes, boxes);
            assert_eq!(ours.fronts, fronts);
            assert_eq!(ours.floating, floating);
            for (i, slot) in ours.box_of_cell.iter().enumerate() {
                let expected = boxes
                    .iter()
                    .position(|b| b.cells.contains(&CellIdx(i as u32)))
                    .map(|b| b as u32);
                assert_eq!(*slot, expected);
            }
            let fresh = Boxes::new(&rules);
            assert_eq!(
                (fresh.boxes, fresh.fronts),
                (ours.boxes.clone(), ours.fronts)
            );
            compared += 1;
            several_fronts += usize::from(fronts.len() > 1);
            wide_boxes += usize::from(ours.boxes.iter().any(|b| b.witnesses.len() > 2));
        }
        assert!(
            compared > 300 && several_fronts > 30 && wide_boxes > 30,
            "{compared} {several_fronts} {wide_boxes}"
        );
    }
}
