//! How large a position the exact engine solves within its default budget, and how long it
//! takes, on three families of synthetic hard positions at mine density 20 %:
//! - `stripes`: every third column revealed — one long front per column pair, many fronts;
//! - `grid`: every fourth row and column revealed — one front winding over the whole board;
//! - `dots`: one revealed cell in 25 — hundreds of small fronts and a large floating region.
//!
//! For each family and side, the time of `solve_board` (or "refused" when over budget) and
//! of the floating-point `estimate_board`.
//!
//! Run: `cargo run --release -p mineseer-lab -- budget-report`

use std::time::Instant;

use mineseer_core::engine::approximate::estimate_board;
use mineseer_core::synthetic::pattern_position;
use mineseer_core::{solve_board, SolveConfig};

/// Which cells of a family's pattern are revealed, by `(x, y)`.
type Reveal = fn(usize, usize) -> bool;

fn timed<T, E: std::fmt::Display>(f: impl FnOnce() -> Result<T, E>) -> String {
    let start = Instant::now();
    match f() {
        Ok(_) => format!("{:>9.1} ms", start.elapsed().as_secs_f64() * 1000.0),
        Err(_) => format!("refused {:>5.0} ms", start.elapsed().as_secs_f64() * 1000.0),
    }
}

pub fn run() {
    let config = SolveConfig::default();
    println!("family   side   exact            estimate");
    let families: [(&str, Reveal); 3] = [
        ("stripes", |x, _| x % 3 == 0),
        ("grid", |x, y| x % 4 == 0 || y % 4 == 0),
        ("dots", |x, y| x % 5 == 0 && y % 5 == 0),
    ];
    for (name, reveal) in families {
        for side in [30, 60, 100, 140, 200] {
            let board = pattern_position(side, side as u64, reveal);
            let exact = timed(|| solve_board(&board, &config));
            let estimate = timed(|| estimate_board(&board, &config));
            println!("{name:<8} {side:>4}   {exact:<16} {estimate}");
        }
    }
}
