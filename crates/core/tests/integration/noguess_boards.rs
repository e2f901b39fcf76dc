//! No-guess boards: every generated board is won from its first click by certain moves alone,
//! the same seed gives the same board, and bad requests are clear errors.
//!
//! The replay that checks the boards ([`replay_certain_moves`]) is itself checked against a
//! brute-force player on small boards: both must agree on every layout, no-guess or not.

use crate::common;

use common::TestRng;
use mineseer_core::brute::enumerate_layouts;
use mineseer_core::game::{FirstClickRule, Game, GameConfig, GameErrorKind, GameState, Preset};
use mineseer_core::noguess::{
    generate_no_guess, replay_certain_moves, NoGuessBudget, NoGuessConfig, NoGuessErrorKind,
};
use mineseer_core::{Cell, SolveConfig};

/// Generates a board and checks everything a caller may rely on.
fn check_generated(width: usize, height: usize, mines: usize, first: (usize, usize), seed: u64) {
    let config = NoGuessConfig::new(width, height, mines, first, seed).unwrap();
    let board = generate_no_guess(&config)
        .unwrap_or_else(|e| panic!("{width}x{height}/{mines} at {first:?}, seed {seed}: {e}"));
    assert_eq!(board.mines().len(), width * height);
    assert_eq!(board.mines().iter().filter(|m| **m).count(), mines);
    for y in 0..height {
        for x in 0..width {
            if x.abs_diff(first.0) <= 1 && y.abs_diff(first.1) <= 1 {
                assert!(
                    !board.mines()[y * width + x],
                    "a mine next to the first click"
                );
            }
        }
    }
    let replay = replay_certain_moves(width, height, board.mines(), first, &SolveConfig::default());
    assert!(
        replay.won(),
        "seed {seed}: the replay is stuck at\n{}",
        replay.stuck_view().unwrap_or("")
    );
}

/// A random board size, width and height drawn uniformly from the ranges, and a first click
/// on it.
fn random_size_and_click(
    rng: &mut TestRng,
    widths: std::ops::Range<usize>,
    heights: std::ops::Range<usize>,
) -> (usize, usize, (usize, usize)) {
    let width = widths.start + rng.below((widths.end - widths.start) as u64) as usize;
    let height = heights.start + rng.below((heights.end - heights.start) as u64) as usize;
    let first = (
        rng.below(width as u64) as usize,
        rng.below(height as u64) as usize,
    );
    (width, height, first)
}

#[test]
fn every_preset_board_is_won_by_certain_moves() {
    for preset in Preset::ALL {
        let (width, height, mines) = preset.dimensions();
        for seed in 0..40 {
            let first = ((seed as usize * 7) % width, (seed as usize * 3) % height);
            check_generated(width, height, mines, first, seed);
        }
    }
}

#[test]
fn random_sizes_densities_and_first_clicks_are_won_by_certain_moves() {
    let mut rng = TestRng::new(8);
    for seed in 0..300 {
        // Strips one or two cells wide are left out: most of their layouts are coin tosses by
        // symmetry (see `two_wide_strip_with_one_mine_is_refused`).
        let (width, height, first) = random_size_and_click(&mut rng, 3..21, 3..13);
        let room = width * height - opening_size(width, height, first);
        // Up to about 22% of the cells: expert density and a little beyond.
        let mines = (rng.below((width * height * 22 / 100 + 1) as u64) as usize).min(room);
        check_generated(width, height, mines, first, seed);
    }
}

#[test]
fn large_board_is_won_by_certain_moves() {
    check_generated(100, 60, 1200, (50, 30), 1);
}

#[test]
fn same_seed_same_board_and_seeds_differ() {
    let make = |seed| {
        let config = NoGuessConfig::new(30, 16, 99, (15, 8), seed).unwrap();
        generate_no_guess(&config).unwrap()
    };
    for seed in 0..5 {
        assert_eq!(make(seed), make(seed));
    }
    assert_ne!(make(1).mines(), make(2).mines());
}

#[test]
fn jsminesweeper_52_a_supplied_seed_never_skips_the_check() {
    // JSMinesweeper's no-guess generator skipped its solvability check when the page supplied
    // a seed (its issue #52). Here a seed only feeds the generator's RNG: extreme and
    // arbitrary seeds, through the core API and through the game, all give checked boards.
    for seed in [0, 1, u64::MAX, u64::MAX / 2, 0xDEAD_BEEF, 52] {
        check_generated(30, 16, 99, (0, 0), seed);
        let mut game = Game::new(GameConfig::preset(
            Preset::Expert,
            FirstClickRule::NoGuess,
            seed,
        ));
        game.reveal(29, 15).unwrap();
        let layout = game.layout().unwrap();
        let replay = replay_certain_moves(30, 16, layout, (29, 15), &SolveConfig::default());
        assert!(replay.won(), "seed {seed}");
    }
}

#[test]
fn game_rule_noguess_uses_the_generator_and_is_won_by_certain_moves() {
    for seed in 0..10 {
        let config = GameConfig::preset(Preset::Expert, FirstClickRule::NoGuess, seed);
        let mut game = Game::new(config);
        game.reveal(4, 5).unwrap();
        assert_ne!(game.state(), GameState::Lost);
        assert_eq!(
            game.board().cell(game.board().idx(4, 5).unwrap()),
            Cell::Revealed(0)
        );
        let layout = game.layout().unwrap().to_vec();
        let direct = generate_no_guess(&NoGuessConfig::new(30, 16, 99, (4, 5), seed).unwrap());
        assert_eq!(direct.unwrap().mines(), &layout[..]);
        let replay = replay_certain_moves(30, 16, &layout, (4, 5), &SolveConfig::default());
        assert!(replay.won());
    }
    assert_eq!(
        FirstClickRule::from_name("NoGuess"),
        Some(FirstClickRule::NoGuess)
    );
}

/// Cells in the 3x3 block around the first click.
fn opening_size(width: usize, height: usize, (x, y): (usize, usize)) -> usize {
    let span = |c: usize, len: usize| (c + 2).min(len) - c.saturating_sub(1);
    span(x, width) * span(y, height)
}

#[test]
fn two_wide_strip_with_one_mine_is_refused() {
    // Every layout of one mine in a 2x10 strip, first click at the top, is a coin toss between
    // the two cells of the mine's row: the generator must give up rather than return one.
    let won = (4..20)
        .filter(|&mine| {
            let mut mines = vec![false; 20];
            mines[mine] = true;
            replay_certain_moves(2, 10, &mines, (1, 0), &SolveConfig::default()).won()
        })
        .count();
    assert_eq!(won, 0);
    let config = NoGuessConfig::new(2, 10, 1, (1, 0), 18).unwrap();
    let err = generate_no_guess(&config).unwrap_err();
    assert!(matches!(
        err.kind(),
        NoGuessErrorKind::GaveUp { placements: 50 }
    ));
}

/// Plays with the cells brute force proves safe or mines, until won or stuck.
fn brute_force_player_wins(
    width: usize,
    height: usize,
    mines: &[bool],
    first: (usize, usize),
) -> bool {
    let mut game = Game::from_layout(width, height, mines.to_vec()).unwrap();
    if game.reveal(first.0, first.1).is_err() || game.state() == GameState::Lost {
        return false;
    }
    while game.state() == GameState::Playing {
        let all = enumerate_layouts(game.board()).expect("small board");
        let mut progress = false;
        for &cell in &all.candidates {
            let in_layouts = all.layouts.iter().filter(|l| l.contains(&cell)).count();
            let (x, y) = game.board().xy(mineseer_core::CellIdx(cell as u32));
            if game.state() != GameState::Playing {
                break;
            }
            if in_layouts == 0 {
                game.reveal(x, y).unwrap();
                progress = true;
            } else if in_layouts == all.layouts.len() && game.board().cells()[cell] == Cell::Hidden
            {
                game.toggle_flag(x, y).unwrap();
                progress = true;
            }
        }
        if !progress {
            return false;
        }
    }
    game.state() == GameState::Won
}

#[test]
fn replay_agrees_with_a_brute_force_player() {
    let mut rng = TestRng::new(52);
    let (mut won, mut stuck) = (0, 0);
    for _ in 0..400 {
        let (width, height, first) = random_size_and_click(&mut rng, 2..6, 2..6);
        let mut mines = vec![false; width * height];
        for (i, mine) in mines.iter_mut().enumerate() {
            let (x, y) = (i % width, i / width);
            let near_first = x.abs_diff(first.0) <= 1 && y.abs_diff(first.1) <= 1;
            *mine = !near_first && rng.chance(30);
        }
        let brute = brute_force_player_wins(width, height, &mines, first);
        let replay = replay_certain_moves(width, height, &mines, first, &SolveConfig::default());
        assert_eq!(
            replay.won(),
            brute,
            "{width}x{height} {mines:?} from {first:?}"
        );
        if brute {
            won += 1;
        } else {
            stuck += 1;
        }
    }
    // Both outcomes must occur, or the comparison proves little.
    assert!(won > 50 && stuck > 50, "won {won}, stuck {stuck}");
}

#[test]
fn small_generated_boards_are_won_by_the_brute_force_player() {
    let mut rng = TestRng::new(9);
    for seed in 0..150 {
        let (width, height, first) = random_size_and_click(&mut rng, 3..6, 3..6);
        let room = width * height - opening_size(width, height, first);
        let mines = (1 + rng.below((width * height / 4) as u64) as usize).min(room);
        let config = NoGuessConfig::new(width, height, mines, first, seed).unwrap();
        let board = generate_no_guess(&config).unwrap();
        assert!(brute_force_player_wins(width, height, board.mines(), first));
    }
}

#[test]
fn replay_refuses_a_fifty_fifty() {
    // The first click at (0,0) opens every cell but the last column, where the two 1s at
    // (3,0) and (3,1) both see (4,0) and (4,1) and nothing tells them apart.
    let mut mines = vec![false; 10];
    mines[4] = true;
    let replay = replay_certain_moves(5, 2, &mines, (0, 0), &SolveConfig::default());
    assert!(!replay.won());
    assert_eq!(replay.stuck_view().unwrap(), "5x2x1\n0001H\n0001H\n");
    // With both cells mines, the 2s settle them.
    mines[9] = true;
    assert!(replay_certain_moves(5, 2, &mines, (0, 0), &SolveConfig::default()).won());
}

#[test]
fn uniform_expert_boards_are_often_refused() {
    // Most uniform expert boards need a guess: the check must be able to say no.
    let refused = (0..50)
        .filter(|&seed| {
            let config = GameConfig::preset(Preset::Expert, FirstClickRule::Opening, seed);
            let mut game = Game::new(config);
            game.reveal(15, 8).unwrap();
            let layout = game.layout().unwrap();
            !replay_certain_moves(30, 16, layout, (15, 8), &SolveConfig::default()).won()
        })
        .count();
    assert!(
        refused >= 25,
        "only {refused} of 50 uniform expert boards refused"
    );
}

/// Width, height, mines, first click, and a part of the error message.
type BadRequest = (usize, usize, usize, (usize, usize), &'static str);

#[test]
fn invalid_requests_are_clear_errors() {
    let cases: [BadRequest; 6] = [
        (
            0,
            10,
            5,
            (0, 0),
            "width and height must be between 1 and 200",
        ),
        (
            201,
            10,
            5,
            (0, 0),
            "width and height must be between 1 and 200",
        ),
        (
            9,
            9,
            10,
            (9, 0),
            "the first click (9,0) is outside the 9x9 board",
        ),
        (4, 4, 8, (1, 1), "8 mines do not fit"),
        (3, 3, 1, (1, 1), "1 mines do not fit"),
        (30, 16, 472, (15, 8), "472 mines do not fit"),
    ];
    for (width, height, mines, first, message) in cases {
        let err = NoGuessConfig::new(width, height, mines, first, 0).unwrap_err();
        assert!(err.to_string().contains(message), "{err} vs {message}");
    }
    // At a corner only 4 cells must stay free.
    assert!(NoGuessConfig::new(4, 4, 12, (0, 0), 0).is_ok());
    assert!(matches!(
        NoGuessConfig::new(4, 4, 13, (0, 0), 0).unwrap_err().kind(),
        NoGuessErrorKind::TooManyMines { mines: 13, max: 12 }
    ));
    // A budget of no placement gives an error, never an unchecked board.
    let config = NoGuessConfig::new(9, 9, 10, (4, 4), 1)
        .unwrap()
        .with_budget(NoGuessBudget {
            max_placements: 0,
            ..NoGuessBudget::default()
        });
    let err = generate_no_guess(&config).unwrap_err();
    assert!(matches!(
        err.kind(),
        NoGuessErrorKind::GaveUp { placements: 0 }
    ));
    assert!(err.to_string().contains("no no-guess layout found"));
    // The game reports the same errors.
    let config = GameConfig::new(3, 3, 1, FirstClickRule::NoGuess, 0);
    assert!(config.is_err());
    let config = GameConfig::new(9, 9, 60, FirstClickRule::NoGuess, 3).unwrap();
    let mut game = Game::new(config);
    match game.reveal(0, 0) {
        Ok(_) => assert_ne!(game.state(), GameState::Lost),
        Err(err) => assert!(matches!(err.kind(), GameErrorKind::NoGuess(_)), "{err}"),
    }
}
