//! Criterion benchmark of the no-guess generator: each iteration makes a fixed series of boards
//! (seeds 0, 1, ...), so the mean per iteration divided by the series length is the time per
//! board. The independent replay of one expert board is timed on its own too.

use criterion::{criterion_group, criterion_main, Criterion};
use mineseer_core::noguess::{generate_no_guess, replay_certain_moves, NoGuessConfig};
use mineseer_core::SolveConfig;

/// Makes boards `0..count` of one size, first click in the middle.
fn series(width: usize, height: usize, mines: usize, count: u64) {
    for seed in 0..count {
        let config = NoGuessConfig::new(width, height, mines, (width / 2, height / 2), seed)
            .expect("a valid size");
        std::hint::black_box(generate_no_guess(&config).expect("generated"));
    }
}

fn bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("noguess");
    group.sample_size(10);
    group.bench_function("expert_20_boards", |b| b.iter(|| series(30, 16, 99, 20)));
    group.bench_function("intermediate_20_boards", |b| {
        b.iter(|| series(16, 16, 40, 20))
    });
    group.bench_function("200x200_8000_1_board", |b| {
        b.iter(|| series(200, 200, 8000, 1))
    });
    let config = NoGuessConfig::new(30, 16, 99, (15, 8), 7).expect("a valid size");
    let board = generate_no_guess(&config).expect("generated");
    let solve = SolveConfig::default();
    group.bench_function("replay_1_expert_board", |b| {
        b.iter(|| {
            let report = replay_certain_moves(30, 16, board.mines(), (15, 8), &solve);
            assert!(report.won());
        })
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
