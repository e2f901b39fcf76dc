//! The size limits, in one small module below everything that checks them: the board and its
//! errors, games and the no-guess generator, records. They live here rather than beside one of
//! their users so that no two modules import each other for a constant.

/// The largest width or height of a position accepted. Bigger boards are refused before
/// anything is allocated, so a typo such as `100000x100000x10` costs nothing.
pub const MAX_DIMENSION: usize = 1000;

/// The largest width or height of a game (MBF stores each in one byte, and the page draws
/// every cell).
pub const MAX_GAME_DIMENSION: usize = 200;
