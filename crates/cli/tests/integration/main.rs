//! Every integration test of mineseer-cli in one binary: one link instead of one per
//! file, and cargo runs their tests side by side on all cores. A new test file goes in this
//! directory with a `mod` line here (a file left in tests/ still runs, as a binary of its own).
mod cli_endgame;
mod cli_endgame_estimate;
mod cli_errors;
mod cli_estimate;
mod cli_hint;
mod cli_modes;
mod cli_play_merge;
mod cli_replay;
mod cli_review;
mod common;
