// The training modes in the page (issue #40): after each game state, the note that a mode
// adds. A game lost by the hard-core rule outlines the certainly safe cell that was available
// and names it; a Fair guess that the mines were drawn again for says so. The rules themselves
// live in the core (crates/core/src/game/mode.rs); the worker's game view carries
// `mode`, `redrew` and `hardcoreLoss`. Text goes in with textContent. After a hard-core loss
// the Hint of the position before the guess follows (hint-panel.js): the safe cell that was
// easiest to see, with the numbers that prove it.
import { Request } from './protocol.js';
import { Superseded } from './client.js';
import { hintText, markHint, withoutFlags } from './hint-panel.js';

/** The note's element: a line under the board. */
function note() {
  return document.getElementById('mode-note');
}

/** The cell of `cells` nearest to `from` (board distance, then board order). */
function nearest(cells, from) {
  let best = cells[0];
  let bestDistance = Infinity;
  for (const cell of cells) {
    const distance = Math.max(Math.abs(cell[0] - from[0]), Math.abs(cell[1] - from[1]));
    if (distance < bestDistance) {
      best = cell;
      bestDistance = distance;
    }
  }
  return best;
}

export function createModes(app) {
  const modes = {
    /** Called with every game view the page shows. */
    onGameState(game) {
      const line = note();
      if (!line) return;
      line.hidden = true;
      line.textContent = '';
      delete line.dataset.kind;
      if (game.hardcoreLoss) modes.showMissedSafeCell(game.hardcoreLoss);
      else if (game.redrew) {
        line.textContent = 'Fair: no cell was certainly safe and this guess was on a mine, so the mines were drawn again among the layouts that fit everything shown.';
        line.dataset.kind = 'redraw';
        line.hidden = false;
      }
    },

    /**
     * A hard-core loss: what the player missed. The certainly safe cell nearest the guess is
     * outlined and named at once; then the hint of the position on screen (the guessed cell
     * did not open, so it is the position before the guess) marks the safe cell that was
     * easiest to see, with its proof, and says why in #hint-text.
     */
    showMissedSafeCell(loss) {
      const line = note();
      const guess = loss.guessed[0];
      const safe = nearest(loss.safe, guess);
      app.view.showBestMove(safe[0], safe[1], 'certainly safe cell that was available');
      const others = loss.safe.length - 1;
      line.textContent = `Hard core: (${guess[0]},${guess[1]}) was a guess while (${safe[0]},${safe[1]}) was certainly safe` +
        (others > 0 ? ` (and ${others} other cell${others === 1 ? '' : 's'}).` : '.');
      line.dataset.kind = 'hardcore';
      line.dataset.safe = `${safe[0]},${safe[1]}`;
      line.hidden = false;
      modes.showAvailableHint(guess);
      app.showMessage('Hard core: a guess while a cell was certainly safe loses.', 'info');
    },

    /** The hint of the position on screen, ties to the cell nearest the guess. */
    async showAvailableHint(guess) {
      const version = app.state.version;
      const hintLine = document.getElementById('hint-text');
      let hint;
      try {
        hint = await app.analyst.request(Request.HINT, {
          position: withoutFlags(app.state.position.toMineText()),
          options: { near: { x: guess[0], y: guess[1] }, index: 0 },
        });
      } catch (err) {
        if (!(err instanceof Superseded) && version === app.state.version && hintLine) hintLine.textContent = `No hint: ${err.message}`;
        return;
      }
      if (version !== app.state.version || hint.kind !== 'certain') return;
      markHint(app.view, hint);
      if (hintLine) hintLine.textContent = `The hint that was available: ${hintText(hint)}`;
      note().dataset.hinted = `${hint.cell.x},${hint.cell.y}`;
    },
  };
  return modes;
}
