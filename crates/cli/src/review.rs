//! `mineseer review`: the move-by-move review of a recorded game, with its statistics.

use std::path::PathBuf;

use anyhow::Result;
use mineseer_core::review::{review_game, MoveReview, Review, ReviewConfig};
use mineseer_core::Fraction;
use serde::Serialize;

#[derive(Debug, clap::Args)]
pub struct Args {
    /// The game record (`mineseer-game` JSON, as the page exports it); `-` reads stdin.
    record: PathBuf,
    /// Print JSON instead of text.
    #[arg(long)]
    json: bool,
}

#[derive(Serialize)]
struct Report {
    result: &'static str,
    bbbv: usize,
    openings: usize,
    islands: usize,
    bbbv_solved: usize,
    clicks: Clicks,
    /// 3BV solved / clicks; `null` without clicks.
    efficiency: Option<f64>,
    time_ms: u64,
    /// 3BV solved per second; `null` when no time passed.
    bbbv_per_s: Option<f64>,
    moves: Vec<MoveJson>,
    guesses: usize,
    blunders: usize,
    luck: f64,
    accuracy: f64,
}

#[derive(Serialize)]
struct Clicks {
    left: usize,
    left_effective: usize,
    right: usize,
    right_effective: usize,
    chord: usize,
    chord_effective: usize,
    total: usize,
    effective: usize,
}

#[derive(Serialize)]
struct Cell {
    x: usize,
    y: usize,
}

#[derive(Serialize)]
struct MoveJson {
    i: usize,
    op: &'static str,
    x: usize,
    y: usize,
    kind: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    safety: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    best_safety: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    best: Option<Cell>,
    #[serde(skip_serializing_if = "Option::is_none")]
    safe_available: Option<usize>,
    /// Only on a guess in a forced guess (a group no reveal can settle).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    forced: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    win_before: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    win_best: Option<Cell>,
    #[serde(skip_serializing_if = "Option::is_none")]
    win_after: Option<f64>,
}

pub fn run(args: &Args) -> Result<()> {
    let record = crate::record::read_record(&args.record)?;
    let review = review_game(&record, &ReviewConfig::default())?;
    if args.json {
        println!("{}", serde_json::to_string(&report(&review))?);
    } else {
        print_text(&review);
    }
    Ok(())
}

fn report(review: &Review) -> Report {
    let stats = &review.stats;
    let c = &stats.clicks;
    Report {
        result: stats.result.name(),
        bbbv: stats.board.bbbv,
        openings: stats.board.openings,
        islands: stats.board.islands,
        bbbv_solved: stats.bbbv_solved,
        clicks: Clicks {
            left: c.left,
            left_effective: c.left_effective,
            right: c.right,
            right_effective: c.right_effective,
            chord: c.chord,
            chord_effective: c.chord_effective,
            total: c.total(),
            effective: c.effective(),
        },
        efficiency: stats.efficiency(),
        time_ms: stats.time_ms,
        bbbv_per_s: stats.bbbv_per_second(),
        moves: review
            .moves
            .iter()
            .enumerate()
            .map(|(i, m)| move_json(i, m))
            .collect(),
        guesses: review.guesses,
        blunders: review.blunders,
        luck: review.luck.to_f64(),
        accuracy: review.accuracy.to_f64(),
    }
}

fn move_json(i: usize, m: &MoveReview) -> MoveJson {
    let f = |v: &Option<Fraction>| v.as_ref().map(Fraction::to_f64);
    let cell = |v: Option<(usize, usize)>| v.map(|(x, y)| Cell { x, y });
    MoveJson {
        i,
        op: m.played.op.name(),
        x: m.played.x,
        y: m.played.y,
        kind: m.kind.name(),
        safety: f(&m.safety),
        best_safety: f(&m.best_safety),
        best: cell(m.best),
        safe_available: m.safe_available,
        forced: m.forced,
        win_before: f(&m.win_before),
        win_best: cell(m.win_best),
        win_after: f(&m.win_after),
    }
}

fn percent(f: &Fraction) -> String {
    format!("{:.1} %", f.to_f64() * 100.0)
}

fn print_text(review: &Review) {
    let stats = &review.stats;
    let c = &stats.clicks;
    let optional = |v: Option<f64>, digits: usize| match v {
        Some(v) => format!("{v:.digits$}"),
        None => "-".to_string(),
    };
    println!(
        "{}: 3BV {} ({} solved), {} openings, {} islands, {:.3} s, 3BV/s {}",
        stats.result.name(),
        stats.board.bbbv,
        stats.bbbv_solved,
        stats.board.openings,
        stats.board.islands,
        stats.time_ms as f64 / 1000.0,
        optional(stats.bbbv_per_second(), 3),
    );
    println!(
        "clicks {} (left {}/{}, right {}/{}, chord {}/{} did something), efficiency {}",
        c.total(),
        c.left_effective,
        c.left,
        c.right_effective,
        c.right,
        c.chord_effective,
        c.chord,
        optional(stats.efficiency().map(|e| e * 100.0), 1) + " %",
    );
    println!(
        "guesses {}, blunders {}, luck {}, accuracy {}",
        review.guesses,
        review.blunders,
        percent(&review.luck),
        percent(&review.accuracy)
    );
    for (i, m) in review.moves.iter().enumerate() {
        let mut line = format!(
            "{i:>4} {:<6} ({},{}) {}",
            m.played.op.name(),
            m.played.x,
            m.played.y,
            m.kind.name()
        );
        if let (Some(safety), Some(best)) = (&m.safety, &m.best_safety) {
            line += &format!(", safety {}", percent(safety));
            if safety != best {
                let (bx, by) = m.best.unwrap_or_default();
                line += &format!(", best {} at ({bx},{by})", percent(best));
            }
            if m.forced {
                line += " (forced: no reveal could settle it)";
            }
            if let Some(n) = m.safe_available {
                line += &format!(", {n} safe cell(s)");
            }
        }
        if let Some(win) = &m.win_before {
            line += &format!(", win {}", percent(win));
            if let Some(after) = &m.win_after {
                line += &format!(" -> {}", percent(after));
            }
        }
        println!("{line}");
    }
}
