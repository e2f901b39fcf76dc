//! Any bytes through the `.inp` reader (and the format detector): no panic; what parses has
//! the size its header promised.
#![no_main]

use libfuzzer_sys::fuzz_target;
use mineseer_core::formats::{parse_inp, parse_position};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    if let Ok(board) = parse_inp(text) {
        assert_eq!(board.cells().len(), board.width() * board.height());
        assert!(board.mines() <= board.len());
    }
    let _ = parse_position(text);
});
