// The page's size budget: the wasm module that the worker downloads, gzipped at level 9 (as
// docs/BENCHMARKS.md gives its figures), must stay within WASM_GZIP_BUDGET bytes. It reads the
// real build in dist/ (scripts/build-page.sh, the build that is served and deployed), so a
// dependency, a profile change or new code that makes the module outgrow the budget fails
// here, not in a reader's download. The figures and how they were reached: docs/BENCHMARKS.md, "The page".
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';

const DIST = path.join(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..'), 'dist');
/** 300 KB (decimal, as the figures in docs/BENCHMARKS.md are given). */
const WASM_GZIP_BUDGET = 300_000;

test(`the wasm module is at most ${WASM_GZIP_BUDGET} bytes gzipped`, () => {
  assert.ok(fs.existsSync(path.join(DIST, 'index.html')), 'dist/ is missing: run bash scripts/build-page.sh first');
  const modules = fs.readdirSync(DIST).filter((name) => name.endsWith('.wasm'));
  assert.equal(modules.length, 1, `expected one .wasm file in dist/, found ${JSON.stringify(modules)}`);
  const wasm = fs.readFileSync(path.join(DIST, modules[0]));
  const gzipped = zlib.gzipSync(wasm, { level: 9 }).length;
  assert.ok(
    gzipped <= WASM_GZIP_BUDGET,
    `${modules[0]} is ${gzipped} bytes gzipped (${wasm.length} raw), over the budget of ${WASM_GZIP_BUDGET}`,
  );
});
