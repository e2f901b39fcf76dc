//! Phase 2, certain moves: every cell the analysis proves safe is revealed, all at once (they
//! stay safe whatever the others show); certain mines are flagged when the caller wants them
//! shown ([`PlayerConfig::flag_mines`]).

use crate::board::Board;

use super::config::PlayerConfig;
use super::moves::{Action, Move, Reason};
use super::view::ProbabilityView;

/// The certain moves of the position: reveals of the cells safe in every layout and, when
/// [`PlayerConfig::flag_mines`] asks for them, flags on the cells that are mines in every
/// layout; in board order.
pub(super) fn certain_moves(
    board: &Board,
    view: &mut ProbabilityView,
    config: &PlayerConfig,
) -> Vec<Move> {
    let mut certain = Vec::new();
    for idx in board.indices() {
        let (x, y) = board.xy(idx);
        match view.safety(idx) {
            Some(s) if s >= 1.0 && view.is_certain_safe(idx) => certain.push(Move {
                action: Action::Reveal,
                x,
                y,
                reason: Reason::Certain,
            }),
            Some(_) if config.flag_mines && view.is_certain_mine(idx) => certain.push(Move {
                action: Action::Flag,
                x,
                y,
                reason: Reason::Certain,
            }),
            _ => {}
        }
    }
    certain
}
