//! The JSON both front ends read and write, in one place so that `mineseer review --json` and
//! the page's review have the same keys, and a record the page exports reads the same in the
//! CLI:
//! - [`RecordJson`]: a game record (`mineseer-game`, version 1, or 2 with a mode) as its file holds it; the core
//!   checks everything past the JSON's shape ([`RecordJson::check`]).
//! - [`StatsJson`]: a game's 3BV, clicks, efficiency and time.
//! - [`ReviewJson`]: the move-by-move review, with the statistics.
//! - [`PlanJson`] and [`EstimateJson`]: the endgame estimate's candidates and figures
//!   (`mineseer endgame`'s `"estimate"` and the page's Endgame).
//! - [`WinPointJson`]: a point of a game's win-chance line (`mineseer review --win-chances`
//!   and the page's review).
//!
//! - [`HintJson`]: a hint, its proof and its sentence (`mineseer hint --json` and the page's
//!   Hint).
//! - [`ClickHintsJson`]: the chord hints and the efficient style's next click (`mineseer
//!   analyze --clicks` and the page's Analyze "Clicks").
//!
//! The core knows no serde: these are plain mirrors of its types, with fractions as `f64`
//! and names as text.

use mineseer_core::clicks::GameStats;
use mineseer_core::estimate::{CandidateKind, Estimate, Plan};
use mineseer_core::player::Level;
use mineseer_core::record::{GameRecord, RawMove, RawRecord, RawRedraw, RecordError, RecordOrigin};
use mineseer_core::review::{MoveReview, Review};
use mineseer_core::win_line::{WinChance, WinPoint};
use mineseer_core::Fraction;
use serde::{Deserialize, Serialize};

mod clicks;
mod hint;
pub use clicks::{action_name, ChordHintJson, ClickHintsJson, NextClickJson};
pub use hint::{HintJson, HintsJson};

/// A record as its JSON holds it (`mineseer-game`, version 1, or 2 with a mode).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RecordJson {
    /// `mineseer-game`.
    pub format: String,
    /// 1 for a normal game, 2 for a game with a training mode.
    pub version: u64,
    /// Columns.
    pub width: u64,
    /// Rows.
    pub height: u64,
    /// Mines.
    pub mines: u64,
    /// The first-click rule's name.
    pub rule: String,
    /// The seed, when the game had one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seed: Option<SeedJson>,
    /// Every mine as `[x, y]`.
    pub layout: Vec<(i64, i64)>,
    /// The clicks, in order.
    pub moves: Vec<MoveJson>,
    /// Where the game came from, for a game played in another program (read from its replay).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub origin: Option<OriginJson>,
    /// The training mode: `normal` (when absent), `hardcore` or `fair`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mode: Option<String>,
    /// A Fair game's redraws, in move order.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub redraws: Vec<RedrawJson>,
}

/// A Fair redraw: the layout laid just before a move revealed its cells.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RedrawJson {
    /// The move (0-based index into `moves`).
    #[serde(rename = "move")]
    pub move_index: i64,
    /// Every mine of the new layout as `[x, y]`.
    pub layout: Vec<(i64, i64)>,
}

/// Where a game played in another program came from.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct OriginJson {
    /// The program, as its replay names it.
    pub program: String,
    /// The replay's format: `avf`, `rmv`, `mvf` or `evf`.
    pub file_format: String,
    /// The player's name.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub player: Option<String>,
    /// When the game started, `YYYY-MM-DDTHH:MM:SSZ`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub date: Option<String>,
}

/// A seed: text is what Mineseer writes (a 64-bit seed does not fit a JavaScript number);
/// a whole number is what a person may type.
///
/// Read by hand rather than with `#[serde(untagged)]`, which accepts the same two forms but
/// buffers the value through serde's generic `Content` first: that code cost the page's
/// solver module 1,497 bytes gzipped (docs/journal/page.md, twenty-fifth session).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(untagged)]
pub enum SeedJson {
    /// In decimal.
    Text(String),
    /// As a JSON number.
    Number(u64),
}

impl<'de> Deserialize<'de> for SeedJson {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<SeedJson, D::Error> {
        deserializer.deserialize_any(SeedVisitor)
    }
}

/// Accepts a string or a whole number from 0 to `u64::MAX`, as the untagged enum did.
struct SeedVisitor;

impl serde::de::Visitor<'_> for SeedVisitor {
    type Value = SeedJson;

    fn expecting(&self, formatter: &mut std::fmt::Formatter) -> std::fmt::Result {
        formatter.write_str("a seed: a string, or a whole number from 0 to 2^64 - 1")
    }

    fn visit_str<E: serde::de::Error>(self, text: &str) -> Result<SeedJson, E> {
        Ok(SeedJson::Text(text.to_owned()))
    }

    fn visit_string<E: serde::de::Error>(self, text: String) -> Result<SeedJson, E> {
        Ok(SeedJson::Text(text))
    }

    fn visit_u64<E: serde::de::Error>(self, n: u64) -> Result<SeedJson, E> {
        Ok(SeedJson::Number(n))
    }

    fn visit_i64<E: serde::de::Error>(self, n: i64) -> Result<SeedJson, E> {
        u64::try_from(n)
            .map(SeedJson::Number)
            .map_err(|_| E::invalid_value(serde::de::Unexpected::Signed(n), &self))
    }
}

/// One recorded click.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct MoveJson {
    /// `reveal`, `flag`, `unflag` or `chord`.
    pub op: String,
    /// Column.
    pub x: i64,
    /// Row.
    pub y: i64,
    /// Milliseconds since the first click.
    pub t: i64,
}

impl RecordJson {
    /// The JSON form of a checked record.
    pub fn from_record(record: &GameRecord) -> RecordJson {
        let raw = record.to_raw();
        RecordJson {
            format: raw.format,
            version: raw.version,
            width: raw.width,
            height: raw.height,
            mines: raw.mines,
            rule: raw.rule,
            seed: raw.seed.map(SeedJson::Text),
            layout: raw.layout,
            moves: raw
                .moves
                .into_iter()
                .map(|m| MoveJson {
                    op: m.op,
                    x: m.x,
                    y: m.y,
                    t: m.t,
                })
                .collect(),
            origin: raw.origin.map(|o| OriginJson {
                program: o.program,
                file_format: o.file_format,
                player: o.player,
                date: o.date,
            }),
            mode: raw.mode,
            redraws: raw
                .redraws
                .into_iter()
                .map(|r| RedrawJson {
                    move_index: r.move_index,
                    layout: r.layout,
                })
                .collect(),
        }
    }

    /// Checks it: the core's checks and messages (a mine off the board, a move that could
    /// not have been played, ...).
    pub fn check(self) -> Result<GameRecord, RecordError> {
        GameRecord::new(RawRecord {
            format: self.format,
            version: self.version,
            width: self.width,
            height: self.height,
            mines: self.mines,
            rule: self.rule,
            seed: self.seed.map(|seed| match seed {
                SeedJson::Text(text) => text,
                SeedJson::Number(n) => n.to_string(),
            }),
            layout: self.layout,
            moves: self
                .moves
                .into_iter()
                .map(|m| RawMove {
                    op: m.op,
                    x: m.x,
                    y: m.y,
                    t: m.t,
                })
                .collect(),
            origin: self.origin.map(|o| RecordOrigin {
                program: o.program,
                file_format: o.file_format,
                player: o.player,
                date: o.date,
            }),
            mode: self.mode,
            redraws: self
                .redraws
                .into_iter()
                .map(|r| RawRedraw {
                    move_index: r.move_index,
                    layout: r.layout,
                })
                .collect(),
        })
    }
}

/// A game's statistics.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct StatsJson {
    /// `won`, `lost` or `unfinished`.
    pub result: &'static str,
    /// 3BV of the layout.
    pub bbbv: usize,
    /// 3BV solved (all of it when won).
    pub bbbv_solved: usize,
    /// Openings.
    pub openings: usize,
    /// Islands.
    pub islands: usize,
    /// Clicks by kind.
    pub clicks: ClicksJson,
    /// 3BV solved / clicks; `null` without clicks.
    pub efficiency: Option<f64>,
    /// Milliseconds from the first click to the last of the game.
    pub time_ms: u64,
    /// 3BV solved per second; `null` when no time passed.
    pub bbbv_per_s: Option<f64>,
}

/// Clicks by kind, and those that did something.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ClicksJson {
    /// Reveals.
    pub left: usize,
    /// Reveals that opened something.
    pub left_effective: usize,
    /// Flags placed or removed.
    pub right: usize,
    /// Right clicks that changed a flag.
    pub right_effective: usize,
    /// Chords.
    pub chord: usize,
    /// Chords that opened something.
    pub chord_effective: usize,
    /// Every click.
    pub total: usize,
    /// Every click that did something.
    pub effective: usize,
}

impl StatsJson {
    /// The JSON form of the core's statistics.
    pub fn new(stats: &GameStats) -> StatsJson {
        let c = &stats.clicks;
        StatsJson {
            result: stats.result.name(),
            bbbv: stats.board.bbbv,
            bbbv_solved: stats.bbbv_solved,
            openings: stats.board.openings,
            islands: stats.board.islands,
            clicks: ClicksJson {
                left: c.left,
                left_effective: c.left_effective,
                right: c.right,
                right_effective: c.right_effective,
                chord: c.chord,
                chord_effective: c.chord_effective,
                total: c.total(),
                effective: c.effective(),
            },
            efficiency: stats.efficiency(),
            time_ms: stats.time_ms,
            bbbv_per_s: stats.bbbv_per_second(),
        }
    }
}

/// A cell.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct CellJson {
    /// Column.
    pub x: usize,
    /// Row.
    pub y: usize,
}

/// One move of a review (absent fields are left out).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct MoveReviewJson {
    /// Index in the record.
    pub i: usize,
    /// The op.
    pub op: &'static str,
    /// Column.
    pub x: usize,
    /// Row.
    pub y: usize,
    /// Milliseconds since the first click.
    pub t: u64,
    /// The move's class.
    pub kind: &'static str,
    /// The chance the move was safe.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub safety: Option<f64>,
    /// The best safety of a single reveal.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub best_safety: Option<f64>,
    /// A cell with the best safety.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub best: Option<CellJson>,
    /// Cells certainly safe.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub safe_available: Option<usize>,
    /// A guess in a forced guess (a group no reveal can settle); present only when true.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub forced: bool,
    /// Fair mode: the mines were drawn again before this move; present only when true.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub redraw: bool,
    /// Win chance under best play before the move.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub win_before: Option<f64>,
    /// The endgame solver's best move.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub win_best: Option<CellJson>,
    /// For a reveal: the win chance of the move played (the cell revealed, then best play).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub win_move: Option<f64>,
    /// Win chance under best play after the move.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub win_after: Option<f64>,
}

/// A review: the statistics, the moves, the summary.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ReviewJson {
    /// The statistics (`result`, `bbbv`, `openings`, `clicks`, `efficiency`, ...).
    #[serde(flatten)]
    pub stats: StatsJson,
    /// One per recorded move.
    pub moves: Vec<MoveReviewJson>,
    /// Moves of kind `guess`.
    pub guesses: usize,
    /// Moves of kind `blunder`.
    pub blunders: usize,
    /// Product of the risky moves' safeties.
    pub luck: f64,
    /// That over the product of the best safeties.
    pub accuracy: f64,
}

impl ReviewJson {
    /// The JSON form of a core review.
    pub fn new(review: &Review) -> ReviewJson {
        ReviewJson {
            stats: StatsJson::new(&review.stats),
            moves: review
                .moves
                .iter()
                .enumerate()
                .map(|(i, m)| MoveReviewJson::new(i, m))
                .collect(),
            guesses: review.guesses,
            blunders: review.blunders,
            luck: review.luck.to_f64(),
            accuracy: review.accuracy.to_f64(),
        }
    }
}

impl MoveReviewJson {
    /// The JSON form of the review of move `i`.
    pub fn new(i: usize, m: &MoveReview) -> MoveReviewJson {
        let f = |v: &Option<Fraction>| v.as_ref().map(Fraction::to_f64);
        let cell = |v: Option<(usize, usize)>| v.map(|(x, y)| CellJson { x, y });
        MoveReviewJson {
            i,
            op: m.played.op.name(),
            x: m.played.x,
            y: m.played.y,
            t: m.played.t,
            kind: m.kind.name(),
            safety: f(&m.safety),
            best_safety: f(&m.best_safety),
            best: cell(m.best),
            safe_available: m.safe_available,
            forced: m.forced,
            redraw: m.redraw,
            win_before: f(&m.win_before),
            win_best: cell(m.win_best),
            win_move: f(&m.win_move),
            win_after: f(&m.win_after),
        }
    }
}

/// The name of a player level in the JSON: `"full"` or `"fast"`.
pub fn level_name(level: Level) -> &'static str {
    match level {
        Level::Full => "full",
        Level::Fast => "fast",
    }
}

/// A player level from its JSON name.
pub fn level_from_name(name: &str) -> Option<Level> {
    match name {
        "full" => Some(Level::Full),
        "fast" => Some(Level::Fast),
        _ => None,
    }
}

fn kind_name(kind: CandidateKind) -> &'static str {
    match kind {
        CandidateKind::Player => "player",
        CandidateKind::Guess => "guess",
        CandidateKind::Safest => "safest",
        CandidateKind::Asked => "asked",
    }
}

/// One candidate of a plan.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct PlannedJson {
    /// Column.
    pub x: usize,
    /// Row.
    pub y: usize,
    /// Why it is a candidate: `player` (the auto-player's move), `guess` (its next best by
    /// its score), `safest`, or `asked`.
    pub kind: &'static str,
    /// The exact chance that the cell is safe, nearest `f64`.
    pub safety: f64,
}

/// The candidates of an estimate, known before any rollout.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct PlanJson {
    /// The player level of the rollouts: `full` or `fast`.
    pub policy: &'static str,
    /// The auto-player's move is certainly safe (and so a best move).
    pub certain: bool,
    /// The auto-player's move.
    pub player: CellJson,
    /// Every candidate, the auto-player's move first.
    pub candidates: Vec<PlannedJson>,
}

impl PlanJson {
    /// The JSON form of a plan whose rollouts are played at `level`.
    pub fn new(plan: &Plan, level: Level) -> PlanJson {
        let (x, y) = plan.player_move();
        PlanJson {
            policy: level_name(level),
            certain: plan.is_certain(),
            player: CellJson { x, y },
            candidates: plan
                .candidates()
                .iter()
                .map(|c| PlannedJson {
                    x: c.x,
                    y: c.y,
                    kind: kind_name(c.kind),
                    safety: c.safety,
                })
                .collect(),
        }
    }
}

/// One candidate's estimated figures.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct CandidateJson {
    /// Column.
    pub x: usize,
    /// Row.
    pub y: usize,
    /// Why it is a candidate (see [`PlannedJson::kind`]).
    pub kind: &'static str,
    /// The exact chance that the cell is safe, nearest `f64`.
    pub safety: f64,
    /// Layouts won after this move.
    pub wins: u64,
    /// Layouts played.
    pub games: u64,
    /// `wins / games`.
    pub win: f64,
    /// The 95 % Wilson interval of the win chance.
    pub lo: f64,
    /// Its upper end.
    pub hi: f64,
    /// This move's win chance minus the top candidate's, paired over the same layouts.
    pub diff: f64,
    /// The paired difference's 95 % interval.
    pub diff_lo: f64,
    /// Its upper end.
    pub diff_hi: f64,
}

/// An estimate: the position's win chance (the top candidate's, with its interval), the move
/// to play, and every candidate's figures.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct EstimateJson {
    /// The player level of the rollouts: `full` or `fast`.
    pub policy: &'static str,
    /// Layouts played (each by every candidate).
    pub rollouts: u64,
    /// The seed of the layouts.
    pub seed: u64,
    /// The estimated win chance: "this move, then the auto-player" for the top candidate, so
    /// best play wins at least about this.
    pub win: f64,
    /// The 95 % interval of the win chance.
    pub win_lo: f64,
    /// Its upper end.
    pub win_hi: f64,
    /// The move to play.
    pub best: CellJson,
    /// The top candidate and the auto-player's move are not told apart by their paired
    /// interval; the auto-player's move is then the one to play.
    pub about_equal: bool,
    /// The auto-player's move is certainly safe.
    pub certain: bool,
    /// Every candidate, the auto-player's move first.
    pub candidates: Vec<CandidateJson>,
}

impl EstimateJson {
    /// The JSON form of an estimate of `plan` played at `level` from `seed`.
    pub fn new(plan: &Plan, estimate: &Estimate, level: Level, seed: u64) -> EstimateJson {
        let (win, win_lo, win_hi) = estimate.win();
        let best = &estimate.candidates[estimate.best].candidate;
        EstimateJson {
            policy: level_name(level),
            rollouts: estimate.games,
            seed,
            win,
            win_lo,
            win_hi,
            best: CellJson {
                x: best.x,
                y: best.y,
            },
            about_equal: estimate.top != 0 && !estimate.separated,
            certain: plan.is_certain(),
            candidates: estimate
                .candidates
                .iter()
                .map(|c| CandidateJson {
                    x: c.candidate.x,
                    y: c.candidate.y,
                    kind: kind_name(c.candidate.kind),
                    safety: c.candidate.safety,
                    wins: c.wins,
                    games: c.games,
                    win: c.win,
                    lo: c.lo,
                    hi: c.hi,
                    diff: c.diff,
                    diff_lo: c.diff_lo,
                    diff_hi: c.diff_hi,
                })
                .collect(),
        }
    }
}

/// A win chance: `{"kind":"exact","win":p,"exact":"a/b"}` or
/// `{"kind":"estimate","win":p,"lo":lo,"hi":hi}`.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct WinChanceJson {
    /// `exact` or `estimate`.
    pub kind: &'static str,
    /// The chance, nearest `f64`.
    pub win: f64,
    /// An exact chance as a reduced fraction.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub exact: Option<String>,
    /// An estimate's 95 % interval.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub lo: Option<f64>,
    /// Its upper end.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub hi: Option<f64>,
}

impl WinChanceJson {
    /// The JSON form of a win chance.
    pub fn new(chance: &WinChance) -> WinChanceJson {
        match chance {
            WinChance::Exact(win) => WinChanceJson {
                kind: "exact",
                win: win.to_f64(),
                exact: Some(win.to_string()),
                lo: None,
                hi: None,
            },
            WinChance::Estimate { win, lo, hi } => WinChanceJson {
                kind: "estimate",
                win: *win,
                exact: None,
                lo: Some(*lo),
                hi: Some(*hi),
            },
        }
    }
}

/// The best move known at a point, with its win chance.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct BestWinJson {
    /// Column.
    pub x: usize,
    /// Row.
    pub y: usize,
    /// Its win chance.
    #[serde(flatten)]
    pub chance: WinChanceJson,
}

/// A point of the win-chance line: the start (`move` null) or a guess.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct WinPointJson {
    /// The index of the move in the record; `null` for the start.
    #[serde(rename = "move")]
    pub move_index: Option<usize>,
    /// The win chance before the move.
    pub win_before: WinChanceJson,
    /// The value of the move played: revealing it, then best play (exact) or the auto-player
    /// (estimate); `null` at the start.
    pub win_move: Option<WinChanceJson>,
    /// The best move known, with its win chance.
    pub win_best: BestWinJson,
}

impl WinPointJson {
    /// The JSON form of a point.
    pub fn new(point: &WinPoint) -> WinPointJson {
        WinPointJson {
            move_index: point.move_index,
            win_before: WinChanceJson::new(&point.before),
            win_move: point.played.as_ref().map(WinChanceJson::new),
            win_best: BestWinJson {
                x: point.best.0,
                y: point.best.1,
                chance: WinChanceJson::new(&point.best_win),
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use mineseer_core::review::{review_game, ReviewConfig};

    const RECORD: &str = r#"{"format":"mineseer-game","version":1,"width":5,"height":1,
        "mines":1,"rule":"safe","seed":7,"layout":[[2,0]],
        "moves":[{"op":"reveal","x":0,"y":0,"t":0},{"op":"flag","x":2,"y":0,"t":300},
                 {"op":"reveal","x":4,"y":0,"t":900}]}"#;

    #[test]
    fn a_record_reads_checks_and_writes_back() {
        let json: RecordJson = serde_json::from_str(RECORD).unwrap();
        let record = json.clone().check().unwrap();
        // A seed typed as a number is written back as text, as Mineseer writes every seed.
        let back = RecordJson::from_record(&record);
        assert_eq!(back.seed, Some(SeedJson::Text("7".into())));
        assert_eq!(back.moves, json.moves);
        assert_eq!(
            (back.width, back.height, &back.layout),
            (5, 1, &vec![(2, 0)])
        );
        let text = serde_json::to_string(&back).unwrap();
        assert!(text.contains(r#""seed":"7""#), "{text}");
        let again: RecordJson = serde_json::from_str(&text).unwrap();
        assert_eq!(again, back);
    }

    #[test]
    fn a_seed_is_text_or_a_whole_number_and_nothing_else() {
        let seed = |text: &str| serde_json::from_str::<SeedJson>(text);
        assert_eq!(seed(r#""42""#).unwrap(), SeedJson::Text("42".into()));
        assert_eq!(seed(r#""""#).unwrap(), SeedJson::Text(String::new()));
        assert_eq!(seed("0").unwrap(), SeedJson::Number(0));
        assert_eq!(
            seed("18446744073709551615").unwrap(),
            SeedJson::Number(u64::MAX)
        );
        for bad in ["-1", "1.5", "true", "null", "[7]", r#"{"seed":7}"#] {
            let err = seed(bad).unwrap_err().to_string();
            assert!(err.contains("a seed"), "{bad}: {err}");
        }
        // In a record, too: a bad seed is a clear error, not a panic.
        let bad = RECORD.replace(r#""seed":7"#, r#""seed":-7"#);
        let err = serde_json::from_str::<RecordJson>(&bad).unwrap_err();
        assert!(err.to_string().contains("a seed"), "{err}");
    }

    #[test]
    fn a_review_has_every_key() {
        let record: RecordJson = serde_json::from_str(RECORD).unwrap();
        let review = review_game(&record.check().unwrap(), &ReviewConfig::default()).unwrap();
        let json = serde_json::to_value(ReviewJson::new(&review)).unwrap();
        for key in [
            "result",
            "bbbv",
            "bbbv_solved",
            "openings",
            "islands",
            "clicks",
            "efficiency",
            "time_ms",
            "bbbv_per_s",
            "moves",
            "guesses",
            "blunders",
            "luck",
            "accuracy",
        ] {
            assert!(json.get(key).is_some(), "no {key} in {json}");
        }
        assert_eq!(json["result"], "won");
        assert_eq!(json["time_ms"], 900);
        let moves = json["moves"].as_array().unwrap();
        let kinds: Vec<&str> = moves.iter().map(|m| m["kind"].as_str().unwrap()).collect();
        assert_eq!(kinds, ["first", "flag", "certain"]);
        assert_eq!(moves[2]["t"], 900);
        assert_eq!(moves[2]["safety"], 1.0);
        // Absent fields are left out, and `forced` appears only when true.
        assert!(moves[1].get("safety").is_none() && moves[2].get("forced").is_none());
    }

    #[test]
    fn a_bad_record_says_why() {
        let mut json: RecordJson = serde_json::from_str(RECORD).unwrap();
        json.moves[0].x = 7;
        let err = json.check().unwrap_err().to_string();
        assert!(err.contains("outside the 5x1 board"), "{err}");
    }
}
