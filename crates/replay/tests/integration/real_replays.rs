//! Real replays from the four programs (`tests/fixtures/replays/`, see its README): each reads
//! with the size, mines, result, 3BV and time its name or header states, and our replay of the
//! moves ends on the board ms_toollib's own replay of the mouse events ends on.

use std::path::PathBuf;

use mineseer_core::board::Cell;
use mineseer_core::clicks::{game_stats, GameResult};
use mineseer_replay::{read_replay, ReadConfig, Replay, ReplayFormat};
use ms_toollib::videos::{AvfVideo, BaseVideo, EvfVideo, MvfVideo, NewSomeVideo2, RmvVideo};

fn fixture(name: &str) -> Vec<u8> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../tests/fixtures/replays")
        .join(name);
    std::fs::read(&path).unwrap_or_else(|err| panic!("{}: {err}", path.display()))
}

/// What a replay's name (or header) states.
struct Expected {
    file: &'static str,
    format: ReplayFormat,
    width: usize,
    height: usize,
    mines: usize,
    bbbv: usize,
    /// The program's time, in ms.
    time_ms: u64,
    player: &'static str,
}

const REPLAYS: [Expected; 7] = [
    Expected {
        file: "arbiter-exp-49.25-3bv127.avf",
        format: ReplayFormat::Avf,
        width: 30,
        height: 16,
        mines: 99,
        bbbv: 127,
        time_ms: 49_250,
        player: "Wang Jianing G01825",
    },
    Expected {
        file: "arbiter-8x11-7mines-5.42-3bv8.avf",
        format: ReplayFormat::Avf,
        width: 8,
        height: 11,
        mines: 7,
        bbbv: 8,
        time_ms: 5_420,
        player: "王嘉宁",
    },
    // The header's `T3.61` is wrong (ms_toollib's own finding); the name and the events say 15.52.
    Expected {
        file: "arbiter-beg-15.52-3bv24.avf",
        format: ReplayFormat::Avf,
        width: 8,
        height: 8,
        mines: 10,
        bbbv: 24,
        time_ms: 14_520,
        player: "Wang Jianing G15208",
    },
    // Clone's clock said 38.82 (the name); from the first click's release it is 37.81.
    Expected {
        file: "clone-exp-38.82-3bv122.mvf",
        format: ReplayFormat::Mvf,
        width: 30,
        height: 16,
        mines: 99,
        bbbv: 122,
        time_ms: 37_810,
        player: "Zhang Shen Jia(China)",
    },
    Expected {
        file: "metasweeper-60x36-1184.575-3bv1021.evf",
        format: ReplayFormat::Evf,
        width: 60,
        height: 36,
        mines: 540,
        bbbv: 1021,
        time_ms: 1_184_575,
        player: "Pu Tian Yi(Hu Bei)",
    },
    Expected {
        file: "viennasweeper-exp-98.763.rmv",
        format: ReplayFormat::Rmv,
        width: 30,
        height: 16,
        mines: 99,
        bbbv: 134,
        time_ms: 98_763,
        player: "王嘉宁",
    },
    Expected {
        file: "viennasweeper-rmv2-24px.rmv",
        format: ReplayFormat::Rmv,
        width: 8,
        height: 8,
        mines: 10,
        bbbv: 5,
        time_ms: 1_849,
        player: "Thomas Kolar",
    },
];

fn read(e: &Expected) -> Replay {
    read_replay(&fixture(e.file), Some(e.file), &ReadConfig::default())
        .unwrap_or_else(|err| panic!("{}: {err}", e.file))
}

#[test]
fn each_replay_reads_as_its_name_states() {
    for e in &REPLAYS {
        let replay = read(e);
        let record = &replay.record;
        assert_eq!(replay.format, e.format, "{}", e.file);
        assert_eq!(
            (record.width(), record.height(), record.n_mines()),
            (e.width, e.height, e.mines),
            "{}",
            e.file
        );
        let ours = game_stats(record);
        assert_eq!(ours.result, GameResult::Won, "{}", e.file);
        assert!(replay.reported.won, "{}", e.file);
        assert_eq!(ours.board.bbbv, e.bbbv, "{}: our 3BV", e.file);
        assert_eq!(
            replay.reported.bbbv, e.bbbv,
            "{}: the program's 3BV",
            e.file
        );
        assert_eq!(
            replay.reported.time_ms, e.time_ms,
            "{}: the program's time",
            e.file
        );
        // Ours runs from the first counted click to the last; on these files it is the
        // program's time to the ms.
        assert_eq!(ours.time_ms, e.time_ms, "{}: our time", e.file);
        // Every click the program counted is a move, by kind.
        let reported = &replay.reported;
        assert_eq!(
            (ours.clicks.left, ours.clicks.right, ours.clicks.chord),
            (reported.left, reported.right, reported.double),
            "{}: clicks",
            e.file
        );
        let origin = record.origin().expect("a replay's record has an origin");
        assert_eq!(origin.file_format, e.format.extension());
        assert_eq!(origin.player.as_deref(), Some(e.player), "{}", e.file);
    }
}

#[test]
fn the_format_comes_from_the_bytes_not_the_name() {
    let e = &REPLAYS[5];
    let renamed = read_replay(&fixture(e.file), Some("game.avf"), &ReadConfig::default()).unwrap();
    assert_eq!(renamed.format, ReplayFormat::Rmv);
    let nameless = read_replay(&fixture(REPLAYS[0].file), None, &ReadConfig::default()).unwrap();
    assert_eq!(nameless.format, ReplayFormat::Avf);
}

/// ms_toollib's board after its own replay of the events: `Some(n)` for an open cell showing
/// n, `None` for anything else.
fn toollib_final_board(e: &Expected) -> Vec<Vec<Option<u8>>> {
    let raw = fixture(e.file);
    let mut video: BaseVideo<Vec<Vec<i32>>> = match e.format {
        ReplayFormat::Avf => {
            let mut v = AvfVideo::new(raw, e.file);
            v.parse().unwrap();
            v.data
        }
        ReplayFormat::Rmv => {
            let mut v = RmvVideo::new(raw, e.file);
            v.parse().unwrap();
            v.data
        }
        ReplayFormat::Mvf => {
            let mut v = MvfVideo::new(raw, e.file);
            v.parse().unwrap();
            v.data
        }
        ReplayFormat::Evf => {
            let mut v = EvfVideo::new(raw, e.file);
            v.parse().unwrap();
            v.data
        }
    };
    video.analyse();
    let last = video
        .video_action_state_recorder
        .iter()
        .rev()
        .find_map(|event| event.next_game_board.clone())
        .expect("the replay has events");
    let board = last.borrow();
    board
        .game_board
        .iter()
        .map(|row| {
            row.iter()
                .map(|&v| (0..=8).contains(&v).then_some(v as u8))
                .collect()
        })
        .collect()
}

#[test]
fn our_moves_end_on_the_programs_final_board() {
    for e in &REPLAYS {
        let replay = read(e);
        let game = replay.record.final_game();
        let theirs = toollib_final_board(e);
        let ours: Vec<Vec<Option<u8>>> = (0..e.height)
            .map(|y| {
                (0..e.width)
                    .map(
                        |x| match game.board().cell(game.board().idx(x, y).unwrap()) {
                            Cell::Revealed(n) => Some(n),
                            _ => None,
                        },
                    )
                    .collect()
            })
            .collect();
        assert_eq!(ours, theirs, "{}", e.file);
        assert!(
            ours.iter().flatten().filter(|c| c.is_some()).count() == e.width * e.height - e.mines,
            "{}: every safe cell open",
            e.file
        );
    }
}

#[test]
fn metasweepers_comments_point_at_moves() {
    let e = &REPLAYS[1 + 1];
    let replay = read_replay(&fixture(e.file), None, &ReadConfig { comments: true }).unwrap();
    assert!(!replay.comments.is_empty());
    for comment in &replay.comments {
        let mv = replay.record.moves()[comment.move_index];
        assert_eq!(mv.op, mineseer_core::record::MoveOp::Reveal, "{comment:?}");
    }
}

/// Our ZiNi (ms_toollib's `cal_zini` over the layout we read) is the figure ms_toollib gives
/// each replay, and on the Arbiter expert game it is the value of ms_toollib's own tests
/// (ZiNi 96, HZiNi 103).
#[test]
fn zini_of_each_replay_is_the_programs() {
    for e in &REPLAYS {
        let replay = read(e);
        let r = &replay.record;
        let z = mineseer_replay::zini::zini(r.width(), r.height(), r.mines())
            .unwrap_or_else(|err| panic!("{}: {err}", e.file));
        assert_eq!(z.zini, replay.reported.greedy_zini, "{}", e.file);
        assert!(z.zini <= e.bbbv, "{}: ZiNi above 3BV", e.file);
        if e.file == "arbiter-exp-49.25-3bv127.avf" {
            assert_eq!((z.zini, z.hzini), (96, 103));
        }
    }
}

/// How a program shortens a figure to its decimals: `f64::floor` or `f64::round`.
type Cut = fn(f64) -> f64;

/// The 3BV/s each replay's name states, as its program wrote it: Arbiter cuts it to two
/// decimals (127 / 49.25 = 2.5787 is "2.57"), Metasweeper rounds it to three (1021 / 1184.575
/// = 0.86191 is "0.862"); `None` where the name gives none.
fn stated_bbbv_per_s(file: &str) -> Option<(f64, i32, Cut)> {
    match file {
        "arbiter-exp-49.25-3bv127.avf" => Some((2.57, 2, f64::floor)),
        "arbiter-8x11-7mines-5.42-3bv8.avf" => Some((1.47, 2, f64::floor)),
        "metasweeper-60x36-1184.575-3bv1021.evf" => Some((0.862, 3, f64::round)),
        _ => None,
    }
}

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() <= 1e-9 * a.abs().max(b.abs()).max(1.0)
}

/// Our counters, from our record, against ms_toollib's getters on the file and against what
/// the recording program wrote (the time and 3BV of the header or name, the 3BV/s of the
/// name), on every real replay.
#[test]
fn counters_of_each_replay_are_the_programs() {
    use mineseer_replay::counters::{record_counters, stnb_constant};
    for e in &REPLAYS {
        let replay = read(e);
        let ours = record_counters(&replay.record);
        let theirs = &replay.program_counters;
        let f = e.file;
        // Our 3BV, openings and islands are ms_toollib's (`cal_bbbv`, `cal_op`, `cal_isl`).
        assert_eq!(ours.stats.board.bbbv, replay.reported.bbbv, "{f}");
        assert_eq!(ours.stats.board.openings, theirs.openings, "{f}: openings");
        assert_eq!(ours.stats.board.islands, theirs.islands, "{f}: islands");
        // IOE: the same clicks and 3BV solved, so exactly the same figure.
        assert_eq!(ours.ioe, Some(theirs.ioe), "{f}: IOE");
        assert_eq!(
            theirs.ioe,
            e.bbbv as f64 / replay.reported.clicks() as f64,
            "{f}: IOE is 3BV / clicks"
        );
        // RQP and STNB from the time and 3BV the program wrote.
        let t = e.time_ms as f64 / 1000.0;
        let rqp = t * t / e.bbbv as f64;
        assert!(close(ours.rqp.unwrap(), rqp), "{f}: our RQP {:?}", ours.rqp);
        assert!(close(theirs.rqp.unwrap(), rqp), "{f}: RQP {:?}", theirs.rqp);
        match stnb_constant(e.width, e.height, e.mines) {
            Some(c) => {
                let stnb = c * e.bbbv as f64 / t.powf(1.7);
                assert!(
                    close(ours.stnb.unwrap(), stnb),
                    "{f}: our STNB {:?}",
                    ours.stnb
                );
                assert!(
                    close(theirs.stnb.unwrap(), stnb),
                    "{f}: STNB {:?}",
                    theirs.stnb
                );
            }
            None => assert_eq!((ours.stnb, theirs.stnb), (None, None), "{f}"),
        }
        if let Some((stated, digits, cut)) = stated_bbbv_per_s(f) {
            let scale = 10f64.powi(digits);
            let ours = cut(ours.stats.bbbv_per_second().unwrap() * scale);
            assert_eq!(ours, (stated * scale).round(), "{f}: 3BV/s");
        }
        // Throughput and correctness: the same where our effective clicks are ms_toollib's
        // `ce` (see `effective_clicks_differ_only_where_explained`).
        let ce = replay.reported.effective as f64;
        assert_eq!(theirs.thrp, e.bbbv as f64 / ce, "{f}: throughput");
        assert_eq!(
            theirs.corr,
            ce / replay.reported.clicks() as f64,
            "{f}: correctness"
        );
        if ours.stats.clicks.effective() == replay.reported.effective {
            assert_eq!(
                (ours.thrp, ours.corr),
                (Some(theirs.thrp), Some(theirs.corr)),
                "{f}"
            );
        }
        // Every file records the mouse's motion, so each has a path.
        assert!(theirs.path > 0.0, "{f}: path {}", theirs.path);
    }
}

/// ms_toollib's own test values on the Arbiter expert game (its `avf_video_works`):
/// throughput 0.8819444444444444 (127 / 144) and RQP 19.098917322834644 (49.25² / 127).
#[test]
fn the_arbiter_expert_game_has_ms_toollibs_published_counters() {
    let replay = read(&REPLAYS[0]);
    let ours = mineseer_replay::counters::record_counters(&replay.record);
    assert_eq!(replay.program_counters.thrp, 0.8819444444444444);
    assert_eq!(replay.program_counters.rqp, Some(19.098917322834644));
    assert!(close(ours.rqp.unwrap(), 19.098917322834644));
    assert_eq!(ours.thrp, Some(0.8819444444444444));
    assert_eq!(replay.reported.effective, 144);
}

/// Our effective clicks against ms_toollib's `ce` on each replay: the same reveals and chords,
/// and of the right clicks only the first flag each mine gets (ms_toollib's `rce`: never an
/// unflag nor a flag on a safe cell), counted here again from our moves.
#[test]
fn effective_clicks_differ_only_by_the_right_clicks_ce_leaves_out() {
    use mineseer_core::game::MoveOutcome;
    use mineseer_core::record::{apply_move, MoveOp};
    for e in &REPLAYS {
        let replay = read(e);
        let record = &replay.record;
        let ours = game_stats(record).clicks;
        let mut game = record.replay_game();
        let mut flagged = std::collections::HashSet::new();
        let mut first_flags_on_mines = 0;
        for mv in record.moves() {
            if game.is_over() {
                break;
            }
            let changed = apply_move(&mut game, mv) != MoveOutcome::NoChange;
            let cell = mv.y * record.width() + mv.x;
            if mv.op == MoveOp::Flag && changed && record.mines()[cell] && flagged.insert(cell) {
                first_flags_on_mines += 1;
            }
        }
        assert_eq!(
            ours.left_effective + ours.chord_effective + first_flags_on_mines,
            replay.reported.effective,
            "{}: ours {ours:?}",
            e.file
        );
    }
}
