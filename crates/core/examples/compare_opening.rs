//! Paired comparison of the player's default guessing against AUTO's opening rule
//! (`PlayerConfig::opening_until_zero`) over the same games: each game is played twice, once
//! by each player, and the games only one of them wins are counted (far less noisy than two
//! separate win rates).
//!
//! Run: `cargo run -p mineseer-core --release --example compare_opening -- PRESET GAMES SEED`
//! (PRESET beginner, intermediate or expert; first click rule `safe`; game `i` uses
//! `derive_seed(SEED, i)` as `mineseer play` does).

use mineseer_core::game::{FirstClickRule, Game, GameConfig, GameState, Preset};
use mineseer_core::player::{play_game, Level, PlayerConfig};
use mineseer_core::rng::derive_seed;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let usage = "usage: compare_opening PRESET GAMES SEED";
    let preset = args
        .get(1)
        .and_then(|name| Preset::from_name(name))
        .expect(usage);
    let games: u64 = args.get(2).and_then(|n| n.parse().ok()).expect(usage);
    let master: u64 = args.get(3).and_then(|n| n.parse().ok()).expect(usage);
    let (width, height, mines) = preset.dimensions();
    let scoring = PlayerConfig::new(Level::Full, FirstClickRule::Safe)
        .tuned_for_density(width * height, mines);
    let auto = PlayerConfig {
        opening_until_zero: true,
        ..scoring.clone()
    };
    let wins = |config: &PlayerConfig, seed: u64| {
        let mut game = Game::new(GameConfig::preset(preset, FirstClickRule::Safe, seed));
        play_game(&mut game, config).expect("the engine handles every game position");
        game.state() == GameState::Won
    };
    let (mut by_scoring, mut by_auto, mut only_scoring, mut only_auto) = (0u64, 0u64, 0u64, 0u64);
    for i in 0..games {
        let seed = derive_seed(master, i);
        let (s, a) = (wins(&scoring, seed), wins(&auto, seed));
        by_scoring += u64::from(s);
        by_auto += u64::from(a);
        only_scoring += u64::from(s && !a);
        only_auto += u64::from(a && !s);
    }
    println!(
        "{} games of {}, seed {master}: scoring won {by_scoring}, AUTO's opening {by_auto}; \
         won only by the scoring {only_scoring}, only by AUTO's opening {only_auto}",
        games,
        preset.name()
    );
}
