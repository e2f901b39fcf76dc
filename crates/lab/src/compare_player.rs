//! Paired comparison of the tuned player against the same player with some settings changed,
//! over the same games: each game is played by both, and the games only one of them wins are
//! counted (far less noisy than two separate win rates). The measurements quoted in
//! `player.rs` and docs/BENCHMARKS.md were made this way.
//!
//! Run: `cargo run --release -p mineseer-lab -- compare-player PRESET GAMES SEED
//! [SETTING=VALUE ...]`, PRESET beginner, intermediate or expert, first click rule `safe`
//! unless `rule=opening` (or `rule=none`) says otherwise, game `i` on seed
//! `derive_seed(SEED, i)` as `mineseer play` does. SETTING is a field of
//! `PlayerConfig` (those `shared/player_settings.rs` names: candidate_tolerance,
//! max_candidates, floating_candidates, floating_tolerance, progress_weight,
//! second_safety_weight, fifty_influence_weight, endgame_max_layouts,
//! endgame_max_nodes). `base:SETTING=VALUE`
//! changes both players, to compare a change against another base than today's settings.

use mineseer_core::game::{FirstClickRule, Game, GameConfig, GameState};
use mineseer_core::player::{play_game, Level, PlayerConfig};
use mineseer_core::rng::derive_seed;

use crate::shared::player_settings::apply;
use crate::shared::series::series;

const USAGE: &str =
    "usage: compare-player PRESET GAMES SEED [base:SETTING=VALUE ...] [SETTING=VALUE ...]";

pub fn run(args: Vec<String>) {
    let (preset, games, master) = series(&args, USAGE);
    let (width, height, mines) = preset.dimensions();
    // `rule=NAME` (safe, opening or none) sets the first-click rule of the games and of both
    // players.
    let rule = args[4..]
        .iter()
        .filter_map(|a| a.strip_prefix("rule="))
        .next_back()
        .map_or(FirstClickRule::Safe, |name| {
            FirstClickRule::from_name(name).expect("rule=safe, rule=opening or rule=none")
        });
    let settings: Vec<&String> = args[4..]
        .iter()
        .filter(|a| !a.starts_with("rule="))
        .collect();
    let mut tuned = PlayerConfig::new(Level::Full, rule).tuned_for_density(width * height, mines);
    // `base:SETTING=VALUE` changes both players: the comparison is then against that base.
    for assignment in settings.iter().filter_map(|a| a.strip_prefix("base:")) {
        tuned = apply(tuned, assignment).unwrap_or_else(|e| panic!("{e}\n{USAGE}"));
    }
    let mut changed = tuned.clone();
    for assignment in settings.iter().filter(|a| !a.starts_with("base:")) {
        changed = apply(changed, assignment).unwrap_or_else(|e| panic!("{e}\n{USAGE}"));
    }
    let wins = |config: &PlayerConfig, seed: u64| {
        let mut game = Game::new(GameConfig::preset(preset, rule, seed));
        play_game(&mut game, config).expect("the engine handles every game position");
        game.state() == GameState::Won
    };
    let (mut by_tuned, mut by_changed, mut only_tuned, mut only_changed) = (0u64, 0, 0, 0);
    for i in 0..games {
        let seed = derive_seed(master, i);
        let (t, c) = (wins(&tuned, seed), wins(&changed, seed));
        by_tuned += u64::from(t);
        by_changed += u64::from(c);
        only_tuned += u64::from(t && !c);
        only_changed += u64::from(c && !t);
    }
    println!(
        "{games} games of {}, seed {master}, changed: {}: tuned won {by_tuned}, changed \
         {by_changed}; won only by the tuned player {only_tuned}, only by the changed one \
         {only_changed}",
        preset.name(),
        args[4..].join(" ")
    );
}
