//! A replay's JSON, shared by `mineseer review --json` and the page: where the game came from,
//! the program's figures beside ours, and Metasweeper's comments. The record itself is
//! `mineseer-json`'s [`RecordJson`].

use mineseer_core::clicks::{game_stats, GameStats};
use mineseer_json::RecordJson;
use serde::Serialize;

use crate::counters::{record_counters, Counters, ProgramCounters};
use crate::{CommentKind, Replay};

/// A replay read: the record to review, and what the replay says of it.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ReadReplayJson {
    /// The game as our record (`mineseer-game`, with its `origin`).
    pub record: RecordJson,
    /// What the replay's program says.
    pub replay: ReplayJson,
    /// The players' counters, ours beside ms_toollib's on the file.
    pub counters: CountersJson,
}

/// What a replay's program says of the game.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ReplayJson {
    /// `avf`, `rmv`, `mvf` or `evf`.
    pub format: &'static str,
    /// The program that writes the format (`Minesweeper Arbiter`, ...).
    pub program: &'static str,
    /// The program's figures.
    pub reported: ReportedJson,
    /// Clicks the program counted off the board (they are not moves).
    pub clicks_off_board: usize,
    /// Metasweeper's comments on the moves.
    pub comments: Vec<CommentJson>,
    /// Our figures beside the program's, each difference with its reason.
    pub figures: Vec<FigureJson>,
}

/// The program's figures (as ms_toollib counts them).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ReportedJson {
    /// `won` or `lost`.
    pub result: &'static str,
    /// The program's time, ms.
    pub time_ms: u64,
    /// 3BV.
    pub bbbv: usize,
    /// 3BV solved.
    pub bbbv_solved: usize,
    /// 3BV solved per second of the program's time.
    pub bbbv_per_s: Option<f64>,
    /// Left clicks.
    pub left: usize,
    /// Right clicks.
    pub right: usize,
    /// Chords.
    pub double: usize,
    /// Every click.
    pub clicks: usize,
    /// Clicks that did something, as ms_toollib counts them (`ce`: a flag counts once per
    /// mine, a wrong flag never).
    pub effective: usize,
    /// 3BV solved / clicks.
    pub efficiency: Option<f64>,
    /// ZiNi by the greedy method of Zimmermann and Nikolaus, as ms_toollib computes it: an
    /// upper bound of the fewest clicks, not the minimum.
    pub greedy_zini: usize,
}

/// One of Metasweeper's comments.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct CommentJson {
    /// The move's index in the record.
    #[serde(rename = "move")]
    pub move_index: usize,
    /// `high-risk-guess` or `needless-guess`.
    pub kind: &'static str,
    /// For a high-risk guess: the survival chance Metasweeper gives.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub survival: Option<f64>,
}

/// One figure as ours and the program's, for the front ends to show side by side.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct FigureJson {
    /// The figure's name.
    pub name: &'static str,
    /// Ours, as text.
    pub ours: String,
    /// The program's, as text.
    pub program: String,
    /// Why they differ, when they do (empty when they agree).
    pub why: &'static str,
}

impl ReadReplayJson {
    /// The JSON of a replay read.
    pub fn new(replay: &Replay) -> ReadReplayJson {
        ReadReplayJson {
            record: RecordJson::from_record(&replay.record),
            replay: ReplayJson::new(replay),
            counters: CountersJson::of_replay(replay),
        }
    }
}

impl ReplayJson {
    /// The JSON of what a replay's program says.
    pub fn new(replay: &Replay) -> ReplayJson {
        let r = &replay.reported;
        let ratio = |a: usize, b: f64| (b > 0.0).then(|| a as f64 / b);
        ReplayJson {
            format: replay.format.extension(),
            program: replay.format.program(),
            reported: ReportedJson {
                result: if r.won { "won" } else { "lost" },
                time_ms: r.time_ms,
                bbbv: r.bbbv,
                bbbv_solved: r.bbbv_solved,
                bbbv_per_s: ratio(r.bbbv_solved * 1000, r.time_ms as f64),
                left: r.left,
                right: r.right,
                double: r.double,
                clicks: r.clicks(),
                effective: r.effective,
                efficiency: ratio(r.bbbv_solved, r.clicks() as f64),
                greedy_zini: r.greedy_zini,
            },
            clicks_off_board: replay.clicks_off_board,
            comments: replay
                .comments
                .iter()
                .map(|c| CommentJson {
                    move_index: c.move_index,
                    kind: c.kind.name(),
                    survival: match c.kind {
                        CommentKind::HighRiskGuess { survival } => Some(survival),
                        CommentKind::NeedlessGuess => None,
                    },
                })
                .collect(),
            figures: Vec::new(),
        }
        .with_figures(&game_stats(&replay.record))
    }

    /// With our figures beside the program's, each difference with its reason.
    fn with_figures(mut self, ours: &GameStats) -> ReplayJson {
        let r = &self.reported;
        let fixed = |v: Option<f64>, digits: usize| match v {
            Some(v) => format!("{v:.digits$}"),
            None => "-".to_string(),
        };
        let seconds = |ms: u64| format!("{:.3} s", ms as f64 / 1000.0);
        let figures = vec![
            FigureJson {
                name: "result",
                ours: ours.result.name().to_string(),
                program: r.result.to_string(),
                why: "a different end of the game",
            },
            FigureJson {
                name: "time",
                ours: seconds(ours.time_ms),
                program: seconds(r.time_ms),
                why: "ours runs from the first counted click to the last; the program's from its own start (Clone's clock shows more)",
            },
            FigureJson {
                name: "3BV",
                ours: ours.board.bbbv.to_string(),
                program: r.bbbv.to_string(),
                why: "the file's stated 3BV against the layout's",
            },
            FigureJson {
                name: "3BV solved",
                ours: ours.bbbv_solved.to_string(),
                program: r.bbbv_solved.to_string(),
                why: "a different end of the game",
            },
            FigureJson {
                name: "3BV/s",
                ours: fixed(ours.bbbv_per_second(), 3),
                program: fixed(r.bbbv_per_s, 3),
                why: "from the times above",
            },
            FigureJson {
                name: "clicks",
                ours: ours.clicks.total().to_string(),
                program: r.clicks.to_string(),
                why: "clicks off the board have no cell, so they are not moves",
            },
            FigureJson {
                name: "effective clicks",
                ours: ours.clicks.effective().to_string(),
                program: r.effective.to_string(),
                why: "ours: every click that changed the board; the program's (ce): a flag only the first time a mine gets one, never an unflag nor a flag on a safe cell",
            },
            FigureJson {
                name: "efficiency",
                ours: fixed(ours.efficiency().map(|e| e * 100.0), 1) + " %",
                program: fixed(r.efficiency.map(|e| e * 100.0), 1) + " %",
                why: "3BV solved / clicks",
            },
        ];
        // A reason is shown only where the two differ.
        self.figures = figures
            .into_iter()
            .map(|f| FigureJson {
                why: if f.ours == f.program { "" } else { f.why },
                ..f
            })
            .collect();
        self
    }
}

/// The players' counters of a game (`counters` in `mineseer review --json`, the page's review
/// and its end-of-game line): ZiNi and the ratio to it, and one row per counter.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct CountersJson {
    /// ZiNi of the layout played; `null` when not computed (`zini_error` says why).
    pub zini: Option<usize>,
    /// HZiNi; `null` with `zini`.
    pub hzini: Option<usize>,
    /// Why ZiNi was not computed.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub zini_error: Option<String>,
    /// ZiNi / clicks of a won game (1 plays as few clicks as ZiNi); `null` otherwise: a lost
    /// game's clicks cleared only part of the board ZiNi counts.
    pub zini_of_clicks: Option<f64>,
    /// Every click of the game (ours).
    pub clicks: usize,
    /// `won`, `lost` or `unfinished`.
    pub result: &'static str,
    /// One row per counter, in the order shown.
    pub rows: Vec<CounterJson>,
}

/// One counter: ours, and the program's for a replay.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct CounterJson {
    /// `ioe`, `rqp`, `stnb`, `thrp`, `corr`, `path`, `openings`, `islands`, `zini`, `hzini`.
    pub key: &'static str,
    /// The name players use.
    pub name: &'static str,
    /// Its unit, or what it counts.
    pub unit: &'static str,
    /// Ours, from the record; `null` with `missing`.
    pub ours: Option<f64>,
    /// ms_toollib's on a replay's file; `null` for our records and where it has none.
    pub program: Option<f64>,
    /// Why ours has no value ("not recorded: ...", "not defined: ..."); `null` when it has.
    pub missing: Option<String>,
    /// A whole count (openings, islands, ZiNi, HZiNi), shown without decimals; the others are
    /// ratios.
    pub count: bool,
}

/// Why a record has no path.
pub const PATH_NOT_RECORDED: &str =
    "not recorded: a Mineseer record holds the clicks, not the mouse's motion";
/// Why a board has no STNB.
pub const STNB_NOT_DEFINED: &str =
    "not defined: STNB is defined only for the rankings' boards, 8x8/10, 16x16/40 and 30x16/99";
/// Why a rate has no value.
const NOTHING_TO_COUNT: &str =
    "no value: nothing to divide by (no click, no time or no 3BV solved)";

impl CountersJson {
    /// The counters of a record of ours.
    pub fn of_record(record: &mineseer_core::record::GameRecord) -> CountersJson {
        CountersJson::new(&record_counters(record), None)
    }

    /// The counters of a replay: ours from its record, and ms_toollib's on its file.
    pub fn of_replay(replay: &Replay) -> CountersJson {
        let program = (&replay.program_counters, &replay.reported);
        CountersJson::new(&record_counters(&replay.record), Some(program))
    }

    fn new(
        c: &Counters,
        program: Option<(&ProgramCounters, &crate::ReportedFigures)>,
    ) -> CountersJson {
        let stats = &c.stats;
        let p = program.map(|(p, _)| p);
        let rate = |key, name, unit, ours: Option<f64>, program: Option<f64>| CounterJson {
            key,
            name,
            unit,
            ours,
            program,
            missing: ours.is_none().then(|| NOTHING_TO_COUNT.to_string()),
            count: false,
        };
        let count = |key, name, unit, ours: usize, program: Option<usize>| CounterJson {
            key,
            name,
            unit,
            ours: Some(ours as f64),
            program: program.map(|v| v as f64),
            missing: None,
            count: true,
        };
        let stnb_defined = c.stnb_defined;
        let mut rows = vec![
            rate(
                "ioe",
                "IOE",
                "3BV solved per click",
                c.ioe,
                p.map(|p| p.ioe),
            ),
            rate(
                "rqp",
                "RQP",
                "s² per 3BV (time / 3BV/s)",
                c.rqp,
                p.and_then(|p| p.rqp),
            ),
            CounterJson {
                missing: if stnb_defined {
                    c.stnb.is_none().then(|| NOTHING_TO_COUNT.to_string())
                } else {
                    Some(STNB_NOT_DEFINED.to_string())
                },
                ..rate("stnb", "STNB", "points", c.stnb, p.and_then(|p| p.stnb))
            },
            rate(
                "thrp",
                "Throughput",
                "3BV solved per effective click",
                c.thrp,
                p.map(|p| p.thrp),
            ),
            rate(
                "corr",
                "Correctness",
                "effective clicks per click",
                c.corr,
                p.map(|p| p.corr),
            ),
            CounterJson {
                key: "path",
                name: "Path",
                unit: "pixels of 16-pixel cells",
                ours: None,
                program: p.map(|p| p.path),
                missing: Some(PATH_NOT_RECORDED.to_string()),
                count: false,
            },
            count(
                "openings",
                "Openings",
                "groups of zeros",
                stats.board.openings,
                p.map(|p| p.openings),
            ),
            count(
                "islands",
                "Islands",
                "groups of numbers off the openings",
                stats.board.islands,
                p.map(|p| p.islands),
            ),
        ];
        let zini = c.zini.as_ref().ok();
        for (key, name, ours, theirs) in [
            (
                "zini",
                "ZiNi",
                zini.map(|z| z.zini),
                program.map(|(_, r)| r.greedy_zini),
            ),
            ("hzini", "HZiNi", zini.map(|z| z.hzini), p.map(|p| p.hzini)),
        ] {
            rows.push(CounterJson {
                key,
                name,
                unit: "estimated fewest clicks",
                ours: ours.map(|v| v as f64),
                program: theirs.map(|v| v as f64),
                missing: c.zini.as_ref().err().map(|e| e.to_string()),
                count: true,
            });
        }
        CountersJson {
            zini: zini.map(|z| z.zini),
            hzini: zini.map(|z| z.hzini),
            zini_error: c.zini.as_ref().err().map(|e| e.to_string()),
            zini_of_clicks: c.zini_of_clicks(),
            clicks: stats.clicks.total(),
            result: stats.result.name(),
            rows,
        }
    }
}
