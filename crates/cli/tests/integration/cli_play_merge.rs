//! `mineseer play --merge` (issue 16): shards of one series add up exactly to the run of
//! the whole series; shards of different series, or overlapping ones, are refused.

use crate::common;

use std::path::PathBuf;

use common::run;
use serde_json::Value;

/// Plays a shard of beginner games with `--json` on one thread and writes its report to
/// `name` in the test's own directory; returns the path and the report.
fn shard(name: &str, extra: &[&str]) -> (PathBuf, Value) {
    let mut args = vec!["play", "--preset", "beginner", "--threads", "1", "--json"];
    args.extend_from_slice(extra);
    let (code, stdout, stderr) = run(&args, b"");
    assert_eq!(code, 0, "{args:?}: {stderr}");
    let report: Value = serde_json::from_str(&stdout).expect("valid JSON");
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("play_merge");
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, &stdout).unwrap();
    (path, report)
}

fn merge(paths: &[&PathBuf], json: bool) -> (i32, String, String) {
    let mut args: Vec<String> = vec!["play".into(), "--merge".into()];
    args.extend(paths.iter().map(|p| p.display().to_string()));
    if json {
        args.push("--json".into());
    }
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    run(&args, b"")
}

#[test]
fn shards_add_up_to_the_whole_series() {
    let (a, ra) = shard("a.json", &["--seed", "5", "--games", "40"]);
    let (b, rb) = shard(
        "b.json",
        &["--seed", "5", "--games", "25", "--first-game", "40"],
    );
    let (c, rc) = shard(
        "c.json",
        &["--seed", "5", "--games", "35", "--first-game", "65"],
    );
    let (_, whole) = shard("whole.json", &["--seed", "5", "--games", "100"]);
    for r in [&ra, &rb, &rc, &whole] {
        for field in ["guesses", "cpu_ns", "first_game", "player", "version"] {
            assert!(!r[field].is_null(), "the report lacks {field}: {r}");
        }
        assert_eq!(r["first_click"], serde_json::json!([0, 0]));
    }
    // In any order: the total is the sum, and the same games as one run of the series.
    let (code, stdout, stderr) = merge(&[&c, &a, &b], true);
    assert_eq!(code, 0, "{stderr}");
    let merged: Value = serde_json::from_str(&stdout).expect("valid JSON");
    assert_eq!(merged["games"], 100);
    assert_eq!(merged["shards"], 3);
    assert_eq!(merged["ranges"], serde_json::json!([[0, 100]]));
    for field in ["wins", "guesses", "engine_failures"] {
        assert_eq!(merged[field], whole[field], "{field}");
    }
    let cpu: u64 = [&ra, &rb, &rc]
        .iter()
        .map(|r| r["cpu_ns"].as_u64().unwrap())
        .sum();
    assert_eq!(merged["cpu_ns"].as_u64(), Some(cpu));
    assert_eq!(merged["ci95"], whole["ci95"]);
    assert_eq!(merged["win_rate"], whole["win_rate"]);
    // Wins are neither all nor none, so the sum really adds different shards.
    let wins = merged["wins"].as_u64().unwrap();
    assert!(wins > 0 && wins < 100, "{wins}");

    let (code, text, stderr) = merge(&[&a, &b], false);
    assert_eq!(code, 0, "{stderr}");
    assert!(
        text.contains("games=65 in 2 shards (games 0..64)"),
        "{text}"
    );
    assert!(text.contains("Wilson interval"), "{text}");

    // A gap between shards is allowed and shown.
    let (code, stdout, stderr) = merge(&[&a, &c], true);
    assert_eq!(code, 0, "{stderr}");
    let merged: Value = serde_json::from_str(&stdout).unwrap();
    assert_eq!(merged["ranges"], serde_json::json!([[0, 40], [65, 100]]));
    assert_eq!(merged["games"], 75);
}

#[test]
fn overlapping_or_mismatched_shards_are_refused() {
    let (a, _) = shard("m-a.json", &["--seed", "9", "--games", "20"]);
    let cases: &[(&str, &[&str], &str)] = &[
        (
            "overlap",
            &["--seed", "9", "--games", "10", "--first-game", "15"],
            "overlap",
        ),
        ("same range", &["--seed", "9", "--games", "20"], "overlap"),
        (
            "seed",
            &["--seed", "10", "--games", "5", "--first-game", "20"],
            "seed is 9 in one and 10",
        ),
        (
            "rule",
            &[
                "--seed",
                "9",
                "--games",
                "5",
                "--first-game",
                "20",
                "--rule",
                "opening",
            ],
            "rule",
        ),
        (
            "level",
            &[
                "--seed",
                "9",
                "--games",
                "5",
                "--first-game",
                "20",
                "--fast",
            ],
            "level",
        ),
        (
            "first click",
            &[
                "--seed",
                "9",
                "--games",
                "5",
                "--first-game",
                "20",
                "--first-click",
                "4,4",
            ],
            "first_click",
        ),
        (
            "settings",
            &[
                "--seed",
                "9",
                "--games",
                "5",
                "--first-game",
                "20",
                "--endgame-nodes",
                "777",
            ],
            "endgame_nodes",
        ),
    ];
    for (name, extra, text) in cases {
        let (b, _) = shard(&format!("m-{}.json", name.replace(' ', "-")), extra);
        let (code, stdout, stderr) = merge(&[&a, &b], true);
        assert_eq!(code, 1, "{name}: {stdout}");
        assert!(stdout.is_empty(), "{name}: {stdout}");
        assert!(stderr.starts_with("mineseer: error: "), "{name}: {stderr}");
        assert!(stderr.contains(text), "{name}: {stderr:?} lacks {text:?}");
    }
    // A different board under the same other settings.
    let (b, _) = shard(
        "m-board.json",
        &[
            "--seed",
            "9",
            "--games",
            "5",
            "--first-game",
            "20",
            "--size",
            "9x9x11",
        ],
    );
    let (code, _, stderr) = merge(&[&a, &b], false);
    assert_eq!(code, 1);
    assert!(stderr.contains("different series"), "{stderr}");
}

#[test]
fn bad_shard_files_are_refused_with_their_name() {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("play_merge");
    std::fs::create_dir_all(&dir).unwrap();
    let (a, report) = shard("bad-a.json", &["--seed", "3", "--games", "5"]);
    let not_json = dir.join("not-json.json");
    std::fs::write(&not_json, "wins 3 of 5\n").unwrap();
    // An older report without the exact counts.
    let mut old = report.clone();
    old.as_object_mut().unwrap().remove("cpu_ns");
    old["first_game"] = 5.into();
    let old_path = dir.join("old.json");
    std::fs::write(&old_path, old.to_string()).unwrap();
    // More wins than games.
    let mut impossible = report.clone();
    impossible["wins"] = 6.into();
    impossible["first_game"] = 5.into();
    let impossible_path = dir.join("impossible.json");
    std::fs::write(&impossible_path, impossible.to_string()).unwrap();
    let missing = dir.join("no-such-shard.json");
    for (path, text) in [
        (&not_json, "not-json.json is not a report"),
        (&old_path, "cpu_ns"),
        (&impossible_path, "do not fit in 5 games"),
        (&missing, "cannot read shard"),
    ] {
        let (code, stdout, stderr) = merge(&[&a, path], true);
        assert_eq!(code, 1, "{path:?}: {stdout}");
        assert!(stderr.contains(text), "{stderr:?} lacks {text:?}");
        assert_eq!(stderr.lines().count(), 1, "{stderr}");
    }
    // --merge plays nothing, so the options of a run do not go with it.
    let a_text = a.display().to_string();
    let (code, _, stderr) = run(&["play", "--merge", &a_text, "--games", "5"], b"");
    assert_ne!(code, 0);
    assert!(stderr.contains("cannot be used with"), "{stderr}");
}
