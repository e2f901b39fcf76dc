//! How the page asks for a game ([`GameOptions`]) and the core's settings they give: one module
//! below the `Game` handle and the bulk run, which both read them.

use mineseer_core::game::{FirstClickRule, GameConfig, GameMode, Preset};
use serde::Deserialize;

use crate::errors::ExportError;

/// How the page asks for a new game. Either `preset`, or `width`, `height` and `mines`.
#[derive(Debug, Clone, Default, PartialEq, Eq, Deserialize)]
#[serde(default, rename_all = "camelCase", deny_unknown_fields)]
pub struct GameOptions {
    /// `beginner`, `intermediate` or `expert`; overrides the size when given.
    pub preset: Option<String>,
    /// Columns (custom size).
    pub width: usize,
    /// Rows (custom size).
    pub height: usize,
    /// Mines (custom size).
    pub mines: usize,
    /// The first-click rule: `safe`, `opening` (the default), `none` or `noguess`.
    pub rule: Option<String>,
    /// The seed, as decimal text (a u64 does not fit a JS number); 0 when absent.
    pub seed: Option<String>,
    /// The training mode: `normal` (the default), `hardcore` or `fair`.
    pub mode: Option<String>,
}

impl GameOptions {
    /// The core's settings, with the seed and the rule, or a clear error naming the option at
    /// fault.
    pub fn config(&self) -> Result<(GameConfig, u64, FirstClickRule), ExportError> {
        let rule = match self.rule.as_deref() {
            None => FirstClickRule::Opening,
            Some(name) => FirstClickRule::from_name(name).ok_or_else(|| {
                ExportError::new(format!(
                    "unknown first-click rule {name:?}: safe, opening, none or noguess"
                ))
            })?,
        };
        let mode = match self.mode.as_deref() {
            None => GameMode::Normal,
            Some(name) => GameMode::from_name(name).ok_or_else(|| {
                ExportError::new(format!(
                    "unknown game mode {name:?}: normal, hardcore or fair"
                ))
            })?,
        };
        let seed = match self.seed.as_deref().map(str::trim) {
            None | Some("") => 0,
            Some(text) => text.parse::<u64>().map_err(|_| {
                ExportError::new(format!(
                    "the seed must be a whole number from 0 to {}, not {text:?}",
                    u64::MAX
                ))
            })?,
        };
        let config = match self.preset.as_deref() {
            Some(name) => {
                let preset = Preset::from_name(name).ok_or_else(|| {
                    ExportError::new(format!(
                        "unknown preset {name:?}: beginner, intermediate or expert"
                    ))
                })?;
                let (width, height, mines) = preset.dimensions();
                GameConfig::new(width, height, mines, rule, seed)?
            }
            None => GameConfig::new(self.width, self.height, self.mines, rule, seed)?,
        };
        Ok((config.with_mode(mode), seed, rule))
    }
}
