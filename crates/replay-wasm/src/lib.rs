//! # Mineseer's replay reader in WebAssembly
//!
//! One export, `readReplay(bytes, name)`: a replay of Minesweeper Arbiter, Viennasweeper,
//! Minesweeper Clone or Metasweeper read into our record, with what its program says
//! (`mineseer-replay`'s [`ReadReplayJson`]). It throws with the reader's message on a bad file.
//!
//! It is a module of its own, apart from `mineseer-wasm`, for two reasons:
//! - ms_toollib, which reads the formats, can panic on a damaged file, and a panic in wasm32
//!   aborts the module (there is no unwinding to catch). The worker throws this module away
//!   after such a failure and loads it again, so the game and the analyses in the main module
//!   are never touched.
//! - Its size: the page loads it only when a replay is opened, so the main module stays within
//!   its budget (docs/journal/replays.md, "The page: a second, lazily loaded wasm module").
#![deny(missing_docs)]

use mineseer_replay::json::ReadReplayJson;
use mineseer_replay::{read_replay, ReadConfig};
use serde::Serialize;
use wasm_bindgen::prelude::*;

/// The JS export: `readReplay(bytes, name)`, a `Uint8Array` and the file's name (a hint used
/// only when the bytes fit no format). Answers `{record, replay}`; throws on a bad file.
#[wasm_bindgen(js_name = readReplay)]
pub fn read_replay_js(bytes: &[u8], name: Option<String>) -> Result<JsValue, JsError> {
    let read = read_replay_json(bytes, name.as_deref()).map_err(|err| JsError::new(&err))?;
    read.serialize(&serde_wasm_bindgen::Serializer::json_compatible())
        .map_err(|err| JsError::new(&format!("could not convert the replay for JS: {err}")))
}

/// The plain twin of `readReplay`, with Metasweeper's comments.
pub fn read_replay_json(bytes: &[u8], name: Option<&str>) -> Result<ReadReplayJson, String> {
    let replay =
        read_replay(bytes, name, &ReadConfig { comments: true }).map_err(|err| err.to_string())?;
    Ok(ReadReplayJson::new(&replay))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_bad_file_says_why() {
        let err = read_replay_json(b"", Some("x.evf")).unwrap_err();
        assert_eq!(
            err,
            "not a readable Metasweeper replay (.evf): the file is empty"
        );
    }
}
