//! The wasm exports as the page's worker calls them, in headless Chromium:
//! `cargo test -p mineseer-wasm --target wasm32-unknown-unknown` (scripts/test.sh adds
//! `--profile wasm-release --test '*'`, to build on the page's units).
#![cfg(target_arch = "wasm32")]

use mineseer_core::formats::write_mine;
use mineseer_core::synthetic::striped_position;
use mineseer_wasm::analyze::solve_board_js;
use mineseer_wasm::endgame::solve_endgame_js;
use mineseer_wasm::game::Game;
use mineseer_wasm::player::{next_move_js, play_games_js};
use mineseer_wasm::position::parse_position_js;
use mineseer_wasm::record::replay_record_js;
use serde_json::{json, Value};
use wasm_bindgen::{JsError, JsValue};
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

fn plain(value: JsValue) -> Value {
    serde_wasm_bindgen::from_value(value).expect("the export returns plain data")
}

fn js(value: Value) -> JsValue {
    value
        .serialize(&serde_wasm_bindgen::Serializer::json_compatible())
        .unwrap()
}

/// The message of the JS exception an export throws.
fn thrown(err: JsError) -> String {
    let value: JsValue = err.into();
    let error: js_sys::Error = value.into();
    String::from(error.message())
}

use serde::Serialize;

#[wasm_bindgen_test]
fn solve_board_gives_exact_probabilities() {
    let analysis = plain(solve_board_js("3x1x1\nH1H\n", JsValue::UNDEFINED).unwrap());
    assert_eq!(analysis["solutions"], "2");
    assert_eq!(analysis["approximate"], false);
    let cells = analysis["cells"].as_array().unwrap();
    assert_eq!(cells.len(), 2);
    for cell in cells {
        assert_eq!(cell["p"], 0.5);
        assert_eq!(cell["exact"], "1/2");
        assert_eq!(cell["certainty"], "unknown");
    }
}

#[wasm_bindgen_test]
fn solve_board_options_are_read_and_checked() {
    let analysis = plain(solve_board_js("3x1x1\n1HH\n", js(json!({"exact": false}))).unwrap());
    let cells = analysis["cells"].as_array().unwrap();
    assert!(cells.iter().all(|c| c.get("exact").is_none()));
    assert_eq!(cells[0]["certainty"], "mine");
    assert_eq!(cells[1]["certainty"], "safe");
    let err = solve_board_js("3x1x1\n1HH\n", js(json!({"exact": "yes"}))).unwrap_err();
    assert!(thrown(err).starts_with("the analysis options is not valid"));
}

#[wasm_bindgen_test]
fn errors_are_exceptions_with_the_core_message() {
    let err = solve_board_js("3x2x1\nHHH\nHH\n", JsValue::UNDEFINED).unwrap_err();
    assert_eq!(
        thrown(err),
        "line 3, column 3: expected a row of 3 cells, found 2"
    );
    let err = parse_position_js("not a position").unwrap_err();
    assert!(thrown(err).starts_with("line 1, column 1:"));
}

#[wasm_bindgen_test]
fn parse_position_normalises_inp() {
    let parsed = plain(parse_position_js("1 3 1\n-1 1 -1\n").unwrap());
    assert_eq!(parsed["mine"], "3x1x1\nH1H\n");
    assert_eq!(parsed["format"], "inp");
}

#[wasm_bindgen_test]
fn solve_endgame_gives_win_chance_and_best_move() {
    let result = plain(solve_endgame_js("3x1x1\nH1H\n", JsValue::UNDEFINED).unwrap());
    assert_eq!(result["solved"], true);
    assert_eq!(result["winChanceExact"], "1/2");
    assert_eq!(result["winChance"], 0.5);
    assert_eq!(result["bestMove"]["y"], 0);
    let too_large = plain(solve_endgame_js("3x1x1\nH1H\n", js(json!({"maxLayouts": 1}))).unwrap());
    assert_eq!(too_large["solved"], false);
    assert!(too_large["reason"]
        .as_str()
        .unwrap()
        .starts_with("too large"));
}

#[wasm_bindgen_test]
fn a_game_plays_by_reveal_flag_and_step() {
    let mut game = Game::new_js(js(
        json!({"preset": "beginner", "rule": "opening", "seed": "42"}),
    ))
    .unwrap();
    let start = plain(game.state().unwrap());
    assert_eq!(start["status"], "playing");
    assert_eq!(start["cells"], "H".repeat(81));
    let opened = plain(game.reveal(4, 4, None).unwrap());
    assert_eq!(&opened["cells"].as_str().unwrap()[40..41], "0");
    assert_eq!(opened["started"], true);
    // Flag a hidden cell and unflag it.
    let hidden = opened["cells"].as_str().unwrap().find('H').unwrap() as u32;
    let flagged = plain(game.flag(hidden % 9, hidden / 9, None).unwrap());
    assert_eq!(flagged["minesLeft"], 9);
    let unflagged = plain(game.flag(hidden % 9, hidden / 9, None).unwrap());
    assert_eq!(unflagged["minesLeft"], 10);
    // The auto-player takes it to the end.
    let mut status = String::from("playing");
    for _ in 0..200 {
        let step = plain(game.step(JsValue::UNDEFINED, None).unwrap());
        status = step["state"]["status"].as_str().unwrap().to_string();
        if status != "playing" {
            break;
        }
        assert!(step["move"]["kind"].is_string());
    }
    assert!(status == "won" || status == "lost", "{status}");
    let files = plain(game.export().unwrap());
    assert!(files["mine"].as_str().unwrap().starts_with("9x9x10\n"));
    assert_eq!(files["mbf"].as_array().unwrap().len(), 4 + 2 * 10);
}

#[wasm_bindgen_test]
fn a_game_records_itself_and_its_record_replays() {
    let mut game = Game::new_js(js(
        json!({"preset": "beginner", "rule": "safe", "seed": "9"}),
    ))
    .unwrap();
    assert!(game.record().unwrap().is_null());
    game.reveal(0, 0, Some(1000.5)).unwrap();
    for k in 0..200 {
        let step = plain(
            game.step(JsValue::UNDEFINED, Some(2000.0 + k as f64))
                .unwrap(),
        );
        if step["state"]["status"] != "playing" {
            break;
        }
    }
    let record = plain(game.record().unwrap());
    assert_eq!(record["format"], "mineseer-game");
    assert_eq!(
        record["moves"][0],
        json!({"op": "reveal", "x": 0, "y": 0, "t": 0})
    );
    // The record replays to the game's own views: one before each move and one after the
    // last, ending where the game ended. (Its review is the review module's, tested there and
    // in tests/review.test.mjs.)
    let views = plain(replay_record_js(js(record.clone())).unwrap());
    let views = views.as_array().unwrap();
    assert_eq!(views.len(), record["moves"].as_array().unwrap().len() + 1);
    assert_eq!(views.last().unwrap(), &plain(game.state().unwrap()));
    assert_eq!(views[0]["moves"], 0);
    // A bad record throws with the core's message.
    let mut bad = record;
    bad["layout"][0] = json!([20, 0]);
    let err = replay_record_js(js(bad)).err().unwrap();
    assert!(thrown(err).contains("outside the 9x9 board"));
}

#[wasm_bindgen_test]
fn bad_game_options_throw() {
    let err = Game::new_js(js(json!({"preset": "huge"}))).err().unwrap();
    assert!(thrown(err).contains("unknown preset"));
    let err = Game::new_js(js(json!({"width": 0, "height": 5, "mines": 1})))
        .err()
        .unwrap();
    assert!(thrown(err).contains("width and height must be between 1"));
    let err = Game::new_js(js(json!({"preset": "expert", "seed": "twelve"})))
        .err()
        .unwrap();
    assert!(thrown(err).contains("whole number"));
    let err = Game::new_js(JsValue::from_str("expert")).err().unwrap();
    assert!(thrown(err).starts_with("the game options is not valid"));
}

#[wasm_bindgen_test]
fn next_move_and_play_games() {
    let mv = plain(next_move_js("3x1x1\n1HH\n", js(json!({"flagMines": false}))).unwrap());
    assert_eq!(
        mv,
        json!({"x": 2, "y": 0, "action": "reveal", "kind": "certain", "win": null, "safety": null})
    );
    let outcome = plain(
        play_games_js(js(
            json!({"preset": "beginner", "seed": "9", "games": 2, "level": "fast"}),
        ))
        .unwrap(),
    );
    assert_eq!(outcome["played"], 2);
}

#[wasm_bindgen_test]
fn over_the_budget_solve_board_answers_an_explicit_estimate() {
    let text = write_mine(&striped_position(200, 7));
    let options = json!({"exact": false, "numberChances": false, "forcedGuesses": false});
    let analysis = plain(solve_board_js(&text, js(options)).unwrap());
    assert_eq!(analysis["approximate"], true);
    assert_eq!(analysis["solutions"], Value::Null);
    let cells = analysis["cells"].as_array().unwrap();
    let sum: f64 = cells.iter().map(|c| c["p"].as_f64().unwrap()).sum();
    let mines: f64 = text
        .split('x')
        .nth(2)
        .unwrap()
        .lines()
        .next()
        .unwrap()
        .parse()
        .unwrap();
    assert!((sum - mines).abs() < 1e-6 * mines, "{sum} vs {mines}");
    let refused = json!({"exact": false, "numberChances": false, "approximate": false});
    let err = thrown(solve_board_js(&text, js(refused)).unwrap_err());
    assert!(err.contains("too large to solve exactly"), "{err}");
}

#[wasm_bindgen_test]
fn a_game_loads_from_mbf_and_bad_mbf_throws() {
    let game = Game::from_mbf_js(&[3, 2, 0, 1, 2, 1]).unwrap();
    let view = plain(game.state().unwrap());
    assert_eq!(view["mines"], 1);
    let outside = Game::from_mbf_js(&[3, 2, 0, 1, 3, 0]).err().unwrap();
    assert_eq!(
        thrown(outside),
        "the MBF mine at (3,0) is outside the 3x2 board"
    );
}
