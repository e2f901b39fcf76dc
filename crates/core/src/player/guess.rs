//! Phase 5, guess scoring: when nothing is certain, nothing forced and the endgame solver is
//! not called, the guess. At the fast level the safest cell; at the full level the candidates
//! revealed in thought with every number they can show (the look-ahead), scored by the
//! secondary safety, progress and, on dense boards, the 50/50 influence. The endgame estimate
//! ([`crate::estimate`]) ranks its candidates with the same scoring ([`ranked_guesses`]).

use std::ops::ControlFlow;

use num_bigint::BigUint;
use num_traits::Zero;

use crate::board::{Board, Cell, CellIdx};
use crate::combinatorics::ratio_to_f64;
use crate::engine::probability::{solve_board_after_reveal, Analysis, CellClass};
use crate::engine::rules::Rules;
use crate::engine::scratch::with_thread_scratch;
use crate::engine::sorting::{stable_sort_by, stable_sort_by_key};

use super::config::{Level, PlayerConfig};
use super::long_term::LongTerm;
use super::moves::{Action, Move, Reason, Work};
use super::view::{
    flag_neighbours, guessable, hidden_neighbours, two_steps_from_a_number, ProbabilityView,
};

/// The guess of a position at the player's level; `None` when no cell can be guessed. At
/// [`Level::Full`] on dense boards it first scans the closed 50/50 shapes for their
/// influence, and counts their analyses in `work`.
pub(super) fn guess_move(
    board: &Board,
    analysis: &Analysis,
    view: &mut ProbabilityView,
    config: &PlayerConfig,
    work: &Work,
) -> Option<Move> {
    let mut long_term =
        (config.level == Level::Full && config.fifty_influence_weight > 0.0).then(|| {
            let mut long_term = LongTerm::new(board, analysis, &config.solve);
            long_term.scan(|idx| view.is_plainly_dead(idx));
            long_term
        });
    let guess = match config.level {
        Level::Fast => fast_guess(board, view),
        Level::Full => full_guess(board, analysis, view, config, work, long_term.as_mut()),
    };
    if let Some(lt) = &long_term {
        work.shapes.set(work.shapes.get() + lt.analyses);
    }
    guess
}

/// The safest cell; among near-equal safeties, fewer hidden neighbours (a better chance of a
/// 0 and of quick progress), then board order.
fn fast_guess(board: &Board, view: &mut ProbabilityView) -> Option<Move> {
    let cells = guessable(board, view);
    let best = cells.iter().map(|c| c.1).fold(0.0, f64::max);
    let (idx, safety) = cells
        .into_iter()
        .filter(|c| c.1 >= best - 1e-9)
        .min_by_key(|c| (hidden_neighbours(board, c.0), c.0))?;
    let (x, y) = board.xy(idx);
    Some(Move {
        action: Action::Reveal,
        x,
        y,
        reason: Reason::Guess { safety },
    })
}

/// A candidate's look-ahead.
pub(super) struct Lookahead {
    /// Chance of surviving this guess and the best move after it.
    pub(super) secondary: f64,
    /// Chance that the guess is safe and shows a number that leads to a certain move.
    pub(super) progress: f64,
    /// Only one number is possible: revealing it teaches nothing.
    pub(super) dead: bool,
}

fn full_guess(
    board: &Board,
    analysis: &Analysis,
    view: &mut ProbabilityView,
    config: &PlayerConfig,
    work: &Work,
    long_term: Option<&mut LongTerm>,
) -> Option<Move> {
    let chosen = best_full_guess(board, analysis, view, config, work, long_term)?;
    let (x, y) = board.xy(chosen.idx);
    Some(Move {
        action: Action::Reveal,
        x,
        y,
        reason: Reason::Guess {
            safety: chosen.safety,
        },
    })
}

/// A scored candidate of a guess.
#[derive(Debug, Clone, Copy)]
struct ScoredGuess {
    idx: CellIdx,
    safety: f64,
    score: f64,
    pub(super) dead: bool,
}

impl ScoredGuess {
    /// Living cells beat dead ones; then the higher score.
    fn beats(&self, other: &ScoredGuess) -> bool {
        (other.dead && !self.dead) || (other.dead == self.dead && self.score > other.score)
    }
}

/// The candidates of a guess at [`Level::Full`], safest first.
fn full_candidates(
    board: &Board,
    analysis: &Analysis,
    view: &mut ProbabilityView,
    config: &PlayerConfig,
) -> Vec<(CellIdx, f64)> {
    let cells = guessable(board, view);
    let best = cells.iter().map(|c| c.1).fold(0.0, f64::max);
    let threshold = best * config.candidate_tolerance;
    let mut candidates: Vec<(CellIdx, f64)> =
        cells.iter().copied().filter(|c| c.1 >= threshold).collect();
    // Floating cells all share one safety: keep the few most promising (fewest hidden
    // neighbours, that is corners and edges and cells squeezed by the front), not hundreds.
    let mut floating: Vec<(CellIdx, f64)> = candidates
        .iter()
        .copied()
        .filter(|c| analysis.class(c.0) == CellClass::Floating)
        .collect();
    candidates.retain(|c| analysis.class(c.0) != CellClass::Floating);
    if config.floating_tolerance > 0.0 {
        let best_front = cells
            .iter()
            .filter(|c| analysis.class(c.0) != CellClass::Floating)
            .map(|c| c.1)
            .fold(0.0, f64::max);
        if best_front > 0.0
            && floating
                .first()
                .is_some_and(|c| c.1 < best_front * config.floating_tolerance)
        {
            floating.clear();
        }
    }
    // Two kinds of floating cells are worth a look: those with the fewest hidden neighbours
    // (the best chance of a 0), and those two steps straight out from a number, whose number
    // will overlap the front's (JSMinesweeper's off-edge candidates).
    let hidden = hidden_neighbours_of(board, &floating);
    stable_sort_by_key(&mut floating, |c| (hidden[c.0.get()], c.0));
    let mut chosen_floating: Vec<(CellIdx, f64)> = floating
        .iter()
        .copied()
        .take(config.floating_candidates)
        .collect();
    let near_front: Vec<(CellIdx, f64)> = floating
        .iter()
        .copied()
        .filter(|c| two_steps_from_a_number(board, c.0))
        .collect();
    for cell in near_front.into_iter().take(config.floating_candidates) {
        if !chosen_floating.contains(&cell) {
            chosen_floating.push(cell);
        }
    }
    candidates.extend(chosen_floating);
    sort_safest_first(board, &mut candidates);
    candidates.truncate(config.max_candidates.max(1));
    candidates
}

/// Sorts cells with their safeties safest first, then by fewer hidden neighbours, then in
/// board order.
fn sort_safest_first(board: &Board, cells: &mut [(CellIdx, f64)]) {
    let hidden = hidden_neighbours_of(board, cells);
    stable_sort_by(cells, |a, b| {
        b.1.total_cmp(&a.1)
            .then(hidden[a.0.get()].cmp(&hidden[b.0.get()]))
            .then(a.0.cmp(&b.0))
    });
}

/// The hidden neighbours of `cells`, by cell index (0 for the board's other cells), for the
/// sorts by them: each cell is counted once, not at every comparison.
fn hidden_neighbours_of(board: &Board, cells: &[(CellIdx, f64)]) -> Vec<u8> {
    let mut hidden = vec![0u8; board.len()];
    for &(idx, _) in cells {
        hidden[idx.get()] = hidden_neighbours(board, idx) as u8;
    }
    hidden
}

/// The best guess of a position at [`Level::Full`], with its score (`None` when no cell can
/// be guessed).
fn best_full_guess(
    board: &Board,
    analysis: &Analysis,
    view: &mut ProbabilityView,
    config: &PlayerConfig,
    work: &Work,
    mut long_term: Option<&mut LongTerm>,
) -> Option<ScoredGuess> {
    let mut candidates = full_candidates(board, analysis, view, config);
    let progress_weight = config.progress_weight;
    if let Some(lt) = long_term.as_deref_mut() {
        if config.fifty_influence_weight > 0.0 {
            let best = candidates.first().map_or(0.0, |c| c.1);
            for idx in lt.influenced_cells(best * config.candidate_tolerance) {
                if !candidates.iter().any(|c| c.0 == idx) {
                    if let Some(safety) = view.safety(idx).filter(|&s| s > 0.0) {
                        candidates.push((idx, safety));
                    }
                }
            }
        }
    }
    if candidates.len() == 1 {
        let (idx, safety) = candidates[0];
        return Some(ScoredGuess {
            idx,
            safety,
            score: safety,
            dead: false,
        });
    }

    let mut chosen: Option<ScoredGuess> = None;
    for &(idx, safety) in &candidates {
        let fifty = match long_term.as_deref_mut() {
            Some(lt) if config.fifty_influence_weight > 0.0 => {
                1.0 + config.fifty_influence_weight * lt.influence(idx)
            }
            _ => 1.0,
        };
        if let Some(best) = chosen {
            // The score is at most the safety (times the 50/50 influence, plus the progress
            // bonus): a candidate that cannot beat the best so far is skipped, unless the
            // best so far is dead.
            if !best.dead && safety * fifty * (1.0 + progress_weight) <= best.score {
                continue;
            }
        }
        let Some(look) = lookahead(board, analysis, idx, safety, config, work) else {
            continue;
        };
        let guess = ScoredGuess {
            idx,
            safety,
            score: look.secondary * fifty + progress_weight * look.progress,
            dead: look.dead,
        };
        if chosen.is_none_or(|best| guess.beats(&best)) {
            chosen = Some(guess);
        }
    }
    chosen.or_else(|| {
        candidates.first().map(|&(idx, safety)| ScoredGuess {
            idx,
            safety,
            score: 0.0,
            dead: true,
        })
    })
}

/// A guess the player would consider, with its safety and its score at the player's level
/// (the look-ahead's score at [`Level::Full`], the safety at [`Level::Fast`]).
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct RankedGuess {
    pub(crate) idx: CellIdx,
    pub(crate) safety: f64,
    pub(crate) score: f64,
}

/// The player's guesses of a position, best first by its own score: at [`Level::Full`]
/// every candidate of [`full_candidates`] scored in full (no pruning: the runners-up are
/// wanted too; living cells before dead ones), at [`Level::Fast`] the guessable cells by
/// safety, then fewer hidden neighbours, as [`fast_guess`] breaks ties. The endgame
/// estimate ([`crate::estimate`]) takes its candidates from here.
pub(crate) fn ranked_guesses(
    board: &Board,
    analysis: &Analysis,
    config: &PlayerConfig,
) -> Vec<RankedGuess> {
    let mut view = ProbabilityView::new(board, analysis);
    if config.level == Level::Fast {
        let mut cells = guessable(board, &mut view);
        sort_safest_first(board, &mut cells);
        return cells
            .into_iter()
            .map(|(idx, safety)| RankedGuess {
                idx,
                safety,
                score: safety,
            })
            .collect();
    }
    let work = Work::default();
    let mut long_term = (config.fifty_influence_weight > 0.0).then(|| {
        let mut long_term = LongTerm::new(board, analysis, &config.solve);
        long_term.scan(|idx| view.is_plainly_dead(idx));
        long_term
    });
    let mut scored: Vec<(bool, RankedGuess)> = Vec::new();
    for (idx, safety) in full_candidates(board, analysis, &mut view, config) {
        let fifty = match long_term.as_mut() {
            Some(lt) => 1.0 + config.fifty_influence_weight * lt.influence(idx),
            None => 1.0,
        };
        let Some(look) = lookahead(board, analysis, idx, safety, config, &work) else {
            continue;
        };
        let score = look.secondary * fifty + config.progress_weight * look.progress;
        scored.push((look.dead, RankedGuess { idx, safety, score }));
    }
    stable_sort_by(&mut scored, |a, b| {
        a.0.cmp(&b.0)
            .then(b.1.score.total_cmp(&a.1.score))
            .then(a.1.idx.cmp(&b.1.idx))
    });
    scored.into_iter().map(|(_, guess)| guess).collect()
}

/// Reveals `idx` in thought with each number it can show, smallest first, and calls `visit`
/// with the position after it, its analysis, and the chance of that number (its layouts over
/// `total`). Numbers no layout allows, or whose analysis is over the budget, are skipped;
/// `visit` stops the walk with `ControlFlow::Break`.
fn for_each_number(
    board: &Board,
    analysis: &Analysis,
    idx: CellIdx,
    config: &PlayerConfig,
    counter: &Work,
    mut visit: impl FnMut(&Board, &Analysis, f64) -> ControlFlow<()>,
) {
    // The analyses after each number start from the rules of `analysis`, which must be
    // those of `board` itself.
    debug_assert!(Rules::from_board(board).is_ok_and(|rules| rules == analysis.rules));
    let total = analysis.solutions();
    let flags = flag_neighbours(board, idx);
    let hidden = hidden_neighbours(board, idx);
    let mut work = board.clone();
    for value in flags..=flags + hidden {
        work.set_cell(idx, Cell::Revealed(value as u8));
        Work::bump(&counter.lookahead);
        let after = with_thread_scratch(|scratch| {
            solve_board_after_reveal(analysis, &work, idx, &config.solve, scratch)
        });
        let Ok(after) = after else {
            continue;
        };
        let count: &BigUint = after.solutions();
        if count.is_zero() {
            continue;
        }
        let weight = ratio_to_f64(count, total);
        if visit(&work, &after, weight).is_break() {
            return;
        }
    }
}

/// Reveals `idx` in thought with each number it can show and analyses the result.
pub(super) fn lookahead(
    board: &Board,
    analysis: &Analysis,
    idx: CellIdx,
    safety: f64,
    config: &PlayerConfig,
    counter: &Work,
) -> Option<Lookahead> {
    let total = analysis.solutions();
    if total.is_zero() {
        return None;
    }
    let mut secondary = 0.0;
    let mut progress = 0.0;
    let mut possible_values = 0;
    let mut remaining = safety;
    for_each_number(
        board,
        analysis,
        idx,
        config,
        counter,
        |work, after, weight| {
            possible_values += 1;
            remaining -= weight;
            let mut view = ProbabilityView::new(work, after);
            let next = view.next_safeties();
            // JSMinesweeper's blended safety: mostly the best next move, a little the one after.
            let w = config.second_safety_weight;
            let next_safety = (next.best + w * next.second) / (1.0 + w);
            secondary += weight * next_safety;
            if next.certain {
                progress += weight;
            }
            // The numbers seen so far cover every layout where the cell is safe.
            if remaining <= 1e-12 {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        },
    );
    Some(Lookahead {
        secondary,
        progress,
        dead: possible_values <= 1,
    })
}
