//! `mineseer play --merge A.json B.json ...`: the exact total of shards of one series.
//!
//! Each shard is the `--json` report of `mineseer play` over games `first_game ..
//! first_game + games` of one series. The shards must agree on everything that decides their
//! games and how they are played (board, rule, level, seed, first click, the player's
//! settings, the version), and their game ranges must not overlap; otherwise the merge is
//! refused with the first difference found. Wins, games, guesses, engine failures and CPU
//! nanoseconds are added as integers; the rates and the Wilson interval come from the sums.

use std::path::{Path, PathBuf};

use anyhow::{bail, Context, Result};
use serde::Serialize;

use super::{print_failures, print_wins, wilson_interval, Report, Setup};

/// The merged report.
#[derive(Debug, Serialize)]
struct Merged {
    #[serde(flatten)]
    setup: Setup,
    /// How many shards were added.
    shards: usize,
    /// The game ranges covered, `[first, end)` in game order, adjacent shards joined.
    ranges: Vec<[u64; 2]>,
    games: u64,
    wins: u64,
    win_rate: f64,
    ci95: [f64; 2],
    guesses: u64,
    mean_guesses: f64,
    cpu_ns: u64,
    cpu_ms_per_game: f64,
    engine_failures: u64,
}

/// Reads the shards, checks them and prints their total.
pub fn run(paths: &[PathBuf], json: bool) -> Result<()> {
    let mut shards = Vec::with_capacity(paths.len());
    for path in paths {
        shards.push((path.as_path(), read_shard(path)?));
    }
    let merged = merge(&shards)?;
    if json {
        println!("{}", serde_json::to_string(&merged)?);
    } else {
        print_text(&merged);
    }
    Ok(())
}

fn read_shard(path: &Path) -> Result<Report> {
    let text = std::fs::read_to_string(path)
        .with_context(|| format!("cannot read shard {}", path.display()))?;
    let report: Report = serde_json::from_str(text.trim()).with_context(|| {
        format!(
            "{} is not a report of `mineseer play --json` from this version",
            path.display()
        )
    })?;
    let name = path.display();
    if report.games == 0 {
        bail!("{name}: a shard of 0 games");
    }
    if report.wins > report.games || report.engine_failures > report.games - report.wins {
        bail!(
            "{name}: {} wins and {} engine failures do not fit in {} games",
            report.wins,
            report.engine_failures,
            report.games
        );
    }
    if report.first_game.checked_add(report.games).is_none() {
        bail!("{name}: first_game + games overflows");
    }
    Ok(report)
}

/// The exact total of `shards` (each with the file it came from), or the reason they do not
/// add up.
fn merge(shards: &[(&Path, Report)]) -> Result<Merged> {
    let Some((first_path, first)) = shards.first() else {
        bail!("--merge needs at least one shard");
    };
    for (path, shard) in &shards[1..] {
        if let Some((field, a, b)) = first.setup.first_difference(&shard.setup) {
            bail!(
                "{} and {} are shards of different series: {field} is {a} in one and {b} in the \
                 other",
                first_path.display(),
                path.display()
            );
        }
    }
    let mut order: Vec<&(&Path, Report)> = shards.iter().collect();
    order.sort_by_key(|(_, r)| (r.first_game, r.games));
    let mut ranges: Vec<[u64; 2]> = Vec::new();
    for pair in order.windows(2) {
        let ((a_path, a), (b_path, b)) = (pair[0], pair[1]);
        let a_end = a.first_game + a.games;
        if b.first_game < a_end {
            bail!(
                "{} (games {}..{}) and {} (games {}..{}) overlap: each game must be counted once",
                a_path.display(),
                a.first_game,
                a_end.saturating_sub(1),
                b_path.display(),
                b.first_game,
                (b.first_game + b.games).saturating_sub(1)
            );
        }
    }
    for (_, r) in &order {
        let (start, end) = (r.first_game, r.first_game + r.games);
        match ranges.last_mut() {
            Some(last) if last[1] == start => last[1] = end,
            _ => ranges.push([start, end]),
        }
    }
    let sum = |f: fn(&Report) -> u64| -> Result<u64> {
        shards
            .iter()
            .try_fold(0u64, |acc, (_, r)| acc.checked_add(f(r)))
            .context("the sum overflows 64 bits")
    };
    let games = sum(|r| r.games)?;
    let wins = sum(|r| r.wins)?;
    let guesses = sum(|r| r.guesses)?;
    let cpu_ns = sum(|r| r.cpu_ns)?;
    let engine_failures = sum(|r| r.engine_failures)?;
    Ok(Merged {
        setup: first.setup.clone(),
        shards: shards.len(),
        ranges,
        games,
        wins,
        win_rate: wins as f64 / games as f64,
        ci95: wilson_interval(wins, games),
        guesses,
        mean_guesses: guesses as f64 / games as f64,
        cpu_ns,
        cpu_ms_per_game: cpu_ns as f64 / 1e6 / games as f64,
        engine_failures,
    })
}

fn print_text(m: &Merged) {
    let ranges: Vec<String> = m
        .ranges
        .iter()
        .map(|[a, b]| format!("{a}..{}", b - 1))
        .collect();
    println!(
        "{} games={} in {} shards (games {})",
        m.setup.title(),
        m.games,
        m.shards,
        ranges.join(", ")
    );
    print_wins(m.wins, m.games, m.ci95, m.mean_guesses);
    println!("CPU {:.3} ms per game (thread CPU time)", m.cpu_ms_per_game);
    print_failures(m.engine_failures);
}
