//! The machine-integer roads against the big-integer one: the same exact counts and the same
//! `f64` bits on random positions around the bounds where the road switches, and on the
//! positions at the bounds themselves; and [`solve_probabilities`] against [`solve_board`].

use super::*;
use crate::board::Cell;
use crate::engine::combine::machine_bound;
use crate::engine::wide::{wide_bound_bits, Wide};
use crate::rng::GameRng;

/// A random position from a real layout: `mines` mines on a `width` x `height` board, about
/// `reveal_percent` of the safe cells revealed with their numbers, a few mines flagged.
fn random_position(rng: &mut GameRng, width: usize, height: usize, mines: usize) -> Board {
    let mut board = Board::new(width, height, mines).unwrap();
    let n = width * height;
    let mut is_mine = vec![false; n];
    let mut placed = 0;
    while placed < mines {
        let i = rng.below(n as u64) as usize;
        if !is_mine[i] {
            is_mine[i] = true;
            placed += 1;
        }
    }
    let reveal_percent = 5 + rng.below(60);
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

/// The analysis of `board` on each road given, compared with the big-integer road's: the
/// same exact counts everywhere, the same probability bits. Returns the road [`road`] chose.
fn check_roads(board: &Board) -> Road {
    let config = SolveConfig::default();
    let rules = Rules::from_board(board).unwrap();
    let boxes = Boxes::new(&rules);
    let chosen = road(&rules, &boxes);
    let big = analyse_on(
        board,
        rules.clone(),
        boxes.clone(),
        &config,
        enumerate_front_weights::<BigUint>,
        &mut KeptProblem::default(),
    );
    let mut machines = Vec::new();
    if chosen == Road::U64 {
        machines.push(analyse_on(
            board,
            rules.clone(),
            boxes.clone(),
            &config,
            machine_front::<u64>,
            &mut KeptProblem::default(),
        ));
    }
    if matches!(chosen, Road::U64 | Road::U128) {
        machines.push(analyse_on(
            board,
            rules.clone(),
            boxes.clone(),
            &config,
            machine_front::<u128>,
            &mut KeptProblem::default(),
        ));
    }
    if chosen == Road::Wide192 {
        machines.push(analyse_on(
            board,
            rules.clone(),
            boxes.clone(),
            &config,
            machine_front::<Wide<3>>,
            &mut KeptProblem::default(),
        ));
    }
    if matches!(chosen, Road::Wide192 | Road::Wide384) {
        machines.push(analyse_on(
            board,
            rules,
            boxes,
            &config,
            machine_front::<Wide<6>>,
            &mut KeptProblem::default(),
        ));
    }
    let text = crate::formats::write_mine(board);
    let mut fast = Vec::new();
    let fast_result = solve_probabilities(board, &config, &mut fast);
    let Ok(big) = big else {
        assert!(machines.iter().all(|m| m.is_err()), "{text}");
        assert!(fast_result.is_err(), "{text}");
        return chosen;
    };
    fast_result.unwrap();
    for machine in machines {
        let machine = machine.unwrap();
        assert_eq!(machine.solutions(), big.solutions(), "{text}");
        assert_eq!(machine.front_counts, big.front_counts, "{text}");
        for idx in board.indices() {
            assert_eq!(
                machine.mine_layouts_ref(idx),
                big.mine_layouts_ref(idx),
                "{text}"
            );
            assert_eq!(
                machine.probability(idx).map(f64::to_bits),
                big.probability(idx).map(f64::to_bits),
                "{text}"
            );
        }
    }
    for idx in board.indices() {
        match big.probability(idx) {
            None => assert!(fast[idx.get()].is_nan(), "{text}"),
            Some(p) => assert_eq!(fast[idx.get()].to_bits(), p.to_bits(), "{text}"),
        }
    }
    chosen
}

/// The bound's own arithmetic, on big integers: `C(U, min(L, U/2)) * (L + 8)`.
fn big_bound(unknown: u64, mines_left: u64) -> BigUint {
    crate::combinatorics::binomial(unknown, mines_left.min(unknown / 2)) * (mines_left + 8)
}

#[test]
fn machine_roads_count_as_big_integers_where_the_road_switches() {
    let mut rng = GameRng::new(39);
    // How many positions took each road, and how many had their bound within 2^12 of the
    // limit of u64 or of u128 (either side): the sizes where the choice switches.
    let (mut on_u64, mut on_u128, mut on_wide, mut on_big) = (0, 0, 0, 0);
    let (mut near_u64, mut near_u128, mut near_192) = (0, 0, 0);
    for _ in 0..1_500 {
        let width = 6 + rng.below(14) as usize;
        let height = 6 + rng.below(12) as usize;
        let mines = 1 + rng.below((width * height / 3) as u64) as usize;
        let board = random_position(&mut rng, width, height, mines);
        let rules = Rules::from_board(&board).unwrap();
        let unknown = rules
            .status
            .iter()
            .filter(|s| **s == Status::Unknown)
            .count() as u64;
        let bits = big_bound(unknown, rules.mines_left as u64).bits();
        near_u64 += usize::from(bits.abs_diff(64) <= 12);
        near_u128 += usize::from(bits.abs_diff(128) <= 12);
        near_192 += usize::from(bits.abs_diff(192) <= 12);
        match check_roads(&board) {
            Road::U64 => on_u64 += 1,
            Road::U128 => on_u128 += 1,
            Road::Wide192 | Road::Wide384 => on_wide += 1,
            Road::Big => on_big += 1,
        }
    }
    // The generator must reach the roads and their switches, or the test proves little (its
    // boards of at most 323 cells stay below 384 bits: big integers only for a front of 120
    // cells or more; few of its positions come near 192 bits, 11 with this seed: the
    // switches at 192 and 384 bits are tested at the bound itself below).
    assert!(
        on_u64 >= 200 && on_u128 >= 200 && on_wide >= 80 && on_big >= 1,
        "roads: {on_u64} u64, {on_u128} u128, {on_wide} wide, {on_big} big"
    );
    assert!(
        near_u64 >= 100 && near_u128 >= 50 && near_192 >= 10,
        "near the switches: {near_u64} u64, {near_u128} u128, {near_192} 192 bits"
    );
}

#[test]
fn machine_bound_is_the_stated_formula_where_it_fits() {
    for unknown in 0..300u64 {
        for mines_left in 0..=unknown.min(120) {
            let exact = big_bound(unknown, mines_left);
            match machine_bound(unknown, mines_left) {
                Some(bound) => assert_eq!(BigUint::from(bound), exact),
                // Refused only beyond u128, or within a factor of U of it (the walk's
                // product before its division).
                None => assert!(exact.bits() > 128 - 9, "{unknown} {mines_left}"),
            }
        }
    }
}

/// A `width` x `height` board with `mines` mines whose top-left corner is a revealed "1":
/// one front of three cells, the rest floating.
fn corner_one(width: usize, height: usize, mines: usize) -> Board {
    let mut board = Board::new(width, height, mines).unwrap();
    board.set_cell(board.idx(0, 0).unwrap(), Cell::Revealed(1));
    board
}

/// The positions on either side of each limit: the most mines whose bound still fits, and
/// one more, on the same board; each side takes the road its bound says and counts as big
/// integers do.
#[test]
fn positions_on_either_side_of_each_bound() {
    for (width, height, fits, beyond) in [
        (9, 9, Road::U64, Road::U128),
        (16, 16, Road::U128, Road::Wide192),
        (16, 16, Road::Wide192, Road::Wide384),
        (30, 30, Road::Wide384, Road::Big),
    ] {
        let unknown = (width * height - 1) as u64;
        let inside = |mines: u64| match fits {
            Road::U64 => machine_bound(unknown, mines).is_some_and(|b| b <= u64::MAX as u128),
            Road::U128 => machine_bound(unknown, mines).is_some(),
            Road::Wide192 => wide_bound_bits(unknown, mines) <= 192.0,
            _ => wide_bound_bits(unknown, mines) <= 384.0,
        };
        let last = (1..unknown / 2)
            .take_while(|&m| inside(m))
            .last()
            .expect("a few mines fit");
        assert!(!inside(last + 1));
        assert_eq!(check_roads(&corner_one(width, height, last as usize)), fits);
        assert_eq!(
            check_roads(&corner_one(width, height, last as usize + 1)),
            beyond
        );
    }
}

/// The budget's count of products, by running sums, against the prefix and suffix lengths
/// built one by one (its earlier form) on random fronts.
#[test]
fn combination_work_counts_as_the_prefix_and_suffix_lengths_say() {
    let mut rng = GameRng::new(3);
    for _ in 0..2_000 {
        let n_fronts = rng.below(8) as usize;
        let mines_left = rng.below(60) as usize;
        let fronts: Vec<FrontWeights<u64>> = (0..n_fronts)
            .map(|_| FrontWeights {
                min_mines: 0,
                counts: vec![1; 1 + rng.below(20) as usize],
                tallies: Vec::new(),
            })
            .collect();
        let cap = mines_left as u64 + 1;
        let lens: Vec<u64> = fronts.iter().map(|f| f.counts.len() as u64).collect();
        let mut prefix = vec![1u64];
        for &d in &lens {
            prefix.push((prefix[prefix.len() - 1] + d - 1).min(cap));
        }
        let mut suffix = vec![1u64; lens.len() + 1];
        for i in (0..lens.len()).rev() {
            suffix[i] = (suffix[i + 1] + lens[i] - 1).min(cap);
        }
        let mut work = 0u64;
        for (i, &d) in lens.iter().enumerate() {
            let others = (prefix[i] + suffix[i + 1] - 1).min(cap);
            work += prefix[i] * d + suffix[i + 1] * d + prefix[i] * suffix[i + 1] + others * d;
        }
        assert_eq!(
            combination_work(&fronts, mines_left),
            work,
            "{lens:?} {mines_left}"
        );
    }
}
