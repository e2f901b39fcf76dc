// Browser tests of the Endgame's answers (moved from page.test.mjs, which they made too long):
// the exact win chance and a best move in gold, each cell's win chance if revealed, a search
// over its budget that says what it proved and then estimates, and the spinner on a hard
// endgame; each checked against the CLI. How the mode follows the game is
// tests/endgame-mode.test.mjs's.
// Run with `node --test tests/endgame.test.mjs` after scripts/build-page.sh.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { startServer } from './static-server.mjs';
import {
  DIST, ROOT, cliBinary, launchChromium, newGame, openPage as openPageAt,
} from './browser.mjs';

const ARTIFACTS = path.join(ROOT, 'tests', 'artifacts');
const ENDGAMES = path.join(ROOT, 'crates', 'core', 'tests', 'corpus', 'endgames-sample.json');

let server;
let baseUrl;
let context;
let browser;

before(async () => {
  assert.ok(fs.existsSync(path.join(DIST, 'index.html')), 'dist/ is missing: run scripts/build-page.sh first');
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  ({ server, url: baseUrl } = await startServer(DIST));
  browser = await launchChromium('mineseer-endgame-answers-', { viewport: { width: 1360, height: 900 } });
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

async function clickCell(page, x, y, options = {}) {
  await page.click(`#board .cell[data-x="${x}"][data-y="${y}"]`, options);
}

/** Waits until the board shows the rows of `mineText` (a loaded position, not the last one). */
async function waitForBoard(page, mineText) {
  const rows = mineText.trim().split('\n').slice(1);
  await page.waitForFunction((rows) => {
    const code = (s) => (s === 'hidden' ? 'H' : s === 'flag' ? 'F' : s);
    const shown = [...document.querySelectorAll('#board .board-row')].map((row) => [...row.children].map((c) => code(c.dataset.state)).join(''));
    return JSON.stringify(shown) === JSON.stringify(rows);
  }, rows);
}

test('Endgame outlines a best move in gold and shows the exact win chance', async () => {
  const corpus = JSON.parse(fs.readFileSync(ENDGAMES, 'utf8'));
  // Positions whose win chance is neither certain nor trivial, and one that is certain.
  const picked = corpus.filter((e) => e.win !== '1/1').slice(0, 4).concat(corpus.filter((e) => e.win === '1/1').slice(0, 1));
  assert.ok(picked.length >= 3);
  const { page, problems } = await openPage();
  // The mode, once on, answers for each position loaded.
  await setEndgame(page, true);
  for (const [i, entry] of picked.entries()) {
    await page.fill('#position', entry.board);
    await page.click('#load-position');
    await waitForBoard(page, entry.board);
    await page.waitForFunction(() => !['—', '…'].includes(document.getElementById('win-chance').textContent));
    const [num, den] = entry.win.split('/').map(Number);
    assert.equal(await page.textContent('#win-chance'), `${((num / den) * 100).toFixed(2)}%`, entry.board);
    assert.equal(await page.getAttribute('#win-chance', 'title'), entry.win, 'the exact fraction');
    assert.equal(await page.getAttribute('#win-chance', 'data-kind'), 'exact');
    const gold = page.locator('#board .cell.best-move');
    assert.equal(await gold.count(), 1);
    const x = Number(await gold.getAttribute('data-x'));
    const y = Number(await gold.getAttribute('data-y'));
    assert.ok(entry.best.some(([bx, by]) => bx === x && by === y), `(${x},${y}) is an optimal move of ${JSON.stringify(entry.board)}`);
    const outline = await gold.evaluate((el) => getComputedStyle(el).outlineColor);
    assert.equal(outline, 'rgb(224, 168, 0)', 'the best move is outlined in gold');
    if (i === 0) await screenshot(page, 'endgame');
  }
  await setEndgame(page, false);
  assert.deepEqual(problems, []);
  await page.close();
});

test('Endgame gives each hidden cell its win chance if revealed, as the CLI does', async () => {
  const position = '6x4x5\n01HHHH\n12HHHH\nHHHHHH\nHHHHHH\n';
  const cli = JSON.parse(execFileSync(cliBinary(), ['endgame', '--json', '--moves'], { input: position }).toString());
  assert.equal(cli.moves.length, 20);
  const { page, problems } = await openPage();
  await page.fill('#position', position);
  await page.click('#load-position');
  await page.waitForFunction(() => document.body.dataset.game === 'position');
  await setEndgame(page, true);
  await page.waitForFunction(() => !['—', '…'].includes(document.getElementById('win-chance').textContent));
  assert.match(await page.textContent('#endgame-info'), /for its win chance if revealed\.$/);
  // A guess beside the numbers, a cell off them and the certainly safe best move.
  for (const [x, y] of [[2, 0], [5, 3], [2, 2]]) {
    const move = cli.moves.find((m) => m.x === x && m.y === y);
    await page.hover(`#board .cell[data-x="${x}"][data-y="${y}"]`);
    await page.waitForFunction(() => document.getElementById('hover-info').textContent.includes('win if revealed'));
    const line = await page.textContent('#hover-info');
    assert.ok(line.startsWith(`(${x}, ${y}): mine`), line);
    assert.ok(line.endsWith(`· win if revealed ${(move.win * 100).toFixed(2)}% = ${move.win_exact}`), line);
  }
  assert.equal(cli.moves.find((m) => m.x === 2 && m.y === 2).win_exact, cli.win_exact);
  // Another position: the mode answers for it, and the last one's values are gone.
  const next = '6x4x5\n01HHHH\n13HHHH\nHHHHHH\nHHHHHH\n';
  const nextCli = JSON.parse(execFileSync(cliBinary(), ['endgame', '--json', '--moves'], { input: next }).toString());
  const nextMove = nextCli.moves.find((m) => m.x === 5 && m.y === 3);
  await page.fill('#position', next);
  await page.click('#load-position');
  await page.waitForFunction(() => document.querySelector('#board .cell[data-x="1"][data-y="1"]').dataset.state === '3');
  await page.waitForFunction(() => document.querySelectorAll('#board .cell[data-p]').length === 20);
  await page.waitForFunction(() => !['—', '…'].includes(document.getElementById('win-chance').textContent));
  assert.equal(await page.getAttribute('#win-chance', 'title'), nextCli.win_exact);
  await page.hover('#board .cell[data-x="4"][data-y="3"]');
  await page.hover('#board .cell[data-x="5"][data-y="3"]');
  await page.waitForFunction(() => document.getElementById('hover-info').textContent.startsWith('(5, 3): mine'));
  assert.ok((await page.textContent('#hover-info')).endsWith(`· win if revealed ${(nextMove.win * 100).toFixed(2)}% = ${nextMove.win_exact}`));
  // Off: the values go with the gold.
  await setEndgame(page, false);
  await page.hover('#board .cell[data-x="4"][data-y="3"]');
  await page.hover('#board .cell[data-x="5"][data-y="3"]');
  await page.waitForFunction(() => document.getElementById('hover-info').textContent.startsWith('(5, 3): mine'));
  assert.ok(!(await page.textContent('#hover-info')).includes('win if revealed'));
  assert.deepEqual(problems, []);
  await page.close();
});

test('Endgame over its time budget says what the exact search proved, then estimates', async () => {
  // A long strip along a wall: the search needs far more than the page's budget of layout
  // visits (about 6 s in Chromium); its best strategy found is a proven lower bound, and the
  // estimate then gives the win chance with its interval.
  const strip = fs.readFileSync(path.join(ROOT, 'crates/core/benches/endgame_positions/expert-20000-strip.mine'), 'utf8');
  const { page, problems } = await openPage();
  await page.fill('#position', strip);
  await page.click('#load-position');
  await page.waitForFunction(() => document.body.dataset.game === 'position');
  await setEndgame(page, true);
  await page.waitForSelector('#win-chance[data-kind="estimate"]', { timeout: 60_000 });
  const info = await page.textContent('#endgame-info');
  assert.match(info, /^Too large to solve exactly in the time allowed \(over \d+ layout visits\); its best strategy found wins at least \d+\/\d+\./);
  assert.match(info, /Estimated from [\d,]+ random layouts/);
  assert.match(await page.textContent('#win-chance'), /^≈ \d+ % \(\d+-\d+\)$/);
  assert.equal(await page.locator('#board .cell.best-move').count(), 1);
  // A new game's answer keeps nothing of the last one.
  await endgameOfAnExpertOpening(page);
  assert.doesNotMatch(await page.getAttribute('#win-chance', 'title'), /\//);
  await setEndgame(page, false);
  assert.deepEqual(problems, []);
  await page.close();
});

/** Opens an expert game at (3,3) with the Endgame on: far too many layouts, an estimate. */
async function endgameOfAnExpertOpening(page) {
  await newGame(page, 'expert', '5');
  await clickCell(page, 3, 3);
  await page.waitForFunction(() => document.querySelector('#board .cell[data-x="3"][data-y="3"]').dataset.state === '0');
  await setEndgame(page, true);
  await page.waitForSelector('#win-chance[data-kind="estimate"]', { timeout: 10_000 });
}

test('Endgame estimates a big position honestly, and says so', async () => {
  const { page } = await openPage();
  await endgameOfAnExpertOpening(page);
  assert.match(await page.textContent('#endgame-info'), /^Too large to solve exactly \(over 20000 layouts\)\. Estimated from/);
  assert.match(await page.textContent('#endgame-info'), /optimal play can only do better/);
  assert.equal(await page.locator('#board .cell.best-move').count(), 1);
  await setEndgame(page, false);
  await page.close();
});

test('the spinner shows while the worker solves a hard endgame, and the answer matches the CLI', async () => {
  // A late expert position with 864 layouts (from the core's endgame bench set), which takes
  // the worker a good fraction of a second: well past the spinner's 100 ms.
  const file = path.join(ROOT, 'tests', 'fixtures', 'endgame-expert-864-layouts.mine');
  const position = fs.readFileSync(file, 'utf8');
  const cli = execFileSync(cliBinary(), ['endgame', file]).toString();
  const [, num, den, bx, by] = cli.match(/^win (\d+)\/(\d+) = [\d.]+, best move \((\d+),(\d+)\)/);
  const { page, problems } = await openPage();
  await page.fill('#position', position);
  await page.click('#load-position');
  await page.waitForFunction(() => document.body.dataset.game === 'position');
  await setAnalyze(page, true);
  await page.waitForSelector('#board .cell[data-p]');
  // Watched from inside the page, so a short appearance is not missed.
  await page.evaluate(() => {
    window.spinnerSeen = false;
    new MutationObserver(() => {
      if (!document.getElementById('spinner').hidden) window.spinnerSeen = true;
    }).observe(document.getElementById('spinner'), { attributes: true });
  });
  await setEndgame(page, true);
  await page.waitForFunction(() => !['—', '…'].includes(document.getElementById('win-chance').textContent), null, { timeout: 120_000 });
  await page.waitForFunction(() => document.getElementById('spinner').hidden);
  assert.equal(await page.evaluate(() => window.spinnerSeen), true, 'the spinner showed');
  assert.equal(await page.getAttribute('#win-chance', 'title'), `${num}/${den}`);
  const gold = page.locator('#board .cell.best-move');
  assert.deepEqual([await gold.getAttribute('data-x'), await gold.getAttribute('data-y')], [bx, by]);
  await screenshot(page, 'endgame-expert');
  await setEndgame(page, false);
  assert.deepEqual(problems, []);
  await page.close();
});
