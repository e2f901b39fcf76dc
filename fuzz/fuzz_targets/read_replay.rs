//! Any bytes through the replay readers (Arbiter, Viennasweeper, Clone, Metasweeper): no panic
//! escapes (ms_toollib's own are caught and become errors), and what reads is a record the
//! core accepts again unchanged, whose replay never goes past its moves.
#![no_main]

use libfuzzer_sys::fuzz_target;
use mineseer_core::record::GameRecord;
use mineseer_replay::{read_replay, ReadConfig};

fuzz_target!(|data: &[u8]| {
    // Every other input also asks for Metasweeper's comments, ms_toollib's slowest path.
    let config = ReadConfig {
        comments: data.len() % 2 == 0,
    };
    for name in [None, Some("x.avf")] {
        if let Ok(replay) = read_replay(data, name, &config) {
            let again = GameRecord::new(replay.record.to_raw()).expect("a replay's record checks");
            assert_eq!(again, replay.record);
            for comment in &replay.comments {
                assert!(comment.move_index < replay.record.moves().len());
            }
        }
    }
});
