//! The `Game` handle: a core game held in the worker, and the moves the page sends it. Every
//! method answers the game's view ([`GameView`]) so the page redraws from one snapshot.

use mineseer_core::game::{FirstClickRule, Game as CoreGame, GameConfig, GameState, Preset};
use mineseer_core::{Board, Cell};
use serde::{Deserialize, Serialize};
use wasm_bindgen::prelude::*;

use crate::errors::{from_js, to_js, ExportError};
use crate::player::{player_config, MoveView, PlayerOptions};

/// How the page asks for a new game. Either `preset`, or `width`, `height` and `mines`.
#[derive(Debug, Clone, Default, PartialEq, Eq, Deserialize)]
#[serde(default, rename_all = "camelCase", deny_unknown_fields)]
pub struct GameOptions {
    /// `beginner`, `intermediate` or `expert`; overrides the size when given.
    pub preset: Option<String>,
    /// Columns (custom size).
    pub width: usize,
    /// Rows (custom size).
    pub height: usize,
    /// Mines (custom size).
    pub mines: usize,
    /// The first-click rule: `safe`, `opening` (the default), `none` or `noguess`.
    pub rule: Option<String>,
    /// The seed, as decimal text (a u64 does not fit a JS number); 0 when absent.
    pub seed: Option<String>,
}

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

    /// Reveals `(x, y)` and answers the view.
    pub fn reveal(&mut self, x: u32, y: u32) -> Result<JsValue, JsError> {
        self.apply(|game| game.reveal(x as usize, y as usize).map(drop))
    }

    /// Places or removes a flag and answers the view.
    pub fn flag(&mut self, x: u32, y: u32) -> Result<JsValue, JsError> {
        self.apply(|game| game.toggle_flag(x as usize, y as usize).map(drop))
    }

    /// Chords on a number and answers the view.
    pub fn chord(&mut self, x: u32, y: u32) -> Result<JsValue, JsError> {
        self.apply(|game| game.chord(x as usize, y as usize).map(drop))
    }

    /// The view.
    pub fn state(&self) -> Result<JsValue, JsError> {
        to_js(&self.view())
    }

    /// The auto-player's next move, played: `{state, move}`.
    pub fn step(&mut self, options: JsValue) -> Result<JsValue, JsError> {
        let options: PlayerOptions = if options.is_undefined() || options.is_null() {
            PlayerOptions::default()
        } else {
            from_js(options, "the player options")?
        };
        to_js(&self.play_step(&options).map_err(ExportError::into_js)?)
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
        let rule = match options.rule.as_deref() {
            None => FirstClickRule::Opening,
            Some(name) => FirstClickRule::from_name(name).ok_or_else(|| {
                ExportError::new(format!(
                    "unknown first-click rule {name:?}: safe, opening, none or noguess"
                ))
            })?,
        };
        let seed = match options.seed.as_deref().map(str::trim) {
            None | Some("") => 0,
            Some(text) => text.parse::<u64>().map_err(|_| {
                ExportError::new(format!(
                    "the seed must be a whole number from 0 to {}, not {text:?}",
                    u64::MAX
                ))
            })?,
        };
        let config = match options.preset.as_deref() {
            Some(name) => {
                let preset = Preset::from_name(name).ok_or_else(|| {
                    ExportError::new(format!(
                        "unknown preset {name:?}: beginner, intermediate or expert"
                    ))
                })?;
                let (width, height, mines) = preset.dimensions();
                GameConfig::new(width, height, mines, rule, seed)?
            }
            None => GameConfig::new(options.width, options.height, options.mines, rule, seed)?,
        };
        Ok(Game {
            game: CoreGame::new(config),
        })
    }

    /// A game on an MBF layout.
    pub fn from_mbf(bytes: &[u8]) -> Result<Game, ExportError> {
        Ok(Game {
            game: CoreGame::from_mbf(bytes)?,
        })
    }

    /// The core game.
    pub fn core(&self) -> &CoreGame {
        &self.game
    }

    /// Plays one auto-player move.
    pub fn play_step(&mut self, options: &PlayerOptions) -> Result<StepResult, ExportError> {
        let (cells, mines) = (self.game.board().len(), self.game.board().mines());
        let config = player_config(options, self.game.config().rule(), cells, mines);
        let mut played = None;
        if self.game.state() == GameState::Playing {
            if let Some(mv) = mineseer_core::player::next_move(self.game.board(), &config)? {
                match mv.action {
                    mineseer_core::player::Action::Reveal => self.game.reveal(mv.x, mv.y)?,
                    mineseer_core::player::Action::Flag => self.game.toggle_flag(mv.x, mv.y)?,
                };
                played = Some(MoveView::from_move(&mv));
            }
        }
        Ok(StepResult {
            state: self.view(),
            played,
        })
    }

    /// A move by the page, then the view. Moves after the end of the game change nothing.
    fn apply(
        &mut self,
        op: impl FnOnce(&mut CoreGame) -> Result<(), mineseer_core::game::GameError>,
    ) -> Result<JsValue, JsError> {
        if self.game.state() == GameState::Playing {
            op(&mut self.game).map_err(|e| ExportError::from(e).into_js())?;
        }
        to_js(&self.view())
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
            seed: config.seed().to_string(),
            rule: config.rule().name(),
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
}
