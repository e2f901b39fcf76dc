//! Random positions for the engine's tests, as a game would have them: a few clicks on safe
//! cells of a real layout, with their cascades.

use crate::board::CellIdx;
use crate::game::Game;
use crate::rng::GameRng;

/// Clicks `clicks` times on a hidden safe cell of `layout` chosen at random (fewer when none
/// is left), so the board shows what those clicks and their cascades revealed.
pub(crate) fn click_random_safe_cells(
    game: &mut Game,
    layout: &[bool],
    rng: &mut GameRng,
    clicks: u64,
) {
    let width = game.board().width();
    for _ in 0..clicks {
        let safe: Vec<usize> = (0..layout.len())
            .filter(|&i| !layout[i] && game.board().cell(CellIdx(i as u32)).is_unrevealed())
            .collect();
        if safe.is_empty() {
            break;
        }
        let i = safe[rng.below(safe.len() as u64) as usize];
        let _ = game.reveal(i % width, i / width);
    }
}

/// A `width` x `height` layout with `mines` mine draws (with replacement, so maybe fewer
/// mines), and a game on it after 1 to `max_clicks` random clicks on safe cells.
pub(crate) fn random_game(
    rng: &mut GameRng,
    width: usize,
    height: usize,
    mines: usize,
    max_clicks: u64,
) -> (Game, Vec<bool>) {
    let n = width * height;
    let mut layout = vec![false; n];
    for _ in 0..mines {
        layout[rng.below(n as u64) as usize] = true;
    }
    let mut game = Game::from_layout(width, height, layout.clone()).unwrap();
    let clicks = 1 + rng.below(max_clicks);
    click_random_safe_cells(&mut game, &layout, rng, clicks);
    (game, layout)
}
