//! Every move's value ([`crate::EndgameConfig::move_values`]): after the best move is found,
//! each hidden cell's exact win chance (revealing it first, then optimal play), within a
//! budget of its own so that a cut leaves the values out and never the answer.

use num_traits::Zero;

use crate::board::Board;
use crate::combinatorics::Fraction;
use crate::endgame::budget::EndgameConfig;
use crate::endgame::known::FastMap;
use crate::endgame::scan::still_in_play;
use crate::engine::probability::Analysis;

use super::{NodeLimit, Search};

impl Search<'_> {
    /// Every hidden cell of `board` with its exact win chance when revealed first in `all`
    /// (every layout of `analysis`, whose best play wins `wins`); `None` when the budget of
    /// the values runs out. The budget spent on the best move is spent: a cut here leaves the
    /// values out, not the answer.
    pub(in crate::endgame) fn move_values(
        &mut self,
        board: &Board,
        analysis: &Analysis,
        all: &[u32],
        wins: u64,
        config: &EndgameConfig,
    ) -> Option<Vec<((usize, usize), Fraction)>> {
        self.max_visits = config
            .max_visits
            .min(self.visits.saturating_add(config.move_values_max_visits));
        let layouts = analysis.solutions();
        let table = self.table;
        self.move_wins(all).ok().map(|table_wins| {
            board
                .indices()
                .filter(|&idx| board.cell(idx).is_unrevealed())
                .map(|idx| {
                    let won = match table.cells().binary_search(&idx) {
                        Ok(k) => table_wins[k],
                        // A cell that tells no layouts apart: a mine in every one,
                        // or safe showing the same in every one (nothing learnt).
                        Err(_) if analysis.mine_layouts_ref(idx).is_zero() => wins,
                        Err(_) => 0,
                    };
                    (board.xy(idx), Fraction::new(won.into(), layouts.clone()))
                })
                .collect()
        })
    }

    /// Per table cell, the exact wins of revealing it first in `set` and playing optimally
    /// after: the sum of its parts' values, each searched with no bar (equal splits once).
    fn move_wins(&mut self, set: &[u32]) -> Result<Vec<u64>, NodeLimit> {
        let every_cell: Vec<u32> = (0..self.table.cells().len() as u32).collect();
        let (mines, varies) = self.scan_owned(set, &every_cell);
        let size = set.len() as u32;
        let child_active = still_in_play(&every_cell, &mines, &varies, size);
        let mut by_split: FastMap<Vec<u32>, u64> = FastMap::default();
        let mut wins = Vec::with_capacity(every_cell.len());
        for (k, &cell) in every_cell.iter().enumerate() {
            if mines[k] == size {
                wins.push(0);
                continue;
            }
            let parts = self.parts_of_move(set, cell as usize);
            let split = self.take_split();
            let won = match by_split.get(&split) {
                Some(&won) => won,
                None => {
                    let (won, exact) = self.sum_parts(&parts, -1, &child_active)?;
                    debug_assert!(exact, "no cutoff, so every part is searched exactly");
                    by_split.insert(split, won);
                    won
                }
            };
            self.recycle(parts);
            wins.push(won);
        }
        Ok(wins)
    }
}
