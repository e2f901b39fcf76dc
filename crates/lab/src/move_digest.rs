//! Does a change leave the player's games exactly as they were? Plays seeded games as
//! `mineseer play` does (game `i` on `derive_seed(SEED, i)`, the level's settings tuned for
//! the board's density, the rule's first click) and prints one line per game: its index,
//! whether it was won, the number of moves, a 64-bit FNV-1a digest of the move sequence
//! (every reveal and flag with its cell, in order) and a second digest that also covers each
//! move's reason with its figures (a guess's safety, an endgame move's win chance, as exact
//! `f64` bits). Two builds whose outputs are identical played every game alike; `diff` says
//! where they part.
//!
//! Run: `cargo run --release -p mineseer-lab -- move-digest PRESET GAMES SEED [OPTION ...]`,
//! an OPTION being a level (`fast` or `full`, the default), a first-click rule (`safe`, the
//! default, `opening` or `none`) or `flags` (flag the certain mines, as the page's player
//! does).

use mineseer_core::game::{FirstClickRule, Game, GameConfig, GameState};
use mineseer_core::player::{next_moves, Action, Level, Move, PlayerConfig, Reason};
use mineseer_core::rng::derive_seed;

use crate::shared::series::series;

const USAGE: &str = "usage: move-digest PRESET GAMES SEED [fast|full] [safe|opening|none] [flags]";

/// 64-bit FNV-1a over a stream of words.
struct Fnv(u64);

impl Fnv {
    fn new() -> Fnv {
        Fnv(0xCBF2_9CE4_8422_2325)
    }

    fn word(&mut self, word: u64) {
        for byte in word.to_le_bytes() {
            self.0 ^= u64::from(byte);
            self.0 = self.0.wrapping_mul(0x0000_0100_0000_01B3);
        }
    }
}

/// The reason's kind and its figure, as words for the digest.
fn reason_words(reason: Reason) -> (u64, u64) {
    match reason {
        Reason::ForcedGuess { safety } => (1, safety.to_bits()),
        Reason::Opening => (2, 0),
        Reason::Certain => (3, 0),
        Reason::Endgame { win } => (4, win.to_bits()),
        Reason::Guess { safety } => (5, safety.to_bits()),
    }
}

pub fn run(args: Vec<String>) {
    let (preset, games, seed) = series(&args, USAGE);
    let (mut level, mut rule, mut flags) = (Level::Full, FirstClickRule::Safe, false);
    for option in args.iter().skip(4) {
        match option.as_str() {
            "full" => level = Level::Full,
            "fast" => level = Level::Fast,
            "flags" => flags = true,
            name => {
                rule = FirstClickRule::from_name(name)
                    .unwrap_or_else(|| panic!("{name:?} is no option\n{USAGE}"))
            }
        }
    }
    let (width, height, mines) = preset.dimensions();
    let mut player = PlayerConfig::new(level, rule).tuned_for_density(width * height, mines);
    player.flag_mines = flags;
    println!("game\twon\tmoves\tmoves_fnv\treasons_fnv");
    let mut won = 0;
    for i in 0..games {
        let mut game = Game::new(GameConfig::preset(preset, rule, derive_seed(seed, i)));
        let (moves, digest, reasons) = play(&mut game, &player);
        let win = game.state() == GameState::Won;
        won += u64::from(win);
        println!(
            "{i}\t{}\t{moves}\t{digest:016x}\t{reasons:016x}",
            u8::from(win)
        );
    }
    eprintln!(
        "{} {games} games, seed {seed}, {level:?}: won {won}",
        preset.name()
    );
}

/// Plays `game` to the end as `play_game` does (each turn's batch of moves in order, until
/// the game is over), and returns the moves played and the two digests.
fn play(game: &mut Game, player: &PlayerConfig) -> (u64, u64, u64) {
    let (mut moves, mut digest, mut reasons) = (0, Fnv::new(), Fnv::new());
    while game.state() == GameState::Playing {
        let batch = next_moves(game.board(), player).expect("the engine handles every game");
        if batch.is_empty() {
            break;
        }
        for mv in batch {
            let Move {
                action,
                x,
                y,
                reason,
                ..
            } = mv;
            let action = match action {
                Action::Reveal => 0,
                Action::Flag => 1,
                Action::Chord => 2,
            };
            for fnv in [&mut digest, &mut reasons] {
                fnv.word(action);
                fnv.word(x as u64);
                fnv.word(y as u64);
            }
            let (kind, figure) = reason_words(reason);
            reasons.word(kind);
            reasons.word(figure);
            moves += 1;
            // A move of the player on the game's own board is on the board.
            let _ = mv.play_on(game);
            if game.state() != GameState::Playing {
                break;
            }
        }
    }
    (moves, digest.0, reasons.0)
}
