// The Endgame's estimate where the exact search is too large (issue 29). The plan comes first
// (the auto-player's move, outlined in gold at once); then a pool of rollout workers (more
// instances of www/worker.js, each with its own wasm) play the layouts, worker w taking
// layouts w, w + W, w + 2W, ...; their counts are added up and summarised live until a
// deadline, a precision target or a cancel. Layout i depends only on the seed and i, so a
// fixed number of layouts gives the same answer for any number of workers, and the CLI's
// (`mineseer endgame --estimate --rollouts N`).
import { SolverClient, Superseded } from './client.js';
import { Request } from './protocol.js';

/** How long the rollouts may run, in milliseconds. */
export const ESTIMATE_DEADLINE_MS = 10_000;
/** The rollouts stop once half the win chance's 95 % interval is this narrow (±1 point). */
export const ESTIMATE_TARGET_HALF_WIDTH = 0.01;
/** The most rollout workers, whatever the number of cores. */
export const MAX_ROLLOUT_WORKERS = 8;
/** The estimate's settings: the CLI's defaults (4 candidates, seed 1, the affordable level). */
export const ESTIMATE_OPTIONS = Object.freeze({ seed: 1, candidates: 4 });
/** How often the figures are refreshed while the rollouts run, in milliseconds. */
const REFRESH_MS = 250;
/**
 * Once told to stop, how long the workers may take to end their slice before they are
 * terminated and the last figures stand, in milliseconds: a slice ends after a batch of
 * layouts, which at the full level can take seconds.
 */
const STOP_GRACE_MS = 500;
/** A worker's own limit on its rollouts, past the page's deadline (it is normally told to stop first). */
const WORKER_BUDGET_SLACK_MS = 1_000;
/** With a fixed number of layouts (`?rollouts=N`), the time allowed to play them all. */
const FIXED_BUDGET_MS = 600_000;
/**
 * How long after a cancel the terminated workers are started again (so that the next estimate
 * starts at once), in milliseconds: after the click that cancelled has been answered.
 */
const REWARM_AFTER_MS = 1_000;
/** No limit on a worker's layouts (the wasm takes a u32). */
const NO_LIMIT = 2 ** 32 - 1;

/** Why the rollouts stopped, in words. */
const STOPPED = {
  precision: 'stopped at ±1 point',
  deadline: `stopped after ${ESTIMATE_DEADLINE_MS / 1000} s`,
  rollouts: 'every layout asked for played',
  cancelled: 'stopped (cancelled)',
  failed: 'stopped: no rollout worker left',
};

/** A whole number from the page's query (`?rollouts=200&workers=3`), or null. */
function queryInt(name, lo, hi) {
  const text = new URLSearchParams(location.search).get(name);
  const n = Number(text);
  return text !== null && Number.isInteger(n) && n >= lo && n <= hi ? n : null;
}

/**
 * The rollout workers: one per core but one (the page's own thread and the game's worker
 * need some), between 1 and MAX_ROLLOUT_WORKERS; `?workers=W` sets it (for tests).
 */
export function rolloutWorkerCount() {
  return queryInt('workers', 1, MAX_ROLLOUT_WORKERS)
    ?? Math.max(1, Math.min(MAX_ROLLOUT_WORKERS, (navigator.hardwareConcurrency || 2) - 1));
}

/** `?rollouts=N`: play exactly N layouts, with no deadline and no precision stop (for tests). */
function fixedRollouts() {
  return queryInt('rollouts', 1, 10_000_000);
}

/** The elementwise sum of the workers' counts (arrays of 2^K numbers). */
function addCounts(all) {
  const present = all.filter(Boolean);
  if (present.length === 0) return null;
  const sum = new Array(present[0].length).fill(0);
  for (const counts of present) counts.forEach((n, i) => { sum[i] += n; });
  return sum;
}

export class Estimator {
  constructor() {
    /** The rollout workers by slot (SolverClient, or null once terminated). */
    this.workers = [];
    /** The estimate under way (see plan), or null. */
    this.run = null;
  }

  /** The worker of a slot, started if it is not running. */
  worker(slot) {
    if (!this.workers[slot]) {
      const client = new SolverClient({
        // A worker that dies is dropped; its request (rejected) tells the run.
        onError: () => this.drop(slot, client),
      }, { name: `mineseer rollouts ${slot}` });
      this.workers[slot] = client;
    }
    return this.workers[slot];
  }

  /**
   * Starts the rollout workers that are not running, so that the next estimate has the
   * auto-player's move in gold at once (a worker loads its wasm in about 0.2 s).
   */
  warm() {
    const count = rolloutWorkerCount();
    for (let w = 0; w < count; w++) this.worker(w);
    return Promise.all(this.workers.slice(0, count).map((client) => client?.ready));
  }

  drop(slot, client) {
    client.terminate();
    if (this.workers[slot] === client) this.workers[slot] = null;
  }

  /**
   * Starts an estimate of `position` (the last one is cancelled): the rollout workers start
   * loading, and the first makes the plan. Resolves with the plan ({policy, certain, player,
   * candidates}); rejects with the position's error, or Superseded when cancelled first.
   */
  plan(position) {
    // The workers stop after their slice (not terminated): the new plan queues behind it.
    this.cancel({ terminate: false });
    const count = rolloutWorkerCount();
    for (let w = 0; w < count; w++) this.worker(w);
    const run = {
      position, options: { ...ESTIMATE_OPTIONS }, count, latest: [], played: [], lost: [],
      summary: null, ended: false, stopping: null,
    };
    this.run = run;
    run.planned = this.worker(0).request(Request.ESTIMATE_PLAN, { position, options: run.options });
    return run.planned.then((plan) => {
      if (this.run !== run || run.ended) throw new Superseded();
      run.plan = plan;
      return plan;
    });
  }

  /**
   * Plays the planned estimate's rollouts. `onUpdate(summary, progress, stopped)` gets the
   * figures after each refresh (`stopped` null) and once at the end (`stopped` says why;
   * `summary` is null if it stopped before the first figures); progress is {played, workers,
   * lost: [messages of the workers that died]}.
   */
  async rollouts(onUpdate) {
    const run = this.run;
    if (!run?.plan) return;
    run.onUpdate = onUpdate;
    const fixed = fixedRollouts();
    const budgetMs = (fixed ? FIXED_BUDGET_MS : ESTIMATE_DEADLINE_MS) + WORKER_BUDGET_SLACK_MS;
    const shares = [];
    for (let w = 0; w < run.count; w++) {
      const maxLayouts = fixed ? Math.max(0, Math.ceil((fixed - w) / run.count)) : NO_LIMIT;
      if (maxLayouts === 0) continue;
      const client = this.worker(w);
      const report = (p) => {
        run.latest[w] = p.counts;
        run.played[w] = p.played;
      };
      const payload = { position: run.position, options: run.options, first: w, stride: run.count, maxLayouts, budgetMs };
      shares.push(client.request(Request.ROLLOUTS, payload, {
        onProgress: (p) => {
          report(p);
          this.refreshSoon(run);
        },
      }).then(report, (err) => {
        if (err instanceof Superseded) return;
        // A worker that died: its layouts reported so far still count.
        run.lost.push(err.message);
        this.refreshSoon(run);
      }));
    }
    if (!fixed) run.deadline = setTimeout(() => this.stop(run, 'deadline'), ESTIMATE_DEADLINE_MS);
    await Promise.all(shares);
    clearTimeout(run.deadline);
    if (this.run !== run || run.ended) return;
    const stopped = run.stopping ?? (run.lost.length > 0 && !this.live(run) ? 'failed' : fixed ? 'rollouts' : 'deadline');
    await this.finish(run, stopped);
  }

  /** A live worker of the run (for the summaries), or null. */
  live(run) {
    for (let w = 0; w < run.count; w++) if (this.workers[w]) return this.workers[w];
    return null;
  }

  /** Asks for the figures of the counts so far, at most every REFRESH_MS. */
  refreshSoon(run) {
    if (run.refreshTimer || run.ended) return;
    const wait = Math.max(0, (run.refreshedAt ?? -Infinity) + REFRESH_MS - performance.now());
    run.refreshTimer = setTimeout(async () => {
      run.refreshedAt = performance.now();
      const summary = await this.summarize(run);
      run.refreshTimer = null;
      if (!summary || run.ended || this.run !== run) return;
      run.onUpdate(summary, this.progress(run), null);
      const precise = (summary.win_hi - summary.win_lo) / 2 <= ESTIMATE_TARGET_HALF_WIDTH;
      if (precise && !fixedRollouts()) this.stop(run, 'precision');
    }, wait);
  }

  /** The figures of the run's counts so far (the last ones when there is no worker to ask). */
  async summarize(run) {
    const counts = addCounts(run.latest);
    const client = this.live(run);
    if (!counts || !client) return run.summary;
    try {
      run.summary = await client.request(Request.ESTIMATE_SUMMARY, { position: run.position, options: run.options, counts });
    } catch (err) {
      if (!(err instanceof Superseded)) run.lost.push(err.message);
    }
    return run.summary;
  }

  progress(run) {
    return {
      played: run.played.reduce((a, n) => a + (n ?? 0), 0),
      workers: run.count,
      lost: [...run.lost],
    };
  }

  /** Tells the workers to stop after their slice; their last counts then make the answer. */
  stop(run, why) {
    if (run.stopping || run.ended) return;
    run.stopping = why;
    for (let w = 0; w < run.count; w++) this.workers[w]?.cancelBulk();
    run.hardStop = setTimeout(() => {
      if (run.ended) return;
      this.dropBusy(run);
      this.finish(run, why, { fresh: false });
    }, STOP_GRACE_MS);
  }

  /** Terminates the run's busy workers (they start again a little later). */
  dropBusy(run) {
    let dropped = false;
    for (let w = 0; w < run.count; w++) {
      const client = this.workers[w];
      if (!client?.busy()) continue;
      this.drop(w, client);
      dropped = true;
    }
    if (dropped) setTimeout(() => this.warm(), REWARM_AFTER_MS);
  }

  /** Ends the run with the figures of its last counts (`fresh`) or the last figures shown. */
  async finish(run, stopped, { fresh = true } = {}) {
    if (run.ended) return;
    for (const timer of [run.refreshTimer, run.deadline, run.hardStop]) clearTimeout(timer);
    run.refreshTimer = null;
    const summary = fresh ? await this.summarize(run) : run.summary;
    if (run.ended) return;
    run.ended = true;
    run.onUpdate(summary, this.progress(run), stopped);
  }

  /**
   * Cancels the estimate under way, and the last figures stay, marked as stopped. Its busy
   * rollout workers are terminated at once (a wasm call cannot be interrupted), and started
   * again a little later for the next estimate; with `terminate: false`, they are told to
   * stop after their slice instead.
   */
  cancel({ terminate = true } = {}) {
    const run = this.run;
    if (!run || run.ended) return;
    run.stopping = 'cancelled';
    if (!run.onUpdate) {
      // Still planning: the plan is left to finish (the next estimate's plan queues behind it).
      run.ended = true;
      return;
    }
    if (terminate) this.dropBusy(run);
    else for (let w = 0; w < run.count; w++) this.workers[w]?.cancelBulk();
    this.finish(run, 'cancelled', { fresh: false });
  }
}

// ---------------------------------------------------------------- the estimate on the page

/**
 * The Endgame over the exact budget: the plan's move in gold with "estimating…", then the
 * estimate's figures as they refine, until it stops. `exact` is the exact search's answer
 * (unsolved); `page` is {view (the BoardView), current() (the position asked is still
 * shown), showWinChance(text, title, {kind, win, lo, hi}), showInfo(text), onFigures(summary)}.
 * Rejects with the plan's error (Superseded when a newer estimate started first).
 */
export async function estimateEndgame(estimator, planned, exact, page) {
  let plan;
  try {
    plan = await planned;
  } catch (err) {
    if (page.current() && !(err instanceof Superseded)) page.showWinChance('—');
    throw err;
  }
  if (!page.current()) return;
  // Why there is no exact answer; a search that ran out of time still proved a lower bound.
  const reason = (exact.reason ?? '').replace(/^too large to solve exactly: /, '');
  const why = exact.bestFound
    ? `Too large to solve exactly in the time allowed (${reason}); its best strategy found wins at least ${exact.bestFound.winAtLeastExact}.`
    : `Too large to solve exactly (${reason}).`;
  page.view.showBestMove(plan.player.x, plan.player.y, 'the auto-player\'s move');
  page.showWinChance('estimating…');
  page.showInfo(`${why} ${planText(plan)} estimating…`);
  // For tests: "running", then why the estimate stopped.
  document.body.dataset.estimate = 'running';
  await estimator.rollouts((summary, progress, stopped) => {
    if (!page.current()) return;
    if (stopped) document.body.dataset.estimate = stopped;
    if (!summary) {
      page.showWinChance('—');
      const lost = progress.lost.length ? `A rollout worker stopped (${progress.lost.at(-1)}). ` : '';
      page.showInfo(`${why} ${planText(plan)} ${lost}Stopped before the first figures.`);
      return;
    }
    page.onFigures(summary);
    page.showWinChance(chanceText(summary), `estimated: at least about ${(summary.win * 100).toFixed(1)} %`, {
      kind: 'estimate', win: summary.win, lo: summary.win_lo, hi: summary.win_hi,
    });
    page.view.showBestMove(summary.best.x, summary.best.y, summary.about_equal ? 'estimated best move, about equal' : 'estimated best move');
    page.showInfo(`${why} ${estimateText(plan, summary, progress, stopped)}`);
  });
}

// ---------------------------------------------------------------- the estimate in words

const pct = (p) => `${Math.round(p * 100)}`;
const points = (d) => `${d >= 0 ? '+' : '−'}${Math.abs(d * 100).toFixed(1)}`;

/** The win chance as shown: "≈ 38 % (35-41)". */
export function chanceText(summary) {
  return `≈ ${pct(summary.win)} % (${pct(summary.win_lo)}-${pct(summary.win_hi)})`;
}

/** The top candidate: the one that won most layouts (the plan's first among equals). */
function top(summary) {
  return summary.candidates.reduce((best, c) => (c.wins > best.wins ? c : best), summary.candidates[0]);
}

/** What the plan alone says: the auto-player's move, and why it is a best move when it is certainly safe. */
export function planText(plan) {
  const { x, y } = plan.player;
  if (plan.certain) {
    return `(${x}, ${y}), outlined in gold, is certainly safe: revealing a certainly safe cell never lowers the chance to win, so it is a best move.`;
  }
  return `The auto-player's move (${x}, ${y}) is outlined in gold.`;
}

/**
 * The estimate in words: the win chance and what it is the value of, the move in gold, how
 * far the rollouts got, and why they stopped.
 */
export function estimateText(plan, summary, progress, stopped) {
  const { x, y } = summary.best;
  const parts = [
    `Estimated from ${summary.rollouts.toLocaleString('en')} random layouts (${summary.policy} player):`
    + ` at least about ${pct(summary.win)} % (95 % interval ${pct(summary.win_lo)}-${pct(summary.win_hi)} %),`
    + ' the value of the best move followed by the auto-player\'s play; optimal play can only do better.',
  ];
  if (plan.certain) parts.push(planText(plan));
  else if (summary.about_equal) {
    const t = top(summary);
    parts.push(`Best move (${x}, ${y}), outlined in gold: the auto-player's move, about equal to (${t.x}, ${t.y}) (not told apart yet).`);
  } else parts.push(`Best move (${x}, ${y}), outlined in gold.`);
  parts.push('Point at a candidate (on touch, a long press) for its figures.');
  if (progress.lost.length > 0) {
    parts.push(`A rollout worker stopped (${progress.lost[progress.lost.length - 1]}); its layouts so far still count.`);
  }
  parts.push(stopped ? `${STOPPED[stopped] ?? 'stopped'}.` : 'estimating…');
  return parts.join(' ');
}

/** A candidate's figures, for the hover line; null for a cell that is not a candidate. */
export function candidateText(summary, x, y) {
  const c = summary.candidates.find((cand) => cand.x === x && cand.y === y);
  if (!c) return null;
  const best = summary.best.x === x && summary.best.y === y;
  return `· estimated win if revealed ≈ ${(c.win * 100).toFixed(1)}% (${pct(c.lo)}-${pct(c.hi)}), ${c.wins}/${c.games} layouts`
    + (c.diff === 0 && c.diff_lo === 0 && c.diff_hi === 0
      ? (best ? ', the best move' : '')
      : `, ${points(c.diff)} points vs the top (${points(c.diff_lo)} to ${points(c.diff_hi)})`);
}
