//! `mineseer analyze`: every hidden cell's exact mine probability.

use std::path::PathBuf;
use std::time::Instant;

use anyhow::Result;
use mineseer_core::{solve_board, Board, Cell, SolveConfig};
use serde::Serialize;

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
}

#[derive(Serialize)]
struct Report {
    width: usize,
    height: usize,
    mines: usize,
    /// The exact count of consistent layouts, as a decimal string (it outgrows any number
    /// type JSON readers have).
    solutions: String,
    cells: Vec<CellReport>,
    /// Wall time of the analysis alone, in milliseconds.
    ms: f64,
}

#[derive(Serialize)]
struct CellReport {
    x: usize,
    y: usize,
    p: f64,
    #[serde(skip_serializing_if = "Option::is_none")]
    exact: Option<String>,
}

pub fn run(args: &Args) -> Result<()> {
    let board = crate::input::read_board(args.file.as_deref())?;
    let start = Instant::now();
    let analysis = solve_board(&board, &SolveConfig::default())?;
    let ms = start.elapsed().as_secs_f64() * 1000.0;
    let cells: Vec<CellReport> = board
        .indices()
        .filter(|&idx| !matches!(board.cell(idx), Cell::Revealed(_)))
        .map(|idx| {
            let (x, y) = board.xy(idx);
            CellReport {
                x,
                y,
                p: analysis.probability(idx).unwrap_or(0.0),
                exact: args
                    .exact
                    .then(|| analysis.probability_exact(idx).map(|f| f.to_string()))
                    .flatten(),
            }
        })
        .collect();
    let report = Report {
        width: board.width(),
        height: board.height(),
        mines: board.mines(),
        solutions: analysis.solutions().to_string(),
        cells,
        ms,
    };
    if args.json {
        println!("{}", serde_json::to_string(&report)?);
    } else {
        print!("{}", render_grid(&board, &report));
    }
    Ok(())
}

/// A grid of four-character cells: numbers and flags as they are, hidden cells as a
/// percentage (`  0%` and `100%` are certain).
fn render_grid(board: &Board, report: &Report) -> String {
    let mut out = String::new();
    let mut p = report.cells.iter();
    for y in 0..board.height() {
        for x in 0..board.width() {
            let idx = board.idx(x, y).expect("in range");
            match board.cell(idx) {
                Cell::Revealed(n) => out.push_str(&format!("   {n}")),
                Cell::Flag => {
                    p.next();
                    out.push_str("   F");
                }
                _ => {
                    let cell = p.next().expect("one report per unrevealed cell");
                    out.push_str(&format!(" {:>2.0}%", cell.p * 100.0).replace(" 100%", "100%"));
                }
            }
        }
        out.push('\n');
    }
    out.push_str(&format!(
        "{} consistent layouts, analysed in {:.3} ms\n",
        report.solutions, report.ms
    ));
    out
}
