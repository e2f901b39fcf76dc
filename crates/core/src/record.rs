//! The record of a played game: the `mineseer-game` format, versions 1 and 2.
//!
//! ```text
//! {"format":"mineseer-game","version":1,"width":16,"height":16,"mines":40,"rule":"safe",
//!  "seed":"12345","layout":[[x,y],...],
//!  "moves":[{"op":"reveal","x":7,"y":7,"t":0},{"op":"flag","x":3,"y":1,"t":5120},...]}
//! ```
//!
//! Version 2 adds the training mode ([`GameMode`]) and, for a Fair game, its redraws:
//! `"mode":"fair","redraws":[{"move":12,"layout":[[x,y],...]}]`, each the layout laid just
//! before move 12 (0-based) revealed its cells, so a replay needs no random numbers. `layout`
//! stays the layout first dealt. A record without `mode` is a normal game, and a normal game
//! is still written as version 1, so that older builds read it. A Fair record is checked by
//! replaying it: each redraw must come at the move that needed it and fit the position then
//! ([`RecordErrorKind::RedrawDoesNotFit`]).
//!
//! - The front ends read the JSON (with serde, which the core does not depend on) into a
//!   [`RawRecord`] of plain fields, and [`GameRecord::new`] checks it: the format and version,
//!   the size, the rule's name, every mine and every move on the board, no mine listed twice,
//!   the mine count equal to the mines listed, the ops known, the times never going back, and
//!   the first reveal allowed by the rule (never a mine under `safe`, a zero under `opening`
//!   and `noguess`). Each failure is a [`RecordError`] naming the mine or move at fault.
//! - A [`GameRecord`] holds the layout as a row-major `Vec<bool>` and the moves; the moves are
//!   what the player clicked, in order, including clicks that changed nothing.
//!   [`GameRecord::replay_game`] is the game before any move, on the recorded layout, and
//!   [`apply_move`] plays one recorded move on it (a `flag` on a flagged cell or an `unflag` on
//!   an unflagged one changes nothing, as the click did nothing when it was recorded).
//! - A record read from another program's replay (`mineseer-replay`) keeps where it came from
//!   in [`RecordOrigin`]: the program, the player and the date, as plain text.
//! - [`RecordBuilder`] records a game as it is played (the page's game does), with times in
//!   milliseconds from the caller's clock, kept relative to the first move.

use crate::board::Cell;
use crate::game::{
    FirstClickRule, Game, GameError, GameMode, GameState, MoveOutcome, MAX_GAME_DIMENSION,
};

mod error;
mod redraw;
pub use error::{RecordError, RecordErrorKind};
use redraw::check_redraws_shape;
pub use redraw::{RawRedraw, RecordRedraw};

/// The `format` field of a record.
pub const RECORD_FORMAT: &str = "mineseer-game";

/// The newest `version` this build reads and writes (it reads 1 too).
pub const RECORD_VERSION: u64 = 2;

/// The version of a record of a normal game, which older builds read too.
pub const RECORD_VERSION_NORMAL: u64 = 1;

/// The most moves a record may hold: far beyond any real game (an expert game takes a few
/// hundred clicks), and a bound on the work of a review.
pub const MAX_RECORD_MOVES: usize = 100_000;

/// What a recorded click did.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum MoveOp {
    /// A left click: reveal a cell.
    Reveal,
    /// A right click that placed a flag.
    Flag,
    /// A right click that removed a flag.
    Unflag,
    /// A chord on a number.
    Chord,
}

impl MoveOp {
    /// Every op.
    pub const ALL: [MoveOp; 4] = [MoveOp::Reveal, MoveOp::Flag, MoveOp::Unflag, MoveOp::Chord];

    /// The name in the record: `reveal`, `flag`, `unflag` or `chord`.
    pub fn name(self) -> &'static str {
        match self {
            MoveOp::Reveal => "reveal",
            MoveOp::Flag => "flag",
            MoveOp::Unflag => "unflag",
            MoveOp::Chord => "chord",
        }
    }

    /// The op with this name (exact, lower case), if any.
    pub fn from_name(name: &str) -> Option<MoveOp> {
        MoveOp::ALL.into_iter().find(|op| op.name() == name)
    }
}

/// One recorded click.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct RecordMove {
    /// What the click did.
    pub op: MoveOp,
    /// Column.
    pub x: usize,
    /// Row.
    pub y: usize,
    /// Milliseconds since the first move.
    pub t: u64,
}

/// A move as read from a file, before any check.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RawMove {
    /// The op's name.
    pub op: String,
    /// Column (may be anything a file holds).
    pub x: i64,
    /// Row.
    pub y: i64,
    /// Milliseconds since the first move.
    pub t: i64,
}

impl From<&RecordMove> for RawMove {
    fn from(m: &RecordMove) -> RawMove {
        RawMove {
            op: m.op.name().to_string(),
            x: m.x as i64,
            y: m.y as i64,
            t: m.t.min(i64::MAX as u64) as i64,
        }
    }
}

/// The mines of a row-major layout `width` cells wide, as `(x, y)`.
fn layout_of(mines: &[bool], width: usize) -> Vec<(i64, i64)> {
    let width = width.max(1);
    (0..mines.len())
        .filter(|&i| mines[i])
        .map(|i| ((i % width) as i64, (i / width) as i64))
        .collect()
}

/// Where a game recorded by another program came from, as that program's replay says.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct RecordOrigin {
    /// The program, as its replay names it (for example `Arbiter` or `Viennasweeper`).
    pub program: String,
    /// The replay's file format (`avf`, `rmv`, `mvf` or `evf`).
    pub file_format: String,
    /// The player's name, when the replay has one.
    pub player: Option<String>,
    /// When the game started, as `YYYY-MM-DDTHH:MM:SSZ`, when the replay has it.
    pub date: Option<String>,
}

/// A record as read from a file, before any check: what the front ends' JSON readers fill.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RawRecord {
    /// Must be [`RECORD_FORMAT`].
    pub format: String,
    /// Must be [`RECORD_VERSION`].
    pub version: u64,
    /// Columns.
    pub width: u64,
    /// Rows.
    pub height: u64,
    /// The mine count; must equal the mines listed.
    pub mines: u64,
    /// The first-click rule's name.
    pub rule: String,
    /// The seed, if the game had one (kept as text: a u64 does not fit a JS number).
    pub seed: Option<String>,
    /// Every mine, `(x, y)`.
    pub layout: Vec<(i64, i64)>,
    /// The clicks, in order.
    pub moves: Vec<RawMove>,
    /// Where the game came from, for a game played in another program.
    pub origin: Option<RecordOrigin>,
    /// The training mode's name; `None` (a version 1 record) is `normal`.
    pub mode: Option<String>,
    /// The Fair redraws, in move order.
    pub redraws: Vec<RawRedraw>,
}

/// A checked record: the layout and the moves of one game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameRecord {
    width: usize,
    height: usize,
    mines: Vec<bool>,
    n_mines: usize,
    rule: FirstClickRule,
    seed: Option<String>,
    moves: Vec<RecordMove>,
    origin: Option<RecordOrigin>,
    mode: GameMode,
    redraws: Vec<RecordRedraw>,
}

/// Records a game as it is played.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct RecordBuilder {
    first_ms: Option<u64>,
    moves: Vec<RecordMove>,
    redraws: Vec<RecordRedraw>,
}

impl GameRecord {
    /// Checks a record read from a file.
    pub fn new(raw: RawRecord) -> Result<GameRecord, RecordError> {
        let fail = |kind| Err(RecordError { kind });
        if raw.format != RECORD_FORMAT {
            return fail(RecordErrorKind::Format { found: raw.format });
        }
        if raw.version != RECORD_VERSION && raw.version != RECORD_VERSION_NORMAL {
            return fail(RecordErrorKind::Version { found: raw.version });
        }
        let max = MAX_GAME_DIMENSION as u64;
        if raw.width == 0 || raw.height == 0 || raw.width > max || raw.height > max {
            return fail(RecordErrorKind::BadSize {
                width: raw.width,
                height: raw.height,
            });
        }
        let (width, height) = (raw.width as usize, raw.height as usize);
        let Some(rule) = FirstClickRule::from_name(&raw.rule) else {
            return fail(RecordErrorKind::UnknownRule { name: raw.rule });
        };
        let mode = match raw.mode.as_deref() {
            None => GameMode::Normal,
            Some(name) => match GameMode::from_name(name) {
                Some(mode) => mode,
                None => {
                    return fail(RecordErrorKind::UnknownMode {
                        name: name.to_string(),
                    })
                }
            },
        };
        let on_board = |x: i64, y: i64| {
            (x >= 0 && y >= 0 && (x as u64) < raw.width && (y as u64) < raw.height)
                .then_some((x as usize, y as usize))
        };
        let mut mines = vec![false; width * height];
        for &(x, y) in &raw.layout {
            let Some((cx, cy)) = on_board(x, y) else {
                return fail(RecordErrorKind::MineOutside {
                    x,
                    y,
                    width,
                    height,
                });
            };
            let slot = &mut mines[cy * width + cx];
            if *slot {
                return fail(RecordErrorKind::DuplicateMine { x, y });
            }
            *slot = true;
        }
        if raw.mines != raw.layout.len() as u64 {
            return fail(RecordErrorKind::MineCount {
                mines: raw.mines,
                listed: raw.layout.len(),
            });
        }
        if raw.moves.len() > MAX_RECORD_MOVES {
            return fail(RecordErrorKind::TooManyMoves {
                moves: raw.moves.len(),
            });
        }
        let mut moves = Vec::with_capacity(raw.moves.len());
        let mut last_t = 0i64;
        for (index, raw_move) in raw.moves.iter().enumerate() {
            let Some(op) = MoveOp::from_name(&raw_move.op) else {
                return fail(RecordErrorKind::UnknownOp {
                    index,
                    op: raw_move.op.clone(),
                });
            };
            let Some((x, y)) = on_board(raw_move.x, raw_move.y) else {
                return fail(RecordErrorKind::MoveOutside {
                    index,
                    x: raw_move.x,
                    y: raw_move.y,
                    width,
                    height,
                });
            };
            if raw_move.t < last_t {
                return fail(RecordErrorKind::TimeBackwards {
                    index,
                    t: raw_move.t,
                });
            }
            last_t = raw_move.t;
            moves.push(RecordMove {
                op,
                x,
                y,
                t: raw_move.t as u64,
            });
        }
        let redraws = check_redraws_shape(&raw.redraws, mode, &moves, width, height)?;
        let record = GameRecord {
            width,
            height,
            n_mines: raw.layout.len(),
            mines,
            rule,
            seed: raw.seed,
            moves,
            origin: raw.origin,
            mode,
            redraws,
        };
        record.check_first_reveal()?;
        record.check_redraws_replay()?;
        Ok(record)
    }

    /// This record in `mode`, with `redraws` (each a move index and the layout laid before
    /// it), checked as [`GameRecord::new`] checks a file.
    pub fn with_mode(
        &self,
        mode: GameMode,
        redraws: &[RecordRedraw],
    ) -> Result<GameRecord, RecordError> {
        let mut raw = self.to_raw();
        raw.version = RECORD_VERSION;
        raw.mode = Some(mode.name().to_string());
        raw.redraws = redraws
            .iter()
            .map(|r| RawRedraw {
                move_index: r.move_index as i64,
                layout: layout_of(&r.mines, self.width),
            })
            .collect();
        GameRecord::new(raw)
    }

    /// The record of a game on `mines` (row-major) with these moves, as [`GameRecord::new`]
    /// checks it: the page's game and the tests build records this way.
    pub fn from_parts(
        width: usize,
        height: usize,
        mines: &[bool],
        rule: FirstClickRule,
        seed: Option<String>,
        moves: &[RecordMove],
    ) -> Result<GameRecord, RecordError> {
        let layout = layout_of(mines, width);
        GameRecord::new(RawRecord {
            format: RECORD_FORMAT.to_string(),
            version: RECORD_VERSION,
            width: width as u64,
            height: height as u64,
            mines: layout.len() as u64,
            rule: rule.name().to_string(),
            seed,
            layout,
            moves: moves.iter().map(RawMove::from).collect(),
            origin: None,
            mode: None,
            redraws: Vec::new(),
        })
    }

    /// The record as plain fields, for the front ends' JSON writers (mines in row-major order).
    pub fn to_raw(&self) -> RawRecord {
        let normal = self.mode == GameMode::Normal && self.redraws.is_empty();
        RawRecord {
            format: RECORD_FORMAT.to_string(),
            version: if normal {
                RECORD_VERSION_NORMAL
            } else {
                RECORD_VERSION
            },
            width: self.width as u64,
            height: self.height as u64,
            mines: self.n_mines as u64,
            rule: self.rule.name().to_string(),
            seed: self.seed.clone(),
            layout: layout_of(&self.mines, self.width),
            moves: self.moves.iter().map(RawMove::from).collect(),
            origin: self.origin.clone(),
            mode: (!normal).then(|| self.mode.name().to_string()),
            redraws: self
                .redraws
                .iter()
                .map(|r| RawRedraw {
                    move_index: r.move_index as i64,
                    layout: layout_of(&r.mines, self.width),
                })
                .collect(),
        }
    }

    /// Columns.
    pub fn width(&self) -> usize {
        self.width
    }

    /// Rows.
    pub fn height(&self) -> usize {
        self.height
    }

    /// Number of mines.
    pub fn n_mines(&self) -> usize {
        self.n_mines
    }

    /// The layout, row-major, `true` for a mine.
    pub fn mines(&self) -> &[bool] {
        &self.mines
    }

    /// The first-click rule the game was played under.
    pub fn rule(&self) -> FirstClickRule {
        self.rule
    }

    /// The seed, when the game had one.
    pub fn seed(&self) -> Option<&str> {
        self.seed.as_deref()
    }

    /// The recorded clicks, in order.
    pub fn moves(&self) -> &[RecordMove] {
        &self.moves
    }

    /// Where the game came from, for a game played in another program.
    pub fn origin(&self) -> Option<&RecordOrigin> {
        self.origin.as_ref()
    }

    /// The training mode the game was played in.
    pub fn mode(&self) -> GameMode {
        self.mode
    }

    /// The Fair redraws, in move order.
    pub fn redraws(&self) -> &[RecordRedraw] {
        &self.redraws
    }

    /// The game before the first move: the recorded layout, nothing revealed, in the
    /// record's mode; a Fair game lays the record's redraws instead of drawing.
    pub fn replay_game(&self) -> Game {
        let game = Game::from_layout(self.width, self.height, self.mines.clone())
            .expect("the record's size and layout were checked")
            .in_mode(self.mode);
        if self.mode == GameMode::Fair {
            game.replaying_redraws(self.redraws.iter().map(|r| r.mines.clone()).collect())
        } else {
            game
        }
    }

    /// The game after every move, and its state.
    pub fn final_game(&self) -> Game {
        let mut game = self.replay_game();
        for mv in &self.moves {
            apply_move(&mut game, mv);
        }
        game
    }

    /// The first reveal must be allowed by the rule: `safe` never puts a mine under it,
    /// `opening` and `noguess` leave it and its neighbours free.
    fn check_first_reveal(&self) -> Result<(), RecordError> {
        let Some((index, first)) = self
            .moves
            .iter()
            .enumerate()
            .find(|(_, m)| m.op == MoveOp::Reveal)
        else {
            return Ok(());
        };
        let at = first.y * self.width + first.x;
        let mine_near = || {
            let (x, y) = (first.x as i64, first.y as i64);
            (-1..=1).any(|dy| {
                (-1..=1).any(|dx| {
                    let (nx, ny) = (x + dx, y + dy);
                    nx >= 0
                        && ny >= 0
                        && (nx as usize) < self.width
                        && (ny as usize) < self.height
                        && self.mines[ny as usize * self.width + nx as usize]
                })
            })
        };
        let broken = match self.rule {
            FirstClickRule::None => false,
            FirstClickRule::Safe => self.mines[at],
            FirstClickRule::Opening | FirstClickRule::NoGuess => mine_near(),
        };
        if broken {
            return Err(RecordError {
                kind: RecordErrorKind::FirstClickRule {
                    index,
                    x: first.x,
                    y: first.y,
                    rule: self.rule,
                },
            });
        }
        Ok(())
    }
}

/// Plays one recorded move on a game and says what it did. A move after the end of the game,
/// a `flag` on a cell that is not hidden, an `unflag` on a cell that is not flagged change
/// nothing ([`MoveOutcome::NoChange`]).
pub fn apply_move(game: &mut Game, mv: &RecordMove) -> MoveOutcome {
    // The game is playing and the cell is on the board, so the game accepts the move; a
    // checked record's redraws fit.
    try_apply_move(game, mv).unwrap_or(MoveOutcome::NoChange)
}

/// [`apply_move`], failing when a replayed Fair redraw does not fit the position.
pub fn try_apply_move(game: &mut Game, mv: &RecordMove) -> Result<MoveOutcome, GameError> {
    if game.state() != GameState::Playing {
        return Ok(MoveOutcome::NoChange);
    }
    let Some(idx) = game.board().idx(mv.x, mv.y) else {
        return Ok(MoveOutcome::NoChange);
    };
    let cell = game.board().cell(idx);
    let result: Result<MoveOutcome, GameError> = match mv.op {
        MoveOp::Reveal => game.reveal(mv.x, mv.y),
        MoveOp::Flag if cell == Cell::Hidden => game.toggle_flag(mv.x, mv.y),
        MoveOp::Unflag if cell == Cell::Flag => game.toggle_flag(mv.x, mv.y),
        MoveOp::Flag | MoveOp::Unflag => Ok(MoveOutcome::NoChange),
        MoveOp::Chord => game.chord(mv.x, mv.y),
    };
    result
}

impl RecordBuilder {
    /// An empty record.
    pub fn new() -> RecordBuilder {
        RecordBuilder::default()
    }

    /// Goes on recording a game loaded from `record`: its moves are kept, and the next click
    /// is timed from the last one's time.
    pub fn resume(record: &GameRecord) -> RecordBuilder {
        RecordBuilder {
            first_ms: None,
            moves: record.moves().to_vec(),
            redraws: record.redraws().to_vec(),
        }
    }

    /// Notes a click at `now_ms` (the caller's clock, any origin; kept relative to the first
    /// click, and never earlier than the click before).
    pub fn push(&mut self, op: MoveOp, x: usize, y: usize, now_ms: u64) {
        let last = self.moves.last().map_or(0, |m| m.t);
        // The first click of this session: times go on from the last recorded one.
        let first = *self.first_ms.get_or_insert(now_ms.saturating_sub(last));
        let t = now_ms.saturating_sub(first).max(last);
        if self.moves.len() < MAX_RECORD_MOVES {
            self.moves.push(RecordMove { op, x, y, t });
        }
    }

    /// Notes that the last click drew this layout (a Fair redraw: [`Game::last_redraw`]).
    pub fn note_redraw(&mut self, layout: &[bool]) {
        if let Some(move_index) = self.moves.len().checked_sub(1) {
            self.redraws.push(RecordRedraw {
                move_index,
                mines: layout.to_vec(),
            });
        }
    }

    /// The clicks so far.
    pub fn moves(&self) -> &[RecordMove] {
        &self.moves
    }

    /// The redraws so far.
    pub fn redraws(&self) -> &[RecordRedraw] {
        &self.redraws
    }

    /// The record of `game` (which must have placed its mines) with these clicks, under
    /// `rule` and in the game's mode; `None` before the mines are placed.
    pub fn finish(
        &self,
        game: &Game,
        rule: FirstClickRule,
        seed: Option<String>,
    ) -> Option<GameRecord> {
        let layout = game.dealt_layout()?;
        let config = game.config();
        let record = GameRecord::from_parts(
            config.width(),
            config.height(),
            layout,
            rule,
            seed,
            &self.moves,
        )
        .ok()?;
        if config.mode() == GameMode::Normal {
            return Some(record);
        }
        record.with_mode(config.mode(), &self.redraws).ok()
    }
}
