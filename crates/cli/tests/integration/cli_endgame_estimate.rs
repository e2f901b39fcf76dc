//! `mineseer endgame` over the exact budget: an estimate with its intervals, the same for any
//! number of threads, and clear errors; `review --win-chances`.

use crate::common;

use common::run;
use serde_json::Value;

/// 1,155 layouts, where the expert player guessed.
const POSITION: &str = include_str!("../../../core/tests/positions/expert-guess-1155.mine");

fn endgame_json(args: &[&str], position: &str) -> Value {
    let mut all = vec!["endgame", "--json"];
    all.extend_from_slice(args);
    let (code, stdout, stderr) = run(&all, position.as_bytes());
    assert_eq!(code, 0, "{stderr}");
    serde_json::from_str(&stdout).expect("JSON")
}

#[test]
fn over_the_budget_the_answer_is_an_estimate_with_intervals() {
    let answer = endgame_json(
        &[
            "--max-layouts",
            "100",
            "--rollouts",
            "48",
            "--level",
            "fast",
        ],
        POSITION,
    );
    assert_eq!(answer["kind"], "estimate");
    assert!(answer["reason"].as_str().unwrap().starts_with("too large"));
    let estimate = &answer["estimate"];
    assert_eq!(estimate["policy"], "fast");
    assert_eq!(estimate["rollouts"], 48);
    assert_eq!(estimate["seed"], 1);
    assert_eq!(answer["best"], estimate["best"]);
    let (lo, win, hi) = (
        estimate["win_lo"].as_f64().unwrap(),
        estimate["win"].as_f64().unwrap(),
        estimate["win_hi"].as_f64().unwrap(),
    );
    assert!(
        0.0 <= lo && lo <= win && win <= hi && hi <= 1.0,
        "{estimate}"
    );
    let candidates = estimate["candidates"].as_array().unwrap();
    assert!((2..=4).contains(&candidates.len()), "{estimate}");
    assert_eq!(candidates[0]["kind"], "player");
    for c in candidates {
        assert_eq!(c["games"], 48);
        let wins = c["wins"].as_f64().unwrap();
        assert_eq!(c["win"].as_f64().unwrap(), wins / 48.0);
        assert!(c["lo"].as_f64().unwrap() <= c["win"].as_f64().unwrap());
        assert!(c["diff_lo"].as_f64().unwrap() <= c["diff"].as_f64().unwrap());
    }
    // The best is a candidate, and the top candidate's figure is the position's.
    assert!(candidates
        .iter()
        .any(|c| c["x"] == estimate["best"]["x"] && c["y"] == estimate["best"]["y"]));
    let top = candidates
        .iter()
        .map(|c| c["win"].as_f64().unwrap())
        .fold(0.0, f64::max);
    assert_eq!(top, win);
}

#[test]
fn the_same_seed_gives_the_same_answer_on_1_2_and_8_threads() {
    let strip = |mut v: Value| {
        v.as_object_mut().unwrap().remove("ms");
        v
    };
    let args = |threads: &'static str| {
        vec![
            "--estimate",
            "--rollouts",
            "40",
            "--level",
            "fast",
            "--seed",
            "9",
            "--threads",
            threads,
        ]
    };
    let one = strip(endgame_json(&args("1"), POSITION));
    for threads in ["2", "8"] {
        assert_eq!(
            strip(endgame_json(&args(threads), POSITION)),
            one,
            "{threads}"
        );
    }
}

#[test]
fn within_the_budget_the_answer_is_exact_and_exact_only_keeps_too_large() {
    let exact = endgame_json(&[], POSITION);
    assert_eq!(exact["kind"], "exact");
    assert!(exact["best"]["x"].is_u64());
    let too_large = endgame_json(&["--max-layouts", "100", "--exact-only"], POSITION);
    assert_eq!(too_large["kind"], "too_large");
    assert_eq!(too_large["solved"], false);
    assert!(too_large.get("estimate").is_none());
}

#[test]
fn a_certainly_safe_cell_is_the_best_move_and_says_why() {
    // The 1 in the corner has one hidden neighbour, a mine: (2,0) and (2,1) are safe.
    let position = "3x2x1\n1HH\n1HH\n";
    let answer = endgame_json(&["--estimate", "--rollouts", "8"], position);
    assert_eq!(answer["estimate"]["certain"], true);
    assert_eq!(
        answer["estimate"]["candidates"].as_array().unwrap().len(),
        1
    );
    assert_eq!(answer["best"]["x"], 2);
    let (code, stdout, stderr) = run(
        &["endgame", "--estimate", "--rollouts", "8"],
        position.as_bytes(),
    );
    assert_eq!(code, 0, "{stderr}");
    assert!(stdout.contains("certainly safe"), "{stdout}");
    assert!(stdout.contains("estimated"), "{stdout}");
}

#[test]
fn bad_estimates_are_one_line_errors() {
    let cases: [(&[&str], &str, &str); 5] = [
        (&["--estimate"], "2x1x1\n1F\n", "game is over"),
        (&["--estimate", "--candidates", "9"], POSITION, "1 to 8"),
        (&["--estimate", "--candidates", "0"], POSITION, "1 to 8"),
        (&["--estimate", "--rollouts", "0"], POSITION, "at least 1"),
        (
            &["--estimate", "--level", "best"],
            POSITION,
            "unknown level",
        ),
    ];
    for (args, position, message) in cases {
        let mut all = vec!["endgame"];
        all.extend_from_slice(args);
        let (code, stdout, stderr) = run(&all, position.as_bytes());
        assert_eq!(code, 1, "{args:?}: {stdout}");
        assert!(stderr.contains(message), "{args:?}: {stderr}");
        assert_eq!(stderr.lines().count(), 1, "{stderr}");
    }
    // No layout fits: a 3 with one hidden neighbour.
    let (code, _, stderr) = run(&["endgame", "--estimate"], b"2x1x1\n3H\n");
    assert_eq!(code, 1);
    assert!(stderr.starts_with("mineseer: error:"), "{stderr}");
}

#[test]
fn review_gives_the_win_chance_line() {
    let record = include_str!("../../../../tests/fixtures/review-expert-1.json");
    let (code, stdout, stderr) = run(
        &["review", "--json", "--win-chances", "-"],
        record.as_bytes(),
    );
    assert_eq!(code, 0, "{stderr}");
    let review: Value = serde_json::from_str(&stdout).unwrap();
    let line = review["win_chances"].as_array().expect("win_chances");
    assert!(line[0]["move"].is_null(), "the start first");
    assert!(line[0]["win_move"].is_null());
    let guesses = review["moves"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|m| m["kind"] == "guess" || m["kind"] == "blunder")
        .count();
    assert_eq!(line.len(), guesses + 1);
    for point in line {
        for key in ["win_before", "win_best"] {
            let chance = &point[key];
            match chance["kind"].as_str().unwrap() {
                "exact" => assert!(chance["exact"].is_string()),
                "estimate" => assert!(
                    chance["lo"].as_f64().unwrap() <= chance["win"].as_f64().unwrap()
                        && chance["win"].as_f64().unwrap() <= chance["hi"].as_f64().unwrap()
                ),
                other => panic!("kind {other}"),
            }
        }
        assert!(point["win_best"]["x"].is_u64());
    }
    // Without the flag the review is as before.
    let (_, plain, _) = run(&["review", "--json", "-"], record.as_bytes());
    let plain: Value = serde_json::from_str(&plain).unwrap();
    assert!(plain.get("win_chances").is_none());
}
