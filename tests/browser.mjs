// What the browser test and the measuring scripts share: Debian's chromium launched the way
// this machine allows, a worker of the page's own, and the core's synthetic positions.
// (Not a test file: `node --test tests/` runs only *.test.mjs.)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';

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
