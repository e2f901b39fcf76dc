//! Makes the endgame bench positions (`benches/endgame_positions/*.mine`): late positions of
//! expert games (30x16, 99 mines) whose number of consistent layouts falls in a band (about
//! 100, 1,000, 5,000 and 20,000).
//!
//! Each game is seeded and played by a simple player: it reveals every cell the probability
//! engine proves safe, and otherwise the cell least likely to be a mine (the first in board
//! order on a tie). Before each move it counts the layouts; the first position in a band not
//! yet filled is kept. A game that loses, or skips below a band, is dropped.
//!
//! Run: `cargo run --release -p mineseer-lab -- gen-endgame-positions [OUT_DIR]
//! [PER_BAND]`. The bench (`benches/endgame.rs`) solves the committed ones and prints their
//! layouts, nodes and times. A larger `PER_BAND` (the default is 3) gives a sample to measure
//! the solver on: `mineseer endgame FILE --json` for each file.

use mineseer_core::formats::write_mine;
use mineseer_core::game::{FirstClickRule, Game, GameConfig, GameState, Preset};
use mineseer_core::{solve_board, Board, SolveConfig};
use num_bigint::BigUint;

/// The bands, as (name, lowest, highest) layout counts.
const BANDS: [(&str, u64, u64); 4] = [
    ("expert-100", 80, 125),
    ("expert-1000", 800, 1_250),
    ("expert-5000", 4_000, 6_000),
    ("expert-20000", 16_000, 20_000),
];

/// Positions kept per band, unless the command line says otherwise.
const PER_BAND: usize = 3;

pub fn run(args: Vec<String>) {
    let out_dir = args
        .get(1)
        .cloned()
        .unwrap_or_else(|| "crates/core/benches/endgame_positions".to_string());
    let per_band: usize = match args.get(2) {
        Some(text) => text.parse().expect("PER_BAND is a number"),
        None => PER_BAND,
    };
    std::fs::create_dir_all(&out_dir).expect("create the output directory");
    let mut kept: Vec<Vec<Board>> = vec![Vec::new(); BANDS.len()];
    let mut seed = 0u64;
    while kept.iter().any(|k| k.len() < per_band) && seed < 100_000 {
        play(seed, &mut kept, per_band);
        seed += 1;
    }
    for ((name, _, _), boards) in BANDS.iter().zip(&kept) {
        for (i, board) in boards.iter().enumerate() {
            let path = format!("{out_dir}/{name}-{}.mine", i + 1);
            std::fs::write(&path, write_mine(board)).expect("write a position");
            println!("{path}");
        }
    }
}

/// Plays one seeded game, keeping the positions that fall in a band still open.
fn play(seed: u64, kept: &mut [Vec<Board>], per_band: usize) {
    let config = GameConfig::preset(Preset::Expert, FirstClickRule::Opening, seed);
    let mut game = Game::new(config);
    let (width, height, _) = Preset::Expert.dimensions();
    game.reveal(width / 2, height / 2)
        .expect("a cell on the board");
    while game.state() == GameState::Playing {
        let board = game.board().clone();
        let Ok(analysis) = solve_board(&board, &SolveConfig::default()) else {
            return;
        };
        let count = analysis.solutions();
        if count < &BigUint::from(BANDS[0].1) {
            return;
        }
        for (band, (_, low, high)) in BANDS.iter().enumerate() {
            let in_band = count >= &BigUint::from(*low) && count <= &BigUint::from(*high);
            if in_band && kept[band].len() < per_band {
                kept[band].push(board.clone());
                return;
            }
        }
        let unrevealed: Vec<_> = board
            .indices()
            .filter(|&i| board.cell(i).is_unrevealed())
            .collect();
        let safe: Vec<_> = unrevealed
            .iter()
            .copied()
            .filter(|&i| analysis.probability(i) == Some(0.0))
            .collect();
        let moves = if safe.is_empty() {
            let safest = unrevealed
                .iter()
                .copied()
                .min_by(|&a, &b| {
                    let pa = analysis.probability(a).unwrap_or(1.0);
                    let pb = analysis.probability(b).unwrap_or(1.0);
                    pa.total_cmp(&pb)
                })
                .expect("a playing game has a hidden cell");
            vec![safest]
        } else {
            safe
        };
        for idx in moves {
            let (x, y) = board.xy(idx);
            if game.reveal(x, y).is_err() || game.state() != GameState::Playing {
                return;
            }
        }
    }
}
