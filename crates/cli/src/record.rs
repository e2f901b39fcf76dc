//! Reading a game to review: a `mineseer-game` record (JSON), or a replay of Minesweeper
//! Arbiter, Viennasweeper, Minesweeper Clone or Metasweeper (`mineseer-replay`), told apart by
//! the content: a JSON object is a record; bytes of a replay's header, or any other bytes under
//! a replay's name, are a replay; anything else is read as a record (and refused as one).

use std::path::Path;

use anyhow::{Context, Result};
use mineseer_core::record::GameRecord;
use mineseer_json::RecordJson;
use mineseer_replay::{read_replay, ReadConfig, Replay, ReplayFormat};

/// A game read from a file.
pub struct ReadGame {
    /// The checked record.
    pub record: GameRecord,
    /// The replay it came from, when it is one.
    pub replay: Option<Replay>,
}

/// Reads and checks a record or a replay from `path` (`-` for standard input). Metasweeper's
/// comments are read from a replay when `comments` asks.
pub fn read_game(path: &Path, comments: bool) -> Result<ReadGame> {
    let bytes = crate::input::read_bytes(Some(path))?;
    let name = path.display().to_string();
    let json = bytes.trim_ascii_start().starts_with(b"{");
    let replay_named = ReplayFormat::from_file_name(&name).is_some();
    if json || !(replay_named || ReplayFormat::sniff(&bytes, None).is_some()) {
        let text = String::from_utf8(bytes)
            .map_err(|_| anyhow::anyhow!("the input is not text (not UTF-8)"))
            .with_context(|| name.clone())?;
        let record = parse_record(&text).with_context(|| name)?;
        return Ok(ReadGame {
            record,
            replay: None,
        });
    }
    let replay =
        read_replay(&bytes, Some(&name), &ReadConfig { comments }).with_context(|| name)?;
    Ok(ReadGame {
        record: replay.record.clone(),
        replay: Some(replay),
    })
}

/// Parses and checks a record's JSON text; the core checks everything past the JSON's shape.
pub fn parse_record(text: &str) -> Result<GameRecord> {
    let json: RecordJson = serde_json::from_str(text)
        .map_err(|err| anyhow::anyhow!("not a valid game record: {err}"))?;
    Ok(json.check()?)
}
