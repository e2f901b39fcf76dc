//! Analyse a position: read it from the `.mine` text format, count its mine layouts exactly,
//! and list each hidden cell's chance of holding a mine, safest first.
//!
//! Run: `cargo run --release -p mineseer-core --example analyse_position`

use mineseer_core::formats::parse_mine;
use mineseer_core::{solve_board, CellClass, SolveConfig};

/// A beginner board (9x9, 10 mines) after a few clicks: `H` is hidden, a digit is revealed.
const POSITION: &str = "9x9x10
HHHHHHHHH
HHHHHHHHH
HH2112HHH
HH1001HHH
HH1001HHH
HH2112HHH
HHHHHHHHH
HHHHHHHHH
HHHHHHHHH
";

fn main() -> Result<(), Box<dyn std::error::Error>> {
    // Bad text is an error with its line and column, never a panic.
    let board = parse_mine(POSITION)?;
    // The default budget answers any position a person plays in well under a second; a
    // position over it is an error (`approximate::estimate_board` answers those).
    let analysis = solve_board(&board, &SolveConfig::default())?;
    println!(
        "{} layouts are consistent with the position",
        analysis.solutions()
    );

    // Front cells touch a number; floating cells do not, and all share one chance.
    let mut front: Vec<((usize, usize), f64)> = Vec::new();
    let mut floating = None;
    for idx in board.indices() {
        let Some(p) = analysis.probability(idx) else {
            continue; // Revealed.
        };
        match analysis.class(idx) {
            CellClass::Floating => floating = Some(p),
            _ => front.push((board.xy(idx), p)),
        }
    }
    front.sort_by(|a, b| a.1.total_cmp(&b.1));
    println!("the front's hidden cells, safest first (x, y: chance of a mine):");
    for ((x, y), p) in &front {
        println!("  {x}, {y}: {:.1} %", p * 100.0);
    }
    if let Some(p) = floating {
        println!("every other hidden cell: {:.1} %", p * 100.0);
    }
    Ok(())
}
