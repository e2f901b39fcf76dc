//! The moves of positions met before. [`next_moves`] depends on the board and the settings
//! alone, so a caller that meets one position many times, as the estimate's rollouts do (the
//! layouts of one position pass through the same positions again and again: the candidate's
//! own number has at most nine values, a late position's layouts share most of their game, and
//! the games after two candidates of one layout meet again once both cells are open), can
//! analyse each position once. The moves it gives are [`next_moves`]'s, so a game played with
//! the memo is the game played without it (`tests/integration/estimate_vs_exact.rs` checks it
//! layout by layout).
//!
//! The table is a plain open-addressed array. It is native only: in the page's wasm modules it
//! cost 1 to 2 KB gzipped (a `HashMap` of boards 3 KB), which the solver's module, 1.6 KB under
//! its budget, cannot spare; there the memo asks [`next_moves`] every time (the same moves), and
//! the page's estimate worker plays without one.

use crate::board::{Board, Cell};
use crate::error::SolveError;

use super::config::PlayerConfig;
use super::moves::Move;
use super::next_moves;

/// Slots of the table, a power of two. It is emptied when half full: about 4 MB of boards on
/// expert (two bytes a cell), and more positions than a chunk of late-game rollouts meets.
const SLOTS: usize = 1 << 13;

/// [`next_moves`] with one setting, remembering the moves of each position it was asked.
#[derive(Debug, Clone)]
pub struct MoveMemo {
    config: PlayerConfig,
    slots: Vec<Option<(Board, Vec<Move>)>>,
    len: usize,
}

impl MoveMemo {
    /// An empty memo of the moves of the player `config`.
    pub fn new(config: PlayerConfig) -> MoveMemo {
        MoveMemo {
            config,
            slots: Vec::new(),
            len: 0,
        }
    }

    /// The settings whose moves this memo keeps.
    pub fn config(&self) -> &PlayerConfig {
        &self.config
    }

    /// [`next_moves`] of `board` with this memo's settings: from the memo when the position was
    /// met before, else analysed and kept. An error is not kept (the next call tries again).
    pub fn next_moves(&mut self, board: &Board) -> Result<Vec<Move>, SolveError> {
        if cfg!(target_arch = "wasm32") {
            return next_moves(board, &self.config);
        }
        if self.slots.is_empty() || self.len >= SLOTS / 2 {
            self.slots = vec![None; SLOTS];
            self.len = 0;
        }
        // Linear probing from the board's hash: the first empty slot ends the search.
        let mut slot = hash(board) as usize & (SLOTS - 1);
        while let Some((kept, moves)) = &self.slots[slot] {
            if kept == board {
                return Ok(moves.clone());
            }
            slot = (slot + 1) & (SLOTS - 1);
        }
        let moves = next_moves(board, &self.config)?;
        self.slots[slot] = Some((board.clone(), moves.clone()));
        self.len += 1;
        Ok(moves)
    }

    /// How many positions the memo holds.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether the memo holds no position.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
}

/// FNV-1a over the board's cells (the dimensions and mine count of one memo's boards are
/// usually the same, and equality decides anyway).
fn hash(board: &Board) -> u64 {
    board.cells().iter().fold(0xcbf2_9ce4_8422_2325, |h, cell| {
        let byte = match *cell {
            Cell::Hidden => 9,
            Cell::HiddenMine => 10,
            Cell::HiddenSafe => 11,
            Cell::Flag => 12,
            Cell::Revealed(n) => n,
        };
        (h ^ u64::from(byte)).wrapping_mul(0x100_0000_01b3)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::FirstClickRule;
    use crate::player::test_positions::random_position;
    use crate::player::Level;
    use crate::rng::GameRng;

    /// Every answer is `next_moves`'s, for positions asked again soon, later, and after the
    /// table was emptied (more distinct positions than it keeps). Fails if a slot is taken for
    /// another board, or if the table is never emptied.
    #[test]
    fn the_memo_answers_as_next_moves_and_empties_when_half_full() {
        let config = PlayerConfig::new(Level::Fast, FirstClickRule::Safe);
        let mut memo = MoveMemo::new(config.clone());
        let mut rng = GameRng::new(7);
        let positions: Vec<Board> = (0..SLOTS / 2 + 300)
            .map(|_| random_position(&mut rng))
            .collect();
        let mut asked = 0;
        for i in 0..positions.len() {
            // This position, then one met 1, 46 or 91 positions ago (kept, or emptied with the
            // table once it was half full).
            for j in [i, i.saturating_sub(1 + i % 3 * 45)] {
                let board = &positions[j];
                let expected = next_moves(board, &config);
                let kept = memo.next_moves(board);
                match (expected, kept) {
                    (Ok(expected), Ok(kept)) => assert_eq!(kept, expected, "{board:?}"),
                    (Err(_), Err(_)) => {}
                    (expected, kept) => panic!("{board:?}: {expected:?} against {kept:?}"),
                }
                asked += 1;
            }
            assert!(memo.len() <= SLOTS / 2, "{} after {asked}", memo.len());
        }
        assert!(
            memo.len() < positions.len() - SLOTS / 2 + 2,
            "never emptied: {}",
            memo.len()
        );
    }
}
