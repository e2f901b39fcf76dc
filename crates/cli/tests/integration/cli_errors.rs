//! The CLI on bad input (issue 7): a one-line message on stderr and exit code 1, never a
//! panic (exit 101) or a partial output on stdout.

use crate::common;

use common::run;

#[test]
fn analyze_reports_bad_input_in_one_line() {
    let cases: &[(&str, &[u8], &str)] = &[
        ("empty", b"", "empty"),
        ("bad header", b"3x3\nHHH\n", "header"),
        ("huge size", b"100000x100000x10\n", "at most 1000"),
        ("short row", b"3x2x1\nHHH\nHH\n", "line 3, column 3"),
        ("unknown character", b"3x1x1\nHZH\n", "unknown cell"),
        ("binary", &[0xff, 0xfe, 0x00, 0x01], "not text"),
        ("contradicting flags", b"3x1x2\nF1F\n", "flags around it"),
        (
            "no consistent layout",
            b"3x3x1\n1H1\nH1H\n1H1\n",
            "no consistent layout",
        ),
    ];
    for (name, input, text) in cases {
        for json in [false, true] {
            let args: &[&str] = if json {
                &["analyze", "--json"]
            } else {
                &["analyze"]
            };
            let (code, stdout, stderr) = run(args, input);
            assert_eq!(code, 1, "{name}: exit code, stderr {stderr:?}");
            assert!(stdout.is_empty(), "{name}: printed {stdout:?}");
            assert_eq!(stderr.lines().count(), 1, "{name}: stderr {stderr:?}");
            assert!(
                stderr.starts_with("mineseer: error: "),
                "{name}: {stderr:?}"
            );
            assert!(stderr.contains(text), "{name}: {stderr:?} lacks {text:?}");
        }
    }
}

#[test]
fn analyze_reports_a_missing_file() {
    let (code, _, stderr) = run(&["analyze", "/nonexistent/position.mine"], b"");
    assert_eq!(code, 1);
    assert!(stderr.contains("/nonexistent/position.mine"), "{stderr:?}");
}

#[test]
fn analyze_json_has_the_documented_shape() {
    let (code, stdout, stderr) = run(&["analyze", "--json", "--exact"], b"3x2x1\n1HH\n11H\n");
    assert_eq!(code, 0, "{stderr}");
    let report: serde_json::Value = serde_json::from_str(&stdout).expect("valid JSON");
    assert_eq!(report["width"], 3);
    assert_eq!(report["height"], 2);
    assert_eq!(report["mines"], 1);
    assert_eq!(report["solutions"], "1");
    let cells = report["cells"].as_array().expect("cells");
    assert_eq!(cells.len(), 3, "one entry per hidden cell");
    let mine = cells
        .iter()
        .find(|c| c["x"] == 1 && c["y"] == 0)
        .expect("cell (1,0)");
    assert_eq!(mine["p"], 1.0);
    assert_eq!(mine["exact"], "1/1");
    let safe = cells
        .iter()
        .find(|c| c["x"] == 2 && c["y"] == 1)
        .expect("cell (2,1)");
    assert_eq!(safe["exact"], "0/1");
}
