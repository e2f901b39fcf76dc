//! A brute-force reference enumerator: every placement of the unflagged mines among the
//! unrevealed cells, checked against every number. Exponential, so only for small boards; it
//! exists so that tests can check the real engine (and later features) against the definition.

use crate::board::{Board, Cell};

/// Every consistent layout of a small board.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BruteForce {
    /// The unrevealed, unflagged cells that may hold a mine (known-safe cells excluded).
    pub candidates: Vec<usize>,
    /// Each consistent layout, as the set of candidate cells holding a mine (board indices,
    /// ascending).
    pub layouts: Vec<Vec<usize>>,
}

/// The largest number of candidate cells [`enumerate_layouts`] accepts.
pub const MAX_BRUTE_CELLS: usize = 24;

/// Enumerates every consistent layout, or `None` when the board has more than
/// [`MAX_BRUTE_CELLS`] candidate cells.
pub fn enumerate_layouts(board: &Board) -> Option<BruteForce> {
    let candidates: Vec<usize> = board
        .cells()
        .iter()
        .enumerate()
        .filter(|(_, c)| matches!(c, Cell::Hidden | Cell::HiddenMine))
        .map(|(i, _)| i)
        .collect();
    if candidates.len() > MAX_BRUTE_CELLS {
        return None;
    }
    let flags = board.flag_count();
    let mut layouts = Vec::new();
    if flags > board.mines() {
        return Some(BruteForce {
            candidates,
            layouts,
        });
    }
    let to_place = board.mines() - flags;
    let mut is_mine: Vec<bool> = board.cells().iter().map(|c| *c == Cell::Flag).collect();
    let mut chosen = Vec::new();
    place(
        board,
        &candidates,
        0,
        to_place,
        &mut is_mine,
        &mut chosen,
        &mut layouts,
    );
    Some(BruteForce {
        candidates,
        layouts,
    })
}

fn place(
    board: &Board,
    candidates: &[usize],
    from: usize,
    left: usize,
    is_mine: &mut Vec<bool>,
    chosen: &mut Vec<usize>,
    out: &mut Vec<Vec<usize>>,
) {
    if left == 0 {
        if consistent(board, is_mine) {
            out.push(chosen.clone());
        }
        return;
    }
    for i in from..candidates.len() {
        if candidates.len() - i < left {
            break;
        }
        let cell = candidates[i];
        is_mine[cell] = true;
        chosen.push(cell);
        place(board, candidates, i + 1, left - 1, is_mine, chosen, out);
        chosen.pop();
        is_mine[cell] = false;
    }
}

/// Whether every revealed number equals the mines around it.
pub fn consistent(board: &Board, is_mine: &[bool]) -> bool {
    board.indices().all(|idx| match board.cell(idx) {
        Cell::Revealed(n) => {
            !is_mine[idx.get()]
                && board.neighbours(idx).filter(|m| is_mine[m.get()]).count() == n as usize
        }
        _ => true,
    })
}
