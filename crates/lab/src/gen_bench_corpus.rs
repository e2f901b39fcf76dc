//! Generates the benchmark corpora in `benches/corpus/`, 100 positions each:
//! - `beginner`, `intermediate`, `expert`, `expert-hard`: positions from games played on
//!   9x9/10, 16x16/40 and 30x16/99 by a simple player (every certain cell, else the safest
//!   guess), recorded before every guess. "Hard" expert positions are those whose fronts hold
//!   40 to 100 cells.
//! - `expert-guesses` (issue 39): the positions in which the full-level player, as `mineseer
//!   play --preset expert` plays (the safe first click, settings tuned for the density, no
//!   flags), is about to take a risk (a guess, a forced guess or an endgame move), from the
//!   games of seed 20261128 (game `i` on `derive_seed(20261128, i)`, as `mineseer play
//!   --seed 20261128` deals them): 100 evenly spaced over every such position of its first
//!   100 games.
//!
//! Run: `cargo run --release -p mineseer-lab -- gen-bench-corpus [NAME ...]` (the named
//! corpora, all five without a name). It is deterministic (fixed seeds, and the players' moves
//! depend only on exact probabilities), so the committed corpora can be regenerated.

use std::fmt::Write as _;

use mineseer_core::formats::write_mine;
use mineseer_core::game::{FirstClickRule, Game, GameConfig, GameState, Preset};
use mineseer_core::player::{next_moves, Level, PlayerConfig, Reason};
use mineseer_core::rng::derive_seed;
use mineseer_core::{solve_board, Board, Cell, CellIdx, SolveConfig};

use crate::shared::series::play_batch;

const USAGE: &str =
    "usage: gen-bench-corpus [NAME ...], NAME beginner, intermediate, expert, expert-hard or expert-guesses";
/// Every corpus this tool makes, in the order it makes them.
const CORPORA: [&str; 5] = [
    "beginner",
    "intermediate",
    "expert",
    "expert-hard",
    "expert-guesses",
];
/// The fifth corpus's series: its master seed (chosen on 2026-11-28, before any engine
/// change was measured on it) and its number of games.
const GUESSES_SEED: u64 = 20261128;
const GUESSES_GAMES: u64 = 100;
/// Positions per corpus.
const KEEP: usize = 100;

pub(crate) struct SplitMix64(pub(crate) u64);

impl SplitMix64 {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// Reveals `start` and floods zeros. Returns false when `start` is a mine.
fn reveal(board: &mut Board, is_mine: &[bool], start: CellIdx) -> bool {
    if is_mine[start.get()] {
        return false;
    }
    let mut stack = vec![start];
    while let Some(idx) = stack.pop() {
        if !board.cell(idx).is_unrevealed() {
            continue;
        }
        let n = board.neighbours(idx).filter(|m| is_mine[m.get()]).count() as u8;
        board.set_cell(idx, Cell::Revealed(n));
        if n == 0 {
            stack.extend(board.neighbours(idx));
        }
    }
    true
}

/// Plays one game (also for `hint-times`), pushing the position before every guess into `out` with its front size.
pub(crate) fn play(
    rng: &mut SplitMix64,
    width: usize,
    height: usize,
    mines: usize,
    out: &mut Vec<(usize, Board)>,
) {
    let mut board = Board::new(width, height, mines).expect("preset sizes are valid");
    let first = board.idx(0, 0).expect("corner");
    let mut cells: Vec<usize> = (1..width * height).collect();
    let mut is_mine = vec![false; width * height];
    for i in 0..mines {
        let j = i + rng.below(cells.len() - i);
        cells.swap(i, j);
        is_mine[cells[i]] = true;
    }
    reveal(&mut board, &is_mine, first);
    loop {
        let Ok(analysis) = solve_board(&board, &SolveConfig::default()) else {
            return;
        };
        let unrevealed: Vec<CellIdx> = board
            .indices()
            .filter(|&i| board.cell(i).is_unrevealed())
            .collect();
        if unrevealed.len() == mines {
            return;
        }
        let safe: Vec<CellIdx> = unrevealed
            .iter()
            .copied()
            .filter(|&i| analysis.probability(i) == Some(0.0))
            .collect();
        if !safe.is_empty() {
            for idx in safe {
                reveal(&mut board, &is_mine, idx);
            }
            continue;
        }
        out.push((analysis.stats().front_cells, board.clone()));
        let guess = unrevealed
            .iter()
            .copied()
            .min_by(|&a, &b| {
                analysis
                    .probability(a)
                    .partial_cmp(&analysis.probability(b))
                    .expect("finite")
            })
            .expect("an unrevealed safe cell exists");
        if !reveal(&mut board, &is_mine, guess) {
            return;
        }
    }
}

/// The positions before each risky move of the full-level player in `games` expert games of
/// the series `seed`: where the batch it plays next starts with a guess (of safety below 1),
/// a forced guess or an endgame move, which is how `play_efficiently` tells a risky move.
fn full_player_guesses(seed: u64, games: u64) -> Vec<Board> {
    let rule = FirstClickRule::Safe;
    let (width, height, mines) = Preset::Expert.dimensions();
    let player = PlayerConfig::new(Level::Full, rule).tuned_for_density(width * height, mines);
    let mut positions = Vec::new();
    for i in 0..games {
        let mut game = Game::new(GameConfig::preset(
            Preset::Expert,
            rule,
            derive_seed(seed, i),
        ));
        while game.state() == GameState::Playing {
            let batch = next_moves(game.board(), &player).expect("the engine handles every game");
            let Some(first) = batch.first() else { break };
            let risky = match first.reason {
                Reason::Guess { safety } | Reason::ForcedGuess { safety } => safety < 1.0,
                Reason::Endgame { .. } => true,
                Reason::Opening | Reason::Certain => false,
            };
            if risky {
                positions.push(game.board().clone());
            }
            play_batch(&mut game, &batch);
        }
    }
    positions
}

/// `keep` positions taken every `len / keep`-th from the first, as the four simple-player
/// corpora were made (the rounding leaves out the tail of the games).
fn every_step(all: &[Board], keep: usize) -> Vec<Board> {
    let step = (all.len() / keep).max(1);
    all.iter().step_by(step).take(keep).cloned().collect()
}

/// `keep` positions evenly spaced over all of `all`, first to last: position `i * len / keep`.
fn evenly_spaced(all: &[Board], keep: usize) -> Vec<Board> {
    (0..keep)
        .map(|i| all[i * all.len() / keep].clone())
        .collect()
}

/// A corpus file's text: the positions as `.mine`, each followed by a blank line.
fn corpus_text(positions: &[Board]) -> String {
    let mut text = String::new();
    for board in positions {
        let _ = writeln!(text, "{}", write_mine(board));
    }
    text
}

fn write_corpus(name: &str, positions: &[Board]) {
    let path = format!("{}/benches/corpus/{name}.txt", crate::CORE_DIR);
    std::fs::write(&path, corpus_text(positions)).expect("the corpus folder is writable");
    println!("{path}: {} positions", positions.len());
}

pub fn run(args: Vec<String>) {
    let names: Vec<&str> = if args.len() > 1 {
        args[1..].iter().map(String::as_str).collect()
    } else {
        CORPORA.to_vec()
    };
    for name in &names {
        assert!(CORPORA.contains(name), "{name:?} is no corpus\n{USAGE}");
    }
    let wanted = |name: &str| names.contains(&name);
    std::fs::create_dir_all(format!("{}/benches/corpus", crate::CORE_DIR)).expect("mkdir");
    // The four simple-player corpora come from one random stream, in this order, so each is
    // made (and only the named ones written) to keep the others as they were.
    let mut rng = SplitMix64(20261125);
    for (name, width, height, mines, games) in [
        ("beginner", 9, 9, 10, 200),
        ("intermediate", 16, 16, 40, 100),
        ("expert", 30, 16, 99, 60),
    ] {
        if !CORPORA[..4].iter().any(|&n| wanted(n)) {
            break;
        }
        let mut all = Vec::new();
        for _ in 0..games {
            play(&mut rng, width, height, mines, &mut all);
        }
        if wanted(name) {
            let boards: Vec<Board> = all.iter().map(|(_, b)| b.clone()).collect();
            write_corpus(name, &every_step(&boards, KEEP));
        }
        if name == "expert" && wanted("expert-hard") {
            let mut hard = Vec::new();
            while hard.len() < KEEP {
                play(&mut rng, width, height, mines, &mut all);
                hard.extend(
                    all.drain(..)
                        .filter(|(f, _)| (40..=100).contains(f))
                        .map(|(_, b)| b),
                );
            }
            hard.truncate(KEEP);
            write_corpus("expert-hard", &hard);
        }
    }
    if wanted("expert-guesses") {
        let all = full_player_guesses(GUESSES_SEED, GUESSES_GAMES);
        assert!(all.len() >= KEEP, "only {} guess positions", all.len());
        eprintln!(
            "expert-guesses: {} risky positions in {GUESSES_GAMES} games of seed {GUESSES_SEED}",
            all.len()
        );
        write_corpus("expert-guesses", &evenly_spaced(&all, KEEP));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The committed fifth corpus is what its generator makes: the full player's games on its
    /// seed are unchanged (a change of the engine that moved one of its moves would fail here).
    #[test]
    fn expert_guesses_is_made_again_byte_for_byte() {
        let all = full_player_guesses(GUESSES_SEED, GUESSES_GAMES);
        let committed = std::fs::read_to_string(format!(
            "{}/benches/corpus/expert-guesses.txt",
            crate::CORE_DIR
        ))
        .expect("the corpus is committed");
        assert_eq!(all.len(), 299);
        assert!(corpus_text(&evenly_spaced(&all, KEEP)) == committed);
    }

    #[test]
    fn evenly_spaced_reaches_the_end() {
        let boards: Vec<Board> = (1..=8)
            .map(|w| Board::new(w, 1, 0).expect("a board"))
            .collect();
        let widths: Vec<usize> = evenly_spaced(&boards, 3).iter().map(Board::width).collect();
        assert_eq!(widths, [1, 3, 6]);
        let widths: Vec<usize> = every_step(&boards, 3).iter().map(Board::width).collect();
        assert_eq!(widths, [1, 3, 5]);
    }
}
