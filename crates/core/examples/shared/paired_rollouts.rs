//! The value of one move against another in a position, by rollouts (`policy_disagreements`,
//! `peer_positions`).

use mineseer_core::game::{Game, GameState};
use mineseer_core::player::{play_game, PlayerConfig};
use mineseer_core::probability::solve_board;
use mineseer_core::rng::GameRng;
use mineseer_core::sample::LayoutSampler;
use mineseer_core::Board;

/// The mean over `n` exactly uniform layouts of (win after `a`) minus (win after `b`), both
/// games finished by `config`'s player, with the variance of that mean; `None` when the
/// position cannot be sampled or replayed.
///
/// `seed` draws the layouts: give every row of a study its own (its game and its place in
/// the file). A seed shared by rows makes the same position, which recurs across games (the
/// first guess after a corner's number), draw the same layouts every time, so the rows' errors
/// add up instead of averaging out and their summed standard error is far too small.
pub fn paired_rollouts(
    board: &Board,
    config: &PlayerConfig,
    a: (usize, usize),
    b: (usize, usize),
    n: u32,
    seed: u64,
) -> Option<(f64, f64)> {
    let analysis = solve_board(board, &config.solve).ok()?;
    let sampler = LayoutSampler::new(board, &analysis, &config.solve).ok()?;
    let mut rng = GameRng::new(seed);
    let (mut sum, mut squares) = (0.0, 0.0);
    for _ in 0..n {
        let game = Game::at_position(board, sampler.draw(&mut rng))?;
        let wins = |(x, y): (usize, usize)| -> f64 {
            let mut game = game.clone();
            if game.reveal(x, y).is_ok() && game.state() == GameState::Playing {
                let _ = play_game(&mut game, config);
            }
            f64::from(u8::from(game.state() == GameState::Won))
        };
        let d = wins(a) - wins(b);
        sum += d;
        squares += d * d;
    }
    let n = f64::from(n);
    let mean = sum / n;
    Some((mean, (squares / n - mean * mean).max(0.0) / n))
}
