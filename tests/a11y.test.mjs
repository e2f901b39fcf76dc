// Accessibility tests of the page: axe-core (npm axe-core, the engine Lighthouse uses) injected
// into the page, which must report no serious or critical violation at the start, mid-game with
// Analyze on, with an Endgame shown, after a game is over and with the editor open, on a laptop
// screen and on a phone's (light and dark). Also: the board is a grid of rows of named cells, focus shows, and
// the keyboard plays. Run with `node --test tests/a11y.test.mjs` after scripts/build-page.sh.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { startServer } from './static-server.mjs';
import {
  DIST, ROOT, cellSelector, launchChromium, newGame, openPage as openPageAt, seriousViolations,
} from './browser.mjs';

const ENDGAME = path.join(ROOT, 'tests', 'fixtures', 'endgame-expert-864-layouts.mine');
const SCREENS = {
  laptop: { viewport: { width: 1280, height: 800 } },
  phone: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 3 },
  'phone in the dark theme': { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, colorScheme: 'dark' },
};

let server;
let baseUrl;

before(async () => {
  assert.ok(fs.existsSync(path.join(DIST, 'index.html')), 'dist/ is missing: run scripts/build-page.sh first');
  ({ server, url: baseUrl } = await startServer(DIST));
});

after(() => server?.close());

/** A fresh page, ready, with its errors collected. */
const openPage = (context) => openPageAt(context, baseUrl);

for (const [screen, options] of Object.entries(SCREENS)) {
  test(`axe: no serious or critical violation on a ${screen} (start, mid-game with Analyze, with Clicks, Endgame, game over, editor)`, async () => {
    const browser = await launchChromium(`mineseer-a11y-${screen.replace(/\W+/g, '-')}-`, options);
    try {
      const { page, problems } = await openPage(browser.context);
      const found = {};
      const check = async (name) => {
        found[name] = await seriousViolations(page);
      };
      await check('start');

      await newGame(page, 'intermediate', '31');
      await page.click(cellSelector(7, 7));
      await page.waitForFunction((s) => document.querySelector(s).dataset.state !== 'hidden', cellSelector(7, 7));
      await page.click('#analyze');
      await page.waitForSelector('#board .cell[data-p]');
      await check('mid-game with Analyze on');
      await page.click('#clicks');
      await page.waitForFunction(() => document.body.dataset.clicked !== undefined && document.body.dataset.clicked === document.body.dataset.analyzed);
      await check('mid-game with Analyze and Clicks on');
      await page.click('#clicks');

      await page.fill('#position', fs.readFileSync(ENDGAME, 'utf8'));
      await page.click('#load-position');
      await page.waitForFunction(() => document.body.dataset.game === 'position');
      await page.click('#endgame');
      await page.waitForSelector('#board .cell.best-move', { timeout: 120_000 });
      await check('Endgame shown');

      await newGame(page, 'beginner', '2024');
      await page.click('#analyze');
      for (let guard = 0; guard < 81 && (await page.getAttribute('body', 'data-game')) === 'playing'; guard++) {
        const next = page.locator('#board .cell[data-state="hidden"]').first();
        const [x, y] = [await next.getAttribute('data-x'), await next.getAttribute('data-y')];
        await next.click();
        await page.waitForFunction((s) => document.querySelector(s).dataset.state !== 'hidden', cellSelector(x, y));
      }
      assert.match(await page.getAttribute('body', 'data-game'), /^(won|lost)$/);
      await check('game over');

      await page.selectOption('#paint', '1');
      await page.waitForFunction(() => document.body.dataset.game === 'position');
      await page.click(cellSelector(0, 0));
      await check('editor open');
      await page.selectOption('#paint', '');

      for (const [state, violations] of Object.entries(found)) {
        assert.deepEqual(violations, [], `${screen}, ${state}: ${JSON.stringify(violations, null, 1)}`);
      }
      assert.deepEqual(problems, []);
    } finally {
      await browser.close();
    }
  });
}

test('the board is a grid of rows of named cells; focus shows; the keyboard plays', async () => {
  const browser = await launchChromium('mineseer-a11y-grid-', SCREENS.laptop);
  try {
    const { page, problems } = await openPage(browser.context);
    await newGame(page, 'beginner', '2024');
    const structure = await page.evaluate(() => {
      const board = document.getElementById('board');
      const rows = [...board.children];
      return {
        role: board.getAttribute('role'),
        rowRoles: [...new Set(rows.map((r) => r.getAttribute('role')))],
        rows: rows.length,
        cellsPerRow: [...new Set(rows.map((r) => r.querySelectorAll(':scope > [role="gridcell"]').length))],
        first: board.querySelector('[role="gridcell"]').getAttribute('aria-label'),
      };
    });
    assert.deepEqual(structure, { role: 'grid', rowRoles: ['row'], rows: 9, cellsPerRow: [9], first: 'row 1, column 1, hidden' });

    // The keyboard: Tab reaches the board, its frame shows the focus ring, arrows move the
    // cursor (the grid's active descendant) and Space reveals.
    await page.focus('#replay');
    await page.keyboard.press('Tab'); // the face
    for (let i = 0; i < 7 && !(await page.evaluate(() => document.activeElement.id === 'board')); i++) {
      await page.keyboard.press('Tab');
    }
    assert.equal(await page.evaluate(() => document.activeElement.id), 'board');
    const ring = await page.$eval('#board-wrap', (el) => getComputedStyle(el).outlineStyle);
    assert.equal(ring, 'solid', 'the focused board shows a focus ring');
    for (let i = 0; i < 4; i++) await page.keyboard.press('ArrowRight');
    for (let i = 0; i < 4; i++) await page.keyboard.press('ArrowDown');
    const active = await page.$eval('#board', (el) => document.getElementById(el.getAttribute('aria-activedescendant'))?.dataset);
    assert.deepEqual([active.x, active.y], ['4', '4']);
    await page.keyboard.press('Space');
    await page.waitForFunction((s) => document.querySelector(s).dataset.state === '0', cellSelector(4, 4));
    assert.equal(await page.getAttribute(cellSelector(4, 4), 'aria-label'), 'row 5, column 5, empty');

    // With Analyze on, hidden cells say their chance.
    await page.click('#analyze');
    await page.waitForSelector('#board .cell[data-p]');
    const named = await page.$$eval('#board .cell[data-p]', (els) => els.map((el) => ({
      label: el.getAttribute('aria-label'), p: Number(el.dataset.p), x: +el.dataset.x, y: +el.dataset.y,
    })));
    for (const cell of named) {
      assert.match(cell.label, new RegExp(`^row ${cell.y + 1}, column ${cell.x + 1}, hidden, `));
      if (cell.p > 0 && cell.p < 1) assert.match(cell.label, /, (<1|>99|\d+) % mine/);
    }
    // A flag is named too: the arrows go to a hidden cell, and F flags it.
    const target = named[0];
    await page.focus('#board');
    for (let i = 4; i < target.x; i++) await page.keyboard.press('ArrowRight');
    for (let i = target.x; i < 4; i++) await page.keyboard.press('ArrowLeft');
    for (let i = 4; i < target.y; i++) await page.keyboard.press('ArrowDown');
    for (let i = target.y; i < 4; i++) await page.keyboard.press('ArrowUp');
    await page.keyboard.press('f');
    await page.waitForFunction((s) => document.querySelector(s).dataset.state === 'flag', cellSelector(target.x, target.y));
    assert.equal(await page.getAttribute(cellSelector(target.x, target.y), 'aria-label'), `row ${target.y + 1}, column ${target.x + 1}, flagged`);
    await page.click('#analyze');
    assert.deepEqual(problems, []);
  } finally {
    await browser.close();
  }
});
