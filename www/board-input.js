// The board's input: mouse (click, right click, middle click), touch (a tap reveals, a long
// press flags and shows the cell's chances, a pan of the frame is neither) and the keyboard
// (arrows, Space, F, C on the board; anywhere but in a text field, N for a new game and A and
// E for the Analyze and Endgame modes), each turned into a reveal, flag, chord, paint or toggle.
// A module of its own because telling a tap from a long press from a pan is fiddly work that
// nothing else on the page needs; what a gesture does is the controller's and the panels'.
import { $ } from './controls.js';

/** Touch: how long a press must last to flag instead of reveal, in milliseconds. */
const LONG_PRESS_MS = 400;
/** Touch: a press that moves further than this (CSS px) is a pan of the board's frame, not a press. */
const PRESS_SLOP_PX = 10;
/** Touch: the buzz that confirms a long press, where navigator.vibrate exists, in milliseconds. */
const LONG_PRESS_VIBRATE_MS = 25;

/**
 * Listens to the board (and to N, A and E anywhere on the page). `app` is the page's controller:
 * {state, view, gameMove(op, x, y), showPosition(position), newGame(), editor: {paint(x, y)},
 * analysis: {showNumberChances(x, y)}}.
 */
export function wireBoardInput(app) {
  const { state, view } = app;

  /** A primary action on a cell: reveal, chord on a number, or paint in the editor. */
  function primary(x, y) {
    if (state.mode === 'position') return app.editor.paint(x, y);
    const ch = state.position.cell(x, y);
    if (ch >= '1' && ch <= '8') return app.gameMove('chord', x, y);
    // Every other click is a reveal; on a flag or a revealed cell it changes nothing, but the
    // game's record counts it, as players' statistics count every click.
    return app.gameMove('reveal', x, y);
  }

  function secondary(x, y) {
    if (state.mode === 'position') {
      const ch = state.position.cell(x, y);
      if (ch === 'H' || ch === 'F') app.showPosition(state.position.withCell(x, y, ch === 'F' ? 'H' : 'F'));
      return undefined;
    }
    return app.gameMove('flag', x, y);
  }

  function chordAt(x, y) {
    if (state.mode === 'game') return app.gameMove('chord', x, y);
    return undefined;
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
    app.analysis.showNumberChances(x, y);
    const ch = state.position.cell(x, y);
    if (ch !== 'H' && ch !== 'F') return;
    navigator.vibrate?.(LONG_PRESS_VIBRATE_MS);
    secondary(x, y);
  }

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
    if (cell) app.analysis.showNumberChances(cell.x, cell.y);
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
      app.analysis.showNumberChances(view.cursor.x, view.cursor.y);
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
  /**
   * The page's keys: N, a new game; A and E, the Analyze and Endgame modes, and H, the Hint (as
   * their buttons).
   */
  const pageKeys = new Map([
    ['n', () => app.newGame()],
    ['a', () => $('analyze').click()],
    ['e', () => $('endgame').click()],
    ['h', () => $('hint').click()],
  ]);
  document.addEventListener('keydown', (event) => {
    const typing = ['INPUT', 'TEXTAREA', 'SELECT'].includes(document.activeElement?.tagName)
      || document.activeElement?.isContentEditable;
    const action = pageKeys.get(event.key?.toLowerCase());
    if (typing || !action || event.ctrlKey || event.metaKey || event.altKey || event.repeat) return;
    event.preventDefault();
    action();
  });
}
