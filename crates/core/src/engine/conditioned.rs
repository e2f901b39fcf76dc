//! Layouts of an analysed position in which a few cells take given values, without a new
//! analysis of the whole board.
//!
//! The player asks this many times a turn (each closed 50/50 shape it weighs fixes up to
//! eight cells). A fresh [`solve_board`](crate::engine::probability::solve_board) of the board with
//! those cells flagged or marked safe gives the same exact count, but rebuilds the rules and
//! the boxes and enumerates every front again. Here only the fronts that hold a fixed cell
//! are enumerated again: each fixed cell leaves its box, and each fixed mine lowers the need
//! of the box's witnesses. The other fronts keep the analysis' counts, and the total comes
//! from the fronts' polynomials and the floating placements, as in the analysis itself.

use num_bigint::BigUint;
use num_traits::Zero;

use crate::board::CellIdx;
use crate::engine::combine::total_layouts;
use crate::engine::enumerate::{FrontFailure, FrontLimits, FrontProblem, FrontRule};
use crate::engine::fronts::{enumerate_front_weights, front_problem};
use crate::engine::probability::{Analysis, CellClass, SolveConfig};
use crate::error::{SolveError, SolveErrorKind};

/// The number of the analysed position's layouts in which every cell of `fixed` is a mine
/// (`true`) or safe (`false`); zero when none agrees. The cells must be distinct. Fails only
/// when a front, enumerated again, runs over the budget of `config`.
pub(crate) fn layouts_with(
    analysis: &Analysis,
    fixed: &[(CellIdx, bool)],
    config: &SolveConfig,
) -> Result<BigUint, SolveError> {
    let rules = &analysis.rules;
    let boxes = &analysis.boxes;
    // Per box: (fixed mines, fixed safe cells), for the boxes that hold a fixed cell.
    let mut in_box: Vec<(u32, u8, u8)> = Vec::new();
    let (mut floating_mines, mut floating_fixed) = (0usize, 0usize);
    for &(cell, mine) in fixed {
        match analysis.class(cell) {
            CellClass::Revealed | CellClass::Safe if mine => return Ok(BigUint::zero()),
            CellClass::Flag | CellClass::Mine if !mine => return Ok(BigUint::zero()),
            CellClass::Revealed | CellClass::Safe | CellClass::Flag | CellClass::Mine => {}
            CellClass::Floating => {
                floating_fixed += 1;
                floating_mines += usize::from(mine);
            }
            CellClass::Boxed(b) => {
                let entry = match in_box.iter().position(|e| e.0 == b) {
                    Some(i) => &mut in_box[i],
                    None => {
                        in_box.push((b, 0, 0));
                        in_box.last_mut().expect("just pushed")
                    }
                };
                if mine {
                    entry.1 += 1;
                } else {
                    entry.2 += 1;
                }
            }
        }
    }
    let Some(mines_left) = rules.mines_left.checked_sub(floating_mines) else {
        return Ok(BigUint::zero());
    };
    let limits = FrontLimits {
        max_lines: config.max_lines,
        max_work: config.max_work,
        max_mines: mines_left,
    };
    // Each front's polynomial: the analysis' own, or enumerated again without its fixed cells.
    let mut fresh: Vec<(usize, Vec<BigUint>)> = Vec::new();
    let mut fresh_of_front: Vec<Option<usize>> = vec![None; boxes.fronts.len()];
    for (f, front) in boxes.fronts.iter().enumerate() {
        let fixed_here: Vec<(usize, u8, u8)> = front
            .boxes
            .iter()
            .enumerate()
            .filter_map(|(local, b)| in_box.iter().find(|e| e.0 == *b).map(|e| (local, e.1, e.2)))
            .collect();
        if fixed_here.is_empty() {
            continue;
        }
        let problem = front_problem(rules, boxes, front);
        let Some((problem, fixed_mines)) = without_fixed(problem, &fixed_here) else {
            return Ok(BigUint::zero());
        };
        let poly = if problem.box_sizes.is_empty() {
            (fixed_mines, vec![BigUint::from(1u8)])
        } else {
            match enumerate_front_weights::<BigUint>(&problem, &limits) {
                Ok((_, weights)) => (weights.min_mines + fixed_mines, weights.counts),
                Err(FrontFailure::Unsatisfiable(_)) => return Ok(BigUint::zero()),
                Err(FrontFailure::TooManyLines) => {
                    return Err(SolveError::new(SolveErrorKind::TooComplex {
                        what: "probability lines at once (or its work budget) in one front",
                        limit: config.max_lines as u64,
                    }))
                }
            }
        };
        fresh_of_front[f] = Some(fresh.len());
        fresh.push(poly);
    }
    let polys: Vec<(usize, &[BigUint])> = analysis
        .front_counts
        .iter()
        .zip(&fresh_of_front)
        .map(|((min, counts), fresh_one)| match fresh_one {
            Some(i) => (fresh[*i].0, fresh[*i].1.as_slice()),
            None => (*min, counts.as_slice()),
        })
        .collect();
    let floating = (boxes.floating.len() - floating_fixed) as u64;
    Ok(total_layouts(&polys, floating, mines_left))
}

/// A front's problem with fixed cells taken out of their boxes (`fixed` holds front-local
/// box, fixed mines, fixed safe cells), and the fixed mines; `None` when a witness would need
/// fewer than none. Emptied boxes leave the problem, and so do witnesses left with no box
/// (they must need none).
fn without_fixed(
    mut problem: FrontProblem,
    fixed: &[(usize, u8, u8)],
) -> Option<(FrontProblem, usize)> {
    let mut mines_of_box = vec![0u8; problem.box_sizes.len()];
    for &(local, mines, safes) in fixed {
        mines_of_box[local] = mines;
        problem.box_sizes[local] -= mines + safes;
    }
    let mut new_index = vec![u32::MAX; problem.box_sizes.len()];
    let mut sizes = Vec::with_capacity(problem.box_sizes.len());
    for (b, &size) in problem.box_sizes.iter().enumerate() {
        if size > 0 {
            new_index[b] = sizes.len() as u32;
            sizes.push(size);
        }
    }
    let mut rules = Vec::with_capacity(problem.rules.len());
    for rule in problem.rules {
        let taken: u8 = rule.boxes.iter().map(|&b| mines_of_box[b as usize]).sum();
        let need = rule.need.checked_sub(taken)?;
        let boxes: Vec<u32> = rule
            .boxes
            .iter()
            .map(|&b| new_index[b as usize])
            .filter(|&b| b != u32::MAX)
            .collect();
        if boxes.is_empty() {
            if need > 0 {
                return None;
            }
            continue;
        }
        rules.push(FrontRule { need, boxes });
    }
    let fixed_mines = mines_of_box.iter().map(|&m| m as usize).sum();
    Some((
        FrontProblem {
            box_sizes: sizes,
            rules,
        },
        fixed_mines,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{Board, Cell};
    use crate::brute::enumerate_layouts;
    use crate::engine::probability::solve_board;
    use crate::rng::GameRng;

    /// Against the brute-force enumerator, and against a fresh analysis of the board with the
    /// cells flagged or marked safe, on thousands of small random positions with up to eight
    /// unrevealed cells fixed at random (many sets agree with no layout).
    #[test]
    fn matches_brute_force_and_a_fresh_analysis() {
        let mut rng = GameRng::new(0xc0de);
        let config = SolveConfig::default();
        let (mut checked, mut nonzero, mut zero) = (0, 0, 0);
        for _ in 0..12_000 {
            let board = crate::player::test_positions::random_position(&mut rng);
            let Ok(analysis) = solve_board(&board, &config) else {
                continue;
            };
            let Some(brute) = enumerate_layouts(&board) else {
                continue;
            };
            let unrevealed: Vec<CellIdx> = board
                .indices()
                .filter(|&c| board.cell(c).is_unrevealed())
                .collect();
            if unrevealed.is_empty() {
                continue;
            }
            let mut fixed: Vec<(CellIdx, bool)> = Vec::new();
            for _ in 0..=rng.below(8) {
                let cell = unrevealed[rng.below(unrevealed.len() as u64) as usize];
                if fixed.iter().all(|&(c, _)| c != cell) {
                    fixed.push((cell, rng.below(3) == 0));
                }
            }
            let expected = brute
                .layouts
                .iter()
                .filter(|mines| {
                    fixed.iter().all(|&(c, mine)| {
                        let is_mine = board.cell(c) == Cell::Flag || mines.contains(&c.get());
                        is_mine == mine
                    })
                })
                .count();
            let got = layouts_with(&analysis, &fixed, &config).unwrap();
            let text = crate::formats::write_mine(&board);
            assert_eq!(got, BigUint::from(expected), "{fixed:?} on\n{text}");
            let mut modified: Board = board.clone();
            for &(c, mine) in &fixed {
                if board.cell(c) != Cell::Flag {
                    modified.set_cell(c, if mine { Cell::Flag } else { Cell::HiddenSafe });
                }
            }
            // Flags cannot be marked safe on a board: that check is for hidden cells only.
            if fixed.iter().all(|&(c, _)| board.cell(c) != Cell::Flag) {
                let fresh = solve_board(&modified, &config)
                    .map_or(BigUint::zero(), |a| a.solutions().clone());
                assert_eq!(got, fresh, "{fixed:?} on\n{text}");
            }
            checked += 1;
            if expected == 0 {
                zero += 1;
            } else {
                nonzero += 1;
            }
        }
        assert!(
            checked > 11_000 && nonzero > 3_000 && zero > 3_000,
            "{checked} {nonzero} {zero}"
        );
    }
}
