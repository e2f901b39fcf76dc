//! # Mineseer in WebAssembly
//!
//! A thin layer of wasm-bindgen exports over `mineseer-core`, used by the page's Web Worker
//! (`www/worker.js`). The core does the work; this crate only converts.
//!
//! ## Brief overview
//! - [`analyze`]: `solveBoard(position, options)`, every unrevealed cell's exact mine
//!   probability and certainty, and the solution count.
//! - [`endgame`]: `solveEndgame(position, options)`, the exact win chance and a best move,
//!   or "too large" with the limit that ran out.
//! - [`estimate`]: `new EndgameEstimate(position, options)`, the endgame estimate where the
//!   exact search is too large: its candidates, its share of the rollouts streamed batch by
//!   batch to a callback until a deadline, and the figures from every worker's counts.
//! - [`game`]: the `Game` handle (new game, reveal, flag, chord, state, export, auto-player
//!   step).
//! - [`player`]: `nextMove(position, options)` and `playGames(options)` for the bulk run.
//! - [`record`]: `replayRecord(record)`, a `mineseer-game` record's views for stepping
//!   through its review; the `Game` handle records every click (`record()`, `stats()`,
//!   `Game.fromRecord(record)`), timed by the page's clock. The review itself is in the
//!   review's module (`mineseer-review-wasm`), loaded only when a review is opened.
//! - [`position`]: `parsePosition(text)`, a `.mine` or `.inp` position in normalised form.
//! - [`errors`]: every failure (a bad position, an impossible one, one over budget) becomes a
//!   JS exception carrying the core's message.
//!
//! Data crosses the boundary with `serde-wasm-bindgen` into transfer types that this crate
//! owns, so the core's types never leak into JS and nothing the page sends is `unwrap`ped.
//! Each export has a plain Rust twin (for example [`analyze::analyze_position`]) that returns
//! the transfer type, which keeps the logic testable natively.
#![deny(missing_docs)]

pub mod analyze;
pub mod clicks;
pub mod endgame;
pub mod errors;
pub mod estimate;
pub mod game;
pub mod game_options;
pub mod player;
pub mod position;
pub mod record;

use wasm_bindgen::prelude::*;

/// Runs once when the module is instantiated: a Rust panic then shows its message in the
/// browser console instead of "unreachable executed".
#[wasm_bindgen(start)]
pub fn start() {
    console_error_panic_hook::set_once();
}
