// The Auto-play card: Step and Let it play ask the game's worker for the player's next move
// (Request.GAME, op "step") in the chosen style (#play-style: normal, efficient or
// nf-efficient, the CLI's `play --style`), play it at the chosen speed and list each move with
// its reason. A module of its own because it drives the game by itself, in a loop the
// controller only starts and stops (a new game, a loaded position or the review stop it).
import { Request } from './protocol.js';
import { $, setPressed } from './controls.js';

/** Auto-play delay per speed step: speed 10 plays as fast as the worker answers. */
const AUTOPLAY_DELAYS_MS = [1500, 1000, 700, 500, 350, 250, 150, 100, 50, 20, 0];

/**
 * The auto-player. `app` is the page's controller: {state, client, records, guarded(action),
 * showMessage(text, kind), showGame(game), endgame: {follow()}}.
 */
export function createAutoPlayer(app) {
  const { state } = app;

  async function step() {
    if (state.mode !== 'game' || !state.game) {
      app.showMessage('Auto-play needs a game: press New game first.', 'info');
      return false;
    }
    if (state.game.status !== 'playing') return false;
    app.records?.noteAuto();
    const result = await app.guarded(() => app.client.request(Request.GAME, { op: 'step', options: playerOptions() }));
    if (!result) return false;
    if (result.move) logMove(result.move);
    app.showGame(result.state);
    if (!result.move) return false;
    return result.state.status === 'playing';
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
    const wasPlaying = state.autoplaying;
    state.autoplaying = false;
    setPressed($('autoplay'), false);
    // The Endgame waited for auto-play to stop: it answers for the position where it stopped.
    if (wasPlaying) app.endgame?.follow();
  }

  /** The Step and Let it play buttons (the speed is a setting: main.js stores it). */
  function wire() {
    $('step').addEventListener('click', () => {
      stopAutoplay();
      step();
    });
    $('autoplay').addEventListener('click', autoplay);
  }

  return { stop: stopAutoplay, wire };
}

/** A move (reveal, flag or chord) and its reason in words: certain / endgame with win chance / guess or forced guess with safety / opening. */
function reasonText(move) {
  const verb = move.action;
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

/**
 * The step's options: an efficient style by name; the normal style is the page's own player
 * (it asks after every move and flags the certain mines it finds, so they show).
 */
function playerOptions() {
  const style = $('play-style').value;
  return style === 'normal' ? {} : { style };
}

function logMove(move) {
  const li = document.createElement('li');
  li.textContent = `(${move.x}, ${move.y}) ${reasonText(move)}`;
  li.dataset.kind = move.kind;
  const list = $('moves');
  list.prepend(li);
  while (list.childElementCount > 200) list.lastElementChild.remove();
}
