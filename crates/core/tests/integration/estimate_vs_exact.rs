//! The endgame estimate against the exact value of what it estimates: "this candidate, then
//! the auto-player", computed by playing the (deterministic) auto-player on every layout of
//! the brute-force enumerator, each layout weighing the same.
//!
//! - **Coverage**: the 95 % intervals of the estimate cover the exact value in at least 90 %
//!   of cases, with fixed seeds; a biased layout source (one class of layouts dropped, or
//!   doubled) fails the same test.
//! - **Bound**: the exact value never exceeds the endgame solver's exact optimum for the same
//!   first move.
//! - **Determinism**: the same seed and layouts give the same tally however the layouts are
//!   shared among threads.
//!
//! The exact values keep the player's moves of each position met (`MoveMemo`, as the
//! rollouts do): the player's moves depend on the board alone, and the layouts of one position
//! pass through the same positions again and again. The memo changes no value (the last test
//! compares it with plain `wins_after` on every layout); it made this file several times
//! cheaper (docs/journal/first-run.md).

use crate::common;

use common::layout_masks;
use mineseer_core::estimate::{
    plan, summarize, wins_after, EstimateConfig, LayoutSource, Plan, Rollouts, Tally,
};
use mineseer_core::game::{FirstClickRule, Game, GameConfig, GameState};
use mineseer_core::player::{next_moves, wins_after_reveal, Level, MoveMemo, PlayerConfig, Reason};
use mineseer_core::rng::{derive_seed, GameRng};
use mineseer_core::sample::LayoutSampler;
use mineseer_core::{solve_board, solve_endgame, Board, Cell, EndgameConfig, SolveConfig};
use num_bigint::BigUint;

/// Layouts drawn for each position's estimate.
const ROLLOUTS: u64 = 120;

/// Positions of real games on small boards where a guess is due (no cell certainly safe),
/// with at most `max_layouts` layouts and at least two.
fn guess_positions(count: usize, max_layouts: usize) -> Vec<Board> {
    let fast = PlayerConfig::new(Level::Fast, FirstClickRule::Safe);
    let mut positions = Vec::new();
    for seed in 0..20_000u64 {
        if positions.len() == count {
            break;
        }
        let (width, height, mines) =
            [(6, 5, 6), (5, 5, 5), (7, 4, 7), (6, 6, 8), (7, 5, 8)][seed as usize % 5];
        let config = GameConfig::new(width, height, mines, FirstClickRule::Safe, seed).unwrap();
        let mut game = Game::new(config);
        // Play until the n-th guess point of the game, n from the seed.
        let mut guess_points_left = seed / 5 % 3;
        while game.state() == GameState::Playing {
            let Ok(moves) = next_moves(game.board(), &fast) else {
                break;
            };
            let guess = moves.first().is_some_and(|m| {
                matches!(m.reason, Reason::Guess { .. } | Reason::ForcedGuess { .. })
            });
            if guess
                && game
                    .board()
                    .cells()
                    .iter()
                    .any(|c| matches!(c, Cell::Revealed(_)))
            {
                if guess_points_left == 0 {
                    let board = game.board().clone();
                    // The exact count first: the brute-force enumerator is slow on many cells.
                    let count = solve_board(&board, &SolveConfig::default())
                        .ok()
                        .and_then(|a| a.solutions().to_string().parse::<usize>().ok())
                        .unwrap_or(usize::MAX);
                    let hidden = board.cells().iter().filter(|c| c.is_unrevealed()).count();
                    if (2..=max_layouts).contains(&count) && hidden <= 22 {
                        positions.push(board);
                    }
                    break;
                }
                guess_points_left -= 1;
            }
            for mv in moves {
                let _ = mv.play_on(&mut game);
                if game.state() != GameState::Playing {
                    break;
                }
            }
        }
    }
    assert_eq!(positions.len(), count, "too few guess positions");
    positions
}

/// The exact wins of "reveal `cell`, then the player of `memo`" over every layout: (wins,
/// layouts). The memo ([`MoveMemo`]) keeps the player's moves of every position met (its moves
/// depend on the board alone), so the many layouts that pass through one position analyse it
/// once, as the rollouts do.
fn exact_value(
    board: &Board,
    layouts: &[Vec<bool>],
    cell: (usize, usize),
    memo: &mut MoveMemo,
) -> (u64, u64) {
    let player = memo.config().clone();
    let wins = layouts
        .iter()
        .filter(|layout| {
            let game = Game::at_position(board, layout.to_vec()).expect("a layout replays");
            wins_after_reveal(&game, cell, &player, |position| memo.next_moves(position))
        })
        .count();
    (wins as u64, layouts.len() as u64)
}

/// A layout source that is wrong on purpose: the layouts where `cell` holds a mine are
/// dropped (drawn again) or doubled (the others are kept only half the time).
struct Biased {
    sampler: LayoutSampler,
    cell: usize,
    double: bool,
}

impl LayoutSource for Biased {
    fn layout(&self, seed: u64, index: u64) -> Vec<bool> {
        let mut rng = GameRng::new(derive_seed(seed, index));
        loop {
            let layout = self.sampler.draw(&mut rng);
            let keep = if self.double {
                layout[self.cell] || rng.below(2) == 0
            } else {
                !layout[self.cell]
            };
            if keep {
                return layout;
            }
        }
    }
}

/// A position with its plan and the exact value of each candidate, computed once and held
/// against several estimates.
struct Case {
    board: Board,
    plan: Plan,
    config: EstimateConfig,
    /// Per candidate: the exact chance of winning with "the candidate, then the player".
    exact: Vec<f64>,
}

fn cases(positions: &[Board], level: Level) -> Vec<Case> {
    positions
        .iter()
        .enumerate()
        .map(|(i, board)| {
            let analysis = solve_board(board, &SolveConfig::default()).unwrap();
            let config = EstimateConfig {
                candidates: 3,
                seed: 1000 + i as u64,
                level,
                ..EstimateConfig::default()
            };
            let plan = plan(board, &analysis, &config, None).unwrap();
            let layouts = layout_masks(board);
            let player = config.player(board);
            let mut memo = MoveMemo::new(player);
            let exact = plan
                .candidates()
                .iter()
                .map(|c| {
                    let (wins, total) = exact_value(board, &layouts, (c.x, c.y), &mut memo);
                    wins as f64 / total as f64
                })
                .collect();
            Case {
                board: board.clone(),
                plan,
                config,
                exact,
            }
        })
        .collect()
}

/// How many candidates' 95 % intervals cover their exact value, of how many, with the
/// layouts that `tally_of` plays (the real sampler, or a biased one).
fn coverage(cases: &[Case], mut tally_of: impl FnMut(&Case) -> Tally) -> (usize, usize) {
    let (mut covered, mut total) = (0, 0);
    for case in cases {
        let estimate = summarize(&case.plan, &tally_of(case)).unwrap();
        for (figures, exact) in estimate.candidates.iter().zip(&case.exact) {
            total += 1;
            covered += usize::from(figures.lo <= exact + 1e-12 && *exact <= figures.hi + 1e-12);
        }
    }
    (covered, total)
}

fn real_tally(case: &Case) -> Tally {
    let analysis = solve_board(&case.board, &case.config.solve).unwrap();
    let rollouts = Rollouts::new(&case.board, &analysis, &case.plan, &case.config).unwrap();
    let mut tally = Tally::new(case.plan.candidates().len());
    rollouts.play(0..ROLLOUTS, &mut tally);
    tally
}

fn biased_tally(double: bool) -> impl FnMut(&Case) -> Tally {
    move |case| {
        let (board, config) = (&case.board, &case.config);
        let analysis = solve_board(board, &config.solve).unwrap();
        // The class: layouts with a mine under the player's own move.
        let (x, y) = case.plan.player_move();
        let source = Biased {
            sampler: LayoutSampler::new(board, &analysis, &config.solve).unwrap(),
            cell: board.idx(x, y).unwrap().get(),
            double,
        };
        let rollouts = Rollouts::with_source(board, &case.plan, config, source);
        let mut tally = Tally::new(case.plan.candidates().len());
        rollouts.play(0..ROLLOUTS, &mut tally);
        tally
    }
}

#[test]
fn the_intervals_cover_the_exact_value_and_a_biased_sampler_fails() {
    let cases = cases(&guess_positions(200, 500), Level::Fast);
    let (covered, total) = coverage(&cases, real_tally);
    eprintln!("fast level: the intervals covered {covered} of {total}");
    assert!(total >= 400, "only {total} candidates");
    assert!(
        covered * 100 >= total * 90,
        "the 95 % intervals covered the exact value in {covered} of {total} cases"
    );
    // The same test fails a sampler that drops or doubles one class of layouts.
    for double in [false, true] {
        let (covered, total) = coverage(&cases[..80], biased_tally(double));
        eprintln!("biased (double={double}): the intervals covered {covered} of {total}");
        assert!(
            covered * 100 < total * 90,
            "a biased sampler (double={double}) still covered {covered} of {total} cases"
        );
    }
}

#[test]
fn the_full_level_intervals_cover_the_exact_value() {
    let cases = cases(&guess_positions(60, 400), Level::Full);
    let (covered, total) = coverage(&cases, real_tally);
    eprintln!("full level: the intervals covered {covered} of {total}");
    assert!(total >= 120, "only {total} candidates");
    assert!(
        covered * 100 >= total * 90,
        "the 95 % intervals covered the exact value in {covered} of {total} cases"
    );
}

#[test]
fn the_players_value_never_exceeds_the_optimum() {
    let positions = guess_positions(120, 500);
    let mut compared = 0;
    for board in &positions {
        let analysis = solve_board(board, &SolveConfig::default()).unwrap();
        let endgame = solve_endgame(
            board,
            &EndgameConfig {
                max_layouts: 10_000,
                move_values: true,
                ..EndgameConfig::default()
            },
        )
        .unwrap();
        let Some(values) = endgame.move_values() else {
            continue;
        };
        let layouts = layout_masks(board);
        for level in [Level::Fast, Level::Full] {
            let config = EstimateConfig {
                level,
                ..EstimateConfig::default()
            };
            let plan = plan(board, &analysis, &config, None).unwrap();
            let player = config.player(board);
            let mut memo = MoveMemo::new(player);
            for c in plan.candidates() {
                let (wins, total) = exact_value(board, &layouts, (c.x, c.y), &mut memo);
                let (_, optimum) = values
                    .iter()
                    .find(|(cell, _)| *cell == (c.x, c.y))
                    .expect("every hidden cell has a value");
                // wins / total <= optimum, exactly.
                assert!(
                    BigUint::from(wins) * optimum.denom() <= optimum.numer() * BigUint::from(total),
                    "{board:?}: ({},{}) wins {wins}/{total} with the player, above the optimum {optimum}",
                    c.x,
                    c.y
                );
                compared += 1;
            }
        }
    }
    eprintln!("{compared} moves: the player's exact value never above the optimum");
    assert!(compared >= 400, "only {compared} moves compared");
}

#[test]
fn the_same_seed_gives_the_same_tally_on_any_number_of_threads() {
    let positions = guess_positions(12, 500);
    for board in &positions {
        let analysis = solve_board(board, &SolveConfig::default()).unwrap();
        let config = EstimateConfig::default();
        let plan = plan(board, &analysis, &config, None).unwrap();
        let rollouts = Rollouts::new(board, &analysis, &plan, &config).unwrap();
        let k = plan.candidates().len();
        let layouts = 96u64;
        let mut one = Tally::new(k);
        rollouts.play(0..layouts, &mut one);
        for threads in [2u64, 8] {
            let tallies: Vec<Tally> = std::thread::scope(|scope| {
                let handles: Vec<_> = (0..threads)
                    .map(|t| {
                        let rollouts = &rollouts;
                        scope.spawn(move || {
                            // Thread t takes every threads-th layout.
                            let mut tally = Tally::new(k);
                            for index in (t..layouts).step_by(threads as usize) {
                                tally.add(rollouts.outcome(index));
                            }
                            tally
                        })
                    })
                    .collect();
                handles.into_iter().map(|h| h.join().unwrap()).collect()
            });
            let mut merged = Tally::new(k);
            for tally in &tallies {
                merged.merge(tally).unwrap();
            }
            assert_eq!(merged, one, "{threads} threads");
            assert_eq!(
                summarize(&plan, &merged).unwrap(),
                summarize(&plan, &one).unwrap()
            );
        }
    }
}

#[test]
fn the_memo_of_the_players_moves_changes_no_exact_value() {
    // exact_value keeps the player's moves by position; without the memo every layout is
    // played by `wins_after` itself, as the rollouts play it.
    for (i, board) in guess_positions(16, 500).iter().enumerate() {
        let analysis = solve_board(board, &SolveConfig::default()).unwrap();
        let layouts = layout_masks(board);
        let level = if i % 2 == 0 { Level::Fast } else { Level::Full };
        let config = EstimateConfig {
            level,
            ..EstimateConfig::default()
        };
        let plan = plan(board, &analysis, &config, None).unwrap();
        let player = config.player(board);
        let mut memo = MoveMemo::new(player.clone());
        for c in plan.candidates() {
            let cell = (c.x, c.y);
            let plain = layouts
                .iter()
                .filter(|layout| {
                    let game = Game::at_position(board, layout.to_vec()).unwrap();
                    wins_after(&game, cell, &player)
                })
                .count() as u64;
            let (wins, _) = exact_value(board, &layouts, cell, &mut memo);
            assert_eq!(wins, plain, "{board:?}: {cell:?} at {level:?}");
        }
    }
}
