// Browser tests of the page on a phone: Playwright drives Debian's chromium as a 390x844 touch
// screen (isMobile, hasTouch, deviceScaleFactor 3) against dist/, served under a sub-path
// (/mineseer/) as a project page is. They check the layout on every preset (no sideways page
// scroll, every control inside the screen, at least 40x40 CSS px and tappable), tap, long press
// and chord, the zoom, and that the page starts and plays offline after one visit.
// Run with `node --test tests/phone.test.mjs` after scripts/build-page.sh.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startServer } from './static-server.mjs';
import {
  DIST, ROOT, cellSelector, launchChromium, newGame as startGame, openPage as openPageAt,
} from './browser.mjs';
import { writeServiceWorker } from '../scripts/service-worker.mjs';

const ARTIFACTS = path.join(ROOT, 'tests', 'artifacts');
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 3 };
const PRESETS = ['beginner', 'intermediate', 'expert'];

let server;
let siteRoot;
let baseUrl;
let browser;

before(async () => {
  assert.ok(fs.existsSync(path.join(DIST, 'index.html')), 'dist/ is missing: run scripts/build-page.sh first');
  assert.ok(fs.existsSync(path.join(DIST, 'sw.js')), 'dist/sw.js is missing: the Trunk hook did not run');
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  // dist/ served as /mineseer/, as a project page: every URL of the page must be relative.
  siteRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'mineseer-site-'));
  fs.symlinkSync(DIST, path.join(siteRoot, 'mineseer'));
  const started = await startServer(siteRoot);
  server = started.server;
  baseUrl = `${started.url}mineseer/`;
  browser = await launchChromium('mineseer-phone-', PHONE);
});

after(async () => {
  await browser?.close();
  server?.close();
  if (siteRoot) fs.rmSync(siteRoot, { recursive: true, force: true });
});


/** A fresh page, ready, with its errors and any request outside /mineseer/ collected. */
const openPage = (context) => openPageAt(context, baseUrl, { within: baseUrl });

/** A new game, started by a tap. */
const newGame = (page, preset, seed) => startGame(page, preset, seed, { tap: true });

async function cellState(page, x, y) {
  return page.getAttribute(cellSelector(x, y), 'data-state');
}

/** Taps a cell, scrolling its frame to it first. */
async function tapCell(page, x, y) {
  await page.locator(cellSelector(x, y)).tap();
}

/** Holds a finger on a cell for `ms` (a long press), through the browser's touch input. */
async function longPress(page, x, y, ms = 700) {
  const cell = page.locator(cellSelector(x, y));
  await cell.scrollIntoViewIfNeeded();
  const box = await cell.boundingBox();
  const point = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [point] });
  await page.waitForTimeout(ms);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

/** The controls a player can use: visible, enabled or not. */
async function controls(page) {
  return page.$$eval('button, select, input, textarea, label.file', (els) => els
    .filter((el) => el.checkVisibility() && !(el.type === 'file'))
    .map((el) => {
      const r = el.getBoundingClientRect();
      return {
        id: el.id || el.textContent.trim().slice(0, 20),
        left: r.left, right: r.right, width: r.width, height: r.height,
        disabled: el.disabled === true,
      };
    }));
}

for (const preset of PRESETS) {
  test(`${preset} on a phone: no sideways scroll, every control inside the screen, 40x40 and tappable`, async () => {
    const { page, problems } = await openPage(browser.context);
    await newGame(page, preset, '2024');
    const { x, y } = preset === 'beginner' ? { x: 4, y: 4 } : { x: 7, y: 7 };
    await tapCell(page, x, y);
    await page.waitForFunction((s) => document.querySelector(s).dataset.state !== 'hidden', cellSelector(x, y));
    const { scrollWidth, innerWidth } = await page.evaluate(() => ({
      scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth,
    }));
    assert.equal(innerWidth, 390);
    assert.ok(scrollWidth <= innerWidth, `the page scrolls sideways: ${scrollWidth} > ${innerWidth}`);
    const all = await controls(page);
    assert.ok(all.length >= 25, `found ${all.length} controls`);
    for (const c of all) {
      assert.ok(c.left >= 0 && c.right <= innerWidth, `${c.id} lies beyond the screen: ${c.left}..${c.right}`);
      assert.ok(c.width >= 40 && c.height >= 40, `${c.id} is ${c.width}x${c.height}, under 40x40`);
    }
    // Tappable: Playwright's trial tap scrolls each control into view and checks that the
    // finger would land on it, not on something over it.
    const locators = page.locator('button:visible:enabled, select:visible, input:visible:not([type="file"]), textarea:visible, label.file:visible');
    const count = await locators.count();
    for (let i = 0; i < count; i++) await locators.nth(i).tap({ trial: true, timeout: 5_000 });
    // Real taps on the main controls work: Analyze on (percentages or heat on the board).
    await page.tap('#analyze');
    assert.equal(await page.getAttribute('#analyze', 'aria-pressed'), 'true');
    await page.waitForSelector('#board .cell[data-p]');
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: path.join(ARTIFACTS, `phone-${preset}-analyze.png`) });
    await page.tap('#analyze');
    await page.waitForFunction(() => document.querySelectorAll('#board .cell[data-p]').length === 0);
    assert.deepEqual(problems, []);
    await page.close();
  });
}

test('360 and 430 px wide screens: no sideways scroll and every control inside, on every preset', async () => {
  const { page, problems } = await openPage(browser.context);
  for (const width of [360, 430]) {
    await page.setViewportSize({ width, height: 800 });
    for (const preset of PRESETS) {
      await newGame(page, preset, '11');
      const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
      assert.ok(scrollWidth <= width, `${preset} at ${width} px: the page is ${scrollWidth} px wide`);
      for (const c of await controls(page)) {
        assert.ok(c.left >= 0 && c.right <= width, `${preset} at ${width} px: ${c.id} lies at ${c.left}..${c.right}`);
      }
    }
  }
  assert.deepEqual(problems, []);
  await page.close();
});

test('expert on a phone: the board scrolls in its frame, the status line and the zoom stay in view', async () => {
  const { page, problems } = await openPage(browser.context);
  await newGame(page, 'expert', '77');
  const frame = await page.evaluate(() => {
    const wrap = document.getElementById('board-wrap');
    const cell = document.querySelector('#board .cell').getBoundingClientRect();
    return { scrollWidth: wrap.scrollWidth, clientWidth: wrap.clientWidth, cell: cell.width };
  });
  assert.ok(frame.cell >= 24, `cells of ${frame.cell} px are too small to tap (WCAG 2.5.8: 24 px)`);
  assert.ok(frame.scrollWidth > frame.clientWidth, 'the 30 columns scroll inside the frame');
  // Scroll the page down to the board's last row and the frame to its right edge: the status
  // line stays on screen.
  await page.locator(cellSelector(29, 15)).scrollIntoViewIfNeeded();
  await tapCell(page, 29, 15);
  await page.waitForFunction((s) => document.querySelector(s).dataset.state !== 'hidden', cellSelector(29, 15));
  await page.evaluate(() => window.scrollBy(0, 200));
  for (const id of ['mines-left', 'face', 'timer', 'zoom-out', 'zoom-fit', 'zoom-in']) {
    const box = await page.locator(`#${id}`).boundingBox();
    assert.ok(box.y >= 0 && box.y + box.height <= 844 && box.x >= 0 && box.x + box.width <= 390, `#${id} is out of view: ${JSON.stringify(box)}`);
  }
  assert.deepEqual(problems, []);
  await page.close();
});

test('the zoom sets the cell size, is kept, and Fit goes back to fitting the width', async () => {
  const { page, problems } = await openPage(browser.context);
  await newGame(page, 'beginner', '5');
  const cellWidth = () => page.evaluate(() => document.querySelector('#board .cell').getBoundingClientRect().width);
  const fitted = await cellWidth();
  // Beginner fits the phone's width with cells larger than the smallest tappable size.
  assert.ok(fitted >= 30, `beginner cells are ${fitted} px`);
  assert.equal(await page.getAttribute('#zoom-fit', 'aria-pressed'), 'true');
  await page.tap('#zoom-out');
  await page.tap('#zoom-out');
  const smaller = await cellWidth();
  assert.ok(smaller < fitted, `${smaller} < ${fitted}`);
  assert.equal(await page.getAttribute('#zoom-fit', 'aria-pressed'), 'false');
  // Kept: a new page shows the same size.
  const again = await openPage(browser.context);
  assert.equal(await again.page.evaluate(() => document.querySelector('#board .cell').getBoundingClientRect().width), smaller);
  await again.page.close();
  await page.tap('#zoom-fit');
  assert.equal(await cellWidth(), fitted);
  assert.equal(await page.evaluate(() => localStorage.getItem('mineseer.zoom')), null);
  // Small cells keep the heat colour and drop the percentages.
  for (let i = 0; i < 12; i++) if (await page.isEnabled('#zoom-out')) await page.tap('#zoom-out');
  assert.ok(await cellWidth() <= 12);
  await page.tap('#analyze');
  await page.waitForSelector('#board .cell[data-p]');
  const small = await page.$eval('#board .cell[data-p]', (el) => ({
    font: getComputedStyle(el).fontSize, background: getComputedStyle(el).backgroundColor,
  }));
  assert.equal(small.font, '0px', 'no percentage in a 10 px cell');
  assert.notEqual(small.background, 'rgba(0, 0, 0, 0)', 'the heat colour shows');
  await page.tap('#analyze');
  await page.tap('#zoom-fit');
  assert.deepEqual(problems, []);
  await page.close();
});

// The long presses here come just after the page scrolled back from the Export button: the
// board's rows were off screen, so their cells may still be skipped (content-visibility) when
// the finger lands, and the browser gives the press to the row. Before the page found the cell
// from the point itself, such a press was lost and the browser's click then revealed the cell
// (a mine, 1 run in 3).
test('touch: tap reveals, a long press flags (with a buzz) and shows the details, tapping a satisfied number chords', async () => {
  const { page, problems } = await openPage(browser.context);
  await page.evaluate(() => {
    window.buzzes = [];
    navigator.vibrate = (ms) => {
      window.buzzes.push(ms);
      return true;
    };
    window.menus = [];
    window.addEventListener('contextmenu', (event) => window.menus.push(event.defaultPrevented));
  });
  await newGame(page, 'beginner', '2024');
  await tapCell(page, 4, 4);
  await page.waitForFunction((s) => document.querySelector(s).dataset.state === '0', cellSelector(4, 4));
  // The layout, from the game's export.
  await page.tap('#export-mine');
  await page.waitForFunction(() => /M/.test(document.getElementById('position').value));
  const rows = (await page.inputValue('#position')).trim().split('\n').slice(1);
  const mine = (x, y) => rows[y]?.[x] === 'M';
  const states = await page.$$eval('#board .cell', (els) => els.map((el) => ({ x: +el.dataset.x, y: +el.dataset.y, state: el.dataset.state })));
  const at = (x, y) => states.find((c) => c.x === x && c.y === y);
  const around = (x, y) => [-1, 0, 1].flatMap((dy) => [-1, 0, 1].map((dx) => [x + dx, y + dy]))
    .filter(([nx, ny]) => (nx !== x || ny !== y) && nx >= 0 && ny >= 0 && nx < 9 && ny < 9);
  // A revealed number with a hidden safe neighbour: flag its mines, then tap it.
  const number = states.find((c) => /[1-8]/.test(c.state) &&
    around(c.x, c.y).some(([nx, ny]) => at(nx, ny).state === 'hidden' && !mine(nx, ny)));
  assert.ok(number, 'the opening has a number to chord');
  const mines = around(number.x, number.y).filter(([nx, ny]) => mine(nx, ny));
  assert.equal(mines.length, Number(number.state));
  for (const [mx, my] of mines) {
    await longPress(page, mx, my);
    await page.waitForFunction((s) => document.querySelector(s).dataset.state === 'flag', cellSelector(mx, my));
  }
  assert.equal(await page.evaluate(() => window.buzzes.length), mines.length, 'each flag buzzed');
  assert.ok(await page.evaluate(() => window.menus.every((prevented) => prevented)), 'no context menu');
  assert.equal(await page.evaluate(() => getSelection().toString()), '', 'no text selected');
  assert.equal(await page.$eval('#board', (el) => getComputedStyle(el).userSelect), 'none');
  // Tapping the satisfied number reveals its hidden safe neighbours.
  await tapCell(page, number.x, number.y);
  const safe = around(number.x, number.y).filter(([nx, ny]) => !mine(nx, ny));
  await page.waitForFunction((sels) => sels.every((s) => document.querySelector(s).dataset.state !== 'hidden'), safe.map(([sx, sy]) => cellSelector(sx, sy)));
  // A long press on a flag unflags it; with Analyze on, a long press on a revealed cell only
  // shows the details (nothing changes on the board).
  const [fx, fy] = mines[0];
  await longPress(page, fx, fy);
  await page.waitForFunction((s) => document.querySelector(s).dataset.state === 'hidden', cellSelector(fx, fy));
  await page.tap('#analyze');
  await page.waitForSelector(`${cellSelector(fx, fy)}[data-p]`);
  await longPress(page, number.x, number.y);
  await longPress(page, fx, fy);
  await page.waitForFunction((s) => document.querySelector(s).dataset.state === 'flag', cellSelector(fx, fy));
  assert.match(await page.textContent('#hover-info'), new RegExp(`^\\(${fx}, ${fy}\\): mine \\d+\\.\\d\\d%`));
  await page.tap('#analyze');
  assert.deepEqual(problems, []);
  await page.close();
});

test('touch: a finger on the gap between two cells is for the cell before it (tap, long press)', async () => {
  const { page, problems } = await openPage(browser.context);
  await newGame(page, 'beginner', '2024');
  await tapCell(page, 4, 4);
  await page.waitForFunction((s) => document.querySelector(s).dataset.state === '0', cellSelector(4, 4));
  const hidden = await page.$$eval('#board .cell[data-state="hidden"]', (els) => els.map((el) => [+el.dataset.x, +el.dataset.y]));
  // Two hidden cells not at the right or bottom edge, so that a gap follows each.
  const [[ax, ay], [bx, by]] = hidden.filter(([x, y]) => x < 8 && y < 8);
  // A point on the gap after a cell (right or below), as the browser's hit test sees the gap:
  // it snaps the cells to device pixels, so the point is searched for, not computed.
  const gapPoint = (x, y, side) => page.evaluate(({ selector, side }) => {
    const r = document.querySelector(selector).getBoundingClientRect();
    for (let d = -0.5; d <= 2.5; d += 0.25) {
      const point = side === 'right' ? { x: r.right + d, y: r.top + r.height / 2 } : { x: r.left + r.width / 2, y: r.bottom + d };
      const el = document.elementFromPoint(point.x, point.y);
      if (el && !el.classList.contains('cell') && el.closest('#board')) return point;
    }
    return null;
  }, { selector: cellSelector(x, y), side });
  const cdp = await page.context().newCDPSession(page);
  const touch = async (point, ms) => {
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [point] });
    await page.waitForTimeout(ms);
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  };
  // The gap right of cell A (the row's own box): a long press flags A.
  const right = await gapPoint(ax, ay, 'right');
  assert.ok(right, 'a point between two cells of a row');
  await touch(right, 700);
  await page.waitForFunction((s) => document.querySelector(s).dataset.state === 'flag', cellSelector(ax, ay));
  // The gap below cell B (the board's own box): a tap reveals B (or ends the game on it).
  const below = await gapPoint(bx, by, 'below');
  assert.ok(below, 'a point between two rows');
  await touch(below, 50);
  await page.waitForFunction((s) => !['hidden', 'flag'].includes(document.querySelector(s).dataset.state), cellSelector(bx, by));
  await cdp.detach();
  assert.deepEqual(problems, []);
  await page.close();
});

test('offline: after one visit the page starts and plays a game with the network off', async () => {
  const phone = await launchChromium('mineseer-offline-', PHONE);
  try {
    const { page, problems } = await openPage(phone.context);
    const scope = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.ready;
      return registration.scope;
    });
    assert.equal(scope, baseUrl, 'the service worker covers the page\'s folder (a sub-path here)');
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    const failed = [];
    page.on('requestfailed', (req) => failed.push(req.url()));
    await phone.context.setOffline(true);
    // Nothing comes from the network now: a request for a file not in the build fails.
    assert.equal(await page.evaluate(() => fetch('./not-built.txt').then(() => 'answered', () => 'failed')), 'failed');
    await page.reload();
    await page.waitForSelector('body[data-ready="1"]', { timeout: 30_000 });
    await newGame(page, 'beginner', '99');
    await tapCell(page, 4, 4);
    await page.waitForFunction((s) => document.querySelector(s).dataset.state === '0', cellSelector(4, 4));
    await page.tap('#analyze');
    await page.waitForSelector('#board .cell[data-p]');
    await page.tap('#analyze');
    assert.deepEqual(failed, [`${baseUrl}not-built.txt`], 'only the file not in the build failed');
    // Its console line ("Failed to load resource") is the only error.
    assert.deepEqual(problems.filter((p) => !/ERR_INTERNET_DISCONNECTED/.test(p)), []);
    assert.ok(problems.length <= 1);
    await phone.context.setOffline(false);
  } finally {
    await phone.close();
  }
});

test('the service worker pre-caches every built file, under a name that changes with any of them', () => {
  const copy = fs.mkdtempSync(path.join(os.tmpdir(), 'mineseer-sw-'));
  try {
    fs.cpSync(DIST, copy, { recursive: true });
    const first = writeServiceWorker(copy);
    const built = fs.readdirSync(DIST, { recursive: true })
      .filter((f) => fs.statSync(path.join(DIST, f)).isFile() && f !== 'sw.js')
      .map((f) => f.split(path.sep).join('/')).sort();
    assert.deepEqual(first.files, built);
    assert.ok(built.includes('index.html') && built.some((f) => f.endsWith('.wasm')));
    assert.equal(fs.readFileSync(path.join(copy, 'sw.js'), 'utf8'), fs.readFileSync(path.join(DIST, 'sw.js'), 'utf8'), 'dist/sw.js is this build\'s');
    fs.appendFileSync(path.join(copy, 'index.html'), '\n');
    const second = writeServiceWorker(copy);
    assert.notEqual(second.cacheName, first.cacheName);
  } finally {
    fs.rmSync(copy, { recursive: true, force: true });
  }
});

test('a new build replaces the old cache once no page of the old build is open', async () => {
  const site = fs.mkdtempSync(path.join(os.tmpdir(), 'mineseer-site-update-'));
  const folder = path.join(site, 'mineseer');
  fs.cpSync(DIST, folder, { recursive: true });
  const started = await startServer(site);
  const url = `${started.url}mineseer/`;
  const phone = await launchChromium('mineseer-update-', PHONE);
  const cacheNames = (page) => page.evaluate(() => caches.keys());
  try {
    const first = writeServiceWorker(folder).cacheName;
    let page = await phone.context.newPage();
    await page.goto(url);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    assert.deepEqual(await cacheNames(page), [first]);
    // A new build: a changed file, so a new sw.js.
    fs.appendFileSync(path.join(folder, 'www', 'main.js'), '\n// a new build\n');
    const second = writeServiceWorker(folder).cacheName;
    assert.notEqual(second, first);
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration()).update());
    await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      while (!registration.waiting) await new Promise((resolve) => setTimeout(resolve, 20));
    });
    // The old build's page is still served by the old cache; once it closes, the new worker
    // takes over and drops the old cache.
    assert.deepEqual((await cacheNames(page)).sort(), [first, second].sort());
    const blank = await phone.context.newPage();
    await page.close();
    // Watched from a page of the same origin outside the scope (not a client of either worker).
    await blank.goto(`${started.url}nothing-here`);
    await blank.evaluate(async ({ scope, name }) => {
      const registration = await navigator.serviceWorker.getRegistration(scope);
      while (registration.waiting || (await caches.keys()).join() !== name) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    }, { scope: url, name: second });
    page = await phone.context.newPage();
    await page.goto(url);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    assert.match(await page.evaluate(() => fetch('./www/main.js').then((r) => r.text())), /a new build/);
    await blank.close();
    await page.close();
  } finally {
    await phone.close();
    started.server.close();
    fs.rmSync(site, { recursive: true, force: true });
  }
});

test('on a big board, the old percentages hide while a slow new analysis is on its way', async () => {
  const { page, problems } = await openPage(browser.context);
  await page.selectOption('#preset', 'custom');
  await page.fill('#custom-width', '200');
  await page.fill('#custom-height', '200');
  await page.fill('#custom-mines', '6000');
  await newGame(page, 'custom', '3');
  await tapCell(page, 100, 100);
  await page.waitForFunction((s) => document.querySelector(s).dataset.state !== 'hidden', cellSelector(100, 100));
  await page.tap('#analyze');
  await page.waitForSelector('#board .cell[data-p]', { timeout: 120_000 });
  // Watched from inside the page, frame by frame: is the board marked stale (percentages
  // hidden) in each frame drawn between the flag and the new analysis?
  await page.evaluate(() => {
    const board = document.getElementById('board');
    window.frames = [];
    const watch = (t) => {
      window.frames.push({ at: performance.now(), stale: board.classList.contains('stale') });
      if (window.frames.length < 2000) requestAnimationFrame(watch);
    };
    requestAnimationFrame(watch);
    const version = document.body.dataset.analyzed;
    window.analysisAt = new Promise((resolve) => {
      new MutationObserver(() => {
        if (document.body.dataset.analyzed !== version) resolve(performance.now());
      }).observe(document.body, { attributes: true, attributeFilter: ['data-analyzed'] });
    });
  });
  const [fx, fy] = await page.$eval('#board .cell[data-p]:not(.cert-safe)', (el) => [el.dataset.x, el.dataset.y]);
  // The flag is shown (and the new analysis asked for) when the game's worker answers.
  const flaggedAt = await page.evaluate(([x, y]) => {
    const cell = document.querySelector(`#board .cell[data-x="${x}"][data-y="${y}"]`);
    const shown = new Promise((resolve) => {
      new MutationObserver(() => {
        if (cell.dataset.state === 'flag') resolve(performance.now());
      }).observe(cell, { attributes: true, attributeFilter: ['data-state'] });
    });
    cell.dispatchEvent(new MouseEvent('contextmenu', { bubbles: true, cancelable: true }));
    return shown;
  }, [fx, fy]);
  const analysisAt = await page.evaluate(() => window.analysisAt);
  await page.waitForTimeout(100);
  const frames = await page.evaluate(() => window.frames);
  // Quick answers do not flicker: nothing is hidden in the first 150 ms.
  assert.deepEqual(frames.filter((f) => f.at > flaggedAt && f.at < flaggedAt + 150 && f.stale), []);
  // Slow ones: every frame drawn well after the 200 ms (a busy machine may draw none) shows
  // the old percentages hidden, and the frames after the new analysis show it fresh.
  const waiting = frames.filter((f) => f.at > flaggedAt + 400 && f.at < analysisAt);
  assert.deepEqual(waiting.filter((f) => !f.stale), [], `frames with old percentages shown, ${(analysisAt - flaggedAt).toFixed(0)} ms analysis`);
  const after = frames.filter((f) => f.at > analysisAt);
  assert.ok(after.length > 0 && after.every((f) => !f.stale), 'fresh once the new analysis is shown');
  if (waiting.length > 0) {
    const hidden = await page.evaluate(() => {
      document.getElementById('board').classList.add('stale');
      const color = getComputedStyle(document.querySelector('#board .cell[data-p]')).color;
      document.getElementById('board').classList.remove('stale');
      return color;
    });
    assert.equal(hidden, 'rgba(0, 0, 0, 0)', 'stale percentages are transparent (the heat colour stays)');
  }
  await page.tap('#analyze');
  // Saved settings are shared by the pages of this browser: leave a small board behind.
  await page.selectOption('#preset', 'beginner');
  assert.deepEqual(problems, []);
  await page.close();
});
