//! Number chances: for every hidden cell that is not certainly a mine, the exact probability
//! of each number 0..=8 it would show if revealed, given that it is safe.
//!
//! The number a cell `c` shows is the sum of four independent-looking parts that are in fact
//! coupled only through the global mine count:
//! - **constants**: flagged neighbours and neighbours deduced to be mines;
//! - **front parts**: for each front, the mines in the neighbours that lie in its boxes. A
//!   neighbourhood may cover only part of a box: given the box holds `k` of its `s` cells'
//!   mines, the `a` covered cells hold `j` of them in `C(a, j) C(s - a, k - j)` of the
//!   `C(s, k)` ways (one cell fewer when `c` itself is in the box, since it must be safe);
//! - **floating part**: `j` of the `f` floating neighbours are mines in `C(f, j) C(F', r - j)`
//!   placements, where `F'` counts the other floating cells (without `c`) and `r` is what the
//!   fronts leave of the mines.
//!
//! Each front's enumeration is traced ([`trace_front`]), asked to keep the boxes of each
//! neighbourhood open together so that one step shows all of them. A backward pass gives, for
//! every line, the number of ways to finish the front per number of further mines; forward
//! count times transition weight times backward count is then the exact number of front
//! layouts through each transition, so one pass over the transitions of that step gives a
//! neighbourhood's joint distribution of (front mines, neighbourhood mines). The fronts a
//! neighbourhood touches are convolved together, the other fronts and the floating cells are
//! summed in with their exact weights, and the result is divided only at the end.
//!
//! [`solve_board_with_chances`] takes the analysis's counts and tallies from the same traces,
//! so each front is enumerated once for both; [`number_chances`] traces the fronts of an
//! analysis made before. The work is small and repeated per neighbourhood, so it is kept in
//! machine words: fronts under 60 cells count in `u64` (`u128` under 120), the big weights are
//! flat tables of 64-bit digits (Pascal's rule adds them, the per-number sums are column sums
//! of 64-bit products), and the nine counts of a cell live in one digit buffer.
//!
//! The parts, each a file below this one (which holds the two entry points): `chances` (the
//! answer: [`NumberChances`], [`BoardChances`]), `neighbourhoods` (each cell's neighbourhood
//! as fixed-size keys), `distribution` (a neighbourhood's joint distribution in one front),
//! `enumeration` (the traced fronts read forwards and backwards into those distributions),
//! `combination` (the distributions convolved and weighted into each cell's counts) and
//! `digits` (the 64-bit digit arithmetic). They depend downwards only: chances and
//! distribution on nothing of the others, the enumeration and the combination on those and
//! the neighbourhoods, never on each other.

use num_bigint::BigUint;

use crate::board::Board;
use crate::engine::boxes::Boxes;
use crate::engine::enumerate::{trace_front, FrontLimits};
use crate::engine::fronts::{front_failure, front_problem};
use crate::engine::probability::{analysis_from_fronts, solve_board, Analysis, SolveConfig};
use crate::engine::rules::Rules;
use crate::error::SolveError;

mod chances;
mod combination;
mod digits;
mod distribution;
mod enumeration;
mod neighbourhoods;

pub use chances::{BoardChances, NumberChances, NUMBERS};
use combination::assemble;
use distribution::Distribution;
use enumeration::{distributions_from_trace, traced_front, Backward, Small, SMALL_FRONT_CELLS};
use neighbourhoods::{describe, keep_together};

/// The number chances of every cell of the board `analysis` was made from.
///
/// A caller that wants both the analysis and the chances should call
/// [`solve_board_with_chances`], which enumerates each front once for both.
pub fn number_chances(
    board: &Board,
    analysis: &Analysis,
    config: &SolveConfig,
) -> Result<BoardChances, SolveError> {
    number_chances_with(board, analysis, config, false)
}

/// [`solve_board`] and [`number_chances`] together, with the same results (and the same
/// errors), but each front enumerated once: its traced enumeration, kept open where the
/// neighbourhoods need it, gives both its counts for the analysis and its joint
/// distributions for the chances. (Only [`crate::engine::probability::SolveStats::lines_created`]
/// differs: it counts the traced enumeration's lines.) Positions with a front too large for
/// 128-bit counts, or over a budget, take the two calls.
///
/// The outer error is the analysis's, as [`solve_board`] gives it; the chances have their
/// own result, because they can be over budget (they keep more boxes open) where the
/// analysis is not, and the analysis is still worth having then.
///
/// Never inlined: the page's Analyze and the efficient player both call it, and one copy in
/// the solver's wasm module is what keeps it within its size budget.
#[inline(never)]
pub fn solve_board_with_chances(
    board: &Board,
    config: &SolveConfig,
) -> Result<(Analysis, Result<BoardChances, SolveError>), SolveError> {
    let two_calls = || {
        let analysis = solve_board(board, config)?;
        let chances = number_chances(board, &analysis, config);
        Ok((analysis, chances))
    };
    let rules = Rules::from_board(board)?;
    let boxes = Boxes::new(&rules);
    let described = describe(board, &rules, &boxes);
    let limits = FrontLimits {
        max_lines: config.max_lines,
        max_work: config.max_work,
        max_mines: rules.mines_left,
    };
    let mut fronts = Vec::with_capacity(boxes.fronts.len());
    let mut distributions = Vec::with_capacity(boxes.fronts.len());
    let mut lines_created = 0u64;
    for (f, front) in boxes.fronts.iter().enumerate() {
        let problem = front_problem(&rules, &boxes, front);
        let n_cells: usize = problem.box_sizes.iter().map(|&s| s as usize).sum();
        if n_cells >= 120 {
            return two_calls();
        }
        let descriptors = &described.descriptors[f];
        let traced = if n_cells < SMALL_FRONT_CELLS {
            traced_front::<Small>(&problem, descriptors, &limits)
        } else {
            traced_front::<u128>(&problem, descriptors, &limits)
        };
        let Ok((weights, front_distributions, lines)) = traced else {
            // The two calls report the failure exactly as they would have.
            return two_calls();
        };
        lines_created += lines;
        fronts.push(weights);
        distributions.push(front_distributions);
    }
    let analysis = analysis_from_fronts(board, rules, boxes, fronts, lines_created, config)?;
    let chances = assemble(board, &analysis, described, &distributions, false);
    Ok((analysis, Ok(chances)))
}

/// [`number_chances`], optionally with big integers everywhere: the general combination
/// instead of the 64-bit fast path, and `BigUint` front enumerations instead of `u128`
/// (for the test that compares both, since small boards always take the fast paths).
fn number_chances_with(
    board: &Board,
    analysis: &Analysis,
    config: &SolveConfig,
    general_only: bool,
) -> Result<BoardChances, SolveError> {
    let rules = &analysis.rules;
    let boxes = &analysis.boxes;
    let described = describe(board, rules, boxes);
    // One traced enumeration per front that some neighbourhood touches.
    let mut distributions: Vec<Vec<Distribution>> = Vec::with_capacity(boxes.fronts.len());
    for (f, front) in boxes.fronts.iter().enumerate() {
        let descriptors = &described.descriptors[f];
        if descriptors.is_empty() {
            distributions.push(Vec::new());
            continue;
        }
        let problem = front_problem(rules, boxes, front);
        let n_cells: usize = problem.box_sizes.iter().map(|&s| s as usize).sum();
        let keep_together = keep_together(descriptors);
        // The same bound as the engine's: below 120 cells every count fits in a u128 (and
        // below SMALL_FRONT_CELLS in a u64).
        let result = if n_cells < SMALL_FRONT_CELLS && !general_only {
            trace_front::<Small>(&problem, &keep_together, config.max_lines).map(|trace| {
                let backward = Backward::new(&trace);
                distributions_from_trace(&problem, &trace, &backward, descriptors)
            })
        } else if n_cells < 120 && !general_only {
            trace_front::<u128>(&problem, &keep_together, config.max_lines).map(|trace| {
                let backward = Backward::new(&trace);
                distributions_from_trace(&problem, &trace, &backward, descriptors)
            })
        } else {
            trace_front::<BigUint>(&problem, &keep_together, config.max_lines).map(|trace| {
                let backward = Backward::new(&trace);
                distributions_from_trace(&problem, &trace, &backward, descriptors)
            })
        };
        match result {
            Ok(d) => distributions.push(d),
            Err(failure) => {
                return Err(front_failure(
                    board,
                    rules,
                    front,
                    failure,
                    config,
                    "probability lines in one front (number chances)",
                ))
            }
        }
    }
    Ok(assemble(
        board,
        analysis,
        described,
        &distributions,
        general_only,
    ))
}

#[cfg(test)]
mod tests {
    use num_traits::Zero;

    use super::*;
    use crate::engine::probability::solve_board;
    use crate::formats::parse_mine;

    /// The bench corpora of real positions.
    const EXPERT: &str = include_str!("../benches/corpus/expert.txt");
    const EXPERT_HARD: &str = include_str!("../benches/corpus/expert-hard.txt");

    /// Small positions with several fronts, cells touching two of them, floating cells and
    /// a flag.
    const SEVERAL_FRONTS: [&str; 2] = [
        "8x6x12\n1HHHH2HH\nHHHHHHHH\nH2HF1HHH\nHHHHHHH1\nHH3HHHHH\n1HHHHH2H\n",
        "6x4x5\n0001HH\n112HHH\nHHHH3H\nHHHHHH\n",
    ];

    /// The positions of a corpus, every `step`th one.
    fn corpus(text: &'static str, step: usize) -> impl Iterator<Item = &'static str> {
        text.split("\n\n")
            .filter(|c| !c.trim().is_empty())
            .step_by(step)
    }

    #[test]
    fn one_enumeration_matches_the_two_calls() {
        // Real expert positions, small positions with several fronts, flags and floating
        // cells, and positions that fail (no layout, a wrong mine count, over budget).
        let mut positions: Vec<&str> = SEVERAL_FRONTS.to_vec();
        positions.extend([
            "4x3x2\n1HHH\nHHHH\nHHH1\n",
            "3x3x1\nH3H\nHHH\nHHH\n",
            "4x2x7\n1HHH\nHHHH\n",
            "5x2x1\n2HHHH\nHHHH1\n",
        ]);
        positions.extend(corpus(EXPERT, 3).chain(corpus(EXPERT_HARD, 3)));
        let tight = SolveConfig {
            max_lines: 3,
            ..SolveConfig::default()
        };
        let mut chances_failed_alone = 0;
        for text in &positions {
            let board = parse_mine(text).unwrap();
            for config in [SolveConfig::default(), tight.clone()] {
                let one = solve_board_with_chances(&board, &config);
                match (one, solve_board(&board, &config)) {
                    (Ok((a1, c1)), Ok(a2)) => {
                        assert_eq!(a1.solutions(), a2.solutions(), "{text}");
                        for idx in board.indices() {
                            assert_eq!(a1.mine_layouts(idx), a2.mine_layouts(idx), "{text}");
                            assert_eq!(a1.class(idx), a2.class(idx), "{text}");
                        }
                        // The chances have their own result: the analysis stays when only
                        // they fail.
                        match (c1, number_chances(&board, &a2, &config)) {
                            (Ok(c1), Ok(c2)) => assert_eq!(c1, c2, "{text}"),
                            (Err(e1), Err(e2)) => {
                                assert_eq!(e1.to_string(), e2.to_string(), "{text}");
                                chances_failed_alone += 1;
                            }
                            (c1, c2) => panic!("{text}: {:?} vs {:?}", c1.err(), c2.err()),
                        }
                    }
                    (Err(e1), Err(e2)) => assert_eq!(e1.to_string(), e2.to_string(), "{text}"),
                    (one, two) => panic!("{text}: {:?} vs {:?}", one.err(), two.err()),
                }
            }
        }
        // The tight budget stops some position's chances but not its analysis: that path is
        // exercised, not only assumed.
        assert!(chances_failed_alone > 0);
    }

    #[test]
    fn safe_cell_beside_floating_cells_regression() {
        // (1, 4) is safe (beside the 0) and its other neighbours float. The weights of the
        // neighbourhoods that touch no front were sized by the first one asked for, a cell
        // with more floating neighbours, and came one total short for (1, 4): its layouts
        // with all those neighbours mines were lost (434 safe layouts instead of 456).
        let text = "5x5x5\nH111H\nHHHHH\nHHHHH\n1HHHH\n0HHHH\n";
        let board = parse_mine(text).unwrap();
        let brute = crate::brute::enumerate_layouts(&board).unwrap();
        let (analysis, chances) =
            solve_board_with_chances(&board, &SolveConfig::default()).unwrap();
        let chances = chances.unwrap();
        assert_eq!(analysis.solutions(), &BigUint::from(brute.layouts.len()));
        for idx in board.indices() {
            if !board.cell(idx).is_unrevealed() {
                continue;
            }
            let mut expected = [0usize; NUMBERS];
            for layout in brute.layouts.iter().filter(|l| !l.contains(&idx.get())) {
                let shown = board
                    .neighbours(idx)
                    .filter(|n| layout.contains(&n.get()))
                    .count();
                expected[shown] += 1;
            }
            let chances = chances.get(idx);
            for (n, &count) in expected.iter().enumerate() {
                let got = chances.map_or_else(BigUint::zero, |c| c.layouts_showing(n));
                assert_eq!(got, BigUint::from(count), "{n} at {:?}", board.xy(idx));
            }
        }
    }

    #[test]
    fn safe_layouts_agree_with_the_analysis_on_random_positions() {
        // Every cell's layouts by number add up to its safe layouts, which the analysis
        // counts independently; and the one-enumeration entry point agrees with the two
        // calls. Random positions with revealed cells anywhere (zeros beside unrevealed
        // cells included) and some flags.
        let mut state = 12345u64;
        let mut next = || {
            state = state
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            (state >> 33) as u32
        };
        let mut cells_checked = 0;
        for _ in 0..3000 {
            let (width, height) = (4 + next() % 8, 4 + next() % 8);
            let n = (width * height) as usize;
            let mines = 2 + next() as usize % (n / 4);
            let mut is_mine = vec![false; n];
            let mut placed = 0;
            while placed < mines {
                let i = next() as usize % n;
                if !is_mine[i] {
                    is_mine[i] = true;
                    placed += 1;
                }
            }
            let reveal_percent = next() % 60;
            let mut text = format!("{width}x{height}x{mines}\n");
            for y in 0..height as i64 {
                for x in 0..width as i64 {
                    let i = (y * width as i64 + x) as usize;
                    if !is_mine[i] && next() % 100 < reveal_percent {
                        let around = (-1..=1)
                            .flat_map(|dy| (-1..=1).map(move |dx| (x + dx, y + dy)))
                            .filter(|&(nx, ny)| (nx, ny) != (x, y))
                            .filter(|&(nx, ny)| {
                                nx >= 0 && ny >= 0 && nx < width as i64 && ny < height as i64
                            })
                            .filter(|&(nx, ny)| is_mine[(ny * width as i64 + nx) as usize])
                            .count();
                        text.push(char::from(b'0' + around as u8));
                    } else if is_mine[i] && next() % 10 == 0 {
                        text.push('F');
                    } else {
                        text.push('H');
                    }
                }
                text.push('\n');
            }
            let board = parse_mine(&text).unwrap();
            let config = SolveConfig::default();
            let (analysis, chances) = solve_board_with_chances(&board, &config).unwrap();
            let chances = chances.unwrap();
            let two_calls = number_chances(&board, &analysis, &config).unwrap();
            assert_eq!(chances, two_calls, "{text}");
            for idx in board.indices() {
                if !board.cell(idx).is_unrevealed() || board.cell(idx) == crate::Cell::Flag {
                    continue;
                }
                let safe = analysis.solutions() - analysis.mine_layouts(idx);
                let got = chances
                    .get(idx)
                    .map_or_else(BigUint::zero, |c| c.safe_layouts().clone());
                assert_eq!(got, safe, "{:?} of\n{text}", board.xy(idx));
                cells_checked += 1;
            }
        }
        assert!(cells_checked > 50_000, "only {cells_checked} cells");
    }

    #[test]
    fn safe_layouts_agree_with_the_analysis_on_the_expert_corpora() {
        // Real positions leave many mines to many floating cells: the binomial row of the
        // weights starts far above zero (reached by several steps at once) and the weights
        // span several digits. Every cell's counts by number add up to its safe layouts,
        // which the analysis counts on a path of its own (big integers throughout).
        let mut rows_started_late = 0;
        for text in corpus(EXPERT, 1).chain(corpus(EXPERT_HARD, 1)) {
            let board = parse_mine(text).unwrap();
            let (analysis, chances) =
                solve_board_with_chances(&board, &SolveConfig::default()).unwrap();
            let chances = chances.unwrap();
            let most: usize = analysis
                .front_counts
                .iter()
                .map(|(min, c)| min + c.len() - 1)
                .sum();
            if analysis.rules.mines_left > most + 17 {
                rows_started_late += 1;
            }
            for idx in board.indices() {
                if !board.cell(idx).is_unrevealed() || board.cell(idx) == crate::Cell::Flag {
                    continue;
                }
                let safe = analysis.solutions() - analysis.mine_layouts(idx);
                let (got, by_number) = chances.get(idx).map_or_else(
                    || (BigUint::zero(), BigUint::zero()),
                    |c| {
                        let by_number = (0..NUMBERS).map(|n| c.layouts_showing(n)).sum();
                        (c.safe_layouts().clone(), by_number)
                    },
                );
                assert_eq!(got, safe, "{:?} of\n{text}", board.xy(idx));
                assert_eq!(by_number, safe, "{:?} of\n{text}", board.xy(idx));
            }
        }
        assert!(rows_started_late > 50, "only {rows_started_late} positions");
    }

    #[test]
    fn sixty_four_and_128_bit_traces_agree() {
        // Every front small enough for 64-bit counts, traced both ways.
        let mut positions: Vec<&str> = SEVERAL_FRONTS.to_vec();
        positions.extend(corpus(EXPERT, 1).chain(corpus(EXPERT_HARD, 1)));
        let mut fronts_checked = 0;
        for text in &positions {
            let board = parse_mine(text).unwrap();
            let rules = Rules::from_board(&board).unwrap();
            let boxes = Boxes::new(&rules);
            let described = describe(&board, &rules, &boxes);
            let limits = FrontLimits {
                max_lines: 200_000,
                max_work: u64::MAX,
                max_mines: rules.mines_left,
            };
            for (f, front) in boxes.fronts.iter().enumerate() {
                let problem = front_problem(&rules, &boxes, front);
                let n_cells: usize = problem.box_sizes.iter().map(|&s| s as usize).sum();
                if n_cells >= SMALL_FRONT_CELLS {
                    continue;
                }
                let descriptors = &described.descriptors[f];
                let (w64, d64, l64) =
                    traced_front::<Small>(&problem, descriptors, &limits).unwrap();
                let (w128, d128, l128) =
                    traced_front::<u128>(&problem, descriptors, &limits).unwrap();
                assert_eq!(w64.min_mines, w128.min_mines, "{text}");
                assert_eq!(w64.counts, w128.counts, "{text}");
                assert_eq!(w64.tallies, w128.tallies, "{text}");
                assert_eq!(d64, d128, "{text}");
                assert_eq!(l64, l128, "{text}");
                fronts_checked += 1;
            }
        }
        assert!(fronts_checked > 100, "only {fronts_checked} fronts");
    }

    #[test]
    fn fast_and_general_combinations_agree() {
        // Small positions with several fronts, and real expert positions, whose counts can
        // outgrow 64 bits.
        let mut positions: Vec<&str> = SEVERAL_FRONTS.to_vec();
        positions.extend(corpus(EXPERT_HARD, 7));
        for text in &positions {
            let board = parse_mine(text).unwrap();
            let analysis = solve_board(&board, &SolveConfig::default()).unwrap();
            let config = SolveConfig::default();
            let fast = number_chances_with(&board, &analysis, &config, false).unwrap();
            let general = number_chances_with(&board, &analysis, &config, true).unwrap();
            for idx in board.indices() {
                assert_eq!(
                    fast.get(idx),
                    general.get(idx),
                    "{:?} of\n{text}",
                    board.xy(idx)
                );
            }
        }
    }
}
