// What the browser tests and the measuring scripts share: where things are, Debian's chromium
// launched the way this machine allows, a page opened with its errors collected, a new game, a
// worker of the page's own, and the core's synthetic positions.
// (Not a test file: `node --test tests/` runs only *.test.mjs.)
//
// `node --test --test-concurrency=N tests/` runs N test files at once, each in a process of its
// own; to be safe there, a test file shares nothing it writes or listens on with another:
// - a server on port 0 (`startServer(DIST)`, `startServer(copy)`), never a fixed port;
// - a browser by `launchChromium(prefix)`, which makes a profile directory of its own (the
//   prefix only names it); never a fixed profile path or debugging port;
// - files it writes: in a `fs.mkdtempSync` directory, or in tests/artifacts/ under a name no
//   other file uses (page.test.mjs: `<name>.png`, phone: `phone-*`, hosting: `hosted-*`);
//   never into dist/ (copy it first, as phone.test.mjs does), and elsewhere in the repository
//   only a file of its own (hosting.test.mjs: docs/screenshot.png, when asked);
// - the CLI, target/release/mineseer, only run: `cliBinary()` builds it only when it is
//   missing (scripts/test.sh's `cargo test --release` has built it; files that find it missing
//   at once wait on cargo's lock, and the later ones find it built).
// Waits are on the page's own signals with generous timeouts, which bound a hang and promise
// nothing: a test that times something measures inside the page (performance.now), where the
// other files' load shows least, and says so in its name. scripts/test.sh runs the files 3 at a
// time, beside the Rust tests, but for the tests whose names say they time the page (`within
// 0.5 s`, `over 100 ms`, `time budget`, `as fast`) or load it most (`200x200`): its ALONE_TESTS
// pattern. Those run last, one at a time, alone on the machine. So a promise about time gets a
// test of its own, named with its budget, over the moves the functional tests play (as
// endgame-mode.test.mjs's "the gold within 1.5 s ..."), and the functional tests wait 20-30 s.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before } from 'node:test';
import { chromium } from 'playwright-core';
import { startServer } from './static-server.mjs';

/** The repository's root, and the built page in it. */
export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const DIST = path.join(ROOT, 'dist');

/** The release CLI, built if it is not there yet. */
export function cliBinary() {
  const targetDir = process.env.CARGO_TARGET_DIR ?? path.join(ROOT, 'target');
  const bin = path.join(targetDir, 'release', 'mineseer');
  if (!fs.existsSync(bin)) {
    execFileSync('cargo', ['build', '--release', '--locked', '-p', 'mineseer-cli'], { cwd: ROOT, stdio: 'inherit' });
  }
  return bin;
}

/**
 * The set-up most browser test files share. Before the file's tests: the built page served on
 * a port of its own and one browser (`launchChromium(profilePrefix, options)`); after them,
 * both closed. Returns `openPage()`, which opens a fresh page of that browser at the page, ready,
 * with its errors collected (`openPage` below). Call it at the top level of a test file.
 */
export function servedPage(profilePrefix, options = {}) {
  let server;
  let url;
  let browser;
  before(async () => {
    if (!fs.existsSync(path.join(DIST, 'index.html'))) {
      throw new Error('dist/ is missing: run scripts/build-page.sh first');
    }
    ({ server, url } = await startServer(DIST));
    browser = await launchChromium(profilePrefix, options);
  });
  after(async () => {
    await browser?.close();
    server?.close();
  });
  return () => openPage(browser.context, url);
}

/**
 * A fresh page of `context` at `url`, ready (the worker has loaded the wasm), with page errors
 * and console errors collected in `problems`; with `within`, also every request outside it
 * (the page makes none once loaded). `requests` lists every URL the page (and its workers)
 * asked for, in order.
 */
export async function openPage(context, url, { within } = {}) {
  const page = await context.newPage();
  const problems = [];
  const requests = [];
  page.on('request', (req) => requests.push(req.url()));
  page.on('pageerror', (err) => problems.push(`page error: ${err.message}`));
  page.on('console', (msg) => {
    if (msg.type() === 'error') problems.push(`console error: ${msg.text()}`);
  });
  if (within) {
    page.on('request', (req) => {
      const url = req.url();
      if (!url.startsWith(within) && !url.startsWith('data:') && !url.startsWith('blob:')) {
        problems.push(`request outside ${within}: ${url}`);
      }
    });
  }
  await page.goto(url);
  await page.waitForSelector('body[data-ready="1"]', { timeout: 30_000 });
  return { page, problems, requests };
}

/** Starts a new game of `preset` with `seed` under `rule`, by a click (or, on touch, a tap). */
export async function newGame(page, preset, seed, { rule = 'opening', tap = false } = {}) {
  await page.selectOption('#preset', preset);
  await page.selectOption('#rule', rule);
  await page.fill('#seed', seed);
  await (tap ? page.tap('#new-game') : page.click('#new-game'));
  await page.waitForFunction((s) => document.getElementById('game-seed').textContent === s, seed);
}

/** The board cell at (x, y). */
export const cellSelector = (x, y) => `#board .cell[data-x="${x}"][data-y="${y}"]`;

/**
 * Chromium's flags. The network ones matter: the machine has no internet, and without them
 * chromium keeps opening connections that are refused (and slows down every start).
 */
export const CHROMIUM_ARGS = [
  '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
];

/**
 * Headless chromium (the `CHROMIUM` environment variable, else Debian's) with a new empty
 * profile. `close()` shuts it down and removes the profile.
 */
export async function launchChromium(profilePrefix, options = {}) {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), profilePrefix));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
    headless: true,
    args: CHROMIUM_ARGS,
    ...options,
  });
  const close = async () => {
    await context.close();
    fs.rmSync(profile, { recursive: true, force: true });
  };
  return { context, close };
}

/**
 * Opens the page at `url` in `context`, waits until it is ready, and starts a worker of our
 * own in it (the page's www/worker.js, with its protocol), as `window[name]`, loaded.
 * Measuring through our own worker keeps the page's requests from interleaving with ours.
 */
export async function openWithOwnWorker(context, url, name) {
  const page = await context.newPage();
  await page.goto(url);
  await page.waitForSelector('body[data-ready="1"]', { timeout: 30_000 });
  await page.evaluate((name) => {
    const worker = new Worker('./www/worker.js', { type: 'module' });
    window[name] = worker;
    window[`${name}Ready`] = new Promise((resolve) => {
      worker.onmessage = (event) => {
        if (event.data.kind === 'ready') resolve();
      };
    });
  }, name);
  await page.evaluate((name) => window[`${name}Ready`], name);
  return page;
}

const MASK = (1n << 64n) - 1n;

/**
 * The core's `synthetic::pattern_position` (crates/core/src/synthetic.rs), as `.mine` text:
 * SplitMix64 seeded with `seed`, a mine wherever its next number is a multiple of 5 (cells in
 * reading order), and the safe cells where `revealed(x, y)` holds showing their numbers.
 */
export function patternPosition(side, seed, revealed) {
  let state = BigInt(seed);
  const next = () => {
    state = (state + 0x9e3779b97f4a7c15n) & MASK;
    let z = state;
    z = ((z ^ (z >> 30n)) * 0xbf58476d1ce4e5b9n) & MASK;
    z = ((z ^ (z >> 27n)) * 0x94d049bb133111ebn) & MASK;
    return z ^ (z >> 31n);
  };
  const mine = Array.from({ length: side * side }, () => next() % 5n === 0n);
  const mines = mine.filter(Boolean).length;
  let text = `${side}x${side}x${mines}\n`;
  for (let y = 0; y < side; y++) {
    for (let x = 0; x < side; x++) {
      if (!revealed(x, y) || mine[y * side + x]) {
        text += 'H';
        continue;
      }
      let n = 0;
      for (let dy = -1; dy <= 1; dy++) {
        for (let dx = -1; dx <= 1; dx++) {
          const nx = x + dx;
          const ny = y + dy;
          if ((dx || dy) && nx >= 0 && ny >= 0 && nx < side && ny < side && mine[ny * side + nx]) n++;
        }
      }
      text += String(n);
    }
    text += '\n';
  }
  return { text, mines };
}

// The page's CSP blocks page.addScriptTag: axe's source goes in through page.evaluate.
const AXE_SOURCE = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** The serious and critical axe violations on the page now (axe-core), as readable lines. */
export async function seriousViolations(page) {
  if (!(await page.evaluate(() => typeof window.axe === 'object'))) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    // A button's colour fading after a click would be measured half-way: let fades finish.
    await Promise.all(document.getAnimations().filter((a) => a instanceof CSSTransition).map((a) => a.finished.catch(() => {})));
    const result = await window.axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((v) => ({
      id: v.id, impact: v.impact, count: v.nodes.length,
      example: v.nodes[0]?.target.join(' '), summary: v.nodes[0]?.failureSummary,
    }));
  });
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}
