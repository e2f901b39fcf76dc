//! The move-by-move review of a recorded game: [`review_game`].
//!
//! The record is replayed through [`crate::game::Game`]. Before each move, the position the
//! player saw is analysed exactly ([`solve_board`]) **with the player's flags taken off**: a
//! flag is a claim, not a fact, so the analysis counts every layout the revealed numbers
//! allow. Each move is then classified ([`MoveKind`]):
//!
//! | kind | when |
//! |---|---|
//! | `first` | the game's first reveal (the one that places the mines' view) |
//! | `certain` | a reveal of a cell safe in every layout |
//! | `guess` | a reveal of an uncertain cell when no cell was certainly safe |
//! | `blunder` | a reveal of an uncertain cell while some cell was certainly safe |
//! | `mine` | a reveal of a cell that is a mine in every layout |
//! | `flag` / `flag-guess` | a flag on a cell that is certainly a mine / that is not |
//! | `unflag` | a flag removed |
//! | `chord` | a chord that opened cells |
//! | `no-op` | a click that changed nothing, and every click after the game ended |
//!
//! Each reveal and chord records its exact **safety** (for a chord, the chance that every
//! cell it opens is safe: the layouts with all of them safe over all layouts, counted by the
//! engine with those cells marked safe), the **best safety** of any single reveal and the cell
//! that gives it (the played cell when it is among the best), and how many cells were
//! certainly safe; a guess also says whether its cell was in a forced guess (a group no reveal
//! can ever settle, taken sooner or later in any case). Where the position has at most [`ReviewConfig::endgame`]'s
//! `max_layouts` layouts and the endgame solver answers within its budget, the move also
//! records the win chance under best play before it (which is the win chance after the best
//! move, the solver's best move), for a reveal the win chance of the move played itself (the
//! chance of winning by revealing that cell and playing best after, before its number is
//! seen: what the move was worth, luck aside), and the win chance under best play after the
//! move played.
//!
//! The summary: **guesses** and **blunders** counted; over the **risky moves** (reveals and
//! chords whose safety was below 1: guesses, blunders, mines and risky chords), **luck** is the
//! product of their safeties (the chance that they all survive as played) and **accuracy** the
//! product of their safeties over the product of the best safeties at those moves (1 when
//! every risky move was among the safest). Everything is an exact [`Fraction`]; the front ends
//! convert to `f64` only to print.
//!
//! The analysis changes only when cells are revealed (flags are ignored), so one analysis
//! serves every flag between two reveals.
//!
//! ```
//! use mineseer_core::game::FirstClickRule;
//! use mineseer_core::record::{GameRecord, MoveOp, RecordMove};
//! use mineseer_core::review::{review_game, MoveKind, ReviewConfig};
//!
//! // 5x1 with a mine in the middle: the first reveal shows the 1 beside it, so the mine is
//! // certain and the far cell is certainly safe.
//! let mv = |op, x, t| RecordMove { op, x, y: 0, t };
//! let moves = [mv(MoveOp::Reveal, 0, 0), mv(MoveOp::Flag, 2, 300), mv(MoveOp::Reveal, 4, 900)];
//! let mines = [false, false, true, false, false];
//! let record = GameRecord::from_parts(5, 1, &mines, FirstClickRule::Safe, None, &moves).unwrap();
//! let review = review_game(&record, &ReviewConfig::default()).unwrap();
//! let kinds: Vec<MoveKind> = review.moves.iter().map(|m| m.kind).collect();
//! assert_eq!(kinds, [MoveKind::First, MoveKind::Flag, MoveKind::Certain]);
//! assert_eq!(review.stats.result.name(), "won");
//! ```

use std::fmt;

use num_bigint::BigUint;
use num_traits::Zero;

use crate::board::{Board, Cell, CellIdx};
use crate::clicks::{game_stats, GameStats};
use crate::combinatorics::Fraction;
use crate::dead::forced_guesses;
use crate::endgame::{solve_endgame, EndgameConfig};
use crate::engine::probability::{solve_board, Analysis, CellClass, SolveConfig};
use crate::error::{SolveError, SolveErrorKind};
use crate::game::{Game, GameState, MoveOutcome};
use crate::record::{apply_move, GameRecord, MoveOp, RecordMove};

/// The budget of a review.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReviewConfig {
    /// The budget of each position's analysis.
    pub solve: SolveConfig,
    /// The budget of the win chances. The default is small (200 layouts, 5,000 nodes), so
    /// that a whole game's review stays well under a second; positions beyond it have no win
    /// chance, which is an answer, not an error.
    pub endgame: EndgameConfig,
}

impl Default for ReviewConfig {
    fn default() -> ReviewConfig {
        ReviewConfig {
            solve: SolveConfig::default(),
            endgame: EndgameConfig {
                max_layouts: 200,
                max_nodes: 5_000,
                ..EndgameConfig::default()
            },
        }
    }
}

/// How a move is classified (see the module overview).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum MoveKind {
    /// The game's first reveal.
    First,
    /// A reveal of a certainly safe cell.
    Certain,
    /// A reveal of an uncertain cell when no cell was certainly safe.
    Guess,
    /// A reveal of an uncertain cell while some cell was certainly safe.
    Blunder,
    /// A reveal of a certain mine.
    Mine,
    /// A flag on a certain mine.
    Flag,
    /// A flag on a cell that was not certainly a mine.
    FlagGuess,
    /// A flag removed.
    Unflag,
    /// A chord that opened cells.
    Chord,
    /// A click that changed nothing, or any click after the end.
    NoOp,
}

impl MoveKind {
    /// The name in the review: `first`, `certain`, `guess`, `blunder`, `mine`, `flag`,
    /// `flag-guess`, `unflag`, `chord` or `no-op`.
    pub fn name(self) -> &'static str {
        match self {
            MoveKind::First => "first",
            MoveKind::Certain => "certain",
            MoveKind::Guess => "guess",
            MoveKind::Blunder => "blunder",
            MoveKind::Mine => "mine",
            MoveKind::Flag => "flag",
            MoveKind::FlagGuess => "flag-guess",
            MoveKind::Unflag => "unflag",
            MoveKind::Chord => "chord",
            MoveKind::NoOp => "no-op",
        }
    }
}

/// The review of one move.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MoveReview {
    /// The move as recorded.
    pub played: RecordMove,
    /// Its class.
    pub kind: MoveKind,
    /// Reveals after the first, and chords: the exact chance the move was safe.
    pub safety: Option<Fraction>,
    /// With `safety`: the best safety of any single reveal in that position.
    pub best_safety: Option<Fraction>,
    /// With `safety`: a cell with the best safety `(x, y)` (the played one when it is a best).
    pub best: Option<(usize, usize)>,
    /// With `safety`: the cells certainly safe in that position.
    pub safe_available: Option<usize>,
    /// For a `guess`: the cell is in a forced guess ([`crate::dead::forced_guesses`]: a group
    /// no reveal outside it can ever settle), which must be taken sooner or later, so taking
    /// it before a safer guess elsewhere costs nothing. Accuracy still counts it as the issue
    /// defines it; front ends do not call it a poor guess.
    pub forced: bool,
    /// Fair mode: the dealt layout had a mine under this forced guess, and the mines were
    /// drawn again (the record's redraw at this move).
    pub redraw: bool,
    /// When the endgame solver answered: the win chance under best play before the move.
    pub win_before: Option<Fraction>,
    /// With `win_before`: the solver's best move `(x, y)`, whose win chance is `win_before`.
    pub win_best: Option<(usize, usize)>,
    /// With `win_before`, for a reveal, when the solver valued every move within its budget:
    /// the win chance of the move played (revealing the cell, then best play), at most
    /// `win_before`; less means the move cost wins, whatever its number turned out to be.
    pub win_move: Option<Fraction>,
    /// When the solver answered after the move too (or the move ended the game): the win
    /// chance under best play after the move played.
    pub win_after: Option<Fraction>,
}

/// The review of a game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Review {
    /// Time, clicks, 3BV and efficiency.
    pub stats: GameStats,
    /// One per recorded move, in order.
    pub moves: Vec<MoveReview>,
    /// Moves of kind `guess`.
    pub guesses: usize,
    /// Moves of kind `blunder`.
    pub blunders: usize,
    /// The product of the risky moves' safeties.
    pub luck: Fraction,
    /// The product of the risky moves' safeties over the product of their best safeties.
    pub accuracy: Fraction,
}

/// A review that could not be made.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReviewError {
    index: usize,
    source: SolveError,
}

impl ReviewError {
    /// The move whose position could not be analysed.
    pub fn move_index(&self) -> usize {
        self.index
    }

    /// Why.
    pub fn solve_error(&self) -> &SolveError {
        &self.source
    }
}

impl fmt::Display for ReviewError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "cannot review move {}: {}", self.index, self.source)
    }
}

impl std::error::Error for ReviewError {}

/// Reviews a recorded game move by move.
pub fn review_game(record: &GameRecord, config: &ReviewConfig) -> Result<Review, ReviewError> {
    let mut game = record.replay_game();
    let mut position: Option<Position> = None;
    let mut first_done = false;
    let mut moves = Vec::with_capacity(record.moves().len());
    let one = Fraction::from_integer(1);
    let (mut luck, mut best_product) = (one.clone(), one.clone());
    for (index, played) in record.moves().iter().enumerate() {
        let mut review = MoveReview {
            played: *played,
            kind: MoveKind::NoOp,
            safety: None,
            best_safety: None,
            best: None,
            safe_available: None,
            forced: false,
            redraw: record.redraws().iter().any(|r| r.move_index() == index),
            win_before: None,
            win_best: None,
            win_move: None,
            win_after: None,
        };
        let fail = |source| ReviewError { index, source };
        let idx = game.board().idx(played.x, played.y);
        let cell = idx.map(|i| game.board().cell(i));
        let acts = game.state() == GameState::Playing
            && match played.op {
                MoveOp::Reveal | MoveOp::Flag => cell == Some(Cell::Hidden),
                MoveOp::Unflag => cell == Some(Cell::Flag),
                MoveOp::Chord => !chord_targets(game.board(), played).is_empty(),
            };
        if !acts {
            moves.push(review);
            continue;
        }
        if played.op == MoveOp::Reveal && !first_done {
            first_done = true;
            review.kind = MoveKind::First;
            apply_move(&mut game, played);
            position = None;
            moves.push(review);
            continue;
        }
        if position.is_none() {
            position = Some(Position::new(&game, config).map_err(fail)?);
        }
        let here = position.as_ref().expect("just computed");
        let idx = idx.expect("the move acts on a cell of the board");
        match played.op {
            MoveOp::Flag => {
                review.kind = if here.safe_layouts(idx).is_zero() {
                    MoveKind::Flag
                } else {
                    MoveKind::FlagGuess
                };
            }
            MoveOp::Unflag => review.kind = MoveKind::Unflag,
            MoveOp::Reveal | MoveOp::Chord => {
                let safe_layouts = if played.op == MoveOp::Reveal {
                    here.safe_layouts(idx)
                } else {
                    let targets = chord_targets(game.board(), played);
                    here.layouts_with_all_safe(&targets, config).map_err(fail)?
                };
                let safety = here.fraction(safe_layouts);
                let best = here.best(idx);
                review.kind = match played.op {
                    MoveOp::Chord => MoveKind::Chord,
                    _ if safety.numer() == safety.denom() => MoveKind::Certain,
                    _ if safety.numer().is_zero() => MoveKind::Mine,
                    _ if here.safe_cells > 0 => MoveKind::Blunder,
                    _ => MoveKind::Guess,
                };
                let best_safety = here.fraction(best.1);
                if safety.numer() != safety.denom() {
                    luck = multiply(&luck, &safety);
                    best_product = multiply(&best_product, &best_safety);
                }
                if review.kind == MoveKind::Guess {
                    review.forced = here.in_forced_guess(idx, config).map_err(fail)?;
                }
                review.safety = Some(safety);
                review.best_safety = Some(best_safety);
                review.best = Some(game.board().xy(best.0));
                review.safe_available = Some(here.safe_cells);
                if let Some((win, best_move)) = &here.win {
                    review.win_before = Some(win.clone());
                    review.win_best = *best_move;
                    if played.op == MoveOp::Reveal {
                        review.win_move = here.move_wins.as_ref().and_then(|values| {
                            let xy = (played.x, played.y);
                            values
                                .iter()
                                .find(|(cell, _)| *cell == xy)
                                .map(|(_, w)| w.clone())
                        });
                    }
                }
            }
        }
        let outcome = apply_move(&mut game, played);
        if matches!(played.op, MoveOp::Reveal | MoveOp::Chord) {
            position = None;
            review.win_after = match outcome {
                MoveOutcome::Lost => Some(Fraction::from_integer(0)),
                MoveOutcome::Won => Some(one.clone()),
                _ => {
                    let next = Position::new(&game, config).map_err(fail)?;
                    let win = next.win.as_ref().map(|(win, _)| win.clone());
                    position = Some(next);
                    win
                }
            };
        }
        moves.push(review);
    }
    let count = |kind| moves.iter().filter(|m| m.kind == kind).count();
    let accuracy = if best_product.numer().is_zero() {
        Fraction::from_integer(0)
    } else {
        divide(&luck, &best_product)
    };
    Ok(Review {
        stats: game_stats(record),
        guesses: count(MoveKind::Guess),
        blunders: count(MoveKind::Blunder),
        moves,
        luck,
        accuracy,
    })
}

/// The cells a chord at the move's cell would open: the hidden neighbours of a revealed number
/// with exactly that many flags around it (none when the chord would do nothing).
pub fn chord_targets(board: &Board, played: &RecordMove) -> Vec<CellIdx> {
    let Some(idx) = board.idx(played.x, played.y) else {
        return Vec::new();
    };
    let Cell::Revealed(number) = board.cell(idx) else {
        return Vec::new();
    };
    let flags = board
        .neighbours(idx)
        .filter(|&n| board.cell(n) == Cell::Flag)
        .count();
    if flags != number as usize {
        return Vec::new();
    }
    board
        .neighbours(idx)
        .filter(|&n| board.cell(n) == Cell::Hidden)
        .collect()
}

/// The player's view with the flags taken off: what the analysis of a review sees.
pub fn without_flags(board: &Board) -> Board {
    let mut seen = board.clone();
    for idx in board.indices() {
        if board.cell(idx) == Cell::Flag {
            seen.set_cell(idx, Cell::Hidden);
        }
    }
    seen
}

/// One analysed position.
struct Position {
    seen: Board,
    analysis: Analysis,
    /// Per box: the layouts in which one of its cells is safe (computed once per box).
    box_safe: Vec<Option<BigUint>>,
    floating_safe: Option<BigUint>,
    safe_cells: usize,
    /// The best single reveal's cell and safe layouts (the first in row-major order).
    best_first: (CellIdx, BigUint),
    win: Option<(Fraction, Option<(usize, usize)>)>,
    /// With `win`: every hidden cell's win chance if revealed
    /// ([`crate::endgame::Endgame::move_values`]).
    move_wins: Option<Vec<((usize, usize), Fraction)>>,
}

impl Position {
    fn new(game: &Game, config: &ReviewConfig) -> Result<Position, SolveError> {
        let seen = without_flags(game.board());
        let analysis = solve_board(&seen, &config.solve)?;
        let solutions = analysis.solutions().clone();
        let mut position = Position {
            seen,
            analysis,
            box_safe: Vec::new(),
            floating_safe: None,
            safe_cells: 0,
            best_first: (CellIdx(0), BigUint::zero()),
            win: None,
            move_wins: None,
        };
        let boxes = position.analysis.stats().boxes;
        position.box_safe = vec![None; boxes];
        let mut best: Option<(CellIdx, BigUint)> = None;
        let mut safe_cells = 0;
        for idx in position.seen.indices() {
            let class = position.analysis.class(idx);
            let safe = match class {
                CellClass::Revealed | CellClass::Flag => continue,
                CellClass::Safe => solutions.clone(),
                CellClass::Mine => BigUint::zero(),
                CellClass::Boxed(b) => {
                    let slot = &mut position.box_safe[b as usize];
                    slot.get_or_insert_with(|| &solutions - position.analysis.mine_layouts(idx))
                        .clone()
                }
                CellClass::Floating => position
                    .floating_safe
                    .get_or_insert_with(|| &solutions - position.analysis.mine_layouts(idx))
                    .clone(),
            };
            if safe == solutions {
                safe_cells += 1;
            }
            if best.as_ref().is_none_or(|(_, b)| safe > *b) {
                best = Some((idx, safe));
            }
        }
        position.safe_cells = safe_cells;
        position.best_first = best.unwrap_or((CellIdx(0), BigUint::zero()));
        let small = solutions <= BigUint::from(config.endgame.max_layouts);
        if small {
            // The values come after the answer, within the same budget: past it, the answer
            // stands without them.
            let endgame_config = EndgameConfig {
                move_values: true,
                ..config.endgame.clone()
            };
            let endgame = solve_endgame(&position.seen, &endgame_config)?;
            if let Some(win) = endgame.win() {
                position.win = Some((win.clone(), endgame.best_move()));
                position.move_wins = endgame.move_values().map(<[_]>::to_vec);
            }
        }
        Ok(position)
    }

    /// Whether `idx` is in one of the position's forced guesses.
    fn in_forced_guess(&self, idx: CellIdx, config: &ReviewConfig) -> Result<bool, SolveError> {
        let groups = forced_guesses(&self.seen, &self.analysis, &config.solve)?;
        Ok(groups.iter().any(|g| g.cells().contains(&idx)))
    }

    /// Layouts in which `idx` is safe.
    fn safe_layouts(&self, idx: CellIdx) -> BigUint {
        let solutions = self.analysis.solutions();
        match self.analysis.class(idx) {
            CellClass::Revealed | CellClass::Flag | CellClass::Mine => BigUint::zero(),
            CellClass::Safe => solutions.clone(),
            CellClass::Boxed(b) => match &self.box_safe[b as usize] {
                Some(safe) => safe.clone(),
                None => solutions - self.analysis.mine_layouts(idx),
            },
            CellClass::Floating => match &self.floating_safe {
                Some(safe) => safe.clone(),
                None => solutions - self.analysis.mine_layouts(idx),
            },
        }
    }

    /// The best single reveal: the played cell when it is among the best, else the first best.
    fn best(&self, played: CellIdx) -> (CellIdx, BigUint) {
        let here = self.safe_layouts(played);
        if self.analysis.class(played) != CellClass::Revealed && here == self.best_first.1 {
            (played, here)
        } else {
            self.best_first.clone()
        }
    }

    /// Layouts in which every cell of `targets` is safe: the engine's count with them marked
    /// safe (no layout at all when that is inconsistent).
    fn layouts_with_all_safe(
        &self,
        targets: &[CellIdx],
        config: &ReviewConfig,
    ) -> Result<BigUint, SolveError> {
        if let [single] = targets {
            return Ok(self.safe_layouts(*single));
        }
        let mut marked = self.seen.clone();
        for &t in targets {
            marked.set_cell(t, Cell::HiddenSafe);
        }
        match solve_board(&marked, &config.solve) {
            Ok(analysis) => Ok(analysis.solutions().clone()),
            Err(err)
                if matches!(
                    err.kind(),
                    SolveErrorKind::TooComplex { .. } | SolveErrorKind::Cancelled
                ) =>
            {
                Err(err)
            }
            Err(_) => Ok(BigUint::zero()),
        }
    }

    fn fraction(&self, safe_layouts: BigUint) -> Fraction {
        Fraction::new(safe_layouts, self.analysis.solutions().clone())
    }
}

fn multiply(a: &Fraction, b: &Fraction) -> Fraction {
    Fraction::new(a.numer() * b.numer(), a.denom() * b.denom())
}

fn divide(a: &Fraction, b: &Fraction) -> Fraction {
    debug_assert!(!b.numer().is_zero());
    Fraction::new(a.numer() * b.denom(), a.denom() * b.numer())
}
