//! The budget of the endgame solver ([`EndgameConfig`]): how many layouts it takes on, how
//! many search nodes and layout visits it may spend, how much memory its tables may hold, and
//! the tuning that decides when its strategies and bounds are worth their cost. Kept apart as
//! what every caller sets and the search only reads.

use crate::engine::probability::SolveConfig;

/// The budget of [`solve_endgame`](crate::endgame::solve_endgame).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EndgameConfig {
    /// The most layouts the solver takes on. The default, 20,000, is the target size: many
    /// late expert positions of that size are solved in well under a second, though open
    /// regions can take far longer (see `max_nodes`). Positions with more layouts are
    /// answered "too large" before anything is listed.
    pub max_layouts: u64,
    /// The most search nodes (positions expanded, not counting those found in the
    /// transposition table, nor the bounds). The default, one million, is far above what
    /// the bench positions need (a few thousand each, under a second), but not above every
    /// late expert position: several separate regions whose guesses interleave, or a long
    /// strip along a wall, can take hundreds of thousands of nodes and a minute, or run out.
    pub max_nodes: u64,
    /// The most layout visits: every pass of the search over a set of layouts (a scan, a
    /// split, a strategy's move) counts the set's size. Nodes over thousands of layouts cost
    /// a thousand times those over a few, so this bounds the time where `max_nodes` does
    /// not. The default, `u64::MAX`, sets no bound; the auto-player bounds its larger
    /// searches by it.
    pub max_visits: u64,
    /// The most entries (layouts times cells in play) of the observation table, 4 bytes
    /// each. The default, 16 million, is 64 MB.
    pub max_table_entries: u64,
    /// The most words (4 bytes) the transposition table holds: each set costs its layout
    /// indices plus about ten words of overhead. The default, 64 million, is about 256 MB;
    /// the hardest bench position peaks at about 250 MB in all. Past it the search goes on,
    /// still exact, without storing more (and may then run out of nodes).
    pub max_known_words: u64,
    /// The budget of the layout count ([`solve_board`](crate::engine::probability::solve_board)).
    pub solve: SolveConfig,
    /// Tuning, not a budget: from this many living layouts on, the search first plays a
    /// simple strategy (reveal what is safe, else the safest move that most often leads to a
    /// new safe cell) and only searches moves that could beat its wins. The default, 2,000,
    /// pays on the hard 20,000-layout positions; below it the strategy costs more than it
    /// saves. The answer does not depend on it.
    pub strategy_min_layouts: u64,
    /// Tuning, not a budget: from this many living layouts on, the simple strategy is
    /// played after each move too, and the bar is the best of those. The default is 5,000.
    /// The answer does not depend on it.
    pub widen_min_layouts: u64,
    /// Tuning, not a budget: before a move's parts are searched against a value it must
    /// beat, each part of at least this many layouts gets an upper bound that looks
    /// `probe_plies` moves deep, which often shows at once that the move cannot beat it. The
    /// default is 16. The answer does not depend on it.
    pub probe_min_layouts: u64,
    /// Tuning, not a budget: how many moves deep that bound looks (0 turns it off). The
    /// default, 1, is the fastest on the 20,000-layout bench positions now that the quick
    /// bound sees a group's guess ([`EndgameConfig::group_min_layouts`]); deeper looks search
    /// fewer nodes but cost more than they save (`mineseer endgame --probe-plies N`, figures
    /// in docs/BENCHMARKS.md). The answer does not depend on it.
    pub probe_plies: u8,
    /// Tuning, not a budget: from this many living layouts on, a set with no safe cell to
    /// reveal is also bounded by an easier game, where the player is told every cell outside
    /// a small group that can only be settled by guessing in it (a box by a wall, a 50/50):
    /// the quick bound then sees that guess as well as the safest one. The default is 8;
    /// `u64::MAX` turns it off. The answer does not depend on it.
    pub group_min_layouts: u64,
    /// Once the position is solved, also value every hidden cell exactly: the chance of
    /// winning when that cell is revealed now and play is optimal after it
    /// ([`Endgame::move_values`](crate::endgame::Endgame::move_values)). Off by default: each
    /// move is then searched to its exact value, with no bar to cut it short, within the same
    /// budget of nodes and visits.
    pub move_values: bool,
    /// The most layout visits the move values may add once the position is solved (within
    /// [`EndgameConfig::max_visits`] still). Valuing every move of a hard 20,000-layout
    /// position can cost five times its search; a caller that wants the answer quickly
    /// gives the values a small budget of their own. The default, `u64::MAX`, sets no bound
    /// beyond `max_visits`.
    pub move_values_max_visits: u64,
}

impl Default for EndgameConfig {
    fn default() -> EndgameConfig {
        EndgameConfig {
            max_layouts: 20_000,
            max_nodes: 1_000_000,
            max_visits: u64::MAX,
            max_table_entries: 16_000_000,
            max_known_words: 64_000_000,
            solve: SolveConfig::default(),
            strategy_min_layouts: 2_000,
            widen_min_layouts: 5_000,
            probe_min_layouts: 16,
            probe_plies: 1,
            group_min_layouts: 8,
            move_values: false,
            move_values_max_visits: u64::MAX,
        }
    }
}
