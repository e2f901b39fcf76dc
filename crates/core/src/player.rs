//! The auto-player: at every turn, the move to play and the reason a page can show.
//!
//! [`next_moves`] looks at the player's view only (a [`Board`]: it never sees the mines) and
//! goes through these phases, the first that yields a move wins:
//! 1. **Opening**: nothing revealed yet: the first click, at a corner under `safe` and `none`
//!    (three neighbours: the best chance of a 0), at (3,3) clamped to the board under
//!    `opening`, or where the caller asks ([`PlayerConfig::first_click`]).
//! 2. **Certain**: one exact analysis ([`solve_board`]); every cell with probability 0 is
//!    revealed (all of them at once: they stay safe whatever the others show). Certain mines
//!    are flagged only when [`PlayerConfig::flag_mines`] asks for it.
//! 3. **Forced guess**: when the position holds a forced guess ([`crate::dead::forced_guesses`]:
//!    a 50/50 pair or 2x2 box that no reveal outside it can ever settle), its safest cell is
//!    played now ([`Reason::ForcedGuess`]): it must be taken anyway, so taking it first risks
//!    nothing more, and its number may spare a guess elsewhere. (Measured neutral on win rate,
//!    since the endgame solver took most of these 50/50s anyway: beginner 20,000 paired games
//!    the same, expert 4,000 5 better / 7 worse, intermediate 20,000 7 / 6; it is about the
//!    reason shown and taking them before other guesses.)
//! 4. **Endgame**: when few layouts are left ([`PlayerConfig::endgame_max_layouts`]), the exact
//!    endgame solver ([`crate::endgame`]) plays the move with the best chance to win.
//! 5. **Guess**: at [`Level::Fast`] the safest cell, ties broken by fewer hidden neighbours
//!    (corners, edges, cells off the front), which favours the chance of a 0. At
//!    [`Level::Full`] the candidates are the cells whose safety is within
//!    [`PlayerConfig::candidate_tolerance`] of the best, and a few floating cells (off the
//!    front) when they are nearly as safe as the best front cell
//!    ([`PlayerConfig::floating_tolerance`]). Each candidate is revealed in thought with every
//!    number it can show; the exact engine then says how likely each number is and how safe
//!    the best moves after it would be. The score is this **secondary safety**, the chance of
//!    surviving the guess *and* the next move, over **living** cells only (a certain move
//!    counts as safety 1, which rewards **progress**, unless the cell plainly can show one
//!    number only), the best and second-best next safety blended 4:1
//!    ([`PlayerConfig::second_safety_weight`]; JSMinesweeper's scoring), with a small bonus
//!    for progress ([`PlayerConfig::progress_weight`]) and, on dense boards, the 50/50
//!    influence (`player/long_term.rs`, [`PlayerConfig::fifty_influence_weight`]).
//!    Candidates that can show only one number are **dead** (they teach nothing) and are
//!    played only when every candidate is dead.
//!
//! Mechanisms that lost their paired games left with their settings (issue 31; their results
//! are in the journal and their code in git): AUTO's opening rule until the first 0, the
//! isolated regions solved alone, a larger endgame budget capped by layout visits, pseudo-50/50s
//! taken first, dominance and single-safest swaps, the living anchor, small pockets deferred,
//! the witness test of dead cells, the plain scoring and its own progress weight before the
//! first 0, an information bonus, a two-guess look-ahead on small boards, and rollouts on
//! close calls (the endgame estimate, [`crate::estimate`], is the one rollout
//! implementation).
//!
//! The player never reveals a cell the engine proves is a mine and never flags one it does
//! not prove is a mine.
//!
//! The settings' measured effects quoted below are paired comparisons over the same games
//! (`mineseer-lab compare-player`: each game played by both players, the games only one wins
//! counted).

mod long_term;
#[cfg(test)]
pub(crate) mod test_positions;

use std::cell::Cell as Counter;
use std::ops::ControlFlow;

use num_bigint::BigUint;
use num_traits::Zero;

use crate::board::{Board, Cell, CellIdx};
use crate::combinatorics::ratio_to_f64;
use crate::dead::forced_guesses;
use crate::endgame::{solve_endgame_analysed, EndgameConfig};
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

/// The settings of the player: what the two levels, the CLI and the page set, and the
/// constants of the full level's guess scoring. Each one says who sets it; the mechanisms that
/// lost their paired games left with their settings (issue 31; their results are in the
/// journal, their code in git).
#[derive(Debug, Clone, PartialEq)]
pub struct PlayerConfig {
    /// How hard to think before a guess: [`Level::Full`] for the page's player and
    /// `mineseer play`; [`Level::Fast`] for `play --fast`, the wasm exports' `level: "fast"`
    /// and the endgame estimate's rollouts where the full level is too slow
    /// (`estimate::affordable_level`).
    pub level: Level,
    /// The game's first-click rule, which decides where the first click goes (and whether it
    /// counts as a guess): every caller passes its game's.
    pub rule: FirstClickRule,
    /// Where to click first, instead of the rule's default: `mineseer play --first-click`.
    pub first_click: Option<(usize, usize)>,
    /// Flag the certain mines: the page does, to show them; `mineseer play` does not. (A
    /// flagged board is read a little differently by the look-ahead's tie-breaks, so a few
    /// games go otherwise: 821 against 823 of 2,000 expert games, `mineseer-lab move-digest
    /// expert 2000 1 [flags]`.)
    pub flag_mines: bool,
    /// Full level: the candidates for a guess have a safety at least this fraction of the
    /// best safety (0.9; JSMinesweeper's `HARD_CUT_OFF` is the same idea at 0.90), and so do
    /// the cells the 50/50 influence brings in. 0.8, 0.95 and 40 candidates changed no game
    /// of 40,000 on beginner (see [`PlayerConfig::tuned_for_density`]).
    pub candidate_tolerance: f64,
    /// Full level: the most candidates examined in depth, safest first (20).
    pub max_candidates: usize,
    /// Full level: of the floating cells (off the front, all equally safe), how many of
    /// those with the fewest hidden neighbours, and how many of those two steps from a
    /// number, are candidates (4; 8 gained nothing measurable on beginner for 1.3 times the
    /// CPU).
    pub floating_candidates: usize,
    /// Full level: floating cells are candidates only when their safety is at least this
    /// fraction of the best safety on the front, when the front has a guessable cell (0.95:
    /// JSMinesweeper's `OFF_EDGE_THRESHOLD`, part of its scoring that won on intermediate and,
    /// with the 50/50 influence, on expert). 0 leaves them to
    /// [`PlayerConfig::candidate_tolerance`] like the front's cells.
    pub floating_tolerance: f64,
    /// Full level: the weight of progress (the chance that a guess leads to a certain move) in
    /// a guess's score, on top of the secondary safety (0.001: it only breaks near-ties);
    /// `mineseer play --progress-weight` sets it for measurements.
    pub progress_weight: f64,
    /// Full level: how much the second-safest living cell counts, against 1 for the safest,
    /// in the safety of the position after a guess (0.25: JSMinesweeper's "blended safety",
    /// part of the same scoring); 0 counts the safest only.
    pub second_safety_weight: f64,
    /// Full level on dense boards (0.9 from 18 % mines, 0 below: see
    /// [`PlayerConfig::tuned_for_density`]): the weight of a candidate's 50/50 influence
    /// (`player/long_term.rs`) in its score, which is multiplied by 1 + weight x influence /
    /// safe layouts; cells with a large influence join the candidates. 0 turns it off.
    pub fifty_influence_weight: f64,
    /// Both levels: call the endgame solver when the position has at most this many layouts
    /// (200; 5,000 at the full level on dense boards); 0 never does. `mineseer play
    /// --endgame-layouts` sets it for measurements.
    pub endgame_max_layouts: u64,
    /// Both levels: the endgame solver's node budget (20,000; a million with the 5,000
    /// layouts); over it, the guess heuristic plays instead. `mineseer play --endgame-nodes`
    /// sets it for measurements.
    pub endgame_max_nodes: u64,
    /// The budget of each analysis: the engine's default everywhere.
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
            // Off on sparser boards: intermediate +16 of 80,000 (docs/BENCHMARKS.md); on at
            // 0.9 on dense ones (see [`PlayerConfig::tuned_for_density`]).
            fifty_influence_weight: 0.0,
            progress_weight: 0.001,
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
            solve: SolveConfig::default(),
        }
    }

    /// The same settings tuned for the board's mine density, as every game of a level is (the
    /// CLI, the page, the estimate): on dense boards the full level adds the 50/50 influence
    /// and a larger endgame budget.
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
    /// An information bonus (the entropy of the number a guess shows) was not kept (it left
    /// with its setting in issue 31). On beginner, a weight of 0.01 won more games than 0 over
    /// two paired tuning ranges: seeds 7000.., 40,000 games, 53 better and 39 worse; seeds
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

    if let Some(forced) = forced_guess_move(board, &analysis, &mut view, config, work) {
        certain.push(forced);
        return Ok(certain);
    }

    if let Some(endgame) = endgame_move(board, &analysis, config, work)? {
        certain.push(endgame);
        return Ok(certain);
    }

    let mut long_term =
        (config.level == Level::Full && config.fifty_influence_weight > 0.0).then(|| {
            let mut long_term = LongTerm::new(board, &analysis, &config.solve);
            long_term.scan(|idx| view.is_plainly_dead(idx));
            long_term
        });
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

    /// The two best safeties over the living hidden cells (the same value twice when two cells
    /// share it), and whether some living cell is certainly safe. Cells that plainly can show
    /// one number only ([`ProbabilityView::is_plainly_dead`]) are left out of all three: a
    /// certain move there is no progress (JSMinesweeper's "living safety"; the plain next
    /// safety over every cell lost to it, with the rest of its scoring, in issue 16).
    fn next_safeties(&mut self) -> NextSafeties {
        let (mut best, mut second) = (0.0f64, 0.0f64);
        let mut certain = false;
        let mut push = |s: f64| {
            if s > best {
                second = best;
                best = s;
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
                    if !self.is_plainly_dead(idx) {
                        certain = true;
                        push(1.0);
                    }
                    continue;
                }
                _ => continue,
            };
            if *seen >= 2 || self.is_plainly_dead(idx) {
                continue;
            }
            *seen += 1;
            if let Some(s) = self.safety(idx) {
                if s >= 1.0 && self.is_certain_safe(idx) {
                    certain = true;
                    push(1.0);
                } else if s < 1.0 {
                    push(s);
                }
            }
        }
        NextSafeties {
            best,
            second,
            certain,
        }
    }
}

/// The safety of the position after a move: see [`ProbabilityView::next_safeties`].
struct NextSafeties {
    best: f64,
    second: f64,
    certain: bool,
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

/// A candidate's look-ahead.
struct Lookahead {
    /// Chance of surviving this guess and the best move after it.
    secondary: f64,
    /// Chance that the guess is safe and shows a number that leads to a certain move.
    progress: f64,
    /// Only one number is possible: revealing it teaches nothing.
    dead: bool,
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
    dead: bool,
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
    scored.sort_by(|a, b| {
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
            let score = look.secondary + config.progress_weight * look.progress;
            if score > best_score {
                best_score = score;
                chosen = (idx, safety);
            }
        }
    }
    Some(chosen)
}

/// The endgame solver's move, when the position is small enough and solved within budget.
fn endgame_move(
    board: &Board,
    analysis: &Analysis,
    config: &PlayerConfig,
    work: &Work,
) -> Result<Option<Move>, SolveError> {
    let layouts = config.endgame_max_layouts;
    if layouts == 0 || analysis.solutions() > &BigUint::from(layouts) {
        return Ok(None);
    }
    let endgame_config = EndgameConfig {
        max_layouts: layouts,
        max_nodes: config.endgame_max_nodes,
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
