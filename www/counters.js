// The players' counters on the page: a won game's ZiNi at its end ("clicks 212, ZiNi 178:
// 84 % of the fewest"), kept in the statistics, and the counters table of the review (IOE,
// RQP, STNB, throughput, correctness, path, openings, islands, ZiNi, HZiNi; a replay's program
// beside ours, and "not recorded" where our records hold nothing to count).
//
// ZiNi is ms_toollib's, in the review's wasm module: the worker loads that module on the first
// request (about 0.1 s, and 7 ms a call after that: docs/BENCHMARKS.md), so a won game asks for
// its ZiNi only when the page is idle, and the line appears a moment after the summary. A lost
// game asks nothing: its clicks cleared only part of the board ZiNi counts.
// Text goes in with textContent.

import { Request } from './protocol.js';
import { el } from './dom.js';

/** How long a won game's ZiNi may wait for the page to be idle, ms. */
const IDLE_TIMEOUT_MS = 1500;

/** "clicks 212, ZiNi 178: 84 % of the fewest", or null without a ratio (a game not won). */
export function ziniText(counters) {
  if (typeof counters?.zini_of_clicks !== 'number') return null;
  return `clicks ${counters.clicks}, ZiNi ${counters.zini}: ${(counters.zini_of_clicks * 100).toFixed(0)} % of the fewest`;
}

function whenIdle(work) {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(work, { timeout: IDLE_TIMEOUT_MS });
  else setTimeout(work, 0);
}


/** A counter's value as text: counts as they are, ratios with three decimals. */
export function valueText(v, count) {
  if (typeof v !== 'number') return '—';
  return count ? String(v) : v.toFixed(3);
}

/**
 * A won game's ZiNi, asked of the worker when the page is idle. `app` is the page's
 * controller ({client}); `record` the game's record, taken at its end; `done(counters)` is
 * called with the answer (not called on a failure, which only loses the line).
 */
export function askZini(app, record, done) {
  whenIdle(async () => {
    const start = performance.now();
    let counters;
    try {
      counters = await app.client.request(Request.COUNTERS, { record });
    } catch {
      return;
    }
    // For the measurement script and the tests: the wait from the request to the answer.
    document.body.dataset.ziniMs = String(Math.round(performance.now() - start));
    done(counters);
  });
}

/**
 * Fills the review's counters table: a row per counter, ours and, for a replay, its program's
 * (`program` names it); where ours has no value, the reason ("not recorded: ...") instead.
 */
export function renderCounters(table, counters, program = null) {
  if (!counters) {
    table.hidden = true;
    table.replaceChildren();
    return;
  }
  const head = el('tr', {}, ['counter', 'ours', ...(program ? [program] : []), ''].map((t) => el('th', { scope: 'col', text: t })));
  const rows = counters.rows.map((r) => el('tr', { dataset: { counter: r.key, ...(r.missing ? { missing: 'true' } : {}) } }, [
    el('th', { scope: 'row', text: r.name }),
    el('td', { text: r.missing && r.ours === null ? r.missing.split(':')[0] : valueText(r.ours, r.count) }),
    ...(program ? [el('td', { text: valueText(r.program, r.count) })] : []),
    el('td', { text: r.missing ? `${r.unit}; ${r.missing}` : r.unit }),
  ]));
  const caption = el('caption', { text: ziniText(counters) ?? `ZiNi ${counters.zini ?? '—'}, HZiNi ${counters.hzini ?? '—'} (the estimated fewest clicks)` });
  table.replaceChildren(caption, el('thead', {}, [head]), el('tbody', {}, rows));
  table.hidden = false;
}
