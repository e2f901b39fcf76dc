//! Rollouts on close calls (issue 16, "beyond JSMinesweeper"), played by the endgame
//! estimate's rollouts ([`crate::estimate`]): when the two best guesses
//! score within a hair ([`PlayerConfig::rollout_margin`]), layouts are drawn exactly
//! uniformly ([`crate::sample`]) and each is played to the end with the fast player after
//! each of the two guesses. The same layouts serve both guesses (common random numbers), so
//! only the layouts where the two differ decide. A rollout is whole games of the fast player,
//! so the number of layouts ([`PlayerConfig::rollouts`]) is set by the CPU budget.
//! [`PlayerConfig::rollout_full_player`] plays them with the player itself instead (its
//! rollouts off), at several times the cost.
//!
//! Off by default: no setting tried won more paired games than noise (docs/BENCHMARKS.md).

use super::{Level, PlayerConfig, ScoredGuess};
use crate::board::{Board, Cell};
use crate::estimate::{Rollouts, Tally};
use crate::game::FirstClickRule;
use crate::probability::Analysis;
use crate::sample::LayoutSampler;

/// Settles a close call between two guesses by rollouts ([`PlayerConfig::rollouts`]) of the
/// endgame estimate ([`crate::estimate::Rollouts`], the one rollout implementation): each
/// drawn layout is played to the end with the fast player after `chosen` and after `other`
/// (the same layouts for both, so only the games where the two differ count), and `other`
/// is played only when it wins strictly more. The draws are seeded by the position, so a
/// game replays the same. When the layouts cannot be drawn, `chosen` stays.
pub(super) fn settle(
    board: &Board,
    analysis: &Analysis,
    config: &PlayerConfig,
    chosen: ScoredGuess,
    other: ScoredGuess,
) -> ScoredGuess {
    let Ok(sampler) = LayoutSampler::new(board, analysis, &config.solve) else {
        return chosen;
    };
    let player = if config.rollout_full_player {
        // The player itself, without rollouts of its own (they would nest).
        PlayerConfig {
            rollouts: 0,
            ..config.clone()
        }
    } else {
        PlayerConfig::new(Level::Fast, FirstClickRule::None)
    };
    let cells = vec![board.xy(chosen.idx), board.xy(other.idx)];
    let rollouts = Rollouts::of_cells(board, cells, player, position_seed(board), sampler);
    let mut tally = Tally::new(2);
    rollouts.play(0..u64::from(config.rollouts), &mut tally);
    if tally.wins(1) > tally.wins(0) {
        other
    } else {
        chosen
    }
}

/// A seed from the position (FNV-1a over its cells and size), so the rollouts of a position
/// are the same every time it is met.
pub(super) fn position_seed(board: &Board) -> u64 {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    let mut eat = |byte: u8| {
        hash ^= u64::from(byte);
        hash = hash.wrapping_mul(0x0100_0000_01b3);
    };
    for n in [board.width(), board.height(), board.mines()] {
        n.to_le_bytes().into_iter().for_each(&mut eat);
    }
    for cell in board.cells() {
        eat(match cell {
            Cell::Hidden | Cell::HiddenMine | Cell::HiddenSafe => 9,
            Cell::Flag => 10,
            Cell::Revealed(n) => *n,
        });
    }
    hash
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::CellIdx;
    use crate::brute::enumerate_layouts;
    use crate::game::{Game, GameConfig, GameState};
    use crate::player::next_moves;
    use crate::probability::{solve_board, SolveConfig};
    use crate::rng::GameRng;

    /// Positions of real games on small boards, stopped after a few turns of the fast
    /// player, while still playing.
    fn game_positions() -> Vec<Board> {
        let mut positions = Vec::new();
        let fast = PlayerConfig::new(Level::Fast, FirstClickRule::Safe);
        for seed in 0..600u64 {
            let (width, height, mines) =
                [(6, 5, 6), (5, 5, 5), (7, 4, 7), (6, 6, 8)][seed as usize % 4];
            let config = GameConfig::new(width, height, mines, FirstClickRule::Safe, seed).unwrap();
            let mut game = Game::new(config);
            let stop = 1 + seed % 5;
            for _ in 0..stop {
                let Ok(moves) = next_moves(game.board(), &fast) else {
                    break;
                };
                for mv in moves {
                    let _ = game.reveal(mv.x, mv.y);
                }
                if game.state() != GameState::Playing {
                    break;
                }
            }
            if game.state() == GameState::Playing {
                positions.push(game.board().clone());
            }
        }
        positions
    }

    #[test]
    fn drawn_layouts_replay_the_position_by_brute_force() {
        let (mut checked, mut layouts_seen) = (0, 0);
        for board in game_positions() {
            let analysis = solve_board(&board, &SolveConfig::default()).unwrap();
            let Some(brute) = enumerate_layouts(&board) else {
                continue;
            };
            let sampler = LayoutSampler::new(&board, &analysis, &SolveConfig::default()).unwrap();
            let mut rng = GameRng::new(position_seed(&board));
            for _ in 0..8 {
                let layout = sampler.draw(&mut rng);
                // The draw is a consistent layout of the position.
                let mines: Vec<usize> = (0..board.len())
                    .filter(|&i| layout[i] && board.cell(CellIdx(i as u32)) != Cell::Flag)
                    .collect();
                assert!(brute.layouts.contains(&mines), "{board:?} {mines:?}");
                // Replayed, it shows exactly the position: same numbers, same hidden cells.
                let game = Game::at_position(&board, layout).expect("a consistent layout replays");
                assert_eq!(game.board(), &board);
                assert_eq!(game.state(), GameState::Playing);
                layouts_seen += 1;
            }
            checked += 1;
        }
        assert!(checked > 300, "only {checked} positions");
        assert!(layouts_seen > 2400);
    }

    #[test]
    fn a_layout_that_does_not_fit_is_not_replayed() {
        let board = game_positions().remove(0);
        // Every cell a mine: the revealed cells cannot be revealed safely.
        assert!(Game::at_position(&board, vec![true; board.len()]).is_none());
    }

    #[test]
    fn rollouts_prefer_the_guess_that_wins_more_and_repeat() {
        let mut config = PlayerConfig::new(Level::Full, FirstClickRule::Safe);
        config.rollouts = 16;
        check_preference(&config);
        config.rollout_full_player = true;
        check_preference(&config);
    }

    fn check_preference(config: &PlayerConfig) {
        let config = config.clone();
        let (mut settled, mut switched) = (0, 0);
        for board in game_positions() {
            let analysis = solve_board(&board, &SolveConfig::default()).unwrap();
            let hidden: Vec<CellIdx> = board
                .indices()
                .filter(|&i| board.cell(i).is_unrevealed())
                .collect();
            let mine = hidden
                .iter()
                .copied()
                .find(|&i| &analysis.mine_layouts(i) == analysis.solutions());
            let safe = hidden
                .iter()
                .copied()
                .find(|&i| num_traits::Zero::is_zero(&analysis.mine_layouts(i)));
            let (Some(mine), Some(safe)) = (mine, safe) else {
                continue;
            };
            let guess = |idx: CellIdx| ScoredGuess {
                idx,
                safety: 0.5,
                score: 0.5,
                dead: false,
            };
            // A certain mine as the chosen guess loses every rollout; a certain safe cell
            // wins some unless the rest is lost in every layout.
            let first = settle(&board, &analysis, &config, guess(mine), guess(safe));
            let again = settle(&board, &analysis, &config, guess(mine), guess(safe));
            assert_eq!(
                first.idx, again.idx,
                "the same position gives the same choice"
            );
            assert!(first.idx == safe || first.idx == mine);
            settled += 1;
            switched += usize::from(first.idx == safe);
            // The other way round, a certain mine never displaces the chosen guess.
            let kept = settle(&board, &analysis, &config, guess(safe), guess(mine));
            assert_eq!(kept.idx, safe);
        }
        assert!(settled > 20, "only {settled} positions");
        assert!(switched * 10 > settled * 8, "{switched} of {settled}");
    }
}
