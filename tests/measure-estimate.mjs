// Measures the Endgame's estimate (issue 29) in Chromium (not a test: run it by hand after
// scripts/build-page.sh and `cargo build --release -p mineseer-cli`:
// `node tests/measure-estimate.mjs`).
//
// 1. Three expert positions where a guess is due, from seeded games of the auto-player (safe
//    first click, seeds 1, 2, ...; each position is the view before the guess): the first
//    guess after the opening, a mid-game guess with 10^6 to 10^12 layouts, and a late one with
//    20,000 to 10^6 layouts. They are printed, so the figures can be checked with the CLI.
// 2. Rollouts (layouts, each played after every candidate) per second of one worker, at the
//    full and the fast level: ROLLOUTS on a worker of the page's own for ROLLOUT_MS after its
//    plan; next to the CLI's with one thread (`mineseer endgame --estimate --threads 1`, its
//    time less that of a one-layout run, which is the plan). One worker keeps one core busy,
//    so its wall time is its CPU time when the machine is otherwise quiet (the load is printed).
// 3. The page's own Endgame on the mid-game position, with its workers: the time from the click
//    to the first interval, and to ±2 points on the win chance (if it gets there before it stops).
import { execFileSync } from 'node:child_process';
import os from 'node:os';
import { startServer } from './static-server.mjs';
import { DIST, cliBinary, launchChromium, openPage, openWithOwnWorker } from './browser.mjs';

const ROLLOUT_MS = 5_000;
const NATIVE_ROLLOUTS = { full: 200, fast: 1_000 };
const MID = [1e6, 1e12];
const LATE = [2e4, 1e6];

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

/** log10 of the layouts of a position (its analysis' exact count). */
async function log10Layouts(position) {
  const analysis = await ask('analyze', { position, options: { exact: true, numberChances: false } });
  const digits = analysis.solutions;
  return digits.length - 1 + Math.log10(Number(`0.${digits.slice(0, 15)}`) * 10);
}

/** Plays seeded expert games until a first guess, a mid-game guess and a late one are found. */
async function findPositions() {
  const found = {};
  for (let seed = 1; seed <= 40 && !(found.first && found.mid && found.late); seed++) {
    let state = await ask('game', { op: 'new', options: { width: 30, height: 16, mines: 99, rule: 'safe', seed: String(seed) } });
    let guesses = 0;
    for (let move = 0; move < 400 && state.status === 'playing'; move++) {
      const before = state.position;
      const stepped = await ask('game', { op: 'step', options: {} });
      if (stepped.error || !stepped.move) break;
      state = stepped.state;
      if (stepped.move.kind !== 'guess' || move === 0) continue;
      guesses++;
      const log10 = await log10Layouts(before);
      const where = { position: before, log10, seed, guess: guesses };
      if (guesses === 1 && !found.first) found.first = where;
      else if (log10 >= Math.log10(MID[0]) && log10 <= Math.log10(MID[1]) && !found.mid) found.mid = where;
      else if (log10 >= Math.log10(LATE[0]) && log10 <= Math.log10(LATE[1]) && !found.late) found.late = where;
    }
  }
  return found;
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
  return { rate: result.played / (result.ms / 1000), played: result.played, policy: plan.policy };
}

/** The CLI's rollouts per second with one thread: the time of n layouts less that of one (the plan). */
function nativeRate(position, level) {
  const run = (n) => {
    const start = process.hrtime.bigint();
    execFileSync(cliBinary(), ['endgame', '--estimate', '--threads', '1', '--level', level, '--rollouts', String(n), '--json'], { input: position });
    return Number(process.hrtime.bigint() - start) / 1e9;
  };
  const n = NATIVE_ROLLOUTS[level];
  const one = run(1);
  return (n - 1) / (run(n) - one);
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

console.log(`${new Date().toISOString()}; ${os.cpus().length} cores, load average ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);
const positions = await findPositions();
for (const [name, where] of Object.entries(positions)) {
  console.log(`\n${name}: seed ${where.seed}, guess ${where.guess}, about 10^${where.log10.toFixed(1)} layouts\n${where.position}`);
}
console.log('\nposition | level | wasm rollouts/s (one worker) | native rollouts/s (one thread) | wasm / native');
for (const [name, where] of Object.entries(positions)) {
  for (const level of ['full', 'fast']) {
    const wasm = await workerRate(where.position, level);
    const native = nativeRate(where.position, level);
    console.log(`${name} | ${level} | ${wasm.rate.toFixed(0)} (${wasm.played} in ${ROLLOUT_MS / 1000} s) | ${native.toFixed(0)} | ${(wasm.rate / native).toFixed(2)}`);
  }
}
if (positions.mid) {
  const times = await pageTimes(positions.mid.position);
  console.log(`\nthe page's Endgame on the mid-game position (${times.workers} cores): first interval after ${times.first?.toFixed(0)} ms; ` +
    `±2 points ${times.twoPoints === null ? `not reached (±${(times.halfWidth * 100).toFixed(1)} at the end)` : `after ${times.twoPoints.toFixed(0)} ms`}; ` +
    `stopped: ${times.stopped}\n${times.info}`);
}
await browser.close();
server.close();
