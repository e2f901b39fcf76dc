//! Phase 4, the endgame hand-off: when few layouts are left
//! ([`PlayerConfig::endgame_max_layouts`]), the exact endgame solver ([`crate::endgame`])
//! plays the move with the best chance to win the game, within its node budget; over it, the
//! guess scoring decides.

use num_bigint::BigUint;

use crate::board::Board;
use crate::endgame::{solve_endgame_analysed, EndgameConfig};
use crate::engine::probability::Analysis;
use crate::error::SolveError;

use super::config::PlayerConfig;
use super::moves::{Action, Move, Reason, Work};

/// The endgame solver's move, when the position is small enough and solved within budget.
pub(super) fn endgame_move(
    board: &Board,
    analysis: &Analysis,
    config: &PlayerConfig,
    work: &Work,
) -> Result<Option<Move>, SolveError> {
    let layouts = config.endgame_max_layouts;
    if layouts == 0 || analysis.solutions() > &BigUint::from(layouts) {
        return Ok(None);
    }
    let endgame_config = EndgameConfig {
        max_layouts: layouts,
        max_nodes: config.endgame_max_nodes,
        solve: config.solve.clone(),
        ..EndgameConfig::default()
    };
    // The turn's analysis is passed on: the position is not analysed again (the test
    // `one_analysis_of_the_position_per_turn` checks it).
    let endgame = solve_endgame_analysed(board, analysis, &endgame_config)?;
    Work::bump(&work.endgame_searches);
    work.endgame_nodes
        .set(work.endgame_nodes.get() + endgame.nodes());
    if endgame.ran_out_of_nodes() {
        Work::bump(&work.endgame_node_limits);
    }
    let (Some((x, y)), Some(win)) = (endgame.best_move(), endgame.win_f64()) else {
        return Ok(None);
    };
    Ok(Some(Move {
        action: Action::Reveal,
        x,
        y,
        reason: Reason::Endgame { win },
    }))
}
