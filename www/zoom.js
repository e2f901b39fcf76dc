// The status line's cell size: the -, Fit and + buttons, kept in localStorage (www/boot.js
// reads the same key before the first paint), and the board's text refitted whenever its box
// changes size. A module of its own because it touches only the board view and storage, not
// the game or the analysis.
import { $, setPressed } from './controls.js';

/** Zoom: the cell sizes (CSS px) that the - and + buttons step through. */
const ZOOM_STEPS = [10, 12, 14, 16, 18, 20, 24, 28, 32, 36, 40, 48];
/** Zoom: where the chosen cell size is kept (www/boot.js reads it too, before the first paint). */
const ZOOM_KEY = 'mineseer.zoom';

/** Wires the zoom buttons to the board view `view` and applies the kept cell size. */
export function wireZoom(view) {
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

  $('zoom-out').addEventListener('click', () => stepZoom(-1));
  $('zoom-in').addEventListener('click', () => stepZoom(1));
  $('zoom-fit').addEventListener('click', () => setZoom(null));
  setZoom(savedZoom());
  // The board's box changes size with its cells: a new board, the zoom, or fitting cells when
  // the frame changes (a phone turned, a window resized). Read after layout, so it costs nothing.
  new ResizeObserver(() => view.fitText()).observe($('board'));
}
