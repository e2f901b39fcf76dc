//! `readReplay(bytes, name)`: a replay of another program read into our record, with what its
//! program says (`mineseer-replay`'s [`ReadReplayJson`]). It throws with the reader's message
//! on a bad file.

use mineseer_replay::json::ReadReplayJson;
use mineseer_replay::{read_replay, ReadConfig};
use wasm_bindgen::prelude::*;

use crate::to_js;

/// The JS export: `readReplay(bytes, name)`, a `Uint8Array` and the file's name (a hint used
/// only when the bytes fit no format). Answers `{record, replay}`; throws on a bad file.
#[wasm_bindgen(js_name = readReplay)]
pub fn read_replay_js(bytes: &[u8], name: Option<String>) -> Result<JsValue, JsError> {
    let read = read_replay_json(bytes, name.as_deref()).map_err(|err| JsError::new(&err))?;
    to_js(&read)
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
