//! # Mineseer's review in WebAssembly
//!
//! The page's second wasm module, loaded by the worker only when a review or a replay is
//! opened. Its exports:
//! - [`review`]: `reviewGame(record)`, `reviewWinChances(record, onPoint)` and
//!   `recordStats(record)` over a `mineseer-game` record;
//! - [`replay`]: `readReplay(bytes, name)`, a replay of Minesweeper Arbiter, Viennasweeper,
//!   Minesweeper Clone or Metasweeper read into our record, with what its program says;
//! - [`hint`]: `hint(position, options)`, a certain cell with its proof and sentence (the
//!   page's Hint and the review's missed hints), the next one on the next press, or the
//!   safest guess.
//!
//! It is a module apart from `mineseer-wasm` for two reasons:
//! - Size. The solver's module, which the page loads at once, has a budget of 300 KB gzipped
//!   (tests/page-size.test.mjs). Moving the review and its win-chance line here took 13 KB
//!   off it (docs/journal/page.md), and a player who never opens a review never downloads
//!   them or ms_toollib's replay readers, the bulk of this module.
//! - ms_toollib, which reads the replay formats, can panic on a damaged file, and a panic in
//!   wasm32 aborts the module (there is no unwinding to catch). The worker throws this module
//!   away after such a failure and loads it again, so the game and the analyses in the solver's
//!   module are never touched.
#![deny(missing_docs)]

pub mod hint;
pub mod replay;
pub mod review;

use wasm_bindgen::{JsError, JsValue};

/// Reads a value the page sent into a transfer type, with a message naming what was expected
/// when it does not fit.
fn from_js<T: serde::de::DeserializeOwned>(value: JsValue, what: &str) -> Result<T, JsError> {
    serde_wasm_bindgen::from_value(value)
        .map_err(|err| JsError::new(&format!("{what} is not valid: {err}")))
}

/// Turns a transfer type into a JS value (plain objects, as `JSON.parse` would give).
fn to_js<T: serde::Serialize>(value: &T) -> Result<JsValue, JsError> {
    value
        .serialize(&serde_wasm_bindgen::Serializer::json_compatible())
        .map_err(|err| JsError::new(&format!("could not convert the result for JS: {err}")))
}
