//! From ms_toollib's replayed events to our record: one move per click the program counted.
//!
//! ms_toollib replays the mouse events through its own state machine (`analyse`), which is
//! how the rankings count clicks: a left click counts on its release, a chord (both buttons,
//! or a double) on its release, a right click on its press; a press released somewhere else,
//! or released after the other button came down, is whatever that machine makes of it. After
//! each event it keeps the counts so far (left, right, double) and the board. So each event
//! whose counts went up gives one move, at the event's cell:
//! - a double: `chord`;
//! - a left click: `reveal` (on an open cell it does nothing, and counts, as in the program);
//! - a right click: `flag` when it put a flag on a hidden cell, `unflag` when it took one off,
//!   and otherwise `unflag` on a cell without a flag (a click that changes nothing). A right
//!   press on an open cell that turns into a chord is counted, then taken back by the program
//!   at the chord: its move goes too.
//!
//! Every move is then played on our own game, and after each event that changed ms_toollib's
//! board, our board must show the same numbers and flags: a file whose clicks we would read
//! differently is refused ([`ReplayErrorKind::Mismatch`]), never reviewed wrongly. Clicks off
//! the board (which the programs count) have no cell, so they are not moves; their number is
//! kept ([`crate::Replay::clicks_off_board`]).

use mineseer_core::board::Cell;
use mineseer_core::game::{Game, GameState, MoveOutcome, MAX_GAME_DIMENSION};
use mineseer_core::record::{apply_move, MoveOp, RecordMove};
use ms_toollib::videos::Event;

use crate::error::{ReplayError, ReplayErrorKind};
use crate::format::ReplayFormat;
use crate::toollib::Video;

/// ms_toollib's value of a hidden cell on a game board.
const TOOLLIB_HIDDEN: i32 = 10;
/// ms_toollib's value of a flagged cell.
const TOOLLIB_FLAG: i32 = 11;

/// The moves read from a replay's events.
pub(crate) struct Moves {
    /// The moves, times in ms since the first.
    pub moves: Vec<RecordMove>,
    /// For each move, the index of the event it came from.
    pub events: Vec<usize>,
    /// Counted clicks that fell off the board.
    pub off_board: usize,
}

/// Checks the size ms_toollib read, before anything indexes with it.
pub(crate) fn check_size(format: ReplayFormat, video: &Video) -> Result<(), ReplayError> {
    let (width, height) = (video.width, video.height);
    let fail = |kind| Err(ReplayError::new(Some(format), kind));
    if width == 0 || height == 0 || width > MAX_GAME_DIMENSION || height > MAX_GAME_DIMENSION {
        return fail(ReplayErrorKind::BoardSize { width, height });
    }
    let shaped = video.board.len() == height && video.board.iter().all(|row| row.len() == width);
    if !shaped || video.cell_pixel_size == 0 {
        return fail(ReplayErrorKind::Invalid {
            reason: "the board's shape or cell size".to_string(),
        });
    }
    Ok(())
}

/// The layout, row-major.
pub(crate) fn layout(video: &Video) -> Vec<bool> {
    video
        .board
        .iter()
        .flat_map(|row| row.iter().map(|&v| v == -1))
        .collect()
}

/// Reads the moves from the replayed events, checking them against ms_toollib's boards.
pub(crate) fn moves(format: ReplayFormat, video: &Video) -> Result<Moves, ReplayError> {
    let (width, height) = (video.width, video.height);
    let pixels = video.cell_pixel_size as usize;
    let mut game = Game::from_layout(width, height, layout(video)).map_err(|_| {
        ReplayError::new(Some(format), ReplayErrorKind::BoardSize { width, height })
    })?;
    let mut out = Moves {
        moves: Vec::new(),
        events: Vec::new(),
        off_board: 0,
    };
    let mut first_time: Option<f64> = None;
    let mut last_t = 0u64;
    let mut counts = (0usize, 0usize, 0usize);
    // Moves of right clicks that did nothing, by index, the latest last.
    let mut noop_right: Vec<usize> = Vec::new();
    for (index, event) in video.video_action_state_recorder.iter().enumerate() {
        let Some(Event::Mouse(mouse)) = &event.event else {
            continue;
        };
        let params = &event.key_dynamic_params;
        let now = (params.left, params.right, params.double);
        // A right press on an open cell that became part of a chord is counted as a right
        // click first and taken back at the chord: take back its move too (it did nothing).
        for _ in now.1..counts.1 {
            if let Some(at) = noop_right.pop() {
                out.moves.remove(at);
                out.events.remove(at);
            }
        }
        let ops = [
            (MoveOp::Chord, now.2.saturating_sub(counts.2)),
            (MoveOp::Reveal, now.0.saturating_sub(counts.0)),
            (MoveOp::Flag, now.1.saturating_sub(counts.1)),
        ];
        counts = now;
        let (x, y) = (mouse.x as usize / pixels, mouse.y as usize / pixels);
        for (op, times) in ops {
            for _ in 0..times {
                if x >= width || y >= height {
                    out.off_board += 1;
                    continue;
                }
                let op = if op == MoveOp::Flag {
                    right_click_op(
                        event_cell(&event.prior_game_board, x, y),
                        event_cell(&event.next_game_board, x, y),
                    )
                } else {
                    op
                };
                let start = *first_time.get_or_insert(event.time);
                let t = (((event.time - start) * 1000.0).round().max(0.0) as u64).max(last_t);
                last_t = t;
                let mv = RecordMove { op, x, y, t };
                let did = game.state() == GameState::Playing
                    && apply_move(&mut game, &mv) != MoveOutcome::NoChange;
                if op == MoveOp::Unflag && !did {
                    noop_right.push(out.moves.len());
                }
                out.moves.push(mv);
                out.events.push(index);
            }
        }
        if event.useful_level >= 1 && !same_board(&game, event) {
            return Err(ReplayError::new(
                Some(format),
                ReplayErrorKind::Mismatch { event: index },
            ));
        }
    }
    Ok(out)
}

/// ms_toollib's value of cell `(x, y)` on an event's board, if it kept one.
fn event_cell(
    board: &Option<std::rc::Rc<std::cell::RefCell<ms_toollib::GameBoard>>>,
    x: usize,
    y: usize,
) -> Option<i32> {
    let board = board.as_ref()?.borrow();
    board.game_board.get(y)?.get(x).copied()
}

/// The op of a counted right click, from the cell before and after it.
fn right_click_op(before: Option<i32>, after: Option<i32>) -> MoveOp {
    match (before, after) {
        (Some(TOOLLIB_HIDDEN), Some(TOOLLIB_FLAG)) => MoveOp::Flag,
        // A flag taken off, or a right click that changed nothing: `unflag` on a cell without
        // a flag does nothing, as the click did.
        _ => MoveOp::Unflag,
    }
}

/// Whether our board shows what ms_toollib's shows after the event: the same numbers where
/// either shows one, and the same flags. Once our game has ended, the program's board may
/// show what the end revealed, so only its numbers are compared.
fn same_board(game: &Game, event: &ms_toollib::videos::VideoActionStateRecorder) -> bool {
    let Some(board) = &event.next_game_board else {
        return true;
    };
    let theirs = board.borrow();
    let ours = game.board();
    let playing = game.state() == GameState::Playing;
    for (y, row) in theirs.game_board.iter().enumerate() {
        for (x, &value) in row.iter().enumerate() {
            let Some(idx) = ours.idx(x, y) else {
                return false;
            };
            let cell = ours.cell(idx);
            let ok = match (value, cell) {
                (0..=8, Cell::Revealed(n)) => value == n as i32,
                (0..=8, _) => false,
                (_, Cell::Revealed(_)) => false,
                (TOOLLIB_FLAG, Cell::Flag) => true,
                (TOOLLIB_FLAG, _) | (_, Cell::Flag) => !playing,
                _ => true,
            };
            if !ok {
                return false;
            }
        }
    }
    true
}
