//! `EndgameEstimate`: the endgame estimate ([`mineseer_core::estimate`]) for the page, where
//! the exact search says "too large".
//!
//! Every rollout worker builds the same estimate from the same position and options (the plan
//! is deterministic), plays its share of the layouts (`run(first, stride, ...)`: layouts
//! `first`, `first + stride`, ...), and streams its running counts to its worker through a JS
//! callback after each batch. The page adds the workers' counts and asks one estimate for the
//! figures (`summarize`). Layout `i` depends only on the seed and `i`, so the same layouts give
//! the same answer for any number of workers. The deadline is read from the worker's own clock
//! (`performance.now()`); the core reads no clock.

use mineseer_core::estimate::{
    affordable_level, plan, summarize, EstimateConfig, Plan, Rollouts, Tally,
};
use mineseer_core::formats::parse_position;
use mineseer_core::player::Level;
use mineseer_core::{solve_board, Board};
use mineseer_json::{level_from_name, EstimateJson, PlanJson};
use serde::Deserialize;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

use crate::errors::{from_js, to_js, ExportError};

/// Layouts played between two calls of the batch callback (and two looks at the clock).
const BATCH: u64 = 4;

/// The estimate's settings as the page sends them; every field is optional.
#[derive(Debug, Clone, Default, PartialEq, Eq, Deserialize)]
#[serde(default, rename_all = "camelCase", deny_unknown_fields)]
pub struct EstimateOptions {
    /// Candidate first moves to compare (default 4).
    pub candidates: Option<usize>,
    /// The seed of the layouts (default 1).
    pub seed: Option<u64>,
    /// `"full"`, `"fast"` or `"auto"` (default: the full level where it is affordable).
    pub level: Option<String>,
}

/// The estimate of one position, held by a worker.
#[wasm_bindgen]
pub struct EndgameEstimate {
    board: Board,
    plan: Plan,
    level: Level,
    seed: u64,
    rollouts: Rollouts,
    tally: Tally,
    /// How many of this worker's layouts are played.
    played: u64,
}

/// Builds the estimate of a position: the plan and the layout sampler.
pub fn estimate_of_position(
    position: &str,
    options: &EstimateOptions,
) -> Result<EndgameEstimate, ExportError> {
    let board = parse_position(position)?;
    let level = match options.level.as_deref() {
        None | Some("auto") => affordable_level(&board),
        Some(name) => level_from_name(name).ok_or_else(|| {
            ExportError::new(format!(
                "unknown level {name:?}: use \"full\", \"fast\" or \"auto\""
            ))
        })?,
    };
    let config = EstimateConfig {
        candidates: options.candidates.unwrap_or(4),
        seed: options.seed.unwrap_or(1),
        level,
        ..EstimateConfig::default()
    };
    let analysis = solve_board(&board, &config.solve)?;
    let plan = plan(&board, &analysis, &config, None)?;
    let rollouts = Rollouts::new(&board, &analysis, &plan, &config)?;
    let tally = Tally::new(plan.candidates().len());
    Ok(EndgameEstimate {
        board,
        plan,
        level,
        seed: config.seed,
        rollouts,
        tally,
        played: 0,
    })
}

#[wasm_bindgen]
impl EndgameEstimate {
    /// `new EndgameEstimate(positionText, options?)`. Throws on a bad or impossible
    /// position, or one with no hidden cell left.
    #[wasm_bindgen(constructor)]
    pub fn new(position: &str, options: JsValue) -> Result<EndgameEstimate, JsError> {
        let options: EstimateOptions = if options.is_undefined() || options.is_null() {
            EstimateOptions::default()
        } else {
            from_js(options, "the estimate options")?
        };
        estimate_of_position(position, &options).map_err(ExportError::into_js)
    }

    /// The candidates (the auto-player's move first), the level, and whether that move is
    /// certainly safe: `{policy, certain, player: {x, y}, candidates: [{x, y, kind, safety}]}`.
    pub fn plan(&self) -> Result<JsValue, JsError> {
        to_js(&PlanJson::new(&self.plan, self.level))
    }

    /// Plays this worker's share of the layouts, `first + k * stride` for k = 0, 1, ...,
    /// continuing where the last call stopped, until `max_layouts` of them are played or
    /// `performance.now()` passes `deadline_ms`. After each batch, `on_batch(counts, played)`
    /// gets the running counts by set of winners and the layouts played. Returns the layouts
    /// played.
    pub fn run(
        &mut self,
        first: u32,
        stride: u32,
        max_layouts: u32,
        deadline_ms: f64,
        on_batch: &js_sys::Function,
    ) -> Result<u32, JsError> {
        let stride = u64::from(stride.max(1));
        let max_layouts = u64::from(max_layouts);
        while self.played < max_layouts && now_ms() < deadline_ms {
            let batch_end = (self.played + BATCH).min(max_layouts);
            for k in self.played..batch_end {
                self.tally
                    .add(self.rollouts.outcome(u64::from(first) + k * stride));
            }
            self.played = batch_end;
            on_batch
                .call2(
                    &JsValue::NULL,
                    &self.counts_js()?,
                    &JsValue::from(self.played as u32),
                )
                .map_err(|err| JsError::new(&format!("the batch callback failed: {err:?}")))?;
        }
        Ok(self.played as u32)
    }

    /// The running counts of this worker's layouts by set of winners.
    pub fn counts(&self) -> Result<JsValue, JsError> {
        self.counts_js()
    }

    /// The figures from `counts` (the workers' counts added up): `{policy, rollouts, seed,
    /// win, win_lo, win_hi, best, about_equal, certain, candidates}`.
    pub fn summarize(&self, counts: JsValue) -> Result<JsValue, JsError> {
        let counts: Vec<u64> = from_js(counts, "the counts")?;
        let tally = Tally::from_counts(self.plan.candidates().len(), counts)
            .map_err(|err| JsError::new(&err.to_string()))?;
        to_js(&self.summary(&tally).map_err(ExportError::into_js)?)
    }
}

impl EndgameEstimate {
    /// The figures of `tally`.
    pub fn summary(&self, tally: &Tally) -> Result<EstimateJson, ExportError> {
        let estimate = summarize(&self.plan, tally)?;
        Ok(EstimateJson::new(
            &self.plan, &estimate, self.level, self.seed,
        ))
    }

    /// Plays this worker's layouts natively (the twin of `run`, without clock or callback).
    pub fn play(&mut self, first: u64, stride: u64, max_layouts: u64) {
        while self.played < max_layouts {
            self.tally
                .add(self.rollouts.outcome(first + self.played * stride.max(1)));
            self.played += 1;
        }
    }

    /// This worker's running tally.
    pub fn tally(&self) -> &Tally {
        &self.tally
    }

    /// The board estimated.
    pub fn board(&self) -> &Board {
        &self.board
    }

    fn counts_js(&self) -> Result<JsValue, JsError> {
        // Counts stay far below 2^53, so JS numbers hold them exactly.
        to_js(&self.tally.counts())
    }
}

/// The worker's clock, in milliseconds (`performance.now()`); -inf where there is none (a
/// native test), so a run without a clock stops at its layout count only.
fn now_ms() -> f64 {
    let global = js_sys::global();
    if let Some(worker) = global.dyn_ref::<web_sys::WorkerGlobalScope>() {
        if let Some(performance) = worker.performance() {
            return performance.now();
        }
    }
    if let Some(window) = global.dyn_ref::<web_sys::Window>() {
        if let Some(performance) = window.performance() {
            return performance.now();
        }
    }
    f64::NEG_INFINITY
}

#[cfg(test)]
mod tests {
    use super::*;

    const POSITION: &str = include_str!("../../core/tests/positions/expert-guess-5418.mine");

    #[test]
    fn workers_sharing_the_layouts_add_up_to_one() {
        let options = EstimateOptions {
            level: Some("fast".into()),
            ..EstimateOptions::default()
        };
        let mut alone = estimate_of_position(POSITION, &options).unwrap();
        alone.play(0, 1, 12);
        let mut total = Tally::new(alone.plan.candidates().len());
        for first in 0..3 {
            let mut worker = estimate_of_position(POSITION, &options).unwrap();
            worker.play(first, 3, 4);
            total.merge(worker.tally()).unwrap();
        }
        assert_eq!(&total, alone.tally());
        let summary = alone.summary(&total).unwrap();
        assert_eq!(summary.rollouts, 12);
        assert_eq!(summary.policy, "fast");
        assert!(summary.win_lo <= summary.win && summary.win <= summary.win_hi);
    }

    #[test]
    fn bad_options_and_positions_are_errors() {
        let options = EstimateOptions {
            level: Some("best".into()),
            ..EstimateOptions::default()
        };
        let err = estimate_of_position(POSITION, &options).err().unwrap();
        assert!(err.message().contains("unknown level"), "{}", err.message());
        let err = estimate_of_position("2x1x1\n1F\n", &EstimateOptions::default())
            .err()
            .unwrap();
        assert!(err.message().contains("game is over"), "{}", err.message());
        // A 3 with one hidden neighbour: no layout fits.
        let err = estimate_of_position("2x1x1\n3H\n", &EstimateOptions::default())
            .err()
            .unwrap();
        assert!(!err.message().is_empty());
    }
}
