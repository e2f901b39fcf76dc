//! A fixed amount of work for instruction counters: the probabilities (`analyze`), or the
//! probabilities and the number chances (`values`: [`solve_board_with_chances`]; `two-calls`:
//! [`solve_board`] then [`number_chances`]), of every position of one benchmark corpus, once
//! each; `parse` only reads the positions, the part of every mode that the criterion bench
//! leaves out. Under
//! `valgrind --tool=callgrind` the instruction counts do not depend on the machine's load, so
//! the ratio of the two modes is a repeatable measure of what number chances cost (the
//! criterion bench `values` gives the wall-clock figures).
//!
//! Run: `cargo build --release -p mineseer-lab`, then
//! `valgrind --tool=callgrind target/release/mineseer-lab values-cost analyze expert` and the same
//! with `values` (corpora: beginner, intermediate, expert, expert-hard). An optional third
//! argument repeats the whole corpus that many times (default 1), for a sampling profiler:
//! `perf record -g target/release/mineseer-lab values-cost values expert 300`.
//!
//! `interleaved` is the wall-clock counterpart on a busy machine: the positions are parsed
//! once, then each round times one pass of `analyze` and one of `values` back to back
//! (rounds: the third argument, default 50), so that a change of load touches both alike;
//! it prints the fastest and the median pass of each and their ratios.

use mineseer_core::formats::parse_mine;
use mineseer_core::values::{number_chances, solve_board_with_chances};
use mineseer_core::{solve_board, SolveConfig};

pub fn run(args: Vec<String>) {
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
    if !["parse", "analyze", "values", "two-calls", "interleaved"].contains(&mode) {
        eprintln!("unknown mode {mode:?}: use parse, analyze, values, two-calls or interleaved");
        std::process::exit(2);
    }
    let path = format!("{}/benches/corpus/{corpus}.txt", crate::CORE_DIR);
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
    if mode == "interleaved" {
        let rounds = if args.len() > 3 { repeat.max(1) } else { 50 };
        interleaved(&chunks, rounds, &config);
        return;
    }
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

/// Times `rounds` passes of each of `analyze` and `values` over the positions, alternately.
fn interleaved(chunks: &[&str], rounds: usize, config: &SolveConfig) {
    let boards: Vec<_> = chunks
        .iter()
        .map(|chunk| parse_mine(chunk).expect("the committed corpus parses"))
        .collect();
    let mut analyze = Vec::with_capacity(rounds);
    let mut values = Vec::with_capacity(rounds);
    for _ in 0..rounds {
        let start = std::time::Instant::now();
        for board in &boards {
            std::hint::black_box(solve_board(board, config).expect("consistent"));
        }
        analyze.push(start.elapsed().as_secs_f64() * 1e3);
        let start = std::time::Instant::now();
        for board in &boards {
            let (analysis, chances) = solve_board_with_chances(board, config).expect("consistent");
            std::hint::black_box((analysis, chances.expect("within budget")));
        }
        values.push(start.elapsed().as_secs_f64() * 1e3);
    }
    let summary = |times: &mut Vec<f64>| {
        times.sort_by(f64::total_cmp);
        (times[0], times[times.len() / 2])
    };
    let (analyze_min, analyze_median) = summary(&mut analyze);
    let (values_min, values_median) = summary(&mut values);
    println!(
        "{} positions, {rounds} rounds: analyze {analyze_min:.2} ms fastest, \
         {analyze_median:.2} ms median; values {values_min:.2} / {values_median:.2} ms; \
         ratio {:.2}x fastest, {:.2}x median",
        boards.len(),
        values_min / analyze_min,
        values_median / analyze_median
    );
}
