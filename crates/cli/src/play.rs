//! `mineseer play`: bulk runs of the auto-player on seeded games, on every core.
//!
//! Game `i` uses the seed `derive_seed(S, i)`, so the results do not depend on the thread
//! count, and shards of seeds run elsewhere add up. CPU time is the sum of each game's own
//! thread CPU time (`CLOCK_THREAD_CPUTIME_ID`), not wall time.
//!
//! `--json` prints the shard's exact counts (`wins`, `games`, `guesses`, `cpu_ns`) and
//! everything that decides its games (board, rule, seed, first click, the player's settings,
//! the version), so that `--merge` can add shards exactly and refuse shards of different
//! series or overlapping game ranges ([`merge`]).

mod merge;

use std::time::Instant;

use anyhow::{bail, Context, Result};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use mineseer_core::board_stats::board_stats;
use mineseer_core::game::{FirstClickRule, Game, GameConfig, GameMode};
use mineseer_core::player::{play_game_styled, Level, PlayerConfig, Style};
use mineseer_core::rng::derive_seed;
use mineseer_replay::zini::zini;
use rayon::prelude::*;
use serde::{Deserialize, Serialize};

use crate::options::{parse_cell, thread_cpu_ns, BoardArgs};

/// Arguments of `mineseer play`.
#[derive(Debug, clap::Args)]
pub struct Args {
    #[command(flatten)]
    board: BoardArgs,
    /// First-click rule: safe (never a mine), opening (shows 0) or none.
    #[arg(long, default_value = "safe")]
    rule: String,
    /// Training mode: normal, hardcore (a guess while a cell is certainly safe loses) or fair
    /// (a forced guess on a mine draws the mines again).
    #[arg(long, default_value = "normal")]
    mode: String,
    /// Number of games.
    #[arg(long, default_value_t = 1000)]
    games: u64,
    /// Master seed: game i uses a seed derived from (seed, i).
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Index of the first game (to run a shard of a larger series).
    #[arg(long, default_value_t = 0)]
    first_game: u64,
    /// Worker threads (default: every core).
    #[arg(long)]
    threads: Option<usize>,
    /// First click `X,Y` (default: a corner, or (3,3) under `opening`).
    #[arg(long)]
    first_click: Option<String>,
    /// Play the fast level (safest cell with tie-breaks, no look-ahead).
    #[arg(long)]
    fast: bool,
    /// How the certain cells are opened: normal (a click each), efficient (flags and chords
    /// where they save clicks) or nf-efficient (clicks only, openings first). The guesses, and
    /// so the games' outcomes, are the same in every style.
    #[arg(long, default_value = "normal")]
    style: String,
    /// Use the endgame solver when a position has at most this many layouts (0: never).
    #[arg(long)]
    endgame_layouts: Option<u64>,
    /// The endgame solver's node budget (over it, the guess heuristic plays instead).
    #[arg(long)]
    endgame_nodes: Option<u64>,
    /// Weight of progress in the full level's guess score (default: the player's, 0.001).
    #[arg(long)]
    progress_weight: Option<f64>,
    /// Print one JSON object instead of text.
    #[arg(long)]
    json: bool,
    /// Add up the `--json` reports of shards of one series (same board, rule, seed, first
    /// click, settings and version; disjoint game ranges) instead of playing.
    #[arg(
        long,
        num_args = 1..,
        value_name = "SHARD.json",
        conflicts_with_all = [
            "rule", "mode", "games", "seed", "first_game", "threads", "first_click", "fast",
            "style",
            "endgame_layouts", "endgame_nodes", "progress_weight", "preset", "size",
        ],
    )]
    merge: Vec<std::path::PathBuf>,
}

/// What decides a series' games and their play: board, rule, seed, first click, the
/// player's settings and the version. Shards merge only when it is the same in each.
#[derive(Debug, Clone, Serialize, Deserialize)]
struct Setup {
    preset: String,
    width: usize,
    height: usize,
    mines: usize,
    rule: String,
    /// The training mode (absent in shards of older versions: normal).
    #[serde(default = "normal_mode")]
    mode: String,
    level: String,
    /// The play style (`--style`); reports from before it were normal.
    #[serde(default = "normal_style")]
    style: String,
    progress_weight: f64,
    endgame_layouts: u64,
    endgame_nodes: u64,
    /// The first click `[x, y]` the player makes.
    first_click: [usize; 2],
    /// Every setting of the player (its `PlayerConfig`, as Rust debug text).
    player: String,
    /// The version of mineseer that played.
    version: String,
    seed: u64,
}

fn normal_style() -> String {
    Style::Normal.name().to_string()
}

impl Setup {
    /// Each field's name and value as text, in the order a difference is reported.
    fn fields(&self) -> [(&'static str, String); 15] {
        [
            ("style", format!("{:?}", self.style)),
            ("preset", format!("{:?}", self.preset)),
            ("width", self.width.to_string()),
            ("height", self.height.to_string()),
            ("mines", self.mines.to_string()),
            ("rule", format!("{:?}", self.rule)),
            ("mode", format!("{:?}", self.mode)),
            ("level", format!("{:?}", self.level)),
            ("seed", self.seed.to_string()),
            ("first_click", format!("{:?}", self.first_click)),
            ("progress_weight", self.progress_weight.to_string()),
            ("endgame_layouts", self.endgame_layouts.to_string()),
            ("endgame_nodes", self.endgame_nodes.to_string()),
            ("player (the settings)", format!("{:?}", self.player)),
            ("version", format!("{:?}", self.version)),
        ]
    }

    /// The first field on which two setups differ, with both values.
    fn first_difference(&self, other: &Setup) -> Option<(&'static str, String, String)> {
        self.fields()
            .into_iter()
            .zip(other.fields())
            .find(|((_, a), (_, b))| a != b)
            .map(|((name, a), (_, b))| (name, a, b))
    }

    /// The first words of the text report: board, rule, mode (when not normal), level and
    /// seed.
    fn title(&self) -> String {
        let mode = if self.mode == GameMode::Normal.name() {
            String::new()
        } else {
            format!(" mode={}", self.mode)
        };
        format!(
            "{} {}x{}/{} rule={}{mode} level={} style={} seed={}",
            self.preset,
            self.width,
            self.height,
            self.mines,
            self.rule,
            self.level,
            self.style,
            self.seed
        )
    }
}

fn normal_mode() -> String {
    GameMode::Normal.name().to_string()
}

/// The `--json` report of a run (a shard). The exact counts are `wins`, `games`, `guesses`,
/// `cpu_ns` and `engine_failures`; the rates are derived from them.
#[derive(Debug, Serialize, Deserialize)]
struct Report {
    #[serde(flatten)]
    setup: Setup,
    first_game: u64,
    games: u64,
    wins: u64,
    win_rate: f64,
    ci95: [f64; 2],
    /// Guesses over all games.
    guesses: u64,
    mean_guesses: f64,
    /// Thread CPU time over all games, in nanoseconds.
    cpu_ns: u64,
    cpu_ms_per_game: f64,
    wall_seconds: f64,
    threads: usize,
    engine_failures: u64,
    /// The clicks of the won games: see [`Efficiency`].
    #[serde(flatten)]
    efficiency: Efficiency,
}

/// The clicks of the won games, counted as the rankings count them (a reveal, a flag, a
/// chord: one click each; a click that changes nothing is not made). Not added up by
/// `--merge` (the median does not add up): each shard has its own.
#[derive(Debug, Default, Serialize, Deserialize)]
struct Efficiency {
    /// Clicks of the won games, in total.
    #[serde(default)]
    clicks_won: u64,
    /// 3BV of the won games, in total.
    #[serde(default)]
    bbbv_won: u64,
    /// ZiNi (ms_toollib's greedy estimate of the fewest clicks) of the won games, in total.
    #[serde(default)]
    zini_won: u64,
    /// The mean over won games of 3BV / clicks.
    #[serde(default)]
    efficiency_won: Option<f64>,
    /// The median over won games of clicks / 3BV.
    #[serde(default)]
    median_clicks_per_bbbv_won: Option<f64>,
    /// Clicks of the won games over their ZiNi, in total (1: as few as ZiNi's estimate).
    #[serde(default)]
    clicks_per_zini_won: Option<f64>,
}

impl Efficiency {
    fn of(results: &[GameResult]) -> Efficiency {
        let won: Vec<&GameResult> = results.iter().filter(|r| r.won).collect();
        let sum = |f: &dyn Fn(&GameResult) -> u64| won.iter().map(|r| f(r)).sum::<u64>();
        let clicks_won = sum(&|r| u64::from(r.clicks));
        let zini_won = sum(&|r| r.zini);
        let mut per_bbbv: Vec<f64> = won
            .iter()
            .map(|r| f64::from(r.clicks) / r.bbbv as f64)
            .collect();
        per_bbbv.sort_by(f64::total_cmp);
        let median = match per_bbbv.len() {
            0 => None,
            n if n % 2 == 1 => Some(per_bbbv[n / 2]),
            n => Some((per_bbbv[n / 2 - 1] + per_bbbv[n / 2]) / 2.0),
        };
        Efficiency {
            clicks_won,
            bbbv_won: sum(&|r| r.bbbv),
            zini_won,
            efficiency_won: (!won.is_empty()).then(|| {
                won.iter()
                    .map(|r| r.bbbv as f64 / f64::from(r.clicks))
                    .sum::<f64>()
                    / won.len() as f64
            }),
            median_clicks_per_bbbv_won: median,
            clicks_per_zini_won: (zini_won > 0).then(|| clicks_won as f64 / zini_won as f64),
        }
    }
}

/// A series of seeded games: game `i` (from `first_game`) uses `derive_seed(seed, i)`.
struct Series {
    width: usize,
    height: usize,
    mines: usize,
    rule: FirstClickRule,
    mode: GameMode,
    seed: u64,
    first_game: u64,
    games: u64,
}

#[derive(Debug, Clone, PartialEq, Eq)]
struct GameResult {
    won: bool,
    guesses: u32,
    cpu_ns: u64,
    failed: bool,
    /// Clicks (see [`Efficiency`]).
    clicks: u32,
    /// 3BV of the layout (0 when no layout was drawn).
    bbbv: u64,
    /// ZiNi of the layout of a won game (0 otherwise).
    zini: u64,
}

/// Runs the games and prints the report.
pub fn run(args: &Args) -> Result<()> {
    if !args.merge.is_empty() {
        return merge::run(&args.merge, args.json);
    }
    let rule = FirstClickRule::from_name(&args.rule)
        .with_context(|| format!("unknown rule {:?}: use safe, opening or none", args.rule))?;
    let mode = GameMode::from_name(&args.mode)
        .with_context(|| format!("unknown mode {:?}: use normal, hardcore or fair", args.mode))?;
    let (preset_name, width, height, mines) = args.board.resolve()?;
    // Checks the size and mine count once, with a clear message.
    GameConfig::new(width, height, mines, rule, 0)?;
    if args.games == 0 {
        bail!("--games must be at least 1");
    }
    let level = if args.fast { Level::Fast } else { Level::Full };
    let style = Style::from_name(&args.style).with_context(|| {
        format!(
            "unknown style {:?}: use normal, efficient or nf-efficient",
            args.style
        )
    })?;
    let mut player = PlayerConfig::new(level, rule).tuned_for_density(width * height, mines);
    if let Some(cell) = &args.first_click {
        let (x, y) = parse_cell(cell)?;
        if x >= width || y >= height {
            bail!("--first-click {x},{y} is outside the {width}x{height} board");
        }
        player.first_click = Some((x, y));
    }
    if let Some(weight) = args.progress_weight {
        if !(weight.is_finite() && weight >= 0.0) {
            bail!("--progress-weight must be a number at least 0");
        }
        player.progress_weight = weight;
    }
    if let Some(layouts) = args.endgame_layouts {
        player.endgame_max_layouts = layouts;
    }
    if let Some(nodes) = args.endgame_nodes {
        player.endgame_max_nodes = nodes;
    }
    let threads = args.threads.unwrap_or_else(|| {
        std::thread::available_parallelism()
            .map(|n| n.get())
            .unwrap_or(1)
    });

    let progress = ProgressBar::with_draw_target(Some(args.games), ProgressDrawTarget::stderr());
    progress.set_style(
        ProgressStyle::with_template("{bar:40} {pos}/{len} games, {per_sec}, eta {eta}")
            .unwrap_or_else(|_| ProgressStyle::default_bar()),
    );
    let series = Series {
        width,
        height,
        mines,
        rule,
        mode,
        seed: args.seed,
        first_game: args.first_game,
        games: args.games,
    };
    let started = Instant::now();
    let results = play_series(&series, &player, style, threads, &progress)?;
    progress.finish_and_clear();
    let wall_seconds = started.elapsed().as_secs_f64();

    let games = results.len() as u64;
    let wins = results.iter().filter(|r| r.won).count() as u64;
    let guesses: u64 = results.iter().map(|r| u64::from(r.guesses)).sum();
    let cpu_ns: u64 = results.iter().map(|r| r.cpu_ns).sum();
    let first_click = player.first_click_cell(width, height);
    let report = Report {
        setup: Setup {
            preset: preset_name,
            width,
            height,
            mines,
            rule: rule.name().to_string(),
            mode: mode.name().to_string(),
            level: if args.fast { "fast" } else { "full" }.to_string(),
            style: style.name().to_string(),
            progress_weight: player.progress_weight,
            endgame_layouts: player.endgame_max_layouts,
            endgame_nodes: player.endgame_max_nodes,
            first_click: [first_click.0, first_click.1],
            player: format!("{player:?}"),
            version: env!("CARGO_PKG_VERSION").to_string(),
            seed: args.seed,
        },
        first_game: args.first_game,
        games,
        wins,
        win_rate: wins as f64 / games as f64,
        ci95: wilson_interval(wins, games),
        guesses,
        mean_guesses: guesses as f64 / games as f64,
        cpu_ns,
        cpu_ms_per_game: cpu_ns as f64 / 1e6 / games as f64,
        wall_seconds,
        threads,
        engine_failures: results.iter().filter(|r| r.failed).count() as u64,
        efficiency: Efficiency::of(&results),
    };
    if args.json {
        println!("{}", serde_json::to_string(&report)?);
    } else {
        print_text(&report);
    }
    Ok(())
}

/// Plays the series on `threads` workers. The results come back in game order, and each
/// game depends only on its seed, so they do not depend on the thread count (except for the
/// CPU times).
fn play_series(
    series: &Series,
    player: &PlayerConfig,
    style: Style,
    threads: usize,
    progress: &ProgressBar,
) -> Result<Vec<GameResult>> {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads.max(1))
        .build()
        .context("cannot start the worker threads")?;
    let config_of = |i: u64| {
        GameConfig::new(
            series.width,
            series.height,
            series.mines,
            series.rule,
            derive_seed(series.seed, i),
        )
        .map(|config| config.with_mode(series.mode))
    };
    config_of(series.first_game)?;
    Ok(pool.install(|| {
        (series.first_game..series.first_game + series.games)
            .into_par_iter()
            .map(|i| {
                let config = config_of(i).expect("the size was checked");
                let mut game = Game::new(config);
                let cpu_start = thread_cpu_ns();
                let played = play_game_styled(&mut game, player, style);
                let cpu_ns = thread_cpu_ns().saturating_sub(cpu_start);
                progress.inc(1);
                let (w, h) = (series.width, series.height);
                let bbbv = game
                    .layout()
                    .map_or(0, |l| board_stats(w, h, l).bbbv as u64);
                match played {
                    Ok(p) => GameResult {
                        won: p.played.won,
                        guesses: p.played.guesses,
                        cpu_ns,
                        failed: false,
                        clicks: p.clicks.total(),
                        bbbv,
                        zini: match (p.played.won, game.layout()) {
                            (true, Some(l)) => zini(w, h, l).map_or(0, |z| z.zini as u64),
                            _ => 0,
                        },
                    },
                    Err(_) => GameResult {
                        won: false,
                        guesses: 0,
                        cpu_ns,
                        failed: true,
                        clicks: 0,
                        bbbv,
                        zini: 0,
                    },
                }
            })
            .collect()
    }))
}

fn print_text(r: &Report) {
    println!("{} games={}", r.setup.title(), r.games);
    print_wins(r.wins, r.games, r.ci95, r.mean_guesses);
    println!(
        "CPU {:.3} ms per game (thread CPU time), wall {:.1} s on {} threads",
        r.cpu_ms_per_game, r.wall_seconds, r.threads
    );
    print_failures(r.engine_failures);
    let e = &r.efficiency;
    if let (Some(eff), Some(median)) = (e.efficiency_won, e.median_clicks_per_bbbv_won) {
        println!(
            "won games: {} clicks for {} 3BV, mean efficiency {:.1} %, median clicks per 3BV \
             {median:.3}, clicks / ZiNi {}",
            e.clicks_won,
            e.bbbv_won,
            eff * 100.0,
            e.clicks_per_zini_won
                .map_or("-".to_string(), |q| format!("{q:.3}"))
        );
    }
}

/// The text report's lines on wins and guesses (of a shard, or of merged shards).
fn print_wins(wins: u64, games: u64, ci95: [f64; 2], mean_guesses: f64) {
    println!(
        "wins {} / {} = {:.2} % (95 % Wilson interval {:.2} .. {:.2} %)",
        wins,
        games,
        100.0 * wins as f64 / games as f64,
        100.0 * ci95[0],
        100.0 * ci95[1]
    );
    println!("mean guesses per game {mean_guesses:.3}");
}

fn print_failures(engine_failures: u64) {
    if engine_failures > 0 {
        println!("engine failures (counted as losses): {engine_failures}");
    }
}

/// The 95 % Wilson score interval of a proportion.
fn wilson_interval(successes: u64, trials: u64) -> [f64; 2] {
    if trials == 0 {
        return [0.0, 1.0];
    }
    let z = 1.959_963_984_540_054_f64;
    let n = trials as f64;
    let p = successes as f64 / n;
    let denom = 1.0 + z * z / n;
    let centre = (p + z * z / (2.0 * n)) / denom;
    let half = z / denom * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt();
    [(centre - half).max(0.0), (centre + half).min(1.0)]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wilson_interval_known_values() {
        // 41 wins in 100: the Wilson interval is 0.3187 .. 0.5080 (worked by hand).
        let [lo, hi] = wilson_interval(41, 100);
        assert!(
            (lo - 0.3187).abs() < 1e-4 && (hi - 0.5080).abs() < 1e-4,
            "{lo} {hi}"
        );
        assert_eq!(wilson_interval(0, 0), [0.0, 1.0]);
        let [lo, hi] = wilson_interval(10, 10);
        assert!(hi > 0.999_999 && lo > 0.7, "{lo} {hi}");
    }

    #[test]
    fn results_do_not_depend_on_the_thread_count() {
        let series = Series {
            width: 9,
            height: 9,
            mines: 10,
            rule: FirstClickRule::Safe,
            mode: GameMode::Normal,
            seed: 7,
            first_game: 0,
            games: 200,
        };
        let player = PlayerConfig::new(Level::Full, FirstClickRule::Safe);
        let hidden = ProgressBar::hidden();
        let strip = |results: Vec<GameResult>| -> Vec<(bool, u32, bool)> {
            results
                .into_iter()
                .map(|r| (r.won, r.guesses, r.failed))
                .collect()
        };
        let one = strip(play_series(&series, &player, Style::Normal, 1, &hidden).unwrap());
        let two = strip(play_series(&series, &player, Style::Normal, 2, &hidden).unwrap());
        assert_eq!(one, two);
        assert!(one.iter().any(|r| r.0) && one.iter().any(|r| !r.0));
        // A shard starting at game 100 plays the same games as the second half.
        let shard = Series {
            first_game: 100,
            games: 100,
            ..series
        };
        assert_eq!(
            strip(play_series(&shard, &player, Style::Normal, 2, &hidden).unwrap()),
            one[100..].to_vec()
        );
    }
}
