//! The budget of an analysis ([`SolveConfig`]): how many probability lines one front may keep
//! and how much work an enumeration or a combination may take. Read by the whole engine, so it
//! depends on none of it.

/// The budget of an analysis.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SolveConfig {
    /// The most probability lines one front may have alive at once. Hard expert positions
    /// need a few hundred; the default leaves room for boards far beyond expert while keeping
    /// memory bounded (each line is a few hundred bytes).
    pub max_lines: usize,
    /// The most work one front's enumeration, and separately the combination of the
    /// fronts, may take, in elementary count operations (one is a few nanoseconds on machine
    /// integers, up to a microsecond on big ones). Bounds the time on pathological boards
    /// (hundreds of fronts, or one front winding over a 200x200 board); real games stay far
    /// below it.
    pub max_work: u64,
}

impl Default for SolveConfig {
    fn default() -> SolveConfig {
        SolveConfig {
            max_lines: 200_000,
            max_work: 64_000_000,
        }
    }
}
