//! The engine against `corpus/probs-sample.json`: exact fractions computed by an independent
//! enumerator (a copy of `../shared/corpus`), keyed "x,y".

use mineseer_core::formats::parse_mine;
use mineseer_core::{solve_board, SolveConfig};

#[test]
fn every_corpus_probability_is_exact() {
    let text = include_str!("corpus/probs-sample.json");
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
