//! Per-position timing of the probability engine over the benchmark corpus: median, 99th
//! percentile and maximum per corpus, plus front sizes. Complements the criterion bench
//! (which gives means) with the distribution the issue asks for.
//!
//! Run: `cargo run --release -p mineseer-lab -- probability-report`

use std::time::Instant;

use mineseer_core::formats::parse_mine;
use mineseer_core::{solve_board, SolveConfig};

pub fn run() {
    let dir = format!("{}/benches/corpus", crate::CORE_DIR);
    let config = SolveConfig::default();
    println!("corpus           n   median_ms    p99_ms    max_ms  max_front_cells  mean_lines");
    for name in [
        "beginner",
        "intermediate",
        "expert",
        "expert-hard",
        "expert-guesses",
    ] {
        let text = std::fs::read_to_string(format!("{dir}/{name}.txt")).expect("corpus file");
        let boards: Vec<_> = text
            .split("\n\n")
            .filter(|c| !c.trim().is_empty())
            .map(|c| parse_mine(c).expect("corpus parses"))
            .collect();
        let mut times = Vec::new();
        let mut max_front = 0;
        let mut total_lines = 0u64;
        for board in &boards {
            // Best of 5 runs, to measure the engine rather than the scheduler.
            let mut best = f64::INFINITY;
            for _ in 0..5 {
                let start = Instant::now();
                let analysis =
                    solve_board(board, &config).expect("corpus positions are consistent");
                best = best.min(start.elapsed().as_secs_f64() * 1000.0);
                max_front = max_front.max(analysis.stats().front_cells);
            }
            total_lines += solve_board(board, &config)
                .expect("consistent")
                .stats()
                .lines_created;
            times.push(best);
        }
        times.sort_by(|a, b| a.partial_cmp(b).expect("finite"));
        let pct = |q: f64| times[((times.len() - 1) as f64 * q).round() as usize];
        println!(
            "{name:<14} {:>3} {:>11.4} {:>9.4} {:>9.4} {:>16} {:>11.0}",
            times.len(),
            pct(0.5),
            pct(0.99),
            times[times.len() - 1],
            max_front,
            total_lines as f64 / boards.len() as f64
        );
    }
}
