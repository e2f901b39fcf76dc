//! Helpers shared by the integration tests: random small positions and exact comparison with
//! the brute-force enumerator.
#![allow(dead_code)]

use mineseer_core::{Board, Cell};

/// A small deterministic generator (SplitMix64), so test positions do not depend on any RNG
/// crate's algorithm.
pub struct TestRng(u64);

impl TestRng {
    pub fn new(seed: u64) -> TestRng {
        TestRng(seed)
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    pub fn below(&mut self, n: u64) -> u64 {
        self.next_u64() % n
    }

    pub fn chance(&mut self, percent: u64) -> bool {
        self.below(100) < percent
    }
}

/// A random small position drawn from a real layout: some safe cells revealed with their true
/// numbers, some mines flagged, some safe cells marked known-safe. With `corrupt`, one revealed
/// number may be changed so that the position can be inconsistent.
pub fn random_position(rng: &mut TestRng, max_side: u64, corrupt: bool) -> Board {
    let width = 1 + rng.below(max_side) as usize;
    let height = 1 + rng.below(max_side) as usize;
    let n = width * height;
    let density = 10 + rng.below(40);
    let is_mine: Vec<bool> = (0..n).map(|_| rng.chance(density)).collect();
    let mines = is_mine.iter().filter(|m| **m).count();
    let reveal_percent = 20 + rng.below(60);
    let mut board = Board::new(width, height, mines).unwrap();
    for idx in board.indices().collect::<Vec<_>>() {
        let cell = if is_mine[idx.get()] {
            if rng.chance(15) {
                Cell::Flag
            } else {
                Cell::Hidden
            }
        } else if rng.chance(reveal_percent) {
            let around = board.neighbours(idx).filter(|m| is_mine[m.get()]).count();
            Cell::Revealed(around as u8)
        } else if rng.chance(5) {
            Cell::HiddenSafe
        } else {
            Cell::Hidden
        };
        board.set_cell(idx, cell);
    }
    if corrupt {
        let revealed: Vec<_> = board
            .indices()
            .filter(|&i| matches!(board.cell(i), Cell::Revealed(_)))
            .collect();
        if !revealed.is_empty() {
            let idx = revealed[rng.below(revealed.len() as u64) as usize];
            let limit = board.neighbours(idx).count() as u64;
            board.set_cell(idx, Cell::Revealed(rng.below(limit + 1) as u8));
        }
    }
    board
}

/// Every layout of `board` from the brute-force enumerator, as a mine mask over the whole
/// board (flags included).
pub fn layout_masks(board: &Board) -> Vec<Vec<bool>> {
    let brute = mineseer_core::brute::enumerate_layouts(board).expect("test boards are small");
    brute
        .layouts
        .iter()
        .map(|mines| {
            let mut mask: Vec<bool> = board.cells().iter().map(|c| *c == Cell::Flag).collect();
            for &m in mines {
                mask[m] = true;
            }
            mask
        })
        .collect()
}
