//! Reading a `mineseer-game` record (JSON) into the core's checked [`GameRecord`].

use std::path::Path;

use anyhow::{Context, Result};
use mineseer_core::record::{GameRecord, RawMove, RawRecord};
use serde::Deserialize;

/// The record as JSON holds it; the core checks everything past the JSON's shape.
#[derive(Debug, Deserialize)]
struct RecordJson {
    format: String,
    version: u64,
    width: u64,
    height: u64,
    mines: u64,
    rule: String,
    #[serde(default)]
    seed: Option<Seed>,
    layout: Vec<(i64, i64)>,
    moves: Vec<MoveJson>,
}

/// A seed as text (what Mineseer writes) or as a whole number (what a person may type).
#[derive(Debug, Deserialize)]
#[serde(untagged)]
enum Seed {
    Text(String),
    Number(u64),
}

#[derive(Debug, Deserialize)]
struct MoveJson {
    op: String,
    x: i64,
    y: i64,
    t: i64,
}

/// Reads and checks a record from `path` (`-` for standard input).
pub fn read_record(path: &Path) -> Result<GameRecord> {
    let text = crate::input::read_text(Some(path))?;
    let name = path.display().to_string();
    parse_record(&text).with_context(|| name)
}

/// Parses and checks a record's JSON text.
pub fn parse_record(text: &str) -> Result<GameRecord> {
    let json: RecordJson = serde_json::from_str(text)
        .map_err(|err| anyhow::anyhow!("not a valid game record: {err}"))?;
    let raw = RawRecord {
        format: json.format,
        version: json.version,
        width: json.width,
        height: json.height,
        mines: json.mines,
        rule: json.rule,
        seed: json.seed.map(|s| match s {
            Seed::Text(text) => text,
            Seed::Number(n) => n.to_string(),
        }),
        layout: json.layout,
        moves: json
            .moves
            .into_iter()
            .map(|m| RawMove {
                op: m.op,
                x: m.x,
                y: m.y,
                t: m.t,
            })
            .collect(),
    };
    Ok(GameRecord::new(raw)?)
}
