//! The machine-integer road against the big-integer road: the same analysis, count for
//! count, on random positions at the sizes where the choice between them switches, and on
//! either side of the `C(U, L) < 2^128` bound.

use num_bigint::BigUint;

use super::*;
use crate::board::Cell;
use crate::combinatorics::binomial;
use crate::rng::GameRng;

/// The two roads' answers on `board`; the machine road's is `None` when it declined.
fn both_roads(
    board: &Board,
) -> (
    Option<Result<Analysis, SolveError>>,
    Result<Analysis, SolveError>,
) {
    let config = SolveConfig::default();
    let rules = Rules::from_board(board).expect("test boards are well formed");
    let boxes = Boxes::new(&rules);
    let machine = machine_analysis(board, &rules, &boxes, &config)
        .map(|r| r.map(|parts| parts.into_analysis(board, rules.clone(), boxes.clone())));
    (machine, big_analysis(board, rules, boxes, &config))
}

/// Demands the same analysis from both roads, every count and every `f64` bit.
fn assert_same(board: &Board, machine: &Analysis, big: &Analysis) {
    assert_eq!(machine.solutions(), big.solutions(), "{board:?}");
    assert_eq!(machine.stats(), big.stats());
    assert_eq!(machine.front_counts, big.front_counts);
    for idx in board.indices() {
        assert_eq!(machine.class(idx), big.class(idx));
        assert_eq!(machine.mine_layouts_ref(idx), big.mine_layouts_ref(idx));
        assert_eq!(
            machine.probability(idx).map(f64::to_bits),
            big.probability(idx).map(f64::to_bits)
        );
    }
}

/// A random position on a `width` x `height` board drawn from a real layout with the given
/// mine density (percent), some numbers revealed, a few mines flagged.
fn random_position(rng: &mut GameRng, width: usize, height: usize, density: u64) -> Board {
    let is_mine: Vec<bool> = (0..width * height)
        .map(|_| rng.below(100) < density)
        .collect();
    let mines = is_mine.iter().filter(|m| **m).count();
    let reveal_percent = rng.below(70);
    let mut board = Board::new(width, height, mines).expect("a valid size");
    for idx in board.indices().collect::<Vec<_>>() {
        let cell = if is_mine[idx.get()] {
            if rng.below(100) < 5 {
                Cell::Flag
            } else {
                Cell::Hidden
            }
        } else if rng.below(100) < reveal_percent {
            let around = board.neighbours(idx).filter(|m| is_mine[m.get()]).count();
            Cell::Revealed(around as u8)
        } else {
            Cell::Hidden
        };
        board.set_cell(idx, cell);
    }
    board
}

#[test]
fn machine_road_equals_big_road_on_random_positions() {
    let mut rng = GameRng::new(39);
    let (mut taken, mut declined) = (0, 0);
    for round in 0..1500 {
        // Small boards, then boards of 100 to 250 cells at densities that put the layouts'
        // number on both sides of 2^128.
        let (width, height, density) = if round < 500 {
            (2 + rng.below(7), 2 + rng.below(7), 10 + rng.below(40))
        } else {
            (10 + rng.below(6), 10 + rng.below(7), 10 + rng.below(30))
        };
        let board = random_position(&mut rng, width as usize, height as usize, density);
        match both_roads(&board) {
            (Some(Ok(machine)), Ok(big)) => {
                taken += 1;
                assert_same(&board, &machine, &big);
            }
            (Some(Err(machine)), Err(big)) => assert_eq!(machine, big),
            (None, _) => declined += 1,
            (machine, big) => {
                panic!("the roads disagree on {board:?}: {machine:?} against {big:?}")
            }
        }
    }
    // Both roads are exercised, so the comparison is not empty on either side.
    assert!(
        taken > 800 && declined > 100,
        "taken {taken}, declined {declined}"
    );
}

#[test]
fn the_bound_decides_the_road_on_either_side_of_2_pow_128() {
    // No number revealed: every cell floats, and the layouts are exactly C(U, L).
    let (width, height) = (10, 14);
    let unknown = (width * height) as u64;
    let fits = (0..=unknown)
        .take_while(|&l| binomial(unknown, l) <= BigUint::from(u128::MAX))
        .last()
        .expect("C(U, 0) fits");
    assert!(binomial(unknown, fits + 1) > BigUint::from(u128::MAX));
    for (mines, machine_answers) in [(fits, true), (fits + 1, false)] {
        let board = Board::new(width, height, mines as usize).expect("a valid size");
        let (machine, big) = both_roads(&board);
        let big = big.expect("a consistent position");
        assert_eq!(*big.solutions(), binomial(unknown, mines));
        match machine {
            Some(Ok(machine)) => {
                assert!(
                    machine_answers,
                    "{mines} mines: over the bound, yet on machine integers"
                );
                assert_same(&board, &machine, &big);
            }
            Some(Err(e)) => panic!("{e:?}"),
            None => assert!(
                !machine_answers,
                "{mines} mines: within the bound, yet declined"
            ),
        }
    }
}
