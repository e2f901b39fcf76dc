//! `endgame`: the tuning flags (`--probe-plies`, `--no-group-bound`) change the work, never
//! the answer; a budget of layout visits cuts the search and names the best move found;
//! `--moves` values every hidden cell.

use crate::common;

use common::run;

/// Solves expert-1000-1 with extra flags: the exact win chance and the nodes searched.
fn solve_with(flags: &[&str]) -> (String, u64) {
    let position = include_str!("../../../core/benches/endgame_positions/expert-1000-1.mine");
    let args: Vec<&str> = ["endgame", "--json"].iter().chain(flags).copied().collect();
    let (code, stdout, stderr) = run(&args, position.as_bytes());
    assert_eq!(code, 0, "{stderr}");
    let report: serde_json::Value = serde_json::from_str(&stdout).expect("JSON");
    assert_eq!(report["solved"], true, "{stdout}");
    (
        report["win_exact"].as_str().expect("win").to_owned(),
        report["nodes"].as_u64().expect("nodes"),
    )
}

#[test]
fn the_bound_depth_changes_the_work_not_the_answer() {
    let answers: Vec<(String, u64)> = ["0", "1", "2", "3"]
        .iter()
        .map(|plies| solve_with(&["--probe-plies", plies]))
        .collect();
    assert!(
        answers.iter().all(|(win, _)| win == "89/432"),
        "{answers:?}"
    );
    // The deeper bounds cut the search: fewer nodes than with the quick bound alone.
    assert!(answers[1].1 < answers[0].1, "{answers:?}");
    assert!(answers[2].1 < answers[0].1, "{answers:?}");
    let position = include_str!("../../../core/benches/endgame_positions/expert-1000-1.mine");
    let (code, _, stderr) = run(&["endgame", "--probe-plies", "deep"], position.as_bytes());
    assert_ne!(code, 0);
    assert!(stderr.contains("--probe-plies"), "{stderr}");
}

#[test]
fn the_group_bound_changes_the_work_not_the_answer() {
    let with = solve_with(&[]);
    let without = solve_with(&["--no-group-bound"]);
    assert_eq!(with.0, "89/432");
    assert_eq!(without.0, "89/432");
    // The bound cuts the search here (1,795 nodes against 2,383 when this was written).
    assert!(with.1 < without.1, "{with:?} {without:?}");
}

#[test]
fn a_visit_budget_cuts_the_search_and_names_the_best_move_found() {
    // 5,418 layouts, where the tuned expert player guessed.
    let position = include_str!("../../../core/tests/positions/expert-guess-5418.mine");
    let (code, stdout, stderr) = run(&["endgame", "--json"], position.as_bytes());
    assert_eq!(code, 0, "{stderr}");
    let solved: serde_json::Value = serde_json::from_str(&stdout).expect("JSON");
    assert_eq!(solved["solved"], true, "{stdout}");
    let (wins, layouts) = (
        solved["win"].as_f64().unwrap(),
        solved["layouts"].as_u64().unwrap(),
    );
    assert!(solved["visits"].as_u64().unwrap() > 1_000_000, "{stdout}");

    // --exact-only: over the budget, "too large" with the best move found, not the estimate.
    let args = [
        "endgame",
        "--json",
        "--exact-only",
        "--max-visits",
        "1000000",
    ];
    let (code, stdout, stderr) = run(&args, position.as_bytes());
    assert_eq!(code, 0, "{stderr}");
    let cut: serde_json::Value = serde_json::from_str(&stdout).expect("JSON");
    assert_eq!(cut["solved"], false, "{stdout}");
    assert_eq!(
        cut["reason"],
        "too large to solve exactly: over 1000000 layout visits"
    );
    assert_eq!(cut["layouts"].as_u64(), Some(layouts));
    let found = &cut["best_found"];
    let at_least = found["win_at_least"].as_f64().expect("a lower bound");
    assert!(at_least > 0.0 && at_least <= wins, "{stdout}");
    let (num, den) = found["win_at_least_exact"]
        .as_str()
        .and_then(|f| f.split_once('/'))
        .expect("a fraction");
    let exact = num.parse::<f64>().unwrap() / den.parse::<f64>().unwrap();
    assert!((exact - at_least).abs() < 1e-12, "{stdout}");

    let (code, stdout, _) = run(
        &["endgame", "--exact-only", "--max-visits", "1000000"],
        position.as_bytes(),
    );
    assert_eq!(code, 0);
    let line = format!(
        "best move found ({},{}): wins at least {}",
        found["x"],
        found["y"],
        found["win_at_least_exact"].as_str().unwrap()
    );
    assert!(stdout.contains(&line), "{stdout}");
}

#[test]
fn moves_values_every_hidden_cell_and_says_when_the_budget_cuts_them() {
    // The README's position: 22 hidden cells, 1,820 layouts, (2,2) certainly safe.
    let position = "6x4x5\n01HHHH\n12HHHH\nHHHHHH\nHHHHHH\n";
    let (code, stdout, stderr) = run(&["endgame", "--json", "--moves"], position.as_bytes());
    assert_eq!(code, 0, "{stderr}");
    let report: serde_json::Value = serde_json::from_str(&stdout).expect("JSON");
    let moves = report["moves"].as_array().expect("moves");
    let hidden: Vec<(u64, u64)> = (0..4u64)
        .flat_map(|y| (0..6u64).map(move |x| (x, y)))
        .filter(|&(x, y)| !(x < 2 && y < 2))
        .collect();
    let cells: Vec<(u64, u64)> = moves
        .iter()
        .map(|m| (m["x"].as_u64().unwrap(), m["y"].as_u64().unwrap()))
        .collect();
    assert_eq!(cells, hidden, "one value a hidden cell, in board order");
    let win = report["win"].as_f64().unwrap();
    let value_of = |x: u64, y: u64| &moves[hidden.iter().position(|&c| c == (x, y)).unwrap()];
    // The best move, and the certainly safe cell, win what the position wins; no move more.
    let best = &report["best"];
    let best = value_of(best["x"].as_u64().unwrap(), best["y"].as_u64().unwrap());
    assert_eq!(best["win_exact"], report["win_exact"], "{stdout}");
    assert_eq!(value_of(2, 2)["win_exact"], report["win_exact"], "{stdout}");
    for m in moves {
        let (num, den) = m["win_exact"].as_str().unwrap().split_once('/').unwrap();
        let exact = num.parse::<f64>().unwrap() / den.parse::<f64>().unwrap();
        assert!((exact - m["win"].as_f64().unwrap()).abs() < 1e-12, "{m}");
        assert!(exact <= win + 1e-12, "{m}");
    }
    // A guess beside the numbers costs wins: a mine under it in half the layouts.
    assert!(
        value_of(2, 0)["win"].as_f64().unwrap() < win - 0.1,
        "{stdout}"
    );

    // The text grid shows the same values as whole percentages.
    let (code, text, _) = run(&["endgame", "--moves"], position.as_bytes());
    assert_eq!(code, 0);
    let rows: Vec<&str> = text.lines().take(4).collect();
    let percent = |m: &serde_json::Value| format!("{:.0}%", m["win"].as_f64().unwrap() * 100.0);
    assert!(rows[0].starts_with("   0   1"), "{text}");
    assert!(rows[2].contains(&percent(value_of(2, 2))), "{text}");
    assert!(rows[0].contains(&percent(value_of(2, 0))), "{text}");

    // Without the budget for every move, the answer stays and the values say they are cut.
    let args = ["endgame", "--json", "--moves", "--max-nodes", "1100"];
    let (code, stdout, stderr) = run(&args, position.as_bytes());
    assert_eq!(code, 0, "{stderr}");
    let cut: serde_json::Value = serde_json::from_str(&stdout).expect("JSON");
    assert_eq!(cut["win_exact"], report["win_exact"], "{stdout}");
    assert!(cut["moves"].is_null(), "{stdout}");
    let (_, text, _) = run(
        &["endgame", "--moves", "--max-nodes", "1100"],
        position.as_bytes(),
    );
    assert!(
        text.contains("the budget ran out before every move was valued"),
        "{text}"
    );
    // Not asked for: no `moves` at all.
    let (_, stdout, _) = run(&["endgame", "--json"], position.as_bytes());
    assert!(!stdout.contains("\"moves\""), "{stdout}");
}
