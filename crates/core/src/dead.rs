//! Dead tiles and forced guesses: cells whose reveal teaches nothing, and groups of cells no
//! reveal can ever tell apart.
//!
//! **Dead tile.** An unrevealed, unflagged cell that is safe in at least one consistent layout
//! is dead when it shows the same number in every consistent layout in which it is safe:
//! revealing it (if it survives) adds nothing. Read off the exact number chances
//! ([`crate::values`]).
//!
//! **Forced guess.** A set `G` of cells, each a mine in some consistent layouts and safe in
//! others, such that, with `S` the set of mine patterns `G` takes over the consistent layouts:
//! 1. `S` has at least two patterns, all with the same number of mines; and
//! 2. every cell outside `G` that can ever show a number (a revealed cell, or an unrevealed
//!    cell that is not a mine in every consistent layout) has the same number of mines among
//!    its neighbours in `G` under every pattern of `S`.
//!
//! Then swapping one pattern of `S` for another keeps every revealed number and the mine
//! count, so the consistent layouts are exactly `S` times the layouts of the rest: each
//! pattern is equally likely, and any cell revealed outside `G`, now or after any sequence of
//! reveals, shows a number that does not depend on the pattern. Only a guess inside `G`
//! settles it, so the player should take it early. Cells that are not neighbours of `G`
//! see no cell of `G` and never matter; cells that are certain mines never show a number.
//!
//! Candidates: pairs of cells at most two apart (the edge and corner 50/50s), pairs of
//! "enclosed" cells (no neighbour can ever show a number) anywhere, and 2x2 squares. A cheap
//! filter comes first: a cell of `G` that is the only cell of `G` next to some cell that can
//! show a number fails condition 2, since its mine varies over `S`. The few candidates that
//! pass are checked exactly by counting the layouts of each pattern (the cells of the
//! pattern flagged, the rest of `G` known safe) with the exact engine.

use num_bigint::BigUint;
use num_traits::Zero;

use crate::board::{Board, Cell, CellIdx};
use crate::combinatorics::Fraction;
use crate::engine::probability::{solve_board, Analysis, CellClass, SolveConfig};
use crate::error::{SolveError, SolveErrorKind};
use crate::values::BoardChances;

/// The most enclosed cells paired with each other; more would mean checking many pairs of
/// floating cells, which almost never form a forced guess.
pub const MAX_ENCLOSED_CELLS: usize = 12;

/// The dead tiles, from the number chances of [`crate::values::number_chances`].
pub fn dead_cells(chances: &BoardChances) -> Vec<CellIdx> {
    chances
        .iter()
        .filter(|(_, c)| c.possible_numbers().len() == 1)
        .map(|(idx, _)| idx)
        .collect()
}

/// A group of cells no future reveal outside it can tell apart.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ForcedGuess {
    cells: Vec<CellIdx>,
    patterns: Vec<Vec<CellIdx>>,
    mine_chances: Vec<Fraction>,
}

impl ForcedGuess {
    /// The cells, ascending.
    pub fn cells(&self) -> &[CellIdx] {
        &self.cells
    }

    /// The mine patterns the group takes (each the set of its cells holding a mine), each in
    /// the same number of consistent layouts.
    pub fn patterns(&self) -> &[Vec<CellIdx>] {
        &self.patterns
    }

    /// The exact mine probability of each cell, aligned with [`ForcedGuess::cells`].
    pub fn mine_chances(&self) -> &[Fraction] {
        &self.mine_chances
    }

    /// The chance that a guess at the group's safest cell survives (one half for a 50/50).
    pub fn best_safe_chance(&self) -> Fraction {
        self.mine_chances
            .iter()
            .map(|p| Fraction::new(p.denom() - p.numer(), p.denom().clone()))
            .max_by(|a, b| (a.numer() * b.denom()).cmp(&(b.numer() * a.denom())))
            .unwrap_or_else(|| Fraction::from_integer(1))
    }
}

/// Finds the forced guesses of the board `analysis` was made from (see the module overview
/// for the definition and the candidates). Groups never share a cell: a 2x2 square is only
/// reported when none of its cells is in a reported pair.
pub fn forced_guesses(
    board: &Board,
    analysis: &Analysis,
    config: &SolveConfig,
) -> Result<Vec<ForcedGuess>, SolveError> {
    // One exact count per cell: uncertain cells are mines in some layouts and safe in others;
    // a cell can ever show a number when it is revealed or safe in some layout.
    let mut uncertain = vec![false; board.len()];
    let mut shows = vec![false; board.len()];
    for idx in board.indices() {
        match board.cell(idx) {
            Cell::Revealed(_) => shows[idx.get()] = true,
            Cell::Flag => {}
            _ => {
                let mines = analysis.mine_layouts_ref(idx);
                let always = mines == analysis.solutions();
                shows[idx.get()] = !always;
                uncertain[idx.get()] = !always
                    && !mines.is_zero()
                    && matches!(
                        analysis.class(idx),
                        CellClass::Boxed(_) | CellClass::Floating
                    );
            }
        }
    }
    let can_show = |idx: CellIdx| shows[idx.get()];
    let enclosed: Vec<CellIdx> = board
        .indices()
        .filter(|&idx| uncertain[idx.get()] && !board.neighbours(idx).any(can_show))
        .collect();

    // A pair's cells share at most four neighbours, so a cell with more than five neighbours
    // that can show a number (the other cell of the pair may be one) is in no forced pair.
    let pairable: Vec<bool> = board
        .indices()
        .map(|g| uncertain[g.get()] && board.neighbours(g).filter(|&n| can_show(n)).count() <= 5)
        .collect();
    let mut candidates: Vec<Vec<CellIdx>> = Vec::new();
    for a in board.indices().filter(|a| pairable[a.get()]) {
        let (ax, ay) = board.xy(a);
        // Each pair once: b after a in board order, within two columns and two rows.
        for y in ay..=(ay + 2) {
            for x in ax.saturating_sub(2)..=(ax + 2) {
                let Some(b) = board.idx(x, y) else { continue };
                if b > a && pairable[b.get()] && passes_filter(board, &[a, b], &shows) {
                    candidates.push(vec![a, b]);
                }
            }
        }
    }
    if enclosed.len() <= MAX_ENCLOSED_CELLS {
        for (i, &a) in enclosed.iter().enumerate() {
            for &b in &enclosed[i + 1..] {
                let (ax, ay) = board.xy(a);
                let (bx, by) = board.xy(b);
                if bx.abs_diff(ax) > 2 || by.abs_diff(ay) > 2 {
                    candidates.push(vec![a, b]);
                }
            }
        }
    }
    // Every square lies inside the board; its cells are in an array, and only a candidate's
    // go to a vector (a vector per square was most of this function's cost).
    for y in 0..board.height().saturating_sub(1) {
        for x in 0..board.width().saturating_sub(1) {
            let square = [(x, y), (x + 1, y), (x, y + 1), (x + 1, y + 1)]
                .map(|(x, y)| board.idx(x, y).expect("a square inside the board"));
            if square.iter().all(|c| uncertain[c.get()]) && passes_filter(board, &square, &shows) {
                candidates.push(square.to_vec());
            }
        }
    }

    let mut taken = vec![false; board.len()];
    let mut out = Vec::new();
    for group in candidates {
        if group.iter().any(|c| taken[c.get()]) {
            continue;
        }
        // When every layout puts the same number k of mines in the group, its cells' mine
        // counts add up to k times the layouts: a cheap necessary condition before the exact
        // check, which solves the position once per pattern.
        let summed: BigUint = group.iter().map(|&c| analysis.mine_layouts_ref(c)).sum();
        if !(summed % analysis.solutions()).is_zero() {
            continue;
        }
        if let Some(guess) = check_exactly(board, analysis, &group, &can_show, config)? {
            for c in &group {
                taken[c.get()] = true;
            }
            out.push(guess);
        }
    }
    Ok(out)
}

/// Whether no cell outside `group` that can show a number sees exactly one cell of it. Works
/// on coordinates, since it runs for every nearby pair of uncertain cells.
fn passes_filter(board: &Board, group: &[CellIdx], shows: &[bool]) -> bool {
    let mut cells = [(0usize, 0usize); 4];
    for (slot, &g) in cells.iter_mut().zip(group) {
        *slot = board.xy(g);
    }
    let cells = &cells[..group.len().min(4)];
    group.iter().flat_map(|&g| board.neighbours(g)).all(|x| {
        if !shows[x.get()] || group.contains(&x) {
            return true;
        }
        let (px, py) = board.xy(x);
        let seen = cells
            .iter()
            .filter(|&&(gx, gy)| gx.abs_diff(px) <= 1 && gy.abs_diff(py) <= 1);
        seen.count() != 1
    })
}

/// Counts the layouts of every mine pattern of `group` and checks the definition.
fn check_exactly(
    board: &Board,
    analysis: &Analysis,
    group: &[CellIdx],
    can_show: &impl Fn(CellIdx) -> bool,
    config: &SolveConfig,
) -> Result<Option<ForcedGuess>, SolveError> {
    let mut patterns: Vec<(Vec<CellIdx>, BigUint)> = Vec::new();
    for mask in 0u32..(1 << group.len()) {
        let mut modified = board.clone();
        let mut pattern = Vec::new();
        for (i, &cell) in group.iter().enumerate() {
            if mask & (1 << i) != 0 {
                modified.set_cell(cell, Cell::Flag);
                pattern.push(cell);
            } else {
                modified.set_cell(cell, Cell::HiddenSafe);
            }
        }
        let layouts = match solve_board(&modified, config) {
            Ok(a) => a.solutions().clone(),
            Err(e) if matches!(e.kind(), SolveErrorKind::TooComplex { .. }) => return Err(e),
            Err(_) => BigUint::zero(),
        };
        if !layouts.is_zero() {
            patterns.push((pattern, layouts));
        }
    }
    if patterns.len() < 2 || patterns.iter().any(|(p, _)| p.len() != patterns[0].0.len()) {
        return Ok(None);
    }
    let outside_neighbours = group
        .iter()
        .flat_map(|&g| board.neighbours(g))
        .filter(|x| !group.contains(x) && can_show(*x));
    for x in outside_neighbours {
        let seen =
            |pattern: &Vec<CellIdx>| board.neighbours(x).filter(|n| pattern.contains(n)).count();
        let first = seen(&patterns[0].0);
        if patterns.iter().any(|(p, _)| seen(p) != first) {
            return Ok(None);
        }
    }
    // The definition makes the layouts a product, so every pattern has the same count.
    debug_assert!(patterns.iter().all(|(_, n)| n == &patterns[0].1));
    let mut cells = group.to_vec();
    cells.sort_unstable();
    let mine_chances = cells
        .iter()
        .map(|&c| analysis.probability_exact(c).expect("an unrevealed cell"))
        .collect();
    Ok(Some(ForcedGuess {
        cells,
        patterns: patterns.into_iter().map(|(p, _)| p).collect(),
        mine_chances,
    }))
}
