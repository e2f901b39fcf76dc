//! Boxes and independent fronts.
//!
//! A **box** is a set of unknown cells that touch exactly the same witnesses: the rules cannot
//! tell them apart, so only the number of mines in the box matters, and each count `k` stands
//! for `C(size, k)` layouts. A **front** is a connected group of boxes and witnesses; fronts
//! share nothing but the global mine count, so each is enumerated on its own. Unknown cells
//! that touch no witness are **floating**: they share the mines the fronts leave.

use crate::engine::enumerate::FastMap;

use crate::board::CellIdx;
use crate::engine::rules::{Rules, Status};

/// Cells with the same witnesses.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MineBox {
    /// The cells, in board order.
    pub cells: Vec<CellIdx>,
    /// Indices into [`Rules::witnesses`], ascending.
    pub witnesses: Vec<u32>,
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
#[derive(Debug, Clone)]
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

impl Boxes {
    /// Groups the unknown cells of `rules`.
    pub fn new(rules: &Rules) -> Boxes {
        let n_cells = rules.status.len();
        // Every (cell, witness) pair, by cell. The witnesses are taken in order and the sort
        // is stable, so each cell's run lists its witnesses ascending: the cell's key, found
        // without a vector per cell.
        let n_pairs = rules.witnesses.iter().map(|w| w.cells.len()).sum();
        let mut pairs: Vec<(u32, u32)> = Vec::with_capacity(n_pairs);
        for (w, witness) in rules.witnesses.iter().enumerate() {
            pairs.extend(witness.cells.iter().map(|c| (c.0, w as u32)));
        }
        crate::engine::sorting::stable_sort_by_key(&mut pairs, |&(cell, _)| cell);
        let keys: Vec<u32> = pairs.iter().map(|&(_, w)| w).collect();
        // Sized once: a box per front cell at most, and the unknown cells at most float (the
        // vectors and the map would otherwise grow several times over a position).
        let mut boxes: Vec<MineBox> = Vec::with_capacity(n_pairs.min(rules.unknown_count));
        let mut by_key: FastMap<&[u32], u32> =
            FastMap::with_capacity_and_hasher(boxes.capacity(), Default::default());
        let mut box_of_cell = vec![None; n_cells];
        let mut floating = Vec::with_capacity(rules.unknown_count);
        let mut next = 0;
        for (i, status) in rules.status.iter().enumerate() {
            if *status != Status::Unknown {
                continue;
            }
            // A witness's cells are unknown, so every pair's cell comes up here in turn.
            let start = next;
            while next < pairs.len() && pairs[next].0 == i as u32 {
                next += 1;
            }
            let cell = CellIdx(i as u32);
            if start == next {
                floating.push(cell);
                continue;
            }
            let key = &keys[start..next];
            let id = *by_key.entry(key).or_insert_with(|| {
                boxes.push(MineBox {
                    // All its cells neighbour one number: eight at most.
                    cells: Vec::with_capacity(8),
                    witnesses: key.to_vec(),
                });
                (boxes.len() - 1) as u32
            });
            boxes[id as usize].cells.push(cell);
            box_of_cell[i] = Some(id);
        }
        let fronts = split_fronts(rules.witnesses.len(), &boxes);
        Boxes {
            boxes,
            fronts,
            floating,
            box_of_cell,
        }
    }
}

/// Connected components of the witness-box graph, found with a union-find over witnesses.
fn split_fronts(n_witnesses: usize, boxes: &[MineBox]) -> Vec<Front> {
    let mut parent: Vec<u32> = (0..n_witnesses as u32).collect();
    fn root(parent: &mut [u32], mut w: u32) -> u32 {
        while parent[w as usize] != w {
            parent[w as usize] = parent[parent[w as usize] as usize];
            w = parent[w as usize];
        }
        w
    }
    for b in boxes {
        let first = root(&mut parent, b.witnesses[0]);
        for &w in &b.witnesses[1..] {
            let r = root(&mut parent, w);
            parent[r as usize] = first;
        }
    }
    // Per witness that is a root, its front (indexed directly: no map).
    let mut front_of_root: Vec<u32> = vec![u32::MAX; n_witnesses];
    let mut fronts: Vec<Front> = Vec::new();
    for w in 0..n_witnesses as u32 {
        let r = root(&mut parent, w) as usize;
        if front_of_root[r] == u32::MAX {
            front_of_root[r] = fronts.len() as u32;
            fronts.push(Front {
                boxes: Vec::new(),
                witnesses: Vec::new(),
            });
        }
        fronts[front_of_root[r] as usize].witnesses.push(w);
    }
    for (b, mine_box) in boxes.iter().enumerate() {
        let r = root(&mut parent, mine_box.witnesses[0]) as usize;
        fronts[front_of_root[r] as usize].boxes.push(b as u32);
    }
    fronts
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
}
