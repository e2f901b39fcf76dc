// Measures no-guess generation in the browser against Simon Tatham's Mines natively (not a
// test: run it by hand, `node tests/measure-noguess.mjs [expert boards] [200x200 boards]`,
// after `source scripts/setup.sh && trunk build --release --offline --skip-version-check`,
// with `apt-get install sgt-puzzles`). Each board is a new
// `noguess` game in the page's own worker.js plus its first click (where the board is made and
// verified), timed inside the page around the worker's round trip.
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startServer } from './static-server.mjs';
import { launchChromium, openWithOwnWorker } from './browser.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DIST = path.join(ROOT, 'dist');
const EXPERT = Number(process.argv[2] ?? 200);
const HUGE = Number(process.argv[3] ?? 3);

function tatham(count, spec) {
  const start = process.hrtime.bigint();
  execFileSync('/usr/games/sgt-mines', ['--generate', String(count), spec], { stdio: 'ignore' });
  return Number(process.hrtime.bigint() - start) / 1e6 / count;
}

const { server, url } = await startServer(DIST);
const browser = await launchChromium('mineseer-noguess-');
const page = await openWithOwnWorker(browser.context, url, 'ngWorker');

/** Per-board milliseconds for `count` noguess games of the given size, first click in the middle. */
async function browserBoards(count, width, height, mines) {
  return page.evaluate(([count, width, height, mines]) => {
    let next = 1;
    const send = (kind, payload) => new Promise((resolve, reject) => {
      const id = next++;
      window.ngWorker.onmessage = (event) => {
        if (event.data.id !== id) return;
        if (event.data.kind === 'result') resolve(event.data.payload);
        else reject(new Error(JSON.stringify(event.data.payload)));
      };
      window.ngWorker.postMessage({ id, kind, payload });
    });
    return (async () => {
      const times = [];
      for (let i = 0; i < count; i++) {
        const start = performance.now();
        await send('game', { op: 'new', options: { width, height, mines, rule: 'noguess', seed: String(1000 + i) } });
        await send('game', { op: 'reveal', x: width >> 1, y: height >> 1 });
        times.push(performance.now() - start);
      }
      return times;
    })();
  }, [count, width, height, mines]);
}

const stats = (times) => {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (q) => sorted[Math.min(sorted.length - 1, Math.round((sorted.length - 1) * q))];
  return { mean: times.reduce((a, b) => a + b, 0) / times.length, median: at(0.5), p99: at(0.99) };
};
const rows = [
  ['expert 30x16/99', EXPERT, 30, 16, 99, '30x16n99'],
  ['200x200/8000', HUGE, 200, 200, 8000, '200x200n8000'],
];
for (const [name, count, width, height, mines, spec] of rows) {
  const ours = stats(await browserBoards(count, width, height, mines));
  const theirs = tatham(count, spec);
  console.log(`${name}: browser mean ${ours.mean.toFixed(2)} ms (median ${ours.median.toFixed(2)}, p99 ${ours.p99.toFixed(2)}) per board; Tatham native ${theirs.toFixed(2)} ms per board; ratio ${(ours.mean / theirs).toFixed(2)}x (n=${count})`);
}
await browser.close();
server.close();
