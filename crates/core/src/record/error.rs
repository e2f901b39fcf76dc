//! Why a record cannot be read: [`RecordError`] and its [`RecordErrorKind`], each with the
//! message a player reads. Apart from the record's checks because it is their whole
//! vocabulary of refusals.

use std::fmt;

use crate::game::{FirstClickRule, GameMode, RedrawMisfit, MAX_GAME_DIMENSION};

use super::{MAX_RECORD_MOVES, RECORD_FORMAT, RECORD_VERSION};

/// A record that cannot be read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RecordError {
    pub(super) kind: RecordErrorKind,
}

/// What is wrong with a record.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum RecordErrorKind {
    /// The `format` field is not [`RECORD_FORMAT`].
    Format {
        /// What the file says.
        found: String,
    },
    /// The `version` is not one this build reads.
    Version {
        /// What the file says.
        found: u64,
    },
    /// Width or height outside 1..=[`MAX_GAME_DIMENSION`].
    BadSize {
        /// The width given.
        width: u64,
        /// The height given.
        height: u64,
    },
    /// The first-click rule's name is unknown.
    UnknownRule {
        /// The name given.
        name: String,
    },
    /// The mine count differs from the mines listed.
    MineCount {
        /// The `mines` field.
        mines: u64,
        /// Mines in `layout`.
        listed: usize,
    },
    /// A mine outside the board.
    MineOutside {
        /// Column.
        x: i64,
        /// Row.
        y: i64,
        /// Board width.
        width: usize,
        /// Board height.
        height: usize,
    },
    /// A mine listed twice.
    DuplicateMine {
        /// Column.
        x: i64,
        /// Row.
        y: i64,
    },
    /// More moves than [`MAX_RECORD_MOVES`].
    TooManyMoves {
        /// Moves in the record.
        moves: usize,
    },
    /// A move whose op is unknown.
    UnknownOp {
        /// The move's index (0-based).
        index: usize,
        /// The op given.
        op: String,
    },
    /// A move outside the board.
    MoveOutside {
        /// The move's index (0-based).
        index: usize,
        /// Column.
        x: i64,
        /// Row.
        y: i64,
        /// Board width.
        width: usize,
        /// Board height.
        height: usize,
    },
    /// A move whose time is negative or earlier than the move before it.
    TimeBackwards {
        /// The move's index (0-based).
        index: usize,
        /// Its time.
        t: i64,
    },
    /// The first reveal breaks the first-click rule the record names.
    FirstClickRule {
        /// The move's index.
        index: usize,
        /// Column.
        x: usize,
        /// Row.
        y: usize,
        /// The rule.
        rule: FirstClickRule,
    },
    /// The training mode's name is unknown.
    UnknownMode {
        /// The name given.
        name: String,
    },
    /// Redraws in a record whose mode is not `fair`.
    RedrawsNotFair {
        /// The record's mode.
        mode: GameMode,
    },
    /// A redraw whose move is not a reveal or chord of the record, or not after the
    /// redraw before it.
    RedrawMove {
        /// The redraw's index (0-based).
        redraw: usize,
        /// The move it names.
        move_index: i64,
    },
    /// A redraw's mine outside the board.
    RedrawMineOutside {
        /// The redraw's move.
        move_index: usize,
        /// Column.
        x: i64,
        /// Row.
        y: i64,
    },
    /// A redraw that lists a mine twice.
    RedrawDuplicateMine {
        /// The redraw's move.
        move_index: usize,
        /// Column.
        x: i64,
        /// Row.
        y: i64,
    },
    /// A redraw that cannot be laid on the position before its move, or a forced guess on
    /// a mine without one.
    RedrawDoesNotFit {
        /// The move.
        move_index: usize,
        /// Why.
        misfit: RedrawMisfit,
    },
    /// A redraw at a move that needed none (a cell was certainly safe, or the dealt layout
    /// had no mine under the move).
    RedrawNotNeeded {
        /// The redraw's move.
        move_index: usize,
    },
}

impl RecordError {
    /// What is wrong.
    pub fn kind(&self) -> &RecordErrorKind {
        &self.kind
    }
}

impl fmt::Display for RecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.kind {
            RecordErrorKind::Format { found } => write!(
                f,
                "not a game record: the format is {found:?}, expected {RECORD_FORMAT:?}"
            ),
            RecordErrorKind::Version { found } => write!(
                f,
                "game record version {found} is not supported (this build reads version {RECORD_VERSION})"
            ),
            RecordErrorKind::BadSize { width, height } => write!(
                f,
                "the record's board is {width}x{height}: width and height must be between 1 and {MAX_GAME_DIMENSION}"
            ),
            RecordErrorKind::UnknownRule { name } => write!(
                f,
                "unknown first-click rule {name:?}: safe, opening, none or noguess"
            ),
            RecordErrorKind::MineCount { mines, listed } => write!(
                f,
                "the record says {mines} mines but its layout lists {listed}"
            ),
            RecordErrorKind::MineOutside { x, y, width, height } => write!(
                f,
                "the mine at ({x},{y}) is outside the {width}x{height} board"
            ),
            RecordErrorKind::DuplicateMine { x, y } => {
                write!(f, "the layout lists the mine at ({x},{y}) twice")
            }
            RecordErrorKind::TooManyMoves { moves } => write!(
                f,
                "the record has {moves} moves, more than the {MAX_RECORD_MOVES} accepted"
            ),
            RecordErrorKind::UnknownOp { index, op } => write!(
                f,
                "move {index} has op {op:?}: reveal, flag, unflag or chord"
            ),
            RecordErrorKind::MoveOutside { index, x, y, width, height } => write!(
                f,
                "move {index} at ({x},{y}) is outside the {width}x{height} board"
            ),
            RecordErrorKind::TimeBackwards { index, t } => write!(
                f,
                "move {index} has time {t} ms, before the move ahead of it (times are ms since the first move)"
            ),
            RecordErrorKind::UnknownMode { name } => {
                write!(f, "unknown game mode {name:?}: normal, hardcore or fair")
            }
            RecordErrorKind::RedrawsNotFair { mode } => write!(
                f,
                "the record lists redraws, but only a fair game redraws (this one is {})",
                mode.name()
            ),
            RecordErrorKind::RedrawMove { redraw, move_index } => write!(
                f,
                "redraw {redraw} names move {move_index}, which is not a reveal or chord of the record after the redraw before it"
            ),
            RecordErrorKind::RedrawMineOutside { move_index, x, y } => write!(
                f,
                "the redraw at move {move_index} puts a mine at ({x},{y}), outside the board"
            ),
            RecordErrorKind::RedrawDuplicateMine { move_index, x, y } => write!(
                f,
                "the redraw at move {move_index} lists the mine at ({x},{y}) twice"
            ),
            RecordErrorKind::RedrawDoesNotFit { move_index, misfit } => {
                write!(f, "move {move_index}: {misfit}")
            }
            RecordErrorKind::RedrawNotNeeded { move_index } => write!(
                f,
                "the record redraws at move {move_index}, which needed no redraw (a cell was certainly safe, or no mine was under the move)"
            ),
            RecordErrorKind::FirstClickRule { index, x, y, rule } => {
                let what = match rule {
                    FirstClickRule::Safe => "a mine",
                    _ => "next to a mine",
                };
                write!(
                    f,
                    "the first reveal (move {index}, at ({x},{y})) is {what}, which the {} rule forbids",
                    rule.name()
                )
            }
        }
    }
}

impl std::error::Error for RecordError {}
