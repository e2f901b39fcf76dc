//! Bad input, table-driven (issue 7): each case names what the user gave and the error the
//! core must give — a typed error with a clear message, never a panic. Accepted oddities
//! (trailing white space, Windows line endings, `-3` cells) are in the table too.

use mineseer_core::formats::parse_position;
use mineseer_core::game::Game;
use mineseer_core::{solve_board, SolveConfig};

/// What a case must produce.
enum Expect {
    /// The reader refuses it; the message contains this text.
    ParseError(&'static str),
    /// The reader accepts it and the engine refuses it; the message contains this text.
    SolveError(&'static str),
    /// Reader and engine accept it; the analysis has this many solutions.
    Solutions(&'static str),
}

fn check(name: &str, input: &str, expect: &Expect) {
    let parsed = parse_position(input);
    match (expect, parsed) {
        (Expect::ParseError(text), Err(e)) => {
            let message = e.to_string();
            assert!(
                message.contains(text),
                "{name}: message {message:?} lacks {text:?}"
            );
            assert!(
                message.starts_with("line "),
                "{name}: message {message:?} names no line"
            );
        }
        (Expect::ParseError(text), Ok(_)) => {
            panic!("{name}: parsed, expected an error with {text:?}")
        }
        (Expect::SolveError(text), Ok(board)) => {
            let err = solve_board(&board, &SolveConfig::default())
                .err()
                .unwrap_or_else(|| panic!("{name}: solved, expected an error with {text:?}"));
            let message = err.to_string();
            assert!(
                message.contains(text),
                "{name}: message {message:?} lacks {text:?}"
            );
        }
        (Expect::Solutions(count), Ok(board)) => {
            let analysis = solve_board(&board, &SolveConfig::default())
                .unwrap_or_else(|e| panic!("{name}: {e}"));
            assert_eq!(analysis.solutions().to_string(), *count, "{name}");
        }
        (_, Err(e)) => panic!("{name}: unexpected parse error {e}"),
    }
}

#[test]
fn bad_text_input_table() {
    use Expect::*;
    let cases: &[(&str, &str, Expect)] = &[
        ("empty input", "", ParseError("empty")),
        ("only blank lines", "\n  \n\t\n", ParseError("empty")),
        (
            "header not WxHxM",
            "3x3\nHHH\nHHH\nHHH\n",
            ParseError("expected a header like 30x16x99"),
        ),
        (
            "header with words",
            "width 3 height 3\n",
            ParseError("expected a header"),
        ),
        ("zero width", "0x3x0\n", ParseError("at least 1")),
        (
            "negative size",
            "-3x3x1\nHHH\n",
            ParseError("expected a header"),
        ),
        (
            "negative size .inp",
            "-3 3 1\n",
            ParseError("expected a header like 16 30 99"),
        ),
        (
            "huge size, refused before allocating",
            "100000x100000x10\n",
            ParseError("at most 1000"),
        ),
        (
            "more mines than cells",
            "2x2x5\nHH\nHH\n",
            ParseError("5 mines do not fit in 4 cells"),
        ),
        (
            "row too short",
            "3x2x1\nHHH\nHH\n",
            ParseError("expected a row of 3 cells, found 2"),
        ),
        (
            "row too long",
            "3x2x1\nHHH\nHHHH\n",
            ParseError("expected a row of 3 cells, found 4"),
        ),
        (
            "missing rows",
            "3x3x1\nHHH\n",
            ParseError("expected 3 rows, found 1"),
        ),
        (
            "text after the last row",
            "2x1x1\nHH\nxx\n",
            ParseError("unexpected text after the last row"),
        ),
        (
            "unknown character",
            "3x1x1\nHZH\n",
            ParseError("unknown cell \"Z\""),
        ),
        (
            "unknown .inp value",
            "1 3 1\n-1 9 -1\n",
            ParseError("unknown cell \"9\""),
        ),
        (
            "number above its neighbour count",
            "3x1x1\n3HH\n",
            ParseError("shows 3 but has only 1 neighbours"),
        ),
        (
            "binary file",
            "3x1x1\nH\u{1}\u{0}\n",
            ParseError("not text"),
        ),
        (
            "number contradicted by its flags",
            "3x1x2\nF1F\n",
            SolveError("has 2 flags around it"),
        ),
        (
            "more flags than mines",
            "3x1x1\nF0F\n",
            SolveError("2 flags but only 1 mines"),
        ),
        (
            "no consistent layout",
            "3x3x1\n1H1\nH1H\n1H1\n",
            SolveError("no consistent layout"),
        ),
        (
            "numbers need more mines than the board has",
            "5x1x1\nH101H\n",
            SolveError("need between 2 and 2 mines, but the board has 1"),
        ),
        (
            "valid .inp with a -3",
            "2 3 1\n-3 -1 -1\n1 1 -1\n",
            Solutions("1"),
        ),
        (
            "trailing white space accepted",
            "2x2x1 \nH1  \n11\t\n",
            Solutions("1"),
        ),
        (
            "Windows line endings accepted",
            "2x2x1\r\nH1\r\n11\r\n\r\n",
            Solutions("1"),
        ),
        (
            ".mine with a full layout (M) accepted",
            "2x2x1\nM1\n11\n",
            Solutions("1"),
        ),
    ];
    for (name, input, expect) in cases {
        check(name, input, expect);
    }
}

#[test]
fn bad_mbf_input_table() {
    let cases: &[(&str, Vec<u8>, &str)] = &[
        ("empty", vec![], "truncated"),
        (
            "header only, mines missing",
            vec![3, 3, 0, 2, 0, 0],
            "truncated",
        ),
        ("mine outside the board", vec![3, 3, 0, 1, 5, 0], "outside"),
        ("duplicated mine", vec![3, 3, 0, 2, 1, 1, 1, 1], "twice"),
        ("zero size", vec![0, 3, 0, 0], "0x3"),
        ("trailing bytes", vec![2, 2, 0, 1, 0, 0, 7], "bytes"),
    ];
    for (name, bytes, text) in cases {
        let err = Game::from_mbf(bytes)
            .err()
            .unwrap_or_else(|| panic!("{name}: accepted"));
        let message = err.to_string();
        assert!(
            message.to_lowercase().contains(text),
            "{name}: message {message:?} lacks {text:?}"
        );
    }
}
