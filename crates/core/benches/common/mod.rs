//! What the benches share: the committed corpora of positions from real games
//! (`benches/corpus/`, made by `mineseer-lab gen-bench-corpus`).

use mineseer_core::formats::parse_mine;
use mineseer_core::Board;

/// Reads a corpus file: `.mine` positions separated by blank lines.
pub fn load(text: &str) -> Vec<Board> {
    text.split("\n\n")
        .filter(|chunk| !chunk.trim().is_empty())
        .map(|chunk| parse_mine(chunk).expect("the committed corpus parses"))
        .collect()
}
