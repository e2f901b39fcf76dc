// The board on screen: an ARIA grid of rows of cells, one element per cell, carrying the stable
// test hooks (data-x, data-y, data-state, and data-p with Analyze on) and an accessible name
// ("row 4, column 7, hidden, 21 % mine"). Cells are created once per board size and then
// updated in place, and only the cells whose look changed are touched: what each cell shows is
// remembered here, so a click on a 200x200 board redraws a handful of cells, not 40,000.
import { cellState } from './position.js';

/**
 * The most cells highlighted as "safest guess". When more cells tie (typically every cell off
 * the front), outlining them all says nothing; the summary line reports the tie instead.
 */
export const MAX_BEST_GUESSES = 8;

/** Below this cell size (CSS px) a percentage does not fit: the heat colour shows alone. */
export const MIN_CELL_FOR_PERCENT = 18;

/** How long a new analysis may take before the old percentages are hidden, in milliseconds. */
const STALE_AFTER_MS = 200;
/** The space between cells, in CSS px: style.css's --gap on .board. */
const GAP_PX = 2;

/** How each display mode turns a cell's analysis into the number shown. */
const DISPLAY = {
  mine: (cell) => cell.p,
  safe: (cell) => 1 - cell.p,
  zero: (cell) => (cell.zero === undefined ? null : cell.zero),
};

/** What each display mode's percentage is of, for the accessible name. */
const UNITS = { mine: 'mine', safe: 'safe', zero: 'zero' };

/** A cell's state in words, for its accessible name. */
const STATE_WORDS = {
  hidden: 'hidden', flag: 'flagged', mine: 'mine', 0: 'empty',
};

/** The analysis classes a cell may carry. */
const MARKS = ['cert-safe', 'cert-mine', 'best-guess', 'best-move', 'dead', 'fifty'];

/** No analysis mark: what a cell shows when Analyze is off. */
const NO_MARK = { p: null, text: '', classes: '', words: '' };

export class BoardView {
  constructor(root) {
    this.root = root;
    this.width = 0;
    this.height = 0;
    this.elements = [];
    /** Per cell: the character shown (see position.js cellState). */
    this.chars = [];
    /** Per cell: the analysis mark shown ({p, text, classes, words}), NO_MARK when none. */
    this.marks = [];
    /** The indices of the cells that carry a mark, so clearing does not visit every cell. */
    this.marked = new Set();
    this.cursor = { x: 0, y: 0 };
    this.cursorShown = false;
    this.staleTimer = null;
    /** What the gold outline says to a screen reader: a proven best move, or the best found. */
    this.bestMoveWords = 'endgame best move';
  }

  /** Shows a grid of cell characters (see position.js cellState); touches only changed cells. */
  render(width, height, chars) {
    if (width !== this.width || height !== this.height) this.build(width, height);
    for (let i = 0; i < chars.length; i++) {
      const ch = chars[i];
      if (this.chars[i] === ch) continue;
      this.chars[i] = ch;
      const el = this.elements[i];
      const state = cellState(ch);
      el.dataset.state = state;
      el.dataset.ch = ch;
      el.classList.toggle('exploded', ch === '*');
      el.classList.toggle('wrong-flag', ch === 'W');
      // A revealed cell keeps no analysis mark.
      if (state !== 'hidden' && this.marks[i] !== NO_MARK) this.setMark(i, NO_MARK);
      else this.paintText(i);
      this.label(i);
    }
  }

  build(width, height) {
    this.width = width;
    this.height = height;
    this.root.replaceChildren();
    this.marked = new Set();
    this.root.style.setProperty('--cols', String(width));
    this.root.style.setProperty('--rows', String(height));
    const fragment = document.createDocumentFragment();
    this.elements = new Array(width * height);
    this.chars = new Array(width * height).fill('');
    this.marks = new Array(width * height).fill(NO_MARK);
    for (let y = 0; y < height; y++) {
      const row = document.createElement('div');
      row.className = 'board-row';
      row.setAttribute('role', 'row');
      for (let x = 0; x < width; x++) {
        const el = document.createElement('div');
        el.className = 'cell';
        el.setAttribute('role', 'gridcell');
        el.dataset.x = String(x);
        el.dataset.y = String(y);
        row.append(el);
        this.elements[y * width + x] = el;
      }
      fragment.append(row);
    }
    this.root.append(fragment);
    this.cursor = { x: Math.min(this.cursor.x, width - 1), y: Math.min(this.cursor.y, height - 1) };
    // The cells are new: show the cursor again if the board has the keyboard.
    this.showCursor(this.root.matches(':focus-visible'));
  }

  element(x, y) {
    return this.elements[y * this.width + x];
  }

  /**
   * Sets the cell size: a number of CSS px, or null to fit the frame's width (see style.css).
   * cellSize() reads the size the browser settled on.
   */
  setZoom(px) {
    if (px) document.documentElement.style.setProperty('--zoom-cell', `${px}px`);
    else document.documentElement.style.removeProperty('--zoom-cell');
  }

  /** The cell size on screen, in CSS px (the board's width is cols x (cell + gap) - gap). */
  cellSize() {
    return this.width ? (this.root.getBoundingClientRect().width + GAP_PX) / this.width - GAP_PX : 0;
  }

  /**
   * The cell at a point of the screen (client coordinates), from the board's geometry alone, or
   * null outside the board. A gap between cells counts as the cell before it. This finds the
   * cell when the browser's hit test does not: a finger on a gap lands on the row or the board,
   * and a row scrolled back into view just now may still have its cells skipped
   * (content-visibility), so that the row, not the cell, receives the press.
   */
  cellAtPoint(clientX, clientY) {
    if (!this.width) return null;
    const rect = this.root.getBoundingClientRect();
    if (clientX < rect.left || clientX >= rect.right || clientY < rect.top || clientY >= rect.bottom) return null;
    const pitchX = (rect.width + GAP_PX) / this.width;
    const pitchY = (rect.height + GAP_PX) / this.height;
    const x = Math.min(this.width - 1, Math.floor((clientX - rect.left) / pitchX));
    const y = Math.min(this.height - 1, Math.floor((clientY - rect.top) / pitchY));
    return { x, y, el: this.element(x, y) };
  }

  /**
   * Hides the percentages when the cells are too small for them (the heat colour stays). Call
   * it when the board's box changes size (main.js does, from a ResizeObserver).
   */
  fitText() {
    this.root.classList.toggle('tiny', this.cellSize() < MIN_CELL_FOR_PERCENT);
  }

  /** Removes every analysis mark (only the marked cells are visited: big boards stay quick). */
  clearOverlay() {
    this.markFresh();
    for (const i of [...this.marked]) this.setMark(i, NO_MARK);
  }

  /**
   * The position changed and a new analysis is on its way: the marks stay (the next analysis
   * then redraws only what changed), but if it takes longer than STALE_AFTER_MS their
   * percentages are hidden, so an old number is never read as the new one.
   */
  markStale() {
    if (this.staleTimer !== null || this.marked.size === 0) return;
    this.staleTimer = setTimeout(() => this.root.classList.add('stale'), STALE_AFTER_MS);
  }

  markFresh() {
    clearTimeout(this.staleTimer);
    this.staleTimer = null;
    this.root.classList.remove('stale');
  }

  /**
   * Shows an analysis: data-p on every hidden cell, its percentage on a heat colour, certain
   * cells marked, the safest guesses highlighted, dead cells greyed and 50/50 pairs marked.
   * Only the cells whose mark changed are touched.
   */
  showAnalysis(analysis, displayMode) {
    this.markFresh();
    const shown = DISPLAY[displayMode] ?? DISPLAY.mine;
    let lowest = Infinity;
    let ties = 0;
    for (const cell of analysis.cells) {
      if (cell.certainty !== 'unknown' || cell.flagged) continue;
      if (cell.p < lowest) {
        lowest = cell.p;
        ties = 0;
      }
      if (cell.p === lowest) ties++;
    }
    const highlightBest = ties <= MAX_BEST_GUESSES;
    const fifty = new Set((analysis.fiftyFifty ?? []).flat().map(([x, y]) => y * this.width + x));
    const wanted = new Set();
    for (const cell of analysis.cells) {
      const i = cell.y * this.width + cell.x;
      if (!this.elements[i] || cellState(this.chars[i]) !== 'hidden') continue;
      wanted.add(i);
      const value = shown(cell);
      const classes = [];
      const words = [];
      let text;
      if (cell.certainty === 'safe') {
        classes.push('cert-safe');
        text = displayMode === 'mine' ? '0' : value === null ? '' : percent(value);
      } else if (cell.certainty === 'mine') {
        classes.push('cert-mine');
        text = '✱';
      } else {
        text = value === null ? '' : percent(value);
      }
      // The name says the number shown (a screen reader's user hears what a sighted one sees).
      if (text && text !== '✱') words.push(`${text} % ${UNITS[displayMode] ?? UNITS.mine}`);
      else if (cell.certainty === 'unknown') words.push(`${percent(cell.p)} % mine`);
      if (cell.certainty === 'safe') words.push('certainly safe');
      if (cell.certainty === 'mine') words.push('certainly a mine');
      if (cell.certainty === 'unknown' && highlightBest && cell.p === lowest) {
        classes.push('best-guess');
        words.push('safest guess');
      }
      if (cell.dead) {
        classes.push('dead');
        words.push('dead');
      }
      if (fifty.has(i)) {
        classes.push('fifty');
        words.push('50/50');
      }
      if (this.marks[i].classes.includes('best-move')) {
        classes.push('best-move');
        words.push(this.bestMoveWords);
      }
      const mark = { p: cell.p, text, classes: classes.join(' '), words: words.join(', ') };
      const old = this.marks[i];
      if (old.p !== mark.p || old.text !== mark.text || old.classes !== mark.classes || old.words !== mark.words) {
        this.setMark(i, mark);
      }
    }
    for (const i of [...this.marked]) if (!wanted.has(i)) this.setMark(i, NO_MARK);
  }

  /**
   * Outlines the endgame's best move in gold; `words` say what it is (a cut search's best move
   * found is not proven best).
   */
  showBestMove(x, y, words = 'endgame best move') {
    this.clearBestMove();
    this.bestMoveWords = words;
    const i = y * this.width + x;
    if (!this.elements[i]) return;
    const mark = this.marks[i];
    this.setMark(i, {
      ...mark,
      classes: `${mark.classes} best-move`.trim(),
      words: mark.words ? `${mark.words}, ${words}` : words,
    });
  }

  /** Removes the endgame's gold outline (the position it was for has changed). */
  clearBestMove() {
    for (const i of [...this.marked]) {
      const mark = this.marks[i];
      if (!mark.classes.includes('best-move')) continue;
      const classes = mark.classes.replace(/ ?best-move/, '').trim();
      const words = mark.words.replace(`, ${this.bestMoveWords}`, '').replace(this.bestMoveWords, '');
      this.setMark(i, classes || words || mark.p !== null ? { ...mark, classes, words } : NO_MARK);
    }
  }

  moveCursor(dx, dy) {
    this.cursor.x = Math.max(0, Math.min(this.width - 1, this.cursor.x + dx));
    this.cursor.y = Math.max(0, Math.min(this.height - 1, this.cursor.y + dy));
    this.showCursor(true);
    this.element(this.cursor.x, this.cursor.y)?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }

  /**
   * Shows or hides the keyboard cursor. The grid keeps the focus and names the cursor's cell
   * as its active descendant, so a screen reader reads the cell the arrows moved to.
   */
  showCursor(visible) {
    const old = this.root.querySelector('.cursor');
    if (old) {
      old.classList.remove('cursor');
      old.removeAttribute('id');
    }
    this.cursorShown = visible;
    const el = this.element(this.cursor.x, this.cursor.y);
    if (visible && el) {
      el.classList.add('cursor');
      el.id = 'board-cursor';
      this.root.setAttribute('aria-activedescendant', 'board-cursor');
    } else {
      this.root.removeAttribute('aria-activedescendant');
    }
  }

  // ------------------------------------------------------------ one cell

  setMark(i, mark) {
    const el = this.elements[i];
    const old = this.marks[i];
    this.marks[i] = mark;
    if (mark === NO_MARK) this.marked.delete(i);
    else this.marked.add(i);
    // A new analysis changes nearly every hidden cell's chance, mostly by less than a percent,
    // and every cell restyled costs the main thread: on an expert board that was 35-60 ms of
    // style and layout a move (docs/journal/page.md, twenty-seventh session). So data-p (the
    // exact chance, a test hook) is in no CSS selector (the overlay's class is .heat), and --p,
    // the heat colour's, moves in whole percents: the cells whose colour does not change are
    // not restyled.
    if (mark.p === null) {
      if (old.p !== null) {
        delete el.dataset.p;
        el.classList.remove('heat');
        el.style.removeProperty('--p');
      }
    } else if (mark.p !== old.p) {
      el.dataset.p = String(mark.p);
      const heat = heatOf(mark.p);
      if (old.p === null) el.classList.add('heat');
      if (old.p === null || heatOf(old.p) !== heat) el.style.setProperty('--p', heat);
    }
    if (old.classes !== mark.classes) {
      if (old.classes) el.classList.remove(...MARKS);
      if (mark.classes) el.classList.add(...mark.classes.split(' '));
    }
    this.paintText(i);
    this.label(i);
  }

  /** The cell's text: its number when revealed, else its mark's percentage. */
  paintText(i) {
    const state = cellState(this.chars[i]);
    const text = state >= '1' && state <= '8' ? state : state === 'hidden' ? this.marks[i].text : '';
    const el = this.elements[i];
    if (el.textContent !== text) el.textContent = text;
  }

  /** The cell's accessible name, e.g. "row 4, column 7, hidden, 21 % mine" (rows and columns from 1). */
  label(i) {
    const x = i % this.width;
    const y = (i - x) / this.width;
    const ch = this.chars[i];
    const state = cellState(ch);
    let words = STATE_WORDS[state] ?? state;
    if (ch === '*') words = 'mine, exploded';
    else if (ch === 'W') words = 'wrong flag';
    const mark = this.marks[i].words;
    this.elements[i].setAttribute('aria-label', `row ${y + 1}, column ${x + 1}, ${words}${mark ? `, ${mark}` : ''}`);
  }
}

/** A chance as the heat colour's --p: whole percents, which the eye cannot tell apart anyway. */
function heatOf(p) {
  return String(Math.round(p * 100) / 100);
}

/** A probability as a short percentage: whole numbers, with "<1" and ">99" near the ends. */
export function percent(p) {
  const v = p * 100;
  if (v > 0 && v < 1) return '<1';
  if (v < 100 && v > 99) return '>99';
  return String(Math.round(v));
}
