//! Every integration test of mineseer-replay in one binary: one link instead of one per
//! file, and cargo runs their tests side by side on all cores. A new test file goes in this
//! directory with a `mod` line here (a file left in tests/ still runs, as a binary of its own).
mod bad_input;
mod real_replays;
