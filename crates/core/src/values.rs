//! Number chances: for every hidden cell that is not certainly a mine, the exact probability
//! of each number 0..=8 it would show if revealed, given that it is safe.
//!
//! The number a cell `c` shows is the sum of four independent-looking parts that are in fact
//! coupled only through the global mine count:
//! - **constants**: flagged neighbours and neighbours deduced to be mines;
//! - **front parts**: for each front, the mines in the neighbours that lie in its boxes. A
//!   neighbourhood may cover only part of a box: given the box holds `k` of its `s` cells'
//!   mines, the `a` covered cells hold `j` of them in `C(a, j) C(s - a, k - j)` of the
//!   `C(s, k)` ways (one cell fewer when `c` itself is in the box, since it must be safe);
//! - **floating part**: `j` of the `f` floating neighbours are mines in `C(f, j) C(F', r - j)`
//!   placements, where `F'` counts the other floating cells (without `c`) and `r` is what the
//!   fronts leave of the mines.
//!
//! Each front's enumeration is traced ([`trace_front`]), asked to keep the boxes of each
//! neighbourhood open together so that one step shows all of them. A backward pass gives, for
//! every line, the number of ways to finish the front per number of further mines; forward
//! count times transition weight times backward count is then the exact number of front
//! layouts through each transition, so one pass over the transitions of that step gives a
//! neighbourhood's joint distribution of (front mines, neighbourhood mines). The fronts a
//! neighbourhood touches are convolved together, the other fronts and the floating cells are
//! summed in with their exact weights, and the result is divided only at the end.
//!
//! [`solve_board_with_chances`] takes the analysis's counts and tallies from the same traces,
//! so each front is enumerated once for both; [`number_chances`] traces the fronts of an
//! analysis made before. The work is small and repeated per neighbourhood, so it is kept in
//! machine words: fronts under 60 cells count in `u64` (`u128` under 120), the big weights are
//! flat tables of 64-bit digits (Pascal's rule adds them, the per-number sums are column sums
//! of 64-bit products), and the nine counts of a cell live in one digit buffer.

use num_bigint::BigUint;
use num_traits::{ToPrimitive, Zero};

use crate::board::{Board, CellIdx};
use crate::boxes::Boxes;
use crate::combinatorics::{ratio_to_f64, small_binomial, Count, Fraction};
use crate::combine::FrontWeights;
use crate::enumerate::{
    trace_front, trace_front_within, FastMap, FrontFailure, FrontLimits, FrontProblem, FrontTrace,
};
use crate::error::SolveError;
use crate::probability::{
    analysis_from_fronts, front_failure, front_problem, solve_board, Analysis, SolveConfig,
};
use crate::rules::{Rules, Status};
use digits::{
    big_from_u64_digits, divide_digits_exactly, dot_products, multiply_digits, odd_inverse,
    DigitTable,
};

mod digits;

/// The numbers a safe cell can show, 0 to 8.
pub const NUMBERS: usize = 9;

/// The exact number chances of one cell.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NumberChances {
    /// The consistent layouts in which the cell is safe and shows `n`, for each `n`, as
    /// little-endian 64-bit digits, `stride` per number in one buffer (the fewest digits that
    /// hold the largest count, so equal counts have equal digits): one allocation for the
    /// nine counts rather than one each.
    digits: Vec<u64>,
    stride: usize,
    /// Their sum: layouts in which the cell is safe. Never zero.
    safe_layouts: BigUint,
}

impl NumberChances {
    /// The digits of the count of `number` (below [`NUMBERS`]).
    fn digits_of(&self, number: usize) -> &[u64] {
        &self.digits[number * self.stride..(number + 1) * self.stride]
    }

    /// The number of consistent layouts in which the cell is safe and shows `number` (zero
    /// for `number` above 8).
    pub fn layouts_showing(&self, number: usize) -> BigUint {
        if number < NUMBERS {
            big_from_u64_digits(self.digits_of(number))
        } else {
            BigUint::zero()
        }
    }

    /// The number of consistent layouts in which the cell is safe.
    pub fn safe_layouts(&self) -> &BigUint {
        &self.safe_layouts
    }

    /// The exact probability that the cell shows `number`, given that it is safe.
    pub fn chance_exact(&self, number: usize) -> Fraction {
        Fraction::new(self.layouts_showing(number), self.safe_layouts.clone())
    }

    /// The probability of each number 0..=8, given that the cell is safe, as `f64`.
    pub fn chances(&self) -> [f64; NUMBERS] {
        std::array::from_fn(|n| {
            if self.digits_of(n).iter().all(|&d| d == 0) {
                0.0
            } else {
                ratio_to_f64(&self.layouts_showing(n), &self.safe_layouts)
            }
        })
    }

    /// The exact probability that the cell shows a zero (and so opens an area), given that it
    /// is safe.
    pub fn zero_chance_exact(&self) -> Fraction {
        self.chance_exact(0)
    }

    /// The numbers the cell shows in at least one consistent layout in which it is safe.
    pub fn possible_numbers(&self) -> Vec<u8> {
        (0..NUMBERS as u8)
            .filter(|&n| self.digits_of(n as usize).iter().any(|&d| d != 0))
            .collect()
    }
}

/// The number chances of every cell of a position. Cells whose neighbourhoods look alike to
/// the engine (most floating cells, for one) share one [`NumberChances`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BoardChances {
    chances: Vec<NumberChances>,
    /// Per board cell, its entry in `chances`.
    of_cell: Vec<Option<u32>>,
}

impl BoardChances {
    /// The chances of one cell: `Some` for each unrevealed, unflagged cell that is safe in at
    /// least one consistent layout, `None` for the rest (revealed cells, flags, certain
    /// mines).
    pub fn get(&self, idx: CellIdx) -> Option<&NumberChances> {
        self.of_cell
            .get(idx.get())
            .copied()
            .flatten()
            .map(|i| &self.chances[i as usize])
    }

    /// Every cell with chances, in board order.
    pub fn iter(&self) -> impl Iterator<Item = (CellIdx, &NumberChances)> + '_ {
        self.of_cell
            .iter()
            .enumerate()
            .filter_map(|(i, slot)| slot.map(|s| (CellIdx(i as u32), &self.chances[s as usize])))
    }
}

/// The number chances of every cell of the board `analysis` was made from.
///
/// A caller that wants both the analysis and the chances should call
/// [`solve_board_with_chances`], which enumerates each front once for both.
pub fn number_chances(
    board: &Board,
    analysis: &Analysis,
    config: &SolveConfig,
) -> Result<BoardChances, SolveError> {
    number_chances_with(board, analysis, config, false)
}

/// [`solve_board`] and [`number_chances`] together, with the same results (and the same
/// errors), but each front enumerated once: its traced enumeration, kept open where the
/// neighbourhoods need it, gives both its counts for the analysis and its joint
/// distributions for the chances. (Only [`crate::probability::SolveStats::lines_created`]
/// differs: it counts the traced enumeration's lines.) Positions with a front too large for
/// 128-bit counts, or over a budget, take the two calls.
///
/// The outer error is the analysis's, as [`solve_board`] gives it; the chances have their
/// own result, because they can be over budget (they keep more boxes open) where the
/// analysis is not, and the analysis is still worth having then.
pub fn solve_board_with_chances(
    board: &Board,
    config: &SolveConfig,
) -> Result<(Analysis, Result<BoardChances, SolveError>), SolveError> {
    let two_calls = || {
        let analysis = solve_board(board, config)?;
        let chances = number_chances(board, &analysis, config);
        Ok((analysis, chances))
    };
    let rules = Rules::from_board(board)?;
    let boxes = Boxes::new(&rules);
    let described = describe(board, &rules, &boxes);
    let limits = FrontLimits {
        max_lines: config.max_lines,
        max_work: config.max_work,
        max_mines: rules.mines_left,
    };
    let mut fronts = Vec::with_capacity(boxes.fronts.len());
    let mut distributions = Vec::with_capacity(boxes.fronts.len());
    let mut lines_created = 0u64;
    for (f, front) in boxes.fronts.iter().enumerate() {
        let problem = front_problem(&rules, &boxes, front);
        let n_cells: usize = problem.box_sizes.iter().map(|&s| s as usize).sum();
        if n_cells >= 120 {
            return two_calls();
        }
        let descriptors = &described.descriptors[f];
        let traced = if n_cells < SMALL_FRONT_CELLS {
            traced_front::<Small>(&problem, descriptors, &limits)
        } else {
            traced_front::<u128>(&problem, descriptors, &limits)
        };
        let Ok((weights, front_distributions, lines)) = traced else {
            // The two calls report the failure exactly as they would have.
            return two_calls();
        };
        lines_created += lines;
        fronts.push(weights);
        distributions.push(front_distributions);
    }
    let analysis = analysis_from_fronts(board, rules, boxes, fronts, lines_created, config)?;
    let chances = assemble(board, &analysis, described, &distributions, false);
    Ok((analysis, Ok(chances)))
}

/// [`number_chances`], optionally with big integers everywhere: the general combination
/// instead of the 64-bit fast path, and `BigUint` front enumerations instead of `u128`
/// (for the test that compares both, since small boards always take the fast paths).
fn number_chances_with(
    board: &Board,
    analysis: &Analysis,
    config: &SolveConfig,
    general_only: bool,
) -> Result<BoardChances, SolveError> {
    let rules = &analysis.rules;
    let boxes = &analysis.boxes;
    let described = describe(board, rules, boxes);
    // One traced enumeration per front that some neighbourhood touches.
    let mut distributions: Vec<Vec<Distribution>> = Vec::with_capacity(boxes.fronts.len());
    for (f, front) in boxes.fronts.iter().enumerate() {
        let descriptors = &described.descriptors[f];
        if descriptors.is_empty() {
            distributions.push(Vec::new());
            continue;
        }
        let problem = front_problem(rules, boxes, front);
        let n_cells: usize = problem.box_sizes.iter().map(|&s| s as usize).sum();
        let keep_together = keep_together(descriptors);
        // The same bound as the engine's: below 120 cells every count fits in a u128 (and
        // below SMALL_FRONT_CELLS in a u64).
        let result = if n_cells < SMALL_FRONT_CELLS && !general_only {
            trace_front::<Small>(&problem, &keep_together, config.max_lines).map(|trace| {
                let backward = Backward::new(&trace);
                distributions_from_trace(&problem, &trace, &backward, descriptors)
            })
        } else if n_cells < 120 && !general_only {
            trace_front::<u128>(&problem, &keep_together, config.max_lines).map(|trace| {
                let backward = Backward::new(&trace);
                distributions_from_trace(&problem, &trace, &backward, descriptors)
            })
        } else {
            trace_front::<BigUint>(&problem, &keep_together, config.max_lines).map(|trace| {
                let backward = Backward::new(&trace);
                distributions_from_trace(&problem, &trace, &backward, descriptors)
            })
        };
        match result {
            Ok(d) => distributions.push(d),
            Err(failure) => {
                return Err(front_failure(
                    board,
                    rules,
                    front,
                    failure,
                    config,
                    "probability lines in one front (number chances)",
                ))
            }
        }
    }
    Ok(assemble(
        board,
        analysis,
        described,
        &distributions,
        general_only,
    ))
}

/// Every cell's neighbourhood, described for the combination.
struct Described {
    /// Per front, its distinct parts keys (indexed by descriptor id).
    descriptors: Vec<Vec<PartsKey>>,
    /// The distinct neighbourhoods.
    hoods: Vec<HoodKey>,
    /// (cell, neighbourhood, constant) for every cell that may get chances.
    cells: Vec<(CellIdx, u32, u8)>,
}

/// Describes every cell's neighbourhood with fixed-size keys (no allocation per cell);
/// identical front parts share one descriptor, identical neighbourhoods one computation.
fn describe(board: &Board, rules: &Rules, boxes: &Boxes) -> Described {
    let mut front_and_local: Vec<(u32, u32)> = vec![(0, 0); boxes.boxes.len()];
    for (f, front) in boxes.fronts.iter().enumerate() {
        for (local, &b) in front.boxes.iter().enumerate() {
            front_and_local[b as usize] = (f as u32, local as u32);
        }
    }
    let mut descriptors: Vec<Vec<PartsKey>> = vec![Vec::new(); boxes.fronts.len()];
    // First capacities for the maps below: growing a hash table rehashes every entry, and
    // a position has a few dozen distinct neighbourhoods, a front a dozen or so parts keys.
    let mut descriptor_ids: Vec<FastMap<PartsKey, u32>> = (0..boxes.fronts.len())
        .map(|_| FastMap::with_capacity_and_hasher(16, Default::default()))
        .collect();
    // Room enough up front: these grow one entry per cell or neighbourhood.
    let mut hoods: Vec<HoodKey> = Vec::with_capacity(64);
    let mut hood_ids: FastMap<HoodKey, u32> = FastMap::default();
    let mut one_front_hood_ids: FastMap<u64, u32> =
        FastMap::with_capacity_and_hasher(64, Default::default());
    // Neighbourhoods with no front part (most floating cells) are told apart by their
    // floating neighbours and whether the cell floats alone: a table, not a hash.
    let mut partless: [u32; 2 * NUMBERS] = [u32::MAX; 2 * NUMBERS];
    let mut cells: Vec<(CellIdx, u32, u8)> = Vec::with_capacity(board.len());
    let (width, height) = (board.width(), board.height());
    // What each cell adds to its neighbours' numbers, on a grid with a border of empty cells
    // so that every cell has eight neighbours at fixed offsets: a box, a floating cell, a
    // certain mine, or nothing.
    const NOTHING: u32 = u32::MAX;
    const CERTAIN_MINE: u32 = u32::MAX - 1;
    const FLOATING: u32 = u32::MAX - 2;
    let padded_width = width + 2;
    let mut code = vec![NOTHING; padded_width * (height + 2)];
    // The same grid as counts to add up: one in the bits of its kind. Eight neighbours hold
    // at most eight of each, so each kind keeps to its own four bits.
    const FLOATING_UNIT: u16 = 1;
    const MINE_UNIT: u16 = 1 << 4;
    const BOX_UNIT: u16 = 1 << 8;
    let mut units = vec![0u16; padded_width * (height + 2)];
    for (y, (statuses, row_boxes)) in rules
        .status
        .chunks(width)
        .zip(boxes.box_of_cell.chunks(width))
        .enumerate()
    {
        let row = &mut code[(y + 1) * padded_width + 1..][..width];
        let unit_row = &mut units[(y + 1) * padded_width + 1..][..width];
        for (((slot, unit), status), own_box) in
            row.iter_mut().zip(unit_row).zip(statuses).zip(row_boxes)
        {
            (*slot, *unit) = match status {
                Status::Flag | Status::Mine => (CERTAIN_MINE, MINE_UNIT),
                Status::Unknown => match own_box {
                    Some(b) => (*b, BOX_UNIT),
                    None => (FLOATING, FLOATING_UNIT),
                },
                Status::Revealed | Status::Safe => (NOTHING, 0),
            };
        }
    }
    // Every cell's eight neighbours added up, row by row over whole rows (the compiler
    // vectorises these sums): three across on every padded row, then the rows above and
    // below plus the two beside. Most hidden cells touch no box, and these sums describe
    // them completely.
    let mut across = vec![0u16; width * (height + 2)];
    for (sums, row) in across.chunks_mut(width).zip(units.chunks(padded_width)) {
        for (((sum, &a), &b), &c) in sums.iter_mut().zip(row).zip(&row[1..]).zip(&row[2..]) {
            *sum = a + b + c;
        }
    }
    let mut around = vec![0u16; width];
    let offsets = [
        0,
        1,
        2,
        padded_width,
        padded_width + 2,
        2 * padded_width,
        2 * padded_width + 1,
        2 * padded_width + 2,
    ];
    for y in 0..height {
        let above = &across[y * width..][..width];
        let below = &across[(y + 2) * width..][..width];
        let middle = &units[(y + 1) * padded_width..][..padded_width];
        for ((((sum, &a), &b), &left), &right) in around
            .iter_mut()
            .zip(above)
            .zip(below)
            .zip(middle)
            .zip(&middle[2..])
        {
            *sum = a + b + left + right;
        }
        let statuses = &rules.status[y * width..][..width];
        let row_boxes = &boxes.box_of_cell[y * width..][..width];
        for (x, ((&status, &own_box), &sum)) in
            statuses.iter().zip(row_boxes).zip(&around).enumerate()
        {
            let i = y * width + x;
            if !matches!(status, Status::Unknown | Status::Safe) {
                continue;
            }
            let cell_floating = status == Status::Unknown && own_box.is_none();
            if sum < BOX_UNIT && own_box.is_none() {
                // No front part: told apart by the floating neighbours and whether the cell
                // floats alone, a table rather than a hash.
                let floating = (sum & 0xF) as u8;
                let constant = (sum >> 4 & 0xF) as u8;
                let slot = &mut partless[2 * floating as usize + cell_floating as usize];
                if *slot == u32::MAX {
                    hoods.push(HoodKey {
                        fronts: [0; MAX_PARTS],
                        n_fronts: 0,
                        floating,
                        cell_floating,
                    });
                    *slot = hoods.len() as u32 - 1;
                }
                cells.push((CellIdx(i as u32), *slot, constant));
                continue;
            }
            // The top-left neighbour's position on the padded grid.
            let corner = y * padded_width + x;
            let mut constant = 0u8;
            let mut floating = 0u8;
            // (front, part) pairs; a neighbourhood touches at most nine boxes.
            let mut parts = [(0u32, Part::default()); MAX_PARTS];
            let mut n_parts = 0usize;
            let mut add = |b: u32, covered: u8, has_cell: bool| {
                let (f, local) = front_and_local[b as usize];
                match parts[..n_parts]
                    .iter_mut()
                    .find(|(front, p)| *front == f && p.local_box == local)
                {
                    Some((_, part)) => {
                        part.covered += covered;
                        part.has_cell |= has_cell;
                    }
                    None => {
                        parts[n_parts] = (
                            f,
                            Part {
                                local_box: local,
                                covered,
                                has_cell,
                            },
                        );
                        n_parts += 1;
                    }
                }
            };
            for offset in offsets {
                match code[corner + offset] {
                    NOTHING => {}
                    CERTAIN_MINE => constant += 1,
                    FLOATING => floating += 1,
                    b => add(b, 1, false),
                }
            }
            if let Some(b) = own_box {
                add(b, 0, true);
            }
            let mut hood = HoodKey {
                fronts: [0; MAX_PARTS],
                n_fronts: 0,
                floating,
                cell_floating,
            };
            let parts = &mut parts[..n_parts];
            parts.sort_unstable_by_key(|(f, p)| (*f, p.local_box));
            for group in parts.chunk_by(|a, b| a.0 == b.0) {
                let f = group[0].0 as usize;
                let mut key = PartsKey::default();
                for (_, part) in group {
                    key.parts[key.len as usize] = *part;
                    key.len += 1;
                }
                let id = *descriptor_ids[f].entry(key).or_insert_with(|| {
                    descriptors[f].push(key);
                    descriptors[f].len() as u32 - 1
                });
                hood.fronts[hood.n_fronts as usize] = (f as u64) << 32 | id as u64;
                hood.n_fronts += 1;
            }
            let add_hood = || {
                hoods.push(hood);
                hoods.len() as u32 - 1
            };
            let hood_id = if hood.n_fronts == 1 {
                // The usual case, one front: the whole key packs into one word.
                let packed =
                    hood.fronts[0] << 8 | (hood.floating as u64) << 1 | hood.cell_floating as u64;
                *one_front_hood_ids.entry(packed).or_insert_with(add_hood)
            } else {
                *hood_ids.entry(hood).or_insert_with(add_hood)
            };
            cells.push((CellIdx(i as u32), hood_id, constant));
        }
    }
    Described {
        descriptors,
        hoods,
        cells,
    }
}

/// The keep-together groups of a front's descriptors: the boxes of each neighbourhood that
/// touches more than one.
fn keep_together(descriptors: &[PartsKey]) -> Vec<Vec<u32>> {
    descriptors
        .iter()
        .filter(|key| key.len > 1)
        .map(|key| key.parts().iter().map(|p| p.local_box).collect())
        .collect()
}

/// One keep-together group in a fixed-size array: a front's groups then take one allocation
/// in all rather than one each.
#[derive(Clone, Copy)]
struct BoxGroup {
    boxes: [u32; MAX_PARTS],
    len: usize,
}

impl AsRef<[u32]> for BoxGroup {
    fn as_ref(&self) -> &[u32] {
        &self.boxes[..self.len]
    }
}

/// [`keep_together`] as fixed-size groups.
fn keep_together_groups(descriptors: &[PartsKey]) -> Vec<BoxGroup> {
    descriptors
        .iter()
        .filter(|key| key.len > 1)
        .map(|key| {
            let mut group = BoxGroup {
                boxes: [0; MAX_PARTS],
                len: key.parts().len(),
            };
            for (slot, part) in group.boxes.iter_mut().zip(key.parts()) {
                *slot = part.local_box;
            }
            group
        })
        .collect()
}

/// Combines each neighbourhood's distributions with the rest of the board and stores the
/// chances of every cell.
fn assemble(
    board: &Board,
    analysis: &Analysis,
    described: Described,
    distributions: &[Vec<Distribution>],
    general_only: bool,
) -> BoardChances {
    let Described { hoods, cells, .. } = described;
    let mut combiner = Combiner::new(analysis, general_only);
    // Cells with the same neighbourhood differ only by their constant (most floating cells
    // share one entry), so their counts are computed once, and stored once per constant in
    // use: a bit per constant (at most eight neighbours, so below NUMBERS).
    let mut constants_of: Vec<u16> = vec![0; hoods.len()];
    for &(_, hood_id, constant) in &cells {
        constants_of[hood_id as usize] |= 1 << constant;
    }
    // `entry_of[hood * NUMBERS + constant]`: the chances of the cells with that pair, none
    // when they are never safe.
    let mut entry_of: Vec<Option<u32>> = vec![None; hoods.len() * NUMBERS];
    let mut out = BoardChances {
        chances: Vec::with_capacity(hoods.len() + NUMBERS),
        of_cell: vec![None; board.len()],
    };
    // The neighbourhood's counts, `stride` digits per number it can show, reused by each.
    let mut relative: Vec<u64> = Vec::new();
    for (hood_id, hood) in hoods.iter().enumerate() {
        let mut constants = constants_of[hood_id];
        let (stride, safe_layouts) = combiner.cell_counts(hood, distributions, &mut relative);
        if safe_layouts.is_zero() {
            continue;
        }
        let mut safe_layouts = Some(safe_layouts);
        while constants != 0 {
            let constant = constants.trailing_zeros() as usize;
            constants &= constants - 1;
            // The counts shifted up by the constant: zeros, the neighbourhood's counts (a
            // nonzero count always fits in 0..=8; the bound keeps that from panicking),
            // zeros. One allocation, of the right size.
            let shown = (relative.len() / stride).min(NUMBERS - constant);
            let mut digits = Vec::with_capacity(NUMBERS * stride);
            digits.resize(constant * stride, 0);
            digits.extend_from_slice(&relative[..shown * stride]);
            digits.resize(NUMBERS * stride, 0);
            // The last constant takes the safe layouts, the others clone them.
            let safe_layouts = if constants == 0 {
                safe_layouts.take().unwrap_or_default()
            } else {
                safe_layouts.clone().unwrap_or_default()
            };
            out.chances.push(NumberChances {
                digits,
                stride,
                safe_layouts,
            });
            entry_of[hood_id * NUMBERS + constant] = Some(out.chances.len() as u32 - 1);
        }
    }
    for (idx, hood_id, constant) in cells {
        out.of_cell[idx.get()] = entry_of[hood_id as usize * NUMBERS + constant as usize];
    }
    out
}

/// The most boxes (and so fronts) one neighbourhood can touch: eight neighbours and the cell.
const MAX_PARTS: usize = 9;

/// `C(n, k)` for the small `n` of boxes, covered cells and floating neighbours (at most 8,
/// and below 16 whatever the board), from a table instead of a loop of divisions.
fn choose(n: u32, k: u32) -> u64 {
    const SIDE: usize = 17;
    const TABLE: [[u64; SIDE]; SIDE] = {
        let mut table = [[0u64; SIDE]; SIDE];
        let mut n = 0;
        while n < SIDE {
            table[n][0] = 1;
            let mut k = 1;
            while k <= n {
                table[n][k] = table[n - 1][k - 1] + if k < n { table[n - 1][k] } else { 0 };
                k += 1;
            }
            n += 1;
        }
        table
    };
    if (n as usize) < SIDE {
        if k > n {
            0
        } else {
            TABLE[n as usize][k as usize]
        }
    } else {
        small_binomial(n, k)
    }
}

/// A neighbourhood's share of one box of a front.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
struct Part {
    /// Front-local box index.
    local_box: u32,
    /// How many of the box's cells are neighbours of the cell.
    covered: u8,
    /// Whether the cell itself is in the box (it must then be safe).
    has_cell: bool,
}

/// A neighbourhood's parts in one front, sorted by box: what a front's joint distribution
/// depends on. Fixed size, so building and hashing one allocates nothing.
#[derive(Debug, Clone, Copy, Default, Eq)]
struct PartsKey {
    len: u8,
    parts: [Part; MAX_PARTS],
}

impl PartialEq for PartsKey {
    /// The parts in use only (the others are all default): a key is looked up once per
    /// cell beside a front, and most use two or three of the nine.
    fn eq(&self, other: &PartsKey) -> bool {
        self.len == other.len && self.parts() == other.parts()
    }
}

impl std::hash::Hash for PartsKey {
    /// One word per part in use (the unused ones are all default).
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        for part in self.parts() {
            state.write_u64(
                (part.local_box as u64) << 16 | (part.covered as u64) << 8 | part.has_cell as u64,
            );
        }
    }
}

impl PartsKey {
    fn parts(&self) -> &[Part] {
        &self.parts[..self.len as usize]
    }
}

/// What two cells must share to have the same counts up to their constant: the front parts
/// (`front << 32 | descriptor id`, ascending), the floating neighbours and whether the cell
/// floats.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct HoodKey {
    fronts: [u64; MAX_PARTS],
    n_fronts: u8,
    floating: u8,
    cell_floating: bool,
}

impl std::hash::Hash for HoodKey {
    /// The fronts in use (the others are zero), then the floating part in one word.
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        for &front in &self.fronts[..self.n_fronts as usize] {
            state.write_u64(front);
        }
        state.write_u64((self.floating as u64) << 8 | self.cell_floating as u64);
    }
}

impl HoodKey {
    /// `(front, descriptor id)` for each front the neighbourhood touches.
    fn fronts(&self) -> impl Iterator<Item = (usize, usize)> + '_ {
        self.fronts[..self.n_fronts as usize]
            .iter()
            .map(|&packed| ((packed >> 32) as usize, packed as u32 as usize))
    }
}

/// `table[m * cols + j]`: layouts of one front with `min_mines + m` mines in which the
/// neighbourhood holds `j` of them (and the cell, if in the front, is safe).
#[derive(Debug, Clone, PartialEq)]
struct Distribution {
    min_mines: usize,
    cols: usize,
    table: Table,
}

/// The counts of a [`Distribution`], row after row: in 64 bits when every one fits (the
/// usual case, which the fast combination reads directly), else as big integers.
#[derive(Debug, Clone, PartialEq)]
enum Table {
    Small(Vec<u64>),
    Big(Vec<BigUint>),
}

impl Distribution {
    fn unit() -> Distribution {
        Distribution {
            min_mines: 0,
            cols: 1,
            table: Table::Small(vec![1]),
        }
    }

    /// How many mine totals the table has.
    fn rows(&self) -> usize {
        let len = match &self.table {
            Table::Small(t) => t.len(),
            Table::Big(t) => t.len(),
        };
        len / self.cols
    }

    /// The table as big integers.
    fn big_table(&self) -> std::borrow::Cow<'_, [BigUint]> {
        match &self.table {
            Table::Small(t) => t
                .iter()
                .map(|&c| BigUint::from(c))
                .collect::<Vec<_>>()
                .into(),
            Table::Big(t) => t.as_slice().into(),
        }
    }

    /// The distribution of the sum of two independent parts.
    fn convolve(&self, other: &Distribution) -> Distribution {
        let rows = self.rows() + other.rows() - 1;
        let cols = self.cols + other.cols - 1;
        let min_mines = self.min_mines + other.min_mines;
        if let (Table::Small(left), Table::Small(right)) = (&self.table, &other.table) {
            if let Some(table) = convolve_small(left, self.cols, right, other.cols, rows, cols) {
                return Distribution {
                    min_mines,
                    cols,
                    table: Table::Small(table),
                };
            }
        }
        let (left, right) = (self.big_table(), other.big_table());
        let mut table = vec![BigUint::zero(); rows * cols];
        for (i1, a) in left.iter().enumerate() {
            if a.is_zero() {
                continue;
            }
            let (m1, j1) = (i1 / self.cols, i1 % self.cols);
            for (i2, b) in right.iter().enumerate() {
                if !b.is_zero() {
                    let (m2, j2) = (i2 / other.cols, i2 % other.cols);
                    table[(m1 + m2) * cols + j1 + j2] += a * b;
                }
            }
        }
        Distribution {
            min_mines,
            cols,
            table: Table::Big(table),
        }
    }
}

/// The convolution of two 64-bit tables when every entry of the result fits in 64 bits.
fn convolve_small(
    left: &[u64],
    left_cols: usize,
    right: &[u64],
    right_cols: usize,
    rows: usize,
    cols: usize,
) -> Option<Vec<u64>> {
    let mut wide = vec![0u128; rows * cols];
    for (i1, &a) in left.iter().enumerate() {
        if a == 0 {
            continue;
        }
        let (m1, j1) = (i1 / left_cols, i1 % left_cols);
        for (i2, &b) in right.iter().enumerate() {
            if b != 0 {
                let (m2, j2) = (i2 / right_cols, i2 % right_cols);
                let slot = &mut wide[(m1 + m2) * cols + j1 + j2];
                *slot = slot.checked_add(a as u128 * b as u128)?;
            }
        }
    }
    wide.into_iter().map(|c| u64::try_from(c).ok()).collect()
}

/// Counts with the products and exact divisions the backward pass needs.
trait ExactCount: Count {
    fn to_u64_count(&self) -> Option<u64>;
    fn times(&self, other: &Self) -> Self;
    fn divide_exact(&self, divisor: u64) -> Self;
    /// Divides every count by `divisor`, which divides each of them exactly.
    fn divide_all_exactly(counts: &mut [Self], divisor: u64) {
        for count in counts.iter_mut().filter(|c| !c.is_zero_count()) {
            *count = count.divide_exact(divisor);
        }
    }
}

impl ExactCount for u128 {
    fn to_u64_count(&self) -> Option<u64> {
        u64::try_from(*self).ok()
    }
    fn times(&self, other: &Self) -> Self {
        self * other
    }
    fn divide_exact(&self, divisor: u64) -> Self {
        debug_assert_eq!(self % divisor as u128, 0);
        // A 64-bit division when the count fits, which it usually does: far cheaper than
        // the 128-bit one.
        match u64::try_from(*self) {
            Ok(small) => (small / divisor) as u128,
            Err(_) => self / divisor as u128,
        }
    }
}

impl ExactCount for BigUint {
    fn to_u64_count(&self) -> Option<u64> {
        self.to_u64()
    }
    fn times(&self, other: &Self) -> Self {
        self * other
    }
    fn divide_exact(&self, divisor: u64) -> Self {
        debug_assert!((self % divisor).is_zero());
        self / divisor
    }
}

/// The counts of a front of fewer than [`SMALL_FRONT_CELLS`] cells: every count the number
/// chances form from it (layouts, times at most 8 mines per box for the tallies) stays below
/// `2^63`, so 64-bit arithmetic is exact and costs a third of the 128-bit one.
#[derive(Debug, Clone, Copy, PartialEq)]
struct Small(u64);

/// Below this many cells a front's counts are [`Small`].
const SMALL_FRONT_CELLS: usize = 60;

impl Count for Small {
    fn zero_count() -> Self {
        Small(0)
    }
    fn one_count() -> Self {
        Small(1)
    }
    fn is_zero_count(&self) -> bool {
        self.0 == 0
    }
    fn mul_small(&self, factor: u64) -> Self {
        Small(self.0 * factor)
    }
    fn add_assign(&mut self, other: &Self) {
        self.0 += other.0;
    }
    fn to_big(&self) -> BigUint {
        BigUint::from(self.0)
    }
}

impl ExactCount for Small {
    fn to_u64_count(&self) -> Option<u64> {
        Some(self.0)
    }
    fn times(&self, other: &Self) -> Self {
        Small(self.0 * other.0)
    }
    fn divide_exact(&self, divisor: u64) -> Self {
        debug_assert_eq!(self.0 % divisor, 0);
        Small(self.0 / divisor)
    }

    /// Without a division instruction per count (tens of cycles each): the divisor's twos
    /// are shifted out, and the odd rest is divided out by multiplying with its inverse
    /// modulo `2^64`, which is exact because every count is a multiple of the divisor.
    fn divide_all_exactly(counts: &mut [Self], divisor: u64) {
        debug_assert!(divisor > 0);
        let shift = divisor.trailing_zeros();
        let inverse = odd_inverse(divisor >> shift);
        for count in counts.iter_mut() {
            debug_assert_eq!(count.0 % divisor, 0);
            count.0 = (count.0 >> shift).wrapping_mul(inverse);
        }
    }
}

/// One front's traced enumeration, kept open for its descriptors: its counts for the analysis,
/// its descriptors' distributions, and the lines it created.
type TracedFront = (FrontWeights<BigUint>, Vec<Distribution>, u64);

/// Traces one front within `limits` and takes from it what [`solve_board_with_chances`] needs.
fn traced_front<C: ExactCount>(
    problem: &FrontProblem,
    descriptors: &[PartsKey],
    limits: &FrontLimits,
) -> Result<TracedFront, FrontFailure> {
    let trace = trace_front_within::<C, _>(problem, &keep_together_groups(descriptors), limits)?;
    let backward = Backward::new(&trace);
    let lines_created = 1 + trace
        .steps
        .iter()
        .map(|s| s.transitions.len() as u64)
        .sum::<u64>();
    Ok((
        front_weights(problem, &trace, &backward),
        distributions_from_trace(problem, &trace, &backward, descriptors),
        lines_created,
    ))
}

/// The joint distribution of (front mines, neighbourhood mines) for each descriptor, from
/// the front's trace (kept together as [`keep_together`] asks).
fn distributions_from_trace<C: ExactCount>(
    problem: &FrontProblem,
    trace: &FrontTrace<C>,
    backward: &Backward<C>,
    descriptors: &[PartsKey],
) -> Vec<Distribution> {
    // The step at which each box first and last appears in an expanded key.
    let n_boxes = problem.box_sizes.len();
    let mut first_seen = vec![usize::MAX; n_boxes];
    let mut last_seen = vec![0usize; n_boxes];
    for (i, step) in trace.steps.iter().enumerate() {
        for &b in &step.boxes {
            first_seen[b as usize] = first_seen[b as usize].min(i);
            last_seen[b as usize] = i;
        }
    }

    // The fewest and most mines of the lines of each layer, once rather than per box set.
    let layer_mines: Vec<(usize, usize)> = trace
        .layers
        .iter()
        .map(|layer| {
            layer.iter().fold((usize::MAX, 0), |(least, most), line| {
                (
                    least.min(line.mines as usize),
                    most.max(line.mines as usize),
                )
            })
        })
        .map(|(least, most)| (least.min(most), most))
        .collect();
    let landmarks = Landmarks {
        first_seen,
        layer_mines,
    };

    // Descriptors over the same boxes (covering different numbers of their cells) share the
    // per-box-value counts, which only split_parts tells apart: the descriptors are taken in
    // order of their boxes, so that each box set's counts are made once, into buffers shared
    // by every box set (no allocation per box set, and no map).
    let boxes_of = |key: &PartsKey| {
        let mut boxes = [u32::MAX; MAX_PARTS];
        for (slot, part) in boxes.iter_mut().zip(key.parts()) {
            *slot = part.local_box;
        }
        boxes
    };
    let mut order: Vec<([u32; MAX_PARTS], u32)> = descriptors
        .iter()
        .enumerate()
        .map(|(d, key)| (boxes_of(key), d as u32))
        .collect();
    order.sort_unstable();
    let mut out: Vec<Option<Distribution>> = Vec::with_capacity(descriptors.len());
    out.resize_with(descriptors.len(), || None);
    // Scratch buffers shared by every call.
    let mut combo_of: Vec<u32> = Vec::new();
    let mut table: Vec<C> = Vec::new();
    let mut counts = BoxValueCounts {
        combos: Vec::with_capacity(16),
        offset: 0,
        width: 0,
        units: Vec::new(),
    };
    let mut counts_of: Option<[u32; MAX_PARTS]> = None;
    for &(boxes, d) in &order {
        let parts = descriptors[d as usize].parts();
        if counts_of != Some(boxes) {
            box_value_counts(
                problem,
                trace,
                backward,
                &landmarks,
                parts,
                &mut combo_of,
                &mut counts,
            );
            counts_of = Some(boxes);
        }
        // The step the counts are read at must still show every box of the parts.
        let step_index = parts
            .iter()
            .map(|p| landmarks.first_seen[p.local_box as usize])
            .max();
        debug_assert!(parts
            .iter()
            .all(|p| Some(last_seen[p.local_box as usize]) >= step_index));
        out[d as usize] = Some(split_parts(problem, parts, &counts, &mut table));
    }
    out.into_iter()
        .map(|d| d.expect("every descriptor is split"))
        .collect()
}

/// A front's layout counts and per-box mine tallies by mines, as
/// [`crate::enumerate::enumerate_front`] gives them, from its trace: each box is summed at the
/// last step that shows it, forward count times transition weight times its value, times the
/// backward counts of the line the transition leads to.
fn front_weights<C: ExactCount>(
    problem: &FrontProblem,
    trace: &FrontTrace<C>,
    backward: &Backward<C>,
) -> FrontWeights<BigUint> {
    let last = trace.layers.last().expect("the start layer exists");
    let min_mines = last.iter().map(|l| l.mines as usize).min().unwrap_or(0);
    let max_mines = last.iter().map(|l| l.mines as usize).max().unwrap_or(0);
    let n_rows = max_mines - min_mines + 1;
    let mut counts = vec![C::zero_count(); n_rows];
    for line in last {
        counts[line.mines as usize - min_mines].add_assign(&line.count);
    }
    let n_boxes = problem.box_sizes.len();
    let mut last_seen = vec![0usize; n_boxes];
    for (i, step) in trace.steps.iter().enumerate() {
        for &b in &step.boxes {
            last_seen[b as usize] = i;
        }
    }
    // tallies[m * n_boxes + b]
    let mut tallies = vec![C::zero_count(); n_rows * n_boxes];
    let mut closing: Vec<(usize, u32)> = Vec::new();
    let mut sums: Vec<C> = Vec::new();
    for (i, step) in trace.steps.iter().enumerate() {
        closing.clear();
        closing.extend(
            step.boxes
                .iter()
                .enumerate()
                .filter(|&(_, &b)| last_seen[b as usize] == i)
                .map(|(p, &b)| (p, b)),
        );
        if closing.is_empty() {
            continue;
        }
        let before = &trace.layers[i];
        let after = &trace.layers[i + 1];
        // sums[to * closing + c]: layouts into line `to` times the value of closing box c.
        sums.clear();
        sums.resize(after.len() * closing.len(), C::zero_count());
        for (index, t) in step.transitions.iter().enumerate() {
            let coefficient = before[t.from as usize].count.mul_small(t.weight);
            let values = step.values(index);
            let row = &mut sums[t.to as usize * closing.len()..][..closing.len()];
            for (slot, &(p, _)) in row.iter_mut().zip(&closing) {
                if values[p] != 0 {
                    slot.add_assign(&coefficient.mul_small(values[p] as u64));
                }
            }
        }
        for (to, row) in sums.chunks(closing.len()).enumerate() {
            // A line part way may hold fewer mines than any whole layout: the row index is
            // taken after adding the mines still to come.
            let mines_so_far = after[to].mines as usize;
            let poly = backward.of(i + 1, to);
            for (sum, &(_, b)) in row.iter().zip(&closing) {
                if sum.is_zero_count() {
                    continue;
                }
                for (r, ways) in poly.iter().enumerate() {
                    if !ways.is_zero_count() {
                        let row = mines_so_far + r - min_mines;
                        tallies[row * n_boxes + b as usize].add_assign(&sum.times(ways));
                    }
                }
            }
        }
    }
    FrontWeights {
        min_mines,
        counts: counts.iter().map(Count::to_big).collect(),
        tallies: tallies
            .chunks(n_boxes)
            .map(|row| row.iter().map(Count::to_big).collect())
            .collect(),
    }
}

/// `backward[i]`: for each line of layer `i`, the ways to finish the front per number of
/// further mines, `stride` entries per line in one buffer.
struct Backward<C> {
    layers: Vec<(usize, Vec<C>)>,
}

impl<C: ExactCount> Backward<C> {
    fn new(trace: &FrontTrace<C>) -> Backward<C> {
        let n_layers = trace.layers.len();
        let mut layers: Vec<(usize, Vec<C>)> = Vec::with_capacity(n_layers);
        layers.resize_with(n_layers, || (1, Vec::new()));
        layers[n_layers - 1] = (1, vec![C::one_count(); trace.layers[n_layers - 1].len()]);
        for i in (0..trace.steps.len()).rev() {
            let transitions = &trace.steps[i].transitions;
            let (next_stride, next) = &layers[i + 1];
            let next_stride = *next_stride;
            let most_added = transitions
                .iter()
                .map(|t| t.added_mines as usize)
                .max()
                .unwrap_or(0);
            let stride = next_stride + most_added;
            let mut here = vec![C::zero_count(); trace.layers[i].len() * stride];
            for t in transitions {
                let from = t.from as usize * stride + t.added_mines as usize;
                let to = t.to as usize * next_stride;
                let target = &mut here[from..from + next_stride];
                for (slot, ways) in target.iter_mut().zip(&next[to..to + next_stride]) {
                    if !ways.is_zero_count() {
                        slot.add_assign(&ways.mul_small(t.weight));
                    }
                }
            }
            layers[i] = (stride, here);
        }
        Backward { layers }
    }

    /// The counts of one line of layer `layer`.
    fn of(&self, layer: usize, line: usize) -> &[C] {
        let (stride, values) = &self.layers[layer];
        &values[line * stride..(line + 1) * stride]
    }
}

/// Where things are in a front's trace, found once for all its box sets.
struct Landmarks {
    /// The step at which each box first appears in an expanded key.
    first_seen: Vec<usize>,
    /// The fewest and most mines of the lines of each layer.
    layer_mines: Vec<(usize, usize)>,
}

/// For each combination of the values of some boxes (`combos`, packed four bits a box, the
/// first box highest), the front layouts through those values per front mines, divided by
/// the ways to choose the boxes' mines (`units[combo * width + mines - offset]`): what remains
/// to be multiplied by the ways to split each box between the neighbourhood and the rest.
struct BoxValueCounts<C> {
    combos: Vec<u64>,
    /// The front mines of row 0 (the fewest of any line the counts pass through: no layout
    /// holds fewer).
    offset: usize,
    width: usize,
    units: Vec<C>,
}

/// The [`BoxValueCounts`] of the parts' boxes, read at the first step whose expanded key
/// shows them all: each transition's forward count times its weight times the backward
/// counts of the line it leads to. A step has a dozen transitions or so per box set, so
/// they are summed directly rather than grouped first. Box values (at most 8) are packed
/// four bits each: at most nine parts fit in a u64. Written into `counts`, whose buffers are
/// reused; `combo_of` is scratch space.
fn box_value_counts<C: ExactCount>(
    problem: &FrontProblem,
    trace: &FrontTrace<C>,
    backward: &Backward<C>,
    landmarks: &Landmarks,
    parts: &[Part],
    combo_of: &mut Vec<u32>,
    counts: &mut BoxValueCounts<C>,
) {
    let Landmarks {
        first_seen,
        layer_mines,
    } = landmarks;
    let BoxValueCounts {
        combos,
        offset: counts_offset,
        width: counts_width,
        units,
    } = counts;
    let step_index = parts
        .iter()
        .map(|p| first_seen[p.local_box as usize])
        .max()
        .unwrap_or(0);
    let step = &trace.steps[step_index];
    let mut positions = [0usize; MAX_PARTS];
    for (slot, part) in positions.iter_mut().zip(parts) {
        *slot = step
            .boxes
            .iter()
            .position(|&b| b == part.local_box)
            .expect("kept together");
    }
    let positions = &positions[..parts.len()];
    let before = &trace.layers[step_index];
    let after = &trace.layers[step_index + 1];
    // The value combinations, in order of first appearance (a handful: a linear search beats
    // hashing), and each transition's.
    combos.clear();
    combo_of.clear();
    for index in 0..step.transitions.len() {
        let box_values = step.values(index);
        let values = positions
            .iter()
            .fold(0u64, |key, &p| key << 4 | box_values[p] as u64);
        let combo = match combos.iter().position(|&v| v == values) {
            Some(combo) => combo,
            None => {
                combos.push(values);
                combos.len() - 1
            }
        };
        combo_of.push(combo as u32);
    }
    let stride = backward.layers[step_index + 1].0;
    let (offset, most_mines) = layer_mines[step_index + 1];
    let width = most_mines - offset + stride;
    units.clear();
    units.resize(combos.len() * width, C::zero_count());
    for (t, &combo) in step.transitions.iter().zip(combo_of.iter()) {
        let coefficient = before[t.from as usize].count.mul_small(t.weight);
        // A line's mines are those of every transition into it.
        let start = combo as usize * width + after[t.to as usize].mines as usize - offset;
        let poly = backward.of(step_index + 1, t.to as usize);
        for (slot, ways) in units[start..start + stride].iter_mut().zip(poly) {
            if !ways.is_zero_count() {
                slot.add_assign(&coefficient.times(ways));
            }
        }
    }
    for (&packed, row) in combos.iter().zip(units.chunks_mut(width)) {
        let whole: u64 = parts
            .iter()
            .enumerate()
            .map(|(i, part)| {
                let k = (packed >> (4 * (parts.len() - 1 - i)) & 0xF) as u32;
                choose(problem.box_sizes[part.local_box as usize] as u32, k)
            })
            .product();
        if whole != 1 {
            C::divide_all_exactly(row, whole);
        }
    }
    *counts_offset = offset;
    *counts_width = width;
}

/// Turns per-box-value counts into counts per neighbourhood mines, splitting each box between
/// its covered cells, the cell itself (safe) and the rest.
fn split_parts<C: ExactCount>(
    problem: &FrontProblem,
    parts: &[Part],
    counts: &BoxValueCounts<C>,
    table: &mut Vec<C>,
) -> Distribution {
    let covered: usize = parts.iter().map(|p| p.covered as usize).sum();
    let cols = covered + 1;
    table.clear();
    table.resize(counts.width * cols, C::zero_count());
    // Each part's covered cells and the cells of its box that are neither covered nor the
    // cell, once rather than per combination.
    let mut shapes = [(0u32, 0u32); MAX_PARTS];
    for (shape, part) in shapes.iter_mut().zip(parts) {
        let size = problem.box_sizes[part.local_box as usize] as u32;
        let covered = part.covered as u32;
        *shape = (covered, size - covered - part.has_cell as u32);
    }
    let shapes = &shapes[..parts.len()];
    let top_shift = 4 * (parts.len().max(1) - 1);
    for (&packed, units) in counts.combos.iter().zip(counts.units.chunks(counts.width)) {
        // split[j]: ways to place the parts' box values with j mines in covered cells and
        // none on the cell, a product of one small polynomial per part, multiplied in place
        // from the top down. A neighbourhood covers at most eight cells, so j stays below
        // nine; each entry is at most the product of the boxes' binomials, below
        // 70^9 < 2^64.
        let mut buffers = [[0u64; NUMBERS]; 2];
        buffers[0][0] = 1;
        let mut current = 0;
        let mut len = 1usize;
        for (i, &(a, rest)) in shapes.iter().enumerate() {
            let k = (packed >> (top_shift - 4 * i) & 0xF) as u32;
            // j mines of the k among the covered cells: C(a, j) C(rest, k - j) ways. The
            // product goes into the other buffer, so nothing is copied back.
            let [first, second] = &mut buffers;
            let (split, next) = if current == 0 {
                (&*first, second)
            } else {
                (&*second, first)
            };
            let new_len = len + a as usize;
            next[..new_len].iter_mut().for_each(|slot| *slot = 0);
            for (x_index, &x) in split[..len].iter().enumerate() {
                if x == 0 {
                    continue;
                }
                for j in k.saturating_sub(rest)..=a.min(k) {
                    next[x_index + j as usize] += x * choose(a, j) * choose(rest, k - j);
                }
            }
            current = 1 - current;
            len = new_len;
        }
        // The numbers this combination can give, with their ways: each row of units adds
        // to those only.
        let mut terms = [(0usize, 0u64); NUMBERS];
        let mut n_terms = 0;
        for (j, &ways) in buffers[current][..len].iter().enumerate() {
            if ways != 0 {
                terms[n_terms] = (j, ways);
                n_terms += 1;
            }
        }
        let terms = &terms[..n_terms];
        for (unit, row) in units.iter().zip(table.chunks_exact_mut(cols)) {
            if unit.is_zero_count() {
                continue;
            }
            for &(j, ways) in terms {
                row[j].add_assign(&unit.mul_small(ways));
            }
        }
    }
    let nonzero_row = |row: &[C]| row.iter().any(|c| !c.is_zero_count());
    let first = table.chunks(cols).position(nonzero_row).unwrap_or(0);
    let last = table.chunks(cols).rposition(nonzero_row).unwrap_or(first);
    let rows = &table[first * cols..(last + 1) * cols];
    // Filled into a vector of the right size: collecting into an `Option<Vec>` cannot know
    // its length and grows the vector step by step, a reallocation or more per descriptor.
    let mut small: Vec<u64> = Vec::with_capacity(rows.len());
    for count in rows {
        match count.to_u64_count() {
            Some(count) => small.push(count),
            None => break,
        }
    }
    let table = if small.len() == rows.len() {
        Table::Small(small)
    } else {
        Table::Big(rows.iter().map(Count::to_big).collect())
    };
    Distribution {
        min_mines: counts.offset + first,
        cols,
        table,
    }
}

/// `h[s][n]` as in the general path when every entry fits in 64 bits, else `None`; rows
/// start at `s = joint.min_mines` (none below holds a layout), row `s` being
/// `h[(s - joint.min_mines) * width..][..width]` (in the caller's buffer).
fn small_counts(
    joint: &Distribution,
    f_near: usize,
    max_s: usize,
    width: usize,
    h: &mut Vec<u64>,
) -> Option<()> {
    let Table::Small(table) = &joint.table else {
        return None;
    };
    h.clear();
    h.resize(width * (max_s + 1 - joint.min_mines), 0);
    // The binomials of the floating neighbours, once.
    let mut ways = [0u64; NUMBERS];
    for (jf, slot) in ways.iter_mut().enumerate().take(f_near + 1) {
        *slot = choose(f_near as u32, jf as u32);
    }
    let ways = &ways[..(f_near + 1).min(NUMBERS)];
    // A slot of h sums at most one term per number of floating mines, each at most the
    // largest count times its binomial: below the largest count times 2^f_near. When that
    // fits, which is the usual case, no operation needs checking.
    let largest = table.iter().copied().max().unwrap_or(0);
    let unchecked = f_near < 64 && largest < u64::MAX >> f_near && ways.len() == f_near + 1;
    for (m, row) in table.chunks(joint.cols).enumerate() {
        for (j, &count) in row.iter().enumerate() {
            if count == 0 {
                continue;
            }
            // Each floating mine adds one to both s and n.
            let slots = h[m * width + j..].iter_mut().step_by(width + 1);
            if unchecked {
                for (slot, &ways) in slots.zip(ways) {
                    *slot += count * ways;
                }
            } else {
                for (jf, slot) in slots.take(f_near + 1).enumerate() {
                    let ways = choose(f_near as u32, jf as u32);
                    *slot = slot.checked_add(count.checked_mul(ways)?)?;
                }
            }
        }
    }
    Some(())
}

/// The fronts a neighbourhood touches, ascending, as a fixed-size key.
type TouchedKey = [u32; MAX_PARTS];

/// How many counts of other floating cells a cell can see: from `F - 9` (eight floating
/// neighbours and the cell itself) to all `F` floating cells.
const LEVELS: usize = NUMBERS + 1;

/// The weights of the untouched fronts and the other floating cells at one level, for the
/// touched part's totals `s` from `first_s` (the fewest mines the touched fronts can hold:
/// no layout has fewer, so the table does not carry their zeros).
struct Weights {
    first_s: usize,
    table: DigitTable,
}

/// Sums the fronts a neighbourhood does not touch and the floating cells in, with caches
/// keyed by what many cells share.
struct Combiner<'a> {
    front_counts: &'a [(usize, Vec<BigUint>)],
    floating: usize,
    mines_left: usize,
    /// The fewest other floating cells any cell has: `F - 9`, at least zero.
    base_level: usize,
    /// The touched id of each front touched alone, the usual case (`u32::MAX` until it is
    /// first met): found by index rather than by hashing.
    single_front_ids: Vec<u32>,
    /// A small id per set of touched fronts.
    touched_ids: FastMap<TouchedKey, usize>,
    /// The touched fronts of each id.
    touched_lists: Vec<Vec<usize>>,
    /// `weights[touched id][level - base_level]`: for each total `s` of the touched part,
    /// the layouts of the untouched fronts and of the floating cells outside the
    /// neighbourhood (`level` of them).
    weights: Vec<[Option<Weights>; LEVELS]>,
    /// `C(n, k)` for every `k` from the fewest mines the floating cells can be left (at
    /// least zero) to all the mines left, as `(n, that fewest, the row)`: computed once,
    /// since a binomial from scratch costs one big division per step.
    row: Option<(usize, i64, DigitTable)>,
    /// Skips the 64-bit fast path; for tests.
    general_only: bool,
    /// Scratch space for `h` and the column sums, reused by every neighbourhood.
    scratch_h: Vec<u64>,
    scratch_sums: Vec<u128>,
}

impl<'a> Combiner<'a> {
    fn new(analysis: &'a Analysis, general_only: bool) -> Combiner<'a> {
        let floating = analysis.boxes.floating.len();
        Combiner {
            front_counts: &analysis.front_counts,
            floating,
            mines_left: analysis.rules.mines_left,
            base_level: floating.saturating_sub(NUMBERS),
            single_front_ids: vec![u32::MAX; analysis.front_counts.len()],
            touched_ids: FastMap::default(),
            touched_lists: Vec::new(),
            weights: Vec::new(),
            row: None,
            general_only,
            scratch_h: Vec::new(),
            scratch_sums: Vec::new(),
        }
    }

    /// The id of the set of fronts the neighbourhood touches.
    fn touched_id(&mut self, hood: &HoodKey) -> usize {
        let mut fronts = hood.fronts();
        if let (Some((f, _)), 1) = (fronts.next(), hood.n_fronts) {
            if self.single_front_ids[f] == u32::MAX {
                self.single_front_ids[f] = self.new_touched(vec![f]) as u32;
            }
            return self.single_front_ids[f] as usize;
        }
        let mut touched_key = [u32::MAX; MAX_PARTS];
        for (slot, (f, _)) in touched_key.iter_mut().zip(hood.fronts()) {
            *slot = f as u32;
        }
        match self.touched_ids.get(&touched_key) {
            Some(&id) => id,
            None => {
                let id = self.new_touched(hood.fronts().map(|(f, _)| f).collect());
                self.touched_ids.insert(touched_key, id);
                id
            }
        }
    }

    fn new_touched(&mut self, fronts: Vec<usize>) -> usize {
        self.touched_lists.push(fronts);
        self.weights.push(std::array::from_fn(|_| None));
        self.touched_lists.len() - 1
    }

    /// The neighbourhood's counts per number (relative to its constant) into `relative`,
    /// `stride` digits each, and their sum, the cell's safe layouts: `(stride, sum)`.
    fn cell_counts(
        &mut self,
        hood: &HoodKey,
        distributions: &[Vec<Distribution>],
        relative: &mut Vec<u64>,
    ) -> (usize, BigUint) {
        let touched = self.touched_id(hood);
        let joint_owned: Distribution;
        let mut fronts = hood.fronts();
        let joint: &Distribution = match fronts.next() {
            None => {
                joint_owned = Distribution::unit();
                &joint_owned
            }
            Some((f, id)) => {
                let first = &distributions[f][id];
                match fronts.next() {
                    None => first,
                    Some((f2, id2)) => {
                        let mut joint = first.convolve(&distributions[f2][id2]);
                        for (f, id) in fronts {
                            joint = joint.convolve(&distributions[f][id]);
                        }
                        joint_owned = joint;
                        &joint_owned
                    }
                }
            }
        };
        let f_near = hood.floating as usize;
        let other_floating = self.floating - f_near - hood.cell_floating as usize;
        let max_s = joint.min_mines + joint.rows() - 1 + f_near;
        let width = joint.cols + f_near;
        // At most eight floating neighbours and the cell: the level is within LEVELS.
        let level = other_floating - self.base_level;
        self.ensure_weights(touched, level);
        let weights = self.weights[touched][level]
            .as_ref()
            .expect("ensure_weights made it");
        // The usual case: every count of the touched fronts fits in 64 bits, so the sums
        // are dot products of small numbers with the big weights' digits, without a big
        // integer per term. With no floating neighbour the joint table is itself `h`.
        if !self.general_only {
            let h = &mut self.scratch_h;
            let counts: Option<&[u64]> = match (f_near, &joint.table) {
                (0, Table::Small(table)) => Some(table),
                _ => small_counts(joint, f_near, max_s, width, h).map(|_| h.as_slice()),
            };
            if let Some(counts) = counts {
                return dot_products(
                    counts,
                    joint.min_mines,
                    width,
                    &weights.table,
                    weights.first_s,
                    &mut self.scratch_sums,
                    relative,
                );
            }
        }
        // h[s][n]: touched-front layouts and floating-neighbour placements with s mines in
        // all, n of them around the cell.
        let mut h: Vec<BigUint> = vec![BigUint::zero(); width * (max_s + 1)];
        for (index, count) in joint.big_table().iter().enumerate() {
            if count.is_zero() {
                continue;
            }
            let (m, j) = (index / joint.cols, index % joint.cols);
            for jf in 0..=f_near {
                let ways = choose(f_near as u32, jf as u32);
                h[(joint.min_mines + m + jf) * width + j + jf] += count * ways;
            }
        }
        let mut counts: Vec<BigUint> = vec![BigUint::zero(); width];
        for (s, row) in h.chunks(width).enumerate() {
            if s < weights.first_s || s - weights.first_s >= weights.table.len() {
                continue;
            }
            let weight = weights.table.value(s - weights.first_s);
            if weight.is_zero() {
                continue;
            }
            for (n, count) in row.iter().enumerate() {
                if !count.is_zero() {
                    counts[n] += count * &weight;
                }
            }
        }
        let table = DigitTable::from_values(&counts);
        relative.clear();
        relative.extend_from_slice(&table.digits);
        (table.stride, table.sum())
    }

    /// Makes `weights[touched][level]` for every `s` the touched fronts and eight floating
    /// neighbours can hold.
    ///
    /// Only the lowest level (`F - 9` other floating cells: eight floating neighbours and
    /// the cell itself) is summed directly, over nine more totals; the others follow by
    /// Pascal's rule, `C(n, k) = C(n - 1, k) + C(n - 1, k - 1)`, which gives
    /// `W_n(s) = W_(n-1)(s) + W_(n-1)(s + 1)`: additions instead of products.
    fn ensure_weights(&mut self, touched: usize, level: usize) {
        if self.weights[touched][level].is_some() {
            return;
        }
        let mut from = level;
        while from > 0 && self.weights[touched][from - 1].is_none() {
            from -= 1;
        }
        if from == 0 {
            // Enough totals for every level up to all the floating cells, whichever level
            // is asked first: each Pascal step drops the last total, and a cell at level
            // `L` needs totals up to the touched fronts' most mines plus its floating
            // neighbours, at most `F - L` of them. The base table holds eight more totals
            // than the touched fronts' most mines plus `extra`, so at level `L` it has
            // `8 + extra - (L - base)` more, which must be at least `F - L`. (Sizing this
            // by the first level asked left later, higher levels a total short: a safe
            // cell with floating neighbours lost its layouts with all of them mines.)
            let base = self.base_level;
            let extra = self.floating.saturating_sub(8 + base);
            self.weights[touched][0] = Some(self.direct_weights(touched, base, extra));
            from = 1;
        }
        for d in from..=level {
            let below = self.weights[touched][d - 1]
                .as_ref()
                .expect("made in order");
            let next = Weights {
                first_s: below.first_s,
                table: below.table.pascal_step(),
            };
            self.weights[touched][d] = Some(next);
        }
    }

    /// `W_n(s)` for `s` from the touched fronts' fewest mines to what they and eight
    /// floating neighbours can hold plus `extra`, summed directly.
    fn direct_weights(&mut self, touched: usize, n: usize, extra: usize) -> Weights {
        let touched_fronts = &self.touched_lists[touched];
        // Only totals the touched fronts can hold matter, plus up to eight floating mines.
        let min_s: usize = touched_fronts.iter().map(|&f| self.front_counts[f].0).sum();
        let max_s: usize = touched_fronts
            .iter()
            .map(|&f| self.front_counts[f].0 + self.front_counts[f].1.len() - 1)
            .sum::<usize>()
            + 8
            + extra;
        let (offset, others) = self.others_for(touched);
        let others = DigitTable::from_values(&others);
        let left = self.mines_left as i64;
        // C(n, left - s - t) for every s and t in range, as one row.
        let hi = left - min_s as i64 - offset as i64;
        let (lo, row) = self.row(n);
        // Each W(s) is a sum of products of two big integers, done digit by digit into
        // 128-bit column sums (each product split into its 64-bit halves), with the carries
        // resolved once per s: no big integer, and no allocation, per product.
        let columns = others.stride + row.stride + 1;
        let mut digits = vec![0u64; (max_s + 1 - min_s) * columns];
        let mut sums = vec![0u128; columns];
        for (s, out) in (min_s..=max_s).zip(digits.chunks_exact_mut(columns)) {
            sums.iter_mut().for_each(|c| *c = 0);
            for i in 0..others.len() {
                let k = left - s as i64 - (offset + i) as i64;
                debug_assert!(k >= lo || k < 0, "the row covers every needed k");
                if k < lo || k > hi || (k - lo) as usize >= row.len() {
                    continue;
                }
                let a = others.digits_of(i);
                let b = row.digits_of((k - lo) as usize);
                for (x, &da) in a.iter().enumerate() {
                    if da == 0 {
                        continue;
                    }
                    for (y, &db) in b.iter().enumerate() {
                        let product = da as u128 * db as u128;
                        sums[x + y] += product as u64 as u128;
                        sums[x + y + 1] += product >> 64;
                    }
                }
            }
            let mut carry = 0u128;
            for (digit, &sum) in out.iter_mut().zip(&sums) {
                let total = sum + carry;
                *digit = total as u64;
                carry = total >> 64;
            }
            debug_assert_eq!(carry, 0);
        }
        Weights {
            first_s: min_s,
            table: DigitTable::trimmed(columns, digits),
        }
    }

    /// `C(n, k)` for `k` from `left - (every front's most mines) - 17` (at least zero) to
    /// `left - (every front's fewest mines)`, with that lower end: the first by
    /// `C(n, i + 1) = C(n, i) (n - i) / (i + 1)` from `C(n, 0) = 1`, then each next one the
    /// same way, on 64-bit digits (exact at every step, and no big integer per step).
    fn row(&mut self, n: usize) -> (i64, &DigitTable) {
        if self.row.as_ref().is_none_or(|(cached, _, _)| *cached != n) {
            let left = self.mines_left;
            let most: usize = self
                .front_counts
                .iter()
                .map(|(min, c)| min + c.len() - 1)
                .sum();
            // Eight floating neighbours, and nine more totals for Pascal's rule.
            let lo = left.saturating_sub(most + 17);
            // C(n, k) < 2^n, and the products on the way are below n 2^n: n / 64 + 2 digits
            // hold any of them.
            let columns = n / 64 + 2;
            let mut current = vec![0u64; columns];
            current[0] = 1;
            // The digits in use: C(n, k) grows from one digit, so a step need only touch
            // those and one more for the product (below 2^64 times what they hold).
            let mut used = 1usize;
            // Up to `lo` the row is not kept, so several steps go at once: C(n, k + j) is
            // C(n, k) times (n - k) ... (n - k - j + 1), divided exactly by
            // (k + 1) ... (k + j), with both products kept within a word.
            let mut k = 0usize;
            while k < lo.min(n) {
                let (mut numerator, mut denominator, mut j) = (1u64, 1u64, 0usize);
                while k + j < lo.min(n) {
                    let (Some(next_numerator), Some(next_denominator)) = (
                        numerator.checked_mul((n - k - j) as u64),
                        denominator.checked_mul((k + j + 1) as u64),
                    ) else {
                        break;
                    };
                    (numerator, denominator, j) = (next_numerator, next_denominator, j + 1);
                }
                let end = (used + 1).min(columns);
                multiply_digits(&mut current[..end], numerator);
                divide_digits_exactly(&mut current[..end], denominator);
                used = current[..end]
                    .iter()
                    .rposition(|&d| d != 0)
                    .map_or(1, |last| last + 1);
                k += j;
            }
            if lo > n {
                // C(n, k) is zero from k = n + 1 on.
                current.iter_mut().for_each(|d| *d = 0);
                used = 1;
            }
            let mut step = |current: &mut [u64], k: usize| {
                // C(n, k) to C(n, k + 1); zero from k = n on.
                if k >= n {
                    current.iter_mut().for_each(|d| *d = 0);
                    used = 1;
                } else {
                    let end = (used + 1).min(columns);
                    multiply_digits(&mut current[..end], (n - k) as u64);
                    divide_digits_exactly(&mut current[..end], (k + 1) as u64);
                    used = current[..end]
                        .iter()
                        .rposition(|&d| d != 0)
                        .map_or(1, |last| last + 1);
                }
            };
            // No total asks for more than the mines left less the fewest every front holds
            // (k = left - s - t, where the touched part's s and the other fronts' t are at
            // least their fewest): the row stops there.
            let least: usize = self.front_counts.iter().map(|(min, _)| min).sum();
            let top = left.saturating_sub(least).max(lo.min(left));
            let mut digits = Vec::with_capacity((top + 1 - lo.min(top)) * columns);
            for k in lo..=top {
                digits.extend_from_slice(&current);
                if k < top {
                    step(&mut current, k);
                }
            }
            self.row = Some((n, lo as i64, DigitTable::trimmed(columns, digits)));
        }
        let (_, lo, digits) = self.row.as_ref().expect("made above");
        (*lo, digits)
    }

    /// The product of the counts of the fronts not touched, as (fewest mines,
    /// coefficients).
    fn others_for(&self, touched_id: usize) -> (usize, Vec<BigUint>) {
        let touched = &self.touched_lists[touched_id];
        let mut offset = 0usize;
        let mut poly = vec![BigUint::from(1u8)];
        for (f, (min, coeffs)) in self.front_counts.iter().enumerate() {
            if touched.contains(&f) {
                continue;
            }
            let mut next = vec![BigUint::zero(); poly.len() + coeffs.len() - 1];
            for (i, a) in poly.iter().enumerate() {
                for (j, b) in coeffs.iter().enumerate() {
                    if !a.is_zero() && !b.is_zero() {
                        next[i + j] += a * b;
                    }
                }
            }
            poly = next;
            offset += min;
        }
        (offset, poly)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::parse_mine;
    use crate::probability::solve_board;

    /// The bench corpora of real positions.
    const EXPERT: &str = include_str!("../benches/corpus/expert.txt");
    const EXPERT_HARD: &str = include_str!("../benches/corpus/expert-hard.txt");

    /// Small positions with several fronts, cells touching two of them, floating cells and
    /// a flag.
    const SEVERAL_FRONTS: [&str; 2] = [
        "8x6x12\n1HHHH2HH\nHHHHHHHH\nH2HF1HHH\nHHHHHHH1\nHH3HHHHH\n1HHHHH2H\n",
        "6x4x5\n0001HH\n112HHH\nHHHH3H\nHHHHHH\n",
    ];

    /// The positions of a corpus, every `step`th one.
    fn corpus(text: &'static str, step: usize) -> impl Iterator<Item = &'static str> {
        text.split("\n\n")
            .filter(|c| !c.trim().is_empty())
            .step_by(step)
    }

    #[test]
    fn one_enumeration_matches_the_two_calls() {
        // Real expert positions, small positions with several fronts, flags and floating
        // cells, and positions that fail (no layout, a wrong mine count, over budget).
        let mut positions: Vec<&str> = SEVERAL_FRONTS.to_vec();
        positions.extend([
            "4x3x2\n1HHH\nHHHH\nHHH1\n",
            "3x3x1\nH3H\nHHH\nHHH\n",
            "4x2x7\n1HHH\nHHHH\n",
            "5x2x1\n2HHHH\nHHHH1\n",
        ]);
        positions.extend(corpus(EXPERT, 3).chain(corpus(EXPERT_HARD, 3)));
        let tight = SolveConfig {
            max_lines: 3,
            ..SolveConfig::default()
        };
        let mut chances_failed_alone = 0;
        for text in &positions {
            let board = parse_mine(text).unwrap();
            for config in [SolveConfig::default(), tight.clone()] {
                let one = solve_board_with_chances(&board, &config);
                match (one, solve_board(&board, &config)) {
                    (Ok((a1, c1)), Ok(a2)) => {
                        assert_eq!(a1.solutions(), a2.solutions(), "{text}");
                        for idx in board.indices() {
                            assert_eq!(a1.mine_layouts(idx), a2.mine_layouts(idx), "{text}");
                            assert_eq!(a1.class(idx), a2.class(idx), "{text}");
                        }
                        // The chances have their own result: the analysis stays when only
                        // they fail.
                        match (c1, number_chances(&board, &a2, &config)) {
                            (Ok(c1), Ok(c2)) => assert_eq!(c1, c2, "{text}"),
                            (Err(e1), Err(e2)) => {
                                assert_eq!(e1.to_string(), e2.to_string(), "{text}");
                                chances_failed_alone += 1;
                            }
                            (c1, c2) => panic!("{text}: {:?} vs {:?}", c1.err(), c2.err()),
                        }
                    }
                    (Err(e1), Err(e2)) => assert_eq!(e1.to_string(), e2.to_string(), "{text}"),
                    (one, two) => panic!("{text}: {:?} vs {:?}", one.err(), two.err()),
                }
            }
        }
        // The tight budget stops some position's chances but not its analysis: that path is
        // exercised, not only assumed.
        assert!(chances_failed_alone > 0);
    }

    #[test]
    fn safe_cell_beside_floating_cells_regression() {
        // (1, 4) is safe (beside the 0) and its other neighbours float. The weights of the
        // neighbourhoods that touch no front were sized by the first one asked for, a cell
        // with more floating neighbours, and came one total short for (1, 4): its layouts
        // with all those neighbours mines were lost (434 safe layouts instead of 456).
        let text = "5x5x5\nH111H\nHHHHH\nHHHHH\n1HHHH\n0HHHH\n";
        let board = parse_mine(text).unwrap();
        let brute = crate::brute::enumerate_layouts(&board).unwrap();
        let (analysis, chances) =
            solve_board_with_chances(&board, &SolveConfig::default()).unwrap();
        let chances = chances.unwrap();
        assert_eq!(analysis.solutions(), &BigUint::from(brute.layouts.len()));
        for idx in board.indices() {
            if !board.cell(idx).is_unrevealed() {
                continue;
            }
            let mut expected = [0usize; NUMBERS];
            for layout in brute.layouts.iter().filter(|l| !l.contains(&idx.get())) {
                let shown = board
                    .neighbours(idx)
                    .filter(|n| layout.contains(&n.get()))
                    .count();
                expected[shown] += 1;
            }
            let chances = chances.get(idx);
            for (n, &count) in expected.iter().enumerate() {
                let got = chances.map_or_else(BigUint::zero, |c| c.layouts_showing(n));
                assert_eq!(got, BigUint::from(count), "{n} at {:?}", board.xy(idx));
            }
        }
    }

    #[test]
    fn safe_layouts_agree_with_the_analysis_on_random_positions() {
        // Every cell's layouts by number add up to its safe layouts, which the analysis
        // counts independently; and the one-enumeration entry point agrees with the two
        // calls. Random positions with revealed cells anywhere (zeros beside unrevealed
        // cells included) and some flags.
        let mut state = 12345u64;
        let mut next = || {
            state = state
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            (state >> 33) as u32
        };
        let mut cells_checked = 0;
        for _ in 0..3000 {
            let (width, height) = (4 + next() % 8, 4 + next() % 8);
            let n = (width * height) as usize;
            let mines = 2 + next() as usize % (n / 4);
            let mut is_mine = vec![false; n];
            let mut placed = 0;
            while placed < mines {
                let i = next() as usize % n;
                if !is_mine[i] {
                    is_mine[i] = true;
                    placed += 1;
                }
            }
            let reveal_percent = next() % 60;
            let mut text = format!("{width}x{height}x{mines}\n");
            for y in 0..height as i64 {
                for x in 0..width as i64 {
                    let i = (y * width as i64 + x) as usize;
                    if !is_mine[i] && next() % 100 < reveal_percent {
                        let around = (-1..=1)
                            .flat_map(|dy| (-1..=1).map(move |dx| (x + dx, y + dy)))
                            .filter(|&(nx, ny)| (nx, ny) != (x, y))
                            .filter(|&(nx, ny)| {
                                nx >= 0 && ny >= 0 && nx < width as i64 && ny < height as i64
                            })
                            .filter(|&(nx, ny)| is_mine[(ny * width as i64 + nx) as usize])
                            .count();
                        text.push(char::from(b'0' + around as u8));
                    } else if is_mine[i] && next() % 10 == 0 {
                        text.push('F');
                    } else {
                        text.push('H');
                    }
                }
                text.push('\n');
            }
            let board = parse_mine(&text).unwrap();
            let config = SolveConfig::default();
            let (analysis, chances) = solve_board_with_chances(&board, &config).unwrap();
            let chances = chances.unwrap();
            let two_calls = number_chances(&board, &analysis, &config).unwrap();
            assert_eq!(chances, two_calls, "{text}");
            for idx in board.indices() {
                if !board.cell(idx).is_unrevealed() || board.cell(idx) == crate::Cell::Flag {
                    continue;
                }
                let safe = analysis.solutions() - analysis.mine_layouts(idx);
                let got = chances
                    .get(idx)
                    .map_or_else(BigUint::zero, |c| c.safe_layouts().clone());
                assert_eq!(got, safe, "{:?} of\n{text}", board.xy(idx));
                cells_checked += 1;
            }
        }
        assert!(cells_checked > 50_000, "only {cells_checked} cells");
    }

    #[test]
    fn safe_layouts_agree_with_the_analysis_on_the_expert_corpora() {
        // Real positions leave many mines to many floating cells: the binomial row of the
        // weights starts far above zero (reached by several steps at once) and the weights
        // span several digits. Every cell's counts by number add up to its safe layouts,
        // which the analysis counts on a path of its own (big integers throughout).
        let mut rows_started_late = 0;
        for text in corpus(EXPERT, 1).chain(corpus(EXPERT_HARD, 1)) {
            let board = parse_mine(text).unwrap();
            let (analysis, chances) =
                solve_board_with_chances(&board, &SolveConfig::default()).unwrap();
            let chances = chances.unwrap();
            let most: usize = analysis
                .front_counts
                .iter()
                .map(|(min, c)| min + c.len() - 1)
                .sum();
            if analysis.rules.mines_left > most + 17 {
                rows_started_late += 1;
            }
            for idx in board.indices() {
                if !board.cell(idx).is_unrevealed() || board.cell(idx) == crate::Cell::Flag {
                    continue;
                }
                let safe = analysis.solutions() - analysis.mine_layouts(idx);
                let (got, by_number) = chances.get(idx).map_or_else(
                    || (BigUint::zero(), BigUint::zero()),
                    |c| {
                        let by_number = (0..NUMBERS).map(|n| c.layouts_showing(n)).sum();
                        (c.safe_layouts().clone(), by_number)
                    },
                );
                assert_eq!(got, safe, "{:?} of\n{text}", board.xy(idx));
                assert_eq!(by_number, safe, "{:?} of\n{text}", board.xy(idx));
            }
        }
        assert!(rows_started_late > 50, "only {rows_started_late} positions");
    }

    #[test]
    fn sixty_four_and_128_bit_traces_agree() {
        // Every front small enough for 64-bit counts, traced both ways.
        let mut positions: Vec<&str> = SEVERAL_FRONTS.to_vec();
        positions.extend(corpus(EXPERT, 1).chain(corpus(EXPERT_HARD, 1)));
        let mut fronts_checked = 0;
        for text in &positions {
            let board = parse_mine(text).unwrap();
            let rules = Rules::from_board(&board).unwrap();
            let boxes = Boxes::new(&rules);
            let described = describe(&board, &rules, &boxes);
            let limits = FrontLimits {
                max_lines: 200_000,
                max_work: u64::MAX,
                max_mines: rules.mines_left,
            };
            for (f, front) in boxes.fronts.iter().enumerate() {
                let problem = front_problem(&rules, &boxes, front);
                let n_cells: usize = problem.box_sizes.iter().map(|&s| s as usize).sum();
                if n_cells >= SMALL_FRONT_CELLS {
                    continue;
                }
                let descriptors = &described.descriptors[f];
                let (w64, d64, l64) =
                    traced_front::<Small>(&problem, descriptors, &limits).unwrap();
                let (w128, d128, l128) =
                    traced_front::<u128>(&problem, descriptors, &limits).unwrap();
                assert_eq!(w64.min_mines, w128.min_mines, "{text}");
                assert_eq!(w64.counts, w128.counts, "{text}");
                assert_eq!(w64.tallies, w128.tallies, "{text}");
                assert_eq!(d64, d128, "{text}");
                assert_eq!(l64, l128, "{text}");
                fronts_checked += 1;
            }
        }
        assert!(fronts_checked > 100, "only {fronts_checked} fronts");
    }

    #[test]
    fn fast_and_general_combinations_agree() {
        // Small positions with several fronts, and real expert positions, whose counts can
        // outgrow 64 bits.
        let mut positions: Vec<&str> = SEVERAL_FRONTS.to_vec();
        positions.extend(corpus(EXPERT_HARD, 7));
        for text in &positions {
            let board = parse_mine(text).unwrap();
            let analysis = solve_board(&board, &SolveConfig::default()).unwrap();
            let config = SolveConfig::default();
            let fast = number_chances_with(&board, &analysis, &config, false).unwrap();
            let general = number_chances_with(&board, &analysis, &config, true).unwrap();
            for idx in board.indices() {
                assert_eq!(
                    fast.get(idx),
                    general.get(idx),
                    "{:?} of\n{text}",
                    board.xy(idx)
                );
            }
        }
    }
}
