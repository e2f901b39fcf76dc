//! The players' counters of one game, as Metasweeper shows them beside a replay: IOE, RQP,
//! STNB, throughput, correctness, the mouse path, openings, islands, ZiNi and HZiNi.
//!
//! Each counter has ms_toollib's definition (its `BaseVideo::get_*` getters, ms_toollib
//! 1.5.16, `videos/base_video_metrics.rs`), with `cl` every click (left, right and chord),
//! `ce` the clicks that did something, `t` the game's time in seconds, and 3BV solved:
//! - **IOE** = 3BV solved / cl (`get_ioe`): the rankings' efficiency.
//! - **RQP** = t² / 3BV solved (`get_rqp`), in s² per 3BV: time over 3BV/s; lower is better.
//! - **STNB** = c · 3BV solved / t^1.7 · √(3BV solved / 3BV) (`get_stnb`), with c = 36, 162
//!   and 435 for beginner, intermediate and expert; defined on those three levels only
//!   (ms_toollib gives 0 elsewhere, we give nothing).
//! - **Throughput** = 3BV solved / ce (`get_thrp`): the 3BV per click that did something.
//! - **Correctness** = ce / cl (`get_corr`): the share of clicks that did something.
//! - **Path** (`get_path`): the distance the mouse travelled on the board from the first
//!   press, in pixels of 16-pixel cells. Only a replay holds the mouse's motion.
//!
//! A game of ours is counted here, from its record ([`record_counters`]): its time runs from
//! the first click to the last, and its `ce` counts every click that changed the board
//! (`mineseer_core::clicks`). A replay also gets the counters ms_toollib's getters give on the
//! replayed file ([`ProgramCounters`], read in `read_replay`): its program's time and its `ce`,
//! which counts a flag only the first time a mine gets one, and never an unflag.

use mineseer_core::clicks::{game_stats, GameStats};
use mineseer_core::record::GameRecord;

use crate::toollib::{guarded, Video};
use crate::zini::{zini, Zini, ZiniError};

/// STNB's constant for a standard level (width, height, mines); `None` on other boards, where
/// STNB is not defined.
pub fn stnb_constant(width: usize, height: usize, mines: usize) -> Option<f64> {
    match (width, height, mines) {
        (8, 8, 10) => Some(36.0),
        (16, 16, 40) => Some(162.0),
        (30, 16, 99) => Some(435.0),
        _ => None,
    }
}

/// The counters computed from a record (ours), each `None` where it has no value (no click,
/// no time, no 3BV solved, or a board without STNB).
#[derive(Debug, Clone, PartialEq)]
pub struct Counters {
    /// The statistics they come from.
    pub stats: GameStats,
    /// 3BV solved / clicks.
    pub ioe: Option<f64>,
    /// Time² / 3BV solved, s².
    pub rqp: Option<f64>,
    /// STNB, on the three standard levels.
    pub stnb: Option<f64>,
    /// 3BV solved / effective clicks.
    pub thrp: Option<f64>,
    /// Effective clicks / clicks.
    pub corr: Option<f64>,
    /// ZiNi and HZiNi of the layout played (a Fair game's last), or why not.
    pub zini: Result<Zini, ZiniError>,
    /// The board is a standard level, where STNB is defined.
    pub stnb_defined: bool,
}

impl Counters {
    /// ZiNi / clicks of a won game: 100 % plays as few clicks as ZiNi's estimate of the fewest
    /// (more is possible: ZiNi is greedy). `None` for a game not won, since the clicks of a
    /// lost game cleared only part of the board ZiNi is counted on.
    pub fn zini_of_clicks(&self) -> Option<f64> {
        let won = self.stats.result == mineseer_core::clicks::GameResult::Won;
        let clicks = self.stats.clicks.total();
        match &self.zini {
            Ok(z) if won && clicks > 0 => Some(z.zini as f64 / clicks as f64),
            _ => None,
        }
    }
}

/// The counters as ms_toollib's getters give them on a replay's file (its program's time).
#[derive(Debug, Clone, PartialEq)]
pub struct ProgramCounters {
    /// `get_ioe`.
    pub ioe: f64,
    /// `get_rqp`; `None` when ms_toollib gives infinity (nothing solved).
    pub rqp: Option<f64>,
    /// `get_stnb`; `None` off the three standard levels.
    pub stnb: Option<f64>,
    /// `get_thrp`.
    pub thrp: f64,
    /// `get_corr`.
    pub corr: f64,
    /// `get_path`, pixels of 16-pixel cells.
    pub path: f64,
    /// Openings (`static_params.op`).
    pub openings: usize,
    /// Islands.
    pub islands: usize,
    /// HZiNi (`static_params.hzini`).
    pub hzini: usize,
}

/// Our counters of a recorded game.
pub fn record_counters(record: &GameRecord) -> Counters {
    let stats = game_stats(record);
    let final_game = record.final_game();
    // A Fair game's board is the layout it ended on, as for its 3BV.
    let layout = final_game.layout().unwrap_or(record.mines());
    let zini = zini(record.width(), record.height(), layout);
    counters_of(
        stats,
        record.width(),
        record.height(),
        record.n_mines(),
        zini,
    )
}

/// The counters from the statistics, by ms_toollib's definitions.
fn counters_of(
    stats: GameStats,
    width: usize,
    height: usize,
    mines: usize,
    zini: Result<Zini, ZiniError>,
) -> Counters {
    let solved = stats.bbbv_solved as f64;
    let clicks = stats.clicks.total() as f64;
    let effective = stats.clicks.effective() as f64;
    let seconds = stats.time_ms as f64 / 1000.0;
    let per = |a: f64, b: f64| (b > 0.0).then(|| a / b);
    let constant = stnb_constant(width, height, mines);
    let stnb = constant
        .filter(|_| seconds > 0.0 && stats.board.bbbv > 0)
        .map(|c| c * solved / seconds.powf(1.7) * (solved / stats.board.bbbv as f64).powf(0.5));
    Counters {
        ioe: per(solved, clicks),
        rqp: per(seconds * seconds, solved),
        stnb,
        thrp: per(solved, effective),
        corr: per(effective, clicks),
        zini,
        stats,
        stnb_defined: constant.is_some(),
    }
}

/// ms_toollib's getters at the end of the replayed file; `None` when one panics.
pub(crate) fn program_counters(video: &mut Video) -> Option<ProgramCounters> {
    guarded(|| {
        // A file's video is in its display state: the getters read the event at the current
        // time, so it is moved to the end (clamped to the program's time, as ms_toollib's own
        // tests do with `set_current_time(999.99)`).
        video.set_current_time(f64::from(u32::MAX));
        let defined = stnb_constant(video.width, video.height, video.mine_num).is_some();
        ProgramCounters {
            ioe: video.get_ioe().unwrap_or(0.0),
            rqp: video.get_rqp().ok().filter(|r| r.is_finite()),
            stnb: video.get_stnb().ok().filter(|_| defined),
            thrp: video.get_thrp().unwrap_or(0.0),
            corr: video.get_corr().unwrap_or(0.0),
            path: video.get_path(),
            openings: video.static_params.op,
            islands: video.static_params.isl,
            hzini: video.static_params.hzini,
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use mineseer_core::record::{RawMove, RawRecord, RECORD_FORMAT, RECORD_VERSION_NORMAL};

    /// `1 * 1 .`: a lone 1 at (0,0), a mine at (1,0), and a 1 beside an opening of one zero.
    fn record(moves: &[(&str, i64, u64)]) -> GameRecord {
        GameRecord::new(RawRecord {
            format: RECORD_FORMAT.into(),
            version: RECORD_VERSION_NORMAL,
            width: 4,
            height: 1,
            mines: 1,
            rule: "safe".into(),
            seed: None,
            layout: vec![(1, 0)],
            moves: moves
                .iter()
                .map(|&(op, x, t)| RawMove {
                    op: op.into(),
                    x,
                    y: 0,
                    t: t as i64,
                })
                .collect(),
            origin: None,
            mode: None,
            redraws: Vec::new(),
        })
        .unwrap()
    }

    #[test]
    fn counted_by_hand() {
        // 3BV 2 (the opening at x=3 with its border, and the lone 1 at x=0). Four clicks, the
        // flag and a reveal of an open cell did something only once: a flag placed, then
        // the open cell clicked again (nothing).
        let r = record(&[
            ("reveal", 3, 0),
            ("flag", 1, 500),
            ("reveal", 3, 1000),
            ("reveal", 0, 2000),
        ]);
        let c = record_counters(&r);
        assert_eq!((c.stats.board.bbbv, c.stats.bbbv_solved), (2, 2));
        assert_eq!((c.stats.clicks.total(), c.stats.clicks.effective()), (4, 3));
        assert_eq!(c.ioe, Some(0.5));
        assert_eq!(c.corr, Some(0.75));
        assert_eq!(c.thrp, Some(2.0 / 3.0));
        // 2 s: 4 s² over 2 3BV.
        assert_eq!(c.rqp, Some(2.0));
        assert_eq!(c.stnb, None, "a 4x1 board has no STNB");
        let z = c.zini.as_ref().unwrap();
        assert_eq!(z.zini, 2);
        assert_eq!(c.zini_of_clicks(), Some(0.5));
    }

    #[test]
    fn a_lost_game_has_no_ratio_to_zini() {
        let c = record_counters(&record(&[("reveal", 3, 0), ("reveal", 1, 700)]));
        assert_eq!(c.stats.result, mineseer_core::clicks::GameResult::Lost);
        assert!(c.zini.is_ok());
        assert_eq!(c.zini_of_clicks(), None);
        assert_eq!(c.ioe, Some(0.5));
    }

    #[test]
    fn one_click_in_no_time_has_no_rates() {
        let c = record_counters(&record(&[("reveal", 3, 0)]));
        assert_eq!((c.rqp, c.stnb), (Some(0.0), None));
        let none = record_counters(&record(&[]));
        assert_eq!(
            (none.ioe, none.corr, none.thrp, none.rqp),
            (None, None, None, None)
        );
    }

    #[test]
    fn stnb_is_defined_on_the_three_levels_only() {
        assert_eq!(stnb_constant(8, 8, 10), Some(36.0));
        assert_eq!(stnb_constant(16, 16, 40), Some(162.0));
        assert_eq!(stnb_constant(30, 16, 99), Some(435.0));
        assert_eq!(stnb_constant(16, 30, 99), None);
        assert_eq!(stnb_constant(9, 9, 10), None);
    }
}
