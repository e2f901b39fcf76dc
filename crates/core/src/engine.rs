//! The exact probability engine, in the order a position flows through it:
//! `rules` (numbers to witnesses, the only grid-aware step) → `boxes` (cells with the same
//! witnesses, split into independent fronts) → `enumerate` (one front at a time, in machine
//! integers where they cannot overflow; `small_front` searches a small front directly, with
//! the same counts; `fronts` runs it over a position's fronts) → `combine` (fronts and floating cells under the mine
//! count, generic over the weight; `wide` holds counts past `u128` in a few machine words,
//! natively) → `probability` ([`probability::solve_board`], the entry
//! point; `scratch` holds its working buffers for a caller that analyses many positions;
//! `solve_config` its budget).
//! `scaled` and `approximate` are the floating-point estimate for positions past the exact
//! budget; `conditioned` counts layouts with a few cells fixed; `sorting` is one stable sort
//! compiled once; `at_most_eight` keeps a cell's neighbours inline. Kept together so the hot
//! path reads in one folder, apart from the analyses built on it (values, deductions, dead,
//! endgame, player).

pub mod approximate;
pub mod at_most_eight;
pub mod boxes;
pub mod combine;
pub(crate) mod conditioned;
pub mod enumerate;
pub(crate) mod fronts;
pub mod probability;
pub mod rules;
pub mod scaled;
pub mod scratch;
pub(crate) mod small_front;
pub mod solve_config;
pub(crate) mod sorting;
#[cfg(test)]
pub(crate) mod test_games;
#[cfg(not(target_arch = "wasm32"))]
pub(crate) mod wide;
