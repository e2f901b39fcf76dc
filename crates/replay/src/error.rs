//! Why a replay cannot be read: [`ReplayError`], naming the format and what is wrong.

use std::fmt;

use mineseer_core::game::MAX_GAME_DIMENSION;
use mineseer_core::record::RecordError;

use crate::format::ReplayFormat;

/// A replay that cannot be read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReplayError {
    format: Option<ReplayFormat>,
    kind: ReplayErrorKind,
}

/// What is wrong with a replay.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum ReplayErrorKind {
    /// The file holds no bytes.
    Empty,
    /// Neither the bytes nor the name say which replay format it is.
    UnknownFormat,
    /// The file is larger than [`crate::MAX_REPLAY_BYTES`].
    TooLarge {
        /// Its size in bytes.
        bytes: usize,
    },
    /// The file ends before its reader is done.
    Truncated,
    /// The bytes are not this format (a wrong magic or version).
    WrongFormat,
    /// A field holds a value the format does not allow; ms_toollib's reason.
    Invalid {
        /// ms_toollib's reason, as it names it (for example `InvalidParams`).
        reason: String,
    },
    /// A Minesweeper Clone file of another version than 0.97: ms_toollib's reader accepts it
    /// but reads nothing from it.
    UnsupportedClone,
    /// ms_toollib stopped with a panic on these bytes (a damaged or unsupported file).
    ReaderFailed,
    /// The board is empty or larger than Mineseer plays.
    BoardSize {
        /// Columns.
        width: usize,
        /// Rows.
        height: usize,
    },
    /// The replay has no click that does anything.
    NoMoves,
    /// The moves read from the mouse events do not lead to the board the replay's program
    /// shows after event `event` (a file this reader misunderstands).
    Mismatch {
        /// The mouse event's index in the replay.
        event: usize,
    },
    /// The record built from the replay fails the core's checks.
    Record(RecordError),
}

impl ReplayError {
    pub(crate) fn new(format: Option<ReplayFormat>, kind: ReplayErrorKind) -> ReplayError {
        ReplayError { format, kind }
    }

    /// The format the file was read as, when one was chosen.
    pub fn format(&self) -> Option<ReplayFormat> {
        self.format
    }

    /// What is wrong.
    pub fn kind(&self) -> &ReplayErrorKind {
        &self.kind
    }
}

impl fmt::Display for ReplayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let what = match self.format {
            Some(format) => format!("not a readable {format}"),
            None => "not a readable replay".to_string(),
        };
        match &self.kind {
            ReplayErrorKind::Empty => write!(f, "{what}: the file is empty"),
            ReplayErrorKind::UnknownFormat => write!(
                f,
                "{what}: the file is none of .avf (Arbiter), .rmv (Viennasweeper), .mvf (Minesweeper Clone) or .evf (Metasweeper)"
            ),
            ReplayErrorKind::TooLarge { bytes } => write!(
                f,
                "{what}: the file has {bytes} bytes, more than the {} MiB a replay can have",
                crate::MAX_REPLAY_BYTES >> 20
            ),
            ReplayErrorKind::Truncated => write!(f, "{what}: the file ends too early (truncated)"),
            ReplayErrorKind::WrongFormat => {
                write!(f, "{what}: the file's header is not this format's")
            }
            ReplayErrorKind::Invalid { reason } => {
                write!(f, "{what}: a field holds a value the format does not allow ({reason})")
            }
            ReplayErrorKind::UnsupportedClone => write!(
                f,
                "{what}: only Minesweeper Clone 0.97 files can be read (ms_toollib reads no other version)"
            ),
            ReplayErrorKind::ReaderFailed => write!(
                f,
                "{what}: the reader (ms_toollib) failed on these bytes: the file is damaged or a version it does not know"
            ),
            ReplayErrorKind::BoardSize { width, height } => write!(
                f,
                "{what}: the board is {width}x{height}; width and height must be between 1 and {MAX_GAME_DIMENSION}"
            ),
            ReplayErrorKind::NoMoves => write!(f, "{what}: no click in it opens a cell"),
            ReplayErrorKind::Mismatch { event } => write!(
                f,
                "{what}: the clicks read from its mouse events do not give the program's board after event {event}"
            ),
            ReplayErrorKind::Record(err) => write!(f, "{what}: {err}"),
        }
    }
}

impl std::error::Error for ReplayError {}
