// The Endgame mode (issue 38): a toggle, as Analyze is, that follows the game. While it is on,
// every change of the position on screen (a click, a chord, a flag, a Step, a loaded or edited
// position, a new game) cancels the answer under way and asks again for the new position: the
// exact win chance and best move, a certainly safe cell, or the estimate (estimate.js). Every
// answer carries the position it was asked for (the controller's state.version, which counts
// every change of the shown position) and is dropped unless that position is still on screen,
// so neither the gold nor the win chance ever belongs to an earlier position. Auto-play never
// waits for it: while auto-play runs the mode only says so, and answers for the position where
// it stops. In the review, the gold is the best move of the position on screen, which the
// review computed. A module of its own because when to ask, and whether an answer may still
// be shown, is its one concern; putting the answers into words is analysis-panel.js's.
import { Superseded } from './client.js';
import { Request, ENDGAME_MAX_VISITS, ENDGAME_MOVE_VALUES_MAX_VISITS } from './protocol.js';
import { estimateEndgame, planText } from './estimate.js';
import { $, setPressed } from './controls.js';

/** What the Endgame says while auto-play runs (it asks nothing, so auto-play never waits). */
export const AUTOPLAY_NOTE = 'Auto-play is running: the Endgame answers for the position where it stops.';

/**
 * The Endgame mode. `app` is the page's controller: {state, view, estimator, analyst,
 * features, analysis: {analyzeOn(), requestAnalysis(), showWinChance(...)}, guarded(action),
 * storeSettings()}.
 */
export function createEndgameMode(app) {
  const { state, view, estimator } = app;
  /** The position (state.version) last asked for, so that asking twice for one is once. */
  let asked = null;

  /** Whether the mode is on (a build without the endgame has the button disabled: off). */
  function on() {
    const button = $('endgame');
    return button.getAttribute('aria-pressed') === 'true' && !button.disabled;
  }

  /** Whether an answer asked for position `version` may be shown: it is still the one on screen. */
  function current(version) {
    return on() && version === state.version && state.mode !== 'review';
  }

  function showInfo(text) {
    $('endgame-info').textContent = text;
  }

  /** No answer on screen: no gold, no win chance, no estimate running; `info` says why. */
  function clearAnswer(info = '') {
    estimator.cancel();
    // The estimate's own marker (for tests) is set only for the position on screen.
    if (document.body.dataset.estimate === 'running') document.body.dataset.estimate = 'cancelled';
    view.clearBestMove();
    app.analysis.showWinChance('—');
    state.endgameMoves = null;
    state.endgameEstimate = null;
    showInfo(info);
  }

  /** Why the position on screen has nothing to answer, or null when it has. */
  function nothingToAnswer() {
    if (state.mode !== 'game') return null;
    const game = state.game;
    if (!game) return 'No game yet.';
    if (game.status === 'won') return 'The game is over (won): nothing left to answer.';
    if (game.status === 'lost') return 'The game is over (lost): nothing left to answer.';
    if (!game.started) return 'The first click has nothing to answer: the Endgame follows the game from the first move on.';
    return null;
  }

  /**
   * Called by the controller after every change of the position on screen (and by the
   * auto-player when it stops): with the mode on, answers for the new position.
   */
  function follow() {
    if (!on() || state.mode === 'review' || asked === state.version) return;
    const why = nothingToAnswer();
    if (why) {
      clearAnswer(why);
      return;
    }
    if (state.autoplaying) {
      clearAnswer(AUTOPLAY_NOTE);
      return;
    }
    solve();
  }

  /** Outlines (x, y) in gold for position `version`, if it is still on screen and the cell hidden. */
  function showGold(version, x, y, words) {
    if (!current(version)) return;
    if (state.position.cell(x, y) !== 'H') {
      // Never a revealed or flagged cell: an answer that disagrees with the board is dropped.
      view.clearBestMove();
      return;
    }
    view.showBestMove(x, y, words);
  }

  /** Asks for the answer of the position on screen: exact where the search allows, else the estimate. */
  async function solve() {
    const version = state.version;
    asked = version;
    const position = state.position.toMineText();
    app.analysis.showWinChance('…');
    showInfo('');
    // The estimate's plan is made alongside the exact search, so that a position over its
    // budget has the auto-player's move in gold at once.
    let exactAnswered = false;
    const planned = app.features.estimate ? estimator.plan(position) : null;
    planned?.then((plan) => {
      if (!current(version) || exactAnswered) return;
      showGold(version, plan.player.x, plan.player.y, 'the auto-player\'s move');
      showInfo(`Solving exactly… ${planText(plan)}`);
    }, () => {});
    await app.guarded(async () => {
      let result;
      try {
        result = await app.analyst.request(Request.ENDGAME, {
          position,
          options: { maxVisits: ENDGAME_MAX_VISITS, moveValues: true, moveValuesMaxVisits: ENDGAME_MOVE_VALUES_MAX_VISITS },
        });
      } catch (err) {
        // Superseded: a newer position asked, and its own answer is under way.
        if (err instanceof Superseded) throw err;
        if (current(version)) {
          app.analysis.showWinChance('—');
          estimator.cancel();
        }
        throw err;
      } finally {
        exactAnswered = true;
      }
      if (!current(version)) return;
      if (!result.solved && planned) {
        await estimateEndgame(estimator, planned, result, {
          view: { showBestMove: (x, y, words) => showGold(version, x, y, words) },
          current: () => current(version),
          showWinChance: app.analysis.showWinChance,
          showInfo,
          onFigures: (summary) => { state.endgameEstimate = { version, summary }; },
        });
        return;
      }
      estimator.cancel();
      if (!result.solved) {
        app.analysis.showWinChance('too large');
        showInfo(result.reason ?? 'This position is over the endgame budget.');
        return;
      }
      app.analysis.showWinChance(`${(result.winChance * 100).toFixed(2)}%`, result.winChanceExact, { kind: 'exact' });
      if (result.bestMove) showGold(version, result.bestMove.x, result.bestMove.y);
      else view.clearBestMove();
      const width = state.position.width;
      state.endgameMoves = result.moves
        ? { version, byCell: new Map(result.moves.map((m) => [m.y * width + m.x, m])) }
        : null;
      showInfo(
        `Exactly ${result.winChanceExact} over ${result.layouts} layouts` +
        (result.bestMove ? `; best move (${result.bestMove.x}, ${result.bestMove.y}), outlined in gold.` : '.') +
        (!result.bestMove ? '' : result.moves
          ? ' Point at a cell (on touch, a long press, which also flags it) for its win chance if revealed.'
          : ' Valuing every cell would take too long here.'),
      );
    });
  }

  /**
   * In the review, with the mode on: the gold is the best move of the position on screen (the
   * endgame solver's where it answered, else the safest reveal) and the win chance its exact
   * value under best play, both from the review's own figures for that position.
   */
  function showReviewMove(move) {
    estimator.cancel();
    if (move?.win_best) view.showBestMove(move.win_best.x, move.win_best.y);
    else if (move?.best) view.showBestMove(move.best.x, move.best.y, 'safest reveal');
    if (move?.win_before !== undefined) {
      app.analysis.showWinChance(`${(move.win_before * 100).toFixed(2)}%`, 'exact, from the review', { kind: 'exact' });
    } else app.analysis.showWinChance('—');
  }

  function toggle() {
    const turnOn = !on();
    setPressed($('endgame'), turnOn);
    app.storeSettings();
    asked = null;
    if (turnOn && !app.analysis.analyzeOn()) {
      // As the one-shot Endgame did: the cells' chances beside the best move.
      setPressed($('analyze'), true);
      app.storeSettings();
      if (state.mode !== 'review') app.analysis.requestAnalysis();
    }
    if (state.mode === 'review') {
      if (!turnOn) app.analysis.showWinChance('—');
      app.records?.redrawGold();
      return;
    }
    if (turnOn) follow();
    else clearAnswer();
  }

  /** The Endgame button, and the key E anywhere but in a text field (board-input.js). */
  function wire() {
    $('endgame').addEventListener('click', toggle);
  }

  return { on, follow, toggle, showReviewMove, wire };
}
