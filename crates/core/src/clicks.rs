//! The statistics of one played game, from its record: time, clicks, 3BV solved, 3BV/s and
//! efficiency.
//!
//! - **Clicks** are counted as minesweeper.online counts them: every left click (a reveal),
//!   right click (a flag placed or removed) and chord, whether or not it did something; each
//!   kind also counts the clicks that changed the board. Clicks recorded after the game ended
//!   are not part of the game and are not counted.
//! - **Efficiency** is 3BV solved / clicks (minesweeper.online shows it as a percentage): the
//!   board's 3BV for a won game, the 3BV solved before the loss for a lost one. It can exceed
//!   1 with chords and lucky openings.
//! - **Time** is the recorded time of the game's last click (times are milliseconds since the
//!   first click); 3BV/s is 3BV solved over that time.
//!
//! Counts stay integers; [`GameStats::efficiency`] and [`GameStats::bbbv_per_second`] divide
//! only when asked.

use crate::board::Cell;
use crate::board_stats::{bbbv_solved, board_stats, BoardStats};
use crate::game::{GameState, MoveOutcome};
use crate::record::{apply_move, GameRecord, MoveOp};

/// How a recorded game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum GameResult {
    /// Every safe cell was revealed.
    Won,
    /// A mine was revealed.
    Lost,
    /// The record stops before the end.
    Unfinished,
}

impl GameResult {
    /// `won`, `lost` or `unfinished`.
    pub fn name(self) -> &'static str {
        match self {
            GameResult::Won => "won",
            GameResult::Lost => "lost",
            GameResult::Unfinished => "unfinished",
        }
    }
}

/// Clicks of each kind, and those of them that changed the board.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct ClickStats {
    /// Reveals.
    pub left: usize,
    /// Reveals that opened something.
    pub left_effective: usize,
    /// Flags placed or removed.
    pub right: usize,
    /// Right clicks that placed or removed a flag.
    pub right_effective: usize,
    /// Chords.
    pub chord: usize,
    /// Chords that opened something.
    pub chord_effective: usize,
}

impl ClickStats {
    /// Every click.
    pub fn total(&self) -> usize {
        self.left + self.right + self.chord
    }

    /// Every click that changed the board.
    pub fn effective(&self) -> usize {
        self.left_effective + self.right_effective + self.chord_effective
    }
}

/// The statistics of one recorded game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameStats {
    /// How it ended.
    pub result: GameResult,
    /// 3BV, openings and islands of the layout.
    pub board: BoardStats,
    /// 3BV solved: all of it for a won game.
    pub bbbv_solved: usize,
    /// The clicks up to the end of the game.
    pub clicks: ClickStats,
    /// Milliseconds from the first click to the game's last.
    pub time_ms: u64,
}

impl GameStats {
    /// 3BV solved / clicks, `None` without clicks.
    pub fn efficiency(&self) -> Option<f64> {
        let clicks = self.clicks.total();
        (clicks > 0).then(|| self.bbbv_solved as f64 / clicks as f64)
    }

    /// 3BV solved per second, `None` when no time passed.
    pub fn bbbv_per_second(&self) -> Option<f64> {
        (self.time_ms > 0).then(|| self.bbbv_solved as f64 * 1000.0 / self.time_ms as f64)
    }
}

/// Replays a record and counts its statistics.
pub fn game_stats(record: &GameRecord) -> GameStats {
    let mut game = record.replay_game();
    let mut clicks = ClickStats::default();
    let mut time_ms = 0;
    for mv in record.moves() {
        if game.is_over() {
            break;
        }
        let effective = apply_move(&mut game, mv) != MoveOutcome::NoChange;
        time_ms = mv.t;
        let (count, done) = match mv.op {
            MoveOp::Reveal => (&mut clicks.left, &mut clicks.left_effective),
            MoveOp::Flag | MoveOp::Unflag => (&mut clicks.right, &mut clicks.right_effective),
            MoveOp::Chord => (&mut clicks.chord, &mut clicks.chord_effective),
        };
        *count += 1;
        *done += usize::from(effective);
    }
    // A Fair game's board is the layout it ended on (its last redraw): the one solved.
    let layout = game.layout().unwrap_or(record.mines());
    let board = board_stats(record.width(), record.height(), layout);
    let revealed: Vec<bool> = game
        .board()
        .cells()
        .iter()
        .map(|c| matches!(c, Cell::Revealed(_)))
        .collect();
    let solved = bbbv_solved(record.width(), record.height(), layout, &revealed);
    GameStats {
        result: match game.state() {
            GameState::Won => GameResult::Won,
            GameState::Lost => GameResult::Lost,
            GameState::Playing => GameResult::Unfinished,
        },
        board,
        bbbv_solved: solved,
        clicks,
        time_ms,
    }
}
