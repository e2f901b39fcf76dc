//! `mineseer review` and `mineseer stats`: the JSON against the core's own review of the same
//! record (games played by the auto-player with flags, plus wrong flags, clicks that do
//! nothing and clicks after the end), the keys of the issue's shape, the text form, and bad
//! records and layouts (one line on stderr, exit 1).

use crate::common;

use common::run;
use mineseer_core::board_stats::board_stats;
use mineseer_core::game::{FirstClickRule, Game, GameConfig, Preset};
use mineseer_core::player::{next_moves, Action, Level, PlayerConfig};
use mineseer_core::record::{GameRecord, MoveOp, RecordMove};
use mineseer_core::review::{review_game, ReviewConfig};
use mineseer_core::{Cell, Fraction};
use serde_json::{json, Value};

/// A seeded game by the auto-player, with a wrong flag now and then, a click on a revealed
/// cell, and a click after the end.
fn played_record(preset: Preset, seed: u64) -> GameRecord {
    let config = GameConfig::preset(preset, FirstClickRule::Safe, seed);
    let mut game = Game::new(config);
    let mut player = PlayerConfig::new(Level::Fast, FirstClickRule::Safe);
    player.flag_mines = true;
    let mut moves = Vec::new();
    let mut t = 0;
    while !game.is_over() && moves.len() < 2000 {
        t += 350;
        let n = moves.len();
        // Every 7th turn a flag on some hidden cell, every 11th a click on a revealed one.
        let hidden: Vec<(usize, usize)> = game
            .board()
            .indices()
            .filter(|&i| game.board().cell(i) == Cell::Hidden)
            .map(|i| game.board().xy(i))
            .collect();
        let shown: Vec<(usize, usize)> = game
            .board()
            .indices()
            .filter(|&i| matches!(game.board().cell(i), Cell::Revealed(_)))
            .map(|i| game.board().xy(i))
            .collect();
        if n % 7 == 3 && !hidden.is_empty() {
            let (x, y) = hidden[(seed as usize + n * 31) % hidden.len()];
            game.toggle_flag(x, y).unwrap();
            moves.push(RecordMove {
                op: MoveOp::Flag,
                x,
                y,
                t,
            });
            continue;
        }
        if n % 13 == 9 && !hidden.is_empty() {
            // A random reveal: a poor guess or a blunder, now and then a mine.
            let (x, y) = hidden[(seed as usize * 7 + n * 13) % hidden.len()];
            game.reveal(x, y).unwrap();
            moves.push(RecordMove {
                op: MoveOp::Reveal,
                x,
                y,
                t,
            });
            continue;
        }
        if n % 11 == 5 && !shown.is_empty() {
            let (x, y) = shown[(seed as usize + n * 17) % shown.len()];
            let op = if n % 2 == 0 {
                MoveOp::Reveal
            } else {
                MoveOp::Chord
            };
            match op {
                MoveOp::Reveal => drop(game.reveal(x, y).unwrap()),
                _ => drop(game.chord(x, y).unwrap()),
            }
            moves.push(RecordMove { op, x, y, t });
            continue;
        }
        // The player sees the board without the flags (some are wrong); a flag it asks for on
        // a cell already flagged is skipped.
        let seen = mineseer_core::review::without_flags(game.board());
        let flagged = |x, y| game.board().cell(game.board().idx(x, y).unwrap()) == Cell::Flag;
        let Some(mv) = next_moves(&seen, &player)
            .unwrap()
            .into_iter()
            .find(|m| !(m.action == Action::Flag && flagged(m.x, m.y)))
        else {
            break;
        };
        let op = match mv.action {
            // A reveal on a (wrong) flag: take the flag off first.
            Action::Reveal if flagged(mv.x, mv.y) => MoveOp::Unflag,
            Action::Reveal => MoveOp::Reveal,
            Action::Flag => MoveOp::Flag,
            Action::Chord => MoveOp::Chord,
        };
        match op {
            MoveOp::Reveal => drop(game.reveal(mv.x, mv.y).unwrap()),
            _ => drop(game.toggle_flag(mv.x, mv.y).unwrap()),
        }
        moves.push(RecordMove {
            op,
            x: mv.x,
            y: mv.y,
            t,
        });
    }
    moves.push(RecordMove {
        op: MoveOp::Reveal,
        x: 0,
        y: 0,
        t,
    });
    GameRecord::from_parts(
        config.width(),
        config.height(),
        game.layout().unwrap(),
        config.rule(),
        Some(seed.to_string()),
        &moves,
    )
    .unwrap()
}

fn to_json(record: &GameRecord) -> String {
    let raw = record.to_raw();
    json!({
        "format": raw.format, "version": raw.version,
        "width": raw.width, "height": raw.height, "mines": raw.mines,
        "rule": raw.rule, "seed": raw.seed,
        "layout": raw.layout.iter().map(|&(x, y)| json!([x, y])).collect::<Vec<_>>(),
        "moves": raw.moves.iter().map(|m| json!({"op": m.op, "x": m.x, "y": m.y, "t": m.t})).collect::<Vec<_>>(),
    })
    .to_string()
}

fn keys(v: &Value) -> Vec<&str> {
    let mut k: Vec<&str> = v.as_object().unwrap().keys().map(String::as_str).collect();
    k.sort_unstable();
    k
}

fn float(f: &Option<Fraction>) -> Value {
    f.as_ref().map_or(Value::Null, |f| json!(f.to_f64()))
}

#[test]
fn review_json_matches_the_core_review() {
    let mut kinds_seen = std::collections::BTreeSet::new();
    for (preset, seed) in [
        (Preset::Beginner, 1),
        (Preset::Beginner, 2),
        (Preset::Intermediate, 3),
        (Preset::Expert, 4),
        (Preset::Expert, 5),
    ] {
        let record = played_record(preset, seed);
        let text = to_json(&record);
        let (code, stdout, stderr) = run(&["review", "--json", "-"], text.as_bytes());
        assert_eq!(code, 0, "{stderr}");
        let out: Value = serde_json::from_str(&stdout).unwrap();
        let review = review_game(&record, &ReviewConfig::default()).unwrap();
        let stats = &review.stats;
        for key in [
            "result",
            "bbbv",
            "openings",
            "clicks",
            "efficiency",
            "moves",
            "guesses",
            "blunders",
            "luck",
            "accuracy",
        ] {
            assert!(out.get(key).is_some(), "{key} missing");
        }
        assert_eq!(out["result"], stats.result.name());
        assert_eq!(out["bbbv"], stats.board.bbbv);
        assert_eq!(out["openings"], stats.board.openings);
        assert_eq!(out["islands"], stats.board.islands);
        assert_eq!(out["clicks"]["total"], stats.clicks.total());
        assert_eq!(out["clicks"]["chord"], stats.clicks.chord);
        assert_eq!(out["efficiency"], json!(stats.efficiency()));
        let z =
            mineseer_replay::zini::zini(record.width(), record.height(), record.mines()).unwrap();
        assert_eq!(
            (out["zini"].clone(), out["hzini"].clone()),
            (json!(z.zini), json!(z.hzini))
        );
        assert_eq!(out["guesses"], review.guesses);
        assert_eq!(out["blunders"], review.blunders);
        assert_eq!(out["luck"], json!(review.luck.to_f64()));
        assert_eq!(out["accuracy"], json!(review.accuracy.to_f64()));
        let moves = out["moves"].as_array().unwrap();
        assert_eq!(moves.len(), record.moves().len());
        for (i, (got, want)) in moves.iter().zip(&review.moves).enumerate() {
            kinds_seen.insert(want.kind.name());
            assert_eq!(got["i"], i);
            assert_eq!(got["op"], want.played.op.name());
            assert_eq!(
                (got["x"].clone(), got["y"].clone()),
                (json!(want.played.x), json!(want.played.y))
            );
            assert_eq!(got["kind"], want.kind.name(), "move {i}");
            let or_null = |v: &Value| if v.is_null() { Value::Null } else { v.clone() };
            assert_eq!(or_null(&got["safety"]), float(&want.safety), "move {i}");
            assert_eq!(
                or_null(&got["best_safety"]),
                float(&want.best_safety),
                "move {i}"
            );
            assert_eq!(
                or_null(&got["safe_available"]),
                json!(want.safe_available),
                "move {i}"
            );
            let best = want.best.map(|(x, y)| json!({"x": x, "y": y}));
            assert_eq!(or_null(&got["best"]), json!(best), "move {i}");
            assert_eq!(
                got["forced"].as_bool().unwrap_or(false),
                want.forced,
                "move {i}"
            );
            assert_eq!(got["t"], want.played.t, "move {i}");
            for (key, value) in [
                ("win_before", &want.win_before),
                ("win_move", &want.win_move),
                ("win_after", &want.win_after),
            ] {
                // serde_json reads a float back to within an ulp, not always exactly.
                match (got[key].as_f64(), value) {
                    (Some(got), Some(want)) => {
                        assert!((got - want.to_f64()).abs() < 1e-12, "move {i}: {key}")
                    }
                    (None, None) => {}
                    (got, want) => panic!("move {i}: {key}: {got:?} against {want:?}"),
                }
            }
            // Moves without a safety carry no safety keys at all, as in the issue.
            if want.safety.is_none() {
                assert_eq!(keys(got), ["i", "kind", "op", "t", "x", "y"], "move {i}");
            }
        }
        assert_eq!(moves.last().unwrap()["kind"], "no-op");
    }
    for kind in [
        "first",
        "certain",
        "blunder",
        "flag",
        "flag-guess",
        "unflag",
        "no-op",
    ] {
        assert!(kinds_seen.contains(kind), "no {kind} in {kinds_seen:?}");
    }
}

#[test]
fn review_text_names_each_move() {
    let record = played_record(Preset::Beginner, 7);
    let (code, stdout, stderr) = run(&["review", "-"], to_json(&record).as_bytes());
    assert_eq!(code, 0, "{stderr}");
    let lines: Vec<&str> = stdout.lines().collect();
    // The summary's three lines, one per move, then the counters: a heading and ten rows.
    let moves = record.moves().len();
    assert_eq!(lines.len(), 3 + moves + 11, "{stdout}");
    assert_eq!(lines[3 + moves], "counters:");
    let path = lines
        .iter()
        .find(|l| l.trim_start().starts_with("Path"))
        .unwrap();
    assert!(path.contains("ours not recorded: "), "{path}");
    assert!(lines[0].contains("3BV"), "{}", lines[0]);
    assert!(lines[1].starts_with("clicks "), "{}", lines[1]);
    assert!(lines[2].starts_with("guesses "), "{}", lines[2]);
    assert!(
        lines[3].trim_start().starts_with("0 reveal"),
        "{}",
        lines[3]
    );
    assert!(lines[3].ends_with("first"), "{}", lines[3]);
}

/// A reveal that cost wins in a small endgame: the line says what the move was worth (the
/// endgame solver's value of that cell) next to best play's win chance.
#[test]
fn a_costly_reveal_shows_its_own_win_chance() {
    // 5x4 with 4 mines; after the first click (the position below), (3,0) is safe in this
    // layout but far from the best move.
    let record = r#"{"format":"mineseer-game","version":1,"width":5,"height":4,"mines":4,
        "rule":"safe","seed":"1","layout":[[1,3],[2,2],[3,1],[4,0]],
        "moves":[{"op":"reveal","x":0,"y":0,"t":0},{"op":"reveal","x":3,"y":0,"t":1000}]}"#;
    let position = "5x4x4\n001HH\n012HH\n12HHH\nHHHHH\n";
    let (code, stdout, stderr) = run(&["endgame", "--json", "--moves"], position.as_bytes());
    assert_eq!(code, 0, "{stderr}");
    let endgame: Value = serde_json::from_str(&stdout).unwrap();
    let best = endgame["win"].as_f64().unwrap();
    let moves = endgame["moves"].as_array().unwrap();
    let played = moves.iter().find(|m| m["x"] == 3 && m["y"] == 0).unwrap();
    let worth = played["win"].as_f64().unwrap();
    assert!(worth < best - 0.3, "{stdout}");

    let (code, stdout, stderr) = run(&["review", "-"], record.as_bytes());
    assert_eq!(code, 0, "{stderr}");
    let line = stdout.lines().nth(4).expect("the second move's line");
    let expected = format!(
        "win {:.1} % (this move {:.1} %) -> 100.0 %",
        best * 100.0,
        worth * 100.0
    );
    assert!(line.ends_with(&expected), "{line}");
    let (_, stdout, _) = run(&["review", "--json", "-"], record.as_bytes());
    let review: Value = serde_json::from_str(&stdout).unwrap();
    assert_eq!(review["moves"][1]["win_move"], json!(worth));
    assert_eq!(review["moves"][1]["win_before"], json!(best));
}

#[test]
fn bad_records_give_one_line() {
    let good = to_json(&played_record(Preset::Beginner, 3));
    let v: Value = serde_json::from_str(&good).unwrap();
    let with = |f: &dyn Fn(&mut Value)| {
        let mut v = v.clone();
        f(&mut v);
        v.to_string()
    };
    let cases: Vec<(&str, String, &str)> = vec![
        ("not json", "{\"format\":".into(), "not a valid game record"),
        ("empty", String::new(), "not a valid game record"),
        (
            "a position",
            "3x1x1\nHHH\n".into(),
            "not a valid game record",
        ),
        (
            "wrong format",
            with(&|v| v["format"] = json!("other")),
            "not a game record",
        ),
        (
            "wrong version",
            with(&|v| v["version"] = json!(7)),
            "version 7",
        ),
        (
            "no layout",
            with(&|v| drop(v.as_object_mut().unwrap().remove("layout"))),
            "missing field `layout`",
        ),
        (
            "mine outside",
            with(&|v| v["layout"][0] = json!([9, 0])),
            "outside the 9x9 board",
        ),
        (
            "move outside",
            with(&|v| v["moves"][1]["y"] = json!(-2)),
            "outside the 9x9 board",
        ),
        (
            "unknown op",
            with(&|v| v["moves"][1]["op"] = json!("dig")),
            "op \"dig\"",
        ),
        (
            "wrong count",
            with(&|v| v["mines"] = json!(11)),
            "says 11 mines",
        ),
        (
            "duplicate mine",
            with(&|v| v["layout"][1] = v["layout"][0].clone()),
            "twice",
        ),
    ];
    for (name, input, text) in &cases {
        for args in [&["review", "-"][..], &["review", "--json", "-"][..]] {
            let (code, stdout, stderr) = run(args, input.as_bytes());
            assert_eq!(code, 1, "{name}: {stderr}");
            assert!(stdout.is_empty(), "{name}: {stdout}");
            assert_eq!(stderr.lines().count(), 1, "{name}: {stderr:?}");
            assert!(stderr.contains(text), "{name}: {stderr:?} lacks {text:?}");
        }
    }
    let (code, _, stderr) = run(&["review", "/nonexistent/game.json"], b"");
    assert_eq!(code, 1);
    assert!(stderr.contains("/nonexistent/game.json"), "{stderr}");
}

#[test]
fn stats_counts_a_layout() {
    for seed in 0..20 {
        let record = played_record(Preset::ALL[seed % 3], seed as u64);
        let game =
            Game::from_layout(record.width(), record.height(), record.mines().to_vec()).unwrap();
        let text = game.to_mine_text();
        let expected = board_stats(record.width(), record.height(), record.mines());
        let (code, stdout, stderr) = run(&["stats", "--json"], text.as_bytes());
        assert_eq!(code, 0, "{stderr}");
        let out: Value = serde_json::from_str(&stdout).unwrap();
        assert_eq!(
            (
                out["bbbv"].clone(),
                out["openings"].clone(),
                out["islands"].clone()
            ),
            (
                json!(expected.bbbv),
                json!(expected.openings),
                json!(expected.islands)
            )
        );
        let z =
            mineseer_replay::zini::zini(record.width(), record.height(), record.mines()).unwrap();
        assert_eq!(
            (out["zini"].clone(), out["hzini"].clone()),
            (json!(z.zini), json!(z.hzini))
        );
        assert!(
            z.zini >= 1 && z.zini <= expected.bbbv,
            "ZiNi {} of 3BV {}",
            z.zini,
            expected.bbbv
        );
        let (_, plain, _) = run(&["stats"], text.as_bytes());
        assert!(
            plain.contains(&format!("3BV {},", expected.bbbv))
                && plain.contains(&format!("ZiNi {}, HZiNi {}", z.zini, z.hzini)),
            "{plain}"
        );
    }
    for (name, input, text) in [
        ("no header", "HHM\n", "header"),
        (
            "count differs",
            "3x1x2\nHHM\n",
            "header says 2 mines but 1 are drawn",
        ),
        ("empty", "", "empty"),
        (
            "a position, not a layout",
            "3x2x1\n1HH\nHHH\n",
            "not a full layout (the header says 1 mines but 0 are drawn",
        ),
    ] {
        let (code, stdout, stderr) = run(&["stats"], input.as_bytes());
        assert_eq!(code, 1, "{name}");
        assert!(stdout.is_empty(), "{name}");
        assert_eq!(stderr.lines().count(), 1, "{name}: {stderr:?}");
        assert!(stderr.contains(text), "{name}: {stderr:?} lacks {text:?}");
    }
}
