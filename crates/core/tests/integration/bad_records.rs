//! Bad game records, table-driven: each case changes one thing in a good record and names
//! the text the error must contain. Good oddities (no moves, no seed, moves after the end)
//! are in the table too.

use mineseer_core::record::{GameRecord, RawMove, RawRecord};

fn good() -> RawRecord {
    RawRecord {
        format: "mineseer-game".into(),
        version: 1,
        width: 4,
        height: 3,
        mines: 2,
        rule: "safe".into(),
        seed: Some("12".into()),
        layout: vec![(3, 0), (0, 2)],
        moves: vec![
            RawMove {
                op: "reveal".into(),
                x: 1,
                y: 1,
                t: 0,
            },
            RawMove {
                op: "flag".into(),
                x: 3,
                y: 0,
                t: 10,
            },
            RawMove {
                op: "chord".into(),
                x: 1,
                y: 1,
                t: 20,
            },
        ],
        origin: None,
        mode: None,
        redraws: Vec::new(),
    }
}

type Change = fn(&mut RawRecord);

#[test]
fn bad_records_say_what_is_wrong() {
    let cases: &[(&str, Change, Option<&str>)] = &[
        ("the good record", |_| {}, None),
        ("no moves", |r| r.moves.clear(), None),
        ("no seed", |r| r.seed = None, None),
        (
            "no mines",
            |r| {
                r.layout.clear();
                r.mines = 0
            },
            None,
        ),
        (
            "another format",
            |r| r.format = "minesweeper".into(),
            Some("not a game record"),
        ),
        (
            "version 3",
            |r| r.version = 3,
            Some("version 3 is not supported"),
        ),
        ("zero width", |r| r.width = 0, Some("between 1 and 200")),
        ("too tall", |r| r.height = 201, Some("between 1 and 200")),
        (
            "unknown rule",
            |r| r.rule = "lucky".into(),
            Some("unknown first-click rule \"lucky\""),
        ),
        (
            "mine right of the board",
            |r| r.layout[0] = (4, 0),
            Some("mine at (4,0) is outside the 4x3 board"),
        ),
        (
            "mine at a negative row",
            |r| r.layout[1] = (0, -1),
            Some("mine at (0,-1) is outside"),
        ),
        (
            "duplicate mine",
            |r| {
                r.layout.push((3, 0));
                r.mines = 3
            },
            Some("lists the mine at (3,0) twice"),
        ),
        (
            "count above the list",
            |r| r.mines = 3,
            Some("says 3 mines but its layout lists 2"),
        ),
        (
            "count below the list",
            |r| r.mines = 1,
            Some("says 1 mines but its layout lists 2"),
        ),
        (
            "unknown op",
            |r| r.moves[1].op = "dig".into(),
            Some("move 1 has op \"dig\""),
        ),
        (
            "op in capitals",
            |r| r.moves[0].op = "Reveal".into(),
            Some("move 0 has op \"Reveal\""),
        ),
        (
            "move below the board",
            |r| r.moves[2].y = 3,
            Some("move 2 at (1,3) is outside the 4x3 board"),
        ),
        (
            "move at a negative column",
            |r| r.moves[0].x = -1,
            Some("move 0 at (-1,1) is outside"),
        ),
        (
            "time going back",
            |r| r.moves[2].t = 5,
            Some("move 2 has time 5 ms"),
        ),
        (
            "negative time",
            |r| r.moves[0].t = -1,
            Some("move 0 has time -1 ms"),
        ),
        (
            "first reveal on a mine",
            |r| {
                r.moves[0] = RawMove {
                    op: "reveal".into(),
                    x: 3,
                    y: 0,
                    t: 0,
                }
            },
            Some("is a mine, which the safe rule forbids"),
        ),
        (
            "first reveal on a zero under opening",
            |r| {
                r.rule = "opening".into();
                r.moves[0].y = 0
            },
            None,
        ),
        (
            "first reveal next to a mine under opening",
            |r| r.rule = "opening".into(),
            Some("is next to a mine, which the opening rule forbids"),
        ),
        (
            "first reveal next to a mine under noguess",
            |r| r.rule = "noguess".into(),
            Some("which the noguess rule forbids"),
        ),
        (
            "first reveal on a mine under none",
            |r| {
                r.rule = "none".into();
                r.moves[0].x = 3;
                r.moves[0].y = 0
            },
            None,
        ),
    ];
    for (name, change, expected) in cases {
        let mut raw = good();
        change(&mut raw);
        match (GameRecord::new(raw), expected) {
            (Ok(record), None) => {
                // A good record writes back to itself.
                assert_eq!(
                    GameRecord::new(record.to_raw()).as_ref(),
                    Ok(&record),
                    "{name}"
                );
            }
            (Ok(_), Some(text)) => panic!("{name}: accepted, expected an error with {text:?}"),
            (Err(err), None) => panic!("{name}: refused with {err}"),
            (Err(err), Some(text)) => {
                let message = err.to_string();
                assert!(message.contains(text), "{name}: {message:?} lacks {text:?}");
            }
        }
    }
}
