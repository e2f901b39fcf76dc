//! The board layer of the engine: turns a grid into abstract rules ("these cells hold exactly
//! n mines") plus the number of mines left, after the trivial deductions.
//!
//! This is the only part of the probability engine that knows about rows, columns and
//! neighbours; everything after it ([`crate::engine::boxes`], [`crate::engine::enumerate`]) works on rules.

use crate::board::{Board, Cell, CellIdx};
use crate::engine::at_most_eight::AtMostEight;
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
    /// Its unknown neighbours (eight at most: kept inline, no allocation per witness).
    pub cells: AtMostEight<CellIdx>,
}

/// The position as rules.
#[derive(Debug, Clone, PartialEq, Eq)]
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
        Rules::from_board_with(board, &mut RulesScratch::default())
    }

    /// [`Rules::from_board`], with its working buffers in `scratch`.
    pub fn from_board_with(board: &Board, scratch: &mut RulesScratch) -> Result<Rules, SolveError> {
        let flags = board.flag_count();
        if flags > board.mines() {
            return Err(SolveError::new(SolveErrorKind::TooManyFlags {
                flags,
                mines: board.mines(),
            }));
        }
        // Every number is checked once on its face, then the worklist re-checks the numbers
        // around each cell a deduction settles.
        scratch.queue.clear();
        // The vectors of the rules last recycled, if any, refilled.
        // (Natively: on wasm32 nothing is recycled, and the vector is made as before, for
        // the size of the page's solver module.)
        #[cfg(not(target_arch = "wasm32"))]
        let mut status = {
            let mut status = std::mem::take(&mut scratch.spare_status);
            status.clear();
            status.reserve(board.len());
            status
        };
        #[cfg(target_arch = "wasm32")]
        let mut status = Vec::with_capacity(board.len());
        let mut unknown_before = 0;
        let queue = &mut scratch.queue;
        // `extend` over the cells (of known length) writes the statuses without a check of
        // room per cell, which `push` makes: every cell of the board passes here.
        status.extend(
            board
                .cells()
                .iter()
                .enumerate()
                .map(|(i, cell)| match cell {
                    Cell::Revealed(_) => {
                        queue.push(CellIdx(i as u32));
                        Status::Revealed
                    }
                    Cell::Flag => Status::Flag,
                    Cell::HiddenSafe => Status::Safe,
                    Cell::Hidden | Cell::HiddenMine => {
                        unknown_before += 1;
                        Status::Unknown
                    }
                }),
        );
        let settled = settle(board, &mut status, scratch)?;
        // Only unknown cells are settled.
        let unknown_count = unknown_before - settled.settled_cells;
        let candidates = &mut scratch.maybe_witnesses;
        candidates.sort_unstable();
        candidates.dedup();
        finish(
            board,
            status,
            std::mem::take(&mut scratch.spare_witnesses),
            candidates.iter().copied(),
            board.mines() - flags,
            settled.deduced_mines,
            unknown_count,
        )
    }

    /// The rules of `board`, the position of `self` with the hidden cell `idx` revealed as a
    /// number: equal to [`Rules::from_board`] of `board` whenever that succeeds (the player's
    /// look-ahead asks this for each number a candidate can show). Only the numbers around
    /// what changes are checked again, and only the old witnesses and `idx` can be witnesses:
    /// deductions only ever settle cells, so every consequence of the old numbers still
    /// holds, and the fixpoint the worklist reaches is the same. On an inconsistent position
    /// either may fail first, naming another witness.
    /// The deductions' worklist and marks are `scratch`'s (as in [`Rules::from_board_with`]).
    pub(crate) fn after_reveal(
        &self,
        board: &Board,
        idx: CellIdx,
        scratch: &mut RulesScratch,
    ) -> Result<Rules, SolveError> {
        let was = self.status[idx.get()];
        if !matches!(board.cell(idx), Cell::Revealed(_))
            || !matches!(was, Status::Unknown | Status::Safe)
            || board.len() != self.status.len()
        {
            return Rules::from_board_with(board, scratch);
        }
        let mut status = self.status.clone();
        status[idx.get()] = Status::Revealed;
        // A settle that failed leaves its worklist behind.
        scratch.queue.clear();
        scratch.queue.push(idx);
        if was == Status::Unknown {
            // The numbers around it have one unknown neighbour fewer: they may settle now.
            scratch.queue.extend(
                board
                    .neighbours(idx)
                    .filter(|n| status[n.get()] == Status::Revealed),
            );
        }
        // In board order, as `from_board` queues its numbers.
        scratch.queue.sort_unstable();
        let settled = settle(board, &mut status, scratch)?;
        let newly_settled = settled.settled_cells + usize::from(was == Status::Unknown);
        let unknown_count = self.unknown_count - newly_settled;
        let mut candidates: Vec<CellIdx> = self.witnesses.iter().map(|w| w.cell).collect();
        if let Err(at) = candidates.binary_search(&idx) {
            candidates.insert(at, idx);
        }
        finish(
            board,
            status,
            Vec::new(),
            candidates.into_iter(),
            self.mines_left,
            settled.deduced_mines,
            unknown_count,
        )
    }
}

/// The working buffers of [`Rules::from_board_with`], kept between positions by a caller that
/// analyses many (their contents do not carry over: each call starts them afresh).
#[derive(Debug, Default)]
pub struct RulesScratch {
    /// The numbers still to check.
    queue: Vec<CellIdx>,
    /// Per cell: in `queue` now.
    queued: Vec<bool>,
    /// The numbers that had an unknown neighbour when they were checked (a number checked
    /// twice is listed twice). A number seen with none never gets one (deductions only settle
    /// cells), so it is no witness: most numbers of a played board are such, and the witness
    /// pass looks only at these, not at every cell.
    maybe_witnesses: Vec<CellIdx>,
    /// The vectors of a [`Rules`] a caller is done with ([`RulesScratch::recycle`]), refilled
    /// by the next [`Rules::from_board_with`] instead of allocated afresh.
    spare_status: Vec<Status>,
    spare_witnesses: Vec<Witness>,
}

impl RulesScratch {
    /// Keeps the vectors of `rules`, which the caller no longer needs, for the next
    /// [`Rules::from_board_with`] (the probabilities-only analysis hands its rules back; an
    /// [`Analysis`](crate::Analysis) keeps its own).
    pub fn recycle(&mut self, rules: Rules) {
        self.spare_status = rules.status;
        self.spare_witnesses = rules.witnesses;
    }
}

/// What [`settle`] found.
struct Settled {
    /// Cells it settled as mines.
    deduced_mines: usize,
    /// Cells it settled, safe or mines.
    settled_cells: usize,
}

/// Checks the numbers of `scratch.queue` against `status` and applies the trivial deductions
/// until none applies, checking again the numbers around each cell settled. Lists in
/// `scratch.maybe_witnesses` the numbers that had an unknown neighbour.
fn settle(
    board: &Board,
    status: &mut [Status],
    scratch: &mut RulesScratch,
) -> Result<Settled, SolveError> {
    let RulesScratch {
        queue,
        queued,
        maybe_witnesses,
        ..
    } = scratch;
    queued.clear();
    queued.resize(board.len(), false);
    maybe_witnesses.clear();
    for &i in queue.iter() {
        queued[i.get()] = true;
    }
    let mut found = Settled {
        deduced_mines: 0,
        settled_cells: 0,
    };
    while let Some(idx) = queue.pop() {
        queued[idx.get()] = false;
        let Cell::Revealed(number) = board.cell(idx) else {
            continue;
        };
        let (mines_around, unknown) = count_around(board, status, idx);
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
        maybe_witnesses.push(idx);
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
            found.settled_cells += 1;
            if settled == Status::Mine {
                found.deduced_mines += 1;
            }
            for m in board.neighbours(n) {
                if status[m.get()] == Status::Revealed && !queued[m.get()] {
                    queued[m.get()] = true;
                    queue.push(m);
                }
            }
        }
    }
    Ok(found)
}

/// A number's neighbours that are mines (flags and deduced mines) and that are unknown. Every
/// number is counted at least once per analysis, most of them inside the board, so an inner
/// cell reads its eight neighbours at fixed offsets instead of through [`Board::neighbours`];
/// each neighbour is counted without a branch (a `match` compiled to a jump table, mispredicted
/// as the statuses vary: journal/engine.md).
fn count_around(board: &Board, status: &[Status], idx: CellIdx) -> (usize, usize) {
    let count = |(mines, unknown): (usize, usize), s: Status| {
        (
            mines + usize::from(matches!(s, Status::Flag | Status::Mine)),
            unknown + usize::from(s == Status::Unknown),
        )
    };
    let (width, i) = (board.width(), idx.get());
    let (x, y) = (i % width, i / width);
    if x > 0 && x + 1 < width && y > 0 && y + 1 < board.height() {
        let (up, down) = (i - width, i + width);
        [up - 1, up, up + 1, i - 1, i + 1, down - 1, down, down + 1]
            .into_iter()
            .map(|j| status[j])
            .fold((0, 0), count)
    } else {
        board
            .neighbours(idx)
            .map(|n| status[n.get()])
            .fold((0, 0), count)
    }
}

/// The witnesses among `candidates` (ascending), written in `witnesses` (emptied first), and
/// the mine count's check: `mines_left`
/// is what the known mines leave (the flags, and for [`Rules::after_reveal`] the mines the
/// earlier rules deduced), before the `deduced_mines` just found.
fn finish(
    board: &Board,
    status: Vec<Status>,
    mut witnesses: Vec<Witness>,
    candidates: impl Iterator<Item = CellIdx>,
    mines_left: usize,
    deduced_mines: usize,
    unknown_count: usize,
) -> Result<Rules, SolveError> {
    witnesses.clear();
    for idx in candidates {
        let Cell::Revealed(number) = board.cell(idx) else {
            continue;
        };
        let mut mines_around = 0usize;
        let mut cells = AtMostEight::new();
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
    if deduced_mines > mines_left || mines_left - deduced_mines > unknown_count {
        let known = board.mines() - mines_left;
        return Err(SolveError::new(SolveErrorKind::MineCount {
            mines: board.mines(),
            min: known + deduced_mines,
            max: known + deduced_mines + unknown_count,
        }));
    }
    Ok(Rules {
        status,
        witnesses,
        mines_left: mines_left - deduced_mines,
        unknown_count,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::parse_mine;

    /// `count_around` (its inner cells read at fixed offsets) against a plain count over
    /// `Board::neighbours`, for every cell of random boards from 1x1 to 12x9 whose cells take
    /// every status: the inner cells and the border cells beside them.
    #[test]
    fn count_around_matches_the_neighbours() {
        use crate::rng::GameRng;
        const STATUSES: [Status; 5] = [
            Status::Revealed,
            Status::Flag,
            Status::Safe,
            Status::Mine,
            Status::Unknown,
        ];
        let mut rng = GameRng::new(3940);
        let (mut inner, mut border) = (0, 0);
        for _ in 0..300 {
            let (width, height) = (1 + rng.below(12) as usize, 1 + rng.below(9) as usize);
            let board = Board::new(width, height, 0).unwrap();
            let status: Vec<Status> = (0..width * height)
                .map(|_| STATUSES[rng.below(5) as usize])
                .collect();
            for idx in board.indices() {
                let (x, y) = board.xy(idx);
                let mines = board
                    .neighbours(idx)
                    .filter(|n| matches!(status[n.get()], Status::Flag | Status::Mine))
                    .count();
                let unknown = board
                    .neighbours(idx)
                    .filter(|n| status[n.get()] == Status::Unknown)
                    .count();
                assert_eq!(
                    count_around(&board, &status, idx),
                    (mines, unknown),
                    "({x}, {y}) of {width}x{height}"
                );
                if x > 0 && x + 1 < width && y > 0 && y + 1 < height {
                    inner += 1;
                } else {
                    border += 1;
                }
            }
        }
        assert!(
            inner > 3000 && border > 3000,
            "{inner} inner, {border} border"
        );
    }

    /// `after_reveal` against `from_board` on the positions of random small games (some
    /// cells flagged, some marked known-safe), every hidden cell revealed in thought as every
    /// number 0..=8: where both succeed the rules are equal, and where one fails the position
    /// has no layout at all. One scratch serves every call, boards of different sizes and
    /// failed deductions included, as the player's kept scratch does.
    #[test]
    fn after_reveal_matches_from_board() {
        use crate::engine::probability::{solve_board, SolveConfig};
        use crate::engine::test_games::click_random_safe_cells;
        use crate::game::Game;
        use crate::rng::GameRng;
        let mut rng = GameRng::new(2611);
        let (mut compared, mut equal, mut both_failed, mut one_failed) = (0, 0, 0, 0);
        let mut scratch = RulesScratch::default();
        for _ in 0..150 {
            let (width, height) = (3 + rng.below(6) as usize, 3 + rng.below(5) as usize);
            let n = width * height;
            let mines = 1 + rng.below((n / 3) as u64) as usize;
            let mut layout = vec![false; n];
            let mut placed = 0;
            while placed < mines {
                let i = rng.below(n as u64) as usize;
                if !layout[i] {
                    layout[i] = true;
                    placed += 1;
                }
            }
            let mut game = Game::from_layout(width, height, layout.clone()).unwrap();
            // A few reveals of safe cells, as a game would have them.
            let clicks = 1 + rng.below(4);
            click_random_safe_cells(&mut game, &layout, &mut rng, clicks);
            let mut board = game.board().clone();
            for (i, &mine) in layout.iter().enumerate() {
                let idx = CellIdx(i as u32);
                if board.cell(idx).is_unrevealed() && rng.below(8) == 0 {
                    board.set_cell(idx, if mine { Cell::Flag } else { Cell::HiddenSafe });
                }
            }
            let Ok(parent) = Rules::from_board(&board) else {
                continue;
            };
            for i in 0..n {
                let idx = CellIdx(i as u32);
                if !matches!(board.cell(idx), Cell::Hidden | Cell::HiddenSafe) {
                    continue;
                }
                for value in 0..=8u8 {
                    let mut child = board.clone();
                    child.set_cell(idx, Cell::Revealed(value));
                    compared += 1;
                    match (
                        Rules::from_board(&child),
                        parent.after_reveal(&child, idx, &mut scratch),
                    ) {
                        (Ok(a), Ok(b)) => {
                            assert_eq!(a, b, "{child:?}");
                            equal += 1;
                        }
                        (Err(_), Err(_)) => both_failed += 1,
                        _ => {
                            let layouts = solve_board(&child, &SolveConfig::default())
                                .map(|a| a.solutions().clone())
                                .unwrap_or_default();
                            assert_eq!(layouts, 0u32.into(), "{child:?}");
                            one_failed += 1;
                        }
                    }
                }
            }
        }
        assert!(compared > 10_000, "{compared}");
        assert!(
            equal > 2_000 && both_failed > 1_000,
            "{equal} {both_failed} {one_failed}"
        );
    }

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
