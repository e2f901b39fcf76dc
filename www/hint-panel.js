// The Hint: a certain cell and the revealed numbers that prove it, from the worker's exact
// engine (Request.HINT, the core's hint module). The button #hint and the key H ask for it;
// the hinted cell gets the class `hint` (with `hint-safe`, `hint-mine` or `hint-guess`), each
// number of its proof `hint-proof`, and #hint-text says why in words. A second press on the
// same position shows the next hint; after a move the first press starts again, ties going to
// the cell nearest that move. Flags are left out: a proof rests on revealed numbers only, so a
// wrong flag never makes a hint wrong. The review uses markHint for a blunder's missed hint.
import { Request } from './protocol.js';
import { $ } from './controls.js';

const HINT_CLASSES = ['hint', 'hint-safe', 'hint-mine', 'hint-guess', 'hint-proof'];

/** The `.mine` text of a position with its flags taken off. */
export function withoutFlags(mineText) {
  const [header, ...rows] = mineText.split('\n');
  return [header, ...rows.map((r) => r.replace(/F/g, 'H'))].join('\n');
}

/** Removes a hint's marks from the board. */
export function clearHintMarks(view) {
  for (const cell of view.root.querySelectorAll('.hint, .hint-proof')) cell.classList.remove(...HINT_CLASSES);
}

/** Marks a hint (the worker's answer) on the board: its cell and its proof's numbers. */
export function markHint(view, hint) {
  clearHintMarks(view);
  if (!hint?.cell) return;
  const way = hint.kind === 'certain' ? hint.certainty : 'guess';
  view.element(hint.cell.x, hint.cell.y)?.classList.add('hint', `hint-${way}`);
  for (const n of hint.proof ?? []) view.element(n.x, n.y)?.classList.add('hint-proof');
}

/** The hint's line: its level first, for a certain cell. */
export function hintText(hint) {
  return hint.kind === 'certain' ? `Level ${hint.level}. ${hint.text}` : hint.text;
}

/**
 * The Hint button and key. `app` is the page's controller: {state, view, analyst,
 * guarded(action)}; `state.lastMove` is the last cell played, if any.
 */
export function createHintPanel(app) {
  const { state, view } = app;
  /** The position (its version) the last hint was for, and which press it was. */
  let last = { version: -1, index: 0 };

  async function showHint() {
    if (state.mode === 'game' && state.game && state.game.status !== 'playing') {
      clear();
      $('hint-text').textContent = 'The game is over: no hint.';
      return;
    }
    const version = state.version;
    const index = last.version === version ? last.index + 1 : 0;
    last = { version, index };
    const near = state.mode === 'game' ? (state.lastMove ?? null) : null;
    const hint = await app.guarded(() => app.analyst.request(Request.HINT, {
      position: withoutFlags(state.position.toMineText()),
      options: { near, index },
    }));
    if (!hint || version !== state.version) return;
    markHint(view, hint);
    $('hint-text').textContent = hintText(hint);
    // For tests: which position and press the marks are for.
    document.body.dataset.hinted = `${version}:${index}`;
  }

  /** The position changed: the marks and the line go. */
  function clear() {
    clearHintMarks(view);
    $('hint-text').textContent = '';
  }

  /** The button; the key H is one of the page's keys (board-input.js), which presses it. */
  function wire() {
    $('hint').addEventListener('click', showHint);
  }

  return { wire, clear, showHint };
}
