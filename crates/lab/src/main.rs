//! `mineseer-lab`: the research tools of Mineseer, one subcommand per question. They measured
//! the player's settings, the engine's speed and the peers' games quoted in docs/; they are
//! not part of the library or of the `mineseer` command, and their command lines are the
//! ones the journal's commands use (`mineseer-lab SUBCOMMAND ARGS...`, each subcommand's
//! arguments as its module's header describes them).
//!
//! Run: `cargo run --release -p mineseer-lab -- SUBCOMMAND ARGS...`; `mineseer-lab help`
//! lists the subcommands.

use clap::{Args, Parser, Subcommand};

mod budget_report;
mod compare_player;
mod engine_passes;
mod gen_bench_corpus;
mod gen_endgame_positions;
mod hint_times;
mod late_moves;
mod loss_report;
mod move_changes;
mod move_digest;
mod noguess_bias;
mod opening_book;
mod peer_games;
mod peer_positions;
mod player_work;
mod policy_disagreements;
mod probability_report;
mod shared;
mod values_cost;

/// The core crate's directory, where the benchmark corpora live (`benches/corpus/`).
pub const CORE_DIR: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../core");

/// Mineseer's research tools: each subcommand answers one question about the engine or the
/// player.
#[derive(Parser)]
#[command(name = "mineseer-lab")]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

/// The arguments of a tool, passed to it as they are: each tool reads its own command line
/// (described in its module's header and in its usage message).
#[derive(Args)]
struct ToolArgs {
    #[arg(
        trailing_var_arg = true,
        allow_hyphen_values = true,
        value_name = "ARGS"
    )]
    args: Vec<String>,
}

#[derive(Subcommand)]
enum Command {
    /// How large a position does the exact engine solve within its budget, and how fast?
    BudgetReport,
    /// Does a change of the player's settings win more games, over the same games?
    ///
    /// Arguments: `PRESET GAMES SEED [base:SETTING=VALUE ...] [SETTING=VALUE ...] [rule=RULE]`.
    ComparePlayer(ToolArgs),
    /// How long does the probability engine take per position, timed as the peers' are?
    ///
    /// Arguments: `CORPUS_FILE PASSES [WARMUP]` or `dump CORPUS_FILE` (tools/peer-engines/).
    EnginePasses(ToolArgs),
    /// Which positions do the probability benches measure? (Re)makes crates/core/benches/corpus/.
    ///
    /// Arguments: `[NAME ...]` (beginner, intermediate, expert, expert-hard, expert-guesses;
    /// all five without a name).
    GenBenchCorpus(ToolArgs),
    /// Which endgame positions do the endgame benches measure? (Re)makes them by layout count.
    ///
    /// Arguments: `[OUT_DIR] [PER_BAND]`.
    GenEndgamePositions(ToolArgs),
    /// How long does the hint take at the guess points of expert games?
    ///
    /// Arguments: `GAMES SEED [OUT]`.
    HintTimes(ToolArgs),
    /// Where two settings choose differently in a late position, which move is worth more?
    ///
    /// Arguments: `dump PRESET GAMES SEED OUT_DIR [SETTING=VALUE ...]` or
    /// `pair FILE... -- [SETTING=VALUE ...]`.
    LateMoves(ToolArgs),
    /// Where does the player lose its games: which kind of move, how far into the game?
    ///
    /// Arguments: `PRESET GAMES SEED [SETTING=VALUE ...]`.
    LossReport(ToolArgs),
    /// How often does a setting change the player's move, and which kind of move?
    ///
    /// Arguments: `PRESET GAMES SEED SETTING=VALUE[,SETTING=VALUE...] [...]`.
    MoveChanges(ToolArgs),
    /// Does a change leave the player's games exactly as they were, move for move?
    ///
    /// Arguments: `PRESET GAMES SEED [fast|full] [safe|opening|none] [flags]`.
    MoveDigest(ToolArgs),
    /// How far are no-guess boards from uniform ones, cell by cell?
    ///
    /// Arguments: `[BOARDS] [WIDTH HEIGHT MINES]`.
    NoguessBias(ToolArgs),
    /// Which guess of one recurring position is best, by many paired rollouts?
    ///
    /// Arguments: `POSITION ROLLOUTS SEED THREADS CELL... [-- SETTING=VALUE ...]`.
    OpeningBook(ToolArgs),
    /// Does our player win the same games as another solver, on the same layouts?
    ///
    /// Arguments: `dump PRESET GAMES SEED [FIRST]`, `compare PRESET SEED RESULTS
    /// [SETTING=VALUE ...]` or `layouts PRESET LAYOUTS [SETTING=VALUE ...]`.
    PeerGames(ToolArgs),
    /// Where another solver guessed another cell than ours, which cell was better?
    ///
    /// Arguments: `POSITIONS ROLLOUTS [IDS] [SETTING=VALUE ...]`.
    PeerPositions(ToolArgs),
    /// How many analyses does the player make per turn?
    ///
    /// Arguments: `PRESET GAMES SEED [SETTING=VALUE ...]`.
    PlayerWork(ToolArgs),
    /// Does a guess-policy change pick the better cell where we and JSMinesweeper disagree?
    ///
    /// Arguments: `TSV [SETTING=VALUE ...]` (environment: `PICKS=1`, `ROLLOUTS=N`).
    PolicyDisagreements(ToolArgs),
    /// How is the probability engine's time per position distributed over the corpus?
    ProbabilityReport,
    /// What do the number chances cost, in instructions or wall time?
    ///
    /// Arguments: `MODE CORPUS [REPEAT]`, MODE `analyze`, `values`, `two-calls`, `parse` or
    /// `interleaved`.
    ValuesCost(ToolArgs),
}

fn main() {
    let cli = Cli::parse();
    // Each tool reads its command line as `std::env::args()` did when it was an example: the
    // tool's own name, then its arguments.
    let line = |name: &str, tool: ToolArgs| {
        std::iter::once(name.to_string())
            .chain(tool.args)
            .collect::<Vec<String>>()
    };
    match cli.command {
        Command::BudgetReport => budget_report::run(),
        Command::ComparePlayer(a) => compare_player::run(line("compare_player", a)),
        Command::EnginePasses(a) => engine_passes::run(line("engine_passes", a)),
        Command::GenBenchCorpus(a) => gen_bench_corpus::run(line("gen_bench_corpus", a)),
        Command::GenEndgamePositions(a) => {
            gen_endgame_positions::run(line("gen_endgame_positions", a))
        }
        Command::HintTimes(a) => hint_times::run(line("hint_times", a)),
        Command::LateMoves(a) => late_moves::run(line("late_moves", a)),
        Command::LossReport(a) => loss_report::run(line("loss_report", a)),
        Command::MoveChanges(a) => move_changes::run(line("move_changes", a)),
        Command::MoveDigest(a) => move_digest::run(line("move_digest", a)),
        Command::NoguessBias(a) => noguess_bias::run(line("noguess_bias", a)),
        Command::OpeningBook(a) => opening_book::run(line("opening_book", a)),
        Command::PeerGames(a) => peer_games::run(line("peer_games", a)),
        Command::PeerPositions(a) => peer_positions::run(line("peer_positions", a)),
        Command::PlayerWork(a) => player_work::run(line("player_work", a)),
        Command::PolicyDisagreements(a) => {
            policy_disagreements::run(line("policy_disagreements", a))
        }
        Command::ProbabilityReport => probability_report::run(),
        Command::ValuesCost(a) => values_cost::run(line("values_cost", a)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The tools that read `--` themselves (`opening-book`, `late-moves pair`) and settings
    /// such as `base:x=-1` get their arguments exactly as typed.
    #[test]
    fn arguments_reach_the_tool_as_typed() {
        let cli = Cli::try_parse_from([
            "mineseer-lab",
            "opening-book",
            "p.mine",
            "100",
            "--",
            "x=-1",
            "--help",
        ])
        .unwrap();
        let Command::OpeningBook(tool) = cli.command else {
            panic!("not opening-book");
        };
        assert_eq!(tool.args, ["p.mine", "100", "--", "x=-1", "--help"]);
    }
}
