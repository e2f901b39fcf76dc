#!/usr/bin/env node
// Tiny deterministic game-layout generator for play.mjs.
//
//   node gen.mjs --n 300 --width 16 --height 16 --mines 40 [--seed 1] [--first 0,0] [--id0 0] > games.jsonl
//
// Each output line: {"id":N,"width":W,"height":H,"mines":[idx,...],"first":[x,y]}
// index = y*width + x.  The first-click cell is kept safe; the mines are placed
// uniformly at random among the other W*H-1 cells (partial Fisher-Yates with a
// seeded PRNG: splitmix32 seeded from (seed, game number)).

function parseArgs(argv) {
  const a = { n: 10, width: 16, height: 16, mines: 40, seed: 1, first: '0,0', id0: 0 };
  for (let i = 0; i < argv.length; i++) {
    const k = argv[i];
    if (!k.startsWith('--')) throw new Error('bad arg ' + k);
    const v = argv[++i];
    a[k.slice(2)] = v;
  }
  for (const k of ['n', 'width', 'height', 'mines', 'seed', 'id0']) a[k] = Number(a[k]);
  a.first = String(a.first).split(',').map(Number);
  return a;
}

// splitmix32-style generator -> floats in [0,1)
function rng32(seed) {
  let s = seed >>> 0;
  return function () {
    s = (s + 0x9e3779b9) >>> 0;
    let z = s;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0;
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0;
    z = (z ^ (z >>> 16)) >>> 0;
    return z / 4294967296;
  };
}

const a = parseArgs(process.argv.slice(2));
const { width: W, height: H, mines: M } = a;
const firstIdx = a.first[1] * W + a.first[0];
if (M > W * H - 1) throw new Error('too many mines');

const out = [];
for (let g = 0; g < a.n; g++) {
  const id = a.id0 + g;
  const rnd = rng32(Math.imul(a.seed >>> 0, 0x27d4eb2d) ^ Math.imul(g + 1, 0x165667b1));
  const cells = [];
  for (let i = 0; i < W * H; i++) if (i !== firstIdx) cells.push(i);
  for (let i = 0; i < M; i++) {          // partial Fisher-Yates: first M entries are a uniform M-subset
    const j = i + Math.floor(rnd() * (cells.length - i));
    const t = cells[i]; cells[i] = cells[j]; cells[j] = t;
  }
  const mines = cells.slice(0, M).sort((x, y) => x - y);
  out.push(JSON.stringify({ id, width: W, height: H, mines, first: a.first }));
}
process.stdout.write(out.join('\n') + '\n');
