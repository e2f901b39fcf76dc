#!/usr/bin/env node
// Headless harness: plays given Minesweeper layouts with DavidNHill's JSMinesweeper
// auto-player (the browser page's own main.js code path, loaded unmodified in a vm context).
//
//   node play.mjs GAMES.jsonl [--positions FILE] [--quiet-solver] [--real-clock] [--max-actions N] > RESULTS.jsonl
//
// See README.md for what is loaded, which options are used and why.

import fs from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import { performance as nodePerformance } from 'node:perf_hooks';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const SRC = path.join(HERE, 'jsm-src');

// ---------------------------------------------------------------- arguments
const argv = process.argv.slice(2);
const opts = { games: null, mode: 'page', positions: null, quietSolver: false, realClock: false, maxActions: 0, check: true };
for (let i = 0; i < argv.length; i++) {
  const a = argv[i];
  if (a === '--positions') opts.positions = argv[++i];
  else if (a === '--mode') opts.mode = argv[++i];              // page (default) | bulk; see README
  else if (a === '--quiet-solver') opts.quietSolver = true;     // options.verbose=false (logging only; see README)
  else if (a === '--real-clock') opts.realClock = true;         // do not virtualise Date.now (non-deterministic)
  else if (a === '--max-actions') opts.maxActions = Number(argv[++i]);
  else if (a === '--no-check') opts.check = false;
  else if (a === '--play-style') opts.playStyle = argv[++i];    // the page's <select id="playstyle">: flag (default) | noflag | eff | nfeff
  else if (a === '--trace') opts.trace = true;                  // adds "trace": every click, flag and chord in order (see README)
  else if (a === '--selftest') opts.selftest = true;            // sabotage moves on purpose to prove the checks fire
  else if (a === '-h' || a === '--help') { console.error(fs.readFileSync(path.join(HERE, 'README.md'), 'utf8')); process.exit(0); }
  else if (opts.games == null) opts.games = a;
  else { console.error('unexpected argument ' + a); process.exit(2); }
}
if (opts.games == null) { console.error('usage: node play.mjs GAMES.jsonl [--mode page|bulk] [--positions FILE] > RESULTS.jsonl'); process.exit(2); }
if (opts.playStyle != null && !['flag', 'noflag', 'eff', 'nfeff'].includes(opts.playStyle)) { console.error(`--play-style must be flag, noflag, eff or nfeff, not ${opts.playStyle}`); process.exit(2); }
if (opts.playStyle != null && opts.mode === 'bulk') { console.error('--play-style applies to the page mode only (bulkRun sets its own)'); process.exit(2); }
if (opts.mode !== 'page' && opts.mode !== 'bulk') { console.error(`--mode must be page or bulk, not ${opts.mode}`); process.exit(2); }
if (opts.mode === 'bulk' && (opts.maxActions || opts.quietSolver)) {
  console.error('--max-actions and --quiet-solver apply to the page mode only (bulkRun sets verbose=false itself)'); process.exit(2);
}

// ---------------------------------------------------------------- sources, in index.html <script> order
// (Compression.js is NOT loaded by index.html; Board.js defines its own Compressor class.)
const SCRIPTS = [
  'Board.js', 'Tile.js', 'solver_main.js', 'solver_probability_engine.js', 'Brute_force.js',
  'BruteForceAnalysis.js', 'MinesweeperGame.js', 'SolutionCounter.js', 'EfficiencyHelper.js',
  'FiftyFiftyHelper.js', 'LongTermRiskHelper.js', 'main.js', 'PrimeSieve.js', 'Binomial.js',
];
// Load-time patches (string replacements). Keep this list in sync with README.md.  Currently: none.
const PATCHES = [];

// ---------------------------------------------------------------- page defaults (index.html)
// Values of the form controls read by main.js, as index.html sets them for a fresh visitor
// (no localStorage settings).  The ONLY change from the page default is acceptguesses=true,
// without which auto play stops at the first non-certain move (see README).
const ELEMENT_DEFAULTS = {
  useSeed: { checked: false }, seed: { value: '' },
  gameTypeZero: { checked: false }, noGuessMode: { checked: false }, fastPlay: { checked: false }, hardcore: { checked: false },
  beginner: { checked: false }, intermediate: { checked: false }, expert: { checked: true }, custom: { checked: false },
  width: { value: '' }, height: { value: '' }, mines: { value: '' },
  buildHidden: { checked: false }, buildZero: { checked: true },
  playstyle: { value: opts.playStyle ?? 'flag' }, // <select id="playstyle">: first <option> "Flagging" is the default; --play-style sets it
  tilesize: { value: '24' },
  reduction: { checked: false }, showhints: { checked: true }, autoplay: { checked: true },
  acceptguesses: { checked: true },        // page default is UNCHECKED -- see README
  overlay: { value: 'mine' },
  buildMode: { checked: true }, lockMineCount: { checked: false }, flagIsMine: { checked: true },
  urlQueryString: { checked: false },
  early5050: { checked: true }, useLTR: { checked: true }, pruneGuesses: { checked: true },
  pruneBruteForce: { checked: true }, includeDeadTilesBf: { checked: true }, reuseBruteForce: { checked: false },
  defaultLockMineCounter: { checked: false }, bruteForceMaxSolutions: { value: '2' }, saveSettings: { checked: false },
};

// ---------------------------------------------------------------- browser stubs
function noop() {}
function makeCanvasContext() {
  const t = {};
  return new Proxy(t, {
    get(target, p) { if (p === 'then') return undefined; if (!(p in target)) target[p] = noop; return target[p]; },
    set(target, p, v) { target[p] = v; return true; },
  });
}
const elements = new Map();
function getElementById(id) {
  let e = elements.get(id);
  if (!e) {
    e = {
      id, checked: false, value: '', innerHTML: '', innerText: '', src: '', width: 0, height: 0,
      style: {}, classList: { add: noop, remove: noop, toggle: noop, contains: () => false },
      getContext: () => makeCanvasContext(), addEventListener: noop, removeEventListener: noop,
      focus: noop, click: noop, appendChild: noop, setAttribute: noop,
      getBoundingClientRect: () => ({ left: 0, top: 0, right: 0, bottom: 0, width: 0, height: 0 }),
    };
    Object.assign(e, ELEMENT_DEFAULTS[id] || {});
    elements.set(id, e);
  }
  return e;
}

const consoleErrors = [];
let currentGameId = null;
let consoleLogHook = noop;    // the bulk mode reads bulkRun()'s own log lines (see bulkLog)
const sandboxConsole = {
  log: (...args) => consoleLogHook(args), info: noop, debug: noop, trace: noop, warn: noop,
  error: (...args) => { consoleErrors.push({ id: currentGameId, msg: args.map(String).join(' ') }); },
};

// timers: the page chains auto-play moves with setTimeout(.., 100 - solverDuration) and the brute
// force analysis yields with sleep(1). We run every timer callback on the next macrotask
// (setImmediate) -- same order, no waiting -- and count them to detect when the game has gone idle.
let pendingTimers = 0, inFlight = 0, idleResolve = null;
function checkIdle() {
  if (pendingTimers === 0 && inFlight === 0 && idleResolve) { const r = idleResolve; idleResolve = null; r(); }
}
function ctxSetTimeout(fn, ms, ...args) {
  pendingTimers++;
  setImmediate(() => { pendingTimers--; try { if (typeof fn === 'function') fn(...args); } finally { checkIdle(); } });
  return 0;
}

const sandbox = {
  console: sandboxConsole,
  document: {
    getElementById, addEventListener: noop, removeEventListener: noop, visibilityState: 'visible',
    createElement: () => getElementById('__created'), body: getElementById('__body'),
  },
  location: { search: '', href: 'http://localhost/index.html', pathname: '/index.html' },
  history: { replaceState: noop, pushState: noop },
  navigator: { maxTouchPoints: 0 },
  localStorage: { getItem: () => null, setItem: noop, removeItem: noop },
  performance: { now: () => nodePerformance.now() },
  URLSearchParams, TextEncoder, TextDecoder,
  URL: { createObjectURL: () => 'blob:stub', revokeObjectURL: noop },
  Blob: class { constructor() {} },
  setTimeout: ctxSetTimeout, clearTimeout: noop, setInterval: () => 0, clearInterval: noop,
  requestAnimationFrame: () => 0,     // nothing is drawn
  alert: noop, open: noop,
};
const ctx = vm.createContext(sandbox);
vm.runInContext('var window = globalThis; var self = globalThis;', ctx);

// deterministic Math.random (re-seeded per game) and a frozen Date.now (see README)
let rngState = 1;
function mulberry32() {
  rngState = (rngState + 0x6D2B79F5) >>> 0;
  let t = rngState;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}
sandbox.__harnessRandom = mulberry32;
vm.runInContext('Math.random = function random() { return __harnessRandom(); };', ctx);
if (!opts.realClock) {
  sandbox.__harnessClock = () => 1700000000000;
  vm.runInContext('Date.now = function now() { return __harnessClock(); };', ctx);
}
function seedForId(id) {   // FNV-1a of the id's text
  const s = String(id);
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) { h ^= s.charCodeAt(i); h = Math.imul(h, 0x01000193) >>> 0; }
  return h;
}

// ---------------------------------------------------------------- load the unmodified sources
for (const f of SCRIPTS) {
  let code = fs.readFileSync(path.join(SRC, f), 'utf8');
  for (const p of PATCHES) {
    if (p.file !== f) continue;
    if (!code.includes(p.from)) throw new Error(`patch for ${f} does not apply: ${p.from}`);
    code = code.replace(p.from, p.to);
  }
  vm.runInContext(code, ctx, { filename: 'jsm-src/' + f });
}

// What startup() in main.js does that the solver needs (startup() itself is not run: it builds the
// GUI and starts a random expert game).
vm.runInContext(`
  binomialCache = new BinomialCache(5000, 500, new Binomial(MAX_BINOMIAL_N, 500));
`, ctx);
await vm.runInContext('solver()', ctx);     // "initialise the solver" exactly as startup() does

// Harness helpers evaluated inside the page context (they only call page functions).
vm.runInContext(`
  globalThis.__harness = {
    newGame(width, height, mines, mineIdx, firstIndex) {
      const id = getNextGameID().id;
      board = new Board(id, width, height, mines, 0, "safe");
      const arr = [width, height, mines];
      for (const i of mineIdx) arr.push(i % width, Math.floor(i / width));
      const game = new ServerGame(id, width, height, mines, firstIndex, 1, "safe");
      game.resetMinesUsingArray(arr);          // replace the random layout by ours
      game.startIndex = firstIndex;
      serverGames.set(id, game);
      canvasLocked = false;
      return { id, board, game };
    },
    // exactly what releaseAction() does for a left click on a hidden tile of an unstarted game
    firstClick(index) {
      if (!board.isStarted()) board.setStarted();
      canvasLocked = true;
      const message = { "header": board.getMessageHeader(), "actions": [{ "index": index, "action": 1 }] };
      sendActionsMessage(message);
    },
    endGame(id) { serverGames.delete(id); canvasLocked = false; },
    getBoard() { return board; },
    getCanvasLocked() { return canvasLocked; },
    classes: { ServerGame, ProbabilityEngine, Action },
    PLAY_STYLE_FLAGS, ACTION_CLEAR, ACTION_FLAG, ACTION_CHORD,
  };
`, ctx);
const H = sandbox.__harness;

// ---------------------------------------------------------------- per-game recording state
let G = null;   // current game record

// wrap solver(): record its reply (to know whether the next message is a guess); optional quiet mode
const origSolver = sandbox.solver;
const wrappedSolver = async function solver(board, options) {
  if (opts.quietSolver && options && options.verbose == null) options.verbose = false;
  const t0 = nodePerformance.now();
  const reply = await origSolver(board, options);
  if (G) {
    G.solverCalls++; G.solverMs += nodePerformance.now() - t0; G.lastReply = reply; G.lastOptions = { ...options };
    if (opts.mode === 'bulk') bulkSolverReply(board, reply);
  }
  return reply;
};
wrappedSolver.countSolutions = origSolver.countSolutions;
sandbox.solver = wrappedSolver;

// wrap sendActionsMessage(): idle tracking, guess accounting, --positions, action cap
const origSAM = sandbox.sendActionsMessage;
sandbox.sendActionsMessage = async function sendActionsMessage(message) {
  inFlight++;
  try {
    if (!G || G.aborted) return;
    if (opts.maxActions && G.messages >= opts.maxActions) { G.aborted = 'max-actions'; return; }
    G.messages++;
    G.certainPending = true;          // the given first click is safe by construction
    if (G.messages > 1) {             // message 1 is the given first click
      const hints = G.lastReply ? G.lastReply.actions : null;
      const h0 = hints && hints[0];
      const certain = h0 && (h0.prob == 1 || h0.prob == 0);   // same test as handleSolver()
      G.certainPending = !!certain;
      if (!certain) {
        G.guesses++;
        const a = message.actions[0];
        const x = a.index % G.width, y = Math.floor(a.index / G.width);
        G.guessList.push({ x, y, prob: h0 ? h0.prob : null });
        if (positionsFd != null) {
          fs.writeSync(positionsFd, JSON.stringify({ id: G.id, x, y, prob: h0 ? h0.prob : null, board: boardText(H.getBoard(), G) }) + '\n');
        }
      }
    }
    if (opts.selftest && G.messages === 3) sabotage(message);
    return await origSAM(message);
  } catch (e) {
    if (G) G.errors.push(String(e && e.stack || e));
  } finally {
    inFlight--;
    checkIdle();
  }
};

// --selftest: on the 3rd message of every game, append (1) a flag on a hidden SAFE tile and (2) a
// "certain" clear of a hidden mine; the checks must report wrong-flag and certain-clear-hit-mine
// and the game must end lost.
function sabotage(message) {
  const ref = G.ref;
  let safe = -1, mine = -1;
  for (let i = 0; i < ref.n; i++) {
    if (ref.covered[i] && !ref.flag[i] && !ref.mine[i] && safe < 0) safe = i;
    if (ref.covered[i] && !ref.flag[i] && ref.mine[i] && mine < 0) mine = i;
  }
  if (safe >= 0) message.actions.unshift({ index: safe, action: 2 });
  if (mine >= 0) message.actions.splice(1, 0, { index: mine, action: 1 });
  G.certainPending = true;
}

function boardText(board, g) {
  const rows = [];
  for (let y = 0; y < board.height; y++) {
    let r = '';
    for (let x = 0; x < board.width; x++) {
      const t = board.tiles[y * board.width + x];
      r += t.isFlagged() ? 'F' : (t.isCovered() ? 'H' : String(t.getValue()));
    }
    rows.push(r);
  }
  return `${board.width}x${board.height}x${g.mineCount}\n` + rows.join('/');
}

// ---------------------------------------------------------------- independent reference game + legality checks
// Hooks on ServerGame (JSMinesweeper's own game engine) methods: each action is mirrored on an
// independent model (our own flood fill) at the moment JSMinesweeper applies it.
class RefGame {
  constructor(w, h, mines) {
    this.w = w; this.h = h; this.n = w * h;
    this.mine = new Uint8Array(this.n); for (const i of mines) this.mine[i] = 1;
    this.covered = new Uint8Array(this.n).fill(1);
    this.flag = new Uint8Array(this.n);
    this.value = new Int8Array(this.n);
    for (let i = 0; i < this.n; i++) { let c = 0; for (const j of this.adj(i)) c += this.mine[j]; this.value[i] = c; }
    this.safeLeft = this.n - mines.length;
    this.lost = false;
  }
  adj(i) {
    const x = i % this.w, y = (i / this.w) | 0, r = [];
    for (let dy = -1; dy <= 1; dy++) for (let dx = -1; dx <= 1; dx++) {
      if (!dx && !dy) continue;
      const xx = x + dx, yy = y + dy;
      if (xx >= 0 && yy >= 0 && xx < this.w && yy < this.h) r.push(yy * this.w + xx);
    }
    return r;
  }
  open(list) {           // reveal list (all covered, unflagged, safe) with flood fill of zeros
    const stack = [];
    for (const i of list) { if (this.covered[i] && !this.flag[i]) { this.covered[i] = 0; this.safeLeft--; stack.push(i); } }
    while (stack.length) {
      const i = stack.pop();
      if (this.value[i] !== 0) continue;
      for (const j of this.adj(i)) if (this.covered[j] && !this.flag[j]) { this.covered[j] = 0; this.safeLeft--; stack.push(j); }
    }
  }
}

function violation(kind, detail) { if (G) G.violations.push({ kind, ...detail }); }

const SG = H.classes.ServerGame.prototype;
const origClick = SG.clickTile, origFlag = SG.flag, origChord = SG.chordTile;
SG.clickTile = function (tile) {
  if (G && this === G.game) {
    const ref = G.ref;
    if (!tile) violation('click-out-of-board', {});
    else {
      const i = tile.getIndex();
      G.clicks++;
      G.trace.push(['r', i]);
      if (ref.lost || ref.safeLeft === 0) violation('action-after-game-end', { i });
      else if (ref.flag[i]) violation('click-on-flag', { i });
      else if (!ref.covered[i]) G.redundant++;                // clicking an already revealed tile: no-op
      else if (ref.mine[i]) { ref.lost = true; G.hitMine = i; }
      else ref.open([i]);
      if (opts.mode === 'bulk') G.certainPending = G.clicks === 1 || G.probByIndex.get(i) === 1;   // the given first click, or a clear the solver called certain
      if (G.certainPending && ref.mine[i]) violation('certain-clear-hit-mine', { i });
    }
  }
  return origClick.call(this, tile);
};
SG.flag = function (tile) {
  if (G && this === G.game) {
    const ref = G.ref, i = tile.getIndex();
    G.flags++;
    G.trace.push(['f', i]);
    if (!ref.covered[i]) violation('flag-on-revealed', { i });
    else if (ref.flag[i]) violation('unflag', { i });
    else if (!ref.mine[i]) violation('wrong-flag', { i });
    if (ref.covered[i]) ref.flag[i] ^= 1;
  }
  return origFlag.call(this, tile);
};
SG.chordTile = function (tile) {
  if (G && this === G.game) {
    const ref = G.ref, i = tile.getIndex();
    G.chords++;
    G.trace.push(['c', i]);
    if (ref.covered[i]) violation('chord-on-hidden', { i });
    else {
      const nb = ref.adj(i);
      const f = nb.filter(j => ref.flag[j]).length;
      if (f !== ref.value[i]) violation('chord-wrong-flag-count', { i });
      else {
        const toOpen = nb.filter(j => ref.covered[j] && !ref.flag[j]);
        if (toOpen.some(j => ref.mine[j])) { ref.lost = true; if (G.certainPending) violation('certain-chord-hit-mine', { i }); }
        else ref.open(toOpen);
      }
    }
  }
  return origChord.call(this, tile);
};

// probability-engine timing (real clock) -- to see how often the page's "pe.duration < 50" rule
// would have gone the other way on this machine
const PE = H.classes.ProbabilityEngine.prototype;
const origPeProcess = PE.process;
let peRuns = 0, peSlow = 0, peMax = 0;
PE.process = function (...args) {
  const c0 = process.cpuUsage();       // CPU time, so that load on the machine does not inflate it
  const r = origPeProcess.apply(this, args);
  const c = process.cpuUsage(c0);
  const d = (c.user + c.system) / 1000;
  peRuns++; if (d >= 50) peSlow++; if (d > peMax) peMax = d;
  return r;
};

// ---------------------------------------------------------------- play
const positionsFd = opts.positions ? fs.openSync(opts.positions, 'a') : null;

async function playGame(spec) {
  const { id, width, height } = spec;
  const mines = spec.mines;
  const firstIndex = spec.first[1] * width + spec.first[0];
  if (mines.includes(firstIndex)) throw new Error(`game ${id}: first click is a mine`);
  if (new Set(mines).size !== mines.length) throw new Error(`game ${id}: duplicate mine indices`);
  if (mines.some(i => !(i >= 0 && i < width * height))) throw new Error(`game ${id}: mine index out of range`);

  rngState = seedForId(id);
  currentGameId = id;
  const { id: internalId, board, game } = H.newGame(width, height, mines.length, mines, firstIndex);
  G = {
    id, width, height, mineCount: mines.length, internalId, board, game,
    ref: new RefGame(width, height, mines),
    messages: 0, guesses: 0, guessList: [], solverCalls: 0, solverMs: 0, lastReply: null,
    clicks: 0, flags: 0, chords: 0, redundant: 0, hitMine: null, trace: [],
    violations: [], errors: [], aborted: null, certainPending: false,
  };

  const cpu0 = process.cpuUsage();
  const t0 = nodePerformance.now();
  const idle = new Promise(r => { idleResolve = r; });
  H.firstClick(firstIndex);
  checkIdle();
  await idle;
  const ms = nodePerformance.now() - t0;
  const cpu = process.cpuUsage(cpu0);

  // ---- verification against the independent model
  const ref = G.ref;
  const jsmWon = board.isGameover() && board.won;
  const jsmLost = board.isGameover() && !board.won;
  if (opts.check) {
    for (let i = 0; i < width * height; i++) {
      const t = board.tiles[i];
      if (ref.mine[i]) {
        if (!t.isCovered()) violation('mine-shown-revealed', { i });
      } else {
        if (t.isCovered() !== !!ref.covered[i]) violation('covered-mismatch', { i, jsm: t.isCovered(), ref: !!ref.covered[i] });
        else if (!t.isCovered() && t.getValue() !== ref.value[i]) violation('value-mismatch', { i });
      }
      const gt = game.tiles[i];
      if (gt.isBomb() !== !!ref.mine[i]) violation('layout-mismatch', { i });
    }
    const refWon = !ref.lost && ref.safeLeft === 0;
    if (jsmWon !== refWon) violation('won-mismatch', { jsmWon, refWon });
    if (jsmLost !== ref.lost) violation('lost-mismatch', { jsmLost, refLost: ref.lost });
    if (jsmWon && ref.safeLeft !== 0) violation('won-but-safe-cells-hidden', { safeLeft: ref.safeLeft });
  }
  const status = jsmWon ? 'won' : jsmLost ? 'lost' : (G.aborted ? 'aborted' : 'stuck');

  const res = {
    id, won: jsmWon, guesses: G.guesses, moves: G.clicks - 1 - G.redundant + G.chords,   // effective reveal actions after the given first click
    ms: Math.round((cpu.user + cpu.system) / 100) / 10,           // process CPU time for the game
    wall_ms: Math.round(ms * 10) / 10,
    status, clicks: G.clicks - 1, chords: G.chords, flags: G.flags, redundant_clicks: G.redundant, solver_calls: G.solverCalls,
    guess_probs: G.guessList.map(g => Math.round(g.prob * 1e6) / 1e6),
    guess_cells: G.guessList.map(g => g.y * width + g.x),
  };
  if (opts.trace) res.trace = G.trace;
  if (G.violations.length) res.violations = G.violations;
  if (G.errors.length) res.errors = G.errors;

  H.endGame(internalId);
  G = null; currentGameId = null;
  return res;
}

// ---------------------------------------------------------------- bulk mode: bulkRun() itself
// `--mode bulk` calls JSMinesweeper's own bulkRun(runSeed, size, modern=false) (main.js:1103),
// unmodified. bulkRun builds each game as `new ServerGame(0, 30, 16, 99, 0, gameSeed, "safe")`
// and `new Board(0, 30, 16, 99, gameSeed, "safe")` (main.js:1135-1137); the harness rebinds the
// two global classes to subclasses that build the same objects at the size of the next input
// layout and load that layout with ServerGame.resetMinesUsingArray (the page's own loader).
// Everything else -- the options, the first click at index 0, applyResults, which of the
// solver's actions are applied, bulkRun's 10,000-iteration loop guard, and its won/lost verdict
// (its log line "Seed S result STATUS, Total won ...") -- is bulkRun's code. See README.
let bulkQueue = null, bulkNext = 0, bulkCpu0 = null, bulkT0 = 0;

function bulkSolverReply(board, reply) {
  // bulkRun applies actions[0] whatever its safety if it is a clear, then every clear with
  // prob == 1 until the first clear that is not certain (main.js:1157-1186)
  if (G.clicks === G.clicksAtLastSolve && G.solverCalls > 1) G.idleSolverCalls++;   // no click since the last call
  G.clicksAtLastSolve = G.clicks;
  G.probByIndex = new Map();
  const actions = reply.actions;
  for (let i = 0; i < actions.length; i++) {
    const a = actions[i];
    if (a.action === H.ACTION_CLEAR) G.probByIndex.set(board.xy_to_index(a.x, a.y), a.prob);
  }
  const a0 = actions[0];
  if (a0 && a0.action === H.ACTION_CLEAR && a0.prob != 1) {
    G.guesses++;
    G.guessList.push({ x: a0.x, y: a0.y, prob: a0.prob });
    if (positionsFd != null) {
      fs.writeSync(positionsFd, JSON.stringify({ id: G.id, x: a0.x, y: a0.y, prob: a0.prob, board: boardText(board, G) }) + '\n');
    }
  }
  if (opts.selftest && G.solverCalls === 3) {
    // put a "certain" clear of a hidden mine first: bulkRun applies it; the checks must fire
    const ref = G.ref;
    for (let i = 0; i < ref.n; i++) {
      if (ref.covered[i] && ref.mine[i]) {
        actions.unshift(new H.classes.Action(i % G.width, Math.floor(i / G.width), 1, H.ACTION_CLEAR));
        G.probByIndex.set(i, 1);
        break;
      }
    }
  }
}

function bulkStartGame(game) {      // called by the ServerGame subclass once the layout is loaded
  const spec = bulkQueue[bulkNext - 1];
  const { id, width, height, mines } = spec;
  rngState = seedForId(id);
  currentGameId = id;
  G = {
    id, width, height, mineCount: mines.length, board: null, game,
    ref: new RefGame(width, height, mines),
    messages: 0, guesses: 0, guessList: [], solverCalls: 0, solverMs: 0, lastReply: null,
    clicks: 0, flags: 0, chords: 0, redundant: 0, hitMine: null, trace: [],
    violations: [], errors: [], aborted: null, certainPending: true,
    clicksAtLastSolve: 0, idleSolverCalls: 0, probByIndex: new Map(), flagRequests: 0, chordRequests: 0,
  };
  bulkCpu0 = process.cpuUsage();
  bulkT0 = nodePerformance.now();
}

function bulkEndGame(status) {      // bulkRun's log line for the game: status is its revealedTiles.header.status
  const ms = nodePerformance.now() - bulkT0;
  const cpu = process.cpuUsage(bulkCpu0);
  const { ref, board, game, width, height } = G;
  const jsmWon = status === 'won', jsmLost = status === 'lost';
  if (opts.check) {
    // bulkRun does not apply the last click's results to its Board (it breaks first), so the
    // engine's tiles are compared with the model, and the Board must show a subset of them
    for (let i = 0; i < width * height; i++) {
      const gt = game.tiles[i], t = board.tiles[i];
      if (gt.isBomb() !== !!ref.mine[i]) violation('layout-mismatch', { i });
      if (!ref.mine[i] && gt.isCovered() !== !!ref.covered[i]) violation('covered-mismatch', { i, jsm: gt.isCovered(), ref: !!ref.covered[i] });
      if (!t.isCovered()) {
        if (ref.mine[i]) violation('mine-shown-revealed', { i });
        else if (ref.covered[i]) violation('board-ahead-of-game', { i });
        else if (t.getValue() !== ref.value[i]) violation('value-mismatch', { i });
      }
    }
    const refWon = !ref.lost && ref.safeLeft === 0;
    if (jsmWon !== refWon) violation('won-mismatch', { jsmWon, refWon });
    if (jsmLost !== ref.lost) violation('lost-mismatch', { jsmLost, refLost: ref.lost });
  }
  const res = {
    id: G.id, won: jsmWon, guesses: G.guesses, moves: G.clicks - 1 - G.redundant + G.chords,
    ms: Math.round((cpu.user + cpu.system) / 100) / 10,
    wall_ms: Math.round(ms * 10) / 10,
    // 'stuck': bulkRun left its loop with the game in play (its guard of 10,000 solver calls); it counts as not won
    status: jsmWon ? 'won' : jsmLost ? 'lost' : 'stuck',
    clicks: G.clicks - 1, chords: G.chords, flags: G.flags, redundant_clicks: G.redundant, solver_calls: G.solverCalls,
    guess_probs: G.guessList.map(g => Math.round(g.prob * 1e6) / 1e6),
    guess_cells: G.guessList.map(g => g.y * width + g.x),
    idle_solver_calls: G.idleSolverCalls, flag_requests: G.flagRequests, chord_requests: G.chordRequests,
  };
  if (opts.trace) res.trace = G.trace;
  if (G.violations.length) res.violations = G.violations;
  if (G.errors.length) res.errors = G.errors;
  G = null; currentGameId = null;
  emit(res);
}

function bulkLog(args) {
  const text = args.map(String).join(' ');
  if (!G) return;
  if (text === 'Got a flag request!') G.flagRequests++;
  else if (text === 'Got a chord request!') G.chordRequests++;
  else {
    const m = /^Seed \S+ result (\S+), Total won /.exec(text);
    if (m) bulkEndGame(m[1]);
  }
}

async function runBulk(specs) {
  for (const spec of specs) {
    if (spec.first[0] !== 0 || spec.first[1] !== 0) {
      throw new Error(`game ${spec.id}: bulkRun() opens every game at index 0, so the first click must be [0, 0]`);
    }
    if (spec.mines.includes(0)) throw new Error(`game ${spec.id}: the first click is a mine`);
    if (new Set(spec.mines).size !== spec.mines.length) throw new Error(`game ${spec.id}: duplicate mine indices`);
    if (spec.mines.some(i => !(i >= 0 && i < spec.width * spec.height))) throw new Error(`game ${spec.id}: mine index out of range`);
  }
  bulkQueue = specs;
  sandbox.__bulkLayout = () => {          // the next layout, for the ServerGame subclass
    if (bulkNext >= bulkQueue.length) throw new Error('bulkRun asked for more games than were given');
    return bulkQueue[bulkNext++];
  };
  sandbox.__bulkCurrent = () => bulkQueue[bulkNext - 1];
  sandbox.__bulkStartGame = bulkStartGame;
  sandbox.__bulkBoardCreated = (board) => { if (G) G.board = board; };
  vm.runInContext(`
    {
      const PageServerGame = ServerGame, PageBoard = Board;
      ServerGame = class LayoutServerGame extends PageServerGame {
        constructor(id, width, height, num_bombs, index, seed, gameType) {
          const spec = __bulkLayout();
          super(id, spec.width, spec.height, spec.mines.length, index, seed, gameType);
          const arr = [spec.width, spec.height, spec.mines.length];
          for (const i of spec.mines) arr.push(i % spec.width, Math.floor(i / spec.width));
          this.resetMinesUsingArray(arr);      // replace the seeded layout by ours
          this.startIndex = index;             // resetMinesUsingArray sets it to the first safe cell
          __bulkStartGame(this);
        }
      };
      Board = class LayoutBoard extends PageBoard {
        constructor(id, width, height, num_bombs, seed, gameType) {
          const spec = __bulkCurrent();
          super(id, spec.width, spec.height, spec.mines.length, seed, gameType);
          // LongTermRiskHelper.getBoxInfluence (LongTermRiskHelper.js:347) reads the width and
          // height of the page's global 'board', not of the board the solver was given. In the
          // page, bulkRun() runs beside the page's own game, whose board has the size of the
          // bulk games when the author runs it (expert in both). Here the page's board is this one.
          board = this;
          __bulkBoardCreated(this);
        }
      };
    }
  `, ctx);
  consoleLogHook = bulkLog;
  await vm.runInContext(`bulkRun(0, ${specs.length}, false)`, ctx);
  consoleLogHook = noop;
  if (G) throw new Error(`game ${G.id}: bulkRun ended without its result line`);
  if (n !== specs.length) throw new Error(`bulkRun played ${n} games of ${specs.length}`);
}

// Linux's /proc/self/schedstat: ns on a CPU, ns runnable but waiting for one, timeslices. The
// wait shows a run starved of CPU (a low nice level on a busy machine) apart from a run that
// sleeps (a timer): the latter would leave wall time neither on a CPU nor in the run queue.
function schedstat() {
  try { const [run, wait] = fs.readFileSync('/proc/self/schedstat', 'utf8').split(' ').map(Number); return { run, wait }; }
  catch { return null; }
}
const sched0 = schedstat();
const wall0 = nodePerformance.now();
let n = 0, won = 0, totalMs = 0, totalCpu = 0, nViol = 0;
function emit(res) {
  process.stdout.write(JSON.stringify(res) + '\n');
  n++; if (res.won) won++; totalMs += res.wall_ms; totalCpu += res.ms; if (res.violations || res.errors) nViol++;
}
if (opts.mode === 'page') {
  const input = fs.createReadStream(opts.games);
  const rl = readline.createInterface({ input, crlfDelay: Infinity });
  for await (const line of rl) {
    if (!line.trim()) continue;
    emit(await playGame(JSON.parse(line)));
  }
} else {
  await runBulk(fs.readFileSync(opts.games, 'utf8').split('\n').filter(l => l.trim()).map(l => JSON.parse(l)));
}
if (positionsFd != null) fs.closeSync(positionsFd);
const pct = n ? (100 * won / n) : 0;
const se = n ? 100 * Math.sqrt((won / n) * (1 - won / n) / n) : 0;
console.error(`[jsm-harness] games=${n} won=${won} (${pct.toFixed(2)}% +/- ${(1.96 * se).toFixed(2)} 95%CI) ` +
  `wall_ms/game=${(totalMs / Math.max(n, 1)).toFixed(1)} cpu_ms/game=${(totalCpu / Math.max(n, 1)).toFixed(1)} ` +
  `games_with_violations_or_errors=${nViol} console.error_lines=${consoleErrors.length} ` +
  `pe_runs=${peRuns} pe_runs_over_50cpu_ms=${peSlow} pe_max_cpu_ms=${peMax.toFixed(1)}`);
const sched1 = schedstat();
if (sched0 && sched1) {
  const ms = ns => (ns / 1e6).toFixed(0);
  const wall = nodePerformance.now() - wall0;
  const run = sched1.run - sched0.run, wait = sched1.wait - sched0.wait;
  // the main thread only: what is neither on a CPU nor waiting for one is time asleep
  console.error(`[jsm-harness] main thread: wall_ms=${wall.toFixed(0)} on_cpu_ms=${ms(run)} ` +
    `waiting_for_cpu_ms=${ms(wait)} asleep_ms=${Math.max(0, wall - (run + wait) / 1e6).toFixed(0)}`);
}
if (consoleErrors.length) for (const e of consoleErrors.slice(0, 20)) console.error(`[jsm console.error] game ${e.id}: ${e.msg}`);
