//! The endgame solver against a brute-force expectimax written straight from the definition:
//! explicit layouts from the brute-force enumerator, the revealed cells tracked as a set, the
//! flood fill done cell by cell, every unrevealed cell tried at every node, and no pruning.
//! Exact rational equality of the win chance, and the solver's move must be one of the optimal
//! moves. Its only shortcut is a memo of its own values: a node's value is a function of its
//! living layouts and its revealed cells alone, so a node met again (another order of the same
//! reveals, or a move value after the win chance) is answered with what the definition gave it
//! the first time; nothing of the solver's tables or bounds is shared.

use crate::common;

use std::cell::RefCell;
use std::collections::{BTreeMap, HashMap};

use common::{layout_masks, random_position, TestRng};
use mineseer_core::formats::{parse_mine, write_mine};
use mineseer_core::{solve_endgame, Board, Cell, Endgame, EndgameConfig, Fraction};
use num_bigint::BigUint;

/// A node of the reference's game tree: its living layouts and its revealed cells.
type Node = (Vec<usize>, Vec<bool>);

/// The reference: every layout as a mine mask over the board.
struct Reference<'a> {
    board: &'a Board,
    layouts: Vec<Vec<bool>>,
    /// `wins` of each node met.
    memo: RefCell<HashMap<Node, u64>>,
}

impl Reference<'_> {
    fn new(board: &Board) -> Reference<'_> {
        Reference {
            board,
            layouts: layout_masks(board),
            memo: RefCell::default(),
        }
    }

    fn number(&self, layout: usize, cell: usize) -> u8 {
        let idx = mineseer_core::CellIdx(cell as u32);
        self.board
            .neighbours(idx)
            .filter(|n| self.layouts[layout][n.get()])
            .count() as u8
    }

    /// Whether every safe cell of the layout is revealed.
    fn won(&self, layout: usize, revealed: &[bool]) -> bool {
        (0..self.board.len()).all(|c| self.layouts[layout][c] || revealed[c])
    }

    /// What revealing `cell` shows in `layout`: `None` for a mine, else the newly revealed
    /// cells with their numbers (the flood fill of play).
    fn observe(&self, layout: usize, cell: usize, revealed: &[bool]) -> Option<Vec<(usize, u8)>> {
        if self.layouts[layout][cell] {
            return None;
        }
        let mut shown = revealed.to_vec();
        let mut seen = Vec::new();
        let mut stack = vec![cell];
        shown[cell] = true;
        while let Some(c) = stack.pop() {
            let number = self.number(layout, c);
            seen.push((c, number));
            if number == 0 {
                for n in self.board.neighbours(mineseer_core::CellIdx(c as u32)) {
                    if !shown[n.get()] && self.board.cell(n) != Cell::Flag {
                        shown[n.get()] = true;
                        stack.push(n.get());
                    }
                }
            }
        }
        seen.sort_unstable();
        Some(seen)
    }

    /// The number of layouts of `living` won under optimal play.
    fn wins(&self, living: &[usize], revealed: &[bool]) -> u64 {
        let node = (living.to_vec(), revealed.to_vec());
        if let Some(&wins) = self.memo.borrow().get(&node) {
            return wins;
        }
        let wins = self.wins_by_definition(living, revealed);
        self.memo.borrow_mut().insert(node, wins);
        wins
    }

    /// [`Reference::wins`] from the definition: every unrevealed cell tried.
    fn wins_by_definition(&self, living: &[usize], revealed: &[bool]) -> u64 {
        // One living layout is known to the player, who reveals its safe cells one by one.
        // (A shortcut beside the memo: trying every order of those cells would take factorial
        // time.)
        if living.len() == 1 {
            return 1;
        }
        let won = living.iter().filter(|&&l| self.won(l, revealed)).count() as u64;
        let playing: Vec<usize> = living
            .iter()
            .copied()
            .filter(|&l| !self.won(l, revealed))
            .collect();
        if playing.is_empty() {
            return won;
        }
        let best = (0..self.board.len())
            .filter(|&c| {
                !revealed[c] && self.board.cell(mineseer_core::CellIdx(c as u32)) != Cell::Flag
            })
            .map(|c| self.move_wins(&playing, revealed, c))
            .max()
            .unwrap_or(0);
        won + best
    }

    /// The wins after revealing `cell`, over the layouts of `living`.
    fn move_wins(&self, living: &[usize], revealed: &[bool], cell: usize) -> u64 {
        let mut outcomes: BTreeMap<Vec<(usize, u8)>, Vec<usize>> = BTreeMap::new();
        for &l in living {
            if let Some(seen) = self.observe(l, cell, revealed) {
                outcomes.entry(seen).or_default().push(l);
            }
        }
        outcomes
            .iter()
            .map(|(seen, part)| {
                let mut next = revealed.to_vec();
                for &(c, _) in seen {
                    next[c] = true;
                }
                self.wins(part, &next)
            })
            .sum()
    }

    fn revealed_at_start(&self) -> Vec<bool> {
        self.board
            .cells()
            .iter()
            .map(|c| matches!(c, Cell::Revealed(_)))
            .collect()
    }
}

/// Checks the solver on one position against the reference; returns the number of layouts.
fn check(board: &Board) -> usize {
    check_with(board, &EndgameConfig::default())
}

/// A configuration that plays the simple strategy, and widens with it, at every position of
/// two layouts or more, so that small boards take the paths large positions take.
fn strategy_everywhere() -> EndgameConfig {
    EndgameConfig {
        strategy_min_layouts: 2,
        widen_min_layouts: 2,
        ..EndgameConfig::default()
    }
}

/// A configuration that also bounds every part of three layouts or more three moves deep
/// before searching it ([`EndgameConfig::probe_plies`]; by default one move, from 16
/// layouts), so that small boards take the paths of the deeper bounds too.
fn deep_bounds_everywhere() -> EndgameConfig {
    EndgameConfig {
        probe_min_layouts: 3,
        probe_plies: 3,
        ..strategy_everywhere()
    }
}

/// [`check`] with a given configuration.
fn check_with(board: &Board, config: &EndgameConfig) -> usize {
    let text = write_mine(board);
    let reference = Reference::new(board);
    let n = reference.layouts.len();
    let result = solve_endgame(board, config);
    if n == 0 {
        assert!(result.is_err(), "solved a position with no layout:\n{text}");
        return 0;
    }
    let endgame = result.unwrap_or_else(|e| panic!("{e} on\n{text}"));
    assert_eq!(endgame.layouts(), &BigUint::from(n), "layouts of\n{text}");
    let start = reference.revealed_at_start();
    let all: Vec<usize> = (0..n).collect();
    let wins = reference.wins(&all, &start);
    let expected = Fraction::new(BigUint::from(wins), BigUint::from(n));
    assert_eq!(endgame.win(), Some(&expected), "win chance of\n{text}");
    match endgame.best_move() {
        Some((x, y)) => {
            let cell = board.idx(x, y).unwrap().get();
            assert!(
                board.cell(board.idx(x, y).unwrap()).is_unrevealed(),
                "move on a shown cell"
            );
            let move_wins = reference.move_wins(&all, &start, cell);
            assert_eq!(move_wins, wins, "move ({x},{y}) is not optimal on\n{text}");
        }
        None => assert!(
            all.iter().all(|&l| reference.won(l, &start)),
            "no move on\n{text}"
        ),
    }
    if config.move_values {
        let values = endgame
            .move_values()
            .unwrap_or_else(|| panic!("no move values for\n{text}"));
        let hidden: Vec<usize> = (0..board.len())
            .filter(|&c| board.cell(mineseer_core::CellIdx(c as u32)).is_unrevealed())
            .collect();
        assert_eq!(
            values.len(),
            hidden.len(),
            "one value a hidden cell of\n{text}"
        );
        for (&cell, ((x, y), value)) in hidden.iter().zip(values) {
            assert_eq!(board.idx(*x, *y).unwrap().get(), cell, "board order");
            let move_wins = reference.move_wins(&all, &start, cell);
            let expected = Fraction::new(BigUint::from(move_wins), BigUint::from(n));
            assert_eq!(value, &expected, "value of ({x},{y}) on\n{text}");
        }
    }
    n
}

#[test]
fn random_small_positions_match_the_definition() {
    let mut rng = TestRng::new(4004);
    let (mut checked, mut several_layouts, mut not_sure) = (0, 0, 0);
    for _ in 0..4000 {
        let board = random_position(&mut rng, 4, false);
        let unrevealed = board.cells().iter().filter(|c| c.is_unrevealed()).count();
        if unrevealed > 9 {
            continue;
        }
        let n = check(&board);
        checked += 1;
        if n > 1 {
            several_layouts += 1;
            let win = solve_endgame(&board, &EndgameConfig::default()).unwrap();
            if win.win() != Some(&Fraction::from_integer(1)) {
                not_sure += 1;
            }
        }
    }
    // The generator must give positions that need real guesses, or the test proves little.
    assert!(checked > 3000, "only {checked} positions checked");
    assert!(
        several_layouts > 1000,
        "only {several_layouts} with several layouts"
    );
    assert!(
        not_sure > 800,
        "only {not_sure} positions with a win chance below 1"
    );
}

#[test]
fn larger_random_positions_match_the_definition() {
    let mut rng = TestRng::new(77);
    let mut checked = 0;
    for _ in 0..3000 {
        let board = random_position(&mut rng, 5, false);
        let unrevealed = board.cells().iter().filter(|c| c.is_unrevealed()).count();
        if !(10..=12).contains(&unrevealed) {
            continue;
        }
        if check(&board) > 2 {
            checked += 1;
        }
    }
    assert!(
        checked > 100,
        "only {checked} positions with more than two layouts"
    );
}

/// The strategy's wins set the bar of the search (only moves that can beat them are searched,
/// and its first move is the answer when none does): with that rule at every position, the
/// win chance and the move must still match the definition. The boards lean to few revealed
/// cells, so that many cells are off the front, as in the open regions where the rule pays.
#[test]
fn strategy_bar_matches_the_definition() {
    check_leaning_boards(2026, |_| strategy_everywhere(), |_| {});
}

/// The deeper bounds cut moves before they are searched, and raise the value the parts of a
/// move must reach: with them at every position of three layouts or more, one to three
/// moves deep, the win chance and the move must still match the definition.
#[test]
fn deep_bounds_match_the_definition() {
    check_leaning_boards(
        1126,
        |round| EndgameConfig {
            probe_plies: 1 + (round % 3) as u8,
            ..deep_bounds_everywhere()
        },
        |_| {},
    );
}

/// The easier game's bound (everything outside a small group told for free) cuts moves and
/// parts: with it at every position of two layouts or more, and the deeper bounds too, the
/// win chance and the move must still match the definition.
#[test]
fn group_bounds_match_the_definition() {
    check_leaning_boards(
        3141,
        |round| EndgameConfig {
            group_min_layouts: 2,
            probe_plies: (round % 3) as u8,
            ..deep_bounds_everywhere()
        },
        |_| {},
    );
}

/// Every hidden cell's exact value ([`EndgameConfig::move_values`]) is the definition's:
/// the wins of revealing it now and playing best after, over the layouts. Half the rounds
/// also play the strategy bar everywhere, since the values are searched in the same tables
/// as the best move. Enough positions must have a move that is neither best nor a certain
/// mine, or the values would only be 0 and the win chance.
#[test]
fn every_move_value_matches_the_definition() {
    let config = |round: usize| EndgameConfig {
        move_values: true,
        ..if round.is_multiple_of(2) {
            EndgameConfig::default()
        } else {
            strategy_everywhere()
        }
    };
    let mut in_between = 0;
    check_leaning_boards(5150, config, |endgame| {
        let (Some(win), Some(values)) = (endgame.win(), endgame.move_values()) else {
            return;
        };
        let zero = Fraction::from_integer(0);
        if values.iter().any(|(_, v)| v != win && *v != zero) {
            in_between += 1;
        }
    });
    assert!(
        in_between > 400,
        "only {in_between} positions with a move between"
    );
}

/// [`check_with`] on 6,000 random boards that lean to few revealed cells, with the
/// configuration of each round, and `inspect` on the solver's answer for each board of more
/// than two layouts; enough of them must have a win chance below 1, or the check proves
/// little.
fn check_leaning_boards(
    seed: u64,
    config_of_round: impl Fn(usize) -> EndgameConfig,
    mut inspect: impl FnMut(&Endgame),
) {
    let mut rng = TestRng::new(seed);
    let (mut checked, mut not_sure) = (0, 0);
    for round in 0..6000 {
        let board = random_position(&mut rng, 5, false);
        let unrevealed = board.cells().iter().filter(|c| c.is_unrevealed()).count();
        if !(4..=11).contains(&unrevealed) {
            continue;
        }
        let config = config_of_round(round);
        if check_with(&board, &config) > 2 {
            checked += 1;
            let endgame = solve_endgame(&board, &config).unwrap();
            if endgame.win() != Some(&Fraction::from_integer(1)) {
                not_sure += 1;
            }
            inspect(&endgame);
        }
    }
    assert!(
        checked > 800,
        "only {checked} positions with more than two layouts"
    );
    assert!(
        not_sure > 400,
        "only {not_sure} positions with a win chance below 1"
    );
}

#[test]
fn positions_with_no_layout_are_errors() {
    let mut rng = TestRng::new(5);
    let mut inconsistent = 0;
    for _ in 0..600 {
        let board = random_position(&mut rng, 4, true);
        if board.cells().iter().filter(|c| c.is_unrevealed()).count() > 8 {
            continue;
        }
        if check(&board) == 0 {
            inconsistent += 1;
        }
    }
    assert!(
        inconsistent > 20,
        "only {inconsistent} inconsistent positions"
    );
}

/// Hand-made positions: a 50/50 and a cell that opens a region.
#[test]
fn small_positions_by_hand() {
    // Two cells, one mine, nothing tells them apart: a coin flip.
    let board = parse_mine("2x1x1\nHH\n").unwrap();
    let endgame = solve_endgame(&board, &EndgameConfig::default()).unwrap();
    assert_eq!(endgame.win().unwrap().to_string(), "1/2");
    assert_eq!(check(&board), 2);
    // A 0 opened in the corner reveals its neighbours at once.
    assert_eq!(check(&parse_mine("3x3x1\nHHH\nHHH\nHHH\n").unwrap()), 9);
    // Two 50/50s that nothing links: independent games, a quarter.
    let two = parse_mine("6x2x2\nH1001H\nH1001H\n").unwrap();
    assert_eq!(check(&two), 4);
    let endgame = solve_endgame(&two, &EndgameConfig::default()).unwrap();
    assert_eq!(endgame.win().unwrap().to_string(), "1/4");
    // The same beside four floating cells that hold the third mine.
    assert_eq!(
        check(&parse_mine("8x2x3\nH1001HHH\nH1001HHH\n").unwrap()),
        16
    );
    // Already won: no move.
    let won = parse_mine("2x1x1\n1H\n").unwrap();
    let endgame = solve_endgame(&won, &EndgameConfig::default()).unwrap();
    assert_eq!(endgame.win().unwrap().to_string(), "1/1");
    assert_eq!(endgame.best_move(), None);
}
