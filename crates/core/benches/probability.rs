//! Criterion benchmark of the exact probability engine over the committed corpus of positions
//! from real games (`benches/corpus/`, made by `mineseer-lab gen-bench-corpus`). Each iteration
//! analyses every position of one corpus; divide by 100 for the time per position.

mod common;

use common::load;
use criterion::{criterion_group, criterion_main, Criterion};
use mineseer_core::{solve_board, SolveConfig};

fn bench(c: &mut Criterion) {
    let corpora = [
        ("beginner", include_str!("corpus/beginner.txt")),
        ("intermediate", include_str!("corpus/intermediate.txt")),
        ("expert", include_str!("corpus/expert.txt")),
        ("expert-hard", include_str!("corpus/expert-hard.txt")),
    ];
    let config = SolveConfig::default();
    let mut group = c.benchmark_group("solve_board_100_positions");
    for (name, text) in corpora {
        let boards = load(text);
        group.bench_function(name, |b| {
            b.iter(|| {
                for board in &boards {
                    std::hint::black_box(
                        solve_board(board, &config).expect("corpus positions are consistent"),
                    );
                }
            })
        });
    }
    group.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(20);
    targets = bench
}
criterion_main!(benches);
