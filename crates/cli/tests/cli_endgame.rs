//! `endgame`: the depth of the bounds (`--probe-plies`) changes the work, never the answer.

mod common;

use common::run;

#[test]
fn the_bound_depth_changes_the_work_not_the_answer() {
    let position = include_str!("../../core/benches/endgame_positions/expert-1000-1.mine");
    let mut answers = Vec::new();
    for plies in ["0", "1", "2", "3"] {
        let (code, stdout, stderr) = run(
            &["endgame", "--json", "--probe-plies", plies],
            position.as_bytes(),
        );
        assert_eq!(code, 0, "{stderr}");
        let report: serde_json::Value = serde_json::from_str(&stdout).expect("JSON");
        assert_eq!(report["solved"], true, "{stdout}");
        answers.push((
            report["win_exact"].as_str().expect("win").to_owned(),
            report["nodes"].as_u64().expect("nodes"),
        ));
    }
    assert!(
        answers.iter().all(|(win, _)| win == "89/432"),
        "{answers:?}"
    );
    // The deeper bounds cut the search: fewer nodes than with the quick bound alone.
    assert!(answers[2].1 < answers[0].1, "{answers:?}");
    let (code, _, stderr) = run(&["endgame", "--probe-plies", "deep"], position.as_bytes());
    assert_ne!(code, 0);
    assert!(stderr.contains("--probe-plies"), "{stderr}");
}
