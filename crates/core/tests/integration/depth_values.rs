//! Number chances against the brute-force enumerator: for every unrevealed, unflagged cell of
//! thousands of random small positions, the exact number of consistent layouts in which it is
//! safe and shows each number 0..=8.

use crate::common;

use common::{random_position, TestRng};
use mineseer_core::brute::enumerate_layouts;
use mineseer_core::formats::{parse_mine, write_mine};
use mineseer_core::values::number_chances;
use mineseer_core::{solve_board, Board, Cell, SolveConfig};
use num_bigint::BigUint;

/// Checks every cell of one position; returns whether it was consistent.
fn check_number_chances(board: &Board) -> bool {
    let brute = enumerate_layouts(board).expect("test boards are small");
    let Ok(analysis) = solve_board(board, &SolveConfig::default()) else {
        assert!(brute.layouts.is_empty());
        return false;
    };
    let chances = number_chances(board, &analysis, &SolveConfig::default()).unwrap();
    let text = write_mine(board);
    for idx in board.indices() {
        let cell = board.cell(idx);
        if !cell.is_unrevealed() {
            assert!(chances.get(idx).is_none(), "{:?} of\n{text}", board.xy(idx));
            continue;
        }
        let mut expected = [0usize; 9];
        let mut safe = 0usize;
        for layout in &brute.layouts {
            if layout.contains(&idx.get()) {
                continue;
            }
            safe += 1;
            let shown = board
                .neighbours(idx)
                .filter(|n| board.cell(*n) == Cell::Flag || layout.contains(&n.get()))
                .count();
            expected[shown] += 1;
        }
        match chances.get(idx) {
            None => assert_eq!(safe, 0, "no chances for {:?} of\n{text}", board.xy(idx)),
            Some(c) => {
                assert_eq!(c.safe_layouts(), &BigUint::from(safe));
                assert_eq!(
                    c.safe_layouts(),
                    &(analysis.solutions() - analysis.mine_layouts(idx)),
                    "safe layouts agree with the engine"
                );
                for (n, &count) in expected.iter().enumerate() {
                    assert_eq!(
                        c.layouts_showing(n),
                        BigUint::from(count),
                        "number {n} at {:?} of\n{text}",
                        board.xy(idx)
                    );
                }
                let total: f64 = c.chances().iter().sum();
                assert!((total - 1.0).abs() < 1e-12);
            }
        }
    }
    true
}

#[test]
fn number_chances_match_brute_force_on_random_positions() {
    let mut rng = TestRng::new(33);
    let (mut consistent, mut with_floating) = (0, 0);
    for _ in 0..4000 {
        let board = random_position(&mut rng, 5, false);
        if board.cells().iter().filter(|c| c.is_unrevealed()).count() > 16 {
            continue;
        }
        if check_number_chances(&board) {
            consistent += 1;
            let analysis = solve_board(&board, &SolveConfig::default()).unwrap();
            if analysis.stats().floating_cells > 0 && analysis.stats().fronts > 0 {
                with_floating += 1;
            }
        }
    }
    assert!(consistent > 2000, "only {consistent} consistent positions");
    assert!(
        with_floating > 300,
        "only {with_floating} positions with fronts and floating cells"
    );
}

#[test]
fn number_chances_match_brute_force_on_wider_boards() {
    // Wider boards give several fronts per position and neighbourhoods that touch two.
    let mut rng = TestRng::new(808);
    let mut checked = 0;
    for _ in 0..1500 {
        let board = random_position(&mut rng, 7, false);
        let unknown = board
            .cells()
            .iter()
            .filter(|c| matches!(c, Cell::Hidden | Cell::HiddenMine));
        if unknown.count() > 18 {
            continue;
        }
        if check_number_chances(&board) {
            checked += 1;
        }
    }
    assert!(checked > 300, "only {checked} positions");
}

#[test]
fn exact_fractions_on_a_small_fixture() {
    // The 0 makes (1,0) safe; one mine floats between (2,0) and (3,0).
    let board = parse_mine("4x1x1\n0HHH\n").unwrap();
    assert!(check_number_chances(&board));
    let analysis = solve_board(&board, &SolveConfig::default()).unwrap();
    let chances = number_chances(&board, &analysis, &SolveConfig::default()).unwrap();
    let shown = |x: usize| {
        let c = chances.get(board.idx(x, 0).unwrap()).unwrap();
        (0..3)
            .map(|n| c.chance_exact(n).to_string())
            .collect::<Vec<_>>()
            .join(" ")
    };
    assert_eq!(shown(1), "1/2 1/2 0/1");
    assert_eq!(shown(2), "0/1 1/1 0/1");
    assert_eq!(shown(3), "0/1 1/1 0/1");
    assert_eq!(
        chances
            .get(board.idx(1, 0).unwrap())
            .unwrap()
            .zero_chance_exact()
            .to_string(),
        "1/2"
    );
}
