//! The endgame estimate: a win chance and a best move where the exact search
//! ([`crate::endgame`]) cannot go.
//!
//! Over its budget the exact search says "too large", which is most of a game (a position
//! with 10^15 layouts will never be searched). The estimate answers there, honestly:
//! 1. **Plan** ([`plan`]): the candidate first moves. The auto-player's own move comes first
//!    (the full level's, the page's auto-player; when it is certainly safe it is the only
//!    one: revealing a certainly safe cell never lowers the chance to win, so it is a best
//!    move), then its next best guesses by its own score, then the safest cells, up to
//!    [`EstimateConfig::candidates`].
//! 2. **Rollouts** ([`Rollouts`]): layout number `i` is drawn exactly uniformly among the
//!    position's layouts ([`crate::sample`]) from a generator seeded by `(seed, i)` alone, and
//!    played to the end by the auto-player after each candidate. The same layouts serve every
//!    candidate (common random numbers), so their differences are measured far more precisely
//!    than their levels. A layout's result is which candidates won on it, a bit each.
//! 3. **Tally** ([`Tally`]): how many layouts ended with each set of winners. Tallies add up,
//!    so layouts can be played in any order, by any number of threads or workers, in batches,
//!    and the same seed and layouts give the same tally.
//! 4. **Summary** ([`summarize`]): each candidate's wins out of the layouts played with a 95 %
//!    Wilson interval, the paired difference to the best with its 95 % interval, and the
//!    move to play: the best candidate, unless the auto-player's move is not separated from
//!    it by the paired interval, in which case the two are about equal and the auto-player's
//!    move stays.
//!
//! What is estimated is the value of "this move, then the auto-player's play": optimal play
//! can only do better, so the position's win chance is *at least about* the best candidate's.
//! Tests hold the intervals against the exact value of the same policy, computed by playing
//! every layout of small positions (`tests/integration/estimate_vs_exact.rs`).

use std::ops::Range;

use crate::board::{Board, Cell};
use crate::engine::probability::{Analysis, SolveConfig};
use crate::error::SolveError;
use crate::game::{FirstClickRule, Game};
use crate::player::{
    next_moves, ranked_guesses, wins_after_reveal, Action, Level, Move, MoveMemo, PlayerConfig,
    Reason,
};
use crate::rng::{derive_seed, GameRng};
use crate::sample::LayoutSampler;

mod tally;
pub use tally::Tally;

/// The most candidates one estimate compares: a layout's result is one bit per candidate,
/// and a tally keeps a count for each set of winners (2^8 of them).
pub const MAX_CANDIDATES: usize = 8;

/// The two-sided 95 % normal quantile.
const Z95: f64 = 1.959_963_984_540_054;

/// The settings of an estimate.
#[derive(Debug, Clone, PartialEq)]
pub struct EstimateConfig {
    /// How many candidate first moves to compare (1 to [`MAX_CANDIDATES`]).
    pub candidates: usize,
    /// The seed of the layouts: layout `i` depends on this and `i` only.
    pub seed: u64,
    /// The level of the auto-player that plays the rollouts (and ranks the candidates).
    pub level: Level,
    /// The budget of each analysis.
    pub solve: SolveConfig,
}

impl Default for EstimateConfig {
    fn default() -> EstimateConfig {
        EstimateConfig {
            candidates: 4,
            seed: 1,
            level: Level::Full,
            solve: SolveConfig::default(),
        }
    }
}

impl EstimateConfig {
    /// The auto-player of the rollouts on `board`: the level's settings, tuned for the
    /// board's mine density as every game of that level is.
    pub fn player(&self, board: &Board) -> PlayerConfig {
        self.player_at(board, self.level)
    }

    /// The auto-player whose move and guesses are the candidates: the full level, the page's
    /// auto-player, whatever level plays the rollouts.
    pub fn chooser(&self, board: &Board) -> PlayerConfig {
        self.player_at(board, Level::Full)
    }

    fn player_at(&self, board: &Board, level: Level) -> PlayerConfig {
        PlayerConfig {
            solve: self.solve.clone(),
            ..PlayerConfig::new(level, FirstClickRule::Safe)
                .tuned_for_density(board.len(), board.mines())
        }
    }
}

/// The level of the auto-player that an estimate can afford on `board`: the full level on
/// boards of under [`FULL_LEVEL_MAX_DENSITY`] mines (beginner, intermediate), the fast level on
/// denser ones (expert). On dense boards the full level hands every position of up to 5,000
/// layouts to the exact endgame solver (a million nodes), which makes a late rollout about 75
/// times dearer than the fast level's: 16 games per CPU-second against 1,191 from a late expert
/// position, 117 against 390 from the first guess (docs/journal/endgame.md, "The endgame
/// estimate").
pub fn affordable_level(board: &Board) -> Level {
    let density = board.mines() as f64 / board.len().max(1) as f64;
    if density < FULL_LEVEL_MAX_DENSITY {
        Level::Full
    } else {
        Level::Fast
    }
}

/// The mine density from which [`affordable_level`] picks the fast level: the density where the
/// full level's endgame budget grows ([`PlayerConfig::tuned_for_density`]).
pub const FULL_LEVEL_MAX_DENSITY: f64 = 0.18;

/// Why a candidate is in the plan.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CandidateKind {
    /// The auto-player's own move.
    Player,
    /// One of the auto-player's next best guesses by its score.
    Guess,
    /// One of the safest cells.
    Safest,
    /// A move asked for by the caller (the move played, in a review).
    Asked,
}

/// A candidate first move.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Candidate {
    /// Column.
    pub x: usize,
    /// Row.
    pub y: usize,
    /// The exact chance that the cell is safe, as the nearest `f64`.
    pub safety: f64,
    /// Why it is a candidate.
    pub kind: CandidateKind,
}

/// The candidates of a position.
#[derive(Debug, Clone, PartialEq)]
pub struct Plan {
    candidates: Vec<Candidate>,
    certain: bool,
}

impl Plan {
    /// The candidates; the auto-player's move first.
    pub fn candidates(&self) -> &[Candidate] {
        &self.candidates
    }

    /// The auto-player's move is certainly safe (and so a best move).
    pub fn is_certain(&self) -> bool {
        self.certain
    }

    /// The auto-player's move.
    pub fn player_move(&self) -> (usize, usize) {
        (self.candidates[0].x, self.candidates[0].y)
    }

    /// The index of the candidate at `(x, y)`, if it is one.
    pub fn position_of(&self, (x, y): (usize, usize)) -> Option<usize> {
        self.candidates.iter().position(|c| (c.x, c.y) == (x, y))
    }
}

/// Why there is no estimate.
#[derive(Debug, Clone, PartialEq)]
pub enum EstimateError {
    /// The position is impossible, or over the analysis budget.
    Solve(SolveError),
    /// No hidden cell is left to reveal: the game is over.
    GameOver,
    /// Every hidden cell is a certain mine: every safe cell is revealed.
    NothingSafe,
    /// The number of candidates asked for is not between 1 and [`MAX_CANDIDATES`].
    Candidates(usize),
    /// The cell asked for is not a hidden cell of the board.
    NotHidden {
        /// Column.
        x: usize,
        /// Row.
        y: usize,
    },
    /// A tally does not fit the plan (the page's workers sent counts of another size).
    TallySize {
        /// Counts expected.
        expected: usize,
        /// Counts found.
        found: usize,
    },
}

impl std::fmt::Display for EstimateError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            EstimateError::Solve(err) => write!(f, "{err}"),
            EstimateError::GameOver => write!(f, "the game is over: no hidden cell is left"),
            EstimateError::NothingSafe => {
                write!(f, "the game is won: every hidden cell is a certain mine")
            }
            EstimateError::Candidates(k) => write!(
                f,
                "{k} candidates asked for: an estimate compares 1 to {MAX_CANDIDATES}"
            ),
            EstimateError::NotHidden { x, y } => {
                write!(f, "cell ({x},{y}) is not a hidden cell of the board")
            }
            EstimateError::TallySize { expected, found } => write!(
                f,
                "a tally of {found} counts does not fit a plan that needs {expected}"
            ),
        }
    }
}

impl std::error::Error for EstimateError {}

impl From<SolveError> for EstimateError {
    fn from(err: SolveError) -> EstimateError {
        EstimateError::Solve(err)
    }
}

/// The candidates of `board` (analysed as `analysis`): the auto-player's move, its next best
/// guesses, the safest cells, and `asked` (a move the caller wants valued, such as the move a
/// player made), which is added after the first `config.candidates` if it is not among them.
pub fn plan(
    board: &Board,
    analysis: &Analysis,
    config: &EstimateConfig,
    asked: Option<(usize, usize)>,
) -> Result<Plan, EstimateError> {
    if !(1..=MAX_CANDIDATES).contains(&config.candidates)
        || (asked.is_some() && config.candidates == MAX_CANDIDATES)
    {
        return Err(EstimateError::Candidates(
            config.candidates + usize::from(asked.is_some()),
        ));
    }
    if !board.cells().iter().any(|c| c.is_unrevealed()) {
        return Err(EstimateError::GameOver);
    }
    if let Some((x, y)) = asked {
        let hidden = board
            .idx(x, y)
            .is_some_and(|idx| matches!(board.cell(idx), Cell::Hidden | Cell::HiddenSafe));
        if !hidden {
            return Err(EstimateError::NotHidden { x, y });
        }
    }
    let player = config.chooser(board);
    let safety = |(x, y): (usize, usize)| {
        board
            .idx(x, y)
            .and_then(|idx| analysis.probability(idx))
            .map_or(0.0, |p| 1.0 - p)
    };
    let first = next_moves(board, &player)?
        .into_iter()
        .find(|m| m.action == Action::Reveal)
        .ok_or(EstimateError::NothingSafe)?;
    let certain = matches!(first.reason, Reason::Certain);
    let mut candidates = vec![Candidate {
        x: first.x,
        y: first.y,
        safety: safety((first.x, first.y)),
        kind: CandidateKind::Player,
    }];
    if !certain {
        let push = |candidates: &mut Vec<Candidate>, idx, kind| {
            let (x, y) = board.xy(idx);
            if candidates.len() < config.candidates
                && !candidates.iter().any(|c| (c.x, c.y) == (x, y))
            {
                candidates.push(Candidate {
                    x,
                    y,
                    safety: safety((x, y)),
                    kind,
                });
            }
        };
        // Half the places (rounded up) for the player's own ranking, the rest for the
        // safest cells: its score may rank a much less safe cell second.
        let guesses = ranked_guesses(board, analysis, &player);
        let by_score = config.candidates.div_ceil(2);
        for guess in &guesses {
            if candidates.len() >= by_score {
                break;
            }
            push(&mut candidates, guess.idx, CandidateKind::Guess);
        }
        let mut safest = ranked_guesses(
            board,
            analysis,
            &PlayerConfig {
                level: Level::Fast,
                ..player.clone()
            },
        );
        safest.truncate(config.candidates * 2);
        for guess in &safest {
            push(&mut candidates, guess.idx, CandidateKind::Safest);
        }
        for guess in &guesses {
            push(&mut candidates, guess.idx, CandidateKind::Guess);
        }
    }
    if let Some(cell) = asked {
        if !candidates.iter().any(|c| (c.x, c.y) == cell) {
            candidates.push(Candidate {
                x: cell.0,
                y: cell.1,
                safety: safety(cell),
                kind: CandidateKind::Asked,
            });
        }
    }
    Ok(Plan {
        candidates,
        certain,
    })
}

/// Where layouts come from: layout number `index` of a seeded series. The estimate draws
/// them exactly uniformly ([`LayoutSampler`]); tests put a biased source in its place to show
/// that the coverage test catches it.
pub trait LayoutSource {
    /// Layout number `index` (a mine flag per cell, flags included) of the series `seed`.
    fn layout(&self, seed: u64, index: u64) -> Vec<bool>;
}

impl LayoutSource for LayoutSampler {
    fn layout(&self, seed: u64, index: u64) -> Vec<bool> {
        self.draw(&mut GameRng::new(derive_seed(seed, index)))
    }
}

/// Games of the auto-player after each candidate, on layouts drawn from a seed.
#[derive(Debug, Clone)]
pub struct Rollouts<S = LayoutSampler> {
    board: Board,
    cells: Vec<(usize, usize)>,
    player: PlayerConfig,
    seed: u64,
    source: S,
}

impl Rollouts<LayoutSampler> {
    /// Rollouts of `plan`'s candidates on `board` (analysed as `analysis`), with layouts
    /// drawn exactly uniformly from `config.seed` and played by `config`'s auto-player.
    pub fn new(
        board: &Board,
        analysis: &Analysis,
        plan: &Plan,
        config: &EstimateConfig,
    ) -> Result<Rollouts, EstimateError> {
        let sampler = LayoutSampler::new(board, analysis, &config.solve)?;
        Ok(Rollouts::with_source(board, plan, config, sampler))
    }
}

impl<S: LayoutSource> Rollouts<S> {
    /// Rollouts whose layouts come from `source`.
    pub fn with_source(board: &Board, plan: &Plan, config: &EstimateConfig, source: S) -> Self {
        Rollouts {
            board: board.clone(),
            cells: plan.candidates.iter().map(|c| (c.x, c.y)).collect(),
            player: config.player(board),
            seed: config.seed,
            source,
        }
    }

    /// The candidates that win on layout `index`: bit `k` for candidate `k`. A layout that
    /// does not replay the position (it cannot happen with a consistent source) counts as a
    /// loss for every candidate.
    pub fn outcome(&self, index: u64) -> u8 {
        self.outcome_on(self.source.layout(self.seed, index))
    }

    /// [`Rollouts::outcome`], taking the player's moves from `memo` ([`Rollouts::memo`]):
    /// the same outcome, with each position met before not analysed again. Keep one memo
    /// across the layouts of one rollouts.
    pub fn outcome_with(&self, index: u64, memo: &mut MoveMemo) -> u8 {
        let layout = self.source.layout(self.seed, index);
        self.outcome_on_with(layout, memo)
    }

    /// The candidates that win on `layout`: bit `k` for candidate `k`.
    pub fn outcome_on(&self, layout: Vec<bool>) -> u8 {
        self.winners(layout, |board| next_moves(board, &self.player))
    }

    fn outcome_on_with(&self, layout: Vec<bool>, memo: &mut MoveMemo) -> u8 {
        self.winners(layout, |board| memo.next_moves(board))
    }

    /// The candidates that win on `layout`, the player's moves from `moves_of`.
    fn winners(
        &self,
        layout: Vec<bool>,
        mut moves_of: impl FnMut(&Board) -> Result<Vec<Move>, SolveError>,
    ) -> u8 {
        let Some(game) = Game::at_position(&self.board, layout) else {
            return 0;
        };
        let mut won = 0u8;
        for (k, &cell) in self.cells.iter().enumerate() {
            if wins_after_reveal(&game, cell, &self.player, &mut moves_of) {
                won |= 1 << k;
            }
        }
        won
    }

    /// An empty memo of this rollouts' player, for [`Rollouts::outcome_with`].
    pub fn memo(&self) -> MoveMemo {
        MoveMemo::new(self.player.clone())
    }

    /// Plays the layouts `indices` and adds their outcomes to `tally`, with one memo of the
    /// player's moves across them.
    pub fn play(&self, indices: Range<u64>, tally: &mut Tally) {
        self.play_with(indices, tally, &mut self.memo());
    }

    /// [`Rollouts::play`] with a memo kept by the caller across calls ([`Rollouts::memo`]).
    pub fn play_with(&self, indices: Range<u64>, tally: &mut Tally, memo: &mut MoveMemo) {
        for index in indices {
            tally.add(self.outcome_with(index, memo));
        }
    }

    /// The number of candidates.
    pub fn candidates(&self) -> usize {
        self.cells.len()
    }
}

/// Whether the auto-player `player` wins `game` after revealing `(x, y)`. A position the
/// engine cannot analyse counts as a loss, never a panic.
pub fn wins_after(game: &Game, cell: (usize, usize), player: &PlayerConfig) -> bool {
    wins_after_reveal(game, cell, player, |board| next_moves(board, player))
}

/// One candidate's figures.
#[derive(Debug, Clone, PartialEq)]
pub struct CandidateEstimate {
    /// The candidate.
    pub candidate: Candidate,
    /// Layouts won after it.
    pub wins: u64,
    /// Layouts played.
    pub games: u64,
    /// `wins / games` (0 before any layout).
    pub win: f64,
    /// The 95 % Wilson interval of the win chance.
    pub lo: f64,
    /// The 95 % Wilson interval's upper end.
    pub hi: f64,
    /// This candidate's win chance minus the best candidate's, paired over the same layouts
    /// (0 for the best itself).
    pub diff: f64,
    /// The paired difference's 95 % interval.
    pub diff_lo: f64,
    /// The paired difference's 95 % interval's upper end.
    pub diff_hi: f64,
}

/// An estimate of a position: each candidate's figures and the move to play.
#[derive(Debug, Clone, PartialEq)]
pub struct Estimate {
    /// Every candidate, in the plan's order.
    pub candidates: Vec<CandidateEstimate>,
    /// The candidate that won most layouts (the first of the plan among equals).
    pub top: usize,
    /// The move to play: [`Estimate::top`], unless the auto-player's move is not separated
    /// from it by the paired interval, when it is the auto-player's move (candidate 0).
    pub best: usize,
    /// Whether the top and the auto-player's move are told apart by the paired interval
    /// (false: "about equal").
    pub separated: bool,
    /// Layouts played.
    pub games: u64,
}

impl Estimate {
    /// The position's estimated win chance: the top candidate's, with its interval.
    pub fn win(&self) -> (f64, f64, f64) {
        let top = &self.candidates[self.top];
        (top.win, top.lo, top.hi)
    }

    /// Half the width of the win chance's interval (the precision reached).
    pub fn half_width(&self) -> f64 {
        let (_, lo, hi) = self.win();
        (hi - lo) / 2.0
    }
}

/// The figures of `plan`'s candidates from the layouts in `tally`.
pub fn summarize(plan: &Plan, tally: &Tally) -> Result<Estimate, EstimateError> {
    let k = plan.candidates.len();
    if tally.candidates() != k {
        return Err(EstimateError::TallySize {
            expected: 1 << k,
            found: tally.counts().len(),
        });
    }
    let games = tally.games();
    let wins: Vec<u64> = (0..k).map(|c| tally.wins(c)).collect();
    let top = (0..k).fold(0, |best, c| if wins[c] > wins[best] { c } else { best });
    let candidates: Vec<CandidateEstimate> = plan
        .candidates
        .iter()
        .enumerate()
        .map(|(c, &candidate)| {
            let (lo, hi) = wilson(wins[c], games);
            let (diff, diff_lo, diff_hi) = paired_difference(tally, c, top, games);
            CandidateEstimate {
                candidate,
                wins: wins[c],
                games,
                win: ratio(wins[c], games),
                lo,
                hi,
                diff,
                diff_lo,
                diff_hi,
            }
        })
        .collect();
    let separated = top != 0 && candidates[0].diff_hi < 0.0;
    let best = if top == 0 || !separated { 0 } else { top };
    Ok(Estimate {
        candidates,
        top,
        best,
        separated,
        games,
    })
}

fn ratio(n: u64, d: u64) -> f64 {
    if d == 0 {
        0.0
    } else {
        n as f64 / d as f64
    }
}

/// The 95 % Wilson score interval of `wins` out of `games` ([0, 1] before any game).
pub fn wilson(wins: u64, games: u64) -> (f64, f64) {
    if games == 0 {
        return (0.0, 1.0);
    }
    let n = games as f64;
    let p = wins as f64 / n;
    let z2 = Z95 * Z95;
    let centre = (p + z2 / (2.0 * n)) / (1.0 + z2 / n);
    let half = Z95 / (1.0 + z2 / n) * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt();
    ((centre - half).max(0.0), (centre + half).min(1.0))
}

/// Candidate `a`'s win chance minus candidate `b`'s over the same `games` layouts, with its
/// 95 % interval: the mean of the per-layout differences (each -1, 0 or 1) and its normal
/// interval. With no layout on which the two differ the interval is [0, 0]: no evidence
/// either way, which [`summarize`] reads as "not separated".
fn paired_difference(tally: &Tally, a: usize, b: usize, games: u64) -> (f64, f64, f64) {
    if a == b || games == 0 {
        return (0.0, 0.0, 0.0);
    }
    let n = games as f64;
    let (a_only, b_only) = (tally.only(a, b) as f64, tally.only(b, a) as f64);
    let mean = (a_only - b_only) / n;
    let variance = ((a_only + b_only) / n - mean * mean).max(0.0);
    let half = Z95 * (variance / n).sqrt();
    (mean, mean - half, mean + half)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::CellIdx;
    use crate::brute::enumerate_layouts;
    use crate::engine::probability::solve_board;
    use crate::formats::parse_mine;
    use crate::game::{GameConfig, GameState};

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
            for _ in 0..1 + seed % 5 {
                let Ok(moves) = next_moves(game.board(), &fast) else {
                    break;
                };
                for mv in moves {
                    let _ = mv.play_on(&mut game);
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
        for (i, board) in game_positions().into_iter().enumerate() {
            let analysis = solve_board(&board, &SolveConfig::default()).unwrap();
            let Some(brute) = enumerate_layouts(&board) else {
                continue;
            };
            let sampler = LayoutSampler::new(&board, &analysis, &SolveConfig::default()).unwrap();
            for index in 0..8 {
                let layout = sampler.layout(i as u64, index);
                // The draw is a consistent layout of the position.
                let mines: Vec<usize> = (0..board.len())
                    .filter(|&c| layout[c] && board.cell(CellIdx(c as u32)) != Cell::Flag)
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
    fn a_layout_that_does_not_fit_loses_for_every_candidate() {
        let board = game_positions().remove(0);
        // Every cell a mine: the revealed cells cannot be revealed safely.
        assert!(Game::at_position(&board, vec![true; board.len()]).is_none());
        let analysis = solve_board(&board, &SolveConfig::default()).unwrap();
        let config = EstimateConfig::default();
        let plan = plan(&board, &analysis, &config, None).unwrap();
        let rollouts = Rollouts::new(&board, &analysis, &plan, &config).unwrap();
        assert_eq!(rollouts.outcome_on(vec![true; board.len()]), 0);
    }

    fn check_wilson(wins: u64, games: u64, lo: f64, hi: f64) {
        let (l, h) = wilson(wins, games);
        assert!((l - lo).abs() < 5e-4 && (h - hi).abs() < 5e-4, "{l} {h}");
    }

    #[test]
    fn wilson_matches_published_values() {
        // Newcombe (1998), table I: 81/263 -> 0.2553 to 0.3662; 15/148 -> 0.0624 to 0.1605.
        check_wilson(81, 263, 0.2553, 0.3662);
        check_wilson(15, 148, 0.0624, 0.1605);
        check_wilson(0, 20, 0.0, 0.1611);
    }

    #[test]
    fn tallies_add_up_and_count_pairs() {
        let mut a = Tally::new(3);
        for w in [0b001, 0b011, 0b111, 0b100, 0b000] {
            a.add(w);
        }
        let mut b = Tally::new(3);
        b.add(0b010);
        a.merge(&b).unwrap();
        assert_eq!(a.games(), 6);
        assert_eq!((a.wins(0), a.wins(1), a.wins(2)), (3, 3, 2));
        assert_eq!(a.only(0, 1), 1);
        assert_eq!(a.only(1, 0), 1);
        assert_eq!(a.only(2, 0), 1);
        assert!(a.merge(&Tally::new(2)).is_err());
        let again = Tally::from_counts(3, a.counts().to_vec()).unwrap();
        assert_eq!(again, a);
        assert!(Tally::from_counts(3, vec![0; 4]).is_err());
    }

    #[test]
    fn a_certain_cell_is_the_only_candidate() {
        // The 1 in the corner has one hidden neighbour: a mine; (2,0) is certainly safe.
        let board = parse_mine("3x2x1\n1HH\n1HH\n").unwrap();
        let analysis = solve_board(&board, &SolveConfig::default()).unwrap();
        let plan = plan(&board, &analysis, &EstimateConfig::default(), None).unwrap();
        assert!(plan.is_certain());
        assert_eq!(plan.candidates().len(), 1);
        let (x, y) = plan.player_move();
        let idx = board.idx(x, y).unwrap();
        assert_eq!(analysis.probability(idx), Some(0.0));
    }

    #[test]
    fn bad_requests_are_typed_errors() {
        let board = parse_mine("3x2x1\n1HH\n1HH\n").unwrap();
        let analysis = solve_board(&board, &SolveConfig::default()).unwrap();
        for k in [0, MAX_CANDIDATES + 1] {
            let config = EstimateConfig {
                candidates: k,
                ..EstimateConfig::default()
            };
            assert_eq!(
                plan(&board, &analysis, &config, None),
                Err(EstimateError::Candidates(k))
            );
        }
        let config = EstimateConfig::default();
        assert_eq!(
            plan(&board, &analysis, &config, Some((0, 0))),
            Err(EstimateError::NotHidden { x: 0, y: 0 })
        );
        assert_eq!(
            plan(&board, &analysis, &config, Some((9, 9))),
            Err(EstimateError::NotHidden { x: 9, y: 9 })
        );
        let over = parse_mine("2x1x1\n1F\n").unwrap();
        let analysis = solve_board(&over, &SolveConfig::default()).unwrap();
        assert_eq!(
            plan(&over, &analysis, &config, None),
            Err(EstimateError::GameOver)
        );
    }
}
