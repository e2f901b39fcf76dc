//! Bad replays, table-driven: each gives one error naming the format and what is wrong, and
//! no cut of a real replay makes the reader panic.

use std::path::PathBuf;

use mineseer_replay::{read_replay, ReadConfig, ReplayErrorKind};

fn fixture(name: &str) -> Vec<u8> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../tests/fixtures/replays")
        .join(name);
    std::fs::read(path).unwrap()
}

/// The error's message for these bytes under this name.
fn message(bytes: &[u8], name: &str) -> String {
    match read_replay(bytes, Some(name), &ReadConfig::default()) {
        Ok(_) => panic!("{name} read"),
        Err(err) => err.to_string(),
    }
}

/// An Arbiter header of a custom board `width` x `height` (stored minus one) and one mine.
fn avf_custom(width: u8, height: u8) -> Vec<u8> {
    let mut bytes = vec![52, 1, 2, 3, 4, 6, width - 1, height - 1, 0, 1, 1, 1];
    bytes.extend_from_slice(&[0; 32]);
    bytes
}

#[test]
fn bad_replays_say_what_is_wrong() {
    let avf = fixture("arbiter-exp-49.25-3bv127.avf");
    let evf = fixture("metasweeper-60x36-1184.575-3bv1021.evf");
    let mut evf_too_large = evf.clone();
    evf_too_large[3] = 250;
    let cases: Vec<(&str, Vec<u8>, &str, &str)> = vec![
        ("zero length", vec![], "game.rmv", "not a readable Viennasweeper replay (.rmv): the file is empty"),
        ("truncated avf", avf[..avf.len() / 2].to_vec(), "game.avf", "Minesweeper Arbiter replay (.avf): the file ends too early (truncated)"),
        ("truncated evf", evf[..40].to_vec(), "game.evf", "Metasweeper replay (.evf): the file ends too early (truncated)"),
        ("a position named .avf", b"8x8x10\nHHHHHHHH\n".to_vec(), "game.avf", "not a readable Minesweeper Arbiter replay (.avf): the file's header is not this format's"),
        ("a record named .evf", br#"{"format":"mineseer-game"}"#.to_vec(), "game.evf", "Metasweeper replay (.evf): the file's header is not this format's"),
        ("an rmv of another version", b"*rmv\x00\x07rest".to_vec(), "game.rmv", "Viennasweeper replay (.rmv): the file's header is not this format's"),
        ("unknown bytes, unknown name", b"hello".to_vec(), "notes.txt", "not a readable replay: the file is none of .avf (Arbiter), .rmv (Viennasweeper), .mvf (Minesweeper Clone) or .evf (Metasweeper)"),
        ("avf board too large", avf_custom(250, 20), "big.avf", "board is 250x20; width and height must be between 1 and 200"),
        ("evf board too large", evf_too_large, "big.evf", "Metasweeper replay (.evf): the board is 60x250"),
        // A Clone file of another version (its 28th byte is not '5'): ms_toollib "reads" it
        // and returns an empty game.
        ("Clone 2006", [&b"\x11MMinesweeper Clone 2006 ..."[..], &[b'7'; 40][..]].concat(), "x.mvf", "Minesweeper Clone replay (.mvf): only Minesweeper Clone 0.97 files can be read"),
        // A custom 8x8 board whose first mine is at row 0: ms_toollib indexes row -1 and panics.
        ("a mine at row 0", vec![52, 1, 2, 3, 4, 6, 7, 7, 0, 1, 0, 0, 0, 0, 0, 0], "x.avf", "Minesweeper Arbiter replay (.avf): the reader (ms_toollib) failed on these bytes"),
    ];
    for (what, bytes, name, expected) in cases {
        let got = message(&bytes, name);
        assert!(
            got.contains(expected),
            "{what}: {got:?} does not say {expected:?}"
        );
    }
}

#[test]
fn the_kind_is_typed() {
    let err = read_replay(&avf_custom(201, 5), None, &ReadConfig::default()).unwrap_err();
    assert_eq!(
        err.kind(),
        &ReplayErrorKind::BoardSize {
            width: 201,
            height: 5
        }
    );
}

#[test]
fn no_cut_of_a_real_replay_panics() {
    for name in [
        "arbiter-8x11-7mines-5.42-3bv8.avf",
        "clone-exp-38.82-3bv122.mvf",
        "viennasweeper-rmv2-24px.rmv",
        "viennasweeper-exp-98.763.rmv",
    ] {
        let bytes = fixture(name);
        let mut read = 0;
        for end in (0..bytes.len()).step_by(7) {
            // Every cut is either an error or a game (a cut in the trailing metadata can
            // still hold every click).
            if read_replay(&bytes[..end], Some(name), &ReadConfig::default()).is_ok() {
                read += 1;
            }
        }
        assert!(read < bytes.len() / 7, "{name}: almost every cut read");
    }
}
