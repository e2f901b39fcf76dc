//! [`Scratch`]: the working buffers of an analysis, owned by a caller that analyses many
//! positions, so that their room is reused from one position to the next.
//!
//! Why: on a beginner position the heap allocator's own instructions were a third of the
//! engine's, most of them for buffers that live only during the analysis (the trivial
//! deductions' worklist, the boxes' keys, the fronts' union-find, each front's problem:
//! [`KeptProblem`]), and for the probabilities-only analysis the rules' and boxes' own vectors,
//! which it hands back when it is done with them. The engine's entry points
//! take the caller's `Scratch` ([`crate::engine::probability::solve_board_with`]). One caller
//! cannot hold one: the auto-player's `next_moves` is a function of the board alone, called
//! turn after turn by the game loops, the estimate's rollouts, the page and the lab, so each
//! thread keeps one scratch for it ([`with_thread_scratch`]) rather than every one of those
//! callers threading one through. Nothing of one analysis carries over to the next: every
//! buffer is emptied (or refilled) before it is read, and a test checks that a scratch reused
//! across positions of different sizes gives the answers of a fresh one.

use std::cell::RefCell;

use crate::engine::boxes::BoxesScratch;
use crate::engine::enumerate::{FrontProblem, FrontRule};
use crate::engine::rules::RulesScratch;

/// The reusable working buffers of the probability engine. `Scratch::default()` holds no
/// memory; it grows to what the largest position analysed with it needed.
#[derive(Debug, Default)]
pub struct Scratch {
    pub(crate) rules: RulesScratch,
    pub(crate) boxes: BoxesScratch,
    pub(crate) front: KeptProblem,
}

/// A [`FrontProblem`] refilled front after front, position after position: its vectors, and
/// its rules' vectors of boxes, are kept for the next front rather than allocated afresh (a
/// vector per witness: on an intermediate position, dozens of allocations). Kept in the
/// caller's [`Scratch`].
#[derive(Debug, Default)]
pub struct KeptProblem {
    /// The front being enumerated.
    pub problem: FrontProblem,
    /// Empty vectors of boxes, from the rules of earlier fronts.
    spare: Vec<Vec<u32>>,
}

impl KeptProblem {
    /// Empties the problem for the next front; its rules' vectors are set aside for reuse.
    pub fn clear(&mut self) {
        self.problem.box_sizes.clear();
        for rule in self.problem.rules.drain(..) {
            let mut boxes = rule.boxes;
            boxes.clear();
            self.spare.push(boxes);
        }
    }

    /// Appends a rule of `need` mines with no box yet, and returns its (empty) boxes.
    pub fn push_rule(&mut self, need: u8) -> &mut Vec<u32> {
        let boxes = self.spare.pop().unwrap_or_default();
        self.problem.rules.push(FrontRule { need, boxes });
        let last = self.problem.rules.len() - 1;
        &mut self.problem.rules[last].boxes
    }
}

thread_local! {
    static THREAD_SCRATCH: RefCell<Scratch> = RefCell::new(Scratch::default());
}

/// Runs `f` (one engine call) with this thread's kept scratch. An engine call never calls
/// back into its caller, so the scratch is never asked for while lent; if it were, `f` gets a
/// fresh one, which answers the same.
///
/// Native only: in the page's solver module the kept scratch cost about 460 bytes gzipped,
/// which its size budget cannot spare, for 1.5-2.4 % of the player's instructions; there every
/// call gets a fresh scratch (the same answers).
pub(crate) fn with_thread_scratch<R>(f: impl FnOnce(&mut Scratch) -> R) -> R {
    if cfg!(target_arch = "wasm32") {
        return f(&mut Scratch::default());
    }
    THREAD_SCRATCH.with(|kept| match kept.try_borrow_mut() {
        Ok(mut scratch) => f(&mut scratch),
        Err(_) => f(&mut Scratch::default()),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{Cell, CellIdx};
    use crate::engine::probability::{
        solve_board, solve_board_with, solve_probabilities, solve_probabilities_with, SolveConfig,
    };
    use crate::engine::test_games::random_game;
    use crate::rng::GameRng;

    /// One scratch kept over positions of random games whose boards change size from one to
    /// the next (wider, narrower, more witnesses, fewer), some with flags and known-safe cells
    /// and some inconsistent: every analysis equals a fresh scratch's, cell by cell, in its
    /// exact counts, its classes and its counters, and every error is the same error; and the
    /// probabilities-only analysis on the same scratch gives a fresh one's bits.
    #[test]
    fn a_reused_scratch_answers_as_a_fresh_one() {
        let mut rng = GameRng::new(3939);
        let mut scratch = Scratch::default();
        let config = SolveConfig::default();
        let (mut compared, mut failed, mut sizes) = (0, 0, std::collections::BTreeSet::new());
        for _ in 0..600 {
            let (width, height) = (1 + rng.below(20) as usize, 1 + rng.below(14) as usize);
            let n = width * height;
            let mines = rng.below(n as u64 / 3 + 2).min(n as u64) as usize;
            let (game, layout) = random_game(&mut rng, width, height, mines, 8);
            let mut board = game.board().clone();
            for (i, &is_mine) in layout.iter().enumerate() {
                let idx = CellIdx(i as u32);
                if board.cell(idx).is_unrevealed() && rng.below(10) == 0 {
                    // Mostly right, now and then wrong: some positions have no layout.
                    let mine = is_mine ^ (rng.below(6) == 0);
                    board.set_cell(idx, if mine { Cell::Flag } else { Cell::HiddenSafe });
                }
            }
            // The probabilities alone, on the same scratch (whose boxes' vectors they hand
            // back for the next analysis), against a fresh scratch's: the same bits.
            let (mut fresh_p, mut reused_p) = (Vec::new(), Vec::new());
            let fresh_r = solve_probabilities(&board, &config, &mut fresh_p);
            let reused_r = solve_probabilities_with(&board, &config, &mut scratch, &mut reused_p);
            assert_eq!(
                fresh_r.map_err(|e| e.kind().clone()),
                reused_r.map_err(|e| e.kind().clone()),
                "{board:?}"
            );
            let bits = |p: &[f64]| p.iter().map(|x| x.to_bits()).collect::<Vec<_>>();
            assert_eq!(bits(&fresh_p), bits(&reused_p), "{board:?}");
            let fresh = solve_board(&board, &config);
            let reused = solve_board_with(&board, &config, &mut scratch);
            match (fresh, reused) {
                (Ok(fresh), Ok(reused)) => {
                    assert_eq!(fresh.solutions(), reused.solutions(), "{board:?}");
                    assert_eq!(fresh.stats(), reused.stats(), "{board:?}");
                    for idx in board.indices() {
                        assert_eq!(fresh.class(idx), reused.class(idx), "{board:?}");
                        assert_eq!(fresh.mine_layouts_ref(idx), reused.mine_layouts_ref(idx));
                        assert_eq!(
                            fresh.probability(idx).map(f64::to_bits),
                            reused.probability(idx).map(f64::to_bits)
                        );
                    }
                    compared += 1;
                    sizes.insert(n);
                }
                (Err(fresh), Err(reused)) => {
                    assert_eq!(fresh.kind(), reused.kind(), "{board:?}");
                    failed += 1;
                }
                (fresh, reused) => panic!("{board:?}: {fresh:?} against {reused:?}"),
            }
        }
        assert!(
            compared > 300 && failed > 30 && sizes.len() > 100,
            "{compared} {failed} {}",
            sizes.len()
        );
    }
}
