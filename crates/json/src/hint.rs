//! The hint as both front ends print it (`mineseer hint --json` and the page's Hint).

use mineseer_core::deductions::Certainty;
use mineseer_core::hint::{CertainHint, Hint, HintError, HintErrorKind};
use mineseer_core::{Board, CellIdx};
use serde::Serialize;

use crate::CellJson;

/// One hint: `kind` is `"certain"` (a certain cell and its proof), `"guess"` (no cell is
/// certain: the safest guess and its mine chance `p`) or `"over"` (the game is over).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct HintJson {
    /// `"certain"`, `"guess"` or `"over"`.
    pub kind: &'static str,
    /// The hinted cell (absent when the game is over).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cell: Option<CellJson>,
    /// `"safe"` or `"mine"`, for a certain cell.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub certainty: Option<&'static str>,
    /// 1 (one number), 2 (two), 3 (three or more), 4 (needs the mines-left count).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub level: Option<u8>,
    /// The revealed numbers of the proof.
    pub proof: Vec<CellJson>,
    /// Whether the proof needs the mines-left count.
    pub uses_count: bool,
    /// The guess's chance of a mine.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub p: Option<f64>,
    /// The hint in words.
    pub text: String,
}

/// Every certain cell with its own proof (`mineseer hint --all --json`).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct HintsJson {
    /// In rank order.
    pub hints: Vec<HintJson>,
}

impl HintJson {
    /// A hint of `board`.
    pub fn new(board: &Board, hint: &Hint) -> HintJson {
        match hint {
            Hint::Certain(certain) => HintJson::certain(board, certain),
            Hint::Guess(guess) => HintJson {
                kind: "guess",
                cell: Some(cell(board, guess.cell)),
                certainty: None,
                level: None,
                proof: Vec::new(),
                uses_count: false,
                p: Some(guess.mine_chance.to_f64()),
                text: guess.text.clone(),
            },
        }
    }

    /// A certain cell's hint.
    pub fn certain(board: &Board, hint: &CertainHint) -> HintJson {
        HintJson {
            kind: "certain",
            cell: Some(cell(board, hint.cell)),
            certainty: Some(match hint.certainty {
                Certainty::Safe => "safe",
                Certainty::Mine => "mine",
            }),
            level: Some(hint.level.number()),
            proof: hint.proof.iter().map(|&n| cell(board, n)).collect(),
            uses_count: hint.uses_count,
            p: None,
            text: hint.text.clone(),
        }
    }

    /// The hint of a finished game, when that is why there is none; `None` for the other
    /// errors, which the front ends report as errors.
    pub fn over(error: &HintError) -> Option<HintJson> {
        matches!(error.kind(), HintErrorKind::GameOver).then(|| HintJson {
            kind: "over",
            cell: None,
            certainty: None,
            level: None,
            proof: Vec::new(),
            uses_count: false,
            p: None,
            text: "The game is over: every cell left unrevealed holds a mine.".into(),
        })
    }
}

fn cell(board: &Board, idx: CellIdx) -> CellJson {
    let (x, y) = board.xy(idx);
    CellJson { x, y }
}
