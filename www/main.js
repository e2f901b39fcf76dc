// The page's controller: wires the controls, the board view and the worker client. All solver
// work happens in the worker (see client.js); this module only keeps the page's state.
import { SolverClient, Superseded } from './client.js';
import {
  Request, DETAILED_ANALYSIS_MAX_CELLS, ENDGAME_MAX_VISITS, ENDGAME_MOVE_VALUES_MAX_VISITS, analysisOptions,
} from './protocol.js';
import { BoardView, MAX_BEST_GUESSES, percent } from './board-view.js';
import { Position, toMbf } from './position.js';
import { PRESETS, loadSettings, saveSettings, shareHash, readHash } from './settings.js';
import { looksLikeRecord, isReplay, download } from './record.js';
import { GameRecords } from './review.js';
import { Estimator, candidateText, estimateEndgame, planText } from './estimate.js';

const $ = (id) => document.getElementById(id);

/** Touch: how long a press must last to flag instead of reveal, in milliseconds. */
const LONG_PRESS_MS = 400;
/** Touch: a press that moves further than this (CSS px) is a pan of the board's frame, not a press. */
const PRESS_SLOP_PX = 10;
/** Touch: the buzz that confirms a long press, where navigator.vibrate exists, in milliseconds. */
const LONG_PRESS_VIBRATE_MS = 25;
/** Zoom: the cell sizes (CSS px) that the - and + buttons step through. */
const ZOOM_STEPS = [10, 12, 14, 16, 18, 20, 24, 28, 32, 36, 40, 48];
/** Zoom: where the chosen cell size is kept (www/boot.js reads it too, before the first paint). */
const ZOOM_KEY = 'mineseer.zoom';
/** Heads the summary of an estimate; the browser tests look for it. */
const APPROXIMATE_NOTE = 'approximate (floating point): the exact analysis is over budget';
/** Auto-play delay per speed step: speed 10 plays as fast as the worker answers. */
const AUTOPLAY_DELAYS_MS = [1500, 1000, 700, 500, 350, 250, 150, 100, 50, 20, 0];

const settings = loadSettings();
const view = new BoardView($('board'));
/** The worker that holds the game (and runs the auto-player). */
let client = null;
/**
 * The worker that analyses positions (Analyze, Endgame, loading a position). It keeps no
 * state, so a long analysis that a newer request supersedes is stopped by restarting it.
 */
let analyst = null;
let features = {};
/** Game records, the end-of-game summary, the statistics and the review (review.js). */
let records = null;
/** The Endgame's estimate where the exact search is too large: its rollout workers (estimate.js). */
const estimator = new Estimator();

/** What the board shows: a game in the worker, or a position being edited. */
const state = {
  mode: 'position',
  /** The Position shown (for a game, what the player knows). */
  position: Position.empty(30, 16, 99),
  /** The last game state from the worker. */
  game: null,
  /** The last analysis of the shown position, if Analyze is on. */
  analysis: null,
  /** Counts every change of the shown position, so that stale answers are ignored. */
  version: 0,
  /** The endgame's win chance after each hidden cell, {version, byCell: Map(y * width + x -> move)}. */
  endgameMoves: null,
  /** The endgame's estimate shown, {version, summary}: its candidates' figures on hover. */
  endgameEstimate: null,
  timerStart: null,
  timerHandle: null,
  autoplaying: false,
};

// ---------------------------------------------------------------- messages and errors

function showMessage(text, kind = 'error') {
  const el = $('message');
  el.textContent = text;
  el.dataset.kind = kind;
  el.hidden = false;
}

function clearMessage() {
  $('message').hidden = true;
  $('message').textContent = '';
}

/** Runs an async action; shows its error (ignoring superseded requests). */
async function guarded(action) {
  try {
    return await action();
  } catch (err) {
    if (err instanceof Superseded) return undefined;
    showMessage(err.message);
    return undefined;
  }
}

// ---------------------------------------------------------------- settings and theme

function applyTheme() {
  if (settings.theme) document.documentElement.dataset.theme = settings.theme;
  else delete document.documentElement.dataset.theme;
}

function currentSize() {
  const preset = $('preset').value;
  if (preset in PRESETS) return { preset, ...PRESETS[preset] };
  return {
    preset: 'custom',
    width: clampInt($('custom-width').value, 1, 200, 30),
    height: clampInt($('custom-height').value, 1, 200, 16),
    mines: clampInt($('custom-mines').value, 0, 40000, 99),
  };
}

function clampInt(text, lo, hi, fallback) {
  const n = Number.parseInt(text, 10);
  if (!Number.isFinite(n)) return fallback;
  return Math.max(lo, Math.min(hi, n));
}

function storeSettings() {
  const size = currentSize();
  Object.assign(settings, {
    preset: size.preset,
    width: size.width,
    height: size.height,
    mines: size.mines,
    rule: $('rule').value,
    display: $('display').value,
    speed: Number($('speed').value),
    analyze: $('analyze').getAttribute('aria-pressed') === 'true',
  });
  saveSettings(settings);
}

function applySettingsToControls() {
  $('preset').value = settings.preset;
  $('custom-width').value = String(settings.width);
  $('custom-height').value = String(settings.height);
  $('custom-mines').value = String(settings.mines);
  $('custom-size').hidden = settings.preset !== 'custom';
  $('rule').value = settings.rule;
  $('display').value = settings.display;
  $('speed').value = String(settings.speed);
  setPressed($('analyze'), settings.analyze);
}

function setPressed(button, on) {
  button.setAttribute('aria-pressed', on ? 'true' : 'false');
}

function analyzeOn() {
  return $('analyze').getAttribute('aria-pressed') === 'true';
}

// ---------------------------------------------------------------- showing the board

/** Shows a new position and, with Analyze on, asks for its analysis. */
function showPosition(position) {
  estimator.cancel();
  state.position = position;
  state.version++;
  state.analysis = null;
  view.render(position.width, position.height, position.cells);
  view.clearOverlay();
  showWinChance('—');
  $('endgame-info').textContent = '';
  $('mines-left').textContent = String(position.mines - position.cells.filter((c) => c === 'F').length);
  $('edit-mines').value = String(position.mines);
  if (analyzeOn()) requestAnalysis();
  else $('analysis-summary').textContent = '';
}

async function requestAnalysis() {
  const version = state.version;
  const position = state.position;
  const cells = position.width * position.height;
  await guarded(async () => {
    const analysis = await analyst.request(Request.ANALYZE, {
      position: position.toMineText(),
      options: analysisOptions(cells),
    });
    if (version !== state.version || !analyzeOn()) return;
    state.analysis = analysis;
    view.showAnalysis(analysis, $('display').value);
    $('analysis-summary').textContent = summary(analysis);
    $('analysis-summary').dataset.approximate = String(Boolean(analysis.approximate));
    document.body.dataset.analyzed = String(version);
    if (performance.getEntriesByName('mineseer-first-analysis').length === 0) {
      // Load to first analysis on screen, for tests/measure-page.mjs.
      performance.mark('mineseer-first-analysis');
    }
  });
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

// ---------------------------------------------------------------- playing

function randomSeed() {
  const words = new Uint32Array(2);
  crypto.getRandomValues(words);
  // 53 bits stay exact in a JS number and in the text of the link.
  return String((words[0] & 0x1fffff) * 2 ** 32 + words[1]);
}

async function newGame({ replay = false } = {}) {
  stopAutoplay();
  storeSettings();
  clearMessage();
  const size = currentSize();
  const rule = $('rule').value;
  let seed = $('seed').value.trim();
  if (replay && state.game) seed = state.game.seed;
  if (seed && !/^\d{1,20}$/.test(seed)) {
    showMessage(`the seed must be a whole number, not ${JSON.stringify(seed)}`);
    return;
  }
  if (!seed) seed = randomSeed();
  if (!features.game) {
    showPosition(Position.empty(size.width, size.height, size.mines));
    showMessage('Playing is not in this build yet: paste a position to analyse it.', 'info');
    return;
  }
  await guarded(async () => {
    const game = await client.request(Request.GAME, {
      op: 'new',
      options: { width: size.width, height: size.height, mines: size.mines, rule, seed },
    });
    state.mode = 'game';
    $('moves').replaceChildren();
    resetTimer();
    records?.onNewGame();
    view.clearOverlay();
    showGame(game);
    history.replaceState(null, '', shareHash({ ...size, rule, seed: game.seed }));
  });
}

/** Shows a game state from the worker. */
function showGame(game) {
  estimator.cancel();
  state.game = game;
  $('game-seed').textContent = game.seed;
  const position = Position.fromMineText(game.position);
  state.position = position;
  state.version++;
  state.analysis = null;
  view.render(game.width, game.height, game.cells.split(''));
  // With Analyze on, the marks stay until the next analysis replaces them, which then redraws
  // only the cells whose chances changed (a click on a big board stays quick).
  view.clearBestMove();
  if (!analyzeOn() || game.status !== 'playing') view.clearOverlay();
  else view.markStale();
  $('mines-left').textContent = String(game.minesLeft);
  $('face').textContent = game.status === 'won' ? '★' : game.status === 'lost' ? '☹' : '☺';
  document.body.dataset.game = game.status;
  showWinChance('—');
  $('endgame-info').textContent = '';
  if (game.started && game.status === 'playing' && state.timerStart === null) startTimer();
  if (game.status !== 'playing') stopTimer();
  if (game.status === 'won') showMessage(`You won in ${$('timer').textContent} s.`, 'success');
  else if (game.status === 'lost') showMessage('Boom. The red cell was the mine; crossed flags were wrong.', 'info');
  if (analyzeOn() && game.status === 'playing') requestAnalysis();
  else $('analysis-summary').textContent = '';
  records?.onGameState(game);
}

/** Shows a game the worker made from a file (a record): play goes on from it. */
function adoptGame(game) {
  stopAutoplay();
  state.mode = 'game';
  $('moves').replaceChildren();
  resetTimer();
  showGame(game);
}

async function gameMove(op, x, y) {
  if (state.mode !== 'game' || !state.game || state.game.status !== 'playing') return;
  clearMessage();
  await guarded(async () => {
    const previous = state.game;
    const game = await client.request(Request.GAME, { op, x, y });
    if (previous.position === game.position && previous.status === game.status) {
      // A click that changed nothing (a revealed cell, a chord short of flags): the analysis
      // and the Endgame's answer stay.
      state.game = game;
      records?.onGameState(game);
      return;
    }
    showGame(game);
  });
}

function resetTimer() {
  stopTimer();
  state.timerStart = null;
  $('timer').textContent = '0';
}

function startTimer() {
  state.timerStart = performance.now();
  state.timerHandle = setInterval(() => {
    $('timer').textContent = String(Math.floor((performance.now() - state.timerStart) / 1000));
  }, 250);
}

function stopTimer() {
  clearInterval(state.timerHandle);
  state.timerHandle = null;
}

// ---------------------------------------------------------------- cell input

/** A primary action on a cell: reveal, chord on a number, or paint in the editor. */
function primary(x, y) {
  if (state.mode === 'position') return paint(x, y);
  const ch = state.position.cell(x, y);
  if (ch >= '1' && ch <= '8') return gameMove('chord', x, y);
  // Every other click is a reveal; on a flag or a revealed cell it changes nothing, but the
  // game's record counts it, as players' statistics count every click.
  return gameMove('reveal', x, y);
}

function secondary(x, y) {
  if (state.mode === 'position') {
    const ch = state.position.cell(x, y);
    if (ch === 'H' || ch === 'F') showPosition(state.position.withCell(x, y, ch === 'F' ? 'H' : 'F'));
    return undefined;
  }
  return gameMove('flag', x, y);
}

function chordAt(x, y) {
  if (state.mode === 'game') return gameMove('chord', x, y);
  return undefined;
}

function paint(x, y) {
  const tool = $('paint').value;
  if (!tool) {
    showMessage('Pick a paint tool under Position to edit cells, or start a new game to play.', 'info');
    return;
  }
  clearMessage();
  showPosition(state.position.withCell(x, y, tool));
  $('position').value = state.position.toMineText();
}

/**
 * The cell an event on the board is for: its target, or else the cell under its point (see
 * BoardView.cellAtPoint: the browser can hand a press on a cell to its row).
 */
function cellOf(event) {
  const el = event.target.closest?.('.cell');
  if (el) return { x: Number(el.dataset.x), y: Number(el.dataset.y), el };
  if (!('clientX' in event)) return null;
  return view.cellAtPoint(event.clientX, event.clientY);
}

/** A long press on a cell: shows its details; on a hidden or flagged cell, flags or unflags it. */
function longPress(x, y) {
  showNumberChances(x, y);
  const ch = state.position.cell(x, y);
  if (ch !== 'H' && ch !== 'F') return;
  navigator.vibrate?.(LONG_PRESS_VIBRATE_MS);
  secondary(x, y);
}

function wireBoardInput() {
  const board = $('board');
  let press = null;
  board.addEventListener('pointerdown', (event) => {
    if (event.pointerType !== 'touch') return;
    const cell = cellOf(event);
    if (!cell) return;
    if (press) clearTimeout(press.timer);
    // Screen coordinates: content that moves under a still finger (a line shown above the
    // board) is no pan; only the finger's own movement is.
    press = { ...cell, long: false, startX: event.screenX, startY: event.screenY, downAt: event.timeStamp };
    press.timer = setTimeout(() => firePress(), LONG_PRESS_MS);
  });
  /** The press is long: flag (once), whichever comes first of our timer, a late pointerup, or the platform's own long press (contextmenu). */
  const firePress = () => {
    if (!press || press.long) return;
    clearTimeout(press.timer);
    press.long = true;
    longPress(press.x, press.y);
  };
  const endPress = (event) => {
    if (!press) return;
    clearTimeout(press.timer);
    // A busy page may run the timer after the finger lifted: the press still was long.
    if (event && event.timeStamp - press.downAt >= LONG_PRESS_MS) firePress();
  };
  board.addEventListener('pointermove', (event) => {
    if (press && !press.long && Math.hypot(event.screenX - press.startX, event.screenY - press.startY) > PRESS_SLOP_PX) {
      // A pan of the frame: neither a tap nor a long press.
      endPress();
      press = null;
    }
  });
  board.addEventListener('pointerup', endPress);
  board.addEventListener('pointercancel', () => {
    // A pan of the frame (or the platform taking over). A press that already flagged is kept,
    // so that the contextmenu which may follow does not flag a second time.
    if (!press || press.long) return;
    clearTimeout(press.timer);
    press = null;
  });
  board.addEventListener('click', (event) => {
    const cell = cellOf(event);
    if (!cell) return;
    if (press) {
      // A touch: a long press already flagged.
      const wasLong = press.long;
      press = null;
      if (wasLong) return;
    }
    // Any click on the board stops the Endgame's estimate (its last figures stay).
    estimator.cancel();
    // A mouse or touch user: the keyboard cursor follows, hidden until a key is used.
    view.cursor = { x: cell.x, y: cell.y };
    view.showCursor(false);
    primary(cell.x, cell.y);
  });
  board.addEventListener('contextmenu', (event) => {
    // Never the browser's menu on the board (a long press on a phone opens it too).
    event.preventDefault();
    const cell = cellOf(event);
    if (!cell) return;
    if (event.pointerType === 'touch') {
      // The platform's long press: ours, if the timer has not fired yet.
      if (press?.x !== cell.x || press?.y !== cell.y) press = { ...cell, long: false };
      firePress();
      return;
    }
    secondary(cell.x, cell.y);
  });
  board.addEventListener('auxclick', (event) => {
    const cell = cellOf(event);
    if (cell && event.button === 1) {
      event.preventDefault();
      chordAt(cell.x, cell.y);
    }
  });
  board.addEventListener('mousedown', (event) => {
    if (event.button === 1) event.preventDefault(); // No autoscroll on middle click.
  });
  board.addEventListener('mouseover', (event) => {
    const cell = cellOf(event);
    if (cell) showNumberChances(cell.x, cell.y);
  });
  board.addEventListener('mouseleave', () => {
    $('hover-info').textContent = '';
  });
  board.addEventListener('keydown', (event) => {
    const moves = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
    const { x, y } = view.cursor;
    if (event.key in moves) {
      const [dx, dy] = moves[event.key];
      view.moveCursor(dx, dy);
      showNumberChances(view.cursor.x, view.cursor.y);
    } else if (event.key === ' ' || event.key === 'Enter') {
      primary(x, y);
    } else if (event.key === 'f' || event.key === 'F') {
      secondary(x, y);
    } else if (event.key === 'c' || event.key === 'C') {
      chordAt(x, y);
    } else {
      return;
    }
    event.preventDefault();
  });
  board.addEventListener('focus', () => view.showCursor(board.matches(':focus-visible')));
  board.addEventListener('blur', () => view.showCursor(false));
  document.addEventListener('keydown', (event) => {
    const typing = ['INPUT', 'TEXTAREA', 'SELECT'].includes(document.activeElement?.tagName);
    if (!typing && (event.key === 'n' || event.key === 'N') && !event.ctrlKey && !event.metaKey) {
      event.preventDefault();
      newGame();
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

// ---------------------------------------------------------------- position editor

async function loadPosition(text) {
  if (looksLikeRecord(text) && records) return records.open(text);
  clearMessage();
  await guarded(async () => {
    // Checked before anything changes: a position with no consistent layout is refused and
    // the board (game or position) stays as it was.
    const parsed = await analyst.request(Request.PARSE, { position: text, check: true });
    stopAutoplay();
    resetTimer();
    $('moves').replaceChildren();
    state.mode = 'position';
    state.game = null;
    document.body.dataset.game = 'position';
    $('game-seed').textContent = '—';
    $('face').textContent = '☺';
    showPosition(Position.fromMineText(parsed.mine));
    showMessage(`Loaded a ${parsed.width}×${parsed.height} position with ${parsed.mines} mines (${parsed.format}).`, 'success');
  });
}

/**
 * Opens a file: an MBF layout, a replay of another program (by its name or its magic bytes, or
 * any bytes that are not text), or a position or record as text. A bad file keeps the game.
 */
async function openFile(file) {
  const bytes = new Uint8Array(await file.arrayBuffer());
  if (/\.mbf$/i.test(file.name)) return loadMbf(bytes);
  if (records && isReplay(file.name, bytes)) return records.openReplay(bytes, file.name);
  const text = new TextDecoder().decode(bytes);
  $('position').value = text;
  return loadPosition(text);
}

/** Loads an MBF layout as a new game (nothing revealed); a bad file leaves the board as it was. */
async function loadMbf(bytes) {
  clearMessage();
  if (!features.game) {
    showMessage('Playing is not in this build yet, so MBF files cannot be loaded.');
    return;
  }
  await guarded(async () => {
    const game = await client.request(Request.GAME, { op: 'mbf', bytes });
    stopAutoplay();
    state.mode = 'game';
    $('moves').replaceChildren();
    resetTimer();
    records?.onNewGame({ counted: false });
    view.clearOverlay();
    showGame(game);
    showMessage(`Loaded a ${game.width}×${game.height} MBF layout with ${game.mines} mines: click to play it.`, 'success');
  });
}

/** The text and MBF bytes to export: the whole game (mines included once placed), or the position. */
async function exportFiles() {
  if (state.mode === 'game' && state.game) {
    return client.request(Request.GAME, { op: 'export' });
  }
  const full = state.position;
  const mines = [];
  full.cells.forEach((c, i) => {
    if (c === 'M') mines.push([i % full.width, Math.floor(i / full.width)]);
  });
  let mbf = null;
  if (mines.length === full.mines && full.width <= 255 && full.height <= 255) {
    mbf = toMbf(full.width, full.height, mines);
  }
  return { mine: full.toMineText({ keepMines: true }), mbf };
}

async function exportMine() {
  await guarded(async () => {
    const files = await exportFiles();
    $('position').value = files.mine;
    download('mineseer.mine', files.mine, 'text/plain');
  });
}

async function exportMbf() {
  await guarded(async () => {
    const files = await exportFiles();
    if (!files.mbf) {
      showMessage('MBF holds a full layout: start a game and make the first click (or mark every mine with M), on a board up to 255×255.');
      return;
    }
    download('mineseer.mbf', new Uint8Array(files.mbf), 'application/octet-stream');
  });
}

async function copyLink() {
  const size = currentSize();
  const hash = state.mode === 'game' && state.game
    ? shareHash({ ...size, rule: $('rule').value, seed: state.game.seed })
    : shareHash({ ...size, rule: $('rule').value, position: state.position.toMineText() });
  history.replaceState(null, '', hash);
  const link = location.href;
  try {
    await navigator.clipboard.writeText(link);
    showMessage('Link copied.', 'success');
  } catch {
    showMessage(`Link: ${link}`, 'info');
  }
}

// ---------------------------------------------------------------- endgame

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

async function solveEndgame() {
  clearMessage();
  if (!analyzeOn()) {
    setPressed($('analyze'), true);
    storeSettings();
    requestAnalysis();
  }
  const version = state.version;
  const position = state.position.toMineText();
  showWinChance('…');
  // The estimate's plan is made alongside the exact search, so that a position over its
  // budget has the auto-player's move in gold at once.
  let exactAnswered = false;
  const planned = features.estimate ? estimator.plan(position) : null;
  planned?.then((plan) => {
    if (version !== state.version || exactAnswered) return;
    view.showBestMove(plan.player.x, plan.player.y, 'the auto-player\'s move');
    $('endgame-info').textContent = `Solving exactly… ${planText(plan)}`;
  }, () => {});
  await guarded(async () => {
    let result;
    try {
      result = await analyst.request(Request.ENDGAME, {
        position,
        options: { maxVisits: ENDGAME_MAX_VISITS, moveValues: true, moveValuesMaxVisits: ENDGAME_MOVE_VALUES_MAX_VISITS },
      });
    } catch (err) {
      // Superseded: a newer Endgame asked, and its estimate is under way.
      if (err instanceof Superseded) throw err;
      if (version === state.version) showWinChance('—');
      estimator.cancel();
      throw err;
    } finally {
      exactAnswered = true;
    }
    if (version !== state.version) return;
    if (!result.solved && planned) {
      await estimateEndgame(estimator, planned, result, {
        view,
        current: () => version === state.version,
        showWinChance,
        showInfo: (text) => { $('endgame-info').textContent = text; },
        onFigures: (summary) => { state.endgameEstimate = { version, summary }; },
      });
      return;
    }
    estimator.cancel();
    if (!result.solved) {
      showWinChance('too large');
      $('endgame-info').textContent = result.reason ?? 'This position is over the endgame budget.';
      return;
    }
    showWinChance(`${(result.winChance * 100).toFixed(2)}%`, result.winChanceExact, { kind: 'exact' });
    if (result.bestMove) view.showBestMove(result.bestMove.x, result.bestMove.y);
    else view.clearBestMove();
    const width = state.position.width;
    state.endgameMoves = result.moves
      ? { version, byCell: new Map(result.moves.map((m) => [m.y * width + m.x, m])) }
      : null;
    $('endgame-info').textContent =
      `Exactly ${result.winChanceExact} over ${result.layouts} layouts` +
      (result.bestMove ? `; best move (${result.bestMove.x}, ${result.bestMove.y}), outlined in gold.` : '.') +
      (!result.bestMove ? '' : result.moves
        ? ' Point at a cell (on touch, a long press, which also flags it) for its win chance if revealed.'
        : ' Valuing every cell would take too long here.');
  });
}

// ---------------------------------------------------------------- auto-play

async function step() {
  if (state.mode !== 'game' || !state.game) {
    showMessage('Auto-play needs a game: press New game first.', 'info');
    return false;
  }
  if (state.game.status !== 'playing') return false;
  records?.noteAuto();
  const result = await guarded(() => client.request(Request.GAME, { op: 'step', options: {} }));
  if (!result) return false;
  if (result.move) logMove(result.move);
  showGame(result.state);
  if (!result.move) return false;
  return result.state.status === 'playing';
}

/** A move's reason in words: certain / endgame with win chance / guess or forced guess with safety / opening. */
function reasonText(move) {
  const verb = move.action === 'flag' ? 'flag' : 'reveal';
  switch (move.kind) {
    case 'opening': return `${verb}: opening move`;
    case 'certain': return `${verb}: certain`;
    case 'endgame': return `${verb}: endgame, win chance ${(move.win * 100).toFixed(2)}%`;
    case 'guess': return `${verb}: guess, ${(move.safety * 100).toFixed(1)}% safe`;
    // A forced guess must be taken sooner or later (no reveal can ever settle it), so the
    // player takes it first: its number may help with the rest.
    case 'forced': return `${verb}: forced guess, ${(move.safety * 100).toFixed(1)}% safe (no reveal can settle it)`;
    default: return verb;
  }
}

function logMove(move) {
  const li = document.createElement('li');
  li.textContent = `(${move.x}, ${move.y}) ${reasonText(move)}`;
  li.dataset.kind = move.kind;
  const list = $('moves');
  list.prepend(li);
  while (list.childElementCount > 200) list.lastElementChild.remove();
}

async function autoplay() {
  if (state.autoplaying) {
    stopAutoplay();
    return;
  }
  state.autoplaying = true;
  setPressed($('autoplay'), true);
  while (state.autoplaying) {
    const goOn = await step();
    if (!goOn) break;
    const delay = AUTOPLAY_DELAYS_MS[Number($('speed').value)] ?? 100;
    await new Promise((resolve) => setTimeout(resolve, delay));
  }
  stopAutoplay();
}

function stopAutoplay() {
  state.autoplaying = false;
  setPressed($('autoplay'), false);
}

// ---------------------------------------------------------------- bulk run

let bulkClient = null;

async function bulkRun() {
  if (bulkClient) return;
  const size = currentSize();
  const games = clampInt($('bulk-games').value, 1, 100000, 100);
  const seed = $('seed').value.trim() || randomSeed();
  // A second worker, so the board stays analysable while the bulk run goes on.
  bulkClient = new SolverClient();
  $('bulk-run').disabled = true;
  $('bulk-cancel').disabled = false;
  $('bulk-progress').max = games;
  $('bulk-progress').value = 0;
  $('bulk-result').textContent = 'Starting…';
  try {
    await bulkClient.ready;
    const result = await bulkClient.request(
      Request.BULK,
      { width: size.width, height: size.height, mines: size.mines, rule: $('rule').value, seed, games },
      { onProgress: (p) => showBulk(p, seed) },
    );
    showBulk(result, seed);
  } catch (err) {
    showMessage(err.message);
  } finally {
    bulkClient.worker.terminate();
    bulkClient = null;
    $('bulk-run').disabled = false;
    $('bulk-cancel').disabled = true;
  }
}

function showBulk({ played, won, games, cancelled }, seed) {
  $('bulk-progress').value = played;
  const rate = played ? won / played : 0;
  const [lo, hi] = wilson(won, played);
  $('bulk-result').textContent =
    `${won} won of ${played}${cancelled ? ' (cancelled)' : played < games ? ` of ${games}` : ''}: ` +
    `${(rate * 100).toFixed(1)}% (95% CI ${(lo * 100).toFixed(1)}–${(hi * 100).toFixed(1)}%), seed ${seed}`;
}

/** The Wilson score interval at 95 %. */
function wilson(k, n) {
  if (n === 0) return [0, 1];
  const z = 1.96;
  const p = k / n;
  const denom = 1 + (z * z) / n;
  const centre = (p + (z * z) / (2 * n)) / denom;
  const half = (z * Math.sqrt((p * (1 - p)) / n + (z * z) / (4 * n * n))) / denom;
  return [Math.max(0, centre - half), Math.min(1, centre + half)];
}

// ---------------------------------------------------------------- zoom

/** The kept cell size in CSS px, or null for "fit the frame's width". */
function savedZoom() {
  try {
    const px = Number(localStorage.getItem(ZOOM_KEY));
    return ZOOM_STEPS.includes(px) ? px : null;
  } catch {
    return null;
  }
}

function setZoom(px) {
  try {
    if (px) localStorage.setItem(ZOOM_KEY, String(px));
    else localStorage.removeItem(ZOOM_KEY);
  } catch {
    // Storage may be disabled (private mode): the zoom still applies to this visit.
  }
  view.setZoom(px);
  setPressed($('zoom-fit'), !px);
  $('zoom-out').disabled = px === ZOOM_STEPS[0];
  $('zoom-in').disabled = px === ZOOM_STEPS[ZOOM_STEPS.length - 1];
}

/** Steps the cell size from the size on screen: -1 smaller, +1 larger. */
function stepZoom(direction) {
  const now = view.cellSize();
  const next = direction < 0
    ? [...ZOOM_STEPS].reverse().find((px) => px < now - 0.5) ?? ZOOM_STEPS[0]
    : ZOOM_STEPS.find((px) => px > now + 0.5) ?? ZOOM_STEPS[ZOOM_STEPS.length - 1];
  setZoom(next);
}

function wireZoom() {
  $('zoom-out').addEventListener('click', () => stepZoom(-1));
  $('zoom-in').addEventListener('click', () => stepZoom(1));
  $('zoom-fit').addEventListener('click', () => setZoom(null));
  setZoom(savedZoom());
  // The board's box changes size with its cells: a new board, the zoom, or fitting cells when
  // the frame changes (a phone turned, a window resized). Read after layout, so it costs nothing.
  new ResizeObserver(() => view.fitText()).observe($('board'));
}

// ---------------------------------------------------------------- offline

/**
 * Registers the service worker (sw.js, generated at build time by scripts/service-worker.mjs),
 * which keeps the built files for offline use. Its URL is relative, so its scope is the page's
 * own folder, wherever the page is served from.
 */
function registerServiceWorker() {
  if (!('serviceWorker' in navigator)) return;
  navigator.serviceWorker.register('./sw.js').catch((err) => {
    // The page works without it (only not offline); a dev server has no sw.js.
    console.warn(`no offline copy: ${err.message}`);
  });
}

// ---------------------------------------------------------------- start

function wireControls() {
  $('game-form').addEventListener('submit', (event) => {
    event.preventDefault();
    newGame();
  });
  $('replay').addEventListener('click', () => newGame({ replay: true }));
  $('face').addEventListener('click', () => newGame());
  $('preset').addEventListener('change', () => {
    $('custom-size').hidden = $('preset').value !== 'custom';
    storeSettings();
  });
  $('rule').addEventListener('change', storeSettings);
  $('speed').addEventListener('change', storeSettings);
  $('analyze').addEventListener('click', () => {
    const on = !analyzeOn();
    setPressed($('analyze'), on);
    storeSettings();
    if (on) requestAnalysis();
    else {
      state.analysis = null;
      view.clearOverlay();
      $('analysis-summary').textContent = '';
    }
  });
  $('display').addEventListener('change', () => {
    storeSettings();
    if (state.analysis) view.showAnalysis(state.analysis, $('display').value);
  });
  $('endgame').addEventListener('click', solveEndgame);
  $('step').addEventListener('click', () => {
    stopAutoplay();
    step();
  });
  $('autoplay').addEventListener('click', autoplay);
  $('bulk-form').addEventListener('submit', (event) => {
    event.preventDefault();
    bulkRun();
  });
  $('bulk-cancel').addEventListener('click', () => bulkClient?.cancelBulk());
  $('load-position').addEventListener('click', () => loadPosition($('position').value));
  $('open-file').addEventListener('change', () => {
    const file = $('open-file').files?.[0];
    $('open-file').value = '';
    if (file) openFile(file);
  });
  // A file dropped anywhere on the page opens as the file input would open it.
  document.addEventListener('dragover', (event) => event.preventDefault());
  document.addEventListener('drop', (event) => {
    event.preventDefault();
    const file = event.dataTransfer?.files?.[0];
    if (file) openFile(file);
  });
  $('edit-mines').addEventListener('change', () => {
    if (state.mode !== 'position') return;
    const mines = clampInt($('edit-mines').value, 0, state.position.width * state.position.height, state.position.mines);
    showPosition(state.position.withMines(mines));
  });
  $('paint').addEventListener('change', () => {
    // Painting turns the board into an editable position: the game's view, without its mines.
    if ($('paint').value && state.mode === 'game') {
      stopAutoplay();
      stopTimer();
      state.mode = 'position';
      state.game = null;
      document.body.dataset.game = 'position';
      $('game-seed').textContent = '—';
      showPosition(state.position);
      $('position').value = state.position.toMineText();
      showMessage('Editing: click cells to paint them; the analysis follows every change.', 'info');
    }
  });
  $('export-mine').addEventListener('click', exportMine);
  $('export-mbf').addEventListener('click', exportMbf);
  $('share').addEventListener('click', copyLink);
  $('theme').addEventListener('click', () => {
    const dark = document.documentElement.dataset.theme === 'dark' ||
      (!document.documentElement.dataset.theme && matchMedia('(prefers-color-scheme: dark)').matches);
    settings.theme = dark ? 'light' : 'dark';
    saveSettings(settings);
    applyTheme();
  });
}

async function start() {
  applyTheme();
  const fromLink = readHash(location.hash);
  Object.assign(settings, fromLink.preset ? { preset: fromLink.preset } : {});
  if (fromLink.preset === 'custom') Object.assign(settings, { width: fromLink.width, height: fromLink.height, mines: fromLink.mines });
  if (fromLink.rule) settings.rule = fromLink.rule;
  applySettingsToControls();
  if (fromLink.seed) $('seed').value = fromLink.seed;
  wireControls();
  wireBoardInput();
  const size = currentSize();
  view.render(size.width, size.height, new Array(size.width * size.height).fill('H'));
  wireZoom();
  registerServiceWorker();

  const busy = { game: false, analysis: false };
  const showBusy = () => { $('spinner').hidden = !(busy.game || busy.analysis); };
  client = new SolverClient({ onBusy: (on) => { busy.game = on; showBusy(); } });
  analyst = new SolverClient(
    {
      onBusy: (on) => { busy.analysis = on; showBusy(); },
      // For tests: how many long analyses were stopped by a newer request.
      onRestart: (count) => { document.body.dataset.analysisRestarts = String(count); },
    },
    { restartable: true },
  );
  try {
    [features] = await Promise.all([client.ready, analyst.ready]);
  } catch (err) {
    showMessage(`The solver could not start: ${err.message}`);
    return;
  }
  records = new GameRecords(document.querySelector('.panel') ?? document.body, {
    client,
    analyst,
    view,
    state,
    showGame,
    adoptGame,
    stopAutoplay,
    showMessage,
    clearMessage,
    currentSize,
    display: () => $('display').value,
    features,
  });
  document.body.dataset.ready = '1';
  for (const [id, feature] of [['step', 'player'], ['autoplay', 'player'], ['endgame', 'endgame'], ['bulk-run', 'bulk']]) {
    if (!features[feature]) {
      $(id).disabled = true;
      $(id).title = 'Not in this build yet';
    }
  }
  // The Endgame's rollout workers load once the page has settled (estimate.js).
  if (features.estimate) {
    setTimeout(async () => {
      await estimator.warm();
      // For tests: the rollout workers have loaded.
      document.body.dataset.estimateWarm = '1';
    }, 2_000);
  }
  if (fromLink.position) {
    $('position').value = fromLink.position;
    await loadPosition(fromLink.position);
  } else {
    await newGame();
  }
}

start();
