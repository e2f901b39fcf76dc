// Measures the Hint in the browser, at the guess points of expert games, next to native (not a
// test: run it by hand after scripts/build-page.sh):
//   cargo run --release -p mineseer-lab -- hint-times 200 4040 /tmp/hint-positions.txt
//   node tests/measure-hint.mjs /tmp/hint-positions.txt
// The lab writes the positions (and times the core's best_hint on each natively); here each is
// sent to a worker of our own (the page's www/worker.js), one at a time, and timed by the
// worker's own clock (`hint.ms`: the wasm hint and the conversion of its answer to JS) and by
// the page's (the round trip).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startServer } from './static-server.mjs';
import { launchChromium, openWithOwnWorker } from './browser.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DIST = path.join(ROOT, 'dist');
const file = process.argv[2];
if (!file) throw new Error('usage: node tests/measure-hint.mjs POSITIONS_FILE (from mineseer-lab hint-times)');
const positions = fs.readFileSync(file, 'utf8').split(/\n\s*\n/).map((p) => p.trim()).filter(Boolean);

const { server, url } = await startServer(DIST);
const browser = await launchChromium('mineseer-hint-measure-');
const page = await openWithOwnWorker(browser.context, url, 'hintWorker');

const times = await page.evaluate((list) => new Promise((resolve) => {
  const out = [];
  let i = 0;
  let started = 0;
  window.hintWorker.onmessage = (event) => {
    const msg = event.data;
    if (msg.id !== i + 1) return;
    const wall = performance.now() - started;
    out.push(msg.kind === 'result' ? { ms: msg.payload.ms, wall, kind: msg.payload.kind } : { error: msg.payload.message, wall });
    i += 1;
    if (i === list.length) resolve(out);
    else send();
  };
  function send() {
    started = performance.now();
    window.hintWorker.postMessage({ id: i + 1, kind: 'hint', payload: { position: list[i], options: {} } });
  }
  send();
}), positions);

const quantile = (values, q) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length, Math.max(1, Math.ceil(sorted.length * q))) - 1];
};
const errors = times.filter((t) => t.error);
const worker = times.filter((t) => !t.error).map((t) => t.ms);
const wall = times.map((t) => t.wall);
const kinds = {};
for (const t of times) kinds[t.kind ?? 'error'] = (kinds[t.kind ?? 'error'] ?? 0) + 1;
console.log(`${positions.length} positions: ${JSON.stringify(kinds)}, ${errors.length} errors`);
console.log(`worker (wasm hint): median ${quantile(worker, 0.5).toFixed(2)} ms, p90 ${quantile(worker, 0.9).toFixed(2)} ms, p99 ${quantile(worker, 0.99).toFixed(2)} ms, max ${quantile(worker, 1).toFixed(2)} ms`);
console.log(`round trip: median ${quantile(wall, 0.5).toFixed(2)} ms, p99 ${quantile(wall, 0.99).toFixed(2)} ms`);
await browser.close();
server.close();
