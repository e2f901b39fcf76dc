//! The numbers players measure a board by: **3BV**, openings and islands.
//!
//! - An **opening** is a group of zeros (safe cells with no mine around them), joined through
//!   any of the eight neighbours: one click on a zero opens the whole group and its border.
//! - **3BV** (Bechtel's Board Benchmark Value) is the fewest left clicks that win the board
//!   without flags or chords: one per opening, plus one per safe numbered cell that is not on
//!   the edge of an opening (no zero among its neighbours).
//! - An **island** is a group of those lone numbered cells, joined through any of the eight
//!   neighbours (ms-toollib's definition).
//! - **3BV solved** ([`bbbv_solved`]) counts, for a partly played board, the openings with a
//!   revealed zero (a revealed zero always opened its group) and the lone numbers revealed.
//!
//! ZiNi (the estimated fewest clicks with flags and chords) is not computed here: it is
//! ms_toollib's greedy `cal_zini` / `cal_hzini`, the field's reference, in
//! `mineseer_replay::zini`, which keeps ms_toollib out of the core and the solver's wasm.

use crate::board::{Board, CellIdx};

/// 3BV, openings and islands of one layout.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct BoardStats {
    /// Openings plus the safe numbered cells not on the edge of an opening.
    pub bbbv: usize,
    /// Groups of zeros.
    pub openings: usize,
    /// Groups of numbered cells not on the edge of an opening.
    pub islands: usize,
}

/// Each cell's place in the 3BV count, from which both [`board_stats`] and [`bbbv_solved`]
/// read.
struct Labels {
    /// Per cell: the opening (group of zeros) it belongs to, as a zero.
    opening_of: Vec<Option<u32>>,
    /// Per cell: a safe numbered cell with no zero around it.
    lone: Vec<bool>,
    openings: usize,
}

/// The 3BV, openings and islands of a layout (`mines[i]` for cell `i`, row-major) on a
/// `width` x `height` board. `mines.len()` must be `width * height`.
pub fn board_stats(width: usize, height: usize, mines: &[bool]) -> BoardStats {
    let grid = grid(width, height);
    let labels = label(&grid, mines);
    let lone_count = labels.lone.iter().filter(|l| **l).count();
    // Islands: groups of lone numbers, by a flood over their eight neighbours.
    let mut seen = vec![false; mines.len()];
    let mut islands = 0;
    let mut stack = Vec::new();
    for start in 0..mines.len() {
        if !labels.lone[start] || seen[start] {
            continue;
        }
        islands += 1;
        seen[start] = true;
        stack.push(CellIdx(start as u32));
        while let Some(idx) = stack.pop() {
            for n in grid.neighbours(idx) {
                if labels.lone[n.get()] && !seen[n.get()] {
                    seen[n.get()] = true;
                    stack.push(n);
                }
            }
        }
    }
    BoardStats {
        bbbv: labels.openings + lone_count,
        openings: labels.openings,
        islands,
    }
}

/// The 3BV already solved on a partly played board: the openings with a revealed zero, plus
/// the lone numbered cells revealed (`revealed[i]` for cell `i`, row-major).
pub fn bbbv_solved(width: usize, height: usize, mines: &[bool], revealed: &[bool]) -> usize {
    let grid = grid(width, height);
    let labels = label(&grid, mines);
    let mut opened = vec![false; labels.openings];
    let mut solved = 0;
    for (i, _) in revealed.iter().enumerate().filter(|(_, r)| **r) {
        if let Some(opening) = labels.opening_of[i] {
            if !opened[opening as usize] {
                opened[opening as usize] = true;
                solved += 1;
            }
        } else if labels.lone[i] {
            solved += 1;
        }
    }
    solved
}

/// An empty board of the size, for its neighbour iteration.
fn grid(width: usize, height: usize) -> Board {
    Board::new(width, height, 0).expect("a game's size fits a board")
}

fn label(grid: &Board, mines: &[bool]) -> Labels {
    let n = mines.len();
    let zero: Vec<bool> = grid
        .indices()
        .map(|i| !mines[i.get()] && grid.neighbours(i).all(|m| !mines[m.get()]))
        .collect();
    let mut opening_of = vec![None; n];
    let mut openings = 0u32;
    let mut stack = Vec::new();
    for start in 0..n {
        if !zero[start] || opening_of[start].is_some() {
            continue;
        }
        opening_of[start] = Some(openings);
        stack.push(CellIdx(start as u32));
        while let Some(idx) = stack.pop() {
            for m in grid.neighbours(idx) {
                if zero[m.get()] && opening_of[m.get()].is_none() {
                    opening_of[m.get()] = Some(openings);
                    stack.push(m);
                }
            }
        }
        openings += 1;
    }
    let lone = grid
        .indices()
        .map(|i| !mines[i.get()] && !zero[i.get()] && grid.neighbours(i).all(|m| !zero[m.get()]))
        .collect();
    Labels {
        opening_of,
        lone,
        openings: openings as usize,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn stats(rows: &[&str]) -> BoardStats {
        let mines: Vec<bool> = rows
            .iter()
            .flat_map(|r| r.chars().map(|c| c == '*'))
            .collect();
        board_stats(rows[0].len(), rows.len(), &mines)
    }

    #[test]
    fn small_boards_by_hand() {
        // One opening on the left; the right column's numbers all touch it.
        assert_eq!(
            stats(&["...*", "....", "...."]),
            BoardStats {
                bbbv: 1,
                openings: 1,
                islands: 0
            }
        );
        // No zero at all: every safe cell is its own click, joined diagonally into one island.
        assert_eq!(
            stats(&["*.*", ".*."]),
            BoardStats {
                bbbv: 3,
                openings: 0,
                islands: 1
            }
        );
        // Two lone numbers far apart: two islands.
        assert_eq!(
            stats(&["*.**.*"]),
            BoardStats {
                bbbv: 2,
                openings: 0,
                islands: 2
            }
        );
        // Two openings split by a wall of mines.
        assert_eq!(
            stats(&["..*..", "..*..", "..*.."]),
            BoardStats {
                bbbv: 2,
                openings: 2,
                islands: 0
            }
        );
    }
}
