// Browser test of the training modes (issue #40): a hard-core game where a needless guess
// loses and the certainly safe cell that was available is outlined and named; a Fair game on
// a dense board where guesses on mines survive because the mines are drawn again, its record
// (exported, with its redraws) replayed to the same final board by the CLI and by the page
// (Game.fromRecord, and the review's replayRecord, which marks the redraws); the statistics
// kept per mode. Needs dist/ (scripts/build-page.sh) and the release CLI (built when missing).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { cliBinary, cellSelector, servedPage } from './browser.mjs';

const openPage = servedPage('mineseer-modes-', { viewport: { width: 1360, height: 900 }, acceptDownloads: true });

/** The board as the page shows it, as `.mine` text (H hidden, F flag, digits). */
async function boardText(page, mines) {
  const cells = await page.$$eval('#board .cell', (els) => els.map((c) => ({ x: Number(c.dataset.x), y: Number(c.dataset.y), ch: c.dataset.ch })));
  const width = Math.max(...cells.map((c) => c.x)) + 1;
  const height = Math.max(...cells.map((c) => c.y)) + 1;
  const rows = [];
  for (let y = 0; y < height; y++) {
    rows.push(cells.filter((c) => c.y === y).map((c) => (/^[0-8]$/.test(c.ch) ? c.ch : c.ch === 'F' ? 'F' : 'H')).join(''));
  }
  return `${width}x${height}x${mines}\n${rows.join('\n')}\n`;
}

/** The exact mine chance of every hidden cell, from `mineseer analyze --json`. */
function chances(position) {
  const out = execFileSync(cliBinary(), ['analyze', '--json', '-'], { input: position, encoding: 'utf8' });
  return JSON.parse(out).cells;
}

/** Starts a game with these settings and waits for it. */
async function start(page, { preset, width, height, mines, rule, mode, seed }) {
  await page.selectOption('#preset', preset);
  if (preset === 'custom') {
    await page.fill('#custom-width', String(width));
    await page.fill('#custom-height', String(height));
    await page.fill('#custom-mines', String(mines));
  }
  await page.selectOption('#rule', rule);
  await page.selectOption('#mode', mode);
  await page.fill('#seed', seed);
  await page.click('#new-game');
  await page.waitForFunction((s) => document.getElementById('game-seed').textContent === s, seed);
}

/** Clicks a cell and waits for the game state it brings. */
async function click(page, x, y) {
  const before = await page.evaluate(() => Number(document.body.dataset.gameStates) || 0);
  await page.click(cellSelector(x, y));
  await page.waitForFunction((n) => (Number(document.body.dataset.gameStates) || 0) > n, before);
}

const status = (page) => page.evaluate(() => document.body.dataset.game);

test('hard core: a guess while a cell is certainly safe loses, and the safe cell is outlined and named', async () => {
  const { page, problems } = await openPage();
  let found = false;
  for (let seed = 1; seed < 30 && !found; seed++) {
    await start(page, { preset: 'beginner', rule: 'opening', mode: 'hardcore', seed: String(seed) });
    await click(page, 4, 4);
    const cells = chances(await boardText(page, 10));
    const safe = cells.filter((c) => c.p === 0);
    const guess = cells.filter((c) => c.p > 0 && c.p < 1).sort((a, b) => a.p - b.p)[0];
    if (safe.length === 0 || !guess) continue;
    found = true;
    await click(page, guess.x, guess.y);
    assert.equal(await status(page), 'lost');
    const note = await page.$eval('#mode-note', (el) => ({ hidden: el.hidden, kind: el.dataset.kind, safe: el.dataset.safe, text: el.textContent }));
    assert.equal(note.hidden, false);
    assert.equal(note.kind, 'hardcore');
    const [sx, sy] = note.safe.split(',').map(Number);
    assert.ok(safe.some((c) => c.x === sx && c.y === sy), `(${sx},${sy}) is not certainly safe`);
    assert.ok(note.text.startsWith(`Hard core: (${guess.x},${guess.y}) was a guess while (${sx},${sy}) was certainly safe`), note.text);
    assert.ok(await page.$eval(cellSelector(sx, sy), (el) => el.classList.contains('best-move')));
    // Then the hint of the position before the guess: a certainly safe cell with its proof.
    await page.waitForFunction(() => document.getElementById('mode-note').dataset.hinted);
    const hinted = await page.$eval('#mode-note', (el) => el.dataset.hinted.split(',').map(Number));
    assert.ok(safe.some((c) => c.x === hinted[0] && c.y === hinted[1]), `the hint (${hinted}) is not certainly safe`);
    assert.ok(await page.$eval(cellSelector(hinted[0], hinted[1]), (el) => el.classList.contains('hint')));
    assert.ok((await page.$$('#board .hint-proof')).length >= 1, 'the hint shows its proof');
    assert.match(await page.$eval('#hint-text', (el) => el.textContent), /^The hint that was available: Level [1-4]\. /);
    // The guessed cell did not open: the game ended before it.
    assert.ok(!/^[0-8]$/.test(await page.$eval(cellSelector(guess.x, guess.y), (el) => el.dataset.ch)));
    // Counted under the hard-core mode's own statistics.
    await page.waitForFunction(() => Number(document.body.dataset.recorded) >= 1);
    const history = await page.evaluate(() => JSON.parse(localStorage.getItem('mineseer.history')));
    assert.equal(history['beginner/opening/hardcore']?.played, 1, JSON.stringify(history));
    assert.equal(history['beginner/opening'], undefined);
  }
  assert.ok(found, 'no seed gave a position with a certainly safe cell and a guess');
  assert.deepEqual(problems, []);
  await page.close();
});

test('fair: guesses on mines survive, and the record with its redraws replays in the CLI and the page', async () => {
  const { page, problems } = await openPage();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mineseer-modes-'));
  let record = null;
  for (let seed = 1; seed < 20 && !record; seed++) {
    await start(page, { preset: 'custom', width: 8, height: 8, mines: 20, rule: 'safe', mode: 'fair', seed: String(seed) });
    await click(page, 0, 0);
    let redraws = 0;
    for (let moves = 0; moves < 80 && (await status(page)) === 'playing'; moves++) {
      const cells = chances(await boardText(page, 20));
      const safe = cells.find((c) => c.p === 0);
      // A safe cell when there is one, else the riskiest cell that may be safe: a forced
      // guess, which Fair never lets lose.
      const pick = safe ?? cells.filter((c) => c.p < 1).sort((a, b) => b.p - a.p)[0];
      await click(page, pick.x, pick.y);
      assert.notEqual(await status(page), 'lost', `seed ${seed}: a ${safe ? 'safe cell' : 'forced guess'} lost`);
      if (await page.$eval('#mode-note', (el) => el.dataset.kind === 'redraw')) redraws++;
    }
    assert.equal(await status(page), 'won');
    if (redraws === 0) continue;
    await page.waitForFunction(() => Number(document.body.dataset.recorded) >= 1);
    const history = await page.evaluate(() => JSON.parse(localStorage.getItem('mineseer.history')));
    assert.ok(history['custom-8x8-20/safe/fair']?.won >= 1, JSON.stringify(history));
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('#record-export')]);
    const file = path.join(dir, download.suggestedFilename());
    assert.equal(download.suggestedFilename(), `mineseer-game-8x8-fair-${seed}.json`);
    await download.saveAs(file);
    record = JSON.parse(fs.readFileSync(file, 'utf8'));
    assert.equal(record.mode, 'fair');
    assert.equal(record.version, 2);
    assert.equal(record.redraws.length, redraws);
    // The CLI replays it to the board the page shows (every mine flagged once won).
    const finalBoard = execFileSync(cliBinary(), ['convert', file, '--to', 'mine'], { encoding: 'utf8' });
    const shown = await boardText(page, 20);
    assert.equal(finalBoard.replace(/M/g, 'F'), shown);
    // The page replays it: opened as the game (Game.fromRecord) and reviewed (replayRecord).
    await page.fill('#position', JSON.stringify(record));
    await page.click('#load-position');
    await page.waitForFunction(() => document.getElementById('message').textContent.includes('Opened a recorded fair'));
    assert.equal(await boardText(page, 20), shown);
    await page.click('#review-start');
    await page.waitForFunction((n) => document.querySelectorAll('.review-move').length === n, record.moves.length);
    const marked = await page.$$eval('.review-move[data-redraw="true"]', (els) => els.map((e) => Number(e.dataset.i)));
    assert.deepEqual(marked, record.redraws.map((r) => r.move));
    assert.ok((await page.textContent('#review-summary')).startsWith('fair · won'));
  }
  assert.ok(record, 'no seed redrew');
  assert.deepEqual(problems, []);
  await page.close();
});
