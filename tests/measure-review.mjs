// Measures the review of expert games in the page (not a test: run it by hand after
// `bash scripts/build-page.sh` and `cargo build --release -p mineseer-cli`:
// `node tests/measure-review.mjs [games]`).
//
// Each game is a seeded expert game (first click safe) played to its end by the page's
// auto-player ("Let it play" at full speed), exported with Export record, then reviewed with
// Review game five times. Reported per game: the moves, the worker's own time for reviewGame
// (`ms`, the exact review alone), the wall time from the click on Review game to the list of
// moves on screen (the review, the positions for the slider, the messages and the DOM), and
// the CLI's wall time for `mineseer review --json` on the same record (process start
// included). Medians of five runs. The page and the CLI must agree on every move's kind.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startServer } from './static-server.mjs';
import { launchChromium } from './browser.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DIST = path.join(ROOT, 'dist');
const CLI = path.join(ROOT, 'target/release/mineseer');
const GAMES = Number(process.argv[2] ?? 3);
const RUNS = 5;
const SEEDS = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '10'].slice(0, GAMES);

const median = (xs) => xs.slice().sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const { server, url } = await startServer(DIST);
const browser = await launchChromium('mineseer-measure-review-', { acceptDownloads: true });
const page = await browser.context.newPage();
await page.goto(url);
await page.waitForSelector('body[data-ready="1"]', { timeout: 30_000 });
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mineseer-measure-review-'));

let mismatches = 0;
let worst = 0;
console.log('seed | result | moves | worker reviewGame ms | page click-to-list ms | CLI wall ms');
for (const seed of SEEDS) {
  await page.selectOption('#preset', 'expert');
  await page.selectOption('#rule', 'safe');
  await page.fill('#seed', seed);
  await page.click('#new-game');
  await page.waitForFunction((s) => document.getElementById('game-seed').textContent === s, seed);
  await page.$eval('#speed', (el) => { el.value = '10'; el.dispatchEvent(new Event('change')); });
  await page.click('#autoplay');
  await page.waitForFunction(() => document.body.dataset.game !== 'playing', null, { timeout: 300_000 });
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#record-export')]);
  const file = path.join(dir, `expert-${seed}.json`);
  await download.saveAs(file);
  const record = JSON.parse(fs.readFileSync(file, 'utf8'));

  const workerMs = [];
  const wallMs = [];
  let kinds = null;
  for (let run = 0; run < RUNS; run++) {
    if (await page.isVisible('#review-close')) await page.click('#review-close');
    const start = Date.now();
    await page.click('#review-start');
    await page.waitForFunction((n) => document.querySelectorAll('.review-move').length === n && document.getElementById('review-card').dataset.ms, record.moves.length);
    wallMs.push(Date.now() - start);
    workerMs.push(Number(await page.getAttribute('#review-card', 'data-ms')));
    kinds = await page.$$eval('.review-move', (items) => items.map((li) => li.dataset.kind));
    await page.evaluate(() => { delete document.getElementById('review-card').dataset.ms; });
  }
  await page.click('#review-close');

  const cliMs = [];
  let cli = null;
  for (let run = 0; run < RUNS; run++) {
    const start = process.hrtime.bigint();
    cli = JSON.parse(execFileSync(CLI, ['review', '--json', file], { encoding: 'utf8' }));
    cliMs.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  const same = cli.moves.length === kinds.length && cli.moves.every((m, i) => m.kind === kinds[i]);
  if (!same) {
    mismatches += 1;
    console.log(`seed ${seed}: the page and the CLI disagree`);
  }
  worst = Math.max(worst, median(wallMs));
  console.log(
    `${seed.padStart(4)} | ${cli.result.padEnd(6)} | ${String(record.moves.length).padStart(5)} | ` +
    `${median(workerMs).toFixed(1).padStart(20)} | ${String(median(wallMs)).padStart(20)} | ${median(cliMs).toFixed(1).padStart(11)}`,
  );
}
console.log(`slowest median click-to-list: ${worst} ms (target: under 1000 ms)`);
await browser.close();
server.close();
if (mismatches > 0) process.exit(1);
