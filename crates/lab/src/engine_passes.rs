//! Our side of the side-by-side timing with the peers' probability engines
//! (`tools/peer-engines/`): the mine probability of every hidden cell of every position of a
//! corpus file, timed the way the peers' drivers time theirs, so that the figures compare.
//!
//! - `CORPUS_FILE PASSES [WARMUP]`: parses every position once, runs WARMUP untimed passes
//!   (default 3), then PASSES timed passes over the corpus. Each position is timed on its own
//!   (`solve_probabilities_with`, one scratch of working buffers and one buffer of every
//!   cell's probability kept from position to position, then the hidden cells' probabilities
//!   gathered into a new vector with room for every cell, as the peers' drivers gather theirs). It prints one JSON
//!   line: per position the median wall time over the passes, their median (`median_ms`) and
//!   sum (`total_ms`), the median wall time of a whole pass (`pass_median_ms`) and CPU time of
//!   the process over a whole pass (`pass_cpu_median_ms`: what the other processes of a busy
//!   machine take is not in it), and every per-position median (`per_position_ms`).
//! - `dump CORPUS_FILE`: one JSON line per position, `{"i":N,"p":[...]}`, the probabilities of
//!   its hidden cells in row-major order, for the agreement check (`compare.mjs`).
//!
//! Run: `cargo build --release -p mineseer-lab`, then
//! `target/release/mineseer-lab engine-passes crates/core/benches/corpus/expert.txt 50`.

use std::time::Instant;

use mineseer_core::formats::parse_mine;
use mineseer_core::{solve_probabilities_with, Board, Scratch, SolveConfig};

pub fn run(args: Vec<String>) {
    let usage = "usage: engine-passes CORPUS_FILE PASSES [WARMUP] | engine-passes dump CORPUS_FILE";
    let fail = |message: &str| -> ! {
        eprintln!("{message}\n{usage}");
        std::process::exit(2);
    };
    let (dump, path) = match args.get(1).map(String::as_str) {
        Some("dump") => (true, args.get(2)),
        _ => (false, args.get(1)),
    };
    let Some(path) = path else {
        fail("no corpus file")
    };
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| fail(&format!("{path}: {e}")));
    let boards: Vec<Board> = text
        .split("\n\n")
        .filter(|chunk| !chunk.trim().is_empty())
        .enumerate()
        .map(|(i, chunk)| {
            parse_mine(chunk).unwrap_or_else(|e| fail(&format!("{path}: position {i}: {e}")))
        })
        .collect();
    let config = SolveConfig::default();
    let mut buffer = Vec::new();
    let mut scratch = Scratch::default();
    if dump {
        for (i, board) in boards.iter().enumerate() {
            let probabilities = hidden_probabilities(board, &config, &mut scratch, &mut buffer);
            println!("{}", serde_json::json!({ "i": i, "p": probabilities }));
        }
        return;
    }
    let whole = |arg: Option<&String>, default: usize| match arg.map(|a| a.parse::<usize>()) {
        None => default,
        Some(Ok(n)) => n,
        Some(Err(_)) => fail("PASSES and WARMUP are whole numbers"),
    };
    let passes = whole(args.get(2), 0);
    let warmup = whole(args.get(3), 3);
    if passes == 0 {
        fail("PASSES must be at least 1");
    }
    for _ in 0..warmup {
        for board in &boards {
            std::hint::black_box(hidden_probabilities(
                board,
                &config,
                &mut scratch,
                &mut buffer,
            ));
        }
    }
    // times[position][pass], in milliseconds.
    let mut times = vec![Vec::with_capacity(passes); boards.len()];
    let mut pass_times = Vec::with_capacity(passes);
    let mut pass_cpu_times = Vec::with_capacity(passes);
    for _ in 0..passes {
        let pass_start = Instant::now();
        let pass_cpu_start = process_cpu_ms();
        for (board, position_times) in boards.iter().zip(&mut times) {
            let start = Instant::now();
            std::hint::black_box(hidden_probabilities(
                board,
                &config,
                &mut scratch,
                &mut buffer,
            ));
            position_times.push(start.elapsed().as_secs_f64() * 1000.0);
        }
        pass_times.push(pass_start.elapsed().as_secs_f64() * 1000.0);
        pass_cpu_times.push(process_cpu_ms() - pass_cpu_start);
    }
    let per_position: Vec<f64> = times.iter_mut().map(|t| median(t)).collect();
    let summary = serde_json::json!({
        "engine": "mineseer",
        "corpus": path,
        "positions": boards.len(),
        "passes": passes,
        "warmup": warmup,
        "median_ms": median(&mut per_position.clone()),
        "total_ms": per_position.iter().sum::<f64>(),
        "pass_median_ms": median(&mut pass_times),
        "pass_cpu_median_ms": median(&mut pass_cpu_times),
        "per_position_ms": per_position,
    });
    println!("{summary}");
}

/// What every engine in the comparison computes: the mine probability of each hidden cell.
/// `scratch` holds the engine's working buffers and `buffer` every cell's probability, from the
/// engine's probabilities-only entry point, both kept from one position to the next as a caller
/// that analyses many positions keeps them.
fn hidden_probabilities(
    board: &Board,
    config: &SolveConfig,
    scratch: &mut Scratch,
    buffer: &mut Vec<f64>,
) -> Vec<f64> {
    solve_probabilities_with(board, config, scratch, buffer)
        .expect("corpus positions are consistent");
    // Room for every cell at once, as msp-bench reserves its own: grown by doubling from
    // nothing, this vector cost a beginner position a fifth of its instructions (its
    // reallocations), which is the driver's, not the engine's (journal/engine.md). The cells
    // and their probabilities are read side by side, as msp-bench's loop reads its grid, not
    // by an index checked per cell.
    let mut hidden = Vec::with_capacity(board.len());
    hidden.extend(
        board
            .cells()
            .iter()
            .zip(buffer.iter())
            .filter(|(cell, _)| cell.is_unrevealed())
            .map(|(_, &p)| p),
    );
    hidden
}

/// The CPU time of this process in milliseconds (`CLOCK_PROCESS_CPUTIME_ID`, as the peers'
/// drivers read theirs), or NaN if the clock cannot be read.
fn process_cpu_ms() -> f64 {
    let mut ts = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: clock_gettime writes one timespec through a valid pointer.
    let rc = unsafe { libc::clock_gettime(libc::CLOCK_PROCESS_CPUTIME_ID, &mut ts) };
    if rc != 0 {
        return f64::NAN;
    }
    ts.tv_sec as f64 * 1000.0 + ts.tv_nsec as f64 / 1e6
}

fn median(values: &mut [f64]) -> f64 {
    values.sort_by(f64::total_cmp);
    let n = values.len();
    if n % 2 == 1 {
        values[n / 2]
    } else {
        (values[n / 2 - 1] + values[n / 2]) / 2.0
    }
}
