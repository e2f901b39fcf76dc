//! Pathological positions (issue 7): beyond the budget the engine answers "too complex"
//! instead of running for minutes; within it, the same position is solved exactly.

use crate::common;

use common::TestRng;
use mineseer_core::synthetic::striped_position as striped;
use mineseer_core::{solve_board, Board, SolveConfig, SolveErrorKind};

fn is_too_complex(board: &Board, config: &SolveConfig) -> bool {
    match solve_board(board, config) {
        Ok(_) => false,
        Err(e) => {
            assert!(matches!(e.kind(), SolveErrorKind::TooComplex { .. }), "{e}");
            assert!(e.to_string().contains("too large to solve exactly"), "{e}");
            true
        }
    }
}

#[test]
fn a_200x200_board_with_hundreds_of_long_fronts_is_refused_not_hung() {
    assert!(is_too_complex(&striped(200, 7), &SolveConfig::default()));
}

#[test]
fn the_budget_decides_between_exact_and_refused() {
    let board = striped(30, 11);
    let exact = solve_board(&board, &SolveConfig::default()).expect("within the default budget");
    assert!(exact.stats().fronts > 10);
    let tight = SolveConfig {
        max_work: 1_000,
        ..SolveConfig::default()
    };
    assert!(is_too_complex(&board, &tight));
    let few_lines = SolveConfig {
        max_lines: 1,
        ..SolveConfig::default()
    };
    assert!(is_too_complex(&board, &few_lines));
}

/// The floating-point estimate agrees with the exact engine to many digits wherever both run.
#[test]
fn the_estimate_matches_the_exact_engine() {
    use mineseer_core::engine::approximate::estimate_board;
    let mut rng = TestRng::new(99);
    let mut compared = 0;
    let mut boards: Vec<Board> = (0..3000)
        .map(|_| common::random_position(&mut rng, 6, false))
        .collect();
    boards.push(striped(30, 11));
    boards.push(striped(60, 12));
    for board in &boards {
        let Ok(exact) = solve_board(board, &SolveConfig::default()) else {
            assert!(estimate_board(board, &SolveConfig::default()).is_err());
            continue;
        };
        let estimate = estimate_board(board, &SolveConfig::default()).expect("exact ran");
        let log2_exact = exact.solutions().bits() as f64; // within 1 of log2
        assert!((estimate.log2_solutions() - log2_exact).abs() <= 1.0);
        for idx in board.indices() {
            match (exact.probability(idx), estimate.probability(idx)) {
                (None, None) => {}
                (Some(p), Some(q)) => {
                    assert!((p - q).abs() < 1e-9, "{p} vs {q}");
                    compared += 1;
                }
                other => panic!("revealed cells differ: {other:?}"),
            }
        }
    }
    assert!(compared > 10_000, "compared only {compared} cells");
}

#[test]
fn the_estimate_reaches_boards_the_exact_engine_refuses() {
    use mineseer_core::engine::approximate::estimate_board;
    let board = striped(200, 7);
    assert!(is_too_complex(&board, &SolveConfig::default()));
    let estimate = estimate_board(&board, &SolveConfig::default()).expect("within budget");
    assert!(estimate.log2_solutions() > 1000.0);
    let hidden: Vec<f64> = board
        .indices()
        .filter_map(|i| estimate.probability(i))
        .collect();
    assert!(hidden.iter().all(|p| (0.0..=1.0).contains(p)));
    // Mines left over hidden cells: the probabilities must add up to the mine count.
    let expected_mines = board.mines() as f64;
    let sum: f64 = hidden.iter().sum();
    assert!(
        (sum - expected_mines).abs() < 1e-6 * expected_mines,
        "{sum} vs {expected_mines}"
    );
}
