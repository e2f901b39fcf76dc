//! The efficient style's *stretches*: the certain moves between two moves that are not certain
//! (guesses, the opening, endgame moves), played one click at a time with what each click
//! teaches, while the normal style's clicks on the same stretch are replayed beside them (the
//! *shadow*) so that the clicks saved are counted exactly. The rules, and the proof that a game
//! never takes more clicks than the normal style, are in the header of `player/efficient.rs`.
//!
//! What is known grows within a stretch from two sources, both exact: the engine's analysis
//! of our position after every click that opened something (as JSMinesweeper's Efficiency
//! style asks its solver after every action), and the shadow's analyses of the normal style's
//! positions (each a part of ours: a cell certain there is certain here).

use num_bigint::BigUint;

use crate::board::{Board, Cell, CellIdx};
use crate::error::SolveError;
use crate::review::without_flags;
use crate::values::{solve_board_with_chances, BoardChances};

use super::config::PlayerConfig;
use super::knowledge::Knowledge;
use super::moves::{Action, Move, Reason};
use super::stretch_choice::{best_chord, best_click};

/// What one analysis of a position says: its certain safe cells and certain mines in board
/// order, and the move the normal player makes when no cell is certain.
pub(super) struct Analysed {
    pub(super) safe: Vec<CellIdx>,
    pub(super) mines: Vec<CellIdx>,
    pub(super) other: Option<Move>,
}

/// The normal player, asked about a board with no flags: [`super::next_moves`] with the
/// game's settings and [`PlayerConfig::flag_mines`] on (the flags change no other move:
/// `certain.rs` only adds them), or a [`super::MoveMemo`] of those settings. A generic, not a
/// `dyn`: the page's module calls [`super::next_moves`] directly.
pub(super) trait AskNormal: FnMut(&Board) -> Result<Vec<Move>, SolveError> {}
impl<F: FnMut(&Board) -> Result<Vec<Move>, SolveError>> AskNormal for F {}

/// Asks the normal player about `board` with its flags taken off (what it sees in
/// `mineseer play`).
// Never inlined: its three callers would each hold a copy in the solver's wasm module.
#[inline(never)]
pub(super) fn analyse(board: &Board, ask: &mut impl AskNormal) -> Result<Analysed, SolveError> {
    let moves = ask(&without_flags(board))?;
    let certain = |action| {
        moves
            .iter()
            .filter(move |m| m.action == action && m.reason == Reason::Certain)
            .filter_map(|m| board.idx(m.x, m.y))
            .collect::<Vec<_>>()
    };
    let safe = certain(Action::Reveal);
    let mines = certain(Action::Flag);
    let other = if safe.is_empty() {
        moves.into_iter().find(|m| m.action == Action::Reveal)
    } else {
        None
    };
    Ok(Analysed { safe, mines, other })
}

/// [`analyse`] of `board`, with the exact number chances of the same position from the same
/// enumeration ([`solve_board_with_chances`]): the certain cells are read from its analysis,
/// as the normal player reads them (`certain.rs`: no mine in any layout, a mine in all), and
/// the normal player is asked only when none is safe, for its other move. The chances are
/// `None` when over the engine's budget (every rule holds without them).
pub(super) fn analyse_with_chances(
    board: &Board,
    config: &PlayerConfig,
    ask: &mut impl AskNormal,
) -> Result<(Analysed, Option<BoardChances>), SolveError> {
    let seen = without_flags(board);
    let (analysis, chances) = solve_board_with_chances(&seen, &config.solve)?;
    let hidden = |c: &CellIdx| seen.cell(*c).is_unrevealed();
    let safe: Vec<CellIdx> = seen
        .indices()
        .filter(hidden)
        .filter(|&c| analysis.mine_layouts_ref(c) == &BigUint::ZERO)
        .collect();
    if safe.is_empty() {
        return Ok((analyse(board, ask)?, chances.ok()));
    }
    let mines = seen
        .indices()
        .filter(hidden)
        .filter(|&c| analysis.mine_layouts_ref(c) == analysis.solutions())
        .collect();
    let analysed = Analysed {
        safe,
        mines,
        other: None,
    };
    Ok((analysed, chances.ok()))
}

/// The normal style replayed on the stretch: its position (a part of ours), the batch of
/// certain cells it is clicking in board order, and its clicks so far.
#[derive(Debug, Clone)]
struct Shadow {
    open: Vec<bool>,
    batch: Vec<CellIdx>,
    next: usize,
    clicks: i64,
    /// The cells it clicked, in order.
    clicked: Vec<CellIdx>,
    over: bool,
}

impl Shadow {
    /// Plays the normal style on until it would click a cell still hidden on `board` (ours),
    /// which it returns, or until its stretch is over (`None`). Every cell it opens is open on
    /// `board`, so `board` shows its numbers.
    fn advance(
        &mut self,
        board: &Board,
        ask: &mut impl AskNormal,
        knowledge: &mut Knowledge,
        at_fixpoint: bool,
    ) -> Result<Option<CellIdx>, SolveError> {
        while !self.over {
            while let Some(&c) = self.batch.get(self.next) {
                if self.open[c.get()] {
                    self.next += 1;
                    continue;
                }
                if !matches!(board.cell(c), Cell::Revealed(_)) {
                    return Ok(Some(c));
                }
                self.clicks += 1;
                self.clicked.push(c);
                self.next += 1;
                self.open_from(board, c);
            }
            let at_ours = board
                .indices()
                .all(|c| self.open[c.get()] == matches!(board.cell(c), Cell::Revealed(_)));
            if at_ours && at_fixpoint {
                // Its position is ours, where nothing certain is left: no need to ask.
                self.over = true;
                break;
            }
            let mut seen = board.clone();
            for c in board.indices() {
                if !self.open[c.get()] {
                    seen.set_cell(c, Cell::Hidden);
                }
            }
            let analysed = analyse(&seen, ask)?;
            knowledge.learn(&analysed.safe, &analysed.mines);
            self.over = analysed.safe.is_empty();
            self.batch = analysed.safe;
            self.next = 0;
        }
        Ok(None)
    }

    /// The cells the normal style is sure to click itself, next, while it waits for us (the
    /// hidden cells of its batch from its next click on that no click of it before can open:
    /// its clicks before open single cells, or the openings of zeros already revealed here,
    /// which our board shows whole, or, from a cell that may be a zero, at most all that a
    /// cascade could reach through the cells that may be zeros, which are left out; measured
    /// on games 0-299, going on past the revealed zeros: intermediate 113.6 -> 113.7 %,
    /// expert 115.3 -> 115.4 %; going on past the cells that may be zeros, rather than
    /// stopping at the first, on games kept apart (intermediate 2,600-5,199, expert
    /// 5,000-7,499): 116,800 -> 116,782 clicks of the won games and 154,952 -> 154,949). A
    /// chord that opens one of them stands for that click of the normal style, as for a
    /// never-free cell: once the shadow has clicked it, it is counted in `keys` (a zero's
    /// opening) or among the shadow's clicks on numbers none of ours stands for. The
    /// numbers already revealed here that it is sure to click on the way are marked too: its
    /// clicks to come.
    fn sure_next(&self, board: &Board, knowledge: &Knowledge) -> Vec<bool> {
        let mut sure = vec![false; board.len()];
        if self.over {
            return sure;
        }
        let mut opened = self.open.clone();
        // The cells a cascade of its clicks so far may have opened, and the cells that may be
        // zeros it has gone through (a cascade that reaches one goes on as before).
        let mut maybe = vec![false; board.len()];
        let mut flooded = vec![false; board.len()];
        for &c in &self.batch[self.next.min(self.batch.len())..] {
            if opened[c.get()] {
                continue;
            }
            match board.cell(c) {
                // Its click on a zero opens that zero's opening, which our board shows whole
                // (as does a cascade that reaches it first).
                Cell::Revealed(0) => {
                    open_cascade(board, &mut opened, c);
                }
                _ if maybe[c.get()] => spread_maybe(board, knowledge, &mut maybe, &mut flooded, c),
                // Its click opens this number alone.
                Cell::Revealed(_) => sure[c.get()] = true,
                _ => {
                    sure[c.get()] = true;
                    spread_maybe(board, knowledge, &mut maybe, &mut flooded, c);
                }
            }
        }
        sure
    }

    /// Opens `c` and, through its zeros, what a click on it opens.
    fn open_from(&mut self, board: &Board, c: CellIdx) {
        open_cascade(board, &mut self.open, c);
    }
}

/// Marks in `maybe` what a click on `c` may open in some layout: `c`, and when it may be a zero,
/// its neighbours and on through every cell that may be a zero (a revealed zero, or a hidden
/// cell not known unable to be one). `flooded`: the cells that may be zeros already gone
/// through, whose reach is marked already.
fn spread_maybe(
    board: &Board,
    knowledge: &Knowledge,
    maybe: &mut [bool],
    flooded: &mut [bool],
    c: CellIdx,
) {
    let may_be_zero = |v: CellIdx| match board.cell(v) {
        Cell::Revealed(k) => k == 0,
        _ => !knowledge.not_zero(board, v),
    };
    maybe[c.get()] = true;
    if flooded[c.get()] || !may_be_zero(c) {
        return;
    }
    flooded[c.get()] = true;
    let mut stack = vec![c];
    while let Some(z) = stack.pop() {
        for v in board.neighbours(z) {
            maybe[v.get()] = true;
            if !flooded[v.get()] && may_be_zero(v) {
                flooded[v.get()] = true;
                stack.push(v);
            }
        }
    }
}

/// Marks in `open` the revealed cell `c` and, through its zeros, what a click on it opens
/// (every cell of an opening is revealed on `board`).
fn open_cascade(board: &Board, open: &mut [bool], c: CellIdx) {
    let mut stack = vec![c];
    open[c.get()] = true;
    while let Some(z) = stack.pop() {
        if board.cell(z) != Cell::Revealed(0) {
            continue;
        }
        for v in board.neighbours(z) {
            if !open[v.get()] && matches!(board.cell(v), Cell::Revealed(_)) {
                open[v.get()] = true;
                stack.push(v);
            }
        }
    }
}

/// What the stretch plays next.
pub(super) enum Step {
    /// A click of the stretch.
    Click(Move),
    /// Nothing certain is left: the normal player's move here (a guess, an endgame move), or
    /// `None` when the game is over.
    Over(Option<Move>),
}

/// A stretch being played (see the module's header).
#[derive(Debug, Clone)]
pub(super) struct Stretch {
    knowledge: Knowledge,
    shadow: Shadow,
    /// The cells revealed before our last click, to see what it opened.
    seen: Vec<bool>,
    /// Our last click, and whether it stands for a click of the normal style for sure.
    last: Option<(Action, CellIdx, bool)>,
    /// The chord being prepared: its flags are placed one click at a time.
    chord: Option<CellIdx>,
    /// Our clicks on the stretch.
    clicks: i64,
    /// Distinct clicks of the normal style on the stretch that our clicks are proved to stand
    /// for (each for the cell or the opening one of our clicks opened).
    keys: i64,
    /// Numbers we opened whose own click by the normal style is not yet proved (no neighbour
    /// of them may turn out to be a zero opened in the stretch).
    pending: Vec<CellIdx>,
    /// Per cell, whether a click of ours stands for the normal style's click on it (as a
    /// number): counted, pending, or not (opened by a cascade, or beside a zero).
    key: Vec<Key>,
    /// How many cells were revealed at our last analysis.
    analysed_at: usize,
    /// What the normal player plays there if no cell is certain.
    other: Option<Move>,
    /// The exact number chances of our position (counted with each analysis).
    chances: Option<BoardChances>,
}

/// Whether one of our clicks stands for the normal style's click on a number.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Key {
    None,
    Counted,
    Pending,
}

impl Stretch {
    /// A stretch from `board`, where the engine found `analysed` (certain cells) and
    /// `chances`.
    pub(super) fn begin(
        board: &Board,
        analysed: &Analysed,
        chances: Option<BoardChances>,
    ) -> Stretch {
        let revealed: Vec<bool> = board
            .cells()
            .iter()
            .map(|c| matches!(c, Cell::Revealed(_)))
            .collect();
        let mut knowledge = Knowledge::new(board.len());
        knowledge.learn(&analysed.safe, &analysed.mines);
        if let Some(chances) = &chances {
            knowledge.learn_chances(chances);
        }
        Stretch {
            knowledge,
            shadow: Shadow {
                open: revealed.clone(),
                batch: analysed.safe.clone(),
                next: 0,
                clicks: 0,
                clicked: Vec::new(),
                over: false,
            },
            seen: revealed,
            last: None,
            chord: None,
            clicks: 0,
            keys: 0,
            pending: Vec::new(),
            key: vec![Key::None; board.len()],
            analysed_at: revealed_count(board),
            other: analysed.other,
            chances,
        }
    }

    /// The next click, given the clicks `saved` on the normal style before this stretch.
    pub(super) fn step(
        &mut self,
        board: &Board,
        config: &PlayerConfig,
        ask: &mut impl AskNormal,
        saved: i64,
    ) -> Result<Step, SolveError> {
        self.absorb(board);
        let open = revealed_count(board);
        if self.chord.is_none() && open != self.analysed_at {
            // What the new numbers prove (our position is never analysed twice).
            let (analysed, chances) = analyse_with_chances(board, config, ask)?;
            self.knowledge.learn(&analysed.safe, &analysed.mines);
            if let Some(chances) = &chances {
                self.knowledge.learn_chances(chances);
            }
            self.analysed_at = open;
            self.other = analysed.other;
            self.chances = chances;
        }
        if let Some(n) = self.chord {
            let (action, c, sure) = self.start_chord(board, n);
            return Ok(Step::Click(self.play(board, action, c, sure)));
        }
        match self.choose(board, ask, saved)? {
            Some((action, c, sure)) => Ok(Step::Click(self.play(board, action, c, sure))),
            None => Ok(Step::Over(self.other.take())),
        }
    }

    /// The normal style's clicks on the stretch less ours, once it is over on `board`.
    pub(super) fn finish(
        mut self,
        board: &Board,
        ask: &mut impl AskNormal,
    ) -> Result<i64, SolveError> {
        let left = self.shadow.advance(board, ask, &mut self.knowledge, true)?;
        debug_assert!(
            left.is_none(),
            "the normal style stopped elsewhere: {left:?}"
        );
        Ok(self.shadow.clicks - self.clicks)
    }

    fn play(&mut self, board: &Board, action: Action, c: CellIdx, sure: bool) -> Move {
        self.clicks += 1;
        self.last = Some((action, c, sure));
        for i in board.indices() {
            self.seen[i.get()] = matches!(board.cell(i), Cell::Revealed(_));
        }
        let (x, y) = board.xy(c);
        Move {
            action,
            x,
            y,
            reason: Reason::Certain,
        }
    }

    /// Counts what our last click opened, settles the numbers whose key is now decided, and
    /// learns from the new numbers.
    fn absorb(&mut self, board: &Board) {
        if let Some((action, target, sure)) = self.last.take() {
            let opened =
                |c: CellIdx| matches!(board.cell(c), Cell::Revealed(_)) && !self.seen[c.get()];
            match action {
                Action::Reveal if opened(target) => {
                    if sure || board.cell(target) == Cell::Revealed(0) {
                        self.keys += 1;
                        self.key[target.get()] = Key::Counted;
                    } else {
                        self.pending.push(target);
                        self.key[target.get()] = Key::Pending;
                    }
                }
                Action::Chord => {
                    let mut zeros = Vec::new();
                    for v in board.neighbours(target).filter(|&v| opened(v)) {
                        if board.cell(v) == Cell::Revealed(0) {
                            zeros.push(v);
                        } else {
                            self.pending.push(v);
                            self.key[v.get()] = Key::Pending;
                        }
                    }
                    self.keys += openings(board, &zeros);
                }
                _ => {}
            }
        }
        let mut proved = 0;
        let knowledge = &self.knowledge;
        let key = &mut self.key;
        self.pending
            .retain(|&v| match clicked_by_normal(board, knowledge, v) {
                Some(true) => {
                    proved += 1;
                    key[v.get()] = Key::Counted;
                    false
                }
                Some(false) => {
                    key[v.get()] = Key::None;
                    false
                }
                None => true,
            });
        self.keys += proved;
    }

    /// The shadow's clicks on numbers that no click of ours is counted to stand for: clicks
    /// of the normal style beyond those ours stand for. (A number still pending is counted
    /// here until it is settled, then either in `keys` or here: once.)
    fn unmatched(&self, board: &Board) -> i64 {
        let unmatched = self.shadow.clicked.iter().filter(|&&c| {
            matches!(board.cell(c), Cell::Revealed(k) if k > 0) && self.key[c.get()] != Key::Counted
        });
        unmatched.count() as i64
    }

    /// How much the slack is, given the clicks `saved` before the stretch and the shadow's
    /// `sure` clicks to come ([`Shadow::sure_next`]): its clicks on numbers already revealed
    /// here that none of ours stands for are clicks saved already (once it makes them, they
    /// are among [`Stretch::unmatched`], or settled in `keys`: counted once; measured on
    /// intermediate games 0-299: 112.6 -> 113.6 %).
    fn slack(&self, board: &Board, saved: i64, sure: &[bool]) -> i64 {
        let ahead = board.indices().filter(|&c| {
            sure[c.get()]
                && matches!(board.cell(c), Cell::Revealed(k) if k > 0)
                && self.key[c.get()] != Key::Counted
        });
        saved - (self.clicks - self.keys - self.unmatched(board) - ahead.count() as i64)
    }

    /// The next click of the chord on `n`: its first flag still to place, or the chord.
    fn start_chord(&mut self, board: &Board, n: CellIdx) -> (Action, CellIdx, bool) {
        let unflagged = board
            .neighbours(n)
            .find(|&v| self.knowledge.is_mine(v) && board.cell(v) != Cell::Flag);
        match unflagged {
            Some(mine) => {
                self.chord = Some(n);
                (Action::Flag, mine, false)
            }
            None => {
                self.chord = None;
                (Action::Chord, n, false)
            }
        }
    }

    /// Our next click and whether it surely stands for a click of the normal style, or `None`
    /// when no known safe cell is hidden.
    fn choose(
        &mut self,
        board: &Board,
        ask: &mut impl AskNormal,
        saved: i64,
    ) -> Result<Option<(Action, CellIdx, bool)>, SolveError> {
        let knowledge = &self.knowledge;
        let hidden_safe: Vec<CellIdx> = board
            .indices()
            .filter(|&c| knowledge.safe[c.get()] && board.cell(c).is_unrevealed())
            .collect();
        if hidden_safe.is_empty() {
            return Ok(None);
        }
        // 1. A sure zero opens its whole opening: the normal style's click on that opening.
        let sure_zero = |c: CellIdx| {
            board
                .neighbours(c)
                .all(|v| knowledge.safe[v.get()] || matches!(board.cell(v), Cell::Revealed(_)))
        };
        if let Some(&c) = hidden_safe.iter().find(|&&c| sure_zero(c)) {
            return Ok(Some((Action::Reveal, c, true)));
        }
        // 2. The chord whose risk the clicks saved still cover and whose saving, with the
        //    chord it may allow next, is the best, unless a click of step 4 is expected to
        //    save more (JSMinesweeper's comparison, in layouts times clicks: measured on
        //    games 0-299, intermediate 109.0 -> 109.8 % with the chord-chord weighing, 112.3 %
        //    with the comparison). The shadow goes as far as it can first: the clicks it
        //    makes on numbers none of ours stands for are clicks saved already.
        self.shadow
            .advance(board, ask, &mut self.knowledge, false)?;
        let knowledge = &self.knowledge;
        let chances = self.chances.as_ref();
        let sure = self.shadow.sure_next(board, knowledge);
        let slack = self.slack(board, saved, &sure);
        if let Some((n, value)) = best_chord(board, knowledge, chances, &sure, slack) {
            let click = best_click(board, knowledge, chances, &hidden_safe, &sure, slack >= 1);
            return Ok(Some(match click {
                Some((c, stands_for_a_click, weight)) if weight > value => {
                    (Action::Reveal, c, stands_for_a_click)
                }
                _ => self.start_chord(board, n),
            }));
        }
        // 3. A chord refused for want of slack: the click of step 4 among the never-free and
        //    sure cells (it stands for a click of the normal style; measured on games 0-299:
        //    intermediate 113.7 -> 113.9 %, expert 115.4 % either way, with an expected
        //    saving only; with none too, beside the joint risk of `best_chord`: expert
        //    116.5 -> 116.6 %, intermediate 114.3 -> 114.35 %), else the normal style's next
        //    click, which may let the shadow show clicks saved (measured: 102.1 -> 102.9 % on
        //    expert games 0-299).
        if best_chord(board, knowledge, None, &sure, i64::MAX).is_some() {
            let neutral = best_click(board, knowledge, chances, &hidden_safe, &sure, false);
            if let Some((c, true, _)) = neutral {
                return Ok(Some((Action::Reveal, c, true)));
            }
            if let Some(c) = self
                .shadow
                .advance(board, ask, &mut self.knowledge, false)?
            {
                return Ok(Some((Action::Reveal, c, true)));
            }
        }
        let knowledge = &self.knowledge;
        let sure = self.shadow.sure_next(board, knowledge);
        let slack = self.slack(board, saved, &sure);
        // 4. The click whose chord is expected to save the most: JSMinesweeper's rule, the
        //    saving weighed by the exact chance that the cell shows the number that lets it
        //    be chorded at once. A never-free cell or a sure click of the normal style stands
        //    for a click of the normal style; another cell may be opened for free by a
        //    cascade, so it is a candidate only when the slack covers that one click
        //    (measured on expert games 0-299: never-free only 107.3 %, with the others
        //    108.2 %; sure clicks as never-free ones: intermediate 112.3 -> 112.6 %).
        if let Some((c, never_free, _)) = best_click(
            board,
            knowledge,
            self.chances.as_ref(),
            &hidden_safe,
            &sure,
            slack >= 1,
        ) {
            return Ok(Some((Action::Reveal, c, never_free)));
        }
        // 5. The normal style's own next click on a cell still hidden here.
        match self
            .shadow
            .advance(board, ask, &mut self.knowledge, false)?
        {
            Some(c) => Ok(Some((Action::Reveal, c, true))),
            None => {
                // The normal style's stretch cannot end while ours has safe cells hidden
                // (both reach the same position); should it, the cell is still safe.
                debug_assert!(false, "the shadow ended before the stretch");
                Ok(Some((Action::Reveal, hidden_safe[0], false)))
            }
        }
    }
}

fn revealed_count(board: &Board) -> usize {
    board
        .cells()
        .iter()
        .filter(|c| matches!(c, Cell::Revealed(_)))
        .count()
}

/// How many openings (connected zeros) the zeros in `zeros` belong to.
fn openings(board: &Board, zeros: &[CellIdx]) -> i64 {
    let mut seen = vec![false; board.len()];
    let mut count = 0;
    for &z in zeros {
        if seen[z.get()] {
            continue;
        }
        count += 1;
        seen[z.get()] = true;
        let mut stack = vec![z];
        while let Some(c) = stack.pop() {
            for v in board.neighbours(c) {
                if !seen[v.get()] && board.cell(v) == Cell::Revealed(0) {
                    seen[v.get()] = true;
                    stack.push(v);
                }
            }
        }
    }
    count
}

/// Whether the normal style clicks the number `v` (opened by us in this stretch) itself:
/// `Some(false)` once a zero opened in the stretch is beside it (its cascade opens `v` for
/// free), `Some(true)` once no neighbour can be one, `None` while it is open.
fn clicked_by_normal(board: &Board, knowledge: &Knowledge, v: CellIdx) -> Option<bool> {
    let mut open_question = false;
    for u in board.neighbours(v) {
        match board.cell(u) {
            // `v` was hidden when the stretch began, so this zero was not open then.
            Cell::Revealed(0) => return Some(false),
            Cell::Revealed(_) => {}
            _ => open_question |= !knowledge.not_zero(board, u),
        }
    }
    (!open_question).then_some(true)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::parse_position;

    /// Past a cell that may be a zero, the cells its cascade could reach are left out, and
    /// the cells beyond them are still sure.
    #[test]
    fn sure_clicks_go_on_past_what_a_zero_could_reach() {
        // Seven hidden cells in a row, (3,0) a known mine: (2,0) and (4,0) beside it cannot be
        // zeros; the others may be.
        let board = parse_position("7x1x1\nHHHHHHH\n").unwrap();
        let at = |x| board.idx(x, 0).unwrap();
        let mut knowledge = Knowledge::new(board.len());
        knowledge.learn(&[], &[at(3)]);
        let shadow = Shadow {
            open: vec![false; board.len()],
            batch: [0, 2, 4, 5, 6].map(at).to_vec(),
            next: 0,
            clicks: 0,
            clicked: Vec::new(),
            over: false,
        };
        let sure = shadow.sure_next(&board, &knowledge);
        let sure: Vec<usize> = (0..7).filter(|&x| sure[at(x).get()]).collect();
        // (0,0) may be a zero whose cascade reaches (1,0) and stops at (2,0); (4,0) cannot be
        // reached; (5,0) may be a zero whose cascade reaches (6,0).
        assert_eq!(sure, [0, 4, 5]);
    }
}
