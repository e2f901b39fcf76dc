//! `mineseer stats`: the 3BV, openings, islands, ZiNi and HZiNi of a full layout.

use std::path::PathBuf;

use anyhow::{Context, Result};
use mineseer_core::board_stats::board_stats;
use mineseer_core::game::{Game, GameErrorKind};
use mineseer_replay::zini::zini;
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
    /// ZiNi: ms_toollib's greedy estimate of the fewest clicks with flags and chords.
    zini: usize,
    /// HZiNi: the human-style ZiNi (every opening first, chords on open cells only).
    hzini: usize,
}

pub fn run(args: &Args) -> Result<()> {
    let text = crate::input::read_text(args.file.as_deref())?;
    let name = args
        .file
        .as_ref()
        .map(|p| p.display().to_string())
        .unwrap_or_else(|| "<stdin>".into());
    // A position (hidden cells, mines not marked) parses but its count of drawn mines falls
    // short of the header: say what `stats` needs rather than only what is wrong.
    let game = Game::from_mine_text(&text).map_err(|err| match err.kind() {
        GameErrorKind::MineCountMismatch { .. } => anyhow::anyhow!(
            "{name}: not a full layout ({err}): `stats` needs every mine marked M, as \
             `mineseer generate` writes them"
        ),
        _ => anyhow::anyhow!("{name}: {err}"),
    })?;
    let config = game.config();
    let layout = game.layout().with_context(|| {
        format!(
            "{name}: not a full layout: the mines must all be marked (M), as `mineseer \
             generate` writes them"
        )
    })?;
    let stats = board_stats(config.width(), config.height(), layout);
    let zini = zini(config.width(), config.height(), layout).with_context(|| name.clone())?;
    let report = Report {
        width: config.width(),
        height: config.height(),
        mines: config.mines(),
        bbbv: stats.bbbv,
        openings: stats.openings,
        islands: stats.islands,
        zini: zini.zini,
        hzini: zini.hzini,
    };
    if args.json {
        println!("{}", serde_json::to_string(&report)?);
    } else {
        println!(
            "{}x{} with {} mines: 3BV {}, openings {}, islands {}, ZiNi {}, HZiNi {}",
            report.width,
            report.height,
            report.mines,
            report.bbbv,
            report.openings,
            report.islands,
            report.zini,
            report.hzini
        );
    }
    Ok(())
}
