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
        "opening_until_zero" => config.opening_until_zero = parse(name, value)?,
        "take_forced_guesses_first" => config.take_forced_guesses_first = parse(name, value)?,
        "candidate_tolerance" => config.candidate_tolerance = parse(name, value)?,
        "max_candidates" => config.max_candidates = parse(name, value)?,
        "floating_candidates" => config.floating_candidates = parse(name, value)?,
        "floating_tolerance" => config.floating_tolerance = parse(name, value)?,
        "living_next_safety" => config.living_next_safety = parse(name, value)?,
        "living_by_witness" => config.living_by_witness = parse(name, value)?,
        "plain_scoring_until_zero" => config.plain_scoring_until_zero = parse(name, value)?,
        "pseudo_fifty_fifty_first" => config.pseudo_fifty_fifty_first = parse(name, value)?,
        "fifty_influence_weight" => config.fifty_influence_weight = parse(name, value)?,
        "dominance_swap" => config.dominance_swap = parse(name, value)?,
        "living_anchor" => config.living_anchor = parse(name, value)?,
        "single_safest_swap" => config.single_safest_swap = parse(name, value)?,
        "pocket_min_cells" => config.pocket_min_cells = parse(name, value)?,
        "progress_weight" => config.progress_weight = parse(name, value)?,
        "opening_progress_weight" => config.opening_progress_weight = Some(parse(name, value)?),
        "information_weight" => config.information_weight = parse(name, value)?,
        "second_safety_weight" => config.second_safety_weight = parse(name, value)?,
        "deep_lookahead_max_cells" => config.deep_lookahead_max_cells = parse(name, value)?,
        "deep_lookahead_candidates" => config.deep_lookahead_candidates = parse(name, value)?,
        "endgame_max_layouts" => config.endgame_max_layouts = parse(name, value)?,
        "endgame_max_nodes" => config.endgame_max_nodes = parse(name, value)?,
        "capped_endgame_max_layouts" => config.capped_endgame_max_layouts = parse(name, value)?,
        "capped_endgame_max_visits" => config.capped_endgame_max_visits = parse(name, value)?,
        "capped_endgame_cut_move" => config.capped_endgame_cut_move = parse(name, value)?,
        "region_max_layouts" => config.region_max_layouts = parse(name, value)?,
        "region_max_nodes" => config.region_max_nodes = parse(name, value)?,
        _ => return Err(format!("unknown setting {name:?}")),
    }
    Ok(config)
}
