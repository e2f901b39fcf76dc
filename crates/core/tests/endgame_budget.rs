//! The endgame solver's budgets: over a limit the answer is "too large", with the exact
//! layout count, never a wrong win chance; within the limits the same position is solved.

use mineseer_core::formats::parse_mine;
use mineseer_core::{solve_endgame, EndgameConfig, EndgameOutcome};
use num_bigint::BigUint;

/// A late expert position with 864 layouts that takes thousands of nodes.
const POSITION: &str = include_str!("../benches/endgame_positions/expert-1000-1.mine");

#[test]
fn too_many_layouts_is_an_answer_with_the_count() {
    let board = parse_mine(POSITION).unwrap();
    let config = EndgameConfig {
        max_layouts: 863,
        ..EndgameConfig::default()
    };
    let endgame = solve_endgame(&board, &config).unwrap();
    assert!(!endgame.is_solved());
    assert_eq!(endgame.layouts(), &BigUint::from(864u32));
    assert_eq!(endgame.win(), None);
    assert_eq!(endgame.best_move(), None);
    assert_eq!(endgame.nodes(), 0);
    assert!(!endgame.ran_out_of_nodes());
    assert!(matches!(
        endgame.outcome(),
        EndgameOutcome::TooLarge {
            what: "layouts",
            limit: 863
        }
    ));
}

#[test]
fn too_many_nodes_is_an_answer_not_a_guess() {
    let board = parse_mine(POSITION).unwrap();
    let config = EndgameConfig {
        max_nodes: 100,
        ..EndgameConfig::default()
    };
    let endgame = solve_endgame(&board, &config).unwrap();
    assert!(!endgame.is_solved());
    assert_eq!(endgame.win(), None);
    assert!(endgame.ran_out_of_nodes());
    assert!(matches!(
        endgame.outcome(),
        EndgameOutcome::TooLarge {
            what: "search nodes",
            limit: 100
        }
    ));
    // Within the default budget the same position is solved.
    let solved = solve_endgame(&board, &EndgameConfig::default()).unwrap();
    assert!(solved.is_solved());
    assert!(!solved.ran_out_of_nodes());
    assert!(
        solved.nodes() > 100,
        "the small budget must have been the reason"
    );
    assert_eq!(solved.layouts(), &BigUint::from(864u32));
}

#[test]
fn a_small_table_budget_is_an_answer() {
    let board = parse_mine(POSITION).unwrap();
    let config = EndgameConfig {
        max_table_entries: 1_000,
        ..EndgameConfig::default()
    };
    let endgame = solve_endgame(&board, &config).unwrap();
    assert!(matches!(
        endgame.outcome(),
        EndgameOutcome::TooLarge {
            what: "observation table entries",
            limit: 1_000
        }
    ));
}

#[test]
fn a_fresh_expert_board_is_too_large() {
    let mut text = String::from("30x16x99\n");
    for _ in 0..16 {
        text.push_str(&"H".repeat(30));
        text.push('\n');
    }
    let endgame = solve_endgame(&parse_mine(&text).unwrap(), &EndgameConfig::default()).unwrap();
    assert!(!endgame.is_solved());
    // C(480, 99), far beyond any integer type but counted exactly.
    assert_eq!(
        endgame.layouts(),
        &mineseer_core::combinatorics::binomial(480, 99)
    );
}
