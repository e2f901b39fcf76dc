//! ZiNi and HZiNi of a full layout: ms_toollib's `cal_zini` and `cal_hzini`, the field's
//! reference implementations, kept here so that the core and the solver's wasm module never
//! link ms_toollib.
//!
//! - **ZiNi** (Elmar Zimmermann and Christoph Nikolaus) is the standard estimate of the fewest
//!   clicks that solve a board with flags and chords: again and again, the safe cell of highest
//!   "premium" (the 3BV its chord would solve, less the clicks the flags and chord cost) is
//!   clicked, its mines flagged and it is chorded; cells no chord pays for are clicked. It is
//!   greedy and deterministic: an upper bound of the true minimum, not the minimum itself.
//! - **HZiNi** ("human" ZiNi) first clicks every opening, as a player does, and then chords only
//!   on cells already open; it is usually a little higher than ZiNi.
//!
//! Both count every click the way the rankings do: a left click, a flag and a chord are one
//! click each.
//!
//! ms_toollib floods an opening by recursion, one stack frame per zero cell, so a huge opening
//! could exhaust the stack (a 1 MiB stack in wasm); layouts whose largest opening has more than
//! [`MAX_OPENING_CELLS`] zeros get [`ZiniError::OpeningTooLarge`] instead of a crash.

use std::fmt;

use crate::toollib::guarded;

/// The largest number of zeros in one opening for which ZiNi is computed: a few hundred KiB of
/// ms_toollib's recursion, well within the page's 1 MiB wasm stack. Every standard level is far
/// below (expert's largest opening rarely has 60 zeros).
pub const MAX_OPENING_CELLS: usize = 2_500;

/// ZiNi and HZiNi of one layout.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Zini {
    /// Greedy ZiNi: the estimated fewest clicks with flags and chords.
    pub zini: usize,
    /// Human ZiNi: openings first, chords only on open cells.
    pub hzini: usize,
}

/// Why ZiNi was not computed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ZiniError {
    /// `mines` is not one flag per cell of a `width` x `height` board.
    Shape {
        /// Columns.
        width: usize,
        /// Rows.
        height: usize,
        /// Cells given.
        cells: usize,
    },
    /// An opening holds more zeros than [`MAX_OPENING_CELLS`].
    OpeningTooLarge {
        /// Zeros in the largest opening.
        zeros: usize,
    },
    /// ms_toollib panicked (a bug of it on this layout).
    Failed,
}

impl fmt::Display for ZiniError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ZiniError::Shape {
                width,
                height,
                cells,
            } => write!(
                f,
                "a {width}x{height} layout needs {} cells, got {cells}",
                width * height
            ),
            ZiniError::OpeningTooLarge { zeros } => write!(
                f,
                "ZiNi is not computed: an opening of {zeros} zeros is more than the \
                 {MAX_OPENING_CELLS} ms_toollib's recursion is trusted with"
            ),
            ZiniError::Failed => write!(f, "ms_toollib failed to compute ZiNi on this layout"),
        }
    }
}

impl std::error::Error for ZiniError {}

/// ZiNi and HZiNi of the layout (`mines[y * width + x]`).
pub fn zini(width: usize, height: usize, mines: &[bool]) -> Result<Zini, ZiniError> {
    if width == 0 || height == 0 || mines.len() != width * height {
        return Err(ZiniError::Shape {
            width,
            height,
            cells: mines.len(),
        });
    }
    let zeros = largest_opening_zeros(width, height, mines);
    if zeros > MAX_OPENING_CELLS {
        return Err(ZiniError::OpeningTooLarge { zeros });
    }
    // ms_toollib's boards are rows of columns, -1 for a mine; it computes the numbers itself.
    let board: Vec<Vec<i32>> = (0..height)
        .map(|y| {
            (0..width)
                .map(|x| if mines[y * width + x] { -1 } else { 0 })
                .collect()
        })
        .collect();
    guarded(|| Zini {
        zini: ms_toollib::cal_zini(&board),
        hzini: ms_toollib::cal_hzini(&board),
    })
    .ok_or(ZiniError::Failed)
}

/// The zeros of the largest opening (8-connected safe cells with no mine around).
fn largest_opening_zeros(width: usize, height: usize, mines: &[bool]) -> usize {
    let neighbours = |i: usize| {
        let (x, y) = (i % width, i / width);
        let xs = x.saturating_sub(1)..=(x + 1).min(width - 1);
        xs.flat_map(move |nx| {
            (y.saturating_sub(1)..=(y + 1).min(height - 1)).map(move |ny| ny * width + nx)
        })
        .filter(move |&j| j != i)
    };
    let zero: Vec<bool> = (0..mines.len())
        .map(|i| !mines[i] && !neighbours(i).any(|j| mines[j]))
        .collect();
    let mut seen = vec![false; mines.len()];
    let mut largest = 0;
    for start in 0..mines.len() {
        if !zero[start] || seen[start] {
            continue;
        }
        seen[start] = true;
        let mut stack = vec![start];
        let mut size = 0;
        while let Some(i) = stack.pop() {
            size += 1;
            for j in neighbours(i) {
                if zero[j] && !seen[j] {
                    seen[j] = true;
                    stack.push(j);
                }
            }
        }
        largest = largest.max(size);
    }
    largest
}

#[cfg(test)]
mod tests {
    use super::*;

    fn layout(rows: &[&str]) -> (usize, usize, Vec<bool>) {
        let mines = rows
            .iter()
            .flat_map(|r| r.chars().map(|c| c == '*'))
            .collect();
        (rows[0].len(), rows.len(), mines)
    }

    #[test]
    fn an_empty_board_is_one_click() {
        let (w, h, m) = layout(&["...", "...", "..."]);
        assert_eq!(zini(w, h, &m), Ok(Zini { zini: 1, hzini: 1 }));
    }

    #[test]
    fn counted_by_hand() {
        // 1 * 1 0: clicking the 0 opens it and the 1 beside it, the left 1 takes a second
        // click; no chord pays (a flag and a chord cost two clicks to open one cell).
        let (w, h, m) = layout(&[".*.."]);
        let z = zini(w, h, &m).unwrap();
        assert_eq!(z.zini, 2);
        // A lone 1 beside a mine and nothing else: one click.
        let (w, h, m) = layout(&[".*"]);
        assert_eq!(zini(w, h, &m).unwrap().zini, 1);
    }

    #[test]
    fn bad_shapes_and_huge_openings_say_why() {
        assert_eq!(
            zini(3, 2, &[false; 5]).unwrap_err().to_string(),
            "a 3x2 layout needs 6 cells, got 5"
        );
        let big = vec![false; 100 * 100];
        assert_eq!(
            zini(100, 100, &big),
            Err(ZiniError::OpeningTooLarge { zeros: 10_000 })
        );
    }
}
