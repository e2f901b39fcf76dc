// Players' statistics: the summary shown when a game ends, and the history kept in
// localStorage per preset and rule (played, won, best time, best 3BV/s, best efficiency,
// best ZiNi / clicks, streaks, recent games) with its Statistics panel, a plain SVG chart of recent times, and
// export and clear. The numbers of a game (3BV, clicks, efficiency, time) come from the core
// through the worker; this module only keeps and shows them. Text goes in with textContent.

import { download } from './record.js';
import { el } from './dom.js';

const KEY = 'mineseer.history';
/** Recent games kept per preset and rule. */
export const RECENT_KEPT = 50;
/** Recent games drawn in the chart and listed. */
const RECENT_SHOWN = 20;
const SVG = 'http://www.w3.org/2000/svg';

/**
 * The history key of a game: the preset (or the custom size), the rule and, for a training
 * mode, the mode (a normal game keeps the key it had before the modes).
 */
export function historyKey(size, rule, mode = 'normal') {
  const board = size.preset === 'custom' ? `custom-${size.width}x${size.height}-${size.mines}` : size.preset;
  return mode === 'normal' ? `${board}/${rule}` : `${board}/${rule}/${mode}`;
}

/** The whole history: {key: entry}. Anything unreadable counts as empty. */
export function loadHistory() {
  try {
    const value = JSON.parse(localStorage.getItem(KEY) ?? '{}');
    return value && typeof value === 'object' && !Array.isArray(value) ? value : {};
  } catch {
    return {};
  }
}

function saveHistory(history) {
  try {
    localStorage.setItem(KEY, JSON.stringify(history));
  } catch {
    // Storage full or refused (private mode): the statistics just are not kept.
  }
}

function emptyEntry() {
  return {
    played: 0, won: 0, bestTimeMs: null, bestBbbvPerS: null, bestEfficiency: null,
    bestZiniRatio: null, streak: 0, longestStreak: 0, recent: [],
  };
}

/** Adds a finished game's statistics (the worker's `stats`) to the history under `key`. */
export function addGame(key, stats, when = Date.now()) {
  const history = loadHistory();
  const entry = { ...emptyEntry(), ...(history[key] ?? {}) };
  const won = stats.result === 'won';
  entry.played += 1;
  if (won) {
    entry.won += 1;
    entry.streak += 1;
    entry.longestStreak = Math.max(entry.longestStreak, entry.streak);
    entry.bestTimeMs = best(entry.bestTimeMs, stats.time_ms, Math.min);
    entry.bestBbbvPerS = best(entry.bestBbbvPerS, stats.bbbv_per_s, Math.max);
    entry.bestEfficiency = best(entry.bestEfficiency, stats.efficiency, Math.max);
  } else {
    entry.streak = 0;
  }
  entry.recent = [
    {
      result: stats.result,
      timeMs: stats.time_ms,
      bbbv: stats.bbbv,
      bbbvSolved: stats.bbbv_solved,
      bbbvPerS: stats.bbbv_per_s ?? null,
      efficiency: stats.efficiency ?? null,
      clicks: stats.clicks.total,
      when,
    },
    ...(Array.isArray(entry.recent) ? entry.recent : []),
  ].slice(0, RECENT_KEPT);
  history[key] = entry;
  saveHistory(history);
  return entry;
}

/**
 * A won game's ZiNi, which comes a moment after the game (counters.js): kept on the game
 * (`when` says which, as `addGame` stored it) with its ratio ZiNi / clicks, and the best ratio
 * of the key kept. A game no longer in the recent list still counts for the best.
 */
export function addZini(key, when, counters) {
  if (typeof counters?.zini_of_clicks !== 'number') return null;
  const history = loadHistory();
  const entry = { ...emptyEntry(), ...(history[key] ?? {}) };
  for (const game of Array.isArray(entry.recent) ? entry.recent : []) {
    if (game.when === when) Object.assign(game, { zini: counters.zini, ziniRatio: counters.zini_of_clicks });
  }
  entry.bestZiniRatio = best(entry.bestZiniRatio, counters.zini_of_clicks, Math.max);
  history[key] = entry;
  saveHistory(history);
  return entry;
}

function best(current, value, pick) {
  if (typeof value !== 'number' || !Number.isFinite(value)) return current;
  return current === null || current === undefined ? value : pick(current, value);
}

export function clearHistory() {
  try {
    localStorage.removeItem(KEY);
  } catch {
    // Nothing kept anyway.
  }
}

/** Seconds with three decimals. */
export function seconds(ms) {
  return (ms / 1000).toFixed(3);
}

function pct(value) {
  return typeof value === 'number' ? `${(value * 100).toFixed(0)} %` : '—';
}

function rate(value) {
  return typeof value === 'number' ? value.toFixed(2) : '—';
}

/** The end-of-game summary line: time, clicks, 3BV, 3BV/s, efficiency. */
export function summaryText(stats) {
  const c = stats.clicks;
  const solved = stats.result === 'won' ? `3BV ${stats.bbbv}` : `3BV ${stats.bbbv_solved} of ${stats.bbbv} solved`;
  return [
    `${stats.result === 'won' ? 'Won' : stats.result === 'lost' ? 'Lost' : 'Unfinished'} in ${seconds(stats.time_ms)} s`,
    `${c.total} clicks (${c.effective} did something: ${c.left} left, ${c.right} right, ${c.chord} chord)`,
    solved,
    `3BV/s ${rate(stats.bbbv_per_s)}`,
    `efficiency ${pct(stats.efficiency)}`,
  ].join(' · ');
}


/**
 * The Statistics card. `currentKey()` says which preset and rule to show; `notify(text, kind)`
 * shows a message.
 */
export class StatsPanel {
  constructor(container, { currentKey, notify }) {
    this.currentKey = currentKey;
    this.notify = notify;
    this.card = el('section', { class: 'card stats-card', id: 'stats-card', 'aria-labelledby': 'stats-title' });
    this.title = el('h2', { id: 'stats-title', text: 'Statistics' });
    this.which = el('p', { class: 'muted', id: 'stats-key' });
    this.numbers = el('dl', { class: 'stats-numbers', id: 'stats-numbers' });
    this.chart = document.createElementNS(SVG, 'svg');
    this.chart.setAttribute('id', 'stats-chart');
    this.chart.setAttribute('class', 'stats-chart');
    this.chart.setAttribute('role', 'img');
    this.chart.setAttribute('viewBox', '0 0 300 80');
    this.recent = el('ol', { class: 'stats-recent', id: 'stats-recent', 'aria-label': 'Recent games' });
    const exportButton = el('button', { type: 'button', id: 'stats-export', text: 'Export history' });
    const clearButton = el('button', { type: 'button', id: 'stats-clear', text: 'Clear history' });
    exportButton.addEventListener('click', () => this.exportHistory());
    clearButton.addEventListener('click', () => {
      clearHistory();
      this.render();
      this.notify('The statistics history is cleared.', 'info');
    });
    const note = el('p', {
      class: 'muted',
      text: 'Games you finish yourself; games with auto-play moves or opened from a record are not counted.',
    });
    this.card.append(this.title, this.which, this.numbers, this.chart, this.recent,
      el('div', { class: 'row' }, [exportButton, clearButton]), note);
    container.append(this.card);
    this.render();
  }

  exportHistory() {
    download('mineseer-statistics.json', `${JSON.stringify(loadHistory(), null, 1)}\n`, 'application/json');
  }

  render() {
    const key = this.currentKey();
    const entry = { ...emptyEntry(), ...(loadHistory()[key] ?? {}) };
    this.which.textContent = `${key.replace('/', ', first click ')}`;
    this.card.dataset.played = String(entry.played);
    this.card.dataset.won = String(entry.won);
    const rows = [
      ['Played', String(entry.played), 'played'],
      ['Won', entry.played ? `${entry.won} (${((entry.won / entry.played) * 100).toFixed(1)} %)` : '0', 'won'],
      ['Best time', entry.bestTimeMs === null ? '—' : `${seconds(entry.bestTimeMs)} s`, 'best-time'],
      ['Best 3BV/s', rate(entry.bestBbbvPerS), 'best-bbbv-per-s'],
      ['Best efficiency', pct(entry.bestEfficiency), 'best-efficiency'],
      ['Best ZiNi / clicks', pct(entry.bestZiniRatio), 'best-zini-ratio'],
      ['Streak', `${entry.streak} (longest ${entry.longestStreak})`, 'streak'],
    ];
    this.numbers.replaceChildren(...rows.flatMap(([name, value, id]) => [
      el('dt', { text: name }),
      el('dd', { text: value, dataset: { stat: id } }),
    ]));
    const recent = (Array.isArray(entry.recent) ? entry.recent : []).slice(0, RECENT_SHOWN);
    this.recent.replaceChildren(...recent.map((g) => el('li', {
      text: `${g.result} · ${seconds(g.timeMs)} s · 3BV ${g.bbbv} · ${rate(g.bbbvPerS)} 3BV/s · ${pct(g.efficiency)}`
        + (typeof g.ziniRatio === 'number' ? ` · ZiNi ${g.zini}: ${pct(g.ziniRatio)} of the fewest` : ''),
      dataset: { result: g.result },
    })));
    this.drawChart(recent.slice().reverse());
  }

  /** Bars of the recent times, oldest at the left; won games in the accent colour. */
  drawChart(games) {
    const svg = this.chart;
    svg.replaceChildren();
    const title = document.createElementNS(SVG, 'title');
    title.textContent = games.length ? `Times of the last ${games.length} games` : 'No games yet';
    svg.append(title);
    svg.setAttribute('aria-label', title.textContent);
    if (games.length === 0) return;
    const longest = Math.max(...games.map((g) => g.timeMs), 1);
    const width = 300 / games.length;
    games.forEach((g, i) => {
      const h = Math.max(2, (g.timeMs / longest) * 70);
      const bar = document.createElementNS(SVG, 'rect');
      bar.setAttribute('x', String(i * width + 1));
      bar.setAttribute('y', String(78 - h));
      bar.setAttribute('width', String(Math.max(1, width - 2)));
      bar.setAttribute('height', String(h));
      bar.setAttribute('class', g.result === 'won' ? 'bar-won' : 'bar-lost');
      const tip = document.createElementNS(SVG, 'title');
      tip.textContent = `${g.result}, ${seconds(g.timeMs)} s`;
      bar.append(tip);
      svg.append(bar);
    });
  }
}
