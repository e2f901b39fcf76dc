// Browser tests of the Endgame's estimate (issue 29), where the exact search is too large: the
// auto-player's move in gold at once, then an estimate with its interval; the same answer as
// the CLI's `mineseer endgame --estimate` for a fixed number of layouts, on any number of
// workers; a click that changes nothing keeps it, turning the Endgame off cancels it; a worker
// that dies is reported; and on a phone, Analyze, Endgame and the win chance are in view with
// the board, axe-clean.
// Run with `node --test tests/estimate.test.mjs` after scripts/build-page.sh.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { startServer } from './static-server.mjs';
import {
  DIST, cellSelector, cliBinary, launchChromium, newGame, openPage as openPageAt, seriousViolations,
} from './browser.mjs';

/**
 * How long the tests wait for an estimate, its end or the gold, but for the one named with its
 * budgets ("within 0.5 s ... within 10 s"), which keeps the promises and runs alone
 * (scripts/test.sh's ALONE_TESTS): not a promise, only a bound on a hang, generous enough for a
 * machine running other tests beside. The gold after a click on the gold (1.5 s) is timed in
 * endgame-mode.test.mjs, with the other moves' golds.
 */
const WAIT_MS = 30_000;

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 3 };

let server;
let baseUrl;

before(async () => {
  assert.ok(fs.existsSync(path.join(DIST, 'index.html')), 'dist/ is missing: run scripts/build-page.sh first');
  ({ server, url: baseUrl } = await startServer(DIST));
});

after(() => server?.close());

/** A fresh page at `query`, ready, with its rollout workers loaded. */
async function openPage(context, query = '') {
  const opened = await openPageAt(context, baseUrl + query, { within: baseUrl });
  await opened.page.waitForSelector('body[data-estimate-warm="1"]', { timeout: 30_000 });
  return opened;
}

/** An expert game of seed 5 opened at (3, 3): about 10^50 layouts, far over the exact budget. */
async function expertOpening(page) {
  await newGame(page, 'expert', '5');
  await page.click(cellSelector(3, 3));
  await page.waitForFunction((s) => document.querySelector(s).dataset.state === '0', cellSelector(3, 3));
}

/** The .mine text of the board the page shows. */
async function shownPosition(page, mines) {
  const rows = await page.$$eval('#board .board-row', (els) => els.map((row) => [...row.children].map((c) => {
    const s = c.dataset.state;
    return s === 'hidden' ? 'H' : s === 'flag' ? 'F' : s;
  }).join('')));
  return `${rows[0].length}x${rows.length}x${mines}\n${rows.join('\n')}\n`;
}

/** The gold cells, as "x,y". */
const goldCells = (page) => page.$$eval('#board .cell.best-move', (els) => els.map((e) => `${e.dataset.x},${e.dataset.y}`));

/** The win chance's figures: {kind, win, lo, hi, text}. */
const winChance = (page) => page.$eval('#win-chance', (el) => ({
  kind: el.dataset.kind, win: Number(el.dataset.win), lo: Number(el.dataset.lo), hi: Number(el.dataset.hi), text: el.textContent,
}));

/** Clicks Endgame and times, in the page, how long until a gold cell shows. */
async function endgameTimedToGold(page) {
  await page.evaluate(() => {
    window.goldAfterMs = new Promise((resolve) => {
      let clickedAt = null;
      document.getElementById('endgame').addEventListener('click', () => { clickedAt = performance.now(); }, { once: true, capture: true });
      const observer = new MutationObserver(() => {
        if (clickedAt !== null && document.querySelector('#board .cell.best-move')) {
          observer.disconnect();
          resolve(performance.now() - clickedAt);
        }
      });
      observer.observe(document.getElementById('board'), { subtree: true, attributes: true, attributeFilter: ['class'] });
    });
  });
  await page.click('#endgame');
  return page.evaluate(() => window.goldAfterMs);
}

test('over the exact budget: one gold move within 0.5 s, then an estimate with its interval within 10 s', async () => {
  const browser = await launchChromium('mineseer-estimate-');
  try {
    const { page, problems } = await openPage(browser.context);
    await expertOpening(page);
    const goldMs = await endgameTimedToGold(page);
    assert.ok(goldMs <= 500, `the gold move showed after ${goldMs.toFixed(0)} ms`);
    assert.equal((await goldCells(page)).length, 1);
    await page.waitForSelector('#win-chance[data-kind="estimate"]', { timeout: 10_000 });
    const shown = await winChance(page);
    assert.ok(shown.lo <= shown.win && shown.win <= shown.hi, JSON.stringify(shown));
    assert.match(shown.text, /^≈ \d+ % \(\d+-\d+\)$/);
    assert.match(await page.textContent('#endgame-info'), /Estimated from [\d,]+ random layouts \((full|fast) player\): at least about \d+ %/);
    // It stops by itself (at ±1 point or after 10 s) with one gold cell and the interval.
    await page.waitForFunction(() => !['running', undefined].includes(document.body.dataset.estimate), null, { timeout: 15_000 });
    assert.match(await page.getAttribute('body', 'data-estimate'), /^(precision|deadline)$/);
    assert.equal((await goldCells(page)).length, 1);
    const last = await winChance(page);
    assert.equal(last.kind, 'estimate');
    if (await page.getAttribute('body', 'data-estimate') === 'precision') assert.ok((last.hi - last.lo) / 2 <= 0.01);
    // A new game clears the answer: no gold, no kind.
    await newGame(page, 'expert', '6');
    assert.deepEqual(await goldCells(page), []);
    assert.equal((await winChance(page)).kind, undefined);
    assert.deepEqual(problems, []);
  } finally {
    await browser.close();
  }
});

test('a fixed number of layouts gives the CLI\'s answer, on one worker or three', async () => {
  const browser = await launchChromium('mineseer-estimate-cli-');
  try {
    let position = null;
    let cli = null;
    for (const workers of [1, 3]) {
      const { page, problems } = await openPage(browser.context, `?rollouts=120&workers=${workers}`);
      await expertOpening(page);
      if (!position) {
        position = await shownPosition(page, 99);
        cli = JSON.parse(execFileSync(cliBinary(), ['endgame', '--estimate', '--rollouts', '120', '--seed', '1', '--json'], { input: position }).toString());
        assert.equal(cli.kind, 'estimate');
      }
      assert.equal(await shownPosition(page, 99), position, 'the same game');
      // The mode is kept in the profile's settings: on for the second page already.
      if ((await page.getAttribute('#endgame', 'aria-pressed')) !== 'true') await page.click('#endgame');
      await page.waitForFunction(() => document.body.dataset.estimate === 'rollouts', null, { timeout: 120_000 });
      const shown = await winChance(page);
      const { estimate } = cli;
      assert.deepEqual([shown.win, shown.lo, shown.hi], [estimate.win, estimate.win_lo, estimate.win_hi], `${workers} worker(s)`);
      assert.deepEqual(await goldCells(page), [`${cli.best.x},${cli.best.y}`], `${workers} worker(s): the gold cell is the CLI's best`);
      assert.match(await page.textContent('#endgame-info'), /Estimated from 120 random layouts/);
      // Each candidate's figures on hover, as the CLI's.
      for (const c of estimate.candidates) {
        await page.hover(cellSelector(c.x, c.y));
        await page.waitForFunction((xy) => document.getElementById('hover-info').textContent.startsWith(xy), `(${c.x}, ${c.y})`);
        assert.match(await page.textContent('#hover-info'), new RegExp(`estimated win if revealed ≈ ${(c.win * 100).toFixed(1)}% \\(\\d+-\\d+\\), ${c.wins}/${c.games} layouts`));
      }
      assert.deepEqual(problems, []);
      await page.close();
    }
  } finally {
    await browser.close();
  }
});

test('a click that changes nothing keeps the estimate; Endgame off cancels it, on again estimates, and a move follows', async () => {
  const browser = await launchChromium('mineseer-estimate-cancel-');
  try {
    const { page, problems } = await openPage(browser.context);
    await expertOpening(page);
    await page.click('#endgame');
    await page.waitForSelector('#win-chance[data-kind="estimate"]', { timeout: WAIT_MS });
    // The opened cell: revealing it again changes nothing, and the estimate goes on.
    await page.click(cellSelector(3, 3));
    await page.waitForTimeout(300);
    assert.notEqual(await page.getAttribute('body', 'data-estimate'), 'cancelled');
    assert.equal((await winChance(page)).kind, 'estimate');
    assert.equal((await goldCells(page)).length, 1);
    // Off: the estimate is cancelled, and neither the gold nor the win chance stays.
    await page.click('#endgame');
    assert.equal(await page.getAttribute('#endgame', 'aria-pressed'), 'false');
    await page.waitForFunction(() => document.body.dataset.estimate === 'cancelled');
    assert.deepEqual(await goldCells(page), []);
    assert.equal((await winChance(page)).kind, undefined);
    assert.equal((await winChance(page)).text, '—');
    await page.waitForTimeout(300);
    assert.deepEqual(await goldCells(page), [], 'nothing comes back after a cancel');
    // Pressed three times in a row (on, off, on): it estimates again, and the game plays on.
    for (let i = 0; i < 3; i++) await page.click('#endgame');
    assert.equal(await page.getAttribute('#endgame', 'aria-pressed'), 'true');
    await page.waitForFunction(() => document.body.dataset.estimate === 'running');
    await page.waitForSelector('#win-chance[data-kind="estimate"]', { timeout: WAIT_MS });
    assert.doesNotMatch(await page.textContent('#endgame-info'), /stopped/);
    assert.equal((await goldCells(page)).length, 1);
    // A click on the gold cell: the mode follows, with the next position's gold.
    const [x, y] = (await goldCells(page))[0].split(',').map(Number);
    await page.click(cellSelector(x, y));
    await page.waitForFunction((s) => document.querySelector(s).dataset.state !== 'hidden', cellSelector(x, y));
    if (await page.getAttribute('body', 'data-game') === 'playing') {
      await page.waitForSelector('#board .cell.best-move', { timeout: WAIT_MS });
      assert.equal((await goldCells(page)).length, 1);
      assert.notDeepEqual(await goldCells(page), [`${x},${y}`]);
    } else assert.deepEqual(await goldCells(page), []);
    assert.deepEqual(problems, []);
  } finally {
    await browser.close();
  }
});

test('a rollout worker that dies is reported, and the auto-player\'s move stays in gold', async () => {
  const browser = await launchChromium('mineseer-estimate-kill-');
  try {
    const { page, problems } = await openPage(browser.context, '?workers=2');
    await expertOpening(page);
    await page.click('#endgame');
    await page.waitForSelector('#win-chance[data-kind="estimate"]', { timeout: WAIT_MS });
    const gold = await goldCells(page);
    const names = await Promise.all(page.workers().map((w) => w.evaluate(() => self.name)));
    const victim = page.workers()[names.indexOf('mineseer rollouts 1')];
    assert.ok(victim, `a rollout worker among ${JSON.stringify(names)}`);
    await victim.evaluate(() => setTimeout(() => { throw new Error('killed by the test'); }, 0));
    await page.waitForFunction(() => /A rollout worker stopped \(the worker stopped: .*killed by the test\)/.test(document.getElementById('endgame-info').textContent));
    assert.equal(gold.length, 1);
    assert.equal((await goldCells(page)).length, 1);
    // The other worker goes on to the end; the answer stays an estimate.
    await page.waitForFunction(() => !['running', undefined].includes(document.body.dataset.estimate), null, { timeout: WAIT_MS });
    assert.equal((await winChance(page)).kind, 'estimate');
    assert.equal((await goldCells(page)).length, 1);
    assert.deepEqual(problems.filter((p) => !/killed by the test/.test(p)), []);
  } finally {
    await browser.close();
  }
});

test('a phone: Analyze, Endgame and the win chance in view with the board, axe-clean with Analyze and with an estimate', async () => {
  const browser = await launchChromium('mineseer-estimate-phone-', PHONE);
  try {
    const { page, problems } = await openPage(browser.context);
    await newGame(page, 'expert', '5', { tap: true });
    await page.locator(cellSelector(3, 3)).tap();
    await page.waitForFunction((s) => document.querySelector(s).dataset.state === '0', cellSelector(3, 3));
    const inView = () => page.evaluate(() => {
      const box = (id) => document.getElementById(id).getBoundingClientRect();
      const within = (r) => r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight && r.right <= innerWidth;
      const board = box('board-wrap');
      return {
        controls: ['analyze', 'endgame', 'win-chance'].filter((id) => !within(box(id))),
        boardShown: Math.min(board.bottom, innerHeight) - Math.max(board.top, 0),
        scrolled: scrollY,
      };
    });
    await page.evaluate(() => window.scrollTo(0, 0));
    let seen = await inView();
    assert.deepEqual(seen.controls, [], 'every control is on the screen without scrolling');
    assert.ok(seen.boardShown >= 200, `${seen.boardShown} px of the board are in view`);
    await page.tap('#analyze');
    await page.waitForSelector('#board .cell[data-p]');
    const analyzed = await seriousViolations(page);
    await page.tap('#endgame');
    await page.waitForSelector('#win-chance[data-kind="estimate"]', { timeout: WAIT_MS });
    const estimating = await seriousViolations(page);
    await page.waitForFunction(() => !['running', undefined].includes(document.body.dataset.estimate), null, { timeout: WAIT_MS });
    const estimated = await seriousViolations(page);
    assert.deepEqual({ analyzed, estimating, estimated }, { analyzed: [], estimating: [], estimated: [] });
    seen = await inView();
    assert.deepEqual(seen.controls, []);
    assert.equal(seen.scrolled, 0);
    assert.deepEqual(problems, []);
  } finally {
    await browser.close();
  }
});
