//! Where the tuned player loses its games (issue 16): plays seeded games and sorts every lost
//! game by the move that lost it (a forced 50/50, an endgame move, a guess) and by how far the
//! game had come (no 0 revealed yet, or the share of safe cells revealed), with the mean
//! safety the player gave the fatal move. A guess policy can only win back the losses it
//! had a choice over, so this says where the points can be.
//!
//! Run: `cargo run --release -p mineseer-lab -- loss-report PRESET GAMES SEED
//! [SETTING=VALUE ...]` (first click rule `safe`, game `i` on `derive_seed(SEED, i)`, the
//! settings as in `compare-player`).

use std::collections::BTreeMap;

use mineseer_core::board::Cell;
use mineseer_core::game::{FirstClickRule, Game, GameConfig, GameState};
use mineseer_core::player::{next_moves, PlayerConfig, Reason};
use mineseer_core::rng::derive_seed;

use crate::shared::series::{series, tuned_player};

const USAGE: &str = "usage: loss-report PRESET GAMES SEED [SETTING=VALUE ...]";

/// The losses of one kind: how many, and the summed safety the player gave the fatal move.
#[derive(Default)]
struct Losses {
    games: u64,
    safety: f64,
}

pub fn run(args: Vec<String>) {
    let (preset, games, master) = series(&args, USAGE);
    let config = tuned_player(preset, &args[4..], USAGE);
    let mut table: BTreeMap<(&str, &str), Losses> = BTreeMap::new();
    let mut won = 0u64;
    for i in 0..games {
        let mut game = Game::new(GameConfig::preset(
            preset,
            FirstClickRule::Safe,
            derive_seed(master, i),
        ));
        let fatal = play(&mut game, &config);
        if game.state() == GameState::Won {
            won += 1;
        }
        if let Some((kind, stage, safety)) = fatal {
            let entry = table.entry((stage, kind)).or_default();
            entry.games += 1;
            entry.safety += safety;
        }
    }
    let lost = games - won;
    println!(
        "{games} games of {}, seed {master}: {won} won, {lost} lost",
        preset.name()
    );
    println!("stage\tfatal move\tlosses\tshare of losses\tpoints of win rate\tmean safety");
    for ((stage, kind), losses) in &table {
        println!(
            "{stage}\t{kind}\t{}\t{:.1} %\t{:.2}\t{:.3}",
            losses.games,
            100.0 * losses.games as f64 / lost.max(1) as f64,
            100.0 * losses.games as f64 / games.max(1) as f64,
            losses.safety / losses.games as f64
        );
    }
}

/// Plays the game to the end, as `play_game` does, and returns the fatal move of a lost game:
/// its kind, the stage of the game, and the player's chance that it was safe (for an endgame
/// move, its chance to win).
fn play(game: &mut Game, config: &PlayerConfig) -> Option<(&'static str, &'static str, f64)> {
    let safe_cells = game.board().len() - game.config().mines();
    while game.state() == GameState::Playing {
        let batch = next_moves(game.board(), config).expect("the engine solves every position");
        if batch.is_empty() {
            return None;
        }
        for mv in batch {
            let opened = game.board().cells().contains(&Cell::Revealed(0));
            let revealed = game.revealed_count();
            let _ = mv.play_on(game);
            if game.state() == GameState::Lost {
                let (kind, safety) = match mv.reason {
                    Reason::ForcedGuess { safety } => ("forced 50/50", safety),
                    Reason::Endgame { win } => ("endgame", win),
                    Reason::Guess { safety } => ("guess", safety),
                    Reason::Opening => ("first click", 0.0),
                    Reason::Certain => ("certain (a bug)", 1.0),
                };
                let share = revealed as f64 / safe_cells as f64;
                let stage = if !opened {
                    "1 before any 0"
                } else if share < 0.25 {
                    "2 under 25 % revealed"
                } else if share < 0.5 {
                    "3 25-50 %"
                } else if share < 0.75 {
                    "4 50-75 %"
                } else {
                    "5 over 75 %"
                };
                return Some((kind, stage, safety));
            }
            if game.state() != GameState::Playing {
                return None;
            }
        }
    }
    None
}
