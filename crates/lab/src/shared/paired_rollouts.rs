//! The value of one move against another in a position, by rollouts (`policy-disagreements`,
//! `peer-positions`).

use mineseer_core::engine::probability::solve_board;
use mineseer_core::estimate::wins_after;
use mineseer_core::game::Game;
use mineseer_core::player::PlayerConfig;
use mineseer_core::rng::GameRng;
use mineseer_core::sample::LayoutSampler;
use mineseer_core::Board;

/// The mean over `n` exactly uniform layouts of (win after `a`) minus (win after `b`), both
/// games finished by `config`'s player, with the variance of that mean; `None` when the
/// position cannot be sampled or replayed. Each game after a move is the estimate's own
/// rollout ([`wins_after`]); the layouts are drawn one after another from one generator
/// seeded by `seed` (not the estimate's `(seed, i)` series), as the studies in the journal
/// drew them, so that their rows can be reproduced.
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
        let wins = |cell| f64::from(u8::from(wins_after(&game, cell, config)));
        let d = wins(a) - wins(b);
        sum += d;
        squares += d * d;
    }
    let n = f64::from(n);
    let mean = sum / n;
    Some((mean, (squares / n - mean * mean).max(0.0) / n))
}
