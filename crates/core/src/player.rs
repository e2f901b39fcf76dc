//! The auto-player: at every turn, the move to play and the reason a page can show.
//!
//! [`next_moves`] looks at the player's view only (a [`Board`]: it never sees the mines) and
//! goes through these phases, the first that yields a move wins:
//! 1. **Opening**: nothing revealed yet: the first click, at a corner under `safe` and `none`
//!    (three neighbours: the best chance of a 0), at (3,3) clamped to the board under
//!    `opening`, or where the caller asks ([`PlayerConfig::first_click`]). Until a 0 shows,
//!    AUTO's rule (more corners, then the border cells farthest from what is revealed) is an
//!    option, [`PlayerConfig::opening_until_zero`], off: it measured no better than the guess
//!    scoring, which after a number in the corner usually plays two steps out from it.
//! 2. **Certain**: one exact analysis ([`solve_board`]); every cell with probability 0 is
//!    revealed (all of them at once: they stay safe whatever the others show). Certain mines
//!    are flagged only when [`PlayerConfig::flag_mines`] asks for it.
//! 3. **Forced guess**: when the position holds a forced guess ([`crate::dead::forced_guesses`]:
//!    a 50/50 pair or 2x2 box that no reveal outside it can ever settle), its safest cell is
//!    played now ([`Reason::ForcedGuess`]): it must be taken anyway, so taking it first risks
//!    nothing more, and its number may spare a guess elsewhere
//!    ([`PlayerConfig::take_forced_guesses_first`]).
//! 4. **Endgame**: when few layouts are left ([`PlayerConfig::endgame_max_layouts`]), the exact
//!    endgame solver ([`crate::endgame`]) plays the move with the best chance to win. Else,
//!    optionally ([`PlayerConfig::region_max_layouts`], off: it almost never fires), an
//!    isolated region (`player/regions.rs`: an enclosed part of the board whose
//!    mine count is fixed, a game of its own) is solved alone and its best move played.
//! 5. **Guess**: the candidates are the cells whose safety is within
//!    [`PlayerConfig::candidate_tolerance`] of the best, and a few floating cells (off the
//!    front) when they are nearly as safe as the best front cell
//!    ([`PlayerConfig::floating_tolerance`]). At [`Level::Full`] each candidate is
//!    revealed in thought with every number it can show; the exact engine then says how likely
//!    each number is and how safe the best moves after it would be. The score is this
//!    **secondary safety**, the chance of surviving the guess *and* the next move, over
//!    **living** cells only (a certain move counts as safety 1, which rewards **progress**,
//!    unless the cell plainly can show one number only), the best and second-best next
//!    safety blended 4:1 ([`PlayerConfig::second_safety_weight`]; JSMinesweeper's scoring),
//!    with small bonuses for progress and for **information** (how unforeseeable the number
//!    shown is). Optional, off as measured: pseudo-50/50s taken first, 50/50 influence in the
//!    score (`player/long_term.rs`), dominance swaps. (Rollouts on close calls lost their
//!    paired games and left; the endgame estimate, [`crate::estimate`], is the one rollout
//!    implementation.) Candidates that can
//!    show only one number are **dead** (they teach nothing) and are played only when every
//!    candidate is dead. On boards of at most [`PlayerConfig::deep_lookahead_max_cells`]
//!    cells (none by default: it measured no better), the best few are then looked at one
//!    guess deeper. At [`Level::Fast`] the safest cell is played, ties broken by fewer hidden
//!    neighbours (corners, edges, cells off the front), which favours the chance of a 0.
//!
//! The player never reveals a cell the engine proves is a mine and never flags one it does
//! not prove is a mine.
//!
//! The settings' measured effects quoted below are paired comparisons over the same games
//! (`mineseer-lab compare-player`: each game played by both players, the games only one wins
//! counted).

mod long_term;
mod regions;
#[cfg(test)]
pub(crate) mod test_positions;

use std::borrow::Cow;
use std::cell::Cell as Counter;
use std::ops::ControlFlow;

use num_bigint::BigUint;
use num_traits::Zero;

use crate::board::{Board, Cell, CellIdx};
use crate::combinatorics::ratio_to_f64;
use crate::dead::forced_guesses;
use crate::endgame::{solve_endgame, solve_endgame_analysed, EndgameConfig};
use crate::error::SolveError;
use crate::game::{FirstClickRule, Game, GameError, GameState, MoveOutcome};
use crate::probability::{solve_board, solve_board_after_reveal, Analysis, CellClass, SolveConfig};
use crate::rules::Rules;
use long_term::LongTerm;

/// How hard the player thinks before a guess.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Level {
    /// The safest cell, with cheap tie-breaks: one analysis per turn.
    Fast,
    /// Secondary safety and progress over the best candidates: a few analyses per guess.
    Full,
}

/// The settings of the player.
#[derive(Debug, Clone, PartialEq)]
pub struct PlayerConfig {
    /// How hard to think before a guess.
    pub level: Level,
    /// The game's first-click rule, which decides where the first click goes.
    pub rule: FirstClickRule,
    /// Where to click first, instead of the rule's default.
    pub first_click: Option<(usize, usize)>,
    /// Flag the certain mines (a page wants to show them; a bulk run does not need them).
    pub flag_mines: bool,
    /// Candidates for a guess have a safety at least this fraction of the best safety.
    /// JSMinesweeper's `HARD_CUT_OFF` is the same idea at 0.90.
    pub candidate_tolerance: f64,
    /// The most candidates examined in depth at [`Level::Full`], safest first.
    pub max_candidates: usize,
    /// Of the floating cells (off the front, all equally safe), how many of those with the
    /// fewest hidden neighbours, and how many of those two steps from a number, are
    /// candidates at [`Level::Full`].
    pub floating_candidates: usize,
    /// Floating cells (off the front) are candidates only when their safety is at least this
    /// fraction of the best safety on the front (when the front has a guessable cell):
    /// JSMinesweeper's `OFF_EDGE_THRESHOLD` is 0.95. 0 leaves them to
    /// [`PlayerConfig::candidate_tolerance`] like the front's cells.
    pub floating_tolerance: f64,
    /// The weight of progress (the chance that a guess leads to a certain move) in a guess's
    /// score, on top of secondary safety. Small: it only breaks near-ties.
    pub progress_weight: f64,
    /// The progress weight instead of [`PlayerConfig::progress_weight`] while no 0 has been
    /// revealed (`None`: the same). Before the first opening a certain move after a guess
    /// is worth more than a safe next guess, the measure of the secondary safety: it is
    /// usually the opening itself, after which the game is won far more often.
    pub opening_progress_weight: Option<f64>,
    /// The weight of information in a guess's score at [`Level::Full`]: the entropy, in
    /// nats, of the number the guess shows if safe (at most ln 9): a guess whose number is
    /// harder to foretell tells more. Small: it only breaks near-ties.
    pub information_weight: f64,
    /// How much the second-safest cell counts, against 1 for the safest, in the safety of the
    /// position after a guess (JSMinesweeper's "blended safety"); 0 counts the safest only.
    pub second_safety_weight: f64,
    /// The safety of the position after a guess counts living cells only (those that can show
    /// more than one number, as far as a cheap check sees), and so does progress: a certain
    /// move that can only show a foreseen number is no progress. JSMinesweeper's "living
    /// safety".
    pub living_next_safety: bool,
    /// With `living_next_safety`, also leave out cells that a single revealed number shows to
    /// be dead ([`ProbabilityView::is_dead_by_witness`]), closer to JSMinesweeper's dead tiles.
    pub living_by_witness: bool,
    /// Until the first 0 is revealed, score guesses as before issue 16: no floating
    /// tolerance, the next safety over every cell and the best one only. Before an opening
    /// the best guess is the one most likely to open the board; the living, blended next
    /// safety is tuned for guesses beside a front.
    pub plain_scoring_until_zero: bool,
    /// Before a guess, look for pseudo-50/50s (`player/long_term.rs`: cells that are safe
    /// or one side of a closed 50/50 in every layout) and take the best of them at once: it
    /// risks nothing that would not be risked later. JSMinesweeper does.
    pub pseudo_fifty_fifty_first: bool,
    /// The weight of a candidate's 50/50 influence (`player/long_term.rs`) in its score: the
    /// score is multiplied by 1 + weight x influence / safe layouts, and cells with a large
    /// influence join the candidates. JSMinesweeper's is 0.9; 0 turns it off.
    pub fifty_influence_weight: f64,
    /// When the chosen guess being safe implies that a safer candidate is safe (the latter is
    /// certainly safe whatever number the guess shows), play the safer one instead:
    /// JSMinesweeper's dominance swap.
    pub dominance_swap: bool,
    /// The candidates' cut-off ([`PlayerConfig::candidate_tolerance`]) and the floating
    /// cells' gate are measured against the best safety of a cell not seen to be dead (the
    /// witness test, and the look-ahead's own: a candidate that can show one number only),
    /// not of any cell. A dead cell is no guess worth making while a living one is left, so
    /// it should not crowd the living ones out. JSMinesweeper's Java solver anchors on the
    /// best living safety.
    pub living_anchor: bool,
    /// If every number the chosen guess can show leaves one and the same cell as the single
    /// safest living cell, and that cell is safer now than the guess, play it instead: it
    /// would be played next anyway. JSMinesweeper's "dominating location".
    pub single_safest_swap: bool,
    /// Candidates in a pocket of fewer than this many hidden cells (joined by adjacency,
    /// or across one revealed cell) are scored only when no candidate elsewhere is: a small
    /// pocket is often settled later by the mine count or by play around it. 0 never
    /// defers; JSMinesweeper's Java solver defers below 8.
    pub pocket_min_cells: usize,
    /// When no certain move is left, take a forced guess (a 50/50 no reveal elsewhere can
    /// settle) before anything else, the endgame solver included.
    pub take_forced_guesses_first: bool,
    /// Before the first 0 is revealed, guess by AUTO's opening rule (the seed's player): a
    /// hidden corner (three neighbours: the best chance of a 0), else the border cell
    /// farthest from every revealed cell, instead of the full guess scoring. Off: measured
    /// worse than the scoring (see [`PlayerConfig::new`]).
    pub opening_until_zero: bool,
    /// Look two guesses ahead (each candidate's numbers, then the best guess after each)
    /// on boards of at most this many cells; one guess ahead on larger boards. Off (0) by
    /// default: on beginner it won 9,145 of 10,000 paired games against 9,157 at one guess
    /// (seeds 1000.., 15 games better, 27 worse) at nine times the CPU; a certain move after
    /// a guess counts 1 while a guess after it counts its two-move survival, which seems to
    /// overrate progress, as a larger progress weight does on beginner.
    pub deep_lookahead_max_cells: usize,
    /// How many of the best candidates by the one-guess score are looked at two guesses
    /// ahead.
    pub deep_lookahead_candidates: usize,
    /// Call the endgame solver when the position has at most this many layouts; 0 never does.
    pub endgame_max_layouts: u64,
    /// The endgame solver's node budget; over it, the guess heuristic plays instead.
    pub endgame_max_nodes: u64,
    /// Positions with more layouts than [`PlayerConfig::endgame_max_layouts`] and at most
    /// this many also go to the endgame solver, with a budget of layout visits
    /// ([`PlayerConfig::capped_endgame_max_visits`]); 0 sends none.
    pub capped_endgame_max_layouts: u64,
    /// The budget of layout visits ([`EndgameConfig::max_visits`]) of those larger
    /// searches: a bound on their time, where the node budget is not (a node over thousands
    /// of layouts costs far more than one over a few).
    pub capped_endgame_max_visits: u64,
    /// When a larger search is cut by its budget, play the first move of the best strategy
    /// it had found ([`crate::endgame::Endgame::cut_move`]: the simple strategy after each
    /// move, or a move it had solved) instead of the guess heuristic's.
    pub capped_endgame_cut_move: bool,
    /// When the whole position is over the endgame budget, look for isolated regions
    /// (`player/regions.rs`: enclosed parts with a fixed mine count, games of their own)
    /// and play the best move of one with at most this many layouts, found by the endgame
    /// solver; 0 never does.
    pub region_max_layouts: u64,
    /// The endgame solver's node budget for a region.
    pub region_max_nodes: u64,
    /// The budget of each analysis.
    pub solve: SolveConfig,
}

impl PlayerConfig {
    /// The settings of a level, for a game under `rule`.
    pub fn new(level: Level, rule: FirstClickRule) -> PlayerConfig {
        PlayerConfig {
            level,
            rule,
            first_click: None,
            flag_mines: false,
            candidate_tolerance: 0.9,
            max_candidates: 20,
            floating_candidates: 4,
            // JSMinesweeper's scoring (issue 16): floating cells only when at least 0.95 times
            // as safe as the best front cell, the next safety over living cells, best and
            // second best blended 4:1, and progress only breaking ties. Against the player
            // before it (the same but 0.9, every certain cell, the best only, and progress 0.2
            // on intermediate), over the same games (`compare-player`, won only by the old /
            // only by the new): intermediate seeds 16100, 16200, 16300 with 40,000 games each:
            // 414 / 469, 437 / 454, 409 / 482, 145 net of 120,000 (about 0.12 points), and
            // on the held-out series (seed 1, games 0..99,999) 990 / 1,193: 78.48 % against
            // 78.28 %; beginner 60,000 (seed 16400): 66 / 72. Each part alone changed little
            // in games (see docs/BENCHMARKS.md); together, with progress at 0.001, they win.
            // On expert they lost alone, and win with the 50/50 influence (see
            // [`PlayerConfig::tuned_for_density`]).
            floating_tolerance: 0.95,
            second_safety_weight: 0.25,
            living_next_safety: true,
            // Off: it changes almost no game. Paired (won only by the default / only with
            // it): intermediate 4 / 3 of 40,000 (seed 18200).
            living_by_witness: false,
            // Off, as `opening_progress_weight` is: before the first 0 JSMinesweeper's expert
            // guesses beat ours by only +3.1 wins (SE 2.2) per 2,000 games (docs/BENCHMARKS.md,
            // eighth session); `opening_progress_weight=0.1` and `0.5`, paired on expert:
            // 1,135 / 1,167 and 1,193 / 1,199 of 20,000 (seed 19600), noise. This one was not
            // played in games.
            plain_scoring_until_zero: false,
            pseudo_fifty_fifty_first: false,
            // Off on sparser boards: intermediate +16 of 80,000 (docs/BENCHMARKS.md); on at
            // 0.9 on dense ones (see [`PlayerConfig::tuned_for_density`]).
            fifty_influence_weight: 0.0,
            dominance_swap: false,
            // Off: three mechanisms of JSMinesweeper's Java solver that its JavaScript one
            // lacks or does otherwise. They almost never change a move here (the witness
            // test and the look-ahead already rank dead cells last; forced 50/50s go first):
            // 3 of 1,432 expert guesses (`move-changes expert 500 30100 ...`). The three
            // together, paired (won only by the default / only with them): expert 19 / 35 of
            // 80,000 (seeds 30100, 30200, 30500, 30600; the two checking seeds 12 / 14),
            // intermediate 1 / 1 of 40,000 (seed 30700): not kept.
            living_anchor: false,
            single_safest_swap: false,
            pocket_min_cells: 0,
            progress_weight: 0.001,
            opening_progress_weight: None,
            information_weight: 0.0,
            // Neutral on win rate as measured (beginner 20,000 paired games, seeds 1000..:
            // the same outcome in every game; expert 4,000: 5 better, 7 worse; intermediate
            // 20,000: 7 better, 6 worse), since the endgame solver already took most of these
            // 50/50s: it is about the reason shown and taking them before other guesses. It
            // costs about 5 % more CPU per expert game (4.14 against 3.92 ms over 2,000).
            take_forced_guesses_first: true,
            // AUTO's rule against the scoring over the same games (mineseer-lab compare-player;
            // won only by AUTO / only by the scoring): beginner 62 / 55 of 100,000 and 13 / 8
            // of 20,000, expert 249 / 253 of 4,000, intermediate 65 / 85 of 30,000: no gain,
            // so the scoring decides.
            opening_until_zero: false,
            deep_lookahead_max_cells: 0,
            deep_lookahead_candidates: 4,
            // Measured on expert: 200 layouts add about 1.5 points of win rate to either level
            // for 0.2 ms per game; with the slower solver of the time, 1,000 or 2,000 layouts
            // added nothing measurable. Dense boards now go to 5,000 at the full level (see
            // [`PlayerConfig::tuned_for_density`]).
            // Smaller boards gain nothing either: on beginner, 5,000 layouts with a million
            // nodes changed the outcome of none of 20,000 paired games (seeds 1000..; 2,000
            // and 20,000 layouts gave the same 18,300 wins, the latter at 6 times the CPU); on
            // intermediate, 2,000 layouts: 7 games better, 12 worse of 30,000 (seeds 6000..).
            endgame_max_layouts: 200,
            endgame_max_nodes: 20_000,
            capped_endgame_max_layouts: 0,
            capped_endgame_max_visits: 0,
            capped_endgame_cut_move: false,
            // Off: isolated regions almost never arise at guess time (forced 50/50s go first,
            // late positions to the whole-board endgame). At 5,000 layouts and a million
            // nodes, paired (won only by the default / only by the regions): expert 1 / 0 of
            // 20,000 games (seed 17000), intermediate 0 / 0 of 40,000 (seed 17100).
            region_max_layouts: 0,
            region_max_nodes: 20_000,
            solve: SolveConfig::default(),
        }
    }

    /// The same settings with the endgame budget measured best for the board's mine density.
    ///
    /// Until issue 16 the progress weight was 0.2 between 14 % and 18 % mines (intermediate,
    /// 15.6 %: 78.28 % wins against 77.77 % at 0.001 over the same 100,000 games) and 0.001
    /// elsewhere (expert, 20.6 %: 4,043 wins against 4,008 at 0.2 over 10,000 paired games;
    /// beginner, 12.3 %: 91.68 % against 91.64 % over 100,000). With the living, blended
    /// next safety of [`PlayerConfig::new`] it is 0.001 on every board: 0.05 instead on
    /// intermediate won 132 games the 0.001 player lost against 141 the other way (40,000,
    /// seed 16100). The figures below were measured with the scoring before issue 16.
    ///
    /// Other settings measured on beginner over 200,000 paired games
    /// (seeds 5000..; 183,509 wins, 91.75 %) and kept as they are: 8 floating candidates
    /// instead of 4, 14 games better net (61 better, 47 worse) at 1.3 times the CPU; progress
    /// weight 0, 3 worse net. Second safety weight 0.05: 5 worse net of 40,000 (seeds
    /// 2000..); candidate tolerance 0.8 or 0.95, or 40 candidates: no game changed of 40,000
    /// (seeds 1000..; the pruning by safety already leaves only the near-safest).
    ///
    /// The information weight stays 0. On beginner, 0.01 won more games than 0 over two
    /// paired tuning ranges: seeds 7000.., 40,000 games, 53 better and 39 worse; seeds
    /// 8000.., 100,000 games, 110 better and 92 worse (0.005 and 0.015: 4 and 10 net better;
    /// 0.03: 266 net worse over the 40,000). That was 32 games net of 140,000, about two
    /// standard errors, but the held-out series (seed 1, games 0..99,999) then gave 91,641
    /// wins against 91,672 at 0: pooled, no gain, for a fifth more CPU.
    ///
    /// On boards of 18 % mines or more the full level calls the endgame solver up to 5,000
    /// layouts (a million nodes) instead of 200: with the solver's bounds two moves deep (as
    /// it was then) that cost about 10 ms per expert game instead of 4, and won 168 paired
    /// expert games against 121 lost over 40,000 (`compare-player expert N SEED
    /// endgame_max_layouts=5000 endgame_max_nodes=1000000`, seeds 9100 and 9300 with 10,000
    /// games, 9200 with 20,000: 39 / 30, 84 / 59, 45 / 32), about 0.12 points of win rate.
    /// 2,000 layouts gained 31 / 30 of 10,000 (seed 9100); 20,000 layouts cost over 120 ms
    /// per game then, about 18 ms with the solver's group bound, and won 15 games the tuned
    /// player lost against 17 the other way (10,000 games, seed 9100): no gain. With today's
    /// scoring, 10,000 layouts won 20 / 29 (40,000 games, seeds 30300 and 30400) and 20,000
    /// layouts (4 million nodes) 55 / 91 (80,000, seeds 31000-31300; the checking seeds 31200
    /// and 31300 alone 29 / 34), at about twice the CPU of an expert game (`player-work expert
    /// 200 1`: 24.0 and 25.9 ms against 12.1): over the budget. Sparser boards keep 200 (see
    /// `endgame_max_layouts` in [`PlayerConfig::new`]).
    pub fn tuned_for_density(mut self, cells: usize, mines: usize) -> PlayerConfig {
        let density = mines as f64 / cells.max(1) as f64;
        if density >= 0.18 && self.level == Level::Full {
            // Dense boards add JSMinesweeper's 50/50 influence to the scoring of
            // [`PlayerConfig::new`]: together they are its whole guess scoring. Its expert
            // guesses, valued by rollouts, were worth +0.55 points over ours (eighth session,
            // docs/BENCHMARKS.md), and the two together take its cell in 2,258 of the 3,139
            // positions where the two players differed. Paired expert games (won only by
            // the scoring before / only by this one, `compare-player expert 20000 SEED
            // living_next_safety=true second_safety_weight=0.25 floating_tolerance=0.95
            // fifty_influence_weight=0.9` against the player before): seeds 19800, 19900,
            // 20000, 20100: 1,546 / 1,592, 1,567 / 1,629, 1,536 / 1,621, 1,494 / 1,570, 269
            // net of 80,000 (2.4 SE, about +0.34 points: 40.79 % to 41.13 %); its million
            // games (seed 20261130): 41.17 %. CPU: 13.6 ms a game (`player-work expert 500
            // 1`) since the shapes are counted from the turn's analysis. Either part alone did
            // not win on expert: the scoring of [`PlayerConfig::new`] lost (159 / 127 over
            // 15,000, seeds 16500 and 16600), the influence alone won 8 net of 20,000.
            // JSMinesweeper's constants hold here too (40,000 games each, seeds 30300 and
            // 30400, net for the change): influence 1.5 -42, 0.5 -109; second safety weight
            // 1.0 -9, 0.5 -6 (-14 of 80,000), 0.1 -106 (influence 0.5 and weight 0.1 change
            // most guesses before the first 0).
            self.fifty_influence_weight = 0.9;
        } else if density >= 0.18 {
            // The fast level does not look ahead, so these change none of its moves; they
            // stay as they were so that its settings, as `play --json` reports them, do too.
            self.floating_tolerance = 0.0;
            self.second_safety_weight = 0.0;
            self.living_next_safety = false;
        }
        if self.level == Level::Full && density >= 0.18 {
            self.endgame_max_layouts = 5_000;
            self.endgame_max_nodes = 1_000_000;
        }
        self
    }
}

/// What to do with a cell.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Action {
    /// Reveal it.
    Reveal,
    /// Flag it (only ever a certain mine).
    Flag,
}

/// Why the player chose a move.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Reason {
    /// A forced guess ([`crate::dead::forced_guesses`]: a 50/50 pair or a 2x2 box that no
    /// reveal outside it can ever settle), taken as soon as no certain move is left: it must
    /// be taken anyway, and its number may inform the rest of the game.
    ForcedGuess {
        /// The probability that the cell is safe.
        safety: f64,
    },
    /// The first click.
    Opening,
    /// Safe (or, for a flag, a mine) in every consistent layout.
    Certain,
    /// The endgame solver's move, with the chance to win the game from here.
    Endgame {
        /// The exact chance to win under optimal play, as the nearest `f64`.
        win: f64,
    },
    /// A guess, with the chance that the cell is safe.
    Guess {
        /// The probability that the cell is safe.
        safety: f64,
    },
}

/// One move of the player.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Move {
    /// Reveal or flag.
    pub action: Action,
    /// Column.
    pub x: usize,
    /// Row.
    pub y: usize,
    /// Why.
    pub reason: Reason,
}

impl Move {
    /// Plays the move on `game`: reveals the cell, or toggles its flag.
    pub fn play_on(&self, game: &mut Game) -> Result<MoveOutcome, GameError> {
        match self.action {
            Action::Reveal => game.reveal(self.x, self.y),
            Action::Flag => game.toggle_flag(self.x, self.y),
        }
    }
}

/// How much analysing the player did: counted by [`next_moves_counted`], so tests and
/// measurements can see how many analyses a turn costs.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct PlayerWork {
    /// Turns that needed an analysis (every turn but the first click).
    pub turns: u64,
    /// Analyses of a turn's own position, by the player or by the endgame solver it calls.
    pub position_analyses: u64,
    /// Analyses of positions seen in thought: a candidate revealed with one of its numbers.
    pub lookahead_analyses: u64,
    /// Analyses of the closed 50/50 shapes a position may hold (pseudo-50/50s, influence).
    pub shape_analyses: u64,
    /// Endgame searches started (positions within the endgame's layout budget).
    pub endgame_searches: u64,
    /// Of those, the searches that ran out of nodes: the guess scoring then decides.
    pub endgame_node_limits: u64,
    /// Search nodes of every endgame search, finished or not.
    pub endgame_nodes: u64,
}

/// The counts of a turn, kept in cells so that the look-ahead's callbacks can count too.
#[derive(Default)]
struct Work {
    turns: Counter<u64>,
    position: Counter<u64>,
    lookahead: Counter<u64>,
    shapes: Counter<u64>,
    endgame_searches: Counter<u64>,
    endgame_node_limits: Counter<u64>,
    endgame_nodes: Counter<u64>,
}

impl Work {
    fn bump(counter: &Counter<u64>) {
        counter.set(counter.get() + 1);
    }

    fn add_to(&self, total: &mut PlayerWork) {
        total.turns += self.turns.get();
        total.position_analyses += self.position.get();
        total.lookahead_analyses += self.lookahead.get();
        total.shape_analyses += self.shapes.get();
        total.endgame_searches += self.endgame_searches.get();
        total.endgame_node_limits += self.endgame_node_limits.get();
        total.endgame_nodes += self.endgame_nodes.get();
    }
}

/// The best next move. `Ok(None)` when no hidden cell is left to reveal.
pub fn next_move(board: &Board, config: &PlayerConfig) -> Result<Option<Move>, SolveError> {
    Ok(next_moves(board, config)?.into_iter().next())
}

/// The next moves: every certain move at once, or else one move (opening, endgame or guess).
/// Empty when no hidden cell is left to reveal.
pub fn next_moves(board: &Board, config: &PlayerConfig) -> Result<Vec<Move>, SolveError> {
    next_moves_with(board, config, &Work::default())
}

/// [`next_moves`], adding the analyses it made to `work`.
pub fn next_moves_counted(
    board: &Board,
    config: &PlayerConfig,
    work: &mut PlayerWork,
) -> Result<Vec<Move>, SolveError> {
    let counter = Work::default();
    let moves = next_moves_with(board, config, &counter);
    counter.add_to(work);
    moves
}

fn next_moves_with(
    board: &Board,
    config: &PlayerConfig,
    work: &Work,
) -> Result<Vec<Move>, SolveError> {
    if !board.cells().iter().any(|c| c.is_unrevealed()) {
        return Ok(Vec::new());
    }
    if !board.cells().iter().any(|c| matches!(c, Cell::Revealed(_))) {
        let (x, y) = first_click(board, config);
        return Ok(vec![Move {
            action: Action::Reveal,
            x,
            y,
            reason: Reason::Opening,
        }]);
    }
    Work::bump(&work.turns);
    Work::bump(&work.position);
    let analysis = solve_board(board, &config.solve)?;
    let mut view = ProbabilityView::new(board, &analysis);

    let mut certain = Vec::new();
    for idx in board.indices() {
        let (x, y) = board.xy(idx);
        match view.safety(idx) {
            Some(s) if s >= 1.0 && view.is_certain_safe(idx) => certain.push(Move {
                action: Action::Reveal,
                x,
                y,
                reason: Reason::Certain,
            }),
            Some(_) if config.flag_mines && view.is_certain_mine(idx) => certain.push(Move {
                action: Action::Flag,
                x,
                y,
                reason: Reason::Certain,
            }),
            _ => {}
        }
    }
    if certain.iter().any(|m| m.action == Action::Reveal) {
        return Ok(certain);
    }

    if config.take_forced_guesses_first {
        if let Some(forced) = forced_guess_move(board, &analysis, &mut view, config, work) {
            certain.push(forced);
            return Ok(certain);
        }
    }

    if config.opening_until_zero && before_first_opening(board) {
        if let Some(opening) = opening_guess(board, &mut view) {
            certain.push(opening);
            return Ok(certain);
        }
    }

    if let Some(endgame) = endgame_move(board, &analysis, &mut view, config, work)? {
        certain.push(endgame);
        return Ok(certain);
    }

    if config.level == Level::Full {
        if let Some(region) = region_move(board, &analysis, &mut view, config) {
            certain.push(region);
            return Ok(certain);
        }
    }

    let mut long_term = (config.level == Level::Full
        && (config.pseudo_fifty_fifty_first || config.fifty_influence_weight > 0.0))
        .then(|| {
            let mut long_term = LongTerm::new(board, &analysis, &config.solve);
            long_term.scan(|idx| view.is_plainly_dead(idx));
            long_term
        });
    if config.pseudo_fifty_fifty_first {
        if let Some(pseudo) = long_term
            .as_mut()
            .and_then(|lt| pseudo_move(board, &analysis, &mut view, config, work, lt))
        {
            if let Some(lt) = &long_term {
                work.shapes.set(work.shapes.get() + lt.analyses);
            }
            certain.push(pseudo);
            return Ok(certain);
        }
    }
    let config = config.for_guess_on(board);
    let config = config.as_ref();
    let guess = match config.level {
        Level::Fast => fast_guess(board, &mut view),
        Level::Full => full_guess(
            board,
            &analysis,
            &mut view,
            config,
            work,
            long_term.as_mut(),
        ),
    };
    if let Some(lt) = &long_term {
        work.shapes.set(work.shapes.get() + lt.analyses);
    }
    certain.extend(guess);
    Ok(certain)
}

/// How a game played by [`play_game`] went.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PlayedGame {
    /// Whether the player won.
    pub won: bool,
    /// Guesses made (moves whose reason is a guess, or an endgame move that was not safe for
    /// sure, or a first click under the `none` rule).
    pub guesses: u32,
    /// Moves played.
    pub moves: u32,
}

/// Plays a game to the end. Fails only if the engine fails on a position of the game, which
/// would be a bug, or a position beyond the budget.
pub fn play_game(game: &mut Game, config: &PlayerConfig) -> Result<PlayedGame, SolveError> {
    play_game_counted(game, config, &mut PlayerWork::default())
}

/// [`play_game`], adding the analyses of every turn to `work` ([`next_moves_counted`]).
pub fn play_game_counted(
    game: &mut Game,
    config: &PlayerConfig,
    work: &mut PlayerWork,
) -> Result<PlayedGame, SolveError> {
    let mut guesses = 0;
    let mut moves = 0;
    while game.state() == GameState::Playing {
        let batch = next_moves_counted(game.board(), config, work)?;
        if batch.is_empty() {
            break;
        }
        for mv in batch {
            let risky = match mv.reason {
                Reason::Guess { safety } | Reason::ForcedGuess { safety } => safety < 1.0,
                Reason::Endgame { .. } => true,
                Reason::Opening => config.rule == FirstClickRule::None,
                Reason::Certain => false,
            };
            guesses += u32::from(risky && mv.action == Action::Reveal);
            moves += 1;
            // A move on the game's own board cannot be outside it, and the loop stops once
            // the game is over: these results are moves, not errors.
            let _ = mv.play_on(game);
            if game.state() != GameState::Playing {
                break;
            }
        }
    }
    Ok(PlayedGame {
        won: game.state() == GameState::Won,
        guesses,
        moves,
    })
}

/// The first click of a game.
fn first_click(board: &Board, config: &PlayerConfig) -> (usize, usize) {
    config.first_click_cell(board.width(), board.height())
}

impl PlayerConfig {
    /// The cell of the first click on a `width` x `height` board (at least 1 x 1): the one
    /// asked for, else (3,3) under `opening` and a corner otherwise, clamped to the board.
    pub fn first_click_cell(&self, width: usize, height: usize) -> (usize, usize) {
        let clamp = |(x, y): (usize, usize)| {
            (
                x.min(width.saturating_sub(1)),
                y.min(height.saturating_sub(1)),
            )
        };
        match (self.first_click, self.rule) {
            (Some(cell), _) => clamp(cell),
            (None, FirstClickRule::Opening) => clamp((3, 3)),
            (None, _) => (0, 0),
        }
    }
}

/// Per-cell safeties from an analysis, computed once per box (every cell of a box, and every
/// floating cell, has the same probability).
struct ProbabilityView<'a> {
    analysis: &'a Analysis,
    board: &'a Board,
    box_safety: Vec<Option<f64>>,
    floating_safety: Option<f64>,
}

impl<'a> ProbabilityView<'a> {
    fn new(board: &'a Board, analysis: &'a Analysis) -> ProbabilityView<'a> {
        ProbabilityView {
            analysis,
            board,
            box_safety: vec![None; analysis.stats().boxes],
            floating_safety: None,
        }
    }

    /// The chance the cell is safe; `None` for revealed and flagged cells.
    fn safety(&mut self, idx: CellIdx) -> Option<f64> {
        if !self.board.cell(idx).is_unrevealed() {
            return None;
        }
        match self.analysis.class(idx) {
            CellClass::Revealed | CellClass::Flag => None,
            CellClass::Safe => Some(1.0),
            CellClass::Mine => Some(0.0),
            CellClass::Boxed(b) => {
                let slot = &mut self.box_safety[b as usize];
                if slot.is_none() {
                    *slot = self.analysis.probability(idx).map(|p| 1.0 - p);
                }
                *slot
            }
            CellClass::Floating => {
                if self.floating_safety.is_none() {
                    self.floating_safety = self.analysis.probability(idx).map(|p| 1.0 - p);
                }
                self.floating_safety
            }
        }
    }

    /// Safe in every layout, exactly (not a rounded probability).
    fn is_certain_safe(&self, idx: CellIdx) -> bool {
        self.board.cell(idx).is_unrevealed()
            && match self.analysis.class(idx) {
                CellClass::Safe => true,
                CellClass::Boxed(_) | CellClass::Floating => {
                    self.analysis.mine_layouts_ref(idx).is_zero()
                }
                _ => false,
            }
    }

    /// A mine in every layout, exactly.
    fn is_certain_mine(&self, idx: CellIdx) -> bool {
        self.board.cell(idx).is_unrevealed()
            && match self.analysis.class(idx) {
                CellClass::Mine => true,
                CellClass::Boxed(_) | CellClass::Floating => {
                    self.analysis.mine_layouts_ref(idx) == self.analysis.solutions()
                }
                _ => false,
            }
    }

    /// Whether the cell can show one number only, seen cheaply: every hidden neighbour is
    /// certainly safe or certainly a mine. (A sufficient condition: a cell can also be dead
    /// for deeper reasons, which this does not see.)
    fn is_plainly_dead(&self, idx: CellIdx) -> bool {
        self.board
            .neighbours(idx)
            .all(|n| !self.board.cell(n).is_unrevealed() || self.is_settled(n))
    }

    /// Whether the cell is certain either way (safe or mine), exactly.
    fn is_settled(&self, idx: CellIdx) -> bool {
        match self.analysis.class(idx) {
            CellClass::Boxed(_) | CellClass::Floating => {
                let mines = self.analysis.mine_layouts_ref(idx);
                mines.is_zero() || mines == self.analysis.solutions()
            }
            _ => true,
        }
    }

    /// Whether the cell can show one number only, seen through one witness: its hidden
    /// neighbours that are not settled are exactly the unsettled hidden neighbours of some
    /// revealed number (leaving the cell itself out), so their mine count is fixed whenever
    /// the cell is safe. This is the usual dead cell beside a 50/50 pair, which
    /// [`ProbabilityView::is_plainly_dead`] misses. (Still a sufficient condition only.)
    fn is_dead_by_witness(&self, idx: CellIdx) -> bool {
        let unsettled = |around: CellIdx| -> Vec<CellIdx> {
            let mut cells: Vec<CellIdx> = self
                .board
                .neighbours(around)
                .filter(|&n| n != idx && self.board.cell(n).is_unrevealed() && !self.is_settled(n))
                .collect();
            cells.sort_unstable();
            cells
        };
        let own = unsettled(idx);
        let Some(&first) = own.first() else {
            return true;
        };
        // A witness of the whole set is next to each of its cells, so next to the first.
        self.board
            .neighbours(first)
            .any(|w| matches!(self.board.cell(w), Cell::Revealed(_)) && unsettled(w) == own)
    }

    /// Dead as far as [`PlayerConfig::living_by_witness`] looks (the witness test includes
    /// the plain one: no unsettled neighbour at all).
    fn is_dead(&self, idx: CellIdx, by_witness: bool) -> bool {
        if by_witness {
            self.is_dead_by_witness(idx)
        } else {
            self.is_plainly_dead(idx)
        }
    }

    /// The two best safeties over the hidden cells (the same value twice when two cells share
    /// it), and whether some cell is certainly safe. With `living`, cells that plainly can
    /// show one number only ([`ProbabilityView::is_plainly_dead`]) are left out of both: a
    /// certain move there is no progress (JSMinesweeper's living safety).
    fn two_best_safeties(&mut self, living: bool, by_witness: bool) -> (f64, f64, bool) {
        let next = self.next_safeties(living, by_witness);
        (next.best, next.second, next.certain)
    }

    /// [`ProbabilityView::two_best_safeties`], with the safest cell when it is the only one
    /// that safe.
    fn next_safeties(&mut self, living: bool, by_witness: bool) -> NextSafeties {
        let (mut best, mut second) = (0.0f64, 0.0f64);
        let mut best_cell = None;
        let mut certain = false;
        let mut push = |s: f64, idx: CellIdx| {
            if s > best {
                second = best;
                best = s;
                best_cell = Some(idx);
            } else if s > second {
                second = s;
            }
        };
        let mut seen_box = vec![0u8; self.box_safety.len()];
        let mut seen_floating = 0u8;
        for idx in self.board.indices() {
            // Two cells of a group are enough: they share one safety.
            let seen = match self.analysis.class(idx) {
                CellClass::Boxed(b) => &mut seen_box[b as usize],
                CellClass::Floating => &mut seen_floating,
                CellClass::Safe if self.board.cell(idx).is_unrevealed() => {
                    if !living || !self.is_dead(idx, by_witness) {
                        certain = true;
                        push(1.0, idx);
                    }
                    continue;
                }
                _ => continue,
            };
            if *seen >= 2 || (living && self.is_dead(idx, by_witness)) {
                continue;
            }
            *seen += 1;
            if let Some(s) = self.safety(idx) {
                if s >= 1.0 && self.is_certain_safe(idx) {
                    certain = true;
                    push(1.0, idx);
                } else if s < 1.0 {
                    push(s, idx);
                }
            }
        }
        NextSafeties {
            best,
            second,
            certain,
            single_safest: best_cell.filter(|_| best > second),
        }
    }
}

/// The safety of the position after a move: see [`ProbabilityView::next_safeties`].
struct NextSafeties {
    best: f64,
    second: f64,
    certain: bool,
    /// The safest cell, when no other is as safe.
    single_safest: Option<CellIdx>,
}

/// Whether the hidden cell `idx` lies in a space of at least `min_cells` hidden cells, joined
/// by adjacency or across one revealed cell ([`PlayerConfig::pocket_min_cells`]).
fn in_open_space(board: &Board, idx: CellIdx, min_cells: usize) -> bool {
    let is_space = |c: CellIdx| !matches!(board.cell(c), Cell::Revealed(_));
    let mut seen = vec![idx];
    let mut next = 0;
    while next < seen.len() && seen.len() < min_cells {
        let cell = seen[next];
        next += 1;
        for n in board.neighbours(cell) {
            if is_space(n) {
                if !seen.contains(&n) {
                    seen.push(n);
                }
            } else {
                for m in board.neighbours(n) {
                    if is_space(m) && !seen.contains(&m) {
                        seen.push(m);
                    }
                }
            }
        }
    }
    seen.len() >= min_cells
}

/// True when a revealed number lies two cells straight up, down, left or right.
fn two_steps_from_a_number(board: &Board, idx: CellIdx) -> bool {
    let (x, y) = board.xy(idx);
    let (x, y) = (x as isize, y as isize);
    [(2, 0), (-2, 0), (0, 2), (0, -2)].iter().any(|&(dx, dy)| {
        let (nx, ny) = (x + dx, y + dy);
        nx >= 0
            && ny >= 0
            && board
                .idx(nx as usize, ny as usize)
                .is_some_and(|n| matches!(board.cell(n), Cell::Revealed(_)))
    })
}

fn hidden_neighbours(board: &Board, idx: CellIdx) -> usize {
    board
        .neighbours(idx)
        .filter(|&n| board.cell(n).is_unrevealed())
        .count()
}

fn flag_neighbours(board: &Board, idx: CellIdx) -> usize {
    board
        .neighbours(idx)
        .filter(|&n| board.cell(n) == Cell::Flag)
        .count()
}

/// The guessable cells (hidden, not a certain mine) with their safety.
fn guessable(board: &Board, view: &mut ProbabilityView) -> Vec<(CellIdx, f64)> {
    board
        .indices()
        .filter_map(|idx| {
            let safety = view.safety(idx)?;
            (safety > 0.0 && !view.is_certain_mine(idx)).then_some((idx, safety))
        })
        .collect()
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

/// The most information a number can carry: nine values, equally likely.
const MAX_INFORMATION: f64 = 2.197_224_577_336_219_6;

/// A candidate's look-ahead.
struct Lookahead {
    /// Chance of surviving this guess and the best move after it.
    secondary: f64,
    /// Chance that the guess is safe and shows a number that leads to a certain move.
    progress: f64,
    /// Only one number is possible: revealing it teaches nothing.
    dead: bool,
    /// The entropy (in nats) of the number shown, given that the guess is safe.
    information: f64,
    /// The cells certainly safe whatever number the guess shows (so safe whenever the guess
    /// is), in board order; empty when a number could not be analysed.
    common_clears: Vec<CellIdx>,
    /// The cell that is the single safest after every number the guess can show, if one
    /// is (`None` too when a number could not be analysed).
    single_safest: Option<CellIdx>,
}

fn full_guess(
    board: &Board,
    analysis: &Analysis,
    view: &mut ProbabilityView,
    config: &PlayerConfig,
    work: &Work,
    mut long_term: Option<&mut LongTerm>,
) -> Option<Move> {
    let depth = if board.len() <= config.deep_lookahead_max_cells {
        2
    } else {
        1
    };
    let (mut chosen, dead) = best_full_guess(
        board,
        analysis,
        view,
        config,
        depth,
        work,
        long_term.as_deref_mut(),
        &[],
    );
    // Every candidate scored turned out dead (the look-ahead saw one number only, where the
    // witness test did not): with the living anchor, look again without them, so that the
    // living cells they cut off get their turn.
    if config.living_anchor && chosen.is_some_and(|c| c.dead) && !dead.is_empty() {
        let (again, _) =
            best_full_guess(board, analysis, view, config, depth, work, long_term, &dead);
        if again.is_some_and(|c| !c.dead) {
            chosen = again;
        }
    }
    let chosen = chosen?;
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

impl PlayerConfig {
    /// The settings for a guess on `board`: the plain scoring until the first 0 when
    /// [`PlayerConfig::plain_scoring_until_zero`] asks for it, else these.
    fn for_guess_on(&self, board: &Board) -> Cow<'_, PlayerConfig> {
        if self.plain_scoring_until_zero && before_first_opening(board) {
            Cow::Owned(PlayerConfig {
                floating_tolerance: 0.0,
                second_safety_weight: 0.0,
                living_next_safety: false,
                ..self.clone()
            })
        } else {
            Cow::Borrowed(self)
        }
    }

    /// The progress weight on `board`: [`PlayerConfig::opening_progress_weight`] until a 0
    /// is revealed, if set.
    fn progress_weight_on(&self, board: &Board) -> f64 {
        match self.opening_progress_weight {
            Some(weight) if before_first_opening(board) => weight,
            _ => self.progress_weight,
        }
    }
}

/// No 0 revealed yet: the settings for the opening phase hold.
fn before_first_opening(board: &Board) -> bool {
    !board.cells().contains(&Cell::Revealed(0))
}

/// A scored candidate of a guess.
#[derive(Debug, Clone, Copy)]
struct ScoredGuess {
    idx: CellIdx,
    safety: f64,
    score: f64,
    dead: bool,
}

impl ScoredGuess {
    /// Living cells beat dead ones; then the higher score.
    fn beats(&self, other: &ScoredGuess) -> bool {
        (other.dead && !self.dead) || (other.dead == self.dead && self.score > other.score)
    }
}

/// The candidates of a guess at [`Level::Full`], safest first. With
/// [`PlayerConfig::living_anchor`], cells in `known_dead` or seen dead by the witness test
/// are left out (and so set no cut-off), unless every cell is.
fn full_candidates(
    board: &Board,
    analysis: &Analysis,
    view: &mut ProbabilityView,
    config: &PlayerConfig,
    known_dead: &[CellIdx],
) -> Vec<(CellIdx, f64)> {
    let mut cells = guessable(board, view);
    if config.living_anchor {
        let living: Vec<(CellIdx, f64)> = cells
            .iter()
            .copied()
            .filter(|c| !known_dead.contains(&c.0) && !view.is_dead_by_witness(c.0))
            .collect();
        if !living.is_empty() {
            cells = living;
        }
    }
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
    floating.sort_by_key(|c| (hidden_neighbours(board, c.0), c.0));
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
    candidates.sort_by(|a, b| {
        b.1.total_cmp(&a.1)
            .then(hidden_neighbours(board, a.0).cmp(&hidden_neighbours(board, b.0)))
            .then(a.0.cmp(&b.0))
    });
    candidates.truncate(config.max_candidates.max(1));
    candidates
}

/// The best guess of a position at [`Level::Full`], looking `depth` guesses ahead (1 or 2),
/// with its score (`None` when no cell can be guessed), and the candidates the look-ahead
/// found dead. `known_dead`: see [`full_candidates`].
#[allow(clippy::too_many_arguments)]
fn best_full_guess(
    board: &Board,
    analysis: &Analysis,
    view: &mut ProbabilityView,
    config: &PlayerConfig,
    depth: u8,
    work: &Work,
    mut long_term: Option<&mut LongTerm>,
    known_dead: &[CellIdx],
) -> (Option<ScoredGuess>, Vec<CellIdx>) {
    let mut candidates = full_candidates(board, analysis, view, config, known_dead);
    let progress_weight = config.progress_weight_on(board);
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
    if config.pocket_min_cells > 0 {
        let (open, pockets): (Vec<_>, Vec<_>) = candidates
            .iter()
            .partition(|c| in_open_space(board, c.0, config.pocket_min_cells));
        if !open.is_empty() && !pockets.is_empty() {
            candidates = open;
        }
    }
    if candidates.len() == 1 {
        let (idx, safety) = candidates[0];
        let only = ScoredGuess {
            idx,
            safety,
            score: safety,
            dead: false,
        };
        return (Some(only), Vec::new());
    }

    let mut scored: Vec<ScoredGuess> = Vec::new();
    let mut chosen: Option<ScoredGuess> = None;
    let mut chosen_clears: Vec<CellIdx> = Vec::new();
    let mut chosen_single_safest: Option<CellIdx> = None;
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
            // best so far is dead. A deeper look ranks the best few, so it scores them all.
            if depth < 2
                && !best.dead
                && safety * fifty * (1.0 + progress_weight)
                    + config.information_weight * MAX_INFORMATION
                    <= best.score
            {
                continue;
            }
        }
        let Some(look) = lookahead(board, analysis, idx, safety, config, work) else {
            continue;
        };
        let guess = ScoredGuess {
            idx,
            safety,
            score: look.secondary * fifty
                + progress_weight * look.progress
                + config.information_weight * look.information,
            dead: look.dead,
        };
        scored.push(guess);
        if chosen.is_none_or(|best| guess.beats(&best)) {
            chosen = Some(guess);
            chosen_clears = look.common_clears;
            chosen_single_safest = look.single_safest;
        }
    }
    if config.dominance_swap && depth < 2 {
        if let Some(best) = chosen {
            // Safe whenever the chosen guess is, and safer: the safest such candidate.
            let safer = candidates
                .iter()
                .filter(|c| c.1 > best.safety + 0.001 && chosen_clears.binary_search(&c.0).is_ok())
                .max_by(|a, b| a.1.total_cmp(&b.1).then(b.0.cmp(&a.0)));
            if let Some(&(idx, safety)) = safer {
                chosen = Some(ScoredGuess {
                    idx,
                    safety,
                    score: best.score,
                    dead: best.dead,
                });
            }
        }
    }
    if config.single_safest_swap && depth < 2 {
        if let (Some(best), Some(next)) = (chosen, chosen_single_safest) {
            // The cell every outcome of the guess would lead to, if it is safer now.
            if let Some(&(idx, safety)) = candidates
                .iter()
                .find(|c| c.0 == next && c.1 > best.safety + 1e-4)
            {
                chosen = Some(scored.iter().find(|g| g.idx == idx).copied().unwrap_or(
                    ScoredGuess {
                        idx,
                        safety,
                        score: best.score,
                        dead: best.dead,
                    },
                ));
            }
        }
    }
    if depth >= 2 && scored.len() > 1 {
        scored.sort_by(|a, b| {
            a.dead
                .cmp(&b.dead)
                .then(b.score.total_cmp(&a.score))
                .then(a.idx.cmp(&b.idx))
        });
        let mut deep_best: Option<ScoredGuess> = None;
        for guess in scored.iter().take(config.deep_lookahead_candidates.max(1)) {
            if let Some(best) = deep_best {
                if !best.dead
                    && guess.safety * (1.0 + progress_weight)
                        + config.information_weight * MAX_INFORMATION
                        <= best.score
                {
                    continue;
                }
            }
            let score = deep_lookahead(board, analysis, guess.idx, config, work);
            let deep = ScoredGuess { score, ..*guess };
            if deep_best.is_none_or(|best| deep.beats(&best)) {
                deep_best = Some(deep);
            }
        }
        chosen = deep_best.or(chosen);
    }
    let chosen = chosen.or_else(|| {
        candidates.first().map(|&(idx, safety)| ScoredGuess {
            idx,
            safety,
            score: 0.0,
            dead: true,
        })
    });
    let dead = scored.iter().filter(|g| g.dead).map(|g| g.idx).collect();
    (chosen, dead)
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
    let config = config.for_guess_on(board);
    let config = config.as_ref();
    if config.level == Level::Fast {
        let mut cells = guessable(board, &mut view);
        cells.sort_by(|a, b| {
            b.1.total_cmp(&a.1)
                .then(hidden_neighbours(board, a.0).cmp(&hidden_neighbours(board, b.0)))
                .then(a.0.cmp(&b.0))
        });
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
    let progress_weight = config.progress_weight_on(board);
    let mut scored: Vec<(bool, RankedGuess)> = Vec::new();
    for (idx, safety) in full_candidates(board, analysis, &mut view, config, &[]) {
        let fifty = match long_term.as_mut() {
            Some(lt) => 1.0 + config.fifty_influence_weight * lt.influence(idx),
            None => 1.0,
        };
        let Some(look) = lookahead(board, analysis, idx, safety, config, &work) else {
            continue;
        };
        let score = look.secondary * fifty
            + progress_weight * look.progress
            + config.information_weight * look.information;
        scored.push((look.dead, RankedGuess { idx, safety, score }));
    }
    scored.sort_by(|a, b| {
        a.0.cmp(&b.0)
            .then(b.1.score.total_cmp(&a.1.score))
            .then(a.1.idx.cmp(&b.1.idx))
    });
    scored.into_iter().map(|(_, guess)| guess).collect()
}

/// The two-guess look-ahead of a candidate: over each number it can show, the chance of that
/// number times the value of the position after it: 1 when a certain move follows (progress),
/// else the one-guess score of its best guess. The progress bonus is added as at depth 1.
fn deep_lookahead(
    board: &Board,
    analysis: &Analysis,
    idx: CellIdx,
    config: &PlayerConfig,
    work: &Work,
) -> f64 {
    let total = analysis.solutions();
    if total.is_zero() {
        return 0.0;
    }
    let mut score = 0.0;
    for_each_number(
        board,
        analysis,
        idx,
        config,
        work,
        |child, after, weight| {
            let mut view = ProbabilityView::new(child, after);
            let (_, _, certain) =
                view.two_best_safeties(config.living_next_safety, config.living_by_witness);
            let next = if certain || !child.cells().iter().any(|c| c.is_unrevealed()) {
                1.0 + config.progress_weight_on(child)
            } else {
                best_full_guess(child, after, &mut view, config, 1, work, None, &[])
                    .0
                    .map_or(1.0, |g| g.score)
            };
            score += weight * next;
            ControlFlow::Continue(())
        },
    );
    score
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
        let Ok(after) = solve_board_after_reveal(analysis, &work, idx, &config.solve) else {
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
fn lookahead(
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
    let mut information = 0.0;
    let mut remaining = safety;
    let mut common_clears: Option<Vec<CellIdx>> = None;
    // The single safest cell after each number, while they all agree (`Some(None)`: they
    // did not).
    let mut single_safest: Option<Option<CellIdx>> = None;
    for_each_number(
        board,
        analysis,
        idx,
        config,
        counter,
        |work, after, weight| {
            possible_values += 1;
            if config.dominance_swap {
                let clears = common_clears.get_or_insert_with(|| {
                    work.indices()
                        .filter(|&c| c != idx && work.cell(c).is_unrevealed())
                        .collect()
                });
                clears.retain(|&c| match after.class(c) {
                    CellClass::Safe => true,
                    CellClass::Boxed(_) | CellClass::Floating => {
                        after.mine_layouts_ref(c).is_zero()
                    }
                    _ => false,
                });
            }
            remaining -= weight;
            if safety > 0.0 && weight > 0.0 {
                let p = weight / safety;
                information -= p * p.ln();
            }
            let mut view = ProbabilityView::new(work, after);
            let next = view.next_safeties(config.living_next_safety, config.living_by_witness);
            let (best, second, certain) = (next.best, next.second, next.certain);
            single_safest = match single_safest {
                None => Some(next.single_safest),
                Some(agreed) => Some(agreed.filter(|&c| next.single_safest == Some(c))),
            };
            // JSMinesweeper's blended safety: mostly the best next move, a little the one after.
            let w = config.second_safety_weight;
            let next_safety = (best + w * second) / (1.0 + w);
            secondary += weight * next_safety;
            if certain {
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
    // A number that could not be analysed leaves the clears unknown.
    let (common_clears, single_safest) = if remaining > 1e-9 {
        (Vec::new(), None)
    } else {
        (common_clears.unwrap_or_default(), single_safest.flatten())
    };
    Some(Lookahead {
        secondary,
        progress,
        dead: possible_values <= 1,
        information,
        common_clears,
        single_safest,
    })
}

/// AUTO's opening guess ([`PlayerConfig::opening_until_zero`]): among hidden border cells the
/// engine does not prove to be mines, a corner first, then the one farthest (in king moves)
/// from every revealed cell; the first in board order among equals.
fn opening_guess(board: &Board, view: &mut ProbabilityView) -> Option<Move> {
    let (width, height) = (board.width(), board.height());
    let revealed: Vec<(usize, usize)> = board
        .indices()
        .filter(|&i| matches!(board.cell(i), Cell::Revealed(_)))
        .map(|i| board.xy(i))
        .collect();
    let mut best: Option<(CellIdx, (bool, usize))> = None;
    for idx in board.indices() {
        let (x, y) = board.xy(idx);
        let on_border = x == 0 || y == 0 || x + 1 == width || y + 1 == height;
        if !on_border || board.cell(idx) != Cell::Hidden || view.is_certain_mine(idx) {
            continue;
        }
        let corner = (x == 0 || x + 1 == width) && (y == 0 || y + 1 == height);
        let distance = revealed
            .iter()
            .map(|&(rx, ry)| rx.abs_diff(x).max(ry.abs_diff(y)))
            .min()
            .unwrap_or(usize::MAX);
        let key = (corner, distance);
        if best.is_none_or(|(_, best_key)| key > best_key) {
            best = Some((idx, key));
        }
    }
    let (idx, _) = best?;
    let (x, y) = board.xy(idx);
    Some(Move {
        action: Action::Reveal,
        x,
        y,
        reason: Reason::Guess {
            safety: view.safety(idx)?,
        },
    })
}

/// A cell of a forced guess, when the position has one: the safest cell of any group; among
/// equally safe cells, at [`Level::Full`] the best look-ahead score (the number that teaches
/// most), at [`Level::Fast`] board order. `None` also when the search for forced guesses
/// fails (over the budget): the other phases then play as if there were none.
fn forced_guess_move(
    board: &Board,
    analysis: &Analysis,
    view: &mut ProbabilityView,
    config: &PlayerConfig,
    work: &Work,
) -> Option<Move> {
    let groups = forced_guesses(board, analysis, &config.solve).ok()?;
    let cells = groups.iter().flat_map(|g| g.cells().iter().copied());
    let score_ties = config.level == Level::Full;
    let (idx, safety) =
        safest_by_lookahead(board, analysis, view, config, work, cells, score_ties)?;
    let (x, y) = board.xy(idx);
    Some(Move {
        action: Action::Reveal,
        x,
        y,
        reason: Reason::ForcedGuess { safety },
    })
}

/// The best pseudo-50/50 (`player/long_term.rs`), when the scan found one: the best
/// look-ahead score among the safest of them.
fn pseudo_move(
    board: &Board,
    analysis: &Analysis,
    view: &mut ProbabilityView,
    config: &PlayerConfig,
    work: &Work,
    long_term: &LongTerm,
) -> Option<Move> {
    let cells = long_term.pseudos().iter().copied();
    let (idx, safety) = safest_by_lookahead(board, analysis, view, config, work, cells, true)?;
    let (x, y) = board.xy(idx);
    Some(Move {
        action: Action::Reveal,
        x,
        y,
        reason: Reason::Guess { safety },
    })
}

/// The safest of `cells` (those that can be safe at all), with its safety; among equally safe
/// cells the best look-ahead score when `score_ties`, else the first.
fn safest_by_lookahead(
    board: &Board,
    analysis: &Analysis,
    view: &mut ProbabilityView,
    config: &PlayerConfig,
    work: &Work,
    cells: impl Iterator<Item = CellIdx>,
    score_ties: bool,
) -> Option<(CellIdx, f64)> {
    let mut cells: Vec<(CellIdx, f64)> = cells
        .filter_map(|idx| view.safety(idx).map(|s| (idx, s)))
        .filter(|c| c.1 > 0.0)
        .collect();
    let best = cells.iter().map(|c| c.1).fold(0.0, f64::max);
    cells.retain(|c| c.1 >= best - 1e-9);
    let mut chosen = *cells.first()?;
    if score_ties && cells.len() > 1 {
        let mut best_score = f64::NEG_INFINITY;
        for &(idx, safety) in &cells {
            let Some(look) = lookahead(board, analysis, idx, safety, config, work) else {
                continue;
            };
            let score = look.secondary
                + config.progress_weight_on(board) * look.progress
                + config.information_weight * look.information;
            if score > best_score {
                best_score = score;
                chosen = (idx, safety);
            }
        }
    }
    Some(chosen)
}

/// The best move of an isolated region (`player/regions.rs`), when the position has one
/// within [`PlayerConfig::region_max_layouts`], solved within budget. The region is a game of
/// its own that must be won anyway, so its optimal move is optimal now whatever the rest
/// holds. The reason shown is a guess with the cell's safety: the endgame's win chance would
/// be the region's, not the game's.
fn region_move(
    board: &Board,
    analysis: &Analysis,
    view: &mut ProbabilityView,
    config: &PlayerConfig,
) -> Option<Move> {
    if config.region_max_layouts == 0 {
        return None;
    }
    let endgame_config = EndgameConfig {
        max_layouts: config.region_max_layouts,
        max_nodes: config.region_max_nodes,
        solve: config.solve.clone(),
        ..EndgameConfig::default()
    };
    for region in regions::isolated_regions(board, analysis) {
        let Some((small, (x0, y0))) = regions::region_board(board, analysis, &region) else {
            continue;
        };
        let Ok(endgame) = solve_endgame(&small, &endgame_config) else {
            continue;
        };
        let Some((x, y)) = endgame.best_move() else {
            continue;
        };
        let (x, y) = (x + x0, y + y0);
        let idx = board.idx(x, y)?;
        let safety = view.safety(idx)?;
        return Some(Move {
            action: Action::Reveal,
            x,
            y,
            reason: Reason::Guess { safety },
        });
    }
    None
}

/// The endgame solver's move, when the position is small enough and solved within budget.
fn endgame_move(
    board: &Board,
    analysis: &Analysis,
    view: &mut ProbabilityView,
    config: &PlayerConfig,
    work: &Work,
) -> Result<Option<Move>, SolveError> {
    let within = |layouts: u64| layouts > 0 && analysis.solutions() <= &BigUint::from(layouts);
    let capped = if within(config.endgame_max_layouts) {
        false
    } else if within(config.capped_endgame_max_layouts) {
        true
    } else {
        return Ok(None);
    };
    let endgame_config = EndgameConfig {
        max_layouts: config
            .endgame_max_layouts
            .max(config.capped_endgame_max_layouts),
        max_nodes: config.endgame_max_nodes,
        max_visits: if capped {
            config.capped_endgame_max_visits
        } else {
            u64::MAX
        },
        solve: config.solve.clone(),
        ..EndgameConfig::default()
    };
    // The turn's analysis is passed on: the position is not analysed again (the test
    // `one_analysis_of_the_position_per_turn` checks it).
    let endgame = solve_endgame_analysed(board, analysis, &endgame_config)?;
    Work::bump(&work.endgame_searches);
    work.endgame_nodes
        .set(work.endgame_nodes.get() + endgame.nodes());
    if endgame.ran_out_of_nodes() {
        Work::bump(&work.endgame_node_limits);
        // The search was cut, but it had a strategy: its first move. Its win chance is only
        // a lower bound, so it is shown as the guess it is.
        let cut_move = endgame
            .cut_move()
            .filter(|_| capped && config.capped_endgame_cut_move);
        if let Some(&((x, y), _)) = cut_move {
            let safety = board.idx(x, y).and_then(|idx| view.safety(idx));
            if let Some(safety) = safety {
                return Ok(Some(Move {
                    action: Action::Reveal,
                    x,
                    y,
                    reason: Reason::Guess { safety },
                }));
            }
        }
    }
    let (Some((x, y)), Some(win)) = (endgame.best_move(), endgame.win_f64()) else {
        return Ok(None);
    };
    Ok(Some(Move {
        action: Action::Reveal,
        x,
        y,
        reason: Reason::Endgame { win },
    }))
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;

    use super::test_positions::analysed_positions;
    use super::*;

    /// Every cell the witness test calls dead shows one number in every layout where it is
    /// safe (brute force), and the test sees dead cells the plain test misses.
    #[test]
    fn a_cell_dead_by_witness_shows_one_number() {
        let (mut dead, mut beyond_plain) = (0, 0);
        for (board, analysis, brute) in analysed_positions(31) {
            let view = ProbabilityView::new(&board, &analysis);
            for idx in board.indices() {
                if board.cell(idx) != Cell::Hidden || !view.is_dead_by_witness(idx) {
                    continue;
                }
                let numbers: BTreeSet<usize> = brute
                    .layouts
                    .iter()
                    .filter(|layout| !layout.contains(&idx.get()))
                    .map(|layout| {
                        board
                            .neighbours(idx)
                            .filter(|n| board.cell(*n) == Cell::Flag || layout.contains(&n.get()))
                            .count()
                    })
                    .collect();
                assert!(numbers.len() <= 1, "{board:?}\n{idx:?} shows {numbers:?}");
                dead += 1;
                beyond_plain += usize::from(!view.is_plainly_dead(idx));
            }
        }
        assert!(
            dead > 1_000 && beyond_plain > 100,
            "{dead} dead, {beyond_plain} beyond plain"
        );
    }

    /// The single safest cell after a move is the one hidden cell strictly safer than every
    /// other, counted by brute force; none when two share the best safety.
    #[test]
    fn the_single_safest_cell_is_strictly_safest() {
        let (mut single, mut shared) = (0, 0);
        for (board, analysis, brute) in analysed_positions(37) {
            if brute.layouts.is_empty() {
                continue;
            }
            let mut view = ProbabilityView::new(&board, &analysis);
            let next = view.next_safeties(false, false);
            // Layouts where each hidden cell is safe, exactly.
            let safe: Vec<(CellIdx, usize)> = board
                .indices()
                .filter(|&idx| board.cell(idx) == Cell::Hidden)
                .map(|idx| {
                    let mines = brute
                        .layouts
                        .iter()
                        .filter(|l| l.contains(&idx.get()))
                        .count();
                    (idx, brute.layouts.len() - mines)
                })
                .collect();
            let most = safe.iter().map(|c| c.1).max().unwrap_or(0);
            let safest: Vec<CellIdx> = safe.iter().filter(|c| c.1 == most).map(|c| c.0).collect();
            if most == 0 {
                continue;
            }
            if safest.len() == 1 {
                assert_eq!(next.single_safest, Some(safest[0]), "{board:?}");
                single += 1;
            } else {
                assert_eq!(next.single_safest, None, "{board:?}");
                shared += 1;
            }
        }
        assert!(
            single > 1_000 && shared > 1_000,
            "{single} single, {shared} shared"
        );
    }

    /// With the living anchor, no cell known dead (by the witness test or given) is a
    /// candidate while a living one is guessable, and living cells the dead ones cut off
    /// come in.
    #[test]
    fn the_living_anchor_leaves_dead_cells_out() {
        let plain = PlayerConfig::new(Level::Full, FirstClickRule::Safe);
        let anchored = PlayerConfig {
            living_anchor: true,
            ..plain.clone()
        };
        let (mut checked, mut widened) = (0, 0);
        for (board, analysis, _) in analysed_positions(41) {
            let mut view = ProbabilityView::new(&board, &analysis);
            let cells = guessable(&board, &mut view);
            // One living cell taken as known dead, as the look-ahead would find it.
            let Some(&(given, _)) = cells.iter().find(|c| !view.is_dead_by_witness(c.0)) else {
                continue;
            };
            let is_dead =
                |view: &ProbabilityView, idx: CellIdx| idx == given || view.is_dead_by_witness(idx);
            if cells.iter().all(|c| is_dead(&view, c.0)) {
                continue;
            }
            let before = full_candidates(&board, &analysis, &mut view, &plain, &[given]);
            let after = full_candidates(&board, &analysis, &mut view, &anchored, &[given]);
            assert!(!after.is_empty(), "{board:?}");
            for c in &after {
                assert!(!is_dead(&view, c.0), "{board:?}\n{c:?} is dead");
            }
            checked += 1;
            widened += usize::from(after.iter().any(|c| !before.contains(c)));
        }
        assert!(
            checked > 1_000 && widened > 100,
            "{checked} checked, {widened} widened"
        );
    }

    /// A pocket walled off by two rows of revealed cells is small; one revealed cell between
    /// two spaces joins them.
    #[test]
    fn small_pockets_are_told_from_open_space() {
        // Three hidden cells in the top-left corner behind a wall two cells thick, and the
        // rest of the board open. (Only which cells are revealed matters here, not their
        // numbers.)
        let walled =
            crate::formats::parse_mine("6x6x1\nHH000H\nH0000H\n00000H\n0000HH\nHHHHHH\nHHHHHH")
                .unwrap();
        let corner = walled.idx(0, 0).unwrap();
        assert!(!in_open_space(&walled, corner, 4));
        assert!(in_open_space(&walled, corner, 3));
        assert!(in_open_space(&walled, walled.idx(5, 5).unwrap(), 8));
        // The same corner behind a wall one cell thick reaches the open space across it.
        let thin =
            crate::formats::parse_mine("6x6x1\nHH0HHH\nH00HHH\n00HHHH\nHHHHHH\nHHHHHH\nHHHHHH")
                .unwrap();
        assert!(in_open_space(&thin, thin.idx(0, 0).unwrap(), 8));
    }

    /// The opening progress weight holds until the first 0 and no longer; unset, the plain
    /// weight holds throughout.
    #[test]
    fn the_opening_progress_weight_holds_until_the_first_zero() {
        let before = crate::formats::parse_mine("3x3x1\n1HH\nHHH\nHHH").unwrap();
        let after = crate::formats::parse_mine("3x3x1\n01H\n01H\nHHH").unwrap();
        let plain = PlayerConfig::new(Level::Full, FirstClickRule::Safe);
        let opening = PlayerConfig {
            opening_progress_weight: Some(0.5),
            ..plain.clone()
        };
        assert_eq!(opening.progress_weight_on(&before), 0.5);
        assert_eq!(opening.progress_weight_on(&after), plain.progress_weight);
        assert_eq!(plain.progress_weight_on(&before), plain.progress_weight);
    }

    /// The plain scoring holds until the first 0, and only when asked for.
    #[test]
    fn the_plain_scoring_holds_until_the_first_zero() {
        let before = crate::formats::parse_mine("3x3x1\n1HH\nHHH\nHHH").unwrap();
        let after = crate::formats::parse_mine("3x3x1\n01H\n01H\nHHH").unwrap();
        let package = PlayerConfig::new(Level::Full, FirstClickRule::Safe);
        assert!(package.living_next_safety && package.second_safety_weight > 0.0);
        let asked = PlayerConfig {
            plain_scoring_until_zero: true,
            ..package.clone()
        };
        let early = asked.for_guess_on(&before);
        assert!(!early.living_next_safety);
        assert_eq!(early.second_safety_weight, 0.0);
        assert_eq!(early.floating_tolerance, 0.0);
        assert_eq!(*asked.for_guess_on(&after), asked);
        assert_eq!(*package.for_guess_on(&before), package);
    }
}
