//! How far no-guess boards are from uniform ones: the mine density of corner, edge and
//! interior cells, and of the ring of cells just around the first click's opening, on many
//! no-guess boards against as many uniform boards (the game's `opening` rule: mines uniform
//! outside the first click's 3x3 block) with the same first clicks.
//!
//! ```text
//! cargo run --release -p mineseer-lab -- noguess-bias [BOARDS] [WIDTH HEIGHT MINES]
//! ```
//! Defaults: 1000 expert boards (30x16, 99 mines). Board `i` uses a seed derived from `i` and
//! a first click drawn from that seed too, so the two series share their first clicks.
//!
//! It also prints the wall time of the no-guess generation and a digest (64-bit FNV-1a) of
//! every no-guess layout: built for another target (for example `wasm32-wasip1`, run by
//! Node's WASI), the same digest shows that the same seeds gave the same boards.

use mineseer_core::game::{FirstClickRule, Game, GameConfig};
use mineseer_core::noguess::{generate_no_guess, NoGuessConfig};
use mineseer_core::rng::{derive_seed, GameRng};
use std::time::{Duration, Instant};

/// 64-bit FNV-1a, fed one byte per cell.
struct Digest(u64);

impl Digest {
    fn add(&mut self, layout: &[bool]) {
        for &mine in layout {
            self.0 ^= u64::from(mine);
            self.0 = self.0.wrapping_mul(0x0000_0100_0000_01B3);
        }
    }
}

/// Where a cell sits.
#[derive(Clone, Copy)]
enum Region {
    Corner,
    Edge,
    Interior,
}

const REGIONS: [(Region, &str); 3] = [
    (Region::Corner, "corner"),
    (Region::Edge, "edge"),
    (Region::Interior, "interior"),
];

/// Mines and cells seen, per region.
#[derive(Default)]
struct Tally {
    mines: [u64; 3],
    cells: [u64; 3],
}

impl Tally {
    /// Adds a layout. Cells of the first click's 3x3 block are left out: they are never mines
    /// under either rule.
    fn add(&mut self, width: usize, height: usize, layout: &[bool], first: (usize, usize)) {
        for y in 0..height {
            for x in 0..width {
                if x.abs_diff(first.0) <= 1 && y.abs_diff(first.1) <= 1 {
                    continue;
                }
                let border_x = x == 0 || x == width - 1;
                let border_y = y == 0 || y == height - 1;
                let region = match (border_x, border_y) {
                    (true, true) => Region::Corner,
                    (true, false) | (false, true) => Region::Edge,
                    (false, false) => Region::Interior,
                } as usize;
                self.cells[region] += 1;
                self.mines[region] += u64::from(layout[y * width + x]);
            }
        }
    }

    fn density(&self, region: usize) -> f64 {
        self.mines[region] as f64 / self.cells[region].max(1) as f64
    }
}

pub fn run(args: Vec<String>) {
    let args: Vec<usize> = args
        .iter()
        .skip(1)
        .map(|a| a.parse().expect("numbers: BOARDS [WIDTH HEIGHT MINES]"))
        .collect();
    let boards = args.first().copied().unwrap_or(1000);
    let (width, height, mines) = match args.get(1..4) {
        Some(&[w, h, m]) => (w, h, m),
        _ => (30, 16, 99),
    };
    let (mut no_guess, mut uniform) = (Tally::default(), Tally::default());
    let mut perturbations = 0;
    let mut generation = Duration::ZERO;
    let mut digest = Digest(0xCBF2_9CE4_8422_2325);
    for i in 0..boards as u64 {
        let seed = derive_seed(0xB1A5, i);
        let mut rng = GameRng::new(seed ^ 0xF1A5);
        let first = (
            rng.below(width as u64) as usize,
            rng.below(height as u64) as usize,
        );
        let config = NoGuessConfig::new(width, height, mines, first, seed).expect("valid size");
        let started = Instant::now();
        let board = generate_no_guess(&config).expect("generated");
        generation += started.elapsed();
        digest.add(board.mines());
        perturbations += board.stats().perturbations;
        no_guess.add(width, height, board.mines(), first);

        let config = GameConfig::new(width, height, mines, FirstClickRule::Opening, seed)
            .expect("valid size");
        let mut game = Game::new(config);
        game.reveal(first.0, first.1).expect("on the board");
        uniform.add(width, height, game.layout().expect("placed"), first);
    }
    println!(
        "{boards} boards {width}x{height}, {mines} mines, random first click; \
         {perturbations} perturbations in all"
    );
    println!(
        "no-guess generation: {:.3} s wall in all, {:.3} ms per board; layout digest {:016x}",
        generation.as_secs_f64(),
        generation.as_secs_f64() * 1000.0 / boards.max(1) as f64,
        digest.0
    );
    println!("| cells | uniform density | no-guess density | ratio |");
    println!("|---|---|---|---|");
    for (region, name) in REGIONS {
        let r = region as usize;
        let (u, n) = (uniform.density(r), no_guess.density(r));
        println!(
            "| {name} ({} cells seen) | {u:.4} | {n:.4} | {:.3} |",
            no_guess.cells[r],
            n / u
        );
    }
}
