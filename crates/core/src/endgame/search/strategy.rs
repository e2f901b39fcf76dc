//! The search's lower bounds: a simple strategy played in integers (reveal what is safe, else
//! the move with the best safety-and-progress score). Its wins are reached, so they set the
//! bar the search must beat, and its first move is the answer when the search is cut.

use crate::endgame::known::{set_hash, Known, NO_CELL};
use crate::endgame::scan::{informative_safe, still_in_play};

use super::Search;

impl Search<'_> {
    /// Wins that some strategy reaches from `set`: its value when known, else
    /// [`Search::strategy`]'s.
    pub(super) fn strategy_wins(&mut self, set: &[u32], active: &[u32]) -> u64 {
        if let Some(known) = self.known.get(set_hash(set), set) {
            if known.exact {
                return known.wins;
            }
        }
        self.strategy(set, active).0
    }

    /// The wins of a simple strategy from `set`, a lower bound on `W(set)` (any strategy's
    /// wins are), and its first move. Safe cells that tell layouts apart are revealed; else
    /// the move played is the one with the most layouts where it is safe plus layouts where
    /// it is safe and leads to a new safe cell (the player's "safety and progress" score:
    /// pure safety walks into open regions, where one guess leads to the next). Stored in
    /// the table.
    pub(super) fn strategy(&mut self, set: &[u32], active: &[u32]) -> (u64, u32) {
        if set.len() <= 1 {
            // Not reached with a move to name: the caller only asks about two layouts or
            // more, and only sums the wins of parts.
            return (set.len() as u64, NO_CELL);
        }
        let hash = set_hash(set);
        if let Some(known) = self.known.get(hash, set) {
            if known.lower_cell != NO_CELL {
                return (known.lower, known.lower_cell);
            }
        }
        let size = set.len() as u32;
        let table = self.table;
        let (mines, varies) = self.scan_owned(set, active);
        let child_active = still_in_play(active, &mines, &varies, size);
        let informative_safe = informative_safe(active, &mines, &varies);
        let (parts, cell) = if !informative_safe.is_empty() {
            (
                self.joint_parts(set, &informative_safe),
                informative_safe[0],
            )
        } else {
            // Per move, in one pass: per thing it can show, the cells that are a mine in some
            // of those layouts. A thing shown "makes progress" when some other cell that is a
            // mine in some layout of `set` is a mine in none of those (a new safe cell).
            let words = table.mine_words();
            let mut mine_somewhere = vec![0u64; words];
            for &layout in set {
                for (w, &bits) in table.mine_bits(layout).iter().enumerate() {
                    mine_somewhere[w] |= bits;
                }
            }
            let mut mines_of_value: Vec<u64> = Vec::new();
            let mut count_of_value: Vec<u64> = Vec::new();
            let mut chosen: Option<(u64, usize)> = None;
            for k in (0..active.len()).filter(|&k| mines[k] > 0 && mines[k] < size) {
                let cell = active[k] as usize;
                let n_values = table.n_values(cell) as usize;
                mines_of_value.clear();
                mines_of_value.resize(n_values * words, 0);
                count_of_value.clear();
                count_of_value.resize(n_values, 0);
                self.visits += set.len() as u64;
                let column = table.column(cell);
                for &layout in set {
                    let value = column[layout as usize] as usize;
                    count_of_value[value] += 1;
                    for (w, &bits) in table.mine_bits(layout).iter().enumerate() {
                        mines_of_value[value * words + w] |= bits;
                    }
                }
                let safe = (size - mines[k]) as u64;
                let (own_word, own_bit) = (cell / 64, 1u64 << (cell % 64));
                let new_safe = |v: usize, w: usize| {
                    let own = if w == own_word { own_bit } else { 0 };
                    mine_somewhere[w] & !mines_of_value[v * words + w] & !own != 0
                };
                let progress: u64 = (1..n_values)
                    .filter(|&v| count_of_value[v] > 0)
                    .filter(|&v| count_of_value[v] == 1 || (0..words).any(|w| new_safe(v, w)))
                    .map(|v| count_of_value[v])
                    .sum();
                let score = safe + progress;
                if chosen.is_none_or(|(best, _)| score > best) {
                    chosen = Some((score, cell));
                }
            }
            let Some((_, cell)) = chosen else {
                // Nothing tells the layouts apart and nothing is a guess: not reached (two
                // layouts differ in a cell), but one layout is then surely won.
                return (1, NO_CELL);
            };
            let parts = self.parts_of_move(set, cell);
            (parts, cell)
        };
        let lower: u64 = parts
            .iter()
            .map(|p| self.strategy_wins(p, &child_active))
            .sum();
        self.recycle(parts);
        if set.len() > 2 {
            self.remember(
                hash,
                set,
                Known {
                    wins: size as u64,
                    exact: false,
                    lower,
                    lower_cell: cell as u32,
                    plies: 0,
                },
            );
        }
        (lower, cell as u32)
    }
}
