//! The board model: a rectangle of cells, each hidden, flagged or revealed, plus the total
//! mine count.
//!
//! Coordinates are `x` = column and `y` = row, 0-based from the top-left. Cells are stored
//! row-major and addressed by [`CellIdx`], so the rest of the crate never does index arithmetic
//! by hand.

use crate::error::{BoardError, BoardErrorKind};

pub use crate::limits::MAX_DIMENSION;

/// A cell's index in row-major order (`y * width + x`).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct CellIdx(pub u32);

impl CellIdx {
    /// The index as a `usize`, for slicing.
    pub fn get(self) -> usize {
        self.0 as usize
    }
}

/// What the player knows about one cell.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Cell {
    /// Not revealed, nothing known.
    Hidden,
    /// Not revealed, but known to hold a mine (the `M`/`?` of a full layout). The probability
    /// engine treats it as [`Cell::Hidden`]: it records the answer, not the player's knowledge.
    HiddenMine,
    /// Not revealed, but known to be safe (the `-3` of the `.inp` format).
    HiddenSafe,
    /// Flagged by the player, who asserts that it holds a mine.
    Flag,
    /// Revealed, showing how many of its neighbours hold mines.
    Revealed(u8),
}

impl Cell {
    /// True for the cells the probability engine sees as unknown or safe-but-unrevealed.
    pub fn is_unrevealed(self) -> bool {
        matches!(self, Cell::Hidden | Cell::HiddenMine | Cell::HiddenSafe)
    }
}

/// A Minesweeper position: the cells and the total number of mines on the board (flagged or
/// not).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Board {
    width: usize,
    height: usize,
    mines: usize,
    cells: Vec<Cell>,
}

impl Board {
    /// A board with every cell hidden.
    pub fn new(width: usize, height: usize, mines: usize) -> Result<Board, BoardError> {
        check_dimensions(width, height, mines)?;
        Ok(Board {
            width,
            height,
            mines,
            cells: vec![Cell::Hidden; width * height],
        })
    }

    /// A board from its cells in row-major order. Checks the sizes and that every revealed
    /// number fits the cell's neighbour count.
    pub fn from_cells(
        width: usize,
        height: usize,
        mines: usize,
        cells: Vec<Cell>,
    ) -> Result<Board, BoardError> {
        check_dimensions(width, height, mines)?;
        if cells.len() != width * height {
            return Err(BoardError::new(BoardErrorKind::CellCount {
                expected: width * height,
                found: cells.len(),
            }));
        }
        let board = Board {
            width,
            height,
            mines,
            cells,
        };
        for idx in board.indices() {
            if let Cell::Revealed(n) = board.cell(idx) {
                let neighbours = board.neighbours(idx).count();
                if n as usize > neighbours {
                    let (x, y) = board.xy(idx);
                    return Err(BoardError::new(BoardErrorKind::NumberTooLarge {
                        x,
                        y,
                        number: n,
                        neighbours,
                    }));
                }
            }
        }
        Ok(board)
    }

    /// Number of columns.
    pub fn width(&self) -> usize {
        self.width
    }

    /// Number of rows.
    pub fn height(&self) -> usize {
        self.height
    }

    /// Total number of mines on the board, flagged or not.
    pub fn mines(&self) -> usize {
        self.mines
    }

    /// Number of cells.
    pub fn len(&self) -> usize {
        self.cells.len()
    }

    /// Always false: a board has at least one cell.
    pub fn is_empty(&self) -> bool {
        self.cells.is_empty()
    }

    /// The cells in row-major order.
    pub fn cells(&self) -> &[Cell] {
        &self.cells
    }

    /// One cell.
    pub fn cell(&self, idx: CellIdx) -> Cell {
        self.cells[idx.get()]
    }

    /// Replaces one cell. The caller keeps numbers within the neighbour count; the game does.
    pub fn set_cell(&mut self, idx: CellIdx, cell: Cell) {
        debug_assert!(
            !matches!(cell, Cell::Revealed(n) if n as usize > self.neighbours(idx).count()),
            "a number larger than the neighbour count"
        );
        self.cells[idx.get()] = cell;
    }

    /// The index of `(x, y)`, or `None` when it lies outside the board.
    pub fn idx(&self, x: usize, y: usize) -> Option<CellIdx> {
        (x < self.width && y < self.height).then(|| CellIdx((y * self.width + x) as u32))
    }

    /// The `(x, y)` of an index.
    pub fn xy(&self, idx: CellIdx) -> (usize, usize) {
        (idx.get() % self.width, idx.get() / self.width)
    }

    /// Every index, in row-major order.
    pub fn indices(&self) -> impl Iterator<Item = CellIdx> + Clone {
        (0..self.cells.len() as u32).map(CellIdx)
    }

    /// The up to eight neighbours of a cell.
    pub fn neighbours(&self, idx: CellIdx) -> Neighbours {
        let (x, y) = self.xy(idx);
        // The offsets that stay on the board, as bits in `OFFSETS` order: worked out once
        // here, so that each step is a bit scan and an add (the engine walks neighbours in
        // its innermost loops).
        let (left, right) = (x > 0, x + 1 < self.width);
        let (up, down) = (y > 0, y + 1 < self.height);
        let valid = [
            up && left,
            up,
            up && right,
            left,
            right,
            down && left,
            down,
            down && right,
        ];
        let remaining = valid
            .iter()
            .enumerate()
            .fold(0u8, |bits, (k, &ok)| bits | (u8::from(ok) << k));
        Neighbours {
            centre: idx.0,
            width: self.width as u32,
            remaining,
        }
    }

    /// Number of flagged cells.
    pub fn flag_count(&self) -> usize {
        self.cells.iter().filter(|c| **c == Cell::Flag).count()
    }
}

/// Iterator over the neighbours of a cell, in a fixed order (row above, left to right; left;
/// right; row below).
#[derive(Debug, Clone)]
pub struct Neighbours {
    centre: u32,
    width: u32,
    /// Bit `k`: `OFFSETS[k]` is on the board and not yet visited.
    remaining: u8,
}

const OFFSETS: [(i32, i32); 8] = [
    (-1, -1),
    (0, -1),
    (1, -1),
    (-1, 0),
    (1, 0),
    (-1, 1),
    (0, 1),
    (1, 1),
];

impl Iterator for Neighbours {
    type Item = CellIdx;

    fn next(&mut self) -> Option<CellIdx> {
        if self.remaining == 0 {
            return None;
        }
        let k = self.remaining.trailing_zeros() as usize;
        self.remaining &= self.remaining - 1;
        let (dx, dy) = OFFSETS[k];
        // On the board by construction, so the sum is a valid index.
        let idx = self.centre as i64 + dy as i64 * self.width as i64 + dx as i64;
        Some(CellIdx(idx as u32))
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.remaining.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for Neighbours {}

fn check_dimensions(width: usize, height: usize, mines: usize) -> Result<(), BoardError> {
    if width == 0 || height == 0 {
        return Err(BoardError::new(BoardErrorKind::EmptySize { width, height }));
    }
    if width > MAX_DIMENSION || height > MAX_DIMENSION {
        return Err(BoardError::new(BoardErrorKind::TooLarge { width, height }));
    }
    if mines > width * height {
        return Err(BoardError::new(BoardErrorKind::TooManyMines {
            mines,
            cells: width * height,
        }));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn neighbours_at_corner_edge_and_middle() {
        let board = Board::new(3, 3, 1).unwrap();
        let count = |x, y| board.neighbours(board.idx(x, y).unwrap()).count();
        assert_eq!(count(0, 0), 3);
        assert_eq!(count(1, 0), 5);
        assert_eq!(count(1, 1), 8);
        let one_cell = Board::new(1, 1, 0).unwrap();
        assert_eq!(one_cell.neighbours(CellIdx(0)).count(), 0);
    }

    /// Every cell of boards of every shape up to 5x5 (rows and columns of one included):
    /// the neighbours, in order, are the on-board cells of the eight offsets, row above
    /// first, as plain coordinates give them.
    #[test]
    fn neighbours_match_the_coordinates_in_order() {
        for width in 1..=5usize {
            for height in 1..=5usize {
                let board = Board::new(width, height, 0).unwrap();
                for idx in board.indices() {
                    let (x, y) = board.xy(idx);
                    let mut expected = Vec::new();
                    for (dx, dy) in OFFSETS {
                        let (nx, ny) = (x as i64 + dx as i64, y as i64 + dy as i64);
                        if (0..width as i64).contains(&nx) && (0..height as i64).contains(&ny) {
                            expected.push(board.idx(nx as usize, ny as usize).unwrap());
                        }
                    }
                    let neighbours = board.neighbours(idx);
                    assert_eq!(
                        neighbours.len(),
                        expected.len(),
                        "{width}x{height} ({x},{y})"
                    );
                    assert_eq!(
                        neighbours.collect::<Vec<_>>(),
                        expected,
                        "{width}x{height} ({x},{y})"
                    );
                }
            }
        }
    }

    #[test]
    fn refuses_bad_sizes() {
        assert!(Board::new(0, 3, 0).is_err());
        assert!(Board::new(100_000, 100_000, 10).is_err());
        assert!(Board::new(2, 2, 5).is_err());
        let too_big_number = Board::from_cells(2, 1, 1, vec![Cell::Revealed(2), Cell::Hidden]);
        assert!(too_big_number.is_err());
    }
}
