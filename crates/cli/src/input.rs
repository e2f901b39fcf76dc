//! Reading a position from a file or standard input.

use std::io::Read;
use std::path::Path;

use anyhow::{bail, Context, Result};
use mineseer_core::Board;

/// The largest input read, far above any real position (a 1000x1000 `.mine` is 1 MB), so a
/// wrong file name cannot make the tool read gigabytes.
const MAX_INPUT_BYTES: u64 = 16 << 20;

/// Reads the text of `path`, or of standard input when it is `None` or `-`.
pub fn read_text(path: Option<&Path>) -> Result<String> {
    let bytes = read_bytes(path)?;
    String::from_utf8(bytes).map_err(|_| anyhow::anyhow!("the input is not text (not UTF-8)"))
}

/// Reads the bytes of `path`, or of standard input when it is `None` or `-`.
pub fn read_bytes(path: Option<&Path>) -> Result<Vec<u8>> {
    let mut bytes = Vec::new();
    match path {
        None => {
            read_limited(std::io::stdin().lock(), &mut bytes).context("reading standard input")?
        }
        Some(p) if p == Path::new("-") => {
            read_limited(std::io::stdin().lock(), &mut bytes).context("reading standard input")?
        }
        Some(p) => {
            let file =
                std::fs::File::open(p).with_context(|| format!("opening {}", p.display()))?;
            read_limited(file, &mut bytes).with_context(|| format!("reading {}", p.display()))?
        }
    }
    if bytes.len() as u64 > MAX_INPUT_BYTES {
        bail!(
            "the input is larger than {} MiB: not a position",
            MAX_INPUT_BYTES >> 20
        );
    }
    Ok(bytes)
}

fn read_limited(reader: impl Read, out: &mut Vec<u8>) -> std::io::Result<()> {
    reader
        .take(MAX_INPUT_BYTES + 1)
        .read_to_end(out)
        .map(|_| ())
}

/// Reads and parses a position in `.mine` or `.inp` format.
pub fn read_board(path: Option<&Path>) -> Result<Board> {
    let text = read_text(path)?;
    let name = path
        .map(|p| p.display().to_string())
        .unwrap_or_else(|| "<stdin>".into());
    mineseer_core::formats::parse_position(&text).with_context(|| name)
}
