//! The training modes (issue #40): hard core loses a needless guess, Fair redraws a forced
//! guess on a mine exactly uniformly, and records of both replay.
//!
//! - Scripted positions: a needless guess on a safe cell loses in hard core and not in
//!   normal; Fair redraws a forced guess and plays a guess as dealt while a cell is safe.
//! - Uniformity: on small random positions, the game's own redraws are tallied against the
//!   brute-force list of the layouts with the guessed cell safe, by a chi-square test with
//!   fixed seeds. A biased redraw (one layout drawn twice as often) must fail the same test,
//!   and the test asserts that it does.
//! - The auto-player on 1,000 expert games: every game won in Fair; in hard core exactly the
//!   games won in normal, game by game.
//! - Records: a Fair game with redraws replays to the same final board, an old record reads
//!   as normal, and redraws that do not fit are typed errors.

use mineseer_core::brute::enumerate_layouts;
use mineseer_core::clicks::game_stats;
use mineseer_core::game::{
    FirstClickRule, Game, GameConfig, GameMode, GameState, MoveOutcome, Preset,
};
use mineseer_core::player::{play_game_with, Level, MoveMemo, PlayerConfig};
use mineseer_core::record::{GameRecord, MoveOp, RawRecord, RecordBuilder, RecordErrorKind};
use mineseer_core::rng::{derive_seed, GameRng};
use mineseer_core::Cell;

/// The 3x3 board with mines in two corners, (0,0) and (2,2), after the first reveal at
/// (0,2) opened (0,1)=1, (1,1)=2, (1,2)=1: (2,0) is certainly safe; (1,0) and (2,1) are safe
/// in the layout but not certainly.
fn corners(mode: GameMode) -> Game {
    let mut mines = vec![false; 9];
    mines[0] = true;
    mines[8] = true;
    let mut game = Game::from_layout(3, 3, mines).unwrap().in_mode(mode);
    game.reveal(0, 2).unwrap();
    assert_eq!(game.revealed_count(), 4);
    game
}

#[test]
fn a_needless_guess_loses_in_hardcore_even_on_a_safe_cell() {
    let mut game = corners(GameMode::Hardcore);
    assert_eq!(game.is_mine(game.board().idx(1, 0).unwrap()), Some(false));
    assert_eq!(game.reveal(1, 0).unwrap(), MoveOutcome::Lost);
    assert_eq!(game.state(), GameState::Lost);
    let loss = game.hardcore_loss().expect("lost by the hard-core rule");
    let safe: Vec<(usize, usize)> = loss
        .safe_cells
        .iter()
        .map(|&i| game.board().xy(i))
        .collect();
    assert_eq!(safe, vec![(2, 0)]);
    let guessed: Vec<(usize, usize)> = loss.guessed.iter().map(|&i| game.board().xy(i)).collect();
    assert_eq!(guessed, vec![(1, 0)]);
    assert_eq!(
        game.board().cell(game.board().idx(1, 0).unwrap()),
        Cell::Hidden
    );
    assert_eq!(game.losing_cell(), None, "no mine went off");

    // The same click in the normal game reveals the cell.
    let mut normal = corners(GameMode::Normal);
    assert_eq!(normal.reveal(1, 0).unwrap(), MoveOutcome::Revealed(1));

    // The certain cell plays, and then the game goes on by certain moves to a win.
    let mut game = corners(GameMode::Hardcore);
    assert!(matches!(game.reveal(2, 0).unwrap(), MoveOutcome::Won));
}

#[test]
fn a_chord_that_reveals_a_needless_guess_loses_in_hardcore() {
    // (1,1)=2 with flags on (0,0) and (2,1) (the second is wrong): the chord reveals (1,0),
    // (2,0) and (2,2); (2,0) is certainly safe, the others are not.
    let mut game = corners(GameMode::Hardcore);
    game.toggle_flag(0, 0).unwrap();
    game.toggle_flag(2, 1).unwrap();
    assert_eq!(game.chord(1, 1).unwrap(), MoveOutcome::Lost);
    let loss = game.hardcore_loss().unwrap();
    assert_eq!(loss.guessed.len(), 2, "{loss:?}");
    // A flag on a certainly safe cell does not hide it: flagging (2,0) and guessing still
    // loses.
    let mut game = corners(GameMode::Hardcore);
    game.toggle_flag(2, 0).unwrap();
    assert_eq!(game.reveal(2, 1).unwrap(), MoveOutcome::Lost);
}

/// 2x2 with one mine at (0,0); the first reveal at (1,1) shows 1, and no cell is certain.
fn two_by_two(mode: GameMode, seed: u64) -> Game {
    let mines = vec![true, false, false, false];
    let mut game = Game::from_layout(2, 2, mines)
        .unwrap()
        .in_mode(mode)
        .with_redraw_seed(seed);
    game.reveal(1, 1).unwrap();
    game
}

#[test]
fn fair_redraws_a_forced_guess_and_plays_a_needless_one_as_dealt() {
    for seed in 0..20 {
        let mut game = two_by_two(GameMode::Fair, seed);
        // Every forced guess survives, down to the last 50/50.
        let mut order = [(0, 0), (1, 0), (0, 1)];
        order.rotate_left(seed as usize % 3);
        for (x, y) in order {
            if game.is_over() {
                break;
            }
            let outcome = game.reveal(x, y).unwrap();
            assert_ne!(outcome, MoveOutcome::Lost, "seed {seed}");
        }
        assert_eq!(game.state(), GameState::Won, "seed {seed}");
        // Guessing the dealt mine first always redraws.
        if seed % 3 == 0 {
            assert!(game.redraw_count() >= 1, "seed {seed}");
        }
        assert_eq!(game.dealt_layout().unwrap(), &[true, false, false, false]);
    }
    // The normal game loses the same click.
    let mut game = two_by_two(GameMode::Normal, 0);
    assert_eq!(game.reveal(0, 0).unwrap(), MoveOutcome::Lost);
    // A guess while a cell is certainly safe plays as dealt in Fair: (0,0) is a mine.
    let mut game = corners(GameMode::Fair);
    assert_eq!(game.reveal(0, 0).unwrap(), MoveOutcome::Lost);
    assert_eq!(game.redraw_count(), 0);
}

/// A small position where a forced guess lands on a mine: the game just before the guess,
/// the target, and the brute-force list of layouts with the target safe.
struct ForcedGuess {
    game: Game,
    target: (usize, usize),
    reference: Vec<Vec<bool>>,
}

/// Small random games brought to a position with no certainly safe cell and a guess on a
/// dealt mine that some layout leaves safe.
fn forced_guesses(count: usize) -> Vec<ForcedGuess> {
    let mut rng = GameRng::new(40);
    let mut out = Vec::new();
    while out.len() < count {
        let (width, height) = (4 + rng.below(2) as usize, 3 + rng.below(2) as usize);
        let n = width * height;
        let mines_n = 3 + rng.below(3) as usize;
        let mut mines = vec![false; n];
        let mut placed = 0;
        while placed < mines_n {
            let i = rng.below(n as u64) as usize;
            if !mines[i] {
                mines[i] = true;
                placed += 1;
            }
        }
        let mut game = Game::from_layout(width, height, mines.clone())
            .unwrap()
            .in_mode(GameMode::Fair);
        let first = (0..n).find(|&i| !mines[(i * 7) % n]).map(|i| (i * 7) % n);
        let Some(first) = first else { continue };
        game.reveal(first % width, first / width).unwrap();
        if game.is_over() {
            continue;
        }
        let board = game.board().clone();
        let Some(all) = enumerate_layouts(&board) else {
            continue;
        };
        let hidden: Vec<usize> = (0..n)
            .filter(|&i| board.cells()[i] == Cell::Hidden)
            .collect();
        let certain_safe = hidden
            .iter()
            .any(|&c| all.layouts.iter().all(|l| !l.contains(&c)));
        if certain_safe {
            continue;
        }
        let Some(&target) = hidden.iter().find(|&&c| mines[c]) else {
            continue;
        };
        let mut conditioned = board.clone();
        conditioned.set_cell(
            conditioned.idx(target % width, target / width).unwrap(),
            Cell::HiddenSafe,
        );
        let reference: Vec<Vec<bool>> = enumerate_layouts(&conditioned)
            .unwrap()
            .layouts
            .iter()
            .map(|l| (0..n).map(|i| l.contains(&i)).collect())
            .collect();
        if !(4..=60).contains(&reference.len()) {
            continue;
        }
        out.push(ForcedGuess {
            game,
            target: (target % width, target / width),
            reference,
        });
    }
    out
}

/// The chi-square statistic of `draws` against the uniform distribution over `reference`,
/// and the critical value at significance 0.001 for its degrees of freedom (Wilson-Hilferty).
/// A draw outside the reference list fails at once.
fn chi_square(reference: &[Vec<bool>], draws: &[Vec<bool>]) -> Result<(f64, f64), String> {
    let mut counts = vec![0u64; reference.len()];
    for draw in draws {
        match reference.iter().position(|l| l == draw) {
            Some(i) => counts[i] += 1,
            None => return Err("a redraw is not a layout of the position".into()),
        }
    }
    let expected = draws.len() as f64 / reference.len() as f64;
    let stat: f64 = counts
        .iter()
        .map(|&c| (c as f64 - expected).powi(2) / expected)
        .sum();
    let df = (reference.len() - 1) as f64;
    let z = 3.090_232_306; // the 0.999 quantile of the standard normal
    let k = 2.0 / (9.0 * df);
    let critical = df * (1.0 - k + z * k.sqrt()).powi(3);
    Ok((stat, critical))
}

/// The redraws of the game itself: the guess played from a copy of the position, each copy
/// drawing from its own seed.
fn game_redraws(case: &ForcedGuess, draws: usize) -> Vec<Vec<bool>> {
    (0..draws as u64)
        .map(|i| {
            let mut game = case.game.clone().with_redraw_seed(derive_seed(4040, i));
            let outcome = game.reveal(case.target.0, case.target.1).unwrap();
            assert_ne!(outcome, MoveOutcome::Lost);
            game.last_redraw()
                .expect("a forced guess on a mine redraws")
                .to_vec()
        })
        .collect()
}

/// A deliberately biased redraw for the mutation check: uniform over the right layouts,
/// except that the first one is drawn twice as often.
fn biased_redraws(case: &ForcedGuess, draws: usize) -> Vec<Vec<bool>> {
    let mut rng = GameRng::new(4040);
    let k = case.reference.len() as u64;
    (0..draws)
        .map(|_| {
            let pick = rng.below(k + 1);
            case.reference[pick.saturating_sub(1) as usize].clone()
        })
        .collect()
}

#[test]
fn fair_redraws_are_exactly_uniform_and_a_biased_redraw_is_caught() {
    for (n, case) in forced_guesses(6).iter().enumerate() {
        let draws = 150 * case.reference.len();
        let (stat, critical) = chi_square(&case.reference, &game_redraws(case, draws)).unwrap();
        assert!(
            stat < critical,
            "position {n}: chi-square {stat:.1} over {critical:.1} ({} layouts)",
            case.reference.len()
        );
        // The mutation: the same test rejects a redraw with one layout twice as likely.
        let (stat, critical) = chi_square(&case.reference, &biased_redraws(case, draws)).unwrap();
        assert!(
            stat > critical,
            "position {n}: the biased redraw passed ({stat:.1} under {critical:.1})"
        );
    }
}

/// The modes the auto-player plays each expert game in.
const MODES: [GameMode; 3] = [GameMode::Normal, GameMode::Hardcore, GameMode::Fair];

/// Plays `games` expert games (seeds derived from 40) in each of [`MODES`] on two threads;
/// per game and mode, the won flag and the redraw count. The three games of one seed share a
/// memo of the player's moves ([`MoveMemo`]: they depend on the board alone), since they meet
/// the same positions: a hard-core game is the normal game until hard core ends it, and a Fair
/// game is the normal one until its first redraw. What each mode does to the game is its own
/// and not memoised.
fn expert_games(games: u64) -> Vec<[(bool, usize); 3]> {
    let player = PlayerConfig::new(Level::Full, FirstClickRule::Safe).tuned_for_density(480, 99);
    let play = |i: u64| {
        let mut memo = MoveMemo::new(player.clone());
        MODES.map(|mode| {
            let config =
                GameConfig::preset(Preset::Expert, FirstClickRule::Safe, derive_seed(40, i))
                    .with_mode(mode);
            let mut game = Game::new(config);
            let played =
                play_game_with(&mut game, &player, |board| memo.next_moves(board)).unwrap();
            (played.won, game.redraw_count())
        })
    };
    let play = &play;
    std::thread::scope(|scope| {
        let half = games / 2;
        let (lo, hi) = (
            scope.spawn(move || (0..half).map(play).collect::<Vec<_>>()),
            scope.spawn(move || (half..games).map(play).collect::<Vec<_>>()),
        );
        let mut all = lo.join().unwrap();
        all.extend(hi.join().unwrap());
        all
    })
}

#[test]
fn the_auto_player_wins_every_fair_game_and_hardcore_changes_no_result() {
    let games = 1000;
    let played = expert_games(games);
    let normal_wins = played.iter().filter(|g| g[0].0).count();
    assert!(normal_wins > 300 && normal_wins < 600, "{normal_wins}");
    for (i, [normal, hardcore, _]) in played.iter().enumerate() {
        assert_eq!(
            hardcore.0, normal.0,
            "game {i}: hard core changed the result"
        );
    }
    assert_eq!(played.iter().filter(|g| g[2].0).count(), games as usize);
    // Fair redrew in the games normal lost to a guess (and maybe in some it won).
    assert!(played.iter().map(|g| g[2].1).sum::<usize>() >= games as usize - normal_wins);
}

/// Plays a Fair game by forced guesses, recording it; the record and the final game.
fn recorded_fair_game(seed: u64) -> (GameRecord, Game) {
    let config = GameConfig::new(5, 4, 6, FirstClickRule::Safe, seed)
        .unwrap()
        .with_mode(GameMode::Fair);
    let mut game = Game::new(config);
    let mut builder = RecordBuilder::new();
    let mut rng = GameRng::new(seed);
    let mut t = 0;
    while !game.is_over() {
        // A random hidden cell: a guess (often needless, often forced).
        let hidden: Vec<_> = game
            .board()
            .indices()
            .filter(|&i| game.board().cell(i) == Cell::Hidden)
            .collect();
        let (x, y) = game
            .board()
            .xy(hidden[rng.below(hidden.len() as u64) as usize]);
        game.reveal(x, y).unwrap();
        builder.push(MoveOp::Reveal, x, y, t);
        if let Some(layout) = game.last_redraw() {
            builder.note_redraw(layout);
        }
        t += 100;
    }
    (
        builder
            .finish(&game, FirstClickRule::Safe, Some(seed.to_string()))
            .unwrap(),
        game,
    )
}

#[test]
fn a_fair_record_with_redraws_replays_to_the_same_final_board() {
    let mut with_redraws = 0;
    for seed in 0..40 {
        let (record, game) = recorded_fair_game(seed);
        assert_eq!(record.mode(), GameMode::Fair);
        assert_eq!(record.redraws().len(), game.redraw_count());
        with_redraws += usize::from(!record.redraws().is_empty());
        let replayed = record.final_game();
        assert_eq!(replayed.board(), game.board(), "seed {seed}");
        assert_eq!(replayed.state(), game.state());
        assert_eq!(replayed.layout(), game.layout());
        // The raw form reads back to the same record.
        assert_eq!(GameRecord::new(record.to_raw()).unwrap(), record);
        assert_eq!(record.to_raw().version, 2);
        // The statistics are those of the board solved: a won game solved all its 3BV.
        let stats = game_stats(&record);
        if game.state() == GameState::Won {
            assert_eq!(stats.bbbv_solved, stats.board.bbbv, "seed {seed}");
        }
    }
    assert!(with_redraws > 10, "only {with_redraws} games redrew");
}

#[test]
fn an_old_record_reads_as_a_normal_game_and_a_normal_one_is_written_as_version_1() {
    let raw = RawRecord {
        format: "mineseer-game".into(),
        version: 1,
        width: 2,
        height: 2,
        mines: 1,
        rule: "none".into(),
        seed: None,
        layout: vec![(0, 0)],
        moves: vec![mineseer_core::record::RawMove {
            op: "reveal".into(),
            x: 1,
            y: 1,
            t: 0,
        }],
        origin: None,
        mode: None,
        redraws: Vec::new(),
    };
    let record = GameRecord::new(raw.clone()).unwrap();
    assert_eq!(record.mode(), GameMode::Normal);
    assert_eq!(record.to_raw(), raw);
    let hard = record.with_mode(GameMode::Hardcore, &[]).unwrap();
    assert_eq!(hard.to_raw().version, 2);
    assert_eq!(hard.to_raw().mode.as_deref(), Some("hardcore"));
}

#[test]
fn redraws_that_do_not_fit_are_typed_errors() {
    let (record, _) = (0..40)
        .map(recorded_fair_game)
        .find(|(r, _)| !r.redraws().is_empty())
        .unwrap();
    let first = &record.redraws()[0];
    let moved = |f: &dyn Fn(&mut Vec<bool>)| {
        let mut mines = first.mines().to_vec();
        f(&mut mines);
        let mut raw = record.to_raw();
        raw.redraws[0].layout = (0..mines.len())
            .filter(|&i| mines[i])
            .map(|i| ((i % 5) as i64, (i / 5) as i64))
            .collect();
        GameRecord::new(raw).unwrap_err()
    };
    // A mine less.
    let err = moved(&|m| {
        let i = m.iter().position(|x| *x).unwrap();
        m[i] = false;
    });
    assert!(
        matches!(err.kind(), RecordErrorKind::RedrawDoesNotFit { .. }),
        "{err}"
    );
    assert!(err.to_string().contains("mines, the game 6"), "{err}");
    // The dealt layout itself put a mine under the guess.
    let mut raw = record.to_raw();
    raw.redraws[0].layout = raw.layout.clone();
    let err = GameRecord::new(raw).unwrap_err();
    assert!(err.to_string().contains("puts a mine on"), "{err}");
    // Off the board, twice, on a flag move, in a normal game, missing.
    let mut raw = record.to_raw();
    raw.redraws[0].layout[0] = (9, 9);
    assert!(GameRecord::new(raw)
        .unwrap_err()
        .to_string()
        .contains("outside the board"));
    let mut raw = record.to_raw();
    raw.redraws[0].layout[1] = raw.redraws[0].layout[0];
    assert!(GameRecord::new(raw)
        .unwrap_err()
        .to_string()
        .contains("twice"));
    let mut raw = record.to_raw();
    raw.redraws[0].move_index = 999;
    assert!(matches!(
        GameRecord::new(raw).unwrap_err().kind(),
        RecordErrorKind::RedrawMove { .. }
    ));
    let mut raw = record.to_raw();
    raw.mode = Some("normal".into());
    assert!(GameRecord::new(raw)
        .unwrap_err()
        .to_string()
        .contains("only a fair game"));
    let mut raw = record.to_raw();
    raw.redraws.clear();
    let err = GameRecord::new(raw).unwrap_err();
    assert!(err.to_string().contains("has no redraw"), "{err}");
    let mut raw = record.to_raw();
    raw.mode = Some("lucky".into());
    assert!(GameRecord::new(raw)
        .unwrap_err()
        .to_string()
        .contains("unknown game mode"));
    // A redraw at a move that needed none: the first reveal.
    let mut raw = record.to_raw();
    let r = raw.redraws[0].clone();
    raw.redraws.insert(
        0,
        mineseer_core::record::RawRedraw {
            move_index: 0,
            layout: r.layout,
        },
    );
    assert!(matches!(
        GameRecord::new(raw).unwrap_err().kind(),
        RecordErrorKind::RedrawNotNeeded { move_index: 0 }
    ));
}
