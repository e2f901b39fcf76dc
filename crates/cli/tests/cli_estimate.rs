//! `analyze` on a position over the exact budget: a floating-point estimate, labelled as such,
//! rather than an error or a hang.

use std::io::Write;
use std::process::{Command, Stdio};

/// A 200x200 board with every third column revealed (from a fixed pseudo-random layout):
/// hundreds of long fronts, too many to combine exactly within the default budget.
fn striped_board() -> String {
    let side = 200;
    let mut state = 12345u64;
    let is_mine: Vec<bool> = (0..side * side)
        .map(|_| {
            state = state
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (state >> 33).is_multiple_of(5)
        })
        .collect();
    let mines = is_mine.iter().filter(|m| **m).count();
    let mut text = format!("{side}x{side}x{mines}\n");
    for y in 0..side {
        for x in 0..side {
            if x % 3 == 0 && !is_mine[y * side + x] {
                let mut n = 0;
                for dy in -1i64..=1 {
                    for dx in -1i64..=1 {
                        let (nx, ny) = (x as i64 + dx, y as i64 + dy);
                        if (0..side as i64).contains(&nx)
                            && (0..side as i64).contains(&ny)
                            && is_mine[ny as usize * side + nx as usize]
                        {
                            n += 1;
                        }
                    }
                }
                text.push(char::from(b'0' + n));
            } else {
                text.push('H');
            }
        }
        text.push('\n');
    }
    text
}

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
        .write_all(striped_board().as_bytes())
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
