//! Phase 3, forced guesses: a 50/50 pair or 2x2 box that no reveal outside it can ever settle
//! ([`crate::dead::forced_guesses`]) must be guessed anyway, so the player takes it as soon as
//! no certain move is left, before the endgame solver and the guess scoring: it risks nothing
//! more, and its number may spare a guess elsewhere.

use crate::board::{Board, CellIdx};
use crate::dead::forced_guesses;
use crate::engine::probability::Analysis;

use super::config::{Level, PlayerConfig};
use super::guess::lookahead;
use super::moves::{Action, Move, Reason, Work};
use super::view::ProbabilityView;

/// A cell of a forced guess, when the position has one: the safest cell of any group; among
/// equally safe cells, at [`Level::Full`] the best look-ahead score (the number that teaches
/// most), at [`Level::Fast`] board order. `None` also when the search for forced guesses
/// fails (over the budget): the other phases then play as if there were none.
pub(super) fn forced_guess_move(
    board: &Board,
    analysis: &Analysis,
    view: &mut ProbabilityView,
    config: &PlayerConfig,
    work: &Work,
) -> Option<Move> {
    let groups = forced_guesses(board, analysis, &config.solve).ok()?;
    let cells = groups.iter().flat_map(|g| g.cells().iter().copied());
    let score_ties = config.level == Level::Full;
    let (idx, safety) =
        safest_by_lookahead(board, analysis, view, config, work, cells, score_ties)?;
    let (x, y) = board.xy(idx);
    Some(Move {
        action: Action::Reveal,
        x,
        y,
        reason: Reason::ForcedGuess { safety },
    })
}

/// The safest of `cells` (those that can be safe at all), with its safety; among equally safe
/// cells the best look-ahead score when `score_ties`, else the first.
fn safest_by_lookahead(
    board: &Board,
    analysis: &Analysis,
    view: &mut ProbabilityView,
    config: &PlayerConfig,
    work: &Work,
    cells: impl Iterator<Item = CellIdx>,
    score_ties: bool,
) -> Option<(CellIdx, f64)> {
    let mut cells: Vec<(CellIdx, f64)> = cells
        .filter_map(|idx| view.safety(idx).map(|s| (idx, s)))
        .filter(|c| c.1 > 0.0)
        .collect();
    let best = cells.iter().map(|c| c.1).fold(0.0, f64::max);
    cells.retain(|c| c.1 >= best - 1e-9);
    let mut chosen = *cells.first()?;
    if score_ties && cells.len() > 1 {
        let mut best_score = f64::NEG_INFINITY;
        for &(idx, safety) in &cells {
            let Some(look) = lookahead(board, analysis, idx, safety, config, work) else {
                continue;
            };
            let score = look.secondary + config.progress_weight * look.progress;
            if score > best_score {
                best_score = score;
                chosen = (idx, safety);
            }
        }
    }
    Some(chosen)
}
