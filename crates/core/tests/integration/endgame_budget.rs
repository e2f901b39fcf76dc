//! The endgame solver's budgets: over a limit the answer is "too large", with the exact
//! layout count, never a wrong win chance; within the limits the same position is solved.

use mineseer_core::formats::parse_mine;
use mineseer_core::{solve_endgame, EndgameConfig, EndgameOutcome};
use num_bigint::BigUint;

/// A late expert position with 864 layouts that takes thousands of nodes.
const POSITION: &str = include_str!("../../benches/endgame_positions/expert-1000-1.mine");

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

/// The wins (out of the position's layouts) of revealing `(x, y)` and then playing best:
/// the sum over each number it can show of that position's exact wins.
fn wins_after(board: &mineseer_core::Board, (x, y): (usize, usize)) -> BigUint {
    use mineseer_core::board::Cell;
    let idx = board.idx(x, y).unwrap();
    let mut wins = BigUint::from(0u32);
    for value in 0..=8u8 {
        let mut child = board.clone();
        child.set_cell(idx, Cell::Revealed(value));
        // A number no layout allows has no layout to win.
        let Ok(endgame) = solve_endgame(&child, &EndgameConfig::default()) else {
            continue;
        };
        let win = endgame.win().expect("a smaller position is solved");
        wins += win.numer() * endgame.layouts() / win.denom();
    }
    wins
}

/// A search cut by its budget of layout visits says so, and, when the position's first move
/// is a guess, names the first move of a strategy whose wins it states; playing that move
/// and then best wins at least that many, and at most the position's value. Within a budget
/// of the visits the search needs, it is solved exactly as without one.
#[test]
fn a_cut_search_names_a_move_that_wins_what_it_says() {
    // Positions where the tuned expert player called the endgame solver (no certain move:
    // the first move is a guess), from its games of seed 32200 (games 125, 162 and 347).
    let positions = [
        include_str!("../positions/expert-guess-738.mine"),
        include_str!("../positions/expert-guess-840.mine"),
        include_str!("../positions/expert-guess-1155.mine"),
    ];
    let mut cut_moves = 0;
    for text in positions {
        let board = parse_mine(text).unwrap();
        let exact = solve_endgame(&board, &EndgameConfig::default()).unwrap();
        let best = exact.win().unwrap().clone();
        let layouts = exact.layouts().clone();
        // The simple strategy sets the bar from two layouts on, so a root that guesses
        // always has one.
        let config = |max_visits| EndgameConfig {
            max_visits,
            strategy_min_layouts: 2,
            widen_min_layouts: 2,
            ..EndgameConfig::default()
        };
        let full = solve_endgame(&board, &config(u64::MAX)).unwrap();
        assert_eq!(full.win(), Some(&best));
        assert!(full.visits() > 0);
        let within = solve_endgame(&board, &config(full.visits())).unwrap();
        assert_eq!(within.win(), Some(&best));

        for max_visits in [1, full.visits() / 8, full.visits() / 4, full.visits() / 2] {
            let endgame = solve_endgame(&board, &config(max_visits)).unwrap();
            // The budget is checked as each position is expanded: a search whose last
            // expansion came before the budget ran out finishes, exactly.
            if endgame.is_solved() {
                assert_eq!(endgame.win(), Some(&best));
                continue;
            }
            assert!(endgame.ran_out_of_nodes());
            assert!(matches!(
                endgame.outcome(),
                EndgameOutcome::TooLarge { what: "layout visits", limit } if *limit == max_visits
            ));
            let Some((xy, lower)) = endgame.cut_move().cloned() else {
                continue;
            };
            // What the strategy wins is at most what best play wins.
            assert!(lower.numer() * best.denom() <= best.numer() * lower.denom());
            let promised = lower.numer() * &layouts / lower.denom();
            let reached = wins_after(&board, xy);
            assert!(
                reached >= promised,
                "{xy:?}: {reached} wins, {promised} promised"
            );
            assert!(reached * best.denom() <= best.numer() * &layouts);
            cut_moves += 1;
        }
    }
    assert!(cut_moves >= 9, "only {cut_moves} cut searches named a move");
}

/// The move values have a budget of their own: past it the position is still solved,
/// exactly, and only the values are left out. Within it, the best of them is the win chance.
#[test]
fn move_values_over_their_budget_leave_the_answer_alone() {
    let board = parse_mine(POSITION).unwrap();
    let plain = solve_endgame(&board, &EndgameConfig::default()).unwrap();
    let win = plain.win().unwrap().clone();
    assert_eq!(plain.move_values(), None, "not asked for");
    let valued = |move_values_max_visits| {
        let config = EndgameConfig {
            move_values: true,
            move_values_max_visits,
            ..EndgameConfig::default()
        };
        solve_endgame(&board, &config).unwrap()
    };
    let cut = valued(1_000);
    assert_eq!(cut.win(), Some(&win));
    assert_eq!(cut.best_move(), plain.best_move());
    assert_eq!(cut.move_values(), None);
    assert!(
        cut.visits() < plain.visits() + 1_000_000,
        "the values stopped early"
    );
    let full = valued(u64::MAX);
    assert_eq!(full.win(), Some(&win));
    let values = full.move_values().expect("within the budget");
    let best = full.best_move().unwrap();
    assert_eq!(values.iter().find(|(xy, _)| *xy == best).unwrap().1, win);
    assert!(values
        .iter()
        .all(|(_, v)| v.numer() * win.denom() <= win.numer() * v.denom()));
    assert!(full.visits() > plain.visits() + 1_000);
}
