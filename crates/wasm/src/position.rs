//! `parsePosition`: reads a `.mine` or `.inp` position and hands the page its normalised
//! `.mine` text, so the page never parses user text itself and errors keep the core's words.

use mineseer_core::formats::{parse_any, write_mine, Format};
use serde::Serialize;
use wasm_bindgen::prelude::*;

use crate::errors::{to_js, ExportError};

/// A position read from text, as the page receives it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ParsedPosition {
    /// Columns.
    pub width: usize,
    /// Rows.
    pub height: usize,
    /// Mines on the board.
    pub mines: usize,
    /// The position as `.mine` text: a `WxHxM` header, then one row per line, each cell one
    /// of `H`, `F`, `M`, `0`-`8`.
    pub mine: String,
    /// The format the text was in: `"mine"` or `"inp"`.
    pub format: &'static str,
}

/// The JS export: `parsePosition(text)`. Throws with the line and column of the problem.
#[wasm_bindgen(js_name = parsePosition)]
pub fn parse_position_js(text: &str) -> Result<JsValue, JsError> {
    to_js(&parse_position_text(text).map_err(ExportError::into_js)?)
}

/// Reads a position in either format.
pub fn parse_position_text(text: &str) -> Result<ParsedPosition, ExportError> {
    let (board, format) = parse_any(text)?;
    Ok(ParsedPosition {
        width: board.width(),
        height: board.height(),
        mines: board.mines(),
        mine: write_mine(&board),
        format: match format {
            Format::Mine => "mine",
            Format::Inp => "inp",
        },
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn inp_becomes_mine_text() {
        let parsed = parse_position_text("2 3 2\n-1 -2 -1\n0 1 1\n").unwrap();
        assert_eq!(parsed.mine, "3x2x2\nHFH\n011\n");
        assert_eq!(
            (parsed.width, parsed.height, parsed.mines, parsed.format),
            (3, 2, 2, "inp")
        );
    }

    #[test]
    fn errors_name_the_place() {
        let err = parse_position_text("3x2x1\nHHH\nHH\n").unwrap_err();
        assert_eq!(
            err.message(),
            "line 3, column 3: expected a row of 3 cells, found 2"
        );
    }
}
