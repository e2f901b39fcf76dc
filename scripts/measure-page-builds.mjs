// What a user of the page feels, before and after a change of the engine (issue 39), in
// Debian's Chromium: two builds of the page, alternating (not a test: run it by hand).
//
//   node scripts/measure-page-builds.mjs BEFORE_DIST AFTER_DIST [ROUNDS] [ESTIMATE_ROUNDS]
//
// Each DIST is a build of the page (`bash scripts/build-page.sh` makes one in dist/; copy it,
// or build another commit in a worktree of its own). Each is served by its own server and
// loaded in one browser, then:
//
// 1. One click's analysis on expert: the page's ANALYZE request (what the page asks of its
//    worker when a cell is revealed with Analyze on: `solveBoard` with the options of
//    `analysisOptions`, exact fractions and number chances on expert), on a worker of our own
//    started from the page's www/worker.js, for every position of the expert corpora
//    (crates/core/benches/corpus/expert.txt and expert-guesses.txt, 200 positions). Timed in
//    the page from postMessage to the answer (the round trip a click waits for) and by the
//    worker's own clock around `solveBoard` (`ms`). ROUNDS rounds (default 7) after one untimed
//    pass; in each round both builds run every position, the build that goes first turning
//    from round to round. Per round: the median round trip per position and the sum of the
//    200 round trips, after / before; the figure is the median of the rounds' ratios, with the
//    smallest and the largest. The two builds' answers must be the same, position by position
//    (the analysis as JSON, its `ms` left out), or the script says so and fails.
// 2. The page's Endgame estimate on the expert mid-game position
//    (crates/core/benches/endgame_positions/estimate-mid.mine, as tests/measure-estimate.mjs
//    measures it): a fresh page of each build, the position loaded, Endgame clicked, and the
//    estimate left to run until it stops (its 10 s deadline, or ±1 point); then the half-width
//    of its interval, the layouts played and why it stopped. ESTIMATE_ROUNDS rounds (default
//    3), the builds alternating.
//
// The machine's load average is printed at the start and the end of each part: on a shared
// machine only the paired ratios mean much.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startServer } from '../tests/static-server.mjs';
import { ROOT, launchChromium, openPage, openWithOwnWorker } from '../tests/browser.mjs';

const [beforeDir, afterDir] = process.argv.slice(2, 4).map((d) => d && path.resolve(d));
if (!beforeDir || !afterDir) {
  console.error('usage: node scripts/measure-page-builds.mjs BEFORE_DIST AFTER_DIST [ROUNDS] [ESTIMATE_ROUNDS]');
  process.exit(2);
}
const ROUNDS = Number(process.argv[4] ?? 7);
const ESTIMATE_ROUNDS = Number(process.argv[5] ?? 3);
const CORPORA = ['expert', 'expert-guesses'];

const readCorpus = (name) => fs.readFileSync(path.join(ROOT, 'crates/core/benches/corpus', `${name}.txt`), 'utf8')
  .trim().split(/\n\s*\n/).map((p) => `${p.trim()}\n`);
const positions = CORPORA.flatMap(readCorpus);
const midGame = fs.readFileSync(path.join(ROOT, 'crates/core/benches/endgame_positions/estimate-mid.mine'), 'utf8');

const median = (values) => {
  const v = [...values].sort((a, b) => a - b);
  const n = v.length;
  return n % 2 ? v[(n - 1) / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
};
const sum = (values) => values.reduce((a, b) => a + b, 0);
const fmt = (x, digits = 3) => x.toFixed(digits);
const spread = (values) => `${fmt(median(values))} (${fmt(Math.min(...values))}-${fmt(Math.max(...values))})`;
const load = () => os.loadavg().map((l) => l.toFixed(1)).join(' ');

const browser = await launchChromium('mineseer-measure-builds-');
const builds = [];
for (const [name, dir] of [['before', beforeDir], ['after', afterDir]]) {
  const { server, url } = await startServer(dir);
  const page = await openWithOwnWorker(browser.context, url, 'measureWorker');
  builds.push({ name, dir, server, url, page });
}

/**
 * Every position analysed once, in order, as the page asks on a click: per position the round
 * trip and the worker's own time in ms, and a digest of the answer (its `ms` left out).
 */
async function analyseAll(page) {
  // The page in front: Chromium gives a page behind another less of the main thread, and the
  // round trip ends on it.
  await page.bringToFront();
  return page.evaluate(async (positions) => {
    const { Request, analysisOptions } = await import('./www/protocol.js');
    const worker = window.measureWorker;
    const digest = (text) => {
      // FNV-1a, 32 bits: equal answers give equal digests; unequal ones almost never do.
      let h = 0x811c9dc5;
      for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
      return h;
    };
    const out = [];
    for (const [i, position] of positions.entries()) {
      const [w, h] = position.split('\n')[0].split('x').map(Number);
      const id = 1_000_000 + i;
      const start = performance.now();
      const answer = await new Promise((resolve) => {
        worker.onmessage = (event) => {
          if (event.data.id === id && event.data.kind !== 'progress') resolve(event.data);
        };
        worker.postMessage({ id, kind: Request.ANALYZE, payload: { position, options: analysisOptions(w * h) } });
      });
      const roundTrip = performance.now() - start;
      if (answer.kind !== 'result') return { error: `position ${i}: ${JSON.stringify(answer.payload)}` };
      const { ms, ...rest } = answer.payload;
      out.push({ roundTrip, ms, digest: digest(JSON.stringify(rest)) });
    }
    return { out };
  }, positions);
}

console.log(`${new Date().toISOString()}; ${os.cpus().length} cores; before ${beforeDir}, after ${afterDir}`);
console.log(`\n1. one click's analysis: ${positions.length} positions (${CORPORA.join(', ')}), ${ROUNDS} rounds after one untimed pass; load ${load()}`);
for (const b of builds) {
  const warm = await analyseAll(b.page);
  if (warm.error) throw new Error(`${b.name}: ${warm.error}`);
  b.digests = warm.out.map((r) => r.digest);
}
const differing = builds[0].digests.filter((d, i) => d !== builds[1].digests[i]).length;
if (differing) {
  console.error(`the two builds answer differently on ${differing} of ${positions.length} positions`);
  process.exitCode = 1;
}
const perRound = { before: [], after: [] };
const ratios = { median: [], total: [], worker: [] };
for (let round = 0; round < ROUNDS; round++) {
  const order = round % 2 ? [builds[1], builds[0]] : builds;
  const got = {};
  for (const b of order) {
    const result = await analyseAll(b.page);
    if (result.error) throw new Error(`${b.name}: ${result.error}`);
    got[b.name] = {
      median: median(result.out.map((r) => r.roundTrip)),
      total: sum(result.out.map((r) => r.roundTrip)),
      worker: sum(result.out.map((r) => r.ms)),
    };
    perRound[b.name].push(got[b.name]);
  }
  for (const key of Object.keys(ratios)) ratios[key].push(got.after[key] / got.before[key]);
}
for (const name of ['before', 'after']) {
  const rounds = perRound[name];
  console.log(`${name}: round trip median ${spread(rounds.map((r) => r.median))} ms a position; ` +
    `all ${positions.length}: ${spread(rounds.map((r) => r.total))} ms, of which solveBoard ${spread(rounds.map((r) => r.worker))} ms ` +
    '(median over the rounds, smallest-largest)');
}
console.log(`after / before: median round trip ${spread(ratios.median)}; sum of round trips ${spread(ratios.total)}; ` +
  `sum of solveBoard ${spread(ratios.worker)}`);
console.log(`answers: ${differing ? `${differing} positions differ` : `the same on all ${positions.length} positions`}; load ${load()}`);

/** The page's Endgame on the mid-game position, left to run until it stops. */
async function pageEstimate(url) {
  const { page } = await openPage(browser.context, url);
  await page.waitForSelector('body[data-estimate-warm="1"]', { timeout: 60_000 });
  await page.fill('#position', midGame);
  await page.click('#load-position');
  await page.waitForFunction(() => document.body.dataset.game === 'position');
  // The page keeps its settings per origin: the last run left the Endgame mode on, and a
  // click would turn it off. It starts off here.
  if (await page.getAttribute('#endgame', 'aria-pressed') === 'true') {
    await page.click('#endgame');
    await page.waitForFunction(() => document.getElementById('endgame').getAttribute('aria-pressed') === 'false');
  }
  await page.evaluate(() => {
    // A cancelled estimate's marker would end the wait below at once.
    delete document.body.dataset.estimate;
    document.getElementById('endgame').addEventListener('click', () => { window.clickedAt = performance.now(); }, { capture: true });
  });
  await page.click('#endgame');
  await page.waitForFunction(() => !['running', undefined].includes(document.body.dataset.estimate), null, { timeout: 60_000 });
  const result = await page.evaluate(() => {
    const el = document.getElementById('win-chance');
    return {
      ms: performance.now() - window.clickedAt,
      stopped: document.body.dataset.estimate,
      halfWidth: (Number(el.dataset.hi) - Number(el.dataset.lo)) / 2,
      win: Number(el.dataset.win),
      info: document.getElementById('endgame-info').textContent,
      workers: navigator.hardwareConcurrency,
    };
  });
  await page.close();
  const layouts = Number((result.info.match(/Estimated from ([\d,]+) random layouts/) ?? [])[1]?.replace(/,/g, ''));
  return { ...result, layouts };
}

console.log(`\n2. the page's Endgame estimate on estimate-mid.mine, ${ESTIMATE_ROUNDS} rounds; load ${load()}`);
const estimates = { before: [], after: [] };
for (let round = 0; round < ESTIMATE_ROUNDS; round++) {
  const order = round % 2 ? [builds[1], builds[0]] : builds;
  for (const b of order) {
    const e = await pageEstimate(b.url);
    if (!['deadline', 'precision'].includes(e.stopped) || !(e.layouts > 0)) {
      throw new Error(`${b.name}: the estimate stopped otherwise (${e.stopped}): ${e.info}`);
    }
    estimates[b.name].push(e);
    console.log(`round ${round + 1} ${b.name}: ±${(e.halfWidth * 100).toFixed(2)} points (win ${(e.win * 100).toFixed(1)} %), ` +
      `${e.layouts} layouts, stopped: ${e.stopped} after ${(e.ms / 1000).toFixed(1)} s (${e.workers} cores); load ${load()}`);
  }
}
for (const name of ['before', 'after']) {
  const list = estimates[name];
  console.log(`${name}: half-width ±${spread(list.map((e) => e.halfWidth * 100))} points, layouts ${spread(list.map((e) => e.layouts))}`);
}
const layoutRatios = estimates.after.map((e, i) => e.layouts / estimates.before[i].layouts);
console.log(`after / before, layouts played, round by round: ${spread(layoutRatios)}; load ${load()}`);

await browser.close();
for (const b of builds) b.server.close();
