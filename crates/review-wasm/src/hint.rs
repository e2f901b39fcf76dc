//! `hint(position, options)`: the core's hint ([`mineseer_core::hint`]) for the page's Hint
//! button and the review's missed hints, as the CLI's `hint --json` prints it ([`HintJson`]).
//! In this module rather than the solver's, which is at its size budget: the first hint loads
//! it.

use mineseer_core::formats::parse_position;
use mineseer_core::hint::nth_hint;
use mineseer_json::HintJson;
use serde::Deserialize;
use wasm_bindgen::prelude::*;

use crate::{from_js, to_js};

/// What the page may ask of a hint. Every field is optional on the JS side.
#[derive(Debug, Clone, Default, PartialEq, Eq, Deserialize)]
#[serde(default, rename_all = "camelCase", deny_unknown_fields)]
pub struct HintOptions {
    /// The last move, `{x, y}`: ties go to the cell nearest it (reading order without one).
    pub near: Option<Cell>,
    /// Which hint in rank order, counting round: 0 the best, 1 the next press's.
    pub index: usize,
}

/// A cell the page names.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Cell {
    /// Column.
    pub x: usize,
    /// Row.
    pub y: usize,
}

/// The JS export: `hint(positionText, options?)`. A finished game answers `{kind: "over"}`;
/// a bad or impossible position throws with the core's message.
#[wasm_bindgen(js_name = hint)]
pub fn hint_js(position: &str, options: JsValue) -> Result<JsValue, JsError> {
    let options: HintOptions = if options.is_undefined() || options.is_null() {
        HintOptions::default()
    } else {
        from_js(options, "the hint options")?
    };
    let hint = hint_position(position, &options).map_err(|message| JsError::new(&message))?;
    to_js(&hint)
}

/// Parses a position and finds its hint; the error's message otherwise.
pub fn hint_position(position: &str, options: &HintOptions) -> Result<HintJson, String> {
    let board = parse_position(position).map_err(|error| error.to_string())?;
    let near = match options.near {
        None => None,
        Some(Cell { x, y }) => Some(
            board
                .idx(x, y)
                .ok_or_else(|| format!("the last move ({x}, {y}) is outside the board"))?,
        ),
    };
    match nth_hint(&board, near, options.index) {
        Ok(hint) => Ok(HintJson::new(&board, &hint)),
        Err(error) => HintJson::over(&error).ok_or_else(|| error.to_string()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hints_in_turn_near_the_last_move_and_errors() {
        let position = "7x2x2\nFHHHHHF\n1HHHHH1\n";
        let at = |options: &HintOptions| {
            let hint = hint_position(position, options).unwrap();
            assert_eq!(hint.kind, "certain");
            let cell = hint.cell.unwrap();
            (cell.x, cell.y)
        };
        assert_eq!(at(&HintOptions::default()), (1, 0));
        let near = HintOptions {
            near: Some(Cell { x: 6, y: 1 }),
            index: 0,
        };
        assert_eq!(at(&near), (5, 0));
        assert_eq!(at(&HintOptions { index: 1, ..near }), (5, 1));
        assert_eq!(
            hint_position("2x1x1\n1H\n", &HintOptions::default())
                .unwrap()
                .kind,
            "over"
        );
        let impossible = hint_position("3x1x0\n1HH\n", &HintOptions::default()).unwrap_err();
        assert!(
            impossible.contains("no consistent layout"),
            "{impossible:?}"
        );
        let outside = HintOptions {
            near: Some(Cell { x: 9, y: 0 }),
            index: 0,
        };
        let error = hint_position(position, &outside).unwrap_err();
        assert!(error.contains("outside the board"), "{error:?}");
    }
}
