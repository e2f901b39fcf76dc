//! Small random positions for brute-force tests (`conditioned`'s): each drawn from a real
//! layout.

use crate::board::{Board, Cell};
use crate::rng::GameRng;

/// A small random position drawn from a real layout, as in the integration tests: revealed
/// numbers with their true values, some flags, the rest hidden.
pub(crate) fn random_position(rng: &mut GameRng) -> Board {
    let width = 2 + rng.below(5) as usize;
    let height = 2 + rng.below(5) as usize;
    let n = width * height;
    let density = 10 + rng.below(35);
    let is_mine: Vec<bool> = (0..n).map(|_| rng.below(100) < density).collect();
    let mines = is_mine.iter().filter(|m| **m).count();
    let reveal_percent = 30 + rng.below(60);
    let mut board = Board::new(width, height, mines).unwrap();
    for idx in board.indices().collect::<Vec<_>>() {
        let cell = if is_mine[idx.get()] {
            if rng.below(100) < 10 {
                Cell::Flag
            } else {
                Cell::Hidden
            }
        } else if rng.below(100) < reveal_percent {
            let around = board.neighbours(idx).filter(|m| is_mine[m.get()]).count();
            Cell::Revealed(around as u8)
        } else {
            Cell::Hidden
        };
        board.set_cell(idx, cell);
    }
    board
}
