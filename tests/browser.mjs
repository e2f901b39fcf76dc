// What the browser test and the measuring scripts share: Debian's chromium launched the way
// this machine allows, a worker of the page's own, and the synthetic positions they feed it.
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
 * Starts a worker of our own in `page` (the page's www/worker.js, with its protocol), as
 * `window[name]`, and waits until it has loaded the wasm. Measuring through our own worker
 * keeps the page's requests from interleaving with ours.
 */
export async function startOwnWorker(page, name) {
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
}

/**
 * A `.mine` position: `isMine(i)` is called once per cell in reading order; the safe cells
 * where `revealed(x, y)` holds show their numbers, the rest are hidden.
 */
export function patternPosition(side, isMine, revealed) {
  const mine = Array.from({ length: side * side }, (_, i) => isMine(i));
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
