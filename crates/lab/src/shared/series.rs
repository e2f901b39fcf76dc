//! `PRESET GAMES SEED [SETTING=VALUE ...]`, the command line of the lab tools that play a
//! seeded series of games (`compare-player`, `player-work`, `loss-report`, `move-digest`
//! and others).

use mineseer_core::game::{Game, GameState, Preset};
use mineseer_core::player::{Move, PlayerConfig};

use crate::shared::player_settings;

/// The preset, the number of games and the master seed of the series; panics with `usage`
/// when one is missing or invalid.
pub fn series(args: &[String], usage: &str) -> (Preset, u64, u64) {
    let preset = args
        .get(1)
        .and_then(|name| Preset::from_name(name))
        .expect(usage);
    let games: u64 = args.get(2).and_then(|n| n.parse().ok()).expect(usage);
    let master: u64 = args.get(3).and_then(|n| n.parse().ok()).expect(usage);
    (preset, games, master)
}

/// The tuned full player for `preset` under the `safe` rule, with `assignments` applied.
pub fn tuned_player(preset: Preset, assignments: &[String], usage: &str) -> PlayerConfig {
    let (width, height, mines) = preset.dimensions();
    player_settings::tuned(width * height, mines, assignments, usage)
}

/// Plays a batch of the player's moves on `game`, in order, until the game ends.
pub fn play_batch(game: &mut Game, batch: &[Move]) {
    for mv in batch {
        // A move of the player on the game's own board is on the board, and the loop stops
        // once the game is over: these results are moves, not errors.
        let _ = mv.play_on(game);
        if game.state() != GameState::Playing {
            break;
        }
    }
}
