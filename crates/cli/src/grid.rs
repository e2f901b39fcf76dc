//! The text grid of `analyze` and `endgame --moves`: the board with a percentage in each
//! cell that is not a number.

use mineseer_core::{Board, Cell, CellIdx};

/// A grid of four-character cells, a row a line: numbers and flags as they are, every other
/// cell as the percentage that `percent` gives it (a chance, 0 to 1). Only exact ends show
/// as `  0%` and `100%`: a chance strictly between shows as 1 to 99, so that a cell that is
/// nearly certain never reads as certain. `percent` is asked once per cell that is not a
/// number, flags included, in board order.
pub fn percent_grid(board: &Board, mut percent: impl FnMut(CellIdx) -> f64) -> String {
    let mut out = String::new();
    for y in 0..board.height() {
        for x in 0..board.width() {
            let idx = board.idx(x, y).expect("in range");
            match board.cell(idx) {
                Cell::Revealed(n) => out.push_str(&format!("   {n}")),
                Cell::Flag => {
                    percent(idx);
                    out.push_str("   F");
                }
                _ => {
                    let chance = percent(idx);
                    let shown = if chance <= 0.0 {
                        0.0
                    } else if chance >= 1.0 {
                        100.0
                    } else {
                        (chance * 100.0).round().clamp(1.0, 99.0)
                    };
                    out.push_str(&format!("{shown:>3.0}%"));
                }
            }
        }
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::percent_grid;
    use mineseer_core::formats::parse_mine;

    #[test]
    fn only_exact_ends_show_as_0_and_100() {
        let board = parse_mine("7x1x2\n1HHHHHF\n").unwrap();
        let mut chances = [0.0, 0.004, 0.5, 0.996, 1.0, 0.3].into_iter();
        let grid = percent_grid(&board, |_| chances.next().unwrap());
        assert_eq!(grid, "   1  0%  1% 50% 99%100%   F\n");
    }
}
