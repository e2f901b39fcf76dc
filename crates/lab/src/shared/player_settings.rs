//! `SETTING=VALUE` on the command line of the player's tools (`compare-player`,
//! `policy-disagreements`): the fields of `PlayerConfig` by name.

use mineseer_core::game::FirstClickRule;
use mineseer_core::player::{Level, PlayerConfig};
use mineseer_core::Board;

/// The tuned full player under the `safe` rule for a board of `cells` cells and `mines`
/// mines, with `assignments` applied; panics with `usage` on a bad assignment.
pub fn tuned(cells: usize, mines: usize, assignments: &[String], usage: &str) -> PlayerConfig {
    let mut config =
        PlayerConfig::new(Level::Full, FirstClickRule::Safe).tuned_for_density(cells, mines);
    for assignment in assignments {
        config = apply(config, assignment).unwrap_or_else(|e| panic!("{e}\n{usage}"));
    }
    config
}

/// The player for a file of positions (`peer-positions`, `policy-disagreements`): tuned for
/// the first position's board, as the player that made them was. A file that mixes boards of
/// other sizes or mine counts is refused, since one tuning would not be theirs.
pub struct PositionsPlayer<'a> {
    assignments: &'a [String],
    usage: &'a str,
    made: Option<(usize, usize, PlayerConfig)>,
}

impl<'a> PositionsPlayer<'a> {
    pub fn new(assignments: &'a [String], usage: &'a str) -> PositionsPlayer<'a> {
        PositionsPlayer {
            assignments,
            usage,
            made: None,
        }
    }

    /// The player for `board`; panics when `board` is not the size of the first one.
    pub fn for_board(&mut self, board: &Board) -> &PlayerConfig {
        let (cells, mines) = (board.len(), board.mines());
        let (assignments, usage) = (self.assignments, self.usage);
        let (first_cells, first_mines, config) = self
            .made
            .get_or_insert_with(|| (cells, mines, tuned(cells, mines, assignments, usage)));
        assert!(
            (*first_cells, *first_mines) == (cells, mines),
            "a position of {cells} cells and {mines} mines among positions of {first_cells} \
             cells and {first_mines} mines: one file, one board size"
        );
        config
    }
}

/// The settings with one `SETTING=VALUE` applied.
pub fn apply(mut config: PlayerConfig, assignment: &str) -> Result<PlayerConfig, String> {
    let (name, value) = assignment
        .split_once('=')
        .ok_or_else(|| format!("{assignment:?} is not SETTING=VALUE"))?;
    fn parse<T: std::str::FromStr>(name: &str, value: &str) -> Result<T, String> {
        value
            .parse()
            .map_err(|_| format!("{name}: {value:?} is not a valid value"))
    }
    match name {
        "candidate_tolerance" => config.candidate_tolerance = parse(name, value)?,
        "max_candidates" => config.max_candidates = parse(name, value)?,
        "floating_candidates" => config.floating_candidates = parse(name, value)?,
        "floating_tolerance" => config.floating_tolerance = parse(name, value)?,
        "fifty_influence_weight" => config.fifty_influence_weight = parse(name, value)?,
        "progress_weight" => config.progress_weight = parse(name, value)?,
        "second_safety_weight" => config.second_safety_weight = parse(name, value)?,
        "endgame_max_layouts" => config.endgame_max_layouts = parse(name, value)?,
        "endgame_max_nodes" => config.endgame_max_nodes = parse(name, value)?,
        _ => return Err(format!("unknown setting {name:?}")),
    }
    Ok(config)
}
