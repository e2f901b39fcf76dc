//! Dead tiles and forced guesses against their definitions, checked by brute force on small
//! boards: dead tiles from every layout's numbers, forced-guess groups by the definition and
//! by an exhaustive search over reveal sequences that finds none separating a group.

use crate::common;

use std::collections::{BTreeSet, HashSet};

use common::{random_position, TestRng};
use mineseer_core::brute::{enumerate_layouts, BruteForce};
use mineseer_core::dead::{dead_cells, forced_guesses};
use mineseer_core::formats::write_mine;
use mineseer_core::values::number_chances;
use mineseer_core::{solve_board, Board, Cell, CellIdx, SolveConfig};

fn shown(board: &Board, layout: &[usize], idx: CellIdx) -> usize {
    board
        .neighbours(idx)
        .filter(|n| board.cell(*n) == Cell::Flag || layout.contains(&n.get()))
        .count()
}

/// The dead tiles by definition: cells safe in some layout that show one number in all such.
fn brute_dead(board: &Board, brute: &BruteForce) -> Vec<CellIdx> {
    board
        .indices()
        .filter(|&idx| board.cell(idx).is_unrevealed())
        .filter(|&idx| {
            let numbers: BTreeSet<usize> = brute
                .layouts
                .iter()
                .filter(|l| !l.contains(&idx.get()))
                .map(|l| shown(board, l, idx))
                .collect();
            numbers.len() == 1
        })
        .collect()
}

/// The group's mine patterns over the layouts (as sets of board indices), with their counts.
fn patterns(brute: &BruteForce, layouts: &[usize], group: &[usize]) -> Vec<(Vec<usize>, usize)> {
    let mut out: Vec<(Vec<usize>, usize)> = Vec::new();
    for &l in layouts {
        let p: Vec<usize> = group
            .iter()
            .copied()
            .filter(|c| brute.layouts[l].contains(c))
            .collect();
        match out.iter_mut().find(|(q, _)| *q == p) {
            Some((_, n)) => *n += 1,
            None => out.push((p, 1)),
        }
    }
    out.sort();
    out
}

/// The definition of a forced guess, evaluated on the brute-force layouts.
fn brute_is_forced_guess(board: &Board, brute: &BruteForce, group: &[usize]) -> bool {
    let all: Vec<usize> = (0..brute.layouts.len()).collect();
    let uncertain = |c: usize| {
        let mines = brute.layouts.iter().filter(|l| l.contains(&c)).count();
        mines > 0 && mines < brute.layouts.len()
    };
    if !group
        .iter()
        .all(|&c| board.cell(CellIdx(c as u32)) != Cell::HiddenSafe && uncertain(c))
    {
        return false;
    }
    let s = patterns(brute, &all, group);
    if s.len() < 2 || s.iter().any(|(p, _)| p.len() != s[0].0.len()) {
        return false;
    }
    board
        .indices()
        .filter(|x| !group.contains(&x.get()))
        .all(|x| {
            let can_show = match board.cell(x) {
                Cell::Revealed(_) => true,
                Cell::Flag => false,
                _ => brute.layouts.iter().any(|l| !l.contains(&x.get())),
            };
            if !can_show {
                return true;
            }
            let seen =
                |p: &Vec<usize>| board.neighbours(x).filter(|n| p.contains(&n.get())).count();
            s.iter().all(|(p, _)| seen(p) == seen(&s[0].0))
        })
}

/// Searches every sequence of reveals outside `group` (each splitting the layouts in which
/// the revealed cell is safe by the number it shows) and returns false if some reachable
/// state of knowledge holds the group's patterns in other than equal numbers.
fn never_separated(board: &Board, brute: &BruteForce, group: &[usize]) -> bool {
    let all: Vec<usize> = (0..brute.layouts.len()).collect();
    let s: Vec<Vec<usize>> = patterns(brute, &all, group)
        .into_iter()
        .map(|(p, _)| p)
        .collect();
    let outside: Vec<CellIdx> = board
        .indices()
        .filter(|x| !group.contains(&x.get()) && board.cell(*x).is_unrevealed())
        .collect();
    let mut seen: HashSet<Vec<usize>> = HashSet::new();
    let mut stack = vec![all];
    while let Some(state) = stack.pop() {
        if !seen.insert(state.clone()) {
            continue;
        }
        let here = patterns(brute, &state, group);
        if here.len() != s.len() || here.iter().any(|(_, n)| *n != here[0].1) {
            return false;
        }
        for &x in &outside {
            let mut by_number: Vec<Vec<usize>> = vec![Vec::new(); 9];
            for &l in &state {
                if !brute.layouts[l].contains(&x.get()) {
                    by_number[shown(board, &brute.layouts[l], x)].push(l);
                }
            }
            stack.extend(by_number.into_iter().filter(|v| !v.is_empty()));
        }
    }
    true
}

/// A small position with most safe cells revealed and most mines flagged, so that few,
/// tightly enclosed unknown cells remain: where forced guesses live.
fn enclosed_position(rng: &mut TestRng) -> Board {
    let width = 2 + rng.below(4) as usize;
    let height = 2 + rng.below(4) as usize;
    let density = 20 + rng.below(30);
    let is_mine: Vec<bool> = (0..width * height).map(|_| rng.chance(density)).collect();
    let mines = is_mine.iter().filter(|m| **m).count();
    let (reveal, flag) = (40 + rng.below(55), 30 + rng.below(65));
    let mut board = Board::new(width, height, mines).unwrap();
    for idx in board.indices().collect::<Vec<_>>() {
        let cell = if is_mine[idx.get()] {
            if rng.chance(flag) {
                Cell::Flag
            } else {
                Cell::Hidden
            }
        } else if rng.chance(reveal) {
            Cell::Revealed(board.neighbours(idx).filter(|n| is_mine[n.get()]).count() as u8)
        } else {
            Cell::Hidden
        };
        board.set_cell(idx, cell);
    }
    board
}

fn check_position(board: &Board) -> usize {
    let brute = enumerate_layouts(board).unwrap();
    let Ok(analysis) = solve_board(board, &SolveConfig::default()) else {
        return 0;
    };
    let text = write_mine(board);
    let chances = number_chances(board, &analysis, &SolveConfig::default()).unwrap();
    assert_eq!(
        dead_cells(&chances),
        brute_dead(board, &brute),
        "dead tiles of\n{text}"
    );

    let guesses = forced_guesses(board, &analysis, &SolveConfig::default()).unwrap();
    let mut reported: Vec<Vec<usize>> = Vec::new();
    for guess in &guesses {
        let group: Vec<usize> = guess.cells().iter().map(|c| c.get()).collect();
        assert!(
            brute_is_forced_guess(board, &brute, &group),
            "{group:?} of\n{text}"
        );
        assert!(
            never_separated(board, &brute, &group),
            "{group:?} separable in\n{text}"
        );
        let all: Vec<usize> = (0..brute.layouts.len()).collect();
        let expected_patterns = patterns(&brute, &all, &group).len();
        assert_eq!(guess.patterns().len(), expected_patterns);
        let safe = guess.best_safe_chance();
        let pattern_share = 1.0 / expected_patterns as f64;
        assert!(
            safe.to_f64() >= pattern_share - 1e-12,
            "{group:?} of\n{text}"
        );
        reported.push(group);
    }
    // No forced pair is missed: a pair meeting the definition is reported, or each of its
    // cells is in a reported group.
    let unknown: Vec<usize> = board
        .indices()
        .filter(|i| board.cell(*i).is_unrevealed())
        .map(|i| i.get())
        .collect();
    for (i, &a) in unknown.iter().enumerate() {
        for &b in &unknown[i + 1..] {
            if brute_is_forced_guess(board, &brute, &[a, b]) {
                let covered = |c: usize| reported.iter().any(|g| g.contains(&c));
                assert!(covered(a) && covered(b), "missed pair {a},{b} of\n{text}");
            }
        }
    }
    // No forced 2x2 square is missed either, unless a reported group holds one of its cells.
    for y in 0..board.height().saturating_sub(1) {
        for x in 0..board.width().saturating_sub(1) {
            let square: Vec<usize> = [(x, y), (x + 1, y), (x, y + 1), (x + 1, y + 1)]
                .iter()
                .map(|&(x, y)| board.idx(x, y).unwrap().get())
                .collect();
            if brute_is_forced_guess(board, &brute, &square) {
                assert!(
                    square
                        .iter()
                        .any(|c| reported.iter().any(|g| g.contains(c))),
                    "missed square {square:?} of\n{text}"
                );
            }
        }
    }
    guesses.len()
}

#[test]
fn dead_tiles_and_forced_guesses_match_their_definitions() {
    let mut rng = TestRng::new(1919);
    let (mut positions, mut groups) = (0, 0);
    for _ in 0..5000 {
        let board = enclosed_position(&mut rng);
        if board.cells().iter().filter(|c| c.is_unrevealed()).count() > 14 {
            continue;
        }
        groups += check_position(&board);
        positions += 1;
    }
    assert!(positions > 3000, "only {positions} positions");
    assert!(
        groups > 100,
        "only {groups} forced guesses found: the generator proves little"
    );
}

#[test]
fn dead_tiles_match_on_ordinary_random_positions() {
    let mut rng = TestRng::new(2828);
    let mut checked = 0;
    for _ in 0..2000 {
        let board = random_position(&mut rng, 5, false);
        if board.cells().iter().filter(|c| c.is_unrevealed()).count() > 14 {
            continue;
        }
        check_position(&board);
        checked += 1;
    }
    assert!(checked > 1000);
}
