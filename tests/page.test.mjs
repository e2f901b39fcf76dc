// Browser tests of the page: Playwright (playwright-core) drives Debian's chromium against
// dist/ (built by `source scripts/setup.sh && trunk build --release --offline --skip-version-check`),
// served by tests/static-server.mjs on 127.0.0.1.
// Run with `node --test tests/` from the repository root (scripts/test.sh does).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startServer } from './static-server.mjs';
import {
  DIST, ROOT, cliBinary, launchChromium, newGame, openPage as openPageAt, patternPosition,
} from './browser.mjs';

const ARTIFACTS = path.join(ROOT, 'tests', 'artifacts');

let server;
let baseUrl;
let context;
let browser;

before(async () => {
  assert.ok(fs.existsSync(path.join(DIST, 'index.html')), 'dist/ is missing: run trunk build --release first');
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  ({ server, url: baseUrl } = await startServer(DIST));
  browser = await launchChromium('mineseer-chromium-', { viewport: { width: 1360, height: 900 } });
  ({ context } = browser);
});

after(async () => {
  await browser?.close();
  server?.close();
});

/** A fresh page at `hash`, ready, with its errors and any request outside the site collected. */
const openPage = (hash = '') => openPageAt(context, baseUrl + hash, { within: baseUrl });

async function screenshot(page, name) {
  await page.screenshot({ path: path.join(ARTIFACTS, `${name}.png`), fullPage: true });
}

/** The board as the page shows it: one data-state per cell, row-major. */
async function boardStates(page) {
  return page.$$eval('#board .cell', (cells) => cells.map((c) => ({
    x: Number(c.dataset.x), y: Number(c.dataset.y), state: c.dataset.state, p: c.dataset.p,
  })));
}

/** The .mine text of what the board shows. */
function mineText(cells, mines) {
  const width = Math.max(...cells.map((c) => c.x)) + 1;
  const height = Math.max(...cells.map((c) => c.y)) + 1;
  let out = `${width}x${height}x${mines}\n`;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const { state } = cells[y * width + x];
      out += state === 'hidden' ? 'H' : state === 'flag' ? 'F' : state;
    }
    out += '\n';
  }
  return out;
}

/** Turns Analyze on or off, whatever the saved setting is. */
async function setAnalyze(page, on) {
  if ((await page.getAttribute('#analyze', 'aria-pressed')) !== String(on)) await page.click('#analyze');
}

/**
 * Turns the Endgame mode on or off, whatever the saved setting is (the tests share one
 * browser profile: a test that turns it on turns it off before it ends).
 */
async function setEndgame(page, on) {
  if ((await page.getAttribute('#endgame', 'aria-pressed')) !== String(on)) await page.click('#endgame');
}

/** Moves the keyboard cursor with the arrow keys (the board has focus). */
async function moveCursorTo(page, x, y) {
  const at = () => page.evaluate(() => {
    const el = document.querySelector('#board .cell.cursor');
    return el && { x: Number(el.dataset.x), y: Number(el.dataset.y) };
  });
  let here = await at();
  if (!here) {
    // The cursor shows once a key is used.
    await page.keyboard.press('ArrowRight');
    here = await at();
  }
  for (let i = 0; i < x - here.x; i++) await page.keyboard.press('ArrowRight');
  for (let i = 0; i < here.x - x; i++) await page.keyboard.press('ArrowLeft');
  for (let i = 0; i < y - here.y; i++) await page.keyboard.press('ArrowDown');
  for (let i = 0; i < here.y - y; i++) await page.keyboard.press('ArrowUp');
  here = await at();
  assert.deepEqual([here.x, here.y], [x, y], 'the cursor is where the arrows took it');
}

async function clickCell(page, x, y, options = {}) {
  await page.click(`#board .cell[data-x="${x}"][data-y="${y}"]`, options);
}

test('a seeded game is played by clicks to a loss, and replays identically', async () => {
  const { page, problems } = await openPage();
  await newGame(page, 'beginner', '2024');
  await clickCell(page, 4, 4);
  await page.waitForFunction(() => document.querySelector('#board .cell[data-x="4"][data-y="4"]').dataset.state !== 'hidden');
  const afterFirst = await boardStates(page);
  assert.equal(afterFirst.find((c) => c.x === 4 && c.y === 4).state, '0', 'the opening rule gives a 0');
  assert.ok(afterFirst.filter((c) => c.state !== 'hidden').length > 1, 'a 0 opens its neighbours');

  // Right click flags, right click again unflags.
  const hidden = afterFirst.find((c) => c.state === 'hidden');
  await clickCell(page, hidden.x, hidden.y, { button: 'right' });
  await page.waitForSelector(`#board .cell[data-x="${hidden.x}"][data-y="${hidden.y}"][data-state="flag"]`);
  assert.equal(await page.textContent('#mines-left'), '9');
  await clickCell(page, hidden.x, hidden.y, { button: 'right' });
  await page.waitForSelector(`#board .cell[data-x="${hidden.x}"][data-y="${hidden.y}"][data-state="hidden"]`);

  // Reveal hidden cells in reading order until the game ends. With 10 mines among the hidden
  // cells the first mine met ends it, unless every safe cell before all mines is revealed.
  for (let guard = 0; guard < 81; guard++) {
    const status = await page.getAttribute('body', 'data-game');
    if (status !== 'playing') break;
    const next = (await boardStates(page)).find((c) => c.state === 'hidden');
    await clickCell(page, next.x, next.y);
    await page.waitForFunction(
      ([x, y]) => document.querySelector(`#board .cell[data-x="${x}"][data-y="${y}"]`).dataset.state !== 'hidden',
      [next.x, next.y],
    );
  }
  const status = await page.getAttribute('body', 'data-game');
  assert.ok(status === 'won' || status === 'lost', `the game ended (${status})`);
  const end = await boardStates(page);
  if (status === 'lost') {
    assert.equal(await page.locator('#board .cell.exploded').count(), 1, 'the losing mine is shown');
    assert.equal(end.filter((c) => c.state === 'mine').length, 10, 'every mine is shown at the end');
    assert.equal(await page.textContent('#face'), '☹');
  } else {
    assert.equal(end.filter((c) => c.state === 'hidden' || c.state === 'flag').length, 10);
  }
  await screenshot(page, 'game-over');

  // Export: the whole game as .mine (every mine an M, flagged or not) and as MBF.
  const [mineDownload] = await Promise.all([page.waitForEvent('download'), page.click('#export-mine')]);
  const mine = fs.readFileSync(await mineDownload.path(), 'utf8');
  assert.match(mine, /^9x9x10\n/);
  assert.equal((mine.match(/M/g) ?? []).length, 10);
  const [mbfDownload] = await Promise.all([page.waitForEvent('download'), page.click('#export-mbf')]);
  const mbf = fs.readFileSync(await mbfDownload.path());
  assert.deepEqual([...mbf.subarray(0, 4)], [9, 9, 0, 10]);
  assert.equal(mbf.length, 4 + 2 * 10);
  const mbfMines = new Set();
  for (let i = 4; i < mbf.length; i += 2) mbfMines.add(`${mbf[i]},${mbf[i + 1]}`);
  const mineMines = new Set();
  mine.trim().split('\n').slice(1).forEach((row, y) => [...row].forEach((ch, x) => ch === 'M' && mineMines.add(`${x},${y}`)));
  assert.deepEqual(mbfMines, mineMines, 'both files hold the same layout');

  // Replay: the same seed and the same first click give the same board.
  await page.click('#replay');
  await page.waitForFunction(() => document.body.dataset.game === 'playing');
  await clickCell(page, 4, 4);
  await page.waitForFunction(() => document.querySelector('#board .cell[data-x="4"][data-y="4"]').dataset.state !== 'hidden');
  assert.deepEqual(await boardStates(page), afterFirst);
  assert.deepEqual(problems, []);
  await page.close();
});

test('a seeded game is won by clicking every safe cell (the layout read from its .mine export)', async () => {
  const { page, problems } = await openPage();
  await newGame(page, 'intermediate', '4242', { rule: 'safe' });
  await clickCell(page, 0, 0);
  await page.waitForFunction(() => document.querySelector('#board .cell[data-x="0"][data-y="0"]').dataset.state !== 'hidden');
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#export-mine')]);
  const rows = fs.readFileSync(await download.path(), 'utf8').trim().split('\n').slice(1);
  assert.equal(rows.length, 16);
  for (const [y, row] of rows.entries()) {
    for (const [x, ch] of [...row].entries()) {
      if (ch === 'M') continue;
      const state = await page.getAttribute(`#board .cell[data-x="${x}"][data-y="${y}"]`, 'data-state');
      if (state !== 'hidden') continue;
      await clickCell(page, x, y);
      await page.waitForFunction(
        ([x, y]) => document.querySelector(`#board .cell[data-x="${x}"][data-y="${y}"]`).dataset.state !== 'hidden',
        [x, y],
      );
    }
  }
  assert.equal(await page.getAttribute('body', 'data-game'), 'won');
  assert.equal(await page.textContent('#face'), '★');
  assert.equal(await page.textContent('#mines-left'), '0');
  const flags = (await boardStates(page)).filter((c) => c.state === 'flag').map((c) => `${c.x},${c.y}`);
  const mines = rows.flatMap((row, y) => [...row].flatMap((ch, x) => (ch === 'M' ? [`${x},${y}`] : [])));
  assert.deepEqual(flags, mines, 'a won game shows every mine flagged');
  assert.match(await page.textContent('#message'), /^You won in \d+ s\.$/);
  assert.deepEqual(problems, []);
  await page.close();
});

test('every data-p shown by Analyze equals the CLI analyze --json', async () => {
  const { page, problems } = await openPage();
  // A seeded expert game a few engine moves in, so the position has a real front. Should a
  // seed's game end during set-up (it is a game: the player guesses), the next seed is used.
  for (let seed = 77; ; seed++) {
    assert.ok(seed < 90, 'some seed gives a game still going after six moves');
    await newGame(page, 'expert', String(seed));
    await clickCell(page, 3, 3);
    await page.waitForFunction(() => document.querySelector('#board .cell[data-x="3"][data-y="3"]').dataset.state === '0');
    for (let i = 0; i < 6 && (await page.getAttribute('body', 'data-game')) === 'playing'; i++) {
      await page.click('#step');
      await page.waitForFunction((n) => document.querySelectorAll('#moves li').length >= n, i + 1);
    }
    if ((await page.getAttribute('body', 'data-game')) === 'playing') break;
  }
  await setAnalyze(page, true);
  await page.waitForSelector('#board .cell[data-p]');
  const cells = await boardStates(page);
  const text = mineText(cells, 99);
  const cli = JSON.parse(execFileSync(cliBinary(), ['analyze', '--json'], { input: text }).toString());
  const expected = new Map(cli.cells.map((c) => [`${c.x},${c.y}`, c.p]));
  const shown = cells.filter((c) => c.state === 'hidden');
  assert.ok(shown.length > 100, 'an expert board has many hidden cells');
  for (const cell of shown) {
    assert.notEqual(cell.p, undefined, `hidden cell (${cell.x},${cell.y}) has a data-p`);
    assert.equal(Number(cell.p), expected.get(`${cell.x},${cell.y}`), `data-p of (${cell.x},${cell.y})`);
  }
  for (const cell of cells.filter((c) => c.state !== 'hidden')) {
    assert.equal(cell.p, undefined, `(${cell.x},${cell.y}) is not hidden and has no data-p`);
  }
  assert.ok(shown.some((c) => Number(c.p) > 0 && Number(c.p) < 1), 'some cells are uncertain');
  // The safest guess: the uncertain cells of least probability, outlined when few tie.
  const uncertain = shown.map((c) => Number(c.p)).filter((p) => p > 0 && p < 1);
  const lowest = Math.min(...uncertain);
  const ties = uncertain.filter((p) => p === lowest).length;
  const outlined = await page.$$eval('#board .cell.best-guess', (els) => els.map((e) => Number(e.dataset.p)));
  if (ties <= 8) assert.deepEqual(outlined, new Array(ties).fill(lowest));
  else assert.deepEqual(outlined, []);
  // Certain cells are marked, and only they.
  const marked = await page.$$eval('#board .cell.cert-safe, #board .cell.cert-mine', (els) => els.map((e) => Number(e.dataset.p)));
  assert.equal(marked.length, shown.filter((c) => Number(c.p) === 0 || Number(c.p) === 1).length);
  // Dead tiles and forced guesses (50/50s) are marked exactly where the CLI finds them.
  const hiddenKeys = new Set(shown.map((c) => `${c.x},${c.y}`));
  // The page greys only uncertain dead tiles: a certain cell is marked as certain instead.
  const cliDead = cli.cells.filter((c) => c.dead && c.p > 0 && c.p < 1 && hiddenKeys.has(`${c.x},${c.y}`)).map((c) => `${c.x},${c.y}`).sort();
  const pageDead = (await page.$$eval('#board .cell.dead', (els) => els.map((e) => `${e.dataset.x},${e.dataset.y}`))).sort();
  assert.deepEqual(pageDead, cliDead);
  const cliFifty = cli.fifty_fifties.flat().map((c) => `${c.x},${c.y}`).sort();
  const pageFifty = (await page.$$eval('#board .cell.fifty', (els) => els.map((e) => `${e.dataset.x},${e.dataset.y}`))).sort();
  assert.deepEqual(pageFifty, cliFifty);
  // The zero % display shows the CLI's chance of a 0 on every uncertain cell.
  await page.selectOption('#display', 'zero');
  const zeroCells = cli.cells.filter((c) => hiddenKeys.has(`${c.x},${c.y}`) && c.p > 0 && c.p < 1);
  for (const c of zeroCells.slice(0, 40)) {
    const text = await page.textContent(`#board .cell[data-x="${c.x}"][data-y="${c.y}"]`);
    const v = c.zero * 100;
    const want = v > 0 && v < 1 ? '<1' : v > 99 && v < 100 ? '>99' : String(Math.round(v));
    assert.equal(text, want, `zero % of (${c.x},${c.y})`);
  }
  await page.selectOption('#display', 'mine');
  await screenshot(page, 'analyze-expert');

  // A small position that has a forced guess and dead tiles, marked where the CLI says.
  const small = '5x2x2\nHHH10\nHH110\n';
  const smallCli = JSON.parse(execFileSync(cliBinary(), ['analyze', '--json'], { input: small }).toString());
  assert.ok(smallCli.fifty_fifties.length > 0, 'the CLI finds a forced guess here');
  await page.fill('#position', small);
  await page.click('#load-position');
  await page.waitForFunction(() => document.querySelectorAll('#board .cell[data-p]').length === 5);
  const smallFifty = (await page.$$eval('#board .cell.fifty', (els) => els.map((e) => `${e.dataset.x},${e.dataset.y}`))).sort();
  assert.deepEqual(smallFifty, smallCli.fifty_fifties.flat().map((c) => `${c.x},${c.y}`).sort());
  const smallDead = (await page.$$eval('#board .cell.dead', (els) => els.map((e) => `${e.dataset.x},${e.dataset.y}`))).sort();
  assert.deepEqual(smallDead, smallCli.cells.filter((c) => c.dead && c.p > 0 && c.p < 1).map((c) => `${c.x},${c.y}`).sort());
  await screenshot(page, 'analyze-fifty-fifty');
  assert.deepEqual(problems, []);
  await page.close();
});

test('auto-play finishes a beginner game and shows each move\'s reason', async () => {
  const { page, problems } = await openPage();
  await newGame(page, 'beginner', '31337');
  await page.$eval('#speed', (el) => {
    el.value = '10';
    el.dispatchEvent(new Event('change'));
  });
  await page.click('#autoplay');
  await page.waitForFunction(() => ['won', 'lost'].includes(document.body.dataset.game), null, { timeout: 60_000 });
  const reasons = await page.$$eval('#moves li', (items) => items.map((li) => li.textContent));
  assert.ok(reasons.length >= 2, 'several moves were played');
  assert.match(reasons[reasons.length - 1], /opening move/, 'the first move is the opening');
  for (const reason of reasons) {
    assert.match(reason, /^\(\d+, \d+\) (reveal|flag): (opening move|certain|endgame, win chance \d+\.\d\d%|guess, \d+\.\d% safe|forced guess, \d+\.\d% safe \(no reveal can settle it\))$/);
  }
  assert.equal(await page.getAttribute('#autoplay', 'aria-pressed'), 'false', 'auto-play stops at the end');
  await screenshot(page, 'autoplay-end');
  assert.deepEqual(problems, []);
  await page.close();
});

test('malformed text gives a clear error and the page keeps working', async () => {
  const { page, problems } = await openPage();
  await page.fill('#position', '4x3x2\nHH1H\nHZHH\nHHHH\n');
  await page.click('#load-position');
  await page.waitForSelector('#message:not([hidden])');
  assert.equal(await page.textContent('#message'), 'line 3, column 2: unknown cell "Z", expected H, ., F, M, ? or a digit 0-8');
  await page.fill('#position', '3x3x2\nHHH\n');
  await page.click('#load-position');
  await page.waitForFunction(() => document.getElementById('message').textContent.includes('expected 3 rows'));
  await screenshot(page, 'malformed');
  // The page still works: a good position loads and is analysed.
  await page.fill('#position', '3x1x1\nH1H\n');
  await page.click('#load-position');
  await setAnalyze(page, true);
  await page.waitForSelector('#board .cell[data-p]');
  const ps = (await boardStates(page)).filter((c) => c.state === 'hidden').map((c) => c.p);
  assert.deepEqual(ps, ['0.5', '0.5']);
  // An impossible position is an error too, not a crash.
  await page.fill('#position', '3x1x1\n3HH\n');
  await page.click('#load-position');
  await page.waitForSelector('#message:not([hidden])');
  assert.match(await page.textContent('#message'), /shows 3 but has only 1 neighbours/);
  assert.deepEqual(problems, []);
  await page.close();
});

/**
 * Issue 7's bad inputs, the page's column: each is pasted (or opened as a file) over a game in
 * progress, and must give a visible message in the core's words while the game stays as it
 * was and still answers clicks.
 */
const BAD_INPUTS = [
  { name: 'empty input', text: '', message: 'line 1, column 1: the input is empty' },
  { name: 'a header that is not WxHxM', text: 'abc\nHHH\n', message: /^line 1, column 1: expected a header like .*found "abc"$/ },
  { name: 'a zero size', text: '0x3x1\n', message: 'line 1, column 1: the board is 0x3: width and height must be at least 1' },
  { name: 'a negative size', text: '-3x3x1\nHHH\n', message: 'line 1, column 1: expected a header like 30x16x99, found "-3x3x1"' },
  { name: 'a huge size', text: '100000x100000x10\n', message: 'line 1, column 1: the board is 100000x100000: width and height must be at most 1000' },
  { name: 'more mines than cells', text: '3x3x10\nHHH\nHHH\nHHH\n', message: 'line 1, column 1: 10 mines do not fit in 9 cells' },
  { name: 'a row too short', text: '3x2x1\nHH\nHHH\n', message: 'line 2, column 3: expected a row of 3 cells, found 2' },
  { name: 'a row too long', text: '3x2x1\nHHHHH\nHHH\n', message: 'line 2, column 4: expected a row of 3 cells, found 5' },
  { name: 'too few rows', text: '3x3x1\nHHH\n', message: /expected 3 rows, found 1/ },
  { name: 'an unknown character', text: '3x1x1\nHZH\n', message: 'line 2, column 2: unknown cell "Z", expected H, ., F, M, ? or a digit 0-8' },
  { name: 'a number above its neighbour count', text: '3x1x1\n3HH\n', message: 'line 2, column 1: cell (0,0) shows 3 but has only 1 neighbours' },
  { name: 'a number contradicted by its flags', text: '3x2x2\nF1F\nHHH\n', message: 'no consistent layout: the 1 at (1,0) has 2 flags around it' },
  { name: 'more flags than mines', text: '3x1x1\nFFH\n', message: 'no consistent layout: 2 flags but only 1 mines' },
  { name: 'a position with no consistent layout', text: '4x1x1\n1HH1\n', message: 'no consistent layout: the numbers need between 2 and 2 mines, but the board has 1' },
  { name: 'a binary file', file: { name: 'binary.mine', mimeType: 'application/octet-stream', buffer: Buffer.from([0x00, 0x01, 0x89, 0x50, 0x4e, 0x47, 0xff, 0xfe]) }, message: 'line 1, column 1: the input is not text' },
  { name: 'an MBF file with a mine outside the board', file: { name: 'outside.mbf', mimeType: 'application/octet-stream', buffer: Buffer.from([3, 2, 0, 1, 3, 0]) }, message: 'the MBF mine at (3,0) is outside the 3x2 board' },
  { name: 'an MBF file with a mine listed twice', file: { name: 'twice.mbf', mimeType: 'application/octet-stream', buffer: Buffer.from([3, 2, 0, 2, 1, 1, 1, 1]) }, message: 'the MBF data lists the mine at (1,1) twice' },
  { name: 'a truncated MBF file', file: { name: 'short.mbf', mimeType: 'application/octet-stream', buffer: Buffer.from([3, 2, 0, 2, 1]) }, message: 'the MBF data is truncated: 5 bytes, expected 8' },
];

/** Inputs that look odd but are valid: they load, replacing the board. */
const GOOD_ODD_INPUTS = [
  { name: 'a valid .inp with a -3 (known safe)', text: '2 3 1\n-1 -3 -1\n0 1 -1\n', states: ['hidden', 'hidden', 'hidden', '0', '1', 'hidden'], ps: ['0', '0', '0.5', '0.5'] },
  { name: 'trailing white space and Windows line endings', text: '3x1x1  \r\nH1H \r\n\r\n', states: ['hidden', '1', 'hidden'], ps: ['0.5', '0.5'] },
];

test('bad input, table-driven: the core\'s message shows and the game in progress stays intact', async () => {
  const { page, problems } = await openPage();
  await setAnalyze(page, false);
  await newGame(page, 'beginner', '77');
  await clickCell(page, 4, 4);
  await page.waitForFunction(() => document.querySelector('#board .cell[data-x="4"][data-y="4"]').dataset.state !== 'hidden');
  const before = await boardStates(page);
  const seed = await page.textContent('#game-seed');
  for (const bad of BAD_INPUTS) {
    // The previous message is cleared first, so the wait below sees this input's answer.
    await page.evaluate(() => { document.getElementById('message').textContent = ''; });
    if (bad.file) {
      await page.setInputFiles('#open-file', bad.file);
    } else {
      await page.fill('#position', bad.text);
      await page.click('#load-position');
    }
    await page.waitForFunction(() => {
      const el = document.getElementById('message');
      return !el.hidden && el.textContent !== '' && !el.textContent.startsWith('Loaded');
    }, null, { timeout: 30_000 });
    const shown = await page.textContent('#message');
    if (bad.message instanceof RegExp) assert.match(shown, bad.message, bad.name);
    else assert.equal(shown, bad.message, bad.name);
    assert.equal(await page.isVisible('#message'), true, `${bad.name}: the message is visible`);
    assert.deepEqual(await boardStates(page), before, `${bad.name}: the board is unchanged`);
    assert.equal(await page.textContent('#game-seed'), seed, `${bad.name}: the same game`);
    assert.equal(await page.getAttribute('body', 'data-game'), 'playing', `${bad.name}: still playing`);
  }
  await screenshot(page, 'bad-input-last');
  // Still clickable: a flag goes in and comes out, then the game goes on by a reveal.
  const hidden = before.find((c) => c.state === 'hidden');
  await clickCell(page, hidden.x, hidden.y, { button: 'right' });
  await page.waitForSelector(`#board .cell[data-x="${hidden.x}"][data-y="${hidden.y}"][data-state="flag"]`);
  await clickCell(page, hidden.x, hidden.y, { button: 'right' });
  await page.waitForSelector(`#board .cell[data-x="${hidden.x}"][data-y="${hidden.y}"][data-state="hidden"]`);
  await clickCell(page, hidden.x, hidden.y);
  await page.waitForFunction(([x, y]) => document.querySelector(`#board .cell[data-x="${x}"][data-y="${y}"]`).dataset.state !== 'hidden', [hidden.x, hidden.y]);

  // The odd but valid inputs load, and are analysed like their clean forms.
  await setAnalyze(page, true);
  for (const good of GOOD_ODD_INPUTS) {
    await page.fill('#position', good.text);
    await page.click('#load-position');
    await page.waitForFunction((n) => document.querySelectorAll('#board .cell').length === n, good.states.length);
    await page.waitForSelector('#board .cell[data-p]');
    assert.match(await page.textContent('#message'), /^Loaded a /, good.name);
    const cells = await boardStates(page);
    assert.deepEqual(cells.map((c) => c.state), good.states, good.name);
    assert.deepEqual(cells.filter((c) => c.state === 'hidden').map((c) => c.p), good.ps, good.name);
  }

  // A good MBF file loads as a new game on that layout.
  await page.setInputFiles('#open-file', { name: 'good.mbf', mimeType: 'application/octet-stream', buffer: Buffer.from([3, 2, 0, 1, 2, 1]) });
  await page.waitForFunction(() => document.getElementById('message').textContent.startsWith('Loaded a 3×2 MBF layout'));
  assert.equal(await page.getAttribute('body', 'data-game'), 'playing');
  await clickCell(page, 0, 0);
  await page.waitForSelector('#board .cell[data-x="0"][data-y="0"][data-state="0"]');
  assert.deepEqual((await boardStates(page)).map((c) => c.state), ['0', '1', 'hidden', '0', '1', 'hidden']);
  // Nothing is certain, and no reveal can ever tell the two hidden cells apart: the player
  // takes the forced guess now, and says so.
  await page.click('#step');
  await page.waitForSelector('#moves li');
  assert.match(await page.textContent('#moves li'), /^\(2, [01]\) reveal: forced guess, 50\.0% safe/);
  await setAnalyze(page, false);
  assert.deepEqual(problems, []);
  await page.close();
});

/** The brightest channel (0-255) of an element's computed background colour. */
async function backgroundBrightness(page, selector) {
  const colour = await page.evaluate((s) => getComputedStyle(document.querySelector(s)).backgroundColor, selector);
  return Math.max(...colour.match(/[\d.]+/g).slice(0, 3).map(Number));
}

test('the page looks right in the dark theme with Analyze on', async () => {
  const { page } = await openPage();
  assert.ok(await backgroundBrightness(page, 'body') > 200, 'the light theme first (headless prefers light)');
  await page.click('#theme');
  assert.ok(await backgroundBrightness(page, 'body') < 60, 'the Theme button turns the page dark');
  await newGame(page, 'intermediate', '99');
  await clickCell(page, 3, 3);
  await page.waitForFunction(() => document.querySelector('#board .cell[data-x="3"][data-y="3"]').dataset.state === '0');
  await setAnalyze(page, true);
  await page.waitForSelector('#board .cell[data-p]');
  await page.hover('#board .cell[data-p]:not(.cert-mine):not(.cert-safe)');
  await page.waitForFunction(() => document.getElementById('hover-info').textContent.includes('mine'));
  assert.match(await page.textContent('#hover-info'), /if safe shows/);
  // The heat colours follow the theme too (dark cells, so the numbers stay readable).
  assert.ok(await backgroundBrightness(page, '#board .cell[data-p]:not(.cert-mine):not(.cert-safe)') < 200);
  await screenshot(page, 'dark-analyze');
  await page.click('#theme');
  assert.ok(await backgroundBrightness(page, 'body') > 200, 'and back to light');
  await page.close();
});

test('the bulk run reports progress and a win rate, and can be cancelled', async () => {
  const { page, problems } = await openPage();
  await page.selectOption('#preset', 'beginner');
  await page.selectOption('#rule', 'opening');
  await page.fill('#seed', '5');
  await page.fill('#bulk-games', '4');
  await page.click('#bulk-run');
  await page.waitForFunction(() => /won of 4: /.test(document.getElementById('bulk-result').textContent), null, { timeout: 60_000 });
  const text = await page.textContent('#bulk-result');
  const [, won] = text.match(/^(\d) won of 4: (\d+\.\d)% \(95% CI (\d+\.\d)–(\d+\.\d)%\), seed 5$/) ?? [];
  assert.ok(won !== undefined, text);
  assert.equal(await page.getAttribute('#bulk-progress', 'value'), '4');
  // A long run, cancelled once it has started.
  await page.fill('#bulk-games', '100000');
  await page.click('#bulk-run');
  await page.waitForFunction(() => Number(document.getElementById('bulk-progress').value) >= 1, null, { timeout: 60_000 });
  await page.click('#bulk-cancel');
  await page.waitForFunction(() => document.getElementById('bulk-result').textContent.includes('(cancelled)'), null, { timeout: 60_000 });
  assert.equal(await page.isDisabled('#bulk-run'), false);
  assert.deepEqual(problems, []);
  await page.close();
});

test('the editor paints cells and the analysis follows; the keyboard plays', async () => {
  const { page, problems } = await openPage();
  await page.fill('#position', '3x3x1\nHHH\nHHH\nHHH\n');
  await page.click('#load-position');
  await setAnalyze(page, true);
  await page.selectOption('#paint', '1');
  await clickCell(page, 0, 0);
  await page.waitForSelector('#board .cell[data-x="0"][data-y="0"][data-state="1"]');
  await page.waitForFunction(() => document.querySelector('#board .cell[data-x="2"][data-y="2"]').dataset.p === '0');
  const ps = Object.fromEntries((await boardStates(page)).filter((c) => c.p !== undefined).map((c) => [`${c.x},${c.y}`, c.p]));
  assert.equal(ps['1,0'], String(1 / 3));
  assert.equal(ps['1,1'], String(1 / 3));
  assert.equal(ps['2,0'], '0');
  assert.equal(await page.inputValue('#position'), '3x3x1\n1HH\nHHH\nHHH\n');
  // Quick edits, each superseding the analysis of the one before: the board ends showing the
  // analysis of the last position only.
  for (const [tool, x, y] of [['0', 2, 2], ['1', 2, 0], ['H', 2, 0], ['1', 2, 0]]) {
    await page.selectOption('#paint', tool);
    await clickCell(page, x, y);
  }
  await page.selectOption('#paint', '');
  const last = '3x3x1\n1H1\nHHH\nHH0\n';
  assert.equal(await page.inputValue('#position'), last);
  const lastCli = JSON.parse(execFileSync(cliBinary(), ['analyze', '--json'], { input: last }).toString());
  await page.waitForFunction(
    (want) => want.every(({ x, y, p }) => document.querySelector(`#board .cell[data-x="${x}"][data-y="${y}"]`).dataset.p === String(p)),
    lastCli.cells.map(({ x, y, p }) => ({ x, y, p })),
  );

  // Keyboard: N starts a game, arrows move the cursor, Space reveals, F flags.
  await page.selectOption('#preset', 'beginner');
  await page.fill('#seed', '8');
  await page.focus('#board');
  await page.keyboard.press('n');
  await page.waitForFunction(() => document.getElementById('game-seed').textContent === '8');
  await page.focus('#board');
  await moveCursorTo(page, 2, 2);
  await page.keyboard.press(' ');
  await page.waitForFunction(() => document.querySelector('#board .cell[data-x="2"][data-y="2"]').dataset.state === '0');
  const flaggable = (await boardStates(page)).find((c) => c.state === 'hidden');
  await moveCursorTo(page, flaggable.x, flaggable.y);
  await page.keyboard.press('f');
  await page.waitForSelector(`#board .cell[data-x="${flaggable.x}"][data-y="${flaggable.y}"][data-state="flag"]`);
  assert.deepEqual(problems, []);
  await page.close();
});

test('a 200x200 board stays usable', async () => {
  const { page, problems } = await openPage();
  await setAnalyze(page, true);
  await page.selectOption('#preset', 'custom');
  await page.fill('#custom-width', '200');
  await page.fill('#custom-height', '200');
  await page.fill('#custom-mines', '6000');
  await newGame(page, 'custom', '3');
  assert.equal(await page.locator('#board .cell').count(), 40_000);
  await clickCell(page, 100, 100);
  await page.waitForSelector('#board .cell[data-p]', { timeout: 120_000 });
  assert.match(await page.textContent('#analysis-summary'), /number chances off on boards this large/);
  // The page still answers: a flag goes in, and the analysis follows.
  const hidden = (await boardStates(page)).find((c) => c.state === 'hidden');
  await clickCell(page, hidden.x, hidden.y, { button: 'right' });
  await page.waitForSelector(`#board .cell[data-x="${hidden.x}"][data-y="${hidden.y}"][data-state="flag"]`);
  await page.waitForSelector('#board .cell[data-p]', { timeout: 120_000 });
  await screenshot(page, 'board-200x200');
  // Saved settings are shared by the pages of this browser: leave a small board behind.
  await page.selectOption('#preset', 'beginner');
  assert.deepEqual(problems, []);
  await page.close();
});

/**
 * The core's `synthetic::striped_position`: a random layout at 20 % density with the safe
 * cells of every third column revealed, hundreds of long fronts: over the exact budget.
 */
function stripedPosition(side, seed) {
  return patternPosition(side, seed, (x) => x % 3 === 0);
}

test('a 200x200 position over the exact budget gets an honest floating-point estimate', async () => {
  const { text, mines } = stripedPosition(200, 7);
  // The CLI agrees that this position is over the exact budget (it falls back too).
  const file = path.join(os.tmpdir(), `mineseer-striped-${process.pid}.mine`);
  fs.writeFileSync(file, text);
  const cli = JSON.parse(execFileSync(cliBinary(), ['analyze', '--json', file], { stdio: ['ignore', 'pipe', 'ignore'] }).toString());
  fs.rmSync(file);
  assert.equal(cli.approximate, true, 'the CLI falls back to its estimate as well');
  const { page, problems } = await openPage();
  await setAnalyze(page, true);
  await page.fill('#position', text);
  await page.click('#load-position');
  await page.waitForFunction(() => document.body.dataset.game === 'position');
  await page.waitForSelector('#analysis-summary[data-approximate="true"]', { timeout: 120_000 });
  assert.match(await page.textContent('#analysis-summary'), /approximate \(floating point\): the exact analysis is over budget/);
  const hidden = (await boardStates(page)).filter((c) => c.state === 'hidden');
  assert.equal(hidden.length, text.split('\n').slice(1).join('').split('').filter((c) => c === 'H').length);
  let sum = 0;
  for (const cell of hidden) {
    assert.ok(cell.p !== undefined, `(${cell.x}, ${cell.y}) has a data-p`);
    const p = Number(cell.p);
    assert.ok(p >= 0 && p <= 1, `(${cell.x}, ${cell.y}): data-p ${cell.p} in [0, 1]`);
    sum += p;
  }
  assert.ok(Math.abs(sum - mines) < 1e-6 * mines, `the probabilities sum to ${sum}, the mine count is ${mines}`);
  // The page's estimate is the CLI's (the same core code, in floating point).
  const cliP = new Map(cli.cells.map((c) => [`${c.x},${c.y}`, c.p]));
  for (const cell of hidden) {
    assert.ok(Math.abs(Number(cell.p) - cliP.get(`${cell.x},${cell.y}`)) < 1e-9, `(${cell.x}, ${cell.y})`);
  }
  // No claim that needs exact counts.
  assert.equal(await page.locator('#board .cell.cert-safe, #board .cell.cert-mine, #board .cell.dead, #board .cell.fifty').count(), 0);
  await screenshot(page, 'approximate-200x200');
  await page.selectOption('#preset', 'beginner');
  assert.deepEqual(problems, []);
  await page.close();
});

test('a long analysis superseded by a newer request is stopped: the worker restarts and answers the newer one', async () => {
  // One front winding over a 200x200 board: the exact engine and then the estimate both work
  // to their budgets before refusing, seconds of wasm, so the load is surely still running
  // when the newer request comes (checked below rather than assumed).
  const { text } = patternPosition(200, 7, (x, y) => x % 4 === 0 || y % 4 === 0);
  const { page, problems } = await openPage();
  await setAnalyze(page, true);
  await page.evaluate(() => {
    window.spinnerSeen = false;
    new MutationObserver(() => {
      if (!document.getElementById('spinner').hidden) window.spinnerSeen = true;
    }).observe(document.getElementById('spinner'), { attributes: true });
  });
  // Loading checks the position with a full analysis: seconds of wasm for this one.
  await page.fill('#position', text);
  await page.click('#load-position');
  await page.waitForFunction(() => window.spinnerSeen);
  await page.waitForTimeout(500);
  assert.equal(await page.getAttribute('body', 'data-analysis-restarts'), null, 'no restart yet');
  assert.equal(await page.isHidden('#spinner'), false, 'the long load is still running');
  await page.fill('#position', '3x1x1\nH1H\n');
  await page.click('#load-position');
  await page.waitForFunction(() => document.querySelectorAll('#board .cell').length === 3, null, { timeout: 60_000 });
  await page.waitForSelector('#board .cell[data-p]');
  assert.equal(await page.getAttribute('body', 'data-analysis-restarts'), '1', 'the busy worker was replaced');
  assert.deepEqual((await boardStates(page)).filter((c) => c.state === 'hidden').map((c) => c.p), ['0.5', '0.5']);
  assert.match(await page.textContent('#message'), /^Loaded a 3×1 position/);
  // The fresh worker keeps working: Endgame on the same position.
  await setEndgame(page, true);
  await page.waitForFunction(() => !['—', '…'].includes(document.getElementById('win-chance').textContent));
  assert.equal(await page.textContent('#win-chance'), '50.00%');
  await page.waitForFunction(() => document.getElementById('spinner').hidden);
  await setEndgame(page, false);
  assert.deepEqual(problems, []);
  await page.close();
});

test('the main thread has no long task over 100 ms while an expert game is analysed and played', async () => {
  const { page, problems } = await openPage();
  await setAnalyze(page, false);
  // What keeps the overlay cheap: no style rule reads data-p, which every analysis changes on
  // nearly every hidden cell (www/board-view.js, setMark; a rule on it restyled them all).
  const onDataP = await page.evaluate(() => [...document.styleSheets].flatMap((sheet) => [...sheet.cssRules])
    .map((rule) => rule.selectorText ?? '').filter((selector) => selector.includes('data-p]')));
  assert.deepEqual(onDataP, [], 'style rules that select on data-p');
  await page.evaluate(() => {
    window.longTasks = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) window.longTasks.push(entry.duration);
    }).observe({ type: 'longtask' });
  });
  await newGame(page, 'expert', '4242');
  await clickCell(page, 15, 8);
  await page.waitForFunction(() => document.querySelector('#board .cell[data-x="15"][data-y="8"]').dataset.state !== 'hidden');
  await setAnalyze(page, true);
  await page.waitForSelector('#board .cell[data-p]');
  // A few more moves, each followed by a fresh analysis: reveal the safest cells shown.
  for (let move = 0; move < 5; move++) {
    if ((await page.getAttribute('body', 'data-game')) !== 'playing') break;
    const version = await page.getAttribute('body', 'data-analyzed');
    const hidden = (await boardStates(page)).filter((c) => c.state === 'hidden' && c.p !== undefined);
    const safest = hidden.reduce((a, b) => (Number(b.p) < Number(a.p) ? b : a));
    await clickCell(page, safest.x, safest.y);
    await page.waitForFunction((v) => document.body.dataset.analyzed !== v || document.body.dataset.game !== 'playing', version);
  }
  // Long tasks are reported after they end; give the observer a moment.
  await page.waitForTimeout(200);
  const longTasks = await page.evaluate(() => window.longTasks);
  assert.ok(longTasks.every((ms) => ms <= 100), `long tasks on the main thread: ${JSON.stringify(longTasks)}`);
  // The observer does see long tasks: a deliberate 150 ms block shows up.
  assert.ok(await page.evaluate(() => PerformanceObserver.supportedEntryTypes.includes('longtask')));
  await page.evaluate(() => setTimeout(() => {
    const end = performance.now() + 150;
    while (performance.now() < end) { /* block the main thread */ }
  }, 0));
  await page.waitForFunction((n) => window.longTasks.length > n, longTasks.length);
  assert.ok(Math.max(...(await page.evaluate(() => window.longTasks))) >= 150, 'the deliberate block was measured');
  await setAnalyze(page, false);
  assert.deepEqual(problems, []);
  await page.close();
});

test('the spec hooks stay in place', async () => {
  const { page } = await openPage();
  for (const id of ['new-game', 'preset', 'rule', 'seed', 'analyze', 'endgame', 'step', 'autoplay', 'position', 'load-position', 'win-chance']) {
    assert.equal(await page.locator(`#${id}`).count(), 1, `#${id}`);
  }
  // A shared link with a position opens that position.
  const linked = await context.newPage();
  await linked.goto(`${baseUrl}#pos=${encodeURIComponent('4x1x1\nH1H0\n')}`);
  await linked.waitForSelector('body[data-ready="1"]');
  await linked.waitForFunction(() => document.querySelectorAll('#board .cell').length === 4);
  assert.deepEqual((await boardStates(linked)).map((c) => c.state), ['hidden', '1', 'hidden', '0']);
  await linked.close();
  const csp = await page.getAttribute('meta[http-equiv="Content-Security-Policy"]', 'content');
  assert.match(csp, /script-src 'self' 'wasm-unsafe-eval'/);
  // Only the worker imports the wasm glue.
  const www = fs.readdirSync(path.join(ROOT, 'www')).filter((f) => f.endsWith('.js'));
  const importers = www.filter((f) => /mineseer-wasm\.js/.test(fs.readFileSync(path.join(ROOT, 'www', f), 'utf8')));
  assert.deepEqual(importers, ['worker.js']);
  await page.close();
});
