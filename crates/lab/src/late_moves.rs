//! Late moves valued exactly (issue 16): where two player settings choose differently in a
//! late position, which move is worth more, with no sampling noise.
//!
//! - `late-moves dump PRESET GAMES SEED OUT_DIR [SETTING=VALUE ...]` plays seeded games with
//!   the tuned player (first click rule `safe`, game `i` on `derive_seed(SEED, i)`) and
//!   writes every position of at most 20,000 layouts where its move is not certain, as
//!   `OUT_DIR/g{game}-t{turn}.mine`; one line per position on stdout: the file, its layouts
//!   and the move's reason.
//! - `late-moves pair FILE... -- [SETTING=VALUE ...]` asks the tuned expert player and the
//!   changed one for their move in each position; where they differ, each move is valued
//!   exactly: the sum, over each number the cell can show, of that number's share of the
//!   layouts times the endgame solver's win chance after it (best play from there on; the
//!   solver's budget is 20,000 layouts and 4,000,000 nodes). Prints both moves, their values
//!   and the difference, and at the end the sum of the differences and the players' time.
//!
//! A position where the moves differ counts its difference once, whatever path led there,
//! so summed over the late positions of a series of games it estimates what the change is
//! worth in those positions (the changed player then plays on like the tuned one).

use std::time::Instant;

use mineseer_core::board::Cell;
use mineseer_core::formats::{parse_mine, write_mine};
use mineseer_core::game::{FirstClickRule, Game, GameConfig, GameState, Preset};
use mineseer_core::player::{next_moves, Reason};
use mineseer_core::rng::derive_seed;
use mineseer_core::{solve_board, solve_endgame, Board, EndgameConfig, SolveConfig};
use num_bigint::BigUint;

use crate::shared::series::{play_batch, series, tuned_player};

const USAGE: &str = "usage: late-moves dump PRESET GAMES SEED OUT_DIR [SETTING=VALUE ...] | \
                     late_moves pair FILE... -- [SETTING=VALUE ...]";

/// The most layouts of a position written by `dump` and valued by `pair`.
const MAX_LAYOUTS: u64 = 20_000;

pub fn run(args: Vec<String>) {
    match args.get(1).map(String::as_str) {
        Some("dump") => dump(&args[1..]),
        Some("pair") => pair(&args[2..]),
        _ => panic!("{USAGE}"),
    }
}

fn layouts_of(board: &Board) -> BigUint {
    solve_board(board, &SolveConfig::default())
        .expect("a position of a game has layouts")
        .solutions()
        .clone()
}

fn dump(args: &[String]) {
    let (preset, games, master) = series(args, USAGE);
    let out = args.get(4).expect(USAGE);
    let config = tuned_player(preset, &args[5..], USAGE);
    std::fs::create_dir_all(out).expect("OUT_DIR can be made");
    for game_index in 0..games {
        let seed = derive_seed(master, game_index);
        let mut game = Game::new(GameConfig::preset(preset, FirstClickRule::Safe, seed));
        let mut turn = 0;
        while game.state() == GameState::Playing {
            let board = game.board().clone();
            let batch = next_moves(&board, &config).expect("the player handles its games");
            let Some(first) = batch.first() else {
                break;
            };
            if first.reason != Reason::Certain {
                let layouts = layouts_of(&board);
                if layouts <= BigUint::from(MAX_LAYOUTS) {
                    let name = format!("{out}/g{game_index}-t{turn}.mine");
                    std::fs::write(&name, write_mine(&board)).expect("OUT_DIR is writable");
                    println!("{name}\t{layouts}\t{:?}", first.reason);
                }
            }
            play_batch(&mut game, &batch);
            turn += 1;
        }
    }
}

/// The exact win chance of revealing `(x, y)` in `board` (of `total` layouts) and playing
/// best after it.
fn value_of_move(board: &Board, total: &BigUint, (x, y): (usize, usize)) -> f64 {
    let solver = EndgameConfig {
        max_layouts: MAX_LAYOUTS,
        max_nodes: 4_000_000,
        ..EndgameConfig::default()
    };
    let idx = board.idx(x, y).expect("a move on the board");
    let mut wins = BigUint::from(0u32);
    for value in 0..=8u8 {
        let mut child = board.clone();
        child.set_cell(idx, Cell::Revealed(value));
        // A number no layout allows has nothing to win.
        let Ok(endgame) = solve_endgame(&child, &solver) else {
            continue;
        };
        let win = endgame
            .win()
            .expect("a position after a move is within the solver's budget");
        wins += win.numer() * endgame.layouts() / win.denom();
    }
    mineseer_core::combinatorics::ratio_to_f64(&wins, total)
}

fn pair(args: &[String]) {
    let split = args.iter().position(|a| a == "--").expect(USAGE);
    let (files, settings) = (&args[..split], &args[split + 1..]);
    let base = tuned_player(Preset::Expert, &[], USAGE);
    let changed = tuned_player(Preset::Expert, settings, USAGE);
    let (mut sum, mut sum_of_squares, mut differ) = (0.0, 0.0, 0);
    let (mut base_seconds, mut changed_seconds) = (0.0, 0.0);
    for file in files {
        let text = std::fs::read_to_string(file).expect("FILE is readable");
        let board = parse_mine(&text).expect("FILE is a .mine position");
        let start = Instant::now();
        let a = next_moves(&board, &base).expect("a position of a game")[0];
        base_seconds += start.elapsed().as_secs_f64();
        let start = Instant::now();
        let b = next_moves(&board, &changed).expect("a position of a game")[0];
        changed_seconds += start.elapsed().as_secs_f64();
        if (a.x, a.y) == (b.x, b.y) {
            continue;
        }
        differ += 1;
        let total = layouts_of(&board);
        let va = value_of_move(&board, &total, (a.x, a.y));
        let vb = value_of_move(&board, &total, (b.x, b.y));
        sum += vb - va;
        sum_of_squares += (vb - va) * (vb - va);
        println!(
            "{file}\t{total}\t({},{}) {:?} {va:.5}\t({},{}) {:?} {vb:.5}\t{:+.5}",
            a.x,
            a.y,
            a.reason,
            b.x,
            b.y,
            b.reason,
            vb - va
        );
    }
    println!(
        "{} positions, {differ} moves differ: changed minus tuned {sum:+.4} wins (root of the \
         summed squares {:.4}); the players' moves took {base_seconds:.1} s tuned, \
         {changed_seconds:.1} s changed",
        files.len(),
        sum_of_squares.sqrt()
    );
}
