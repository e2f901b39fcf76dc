//! `mineseer stats`: the 3BV, openings and islands of a full layout.

use std::path::PathBuf;

use anyhow::{Context, Result};
use mineseer_core::board_stats::board_stats;
use mineseer_core::game::Game;
use serde::Serialize;

#[derive(Debug, clap::Args)]
pub struct Args {
    /// A full layout as `.mine` text, mines as `M` (what `generate` writes); `-` or nothing
    /// reads stdin.
    file: Option<PathBuf>,
    /// Print JSON instead of text.
    #[arg(long)]
    json: bool,
}

#[derive(Serialize)]
struct Report {
    width: usize,
    height: usize,
    mines: usize,
    bbbv: usize,
    openings: usize,
    islands: usize,
}

pub fn run(args: &Args) -> Result<()> {
    let text = crate::input::read_text(args.file.as_deref())?;
    let name = args
        .file
        .as_ref()
        .map(|p| p.display().to_string())
        .unwrap_or_else(|| "<stdin>".into());
    let game = Game::from_mine_text(&text).with_context(|| name.clone())?;
    let config = game.config();
    let layout = game
        .layout()
        .with_context(|| format!("{name}: no layout"))?;
    let stats = board_stats(config.width(), config.height(), layout);
    let report = Report {
        width: config.width(),
        height: config.height(),
        mines: config.mines(),
        bbbv: stats.bbbv,
        openings: stats.openings,
        islands: stats.islands,
    };
    if args.json {
        println!("{}", serde_json::to_string(&report)?);
    } else {
        println!(
            "{}x{} with {} mines: 3BV {}, openings {}, islands {}",
            report.width, report.height, report.mines, report.bbbv, report.openings, report.islands
        );
    }
    Ok(())
}
