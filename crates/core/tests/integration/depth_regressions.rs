//! Regression fixtures for the kinds of mistakes JSMinesweeper's tracker recorded in its own
//! analysis, on positions made for this project (each also checked against brute force by the
//! other `depth_*` tests' generators; here the expected answers are worked out by hand).

use mineseer_core::dead::{dead_cells, forced_guesses};
use mineseer_core::deductions::{certain_cells, Certainty, Reason};
use mineseer_core::formats::parse_mine;
use mineseer_core::values::number_chances;
use mineseer_core::{solve_board, Board, CellIdx, SolveConfig};

fn at(board: &Board, x: usize, y: usize) -> CellIdx {
    board.idx(x, y).unwrap()
}

/// The forced guesses as lists of (x, y).
fn groups(board: &Board) -> Vec<Vec<(usize, usize)>> {
    let analysis = solve_board(board, &SolveConfig::default()).unwrap();
    forced_guesses(board, &analysis, &SolveConfig::default())
        .unwrap()
        .iter()
        .map(|g| g.cells().iter().map(|&c| board.xy(c)).collect())
        .collect()
}

#[test]
fn jsminesweeper_28_a_cell_proven_safe_is_never_also_a_risk() {
    // 1-2-1 over three hidden cells: only the outer two can be mines, which no single number
    // shows on its own. The middle cell is safe by enumeration, and everything reported for
    // it must agree: probability 0, certain safe, and a number it shows for sure (2).
    let board = parse_mine("3x2x2\n121\nHHH\n").unwrap();
    let analysis = solve_board(&board, &SolveConfig::default()).unwrap();
    let middle = at(&board, 1, 1);
    assert_eq!(
        analysis.probability_exact(middle).unwrap().to_string(),
        "0/1"
    );
    assert_eq!(analysis.probability(middle), Some(0.0));
    let deductions = certain_cells(&board, &analysis);
    assert_eq!(deductions.certainty(middle), Some(Certainty::Safe));
    assert_eq!(deductions.reason(middle), Some(&Reason::Enumeration));
    assert_eq!(
        deductions.certainty(at(&board, 0, 1)),
        Some(Certainty::Mine)
    );
    let chances = number_chances(&board, &analysis, &SolveConfig::default()).unwrap();
    let values = chances.get(middle).unwrap();
    assert_eq!(values.chance_exact(2).to_string(), "1/1");
    assert!(
        chances.get(at(&board, 0, 1)).is_none(),
        "no number chances for a certain mine"
    );
    assert_eq!(dead_cells(&chances), vec![middle]);
}

#[test]
fn jsminesweeper_19_a_fifty_fifty_with_nothing_to_break_the_tie() {
    // The whole board is one 50/50: both numbers see both cells, and no other cell exists to
    // weigh a tie-break by (the division by zero JSMinesweeper hit).
    let board = parse_mine("2x2x1\nHH\n11\n").unwrap();
    assert_eq!(groups(&board), vec![vec![(0, 0), (1, 0)]]);
    let analysis = solve_board(&board, &SolveConfig::default()).unwrap();
    let guesses = forced_guesses(&board, &analysis, &SolveConfig::default()).unwrap();
    assert_eq!(guesses[0].best_safe_chance().to_string(), "1/2");
    // Either cell, if safe, shows 1 (the other holds the mine): both are dead.
    let chances = number_chances(&board, &analysis, &SolveConfig::default()).unwrap();
    assert_eq!(
        dead_cells(&chances),
        vec![at(&board, 0, 0), at(&board, 1, 0)]
    );

    // The same with no number at all: a flag walls the pair in.
    let board = parse_mine("3x1x2\nFHH\n").unwrap();
    assert_eq!(groups(&board), vec![vec![(1, 0), (2, 0)]]);
}

#[test]
fn jsminesweeper_24_a_fifty_fifty_walled_in_by_flags() {
    // The pair at the left edge is seen by the 1 and the 3 together; the cells that would
    // tell them apart are flagged.
    let board = parse_mine("3x3x3\nH10\nH31\nFF1\n").unwrap();
    assert_eq!(groups(&board), vec![vec![(0, 0), (0, 1)]]);
}

#[test]
fn jsminesweeper_45_a_fifty_fifty_walled_in_by_unflagged_mines() {
    // As above, but the wall is not flagged: (1,2) is a mine by the corner 1, and (0,2) only
    // by enumeration (the 3 needs it once the 1 above has its mine in the pair). Unflagged
    // certain mines never show a number either, so the pair is still a forced guess.
    let board = parse_mine("3x3x3\nH10\nH31\nHH1\n").unwrap();
    let analysis = solve_board(&board, &SolveConfig::default()).unwrap();
    let deductions = certain_cells(&board, &analysis);
    assert_eq!(
        deductions.certainty(at(&board, 0, 2)),
        Some(Certainty::Mine)
    );
    assert_eq!(
        deductions.certainty(at(&board, 1, 2)),
        Some(Certainty::Mine)
    );
    assert_eq!(groups(&board), vec![vec![(0, 0), (0, 1)]]);
}

#[test]
fn an_enclosed_two_by_two_in_a_corner() {
    // Two mines on one diagonal or the other: every number around sees one of each, and the
    // far corner (2,2), which would see only one cell, is a flag.
    let board = parse_mine("3x3x3\nHH1\nHH2\n12F\n").unwrap();
    assert_eq!(groups(&board), vec![vec![(0, 0), (1, 0), (0, 1), (1, 1)]]);
    let analysis = solve_board(&board, &SolveConfig::default()).unwrap();
    let guesses = forced_guesses(&board, &analysis, &SolveConfig::default()).unwrap();
    assert_eq!(guesses[0].patterns().len(), 2);
    assert_eq!(guesses[0].best_safe_chance().to_string(), "1/2");
}

#[test]
fn a_pair_that_a_later_reveal_separates_is_not_forced() {
    // A pair like #24's, but the wall has a gap: (1,2) is safe (the 0s say so) and will show
    // a number that counts (0,1) and not (0,0). A 50/50 now, but not a forced guess.
    let board = parse_mine("3x3x2\nH10\nH20\nFH0\n").unwrap();
    let analysis = solve_board(&board, &SolveConfig::default()).unwrap();
    assert_eq!(
        analysis
            .probability_exact(at(&board, 0, 0))
            .unwrap()
            .to_string(),
        "1/2"
    );
    assert!(groups(&board).is_empty());
}
