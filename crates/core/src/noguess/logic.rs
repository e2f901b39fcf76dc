//! The generator's own solver: plays a layout from the first click with sound deductions only,
//! and, when allowed, perturbs the layout where it gets stuck.
//!
//! The phases, cheapest first (the hot loop of generation):
//! 1. **Reduce**: a number whose unknown neighbours must all be safe, or all mines.
//! 2. **Overlap**: two numbers at most two cells apart; the mines their shared unknown cells
//!    can hold bound the mines in the cells only one of them sees.
//! 3. **Probability**: only when both are stuck, the exact global engine ([`solve_board`]) on
//!    the player's view, with the global mine count: cells with no mine in any consistent
//!    layout are safe, cells with a mine in all of them are mines.
//! 4. **Perturb** (Simon Tatham's `mineperturb`): a stuck number's unknown neighbours are all
//!    emptied or all filled by swapping mines with unknown cells elsewhere (on the frontier
//!    first, then further away), so that the number settles them at the next Reduce. Only
//!    unknown cells change, so every cell the solver already settled keeps its true state;
//!    the numbers around the changed cells are updated and the solver continues from there.
//!
//! Every decision is made from vectors in board order and the seeded [`GameRng`]; no hash map
//! order and no floating point, so a seed gives the same board on every platform.

use crate::board::{Board, Cell, CellIdx};
use crate::engine::probability::{solve_board, CellClass, SolveConfig};
use crate::rng::GameRng;

/// What the solver knows about a cell.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Known {
    Unknown,
    Open,
    Mine,
}

/// How a pass ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum PassOutcome {
    /// Every safe cell was opened, after this many perturbations.
    Solved { perturbations: usize },
    /// Stuck with perturbation not allowed, not possible, or over its budget.
    Stuck,
}

/// Counters of one pass.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(crate) struct PassCounters {
    /// Calls of the exact engine.
    pub engine_calls: usize,
}

/// The board geometry, computed once per generation: neighbour lists in board order.
pub(crate) struct Geometry {
    pub width: usize,
    pub height: usize,
    neighbours: Vec<[u32; 8]>,
    neighbour_count: Vec<u8>,
}

impl Geometry {
    pub fn new(width: usize, height: usize) -> Geometry {
        let cells = width * height;
        let mut neighbours = vec![[0u32; 8]; cells];
        let mut neighbour_count = vec![0u8; cells];
        for y in 0..height {
            for x in 0..width {
                let idx = y * width + x;
                let mut k = 0;
                for dy in -1isize..=1 {
                    for dx in -1isize..=1 {
                        if dx == 0 && dy == 0 {
                            continue;
                        }
                        let (nx, ny) = (x as isize + dx, y as isize + dy);
                        if nx >= 0 && ny >= 0 && (nx as usize) < width && (ny as usize) < height {
                            neighbours[idx][k] = (ny as usize * width + nx as usize) as u32;
                            k += 1;
                        }
                    }
                }
                neighbour_count[idx] = k as u8;
            }
        }
        Geometry {
            width,
            height,
            neighbours,
            neighbour_count,
        }
    }

    pub fn cells(&self) -> usize {
        self.width * self.height
    }

    #[inline]
    pub fn neighbours(&self, idx: usize) -> &[u32] {
        &self.neighbours[idx][..self.neighbour_count[idx] as usize]
    }

    /// True when `a` and `b` are distinct and touch (including diagonally).
    #[inline]
    fn adjacent(&self, a: usize, b: usize) -> bool {
        let (ax, ay) = ((a % self.width) as isize, (a / self.width) as isize);
        let (bx, by) = ((b % self.width) as isize, (b / self.width) as isize);
        a != b && (ax - bx).abs() <= 1 && (ay - by).abs() <= 1
    }
}

/// One pass of the solver over a layout it may perturb.
pub(crate) struct Pass<'a> {
    geometry: &'a Geometry,
    /// The layout, perturbed in place.
    mines: &'a mut [bool],
    total_mines: usize,
    known: Vec<Known>,
    /// For open cells: the number shown (kept up to date when a perturbation changes a
    /// neighbour).
    number: Vec<u8>,
    /// Unknown neighbours of each cell.
    unknown_around: Vec<u8>,
    /// Known-mine neighbours of each cell.
    mines_known_around: Vec<u8>,
    opened: usize,
    reduce_queue: Vec<u32>,
    in_reduce_queue: Vec<bool>,
    overlap_queue: Vec<u32>,
    in_overlap_queue: Vec<bool>,
    pub counters: PassCounters,
}

impl<'a> Pass<'a> {
    pub fn new(geometry: &'a Geometry, mines: &'a mut [bool]) -> Pass<'a> {
        let cells = geometry.cells();
        let total_mines = mines.iter().filter(|m| **m).count();
        let unknown_around = (0..cells).map(|i| geometry.neighbour_count[i]).collect();
        Pass {
            geometry,
            mines,
            total_mines,
            known: vec![Known::Unknown; cells],
            number: vec![0; cells],
            unknown_around,
            mines_known_around: vec![0; cells],
            opened: 0,
            reduce_queue: Vec::new(),
            in_reduce_queue: vec![false; cells],
            overlap_queue: Vec::new(),
            in_overlap_queue: vec![false; cells],
            counters: PassCounters::default(),
        }
    }

    /// Plays from `first_click` (a zero) to the end. With `perturbation_budget` 0 the layout is
    /// never changed; otherwise at most that many perturbations are made.
    pub fn run(
        &mut self,
        first_click: usize,
        rng: &mut GameRng,
        perturbation_budget: usize,
        solve_config: &SolveConfig,
    ) -> PassOutcome {
        debug_assert!(!self.mines[first_click]);
        self.open(first_click);
        let mut perturbations = 0;
        loop {
            self.deduce_locally();
            if self.is_solved() {
                return PassOutcome::Solved { perturbations };
            }
            if self.deduce_globally(solve_config) {
                continue;
            }
            if perturbations >= perturbation_budget || !self.perturb(rng) {
                return PassOutcome::Stuck;
            }
            perturbations += 1;
        }
    }

    fn is_solved(&self) -> bool {
        self.opened + self.total_mines == self.geometry.cells()
    }

    fn queue(&mut self, idx: usize) {
        if !self.in_reduce_queue[idx] {
            self.in_reduce_queue[idx] = true;
            self.reduce_queue.push(idx as u32);
        }
        if !self.in_overlap_queue[idx] {
            self.in_overlap_queue[idx] = true;
            self.overlap_queue.push(idx as u32);
        }
    }

    fn open(&mut self, idx: usize) {
        debug_assert_eq!(self.known[idx], Known::Unknown);
        debug_assert!(!self.mines[idx], "the solver opened a mine");
        self.known[idx] = Known::Open;
        self.opened += 1;
        let geometry = self.geometry;
        let mut around = 0;
        for &n in geometry.neighbours(idx) {
            let n = n as usize;
            around += u8::from(self.mines[n]);
            self.unknown_around[n] -= 1;
            if self.known[n] == Known::Open {
                self.queue(n);
            }
        }
        self.number[idx] = around;
        self.queue(idx);
    }

    fn mark_mine(&mut self, idx: usize) {
        debug_assert_eq!(self.known[idx], Known::Unknown);
        debug_assert!(self.mines[idx], "the solver marked a safe cell as a mine");
        self.known[idx] = Known::Mine;
        let geometry = self.geometry;
        for &n in geometry.neighbours(idx) {
            let n = n as usize;
            self.unknown_around[n] -= 1;
            self.mines_known_around[n] += 1;
            if self.known[n] == Known::Open {
                self.queue(n);
            }
        }
    }

    /// Mines still to find among the unknown neighbours of an open cell.
    #[inline]
    fn need(&self, idx: usize) -> i32 {
        self.number[idx] as i32 - self.mines_known_around[idx] as i32
    }

    /// Reduce, then Overlap, until neither finds anything.
    fn deduce_locally(&mut self) {
        loop {
            while let Some(idx) = self.reduce_queue.pop() {
                let idx = idx as usize;
                self.in_reduce_queue[idx] = false;
                self.reduce(idx);
            }
            match self.overlap_queue.pop() {
                Some(idx) => {
                    let idx = idx as usize;
                    self.in_overlap_queue[idx] = false;
                    self.overlap(idx);
                }
                None => return,
            }
        }
    }

    fn reduce(&mut self, idx: usize) {
        let unknown = self.unknown_around[idx] as i32;
        if unknown == 0 || self.known[idx] != Known::Open {
            return;
        }
        let need = self.need(idx);
        if need == 0 {
            self.settle_unknown_neighbours(idx, None, false);
        } else if need == unknown {
            self.settle_unknown_neighbours(idx, None, true);
        }
    }

    /// Opens (or marks as mines) the unknown neighbours of `idx`, except those touching
    /// `except`.
    fn settle_unknown_neighbours(&mut self, idx: usize, except: Option<usize>, mine: bool) {
        let geometry = self.geometry;
        for &n in geometry.neighbours(idx) {
            let n = n as usize;
            if self.known[n] != Known::Unknown {
                continue;
            }
            if except.is_some_and(|e| geometry.adjacent(n, e)) {
                continue;
            }
            if mine {
                self.mark_mine(n);
            } else {
                self.open(n);
            }
        }
    }

    /// Compares the open cell `a` with every open cell at most two cells away.
    fn overlap(&mut self, a: usize) {
        if self.known[a] != Known::Open || self.unknown_around[a] == 0 {
            return;
        }
        let geometry = self.geometry;
        let (ax, ay) = ((a % geometry.width) as isize, (a / geometry.width) as isize);
        for dy in -2isize..=2 {
            for dx in -2isize..=2 {
                if dx == 0 && dy == 0 {
                    continue;
                }
                let (bx, by) = (ax + dx, ay + dy);
                if bx < 0
                    || by < 0
                    || bx as usize >= geometry.width
                    || by as usize >= geometry.height
                {
                    continue;
                }
                let b = by as usize * geometry.width + bx as usize;
                if self.known[b] != Known::Open || self.unknown_around[b] == 0 {
                    continue;
                }
                if self.unknown_around[a] == 0 {
                    return;
                }
                self.overlap_pair(a, b);
            }
        }
    }

    fn overlap_pair(&mut self, a: usize, b: usize) {
        let geometry = self.geometry;
        let mut common = 0i32;
        for &n in geometry.neighbours(b) {
            let n = n as usize;
            if self.known[n] == Known::Unknown && geometry.adjacent(n, a) {
                common += 1;
            }
        }
        if common == 0 {
            return;
        }
        let only_a = self.unknown_around[a] as i32 - common;
        let only_b = self.unknown_around[b] as i32 - common;
        let (need_a, need_b) = (self.need(a), self.need(b));
        // Bounds on the mines in the shared cells, from both numbers.
        let low = 0.max(need_a - only_a).max(need_b - only_b);
        let high = common.min(need_a).min(need_b);
        for (this, other, only, need) in [(a, b, only_a, need_a), (b, a, only_b, need_b)] {
            if only == 0 {
                continue;
            }
            if need - high == only {
                self.settle_unknown_neighbours(this, Some(other), true);
                return;
            }
            if need - low == 0 {
                self.settle_unknown_neighbours(this, Some(other), false);
                return;
            }
        }
    }

    /// The player's view as a board for the exact engine: known mines as flags.
    fn view(&self) -> Board {
        let cells = self
            .known
            .iter()
            .zip(&self.number)
            .map(|(known, &number)| match known {
                Known::Unknown => Cell::Hidden,
                Known::Open => Cell::Revealed(number),
                Known::Mine => Cell::Flag,
            })
            .collect();
        Board::from_cells(
            self.geometry.width,
            self.geometry.height,
            self.total_mines,
            cells,
        )
        .expect("the view of a real layout is a valid board")
    }

    /// Runs the exact engine; settles every cell it proves safe or a mine. False when it
    /// proves nothing (or fails on its budget, which counts as proving nothing).
    fn deduce_globally(&mut self, solve_config: &SolveConfig) -> bool {
        self.counters.engine_calls += 1;
        let board = self.view();
        let Ok(analysis) = solve_board(&board, solve_config) else {
            return false;
        };
        let solutions = analysis.solutions().clone();
        // The answer per box (and for the floating cells) is computed once: 0 unknown,
        // 1 safe, 2 mine, 3 neither.
        let mut box_answer: Vec<u8> = Vec::new();
        let mut floating_answer = 0u8;
        let mut settled = Vec::new();
        for idx in 0..self.geometry.cells() {
            if self.known[idx] != Known::Unknown {
                continue;
            }
            let cell = CellIdx(idx as u32);
            let slot = match analysis.class(cell) {
                CellClass::Safe => {
                    settled.push((idx, false));
                    continue;
                }
                CellClass::Mine => {
                    settled.push((idx, true));
                    continue;
                }
                CellClass::Boxed(b) => {
                    let b = b as usize;
                    if box_answer.len() <= b {
                        box_answer.resize(b + 1, 0);
                    }
                    &mut box_answer[b]
                }
                CellClass::Floating => &mut floating_answer,
                CellClass::Revealed | CellClass::Flag => continue,
            };
            if *slot == 0 {
                let layouts = analysis.mine_layouts(cell);
                *slot = if layouts == num_bigint::BigUint::default() {
                    1
                } else if layouts == solutions {
                    2
                } else {
                    3
                };
            }
            match *slot {
                1 => settled.push((idx, false)),
                2 => settled.push((idx, true)),
                _ => {}
            }
        }
        for &(idx, mine) in &settled {
            if mine {
                self.mark_mine(idx);
            } else {
                self.open(idx);
            }
        }
        !settled.is_empty()
    }

    /// Tatham's perturbation: picks a stuck number at random and empties or fills its unknown
    /// neighbours by swapping with unknown cells elsewhere. False when no number is stuck next
    /// to unknown cells or there are not enough cells to swap with.
    fn perturb(&mut self, rng: &mut GameRng) -> bool {
        let cells = self.geometry.cells();
        let geometry = self.geometry;
        let stuck: Vec<usize> = (0..cells)
            .filter(|&i| self.known[i] == Known::Open && self.unknown_around[i] > 0)
            .collect();
        if stuck.is_empty() {
            return false;
        }
        let centre = stuck[rng.below(stuck.len() as u64) as usize];
        let set: Vec<usize> = geometry
            .neighbours(centre)
            .iter()
            .map(|&n| n as usize)
            .filter(|&n| self.known[n] == Known::Unknown)
            .collect();
        let full = set.iter().filter(|&&n| self.mines[n]).count();
        let empty = set.len() - full;

        // Swap partners: unknown cells outside the set, those on the frontier first, then the
        // others; each group in random order (drawn lazily).
        let mut frontier = Vec::new();
        let mut beyond = Vec::new();
        for i in 0..cells {
            if self.known[i] != Known::Unknown || geometry.adjacent(i, centre) {
                continue;
            }
            let on_frontier = geometry
                .neighbours(i)
                .iter()
                .any(|&n| self.known[n as usize] == Known::Open);
            if on_frontier {
                frontier.push(i);
            } else {
                beyond.push(i);
            }
        }
        // Walk the partners until enough empty cells take the set's mines (empty the set) or
        // enough mines fill its empty cells (fill the set), whichever comes first.
        let mut to_fill = Vec::new();
        let mut to_empty = Vec::new();
        let mut found = false;
        'groups: for group in [&mut frontier, &mut beyond] {
            let mut left = group.len();
            while left > 0 {
                let pick = rng.below(left as u64) as usize;
                left -= 1;
                group.swap(pick, left);
                let cell = group[left];
                if self.mines[cell] {
                    to_empty.push(cell);
                } else {
                    to_fill.push(cell);
                }
                if to_fill.len() == full || to_empty.len() == empty {
                    found = true;
                    break 'groups;
                }
            }
        }
        if !found {
            return false;
        }
        let mut changed: Vec<usize> = Vec::with_capacity(2 * set.len());
        if to_fill.len() == full {
            changed.extend(set.iter().copied().filter(|&n| self.mines[n]));
            changed.extend(to_fill);
        } else {
            changed.extend(set.iter().copied().filter(|&n| !self.mines[n]));
            changed.extend(to_empty);
        }
        for idx in changed {
            let now_mine = !self.mines[idx];
            self.mines[idx] = now_mine;
            for &n in geometry.neighbours(idx) {
                let n = n as usize;
                if self.known[n] == Known::Open {
                    if now_mine {
                        self.number[n] += 1;
                    } else {
                        self.number[n] -= 1;
                    }
                    self.queue(n);
                }
            }
        }
        true
    }
}
