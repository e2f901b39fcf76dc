//! Layout sampling against the exact layout distribution: every draw is a consistent layout,
//! and on small boards a chi-square test over many draws (fixed seeds, so deterministic)
//! finds no departure from uniform.

use crate::common;

use std::collections::HashMap;

use common::{random_position, TestRng};
use mineseer_core::brute::{consistent, enumerate_layouts};
use mineseer_core::formats::{parse_mine, write_mine};
use mineseer_core::rng::GameRng;
use mineseer_core::sample::{board_with_layout, sample_layout, uniform_below, LayoutSampler};
use mineseer_core::{solve_board, Board, Cell, SolveConfig};
use num_bigint::BigUint;

/// The chi-square statistic's critical value at significance 0.001 for `df` degrees of
/// freedom (Wilson-Hilferty approximation, accurate to a few percent from df = 1 on).
fn chi_square_critical(df: usize) -> f64 {
    let df = df as f64;
    let z = 3.090_232; // the 0.999 quantile of the standard normal
    let t = 2.0 / (9.0 * df);
    df * (1.0 - t + z * t.sqrt()).powi(3)
}

/// Draws `per_layout` times the number of layouts and returns the chi-square statistic and
/// its degrees of freedom; panics on an inconsistent draw.
fn chi_square(board: &Board, seed: u64, per_layout: usize) -> (f64, usize) {
    let brute = enumerate_layouts(board).unwrap();
    let analysis = solve_board(board, &SolveConfig::default()).unwrap();
    let sampler = LayoutSampler::new(board, &analysis, &SolveConfig::default()).unwrap();
    let index: HashMap<Vec<usize>, usize> = brute
        .layouts
        .iter()
        .enumerate()
        .map(|(i, l)| (l.clone(), i))
        .collect();
    let mut observed = vec![0usize; brute.layouts.len()];
    let mut rng = GameRng::new(seed);
    let draws = per_layout * brute.layouts.len();
    for _ in 0..draws {
        let is_mine = sampler.draw(&mut rng);
        assert!(
            consistent(board, &is_mine),
            "inconsistent draw on\n{}",
            write_mine(board)
        );
        for idx in board.indices() {
            if board.cell(idx) == Cell::Flag || matches!(board.cell(idx), Cell::Revealed(_)) {
                assert_eq!(is_mine[idx.get()], board.cell(idx) == Cell::Flag);
            }
        }
        let layout: Vec<usize> = brute
            .candidates
            .iter()
            .copied()
            .filter(|&c| is_mine[c])
            .collect();
        let i = *index
            .get(&layout)
            .expect("the draw is one of the brute-force layouts");
        observed[i] += 1;
    }
    let expected = per_layout as f64;
    let statistic = observed
        .iter()
        .map(|&o| (o as f64 - expected).powi(2) / expected)
        .sum();
    (statistic, brute.layouts.len() - 1)
}

#[test]
fn draws_are_uniform_over_layouts_on_random_boards() {
    let mut rng = TestRng::new(4242);
    let (mut tested, mut statistic_total, mut df_total) = (0, 0.0, 0);
    let mut with_floating = 0;
    for case in 0..3000u64 {
        let board = random_position(&mut rng, 5, false);
        if board.cells().iter().filter(|c| c.is_unrevealed()).count() > 14 {
            continue;
        }
        let Some(brute) = enumerate_layouts(&board) else {
            continue;
        };
        if brute.layouts.len() < 2 || brute.layouts.len() > 60 {
            continue;
        }
        let (statistic, df) = chi_square(&board, case, 100);
        assert!(
            statistic < chi_square_critical(df),
            "chi-square {statistic:.1} with {df} degrees of freedom on\n{}",
            write_mine(&board)
        );
        let analysis = solve_board(&board, &SolveConfig::default()).unwrap();
        if analysis.stats().floating_cells > 0 && analysis.stats().fronts > 0 {
            with_floating += 1;
        }
        statistic_total += statistic;
        df_total += df;
        tested += 1;
        if tested == 150 {
            break;
        }
    }
    assert!(tested >= 150, "only {tested} boards");
    assert!(
        with_floating > 30,
        "only {with_floating} boards with fronts and floating cells"
    );
    // Summed over all boards the statistic is chi-square with the summed degrees of freedom.
    assert!(
        statistic_total < chi_square_critical(df_total),
        "{statistic_total} over {df_total}"
    );
}

#[test]
fn uneven_layouts_are_drawn_in_proportion() {
    // The front around the 1 and the 2 holds one or two mines, and each total leaves a
    // different number of floating placements: a sampler that drew the front's configuration
    // without the floating cells' weight would fail here.
    let board = parse_mine("5x2x3\n12HHH\nHHHHH\n").unwrap();
    let (statistic, df) = chi_square(&board, 7, 200);
    assert!(statistic < chi_square_critical(df), "{statistic} over {df}");
}

#[test]
fn the_same_seed_gives_the_same_layout() {
    let board = parse_mine("6x3x5\n1HHHHH\nHHHHHH\nHHHH2H\n").unwrap();
    let analysis = solve_board(&board, &SolveConfig::default()).unwrap();
    let first = sample_layout(&board, &analysis, 99, &SolveConfig::default()).unwrap();
    let again = sample_layout(&board, &analysis, 99, &SolveConfig::default()).unwrap();
    assert_eq!(first, again);
    let written = write_mine(&board_with_layout(&board, &first));
    assert_eq!(written.matches('M').count(), 5, "{written}");
}

#[test]
fn big_uniform_integers_are_below_the_bound_and_spread() {
    let mut rng = GameRng::new(5);
    let bound = BigUint::from(3u8) << 130u32;
    let half = &bound >> 1u32;
    let mut below_half = 0;
    for _ in 0..2000 {
        let x = uniform_below(&mut rng, &bound);
        assert!(x < bound);
        if x < half {
            below_half += 1;
        }
    }
    // Binomial(2000, 1/2): 1000 +- 3.3 standard deviations.
    assert!((926..=1074).contains(&below_half), "{below_half}");
}
