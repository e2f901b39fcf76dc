//! Generates the benchmark corpus in `benches/corpus/`: positions from real games played on
//! 9x9/10, 16x16/40 and 30x16/99 by a simple player (every certain cell, else the safest
//! guess), recorded before every guess. "Hard" expert positions are those whose fronts hold
//! 40 to 100 cells.
//!
//! Run: `cargo run --release -p mineseer-lab -- gen-bench-corpus`
//! It is deterministic (a fixed SplitMix64 seed), so the committed corpus can be regenerated.

use std::fmt::Write as _;

use mineseer_core::formats::write_mine;
use mineseer_core::{solve_board, Board, Cell, CellIdx, SolveConfig};

pub(crate) struct SplitMix64(pub(crate) u64);

impl SplitMix64 {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// Reveals `start` and floods zeros. Returns false when `start` is a mine.
fn reveal(board: &mut Board, is_mine: &[bool], start: CellIdx) -> bool {
    if is_mine[start.get()] {
        return false;
    }
    let mut stack = vec![start];
    while let Some(idx) = stack.pop() {
        if !board.cell(idx).is_unrevealed() {
            continue;
        }
        let n = board.neighbours(idx).filter(|m| is_mine[m.get()]).count() as u8;
        board.set_cell(idx, Cell::Revealed(n));
        if n == 0 {
            stack.extend(board.neighbours(idx));
        }
    }
    true
}

/// Plays one game (also for `hint-times`), pushing the position before every guess into `out` with its front size.
pub(crate) fn play(
    rng: &mut SplitMix64,
    width: usize,
    height: usize,
    mines: usize,
    out: &mut Vec<(usize, Board)>,
) {
    let mut board = Board::new(width, height, mines).expect("preset sizes are valid");
    let first = board.idx(0, 0).expect("corner");
    let mut cells: Vec<usize> = (1..width * height).collect();
    let mut is_mine = vec![false; width * height];
    for i in 0..mines {
        let j = i + rng.below(cells.len() - i);
        cells.swap(i, j);
        is_mine[cells[i]] = true;
    }
    reveal(&mut board, &is_mine, first);
    loop {
        let Ok(analysis) = solve_board(&board, &SolveConfig::default()) else {
            return;
        };
        let unrevealed: Vec<CellIdx> = board
            .indices()
            .filter(|&i| board.cell(i).is_unrevealed())
            .collect();
        if unrevealed.len() == mines {
            return;
        }
        let safe: Vec<CellIdx> = unrevealed
            .iter()
            .copied()
            .filter(|&i| analysis.probability(i) == Some(0.0))
            .collect();
        if !safe.is_empty() {
            for idx in safe {
                reveal(&mut board, &is_mine, idx);
            }
            continue;
        }
        out.push((analysis.stats().front_cells, board.clone()));
        let guess = unrevealed
            .iter()
            .copied()
            .min_by(|&a, &b| {
                analysis
                    .probability(a)
                    .partial_cmp(&analysis.probability(b))
                    .expect("finite")
            })
            .expect("an unrevealed safe cell exists");
        if !reveal(&mut board, &is_mine, guess) {
            return;
        }
    }
}

fn write_corpus(name: &str, positions: &[Board]) {
    let mut text = String::new();
    for board in positions {
        let _ = writeln!(text, "{}", write_mine(board));
    }
    let path = format!("{}/benches/corpus/{name}.txt", crate::CORE_DIR);
    std::fs::write(&path, text).expect("the corpus folder is writable");
    println!("{path}: {} positions", positions.len());
}

pub fn run() {
    let mut rng = SplitMix64(20261125);
    std::fs::create_dir_all(format!("{}/benches/corpus", crate::CORE_DIR)).expect("mkdir");
    for (name, width, height, mines, games, keep) in [
        ("beginner", 9, 9, 10, 200, 100),
        ("intermediate", 16, 16, 40, 100, 100),
        ("expert", 30, 16, 99, 60, 100),
    ] {
        let mut all = Vec::new();
        for _ in 0..games {
            play(&mut rng, width, height, mines, &mut all);
        }
        // An even spread over the games' positions.
        let step = (all.len() / keep).max(1);
        let sample: Vec<Board> = all
            .iter()
            .step_by(step)
            .take(keep)
            .map(|(_, b)| b.clone())
            .collect();
        write_corpus(name, &sample);
        if name == "expert" {
            let mut hard = Vec::new();
            while hard.len() < 100 {
                play(&mut rng, width, height, mines, &mut all);
                hard.extend(
                    all.drain(..)
                        .filter(|(f, _)| (40..=100).contains(f))
                        .map(|(_, b)| b),
                );
            }
            hard.truncate(100);
            write_corpus("expert-hard", &hard);
        }
    }
}
