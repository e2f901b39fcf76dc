//! # Replays of other Minesweeper programs as Mineseer records
//!
//! ## Brief overview
//! [`read_replay`] turns the bytes of a replay from Minesweeper Arbiter (`.avf`),
//! Viennasweeper (`.rmv`), Minesweeper Clone (`.mvf`) or Metasweeper (`.evf`) into a
//! [`Replay`]: our checked [`GameRecord`] (the layout, one move per click the program counted,
//! with its time, and where the game came from), the figures the program itself reports
//! ([`ReportedFigures`]: its time, 3BV, clicks), and, on request, Metasweeper's comments on the
//! moves ([`ProgramComment`]).
//!
//! - [`format`](mod@format): the format is told from the bytes ([`ReplayFormat::sniff`]); the
//!   file name only breaks a tie and names the format in an error.
//! - The reading itself is ms_toollib's (the field's library, MIT), kept behind a guard against
//!   its panics (`toollib`); `convert` turns its replayed events into moves and checks them
//!   against its boards, so a file we would read differently is refused, not reviewed wrongly.
//! - [`counters`]: the players' counters (IOE, RQP, STNB, throughput, correctness, path),
//!   ours from the record and ms_toollib's from the file.
//! - [`json`]: what the CLI's `review --json` and the page show of a replay, beside the review.
//! - [`error`]: every failure is a [`ReplayError`] naming the format and what is wrong.
//!
//! ```
//! use mineseer_replay::{read_replay, ReadConfig};
//!
//! let err = read_replay(b"", Some("game.avf"), &ReadConfig::default()).unwrap_err();
//! assert_eq!(
//!     err.to_string(),
//!     "not a readable Minesweeper Arbiter replay (.avf): the file is empty"
//! );
//! ```
#![deny(missing_docs)]

mod convert;
pub mod counters;
mod date;
pub mod error;
pub mod format;
pub mod json;
mod toollib;
pub mod zini;

use mineseer_core::game::{FirstClickRule, MAX_GAME_DIMENSION};
use mineseer_core::record::{GameRecord, MoveOp, RawMove, RawRecord, RecordOrigin};
use ms_toollib::videos::Event;

pub use error::{ReplayError, ReplayErrorKind};
pub use format::ReplayFormat;

/// The largest replay read: a 200x200 Metasweeper game of a few hours is a few MiB.
pub const MAX_REPLAY_BYTES: usize = 16 << 20;

/// What to read besides the game.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ReadConfig {
    /// Metasweeper's comments on the moves (ms_toollib's `high_risk_guess` and
    /// `needless_guess`): a probability analysis of every position, slow on large boards.
    pub comments: bool,
}

/// A replay read into our record.
#[derive(Debug, Clone, PartialEq)]
pub struct Replay {
    /// The format it was read as.
    pub format: ReplayFormat,
    /// The game: layout, moves, rule and origin.
    pub record: GameRecord,
    /// What the replay's program reports.
    pub reported: ReportedFigures,
    /// Clicks the program counted off the board (no cell, so no move).
    pub clicks_off_board: usize,
    /// Metasweeper's comments, when [`ReadConfig::comments`] asked for them.
    pub comments: Vec<ProgramComment>,
    /// The counters ms_toollib's getters give on the file (IOE, RQP, STNB, path, ...).
    pub program_counters: counters::ProgramCounters,
}

/// The figures of a game as the replay's program (through ms_toollib) counts them.
#[derive(Debug, Clone, PartialEq)]
pub struct ReportedFigures {
    /// The game was won.
    pub won: bool,
    /// The time the program shows as the result, in ms (its own start: for most programs the
    /// first press, where ours starts at the first counted click).
    pub time_ms: u64,
    /// 3BV, as the file states it (Arbiter, Metasweeper) or ms_toollib computes it.
    pub bbbv: usize,
    /// 3BV solved.
    pub bbbv_solved: usize,
    /// Left clicks.
    pub left: usize,
    /// Right clicks.
    pub right: usize,
    /// Chords (double clicks).
    pub double: usize,
    /// Clicks that did something (ms_toollib's `ce`).
    pub effective: usize,
    /// ZiNi as ms_toollib computes it: Zimmermann and Nikolaus's greedy estimate of the fewest
    /// clicks (flag-and-chord the cell of highest premium, again and again). A deterministic
    /// upper bound of the true minimum, not the minimum itself.
    pub greedy_zini: usize,
}

impl ReportedFigures {
    /// Every counted click.
    pub fn clicks(&self) -> usize {
        self.left + self.right + self.double
    }
}

/// One of Metasweeper's comments on a move.
#[derive(Debug, Clone, PartialEq)]
pub struct ProgramComment {
    /// The move it is about (an index into the record's moves).
    pub move_index: usize,
    /// What it says.
    pub kind: CommentKind,
}

/// The comments compared with our review.
#[derive(Debug, Clone, PartialEq)]
pub enum CommentKind {
    /// A reveal whose cell was a mine with probability 0.51 or more (ms_toollib's
    /// `high_risk_guess`), with the survival chance it gives.
    HighRiskGuess {
        /// 1 - the cell's mine probability, as ms_toollib computes it.
        survival: f64,
    },
    /// A reveal of an uncertain cell while a cell within two rows and columns of it was safe
    /// (ms_toollib's `needless_guess`).
    NeedlessGuess,
}

impl CommentKind {
    /// `high-risk-guess` or `needless-guess`.
    pub fn name(&self) -> &'static str {
        match self {
            CommentKind::HighRiskGuess { .. } => "high-risk-guess",
            CommentKind::NeedlessGuess => "needless-guess",
        }
    }
}

/// Reads a replay. The format comes from the bytes; `file_name` only breaks a tie between the
/// two formats without magic (EVF and AVF) and names the format in the error when the bytes fit
/// no format at all.
pub fn read_replay(
    bytes: &[u8],
    file_name: Option<&str>,
    config: &ReadConfig,
) -> Result<Replay, ReplayError> {
    let hinted = file_name.and_then(ReplayFormat::from_file_name);
    if bytes.is_empty() {
        return Err(ReplayError::new(hinted, ReplayErrorKind::Empty));
    }
    if bytes.len() > MAX_REPLAY_BYTES {
        return Err(ReplayError::new(
            hinted,
            ReplayErrorKind::TooLarge { bytes: bytes.len() },
        ));
    }
    let Some(format) = ReplayFormat::sniff(bytes, hinted) else {
        // A replay's name on bytes of none of the four formats: say so, rather than let a
        // reader misread them.
        let kind = match hinted {
            Some(_) => ReplayErrorKind::WrongFormat,
            None => ReplayErrorKind::UnknownFormat,
        };
        return Err(ReplayError::new(hinted, kind));
    };
    let fail = |kind| ReplayError::new(Some(format), kind);
    if let Some((width, height)) = format::header_size(format, bytes) {
        if width > MAX_GAME_DIMENSION || height > MAX_GAME_DIMENSION {
            return Err(fail(ReplayErrorKind::BoardSize { width, height }));
        }
    }
    let mut video = toollib::parse(format, bytes)?;
    if format == ReplayFormat::Mvf && video.width == 0 {
        // ms_toollib's Clone reader answers "read" for any version but 0.97, having read
        // nothing (docs/BENCHMARKS.md, "Replays of other programs").
        return Err(fail(ReplayErrorKind::UnsupportedClone));
    }
    convert::check_size(format, &video)?;
    toollib::analyse(&mut video).ok_or_else(|| fail(ReplayErrorKind::ReaderFailed))?;
    let moves = convert::moves(format, &video)?;
    if !moves
        .moves
        .iter()
        .any(|m| m.op != MoveOp::Unflag && m.op != MoveOp::Flag)
    {
        return Err(fail(ReplayErrorKind::NoMoves));
    }
    let layout = convert::layout(&video);
    let first_reveal_safe = moves
        .moves
        .iter()
        .find(|m| m.op == MoveOp::Reveal)
        .is_none_or(|m| !layout[m.y * video.width + m.x]);
    let raw = RawRecord {
        format: mineseer_core::record::RECORD_FORMAT.to_string(),
        version: mineseer_core::record::RECORD_VERSION_NORMAL,
        width: video.width as u64,
        height: video.height as u64,
        mines: layout.iter().filter(|m| **m).count() as u64,
        // The four programs never put a mine under the first click in their standard modes,
        // and the replay keeps the layout as played; a game lost on its first click (a mode
        // without that rule) is recorded under no rule.
        rule: if first_reveal_safe {
            FirstClickRule::Safe
        } else {
            FirstClickRule::None
        }
        .name()
        .to_string(),
        seed: None,
        layout: layout
            .iter()
            .enumerate()
            .filter(|(_, m)| **m)
            .map(|(i, _)| ((i % video.width) as i64, (i / video.width) as i64))
            .collect(),
        moves: moves.moves.iter().map(RawMove::from).collect(),
        origin: Some(RecordOrigin {
            program: if video.software.is_empty() {
                format.program().to_string()
            } else {
                video.software.clone()
            },
            file_format: format.extension().to_string(),
            player: Some(video.player_identifier.trim().to_string()).filter(|p| !p.is_empty()),
            date: date::from_micros(video.start_time),
        }),
        // Another program's game is a normal game.
        mode: None,
        redraws: Vec::new(),
    };
    let record = GameRecord::new(raw).map_err(|err| fail(ReplayErrorKind::Record(err)))?;
    let reported = ReportedFigures {
        won: video.is_completed,
        time_ms: (video.game_dynamic_params.rtime * 1000.0).round().max(0.0) as u64,
        bbbv: video.static_params.bbbv,
        bbbv_solved: video.video_dynamic_params.bbbv_solved,
        left: video.game_dynamic_params.left,
        right: video.game_dynamic_params.right,
        double: video.game_dynamic_params.double,
        effective: video.video_dynamic_params.ce,
        greedy_zini: video.static_params.zini,
    };
    let comments = if config.comments {
        toollib::comment(&mut video).ok_or_else(|| fail(ReplayErrorKind::ReaderFailed))?;
        comments_of(&video, &moves.events)
    } else {
        Vec::new()
    };
    let program_counters = counters::program_counters(&mut video)
        .ok_or_else(|| fail(ReplayErrorKind::ReaderFailed))?;
    Ok(Replay {
        format,
        record,
        reported,
        clicks_off_board: moves.off_board,
        comments,
        program_counters,
    })
}

/// The comments ms_toollib wrote on the events, on the moves those events gave.
fn comments_of(video: &toollib::Video, move_events: &[usize]) -> Vec<ProgramComment> {
    let mut out = Vec::new();
    for (index, event) in video.video_action_state_recorder.iter().enumerate() {
        if event.comments.is_empty() || !matches!(event.event, Some(Event::Mouse(_))) {
            continue;
        }
        // The event's last move (a release that counted a click gives one move).
        let Some(move_index) = move_events.iter().rposition(|&e| e == index) else {
            continue;
        };
        for part in event.comments.split(';').filter(|p| !p.is_empty()) {
            let kind = if let Some(p) = part.strip_prefix("error:high_risk_guess:") {
                match p.trim().parse::<f64>() {
                    Ok(survival) => CommentKind::HighRiskGuess { survival },
                    Err(_) => continue,
                }
            } else if part == "warning:needless_guess" {
                CommentKind::NeedlessGuess
            } else {
                continue;
            };
            out.push(ProgramComment { move_index, kind });
        }
    }
    out
}
