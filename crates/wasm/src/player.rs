//! The auto-player for the page: `nextMove` on a position, the move converted with its reason,
//! and `playGames`, the bulk run's unit of work.

use mineseer_core::formats::parse_position;
use mineseer_core::game::{FirstClickRule, Game as CoreGame, GameConfig};
use mineseer_core::player::{next_move, play_game, Level, Move, PlayerConfig, Reason};
use serde::{Deserialize, Serialize};
use wasm_bindgen::prelude::*;

use crate::errors::{from_js, to_js, ExportError};
use crate::game_options::GameOptions;

/// How the page asks the player to think. Every field is optional on the JS side.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(default, rename_all = "camelCase", deny_unknown_fields)]
pub struct PlayerOptions {
    /// `full` (secondary safety, endgame solver; the default) or `fast` (the safest cell).
    pub level: String,
    /// Flag certain mines, so the page shows them.
    pub flag_mines: bool,
    /// The first-click rule of a position's game (positions have none of their own).
    pub rule: Option<String>,
    /// A game's auto-play style (`normal`, `efficient`, `nf-efficient`: the CLI's `play
    /// --style`, which then decides the flags); absent, the player of `nextMove`, which flags
    /// the certain mines when `flagMines` asks.
    pub style: Option<String>,
}

impl Default for PlayerOptions {
    fn default() -> PlayerOptions {
        PlayerOptions {
            level: "full".into(),
            flag_mines: true,
            rule: None,
            style: None,
        }
    }
}

/// One move of the player, as the page shows it.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct MoveView {
    /// Column.
    pub x: usize,
    /// Row.
    pub y: usize,
    /// `reveal`, `flag` or `chord`.
    pub action: &'static str,
    /// Why: `opening`, `certain`, `endgame`, `guess` or `forced` (a 50/50 no other reveal can
    /// settle, taken early).
    pub kind: &'static str,
    /// For `endgame`: the chance to win from here under optimal play.
    pub win: Option<f64>,
    /// For `guess` and `forced`: the chance that the cell is safe.
    pub safety: Option<f64>,
}

impl MoveView {
    /// The page's view of a core move.
    pub fn from_move(mv: &Move) -> MoveView {
        let (kind, win, safety) = match mv.reason {
            Reason::Opening => ("opening", None, None),
            Reason::Certain => ("certain", None, None),
            Reason::Endgame { win } => ("endgame", Some(win), None),
            Reason::Guess { safety } => ("guess", None, Some(safety)),
            Reason::ForcedGuess { safety } => ("forced", None, Some(safety)),
        };
        let action = mineseer_json::action_name(mv.action);
        MoveView {
            x: mv.x,
            y: mv.y,
            action,
            kind,
            win,
            safety,
        }
    }
}

/// The core's player settings for the page's options, tuned for the board's size and mine
/// count as the CLI's bulk runs are.
pub fn player_config(
    options: &PlayerOptions,
    rule: FirstClickRule,
    cells: usize,
    mines: usize,
) -> PlayerConfig {
    let level = if options.level.eq_ignore_ascii_case("fast") {
        Level::Fast
    } else {
        Level::Full
    };
    let mut config = PlayerConfig::new(level, rule).tuned_for_density(cells, mines);
    config.flag_mines = options.flag_mines;
    config
}

/// The JS export: `nextMove(positionText, options?)`, the player's move on a position, or
/// `null` when nothing is left to play.
#[wasm_bindgen(js_name = nextMove)]
pub fn next_move_js(position: &str, options: JsValue) -> Result<JsValue, JsError> {
    let options: PlayerOptions = if options.is_undefined() || options.is_null() {
        PlayerOptions::default()
    } else {
        from_js(options, "the player options")?
    };
    to_js(&next_move_of_position(position, &options).map_err(ExportError::into_js)?)
}

/// Parses a position and finds the player's next move on it.
pub fn next_move_of_position(
    position: &str,
    options: &PlayerOptions,
) -> Result<Option<MoveView>, ExportError> {
    let board = parse_position(position)?;
    let rule = match options.rule.as_deref() {
        None => FirstClickRule::Opening,
        Some(name) => FirstClickRule::from_name(name)
            .ok_or_else(|| ExportError::new(format!("unknown first-click rule {name:?}")))?,
    };
    let config = player_config(options, rule, board.len(), board.mines());
    Ok(next_move(&board, &config)?
        .as_ref()
        .map(MoveView::from_move))
}

/// A slice of a bulk run: games `first_game .. first_game + games` of a series whose game `i`
/// has seed `seed + i`. The series' fields are [`GameOptions`]'s, written out here rather than
/// taken with `#[serde(flatten)]`: flatten buffers the whole object through serde's generic
/// `Content` before reading it, code that cost the solver's module 2,815 bytes gzipped
/// (docs/journal/page.md, twenty-fifth session). Unknown fields are ignored, as with flatten.
#[derive(Debug, Clone, Default, PartialEq, Eq, Deserialize)]
#[serde(default, rename_all = "camelCase")]
pub struct BulkOptions {
    /// As in [`GameOptions`].
    pub preset: Option<String>,
    /// As in [`GameOptions`].
    pub width: usize,
    /// As in [`GameOptions`].
    pub height: usize,
    /// As in [`GameOptions`].
    pub mines: usize,
    /// As in [`GameOptions`].
    pub rule: Option<String>,
    /// The seed of the series' game 0, as in [`GameOptions`].
    pub seed: Option<String>,
    /// As in [`GameOptions`].
    pub mode: Option<String>,
    /// How many games to play now.
    pub games: u32,
    /// The index of the first of them in the series.
    pub first_game: u64,
    /// `full` or `fast`.
    pub level: Option<String>,
}

impl BulkOptions {
    /// The series' size, rule, seed and mode.
    pub fn game(&self) -> GameOptions {
        GameOptions {
            preset: self.preset.clone(),
            width: self.width,
            height: self.height,
            mines: self.mines,
            rule: self.rule.clone(),
            seed: self.seed.clone(),
            mode: self.mode.clone(),
        }
    }
}

/// What a slice of a bulk run did.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct BulkOutcome {
    /// Games played.
    pub played: u32,
    /// Games won.
    pub won: u32,
    /// Guesses over those games.
    pub guesses: u32,
}

/// The JS export: `playGames({preset | width, height, mines, rule, seed, games, firstGame})`.
#[wasm_bindgen(js_name = playGames)]
pub fn play_games_js(options: JsValue) -> Result<JsValue, JsError> {
    let options: BulkOptions = from_js(options, "the bulk run options")?;
    to_js(&play_games(&options).map_err(ExportError::into_js)?)
}

/// Plays a slice of a bulk run.
pub fn play_games(options: &BulkOptions) -> Result<BulkOutcome, ExportError> {
    let (config, _, _) = options.game().config()?;
    let config = &config;
    let player = player_config(
        &PlayerOptions {
            level: options.level.clone().unwrap_or_else(|| "full".into()),
            flag_mines: false,
            rule: None,
            style: None,
        },
        config.rule(),
        config.width() * config.height(),
        config.mines(),
    );
    let mut outcome = BulkOutcome {
        played: 0,
        won: 0,
        guesses: 0,
    };
    for i in 0..u64::from(options.games) {
        let seed = config
            .seed()
            .wrapping_add(options.first_game)
            .wrapping_add(i);
        let game_config = GameConfig::new(
            config.width(),
            config.height(),
            config.mines(),
            config.rule(),
            seed,
        )?;
        let mut game = CoreGame::new(game_config);
        let played = play_game(&mut game, &player)?;
        outcome.played += 1;
        outcome.won += u32::from(played.won);
        outcome.guesses += played.guesses;
    }
    Ok(outcome)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_certain_safe_cell_is_played_as_certain() {
        let options = PlayerOptions {
            flag_mines: false,
            ..PlayerOptions::default()
        };
        let mv = next_move_of_position("3x1x1\n1HH\n", &options)
            .unwrap()
            .unwrap();
        assert_eq!(
            (mv.x, mv.y, mv.action, mv.kind),
            (2, 0, "reveal", "certain")
        );
        let flagging = next_move_of_position("3x1x1\n1HH\n", &PlayerOptions::default()).unwrap();
        let flagged = flagging.unwrap();
        assert_eq!((flagged.x, flagged.y, flagged.kind), (1, 0, "certain"));
    }

    #[test]
    fn a_bulk_slice_plays_each_game_once() {
        let options = BulkOptions {
            preset: Some("beginner".into()),
            seed: Some("100".into()),
            games: 3,
            first_game: 0,
            level: Some("fast".into()),
            ..Default::default()
        };
        let outcome = play_games(&options).unwrap();
        assert_eq!(outcome.played, 3);
        assert!(outcome.won <= 3);
        // The same series slice gives the same result: the games are seeded.
        assert_eq!(play_games(&options).unwrap(), outcome);
    }
}
