//! How long does the hint take? The positions before every guess of expert games (the simple
//! player of `gen-bench-corpus`: every certain cell, else the safest guess), the core's
//! `best_hint` timed on each, median and 99th percentile. With OUT, the positions are written
//! there too (`.mine` texts separated by blank lines) for the page's measure,
//! `tests/measure-hint.mjs`.
//!
//! Run: `cargo run --release -p mineseer-lab -- hint-times GAMES SEED [OUT]`

use std::time::Instant;

use mineseer_core::formats::write_mine;
use mineseer_core::hint::{best_hint, Hint};

use crate::gen_bench_corpus::{play, SplitMix64};

pub fn run(args: Vec<String>) {
    let usage = "usage: hint-times GAMES SEED [OUT]";
    let games: usize = args.get(1).and_then(|a| a.parse().ok()).expect(usage);
    let seed: u64 = args.get(2).and_then(|a| a.parse().ok()).expect(usage);
    let mut rng = SplitMix64(seed);
    let mut positions = Vec::new();
    for _ in 0..games {
        play(&mut rng, 30, 16, 99, &mut positions);
    }
    if let Some(out) = args.get(3) {
        let text: Vec<String> = positions.iter().map(|(_, b)| write_mine(b)).collect();
        std::fs::write(out, text.join("\n")).expect("OUT is writable");
    }
    let (mut times, mut certain, mut guesses, mut failed) = (Vec::new(), 0, 0, 0);
    for (_, board) in &positions {
        let start = Instant::now();
        let hint = best_hint(board, None);
        times.push(start.elapsed().as_secs_f64() * 1e3);
        match hint {
            Ok(Hint::Certain(_)) => certain += 1,
            Ok(Hint::Guess(_)) => guesses += 1,
            Err(_) => failed += 1,
        }
    }
    times.sort_by(f64::total_cmp);
    let at = |q: f64| times[((times.len() as f64 * q).ceil() as usize).clamp(1, times.len()) - 1];
    println!(
        "{games} expert games (seed {seed}): {} guess points, {certain} with a certain cell (a mine), {guesses} guesses, {failed} errors",
        times.len()
    );
    println!(
        "best_hint: median {:.2} ms, p90 {:.2} ms, p99 {:.2} ms, max {:.2} ms",
        at(0.5),
        at(0.9),
        at(0.99),
        at(1.0)
    );
}
