//! Typed errors. Every error a user can cause (a bad file, an impossible position, a position
//! too large for the budget) is one of these, with a message that says what is wrong and where.
//! Nothing in the crate panics on user input.

use std::fmt;

/// A board that cannot exist: a bad size, too many mines, a number too large for its cell.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BoardError {
    kind: BoardErrorKind,
}

/// What is wrong with a board.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum BoardErrorKind {
    /// Width or height is zero.
    EmptySize {
        /// The width given.
        width: usize,
        /// The height given.
        height: usize,
    },
    /// Width or height is above [`crate::limits::MAX_DIMENSION`].
    TooLarge {
        /// The width given.
        width: usize,
        /// The height given.
        height: usize,
    },
    /// More mines than cells.
    TooManyMines {
        /// The mine count given.
        mines: usize,
        /// The number of cells.
        cells: usize,
    },
    /// The cell list does not match the size.
    CellCount {
        /// width * height.
        expected: usize,
        /// The number of cells given.
        found: usize,
    },
    /// A revealed number larger than its cell's neighbour count.
    NumberTooLarge {
        /// Column.
        x: usize,
        /// Row.
        y: usize,
        /// The number shown.
        number: u8,
        /// How many neighbours the cell has.
        neighbours: usize,
    },
}

impl BoardError {
    pub(crate) fn new(kind: BoardErrorKind) -> BoardError {
        BoardError { kind }
    }

    /// What went wrong.
    pub fn kind(&self) -> &BoardErrorKind {
        &self.kind
    }
}

impl fmt::Display for BoardError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.kind {
            BoardErrorKind::EmptySize { width, height } => {
                write!(
                    f,
                    "the board is {width}x{height}: width and height must be at least 1"
                )
            }
            BoardErrorKind::TooLarge { width, height } => write!(
                f,
                "the board is {width}x{height}: width and height must be at most {}",
                crate::limits::MAX_DIMENSION
            ),
            BoardErrorKind::TooManyMines { mines, cells } => {
                write!(f, "{mines} mines do not fit in {cells} cells")
            }
            BoardErrorKind::CellCount { expected, found } => {
                write!(f, "expected {expected} cells, found {found}")
            }
            BoardErrorKind::NumberTooLarge {
                x,
                y,
                number,
                neighbours,
            } => write!(
                f,
                "cell ({x},{y}) shows {number} but has only {neighbours} neighbours"
            ),
        }
    }
}

impl std::error::Error for BoardError {}

/// A position file that could not be read. Lines and columns are 1-based, as editors show them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseError {
    line: usize,
    column: usize,
    kind: ParseErrorKind,
}

/// What is wrong with a position file.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum ParseErrorKind {
    /// Nothing but white space.
    Empty,
    /// The input is not text (it holds a NUL or other control byte).
    Binary,
    /// The first line is not a header of the expected shape.
    BadHeader {
        /// What the header should look like.
        expected: &'static str,
        /// The line found.
        found: String,
    },
    /// A row has the wrong number of cells.
    RowLength {
        /// The board width.
        expected: usize,
        /// The cells found on the line.
        found: usize,
    },
    /// Fewer rows than the header promises.
    MissingRows {
        /// The board height.
        expected: usize,
        /// The rows found.
        found: usize,
    },
    /// Text after the last row.
    TrailingText,
    /// A character (or token) that is not a cell.
    UnknownCell {
        /// The text found.
        found: String,
        /// What cells look like in this format.
        expected: &'static str,
    },
    /// The board described is impossible.
    Board(BoardError),
}

impl ParseError {
    pub(crate) fn new(line: usize, column: usize, kind: ParseErrorKind) -> ParseError {
        ParseError { line, column, kind }
    }

    /// The 1-based line of the problem.
    pub fn line(&self) -> usize {
        self.line
    }

    /// The 1-based column of the problem.
    pub fn column(&self) -> usize {
        self.column
    }

    /// What went wrong.
    pub fn kind(&self) -> &ParseErrorKind {
        &self.kind
    }
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}, column {}: ", self.line, self.column)?;
        match &self.kind {
            ParseErrorKind::Empty => write!(f, "the input is empty"),
            ParseErrorKind::Binary => write!(f, "the input is not text"),
            ParseErrorKind::BadHeader { expected, found } => {
                write!(f, "expected a header like {expected}, found {found:?}")
            }
            ParseErrorKind::RowLength { expected, found } => {
                write!(f, "expected a row of {expected} cells, found {found}")
            }
            ParseErrorKind::MissingRows { expected, found } => {
                write!(f, "expected {expected} rows, found {found}")
            }
            ParseErrorKind::TrailingText => write!(f, "unexpected text after the last row"),
            ParseErrorKind::UnknownCell { found, expected } => {
                write!(f, "unknown cell {found:?}, expected {expected}")
            }
            ParseErrorKind::Board(err) => write!(f, "{err}"),
        }
    }
}

impl std::error::Error for ParseError {}

/// A position the engine cannot analyse: it has no consistent layout, or it is beyond the
/// configured budget.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SolveError {
    kind: SolveErrorKind,
}

/// Why a position cannot be analysed.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum SolveErrorKind {
    /// A revealed number has more flags around it than it shows.
    TooManyFlagsAround {
        /// Column of the number.
        x: usize,
        /// Row of the number.
        y: usize,
        /// The number shown.
        number: u8,
        /// Flags around it.
        flags: usize,
    },
    /// A revealed number needs more mines than it has unrevealed neighbours.
    TooFewCellsAround {
        /// Column of the number.
        x: usize,
        /// Row of the number.
        y: usize,
        /// The number shown.
        number: u8,
        /// Flags plus hidden neighbours that may hold a mine.
        room: usize,
    },
    /// A revealed number can be satisfied alone, but not together with its neighbours'
    /// numbers.
    Unsatisfiable {
        /// Column of a number that no layout satisfies.
        x: usize,
        /// Row of that number.
        y: usize,
    },
    /// More flags than mines on the board.
    TooManyFlags {
        /// Flags on the board.
        flags: usize,
        /// Mines on the board.
        mines: usize,
    },
    /// The numbers need more mines than the board has, or leave more than fit.
    MineCount {
        /// Mines on the board.
        mines: usize,
        /// The fewest mines any layout satisfying the numbers needs.
        min: usize,
        /// The most mines such a layout can hold.
        max: usize,
    },
    /// The position is beyond the configured budget.
    TooComplex {
        /// What ran out.
        what: &'static str,
        /// The limit that was reached.
        limit: u64,
    },
    /// The caller cancelled the work through its progress callback.
    Cancelled,
}

impl SolveError {
    pub(crate) fn new(kind: SolveErrorKind) -> SolveError {
        SolveError { kind }
    }

    /// Why the position cannot be analysed.
    pub fn kind(&self) -> &SolveErrorKind {
        &self.kind
    }
}

impl fmt::Display for SolveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.kind {
            SolveErrorKind::TooManyFlagsAround { x, y, number, flags } => write!(
                f,
                "no consistent layout: the {number} at ({x},{y}) has {flags} flags around it"
            ),
            SolveErrorKind::TooFewCellsAround { x, y, number, room } => write!(
                f,
                "no consistent layout: the {number} at ({x},{y}) has room for only {room} mine(s)"
            ),
            SolveErrorKind::Unsatisfiable { x, y } => write!(
                f,
                "no consistent layout: the number at ({x},{y}) cannot be satisfied together with its neighbours"
            ),
            SolveErrorKind::TooManyFlags { flags, mines } => {
                write!(f, "no consistent layout: {flags} flags but only {mines} mines")
            }
            SolveErrorKind::MineCount { mines, min, max } => write!(
                f,
                "no consistent layout: the numbers need between {min} and {max} mines, but the board has {mines}"
            ),
            SolveErrorKind::TooComplex { what, limit } => {
                write!(f, "the position is too large to solve exactly: over {limit} {what}")
            }
            SolveErrorKind::Cancelled => write!(f, "cancelled"),
        }
    }
}

impl std::error::Error for SolveError {}

/// Why a position has no hint.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HintError {
    kind: HintErrorKind,
}

/// Why a position has no hint.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum HintErrorKind {
    /// The position cannot be analysed: no layout fits it, or it is beyond the budget.
    Solve(SolveError),
    /// The game is over: every cell left unrevealed holds a mine.
    GameOver,
}

impl HintError {
    pub(crate) fn new(kind: HintErrorKind) -> HintError {
        HintError { kind }
    }

    /// Why there is no hint.
    pub fn kind(&self) -> &HintErrorKind {
        &self.kind
    }
}

impl From<SolveError> for HintError {
    fn from(error: SolveError) -> HintError {
        HintError::new(HintErrorKind::Solve(error))
    }
}

impl fmt::Display for HintError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.kind {
            HintErrorKind::Solve(error) => write!(f, "no hint: {error}"),
            HintErrorKind::GameOver => write!(
                f,
                "no hint: the game is over (every cell left unrevealed holds a mine)"
            ),
        }
    }
}

impl std::error::Error for HintError {}
