//! The player's settings ([`PlayerConfig`]) and its two levels ([`Level`]): what the fast and
//! full levels, the CLI and the page set, with the measurements that chose each value. The
//! lowest part of the player: every phase reads it, and it reads none of them.

use crate::engine::probability::SolveConfig;
use crate::game::FirstClickRule;

/// How hard the player thinks before a guess.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Level {
    /// The safest cell, with cheap tie-breaks: one analysis per turn.
    Fast,
    /// Secondary safety and progress over the best candidates: a few analyses per guess.
    Full,
}

/// The settings of the player: what the two levels, the CLI and the page set, and the
/// constants of the full level's guess scoring. Each one says who sets it; the mechanisms that
/// lost their paired games left with their settings (issue 31; their results are in the
/// journal, their code in git).
#[derive(Debug, Clone, PartialEq)]
pub struct PlayerConfig {
    /// How hard to think before a guess: [`Level::Full`] for the page's player and
    /// `mineseer play`; [`Level::Fast`] for `play --fast`, the wasm exports' `level: "fast"`
    /// and the endgame estimate's rollouts where the full level is too slow
    /// (`estimate::affordable_level`).
    pub level: Level,
    /// The game's first-click rule, which decides where the first click goes (and whether it
    /// counts as a guess): every caller passes its game's.
    pub rule: FirstClickRule,
    /// Where to click first, instead of the rule's default: `mineseer play --first-click`.
    pub first_click: Option<(usize, usize)>,
    /// Flag the certain mines: the page does, to show them; `mineseer play` does not. (A
    /// flagged board is read a little differently by the look-ahead's tie-breaks, so a few
    /// games go otherwise: 823 won with flags against 821 without of 2,000 expert games,
    /// `mineseer-lab move-digest expert 2000 1 [flags]`.)
    pub flag_mines: bool,
    /// Full level: the candidates for a guess have a safety at least this fraction of the
    /// best safety (0.9; JSMinesweeper's `HARD_CUT_OFF` is the same idea at 0.90), and so do
    /// the cells the 50/50 influence brings in. 0.8, 0.95 and 40 candidates changed no game
    /// of 40,000 on beginner (see [`PlayerConfig::tuned_for_density`]).
    pub candidate_tolerance: f64,
    /// Full level: the most candidates examined in depth, safest first (20).
    pub max_candidates: usize,
    /// Full level: of the floating cells (off the front, all equally safe), how many of
    /// those with the fewest hidden neighbours, and how many of those two steps from a
    /// number, are candidates (4; 8 gained nothing measurable on beginner for 1.3 times the
    /// CPU).
    pub floating_candidates: usize,
    /// Full level: floating cells are candidates only when their safety is at least this
    /// fraction of the best safety on the front, when the front has a guessable cell (0.95:
    /// JSMinesweeper's `OFF_EDGE_THRESHOLD`, part of its scoring that won on intermediate and,
    /// with the 50/50 influence, on expert). 0 leaves them to
    /// [`PlayerConfig::candidate_tolerance`] like the front's cells.
    pub floating_tolerance: f64,
    /// Full level: the weight of progress (the chance that a guess leads to a certain move) in
    /// a guess's score, on top of the secondary safety (0.001: it only breaks near-ties);
    /// `mineseer play --progress-weight` sets it for measurements.
    pub progress_weight: f64,
    /// Full level: how much the second-safest living cell counts, against 1 for the safest,
    /// in the safety of the position after a guess (0.25: JSMinesweeper's "blended safety",
    /// part of the same scoring); 0 counts the safest only.
    pub second_safety_weight: f64,
    /// Full level on dense boards (0.9 from 18 % mines, 0 below: see
    /// [`PlayerConfig::tuned_for_density`]): the weight of a candidate's 50/50 influence
    /// (`player/long_term.rs`) in its score, which is multiplied by 1 + weight x influence /
    /// safe layouts; cells with a large influence join the candidates. 0 turns it off.
    pub fifty_influence_weight: f64,
    /// Both levels: call the endgame solver when the position has at most this many layouts
    /// (200; 5,000 at the full level on dense boards); 0 never does. `mineseer play
    /// --endgame-layouts` sets it for measurements.
    pub endgame_max_layouts: u64,
    /// Both levels: the endgame solver's node budget (20,000; a million with the 5,000
    /// layouts); over it, the guess heuristic plays instead. `mineseer play --endgame-nodes`
    /// sets it for measurements.
    pub endgame_max_nodes: u64,
    /// The budget of each analysis: the engine's default everywhere.
    pub solve: SolveConfig,
}

impl PlayerConfig {
    /// The settings of a level, for a game under `rule`.
    pub fn new(level: Level, rule: FirstClickRule) -> PlayerConfig {
        PlayerConfig {
            level,
            rule,
            first_click: None,
            flag_mines: false,
            candidate_tolerance: 0.9,
            max_candidates: 20,
            floating_candidates: 4,
            // JSMinesweeper's scoring (issue 16): floating cells only when at least 0.95 times
            // as safe as the best front cell, the next safety over living cells, best and
            // second best blended 4:1, and progress only breaking ties. Against the player
            // before it (the same but 0.9, every certain cell, the best only, and progress 0.2
            // on intermediate), over the same games (`compare-player`, won only by the old /
            // only by the new): intermediate seeds 16100, 16200, 16300 with 40,000 games each:
            // 414 / 469, 437 / 454, 409 / 482, 145 net of 120,000 (about 0.12 points), and
            // on the held-out series (seed 1, games 0..99,999) 990 / 1,193: 78.48 % against
            // 78.28 %; beginner 60,000 (seed 16400): 66 / 72. Each part alone changed little
            // in games (see docs/BENCHMARKS.md); together, with progress at 0.001, they win.
            // On expert they lost alone, and win with the 50/50 influence (see
            // [`PlayerConfig::tuned_for_density`]).
            floating_tolerance: 0.95,
            second_safety_weight: 0.25,
            // Off on sparser boards: intermediate +16 of 80,000 (docs/BENCHMARKS.md); on at
            // 0.9 on dense ones (see [`PlayerConfig::tuned_for_density`]).
            fifty_influence_weight: 0.0,
            progress_weight: 0.001,
            // Measured on expert: 200 layouts add about 1.5 points of win rate to either level
            // for 0.2 ms per game; with the slower solver of the time, 1,000 or 2,000 layouts
            // added nothing measurable. Dense boards now go to 5,000 at the full level (see
            // [`PlayerConfig::tuned_for_density`]).
            // Smaller boards gain nothing either: on beginner, 5,000 layouts with a million
            // nodes changed the outcome of none of 20,000 paired games (seeds 1000..; 2,000
            // and 20,000 layouts gave the same 18,300 wins, the latter at 6 times the CPU); on
            // intermediate, 2,000 layouts: 7 games better, 12 worse of 30,000 (seeds 6000..).
            endgame_max_layouts: 200,
            endgame_max_nodes: 20_000,
            solve: SolveConfig::default(),
        }
    }

    /// The same settings tuned for the board's mine density, as every game of a level is (the
    /// CLI, the page, the estimate): on dense boards the full level adds the 50/50 influence
    /// and a larger endgame budget.
    ///
    /// Until issue 16 the progress weight was 0.2 between 14 % and 18 % mines (intermediate,
    /// 15.6 %: 78.28 % wins against 77.77 % at 0.001 over the same 100,000 games) and 0.001
    /// elsewhere (expert, 20.6 %: 4,043 wins against 4,008 at 0.2 over 10,000 paired games;
    /// beginner, 12.3 %: 91.68 % against 91.64 % over 100,000). With the living, blended
    /// next safety of [`PlayerConfig::new`] it is 0.001 on every board: 0.05 instead on
    /// intermediate won 132 games the 0.001 player lost against 141 the other way (40,000,
    /// seed 16100). The figures below were measured with the scoring before issue 16.
    ///
    /// Other settings measured on beginner over 200,000 paired games
    /// (seeds 5000..; 183,509 wins, 91.75 %) and kept as they are: 8 floating candidates
    /// instead of 4, 14 games better net (61 better, 47 worse) at 1.3 times the CPU; progress
    /// weight 0, 3 worse net. Second safety weight 0.05: 5 worse net of 40,000 (seeds
    /// 2000..); candidate tolerance 0.8 or 0.95, or 40 candidates: no game changed of 40,000
    /// (seeds 1000..; the pruning by safety already leaves only the near-safest).
    ///
    /// An information bonus (the entropy of the number a guess shows) was not kept (it left
    /// with its setting in issue 31). On beginner, a weight of 0.01 won more games than 0 over
    /// two paired tuning ranges: seeds 7000.., 40,000 games, 53 better and 39 worse; seeds
    /// 8000.., 100,000 games, 110 better and 92 worse (0.005 and 0.015: 4 and 10 net better;
    /// 0.03: 266 net worse over the 40,000). That was 32 games net of 140,000, about two
    /// standard errors, but the held-out series (seed 1, games 0..99,999) then gave 91,641
    /// wins against 91,672 at 0: pooled, no gain, for a fifth more CPU.
    ///
    /// On boards of 18 % mines or more the full level calls the endgame solver up to 5,000
    /// layouts (a million nodes) instead of 200: with the solver's bounds two moves deep (as
    /// it was then) that cost about 10 ms per expert game instead of 4, and won 168 paired
    /// expert games against 121 lost over 40,000 (`compare-player expert N SEED
    /// endgame_max_layouts=5000 endgame_max_nodes=1000000`, seeds 9100 and 9300 with 10,000
    /// games, 9200 with 20,000: 39 / 30, 84 / 59, 45 / 32), about 0.12 points of win rate.
    /// 2,000 layouts gained 31 / 30 of 10,000 (seed 9100); 20,000 layouts cost over 120 ms
    /// per game then, about 18 ms with the solver's group bound, and won 15 games the tuned
    /// player lost against 17 the other way (10,000 games, seed 9100): no gain. With today's
    /// scoring, 10,000 layouts won 20 / 29 (40,000 games, seeds 30300 and 30400) and 20,000
    /// layouts (4 million nodes) 55 / 91 (80,000, seeds 31000-31300; the checking seeds 31200
    /// and 31300 alone 29 / 34), at about twice the CPU of an expert game (`player-work expert
    /// 200 1`: 24.0 and 25.9 ms against 12.1): over the budget. Sparser boards keep 200 (see
    /// `endgame_max_layouts` in [`PlayerConfig::new`]).
    pub fn tuned_for_density(mut self, cells: usize, mines: usize) -> PlayerConfig {
        let density = mines as f64 / cells.max(1) as f64;
        if density >= 0.18 && self.level == Level::Full {
            // Dense boards add JSMinesweeper's 50/50 influence to the scoring of
            // [`PlayerConfig::new`]: together they are its whole guess scoring. Its expert
            // guesses, valued by rollouts, were worth +0.55 points over ours (eighth session,
            // docs/BENCHMARKS.md), and the two together take its cell in 2,258 of the 3,139
            // positions where the two players differed. Paired expert games (won only by
            // the scoring before / only by this one, `compare-player expert 20000 SEED
            // living_next_safety=true second_safety_weight=0.25 floating_tolerance=0.95
            // fifty_influence_weight=0.9` against the player before): seeds 19800, 19900,
            // 20000, 20100: 1,546 / 1,592, 1,567 / 1,629, 1,536 / 1,621, 1,494 / 1,570, 269
            // net of 80,000 (2.4 SE, about +0.34 points: 40.79 % to 41.13 %); its million
            // games (seed 20261130): 41.17 %. CPU: 13.6 ms a game (`player-work expert 500
            // 1`) since the shapes are counted from the turn's analysis. Either part alone did
            // not win on expert: the scoring of [`PlayerConfig::new`] lost (159 / 127 over
            // 15,000, seeds 16500 and 16600), the influence alone won 8 net of 20,000.
            // JSMinesweeper's constants hold here too (40,000 games each, seeds 30300 and
            // 30400, net for the change): influence 1.5 -42, 0.5 -109; second safety weight
            // 1.0 -9, 0.5 -6 (-14 of 80,000), 0.1 -106 (influence 0.5 and weight 0.1 change
            // most guesses before the first 0).
            self.fifty_influence_weight = 0.9;
        }
        if self.level == Level::Full && density >= 0.18 {
            self.endgame_max_layouts = 5_000;
            self.endgame_max_nodes = 1_000_000;
        }
        self
    }
}
