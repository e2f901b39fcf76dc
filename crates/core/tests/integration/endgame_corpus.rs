//! The endgame solver against `corpus/endgames-sample.json` and
//! `corpus/endgames-hard-sample.json` (a copy of `../shared/corpus`): exact win chances, the
//! layout counts, and every optimal first move, computed by an independent solver.

use mineseer_core::formats::parse_mine;
use mineseer_core::{solve_endgame, EndgameConfig};
use num_bigint::BigUint;

fn check_corpus(text: &str) -> usize {
    check_corpus_with(text, &EndgameConfig::default())
}

fn check_corpus_with(text: &str, config: &EndgameConfig) -> usize {
    let entries: Vec<serde_json::Value> = serde_json::from_str(text).unwrap();
    for entry in &entries {
        let board_text = entry["board"].as_str().unwrap();
        let board = parse_mine(board_text).unwrap();
        let endgame =
            solve_endgame(&board, config).unwrap_or_else(|e| panic!("{e} on\n{board_text}"));
        assert!(endgame.is_solved(), "not solved:\n{board_text}");
        let layouts = BigUint::from(entry["layouts"].as_u64().unwrap());
        assert_eq!(endgame.layouts(), &layouts, "layouts of\n{board_text}");
        let win = endgame.win().unwrap().to_string();
        assert_eq!(
            win,
            entry["win"].as_str().unwrap(),
            "win chance of\n{board_text}"
        );
        let best: Vec<(usize, usize)> = entry["best"]
            .as_array()
            .unwrap()
            .iter()
            .map(|xy| {
                (
                    xy[0].as_u64().unwrap() as usize,
                    xy[1].as_u64().unwrap() as usize,
                )
            })
            .collect();
        let chosen = endgame.best_move().expect("a move");
        assert!(
            best.contains(&chosen),
            "move {chosen:?} not in {best:?} for\n{board_text}"
        );
    }
    entries.len()
}

#[test]
fn endgames_sample_is_exact() {
    assert!(check_corpus(include_str!("../corpus/endgames-sample.json")) >= 30);
}

#[test]
fn endgames_hard_sample_is_exact() {
    assert!(check_corpus(include_str!("../corpus/endgames-hard-sample.json")) >= 12);
}

/// The search's simple-strategy bar and widening (on by default only from thousands of
/// layouts) at every position: the same win chances, and a move among the optimal ones.
#[test]
fn corpora_are_exact_with_the_strategy_bar_everywhere() {
    let config = EndgameConfig {
        strategy_min_layouts: 2,
        widen_min_layouts: 2,
        ..EndgameConfig::default()
    };
    assert!(check_corpus_with(include_str!("../corpus/endgames-sample.json"), &config) >= 30);
    assert!(check_corpus_with(include_str!("../corpus/endgames-hard-sample.json"), &config) >= 12);
}

/// The deeper bounds (by default two moves deep, from 16 layouts) three moves deep at every
/// part of three layouts or more, with the strategy bar everywhere too.
#[test]
fn corpora_are_exact_with_deep_bounds_everywhere() {
    let config = EndgameConfig {
        strategy_min_layouts: 2,
        widen_min_layouts: 2,
        probe_min_layouts: 3,
        probe_plies: 3,
        ..EndgameConfig::default()
    };
    assert!(check_corpus_with(include_str!("../corpus/endgames-sample.json"), &config) >= 30);
    assert!(check_corpus_with(include_str!("../corpus/endgames-hard-sample.json"), &config) >= 12);
}
