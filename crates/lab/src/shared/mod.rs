//! What several of the lab's tools share: the command line of a seeded series of games, the
//! player's settings by name, and paired rollouts of two moves.

pub mod paired_rollouts;
pub mod player_settings;
pub mod series;
