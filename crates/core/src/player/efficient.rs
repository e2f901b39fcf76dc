//! The play styles: how the certainly safe cells are opened. [`Style::Normal`] clicks each
//! one; [`Style::Efficient`] flags mines and chords where that saves clicks;
//! [`Style::NoFlagEfficient`] clicks only, openings first. The guesses never change.
//!
//! **Same guesses.** A *stretch* is what a game plays between two moves that are not certain
//! (the opening, a guess, an endgame move), all from the normal player
//! ([`crate::player::next_moves`], asked on the board with the style's flags taken off, as
//! `mineseer play` sees it). The normal
//! style opens a stretch by batches: the certain cells of one analysis, clicked in board order,
//! then the next analysis. The no-flag style opens the same batches in another order. The
//! efficient style asks after any click (see below). Every style opens only cells that are
//! certainly safe, and stops when the engine finds no certain cell; a cell certain in a
//! position stays certain in any position with more cells open (fewer layouts fit it). So the
//! cells a stretch opens are the same in every style: each cell one style opens is certain in
//! a part of the other's last position, hence in that position, where nothing hidden is
//! certain. Every style reaches the same position before every move that is not certain, and
//! the same moves, outcomes and guesses follow, game by game.
//!
//! **The efficient style** (`player/stretch.rs`) plays a stretch one click at a time on what
//! it knows (the engine's certain cells, asked again after every click that opened
//! something), and replays beside it the normal style on the same stretch (the *shadow*,
//! whose numbers our board shows: its position is always a part of ours). Each time, the
//! first that applies:
//! 1. a hidden safe cell that is sure to be a zero (no neighbour can be a mine): it opens its
//!    whole opening;
//! 2. the chord of best value whose net gain is not negative, unless the click of step 4 is
//!    expected to save more: on a revealed number whose hidden neighbours are all known, its
//!    unflagged mines are flagged one by one and it is chorded; played only when its *risk*
//!    fits in the *slack* below. Its value is its net gain plus the best saving of a second
//!    chord on a cell it opens, weighed by the exact number of layouts in which that cell
//!    shows the number of its known mines (JSMinesweeper's "chord-chord"); the click's is as
//!    in step 4, both in layouts times clicks; chords rank by their value less a third of
//!    their cells that a cascade is likely to open for free later (a choice among the chords
//!    the slack allows: the proof is untouched). Its risk is its clicks less its *never-free*
//!    cells (those no cascade can open: each neighbour is revealed, a mine, beside a mine, or
//!    shown by the exact number chances of a position to be a zero in no layout) and its
//!    *sure* cells (the normal style's next clicks: the hidden cells of the shadow's batch
//!    from its next click on, less the cells of the openings its clicks on zeros already
//!    revealed here open on the way and less all that the cascade of a cell of its batch
//!    before them that may be a zero could reach through the cells that may be zeros), and less,
//!    when that is not enough, the clicks of the normal style its *other* cells are sure to
//!    stand for whatever the layout: one if one of them is a zero (its opening), and each of
//!    them that is not a zero and has no zero beside it (a number no cascade can open), the
//!    least over the ways they and the hidden cells beside them may be zeros, less the ways
//!    no layout has (a local test: a zero's neighbours are safe, so each revealed number
//!    keeps room for its mines, and a cell that is not a zero has a mine beside it), at most
//!    2^12 ways (past that, only the cells whose hidden neighbours are all among them or
//!    cannot be zeros may count); none when a sure cell that is not never-free may be a zero;
//! 3. when a chord was refused for want of slack, the click of step 4 among the never-free
//!    and sure cells, else the normal style's own next click, when its cell is still hidden
//!    here (the shadow then goes on, and may show clicks saved);
//! 4. the hidden safe cell whose chord is expected to save the most: the saving if it shows
//!    the number of its known mines (its other hidden neighbours then opened by its chord, less
//!    the flags and the chord), times the exact number of layouts in which it shows it
//!    (JSMinesweeper's rule; for a cell with no known mine beside it, the chance of a zero).
//!    The never-free and sure cells are candidates (ties go to them; among the clicks
//!    expected to save nothing, the cell with the fewest hidden neighbours first), and so are
//!    the cells that stand for a click in every way (a zero, or a number with no zero beside
//!    it, in each way its hidden neighbours may be zeros that the local test of step 2 lets
//!    through); the others only when the slack is at least one;
//! 5. the normal style's own next click.
//!
//! **Never more clicks.** On a stretch the normal style clicks once per opening (connected
//! zeros) the stretch opens, once per number it opens with no such zero beside it, and
//! perhaps on more numbers (one clicked before the zero beside it). Each of our clicks
//! *stands for* one of those clicks once that is proved: a click that opens an opening for the
//! normal style's click on that opening; a never-free click of step 4 (or of step 2, in its
//! place), or one that stands for a click in every way (in the true layout it is a zero, whose
//! opening it opens, or a number with no zero beside it, which no cascade opens), and a number a click or a chord opens once no neighbour of it can be a zero opened
//! in the stretch, for its click on that number; a click of steps 3 and 5 for that very click;
//! a sure cell a click or a chord opens for the normal style's click on it (the shadow waits
//! at its next click, a cell still hidden here; each cell of its batch it clicks before a
//! sure cell either cannot be a zero, so its click opens that cell alone, or is a zero
//! already revealed here, whose click opens exactly the opening our board shows (every
//! neighbour of a revealed zero is revealed), which the sure cell is not part of, or may be a
//! zero, and then the sure cell is beyond all its cascade could reach (every zero of the true
//! layout is a cell that may be one); so two sure cells that may be zeros are never in one
//! opening, and no
//! cascade of its own opens the sure cell before its turn: it clicks it, as a number or as
//! the click on that zero's opening, and once the shadow has, the click is counted as a zero's opening or among its clicks on numbers none
//! of ours stands for). Our clicks open distinct cells and openings, so they stand for
//! distinct clicks of the normal style; the shadow's clicks on numbers that none of ours
//! stands for are further clicks of it (a number not yet settled is counted there until it
//! is, then in one place only). So are its *clicks to come* on numbers already revealed here
//! that none of ours stands for: the revealed numbers of its batch from its next click on,
//! outside the openings of the revealed zeros it clicks on the way and beyond what the
//! cascades of the cells before them that may be zeros could reach, which it clicks at their turn for the reason a sure cell is (each moves to the count before once it is made, or to ours if a click of
//! ours is proved to stand for it: counted once). Let `D` be our clicks on the stretch less
//! those three counts: steps 1, 3, 5 and the never-free and sure clicks of step 4 never raise
//! `D`, another click of step 4 raises it by one at most, and a chord by its risk at most
//! (its other cells' part: a zero among them opens an opening no never-free or sure cell's
//! opening joins, since no neighbour of a never-free cell can be a zero and, where this part
//! is counted, no other sure cell may be one, and it is counted when the chord is; each of
//! them counted as a number is not a zero and has no zero beside it in the true layout,
//! whose zeros are among the ways gone through (the local test lets every real layout pass),
//! so no cascade opens it and the normal style clicks it itself: a click of its own, on a
//! cell none of our other clicks opens. Such a number is settled as that click at once when
//! no neighbour of it is left that may be a zero, else when the stretch learns that, or at
//! the latest when the shadow clicks it (then among its clicks on numbers none of ours stands
//! for); until then `D` counts it, so `D` is at most higher than the bound and the slack
//! lower: the rule errs on the safe side).
//! Each is played only when that fits in the *slack*, the clicks saved on the stretches
//! before less `D`, so `D` never exceeds the clicks saved before. Once the stretch is over
//! the shadow has played it all (nothing is to come), its clicks `N` are known exactly, and
//! the clicks saved change by `N` less ours, which is at least `-D` since `N` is at least the
//! counts.
//! So the clicks saved never fall below zero, and a game, which ends with a stretch or with
//! the guess after one, never takes more clicks than the normal style
//! (`tests/integration/play_styles.rs` checks it game by game).
//!
//! **The no-flag style** plays each batch of the normal style: first a cell of it sure to be a
//! zero, then a never-free cell, else the next hidden cell in board order. Each click of the
//! last kind is one the normal style makes too (we have opened at least what it has at that
//! point of its order); each zero stands for its click on that opening and each never-free cell
//! for its click on that cell, so a batch never takes more clicks than the normal style's.
//!
//! Clicks are counted as [`crate::clicks`] and the rankings count them: a reveal, a flag and a
//! chord are one click each. A normal-style click on a cell its batch already opened (a cascade
//! got there first) does nothing, and a player would not make it: it is not counted.

use crate::board::{Board, Cell, CellIdx};
use crate::error::SolveError;
use crate::game::{FirstClickRule, Game, GameState, MoveOutcome};

use super::config::PlayerConfig;
use super::memo::MoveMemo;
use super::moves::{Action, Move, Reason};
use super::stretch::{analyse, analyse_with_chances, AskNormal, Step, Stretch};
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

/// The certain cells of one analysis, being opened (the normal and no-flag styles).
#[derive(Debug, Clone)]
struct Batch {
    /// The certain safe cells, in board order (the normal style's click order).
    safe: Vec<CellIdx>,
    is_safe: Vec<bool>,
    is_mine: Vec<bool>,
    /// Every cell of `safe` before this one is revealed.
    next: usize,
}

/// A player of one [`Style`]: it keeps the batch or the stretch it is opening between moves,
/// so it plays one click at a time (the page's steps) as it plays whole games.
#[derive(Debug, Clone)]
pub struct StylePlayer {
    style: Style,
    batch: Option<Batch>,
    stretch: Option<Stretch>,
    /// The clicks saved on the normal style over the stretches finished, counted exactly once
    /// each is open: what the efficient style's chords may still risk.
    saved: i64,
}

impl StylePlayer {
    /// A player of `style`, before its first move.
    pub fn new(style: Style) -> StylePlayer {
        StylePlayer {
            style,
            batch: None,
            stretch: None,
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
        let asked = styles_config(config);
        self.next_move_asking(board, config, &mut |seen| next_moves(seen, &asked))
    }

    /// [`StylePlayer::next_move`], asking the normal player through `memo`, a memo of
    /// [`styles_memo`]`(config)`: the styles of one game meet the normal style's positions
    /// (the no-flag style's batches end where the normal style's do, and the efficient style
    /// replays the normal style beside its own clicks), so one memo per game answers most of
    /// their questions. The moves are the same as without it.
    pub fn next_move_with(
        &mut self,
        board: &Board,
        config: &PlayerConfig,
        memo: &mut MoveMemo,
    ) -> Result<Option<Move>, SolveError> {
        debug_assert!(
            *memo.config() == styles_config(config),
            "a memo of other settings"
        );
        self.next_move_asking(board, config, &mut |seen| memo.next_moves(seen))
    }

    fn next_move_asking(
        &mut self,
        board: &Board,
        config: &PlayerConfig,
        ask: &mut impl AskNormal,
    ) -> Result<Option<Move>, SolveError> {
        if self.style == Style::Efficient {
            return self.stretch_move(board, config, ask);
        }
        // Every batch is opened whole before the next question, as `play_game` does: that is
        // what keeps the no-flag style's clicks at most the normal style's (the module's
        // header).
        if let Some(mv) = self.batch_click(board) {
            return Ok(Some(mv));
        }
        self.batch = None;
        let analysed = analyse(board, ask)?;
        if analysed.safe.is_empty() {
            // No certain cell: the one move of the normal player (opening, forced guess,
            // endgame or guess), whatever the style.
            return Ok(analysed.other);
        }
        let cells = board.cells().len();
        let mut is_safe = vec![false; cells];
        let mut is_mine = vec![false; cells];
        for &c in &analysed.safe {
            is_safe[c.get()] = true;
        }
        for &c in &analysed.mines {
            is_mine[c.get()] = true;
        }
        self.batch = Some(Batch {
            safe: analysed.safe,
            is_safe,
            is_mine,
            next: 0,
        });
        Ok(self.batch_click(board))
    }

    /// The efficient style's next click: of the stretch being played, or the move after it.
    fn stretch_move(
        &mut self,
        board: &Board,
        config: &PlayerConfig,
        ask: &mut impl AskNormal,
    ) -> Result<Option<Move>, SolveError> {
        if self.stretch.is_none() {
            let (analysed, chances) = analyse_with_chances(board, config, ask)?;
            if analysed.safe.is_empty() {
                return Ok(analysed.other);
            }
            self.stretch = Some(Stretch::begin(board, &analysed, chances));
        }
        let Some(stretch) = self.stretch.as_mut() else {
            return Ok(None);
        };
        match stretch.step(board, config, ask, self.saved)? {
            Step::Click(mv) => Ok(Some(mv)),
            Step::Over(mv) => {
                if let Some(stretch) = self.stretch.take() {
                    self.saved += stretch.finish(board, ask)?;
                    debug_assert!(self.saved >= 0, "more clicks than the normal style");
                }
                Ok(mv)
            }
        }
    }

    /// The next click of the batch being opened, `None` once it is all open.
    fn batch_click(&mut self, board: &Board) -> Option<Move> {
        let style = self.style;
        let batch = self.batch.as_mut()?;
        let hidden = |c: CellIdx| board.cell(c).is_unrevealed();
        while batch.next < batch.safe.len() && !hidden(batch.safe[batch.next]) {
            batch.next += 1;
        }
        let &first = batch.safe.get(batch.next)?;
        let reveal = |c: CellIdx| {
            let (x, y) = board.xy(c);
            Some(Move {
                action: Action::Reveal,
                x,
                y,
                reason: Reason::Certain,
            })
        };
        if style == Style::Normal {
            return reveal(first);
        }
        let sure_zero = |c: CellIdx| {
            board.neighbours(c).all(|v| {
                !board.cell(v).is_unrevealed() && board.cell(v) != Cell::Flag
                    || batch.is_safe[v.get()]
            })
        };
        let mine = |v: CellIdx| batch.is_mine[v.get()];
        // A cell no cascade can open costs the normal style a click of its own, whenever it
        // is clicked.
        let never_free = |c: CellIdx| {
            board.neighbours(c).all(|v| {
                matches!(board.cell(v), Cell::Revealed(_))
                    || mine(v)
                    || board.neighbours(v).any(mine)
            })
        };
        let rest = &batch.safe[batch.next..];
        let pick = rest
            .iter()
            .find(|&&c| hidden(c) && sure_zero(c))
            .or_else(|| rest.iter().find(|&&c| hidden(c) && never_free(c)));
        reveal(pick.copied().unwrap_or(first))
    }
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

/// The settings every style asks the normal player with: the game's, with the certain mines
/// listed as flags ([`PlayerConfig::flag_mines`]; they change no other move).
fn styles_config(config: &PlayerConfig) -> PlayerConfig {
    let mut asked = config.clone();
    asked.flag_mines = true;
    asked
}

/// An empty memo of the moves every style asks for with `config`
/// ([`StylePlayer::next_move_with`], [`play_game_styled_with`]). With `config.flag_mines`
/// off, the moves [`crate::player::next_moves`] gives for `config` are its moves less the
/// flags.
pub fn styles_memo(config: &PlayerConfig) -> MoveMemo {
    MoveMemo::new(styles_config(config))
}

/// Plays a game to the end in `style`.
pub fn play_game_styled(
    game: &mut Game,
    config: &PlayerConfig,
    style: Style,
) -> Result<StyledGame, SolveError> {
    play_game_styled_with(game, config, style, &mut styles_memo(config))
}

/// [`play_game_styled`], asking the normal player through `memo`, a memo of
/// [`styles_memo`]`(config)` ([`StylePlayer::next_move_with`]): the styles of one game
/// played with one memo analyse most of the normal style's positions once. The game is the
/// same as without it.
pub fn play_game_styled_with(
    game: &mut Game,
    config: &PlayerConfig,
    style: Style,
    memo: &mut MoveMemo,
) -> Result<StyledGame, SolveError> {
    let mut player = StylePlayer::new(style);
    let mut clicks = Clicks::default();
    let mut guesses = Vec::new();
    let mut risky_guesses = 0;
    let mut moves = 0;
    while game.state() == GameState::Playing {
        let Some(mv) = player.next_move_with(game.board(), config, memo)? else {
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
