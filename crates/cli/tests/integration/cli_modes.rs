//! The training modes in the CLI (issue #40): `play --mode`, and a Fair record with redraws
//! replayed to the same final board by `convert --to mine`, marked by `review`, and refused
//! with one line when a redraw does not fit.

use crate::common;

use common::run;
use mineseer_core::game::{FirstClickRule, Game, GameConfig, GameMode};
use mineseer_core::record::{GameRecord, MoveOp, RecordBuilder};
use mineseer_core::rng::GameRng;
use mineseer_core::Cell;
use mineseer_json::RecordJson;
use serde_json::Value;

/// A Fair game played by random guesses until one redraw happened and the game ended.
fn fair_record() -> (GameRecord, Game) {
    for seed in 0.. {
        let config = GameConfig::new(6, 5, 8, FirstClickRule::Safe, seed)
            .unwrap()
            .with_mode(GameMode::Fair);
        let mut game = Game::new(config);
        let mut builder = RecordBuilder::new();
        let mut rng = GameRng::new(seed);
        while !game.is_over() {
            let hidden: Vec<_> = game
                .board()
                .indices()
                .filter(|&i| game.board().cell(i) == Cell::Hidden)
                .collect();
            let (x, y) = game
                .board()
                .xy(hidden[rng.below(hidden.len() as u64) as usize]);
            game.reveal(x, y).unwrap();
            builder.push(MoveOp::Reveal, x, y, 0);
            if let Some(layout) = game.last_redraw() {
                builder.note_redraw(layout);
            }
        }
        if game.redraw_count() > 0 {
            let record = builder.finish(&game, FirstClickRule::Safe, None).unwrap();
            return (record, game);
        }
    }
    unreachable!()
}

fn record_file(record: &GameRecord) -> Vec<u8> {
    serde_json::to_vec(&RecordJson::from_record(record)).unwrap()
}

#[test]
fn a_fair_record_with_redraws_replays_to_the_same_final_board() {
    let (record, game) = fair_record();
    let (code, out, err) = run(&["convert", "-", "--to", "mine"], &record_file(&record));
    assert_eq!(code, 0, "{err}");
    assert_eq!(out, game.to_mine_text());
    // The review marks the moves that redrew.
    let (code, out, err) = run(&["review", "-", "--json"], &record_file(&record));
    assert_eq!(code, 0, "{err}");
    let review: Value = serde_json::from_str(&out).unwrap();
    let marked: Vec<usize> = review["moves"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|m| m["redraw"] == Value::Bool(true))
        .map(|m| m["i"].as_u64().unwrap() as usize)
        .collect();
    let expected: Vec<usize> = record.redraws().iter().map(|r| r.move_index()).collect();
    assert_eq!(marked, expected);
    assert!(!marked.is_empty());
}

#[test]
fn a_redraw_that_does_not_fit_is_one_line_and_exit_1() {
    let (record, _) = fair_record();
    let mut json: Value = serde_json::from_slice(&record_file(&record)).unwrap();
    // The redraw moved onto the dealt layout, which has a mine under the guess.
    json["redraws"][0]["layout"] = json["layout"].clone();
    let (code, out, err) = run(
        &["convert", "-", "--to", "mine"],
        json.to_string().as_bytes(),
    );
    assert_eq!((code, out.as_str()), (1, ""));
    assert_eq!(err.trim().lines().count(), 1, "{err}");
    assert!(err.contains("redrawn layout puts a mine on"), "{err}");
}

#[test]
fn play_takes_a_mode() {
    let (code, out, err) = run(
        &[
            "play",
            "--preset",
            "beginner",
            "--games",
            "40",
            "--mode",
            "fair",
            "--threads",
            "1",
        ],
        b"",
    );
    assert_eq!(code, 0, "{err}");
    assert!(
        out.starts_with("beginner 9x9/10 rule=safe mode=fair"),
        "{out}"
    );
    assert!(out.contains("wins 40 / 40"), "{out}");
    let (code, _, err) = run(&["play", "--games", "1", "--mode", "lucky"], b"");
    assert_eq!(code, 1);
    assert!(err.contains("unknown mode \"lucky\""), "{err}");
}
