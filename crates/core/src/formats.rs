//! Text formats for positions.
//!
//! - **`.mine`** (JSMinesweeper's): a header `WIDTHxHEIGHTxMINES`, then HEIGHT rows of WIDTH
//!   characters: `H` (or `.`) hidden, `F` flag, `0`-`8` revealed, `M` or `?` a hidden cell known
//!   to hold a mine. Read and written.
//! - **`.inp`** (MineSweeperProb's): `HEIGHT WIDTH MINES`, then the grid as integers: `-3` known
//!   safe, `-2` flag, `-1` hidden, `0`-`8` revealed. Read only.
//!
//! Both readers accept trailing white space, Windows line endings and blank lines at the end,
//! and report anything else with the line and column where it went wrong.

use crate::board::{Board, Cell};
use crate::error::{ParseError, ParseErrorKind};

/// Which text format a position is written in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    /// JSMinesweeper's `.mine`.
    Mine,
    /// MineSweeperProb's `.inp`.
    Inp,
}

/// Reads a position in either format, telling them apart by the header: `WxHxM` is `.mine`,
/// three integers are `.inp`.
pub fn parse_position(text: &str) -> Result<Board, ParseError> {
    parse_any(text).map(|(board, _)| board)
}

/// Like [`parse_position`], and also says which format the text was in.
pub fn parse_any(text: &str) -> Result<(Board, Format), ParseError> {
    check_text(text)?;
    let header = text.lines().find(|l| !l.trim().is_empty()).unwrap_or("");
    if header.trim().contains(['x', 'X']) {
        parse_mine(text).map(|b| (b, Format::Mine))
    } else {
        parse_inp(text).map(|b| (b, Format::Inp))
    }
}

/// Reads a `.mine` position.
pub fn parse_mine(text: &str) -> Result<Board, ParseError> {
    check_text(text)?;
    let mut lines = text.lines().enumerate().map(|(i, l)| (i + 1, l.trim_end()));
    let (header_line, header) = lines
        .by_ref()
        .find(|(_, l)| !l.trim().is_empty())
        .ok_or_else(|| ParseError::new(1, 1, ParseErrorKind::Empty))?;
    let bad_header = || {
        ParseError::new(
            header_line,
            1,
            ParseErrorKind::BadHeader {
                expected: "30x16x99",
                found: header.to_string(),
            },
        )
    };
    let parts: Vec<&str> = header.trim().split(['x', 'X']).collect();
    let [width, height, mines] = parts[..] else {
        return Err(bad_header());
    };
    let parse_num = |s: &str| s.trim().parse::<usize>().map_err(|_| bad_header());
    let (width, height, mines) = (parse_num(width)?, parse_num(height)?, parse_num(mines)?);
    // Size checks come before the allocation of the cell vector.
    crate::board::Board::new(width, height, mines)
        .map_err(|e| ParseError::new(header_line, 1, ParseErrorKind::Board(e)))?;

    let mut cells = Vec::with_capacity(width * height);
    let mut rows = 0;
    let mut last_line = header_line;
    for (line_no, line) in lines.by_ref() {
        last_line = line_no;
        if rows == height {
            if line.trim().is_empty() {
                continue;
            }
            return Err(ParseError::new(line_no, 1, ParseErrorKind::TrailingText));
        }
        let found = line.chars().count();
        for (col, ch) in line.chars().enumerate() {
            let cell = match ch {
                'H' | 'h' | '.' => Cell::Hidden,
                'F' | 'f' => Cell::Flag,
                'M' | 'm' | '?' => Cell::HiddenMine,
                '0'..='8' => Cell::Revealed(ch as u8 - b'0'),
                _ => {
                    return Err(ParseError::new(
                        line_no,
                        col + 1,
                        ParseErrorKind::UnknownCell {
                            found: ch.to_string(),
                            expected: "H, ., F, M, ? or a digit 0-8",
                        },
                    ))
                }
            };
            if col >= width {
                break;
            }
            cells.push(cell);
        }
        if found != width {
            let column = found.min(width) + 1;
            return Err(ParseError::new(
                line_no,
                column,
                ParseErrorKind::RowLength {
                    expected: width,
                    found,
                },
            ));
        }
        rows += 1;
    }
    if rows < height {
        return Err(ParseError::new(
            last_line + 1,
            1,
            ParseErrorKind::MissingRows {
                expected: height,
                found: rows,
            },
        ));
    }
    Board::from_cells(width, height, mines, cells).map_err(|e| {
        let line = match e.kind() {
            crate::error::BoardErrorKind::NumberTooLarge { y, x, .. } => {
                return ParseError::new(header_line + 1 + y, x + 1, ParseErrorKind::Board(e));
            }
            _ => header_line,
        };
        ParseError::new(line, 1, ParseErrorKind::Board(e))
    })
}

/// Writes a position as `.mine` text, ending with a newline. Known-safe hidden cells have no
/// `.mine` character and are written as `H`.
pub fn write_mine(board: &Board) -> String {
    let mut out = format!("{}x{}x{}\n", board.width(), board.height(), board.mines());
    for row in board.cells().chunks(board.width()) {
        out.extend(row.iter().map(|cell| match cell {
            Cell::Hidden | Cell::HiddenSafe => 'H',
            Cell::HiddenMine => 'M',
            Cell::Flag => 'F',
            Cell::Revealed(n) => (b'0' + n) as char,
        }));
        out.push('\n');
    }
    out
}

/// Reads an `.inp` position.
pub fn parse_inp(text: &str) -> Result<Board, ParseError> {
    check_text(text)?;
    let mut tokens = text
        .lines()
        .enumerate()
        .flat_map(|(i, line)| tokens_with_columns(line).map(move |(col, tok)| (i + 1, col, tok)));
    let (line, col, first) = tokens
        .next()
        .ok_or_else(|| ParseError::new(1, 1, ParseErrorKind::Empty))?;
    let mut header = vec![(line, col, first)];
    header.extend(tokens.by_ref().take(2));
    let bad_header = |line, col, found: &str| {
        ParseError::new(
            line,
            col,
            ParseErrorKind::BadHeader {
                expected: "16 30 99 (height width mines)",
                found: found.into(),
            },
        )
    };
    let mut numbers = [0usize; 3];
    for (slot, &(line, col, tok)) in numbers.iter_mut().zip(&header) {
        *slot = tok.parse().map_err(|_| bad_header(line, col, tok))?;
    }
    if header.len() < 3 {
        return Err(bad_header(line, col, first));
    }
    let [height, width, mines] = numbers;
    Board::new(width, height, mines)
        .map_err(|e| ParseError::new(line, col, ParseErrorKind::Board(e)))?;

    let mut cells = Vec::with_capacity(width * height);
    let mut last = (line, col);
    for (line, col, tok) in tokens {
        last = (line, col);
        if cells.len() == width * height {
            return Err(ParseError::new(line, col, ParseErrorKind::TrailingText));
        }
        let cell = match tok.parse::<i32>() {
            Ok(-3) => Cell::HiddenSafe,
            Ok(-2) => Cell::Flag,
            Ok(-1) => Cell::Hidden,
            Ok(n @ 0..=8) => Cell::Revealed(n as u8),
            _ => {
                return Err(ParseError::new(
                    line,
                    col,
                    ParseErrorKind::UnknownCell {
                        found: tok.to_string(),
                        expected: "-3, -2, -1 or 0-8",
                    },
                ))
            }
        };
        cells.push(cell);
    }
    if cells.len() < width * height {
        return Err(ParseError::new(
            last.0,
            last.1,
            ParseErrorKind::MissingRows {
                expected: height,
                found: cells.len() / width,
            },
        ));
    }
    Board::from_cells(width, height, mines, cells)
        .map_err(|e| ParseError::new(1, 1, ParseErrorKind::Board(e)))
}

/// Refuses input that is not text, so a binary file gets a clear error rather than a confusing
/// complaint about its first byte.
fn check_text(text: &str) -> Result<(), ParseError> {
    for (i, line) in text.lines().enumerate() {
        if let Some(col) = line
            .chars()
            .position(|c| c.is_control() && c != '\t' && c != '\r')
        {
            return Err(ParseError::new(i + 1, col + 1, ParseErrorKind::Binary));
        }
    }
    if text.trim().is_empty() {
        return Err(ParseError::new(1, 1, ParseErrorKind::Empty));
    }
    Ok(())
}

/// The white-space separated tokens of a line, each with its 1-based column.
fn tokens_with_columns(line: &str) -> impl Iterator<Item = (usize, &str)> {
    let mut rest = line;
    let mut offset = 0;
    std::iter::from_fn(move || {
        let start = rest.find(|c: char| !c.is_whitespace())?;
        let len = rest[start..]
            .find(char::is_whitespace)
            .unwrap_or(rest.len() - start);
        let token = &rest[start..start + len];
        let column = line[..offset + start].chars().count() + 1;
        offset += start + len;
        rest = &rest[start + len..];
        Some((column, token))
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::BoardErrorKind;

    fn kind(text: &str) -> (usize, usize, ParseErrorKind) {
        let err = parse_position(text).unwrap_err();
        (err.line(), err.column(), err.kind().clone())
    }

    #[test]
    fn mine_round_trip() {
        let text = "4x3x3\nH1F0\nMH?1\n....\n";
        let board = parse_mine(text).unwrap();
        assert_eq!((board.width(), board.height(), board.mines()), (4, 3, 3));
        assert_eq!(write_mine(&board), "4x3x3\nH1F0\nMHM1\nHHHH\n");
        assert_eq!(parse_mine(&write_mine(&board)).unwrap(), board);
    }

    #[test]
    fn accepts_crlf_and_trailing_space() {
        let board = parse_position("2x2x1 \r\nH1 \r\n11\r\n\r\n").unwrap();
        assert_eq!(board.cells()[1], Cell::Revealed(1));
    }

    #[test]
    fn inp_reads_every_cell_kind() {
        let board = parse_position("2 3 2\n-3 -2 -1\n0 1 1\n").unwrap();
        assert_eq!((board.width(), board.height(), board.mines()), (3, 2, 2));
        assert_eq!(
            board.cells(),
            &[
                Cell::HiddenSafe,
                Cell::Flag,
                Cell::Hidden,
                Cell::Revealed(0),
                Cell::Revealed(1),
                Cell::Revealed(1)
            ]
        );
    }

    #[test]
    fn errors_name_line_and_column() {
        assert_eq!(kind("   \n"), (1, 1, ParseErrorKind::Empty));
        assert!(matches!(
            kind("3y3y3\nHHH\n"),
            (1, 1, ParseErrorKind::BadHeader { .. })
        ));
        assert!(matches!(
            kind("3x3\nHHH\n"),
            (1, 1, ParseErrorKind::BadHeader { .. })
        ));
        assert!(matches!(
            kind("3x2x1\nHHH\nHH\n"),
            (
                3,
                3,
                ParseErrorKind::RowLength {
                    expected: 3,
                    found: 2
                }
            )
        ));
        assert!(matches!(
            kind("3x2x1\nHHH\nHZH\n"),
            (3, 2, ParseErrorKind::UnknownCell { .. })
        ));
        assert!(matches!(
            kind("3x2x1\nHHH\n"),
            (
                3,
                1,
                ParseErrorKind::MissingRows {
                    expected: 2,
                    found: 1
                }
            )
        ));
        assert!(matches!(
            kind("2x1x1\nHH\nHH\n"),
            (3, 1, ParseErrorKind::TrailingText)
        ));
        assert!(matches!(
            kind("2x2x9\nHH\nHH\n"),
            (1, 1, ParseErrorKind::Board(e)) if matches!(e.kind(), BoardErrorKind::TooManyMines { .. })
        ));
        assert!(matches!(
            kind("2x2x1\nH4\nHH\n"),
            (2, 2, ParseErrorKind::Board(e)) if matches!(e.kind(), BoardErrorKind::NumberTooLarge { .. })
        ));
        assert!(matches!(
            kind("1 2 1\n-1 9\n"),
            (2, 4, ParseErrorKind::UnknownCell { .. })
        ));
        assert!(matches!(
            kind("2x1x1\nH\u{0}\n"),
            (2, 2, ParseErrorKind::Binary)
        ));
    }
}
