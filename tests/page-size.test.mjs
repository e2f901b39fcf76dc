// The page's size budget. The solver's wasm module, which the worker downloads with the page,
// gzipped at level 9 (about what a static host sends), must stay within SOLVER_GZIP_BUDGET
// bytes. The review's module (the review and the replay reader), which the worker loads only
// when a review or a replay is opened, has a budget of its own, so that its growth is seen too.
// It reads the real build in dist/ (scripts/build-page.sh, the build that is served and
// deployed), so a dependency, a profile change or new code that makes a module outgrow its
// budget fails here, not in a reader's download. The figures and how they were reached:
// docs/BENCHMARKS.md, "The page".
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';

const DIST = path.join(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..'), 'dist');
/** 300 KB (decimal, as the figures in docs/BENCHMARKS.md are given). */
const SOLVER_GZIP_BUDGET = 300_000;
/**
 * The lazily loaded review module: 466 KB (450 KB until the hint, issue 40, moved in with about
 * 31 KB: it is loaded by the first Hint press, as the solver's module has no room for it; 460 KB
 * until the players' counters, issue 41: `recordCounters` and the counters of a replay, with
 * ZiNi now computed for our records, took it from 456,161 to 462,020 bytes, +5,859).
 */
const REVIEW_GZIP_BUDGET = 466_000;

function gzippedSize(name) {
  assert.ok(fs.existsSync(path.join(DIST, 'index.html')), 'dist/ is missing: run bash scripts/build-page.sh first');
  const file = path.join(DIST, name);
  assert.ok(fs.existsSync(file), `${name} is missing from dist/ (found ${JSON.stringify(fs.readdirSync(DIST).filter((n) => n.endsWith('.wasm')))})`);
  const wasm = fs.readFileSync(file);
  return { raw: wasm.length, gzipped: zlib.gzipSync(wasm, { level: 9 }).length };
}

test('the build has exactly the two wasm modules', () => {
  const modules = fs.readdirSync(DIST).filter((name) => name.endsWith('.wasm')).sort();
  assert.deepEqual(modules, ['mineseer-review-wasm_bg.wasm', 'mineseer-wasm_bg.wasm']);
});

test(`the solver's module, loaded with the page, is at most ${SOLVER_GZIP_BUDGET} bytes gzipped`, () => {
  const { raw, gzipped } = gzippedSize('mineseer-wasm_bg.wasm');
  assert.ok(gzipped <= SOLVER_GZIP_BUDGET, `the solver's module is ${gzipped} bytes gzipped (${raw} raw), over the budget of ${SOLVER_GZIP_BUDGET}`);
});

test(`the review's module, loaded on demand, is at most ${REVIEW_GZIP_BUDGET} bytes gzipped`, () => {
  const { raw, gzipped } = gzippedSize('mineseer-review-wasm_bg.wasm');
  assert.ok(gzipped <= REVIEW_GZIP_BUDGET, `the review's module is ${gzipped} bytes gzipped (${raw} raw), over the budget of ${REVIEW_GZIP_BUDGET}`);
});
