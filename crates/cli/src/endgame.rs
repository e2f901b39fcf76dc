//! `mineseer endgame`: the exact chance of winning under optimal play, and a best move (with
//! `--moves`, the win chance after each hidden cell); over the exact budget, an estimate by
//! rollouts (`crate::estimate`) unless `--exact-only`.

use std::path::PathBuf;
use std::time::Instant;

use anyhow::Result;
use mineseer_core::{solve_endgame, Cell, EndgameConfig, EndgameOutcome};
use serde::Serialize;

use crate::grid::percent_grid;

#[derive(Debug, clap::Args)]
pub struct Args {
    /// The position (`.mine` or `.inp`, told apart by content); `-` or nothing reads stdin.
    file: Option<PathBuf>,
    /// Print JSON instead of text.
    #[arg(long)]
    json: bool,
    /// The most consistent layouts to take on; above it the answer is "too large".
    #[arg(long, default_value_t = EndgameConfig::default().max_layouts)]
    max_layouts: u64,
    /// The most search nodes; above it the answer is "too large".
    #[arg(long, default_value_t = EndgameConfig::default().max_nodes)]
    max_nodes: u64,
    /// The most layout visits (each pass of the search over a set of layouts counts its
    /// size), a bound on the time that does not depend on the machine; none by default.
    #[arg(long)]
    max_visits: Option<u64>,
    /// How many moves deep the search bounds a move's parts before searching them (0: only
    /// the quick bound). Tuning: the answer is the same, only the time changes.
    #[arg(long, default_value_t = EndgameConfig::default().probe_plies)]
    probe_plies: u8,
    /// Leave out the bound of the easier game where everything outside a small group of
    /// cells is told (a box by a wall, a 50/50). Tuning: the answer is the same, only the time
    /// changes.
    #[arg(long)]
    no_group_bound: bool,
    /// Also the exact chance of winning after each hidden cell, revealed now and played
    /// optimally after: a grid of percentages, or `moves` in the JSON. Every move is then
    /// searched to its exact value, within the same budget.
    #[arg(long)]
    moves: bool,
    /// Estimate by rollouts even where the exact answer is possible (to check one against
    /// the other).
    #[arg(long, conflicts_with = "exact_only")]
    estimate: bool,
    /// Only the exact answer: over the budget, "too large" (and the best move found).
    #[arg(long)]
    exact_only: bool,
    #[command(flatten)]
    rollouts: crate::estimate::EstimateArgs,
}

#[derive(Serialize)]
struct Move {
    x: usize,
    y: usize,
}

#[derive(Serialize)]
struct Solved {
    kind: &'static str,
    solved: bool,
    win: f64,
    win_exact: String,
    /// `null` when every safe cell is already revealed.
    best: Option<Move>,
    /// The layout count as a number: the solver only takes on counts that fit.
    layouts: u64,
    nodes: u64,
    visits: u64,
    /// With `--moves`: every hidden, unflagged cell in board order with its win chance, or
    /// `null` when the budget ran out before every move was valued.
    #[serde(skip_serializing_if = "Option::is_none")]
    moves: Option<Option<Vec<MoveValue>>>,
    /// Wall time of the solver alone, in milliseconds.
    ms: f64,
}

#[derive(Serialize)]
struct MoveValue {
    x: usize,
    y: usize,
    win: f64,
    win_exact: String,
}

#[derive(Serialize)]
struct TooLarge {
    kind: &'static str,
    solved: bool,
    reason: String,
    /// The exact layout count, as a decimal string when it is beyond what JSON readers keep
    /// exactly, else as a number.
    layouts: serde_json::Value,
    nodes: u64,
    visits: u64,
    /// When the search was cut by its budget: the first move of the best strategy it had
    /// found, and what that strategy wins at least.
    #[serde(skip_serializing_if = "Option::is_none")]
    best_found: Option<BestFound>,
    ms: f64,
}

#[derive(Serialize)]
struct BestFound {
    x: usize,
    y: usize,
    win_at_least: f64,
    win_at_least_exact: String,
}

pub fn run(args: &Args) -> Result<()> {
    let board = crate::input::read_board(args.file.as_deref())?;
    if args.estimate {
        return crate::estimate::run(&board, &args.rollouts, "asked for (--estimate)", args.json);
    }
    let config = EndgameConfig {
        max_layouts: args.max_layouts,
        max_nodes: args.max_nodes,
        max_visits: args.max_visits.unwrap_or(u64::MAX),
        probe_plies: args.probe_plies,
        group_min_layouts: if args.no_group_bound {
            u64::MAX
        } else {
            EndgameConfig::default().group_min_layouts
        },
        move_values: args.moves,
        ..EndgameConfig::default()
    };
    let start = Instant::now();
    let endgame = solve_endgame(&board, &config)?;
    let ms = start.elapsed().as_secs_f64() * 1000.0;
    let layouts_text = endgame.layouts().to_string();
    match endgame.outcome() {
        EndgameOutcome::Solved { win, best_move } => {
            let report = Solved {
                kind: "exact",
                solved: true,
                win: win.to_f64(),
                win_exact: win.to_string(),
                best: best_move.map(|(x, y)| Move { x, y }),
                layouts: layouts_text.parse()?,
                nodes: endgame.nodes(),
                visits: endgame.visits(),
                moves: args.moves.then(|| {
                    endgame.move_values().map(|values| {
                        values
                            .iter()
                            .map(|&((x, y), ref win)| MoveValue {
                                x,
                                y,
                                win: win.to_f64(),
                                win_exact: win.to_string(),
                            })
                            .collect()
                    })
                }),
                ms,
            };
            if args.json {
                println!("{}", serde_json::to_string(&report)?);
            } else {
                match &report.moves {
                    Some(Some(moves)) => {
                        let mut values = moves.iter();
                        print!(
                            "{}",
                            percent_grid(&board, |idx| match board.cell(idx) {
                                Cell::Flag => 0.0,
                                _ => values.next().expect("one value a hidden cell").win,
                            })
                        );
                    }
                    Some(None) => println!(
                        "move values: the budget ran out before every move was valued \
                         (raise --max-nodes or --max-visits)"
                    ),
                    None => {}
                }
                let best = match best_move {
                    Some((x, y)) => format!("best move ({x},{y})"),
                    None => "already won: no move left".to_string(),
                };
                println!(
                    "win {} = {:.6}, {best}\n{} layouts, {} nodes, {ms:.3} ms",
                    report.win_exact, report.win, report.layouts, report.nodes
                );
            }
        }
        EndgameOutcome::TooLarge { what, limit } => {
            let reason = format!("too large to solve exactly: over {limit} {what}");
            if !args.exact_only {
                return crate::estimate::run(&board, &args.rollouts, &reason, args.json);
            }
            let layouts = match endgame.layouts().to_string().parse::<u64>() {
                Ok(n) if n < (1 << 53) => serde_json::Value::from(n),
                _ => serde_json::Value::from(layouts_text.clone()),
            };
            let report = TooLarge {
                kind: "too_large",
                solved: false,
                reason,
                layouts,
                nodes: endgame.nodes(),
                visits: endgame.visits(),
                best_found: endgame.cut_move().map(|((x, y), win)| BestFound {
                    x: *x,
                    y: *y,
                    win_at_least: win.to_f64(),
                    win_at_least_exact: win.to_string(),
                }),
                ms,
            };
            if args.json {
                println!("{}", serde_json::to_string(&report)?);
            } else {
                println!("{}", report.reason);
                if let Some(found) = &report.best_found {
                    println!(
                        "best move found ({},{}): wins at least {} = {:.6}",
                        found.x, found.y, found.win_at_least_exact, found.win_at_least
                    );
                }
                println!(
                    "{} layouts, {} nodes, {ms:.3} ms",
                    layouts_text, report.nodes
                );
            }
        }
    }
    Ok(())
}
