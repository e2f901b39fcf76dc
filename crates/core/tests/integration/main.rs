//! Every integration test of mineseer-core in one binary: one link instead of one per
//! file, and cargo runs their tests side by side on all cores. A new test file goes in this
//! directory with a `mod` line here (a file left in tests/ still runs, as a binary of its own).
mod bad_input;
mod bad_records;
mod board_stats;
mod budget;
mod common;
mod corpus_probabilities;
mod depth_dead;
mod depth_deductions;
mod depth_regressions;
mod depth_sample;
mod depth_values;
mod endgame_budget;
mod endgame_corpus;
mod endgame_vs_brute;
mod engine_vs_brute;
mod estimate_vs_exact;
mod game_rules;
mod modes;
mod noguess_boards;
mod play_styles;
mod player_moves;
mod review;
