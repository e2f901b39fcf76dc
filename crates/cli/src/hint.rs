//! `mineseer hint`: a certain cell with its proof (the fewest revealed numbers, plus the
//! mines-left count where needed, that make it certain) and a sentence, or the safest guess
//! when no cell is certain. A position file has no last move, so ties go to reading order.

use std::path::PathBuf;

use anyhow::Result;
use mineseer_core::hint::{all_hints, best_hint, HintError};
use mineseer_json::{HintJson, HintsJson};

#[derive(Debug, clap::Args)]
pub struct Args {
    /// The position (`.mine` or `.inp`, told apart by content); `-` or nothing reads stdin.
    file: Option<PathBuf>,
    /// Print JSON instead of the sentence.
    #[arg(long)]
    json: bool,
    /// Every certain cell with its own proof, best first, instead of the best one.
    #[arg(long)]
    all: bool,
}

pub fn run(args: &Args) -> Result<()> {
    let board = crate::input::read_board(args.file.as_deref())?;
    // A finished game has no hint: `"over"`, not an error; an impossible position is one.
    let over = |error: HintError| -> Result<HintJson> {
        HintJson::over(&error).ok_or_else(|| error.into())
    };
    if args.all {
        let hints: Vec<HintJson> = match all_hints(&board) {
            Ok(hints) => hints.iter().map(|h| HintJson::certain(&board, h)).collect(),
            Err(error) => vec![over(error)?],
        };
        if args.json {
            println!("{}", serde_json::to_string_pretty(&HintsJson { hints })?);
        } else if hints.is_empty() {
            println!("No cell is certain.");
        } else {
            for hint in &hints {
                println!("{}", line(hint));
            }
        }
        return Ok(());
    }
    let hint = match best_hint(&board, None) {
        Ok(hint) => HintJson::new(&board, &hint),
        Err(error) => over(error)?,
    };
    if args.json {
        println!("{}", serde_json::to_string_pretty(&hint)?);
    } else {
        println!("{}", line(&hint));
    }
    Ok(())
}

/// The sentence, with the level in front for a certain cell.
fn line(hint: &HintJson) -> String {
    match hint.level {
        Some(level) => format!("[level {level}] {}", hint.text),
        None => hint.text.clone(),
    }
}
