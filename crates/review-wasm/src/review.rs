//! Reviews of game records: `reviewGame(record)`, `reviewWinChances(record, onPoint)`,
//! `recordStats(record)` and `recordCounters(record)` over the `mineseer-game` JSON (parsed by the worker with
//! `JSON.parse`). The JSON's types are `mineseer-json`'s, shared with the CLI, so the page and
//! `mineseer review --json` print the same keys.

use mineseer_core::clicks::game_stats;
use mineseer_core::review::{review_game, ReviewConfig};
use mineseer_core::win_line::{win_line, WinLineConfig};
use mineseer_json::{RecordJson, ReviewJson, StatsJson, WinPointJson};
use mineseer_replay::json::CountersJson;
use wasm_bindgen::prelude::*;

use crate::{from_js, to_js};

/// The JS export: `reviewGame(record)`, a parsed `mineseer-game` object. Throws with the
/// core's message on a bad record.
#[wasm_bindgen(js_name = reviewGame)]
pub fn review_game_js(record: JsValue) -> Result<JsValue, JsError> {
    let record: RecordJson = from_js(record, "the game record")?;
    to_js(&review_record(record).map_err(|err| JsError::new(&err))?)
}

/// The plain twin of `reviewGame`.
pub fn review_record(record: RecordJson) -> Result<ReviewJson, String> {
    let record = record.check().map_err(|err| err.to_string())?;
    let review = review_game(&record, &ReviewConfig::default()).map_err(|err| err.to_string())?;
    Ok(ReviewJson::new(&review))
}

/// The JS export: `reviewWinChances(record, onPoint?)`, the game's win chance at the start
/// and before every guess (exact where the endgame solver answers, else estimated with its
/// interval), the value of the move played and the best move: `[{move, win_before, win_move,
/// win_best}]`, as `mineseer review --win-chances` gives them. `onPoint(done, total)` is
/// called after each point, for a progress bar. Throws on a bad record.
#[wasm_bindgen(js_name = reviewWinChances)]
pub fn review_win_chances_js(
    record: JsValue,
    on_point: Option<js_sys::Function>,
) -> Result<JsValue, JsError> {
    let record: RecordJson = from_js(record, "the game record")?;
    let report = |done: usize, total: usize| {
        if let Some(f) = &on_point {
            // A failing progress callback only loses the progress display.
            let _ = f.call2(
                &JsValue::NULL,
                &JsValue::from(done as u32),
                &JsValue::from(total as u32),
            );
        }
    };
    to_js(&record_win_chances(record, report).map_err(|err| JsError::new(&err))?)
}

/// The plain twin of `reviewWinChances`.
pub fn record_win_chances(
    record: RecordJson,
    progress: impl FnMut(usize, usize),
) -> Result<Vec<WinPointJson>, String> {
    let record = record.check().map_err(|err| err.to_string())?;
    let review = review_game(&record, &ReviewConfig::default()).map_err(|err| err.to_string())?;
    let line = win_line(&record, &review, &WinLineConfig::default(), progress)
        .map_err(|err| err.to_string())?;
    Ok(line.iter().map(WinPointJson::new).collect())
}

/// The JS export: `recordStats(record)`, the statistics of a recorded game (3BV, clicks,
/// efficiency, time). Throws on a bad record.
#[wasm_bindgen(js_name = recordStats)]
pub fn record_stats_js(record: JsValue) -> Result<JsValue, JsError> {
    let record: RecordJson = from_js(record, "the game record")?;
    to_js(&record_stats(record).map_err(|err| JsError::new(&err))?)
}

/// The plain twin of `recordStats`.
pub fn record_stats(record: RecordJson) -> Result<StatsJson, String> {
    let record = record.check().map_err(|err| err.to_string())?;
    Ok(StatsJson::new(&game_stats(&record)))
}

/// The JS export: `recordCounters(record)`, the players' counters of a recorded game (IOE,
/// RQP, STNB, throughput, correctness, openings, islands, ZiNi and HZiNi, and ZiNi / clicks of
/// a won game; the path is not recorded), as `counters` in `mineseer review --json`. Throws on
/// a bad record.
#[wasm_bindgen(js_name = recordCounters)]
pub fn record_counters_js(record: JsValue) -> Result<JsValue, JsError> {
    let record: RecordJson = from_js(record, "the game record")?;
    to_js(&record_counters(record).map_err(|err| JsError::new(&err))?)
}

/// The plain twin of `recordCounters`.
pub fn record_counters(record: RecordJson) -> Result<CountersJson, String> {
    let record = record.check().map_err(|err| err.to_string())?;
    Ok(CountersJson::of_record(&record))
}

#[cfg(test)]
mod tests {
    use super::*;
    use mineseer_json::MoveJson;

    fn record(moves: &[(&str, i64, i64, i64)]) -> RecordJson {
        RecordJson {
            format: "mineseer-game".into(),
            version: 1,
            width: 5,
            height: 1,
            mines: 1,
            rule: "safe".into(),
            seed: None,
            layout: vec![(2, 0)],
            moves: moves
                .iter()
                .map(|&(op, x, y, t)| MoveJson {
                    op: op.into(),
                    x,
                    y,
                    t,
                })
                .collect(),
            origin: None,
            mode: None,
            redraws: Vec::new(),
        }
    }

    #[test]
    fn a_review_converts() {
        let moves = [
            ("reveal", 0, 0, 0),
            ("flag", 2, 0, 300),
            ("reveal", 4, 0, 900),
        ];
        let review = review_record(record(&moves)).unwrap();
        let kinds: Vec<&str> = review.moves.iter().map(|m| m.kind).collect();
        assert_eq!(kinds, ["first", "flag", "certain"]);
        assert_eq!(review.stats.result, "won");
        assert_eq!((review.stats.bbbv, review.stats.time_ms), (2, 900));
        assert_eq!(review.moves[2].safety, Some(1.0));
        // The record's statistics are the review's.
        assert_eq!(record_stats(record(&moves)).unwrap(), review.stats);
        // Its counters: 2 3BV in 3 clicks, won, ZiNi 2 (the lone 1 and the opening).
        let counters = record_counters(record(&moves)).unwrap();
        assert_eq!((counters.zini, counters.clicks), (Some(2), 3));
        assert_eq!(counters.zini_of_clicks, Some(2.0 / 3.0));
        let path = counters.rows.iter().find(|r| r.key == "path").unwrap();
        assert_eq!(path.ours, None);
        assert!(path.missing.as_deref().unwrap().starts_with("not recorded"));
        // A won game with no guess: its win chance is exactly 1 at the start.
        let line = record_win_chances(record(&moves), |_, _| {}).unwrap();
        assert_eq!(line[0].win_before.kind, "exact");
        assert_eq!(line[0].win_before.win, 1.0);
    }

    #[test]
    fn bad_records_say_why() {
        let message = review_record(record(&[("reveal", 7, 0, 0)])).unwrap_err();
        assert!(message.contains("outside the 5x1 board"), "{message:?}");
        let mut wrong = record(&[]);
        wrong.format = "x".into();
        assert!(review_record(wrong.clone())
            .unwrap_err()
            .contains("not a game record"));
        assert!(record_stats(wrong.clone())
            .unwrap_err()
            .contains("not a game record"));
        assert!(record_counters(wrong)
            .unwrap_err()
            .contains("not a game record"));
    }
}
