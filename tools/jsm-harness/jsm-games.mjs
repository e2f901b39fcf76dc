#!/usr/bin/env node
// JSMinesweeper's own games, as its bulkRun() deals them, written as layout lines for play.mjs
// and peer-games (so that other players can be run on exactly those games):
//
//   node jsm-games.mjs --seed S --n N [--width 16 --height 16 --mines 40] > games.jsonl
//
// bulkRun(runSeed, size, false) (main.js:1103) draws `gameSeed = Math.round(rng() *
// Number.MAX_SAFE_INTEGER)` from `rng = JSF(runSeed)` for each game and builds
// `new ServerGame(0, 30, 16, 99, 0, gameSeed, "safe")`: a layout shuffled by JSF(gameSeed) over
// every cell but the first click, index 0. This script runs that same code (MinesweeperGame.js,
// unmodified, from jsm-src/) with the board size given, so the lines are the games a bulkRun()
// of that size and seed plays. Ids are 0..N-1 in bulkRun's order. With the default size these
// are intermediate games; bulkRun itself is written for expert (30x16/99).
import fs from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';
import { fileURLToPath } from 'node:url';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const argv = process.argv.slice(2);
const o = { seed: null, n: null, width: 16, height: 16, mines: 40 };
for (let i = 0; i < argv.length; i++) {
  const k = argv[i].replace(/^--/, '');
  if (!(k in o)) { console.error(`unknown option ${argv[i]}`); process.exit(2); }
  o[k] = Number(argv[++i]);
}
if (!Number.isSafeInteger(o.seed) || !(o.n > 0) || !(o.width > 0) || !(o.height > 0) || !(o.mines > 0)) {
  console.error('usage: node jsm-games.mjs --seed S --n N [--width W --height H --mines M]');
  process.exit(2);
}

const ctx = vm.createContext({ console: { log() {}, error() {}, warn() {} } });
vm.runInContext('var oldrng = false;', ctx);   // main.js:62; only the page's ?rng=old sets it true
vm.runInContext(fs.readFileSync(path.join(HERE, 'jsm-src', 'MinesweeperGame.js'), 'utf8'), ctx, { filename: 'jsm-src/MinesweeperGame.js' });
ctx.__o = o;
ctx.__out = (line) => process.stdout.write(line + '\n');
vm.runInContext(`
  const rng = JSF(__o.seed);
  for (let id = 0; id < __o.n; id++) {
    const gameSeed = Math.round(rng() * Number.MAX_SAFE_INTEGER);          // main.js:1133
    const game = new ServerGame(0, __o.width, __o.height, __o.mines, 0, gameSeed, "safe");
    const mines = [];
    for (let i = 0; i < game.tiles.length; i++) if (game.tiles[i].isBomb()) mines.push(i);
    __out(JSON.stringify({ id, width: __o.width, height: __o.height, mines, first: [0, 0], jsm_seed: gameSeed }));
  }
`, ctx);
