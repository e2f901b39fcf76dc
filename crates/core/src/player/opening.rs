//! Phase 1, the opening: where the first click goes when nothing is revealed yet. A corner
//! under `safe` and `none` (three neighbours: the best chance of a 0), (3,3) under `opening`
//! (the 3x3 block there is mine-free, so a 0 shows), or where the caller asks.

use crate::board::Board;
use crate::game::FirstClickRule;

use super::config::PlayerConfig;
use super::moves::{Action, Move, Reason};

/// The first click of a game.
pub(super) fn opening_move(board: &Board, config: &PlayerConfig) -> Move {
    let (x, y) = config.first_click_cell(board.width(), board.height());
    Move {
        action: Action::Reveal,
        x,
        y,
        reason: Reason::Opening,
    }
}

impl PlayerConfig {
    /// The cell of the first click on a `width` x `height` board (at least 1 x 1): the one
    /// asked for, else (3,3) under `opening` and a corner otherwise, clamped to the board.
    pub fn first_click_cell(&self, width: usize, height: usize) -> (usize, usize) {
        let clamp = |(x, y): (usize, usize)| {
            (
                x.min(width.saturating_sub(1)),
                y.min(height.saturating_sub(1)),
            )
        };
        match (self.first_click, self.rule) {
            (Some(cell), _) => clamp(cell),
            (None, FirstClickRule::Opening) => clamp((3, 3)),
            (None, _) => (0, 0),
        }
    }
}
