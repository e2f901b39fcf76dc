//! Criterion benchmark of the exact endgame solver on late expert positions (30x16, 99 mines)
//! with about 100, 1,000, 5,000 and 20,000 consistent layouts: `benches/endgame_positions/`,
//! made by `mineseer-lab gen-endgame-positions` from seeded games. `expert-5000-hard` was made
//! by the same generator before the game module's mine placement changed; it is kept as the
//! hardest 5,000-layout position found. `expert-20000-regions` and `expert-20000-strip` are
//! positions 27 and 36 of a sample of 40 (`mineseer-lab gen-endgame-positions DIR 40`), kept as the
//! open problems: several regions joined only by the mine count, and a strip of guesses
//! along a wall (2 s and 7 s, so solved once and not sampled). Before measuring, each
//! position is solved once and its layouts, nodes, win chance and time are printed.

use criterion::{criterion_group, criterion_main, Criterion};
use mineseer_core::formats::parse_mine;
use mineseer_core::{solve_endgame, EndgameConfig};
use std::time::{Duration, Instant};

/// Positions whose one solve takes longer are not sampled by criterion.
const SAMPLED_UP_TO: Duration = Duration::from_secs(2);

const POSITIONS: [(&str, &str); 15] = [
    (
        "expert-100-1",
        include_str!("endgame_positions/expert-100-1.mine"),
    ),
    (
        "expert-100-2",
        include_str!("endgame_positions/expert-100-2.mine"),
    ),
    (
        "expert-100-3",
        include_str!("endgame_positions/expert-100-3.mine"),
    ),
    (
        "expert-1000-1",
        include_str!("endgame_positions/expert-1000-1.mine"),
    ),
    (
        "expert-1000-2",
        include_str!("endgame_positions/expert-1000-2.mine"),
    ),
    (
        "expert-1000-3",
        include_str!("endgame_positions/expert-1000-3.mine"),
    ),
    (
        "expert-5000-1",
        include_str!("endgame_positions/expert-5000-1.mine"),
    ),
    (
        "expert-5000-2",
        include_str!("endgame_positions/expert-5000-2.mine"),
    ),
    (
        "expert-5000-3",
        include_str!("endgame_positions/expert-5000-3.mine"),
    ),
    (
        "expert-5000-hard",
        include_str!("endgame_positions/expert-5000-hard.mine"),
    ),
    (
        "expert-20000-1",
        include_str!("endgame_positions/expert-20000-1.mine"),
    ),
    (
        "expert-20000-2",
        include_str!("endgame_positions/expert-20000-2.mine"),
    ),
    (
        "expert-20000-3",
        include_str!("endgame_positions/expert-20000-3.mine"),
    ),
    (
        "expert-20000-regions",
        include_str!("endgame_positions/expert-20000-regions.mine"),
    ),
    (
        "expert-20000-strip",
        include_str!("endgame_positions/expert-20000-strip.mine"),
    ),
];

fn bench(c: &mut Criterion) {
    let config = EndgameConfig::default();
    let mut group = c.benchmark_group("solve_endgame");
    for (name, text) in POSITIONS {
        let board = parse_mine(text).expect("the committed positions parse");
        let start = Instant::now();
        let endgame = solve_endgame(&board, &config).expect("the positions are consistent");
        let once = start.elapsed();
        eprintln!(
            "{name}: {} layouts, {} nodes, solved {}, win {}, one solve {:.1} ms",
            endgame.layouts(),
            endgame.nodes(),
            endgame.is_solved(),
            endgame.win().map(|w| w.to_string()).unwrap_or_default(),
            once.as_secs_f64() * 1000.0
        );
        // Criterion takes ten samples at least: a position that takes seconds is reported by
        // the one solve above instead.
        if once > SAMPLED_UP_TO {
            eprintln!("{name}: over {SAMPLED_UP_TO:?}, not sampled");
            continue;
        }
        group.bench_function(name, |b| {
            b.iter(|| std::hint::black_box(solve_endgame(&board, &config).expect("consistent")))
        });
    }
    group.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default()
        .sample_size(10)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(3));
    targets = bench
}
criterion_main!(benches);
