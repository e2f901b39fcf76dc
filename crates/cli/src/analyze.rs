//! `mineseer analyze`: every hidden cell's exact mine probability, and with `--json` the
//! analysis depth: number chances, certain cells, dead tiles and forced guesses.

use std::path::PathBuf;
use std::time::Instant;

use anyhow::Result;
use mineseer_core::dead::{dead_cells, forced_guesses};
use mineseer_core::deductions::{certain_cells, Certainty};
use mineseer_core::engine::approximate::estimate_board;
use mineseer_core::game::FirstClickRule;
use mineseer_core::player::{click_hints, Level, PlayerConfig};
use mineseer_core::values::{solve_board_with_chances, BoardChances};
use mineseer_core::{solve_board, Analysis, Board, Cell, SolveConfig, SolveErrorKind};
use mineseer_json::ClickHintsJson;
use serde::Serialize;

use crate::grid::percent_grid;

#[derive(Debug, clap::Args)]
pub struct Args {
    /// The position (`.mine` or `.inp`, told apart by content); `-` or nothing reads stdin.
    file: Option<PathBuf>,
    /// Print JSON instead of a grid.
    #[arg(long)]
    json: bool,
    /// Include each probability as an exact reduced fraction.
    #[arg(long)]
    exact: bool,
    /// With `--json`, leave out the analysis depth (number chances, certain cells, dead
    /// tiles, forced guesses), which costs several times the probabilities alone.
    #[arg(long)]
    no_depth: bool,
    /// Add the chord hints: each number where flagging its certain mines and chording saves
    /// clicks, with the clicks saved, and the efficient play style's next click (`--json`:
    /// `clicks`).
    #[arg(long)]
    clicks: bool,
}

#[derive(Serialize)]
struct Report {
    width: usize,
    height: usize,
    mines: usize,
    /// The exact count of consistent layouts, as a decimal string (it outgrows any number
    /// type JSON readers have); `null` for an estimate.
    solutions: Option<String>,
    /// Present and true when the position was over the exact engine's budget and the
    /// probabilities are a floating-point estimate (about 15 significant digits).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    approximate: bool,
    /// `log2` of the number of consistent layouts, for an estimate.
    #[serde(skip_serializing_if = "Option::is_none")]
    solutions_log2: Option<f64>,
    cells: Vec<CellReport>,
    /// Groups of cells no reveal outside them can ever tell apart, as lists of cells.
    #[serde(skip_serializing_if = "Option::is_none")]
    fifty_fifties: Option<Vec<Vec<Xy>>>,
    /// For each group, the chance that a guess at its safest cell survives.
    #[serde(skip_serializing_if = "Option::is_none")]
    fifty_fifty_safe_chances: Option<Vec<f64>>,
    /// Wall time of the probabilities, in milliseconds; with the analysis depth, of the
    /// probabilities and number chances together (one enumeration gives both).
    ms: f64,
    /// Wall time of the rest of the analysis depth (certain cells, dead tiles, forced
    /// guesses; and the number chances when they had to be computed on their own), in
    /// milliseconds.
    #[serde(skip_serializing_if = "Option::is_none")]
    depth_ms: Option<f64>,
    /// Why the analysis depth is missing, when it failed.
    #[serde(skip_serializing_if = "Option::is_none")]
    depth_error: Option<String>,
    /// With `--clicks`: the chord hints.
    #[serde(skip_serializing_if = "Option::is_none")]
    clicks: Option<ClickHintsJson>,
}

/// The chord hints of `board` and the efficient style's next click (`--clicks`).
fn clicks_report(board: &Board) -> Result<ClickHintsJson> {
    let config = PlayerConfig::new(Level::Full, FirstClickRule::Safe)
        .tuned_for_density(board.len(), board.mines());
    Ok(ClickHintsJson::from_hints(&click_hints(board, &config)?))
}

#[derive(Serialize)]
struct Xy {
    x: usize,
    y: usize,
}

#[derive(Serialize)]
struct CellReport {
    x: usize,
    y: usize,
    p: f64,
    #[serde(skip_serializing_if = "Option::is_none")]
    exact: Option<String>,
    /// The chance of each number 0..=8 if revealed, given the cell is safe; left out for
    /// flags and certain mines.
    #[serde(skip_serializing_if = "Option::is_none")]
    values: Option<[f64; 9]>,
    /// The same as exact reduced fractions, with `--exact`.
    #[serde(skip_serializing_if = "Option::is_none")]
    values_exact: Option<Vec<String>>,
    /// The chance of a zero (an opening), given the cell is safe.
    #[serde(skip_serializing_if = "Option::is_none")]
    zero: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    certain: Option<&'static str>,
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    dead: bool,
}

/// The analysis depth of a position.
struct Depth {
    chances: BoardChances,
    certain: mineseer_core::deductions::Deductions,
    dead: Vec<bool>,
    groups: Vec<mineseer_core::dead::ForcedGuess>,
}

/// The rest of the analysis depth, once the number chances are known.
fn depth_from_chances(
    board: &Board,
    analysis: &Analysis,
    chances: BoardChances,
    config: &SolveConfig,
) -> Result<Depth> {
    let mut dead = vec![false; board.len()];
    for idx in dead_cells(&chances) {
        dead[idx.get()] = true;
    }
    let certain = certain_cells(board, analysis);
    let groups = forced_guesses(board, analysis, config)?;
    Ok(Depth {
        chances,
        certain,
        dead,
        groups,
    })
}

pub fn run(args: &Args) -> Result<()> {
    let board = crate::input::read_board(args.file.as_deref())?;
    let config = SolveConfig::default();
    let with_depth = args.json && !args.no_depth;
    let start = Instant::now();
    // With the depth asked for, one enumeration of each front gives both the probabilities
    // and the number chances. Over budget in the probabilities falls back to the estimate;
    // over budget in the number chances leaves the probabilities with the reason the depth is
    // missing.
    let solved = if with_depth {
        solve_board_with_chances(&board, &config).map(|(analysis, c)| (analysis, Some(c)))
    } else {
        solve_board(&board, &config).map(|analysis| (analysis, None))
    };
    let (analysis, chances) = match solved {
        Ok(solved) => solved,
        Err(e) if matches!(e.kind(), SolveErrorKind::TooComplex { .. }) => {
            return run_estimate(args, &board, &config, &e.to_string())
        }
        Err(e) => return Err(e.into()),
    };
    let ms = start.elapsed().as_secs_f64() * 1000.0;
    // The grid shows probabilities only, so it skips the depth and stays as fast as before.
    // The depth can run out of budget where the probabilities did not (it keeps more boxes
    // open); the probabilities are still worth printing, with the reason the depth is missing.
    let (depth, depth_ms, depth_error) = if let Some(chances) = chances {
        let start = Instant::now();
        let depth = chances
            .map_err(anyhow::Error::from)
            .and_then(|chances| depth_from_chances(&board, &analysis, chances, &config));
        match depth {
            Ok(depth) => (
                Some(depth),
                Some(start.elapsed().as_secs_f64() * 1000.0),
                None,
            ),
            Err(err) => (None, None, Some(format!("{err:#}"))),
        }
    } else {
        (None, None, None)
    };
    let cells: Vec<CellReport> = board
        .indices()
        .filter(|&idx| !matches!(board.cell(idx), Cell::Revealed(_)))
        .map(|idx| {
            let (x, y) = board.xy(idx);
            let chances = depth.as_ref().and_then(|d| d.chances.get(idx));
            CellReport {
                x,
                y,
                p: analysis.probability(idx).unwrap_or(0.0),
                exact: args
                    .exact
                    .then(|| analysis.probability_exact(idx).map(|f| f.to_string()))
                    .flatten(),
                values: chances.map(|c| c.chances()),
                values_exact: chances
                    .filter(|_| args.exact)
                    .map(|c| (0..9).map(|n| c.chance_exact(n).to_string()).collect()),
                zero: chances.map(|c| c.zero_chance_exact().to_f64()),
                certain: depth
                    .as_ref()
                    .and_then(|d| d.certain.certainty(idx))
                    .map(|c| match c {
                        Certainty::Safe => "safe",
                        Certainty::Mine => "mine",
                    }),
                dead: depth.as_ref().is_some_and(|d| d.dead[idx.get()]),
            }
        })
        .collect();
    let xy = |idx| {
        let (x, y) = board.xy(idx);
        Xy { x, y }
    };
    let report = Report {
        width: board.width(),
        height: board.height(),
        mines: board.mines(),
        solutions: Some(analysis.solutions().to_string()),
        approximate: false,
        solutions_log2: None,
        cells,
        fifty_fifties: depth.as_ref().map(|d| {
            d.groups
                .iter()
                .map(|g| g.cells().iter().map(|&c| xy(c)).collect())
                .collect()
        }),
        fifty_fifty_safe_chances: depth.as_ref().map(|d| {
            d.groups
                .iter()
                .map(|g| g.best_safe_chance().to_f64())
                .collect()
        }),
        ms,
        depth_ms,
        depth_error,
        clicks: args.clicks.then(|| clicks_report(&board)).transpose()?,
    };
    print_report(args, &board, &report)
}

/// The floating-point estimate, for a position over the exact engine's budget: the same
/// report, probabilities only, labelled approximate (and said so on stderr).
fn run_estimate(args: &Args, board: &Board, config: &SolveConfig, why: &str) -> Result<()> {
    eprintln!("mineseer: {why}; showing a floating-point estimate instead");
    let start = Instant::now();
    let estimate = estimate_board(board, config)?;
    let ms = start.elapsed().as_secs_f64() * 1000.0;
    let cells = board
        .indices()
        .filter(|&idx| !matches!(board.cell(idx), Cell::Revealed(_)))
        .map(|idx| {
            let (x, y) = board.xy(idx);
            CellReport {
                x,
                y,
                p: estimate.probability(idx).unwrap_or(0.0),
                exact: None,
                values: None,
                values_exact: None,
                zero: None,
                certain: None,
                dead: false,
            }
        })
        .collect();
    let report = Report {
        width: board.width(),
        height: board.height(),
        mines: board.mines(),
        solutions: None,
        approximate: true,
        solutions_log2: Some(estimate.log2_solutions()),
        cells,
        fifty_fifties: None,
        fifty_fifty_safe_chances: None,
        ms,
        depth_ms: None,
        depth_error: None,
        // The chord hints need certain cells, which only the exact engine proves.
        clicks: None,
    };
    print_report(args, board, &report)
}

fn print_report(args: &Args, board: &Board, report: &Report) -> Result<()> {
    if args.json {
        println!("{}", serde_json::to_string(report)?);
    } else {
        print!("{}", render_grid(board, report));
    }
    Ok(())
}

/// The probabilities as a grid ([`percent_grid`]), then the layout count and the time.
fn render_grid(board: &Board, report: &Report) -> String {
    let mut p = report.cells.iter();
    let mut out = percent_grid(board, |_| {
        p.next().expect("one report per unrevealed cell").p
    });
    let layouts = match (&report.solutions, report.solutions_log2) {
        (Some(exact), _) => format!("{exact} consistent layouts"),
        (None, Some(log2)) => format!("about 2^{log2:.1} consistent layouts (approximate)"),
        (None, None) => "consistent layouts unknown".to_string(),
    };
    out.push_str(&format!("{layouts}, analysed in {:.3} ms\n", report.ms));
    if let Some(clicks) = &report.clicks {
        for c in &clicks.chords {
            out.push_str(&format!(
                "chord ({}, {}): +{} ({} flags, opens {})\n",
                c.x, c.y, c.gain, c.flags, c.opens
            ));
        }
        match &clicks.next {
            Some(n) => out.push_str(&format!(
                "next click (efficient): {} ({}, {})\n",
                n.action, n.x, n.y
            )),
            None => out.push_str("next click (efficient): none\n"),
        }
    }
    out
}
