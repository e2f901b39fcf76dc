#!/usr/bin/env node
// JSMinesweeper's probability engine (ProbabilityEngine, unmodified, from jsm-src/) over a
// corpus of .mine positions, timed the way `mineseer-lab engine-passes` times ours.
//
//   node jsm-bench.mjs CORPUS_FILE PASSES [WARMUP]   one JSON line: per-position medians, their median and sum,
//                                                    a pass's wall and CPU time
//   node jsm-bench.mjs dump CORPUS_FILE              one JSON line per position: hidden cells' mine probabilities
//
// What one position costs (the timed region): what the solver's own runProbabilityEngine(board,
// null) does (solver_main.js:1847-1921; it is local to solver(), so its 40 lines are repeated
// here): the board scanned for witnesses and witnessed tiles, `new ProbabilityEngine(...)` with
// its options {verbose: false, playStyle: PLAY_STYLE_EFFICIENCY} (a complete run, never cut short
// by a safe tile), `pe.process()`; then, as doSolve does for the page's tooltips
// (solver_main.js:386-390), `pe.getProbability(tile)` of every hidden tile, turned from a safety
// into a mine probability. Not timed: reading the file, building each position's Board once (as
// the page's position loader does, main.js:1819-1860), the binomial table built at start-up
// (main.js:262-263). A pass's CPU time is the process's (process.cpuUsage, user + system), so it
// includes what V8's helper threads (garbage collection, compilation) spend during the pass.
// See README.md.

import fs from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const SRC = path.join(HERE, 'jsm-src');
const USAGE = 'usage: node jsm-bench.mjs CORPUS_FILE PASSES [WARMUP] | node jsm-bench.mjs dump CORPUS_FILE';

function fail(message) {
  console.error(`${message}\n${USAGE}`);
  process.exit(2);
}

const argv = process.argv.slice(2);
const dump = argv[0] === 'dump';
const corpusFile = dump ? argv[1] : argv[0];
if (!corpusFile) fail('no corpus file');
const whole = (text, fallback) => {
  if (text === undefined) return fallback;
  if (!/^\d+$/.test(text)) fail('PASSES and WARMUP are whole numbers');
  return Number(text);
};
const passes = dump ? 0 : whole(argv[1], 0);
const warmup = dump ? 0 : whole(argv[2], 3);
if (!dump && passes < 1) fail('PASSES must be at least 1');

// ------------------------------------------------ the engine's scripts, in index.html's order
// One vm context, as the page's one global scope. Every script index.html loads is run but
// main.js, which builds the page: its two globals that the engine reads are declared here, analysisMode as the page starts it (main.js:140) and binomialCache as startup() makes
// it (main.js:262-263), with main.js's own MAX_BINOMIAL_N.
const SCRIPTS = [
  'Board.js', 'Tile.js', 'solver_main.js', 'solver_probability_engine.js', 'Brute_force.js', 'BruteForceAnalysis.js',
  'MinesweeperGame.js', 'SolutionCounter.js', 'EfficiencyHelper.js', 'FiftyFiftyHelper.js', 'LongTermRiskHelper.js',
  'PrimeSieve.js', 'Binomial.js',
];
const noop = () => {};
const ctx = vm.createContext({ console: { log: noop, info: noop, debug: noop, warn: noop, error: (...a) => console.error(...a) } });
for (const file of SCRIPTS) {
  vm.runInContext(fs.readFileSync(path.join(SRC, file), 'utf8'), ctx, { filename: `jsm-src/${file}` });
}
const mainJs = fs.readFileSync(path.join(SRC, 'main.js'), 'utf8');
const maxBinomialN = /^const MAX_BINOMIAL_N = (\d+);/m.exec(mainJs);
if (!maxBinomialN) throw new Error('main.js no longer defines MAX_BINOMIAL_N as a number');
vm.runInContext(`
  let analysisMode = false;
  let binomialCache = new BinomialCache(5000, 500, new Binomial(${maxBinomialN[1]}, 500));

  globalThis.__bench = {
    // The page's position loader (main.js:1819-1860), for the characters of our corpora.
    board(width, height, mines, rows) {
      const board = new Board(1, width, height, mines, "", "safe");
      for (let y = 0; y < height; y++) {
        for (let x = 0; x < width; x++) {
          const char = rows[y].charAt(x);
          if (char >= "0" && char <= "8") board.getTileXY(x, y).setValue(Number(char));
          else if (char !== "H") throw new Error("only H and 0-8 are read here, not " + char);
        }
      }
      return board;
    },

    // runProbabilityEngine(board, null) (solver_main.js:1847-1921), then every hidden tile's
    // mine probability in row-major order.
    hiddenProbabilities(board) {
      const witnesses = [];
      const witnessed = [];
      let minesLeft = board.num_bombs;
      let squaresLeft = 0;
      const work = new Set();
      for (let i = 0; i < board.tiles.length; i++) {
        const tile = board.getTile(i);
        if (tile.isSolverFoundBomb()) {
          minesLeft--;
          continue;
        } else if (tile.isCovered()) {
          squaresLeft++;
          continue;
        }
        const adjTiles = board.getAdjacent(tile);
        let needsWork = false;
        let minesFound = 0;
        for (let j = 0; j < adjTiles.length; j++) {
          const adjTile = adjTiles[j];
          if (adjTile.isSolverFoundBomb()) {
            minesFound++;
          } else if (adjTile.isCovered()) {
            needsWork = true;
            work.add(adjTile.index);
          }
        }
        if (needsWork || minesFound > tile.getValue()) witnesses.push(tile);
      }
      for (const index of work) witnessed.push(board.getTile(index));
      const options = { verbose: false, playStyle: PLAY_STYLE_EFFICIENCY };
      const pe = new ProbabilityEngine(board, witnesses, witnessed, squaresLeft, minesLeft, options);
      pe.process();
      if (!pe.fullAnalysis) throw new Error("the engine did not complete its analysis");
      const probabilities = [];
      for (const tile of board.tiles) {
        if (tile.isCovered()) probabilities.push(1 - pe.getProbability(tile));
      }
      return probabilities;
    },
  };
`, ctx);
const bench = ctx.__bench;

// ------------------------------------------------ the corpus: .mine positions, blank-line separated
const boards = fs.readFileSync(corpusFile, 'utf8').split(/\r?\n\r?\n/).filter((c) => c.trim()).map((chunk, i) => {
  const [header, ...rows] = chunk.trim().split(/\r?\n/);
  const m = /^(\d+)x(\d+)x(\d+)$/.exec(header.trim());
  if (!m) fail(`${corpusFile}: position ${i}: bad header ${header}`);
  const [width, height, mines] = m.slice(1).map(Number);
  if (rows.length !== height || rows.some((r) => r.length !== width)) fail(`${corpusFile}: position ${i} is not ${width}x${height}`);
  return bench.board(width, height, mines, rows);
});

if (dump) {
  boards.forEach((board, i) => {
    const p = bench.hiddenProbabilities(board);
    // The timed passes reuse each Board: the engine must leave it as it found it.
    if (JSON.stringify(bench.hiddenProbabilities(board)) !== JSON.stringify(p)) {
      throw new Error(`position ${i}: a second run on the same Board gave other probabilities`);
    }
    console.log(JSON.stringify({ i, p }));
  });
  process.exit(0);
}

const median = (values) => {
  const v = [...values].sort((a, b) => a - b);
  const n = v.length;
  return n % 2 ? v[(n - 1) / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
};
let sink = 0;
for (let w = 0; w < warmup; w++) for (const board of boards) sink += bench.hiddenProbabilities(board).length;
const times = boards.map(() => []);
const passTimes = [];
const passCpuTimes = [];
for (let pass = 0; pass < passes; pass++) {
  const passStart = performance.now();
  const passCpuStart = process.cpuUsage();
  boards.forEach((board, i) => {
    const start = performance.now();
    sink += bench.hiddenProbabilities(board).length;
    times[i].push(performance.now() - start);
  });
  passTimes.push(performance.now() - passStart);
  const cpu = process.cpuUsage(passCpuStart);
  passCpuTimes.push((cpu.user + cpu.system) / 1000);
}
const perPosition = times.map(median);
console.log(JSON.stringify({
  engine: 'jsminesweeper',
  corpus: corpusFile,
  positions: boards.length,
  passes,
  warmup,
  median_ms: median(perPosition),
  total_ms: perPosition.reduce((s, t) => s + t, 0),
  pass_median_ms: median(passTimes),
  pass_cpu_median_ms: median(passCpuTimes),
  per_position_ms: perPosition,
  work: sink, // what the passes returned, so that no engine call is optimised away
}));
