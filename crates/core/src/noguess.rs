//! No-guess boards: layouts that can be won from the first click (which opens a zero) using
//! only cells the exact engine proves safe, never a guess.
//!
//! - [`NoGuessConfig`] says the size, the mines, the first click and the seed (checked by
//!   [`NoGuessConfig::new`]); [`NoGuessBudget`] bounds the work.
//! - [`generate_no_guess`] returns a [`NoGuessBoard`] or a [`NoGuessError`].
//! - [`replay_certain_moves`] is the independent check: it plays a layout as a game with
//!   engine-certain moves only. Every board [`generate_no_guess`] returns has passed it, seed
//!   or no seed.
//!
//! How a board is made (after Simon Tatham's Mines, `mines.c` `minegen`/`mineperturb`):
//! 1. Mines are placed uniformly outside the 3x3 block of the first click with the seeded
//!    [`GameRng`], exactly as the game's `opening` rule does.
//! 2. A **pass** plays the layout from the first click with sound deductions (local rules
//!    first, the exact engine only when they are stuck; see `noguess/logic.rs`). Where it is
//!    stuck, it perturbs the layout around the stuck region and **continues from there**.
//! 3. A perturbed layout is not yet proven: the deductions made before a perturbation used
//!    numbers that may have changed since. So passes are repeated from the first click until
//!    one needs no perturbation at all; that pass is a proof. If a pass does not need fewer
//!    perturbations than the one before, or a budget runs out, the layout is dropped and new
//!    mines are placed (the same generator goes on, so this stays reproducible).
//! 4. The proven layout is replayed by [`replay_certain_moves`]; only a won replay is
//!    returned.
//!
//! The boards are not uniform among no-guess layouts: perturbation moves mines towards or away
//! from the places where solving tends to get stuck. `mineseer-lab noguess-bias` measures the
//! mine density of corner, edge and interior cells against uniform boards.

mod logic;
mod replay;

use std::fmt;

use crate::board::CellIdx;
use crate::engine::probability::SolveConfig;
use crate::limits::MAX_GAME_DIMENSION;
use crate::rng::GameRng;

pub use replay::{replay_certain_moves, ReplayReport};

use logic::{Geometry, Pass, PassOutcome};

/// The bounds on the work of one generation.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NoGuessBudget {
    /// Fresh mine placements tried before giving up.
    pub max_placements: usize,
    /// Passes over one placement before it is dropped (the perturbations must also go down
    /// from pass to pass).
    pub max_passes: usize,
    /// Perturbations allowed in one pass; 0 means one per cell of the board (Tatham's bound:
    /// that is about how many different perturbations there are).
    pub max_perturbations_per_pass: usize,
    /// The budget of every call of the exact engine.
    pub solve: SolveConfig,
}

impl Default for NoGuessBudget {
    fn default() -> NoGuessBudget {
        NoGuessBudget {
            max_placements: 50,
            max_passes: 20,
            max_perturbations_per_pass: 0,
            solve: SolveConfig::default(),
        }
    }
}

/// The request for a no-guess board.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NoGuessConfig {
    width: usize,
    height: usize,
    mines: usize,
    first_click: (usize, usize),
    seed: u64,
    budget: NoGuessBudget,
}

impl NoGuessConfig {
    /// Checks a request: width and height from 1 to [`MAX_GAME_DIMENSION`], the first click on
    /// the board, and room for the mines outside the first click's 3x3 block (the first click
    /// must show 0).
    pub fn new(
        width: usize,
        height: usize,
        mines: usize,
        first_click: (usize, usize),
        seed: u64,
    ) -> Result<NoGuessConfig, NoGuessError> {
        if width == 0 || height == 0 || width > MAX_GAME_DIMENSION || height > MAX_GAME_DIMENSION {
            return Err(NoGuessError::new(NoGuessErrorKind::BadSize {
                width,
                height,
            }));
        }
        let (x, y) = first_click;
        if x >= width || y >= height {
            return Err(NoGuessError::new(NoGuessErrorKind::FirstClickOutside {
                x,
                y,
                width,
                height,
            }));
        }
        let opening = opening_size(width, height, first_click);
        let max = width * height - opening;
        if mines > max {
            return Err(NoGuessError::new(NoGuessErrorKind::TooManyMines {
                mines,
                max,
            }));
        }
        Ok(NoGuessConfig {
            width,
            height,
            mines,
            first_click,
            seed,
            budget: NoGuessBudget::default(),
        })
    }

    /// The same request with another budget.
    pub fn with_budget(mut self, budget: NoGuessBudget) -> NoGuessConfig {
        self.budget = budget;
        self
    }

    /// Number of columns.
    pub fn width(&self) -> usize {
        self.width
    }

    /// Number of rows.
    pub fn height(&self) -> usize {
        self.height
    }

    /// Number of mines.
    pub fn mines(&self) -> usize {
        self.mines
    }

    /// The first click `(x, y)`.
    pub fn first_click(&self) -> (usize, usize) {
        self.first_click
    }

    /// The seed.
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// The budget.
    pub fn budget(&self) -> &NoGuessBudget {
        &self.budget
    }
}

/// A verified no-guess layout.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NoGuessBoard {
    width: usize,
    height: usize,
    mines: Vec<bool>,
    first_click: (usize, usize),
    seed: u64,
    stats: NoGuessStats,
}

/// What a generation cost.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct NoGuessStats {
    /// Mine placements tried (1 when the first one made it).
    pub placements: usize,
    /// Solver passes over all placements.
    pub passes: usize,
    /// Perturbations over all passes.
    pub perturbations: usize,
    /// Calls of the exact engine by the generator's solver.
    pub engine_calls: usize,
    /// Layouts the solver proved but the independent replay refused (always 0 unless one of
    /// the two has a bug; such a layout is dropped, never returned).
    pub replay_rejections: usize,
}

impl NoGuessBoard {
    /// Number of columns.
    pub fn width(&self) -> usize {
        self.width
    }

    /// Number of rows.
    pub fn height(&self) -> usize {
        self.height
    }

    /// The layout, row-major, `true` for a mine.
    pub fn mines(&self) -> &[bool] {
        &self.mines
    }

    /// Whether a cell holds a mine.
    pub fn is_mine(&self, idx: CellIdx) -> bool {
        self.mines[idx.get()]
    }

    /// The first click `(x, y)` the board is made for.
    pub fn first_click(&self) -> (usize, usize) {
        self.first_click
    }

    /// The seed it was made from.
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// What the generation cost.
    pub fn stats(&self) -> &NoGuessStats {
        &self.stats
    }

    /// The layout as `.mine` text, every cell hidden and the mines as `M`.
    pub fn to_mine_text(&self) -> String {
        let cells = self
            .mines
            .iter()
            .map(|&m| {
                if m {
                    crate::Cell::HiddenMine
                } else {
                    crate::Cell::Hidden
                }
            })
            .collect();
        let mine_count = self.mines.iter().filter(|m| **m).count();
        let board = crate::Board::from_cells(self.width, self.height, mine_count, cells)
            .expect("a generated layout has a valid size");
        crate::formats::write_mine(&board)
    }
}

/// Makes a no-guess board, verified by [`replay_certain_moves`].
pub fn generate_no_guess(config: &NoGuessConfig) -> Result<NoGuessBoard, NoGuessError> {
    let (width, height) = (config.width, config.height);
    let geometry = Geometry::new(width, height);
    let cells = width * height;
    let (fx, fy) = config.first_click;
    let first = fy * width + fx;
    let mut kept_free = vec![false; cells];
    kept_free[first] = true;
    for &n in geometry.neighbours(first) {
        kept_free[n as usize] = true;
    }
    let budget = &config.budget;
    let perturbation_budget = if budget.max_perturbations_per_pass == 0 {
        cells
    } else {
        budget.max_perturbations_per_pass
    };
    let mut rng = GameRng::new(config.seed);
    let mut stats = NoGuessStats::default();
    for _ in 0..budget.max_placements {
        stats.placements += 1;
        let mut mines = place_uniformly(&kept_free, config.mines, &mut rng);
        let mut previous: Option<usize> = None;
        for _ in 0..budget.max_passes {
            stats.passes += 1;
            let mut pass = Pass::new(&geometry, &mut mines);
            let outcome = pass.run(first, &mut rng, perturbation_budget, &budget.solve);
            stats.engine_calls += pass.counters.engine_calls;
            match outcome {
                PassOutcome::Stuck => break,
                PassOutcome::Solved { perturbations: 0 } => {
                    let report = replay_certain_moves(
                        width,
                        height,
                        &mines,
                        config.first_click,
                        &budget.solve,
                    );
                    if report.won() {
                        return Ok(NoGuessBoard {
                            width,
                            height,
                            mines,
                            first_click: config.first_click,
                            seed: config.seed,
                            stats,
                        });
                    }
                    stats.replay_rejections += 1;
                    break;
                }
                PassOutcome::Solved { perturbations } => {
                    stats.perturbations += perturbations;
                    if previous.is_some_and(|p| perturbations >= p) {
                        break;
                    }
                    previous = Some(perturbations);
                }
            }
        }
    }
    Err(NoGuessError::new(NoGuessErrorKind::GaveUp {
        placements: stats.placements,
    }))
}

/// Cells in the 3x3 block around the first click (fewer at an edge or a corner).
fn opening_size(width: usize, height: usize, (x, y): (usize, usize)) -> usize {
    let span = |c: usize, len: usize| (c + 2).min(len) - c.saturating_sub(1);
    span(x, width) * span(y, height)
}

/// `mines` mines uniformly among the cells not kept free: a partial Fisher-Yates shuffle.
fn place_uniformly(kept_free: &[bool], mines: usize, rng: &mut GameRng) -> Vec<bool> {
    let mut allowed: Vec<u32> = (0..kept_free.len() as u32)
        .filter(|&i| !kept_free[i as usize])
        .collect();
    let mut layout = vec![false; kept_free.len()];
    for k in 0..mines {
        let pick = k + rng.below((allowed.len() - k) as u64) as usize;
        allowed.swap(k, pick);
        layout[allowed[k] as usize] = true;
    }
    layout
}

/// A request the generator refuses, or a generation that gave up.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NoGuessError {
    kind: NoGuessErrorKind,
}

/// What is wrong.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum NoGuessErrorKind {
    /// Width or height outside 1..=[`MAX_GAME_DIMENSION`].
    BadSize {
        /// The width given.
        width: usize,
        /// The height given.
        height: usize,
    },
    /// The first click is not on the board.
    FirstClickOutside {
        /// Column asked for.
        x: usize,
        /// Row asked for.
        y: usize,
        /// Board width.
        width: usize,
        /// Board height.
        height: usize,
    },
    /// More mines than fit outside the first click's 3x3 block.
    TooManyMines {
        /// The mines asked for.
        mines: usize,
        /// The most that fit.
        max: usize,
    },
    /// No layout was proven within the budget (very dense boards).
    GaveUp {
        /// Mine placements tried.
        placements: usize,
    },
}

impl NoGuessError {
    pub(crate) fn new(kind: NoGuessErrorKind) -> NoGuessError {
        NoGuessError { kind }
    }

    /// What is wrong.
    pub fn kind(&self) -> &NoGuessErrorKind {
        &self.kind
    }
}

impl fmt::Display for NoGuessError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.kind {
            NoGuessErrorKind::BadSize { width, height } => write!(
                f,
                "the board is {width}x{height}: width and height must be between 1 and {MAX_GAME_DIMENSION}"
            ),
            NoGuessErrorKind::FirstClickOutside { x, y, width, height } => {
                write!(f, "the first click ({x},{y}) is outside the {width}x{height} board")
            }
            NoGuessErrorKind::TooManyMines { mines, max } => write!(
                f,
                "{mines} mines do not fit: a no-guess board keeps the first click's 3x3 block free, so at most {max}"
            ),
            NoGuessErrorKind::GaveUp { placements } => write!(
                f,
                "no no-guess layout found after {placements} mine placements; try fewer mines"
            ),
        }
    }
}

impl std::error::Error for NoGuessError {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn opening_size_at_corner_edge_and_middle() {
        assert_eq!(opening_size(30, 16, (0, 0)), 4);
        assert_eq!(opening_size(30, 16, (5, 0)), 6);
        assert_eq!(opening_size(30, 16, (5, 5)), 9);
        assert_eq!(opening_size(1, 1, (0, 0)), 1);
        assert_eq!(opening_size(2, 1, (1, 0)), 2);
    }
}
