//! Game-by-game comparison with another solver (issue 16): our games written out as mine
//! layouts for the other solver to play, and its results set against our player's on the
//! same layouts. Paired games, as in `compare-player`: the games only one side wins measure
//! the difference far more tightly than two separate win rates.
//!
//! Run:
//! - `cargo run --release -p mineseer-lab -- peer-games dump PRESET GAMES SEED
//!   [FIRST]`: JSON lines `{"id", "width", "height", "mines": [cell indices], "first": [x,
//!   y]}`, game `i` (from FIRST, 0 unless given) being the one `mineseer play --seed SEED`
//!   plays as game `i`, under the safe rule (the layout is drawn at our first click, in the
//!   corner, so that cell is safe in it).
//! - `... peer-games compare PRESET SEED RESULTS [SETTING=VALUE ...]`: RESULTS holds the other
//!   solver's JSON lines `{"id": i, "won": bool, ...}`; our player (the CLI's settings, changed
//!   by the settings as in `compare-player`) plays each of those games, and the paired counts
//!   are printed with the difference in win rate and its standard error. The ids of the games
//!   only the other solver won go to `RESULTS.peer-only`, those only ours won to
//!   `RESULTS.ours-only`, for a study of the positions.
//! - `... peer-games layouts PRESET LAYOUTS [SETTING=VALUE ...]`: our player (as in `compare`)
//!   plays every layout line of LAYOUTS (the `dump` format, from any source, e.g. the games
//!   JSMinesweeper's own bulk runner deals: `tools/jsm-harness/jsm-games.mjs`), first click at
//!   the line's `first` cell, and prints one `{"id", "won"}` line per game, for
//!   `tools/jsm-harness/pair.mjs`.

use mineseer_core::game::{FirstClickRule, Game, GameConfig, GameState, Preset};
use mineseer_core::player::{play_game, Level, PlayerConfig};
use mineseer_core::rng::derive_seed;

use crate::shared::player_settings::apply;

const USAGE: &str = "usage: peer-games dump PRESET GAMES SEED [FIRST] | \
                     peer_games compare PRESET SEED RESULTS [SETTING=VALUE ...] | \
                     peer_games layouts PRESET LAYOUTS [SETTING=VALUE ...]";

pub fn run(args: Vec<String>) {
    let preset = args
        .get(2)
        .and_then(|name| Preset::from_name(name))
        .expect(USAGE);
    match args.get(1).map(String::as_str) {
        Some("dump") => {
            let number = |i: usize| -> Option<u64> { args.get(i).and_then(|n| n.parse().ok()) };
            let games = number(3).expect(USAGE);
            let master = number(4).expect(USAGE);
            let first = number(5).unwrap_or(0);
            for id in first..first + games {
                println!("{}", layout_line(preset, master, id));
            }
        }
        Some("compare") => {
            let master: u64 = args.get(3).and_then(|n| n.parse().ok()).expect(USAGE);
            let path = args.get(4).expect(USAGE);
            compare(preset, master, path, &args[5..]);
        }
        Some("layouts") => {
            let path = args.get(3).expect(USAGE);
            play_layouts(preset, path, &args[4..]);
        }
        _ => panic!("{USAGE}"),
    }
}

/// The game `mineseer play` plays as game `id` of seed `master`.
fn game(preset: Preset, master: u64) -> Game {
    Game::new(GameConfig::preset(preset, FirstClickRule::Safe, master))
}

fn layout_line(preset: Preset, master: u64, id: u64) -> String {
    let (width, height, _) = preset.dimensions();
    let config = PlayerConfig::new(Level::Full, FirstClickRule::Safe);
    let (x, y) = config.first_click_cell(width, height);
    let mut game = game(preset, derive_seed(master, id));
    game.reveal(x, y).expect("the first click is on the board");
    let mines: Vec<String> = game
        .layout()
        .expect("the first click placed the mines")
        .iter()
        .enumerate()
        .filter(|(_, &mine)| mine)
        .map(|(i, _)| i.to_string())
        .collect();
    format!(
        "{{\"id\":{id},\"width\":{width},\"height\":{height},\"mines\":[{}],\"first\":[{x},{y}]}}",
        mines.join(",")
    )
}

/// Our player as `mineseer play` sets it up for the preset, changed by the settings.
fn player(preset: Preset, settings: &[String]) -> PlayerConfig {
    let (width, height, mines) = preset.dimensions();
    let mut config = PlayerConfig::new(Level::Full, FirstClickRule::Safe)
        .tuned_for_density(width * height, mines);
    for assignment in settings {
        config = apply(config, assignment).unwrap_or_else(|e| panic!("{e}\n{USAGE}"));
    }
    config
}

/// Our player on the layout lines of `path`: the first click at each line's `first` cell
/// (which must be safe in the layout), then the player's own moves.
fn play_layouts(preset: Preset, path: &str, settings: &[String]) {
    let (width, height, mines) = preset.dimensions();
    let config = player(preset, settings);
    let text = std::fs::read_to_string(path).expect("the layouts file is readable");
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let json: serde_json::Value =
            serde_json::from_str(line).unwrap_or_else(|e| panic!("not a JSON line ({e}): {line}"));
        let field = |name: &str| -> u64 {
            json[name]
                .as_u64()
                .unwrap_or_else(|| panic!("a line without a number \"{name}\": {line}"))
        };
        assert!(
            field("width") as usize == width && field("height") as usize == height,
            "a layout not of the preset's size: {line}"
        );
        let mut layout = vec![false; width * height];
        for cell in json["mines"].as_array().expect("a line without \"mines\"") {
            let cell = cell.as_u64().expect("a mine is a cell index") as usize;
            assert!(
                cell < layout.len() && !layout[cell],
                "a mine out of the board or repeated: {line}"
            );
            layout[cell] = true;
        }
        assert_eq!(
            layout.iter().filter(|m| **m).count(),
            mines,
            "the preset's mine count: {line}"
        );
        let first = json["first"].as_array().expect("a line without \"first\"");
        let (x, y) = (
            first[0].as_u64().expect("first is [x, y]") as usize,
            first[1].as_u64().expect("first is [x, y]") as usize,
        );
        assert!(!layout[y * width + x], "the first click is a mine: {line}");
        let mut game =
            Game::from_layout(width, height, layout).expect("a layout of the board's size");
        game.reveal(x, y).expect("the first click is on the board");
        // The player's own first click is this cell; it plays on from the position after it.
        play_game(&mut game, &config).expect("the engine handles every game position");
        println!(
            "{{\"id\":{},\"won\":{}}}",
            json["id"],
            game.state() == GameState::Won
        );
    }
}

fn compare(preset: Preset, master: u64, path: &str, settings: &[String]) {
    let config = player(preset, settings);
    let text = std::fs::read_to_string(path).expect("the results file is readable");
    let (mut games, mut peer, mut ours) = (0u64, 0u64, 0u64);
    let (mut peer_only, mut ours_only) = (Vec::new(), Vec::new());
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let json: serde_json::Value =
            serde_json::from_str(line).unwrap_or_else(|e| panic!("not a JSON line ({e}): {line}"));
        let id = json["id"]
            .as_u64()
            .unwrap_or_else(|| panic!("a line without an id: {line}"));
        let peer_won = json["won"]
            .as_bool()
            .unwrap_or_else(|| panic!("a line without \"won\": {line}"));
        let mut game = game(preset, derive_seed(master, id));
        play_game(&mut game, &config).expect("the engine handles every game position");
        let ours_won = game.state() == GameState::Won;
        games += 1;
        peer += u64::from(peer_won);
        ours += u64::from(ours_won);
        if peer_won && !ours_won {
            peer_only.push(id.to_string());
        } else if ours_won && !peer_won {
            ours_only.push(id.to_string());
        }
    }
    let n = games.max(1) as f64;
    let (b, c) = (peer_only.len() as f64, ours_only.len() as f64);
    // The paired difference of win rates and its standard error (McNemar's setting).
    let diff = (b - c) / n;
    let se = ((b + c) - (b - c) * (b - c) / n).max(0.0).sqrt() / n;
    println!(
        "{games} games of {}, seed {master}: the other solver won {peer} ({:.2} %), ours {ours} \
         ({:.2} %); only the other {}, only ours {}; difference {:+.2} points (SE {:.2})",
        preset.name(),
        100.0 * peer as f64 / n,
        100.0 * ours as f64 / n,
        peer_only.len(),
        ours_only.len(),
        100.0 * diff,
        100.0 * se
    );
    std::fs::write(format!("{path}.peer-only"), peer_only.join("\n") + "\n")
        .expect("the id list is writable");
    std::fs::write(format!("{path}.ours-only"), ours_only.join("\n") + "\n")
        .expect("the id list is writable");
}
