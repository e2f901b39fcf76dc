//! The game: first-click rules over many seeds, uniform mine placement, flood fill, chord,
//! flags, win and loss, and the `.mine` and MBF files.

use mineseer_core::game::{
    FirstClickRule, Game, GameConfig, GameErrorKind, GameState, MoveOutcome, Preset,
};
use mineseer_core::{Cell, CellIdx};

fn game_from_rows(rows: &[&str]) -> Game {
    let width = rows[0].len();
    let mines: Vec<bool> = rows
        .iter()
        .flat_map(|r| r.chars().map(|c| c == '*'))
        .collect();
    Game::from_layout(width, rows.len(), mines).unwrap()
}

fn view_rows(game: &Game) -> Vec<String> {
    let board = game.board();
    board
        .cells()
        .chunks(board.width())
        .map(|row| {
            row.iter()
                .map(|c| match c {
                    Cell::Revealed(n) => (b'0' + n) as char,
                    Cell::Flag => 'F',
                    _ => 'H',
                })
                .collect()
        })
        .collect()
}

#[test]
fn safe_rule_never_puts_a_mine_under_the_first_click() {
    for seed in 0..2000u64 {
        let preset = Preset::ALL[(seed % 3) as usize];
        let config = GameConfig::preset(preset, FirstClickRule::Safe, seed);
        let (x, y) = (
            (seed as usize * 7) % config.width(),
            (seed as usize * 3) % config.height(),
        );
        let mut game = Game::new(config);
        let outcome = game.reveal(x, y).unwrap();
        assert_ne!(outcome, MoveOutcome::Lost, "seed {seed}");
        assert!(matches!(
            game.board().cell(game.board().idx(x, y).unwrap()),
            Cell::Revealed(_)
        ));
        let mines = game.layout().unwrap().iter().filter(|m| **m).count();
        assert_eq!(mines, config.mines());
    }
}

#[test]
fn opening_rule_shows_zero_at_the_first_click() {
    for seed in 0..2000u64 {
        let preset = Preset::ALL[(seed % 3) as usize];
        let config = GameConfig::preset(preset, FirstClickRule::Opening, seed);
        let (x, y) = (
            (seed as usize * 5) % config.width(),
            (seed as usize * 11) % config.height(),
        );
        let mut game = Game::new(config);
        game.reveal(x, y).unwrap();
        let idx = game.board().idx(x, y).unwrap();
        assert_eq!(game.board().cell(idx), Cell::Revealed(0), "seed {seed}");
        assert!(game.revealed_count() >= 4);
    }
}

#[test]
fn none_rule_can_lose_on_the_first_click() {
    let mut losses = 0;
    for seed in 0..400u64 {
        let config = GameConfig::new(4, 4, 8, FirstClickRule::None, seed).unwrap();
        let mut game = Game::new(config);
        if game.reveal(0, 0).unwrap() == MoveOutcome::Lost {
            losses += 1;
            assert_eq!(game.state(), GameState::Lost);
            assert_eq!(game.losing_cell(), Some(CellIdx(0)));
        }
    }
    // Half the cells are mines: about 200 of 400 first clicks lose.
    assert!((150..250).contains(&losses), "{losses}");
}

/// Under `safe` with the first click at (0,0) on a 3x3 board with 2 mines, each of the
/// C(8,2) = 28 layouts must be equally likely: a chi-square test over 28,000 games.
#[test]
fn mine_placement_is_uniform_over_allowed_layouts() {
    let games = 28_000u64;
    let mut counts = std::collections::HashMap::new();
    for seed in 0..games {
        let config = GameConfig::new(3, 3, 2, FirstClickRule::Safe, seed).unwrap();
        let mut game = Game::new(config);
        game.reveal(0, 0).unwrap();
        let layout: Vec<bool> = game.layout().unwrap().to_vec();
        assert!(!layout[0]);
        *counts.entry(layout).or_insert(0u64) += 1;
    }
    assert_eq!(counts.len(), 28);
    let expected = games as f64 / 28.0;
    let chi2: f64 = counts
        .values()
        .map(|&c| (c as f64 - expected).powi(2) / expected)
        .sum();
    // 27 degrees of freedom: the 99.9th percentile is 55.5.
    assert!(chi2 < 55.5, "chi-square {chi2}");
}

#[test]
fn same_seed_same_board() {
    let config = GameConfig::preset(Preset::Expert, FirstClickRule::Safe, 42);
    let mut a = Game::new(config);
    let mut b = Game::new(config);
    a.reveal(3, 3).unwrap();
    b.reveal(3, 3).unwrap();
    assert_eq!(a.layout(), b.layout());
    let mut c = Game::new(GameConfig::preset(Preset::Expert, FirstClickRule::Safe, 43));
    c.reveal(3, 3).unwrap();
    assert_ne!(a.layout(), c.layout());
}

#[test]
fn flood_fill_opens_zeros_and_stops_at_numbers() {
    let mut game = game_from_rows(&["....", "....", "...*", "...."]);
    assert_eq!(game.reveal(0, 0).unwrap(), MoveOutcome::Revealed(14));
    assert_eq!(view_rows(&game), vec!["0000", "0011", "001H", "001H"]);
    assert_eq!(game.revealed_count(), 14);
    assert_eq!(game.state(), GameState::Playing);
    assert_eq!(game.reveal(3, 3).unwrap(), MoveOutcome::Won);
    assert_eq!(game.state(), GameState::Won);
    assert!(matches!(
        game.reveal(3, 2).unwrap_err().kind(),
        GameErrorKind::GameOver
    ));
}

#[test]
fn flood_fill_leaves_flags_alone() {
    let mut game = game_from_rows(&["....", "....", "...*"]);
    game.toggle_flag(1, 0).unwrap();
    game.reveal(0, 2).unwrap();
    assert_eq!(view_rows(&game), vec!["0F00", "0011", "001H"]);
}

#[test]
fn chord_reveals_around_a_satisfied_number() {
    let mut game = game_from_rows(&["*..", "...", "..*"]);
    game.reveal(1, 0).unwrap();
    assert_eq!(game.chord(1, 0).unwrap(), MoveOutcome::NoChange);
    game.toggle_flag(0, 0).unwrap();
    assert_eq!(game.mines_left(), 1);
    assert_eq!(game.chord(1, 0).unwrap(), MoveOutcome::Revealed(4));
    assert_eq!(view_rows(&game), vec!["F10", "121", "HHH"]);
    assert_eq!(game.moves(), 3);
}

#[test]
fn chord_with_a_wrong_flag_loses() {
    let mut game = game_from_rows(&["*..", "...", "..."]);
    game.reveal(1, 1).unwrap();
    game.toggle_flag(2, 2).unwrap();
    assert_eq!(game.chord(1, 1).unwrap(), MoveOutcome::Lost);
    assert_eq!(game.losing_cell(), Some(CellIdx(0)));
    assert_eq!(game.wrong_flags(), vec![CellIdx(8)]);
}

#[test]
fn flags_toggle_and_count() {
    let mut game = game_from_rows(&["*.", ".."]);
    assert_eq!(game.toggle_flag(0, 0).unwrap(), MoveOutcome::Flagged);
    assert_eq!(game.toggle_flag(1, 0).unwrap(), MoveOutcome::Flagged);
    assert_eq!(game.mines_left(), -1);
    assert_eq!(game.reveal(1, 0).unwrap(), MoveOutcome::NoChange);
    game.toggle_flag(1, 0).unwrap();
    assert_eq!(game.flag_count(), 1);
    assert!(matches!(
        game.reveal(5, 0).unwrap_err().kind(),
        GameErrorKind::OutsideBoard { .. }
    ));
}

#[test]
fn timestamps_come_from_the_caller() {
    let mut game = game_from_rows(&["*.", ".."]);
    game.note_time(100);
    assert_eq!(game.elapsed_ms(500), 0);
    game.reveal(1, 1).unwrap();
    game.note_time(1_000);
    assert_eq!(game.elapsed_ms(1_500), 500);
    game.reveal(1, 0).unwrap();
    game.reveal(0, 1).unwrap();
    assert_eq!(game.state(), GameState::Won);
    game.note_time(4_000);
    assert_eq!(game.elapsed_ms(9_000), 3_000);
}

#[test]
fn config_refuses_impossible_games() {
    assert!(GameConfig::new(201, 10, 5, FirstClickRule::Safe, 0).is_err());
    assert!(GameConfig::new(0, 10, 5, FirstClickRule::Safe, 0).is_err());
    assert!(GameConfig::new(200, 200, 100, FirstClickRule::Safe, 0).is_ok());
    assert!(GameConfig::new(3, 3, 8, FirstClickRule::Safe, 0).is_ok());
    assert!(GameConfig::new(3, 3, 9, FirstClickRule::Safe, 0).is_err());
    assert!(GameConfig::new(4, 4, 7, FirstClickRule::Opening, 0).is_ok());
    assert!(GameConfig::new(4, 4, 8, FirstClickRule::Opening, 0).is_err());
    let err = GameConfig::new(3, 3, 1, FirstClickRule::Opening, 0);
    assert!(matches!(
        err.unwrap_err().kind(),
        GameErrorKind::TooManyMines { max: 0, .. }
    ));
    assert_eq!(Preset::from_name("Expert"), Some(Preset::Expert));
    assert_eq!(
        FirstClickRule::from_name("opening"),
        Some(FirstClickRule::Opening)
    );
}

#[test]
fn mbf_round_trip() {
    for seed in 0..50 {
        let mut game = Game::new(GameConfig::preset(
            Preset::Expert,
            FirstClickRule::Safe,
            seed,
        ));
        assert_eq!(game.to_mbf(), None);
        game.reveal(0, 0).unwrap();
        let bytes = game.to_mbf().unwrap();
        assert_eq!(&bytes[..4], &[30, 16, 0, 99]);
        assert_eq!(bytes.len(), 4 + 2 * 99);
        let back = Game::from_mbf(&bytes).unwrap();
        assert_eq!(back.layout(), game.layout());
        assert_eq!(back.config().mines(), 99);
    }
}

#[test]
fn mbf_errors_are_typed() {
    let kind = |bytes: &[u8]| Game::from_mbf(bytes).unwrap_err().kind().clone();
    assert!(matches!(
        kind(&[3, 3]),
        GameErrorKind::MbfTruncated {
            expected: 4,
            found: 2
        }
    ));
    assert!(matches!(
        kind(&[3, 3, 0, 2, 0, 0]),
        GameErrorKind::MbfTruncated { expected: 8, .. }
    ));
    assert!(matches!(
        kind(&[3, 3, 0, 1, 0, 0, 9]),
        GameErrorKind::MbfTrailingBytes { .. }
    ));
    assert!(matches!(
        kind(&[3, 3, 0, 1, 3, 0]),
        GameErrorKind::MbfMineOutside { x: 3, y: 0, .. }
    ));
    assert!(matches!(
        kind(&[3, 3, 0, 2, 1, 2, 1, 2]),
        GameErrorKind::MbfDuplicateMine { x: 1, y: 2 }
    ));
    assert!(matches!(kind(&[0, 3, 0, 0]), GameErrorKind::BadSize { .. }));
    let game = Game::from_mbf(&[3, 2, 0, 1, 2, 1]).unwrap();
    assert_eq!(game.is_mine(CellIdx(5)), Some(true));
}

#[test]
fn mine_text_round_trip() {
    let mut game = Game::new(GameConfig::preset(
        Preset::Intermediate,
        FirstClickRule::Opening,
        9,
    ));
    game.reveal(8, 8).unwrap();
    let text = game.to_mine_text();
    assert!(text.starts_with("16x16x40\n"));
    assert_eq!(text.matches('M').count(), 40);
    let back = Game::from_mine_text(&text).unwrap();
    assert_eq!(back.layout(), game.layout());
    assert_eq!(back.board(), game.board());
    assert_eq!(back.revealed_count(), game.revealed_count());
}

#[test]
fn mine_text_errors_are_typed() {
    let kind = |text: &str| Game::from_mine_text(text).unwrap_err().kind().clone();
    assert!(matches!(
        kind("2x2x2\nMH\nHH\n"),
        GameErrorKind::MineCountMismatch {
            header: 2,
            found: 1
        }
    ));
    assert!(matches!(
        kind("2x2x1\nM2\nHH\n"),
        GameErrorKind::WrongNumber {
            x: 1,
            y: 0,
            shown: 2,
            mines_around: 1
        }
    ));
    assert!(matches!(kind("2x2\nMH\nHH\n"), GameErrorKind::Parse(_)));
    let game = Game::from_mine_text("2x2x1\nF1\nHH\n").unwrap();
    assert_eq!(game.flag_count(), 1);
    assert_eq!(game.revealed_count(), 1);
}

/// A game brought to a position (a rollout's start) keeps a cell a flag kept from an opening:
/// the flag is placed before the 0 beside it is revealed, wherever the 0 comes in board order.
#[test]
fn a_position_with_a_flag_beside_an_opening_is_reached() {
    let mut game = game_from_rows(&["...", "...", "..*"]);
    game.toggle_flag(1, 0).unwrap();
    game.reveal(0, 0).unwrap();
    assert_eq!(view_rows(&game), ["0FH", "01H", "01H"]);
    let layout = game.layout().unwrap().to_vec();
    let again = Game::at_position(game.board(), layout).expect("the same position");
    assert_eq!(view_rows(&again), view_rows(&game));
}
