//! `mineseer generate`: seeded boards as `.mine` text (mines as `M`), with the time each took.
//!
//! Board `i` of `--count N` uses the seed `S + i`, so any board of a series is made again by
//! `--seed S+i --count 1`. The boards are made one after the other on one thread, so the times
//! are those of one core: `ms` is the wall time of each board; the summary on stderr also gives
//! each board's thread CPU time (`CLOCK_THREAD_CPUTIME_ID`), which other processes on a busy
//! machine do not inflate. Under `--rule noguess` every board has passed the independent
//! certain-moves replay before it is written.

use std::time::Instant;

use anyhow::{bail, Context, Result};
use mineseer_core::formats::write_mine;
use mineseer_core::game::{FirstClickRule, Game, GameConfig};
use mineseer_core::{Board, Cell};
use serde::Serialize;

use crate::options::{parse_cell, thread_cpu_ns, BoardArgs};

/// Arguments of `mineseer generate`.
#[derive(Debug, clap::Args)]
pub struct Args {
    #[command(flatten)]
    board: BoardArgs,
    /// First-click rule: noguess (won by certain moves alone), opening (shows 0), safe (never a
    /// mine) or none.
    #[arg(long, default_value = "noguess")]
    rule: String,
    /// Seed of the first board; board i uses seed + i.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Number of boards.
    #[arg(long, default_value_t = 1)]
    count: u64,
    /// First click `X,Y` (default: the middle of the board).
    #[arg(long)]
    first_click: Option<String>,
    /// Print one JSON object instead of `.mine` text.
    #[arg(long)]
    json: bool,
}

#[derive(Debug, Serialize)]
struct Report {
    boards: Vec<GeneratedBoard>,
}

#[derive(Debug, Serialize)]
struct GeneratedBoard {
    seed: u64,
    first_click: FirstClick,
    mine: String,
    ms: f64,
}

#[derive(Debug, Serialize)]
struct FirstClick {
    x: usize,
    y: usize,
}

/// Makes the boards and prints them.
pub fn run(args: &Args) -> Result<()> {
    let rule = FirstClickRule::from_name(&args.rule).with_context(|| {
        format!(
            "unknown rule {:?}: use noguess, opening, safe or none",
            args.rule
        )
    })?;
    let (_, width, height, mines) = args.board.resolve()?;
    // Checks the size and mine count once, with a clear message.
    GameConfig::new(width, height, mines, rule, 0)?;
    if args.count == 0 {
        bail!("--count must be at least 1");
    }
    let (x, y) = match &args.first_click {
        Some(cell) => parse_cell(cell)?,
        None => (width / 2, height / 2),
    };
    if x >= width || y >= height {
        bail!("--first-click {x},{y} is outside the {width}x{height} board");
    }

    let mut boards = Vec::with_capacity(args.count as usize);
    let mut cpu_ms = Vec::with_capacity(args.count as usize);
    let started = Instant::now();
    for i in 0..args.count {
        let request = Request {
            width,
            height,
            mines,
            rule,
            seed: args.seed.wrapping_add(i),
            first_click: (x, y),
        };
        let (board, cpu) = make_board(&request)?;
        cpu_ms.push(cpu);
        if !args.json {
            if i > 0 {
                println!();
            }
            print!("{}", board.mine);
        }
        boards.push(board);
    }
    let total_seconds = started.elapsed().as_secs_f64();

    let wall_ms: Vec<f64> = boards.iter().map(|b| b.ms).collect();
    let (wall, cpu) = (Summary::of(wall_ms), Summary::of(cpu_ms));
    eprintln!(
        "{} board(s) {width}x{height}/{mines}, rule {}, first click {x},{y}: {total_seconds:.3} s in all; \
         per board wall median {:.3} ms, p99 {:.3} ms, max {:.3} ms; \
         CPU median {:.3} ms, p99 {:.3} ms, max {:.3} ms, mean {:.3} ms",
        boards.len(),
        rule.name(),
        wall.median,
        wall.p99,
        wall.max,
        cpu.median,
        cpu.p99,
        cpu.max,
        cpu.mean,
    );
    if args.json {
        println!("{}", serde_json::to_string(&Report { boards })?);
    }
    Ok(())
}

/// One board to make.
struct Request {
    width: usize,
    height: usize,
    mines: usize,
    rule: FirstClickRule,
    seed: u64,
    first_click: (usize, usize),
}

/// Makes one board through the game (so `--rule noguess` is exactly the game's rule); returns
/// it with its wall time, and its thread CPU time in milliseconds.
fn make_board(request: &Request) -> Result<(GeneratedBoard, f64)> {
    let &Request {
        width,
        height,
        mines,
        rule,
        seed,
        first_click: (x, y),
    } = request;
    let board_started = Instant::now();
    let cpu_started = thread_cpu_ns();
    let config = GameConfig::new(width, height, mines, rule, seed)?;
    let mut game = Game::new(config);
    game.reveal(x, y)
        .with_context(|| format!("board with seed {seed}"))?;
    let layout = game.layout().context("the first click places the mines")?;
    let ms = board_started.elapsed().as_secs_f64() * 1000.0;
    let cpu_ms = thread_cpu_ns().saturating_sub(cpu_started) as f64 / 1e6;
    let board = GeneratedBoard {
        seed,
        first_click: FirstClick { x, y },
        mine: layout_as_mine(width, height, mines, layout)?,
        ms,
    };
    Ok((board, cpu_ms))
}

/// The distribution of per-board times.
struct Summary {
    median: f64,
    p99: f64,
    max: f64,
    mean: f64,
}

impl Summary {
    /// `times` must not be empty (there is at least one board).
    fn of(mut times: Vec<f64>) -> Summary {
        times.sort_by(f64::total_cmp);
        let n = times.len();
        // The nearest-rank percentile: the smallest time with at least p of the boards at or
        // below it.
        let rank = |p: f64| times[((p * n as f64).ceil() as usize).clamp(1, n) - 1];
        Summary {
            median: rank(0.5),
            p99: rank(0.99),
            max: times[n - 1],
            mean: times.iter().sum::<f64>() / n as f64,
        }
    }
}

/// A layout as `.mine` text: every cell hidden, the mines as `M`.
fn layout_as_mine(width: usize, height: usize, mines: usize, layout: &[bool]) -> Result<String> {
    let cells = layout
        .iter()
        .map(|&m| if m { Cell::HiddenMine } else { Cell::Hidden })
        .collect();
    Ok(write_mine(&Board::from_cells(width, height, mines, cells)?))
}

#[cfg(test)]
mod tests {
    use super::*;
    use mineseer_core::noguess::replay_certain_moves;
    use mineseer_core::SolveConfig;

    #[test]
    fn noguess_board_json_shape_and_replay() {
        let request = Request {
            width: 30,
            height: 16,
            mines: 99,
            rule: FirstClickRule::NoGuess,
            seed: 3,
            first_click: (15, 8),
        };
        let (board, _) = make_board(&request).unwrap();
        let json = serde_json::to_value(Report {
            boards: vec![board],
        })
        .unwrap();
        let first = &json["boards"][0];
        assert_eq!(first["seed"], 3);
        assert_eq!(first["first_click"]["x"], 15);
        assert_eq!(first["first_click"]["y"], 8);
        assert!(first["ms"].as_f64().unwrap() >= 0.0);
        let mine = first["mine"].as_str().unwrap();
        assert!(mine.starts_with("30x16x99\n"));
        assert_eq!(mine.matches('M').count(), 99);
        // The text reads back as the same layout, and that layout is won by certain moves.
        let game = Game::from_mine_text(mine).unwrap();
        let layout = game.layout().unwrap();
        let replay = replay_certain_moves(30, 16, layout, (15, 8), &SolveConfig::default());
        assert!(replay.won());
    }

    #[test]
    fn nearest_rank_percentiles() {
        let summary = Summary::of((1..=100).map(f64::from).rev().collect());
        assert_eq!(summary.median, 50.0);
        assert_eq!(summary.p99, 99.0);
        assert_eq!(summary.max, 100.0);
        assert_eq!(summary.mean, 50.5);
        let one = Summary::of(vec![7.0]);
        assert_eq!((one.median, one.p99, one.max), (7.0, 7.0, 7.0));
    }
}
