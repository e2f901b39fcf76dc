// The page's controller: keeps the page's state, plays the game through the worker client,
// shows its status line (face, counters, message) and wires the panels it drives: the Analysis
// card (analysis-panel.js), the Endgame mode (endgame-mode.js, estimate.js), Auto-play (autoplay.js), the Bulk run
// (bulk-run.js), the Position card (position-editor.js), the board's input (board-input.js)
// and cell size (zoom.js), records, review and statistics (review.js, stats.js). All solver
// work happens in workers (see client.js). The panels get the controller as `app`, built
// below, and never import this module.
import { SolverClient, Superseded } from './client.js';
import { Request } from './protocol.js';
import { BoardView } from './board-view.js';
import { Position } from './position.js';
import { loadSettings, saveSettings, shareHash, readHash } from './settings.js';
import { GameRecords } from './review.js';
import { Estimator } from './estimate.js';
import { $, setPressed, currentSize, randomSeed } from './controls.js';
import { createAnalysisPanel } from './analysis-panel.js';
import { createEndgameMode } from './endgame-mode.js';
import { createAutoPlayer } from './autoplay.js';
import { createHintPanel } from './hint-panel.js';
import { createClicksPanel } from './clicks-panel.js';
import { createBulkRun } from './bulk-run.js';
import { createPositionEditor } from './position-editor.js';
import { wireBoardInput } from './board-input.js';
import { wireZoom } from './zoom.js';
import { createModes } from './modes.js';

const settings = loadSettings();
const view = new BoardView($('board'));
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
  /** The last cell the player revealed or chorded, {x, y}: the hint's ties go to the nearest. */
  lastMove: null,
};

/**
 * The controller as the panels see it: the page's state, the workers and the actions they
 * share. The workers, the build's features and the records are filled in by start().
 */
const app = {
  state,
  view,
  estimator,
  /** The worker that holds the game (and runs the auto-player). */
  client: null,
  /**
   * The worker that analyses positions (Analyze, Endgame, loading a position). It keeps no
   * state, so a long analysis that a newer request supersedes is stopped by restarting it.
   */
  analyst: null,
  features: {},
  /** Game records, the end-of-game summary, the statistics and the review (review.js). */
  records: null,
  showMessage,
  clearMessage,
  guarded,
  storeSettings,
  showPosition,
  showGame,
  gameMove,
  newGame,
  resetTimer,
  stopTimer,
};
app.analysis = createAnalysisPanel(app);
app.endgame = createEndgameMode(app);
app.autoplay = createAutoPlayer(app);
app.hint = createHintPanel(app);
app.clicks = createClicksPanel(app);
app.editor = createPositionEditor(app);
app.modes = createModes(app);
const bulk = createBulkRun(app);

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

function storeSettings() {
  const size = currentSize();
  Object.assign(settings, {
    preset: size.preset,
    width: size.width,
    height: size.height,
    mines: size.mines,
    rule: $('rule').value,
    mode: $('mode').value,
    display: $('display').value,
    speed: Number($('speed').value),
    analyze: $('analyze').getAttribute('aria-pressed') === 'true',
    endgame: $('endgame').getAttribute('aria-pressed') === 'true',
    clicks: $('clicks').getAttribute('aria-pressed') === 'true',
    playStyle: $('play-style').value,
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
  $('mode').value = settings.mode;
  $('display').value = settings.display;
  $('speed').value = String(settings.speed);
  setPressed($('analyze'), settings.analyze);
  setPressed($('endgame'), settings.endgame);
  setPressed($('clicks'), settings.clicks);
  if (['normal', 'efficient', 'nf-efficient'].includes(settings.playStyle)) $('play-style').value = settings.playStyle;
}

// ---------------------------------------------------------------- showing the board

/** Shows a new position and, with Analyze or Endgame on, asks for their answers. */
function showPosition(position) {
  estimator.cancel();
  state.position = position;
  state.version++;
  state.analysis = null;
  view.render(position.width, position.height, position.cells);
  view.clearOverlay();
  app.hint.clear();
  app.clicks.clear();
  app.analysis.showWinChance('—');
  $('endgame-info').textContent = '';
  $('mines-left').textContent = String(position.mines - position.cells.filter((c) => c === 'F').length);
  $('edit-mines').value = String(position.mines);
  if (app.analysis.analyzeOn()) app.analysis.requestAnalysis();
  else $('analysis-summary').textContent = '';
  app.endgame.follow();
}

// ---------------------------------------------------------------- playing

async function newGame({ replay = false } = {}) {
  app.autoplay.stop();
  storeSettings();
  clearMessage();
  const size = currentSize();
  const rule = $('rule').value;
  const mode = $('mode').value;
  let seed = $('seed').value.trim();
  if (replay && state.game) seed = state.game.seed;
  if (seed && !/^\d{1,20}$/.test(seed)) {
    showMessage(`the seed must be a whole number, not ${JSON.stringify(seed)}`);
    return;
  }
  if (!seed) seed = randomSeed();
  if (!app.features.game) {
    showPosition(Position.empty(size.width, size.height, size.mines));
    showMessage('Playing is not in this build yet: paste a position to analyse it.', 'info');
    return;
  }
  await guarded(async () => {
    const game = await app.client.request(Request.GAME, {
      op: 'new',
      options: { width: size.width, height: size.height, mines: size.mines, rule, mode, seed },
    });
    state.mode = 'game';
    $('moves').replaceChildren();
    resetTimer();
    app.records?.onNewGame();
    view.clearOverlay();
    showGame(game);
    history.replaceState(null, '', shareHash({ ...size, rule, mode, seed: game.seed }));
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
  app.hint.clear();
  app.clicks.clear();
  // With Analyze on, the marks stay until the next analysis replaces them, which then redraws
  // only the cells whose chances changed (a click on a big board stays quick).
  view.clearBestMove();
  if (!app.analysis.analyzeOn() || game.status !== 'playing') view.clearOverlay();
  else view.markStale();
  $('mines-left').textContent = String(game.minesLeft);
  $('face').textContent = game.status === 'won' ? '★' : game.status === 'lost' ? '☹' : '☺';
  document.body.dataset.game = game.status;
  app.analysis.showWinChance('—');
  $('endgame-info').textContent = '';
  if (game.started && game.status === 'playing' && state.timerStart === null) startTimer();
  if (game.status !== 'playing') stopTimer();
  if (game.status === 'won') showMessage(`You won in ${$('timer').textContent} s.`, 'success');
  else if (game.status === 'lost') showMessage('Boom. The red cell was the mine; crossed flags were wrong.', 'info');
  if (app.analysis.analyzeOn() && game.status === 'playing') app.analysis.requestAnalysis();
  else $('analysis-summary').textContent = '';
  app.records?.onGameState(game);
  app.endgame.follow();
  // After the Endgame mode, which takes its gold away when a game ends: a hard-core loss
  // outlines the safe cell that was available in the same gold.
  app.modes.onGameState(game);
}

/** Shows a game the worker made from a file (a record): play goes on from it. */
function adoptGame(game) {
  app.autoplay.stop();
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
    const game = await app.client.request(Request.GAME, { op, x, y });
    if (op !== 'flag') state.lastMove = { x, y };
    if (previous.position === game.position && previous.status === game.status) {
      // A click that changed nothing (a revealed cell, a chord short of flags): the analysis
      // and the Endgame's answer stay.
      state.game = game;
      app.records?.onGameState(game);
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
  $('mode').addEventListener('change', storeSettings);
  $('speed').addEventListener('change', storeSettings);
  $('play-style').addEventListener('change', storeSettings);
  app.analysis.wire();
  app.endgame.wire();
  app.autoplay.wire();
  app.hint.wire();
  app.clicks.wire();
  bulk.wire();
  app.editor.wire();
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
  if (fromLink.mode) settings.mode = fromLink.mode;
  applySettingsToControls();
  if (fromLink.seed) $('seed').value = fromLink.seed;
  wireControls();
  wireBoardInput(app);
  const size = currentSize();
  view.render(size.width, size.height, new Array(size.width * size.height).fill('H'));
  wireZoom(view);
  registerServiceWorker();

  const busy = { game: false, analysis: false };
  const showBusy = () => { $('spinner').hidden = !(busy.game || busy.analysis); };
  const client = new SolverClient({ onBusy: (on) => { busy.game = on; showBusy(); } });
  const analyst = new SolverClient(
    {
      onBusy: (on) => { busy.analysis = on; showBusy(); },
      // For tests: how many long analyses were stopped by a newer request.
      onRestart: (count) => { document.body.dataset.analysisRestarts = String(count); },
    },
    { restartable: true },
  );
  app.client = client;
  app.analyst = analyst;
  let features;
  try {
    [features] = await Promise.all([client.ready, analyst.ready]);
  } catch (err) {
    showMessage(`The solver could not start: ${err.message}`);
    return;
  }
  app.features = features;
  app.records = new GameRecords(document.querySelector('.panel') ?? document.body, {
    client,
    analyst,
    view,
    state,
    showGame,
    adoptGame,
    stopAutoplay: app.autoplay.stop,
    showMessage,
    clearMessage,
    currentSize,
    display: () => $('display').value,
    endgame: app.endgame,
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
    await app.editor.loadPosition(fromLink.position);
  } else {
    await newGame();
  }
}

start();
