//! The hint's sentences, in plain words, with coordinates as the page and the CLI show them:
//! `(x, y)`, 0-based from the top-left.
//!
//! One number and the two-number patterns (one number's cells inside another's, or a shared
//! part that holds at least or at most so many mines) are told step by step; larger proofs
//! name their numbers and say that every layout fitting them agrees. A proof that needs the
//! count says so.

use crate::board::{Board, Cell, CellIdx};
use crate::deductions::Certainty;

use super::proof::Proof;
use super::sub_position::SubPositions;

/// The sentence of a certain cell's hint.
pub(crate) fn certain_sentence(
    sub: &SubPositions<'_>,
    cell: CellIdx,
    certainty: Certainty,
    proof: &Proof,
) -> String {
    let board = sub.board();
    let head = match certainty {
        Certainty::Safe => "Safe",
        Certainty::Mine => "Mine",
    };
    let verdict = match certainty {
        Certainty::Safe => format!("{} is safe", at(board, cell)),
        Certainty::Mine => format!("{} is a mine", at(board, cell)),
    };
    let body = match (proof.numbers.as_slice(), proof.uses_count) {
        ([], false) => format!("the position marks {} as safe", at(board, cell)),
        ([], true) => count_alone(sub, &verdict),
        ([a], false) => one_number(sub, *a, &verdict),
        ([a, b], false) => two_numbers(sub, *a, *b, cell, certainty).map_or_else(
            || every_layout(sub, proof, &verdict),
            |s| format!("{s}, and {verdict}"),
        ),
        _ => every_layout(sub, proof, &verdict),
    };
    format!("{head}: {body}.")
}

/// The sentence of the safest guess.
pub(crate) fn guess_sentence(board: &Board, cell: CellIdx, mine_chance: f64) -> String {
    format!(
        "No cell is certain: the safest guess is {}, a mine with chance {:.2}%.",
        at(board, cell),
        mine_chance * 100.0
    )
}

fn count_alone(sub: &SubPositions<'_>, verdict: &str) -> String {
    let left = sub.mines_left();
    if left == 0 {
        format!("the mine counter says no mine is left, so {verdict}")
    } else {
        format!(
            "the mine counter says {} left for the {} hidden cells, so every one is a mine and {verdict}",
            mines(left),
            sub.unknown_total()
        )
    }
}

fn one_number(sub: &SubPositions<'_>, number: CellIdx, verdict: &str) -> String {
    let board = sub.board();
    let need = sub.need(number).unwrap_or(0);
    let cells: Vec<CellIdx> = sub.unknown_around(number).collect();
    let shown = shown(board, number);
    let flagged = shown - need;
    if need == 0 && flagged > 0 {
        format!(
            "the {shown} at {} already touches {flagged} flag{}, so its other cells are safe: {verdict}",
            at(board, number),
            plural(flagged)
        )
    } else if need == 0 {
        format!(
            "the 0 at {} has no mine around it, so {verdict}",
            at(board, number)
        )
    } else {
        format!(
            "the {shown} at {} needs {} and has exactly {} hidden cell{} left ({}), so {verdict}",
            at(board, number),
            mines(need),
            cells.len(),
            plural(cells.len()),
            list(board, &cells, "and")
        )
    }
}

/// The two-number patterns, told from either number; `None` when neither telling fits (the
/// caller then names both numbers plainly).
fn two_numbers(
    sub: &SubPositions<'_>,
    a: CellIdx,
    b: CellIdx,
    cell: CellIdx,
    certainty: Certainty,
) -> Option<String> {
    let told = |first, second| {
        pattern(sub, first, second, cell).and_then(|(way, s)| (way == certainty).then_some(s))
    };
    told(a, b).or_else(|| told(b, a))
}

/// The first number `a` bounds the mines in the cells it shares with `b`, which settles the
/// rest of `b`'s cells, `cell` among them: which way, and the telling.
fn pattern(
    sub: &SubPositions<'_>,
    a: CellIdx,
    b: CellIdx,
    cell: CellIdx,
) -> Option<(Certainty, String)> {
    let board = sub.board();
    let cells_a: Vec<CellIdx> = sub.unknown_around(a).collect();
    let cells_b: Vec<CellIdx> = sub.unknown_around(b).collect();
    let shared: Vec<CellIdx> = cells_a
        .iter()
        .copied()
        .filter(|c| cells_b.contains(c))
        .collect();
    let a_only = cells_a.len() - shared.len();
    let b_only: Vec<CellIdx> = cells_b
        .iter()
        .copied()
        .filter(|c| !shared.contains(c))
        .collect();
    if !b_only.contains(&cell) || shared.is_empty() {
        return None;
    }
    let (need_a, need_b) = (sub.need(a)?, sub.need(b)?);
    let at_least = need_a.saturating_sub(a_only);
    let at_most = need_a.min(shared.len());
    let (number_a, number_b) = (shown(board, a), shown(board, b));
    let (place_a, place_b) = (at(board, a), at(board, b));
    let rest = list(board, &b_only, "and");
    if a_only == 0 && need_b >= need_a {
        // A subset: all of `a`'s cells are `b`'s too.
        let left = need_b - need_a;
        let told = format!(
            "the {number_a} at {place_a} needs {} among {}, which all touch the {number_b} at {place_b} too",
            mines(need_a),
            list(board, &shared, "and")
        );
        return if left == 0 {
            Some((
                Certainty::Safe,
                format!("{told}, so the {number_b} has no mine left for {rest}"),
            ))
        } else if left == b_only.len() {
            Some((
                Certainty::Mine,
                format!(
                    "{told}, so the {number_b} needs {} more, in {rest}",
                    mines(left)
                ),
            ))
        } else {
            None
        };
    }
    if need_b >= at_most && need_b - at_most == b_only.len() {
        return Some((Certainty::Mine, format!(
            "the {number_a} at {place_a} can put at most {} in {}, the cells it shares with the {number_b} at {place_b}, so the {number_b} needs {} more, in {rest}",
            mines(at_most),
            list(board, &shared, "and"),
            mines(b_only.len())
        )));
    }
    if need_b == at_least {
        return Some((Certainty::Safe, format!(
            "the {number_a} at {place_a} puts at least {} in {}, the cells it shares with the {number_b} at {place_b}, so the {number_b} has no mine left for {rest}",
            mines(at_least),
            list(board, &shared, "and")
        )));
    }
    None
}

/// A proof told as its numbers (and the count) with the conclusion that every layout fitting
/// them agrees.
fn every_layout(sub: &SubPositions<'_>, proof: &Proof, verdict: &str) -> String {
    let board = sub.board();
    let numbers: Vec<String> = proof
        .numbers
        .iter()
        .map(|&n| format!("the {} at {}", shown(board, n), at(board, n)))
        .collect();
    let numbers = join(&numbers, "and");
    if proof.uses_count {
        format!(
            "with the mine counter's {} left, every layout that fits {numbers} agrees: {verdict}",
            mines(sub.mines_left())
        )
    } else {
        format!("every layout that fits {numbers} agrees: {verdict}")
    }
}

fn shown(board: &Board, number: CellIdx) -> usize {
    match board.cell(number) {
        Cell::Revealed(n) => n as usize,
        _ => 0,
    }
}

fn at(board: &Board, idx: CellIdx) -> String {
    let (x, y) = board.xy(idx);
    format!("({x}, {y})")
}

fn list(board: &Board, cells: &[CellIdx], word: &str) -> String {
    let parts: Vec<String> = cells.iter().map(|&c| at(board, c)).collect();
    join(&parts, word)
}

fn join(parts: &[String], word: &str) -> String {
    match parts {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} {word} {last}", init.join(", ")),
    }
}

fn mines(n: usize) -> String {
    format!("{n} mine{}", plural(n))
}

fn plural(n: usize) -> &'static str {
    if n == 1 {
        ""
    } else {
        "s"
    }
}
