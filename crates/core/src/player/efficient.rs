//! The play styles: how the certainly safe cells are opened. [`Style::Normal`] clicks each
//! one; [`Style::Efficient`] flags mines and chords where that saves clicks;
//! [`Style::NoFlagEfficient`] clicks only, openings first. The guesses never change.
//!
//! **Same guesses.** Every style asks the normal player ([`next_moves`]) at the same points:
//! its certain cells make a *batch*, opened before the next question, and every other move
//! (opening, forced guess, endgame, guess) is played as it is. The normal player is asked on
//! the board with our flags taken off, so it sees what it sees in `mineseer play`. A batch
//! opens the same cells whatever the order (each certain cell, with the zeros it cascades
//! into), so every style reaches the same position before every question, and the same
//! moves, outcomes and guesses follow, game by game.
//!
//! **Never more clicks.** Within a batch (`S` the certain safe cells, `M` the certain mines, as
//! one analysis found them), the efficient styles play, each time:
//! 1. a cell of `S` that is sure to be a zero (every neighbour revealed or in `S`): it opens
//!    its whole opening;
//! 2. (efficient only) the chord of best net gain, when not negative: on a revealed number
//!    whose hidden neighbours are all in `S` or `M`, its unflagged mines are flagged one by one
//!    and it is chorded. Its *net gain* counts every hidden cell of `S` it opens, less its
//!    flags still to place and the chord. Of those cells, the *never-free* ones (each
//!    neighbour is revealed, a mine, or beside a mine, so no cascade can ever open them) each
//!    cost the normal style a click of its own; the others may be opened by a cascade for
//!    free. So a chord can cost at most its *risk*, its flags and chord less its never-free
//!    cells, more than the normal style. A chord with no risk is played when it saves
//!    something or nothing (its flags make the next chords cheaper); a chord with a risk only
//!    when the risk fits in the *budget*: the clicks saved on the normal style so far, counted
//!    exactly at the end of each batch (the normal style's clicks on it are then known: its
//!    cells in board order, each clicked unless a cascade opened it first), less what the
//!    chords of this batch may still have cost (each chord's clicks less the cells it opened
//!    that the normal style is by now sure to click: no neighbour of them is a zero);
//! 3. a never-free cell of `S` (the normal style clicks it too, whenever): for the efficient
//!    style the one whose own chord would then save the most;
//! 4. else the next cell of `S` in board order that is still hidden: the normal style's order.
//!
//! Each click of step 4 is one the normal style makes too (we have revealed at least what it
//! has at that point of its order); each zero of step 1 stands for the normal style's click on
//! that opening; each click of step 3 for its click on that cell; each chord and its flags for
//! the cells it opened that the normal style surely clicks, and for at most its clicks less
//! those more. These are distinct clicks of the
//! normal style, so a batch takes at most the risks taken in it more than the normal style's
//! clicks on it, which the clicks saved before it pay for: a game never takes more clicks than
//! the normal style's (`tests/integration/play_styles.rs` checks it game by game).
//!
//! Measured (docs/journal/efficiency.md): asking the engine again after every click and
//! counting every safe cell a chord opens as its gain reached 110 % efficiency on expert, but
//! took more clicks than the normal style on some games; this style reaches about 90 %, and
//! about 100 % without the budget (which then no longer proves anything).
//!
//! Clicks are counted as [`crate::clicks`] and the rankings count them: a reveal, a flag and a
//! chord are one click each. A normal-style click on a cell its batch already opened (a cascade
//! got there first) does nothing, and a player would not make it: it is not counted.

use crate::board::{Board, Cell, CellIdx};
use crate::error::SolveError;
use crate::game::{FirstClickRule, Game, GameState, MoveOutcome};
use crate::review::without_flags;

use super::config::PlayerConfig;
use super::moves::{Action, Move, Reason};
use super::{next_moves, PlayedGame};

/// How the player opens the cells it knows are safe.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Style {
    /// One click per safe cell, in board order (the player of `mineseer play`).
    #[default]
    Normal,
    /// Flags and chords where they save clicks, openings first.
    Efficient,
    /// No flags and no chords: openings first, then one click per cell.
    NoFlagEfficient,
}

impl Style {
    /// `normal`, `efficient` or `nf-efficient`.
    pub fn name(self) -> &'static str {
        match self {
            Style::Normal => "normal",
            Style::Efficient => "efficient",
            Style::NoFlagEfficient => "nf-efficient",
        }
    }

    /// The style of a name of [`Style::name`].
    pub fn from_name(name: &str) -> Option<Style> {
        [Style::Normal, Style::Efficient, Style::NoFlagEfficient]
            .into_iter()
            .find(|s| s.name() == name)
    }
}

/// The certain cells of one analysis, being opened.
#[derive(Debug, Clone)]
struct Batch {
    /// The certain safe cells, in board order (the normal style's click order).
    safe: Vec<CellIdx>,
    is_safe: Vec<bool>,
    is_mine: Vec<bool>,
    /// Every cell of `safe` before this one is revealed.
    next: usize,
    /// The chord being prepared: its flags are placed one move at a time.
    chord: Option<CellIdx>,
    /// Which cells were revealed when the batch began, to count the normal style's clicks
    /// on it once it is open.
    revealed_before: Vec<bool>,
    /// Our clicks on it so far.
    clicks: i64,
    /// The chords played on it: the clicks each took (flags and chord) and the cells it
    /// opened, to count how many of those the normal style is now sure to click.
    chords: Vec<(i64, Vec<CellIdx>)>,
}

/// A player of one [`Style`]: it keeps the batch it is opening between moves, so it plays one
/// click at a time (the page's steps) as it plays whole games.
#[derive(Debug, Clone)]
pub struct StylePlayer {
    style: Style,
    batch: Option<Batch>,
    /// The clicks saved on the normal style over the batches finished, counted exactly once
    /// each batch is open: what the chords may still risk.
    saved: i64,
}

impl StylePlayer {
    /// A player of `style`, before its first move.
    pub fn new(style: Style) -> StylePlayer {
        StylePlayer {
            style,
            batch: None,
            saved: 0,
        }
    }

    /// The style.
    pub fn style(&self) -> Style {
        self.style
    }

    /// The next click on `board` (the game's view, with the flags this player placed), or
    /// `None` when nothing is left to play. `config.flag_mines` is ignored: the style decides
    /// the flags.
    pub fn next_move(
        &mut self,
        board: &Board,
        config: &PlayerConfig,
    ) -> Result<Option<Move>, SolveError> {
        // Every style opens a whole batch before it asks again, as `play_game` does: that is
        // what keeps its clicks at most the normal style's (see the module's header).
        if let Some(mv) = self.batch_move(board) {
            return Ok(Some(mv));
        }
        if let Some(batch) = self.batch.take() {
            self.saved += normal_clicks(board, &batch) - batch.clicks;
        }
        let mut asked = config.clone();
        // The certain mines come back as flags; they do not change the other moves
        // (`certain.rs` only adds them to the list).
        asked.flag_mines = true;
        let moves = next_moves(&without_flags(board), &asked)?;
        let safe: Vec<CellIdx> = moves
            .iter()
            .filter(|m| m.action == Action::Reveal && m.reason == Reason::Certain)
            .filter_map(|m| board.idx(m.x, m.y))
            .collect();
        if safe.is_empty() {
            // No certain cell: the one move of the normal player (opening, forced guess,
            // endgame or guess), whatever the style.
            return Ok(moves.into_iter().find(|m| m.action == Action::Reveal));
        }
        let cells = board.cells().len();
        let mut is_safe = vec![false; cells];
        let mut is_mine = vec![false; cells];
        for &c in &safe {
            is_safe[c.0 as usize] = true;
        }
        for m in moves.iter().filter(|m| m.action == Action::Flag) {
            if let Some(c) = board.idx(m.x, m.y) {
                is_mine[c.0 as usize] = true;
            }
        }
        self.batch = Some(Batch {
            safe,
            is_safe,
            is_mine,
            next: 0,
            chord: None,
            revealed_before: board
                .cells()
                .iter()
                .map(|c| matches!(c, Cell::Revealed(_)))
                .collect(),
            clicks: 0,
            chords: Vec::new(),
        });
        Ok(self.batch_move(board))
    }

    /// The next click of the batch being opened, `None` once it is all open.
    fn batch_move(&mut self, board: &Board) -> Option<Move> {
        let mv = self.batch_click(board)?;
        if let Some(batch) = self.batch.as_mut() {
            batch.clicks += 1;
        }
        Some(mv)
    }

    fn batch_click(&mut self, board: &Board) -> Option<Move> {
        let style = self.style;
        let saved = self.saved;
        let batch = self.batch.as_mut()?;
        let hidden = |c: CellIdx| board.cell(c).is_unrevealed();
        while batch.next < batch.safe.len() && !hidden(batch.safe[batch.next]) {
            batch.next += 1;
        }
        if batch.next == batch.safe.len() {
            return None;
        }
        let certain = |action, c: CellIdx| {
            let (x, y) = board.xy(c);
            Some(Move {
                action,
                x,
                y,
                reason: Reason::Certain,
            })
        };
        if let Some(n) = batch.chord {
            let unflagged = board
                .neighbours(n)
                .find(|&v| batch.is_mine[v.0 as usize] && board.cell(v) != Cell::Flag);
            if let Some(mine) = unflagged {
                return certain(Action::Flag, mine);
            }
            batch.chord = None;
            return certain(Action::Chord, n);
        }
        if style == Style::Normal {
            return certain(Action::Reveal, batch.safe[batch.next]);
        }
        let sure_zero = |c: CellIdx| {
            board.neighbours(c).all(|v| {
                !board.cell(v).is_unrevealed() && board.cell(v) != Cell::Flag
                    || batch.is_safe[v.0 as usize]
            })
        };
        if let Some(&zero) = batch.safe[batch.next..]
            .iter()
            .find(|&&c| hidden(c) && sure_zero(c))
        {
            return certain(Action::Reveal, zero);
        }
        if style == Style::Efficient {
            let budget = saved - risked(board, batch);
            if let Some((n, value)) = best_chord(board, batch, budget) {
                let opens = board
                    .neighbours(n)
                    .filter(|&v| board.cell(v).is_unrevealed() && batch.is_safe[v.0 as usize])
                    .collect();
                batch.chords.push((value.cost, opens));
                batch.chord = Some(n);
                return self.batch_click(board);
            }
        }
        // A cell no cascade can open costs the normal style a click of its own, whenever it
        // is clicked: click first the one whose chord would then open the most.
        if let Some(c) = best_never_free(board, batch, style) {
            return certain(Action::Reveal, c);
        }
        certain(Action::Reveal, batch.safe[batch.next])
    }
}

/// Whether `c` can be opened only by a click or a chord of its own: none of its neighbours can
/// be a zero (each is revealed, a mine, or beside a mine).
fn never_free(board: &Board, batch: &Batch, c: CellIdx) -> bool {
    let mine = |v: CellIdx| batch.is_mine[v.0 as usize] || board.cell(v) == Cell::Flag;
    board.neighbours(c).all(|v| {
        matches!(board.cell(v), Cell::Revealed(_)) || mine(v) || board.neighbours(v).any(mine)
    })
}

/// The hidden cell of the batch that no cascade can open whose chord, once it is open, would
/// save the most (for the no-flag style, the first in board order).
fn best_never_free(board: &Board, batch: &Batch, style: Style) -> Option<CellIdx> {
    let mut best: Option<(i64, CellIdx)> = None;
    for &c in &batch.safe[batch.next..] {
        if !board.cell(c).is_unrevealed() || !never_free(board, batch, c) {
            continue;
        }
        if style != Style::Efficient {
            return Some(c);
        }
        let net = chord_net(board, batch, c).unwrap_or(i64::MIN);
        if best.is_none_or(|(b, _)| net > b) {
            best = Some((net, c));
        }
    }
    best.map(|(_, c)| c)
}

/// What chording on `n` would do to the batch.
#[derive(Debug, Clone, Copy)]
struct ChordValue {
    /// The hidden cells of the batch it opens.
    opens: i64,
    /// Of those, the cells no cascade can open (each costs the normal style a click).
    never_free: i64,
    /// Its flags still to place, and the chord.
    cost: i64,
}

impl ChordValue {
    /// The clicks it saves if none of the cells it opens would have been opened for free.
    fn net(self) -> i64 {
        self.opens - self.cost
    }

    /// The most clicks it can cost over the normal style: what its never-free cells do not
    /// pay for.
    fn risk(self) -> i64 {
        (self.cost - self.never_free).max(0)
    }
}

/// What chording on `n` would do; `None` when a hidden neighbour is neither in the batch nor a
/// certain mine, or when it opens nothing.
fn chord_value(board: &Board, batch: &Batch, n: CellIdx) -> Option<ChordValue> {
    let mut value = ChordValue {
        opens: 0,
        never_free: 0,
        cost: 1,
    };
    for v in board.neighbours(n) {
        match board.cell(v) {
            Cell::Revealed(_) => {}
            // A flag the analysis does not know for a mine (a player's wrong flag on the
            // page) would make the chord open a mine.
            Cell::Flag if !batch.is_mine[v.0 as usize] => return None,
            Cell::Flag => {}
            _ if batch.is_mine[v.0 as usize] => value.cost += 1,
            _ if batch.is_safe[v.0 as usize] => {
                value.opens += 1;
                value.never_free += i64::from(never_free(board, batch, v));
            }
            _ => return None,
        }
    }
    (value.opens > 0).then_some(value)
}

/// What chording on `n` would save counting only its never-free cells (see [`chord_value`]).
fn chord_net(board: &Board, batch: &Batch, n: CellIdx) -> Option<i64> {
    chord_value(board, batch, n)
        .filter(|v| v.never_free > 0)
        .map(|v| v.never_free - v.cost)
}

/// The revealed number whose chord saves the most clicks, with its risk, if one is worth
/// playing: a chord that cannot cost more than the normal style when its never-free cells pay
/// for it, or one that saves clicks unless cascades would have opened its cells, when its risk
/// fits in `budget` (first in board order among the best).
fn best_chord(board: &Board, batch: &Batch, budget: i64) -> Option<(CellIdx, ChordValue)> {
    let mut best: Option<((i64, i64), CellIdx, ChordValue)> = None;
    for n in board.indices() {
        if !matches!(board.cell(n), Cell::Revealed(k) if k > 0) {
            continue;
        }
        let Some(value) = chord_value(board, batch, n) else {
            continue;
        };
        let playable = if value.risk() == 0 {
            value.never_free > 0 && value.never_free - value.cost >= MIN_CHORD_NET
        } else {
            value.risk() <= budget && value.net() >= MIN_CHORD_NET
        };
        let score = (value.net(), value.never_free);
        if playable && best.is_none_or(|(b, _, _)| score > b) {
            best = Some((score, n, value));
        }
    }
    best.map(|(_, n, value)| (n, value))
}

/// The most clicks by which the chords played on the batch may still exceed the normal
/// style's clicks on the cells they opened: each chord's clicks less its cells the normal style
/// is now sure to click (see [`surely_clicked`]). It only falls as the batch opens more.
fn risked(board: &Board, batch: &Batch) -> i64 {
    batch
        .chords
        .iter()
        .map(|(cost, opened)| {
            let paid = opened
                .iter()
                .filter(|&&v| surely_clicked(board, batch, v))
                .count() as i64;
            (cost - paid).max(0)
        })
        .sum()
}

/// Whether the normal style must click `v` itself, a cell of the batch now open: no neighbour
/// of it is a zero the batch opens (each is a number, a mine, beside a mine, or was open before
/// the batch).
fn surely_clicked(board: &Board, batch: &Batch, v: CellIdx) -> bool {
    let mine = |u: CellIdx| batch.is_mine[u.0 as usize] || board.cell(u) == Cell::Flag;
    board.neighbours(v).all(|u| match board.cell(u) {
        Cell::Revealed(0) => batch.revealed_before[u.0 as usize],
        Cell::Revealed(_) => true,
        _ => mine(u) || board.neighbours(u).any(mine),
    })
}

/// The least net gain of a chord played: 0 plays the chords that save nothing now, since the
/// flags they place make later chords cheaper (measured: risky chords of net gain 0 as well as
/// 1 and more, 90.5 % on 300 expert games against 89.8 % with 1 and more).
const MIN_CHORD_NET: i64 = 0;

/// The normal style's clicks on `batch`, now that it is open on `board`: its cells in board
/// order, each clicked unless a cascade opened it first (the cascades read from `board`,
/// where every cell they reach is open).
fn normal_clicks(board: &Board, batch: &Batch) -> i64 {
    let mut open = batch.revealed_before.clone();
    let mut clicks = 0;
    let mut stack = Vec::new();
    for &c in &batch.safe {
        if open[c.0 as usize] {
            continue;
        }
        clicks += 1;
        open[c.0 as usize] = true;
        stack.push(c);
        while let Some(z) = stack.pop() {
            if board.cell(z) != Cell::Revealed(0) {
                continue;
            }
            for v in board.neighbours(z) {
                if !open[v.0 as usize] {
                    open[v.0 as usize] = true;
                    stack.push(v);
                }
            }
        }
    }
    clicks
}

/// The clicks of a game, counted as the rankings count them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Clicks {
    /// Reveals that opened something.
    pub left: u32,
    /// Flags placed.
    pub right: u32,
    /// Chords.
    pub chord: u32,
}

impl Clicks {
    /// Every click.
    pub fn total(&self) -> u32 {
        self.left + self.right + self.chord
    }
}

/// How a game played in a style went: the outcome and guesses of [`PlayedGame`], the clicks,
/// and the guesses' cells in order (the same in every style).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StyledGame {
    /// Outcome, guesses and moves (clicks that did something).
    pub played: PlayedGame,
    /// The clicks.
    pub clicks: Clicks,
    /// Every move that was not certain (opening, guesses, endgame moves), in order.
    pub guesses: Vec<(usize, usize)>,
}

/// Plays a game to the end in `style`.
pub fn play_game_styled(
    game: &mut Game,
    config: &PlayerConfig,
    style: Style,
) -> Result<StyledGame, SolveError> {
    let mut player = StylePlayer::new(style);
    let mut clicks = Clicks::default();
    let mut guesses = Vec::new();
    let mut risky_guesses = 0;
    let mut moves = 0;
    while game.state() == GameState::Playing {
        let Some(mv) = player.next_move(game.board(), config)? else {
            break;
        };
        let risky = match mv.reason {
            Reason::Guess { safety } | Reason::ForcedGuess { safety } => safety < 1.0,
            Reason::Endgame { .. } => true,
            Reason::Opening => config.rule == FirstClickRule::None,
            Reason::Certain => false,
        };
        if mv.reason != Reason::Certain {
            guesses.push((mv.x, mv.y));
        }
        risky_guesses += u32::from(risky);
        // A move on the game's own board cannot be outside it.
        let outcome = mv.play_on(game).unwrap_or(MoveOutcome::NoChange);
        if outcome == MoveOutcome::NoChange {
            // Every style's moves change the board; a move that does not would loop.
            debug_assert!(false, "{mv:?} changed nothing");
            break;
        }
        moves += 1;
        match mv.action {
            Action::Reveal => clicks.left += 1,
            Action::Flag => clicks.right += 1,
            Action::Chord => clicks.chord += 1,
        }
    }
    Ok(StyledGame {
        played: PlayedGame {
            won: game.state() == GameState::Won,
            guesses: risky_guesses,
            moves,
        },
        clicks,
        guesses,
    })
}
