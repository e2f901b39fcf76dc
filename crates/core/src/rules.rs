//! The board layer of the engine: turns a grid into abstract rules ("these cells hold exactly
//! n mines") plus the number of mines left, after the trivial deductions.
//!
//! This is the only part of the probability engine that knows about rows, columns and
//! neighbours; everything after it ([`crate::boxes`], [`crate::enumerate`]) works on rules.

use crate::board::{Board, Cell, CellIdx};
use crate::error::{SolveError, SolveErrorKind};

/// What the engine knows about a cell before any enumeration.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Status {
    /// A revealed number.
    Revealed,
    /// A flag: counted as a mine.
    Flag,
    /// Safe: known (`.inp` `-3`) or proven by a trivial deduction.
    Safe,
    /// A mine proven by a trivial deduction.
    Mine,
    /// Not yet known.
    Unknown,
}

/// A revealed number with unknown neighbours: its unknown neighbours hold exactly `need`
/// mines.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Witness {
    /// The revealed cell.
    pub cell: CellIdx,
    /// Mines among `cells`: the number shown less the flags and deduced mines around it.
    pub need: u8,
    /// Its unknown neighbours.
    pub cells: Vec<CellIdx>,
}

/// The position as rules.
#[derive(Debug, Clone)]
pub struct Rules {
    /// Per board cell.
    pub status: Vec<Status>,
    /// The numbers that still constrain unknown cells.
    pub witnesses: Vec<Witness>,
    /// Mines not flagged and not deduced: they lie among the unknown cells.
    pub mines_left: usize,
    /// How many cells are [`Status::Unknown`].
    pub unknown_count: usize,
}

impl Rules {
    /// Builds the rules, applying the trivial deductions (a number whose unknown neighbours
    /// must all be safe, or must all be mines) until none applies. Fails with the witness that
    /// cannot be satisfied when the position is inconsistent on its face.
    pub fn from_board(board: &Board) -> Result<Rules, SolveError> {
        let flags = board.flag_count();
        if flags > board.mines() {
            return Err(SolveError::new(SolveErrorKind::TooManyFlags {
                flags,
                mines: board.mines(),
            }));
        }
        let mut status: Vec<Status> = board
            .cells()
            .iter()
            .map(|cell| match cell {
                Cell::Revealed(_) => Status::Revealed,
                Cell::Flag => Status::Flag,
                Cell::HiddenSafe => Status::Safe,
                Cell::Hidden | Cell::HiddenMine => Status::Unknown,
            })
            .collect();

        // Every number is checked once on its face, then the worklist re-checks the numbers
        // around each cell a deduction settles.
        let mut queue: Vec<CellIdx> = board
            .indices()
            .filter(|&i| status[i.get()] == Status::Revealed)
            .collect();
        let mut queued = vec![false; board.len()];
        for &i in &queue {
            queued[i.get()] = true;
        }
        let mut deduced_mines = 0usize;
        // A number seen with no unknown neighbour never gets one (deductions only settle
        // cells), so it is no witness: most numbers of a played board are such, and the
        // witness pass below skips them.
        let mut maybe_witness = vec![false; board.len()];
        while let Some(idx) = queue.pop() {
            queued[idx.get()] = false;
            let Cell::Revealed(number) = board.cell(idx) else {
                continue;
            };
            let (mut mines_around, mut unknown) = (0usize, 0usize);
            for n in board.neighbours(idx) {
                match status[n.get()] {
                    Status::Flag | Status::Mine => mines_around += 1,
                    Status::Unknown => unknown += 1,
                    Status::Revealed | Status::Safe => {}
                }
            }
            if mines_around > number as usize {
                let (x, y) = board.xy(idx);
                let flags = board
                    .neighbours(idx)
                    .filter(|n| status[n.get()] == Status::Flag)
                    .count();
                return Err(SolveError::new(if flags > number as usize {
                    SolveErrorKind::TooManyFlagsAround {
                        x,
                        y,
                        number,
                        flags,
                    }
                } else {
                    SolveErrorKind::Unsatisfiable { x, y }
                }));
            }
            let need = number as usize - mines_around;
            if need > unknown {
                let (x, y) = board.xy(idx);
                return Err(SolveError::new(SolveErrorKind::TooFewCellsAround {
                    x,
                    y,
                    number,
                    room: mines_around + unknown,
                }));
            }
            if unknown == 0 {
                continue;
            }
            maybe_witness[idx.get()] = true;
            if need != 0 && need != unknown {
                continue;
            }
            let settled = if need == 0 {
                Status::Safe
            } else {
                Status::Mine
            };
            for n in board.neighbours(idx) {
                if status[n.get()] != Status::Unknown {
                    continue;
                }
                status[n.get()] = settled;
                if settled == Status::Mine {
                    deduced_mines += 1;
                }
                for m in board.neighbours(n) {
                    if status[m.get()] == Status::Revealed && !queued[m.get()] {
                        queued[m.get()] = true;
                        queue.push(m);
                    }
                }
            }
        }

        let mut witnesses = Vec::new();
        for idx in board.indices().filter(|i| maybe_witness[i.get()]) {
            let Cell::Revealed(number) = board.cell(idx) else {
                continue;
            };
            let mut mines_around = 0usize;
            let mut cells = Vec::new();
            for n in board.neighbours(idx) {
                match status[n.get()] {
                    Status::Flag | Status::Mine => mines_around += 1,
                    Status::Unknown => cells.push(n),
                    Status::Revealed | Status::Safe => {}
                }
            }
            if !cells.is_empty() {
                witnesses.push(Witness {
                    cell: idx,
                    need: (number as usize - mines_around) as u8,
                    cells,
                });
            }
        }
        let unknown_count = status.iter().filter(|s| **s == Status::Unknown).count();
        let mines_left = board.mines() - flags;
        if deduced_mines > mines_left || mines_left - deduced_mines > unknown_count {
            return Err(SolveError::new(SolveErrorKind::MineCount {
                mines: board.mines(),
                min: flags + deduced_mines,
                max: flags + deduced_mines + unknown_count,
            }));
        }
        Ok(Rules {
            status,
            witnesses,
            mines_left: mines_left - deduced_mines,
            unknown_count,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::parse_mine;

    #[test]
    fn trivial_deductions_chain() {
        // The 1 in the corner has one hidden neighbour: a mine. That satisfies the other 1,
        // whose remaining neighbour is then safe.
        let board = parse_mine("3x2x1\n1HH\n11H\n").unwrap();
        let rules = Rules::from_board(&board).unwrap();
        assert_eq!(rules.status[1], Status::Mine);
        assert_eq!(rules.status[2], Status::Safe);
        assert_eq!(rules.status[5], Status::Safe);
        assert_eq!(rules.mines_left, 0);
        assert!(rules.witnesses.is_empty());
    }

    #[test]
    fn inconsistent_positions_name_a_witness() {
        let err = Rules::from_board(&parse_mine("2x2x2\n1F\nFH\n").unwrap()).unwrap_err();
        assert!(matches!(
            err.kind(),
            SolveErrorKind::TooManyFlagsAround {
                x: 0,
                y: 0,
                flags: 2,
                ..
            }
        ));
        let err = Rules::from_board(&parse_mine("2x2x3\n3H\n0H\n").unwrap()).unwrap_err();
        assert!(matches!(
            err.kind(),
            SolveErrorKind::TooFewCellsAround { .. }
        ));
        let err = Rules::from_board(&parse_mine("2x1x1\nFF\n").unwrap()).unwrap_err();
        assert!(matches!(
            err.kind(),
            SolveErrorKind::TooManyFlags { flags: 2, mines: 1 }
        ));
    }
}
