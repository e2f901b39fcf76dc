//! Tests of the hint: every proof against brute force on its sub-position, the minimality
//! promises, the levels on hand-made positions, the ranking and the errors.

use super::sub_position::SubPositions;
use super::*;
use crate::brute::enumerate_layouts;
use crate::formats::parse_mine;
use crate::rng::GameRng;

/// Brute force on a sub-position: `Some(way)` when `cell` is `way` in every layout that
/// keeps only `numbers` (and the mines-left count when `use_count`), `None` otherwise.
/// Without the count, the cells outside the kept numbers are free, so the layouts of the
/// numbers' cells are all there is; with it, the forgotten numbers become known-safe cells
/// and [`enumerate_layouts`] lists the whole sub-position.
fn brute_certain(
    board: &Board,
    numbers: &[CellIdx],
    use_count: bool,
    cell: CellIdx,
) -> Option<Certainty> {
    let values: Vec<bool> = if use_count {
        let cells = board
            .indices()
            .map(|i| match board.cell(i) {
                Cell::Revealed(_) if !numbers.contains(&i) => Cell::HiddenSafe,
                other => other,
            })
            .collect();
        let sub = Board::from_cells(board.width(), board.height(), board.mines(), cells).unwrap();
        let layouts = enumerate_layouts(&sub).expect("a small board");
        layouts
            .layouts
            .iter()
            .map(|l| l.contains(&cell.get()))
            .collect()
    } else {
        let unknown = |i: CellIdx| matches!(board.cell(i), Cell::Hidden | Cell::HiddenMine);
        let mut local = vec![cell];
        for &n in numbers {
            for m in board.neighbours(n).filter(|&m| unknown(m)) {
                if !local.contains(&m) {
                    local.push(m);
                }
            }
        }
        assert!(local.len() <= 20, "a small sub-position");
        (0u32..1 << local.len())
            .filter(|bits| {
                numbers.iter().all(|&n| {
                    let Cell::Revealed(shown) = board.cell(n) else {
                        return false;
                    };
                    let around = board
                        .neighbours(n)
                        .filter(|&m| {
                            board.cell(m) == Cell::Flag
                                || local
                                    .iter()
                                    .position(|&l| l == m)
                                    .is_some_and(|k| bits >> k & 1 == 1)
                        })
                        .count();
                    around == shown as usize
                })
            })
            .map(|bits| bits & 1 == 1)
            .collect()
    };
    if values.is_empty() {
        None
    } else if values.iter().all(|&mine| !mine) {
        Some(Certainty::Safe)
    } else if values.iter().all(|&mine| mine) {
        Some(Certainty::Mine)
    } else {
        None
    }
}

/// The numbers a proof may use: revealed cells with a hidden, unflagged neighbour.
fn witnesses(board: &Board) -> Vec<CellIdx> {
    board
        .indices()
        .filter(|&i| {
            matches!(board.cell(i), Cell::Revealed(_))
                && board
                    .neighbours(i)
                    .any(|m| matches!(board.cell(m), Cell::Hidden | Cell::HiddenMine))
        })
        .collect()
}

/// Every subset of `items` with exactly `size` members.
fn subsets(items: &[CellIdx], size: usize) -> Vec<Vec<CellIdx>> {
    if size == 0 {
        return vec![Vec::new()];
    }
    let mut out = Vec::new();
    for (i, &first) in items.iter().enumerate() {
        for mut rest in subsets(&items[i + 1..], size - 1) {
            rest.insert(0, first);
            out.push(rest);
        }
    }
    out
}

/// A random small position from a dealt layout: some safe cells revealed (with the opening
/// of each 0), some mines flagged, with at most `max_unknown` hidden cells left.
fn random_position(rng: &mut GameRng, max_unknown: usize) -> Option<Board> {
    let width = 3 + rng.below(4) as usize;
    let height = 3 + rng.below(4) as usize;
    let cells = width * height;
    let mines = 1 + rng.below((cells / 3) as u64) as usize;
    let mut is_mine = vec![false; cells];
    let mut placed = 0;
    while placed < mines {
        let i = rng.below(cells as u64) as usize;
        if !is_mine[i] {
            is_mine[i] = true;
            placed += 1;
        }
    }
    let mut board = Board::new(width, height, mines).ok()?;
    let shown =
        |board: &Board, i: CellIdx| board.neighbours(i).filter(|n| is_mine[n.get()]).count() as u8;
    let reveals = 1 + rng.below(cells as u64 / 2);
    for _ in 0..reveals {
        let start = CellIdx(rng.below(cells as u64) as u32);
        if is_mine[start.get()] {
            continue;
        }
        let mut stack = vec![start];
        while let Some(i) = stack.pop() {
            if board.cell(i) != Cell::Hidden {
                continue;
            }
            let n = shown(&board, i);
            board.set_cell(i, Cell::Revealed(n));
            if n == 0 {
                stack.extend(board.neighbours(i));
            }
        }
    }
    for i in board.indices().collect::<Vec<_>>() {
        if is_mine[i.get()] && rng.below(5) == 0 {
            board.set_cell(i, Cell::Flag);
        }
    }
    let unknown = board
        .cells()
        .iter()
        .filter(|c| matches!(c, Cell::Hidden))
        .count();
    (unknown <= max_unknown).then_some(board)
}

/// Checks one hint's proof as the issue asks: a proof by brute force; of up to 3 numbers, no
/// smaller subset of the position's numbers is one; above 3, dropping any number breaks it
/// and no set of up to 3 numbers is one; with the count, no set of numbers without it is one.
fn check_proof(board: &Board, hint: &CertainHint) {
    let (cell, way) = (hint.cell, hint.certainty);
    let context = format!("{}\n{hint:?}", crate::formats::write_mine(board));
    assert_eq!(
        brute_certain(board, &hint.proof, hint.uses_count, cell),
        Some(way),
        "not a proof: {context}"
    );
    let all = witnesses(board);
    if hint.uses_count {
        assert_eq!(hint.level, Level::NeedsCount, "{context}");
        assert_eq!(
            brute_certain(board, &all, false, cell),
            None,
            "the count is not needed: {context}"
        );
    } else {
        let expected = match hint.proof.len() {
            1 => Level::OneNumber,
            2 => Level::TwoNumbers,
            _ => Level::ThreeOrMore,
        };
        assert_eq!(hint.level, expected, "{context}");
    }
    if hint.proof.len() <= 3 {
        for size in 0..hint.proof.len() {
            for smaller in subsets(&all, size) {
                assert_eq!(
                    brute_certain(board, &smaller, hint.uses_count, cell),
                    None,
                    "{smaller:?} is a smaller proof: {context}"
                );
            }
        }
    } else {
        for &dropped in &hint.proof {
            let rest: Vec<CellIdx> = hint
                .proof
                .iter()
                .copied()
                .filter(|&n| n != dropped)
                .collect();
            assert_eq!(
                brute_certain(board, &rest, hint.uses_count, cell),
                None,
                "not inclusion-minimal: {dropped:?} can go: {context}"
            );
        }
        for size in 0..=3 {
            for smaller in subsets(&all, size) {
                assert_eq!(
                    brute_certain(board, &smaller, hint.uses_count, cell),
                    None,
                    "{smaller:?} is a proof of at most 3 numbers: {context}"
                );
            }
        }
    }
}

#[test]
fn proofs_are_proofs_and_minimal_on_random_small_positions() {
    let mut rng = GameRng::new(40);
    let (mut positions, mut hints, mut by_level) = (0, 0, [0usize; 5]);
    while positions < 2_000 {
        let Some(board) = random_position(&mut rng, 14) else {
            continue;
        };
        let Ok(all) = all_hints(&board) else {
            continue;
        };
        positions += 1;
        // Every certain cell of the brute force has a hint, and nothing else does.
        let layouts = enumerate_layouts(&board).unwrap();
        let certain = layouts
            .candidates
            .iter()
            .filter(|&&c| {
                let mines = layouts.layouts.iter().filter(|l| l.contains(&c)).count();
                mines == 0 || mines == layouts.layouts.len()
            })
            .count();
        assert_eq!(all.len(), certain, "{}", crate::formats::write_mine(&board));
        for hint in &all {
            check_proof(&board, hint);
            by_level[hint.level.number() as usize] += 1;
            hints += 1;
        }
    }
    // The positions reach every level, so each branch of the search was checked.
    assert!(hints > 5_000, "{hints} hints");
    assert!(by_level[1..].iter().all(|&n| n > 0), "{by_level:?}");
}

/// The search and the engine's enumeration agree on every question the hint could ask of
/// random small positions (the enumeration answers the large ones in play).
#[test]
fn search_and_enumeration_agree() {
    let mut rng = GameRng::new(41);
    let mut checked = 0;
    while checked < 3_000 {
        let Some(board) = random_position(&mut rng, 14) else {
            continue;
        };
        if solve_board(&board, &SolveConfig::default()).is_err() {
            continue;
        }
        let (search, enumeration) = (
            SubPositions::new(&board),
            SubPositions::enumeration_only(&board),
        );
        let all = witnesses(&board);
        for cell in board.indices().filter(|&i| board.cell(i) == Cell::Hidden) {
            let size = rng.below(all.len() as u64 + 1) as usize;
            let numbers: Vec<CellIdx> = all
                .iter()
                .copied()
                .filter(|_| rng.below(all.len() as u64 + 1) < size as u64)
                .collect();
            for use_count in [false, true] {
                for way in [Certainty::Safe, Certainty::Mine] {
                    let expected = brute_certain(&board, &numbers, use_count, cell) == Some(way);
                    assert_eq!(search.is_certain(&numbers, use_count, cell, way), expected);
                    assert_eq!(
                        enumeration.is_certain(&numbers, use_count, cell, way),
                        expected
                    );
                    checked += 1;
                }
            }
        }
    }
}

fn position(text: &str) -> Board {
    parse_mine(text).unwrap()
}

fn xy(board: &Board, idx: CellIdx) -> (usize, usize) {
    board.xy(idx)
}

fn hint_at(hints: &[CertainHint], board: &Board, x: usize, y: usize) -> CertainHint {
    let idx = board.idx(x, y).unwrap();
    hints.iter().find(|h| h.cell == idx).cloned().unwrap()
}

#[test]
fn a_lone_1_in_a_corner_is_level_1() {
    // The 1 in the corner touches one hidden cell: a mine on its own.
    let board = position("3x3x1\n1HH\n11H\nHHH\n");
    let hints = all_hints(&board).unwrap();
    let mine = hint_at(&hints, &board, 1, 0);
    assert_eq!(mine.certainty, Certainty::Mine);
    assert_eq!(mine.level, Level::OneNumber);
    assert_eq!(mine.proof.len(), 1);
    assert!(!mine.uses_count);
    assert!(mine.text.starts_with("Mine: the 1 at"), "{}", mine.text);
}

#[test]
fn one_two_one_mines_are_level_2() {
    let board = position("3x3x2\nHHH\n121\n000\n");
    let hints = all_hints(&board).unwrap();
    for x in [0, 2] {
        let mine = hint_at(&hints, &board, x, 0);
        assert_eq!(
            (mine.certainty, mine.level),
            (Certainty::Mine, Level::TwoNumbers)
        );
        assert!(mine.proof.contains(&board.idx(1, 1).unwrap()), "{mine:?}");
    }
    // The middle needs all three numbers.
    let safe = hint_at(&hints, &board, 1, 0);
    assert_eq!(
        (safe.certainty, safe.level, safe.proof.len()),
        (Certainty::Safe, Level::ThreeOrMore, 3)
    );
    // A safe cell comes first, whatever its level.
    let best = best_hint(&board, None).unwrap();
    assert!(matches!(best, Hint::Certain(h) if h.cell == board.idx(1, 0).unwrap()));
}

#[test]
fn one_two_two_one_mines_are_level_2() {
    let board = position("4x3x2\nHHHH\n1221\n0000\n");
    let hints = all_hints(&board).unwrap();
    for x in [1, 2] {
        let mine = hint_at(&hints, &board, x, 0);
        assert_eq!(
            (mine.certainty, mine.level, mine.proof.len()),
            (Certainty::Mine, Level::TwoNumbers, 2)
        );
    }
}

#[test]
fn a_cell_only_the_count_settles_is_level_4() {
    // The 1 holds the one mine between (0,0) and (2,0), so (3,0) is safe by the count.
    let board = position("4x1x1\nH1HH\n");
    let hint = match best_hint(&board, None).unwrap() {
        Hint::Certain(h) => h,
        other => panic!("{other:?}"),
    };
    assert_eq!(xy(&board, hint.cell), (3, 0));
    assert_eq!(
        (hint.certainty, hint.level),
        (Certainty::Safe, Level::NeedsCount)
    );
    assert_eq!(hint.proof, vec![board.idx(1, 0).unwrap()]);
    assert!(hint.uses_count);
    assert!(hint.text.contains("mine counter"), "{}", hint.text);
    // No mines left: the count alone, with no number.
    let board = position("3x1x0\nHHH\n");
    let hint = &all_hints(&board).unwrap()[0];
    assert_eq!(
        (hint.level, hint.proof.len(), hint.uses_count),
        (Level::NeedsCount, 0, true)
    );
}

#[test]
fn ties_go_to_the_cell_nearest_the_last_move_then_reading_order() {
    // Two 0-like flagged 1s, one at each end: their safe cells are level 1 alike.
    let board = position("7x2x2\nFHHHHHF\n1HHHHH1\n");
    let safe_at = |near: Option<CellIdx>| match best_hint(&board, near).unwrap() {
        Hint::Certain(h) => xy(&board, h.cell),
        other => panic!("{other:?}"),
    };
    assert_eq!(safe_at(None), (1, 0));
    assert_eq!(safe_at(board.idx(6, 1)), (5, 0));
}

#[test]
fn the_next_press_gives_the_next_hint_and_then_comes_round() {
    let board = position("3x3x2\nHHH\n121\n000\n");
    let cells: Vec<CellIdx> = (0..4)
        .map(|n| match nth_hint(&board, None, n).unwrap() {
            Hint::Certain(h) => h.cell,
            other => panic!("{other:?}"),
        })
        .collect();
    assert_eq!(cells[0], board.idx(1, 0).unwrap());
    assert_ne!(cells[1], cells[2]);
    assert_eq!(cells[3], cells[0]);
}

#[test]
fn no_certain_cell_gives_the_safest_guess() {
    let board = position("3x1x1\nH1H\n");
    let Hint::Guess(guess) = best_hint(&board, None).unwrap() else {
        panic!("a guess");
    };
    assert_eq!(guess.mine_chance.to_string(), "1/2");
    assert_eq!(xy(&board, guess.cell), (0, 0));
    assert!(guess.text.contains("50.00%"), "{}", guess.text);
}

#[test]
fn an_impossible_position_and_a_game_over_are_typed_errors() {
    let impossible = position("3x1x0\n1HH\n");
    let error = best_hint(&impossible, None).unwrap_err();
    assert!(matches!(error.kind(), HintErrorKind::Solve(_)), "{error}");
    assert!(
        error.to_string().contains("no consistent layout"),
        "{error}"
    );
    let won = position("2x1x1\n1H\n");
    let error = best_hint(&won, None).unwrap_err();
    assert_eq!(error.kind(), &HintErrorKind::GameOver);
    assert!(error.to_string().contains("game is over"), "{error}");
    assert!(all_hints(&won).is_err());
}
