//! The engine against `corpus/probs-sample.json`: exact fractions computed by an independent
//! enumerator (a copy of `../shared/corpus`), keyed "x,y".

use mineseer_core::formats::parse_mine;
use mineseer_core::{solve_board, SolveConfig};

#[test]
fn every_corpus_probability_is_exact() {
    let text = include_str!("../corpus/probs-sample.json");
    let entries: Vec<serde_json::Value> = serde_json::from_str(text).unwrap();
    assert!(entries.len() >= 100);
    let mut checked = 0;
    for entry in &entries {
        let board = parse_mine(entry["board"].as_str().unwrap()).unwrap();
        let analysis = solve_board(&board, &SolveConfig::default())
            .unwrap_or_else(|e| panic!("{e} on\n{}", entry["board"]));
        let expected = entry["p"].as_object().unwrap();
        let hidden = board.cells().iter().filter(|c| c.is_unrevealed()).count();
        assert_eq!(expected.len(), hidden, "the corpus lists every hidden cell");
        for (key, fraction) in expected {
            let (x, y) = key.split_once(',').unwrap();
            let idx = board.idx(x.parse().unwrap(), y.parse().unwrap()).unwrap();
            let got = analysis.probability_exact(idx).unwrap().to_string();
            assert_eq!(
                &got,
                fraction.as_str().unwrap(),
                "cell {key} of\n{}",
                entry["board"]
            );
            checked += 1;
        }
    }
    assert!(checked > 1000, "checked only {checked} cells");
}

/// Cells that hold a mine in the same number of layouts get the same `f64` probability,
/// whatever the size of the box they lie in. Expert positions have counts far beyond 64
/// bits, where the rounding of a ratio depends on the two numbers it is taken of: a cell of
/// a box of two once got its probability from twice its count over twice the layouts, which
/// can round one step apart from a lone cell with the same count, and turned exact ties
/// between guesses into a choice by rounding.
#[test]
fn equal_counts_give_equal_probabilities() {
    let text = include_str!("../../benches/corpus/expert.txt");
    let (mut positions, mut pairs) = (0, 0);
    for block in text.split("\n\n").filter(|b| !b.trim().is_empty()) {
        let board = parse_mine(block).unwrap();
        let analysis = solve_board(&board, &SolveConfig::default()).unwrap();
        let hidden: Vec<_> = board
            .indices()
            .filter(|&i| board.cell(i).is_unrevealed())
            .collect();
        for (k, &a) in hidden.iter().enumerate() {
            for &b in &hidden[k + 1..] {
                if analysis.mine_layouts_ref(a) == analysis.mine_layouts_ref(b) {
                    pairs += 1;
                    assert_eq!(
                        analysis.probability(a).unwrap().to_bits(),
                        analysis.probability(b).unwrap().to_bits(),
                        "{:?} and {:?} of\n{block}",
                        board.xy(a),
                        board.xy(b)
                    );
                }
            }
        }
        positions += 1;
    }
    assert_eq!(positions, 100);
    assert!(pairs > 10_000, "only {pairs} pairs of equal counts");
}
