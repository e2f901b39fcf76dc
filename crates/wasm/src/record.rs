//! Game records for the page: `reviewGame(record)` and `recordStats(record)`, and the
//! conversions between the `mineseer-game` JSON (parsed by the worker with `JSON.parse`) and
//! the core's checked [`GameRecord`]. The review's shape is the CLI's `review --json`, so the
//! page and `mineseer review` print the same keys.

use mineseer_core::clicks::{game_stats, GameStats};
use mineseer_core::record::{GameRecord, RawMove, RawRecord};
use mineseer_core::review::{review_game, MoveReview, Review, ReviewConfig};
use mineseer_core::Fraction;
use serde::{Deserialize, Serialize};
use wasm_bindgen::prelude::*;

use crate::errors::{from_js, to_js, ExportError};

/// A record as its JSON holds it (`mineseer-game`, version 1).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RecordJson {
    /// `mineseer-game`.
    pub format: String,
    /// 1.
    pub version: u64,
    /// Columns.
    pub width: u64,
    /// Rows.
    pub height: u64,
    /// Mines.
    pub mines: u64,
    /// The first-click rule's name.
    pub rule: String,
    /// The seed, in decimal, when the game had one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seed: Option<String>,
    /// Every mine as `[x, y]`.
    pub layout: Vec<(i64, i64)>,
    /// The clicks, in order.
    pub moves: Vec<MoveJson>,
}

/// One recorded click.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct MoveJson {
    /// `reveal`, `flag`, `unflag` or `chord`.
    pub op: String,
    /// Column.
    pub x: i64,
    /// Row.
    pub y: i64,
    /// Milliseconds since the first click.
    pub t: i64,
}

impl RecordJson {
    /// The JSON form of a checked record.
    pub fn from_record(record: &GameRecord) -> RecordJson {
        let raw = record.to_raw();
        RecordJson {
            format: raw.format,
            version: raw.version,
            width: raw.width,
            height: raw.height,
            mines: raw.mines,
            rule: raw.rule,
            seed: raw.seed,
            layout: raw.layout,
            moves: raw
                .moves
                .into_iter()
                .map(|m| MoveJson {
                    op: m.op,
                    x: m.x,
                    y: m.y,
                    t: m.t,
                })
                .collect(),
        }
    }

    /// Checks it (the core's checks and messages).
    pub fn check(self) -> Result<GameRecord, ExportError> {
        Ok(GameRecord::new(RawRecord {
            format: self.format,
            version: self.version,
            width: self.width,
            height: self.height,
            mines: self.mines,
            rule: self.rule,
            seed: self.seed,
            layout: self.layout,
            moves: self
                .moves
                .into_iter()
                .map(|m| RawMove {
                    op: m.op,
                    x: m.x,
                    y: m.y,
                    t: m.t,
                })
                .collect(),
        })?)
    }
}

/// A game's statistics for the page's summary and history.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct StatsJson {
    /// `won`, `lost` or `unfinished`.
    pub result: &'static str,
    /// 3BV of the layout.
    pub bbbv: usize,
    /// 3BV solved (all of it when won).
    pub bbbv_solved: usize,
    /// Openings.
    pub openings: usize,
    /// Islands.
    pub islands: usize,
    /// Clicks by kind.
    pub clicks: ClicksJson,
    /// 3BV solved / clicks; absent without clicks.
    pub efficiency: Option<f64>,
    /// Milliseconds from the first click to the last of the game.
    pub time_ms: u64,
    /// 3BV solved per second; absent when no time passed.
    pub bbbv_per_s: Option<f64>,
}

/// Clicks by kind, and those that did something.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ClicksJson {
    /// Reveals.
    pub left: usize,
    /// Reveals that opened something.
    pub left_effective: usize,
    /// Flags placed or removed.
    pub right: usize,
    /// Right clicks that changed a flag.
    pub right_effective: usize,
    /// Chords.
    pub chord: usize,
    /// Chords that opened something.
    pub chord_effective: usize,
    /// Every click.
    pub total: usize,
    /// Every click that did something.
    pub effective: usize,
}

impl StatsJson {
    /// The page's form of the core's statistics.
    pub fn new(stats: &GameStats) -> StatsJson {
        let c = &stats.clicks;
        StatsJson {
            result: stats.result.name(),
            bbbv: stats.board.bbbv,
            bbbv_solved: stats.bbbv_solved,
            openings: stats.board.openings,
            islands: stats.board.islands,
            clicks: ClicksJson {
                left: c.left,
                left_effective: c.left_effective,
                right: c.right,
                right_effective: c.right_effective,
                chord: c.chord,
                chord_effective: c.chord_effective,
                total: c.total(),
                effective: c.effective(),
            },
            efficiency: stats.efficiency(),
            time_ms: stats.time_ms,
            bbbv_per_s: stats.bbbv_per_second(),
        }
    }
}

/// A cell.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct CellJson {
    /// Column.
    pub x: usize,
    /// Row.
    pub y: usize,
}

/// One move of a review (the CLI's keys; absent fields are left out).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct MoveReviewJson {
    /// Index in the record.
    pub i: usize,
    /// The op.
    pub op: &'static str,
    /// Column.
    pub x: usize,
    /// Row.
    pub y: usize,
    /// Milliseconds since the first click.
    pub t: u64,
    /// The move's class.
    pub kind: &'static str,
    /// The chance the move was safe.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub safety: Option<f64>,
    /// The best safety of a single reveal.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub best_safety: Option<f64>,
    /// A cell with the best safety.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub best: Option<CellJson>,
    /// Cells certainly safe.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub safe_available: Option<usize>,
    /// A guess in a forced guess (present only when true).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub forced: bool,
    /// Win chance under best play before the move.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub win_before: Option<f64>,
    /// The endgame solver's best move.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub win_best: Option<CellJson>,
    /// Win chance under best play after the move.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub win_after: Option<f64>,
}

/// A review for the page: the statistics, the moves, the summary.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ReviewJson {
    /// The statistics (`result`, `bbbv`, `openings`, `clicks`, `efficiency`, ...).
    #[serde(flatten)]
    pub stats: StatsJson,
    /// One per recorded move.
    pub moves: Vec<MoveReviewJson>,
    /// Moves of kind `guess`.
    pub guesses: usize,
    /// Moves of kind `blunder`.
    pub blunders: usize,
    /// Product of the risky moves' safeties.
    pub luck: f64,
    /// That over the product of the best safeties.
    pub accuracy: f64,
}

impl ReviewJson {
    /// The page's form of a core review.
    pub fn new(review: &Review) -> ReviewJson {
        ReviewJson {
            stats: StatsJson::new(&review.stats),
            moves: review
                .moves
                .iter()
                .enumerate()
                .map(|(i, m)| move_json(i, m))
                .collect(),
            guesses: review.guesses,
            blunders: review.blunders,
            luck: review.luck.to_f64(),
            accuracy: review.accuracy.to_f64(),
        }
    }
}

fn move_json(i: usize, m: &MoveReview) -> MoveReviewJson {
    let f = |v: &Option<Fraction>| v.as_ref().map(Fraction::to_f64);
    let cell = |v: Option<(usize, usize)>| v.map(|(x, y)| CellJson { x, y });
    MoveReviewJson {
        i,
        op: m.played.op.name(),
        x: m.played.x,
        y: m.played.y,
        t: m.played.t,
        kind: m.kind.name(),
        safety: f(&m.safety),
        best_safety: f(&m.best_safety),
        best: cell(m.best),
        safe_available: m.safe_available,
        forced: m.forced,
        win_before: f(&m.win_before),
        win_best: cell(m.win_best),
        win_after: f(&m.win_after),
    }
}

/// The JS export: `reviewGame(record)`, a parsed `mineseer-game` object. Throws with the
/// core's message on a bad record.
#[wasm_bindgen(js_name = reviewGame)]
pub fn review_game_js(record: JsValue) -> Result<JsValue, JsError> {
    let record: RecordJson = from_js(record, "the game record")?;
    to_js(&review_record(record).map_err(ExportError::into_js)?)
}

/// The plain twin of `reviewGame`.
pub fn review_record(record: RecordJson) -> Result<ReviewJson, ExportError> {
    let record = record.check()?;
    let review = review_game(&record, &ReviewConfig::default())?;
    Ok(ReviewJson::new(&review))
}

/// The JS export: `recordStats(record)`, the statistics of a recorded game (3BV, clicks,
/// efficiency, time). Throws on a bad record.
#[wasm_bindgen(js_name = recordStats)]
pub fn record_stats_js(record: JsValue) -> Result<JsValue, JsError> {
    let record: RecordJson = from_js(record, "the game record")?;
    let record = record.check().map_err(ExportError::into_js)?;
    to_js(&StatsJson::new(&game_stats(&record)))
}

/// The JS export: `replayRecord(record)`, the game's view (as `Game.state()` gives it) before
/// each move and after the last, for stepping through a review. Throws on a bad record.
#[wasm_bindgen(js_name = replayRecord)]
pub fn replay_record_js(record: JsValue) -> Result<JsValue, JsError> {
    let record: RecordJson = from_js(record, "the game record")?;
    let record = record.check().map_err(ExportError::into_js)?;
    to_js(&crate::game::Game::replay_views(&record))
}

#[cfg(test)]
mod tests {
    use super::*;

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
        }
    }

    #[test]
    fn a_review_converts() {
        let review = review_record(record(&[
            ("reveal", 0, 0, 0),
            ("flag", 2, 0, 300),
            ("reveal", 4, 0, 900),
        ]))
        .unwrap();
        let kinds: Vec<&str> = review.moves.iter().map(|m| m.kind).collect();
        assert_eq!(kinds, ["first", "flag", "certain"]);
        assert_eq!(review.stats.result, "won");
        assert_eq!((review.stats.bbbv, review.stats.time_ms), (2, 900));
        assert_eq!(review.moves[2].safety, Some(1.0));
    }

    #[test]
    fn bad_records_say_why() {
        let message = review_record(record(&[("reveal", 7, 0, 0)])).err().unwrap();
        assert!(
            message.message().contains("outside the 5x1 board"),
            "{message:?}"
        );
        let mut wrong = record(&[]);
        wrong.format = "x".into();
        assert!(review_record(wrong)
            .err()
            .unwrap()
            .message()
            .contains("not a game record"));
    }
}
