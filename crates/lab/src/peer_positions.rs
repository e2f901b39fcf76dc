//! The guesses another solver made in its games, set against our player's choice in the same
//! positions (issue 16): where the two differ, both cells are valued by paired rollouts. The
//! rows come out in the format of `../shared/strength/intermediate-disagreements.tsv`, so
//! `policy-disagreements` can test a policy change on them.
//!
//! Run: `cargo run --release -p mineseer-lab -- peer-positions POSITIONS ROLLOUTS
//! [IDS] [SETTING=VALUE ...] > DISAGREEMENTS.tsv`. POSITIONS holds JSON lines `{"id": game,
//! "x", "y": the other solver's guess, "board": "WxHxM\nrow/row/..."}` (the position before
//! the guess, `.mine` rows joined by `/`), as the JSMinesweeper harness writes them. IDS, a
//! file of game ids one per line (such as `peer-games compare`'s `RESULTS.peer-only`), keeps
//! only those games' positions. Our player has the CLI's settings, changed as in
//! `compare-player`; it also finishes every rollout. A summary goes to stderr.

use mineseer_core::board::Cell;
use mineseer_core::engine::probability::solve_board;
use mineseer_core::formats::parse_mine;
use mineseer_core::player::{next_moves, Action, PlayerConfig, Reason};
use mineseer_core::rng::derive_seed;
use mineseer_core::Board;

use crate::shared::paired_rollouts::paired_rollouts;
use crate::shared::player_settings::PositionsPlayer;

const USAGE: &str = "usage: peer-positions POSITIONS ROLLOUTS [IDS] [SETTING=VALUE ...]";

pub fn run(args: Vec<String>) {
    let text = std::fs::read_to_string(args.get(1).expect(USAGE)).expect("POSITIONS is readable");
    let rollouts: u32 = args.get(2).and_then(|n| n.parse().ok()).expect(USAGE);
    let mut rest = &args[3..];
    let ids: Option<Vec<u64>> = rest.first().filter(|a| !a.contains('=')).map(|path| {
        std::fs::read_to_string(path)
            .expect("IDS is readable")
            .split_whitespace()
            .map(|id| id.parse().expect("IDS holds game ids"))
            .collect()
    });
    if ids.is_some() {
        rest = &rest[1..];
    }
    // Tuned for the positions' board (the first one's), changed as asked.
    let mut player = PositionsPlayer::new(rest, USAGE);
    let (mut positions, mut same, mut rows, mut sum, mut variance) = (0u64, 0u64, 0u64, 0.0, 0.0);
    println!(
        "id\trevealed\tour_reason\tour_x\tour_y\tour_safety\tour_value\tjsm_x\tjsm_y\t\
         jsm_safety\tjsm_value\tdV\tse\tposition"
    );
    for (line_number, line) in text.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        let json: serde_json::Value = serde_json::from_str(line).expect("a JSON line");
        let id = json["id"].as_u64().expect("an id");
        if ids.as_ref().is_some_and(|ids| !ids.contains(&id)) {
            continue;
        }
        let cell = |key: &str| json[key].as_u64().expect("x and y") as usize;
        let theirs = (cell("x"), cell("y"));
        let text = json["board"].as_str().expect("a board").replace('/', "\n");
        let board = parse_mine(&text).expect("a valid position");
        let config = player.for_board(&board);
        positions += 1;
        let moves = next_moves(&board, config).expect("the engine solves the position");
        let Some(ours) = moves.iter().find(|m| m.action == Action::Reveal) else {
            continue;
        };
        if (ours.x, ours.y) == theirs {
            same += 1;
            continue;
        }
        let Some((mean, var)) = paired_rollouts(
            &board,
            config,
            theirs,
            (ours.x, ours.y),
            rollouts,
            derive_seed(id, line_number as u64),
        ) else {
            continue;
        };
        rows += 1;
        sum += mean;
        variance += var;
        let reason = match ours.reason {
            Reason::ForcedGuess { .. } => "forced",
            Reason::Endgame { .. } => "endgame",
            Reason::Certain => "certain",
            _ => "guess",
        };
        let revealed = board
            .cells()
            .iter()
            .filter(|c| matches!(c, Cell::Revealed(_)))
            .count();
        println!(
            "{id}\t{revealed}\t{reason}\t{}\t{}\t{:.6}\t\t{}\t{}\t{:.6}\t\t{mean:+.4}\t{:.4}\t{}",
            ours.x,
            ours.y,
            safety(&board, config, (ours.x, ours.y)),
            theirs.0,
            theirs.1,
            safety(&board, config, theirs),
            var.sqrt(),
            json["board"]
                .as_str()
                .unwrap_or_default()
                .replace('\n', "/")
        );
    }
    eprintln!(
        "{positions} positions: the same cell in {same}; {rows} others valued by {rollouts} paired \
         rollouts: sum of the other solver's value minus ours {sum:+.3} (SE {:.3})",
        variance.sqrt()
    );
}

/// The chance that the cell is safe.
fn safety(board: &Board, config: &PlayerConfig, (x, y): (usize, usize)) -> f64 {
    let idx = board.idx(x, y).expect("a cell of the board");
    solve_board(board, &config.solve)
        .ok()
        .and_then(|analysis| analysis.probability(idx))
        .map_or(f64::NAN, |p| 1.0 - p)
}
