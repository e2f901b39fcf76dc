//! Reading a `mineseer-game` record (JSON) into the core's checked [`GameRecord`].

use std::path::Path;

use anyhow::{Context, Result};
use mineseer_core::record::GameRecord;
use mineseer_json::RecordJson;

/// Reads and checks a record from `path` (`-` for standard input).
pub fn read_record(path: &Path) -> Result<GameRecord> {
    let text = crate::input::read_text(Some(path))?;
    let name = path.display().to_string();
    parse_record(&text).with_context(|| name)
}

/// Parses and checks a record's JSON text; the core checks everything past the JSON's shape.
pub fn parse_record(text: &str) -> Result<GameRecord> {
    let json: RecordJson = serde_json::from_str(text)
        .map_err(|err| anyhow::anyhow!("not a valid game record: {err}"))?;
    Ok(json.check()?)
}
