//! What several subcommands share: the board (`--preset` or `--size`), reading
//! `--first-click`, and a thread's CPU time for honest per-game and per-board timings.

use anyhow::{bail, Context, Result};
use mineseer_core::game::Preset;

/// The board of a subcommand that makes games: a preset, or a custom size.
#[derive(Debug, clap::Args)]
pub struct BoardArgs {
    /// Board size: beginner (9x9/10), intermediate (16x16/40) or expert (30x16/99).
    #[arg(long, default_value = "expert")]
    preset: String,
    /// A custom size `WIDTHxHEIGHTxMINES` (up to 200x200), instead of the preset.
    #[arg(long)]
    size: Option<String>,
}

impl BoardArgs {
    /// The board's name (the preset's, or `custom` for `--size`), width, height and mines.
    /// The size is only read here; the game's own checks judge it.
    pub fn resolve(&self) -> Result<(String, usize, usize, usize)> {
        if let Some(size) = &self.size {
            let (width, height, mines) = parse_size(size)?;
            return Ok(("custom".to_string(), width, height, mines));
        }
        let preset = Preset::from_name(&self.preset).with_context(|| {
            format!(
                "unknown preset {:?}: use beginner, intermediate or expert",
                self.preset
            )
        })?;
        let (width, height, mines) = preset.dimensions();
        Ok((preset.name().to_string(), width, height, mines))
    }
}

/// Reads `WIDTHxHEIGHTxMINES`.
pub fn parse_size(text: &str) -> Result<(usize, usize, usize)> {
    let parts: Vec<&str> = text.split(['x', 'X']).collect();
    let [w, h, m] = parts[..] else {
        bail!("--size {text:?} is not WIDTHxHEIGHTxMINES (for example 30x16x99)");
    };
    let num = |s: &str| {
        s.trim()
            .parse::<usize>()
            .with_context(|| format!("--size {text:?}: {s:?} is not a number"))
    };
    Ok((num(w)?, num(h)?, num(m)?))
}

/// Reads `X,Y`.
pub fn parse_cell(text: &str) -> Result<(usize, usize)> {
    let Some((x, y)) = text.split_once(',') else {
        bail!("--first-click {text:?} is not X,Y (for example 3,3)");
    };
    let num = |s: &str| {
        s.trim()
            .parse::<usize>()
            .with_context(|| format!("--first-click {text:?}: {s:?} is not a number"))
    };
    Ok((num(x)?, num(y)?))
}

/// This thread's CPU time in nanoseconds (0 if the clock cannot be read), so that timings
/// do not count the time other processes on a busy machine take.
pub fn thread_cpu_ns() -> u64 {
    let mut ts = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: clock_gettime writes one timespec through a valid pointer; on failure it
    // leaves it untouched and the work is timed as zero.
    let rc = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut ts) };
    if rc != 0 {
        return 0;
    }
    ts.tv_sec as u64 * 1_000_000_000 + ts.tv_nsec as u64
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_and_cells_parse_or_give_clear_errors() {
        assert_eq!(parse_size("30x16x99").unwrap(), (30, 16, 99));
        assert_eq!(parse_size("200X200x8000").unwrap(), (200, 200, 8000));
        let err = parse_size("30x16").unwrap_err().to_string();
        assert!(err.contains("WIDTHxHEIGHTxMINES"), "{err}");
        let err = parse_size("30x16xa").unwrap_err().to_string();
        assert!(err.contains("\"a\" is not a number"), "{err}");
        assert_eq!(parse_cell("3,4").unwrap(), (3, 4));
        assert_eq!(parse_cell("3, 4").unwrap(), (3, 4));
        assert!(parse_cell("3;4")
            .unwrap_err()
            .to_string()
            .contains("is not X,Y"));
    }

    #[test]
    fn thread_cpu_time_advances_with_work() {
        let before = thread_cpu_ns();
        let mut x = 0u64;
        for i in 0..20_000_000u64 {
            x = x.wrapping_mul(6364136223846793005).wrapping_add(i);
        }
        std::hint::black_box(x);
        assert!(thread_cpu_ns() > before);
    }
}
