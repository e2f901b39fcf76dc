//! The guesses of one position valued against each other by many paired rollouts (issue 16):
//! meant for the few positions that recur in a large share of games, such as the first guess
//! after the safe corner shows a number, where a fixed answer (a book move) costs no CPU.
//!
//! Run: `cargo run --release -p mineseer-lab -- opening-book POSITION ROLLOUTS SEED
//! THREADS CELL... [-- SETTING=VALUE ...]`. POSITION is a `.mine` file; each CELL is `x,y`
//! or `player` (the tuned player's own choice there). Every rollout draws one exactly uniform
//! layout of the position (seeded by SEED and the rollout's number) and plays each candidate
//! on it, the tuned player (changed as in `compare-player`) finishing every game, so the
//! candidates are compared on the same layouts. Prints each candidate's wins, and its value
//! minus the first candidate's with the standard error of that paired difference.
//!
//! The rollouts are the estimate's (`mineseer_core::estimate`: the same layout series, the
//! same game after each cell); its `Rollouts` itself is not used because it compares at most
//! 8 candidates, all played by a level's own player, where a book study compares up to 64
//! cells with a changed player.

use mineseer_core::engine::probability::solve_board;
use mineseer_core::estimate::{wins_after, LayoutSource};
use mineseer_core::formats::parse_mine;
use mineseer_core::game::Game;
use mineseer_core::player::{next_moves, Action};
use mineseer_core::sample::LayoutSampler;

const USAGE: &str =
    "usage: opening-book POSITION ROLLOUTS SEED THREADS CELL... [-- SETTING=VALUE ...]";

pub fn run(args: Vec<String>) {
    let text = std::fs::read_to_string(args.get(1).expect(USAGE)).expect("POSITION is readable");
    let board = parse_mine(&text).expect("a valid position");
    let rollouts: u64 = args.get(2).and_then(|n| n.parse().ok()).expect(USAGE);
    let seed: u64 = args.get(3).and_then(|n| n.parse().ok()).expect(USAGE);
    let threads: u64 = args.get(4).and_then(|n| n.parse().ok()).expect(USAGE);
    let rest = &args[5.min(args.len())..];
    let split = rest.iter().position(|a| a == "--").unwrap_or(rest.len());
    let settings = &rest[(split + 1).min(rest.len())..];
    let config = crate::shared::player_settings::tuned(board.len(), board.mines(), settings, USAGE);

    let moves = next_moves(&board, &config).expect("the engine solves the position");
    let players_cell = moves
        .iter()
        .find(|m| m.action == Action::Reveal)
        .map(|m| (m.x, m.y))
        .expect("the player reveals a cell");
    let cells: Vec<(usize, usize)> = rest[..split]
        .iter()
        .map(|arg| {
            if arg == "player" {
                return players_cell;
            }
            let (x, y) = arg.split_once(',').expect(USAGE);
            let cell = (x.parse().expect(USAGE), y.parse().expect(USAGE));
            assert!(
                board.idx(cell.0, cell.1).is_some(),
                "{arg} is off the board"
            );
            cell
        })
        .collect();
    assert!(
        !cells.is_empty() && cells.len() <= 64,
        "1 to 64 cells\n{USAGE}"
    );
    eprintln!(
        "the player's own choice: {},{}",
        players_cell.0, players_cell.1
    );

    let analysis = solve_board(&board, &config.solve).expect("the engine solves the position");
    let sampler =
        LayoutSampler::new(&board, &analysis, &config.solve).expect("the position is sampled");
    // One bit per candidate: which of them won on each rollout's layout.
    let outcomes: Vec<u64> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads)
            .map(|t| {
                let (board, config, sampler, cells) = (&board, &config, &sampler, &cells);
                scope.spawn(move || {
                    let mut won = Vec::new();
                    for i in (t..rollouts).step_by(threads as usize) {
                        let game = Game::at_position(board, sampler.layout(seed, i))
                            .expect("a drawn layout fits its position");
                        let mut bits = 0u64;
                        for (c, &cell) in cells.iter().enumerate() {
                            if wins_after(&game, cell, config) {
                                bits |= 1 << c;
                            }
                        }
                        won.push(bits);
                        if t == 0 && won.len() % 1000 == 0 {
                            eprintln!("{} of {rollouts} rollouts", won.len() * threads as usize);
                        }
                    }
                    won
                })
            })
            .collect();
        workers
            .into_iter()
            .flat_map(|w| w.join().expect("a rollout thread"))
            .collect()
    });

    let n = outcomes.len() as f64;
    println!("cell\twins\twin_rate\tminus_first\tse");
    for (c, &(x, y)) in cells.iter().enumerate() {
        let wins = outcomes.iter().filter(|&&b| b >> c & 1 == 1).count();
        let (mut sum, mut squares) = (0.0, 0.0);
        for &bits in &outcomes {
            let d = f64::from((bits >> c & 1) as u8) - f64::from((bits & 1) as u8);
            sum += d;
            squares += d * d;
        }
        let mean = sum / n;
        let se = ((squares / n - mean * mean).max(0.0) / n).sqrt();
        println!(
            "{x},{y}\t{wins}\t{:.5}\t{mean:+.5}\t{se:.5}",
            wins as f64 / n
        );
    }
}
