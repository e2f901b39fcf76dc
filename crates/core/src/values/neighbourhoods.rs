//! Each cell's neighbourhood as the combination sees it: its parts of each front's boxes
//! ([`PartsKey`]), the fronts it touches and its floating neighbours ([`HoodKey`]), in
//! fixed-size keys so that cells alike share one computation; and which boxes a front's
//! enumeration must keep open together so that one step shows a whole neighbourhood. Read by
//! the enumeration and the combination alike.

use crate::board::{Board, CellIdx};
use crate::combinatorics::small_binomial;
use crate::engine::boxes::Boxes;
use crate::engine::enumerate::FastMap;
use crate::engine::rules::{Rules, Status};

use super::chances::NUMBERS;

/// Every cell's neighbourhood, described for the combination.
pub(super) struct Described {
    /// Per front, its distinct parts keys (indexed by descriptor id).
    pub(super) descriptors: Vec<Vec<PartsKey>>,
    /// The distinct neighbourhoods.
    pub(super) hoods: Vec<HoodKey>,
    /// (cell, neighbourhood, constant) for every cell that may get chances.
    pub(super) cells: Vec<(CellIdx, u32, u8)>,
}

/// Describes every cell's neighbourhood with fixed-size keys (no allocation per cell);
/// identical front parts share one descriptor, identical neighbourhoods one computation.
pub(super) fn describe(board: &Board, rules: &Rules, boxes: &Boxes) -> Described {
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
pub(super) fn keep_together(descriptors: &[PartsKey]) -> Vec<Vec<u32>> {
    descriptors
        .iter()
        .filter(|key| key.len > 1)
        .map(|key| key.parts().iter().map(|p| p.local_box).collect())
        .collect()
}

/// One keep-together group in a fixed-size array: a front's groups then take one allocation
/// in all rather than one each.
#[derive(Clone, Copy)]
pub(super) struct BoxGroup {
    boxes: [u32; MAX_PARTS],
    len: usize,
}

impl AsRef<[u32]> for BoxGroup {
    fn as_ref(&self) -> &[u32] {
        &self.boxes[..self.len]
    }
}

/// [`keep_together`] as fixed-size groups.
pub(super) fn keep_together_groups(descriptors: &[PartsKey]) -> Vec<BoxGroup> {
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

/// The most boxes (and so fronts) one neighbourhood can touch: eight neighbours and the cell.
pub(super) const MAX_PARTS: usize = 9;

/// `C(n, k)` for the small `n` of boxes, covered cells and floating neighbours (at most 8,
/// and below 16 whatever the board), from a table instead of a loop of divisions.
pub(super) fn choose(n: u32, k: u32) -> u64 {
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
pub(super) struct Part {
    /// Front-local box index.
    pub(super) local_box: u32,
    /// How many of the box's cells are neighbours of the cell.
    pub(super) covered: u8,
    /// Whether the cell itself is in the box (it must then be safe).
    pub(super) has_cell: bool,
}

/// A neighbourhood's parts in one front, sorted by box: what a front's joint distribution
/// depends on. Fixed size, so building and hashing one allocates nothing.
#[derive(Debug, Clone, Copy, Default, Eq)]
pub(super) struct PartsKey {
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
    pub(super) fn parts(&self) -> &[Part] {
        &self.parts[..self.len as usize]
    }
}

/// What two cells must share to have the same counts up to their constant: the front parts
/// (`front << 32 | descriptor id`, ascending), the floating neighbours and whether the cell
/// floats.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct HoodKey {
    fronts: [u64; MAX_PARTS],
    pub(super) n_fronts: u8,
    pub(super) floating: u8,
    pub(super) cell_floating: bool,
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
    pub(super) fn fronts(&self) -> impl Iterator<Item = (usize, usize)> + '_ {
        self.fronts[..self.n_fronts as usize]
            .iter()
            .map(|&packed| ((packed >> 32) as usize, packed as u32 as usize))
    }
}
