//! Why a game refuses a move or a file: [`GameError`] and its [`GameErrorKind`], each with the
//! message a player reads. Apart from the game's rules because it is the game's whole
//! vocabulary of refusals, shared by its moves, its files and the no-guess rule, and it depends
//! on none of them.

use std::fmt;

use crate::error::ParseError;
use crate::limits::MAX_GAME_DIMENSION;
use crate::noguess::NoGuessError;

use super::RedrawMisfit;

/// A move or a file the game refuses.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameError {
    kind: GameErrorKind,
}

/// What is wrong.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum GameErrorKind {
    /// Width or height outside 1..=[`MAX_GAME_DIMENSION`].
    BadSize {
        /// The width given.
        width: usize,
        /// The height given.
        height: usize,
    },
    /// More mines than the rule leaves room for.
    TooManyMines {
        /// The mines asked for.
        mines: usize,
        /// The most that fit.
        max: usize,
    },
    /// A layout whose length is not width x height.
    LayoutLength {
        /// width * height.
        expected: usize,
        /// The length given.
        found: usize,
    },
    /// A move outside the board.
    OutsideBoard {
        /// Column asked for.
        x: usize,
        /// Row asked for.
        y: usize,
        /// Board width.
        width: usize,
        /// Board height.
        height: usize,
    },
    /// A move after the game ended.
    GameOver,
    /// A `.mine` file that cannot be read.
    Parse(ParseError),
    /// A `.mine` file whose header mine count differs from the `M`/`F` cells drawn.
    MineCountMismatch {
        /// The header's count.
        header: usize,
        /// Mines drawn.
        found: usize,
    },
    /// A revealed number that does not match the mines drawn around it.
    WrongNumber {
        /// Column.
        x: usize,
        /// Row.
        y: usize,
        /// The number shown.
        shown: u8,
        /// Mines drawn around it.
        mines_around: usize,
    },
    /// MBF bytes that end early.
    MbfTruncated {
        /// Bytes the header promises.
        expected: usize,
        /// Bytes found.
        found: usize,
    },
    /// MBF bytes after the last mine.
    MbfTrailingBytes {
        /// Bytes the header promises.
        expected: usize,
        /// Bytes found.
        found: usize,
    },
    /// An MBF mine outside the board.
    MbfMineOutside {
        /// Column of the mine.
        x: usize,
        /// Row of the mine.
        y: usize,
        /// Board width.
        width: usize,
        /// Board height.
        height: usize,
    },
    /// An MBF mine listed twice.
    MbfDuplicateMine {
        /// Column of the mine.
        x: usize,
        /// Row of the mine.
        y: usize,
    },
    /// The `noguess` rule could not make a board (too dense a board for its budget).
    NoGuess(NoGuessError),
    /// A replayed record's Fair redraw that cannot be laid on the position.
    RedrawDoesNotFit(RedrawMisfit),
}

impl GameError {
    pub(crate) fn new(kind: GameErrorKind) -> GameError {
        GameError { kind }
    }

    /// What is wrong.
    pub fn kind(&self) -> &GameErrorKind {
        &self.kind
    }
}

impl fmt::Display for GameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.kind {
            GameErrorKind::BadSize { width, height } => write!(
                f,
                "the board is {width}x{height}: width and height must be between 1 and {MAX_GAME_DIMENSION}"
            ),
            GameErrorKind::TooManyMines { mines, max } => {
                write!(f, "{mines} mines do not fit: at most {max} under this first-click rule")
            }
            GameErrorKind::LayoutLength { expected, found } => {
                write!(f, "the layout has {found} cells, expected {expected}")
            }
            GameErrorKind::OutsideBoard { x, y, width, height } => {
                write!(f, "cell ({x},{y}) is outside the {width}x{height} board")
            }
            GameErrorKind::GameOver => write!(f, "the game is over"),
            GameErrorKind::Parse(err) => write!(f, "{err}"),
            GameErrorKind::MineCountMismatch { header, found } => {
                write!(f, "the header says {header} mines but {found} are drawn (M, ? or F)")
            }
            GameErrorKind::WrongNumber { x, y, shown, mines_around } => write!(
                f,
                "cell ({x},{y}) shows {shown} but has {mines_around} mine(s) around it"
            ),
            GameErrorKind::MbfTruncated { expected, found } => {
                write!(f, "the MBF data is truncated: {found} bytes, expected {expected}")
            }
            GameErrorKind::MbfTrailingBytes { expected, found } => {
                write!(f, "the MBF data has {found} bytes, expected {expected}")
            }
            GameErrorKind::MbfMineOutside { x, y, width, height } => {
                write!(f, "the MBF mine at ({x},{y}) is outside the {width}x{height} board")
            }
            GameErrorKind::MbfDuplicateMine { x, y } => {
                write!(f, "the MBF data lists the mine at ({x},{y}) twice")
            }
            GameErrorKind::NoGuess(err) => write!(f, "{err}"),
            GameErrorKind::RedrawDoesNotFit(misfit) => write!(f, "{misfit}"),
        }
    }
}

impl std::error::Error for GameError {}

impl fmt::Display for RedrawMisfit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RedrawMisfit::Length { expected, found } => {
                write!(f, "the redrawn layout has {found} cells, the board {expected}")
            }
            RedrawMisfit::MineCount { expected, found } => {
                write!(f, "the redrawn layout has {found} mines, the game {expected}")
            }
            RedrawMisfit::MineOnSafeCell { x, y } => write!(
                f,
                "the redrawn layout puts a mine on ({x},{y}), which is revealed or revealed by the move"
            ),
            RedrawMisfit::WrongNumber { x, y, shown, mines_around } => write!(
                f,
                "the redrawn layout puts {mines_around} mine(s) around ({x},{y}), which shows {shown}"
            ),
            RedrawMisfit::Missing => write!(
                f,
                "the move is a forced guess on a mine under the fair mode, but the record has no redraw for it"
            ),
        }
    }
}
