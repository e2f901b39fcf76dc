// Game records and the move-by-move review on the page: export the current game's record,
// open a record (pasted or from a file) or another program's replay (opened straight into the
// review, its program's figures beside ours and Metasweeper's comments on the moves), the
// end-of-game summary (a won game's ZiNi a moment later, counters.js) and history (with
// stats.js), and the Review card (with the game's counters, counters.js): one `.review-move` per move (data-kind, data-safety,
// data-best-safety), a slider and the arrow keys stepping through the positions with the
// analysis drawn for each, the move played outlined and the best alternative in gold.
// The review itself is computed in a worker (Request.REVIEW); text goes in with textContent.

import { Request, analysisOptions } from './protocol.js';
import { SolverClient, Superseded } from './client.js';
import { winLineChart } from './win-line.js';
import { parseRecordText, downloadRecord } from './record.js';
import { StatsPanel, addGame, addZini, historyKey, summaryText } from './stats.js';
import { askZini, renderCounters, ziniText } from './counters.js';
import { el } from './dom.js';
import { clearHintMarks, hintText, markHint, withoutFlags } from './hint-panel.js';


function pct(p, digits = 1) {
  return `${(p * 100).toFixed(digits)} %`;
}

/** A guess this much less safe than the best available is a poor guess. */
const POOR_GUESS_RATIO = 0.9;

/**
 * The records, the summary and the review. `app` is the page's controller: {client, analyst,
 * view, state, showGame(game), adoptGame(game), stopAutoplay(), showMessage(text, kind),
 * clearMessage(), currentSize(), display(), endgame: {on(), showReviewMove(move)}}.
 */
export class GameRecords {
  constructor(container, app) {
    this.app = app;
    /** The game now in the worker: whether it counts in the history, and was recorded there. */
    this.game = { counted: true, finished: false, key: null };
    this.review = null;
    this.step = 0;
    this.drawn = 0;
    this.summary = el('p', { id: 'game-summary', class: 'game-summary', hidden: true, 'aria-live': 'polite' });
    document.getElementById('message')?.after(this.summary);
    // Records open from the position box's file picker too.
    const picker = document.getElementById('open-file');
    if (picker && !picker.accept.includes('.json')) picker.accept += ',.json,.avf,.rmv,.mvf,.evf';
    this.buildCard(container);
    this.stats = new StatsPanel(container, {
      currentKey: () => historyKey(app.currentSize(), document.getElementById('rule')?.value ?? 'opening', document.getElementById('mode')?.value ?? 'normal'),
      notify: app.showMessage,
    });
    // The panel follows the board and rule chosen.
    for (const id of ['preset', 'rule', 'mode', 'custom-width', 'custom-height', 'custom-mines']) {
      document.getElementById(id)?.addEventListener('change', () => this.stats.render());
    }
  }

  buildCard(container) {
    const $ = (tag, props, children) => el(tag, props, children);
    this.startButton = $('button', { type: 'button', id: 'review-start', text: 'Review game' });
    this.exportButton = $('button', { type: 'button', id: 'record-export', text: 'Export record' });
    this.closeButton = $('button', { type: 'button', id: 'review-close', text: 'Back to the game', hidden: true });
    this.info = $('p', { id: 'review-summary', class: 'muted' });
    // A replay's program's figures beside ours.
    this.figures = $('table', { id: 'review-figures', class: 'review-figures', hidden: true });
    // The players' counters (counters.js).
    this.counters = $('table', { id: 'review-counters', class: 'review-figures', hidden: true });
    this.slider = $('input', { type: 'range', id: 'review-slider', min: '0', max: '0', value: '0', 'aria-label': 'Position in the review' });
    this.stepLabel = $('output', { id: 'review-step', for: 'review-slider' });
    this.nav = $('div', { class: 'row review-nav', hidden: true }, [this.slider, this.stepLabel]);
    this.current = $('p', { id: 'review-current', class: 'muted', 'aria-live': 'polite' });
    this.lineInfo = $('p', { id: 'win-line-info', class: 'muted' });
    this.line = $('figure', { id: 'win-line', class: 'win-line-figure', hidden: true }, [this.lineInfo]);
    this.list = $('ol', { id: 'review-moves', class: 'review-moves', 'aria-label': 'Moves of the game' });
    this.card = $('section', { class: 'card review-card', id: 'review-card', 'aria-labelledby': 'review-title' }, [
      $('h2', { id: 'review-title', text: 'Review' }),
      $('div', { class: 'row' }, [this.startButton, this.exportButton, this.closeButton]),
      // The slider and the move's line first: they stay in view while reviewing (besideBoard),
      // with the win-chance line and the moves; the counters table comes after them, since it
      // is read once, not at every move.
      this.nav, this.current, this.info, this.figures, this.line, this.list, this.counters,
      $('p', { class: 'muted', text: 'Each move against the exact analysis of what was visible (flags ignored). Paste a record in the Position box, or open a .json file or a replay (.avf, .rmv, .mvf, .evf; or drop it on the page) to review it.' }),
    ]);
    container.append(this.card);
    this.startButton.addEventListener('click', () => this.start());
    this.exportButton.addEventListener('click', () => this.exportRecord());
    this.closeButton.addEventListener('click', () => this.close());
    this.slider.addEventListener('input', () => this.show(Number(this.slider.value)));
    this.card.addEventListener('keydown', (event) => {
      if (!this.review || event.target === this.slider) return;
      const to = { ArrowLeft: -1, ArrowUp: -1, ArrowRight: 1, ArrowDown: 1 }[event.key];
      if (to === undefined) return;
      event.preventDefault();
      this.show(this.step + to);
    });
    this.list.addEventListener('click', (event) => {
      const item = event.target.closest?.('.review-move');
      if (item) this.show(Number(item.dataset.i));
    });
  }

  // ------------------------------------------------------------ the game's life

  /** A new game in the worker; `counted` says whether it goes into the history. */
  onNewGame({ counted = true } = {}) {
    if (this.review) this.close({ restore: false });
    this.replay = null;
    this.replayCounters = null;
    this.game = { counted, finished: false, key: historyKey(this.app.currentSize(), document.getElementById('rule')?.value ?? 'opening', document.getElementById('mode')?.value ?? 'normal') };
    this.summary.hidden = true;
    this.summary.textContent = '';
    delete this.summary.dataset.zini;
    delete this.summary.dataset.ziniRatio;
    this.stats.render();
  }

  /** The auto-player moved in this game: it is not the player's alone any more. */
  noteAuto() {
    this.game.counted = false;
  }

  /** Every game state the page shows: the end of a game brings its summary and history. */
  async onGameState(game) {
    // Counts the states shown, so that a test can wait for a click's answer.
    document.body.dataset.gameStates = String((Number(document.body.dataset.gameStates) || 0) + 1);
    if (game.status === 'playing' || this.game.finished) return;
    this.game.finished = true;
    let stats;
    try {
      stats = await this.app.client.request(Request.GAME, { op: 'stats' });
    } catch (err) {
      this.app.showMessage(err.message);
      return;
    }
    if (!stats) return;
    this.summary.textContent = summaryText(stats);
    this.summary.hidden = false;
    this.summary.dataset.result = stats.result;
    this.summary.dataset.bbbv = String(stats.bbbv);
    const when = Date.now();
    const counted = this.game.counted && this.game.key ? this.game.key : null;
    if (counted) {
      addGame(counted, stats, when);
      this.stats.render();
    }
    document.body.dataset.recorded = String((Number(document.body.dataset.recorded) || 0) + 1);
    if (stats.result === 'won') this.addZini(counted, when);
  }

  /** A won game's ZiNi, a moment later (counters.js): on its summary line and in the history. */
  async addZini(key, when) {
    const game = this.game;
    let record;
    try {
      record = await this.currentRecord();
    } catch {
      return;
    }
    askZini(this.app, record, (counters) => {
      const text = ziniText(counters);
      if (!text) return;
      if (this.game === game) {
        this.summary.textContent += ` · ${text}`;
        this.summary.dataset.zini = String(counters.zini);
        this.summary.dataset.ziniRatio = String(counters.zini_of_clicks);
      }
      if (key) {
        addZini(key, when, counters);
        this.stats.render();
      }
    });
  }

  // ------------------------------------------------------------ records

  async currentRecord() {
    const record = await this.app.client.request(Request.GAME, { op: 'getRecord' });
    if (!record) throw new Error('No record yet: the first click places the mines.');
    return record;
  }

  async exportRecord() {
    try {
      downloadRecord(await this.currentRecord());
    } catch (err) {
      this.app.showMessage(err.message);
    }
  }

  /**
   * Opens a record (text pasted or loaded): its game is replayed in the worker and can be
   * reviewed or played on. A bad record leaves the game in progress as it was.
   */
  async open(text) {
    this.app.clearMessage();
    let record;
    let game;
    try {
      record = parseRecordText(text);
      game = await this.app.client.request(Request.GAME, { op: 'record', record });
    } catch (err) {
      this.app.showMessage(err.message);
      return false;
    }
    this.onNewGame({ counted: false });
    this.app.adoptGame(game);
    this.game.finished = game.status !== 'playing';
    const mode = game.mode && game.mode !== 'normal' ? ` ${game.mode === 'hardcore' ? 'hard-core' : game.mode}` : '';
    this.app.showMessage(`Opened a recorded${mode} ${game.width}×${game.height} game of ${record.moves.length} moves: press Review game to step through it.`, 'success');
    return true;
  }

  /**
   * Opens a replay of another program (its bytes and file name): read in the worker into our
   * record, loaded as the game, and reviewed at once. A bad file leaves the game as it was.
   */
  async openReplay(bytes, name) {
    this.app.clearMessage();
    let read;
    let game;
    try {
      read = await this.app.client.request(Request.REPLAY, { bytes, name });
      game = await this.app.client.request(Request.GAME, { op: 'record', record: read.record });
    } catch (err) {
      this.app.showMessage(err.message);
      return false;
    }
    this.onNewGame({ counted: false });
    this.replay = read.replay;
    this.replayCounters = read.counters;
    this.app.adoptGame(game);
    this.game.finished = game.status !== 'playing';
    const origin = read.record.origin ?? {};
    const who = origin.player ? ` by ${origin.player}` : '';
    const when = origin.date ? ` on ${origin.date.slice(0, 10)}` : '';
    await this.start();
    // After the review starts (which clears the message line).
    this.app.showMessage(`Opened a ${read.replay.program} replay${who}${when}: ${game.width}×${game.height}, ${read.record.moves.length} moves.`, 'success');
    return true;
  }

  /** The replay's figures beside ours, each difference with its reason. */
  renderFigures() {
    const rows = (this.replay?.figures ?? []).map((f) => el('tr', { dataset: { differs: String(Boolean(f.why)) } }, [
      el('th', { scope: 'row', text: f.name }),
      el('td', { text: f.ours }),
      el('td', { text: f.program }),
      el('td', { text: f.why ? `differs: ${f.why}` : '' }),
    ]));
    this.figures.hidden = rows.length === 0;
    if (rows.length === 0) {
      this.figures.replaceChildren();
      return;
    }
    const head = el('tr', {}, ['', 'ours', this.replay.program, ''].map((t) => el('th', { scope: 'col', text: t })));
    this.figures.replaceChildren(el('thead', {}, [head]), el('tbody', {}, rows));
  }

  // ------------------------------------------------------------ the review

  async start() {
    this.app.clearMessage();
    this.app.stopAutoplay?.();
    let result;
    let record;
    try {
      record = await this.currentRecord();
      this.info.textContent = 'Reviewing…';
      result = await this.app.analyst.request(Request.REVIEW, { record });
    } catch (err) {
      if (err instanceof Superseded) return;
      this.info.textContent = '';
      this.app.showMessage(err.message);
      return;
    }
    this.review = result.review;
    this.positions = result.positions;
    this.renderList();
    const r = this.review;
    const eff = typeof r.efficiency === 'number' ? pct(r.efficiency, 0) : '—';
    const mode = record.mode && record.mode !== 'normal' ? `${record.mode === 'hardcore' ? 'hard core' : record.mode} · ` : '';
    this.info.textContent = `${mode}${r.result} · 3BV ${r.bbbv} (${r.bbbv_solved} solved) · ${r.guesses} guess${r.guesses === 1 ? '' : 'es'}, ${r.blunders} blunder${r.blunders === 1 ? '' : 's'} · luck ${pct(r.luck)} · accuracy ${pct(r.accuracy)} · efficiency ${eff} · computed in ${result.ms.toFixed(0)} ms`;
    this.card.dataset.ms = String(result.ms);
    this.renderFigures();
    // A replay's counters come with the file (its program's beside ours); a record's with
    // the review.
    const replayed = this.replay && this.replayCounters;
    renderCounters(this.counters, replayed ? this.replayCounters : result.counters, replayed ? this.replay.program : null);
    this.slider.max = String(this.positions.length - 1);
    this.nav.hidden = false;
    this.closeButton.hidden = false;
    this.app.state.mode = 'review';
    document.body.dataset.review = 'open';
    this.besideBoard();
    this.show(0);
    this.drawWinLine(record);
  }

  /**
   * The game's win chance guess by guess (win-line.js), computed on a worker of its own
   * (seconds of rollouts), so the review's steps stay quick; a point's click shows its move.
   */
  async drawWinLine(record) {
    this.lineWorker?.terminate();
    const worker = new SolverClient({}, { name: 'mineseer win line' });
    this.lineWorker = worker;
    this.line.hidden = false;
    this.line.querySelector('svg')?.remove();
    this.lineInfo.textContent = 'Win chance, guess by guess: computing…';
    let points;
    try {
      await worker.ready;
      points = await worker.request(Request.WIN_CHANCES, { record }, {
        onProgress: ({ done, total }) => {
          this.lineInfo.textContent = `Win chance, guess by guess: computing… (${done} of ${total})`;
        },
      });
    } catch (err) {
      if (this.lineWorker === worker) this.lineInfo.textContent = err instanceof Superseded ? '' : `Win chance line: ${err.message}`;
      return;
    } finally {
      worker.terminate();
    }
    if (this.lineWorker !== worker || !this.review) return;
    this.lineWorker = null;
    const estimated = points.filter((p) => p.win_before.kind === 'estimate').length;
    this.lineInfo.textContent = `Win chance, guess by guess (the start and ${points.length - 1} guess${points.length === 2 ? '' : 'es'}): ` +
      `filled points exact, hollow points estimated (${estimated}), with their 95 % interval as a band. Click a point for its move.`;
    this.line.prepend(winLineChart(points, (point) => this.show(point.move ?? 0)));
    document.body.dataset.winLine = String(points.length);
  }

  renderList() {
    const comments = new Map();
    for (const c of this.replay?.comments ?? []) {
      const said = c.kind.replace(/-/g, ' ') + (c.survival !== undefined ? ` (survival ${pct(c.survival)})` : '');
      comments.set(c.move, [...(comments.get(c.move) ?? []), said]);
    }
    const items = this.review.moves.map((m) => {
      const item = el('li', {
        class: 'review-move',
        tabindex: '-1',
        dataset: { i: String(m.i), kind: m.kind, op: m.op, x: String(m.x), y: String(m.y) },
      });
      if (m.safety !== undefined) item.dataset.safety = String(m.safety);
      if (m.best_safety !== undefined) item.dataset.bestSafety = String(m.best_safety);
      // A forced guess (no reveal could ever settle it) is never a poor guess: it has to be
      // taken sooner or later.
      const poor = m.kind === 'guess' && !m.forced && m.safety < m.best_safety * POOR_GUESS_RATIO;
      if (m.forced) item.dataset.forced = 'true';
      if (m.redraw) item.dataset.redraw = 'true';
      if (m.kind === 'blunder' || m.kind === 'mine' || poor) item.dataset.bad = 'true';
      let text = `${m.i}. ${m.op} (${m.x},${m.y}) ${m.kind}`;
      if (m.safety !== undefined) {
        text += ` · ${pct(m.safety)} safe`;
        if (m.best_safety > m.safety) text += ` (best ${pct(m.best_safety)} at (${m.best.x},${m.best.y}))`;
        if (m.forced) text += ' · forced: no reveal could settle it';
        if (m.safe_available > 0) text += ` · ${m.safe_available} safe cell${m.safe_available === 1 ? '' : 's'}`;
      }
      if (m.redraw) text += ' · fair: the mines were drawn again';
      if (m.win_before !== undefined) {
        text += ` · win ${pct(m.win_before)}`;
        // The move's own win chance where it cost some: what it was worth, luck aside.
        if (m.win_move !== undefined && m.win_move < m.win_before) text += ` (this move ${pct(m.win_move)})`;
        if (m.win_after !== undefined) text += ` → ${pct(m.win_after)}`;
      }
      if (comments.has(m.i)) {
        text += ` · Metasweeper: ${comments.get(m.i).join(', ')}`;
        item.dataset.metasweeper = comments.get(m.i).join(',');
      }
      item.textContent = text;
      return item;
    });
    this.list.replaceChildren(...items);
  }

  /** Shows the position before move `k` (after the last move when k is the move count). */
  async show(k) {
    if (!this.review) return;
    // The board was taken over (a position loaded, the editor opened): the review ends.
    if (this.app.state.mode !== 'review') {
      this.close({ restore: false });
      return;
    }
    const n = this.positions.length - 1;
    k = Math.max(0, Math.min(n, k));
    this.step = k;
    this.slider.value = String(k);
    this.stepLabel.textContent = k < n ? `before move ${k} of ${n}` : `after the last move (${n})`;
    for (const item of this.list.querySelectorAll('[aria-current]')) item.removeAttribute('aria-current');
    const move = this.review.moves[k];
    const item = this.list.children[k];
    if (item) {
      item.setAttribute('aria-current', 'step');
      item.scrollIntoView?.({ block: 'nearest' });
    }
    this.current.textContent = move ? item.textContent : 'The end of the game.';
    const view = this.positions[k];
    const { app } = this;
    app.state.version++;
    const version = app.state.version;
    app.view.render(view.width, view.height, view.cells.split(''));
    app.view.clearOverlay();
    clearHintMarks(app.view);
    this.outline(move);
    let analysis;
    try {
      analysis = await app.analyst.request(Request.ANALYZE, {
        position: withoutFlags(view.position),
        options: analysisOptions(view.width * view.height),
      });
    } catch (err) {
      if (!(err instanceof Superseded) && version === app.state.version) this.current.textContent += ` (${err.message})`;
      return;
    }
    if (version !== app.state.version || !this.review) return;
    app.view.showAnalysis(analysis, app.display());
    this.outline(move);
    if (move?.kind === 'blunder') await this.showMissedHint(k, view, version);
    this.drawn += 1;
    document.body.dataset.reviewDrawn = `${k}:${this.drawn}`;
  }

  /**
   * A blunder's missed hint: the certain cell the hint would have given before the move (ties
   * to the cell nearest the move before), its proof marked on the board and its sentence
   * after the move's line.
   */
  async showMissedHint(k, view, version) {
    const { app } = this;
    const before = this.review.moves[k - 1];
    let hint;
    try {
      hint = await app.analyst.request(Request.HINT, {
        position: withoutFlags(view.position),
        options: { near: before ? { x: before.x, y: before.y } : null, index: 0 },
      });
    } catch (err) {
      if (!(err instanceof Superseded) && version === app.state.version) this.current.textContent += ` (${err.message})`;
      return;
    }
    if (version !== app.state.version || !this.review) return;
    markHint(app.view, hint);
    this.current.textContent += ` · Missed: ${hintText(hint)}`;
    this.current.dataset.missed = hint.kind;
  }

  /**
   * While reviewing, the card sits at the top of the side column, held in view as the page
   * scrolls (review.css), so that the board, the move list, the win line and the slider are
   * seen together; on a narrow screen the slider is pinned under the board's column instead.
   */
  besideBoard() {
    if (!this.home) this.home = { parent: this.card.parentNode, next: this.card.nextSibling };
    this.home.parent.prepend(this.card);
    document.getElementById('board-wrap')?.scrollIntoView?.({ block: 'nearest' });
  }

  /**
   * The move played outlined, the best alternative in gold; with the Endgame mode on, the gold
   * is the best move of the position on screen, whatever was played (endgame-mode.js).
   */
  outline(move) {
    const { view } = this.app;
    for (const cell of view.root.querySelectorAll('.review-played')) cell.classList.remove('review-played');
    if (move) view.element(move.x, move.y)?.classList.add('review-played');
    if (this.app.endgame?.on()) {
      this.app.endgame.showReviewMove(move);
      return;
    }
    if (!move) return;
    if (move.best && (move.best.x !== move.x || move.best.y !== move.y || move.op === 'chord')) {
      view.showBestMove(move.best.x, move.best.y);
    }
  }

  /** Draws the gold again, after the Endgame mode was turned on or off during the review. */
  redrawGold() {
    if (!this.review || this.app.state.mode !== 'review') return;
    this.app.view.clearBestMove();
    this.outline(this.review.moves[this.step]);
  }

  /** Leaves the review; the board shows the game again. */
  close({ restore = true } = {}) {
    this.review = null;
    this.lineWorker?.terminate();
    this.lineWorker = null;
    this.line.hidden = true;
    this.line.querySelector('svg')?.remove();
    delete document.body.dataset.winLine;
    this.positions = null;
    this.list.replaceChildren();
    this.nav.hidden = true;
    this.closeButton.hidden = true;
    this.current.textContent = '';
    this.info.textContent = '';
    this.figures.hidden = true;
    this.figures.replaceChildren();
    renderCounters(this.counters, null);
    delete document.body.dataset.review;
    delete this.current.dataset.missed;
    clearHintMarks(this.app.view);
    if (this.home) {
      this.home.parent.insertBefore(this.card, this.home.next);
      this.home = null;
    }
    for (const cell of this.app.view.root.querySelectorAll('.review-played')) cell.classList.remove('review-played');
    if (this.app.state.mode === 'review') this.app.state.mode = 'game';
    if (restore && this.app.state.game) this.app.showGame(this.app.state.game);
  }
}
