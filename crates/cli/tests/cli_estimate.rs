//! `analyze` on a position over the exact budget: a floating-point estimate, labelled as such,
//! rather than an error or a hang.

use std::io::Write;
use std::process::{Command, Stdio};

use mineseer_core::formats::write_mine;
use mineseer_core::synthetic::striped_position;

#[test]
fn over_budget_positions_get_a_labelled_estimate() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_mineseer"))
        .args(["analyze", "--json"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    child
        .stdin
        .take()
        .expect("piped")
        .write_all(write_mine(&striped_position(200, 7)).as_bytes())
        .expect("write");
    let out = child.wait_with_output().expect("finishes");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    assert!(stderr.contains("floating-point estimate"), "{stderr}");
    let report: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
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
