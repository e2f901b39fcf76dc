//! `mineseer`: the command-line front end. Argument parsing and output formatting only; the
//! work is done by `mineseer-core`.

mod analyze;
mod convert;
mod endgame;
mod estimate;
mod generate;
mod grid;
mod hint;
mod input;
mod options;
mod play;
mod record;
mod review;
mod sample;
mod stats;

use clap::{Parser, Subcommand};

// The player and the endgame search allocate many small, short-lived vectors (splits, scans,
// the engine's steps). mimalloc serves them with about 8 % fewer instructions than glibc's
// allocator on 40 expert games, and the games are the same (docs/journal/endgame.md). The
// core stays allocator-agnostic; only this binary chooses.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// Exact Minesweeper analysis from the command line.
#[derive(Debug, Parser)]
#[command(name = "mineseer", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Exact mine probability of every hidden cell of a `.mine` or `.inp` position.
    Analyze(analyze::Args),
    /// Writes a replay of Arbiter (.avf), Viennasweeper (.rmv), Minesweeper Clone (.mvf) or
    /// Metasweeper (.evf) as a game record: `convert FILE --to record`.
    Convert(convert::Args),
    /// Exact chance of winning under optimal play and a best move when the position has few
    /// enough consistent layouts; above, an estimate by rollouts with its intervals.
    Endgame(endgame::Args),
    /// Seeded boards as `.mine` text (mines as `M`), no-guess by default, with their times.
    Generate(generate::Args),
    /// A certain cell with its proof (the fewest revealed numbers, plus the mines-left count
    /// where needed, that make it certain) and why in words; the safest guess when no cell
    /// is certain. `--all` gives every certain cell with its proof.
    Hint(hint::Args),
    /// Plays many seeded games with the auto-player and reports the win rate.
    Play(play::Args),
    /// The move-by-move review of a recorded game (`mineseer-game` JSON, or a replay: .avf,
    /// .rmv, .mvf, .evf): each move's exact safety and class, the game's 3BV, clicks and
    /// efficiency, luck and accuracy, and a replay's own figures beside ours.
    Review(review::Args),
    /// One consistent mine layout, drawn uniformly at random from a seed, as `.mine` text.
    Sample(sample::Args),
    /// The 3BV, openings and islands of a full layout (`.mine`, mines as `M`).
    Stats(stats::Args),
}

fn main() {
    // Like other Unix tools, end quietly when the reader of our output goes away
    // (`mineseer analyze --json big.mine | head`), instead of panicking in `println!`.
    // SAFETY: restoring the default disposition of a signal has no preconditions.
    #[cfg(unix)]
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Analyze(args) => analyze::run(&args),
        Command::Convert(args) => convert::run(&args),
        Command::Endgame(args) => endgame::run(&args),
        Command::Generate(args) => generate::run(&args),
        Command::Hint(args) => hint::run(&args),
        Command::Play(args) => play::run(&args),
        Command::Review(args) => review::run(&args),
        Command::Sample(args) => sample::run(&args),
        Command::Stats(args) => stats::run(&args),
    };
    if let Err(err) = result {
        // One line, so scripts can show it as it is.
        let message = format!("{err:#}").replace('\n', " ");
        eprintln!("mineseer: error: {message}");
        std::process::exit(1);
    }
}
