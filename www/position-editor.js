// The Position card: load a pasted position (checked by the analyst worker before anything
// changes), open a file or one dropped on the page (an MBF layout, another program's replay, a
// position or a game record), paint cells and set the mine count, export the game or the
// position as .mine or MBF, and copy a link to it. A module of its own because it is the one
// way into the page that is not a game: a position to study, or a game from elsewhere.
import { Request } from './protocol.js';
import { Position, toMbf } from './position.js';
import { shareHash } from './settings.js';
import { looksLikeRecord, isReplay, download } from './record.js';
import { $, clampInt, currentSize } from './controls.js';

/**
 * The position editor. `app` is the page's controller: {state, view, client, analyst, features,
 * records, guarded(action), showMessage(text, kind), clearMessage(), showPosition(position),
 * showGame(game), resetTimer(), stopTimer(), autoplay: {stop()}}.
 */
export function createPositionEditor(app) {
  const { state, view } = app;

  /** Paints a cell of the position with the chosen tool (a click on the board in the editor). */
  function paint(x, y) {
    const tool = $('paint').value;
    if (!tool) {
      app.showMessage('Pick a paint tool under Position to edit cells, or start a new game to play.', 'info');
      return;
    }
    app.clearMessage();
    app.showPosition(state.position.withCell(x, y, tool));
    $('position').value = state.position.toMineText();
  }

  async function loadPosition(text) {
    if (looksLikeRecord(text) && app.records) return app.records.open(text);
    app.clearMessage();
    await app.guarded(async () => {
      // Checked before anything changes: a position with no consistent layout is refused and
      // the board (game or position) stays as it was.
      const parsed = await app.analyst.request(Request.PARSE, { position: text, check: true });
      app.autoplay.stop();
      app.resetTimer();
      $('moves').replaceChildren();
      state.mode = 'position';
      state.game = null;
      document.body.dataset.game = 'position';
      $('game-seed').textContent = '—';
      $('face').textContent = '☺';
      app.showPosition(Position.fromMineText(parsed.mine));
      app.showMessage(`Loaded a ${parsed.width}×${parsed.height} position with ${parsed.mines} mines (${parsed.format}).`, 'success');
    });
  }

  /**
   * Opens a file: an MBF layout, a replay of another program (by its name or its magic bytes, or
   * any bytes that are not text), or a position or record as text. A bad file keeps the game.
   */
  async function openFile(file) {
    const bytes = new Uint8Array(await file.arrayBuffer());
    if (/\.mbf$/i.test(file.name)) return loadMbf(bytes);
    if (app.records && isReplay(file.name, bytes)) return app.records.openReplay(bytes, file.name);
    const text = new TextDecoder().decode(bytes);
    $('position').value = text;
    return loadPosition(text);
  }

  /** Loads an MBF layout as a new game (nothing revealed); a bad file leaves the board as it was. */
  async function loadMbf(bytes) {
    app.clearMessage();
    if (!app.features.game) {
      app.showMessage('Playing is not in this build yet, so MBF files cannot be loaded.');
      return;
    }
    await app.guarded(async () => {
      const game = await app.client.request(Request.GAME, { op: 'mbf', bytes });
      app.autoplay.stop();
      state.mode = 'game';
      $('moves').replaceChildren();
      app.resetTimer();
      app.records?.onNewGame({ counted: false });
      view.clearOverlay();
      app.showGame(game);
      app.showMessage(`Loaded a ${game.width}×${game.height} MBF layout with ${game.mines} mines: click to play it.`, 'success');
    });
  }

  /** The text and MBF bytes to export: the whole game (mines included once placed), or the position. */
  async function exportFiles() {
    if (state.mode === 'game' && state.game) {
      return app.client.request(Request.GAME, { op: 'export' });
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
    await app.guarded(async () => {
      const files = await exportFiles();
      $('position').value = files.mine;
      download('mineseer.mine', files.mine, 'text/plain');
    });
  }

  async function exportMbf() {
    await app.guarded(async () => {
      const files = await exportFiles();
      if (!files.mbf) {
        app.showMessage('MBF holds a full layout: start a game and make the first click (or mark every mine with M), on a board up to 255×255.');
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
      app.showMessage('Link copied.', 'success');
    } catch {
      app.showMessage(`Link: ${link}`, 'info');
    }
  }

  /** The Position card's controls, and files dropped anywhere on the page. */
  function wire() {
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
      app.showPosition(state.position.withMines(mines));
    });
    $('paint').addEventListener('change', () => {
      // Painting turns the board into an editable position: the game's view, without its mines.
      if ($('paint').value && state.mode === 'game') {
        app.autoplay.stop();
        app.stopTimer();
        state.mode = 'position';
        state.game = null;
        document.body.dataset.game = 'position';
        $('game-seed').textContent = '—';
        app.showPosition(state.position);
        $('position').value = state.position.toMineText();
        app.showMessage('Editing: click cells to paint them; the analysis follows every change.', 'info');
      }
    });
    $('export-mine').addEventListener('click', exportMine);
    $('export-mbf').addEventListener('click', exportMbf);
    $('share').addEventListener('click', copyLink);
  }

  return { paint, loadPosition, wire };
}
