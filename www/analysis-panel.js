// The Analysis card and the status line's Analyze toggle and win chance: asks the analyst
// worker for the shown position's analysis and puts it into words (the summary, the hover line
// with the Endgame's figures for the cell, the win chance). A module of its own because it is
// the one part of the page that reads the engine's analysis; when the Endgame asks for its
// answers is endgame-mode.js's, and its estimate estimate.js's.
import {
  Request, DETAILED_ANALYSIS_MAX_CELLS, analysisOptions,
} from './protocol.js';
import { MAX_BEST_GUESSES, percent } from './board-view.js';
import { candidateText } from './estimate.js';
import { $, setPressed } from './controls.js';

/** Heads the summary of an estimate; the browser tests look for it. */
const APPROXIMATE_NOTE = 'approximate (floating point): the exact analysis is over budget';

/**
 * The analysis of the shown position. `app` is the page's controller: {state, view, analyst,
 * guarded(action), storeSettings()}.
 */
export function createAnalysisPanel(app) {
  const { state, view } = app;

  function analyzeOn() {
    return $('analyze').getAttribute('aria-pressed') === 'true';
  }

  async function requestAnalysis() {
    const version = state.version;
    const position = state.position;
    const cells = position.width * position.height;
    await app.guarded(async () => {
      const analysis = await app.analyst.request(Request.ANALYZE, {
        position: position.toMineText(),
        options: analysisOptions(cells),
      });
      if (version !== state.version || !analyzeOn()) return;
      state.analysis = analysis;
      view.showAnalysis(analysis, $('display').value);
      $('analysis-summary').textContent = summary(analysis);
      $('analysis-summary').dataset.approximate = String(Boolean(analysis.approximate));
      document.body.dataset.analyzed = String(version);
      app.clicks?.request();
      if (performance.getEntriesByName('mineseer-first-analysis').length === 0) {
        // Load to first analysis on screen, for tests/measure-page.mjs.
        performance.mark('mineseer-first-analysis');
      }
    });
  }

  /** The hover line: a cell's mine chance and, when the engine gives them, its number chances. */
  function showNumberChances(x, y) {
    const info = $('hover-info');
    const analysis = state.analysis;
    if (!analysis) {
      info.textContent = '';
      return;
    }
    const cell = analysis.cells.find((c) => c.x === x && c.y === y);
    if (!cell) {
      info.textContent = '';
      return;
    }
    const parts = [`(${x}, ${y}): mine ${(cell.p * 100).toFixed(2)}%`];
    if (cell.exact) parts.push(`= ${cell.exact}`);
    if (Array.isArray(cell.values)) {
      const chances = cell.values
        .map((p, n) => (p > 0 ? `${n}: ${percent(p)}%` : null))
        .filter(Boolean)
        .join('  ');
      if (chances) parts.push(`· if safe shows ${chances}`);
    }
    const moves = state.endgameMoves;
    const move = moves?.version === state.version ? moves.byCell.get(y * state.position.width + x) : null;
    if (move) parts.push(`· win if revealed ${(move.win * 100).toFixed(2)}% = ${move.winExact}`);
    const estimate = state.endgameEstimate;
    const figure = estimate?.version === state.version ? candidateText(estimate.summary, x, y) : null;
    if (figure) parts.push(figure);
    info.textContent = parts.join(' ');
  }

  /**
   * Shows the endgame's win chance, with its exact fraction or what it is as the title, and
   * what kind of answer it is: data-kind "exact" or "estimate" (with data-win, data-lo and
   * data-hi, 0-1).
   */
  function showWinChance(text, title = '', { kind, win, lo, hi } = {}) {
    const el = $('win-chance');
    el.textContent = text;
    el.title = title;
    for (const [key, value] of Object.entries({ kind, win, lo, hi })) {
      if (value === undefined) delete el.dataset[key];
      else el.dataset[key] = String(value);
    }
  }

  /** The Analyze toggle and the Show choice (the Endgame's toggle is endgame-mode.js's). */
  function wire() {
    $('analyze').addEventListener('click', () => {
      const on = !analyzeOn();
      setPressed($('analyze'), on);
      app.storeSettings();
      if (on) requestAnalysis();
      else {
        state.analysis = null;
        view.clearOverlay();
        app.clicks?.clear();
        $('analysis-summary').textContent = '';
      }
    });
    $('display').addEventListener('change', () => {
      app.storeSettings();
      if (state.analysis) view.showAnalysis(state.analysis, $('display').value);
    });
  }

  return { analyzeOn, requestAnalysis, showNumberChances, showWinChance, wire };
}

function summary(analysis) {
  if (analysis.approximate) return approximateSummary(analysis);
  const digits = analysis.solutions.length;
  const count = digits > 15 ? `about 10^${digits - 1}` : analysis.solutions;
  const open = analysis.cells.filter((c) => !c.flagged);
  const safe = open.filter((c) => c.certainty === 'safe').length;
  const parts = [`${count} consistent layout${analysis.solutions === '1' ? '' : 's'}`, `${safe} certainly safe`];
  const unknown = open.filter((c) => c.certainty === 'unknown');
  if (safe === 0 && unknown.length > 0) {
    const lowest = Math.min(...unknown.map((c) => c.p));
    const ties = unknown.filter((c) => c.p === lowest).length;
    parts.push(`safest guess ${percent(1 - lowest)}% safe` + (ties > MAX_BEST_GUESSES ? ` (${ties} cells tie)` : ''));
  }
  if (analysis.fiftyFifty.length > 0) parts.push(`${analysis.fiftyFifty.length} forced guess${analysis.fiftyFifty.length > 1 ? 'es' : ''} (½)`);
  if (analysis.width * analysis.height > DETAILED_ANALYSIS_MAX_CELLS) parts.push('number chances off on boards this large');
  parts.push(`${analysis.ms.toFixed(1)} ms`);
  return parts.join(' · ');
}

/**
 * The summary of a floating-point estimate (the exact analysis was over budget): it says so
 * first, and claims nothing that needs exact counts (no certainties, dead tiles or 50/50s).
 */
function approximateSummary(analysis) {
  const open = analysis.cells.filter((c) => !c.flagged);
  const parts = [APPROXIMATE_NOTE];
  parts.push(`about 2^${Math.round(analysis.solutionsLog2)} consistent layouts`);
  if (open.length > 0) {
    const lowest = Math.min(...open.map((c) => c.p));
    parts.push(`safest guess about ${percent(1 - lowest)}% safe`);
  }
  parts.push(`${analysis.ms.toFixed(1)} ms`);
  return parts.join(' · ');
}
