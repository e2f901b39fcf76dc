// Measures what a won game's ZiNi costs at its end (not a test: run it by hand after
// `bash scripts/build-page.sh`: `node tests/measure-zini.mjs`). ZiNi is computed in the review's
// wasm module, which the worker loads on its first request: per fresh page load, two beginner
// games are won by clicks, and for each the wait from the COUNTERS request (sent when the page
// is idle) to its answer is read from the page (body data-zini-ms). The first game of a load
// pays the module's fetch and compile (cold: nothing loaded the module before); the second is
// a warm call.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startServer } from './static-server.mjs';
import { DIST, cellSelector, launchChromium, newGame, openPage } from './browser.mjs';

const LOADS = Number(process.argv[2] ?? 5);
const { server, url } = await startServer(DIST);
const browser = await launchChromium('measure-zini-', { acceptDownloads: true });
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'measure-zini-'));

async function click(page, x, y) {
  const before = await page.evaluate(() => Number(document.body.dataset.gameStates) || 0);
  await page.click(cellSelector(x, y));
  await page.waitForFunction((n) => (Number(document.body.dataset.gameStates) || 0) > n, before);
}

async function layout(page) {
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#record-export')]);
  const file = path.join(dir, download.suggestedFilename());
  await download.saveAs(file);
  const record = JSON.parse(fs.readFileSync(file, 'utf8'));
  return new Set(record.layout.map(([x, y]) => `${x},${y}`));
}

async function win(page, seed) {
  await newGame(page, 'beginner', seed, { rule: 'safe' });
  await click(page, 4, 4);
  const mines = await layout(page);
  for (;;) {
    const hidden = await page.$$eval('#board .cell[data-state="hidden"]', (els) => els.map((c) => [Number(c.dataset.x), Number(c.dataset.y)]));
    const safe = hidden.find(([x, y]) => !mines.has(`${x},${y}`));
    if (!safe || (await page.evaluate(() => document.body.dataset.game)) !== 'playing') break;
    await click(page, ...safe);
  }
  await page.waitForSelector('#game-summary[data-zini]', { timeout: 60_000 });
  return page.evaluate(() => Number(document.body.dataset.ziniMs));
}

console.log('load | first won game: ZiNi request to answer, ms (loads the module) | second: ms (warm)');
const cold = [];
const warm = [];
for (let load = 0; load < LOADS; load++) {
  const { page } = await openPage(browser.context, url);
  const first = await win(page, String(4101 + 2 * load));
  const second = await win(page, String(4102 + 2 * load));
  cold.push(first);
  warm.push(second);
  console.log(`${load} | ${first} | ${second}`);
  await page.close();
}
const median = (xs) => xs.slice().sort((a, b) => a - b)[Math.floor(xs.length / 2)];
console.log(`median | ${median(cold)} | ${median(warm)}`);
await browser.close();
server.close();
