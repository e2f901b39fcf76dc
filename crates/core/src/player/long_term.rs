//! Long-term risk of a guess: the closed 50/50s a position may still hold (JSMinesweeper's
//! `LongTermRiskHelper`, its ideas in our own code; issue 16).
//!
//! A **shape** is two hidden cells side by side (horizontally or vertically) or a 2x2
//! square. It is a closed 50/50 in a layout when its **flanking cells** are mines: the six
//! cells at the two ends of a pair, or the four diagonal corners of a square. Every other
//! neighbour of the shape sees both cells of the pair (or one cell of each diagonal of the
//! square), so no reveal can ever tell the two ways round apart. A shape's **tally** counts
//! the layouts with one way round: a pair's first cell a mine and second safe, or a square's
//! main diagonal mines and the other safe, and the flanking cells all mines; by symmetry the
//! other way round has as many.
//!
//! - A cell whose mine layouts all come from one shape (its tally equals the cell's mine
//!   count) is a **pseudo-50/50**: either it is safe, or it is one side of a 50/50 that will
//!   have to be guessed anyway. Taking it now risks nothing more and its number may help.
//! - A candidate's **influence** adds the tallies of the shapes it belongs to (and of those it
//!   flanks, as an "enabler"): guessing it settles, or rules out, a future forced guess.
//!
//! Only shapes with few flanking cells still unknown are counted (one for a scan of pairs,
//! two for squares, three for a candidate's own shapes), as JSMinesweeper does: one count
//! each from the turn's own analysis ([`crate::engine::conditioned`]), cached for the turn.

use num_bigint::BigUint;
use num_traits::Zero;

use crate::board::{Board, Cell, CellIdx};
use crate::combinatorics::ratio_to_f64;
use crate::engine::conditioned::layouts_with;
use crate::engine::probability::{Analysis, CellClass, SolveConfig};

/// The kind of a shape, anchored at its top-left cell.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
enum Kind {
    Horizontal,
    Vertical,
    Square,
}

/// A step from a shape's anchor, `(dx, dy)`.
type Offset = (isize, isize);

/// A shape that can be a closed 50/50: its tally, its cells (in board order) and its
/// unknown flanking cells.
struct Counted {
    tally: BigUint,
    cells: Vec<CellIdx>,
    unknown: Vec<CellIdx>,
}

/// What is known of a shape, per anchor and kind.
#[derive(Debug, Clone, Copy)]
enum Looked {
    /// Not looked at yet.
    Not,
    /// Looked at with at most `max_unknown` unknown flanking cells: `None` when it cannot be
    /// a closed 50/50 (a cell of it is not hidden, a flanking cell is revealed, no layout
    /// allows it, or it had more unknown flanks), else its index among the counted shapes.
    With {
        max_unknown: usize,
        counted: Option<u32>,
    },
}

/// The share of all layouts under which a shape is not counted towards influence.
const INFLUENCE_THRESHOLD: f64 = 0.025;

/// The closed 50/50 shapes of one position.
pub(crate) struct LongTerm<'a> {
    board: &'a Board,
    analysis: &'a Analysis,
    solve: &'a SolveConfig,
    /// Per cell: a flag, or a hidden cell that is a mine in every layout ([`LongTerm::is_mine`]),
    /// decided once: the scan asks about each cell several times, and each answer compares
    /// two exact counts.
    certain_mine: Vec<bool>,
    /// Per kind and anchor cell (`kind * cells + anchor`), what is known of the shape: a
    /// dense table, as the scan looks at every anchor.
    looked: Vec<Looked>,
    /// The shapes counted, in the order they were.
    counted: Vec<Counted>,
    /// Per cell: the tallies of the scanned shapes it belongs to, above the threshold.
    in_shape: Vec<BigUint>,
    /// Per cell: the tallies of the scanned shapes it flanks, above the threshold.
    enabler: Vec<BigUint>,
    /// The pseudo-50/50 cells found by the scan.
    pseudos: Vec<CellIdx>,
    /// The tallies of shapes made of floating cells only, by (cells fixed, mines among them)
    /// ([`LongTerm::tally`]).
    floating_tallies: Vec<((usize, usize), BigUint)>,
    /// Analyses made (one per shape counted).
    pub analyses: u64,
}

impl<'a> LongTerm<'a> {
    pub fn new(board: &'a Board, analysis: &'a Analysis, solve: &'a SolveConfig) -> LongTerm<'a> {
        let certain_mine = board
            .indices()
            .map(|idx| match board.cell(idx) {
                Cell::Flag => true,
                Cell::Revealed(_) => false,
                _ => analysis.mine_layouts_ref(idx) == analysis.solutions(),
            })
            .collect();
        LongTerm {
            board,
            analysis,
            solve,
            certain_mine,
            looked: vec![Looked::Not; 3 * board.len()],
            counted: Vec::new(),
            in_shape: vec![BigUint::zero(); board.len()],
            enabler: vec![BigUint::zero(); board.len()],
            pseudos: Vec::new(),
            floating_tallies: Vec::new(),
            analyses: 0,
        }
    }

    /// A certain mine (or a flag): it can flank a shape without being counted as unknown.
    fn is_mine(&self, idx: CellIdx) -> bool {
        self.certain_mine[idx.get()]
    }

    /// Hidden and not a certain mine: a cell a shape can be made of.
    fn is_open(&self, idx: CellIdx) -> bool {
        self.board.cell(idx).is_unrevealed() && !self.is_mine(idx)
    }

    fn at(&self, x: isize, y: isize) -> Option<CellIdx> {
        if x < 0 || y < 0 {
            return None;
        }
        self.board.idx(x as usize, y as usize)
    }

    /// The shape of `kind` anchored at (x, y), counted when it has at most `max_unknown`
    /// unknown flanking cells: its index among the counted shapes.
    fn shape(&mut self, kind: Kind, x: isize, y: isize, max_unknown: usize) -> Option<u32> {
        let anchor = self.at(x, y)?;
        let slot = kind as usize * self.board.len() + anchor.get();
        if let Looked::With {
            max_unknown: limit,
            counted,
        } = self.looked[slot]
        {
            if counted.is_some() || limit >= max_unknown {
                return counted;
            }
        }
        let counted = self.count_shape(kind, x, y, max_unknown).map(|shape| {
            self.counted.push(shape);
            (self.counted.len() - 1) as u32
        });
        self.looked[slot] = Looked::With {
            max_unknown,
            counted,
        };
        counted
    }

    fn count_shape(
        &mut self,
        kind: Kind,
        x: isize,
        y: isize,
        max_unknown: usize,
    ) -> Option<Counted> {
        // The cells that are mines one way round, the cells safe that way, and the flanks.
        let (mines, safes, flanks): (&[Offset], &[Offset], &[Offset]) = match kind {
            Kind::Horizontal => (
                &[(0, 0)],
                &[(1, 0)],
                &[(-1, -1), (2, -1), (-1, 0), (2, 0), (-1, 1), (2, 1)],
            ),
            Kind::Vertical => (
                &[(0, 0)],
                &[(0, 1)],
                &[(-1, -1), (-1, 2), (0, -1), (0, 2), (1, -1), (1, 2)],
            ),
            Kind::Square => (
                &[(0, 0), (1, 1)],
                &[(1, 0), (0, 1)],
                &[(-1, -1), (2, -1), (-1, 2), (2, 2)],
            ),
        };
        // Most anchors fail these checks: nothing is allocated before they pass.
        let mut shape = [(CellIdx(0), false); 4];
        let n_shape = mines.len() + safes.len();
        for (slot, (&(dx, dy), mine)) in shape.iter_mut().zip(
            mines
                .iter()
                .map(|d| (d, true))
                .chain(safes.iter().map(|d| (d, false))),
        ) {
            let idx = self.at(x + dx, y + dy)?;
            if !self.is_open(idx) {
                return None;
            }
            *slot = (idx, mine);
        }
        let mut unknown_flanks = [CellIdx(0); 6];
        let mut n_unknown = 0;
        for &(dx, dy) in flanks {
            let Some(idx) = self.at(x + dx, y + dy) else {
                continue;
            };
            match self.board.cell(idx) {
                Cell::Revealed(_) => return None,
                _ if self.is_mine(idx) => {}
                _ => {
                    unknown_flanks[n_unknown] = idx;
                    n_unknown += 1;
                }
            }
        }
        if n_unknown > max_unknown {
            return None;
        }
        let unknown = unknown_flanks[..n_unknown].to_vec();
        let mut fixed = shape[..n_shape].to_vec();
        fixed.extend(unknown.iter().map(|&idx| (idx, true)));
        self.analyses += 1;
        let tally = self.tally(&fixed)?;
        let mut cells: Vec<CellIdx> = shape[..n_shape].iter().map(|&(idx, _)| idx).collect();
        cells.sort_unstable();
        (!tally.is_zero()).then_some(Counted {
            tally,
            cells,
            unknown,
        })
    }

    /// The layouts in which every cell of `fixed` is a mine or safe as given
    /// ([`layouts_with`]). When every cell is floating, that count depends only on how many
    /// cells are fixed and how many of them are mines (the fronts keep their counts; the
    /// floating cells left and the mines left for them are all that change), so it is
    /// counted once per position for each such pair: most shapes away from the front are
    /// made of floating cells, and each count combines every front's polynomial again.
    fn tally(&mut self, fixed: &[(CellIdx, bool)]) -> Option<BigUint> {
        let analysis = self.analysis;
        if !fixed
            .iter()
            .all(|&(c, _)| analysis.class(c) == CellClass::Floating)
        {
            return layouts_with(analysis, fixed, self.solve).ok();
        }
        let key = (fixed.len(), fixed.iter().filter(|f| f.1).count());
        if let Some((_, tally)) = self.floating_tallies.iter().find(|(k, _)| *k == key) {
            return Some(tally.clone());
        }
        let tally = layouts_with(analysis, fixed, self.solve).ok()?;
        self.floating_tallies.push((key, tally.clone()));
        Some(tally)
    }

    /// Scans the board's pairs (at most one unknown flanking cell), then, when no pair gave
    /// a pseudo-50/50, its squares (at most two): records each cell's influence and the
    /// pseudo-50/50s. `dead` says which cells can show one number only (never a pseudo).
    pub fn scan(&mut self, dead: impl Fn(CellIdx) -> bool) {
        let (w, h) = (self.board.width() as isize, self.board.height() as isize);
        for (kinds, max_unknown) in [
            (&[Kind::Horizontal, Kind::Vertical][..], 1),
            (&[Kind::Square][..], 2),
        ] {
            for &kind in kinds {
                for y in 0..h {
                    for x in 0..w {
                        if let Some(i) = self.shape(kind, x, y, max_unknown) {
                            self.add(i as usize, &dead);
                        }
                    }
                }
            }
            if !self.pseudos.is_empty() {
                return;
            }
        }
    }

    /// Records counted shape `i`.
    fn add(&mut self, i: usize, dead: &impl Fn(CellIdx) -> bool) {
        let Counted {
            tally,
            cells,
            unknown,
        } = &self.counted[i];
        let counted = ratio_to_f64(tally, self.analysis.solutions()) > INFLUENCE_THRESHOLD;
        if counted {
            for &e in unknown {
                self.enabler[e.get()] += tally;
            }
        }
        for &c in cells {
            if self.analysis.mine_layouts_ref(c) == tally && !dead(c) && !self.pseudos.contains(&c)
            {
                self.pseudos.push(c);
            }
            if counted {
                self.in_shape[c.get()] += tally;
            }
        }
    }

    /// The pseudo-50/50 cells the scan found, in board order of discovery. (The player does
    /// not play them first, which lost its paired games; they end the scan before squares,
    /// as in JSMinesweeper, which shapes the influence.)
    #[cfg(test)]
    pub fn pseudos(&self) -> &[CellIdx] {
        &self.pseudos
    }

    /// The cells the scan found influenced whose safety, counting the influence as safe,
    /// is above `threshold`.
    pub fn influenced_cells(&self, threshold: f64) -> Vec<CellIdx> {
        let total = self.analysis.solutions();
        self.board
            .indices()
            .filter(|&c| {
                let influence = &self.in_shape[c.get()] + &self.enabler[c.get()];
                if influence.is_zero() || !self.is_open(c) {
                    return false;
                }
                let safe = total - self.analysis.mine_layouts_ref(c) + influence;
                ratio_to_f64(&safe, total) > threshold
            })
            .collect()
    }

    /// A candidate's influence as a share of its safe layouts: the tallies of its own
    /// shapes (pairs added, the largest square) and of those it enables, capped by its mine
    /// and its safe layouts.
    pub fn influence(&mut self, idx: CellIdx) -> f64 {
        let (x, y) = self.board.xy(idx);
        let (x, y) = (x as isize, y as isize);
        let mut influence = BigUint::zero();
        for (kind, ax, ay) in [
            (Kind::Horizontal, x, y),
            (Kind::Horizontal, x - 1, y),
            (Kind::Vertical, x, y),
            (Kind::Vertical, x, y - 1),
        ] {
            if let Some(i) = self.shape(kind, ax, ay, 3) {
                influence += &self.counted[i as usize].tally;
            }
        }
        let mut square = BigUint::zero();
        for (ax, ay) in [(x, y), (x - 1, y), (x, y - 1), (x - 1, y - 1)] {
            if let Some(i) = self.shape(Kind::Square, ax, ay, 3) {
                square = square.max(self.counted[i as usize].tally.clone());
            }
        }
        influence += square + &self.enabler[idx.get()];
        let total = self.analysis.solutions();
        let mines = self.analysis.mine_layouts_ref(idx);
        let safe = total - mines;
        if safe.is_zero() {
            return 0.0;
        }
        let cap = mines.min(&safe).clone();
        ratio_to_f64(&influence.min(cap), &safe)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::probability::solve_board;
    use crate::formats::parse_mine;

    /// One mine among the four cells left of the flags; two pairs closed by the flags; a
    /// floating region on the right (the position of the player test of pseudo-50/50s).
    const PSEUDO_PAIRS: &str = "8x4x9\nHHFHHHHH\n14FHHHHH\nHHFHHHHH\nFFFHHHHH\n";

    /// A shape's tally, remembered or not, is the count of `layouts_with` itself, on random
    /// positions and random fixes of their floating cells (each asked twice, so the second
    /// answer comes from the memo) and of front cells too. Fails if the memo's key misses
    /// anything its count depends on.
    #[test]
    fn tallies_are_the_conditioned_counts() {
        let solve = SolveConfig::default();
        let mut rng = crate::rng::GameRng::new(16);
        let (mut floating_fixes, mut remembered) = (0, 0);
        for _ in 0..3_000 {
            let board = crate::player::test_positions::random_position(&mut rng);
            let Ok(analysis) = solve_board(&board, &solve) else {
                continue;
            };
            let mut long_term = LongTerm::new(&board, &analysis, &solve);
            let hidden: Vec<CellIdx> = board
                .indices()
                .filter(|&c| board.cell(c).is_unrevealed())
                .collect();
            if hidden.is_empty() {
                continue;
            }
            for _ in 0..6 {
                let mut fixed: Vec<(CellIdx, bool)> = Vec::new();
                for _ in 0..=rng.below(4) {
                    let cell = hidden[rng.below(hidden.len() as u64) as usize];
                    if fixed.iter().all(|&(c, _)| c != cell) {
                        fixed.push((cell, rng.below(2) == 0));
                    }
                }
                let expected = layouts_with(&analysis, &fixed, &solve).ok();
                let floating = fixed
                    .iter()
                    .all(|&(c, _)| analysis.class(c) == CellClass::Floating);
                let known_before = long_term.floating_tallies.len();
                assert_eq!(long_term.tally(&fixed), expected, "{board:?} {fixed:?}");
                assert_eq!(long_term.tally(&fixed), expected, "{board:?} {fixed:?}");
                if floating {
                    floating_fixes += 1;
                    remembered += usize::from(long_term.floating_tallies.len() == known_before);
                }
            }
        }
        assert!(floating_fixes > 500, "only {floating_fixes} floating fixes");
        assert!(
            remembered > 100,
            "only {remembered} answered from the memo first"
        );
    }

    #[test]
    fn pseudo_fifty_fifties_and_influence() {
        let board = parse_mine(PSEUDO_PAIRS).unwrap();
        let solve = SolveConfig::default();
        let analysis = solve_board(&board, &solve).unwrap();
        let mut long_term = LongTerm::new(&board, &analysis, &solve);
        long_term.scan(|_| false);
        let mut pseudos: Vec<(usize, usize)> =
            long_term.pseudos().iter().map(|&c| board.xy(c)).collect();
        pseudos.sort_unstable();
        assert_eq!(pseudos, [(0, 0), (0, 2), (1, 0), (1, 2)]);
        assert!(long_term.analyses > 0);
        // A dead cell is never a pseudo-50/50.
        let mut none = LongTerm::new(&board, &analysis, &solve);
        none.scan(|_| true);
        assert!(none.pseudos().is_empty());
        // (0,0) is a mine only inside its pair: its influence is all of its mine layouts,
        // a third of its safe ones (1 in 4 against 3 in 4).
        let a = board.idx(0, 0).unwrap();
        assert!((long_term.influence(a) - 1.0 / 3.0).abs() < 1e-12);
        // A floating cell away from the walls has no closed shape with few unknown flanks.
        let inner = board.idx(5, 1).unwrap();
        assert_eq!(long_term.influence(inner), 0.0);
    }
}
