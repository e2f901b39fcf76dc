//! One pass over a set of layouts ([`scan`]): per cell, in how many layouts it is a mine and
//! whether what it shows varies; and what the search reads from those counts (the cells still
//! in play, the safe cells that tell layouts apart, the safest guess's safe layouts). The
//! search's innermost loop, kept apart so that it can be read (and vectorised) on its own.

use super::layouts::{LayoutTable, MINE, ROW_LANES};

/// Scratch for [`scan`]: per column of the table (padded to whole blocks), mines, and the
/// bits in which entries differ from the first layout's.
#[derive(Default)]
pub(super) struct WideScan {
    mines: Vec<u32>,
    differs: Vec<u16>,
}

/// The cells of `active` still in play in every subset of a set of `size` layouts, given
/// [`scan`]'s counts: not a mine in all of them, and either a mine in some or showing
/// different numbers. The others stay as they are in every subset, so children skip them.
/// The vector is sized for all of `active` at once: a filtered `collect` grows from a few
/// entries, and its reallocations were the search's largest cost in the allocator.
pub(super) fn still_in_play(active: &[u32], mines: &[u32], varies: &[bool], size: u32) -> Vec<u32> {
    let mut cells = Vec::with_capacity(active.len());
    cells.extend(
        active
            .iter()
            .enumerate()
            .filter(|&(k, _)| mines[k] < size && (mines[k] > 0 || varies[k]))
            .map(|(_, &c)| c),
    );
    cells
}

/// The cells of `active` that are safe in every layout of a set and show different things
/// in some of them, given [`scan`]'s counts: they are revealed without branching.
pub(super) fn informative_safe(active: &[u32], mines: &[u32], varies: &[bool]) -> Vec<usize> {
    // Sized at once, as in `still_in_play`.
    let mut cells = Vec::with_capacity(active.len());
    informative_safe_into(active, mines, varies, &mut cells);
    cells
}

/// [`informative_safe`] into `cells` (emptied first), for a caller that keeps the vector.
pub(super) fn informative_safe_into(
    active: &[u32],
    mines: &[u32],
    varies: &[bool],
    cells: &mut Vec<usize>,
) {
    cells.clear();
    cells.extend(
        (0..active.len())
            .filter(|&k| mines[k] == 0 && varies[k])
            .map(|k| active[k] as usize),
    );
}

/// The most layouts in which one guess is safe, given [`scan`]'s mine counts over a set of
/// `size` layouts: the safe layouts of the safest cell that is a mine in some of them (a
/// guess wins at most where it is safe), or `size` when no cell is.
pub(super) fn safest_guess(mines: &[u32], size: u32) -> u64 {
    mines
        .iter()
        .filter(|&&m| m > 0 && m < size)
        .map(|&m| (size - m) as u64)
        .max()
        .unwrap_or(size as u64)
}

/// The most layouts [`scan`] counts in 16 bits before it adds the counts up; small in the
/// unit tests, so that every search they run crosses chunks.
const CHUNK: usize = if cfg!(test) { 7 } else { u16::MAX as usize };

/// One pass over `set`: per cell of `active` (by position), its mines and whether what it
/// shows varies, into `mines` and `varies`. When the active cells are a good share of the
/// columns, the pass reads whole rows and picks the active cells after; else it reads the
/// active cells only. The row pass goes a block of [`ROW_LANES`] columns at a time (the rows
/// are padded to whole blocks), with the block's counts in a fixed array that the compiler
/// keeps in vector registers across the layouts: no tail, and no count loaded and stored
/// again at each layout (the expert auto-player's scans in 1.8x fewer instructions than a
/// pass over whole rows with the counts in memory, journal/endgame.md, twenty-seventh
/// session). It counts mines in 16 bits, like the entries, over chunks of at most
/// `u16::MAX` layouts ([`CHUNK`]).
pub(super) fn scan(
    table: &LayoutTable,
    set: &[u32],
    active: &[u32],
    wide: &mut WideScan,
    mines: &mut Vec<u32>,
    varies: &mut Vec<bool>,
) {
    mines.clear();
    varies.clear();
    let first = table.row(set[0]);
    let width = first.len();
    if active.len() * 4 >= width {
        let (blocks, per_row) = (table.blocks(), table.blocks_per_row());
        wide.mines.clear();
        wide.mines.resize(per_row * ROW_LANES, 0);
        wide.differs.clear();
        wide.differs.resize(per_row * ROW_LANES, 0);
        for chunk in set.chunks(CHUNK) {
            for block in 0..per_row {
                let first = &blocks[set[0] as usize * per_row + block];
                let (mut block_mines, mut block_differs) = ([0u16; ROW_LANES], [0u16; ROW_LANES]);
                for &layout in chunk {
                    let entries = &blocks[layout as usize * per_row + block];
                    for lane in 0..ROW_LANES {
                        block_mines[lane] += u16::from(entries[lane] == MINE);
                        block_differs[lane] |= entries[lane] ^ first[lane];
                    }
                }
                let at = block * ROW_LANES;
                for lane in 0..ROW_LANES {
                    wide.mines[at + lane] += u32::from(block_mines[lane]);
                    wide.differs[at + lane] |= block_differs[lane];
                }
            }
        }
        mines.extend(active.iter().map(|&c| wide.mines[c as usize]));
        varies.extend(active.iter().map(|&c| wide.differs[c as usize] != 0));
    } else {
        mines.resize(active.len(), 0);
        varies.resize(active.len(), false);
        for &layout in set {
            let row = table.row(layout);
            for (k, &c) in active.iter().enumerate() {
                let o = row[c as usize];
                mines[k] += (o == MINE) as u32;
                varies[k] |= o != first[c as usize];
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::endgame::test_tables::table_of;
    use crate::rng::GameRng;

    /// Both passes give each active cell's mines and whether it varies, as counted one
    /// layout at a time, on random sets (across several chunks) and random active cells, on a
    /// table of several blocks of columns, the last one padded.
    #[test]
    fn scans_count_as_the_definition() {
        let (_, table) = table_of(include_str!(
            "../../benches/endgame_positions/expert-1000-1.mine"
        ));
        let (n_layouts, n_cells) = (table.n_layouts() as u32, table.cells().len() as u32);
        assert!(table.blocks_per_row() >= 2 && !(n_cells as usize).is_multiple_of(ROW_LANES));
        let mut rng = GameRng::new(11);
        let mut wide = WideScan::default();
        let (mut mines, mut varies) = (Vec::new(), Vec::new());
        for round in 0..100 {
            let set: Vec<u32> = (0..n_layouts).filter(|_| rng.below(2) == 0).collect();
            // Every other round few enough active cells for the narrow pass.
            let keep = if round % 2 == 0 { 1 } else { 8 };
            let active: Vec<u32> = (0..n_cells).filter(|_| rng.below(keep) == 0).collect();
            scan(&table, &set, &active, &mut wide, &mut mines, &mut varies);
            for (k, &c) in active.iter().enumerate() {
                let column = table.column(c as usize);
                let expected_mines = set.iter().filter(|&&l| column[l as usize] == MINE).count();
                let first = column[set[0] as usize];
                let expected_varies = set.iter().any(|&l| column[l as usize] != first);
                assert_eq!(
                    (mines[k] as usize, varies[k]),
                    (expected_mines, expected_varies)
                );
            }
        }
    }
}
