//! How many analyses the auto-player makes per turn (issue 16): plays seeded games with the
//! tuned full player and prints the analyses of each turn's own position and of the
//! positions seen in thought (a candidate revealed with one of its numbers) and of the closed
//! 50/50 shapes (when the settings look for them), per turn.
//!
//! Run: `cargo run --release -p mineseer-lab -- player-work PRESET GAMES SEED
//! [SETTING=VALUE ...]` (first click rule `safe`, game `i` on `derive_seed(SEED, i)`).

use mineseer_core::game::{FirstClickRule, Game, GameConfig};
use mineseer_core::player::{play_game_counted, PlayerWork};
use mineseer_core::rng::derive_seed;

use crate::shared::series::{series, tuned_player};

const USAGE: &str = "usage: player-work PRESET GAMES SEED [SETTING=VALUE ...]";

pub fn run(args: Vec<String>) {
    let (preset, games, master) = series(&args, USAGE);
    let config = tuned_player(preset, &args[4..], USAGE);
    let mut work = PlayerWork::default();
    let mut wins = 0u64;
    for i in 0..games {
        let seed = derive_seed(master, i);
        let mut game = Game::new(GameConfig::preset(preset, FirstClickRule::Safe, seed));
        let played = play_game_counted(&mut game, &config, &mut work)
            .expect("the engine handles every game position");
        wins += u64::from(played.won);
    }
    let per_turn = |n: u64| n as f64 / work.turns.max(1) as f64;
    println!(
        "{games} games of {}, seed {master}: {wins} won; {} analysed turns; analyses of the \
         turn's own position {} ({:.4} per turn), of positions in thought {} ({:.3} per turn), \
         of 50/50 shapes {} ({:.3} per turn); endgame searches {} ({} out of nodes), {} nodes",
        preset.name(),
        work.turns,
        work.position_analyses,
        per_turn(work.position_analyses),
        work.lookahead_analyses,
        per_turn(work.lookahead_analyses),
        work.shape_analyses,
        per_turn(work.shape_analyses),
        work.endgame_searches,
        work.endgame_node_limits,
        work.endgame_nodes,
    );
}
