//! Any small parsed position through the exact engine: no panic, no hang (a small budget),
//! probabilities within [0, 1]; and on positions small enough, exact agreement with the
//! brute-force enumerator on the count of consistent layouts.
#![no_main]

use libfuzzer_sys::fuzz_target;
use mineseer_core::brute::enumerate_layouts;
use mineseer_core::formats::parse_position;
use mineseer_core::{solve_board, Cell, SolveConfig};

/// Larger boards only slow the fuzzer down without reaching new code.
const MAX_CELLS: usize = 64;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(board) = parse_position(text) else {
        return;
    };
    if board.len() > MAX_CELLS {
        return;
    }
    let config = SolveConfig {
        max_lines: 10_000,
        ..SolveConfig::default()
    };
    let result = solve_board(&board, &config);
    if let Ok(analysis) = &result {
        for idx in board.indices() {
            if let Some(p) = analysis.probability(idx) {
                assert!((0.0..=1.0).contains(&p), "probability {p} out of range");
            }
        }
    }
    // The brute-force oracle only where it is quick: it is exponential in the hidden cells.
    let hidden = board
        .cells()
        .iter()
        .filter(|c| matches!(c, Cell::Hidden | Cell::HiddenMine))
        .count();
    if hidden > 16 {
        return;
    }
    if let Some(brute) = enumerate_layouts(&board) {
        match &result {
            Ok(analysis) => assert_eq!(
                analysis.solutions().to_string(),
                brute.layouts.len().to_string()
            ),
            Err(_) => assert!(
                brute.layouts.is_empty(),
                "engine refused a consistent position"
            ),
        }
    }
});
