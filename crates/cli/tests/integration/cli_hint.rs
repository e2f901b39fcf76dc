//! `mineseer hint` (issue 40): the JSON the issue gives for each kind, `--all`, and the
//! typed errors.

use crate::common;

use common::run;
use serde_json::Value;

fn hint_json(args: &[&str], position: &str) -> Value {
    let (code, stdout, stderr) = run(args, position.as_bytes());
    assert_eq!(code, 0, "{stderr}");
    serde_json::from_str(&stdout).expect("JSON")
}

#[test]
fn a_certain_cell_with_its_proof_and_level() {
    // (3,0) is safe only with the count: the 1 holds the one mine.
    let hint = hint_json(&["hint", "--json"], "4x1x1\nH1HH\n");
    assert_eq!(hint["kind"], "certain");
    assert_eq!(hint["cell"], serde_json::json!({"x": 3, "y": 0}));
    assert_eq!(hint["certainty"], "safe");
    assert_eq!(hint["level"], 4);
    assert_eq!(hint["proof"], serde_json::json!([{"x": 1, "y": 0}]));
    assert_eq!(hint["uses_count"], true);
    assert!(hint["text"].as_str().unwrap().starts_with("Safe: "));
}

#[test]
fn all_gives_every_certain_cell_safe_first() {
    let all = hint_json(&["hint", "--all", "--json"], "3x3x2\nHHH\n121\n000\n");
    let hints = all["hints"].as_array().unwrap();
    let summary: Vec<(u64, u64, &str, u64)> = hints
        .iter()
        .map(|h| {
            (
                h["cell"]["x"].as_u64().unwrap(),
                h["cell"]["y"].as_u64().unwrap(),
                h["certainty"].as_str().unwrap(),
                h["level"].as_u64().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        summary,
        vec![(1, 0, "safe", 3), (0, 0, "mine", 2), (2, 0, "mine", 2)]
    );
}

#[test]
fn no_certain_cell_gives_the_safest_guess_with_its_chance() {
    let hint = hint_json(&["hint", "--json"], "3x3x1\nHHH\nH1H\nHHH\n");
    assert_eq!(hint["kind"], "guess");
    assert_eq!(hint["p"], 0.125);
    assert!(hint.get("level").is_none());
    let (_, text, _) = run(&["hint"], b"3x3x1\nHHH\nH1H\nHHH\n");
    assert!(text.contains("safest guess is (0, 0)"), "{text}");
}

#[test]
fn a_finished_game_is_over_and_an_impossible_position_an_error() {
    let hint = hint_json(&["hint", "--json"], "2x1x1\n1H\n");
    assert_eq!(hint["kind"], "over");
    let all = hint_json(&["hint", "--all", "--json"], "2x1x1\n1H\n");
    assert_eq!(all["hints"][0]["kind"], "over");
    for args in [&["hint", "--json"][..], &["hint", "--all"][..]] {
        let (code, stdout, stderr) = run(args, b"3x1x0\n1HH\n");
        assert_eq!(code, 1);
        assert!(stdout.is_empty(), "{stdout}");
        assert!(
            stderr.starts_with("mineseer: error: no hint: no consistent layout"),
            "{stderr}"
        );
    }
}
