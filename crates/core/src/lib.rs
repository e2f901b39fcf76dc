//! # Mineseer core
//!
//! Exact Minesweeper analysis, with no I/O, no clock and no global state, so that the same code
//! runs natively and in WebAssembly.
//!
//! ## Brief overview
//! - [`Board`] is a position: cells ([`Cell`]) addressed by [`CellIdx`], and the mine count.
//! - [`formats`] reads and writes the `.mine` and `.inp` text formats.
//! - [`solve_board`] is the exact probability engine: it returns an [`Analysis`] with the
//!   exact number of consistent layouts and every cell's exact mine probability.
//! - [`record`] is a played game (the `mineseer-game` format's checked contents);
//!   [`board_stats`] its 3BV, openings and islands; [`clicks`] its clicks and efficiency;
//!   [`review::review_game`] the exact move-by-move review.
//! - [`brute`] is a brute-force reference enumerator for tests.
//!
//! ```
//! use mineseer_core::{formats::parse_mine, solve_board, SolveConfig};
//!
//! let board = parse_mine("3x1x1\n1HH\n").unwrap();
//! let analysis = solve_board(&board, &SolveConfig::default()).unwrap();
//! assert_eq!(analysis.solutions().to_string(), "1");
//! let p = analysis.probability_exact(board.idx(1, 0).unwrap()).unwrap();
//! assert_eq!(p.to_string(), "1/1");
//! ```
#![deny(missing_docs)]

pub mod board;
pub mod board_stats;
pub mod brute;
pub mod clicks;
pub mod combinatorics;
pub mod dead;
pub mod deductions;
pub mod endgame;
pub mod engine;
pub mod error;
pub mod estimate;
pub mod formats;
pub mod game;
pub mod hint;
pub mod limits;
pub mod noguess;
pub mod player;
pub mod record;
pub mod review;
pub mod rng;
pub mod sample;
pub mod synthetic;
pub mod values;
pub mod win_line;

pub use board::{Board, Cell, CellIdx};
pub use combinatorics::Fraction;
pub use endgame::{solve_endgame, Endgame, EndgameConfig, EndgameOutcome};
pub use engine::probability::{
    solve_board, solve_board_with, solve_probabilities, solve_probabilities_with, Analysis,
    CellClass, SolveConfig,
};
pub use engine::scratch::Scratch;
pub use error::{BoardError, HintError, ParseError, SolveError, SolveErrorKind};
