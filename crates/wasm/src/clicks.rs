//! Analyze's "Clicks": `clickHints`, the numbers whose chord saves clicks and the efficient
//! style's next click (the core's `player::click_hints`), as `mineseer analyze --clicks` gives
//! them.

use mineseer_core::formats::parse_position;
use mineseer_core::game::FirstClickRule;
use mineseer_json::ClickHintsJson;
use wasm_bindgen::prelude::*;

use crate::errors::{from_js, to_js, ExportError};
use crate::player::{player_config, PlayerOptions};

/// The JS export: `clickHints(positionText, options?)` (the player's options: `level`,
/// `rule`).
#[wasm_bindgen(js_name = clickHints)]
pub fn click_hints_js(position: &str, options: JsValue) -> Result<JsValue, JsError> {
    let options: PlayerOptions = if options.is_undefined() || options.is_null() {
        PlayerOptions::default()
    } else {
        from_js(options, "the player options")?
    };
    to_js(&click_hints_of_position(position, &options).map_err(ExportError::into_js)?)
}

/// Parses a position and gives its chord hints.
pub fn click_hints_of_position(
    position: &str,
    options: &PlayerOptions,
) -> Result<ClickHintsJson, ExportError> {
    let board = parse_position(position)?;
    let rule = match options.rule.as_deref() {
        None => FirstClickRule::Safe,
        Some(name) => FirstClickRule::from_name(name)
            .ok_or_else(|| ExportError::new(format!("unknown first-click rule {name:?}")))?,
    };
    let config = player_config(options, rule, board.len(), board.mines());
    let hints = mineseer_core::player::click_hints(&board, &config)?;
    Ok(ClickHintsJson::from_hints(&hints))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_flagged_mine_beside_two_safe_cells_is_a_chord_of_gain_one() {
        let view =
            click_hints_of_position("3x3x1\nHFH\n111\n000\n", &PlayerOptions::default()).unwrap();
        assert_eq!(
            view.chords,
            vec![mineseer_json::ChordHintJson {
                x: 1,
                y: 1,
                opens: 2,
                flags: 0,
                gain: 1
            }]
        );
        let next = view.next.unwrap();
        assert_eq!((next.x, next.y, next.action), (1, 1, "chord"));
    }

    #[test]
    fn bad_text_is_an_error() {
        assert!(click_hints_of_position("3x3x1\nHZH\n", &PlayerOptions::default()).is_err());
    }
}
