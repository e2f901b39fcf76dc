//! `mineseer review` and `mineseer convert` on real replays of the four programs
//! (`tests/fixtures/replays/`): the program's figures beside ours, the JSON against the review
//! of the converted record, and bad replays (one line on stderr naming the format, exit 1).

use crate::common;

use std::path::PathBuf;

use common::run;
use serde_json::Value;

fn fixture(name: &str) -> String {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../tests/fixtures/replays")
        .join(name)
        .display()
        .to_string()
}

#[test]
fn review_reads_each_format() {
    for (file, program, bbbv) in [
        ("arbiter-exp-49.25-3bv127.avf", "Minesweeper Arbiter", 127),
        ("viennasweeper-exp-98.763.rmv", "Viennasweeper", 134),
        ("clone-exp-38.82-3bv122.mvf", "Minesweeper Clone", 122),
        ("viennasweeper-rmv2-24px.rmv", "Viennasweeper", 5),
    ] {
        let (code, stdout, stderr) = run(&["review", "--json", &fixture(file)], b"");
        assert_eq!(code, 0, "{file}: {stderr}");
        let review: Value = serde_json::from_str(&stdout).unwrap();
        assert_eq!(review["result"], "won", "{file}");
        assert_eq!(review["bbbv"], bbbv, "{file}");
        assert_eq!(review["replay"]["program"], program, "{file}");
        assert_eq!(review["replay"]["reported"]["bbbv"], bbbv, "{file}");
        assert_eq!(
            review["replay"]["reported"]["clicks"], review["clicks"]["total"],
            "{file}"
        );
        assert_eq!(
            review["moves"].as_array().unwrap().len(),
            review["clicks"]["total"].as_u64().unwrap() as usize,
            "{file}: one move per click"
        );
    }
}

#[test]
fn review_text_shows_the_programs_figures_and_comments() {
    let (code, stdout, stderr) = run(&["review", &fixture("arbiter-beg-15.52-3bv24.avf")], b"");
    assert_eq!(code, 0, "{stderr}");
    assert!(stdout.starts_with("Minesweeper Arbiter replay (.avf), written by \"Arbiter\", player Wang Jianing G15208, 2024-08-24T16:38:59Z"), "{stdout}");
    assert!(
        stdout.contains("time                  14.520 s     14.520 s\n"),
        "{stdout}"
    );
    // ms_toollib's effective clicks are counted otherwise, and the text says so.
    assert!(
        stdout.contains("effective clicks            38           28  differs: "),
        "{stdout}"
    );
    assert!(stdout.contains("blunder, safety 50.0 %, best 100.0 % at (0,2), 2 safe cell(s), Metasweeper: needless guess"), "{stdout}");
}

#[test]
fn convert_writes_a_record_that_reviews_the_same() {
    let file = fixture("clone-exp-38.82-3bv122.mvf");
    let (code, record, stderr) = run(&["convert", &file, "--to", "record"], b"");
    assert_eq!(code, 0, "{stderr}");
    let json: Value = serde_json::from_str(&record).unwrap();
    assert_eq!(json["format"], "mineseer-game");
    assert_eq!(
        (
            json["width"].as_u64(),
            json["height"].as_u64(),
            json["mines"].as_u64()
        ),
        (Some(30), Some(16), Some(99))
    );
    assert_eq!(json["origin"]["file_format"], "mvf");
    assert_eq!(json["origin"]["player"], "Zhang Shen Jia(China)");
    let (code, from_record, stderr) = run(&["review", "--json", "-"], record.as_bytes());
    assert_eq!(code, 0, "{stderr}");
    let (_, from_replay, _) = run(&["review", "--json", &file], b"");
    let mut from_replay: Value = serde_json::from_str(&from_replay).unwrap();
    let mut from_record: Value = serde_json::from_str(&from_record).unwrap();
    from_replay.as_object_mut().unwrap().remove("replay");
    // The counters: ours the same, the program's only beside the replay.
    let replay_counters = from_replay
        .as_object_mut()
        .unwrap()
        .remove("counters")
        .unwrap();
    let record_counters = from_record
        .as_object_mut()
        .unwrap()
        .remove("counters")
        .unwrap();
    assert_eq!(from_record, from_replay);
    let rows = |c: &Value| c["rows"].as_array().unwrap().clone();
    for (ours, replayed) in rows(&record_counters).iter().zip(rows(&replay_counters)) {
        assert_eq!(ours["key"], replayed["key"]);
        assert_eq!(
            (&ours["ours"], &ours["missing"]),
            (&replayed["ours"], &replayed["missing"])
        );
        assert_eq!(
            ours["program"],
            Value::Null,
            "{}: a record has no program",
            ours["key"]
        );
    }
    assert_eq!(record_counters["zini"], replay_counters["zini"]);
}

/// The counters of `review --json`: a replay records the mouse's path, a record does not, and
/// says so instead of giving a number.
#[test]
fn counters_say_what_a_record_does_not_hold() {
    let file = fixture("arbiter-exp-49.25-3bv127.avf");
    let (code, replay, stderr) = run(&["review", "--json", &file], b"");
    assert_eq!(code, 0, "{stderr}");
    let replay: Value = serde_json::from_str(&replay).unwrap();
    let row = |review: &Value, key: &str| {
        review["counters"]["rows"]
            .as_array()
            .unwrap()
            .iter()
            .find(|r| r["key"] == key)
            .unwrap_or_else(|| panic!("no {key} row"))
            .clone()
    };
    let path = row(&replay, "path");
    assert_eq!(path["ours"], Value::Null);
    assert!(path["program"].as_f64().unwrap() > 0.0, "{path}");
    assert!(
        path["missing"]
            .as_str()
            .unwrap()
            .starts_with("not recorded: "),
        "{path}"
    );
    // IOE is 3BV / clicks, ours and the program's alike: 127 3BV in 151 clicks.
    let ioe = row(&replay, "ioe");
    assert_eq!(ioe["ours"], ioe["program"]);
    assert_eq!(ioe["ours"].as_f64(), Some(127.0 / 151.0));
    assert_eq!(replay["counters"]["zini"], 96);
    assert_eq!(
        replay["counters"]["zini_of_clicks"].as_f64(),
        Some(96.0 / 151.0)
    );
    // The record converted from it: the path is not recorded, no number stands for it.
    let (_, record, _) = run(&["convert", &file, "--to", "record"], b"");
    let (code, reviewed, stderr) = run(&["review", "--json", "-"], record.as_bytes());
    assert_eq!(code, 0, "{stderr}");
    let reviewed: Value = serde_json::from_str(&reviewed).unwrap();
    let path = row(&reviewed, "path");
    assert_eq!(
        (&path["ours"], &path["program"]),
        (&Value::Null, &Value::Null)
    );
    assert_eq!(
        path["missing"],
        "not recorded: a Mineseer record holds the clicks, not the mouse's motion"
    );
    let (_, text, _) = run(&["review", "-"], record.as_bytes());
    assert!(
        text.contains("Path") && text.contains("ours not recorded: a Mineseer record holds"),
        "{text}"
    );
}

#[test]
fn convert_reads_metasweeper() {
    // The 60x36 Metasweeper game (its review takes seconds, so only the conversion here; the
    // replay crate's tests check its reading in full).
    let file = fixture("metasweeper-60x36-1184.575-3bv1021.evf");
    let (code, record, stderr) = run(&["convert", &file, "--to", "record"], b"");
    assert_eq!(code, 0, "{stderr}");
    let json: Value = serde_json::from_str(&record).unwrap();
    assert_eq!(
        (
            json["width"].as_u64(),
            json["height"].as_u64(),
            json["mines"].as_u64()
        ),
        (Some(60), Some(36), Some(540))
    );
    assert_eq!(json["origin"]["file_format"], "evf");
    assert_eq!(json["origin"]["player"], "Pu Tian Yi(Hu Bei)");
}

#[test]
fn bad_replays_give_one_line() {
    let dir = std::env::temp_dir().join(format!("mineseer-cli-replay-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let avf = std::fs::read(fixture("arbiter-exp-49.25-3bv127.avf")).unwrap();
    let cases: Vec<(&str, Vec<u8>, &str)> = vec![
        (
            "empty.avf",
            vec![],
            "not a readable Minesweeper Arbiter replay (.avf): the file is empty",
        ),
        (
            "cut.avf",
            avf[..avf.len() / 3].to_vec(),
            "not a readable Minesweeper Arbiter replay (.avf): the file ends too early (truncated)",
        ),
        (
            "position.evf",
            b"3x1x1\nHHH\n".to_vec(),
            "not a readable Metasweeper replay (.evf): the file's header is not this format's",
        ),
        (
            "big.avf",
            [&[52, 1, 2, 3, 4, 6, 254, 9][..], &[0; 40]].concat(),
            "the board is 255x10; width and height must be between 1 and 200",
        ),
    ];
    for (name, bytes, expected) in cases {
        let path = dir.join(name);
        std::fs::write(&path, bytes).unwrap();
        for command in ["review", "convert"] {
            let mut args = vec![command, path.to_str().unwrap()];
            if command == "convert" {
                args.extend(["--to", "record"]);
            }
            let (code, stdout, stderr) = run(&args, b"");
            assert_eq!(code, 1, "{name}: {stdout}");
            assert!(stdout.is_empty(), "{name}");
            assert_eq!(stderr.lines().count(), 1, "{name}: {stderr}");
            assert!(stderr.contains(expected), "{name} ({command}): {stderr}");
            assert!(stderr.contains(name), "{name}: the file is named: {stderr}");
        }
    }
    std::fs::remove_dir_all(&dir).unwrap();
}
