//! How often a setting changes the tuned player's move, and what kind of move it changes:
//! plays seeded games with the tuned full player and, at every turn where it guesses (or
//! plays an endgame move), asks each changed player for its move in the same position.
//! Far cheaper than paired games for learning whether a setting ever fires, and where.
//!
//! Run: `cargo run --release -p mineseer-lab -- move-changes PRESET GAMES SEED
//! CHANGE [CHANGE ...]`, a CHANGE being `SETTING=VALUE[,SETTING=VALUE...]` (first click rule
//! `safe`, game `i` on `derive_seed(SEED, i)`, as `compare-player` plays them).

use mineseer_core::board::Cell;
use mineseer_core::game::{FirstClickRule, Game, GameConfig, GameState};
use mineseer_core::player::{next_moves, Action, Move, PlayerConfig, Reason};
use mineseer_core::rng::derive_seed;

use crate::shared::player_settings::apply;
use crate::shared::series::{play_batch, series, tuned_player};

const USAGE: &str = "usage: move-changes PRESET GAMES SEED SETTING=VALUE[,SETTING=VALUE...] [...]";

/// The kind of turn, as the tuned player plays it (a guess before any 0 is revealed apart),
/// an index of [`KINDS`]; `KINDS.len()` for the turns not counted.
fn kind(mv: &Move, opened: bool) -> usize {
    match mv.reason {
        Reason::Guess { .. } if !opened => 0,
        Reason::Guess { .. } => 1,
        Reason::ForcedGuess { .. } => 2,
        Reason::Endgame { .. } => 3,
        _ => KINDS.len(),
    }
}
const KINDS: [&str; 4] = [
    "guesses before any 0",
    "guesses after",
    "forced guesses",
    "endgame moves",
];

pub fn run(args: Vec<String>) {
    let (preset, games, master) = series(&args, USAGE);
    let tuned = tuned_player(preset, &[], USAGE);
    let changes: Vec<(String, PlayerConfig)> = args[4..]
        .iter()
        .map(|change| {
            let config = change
                .split(',')
                .try_fold(tuned.clone(), apply)
                .unwrap_or_else(|e| panic!("{e}\n{USAGE}"));
            (change.clone(), config)
        })
        .collect();
    assert!(!changes.is_empty(), "{USAGE}");
    let mut turns = [0u64; KINDS.len()];
    let mut changed = vec![[0u64; KINDS.len()]; changes.len()];
    for i in 0..games {
        let seed = derive_seed(master, i);
        let mut game = Game::new(GameConfig::preset(preset, FirstClickRule::Safe, seed));
        while game.state() == GameState::Playing {
            let batch = next_moves(game.board(), &tuned).expect("the engine handles every game");
            let Some(&first) = batch.first() else { break };
            let opened = game.board().cells().contains(&Cell::Revealed(0));
            let k = kind(&first, opened);
            if batch.len() == 1 && first.action == Action::Reveal && k < KINDS.len() {
                turns[k] += 1;
                for (n, (_, config)) in changes.iter().enumerate() {
                    let other = next_moves(game.board(), config).expect("the engine handles it");
                    if other.first().map(|m| (m.x, m.y)) != Some((first.x, first.y)) {
                        changed[n][k] += 1;
                    }
                }
            }
            play_batch(&mut game, &batch);
        }
    }
    println!("{games} games of {}, seed {master}", preset.name());
    for (n, (change, _)) in changes.iter().enumerate() {
        let parts: Vec<String> = (0..KINDS.len())
            .map(|k| format!("{} of {} {}", changed[n][k], turns[k], KINDS[k]))
            .collect();
        println!("{change}: moves changed: {}", parts.join(", "));
    }
}
