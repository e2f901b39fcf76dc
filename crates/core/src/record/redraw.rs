//! A Fair game's redraws in its record: their types, their own checks, and the replay that
//! checks each comes at the move that needed it and fits the position there.

use crate::game::{GameErrorKind, GameMode};

use super::{try_apply_move, GameRecord, MoveOp, RecordError, RecordErrorKind, RecordMove};

/// A Fair redraw as read from a file, before any check.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RawRedraw {
    /// The move (0-based) before which the layout was laid.
    pub move_index: i64,
    /// Every mine of the new layout, `(x, y)`.
    pub layout: Vec<(i64, i64)>,
}

/// A checked Fair redraw: the layout laid before a move revealed its cells.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RecordRedraw {
    pub(super) move_index: usize,
    pub(super) mines: Vec<bool>,
}

impl RecordRedraw {
    /// The move (0-based index into the record's moves) that needed it.
    pub fn move_index(&self) -> usize {
        self.move_index
    }

    /// The new layout, row-major, `true` for a mine.
    pub fn mines(&self) -> &[bool] {
        &self.mines
    }
}

impl GameRecord {
    /// A Fair record replays with its redraws: each is laid at the move it names and fits
    /// the position there, and no forced guess on a mine goes without one.
    pub(super) fn check_redraws_replay(&self) -> Result<(), RecordError> {
        if self.mode != GameMode::Fair {
            return Ok(());
        }
        let mut game = self.replay_game();
        for (index, mv) in self.moves.iter().enumerate() {
            let laid = game.redraw_count();
            if let Err(err) = try_apply_move(&mut game, mv) {
                if let GameErrorKind::RedrawDoesNotFit(misfit) = err.kind() {
                    return Err(RecordError {
                        kind: RecordErrorKind::RedrawDoesNotFit {
                            move_index: index,
                            misfit: misfit.clone(),
                        },
                    });
                }
            }
            if game.redraw_count() > laid && self.redraws[laid].move_index != index {
                return Err(RecordError {
                    kind: RecordErrorKind::RedrawNotNeeded {
                        move_index: self.redraws[laid].move_index,
                    },
                });
            }
        }
        match self.redraws.get(game.redraw_count()) {
            Some(unused) => Err(RecordError {
                kind: RecordErrorKind::RedrawNotNeeded {
                    move_index: unused.move_index,
                },
            }),
            None => Ok(()),
        }
    }
}

/// The redraws' own checks: only in a Fair record, each on a reveal or chord after the one
/// before, its mines on the board, none twice.
pub(super) fn check_redraws_shape(
    raw: &[RawRedraw],
    mode: GameMode,
    moves: &[RecordMove],
    width: usize,
    height: usize,
) -> Result<Vec<RecordRedraw>, RecordError> {
    let fail = |kind| Err(RecordError { kind });
    if !raw.is_empty() && mode != GameMode::Fair {
        return fail(RecordErrorKind::RedrawsNotFair { mode });
    }
    let mut redraws: Vec<RecordRedraw> = Vec::with_capacity(raw.len());
    for (redraw, r) in raw.iter().enumerate() {
        let after_last = redraws.last().map_or(0, |l| l.move_index as i64 + 1);
        let op = usize::try_from(r.move_index)
            .ok()
            .and_then(|i| moves.get(i))
            .map(|m| m.op);
        if r.move_index < after_last || !matches!(op, Some(MoveOp::Reveal | MoveOp::Chord)) {
            return fail(RecordErrorKind::RedrawMove {
                redraw,
                move_index: r.move_index,
            });
        }
        let move_index = r.move_index as usize;
        let mut mines = vec![false; width * height];
        for &(x, y) in &r.layout {
            if x < 0 || y < 0 || x as u64 >= width as u64 || y as u64 >= height as u64 {
                return fail(RecordErrorKind::RedrawMineOutside { move_index, x, y });
            }
            let slot = &mut mines[y as usize * width + x as usize];
            if *slot {
                return fail(RecordErrorKind::RedrawDuplicateMine { move_index, x, y });
            }
            *slot = true;
        }
        redraws.push(RecordRedraw { move_index, mines });
    }
    Ok(redraws)
}
