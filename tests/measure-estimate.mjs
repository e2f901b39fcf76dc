// Measures the Endgame's estimate (issue 29) in Chromium (not a test: run it by hand after
// scripts/build-page.sh and `cargo build --release -p mineseer-cli`:
// `node tests/measure-estimate.mjs`).
//
// 1. On three expert positions where a guess is due (crates/core/benches/endgame_positions/
//    estimate-{first,mid,late}.mine, as scripts/measure-estimate.sh measures natively: the
//    first guess after the opening, a mid-game guess of 10^6 to 10^12 layouts, a late one of
//    20,000 to 10^6), games (a layout after a candidate, played to the end) per second of one
//    worker, at the full and the fast level: ROLLOUTS on a worker of the page's own for
//    ROLLOUT_MS after its plan; beside the CLI's with one thread, timed the same way (wall
//    time, less that of a one-layout run, which is the plan) at the same moment, for the ratio.
//    One worker keeps one core busy, so its wall time is its CPU time on a quiet machine (the
//    load is printed).
// 2. The page's own Endgame on the mid-game position, with its workers: the time from the
//    click to the first interval, and to ±2 points on the win chance (if it gets there before
//    it stops).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startServer } from './static-server.mjs';
import { DIST, ROOT, cliBinary, launchChromium, openPage, openWithOwnWorker } from './browser.mjs';

const ROLLOUT_MS = 5_000;
const NATIVE_ROLLOUTS = { full: 100, fast: 400 };
const POSITIONS = path.join(ROOT, 'crates/core/benches/endgame_positions');

const { server, url } = await startServer(DIST);
const browser = await launchChromium('mineseer-measure-estimate-');
const page = await openWithOwnWorker(browser.context, url, 'measureWorker');

/** One request to our worker: its result (PROGRESS messages are skipped). */
async function ask(kind, payload) {
  return page.evaluate(({ kind, payload }) => new Promise((resolve) => {
    const id = Math.floor(Math.random() * 1e9);
    window.measureWorker.onmessage = (event) => {
      const msg = event.data;
      if (msg.id !== id || msg.kind === 'progress') return;
      resolve(msg.kind === 'result' ? msg.payload : { error: msg.payload.message });
    };
    window.measureWorker.postMessage({ id, kind, payload });
  }), { kind, payload });
}

/** Rollouts per second of one worker at `level` on `position`, after its plan. */
async function workerRate(position, level) {
  const options = { seed: 1, candidates: 4, level };
  const plan = await ask('estimate-plan', { position, options });
  if (plan.error) throw new Error(plan.error);
  const result = await page.evaluate(({ position, options, budgetMs }) => new Promise((resolve) => {
    const id = Math.floor(Math.random() * 1e9);
    const start = performance.now();
    window.measureWorker.onmessage = (event) => {
      const msg = event.data;
      if (msg.id !== id || msg.kind === 'progress') return;
      resolve({ ...msg.payload, ms: performance.now() - start });
    };
    window.measureWorker.postMessage({
      id, kind: 'rollouts', payload: { position, options, first: 0, stride: 1, maxLayouts: 2 ** 32 - 1, budgetMs },
    });
  }), { position, options, budgetMs: ROLLOUT_MS });
  const games = result.played * plan.candidates.length;
  return { rate: games / (result.ms / 1000), played: result.played, candidates: plan.candidates.length };
}

/** The CLI's games per second with one thread: the time of n layouts less that of one (the plan). */
function nativeRate(position, level) {
  let candidates = 0;
  const run = (n) => {
    const start = process.hrtime.bigint();
    const out = execFileSync(cliBinary(), ['endgame', '--estimate', '--threads', '1', '--level', level, '--rollouts', String(n), '--json'], { input: position });
    candidates = JSON.parse(out.toString()).estimate.candidates.length;
    return Number(process.hrtime.bigint() - start) / 1e9;
  };
  const n = NATIVE_ROLLOUTS[level];
  const one = run(1);
  return ((n - 1) * candidates) / (run(n) - one);
}

/** The page's Endgame on `position`: ms from the click to the first interval and to ±2 points. */
async function pageTimes(position) {
  const { page: shown } = await openPage(browser.context, url);
  await shown.waitForSelector('body[data-estimate-warm="1"]', { timeout: 30_000 });
  await shown.fill('#position', position);
  await shown.click('#load-position');
  await shown.waitForFunction(() => document.body.dataset.game === 'position');
  await shown.evaluate(() => {
    window.estimateTimes = { first: null, twoPoints: null };
    const el = document.getElementById('win-chance');
    new MutationObserver(() => {
      if (el.dataset.kind !== 'estimate') return;
      const now = performance.now() - window.clickedAt;
      window.estimateTimes.first ??= now;
      if ((Number(el.dataset.hi) - Number(el.dataset.lo)) / 2 <= 0.02) window.estimateTimes.twoPoints ??= now;
      window.estimateTimes.halfWidth = (Number(el.dataset.hi) - Number(el.dataset.lo)) / 2;
    }).observe(el, { attributes: true });
    document.getElementById('endgame').addEventListener('click', () => { window.clickedAt = performance.now(); }, { capture: true });
  });
  await shown.click('#endgame');
  await shown.waitForFunction(() => !['running', undefined].includes(document.body.dataset.estimate), null, { timeout: 60_000 });
  const times = await shown.evaluate(() => ({
    ...window.estimateTimes,
    stopped: document.body.dataset.estimate,
    info: document.getElementById('endgame-info').textContent,
    workers: navigator.hardwareConcurrency,
  }));
  await shown.close();
  return times;
}

const load = () => os.loadavg().map((l) => l.toFixed(2)).join(' ');
console.log(`${new Date().toISOString()}; ${os.cpus().length} cores, load average ${load()}`);
const positions = Object.fromEntries(['first', 'mid', 'late'].map((name) => [
  name, { position: fs.readFileSync(path.join(POSITIONS, `estimate-${name}.mine`), 'utf8') },
]));
console.log('position | level | wasm games/s (one worker) | native games/s (one thread) | wasm / native');
for (const [name, where] of Object.entries(positions)) {
  for (const level of ['full', 'fast']) {
    const wasm = await workerRate(where.position, level);
    const native = nativeRate(where.position, level);
    console.log(`${name} | ${level} | ${wasm.rate.toFixed(0)} (${wasm.played} layouts x ${wasm.candidates} in ${ROLLOUT_MS / 1000} s) | ${native.toFixed(0)} | ${(wasm.rate / native).toFixed(2)}`);
  }
}
if (positions.mid) {
  const times = await pageTimes(positions.mid.position);
  console.log(`\nthe page's Endgame on the mid-game position (${times.workers} cores): first interval after ${times.first?.toFixed(0)} ms; ` +
    `±2 points ${times.twoPoints === null ? `not reached (±${(times.halfWidth * 100).toFixed(1)} at the end)` : `after ${times.twoPoints.toFixed(0)} ms`}; ` +
    `stopped: ${times.stopped}\n${times.info}`);
}
console.log(`load average at the end ${load()}`);
await browser.close();
server.close();
