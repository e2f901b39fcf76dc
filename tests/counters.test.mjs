// Browser test of the players' counters (issue 41): two beginner games won by clicks end with
// "clicks N, ZiNi Z: P % of the fewest", Z as `mineseer stats` gives it for the same layout;
// the statistics keep each game's ratio and the best; the review of our record shows the
// counters as `mineseer review --json` has them, the path "not recorded"; the review of a
// replay shows its program's counters beside ours; axe-core stays clean with the table open.
// Needs dist/ (scripts/build-page.sh) and the release CLI (built here when missing).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROOT, cellSelector, cliBinary, newGame, seriousViolations, servedPage } from './browser.mjs';

const openPage = servedPage('mineseer-counters-', { viewport: { width: 1360, height: 900 }, acceptDownloads: true });

/** Clicks a cell and waits for the game state it brings. */
async function click(page, x, y) {
  const before = await page.evaluate(() => Number(document.body.dataset.gameStates) || 0);
  await page.click(cellSelector(x, y));
  await page.waitForFunction((n) => (Number(document.body.dataset.gameStates) || 0) > n, before);
}

async function exportRecord(page, dir) {
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#record-export')]);
  const file = path.join(dir, download.suggestedFilename());
  await download.saveAs(file);
  return { file, record: JSON.parse(fs.readFileSync(file, 'utf8')) };
}

/**
 * Wins the current game by left clicks alone: the first at (4,4), then, once the record gives
 * the layout, the first hidden safe cell in reading order until none is left.
 */
async function winByClicks(page, dir) {
  await click(page, 4, 4);
  const { record } = await exportRecord(page, dir);
  const mines = new Set(record.layout.map(([x, y]) => `${x},${y}`));
  for (;;) {
    const hidden = await page.$$eval('#board .cell[data-state="hidden"]', (els) => els.map((c) => [Number(c.dataset.x), Number(c.dataset.y)]));
    const safe = hidden.find(([x, y]) => !mines.has(`${x},${y}`));
    if (!safe || (await page.evaluate(() => document.body.dataset.game)) !== 'playing') break;
    await click(page, ...safe);
  }
  assert.equal(await page.evaluate(() => document.body.dataset.game), 'won');
  return exportRecord(page, dir);
}

/** The record's layout as a `.mine` full layout (mines as M), for `mineseer stats`. */
function mineText(record) {
  const mines = new Set(record.layout.map(([x, y]) => `${x},${y}`));
  const rows = [];
  for (let y = 0; y < record.height; y++) {
    let row = '';
    for (let x = 0; x < record.width; x++) row += mines.has(`${x},${y}`) ? 'M' : 'H';
    rows.push(row);
  }
  return `${record.width}x${record.height}x${record.mines}\n${rows.join('\n')}\n`;
}

/** The counters table's rows: {key, cells: [name, ours, (program,) note]}. */
const counterRows = (page) => page.$$eval('#review-counters tbody tr', (rows) => rows.map((r) => ({
  key: r.dataset.counter, missing: r.dataset.missing === 'true', cells: [...r.children].map((c) => c.textContent),
})));

/** A counter's value as the page writes it: counts whole, ratios with three decimals. */
const shown = (v, count) => (typeof v !== 'number' ? '—' : count ? String(v) : v.toFixed(3));

test('a won game ends with its clicks against ZiNi, kept in the statistics and shown in the review', async () => {
  const { page, problems } = await openPage();
  await page.evaluate(() => localStorage.removeItem('mineseer.history'));
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mineseer-counters-'));
  const ratios = [];
  let last;
  for (const seed of ['4101', '4102']) {
    await newGame(page, 'beginner', seed, { rule: 'safe' });
    last = await winByClicks(page, dir);
    const { record } = last;
    await page.waitForSelector('#game-summary[data-zini]', { timeout: 30_000 });
    const summary = await page.textContent('#game-summary');
    const m = summary.match(/clicks (\d+), ZiNi (\d+): (\d+) % of the fewest/);
    assert.ok(m, `the summary gives the clicks against ZiNi: ${summary}`);
    const [clicks, zini, percent] = m.slice(1).map(Number);
    assert.equal(clicks, record.moves.length, 'every click of the game');
    const stats = JSON.parse(execFileSync(cliBinary(), ['stats', '--json'], { input: mineText(record), encoding: 'utf8' }));
    assert.equal(zini, stats.zini, `seed ${seed}: ZiNi as mineseer stats gives it for the layout`);
    assert.equal(percent, Math.round((zini / clicks) * 100));
    ratios.push(zini / clicks);
  }
  // The statistics: each game's ratio, and the best one kept.
  await page.waitForFunction(() => (JSON.parse(localStorage.getItem('mineseer.history'))?.['beginner/safe']?.recent ?? []).filter((g) => typeof g.ziniRatio === 'number').length === 2);
  const entry = await page.evaluate(() => JSON.parse(localStorage.getItem('mineseer.history'))['beginner/safe']);
  assert.deepEqual(entry.recent.map((g) => g.ziniRatio), ratios.slice().reverse());
  assert.equal(entry.bestZiniRatio, Math.max(...ratios));
  assert.equal(await page.textContent('#stats-numbers dd[data-stat="best-zini-ratio"]'), `${(Math.max(...ratios) * 100).toFixed(0)} %`);
  assert.match(await page.textContent('#stats-recent li'), /ZiNi \d+: \d+ % of the fewest/);

  // The review of our record: the counters as the CLI gives them, the path not recorded.
  const cli = JSON.parse(execFileSync(cliBinary(), ['review', '--json', last.file], { encoding: 'utf8' }));
  await page.click('#review-start');
  await page.waitForSelector('#review-counters:not([hidden])');
  const rows = await counterRows(page);
  assert.deepEqual(rows.map((r) => r.key), cli.counters.rows.map((r) => r.key));
  for (const want of cli.counters.rows) {
    const row = rows.find((r) => r.key === want.key);
    assert.equal(row.cells.length, 3, `${want.key}: no program column for our record`);
    assert.equal(row.cells[1], want.ours === null ? want.missing.split(':')[0] : shown(want.ours, want.count), want.key);
  }
  const pathRow = rows.find((r) => r.key === 'path');
  assert.equal(pathRow.cells[1], 'not recorded');
  assert.ok(pathRow.missing);
  assert.match(pathRow.cells[2], /not recorded: a Mineseer record holds the clicks, not the mouse's motion/);
  // Our beginner is 9x9; STNB's constant is for the rankings' 8x8 beginner only.
  const stnb = rows.find((r) => r.key === 'stnb');
  assert.equal(stnb.cells[1], 'not defined');
  assert.match(stnb.cells[2], /STNB is defined only for the rankings' boards, 8x8\/10, 16x16\/40 and 30x16\/99/);
  assert.match(await page.textContent('#review-counters caption'), /clicks \d+, ZiNi \d+: \d+ % of the fewest/);
  assert.deepEqual(await seriousViolations(page), [], 'axe with the counters table open');
  assert.deepEqual(problems, []);
  await page.close();
});

test('a replay\'s review shows its program\'s counters beside ours, as the CLI has them', async () => {
  const { page, problems } = await openPage();
  const file = 'arbiter-beg-15.52-3bv24.avf';
  const cli = JSON.parse(execFileSync(cliBinary(), ['review', '--json', path.join(ROOT, 'tests', 'fixtures', 'replays', file)], { encoding: 'utf8' }));
  await page.setInputFiles('#open-file', path.join(ROOT, 'tests', 'fixtures', 'replays', file));
  await page.waitForSelector('#review-counters:not([hidden])', { timeout: 60_000 });
  const head = await page.$$eval('#review-counters thead th', (ths) => ths.map((t) => t.textContent));
  assert.deepEqual(head, ['counter', 'ours', cli.replay.program, '']);
  const rows = await counterRows(page);
  for (const want of cli.counters.rows) {
    const row = rows.find((r) => r.key === want.key);
    assert.ok(row, want.key);
    assert.equal(row.cells[1], want.ours === null ? want.missing.split(':')[0] : shown(want.ours, want.count), `${want.key}: ours`);
    assert.equal(row.cells[2], shown(want.program, want.count), `${want.key}: the program's`);
  }
  // The path: the replay recorded the mouse, our record does not.
  const pathRow = rows.find((r) => r.key === 'path');
  assert.equal(pathRow.cells[1], 'not recorded');
  assert.ok(Number(pathRow.cells[2]) > 0, `the program's path: ${pathRow.cells[2]}`);
  assert.deepEqual(await seriousViolations(page), [], 'axe with a replay\'s counters open');
  assert.deepEqual(problems, []);
  await page.close();
});
