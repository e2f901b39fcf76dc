//! The game's win chance, guess by guess: [`win_line`], the line a review draws the way chess
//! sites draw an engine's evaluation across a game.
//!
//! At the start (the position after the first click) and before every guess of a recorded
//! game (a `guess` or a `blunder` of the review), the position the player saw, flags taken
//! off, is valued:
//! - **exactly** where the endgame solver answers within [`WinLineConfig::endgame`]: the win
//!   chance under best play, the solver's best move, and the exact value of the move played
//!   (revealing it, then best play);
//! - **estimated** everywhere else ([`crate::estimate`]): the top candidate's win chance with
//!   its 95 % interval, the move to play, and the move played valued on the same layouts as
//!   the candidates (it is added to them when it is not one). An estimate is the value of
//!   "the move, then the auto-player", a floor on best play, and is labelled as such.

use crate::board::{Board, Cell};
use crate::combinatorics::Fraction;
use crate::endgame::{solve_endgame, EndgameConfig, EndgameOutcome};
use crate::engine::probability::solve_board;
use crate::estimate::{plan, summarize, EstimateConfig, EstimateError, Rollouts, Tally};
use crate::game::GameState;
use crate::player::Level;
use crate::record::{apply_move, GameRecord};
use crate::review::{without_flags, MoveKind, Review};

/// A win chance: exact, or estimated with its 95 % interval.
#[derive(Debug, Clone, PartialEq)]
pub enum WinChance {
    /// Exact, under best play.
    Exact(Fraction),
    /// Estimated by rollouts of the auto-player (a floor on best play, about).
    Estimate {
        /// The estimate.
        win: f64,
        /// The 95 % interval's lower end.
        lo: f64,
        /// Its upper end.
        hi: f64,
    },
}

impl WinChance {
    /// The chance as the nearest `f64` (the estimate itself for an estimate).
    pub fn to_f64(&self) -> f64 {
        match self {
            WinChance::Exact(win) => win.to_f64(),
            WinChance::Estimate { win, .. } => *win,
        }
    }
}

/// One point of the line.
#[derive(Debug, Clone, PartialEq)]
pub struct WinPoint {
    /// The move of the record valued (a guess), or `None` for the start.
    pub move_index: Option<usize>,
    /// The win chance before the move, with the best play known.
    pub before: WinChance,
    /// The best move known `(x, y)` (the solver's, or the estimate's move to play).
    pub best: (usize, usize),
    /// The win chance of the best move (the same as `before` when exact).
    pub best_win: WinChance,
    /// The value of the move played (none at the start, nor when the solver's move values
    /// ran out of budget).
    pub played: Option<WinChance>,
}

/// The budget of a win line.
#[derive(Debug, Clone, PartialEq)]
pub struct WinLineConfig {
    /// The exact search's budget; over it, the estimate.
    pub endgame: EndgameConfig,
    /// The estimate's candidates, seed and player level.
    pub estimate: EstimateConfig,
    /// Layouts drawn for each estimated point.
    pub rollouts: u64,
}

impl Default for WinLineConfig {
    /// Small enough for a whole game in the page's worker in seconds: 5,000 layouts for the
    /// exact search, and 200 layouts of the fast player after 3 candidates (plus the move
    /// played) for an estimate (about ±7 points).
    fn default() -> WinLineConfig {
        WinLineConfig {
            endgame: EndgameConfig {
                max_layouts: 5_000,
                max_nodes: 200_000,
                move_values: true,
                ..EndgameConfig::default()
            },
            estimate: EstimateConfig {
                candidates: 3,
                level: Level::Fast,
                ..EstimateConfig::default()
            },
            rollouts: 200,
        }
    }
}

/// The win chance at the start and before every guess of `record` (reviewed as `review`),
/// calling `progress(done, total)` after each point.
pub fn win_line(
    record: &GameRecord,
    review: &Review,
    config: &WinLineConfig,
    mut progress: impl FnMut(usize, usize),
) -> Result<Vec<WinPoint>, EstimateError> {
    let valued = |kind| matches!(kind, MoveKind::Guess | MoveKind::Blunder);
    let total = 1 + review.moves.iter().filter(|m| valued(m.kind)).count();
    let mut points = Vec::with_capacity(total);
    let mut game = record.replay_game();
    let mut started = false;
    for (index, played) in record.moves().iter().enumerate() {
        let kind = review.moves.get(index).map(|m| m.kind);
        if started && kind.is_some_and(valued) && game.state() == GameState::Playing {
            let seen = without_flags(game.board());
            points.push(value(
                &seen,
                Some(index),
                Some((played.x, played.y)),
                config,
            )?);
            progress(points.len(), total);
        }
        apply_move(&mut game, played);
        if !started && kind == Some(MoveKind::First) {
            started = true;
            if game.state() == GameState::Playing {
                let seen = without_flags(game.board());
                points.push(value(&seen, None, None, config)?);
                progress(points.len(), total);
            }
        }
        if game.state() != GameState::Playing {
            break;
        }
    }
    Ok(points)
}

/// The value of one position: exact within the budget, else estimated.
fn value(
    seen: &Board,
    move_index: Option<usize>,
    played: Option<(usize, usize)>,
    config: &WinLineConfig,
) -> Result<WinPoint, EstimateError> {
    let endgame = solve_endgame(seen, &config.endgame)?;
    if let EndgameOutcome::Solved {
        win,
        best_move: Some(best),
    } = endgame.outcome()
    {
        let played_win = played.and_then(|cell| {
            endgame
                .move_values()?
                .iter()
                .find(|(c, _)| *c == cell)
                .map(|(_, w)| WinChance::Exact(w.clone()))
        });
        return Ok(WinPoint {
            move_index,
            before: WinChance::Exact(win.clone()),
            best: *best,
            best_win: WinChance::Exact(win.clone()),
            played: played_win,
        });
    }
    let analysis = solve_board(seen, &config.estimate.solve)?;
    // The move played is valued beside the candidates, on the same layouts.
    let asked = played.filter(|&(x, y)| {
        seen.idx(x, y)
            .is_some_and(|idx| seen.cell(idx) == Cell::Hidden)
    });
    let plan = plan(seen, &analysis, &config.estimate, asked)?;
    let rollouts = Rollouts::new(seen, &analysis, &plan, &config.estimate)?;
    let mut tally = Tally::new(plan.candidates().len());
    rollouts.play(0..config.rollouts, &mut tally);
    let estimate = summarize(&plan, &tally)?;
    let chance = |k: usize| {
        let c = &estimate.candidates[k];
        WinChance::Estimate {
            win: c.win,
            lo: c.lo,
            hi: c.hi,
        }
    };
    let best = &estimate.candidates[estimate.best].candidate;
    Ok(WinPoint {
        move_index,
        before: chance(estimate.top),
        best: (best.x, best.y),
        best_win: chance(estimate.best),
        played: asked.and_then(|cell| plan.position_of(cell)).map(chance),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{FirstClickRule, Game, GameConfig};
    use crate::player::{next_moves, PlayerConfig};
    use crate::record::{MoveOp, RecordMove};
    use crate::review::{review_game, ReviewConfig};

    /// A game of the fast player on a small board, as a record.
    fn played_record(seed: u64) -> GameRecord {
        let config = GameConfig::new(9, 9, 10, FirstClickRule::Safe, seed).unwrap();
        let mut game = Game::new(config);
        let player = PlayerConfig::new(Level::Fast, FirstClickRule::Safe);
        let mut moves = Vec::new();
        while game.state() == GameState::Playing {
            let batch = next_moves(game.board(), &player).unwrap();
            for mv in batch {
                moves.push(RecordMove {
                    op: MoveOp::Reveal,
                    x: mv.x,
                    y: mv.y,
                    t: moves.len() as u64 * 100,
                });
                let _ = mv.play_on(&mut game);
                if game.state() != GameState::Playing {
                    break;
                }
            }
        }
        let layout = game.layout().unwrap().to_vec();
        GameRecord::from_parts(9, 9, &layout, FirstClickRule::Safe, None, &moves).unwrap()
    }

    #[test]
    fn every_guess_and_the_start_get_a_point() {
        let mut with_guesses = 0;
        for seed in 0..12 {
            let record = played_record(seed);
            let review = review_game(&record, &ReviewConfig::default()).unwrap();
            let config = WinLineConfig {
                rollouts: 40,
                ..WinLineConfig::default()
            };
            let mut calls = 0;
            let line = win_line(&record, &review, &config, |_, _| calls += 1).unwrap();
            let guesses = review
                .moves
                .iter()
                .filter(|m| matches!(m.kind, MoveKind::Guess | MoveKind::Blunder))
                .count();
            assert_eq!(line.len(), guesses + 1, "seed {seed}");
            assert_eq!(calls, line.len());
            assert_eq!(line[0].move_index, None);
            for point in &line {
                let before = point.before.to_f64();
                assert!((0.0..=1.0).contains(&before));
                if let (WinChance::Exact(before), Some(WinChance::Exact(played))) =
                    (&point.before, &point.played)
                {
                    // The move played is worth at most best play.
                    assert!(played.to_f64() <= before.to_f64() + 1e-12);
                }
                if let WinChance::Estimate { win, lo, hi } = point.before {
                    assert!(lo <= win && win <= hi);
                }
            }
            with_guesses += usize::from(guesses > 0);
        }
        assert!(with_guesses >= 3, "only {with_guesses} games with a guess");
    }
}
