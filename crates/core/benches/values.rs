//! Criterion benchmark of the analysis-depth features against the plain engine, over the
//! committed expert corpora of positions from real games (`benches/corpus/`, shared with the
//! `probability` bench). For each corpus it times, per iteration over all its positions:
//! - `analyze`: [`solve_board`] alone;
//! - `analyze+values`: the analysis and the number chances of every cell, with
//!   [`solve_board_with_chances`] (one enumeration of each front for both);
//! - `analyze+depth`: the same plus dead tiles, certain cells with reasons and forced
//!   guesses, which is what `mineseer analyze --json` computes.
//!
//! The ratio `analyze+values / analyze` is the cost the issue bounds (at most 2x). The two are
//! timed seconds apart, so on a shared machine a change of load between them moves the ratio
//! by 10 % or more; `mineseer-lab values-cost` in its `interleaved` mode times one pass of each
//! back to back, round after round, for a steadier figure.

mod common;

use common::load;
use criterion::{criterion_group, criterion_main, Criterion};
use mineseer_core::dead::{dead_cells, forced_guesses};
use mineseer_core::deductions::certain_cells;
use mineseer_core::values::solve_board_with_chances;
use mineseer_core::{solve_board, SolveConfig};

fn bench(c: &mut Criterion) {
    let corpora = [
        ("expert", include_str!("corpus/expert.txt")),
        ("expert-hard", include_str!("corpus/expert-hard.txt")),
    ];
    let config = SolveConfig::default();
    for (name, text) in corpora {
        let boards = load(text);
        let mut group = c.benchmark_group(format!("{name}_{}_positions", boards.len()));
        group.bench_function("analyze", |b| {
            b.iter(|| {
                for board in &boards {
                    std::hint::black_box(solve_board(board, &config).expect("consistent"));
                }
            })
        });
        group.bench_function("analyze+values", |b| {
            b.iter(|| {
                for board in &boards {
                    let (analysis, chances) =
                        solve_board_with_chances(board, &config).expect("consistent");
                    std::hint::black_box((analysis, chances.expect("within budget")));
                }
            })
        });
        group.bench_function("analyze+depth", |b| {
            b.iter(|| {
                for board in &boards {
                    let (analysis, chances) =
                        solve_board_with_chances(board, &config).expect("consistent");
                    let chances = chances.expect("within budget");
                    std::hint::black_box(dead_cells(&chances));
                    std::hint::black_box(certain_cells(board, &analysis));
                    std::hint::black_box(forced_guesses(board, &analysis, &config).expect("ok"));
                }
            })
        });
        group.finish();
    }
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(10);
    targets = bench
}
criterion_main!(benches);
