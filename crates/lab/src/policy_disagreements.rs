//! A quick check of a guess-policy change on the positions where our intermediate player and
//! JSMinesweeper's chose different cells (issue 16; `../shared/strength/`): for each position
//! the changed player's move is compared with both, and the rollout values say whether the
//! change moves towards the better cell.
//!
//! Run: `cargo run --release -p mineseer-lab -- policy-disagreements TSV
//! [SETTING=VALUE ...]` (settings as in `compare-player`). The player starts from the tuned
//! settings of the positions' board (the ones that made them), so with no setting it should
//! play "ours" on (nearly) every row.
//!
//! Printed, over the rows where JSMinesweeper's cell is clearly better (dV > 2 SE), clearly
//! worse (dV < -2 SE), and all rows: how often the player picks JSMinesweeper's cell, ours,
//! or another cell; and the sum of dV over the rows where it picks JSMinesweeper's cell, an
//! estimate of the wins gained per 20,000 games (the positions came from 20,000 games) on
//! the rows whose two cells were rolled out (another cell has no value; it is counted apart).
//! With `PICKS=1` in the environment, each row's pick also goes to stderr: id, `jsm`, `ours` or
//! `other`, and the cell. With `ROLLOUTS=N`, each row where the player picks another cell is
//! valued: N layouts drawn exactly uniformly, each played to the end by the player after
//! JSMinesweeper's cell and after the new one (the same layouts for both), and the sum of the
//! differences (JSMinesweeper's minus the new cell's) is printed with its standard error.

use mineseer_core::board::Cell;
use mineseer_core::formats::parse_mine;
use mineseer_core::player::{next_moves, Action};
use mineseer_core::rng::derive_seed;

use crate::shared::paired_rollouts::paired_rollouts;
use crate::shared::player_settings::PositionsPlayer;

/// The master seed of the rollouts; each row draws from its own seed derived from it.
const ROLLOUT_SEED: u64 = 0x5eed;

const USAGE: &str = "usage: policy-disagreements TSV [SETTING=VALUE ...]";

#[derive(Default)]
struct Tally {
    rows: u64,
    jsm: u64,
    ours: u64,
    other: u64,
    gain: f64,
}

impl Tally {
    fn add(&mut self, pick: Pick, dv: f64) {
        self.rows += 1;
        match pick {
            Pick::Jsm => {
                self.jsm += 1;
                self.gain += dv;
            }
            Pick::Ours => self.ours += 1,
            Pick::Other => self.other += 1,
        }
    }

    fn print(&self, name: &str) {
        println!(
            "{name:<28} rows {:>5}: JSM's cell {:>5}, ours {:>5}, other {:>4}; \
             sum of dV where JSM's {:+.3}",
            self.rows, self.jsm, self.ours, self.other, self.gain
        );
    }
}

#[derive(Clone, Copy, PartialEq)]
enum Pick {
    Jsm,
    Ours,
    Other,
}

pub fn run(args: Vec<String>) {
    let path = args.get(1).expect(USAGE);
    let text = std::fs::read_to_string(path).expect("the TSV file is readable");
    // Tuned for the positions' board (the first row's), changed as asked.
    let mut player = PositionsPlayer::new(&args[2..], USAGE);
    let (mut positive, mut negative, mut all, mut guesses, mut no_zero) = (
        Tally::default(),
        Tally::default(),
        Tally::default(),
        Tally::default(),
        Tally::default(),
    );
    let picks = std::env::var_os("PICKS").is_some();
    let rollouts: u32 = std::env::var("ROLLOUTS")
        .ok()
        .map(|n| n.parse().expect("ROLLOUTS=N, a whole number"))
        .unwrap_or(0);
    // Over the rows with another cell: the summed value difference and its variance.
    let (mut other_rows, mut other_sum, mut other_var) = (0u32, 0.0f64, 0.0f64);
    let mut header: Vec<&str> = Vec::new();
    let mut others: Vec<String> = Vec::new();
    for (line_number, line) in text.lines().enumerate() {
        let fields: Vec<&str> = line.split('\t').collect();
        if header.is_empty() {
            header = fields;
            continue;
        }
        let get = |name: &str| -> &str {
            let i = header
                .iter()
                .position(|h| *h == name)
                .expect("a known column");
            fields[i]
        };
        let num = |name: &str| -> f64 { get(name).trim_start_matches('+').parse().expect(name) };
        let position = get("position").replace('/', "\n");
        let board = parse_mine(&position).expect("a valid position");
        let config = player.for_board(&board);
        let moves = next_moves(&board, config).expect("the engine solves the position");
        let Some(mv) = moves.iter().find(|m| m.action == Action::Reveal) else {
            continue;
        };
        let ours = (num("our_x") as usize, num("our_y") as usize);
        let jsm = (num("jsm_x") as usize, num("jsm_y") as usize);
        let pick = if (mv.x, mv.y) == jsm {
            Pick::Jsm
        } else if (mv.x, mv.y) == ours {
            Pick::Ours
        } else {
            Pick::Other
        };
        let (dv, se) = (num("dV"), num("se"));
        if pick == Pick::Other && others.len() < 10 {
            others.push(format!("{} ({},{})", get("id"), mv.x, mv.y));
        }
        if picks {
            let name = match pick {
                Pick::Jsm => "jsm",
                Pick::Ours => "ours",
                Pick::Other => "other",
            };
            eprintln!("{}\t{name}\t{}\t{}", get("id"), mv.x, mv.y);
        }
        if pick == Pick::Other && rollouts > 0 {
            if let Some((mean, variance)) = paired_rollouts(
                &board,
                config,
                jsm,
                (mv.x, mv.y),
                rollouts,
                derive_seed(ROLLOUT_SEED, line_number as u64),
            ) {
                other_rows += 1;
                other_sum += mean;
                other_var += variance;
            }
        }
        all.add(pick, dv);
        if get("our_reason") == "guess" {
            guesses.add(pick, dv);
        }
        if !board.cells().contains(&Cell::Revealed(0)) {
            no_zero.add(pick, dv);
        }
        if dv > 2.0 * se {
            positive.add(pick, dv);
        } else if dv < -2.0 * se {
            negative.add(pick, dv);
        }
    }
    println!("settings: {}", args[2..].join(" "));
    positive.print("JSM clearly better (dV>2SE)");
    negative.print("JSM clearly worse (dV<-2SE)");
    guesses.print("our reason guess");
    no_zero.print("before any 0 is revealed");
    all.print("all");
    if !others.is_empty() {
        println!("first rows with another cell: {}", others.join(", "));
    }
    if rollouts > 0 {
        println!(
            "rows with another cell, {rollouts} paired rollouts each: {other_rows} rows, sum of \
             JSM's value minus the new cell's {other_sum:+.3} (SE {:.3})",
            other_var.sqrt()
        );
    }
}
