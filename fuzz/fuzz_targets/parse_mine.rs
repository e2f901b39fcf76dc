//! Any bytes through the `.mine` reader: no panic, and whatever parses survives a write/read
//! round trip unchanged.
#![no_main]

use libfuzzer_sys::fuzz_target;
use mineseer_core::formats::{parse_mine, write_mine};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    if let Ok(board) = parse_mine(text) {
        let written = write_mine(&board);
        let again = parse_mine(&written).expect("written .mine text parses");
        assert_eq!(write_mine(&again), written);
    }
});
