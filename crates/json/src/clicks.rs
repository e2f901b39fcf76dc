//! The chord hints as both front ends print them (`mineseer analyze --clicks --json`'s
//! `clicks` and the page's Analyze "Clicks").

use mineseer_core::player::{Action, ClickHints};
use serde::Serialize;

/// The numbers whose chord saves clicks and the efficient style's next click.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ClickHintsJson {
    /// The numbers whose chord saves clicks, in board order.
    pub chords: Vec<ChordHintJson>,
    /// The efficient style's next click; `null` when nothing is left to play.
    pub next: Option<NextClickJson>,
}

/// A number worth chording.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct ChordHintJson {
    /// Column.
    pub x: usize,
    /// Row.
    pub y: usize,
    /// The safe cells the chord opens.
    pub opens: usize,
    /// The flags it needs placed first.
    pub flags: usize,
    /// The clicks it saves over clicking its safe cells one by one.
    pub gain: usize,
}

/// The efficient style's next click.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct NextClickJson {
    /// Column.
    pub x: usize,
    /// Row.
    pub y: usize,
    /// `reveal`, `flag` or `chord`.
    pub action: &'static str,
}

impl ClickHintsJson {
    /// The JSON of the core's chord hints.
    pub fn from_hints(hints: &ClickHints) -> ClickHintsJson {
        ClickHintsJson {
            chords: hints
                .chords
                .iter()
                .map(|c| ChordHintJson {
                    x: c.x,
                    y: c.y,
                    opens: c.opens,
                    flags: c.flags,
                    gain: c.gain,
                })
                .collect(),
            next: hints.next.as_ref().map(|m| NextClickJson {
                x: m.x,
                y: m.y,
                action: action_name(m.action),
            }),
        }
    }
}

/// The name the JSON gives an action.
pub fn action_name(action: Action) -> &'static str {
    match action {
        Action::Reveal => "reveal",
        Action::Flag => "flag",
        Action::Chord => "chord",
    }
}
