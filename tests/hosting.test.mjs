// The built page (dist/, from scripts/build-page.sh) served the way a project page is hosted:
// under a sub-path (https://USER.github.io/mineseer/), with nothing served outside it. The page
// must load, play and analyse there, ask for nothing outside /mineseer/, and get no 4xx.
// This test also takes the README's screenshot (docs/screenshot.png) when
// MINESEER_UPDATE_SCREENSHOT=1, so the picture is always of the page as built.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startServer } from './static-server.mjs';
import { launchChromium } from './browser.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DIST = path.join(ROOT, 'dist');
const ARTIFACTS = path.join(ROOT, 'tests', 'artifacts');
const PREFIX = '/mineseer/';

let server;
let baseUrl;
let browser;

before(async () => {
  assert.ok(fs.existsSync(path.join(DIST, 'index.html')), 'dist/ is missing: run bash scripts/build-page.sh first');
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  ({ server, url: baseUrl } = await startServer(DIST, 0, { prefix: PREFIX }));
  browser = await launchChromium('mineseer-hosting-', { viewport: { width: 1360, height: 900 } });
});

after(async () => {
  await browser?.close();
  server?.close();
});

test('the server under test really hides everything outside the sub-path', async () => {
  const origin = new URL(baseUrl).origin;
  assert.equal((await fetch(`${origin}/index.html`)).status, 404);
  assert.equal((await fetch(`${baseUrl}index.html`)).status, 200);
});

test('served under /mineseer/, the page loads, plays and analyses, asking for nothing outside it', async () => {
  const page = await browser.context.newPage();
  const problems = [];
  const requested = [];
  page.on('pageerror', (err) => problems.push(`page error: ${err.message}`));
  page.on('console', (msg) => {
    if (msg.type() === 'error') problems.push(`console error: ${msg.text()}`);
  });
  const watch = (req) => {
    const url = req.url();
    if (url.startsWith('data:') || url.startsWith('blob:')) return;
    requested.push(url);
    if (!url.startsWith(baseUrl)) problems.push(`request outside ${PREFIX}: ${url}`);
  };
  page.on('request', watch);
  // Requests of the page's worker go through the context, not the page.
  browser.context.on('request', watch);
  page.on('response', (res) => {
    if (res.status() >= 400) problems.push(`${res.status()} for ${res.url()}`);
  });
  page.on('requestfailed', (req) => problems.push(`failed: ${req.url()} (${req.failure()?.errorText})`));

  await page.goto(baseUrl);
  await page.waitForSelector('body[data-ready="1"]', { timeout: 30_000 });

  // Play: a seeded intermediate game; the first click under the opening rule opens a region.
  await page.selectOption('#preset', 'intermediate');
  await page.selectOption('#rule', 'opening');
  await page.fill('#seed', '31');
  await page.click('#new-game');
  await page.waitForFunction(() => document.getElementById('game-seed').textContent === '31');
  await page.click('#board .cell[data-x="8"][data-y="8"]');
  await page.waitForFunction(() => document.querySelector('#board .cell[data-x="8"][data-y="8"]').dataset.state === '0');
  // A few of the auto-player's moves, so the analysis has a real front.
  for (let i = 0; i < 4 && (await page.getAttribute('body', 'data-game')) === 'playing'; i++) {
    await page.click('#step');
    await page.waitForFunction((n) => document.querySelectorAll('#moves li').length >= n, i + 1);
  }
  const opened = await page.locator('#board .cell:not([data-state="hidden"]):not([data-state="flag"])').count();
  assert.ok(opened > 1, `the game opened cells (${opened})`);

  // Analyse: every hidden cell gets its probability.
  if ((await page.getAttribute('#analyze', 'aria-pressed')) !== 'true') await page.click('#analyze');
  await page.waitForSelector('#board .cell[data-p]');
  const hidden = await page.locator('#board .cell[data-state="hidden"]').count();
  assert.equal(await page.locator('#board .cell[data-state="hidden"][data-p]').count(), hidden);

  // The share link stays under the sub-path.
  const link = await page.evaluate(() => location.href);
  assert.ok(link.startsWith(baseUrl), `the page's own link ${link} is under ${PREFIX}`);

  await page.screenshot({ path: path.join(ARTIFACTS, 'hosted-analyze.png') });
  if (process.env.MINESEER_UPDATE_SCREENSHOT === '1') {
    await page.screenshot({ path: path.join(ROOT, 'docs', 'screenshot.png') });
  }
  assert.ok(requested.some((u) => u.endsWith('.wasm')), 'the wasm was loaded from under the sub-path');
  assert.deepEqual(problems, []);
  browser.context.off('request', watch);
  await page.close();
});
