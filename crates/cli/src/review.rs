//! `mineseer review`: the move-by-move review of a recorded game, with its statistics; for a
//! replay of another program, that program's figures beside ours and Metasweeper's comments
//! on the moves.

use std::path::PathBuf;

use anyhow::Result;
use mineseer_core::clicks::GameResult;
use mineseer_core::review::{review_game, Review, ReviewConfig};
use mineseer_core::win_line::{win_line, WinLineConfig};
use mineseer_core::Fraction;
use mineseer_json::{ReviewJson, WinChanceJson, WinPointJson};
use mineseer_replay::json::{CountersJson, ReplayJson};
use mineseer_replay::zini::{zini, Zini, ZiniError};
use serde::Serialize;

#[derive(Debug, clap::Args)]
pub struct Args {
    /// The game: a record (`mineseer-game` JSON, as the page exports it) or a replay of
    /// Minesweeper Arbiter (.avf), Viennasweeper (.rmv), Minesweeper Clone (.mvf) or
    /// Metasweeper (.evf), told apart by the content; `-` reads stdin.
    record: PathBuf,
    /// Print JSON instead of text.
    #[arg(long)]
    json: bool,
    /// Also the game's win chance at the start and before every guess (exact where the
    /// endgame solver answers, else estimated with its interval), with the value of the move
    /// played and the best move: `win_chances` in the JSON.
    #[arg(long)]
    win_chances: bool,
}

/// The review's JSON, with what a replay's program says when the game is a replay.
#[derive(Serialize)]
struct Output {
    #[serde(flatten)]
    review: ReviewJson,
    #[serde(skip_serializing_if = "Option::is_none")]
    replay: Option<ReplayJson>,
    /// ZiNi of the layout (ms_toollib's greedy estimate of the fewest clicks); `null` when
    /// it is not computed (`zini_error` says why).
    zini: Option<usize>,
    /// HZiNi, the human-style ZiNi (openings first); `null` with `zini`.
    hzini: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    zini_error: Option<String>,
    /// The players' counters (IOE, RQP, STNB, throughput, correctness, path, openings,
    /// islands, ZiNi), ours and, for a replay, ms_toollib's on the file.
    counters: CountersJson,
    /// With `--win-chances`: the game's win chance at the start and before every guess.
    #[serde(skip_serializing_if = "Option::is_none")]
    win_chances: Option<Vec<WinPointJson>>,
}

pub fn run(args: &Args) -> Result<()> {
    let game = crate::record::read_game(&args.record, true)?;
    let review = review_game(&game.record, &ReviewConfig::default())?;
    let r = &game.record;
    let zini = zini(r.width(), r.height(), r.mines());
    let replay = game.replay.as_ref().map(ReplayJson::new);
    let counters = match &game.replay {
        Some(replay) => CountersJson::of_replay(replay),
        None => CountersJson::of_record(r),
    };
    let line = if args.win_chances {
        let points = win_line(&game.record, &review, &WinLineConfig::default(), |_, _| {})?;
        Some(points.iter().map(WinPointJson::new).collect::<Vec<_>>())
    } else {
        None
    };
    if args.json {
        let output = Output {
            review: ReviewJson::new(&review),
            replay,
            zini: zini.as_ref().ok().map(|z| z.zini),
            hzini: zini.as_ref().ok().map(|z| z.hzini),
            zini_error: zini.as_ref().err().map(|e| e.to_string()),
            counters,
            win_chances: line,
        };
        println!("{}", serde_json::to_string(&output)?);
    } else {
        print_text(&review, replay.as_ref(), game.record.origin(), &zini);
        print_counters(&counters, replay.as_ref().map(|r| r.program));
        if let Some(line) = &line {
            print_win_line(line);
        }
    }
    Ok(())
}

/// The counters as text: a line per counter, the program's beside ours for a replay, and
/// what is missing said instead of a number.
fn print_counters(counters: &CountersJson, program: Option<&str>) {
    let value = |v: Option<f64>, count: bool| match v {
        Some(v) if count => format!("{v:.0}"),
        Some(v) => format!("{v:.3}"),
        None => "-".to_string(),
    };
    match program {
        Some(program) => println!("counters (ours, {program}'s as ms_toollib reads it):"),
        None => println!("counters:"),
    }
    for row in &counters.rows {
        let mut line = format!("  {:<12} {:>10}", row.name, value(row.ours, row.count));
        if program.is_some() {
            line += &format!(" {:>10}", value(row.program, row.count));
        }
        line += &format!("  {}", row.unit);
        if let Some(why) = &row.missing {
            line += &format!("; ours {why}");
        }
        println!("{line}");
    }
}

/// The win-chance line as text: a line per point.
fn print_win_line(line: &[WinPointJson]) {
    let chance = |c: &WinChanceJson| match (c.lo, c.hi) {
        (Some(lo), Some(hi)) => format!(
            "~{:.1} % ({:.1}-{:.1}, estimated)",
            c.win * 100.0,
            lo * 100.0,
            hi * 100.0
        ),
        _ => format!("{:.1} % (exact)", c.win * 100.0),
    };
    println!("win chance, at the start and before each guess:");
    for point in line {
        let at = match point.move_index {
            Some(i) => format!("move {i:>3}"),
            None => "start   ".to_string(),
        };
        let played = match &point.win_move {
            Some(c) => format!(", the move played {}", chance(c)),
            None => String::new(),
        };
        println!(
            "  {at}: {}, best ({},{}) {}{played}",
            chance(&point.win_before),
            point.win_best.x,
            point.win_best.y,
            chance(&point.win_best.chance)
        );
    }
}

/// The replay's origin, and its program's figures beside ours.
fn print_replay(replay: &ReplayJson, origin: Option<&mineseer_core::record::RecordOrigin>) {
    let mut from = format!("{} replay (.{})", replay.program, replay.format);
    if let Some(origin) = origin {
        from += &format!(", written by {:?}", origin.program);
        if let Some(player) = &origin.player {
            from += &format!(", player {player}");
        }
        if let Some(date) = &origin.date {
            from += &format!(", {date}");
        }
    }
    println!("{from}");
    println!("{:<17} {:>12} {:>12}", "figure", "ours", "program");
    for d in &replay.figures {
        let mark = if d.why.is_empty() {
            String::new()
        } else {
            format!("  differs: {}", d.why)
        };
        println!("{:<17} {:>12} {:>12}{mark}", d.name, d.ours, d.program);
    }
    // The program's ZiNi is a row of the counters table, beside ours.
    if replay.clicks_off_board > 0 {
        println!(
            "{} click(s) off the board are counted by the program but are not moves",
            replay.clicks_off_board
        );
    }
}

fn percent(f: &Fraction) -> String {
    format!("{:.1} %", f.to_f64() * 100.0)
}

fn print_text(
    review: &Review,
    replay: Option<&ReplayJson>,
    origin: Option<&mineseer_core::record::RecordOrigin>,
    zini: &Result<Zini, ZiniError>,
) {
    if let Some(replay) = replay {
        print_replay(replay, origin);
    }
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
        "clicks {} (left {}/{}, right {}/{}, chord {}/{} did something), efficiency {}; {}",
        c.total(),
        c.left_effective,
        c.left,
        c.right_effective,
        c.right,
        c.chord_effective,
        c.chord,
        optional(stats.efficiency().map(|e| e * 100.0), 1) + " %",
        zini_line(stats.result == GameResult::Won, c.total(), zini),
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
        if m.redraw {
            line += " (fair: the mines were drawn again)";
        }
        for comment in replay
            .iter()
            .flat_map(|r| &r.comments)
            .filter(|c| c.move_index == i)
        {
            line += &format!(", Metasweeper: {}", comment.kind.replace('-', " "));
            if let Some(survival) = comment.survival {
                line += &format!(" (survival {:.1} %)", survival * 100.0);
            }
        }
        if let Some(win) = &m.win_before {
            line += &format!(", win {}", percent(win));
            // The move's own win chance, where it cost some: luck aside, what it was worth.
            if let Some(value) = m.win_move.as_ref().filter(|&v| v != win) {
                line += &format!(" (this move {})", percent(value));
            }
            if let Some(after) = &m.win_after {
                line += &format!(" -> {}", percent(after));
            }
        }
        println!("{line}");
    }
}

/// "ZiNi 178: 84 % of the fewest" for a won game of 212 clicks (ZiNi / clicks: 100 % plays as
/// few clicks as ZiNi's estimate, more is possible since ZiNi is greedy); ZiNi and HZiNi alone
/// otherwise, since a lost game did not need every click.
pub(crate) fn zini_line(won: bool, clicks: usize, zini: &Result<Zini, ZiniError>) -> String {
    match zini {
        Ok(z) if won && clicks > 0 => format!(
            "ZiNi {}: {:.0} % of the fewest (HZiNi {})",
            z.zini,
            z.zini as f64 * 100.0 / clicks as f64,
            z.hzini
        ),
        Ok(z) => format!(
            "ZiNi {}, HZiNi {} (the estimated fewest clicks)",
            z.zini, z.hzini
        ),
        Err(err) => err.to_string(),
    }
}
