//! Isolated regions: parts of a position that are games of their own (issue 16, mechanism 4).
//!
//! Call a hidden cell **open** when it is not a flag and not a mine in every consistent
//! layout (a certain mine never shows a number, so it links nothing). Two open cells are
//! **linked** when they are neighbours, or both neighbours of one revealed number. A
//! **region** is a connected group of open cells under that link such that:
//! 1. none of its cells is floating (each touches a number: the region is walled in by
//!    numbers, certain mines and the board's edges), and
//! 2. it holds the same number of mines in every consistent layout, and
//! 3. some open cell lies outside it.
//!
//! Then no number, revealed or still to be revealed, sees both a cell of the region and an
//! open cell outside it, and the mine count does not tie them either. So the consistent
//! layouts are exactly every mine pattern of the region times every layout of the rest, and
//! each reveal in the region only ever splits the region's patterns. The game is won when
//! both parts are won, and the chance of that under optimal play is the product of the two
//! parts' chances, whatever order their moves come in. Playing the region's best move (from
//! the exact endgame solver) as soon as it is small enough is therefore optimal for the
//! region and costs the rest nothing, even when the whole board has far too many layouts for
//! the solver.
//!
//! [`region_board`] writes a region as a small board of its own: the region's cells hidden,
//! the numbers around it kept, the certain mines around it flagged, and every other cell
//! revealed with a number that only counts those flags (it constrains nothing). The tests
//! check all of this against brute force on small random boards.

use num_bigint::BigUint;
use num_traits::Zero;

use crate::board::{Board, Cell, CellIdx};
use crate::probability::{Analysis, CellClass};

/// A region of a position, as defined in the module overview.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Region {
    /// Its cells, in board order.
    pub(crate) cells: Vec<CellIdx>,
    /// The mines it holds in every consistent layout.
    pub(crate) mines: usize,
}

/// The regions of the position `analysis` was made from, smallest first (then by their first
/// cell). Empty when the open cells form one group, or when no group qualifies.
pub(crate) fn isolated_regions(board: &Board, analysis: &Analysis) -> Vec<Region> {
    let n = board.len();
    let total = analysis.solutions();
    if total.is_zero() {
        return Vec::new();
    }
    let open: Vec<bool> = board
        .indices()
        .map(|idx| is_open(board, analysis, idx))
        .collect();

    // Union-find over the open cells: neighbours, and the open neighbours of each number.
    let mut parent: Vec<u32> = (0..n as u32).collect();
    for idx in board.indices() {
        match board.cell(idx) {
            Cell::Revealed(_) => {
                let mut first: Option<CellIdx> = None;
                for nb in board.neighbours(idx).filter(|nb| open[nb.get()]) {
                    match first {
                        None => first = Some(nb),
                        Some(f) => union(&mut parent, f.get(), nb.get()),
                    }
                }
            }
            _ if open[idx.get()] => {
                for nb in board.neighbours(idx).filter(|nb| open[nb.get()]) {
                    union(&mut parent, idx.get(), nb.get());
                }
            }
            _ => {}
        }
    }
    let mut groups: Vec<Vec<CellIdx>> = Vec::new();
    let mut group_of_root: Vec<Option<usize>> = vec![None; n];
    for idx in board.indices().filter(|idx| open[idx.get()]) {
        let root = find(&mut parent, idx.get());
        let g = *group_of_root[root].get_or_insert_with(|| {
            groups.push(Vec::new());
            groups.len() - 1
        });
        groups[g].push(idx);
    }
    if groups.len() < 2 {
        return Vec::new();
    }

    // The front of each box, to see whether the fronts a group touches have one mine count.
    let mut front_of_box = vec![0usize; analysis.boxes.boxes.len()];
    for (f, front) in analysis.boxes.fronts.iter().enumerate() {
        for &b in &front.boxes {
            front_of_box[b as usize] = f;
        }
    }
    let fixed_front: Vec<bool> = analysis
        .front_counts
        .iter()
        .map(|(_, counts)| counts.iter().filter(|c| !c.is_zero()).count() == 1)
        .collect();

    let mut regions: Vec<Region> = groups
        .into_iter()
        .filter_map(|cells| {
            // A group's mine count is fixed when every front it touches has one mine count:
            // a front's layouts are its parts' layouts combined freely (they are linked only
            // through certain mines, which never vary), so a constant total makes each part's
            // total constant. A floating cell shares the mines left with the whole board.
            for &idx in &cells {
                match analysis.class(idx) {
                    CellClass::Boxed(b) => {
                        if !fixed_front.get(front_of_box[b as usize]).copied()? {
                            return None;
                        }
                    }
                    CellClass::Safe => {}
                    _ => return None,
                }
            }
            // Fixed, so the mines summed over every layout are that count times the layouts.
            let weight: BigUint = cells.iter().map(|&idx| analysis.mine_layouts(idx)).sum();
            if !(&weight % total).is_zero() {
                return None;
            }
            let mines = usize::try_from(weight / total).ok()?;
            Some(Region { cells, mines })
        })
        .collect();
    regions.sort_by(|a, b| {
        a.cells
            .len()
            .cmp(&b.cells.len())
            .then(a.cells.cmp(&b.cells))
    });
    regions
}

/// The region written as a board of its own, with the corner `(x, y)` of the original board
/// it starts at: the cells within two steps of the region (so every number next to it keeps
/// all its neighbours), the region's cells hidden, certain mines flagged, the numbers next to
/// the region kept, and every other cell revealed with the count of its flagged neighbours.
/// `None` when the board cannot be built (it always can for a region of
/// [`isolated_regions`]).
pub(crate) fn region_board(
    board: &Board,
    analysis: &Analysis,
    region: &Region,
) -> Option<(Board, (usize, usize))> {
    let (mut x0, mut y0) = (usize::MAX, usize::MAX);
    let (mut x1, mut y1) = (0, 0);
    for &idx in &region.cells {
        let (x, y) = board.xy(idx);
        (x0, y0, x1, y1) = (x0.min(x), y0.min(y), x1.max(x), y1.max(y));
    }
    if region.cells.is_empty() {
        return None;
    }
    let (x0, y0) = (x0.saturating_sub(2), y0.saturating_sub(2));
    let x1 = (x1 + 2).min(board.width() - 1);
    let y1 = (y1 + 2).min(board.height() - 1);
    let (width, height) = (x1 - x0 + 1, y1 - y0 + 1);

    let mut in_region = vec![false; board.len()];
    for &idx in &region.cells {
        in_region[idx.get()] = true;
    }
    let beside_region = |idx: CellIdx| board.neighbours(idx).any(|nb| in_region[nb.get()]);
    let mut cells = Vec::with_capacity(width * height);
    for y in y0..=y1 {
        for x in x0..=x1 {
            let idx = board.idx(x, y)?;
            let cell = board.cell(idx);
            cells.push(if in_region[idx.get()] {
                match cell {
                    Cell::HiddenSafe => Cell::HiddenSafe,
                    _ => Cell::Hidden,
                }
            } else if cell == Cell::Flag || is_certain_mine(board, analysis, idx) {
                Cell::Flag
            } else if matches!(cell, Cell::Revealed(_)) && beside_region(idx) {
                cell
            } else {
                // Filled in below, once every flag is known.
                Cell::Revealed(0)
            });
        }
    }
    let mut small = Board::from_cells(width, height, 0, cells).ok()?;
    let flags = small.flag_count();
    for y in y0..=y1 {
        for x in x0..=x1 {
            let (idx, local) = (board.idx(x, y)?, small.idx(x - x0, y - y0)?);
            let kept = in_region[idx.get()]
                || small.cell(local) == Cell::Flag
                || (matches!(board.cell(idx), Cell::Revealed(_)) && beside_region(idx));
            if !kept {
                let around = small
                    .neighbours(local)
                    .filter(|&nb| small.cell(nb) == Cell::Flag)
                    .count();
                small.set_cell(local, Cell::Revealed(around as u8));
            }
        }
    }
    let small =
        Board::from_cells(width, height, flags + region.mines, small.cells().to_vec()).ok()?;
    Some((small, (x0, y0)))
}

/// Hidden, not a flag, and not a mine in every layout.
fn is_open(board: &Board, analysis: &Analysis, idx: CellIdx) -> bool {
    board.cell(idx).is_unrevealed() && !is_certain_mine(board, analysis, idx)
}

/// An unrevealed cell that is a mine in every consistent layout.
fn is_certain_mine(board: &Board, analysis: &Analysis, idx: CellIdx) -> bool {
    board.cell(idx).is_unrevealed()
        && match analysis.class(idx) {
            CellClass::Mine => true,
            CellClass::Boxed(_) | CellClass::Floating => {
                &analysis.mine_layouts(idx) == analysis.solutions()
            }
            _ => false,
        }
}

fn find(parent: &mut [u32], mut i: usize) -> usize {
    while parent[i] as usize != i {
        parent[i] = parent[parent[i] as usize];
        i = parent[i] as usize;
    }
    i
}

fn union(parent: &mut [u32], a: usize, b: usize) {
    let (ra, rb) = (find(parent, a), find(parent, b));
    if ra != rb {
        parent[ra] = rb as u32;
    }
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;

    use super::*;
    use crate::brute::enumerate_layouts;
    use crate::player::test_positions::analysed_positions;
    use crate::probability::{solve_board, SolveConfig};

    /// A position from a layout (`*` a mine) and a mask of what the player sees (`H`
    /// hidden, `F` flagged, anything else revealed with its true number).
    fn position(layout: &[&str], mask: &[&str]) -> Board {
        let (width, height) = (layout[0].len(), layout.len());
        let is_mine: Vec<bool> = layout
            .iter()
            .flat_map(|r| r.chars().map(|c| c == '*'))
            .collect();
        let mines = is_mine.iter().filter(|m| **m).count();
        let mut board = Board::new(width, height, mines).unwrap();
        let seen: Vec<char> = mask.iter().flat_map(|r| r.chars()).collect();
        for idx in board.indices().collect::<Vec<_>>() {
            let cell = match seen[idx.get()] {
                'H' => Cell::Hidden,
                'F' => Cell::Flag,
                _ => {
                    let around = board.neighbours(idx).filter(|n| is_mine[n.get()]).count();
                    Cell::Revealed(around as u8)
                }
            };
            board.set_cell(idx, cell);
        }
        board
    }

    fn regions_of(board: &Board) -> Vec<Region> {
        let analysis = solve_board(board, &SolveConfig::default()).unwrap();
        isolated_regions(board, &analysis)
    }

    fn cells(board_width: usize, xy: &[(usize, usize)]) -> Vec<CellIdx> {
        xy.iter()
            .map(|&(x, y)| CellIdx((y * board_width + x) as u32))
            .collect()
    }

    /// The right two columns are open ground with floating cells in every test board.
    const LAYOUT_RIGHT: [&str; 4] = ["......*", ".......", ".......", ".....*."];

    fn with_right(left: [&str; 4], right: [&str; 4]) -> Vec<String> {
        left.iter()
            .zip(right)
            .map(|(l, r)| format!("{l}{r}"))
            .collect()
    }

    fn board_of(left_layout: [&str; 4], left_mask: [&str; 4]) -> Board {
        let layout = with_right(left_layout, LAYOUT_RIGHT);
        let mask = with_right(left_mask, ["...HHHH"; 4]);
        let layout: Vec<&str> = layout.iter().map(|s| &s[..]).collect();
        let mask: Vec<&str> = mask.iter().map(|s| &s[..]).collect();
        position(&layout, &mask)
    }

    #[test]
    fn a_walled_fifty_fifty_is_a_region() {
        // The two bottom-left cells hold one mine; the flags beside them wall them in, so
        // the numbers above see both or neither.
        let board = board_of(
            ["....", "....", "..*.", "*.*."],
            ["....", "....", "..F.", "HHF."],
        );
        let regions = regions_of(&board);
        assert_eq!(
            regions,
            vec![Region {
                cells: cells(board.width(), &[(0, 3), (1, 3)]),
                mines: 1,
            }]
        );
        let analysis = solve_board(&board, &SolveConfig::default()).unwrap();
        let (small, corner) = region_board(&board, &analysis, &regions[0]).unwrap();
        assert_eq!(corner, (0, 1));
        // Two steps around the pair: four columns, three rows, the two flags and its mine.
        assert_eq!((small.width(), small.height(), small.mines()), (4, 3, 3));
    }

    #[test]
    fn a_pocket_whose_count_varies_is_not_a_region() {
        // Top left, A B C hidden: the 2 below A sees A and B (and a flag), the 4 below C sees
        // B and C (and three flags): B alone, or A and C, so the pocket holds one mine or two
        // and shares the mine count with the rest.
        let board = board_of(
            [".*.*", ".*.*", "....", "...."],
            ["HHHF", ".F.F", "....", "...."],
        );
        assert_eq!(board.cell(CellIdx(11)), Cell::Revealed(2));
        assert_eq!(board.cell(CellIdx(13)), Cell::Revealed(4));
        assert!(regions_of(&board).is_empty());
    }

    #[test]
    fn a_pocket_with_a_floating_cell_is_not_a_region() {
        // A 2x2 pocket in the corner: its corner cell touches no number.
        let board = board_of(
            ["....", ".*..", "....", "...."],
            ["HH..", "HH..", "....", "...."],
        );
        assert!(regions_of(&board).is_empty());
    }

    /// The layouts won under optimal play, from the endgame solver's reduced win chance.
    fn wins_of(board: &Board) -> BigUint {
        let endgame =
            crate::endgame::solve_endgame(board, &crate::EndgameConfig::default()).unwrap();
        let win = endgame.win().expect("small boards are solved");
        win.numer() * endgame.layouts() / win.denom()
    }

    /// `board` after revealing `idx` in the layout `mines` (board indices of the mines off
    /// the flags), with the flood fill of play.
    fn revealed_in(board: &Board, mines: &[usize], idx: CellIdx) -> Board {
        let mut out = board.clone();
        let is_mine = |c: CellIdx| mines.contains(&c.get()) || board.cell(c) == Cell::Flag;
        let mut stack = vec![idx];
        while let Some(c) = stack.pop() {
            if !out.cell(c).is_unrevealed() {
                continue;
            }
            let around = board.neighbours(c).filter(|&n| is_mine(n)).count();
            out.set_cell(c, Cell::Revealed(around as u8));
            if around == 0 {
                stack.extend(board.neighbours(c).filter(|&n| out.cell(n).is_unrevealed()));
            }
        }
        out
    }

    #[test]
    fn the_region_move_is_optimal_on_the_whole_board() {
        // The region's best move, played on the whole board, wins as many layouts as the
        // whole board's optimal play: its value (the wins of every position it can lead to,
        // each solved exactly) equals the whole board's.
        let mut checked = 0;
        for (board, analysis, brute) in analysed_positions(16_005) {
            if brute.layouts.is_empty() || brute.candidates.len() > 14 {
                continue;
            }
            for region in isolated_regions(&board, &analysis) {
                let (small, (x0, y0)) = region_board(&board, &analysis, &region).unwrap();
                let small_endgame =
                    crate::endgame::solve_endgame(&small, &crate::EndgameConfig::default())
                        .unwrap();
                let Some((x, y)) = small_endgame.best_move() else {
                    continue;
                };
                let idx = board.idx(x + x0, y + y0).unwrap();
                assert!(region.cells.contains(&idx));
                let mut children: Vec<(Board, u64)> = Vec::new();
                for layout in brute.layouts.iter().filter(|l| !l.contains(&idx.get())) {
                    let child = revealed_in(&board, layout, idx);
                    match children.iter_mut().find(|(b, _)| *b == child) {
                        Some((_, n)) => *n += 1,
                        None => children.push((child, 1)),
                    }
                }
                for (child, n) in &children {
                    let count = solve_board(child, &SolveConfig::default()).unwrap();
                    assert_eq!(count.solutions(), &BigUint::from(*n), "{child:?}");
                }
                let move_wins: BigUint = children.iter().map(|(child, _)| wins_of(child)).sum();
                assert_eq!(move_wins, wins_of(&board), "{board:?} {region:?} {small:?}");
                checked += 1;
            }
        }
        eprintln!("{checked} region moves checked");
        assert!(checked > 300, "only {checked} region moves checked");
    }

    /// The mine pattern of `layout` (brute force's mines, board indices) on `cells`.
    fn pattern(layout: &[usize], cells: &[usize]) -> Vec<usize> {
        layout
            .iter()
            .copied()
            .filter(|c| cells.contains(c))
            .collect()
    }

    #[test]
    fn regions_are_games_of_their_own_by_brute_force() {
        let (mut boards, mut regions_seen, mut several_patterns) = (0, 0, 0);
        for (board, analysis, brute) in analysed_positions(16_004) {
            assert_eq!(
                BigUint::from(brute.layouts.len()),
                *analysis.solutions(),
                "the engine and brute force disagree on the count"
            );
            if brute.layouts.is_empty() {
                continue;
            }
            boards += 1;
            for region in isolated_regions(&board, &analysis) {
                regions_seen += 1;
                let inside: Vec<usize> = region.cells.iter().map(|c| c.get()).collect();
                let outside: Vec<usize> = brute
                    .candidates
                    .iter()
                    .copied()
                    .filter(|c| !inside.contains(c))
                    .collect();
                // The region is open ground only: no cell of it is a mine in every layout.
                // Its mine count is the same in every layout.
                for layout in &brute.layouts {
                    assert_eq!(pattern(layout, &inside).len(), region.mines, "{board:?}");
                }
                // Independence: the layouts are every region pattern times every pattern of
                // the rest (each layout is one distinct pair, so equal counts mean all pairs).
                let inner: BTreeSet<Vec<usize>> =
                    brute.layouts.iter().map(|l| pattern(l, &inside)).collect();
                let outer: BTreeSet<Vec<usize>> =
                    brute.layouts.iter().map(|l| pattern(l, &outside)).collect();
                assert_eq!(
                    inner.len() * outer.len(),
                    brute.layouts.len(),
                    "not independent: {board:?} {region:?}"
                );
                // Some open cell lies outside, and no region cell is a certain mine.
                assert!(
                    outer.len() > 1
                        || outside
                            .iter()
                            .any(|&c| { brute.layouts.iter().all(|l| !l.contains(&c)) })
                );
                several_patterns += usize::from(inner.len() > 1);
                // The region's own board has exactly the region's patterns, once each.
                let (small, (x0, y0)) = region_board(&board, &analysis, &region).unwrap();
                let small_brute = enumerate_layouts(&small).unwrap();
                let to_board = |local: usize| {
                    let (x, y) = small.xy(CellIdx(local as u32));
                    board.idx(x + x0, y + y0).unwrap().get()
                };
                let mut small_patterns: Vec<Vec<usize>> = small_brute
                    .layouts
                    .iter()
                    .map(|l| {
                        let mut p: Vec<usize> = l.iter().map(|&c| to_board(c)).collect();
                        p.sort_unstable();
                        p
                    })
                    .collect();
                small_patterns.sort();
                assert_eq!(
                    small_patterns,
                    inner.iter().cloned().collect::<Vec<_>>(),
                    "the region's board differs: {board:?} {small:?}"
                );
                // Revealing a region cell shows the same number on both boards: the numbers
                // beside the region are kept, and the flags around it are the certain mines.
                for layout in &brute.layouts {
                    for &c in &inside {
                        if layout.contains(&c) {
                            continue;
                        }
                        let around = board
                            .neighbours(CellIdx(c as u32))
                            .filter(|nb| {
                                layout.contains(&nb.get()) || board.cell(*nb) == Cell::Flag
                            })
                            .count();
                        let (x, y) = board.xy(CellIdx(c as u32));
                        let local = small.idx(x - x0, y - y0).unwrap();
                        let small_layout: Vec<usize> = small_brute
                            .layouts
                            .iter()
                            .find(|l| {
                                let mut p: Vec<usize> = l.iter().map(|&c| to_board(c)).collect();
                                p.sort_unstable();
                                p == pattern(layout, &inside)
                            })
                            .unwrap()
                            .clone();
                        let small_around = small
                            .neighbours(local)
                            .filter(|nb| {
                                small_layout.contains(&nb.get()) || small.cell(*nb) == Cell::Flag
                            })
                            .count();
                        assert_eq!(around, small_around, "{board:?} {small:?}");
                    }
                }
            }
        }
        eprintln!("{boards} boards, {regions_seen} regions, {several_patterns} to guess in");
        // The generator must give boards with regions, and regions that need a guess.
        assert!(boards > 10_000, "only {boards} boards");
        assert!(regions_seen > 500, "only {regions_seen} regions");
        assert!(
            several_patterns > 200,
            "only {several_patterns} regions to guess in"
        );
    }
}
