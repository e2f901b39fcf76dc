// Browser test of records, statistics and the review (issue 17): two seeded beginner games
// played by clicks (reveals, flags right and wrong, chords, guesses), the first exported as a
// record and reviewed in the page, every `.review-move` compared with `mineseer review --json`
// on the exported record; the slider and the arrow keys; the end-of-game summary, the
// Statistics panel and the history after two games; bad records refused with the game kept.
// Needs dist/ (scripts/build-page.sh) and the release CLI (built here when missing).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { cliBinary, newGame, servedPage } from './browser.mjs';

const openPage = servedPage('mineseer-review-', { viewport: { width: 1360, height: 900 }, acceptDownloads: true });

/** A fresh page of the built site, ready, with its errors and its requests collected. */
/** SplitMix-like seeded choices, so the clicks are the same on every run. */
function rng(seed) {
  let s = BigInt(seed);
  return (n) => {
    s = (s + 0x9e3779b97f4a7c15n) & 0xffffffffffffffffn;
    let z = s;
    z = ((z ^ (z >> 30n)) * 0xbf58476d1ce4e5b9n) & 0xffffffffffffffffn;
    z = ((z ^ (z >> 27n)) * 0x94d049bb133111ebn) & 0xffffffffffffffffn;
    z ^= z >> 31n;
    return Number(z % BigInt(n));
  };
}

async function cells(page) {
  return page.$$eval('#board .cell', (els) => els.map((c) => ({ x: Number(c.dataset.x), y: Number(c.dataset.y), state: c.dataset.state })));
}

/** Clicks a cell and waits for the game state it brings. */
async function click(page, x, y, button = 'left') {
  const before = await page.evaluate(() => Number(document.body.dataset.gameStates) || 0);
  await page.click(`#board .cell[data-x="${x}"][data-y="${y}"]`, { button });
  await page.waitForFunction((n) => (Number(document.body.dataset.gameStates) || 0) > n, before);
}

/**
 * Plays the current game by clicks until it ends: chords where the flags match, flags where
 * the hidden cells must all be mines, a wrong flag now and then, a click on a revealed cell
 * now and then, and a seeded guess when nothing else is left.
 */
async function playByClicks(page, seed) {
  const pick = rng(seed);
  let clicks = 0;
  const counts = { chord: 0, flag: 0, guess: 0, noop: 0 };
  while (clicks < 200) {
    const status = await page.evaluate(() => document.body.dataset.game);
    if (status !== 'playing') break;
    const board = await cells(page);
    const width = Math.max(...board.map((c) => c.x)) + 1;
    const at = (x, y) => board[y * width + x];
    const around = (c) => board.filter((d) => Math.abs(d.x - c.x) <= 1 && Math.abs(d.y - c.y) <= 1 && d !== c);
    const hidden = board.filter((c) => c.state === 'hidden');
    const started = board.some((c) => /^[0-8]$/.test(c.state));
    let move = null;
    if (started && clicks % 9 === 4 && hidden.length > 0) {
      move = { ...hidden[pick(hidden.length)], button: 'right' };
      counts.flag++;
    } else if (started && clicks % 13 === 6) {
      const shown = board.filter((c) => c.state === '0');
      if (shown.length > 0) {
        move = { ...shown[pick(shown.length)], button: 'left' };
        counts.noop++;
      }
    }
    if (!move && started) {
      for (const c of board.filter((d) => /^[1-8]$/.test(d.state))) {
        const n = Number(c.state);
        const near = around(c);
        const h = near.filter((d) => d.state === 'hidden');
        const f = near.filter((d) => d.state === 'flag');
        if (h.length === 0) continue;
        if (f.length === n) {
          move = { ...c, button: 'left' };
          counts.chord++;
          break;
        }
        if (h.length + f.length === n) {
          move = { ...h[0], button: 'right' };
          counts.flag++;
          break;
        }
      }
    }
    if (!move && started && hidden.length === 0) {
      // Every hidden cell is flagged, some wrongly: take a flag off.
      const flags = board.filter((c) => c.state === 'flag');
      move = { ...flags[pick(flags.length)], button: 'right' };
    }
    if (!move) {
      const choices = started ? hidden : [at(4, 4)];
      move = { ...choices[pick(choices.length)], button: 'left' };
      counts.guess++;
    }
    await click(page, move.x, move.y, move.button);
    clicks++;
  }
  return { clicks, counts, status: await page.evaluate(() => document.body.dataset.game) };
}

async function exportRecord(page, dir) {
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#record-export')]);
  const file = path.join(dir, download.suggestedFilename());
  await download.saveAs(file);
  return { file, record: JSON.parse(fs.readFileSync(file, 'utf8')) };
}

test('games played by clicks are recorded, reviewed as the CLI reviews them, and kept in the statistics', async () => {
  const { page, problems } = await openPage();
  await page.evaluate(() => localStorage.removeItem('mineseer.history'));
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mineseer-review-'));

  // Game 1.
  // Seeds chosen so that game 1 has guesses, a blunder, flags right and wrong, an unflag,
  // chords and clicks that do nothing, and is lost; game 2 is won.
  await newGame(page, 'beginner', '20261138', { rule: 'safe' });
  const first = await playByClicks(page, 23);
  assert.notEqual(first.status, 'playing', 'the game ends within 200 clicks');
  await page.waitForSelector('#game-summary:not([hidden])');
  const { file, record } = await exportRecord(page, dir);
  assert.equal(record.format, 'mineseer-game');
  assert.equal(record.moves.length, first.clicks, 'every click is in the record');
  assert.equal(record.seed, '20261138');
  const cli = JSON.parse(execFileSync(cliBinary(), ['review', '--json', file], { encoding: 'utf8' }));
  assert.equal(cli.moves.length, record.moves.length);
  assert.equal(cli.result, first.status);
  const kinds = new Set(cli.moves.map((m) => m.kind));
  for (const kind of ['first', 'flag', 'flag-guess', 'unflag', 'chord', 'blunder', 'no-op']) assert.ok(kinds.has(kind), `the game has a ${kind} move: ${[...kinds]}`);
  assert.ok(kinds.has('guess') || kinds.has('blunder'), `the game has a risky reveal: ${[...kinds]}`);

  // The summary says what the CLI says.
  const summary = await page.textContent('#game-summary');
  assert.match(summary, new RegExp(`${cli.clicks.total} clicks`));
  assert.match(summary, new RegExp(`3BV ${cli.result === 'won' ? cli.bbbv : `${cli.bbbv_solved} of ${cli.bbbv}`}`));

  // The review in the page, move by move against the CLI.
  await page.click('#review-start');
  await page.waitForFunction((n) => document.querySelectorAll('.review-move').length === n, record.moves.length);
  const shown = await page.$$eval('.review-move', (items) => items.map((li) => ({
    kind: li.dataset.kind, safety: li.dataset.safety, best: li.dataset.bestSafety, bad: li.dataset.bad === 'true', forced: li.dataset.forced === 'true',
  })));
  shown.forEach((m, i) => {
    const want = cli.moves[i];
    assert.equal(m.kind, want.kind, `move ${i} kind`);
    assert.equal(m.safety === undefined ? undefined : Number(m.safety), want.safety, `move ${i} safety`);
    assert.equal(m.best === undefined ? undefined : Number(m.best), want.best_safety, `move ${i} best safety`);
    assert.equal(m.forced, want.forced === true, `move ${i} forced`);
    const poor = want.kind === 'guess' && !want.forced && want.safety < 0.9 * want.best_safety;
    assert.equal(m.bad, want.kind === 'blunder' || want.kind === 'mine' || poor, `move ${i} stands out`);
  });

  // The slider and the arrow keys step through the positions, each analysed.
  await page.waitForFunction(() => (document.body.dataset.reviewDrawn ?? '').startsWith('0:'));
  const target = cli.moves.findIndex((m, i) => i > 0 && m.safety !== undefined && m.best && (m.best.x !== m.x || m.best.y !== m.y));
  assert.ok(target > 0, 'a move with a better alternative');
  await page.focus('#review-slider');
  await page.$eval('#review-slider', (el, k) => { el.value = String(k - 1); el.dispatchEvent(new Event('input')); }, target);
  await page.keyboard.press('ArrowRight');
  await page.waitForFunction((k) => (document.body.dataset.reviewDrawn ?? '').startsWith(`${k}:`), target);
  const marks = await page.evaluate(() => ({
    played: [...document.querySelectorAll('#board .review-played')].map((c) => [Number(c.dataset.x), Number(c.dataset.y)]),
    best: [...document.querySelectorAll('#board .best-move')].map((c) => [Number(c.dataset.x), Number(c.dataset.y)]),
    overlay: document.querySelectorAll('#board .cell[data-p]').length,
  }));
  assert.deepEqual(marks.played, [[cli.moves[target].x, cli.moves[target].y]], 'the move played is outlined');
  assert.deepEqual(marks.best, [[cli.moves[target].best.x, cli.moves[target].best.y]], 'the best alternative is in gold');
  assert.ok(marks.overlay > 0, 'the analysis is drawn');
  await page.keyboard.press('ArrowLeft');
  await page.waitForFunction((k) => (document.body.dataset.reviewDrawn ?? '').startsWith(`${k - 1}:`), target);
  await page.click('#review-close');

  // Game 2, then the statistics and the history.
  await newGame(page, 'beginner', '20261127', { rule: 'safe' });
  const second = await playByClicks(page, 12);
  assert.notEqual(second.status, 'playing');
  await page.waitForFunction(() => document.getElementById('stats-card').dataset.played === '2');
  const wins = [first.status, second.status].filter((s) => s === 'won').length;
  const history = await page.evaluate(() => JSON.parse(localStorage.getItem('mineseer.history')));
  const entry = history['beginner/safe'];
  assert.equal(entry.played, 2);
  assert.equal(entry.won, wins);
  assert.equal(entry.recent.length, 2);
  assert.equal(entry.recent[1].clicks, cli.clicks.total, 'the first game is the older entry');
  assert.equal(entry.recent[1].bbbv, cli.bbbv);
  assert.equal(entry.streak, second.status === 'won' ? (first.status === 'won' ? 2 : 1) : 0);
  // The bests are the won game's own figures, as the CLI computes them from its record.
  const { file: file2 } = await exportRecord(page, dir);
  const cli2 = JSON.parse(execFileSync(cliBinary(), ['review', '--json', file2], { encoding: 'utf8' }));
  assert.equal(cli2.result, 'won');
  assert.equal(entry.bestTimeMs, cli2.time_ms);
  assert.equal(entry.bestBbbvPerS, cli2.bbbv_per_s);
  assert.equal(entry.bestEfficiency, cli2.efficiency);
  assert.equal(await page.textContent('#stats-numbers dd[data-stat="best-time"]'), `${(cli2.time_ms / 1000).toFixed(3)} s`);
  assert.equal(await page.getAttribute('#stats-card', 'data-won'), String(wins));
  assert.equal(await page.locator('#stats-recent li').count(), 2);
  assert.equal(await page.locator('#stats-chart rect').count(), 2, 'one bar per recent game');
  assert.equal(await page.textContent('#stats-numbers dd[data-stat="played"]'), '2');

  // Bad records are refused with a clear message; the game stays.
  const before = await cells(page);
  for (const [text, message] of [
    ['{"format": "mineseer-game", ', 'not a valid game record'],
    [JSON.stringify({ ...record, format: 'other' }), 'not a game record'],
    [JSON.stringify({ ...record, layout: [[40, 0], ...record.layout.slice(1)] }), 'outside the 9x9 board'],
    [JSON.stringify({ ...record, moves: [{ op: 'dig', x: 0, y: 0, t: 0 }] }), 'op "dig"'],
  ]) {
    await page.fill('#position', text);
    await page.click('#load-position');
    await page.waitForFunction((m) => document.getElementById('message').textContent.includes(m), message);
    assert.deepEqual(await cells(page), before, `the game is kept after: ${message}`);
  }
  // A good record opens from a file as a game that can be reviewed again.
  await page.setInputFiles('#open-file', file);
  await page.waitForFunction(() => document.getElementById('message').textContent.includes('Opened a recorded'));
  await page.click('#review-start');
  await page.waitForFunction((n) => document.querySelectorAll('.review-move').length === n, record.moves.length);
  assert.equal(await page.evaluate(() => document.getElementById('stats-card').dataset.played), '2', 'an opened record is not counted again');
  assert.deepEqual(problems, []);
  await page.close();
});

test('a reveal that cost wins in a small endgame shows what it was worth, luck aside', async () => {
  // 5x4 with 4 mines: after the first click, 20 layouts and 80 % to win with best play;
  // (3,0) is safe in this layout, but revealing it there wins only 45 % of the time.
  const record = JSON.stringify({
    format: 'mineseer-game', version: 1, width: 5, height: 4, mines: 4, rule: 'safe', seed: '1',
    layout: [[1, 3], [2, 2], [3, 1], [4, 0]],
    moves: [{ op: 'reveal', x: 0, y: 0, t: 0 }, { op: 'reveal', x: 3, y: 0, t: 1000 }],
  });
  const cli = JSON.parse(execFileSync(cliBinary(), ['review', '--json', '-'], { input: record, encoding: 'utf8' }));
  const move = cli.moves[1];
  const endgame = JSON.parse(execFileSync(cliBinary(), ['endgame', '--json', '--moves'], {
    input: '5x4x4\n001HH\n012HH\n12HHH\nHHHHH\n', encoding: 'utf8',
  }));
  assert.equal(move.win_before, endgame.win);
  assert.equal(move.win_move, endgame.moves.find((m) => m.x === 3 && m.y === 0).win);
  assert.ok(move.win_move < move.win_before - 0.3);
  const { page, problems } = await openPage();
  await page.fill('#position', record);
  await page.click('#load-position');
  await page.waitForFunction(() => document.getElementById('message').textContent.includes('Opened a recorded'));
  await page.click('#review-start');
  await page.waitForFunction(() => document.querySelectorAll('.review-move').length === 2);
  const text = await page.textContent('.review-move:nth-child(2)');
  const pct = (p) => `${(p * 100).toFixed(1)} %`;
  assert.ok(
    text.endsWith(`win ${pct(move.win_before)} (this move ${pct(move.win_move)}) → ${pct(move.win_after)}`),
    text,
  );
  assert.deepEqual(problems, []);
  await page.close();
});

test('the review draws the game\'s win chance guess by guess, as mineseer review --win-chances gives it', async () => {
  const file = path.join(path.dirname(new URL(import.meta.url).pathname), 'fixtures', 'review-expert-1.json');
  const cli = JSON.parse(execFileSync(cliBinary(), ['review', '--win-chances', '--json', file], { encoding: 'utf8' }));
  const line = cli.win_chances;
  assert.ok(line.length >= 2, 'the start and at least one guess');
  const { page, problems } = await openPage();
  await page.fill('#position', fs.readFileSync(file, 'utf8'));
  await page.click('#load-position');
  await page.waitForFunction(() => document.getElementById('message').textContent.includes('Opened a recorded'));
  await page.click('#review-start');
  await page.waitForSelector('body[data-win-line]', { timeout: 180_000 });
  const points = await page.$$eval('#win-line .win-line-point', (els) => els.map((e) => ({
    kind: e.dataset.kind, win: Number(e.dataset.win), move: e.dataset.move,
    lo: e.dataset.lo === undefined ? null : Number(e.dataset.lo), hi: e.dataset.hi === undefined ? null : Number(e.dataset.hi),
  })));
  assert.deepEqual(points, line.map((p) => ({
    kind: p.win_before.kind, win: p.win_before.win, move: p.move === null ? 'start' : String(p.move),
    lo: p.win_before.lo ?? null, hi: p.win_before.hi ?? null,
  })));
  // Exact points are filled, estimates hollow, with a band; a point's click shows its move.
  assert.match(await page.textContent('#win-line-info'), /filled points exact, hollow points estimated/);
  const last = line[line.length - 1];
  await page.click(`#win-line .win-line-point[data-move="${last.move ?? 'start'}"]`);
  await page.waitForFunction((k) => document.getElementById('review-slider').value === k, String(last.move ?? 0));
  await page.click('#review-close');
  assert.equal(await page.locator('#win-line').isHidden(), true);
  assert.deepEqual(problems, []);
  await page.close();
});
