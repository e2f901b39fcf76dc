//! Chord hints (Analyze's "Clicks"): each revealed number where flagging its unflagged certain
//! mines and chording opens its safe neighbours in fewer clicks than clicking them one by one,
//! with the clicks saved, and the efficient style's next click.
//!
//! The gain of a number is counted as a player counts it on the board as it stands: its hidden
//! neighbours are each a certain mine or certainly safe (else a chord is a gamble or shows
//! nothing), and chording costs one click plus a flag on each certain mine not flagged yet,
//! against one click per safe neighbour. A flag the analysis does not prove a mine (a wrong
//! flag) rules the number out: its chord could open a mine. Whether a cascade would open some
//! of those neighbours for free is not counted here: that is what the efficient style's next
//! click weighs ([`super::StylePlayer`]).

use crate::board::{Board, Cell};
use crate::engine::probability::solve_board;
use crate::error::SolveError;
use crate::review::without_flags;

use super::config::PlayerConfig;
use super::efficient::{Style, StylePlayer};
use super::moves::Move;
use super::view::ProbabilityView;

/// A number worth chording.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ChordHint {
    /// Column of the number.
    pub x: usize,
    /// Row of the number.
    pub y: usize,
    /// Its safe hidden neighbours, which the chord opens.
    pub opens: usize,
    /// Its certain mines not yet flagged, which the chord needs flagged first.
    pub flags: usize,
    /// The clicks saved: `opens - flags - 1`, more than 0.
    pub gain: usize,
}

/// The chord hints of a position and the efficient style's next click on it.
#[derive(Debug, Clone, PartialEq)]
pub struct ClickHints {
    /// The numbers whose chord saves clicks, in board order.
    pub chords: Vec<ChordHint>,
    /// The efficient style's next click (a reveal, a flag or a chord; the normal player's move
    /// where nothing is certain), `None` when nothing is left to play.
    pub next: Option<Move>,
}

/// The chord hints of `board` (the player's view, flags and all) and the efficient style's
/// next click, as a fresh player of that style plays it.
pub fn click_hints(board: &Board, config: &PlayerConfig) -> Result<ClickHints, SolveError> {
    let next = StylePlayer::new(Style::Efficient).next_move(board, config)?;
    Ok(ClickHints {
        chords: chord_hints(board, config)?,
        next,
    })
}

/// The numbers of `board` whose chord saves clicks (see the module's header).
pub fn chord_hints(board: &Board, config: &PlayerConfig) -> Result<Vec<ChordHint>, SolveError> {
    let any_revealed = board.cells().iter().any(|c| matches!(c, Cell::Revealed(_)));
    if !any_revealed || !board.cells().iter().any(|c| c.is_unrevealed()) {
        return Ok(Vec::new());
    }
    let seen = without_flags(board);
    let analysis = solve_board(&seen, &config.solve)?;
    let view = ProbabilityView::new(&seen, &analysis);
    let mut hints = Vec::new();
    'numbers: for n in board.indices() {
        if !matches!(board.cell(n), Cell::Revealed(k) if k > 0) {
            continue;
        }
        let (mut opens, mut flags) = (0, 0);
        for v in board.neighbours(n) {
            match board.cell(v) {
                Cell::Revealed(_) => {}
                Cell::Flag if view.is_certain_mine(v) => {}
                _ if view.is_certain_mine(v) => flags += 1,
                Cell::Hidden | Cell::HiddenMine | Cell::HiddenSafe if view.is_certain_safe(v) => {
                    opens += 1
                }
                _ => continue 'numbers,
            }
        }
        if opens > flags + 1 {
            let (x, y) = board.xy(n);
            hints.push(ChordHint {
                x,
                y,
                opens,
                flags,
                gain: opens - flags - 1,
            });
        }
    }
    Ok(hints)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::parse_position;
    use crate::game::FirstClickRule;
    use crate::player::{Action, Level};

    fn hints(text: &str) -> ClickHints {
        let board = parse_position(text).unwrap();
        click_hints(
            &board,
            &PlayerConfig::new(Level::Full, FirstClickRule::Safe),
        )
        .unwrap()
    }

    fn gains(h: &ClickHints) -> Vec<(usize, usize, usize)> {
        h.chords.iter().map(|c| (c.x, c.y, c.gain)).collect()
    }

    #[test]
    fn a_chord_that_saves_nothing_is_not_shown() {
        //   H H H     one mine in all. (0,1) sees (0,0),(1,0); (2,1) sees (1,0),(2,0): the
        //   1 1 1     mine is (1,0), (0,0) and (2,0) are safe. Chording the 1 at (1,1) takes
        //   0 0 0     a flag and the chord for its two safe cells: gain 0, not shown.
        let h = hints("3x3x1\nHHH\n111\n000\n");
        assert_eq!(gains(&h), vec![]);
        // Two clicks either way: the efficient style takes the flag and the chord (its flag
        // may serve later chords), and never more clicks than the cells' own.
        let next = h.next.unwrap();
        assert_eq!((next.action, next.x, next.y), (Action::Flag, 1, 0));
    }

    #[test]
    fn a_flagged_mine_makes_the_chord_pay() {
        // As above with the mine flagged: chording (1,1) opens (0,0) and (2,0) for one click,
        // gain 1; (0,1) and (2,1) open one cell each for one click, gain 0.
        let h = hints("3x3x1\nHFH\n111\n000\n");
        assert_eq!(gains(&h), vec![(1, 1, 1)]);
        assert_eq!((h.chords[0].opens, h.chords[0].flags), (2, 0));
    }

    #[test]
    fn a_wide_row_counts_flags_against_cells() {
        //   H H H H H     one mine in all; the 0s at the ends make (0,0), (1,0), (3,0) and
        //   0 1 1 1 0     (4,0) safe, so the mine is (2,0). Each 1 sees two safe cells and
        //                 the mine: a flag and a chord for two cells, gain 0.
        let h = hints("5x2x1\nHHHHH\n01110\n");
        assert_eq!(gains(&h), vec![]);
        // Flag the mine: each 1 now opens its two safe cells with one click: gain 1 each.
        let h = hints("5x2x1\nHHFHH\n01110\n");
        assert_eq!(gains(&h), vec![(1, 1, 1), (2, 1, 1), (3, 1, 1)]);
    }

    #[test]
    fn an_uncertain_neighbour_or_a_wrong_flag_rules_a_number_out() {
        // Two mines among four hidden cells under 1 1: nothing is certain around the 1s.
        let h = hints("4x2x2\nHHHH\n1HH1\n");
        assert_eq!(gains(&h), vec![]);
        // One mine in all: (0,1) and (2,1) put it at (1,0), so the flag at (0,0) is wrong.
        // The 1s beside that flag are not suggested (their chord would open the mine), and
        // the 1 at (2,1) opens one cell for a flag and a chord.
        let h = hints("3x2x1\nFHH\n111\n");
        assert_eq!(gains(&h), vec![]);
    }
}
