//! The review against positions replayed independently: seeded games played by a random
//! player who guesses, blunders, flags right and wrong, unflags, chords (safely and on wrong
//! flags) and clicks after the end. Each position is rebuilt by this file's own replay (the
//! game's moves called directly, flags taken off by hand) and analysed by the exact engine;
//! on small boards every safety, chord safety and count is also checked by brute force.

use crate::common;

use common::TestRng;
use mineseer_core::brute::enumerate_layouts;
use mineseer_core::dead::forced_guesses;

use mineseer_core::formats::{parse_mine, write_mine};
use mineseer_core::game::{FirstClickRule, Game, GameConfig, GameState};
use mineseer_core::record::{GameRecord, MoveOp, RecordMove};
use mineseer_core::review::{review_game, MoveKind, Review, ReviewConfig};
use mineseer_core::{
    solve_board, solve_endgame, Board, Cell, CellIdx, EndgameConfig, Fraction, SolveConfig,
};
use num_bigint::BigUint;
use num_traits::Zero;
use std::collections::BTreeMap;

/// Plays a game with a random player and returns its record.
fn random_game(rng: &mut TestRng, config: GameConfig, max_moves: usize) -> GameRecord {
    let mut game = Game::new(config);
    let (w, h) = (config.width(), config.height());
    let mut moves = Vec::new();
    let mut t = 0u64;
    let cell_at = |i: usize| (i % w, i / w);
    let first = rng.below((w * h) as u64) as usize;
    game.reveal(first % w, first / w).unwrap();
    moves.push(RecordMove {
        op: MoveOp::Reveal,
        x: first % w,
        y: first / w,
        t,
    });
    while !game.is_over() && moves.len() < max_moves {
        t += rng.below(3000);
        let board = game.board().clone();
        let seen = strip(&board);
        let analysis = solve_board(&seen, &SolveConfig::default()).unwrap();
        let of = |pred: &dyn Fn(Cell) -> bool| -> Vec<usize> {
            (0..board.len())
                .filter(|&i| pred(board.cell(CellIdx(i as u32))))
                .collect()
        };
        let hidden = of(&|c| c == Cell::Hidden);
        let flags = of(&|c| c == Cell::Flag);
        let numbers = of(&|c| matches!(c, Cell::Revealed(n) if n > 0));
        let revealed = of(&|c| matches!(c, Cell::Revealed(_)));
        let p = |i: usize| analysis.probability_exact(CellIdx(i as u32)).unwrap();
        let front: Vec<usize> = hidden
            .iter()
            .copied()
            .filter(|&i| {
                board
                    .neighbours(CellIdx(i as u32))
                    .any(|n| matches!(board.cell(n), Cell::Revealed(_)))
            })
            .collect();
        let chordable: Vec<usize> = numbers
            .iter()
            .copied()
            .filter(|&i| {
                let around = || board.neighbours(CellIdx(i as u32)).map(|n| board.cell(n));
                let flags = around().filter(|&c| c == Cell::Flag).count();
                let Cell::Revealed(n) = board.cell(CellIdx(i as u32)) else {
                    return false;
                };
                flags == n as usize && around().any(|c| c == Cell::Hidden)
            })
            .collect();
        let certain: Vec<usize> = hidden
            .iter()
            .copied()
            .filter(|&i| p(i).numer().is_zero())
            .collect();
        let mines: Vec<usize> = hidden
            .iter()
            .copied()
            .filter(|&i| p(i).numer() == p(i).denom())
            .collect();
        let pick = |rng: &mut TestRng, v: &[usize]| v[rng.below(v.len() as u64) as usize];
        let roll = rng.below(100);
        let (op, i) = if roll < 45 && !certain.is_empty() {
            (MoveOp::Reveal, pick(rng, &certain))
        } else if roll < 58 && !hidden.is_empty() {
            (MoveOp::Reveal, pick(rng, &hidden))
        } else if roll < 66 && !mines.is_empty() {
            (MoveOp::Flag, pick(rng, &mines))
        } else if roll < 76 && !front.is_empty() {
            // A flag on the front, right or wrong: wrong ones make risky chords.
            (MoveOp::Flag, pick(rng, &front))
        } else if roll < 79 && !flags.is_empty() {
            (MoveOp::Unflag, pick(rng, &flags))
        } else if roll < 86 && !chordable.is_empty() {
            (MoveOp::Chord, pick(rng, &chordable))
        } else if roll < 90 && !numbers.is_empty() {
            (MoveOp::Chord, pick(rng, &numbers))
        } else if roll < 95 && !revealed.is_empty() {
            (MoveOp::Reveal, pick(rng, &revealed))
        } else if !flags.is_empty() {
            // A left click on a flag does nothing.
            (MoveOp::Reveal, pick(rng, &flags))
        } else {
            (MoveOp::Chord, pick(rng, &revealed))
        };
        let (x, y) = cell_at(i);
        match op {
            MoveOp::Reveal => drop(game.reveal(x, y).unwrap()),
            MoveOp::Flag | MoveOp::Unflag => drop(game.toggle_flag(x, y).unwrap()),
            MoveOp::Chord => drop(game.chord(x, y).unwrap()),
        }
        moves.push(RecordMove { op, x, y, t });
    }
    // Two clicks after the end.
    for _ in 0..2 {
        let i = rng.below((w * h) as u64) as usize;
        moves.push(RecordMove {
            op: MoveOp::Reveal,
            x: i % w,
            y: i / w,
            t,
        });
    }
    GameRecord::from_parts(
        w,
        h,
        game.layout().unwrap(),
        config.rule(),
        Some(config.seed().to_string()),
        &moves,
    )
    .unwrap()
}

fn strip(board: &Board) -> Board {
    let mut seen = board.clone();
    for idx in board.indices() {
        if board.cell(idx) == Cell::Flag {
            seen.set_cell(idx, Cell::Hidden);
        }
    }
    seen
}

fn one_minus(p: &Fraction) -> Fraction {
    Fraction::new(p.denom() - p.numer(), p.denom().clone())
}

fn product(values: &[Fraction]) -> Fraction {
    values.iter().fold(Fraction::from_integer(1), |acc, f| {
        Fraction::new(acc.numer() * f.numer(), acc.denom() * f.denom())
    })
}

/// The chance that every cell of `targets` is safe, by the chain rule: each cell's safety
/// given the ones before it marked safe.
fn chain_safety(seen: &Board, targets: &[CellIdx]) -> Fraction {
    let mut marked = seen.clone();
    let mut factors = Vec::new();
    for &t in targets {
        let Ok(analysis) = solve_board(&marked, &SolveConfig::default()) else {
            return Fraction::from_integer(0);
        };
        factors.push(one_minus(&analysis.probability_exact(t).unwrap()));
        marked.set_cell(t, Cell::HiddenSafe);
    }
    product(&factors)
}

/// What brute force says: (layouts, layouts with all of `targets` safe).
fn brute_safe(seen: &Board, targets: &[CellIdx]) -> Option<(usize, usize)> {
    let brute = enumerate_layouts(seen)?;
    let safe = brute
        .layouts
        .iter()
        .filter(|l| targets.iter().all(|t| !l.contains(&t.get())))
        .count();
    Some((brute.layouts.len(), safe))
}

/// The win chance of revealing `(x, y)` in `seen` (the review's view: flags taken off, so a
/// cell a flag kept from an opening can be hidden beside a 0) and playing best after, by its
/// definition: on every consistent layout the position is reached (such cells flagged while
/// the 0s are revealed, then unflagged) and the cell revealed, and the wins of the positions
/// that follow (each the endgame solver's win chance times the layouts that lead to it) are
/// summed.
fn win_of_reveal(seen: &Board, (x, y): (usize, usize)) -> Fraction {
    let brute = enumerate_layouts(seen).expect("a small board");
    let mut kept = seen.clone();
    for idx in seen.indices() {
        if seen.cell(idx) == Cell::Revealed(0) {
            for n in seen.neighbours(idx) {
                if seen.cell(n) == Cell::Hidden {
                    kept.set_cell(n, Cell::Flag);
                }
            }
        }
    }
    let mut wins = BigUint::zero();
    let mut after: BTreeMap<String, u64> = BTreeMap::new();
    for layout in &brute.layouts {
        let mut mask = vec![false; seen.len()];
        for &m in layout {
            mask[m] = true;
        }
        let mut game = Game::at_position(&kept, mask).expect("a layout of the position");
        for idx in kept.indices() {
            if kept.cell(idx) == Cell::Flag {
                let (fx, fy) = kept.xy(idx);
                game.toggle_flag(fx, fy).unwrap();
            }
        }
        game.reveal(x, y).unwrap();
        match game.state() {
            GameState::Won => wins += 1u32,
            GameState::Lost => {}
            GameState::Playing => *after.entry(write_mine(game.board())).or_default() += 1,
        }
    }
    for (position, layouts) in after {
        let board = parse_mine(&position).unwrap();
        let endgame = solve_endgame(&board, &EndgameConfig::default()).unwrap();
        let win = endgame.win().expect("a small position");
        let scaled = win.numer() * BigUint::from(layouts);
        assert!(
            (&scaled % win.denom()).is_zero(),
            "its layouts, {layouts}, all lead to it"
        );
        wins += scaled / win.denom();
    }
    Fraction::new(wins, BigUint::from(brute.layouts.len()))
}

/// Replays the record with the game's own moves and checks every entry of the review.
/// Returns how many moves of each interesting kind were checked.
fn check_review(record: &GameRecord, review: &Review, brute_every: bool) -> [usize; 8] {
    assert_eq!(review.moves.len(), record.moves().len());
    let config = ReviewConfig::default();
    let mut game =
        Game::from_layout(record.width(), record.height(), record.mines().to_vec()).unwrap();
    let mut started = false;
    let mut risky = Vec::new();
    let mut best_of_risky = Vec::new();
    let mut seen_kinds = [0usize; 8];
    let mut seen_forced = 0;
    for (i, (mv, got)) in record.moves().iter().zip(&review.moves).enumerate() {
        assert_eq!(got.played, *mv);
        let at = |x, y| game.board().idx(x, y).unwrap();
        let idx = at(mv.x, mv.y);
        let cell = game.board().cell(idx);
        let over = game.state() != GameState::Playing;
        let targets: Vec<CellIdx> = match cell {
            Cell::Revealed(n) => {
                let around: Vec<CellIdx> = game.board().neighbours(idx).collect();
                let flags = around
                    .iter()
                    .filter(|&&c| game.board().cell(c) == Cell::Flag)
                    .count();
                if flags == n as usize {
                    around
                        .into_iter()
                        .filter(|&c| game.board().cell(c) == Cell::Hidden)
                        .collect()
                } else {
                    Vec::new()
                }
            }
            _ => Vec::new(),
        };
        let acts = !over
            && match mv.op {
                MoveOp::Reveal | MoveOp::Flag => cell == Cell::Hidden,
                MoveOp::Unflag => cell == Cell::Flag,
                MoveOp::Chord => !targets.is_empty(),
            };
        let context = format!("move {i} {mv:?}");
        if !acts {
            assert_eq!(got.kind, MoveKind::NoOp, "{context}");
            assert!(got.safety.is_none(), "{context}");
            continue;
        }
        if mv.op == MoveOp::Reveal && !started {
            started = true;
            assert_eq!(got.kind, MoveKind::First, "{context}");
            game.reveal(mv.x, mv.y).unwrap();
            continue;
        }
        let seen = strip(game.board());
        let analysis = solve_board(&seen, &SolveConfig::default()).unwrap();
        let p = |c: CellIdx| analysis.probability_exact(c).unwrap();
        let unrevealed: Vec<CellIdx> = seen
            .indices()
            .filter(|&c| seen.cell(c) == Cell::Hidden)
            .collect();
        let safe_cells = unrevealed
            .iter()
            .filter(|&&c| p(c).numer().is_zero())
            .count();
        let best = unrevealed
            .iter()
            .map(|&c| one_minus(&p(c)))
            .max_by(|a, b| (a.numer() * b.denom()).cmp(&(b.numer() * a.denom())))
            .unwrap();
        match mv.op {
            MoveOp::Flag => {
                let certain = p(idx).numer() == p(idx).denom();
                let expected = if certain {
                    MoveKind::Flag
                } else {
                    MoveKind::FlagGuess
                };
                assert_eq!(got.kind, expected, "{context}");
                seen_kinds[5] += usize::from(!certain);
                game.toggle_flag(mv.x, mv.y).unwrap();
            }
            MoveOp::Unflag => {
                assert_eq!(got.kind, MoveKind::Unflag, "{context}");
                game.toggle_flag(mv.x, mv.y).unwrap();
            }
            MoveOp::Reveal | MoveOp::Chord => {
                let safety = if mv.op == MoveOp::Reveal {
                    one_minus(&p(idx))
                } else {
                    chain_safety(&seen, &targets)
                };
                let cells = if mv.op == MoveOp::Reveal {
                    vec![idx]
                } else {
                    targets.clone()
                };
                if brute_every {
                    let (all, safe) = brute_safe(&seen, &cells).expect("a small board");
                    assert_eq!(
                        safety,
                        Fraction::new(BigUint::from(safe), BigUint::from(all)),
                        "{context}: engine against brute force"
                    );
                }
                assert_eq!(got.safety.as_ref(), Some(&safety), "{context}");
                assert_eq!(got.best_safety.as_ref(), Some(&best), "{context}");
                let (bx, by) = got.best.unwrap();
                assert_eq!(one_minus(&p(at(bx, by))), best, "{context}: the best cell");
                assert_eq!(got.safe_available, Some(safe_cells), "{context}");
                let certain = safety.numer() == safety.denom();
                let expected = match mv.op {
                    MoveOp::Chord => MoveKind::Chord,
                    _ if certain => MoveKind::Certain,
                    _ if safety.numer().is_zero() => MoveKind::Mine,
                    _ if safe_cells > 0 => MoveKind::Blunder,
                    _ => MoveKind::Guess,
                };
                assert_eq!(got.kind, expected, "{context}");
                let forced = expected == MoveKind::Guess
                    && forced_guesses(&seen, &analysis, &SolveConfig::default())
                        .unwrap()
                        .iter()
                        .any(|g| g.cells().contains(&idx));
                assert_eq!(got.forced, forced, "{context}: forced");
                seen_forced += usize::from(forced);
                if !certain {
                    risky.push(safety.clone());
                    best_of_risky.push(best.clone());
                }
                match expected {
                    MoveKind::Guess => seen_kinds[0] += 1,
                    MoveKind::Blunder => seen_kinds[1] += 1,
                    MoveKind::Chord if !certain => seen_kinds[2] += 1,
                    MoveKind::Chord => seen_kinds[3] += 1,
                    _ => {}
                }
                // The win chance before the move, where the endgame solver answers.
                let small = analysis.solutions() <= &BigUint::from(config.endgame.max_layouts);
                let expected_win = if small {
                    solve_endgame(&seen, &config.endgame)
                        .unwrap()
                        .win()
                        .cloned()
                } else {
                    None
                };
                assert_eq!(got.win_before, expected_win, "{context}: win before");
                seen_kinds[4] += usize::from(expected_win.is_some());
                // The move's own win chance: for a reveal where the solver answered, by the
                // definition on small boards, and never more than best play's.
                match (&expected_win, mv.op) {
                    (Some(win), MoveOp::Reveal) => {
                        let value = got.win_move.as_ref().expect("small positions are valued");
                        assert!(value.numer() * win.denom() <= win.numer() * value.denom());
                        if got.win_best == Some((mv.x, mv.y)) {
                            assert_eq!(value, win, "{context}: the best move wins best");
                        }
                        if brute_every {
                            let expected = win_of_reveal(&seen, (mv.x, mv.y));
                            assert_eq!(value, &expected, "{context}: the move's win chance");
                            seen_kinds[7] += usize::from(value != win);
                        }
                    }
                    _ => assert_eq!(got.win_move, None, "{context}: no move value"),
                }
                if mv.op == MoveOp::Reveal {
                    game.reveal(mv.x, mv.y).unwrap();
                } else {
                    game.chord(mv.x, mv.y).unwrap();
                }
                let expected_after = match game.state() {
                    GameState::Won => Some(Fraction::from_integer(1)),
                    GameState::Lost => Some(Fraction::from_integer(0)),
                    GameState::Playing => {
                        let next = strip(game.board());
                        let n = solve_board(&next, &SolveConfig::default()).unwrap();
                        if n.solutions() <= &BigUint::from(config.endgame.max_layouts) {
                            solve_endgame(&next, &config.endgame)
                                .unwrap()
                                .win()
                                .cloned()
                        } else {
                            None
                        }
                    }
                };
                assert_eq!(got.win_after, expected_after, "{context}: win after");
            }
        }
    }
    let count = |k| review.moves.iter().filter(|m| m.kind == k).count();
    assert_eq!(review.guesses, count(MoveKind::Guess));
    assert_eq!(review.blunders, count(MoveKind::Blunder));
    assert_eq!(review.luck, product(&risky), "luck");
    let bests = product(&best_of_risky);
    let accuracy = if bests.numer().is_zero() {
        Fraction::from_integer(0)
    } else {
        let luck = product(&risky);
        Fraction::new(luck.numer() * bests.denom(), luck.denom() * bests.numer())
    };
    assert_eq!(review.accuracy, accuracy, "accuracy");
    seen_kinds[6] = seen_forced;
    seen_kinds
}

#[test]
fn small_games_match_the_engine_and_brute_force() {
    let mut rng = TestRng::new(2026);
    let mut totals = [0usize; 8];
    for game_no in 0..1200u64 {
        let (w, h) = [(5, 5), (6, 4), (4, 4), (7, 3)][(game_no % 4) as usize];
        let mines = 3 + rng.below(4) as usize;
        let rule = [
            FirstClickRule::Safe,
            FirstClickRule::None,
            FirstClickRule::Opening,
        ][(game_no % 3) as usize];
        let Ok(config) = GameConfig::new(w, h, mines, rule, game_no) else {
            continue;
        };
        let record = random_game(&mut rng, config, 60);
        let review = review_game(&record, &ReviewConfig::default()).unwrap();
        let kinds = check_review(&record, &review, true);
        for (t, k) in totals.iter_mut().zip(kinds) {
            *t += k;
        }
    }
    assert!(totals[6] > 0, "no guess in a forced guess was checked");
    assert!(
        totals[7] >= 20,
        "only {} reveals below best play",
        totals[7]
    );
    // The games exercised what they are meant to.
    for (name, count) in [
        "guesses",
        "blunders",
        "risky chords",
        "safe chords",
        "win chances",
        "flag guesses",
    ]
    .iter()
    .zip(totals)
    {
        assert!(count >= 20, "only {count} {name} in {totals:?}");
    }
}

#[test]
fn preset_games_match_the_engine() {
    let mut rng = TestRng::new(99);
    let mut totals = [0usize; 8];
    for game_no in 0..36u64 {
        let (w, h, m) = [(9, 9, 10), (16, 16, 40), (30, 16, 99)][(game_no % 3) as usize];
        let rule = [FirstClickRule::Safe, FirstClickRule::Opening][(game_no / 3 % 2) as usize];
        let config = GameConfig::new(w, h, m, rule, game_no).unwrap();
        let record = random_game(&mut rng, config, 250);
        let review = review_game(&record, &ReviewConfig::default()).unwrap();
        let kinds = check_review(&record, &review, false);
        for (t, k) in totals.iter_mut().zip(kinds) {
            *t += k;
        }
    }
    for (name, count) in ["guesses", "blunders", "risky chords", "safe chords"]
        .iter()
        .zip(totals)
    {
        assert!(count >= 5, "only {count} {name} in {totals:?}");
    }
}

#[test]
fn a_review_by_hand() {
    // 5x1 with a mine in the middle: the first reveal at the left opens (0,0) and shows the
    // 1 at (1,0), so (2,0) is certainly a mine and the two cells right of it certainly safe.
    let mv = |op, x, t| RecordMove { op, x, y: 0, t };
    let record = GameRecord::from_parts(
        5,
        1,
        &[false, false, true, false, false],
        FirstClickRule::Safe,
        None,
        &[
            mv(MoveOp::Reveal, 0, 0),
            mv(MoveOp::Flag, 2, 400),
            mv(MoveOp::Flag, 3, 700),
            mv(MoveOp::Unflag, 3, 900),
            mv(MoveOp::Chord, 1, 1000),
            mv(MoveOp::Reveal, 4, 1500),
            mv(MoveOp::Reveal, 0, 1800),
        ],
    )
    .unwrap();
    let review = review_game(&record, &ReviewConfig::default()).unwrap();
    let kinds: Vec<&str> = review.moves.iter().map(|m| m.kind.name()).collect();
    assert_eq!(
        kinds,
        [
            "first",
            "flag",
            "flag-guess",
            "unflag",
            "no-op",
            "certain",
            "no-op"
        ]
    );
    let certain = &review.moves[5];
    assert_eq!(certain.safety, Some(Fraction::from_integer(1)));
    assert_eq!(certain.safe_available, Some(2));
    assert_eq!(certain.win_before, Some(Fraction::from_integer(1)));
    assert_eq!(certain.win_after, Some(Fraction::from_integer(1)));
    let stats = &review.stats;
    assert_eq!(
        (stats.result.name(), stats.board.bbbv, stats.board.openings),
        ("won", 2, 2)
    );
    assert_eq!(
        (
            stats.clicks.left,
            stats.clicks.right,
            stats.clicks.chord,
            stats.clicks.effective()
        ),
        (2, 3, 1, 5)
    );
    assert_eq!(stats.time_ms, 1500);
    assert_eq!(stats.efficiency(), Some(2.0 / 6.0));
    assert_eq!((review.guesses, review.blunders), (0, 0));
    assert_eq!(review.luck, Fraction::from_integer(1));
    assert_eq!(review.accuracy, Fraction::from_integer(1));
}

#[test]
fn random_records_review_without_panics_and_agree_with_the_click_counts() {
    let mut rng = TestRng::new(404);
    let ops = [MoveOp::Reveal, MoveOp::Flag, MoveOp::Unflag, MoveOp::Chord];
    for case in 0..1500 {
        let (w, h) = (1 + rng.below(6) as usize, 1 + rng.below(5) as usize);
        let mines: Vec<bool> = (0..w * h).map(|_| rng.chance(25)).collect();
        let moves: Vec<RecordMove> = (0..rng.below(30))
            .map(|t| RecordMove {
                op: ops[rng.below(4) as usize],
                x: rng.below(w as u64) as usize,
                y: rng.below(h as u64) as usize,
                t,
            })
            .collect();
        let record =
            GameRecord::from_parts(w, h, &mines, FirstClickRule::None, None, &moves).unwrap();
        let review = review_game(&record, &ReviewConfig::default())
            .unwrap_or_else(|e| panic!("case {case}: {e}"));
        assert_eq!(review.moves.len(), moves.len(), "case {case}");
        let acted = review
            .moves
            .iter()
            .filter(|m| m.kind != MoveKind::NoOp)
            .count();
        assert_eq!(acted, review.stats.clicks.effective(), "case {case}");
        assert!(review.stats.clicks.total() <= moves.len(), "case {case}");
    }
}
