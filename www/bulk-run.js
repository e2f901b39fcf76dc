// The Bulk run card: plays many games with the New game form's board, rule and seed on a worker
// of its own (Request.BULK), shows their progress and the win rate with its 95 % interval, and
// cancels on request. A module of its own because it shares nothing with the board: its worker
// lives only as long as the run, so the board stays playable and analysable meanwhile.
import { SolverClient } from './client.js';
import { Request } from './protocol.js';
import { $, clampInt, currentSize, randomSeed } from './controls.js';

/** The bulk run. `app` is the page's controller: {showMessage(text, kind)}. */
export function createBulkRun(app) {
  let bulkClient = null;

  async function bulkRun() {
    if (bulkClient) return;
    const size = currentSize();
    const games = clampInt($('bulk-games').value, 1, 100000, 100);
    const seed = $('seed').value.trim() || randomSeed();
    // A second worker, so the board stays analysable while the bulk run goes on.
    bulkClient = new SolverClient();
    $('bulk-run').disabled = true;
    $('bulk-cancel').disabled = false;
    $('bulk-progress').max = games;
    $('bulk-progress').value = 0;
    $('bulk-result').textContent = 'Starting…';
    try {
      await bulkClient.ready;
      const result = await bulkClient.request(
        Request.BULK,
        { width: size.width, height: size.height, mines: size.mines, rule: $('rule').value, seed, games },
        { onProgress: (p) => showBulk(p, seed) },
      );
      showBulk(result, seed);
    } catch (err) {
      app.showMessage(err.message);
    } finally {
      bulkClient.worker.terminate();
      bulkClient = null;
      $('bulk-run').disabled = false;
      $('bulk-cancel').disabled = true;
    }
  }

  /** The Run and Cancel buttons. */
  function wire() {
    $('bulk-form').addEventListener('submit', (event) => {
      event.preventDefault();
      bulkRun();
    });
    $('bulk-cancel').addEventListener('click', () => bulkClient?.cancelBulk());
  }

  return { wire };
}

function showBulk({ played, won, games, cancelled }, seed) {
  $('bulk-progress').value = played;
  const rate = played ? won / played : 0;
  const [lo, hi] = wilson(won, played);
  $('bulk-result').textContent =
    `${won} won of ${played}${cancelled ? ' (cancelled)' : played < games ? ` of ${games}` : ''}: ` +
    `${(rate * 100).toFixed(1)}% (95% CI ${(lo * 100).toFixed(1)}–${(hi * 100).toFixed(1)}%), seed ${seed}`;
}

/** The Wilson score interval at 95 %. */
function wilson(k, n) {
  if (n === 0) return [0, 1];
  const z = 1.96;
  const p = k / n;
  const denom = 1 + (z * z) / n;
  const centre = (p + (z * z) / (2 * n)) / denom;
  const half = (z * Math.sqrt((p * (1 - p)) / n + (z * z) / (4 * n * n))) / denom;
  return [Math.max(0, centre - half), Math.min(1, centre + half)];
}
