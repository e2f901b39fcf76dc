//! A fixed amount of work for instruction counters: the probabilities (`analyze`), or the
//! probabilities and the number chances (`values`: [`solve_board_with_chances`]; `two-calls`:
//! [`solve_board`] then [`number_chances`]), of every position of one benchmark corpus, once
//! each; `parse` only reads the positions, the part of every mode that the criterion bench
//! leaves out. Under
//! `valgrind --tool=callgrind` the instruction counts do not depend on the machine's load, so
//! the ratio of the two modes is a repeatable measure of what number chances cost (the
//! criterion bench `values` gives the wall-clock figures).
//!
//! Run: `cargo build -p mineseer-core --release --example values_cost`, then
//! `valgrind --tool=callgrind target/release/examples/values_cost analyze expert` and the same
//! with `values` (corpora: beginner, intermediate, expert, expert-hard). An optional third
//! argument repeats the whole corpus that many times (default 1), for a sampling profiler:
//! `perf record -g target/release/examples/values_cost values expert 300`.

use mineseer_core::formats::parse_mine;
use mineseer_core::values::{number_chances, solve_board_with_chances};
use mineseer_core::{solve_board, SolveConfig};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let mode = args.get(1).map_or("values", String::as_str);
    let corpus = args.get(2).map_or("expert", String::as_str);
    let repeat: usize = match args.get(3).map(|r| r.parse()) {
        None => 1,
        Some(Ok(repeat)) => repeat,
        Some(Err(_)) => {
            eprintln!("the repeat count must be a whole number");
            std::process::exit(2);
        }
    };
    if !["parse", "analyze", "values", "two-calls"].contains(&mode) {
        eprintln!("unknown mode {mode:?}: use parse, analyze, values or two-calls");
        std::process::exit(2);
    }
    let path = format!("{}/benches/corpus/{corpus}.txt", env!("CARGO_MANIFEST_DIR"));
    let text = match std::fs::read_to_string(&path) {
        Ok(text) => text,
        Err(error) => {
            eprintln!("{path}: {error}");
            std::process::exit(2);
        }
    };
    let config = SolveConfig::default();
    let mut cells_with_chances = 0usize;
    let chunks: Vec<&str> = text
        .split("\n\n")
        .filter(|c| !c.trim().is_empty())
        .collect();
    for chunk in chunks.iter().cycle().take(chunks.len() * repeat) {
        let board = parse_mine(chunk).expect("the committed corpus parses");
        match mode {
            "parse" => {
                std::hint::black_box(&board);
            }
            "analyze" => {
                solve_board(&board, &config).expect("corpus positions are consistent");
            }
            "values" => {
                let (_, chances) = solve_board_with_chances(&board, &config).expect("consistent");
                let chances = chances.expect("within budget");
                cells_with_chances += chances.iter().count();
            }
            _ => {
                let analysis = solve_board(&board, &config).expect("consistent");
                let chances = number_chances(&board, &analysis, &config).expect("within budget");
                cells_with_chances += chances.iter().count();
            }
        }
    }
    println!("{mode} {corpus}: {cells_with_chances} cells with number chances");
}
