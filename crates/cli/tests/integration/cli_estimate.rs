//! `analyze` on a position over the exact budget: a floating-point estimate, labelled as such,
//! rather than an error or a hang.

use crate::common;

use common::run;
use mineseer_core::formats::write_mine;
use mineseer_core::synthetic::striped_position;

#[test]
fn over_budget_positions_get_a_labelled_estimate() {
    let position = write_mine(&striped_position(200, 7));
    let (code, stdout, stderr) = run(&["analyze", "--json"], position.as_bytes());
    assert_eq!(code, 0, "{stderr}");
    assert!(stderr.contains("floating-point estimate"), "{stderr}");
    let report: serde_json::Value = serde_json::from_str(&stdout).expect("JSON");
    assert_eq!(report["approximate"], true);
    assert!(report["solutions"].is_null());
    assert!(report["solutions_log2"].as_f64().expect("log2") > 1000.0);
    let cells = report["cells"].as_array().expect("cells");
    let sum: f64 = cells.iter().map(|c| c["p"].as_f64().expect("p")).sum();
    let mines = report["mines"].as_f64().expect("mines");
    assert!(
        (sum - mines).abs() < 1e-6 * mines,
        "probabilities add up to {sum}, not {mines}"
    );
}
