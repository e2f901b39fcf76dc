// Measures the exact endgame solver in the browser (through the page's worker) next to native,
// on the committed bench positions (not a test: run it by hand after
// `source scripts/setup.sh && trunk build --release --offline --skip-version-check` and
// `cargo build --release -p mineseer-cli`: `node tests/measure-endgame.mjs`).
//
// Native times are the CLI's own (`mineseer endgame --json`, the solver alone); the browser
// times are the worker's (`result.ms`: solveEndgame in wasm and the conversion of its answer to
// JS). Both must agree on the win chance and the nodes, or the script says so and fails.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startServer } from './static-server.mjs';
import { launchChromium, openWithOwnWorker } from './browser.mjs';
import { ENDGAME_MAX_VISITS, ENDGAME_MOVE_VALUES_MAX_VISITS } from '../www/protocol.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DIST = path.join(ROOT, 'dist');
const POSITIONS = path.join(ROOT, 'crates/core/benches/endgame_positions');
const CLI = path.join(ROOT, 'target/release/mineseer');
const NAMES = [
  'expert-1000-1', 'expert-5000-1', 'expert-5000-hard',
  'expert-20000-1', 'expert-20000-2', 'expert-20000-3', 'expert-20000-regions',
];

const { server, url } = await startServer(DIST);
const browser = await launchChromium('mineseer-endgame-');
const page = await openWithOwnWorker(browser.context, url, 'endgameWorker');

/** One solve in the worker: its answer, with the worker's own time in `ms`. */
async function inWorker(text, options = {}) {
  return page.evaluate(({ position, options }) => new Promise((resolve) => {
    const id = Math.floor(Math.random() * 1e9);
    window.endgameWorker.onmessage = (event) => {
      const msg = event.data;
      if (msg.id !== id) return;
      resolve(msg.kind === 'result' ? { ok: true, ...msg.payload } : { ok: false, message: msg.payload.message });
    };
    window.endgameWorker.postMessage({ id, kind: 'endgame', payload: { position, options } });
  }), { position: text, options });
}

let mismatches = 0;
console.log('position              layouts   nodes | native ms | wasm ms | wasm / native');
for (const name of NAMES) {
  const file = path.join(POSITIONS, `${name}.mine`);
  const native = JSON.parse(execFileSync(CLI, ['endgame', file, '--json']).toString());
  const wasm = await inWorker(fs.readFileSync(file, 'utf8'));
  if (!wasm.ok) {
    console.log(`${name}: the worker failed: ${wasm.message}`);
    mismatches += 1;
    continue;
  }
  const same = wasm.winChanceExact === native.win_exact && Number(wasm.nodes) === native.nodes;
  if (!same) {
    console.log(`${name}: wasm ${wasm.winChanceExact} in ${wasm.nodes} nodes, native ${native.win_exact} in ${native.nodes}`);
    mismatches += 1;
  }
  console.log(
    `${name.padEnd(21)} ${String(native.layouts).padStart(7)} ${String(native.nodes).padStart(7)} | ` +
    `${native.ms.toFixed(0).padStart(9)} | ${wasm.ms.toFixed(0).padStart(7)} | ${(wasm.ms / native.ms).toFixed(2)}`,
  );
}

// The page's own budget (ENDGAME_MAX_VISITS) on a position it cannot solve within it: how long
// the worker takes to say so, and the best move it found by then.
console.log(`\nthe page's budget, ${ENDGAME_MAX_VISITS} layout visits`);
console.log('position              layouts   nodes | native ms | wasm ms | wasm / native | answer');
for (const name of ['expert-20000-strip', 'expert-20000-regions']) {
  const file = path.join(POSITIONS, `${name}.mine`);
  const native = JSON.parse(execFileSync(CLI, ['endgame', file, '--json', '--max-visits', String(ENDGAME_MAX_VISITS)]).toString());
  const wasm = await inWorker(fs.readFileSync(file, 'utf8'), { maxVisits: ENDGAME_MAX_VISITS });
  if (!wasm.ok || wasm.solved !== native.solved || Number(wasm.nodes) !== native.nodes) {
    console.log(`${name}: wasm ${JSON.stringify(wasm).slice(0, 200)}, native ${JSON.stringify(native)}`);
    mismatches += 1;
    continue;
  }
  const answer = wasm.solved
    ? `solved, ${wasm.winChanceExact}`
    : `cut; best found (${wasm.bestFound?.x}, ${wasm.bestFound?.y}) wins at least ${wasm.bestFound?.winAtLeastExact}`;
  console.log(
    `${name.padEnd(21)} ${String(native.layouts).padStart(7)} ${String(native.nodes).padStart(7)} | ` +
    `${native.ms.toFixed(0).padStart(9)} | ${wasm.ms.toFixed(0).padStart(7)} | ${(wasm.ms / native.ms).toFixed(2).padStart(13)} | ${answer}`,
  );
}
// The page's Endgame as it asks: the answer, then every hidden cell's win chance within
// ENDGAME_MOVE_VALUES_MAX_VISITS more visits. When the values come, they must be the CLI's
// (`--moves`, no budget of their own), exactly.
console.log(`\nthe page's Endgame with the move values (at most ${ENDGAME_MOVE_VALUES_MAX_VISITS} more visits)`);
console.log('position              | answer alone ms | with values ms | values');
const pageOptions = { maxVisits: ENDGAME_MAX_VISITS, moveValues: true, moveValuesMaxVisits: ENDGAME_MOVE_VALUES_MAX_VISITS };
for (const name of NAMES) {
  const file = path.join(POSITIONS, `${name}.mine`);
  const text = fs.readFileSync(file, 'utf8');
  const alone = await inWorker(text, { maxVisits: ENDGAME_MAX_VISITS });
  const valued = await inWorker(text, pageOptions);
  let values = 'over their budget';
  if (valued.moves) {
    const native = JSON.parse(execFileSync(CLI, ['endgame', file, '--json', '--moves']).toString());
    const same = native.moves.length === valued.moves.length &&
      native.moves.every((m, i) => m.x === valued.moves[i].x && m.y === valued.moves[i].y && m.win_exact === valued.moves[i].winExact);
    if (!same) mismatches += 1;
    values = `${valued.moves.length} cells${same ? ', the same as native' : ', DIFFERENT from native'}`;
  }
  console.log(`${name.padEnd(21)} | ${alone.ms.toFixed(0).padStart(15)} | ${valued.ms.toFixed(0).padStart(14)} | ${values}`);
}
await browser.close();
server.close();
if (mismatches > 0) {
  console.error(`${mismatches} position(s) differ between wasm and native`);
  process.exit(1);
}
