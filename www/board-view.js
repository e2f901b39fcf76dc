// The board on screen: one element per cell, carrying the stable test hooks (data-x, data-y,
// data-state, and data-p with Analyze on). Cells are created once per board size and then
// updated in place, so a 200x200 board stays usable.
import { cellState } from './position.js';

/**
 * The most cells highlighted as "safest guess". When more cells tie (typically every cell off
 * the front), outlining them all says nothing; the summary line reports the tie instead.
 */
export const MAX_BEST_GUESSES = 8;

/** How each display mode turns a cell's analysis into the number shown. */
const DISPLAY = {
  mine: (cell) => cell.p,
  safe: (cell) => 1 - cell.p,
  zero: (cell) => (cell.zero === undefined ? null : cell.zero),
};

export class BoardView {
  constructor(root) {
    this.root = root;
    this.width = 0;
    this.height = 0;
    this.elements = [];
    /** The cells that carry analysis marks, so clearing them does not visit every cell. */
    this.marked = [];
    this.cursor = { x: 0, y: 0 };
  }

  /** Shows a grid of cell characters (see position.js cellState). */
  render(width, height, chars) {
    if (width !== this.width || height !== this.height) this.build(width, height);
    for (let i = 0; i < chars.length; i++) {
      const el = this.elements[i];
      const ch = chars[i];
      const state = cellState(ch);
      if (el.dataset.state !== state || el.dataset.ch !== ch) {
        el.dataset.state = state;
        el.dataset.ch = ch;
        el.textContent = state >= '1' && state <= '8' ? state : '';
        el.classList.toggle('exploded', ch === '*');
        el.classList.toggle('wrong-flag', ch === 'W');
      }
    }
  }

  build(width, height) {
    this.width = width;
    this.height = height;
    this.root.replaceChildren();
    this.marked = [];
    this.root.style.setProperty('--cols', String(width));
    this.root.style.setProperty('--rows', String(height));
    const fragment = document.createDocumentFragment();
    this.elements = [];
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const el = document.createElement('div');
        el.className = 'cell';
        el.setAttribute('role', 'gridcell');
        el.dataset.x = String(x);
        el.dataset.y = String(y);
        fragment.append(el);
        this.elements.push(el);
      }
    }
    this.root.append(fragment);
    // Smaller cells for big boards, so they fit without scrolling too far.
    const size = width * height > 5000 ? 14 : width > 40 || height > 30 ? 20 : 28;
    this.root.style.setProperty('--cell', `${size}px`);
    this.root.classList.toggle('tiny', size < 20);
    this.cursor = { x: Math.min(this.cursor.x, width - 1), y: Math.min(this.cursor.y, height - 1) };
    // The cells are new: show the cursor again if the board has the keyboard.
    this.showCursor(this.root.matches(':focus-visible'));
  }

  element(x, y) {
    return this.elements[y * this.width + x];
  }

  /** Removes every analysis mark (only the marked cells are visited: big boards stay quick). */
  clearOverlay() {
    for (const el of this.marked) {
      delete el.dataset.p;
      el.style.removeProperty('--p');
      el.removeAttribute('title');
      if (el.dataset.state === 'hidden') el.textContent = '';
      el.classList.remove('cert-safe', 'cert-mine', 'best-guess', 'best-move', 'dead', 'fifty');
    }
    this.marked = [];
  }

  /**
   * Shows an analysis: data-p on every hidden cell, its percentage on a heat colour, certain
   * cells marked, the safest guesses highlighted, dead cells greyed and 50/50 pairs marked.
   */
  showAnalysis(analysis, displayMode) {
    this.clearOverlay();
    const shown = DISPLAY[displayMode] ?? DISPLAY.mine;
    let lowest = Infinity;
    for (const cell of analysis.cells) {
      if (cell.certainty === 'unknown' && !cell.flagged) lowest = Math.min(lowest, cell.p);
    }
    const ties = analysis.cells.filter((c) => c.certainty === 'unknown' && !c.flagged && c.p === lowest).length;
    const highlightBest = ties <= MAX_BEST_GUESSES;
    const fifty = new Set((analysis.fiftyFifty ?? []).flat().map(([x, y]) => `${x},${y}`));
    for (const cell of analysis.cells) {
      const el = this.element(cell.x, cell.y);
      if (!el || el.dataset.state !== 'hidden') continue;
      this.marked.push(el);
      el.dataset.p = String(cell.p);
      el.style.setProperty('--p', String(cell.p));
      const value = shown(cell);
      if (cell.certainty === 'safe') {
        el.classList.add('cert-safe');
        el.textContent = displayMode === 'mine' ? '0' : value === null ? '' : percent(value);
      } else if (cell.certainty === 'mine') {
        el.classList.add('cert-mine');
        el.textContent = '✱';
      } else {
        el.textContent = value === null ? '' : percent(value);
        if (highlightBest && cell.p === lowest) el.classList.add('best-guess');
      }
      if (cell.dead) el.classList.add('dead');
      if (fifty.has(`${cell.x},${cell.y}`)) el.classList.add('fifty');
      el.title = cellTitle(cell);
    }
  }

  /** Outlines the endgame's best move in gold. */
  showBestMove(x, y) {
    for (const el of this.root.querySelectorAll('.best-move')) el.classList.remove('best-move');
    const el = this.element(x, y);
    if (el) {
      el.classList.add('best-move');
      this.marked.push(el);
    }
  }

  moveCursor(dx, dy) {
    this.cursor.x = Math.max(0, Math.min(this.width - 1, this.cursor.x + dx));
    this.cursor.y = Math.max(0, Math.min(this.height - 1, this.cursor.y + dy));
    this.showCursor(true);
  }

  showCursor(visible) {
    for (const el of this.root.querySelectorAll('.cursor')) el.classList.remove('cursor');
    if (visible) this.element(this.cursor.x, this.cursor.y)?.classList.add('cursor');
  }
}

/** A probability as a short percentage: whole numbers, with "<1" and ">99" near the ends. */
export function percent(p) {
  const v = p * 100;
  if (v > 0 && v < 1) return '<1';
  if (v < 100 && v > 99) return '>99';
  return String(Math.round(v));
}

function cellTitle(cell) {
  const lines = [`mine ${(cell.p * 100).toFixed(2)}%`];
  if (cell.exact) lines.push(`exactly ${cell.exact}`);
  return lines.join('\n');
}
