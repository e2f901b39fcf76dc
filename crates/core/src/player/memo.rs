//! The moves of positions met before. [`next_moves`] depends on the board and the settings
//! alone, so a caller that meets one position many times, as the estimate's rollouts do (the
//! layouts of one position pass through the same positions again and again: the candidate's
//! own number has at most nine values, and a late position's layouts share most of their
//! game), can analyse each position once. The moves it gives are [`next_moves`]'s, so a game
//! played with the memo is the game played without it (`tests/integration/estimate_vs_exact.rs`
//! checks it layout by layout).

use std::collections::HashMap;

use crate::board::Board;
use crate::error::SolveError;

use super::config::PlayerConfig;
use super::moves::Move;
use super::next_moves;

/// Positions kept before the memo starts again: under 5 MB on expert (two bytes a cell, and
/// the moves), and more than a chunk of late-game rollouts meets.
const MAX_POSITIONS: usize = 4096;

/// [`next_moves`] with one setting, remembering the moves of each position it was asked.
#[derive(Debug, Clone)]
pub struct MoveMemo {
    config: PlayerConfig,
    moves: HashMap<Board, Vec<Move>>,
}

impl MoveMemo {
    /// An empty memo of the moves of the player `config`.
    pub fn new(config: PlayerConfig) -> MoveMemo {
        MoveMemo {
            config,
            moves: HashMap::new(),
        }
    }

    /// The settings whose moves this memo keeps.
    pub fn config(&self) -> &PlayerConfig {
        &self.config
    }

    /// [`next_moves`] of `board` with this memo's settings: from the memo when the position was
    /// met before, else analysed and kept. An error is not kept (the next call tries again).
    pub fn next_moves(&mut self, board: &Board) -> Result<Vec<Move>, SolveError> {
        if let Some(moves) = self.moves.get(board) {
            return Ok(moves.clone());
        }
        let moves = next_moves(board, &self.config)?;
        if self.moves.len() >= MAX_POSITIONS {
            self.moves.clear();
        }
        self.moves.insert(board.clone(), moves.clone());
        Ok(moves)
    }

    /// How many positions the memo holds.
    pub fn len(&self) -> usize {
        self.moves.len()
    }

    /// Whether the memo holds no position.
    pub fn is_empty(&self) -> bool {
        self.moves.is_empty()
    }
}
