//! Game records for the page: `replayRecord(record)` over the `mineseer-game` JSON (parsed by
//! the worker with `JSON.parse`), the game's views for stepping through a review. The review
//! itself (`reviewGame`, `reviewWinChances`, `recordStats`) is in the review's own module,
//! `mineseer-review-wasm`, which the page loads only when a review is opened.

pub use mineseer_json::RecordJson;
use wasm_bindgen::prelude::*;

use crate::errors::{from_js, to_js, ExportError};

/// The JS export: `replayRecord(record)`, the game's view (as `Game.state()` gives it) before
/// each move and after the last, for stepping through a review. Throws on a bad record.
#[wasm_bindgen(js_name = replayRecord)]
pub fn replay_record_js(record: JsValue) -> Result<JsValue, JsError> {
    let record: RecordJson = from_js(record, "the game record")?;
    let record = record.check().map_err(|e| ExportError::from(e).into_js())?;
    to_js(&crate::game::Game::replay_views(&record))
}
