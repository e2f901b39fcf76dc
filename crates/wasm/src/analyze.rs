//! `solveBoard`: the exact analysis of a position, converted for the page.
//!
//! A position over the exact engine's budget is not an error: the analysis falls back to the
//! core's floating-point estimate ([`mineseer_core::engine::approximate`]) and says so with
//! `approximate: true`. Such an answer carries probabilities only (no solution count, exact
//! fractions, certainty, number chances, dead tiles or forced guesses), because each of those
//! needs the exact counts.

use mineseer_core::dead::{dead_cells, forced_guesses};
use mineseer_core::engine::approximate::estimate_board;
use mineseer_core::formats::parse_position;
use mineseer_core::values::solve_board_with_chances;
use mineseer_core::{solve_board, Board, Cell, SolveConfig, SolveErrorKind};
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
    /// Include each cell's number chances (and so the dead cells).
    pub number_chances: bool,
    /// Look for forced guesses (50/50 pairs and their kin).
    pub forced_guesses: bool,
    /// The most probability lines one front may have alive at once (the core's budget).
    pub max_lines: Option<usize>,
    /// Fall back to the floating-point estimate when the exact analysis is over budget (on by
    /// default). Off, the "too large" error is thrown instead (`tests/measure-budget.mjs`
    /// times the exact engine alone that way).
    pub approximate: bool,
}

impl Default for AnalyzeOptions {
    fn default() -> AnalyzeOptions {
        AnalyzeOptions {
            exact: true,
            number_chances: true,
            forced_guesses: true,
            max_lines: None,
            approximate: true,
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
    /// True when the exact analysis was over budget and these are floating-point estimates.
    pub approximate: bool,
    /// Why the exact analysis was not run (the core's "too large" message), when approximate.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub approximate_reason: Option<String>,
    /// The exact number of consistent layouts, in decimal (it outgrows JS numbers); `None`
    /// (JS `null`) when approximate.
    pub solutions: Option<String>,
    /// `log2` of the number of consistent layouts, in floating point (always present).
    pub solutions_log2: f64,
    /// Every unrevealed cell (hidden or flagged), in row-major order.
    pub cells: Vec<CellAnalysis>,
    /// The forced guesses (50/50 pairs and the like): groups of cells, each `[x, y]`, that no
    /// reveal outside the group can ever tell apart. Empty when not asked for.
    pub fifty_fifty: Vec<Vec<(usize, usize)>>,
}

/// One unrevealed cell of a [`BoardAnalysis`].
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct CellAnalysis {
    /// Column.
    pub x: usize,
    /// Row.
    pub y: usize,
    /// The mine probability: the nearest `f64` to the exact value, or the floating-point
    /// estimate when the analysis is approximate.
    pub p: f64,
    /// The exact mine probability as a reduced fraction `a/b`, when asked for.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub exact: Option<String>,
    /// Whether the cell is certainly safe, certainly a mine, or neither. Always `Unknown` in an
    /// approximate analysis: floats cannot prove a certainty.
    pub certainty: Certainty,
    /// True for a flag the player placed.
    pub flagged: bool,
    /// The chance of each number 0 to 8 if the cell is safe; absent when not asked for, or
    /// for flags and certain mines.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub values: Option<[f64; 9]>,
    /// The chance that the cell shows 0 if it is safe (the "zero %" display).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub zero: Option<f64>,
    /// A dead tile (see `mineseer_core::dead`): not certain, and it shows the same number in
    /// every layout where it is safe, so revealing it teaches nothing.
    pub dead: bool,
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
    // With number chances asked for, one enumeration of each front gives both them and the
    // probabilities. Over budget in the probabilities falls back to the estimate; over
    // budget in the number chances is an error.
    let solved = if options.number_chances {
        solve_board_with_chances(board, &config).map(|(analysis, c)| (analysis, Some(c)))
    } else {
        solve_board(board, &config).map(|analysis| (analysis, None))
    };
    let (analysis, chances) = match solved {
        Ok(solved) => solved,
        Err(err)
            if options.approximate && matches!(err.kind(), SolveErrorKind::TooComplex { .. }) =>
        {
            return estimate(board, &config, err.to_string());
        }
        Err(err) => return Err(err.into()),
    };
    let chances = chances.transpose()?;
    let mut dead = vec![false; board.len()];
    for idx in chances.as_ref().map(dead_cells).unwrap_or_default() {
        dead[idx.get()] = true;
    }
    let fifty_fifty = if options.forced_guesses {
        forced_guesses(board, &analysis, &config)?
            .iter()
            .map(|group| group.cells().iter().map(|&idx| board.xy(idx)).collect())
            .collect()
    } else {
        Vec::new()
    };
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
            let cell_chances = chances.as_ref().and_then(|all| all.get(idx));
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
                values: cell_chances.map(|c| c.chances()),
                zero: cell_chances.map(|c| c.zero_chance_exact().to_f64()),
                dead: certainty == Certainty::Unknown && dead[idx.get()],
            }
        })
        .collect();
    Ok(BoardAnalysis {
        width: board.width(),
        height: board.height(),
        mines: board.mines(),
        approximate: false,
        approximate_reason: None,
        solutions: Some(analysis.solutions().to_string()),
        solutions_log2: log2_of_decimal(&analysis.solutions().to_string()),
        cells,
        fifty_fifty,
    })
}

/// The floating-point fallback for a board over the exact budget: probabilities only.
fn estimate(
    board: &Board,
    config: &SolveConfig,
    reason: String,
) -> Result<BoardAnalysis, ExportError> {
    let estimate = estimate_board(board, config)?;
    let cells = board
        .indices()
        .filter(|&idx| !matches!(board.cell(idx), Cell::Revealed(_)))
        .map(|idx| {
            let (x, y) = board.xy(idx);
            CellAnalysis {
                x,
                y,
                p: estimate.probability(idx).unwrap_or(0.0),
                exact: None,
                certainty: Certainty::Unknown,
                flagged: board.cell(idx) == Cell::Flag,
                values: None,
                zero: None,
                dead: false,
            }
        })
        .collect();
    Ok(BoardAnalysis {
        width: board.width(),
        height: board.height(),
        mines: board.mines(),
        approximate: true,
        approximate_reason: Some(reason),
        solutions: None,
        solutions_log2: estimate.log2_solutions(),
        cells,
        fifty_fifty: Vec::new(),
    })
}

/// `log2` of a non-negative integer written in decimal, from its leading digits and length
/// (exact counts can have thousands of digits, far past `f64`'s range).
fn log2_of_decimal(digits: &str) -> f64 {
    let lead = &digits[..digits.len().min(17)];
    let mantissa: f64 = lead.parse().unwrap_or(0.0);
    let rest = (digits.len() - lead.len()) as f64;
    mantissa.log2() + rest * std::f64::consts::LOG2_10
}

#[cfg(test)]
mod tests {
    use super::*;
    use mineseer_core::synthetic::striped_position as striped;

    #[test]
    fn a_one_beside_two_cells_splits_evenly() {
        let analysis = analyze_position("3x1x1\nH1H\n", &AnalyzeOptions::default()).unwrap();
        assert_eq!(analysis.solutions.as_deref(), Some("2"));
        assert!(!analysis.approximate);
        assert_eq!(analysis.solutions_log2, 1.0);
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
    fn number_chances_and_dead_cells() {
        // The mine is in the bottom row; whichever bottom cell is safe touches it and shows 1,
        // so both cells can show only one number: dead.
        let analysis = analyze_position("2x2x1\n11\nHH\n", &AnalyzeOptions::default()).unwrap();
        for cell in &analysis.cells {
            let values = cell.values.unwrap();
            assert_eq!(values[1], 1.0, "{cell:?}");
            assert_eq!(cell.zero, Some(0.0));
            assert!(cell.dead, "{cell:?}");
        }
        assert_eq!(
            analysis.fifty_fifty,
            vec![vec![(0, 1), (1, 1)]],
            "a 50/50 pair"
        );
        let none = AnalyzeOptions {
            number_chances: false,
            forced_guesses: false,
            ..AnalyzeOptions::default()
        };
        let analysis = analyze_position("2x2x1\n11\nHH\n", &none).unwrap();
        assert!(analysis.cells.iter().all(|c| c.values.is_none() && !c.dead));
        assert!(analysis.fifty_fifty.is_empty());
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

    #[test]
    fn over_the_budget_the_answer_is_an_explicit_estimate() {
        let board = striped(200, 7);
        assert!(
            solve_board(&board, &SolveConfig::default()).is_err(),
            "over budget"
        );
        let analysis = analyze_board(&board, &AnalyzeOptions::default()).unwrap();
        assert!(analysis.approximate);
        assert!(analysis
            .approximate_reason
            .as_deref()
            .unwrap()
            .contains("too large to solve exactly"));
        assert_eq!(analysis.solutions, None);
        assert!(analysis.fifty_fifty.is_empty());
        let hidden = board
            .indices()
            .filter(|&i| !matches!(board.cell(i), Cell::Revealed(_)))
            .count();
        assert_eq!(analysis.cells.len(), hidden);
        for cell in &analysis.cells {
            assert!((0.0..=1.0).contains(&cell.p), "{cell:?}");
            assert!(cell.exact.is_none() && cell.values.is_none() && !cell.dead);
            assert_eq!(cell.certainty, Certainty::Unknown);
        }
        // Every layout has exactly `mines` mines, so the probabilities sum to that.
        let sum: f64 = analysis.cells.iter().map(|c| c.p).sum();
        assert!(
            (sum - board.mines() as f64).abs() < 1e-6 * board.mines() as f64,
            "{sum}"
        );
        assert!(analysis.solutions_log2 > 1000.0);
        let exact_only = AnalyzeOptions {
            approximate: false,
            ..AnalyzeOptions::default()
        };
        let refused = analyze_board(&board, &exact_only).unwrap_err();
        assert!(refused.message().contains("too large to solve exactly"));
    }

    #[test]
    fn within_the_budget_the_answer_stays_exact() {
        let board = striped(30, 11);
        let analysis = analyze_board(&board, &AnalyzeOptions::default()).unwrap();
        assert!(!analysis.approximate);
        let exact = solve_board(&board, &SolveConfig::default()).unwrap();
        assert_eq!(analysis.solutions, Some(exact.solutions().to_string()));
        assert!((analysis.solutions_log2 - exact.solutions().bits() as f64).abs() <= 1.0);
    }
}
