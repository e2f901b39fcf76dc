//! 3BV, openings, islands and 3BV solved against a direct count: the classic 3BV procedure
//! played through the game's own flood fill (click every zero still hidden, then every safe
//! cell still hidden), and islands by union-find over what is left. Thousands of random
//! boards of every density, including one-row and one-cell boards.

use crate::common;

use common::TestRng;
use mineseer_core::board_stats::{bbbv_solved, board_stats};
use mineseer_core::game::Game;
use mineseer_core::Cell;

/// (3BV, openings, islands) by playing the clicks, continuing from `game`'s state.
fn clicks_left(game: &mut Game, mines: &[bool], width: usize) -> (usize, usize, usize) {
    let height = mines.len() / width;
    let near = |i: usize| {
        let (x, y) = ((i % width) as i64, (i / width) as i64);
        let mut n = 0;
        for dy in -1..=1i64 {
            for dx in -1..=1i64 {
                let (nx, ny) = (x + dx, y + dy);
                if (dx, dy) != (0, 0)
                    && nx >= 0
                    && ny >= 0
                    && (nx as usize) < width
                    && (ny as usize) < height
                {
                    n += usize::from(mines[ny as usize * width + nx as usize]);
                }
            }
        }
        n
    };
    let hidden = |game: &Game, i: usize| {
        !matches!(
            game.board().cell(mineseer_core::CellIdx(i as u32)),
            Cell::Revealed(_)
        )
    };
    let mut openings = 0;
    for (i, &mine) in mines.iter().enumerate() {
        if !mine && near(i) == 0 && hidden(game, i) {
            openings += 1;
            game.reveal(i % width, i / width).unwrap();
        }
    }
    let lone: Vec<usize> = (0..mines.len())
        .filter(|&i| !mines[i] && hidden(game, i))
        .collect();
    // Union-find over the lone cells that touch.
    let mut parent: Vec<usize> = (0..mines.len()).collect();
    fn find(parent: &mut [usize], i: usize) -> usize {
        let mut r = i;
        while parent[r] != r {
            r = parent[r];
        }
        parent[i] = r;
        r
    }
    for &a in &lone {
        for &b in &lone {
            let (ax, ay) = ((a % width) as i64, (a / width) as i64);
            let (bx, by) = ((b % width) as i64, (b / width) as i64);
            if a < b && (ax - bx).abs() <= 1 && (ay - by).abs() <= 1 {
                let (ra, rb) = (find(&mut parent, a), find(&mut parent, b));
                parent[ra] = rb;
            }
        }
    }
    let mut roots: Vec<usize> = lone.iter().map(|&i| find(&mut parent, i)).collect();
    roots.sort_unstable();
    roots.dedup();
    (openings + lone.len(), openings, roots.len())
}

#[test]
fn bbbv_openings_and_islands_match_the_click_count() {
    let mut rng = TestRng::new(17);
    let mut with_islands = 0;
    for case in 0..4000 {
        let width = 1 + rng.below(30) as usize;
        let height = 1 + rng.below(16) as usize;
        let density = rng.below(60);
        let mines: Vec<bool> = (0..width * height).map(|_| rng.chance(density)).collect();
        let stats = board_stats(width, height, &mines);
        let mut game = Game::from_layout(width, height, mines.clone()).unwrap();
        let (bbbv, openings, islands) = clicks_left(&mut game, &mines, width);
        assert_eq!(
            (stats.bbbv, stats.openings, stats.islands),
            (bbbv, openings, islands),
            "case {case}: {width}x{height} at {density} %"
        );
        with_islands += usize::from(islands > 1 && openings > 1);
    }
    assert!(with_islands > 100, "few boards with both: {with_islands}");
}

#[test]
fn bbbv_solved_is_what_the_clicks_no_longer_need() {
    let mut rng = TestRng::new(3);
    for case in 0..2000 {
        let width = 2 + rng.below(20) as usize;
        let height = 2 + rng.below(12) as usize;
        let density = 5 + rng.below(30);
        let mines: Vec<bool> = (0..width * height).map(|_| rng.chance(density)).collect();
        let total = board_stats(width, height, &mines).bbbv;
        // Play some random safe reveals (numbers on an opening's edge included).
        let mut game = Game::from_layout(width, height, mines.clone()).unwrap();
        let safe: Vec<usize> = (0..mines.len()).filter(|&i| !mines[i]).collect();
        for _ in 0..rng.below(8) {
            if safe.is_empty() || game.is_over() {
                break;
            }
            let i = safe[rng.below(safe.len() as u64) as usize];
            game.reveal(i % width, i / width).unwrap();
        }
        let revealed: Vec<bool> = game
            .board()
            .cells()
            .iter()
            .map(|c| matches!(c, Cell::Revealed(_)))
            .collect();
        let solved = bbbv_solved(width, height, &mines, &revealed);
        let (left, _, _) = clicks_left(&mut game, &mines, width);
        assert_eq!(solved, total - left, "case {case}");
    }
}
