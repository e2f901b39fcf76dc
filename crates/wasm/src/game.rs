//! The `Game` handle: a core game held in the worker, and the moves the page sends it. Every
//! method answers the game's view ([`GameView`]) so the page redraws from one snapshot.

use mineseer_core::clicks::game_stats;
use mineseer_core::game::{FirstClickRule, Game as CoreGame, GameState};
use mineseer_core::record::{apply_move, GameRecord, MoveOp, RecordBuilder, RecordMove};
use mineseer_core::{Board, Cell};
use serde::Serialize;
use wasm_bindgen::prelude::*;

use mineseer_json::{RecordJson, StatsJson};

use crate::errors::{from_js, to_js, ExportError};
pub use crate::game_options::GameOptions;
use crate::player::{player_config, MoveView, PlayerOptions};
use mineseer_core::player::{next_move, Move, PlayerConfig, Style, StylePlayer};

/// What the page shows of a game.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct GameView {
    /// Columns.
    pub width: usize,
    /// Rows.
    pub height: usize,
    /// Mines.
    pub mines: usize,
    /// The seed, in decimal.
    pub seed: String,
    /// The first-click rule's name.
    pub rule: &'static str,
    /// The training mode's name: `normal`, `hardcore` or `fair`.
    pub mode: &'static str,
    /// Fair: how many times the mines were drawn again so far.
    pub redraws: usize,
    /// Set when the last move redrew the mines (Fair).
    pub redrew: bool,
    /// A game lost by the hard-core rule: the cells guessed and every cell that was
    /// certainly safe then, as `[x, y]`.
    pub hardcore_loss: Option<HardcoreLossView>,
    /// `playing`, `won` or `lost`.
    pub status: &'static str,
    /// Whether the first reveal has happened.
    pub started: bool,
    /// Mines minus flags (negative when over-flagged); 0 once the game is won.
    pub mines_left: i64,
    /// Moves played.
    pub moves: usize,
    /// One character per cell, row-major: `H` hidden, `F` flag, `0`-`8` revealed; once the
    /// game is lost also `*` the mine that ended it, `X` the other mines, `W` wrong flags;
    /// once it is won every mine shows as `F`.
    pub cells: String,
    /// What the player knows, as `.mine` text (the position the page analyses).
    pub position: String,
}

/// How a hard-core game was lost.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct HardcoreLossView {
    /// The cells the move revealed that were not certainly safe.
    pub guessed: Vec<[usize; 2]>,
    /// The cells that were certainly safe, in board order.
    pub safe: Vec<[usize; 2]>,
}

/// A game's files, for the page's export buttons.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct GameExport {
    /// The full game as `.mine` text (mines as `M` once they are placed).
    pub mine: String,
    /// The layout as MBF bytes; absent before the first click or beyond the format's sizes.
    pub mbf: Option<Vec<u8>>,
}

/// One auto-player step: the move and the game after it.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct StepResult {
    /// The game after the move.
    pub state: GameView,
    /// The move played; absent when there was nothing left to play.
    #[serde(rename = "move")]
    pub played: Option<MoveView>,
}

/// A game held by the page's worker.
#[wasm_bindgen]
pub struct Game {
    game: CoreGame,
    /// Every click, with its time (the caller's clock: the core has none).
    record: RecordBuilder,
    /// The seed, for the record; `None` for a game on a given layout.
    seed: Option<String>,
    /// The first-click rule the game was dealt under, for the record and the view (a replayed
    /// record's core game is laid from its layout, so its own config says "none").
    rule: FirstClickRule,
    /// The auto-player of a style, kept between steps (it opens a batch or a stretch of certain
    /// cells over several steps); dropped by the page's own clicks.
    styled: Option<StylePlayer>,
}

/// A time the page sends (`performance.now()`, fractional, maybe absent) as whole ms.
fn whole_ms(t: Option<f64>) -> u64 {
    t.filter(|t| t.is_finite() && *t > 0.0)
        .map_or(0, |t| t as u64)
}

#[wasm_bindgen]
impl Game {
    /// `new Game({preset | width, height, mines, rule, seed})`. Throws on a size the rule
    /// cannot fill, an unknown preset or rule, or a seed that is not a whole number.
    #[wasm_bindgen(constructor)]
    pub fn new_js(options: JsValue) -> Result<Game, JsError> {
        let options: GameOptions = from_js(options, "the game options")?;
        Game::from_options(&options).map_err(ExportError::into_js)
    }

    /// `Game.fromMbf(bytes)`: a game on an MBF layout (a `Uint8Array`), nothing revealed yet.
    /// Throws with the core's message on a truncated file, a mine outside the board or a
    /// mine listed twice.
    #[wasm_bindgen(js_name = fromMbf)]
    pub fn from_mbf_js(bytes: &[u8]) -> Result<Game, JsError> {
        Game::from_mbf(bytes).map_err(ExportError::into_js)
    }

    /// `Game.fromRecord(record)`: the game of a `mineseer-game` record (parsed JSON), replayed
    /// to its last move; play goes on from there and is recorded after the record's moves.
    /// Throws with the core's message on a bad record.
    #[wasm_bindgen(js_name = fromRecord)]
    pub fn from_record_js(record: JsValue) -> Result<Game, JsError> {
        let record: RecordJson = from_js(record, "the game record")?;
        let record = record.check().map_err(|e| ExportError::from(e).into_js())?;
        Ok(Game::from_record(&record))
    }

    /// Reveals `(x, y)` at time `t` (ms, the page's clock) and answers the view.
    pub fn reveal(&mut self, x: u32, y: u32, t: Option<f64>) -> Result<JsValue, JsError> {
        self.apply(MoveOp::Reveal, x, y, t)
    }

    /// Places or removes a flag at time `t` and answers the view.
    pub fn flag(&mut self, x: u32, y: u32, t: Option<f64>) -> Result<JsValue, JsError> {
        let op = match self.game.board().idx(x as usize, y as usize) {
            Some(idx) if self.game.board().cell(idx) == Cell::Flag => MoveOp::Unflag,
            _ => MoveOp::Flag,
        };
        self.apply(op, x, y, t)
    }

    /// Chords on a number at time `t` and answers the view.
    pub fn chord(&mut self, x: u32, y: u32, t: Option<f64>) -> Result<JsValue, JsError> {
        self.apply(MoveOp::Chord, x, y, t)
    }

    /// The game's record (`mineseer-game` JSON as an object); `null` before the first
    /// reveal, when there is no layout yet.
    pub fn record(&self) -> Result<JsValue, JsError> {
        match self.to_record() {
            Some(record) => to_js(&RecordJson::from_record(&record)),
            None => Ok(JsValue::NULL),
        }
    }

    /// The game's statistics so far (3BV, clicks, efficiency, time); `null` before the first
    /// reveal.
    pub fn stats(&self) -> Result<JsValue, JsError> {
        match self.to_record() {
            Some(record) => to_js(&StatsJson::new(&game_stats(&record))),
            None => Ok(JsValue::NULL),
        }
    }

    /// The view.
    pub fn state(&self) -> Result<JsValue, JsError> {
        to_js(&self.view())
    }

    /// The auto-player's next move at time `t`, played and recorded: `{state, move}`.
    pub fn step(&mut self, options: JsValue, t: Option<f64>) -> Result<JsValue, JsError> {
        let options: PlayerOptions = if options.is_undefined() || options.is_null() {
            PlayerOptions::default()
        } else {
            from_js(options, "the player options")?
        };
        to_js(
            &self
                .play_step_at(&options, whole_ms(t))
                .map_err(ExportError::into_js)?,
        )
    }

    /// The game's files: `{mine, mbf}`.
    pub fn export(&self) -> Result<JsValue, JsError> {
        to_js(&GameExport {
            mine: self.game.to_mine_text(),
            mbf: self.game.to_mbf(),
        })
    }
}

impl Game {
    /// A new game from the page's options.
    pub fn from_options(options: &GameOptions) -> Result<Game, ExportError> {
        let (config, seed, rule) = options.config()?;
        Ok(Game {
            game: CoreGame::new(config),
            record: RecordBuilder::new(),
            seed: Some(seed.to_string()),
            rule,
            styled: None,
        })
    }

    /// A game on an MBF layout.
    pub fn from_mbf(bytes: &[u8]) -> Result<Game, ExportError> {
        Ok(Game {
            game: CoreGame::from_mbf(bytes)?,
            record: RecordBuilder::new(),
            seed: None,
            rule: FirstClickRule::None,
            styled: None,
        })
    }

    /// The game of a record, replayed to its last move.
    pub fn from_record(record: &GameRecord) -> Game {
        let mut game = record.replay_game();
        for mv in record.moves() {
            apply_move(&mut game, mv);
        }
        // Play goes on: later redraws come from the game's seed (0 without one) and the
        // number of moves so far, so they differ from the redraws already played.
        let seed = record
            .seed()
            .and_then(|s| s.parse::<u64>().ok())
            .unwrap_or(0);
        let game = game.resume_drawing(mineseer_core::rng::derive_seed(
            seed,
            record.moves().len() as u64,
        ));
        Game {
            game,
            record: RecordBuilder::resume(record),
            seed: record.seed().map(str::to_string),
            rule: record.rule(),
            styled: None,
        }
    }

    /// The view before each move of a record, and after the last (`moves + 1` views), for
    /// the review's slider.
    pub fn replay_views(record: &GameRecord) -> Vec<GameView> {
        let mut game = Game {
            game: record.replay_game(),
            record: RecordBuilder::new(),
            seed: record.seed().map(str::to_string),
            rule: record.rule(),
            styled: None,
        };
        let mut views = Vec::with_capacity(record.moves().len() + 1);
        views.push(game.view());
        for mv in record.moves() {
            apply_move(&mut game.game, mv);
            views.push(game.view());
        }
        views
    }

    /// The record so far; `None` before the mines are placed.
    pub fn to_record(&self) -> Option<GameRecord> {
        self.record.finish(&self.game, self.rule, self.seed.clone())
    }

    /// The core game.
    pub fn core(&self) -> &CoreGame {
        &self.game
    }

    /// Plays one auto-player move (recorded at time 0 after the last click).
    pub fn play_step(&mut self, options: &PlayerOptions) -> Result<StepResult, ExportError> {
        self.play_step_at(options, 0)
    }

    /// Plays one auto-player move, recorded at `now_ms`.
    pub fn play_step_at(
        &mut self,
        options: &PlayerOptions,
        now_ms: u64,
    ) -> Result<StepResult, ExportError> {
        let (cells, mines) = (self.game.board().len(), self.game.board().mines());
        let config = player_config(options, self.game.config().rule(), cells, mines);
        let mut played = None;
        if self.game.state() == GameState::Playing {
            if let Some(mv) = self.next_player_move(options, &config)? {
                let flagged = self
                    .game
                    .board()
                    .idx(mv.x, mv.y)
                    .is_some_and(|i| self.game.board().cell(i) == Cell::Flag);
                let op = match mv.action {
                    mineseer_core::player::Action::Reveal => MoveOp::Reveal,
                    mineseer_core::player::Action::Flag if flagged => MoveOp::Unflag,
                    mineseer_core::player::Action::Flag => MoveOp::Flag,
                    mineseer_core::player::Action::Chord => MoveOp::Chord,
                };
                self.record.push(op, mv.x, mv.y, now_ms);
                mv.play_on(&mut self.game)?;
                if let Some(layout) = self.game.last_redraw() {
                    self.record.note_redraw(layout);
                }
                played = Some(MoveView::from_move(&mv));
            }
        }
        Ok(StepResult {
            state: self.view(),
            played,
        })
    }

    /// The auto-player's next move: the style's player when `options` names a style (kept
    /// between steps while the style stays the same), else [`next_move`].
    fn next_player_move(
        &mut self,
        options: &PlayerOptions,
        config: &PlayerConfig,
    ) -> Result<Option<Move>, ExportError> {
        let Some(name) = options.style.as_deref() else {
            self.styled = None;
            return Ok(next_move(self.game.board(), config)?);
        };
        let style = Style::from_name(name).ok_or_else(|| {
            ExportError::new(format!(
                "unknown play style {name:?}: use normal, efficient or nf-efficient"
            ))
        })?;
        if self.styled.as_ref().map(StylePlayer::style) != Some(style) {
            self.styled = None;
        }
        let player = self.styled.get_or_insert_with(|| StylePlayer::new(style));
        Ok(player.next_move(self.game.board(), config)?)
    }

    /// A click by the page, recorded, then the view. Clicks after the end of the game change
    /// nothing and are not recorded.
    fn apply(&mut self, op: MoveOp, x: u32, y: u32, t: Option<f64>) -> Result<JsValue, JsError> {
        self.apply_click(op, x as usize, y as usize, whole_ms(t))
            .map_err(ExportError::into_js)?;
        to_js(&self.view())
    }

    /// Plays and records one click (the plain twin of `reveal`, `flag` and `chord`).
    pub fn apply_click(
        &mut self,
        op: MoveOp,
        x: usize,
        y: usize,
        now_ms: u64,
    ) -> Result<(), ExportError> {
        if self.game.state() != GameState::Playing {
            return Ok(());
        }
        // The style's player counted on its own clicks: it starts again from this position.
        self.styled = None;
        let config = self.game.config();
        if self.game.board().idx(x, y).is_none() {
            return Err(ExportError::new(format!(
                "cell ({x},{y}) is outside the {}x{} board",
                config.width(),
                config.height()
            )));
        }
        // The record's meaning of each op: a flag on a flagged cell does nothing.
        apply_move(&mut self.game, &RecordMove { op, x, y, t: 0 });
        self.record.push(op, x, y, now_ms);
        if let Some(layout) = self.game.last_redraw() {
            self.record.note_redraw(layout);
        }
        Ok(())
    }

    /// The view of the game.
    pub fn view(&self) -> GameView {
        let game = &self.game;
        let board: &Board = game.board();
        let lost = game.state() == GameState::Lost;
        let won = game.state() == GameState::Won;
        let wrong_flags = if lost { game.wrong_flags() } else { Vec::new() };
        let cells = board
            .indices()
            .map(|idx| match board.cell(idx) {
                Cell::Revealed(n) => (b'0' + n) as char,
                Cell::Flag if wrong_flags.contains(&idx) => 'W',
                Cell::Flag => 'F',
                _ if lost && game.losing_cell() == Some(idx) => '*',
                _ if lost && game.is_mine(idx) == Some(true) => 'X',
                // A won game has only mines left hidden: show them flagged, as games do.
                _ if won => 'F',
                _ => 'H',
            })
            .collect();
        let config = game.config();
        GameView {
            width: config.width(),
            height: config.height(),
            mines: config.mines(),
            // A game opened from a record shows the record's seed.
            seed: self
                .seed
                .clone()
                .unwrap_or_else(|| config.seed().to_string()),
            rule: self.rule.name(),
            mode: game.mode().name(),
            redraws: game.redraw_count(),
            redrew: game.last_redraw().is_some(),
            hardcore_loss: game.hardcore_loss().map(|loss| {
                let xy = |cells: &[mineseer_core::CellIdx]| {
                    cells
                        .iter()
                        .map(|&i| {
                            let (x, y) = board.xy(i);
                            [x, y]
                        })
                        .collect()
                };
                HardcoreLossView {
                    guessed: xy(&loss.guessed),
                    safe: xy(&loss.safe_cells),
                }
            }),
            status: match game.state() {
                GameState::Playing => "playing",
                GameState::Won => "won",
                GameState::Lost => "lost",
            },
            started: game.is_started(),
            mines_left: if won { 0 } else { game.mines_left() },
            moves: game.moves(),
            cells,
            position: mineseer_core::formats::write_mine(board),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn beginner(seed: &str) -> Game {
        let options = GameOptions {
            preset: Some("beginner".into()),
            seed: Some(seed.into()),
            ..GameOptions::default()
        };
        Game::from_options(&options).unwrap()
    }

    #[test]
    fn the_first_reveal_under_opening_shows_a_zero() {
        let mut game = beginner("7");
        game.game.reveal(4, 4).unwrap();
        let view = game.view();
        assert_eq!(view.cells.as_bytes()[4 * 9 + 4], b'0');
        assert_eq!(
            (view.status, view.started, view.seed.as_str()),
            ("playing", true, "7")
        );
        assert!(view.position.starts_with("9x9x10\n"));
    }

    #[test]
    fn bad_options_are_errors_with_words() {
        let bad_seed = GameOptions {
            preset: Some("expert".into()),
            seed: Some("-1".into()),
            ..Default::default()
        };
        assert!(Game::from_options(&bad_seed)
            .err()
            .unwrap()
            .message()
            .contains("whole number"));
        let bad_rule = GameOptions {
            preset: Some("expert".into()),
            rule: Some("lucky".into()),
            ..Default::default()
        };
        assert!(Game::from_options(&bad_rule)
            .err()
            .unwrap()
            .message()
            .contains("first-click rule"));
        let too_full = GameOptions {
            width: 3,
            height: 3,
            mines: 9,
            rule: Some("safe".into()),
            ..Default::default()
        };
        assert!(Game::from_options(&too_full)
            .err()
            .unwrap()
            .message()
            .contains("do not fit"));
    }

    #[test]
    fn the_auto_player_finishes_a_beginner_game() {
        let mut game = beginner("12345");
        let mut steps = 0;
        while game.view().status == "playing" {
            let step = game.play_step(&PlayerOptions::default()).unwrap();
            assert!(step.played.is_some(), "the player stopped before the end");
            steps += 1;
            assert!(steps < 200, "too many steps");
        }
        let view = game.view();
        assert!(view.status == "won" || view.status == "lost");
        if view.status == "lost" {
            assert_eq!(view.cells.matches('*').count(), 1);
        }
    }

    #[test]
    fn mbf_layouts_load_and_bad_ones_say_why() {
        let game = Game::from_mbf(&[3, 2, 0, 2, 0, 0, 2, 1]).unwrap();
        let view = game.view();
        assert_eq!((view.width, view.height, view.mines_left), (3, 2, 2));
        let outside = Game::from_mbf(&[3, 2, 0, 1, 3, 0]).err().unwrap();
        assert!(
            outside.message().contains("outside"),
            "{}",
            outside.message()
        );
        let twice = Game::from_mbf(&[3, 2, 0, 2, 1, 1, 1, 1]).err().unwrap();
        assert!(twice.message().contains("twice"), "{}", twice.message());
    }

    #[test]
    fn clicks_are_recorded_and_a_record_reloads() {
        let mut game = beginner("12345");
        assert!(
            game.to_record().is_none(),
            "no layout before the first click"
        );
        game.apply_click(MoveOp::Reveal, 4, 4, 1000).unwrap();
        game.apply_click(MoveOp::Flag, 0, 0, 1500).unwrap();
        game.apply_click(MoveOp::Unflag, 0, 0, 1700).unwrap();
        game.apply_click(MoveOp::Chord, 4, 4, 1900).unwrap();
        let mut steps = 0;
        while game.view().status == "playing" && steps < 200 {
            game.play_step_at(&PlayerOptions::default(), 2000 + steps)
                .unwrap();
            steps += 1;
        }
        // Clicks after the end are not recorded.
        let before = game.to_record().unwrap().moves().len();
        game.apply_click(MoveOp::Reveal, 0, 0, 9000).unwrap();
        let record = game.to_record().unwrap();
        assert_eq!(record.moves().len(), before);
        let times: Vec<u64> = record.moves().iter().map(|m| m.t).collect();
        assert_eq!(&times[..4], &[0, 500, 700, 900]);
        assert_eq!(record.seed(), Some("12345"));
        assert_eq!(record.rule(), FirstClickRule::Opening);
        // The record replays to the same view, and its statistics agree with the game's end.
        let reloaded = Game::from_record(&record);
        assert_eq!(reloaded.view().cells, game.view().cells);
        let stats = game_stats(&record);
        assert_eq!(stats.result.name(), game.view().status);
        assert_eq!(stats.clicks.total(), record.moves().len());
        assert_eq!(reloaded.view().seed, "12345", "the record's seed shows");
        let outside = game_outside();
        assert!(outside.contains("outside the 9x9 board"), "{outside}");
    }

    #[test]
    fn a_record_replays_to_the_games_own_views() {
        for seed in ["9", "12345", "77"] {
            let mut game = beginner(seed);
            game.apply_click(MoveOp::Reveal, 0, 0, 1000).unwrap();
            game.apply_click(MoveOp::Flag, 8, 8, 1100).unwrap();
            game.apply_click(MoveOp::Unflag, 8, 8, 1200).unwrap();
            let mut steps = 0;
            while game.view().status == "playing" && steps < 200 {
                game.play_step_at(&PlayerOptions::default(), 2000 + steps)
                    .unwrap();
                steps += 1;
            }
            let record = game.to_record().unwrap();
            let views = Game::replay_views(&record);
            assert_eq!(views.len(), record.moves().len() + 1);
            assert_eq!(views.last().unwrap(), &game.view(), "seed {seed}");
        }
    }

    fn game_outside() -> String {
        let mut game = beginner("1");
        game.apply_click(MoveOp::Reveal, 9, 0, 0)
            .err()
            .unwrap()
            .message()
            .to_string()
    }
}
