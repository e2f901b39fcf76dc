//! `mineseer convert`: a replay of Minesweeper Arbiter, Viennasweeper, Minesweeper Clone or
//! Metasweeper (or a record) written as our `mineseer-game` record, or a record's final board
//! as `.mine` text (the game replayed to its last move, mines as `M`).

use std::path::PathBuf;

use anyhow::Result;
use mineseer_json::RecordJson;

#[derive(Debug, clap::Args)]
pub struct Args {
    /// The replay (.avf, .rmv, .mvf or .evf, told apart by the content) or a record; `-` reads
    /// stdin.
    file: PathBuf,
    /// What to write.
    #[arg(long, value_enum)]
    to: Target,
}

#[derive(Debug, Clone, Copy, clap::ValueEnum)]
enum Target {
    /// Our game record (`mineseer-game` JSON), with where the game came from.
    Record,
    /// The final board as `.mine` text: the game replayed to its last move (a Fair game's
    /// redraws laid), every mine as `M`.
    Mine,
}

pub fn run(args: &Args) -> Result<()> {
    let game = crate::record::read_game(&args.file, false)?;
    match args.to {
        Target::Record => println!(
            "{}",
            serde_json::to_string(&RecordJson::from_record(&game.record))?
        ),
        Target::Mine => print!("{}", game.record.final_game().to_mine_text()),
    }
    Ok(())
}
