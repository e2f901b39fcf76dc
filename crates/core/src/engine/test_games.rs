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
