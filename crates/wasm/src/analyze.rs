//! `solveBoard`: the exact analysis of a position, converted for the page.

use mineseer_core::formats::parse_position;
use mineseer_core::{solve_board, Board, Cell, SolveConfig};
use num_traits::Zero;
use serde::{Deserialize, Serialize};
use wasm_bindgen::prelude::*;

use crate::errors::{from_js, to_js, ExportError};

/// What the page may ask of an analysis. Every field is optional on the JS side.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(default, rename_all = "camelCase", deny_unknown_fields)]
pub struct AnalyzeOptions {
    /// Include each probability as an exact reduced fraction. Off for huge boards, where the
    /// fractions have thousands of digits each.
    pub exact: bool,
    /// The most probability lines one front may have alive at once (the core's budget).
    pub max_lines: Option<usize>,
}

impl Default for AnalyzeOptions {
    fn default() -> AnalyzeOptions {
        AnalyzeOptions {
            exact: true,
            max_lines: None,
        }
    }
}

/// The analysis of a position, as the page receives it.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct BoardAnalysis {
    /// Columns.
    pub width: usize,
    /// Rows.
    pub height: usize,
    /// Mines on the board, flagged or not.
    pub mines: usize,
    /// The exact number of consistent layouts, in decimal (it outgrows JS numbers).
    pub solutions: String,
    /// Every unrevealed cell (hidden or flagged), in row-major order.
    pub cells: Vec<CellAnalysis>,
}

/// One unrevealed cell of a [`BoardAnalysis`].
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct CellAnalysis {
    /// Column.
    pub x: usize,
    /// Row.
    pub y: usize,
    /// The mine probability, the nearest `f64` to the exact value.
    pub p: f64,
    /// The exact mine probability as a reduced fraction `a/b`, when asked for.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub exact: Option<String>,
    /// Whether the cell is certainly safe, certainly a mine, or neither.
    pub certainty: Certainty,
    /// True for a flag the player placed.
    pub flagged: bool,
}

/// What is certain about a cell. Decided on the exact counts, never on the rounded `p`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub enum Certainty {
    /// A mine in no consistent layout.
    Safe,
    /// A mine in every consistent layout.
    Mine,
    /// A mine in some layouts only.
    Unknown,
}

/// The JS export: `solveBoard(positionText, options?)`. Throws with the core's message when
/// the text is not a position or the position has no consistent layout.
#[wasm_bindgen(js_name = solveBoard)]
pub fn solve_board_js(position: &str, options: JsValue) -> Result<JsValue, JsError> {
    let options: AnalyzeOptions = if options.is_undefined() || options.is_null() {
        AnalyzeOptions::default()
    } else {
        from_js(options, "the analysis options")?
    };
    let analysis = analyze_position(position, &options).map_err(ExportError::into_js)?;
    to_js(&analysis)
}

/// Parses a `.mine` or `.inp` position and analyses it.
pub fn analyze_position(
    position: &str,
    options: &AnalyzeOptions,
) -> Result<BoardAnalysis, ExportError> {
    let board = parse_position(position)?;
    analyze_board(&board, options)
}

/// Analyses a board.
pub fn analyze_board(
    board: &Board,
    options: &AnalyzeOptions,
) -> Result<BoardAnalysis, ExportError> {
    let mut config = SolveConfig::default();
    if let Some(max_lines) = options.max_lines {
        config.max_lines = max_lines;
    }
    let analysis = solve_board(board, &config)?;
    let cells = board
        .indices()
        .filter(|&idx| !matches!(board.cell(idx), Cell::Revealed(_)))
        .map(|idx| {
            let (x, y) = board.xy(idx);
            let mine_layouts = analysis.mine_layouts(idx);
            let certainty = if mine_layouts.is_zero() {
                Certainty::Safe
            } else if &mine_layouts == analysis.solutions() {
                Certainty::Mine
            } else {
                Certainty::Unknown
            };
            CellAnalysis {
                x,
                y,
                p: analysis.probability(idx).unwrap_or(0.0),
                exact: options
                    .exact
                    .then(|| analysis.probability_exact(idx).map(|f| f.to_string()))
                    .flatten(),
                certainty,
                flagged: board.cell(idx) == Cell::Flag,
            }
        })
        .collect();
    Ok(BoardAnalysis {
        width: board.width(),
        height: board.height(),
        mines: board.mines(),
        solutions: analysis.solutions().to_string(),
        cells,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_one_beside_two_cells_splits_evenly() {
        let analysis = analyze_position("3x1x1\nH1H\n", &AnalyzeOptions::default()).unwrap();
        assert_eq!(analysis.solutions, "2");
        let exact: Vec<_> = analysis
            .cells
            .iter()
            .map(|c| c.exact.clone().unwrap())
            .collect();
        assert_eq!(exact, ["1/2", "1/2"]);
        assert!(analysis
            .cells
            .iter()
            .all(|c| c.certainty == Certainty::Unknown));
    }

    #[test]
    fn certainty_comes_from_exact_counts() {
        let analysis = analyze_position("3x1x1\n1HH\n", &AnalyzeOptions::default()).unwrap();
        let certainty: Vec<_> = analysis.cells.iter().map(|c| c.certainty).collect();
        assert_eq!(certainty, [Certainty::Mine, Certainty::Safe]);
    }

    #[test]
    fn bad_text_keeps_the_core_message() {
        let err = analyze_position("3x1x1\nHZH\n", &AnalyzeOptions::default()).unwrap_err();
        assert!(
            err.message().starts_with("line 2, column 2: unknown cell"),
            "{}",
            err.message()
        );
        let impossible = analyze_position("2x1x1\n2H\n", &AnalyzeOptions::default()).unwrap_err();
        assert!(
            impossible.message().contains("no consistent layout")
                || impossible.message().contains("shows 2"),
            "{}",
            impossible.message()
        );
    }
}
