//! A game of Minesweeper: seeded boards, first-click rules, moves, and the files a game is
//! saved in.
//!
//! - [`GameConfig`] says the size, the mine count, the [`FirstClickRule`] and the seed;
//!   [`Preset`] gives the three classic sizes.
//! - [`Game`] holds the hidden layout and the player's view ([`Game::board`], a [`Board`] the
//!   engine can analyse). Moves: [`Game::reveal`] (with the flood fill of zeros),
//!   [`Game::toggle_flag`], [`Game::chord`]. Counters for a page: mines left, revealed cells,
//!   moves, the [`GameState`], the losing cell, the wrong flags.
//! - Mines are placed at the first reveal, **uniformly** among the layouts the rule allows: the
//!   allowed cells are shuffled with the seeded [`GameRng`] (a partial Fisher-Yates shuffle) and
//!   the first `mines` of them get a mine. So the same seed and the same first click give the
//!   same board on every platform. The `noguess` rule instead asks [`crate::noguess`] for a
//!   verified no-guess layout (seeded the same way; not uniform).
//! - The core has no clock: [`Game::note_time`] stores times the caller reads from its own
//!   clock, and [`Game::elapsed_ms`] works from those.
//! - A full game (the layout and what is revealed) is saved as `.mine` with `M` for the mines
//!   ([`Game::to_mine_text`], [`Game::from_mine_text`]) or as JSMinesweeper's binary MBF
//!   ([`Game::to_mbf`], [`Game::from_mbf`]): a width byte, a height byte, the mine count as two
//!   bytes big-endian, then an `x`, `y` byte pair per mine.

use crate::board::{Board, Cell, CellIdx};
use crate::formats::parse_mine;
use crate::noguess::{generate_no_guess, NoGuessConfig};
use crate::rng::GameRng;

pub use crate::limits::MAX_GAME_DIMENSION;

mod error;
mod mode;
pub use error::{GameError, GameErrorKind};
pub use mode::{GameMode, HardcoreLoss, RedrawMisfit};

/// The classic board sizes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Preset {
    /// 9x9 with 10 mines.
    Beginner,
    /// 16x16 with 40 mines.
    Intermediate,
    /// 30x16 with 99 mines.
    Expert,
}

impl Preset {
    /// Every preset, smallest first.
    pub const ALL: [Preset; 3] = [Preset::Beginner, Preset::Intermediate, Preset::Expert];

    /// `(width, height, mines)`.
    pub fn dimensions(self) -> (usize, usize, usize) {
        match self {
            Preset::Beginner => (9, 9, 10),
            Preset::Intermediate => (16, 16, 40),
            Preset::Expert => (30, 16, 99),
        }
    }

    /// The lower-case name: `beginner`, `intermediate` or `expert`.
    pub fn name(self) -> &'static str {
        match self {
            Preset::Beginner => "beginner",
            Preset::Intermediate => "intermediate",
            Preset::Expert => "expert",
        }
    }

    /// The preset with this name (case-insensitive), if any.
    pub fn from_name(name: &str) -> Option<Preset> {
        Preset::ALL
            .into_iter()
            .find(|p| p.name().eq_ignore_ascii_case(name.trim()))
    }
}

/// What the first reveal is guaranteed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum FirstClickRule {
    /// The first revealed cell is never a mine.
    Safe,
    /// The first revealed cell and its neighbours are mine-free, so it shows 0.
    Opening,
    /// No guarantee: the first click may hit a mine.
    None,
    /// The first revealed cell shows 0, and the whole board can then be won by certain moves
    /// alone, never a guess ([`crate::noguess`]; the layout is verified before play).
    NoGuess,
}

impl FirstClickRule {
    /// Every rule.
    pub const ALL: [FirstClickRule; 4] = [
        FirstClickRule::Safe,
        FirstClickRule::Opening,
        FirstClickRule::None,
        FirstClickRule::NoGuess,
    ];

    /// The lower-case name: `safe`, `opening`, `none` or `noguess`.
    pub fn name(self) -> &'static str {
        match self {
            FirstClickRule::Safe => "safe",
            FirstClickRule::Opening => "opening",
            FirstClickRule::None => "none",
            FirstClickRule::NoGuess => "noguess",
        }
    }

    /// The rule with this name (case-insensitive), if any.
    pub fn from_name(name: &str) -> Option<FirstClickRule> {
        FirstClickRule::ALL
            .into_iter()
            .find(|r| r.name().eq_ignore_ascii_case(name.trim()))
    }
}

/// The settings of a new game. Built by [`GameConfig::new`] or [`GameConfig::preset`], which
/// check that the mines fit whatever the first click is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct GameConfig {
    width: usize,
    height: usize,
    mines: usize,
    rule: FirstClickRule,
    seed: u64,
    mode: GameMode,
}

impl GameConfig {
    /// A custom game. Width and height run from 1 to [`MAX_GAME_DIMENSION`]; the mines must
    /// leave room for the cells the rule keeps free (one cell under `safe`, a 3x3 block under
    /// `opening` and `noguess`).
    pub fn new(
        width: usize,
        height: usize,
        mines: usize,
        rule: FirstClickRule,
        seed: u64,
    ) -> Result<GameConfig, GameError> {
        if width == 0 || height == 0 || width > MAX_GAME_DIMENSION || height > MAX_GAME_DIMENSION {
            return Err(GameError::new(GameErrorKind::BadSize { width, height }));
        }
        let cells = width * height;
        let kept_free = match rule {
            FirstClickRule::None => 0,
            FirstClickRule::Safe => 1,
            FirstClickRule::Opening | FirstClickRule::NoGuess => width.min(3) * height.min(3),
        };
        if mines + kept_free > cells {
            return Err(GameError::new(GameErrorKind::TooManyMines {
                mines,
                max: cells - kept_free,
            }));
        }
        Ok(GameConfig {
            width,
            height,
            mines,
            rule,
            seed,
            mode: GameMode::Normal,
        })
    }

    /// A preset game.
    pub fn preset(preset: Preset, rule: FirstClickRule, seed: u64) -> GameConfig {
        let (width, height, mines) = preset.dimensions();
        GameConfig {
            width,
            height,
            mines,
            rule,
            seed,
            mode: GameMode::Normal,
        }
    }

    /// The same settings in a training mode ([`GameMode`]; [`GameMode::Normal`] by default).
    pub fn with_mode(self, mode: GameMode) -> GameConfig {
        GameConfig { mode, ..self }
    }

    /// The training mode.
    pub fn mode(&self) -> GameMode {
        self.mode
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

    /// The first-click rule.
    pub fn rule(&self) -> FirstClickRule {
        self.rule
    }

    /// The seed of the mine placement.
    pub fn seed(&self) -> u64 {
        self.seed
    }
}

/// Where a game stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum GameState {
    /// Not over (including before the first click).
    Playing,
    /// Every safe cell is revealed.
    Won,
    /// A mine was revealed.
    Lost,
}

/// What a move did.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum MoveOutcome {
    /// Nothing changed (a revealed or flagged cell, a chord whose flags do not match, ...).
    NoChange,
    /// This many cells were revealed and the game goes on.
    Revealed(usize),
    /// A flag was placed or removed.
    Flagged,
    /// The move revealed a mine.
    Lost,
    /// The move revealed the last safe cell.
    Won,
}

/// A game: the hidden layout, the player's view, counters.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Game {
    config: GameConfig,
    /// `None` until the first reveal places the mines.
    mines: Option<Vec<bool>>,
    view: Board,
    rng: GameRng,
    state: GameState,
    revealed: usize,
    flags: usize,
    moves: usize,
    losing_cell: Option<CellIdx>,
    started_ms: Option<u64>,
    ended_ms: Option<u64>,
    /// Hard core: cells an earlier analysis found certainly safe (they stay so).
    known_safe: Vec<bool>,
    hardcore_loss: Option<HardcoreLoss>,
    /// Fair: the layout the last move drew, and how many were drawn.
    last_redraw: Option<Vec<bool>>,
    redraw_count: usize,
    /// A replayed record's redraws still to lay, last first; `None` when the game draws.
    recorded_redraws: Option<Vec<Vec<bool>>>,
    /// The layout first dealt, once a redraw has replaced it.
    dealt: Option<Vec<bool>>,
}

impl Game {
    /// A new game. The mines are placed at the first reveal.
    pub fn new(config: GameConfig) -> Game {
        let view = Board::new(config.width, config.height, config.mines)
            .expect("GameConfig checked the size");
        Game {
            config,
            mines: None,
            view,
            rng: GameRng::new(config.seed),
            state: GameState::Playing,
            revealed: 0,
            flags: 0,
            moves: 0,
            losing_cell: None,
            started_ms: None,
            ended_ms: None,
            known_safe: Vec::new(),
            hardcore_loss: None,
            last_redraw: None,
            redraw_count: 0,
            recorded_redraws: None,
            dealt: None,
        }
    }

    /// A game with a given layout (`mines[i]` for cell `i` in row-major order), nothing
    /// revealed. The first-click rule is `none`: the layout is what it is.
    pub fn from_layout(width: usize, height: usize, mines: Vec<bool>) -> Result<Game, GameError> {
        let count = mines.iter().filter(|m| **m).count();
        let config = GameConfig::new(width, height, count, FirstClickRule::None, 0)?;
        if mines.len() != width * height {
            return Err(GameError::new(GameErrorKind::LayoutLength {
                expected: width * height,
                found: mines.len(),
            }));
        }
        let mut game = Game::new(config);
        game.mines = Some(mines);
        Ok(game)
    }

    /// A game on `layout` brought to the position `board`: its flags placed, its revealed
    /// cells revealed (a rollout from a position, after drawing a layout that fits it).
    /// `None` if the layout does not give the same numbers or the game is already over.
    pub fn at_position(board: &Board, layout: Vec<bool>) -> Option<Game> {
        let mut game = Game::from_layout(board.width(), board.height(), layout).ok()?;
        // Flags first: in play a flag beside a revealed 0 kept the opening from revealing its
        // cell, and it must here too, wherever the 0 comes in board order.
        for idx in board.indices() {
            if board.cell(idx) == Cell::Flag {
                let (x, y) = board.xy(idx);
                game.toggle_flag(x, y).ok()?;
            }
        }
        for idx in board.indices() {
            if let Cell::Revealed(_) = board.cell(idx) {
                let (x, y) = board.xy(idx);
                game.reveal(x, y).ok()?;
            }
        }
        let same = board.indices().all(|idx| {
            !matches!(board.cell(idx), Cell::Revealed(_))
                || game.board().cell(idx) == board.cell(idx)
        });
        (same && game.state() == GameState::Playing).then_some(game)
    }

    /// The settings.
    pub fn config(&self) -> &GameConfig {
        &self.config
    }

    /// The player's view: hidden, flagged and revealed cells and the mine count, ready for the
    /// engine ([`crate::solve_board`]). It never shows where the mines are.
    pub fn board(&self) -> &Board {
        &self.view
    }

    /// Where the game stands.
    pub fn state(&self) -> GameState {
        self.state
    }

    /// True once the first cell has been revealed (the mines are placed).
    pub fn is_started(&self) -> bool {
        self.mines.is_some() && self.moves > 0
    }

    /// True when the game is won or lost.
    pub fn is_over(&self) -> bool {
        self.state != GameState::Playing
    }

    /// Mines less flags: the counter a page shows. Negative when there are more flags than
    /// mines.
    pub fn mines_left(&self) -> i64 {
        self.config.mines as i64 - self.flags as i64
    }

    /// Revealed cells.
    pub fn revealed_count(&self) -> usize {
        self.revealed
    }

    /// Safe cells not yet revealed.
    pub fn safe_cells_left(&self) -> usize {
        self.view.len() - self.config.mines - self.revealed
    }

    /// Flags placed.
    pub fn flag_count(&self) -> usize {
        self.flags
    }

    /// Moves that changed something (reveals, chords, flags).
    pub fn moves(&self) -> usize {
        self.moves
    }

    /// The mine that ended a lost game.
    pub fn losing_cell(&self) -> Option<CellIdx> {
        self.losing_cell
    }

    /// Whether a cell holds a mine, once the mines are placed. A front end shows this only when
    /// the game is over; the auto-player never calls it.
    pub fn is_mine(&self, idx: CellIdx) -> Option<bool> {
        self.mines.as_ref().map(|m| m[idx.get()])
    }

    /// The layout, once placed (`true` for a mine, row-major).
    pub fn layout(&self) -> Option<&[bool]> {
        self.mines.as_deref()
    }

    /// Flags on cells without a mine (empty before the mines are placed).
    pub fn wrong_flags(&self) -> Vec<CellIdx> {
        let Some(mines) = &self.mines else {
            return Vec::new();
        };
        self.view
            .indices()
            .filter(|&i| self.view.cell(i) == Cell::Flag && !mines[i.get()])
            .collect()
    }

    /// Records the caller's clock (milliseconds, any origin). Call it after each move: the game
    /// keeps the time of the first call after the game started and of the first call after it
    /// ended.
    pub fn note_time(&mut self, now_ms: u64) {
        if self.is_started() && self.started_ms.is_none() {
            self.started_ms = Some(now_ms);
        }
        if self.is_over() && self.ended_ms.is_none() {
            self.ended_ms = Some(now_ms);
        }
    }

    /// Milliseconds played, from the times given to [`Game::note_time`]: frozen once the game
    /// is over, otherwise up to `now_ms`; 0 before the start.
    pub fn elapsed_ms(&self, now_ms: u64) -> u64 {
        match (self.started_ms, self.ended_ms) {
            (Some(start), Some(end)) => end.saturating_sub(start),
            (Some(start), None) => now_ms.saturating_sub(start),
            _ => 0,
        }
    }

    /// Reveals `(x, y)`. The first reveal places the mines under the first-click rule. A zero
    /// opens its neighbours, repeatedly (flags are left alone). Revealing a flagged or revealed
    /// cell changes nothing. Later reveals are judged by the [`GameMode`] first.
    pub fn reveal(&mut self, x: usize, y: usize) -> Result<MoveOutcome, GameError> {
        let idx = self.check_move(x, y)?;
        self.last_redraw = None;
        if self.view.cell(idx) != Cell::Hidden {
            return Ok(MoveOutcome::NoChange);
        }
        if self.mines.is_none() {
            self.place_mines(idx)?;
        } else {
            self.open_judged(&[idx])?;
            if self.is_over() {
                self.moves += 1;
                return Ok(MoveOutcome::Lost);
            }
        }
        self.moves += 1;
        Ok(self.open_cells(&[idx]))
    }

    /// Places or removes a flag on a hidden cell. Flagging a revealed cell changes nothing.
    pub fn toggle_flag(&mut self, x: usize, y: usize) -> Result<MoveOutcome, GameError> {
        let idx = self.check_move(x, y)?;
        self.last_redraw = None;
        match self.view.cell(idx) {
            Cell::Hidden => {
                self.view.set_cell(idx, Cell::Flag);
                self.flags += 1;
            }
            Cell::Flag => {
                self.view.set_cell(idx, Cell::Hidden);
                self.flags -= 1;
            }
            _ => return Ok(MoveOutcome::NoChange),
        }
        self.moves += 1;
        Ok(MoveOutcome::Flagged)
    }

    /// Chords on a revealed number: when exactly that many of its neighbours are flagged, its
    /// other hidden neighbours are revealed (a wrong flag loses the game here). Otherwise
    /// nothing changes.
    pub fn chord(&mut self, x: usize, y: usize) -> Result<MoveOutcome, GameError> {
        let idx = self.check_move(x, y)?;
        self.last_redraw = None;
        let Cell::Revealed(number) = self.view.cell(idx) else {
            return Ok(MoveOutcome::NoChange);
        };
        let flags = self
            .view
            .neighbours(idx)
            .filter(|&n| self.view.cell(n) == Cell::Flag)
            .count();
        if flags != number as usize {
            return Ok(MoveOutcome::NoChange);
        }
        let targets: Vec<CellIdx> = self
            .view
            .neighbours(idx)
            .filter(|&n| self.view.cell(n) == Cell::Hidden)
            .collect();
        if targets.is_empty() {
            return Ok(MoveOutcome::NoChange);
        }
        self.open_judged(&targets)?;
        self.moves += 1;
        if self.is_over() {
            return Ok(MoveOutcome::Lost);
        }
        Ok(self.open_cells(&targets))
    }

    /// The mode's judgement of a reveal of `targets`: a hard-core loss ends the game here; a
    /// Fair redraw replaces the layout. Fails only on a replayed record's redraw that does not
    /// fit.
    fn open_judged(&mut self, targets: &[CellIdx]) -> Result<(), GameError> {
        if let mode::Verdict::HardcoreLoss(loss) = self.judge_reveal(targets)? {
            self.lose_by_hardcore(loss);
        }
        Ok(())
    }

    /// The full game as `.mine` text: revealed cells as their numbers, every mine as `M`
    /// (flagged or not), other cells `H`. Before the first click there is no layout, so the
    /// hidden view is written.
    pub fn to_mine_text(&self) -> String {
        let mut board = self.view.clone();
        if let Some(mines) = &self.mines {
            for idx in self.view.indices() {
                let cell = match (self.view.cell(idx), mines[idx.get()]) {
                    (Cell::Revealed(n), _) => Cell::Revealed(n),
                    (_, true) => Cell::HiddenMine,
                    (_, false) => Cell::Hidden,
                };
                board.set_cell(idx, cell);
            }
        }
        crate::formats::write_mine(&board)
    }

    /// Reads a full game from `.mine` text: `M`/`?` and `F` are mines (flags stay flags),
    /// digits are revealed cells and must match the layout. The header's mine count must match
    /// the mines drawn.
    pub fn from_mine_text(text: &str) -> Result<Game, GameError> {
        let board = parse_mine(text).map_err(|e| GameError::new(GameErrorKind::Parse(e)))?;
        let (width, height) = (board.width(), board.height());
        let mines: Vec<bool> = board
            .cells()
            .iter()
            .map(|c| matches!(c, Cell::HiddenMine | Cell::Flag))
            .collect();
        let found = mines.iter().filter(|m| **m).count();
        if found != board.mines() {
            return Err(GameError::new(GameErrorKind::MineCountMismatch {
                header: board.mines(),
                found,
            }));
        }
        let mut game = Game::from_layout(width, height, mines)?;
        for idx in board.indices() {
            match board.cell(idx) {
                Cell::Revealed(n) => {
                    let around = game.count_mines_around(idx);
                    if around != n as usize {
                        let (x, y) = board.xy(idx);
                        return Err(GameError::new(GameErrorKind::WrongNumber {
                            x,
                            y,
                            shown: n,
                            mines_around: around,
                        }));
                    }
                    game.view.set_cell(idx, Cell::Revealed(n));
                    game.revealed += 1;
                }
                Cell::Flag => {
                    game.view.set_cell(idx, Cell::Flag);
                    game.flags += 1;
                }
                _ => {}
            }
        }
        if game.revealed > 0 {
            game.moves = 1;
        }
        if game.safe_cells_left() == 0 && game.revealed > 0 {
            game.state = GameState::Won;
        }
        Ok(game)
    }

    /// The layout as MBF bytes. `None` before the mines are placed, or when the board or the
    /// mine count does not fit the format (sides up to 255, up to 65,535 mines).
    pub fn to_mbf(&self) -> Option<Vec<u8>> {
        let mines = self.mines.as_ref()?;
        let (width, height) = (self.config.width, self.config.height);
        if width > 255 || height > 255 || self.config.mines > u16::MAX as usize {
            return None;
        }
        let mut out = Vec::with_capacity(4 + 2 * self.config.mines);
        out.push(width as u8);
        out.push(height as u8);
        out.extend_from_slice(&(self.config.mines as u16).to_be_bytes());
        for idx in self.view.indices().filter(|i| mines[i.get()]) {
            let (x, y) = self.view.xy(idx);
            out.push(x as u8);
            out.push(y as u8);
        }
        Some(out)
    }

    /// Reads an MBF layout: a new game with those mines and nothing revealed.
    pub fn from_mbf(bytes: &[u8]) -> Result<Game, GameError> {
        let truncated = || {
            GameError::new(GameErrorKind::MbfTruncated {
                expected: 4,
                found: bytes.len(),
            })
        };
        let header = bytes.get(..4).ok_or_else(truncated)?;
        let (width, height) = (header[0] as usize, header[1] as usize);
        let count = u16::from_be_bytes([header[2], header[3]]) as usize;
        let expected = 4 + 2 * count;
        if bytes.len() < expected {
            return Err(GameError::new(GameErrorKind::MbfTruncated {
                expected,
                found: bytes.len(),
            }));
        }
        if bytes.len() > expected {
            return Err(GameError::new(GameErrorKind::MbfTrailingBytes {
                expected,
                found: bytes.len(),
            }));
        }
        if width == 0 || height == 0 || width > MAX_GAME_DIMENSION || height > MAX_GAME_DIMENSION {
            return Err(GameError::new(GameErrorKind::BadSize { width, height }));
        }
        let mut mines = vec![false; width * height];
        for pair in bytes[4..].chunks_exact(2) {
            let (x, y) = (pair[0] as usize, pair[1] as usize);
            if x >= width || y >= height {
                return Err(GameError::new(GameErrorKind::MbfMineOutside {
                    x,
                    y,
                    width,
                    height,
                }));
            }
            let slot = &mut mines[y * width + x];
            if *slot {
                return Err(GameError::new(GameErrorKind::MbfDuplicateMine { x, y }));
            }
            *slot = true;
        }
        Game::from_layout(width, height, mines)
    }

    fn check_move(&self, x: usize, y: usize) -> Result<CellIdx, GameError> {
        if self.is_over() {
            return Err(GameError::new(GameErrorKind::GameOver));
        }
        self.view.idx(x, y).ok_or_else(|| {
            GameError::new(GameErrorKind::OutsideBoard {
                x,
                y,
                width: self.config.width,
                height: self.config.height,
            })
        })
    }

    /// Places the mines uniformly among the cells the rule leaves allowed, given the first
    /// click: a partial Fisher-Yates shuffle of the allowed cells, so every set of `mines`
    /// allowed cells is equally likely.
    fn place_mines(&mut self, first: CellIdx) -> Result<(), GameError> {
        if self.config.rule == FirstClickRule::NoGuess {
            let (width, height) = (self.config.width, self.config.height);
            let board = NoGuessConfig::new(
                width,
                height,
                self.config.mines,
                self.view.xy(first),
                self.config.seed,
            )
            .and_then(|config| generate_no_guess(&config))
            .map_err(|err| GameError::new(GameErrorKind::NoGuess(err)))?;
            self.mines = Some(board.mines().to_vec());
            return Ok(());
        }
        let mut kept_free = vec![false; self.view.len()];
        match self.config.rule {
            FirstClickRule::None => {}
            FirstClickRule::Safe => kept_free[first.get()] = true,
            FirstClickRule::Opening | FirstClickRule::NoGuess => {
                kept_free[first.get()] = true;
                for n in self.view.neighbours(first) {
                    kept_free[n.get()] = true;
                }
            }
        }
        let mut allowed: Vec<u32> = (0..self.view.len() as u32)
            .filter(|&i| !kept_free[i as usize])
            .collect();
        let mut mines = vec![false; self.view.len()];
        for k in 0..self.config.mines {
            let pick = k + self.rng.below((allowed.len() - k) as u64) as usize;
            allowed.swap(k, pick);
            mines[allowed[k] as usize] = true;
        }
        self.mines = Some(mines);
        Ok(())
    }

    fn count_mines_around(&self, idx: CellIdx) -> usize {
        let mines = self.mines.as_ref().expect("mines placed");
        self.view.neighbours(idx).filter(|n| mines[n.get()]).count()
    }

    /// Reveals `start` cells (all hidden) and floods the zeros; settles the game state.
    fn open_cells(&mut self, start: &[CellIdx]) -> MoveOutcome {
        let mines = self.mines.as_ref().expect("mines placed");
        if let Some(&mine) = start.iter().find(|i| mines[i.get()]) {
            self.losing_cell = Some(mine);
            self.state = GameState::Lost;
            return MoveOutcome::Lost;
        }
        let mut stack: Vec<CellIdx> = start.to_vec();
        let mut opened = 0;
        while let Some(idx) = stack.pop() {
            if self.view.cell(idx) != Cell::Hidden {
                continue;
            }
            let around = self.view.neighbours(idx).filter(|n| mines[n.get()]).count();
            self.view.set_cell(idx, Cell::Revealed(around as u8));
            opened += 1;
            if around == 0 {
                stack.extend(
                    self.view
                        .neighbours(idx)
                        .filter(|&n| self.view.cell(n) == Cell::Hidden),
                );
            }
        }
        self.revealed += opened;
        if self.safe_cells_left() == 0 {
            self.state = GameState::Won;
            MoveOutcome::Won
        } else {
            MoveOutcome::Revealed(opened)
        }
    }
}
