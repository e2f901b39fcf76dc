//! Any bytes through the MBF reader: no panic; what parses writes back to the same mines.
#![no_main]

use libfuzzer_sys::fuzz_target;
use mineseer_core::game::Game;

fuzz_target!(|data: &[u8]| {
    if let Ok(game) = Game::from_mbf(data) {
        let bytes = game.to_mbf().expect("a game read from MBF has a layout");
        let again = Game::from_mbf(&bytes).expect("written MBF parses");
        assert_eq!(again.layout(), game.layout());
    }
});
