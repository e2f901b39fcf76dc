// The Web Worker that runs every solver call, so the page stays responsive while it thinks.
// This is the only JS file that imports the wasm glue.
import init, * as wasm from '../mineseer-wasm.js';
import { Request, Reply, SUPERSEDABLE, message, analysisOptions } from './protocol.js';

/** Requests received but not yet handled, oldest first. */
const pending = [];
let draining = false;
/** The game this worker holds (a wasm Game handle), if any. */
let game = null;
/** The highest request id received; a CANCEL stops the long requests (bulk run, rollouts) up to it. */
let lastId = 0;
/** Long requests with an id up to this are cancelled; checked between games and slices. */
let cancelledUpTo = 0;

self.onmessage = (event) => {
  const msg = event.data;
  if (msg.kind === Request.CANCEL) {
    cancelledUpTo = lastId;
    return;
  }
  lastId = Math.max(lastId, msg.id);
  if (msg.kind === Request.ESTIMATE_SUMMARY && held?.key === estimateKey(msg.payload)) {
    // Answered now, between two slices of the rollouts that hold the same estimate.
    answer(msg);
    return;
  }
  pending.push(msg);
  scheduleDrain();
};

function scheduleDrain() {
  if (!draining) {
    draining = true;
    // A macrotask, so that messages already queued arrive before we pick what to run.
    setTimeout(drain, 0);
  }
}

async function drain() {
  while (pending.length > 0) {
    const msg = pending.shift();
    const newer = SUPERSEDABLE.has(msg.kind) && pending.some((m) => m.kind === msg.kind);
    if (newer) {
      self.postMessage(message(msg.id, Reply.SUPERSEDED));
      continue;
    }
    await answer(msg);
  }
  draining = false;
}

async function answer(msg) {
  try {
    const result = await handle(msg);
    self.postMessage(message(msg.id, Reply.RESULT, result));
  } catch (err) {
    self.postMessage(message(msg.id, Reply.ERROR, { message: errorText(err) }));
  }
}

function errorText(err) {
  if (err instanceof Error) return err.message;
  return String(err);
}

async function handle(msg) {
  const p = msg.payload;
  switch (msg.kind) {
    case Request.PARSE:
      return parse(p);
    case Request.ANALYZE:
      return analyze(p.position, p.options ?? {});
    case Request.ENDGAME:
      return endgame(p);
    case Request.GAME:
      return gameOp(p);
    case Request.NEXT_MOVE:
      return nextMove(p);
    case Request.BULK:
      return bulk(msg.id, p);
    case Request.REVIEW:
      return review(p);
    case Request.WIN_CHANCES:
      return withReviewer((reviewer) => reviewer.reviewWinChances(p.record, (done, total) => {
        self.postMessage(message(msg.id, Reply.PROGRESS, { done, total }));
      }));
    case Request.ESTIMATE_PLAN:
      return estimateOf(p).value.plan();
    case Request.ROLLOUTS:
      return rollouts(msg.id, p);
    case Request.ESTIMATE_SUMMARY:
      return estimateOf(p).value.summarize(p.counts);
    case Request.REPLAY:
      return readReplay(p);
    case Request.HINT:
      return withReviewer((reviewer) => hint(reviewer, p));
    case Request.COUNTERS:
      return withReviewer((reviewer) => reviewer.recordCounters(p.record));
    case Request.CLICKS:
      return wasm.clickHints(p.position, p.options ?? {});
    default:
      throw new Error(`unknown request ${JSON.stringify(msg.kind)}`);
  }
}

/** The last analysis a checked PARSE made, kept for the ANALYZE of the same position. */
let checked = null;

function analysisKey(position, options) {
  return JSON.stringify([position, options]);
}

function analyze(position, options) {
  const key = analysisKey(position, options);
  if (checked?.key === key) {
    const { analysis } = checked;
    checked = null;
    return analysis;
  }
  const start = performance.now();
  const analysis = wasm.solveBoard(position, options);
  analysis.ms = performance.now() - start;
  return analysis;
}

/**
 * Reads a position; with `check`, also analyses it as the page will (the position the player
 * sees: known mines written as hidden) so that one with no consistent layout is refused.
 */
function parse(p) {
  const parsed = wasm.parsePosition(p.position);
  if (p.check) {
    checked = null;
    const seen = parsed.mine.replace(/M/g, 'H');
    const options = analysisOptions(parsed.width * parsed.height);
    let analysis;
    try {
      analysis = analyze(seen, options);
    } catch (err) {
      // Too large even for the estimate is not a fault of the position: load it anyway.
      if (/too large to solve exactly/.test(errorText(err))) return parsed;
      throw err;
    }
    checked = { key: analysisKey(seen, options), analysis };
  }
  return parsed;
}

/** The hint, from the review's module (the solver's is at its size budget). */
function hint(reviewer, p) {
  const start = performance.now();
  const result = reviewer.hint(p.position, p.options ?? {});
  result.ms = performance.now() - start;
  return result;
}

function endgame(p) {
  if (typeof wasm.solveEndgame !== 'function') {
    throw new Error('the endgame solver is not in this build yet');
  }
  const start = performance.now();
  const result = wasm.solveEndgame(p.position, p.options ?? {});
  result.ms = performance.now() - start;
  return result;
}

function gameOp(p) {
  if (typeof wasm.Game !== 'function') {
    throw new Error('playing is not in this build yet');
  }
  if (p.op === 'new' || p.op === 'mbf' || p.op === 'record') {
    // Made first, so that a failure (bad options, a bad MBF file or record) keeps the current game.
    const made = p.op === 'new' ? new wasm.Game(p.options)
      : p.op === 'mbf' ? wasm.Game.fromMbf(p.bytes) : wasm.Game.fromRecord(p.record);
    if (game) game.free();
    game = made;
    return game.state();
  }
  if (!game) throw new Error('no game: start a new game first');
  switch (p.op) {
    // Each click is recorded with the time it is played (this worker's clock: the record
    // keeps times relative to the first click).
    case 'reveal': return game.reveal(p.x, p.y, performance.now());
    case 'flag': return game.flag(p.x, p.y, performance.now());
    case 'chord': return game.chord(p.x, p.y, performance.now());
    case 'state': return game.state();
    case 'step': return game.step(p.options ?? {}, performance.now());
    case 'export': return game.export();
    case 'getRecord': return game.record();
    case 'stats': return game.stats();
    default: throw new Error(`unknown game operation ${JSON.stringify(p.op)}`);
  }
}

/** Reviews a recorded game; the views let the page step through its positions. */
async function review(p) {
  let ms = 0;
  const start = performance.now();
  const result = await withReviewer((reviewer) => {
    const reviewStart = performance.now();
    const reviewed = reviewer.reviewGame(p.record);
    ms = performance.now() - reviewStart;
    return { reviewed, counters: reviewer.recordCounters(p.record) };
  });
  const positions = wasm.replayRecord(p.record);
  return { review: result.reviewed, counters: result.counters, positions, ms, totalMs: performance.now() - start };
}

/**
 * The review's module (mineseer-review-wasm): the review of records and the replay reader, a
 * wasm module apart from the solver's, loaded on the first review or replay, so that the page's
 * first load carries only the solver (its size budget: tests/page-size.test.mjs).
 */
let reviewer = null;
/** Loads of the review's module so far: a fresh load after a failure gets a fresh instance. */
let reviewerLoads = 0;

/**
 * Runs `work` with the review's module, loading it first if need be. A panic aborts a wasm
 * module (the replay reader, ms_toollib, can panic on a damaged file): then the module is
 * dropped, and the next review or replay loads a new instance (a new URL gives a new ES
 * module), while the game and the solver's module are untouched.
 */
async function withReviewer(work) {
  if (!reviewer) {
    const url = reviewerLoads === 0 ? '../mineseer-review-wasm.js' : `../mineseer-review-wasm.js?load=${reviewerLoads}`;
    reviewerLoads += 1;
    const module = await import(url);
    await module.default();
    reviewer = module;
  }
  try {
    return work(reviewer);
  } catch (err) {
    if (err instanceof WebAssembly.RuntimeError) reviewer = null;
    throw err;
  }
}

/** Reads a replay of another program into a record, with what its program says. */
async function readReplay(p) {
  try {
    return await withReviewer((module) => module.readReplay(p.bytes, p.name ?? null));
  } catch (err) {
    if (err instanceof WebAssembly.RuntimeError) {
      throw new Error(`not a readable replay: the reader failed on ${p.name ?? 'the file'} (damaged, or a version it does not know)`);
    }
    throw err;
  }
}

function nextMove(p) {
  if (typeof wasm.nextMove !== 'function') {
    throw new Error('the auto-player is not in this build yet');
  }
  return wasm.nextMove(p.position, p.options ?? {});
}

/** Plays games one at a time, yielding between them so that a CANCEL message gets through. */
async function bulk(id, p) {
  if (typeof wasm.playGames !== 'function') {
    throw new Error('the bulk run is not in this build yet');
  }
  let won = 0;
  let played = 0;
  const chunk = 1;
  while (played < p.games && id > cancelledUpTo) {
    const n = Math.min(chunk, p.games - played);
    const outcome = wasm.playGames({ ...p, games: n, firstGame: played });
    won += outcome.won;
    played += outcome.played;
    self.postMessage(message(id, Reply.PROGRESS, { played, won, games: p.games }));
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
  return { played, won, games: p.games, cancelled: played < p.games };
}

/**
 * The endgame estimate this worker built last ({key, value: wasm EndgameEstimate, first,
 * stride, played}), kept for the rollouts and summaries of the same position and options.
 */
let held = null;
/** A slice of rollouts between two looks at the messages, in milliseconds. */
const ROLLOUT_SLICE_MS = 100;

function estimateKey(p) {
  return JSON.stringify([p.position, p.options ?? {}]);
}

/** The estimate of the request's position and options: the one held, or a new one. */
function estimateOf(p) {
  const key = estimateKey(p);
  if (held?.key !== key) {
    // Made first: a bad position throws and keeps the one held.
    const value = new wasm.EndgameEstimate(p.position, p.options ?? {});
    held?.value.free();
    held = { key, value, first: null, stride: null, played: 0 };
  }
  return held;
}

/**
 * Plays this worker's share of the layouts in slices, reporting the running counts after
 * each. A later request with the same share goes on where this one stopped (its counts
 * include this one's layouts); another share starts afresh.
 */
async function rollouts(id, p) {
  let estimate = estimateOf(p);
  if (estimate.played > 0 && (estimate.first !== p.first || estimate.stride !== p.stride)) {
    held.value.free();
    held = null;
    estimate = estimateOf(p);
  }
  Object.assign(estimate, { first: p.first, stride: p.stride });
  const stop = performance.now() + p.budgetMs;
  let counts = estimate.value.counts();
  const onBatch = (batchCounts, played) => {
    counts = batchCounts;
    estimate.played = played;
    // For tests: the batches this worker has played, so a test can see that none run on.
    self.rolloutBatches = (self.rolloutBatches ?? 0) + 1;
  };
  while (id > cancelledUpTo && estimate.played < p.maxLayouts && performance.now() < stop) {
    const sliceEnd = Math.min(stop, performance.now() + ROLLOUT_SLICE_MS);
    estimate.value.run(p.first, p.stride, p.maxLayouts, sliceEnd, onBatch);
    self.postMessage(message(id, Reply.PROGRESS, { counts, played: estimate.played }));
    // A macrotask: a CANCEL or a summary request gets in here.
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
  return { counts, played: estimate.played, cancelled: id <= cancelledUpTo };
}

await init();
/** What this build of the wasm module can do, so the page disables the rest honestly. */
const features = {
  game: typeof wasm.Game === 'function',
  endgame: typeof wasm.solveEndgame === 'function',
  player: typeof wasm.Game === 'function' && typeof wasm.Game.prototype.step === 'function',
  bulk: typeof wasm.playGames === 'function',
  estimate: typeof wasm.EndgameEstimate === 'function',
};
self.postMessage(message(0, Reply.READY, { features }));
