//! Synthetic positions, for tests, benches and measurements of the engine's budget: a seeded
//! random layout at 20 % mines on a square board, with the safe cells of a pattern revealed.
//!
//! The patterns give the hard cases that real games rarely reach: every third column
//! revealed ([`striped_position`]) makes hundreds of long fronts; a grid makes one front that
//! winds over the whole board; sparse dots leave a large floating region. The layout comes from
//! [`GameRng`] (SplitMix64) with a mine wherever `next_u64() % 5 == 0`, a rule simple enough to
//! repeat outside Rust: the browser measurements (`tests/browser.mjs`) draw the same positions.

use crate::board::{Board, Cell};
use crate::rng::GameRng;

/// A `side` x `side` position: a mine wherever the `seed`ed generator's next number is a
/// multiple of 5 (cells in reading order), and every safe cell at `(x, y)` with
/// `revealed(x, y)` showing its number. Every other cell is hidden, none flagged.
pub fn pattern_position(side: usize, seed: u64, revealed: impl Fn(usize, usize) -> bool) -> Board {
    let mut rng = GameRng::new(seed);
    let is_mine: Vec<bool> = (0..side * side)
        .map(|_| rng.next_u64().is_multiple_of(5))
        .collect();
    let mines = is_mine.iter().filter(|m| **m).count();
    let mut board = Board::new(side, side, mines).expect("a square board with its own mine count");
    for idx in board.indices().collect::<Vec<_>>() {
        let (x, y) = board.xy(idx);
        if revealed(x, y) && !is_mine[idx.get()] {
            let n = board.neighbours(idx).filter(|m| is_mine[m.get()]).count();
            board.set_cell(idx, Cell::Revealed(n as u8));
        }
    }
    board
}

/// [`pattern_position`] with every third column revealed: one long front per pair of hidden
/// columns. At side 200 it is far over the exact engine's default budget; at 30 it is within.
pub fn striped_position(side: usize, seed: u64) -> Board {
    pattern_position(side, seed, |x, _| x % 3 == 0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_pattern_decides_what_is_revealed_and_the_numbers_are_true() {
        let board = striped_position(12, 3);
        assert_eq!(board.len(), 144);
        let mut revealed = 0;
        for idx in board.indices() {
            let (x, _) = board.xy(idx);
            match board.cell(idx) {
                Cell::Revealed(_) => {
                    assert_eq!(x % 3, 0);
                    revealed += 1;
                }
                Cell::Hidden => {}
                other => panic!("unexpected {other:?}"),
            }
        }
        // About 4/5 of the 48 cells of revealed columns are safe.
        assert!((30..=46).contains(&revealed), "{revealed}");
        // The same seed gives the same board; another seed another.
        assert_eq!(board, striped_position(12, 3));
        assert_ne!(board, striped_position(12, 4));
        // Revealing everything shows the numbers of a real layout: the hidden cells are the
        // mines, the only layout the engine finds.
        let all = pattern_position(12, 3, |_, _| true);
        let hidden = all
            .indices()
            .filter(|i| all.cell(*i) == Cell::Hidden)
            .count();
        assert_eq!(hidden, all.mines());
        let analysis = crate::solve_board(&all, &crate::SolveConfig::default()).unwrap();
        assert_eq!(analysis.solutions().to_string(), "1");
    }
}
