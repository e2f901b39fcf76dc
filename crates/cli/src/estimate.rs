//! `mineseer endgame`'s estimate, where the exact search is too large (or `--estimate` asks
//! for it): the candidates' rollouts on every core, and their figures as text or JSON.

use std::time::Instant;

use anyhow::{bail, Context, Result};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use mineseer_core::estimate::{
    affordable_level, plan, summarize, EstimateConfig, Plan, Rollouts, Tally,
};
use mineseer_core::{solve_board, Board};
use mineseer_json::{level_from_name, CellJson, EstimateJson};
use rayon::prelude::*;
use serde::Serialize;

/// Layouts a rayon task plays before its tally is added: small enough to share the work
/// evenly, large enough that adding tallies costs nothing.
const CHUNK: u64 = 8;

/// The estimate's settings from the command line.
#[derive(Debug, Clone, clap::Args)]
pub struct EstimateArgs {
    /// Layouts drawn for the estimate; each is played after every candidate.
    #[arg(long, default_value_t = 1000)]
    rollouts: u64,
    /// Candidate first moves to compare (1 to 8).
    #[arg(long, default_value_t = 4)]
    candidates: usize,
    /// The seed of the layouts: the same seed and rollouts give the same answer on any number
    /// of threads.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Worker threads (default: every core).
    #[arg(long)]
    threads: Option<usize>,
    /// The auto-player of the rollouts: `full`, `fast`, or `auto` (the full level where it is
    /// affordable: boards under 18 % mines, such as beginner and intermediate; the fast level
    /// on denser ones, such as expert).
    #[arg(long, default_value = "auto")]
    level: String,
}

/// The JSON of an estimated answer.
#[derive(Serialize)]
struct Estimated {
    kind: &'static str,
    solved: bool,
    /// The move to play (the same as `estimate.best`).
    best: CellJson,
    /// Why there is no exact answer: "too large ..." or "--estimate".
    reason: String,
    /// The exact layout count, as a decimal string.
    layouts: String,
    estimate: EstimateJson,
    /// Wall time of the estimate, in milliseconds.
    ms: f64,
}

/// Estimates `board` and prints the answer. `reason` says why there is no exact answer.
pub fn run(board: &Board, args: &EstimateArgs, reason: &str, json: bool) -> Result<()> {
    if args.rollouts == 0 {
        bail!("--rollouts must be at least 1");
    }
    let level = match args.level.as_str() {
        "auto" => affordable_level(board),
        name => level_from_name(name)
            .with_context(|| format!("unknown level {name:?}: use full, fast or auto"))?,
    };
    let config = EstimateConfig {
        candidates: args.candidates,
        seed: args.seed,
        level,
        ..EstimateConfig::default()
    };
    let started = Instant::now();
    let analysis = solve_board(board, &config.solve)?;
    let plan = plan(board, &analysis, &config, None)?;
    let rollouts = Rollouts::new(board, &analysis, &plan, &config)?;
    let tally = play(&rollouts, &plan, args)?;
    let estimate = summarize(&plan, &tally)?;
    let ms = started.elapsed().as_secs_f64() * 1000.0;
    let figures = EstimateJson::new(&plan, &estimate, level, args.seed);
    if json {
        let answer = Estimated {
            kind: "estimate",
            solved: false,
            best: figures.best,
            reason: reason.to_string(),
            layouts: analysis.solutions().to_string(),
            estimate: figures,
            ms,
        };
        println!("{}", serde_json::to_string(&answer)?);
    } else {
        print!("{}", text(&plan, &figures, reason));
        println!(
            "{} layouts, {} rollouts of {} candidates, {ms:.0} ms",
            analysis.solutions(),
            figures.rollouts,
            figures.candidates.len()
        );
    }
    Ok(())
}

/// Plays layouts `0..rollouts` on the thread pool, with a progress bar on stderr.
fn play(rollouts: &Rollouts, plan: &Plan, args: &EstimateArgs) -> Result<Tally> {
    let threads = args.threads.unwrap_or_else(|| {
        std::thread::available_parallelism()
            .map(|n| n.get())
            .unwrap_or(1)
    });
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads.max(1))
        .build()
        .context("cannot start the worker threads")?;
    let progress = ProgressBar::with_draw_target(Some(args.rollouts), ProgressDrawTarget::stderr());
    progress.set_style(
        ProgressStyle::with_template("{bar:40} {pos}/{len} layouts, {per_sec}, eta {eta}")
            .unwrap_or_else(|_| ProgressStyle::default_bar()),
    );
    let k = plan.candidates().len();
    let chunks = args.rollouts.div_ceil(CHUNK);
    // Each chunk's tally depends only on its layouts, and tallies add up in any order: the
    // answer does not depend on the thread count.
    let tallies: Vec<Tally> = pool.install(|| {
        (0..chunks)
            .into_par_iter()
            // A memo of the player's moves for each of rayon's jobs, kept across its chunks.
            .map_init(
                || rollouts.memo(),
                |memo, chunk| {
                    let start = chunk * CHUNK;
                    let end = (start + CHUNK).min(args.rollouts);
                    let mut tally = Tally::new(k);
                    rollouts.play_with(start..end, &mut tally, memo);
                    progress.inc(end - start);
                    tally
                },
            )
            .collect()
    });
    progress.finish_and_clear();
    let mut total = Tally::new(k);
    for tally in &tallies {
        total.merge(tally)?;
    }
    Ok(total)
}

fn percent(p: f64) -> String {
    format!("{:.1}", p * 100.0)
}

/// The text answer: the move, the estimated win chance with its interval, and a line per
/// candidate.
fn text(plan: &Plan, figures: &EstimateJson, reason: &str) -> String {
    let mut out = String::new();
    let best = figures.best;
    let level = match figures.policy {
        "full" => "the auto-player (full level)",
        _ => "the fast auto-player (the full level is not affordable here)",
    };
    out.push_str(&format!("{reason}: estimated by rollouts of {level}\n"));
    if plan.is_certain() {
        out.push_str(&format!(
            "best move ({},{}): certainly safe, and revealing a safe cell never lowers the \
             chance to win\n",
            best.x, best.y
        ));
    } else if figures.about_equal {
        out.push_str(&format!(
            "best move ({},{}): the auto-player's move; the top candidates are about equal\n",
            best.x, best.y
        ));
    } else {
        out.push_str(&format!("best move ({},{})\n", best.x, best.y));
    }
    out.push_str(&format!(
        "win estimated {} % (95 % interval {}-{}): that move then the auto-player, so best \
         play wins at least about this\n",
        percent(figures.win),
        percent(figures.win_lo),
        percent(figures.win_hi)
    ));
    out.push_str(
        "  move      kind     safety  wins / layouts   win %  95 %         vs top (paired, 95 %)\n",
    );
    for c in &figures.candidates {
        let versus = if c.diff == 0.0 && c.diff_lo == 0.0 && c.diff_hi == 0.0 {
            "-".to_string()
        } else {
            format!(
                "{:+.1} ({:+.1} to {:+.1})",
                c.diff * 100.0,
                c.diff_lo * 100.0,
                c.diff_hi * 100.0
            )
        };
        out.push_str(&format!(
            "  {:<9} {:<7} {:>6}  {:>6} / {:<7} {:>5}  {:>5}-{:<5}  {}\n",
            format!("({},{})", c.x, c.y),
            c.kind,
            format!("{}%", percent(c.safety)),
            c.wins,
            c.games,
            percent(c.win),
            percent(c.lo),
            percent(c.hi),
            versus
        ));
    }
    out
}
