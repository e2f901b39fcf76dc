//! `mineseer sample`: one consistent mine layout of a position, drawn exactly uniformly from
//! a seed, printed in `.mine` format with the mines as `M`.

use std::path::PathBuf;

use anyhow::Result;
use mineseer_core::formats::write_mine;
use mineseer_core::sample::{board_with_layout, sample_layout};
use mineseer_core::{solve_board, SolveConfig};

#[derive(Debug, clap::Args)]
pub struct Args {
    /// The position (`.mine` or `.inp`, told apart by content); `-` or nothing reads stdin.
    file: Option<PathBuf>,
    /// The seed: the same seed and position always give the same layout, on every platform.
    #[arg(long)]
    seed: u64,
}

pub fn run(args: &Args) -> Result<()> {
    let board = crate::input::read_board(args.file.as_deref())?;
    let config = SolveConfig::default();
    let analysis = solve_board(&board, &config)?;
    let is_mine = sample_layout(&board, &analysis, args.seed, &config)?;
    print!("{}", write_mine(&board_with_layout(&board, &is_mine)));
    Ok(())
}
