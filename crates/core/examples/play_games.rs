//! Play games: seeded expert games played to the end by the auto-player at its two levels,
//! and their win rates. Game `i` is dealt from `derive_seed(SEED, i)`, as `mineseer play`
//! deals them, so a series is the same on every machine and at any number of threads.
//!
//! 200 games measure a win rate to within about 3.5 points (one standard error), more than
//! the levels differ by: `mineseer play --games 100000` tells them apart.
//!
//! Run: `cargo run --release -p mineseer-core --example play_games`

use mineseer_core::game::{FirstClickRule, Game, GameConfig, Preset};
use mineseer_core::player::{play_game, Level, PlayerConfig};
use mineseer_core::rng::derive_seed;

const GAMES: u64 = 200;
const SEED: u64 = 1;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let preset = Preset::Expert;
    // Under the `safe` rule the first click is never a mine (the player clicks a corner).
    let rule = FirstClickRule::Safe;
    let (width, height, mines) = preset.dimensions();
    for level in [Level::Fast, Level::Full] {
        // Each level's settings, tuned for the board's mine density as every game of the
        // level is (the page and `mineseer play` do the same).
        let player = PlayerConfig::new(level, rule).tuned_for_density(width * height, mines);
        let (mut won, mut guesses) = (0, 0);
        for i in 0..GAMES {
            let mut game = Game::new(GameConfig::preset(preset, rule, derive_seed(SEED, i)));
            let played = play_game(&mut game, &player)?;
            won += u64::from(played.won);
            guesses += u64::from(played.guesses);
        }
        println!(
            "{level:?}: won {won} of {GAMES} expert games ({:.1} %), {:.1} guesses a game",
            100.0 * won as f64 / GAMES as f64,
            guesses as f64 / GAMES as f64
        );
    }
    Ok(())
}
