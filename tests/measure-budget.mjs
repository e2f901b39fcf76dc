// Measures the largest exact analysis that fits in the budget and in about 1 s, in the browser
// (through the page's worker) next to native (not a test: run it by hand after
// `source scripts/setup.sh && trunk build --release --offline --skip-version-check`:
// `node tests/measure-budget.mjs`).
//
// The positions are the lab's (`mineseer-lab budget-report`, crates/lab/src/budget_report.rs),
// generated the same way here: three families of synthetic hard positions at mine density 20 % (`stripes`:
// every third column revealed; `grid`: every fourth row and column; `dots`: one cell in 25),
// sides 30 to 200. Native times come from running that tool; the browser times are the
// worker's own (`analysis.ms`: solveBoard in wasm and the conversion of its answer to JS).
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startServer } from './static-server.mjs';
import { launchChromium, patternPosition, openWithOwnWorker } from './browser.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DIST = path.join(ROOT, 'dist');
const SIDES = [30, 60, 100, 140, 200];
const FAMILIES = {
  stripes: (x) => x % 3 === 0,
  grid: (x, y) => x % 4 === 0 || y % 4 === 0,
  dots: (x, y) => x % 5 === 0 && y % 5 === 0,
};
/** The example's position (the core's synthetic::pattern_position, seeded with the side). */
function position(side, reveal) {
  return patternPosition(side, side, reveal).text;
}

// Native: the lab's tool, once.
const native = new Map();
const report = execFileSync('cargo', ['run', '-q', '--release', '-p', 'mineseer-lab', '--', 'budget-report'], { cwd: ROOT }).toString();
for (const line of report.split('\n').slice(1)) {
  const m = line.match(/^(\w+)\s+(\d+)\s+(refused\s+\d+ ms|[\d.]+ ms)\s+(refused\s+\d+ ms|[\d.]+ ms)/);
  if (m) native.set(`${m[1]} ${m[2]}`, { exact: m[3].replace(/\s+/g, ' '), estimate: m[4].replace(/\s+/g, ' ') });
}

const { server, url } = await startServer(DIST);
const browser = await launchChromium('mineseer-budget-');
const page = await openWithOwnWorker(browser.context, url, 'budgetWorker');

/** One analysis in the worker: its own time in ms, or "refused" with the time it took. */
async function inWorker(text, approximate) {
  return page.evaluate(([position, approximate]) => new Promise((resolve) => {
    const id = Math.floor(Math.random() * 1e9);
    const started = performance.now();
    window.budgetWorker.onmessage = (event) => {
      const msg = event.data;
      if (msg.id !== id) return;
      const wall = performance.now() - started;
      if (msg.kind === 'result') resolve({ ok: true, ms: msg.payload.ms, approximate: msg.payload.approximate, wall });
      else resolve({ ok: false, message: msg.payload.message, wall });
    };
    window.budgetWorker.postMessage({
      id,
      kind: 'analyze',
      payload: { position, options: { exact: false, numberChances: false, forcedGuesses: false, approximate } },
    });
  }), [text, approximate]);
}

const fmt = (r) => (r.ok ? `${r.ms.toFixed(1)} ms` : `refused ${r.wall.toFixed(0)} ms`);
console.log('family   side | native exact     native estimate | wasm exact       wasm fallback (exact attempt + estimate)');
for (const [family, reveal] of Object.entries(FAMILIES)) {
  for (const side of SIDES) {
    const text = position(side, reveal);
    const exact = await inWorker(text, false);
    const fallback = exact.ok ? null : await inWorker(text, true);
    const n = native.get(`${family} ${side}`) ?? { exact: '?', estimate: '?' };
    const fallbackText = fallback ? `${fmt(fallback)}${fallback.approximate ? ' (approximate)' : ''}` : '(exact)';
    console.log(`${family.padEnd(8)} ${String(side).padStart(4)} | ${n.exact.padEnd(16)} ${n.estimate.padEnd(15)} | ${fmt(exact).padEnd(16)} ${fallbackText}`);
  }
}
await browser.close();
server.close();
