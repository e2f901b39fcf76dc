//! `solveEndgame`: the exact win chance under optimal play and a best move, converted for the
//! page. "Too large" is an answer (with the limit that ran out), not an exception.

use mineseer_core::formats::parse_position;
use mineseer_core::{solve_endgame, EndgameConfig, EndgameOutcome};
use serde::{Deserialize, Serialize};
use wasm_bindgen::prelude::*;

use crate::errors::{from_js, to_js, ExportError};

/// The endgame budget the page may set. Every field is optional on the JS side; the core's
/// defaults apply to the rest.
#[derive(Debug, Clone, Default, PartialEq, Eq, Deserialize)]
#[serde(default, rename_all = "camelCase", deny_unknown_fields)]
pub struct EndgameOptions {
    /// The most layouts the solver takes on.
    pub max_layouts: Option<u64>,
    /// The most search nodes.
    pub max_nodes: Option<u64>,
    /// The most layout visits (each pass of the search over a set of layouts counts its
    /// size): a bound on the time that nodes alone do not give.
    pub max_visits: Option<u64>,
    /// Also value every hidden cell: the win chance after revealing it now
    /// ([`EndgameResult::moves`]).
    pub move_values: Option<bool>,
    /// The most layout visits the move values may add once the position is solved.
    pub move_values_max_visits: Option<u64>,
}

/// The endgame answer, as the page receives it.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct EndgameResult {
    /// Whether the position was solved within the budget.
    pub solved: bool,
    /// The win chance under optimal play, nearest `f64`; absent when too large.
    pub win_chance: Option<f64>,
    /// The exact win chance as a reduced fraction `a/b`; absent when too large.
    pub win_chance_exact: Option<String>,
    /// A move achieving the win chance; absent when too large or already won.
    pub best_move: Option<CellRef>,
    /// The exact number of consistent layouts, in decimal.
    pub layouts: String,
    /// Search nodes expanded.
    pub nodes: u64,
    /// Layout visits of the search.
    pub visits: u64,
    /// Why the position was not solved, in words; absent when solved.
    pub reason: Option<String>,
    /// When the search was cut by its budget: the first move of the best strategy it had
    /// found, and what that strategy wins (a lower bound on the win chance).
    pub best_found: Option<BestFound>,
    /// When `moveValues` asked for them and the budget allowed: every hidden, unflagged cell
    /// in board order with the win chance after revealing it now and playing best after.
    pub moves: Option<Vec<MoveWin>>,
}

/// One move's exact win chance.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct MoveWin {
    /// Column.
    pub x: usize,
    /// Row.
    pub y: usize,
    /// The win chance, nearest `f64`.
    pub win: f64,
    /// The same as a reduced fraction `a/b`.
    pub win_exact: String,
}

/// The best move a cut search knew, with the win chance it reaches at least.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct BestFound {
    /// Column.
    pub x: usize,
    /// Row.
    pub y: usize,
    /// The win chance of the strategy it starts, nearest `f64`.
    pub win_at_least: f64,
    /// The same as a reduced fraction `a/b`.
    pub win_at_least_exact: String,
}

/// A cell, by column and row.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct CellRef {
    /// Column.
    pub x: usize,
    /// Row.
    pub y: usize,
}

/// The JS export: `solveEndgame(positionText, options?)`. Throws on a bad or impossible
/// position; a position over the budget answers `{solved: false, reason}`.
#[wasm_bindgen(js_name = solveEndgame)]
pub fn solve_endgame_js(position: &str, options: JsValue) -> Result<JsValue, JsError> {
    let options: EndgameOptions = if options.is_undefined() || options.is_null() {
        EndgameOptions::default()
    } else {
        from_js(options, "the endgame options")?
    };
    to_js(&endgame_of_position(position, &options).map_err(ExportError::into_js)?)
}

/// Parses a position and solves its endgame.
pub fn endgame_of_position(
    position: &str,
    options: &EndgameOptions,
) -> Result<EndgameResult, ExportError> {
    let board = parse_position(position)?;
    let mut config = EndgameConfig::default();
    if let Some(max_layouts) = options.max_layouts {
        config.max_layouts = max_layouts;
    }
    if let Some(max_nodes) = options.max_nodes {
        config.max_nodes = max_nodes;
    }
    if let Some(max_visits) = options.max_visits {
        config.max_visits = max_visits;
    }
    config.move_values = options.move_values.unwrap_or(false);
    if let Some(max_visits) = options.move_values_max_visits {
        config.move_values_max_visits = max_visits;
    }
    let endgame = solve_endgame(&board, &config)?;
    let reason = match endgame.outcome() {
        EndgameOutcome::Solved { .. } => None,
        EndgameOutcome::TooLarge { what, limit } => {
            Some(format!("too large to solve exactly: over {limit} {what}"))
        }
    };
    Ok(EndgameResult {
        solved: endgame.is_solved(),
        win_chance: endgame.win_f64(),
        win_chance_exact: endgame.win().map(ToString::to_string),
        best_move: endgame.best_move().map(|(x, y)| CellRef { x, y }),
        layouts: endgame.layouts().to_string(),
        nodes: endgame.nodes(),
        visits: endgame.visits(),
        reason,
        best_found: endgame.cut_move().map(|&((x, y), ref win)| BestFound {
            x,
            y,
            win_at_least: win.to_f64(),
            win_at_least_exact: win.to_string(),
        }),
        moves: endgame.move_values().map(|values| {
            values
                .iter()
                .map(|&((x, y), ref win)| MoveWin {
                    x,
                    y,
                    win: win.to_f64(),
                    win_exact: win.to_string(),
                })
                .collect()
        }),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_forced_guess_is_half() {
        // One mine under one of two cells that no number tells apart.
        let result = endgame_of_position("3x1x1\nH1H\n", &EndgameOptions::default()).unwrap();
        assert!(result.solved);
        assert_eq!(result.win_chance_exact.as_deref(), Some("1/2"));
        assert_eq!(result.layouts, "2");
        let best = result.best_move.unwrap();
        assert!(best == CellRef { x: 0, y: 0 } || best == CellRef { x: 2, y: 0 });
        assert_eq!(result.moves, None, "not asked for");
    }

    #[test]
    fn move_values_name_every_hidden_cell() {
        // Two mines among three hidden cells: the 1 puts one of them under (0,0) or (2,0), a
        // 50/50, so the other is under (3,0) for certain.
        let options = EndgameOptions {
            move_values: Some(true),
            ..EndgameOptions::default()
        };
        let result = endgame_of_position("4x1x2\nH1HH\n", &options).unwrap();
        let moves: Vec<(usize, usize, String)> = result
            .moves
            .unwrap()
            .into_iter()
            .map(|m| (m.x, m.y, m.win_exact))
            .collect();
        let half = "1/2".to_string();
        assert_eq!(
            moves,
            [
                (0, 0, half.clone()),
                (2, 0, half),
                (3, 0, "0/1".to_string())
            ]
        );
    }

    #[test]
    fn over_budget_is_an_answer() {
        let options = EndgameOptions {
            max_layouts: Some(1),
            ..EndgameOptions::default()
        };
        let result = endgame_of_position("3x1x1\nH1H\n", &options).unwrap();
        assert!(!result.solved);
        assert!(result.reason.unwrap().starts_with("too large"));
        assert_eq!(result.win_chance, None);
        assert_eq!(result.best_found, None);
    }

    /// A search cut by its visits names the first move of the best strategy it had found,
    /// with a win chance no higher than the position's.
    #[test]
    fn a_cut_search_names_the_best_move_found() {
        // 5,418 layouts, where the tuned expert player guessed.
        let position = include_str!("../../core/tests/positions/expert-guess-5418.mine");
        let solved = endgame_of_position(position, &EndgameOptions::default()).unwrap();
        assert!(solved.solved);
        assert_eq!(solved.best_found, None);
        let options = EndgameOptions {
            max_visits: Some(1_000_000),
            ..EndgameOptions::default()
        };
        let cut = endgame_of_position(position, &options).unwrap();
        assert!(!cut.solved);
        assert!(cut.reason.unwrap().ends_with("over 1000000 layout visits"));
        assert!(cut.visits > 1_000_000);
        let found = cut.best_found.expect("a strategy at the root");
        assert!(found.win_at_least > 0.0);
        assert!(found.win_at_least <= solved.win_chance.unwrap());
        assert!(found.x < 30 && found.y < 16);
    }
}
