//! Certain cells against brute force, and every recorded chain of trivial deductions checked
//! as a proof: each step's number, given the flags and the earlier steps, forces the cell.

use crate::common;

use common::{random_position, TestRng};
use mineseer_core::brute::enumerate_layouts;
use mineseer_core::deductions::{certain_cells, Certainty, Reason};
use mineseer_core::formats::{parse_mine, write_mine};
use mineseer_core::{solve_board, Board, Cell, SolveConfig};

fn check_position(board: &Board) -> (usize, usize) {
    let brute = enumerate_layouts(board).unwrap();
    let Ok(analysis) = solve_board(board, &SolveConfig::default()) else {
        return (0, 0);
    };
    let deductions = certain_cells(board, &analysis);
    let text = write_mine(board);
    let (mut chains, mut by_enumeration) = (0, 0);
    for idx in board.indices() {
        let cell = board.cell(idx);
        let expected = if !cell.is_unrevealed() {
            None
        } else if cell == Cell::HiddenSafe || brute.layouts.iter().all(|l| !l.contains(&idx.get()))
        {
            Some(Certainty::Safe)
        } else if brute.layouts.iter().all(|l| l.contains(&idx.get())) {
            Some(Certainty::Mine)
        } else {
            None
        };
        assert_eq!(
            deductions.certainty(idx),
            expected,
            "{:?} of\n{text}",
            board.xy(idx)
        );
        match deductions.reason(idx) {
            Some(Reason::Witness { .. }) => {
                chains += 1;
                check_chain(board, &deductions, idx, &text);
            }
            Some(Reason::Enumeration) => by_enumeration += 1,
            _ => {}
        }
    }
    (chains, by_enumeration)
}

/// Replays the chain of `idx` from scratch and checks every step is a trivial deduction.
fn check_chain(
    board: &Board,
    deductions: &mineseer_core::deductions::Deductions,
    idx: mineseer_core::CellIdx,
    text: &str,
) {
    let chain = deductions.chain(idx);
    assert_eq!(
        chain.last().map(|s| s.cell),
        Some(idx),
        "the chain ends with the cell"
    );
    let mut known: Vec<Option<Certainty>> = board
        .cells()
        .iter()
        .map(|c| match c {
            Cell::Flag => Some(Certainty::Mine),
            Cell::HiddenSafe | Cell::Revealed(_) => Some(Certainty::Safe),
            _ => None,
        })
        .collect();
    for step in &chain {
        let Cell::Revealed(number) = board.cell(step.witness) else {
            panic!(
                "the witness of {:?} is not a number in\n{text}",
                board.xy(step.cell)
            );
        };
        assert!(board.neighbours(step.witness).any(|n| n == step.cell));
        let mines = board
            .neighbours(step.witness)
            .filter(|n| known[n.get()] == Some(Certainty::Mine))
            .count();
        let unknown = board
            .neighbours(step.witness)
            .filter(|n| known[n.get()].is_none())
            .count();
        let forced = match step.certainty {
            Certainty::Safe => mines == number as usize,
            Certainty::Mine => number as usize - mines == unknown,
        };
        assert!(
            forced,
            "step {:?} does not follow in\n{text}",
            board.xy(step.cell)
        );
        known[step.cell.get()] = Some(step.certainty);
    }
}

#[test]
fn certain_cells_and_chains_match_brute_force() {
    let mut rng = TestRng::new(77);
    let (mut positions, mut chains, mut by_enumeration) = (0, 0, 0);
    for _ in 0..4000 {
        let board = random_position(&mut rng, 5, false);
        if board.cells().iter().filter(|c| c.is_unrevealed()).count() > 16 {
            continue;
        }
        let (c, e) = check_position(&board);
        chains += c;
        by_enumeration += e;
        positions += 1;
    }
    assert!(positions > 2000);
    assert!(chains > 1000, "only {chains} chains");
    assert!(
        by_enumeration > 50,
        "only {by_enumeration} cells certain by enumeration alone"
    );
}

#[test]
fn a_chain_through_two_numbers() {
    // The corner 1 has one hidden neighbour, a mine; that satisfies the 1 below it, whose
    // other hidden neighbour is then safe.
    let board = parse_mine("3x2x1\n1HH\n11H\n").unwrap();
    let analysis = solve_board(&board, &SolveConfig::default()).unwrap();
    let deductions = certain_cells(&board, &analysis);
    let safe = board.idx(2, 1).unwrap();
    assert_eq!(deductions.certainty(safe), Some(Certainty::Safe));
    let chain: Vec<((usize, usize), Certainty)> = deductions
        .chain(safe)
        .iter()
        .map(|s| (board.xy(s.cell), s.certainty))
        .collect();
    assert_eq!(
        chain,
        vec![((1, 0), Certainty::Mine), ((2, 1), Certainty::Safe)]
    );
}
