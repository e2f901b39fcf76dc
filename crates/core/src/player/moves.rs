//! What the player answers: a [`Move`] (reveal or flag a cell) with its [`Reason`], and the
//! work it counted on the way ([`PlayerWork`]). Shared by every phase, below all of them.

use std::cell::Cell as Counter;

use crate::game::{Game, GameError, MoveOutcome};

/// What to do with a cell.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Action {
    /// Reveal it.
    Reveal,
    /// Flag it (only ever a certain mine).
    Flag,
    /// Chord on it: a revealed number whose mines are all flagged (only the play styles of
    /// `player/efficient.rs` chord).
    Chord,
}

/// Why the player chose a move.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Reason {
    /// A forced guess ([`crate::dead::forced_guesses`]: a 50/50 pair or a 2x2 box that no
    /// reveal outside it can ever settle), taken as soon as no certain move is left: it must
    /// be taken anyway, and its number may inform the rest of the game.
    ForcedGuess {
        /// The probability that the cell is safe.
        safety: f64,
    },
    /// The first click.
    Opening,
    /// Safe (or, for a flag, a mine) in every consistent layout.
    Certain,
    /// The endgame solver's move, with the chance to win the game from here.
    Endgame {
        /// The exact chance to win under optimal play, as the nearest `f64`.
        win: f64,
    },
    /// A guess, with the chance that the cell is safe.
    Guess {
        /// The probability that the cell is safe.
        safety: f64,
    },
}

/// One move of the player.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Move {
    /// Reveal or flag.
    pub action: Action,
    /// Column.
    pub x: usize,
    /// Row.
    pub y: usize,
    /// Why.
    pub reason: Reason,
}

impl Move {
    /// Plays the move on `game`: reveals the cell, toggles its flag, or chords on it.
    pub fn play_on(&self, game: &mut Game) -> Result<MoveOutcome, GameError> {
        match self.action {
            Action::Reveal => game.reveal(self.x, self.y),
            Action::Flag => game.toggle_flag(self.x, self.y),
            Action::Chord => game.chord(self.x, self.y),
        }
    }
}

/// How much analysing the player did: counted by
/// [`next_moves_counted`](crate::player::next_moves_counted), so tests and measurements can see
/// how many analyses a turn costs.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct PlayerWork {
    /// Turns that needed an analysis (every turn but the first click).
    pub turns: u64,
    /// Analyses of a turn's own position, by the player or by the endgame solver it calls.
    pub position_analyses: u64,
    /// Analyses of positions seen in thought: a candidate revealed with one of its numbers.
    pub lookahead_analyses: u64,
    /// Analyses of the closed 50/50 shapes a position may hold (pseudo-50/50s, influence).
    pub shape_analyses: u64,
    /// Endgame searches started (positions within the endgame's layout budget).
    pub endgame_searches: u64,
    /// Of those, the searches that ran out of nodes: the guess scoring then decides.
    pub endgame_node_limits: u64,
    /// Search nodes of every endgame search, finished or not.
    pub endgame_nodes: u64,
}

/// The counts of a turn, kept in cells so that the look-ahead's callbacks can count too.
#[derive(Default)]
pub(super) struct Work {
    pub(super) turns: Counter<u64>,
    pub(super) position: Counter<u64>,
    pub(super) lookahead: Counter<u64>,
    pub(super) shapes: Counter<u64>,
    pub(super) endgame_searches: Counter<u64>,
    pub(super) endgame_node_limits: Counter<u64>,
    pub(super) endgame_nodes: Counter<u64>,
}

impl Work {
    pub(super) fn bump(counter: &Counter<u64>) {
        counter.set(counter.get() + 1);
    }

    pub(super) fn add_to(&self, total: &mut PlayerWork) {
        total.turns += self.turns.get();
        total.position_analyses += self.position.get();
        total.lookahead_analyses += self.lookahead.get();
        total.shape_analyses += self.shapes.get();
        total.endgame_searches += self.endgame_searches.get();
        total.endgame_node_limits += self.endgame_node_limits.get();
        total.endgame_nodes += self.endgame_nodes.get();
    }
}
