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
