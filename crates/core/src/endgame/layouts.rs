//! The full layouts of a position, as the endgame search sees them.
//!
//! Every consistent placement of the unflagged mines is listed, front and floating cells
//! together, and turned at once into an **observation table**: for each layout and each cell
//! in play (every unrevealed, unflagged cell), what the player would see on revealing that
//! cell in that layout. Two layouts give the same observation for a cell exactly when their
//! entries are equal, so the search partitions a set of layouts by a move with one pass and
//! never looks at a grid again.
//!
//! An entry is a mine, a number `0..=8`, or (for a cell showing 0, which opens its
//! neighbours) an id of the whole opened region: the cells it reveals and their numbers. The
//! opening follows play: a revealed 0 reveals its neighbours, and every 0 among them does the
//! same, through the cells in play only (a number that was revealed before the search starts
//! is already on the board and opens nothing).
//!
//! The enumeration walks the front cells one at a time, in an order that follows the
//! witnesses, with a count of mines still needed and cells still open per witness; the
//! floating cells take every combination of the mines the front leaves. It stops as soon as
//! the number of layouts passes the limit.

use std::collections::HashMap;

use crate::board::{Board, CellIdx};
use crate::engine::boxes::Boxes;
use crate::engine::rules::{Rules, Status};

/// The table entry of a cell that holds a mine in the layout.
pub(crate) const MINE: u16 = 0;

/// While listing, the entry of a mine; numbers are `0..=8`.
const RAW_MINE: u32 = 9;

/// While listing, entries from here on name an opened region (a 0 and what it opens).
const REGION_BASE: u32 = 10;

/// Rows of the observation table are padded to a multiple of this many entries
/// ([`LayoutTable::blocks`]): 16 entries of 16 bits, two vector registers of SSE2 or
/// wasm's simd128.
pub(crate) const ROW_LANES: usize = 16;

/// The entry of a padding column: not [`MINE`], and the same in every layout, so a padding
/// column counts no mine and never varies.
const PADDING: u16 = 1;

/// Every consistent layout, as observations per cell in play.
///
/// Only the cells that can tell layouts apart are kept as columns: a cell that is a mine in
/// every layout, or safe showing the same in every layout, never splits a set of them. Each
/// column's observations are renumbered densely, [`MINE`] first, in 16 bits (a column has at
/// most one value per layout, and the layouts are far fewer than 65,536), so that one
/// layout's row is a few cache lines however large the board.
#[derive(Debug, Clone)]
pub(crate) struct LayoutTable {
    /// The board index of each kept cell, in board order.
    cells: Vec<CellIdx>,
    n_layouts: usize,
    /// `observations[layout * stride + cell]`: each row padded to whole blocks of
    /// [`ROW_LANES`] entries with [`PADDING`], so that the scans read whole blocks with no
    /// tail ([`LayoutTable::blocks`]).
    observations: Vec<u16>,
    stride: usize,
    /// The same entries by column, `by_cell[cell * n_layouts + layout]`: a pass over one
    /// cell's observations of a set of layouts reads one short column, not a row a layout.
    by_cell: Vec<u16>,
    /// Per kept cell, the number of distinct entries in its column.
    n_values: Vec<u32>,
    /// Per kept cell, the kept cells whose mines can change what it shows: itself, its
    /// neighbours, and around every region it can open, the neighbours of that region.
    depends: Vec<Vec<u32>>,
    /// A safe cell in play of the first layout, when there is one.
    first_safe: Option<CellIdx>,
    /// Per layout, its mines among the kept cells as bits (`mine_words` words a layout).
    mine_bits: Vec<u64>,
    mine_words: usize,
}

/// Why the layouts could not be listed within the budget.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum TableFailure {
    /// More layouts than the limit.
    Layouts,
    /// The table would hold more entries than the limit (layouts times cells in play).
    Entries,
    /// The backtracking took more steps than the limit.
    Steps,
    /// A cell shows more than 65,535 different things across the layouts (only possible
    /// with a layout limit far above the default).
    Values,
}

/// The limits of [`LayoutTable::build`].
#[derive(Debug, Clone, Copy)]
pub(crate) struct TableLimits {
    pub max_layouts: usize,
    pub max_entries: usize,
    pub max_steps: u64,
}

impl LayoutTable {
    /// Lists every layout of `board`, whose rules and boxes are given.
    pub(crate) fn build(
        board: &Board,
        rules: &Rules,
        boxes: &Boxes,
        limits: TableLimits,
    ) -> Result<LayoutTable, TableFailure> {
        let cells: Vec<CellIdx> = board
            .indices()
            .filter(|&i| board.cell(i).is_unrevealed())
            .collect();
        let mut builder = Builder::new(board, rules, boxes, &cells, limits);
        builder.walk(0)?;
        let (n_layouts, raw) = (builder.n_layouts, builder.observations);
        let width = cells.len();
        let first_safe = (n_layouts > 0)
            .then(|| (0..width).find(|&c| raw[c] != RAW_MINE))
            .flatten()
            .map(|c| cells[c]);
        // Per column, its distinct entries renumbered in order of first appearance (a mine
        // first of all); a column with one entry is dropped. Raw entries are below
        // `REGION_BASE` plus the number of regions, so one array maps them (reset after each
        // column, entry by entry).
        let n_raw = REGION_BASE as usize + builder.regions.len();
        let mut number_of_raw: Vec<u16> = vec![u16::MAX; n_raw];
        let mut kept: Vec<usize> = Vec::new();
        let mut columns: Vec<Vec<u16>> = Vec::new();
        let mut n_values: Vec<u32> = Vec::new();
        let mut touched: Vec<u32> = Vec::new();
        for c in 0..width {
            number_of_raw[RAW_MINE as usize] = MINE;
            touched.push(RAW_MINE);
            let (mut next, mut seen_mine) = (1usize, false);
            let mut column = Vec::with_capacity(n_layouts);
            for layout in 0..n_layouts {
                let o = raw[layout * width + c];
                seen_mine |= o == RAW_MINE;
                let slot = &mut number_of_raw[o as usize];
                if *slot == u16::MAX {
                    if next >= u16::MAX as usize {
                        return Err(TableFailure::Values);
                    }
                    *slot = next as u16;
                    next += 1;
                    touched.push(o);
                }
                column.push(*slot);
            }
            for &o in &touched {
                number_of_raw[o as usize] = u16::MAX;
            }
            touched.clear();
            // Distinct entries: the ones numbered, less the mine's when no layout has one.
            if next - usize::from(!seen_mine) > 1 {
                kept.push(c);
                columns.push(column);
                n_values.push(next as u32);
            }
        }
        let stride = kept.len().div_ceil(ROW_LANES) * ROW_LANES;
        let mut observations = Vec::with_capacity(n_layouts * stride);
        for layout in 0..n_layouts {
            observations.extend(columns.iter().map(|column| column[layout]));
            observations.resize((layout + 1) * stride, PADDING);
        }
        let by_cell = columns.concat();
        drop(columns);
        drop(raw);
        let mine_words = kept.len().div_ceil(64).max(1);
        let mut mine_bits = vec![0u64; n_layouts * mine_words];
        for layout in 0..n_layouts {
            for k in 0..kept.len() {
                if observations[layout * stride + k] == MINE {
                    mine_bits[layout * mine_words + k / 64] |= 1 << (k % 64);
                }
            }
        }
        let mut column_of = vec![u32::MAX; width];
        for (k, &c) in kept.iter().enumerate() {
            column_of[c] = k as u32;
        }
        let depends = kept
            .iter()
            .map(|&c| {
                builder.depends[c]
                    .iter()
                    .filter_map(|&d| Some(column_of[d as usize]).filter(|&k| k != u32::MAX))
                    .collect()
            })
            .collect();
        Ok(LayoutTable {
            cells: kept.iter().map(|&c| cells[c]).collect(),
            n_layouts,
            observations,
            stride,
            by_cell,
            n_values,
            depends,
            first_safe,
            mine_bits,
            mine_words,
        })
    }

    /// The board indices of the kept cells (the columns).
    pub(crate) fn cells(&self) -> &[CellIdx] {
        &self.cells
    }

    /// The number of distinct entries of a column (they are `0..n_values`).
    pub(crate) fn n_values(&self, cell: usize) -> u32 {
        self.n_values[cell]
    }

    /// A safe cell in play of the first layout: with one layout, any safe cell is a best
    /// move, and no column is kept.
    pub(crate) fn first_safe(&self) -> Option<CellIdx> {
        self.first_safe
    }

    /// The number of layouts.
    pub(crate) fn n_layouts(&self) -> usize {
        self.n_layouts
    }

    /// The kept cells whose mines can change what `cell` shows (kept cells are numbered in
    /// board order).
    pub(crate) fn depends(&self, cell: usize) -> &[u32] {
        &self.depends[cell]
    }

    /// Words per layout in [`LayoutTable::mine_bits`].
    pub(crate) fn mine_words(&self) -> usize {
        self.mine_words
    }

    /// One layout's mines as bits: kept cell `k` is bit `k % 64` of word `k / 64`.
    pub(crate) fn mine_bits(&self, layout: u32) -> &[u64] {
        let words = self.mine_words;
        &self.mine_bits[layout as usize * words..(layout as usize + 1) * words]
    }

    /// One kept cell's observations, one entry per layout.
    pub(crate) fn column(&self, cell: usize) -> &[u16] {
        &self.by_cell[cell * self.n_layouts..(cell + 1) * self.n_layouts]
    }

    /// One layout's observations, one entry per kept cell.
    pub(crate) fn row(&self, layout: u32) -> &[u16] {
        let start = layout as usize * self.stride;
        &self.observations[start..start + self.cells.len()]
    }

    /// The rows in blocks of [`ROW_LANES`] entries, padded (the padding is never a mine
    /// and the same in every layout): block `b` of layout `l`'s row is
    /// `blocks()[l * blocks_per_row() + b]`.
    pub(crate) fn blocks(&self) -> &[[u16; ROW_LANES]] {
        self.observations.as_chunks().0
    }

    /// Blocks of [`ROW_LANES`] entries a row (see [`LayoutTable::blocks`]).
    pub(crate) fn blocks_per_row(&self) -> usize {
        self.stride / ROW_LANES
    }
}

/// The state of the enumeration.
struct Builder<'a> {
    board: &'a Board,
    limits: TableLimits,
    /// Board cells holding a mine in the layout being built (flags and deduced mines always).
    is_mine: Vec<bool>,
    /// The front cells in the order they are assigned.
    order: Vec<CellIdx>,
    /// Per front cell (in `order`), the witnesses over it.
    witnesses_of: Vec<Vec<u32>>,
    /// Per witness: mines still needed, and its cells not yet assigned.
    need_left: Vec<i32>,
    open_left: Vec<i32>,
    floating: Vec<CellIdx>,
    mines_left: usize,
    placed: usize,
    steps: u64,
    // The output.
    cells_in_play: &'a [CellIdx],
    /// Position in `cells_in_play` of each board cell in play.
    local_of_cell: Vec<Option<u32>>,
    n_layouts: usize,
    observations: Vec<u32>,
    regions: HashMap<Vec<u32>, u32>,
    /// Scratch for one row's numbers and flood.
    numbers: Vec<u8>,
    region_of: Vec<u32>,
    stack: Vec<u32>,
    region_key: Vec<u32>,
    /// Per cell in play, the cells in play whose mines can change what it shows.
    depends: Vec<std::collections::BTreeSet<u32>>,
}

impl<'a> Builder<'a> {
    fn new(
        board: &'a Board,
        rules: &Rules,
        boxes: &Boxes,
        cells_in_play: &'a [CellIdx],
        limits: TableLimits,
    ) -> Builder<'a> {
        let is_mine: Vec<bool> = rules
            .status
            .iter()
            .map(|s| matches!(s, Status::Flag | Status::Mine))
            .collect();
        let order = witness_order(rules, boxes);
        let mut witnesses_by_cell: HashMap<CellIdx, Vec<u32>> = HashMap::new();
        for (w, witness) in rules.witnesses.iter().enumerate() {
            for &cell in &witness.cells {
                witnesses_by_cell.entry(cell).or_default().push(w as u32);
            }
        }
        let witnesses_of = order
            .iter()
            .map(|c| witnesses_by_cell.remove(c).unwrap_or_default())
            .collect();
        let need_left = rules.witnesses.iter().map(|w| w.need as i32).collect();
        let open_left = rules
            .witnesses
            .iter()
            .map(|w| w.cells.len() as i32)
            .collect();
        let mut local_of_cell = vec![None; board.len()];
        for (i, c) in cells_in_play.iter().enumerate() {
            local_of_cell[c.get()] = Some(i as u32);
        }
        let depends = cells_in_play
            .iter()
            .map(|&cell| {
                std::iter::once(cell)
                    .chain(board.neighbours(cell))
                    .filter_map(|n| local_of_cell[n.get()])
                    .collect()
            })
            .collect();
        Builder {
            board,
            limits,
            is_mine,
            order,
            witnesses_of,
            need_left,
            open_left,
            floating: boxes.floating.clone(),
            mines_left: rules.mines_left,
            placed: 0,
            steps: 0,
            cells_in_play,
            local_of_cell,
            n_layouts: 0,
            observations: Vec::new(),
            regions: HashMap::new(),
            numbers: vec![0; cells_in_play.len()],
            region_of: vec![u32::MAX; cells_in_play.len()],
            stack: Vec::new(),
            region_key: Vec::new(),
            depends,
        }
    }

    /// Assigns front cell `at` and the ones after it, both ways.
    fn walk(&mut self, at: usize) -> Result<(), TableFailure> {
        self.steps += 1;
        if self.steps > self.limits.max_steps {
            return Err(TableFailure::Steps);
        }
        if at == self.order.len() {
            return self.place_floating();
        }
        let cell = self.order[at];
        let cells_after = self.order.len() - at - 1;
        // As a mine: every witness over it must still need one.
        if self.placed < self.mines_left
            && self.witnesses_of[at]
                .iter()
                .all(|&w| self.need_left[w as usize] > 0)
        {
            for &w in &self.witnesses_of[at] {
                self.need_left[w as usize] -= 1;
                self.open_left[w as usize] -= 1;
            }
            self.is_mine[cell.get()] = true;
            self.placed += 1;
            let result = self.walk(at + 1);
            self.placed -= 1;
            self.is_mine[cell.get()] = false;
            for &w in &self.witnesses_of[at] {
                self.need_left[w as usize] += 1;
                self.open_left[w as usize] += 1;
            }
            result?;
        }
        // As safe: every witness over it must still have room for what it needs.
        if self.mines_left - self.placed <= cells_after + self.floating.len()
            && self.witnesses_of[at]
                .iter()
                .all(|&w| self.need_left[w as usize] < self.open_left[w as usize])
        {
            for &w in &self.witnesses_of[at] {
                self.open_left[w as usize] -= 1;
            }
            let result = self.walk(at + 1);
            for &w in &self.witnesses_of[at] {
                self.open_left[w as usize] += 1;
            }
            result?;
        }
        Ok(())
    }

    /// Every way to put the mines the front left among the floating cells.
    fn place_floating(&mut self) -> Result<(), TableFailure> {
        let left = self.mines_left - self.placed;
        let n = self.floating.len();
        if left > n {
            return Ok(());
        }
        // `chosen` walks the combinations of `left` out of `n` in lexicographic order.
        let mut chosen: Vec<usize> = (0..left).collect();
        loop {
            for &i in &chosen {
                self.is_mine[self.floating[i].get()] = true;
            }
            self.emit()?;
            for &i in &chosen {
                self.is_mine[self.floating[i].get()] = false;
            }
            let Some(k) = (0..left).rev().find(|&k| chosen[k] < n - left + k) else {
                return Ok(());
            };
            chosen[k] += 1;
            for j in k + 1..left {
                chosen[j] = chosen[j - 1] + 1;
            }
        }
    }

    /// Appends the observation row of the layout in `is_mine`.
    fn emit(&mut self) -> Result<(), TableFailure> {
        self.n_layouts += 1;
        if self.n_layouts > self.limits.max_layouts {
            return Err(TableFailure::Layouts);
        }
        let width = self.cells_in_play.len();
        if self.observations.len() + width > self.limits.max_entries {
            return Err(TableFailure::Entries);
        }
        for (i, &cell) in self.cells_in_play.iter().enumerate() {
            self.numbers[i] = if self.is_mine[cell.get()] {
                RAW_MINE as u8
            } else {
                self.board
                    .neighbours(cell)
                    .filter(|n| self.is_mine[n.get()])
                    .count() as u8
            };
            self.region_of[i] = u32::MAX;
        }
        let start = self.observations.len();
        self.observations
            .extend(self.numbers.iter().map(|&n| n as u32));
        // Each connected group of zeros opens one region: the zeros and every cell in play
        // around them. Its id is shared by all its zeros, and by the same region in any other
        // layout.
        for seed in 0..width {
            if self.numbers[seed] != 0 || self.region_of[seed] != u32::MAX {
                continue;
            }
            self.region_key.clear();
            let mut zeros = Vec::new();
            self.stack.push(seed as u32);
            self.region_of[seed] = 0;
            while let Some(z) = self.stack.pop() {
                zeros.push(z);
                for n in self.board.neighbours(self.cells_in_play[z as usize]) {
                    let Some(local) = self.local_of_cell[n.get()] else {
                        continue;
                    };
                    if self.numbers[local as usize] == 0
                        && self.region_of[local as usize] == u32::MAX
                    {
                        self.region_of[local as usize] = 0;
                        self.stack.push(local);
                    }
                }
            }
            // The region: the zeros and their neighbours in play, each with its number.
            let mut in_region: Vec<u32> = Vec::new();
            for &z in &zeros {
                in_region.push(z);
                for n in self.board.neighbours(self.cells_in_play[z as usize]) {
                    if let Some(local) = self.local_of_cell[n.get()] {
                        in_region.push(local);
                    }
                }
            }
            in_region.sort_unstable();
            in_region.dedup();
            self.region_key.extend(
                in_region
                    .iter()
                    .map(|&c| (c << 4) | self.numbers[c as usize] as u32),
            );
            let next_id = self.regions.len() as u32;
            let id = *self
                .regions
                .entry(self.region_key.clone())
                .or_insert(next_id);
            if id == next_id {
                // A new region: what its zeros show depends on every cell around it.
                for &r in &in_region {
                    for n in self.board.neighbours(self.cells_in_play[r as usize]) {
                        if let Some(local) = self.local_of_cell[n.get()] {
                            for &z in &zeros {
                                self.depends[z as usize].insert(local);
                            }
                        }
                    }
                }
            }
            for &z in &zeros {
                self.observations[start + z as usize] = REGION_BASE + id;
            }
        }
        Ok(())
    }
}

/// The front cells in an order that follows the witnesses: a breadth-first walk from cell to
/// witness to cell, so that each witness's cells are assigned close together and its count
/// is checked early.
fn witness_order(rules: &Rules, boxes: &Boxes) -> Vec<CellIdx> {
    let mut witnesses_of_cell: HashMap<CellIdx, Vec<u32>> = HashMap::new();
    for (w, witness) in rules.witnesses.iter().enumerate() {
        for &cell in &witness.cells {
            witnesses_of_cell.entry(cell).or_default().push(w as u32);
        }
    }
    let mut order = Vec::new();
    let mut seen_cell: HashMap<CellIdx, ()> = HashMap::new();
    let mut seen_witness = vec![false; rules.witnesses.len()];
    let front_cells = boxes.boxes.iter().flat_map(|b| b.cells.iter().copied());
    for start in front_cells {
        if seen_cell.contains_key(&start) {
            continue;
        }
        seen_cell.insert(start, ());
        let mut queue = std::collections::VecDeque::from([start]);
        while let Some(cell) = queue.pop_front() {
            order.push(cell);
            for &w in witnesses_of_cell
                .get(&cell)
                .map(Vec::as_slice)
                .unwrap_or(&[])
            {
                if std::mem::replace(&mut seen_witness[w as usize], true) {
                    continue;
                }
                for &next in &rules.witnesses[w as usize].cells {
                    if seen_cell.insert(next, ()).is_none() {
                        queue.push_back(next);
                    }
                }
            }
        }
    }
    order
}
