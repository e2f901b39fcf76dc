//! The auto-player: at every turn, the move to play and the reason a page can show.
//!
//! [`next_moves`] looks at the player's view only (a [`Board`]: it never sees the mines) and
//! goes through these phases, the first that yields a move wins:
//! 1. **Opening**: nothing revealed yet: the first click, at a corner under `safe` and `none`
//!    (three neighbours: the best chance of a 0), at (3,3) clamped to the board under
//!    `opening`, or where the caller asks ([`PlayerConfig::first_click`]).
//! 2. **Certain**: one exact analysis ([`solve_board_with`], this thread's kept scratch);
//!    every cell with probability 0 is revealed (all of them at once: they stay safe whatever
//!    the others show). Certain mines are flagged only when [`PlayerConfig::flag_mines`] asks
//!    for it.
//! 3. **Forced guess**: when the position holds a forced guess ([`crate::dead::forced_guesses`]:
//!    a 50/50 pair or 2x2 box that no reveal outside it can ever settle), its safest cell is
//!    played now ([`Reason::ForcedGuess`]): it must be taken anyway, so taking it first risks
//!    nothing more, and its number may spare a guess elsewhere. (Measured neutral on win rate,
//!    since the endgame solver took most of these 50/50s anyway: beginner 20,000 paired games
//!    the same, expert 4,000 5 better / 7 worse, intermediate 20,000 7 / 6; it is about the
//!    reason shown and taking them before other guesses.)
//! 4. **Endgame**: when few layouts are left ([`PlayerConfig::endgame_max_layouts`]), the exact
//!    endgame solver ([`crate::endgame`]) plays the move with the best chance to win.
//! 5. **Guess**: at [`Level::Fast`] the safest cell, ties broken by fewer hidden neighbours
//!    (corners, edges, cells off the front), which favours the chance of a 0. At
//!    [`Level::Full`] the candidates are the cells whose safety is within
//!    [`PlayerConfig::candidate_tolerance`] of the best, and a few floating cells (off the
//!    front) when they are nearly as safe as the best front cell
//!    ([`PlayerConfig::floating_tolerance`]). Each candidate is revealed in thought with every
//!    number it can show; the exact engine then says how likely each number is and how safe
//!    the best moves after it would be. The score is this **secondary safety**, the chance of
//!    surviving the guess *and* the next move, over **living** cells only (a certain move
//!    counts as safety 1, which rewards **progress**, unless the cell plainly can show one
//!    number only), the best and second-best next safety blended 4:1
//!    ([`PlayerConfig::second_safety_weight`]; JSMinesweeper's scoring), with a small bonus
//!    for progress ([`PlayerConfig::progress_weight`]) and, on dense boards, the 50/50
//!    influence (`player/long_term.rs`, [`PlayerConfig::fifty_influence_weight`]).
//!    Candidates that can show only one number are **dead** (they teach nothing) and are
//!    played only when every candidate is dead.
//!
//! How the certain cells are opened is a style (`player/efficient.rs`, [`Style`]): one click
//! each (normal), or flags and chords where they save clicks (efficient, no-flag efficient),
//! with the same guesses at the same points of the game. `click_hints.rs` gives Analyze's
//! chord hints (the numbers whose chord saves clicks) and the efficient style's next click.
//!
//! Each phase is a file of its own below this driver ([`next_moves`]): `player/opening.rs`,
//! `certain.rs`, `forced.rs`, `endgame_handoff.rs` and `guess.rs` (with `long_term.rs`, the
//! closed 50/50 shapes of the influence). They read the position through `view.rs` (the
//! safeties of one analysis) and share `config.rs` (the settings) and `moves.rs` (moves,
//! reasons, work counts); those three depend on no phase, and no phase on this driver.
//!
//! Mechanisms that lost their paired games left with their settings (issue 31; their results
//! are in the journal and their code in git): AUTO's opening rule until the first 0, the
//! isolated regions solved alone, a larger endgame budget capped by layout visits, pseudo-50/50s
//! taken first, dominance and single-safest swaps, the living anchor, small pockets deferred,
//! the witness test of dead cells, the plain scoring and its own progress weight before the
//! first 0, an information bonus, a two-guess look-ahead on small boards, and rollouts on
//! close calls (the endgame estimate, [`crate::estimate`], is the one rollout
//! implementation).
//!
//! The player never reveals a cell the engine proves is a mine and never flags one it does
//! not prove is a mine.
//!
//! The settings' measured effects quoted below are paired comparisons over the same games
//! (`mineseer-lab compare-player`: each game played by both players, the games only one wins
//! counted).

mod certain;
mod click_hints;
mod config;
mod efficient;
mod endgame_handoff;
mod forced;
mod guess;
mod knowledge;
mod long_term;
mod memo;
mod moves;
mod opening;
mod stretch;
mod stretch_choice;
#[cfg(test)]
pub(crate) mod test_positions;
mod view;

use crate::board::{Board, Cell};
use crate::engine::probability::solve_board_with;
use crate::engine::scratch::with_thread_scratch;
use crate::error::SolveError;
use crate::game::{FirstClickRule, Game, GameState};

use certain::certain_moves;
use endgame_handoff::endgame_move;
use forced::forced_guess_move;
use guess::guess_move;
use opening::opening_move;
use view::ProbabilityView;

pub use click_hints::{chord_hints, click_hints, ChordHint, ClickHints};
pub use config::{Level, PlayerConfig};
pub use efficient::{
    play_game_styled, play_game_styled_with, styles_memo, Clicks, Style, StylePlayer, StyledGame,
};
pub(crate) use guess::ranked_guesses;
pub use memo::MoveMemo;
use moves::Work;
pub use moves::{Action, Move, PlayerWork, Reason};

/// The best next move. `Ok(None)` when no hidden cell is left to reveal.
pub fn next_move(board: &Board, config: &PlayerConfig) -> Result<Option<Move>, SolveError> {
    Ok(next_moves(board, config)?.into_iter().next())
}

/// The next moves: every certain move at once, or else one move (opening, endgame or guess).
/// Empty when no hidden cell is left to reveal.
pub fn next_moves(board: &Board, config: &PlayerConfig) -> Result<Vec<Move>, SolveError> {
    next_moves_with(board, config, &Work::default())
}

/// [`next_moves`], adding the analyses it made to `work`.
pub fn next_moves_counted(
    board: &Board,
    config: &PlayerConfig,
    work: &mut PlayerWork,
) -> Result<Vec<Move>, SolveError> {
    let counter = Work::default();
    let moves = next_moves_with(board, config, &counter);
    counter.add_to(work);
    moves
}

fn next_moves_with(
    board: &Board,
    config: &PlayerConfig,
    work: &Work,
) -> Result<Vec<Move>, SolveError> {
    if !board.cells().iter().any(|c| c.is_unrevealed()) {
        return Ok(Vec::new());
    }
    if !board.cells().iter().any(|c| matches!(c, Cell::Revealed(_))) {
        return Ok(vec![opening_move(board, config)]);
    }
    Work::bump(&work.turns);
    Work::bump(&work.position);
    let analysis = with_thread_scratch(|scratch| solve_board_with(board, &config.solve, scratch))?;
    let mut view = ProbabilityView::new(board, &analysis);

    let mut certain = certain_moves(board, &mut view, config);
    if certain.iter().any(|m| m.action == Action::Reveal) {
        return Ok(certain);
    }

    if let Some(forced) = forced_guess_move(board, &analysis, &mut view, config, work) {
        certain.push(forced);
        return Ok(certain);
    }

    if let Some(endgame) = endgame_move(board, &analysis, config, work)? {
        certain.push(endgame);
        return Ok(certain);
    }

    certain.extend(guess_move(board, &analysis, &mut view, config, work));
    Ok(certain)
}

/// How a game played by [`play_game`] went.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PlayedGame {
    /// Whether the player won.
    pub won: bool,
    /// Guesses made (moves whose reason is a guess, or an endgame move that was not safe for
    /// sure, or a first click under the `none` rule).
    pub guesses: u32,
    /// Moves played.
    pub moves: u32,
}

/// Plays a game to the end. Fails only if the engine fails on a position of the game, which
/// would be a bug, or a position beyond the budget.
pub fn play_game(game: &mut Game, config: &PlayerConfig) -> Result<PlayedGame, SolveError> {
    play_game_counted(game, config, &mut PlayerWork::default())
}

/// [`play_game`], adding the analyses of every turn to `work` ([`next_moves_counted`]).
pub fn play_game_counted(
    game: &mut Game,
    config: &PlayerConfig,
    work: &mut PlayerWork,
) -> Result<PlayedGame, SolveError> {
    play_game_with(game, config, |board| {
        next_moves_counted(board, config, work)
    })
}

/// [`play_game`], taking each position's moves from `moves_of` instead of [`next_moves`]. The
/// moves depend on the board alone, so a caller that plays many layouts of one position can
/// keep the moves of the positions it meets again instead of analysing them again (the
/// estimate's exact checks do: `tests/integration/estimate_vs_exact.rs`). `moves_of` must give what
/// [`next_moves`] with `config` gives; `config` only says which moves count as guesses.
pub fn play_game_with(
    game: &mut Game,
    config: &PlayerConfig,
    mut moves_of: impl FnMut(&Board) -> Result<Vec<Move>, SolveError>,
) -> Result<PlayedGame, SolveError> {
    let mut guesses = 0;
    let mut moves = 0;
    while game.state() == GameState::Playing {
        let batch = moves_of(game.board())?;
        if batch.is_empty() {
            break;
        }
        for mv in batch {
            let risky = match mv.reason {
                Reason::Guess { safety } | Reason::ForcedGuess { safety } => safety < 1.0,
                Reason::Endgame { .. } => true,
                Reason::Opening => config.rule == FirstClickRule::None,
                Reason::Certain => false,
            };
            guesses += u32::from(risky && mv.action == Action::Reveal);
            moves += 1;
            // A move on the game's own board cannot be outside it, and the loop stops once
            // the game is over: these results are moves, not errors.
            let _ = mv.play_on(game);
            if game.state() != GameState::Playing {
                break;
            }
        }
    }
    Ok(PlayedGame {
        won: game.state() == GameState::Won,
        guesses,
        moves,
    })
}

/// Whether revealing `(x, y)` on a copy of `game`, then playing it to the end with the moves
/// of `moves_of` ([`play_game_with`]), wins. A reveal outside the board, or a position the
/// engine cannot analyse, counts as a loss, never a panic.
pub fn wins_after_reveal(
    game: &Game,
    (x, y): (usize, usize),
    config: &PlayerConfig,
    moves_of: impl FnMut(&Board) -> Result<Vec<Move>, SolveError>,
) -> bool {
    let mut game = game.clone();
    if game.reveal(x, y).is_err() {
        return false;
    }
    if game.state() == GameState::Playing {
        let _ = play_game_with(&mut game, config, moves_of);
    }
    game.state() == GameState::Won
}
