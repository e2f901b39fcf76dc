// Measures the first review of a page load (not a test: run it by hand after
// `bash scripts/build-page.sh`: `node tests/measure-first-review.mjs`). The review lives in a
// wasm module of its own that the worker loads on the first review, so the first one pays for
// it. Per fresh page load: the wall time from the click on Review game to the list of moves on
// screen, and the worker's own review time (the card's data-ms); the difference is the module's
// fetch and compile, the messages and the DOM.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startServer } from './static-server.mjs';
import { launchChromium, openPage } from './browser.mjs';
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const file = path.join(ROOT, 'tests/fixtures/review-expert-1.json');
const n = JSON.parse(fs.readFileSync(file, 'utf8')).moves.length;
const { server, url } = await startServer(path.join(ROOT, 'dist'));
const browser = await launchChromium('first-review-');
console.log('load | first review, click to list ms | worker reviewGame ms');
for (let load = 0; load < 5; load++) {
  const { page } = await openPage(browser.context, url);
  await page.setInputFiles('#open-file', file);
  await page.waitForFunction(() => document.getElementById('message').textContent.includes('Opened a recorded'));
  const t0 = Date.now();
  await page.click('#review-start');
  await page.waitForFunction((n) => document.querySelectorAll('.review-move').length === n, n);
  const wall = Date.now() - t0;
  const ms = await page.$eval('#review-card', (e) => Number(e.dataset.ms));
  console.log(`${load} | ${wall} | ${ms.toFixed(1)}`);
  await page.close();
}
await browser.close(); server.close();
