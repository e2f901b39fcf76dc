// Measures the page (not a test: run it by hand, `node tests/measure-page.mjs`, after
// `source scripts/setup.sh && trunk build --release --offline --skip-version-check`): the wasm size
// gzipped, the time from navigation to the first
// analysis on screen for an expert mid-game position, and the analysis time inside the worker
// against the native CLI's for the same position.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { startServer } from './static-server.mjs';
import { launchChromium } from './browser.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DIST = path.join(ROOT, 'dist');
const CORPUS = path.join(ROOT, 'crates', 'core', 'benches', 'corpus', 'expert-hard.txt');
const RUNS = 5;

const wasm = fs.readFileSync(path.join(DIST, 'mineseer-wasm_bg.wasm'));
const gzipped = zlib.gzipSync(wasm, { level: 9 }).length;
console.log(`wasm: ${wasm.length} bytes, ${gzipped} bytes gzipped (-9)`);

const positions = fs.readFileSync(CORPUS, 'utf8').trim().split(/\n\s*\n/).map((p) => p.trim() + '\n');
const index = Number(process.argv[2] ?? 81);
const position = positions[index];
const cli = path.join(process.env.CARGO_TARGET_DIR ?? path.join(ROOT, 'target'), 'release', 'mineseer');
const nativeMs = [];
for (let i = 0; i < RUNS; i++) {
  nativeMs.push(JSON.parse(execFileSync(cli, ['analyze', '--json'], { input: position }).toString()).ms);
}

const { server, url } = await startServer(DIST);
const loads = [];
const inWorker = [];
for (let run = 0; run < RUNS; run++) {
  const browser = await launchChromium('mineseer-measure-');
  const page = await browser.context.newPage();
  // Analyze on from the start, and the position in the link, as a shared link would open it.
  await page.addInitScript(() => localStorage.setItem('mineseer.settings', JSON.stringify({ analyze: true })));
  await page.goto(`${url}#pos=${encodeURIComponent(position)}`);
  await page.waitForFunction(() => performance.getEntriesByName('mineseer-first-analysis').length > 0, null, { timeout: 60_000 });
  loads.push(await page.evaluate(() => performance.getEntriesByName('mineseer-first-analysis')[0].startTime));
  inWorker.push(Number((await page.textContent('#analysis-summary')).match(/([\d.]+) ms$/)[1]));
  await browser.close();
}

// The engine alone, without the worker: the glue imported by a page of the same origin,
// first call, then the median of repeated calls, with only probabilities and with everything.
const browser = await launchChromium('mineseer-measure-');
const page = await browser.context.newPage();
await page.goto(url);
const engine = await page.evaluate(async (text) => {
  const glue = await import('./mineseer-wasm.js');
  await glue.default();
  const time = (options) => {
    const t = performance.now();
    glue.solveBoard(text, options);
    return performance.now() - t;
  };
  const bare = { exact: false, numberChances: false, forcedGuesses: false };
  const first = time(bare);
  const med = (options) => {
    const xs = Array.from({ length: 21 }, () => time(options)).sort((a, b) => a - b);
    return xs[10];
  };
  return { first, bare: med(bare), full: med({}) };
}, position);
await browser.close();
server.close();

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
console.log(`position: expert-hard.txt #${index}`);
console.log(`native CLI analyze: median ${median(nativeMs).toFixed(3)} ms over ${RUNS} runs`);
console.log(`in the worker (solveBoard with exact fractions, number chances, dead tiles, 50/50s, conversion): median ${median(inWorker).toFixed(1)} ms`);
console.log(`wasm solveBoard, probabilities only: first call ${engine.first.toFixed(2)} ms, then median ${engine.bare.toFixed(3)} ms`);
console.log(`wasm solveBoard with exact fractions, number chances, dead tiles, 50/50s: median ${engine.full.toFixed(2)} ms`);
console.log(`navigation to first analysis on screen: median ${median(loads).toFixed(0)} ms (runs: ${loads.map((x) => x.toFixed(0)).join(', ')})`);
