//! Solve an endgame: the exact chance of winning a late position under best play, and a
//! move that achieves it. The solver works within a budget; over it, it says so (an answer,
//! not an error), and the caller falls back to the probabilities or to the estimate
//! (`mineseer_core::estimate`).
//!
//! Run: `cargo run --release -p mineseer-core --example solve_endgame`

use mineseer_core::formats::parse_mine;
use mineseer_core::{solve_endgame, EndgameConfig, EndgameOutcome};

/// The end of a beginner game: two mines left among the hidden cells of the bottom rows.
const POSITION: &str = "9x9x10
001M10000
001110000
000000000
111000111
1M10001M1
111000111
0000122M1
1221HHHHH
HHHHHHHHH
";

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let board = parse_mine(POSITION)?;
    let endgame = solve_endgame(&board, &EndgameConfig::default())?;
    println!(
        "{} layouts, {} search nodes",
        endgame.layouts(),
        endgame.nodes()
    );
    match endgame.outcome() {
        EndgameOutcome::Solved { win, best_move } => {
            // `win` is an exact fraction; `win_f64` gives the nearest float.
            println!(
                "win chance under best play: {win} (about {:.4})",
                endgame.win_f64().unwrap_or(0.0)
            );
            match best_move {
                Some((x, y)) => println!("a best move: reveal {x}, {y}"),
                None => println!("every safe cell is revealed: the game is won"),
            }
        }
        EndgameOutcome::TooLarge { what, limit } => {
            println!("too large for the budget ({what} over {limit})");
        }
    }
    Ok(())
}
