//! The training modes: what a reveal does beyond the plain rules, judged by the exact engine.
//!
//! - [`GameMode::Normal`]: the plain game.
//! - [`GameMode::Hardcore`] (as JSMinesweeper's option): revealing a cell that is not
//!   certainly safe while some cell is certainly safe loses at once, whatever lies under it.
//!   A chord counts as revealing each of its hidden neighbours. The cells that were certainly
//!   safe are kept ([`HardcoreLoss`]) so that a front end can show the move that was missed.
//! - [`GameMode::Fair`]: when no cell is certainly safe, a guess never loses. If the dealt
//!   layout has a mine under a guessed cell (or under any cell a chord reveals), the layout is
//!   drawn again exactly uniformly among the layouts consistent with the revealed numbers and
//!   the mine count in which every cell the move reveals is safe ([`crate::sample`]'s
//!   sampler on the position with those cells marked safe), from the game's own seeded
//!   [`crate::rng::GameRng`]. A guess while a cell is certainly safe plays as dealt.
//!
//! "Certainly safe" is judged on what the player has been shown: the revealed numbers and the
//! mine count. Flags are the player's claims, not facts, so they are lifted first; a flag on
//! a cell that is certainly safe counts as a safe cell left unplayed. The first reveal is the
//! first-click rule's business and is never judged.
//!
//! Hard core analyses the position at each reveal of a cell not yet known to be safe: a cell
//! certainly safe once stays certainly safe as more is revealed (the consistent layouts only
//! shrink), so the certainly safe cells found by one analysis are remembered and a reveal of
//! one of them needs no new analysis. When the engine cannot analyse a position within its
//! budget (far beyond any real board), the move plays as dealt.
//!
//! A game replayed from a record does not draw: it takes the record's redraws in order
//! ([`Game::replaying_redraws`]), each checked to fit the position before it is laid.

use crate::board::{Board, Cell, CellIdx};
use crate::deductions::{certain_cells, Certainty};
use crate::engine::probability::{solve_board, SolveConfig};
use crate::sample::LayoutSampler;

use super::{Game, GameError, GameErrorKind, MoveOutcome};

/// A game's training mode.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum GameMode {
    /// The plain game.
    #[default]
    Normal,
    /// A needless guess (while a cell is certainly safe) loses at once.
    Hardcore,
    /// A forced guess (no cell certainly safe) never loses: the mines are drawn again.
    Fair,
}

impl GameMode {
    /// Every mode.
    pub const ALL: [GameMode; 3] = [GameMode::Normal, GameMode::Hardcore, GameMode::Fair];

    /// The lower-case name: `normal`, `hardcore` or `fair`.
    pub fn name(self) -> &'static str {
        match self {
            GameMode::Normal => "normal",
            GameMode::Hardcore => "hardcore",
            GameMode::Fair => "fair",
        }
    }

    /// The mode with this name (case-insensitive), if any.
    pub fn from_name(name: &str) -> Option<GameMode> {
        GameMode::ALL
            .into_iter()
            .find(|m| m.name().eq_ignore_ascii_case(name.trim()))
    }
}

/// How a hard-core game was lost: a reveal of cells not certainly safe while these cells
/// were.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HardcoreLoss {
    /// The cells the move would have revealed that were not certainly safe.
    pub guessed: Vec<CellIdx>,
    /// Every cell that was certainly safe at that moment (hidden or wrongly flagged), in
    /// board order.
    pub safe_cells: Vec<CellIdx>,
}

/// Why a recorded redraw cannot be laid on the game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RedrawMisfit {
    /// The layout has another number of cells than the board.
    Length {
        /// Cells on the board.
        expected: usize,
        /// Cells in the layout.
        found: usize,
    },
    /// The layout has another number of mines than the game.
    MineCount {
        /// The game's mines.
        expected: usize,
        /// Mines in the layout.
        found: usize,
    },
    /// A revealed cell, or a cell the move reveals, holds a mine in the layout.
    MineOnSafeCell {
        /// Column.
        x: usize,
        /// Row.
        y: usize,
    },
    /// A revealed number would count another number of mines.
    WrongNumber {
        /// Column.
        x: usize,
        /// Row.
        y: usize,
        /// The number shown.
        shown: u8,
        /// Mines around it in the layout.
        mines_around: usize,
    },
    /// The move needed a redraw and the record has no more.
    Missing,
}

/// What the mode makes of a reveal, before any cell opens.
pub(super) enum Verdict {
    /// Open the cells on the layout as it is now.
    AsDealt,
    /// Hard core: the game is lost, nothing opens.
    HardcoreLoss(HardcoreLoss),
}

impl Game {
    /// The training mode.
    pub fn mode(&self) -> GameMode {
        self.config.mode()
    }

    /// How a hard-core game was lost, when it was lost by the hard-core rule.
    pub fn hardcore_loss(&self) -> Option<&HardcoreLoss> {
        self.hardcore_loss.as_ref()
    }

    /// The layout the last move drew (Fair), if it drew one: `true` for a mine, row-major.
    pub fn last_redraw(&self) -> Option<&[bool]> {
        self.last_redraw.as_deref()
    }

    /// The layout first dealt (before any Fair redraw), once the mines are placed: what a
    /// record stores as its `layout`.
    pub fn dealt_layout(&self) -> Option<&[bool]> {
        self.dealt.as_deref().or(self.mines.as_deref())
    }

    /// This game in `mode`: for a game built from a layout ([`Game::from_layout`]), before
    /// its first move.
    pub fn in_mode(mut self, mode: GameMode) -> Game {
        self.config = self.config.with_mode(mode);
        self
    }

    /// This game with its Fair redraws drawn from `seed`: for a game built from a layout
    /// ([`Game::from_layout`], whose generator starts from 0). A new game's redraws go on
    /// from its own seed.
    pub fn with_redraw_seed(mut self, seed: u64) -> Game {
        self.rng = crate::rng::GameRng::new(seed);
        self
    }

    /// How many times the layout was drawn again (Fair).
    pub fn redraw_count(&self) -> usize {
        self.redraw_count
    }

    /// This game, set to take its redraws from `layouts` (in order) instead of drawing them:
    /// the replay of a record. A move that needs a redraw when none is left fails with
    /// [`GameErrorKind::RedrawDoesNotFit`] ([`RedrawMisfit::Missing`]), as does a layout that
    /// does not fit the position.
    pub fn replaying_redraws(mut self, layouts: Vec<Vec<bool>>) -> Game {
        let mut queue = layouts;
        queue.reverse();
        self.recorded_redraws = Some(queue);
        self
    }

    /// This replayed game, drawing its own redraws from now on (from `seed`): play going on
    /// after a record's last move.
    pub fn resume_drawing(mut self, seed: u64) -> Game {
        self.recorded_redraws = None;
        self.rng = crate::rng::GameRng::new(seed);
        self
    }

    /// Judges a reveal of `targets` (hidden cells, on a game whose mines are placed) under the
    /// mode, and for Fair lays a new layout when the move needs one.
    pub(super) fn judge_reveal(&mut self, targets: &[CellIdx]) -> Result<Verdict, GameError> {
        self.last_redraw = None;
        match self.config.mode() {
            GameMode::Normal => Ok(Verdict::AsDealt),
            GameMode::Hardcore => Ok(self.judge_hardcore(targets)),
            GameMode::Fair => {
                self.fair_redraw(targets)?;
                Ok(Verdict::AsDealt)
            }
        }
    }

    fn judge_hardcore(&mut self, targets: &[CellIdx]) -> Verdict {
        if self.known_safe.len() != self.view.len() {
            self.known_safe = vec![false; self.view.len()];
        }
        if targets.iter().all(|t| self.known_safe[t.get()]) {
            return Verdict::AsDealt;
        }
        let evidence = evidence_board(&self.view);
        let Some(safe) = certainly_safe(&evidence) else {
            return Verdict::AsDealt;
        };
        for &cell in &safe {
            self.known_safe[cell.get()] = true;
        }
        let guessed: Vec<CellIdx> = targets
            .iter()
            .copied()
            .filter(|t| !self.known_safe[t.get()])
            .collect();
        if guessed.is_empty() || safe.is_empty() {
            return Verdict::AsDealt;
        }
        Verdict::HardcoreLoss(HardcoreLoss {
            guessed,
            safe_cells: safe,
        })
    }

    /// Fair: when a target holds a mine in the dealt layout and no cell is certainly safe,
    /// lays a layout drawn uniformly among those with every target safe (or the record's
    /// next one when replaying).
    fn fair_redraw(&mut self, targets: &[CellIdx]) -> Result<(), GameError> {
        let mines = self
            .mines
            .as_ref()
            .expect("mines placed before a judged reveal");
        if !targets.iter().any(|t| mines[t.get()]) {
            return Ok(());
        }
        let evidence = evidence_board(&self.view);
        match certainly_safe(&evidence) {
            Some(safe) if safe.is_empty() => {}
            // A cell is certainly safe (or the engine cannot tell): the move plays as dealt.
            _ => return Ok(()),
        }
        let mut conditioned = evidence;
        for &t in targets {
            conditioned.set_cell(t, Cell::HiddenSafe);
        }
        let config = SolveConfig::default();
        let Ok(analysis) = solve_board(&conditioned, &config) else {
            return Ok(());
        };
        // No layout leaves every target safe: a target is certainly a mine, which is a
        // blunder, not a forced guess.
        if num_traits::Zero::is_zero(analysis.solutions()) {
            return Ok(());
        }
        let layout = match self.recorded_redraws.as_mut() {
            Some(queue) => {
                let layout = queue.pop().ok_or_else(|| misfit(RedrawMisfit::Missing))?;
                self.check_redraw(&layout, targets).map_err(misfit)?;
                layout
            }
            None => match LayoutSampler::new(&conditioned, &analysis, &config) {
                Ok(sampler) => sampler.draw(&mut self.rng),
                Err(_) => return Ok(()),
            },
        };
        let dealt = self.mines.replace(layout.clone());
        if self.dealt.is_none() {
            self.dealt = dealt;
        }
        self.last_redraw = Some(layout);
        self.redraw_count += 1;
        Ok(())
    }

    /// Whether `layout` can replace the layout before a reveal of `targets`: the same size
    /// and mine count, every revealed cell and target safe, every revealed number unchanged.
    pub(super) fn check_redraw(
        &self,
        layout: &[bool],
        targets: &[CellIdx],
    ) -> Result<(), RedrawMisfit> {
        let board = &self.view;
        if layout.len() != board.len() {
            return Err(RedrawMisfit::Length {
                expected: board.len(),
                found: layout.len(),
            });
        }
        let found = layout.iter().filter(|m| **m).count();
        if found != self.config.mines() {
            return Err(RedrawMisfit::MineCount {
                expected: self.config.mines(),
                found,
            });
        }
        for idx in board.indices() {
            let revealed = matches!(board.cell(idx), Cell::Revealed(_));
            if layout[idx.get()] && (revealed || targets.contains(&idx)) {
                let (x, y) = board.xy(idx);
                return Err(RedrawMisfit::MineOnSafeCell { x, y });
            }
            if let Cell::Revealed(shown) = board.cell(idx) {
                let mines_around = board.neighbours(idx).filter(|n| layout[n.get()]).count();
                if mines_around != shown as usize {
                    let (x, y) = board.xy(idx);
                    return Err(RedrawMisfit::WrongNumber {
                        x,
                        y,
                        shown,
                        mines_around,
                    });
                }
            }
        }
        Ok(())
    }

    /// Ends the game by the hard-core rule.
    pub(super) fn lose_by_hardcore(&mut self, loss: HardcoreLoss) -> MoveOutcome {
        self.hardcore_loss = Some(loss);
        self.state = super::GameState::Lost;
        MoveOutcome::Lost
    }
}

fn misfit(reason: RedrawMisfit) -> GameError {
    GameError::new(GameErrorKind::RedrawDoesNotFit(reason))
}

/// The position as the player was shown it: the view with its flags lifted.
fn evidence_board(view: &Board) -> Board {
    let mut board = view.clone();
    for idx in view.indices() {
        if view.cell(idx) == Cell::Flag {
            board.set_cell(idx, Cell::Hidden);
        }
    }
    board
}

/// The unrevealed cells safe in every layout consistent with `evidence`, in board order;
/// `None` when the engine cannot analyse it within its default budget.
fn certainly_safe(evidence: &Board) -> Option<Vec<CellIdx>> {
    let analysis = solve_board(evidence, &SolveConfig::default()).ok()?;
    if num_traits::Zero::is_zero(analysis.solutions()) {
        return None;
    }
    Some(
        certain_cells(evidence, &analysis)
            .cells()
            .filter(|&(_, c)| c == Certainty::Safe)
            .map(|(idx, _)| idx)
            .collect(),
    )
}
