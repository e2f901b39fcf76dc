//! The independent check of a no-guess board: a replay that plays the layout as a [`Game`]
//! from the first click, making only certain moves, until the game is won or no certain move
//! is left.
//!
//! It shares nothing with the generator's solver ([`super::logic`]): it sees only the game's
//! view (the game never tells it where the mines are), and its moves go through the game's own
//! reveal, flag and flood fill. A move is certain when either
//! - **Reduce**: a revealed number's hidden neighbours are all safe (the flags around it
//!   already make the number) or all mines (exactly as many as it still needs). This is the
//!   engine's own first phase, run here as a worklist so that the long chains of easy moves
//!   cost no full analysis; or
//! - **Probability**: when Reduce has nothing left, the exact engine ([`solve_board`], with
//!   the global mine count) says `mine_layouts == 0` (safe: revealed) or
//!   `mine_layouts == solutions` (a mine: flagged).

use num_traits::Zero;

use crate::board::{Cell, CellIdx};
use crate::engine::probability::{solve_board, CellClass, SolveConfig};
use crate::game::{Game, GameState, MoveOutcome};

/// What a replay found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReplayReport {
    won: bool,
    reduce_moves: usize,
    engine_calls: usize,
    stuck_view: Option<String>,
}

impl ReplayReport {
    /// True when certain moves alone won the game.
    pub fn won(&self) -> bool {
        self.won
    }

    /// Moves justified by the Reduce rule (each settles every hidden neighbour of one number).
    pub fn reduce_moves(&self) -> usize {
        self.reduce_moves
    }

    /// Calls of the whole engine (each when the Reduce rule had nothing left to do).
    pub fn engine_calls(&self) -> usize {
        self.engine_calls
    }

    /// When the replay got stuck (or a move lost, which would be an engine bug): the view at
    /// that point as `.mine` text, for a bug report.
    pub fn stuck_view(&self) -> Option<&str> {
        self.stuck_view.as_deref()
    }
}

/// Replays a layout (`mines[i]` for cell `i`, row-major) from `first_click` with certain moves
/// only. The first click itself is the one move that is not proven: the caller says where it
/// is, and it must not be a mine.
pub fn replay_certain_moves(
    width: usize,
    height: usize,
    mines: &[bool],
    first_click: (usize, usize),
    config: &SolveConfig,
) -> ReplayReport {
    let Ok(game) = Game::from_layout(width, height, mines.to_vec()) else {
        return ReplayReport {
            won: false,
            reduce_moves: 0,
            engine_calls: 0,
            stuck_view: None,
        };
    };
    let mut replay = Replay {
        seen: vec![false; game.board().len()],
        game,
        queue: Vec::new(),
        reduce_moves: 0,
        engine_calls: 0,
    };
    let (x, y) = first_click;
    let won = replay.reveal(CellIdx((y * width + x) as u32)) && replay.play(config);
    ReplayReport {
        won,
        reduce_moves: replay.reduce_moves,
        engine_calls: replay.engine_calls,
        stuck_view: (!won).then(|| crate::formats::write_mine(replay.game.board())),
    }
}

/// The replay's state: the game, and which revealed numbers it has taken in.
struct Replay {
    game: Game,
    /// Revealed cells already queued once.
    seen: Vec<bool>,
    /// Revealed numbers to look at with the Reduce rule.
    queue: Vec<CellIdx>,
    reduce_moves: usize,
    engine_calls: usize,
}

impl Replay {
    /// Plays until won (true) or until no certain move is left (false).
    fn play(&mut self, config: &SolveConfig) -> bool {
        loop {
            while let Some(idx) = self.queue.pop() {
                if self.game.is_over() {
                    break;
                }
                if !self.reduce(idx) {
                    return false;
                }
            }
            match self.game.state() {
                GameState::Won => return true,
                GameState::Lost => return false,
                GameState::Playing => {}
            }
            if !self.engine_round(config) {
                return false;
            }
        }
    }

    /// The Reduce rule on one revealed number: its hidden neighbours are all safe when the
    /// flags around it already account for the number, all mines when they are exactly as
    /// many as the mines it still needs. False when a move went wrong.
    fn reduce(&mut self, idx: CellIdx) -> bool {
        let board = self.game.board();
        let Cell::Revealed(number) = board.cell(idx) else {
            return true;
        };
        let mut hidden = [CellIdx(0); 8];
        let (mut n_hidden, mut flags) = (0, 0);
        for n in board.neighbours(idx) {
            match board.cell(n) {
                Cell::Hidden => {
                    hidden[n_hidden] = n;
                    n_hidden += 1;
                }
                Cell::Flag => flags += 1,
                _ => {}
            }
        }
        if n_hidden == 0 || flags > number as usize {
            return true;
        }
        let need = number as usize - flags;
        if need == 0 {
            self.reduce_moves += 1;
            return hidden[..n_hidden].iter().all(|&n| self.reveal(n));
        }
        if need == n_hidden {
            self.reduce_moves += 1;
            return hidden[..n_hidden].iter().all(|&n| self.flag(n));
        }
        true
    }

    /// One call of the whole engine: reveals every cell with no mine in any consistent layout
    /// and flags every cell with a mine in all of them. False when it proves nothing.
    fn engine_round(&mut self, config: &SolveConfig) -> bool {
        self.engine_calls += 1;
        let board = self.game.board();
        let Ok(analysis) = solve_board(board, config) else {
            return false;
        };
        let mut safe: Vec<CellIdx> = Vec::new();
        let mut mines_found: Vec<CellIdx> = Vec::new();
        // Every cell of a box, and every floating cell, has the same count: it is computed
        // once per box.
        let mut box_verdicts: Vec<Option<Verdict>> = Vec::new();
        let mut floating_verdict: Option<Verdict> = None;
        for idx in board.indices() {
            if board.cell(idx) != Cell::Hidden {
                continue;
            }
            let class = analysis.class(idx);
            let slot = match class {
                CellClass::Boxed(b) => {
                    let b = b as usize;
                    if box_verdicts.len() <= b {
                        box_verdicts.resize(b + 1, None);
                    }
                    Some(&mut box_verdicts[b])
                }
                CellClass::Floating => Some(&mut floating_verdict),
                _ => None,
            };
            let verdict = match slot {
                Some(Some(verdict)) => *verdict,
                Some(slot) => *slot.insert(verdict_of(&analysis, idx)),
                None => verdict_of(&analysis, idx),
            };
            match verdict {
                Verdict::Safe => safe.push(idx),
                Verdict::Mine => mines_found.push(idx),
                Verdict::Unsure => {}
            }
        }
        if safe.is_empty() && mines_found.is_empty() {
            return false;
        }
        mines_found.into_iter().all(|idx| self.flag(idx))
            && safe.into_iter().all(|idx| self.reveal(idx))
    }

    /// Reveals a cell the replay proved safe (or the first click) and queues the numbers it
    /// uncovers, with the flood fill. False when the game says it was a mine.
    fn reveal(&mut self, idx: CellIdx) -> bool {
        if self.game.is_over() {
            // A won game refuses further moves; that is not a failure.
            return self.game.state() == GameState::Won;
        }
        if self.game.board().cell(idx) != Cell::Hidden {
            return true;
        }
        let (x, y) = self.game.board().xy(idx);
        match self.game.reveal(x, y) {
            Ok(MoveOutcome::Lost) | Err(_) => return false,
            Ok(_) => {}
        }
        // Walk the flood fill: the revealed cells not seen before, through the zeros.
        let mut stack = vec![idx];
        while let Some(cell) = stack.pop() {
            if self.seen[cell.get()] {
                continue;
            }
            let Cell::Revealed(number) = self.game.board().cell(cell) else {
                continue;
            };
            self.seen[cell.get()] = true;
            self.queue.push(cell);
            for n in self.game.board().neighbours(cell) {
                if !matches!(self.game.board().cell(n), Cell::Revealed(_)) {
                    continue;
                }
                if self.seen[n.get()] {
                    // A number seen before lost a hidden neighbour: look at it again.
                    self.queue.push(n);
                } else if number == 0 {
                    stack.push(n);
                }
            }
        }
        true
    }

    /// Flags a cell the replay proved to be a mine and queues the numbers around it.
    fn flag(&mut self, idx: CellIdx) -> bool {
        if self.game.is_over() {
            // A won game refuses further moves; that is not a failure.
            return self.game.state() == GameState::Won;
        }
        if self.game.board().cell(idx) != Cell::Hidden {
            return true;
        }
        let (x, y) = self.game.board().xy(idx);
        if self.game.toggle_flag(x, y).is_err() {
            return false;
        }
        let board = self.game.board();
        self.queue.extend(
            board
                .neighbours(idx)
                .filter(|&n| matches!(board.cell(n), Cell::Revealed(_))),
        );
        true
    }
}

fn verdict_of(analysis: &crate::Analysis, idx: CellIdx) -> Verdict {
    let layouts = analysis.mine_layouts(idx);
    if layouts.is_zero() {
        Verdict::Safe
    } else if &layouts == analysis.solutions() {
        Verdict::Mine
    } else {
        Verdict::Unsure
    }
}

/// What the engine says about one unknown cell.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Verdict {
    Safe,
    Mine,
    Unsure,
}
